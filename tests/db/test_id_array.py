"""Listing ids bound as one bigint[] literal on pooled connections, and as a plain list elsewhere."""

from __future__ import annotations

import psycopg

from souk.db.id_array import IdArray, IdArrayDumper


def test_pooled_connections_bind_ids_with_the_literal_dumper(db):
    assert isinstance(db.adapters.get_dumper(IdArray, psycopg.adapt.PyFormat.AUTO)(IdArray), IdArrayDumper)
    rows = db.execute(
        "SELECT x FROM unnest(ARRAY[1, 5, 9, 4294967297]::bigint[]) AS x WHERE x = ANY(%s) ORDER BY x",
        (IdArray([9, 4294967297, 2]),),
    ).fetchall()
    assert [r["x"] for r in rows] == [9, 4294967297]
    empty = db.execute("SELECT pg_typeof(%s)::text AS t, cardinality(%s) AS n", (IdArray(), IdArray())).fetchone()
    assert empty == {"t": "bigint[]", "n": 0}


def test_without_the_dumper_an_id_array_is_still_a_list(database_url):
    with psycopg.connect(database_url) as conn:
        row = conn.execute("SELECT %s::bigint[] = ARRAY[3, 1]::bigint[]", (IdArray([3, 1]),)).fetchone()
    assert row == (True,)


def test_the_dump_is_the_array_literal():
    assert IdArrayDumper(IdArray).dump(IdArray([12, 3, 456])) == b"{12,3,456}"
