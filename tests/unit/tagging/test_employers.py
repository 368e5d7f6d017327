"""Employers found through the job title before them."""

from privtext.tagging.base import Span
from privtext.tagging.employers import SOURCE, employers_after_titles
from privtext.tagging.registry import Tagger


def _orgs(text):
    return [
        text[s.start : s.end] for s in Tagger.default().tag(text) if s.entity_type == "ORGANIZATION"
    ]


def test_a_name_after_a_title_and_at_is_the_employer():
    assert "Sika Pay" in _orgs("Kwabena Osei · Data Engineer at Sika Pay\n")
    assert "Villanueva & Co. CPAs" in _orgs(
        "I have been employed as a Senior Accountant at Villanueva & Co. CPAs in Makati."
    )


def test_on_a_cv_line_or_in_a_signature_a_separator_is_enough():
    assert "Kudi Pay" in _orgs("Data Scientist – Kudi Pay\nMar 2016 – Sep 2018\n")
    assert "The Cliff Hotel" in _orgs("Tamsin Penrose\nGuest Relations Manager, The Cliff Hotel")


def test_departments_people_and_places_after_a_title_are_not_employers():
    text = (
        "Aoife Byrne, Manager, Human Resources\nStaff Nurse, Ward 9, Leeds\n"
        "HR Executive – Talent Acquisition"
    )
    assert _orgs(text) == []


def test_spans_without_titles_are_returned_unchanged():
    spans = [Span(0, 4, "PERSON", 0.9, "x")]
    assert employers_after_titles("Anna at Acme", spans) is spans
    text = "Nurse at Acme Widgets"
    got = employers_after_titles(text, [Span(0, 5, "JOB_TITLE", 0.8, "x")])
    assert [(text[s.start : s.end], s.source) for s in got][1] == ("Acme Widgets", SOURCE)
