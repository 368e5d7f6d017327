"""Organisations named by the document's own e-mail and web domains.

A company's name is often a word that no list holds and NER misses ("IslandTel", "Koala
Telco"), while the same document writes its domain: "IslandTel Customer Care
<care@islandtel.com.ph>", "accounts@karoovet.co.za". :func:`organisations_named_by_domains`
reads the registered name of every e-mail and web domain in the text (``islandtel``,
``karoovet``: the label before the public suffix; free-mail providers and short labels are
left out) and tags each run of one to three capitalised words outside an e-mail or URL whose
letters, joined, spell that name, as an ORGANIZATION, with the organisation heads that follow
it ("Karoo Vet Clinic"). A single word that is a given name or surname (a person's own domain:
"Amara", amara@...) or a frequent English word in title case ("Vintage") is left. An NER guess
on the run gives way; other tags are left alone.

Cost: one regex pass for the domains, then one search per registered name (its pattern
compiled once and cached), only in texts with an e-mail or web address.
"""

from __future__ import annotations

import re
from functools import lru_cache

from privtext.tagging.base import Span, put_over_guess
from privtext.tagging.recognizers.organization import HEAD_SET

SOURCE = "domain_name"
SCORE = 0.8
_DOMAIN_RX = re.compile(
    r"(?:@|(?<![\w.@\-])(?:https?://)?(?:www\.))(?P<d>[a-z0-9][a-z0-9\-]*(?:\.[a-z0-9\-]+)+)",
    re.IGNORECASE,
)
# labels of public suffixes ("co.uk", "com.ph", "gov.ie"): dropped from the end of a domain
_SUFFIX_LABELS = frozenset(
    "com co org net gov ac edu nhs ltd plc biz info int mil sch nic ne or go gob gouv".split()
)
# free-mail and large hosting providers: their name says nothing about the writer
_PROVIDERS = frozenset(
    """gmail googlemail yahoo ymail hotmail outlook live msn icloud me mac aol proton protonmail
    gmx web mail yandex zoho qq rediffmail btinternet sky virginmedia talktalk bigpond optusnet
    eircom orange wanadoo free laposte libero tiscali t-online freenet wp onet interia o2 seznam
    github gitlab google facebook instagram linkedin twitter x tiktok youtube wordpress
    blogspot medium substack wix squarespace""".split()
)
_GAP = r"[ \t'&\-]{0,3}"
_HEAD_AFTER = re.compile(r"[ \t]+(?P<h>[A-Z][\w.]*)")
_GUESS_TYPES = frozenset({"PERSON", "LOCATION", "ORGANIZATION"})


def _registered_name(domain: str) -> str | None:
    """The label before the public suffix ("islandtel" of "care.islandtel.com.ph"), or None."""
    labels = domain.lower().split(".")
    n = len(labels)
    while len(labels) > 1 and (labels[-1] in _SUFFIX_LABELS or len(labels[-1]) == 2):
        labels.pop()
    if len(labels) == n and n > 1:
        labels.pop()  # a generic top-level domain ("karoo.vet", "acme.museum")
    name = labels[-1]
    if len(name) < 5 or name in _PROVIDERS or not name.isalpha():
        return None
    return name


@lru_cache(maxsize=1024)
def _spelling(name: str) -> re.Pattern[str]:
    """The name's letters, with spaces, "&", "'" or "-" allowed between them ("Karoo Vet")."""
    return re.compile(
        r"(?<![\w@./\-])" + _GAP.join(map(re.escape, name)) + r"(?![\w@\-]|\.\w)",
        re.IGNORECASE,
    )


def _name_or_word(word: str) -> bool:
    """A given name or surname, or a frequent English word written in title case."""
    from wordfreq import zipf_frequency

    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    gaz = load_gazetteer(None)
    title = word[:1] + word[1:].lower()
    if title in gaz.given or title in gaz.surnames:
        return True
    return word == title and zipf_frequency(word.lower(), "en") >= 3.5


def organisations_named_by_domains(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with the runs of capitalised words that spell a domain's name as organisations.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans, sorted by start and still non-overlapping.
    """
    if "@" not in text and "www." not in text and "://" not in text:
        return spans
    names = set()
    hosts: list[tuple[int, int]] = []
    for m in _DOMAIN_RX.finditer(text):
        hosts.append((m.start(), m.end()))
        name = _registered_name(m.group("d"))
        if name is not None:
            names.add(name)
    if not names:
        return spans
    out = list(spans)
    changed = False
    for name in sorted(names):
        for m in _spelling(name).finditer(text):
            words = list(re.finditer(r"[^ \t]+", m.group()))
            if len(words) > 3 or not all(w.group()[0].isupper() for w in words):
                continue
            if len(words) == 1 and _name_or_word(words[0].group()):
                continue  # "Amara" of amara@..., "Vintage"
            start, end = m.span()
            while (h := _HEAD_AFTER.match(text, end)) and h.group("h") in HEAD_SET:
                end = h.end()  # the organisation's head words after it: "Karoo Vet Clinic"
            if any(a < end and start < b for a, b in hosts):
                continue
            put_over_guess(out, start, end, "ORGANIZATION", SCORE, SOURCE, _GUESS_TYPES)
            changed = True
    return sorted(out, key=lambda s: (s.start, s.end)) if changed else spans
