"""CASE_NUMBER and ACCOUNT_NUMBER recognizers."""

import pytest

from privtext.tagging.recognizers.reference_number import (
    AccountNumberRecognizer,
    CaseNumberRecognizer,
)

C = CaseNumberRecognizer()
A = AccountNumberRecognizer()
THRESHOLD = 0.5


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the case of X v. Y (application no. 36110/97)", ["36110/97"]),
        ("36110/97", ["36110/97"]),
        ("Application no. 12345/04", ["12345/04"]),
        ("applications nos. 1234/05 and 5678/06", ["1234/05", "5678/06"]),
        ("application no. 123/05", ["123/05"]),
        ("Case C-123/19", ["C-123/19"]),
        ("BVerfG, 2 BvR 123/08", ["2 BvR 123/08"]),
        ("BGH VI ZR 12/19", ["VI ZR 12/19"]),
        ("[2019] EWHC 123 (QB)", ["[2019] EWHC 123 (QB)"]),
        ("Case No. 1:19-cv-01234", ["1:19-cv-01234"]),
        ("docket CV-2021-004512", ["CV-2021-004512"]),
        ("please quote reference KX-48213.", ["KX-48213"]),
        ("ticket #48213", ["48213"]),
        ("claim number 1234-5678.", ["1234-5678"]),
        ("Our ref: ABC/2021/0045", ["ABC/2021/0045"]),
        ("file no. 2019/123", ["2019/123"]),
        ("case KX-48213", ["KX-48213"]),
    ],
)
def test_when_a_case_number_appears_then_it_is_tagged(text, expected, spans_of):
    assert spans_of(C, text, THRESHOLD) == [("CASE_NUMBER", e) for e in expected]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "in the 2019/20 season",
        "in case 2019 was bad",
        "in this case 12 people",
        "CVE-2021-44228",
        "Series A no. 324",
        "Reference is made to the file.",
        "24/7 support",
        "1/2 cup",
        "12 March 2019",
    ],
)
def test_when_text_is_not_a_case_number_then_nothing_is_tagged(text, spans_of):
    assert spans_of(C, text, THRESHOLD) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("account number 12345678", "12345678"),
        ("my account is 12345678.", "12345678"),
        ("customer ID C-10293", "C-10293"),
        ("policy no. PX-77120-A", "PX-77120-A"),
        ("sort code 12-34-56", "12-34-56"),
        ("passport number 123456789", "123456789"),
        ("driver's license D1234567", "D1234567"),
        ("order #A12345 shipped", "A12345"),
        ("Patient ID: 00482913", "00482913"),
        ("employee number 4471", "4471"),
        ("membership card, No. AB1234", "AB1234"),
    ],
)
def test_when_an_account_number_appears_then_it_is_tagged(text, expected, spans_of):
    assert spans_of(A, text, THRESHOLD) == [("ACCOUNT_NUMBER", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "in order to",
        "order 66",
        "student 2019",
        "No. 5 in the list",
        "the account was closed in 2019",
        "number 12",
    ],
)
def test_when_text_is_not_an_account_number_then_nothing_is_tagged(text, spans_of):
    assert spans_of(A, text, THRESHOLD) == []
