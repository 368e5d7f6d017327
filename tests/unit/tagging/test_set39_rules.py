"""Rules from blind set 39: Finnish and Romanian personal codes by their check digits, logins in
export lines and log columns."""

from __future__ import annotations

import pytest

from .conftest import rules_only_tags as _tagged


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Oppilas: Eelis Korhonen, henkilötunnus 140315A483W", "140315A483W"),
        ("CNP-ul meu este 2910614123184.", "2910614123184"),
    ],
)
def test_finnish_and_romanian_personal_codes(text: str, code: str) -> None:
    assert ("NATIONAL_ID", code) in _tagged(text)


@pytest.mark.parametrize("text", ["Order 2910614123184 shipped", "Code 140315A483X is wrong"])
def test_codes_without_their_name_or_check_digit_are_no_personal_codes(text: str) -> None:
    assert not [t for t in _tagged(text) if t[0] == "NATIONAL_ID"]


@pytest.mark.parametrize(
    ("text", "login"),
    [
        ("(exported 01/09/2025 by g.ingham, Calderdale Council)", "g.ingham"),
        ("exported from VolunteerHub by h.armitage on 2025-04-02", "h.armitage"),
        ("2025-07-11 09:14 | r.moss | Complaint logged\n", "r.moss"),
    ],
)
def test_logins_in_export_lines_and_log_columns(text: str, login: str) -> None:
    assert ("USERNAME", login) in _tagged(text)


def test_a_csv_header_with_digits_still_names_its_columns() -> None:
    text = (
        "volunteer_id,surname,first_name,email,joined,hours_q1,dbs_certificate\n"
        "KFB-V-0117,Haigh,Pauline,pauline.haigh@example.co.uk,2019,96,001498812207\n"
        "KFB-V-0412,Zielińska,Ewa,ewa.zielinska@example.pl,2024,33,\n"
    )
    got = _tagged(text)
    assert ("PERSON", "Haigh") in got and ("PERSON", "Zielińska") in got
    assert ("CASE_NUMBER", "001498812207") in got


def test_a_run_of_common_tagalog_words_is_no_name() -> None:
    from privtext.tagging.language import common_words_only

    assert common_words_only("Magkano po ang utang", "fil")
    assert not common_words_only("Marites Dela Cruz", "fil")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Place of birth: Da Nang, Vietnam; U.S. citizen since 2004", "U.S."),
        ('LF-0325,Ingrid Dahle,"US passport A04718392",Marcus', "US"),
    ],
)
def test_a_country_short_form_before_a_document_word_is_a_place(text: str, code: str) -> None:
    assert ("LOCATION", code) in _tagged(text)


def test_a_country_short_form_in_a_name_is_no_place() -> None:
    assert not [t for t in _tagged("US Steel and the US Open.") if t == ("LOCATION", "US")]


def test_a_chat_agents_team_in_brackets_is_an_organisation() -> None:
    text = "Owen (Koala Support): Thank you.\nMarianne: ok\nJohn (Team Lead): fine\n"
    got = _tagged(text)
    assert ("ORGANIZATION", "Koala Support") in got
    assert ("ORGANIZATION", "Team Lead") not in got
