"""Acronyms defined in brackets after an organisation or place (privtext.tagging.acronyms)."""

from __future__ import annotations

import pytest

from privtext.tagging.acronyms import _spell, organisation_acronyms
from privtext.tagging.base import Span


@pytest.mark.parametrize(
    ("acr", "words", "ok"),
    [
        ("BUET", "Bangladesh University of Engineering and Technology", True),
        ("CAGD", "Controller & Accountant-General's Dept", True),
        ("PROFECO", "Procuraduría Federal del Consumidor", True),
        ("MTTD", "Motor Traffic and Transport Department", True),
        ("NSW", "New South Wales", True),
        ("GDPR", "Residential Tenancies Act", False),
        ("NSW", "Residential Tenancies Act 2010", False),
        ("ABC", "Alpha Beta", False),  # a letter left over
        ("AB", "Alpha Beta Gamma", False),  # a word that gives nothing
    ],
)
def test_an_acronym_is_spelt_by_prefixes_of_the_words_before_it(acr, words, ok):
    assert _spell(acr, tuple(words.split())) is ok


def _run(text: str, spans: list[tuple[str, str]]) -> list[tuple[str, str, str]]:
    given = [Span(text.index(s), text.index(s) + len(s), t, 0.85, "test") for s, t in spans]
    return [
        (text[s.start : s.end], s.entity_type, s.source)
        for s in organisation_acronyms(text, sorted(given, key=lambda s: s.start))
    ]


def test_an_acronym_after_an_organisation_is_that_organisation_and_widens_it():
    text = "B.Sc., Bangladesh University of Engineering and Technology (BUET), 2016."
    got = _run(text, [("University of Engineering and Technology", "ORGANIZATION")])
    assert got == [
        ("Bangladesh University of Engineering and Technology", "ORGANIZATION", "test"),
        ("BUET", "ORGANIZATION", "acronym_definition"),
    ]


def test_an_untagged_name_with_an_organisation_head_becomes_an_organisation():
    text = "Repayment: Controller & Accountant-General's Dept (CAGD) deduction"
    assert [(s, t) for s, t, _ in _run(text, [])] == [
        ("Controller & Accountant-General's Dept", "ORGANIZATION"),
        ("CAGD", "ORGANIZATION"),
    ]


def test_an_acronym_of_a_place_is_a_place():
    text = "Sydney, New South Wales (NSW) is big."
    got = _run(text, [("New South Wales", "LOCATION")])
    assert ("NSW", "LOCATION", "acronym_definition") in got


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("The General Data Protection Regulation (GDPR) applies.", []),  # no head, no span
        ("Investigating officer: Leanne Marsh (LM), Shift Manager", [("Leanne Marsh", "PERSON")]),
        ("Residential Tenancies Act 2010 (NSW), section 87", []),
        ("He paid (CASH) at the desk", []),
        ("linked to Bank Verification Number (BVN) 22184503917", []),  # a number's name
    ],
)
def test_other_bracketed_capitals_are_left_alone(text, spans):
    assert [x[0] for x in _run(text, spans)] == [s for s, _ in spans]
