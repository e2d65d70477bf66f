"""Several reads that must agree with each other: one snapshot for all of them.

Under READ COMMITTED (the pools' level) each statement sees the commits made before it started, so a count, the
hidden counts and the page read one after the other can each see a different catalog while events are cataloged
(a page of three listings said ``total: 2``). REPEATABLE READ gives every statement of the transaction the
snapshot its first statement took; read-only, it never waits on or aborts a writer.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from psycopg.pq import TransactionStatus

from souk.db.types import Connection

_SNAPSHOT = "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"


@contextmanager
def one_snapshot(conn: Connection) -> Iterator[None]:
    """Run the block's reads on one snapshot, in a transaction of their own that ends with the block (so its level
    and read-only mode end there too). A transaction the caller already started is joined as it is: its level can
    no longer change."""
    if conn.info.transaction_status != TransactionStatus.IDLE:
        yield
        return
    with conn.transaction():
        conn.execute(_SNAPSHOT)
        yield
