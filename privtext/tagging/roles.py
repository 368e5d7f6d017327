"""Job titles found through the person they describe.

A role word next to a tagged person is that person's job, even when the word alone would be
too generic to tag ("the driver", "our Treasurer") or is missing from the job-title list
("Tenancy Adjudicator"). Three layouts, all anchored on a PERSON span already kept:

* after the person and a comma, dash, bar or middle dot, up to a delimiter:
  "Sandra Reid, vendor, tel. ...", "SRI K. N. SHASHIDHAR, ADVOCATE)", "Sophie Brennan ·
  Senior Technical Recruiter at Northstar";
* before the person and a comma, after a determiner or a possessive: "our Treasurer, Liam
  Keane", "their estimator, Tyrone Banks", "the driver, Andriy";
* a signature: a short line right under a line that is the person's name: "J. W. KIPROTICH /
  JUDGE", "T. Ngata / Tenancy Adjudicator", "Ma. Cristina Reyes-Lopez / HR Generalist | Lumen".

A fourth layout needs no person: a job said of someone before "at", "for" or "with" and a
name ("is a paediatric registrar at Royal Manchester Children's Hospital", "a hydrogeologist
at the Water Research Institute"; see :func:`roles_before_employers`).

The role is one to four words, written in one case style (lower case, capitalised words or
capitals), whose last word is an occupation head: the last word of an entry of the job-title
list or one of a few role nouns (treasurer, mayor, advocate...), without the generic heads
("member", "partner", "student", "staff"...). Places, known given names and surnames are never
a role ("Smith, Chester", "Nowak, Peter").
"""

from __future__ import annotations

import re
from functools import lru_cache

from privtext.tagging.base import Span
from privtext.tagging.prescan import PatternGroup

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("roles")

SOURCE = "role_next_to_person"
SCORE = 0.8

# Heads of job-title list entries that name no occupation on their own.
_GENERIC_HEADS = frozenset(
    {
        "member", "person", "pair", "staff", "student", "visitor", "lead", "nursing", "partner",
        "associate", "fellow", "owner", "leader", "rep", "intern", "trainee", "aide", "guide",
        "guard", "carrier", "handler", "processor", "tester", "rider", "servant", "depute",
        "coach", "chair", "founder", "co-founder", "captain", "agent",
    }
)  # fmt: skip
# Role nouns that are no head of a list entry (many are too generic to tag on their own).
_EXTRA_HEADS = frozenset(
    {
        "adjudicator", "advocate", "agronomist", "archivist", "bursar", "caseworker", "chairman",
        "commissioner", "coroner", "councillor", "councilor", "curator", "deputy", "estimator",
        "generalist", "inspector", "magistrate", "mayor", "minister", "physio", "promoter",
        "recruiter", "sergeant", "shopkeeper", "storekeeper", "superintendent", "treasurer",
        "vendor", "vice-principal", "coder", "boss", "undermanager",
    }
)  # fmt: skip
# Generic heads that are a role all the same between a determiner and a named person: "the
# rep, Monique", "the junior coach, Sipho" ("agent" is left out: "the applicant's migration
# agent, X" is a party's role that the labelled sets do not tag)
_APPOSITION_HEADS = frozenset({"rep", "leader", "coach"})
# Generic heads that are a role all the same alone right after a named person: "Pete
# Allinson, owner", "Lucía Fernández Ortega, Owner" (not "chair": the labelled minutes tag a
# chair in some sets and not in others)
_AFTER_NAME_HEADS = frozenset({"owner", "co-owner", "founder", "co-founder"})
_WORD = r"[A-Za-z][A-Za-z.\-]*|\d+|&"  # "Safety & Claims Manager"
_PHRASE = rf"(?:(?:{_WORD})[ \t]){{0,3}}(?:[A-Za-z][A-Za-z\-]*)"
_AFTER = re.compile(
    rf"\A(?:,|[ \t]+[-\u2013\u2014|\u00b7][ \t]*|[ \t]*\||[ \t]*\()[ \t]*({_PHRASE})"
    rf"(?=[ \t]*(?:[,;()|\n/\u00b7\u2022]|\Z|:[ \t]|[ \t]+(?:at|for|of|with|in)[ \t])|[ \t]{{2,}})"
)  # ... or a chat speaker's colon: "Ella \u2013 Pharmacist: Good afternoon"

_DETERMINERS = frozenset("a an the my our your his her their its".split())
_EMPLOYER_LINK = re.compile(r"[ \t]+(?:at|for|with|in)[ \t]")
_BEFORE = re.compile(
    rf"(?:(?<![\w'])(?:our|your|their|his|her|my|its|the|another)|\w+['\u2019]s)[ \t]+"
    rf"({_PHRASE}),[ \t]+\Z",
    re.IGNORECASE,
)
# (the lines may be quoted in a reply: "> Angela Reyes" / "> Claims Officer, Pinoy Cargo")
_SIGNATURE = re.compile(
    rf"\n[ \t]*(?:>[ \t]*)*({_PHRASE})[ \t]*(?=$|[ \t]*[|,/(\u2013-])", re.MULTILINE
)
# Right before the person, with no comma: "coach Kebede Tolossa", "my driver Kelechi", "retired
# principal Veronica Clarke", "Pharmacist Mr Shahid Aziz"; or linked by a verb: "your guide is
# Pasang Sherpa", "an agent named Jasmine"
_VERB_END = re.compile(r"(?<![\w])(?:is|was|named|called)[ \t]+\Z")
_COURTESY_END = re.compile(r"(?<![\w])(?:Mr|Mrs|Ms|Miss|Dr)\.?[ \t]+\Z")
_BEFORE_BARE = re.compile(
    r"(?:^|(?<=[\s(;:,\u2013\u2014-]))((?:[A-Za-z][A-Za-z\-]*[ \t]){0,2}[A-Za-z][A-Za-z\-]*)"
    r"[ \t]+\Z",
    re.MULTILINE,
)
# Words before a role that are no part of it
_NOT_ROLE_WORDS = frozenset(
    "my our your his her their the a an fellow retired former late new old head senior "
    "local".split()
)
# Ranks, honorifics and offices written before a name as a title, not as the person's job
_RANKS = frozenset(
    "captain inspector sergeant constable officer detective judge justice doctor professor "
    "father sister brother reverend pastor bishop imam rabbi chief commander colonel general "
    "major lieutenant corporal private president governor senator mayor councillor minister "
    "coach agent nurse master lord lady dame sir king queen prince princess elder deacon "
    "superintendent commissioner marshal admiral uncle aunt auntie sheriff".split()
)


# Words of a relative clause or a predicate, never of a role
_CLAUSE_WORDS = frozenset(
    "who whom whose which that his hers its is was were are has had have did does".split()
)

_AUXILIARIES = frozenset("is was has had have been now also still currently".split())


def _line_or_clause_start(window: str, at: int) -> bool:
    """Whether ``at`` opens a line or follows a sentence's or a clause's punctuation."""
    before = window[:at].rstrip(" \t")
    return not before or before[-1] in "\n.:;!?\u2013\u2014-"


# Heads too generic to be a job when written alone right before a name
_NO_BARE_ROLES = frozenset({"man", "woman", "men", "women", "officer", "kos", "buyer", "member"})
# Words that are a rank or an honorific before a name ("Captain Smith", "Inspector Morse"): a
# capitalised role right before a name is one only with a courtesy title between
_GENERIC_BEFORE_NAMES = frozenset({"guide", "coach", "agent", "owner", "chair", "handler"})


@lru_cache(maxsize=1)
def role_heads() -> frozenset[str]:
    """Occupation head nouns (lower case)."""
    from privtext.tagging.recognizers.job_title import job_title_set

    heads = {t.split()[-1] for t in job_title_set()} - _GENERIC_HEADS
    return frozenset(heads | _EXTRA_HEADS)


def _one_style(words: list[str]) -> bool:
    letters = [w for w in words if w[:1].isalpha() and w not in ("and", "of", "for")]
    if not letters:
        return False
    if all(w.islower() for w in letters) or all(w.isupper() for w in letters):
        return True
    return all(w[0].isupper() for w in letters)


def _is_role(phrase: str, apposition: bool = False) -> bool:
    """Whether ``phrase`` is a role: one to four words in one case style ending in a head
    (with ``apposition``, one of :data:`_APPOSITION_HEADS` too)."""
    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    words = phrase.split()
    if not words or len(words) > 4 or not _one_style(words):
        return False
    head = words[-1].lower()
    if head not in role_heads() and not (apposition and head in _APPOSITION_HEADS):
        return False
    if any(w.lower() in _CLAUSE_WORDS for w in words):
        return False  # "Mr Abdi, who cut his hand (first aid ...)": a clause, not a role
    gaz = load_gazetteer(None)
    return not any(
        w.title() in gaz.given or w.title() in gaz.surnames or w.title() in gaz.known_tokens
        for w in words
        if w[:1].isupper() and w.lower() not in role_heads()
    )


@lru_cache(maxsize=1)
def _title_words() -> frozenset[str]:
    """Every word of the job-title list but its function words ("of", "and", "the", "to"...)."""
    from privtext.tagging.recognizers.job_title import job_title_set

    function_words = {"of", "and", "the", "&", "to", "a", "an", "in", "for", "at", "on", "with"}
    return frozenset(w for t in job_title_set() for w in t.split()) - function_words


def _bare_role(window: str) -> tuple[int, int] | None:
    """The role at the end of ``window`` (the text before a person), without a comma."""
    courtesy = _COURTESY_END.search(window)
    if courtesy is not None:
        window = window[: courtesy.start()]  # "Pharmacist Mr Shahid Aziz"
    verb = _VERB_END.search(window)
    if verb is not None:
        window = window[: verb.start()]  # "your guide is Pasang Sherpa"
    m = _BEFORE_BARE.search(window)
    if m is None:
        return None
    words = list(re.finditer(r"\S+", m.group(1)))
    vocab = _title_words()
    first = len(words) - 1
    while first > 0 and words[first - 1].group().lower() in vocab:
        first -= 1  # "bus driver", "night porter"
    words = words[first:]
    while words and words[0].group().lower() in _NOT_ROLE_WORDS:
        words.pop(0)  # "my driver", "fellow guide", "retired principal"
    if not words:
        return None
    phrase = " ".join(w.group() for w in words)
    head = words[-1].group()
    lower = phrase.islower()
    linked = verb is not None
    if (
        not lower
        and not linked
        and courtesy is None
        and (
            len(words) > 1
            or head.lower() in _RANKS
            or not _line_or_clause_start(window, m.start(1) + words[0].start())
        )
    ):
        return None  # "Captain Smith", "Inspector Morse": a rank or honorific
    if not (_is_role(phrase) or ((lower or linked) and head.lower() in _GENERIC_BEFORE_NAMES)):
        return None
    if linked and not lower and len(words) > 1:
        return None
    if len(words) == 1 and head.lower() in _NO_BARE_ROLES:
        return None  # "best man Ollie", "officer C.M.", "a man called Jake"
    return m.start(1) + words[0].start(), m.start(1) + words[-1].end()


def _free(spans: list[Span], start: int, end: int) -> bool:
    return not any(s.start < end and start < s.end for s in spans)


def roles_next_to_persons(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` plus JOB_TITLE spans for roles written next to a kept PERSON span.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans with the roles added, sorted by start.
    """
    persons = [s for s in spans if s.entity_type == "PERSON"]
    if not persons:
        return spans
    added: list[Span] = []
    dropped: set[int] = set()

    def add(start: int, end: int) -> None:
        if start >= end or not _free(added, start, end):
            return
        inside = [k for k, s in enumerate(spans) if s.start < end and s.end > start]
        if any(
            spans[k].entity_type == "JOB_TITLE" and (spans[k].start, spans[k].end) == (start, end)
            for k in inside
        ):
            return  # tagged already
        # an NER guess inside the role gives way: "our Club Secretary" ("Club" as an
        # organisation), "Camila Rocha \u00b7 Tech Recruiter at Nubank" (the role as a person)
        # and so does a shorter job title inside it: "N. Dlamini, cemetery clerk" ("clerk")
        if any(
            spans[k].start < start
            or spans[k].end > end
            or (
                spans[k].entity_type != "JOB_TITLE"
                and (
                    spans[k].source != "spacy_ner"
                    or spans[k].entity_type not in ("ORGANIZATION", "LOCATION", "PERSON")
                )
            )
            for k in inside
        ):
            return
        dropped.update(inside)
        added.append(Span(start, end, "JOB_TITLE", SCORE, SOURCE))

    for p in persons:
        m = _AFTER.match(text[p.end : p.end + 80])
        if m:
            phrase = m.group(1)
            # "Tech Recruiter at Nubank": the role ends before its employer
            cut = _EMPLOYER_LINK.search(phrase)
            if not _is_role(phrase) and cut is not None:
                phrase = phrase[: cut.start()]
            lead = 0
            if phrase.startswith("who "):  # "who has been president of ...": the role after it
                lead = 4
                while (w := phrase[lead:].split(" ", 1))[0] in _AUXILIARIES and len(w) > 1:
                    lead += len(w[0]) + 1
            while (w := phrase[lead:].split(" ", 1))[0].lower() in _DETERMINERS and len(w) > 1:
                lead += len(w[0]) + 1  # "a forensic doctor", "his manager": no part of the role
            phrase = phrase[lead:]
            head, of, _what = phrase.partition(" of ")
            # "Mr Yaw Darko, inspector of mines,": a role of a field is the whole phrase
            if (
                _is_role(phrase)
                or (of and phrase.islower() and head.split()[-1] != "head" and _is_role(head))
                or phrase.lower() in _AFTER_NAME_HEADS
            ):
                start = p.end + m.start(1) + lead
                add(start, start + len(phrase))
        window = text[max(0, p.start - 80) : p.start]
        m = _BEFORE.search(window)
        if m and _is_role(m.group(1), apposition=True):
            base = p.start - len(window)
            add(base + m.start(1), base + m.end(1))
        else:
            line_start = text.rfind("\n", 0, p.start) + 1
            window = text[max(line_start, p.start - 60) : p.start]
            bare = _bare_role(window)
            if bare is not None:
                base = p.start - len(window)
                add(base + bare[0], base + bare[1])
        line_start = text.rfind("\n", 0, p.start) + 1
        line_end = text.find("\n", p.end)
        if line_end < 0:
            continue
        rest = re.sub(r"(?i)\b(?:mr|mrs|ms|dr|prof|rev|sri|smt|hon)\.?|[\"'\u201c\u201d(),.>]", "",
                      text[line_start : p.start] + text[p.end : line_end])  # fmt: skip
        if rest.strip():
            continue  # the line holds more than the name
        m = _SIGNATURE.match(text, line_end)
        if m and _is_role(m.group(1)):
            add(m.start(1), m.end(1))
    if not added:
        return spans
    kept = [s for k, s in enumerate(spans) if k not in dropped]
    return sorted(kept + added, key=lambda s: (s.start, s.end))


# A job said of someone before the place they do it: "is a paediatric registrar at Royal
# Manchester Children's Hospital", "I have been Information Governance Lead at Avon ...", "a
# hydrogeologist at the Water Research Institute". The slot makes a head noun a job that the
# list leaves out for being too generic alone ("registrar", "lead").
_JOB_SLOT = _PRESCAN.compile(
    r"(?:(?<![\w'])(?:is|was|am|are|been|as|now|became|become|becomes)[ \t]+(?:an?[ \t]+)?|"
    r",[ \t]+an?[ \t]+)"
    r"(?P<role>(?:[A-Za-z][A-Za-z&\-]*[ \t]+){0,3}[A-Za-z][A-Za-z\-]*)"
    r"[ \t]+(?:at|for|with)[ \t]+(?:the[ \t]+)?[A-Z]"
)
_SLOT_HEADS = frozenset({"lead", "registrar", "head"})
_NOT_SLOT_LEAD = _NOT_ROLE_WORDS | {"a", "an"}  # words before the role that are no part of it
_SLOT_SUFFIXES = ("ologist", "ist", "ician", "grapher", "eer")
# People a place serves or holds, and roles of no trade: "a patient at", "a student at"
_NOT_SLOT_ROLES = frozenset(
    "customer customers patient resident student pupil visitor member guest passenger client "
    "user tenant subscriber shareholder supporter applicant participant regular victim witness "
    "parent volunteer friend fan tourist finalist specialist cyclist motorist "
    "lot bit part one way".split()
)


def _slot_role(phrase: str) -> bool:
    words = phrase.split()
    head = words[-1].lower()
    if head in _NOT_SLOT_ROLES or not _one_style(words):
        return False
    if _is_role(phrase):
        return True
    if head in _SLOT_HEADS:
        return len(words) > 1  # "Technology Lead", "paediatric registrar"; not "the lead"
    return len(head) > 5 and head.endswith(_SLOT_SUFFIXES)


def roles_before_employers(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` plus JOB_TITLE spans for a job said of someone before "at", "for" or "with"
    and a name (see :data:`_JOB_SLOT`); only where nothing is tagged yet.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans with the roles added, sorted by start.
    """
    if " at " not in text and " for " not in text and " with " not in text:
        return spans
    added: list[Span] = []
    for m in _JOB_SLOT.finditer(text):
        words = list(re.finditer(r"\S+", m.group("role")))
        while words and words[0].group().lower() in _NOT_SLOT_LEAD:
            words.pop(0)  # "as the Technology Lead": "the" is no part of it
        if not words:
            continue
        base = m.start("role")
        start, end = base + words[0].start(), base + words[-1].end()
        if _slot_role(text[start:end]) and _free(spans, start, end):
            added.append(Span(start, end, "JOB_TITLE", SCORE, SOURCE))
    if not added:
        return spans
    return sorted(spans + added, key=lambda s: (s.start, s.end))


# Generic roles that label a speaker in a chat or ticket export: "Maya (Agent):", "Tom
# (Support):". They say which side is talking, not what the person does for a living.
_SPEAKER_ROLES = frozenset(
    "agent support advisor adviser customer admin administrator moderator mod staff operator "
    "rep representative bot host".split()
)


def speaker_labels_are_no_titles(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without JOB_TITLE spans that are a chat speaker's bracketed role label
    (``Maya (Agent):``, ``[10:06] Marco (agent):``).

    Args:
        text: the document.
        spans: the kept spans.

    Returns:
        The spans, order kept.
    """
    out = [
        s for s in spans
        if not (
            s.entity_type == "JOB_TITLE"
            and text[s.start - 1 : s.start] == "("
            and text.startswith("):", s.end)
            and text[s.start : s.end].lower() in _SPEAKER_ROLES
        )
    ]  # fmt: skip
    return out if len(out) != len(spans) else spans


# A signature line: a person's name opening the line, a comma, then one to three words to the
# line's end. In English the role rules above read it ("Amy Shah, Practice Manager"); in other
# languages its words are on no list, and that line is what says they are a role: "Tea
# Marinović, voditeljica posade", "Jón Örn Baldursson, fjármálastjóri", "Nurul Ain Jaafar,
# Pegawai Kewangan", "Ελένη Βασιλείου, Υπεύθυνη Πληρωμάτων", "সুমাইয়া আক্তার, হিসাবরক্ষক".
_SIGNATURE_ROLE = re.compile(r"[ \t]*[,\u060c][ \t]*(?P<role>[^\n]{2,60}?)[ \t]*(?:\r?\n|\Z)")
# a word of any script (Indic vowel signs and viramas included)
_ANY_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|[\u0900-\u0dff'\u2019\-])*")
SIGNATURE_ROLE_SCORE = 0.75


def roles_on_signature_lines(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` plus JOB_TITLE spans for the words after a name and a comma on a signature
    line (see :data:`_SIGNATURE_ROLE`), when they are one to three words rare in English (the
    English roles are the rules' above), no honours in capitals ("MBE", "KC"), no listed place
    or organisation, and nothing is tagged there yet.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans with the roles added, sorted by start.
    """
    from wordfreq import zipf_frequency

    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    added: list[Span] = []
    dropped: set[int] = set()
    gaz = None
    for p in spans:
        if p.entity_type != "PERSON":
            continue
        line_start = text.rfind("\n", 0, p.start) + 1
        lead = text[line_start : p.start].strip(" \t-\u2013\u2014>*\u2022")
        if lead and not (lead.endswith(":") and len(lead) <= 40):
            continue  # the name opens neither the line nor a field ("Disahkan oleh: ...")
        m = _SIGNATURE_ROLE.match(text, p.end)
        if m is None:
            continue
        role = m.group("role")
        words = role.split()
        if not 1 <= len(words) <= 3 or not all(_ANY_WORD.fullmatch(w) for w in words):
            continue
        if any(w.isupper() and len(w) <= 5 for w in words):
            continue  # "MBE", "KC", "PhD"-like honours in capitals
        if any(zipf_frequency(w.lower(), "en") >= 3.0 for w in words):
            continue
        gaz = gaz or load_gazetteer(None)
        if any(w in gaz.known_tokens or w in gaz.given or w in gaz.surnames for w in words):
            continue  # a place, an organisation or another name
        s, e = m.span("role")
        inside = [o for o in spans if o.start < e and s < o.end]
        if any(o.start < s or o.end > e or o.source != "spacy_ner" for o in inside):
            continue  # (an NER guess inside the role gives way: "voditeljica" as a place)
        dropped.update(id(o) for o in inside)
        added.append(Span(s, e, "JOB_TITLE", SIGNATURE_ROLE_SCORE, SOURCE))
    if not added:
        return spans
    kept = [o for o in spans if id(o) not in dropped]
    return sorted(kept + added, key=lambda x: (x.start, x.end))
