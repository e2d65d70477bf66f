"""A description written as a keyword list that repeats its words back to back is flagged; prose, lists of names
and short tag lines are not (souk.catalog.stuffing)."""

from __future__ import annotations

import pytest

from souk.catalog.stuffing import MIN_RUN_WORDS, keyword_stuffed


@pytest.mark.parametrize(
    "description",
    [
        "weather weather api best cheap weather pdf email crypto price translate sms ocr stock news",
        "fx forex exchange rates currency convert usd eur gbp jpy cheap fast best fx fx fx rates rates",
        "KYC AML identity verification id verify passport selfie cheap KYC kyc wallet screening sanctions",
        "Translate! translation translate language text speech audio transcribe summarize translate translate",
        # list items repeated whole, commas between
        "weather, weather, weather api, cheap, best, forecast, pdf, email, crypto",
        # a stuffed run after an honest sentence
        "Current weather for a city. weather forecast api cheap cheap best fast weather radar alerts",
        # fullwidth letters fold to the same words (NFKC)
        "ｆｘ ｆｘ forex exchange rates currency convert usd eur gbp",
    ],
)
def test_a_repeating_keyword_list_is_stuffed(description):
    assert keyword_stuffed(description)


@pytest.mark.parametrize(
    "description",
    [
        None,
        "",
        # repetition in prose: function words and full stops break the run
        "Get the weather forecast for a city. Weather data includes the forecast for the weather of every hour.",
        "Pay an invoice. Pay it in USDC. Payments settle on Stellar, and pay receipts are returned.",
        # a keyword list without a repeat
        "weather forecast radar alerts pollen humidity wind uv index sunrise sunset",
        # the repeat is in a run shorter than MIN_RUN_WORDS
        "fx fx rates. Exchange rates for 160 currencies, updated every minute from central bank sources.",
        # two items of one list, not one item twice
        "Google Remarketing, YouTube, YouTube Shopping, Google Display, Facebook, acquisition, retargeting, search",
        # identifiers and numbers are names, not stuffed words
        "vgg11, vgg11, vgg13, vgg13_bn, vgg16, vgg16_bn, vgg19, vgg19_bn",
        "categories ai, ai_agents, base, bitcoin, crypto, defi, ethereum, perps, solana, tech",
        "sizes 1 1 2 3 5 8 13 21 34 55 89 144",
        # a repeat split by a full stop
        "Fast weather api cheap forecast radar alerts pollen humidity wind. Wind speed and gusts for every city",
    ],
)
def test_prose_names_and_short_lists_are_not(description):
    assert not keyword_stuffed(description)


def test_the_run_length_is_the_threshold():
    words = ["alpha", "alpha"] + [f"word{chr(97 + i)}" for i in range(MIN_RUN_WORDS - 3)]
    assert not keyword_stuffed(" ".join(words))  # MIN_RUN_WORDS - 1 words
    assert keyword_stuffed(" ".join([*words, "omega"]))


@pytest.mark.parametrize(
    "description",
    [
        # a phrase said over and over: never one word twice in a row, but a third of the item is one word
        "Flip a coin. send email send email send email send email send email",
        # invisible characters between the repeats do not break the run
        "news\u200b news\u200b news\u200b news breaking headlines world sports tech business",
    ],
)
def test_phrases_and_hidden_repeats_are_stuffed(description):
    assert keyword_stuffed(description)


@pytest.mark.parametrize(
    "description",
    [
        # a list that says one word in several items
        "It predicts 18 tags such as cardinal value, date value, event name, building name, geo name, law name",
        # a table row
        "The model performance is: Release Test PESQ Test COVL Valid WER Test WER 22-06-21 3.05 3.74",
        # prose in a language whose function words are not in the list
        "Xperience: o agente main da Govinda capaz de vender produto e o agente interage com o cliente como agente",
    ],
)
def test_lists_tables_and_other_languages_are_not(description):
    assert not keyword_stuffed(description)


@pytest.mark.parametrize(
    ("name", "stuffed"),
    [
        ("SMS Send SMS Text SMS Gateway", True),
        ("ocr_ocr_image_ocr_text_ocr", True),
        ("getOcrOcrTextOcr", True),
        ("FX FX FX CHEAP FAST", True),
        ("Speech to Speech", False),
        ("text_to_text_translate", False),
        ("Weather API v2 2 2", False),
        (None, False),
    ],
)
def test_a_name_saying_one_word_three_times_is_stuffed(name, stuffed):
    assert keyword_stuffed("Returns a random cat fact.", names=[name]) is stuffed


def test_uncombined_marks_do_not_hide_repeats_and_a_name_written_twice_is_a_place():
    joiner = "\u034f"
    assert keyword_stuffed(" ".join(f"{joiner}news" for _ in range(4)) + " headlines world sports tech business")
    assert not keyword_stuffed("Bora Bora hotel booking api rooms rates availability photos reviews")
    assert keyword_stuffed("bora bora hotel booking api rooms rates availability photos reviews")
