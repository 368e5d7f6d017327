"""IBAN recognizer: compact or space-grouped IBANs validated with ``stdnum.iban``.

A candidate is two upper-case letters, two check digits and up to 30 alphanumerics, possibly
in space-separated groups (``GB82 WEST 1234 5698 7654 32``). When the whole candidate fails
validation (for example because an upper-case word follows it), shorter prefixes of its
groups are tried. A candidate that never validates is still tagged, with a lower score, when the
word "IBAN" comes right before it, or when only its check digits are wrong (with them
recomputed it is a valid IBAN of its country: the right length and BBAN format, a typo or an
invented number). Validation covers the mod-97 checksum, the country's BBAN format and, where
``stdnum`` has one, the national check.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar

from stdnum import iban as std_iban

from privtext.tagging.base import Recognizer, Span
from privtext.tagging.prescan import PatternGroup

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("iban")

_CANDIDATE = _PRESCAN.compile(r"(?<![A-Za-z0-9])[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]{1,4}){3,8}")
_CHUNK = re.compile(r"[A-Z0-9]+")
_IBAN_CUE = re.compile(r"(?i)\bIBAN\b[\s:.]*\Z")
# An IBAN partly masked, as statements and payout e-mails print it: "IE29 BOFI 9000 01** ****
# 78", "FR76 3000 4014 **** **** ***4 182" (its country, check digits and first group in clear)
_MASKED = re.compile(
    r"(?<![A-Za-z0-9])[A-Z]{2}[0-9]{2} [A-Z0-9]{4}(?: [A-Z0-9*\u2022]{1,4}){2,7}(?![A-Za-z0-9*])"
)


class IbanRecognizer(Recognizer):
    """Tag International Bank Account Numbers as ``IBAN``."""

    name: ClassVar[str] = "iban_checksum"
    entity_types: ClassVar[tuple[str, ...]] = ("IBAN",)
    SCORE: ClassVar[float] = 1.0
    SHAPE_SCORE: ClassVar[float] = 0.8  # above a phone number read inside it

    def analyze(self, text: str) -> list[Span]:
        """Find valid IBANs (see the module docstring)."""
        if not text or not any(c in text for c in "0123456789"):
            return []
        out: list[Span] = []
        for m in _CANDIDATE.finditer(text):
            raw = m.group()
            base = m.start()
            stop = _longest_prefix(text, base, raw, std_iban.is_valid)
            if stop is not None:
                out.append(Span(base, stop, "IBAN", self.SCORE, self.name))
                continue
            stop = _longest_prefix(text, base, raw, _only_check_digits_wrong)
            if stop is not None:
                out.append(Span(base, stop, "IBAN", self.SHAPE_SCORE, self.name))
                continue
            # No valid prefix: an IBAN-shaped string right after the word "IBAN" is still
            # an account number (a typo or an invented one) and is tagged, scored lower.
            stop = base + len(raw.rstrip())
            if (
                _IBAN_CUE.search(text, max(0, base - 16), base)
                and 15 <= len(raw.replace(" ", "")) <= 34
            ):
                out.append(Span(base, stop, "IBAN", self.SHAPE_SCORE, self.name))
        if "*" in text or "\u2022" in text:
            for m in _MASKED.finditer(text):
                masked = m.group()
                if ("*" in masked or "\u2022" in masked) and not any(
                    o.start < m.end() and m.start() < o.end for o in out
                ):
                    out.append(Span(m.start(), m.end(), "IBAN", self.SHAPE_SCORE, self.name))
        return out


def _only_check_digits_wrong(compact: str) -> bool:
    """With its check digits recomputed, ``compact`` is a valid IBAN of its country."""
    try:
        fixed = compact[:2] + std_iban.calc_check_digits(compact) + compact[4:]
    except Exception:  # not an IBAN shape stdnum can compute on
        return False
    return std_iban.is_valid(fixed)


def _longest_prefix(text: str, base: int, raw: str, ok: Callable[[str], bool]) -> int | None:
    """End of the longest prefix of ``raw`` (whole groups, not followed by a letter or digit)
    whose compact form has an IBAN's length and passes ``ok``."""
    for c in reversed(list(_CHUNK.finditer(raw))):
        stop = base + c.end()
        if stop < len(text) and text[stop].isalnum():
            continue
        compact = raw[: c.end()].replace(" ", "")
        if 15 <= len(compact) <= 34 and ok(compact):
            return stop
    return None
