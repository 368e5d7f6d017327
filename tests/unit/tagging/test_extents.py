"""Person spans grow over initials, trailing initials and patronymic joiners (extents.py)."""

from __future__ import annotations

import pytest

from privtext.tagging.base import Span
from privtext.tagging.extents import person_name_extents


def _run(text: str, spans: list[tuple[str, str]]) -> list[tuple[str, str]]:
    built = []
    for surface, etype in spans:
        i = text.index(surface)
        built.append(Span(i, i + len(surface), etype, 0.85, "test"))
    built.sort(key=lambda s: s.start)
    return [(text[s.start : s.end], s.entity_type) for s in person_name_extents(text, built)]


@pytest.mark.parametrize(
    ("text", "core", "whole"),
    [
        ("Minutes taken by A. Nowicka for the board.", "Nowicka", "A. Nowicka"),
        ("Letter from E.J.M. van der Berg today", "van der Berg", "E.J.M. van der Berg"),
        ("Report by S Qureshi, 3 May", "Qureshi", "S Qureshi"),
        ("Contact Ma. Cristina Reyes in HR", "Cristina Reyes", "Ma. Cristina Reyes"),
        ("signed Md. Abul Kalam Azad", "Abul Kalam Azad", "Md. Abul Kalam Azad"),
        ("Thanks to Lily P. and the team", "Lily", "Lily P."),
        ("Rajendran s/o Muthusamy, supervisor", "Rajendran", "Rajendran s/o Muthusamy"),
        ("Arjun a/l Suppiah joined", "Arjun", "Arjun a/l Suppiah"),
        ("our nurse Nur Aisyah binte Rahman said", "Nur Aisyah", "Nur Aisyah binte Rahman"),
        ("Jan van der Berg said", "Jan", "Jan van der Berg"),
        ("seen by S. Ní Bhriain", "S.", "S. Ní Bhriain"),
        ("Daniel ole Sankale arrived", "Daniel", "Daniel ole Sankale"),
        ("to my niece CLAIRE LOUISE OKONKWO (née", "LOUISE OKONKWO", "CLAIRE LOUISE OKONKWO"),
        ("call me on 07932 604 118. stacey pearce", "pearce", "stacey pearce"),
        ("Customer: marianne de souza (m@x.com)", "marianne", "marianne de souza"),
        ("Account holder: Niamh Ó Conghaile\n", "Niamh", "Niamh Ó Conghaile"),
        ("NUR ALIA BINTI MOHD FAUZI\nNo.", "NUR ALIA", "NUR ALIA BINTI MOHD FAUZI"),
        ("MD. TANVIR CHOWDHURY\nSenior", "TANVIR CHOWDHURY", "MD. TANVIR CHOWDHURY"),
        ("mother, Mdm Lim Ah Hoon (86 years old)", "Lim", "Lim Ah Hoon"),
        ("officer PC Wong Siu Ming (UI 47281)", "Wong", "Wong Siu Ming"),
        ("MRS. SADE ABIKE ADEYEMI-COKER ..... CLAIMANT", "SADE ABIKE", "SADE ABIKE ADEYEMI-COKER"),
        ("claimant.\n\nSharmila d/o Krishnan\nTribunal", "Krishnan", "Sharmila d/o Krishnan"),
        ("business!\nMohd Hafiz bin Ismail\nOwner", "Hafiz bin Ismail", "Mohd Hafiz bin Ismail"),
    ],
)  # fmt: skip
def test_a_name_grows_over_the_parts_next_to_it(text, core, whole):
    assert _run(text, [(core, "PERSON")]) == [(whole, "PERSON")]


def test_the_fathers_name_tagged_apart_is_folded_into_the_person():
    text = "Nur Aisyah binte Rahman joined in May"
    assert _run(text, [("Nur Aisyah", "PERSON"), ("Rahman", "ORGANIZATION")]) == [
        ("Nur Aisyah binte Rahman", "PERSON")
    ]


@pytest.mark.parametrize(
    ("text", "core"),
    [
        ("A Smith was there", "Smith"),  # the article, not an initial
        ("I Smith? no", "Smith"),
        ("Mr Jones said no. The", "Jones"),
        ("Anna de la", "Anna"),  # a particle with no name after it
        ("Mei Lin bin", "Mei Lin"),
        ("see Tan P.S. later", "Tan"),  # "P.S." is not one trailing initial
        ("ask WILL SMITH", "SMITH"),  # a given name that is a word
        ("met Claire OKONKWO", "OKONKWO"),  # not in the same case
        ("Mr Lee Has gone", "Lee"),  # a frequent English word after the surname
        ("Lee Ah Hoon met", "Lee"),  # no title before the surname
        ("JOHN SMITH LIMITED, CLAIMANT", "JOHN SMITH"),  # not a hyphenated surname
    ],
)  # fmt: skip
def test_a_name_does_not_grow_over_words_that_are_not_its_parts(text, core):
    assert _run(text, [(core, "PERSON")]) == [(core, "PERSON")]


def test_other_types_and_neighbouring_spans_are_left_alone():
    text = "at B. Braun Medical, call J. Smith"
    got = _run(text, [("Braun Medical", "ORGANIZATION"), ("Smith", "PERSON")])
    assert got == [("Braun Medical", "ORGANIZATION"), ("J. Smith", "PERSON")]
    text = "Ward C Jones"
    assert _run(text, [("Ward", "LOCATION"), ("C Jones", "PERSON")]) == [
        ("Ward", "LOCATION"),
        ("C Jones", "PERSON"),
    ]


def test_an_initial_makes_a_lone_known_surname_a_name():
    text = 'payments to "M Okeke", sort code'
    i = text.index("Okeke")
    got = person_name_extents(text, [Span(i, i + 5, "PERSON", 0.45, "gazetteer")])
    assert [(text[s.start : s.end], s.score) for s in got] == [("M Okeke", 0.7)]


def test_a_ner_guess_on_the_initials_before_a_name_gives_way():
    text = "MD. TANVIR HASAN CHOWDHURY\nSenior"
    spans = [Span(0, 3, "LOCATION", 0.85, "spacy_ner"), Span(4, 26, "PERSON", 0.85, "spacy_ner")]
    got = [(text[s.start : s.end], s.entity_type) for s in person_name_extents(text, spans)]
    assert got == [("MD. TANVIR HASAN CHOWDHURY", "PERSON")]
    # a span of a rule stays
    spans = [Span(0, 3, "LOCATION", 0.85, "gazetteer"), Span(4, 26, "PERSON", 0.85, "spacy_ner")]
    assert person_name_extents(text, spans) == spans


def test_a_name_in_han_characters_or_hangul_after_a_person_is_a_person_too():
    text = "Insured: CHEUNG Ka Wai (張家偉)\nHKID No.: K512873(4); Kim Min-jun (김민준), Ana (ok)"
    got = _run(text, [("CHEUNG Ka Wai", "PERSON"), ("Kim Min-jun", "PERSON"), ("Ana", "PERSON")])
    assert got == [
        ("CHEUNG Ka Wai", "PERSON"),
        ("張家偉", "PERSON"),
        ("Kim Min-jun", "PERSON"),
        ("김민준", "PERSON"),
        ("Ana", "PERSON"),
    ]
