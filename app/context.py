"""The services of this process, reached from a view."""

from flask import current_app

from projections.services import Services
from workers.queue import DeliveryQueue, PhaseQueue


def services() -> Services:
    return current_app.extensions["tablelog"]


def phase_queue() -> PhaseQueue:
    return current_app.extensions["tablelog.queue"]


def deliveries() -> DeliveryQueue:
    return current_app.extensions["tablelog.deliveries"]


def job_link(job_id: str) -> dict:
    return {"id": job_id, "href": f"/api/jobs/{job_id}"}
