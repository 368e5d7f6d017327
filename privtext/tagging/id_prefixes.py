"""Identifiers grow over the country code written before them.

EORI and VAT numbers, tachograph driver cards and customs seals open with a country code that
is often written apart from the digits: "EORI GB 2718 4405 1000", "VAT number GB 271 8440 51",
"Driver card no.: PL 00000 4471823 1", "seal IE 0774431". The recognizers tag the digits; the
code belongs to the identifier (with it, the number is the one a reader could look up).

An identifier span (NATIONAL_ID, CASE_NUMBER, ACCOUNT_NUMBER) that starts with a digit and has
two capitals of a European country code and one space right before it, themselves after a
space, a colon or a line start, starts at the code. "AT" and "IT" are left out: they are words
in capitals more often than codes. A PHONE span in that place is such a number read as a
telephone ("GB 2718 4405 1000"): no telephone number is written after a country's letters, so
it becomes a NATIONAL_ID.
"""

from __future__ import annotations

from privtext.tagging.base import Span

_TYPES = frozenset({"NATIONAL_ID", "CASE_NUMBER", "ACCOUNT_NUMBER"})
_CODES = frozenset(
    "BE BG CY CZ DE DK EE EL ES FI FR GB GR HR HU IE LT LU LV MT NL PL PT RO SE SI SK XI NO "
    "CH".split()
)


def identifier_country_prefixes(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with identifiers widened over a country code written before them.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans, order kept.
    """
    out = spans
    for k, s in enumerate(spans):
        a = s.start
        if s.entity_type not in _TYPES and s.entity_type != "PHONE":
            continue
        if a < 3 or not text[a].isdigit():
            continue
        if text[a - 1] not in " \u00a0" or text[a - 3 : a - 1] not in _CODES:
            continue
        if a > 3 and text[a - 4] not in " \t\n:(":
            continue
        if k > 0 and spans[k - 1].end > a - 3:
            continue
        if out is spans:
            out = list(spans)
        etype = "NATIONAL_ID" if s.entity_type == "PHONE" else s.entity_type
        out[k] = Span(a - 3, s.end, etype, s.score, s.source)
    return out
