"""Persons, reference numbers and addresses read from table headers (privtext.tagging.columns)."""

from __future__ import annotations

import pytest

from privtext.tagging.base import Span
from privtext.tagging.columns import entities_in_table_columns, header_kind, table_columns

REPAIRS = (
    "JOB REF    PROPERTY                              TENANT            ISSUE\n"
    "NB-40217   0/1, 14 Dixon Avenue, G42 8EH         Okonkwo           Leaking tap\n"
    "NB-40233   3/1, 5 Gardner Street, G11 5NP        MacInnes / Tait   Broken window catch\n"
    "NB-40240   In-house                              -                 Damp, bedroom 2\n"
    "\n"
    "Notes: call Okonkwo first.\n"
)
TRACKER = (
    "CLIENT\tNATIONALITY\tDEPT REF\tSTATUS\n"
    "Oyelaran, A.\tNigerian\tEGOA9R4TT1\tLodged 07/03/25\n"
    "Mrs Siti Rahmawati\tIndonesian\t-\tGranted\n"
)
BARS = (
    "| Patient name | Hosp no. | Date of visit | Ward |\n"
    "|---|---|---|---|\n"
    "| Ava-Rose Campbell | FH2204117 | 06/03/2025 | Rainbow |\n"
    "| Nurse | 12 | 07/03/2025 | Rainbow |\n"
)


def _surfaces(text: str, spans: list[Span]) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.entity_type) for s in spans]


@pytest.mark.parametrize(
    ("header", "kind"),
    [
        ("TENANT", "person"),
        ("Patient name", "person"),
        ("Checked by", "person"),
        ("Assigned to", "person"),
        ("Company name", None),
        ("Site name", None),
        ("CONTRACTOR", None),
        ("DEPT REF", "reference"),
        ("Hosp no.", "reference"),
        ("Tracking", "reference"),
        ("Customer ID", "reference"),
        ("Date of birth", None),
        ("Batch no.", None),
        ("PROPERTY", "address"),
        ("Home address", "address"),
        ("Email address", None),
        ("IP address", None),
        ("STATUS", None),
        ("User ID", "login"),
        ("Username", "login"),
        ("Last login", None),
    ],
)
def test_a_header_says_what_its_cells_are(header, kind):
    assert header_kind(header) == kind


def test_columns_of_a_table_aligned_with_spaces():
    cols = {c.header: [REPAIRS[a:b] for a, b in c.cells] for c in table_columns(REPAIRS)}
    assert cols["TENANT"] == ["Okonkwo", "MacInnes / Tait", "-"]
    assert cols["PROPERTY"][0] == "0/1, 14 Dixon Avenue, G42 8EH"
    assert "Notes: call Okonkwo first." not in sum(cols.values(), [])  # the table ends at a blank


def test_columns_of_tables_with_tabs_and_bars():
    tabs = {c.header: [TRACKER[a:b] for a, b in c.cells] for c in table_columns(TRACKER)}
    assert tabs["DEPT REF"] == ["EGOA9R4TT1", "-"]
    bars = {c.header: [BARS[a:b] for a, b in c.cells] for c in table_columns(BARS)}
    assert bars["Patient name"] == ["Ava-Rose Campbell", "Nurse"]
    assert bars["Hosp no."] == ["FH2204117", "12"]


def test_persons_references_and_addresses_from_the_headers():
    out = _surfaces(REPAIRS, entities_in_table_columns(REPAIRS, []))
    assert out == [
        ("NB-40217", "CASE_NUMBER"),
        ("0/1, 14 Dixon Avenue, G42 8EH", "STREET_ADDRESS"),
        ("Okonkwo", "PERSON"),
        ("NB-40233", "CASE_NUMBER"),
        ("3/1, 5 Gardner Street, G11 5NP", "STREET_ADDRESS"),
        ("MacInnes", "PERSON"),
        ("Tait", "PERSON"),
        ("NB-40240", "CASE_NUMBER"),
    ]  # "In-house" and "-" are no entities; the notes are no table


def test_titles_stay_outside_and_initials_go_with_the_surname():
    out = _surfaces(TRACKER, entities_in_table_columns(TRACKER, []))
    assert ("Oyelaran, A.", "PERSON") in out
    assert ("Siti Rahmawati", "PERSON") in out
    assert ("EGOA9R4TT1", "CASE_NUMBER") in out


def test_a_job_title_or_a_short_number_in_such_a_column_is_nothing():
    out = _surfaces(BARS, entities_in_table_columns(BARS, []))
    assert out == [("Ava-Rose Campbell", "PERSON"), ("FH2204117", "NATIONAL_ID")]


def test_guesses_inside_the_cell_give_way_and_pattern_tags_do_not():
    i = REPAIRS.index("Dixon")
    guess = Span(i, i + len("Dixon Avenue"), "PERSON", 0.9, "spacy_ner")
    out = entities_in_table_columns(REPAIRS, [guess])
    assert guess not in out
    assert ("0/1, 14 Dixon Avenue, G42 8EH", "STREET_ADDRESS") in _surfaces(REPAIRS, out)
    # a phone pattern's tag reaching over a cell is kept, and the cell's name is not added
    j = REPAIRS.index("Okonkwo")
    phone = Span(j - 3, j + 4, "PHONE", 0.9, "phone_pattern")
    out = entities_in_table_columns(REPAIRS, [phone])
    assert phone in out
    assert ("Okonkwo", "PERSON") not in _surfaces(REPAIRS, out)


def test_a_person_below_the_policy_threshold_is_raised():
    j = REPAIRS.index("Okonkwo")
    weak = Span(j, j + len("Okonkwo"), "PERSON", 0.45, "gazetteer")
    out = entities_in_table_columns(REPAIRS, [weak])
    raised = [s for s in out if s.start == j]
    assert len(raised) == 1 and raised[0].score >= 0.5


def test_a_farm_and_its_town_in_a_property_column_are_left_to_the_recognizers():
    text = (
        "Date/time        Client         Property (PIC)                   Call\n"
        '15/07 22:40      R. Schultz     "Yarrabee", Dalby (QDBY0142)     heifer dystocia\n'
    )
    assert not any(s.entity_type == "STREET_ADDRESS" for s in entities_in_table_columns(text, []))


def test_prose_without_tables_is_returned_as_it_is():
    text = "Dear Ms Okafor,  thank you.  We will call on Monday."
    spans = [Span(13, 19, "PERSON", 0.9, "person_cues")]
    assert entities_in_table_columns(text, spans) is spans


def test_initials_several_names_in_a_cell_names_and_addresses_and_long_numbers():
    text = (
        "| No. | Elector(s) | Notes | Canvasser |\n"
        "|---|---|---|---|\n"
        "| 3 | Mohammed Ali Hassan, Fadumo Hassan | Somali family | JH |\n"
        "| 5 | Gareth & Lynne Pugh | Polite | EMcL |\n"
        "| 7 | \u2013 | Card left. | NA |\n"
        "\n"
        "| Date | Patient name & address | CHI | TNB acct no. | Qty |\n"
        "|---|---|---|---|---|\n"
        "| 05/02/25 | Margaret Dunsire, 17 Balwearie Gardens, Kirkcaldy KY2 5LT | 1803411248 "
        "| 220011873409 | 1,204 |\n"
    )
    got = _surfaces(text, entities_in_table_columns(text, []))
    assert got == [
        ("Mohammed Ali Hassan", "PERSON"),
        ("Fadumo Hassan", "PERSON"),
        ("JH", "PERSON"),
        ("Gareth", "PERSON"),
        ("Lynne Pugh", "PERSON"),
        ("EMcL", "PERSON"),
        ("Margaret Dunsire", "PERSON"),
        ("17 Balwearie Gardens, Kirkcaldy KY2 5LT", "STREET_ADDRESS"),
        ("1803411248", "NATIONAL_ID"),
        ("220011873409", "ACCOUNT_NUMBER"),
    ]  # "NA" and "1,204" are nothing


def test_a_supplier_name_and_address_keeps_its_name_out_of_the_address():
    text = (
        "| Date | Supplier name & address | Invoice no. |\n|---|---|---|\n"
        "| 03/02/25 | Alliance Healthcare, Unit 2, 14 Newhouse Road, Motherwell ML1 5RX "
        "| AH-7718204 |\n"
    )
    got = _surfaces(text, entities_in_table_columns(text, []))
    assert ("Unit 2, 14 Newhouse Road, Motherwell ML1 5RX", "STREET_ADDRESS") in got
    assert not any(t.startswith("Alliance") for t, _ in got)


def test_a_short_name_in_a_column_that_holds_names_and_a_weak_tag_that_gives_way():
    text = (
        "| No. | Notes | Canvasser |\n|---|---|---|\n"
        "| 1 | Poster | JH |\n| 3 | Hostile | Raf |\n| 5 | Out | Yes |\n"
    )
    got = _surfaces(text, entities_in_table_columns(text, []))
    assert got == [("JH", "PERSON"), ("Raf", "PERSON")]
    # alone, a short word under a person header is not taken
    alone = "| No. | Canvasser |\n|---|---|\n| 3 | Raf |\n"
    assert entities_in_table_columns(alone, []) == []
    # a telephone guess under the policy's threshold gives way to the column's reading
    text = "| Date | CHI |\n|---|---|\n| 05/02/25 | 1803411248 |\n"
    i = text.index("1803411248")
    weak = Span(i, i + 10, "PHONE", 0.4, "phone_matcher")
    assert _surfaces(text, entities_in_table_columns(text, [weak])) == [
        ("1803411248", "NATIONAL_ID")
    ]


def test_a_guess_that_is_a_header_cell_is_dropped():
    from privtext.tagging.columns import header_cells_are_no_entities

    text = "| Name | Mon | Thu | Expiry |\n|---|---|---|---|\n| Ann Lee | E | L | 05/2027 |\n"
    guesses = [
        Span(text.index("Thu"), text.index("Thu") + 3, "PERSON", 0.85, "spacy_ner"),
        Span(text.index("Expiry"), text.index("Expiry") + 6, "PERSON", 0.85, "spacy_ner"),
        Span(text.index("Ann Lee"), text.index("Ann Lee") + 7, "PERSON", 0.85, "spacy_ner"),
    ]
    assert header_cells_are_no_entities(text, guesses) == guesses[2:]
    # without a rule row the first row may be data: nothing is dropped
    text2 = text.replace("|---|---|---|---|\n", "")
    assert header_cells_are_no_entities(text2, guesses) is guesses


def test_weekday_and_month_abbreviations_are_no_names():
    from privtext.tagging.recognizers.spacy_ner import refine

    text = "Emmanuel swapped Thu with Ty. Sept rota."
    assert refine(text, 17, 20, "PERSON") is None
    assert refine(text, 30, 34, "ORGANIZATION") is None
    assert refine(text, 0, 8, "PERSON") == "PERSON"


def test_a_code_after_a_short_prefix_in_a_reference_column():
    text = (
        "| No. | Family name | Seafarer ID / passport |\n|---|---|---|\n"
        "| 1 | NAIR | MUM 184420 |\n| 2 | PERERA | N 6618203 |\n| 3 | RAI | CSCS 08311742 |\n"
    )
    got = _surfaces(text, entities_in_table_columns(text, []))
    assert ("MUM 184420", "NATIONAL_ID") in got and ("N 6618203", "NATIONAL_ID") in got
    assert ("CSCS 08311742", "NATIONAL_ID") not in got  # a scheme's name is no prefix


def test_logins_under_a_user_id_header():
    text = (
        "| Employee no. | Name | User ID | Last login |\n|---|---|---|---|\n"
        "| NS11203 | Deepika Chatterjee | DCHATTERJEE | 20-12-2024 |\n"
        "| CT-4471 | Sabina Akter | EXT_SAKTER | never |\n"
        "| NS12020 | Ann Lee | n/a | never |\n"
    )
    got = _surfaces(text, entities_in_table_columns(text, []))
    assert ("DCHATTERJEE", "USERNAME") in got and ("EXT_SAKTER", "USERNAME") in got
    assert not any(t == "USERNAME" and s in ("n/a", "never") for s, t in got)


def test_a_forms_field_name_opening_a_two_cell_row_is_no_entity():
    from privtext.tagging.columns import header_cells_are_no_entities

    text = "| Field | Detail |\n|---|---|\n| Religion | Roman Catholic |\n| Ann Lee | 12 |"
    spans = [
        Span(text.index("Religion"), text.index("Religion") + 8, "ORGANIZATION", 0.8, "spacy_ner"),
        Span(text.index("Ann Lee"), text.index("Ann Lee") + 7, "PERSON", 0.85, "gazetteer"),
    ]
    got = _surfaces(text, header_cells_are_no_entities(text, spans))
    assert got == [("Ann Lee", "PERSON")]


def test_sort_codes_under_their_header_and_a_transit_number_after_its_word():
    text = (
        "| Bank | Type | Sort code | Account |\n|---|---|---|---|\n"
        "| Lloyds Bank | current | 30-94-17 | 22041883 |\n"
    )
    got = _surfaces(text, entities_in_table_columns(text, []))
    assert ("30-94-17", "ACCOUNT_NUMBER") in got


def test_a_quoted_csv_cell_is_read_inside_its_quotes() -> None:
    from .conftest import rules_only_tags

    text = (
        "position,applicant,email,phone,notes\n"
        '1,"Conor Brennan",conor.brennan@example.ie,086 555 0417,\n'
        '3,"Frank Delahunt",fdelahunt@example.com,085 555 7730,"lives Sandycove"\n'
        '4,"Pilling, Geoffrey",gp@example.org,085 555 7731,"said ""thanks"""\n'
    )
    got = rules_only_tags(text)
    assert ("PERSON", "Frank Delahunt") in got
    assert ("PERSON", "Pilling, Geoffrey") in got
    assert not [t for t in got if t[1] in ("lives Sandycove", 'said ""thanks""')]
