"""Rules from blind set 36: organisations written before an address on its own line, heads of
law firms, courts and hospitals in other languages, Nordic public bodies, one person of a plural
occupation, initials in minutes and logs, names in Korean, Japanese and Arabic fields and chats,
number keywords of care homes, hotels, juries and online doctors, masked SSNs, countries in a
table's cells, Japanese addresses without the postal mark."""

from __future__ import annotations

import pytest

from .conftest import rules_only_tags as _tagged


@pytest.mark.parametrize(
    ("text", "org", "address"),
    [
        (
            "Home: Glenview Care Centre, 41 Carnethie Street, Rosewell EH24 9AR",
            "Glenview Care Centre",
            "41 Carnethie Street, Rosewell EH24 9AR",
        ),
        (
            "You are summoned to Snaresbrook Crown Court, 78 Hollybush Hill, London E11 1QX on "
            "Monday.",
            "Snaresbrook Crown Court",
            "78 Hollybush Hill, London E11 1QX",
        ),
    ],
)
def test_an_organisation_before_the_building_number_is_split_off_the_address(text, org, address):
    got = _tagged(text)
    assert ("ORGANIZATION", org) in got
    assert ("STREET_ADDRESS", address) in got


def test_a_building_name_of_two_words_stays_in_the_address():
    got = _tagged("She moved to Rose Court, 12 Mill Lane, Leeds LS1 4AB last year.")
    assert not any(t == "ORGANIZATION" and v == "Rose Court" for t, v in got)


@pytest.mark.parametrize(
    "name",
    [
        "Van Leeuwen Bosma Advocaten",
        "Sousa Pimenta Advogados",
        "Hilton Baird Auctions",
        "Rechtbank Rotterdam",
        "Apotek Sentosa Jatiasih",
        "RSIA Bunda Kasih",
        "Hospitali ya Rufaa ya Jaramogi Oginga Odinga",
        "Vetenskapsrådet",
        "Etikprövningsmyndigheten",
        "Helsingfors universitet",
        "Luleå tekniska universitet",
        "햇살마루요양원",
        "Urzędu Ochrony Danych Osobowych",
        "Wojewódzkiego Sądu Administracyjnego w Warszawie",
        "Spital Visp",
    ],
)
def test_organisations_named_by_heads_of_other_languages(name):
    assert ("ORGANIZATION", name) in _tagged(f"Zie {name}; ver {name}.\n{name}")


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Iryna Kovalenko, one of our care assistants, translated it.", "care assistants"),
        ("I'm one of the GPs at MediNow.", "GPs"),
    ],
)
def test_one_of_a_plural_occupation_is_a_job_title(text, title):
    assert ("JOB_TITLE", title) in _tagged(text)


def test_a_plural_alone_or_an_unlisted_plural_is_no_job_title():
    got = _tagged("Nurses were present. She is one of the best runners we know.")
    assert not any(t == "JOB_TITLE" for t, _ in got)


def test_initials_in_minutes_and_logs_with_roles_in_brackets():
    text = (
        "Present: RK (chair), AB, MD-S, JT\nApologies: HW\n\n"
        "1. AB is a trustee of the applicant.\nChecked in by: TB (Front Office Supervisor)"
    )
    persons = [v for t, v in _tagged(text) if t == "PERSON"]
    for initials in ("RK", "AB", "MD-S", "JT", "HW", "TB"):
        assert initials in persons
    assert persons.count("AB") == 2


def test_names_in_korean_care_records_and_no_kinship_after_a_hangul_name():
    text = (
        "입소자: 박순자 (여, 84세)\n보호자: 김정호 (아들), 010-5555-2804\n"
        "- 기록: 요양보호사 최미영 / 확인: 사회복지사 정다은"
    )
    got = _tagged(text)
    persons = [v for t, v in got if t == "PERSON"]
    assert {"박순자", "김정호", "최미영", "정다은"} <= set(persons)
    assert "아들" not in persons
    assert ("JOB_TITLE", "요양보호사") in got


def test_a_japanese_addressee_before_the_honorific_and_a_defendant():
    text = "佐伯 真理子 様\n\n事件番号\u3000令和7年(わ)第1482号\n被告人\u3000森田 健吾\n"
    got = _tagged(text)
    assert ("PERSON", "佐伯 真理子") in got
    assert ("PERSON", "森田 健吾") in got
    assert ("CASE_NUMBER", "令和7年(わ)第1482号") in got


def test_arabic_patient_field_and_chat_speakers():
    text = (
        "المريض: عبدالله فهد القحطاني، العمر 34 سنة\n"
        "التاريخ: 14 مارس 2025\n"
        "د. نورة: مساء الخير\nعبدالله: عندي كحة\nد. نورة: تمام\nعبدالله: شكرا"
    )
    persons = [v for t, v in _tagged(text) if t == "PERSON"]
    assert "عبدالله فهد القحطاني" in persons
    assert persons.count("عبدالله") == 2
    assert persons.count("نورة") == 2
    assert "التاريخ" not in persons  # a label that opens one line is no speaker


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Please quote her resident number WB-118 in future.", "WB-118"),
        ("Einsatz der Feuerwehr, Einsatznummer 25-031077.", "25-031077"),
        ("Excusal – citation JC/GLW/25/30218", "JC/GLW/25/30218"),
        ("card ending 0135, authorisation code 083114", "083114"),
        ("Camberwell Green Pharmacy, ODS FLM39)", "FLM39"),
        ("My prescriber number is 2418736 and", "2418736"),
        ("umri 27 · Kitambulisho 31847205 · SHA", "31847205"),
        ("Social Security number: xxx-xx-4417 (Debtor 1)", "xxx-xx-4417"),
    ],
)
def test_number_keywords_of_care_homes_hotels_juries_and_online_doctors(text, value):
    assert any(v == value for _, v in _tagged(text))


def test_a_masked_ssn_needs_its_name():
    assert not any(v == "xxx-xx-4417" for _, v in _tagged("Form field xxx-xx-4417 left blank."))


def test_countries_alone_in_a_tables_cells_and_romance_name_headers():
    text = (
        "| Tipo | Cognome | Nome | Cittadinanza |\n|---|---|---|---|\n"
        "| Capofamiglia | NAKASHIMA | HARUTO | GIAPPONE |\n"
        "| Ospite singolo | ABDELRAHMAN | SAMIR | ITALIA |\n"
    )
    got = _tagged(text)
    assert ("LOCATION", "GIAPPONE") in got
    assert ("LOCATION", "ITALIA") in got
    assert ("PERSON", "HARUTO") in got
    assert ("PERSON", "SAMIR") in got


def test_a_japanese_address_without_the_postal_mark():
    text = "場所\u3000東京地方裁判所\u3000東京都千代田区霞が関一丁目3番9号\n"
    assert ("STREET_ADDRESS", "東京都千代田区霞が関一丁目3番9号") in _tagged(text)


def test_an_iso_date_in_a_csv_cell_after_a_code_that_ends_in_a_digit():
    text = "item_id,date_found,where\nLF-0311,2025-03-02,room 408\nLF-0314,2025-03-04,lobby\n"
    dates = [v for t, v in _tagged(text) if t == "DATE"]
    assert dates == ["2025-03-02", "2025-03-04"]


def test_a_number_with_a_thousands_separator_before_a_dotted_date_is_still_no_date():
    assert not any(t == "DATE" for t, _ in _tagged("totals 1,12.03.2019 and 4,17.01.2020"))


def test_a_japanese_court_clerk_before_the_name():
    text = "東京地方裁判所刑事第14部\n裁判所書記官\u3000中村 由香\n電話 03-5555-2187"
    assert ("PERSON", "中村 由香") in _tagged(text)


def test_hindi_titles_before_names_and_a_name_before_its_latin_spelling():
    got = _tagged(
        "सेवा में / To\nडॉ. कविता रंगनाथन, सहायक प्रोफेसर\n(अरविंद मेहता / Arvind Mehta)\n"
        "श्री राम शर्मा ने कहा"
    )
    persons = [v for t, v in got if t == "PERSON"]
    assert {"कविता रंगनाथन", "अरविंद मेहता", "राम शर्मा"} <= set(persons)


def test_a_nepali_wife_is_no_title_before_a_name():
    got = _tagged("अहिले मेरो श्रीमती र म खेतीपाती गरेर बस्छौं")
    assert not any(t == "PERSON" for t, _ in got)


def test_a_thai_name_header_makes_a_column_of_persons():
    text = (
        "| ชื่อ-สกุล | สัญชาติ | วันที่เข้าพัก |\n|---|---|---|\n"
        "| LUCAS MOREIRA DIAS | บราซิล | 15 มีนาคม 2568 |\n"
        "| HANNA LINDQVIST | สวีเดน | 15 มีนาคม 2568 |\n"
    )
    got = _tagged(text)
    assert ("PERSON", "LUCAS MOREIRA DIAS") in got
    assert ("PERSON", "HANNA LINDQVIST") in got


def test_a_research_councils_grant_reference():
    got = _tagged("Justification of resources – outline MR/Z504186/1\nLead applicant: Prof. X")
    assert ("CASE_NUMBER", "MR/Z504186/1") in got


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("• Grace Oduya, trial manager (20% FTE), currently funded.", "Grace Oduya"),
        ("Night checks by Precious Moyo, senior carer: slept, turned 02:00.", "Precious Moyo"),
    ],
)
def test_a_full_name_before_a_job_title_without_an_article(text, name):
    assert ("PERSON", name) in _tagged(text)
