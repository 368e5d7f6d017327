"""CREDIT_CARD recognizer: Luhn-valid numbers with plausible issuer and grouping."""

import pytest

from privtext.tagging.recognizers.payment_card import PaymentCardRecognizer, luhn_valid

R = PaymentCardRecognizer()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("card 4111 1111 1111 1111 exp 12/25", "4111 1111 1111 1111"),
        ("Visa 4111-1111-1111-1111.", "4111-1111-1111-1111"),
        ("mc 5500000000000004", "5500000000000004"),
        ("amex 3782 822463 10005", "3782 822463 10005"),
        ("discover 6011111111111117 ok", "6011111111111117"),
        ("paid with 4111 1111 1111 1111 12/25", "4111 1111 1111 1111"),
        ("mc2 2223003122003222", "2223003122003222"),
    ],
)
def test_when_a_valid_card_number_appears_then_it_is_tagged(text, expected, spans_of):
    assert spans_of(R, text) == [("CREDIT_CARD", expected)]


def test_when_luhn_fails_then_card_is_not_tagged(spans_of):
    # (right after the word "card", four groups of four with an issuer's first digits are a
    # card's digits all the same: see the test of "card is 4564 ..." below)
    assert spans_of(R, "ref 4111 1111 1111 1112") == []
    assert spans_of(R, "4111 1111 1111 1112") == []


@pytest.mark.parametrize(
    "text",
    [
        "",
        "0000 0000 0000 0000",
        "1234 5678 9012 3452",  # issuer digit 1 is not a card network
        "4111 11 11 1111 1111",  # 2-digit groups
        "4111-1111 1111-1111",  # mixed separators
        "ref 41111111111111111111111",  # too long
        "years 2019 2020 2021 2022",
        "abc4111111111111111",  # glued to letters
    ],
)
def test_when_digits_are_not_a_plausible_card_then_nothing_is_tagged(text, spans_of):
    assert spans_of(R, text) == []


@pytest.mark.parametrize(
    ("digits", "ok"), [("4111111111111111", True), ("79927398713", True), ("79927398710", False)]
)
def test_luhn_checksum_matches_reference_values(digits, ok):
    assert luhn_valid(digits) is ok


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Visa 4716 2209 8814 3057, exp 09/27", "4716 2209 8814 3057"),
        ("on my Amex (3782 ****** 41005) and", "3782 ****** 41005"),
        ("Card: 4921 •••• •••• 6620 declined", "4921 •••• •••• 6620"),
    ],
)
def test_a_card_number_after_its_brand_is_a_card_without_the_luhn_check(text, expected):
    from privtext.tagging.recognizers.payment_card import PaymentCardRecognizer

    assert expected in [text[s.start : s.end] for s in PaymentCardRecognizer().analyze(text)]


def test_four_groups_of_four_without_a_card_word_still_need_the_luhn_check():
    from privtext.tagging.recognizers.payment_card import PaymentCardRecognizer

    assert PaymentCardRecognizer().analyze("ref 4716 2209 8814 3057 today") == []


def test_a_card_number_after_card_is_needs_an_issuers_first_digits_not_the_checksum():
    r = PaymentCardRecognizer()
    text = "can i just pay now? card is 4564 8820 1937 2205"
    assert [text[s.start : s.end] for s in r.analyze(text)] == ["4564 8820 1937 2205"]
    assert not luhn_valid("4564882019372205")
    # no issuer starts with 9: a loyalty card's digits after "card" need the checksum
    assert PaymentCardRecognizer().analyze("card is 9564 8820 1937 2205") == []


def test_a_masked_american_express_number_without_a_cue():
    from privtext.tagging.recognizers.payment_card import PaymentCardRecognizer

    text = "| American Express | credit card | – | 3782 ****** 41005 | -£2,140 |"
    got = [text[s.start : s.end] for s in PaymentCardRecognizer().analyze(text) if s.score >= 0.5]
    assert got == ["3782 ****** 41005"]
