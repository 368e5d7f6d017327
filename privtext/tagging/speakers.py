"""Chat speakers that are businesses, not persons.

A chat or SMS export names each turn's speaker, and the person cues read every speaker label as
a person: right for "Hemi:", wrong for "Tropic Wheels:", "Fone Doctor:" or "Baiskeli Share:",
the shop or service on the other side of the chat. Such a label is an organisation when:

* it speaks at least twice, and in one of its turns says "we", "our" or "us";
* no word of it is a known given name or surname;
* it is two to four words, not opening with a title ("Dr Lowther"), with at least one word
  common in English (Zipf 4 or more: "Wheels", "Doctor", "Share") and at least one that is not
  (Zipf under 4.5: "Tropic", "Fone", "Baiskeli"): a name made of common words only ("Front
  Desk", "Customer Service") is a role, and one with no common word ("Dilshod Rahimov") a
  person. One word is never enough: "EirlinkCares" or "TikitiHub" may be a handle.

A desk word after the name ("Kiwi Haven Reception") stays outside the organisation.
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache

from privtext.tagging.base import Span
from privtext.tagging.recognizers.gazetteer import TITLES

SOURCE = "organisation_speaker"
SCORE = 0.82

_SPEAKER = re.compile(
    r"(?m)^(?:[\[(]?[0-9][0-9/.,: \-\u2013]*(?:[ \t]?[APap]\.?[Mm]\.?)?[\])]?[ \t]*"
    r"(?:[\-\u2013\u2014][ \t]*)?)?"
    r"(?P<name>[A-Z][\w'\u2019&\-]*(?:[ \t][A-Z][\w'\u2019&\-]*){0,3}):[ \t]+(?P<msg>[^\n]*)"
)
_WE = re.compile(r"(?i)(?<![\w'])(?:we|we're|we'll|we've|we'd|our|ours|us)(?![\w'])")
# the gazetteer's titles in lower case, and two roles written before a name like titles
_TITLES = frozenset(t.lower() for t in TITLES) | {"nurse", "officer"}
_DESK = frozenset(
    "Reception Support Team Desk Helpdesk Office Admin Bookings Booking Sales Service "
    "Services Care".split()
)
_COMMON = 4.0
_RARE = 4.5
_OVER = frozenset({"spacy_ner", "gazetteer", "consistency", "person_cues"})


@lru_cache(maxsize=4096)
def _zipf(word: str) -> float:
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word.lower(), "en"))


def _parts(name: str) -> list[str]:
    out: list[str] = []
    for w in name.split():
        out.extend(re.findall(r"[A-Z][a-z]+|[A-Z]+(?![a-z])|[a-z]+|\d+", w) or [w])
    return out


def _is_business(name: str) -> bool:
    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    gaz = load_gazetteer(None)
    words = name.split()
    if len(words) < 2 or words[0].rstrip(".").lower() in _TITLES:
        return False
    if any(w in gaz.given or w in gaz.surnames or w.title() in gaz.given for w in words):
        return False
    parts = [p for p in _parts(name) if p.isalpha() and len(p) > 1]
    return any(_zipf(p) >= _COMMON for p in parts) and any(_zipf(p) < _RARE for p in parts)


def organisation_speakers(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with the speaker labels that name a business tagged ORGANIZATION (see the
    module docstring), over a person guess on them.

    Args:
        text: the document.
        spans: kept, non-overlapping spans sorted by start.

    Returns:
        The spans, sorted by start; ``spans`` itself when nothing changed.
    """
    if ": " not in text or not _WE.search(text):
        return spans
    turns: dict[str, list[re.Match[str]]] = defaultdict(list)
    for m in _SPEAKER.finditer(text):
        turns[m.group("name")].append(m)
    out = spans
    for name, ms in turns.items():
        if len(ms) < 2 or not any(_WE.search(m.group("msg")) for m in ms):
            continue
        words = name.split()
        if len(words) > 1 and words[-1] in _DESK:
            words = words[:-1]
        org = " ".join(words)
        if not _is_business(org):
            continue
        for m in ms:
            start = m.start("name")
            end = start + len(org)
            inside = [k for k, s in enumerate(out) if s.start < end and start < s.end]
            if len(inside) > 1:
                continue
            if inside:
                s = out[inside[0]]
                if s.entity_type != "PERSON" or s.source not in _OVER:
                    continue
            if out is spans:
                out = list(spans)
            if inside:
                out[inside[0]] = Span(start, end, "ORGANIZATION", SCORE, SOURCE)
            else:
                out.append(Span(start, end, "ORGANIZATION", SCORE, SOURCE))
    return out if out is spans else sorted(out, key=lambda s: (s.start, s.end))
