"""Rules from blind set 37: the other items of a list of identifiers, microchip and
interpreter-register numbers, Romanian form fields, a field's abbreviation after a name,
Tagalog dates written month first, ages in form fields of other languages and after a sex."""

from __future__ import annotations

import pytest

from privtext.tagging.base import Span
from privtext.tagging.id_lists import identifier_lists

from .conftest import rules_only_tags as _tagged


def test_the_next_items_of_a_list_of_identifiers_take_the_first_ones_type():
    text = "Client IDs: 88417305 (Harjit), 88417312 (Gurpreet) and 88417320"
    first = Span(12, 20, "ACCOUNT_NUMBER", 0.85, "x")
    got = identifier_lists(text, [first])
    assert [text[s.start : s.end] for s in got] == ["88417305", "88417312", "88417320"]
    assert {s.entity_type for s in got} == {"ACCOUNT_NUMBER"}


@pytest.mark.parametrize(
    "text",
    [
        "Ref 88417305, 884173 and 2025.",  # another length
        "Ref 88417305, 88417312-A",  # a longer code
        "Ref 88417305. 88417312 is a phone",  # no list separator
    ],
)
def test_a_number_of_another_shape_or_outside_the_list_is_left_alone(text):
    first = Span(4, 12, "CASE_NUMBER", 0.85, "x")
    assert identifier_lists(text, [first]) == [first]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Scan: chip 941000025873214 read at 08:20.", "941000025873214"),
        ("N° d'identification : 250269606218743   Passeport", "250269606218743"),
        ("Předmět: Potvrzení registrace – čip 203098100287415", "203098100287415"),
        ("through the interpreter, Vesna Ilić (NRPSI 11873)", "11873"),
        ("DBS certificates: 001784523619 (Beverley), 001784523627 (Chinedu)", "001784523627"),
    ],
)
def test_microchip_certificate_and_interpreter_register_numbers(text, value):
    assert any(v == value for _, v in _tagged(text))


def test_a_romanian_applicant_field_stops_before_the_id_abbreviation():
    got = _tagged("Solicitant: Florin-Cătălin Moraru, CNP 1781112402130, domiciliat în Cluj")
    assert ("PERSON", "Florin-Cătălin Moraru") in got


def test_a_tagalog_date_month_first_and_an_age_field():
    got = _tagged("Kaarawan: Marso 3, 1976      Edad: 49")
    assert ("DATE", "Marso 3, 1976") in got
    assert ("AGE", "49") in got
    assert not any(t == "STREET_ADDRESS" for t, _ in got)


def test_an_age_after_a_sex_but_not_a_weight():
    got = _tagged("Potential donor: male, 58   Recipient: female, 34; male, 120 kg")
    ages = [v for t, v in got if t == "AGE"]
    assert ages == ["58", "34"]
