"""Field labels of forms and records are no entities.

In a form, a record or an e-mail header, the word before a colon at the start of a line (or of
a column) names the field: "DOB: 11/03/1985", "Employer: Port of New Orleans", "NRIC:
780514-10-5523", "Sender: Oakhaven Furniture", "Betreff: ...", "Dyddiad / Date: ...". NER reads
such words as persons or organisations. A person's name in that place (a chat speaker: "Maria:
hi") is a known given name or surname, or a rare word; a field label is made of common words and
short acronyms. :func:`field_labels_are_no_entities` drops PERSON, ORGANIZATION, LOCATION and
NATIONALITY spans that sit in a label's place and are made only of such words, and those that
are the name of an identifier field anywhere (``DOB``, ``NRIC``, ``PPSN``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from privtext.tagging.base import GUESS_SOURCES, Span
from privtext.tagging.employers import has_org_word
from privtext.tagging.language import other_languages
from privtext.tagging.prescan import PatternGroup
from privtext.tagging.recognizers.gazetteer import load_gazetteer

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("labels")

_TYPES = frozenset({"PERSON", "ORGANIZATION", "LOCATION", "NATIONALITY"})
# A label starts a line, or a column after two spaces, a tab or a bar.
_BEFORE_RX = re.compile(r"(?:^|\n|[ \t]{2,}|\t|\|[ \t]*)[ \t]*\Z")
_AFTER_RX = re.compile(r"[ \t]*:(?!//)")
_WORD_RX = re.compile(r"[^\s/&]+")
# Common label words in other languages that English word frequencies do not know.
_FOREIGN_LABELS = frozenset(
    """betreff datum anschrift absender empfänger para asunto fecha objet dyddiad cyfrif
    enw cyfeiriad oggetto data""".split()
)
# Names of identifier and record fields, never a person or an organisation.
_FIELD_ACRONYMS = frozenset(
    "DOB D.O.B. SSN NRIC NINO PPSN MRN UTR TFN SIN CNIC BVN NIN CURP RFC NIE DNI PESEL CNP "
    "PNC URN "
    # tax and trade numbers: "EORI GB...", "NIP 573-280-11-46", "AFM 038457912"
    "EORI VAT NIP AFM TIN EIN ITIN RUT CUIT ABN ACN IRD GSTIN NIF CIF BSN REGON KRS".split()
)
# English words at least this frequent (wordfreq zipf) read as label words.
_COMMON_ZIPF = 3.5
# ... and in another language (a little higher: fewer words per language)
_OTHER_ZIPF = 4.0
_ACRONYM_RX = re.compile(r"[A-Z]{2,5}|(?:[A-Z]\.){2,4}")


@lru_cache(maxsize=1)
def _places() -> frozenset[str]:
    """Single-word cities and countries of the packaged lists."""
    names: set[str] = set()
    for fname in ("cities.txt", "countries.txt"):
        data = resources.files("privtext").joinpath("data", fname).read_text("utf-8")
        names.update(w.strip() for w in data.splitlines() if w.strip() and " " not in w.strip())
    return frozenset(names)


# wordfreq languages by script, for a label word written in one
_SCRIPT_LANGUAGES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("\u0370", "\u03ff", ("el",)),
    ("\u0400", "\u052f", ("ru", "uk", "bg", "mk")),
    ("\u0590", "\u05ff", ("he",)),
    ("\u0600", "\u06ff", ("ar", "fa", "ur")),
    ("\u0900", "\u097f", ("hi",)),
    ("\u0980", "\u09ff", ("bn",)),
)
# Latin letters that only some languages write
_LETTER_LANGUAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ıİşŞğĞ", ("tr",)),
    ("řŘěĚůŮ", ("cs",)),
    ("ąĄęĘłŁżŻśŚźŹńŃ", ("pl",)),
    ("őŐűŰ", ("hu",)),
    ("åÅ", ("sv", "nb", "da")),
    ("øØæÆ", ("nb", "da")),
    ("äÄöÖ", ("de", "sv", "fi", "tr", "hu", "is")),
    ("ãÃõÕ", ("pt",)),
    ("ñÑ", ("es",)),
    ("ţŢțȚșȘăĂ", ("ro",)),
    ("čČšŠžŽ", ("cs", "sk", "sl", "sh", "lt", "lv")),
    ("ðÐþÞ", ("is",)),
    ("ūŪėĖįĮųŲ", ("lt",)),
    ("āĀēĒīĪķĶļĻņŅ", ("lv",)),
    ("çÇ", ("tr", "fr", "pt", "ca")),
    ("üÜ", ("de", "tr", "hu")),
    ("éÉèÈêÊ", ("fr", "pt", "es", "it", "ca", "cs")),
)


def _languages_of(word: str, text_languages: tuple[str, ...]) -> tuple[str, ...]:
    """The languages whose common words ``word`` may be: by its script, by letters only some
    languages write, and the languages the document's function words show."""
    first = next((c for c in word if c.isalpha()), "")
    for lo, hi, langs in _SCRIPT_LANGUAGES:
        if lo <= first <= hi:
            return langs
    out = list(text_languages)
    for letters, langs in _LETTER_LANGUAGES:
        if any(c in letters for c in word):
            out.extend(x for x in langs if x not in out)
    return tuple(out)


@lru_cache(maxsize=4096)
def _label_word(word: str, text_languages: tuple[str, ...] = ()) -> bool:
    from wordfreq import zipf_frequency

    w = word.strip(".,()'\"")
    if not w:
        return True
    gaz = load_gazetteer(None)
    if any(v in names for v in (w, w.title()) for names in (gaz.given, gaz.surnames, _places())):
        return False  # a name or a place ("MUMBAI:" heading a news story)
    if "-" in w and all(p.title() in gaz.given for p in w.split("-") if p):
        return False  # a hyphenated given name ("Kerry-Ann:" speaking in a chat)
    if _ACRONYM_RX.fullmatch(w):
        return True
    if w.lower() in _FOREIGN_LABELS:
        return True
    if zipf_frequency(w.lower(), "en") >= _COMMON_ZIPF:
        return True
    if not w.isascii():
        from privtext.tagging.script_gazetteer import fold, name_words

        _zipf, given, surnames = name_words()
        if fold(w) in given or fold(w) in surnames:
            return False  # a name in another script ("عبدالله:" speaking in a chat)
    # a common word of another language: "Araç:" (vehicle), "Předmět:" (subject), "Komu:" (to)
    # (only the languages the word or the document point to: each word list costs time to load)
    return any(
        zipf_frequency(w.lower(), lang) >= _OTHER_ZIPF for lang in _languages_of(w, text_languages)
    )


def field_labels_are_no_entities(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the PERSON/ORG/place spans that are a form's field labels.

    Args:
        text: the document.
        spans: the kept spans, sorted by start.

    Returns:
        The spans, those labels dropped.
    """
    out: list[Span] = []
    text_languages: tuple[str, ...] | None = None
    for s in spans:
        if s.entity_type in _TYPES and text[s.start : s.end] in _FIELD_ACRONYMS:
            continue  # "DUNMORE DOB 04/11/1987": the name of a field, with or without a colon
        if ":" in text and (
            s.entity_type in _TYPES
            and _AFTER_RX.match(text, s.end)
            and _BEFORE_RX.search(text, max(0, s.start - 8), s.start)
        ):
            words = _WORD_RX.findall(text[s.start : s.end])
            if text_languages is None:
                text_languages = other_languages(text)
            if 0 < len(words) <= 4 and all(_label_word(w, text_languages) for w in words):
                continue
        out.append(s)
    return out


# A form field whose value names an organisation: "Bank: Nationwide", "Insurer: Aviva plc",
# "School: St Bede's Catholic College".
_ORG_FIELD_RX = _PRESCAN.compile(
    r"(?im)(?:^|[ \t]{2,}|\t|\|[ \t]*)[ \t]*(?:bank|building[ \t]+society|employer|company|"
    r"insurer|lender|provider|supplier|school|college|university|nursery|hospital|practice|"
    r"gp[ \t]+practice|surgery|agency|broker|courier|carrier|airline|network|operator|club|"
    r"church|charity|firm|organi[sz]ation)(?:[ \t]+name)?[ \t]*:[ \t]*"
    r"(?P<value>(?-i:[A-Z])[\w&'\u2019.\-]*(?:[ \t](?:&|and|of|the|de|du)?[ \t]?"
    r"(?-i:[A-Z0-9])[\w&'\u2019.\-]*){0,5})(?=[ \t]*(?:\r?\n|\Z|[ \t]{2,}|\t|[,;(|]))"
)
FIELD_ORG_SOURCE = "organisation_field"
FIELD_ORG_SCORE = 0.8


def organisations_in_fields(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with the value of an organisation field ("Bank: Nationwide") an ORGANIZATION.

    The value is tagged where nothing is, or where only name-list and NER guesses lie inside it
    (the bank read as a place, the employer as a person).

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans, sorted by start.
    """
    if ":" not in text:
        return spans
    out = list(spans)
    changed = False
    given = load_gazetteer(None).given
    for m in _ORG_FIELD_RX.finditer(text):
        a, b = m.span("value")
        value = m.group("value").rstrip(".")
        b = a + len(value)
        if b <= a:
            continue
        words = value.split()
        if 2 <= len(words) <= 3 and words[0] in given and not has_org_word(words):
            continue  # "Courier: Oleksandr Kovalchuk": a gig courier, a person
        inside = [k for k, o in enumerate(out) if o.start < b and a < o.end]
        if any(
            out[k].start < a
            or out[k].end > b
            or out[k].source not in GUESS_SOURCES
            or out[k].entity_type == "ORGANIZATION"
            for k in inside
        ):
            continue
        out = [o for k, o in enumerate(out) if k not in inside]
        out.append(Span(a, b, "ORGANIZATION", FIELD_ORG_SCORE, FIELD_ORG_SOURCE))
        changed = True
    return sorted(out, key=lambda o: (o.start, o.end)) if changed else spans
