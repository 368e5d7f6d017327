"""Places in a table's column of places.

Trip logs, expense claims and itineraries put places in a column ("| From | To |"). The small
NER model reads some of them as persons ("| Acacia Ridge | Roma |": "Acacia Ridge" a person)
where the same column holds places it got right. In a pipe table, a column in which at least
two cells are each exactly one LOCATION span, and those are at least half of the column's
tagged cells, is a column of places: a cell there that is exactly one NER or gazetteer PERSON
or ORGANIZATION guess becomes a LOCATION. Other tags, and cells holding more than the guess,
are left alone.
"""

from __future__ import annotations

import re

from privtext.tagging.base import GUESS_SOURCES, Span
from privtext.tagging.columns import bar_cells

SOURCE = "place_column"
_GUESS_TYPES = frozenset({"PERSON", "ORGANIZATION"})


def _tables(text: str) -> list[list[list[tuple[int, int]]]]:
    """Runs of consecutive lines with at least three pipes: each a list of rows of cells."""
    tables: list[list[list[tuple[int, int]]]] = []
    current: list[list[tuple[int, int]]] = []
    pos = 0
    for line in text.split("\n"):
        end = pos + len(line)
        if line.count("|") >= 3:
            current.append(bar_cells(pos, text[pos:end]))
        elif current:
            tables.append(current)
            current = []
        pos = end + 1
    if current:
        tables.append(current)
    return tables


def places_in_place_columns(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with person or organisation guesses in a column of places retyped LOCATION.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans, order kept.
    """
    if text.count("|") < 6:
        return spans
    exact = {(s.start, s.end): k for k, s in enumerate(spans)}
    out = list(spans)
    changed = False
    for table in _tables(text):
        width = max(len(r) for r in table)
        for col in range(width):
            cells = [r[col] for r in table if col < len(r) and r[col][0] < r[col][1]]
            kinds = [spans[exact[c]] for c in cells if c in exact]
            places = sum(1 for s in kinds if s.entity_type == "LOCATION")
            if places < 2 or 2 * places < len(kinds):
                continue
            for c in cells:
                k = exact.get(c)
                if k is None:
                    continue
                s = spans[k]
                if s.entity_type in _GUESS_TYPES and s.source in GUESS_SOURCES:
                    out[k] = Span(s.start, s.end, "LOCATION", s.score, SOURCE)
                    changed = True
    return out if changed else spans


# A header line of a table aligned with spaces that has an age column: "TIME  PATIENT  AGE  ..."
_AGE_HEADER = re.compile(r"(?m)^(?=[^\n]*(?:[ \t]{2,}|\t))[^\n]*?(?<![\w])(?:AGE|Age)(?![\w])")
# An age cell: "4y", "2y 3m", "7 months", "11", "34 yrs"
_AGE_CELL = re.compile(
    r"[ \t]{0,2}(?P<v>[0-9]{1,3}(?:[ \t]?(?:y|yrs?|years?|m|mo|months?|w|weeks?))?"
    r"(?:[ \t][0-9]{1,2}[ \t]?(?:m|mo|months?))?)(?=[ \t]{2,}|\t|[ \t]*$)",
    re.MULTILINE,
)
AGE_COLUMN_SOURCE = "age_column"


def ages_in_age_columns(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` plus AGE spans for the cells under an "Age" header of a space-aligned table.

    The cell must start within two characters of the header's column, after white space, and
    be an age (a number up to three digits, with a unit of years, months or weeks); rows run
    until a blank line. Cells that hold another tag are left.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans with the ages added, sorted by start.
    """
    if "AGE" not in text and "Age" not in text:
        return spans
    added: list[Span] = []
    for h in _AGE_HEADER.finditer(text):
        line_start = text.rfind("\n", 0, h.start()) + 1
        col = h.end() - 3 - line_start
        pos = text.find("\n", h.end())
        while pos >= 0:
            end = text.find("\n", pos + 1)
            end = len(text) if end < 0 else end
            line = text[pos + 1 : end]
            if not line.strip():
                break
            start = pos + 1 + max(0, col - 2)
            if start < end and (col < 2 or text[start - 1] in " \t"):
                m = _AGE_CELL.match(text, start, end)
                if m is not None and abs(m.start("v") - (pos + 1 + col)) <= 2:
                    a, b = m.span("v")
                    if not any(s.start < b and a < s.end for s in spans):
                        added.append(Span(a, b, "AGE", 0.75, AGE_COLUMN_SOURCE))
            pos = end if end < len(text) else -1
    if not added:
        return spans
    return sorted(spans + added, key=lambda s: (s.start, s.end))
