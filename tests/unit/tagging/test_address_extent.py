"""Address spans grow over the address parts next to them (privtext.tagging.address_extent)."""

from __future__ import annotations

import pytest

from privtext.tagging.address_extent import (
    dublin_districts,
    organisation_lines_out_of_addresses,
    widen_address_spans,
)
from privtext.tagging.base import Span


def _run(text: str, spans: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    built = []
    for surface, etype, source in spans:
        i = text.index(surface)
        built.append(Span(i, i + len(surface), etype, 0.85, source))
    built.sort(key=lambda s: s.start)
    return [(text[s.start : s.end], s.entity_type) for s in widen_address_spans(text, built)]


ADDR = "STREET_ADDRESS"


@pytest.mark.parametrize(
    ("text", "anchor", "whole"),
    [
        # named buildings and units before the street, on the same line
        ("Send it to Flat 5, Glan y Môr, Beach Road, Bangor LL57 2SW please.",
         "Beach Road, Bangor LL57 2SW", "Flat 5, Glan y Môr, Beach Road, Bangor LL57 2SW"),
        ("Office: Tower B, 5th Floor, EPIP Zone, Whitefield, Bengaluru 560066\n",
         "Whitefield, Bengaluru 560066",
         "Tower B, 5th Floor, EPIP Zone, Whitefield, Bengaluru 560066"),
        # a unit word opens an address inside a sentence
        ("owner of the residential flat G-3, 14 Sampige Road, Bengaluru 560003, the",
         "14 Sampige Road, Bengaluru 560003", "flat G-3, 14 Sampige Road, Bengaluru 560003"),
        # the region or country after the postcode, up to the end of the line
        ("at No. 23, Jalan SS 2/64, 47300 Petaling Jaya, Selangor Darul Ehsan\nTel",
         "No. 23, Jalan SS 2/64, 47300 Petaling Jaya",
         "No. 23, Jalan SS 2/64, 47300 Petaling Jaya, Selangor Darul Ehsan"),
        ("Plot 22, Adetokunbo Ademola Crescent, Wuse II, Abuja, FCT.",
         "Plot 22, Adetokunbo Ademola Crescent, Wuse II, Abuja",
         "Plot 22, Adetokunbo Ademola Crescent, Wuse II, Abuja, FCT"),
        # the lines above the street in a postal block, up to the addressee
        ("Mr P. Byrne\nApartment 22, Block C\nClongriffin Gardens\nDublin 13\nD13 X2N6\n\nDear",
         "Dublin 13\nD13 X2N6", "Apartment 22, Block C\nClongriffin Gardens\nDublin 13\nD13 X2N6"),
    ],
)  # fmt: skip
def test_an_address_grows_over_its_parts(text, anchor, whole):
    got = _run(text, [(anchor, ADDR, "address_merge")])
    assert (whole, ADDR) in got


def test_a_bare_postcode_takes_its_place_and_the_parts_before():
    text = "Flat C-804, Sobha Daffodil, 27th Main, HSR Layout Sector 2, Bengaluru 560102\nPhone"
    got = _run(text, [("560102", "POSTCODE", "postcode_pattern")])
    assert got == [(text.split("\n")[0], ADDR)]


def test_a_unit_number_and_ner_guesses_inside_are_folded_in():
    text = "Home: Blk 318 Clementi Avenue 5, #09-221, Singapore 120318\n"
    got = _run(
        text,
        [
            ("Blk 318 Clementi Avenue 5", ADDR, "street_address_pattern"),
            ("09-221", "CASE_NUMBER", "case_number_pattern"),
            ("Singapore 120318", ADDR, "address_merge"),
        ],
    )
    assert got == [("Blk 318 Clementi Avenue 5, #09-221, Singapore 120318", ADDR)]


@pytest.mark.parametrize(
    ("text", "spans", "anchor"),
    [
        # a company before the street stays a company
        ("Witness: Oscar Bell, solicitor, Avonside Legal, 3 Queen Square, Bristol BS1 4JE",
         [("Avonside Legal", "ORGANIZATION", "spacy_ner")], "3 Queen Square, Bristol BS1 4JE"),
        # the addressee's name line, a date, and prose are no address parts
        ("Ms Ana Silva\n12 Elm Road\nLeeds LS1 4AB",
         [("Ana Silva", "PERSON", "gazetteer")], "12 Elm Road\nLeeds LS1 4AB"),
        ("On 12 March 2024, 4 Mill Lane, Leeds LS2 7AA was sold.",
         [("12 March 2024", "DATE", "date_pattern")], "4 Mill Lane, Leeds LS2 7AA"),
        ("Thanks and regards, 4 Mill Lane, Leeds LS2 7AA, and more text", [],
         "4 Mill Lane, Leeds LS2 7AA"),
    ],
)  # fmt: skip
def test_an_address_does_not_take_what_is_not_its_part(text, spans, anchor):
    got = _run(text, [*spans, (anchor, ADDR, "address_merge")])
    assert (anchor, ADDR) in got
    for surface, etype, _ in spans:
        assert (surface, etype) in got


def test_a_letterhead_line_above_the_block_stays_a_company():
    text = "Harbourside Building Society\nHarbourside House, 1 Gunwharf Way, Portsmouth PO1 3AX"
    got = _run(
        text,
        [
            ("Harbourside Building Society", "ORGANIZATION", "organization_shape"),
            ("1 Gunwharf Way, Portsmouth PO1 3AX", ADDR, "address_merge"),
        ],
    )
    assert got == [
        ("Harbourside Building Society", "ORGANIZATION"),
        ("Harbourside House, 1 Gunwharf Way, Portsmouth PO1 3AX", ADDR),
    ]


def _split(text: str) -> list[tuple[str, str]]:
    spans = [Span(0, len(text), ADDR, 0.9, "street_address_pattern")]
    return [
        (text[s.start : s.end], s.entity_type)
        for s in organisation_lines_out_of_addresses(text, spans)
    ]


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("Nuffield Orthopaedic Centre\nWindmill Road\nHeadington\nOxford OX3 7LD",
         "Nuffield Orthopaedic Centre"),
        ("Harbourside Building Society\nHarbourside House, 1 Gunwharf Way, Portsmouth PO1 3AX",
         "Harbourside Building Society"),
        ("NORTH TYNESIDE MAGISTRATES' COURT\nThe Court House, Tynemouth Road, North Shields",
         "NORTH TYNESIDE MAGISTRATES' COURT"),
    ],
)  # fmt: skip
def test_an_organisation_heading_a_postal_block_is_split_off(text, org):
    got = _split(text)
    assert got[0] == (org, "ORGANIZATION")
    assert got[1] == (text[len(org) + 1 :], ADDR)


@pytest.mark.parametrize(
    "text",
    [
        "Rose Court\n12 High Street\nLeeds LS1 4AB",  # a building named like an organisation
        "Flat 3, Acme House\n12 High Street\nLeeds LS1 4AB",  # a digit: an address line
        "12 High Street, Leeds LS1 4AB",  # one line
    ],
)
def test_an_address_line_is_not_split_off(text):
    assert _split(text) == [(text, ADDR)]


@pytest.mark.parametrize(
    ("text", "surface", "widened"),
    [
        ("Clinic: Rathmines, Dublin 6\n", "Dublin", "Dublin 6"),
        ("a flat in Cabra (Dublin 7) on", "Dublin", "Dublin 7"),
        ("PO Box 11854, Dublin 2", "PO Box 11854, Dublin", "PO Box 11854, Dublin 2"),
        ("Terenure, Dublin 6W.", "Dublin", "Dublin 6W"),
        ("in Dublin 2024 it rained", "Dublin", "Dublin"),  # a year, no district
        ("in Dublin 25 people came", "Dublin", "Dublin"),  # no district 25
        ("Dublin 4.5 km away", "Dublin", "Dublin"),
    ],
)
def test_a_dublin_postal_district_belongs_to_the_place(text, surface, widened):
    start = text.index(surface)
    kind = "STREET_ADDRESS" if "Box" in surface else "LOCATION"
    out = dublin_districts(text, [Span(start, start + len(surface), kind, 0.8, "t")])
    assert [text[s.start : s.end] for s in out] == [widened]


def test_a_country_line_in_its_own_language_joins_and_the_addressee_line_does_not():
    text = (
        "To:\nPan Krzysztof Dudek\nul. Ko\u015bciuszki 27/3\n42-200 Cz\u0119stochowa\nPOLSKA\n\n"
        "Date"
    )
    got = _run(
        text,
        [
            ("Pan Krzysztof Dudek", "PERSON", "spacy_ner"),
            ("ul. Ko\u015bciuszki 27/3\n42-200 Cz\u0119stochowa", "STREET_ADDRESS", "street"),
        ],
    )
    assert ("Pan Krzysztof Dudek", "PERSON") in got
    assert ("ul. Ko\u015bciuszki 27/3\n42-200 Cz\u0119stochowa\nPOLSKA", "STREET_ADDRESS") in got
    # a line that is no country stays out
    text = "ul. Ko\u015bciuszki 27/3\n42-200 Cz\u0119stochowa\nPlease reply\n"
    got = _run(text, [("ul. Ko\u015bciuszki 27/3\n42-200 Cz\u0119stochowa", "STREET_ADDRESS", "s")])
    assert got == [("ul. Ko\u015bciuszki 27/3\n42-200 Cz\u0119stochowa", "STREET_ADDRESS")]


def test_a_job_title_and_a_name_after_the_town_are_no_address_part():
    # NER read "Fahrlehrerin Sabine Ziegler" as one person guess, which an address may fold in
    text = "Fahrschule Ziegler, Dachauer Straße 212, 80992 München, Fahrlehrerin Sabine Ziegler\n"
    got = _run(
        text,
        [
            ("Fahrschule Ziegler", "ORGANIZATION", "organization_shape"),
            ("Dachauer Straße 212, 80992 München", ADDR, "street_address_pattern"),
            ("Fahrlehrerin Sabine Ziegler", "PERSON", "spacy_ner"),
        ],
    )
    assert ("Dachauer Straße 212, 80992 München", ADDR) in got
    assert ("Fahrlehrerin Sabine Ziegler", "PERSON") in got
