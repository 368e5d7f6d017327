"""The other items of a list of identifiers.

A keyword names a list once and the recognizers tag its first number only: "Client IDs:
88417305 (Harjit), 88417312 (Gurpreet)", "DBS certificates: 001784523619 (Beverley),
001784523627 (Chinedu)", "fixed charge notices (nos. 4417729130 and 4417731288)". After an
identifier span (NATIONAL_ID, CASE_NUMBER, ACCOUNT_NUMBER) of digits, with a short bracket
after it or not, a comma, "and", "&", ";" or "/" and then a number of the same shape (the same
digits-and-separators pattern, the same length) is the same kind of identifier. A number of
another length, or one already tagged, is left alone.
"""

from __future__ import annotations

import re

from privtext.tagging.base import Span

SOURCE = "id_list"
_TYPES = frozenset({"NATIONAL_ID", "CASE_NUMBER", "ACCOUNT_NUMBER"})
# an identifier of digits, maybe with separators: "88417305", "001784523619", "0411-2287"
_DIGITS_ID = re.compile(r"[0-9](?:[0-9]|[ \-./](?=[0-9])){5,24}")
# what may stand between two items: a short bracket ("(Harjit)"), then the list's separator
_BETWEEN = re.compile(
    r"(?:[ \t]*\([^()\n]{1,30}\))?(?:,[ \t]*|[ \t]+(?:and|&|or)[ \t]+|;[ \t]*|[ \t]*/[ \t]*)"
)


def _shape(value: str) -> str:
    return re.sub(r"[0-9]", "9", value)


def identifier_lists(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with the next items of a list of identifiers tagged like its first one.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans, sorted by start and non-overlapping.
    """
    added: list[Span] = []

    def free(a: int, b: int) -> bool:
        return not any(x.start < b and a < x.end for x in (*spans, *added))

    for s in spans:
        if s.entity_type not in _TYPES or not _DIGITS_ID.fullmatch(text, s.start, s.end):
            continue
        shape = _shape(text[s.start : s.end])
        pos = s.end
        while (sep := _BETWEEN.match(text, pos)) is not None:
            nxt = _DIGITS_ID.match(text, sep.end())
            if nxt is None or _shape(nxt.group()) != shape:
                break
            if nxt.end() < len(text) and (text[nxt.end()].isalnum() or text[nxt.end()] == "-"):
                break  # a longer code that starts with the same digits
            if not free(nxt.start(), nxt.end()):
                break
            added.append(Span(nxt.start(), nxt.end(), s.entity_type, s.score, SOURCE))
            pos = nxt.end()
    if not added:
        return spans
    return sorted(spans + added, key=lambda x: x.start)
