"""The single-process local runner: template.yaml's routes and schedules, dispatched to the same handlers."""
