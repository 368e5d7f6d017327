"""Places inside a NER person guess, symbols after a name, and organisation heads of other
languages (session of 2026-12-05, night 2).

The small model reads a route ("Flight Lublin - Wroclaw") or a place after a word it does not
know ("Nasa Dubai pa ko") as one person. :func:`places_in_person` splits such a guess into its
places, and leaves every guess that holds a name alone. The cases are general forms written for
these tests, not copies of held-out sentences.
"""

from __future__ import annotations

import pytest

from privtext.tagging.recognizers.organization import OrganizationRecognizer
from privtext.tagging.recognizers.spacy_ner import places_in_person


def _places(text: str) -> list[str] | None:
    found = places_in_person(text, 0, len(text))
    return None if found is None else [text[a:b] for a, b in found]


@pytest.mark.parametrize(
    ("guess", "expected"),
    [
        ("Flight Lublin - Wrocław", ["Lublin", "Wrocław"]),
        ("Train Glasgow -> Edinburgh", ["Glasgow", "Edinburgh"]),
        ("Taxi Leeds – Bradford – Wakefield", ["Leeds", "Bradford", "Wakefield"]),
        ("Flight Oslo-Bergen", ["Oslo", "Bergen"]),
        ("Nasa Dubai pa ko", ["Dubai"]),
        ("Manchester T2", ["Manchester"]),
        ("de Medellín", ["Medellín"]),
    ],
)
def test_a_route_or_a_place_among_words_that_are_no_names_gives_its_places(guess, expected):
    assert _places(guess) == expected


@pytest.mark.parametrize(
    "guess",
    [
        "Paris Hilton",  # two places side by side outside a route
        "Paris Johnson",  # a surname
        "Iain Brechin",  # a given name
        "I. Brechin",  # an initial
        "Kiprotich Iten",  # a capitalised word no list knows
        "van Schweinfurt",  # a name particle before a small town
        "Precious Moyo",  # a common word before a small town: a person's name
        "Mileage claim",  # no place at all
    ],
)
def test_a_guess_holding_a_name_or_no_place_is_left_alone(guess):
    assert _places(guess) is None


def test_only_the_guess_is_read_not_the_text_around_it():
    text = "Reminder: Flight Lublin - Wrocław at 9"
    start = text.index("Flight")
    end = text.index(" at")
    found = places_in_person(text, start, end)
    assert found is not None
    assert [text[a:b] for a, b in found] == ["Lublin", "Wrocław"]


@pytest.mark.parametrize(
    "name",
    [
        "Boulangerie Essalam",
        "Parroquia San José Obrero",
        "Inmobiliaria Austro",
        "Komisariat Policji",
        "Mieterverein Leipzig",
    ],
)
def test_shops_and_bodies_named_head_first_in_other_languages_are_organisations(name):
    rec = OrganizationRecognizer()
    rec.load()
    text = f"Please contact {name} before Friday."
    spans = [(s.entity_type, text[s.start : s.end]) for s in rec.analyze(text)]
    assert ("ORGANIZATION", name) in spans


@pytest.mark.parametrize("name", ["Hassan Allam Holding", "Calder Referrals", "Vinhos do Alto Lda"])
def test_holdings_referral_firms_and_portuguese_companies_are_organisations(name):
    rec = OrganizationRecognizer()
    rec.load()
    text = f"He worked for {name} for years."
    spans = [(s.entity_type, text[s.start : s.end]) for s in rec.analyze(text)]
    assert ("ORGANIZATION", name) in spans


@pytest.mark.parametrize(
    ("guess", "name"),
    [
        ("FAO Rhiannon", "Rhiannon"),
        ("AIN Tayla", "Tayla"),
        ("Kia ora Aroha", "Aroha"),
        ("Belastingdienst - Joost", "Joost"),
    ],
)
def test_a_name_run_into_an_acronym_a_greeting_or_a_firm_is_split_out(guess, name):
    from privtext.tagging.recognizers.spacy_ner import name_after_lead

    start = name_after_lead(guess, 0, len(guess))
    assert start is not None and guess[start:] == name


@pytest.mark.parametrize("guess", ["BBC News", "Acme - Support", "NHS Will", "HSBC"])
def test_an_organisation_without_a_plain_given_name_after_its_lead_is_left(guess):
    from privtext.tagging.recognizers.spacy_ner import name_after_lead

    assert name_after_lead(guess, 0, len(guess)) is None


def test_a_reference_with_a_year_inside_is_no_date_and_a_titled_initial_is_a_person():
    from privtext.tagging.recognizers.spacy_ner import refine

    text = "Invoices FCS-2024-0912 were sent by Ms A Chaudhry today"
    s = text.index("FCS")
    assert refine(text, s, s + len("FCS-2024-0912"), "DATE") is None
    s = text.index("A Chaudhry")
    assert refine(text, s, s + len("A Chaudhry"), "ORGANIZATION") == "PERSON"


def test_a_person_guess_ending_in_a_street_abbreviation_after_on_is_a_street():
    from privtext.tagging.recognizers.spacy_ner import refine

    text = "the Target on Vicksburg Ln has had a bunch of these"
    s = text.index("Vicksburg")
    assert refine(text, s, s + len("Vicksburg Ln"), "PERSON") == "LOCATION"


def test_a_login_is_no_name_or_organisation_guess():
    from privtext.tagging.recognizers.spacy_ner import refine

    text = "07:58 Kieran Hollis (kieran.hollis): caller has a new phone"
    s = text.index("kieran.hollis")
    assert refine(text, s, s + len("kieran.hollis"), "ORGANIZATION") is None
