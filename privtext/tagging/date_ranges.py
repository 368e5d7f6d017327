"""A date span grows over the first days of a range written before it.

The date recognizer and NER find "10 October 2025" in "Held at Glasgow on 9 and 10 October
2025" and "16 August" in "from 9 to 16 August", but not the first day, which has no month of
its own. The whole range is one date: a reader who sees "9 and" next to a masked date learns the
day. So a DATE span that opens with a day number is widened over the days written right
before it and joined to it by a comma, "and", "to", "&", a slash or the same words of other
languages: "14, 15 and 16 January 2025", "27 au 31 janvier", "3 en 7 maart", "22/23 March
2024", "11 по 17 серпня 2025".
"""

from __future__ import annotations

import re

from privtext.tagging.base import Span

_DATE_TYPES = frozenset({"DATE", "DATE_OF_BIRTH"})
# a day number and what follows it inside the span: "16 August", "10. Oktober", "1er mars"
_OPENS_WITH_DAY = re.compile(r"(?:0?[1-9]|[12][0-9]|3[01])(?:st|nd|rd|th|er|\.)?[ \t\u00a0]+\D")
_DAY = r"(?:0?[1-9]|[12][0-9]|3[01])(?:st|nd|rd|th|er|\.)?"
_JOIN = (
    r"(?:and|to|&|or|through|thru|au|et|en|tot|y|e|al|bis|und|til|og|och|ja|"
    r"\u00e9s|\u0438|\u043f\u043e|\u0434\u043e|-|\u2013|\u2014)"
)
# days before the span's day, right before it: "9 and ", "14, 15 and ", "22/", "27 au "
_RANGE_BEFORE = re.compile(
    rf"(?<![\w./:,\-])(?:{_DAY}[ \t]*,[ \t]*)*{_DAY}(?:,?[ \t]+{_JOIN}[ \t]+|/)\Z"
)


def date_range_starts(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with each DATE span that opens with a day widened over the first days of its
    range (see the module docstring).

    Args:
        text: the document.
        spans: kept, non-overlapping spans sorted by start.

    Returns:
        The spans, sorted by start; ``spans`` itself when nothing changed.
    """
    out = spans
    for k, s in enumerate(spans):
        if s.entity_type not in _DATE_TYPES or not _OPENS_WITH_DAY.match(text, s.start, s.end):
            continue
        m = _RANGE_BEFORE.search(text, max(0, s.start - 40), s.start)
        if m is None:
            continue
        prev_end = spans[k - 1].end if k > 0 else 0
        if m.start() < prev_end:
            continue  # the days belong to another span
        if out is spans:
            out = list(spans)
        out[k] = Span(m.start(), s.end, s.entity_type, s.score, s.source)
    return out
