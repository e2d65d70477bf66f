"""Migration 0016: a catalog loaded with the invented pubnet XLM contract is rewritten to the real one, so the next
load of the same events updates that option instead of adding a second, unpriced one beside it."""

from __future__ import annotations

import json

from souk.catalog.loader import load_events, read_events
from souk.db.migrate import MIGRATIONS_DIR
from souk.runner.serve import DEMO_EVENTS

INVENTED = "CAS3J7GYLDRJJTM7QVFXDMKSTU2UL4HMFEDRBLNTGQZ6GBJMNYHY6TV6"  # the old table entry
REAL = "CAS3J7GYLGXMF6TDJBBYYSE3HQ6BBSMLNUQ34T6TZMYMW2EVH34XOWMA"


def test_a_catalog_loaded_before_the_fix_serves_only_the_real_contract(db, settings):
    events = [e for e in read_events(DEMO_EVENTS) if REAL in json.dumps(e)]
    assert events  # the demo pays pubnet XLM
    load_events(db, [json.loads(json.dumps(e).replace(REAL, INVENTED)) for e in events], settings)  # before
    db.execute((MIGRATIONS_DIR / "0016_stellar_xlm_contract.sql").read_text(encoding="utf-8"))  # the upgrade
    load_events(db, events, settings)  # the next `souk serve --demo` start
    rows = db.execute("SELECT accepts, assets, asset_symbols FROM listings WHERE %s = ANY(assets)", (REAL,)).fetchall()
    assert rows
    for row in rows:
        assert INVENTED not in json.dumps(row["accepts"]) and INVENTED not in row["assets"]
        assert "XLM" in row["asset_symbols"]  # priced again
    assert db.execute("SELECT count(*) AS n FROM settlements WHERE asset = %s", (INVENTED,)).fetchone()["n"] == 0
