"""Logins built from a person's name are usernames; other lower-case words are not."""

from __future__ import annotations

import pytest

from privtext.tagging.base import Span
from privtext.tagging.logins import SOURCE, logins_from_person_names


def _person(text: str, name: str) -> Span:
    s = text.index(name)
    return Span(s, s + len(name), "PERSON", 0.85, "gazetteer")


@pytest.mark.parametrize(
    ("text", "name", "login"),
    [
        ("the account of mgarrity (Megan Garrity, Loan Officer)", "Megan Garrity", "mgarrity"),
        ("a staff account, j.okoro (that's Jide Okoro)", "Jide Okoro", "j.okoro"),
        ("jnakamura (Jun Nakamura) begins triage", "Jun Nakamura", "jnakamura"),
        ("Siobhán Ní Bhriain; login siobhan.bhriain2", "Siobhán Ní Bhriain", "siobhan.bhriain2"),
        ("Ana Pérez Ruiz. user: ruiza", "Ana Pérez Ruiz", "ruiza"),
    ],
)
def test_a_login_made_from_a_named_person_is_a_username(text, name, login):
    out = logins_from_person_names(text, [_person(text, name)])
    got = [(text[s.start : s.end], s.entity_type) for s in out if s.source == SOURCE]
    assert got == [(login, "USERNAME")]


@pytest.mark.parametrize(
    "text",
    [
        "Megan Garrity wrote to mgarrity@meridian.org today",  # inside an e-mail address
        "Megan Garrity: see https://example.org/mgarrity for more",  # inside a URL
        "Megan Garrity said garrity would come",  # the surname alone is no login
        "Megan said mgarrity is locked",  # no surname known: nothing to derive from
    ],
)
def test_other_tokens_are_not_logins(text):
    spans = [_person(text, "Megan Garrity")] if "Megan Garrity" in text else []
    spans += [_person(text, "Megan")] if "Megan said" in text else []
    out = logins_from_person_names(text, spans)
    assert [s for s in out if s.source == SOURCE] == []


def test_a_login_already_covered_by_a_span_is_left_alone():
    text = "mgarrity (Megan Garrity)"
    taken = Span(0, 8, "USERNAME", 0.9, "username_pattern")
    out = logins_from_person_names(text, [taken, _person(text, "Megan Garrity")])
    assert out == [taken, _person(text, "Megan Garrity")]
