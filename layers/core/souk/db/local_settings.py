"""Server settings for a block of statements inside the current transaction, put back after it.

A savepoint rolled back would undo them too, but psycopg forgets every prepared statement of a connection when
it sees a ``ROLLBACK`` command status (``ROLLBACK TO SAVEPOINT`` included) and deallocates them on the server:
a search that did so re-parsed and re-planned each of its ~10 statements every time (on the demo catalog
about a third of Postgres's CPU a search). ``set_config(name, NULL, true)`` resets a setting to the session's
reset value (what the connection started with, its own options included). That is what the block found unless
something earlier in the same session changed it with a ``SET`` or a ``SET LOCAL``: nothing on a request path does.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from psycopg.pq import TransactionStatus

from souk.db.types import Connection

# After an error the transaction is rolled back as a whole, settings included; a closed connection needs nothing.
_NO_RESET = (TransactionStatus.INERROR, TransactionStatus.UNKNOWN)


@contextmanager
def local_settings(conn: Connection, settings: Mapping[str, str]) -> Iterator[None]:
    """Run the block with ``settings`` (name → value) set for the transaction, then reset them: one statement
    each way, none when ``settings`` is empty. On an autocommit connection outside any transaction the block
    becomes one transaction (committed: its end puts the settings back), or each statement would be its own."""
    if not settings:
        yield
        return
    if conn.autocommit and conn.info.transaction_status == TransactionStatus.IDLE:
        with conn.transaction():
            _set(conn, settings)
            yield
        return
    _set(conn, settings)
    try:
        yield
    finally:
        if conn.info.transaction_status not in _NO_RESET:  # in pipeline mode the status reads ACTIVE
            conn.execute(
                "SELECT " + ", ".join(f"set_config(%s, NULL, true) AS s{i}" for i in range(len(settings))),
                list(settings),
            )


def _set(conn: Connection, settings: Mapping[str, str]) -> None:
    conn.execute(
        "SELECT " + ", ".join(f"set_config(%s, %s, true) AS s{i}" for i in range(len(settings))),
        [part for name, value in settings.items() for part in (name, value)],
    )
