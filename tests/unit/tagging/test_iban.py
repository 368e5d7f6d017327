"""IBAN recognizer: compact or grouped IBANs validated by stdnum."""

import pytest

from privtext.tagging.recognizers.iban import IbanRecognizer

R = IbanRecognizer()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("IBAN GB82 WEST 1234 5698 7654 32 thanks", "GB82 WEST 1234 5698 7654 32"),
        ("pay to GB82WEST12345698765432.", "GB82WEST12345698765432"),
        ("DE89 3704 0044 0532 0130 00 AND MORE", "DE89 3704 0044 0532 0130 00"),
        ("FR14 2004 1010 0505 0001 3M02 606", "FR14 2004 1010 0505 0001 3M02 606"),
        ("(NL91ABNA0417164300)", "NL91ABNA0417164300"),
        ("ES91 2100 0418 4502 0005 1332", "ES91 2100 0418 4502 0005 1332"),
    ],
)
def test_when_a_valid_iban_appears_then_it_is_tagged(text, expected, spans_of):
    assert spans_of(R, text) == [("IBAN", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "GB82 WEST 1234 5698 7654",  # too short for a British IBAN
        "XX82 WEST 1234 5698 7654 32",  # unknown country
        "gb82 west 1234 5698 7654 32",  # lower case is not matched
        "DE89370400440532013000X",  # glued to a letter
        "AB12 CD",
    ],
)
def test_when_iban_checksum_or_format_is_invalid_then_nothing_is_tagged(text, spans_of):
    assert spans_of(R, text) == []


def test_when_an_iban_shaped_string_fails_its_checksum_after_iban_then_it_is_tagged_lower():
    from privtext.tagging.recognizers.iban import IbanRecognizer

    text = "pay to IBAN DE44 5005 0201 0000 8847 21, quoting"
    spans = IbanRecognizer().analyze(text)
    assert [(text[s.start : s.end], s.score) for s in spans] == [
        ("DE44 5005 0201 0000 8847 21", IbanRecognizer.SHAPE_SCORE)
    ]
    # without the word: tagged only when nothing but the check digits is wrong
    text = "the code DE44 5005 0201 0000 8847 21 is bad"
    assert [s.score for s in IbanRecognizer().analyze(text)] == [IbanRecognizer.SHAPE_SCORE]
    assert IbanRecognizer().analyze("the code DE44 5005 0201 0000 8847 2 is bad") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("GB82 WEST 1234 5698 7654 33", "GB82 WEST 1234 5698 7654 33"),  # checksum off by one
        ("GB83WEST12345698765432", "GB83WEST12345698765432"),
        ("due to TBC Bank GE29 TB00 0000 0360 1234 56; put", "GE29 TB00 0000 0360 1234 56"),
        ("to the Seller's account LV80 HABA 0551 0348 1276 5.", "LV80 HABA 0551 0348 1276 5"),
    ],
)
def test_an_iban_whose_only_fault_is_its_check_digits_is_tagged_lower(text, expected):
    from privtext.tagging.recognizers.iban import IbanRecognizer

    spans = IbanRecognizer().analyze(text)
    assert [(text[s.start : s.end], s.score) for s in spans] == [
        (expected, IbanRecognizer.SHAPE_SCORE)
    ]


def test_a_labelled_iban_that_fails_its_checksum_beats_a_phone_number_read_inside_it():
    from privtext.tagging.registry import Tagger

    text = "IBAN: GB47 YORK 0512 3388 2901 74\n\nQueries: accounts"
    got = [(text[s.start : s.end], s.entity_type) for s in Tagger.default().tag(text)]
    assert ("GB47 YORK 0512 3388 2901 74", "IBAN") in got


def test_a_partly_masked_iban_is_an_iban():
    from privtext.tagging.recognizers.iban import IbanRecognizer

    text = '"€220.00 sent to IE29 BOFI 9000 01** **** 78" on 22 December; ref AB12 CDEF 3456.'
    got = [text[s.start : s.end] for s in IbanRecognizer().analyze(text)]
    assert got == ["IE29 BOFI 9000 01** **** 78"]
