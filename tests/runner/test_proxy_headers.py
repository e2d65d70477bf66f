"""The runner's client is the connection's peer: a forwarded-for header is believed only from named proxies."""

from __future__ import annotations

from souk.runner.serve import _proxy_options


def test_no_forwarded_header_is_believed_by_default(monkeypatch):
    # uvicorn's own default believes X-Forwarded-For from 127.0.0.1: any local client could name itself anyone
    # (a fresh conversion rate-limit bucket per name).
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    assert _proxy_options() == {"proxy_headers": False, "forwarded_allow_ips": None}


def test_a_named_proxy_is_believed(monkeypatch):
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "10.0.0.5")
    assert _proxy_options() == {"proxy_headers": True, "forwarded_allow_ips": "10.0.0.5"}
