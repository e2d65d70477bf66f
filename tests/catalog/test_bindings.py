"""Operator binding changes (``souk seller bind|move|unbind``) refuse what they cannot mean, and write nothing:
a payTo outside the grammar of the filters and the seller view, and an unbind of an address never bound."""

from __future__ import annotations

from datetime import timedelta

import pytest

from souk.catalog.bindings import change_binding
from souk.catalog.ingest import catalog_event
from souk.errors import SoukError
from tests.conftest import table_snapshot
from tests.factories import BASE_SELLER, CLOCK, SPOOFER, STELLAR_SELLER, verified, weather

EVM = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01"


def _bound(db) -> list[str]:
    return [r["pay_to"] for r in db.execute("SELECT pay_to FROM listing_bindings ORDER BY pay_to")]


@pytest.mark.parametrize("action", ["bind", "move", "unbind"])
@pytest.mark.parametrize("pay_to", ["", "has spaces in it", " 0xabc", "0xabc\n", "x" * 129, "caf\u00e9", "tab\there"])
def test_a_pay_to_outside_the_grammar_is_refused_and_writes_nothing(db, settings, action, pay_to):
    key = catalog_event(db, verified(weather()), settings).listing_key
    db.commit()
    before = table_snapshot(db)
    with pytest.raises(SoukError) as info:
        change_binding(db, key, pay_to, action=action, reason="operator ticket 7")
    assert info.value.error == "invalid_payTo" and info.value.reason
    db.rollback()
    assert table_snapshot(db) == before


def test_a_move_to_an_empty_pay_to_leaves_the_seller_able_to_pay(db, settings):
    """The attack: ``souk seller move <listing> ''`` bound the listing to no one; the seller's next payment
    was refused with payto_mismatch."""
    key = catalog_event(db, verified(weather()), settings).listing_key
    db.commit()
    with pytest.raises(SoukError):
        change_binding(db, key, "", action="move", reason="empty payTo")
    db.rollback()
    later = catalog_event(db, verified(weather(amount="20000"), CLOCK + timedelta(hours=1)), settings)
    assert later.status == "success" and _bound(db) == [STELLAR_SELLER]


def test_the_longest_pay_to_of_the_grammar_is_accepted(db, settings):
    key = catalog_event(db, verified(weather()), settings).listing_key
    longest = "G" * 128
    assert change_binding(db, key, longest, action="bind", reason="a long address")["boundPayTo"] == sorted(
        [STELLAR_SELLER, longest]
    )


def test_an_unbind_of_an_address_not_bound_is_refused_and_writes_nothing(db, settings):
    key = catalog_event(db, verified(weather()), settings).listing_key
    change_binding(db, key, SPOOFER, action="bind", reason="second chain")
    db.commit()
    before = table_snapshot(db)
    for never in (BASE_SELLER, "0xnotbound", STELLAR_SELLER.lower()):
        with pytest.raises(SoukError) as info:
            change_binding(db, key, never, action="unbind", reason="x")
        assert info.value.error == "not_bound" and info.value.reason
        db.rollback()
    assert table_snapshot(db) == before
    assert change_binding(db, key, SPOOFER, action="unbind", reason="wallet retired")["boundPayTo"] == [STELLAR_SELLER]
    actions = [r["action"] for r in db.execute("SELECT action FROM binding_changes ORDER BY id")]
    assert actions == ["bind", "unbind"]


def test_an_unbind_names_a_bound_evm_address_in_any_letters(db, settings):
    key = catalog_event(db, verified(weather(pay_to=EVM, network="eip155:8453")), settings).listing_key
    change_binding(db, key, SPOOFER, action="bind", reason="second wallet")
    result = change_binding(db, key, EVM.upper().replace("0X", "0x"), action="unbind", reason="old wallet")
    assert result["boundPayTo"] == [SPOOFER] == _bound(db)
