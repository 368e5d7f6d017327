"""Rules from blind set 41: bare long digit runs, blood donation numbers, "(user ...)"."""

from __future__ import annotations

import pytest

from .conftest import rules_only_tags as _tagged


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Library card: 21129004417735\n3 March 2025", "21129004417735"),
        ("31129018827341   The Salt Path (pbk)   £9.99", "31129018827341"),
        ("The donation number on my sticker was G0915 25 441873. Should", "G0915 25 441873"),
    ],
)
def test_long_digit_runs_and_donation_numbers_are_references(text: str, number: str) -> None:
    assert number in [t[1] for t in _tagged(text)]


@pytest.mark.parametrize(
    "text",
    ["Total: 12345678901.50 EUR", "version 20250312.1", "see +441234567890", "12345678901"],
)
def test_amounts_versions_phones_and_shorter_runs_are_no_long_digit_references(
    text: str,
) -> None:
    assert not [t for t in _tagged(text) if t[0] == "CASE_NUMBER"]


def test_a_login_after_user_in_brackets() -> None:
    text = "the portal keeps logging me out (user jbautista.tl)"
    assert ("USERNAME", "jbautista.tl") in _tagged(text)
