"""What the semantic arm caches of a vector table is keyed by the table as the connection sees it."""

from __future__ import annotations

import psycopg
from psycopg.conninfo import make_conninfo

from souk.search import semantic


def test_a_schema_set_through_the_connection_options_is_another_table(database_url):
    scratch = make_conninfo(database_url, options="-c search_path=souk_ext_scratch,public")
    with psycopg.connect(database_url) as plain, psycopg.connect(scratch) as a, psycopg.connect(scratch) as b:
        assert semantic._table_key(a, "embeddings_g1") == semantic._table_key(b, "embeddings_g1")
        assert semantic._table_key(plain, "embeddings_g1") != semantic._table_key(a, "embeddings_g1")
        assert semantic._table_key(a, "embeddings_g1") != semantic._table_key(a, "embeddings_g2")
