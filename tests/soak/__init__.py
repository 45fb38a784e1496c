"""The soak (`make soak`, `python -m tests.soak`): the service as `make run` starts it, many
tables played at once through the HTTP API by racing writers for SOAK_SECONDS, while a part
of the service is killed with kill -9 every SOAK_FAULT_EVERY seconds; then, once nothing is
pending, every acknowledged event is looked for at its seq, every derivation checked to be
written once, every game verified with the recompute check, every receipt checked.

    soak.py     the run: the service, the tables, the faults, the clients' writes
    service.py  `python -m app.run.serve` in a folder of its own, and its processes by part
    faults.py   the kills, and waiting for the service to be whole again (or restarting it)
    tables.py   Burn Rate and FCM played by the scenarios' strategies, two tablets racing
    toy.py      toy games: tablets racing for turns; undo, redo, disputes, forks, imports
    client.py   the HTTP client, retrying with the same event ids and Idempotency-Keys
    ledger.py   what the service acknowledged
    checks.py   what is held against the ledger afterwards
    report.py   the figures
"""
