"""Rules from blind set 40: logins after "login:" and "username", abbreviated staff and licence
labels, Malay and Tamil patronymic joiners after a name NER misreads, and "English note"."""

from __future__ import annotations

import pytest

from .conftest import rules_only_tags as _tagged


@pytest.mark.parametrize(
    ("text", "login"),
    [
        ("Transfers allowed in your account (login: sophiemcg). Tickets", "sophiemcg"),
        ("Please enter it in the secure portal (username etremb7) rather than", "etremb7"),
    ],
)
def test_logins_after_login_and_username(text: str, login: str) -> None:
    assert ("USERNAME", login) in _tagged(text)


def test_a_word_after_login_is_no_login() -> None:
    assert not [t for t in _tagged("the login: page is broken today") if t[0] == "USERNAME"]


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("photographed by lot agent Jorge Pimentel (emp. 30418).", "30418"),
        ("assigned to tech Ryan Kessler, AZ ROC lic. 328814, van", "328814"),
        ("Paid by card, auth 048213. Invoice INV-77120", "048213"),
        ("My MNO citizenship no. is 41827. Also", "41827"),
    ],
)
def test_numbers_after_abbreviated_labels(text: str, number: str) -> None:
    assert number in [t[1] for t in _tagged(text)]


@pytest.mark.parametrize(
    "text",
    ["Art. 34(3) Reg. (EU) 165/2014 applies", "citizenship 2020 was granted", "auth to act"],
)
def test_regulations_years_and_words_after_those_labels_are_no_numbers(text: str) -> None:
    assert not [t for t in _tagged(text) if t[0] in ("ACCOUNT_NUMBER", "CASE_NUMBER")]


def test_a_guess_before_a_slash_joiner_is_a_persons_name() -> None:
    from privtext.tagging.base import Span
    from privtext.tagging.extents import person_name_extents

    text = "Kerja dibuat oleh juruelektrik Kumaresan a/l Rajendran (Sijil)"
    a = text.index("Kumaresan")
    b = text.index("Rajendran")
    spans = [
        Span(a, a + 9, "ORGANIZATION", 0.8, "spacy_ner"),
        Span(b, b + 9, "LOCATION", 0.8, "spacy_ner"),
    ]
    out = person_name_extents(text, spans)
    assert [(text[s.start : s.end], s.entity_type) for s in out] == [
        ("Kumaresan a/l Rajendran", "PERSON")
    ]


def test_a_language_before_note_is_no_nationality() -> None:
    from privtext.tagging.base import Span
    from privtext.tagging.mediums import mediums_are_no_entities

    text = "Kiracı imzası: S. Whitfield-Jones\n\nEnglish note: rental AKD-2025-01877"
    a = text.index("English")
    assert mediums_are_no_entities(text, [Span(a, a + 7, "NATIONALITY", 0.85, "gazetteer")]) == []
    text2 = "She is English. Note the date."
    a2 = text2.index("English")
    kept = [Span(a2, a2 + 7, "NATIONALITY", 0.85, "gazetteer")]
    assert mediums_are_no_entities(text2, kept) == kept
