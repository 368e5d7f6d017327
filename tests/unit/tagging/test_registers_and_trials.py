"""Rules from blind set 35: patent and trade-mark numbers, clinical-trial sites and kits, CSV
tables under a header line, register numbers of several countries, names in CJK fields and
chats, Arabic full names after a title, Korean addresses with a town."""

from __future__ import annotations

from functools import lru_cache

import pytest

from privtext.tagging.recognizers.address import StreetAddressRecognizer
from privtext.tagging.recognizers.reference_number import CaseNumberRecognizer
from privtext.tagging.registry import Tagger, TaggerSpec, build_tagger


@lru_cache(maxsize=1)
def _rules_only() -> Tagger:
    return build_tagger(TaggerSpec(ner_model=None))


def _tagged(text: str) -> list[tuple[str, str]]:
    return [(s.entity_type, text[s.start : s.end]) for s in _rules_only().tag(text)]


PATENT_TEXT = (
    "Response to Office Action. Application No.: 18/402,117. Claims 1-20 stand rejected over "
    "Hirano (US 2021/0158843 A1) in view of Delacroix-Mbeki (US 10,994,212 B2). The EPO has "
    "issued its intention to grant for EP 23187654.1 (priority JP 2022-154321); D1 is "
    "CN 116204871 A. OPPOSITION No B 3 201 456. 申请号：202410123456.0"
)


def test_patent_and_trade_mark_numbers_in_a_text_about_patents(spans_of):
    got = [v for t, v in spans_of(CaseNumberRecognizer(), PATENT_TEXT) if t == "CASE_NUMBER"]
    for number in (
        "18/402,117",
        "US 2021/0158843 A1",
        "US 10,994,212 B2",
        "EP 23187654.1",
        "JP 2022-154321",
        "CN 116204871 A",
        "B 3 201 456",
        "202410123456.0",
    ):
        assert number in got


def test_country_codes_and_numbers_outside_a_patent_text_are_left_alone(spans_of):
    text = "Visit us at DE 10115 Berlin or GB 2598765 A-road services, order 18/402,117 pieces."
    got = [v for _t, v in spans_of(CaseNumberRecognizer(), text)]
    assert "GB 2598765 A" not in got and "DE 10115" not in got and "18/402,117" not in got


def test_trial_sites_and_kits_need_a_text_about_a_trial(spans_of):
    trial = (
        "Protocol NRX-1184-03. Site FI-103: Tampere. site 3307 (Gulf Coast), κέντρο GR-02. "
        "2025-01-13 kit K0453 to the participant."
    )
    got = [v for _t, v in spans_of(CaseNumberRecognizer(), trial)]
    assert {"FI-103", "3307", "GR-02", "K0453"} <= set(got)
    other = "Cost center 4410 and site 3307 of the warehouse; the kit K0453 ships today."
    got = [v for _t, v in spans_of(CaseNumberRecognizer(), other)]
    assert "3307" not in got and "K0453" not in got


def test_register_and_company_numbers_of_several_countries(spans_of):
    text = (
        "List vlastnictví: 4127. Parcela 2318/4 zahrada. Vltava, a.s., IČO 47128933. "
        "Kiinteistötunnus: 753-418-2-77. My title is folio identifier 12/845123. "
        "(adószám: 23817467-2-13)"
    )
    got = [v for _t, v in spans_of(CaseNumberRecognizer(), text)]
    for number in ("4127", "2318/4", "47128933", "753-418-2-77", "12/845123", "23817467-2-13"):
        assert number in got


def test_a_hong_kong_identity_number_keeps_its_check_digit():
    text = "投訴人：陳麗芳女士\n身份證號碼：R417228(9)\n地址：九龍"
    assert ("CASE_NUMBER", "R417228(9)") in _tagged(text)


def test_csv_columns_under_a_header_line():
    text = (
        "Informed consent log\n"
        "subject_id,initials,consent_date,icf_version,consented_by,notes\n"
        "027-001,JPW,2024-09-03,v2.0,R. Osterhaus,\n"
        '027-002,LMA,2024-09-17,v2.0,K. Nwachukwu,"LAR is spouse, subject unable to write"\n'
    )
    got = _tagged(text)
    for expected in ("027-001", "027-002"):
        assert any(v == expected for _t, v in got)
    persons = {v for t, v in got if t == "PERSON"}
    assert {"JPW", "LMA", "R. Osterhaus", "K. Nwachukwu"} <= persons
    assert not any("LAR is spouse" in v for _t, v in got)


def test_prose_with_commas_is_no_csv_table():
    text = "Dear Anna, Ben, and Carl\nthanks for the notes, the plan, and the budget, all fine.\n"
    assert not any(t == "CASE_NUMBER" for t, _v in _tagged(text))


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("发明人：周思远、林雨桐、欧阳建华\n代理机构：北京", {"周思远", "林雨桐", "欧阳建华"}),
        ("专利代理师：宋佳宁\n审查员：陈立\n", {"陈立"}),
        ("22:03 민준: 지난주 만났을 때 재밌었어요\n22:05 서현: 네 ㅎㅎ", {"민준", "서현"}),
        ("2. 점검자: 환경주사 이서연, 환경주사보 박준호\n", {"이서연", "박준호"}),
        ("قمنا نحن م. هشام عبد الرحمن، مفتش بيئي", {"هشام عبد الرحمن"}),
        ("بحضور مدير المصنع السيد كريم فؤاد الشناوي (هاتف)", {"كريم فؤاد الشناوي"}),
    ],
)
def test_names_in_cjk_fields_chats_and_after_titles(text, names):
    persons = {v for t, v in _tagged(text) if t == "PERSON"}
    assert names <= persons


def test_a_korean_address_with_a_town_before_the_road(spans_of):
    text = "1. 귀 사업장(경기도 화성시 향남읍 제약공단2길 45, 사업자등록번호 124-81-57303)"
    got = [v for _t, v in spans_of(StreetAddressRecognizer(), text)]
    assert "경기도 화성시 향남읍 제약공단2길 45" in got


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("Til: Københavns Kommune, Børne- og Ungdomsforvaltningen", "Københavns Kommune"),
        ("Hastighed: vi har modtaget afgørelsen fra Ankestyrelsen i går.", "Ankestyrelsen"),
        ("Le adjuntamos la resolución de la EUIPO de 27 de septiembre.", "EUIPO"),
        ("Karataş Hukuk Bürosu, Büyükdere Cad. No: 127", "Karataş Hukuk Bürosu"),
    ],
)
def test_organisations_named_head_last_and_public_bodies(text, org):
    assert ("ORGANIZATION", org) in _tagged(text)


def test_sepa_of_a_bank_transfer_is_no_organisation():
    text = "Please pay by SEPA transfer to the account below; SEPA Direct Debit Mandate attached."
    assert not any(t == "ORGANIZATION" and "SEPA" in v for t, v in _tagged(text))


def test_a_digit_only_identifier_is_tagged_at_every_mention():
    text = (
        "Kiinteistötunnus: 753-418-2-77\nKiinteistön nimi: Rantala\n\n"
        "Hi Jukka, the lainhuuto for Rantala (753-418-2-77) was granted yesterday."
    )
    got = [v for t, v in _tagged(text) if t == "CASE_NUMBER"]
    assert got.count("753-418-2-77") == 2


def test_a_propagated_number_is_not_taken_out_of_a_longer_one():
    from privtext.tagging.base import Span

    text = "Member no. 0411 276 (Medibank).\nSMS to 0411 276 938: reminder. Ref 0411 276 again."
    first = text.index("0411 276")
    kept = [Span(first, first + 8, "ACCOUNT_NUMBER", 0.9, "id_acronym_pattern")]
    out = _rules_only()._propagate(text, kept)
    starts = sorted(s.start for s in out if s.entity_type == "ACCOUNT_NUMBER")
    inside_phone = text.index("0411 276 938")
    assert starts == [first, text.index("0411 276 again")]
    assert inside_phone not in starts


def test_lochs_rivers_and_lakes_read_as_persons_are_places():
    from privtext.tagging.recognizers.spacy_ner import refine

    text = "Site: Ardcastle Bay marine pen fish farm, Loch Fyne\nthe River Lugg downstream"
    start = text.index("Loch Fyne")
    assert refine(text, start, start + len("Loch Fyne"), "PERSON") == "LOCATION"
    start = text.index("River Lugg")
    assert refine(text, start, start + len("River Lugg"), "PERSON") == "LOCATION"
