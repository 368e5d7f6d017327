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


def test_the_cells_under_an_age_header_of_a_space_aligned_table_are_ages():
    from privtext.tagging.tables import ages_in_age_columns

    text = (
        "TIME    PATIENT          HOSP NO     AGE        REASON\n"
        "09:00   Ava Campbell     FH2204117   4y         Constipation\n"
        "09:40   Oliwia Zielinska FH2210452   7 months   Faltering growth\n"
        "10:20   Hiba Mansour     FH2213309   2y 3m      Wheeze\n"
        "10:40   Leo Fitz         FH2179021   9          Coeliac review\n"
        "\n"
        "11:00   Later line       FH2179022   12         after the blank line\n"
    )
    i = text.index("FH2179021")
    held = [Span(i, i + 9, "NATIONAL_ID", 0.9, "x")]
    got = [text[s.start : s.end] for s in ages_in_age_columns(text, held) if s.entity_type == "AGE"]
    assert got == ["4y", "7 months", "2y 3m", "9"]


def test_a_number_out_of_the_age_column_or_without_a_header_is_no_age():
    from privtext.tagging.tables import ages_in_age_columns

    text = "TIME    ROOM    NOTES\n09:00   12      seen\n"
    assert ages_in_age_columns(text, []) == []
    text = "NAME      AGE   ROOM\nAva       x     12\n"  # the number is in the ROOM column
    assert ages_in_age_columns(text, []) == []
