"""Names in other scripts found by the list of names (privtext.tagging.script_gazetteer)."""

from __future__ import annotations

import pytest

from privtext.tagging.script_gazetteer import fold, listed_names, name_words


def _names(text: str) -> list[str]:
    return [text[a:b] for a, b in listed_names(text)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Για την εταιρεία,\nΕλένη Βασιλείου, Υπεύθυνη Πληρωμάτων", "Ελένη Βασιλείου"),
        ("Дата: 03.03.2025   Подпись: Д. А. Соколов", "Д. А. Соколов"),
        ("Я, Гриценко Олександр Петрович, 1979 р.н.", "Гриценко Олександр Петрович"),
        ("مسئول امور مالی: زهرا کریمی", "زهرا کریمی"),
        ("الطبيب: د. نورة سالم العتيبي، استشارية", "نورة سالم العتيبي"),
        ("حضر فني من الشركة اسمه أحمد فتحي يوم ٩ فبراير", "أحمد فتحي"),
        ("ڈرائیور محمد اکرم نے بچوں کو", "محمد اکرم"),
        ("פקידת הרישום: מיכל פרץ", "מיכל פרץ"),
        ("דניאל בן אברהם יצחק", "דניאל בן אברהם יצחק"),
        ("दाह संस्कार कराने वाले: आलोक श्रीवास्तव", "आलोक श्रीवास्तव"),
        ("에이전트: 이도현 (스타필드 매니지먼트)", "이도현"),
        ("緊急連絡先：佐藤 健一（夫）090-5555-2719", "佐藤 健一"),
        ("| 王静 | 2001年3月4日 |", "王静"),
        ("שלום מיכל לוי, ההזמנה אושרה", "מיכל לוי"),  # a greeting that is also a name
        ("שלום מיכל, ההזמנה אושרה", "מיכל"),  # one name after a greeting
    ],
)
def test_two_listed_names_in_a_row_are_a_person(text: str, name: str) -> None:
    assert _names(text) == [name]


@pytest.mark.parametrize(
    "text",
    [
        "Αγάπη μου, σε ευχαριστώ",  # "my love": one name beside a word
        "με την θεολόγο κ. Δέσποινα, (τηλ.",  # a title's abbreviation is no initial
        "جماعت پنجم، طالب علم نمبر",  # "student" in Urdu: two names that are common words
        "الكتاب على الطاولة",  # "على" (on) is not "علي" (Ali)
        "זה שלי לי",  # Hebrew function words on the list
        "这是一个高明的办法",  # no name between other Han characters
        "| 高明 |",  # a surname and a given name that make a word (brilliant)
        "주소: 조지아",  # Georgia, not a Korean name
        "My name is Борис.",  # one name alone
    ],
)
def test_words_that_only_look_like_names_are_not_tagged(text: str) -> None:
    assert _names(text) == []


def test_persian_and_urdu_letters_meet_the_arabic_list() -> None:
    zipf, given, _surnames = name_words()
    assert fold("علی") == fold("علي") and fold("علی") in given
    assert fold("کریم") == fold("كريم")
    assert fold("على") != fold("علي")


def test_the_list_says_where_it_comes_from() -> None:
    from pathlib import Path

    import privtext.tagging.script_gazetteer as module

    head = Path(module._DATA).read_text(encoding="utf-8").splitlines()[0]
    assert "Faker" in head and "MIT" in Path(module._DATA).read_text(encoding="utf-8")[:400]
