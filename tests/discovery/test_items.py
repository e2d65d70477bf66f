"""How a listing's payment options are served: each as its client reads it."""

from __future__ import annotations

from souk.discovery.items import _as_served

V1 = {"scheme": "exact", "network": "eip155:84532", "maxAmountRequired": "1000", "asset": "0xabc"}
V2 = {"scheme": "exact", "network": "eip155:84532", "amount": "1000", "asset": "0xabc"}


def test_a_v1_option_names_its_network_as_v1_clients_do_whatever_the_listings_version():
    assert _as_served(V1, 1)["network"] == "base-sepolia"
    assert _as_served(V1, 2)["network"] == "base-sepolia"  # kept from an earlier v1 event
    assert _as_served(V2, 1) == V2  # kept from an earlier v2 event: CAIP-2
    assert _as_served(V2, 2) == V2
    assert _as_served(V1 | {"amount": "1000"}, 1)["network"] == "base-sepolia"  # a v1 event with both fields
    assert _as_served(V1 | {"network": "eip155:999999"}, 1)["network"] == "eip155:999999"  # no v1 name known
