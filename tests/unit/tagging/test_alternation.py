"""A branch-by-branch alternation yields the union's matches (privtext.tagging.alternation)."""

from __future__ import annotations

import pytest

from privtext.tagging.alternation import Alternation
from privtext.tagging.devset import generate_templates
from privtext.tagging.recognizers import address, age, date


def _same(alt: Alternation, text: str) -> bool:
    got = list(alt.finditer(text))
    want = list(alt.union.finditer(text))
    if len(got) != len(want):
        return False
    for g, w in zip(got, want, strict=True):
        if (g.lastgroup, g.span()) != (w.lastgroup, w.span()):
            return False
        if any(g.span(k) != w.span(k) for k in g.re.groupindex):
            return False
    return True


@pytest.mark.parametrize(
    "text",
    [
        "ab abc abcd xabcx",
        "abcd",  # the first branch wins a tie at the same start, as in the union
        "cd cdab ab",
        "",
        "zzz",
    ],
)
def test_overlapping_branches_give_the_unions_leftmost_first_matches(text):
    alt = Alternation(
        [("two", r"ab"), ("four", r"abcd"), ("mid", r"(?<=c)dab?"), ("c", r"cd")], "t1"
    )
    assert _same(alt, text)


def test_a_branch_matching_the_empty_string_falls_back_to_the_union():
    alt = Alternation([("a", r"a*"), ("b", r"b")], "t2")
    assert [m.span() for m in alt.finditer("baab")] == [
        m.span() for m in alt.union.finditer("baab")
    ]


@pytest.mark.parametrize(
    "alt", [date._RX, age._RX, address._CORE_RX, address._PC_RX], ids=["date", "age", "core", "pc"]
)
def test_the_recognizers_alternations_match_their_unions_on_templated_documents(alt):
    texts = [d.text for d in generate_templates(120, seed=11)]
    texts += ["aged 43 on 12 March 2019, 4 Elm Road, Leeds LS1 4AB; 43-year-old; (M/62)"]
    assert all(_same(alt, t) for t in texts)


@pytest.mark.parametrize(
    "alt", [date._RX, age._RX, address._CORE_RX, address._PC_RX], ids=["date", "age", "core", "pc"]
)
def test_alternations_with_skipped_branches_match_their_unions_on_realistic_documents(alt):
    from pathlib import Path

    import privtext
    from privtext.tagging.devset import load_realistic

    data = Path(privtext.__file__).parent / "data"
    texts = [d.text for f in ("tagger_dev", "tagger_holdout17") for d in load_realistic(data / f)]
    texts += ["Bağdat CADDESİ No: 214 Daire 6, 34728 Kadıköy", "ſept. 3, 2024; aged 4ı"]
    # some branch is skipped where it cannot match
    assert any(len(alt.prescan.candidates(t) or alt.branches) < len(alt.branches) for t in texts)
    assert all(_same(alt, t) for t in texts)
