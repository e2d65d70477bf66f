"""Model generations: typed vector tables, explicit activation, coverage, and the CLI around them."""

from __future__ import annotations

import json

import pytest

from souk import cli
from souk.embedding import generations as gens
from souk.embedding.jobs import queue_stats
from souk.embedding.worker import run_once
from tests.embedding.fakes import FakeProvider, autocommit, catalog, listing, vector_rows


@pytest.fixture
def conn(db, database_url):
    with autocommit(database_url) as c:
        yield c


def test_create_generation_builds_the_typed_table_and_queues_every_listing(conn, settings):
    ids = catalog(conn, settings, listing(0), listing(1))
    provider = FakeProvider(dimension=12)
    gen = gens.create_generation(conn, provider.identity)
    assert gen.state == "building" and gen.vector_table == f"embeddings_g{gen.id}" and gen.dimension == 12
    assert gen.identity == provider.identity
    columns = conn.execute(
        """SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null
             FROM pg_attribute a WHERE a.attrelid = %s::regclass AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY a.attnum""",
        (gen.vector_table,),
    ).fetchall()
    assert [(c["name"], c["type"]) for c in columns] == [
        ("listing_id", "bigint"),
        ("kind", "text"),
        ("ordinal", "integer"),
        ("text", "text"),
        ("content_hash", "text"),
        ("embedding", "vector(12)"),
        ("fencing_token", "bigint"),
    ]
    constraints = {
        r["contype"]: r["def"]
        for r in conn.execute(
            "SELECT contype, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = %s::regclass",
            (gen.vector_table,),
        )
    }
    assert constraints["p"] == "PRIMARY KEY (listing_id, kind, ordinal)"
    assert "ON DELETE CASCADE" in constraints["f"] and "listing" in constraints["c"]
    jobs = conn.execute("SELECT listing_id, state FROM embedding_jobs WHERE generation_id = %s", (gen.id,))
    assert sorted((r["listing_id"], r["state"]) for r in jobs) == [(i, "queued") for i in ids]
    with pytest.raises(Exception, match="duplicate key"):
        gens.create_generation(conn, provider.identity)  # one generation per identity


def test_activation_needs_full_coverage_and_retires_the_previous_generation(conn, settings):
    catalog(conn, settings, listing(0), listing(1))
    old, new = FakeProvider(model_id="old"), FakeProvider(model_id="new", dimension=16)
    first = gens.ensure_default_generation(conn, settings, old)
    assert first.state == "active"  # nothing served yet: it serves at once and fills as the job drains
    second = gens.ensure_default_generation(conn, settings, new)
    assert second.state == "building" and gens.active_generation(conn) == first
    cov = gens.coverage(conn, second.id)
    assert (cov["listings"], cov["with_vector"], cov["ratio"]) == (2, 0, 0.0)
    with pytest.raises(gens.CoverageIncomplete):
        gens.activate(conn, second.id)
    run_once(conn, new, settings, "w")
    cov = gens.coverage(conn, second.id)
    assert cov["ratio"] == 1.0 and cov["current"] == 2 and cov["synthetic_rows"] > 0
    gens.activate(conn, second.id)
    states = {g.id: g.state for g in gens.list_generations(conn)}
    assert states == {first.id: "retired", second.id: "active"}
    assert gens.active_generation(conn).id == second.id
    # a retired generation is no longer fed; the configured model's generation is
    catalog(conn, settings, listing(2))
    assert queue_stats(conn)[first.id]["queued"] == 2 and queue_stats(conn)[second.id]["queued"] == 1
    assert gens.ensure_default_generation(conn, settings, new).id == second.id  # idempotent


def test_forced_activation_and_revived_generation(conn, settings):
    catalog(conn, settings, listing(0))
    a, b = FakeProvider(model_id="a"), FakeProvider(model_id="b")
    gen_a = gens.ensure_default_generation(conn, settings, a)
    gen_b = gens.ensure_default_generation(conn, settings, b)
    assert gens.activate(conn, gen_b.id, force=True).state == "active"
    assert gens.get_generation(conn, gen_a.id).state == "retired"
    catalog(conn, settings, listing(1))  # missed by the retired generation
    revived = gens.ensure_default_generation(conn, settings, a)
    assert revived.id == gen_a.id and revived.state == "building"
    assert queue_stats(conn)[gen_a.id]["queued"] == 2
    with pytest.raises(gens.GenerationNotFound):
        gens.activate(conn, 999)


def test_coverage_counts_stale_text_and_deleted_listings_cascade(conn, settings):
    provider = FakeProvider()
    ids = catalog(conn, settings, listing(0), listing(1))
    gen = gens.ensure_default_generation(conn, settings, provider)
    run_once(conn, provider, settings, "w")
    conn.execute("UPDATE listings SET content_hash = 'changed' WHERE id = %s", (ids[0],))
    cov = gens.coverage(conn, gen.id)
    assert (cov["with_vector"], cov["current"]) == (2, 1)
    conn.execute("DELETE FROM listings WHERE id = %s", (ids[1],))
    assert {r["listing_id"] for r in vector_rows(conn, gen.vector_table)} == {ids[0]}


def test_queue_stats(conn, settings):
    provider = FakeProvider(poison=["POISON"])
    catalog(conn, settings, listing(0), listing(1, description="POISON"), listing(2))
    gen = gens.ensure_default_generation(conn, settings, provider)
    assert queue_stats(conn)[gen.id] == {
        "state": "active",
        "queued": 3,
        "leased": 0,
        "expired": 0,
        "failed": 0,
        "dead": 0,
        "done": 0,
    }
    run_once(conn, provider, settings, "w")
    stats = queue_stats(conn)[gen.id]
    assert (stats["done"], stats["queued"], stats["failed"]) == (2, 1, 1)


def test_cli_reindex_generation_jobs_and_inspect(conn, settings, monkeypatch, capsys):
    ids = catalog(conn, settings, listing(0), listing(1))
    provider = FakeProvider()
    monkeypatch.setattr(cli, "_provider", lambda: provider)

    assert cli.main(["reindex"]) == 0
    report = json.loads(capsys.readouterr().out)
    gen_id = report["run"]["generations"][0]
    assert report["coverage"]["ratio"] == 1.0 and report["coverage"]["state"] == "active"
    assert report["queue"]["done"] == 2

    assert cli.main(["reindex", "--new"]) == 1  # this identity already has a generation
    capsys.readouterr()
    assert cli.main(["reindex", "--generation", str(gen_id), "--force"]) == 0
    assert json.loads(capsys.readouterr().out)["run"]["embedded"] == 2

    assert cli.main(["generation", "list"]) == 0
    listing_out = capsys.readouterr().out
    assert "fake-model" in listing_out and "2/2" in listing_out

    other = FakeProvider(model_id="other")
    building = gens.ensure_default_generation(conn, settings, other)
    assert cli.main(["generation", "activate", str(building.id)]) == 1
    assert "--force" in capsys.readouterr().err
    assert cli.main(["generation", "activate", str(building.id), "--force"]) == 0
    capsys.readouterr()

    assert cli.main(["jobs"]) == 0
    jobs_out = capsys.readouterr().out
    assert "queued" in jobs_out and "retired" in jobs_out

    assert cli.main(["inspect", str(ids[0])]) == 0
    inspected = capsys.readouterr().out
    assert "Service: Weather API" in inspected and "1. weather api" in inspected
    assert f"g{gen_id} retired" in inspected and "vectors (current)" in inspected
    assert f"g{building.id} active" in inspected and "no vectors" in inspected
    assert cli.main(["inspect", "nope"]) == 1


def test_cli_reindex_of_a_retired_generation_builds_it_again_so_it_can_be_activated(
    conn, settings, monkeypatch, capsys
):
    # `souk reindex` said "activate it first" and `generation activate` said "drain the queue (`souk reindex`)": the
    # only way out was --force, serving a generation that lacks vectors.
    catalog(conn, settings, listing(0))
    a, b = FakeProvider(model_id="a"), FakeProvider(model_id="b")
    gen_a = gens.ensure_default_generation(conn, settings, a)
    run_once(conn, a, settings, "w")
    gens.activate(conn, gens.ensure_default_generation(conn, settings, b).id, force=True)
    catalog(conn, settings, listing(1))  # missed by the retired generation
    monkeypatch.setattr(cli, "_provider", lambda: a)
    assert cli.main(["reindex"]) == 0
    assert "building again" in capsys.readouterr().err
    assert gens.get_generation(conn, gen_a.id).state == "building"
    assert gens.coverage(conn, gen_a.id)["ratio"] == 1.0
    assert cli.main(["generation", "activate", str(gen_a.id)]) == 0
    assert gens.active_generation(conn).id == gen_a.id


def test_an_upgrade_re_embeds_listings_holding_a_dropped_synthetic_query(conn, settings):
    # Vectors of "api that takes <a parameter's description>" (dropped in 29dccee) outlived an upgrade: nothing
    # re-embeds a listing whose text did not change (a hunt of 2026-12-06 found 139 such rows in an upgraded demo).
    from souk.db.migrate import MIGRATIONS_DIR

    ids = catalog(conn, settings, listing(0), listing(1))
    provider = FakeProvider()
    gen = gens.ensure_default_generation(conn, settings, provider)
    run_once(conn, provider, settings, "w")
    conn.execute(
        f"INSERT INTO {gen.vector_table} (listing_id, kind, ordinal, text, content_hash, embedding, fencing_token)"
        f" SELECT listing_id, 'synthetic', 99, 'api that takes city name', content_hash, embedding, fencing_token"
        f" FROM {gen.vector_table} WHERE listing_id = %s AND kind = 'listing'",
        (ids[0],),
    )
    conn.execute((MIGRATIONS_DIR / "0021_reembed_old_synthetic_queries.sql").read_text(encoding="utf-8"))
    states = {
        r["listing_id"]: (r["state"], r["embedded_hash"])
        for r in conn.execute("SELECT listing_id, state, embedded_hash FROM embedding_jobs")
    }
    assert states[ids[0]] == ("queued", None)
    assert states[ids[1]][0] == "done" and states[ids[1]][1] is not None
    run_once(conn, provider, settings, "w")
    texts = {r["text"] for r in vector_rows(conn, gen.vector_table) if r["listing_id"] == ids[0]}
    assert "api that takes city name" not in texts


def test_an_upgrade_re_embeds_the_listings_with_a_description(conn, settings):
    # souk.embedding.coherence changed what a described listing's vectors hold; an upgraded catalog is embedded again
    from souk.db.migrate import MIGRATIONS_DIR

    ids = catalog(conn, settings, listing(0), listing(1, description=None))
    provider = FakeProvider()
    gens.ensure_default_generation(conn, settings, provider)
    run_once(conn, provider, settings, "w")
    conn.execute((MIGRATIONS_DIR / "0032_reembed_unrelated_fields.sql").read_text(encoding="utf-8"))
    states = {r["listing_id"]: r["state"] for r in conn.execute("SELECT listing_id, state FROM embedding_jobs")}
    assert states == {ids[0]: "queued", ids[1]: "done"}
    assert run_once(conn, provider, settings, "w")["embedded"] == 1


def test_an_upgrade_re_embeds_the_listings_whose_description_ends_a_sentence_early(conn, settings):
    # the purpose a listing's fields are judged by now takes the first sentences together up to three words
    from souk.db.migrate import MIGRATIONS_DIR

    ids = catalog(
        conn,
        settings,
        listing(0, description="Jackpot! Spin the slot machine and win."),
        listing(1, description="Daily weather forecast for a city, by name, in metric units, as JSON. Paid per call."),
        listing(2, description=None),
    )
    provider = FakeProvider()
    gens.ensure_default_generation(conn, settings, provider)
    run_once(conn, provider, settings, "w")
    conn.execute((MIGRATIONS_DIR / "0033_reembed_short_first_sentences.sql").read_text(encoding="utf-8"))
    states = {r["listing_id"]: r["state"] for r in conn.execute("SELECT listing_id, state FROM embedding_jobs")}
    assert states == {ids[0]: "queued", ids[1]: "done", ids[2]: "done"}
    assert run_once(conn, provider, settings, "w")["embedded"] == 1
