"""Context step: cue words and span shapes change scores and types of any recognizer's spans."""

import pytest

from privtext.tagging.base import Span
from privtext.tagging.context import apply_context, birth_cue_before


def _one(text: str, surface: str, etype: str, score: float = 0.7) -> Span:
    start = text.index(surface)
    [out] = apply_context(text, [Span(start, start + len(surface), etype, score, "test")])
    return out


@pytest.mark.parametrize(
    ("text", "surface", "etype"),
    [
        ("She works at Globex since May.", "Globex", "ORGANIZATION"),
        ("He was employed by Initech.", "Initech", "ORGANIZATION"),
        ("She lives in Utrecht.", "Utrecht", "LOCATION"),
        ("They moved to Lyon.", "Lyon", "LOCATION"),
        ("Dear Kowalski,", "Kowalski", "PERSON"),
        ("Mr. Kowalski said", "Kowalski", "PERSON"),
        ("my name is Zyxw", "Zyxw", "PERSON"),
        ("she works as a nurse", "nurse", "JOB_TITLE"),
    ],
)
def test_when_a_cue_precedes_then_the_score_is_raised(text, surface, etype):
    out = _one(text, surface, etype)
    assert out.entity_type == etype and out.score > 0.7


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("He was born on 3 May 1950.", "3 May 1950"),
        ("Date of birth: 03/04/1985", "03/04/1985"),
        ("DOB 1985-04-03", "1985-04-03"),
        ("born in London on 3 May 1950", "3 May 1950"),
    ],
)
def test_when_a_birth_cue_precedes_a_date_then_it_becomes_a_date_of_birth(text, surface):
    assert _one(text, surface, "DATE").entity_type == "DATE_OF_BIRTH"


def test_when_a_birth_cue_is_in_an_earlier_clause_then_a_later_date_stays_a_date():
    text = "born in 1950 and moved in 1980"
    assert _one(text, "1980", "DATE").entity_type == "DATE"
    assert not birth_cue_before(text, text.index("1980"))


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("application no. 36110/97", "36110/97"),
        ("reference 482913", "482913"),
        ("a total of 1,950", "1,950"),
        ("version 2019", "2019"),
    ],
)
def test_when_a_date_span_is_a_number_then_it_drops_below_the_threshold(text, surface):
    assert _one(text, surface, "DATE", 0.75).score < 0.5


def test_when_a_date_span_is_an_age_then_it_becomes_an_age():
    out = _one("she is 43 years old", "43 years old", "DATE", 0.75)
    assert out.entity_type == "AGE" and out.score >= 0.5


@pytest.mark.parametrize(
    ("text", "surface", "etype"),
    [
        ("the Court held", "Court", "ORGANIZATION"),
        ("the Government argued", "Government", "PERSON"),
        ("before the Grand Chamber", "Grand Chamber", "ORGANIZATION"),
    ],
)
def test_when_a_name_span_is_a_generic_word_then_its_score_is_lowered(text, surface, etype):
    assert _one(text, surface, etype, 0.8).score < 0.5


def test_when_no_rule_applies_then_the_same_span_object_is_returned():
    sp = Span(0, 5, "EMAIL", 0.9, "test")
    assert apply_context("a@b.c", [sp])[0] is sp


def test_scores_stay_in_the_unit_interval():
    text = "Dear Mr. Kowalski,"
    start = text.index("Kowalski")
    [out] = apply_context(text, [Span(start, start + 8, "PERSON", 0.99, "t")])
    assert out.score == 1.0
