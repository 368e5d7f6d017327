"""CREDIT_CARD recognizer: 13-19 digit card numbers, Luhn-validated.

Digits may be grouped with spaces or dashes (one separator kind per number, groups of 3-6
digits, e.g. ``4111 1111 1111 1111`` or ``3782-822463-10005``). A candidate must also start
with a plausible issuer prefix (Visa, Mastercard incl. 2-series, Amex, Discover, JCB, Diners,
UnionPay, Maestro) and not be a single repeated digit.
"""

from __future__ import annotations

import re
from typing import ClassVar

from privtext.tagging.base import PatternRecognizer, Span
from privtext.tagging.prescan import PatternGroup

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("payment_card")

_GROUPS = re.compile(r"[ \-]")


def luhn_valid(digits: str) -> bool:
    """Whether an ASCII digit string passes the Luhn checksum.

    Args:
        digits: ASCII digits only.

    Returns:
        True when the Luhn sum is a multiple of 10.
    """
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def _plausible_issuer(d: str) -> bool:
    n = len(d)
    first = d[0]
    if first == "4":
        return n in (13, 16, 19)
    if first == "5":
        # Mastercard 51-55 (16 digits); Maestro 50, 56-58 (12-19 digits).
        return (d[1] in "12345" and n == 16) or d[1] in "0678"
    if first == "2":
        return 2221 <= int(d[:4]) <= 2720 and n == 16
    if first == "3":
        if d[:2] in ("34", "37"):
            return n == 15
        return d[:2] in ("30", "35", "36", "38", "39") and n >= 14
    if first == "6":
        return True
    return False


# A card number partly masked, as receipts and statements print it: "5555 55XX XXXX 4444",
# "4111-11**-****-1111", "XXXX XXXX XXXX 1234" (four groups of four, the masked ones X or *).
_MASKED = _PRESCAN.compile(
    r"(?<![0-9A-Za-z\-])(?=[0-9Xx*]{4}([ \-])[0-9Xx*]{4}\1[0-9Xx*]{4}\1[0-9]{4})"
    r"(?=[0-9Xx* \-]{0,14}[Xx*])[0-9Xx*]{4}[ \-][0-9Xx*]{4}[ \-][0-9Xx*]{4}[ \-][0-9]{4}"
    r"(?![0-9A-Za-z])"
    # an American Express number, 4-6-5, its middle masked: "3782 ****** 41005"
    r"|(?<![0-9A-Za-z\-])3[47][0-9]{2}[ \-](?=[0-9]{0,5}[Xx*\u2022])[0-9Xx*\u2022]{6}[ \-][0-9]{5}"
    r"(?![0-9A-Za-z])"
)


# The last four digits of a card, named as such: "debit card ending 3318", "card ending in
# 7702", "Visa ending 4242", "card no. ending with 9054"
_LAST_FOUR = _PRESCAN.compile(
    r"(?i:card|visa|mastercard|amex)(?:[ \t]+(?i:no\.?|number))?[ \t]+(?i:ending|ends)"
    r"(?:[ \t]+(?i:in|with))?[ \t:]+(?P<d>[0-9]{4})(?![0-9])"
)


# A card number right after its brand or the word card, the Luhn check not asked (a writer's
# example or a typo is still a card's digits): "Visa 4716 2209 8814 3057", "my Amex (3782
# ****** 41005)", "Card: 4921 \u2022\u2022\u2022\u2022 \u2022\u2022\u2022\u2022 6620"; four
# groups of four, or Amex's 4-6-5, with masked groups allowed (the last group in digits). After
# "card" alone ("card is 4564 8820 1937 2205"), digits in full need an issuer's first digits.
_CUED = _PRESCAN.compile(
    r"(?P<cue>(?i:visa|mastercard|master[ \t]+card|amex|american[ \t]+express|maestro|discover|"
    r"card(?:[ \t]+(?:no\.?|number|#))?))(?:[ \t]+is)?[ \t]*[:(]?[ \t]*"
    r"(?P<d>[0-9]{4}(?P<s1>[ \-])[0-9*Xx\u2022]{4}(?P=s1)[0-9*Xx\u2022]{4}(?P=s1)[0-9]{4}"
    r"|3[47][0-9]{2}(?P<s2>[ \-])[0-9*Xx\u2022]{6}(?P=s2)[0-9]{5})(?![0-9A-Za-z])"
)


class PaymentCardRecognizer(PatternRecognizer):
    """Tag payment card numbers as ``CREDIT_CARD``."""

    name: ClassVar[str] = "payment_card_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("CREDIT_CARD",)
    PATTERNS: ClassVar[list[tuple[str, str, float]]] = [
        ("card", r"(?<![0-9A-Za-z\-])[0-9](?:[ \-]?[0-9]){12,18}(?![0-9A-Za-z]|-[0-9])", 0.3),
    ]
    CONTEXT: ClassVar[tuple[str, ...]] = (
        "card",
        "credit",
        "debit",
        "visa",
        "mastercard",
        "amex",
        "cc",
        "carte",
        "tarjeta",
        "karte",
        "pan",
    )
    VALIDATED_SCORE: ClassVar[float] = 0.95
    MASKED_SCORE: ClassVar[float] = 0.85
    CONTEXT_BOOST: ClassVar[float] = 0.05

    def precheck(self, text: str) -> bool:
        """Skip texts without a digit."""
        return any(c in text for c in "0123456789")

    def validate_result(self, matched_text: str) -> bool | None:
        """Check grouping, issuer prefix, repetition and the Luhn checksum."""
        seps = set(_GROUPS.findall(matched_text))
        if len(seps) > 1:
            return False
        if seps:
            groups = _GROUPS.split(matched_text)
            if any(not 3 <= len(g) <= 6 for g in groups[:-1]) or not 1 <= len(groups[-1]) <= 6:
                return False
        digits = _GROUPS.sub("", matched_text)
        if not 13 <= len(digits) <= 19 or len(set(digits)) == 1:
            return False
        if not _plausible_issuer(digits):
            return False
        return luhn_valid(digits)

    def analyze(self, text: str) -> list[Span]:
        """Find card numbers.

        A grouped candidate that fails validation is retried on its contiguous sub-runs of
        groups (longest first), so ``4111 1111 1111 1111 12`` still yields the card.
        """
        if not text or not self.precheck(text):
            return []
        out: list[Span] = []
        rx = self._compiled[0][1]
        for m in rx.finditer(text):
            for s, e in self._sub_candidates(m.group(), m.start()):
                if self.validate_result(text[s:e]):
                    score = self.VALIDATED_SCORE
                    if self.has_context(text, s, e):
                        score = min(1.0, score + self.CONTEXT_BOOST)
                    out.append(Span(s, e, "CREDIT_CARD", score, self.name))
                    break
        for m in _MASKED.finditer(text):
            if sum(c.isdigit() for c in m.group()) >= 4:
                out.append(Span(m.start(), m.end(), "CREDIT_CARD", self.MASKED_SCORE, self.name))
        for m in _LAST_FOUR.finditer(text):
            out.append(Span(m.start("d"), m.end("d"), "CREDIT_CARD", self.MASKED_SCORE, self.name))
        for m in _CUED.finditer(text):
            s, e = m.span("d")
            if (
                m.group("cue").lower().startswith("card")
                and m.group("d").isascii()
                and all(c.isdigit() or c in " -" for c in m.group("d"))
                and not _plausible_issuer(_GROUPS.sub("", m.group("d")))
            ):
                continue  # after "card" alone, digits in full need an issuer's first digits
            if not any(o.start <= s and e <= o.end for o in out):
                out.append(Span(s, e, "CREDIT_CARD", self.MASKED_SCORE, self.name))
        return out

    @staticmethod
    def _sub_candidates(raw: str, offset: int) -> list[tuple[int, int]]:
        """The whole run, then contiguous runs of its groups with 13-19 digits, longest first."""
        bounds = [(g.start(), g.end()) for g in re.finditer(r"[0-9]+", raw)]
        cands = [(offset, offset + len(raw))]
        if len(bounds) > 1:
            subs = []
            for i in range(len(bounds)):
                for j in range(i, len(bounds)):
                    if (i, j) == (0, len(bounds) - 1):
                        continue
                    s, e = bounds[i][0], bounds[j][1]
                    n_digits = sum(b - a for a, b in bounds[i : j + 1])
                    if 13 <= n_digits <= 19:
                        subs.append((offset + s, offset + e))
            subs.sort(key=lambda se: (se[0] - se[1], se[0]))
            cands.extend(subs)
        return cands
