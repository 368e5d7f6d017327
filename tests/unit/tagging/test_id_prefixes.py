"""Identifiers grow over the country code before them (privtext.tagging.id_prefixes)."""

from privtext.tagging.base import Span
from privtext.tagging.id_prefixes import identifier_country_prefixes


def _span(text, surface, etype):
    i = text.index(surface)
    return Span(i, i + len(surface), etype, 0.85, "test")


def test_a_country_code_before_an_identifier_joins_it():
    text = "Driver card no.: PL 00000 4471823 1"
    out = identifier_country_prefixes(text, [_span(text, "00000 4471823 1", "ACCOUNT_NUMBER")])
    assert text[out[0].start : out[0].end] == "PL 00000 4471823 1"


def test_a_telephone_after_a_country_code_is_an_identifier():
    text = "The EORI on the invoice is GB 2718 4405 1000 but"
    out = identifier_country_prefixes(text, [_span(text, "2718 4405 1000", "PHONE")])
    assert (text[out[0].start : out[0].end], out[0].entity_type) == (
        "GB 2718 4405 1000",
        "NATIONAL_ID",
    )


def test_words_and_other_types_are_left_alone():
    text = "Ask IT 4471 2290 or see AT 55120, the RE 4412 and room NO 12"
    spans = [
        _span(text, "4471 2290", "CASE_NUMBER"),
        _span(text, "55120", "CASE_NUMBER"),
        _span(text, "4412", "DATE"),
    ]
    assert identifier_country_prefixes(text, spans) is spans
    text = "call XGB 0774431"  # the code must stand alone
    spans = [_span(text, "0774431", "CASE_NUMBER")]
    assert identifier_country_prefixes(text, spans) is spans


def _widened(text, surface, etype="NATIONAL_ID"):
    from privtext.tagging.id_prefixes import identifier_series_letters

    out = identifier_series_letters(text, [_span(text, surface, etype)])
    return text[out[0].start : out[0].end]


def test_series_letters_apart_from_the_digits_join_the_identifier():
    assert _widened("Seafarer CDC MUM 247819 |", "247819") == "MUM 247819"
    assert _widened("військовий квиток АА 471209,", "471209") == "АА 471209"
    assert _widened("ναυτικό φυλλάδιο ΠΕ 041877.", "041877") == "ΠΕ 041877"
    assert _widened("Vehicle: plate 4812736 LP.", "4812736") == "4812736 LP"
    assert _widened("NI number ZZ 706816 T", "ZZ 706816", "CASE_NUMBER") == "ZZ 706816 T"


def test_labels_words_and_units_are_no_series_letters():
    assert _widened("NIF 258417730, CC 13847702", "13847702") == "13847702"
    assert _widened("Staff ID 318452 today", "318452") == "318452"
    assert _widened("order 123456 GB was sent", "123456", "CASE_NUMBER") == "123456"
    assert _widened("ref 123456 at 10 AM", "123456", "CASE_NUMBER") == "123456"
    assert _widened("no. 123456 A lot of", "123456", "CASE_NUMBER") == "123456"
    assert _widened("BSB 062-000", "062-000", "ACCOUNT_NUMBER") == "062-000"
    assert _widened("PERSON\nAB 123456", "123456") == "123456"  # letters opening a line
