"""The lexical arm keeps the rarest terms of a long query (real Postgres, real postings)."""

from souk.catalog.ingest import catalog_event
from souk.search.bm25f import term_document_frequency
from souk.search.pipeline import select_terms
from tests.factories import verified, weather


def test_long_queries_keep_the_rarest_terms_in_query_order(db, settings):
    descriptions = ["weather forecast for a city", "weather radar images", "currency exchange rates", "city guide"]
    for i, description in enumerate(descriptions):
        plain = weather(
            url=f"https://api{i}.example/v1/x",
            description=description,
            service_name=None,
            tags=None,
            params=[],
            example_input=None,
            output_example=None,
        )
        assert catalog_event(db, verified(plain), settings).status == "success"
    db.commit()
    assert term_document_frequency(db, ["weather", "radar", "citi", "exchang"]) == {
        "weather": 2,
        "radar": 1,
        "citi": 2,
        "exchang": 1,
    }
    terms = ["citi", "weather", "radar", "unknownterm", "exchang"]
    # Terms no listing contains go first, then the most common; ties keep the earlier term.
    assert select_terms(db, terms, 3) == ["citi", "radar", "exchang"]
    assert select_terms(db, terms, 2) == ["radar", "exchang"]
    assert select_terms(db, terms, 10) == terms
