"""``/discovery/resources`` declares its ``status`` parameter (read by souk.lifecycle.visibility, not by
the Bazaar filter parser, so the generic every-parsed-parameter check in tests/test_openapi.py misses it)."""

from __future__ import annotations

from souk.lifecycle.visibility import STATUS_CHOICES
from souk.runner.openapi import build_document
from tests.conftest import REPO


def test_the_status_parameter_is_declared_with_its_choices():
    operation = build_document(REPO / "template.yaml")["paths"]["/discovery/resources"]["get"]
    [status] = [p for p in operation["parameters"] if p["name"] == "status"]
    assert status["in"] == "query" and not status["required"]
    assert set(status["schema"]["enum"]) == set(STATUS_CHOICES) and "any" in STATUS_CHOICES
    assert status["description"]
