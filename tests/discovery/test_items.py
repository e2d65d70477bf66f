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


def test_a_v2_options_stray_max_amount_required_is_never_served_as_its_price():
    # Stored before such options were refused: v2 prices by `amount`, so the other number is no price at all.
    stray = V2 | {"amount": "1000000", "maxAmountRequired": "1"}
    for version in (1, 2):
        served = _as_served(stray, version)
        assert "maxAmountRequired" not in served and served["amount"] == "1000000"
        assert served["network"] == "eip155:84532"  # a v2 option: CAIP-2, as v2 clients read it
    assert stray["maxAmountRequired"] == "1"  # the stored option is not changed in place


def test_a_v1_options_stray_amount_is_never_served_beside_its_price():
    # A v1 requirement (it carries its resource) stored with a disagreeing `amount` before 2b76815: v1 prices by
    # maxAmountRequired, so that stays and the stray amount goes; the network keeps its v1 name.
    stray = V1 | {"resource": "https://api.example.com/x", "amount": "5"}
    for version in (1, 2):
        served = _as_served(stray, version)
        assert "amount" not in served and served["maxAmountRequired"] == "1000"
        assert served["network"] == "base-sepolia"
