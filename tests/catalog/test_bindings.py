"""Operator binding changes (``souk seller bind|move|unbind``) refuse what they cannot mean, and write nothing:
a payTo outside the grammar of the filters and the seller view, an unbind of an address never bound, and a bind or
move that would change nothing. An unbind leaves the listing shown under an address it is still bound to."""

from __future__ import annotations

from datetime import timedelta

import pytest

from souk.catalog.bindings import change_binding
from souk.catalog.ingest import catalog_event
from souk.errors import CatalogRejection, SoukError
from tests.conftest import table_snapshot
from tests.factories import BASE_SELLER, CLOCK, SPOOFER, STELLAR_SELLER, settled, verified, weather

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


def _other_letters(evm: str) -> list[str]:
    return [evm.lower(), "0x" + evm[2:].upper(), "0X" + evm[2:]]


def test_a_bind_of_an_address_bound_already_is_refused_and_writes_nothing(db, settings):
    """The defect: the bind inserted no binding (same_pay_to found it) but still recorded a change."""
    key = catalog_event(db, verified(weather(pay_to=EVM, network="eip155:8453")), settings).listing_key
    change_binding(db, key, STELLAR_SELLER, action="bind", reason="second chain")
    db.commit()
    before = table_snapshot(db)
    for same in [EVM, *_other_letters(EVM), STELLAR_SELLER]:
        with pytest.raises(SoukError) as info:
            change_binding(db, key, same, action="bind", reason="again")
        assert info.value.error == "already_bound" and info.value.reason
        db.rollback()
    assert table_snapshot(db) == before
    # A Stellar address in other letters is another address: that bind is a change.
    assert STELLAR_SELLER.lower() in change_binding(db, key, STELLAR_SELLER.lower(), action="bind", reason="x")[
        "boundPayTo"
    ]


def test_a_move_to_the_address_bound_alone_is_refused_and_writes_nothing(db, settings):
    key = catalog_event(db, verified(weather(pay_to=EVM, network="eip155:8453")), settings).listing_key
    db.commit()
    before = table_snapshot(db)
    for same in [EVM, *_other_letters(EVM)]:
        with pytest.raises(SoukError) as info:
            change_binding(db, key, same, action="move", reason="the same wallet")
        assert info.value.error == "already_bound" and info.value.reason
        db.rollback()
    assert table_snapshot(db) == before
    # Bound to it beside another address, a move to it drops the other: a change, recorded.
    change_binding(db, key, SPOOFER, action="bind", reason="second wallet")
    assert change_binding(db, key, EVM.lower(), action="move", reason="one wallet")["boundPayTo"] == [EVM.lower()]
    actions = [r["action"] for r in db.execute("SELECT action FROM binding_changes ORDER BY id")]
    assert actions == ["bind", "move"]


def _pay_to(db) -> str:
    return db.execute("SELECT pay_to FROM listings").fetchone()["pay_to"]


def test_an_unbind_of_the_address_a_listing_is_shown_under_shows_it_under_a_bound_one(db, settings):
    """The defect: listings.pay_to (the seller search groups results by) kept naming the unbound address."""
    key = catalog_event(db, verified(weather()), settings).listing_key
    change_binding(db, key, EVM, action="bind", reason="same service on Base")
    catalog_event(db, verified(weather(pay_to=EVM, network="eip155:8453"), CLOCK + timedelta(hours=1)), settings)
    change_binding(db, key, SPOOFER, action="bind", reason="a wallet no option pays yet")
    assert _pay_to(db) == EVM  # the newest event's
    change_binding(db, key, EVM.lower(), action="unbind", reason="Base wallet retired")
    # An address one of its options pays, before SPOOFER (bound last, but paid by no option).
    assert _pay_to(db) == STELLAR_SELLER
    # Its options are the payments Souk saw: the Base one still pays EVM, as after a move (a listing changes
    # only on a payment, and the payTo filter reads the options).
    row = db.execute("SELECT accepts, pay_to_keys FROM listings").fetchone()
    assert sorted(a["payTo"] for a in row["accepts"]) == sorted([EVM, STELLAR_SELLER])
    assert sorted(row["pay_to_keys"]) == sorted([EVM.lower(), STELLAR_SELLER])
    with pytest.raises(CatalogRejection) as info:  # the unbound address no longer changes the listing
        catalog_event(db, verified(weather(pay_to=EVM, network="eip155:8453"), CLOCK + timedelta(hours=2)), settings)
    assert info.value.error == "payto_mismatch"
    db.rollback()


def test_an_unbind_of_another_address_leaves_the_listing_as_it_is(db, settings):
    key = catalog_event(db, settled(weather()), settings).listing_key
    change_binding(db, key, SPOOFER, action="bind", reason="second wallet")
    before = db.execute("SELECT * FROM listings").fetchone()
    change_binding(db, key, SPOOFER, action="unbind", reason="never used")
    assert db.execute("SELECT * FROM listings").fetchone() == before


def test_the_reason_is_stored_clipped_like_other_operator_and_seller_text(db, settings):
    key = catalog_event(db, verified(weather()), settings).listing_key
    change_binding(db, key, SPOOFER, action="bind", reason="  " + "r" * 100_000 + "\n")
    change_binding(db, key, SPOOFER, action="unbind", reason="done")
    reasons = [r["reason"] for r in db.execute("SELECT reason FROM binding_changes ORDER BY id")]
    assert reasons == ["r" * 500, "done"]
