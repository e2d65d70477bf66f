"""A listing's status from its probe history and payment recency (pure rules, no I/O).

Each observation is healthy (x = 1) or not (x = 0) and moves the health score, an EWMA:
``score <- (1 - alpha) * score + alpha * x`` (``SOUK_HEALTH_EWMA_ALPHA``, 0.3; a first probe starts from 1).
A new verified payment counts as a healthy observation (souk.lifecycle.store.record_payment).

Status after each observation, first rule that holds:

1. ``gone``: the last ``K`` (``SOUK_GONE_AFTER_FAILURES``) or more answers in a row were "gone-class"
   (404, 410, any other non-402 answer, a redirect to another host, an MCP endpoint that no longer lists
   the tool), the streak spans at least ``T`` hours (``SOUK_GONE_AFTER_HOURS``), and no verified payment
   arrived since the streak began. A payment stamped inside a streak ends it, also when it is delivered late:
   the next failure starts a new one.
2. The last observation was healthy: ``active`` when score >= ``SOUK_HEALTH_DEGRADED_BELOW`` (0.8), else
   ``degraded``.
3. The last observation failed: ``unreachable`` when it was a network-level failure (DNS, refused address,
   connect, timeout), score < ``SOUK_HEALTH_UNREACHABLE_BELOW`` (0.3) and no verified payment within
   ``SOUK_PAYMENT_FRESH_HOURS``; otherwise ``degraded``.

With alpha 0.3 one failure after a healthy history degrades a listing (0.7), four network failures in a
row make it unreachable (0.24), and three healthy probes in a row bring a degraded listing back (>= 0.8).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from souk.config import Settings

Status = Literal["active", "degraded", "unreachable", "gone"]
STATUSES: tuple[Status, ...] = ("active", "degraded", "unreachable", "gone")

# Outcome codes of a probe (souk.lifecycle.probe), by class.
HEALTHY = frozenset({"ok"})
GONE_CLASS = frozenset({"not_found", "gone", "not_402", "redirect_refused", "tool_missing"})
NETWORK_CLASS = frozenset({"dns_error", "refused_address", "connect_error", "timeout"})


@dataclass(frozen=True, slots=True)
class Health:
    status: Status = "active"
    score: float = 1.0
    probes: int = 0
    failure_streak: int = 0
    streak_started_at: datetime | None = None
    last_probe_at: datetime | None = None
    last_outcome: str | None = None
    last_ok_at: datetime | None = None


def _ewma(score: float, healthy: bool, alpha: float) -> float:
    return min(1.0, max(0.0, (1 - alpha) * score + alpha * (1.0 if healthy else 0.0)))


def observe(state: Health, outcome: str, at: datetime, last_payment_at: datetime | None, settings: Settings) -> Health:
    """The state after a probe with ``outcome`` at ``at`` (``last_payment_at``: the newest verified payment)."""
    healthy = outcome in HEALTHY
    score = _ewma(state.score, healthy, settings.health_ewma_alpha)
    # A payment delivered late (stamped inside the streak, after the probe it followed was recorded) did not end
    # the streak on arrival (souk.lifecycle.store.record_payment ignores evidence older than the last probe), but
    # it is proof of life inside it: the streak starts again here, else it would block "gone" for good.
    paid_inside = (
        last_payment_at is not None
        and state.streak_started_at is not None
        and last_payment_at > state.streak_started_at
    )
    if outcome in GONE_CLASS:
        continued = state.failure_streak and state.streak_started_at and not paid_inside
        streak = state.failure_streak + 1 if continued else 1
        started = state.streak_started_at if continued else at
    else:
        streak, started = 0, None
    # Strictly after: a payment in the streak's first second may be the one that preceded the first failing
    # probe (whole-second payment times, microsecond probe times). One that arrives after the probe was
    # recorded reactivates the listing on arrival (souk.lifecycle.store.record_payment).
    paid_since_streak = last_payment_at is not None and started is not None and last_payment_at > started
    paid_recently = last_payment_at is not None and at - last_payment_at <= timedelta(
        hours=settings.payment_fresh_hours
    )
    status: Status
    if state.status == "gone" and not healthy:
        # no failure brings a listing back (a restarted streak, a domain that stopped resolving): only a healthy probe
        # or a new payment (souk.lifecycle.store.record_payment) does
        status = "gone"
    elif (
        streak >= settings.gone_after_failures
        and started is not None
        and at - started >= timedelta(hours=settings.gone_after_hours)
        and not paid_since_streak
    ):
        status = "gone"
    elif healthy:
        status = "active" if score >= settings.health_degraded_below else "degraded"
    elif outcome in NETWORK_CLASS and score < settings.health_unreachable_below and not paid_recently:
        status = "unreachable"
    else:
        status = "degraded"
    return Health(
        status=status,
        score=score,
        probes=state.probes + 1,
        failure_streak=streak,
        streak_started_at=started,
        last_probe_at=at,
        last_outcome=outcome,
        last_ok_at=at if healthy else state.last_ok_at,
    )


def after_payment(state: Health, at: datetime, settings: Settings) -> Health:
    """A new verified payment: a healthy observation that ends any failure streak and reactivates."""
    return dataclasses.replace(
        state,
        status="active",
        score=_ewma(state.score, True, settings.health_ewma_alpha),
        failure_streak=0,
        streak_started_at=None,
        last_ok_at=max(at, state.last_ok_at) if state.last_ok_at else at,
    )
