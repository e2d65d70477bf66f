"""``POST /discovery/v1/conversions``: an agent invoked a search result (the online signal).

Hardened against inflation, because nothing about the caller is known or stored:
- the body is bounded (``conversion_max_body_bytes``, checked before parsing) and must be a flat object
  of short strings: ``sessionId``, ``resource`` and optionally ``toolName`` or ``method``, nothing else; a malformed,
  deeply nested or unknown field is a 4xx;
- where several of the session's results share the URL (an MCP server's tools, an endpoint's methods) the body names
  which with ``toolName`` or ``method``; without it the conversion is refused (``ambiguous_resource``, with the
  choices), not credited to the best-ranked one;
- a conversion counts only for a live session whose pages served that resource (the stored ranking up to the
  deepest page fetched, ``Session.served``), once per
  (session, listing), and at most ``conversions_per_session`` per session (its weight is capped);
- token buckets in Postgres (souk.db.ratelimit) limit it per client (a keyed hash of the source address,
  never the address) and per session, across every process; over the limit is 429 + Retry-After;
- the answer is truthful: a repeat or a capped one says ``recorded: false`` and why.
A rejected request (4xx) writes nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import uuid
from typing import Any, Literal, get_args

from souk.config import Settings
from souk.db import ratelimit
from souk.db.types import Connection, one
from souk.discovery import sessions
from souk.errors import CatalogRejection, SoukError
from souk.json_objects import DuplicateKey, unique_keys
from souk.listing.lookup import same_tool_name
from souk.listing.urls import MAX_URL_CHARS, canonical_url

MAX_RESOURCE_CHARS = MAX_URL_CHARS  # a longer URL names no listing: refused as such, not looked up
MAX_TOOL_CHARS = 256
FIELDS = ("sessionId", "resource", "toolName", "method")  # the whole body: any other key is refused, as MCP does
HttpMethod = Literal["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
METHODS: tuple[str, ...] = get_args(HttpMethod)


class AmbiguousConversion(SoukError):
    """Several of the session's results share the URL: the caller says which it invoked (each choice's ``toolName``
    or ``method``). A tool name is the seller's text: only in ``choices``, never in ``reason``."""

    def __init__(self, choices: list[dict[str, str]]) -> None:
        super().__init__(
            "ambiguous_resource",
            f"{len(choices)} of this session's results share that URL; pass the toolName (an MCP tool) or method "
            "(an HTTP endpoint) of the one invoked",
        )
        self.choices = choices

    def to_body(self) -> dict[str, Any]:
        return {**super().to_body(), "choices": self.choices}


class RateLimited(SoukError):
    status_code = 429

    def __init__(self, reason: str, retry_after: float) -> None:
        super().__init__("rate_limited", reason)
        self.headers = {"retry-after": str(int(retry_after))}


def parse_body(raw: bytes, settings: Settings) -> dict[str, Any]:
    """The request body as a dict, or a 4xx: too large (413), not JSON, a name given twice, too deep or not an object
    (400)."""
    if len(raw) > settings.conversion_max_body_bytes:
        raise SoukError(
            "payload_too_large",
            f"a conversion body is at most {settings.conversion_max_body_bytes} bytes",
            status_code=413,
        )
    try:
        body = json.loads(raw, object_pairs_hook=unique_keys)
    except DuplicateKey as exc:
        raise SoukError("duplicate_key", exc.reason) from None
    except RecursionError:
        raise SoukError("invalid_json", "the body is nested too deeply") from None
    except ValueError:  # JSONDecodeError, UnicodeDecodeError, integers past Python's digit limit
        raise SoukError("invalid_json", "the body is not valid JSON") from None
    if not isinstance(body, dict):
        raise SoukError("invalid_conversion", "the body must be a JSON object")
    return body


def _text(body: dict[str, Any], field: str, limit: int, *, required: bool) -> str | None:
    value = body.get(field)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value:
        what = "is required (a non-empty string)" if required else "must be a non-empty string"
        raise SoukError("invalid_conversion", f"{field} {what}")
    if len(value) > limit:
        raise SoukError("invalid_conversion", f"{field} is longer than {limit} characters")
    if "\x00" in value:
        raise SoukError("invalid_conversion", f"{field} contains a NUL character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise SoukError("invalid_conversion", f"{field} contains an unpaired surrogate") from None
    return value


def client_key(source_ip: str | None, settings: Settings) -> str:
    """A keyed hash of the client address: enough to rate-limit, useless to identify anyone."""
    key = settings.payer_hash_key.get_secret_value().encode()
    digest = hmac.new(key, f"conversion-client:{source_ip or 'unknown'}".encode(), hashlib.sha256).hexdigest()
    return f"conv:client:{digest[:32]}"


def record_conversion(
    conn: Connection, body: dict[str, Any], settings: Settings, source_ip: str | None = None
) -> dict[str, Any]:
    """Record that a result of a search session was invoked: its rank, never who invoked it."""
    unknown = sorted(str(k) for k in body if k not in FIELDS)
    if unknown:
        named = ", ".join(repr(k[:64]) for k in unknown[:5]) + (", ..." if len(unknown) > 5 else "")
        raise SoukError(
            "invalid_conversion", f"unknown field(s) {named}; a conversion has only {', '.join(FIELDS)}"
        )
    raw_session = body.get("sessionId")
    try:
        if not isinstance(raw_session, str):
            raise ValueError("not a string")
        session_id = uuid.UUID(raw_session)
    except ValueError:
        raise SoukError(
            "invalid_conversion",
            "sessionId must be the session id a search returned (its x-search-session-id header; sessionId over MCP)",
        ) from None
    resource = _text(body, "resource", MAX_RESOURCE_CHARS, required=True)
    assert resource is not None  # required=True refused a missing one with a 400
    tool = _text(body, "toolName", MAX_TOOL_CHARS, required=False)
    method = _text(body, "method", 16, required=False)
    if method is not None and method.upper() not in METHODS:
        raise SoukError("invalid_conversion", f"method must be one of {', '.join(METHODS)}")

    # Lock the session row: concurrent conversions of one session count against its cap one at a time.
    session = sessions.load(conn, session_id, settings, for_update=True)
    if session is None:
        conn.rollback()
        raise SoukError("unknown_session", "no search session with that id (sessions expire)", status_code=404)
    results = session.ids
    try:
        # The catalog keys listings by canonical URL: any spelling of a result's URL names it.
        resource = canonical_url(resource)
    except CatalogRejection:
        conn.rollback()
        raise SoukError(
            "not_in_session", "that resource was not among this session's results", status_code=404
        ) from None
    candidates = conn.execute(
        "SELECT id, type, resource_url, tool_name, method FROM listings WHERE resource_url = %(url)s"
        f" AND (%(tool)s::text IS NULL OR {same_tool_name('tool_name', '%(tool)s')})"
        " AND (%(method)s::text IS NULL OR method = %(method)s) AND id = ANY(%(ids)s)",
        {"url": resource, "tool": tool, "method": method.upper() if method else None, "ids": results},
    ).fetchall()
    if not candidates:
        conn.rollback()
        raise SoukError("not_in_session", "that resource was not among this session's results", status_code=404)
    rank_of = {listing_id: rank for rank, listing_id in enumerate(results, start=1)}
    ranked = sorted(candidates, key=lambda c: rank_of[c["id"]])
    # Only what a page showed: a result ranked past the session's pages was never seen (nor is it a choice)
    shown = [c for c in ranked if session.served is None or rank_of[c["id"]] <= session.served]
    if not shown:
        conn.rollback()
        raise SoukError(
            "not_in_session",
            f"that result ranked {rank_of[ranked[0]['id']]} and this session has served its first "
            f"{session.served}: only a result a page showed can be reported (fetch the next page first)",
            status_code=404,
        )
    if len(shown) > 1:
        conn.rollback()
        raise AmbiguousConversion([_choice(c) for c in shown])
    listing_id = shown[0]["id"]
    position = rank_of[listing_id]

    # Every request for a real session spends a client token; only one that would count spends a session token.
    _limit(conn, "client", _client_bucket(source_ip, settings))
    counted = one(conn.execute(
        "SELECT count(*) AS n, bool_or(listing_id = %s) AS again FROM search_conversions WHERE session_id = %s",
        (listing_id, session_id),
    ))
    if counted["again"]:
        outcome = _not_recorded("duplicate", "this conversion is already recorded for this session", position)
    elif counted["n"] >= settings.conversions_per_session:
        outcome = _not_recorded(
            "session_cap", f"a session counts at most {settings.conversions_per_session} conversions", position
        )
    else:
        _limit(conn, "session", _session_bucket(session_id, settings))
        conn.execute(
            "INSERT INTO search_conversions (session_id, listing_id, rank) VALUES (%s, %s, %s)",
            (session_id, listing_id, position),
        )
        outcome = {"recorded": True, "outcome": "recorded", "rank": position}
    ratelimit.forget_idle(conn)
    conn.commit()
    return outcome


def _choice(row: dict[str, Any]) -> dict[str, str]:
    if row["type"] == "mcp":
        return {"type": "mcp", "resource": row["resource_url"], "toolName": row["tool_name"]}
    return {"type": "http", "resource": row["resource_url"], "method": row["method"]}


def _not_recorded(outcome: str, reason: str, rank: int) -> dict[str, Any]:
    return {"recorded": False, "outcome": outcome, "duplicate": outcome == "duplicate", "reason": reason, "rank": rank}


def _client_bucket(source_ip: str | None, settings: Settings) -> ratelimit.Bucket:
    return ratelimit.Bucket(
        client_key(source_ip, settings), settings.conversion_client_burst, settings.conversion_client_per_minute
    )


def _session_bucket(session_id: uuid.UUID, settings: Settings) -> ratelimit.Bucket:
    return ratelimit.Bucket(
        f"conv:session:{session_id}", settings.conversion_session_burst, settings.conversion_session_per_minute
    )


def _limit(conn: Connection, scope: str, bucket: ratelimit.Bucket) -> None:
    wait = ratelimit.take(conn, bucket)
    if wait is not None:
        conn.rollback()  # give back any token taken before: a refused request writes nothing
        raise RateLimited(f"too many conversions from this {scope}; retry in {int(wait)} s", wait)
