"""The cards a chain holds: its employees (their ids, CEO, managers and slots), the milestones
it claims, and the cards a milestone forbids."""
