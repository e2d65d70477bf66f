"""Operator changes to which payTo may update a listing.

A listing is bound to the payTo of its first verified payment. Anyone can pay themselves while naming
someone else's URL, so a payment to a new address never moves a listing. A seller who really moved
asks the operator, who runs ``souk seller move <listing> <newPayTo> --reason ...`` (or ``bind`` to
allow a second address, e.g. the same service on another chain). Every change is recorded.
"""

from __future__ import annotations

from typing import Any, Literal

from souk.db.types import Connection, one
from souk.errors import SoukError
from souk.listing.lookup import listing_id_of
from souk.listing.pay_to import PAY_TO, pay_to_key, same_pay_to

# The payTo equality of ingest, the filters and the seller view: an EVM address in other letters is the address
# bound already (a second row would list the listing twice in the seller view); a Solana or Stellar one is not.
_BOUND = f"listing_id = %(id)s AND {same_pay_to('pay_to', '%(pay_to)s')}"
_REASON_CHARS = 500  # as the status and delist reasons (souk.lifecycle.store) and the seller's event log keep them


def change_binding(
    conn: Connection, listing: str, pay_to: str, *, action: Literal["bind", "move", "unbind"], reason: str
) -> dict[str, Any]:
    # The payTo grammar of the filters and the seller view: an address no seller view can name (empty, spaced,
    # over 128 characters) would leave the listing bound to no real seller, so nothing is written for it.
    if not isinstance(pay_to, str) or not PAY_TO.fullmatch(pay_to):
        raise SoukError("invalid_payTo", "payTo must be 1-128 printable characters without spaces")
    if not reason.strip():
        raise SoukError("reason_required", "a binding change needs a reason for the record")
    reason = reason.strip()[:_REASON_CHARS]
    with conn.transaction():
        listing_id = listing_id_of(conn, listing)
        # One change at a time per listing (ingest locks the same row): each check below holds until the commit.
        conn.execute("SELECT 1 FROM listings WHERE id = %s FOR UPDATE", (listing_id,))
        names = {"id": listing_id, "pay_to": pay_to}
        if action == "move":
            _move(conn, names)
        elif action == "bind":
            inserted = conn.execute(
                "INSERT INTO listing_bindings (listing_id, pay_to) SELECT %(id)s, %(pay_to)s"
                f" WHERE NOT EXISTS (SELECT 1 FROM listing_bindings WHERE {_BOUND}) ON CONFLICT DO NOTHING",
                names,
            ).rowcount
            if not inserted:  # a row in binding_changes is a change; this one would change nothing
                raise SoukError("already_bound", "that payTo is bound to this listing already; nothing to change")
        else:
            _unbind(conn, names)
        conn.execute(
            "INSERT INTO binding_changes (listing_id, action, pay_to, reason) VALUES (%s, %s, %s, %s)",
            (listing_id, action, pay_to, reason),
        )
        bound = [
            r["pay_to"]
            for r in conn.execute(
                "SELECT pay_to FROM listing_bindings WHERE listing_id = %s ORDER BY pay_to", (listing_id,)
            )
        ]
    return {"listingId": listing_id, "boundPayTo": bound}


def _move(conn: Connection, names: dict[str, Any]) -> None:
    now = one(conn.execute(
        f"""SELECT NOT EXISTS (SELECT 1 FROM listing_bindings WHERE listing_id = %(id)s AND NOT ({_BOUND})) AS alone,
                  EXISTS (SELECT 1 FROM listing_bindings WHERE {_BOUND}) AS bound,
                  {same_pay_to('pay_to', '%(pay_to)s')} AS shown
           FROM listings WHERE id = %(id)s""",
        names,
    ))
    # A listing whose pay_to names another address than its one binding still moves: that sets it right.
    if now["alone"] and now["bound"] and now["shown"]:
        raise SoukError("already_bound", "this listing is bound to that payTo alone already; nothing to move")
    conn.execute("DELETE FROM listing_bindings WHERE listing_id = %(id)s", names)
    conn.execute("UPDATE listings SET pay_to = %(pay_to)s WHERE id = %(id)s", names)
    conn.execute("INSERT INTO listing_bindings (listing_id, pay_to) VALUES (%(id)s, %(pay_to)s)", names)


def _unbind(conn: Connection, names: dict[str, Any]) -> None:
    if conn.execute(f"SELECT 1 FROM listing_bindings WHERE {_BOUND}", names).fetchone() is None:
        raise SoukError("not_bound", "that payTo is not bound to this listing; nothing to unbind")
    remaining = conn.execute(
        f"SELECT pay_to FROM listing_bindings WHERE listing_id = %(id)s AND NOT ({_BOUND})"
        " ORDER BY bound_at DESC, pay_to",
        names,
    ).fetchall()
    if not remaining:
        raise SoukError("last_binding", "a listing keeps at least one bound payTo; use move instead")
    conn.execute(f"DELETE FROM listing_bindings WHERE {_BOUND}", names)
    # listings.pay_to is the seller the listing is shown under (search groups results by it), and it must be one
    # the listing is bound to, as a move leaves it. Its options keep paying what they pay (the payTo filter reads
    # those, and finds a listing by an address it was moved away from just the same): a listing changes only on
    # a payment. The stand-in is an address an option pays, else the one bound last.
    paid = one(conn.execute("SELECT pay_to_keys FROM listings WHERE id = %(id)s", names))["pay_to_keys"]
    stand_in = min(remaining, key=lambda r: pay_to_key(r["pay_to"]) not in paid)
    conn.execute(
        f"UPDATE listings SET pay_to = %(stand_in)s WHERE id = %(id)s AND {same_pay_to('pay_to', '%(pay_to)s')}",
        names | {"stand_in": stand_in["pay_to"]},
    )
