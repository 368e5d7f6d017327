"""PHONE recognizer built on ``phonenumbers.PhoneNumberMatcher`` over several regions.

A cheap regex first finds digit runs that could hold a phone number (at least 7 digits with
the usual separators); only small windows around them are given to the matcher, once per
configured region, so ordinary prose costs one regex scan. Matches found in several regions
are deduplicated (on overlap the longer match wins).

Scoring: a number written with separators or a leading ``+`` scores ``FORMATTED_SCORE``; a
bare run of digits (which is often an order number or an id) scores ``BARE_SCORE``, below the
default policy threshold. A context word ("phone", "tel", "call", ...) nearby adds
``CONTEXT_BOOST``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

import phonenumbers
from phonenumbers import Leniency, PhoneNumberMatcher

from privtext.tagging.base import Recognizer, Span, compile_context

DEFAULT_REGIONS: tuple[str, ...] = (
    "US", "GB", "FR", "DE", "IN", "ES", "IT", "NL", "BR", "AU", "JP", "CN", "MX", "ZA", "NG",
)

# A run of >= 7 characters of digits and phone separators, starting at a digit, "+" or "(".
_CANDIDATE = re.compile(r"[+(]?[0-9][0-9 \t().\-/\u00a0]{5,}[0-9]")
_DIGIT = re.compile(r"[0-9]")
_WINDOW_BEFORE = 8
_WINDOW_AFTER = 16


class PhoneRecognizer(Recognizer):
    """Tag telephone numbers as ``PHONE``.

    Args:
        regions: ISO 3166 region codes used to interpret numbers written without ``+``.
    """

    name: ClassVar[str] = "phone_matcher"
    entity_types: ClassVar[tuple[str, ...]] = ("PHONE",)
    FORMATTED_SCORE: ClassVar[float] = 0.75
    BARE_SCORE: ClassVar[float] = 0.4
    CONTEXT_BOOST: ClassVar[float] = 0.25
    CONTEXT_WINDOW: ClassVar[int] = 40
    CONTEXT: ClassVar[tuple[str, ...]] = (
        "phone", "telephone", "tel", "mobile", "cell", "cellphone", "call", "fax", "whatsapp",
        "sms", "text me", "ring", "contact", "hotline", "téléphone", "portable", "telefon",
        "handy", "teléfono", "móvil", "telefono", "cellulare",
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
        """Merged text windows around candidate digit runs with >= 7 digits."""
        n = len(text)
        wins: list[tuple[int, int]] = []
        for m in _CANDIDATE.finditer(text):
            s, e = m.span()
            if e - s < 7 or len(_DIGIT.findall(text, s, e)) < 7:
                continue
            ws, we = max(0, s - _WINDOW_BEFORE), min(n, e + _WINDOW_AFTER)
            if wins and ws <= wins[-1][1]:
                wins[-1] = (wins[-1][0], max(we, wins[-1][1]))
            else:
                wins.append((ws, we))
        return wins

    def analyze(self, text: str) -> list[Span]:
        """Find phone numbers (see the module docstring)."""
        if not text:
            return []
        wins = self._windows(text)
        if not wins:
            return []
        found: list[tuple[int, int]] = []
        for ws, we in wins:
            chunk = text[ws:we]
            hits: list[tuple[int, int]] = []
            for region in self.regions:
                for m in PhoneNumberMatcher(chunk, region, leniency=Leniency.VALID):
                    hits.append((ws + m.start, ws + m.end))
            found.extend(_dedupe(hits))
        out = []
        for s, e in found:
            raw = text[s:e]
            formatted = raw.startswith("+") or not raw.isdigit()
            score = self.FORMATTED_SCORE if formatted else self.BARE_SCORE
            if self._has_context(text, s):
                score = min(1.0, score + self.CONTEXT_BOOST)
            out.append(Span(s, e, "PHONE", score, self.name))
        return out

    def _has_context(self, text: str, start: int) -> bool:
        rx = self._context_re
        return rx is not None and rx.search(text, max(0, start - self.CONTEXT_WINDOW), start)\
            is not None


def _dedupe(hits: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Unique, non-overlapping matches; on overlap the longer (then earlier) one wins."""
    kept: list[tuple[int, int]] = []
    for s, e in sorted(set(hits), key=lambda h: (-(h[1] - h[0]), h[0])):
        if all(e <= ks or s >= ke for ks, ke in kept):
            kept.append((s, e))
    kept.sort()
    return kept
