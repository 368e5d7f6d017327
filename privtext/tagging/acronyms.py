"""An organisation's acronym defined in brackets after its name is that organisation too.

"Bangladesh University of Engineering and Technology (BUET)", "Controller & Accountant-General's
Dept (CAGD)", "Procuraduría Federal del Consumidor (PROFECO)": the acronym names the same
organisation, and later mentions use it alone ("Dept. of CSE, BUET"). A bracketed word of two to
ten capitals (lower-case letters inside allowed, "MoH") is an acronym of the words before it on
its line when it can be spelt from them: each capitalised word gives a non-empty prefix of
itself (one letter for "Bangladesh", "PRO" for "Procuraduría"), a hyphen starts a new word
("Accountant-General" gives A and G), and the small words (of, and, for, the, de, del, &...)
give their first letter or nothing. The shortest such run of words is taken.

When that run overlaps an ORGANIZATION span, or holds an organisation head (University,
Department, Dept, Authority...) and no other span, the run becomes (or widens) an ORGANIZATION
span and the acronym gets one too; the consistency pass then tags the acronym's other
mentions. A run read as a LOCATION gives the acronym that type ("New South Wales (NSW)").
Anything else (a law, "General Data Protection Regulation (GDPR)"; a disease; the name of a
number, "Bank Verification Number (BVN)") is left alone.
"""

from __future__ import annotations

import re
from functools import lru_cache

from privtext.tagging.base import Span
from privtext.tagging.prescan import PatternGroup
from privtext.tagging.recognizers.organization import HEAD_SET

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("acronyms")

SOURCE = "acronym_definition"
SCORE = 0.86

_BRACKETED = _PRESCAN.compile(r"[ \t]\((?P<acr>[A-Z][A-Za-z&]{0,8}[A-Z])\)")
_SMALL = frozenset(
    "of and for the in on at to & de del des la le el y e da do dos das di du van von der und "
    "für fur".split()
)
_WORD = re.compile(r"[^\s()]+")
_MAX_WORDS = 12
_IDENTIFIER_WORDS = frozenset(
    "Number No Id Code Card Account Certificate Licence License Registration Pin".split()
)


def _parts(word: str) -> list[str]:
    """The letters of a word that can give an acronym's letters, split at hyphens."""
    return [p for p in re.split(r"[\-\u2013]", word) if p]


@lru_cache(maxsize=4096)
def _spell(acr: str, words: tuple[str, ...]) -> bool:
    """True when ``acr`` (upper case) is spelt by ``words`` as the module docstring says."""
    if not words:
        return not acr
    word, rest = words[0], words[1:]
    if word.lower() in _SMALL:
        if _spell(acr, rest):
            return True
        return bool(acr) and acr[0] == word[0].upper() and _spell(acr[1:], rest)
    parts = _parts(word)
    if not parts or not parts[0][:1].isupper():
        return False
    return _spell_parts(acr, tuple(parts), rest)


def _spell_parts(acr: str, parts: tuple[str, ...], rest: tuple[str, ...]) -> bool:
    if not parts:
        return _spell(acr, rest)
    letters = "".join(c for c in parts[0] if c.isalpha()).upper()
    for n in range(1, min(len(letters), len(acr)) + 1):
        if acr[:n] != letters[:n]:
            break
        if _spell_parts(acr[n:], parts[1:], rest):
            return True
    return False


def _head(words: list[str]) -> bool:
    """True when one of ``words`` is an organisation head ("Dept" and "Dept." count)."""
    for w in words:
        w = w.rstrip(".,")
        w = w[:-2] if w.endswith(("'s", "\u2019s")) else w
        if w in HEAD_SET or w[:1] + w[1:].lower() in HEAD_SET or w in ("Dept", "DEPT"):
            return True
    return False


def organisation_acronyms(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with the acronyms defined after organisation or place names tagged.

    Args:
        text: the document.
        spans: kept, non-overlapping spans sorted by start.

    Returns:
        The spans, sorted by start.
    """
    if "(" not in text:
        return spans
    out = list(spans)
    changed = False
    for m in _BRACKETED.finditer(text):
        acr = m.group("acr")
        if sum(c.isupper() for c in acr) < 2 or (not acr.isupper() and len(acr) < 3):
            continue
        a0, a1 = m.start("acr"), m.end("acr")
        if any(s.start < a1 and s.end > a0 for s in out):
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        words = [
            (w.start(), w.end(), w.group()) for w in _WORD.finditer(text, line_start, m.start())
        ]
        words = [(s, e, w.rstrip(",;:")) for s, e, w in words[-_MAX_WORDS:]]
        run = None
        for k in range(1, len(words) + 1):
            tail = words[-k:]
            if tail[0][2].lower() in _SMALL:
                continue
            if _spell(acr.upper(), tuple(w for _, _, w in tail)):
                run = tail
                break
        if run is None:
            continue
        if run[-1][2].strip(".,:").title() in _IDENTIFIER_WORDS:
            continue  # "Bank Verification Number (BVN)": a number's name, no organisation
        r0, r1 = run[0][0], run[-1][1]
        touching = [s for s in out if s.start < r1 and s.end > r0]
        etype = None
        if any(s.entity_type == "ORGANIZATION" for s in touching):
            etype = "ORGANIZATION"
        elif (
            len(touching) == 1
            and touching[0].entity_type == "LOCATION"
            and touching[0].start <= r0
            and touching[0].end >= r1
        ):
            etype = "LOCATION"
        elif not touching and _head([w for _, _, w in run]):
            etype = "ORGANIZATION"
        if etype is None:
            continue
        if etype == "ORGANIZATION" and all(s.entity_type == "ORGANIZATION" for s in touching):
            # the organisation is the whole run: widen (or add) its span
            lo = min([r0] + [s.start for s in touching])
            hi = max([r1] + [s.end for s in touching])
            score = max([SCORE] + [s.score for s in touching])
            out = [s for s in out if s not in touching]
            out.append(
                Span(lo, hi, "ORGANIZATION", score, touching[0].source if touching else SOURCE)
            )
        out.append(Span(a0, a1, etype, SCORE, SOURCE))
        changed = True
    return sorted(out, key=lambda s: s.start) if changed else spans
