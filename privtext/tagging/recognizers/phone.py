"""PHONE recognizer built on ``phonenumbers.PhoneNumberMatcher`` over several regions.

A cheap regex first finds digit runs that could hold a phone number (at least 7 digits with
the usual separators, and not a plain date or year range); only small windows around them are
given to the matcher, once per configured region, so ordinary prose costs one regex scan.
Matches found in several regions are deduplicated (on overlap the longer match wins). Window
results are memoised (LRU), so boilerplate repeated across documents (signatures) is cheap.

Cost: about 1 ms per candidate window with the 20 default regions, so number-dense text
(tables of figures) is much slower than prose; pass fewer ``regions`` to trade recall for speed.

Scoring: a number written with separators or a leading ``+`` scores ``FORMATTED_SCORE``; a
bare run of digits (which is often an order number or an id) scores ``BARE_SCORE``, below the
default policy threshold. A context word ("phone", "tel", "call", ...) nearby adds
``CONTEXT_BOOST``. Where no region finds a *valid* number, numbers that are only *possible*
(right length, unallocated or fictional ranges such as +44 7700 900xxx or 555-01xx) are taken
with ``POSSIBLE_PENALTY`` off the score: a formatted one still passes the policy threshold.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import ClassVar

import phonenumbers
from phonenumbers import Leniency, PhoneNumberMatcher

from privtext.config import DEFAULT_PHONE_REGIONS
from privtext.tagging.base import Recognizer, Span, compile_context

DEFAULT_REGIONS: tuple[str, ...] = DEFAULT_PHONE_REGIONS

# A run of >= 7 characters of digits and phone separators, starting at a digit, "+" or "(".
_CANDIDATE = re.compile(r"[+(]?[0-9][0-9 \t().\-/\u00a0]{5,}[0-9]")
_DIGIT = re.compile(r"[0-9]")
# Candidates that are only a date (2024-05-12, 12/05/2024, 12.05.2024) or a year range.
_NOT_PHONE = re.compile(
    r"\(?(?:(?:19|20)[0-9]{2}[\-/.](?:0?[1-9]|1[0-2])[\-/.](?:0?[1-9]|[12][0-9]|3[01])"
    r"|(?:0?[1-9]|[12][0-9]|3[01])[\-/.](?:0?[1-9]|[12][0-9]|3[01])[\-/.](?:19|20)[0-9]{2}"
    r"|(?:19|20)[0-9]{2} ?[\-/] ?(?:19|20)[0-9]{2})\)?"
)
# Layout a merely possible number must have to be taken without a context word: a "+"
# country code, or groups of 2-5 digits separated by spaces or dashes (no dots: decimals, ISBNs).
_POSSIBLE_SHAPE = re.compile(r"\+[0-9][0-9 \-()]{6,}[0-9]|\(?[0-9]{2,5}\)?(?:[ \-][0-9]{2,5}){1,4}")
# An extension written after the number belongs to it: "0161 496 0732 ext. 4410", "x214".
_EXTENSION = re.compile(r"[ \t]*,?[ \t]*(?:ext(?:n|ension)?\.?|x)[ \t]*[0-9]{1,6}(?![0-9])", re.I)
_CACHE_SIZE = 8192
_WINDOW_BEFORE = 8
_WINDOW_AFTER = 8


class PhoneRecognizer(Recognizer):
    """Tag telephone numbers as ``PHONE``.

    Args:
        regions: ISO 3166 region codes used to interpret numbers written without ``+``.
    """

    name: ClassVar[str] = "phone_matcher"
    entity_types: ClassVar[tuple[str, ...]] = ("PHONE",)
    FORMATTED_SCORE: ClassVar[float] = 0.75
    BARE_SCORE: ClassVar[float] = 0.4
    # A number that is only "possible" for its region (fictional or unallocated ranges).
    POSSIBLE_PENALTY: ClassVar[float] = 0.15
    CONTEXT_BOOST: ClassVar[float] = 0.25
    CONTEXT_WINDOW: ClassVar[int] = 40
    CONTEXT: ClassVar[tuple[str, ...]] = (
        "phone",
        "telephone",
        "tel",
        "mobile",
        "cell",
        "cellphone",
        "call",
        "fax",
        "whatsapp",
        "sms",
        "text me",
        "ring",
        "contact",
        "hotline",
        "téléphone",
        "portable",
        "telefon",
        "handy",
        "teléfono",
        "móvil",
        "telefono",
        "cellulare",
    )

    def __init__(self, regions: Sequence[str] = DEFAULT_REGIONS) -> None:
        regs = tuple(r.upper() for r in regions)
        supported = phonenumbers.SUPPORTED_REGIONS
        for r in regs:
            if r not in supported:
                raise ValueError(f"regions must be phonenumbers region codes, got {r!r}")
        if not regs:
            raise ValueError("regions must not be empty, got ()")
        self.regions = regs
        self._context_re = compile_context(self.CONTEXT)

    def _windows(self, text: str) -> list[tuple[int, int]]:
        """Windows around candidate digit runs with >= 7 digits.

        A window extends the run by a few characters on each side (so the matcher sees a
        leading ``+`` or a letter glued to the number) but never into another digit, so it
        never holds part of a neighbouring number.
        """
        n = len(text)
        wins: list[tuple[int, int]] = []
        for m in _CANDIDATE.finditer(text):
            s, e = m.span()
            if e - s < 7 or len(_DIGIT.findall(text, s, e)) < 7:
                continue
            if _NOT_PHONE.fullmatch(text, s, e):
                continue
            ws, we = s, e
            lo, hi = max(0, s - _WINDOW_BEFORE), min(n, e + _WINDOW_AFTER)
            while ws > lo and not text[ws - 1].isdigit():
                ws -= 1
            while we < hi and not text[we].isdigit():
                we += 1
            wins.append((ws, we))
        return wins

    def analyze(self, text: str) -> list[Span]:
        """Find phone numbers (see the module docstring)."""
        if not text:
            return []
        wins = self._windows(text)
        if not wins:
            return []
        hits: list[tuple[int, int]] = []
        valid: set[tuple[int, int]] = set()
        for ws, we in wins:
            chunk = text[ws:we]
            found_valid = _match_window(chunk, self.regions, Leniency.VALID)
            valid.update((ws + s, ws + e) for s, e in found_valid)
            hits.extend((ws + s, ws + e) for s, e in found_valid)
            covered = sum(len(_DIGIT.findall(chunk, s, e)) for s, e in found_valid)
            if covered + 7 <= len(_DIGIT.findall(chunk)):
                # Fictional and unallocated numbers (+44 7700 900 482, 555-0134) are still
                # somebody's number in the text: take the possible ones, scored lower (also
                # beside a valid one: "+44 7700 900188 / (416) 555-0127").
                for s, e in _match_window(chunk, self.regions, Leniency.POSSIBLE):
                    raw = chunk[s:e]
                    if any(s < ve and vs < e for vs, ve in found_valid):
                        continue
                    if _POSSIBLE_SHAPE.fullmatch(raw) or self._has_context(text, ws + s):
                        hits.append((ws + s, ws + e))
        found = _dedupe(hits)
        out = []
        for s, e in found:
            is_valid = (s, e) in valid
            while s < e and text[s].isspace():
                s += 1
            raw = text[s:e]
            ext = _EXTENSION.match(text, e)
            if ext is not None:
                e = ext.end()
            formatted = raw.startswith("+") or not raw.isdigit()
            score = self.FORMATTED_SCORE if formatted else self.BARE_SCORE
            if not is_valid:
                score -= self.POSSIBLE_PENALTY
            if self._has_context(text, s):
                score = min(1.0, score + self.CONTEXT_BOOST)
            out.append(Span(s, e, "PHONE", score, self.name))
        return out

    def _has_context(self, text: str, start: int) -> bool:
        rx = self._context_re
        if rx is None:
            return False
        return rx.search(text, max(0, start - self.CONTEXT_WINDOW), start) is not None


@lru_cache(maxsize=_CACHE_SIZE)
def _match_window(
    chunk: str, regions: tuple[str, ...], leniency: int = Leniency.VALID
) -> tuple[tuple[int, int], ...]:
    """Deduplicated ``(start, end)`` phone matches in ``chunk`` over all ``regions``."""
    hits: list[tuple[int, int]] = []
    for region in regions:
        for m in PhoneNumberMatcher(chunk, region, leniency=leniency):
            hits.append((m.start, m.end))
    return tuple(_dedupe(hits))


def _dedupe(hits: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Unique, non-overlapping matches; on overlap the longer (then earlier) one wins."""
    if len(hits) <= 1:
        return list(hits)
    kept: list[tuple[int, int]] = []
    starts: list[int] = []
    for s, e in sorted(set(hits), key=lambda h: (h[0] - h[1], h[0])):
        pos = bisect.bisect_left(starts, s)
        if pos > 0 and kept[pos - 1][1] > s:
            continue
        if pos < len(starts) and starts[pos] < e:
            continue
        starts.insert(pos, s)
        kept.insert(pos, (s, e))
    return kept
