"""A seller's description quoted in the tools' text never renders as a live markdown link or image; names and URLs
stay exact (the agent calls and pays them verbatim); structured content is exact.

An agent's UI may render a tool's text as markdown: a description's ``[click here](https://evil.example)`` would
be a link under Souk's name, and ``![x](https://tracker.example/p.png)`` an image fetched as the text is shown.
"""

from __future__ import annotations

import html
import json

import pytest

from souk.catalog.ingest import catalog_event
from souk.demo.builders import Param
from souk.discovery.resources import list_resources
from souk.errors import CatalogRejection
from souk.mcp.lookup import AmbiguousResource, find_listing
from souk.mcp.models import ListPagination, ListResult, ResourceDetail
from souk.mcp.payment import payment_guide
from souk.mcp.quoting import label, name, quoted, url
from souk.mcp.summary import summarize
from souk.mcp.text import choices_text, detail_text, list_text, payment_text
from tests.factories import BASE_SELLER, pdf_tool, verified, weather

LINK = "[click here](https://evil.example/steal)"
IMAGE = "![x](https://t.example/p.png)"  # a serviceName is at most 32 characters
# Escaped for markdown by the seller: JSON doubles the backslashes, which then escape each other, not the brackets.
PRE_ESCAPED = r"\[click here\](https://evil.example/steal)"
AUTOLINK = "<https://evil.example/steal>"
TAG = '<img src="https://tracker.example/p.png">'
DESCRIPTION = f"Merges PDFs. {IMAGE} Support: [help](https://evil.example/help) (free)."


def test_link_and_image_syntax_in_a_quoted_excerpt_is_escaped_and_readable():
    assert quoted("see [docs](https://evil.example)", 100) == r'"see \[docs\]\(https://evil.example\)"'
    assert quoted(IMAGE, 100) == r'"!\[x\]\(https://t.example/p.png\)"'
    assert quoted(AUTOLINK, 100) == r'"\<https://evil.example/steal\>"'
    assert quoted(PRE_ESCAPED, 100) == r'"\\\[click here\\\]\(https://evil.example/steal\)"'


def test_a_service_name_is_a_label_escaped_like_an_excerpt():
    assert label(IMAGE) == quoted(IMAGE, 100) and label("Weather") == "Weather"


def test_names_and_urls_stay_exact_json_literals():
    # Not escaped: many hosts hand the raw text to the model, which copies a tool name or URL verbatim.
    for value in (LINK, IMAGE, AUTOLINK, PRE_ESCAPED):
        assert json.loads(name(value)) == value
    assert json.loads(url("https://evil.example/[x](y)")) == "https://evil.example/[x](y)"
    assert name("merge_pdf_files") == "merge_pdf_files"


def test_escaped_text_is_never_escaped_again():
    from souk.mcp.quoting import inert

    assert inert(r"\[x\]\(y\)") == r"\[x\]\(y\)"
    assert inert(r"\\[x]") == r"\\\[x\]"  # an escaped backslash escapes no bracket
    for text in (LINK, IMAGE, PRE_ESCAPED, AUTOLINK, TAG, DESCRIPTION):
        for once in (inert(text), quoted(text, 500)):
            assert inert(once) == once


def _texts(db, settings) -> tuple[list[str], dict]:
    """Every text a listing with hostile names (and a schema description) appears in, and its catalog item."""
    params = [Param("files", "array", f"URLs of the PDFs, {LINK}", True)]
    listing = pdf_tool(tool_name=LINK, service_name=IMAGE, description=DESCRIPTION, params=params)
    assert catalog_event(db, verified(listing), settings).status == "success"
    for tool in (PRE_ESCAPED, AUTOLINK, TAG):
        assert catalog_event(db, verified(pdf_tool(tool_name=tool)), settings).status == "success"
    items = {
        i["extensions"]["bazaar"]["info"]["input"]["toolName"]: i for i in list_resources(db, {}, settings)["items"]
    }
    item = items[LINK]
    with pytest.raises(AmbiguousResource) as raised:
        find_listing(db, item["resource"], None, None, settings)
    summaries = [summarize(i) for i in items.values()]
    texts = [
        list_text(ListResult(results=summaries, pagination=ListPagination(offset=0, limit=10, total=len(items)))),
        detail_text(ResourceDetail(summary=summarize(item, description_chars=None), item=item)),
        payment_text(payment_guide(item, None)),
        choices_text(raised.value.choices, raised.value.more),
    ]
    return texts, item


def test_rendered_as_markdown_no_description_is_a_link_or_an_image(db, settings):
    markdown_it = pytest.importorskip("markdown_it")
    texts, _ = _texts(db, settings)
    shown = html.unescape(" ".join(markdown_it.MarkdownIt("commonmark").render(text) for text in texts))
    # The description's and the service name's image and link render as text, reading as the seller wrote them.
    assert "https://evil.example/help" not in shown.replace("[help](https://evil.example/help)", "")
    assert "[help](https://evil.example/help)" in shown and IMAGE in shown
    assert 'src="https://t.example' not in shown


def test_structured_content_keeps_seller_text_exact(db, settings):
    _, item = _texts(db, settings)
    summary = summarize(item, description_chars=None)
    guide = payment_guide(item, None)
    assert summary.toolName == guide.toolName == LINK
    assert summary.serviceName == IMAGE and summary.description == DESCRIPTION
    with pytest.raises(AmbiguousResource) as raised:
        find_listing(db, item["resource"], None, None, settings)
    assert {c.toolName for c in raised.value.choices} == {LINK, PRE_ESCAPED, AUTOLINK, TAG}


def test_a_sellers_asset_string_is_no_live_image_on_a_list_page(db, settings):
    markdown_it = pytest.importorskip("markdown_it")
    with pytest.raises(CatalogRejection) as refused:  # an asset is an address or an id: markup never gets in
        catalog_event(db, verified(weather(network="eip155:8453", pay_to=BASE_SELLER, asset=IMAGE)), settings)
    assert refused.value.error == "invalid_requirements"
    # A listing stored before that rule keeps its asset; the list page still shows it inert.
    assert catalog_event(db, verified(weather(network="eip155:8453", pay_to=BASE_SELLER)), settings).status == "success"
    items = list_resources(db, {}, settings)["items"]
    for option in items[0]["accepts"]:
        option["asset"] = IMAGE
    page = list_text(
        ListResult(results=[summarize(i) for i in items], pagination=ListPagination(offset=0, limit=10, total=1))
    )
    assert "<img" not in markdown_it.MarkdownIt("commonmark").render(page), page


def test_a_parameter_description_is_no_live_image_in_get_resource_and_the_schema_stays_exact(db, settings):
    markdown_it = pytest.importorskip("markdown_it")
    params = [Param("files", "array", f"URLs of the PDFs {IMAGE}", True)]
    assert catalog_event(db, verified(pdf_tool(params=params)), settings).status == "success"
    (item,) = list_resources(db, {}, settings)["items"]
    summary = summarize(item, description_chars=None)
    text = detail_text(ResourceDetail(summary=summary, item=item))
    assert "<img" not in markdown_it.MarkdownIt("commonmark").render(text), text
    assert json.dumps(summary.inputSchema, ensure_ascii=False) in text  # in a code block: exact, not escaped
