"""Origin diversity by operator and payTo, with the cap relaxed for clearly weaker alternatives."""

from hypothesis import given, settings
from hypothesis import strategies as st

from souk.search.diversity import Candidate, _Page, diversify


def _c(lid: int, score: float, operator: str, payee: str | None = None) -> Candidate:
    return Candidate(lid, score, operator, payee or f"pay-{lid}")


def test_fourth_result_of_one_operator_moves_to_the_next_page_when_an_alternative_is_comparable() -> None:
    ranked = [_c(1, 1.0, "a.com"), _c(2, 0.9, "a.com"), _c(3, 0.8, "a.com"), _c(4, 0.7, "a.com"), _c(5, 0.6, "b.com")]
    # 5 scores 0.6 >= 0.5 * 0.7: comparable, so 4 yields its place on a page of four.
    assert diversify(ranked, max_per_origin=3, page_size=4, relax_ratio=0.5) == [1, 2, 3, 5, 4]


def test_cap_relaxes_when_every_alternative_is_clearly_weaker() -> None:
    ranked = [_c(1, 1.0, "a.com"), _c(2, 0.9, "a.com"), _c(3, 0.8, "a.com"), _c(4, 0.7, "a.com"), _c(5, 0.3, "b.com")]
    # 5 scores 0.3 < 0.5 * 0.7: the fourth tool of the server keeps its rank.
    assert diversify(ranked, max_per_origin=3, page_size=4, relax_ratio=0.5) == [1, 2, 3, 4, 5]


def test_cap_relaxes_when_nothing_else_is_left() -> None:
    ranked = [_c(i, 1.0 - i / 10, "a.com") for i in range(1, 6)]
    assert diversify(ranked, max_per_origin=3, page_size=20, relax_ratio=0.5) == [1, 2, 3, 4, 5]


def test_named_operator_is_not_capped() -> None:
    ranked = [_c(1, 1.0, "a.com"), _c(2, 0.9, "a.com"), _c(3, 0.8, "a.com"), _c(4, 0.7, "a.com"), _c(5, 0.69, "b.com")]
    out = diversify(ranked, max_per_origin=3, page_size=4, relax_ratio=0.5, named_operators=frozenset({"a.com"}))
    assert out == [1, 2, 3, 4, 5]


def test_naming_an_operator_does_not_lift_its_payto_cap() -> None:
    # "send email" names email.vercel.app (a free platform host): one seller's eight paths there stay capped.
    ranked = [_c(i, 1.0 - i / 100, "email.vercel.app", "0xseller") for i in range(1, 5)] + [_c(9, 0.69, "b.com")]
    named = frozenset({"email.vercel.app"})
    assert diversify(ranked, max_per_origin=3, page_size=4, relax_ratio=0.5, named_operators=named) == [1, 2, 3, 9, 4]


def test_one_description_on_many_hosts_and_paytos_is_capped() -> None:
    # Ten copies of one text on ten platform hosts with ten payTos: five per page, the rest on the next.
    copies = [Candidate(i, 1.0 - i / 100, f"mailblast{i}.vercel.app", f"0x{i}", "same-text") for i in range(1, 11)]
    others = [Candidate(20 + i, 0.8 - i / 100, f"other{i}.com", f"0xo{i}", f"text-{i}") for i in range(5)]
    page = diversify(copies + others, max_per_origin=5, page_size=10, relax_ratio=0.5)[:10]
    assert sum(1 for lid in page if lid <= 10) == 5
    # Without a description there is nothing to compare.
    blank = [Candidate(i, 1.0 - i / 100, f"h{i}.com", f"0x{i}", "") for i in range(1, 11)]
    assert diversify(blank, max_per_origin=5, page_size=10, relax_ratio=0.5) == list(range(1, 11))


def test_payto_is_capped_across_operators() -> None:
    ranked = [_c(i, 1.0 - i / 100, f"host{i}.com", "0xsame") for i in range(1, 5)] + [_c(9, 0.9, "z.com")]
    assert diversify(ranked, max_per_origin=3, page_size=4, relax_ratio=0.5) == [1, 2, 3, 9, 4]


def test_nothing_is_dropped_and_order_is_kept_without_a_cap() -> None:
    ranked = [_c(i, 1.0, "a.com") for i in range(10)]
    assert diversify(ranked, max_per_origin=0, page_size=3, relax_ratio=0.5) == list(range(10))
    assert sorted(diversify(ranked, max_per_origin=1, page_size=3, relax_ratio=0.0)) == list(range(10))


def _rescanning_oracle(
    candidates: list[Candidate], *, max_per_origin: int, page_size: int, relax_ratio: float
) -> list[int]:
    """The rule as stated, rescanning the rest of the pass for every refused candidate (quadratic)."""
    out: list[int] = []
    pending = candidates
    while pending:
        page = _Page(max_per_origin)
        overflow: list[Candidate] = []
        for i, c in enumerate(pending):
            if len(page.items) >= page_size:
                overflow += pending[i:]
                break
            keep = page.admits(c)
            if not keep:
                rival = next((r for r in pending[i + 1 :] if page.admits(r)), None)
                if rival is None and not page.admits_origin(c):
                    rival = next((r for r in pending[i + 1 :] if page.admits_origin(r)), None)
                keep = rival is None or rival.score < relax_ratio * c.score
            if keep:
                page.add(c)
            else:
                overflow.append(c)
        out += [c.listing_id for c in page.items]
        pending = overflow
    return out


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(1, 40).map(lambda s: s / 40),
            st.sampled_from(["a.com", "b.com", "c.com"]),
            st.sampled_from(["p1", "p2", "p3", "p4"]),
            st.sampled_from(["", "t1", "t2"]),
        ),
        max_size=40,
    ),
    st.integers(1, 3),
    st.integers(1, 6),
    st.sampled_from([0.0, 0.5, 0.8, 1.0]),
)
def test_the_look_ahead_pointers_give_the_pages_a_full_rescan_gives(
    rows: list[tuple[float, str, str, str]], cap: int, page_size: int, relax_ratio: float
) -> None:
    ranked = [Candidate(i, score, operator, payee, text) for i, (score, operator, payee, text) in enumerate(rows)]
    ranked.sort(key=lambda c: -c.score)
    expected = _rescanning_oracle(ranked, max_per_origin=cap, page_size=page_size, relax_ratio=relax_ratio)
    assert diversify(ranked, max_per_origin=cap, page_size=page_size, relax_ratio=relax_ratio) == expected
