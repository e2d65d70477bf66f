"""Conversions have a direction: a listing naming only the reverse conversion drops."""

from __future__ import annotations

from datetime import timedelta

from souk.catalog.ingest import catalog_event
from souk.search.direction import Conversion, conversions
from souk.search.pipeline import RankRequest, rank
from souk.search.profile import DEFAULT_PROFILE, with_name
from tests.factories import CLOCK, verified, weather


def test_conversions_between_media_in_order() -> None:
    assert conversions("speech-to-text that i can pay for in eurc") == (Conversion("speech", "text"),)
    both = (Conversion("html", "pdf"), Conversion("pdf", "text"))
    assert conversions("convert html to pdf, then pdf to text") == both
    assert conversions("csv 2 json converter") == (Conversion("csv", "json"),)
    assert conversions("turn this pdf into text") == (Conversion("pdf", "text"),)
    assert conversions("usd to eur rates") == ()  # currencies: a rates API serves both ways
    assert conversions("send money to mom") == ()
    assert conversions("text to text") == ()


def test_sql_patterns_match_the_phrase_forms_with_word_boundaries(db) -> None:
    speech_to_text = Conversion("speech", "text")

    def matches(text: str, *, reverse: bool = False) -> bool:
        row = db.execute("SELECT %s ~* %s AS hit", (text, speech_to_text.sql_pattern(reverse=reverse))).fetchone()
        return bool(row["hit"])

    assert matches("Speech-to-text with timestamps") and matches("speech to text") and matches("speech2text")
    assert matches("A text-to-speech API", reverse=True) and not matches("A text-to-speech API")
    assert not matches("Convert text to natural-sounding speech", reverse=True)  # not the compound form
    assert not matches("freespeech to textbooks")  # word boundaries


def _voice(slug: str, description: str, tags: list[str]):
    return weather(
        url=f"https://{slug}.example/v1",
        service_name=slug.title(),
        description=description,
        tags=tags,
        params=[],
        example_input=None,
        output_example=None,
    )


def test_a_reverse_conversion_drops_below_the_asked_one(db, settings) -> None:
    tts = _voice("vocalize", "Convert text to natural-sounding speech, 40 voices.", ["text to speech", "speech"])
    stt = _voice("earshot", "Transcribe audio files.", ["speech to text"])
    ids = {}
    for listing in (tts, stt):
        ids[listing.url] = catalog_event(db, verified(listing, CLOCK - timedelta(hours=1)), settings).listing_id
    db.commit()

    def ranked(profile):
        return rank(db, RankRequest("speech-to-text", now=CLOCK), settings, profile).listing_ids

    off = ranked(with_name(DEFAULT_PROFILE, "no-direction", direction_mismatch_penalty=1.0))
    assert off[0] == ids[tts.url]  # more shared words: the reverse conversion wins without the rule
    assert ranked(DEFAULT_PROFILE)[0] == ids[stt.url]


def test_a_query_naming_many_conversions_is_read_for_its_first_few():
    # Each conversion costs a regex over every candidate: 396 in one query took 300 ms of a search (a hunt).
    from souk.search.direction import MAX_CONVERSIONS, Conversion, conversions

    formats = ["md", "qr", "doc", "csv", "pdf", "xml", "sql", "png", "jpg", "svg"]
    query = " ".join(f"{a}-2-{b}" for a in formats for b in formats if a != b)
    read = conversions(query)
    assert len(read) == MAX_CONVERSIONS == 8
    assert read[:2] == (Conversion("md", "qr"), Conversion("md", "doc"))
    assert conversions("pdf to csv, pdf to csv and csv to pdf") == (Conversion("pdf", "csv"), Conversion("csv", "pdf"))


def test_a_refused_conversion_asks_for_its_reverse() -> None:
    from souk.search.direction import asked, conversions_only

    assert conversions_only("text-to-speech") == (Conversion("text", "speech"),)
    assert conversions_only("pdf to word or html to pdf") == (Conversion("pdf", "word"), Conversion("html", "pdf"))
    assert conversions_only("text to speech apps for kids") == ()  # refuses more than a direction
    tts = (Conversion("text", "speech"),)
    assert asked("speech to text, not text to speech", tts) == (Conversion("speech", "text"),)
    assert asked("transcription api, we don't need text-to-speech", tts) == (Conversion("speech", "text"),)
    assert asked("speech to text", ()) == (Conversion("speech", "text"),)


def test_refusing_the_reverse_conversion_keeps_the_asked_one_first(db, settings) -> None:
    # a probe (2026-12-07): "speech to text, not text to speech" demoted both kinds (each named the reverse of one
    # conversion the words held), and "we don't need text-to-speech" demoted every listing holding "text" or "speech"
    tts = _voice("vocalize", "Convert text to natural-sounding speech, 40 voices.", ["text to speech", "speech"])
    stt = _voice("earshot", "Speech to text: transcribe audio files.", ["speech to text"])
    ids = {}
    for listing in (tts, stt):
        ids[listing.url] = catalog_event(db, verified(listing, CLOCK - timedelta(hours=1)), settings).listing_id
    db.commit()
    for query in ("speech to text, not text to speech", "transcribe audio files, we don't need text-to-speech"):
        result = rank(db, RankRequest(query, now=CLOCK), settings, DEFAULT_PROFILE)
        assert result.listing_ids[0] == ids[stt.url], query  # the refused one below it, or not matched at all
        assert result.interpreted.negated_terms == ()
