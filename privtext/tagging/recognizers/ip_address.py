"""IP_ADDRESS recognizer: IPv4 dotted quads and IPv6 addresses, validated with ``ipaddress``.

IPv4 candidates must not be part of a longer dotted number (``1.2.3.4.5``) and are skipped
when directly preceded by a version marker (``v1.2.3.4``, ``version 1.2.3.4``). IPv6
candidates need at least two colons and one decimal digit (so ``a::b`` in code is ignored); an
embedded IPv4 tail (``::ffff:192.0.2.1``) is supported. Zone ids (``%eth0``) are not part of
the span.
"""

from __future__ import annotations

import ipaddress
import re
from typing import ClassVar

from privtext.tagging.base import Recognizer, Span
from privtext.tagging.prescan import PatternGroup

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("ip_address")

_V4 = _PRESCAN.compile(r"(?<![\w.])(?:[0-9]{1,3}\.){3}[0-9]{1,3}(?![\w]|\.[0-9])")
_V6 = _PRESCAN.compile(
    r"(?<![\w:.])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}"
    r"(?:(?<=:)(?:[0-9]{1,3}\.){3}[0-9]{1,3})?(?![\w:]|\.[0-9])"
)
_VERSION_BEFORE = re.compile(r"(?:\bv|\bver\.?|\bversion|\brelease)\s*\Z", re.IGNORECASE)


class IpAddressRecognizer(Recognizer):
    """Tag IPv4 and IPv6 addresses as ``IP_ADDRESS``."""

    name: ClassVar[str] = "ip_address_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("IP_ADDRESS",)
    V4_SCORE: ClassVar[float] = 0.85
    V6_SCORE: ClassVar[float] = 0.9

    def analyze(self, text: str) -> list[Span]:
        """Find IPv4 and IPv6 addresses (see the module docstring)."""
        if not text:
            return []
        out: list[Span] = []
        if "." in text:
            for m in _V4.finditer(text):
                s = m.start()
                if _VERSION_BEFORE.search(text, max(0, s - 12), s):
                    continue
                try:
                    ipaddress.IPv4Address(m.group())
                except ValueError:
                    continue
                out.append(Span(s, m.end(), "IP_ADDRESS", self.V4_SCORE, self.name))
        if "::" in text or text.count(":") >= 2:
            for m in _V6.finditer(text):
                cand = m.group()
                if not any(c.isdigit() for c in cand):
                    continue
                addr = _valid_v6(cand)
                if addr is None:
                    continue
                s = m.start()
                out.append(Span(s, s + len(addr), "IP_ADDRESS", self.V6_SCORE, self.name))
        return out


def _valid_v6(cand: str) -> str | None:
    """The longest valid IPv6 prefix of ``cand`` (dropping one trailing colon), or None."""
    for c in (cand, cand[:-1] if cand.endswith(":") and not cand.endswith("::") else None):
        if not c or len(c) < 3 or c.count(":") < 2:
            continue
        try:
            ipaddress.IPv6Address(c)
        except ValueError:
            continue
        return c
    return None
