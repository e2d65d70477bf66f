"""The lexical analyzer: identifier splitting, stopwords, stemming, determinism."""

from __future__ import annotations

import pytest

from souk.search.analysis import MAX_TOKEN_CHARS, STOPWORDS, analyze_field, is_stopword_only, tokenize


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # identifiers of every shape become the words an agent would type
        ("get_stock_price", ["get", "stock", "price"]),
        ("getStockPrice", ["get", "stock", "price"]),
        ("GetStockPrice", ["get", "stock", "price"]),
        ("HTTPServerError", ["http", "server", "error"]),
        ("getHTTPResponse", ["get", "http", "respons"]),
        ("XMLHttpRequest", ["xml", "http", "request"]),
        ("kebab-case-name", ["kebab", "case", "name"]),
        ("weather.forecast.daily", ["weather", "forecast", "daili"]),
        ("SCREAMING_SNAKE_CASE", ["scream", "snake", "case"]),
        ("/v1/weather/forecast", ["v1", "weather", "forecast"]),
        # URL: scheme and www vanish, host and path words stay
        ("https://www.api.example.com/v1/weather", ["api", "exampl", "com", "v1", "weather"]),
        ("http://localhost:8080/items", ["localhost", "8080", "item"]),
        # a single leading capital is part of the word; digits end a part only before a new word
        ("OAuth2Token", ["oauth2", "token"]),
        ("Base64Encode", ["base64", "encod"]),
        ("MP3Player", ["mp3", "player"]),
        # numbers kept, not stemmed
        ("top 10 results for 2024", ["top", "10", "result", "2024"]),
        ("0.01 USDC", ["0", "01", "usdc"]),
        # stopwords and punctuation dropped, domain nouns kept
        ("I need an API endpoint for the weather, please!", ["api", "endpoint", "weather"]),
        ("a service that is a tool", ["servic", "tool"]),
        ("isn't it an agent's tools?", ["agent", "tool"]),
        # NFKC: full-width letters are ordinary letters
        ("ＡＰＩ Weather", ["api", "weather"]),
        ("café menus", ["café", "menus"]),
        ("", []),
    ],
)
def test_tokenize(text: str, expected: list[str]) -> None:
    assert tokenize(text) == expected


def test_addresses_and_hex_stay_whole() -> None:
    stellar = "CCW67TSZV3SSS2HXMBQ5JFGCKJNXKZM7UQUWUZPUTHXSTZLEO7SJMI75"
    evm = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
    solana = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
    assert tokenize(f"pay {stellar}") == ["pay", stellar.lower()]
    assert tokenize(evm) == [evm.lower()]
    assert tokenize(solana) == [solana.lower()]
    assert tokenize("0xFF") == ["0xff"]


def test_blobs_longer_than_the_cap_are_dropped() -> None:
    blob = "A1" * (MAX_TOKEN_CHARS // 2 + 1)
    assert tokenize(f"token {blob} here") == ["token"]


def test_duplicates_are_kept_for_term_frequency() -> None:
    assert tokenize("weather weather Weather") == ["weather", "weather", "weather"]


def test_stems_are_snowball_english() -> None:
    assert tokenize("forecasting forecasts forecasted") == ["forecast", "forecast", "forecast"]
    assert tokenize("generation images running") == ["generat", "imag", "run"]


def test_payment_and_type_words_are_not_stopwords() -> None:
    for word in ("api", "endpoint", "service", "tool", "mcp", "http", "payment", "get", "post", "free"):
        assert word not in STOPWORDS
    assert tokenize("payment api") == ["payment", "api"]


def test_analyze_field_is_the_same_analyzer() -> None:
    text = "getWeatherForecast: Returns the 5-day forecast for a city."
    assert (
        analyze_field(text)
        == tokenize(text)
        == ["get", "weather", "forecast", "return", "5", "day", "forecast", "citi"]
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", True),
        ("   ", True),
        ("?!...", True),
        ("the", True),
        ("a an the", True),
        ("I want something for me, please", True),
        ("weather", False),
        ("the api", False),
        ("42", False),
    ],
)
def test_is_stopword_only(text: str, expected: bool) -> None:
    assert is_stopword_only(text) is expected


def test_deterministic_across_threads() -> None:
    from concurrent.futures import ThreadPoolExecutor

    texts = [f"getStockPrice forecasting_{i} runningServers" for i in range(200)]
    expected = [tokenize(t) for t in texts]
    with ThreadPoolExecutor(max_workers=8) as pool:
        assert list(pool.map(tokenize, texts)) == expected


def test_a_scheme_is_short_and_a_long_dashed_run_stays_words() -> None:
    assert tokenize("git+ssh://host/repo") == ["host", "repo"]
    # 40 letters before "://" are no URI scheme (RFC 3986 schemes are short): the words stay
    assert tokenize("a" * 40 + "://x") == ["a" * 40, "x"]
