"""Form field labels are no entities (privtext.tagging.labels)."""

from __future__ import annotations

import pytest

from privtext.tagging.base import Span
from privtext.tagging.labels import field_labels_are_no_entities


def _kept(text: str, surface: str, etype: str = "PERSON") -> bool:
    i = text.index(surface)
    spans = [Span(i, i + len(surface), etype, 0.85, "spacy_ner")]
    return bool(field_labels_are_no_entities(text, spans))


@pytest.mark.parametrize(
    ("text", "surface", "etype"),
    [
        ("Name: Ana Silva\nDOB: 11/03/1985", "DOB", "PERSON"),
        ("Name: Tan Boon Keat\nNRIC: 780514-10-5523", "NRIC", "PERSON"),
        ("Age: 38\nEmployer: Port of New Orleans", "Employer", "PERSON"),
        ("Tracking: SWD88\nOccupation: bus driver", "Occupation", "PERSON"),
        ("Datum: 07.04.2025\nBetreff: Your relocation", "Betreff", "PERSON"),
        ("Dyddiad / Date: 10/02/2025", "Dyddiad / Date", "ORGANIZATION"),
        ("Monthly rent: $875\nLandlord name & phone: Bobby", "Landlord name & phone",
         "ORGANIZATION"),
        ("Surname: Lee    Home county: Elgeyo-Marakwet", "Home county", "LOCATION"),
        ("OCCUPANT LEE DUNMORE DOB 04/11/1987, WARNING", "DOB", "PERSON"),
    ],
)  # fmt: skip
def test_a_field_label_is_dropped(text, surface, etype):
    assert not _kept(text, surface, etype)


@pytest.mark.parametrize(
    ("text", "surface", "etype"),
    [
        ("Maria: are you coming?\nTom: yes", "Maria", "PERSON"),  # a chat speaker
        ("Okonkwo: I disagree", "Okonkwo", "PERSON"),  # a rare word: a name
        ("MUMBAI: Police said on Monday", "MUMBAI", "LOCATION"),  # a dateline
        ("We met the Employer: no", "Employer", "PERSON"),  # not in a label's place
        ("see http: Sender", "Sender", "PERSON"),
    ],
)  # fmt: skip
def test_names_and_words_out_of_a_labels_place_are_kept(text, surface, etype):
    assert _kept(text, surface, etype)


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("Bank: Nationwide    Sort code: 07-04-36", "Nationwide"),
        ("Employer: Port of New Orleans\nPosition: RN", "Port of New Orleans"),
        ("Company name: Sevan Trading FZE\nLicence", "Sevan Trading FZE"),
    ],
)
def test_the_value_of_an_organisation_field_is_an_organisation(text, org):
    from privtext.tagging.labels import organisations_in_fields

    got = organisations_in_fields(text, [])
    assert [(text[s.start : s.end], s.entity_type) for s in got] == [(org, "ORGANIZATION")]


def test_an_organisation_field_keeps_a_pattern_tag_and_skips_lower_case_values():
    from privtext.tagging.labels import organisations_in_fields

    text = "Employer: self-employed\nBank: Lloyds Bank plc"
    i = text.index("Lloyds")
    span = Span(i, len(text), "ORGANIZATION", 0.86, "organization_shape")
    assert organisations_in_fields(text, [span]) == [span]


def test_a_hyphenated_given_name_before_a_colon_is_no_label():
    from privtext.tagging.labels import _label_word

    assert not _label_word("Kerry-Ann")
    assert _label_word("Follow-up")


def test_tax_and_trade_number_names_are_no_organisations():
    from privtext.tagging.base import Span
    from privtext.tagging.labels import field_labels_are_no_entities

    text = "Employer: TRANS-DUDEK Sp. j., NIP 573-280-11-46; broker EORI GB271844051000"
    spans = [
        Span(text.index("NIP"), text.index("NIP") + 3, "ORGANIZATION", 0.8, "spacy_ner"),
        Span(text.index("EORI"), text.index("EORI") + 4, "ORGANIZATION", 0.8, "spacy_ner"),
    ]
    assert field_labels_are_no_entities(text, spans) == []


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("Kiracı: Sarah Whitfield-Jones\nAraç: Renault Clio", "Araç"),
        ("Předmět: Reklamace\nKomu: reklamace@example.cz", "Předmět"),
        ("Тема: заявка\nТелефон: +380 44 555 1234", "Телефон"),
    ],
)
def test_a_common_word_of_another_language_before_a_colon_is_a_label(text, surface):
    assert not _kept(text, surface)


def test_a_name_in_another_script_before_a_colon_is_a_chat_speaker():
    assert _kept("10:02 عبدالله: السلام عليكم\n10:03 د. نورة: أهلاً", "عبدالله")


def test_only_the_languages_a_label_word_or_its_document_point_to_are_looked_up():
    from privtext.tagging.labels import _languages_of
    from privtext.tagging.language import other_languages

    assert "tr" in _languages_of("Araç", ())
    assert _languages_of("Телефон", ()) == ("ru", "uk", "bg", "mk")
    assert _languages_of("Renter", ()) == ()  # an English document loads no other word list
    text = "Der Mieter und die Vermieterin haben mit dem Vertrag nicht bezahlt, die Miete ist"
    assert other_languages(text) == ("de",)
