"""Which listings the public list and search show: not ``gone``, not delisted by the operator."""

from __future__ import annotations

from collections.abc import Mapping

from souk.errors import SoukError
from souk.lifecycle.status import STATUSES

# A WHERE fragment (alias ``l``); a listing without a health row (never probed) is listed.
LISTED_SQL = (
    "NOT EXISTS (SELECT 1 FROM listing_health lh WHERE lh.listing_id = l.id AND (lh.status = 'gone' OR lh.delisted))"
)
_STATUS_SQL = "COALESCE((SELECT lh.status FROM listing_health lh WHERE lh.listing_id = l.id), 'active')"
_NOT_DELISTED = "NOT EXISTS (SELECT 1 FROM listing_health lh WHERE lh.listing_id = l.id AND lh.delisted)"
# "default" names the default, as ``hidden.status`` reports it, so a response's own value can be sent back
STATUS_CHOICES = (*STATUSES, "any", "default")


def status_clause(params: Mapping[str, list[str]]) -> tuple[str, dict[str, object], str]:
    """(WHERE fragment, its args, the status filter's name) for ``/discovery/resources``'s ``status``.

    Default (absent, or ``status=default``): every status but ``gone``. ``status=gone`` lists only gone listings,
    ``status=any`` all of them, a status name only that status. Delisted listings are never listed."""
    values = params.get("status") or []
    if len(values) > 1:
        raise SoukError("invalid_parameter", "status may be given once")
    wanted = values[0].strip().lower() if values else "default"
    if wanted == "default":
        return LISTED_SQL, {}, wanted
    if wanted not in STATUS_CHOICES:
        raise SoukError("invalid_status", f"status must be one of {', '.join(STATUS_CHOICES)}")
    if wanted == "any":
        return _NOT_DELISTED, {}, wanted
    return f"{_STATUS_SQL} = %(v_status)s AND {_NOT_DELISTED}", {"v_status": wanted}, wanted


def hidden_counts(conn, where: str, args: dict[str, object], shown: str) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """How many listings passing the filters ``where`` the status rule hid, by reason."""
    row = conn.execute(
        f"""SELECT count(*) FILTER (WHERE h.delisted) AS delisted,
                   count(*) FILTER (WHERE NOT h.delisted AND h.status = 'gone') AS gone
            FROM listings l JOIN listing_health h ON h.listing_id = l.id
            WHERE {where} AND (h.delisted OR h.status = 'gone') AND NOT ({shown})""",
        args,
    ).fetchone()
    return {"gone": row["gone"], "delisted": row["delisted"]}
