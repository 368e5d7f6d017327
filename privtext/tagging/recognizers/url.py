"""URL recognizer: ``http://``, ``https://`` and ``www.`` addresses, and scheme-less ones
with a path on a common top-level domain (``linkedin.com/in/jdoe``, ``github.com/jdoe``,
``mixcloud.example/xochi``).

Trailing punctuation (``.,;:!?`` and quotes) is not part of the span, nor is a closing bracket
that has no opening partner inside the URL (``(see https://x.org/a)``).
"""

from __future__ import annotations

import re
from typing import ClassVar

from privtext.tagging.base import PatternRecognizer, Span
from privtext.tagging.prescan import PatternGroup

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("url")

_URL_RE = _PRESCAN.compile(
    r"(?<![\w@.\-/])(?:https?://|www\.)[^\s<>\"'`{}|\\^\u00ab\u00bb\u201c\u201d\u2018\u2019]+",
    re.IGNORECASE,
)
# Scheme-less addresses with a path on a well-known domain ("linkedin.com/in/jdoe").
_BARE_URL_RE = _PRESCAN.compile(
    r"(?<![\w@.\-/])(?:[a-z0-9](?:[a-z0-9\-]{0,61}[a-z0-9])?\.)+"
    r"(?:com|org|net|edu|gov|io|co|me|info|biz|eu|uk|de|fr|es|it|nl|pl|tr|ru|ch|at|be|"
    r"ca|au|in|br|jp|cn|us|tv|app|dev|ly|gl|gg|to|ie|nz|za|ke|ng|sg|hk|mx|ar|cz|se|no|dk|fi|"
    # "example": the reserved documentation domain (RFC 2606), as test and demo texts write
    r"pt|gr|ro|hu|kr|tw|xyz|site|online|art|link|page|example)"
    r"/[^\s<>\"'`{}|\\^\u00ab\u00bb\u201c\u201d\u2018\u2019]+",
    re.IGNORECASE,
)
# A bare domain that a cue calls a person's site: "Portfolio: junseo-kim.example.com", "my CV and
# projects are on kwabenaosei.example.net", "found her portfolio marisadraws.example.com".
_CUED_DOMAIN_RE = _PRESCAN.compile(
    r"(?i:\b(?:portfolio|website|web[ \t]+site|site|blog|homepage|home[ \t]+page|cv|"
    r"r[e\u00e9]sum[e\u00e9]|projects?|shop|store)(?:[ \t]+(?:is|are))?(?:[ \t]+(?:at|on))?"
    r"[ \t]*:?[ \t]+)"
    r"(?P<ent>[a-z0-9](?:[a-z0-9\-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9\-]{0,61}[a-z0-9])?)*"
    r"\.[a-z]{2,12})(?![\w@\-]|\.[a-z0-9])"
)
_TRAIL = ".,;:!?*'\"~"
_PAIRS = {")": "(", "]": "[", "}": "{"}


def _trim(url: str) -> str:
    """Drop trailing punctuation and unbalanced closing brackets."""
    while url:
        last = url[-1]
        if last in _TRAIL:
            url = url[:-1]
        elif last in _PAIRS and url.count(last) > url.count(_PAIRS[last]):
            url = url[:-1]
        else:
            break
    return url


class UrlRecognizer(PatternRecognizer):
    """Tag web addresses as ``URL``."""

    name: ClassVar[str] = "url_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("URL",)
    SCORE: ClassVar[float] = 0.95
    BARE_SCORE: ClassVar[float] = 0.85

    def precheck(self, text: str) -> bool:
        """Only texts with ``://``, ``www.``, a ``/`` or a ``.`` can hold a URL."""
        return "." in text or "/" in text

    def analyze(self, text: str) -> list[Span]:
        """Find URLs; see the module docstring for the trimming rules."""
        if not text or not self.precheck(text):
            return []
        out: list[Span] = [
            Span(m.start("ent"), m.end("ent"), "URL", self.BARE_SCORE, self.name)
            for m in _CUED_DOMAIN_RE.finditer(text)
        ]
        for m in _URL_RE.finditer(text):
            url = _trim(m.group())
            low = url.lower()
            prefix = 4 if low.startswith("www.") else low.index("//") + 2
            host = url[prefix:]
            # Need at least one host character that is a letter or digit.
            if not host or not any(c.isalnum() for c in host.split("/", 1)[0]):
                continue
            out.append(Span(m.start(), m.start() + len(url), "URL", self.SCORE, self.name))
        for m in _BARE_URL_RE.finditer(text):
            url = _trim(m.group())
            if "/" in url and len(url.split("/", 1)[1]) >= 2:
                out.append(Span(m.start(), m.start() + len(url), "URL", self.BARE_SCORE, self.name))
        return out
