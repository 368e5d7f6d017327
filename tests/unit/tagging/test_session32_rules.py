"""Session 32 rules: state codes before licences, "England and Wales", plates after their names
in other languages and scripts, Ontario plates in brackets."""

from __future__ import annotations

import pytest

from .conftest import rules_only_tags as _tagged


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("ID sighted: NSW driver licence 18447290, expires 2027", "NSW"),
        ("Hemi: done. my NZ licence is DK418273 version 112", "NZ"),
        ("Brandon Keely | FL DL K410-728-85-312-0", "FL"),
        ("Tane Hohaia | crowd controller | NSW security licence 000512094 |", "NSW"),
        ("WA driver's licence: 7741902", "WA"),
    ],
)
def test_a_state_code_before_a_licence_is_a_place(text: str, code: str) -> None:
    assert ("LOCATION", code) in _tagged(text)


@pytest.mark.parametrize(
    "text",
    [
        "ON licence terms, see below",  # a word in capitals, no licence after a state
        "The DL on file was scanned.",
        "IN licence holders may apply",
        "Our CA certificate expired",
    ],
)
def test_capitals_that_are_no_state_before_a_licence(text: str) -> None:
    assert not [t for t in _tagged(text) if t[0] == "LOCATION" and len(t[1]) <= 3]


def test_england_and_wales_is_one_place() -> None:
    assert ("LOCATION", "England and Wales") in _tagged(
        "FlexFit Gyms Ltd, registered in England and Wales no. 09417722"
    )


@pytest.mark.parametrize(
    ("text", "plate"),
    [
        ("Όχημα: Fiat Panda, αρ. κυκλοφορίας ΗΚΝ 4827\n\nΜισθωτής: Tomasz", "ΗΚΝ 4827"),
        ("jsem vrátila vůz Škoda Fabia, SPZ 2AK 4821, na vaší pobočce", "2AK 4821"),
        ("Автомобіль: DAF XF, номер АА 4827 ТК, водій Мельник Сергій", "АА 4827 ТК"),
        ("моторная лодка «Чайка», бортовой номер Р 44-17 ЛЕ, судовой билет", "Р 44-17 ЛЕ"),
        ("Samochód: nr rej. WE 4821K, kierowca", "WE 4821K"),
        ("A pickup truck (CFRT 553) passed the bus on the left.", "CFRT 553"),
    ],
)
def test_plates_after_their_names_in_other_languages(text: str, plate: str) -> None:
    assert plate in [t[1] for t in _tagged(text)]


@pytest.mark.parametrize(
    "text",
    [
        "Автомобіль: номер телефону водія +380 67 555 2184",  # a phone, not a plate
        "SPZ platí do konce roku.",  # no value after the cue
        "Автомобиль номер один в рейтинге",  # a word, no digits
    ],
)
def test_plate_names_without_a_plate(text: str) -> None:
    assert not [t for t in _tagged(text) if t[0] in ("ACCOUNT_NUMBER", "ID_NUMBER")]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Корисник: Никола Јовановић\nКориснички налог: GB-200", "Никола Јовановић"),
        ("کتابدار: زهرا کاظمی\n\nEnglish note", "زهرا کاظمی"),
        ("توقيع الموظف: خالد المنصوري، مسؤول خدمة الأعضاء", "خالد المنصوري"),
    ],
)
def test_a_field_value_opening_with_a_listed_given_name_is_a_person(text: str, name: str) -> None:
    assert ("PERSON", name) in _tagged(text)


@pytest.mark.parametrize(
    "text",
    [
        "Адреса: Никола Тесла 5, Београд",  # a street: the field goes on with a number
        "Тема: Никола и друзья",  # a lower-case word: no name of capitalised words
        "الموضوع: طلب تجميد العضوية",  # no listed given name first
    ],
)
def test_field_values_that_are_no_names(text: str) -> None:
    assert not [t for t in _tagged(text) if t[0] == "PERSON"]
