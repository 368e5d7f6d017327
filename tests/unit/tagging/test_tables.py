"""Places in a table's column of places (privtext.tagging.tables)."""

from __future__ import annotations

from privtext.tagging.base import Span
from privtext.tagging.tables import places_in_place_columns

TABLE = (
    "| Date | From | To |\n"
    "|---|---|---|\n"
    "| 10/03 | Acacia Ridge | Roma |\n"
    "| 11/03 | Roma | Charleville |\n"
    "| 12/03 | Charleville | Longreach |\n"
)


def _spans(text: str, tags: list[tuple[str, str, str, int]]) -> list[Span]:
    out = []
    for surface, etype, source, nth in tags:
        i = -1
        for _ in range(nth + 1):
            i = text.index(surface, i + 1)
        out.append(Span(i, i + len(surface), etype, 0.85, source))
    return sorted(out, key=lambda s: s.start)


def test_a_person_guess_in_a_column_of_places_is_a_place():
    spans = _spans(
        TABLE,
        [
            ("Acacia Ridge", "PERSON", "spacy_ner", 0),
            ("Roma", "LOCATION", "spacy_ner", 0),
            ("Roma", "LOCATION", "gazetteer", 1),
            ("Charleville", "LOCATION", "spacy_ner", 0),
            ("Charleville", "LOCATION", "spacy_ner", 1),
            ("Longreach", "LOCATION", "spacy_ner", 0),
        ],
    )
    out = places_in_place_columns(TABLE, spans)
    assert [(TABLE[s.start : s.end], s.entity_type) for s in out][0] == ("Acacia Ridge", "LOCATION")
    assert all(s.entity_type == "LOCATION" for s in out)


def test_a_column_of_persons_and_tags_of_recognizers_are_left_alone():
    text = (
        "| Name | Town |\n|---|---|\n| Ann Lee | Leeds |\n| Bo Chan | York |\n| Cy Ray | Hull |\n"
    )
    spans = _spans(
        text,
        [
            ("Ann Lee", "PERSON", "spacy_ner", 0),
            ("Leeds", "LOCATION", "gazetteer", 0),
            ("Bo Chan", "PERSON", "gazetteer", 0),
            ("York", "LOCATION", "gazetteer", 0),
            ("Cy Ray", "PERSON", "person_cues", 0),
            ("Hull", "LOCATION", "gazetteer", 0),
        ],
    )
    assert places_in_place_columns(text, spans) == spans


def test_text_without_a_table_is_returned_as_it_is():
    spans = [Span(0, 4, "PERSON", 0.85, "spacy_ner")]
    assert places_in_place_columns("Roma and Leeds | York", spans) is spans
