"""souk.json_objects: repeated names refused, unstorable text named."""

from __future__ import annotations

import json

import pytest

from souk.json_objects import DuplicateKey, unique_keys, unstorable_text


def test_a_repeated_name_is_refused_with_its_name() -> None:
    with pytest.raises(DuplicateKey) as caught:
        json.loads('{"a": 1, "b": {"c": 2, "c": 3}}', object_pairs_hook=unique_keys)
    assert caught.value.name == "c"
    assert caught.value.reason == 'the name "c" appears twice in one object; each field must be given once'


def test_distinct_names_load_as_a_plain_dict() -> None:
    assert json.loads('{"a": 1, "b": [1, {"a": 2}]}', object_pairs_hook=unique_keys) == {"a": 1, "b": [1, {"a": 2}]}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("plain text", None),
        ("", None),
        ("emoji \U0001f600 and accents é", None),  # a surrogate pair in JSON decodes to one real character
        ("a\x00b", "contains a NUL character (U+0000)"),
        (json.loads('"x\\ud800y"'), "contains a lone UTF-16 surrogate, which is not a Unicode character"),
        (json.loads('"\\udfff"'), "contains a lone UTF-16 surrogate, which is not a Unicode character"),
    ],
)
def test_unstorable_text_names_what_postgres_would_refuse(text: str, reason: str | None) -> None:
    assert unstorable_text(text) == reason


def test_a_surrogate_pair_in_json_is_storable() -> None:
    assert unstorable_text(json.loads('"\\ud83d\\ude00"')) is None
