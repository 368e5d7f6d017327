"""Persons whose last word is an organisation head are organisations.

NER and the person cues sometimes take a capitalised organisation for a name: "Meridian
Biologics", "Seneca Polytechnic", a party line in capitals ("SAFEHAVEN LETTINGS LIMITED"), or a
name chained through a comma into the practice after it ("Dr A. Mirza, Colne Valley Surgery").
A PERSON span whose last word is an organisation head (``organization.HEAD_SET``: Surgery,
Hospital, Limited, Polytechnic...; compared in title case so capitals count) becomes an
ORGANIZATION; when a comma splits it and the part before reads as a name, that part stays a
PERSON and the part after becomes the ORGANIZATION.
"""

from __future__ import annotations

import re

from privtext.tagging.base import Span
from privtext.tagging.recognizers.gazetteer import load_gazetteer
from privtext.tagging.recognizers.organization import HEAD_SET

# Heads that also end people's names or titles ("Kate Bush Bar"? no: "Brothers" etc. stay).
_NOT_FOR_PERSONS = frozenset({"Post", "Times", "Bar", "Front", "Team", "Mill", "Farm"})


def _title(word: str) -> str:
    return word[:1] + word[1:].lower() if word.isupper() and len(word) > 3 else word


def _org_head(surface: str) -> bool:
    words = surface.replace(",", " ").split()
    if len(words) < 2:
        return False
    last = words[-1]
    head = last if last in HEAD_SET else _title(last)
    return head in HEAD_SET and head not in _NOT_FOR_PERSONS


def persons_named_like_organisations(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with PERSON spans that end in an organisation head retyped (or split).

    Args:
        text: the document.
        spans: kept, non-overlapping spans sorted by start.

    Returns:
        The spans, sorted by start.
    """
    out: list[Span] = []
    changed = False
    for s in spans:
        surface = text[s.start : s.end]
        if s.entity_type != "PERSON" or not _org_head(surface):
            out.append(s)
            continue
        changed = True
        comma = surface.rfind(", ")
        if comma > 0 and len(surface[:comma].split()) <= 4:
            out.append(Span(s.start, s.start + comma, "PERSON", s.score, s.source))
            out.append(Span(s.start + comma + 2, s.end, "ORGANIZATION", s.score, s.source))
        else:
            out.append(Span(s.start, s.end, "ORGANIZATION", s.score, s.source))
    return out if changed else spans


def _common(word: str) -> bool:
    from wordfreq import zipf_frequency

    return len(word) > 2 and zipf_frequency(word.lower(), "en") >= 4.0


_NAME_WORD_RX = re.compile(r"[A-Z][a-z'\u2019\-]+|[A-Z]{2,}|[A-Z]\.")


def organisations_named_like_persons(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with NER organisations that read as a person's name retyped PERSON.

    spaCy's small model often reads a name as an organisation: "PBs for Fraser Doig", "identified
    as Dean TAPLOW, 34". A NER ORGANIZATION of two or three words is a PERSON when its first
    word is a known given name that is no place, organisation or common word, every other word
    is a capitalised name word or an initial that is no common English word ("Allen Avenue
    Branch", "Victoria Legal Aid" stay), and no word is an organisation head or a word of a
    listed organisation or place.

    Args:
        text: the document.
        spans: kept, non-overlapping spans sorted by start.

    Returns:
        The spans, those organisations retyped.
    """
    gaz = load_gazetteer(None)
    out: list[Span] = []
    changed = False
    for s in spans:
        if s.entity_type == "ORGANIZATION" and s.source == "spacy_ner":
            words = text[s.start : s.end].split()
            if (
                2 <= len(words) <= 3
                and words[0] in gaz.given
                and words[0] not in gaz.known_tokens
                and all(_NAME_WORD_RX.fullmatch(w) for w in words)
                and not any(
                    _title(w) in HEAD_SET or w in gaz.known_tokens or _common(w) for w in words[1:]
                )
            ):
                out.append(Span(s.start, s.end, "PERSON", s.score, s.source))
                changed = True
                continue
        out.append(s)
    return out if changed else spans
