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


def change_binding(
    conn: Connection, listing: str, pay_to: str, *, action: Literal["bind", "move", "unbind"], reason: str
) -> dict[str, Any]:
    if not reason.strip():
        raise SoukError("reason_required", "a binding change needs a reason for the record")
    with conn.transaction():
        listing_id = listing_id_of(conn, listing)
        if action == "move":
            conn.execute("DELETE FROM listing_bindings WHERE listing_id = %s", (listing_id,))
            conn.execute("UPDATE listings SET pay_to = %s WHERE id = %s", (pay_to, listing_id))
        if action in ("bind", "move"):
            conn.execute(
                "INSERT INTO listing_bindings (listing_id, pay_to) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                (listing_id, pay_to),
            )
        else:
            remaining = one(conn.execute(
                "SELECT count(*) AS n FROM listing_bindings WHERE listing_id = %s AND pay_to <> %s",
                (listing_id, pay_to),
            ))["n"]
            if remaining == 0:
                raise SoukError("last_binding", "a listing keeps at least one bound payTo; use move instead")
            conn.execute("DELETE FROM listing_bindings WHERE listing_id = %s AND pay_to = %s", (listing_id, pay_to))
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
