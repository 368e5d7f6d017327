"""STREET_ADDRESS and POSTCODE recognizers: address blocks, European forms, postcode shapes."""

import pytest

from privtext.tagging.recognizers.address import PostcodeRecognizer, StreetAddressRecognizer

R = StreetAddressRecognizer()
P = PostcodeRecognizer()
THRESHOLD = 0.5


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("221B Baker Street\nLondon NW1 6XE", "221B Baker Street\nLondon NW1 6XE"),
        (
            "He lives at 12 Main Street, Springfield, IL 62704, and works there.",
            "12 Main Street, Springfield, IL 62704",
        ),
        (
            "1600 Pennsylvania Avenue NW, Washington, DC 20500",
            "1600 Pennsylvania Avenue NW, Washington, DC 20500",
        ),
        (
            "350 5th Avenue, Suite 300, New York, NY 10118",
            "350 5th Avenue, Suite 300, New York, NY 10118",
        ),
        (
            "Flat 3, Rose Court, 17 Mill Lane\nCambridge CB2 1TN",
            "Flat 3, Rose Court, 17 Mill Lane\nCambridge CB2 1TN",
        ),
        ("Apt 4B, 45 Elm Street", "Apt 4B, 45 Elm Street"),
        ("send it to 12-14 Church Lane.", "12-14 Church Lane"),
        ("No. 5 Mill Lane", "No. 5 Mill Lane"),
        ("12 St Mary's Road", "12 St Mary's Road"),
        ("15 rue de Rivoli, 75001 Paris", "15 rue de Rivoli, 75001 Paris"),
        ("écrire rue de la Paix 5", "rue de la Paix 5"),
        ("Hauptstraße 12\n10115 Berlin\nGermany", "Hauptstraße 12\n10115 Berlin\nGermany"),
        ("Berliner Straße 5", "Berliner Straße 5"),
        ("Calle Mayor 3, Madrid", "Calle Mayor 3, Madrid"),
        ("Via Roma 10", "Via Roma 10"),
        ("Kerkstraat 4, 1012 AB Amsterdam", "Kerkstraat 4, 1012 AB Amsterdam"),
        ("Prinsengracht 263", "Prinsengracht 263"),
        ("write to P.O. Box 1234", "P.O. Box 1234"),
        ("She lives on Elm Street now", "Elm Street"),
    ],
)
def test_when_an_address_appears_then_the_whole_block_is_one_span(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == [("STREET_ADDRESS", expected)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12 Oak Road\nDear John,", "12 Oak Road"),
        ("12 Oak Road. The house is old.", "12 Oak Road"),
        ("12 Oak Road\nMary called yesterday", "12 Oak Road"),
    ],
)
def test_when_prose_follows_an_address_then_it_is_not_swallowed(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == [("STREET_ADDRESS", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "On 12 March Court proceedings began",
        "in 1998 Oxford Road was closed",
        "the 47 Member States",
        "Article 6 Court",
        "3 Dr Smith",
        "We met in Mill Lane",  # no residence cue: below the threshold
        "page 12 Section 4",
    ],
)
def test_when_text_is_not_an_address_then_nothing_is_tagged(text, spans_of):
    assert spans_of(R, text, THRESHOLD) == []


def test_when_a_residence_cue_precedes_then_the_address_scores_higher():
    plain = R.analyze("12 Oak Road")[0].score
    cued = R.analyze("my address is 12 Oak Road")[0].score
    assert cued > plain >= THRESHOLD


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("London SW1A 1AA", "SW1A 1AA"),
        ("NW1 6XE", "NW1 6XE"),
        ("Ottawa, ON K1A 0B1", "K1A 0B1"),
        ("Springfield, IL 62704", "62704"),
        ("Austin, Texas 78701-1234", "78701-1234"),
        ("zip code 90210", "90210"),
        ("1012 AB Amsterdam", "1012 AB"),
        ("75001 Paris", "75001"),
        ("PLZ 10115", "10115"),
    ],
)
def test_when_a_postcode_appears_then_it_is_tagged(text, expected, spans_of):
    assert spans_of(P, text, THRESHOLD) == [("POSTCODE", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "in 2019 we paid 12000 euros",
        "order 90210 shipped",  # a bare 5-digit number
        "in 1000 BC",
        "in 2020 US sales grew",
        "12000 Euros",
        "the year 1998",
        "version 12345",
    ],
)
def test_when_a_number_is_not_a_postcode_then_nothing_is_tagged(text, spans_of):
    assert spans_of(P, text, THRESHOLD) == []
