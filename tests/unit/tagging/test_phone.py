"""PHONE recognizer: formatted numbers in several regions; other digit strings ignored."""

import pytest
from phonenumbers import Leniency, PhoneNumberMatcher

from privtext.tagging.recognizers.phone import (
    PhoneRecognizer,
    _dedupe,
    _digit_groups,
    _match_window,
    _region_filter,
)

R = PhoneRecognizer()
THRESHOLD = 0.5  # default policy min_score


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Call me at (415) 555-2671 today", "(415) 555-2671"),
        ("UK office: +44 20 7946 0958.", "+44 20 7946 0958"),
        ("portable 06 12 34 56 78", "06 12 34 56 78"),
        ("ring 020 7946 0958 now", "020 7946 0958"),
        ("US +1-202-555-0143", "+1-202-555-0143"),
        ("Tel. +49 30 901820", "+49 30 901820"),
        ("mobile +91 98765 43210", "+91 98765 43210"),
    ],
)
def test_when_a_formatted_number_appears_then_it_is_tagged(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == [("PHONE", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "The year 2023 had 365 days.",
        "order 12345 shipped",
        "date 2023-10-12 and time 10:30:00",
        "version 1.2.3.4 released",
        "ISBN 978-3-16-148410-0",
        "pi is 3.14159265358979",
        "order number 1234567890",
    ],
)
def test_when_digits_are_not_a_phone_number_then_nothing_is_tagged(text, spans_of):
    assert spans_of(R, text, THRESHOLD) == []


def test_when_a_bare_digit_run_has_phone_context_then_it_reaches_the_threshold(spans_of):
    assert spans_of(R, "order 9876543210", THRESHOLD) == []
    assert spans_of(R, "call me on 9876543210", THRESHOLD) == [("PHONE", "9876543210")]
    # "his number is": a person's number is a telephone
    assert spans_of(R, "His number is 08137724419. Bye", THRESHOLD) == [("PHONE", "08137724419")]


def test_when_several_regions_match_one_number_then_it_is_tagged_once():
    spans = R.analyze("Reach us: +44 20 7946 0958 or +33 1 42 68 53 00.")
    assert [(s.start, s.end) for s in spans] == sorted({(s.start, s.end) for s in spans})
    assert len(spans) == 2


def test_when_regions_are_configured_then_only_those_interpret_national_numbers(spans_of):
    fr_only = PhoneRecognizer(regions=("FR",))
    assert spans_of(fr_only, "Call (415) 555-2671", THRESHOLD) == []
    assert spans_of(fr_only, "appelez le 01 42 68 53 00", THRESHOLD) == [
        ("PHONE", "01 42 68 53 00")
    ]


def test_when_region_is_unknown_then_construction_fails_naming_it():
    with pytest.raises(ValueError, match="'XX'"):
        PhoneRecognizer(regions=("US", "XX"))


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("m: +44 7700 900 482", "+44 7700 900 482"),  # Ofcom drama range: possible, not valid
        ("call me on 555-0134 tonight", "555-0134"),
    ],
)
def test_when_a_number_is_fictional_but_phone_shaped_then_it_is_still_tagged(text, number):
    spans = [s for s in PhoneRecognizer().analyze(text) if s.score >= 0.5]
    assert [text[s.start : s.end] for s in spans] == [number]


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("call 0161 496 0732 ext. 4410 today", "0161 496 0732 ext. 4410"),
        ("Tel: 0117 496 2281, extension 4417.", "0117 496 2281, extension 4417"),
        ("or +63 32 253 9907 local 214 if you need", "+63 32 253 9907 local 214"),
        ("on (201) 555-0172 x214 or", "(201) 555-0172 x214"),
        ("ring 0117 496 2281 next week", "0117 496 2281"),
    ],
)
def test_an_extension_written_after_a_number_is_part_of_it(text, number):
    spans = [s for s in PhoneRecognizer().analyze(text) if s.score >= 0.5]
    assert [text[s.start : s.end] for s in spans] == [number]


# The shortcuts of ``_match_window`` (region filter, early stop) must find exactly what the
# plain matcher finds over every region: numbers of many countries, with trunk prefixes,
# country codes with and without "+", international prefixes, extensions, two numbers in one
# window, fictional ranges, and ids, cards and IBAN digits that are no phone numbers.
_WINDOWS = [
    "Tel: 01452 525 103 today",
    "Mob 07412 668 309.",
    "call (415) 555-2671 now",
    "+44 20 7946 0958 or",
    "ring 0044 20 7946 0958",
    "from US 011 44 20 7946 0958",
    "1 800 555 0199 toll",
    "1-212-555-0143 x214",
    "0161 496 0732 ext. 4410 ",
    "portable 06 12 34 56 78",
    "Handy 0171 2345678 bitte",
    "móvil 612 34 56 78 ",
    "cell 98765 43210 ",
    "tel 0300 1234567 ",
    "(02) 9374 4000 Sydney",
    "call 012-345 6789 KL",
    "(11) 98765-4321 SP",
    "0803 123 4567 Lagos",
    "021 555 0123 CT",
    "0917 123 4567 Manila",
    "0722 123456 Nairobi",
    "+65 6123 4567 ",
    "(01) 855 2211 Dublin",
    "021 456 7890 Auckland",
    "55 1234 5678 CDMX",
    "(01443 841 227 / 07817 662 093)",
    "m: +44 7700 900 482",
    "call me on 555-0134 tonight",
    "card 4539 1488 0343 6467\n",
    "IBAN GB20 MZXU 1869 2642 0394 73\n",
    "Aadhaar: 7302 5518 9046\n",
    "NHS no.: 485 771 2093 ",
    "ref 1187-2209-4410). ",
    "no. 36110/97 of",
    "order 123456789012345678901 ",
]


@pytest.mark.parametrize("leniency", [Leniency.VALID, Leniency.POSSIBLE])
def test_the_window_shortcuts_find_what_every_region_finds(leniency):
    regions = PhoneRecognizer().regions
    for chunk in _WINDOWS:
        plain = []
        for region in regions:
            plain += [
                (m.start, m.end) for m in PhoneNumberMatcher(chunk, region, leniency=leniency)
            ]
        assert _match_window.__wrapped__(chunk, regions, leniency) == tuple(_dedupe(plain)), chunk


def test_the_region_filter_skips_regions_where_no_number_can_be_valid():
    regions = PhoneRecognizer().regions
    f = _region_filter(regions)
    digits, starts, ends = _digit_groups("call 0161 496 0732 now")
    runs = [r for r in regions if f.could_match(r, Leniency.VALID, digits, starts, ends)]
    assert "GB" in runs and runs[0] == regions[0]
    assert "FR" not in runs and "ES" not in runs  # nine-digit national numbers only
    # an international prefix opens every region that dials out with it
    digits, starts, ends = _digit_groups("0044 161 496 0732")
    assert f.could_match("FR", Leniency.VALID, digits, starts, ends)


def test_the_region_filter_is_linear_in_a_window_of_many_short_groups(monkeypatch):
    """A column of numbers ("1 1 1 ...") once made the filter try every pair of groups: 4.5
    million digit strings for 3,000 groups, 50 s for one text. It now tries only strings a
    dialled number could be (at most 40 digits) and each distinct string once."""
    from privtext.tagging.recognizers import phone

    calls: list[str] = []
    real = phone._national_numbers

    def counting(d, *args):
        calls.append(d)
        return real(d, *args)

    monkeypatch.setattr(phone, "_national_numbers", counting)
    f = _region_filter(PhoneRecognizer().regions)
    digits, starts, ends = _digit_groups("1 " * 3000)
    assert not f.could_match("GB", Leniency.VALID, digits, starts, ends)
    assert len(calls) == len(set(calls)) <= 40
    assert max(len(d) for d in calls) <= phone._MAX_DIALLED_DIGITS
    # the bound never hides a number: one at the end of a long window is still found
    digits, starts, ends = _digit_groups("7 " * 500 + "0161 496 0732")
    assert f.could_match("GB", Leniency.VALID, digits, starts, ends)


def test_the_first_region_is_filtered_too_unless_a_plus_sign_is_there():
    # a number written with "+" is read the same in every region, so the first region runs on
    # it whatever its digits; without one, the first region is filtered like the others
    regions = PhoneRecognizer().regions
    f = _region_filter(regions)
    chunk = "ref 12 34"  # four digits: no valid number of the first region
    digits, starts, ends = _digit_groups(chunk)
    assert not f.could_match(regions[0], Leniency.VALID, digits, starts, ends, plus=False)
    assert f.could_match(regions[0], Leniency.VALID, digits, starts, ends, plus=True)
    for chunk in ("+44 161 496 0732", "\uff0b33 6 12 34 56 78", "ref 12 34, call 0161 496 0732"):
        plain = []
        for region in regions:
            plain += [(m.start, m.end) for m in PhoneNumberMatcher(chunk, region)]
        assert _match_window.__wrapped__(chunk, regions) == tuple(_dedupe(plain)), chunk


def test_the_region_filter_needs_a_number_type_for_a_valid_number():
    # "07 29 04 84 04" has the length and the general form of a French number (0 + nine
    # digits), but no French number type (fixed line, mobile, ...) starts with 72: no valid
    # French number is there, while "06 12 34 56 78" (a mobile) is
    regions = PhoneRecognizer().regions
    f = _region_filter(regions)
    for chunk, france in (("tel 07 29 04 84 04", False), ("tel 06 12 34 56 78", True)):
        digits, starts, ends = _digit_groups(chunk)
        assert f.could_match("FR", Leniency.VALID, digits, starts, ends) is france, chunk
        assert f.could_match("FR", Leniency.POSSIBLE, digits, starts, ends), chunk
        found = list(PhoneNumberMatcher(chunk, "FR", leniency=Leniency.VALID))
        assert bool(found) is france, chunk


def test_an_iso_date_and_time_is_no_phone_number(spans_of):
    text = "no line\n2025-01-09 07:16 from EcoCash: Transfer"
    assert spans_of(R, text, 0.0) == []


def test_a_fictional_plus_number_in_brackets_is_tagged_without_its_bracket():
    from privtext.tagging.recognizers.phone import PhoneRecognizer

    text = "Spoke to Mr Ellery's partner, Naomi Clarke (+44 7700 900844), who is in Ruhpolding."
    spans = PhoneRecognizer().analyze(text)
    assert [(text[s.start : s.end], s.score >= 0.5) for s in spans] == [("+44 7700 900844", True)]
