"""Lease expiries are counted apart from failures: crashes during a batch do not dead-letter its innocents.

A poisoned document that kills its worker takes the whole batch's leases down with it. Its batch-mates
are then retried alone without spending an attempt and get embedded; only the document that keeps
killing its worker while alone is dead-lettered, after ``max_attempts`` of those.
"""

from __future__ import annotations

import pytest

from souk.embedding import generations as gens
from souk.embedding.worker import claim, complete
from tests.embedding.fakes import FakeProvider, autocommit, catalog, job, listing


@pytest.fixture
def conn(db, database_url):
    with autocommit(database_url) as c:
        yield c


def _crash(conn, claims) -> None:
    """The worker dies holding ``claims``: their leases run out with nothing written."""
    conn.execute(
        "UPDATE embedding_jobs SET lease_expires_at = now() - interval '1 second' WHERE id = ANY(%s)",
        ([c.job_id for c in claims],),
    )


def test_crashes_during_a_batch_dead_letter_only_the_document_that_causes_them(conn, settings):
    fast = settings.model_copy(update={"max_attempts": 3})
    provider = FakeProvider()
    ids = catalog(conn, fast, *(listing(i) for i in range(5)))
    gen = gens.ensure_default_generation(conn, fast, provider)
    poison = ids[2]

    crashes = []
    for _ in range(30):
        claims = claim(conn, gen.id, "w", 10, 60, max_attempts=fast.max_attempts)
        if not claims:
            break
        if any(c.listing_id == poison for c in claims):
            _crash(conn, claims)  # the poisoned document kills whichever worker embeds it
            crashes.append(len(claims))
        else:
            for c in claims:
                texts = c.texts()
                complete(conn, c, texts, provider.embed([t.text for t in texts]))

    # One crash with the whole batch, then the poisoned document alone until its attempts are spent.
    assert crashes == [5] + [1] * fast.max_attempts
    states = {i: job(conn, i, gen.id) for i in ids}
    for i in set(ids) - {poison}:
        assert states[i]["state"] == "done"
        assert (states[i]["attempts"], states[i]["lease_expiries"]) == (1, 1)  # the crash cost them nothing
    dead = states[poison]
    assert dead["state"] == "dead" and "expired" in dead["last_error"]
    assert dead["attempts"] == fast.max_attempts and dead["lease_expiries"] == len(crashes)
