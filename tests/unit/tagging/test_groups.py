"""Groups after a religion or ethnicity label, and in lists of groups (privtext.tagging.groups)."""

from __future__ import annotations

import pytest

from privtext.tagging.base import Span
from privtext.tagging.groups import groups_in_group_slots


def _run(text: str, spans: list[tuple[str, str]] = ()) -> list[tuple[str, str]]:
    built = []
    for surface, etype in spans:
        i = text.index(surface)
        built.append(Span(i, i + len(surface), etype, 0.85, "spacy_ner"))
    built.sort(key=lambda s: s.start)
    return [(text[s.start : s.end], s.entity_type) for s in groups_in_group_slots(text, built)]


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("Job: Veterinary nurse\nReligion: Quaker\n\nAbout me", "Quaker"),
        ("Ethnicity: White British\nReligion: None", "White British"),
        ("faith: Christian (practising)", "Christian"),
        ("Religion (optional, equality monitoring): Christian\nBank", "Christian"),
    ],
)
def test_the_value_of_a_religion_or_ethnicity_field_is_a_group(text, group):
    assert (group, "NATIONALITY") in _run(text)


def test_a_field_that_says_none_is_no_group():
    assert _run("Religion: None\nEthnicity: Prefer not to say") == []


def test_christian_next_to_another_group_is_a_group():
    text = "Muslim, Christian and Jewish neighbours are invited"
    got = _run(
        text, [("Muslim", "NATIONALITY"), ("Christian", "PERSON"), ("Jewish", "NATIONALITY")]
    )
    assert got == [
        ("Muslim", "NATIONALITY"),
        ("Christian", "NATIONALITY"),
        ("Jewish", "NATIONALITY"),
    ]


@pytest.mark.parametrize(
    "text",
    ["Christian and Maria came", "Christian, our new intern", "I met Christian Jewish"],
)
def test_christian_as_a_name_stays_a_person(text):
    assert ("Christian", "PERSON") in _run(text, [("Christian", "PERSON")])


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("nacido en Cusco, de nacionalidad peruana, con domicilio", "peruana"),
        ("Edad: 40 años\nNacionalidad: chilena\n", "chilena"),
        ("dl. Ion Popa, cetățean român, CNP 1", "român"),
        ("Sex: M  Race: White  Age 40", "White"),
        ("Origin: Kano    Religion: Islam\nBVN: 1", "Islam"),
    ],
)
def test_a_nationality_after_its_cue_in_another_language_or_a_mid_line_label_is_a_group(
    text, group
):
    assert (group, "NATIONALITY") in _run(text)


def test_a_word_after_a_nationality_cue_that_is_no_nationality_is_left():
    assert _run("ciudadano de Chile y de nacionalidad doble") == []


@pytest.mark.parametrize(
    "text",
    [
        "members of Dalit and Christian communities, who may fear",
        "She grew up in a Christian family in Lagos.",
        "the Christian minority of the region",
    ],
)
def test_christian_before_a_noun_of_groups_is_a_group(text):
    assert ("Christian", "NATIONALITY") in _run(text, [("Christian", "PERSON")])


def test_christian_before_another_noun_stays_a_person():
    text = "Christian family-run shop"  # "family-run", not "family"
    assert ("Christian", "PERSON") in _run(text, [("Christian", "PERSON")])
    text = "Christian Dior staff were there"
    assert ("Christian", "PERSON") in _run(text, [("Christian", "PERSON")])


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("対象学生：グエン、22歳、国籍 ベトナム、学籍番号 S24-07398", "ベトナム"),
        ("旅券番号 Passport no.: TK4471862\n国籍 Nationality: 日本 (JAPAN)\n", "日本"),
        ("dân tộc: Kinh; quốc tịch: Việt Nam\nNghề nghiệp: lái xe taxi", "Việt Nam"),
        ("อายุ 46 ปี สัญชาติไทย เลขประจำตัว", "ไทย"),
        ("personnummer 19990817-4172, iransk medborgare\nAdress", "iransk"),
    ],
)
def test_nationality_fields_in_other_scripts_and_swedish_citizens(text, group):
    from privtext.tagging.groups import groups_in_group_slots

    got = groups_in_group_slots(text, [])
    assert [text[s.start : s.end] for s in got if s.entity_type == "NATIONALITY"] == [group]


def test_romance_nationalities_after_a_copula_a_plural_noun_or_in_a_list():
    text = "Los vecinos son familias ecuatorianas, rumanas y españolas. Ela é cabo-verdiana."
    got = [text[s.start : s.end] for s in groups_in_group_slots(text, [])]
    assert got == ["ecuatorianas", "rumanas", "españolas", "cabo-verdiana"]
    text = "M. Haddad, d'origine libanaise, naturalisé français; loro sono cinesi e filippini."
    got = [text[s.start : s.end] for s in groups_in_group_slots(text, [])]
    assert got == ["libanaise", "français", "cinesi", "filippini"]
    # a NER guess over the copula and the adjective gives way to the adjective
    text = "Sou brasileira, passaporte FX417228"
    got = groups_in_group_slots(text, [Span(0, 14, "PERSON", 0.85, "spacy_ner")])
    assert [(text[s.start : s.end], s.entity_type) for s in got] == [("brasileira", "NATIONALITY")]
    # without a cue the same words are left alone: "en français" is a language
    assert groups_in_group_slots("Il parle en français, pas en italiano.", []) == []
