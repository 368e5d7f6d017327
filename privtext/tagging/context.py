"""Context step: cue words next to a span raise or lower its score, or change its type.

Recognizers look at a few characters around a match at most; this step runs once per document
on every candidate span, whatever recognizer produced it, before overlap resolution. It is data
driven by two small tables:

* ``CUE_RULES``: per entity type, words or phrases that must end just before the span
  (``BEFORE``, at most a few characters of spaces and punctuation in between) or start just
  after it (``AFTER``), with a score change and an optional new entity type. ``works at`` raises
  an ``ORGANIZATION``, ``lives in`` a ``LOCATION``, ``Mr`` or ``Dear`` a ``PERSON``; a ``DATE``
  after ``born on`` or ``date of birth`` becomes a ``DATE_OF_BIRTH``.
* ``SHAPE_RULES``: per entity type, regexes on the span text itself: a ``DATE`` that is an
  application number (``36110/97``) or a bare digit string is pushed below every threshold, a
  ``DATE`` such as ``43 years old`` becomes an ``AGE``, a lone generic word such as ``Court`` or
  ``Government`` tagged as a name loses most of its score.

A birth cue for dates may be a little further away (``born in London on 3 May 1950``): see
:func:`birth_cue_before`, which the date recognizer uses too. Spans are frozen, so changed spans
are new :class:`Span` objects; scores stay in ``[0, 1]``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from privtext.tagging.base import Span

BEFORE = "before"
AFTER = "after"
#: Characters allowed between a cue and the span (spaces, quotes, colons, brackets...).
_GAP = r"[\s:,.\"'\u2018\u2019\u201c\u201d(\[\-]{0,4}"
#: The same on one line: a cue that lowers a score must be on the span's line ("Media
#: Release" ending a heading does not make the date under it a version number).
_GAP_LINE = r"[ \t:,.\"'\u2018\u2019\u201c\u201d(\[\-]{0,4}"
_ARTICLE = r"(?:(?:a|an|the)\s+)?"
_WINDOW = 40


@dataclass(frozen=True)
class CueRule:
    """Cue words that change a span of one entity type.

    Attributes:
        entity_type: type of the spans the rule applies to.
        where: ``BEFORE`` (cue ends just before the span) or ``AFTER`` (starts just after).
        cues: words or phrases, case-insensitive, whole words; a space matches any whitespace.
        delta: score change (clipped to ``[0, 1]``).
        relabel: new entity type, or None to keep it.
    """

    entity_type: str
    where: str
    cues: tuple[str, ...]
    delta: float
    relabel: str | None = None


@dataclass(frozen=True)
class ShapeRule:
    """A regex on the span text (full match) that changes the span.

    Attributes:
        entity_type: type of the spans the rule applies to.
        regex: pattern that must match the whole span text.
        delta: score change (clipped to ``[0, 1]``).
        relabel: new entity type, or None to keep it.
    """

    entity_type: str
    regex: str
    delta: float
    relabel: str | None = None


BIRTH_CUES: tuple[str, ...] = (
    "born on",
    "born in",
    "born",
    "date of birth",
    "birth date",
    "birthdate",
    "date of birth:",
    "birthday",
    "dob",
    "d.o.b.",
    "d.o.b",
    "b.",
    "né le",
    "née le",
    "geboren am",
    "fecha de nacimiento",
)

CUE_RULES: tuple[CueRule, ...] = (
    CueRule(
        "ORGANIZATION",
        BEFORE,
        (
            "works at",
            "working at",
            "worked at",
            "works for",
            "working for",
            "worked for",
            "employed by",
            "employed at",
            "employee of",
            "joined",
            "employer",
            "hired by",
            "contractor for",
            "intern at",
            "studied at",
            "student at",
        ),
        0.15,
    ),
    CueRule(
        "LOCATION",
        BEFORE,
        (
            "lives in",
            "living in",
            "lived in",
            "moved to",
            "born in",
            "from",
            "resident of",
            "resident in",
            "resides in",
            "residing in",
            "citizen of",
            "grew up in",
            "native of",
            "travelled to",
            "traveled to",
            "settled in",
        ),
        0.15,
    ),
    CueRule(
        "PERSON",
        BEFORE,
        (
            "mr",
            "mrs",
            "ms",
            "miss",
            "dr",
            "prof",
            "name is",
            "named",
            "signed",
            "signed by",
            "dear",
            "sincerely",
            "regards",
            "son of",
            "daughter of",
            "wife of",
            "husband of",
            "widow of",
        ),
        0.15,
    ),
    CueRule(
        "JOB_TITLE",
        BEFORE,
        (
            "works as",
            "worked as",
            "working as",
            "employed as",
            "position of",
            "job title",
            "occupation",
            "profession",
            "role of",
            "career as",
            "promoted to",
        ),
        0.2,
    ),
    CueRule(
        "STREET_ADDRESS",
        BEFORE,
        ("address", "lives at", "resides at", "residing at", "located at", "deliver to"),
        0.1,
    ),
    CueRule("POSTCODE", BEFORE, ("postcode", "post code", "zip", "zip code", "postal code"), 0.1),
    CueRule("DATE", BEFORE, BIRTH_CUES, 0.1, "DATE_OF_BIRTH"),
    CueRule(
        "DATE",
        BEFORE,
        ("version", "v", "release", "build", "page", "p.", "pp.", "section", "article", "§"),
        -0.5,
    ),
    CueRule("DATE", AFTER, ("%", "percent", "per cent"), -0.5),
)

_GENERIC_NAMES = (
    r"(?:the\s+)?(?:Court|Government|Commission|Chamber|Grand\s+Chamber|Registry|Registrar|"
    r"Convention|State|States|Section|Article|Applicant|Applicants|Parliament|Ministry|"
    r"Republic)"
)

# Financial and school years ("2024/25"): the second year follows the first.
_YEAR_SPANS = "|".join(f"{y}/{(y + 1) % 100:02d}" for y in range(1950, 2060))

SHAPE_RULES: tuple[ShapeRule, ...] = (
    # Application / case numbers and bare digit strings are not dates.
    ShapeRule("DATE", rf"(?!(?:{_YEAR_SPANS})\Z)\d{{3,6}}/\d{{2}}", -0.6),
    ShapeRule("DATE", r"(?!(?:19|20)\d\d\Z)\d+", -0.6),
    ShapeRule("DATE", r"\d{1,3}(?:[,.]\d{3})+", -0.6),
    # "43 years old" is an age, not a date.
    ShapeRule(
        "DATE",
        r"(?:aged\s+|age\s+)?\d{1,3}(?:\s*|-)(?:years?|yrs?)(?:\s*|-)(?:old|of\s+age)",
        0.0,
        "AGE",
    ),
    ShapeRule("PERSON", _GENERIC_NAMES, -0.4),
    ShapeRule("ORGANIZATION", _GENERIC_NAMES, -0.4),
    ShapeRule("LOCATION", _GENERIC_NAMES, -0.4),
)


def _cue_regex(cues: tuple[str, ...], where: str, same_line: bool = False) -> re.Pattern[str]:
    space, gap = (r"[ \t]+", _GAP_LINE) if same_line else (r"\s+", _GAP)
    alts = sorted(
        {re.escape(c.lower()).replace(r"\ ", space) for c in cues}, key=lambda s: (len(s), s)
    )
    body = "|".join(reversed(alts))
    if where == BEFORE:
        # the cue must end within a short gap of the span end of the window
        return re.compile(
            r"(?<![\w.])(?:" + body + r")(?:(?<=\W)|(?!\w))" + gap + _ARTICLE + r"\Z", re.I
        )
    return re.compile(r"\A" + gap + r"(?:" + body + r")(?!\w)", re.I)


_COMPILED_CUES: dict[str, list[tuple[re.Pattern[str], str, float, str | None]]] = {}
for _r in CUE_RULES:
    _COMPILED_CUES.setdefault(_r.entity_type, []).append(
        (_cue_regex(_r.cues, _r.where, same_line=_r.delta < 0), _r.where, _r.delta, _r.relabel)
    )
_COMPILED_SHAPES: dict[str, list[tuple[re.Pattern[str], float, str | None]]] = {}
for _s in SHAPE_RULES:
    _COMPILED_SHAPES.setdefault(_s.entity_type, []).append(
        (re.compile(_s.regex), _s.delta, _s.relabel)
    )

_BIRTH_ANY = re.compile(
    r"(?<![\w.])(?:"
    + "|".join(
        re.escape(c).replace(r"\ ", r"\s+")
        for c in sorted(set(BIRTH_CUES), key=lambda s: (-len(s), s))
    )
    + r")(?:(?<=\.)|(?!\w))",
    re.I,
)
# Between a birth cue and the date: no sentence end, no other number.
_BIRTH_GAP_BREAK = re.compile(r"[0-9;!?\n]|\.\s")


def birth_cue_before(text: str, start: int, window: int = _WINDOW) -> bool:
    """Whether a birth cue (``born on``, ``date of birth``, ``DOB``...) precedes ``start``.

    The cue must lie within ``window`` characters before ``start``, in the same sentence, with
    no digit between it and ``start`` (so ``born in 1950 and moved in 1980`` marks only 1950).

    Args:
        text: the document text.
        start: offset of the date.
        window: how far back to look.

    Returns:
        True when the date is a date of birth.
    """
    lo = max(0, start - window)
    last = None
    for m in _BIRTH_ANY.finditer(text, lo, start):
        last = m
    if last is None:
        return False
    return _BIRTH_GAP_BREAK.search(text, last.end(), start) is None


def _clip(x: float) -> float:
    return min(1.0, max(0.0, x))


def apply_context(text: str, spans: list[Span]) -> list[Span]:
    """Adjust the score and type of ``spans`` from cue words around them and their shape.

    Args:
        text: the document text.
        spans: candidate spans of any recognizer (not modified).

    Returns:
        A new list with the same number of spans, in the same order; unchanged spans are the
        same objects.
    """
    out: list[Span] = []
    n = len(text)
    for sp in spans:
        etype = sp.entity_type
        cue_rules = _COMPILED_CUES.get(etype)
        shape_rules = _COMPILED_SHAPES.get(etype)
        if cue_rules is None and shape_rules is None:
            out.append(sp)
            continue
        score = sp.score
        new_type = etype
        if shape_rules is not None:
            surface = text[sp.start : sp.end]
            for rx, delta, relabel in shape_rules:
                if rx.fullmatch(surface) is not None:
                    score += delta
                    if relabel is not None:
                        new_type = relabel
        if cue_rules is not None:
            before = text[max(0, sp.start - _WINDOW) : sp.start]
            after = text[sp.end : min(n, sp.end + _WINDOW)]
            for rx, where, delta, relabel in cue_rules:
                hit = rx.search(before) if where == BEFORE else rx.match(after)
                if hit is None:
                    continue
                score += delta
                if relabel is not None:
                    new_type = relabel
        if etype == "DATE" and new_type == "DATE" and birth_cue_before(text, sp.start):
            new_type = "DATE_OF_BIRTH"
        score = _clip(score)
        if score == sp.score and new_type == etype:
            out.append(sp)
        else:
            out.append(Span(sp.start, sp.end, new_type, score, sp.source))
    return out
