"""The probe's address policy: resolve once, refuse non-public addresses (IPv4 and IPv6), pin the answer."""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import threading

import httpcore2
import pytest

from souk.lifecycle import safety
from souk.lifecycle.safety import PinnedBackend, ProbeRefused, vet
from souk.listing.addresses import address_refusal, allowed_hosts

REFUSED = {
    "127.0.0.1": "loopback",
    "127.8.9.10": "loopback",
    "::1": "loopback",
    "10.1.2.3": "private",
    "172.16.0.1": "private",
    "192.168.1.1": "private",
    "fd12:3456::1": "private",
    "169.254.169.254": "metadata",
    "fd00:ec2::254": "metadata",
    "100.100.100.200": "metadata",
    "169.254.1.1": "link_local",
    "fe80::1": "link_local",
    "100.64.0.1": "cgnat",
    "100.127.255.254": "cgnat",
    "0.0.0.0": "unspecified",
    "::": "unspecified",
    "224.0.0.1": "multicast",
    "ff02::1": "multicast",
    "::ffff:127.0.0.1": "loopback",  # IPv4-mapped
    "::ffff:10.0.0.1": "private",
    "2002:a00:1::": "private",  # 6to4 of 10.0.0.1
    "64:ff9b::a9fe:a9fe": "metadata",  # NAT64 of 169.254.169.254
    "240.0.0.1": "reserved",
    "fec0::1": "site_local",  # deprecated site-local, not in is_private
    "3fff::1": "reserved",  # IPv6 documentation (RFC 9637)
}


@pytest.mark.parametrize(("address", "category"), sorted(REFUSED.items()))
def test_non_public_addresses_are_refused_by_category(address, category):
    assert address_refusal(ipaddress.ip_address(address)) == category


@pytest.mark.parametrize("address", ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "100.128.0.1"])
def test_public_unicast_addresses_pass(address):
    assert address_refusal(ipaddress.ip_address(address)) is None


def _fake_dns(monkeypatch, answers):
    async def resolve(host, port):
        return answers[host]

    monkeypatch.setattr(safety, "resolve", resolve)


def test_a_name_resolving_to_loopback_is_refused_without_the_allowlist(monkeypatch):
    _fake_dns(monkeypatch, {"rebind.example": ["127.0.0.1"]})
    with pytest.raises(ProbeRefused) as info:
        asyncio.run(vet("rebind.example", 443, frozenset(), 1.0))
    assert info.value.code == "refused_address" and "loopback" in info.value.reason


def test_one_private_answer_among_public_ones_refuses_the_host(monkeypatch):
    _fake_dns(monkeypatch, {"mixed.example": ["93.184.216.34", "10.0.0.5"]})
    with pytest.raises(ProbeRefused) as info:
        asyncio.run(vet("mixed.example", 443, frozenset(), 1.0))
    assert "private" in info.value.reason


def test_the_real_resolver_refuses_localhost_and_literals():
    for host in ("localhost", "127.0.0.1", "[::1]", "169.254.169.254"):
        with pytest.raises(ProbeRefused) as info:
            asyncio.run(vet(host, 80, frozenset(), 2.0))
        assert info.value.code == "refused_address", host


def test_an_allowed_host_is_pinned_to_its_first_answer(monkeypatch):
    _fake_dns(monkeypatch, {"dev.local": ["127.0.0.1", "127.0.0.2"]})
    pin = asyncio.run(vet("DEV.local.", 80, allowed_hosts(" dev.local , other "), 1.0))
    assert (pin.host, pin.address) == ("dev.local", "127.0.0.1")


def test_a_public_host_is_pinned(monkeypatch):
    _fake_dns(monkeypatch, {"api.example": ["93.184.216.34"]})
    assert asyncio.run(vet("api.example", 443, frozenset(), 1.0)).address == "93.184.216.34"


def test_dns_failure_is_a_refusal_not_a_crash(monkeypatch):
    async def broken(host, port):
        raise OSError("no such host")

    monkeypatch.setattr(safety, "resolve", broken)
    with pytest.raises(ProbeRefused) as info:
        asyncio.run(vet("nowhere.example", 443, frozenset(), 1.0))
    assert info.value.code == "dns_error"


def test_lookups_that_never_answer_do_not_starve_other_hosts(monkeypatch):
    # a seller's hostnames whose name server never answers held the loop's few default threads: other hosts' lookups
    # timed out as dns_error, and the pass overran its deadline waiting for the stuck threads
    release = threading.Event()

    def getaddrinfo(host, port, *_, **__):
        if host.startswith("stuck"):
            release.wait(30)
            raise socket.gaierror("timed out")
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", port))]

    monkeypatch.setattr(safety.socket, "getaddrinfo", getaddrinfo)

    async def a_pass() -> list[object]:
        hosts = [f"stuck{i}.example" for i in range(40)] + ["good.example"]  # the default pool has at most 32
        lookups = [vet(host, 443, frozenset(), 2.0) for host in hosts]
        return await asyncio.gather(*lookups, return_exceptions=True)

    try:
        answers = asyncio.run(a_pass())
    finally:
        release.set()
    assert isinstance(answers[-1], safety.Pin) and answers[-1].address == "93.184.216.34"
    assert all(isinstance(a, ProbeRefused) and a.code == "dns_error" for a in answers[:-1])


def test_the_pinned_backend_connects_nowhere_but_the_vetted_host():
    backend = PinnedBackend({"api.example": "93.184.216.34"})
    with pytest.raises(httpcore2.ConnectError):
        asyncio.run(backend.connect_tcp("127.0.0.1", 80, timeout=1))
