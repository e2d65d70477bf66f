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
from souk.lifecycle.rejections import PAY_TO
from souk.listing.lookup import listing_id_of
from souk.listing.pay_to import same_pay_to

# The payTo equality of ingest, the filters and the seller view: an EVM address in other letters is the address
# bound already (a second row would list the listing twice in the seller view); a Solana or Stellar one is not.
_BOUND = f"listing_id = %(id)s AND {same_pay_to('pay_to', '%(pay_to)s')}"


def change_binding(
    conn: Connection, listing: str, pay_to: str, *, action: Literal["bind", "move", "unbind"], reason: str
) -> dict[str, Any]:
    # The payTo grammar of the filters and the seller view: an address no seller view can name (empty, spaced,
    # over 128 characters) would leave the listing bound to no real seller, so nothing is written for it.
    if not isinstance(pay_to, str) or not PAY_TO.fullmatch(pay_to):
        raise SoukError("invalid_payTo", "payTo must be 1-128 printable characters without spaces")
    if not reason.strip():
        raise SoukError("reason_required", "a binding change needs a reason for the record")
    with conn.transaction():
        listing_id = listing_id_of(conn, listing)
        if action == "move":
            conn.execute("DELETE FROM listing_bindings WHERE listing_id = %s", (listing_id,))
            conn.execute("UPDATE listings SET pay_to = %s WHERE id = %s", (pay_to, listing_id))
        names = {"id": listing_id, "pay_to": pay_to}
        if action in ("bind", "move"):
            conn.execute(
                "INSERT INTO listing_bindings (listing_id, pay_to) SELECT %(id)s, %(pay_to)s"
                f" WHERE NOT EXISTS (SELECT 1 FROM listing_bindings WHERE {_BOUND}) ON CONFLICT DO NOTHING",
                names,
            )
        else:
            if conn.execute(f"SELECT 1 FROM listing_bindings WHERE {_BOUND}", names).fetchone() is None:
                raise SoukError("not_bound", "that payTo is not bound to this listing; nothing to unbind")
            remaining = one(conn.execute(
                f"SELECT count(*) AS n FROM listing_bindings WHERE listing_id = %(id)s AND NOT ({_BOUND})", names
            ))["n"]
            if remaining == 0:
                raise SoukError("last_binding", "a listing keeps at least one bound payTo; use move instead")
            conn.execute(f"DELETE FROM listing_bindings WHERE {_BOUND}", names)
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
