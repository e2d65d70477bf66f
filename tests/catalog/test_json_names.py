import json

import pytest

from souk.catalog.jsonsafety import loads_event
from souk.errors import CatalogRejection


def test_a_name_given_twice_is_refused_and_named():
    body = '{"event": "verified", "payment": {"amount": "1000", "asset": "x", "amount": "1"}}'
    with pytest.raises(CatalogRejection) as caught:
        loads_event(body)
    assert caught.value.error == "duplicate_key"
    assert '"amount"' in caught.value.reason


def test_the_same_name_in_different_objects_is_fine():
    body = {"event": "verified", "a": {"amount": "1"}, "b": {"amount": "2"}, "list": [{"k": 1}, {"k": 2}]}
    assert loads_event(json.dumps(body)) == body
