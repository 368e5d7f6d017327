"""CASE_NUMBER and ACCOUNT_NUMBER recognizers: file, case, account and customer references.

**Case numbers** (:class:`CaseNumberRecognizer`):

* ECHR application numbers ``36110/97`` (4-6 digits, slash, 2 digits) score high on their
  own; a split academic or fiscal year (``2019/20``, ``1998/99``) is not one. Shorter ones
  (``123/05``) need ``application``/``no.`` just before them.
* Court numbers with a strong shape: CJEU ``C-123/19``/``T-45/20``, German ``2 BvR 123/08``/
  ``VI ZR 12/19``, UK neutral citations ``[2019] EWHC 123 (QB)``, US federal
  ``1:19-cv-01234``, docket-like ``CV-2021-004512`` (not ``CVE-...``).
* Any code with a digit introduced by ``case``, ``file``, ``reference``, ``ref``, ``ticket``,
  ``claim``, ``docket``, ``matter``, ``dossier``... (``reference KX-48213``, ``ticket #48213``,
  ``claim number 1234-5678``, ``our ref: ABC/2021/0045``, ``file no. 2019/123``). Words that are
  also ordinary nouns (``case``, ``file``, ``matter``, ``application``) need ``no.``/``number``/
  ``#``/``:`` or a code that is not a plain small number.

**Account numbers** (:class:`AccountNumberRecognizer`): a code with at least two digits after
``account``, ``customer``, ``member(ship)``, ``policy``, ``patient``, ``employee``,
``passport``, ``licence``/``driver's license``, ``student``, ``invoice``, ``order``,
``booking``... optionally followed by ``number``/``no.``/``ID``/``#`` (``account number
12345678``, ``customer ID C-10293``, ``policy no. PX-77120-A``, ``passport number 123456789``),
UK sort codes (``sort code 12-34-56``), and codes after ``ID``/``No.``/``#`` when such a
keyword is at most ~30 characters before (``membership card, No. AB1234``).

Every pattern starts at a digit or a keyword, so prose costs a few quick regex scans.
"""

from __future__ import annotations

import re
from typing import ClassVar

from privtext.tagging.base import Recognizer, Span

# An identifier: letters, digits and inner separators (- / .), at most ~30 characters,
# optionally followed by space-separated groups of digits ("1234 5678").
_ID = (
    r"#?(?P<id>[A-Za-z0-9](?:[A-Za-z0-9]|[\-/.](?=[A-Za-z0-9])){0,29}"
    r"(?:[ \u00a0][0-9]{2,}(?![\w\-/]))*)(?![\w\-/]|[.][A-Za-z0-9])"
)
_LB = r"(?<![\w/.\-])"
_RB = r"(?![\w/]|[.\-][0-9A-Za-z])"

# ---------------------------------------------------------------------------- case numbers
_STRONG_CASE_KW = (
    r"(?:reference|ref|our\s+ref|your\s+ref|ticket|claim|docket|dossier|incident|complaint|"
    r"tracking|case\s+reference|file\s+reference|aktenzeichen|az|n[o\u00ba\u00b0]\s+rg|rg)"
)
_WEAK_CASE_KW = (
    r"(?:case|file|matter|application|applications|appeal|petition|request|record|report|"
    r"proceedings|judgment|decision)"
)
_CASE_CONNECTOR = r"(?:\s+(?:number|numbers|num|nos?|nr|id|#)\.?|\s*#|\s*n[\u00ba\u00b0]\.?)"

_CASE_PATTERNS: list[tuple[str, str, float]] = [
    # ECHR application number 36110/97
    ("echr", rf"{_LB}(?P<ent>[0-9]{{4,6}}/[0-9]{{2}}){_RB}", 0.85),
    # no. 123/05 after an application word
    (
        "echr_short",
        rf"(?i:applications?\s+(?:nos?\.?|numbers?)\s*|\bnos?\.\s*)"
        rf"(?P<ent>[0-9]{{1,3}}/[0-9]{{2}}){_RB}",
        0.8,
    ),
    # CJEU C-123/19, T-45/20 P
    ("cjeu", rf"{_LB}(?P<ent>[CTF][\-\u2011][0-9]{{1,4}}/[0-9]{{2}}(?:\s+P(?![\w]))?){_RB}", 0.85),
    # German: 2 BvR 123/08, VI ZR 12/19, 1 StR 45/12
    (
        "de_az",
        rf"(?<![\w/])(?P<ent>(?:[0-9]{{1,2}}|[IVX]{{1,5}})\s+(?:Bv[A-Z]|[A-Z][a-z]?[A-Z]{{1,2}}|"
        rf"[A-Z]{{1,3}})\s+[0-9]{{1,5}}/[0-9]{{2,4}}){_RB}",
        0.85,
    ),
    # UK neutral citation [2019] EWHC 123 (QB)
    (
        "uk_ncn",
        r"(?P<ent>\[(?:19|20)[0-9]{2}\]\s+(?:UKSC|UKHL|UKPC|EWCA\s+(?:Civ|Crim)|EWHC|EWFC|EWCOP|"
        r"UKUT|UKFTT|UKEAT|UKIAT|CSOH|CSIH|HCJAC|NICA|NIQB|NIKB|IEHC|IESC|IECA)\s+[0-9]{1,5}"
        r"(?:\s+\([A-Z][A-Za-z]*(?:\s+[A-Z][A-Za-z]*)?\))?)",
        0.9,
    ),
    # US federal 1:19-cv-01234(-ABC)
    (
        "us_fed",
        rf"{_LB}(?P<ent>[0-9]{{1,2}}:[0-9]{{2}}-(?i:cv|cr|mj|mc|md|bk|ap|po|sw)-[0-9]{{3,6}}"
        rf"(?:-[A-Z]{{2,4}})*){_RB}",
        0.9,
    ),
    # docket-like CV-2021-004512 (not CVE-2021-44228)
    (
        "docket",
        rf"{_LB}(?P<ent>(?!CVE-|ISO-|EN-|RFC-)[A-Z]{{2,4}}-(?:19|20)[0-9]{{2}}-[0-9]{{3,8}}){_RB}",
        0.7,
    ),
    # keyword + code: reference KX-48213, ticket #48213, claim number 1234-5678
    (
        "strong_kw",
        rf"(?<![\w])(?i:{_STRONG_CASE_KW}{_CASE_CONNECTOR}?)\s*(?:is\s+|[:=]\s*)?{_ID}",
        0.85,
    ),
    # weak keyword + connector + code: case no. 2019/123, file number AB-12
    (
        "weak_kw",
        rf"(?<![\w])(?i:{_WEAK_CASE_KW}{_CASE_CONNECTOR})\s*(?:is\s+|[:=]\s*)?{_ID}",
        0.85,
    ),
    # weak keyword + code that is clearly a code: case KX-48213, file 2019/123
    (
        "weak_kw_code",
        rf"(?<![\w])(?i:{_WEAK_CASE_KW})\s*(?::\s*)?#?(?P<code>(?=[A-Za-z0-9\-/.]*[\-/.][0-9])"
        rf"[A-Za-z0-9](?:[A-Za-z0-9]|[\-/.](?=[A-Za-z0-9])){{2,29}}){_RB}",
        0.8,
    ),
]
_CASE_RX = [(n, re.compile(rx), sc) for n, rx, sc in _CASE_PATTERNS]
_DIGIT = re.compile(r"[0-9]")


def _split_year(value: str) -> bool:
    """``2019/20``, ``1998/99``: an academic or fiscal year, not an application number."""
    m = re.fullmatch(r"((?:19|20)[0-9]{2})/([0-9]{2})", value)
    return m is not None and (int(m.group(1)) + 1) % 100 == int(m.group(2))


def _id_ok(value: str, min_digits: int = 2, min_len: int = 3) -> bool:
    """A plausible identifier: enough digits and characters, not a bare year or a word."""
    digits = sum(c.isdigit() for c in value)
    alnum = sum(c.isalnum() for c in value)
    return digits >= min_digits and alnum >= min_len


def _group(m: re.Match[str]) -> tuple[int, int]:
    for g in ("ent", "id", "code"):
        if g in m.re.groupindex and m.start(g) >= 0:
            return m.span(g)
    return m.span()


class CaseNumberRecognizer(Recognizer):
    """Tag case, application, file and ticket numbers as ``CASE_NUMBER``."""

    name: ClassVar[str] = "case_number_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("CASE_NUMBER",)

    def analyze(self, text: str) -> list[Span]:
        """Find case numbers in ``text`` (see the module docstring).

        Args:
            text: the document text.

        Returns:
            The spans found (overlaps between patterns are left to the tagger).
        """
        if not text or _DIGIT.search(text) is None:
            return []
        out: list[Span] = []
        seen: set[tuple[int, int]] = set()
        for name, rx, score in _CASE_RX:
            for m in rx.finditer(text):
                s, e = _group(m)
                if s >= e or (s, e) in seen:
                    continue
                value = text[s:e]
                if name == "echr" and _split_year(value):
                    continue
                if name in ("strong_kw", "weak_kw", "weak_kw_code"):
                    if not _id_ok(value, 2, 3):
                        continue
                    # "in case 2019", "reference 1998": a bare year needs a connector
                    if name != "weak_kw" and re.fullmatch(r"(?:19|20)[0-9]{2}", value):
                        continue
                seen.add((s, e))
                out.append(Span(s, e, "CASE_NUMBER", score, self.name))
        return out


# ------------------------------------------------------------------------- account numbers
_ACCOUNT_KW = (
    r"(?:bank\s+account|account|acct|a/c|customer|client|member|membership|subscriber|"
    r"subscription|policy|insurance\s+policy|patient|employee|staff|personnel|payroll|"
    r"passport|licen[cs]e|driver'?s\s+licen[cs]e|driving\s+licen[cs]e|student|matriculation|"
    r"invoice|order|booking|reservation|confirmation|loyalty(?:\s+card)?|contract|"
    r"user|username|login|badge|benefits?|pension|social\s+insurance|health\s+insurance|"
    r"insurance|tax(?:payer)?|vat|routing|card)"
)
_ACCOUNT_CONNECTOR = (
    r"(?:\s+(?:number|numbers|num|nos?|nr|id|#|code|ref(?:erence)?|identifier)\.?|\s*#|\s*id)"
)
# keywords that need a connector ("order 66", "in order to", "the user 12")
_ACCOUNT_NEEDS_CONNECTOR = re.compile(
    r"(?i)^(?:order|user|staff|contract|card|tax|vat|insurance|benefits?|pension|booking|"
    r"confirmation|student|member|client|login|badge|routing|payroll|personnel)$"
)

_ACCOUNT_KW_RX = re.compile(
    rf"(?<![\w])(?P<kw>(?i:{_ACCOUNT_KW}))(?P<conn>(?i:{_ACCOUNT_CONNECTOR}))?"
    rf"\s*(?:(?i:is)\s+|[:=]\s*)?{_ID}"
)
_SORT_CODE_RX = re.compile(
    r"(?i:sort\s*code)\s*(?:is\s+|[:=]\s*)?(?P<ent>[0-9]{2}[\-\s][0-9]{2}[\-\s][0-9]{2})"
    r"(?![0-9])"
)
_GENERIC_ID_RX = re.compile(
    rf"(?<![\w])(?:ID|Id|id|No\.|no\.|Nr\.|#|(?i:number))\s*(?:[:=]\s*)?{_ID}"
)
_ACCOUNT_KW_ONLY = re.compile(rf"(?<![\w])(?i:{_ACCOUNT_KW})(?![\w])")
_KW_WINDOW = 30
_ACCOUNT_SCORE = 0.85
_SORT_CODE_SCORE = 0.9
_GENERIC_SCORE = 0.75
_YEAR = re.compile(r"(?:19|20)[0-9]{2}")


class AccountNumberRecognizer(Recognizer):
    """Tag account, customer, policy, passport... numbers as ``ACCOUNT_NUMBER``."""

    name: ClassVar[str] = "account_number_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("ACCOUNT_NUMBER",)

    def analyze(self, text: str) -> list[Span]:
        """Find account-like numbers in ``text`` (see the module docstring).

        Args:
            text: the document text.

        Returns:
            The spans found.
        """
        if not text or _DIGIT.search(text) is None:
            return []
        out: list[Span] = []
        seen: set[tuple[int, int]] = set()
        for m in _SORT_CODE_RX.finditer(text):
            seen.add(m.span("ent"))
            out.append(Span(*m.span("ent"), "ACCOUNT_NUMBER", _SORT_CODE_SCORE, self.name))
        for m in _ACCOUNT_KW_RX.finditer(text):
            s, e = m.span("id")
            value = text[s:e]
            kw = " ".join(m.group("kw").split())
            has_conn = m.group("conn") is not None
            if not has_conn and _ACCOUNT_NEEDS_CONNECTOR.match(kw):
                continue
            if not _id_ok(value, 2, 3 if has_conn else 4):
                continue
            if not has_conn and _YEAR.fullmatch(value):
                continue
            if (s, e) in seen:
                continue
            seen.add((s, e))
            out.append(Span(s, e, "ACCOUNT_NUMBER", _ACCOUNT_SCORE, self.name))
        for m in _GENERIC_ID_RX.finditer(text):
            s, e = m.span("id")
            if (s, e) in seen or any(sp.start <= s < sp.end for sp in out):
                continue
            value = text[s:e]
            if not _id_ok(value, 2, 4) or _YEAR.fullmatch(value):
                continue
            if _ACCOUNT_KW_ONLY.search(text, max(0, m.start() - _KW_WINDOW), m.start()) is None:
                continue
            seen.add((s, e))
            out.append(Span(s, e, "ACCOUNT_NUMBER", _GENERIC_SCORE, self.name))
        return out
