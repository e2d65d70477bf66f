"""Status rules: EWMA health, gone after K gone-class answers over at least T hours, payments reactivate."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from souk.lifecycle.status import Health, after_payment, observe

T0 = datetime(2026, 11, 1, tzinfo=UTC)


def _run(settings, outcomes, step=timedelta(hours=1), paid=None, state=None):
    state = state or Health()
    at = T0
    for outcome in outcomes:
        state = observe(state, outcome, at, paid, settings)
        at += step
    return state


def test_healthy_probes_keep_a_listing_active(settings):
    state = _run(settings, ["ok"] * 5)
    assert state.status == "active" and state.score == 1.0 and state.probes == 5


def test_one_failure_degrades_and_three_successes_restore(settings):
    state = _run(settings, ["ok", "not_402"])
    assert state.status == "degraded" and round(state.score, 2) == 0.7
    assert _run(settings, ["ok", "ok", "ok"], state=state).status == "active"


def test_network_failures_make_a_listing_unreachable_unless_it_was_paid_recently(settings):
    assert _run(settings, ["timeout"] * 4).status == "unreachable"
    assert _run(settings, ["timeout"] * 4, paid=T0).status == "degraded"


def test_gone_needs_k_answers_and_t_hours(settings):
    k, t = settings.gone_after_failures, settings.gone_after_hours
    fast = _run(settings, ["not_found"] * (k + 3), step=timedelta(minutes=1))
    assert fast.status != "gone" and fast.failure_streak == k + 3  # many answers, but within minutes
    slow = _run(settings, ["not_found"] * k, step=timedelta(hours=t / (k - 1)))
    assert slow.status == "gone"
    few = _run(settings, ["not_found"] * (k - 1), step=timedelta(hours=t))
    assert few.status != "gone"  # long enough, but too few answers


def test_any_other_outcome_breaks_the_streak(settings):
    k, t = settings.gone_after_failures, settings.gone_after_hours
    step = timedelta(hours=t / (k - 1))
    state = _run(settings, ["not_found"] * (k - 1) + ["ok"] + ["gone"], step=step)
    assert state.failure_streak == 1 and state.status == "degraded"


def test_a_payment_during_the_streak_prevents_gone_and_a_new_one_reactivates(settings):
    k, t = settings.gone_after_failures, settings.gone_after_hours
    step = timedelta(hours=t / (k - 1))
    paid_mid_streak = T0 + step
    assert _run(settings, ["not_402"] * k, step=step, paid=paid_mid_streak).status == "degraded"
    gone = _run(settings, ["not_402"] * k, step=step)
    assert gone.status == "gone"
    back = after_payment(gone, T0 + step * k, settings)
    assert back.status == "active" and back.failure_streak == 0 and back.score > gone.score



def test_the_payment_that_preceded_the_first_failing_probe_does_not_prevent_gone(settings):
    # The listing was paid for (whole seconds) and probed within the same second: the payment came first.
    k, t = settings.gone_after_failures, settings.gone_after_hours
    step = timedelta(hours=t / (k - 1))
    state, at = Health(), T0.replace(microsecond=700_000)
    for _ in range(k):
        state = observe(state, "not_found", at, T0, settings)
        at += step
    assert state.status == "gone"


def test_a_late_delivered_payment_inside_a_streak_restarts_it_and_gone_stays_reachable(settings):
    # The payment (stamped a second after the first failing probe) arrives after later probes were recorded, so it
    # did not reactivate the listing; it counted as "paid since the streak began" on every later probe, and a 404
    # endpoint stayed listed for good.
    k, t = settings.gone_after_failures, settings.gone_after_hours
    step = timedelta(hours=t / (k - 1))
    late_payment = T0 + timedelta(seconds=1)
    state = _run(settings, ["not_found"] * 2, step=step)  # T0, T0 + step: the payment was not known yet
    state = observe(state, "not_found", T0 + 2 * step, late_payment, settings)
    assert state.failure_streak == 1 and state.status == "degraded"  # the streak starts again after the payment
    at = T0 + 3 * step
    for _ in range(k - 1):
        state = observe(state, "not_found", at, late_payment, settings)
        at += step
    assert state.status == "gone"


def test_a_failure_never_brings_a_gone_listing_back(settings):
    # With a late payment inside its streak, the next 404 restarted the streak at 1 and fell through to "degraded":
    # the dead endpoint was listed and searched again.
    k, t = settings.gone_after_failures, settings.gone_after_hours
    step = timedelta(hours=t / (k - 1))
    gone = _run(settings, ["not_found"] * k, step=step)
    assert gone.status == "gone"
    after = observe(gone, "not_found", T0 + k * step, T0 + timedelta(seconds=1), settings)
    assert after.status == "gone"
    # nor does a domain that stopped resolving (unreachable is listed; gone is not), nor a 404 after it
    after = observe(gone, "dns_error", T0 + k * step, None, settings)
    assert after.status == "gone"
    assert observe(after, "not_found", T0 + (k + 1) * step, None, settings).status == "gone"
