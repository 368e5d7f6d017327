"""Countries and cities named in other scripts (script_places.py)."""

from __future__ import annotations

import pytest

from privtext.tagging.base import Span
from privtext.tagging.script_places import places_in_other_scripts


def _places(text: str, spans: list[Span] | None = None) -> list[str]:
    got = places_in_other_scripts(text, spans or [])
    return [text[s.start : s.end] for s in got if s.entity_type == "LOCATION"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("荷物を日本に送るので、退職したら札幌で暮らしたい", ["日本", "札幌"]),
        ("저는 2020년 2월부터 도쿄에서 활동하며", ["도쿄"]),
        ("Сказали, что везут в Белгород, а потом в Курск.", ["Белгород", "Курск"]),
        ("我们说好一起去温哥华看雪的", ["温哥华"]),
        ("לכבוד בית הדין של הרב הראשי, לונדון,", ["לונדון"]),
        ("הוא חזר מלונדון אתמול", ["לונדון"]),  # the prefix מ (from) stays outside
        ("مادرم در هرات هر روز گریه می‌کند", ["هرات"]),
        ("国連の医師としてシリアに派遣中", ["シリア"]),
        ("Ταφή στη Μυτιλήνη, θέση Β-62", ["Μυτιλήνη"]),
    ],
)  # fmt: skip
def test_places_in_other_scripts_are_found(text, expected):
    assert _places(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "他是日本人，说日本語",  # a people and a language, not the country
        "Того же дня он уехал",  # "that same day": a word that is also Togo
        "Hello from London, no other script here",
        "ロンドンバス",  # a katakana word that only starts with a city
    ],
)
def test_words_that_only_look_like_places_are_left(text):
    assert _places(text) == []


def test_a_person_guess_on_a_place_gives_way_and_other_tags_stay():
    text = "他住在東京，电话 090-1234-5678"
    got = places_in_other_scripts(text, [Span(3, 5, "PERSON", 0.85, "spacy_ner")])
    assert [(text[s.start : s.end], s.entity_type) for s in got] == [("東京", "LOCATION")]
    kept = [Span(2, 5, "ORGANIZATION", 0.9, "organization_shape")]
    assert places_in_other_scripts(text, kept) == kept
