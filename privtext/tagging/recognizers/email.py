"""EMAIL recognizer: RFC-5322-ish addresses (Unicode local parts and domains allowed).

A trailing sentence period or other punctuation is never part of the span; the top-level
domain must be alphabetic with at least two letters.
"""

from __future__ import annotations

from typing import ClassVar

from privtext.tagging.base import PatternRecognizer

_LOCAL = r"[\w%+\-]+(?:\.[\w%+\-]+)*"
_LABEL = r"[^\W_](?:[\w\-]{0,61}[^\W_])?"
_TLD = r"[^\W\d_]{2,63}"


class EmailRecognizer(PatternRecognizer):
    """Tag e-mail addresses as ``EMAIL``."""

    name: ClassVar[str] = "email_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("EMAIL",)
    PATTERNS: ClassVar[list[tuple[str, str, float]]] = [
        (
            "email",
            rf"(?<![\w%+\-.])(?:{_LOCAL})@(?:{_LABEL}\.)+{_TLD}(?![\w\-]|\.[^\W_])",
            0.95,
        ),
    ]

    def precheck(self, text: str) -> bool:
        """Only texts containing ``@`` can hold an address."""
        return "@" in text
