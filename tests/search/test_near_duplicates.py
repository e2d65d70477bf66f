"""souk.search.near_duplicates: near-copies of one description are one description under the diversity cap."""

from __future__ import annotations

from souk.search import near_duplicates
from souk.search.near_duplicates import BANDS, MAX_DISTANCE, groups
from souk.search.signature import text_signature

COPY = "Stock quotes {}. Sample data, refreshed weekly."
WORDS = ("bright", "daily", "pro", "fast", "cheap", "live", "gold", "blue", "nova", "prime")


def test_ten_near_copies_form_one_group_and_other_listings_keep_their_own_text() -> None:
    copies = [(i, f"key-{i}", text_signature(COPY.format(w), "Stock Quotes")) for i, w in enumerate(WORDS)]
    honest = [
        (100, "key-100", text_signature("Real-time equity prices for a ticker: last trade, bid, ask.", "TickerDesk")),
        (101, "key-101", text_signature("End-of-day stock prices and dividends for US exchanges.", "Ledgerquote")),
    ]
    out = groups(copies + honest)
    assert len({out[i] for i, _, _ in copies}) == 1
    assert out[0].startswith("near:")
    assert out[100] == "key-100" and out[101] == "key-101"  # no near-copy: the exact description key, as before


def test_identical_descriptions_group_without_signatures() -> None:
    out = groups([(1, "same", None), (2, "same", None), (3, "other", None), (4, "", None), (5, "", None)])
    assert out[1] == out[2] != out[3]
    assert out[3] == "other"
    assert out[4] == out[5] == ""  # no description: nothing to compare (the cap ignores "")


def test_a_pair_is_joined_only_within_the_distance() -> None:
    zero = bytes(32)
    near = (1 << MAX_DISTANCE) - 1  # MAX_DISTANCE low bits set: shares the high bands with zero
    far = (1 << (MAX_DISTANCE + 1)) - 1
    assert groups([(1, "a", zero), (2, "b", near.to_bytes(32, "big"))])[1] == "near:1"
    assert groups([(1, "a", zero), (2, "b", far.to_bytes(32, "big"))]) == {1: "a", 2: "b"}


def test_groups_are_joined_through_any_member_they_share_a_band_with() -> None:
    # 1 ~ 2 and 2 ~ 3 (both sharing bands 0-1 where 1 differs), while 1 and 3 are too far apart: one group of three.
    # In a band all three share, 3 is compared only with the group's first member (1), never with every member.
    one = bytes(32)
    two = ((1 << 30) - 1).to_bytes(32, "big")  # bits 0-29: 30 from one
    three = (((1 << 30) - 1) ^ (((1 << 40) - 1) << 200)).to_bytes(32, "big")  # 40 from two, 70 from one
    assert groups([(1, "a", one), (3, "c", three)]) == {1: "a", 3: "c"}
    out = groups([(1, "a", one), (2, "b", two), (3, "c", three)])
    assert out[1] == out[2] == out[3] == "near:1"


def _signature(bits: int) -> bytes:
    return bits.to_bytes(32, "big")


def test_only_pairs_sharing_a_whole_band_are_compared() -> None:
    rest = ((1 << 256) - 1) ^ (0xFFFF << 128)  # every band but the ninth (bits 128-143) differs somewhere
    base = 0x5A5A << 128
    far_in_other_bands = base | (rest & int("01" * 128, 2))  # shares band 9 exactly
    near = base ^ (1 << 3) ^ (1 << 77)  # shares band 9 and most others
    assert groups([(1, "a", _signature(base)), (2, "b", _signature(near))])[1] == "near:1"
    # Sharing a band is not enough: the bit count decides (about 64 bits apart here).
    assert groups([(1, "a", _signature(base)), (2, "b", _signature(far_in_other_bands))]) == {1: "a", 2: "b"}
    # One differing bit in each of the 16 bands: 16 bits apart, yet no band agrees, so the pair is never compared
    # (the price of banding; near-copies agree on several bands with high probability).
    spread = sum(1 << (16 * band) for band in range(BANDS))
    assert groups([(1, "a", _signature(0)), (2, "b", _signature(spread))]) == {1: "a", 2: "b"}


def test_a_malformed_signature_is_ignored() -> None:
    assert groups([(1, "a", bytes(32)), (2, "b", bytes(31)), (3, "c", bytes(32))]) == {1: "near:1", 2: "b", 3: "near:1"}


def test_many_copies_of_one_text_cost_a_comparison_each_not_one_per_pair(monkeypatch) -> None:
    calls = 0
    real = near_duplicates.distance

    def counting(a: bytes, b: bytes) -> int:
        nonlocal calls
        calls += 1
        return real(a, b)

    monkeypatch.setattr(near_duplicates, "distance", counting)
    copies = [(i, f"key-{i}", bytes(32)) for i in range(200)]
    out = groups(copies)
    assert set(out.values()) == {"near:0"}
    assert calls < 200  # all pairs would be 19,900 per shared band
