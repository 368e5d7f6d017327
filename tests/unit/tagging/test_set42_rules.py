"""Rules from blind set 42: bank branch numbers, Hebrew account and company numbers, call
signs without a colon, CJK and Korean names in person fields, a field value ending in a listed
surname."""

from __future__ import annotations

import pytest

from .conftest import rules_only_tags as _tagged


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Bank: FNB, account 62845510923, branch code 250655; use the invoice", "250655"),
        ("autogiro från Handelsbanken, clearingnummer 6152, konto 394 118 207.", "6152"),
        ("direct deposit: institution 003 (RBC Royal Bank), transit 04418, account 5127730", "003"),
        ("נא להחזיר את הכסף לחשבון בבנק הפועלים, סניף 612, חשבון 418273.", "612"),
        ("נא להחזיר את הכסף לחשבון בבנק הפועלים, סניף 612, חשבון 418273.", "418273"),
        ("חשבון 4418273/19. ח.פ. 514418276", "514418276"),
    ],
)
def test_bank_branch_and_hebrew_account_numbers(text: str, number: str) -> None:
    assert number in [t[1] for t in _tagged(text)]


@pytest.mark.parametrize(
    "text",
    [
        "The branch 612 of our shop opens at 9.",  # no bank or account near
        "Our institution 125 years old celebrates",
    ],
)
def test_branch_numbers_need_a_bank_or_an_account_near(text: str) -> None:
    assert not [t for t in _tagged(text) if t[0] == "ACCOUNT_NUMBER"]


@pytest.mark.parametrize(
    ("text", "sign"),
    [
        ('FV "Morwennol", MMSI 235098417, call sign MGVX4, 1 nm W, proceeding.', "MGVX4"),
        ("«ΑΛΚΥΟΝΗ» (MMSI 239847120, διακριτικό σήμα SVB4712) είχε βλάβη", "SVB4712"),
    ],
)
def test_call_signs(text: str, sign: str) -> None:
    assert ("CASE_NUMBER", sign) in _tagged(text)


def test_a_call_sign_needs_a_digit() -> None:
    assert not [t for t in _tagged("Her call sign was MAVERICK.") if t[0] == "CASE_NUMBER"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("地址：深圳市福田区华强北路1019号\n客户：陈晓雯　电话：139 5550 1234", "陈晓雯"),
        ("生徒：佐藤陽菜さん（12歳）\n講師：高橋拓海（早稲田大学）", "高橋拓海"),
        ("보낸 사람: 정수연 <sy.jeong@hanmail-mail.example>", "정수연"),
        ("성명: 김민준\n주소: 서울", "김민준"),
        ("מאת: רונית אברהמי <ronit.avrahami@walla-mail.example>", "רונית אברהמי"),
    ],
)
def test_names_in_person_fields_of_other_scripts(text: str, name: str) -> None:
    assert ("PERSON", name) in _tagged(text)


@pytest.mark.parametrize(
    "text",
    [
        "住户：三楼漏水",  # no surname first
        "받는 사람: 상담팀 <team@example.kr>",  # a team, no surname first
        "講師：未定（調整中）",
    ],
)
def test_person_fields_without_names(text: str) -> None:
    assert not [t for t in _tagged(text) if t[0] == "PERSON"]


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Held at Glasgow on 9 and 10 October 2025\nEmployment Judge", "9 and 10 October 2025"),
        ("Held in Glasgow on 14, 15 and 16 January 2025", "14, 15 and 16 January 2025"),
        ("We stayed at the park from 9 to 16 August with my husband", "9 to 16 August"),
        ("Léa sera absente du 27 au 31 janvier : nous allons à Dakar", "27 au 31 janvier"),
        ("відпочивали у вас з 11 по 17 серпня 2025 р.", "11 по 17 серпня 2025"),
    ],
)
def test_a_date_range_is_one_date(text: str, date: str) -> None:
    assert date in [t[1] for t in _tagged(text)]


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Items 3 and 4 were returned on 5 May 2024.", "5 May 2024"),  # no range before
        ("He is under 18 until 3 June 2025.", "3 June 2025"),  # an age, not a day
        ("Room 12, 14 March 2025", "14 March 2025"),  # a comma alone joins no range
    ],
)
def test_numbers_before_a_date_that_are_no_range(text: str, date: str) -> None:
    dates = [t[1] for t in _tagged(text) if t[0] == "DATE"]
    assert date in dates


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Our rig is 34 ft, CA plate 8XRT219.", "CA"),
        ('vessel: 24 center console "REEL TIME", MA registration MS 4471 AK', "MA"),
        ("inspector, Ben Whitlam (NSW EPA licence 5-118274), can attend", "NSW"),
    ],
)
def test_a_state_code_before_a_plate_or_an_agency_licence(text: str, code: str) -> None:
    assert ("LOCATION", code) in _tagged(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("1. Γεώργιος Παπαναστασίου, 58 ετών, κυβερνήτης", "Γεώργιος Παπαναστασίου"),
        ("Ο Λιμενάρχης\nΠλωτάρχης Ευάγγελος Κωνσταντίνου", "Ευάγγελος Κωνσταντίνου"),
        ("Замовник: Бондаренко Олена Вікторівна, РНОКПП 3311733720", "Бондаренко Олена Вікторівна"),
    ],
)
def test_a_listed_given_name_with_an_unlisted_surname_in_greek_and_cyrillic(
    text: str, name: str
) -> None:
    from privtext.tagging.script_gazetteer import listed_names

    assert name in [text[a:b] for a, b in listed_names(text)]


@pytest.mark.parametrize(
    "text",
    [
        "το αίτημα προς τον Δήμος Αθηναίων για το ληξιαρχείο",  # a municipality
        "перевёз её на автомобиле «Лада Гранта», г/н А417ВК 30",  # a car in quotes
        "Μαρία Τρίτη",  # Tuesday: a common word
    ],
)
def test_given_names_before_words_that_are_no_surnames(text: str) -> None:
    from privtext.tagging.script_gazetteer import listed_names

    assert listed_names(text) == []


def test_a_frequent_given_name_between_a_surname_and_a_patronymic_ends() -> None:
    """Session 32 found a loop here: a surname-first name whose given name is frequent."""
    import subprocess
    import sys

    code = (
        "from privtext.tagging.script_gazetteer import listed_names; "
        "print(listed_names('Замовник: Бондаренко Андрій Петрович, код'))"
    )
    done = subprocess.run([sys.executable, "-c", code], timeout=60, capture_output=True)
    assert done.returncode == 0
