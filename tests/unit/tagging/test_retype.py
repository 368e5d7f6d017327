"""Person spans that end in an organisation head become organisations (privtext.tagging.retype)."""

from __future__ import annotations

import pytest

from privtext.tagging.base import Span
from privtext.tagging.retype import persons_named_like_organisations


def _typed(text: str, surface: str) -> list[tuple[str, str]]:
    i = text.index(surface)
    spans = [Span(i, i + len(surface), "PERSON", 0.85, "test")]
    return [
        (text[s.start : s.end], s.entity_type)
        for s in persons_named_like_organisations(text, spans)
    ]


@pytest.mark.parametrize(
    ("text", "surface", "expected"),
    [
        ("Great news - Meridian Labs would like to meet you", "Meridian Labs",
         [("Meridian Labs", "ORGANIZATION")]),
        ("BETWEEN:\nHARBOUR LETTINGS LIMITED\nClaimant", "HARBOUR LETTINGS LIMITED",
         [("HARBOUR LETTINGS LIMITED", "ORGANIZATION")]),
        ("Certificate - Niagara Polytechnic, 2021", "Niagara Polytechnic",
         [("Niagara Polytechnic", "ORGANIZATION")]),
        ("GP: Dr B. Shah, Holme Valley Surgery", "B. Shah, Holme Valley Surgery",
         [("B. Shah", "PERSON"), ("Holme Valley Surgery", "ORGANIZATION")]),
    ],
)  # fmt: skip
def test_a_person_ending_in_an_organisation_head_is_an_organisation(text, surface, expected):
    assert _typed(text, surface) == expected


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("Anna Nowak wrote", "Anna Nowak"),
        ("Emily Post said", "Emily Post"),  # a surname that is also a head
        ("Hospital", "Hospital"),  # one word: nothing to go on
    ],
)
def test_other_persons_are_left(text, surface):
    assert _typed(text, surface) == [(surface, "PERSON")]


def _org_typed(text: str, surface: str) -> list[tuple[str, str]]:
    from privtext.tagging.retype import organisations_named_like_persons

    i = text.index(surface)
    spans = [Span(i, i + len(surface), "ORGANIZATION", 0.8, "spacy_ner")]
    return [
        (text[s.start : s.end], s.entity_type)
        for s in organisations_named_like_persons(text, spans)
    ]


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("Suspect identified via CCTV as Dean TAPLOW, 34, of", "Dean TAPLOW"),
        ("our chess team (Harvey, Lily P. and Mei) beat", "Lily P."),
    ],
)
def test_a_ner_organisation_that_reads_as_a_name_is_a_person(text, surface):
    assert _org_typed(text, surface) == [(surface, "PERSON")]


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("Union Crest Bank, Allen Avenue Branch, Ikeja", "Allen Avenue Branch"),
        ("Priya Menon of Victoria Legal Aid has asked", "Victoria Legal Aid"),
        ("left towards Elmore Green Road in a", "Elmore Green Road"),
        ("a loan from Grant Thornton Advisory", "Grant Thornton Advisory"),
    ],
)
def test_an_organisation_with_common_words_or_heads_stays_one(text, surface):
    assert _org_typed(text, surface) == [(surface, "ORGANIZATION")]
