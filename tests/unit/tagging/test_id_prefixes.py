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
