"""Platforms used as a medium and languages spoken are no organisation or group.

Two kinds of word the name lists and NER tag by their surface, while most mentions identify
nobody:

* a messaging or social platform used as the medium of a text: "WhatsApp Chat with Mam", "I
  saw it on Facebook", "send it by WhatsApp". The guidelines tag no platform used as a medium;
  an employer cue before it keeps it ("works at Facebook", "an engineer for Google").
* a language: "speaks English and Twi", "speak Irish and English", "speaks good English",
  "LANGUAGES: Spanish (native), English (C1)", "an English summary", "the German text is
  binding", "studying English at ...". The nationality adjective is a language here, which
  the guidelines leave untagged.

:func:`mediums_are_no_entities` drops such ORGANIZATION and NATIONALITY spans when they come from
the name lists or NER (a cue's or a pattern's tag stays).
"""

from __future__ import annotations

import re

from privtext.tagging.base import Span

_GUESS_SOURCES = frozenset({"gazetteer", "spacy_ner", "consistency"})
PLATFORMS = frozenset(
    """WhatsApp Whatsapp Facebook Instagram Messenger Telegram Signal Viber WeChat TikTok Snapchat
    Twitter YouTube Youtube LinkedIn Zoom Skype Gmail Discord Reddit Slack iMessage FaceTime
    Threads Bluesky Mastodon""".split()
)
LANGUAGES = frozenset(
    """English French Spanish Portuguese German Italian Dutch Polish Russian Ukrainian Arabic
    Mandarin Cantonese Chinese Hindi Urdu Bengali Bangla Punjabi Tamil Telugu Gujarati Marathi
    Malayalam Kannada Swahili Yoruba Igbo Hausa Twi Amharic Somali Tagalog Filipino Japanese
    Korean Vietnamese Thai Turkish Greek Romanian Czech Slovak Hungarian Irish Welsh Gaelic
    Farsi Persian Pashto Dari Kurdish Hebrew Zulu Xhosa Afrikaans Sesotho Shona Malay
    Indonesian Nepali Sinhala Sinhalese Albanian Serbian Croatian Bosnian Bulgarian Lithuanian
    Latvian Estonian Finnish Swedish Norwegian Danish Icelandic Catalan Basque Galician""".split()
)
_EMPLOYER_BEFORE = re.compile(
    r"(?i)(?<![\w])(?:works?|worked|working|employed|employee|job|joined|engineer|manager|"
    r"intern(?:ship)?|staff|contractor|role)\b[^.\n]{0,25}?(?<![\w])(?:at|for|by|with)[ \t]+\Z"
)
_LANGUAGE_BEFORE = re.compile(
    r"(?i)(?<![\w])(?:speaks?|spoke|spoken|speaking|fluent(?:ly)?(?:[ \t]+in)?|in|into|"
    r"learn(?:s|ing|t|ed)?|stud(?:y|ies|ying|ied)|teach(?:es|ing)?|taught|translated?|"
    r"interpreter|interpreting|native|reads?|writes?|only)[ \t]+"
    # "speaks good English", "speak a little Polish"
    r"(?:(?:good|fluent|basic|some|little|a[ \t]+little|broken|excellent|perfect|poor|"
    r"limited|conversational|no)[ \t]+)?"
    r"(?:(?:and|or|&|,)[ \t]*)?\Z"
)
# the second of two languages: "speak Irish and English"
_LANGUAGE_PAIR = re.compile(r"(?P<w>[A-Z][a-z]+)[ \t]*(?:,|and|or|&)[ \t]+\Z")
_LANGUAGE_AFTER = re.compile(
    r"[ \t]*\((?i:native|mother[ \t]+tongue|fluent|basic|intermediate|advanced|conversational|"
    r"business|working|beginner|[abc][12]|ielts|toefl|hsk|jlpt|dele|delf|goethe)[^()\n]{0,24}\)"
    r"|[ \t]+(?i:language|languages|speakers?|speaking|lessons?|class(?:es)?|teacher|tests?|"
    r"exams?|summary|version|translation|translations|interpreter|subtitles|proficiency|level|"
    r"medium|literature|grammar|skills|course|courses|tutor|tuition|GCSE|text|induction|"
    r"leaflets?|videos?|copy|original|notes?|transcripts?|abstract|gloss)(?![\w\-])"
    r"|-speaking(?![\w])"
)
_LANGUAGE_LINE = re.compile(r"(?im)^[ \t]*(?:languages?|idiomas?|langues?|sprachen)[ \t]*:?")


_NAME_GOES_ON = re.compile(r"[ \t]+[A-Z]")


def _language_use(text: str, s: Span) -> bool:
    """Whether the nationality word at ``s`` is used as a language."""
    if _NAME_GOES_ON.match(text, s.end):
        return False  # "in Spanish Town", "the English Channel": part of a name
    if _LANGUAGE_AFTER.match(text, s.end) or _LANGUAGE_BEFORE.search(
        text, max(0, s.start - 40), s.start
    ):
        return True
    pair = _LANGUAGE_PAIR.search(text, max(0, s.start - 30), s.start)
    if pair is not None and pair.group("w") in LANGUAGES:
        prev = Span(pair.start("w"), pair.end("w"), s.entity_type, s.score, s.source)
        if _language_use(text, prev):
            return True
    line_start = text.rfind("\n", 0, s.start) + 1
    return _LANGUAGE_LINE.match(text, line_start) is not None


def mediums_are_no_entities(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` less the platforms used as a medium and the languages.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans, in the same order, less the dropped ones.
    """
    drop = set()
    for k, s in enumerate(spans):
        if s.source not in _GUESS_SOURCES:
            continue
        surface = text[s.start : s.end]
        if s.entity_type == "ORGANIZATION" and surface.split(" ", 1)[0] in PLATFORMS:
            if not _EMPLOYER_BEFORE.search(text, max(0, s.start - 60), s.start):
                drop.add(k)
        elif s.entity_type == "NATIONALITY" and surface in LANGUAGES:
            if _language_use(text, s):
                drop.add(k)
    if not drop:
        return spans
    return [s for k, s in enumerate(spans) if k not in drop]
