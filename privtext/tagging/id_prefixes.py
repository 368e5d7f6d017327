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

import re

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


# Series letters of an identifier written apart from its digits: "CDC MUM 247819", "CI CJ 618244",
# "військовий квиток АА 471209", "plate 4812736 LP", "NGO 4417 SS". Labels and words in capitals
# are no series letters ("NIF 258417730", "ID 318452", "at 10 AM", "500 GB").
_CAPS = "A-ZÄÖÜА-ЯЁІЇЄҐΑ-Ω"
_SERIES = re.compile(f"[{_CAPS}]{{1,3}}")
_NOT_SERIES = frozenset(
    "A I AN AS AT BE BY DO GO HE IF IN IS IT ME MY NO OF ON OR SO TO UP US WE THE AND FOR NOT "
    "ARE WAS YOU OUR ALL NEW OLD HAS HAD "  # words
    "ID NR NUM REF TEL FAX PIN DOB BIC VAT TIN EIN SSN SIN NIN NI NHS PAN NIF NIE DNI CC CI NIP "
    "NRC UUN CIF CPF RG CNP OIB EGN AHV TFN IRD BSN KVK ABN ACN CUI CIN NID PPS UTR FIN MRN URN "
    "CRN UPN ULN OEN DL BN CRA EO VIN IMO HIN MMSI CDC AZ AKZ GZ IBAN ACC ACCT AC CASE FILE "
    "INV PO SO ORD TKT LOG REG CBP TIR CAS DBS PHV BSB AD SPZ ECV"  # labels and document names
    "".split()
)
_UNITS = frozenset(
    "AM PM KM KG MB GB KB TB MM CM ML UTC GMT BST CET CEST EST EDT PST PDT IST MSK USD EUR GBP "
    "CHF JPY CNY INR AUD CAD NZD ZAR NGN KES RUB UAH PLN SEK NOK DKK CZK HUF RON TRY BRL MXN "
    "KW KWH MW HP PS".split()
)


def identifier_series_letters(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with identifiers widened over series letters written apart from their digits,
    before ("MUM 247819", "АА 471209") or after ("4812736 LP"); see the comment above.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans, order kept.
    """
    out = spans
    for k, s in enumerate(spans):
        if s.entity_type not in _TYPES:
            continue
        a, b = s.start, s.end
        if a >= 2 and text[a].isdigit() and text[a - 1] == " ":
            m = _last_series(text, a - 1)
            if m is not None and (k == 0 or spans[k - 1].end <= m):
                a = m
        if b < len(text) and text[b - 1].isdigit() and text[b] == " ":
            m2 = _SERIES.match(text, b + 1)
            if (
                m2 is not None
                and m2.group() not in _NOT_SERIES
                and m2.group() not in _UNITS
                and (m2.end() == len(text) or text[m2.end()] in " \t\n.,;:)]")
                and not re.match(r" [a-zа-я0-9]", text[m2.end() : m2.end() + 2])
                and (k + 1 == len(spans) or spans[k + 1].start >= m2.end())
            ):
                b = m2.end()
        if (a, b) != (s.start, s.end):
            if out is spans:
                out = list(spans)
            out[k] = Span(a, b, s.entity_type, s.score, s.source)
    return out


def _last_series(text: str, end: int) -> int | None:
    """Where series letters ending at ``end`` start, if they stand alone after a label."""
    start = end
    while start > 0 and start > end - 3 and re.match(f"[{_CAPS}]", text[start - 1]):
        start -= 1
    if start == end or (start > 0 and text[start - 1] not in " \t\n:(#"):
        return None
    word = text[start:end]
    if word in _NOT_SERIES or word in _UNITS:
        return None
    if start == 0 or text[start - 1] == "\n":
        return None  # the series letters of an identifier follow its label
    return start
