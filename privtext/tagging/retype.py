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
import unicodedata

from privtext.tagging.base import Span
from privtext.tagging.recognizers.gazetteer import Gazetteer, load_gazetteer
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
        if s.entity_type == "PERSON" and s.source == "spacy_ner":
            org = _company_marks(text, s)
            if org is not None:  # "PT Sinar Data Mandiri", "Attijariwafa bank", "Kiwi.com"
                out.append(Span(*org, "ORGANIZATION", s.score, s.source))
                changed = True
                continue
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


# Indonesian and Malaysian legal forms written before the name ("PT Sinar Data Mandiri", "CV
# Maju Jaya"), a bank's word after it in lower case ("Attijariwafa bank"), a web domain as a
# name ("Kiwi.com", "Booking.com"), a bank's word inside its one word ("Ecobank Ghana")
_FORM_BEFORE = re.compile(r"(?<![\w])(?:PT|PT\.|CV|Tbk\.?)[ \t]+\Z")
_BANK_AFTER = re.compile(r"[ \t]+bank(?![\w])")
_DOMAIN_NAME = re.compile(r"[A-Za-z0-9\-]+\.(?:com|net|org|io|co)(?:\.[a-z]{2})?", re.IGNORECASE)


def _company_marks(text: str, s: Span) -> tuple[int, int] | None:
    """The organisation's extent when a company's mark shows that NER's person is one."""
    surface = text[s.start : s.end]
    form = _FORM_BEFORE.search(text, max(0, s.start - 6), s.start)
    if form is not None:
        return form.start(), s.end
    bank = _BANK_AFTER.match(text, s.end)
    if bank is not None:
        return s.start, bank.end()
    first = surface.split()[0]
    if _DOMAIN_NAME.fullmatch(surface) or (len(first) > 5 and first.lower().endswith("bank")):
        return s.start, s.end
    return None


def _common(word: str) -> bool:
    from wordfreq import zipf_frequency

    return len(word) > 2 and zipf_frequency(word.lower(), "en") >= 4.0


# A capitalised name word in any script ("Súilleabháin", "Ó", "Bakare-Ojo"), a word in
# capitals, or an initial
_NAME_WORD_RX = re.compile(
    r"(?=[^\W\d_])[^\W\d_a-z\u00df-\u00ff](?:[^\W\d_]|['\u2019\-](?=[^\W\d_]))*"
    r"|[A-Z]\."
)


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
    mailboxes: list[str] | None = None
    for k, s in enumerate(spans):
        if s.entity_type == "ORGANIZATION" and s.source == "spacy_ner":
            words = text[s.start : s.end].split()
            shaped = 2 <= len(words) <= 3 and all(_NAME_WORD_RX.fullmatch(w) for w in words)
            if (
                shaped
                and words[0] in gaz.given
                and words[0] not in gaz.known_tokens
                and not any(
                    _title(w) in HEAD_SET or w in gaz.known_tokens or _common(w) for w in words[1:]
                )
            ):
                out.append(Span(s.start, s.end, "PERSON", s.score, s.source))
                changed = True
                continue
            if shaped and not any(_title(w) in HEAD_SET for w in words):
                if mailboxes is None:
                    mailboxes = [
                        _fold(text[e.start : e.end].split("@")[0])
                        for e in spans
                        if e.entity_type == "EMAIL"
                    ]
                plain = not any(_common(w) for w in words)
                if not any(w in gaz.org_suffixes for w in words) and (
                    plain
                    and (_job_follows(text, spans, k) or _BORN_AFTER.match(text, s.end))
                    or _in_mailbox(words, mailboxes, plain and words[0] not in gaz.known_tokens)
                ):
                    out.append(Span(s.start, s.end, "PERSON", s.score, s.source))
                    changed = True
                    continue
        out.append(s)
    return out if changed else spans


# A person's birth right after the name: "Batbayar Temuulen, born 14/08/2002", "(b. 1961)"
_BORN_AFTER = re.compile(r",?[ \t]+\(?(?:born|b\.|n\u00e9e|DOB|d\.o\.b\.)[ \t]", re.IGNORECASE)


def _fold(s: str) -> str:
    """Lower case without accents ("Marinović" -> "marinovic")."""
    return "".join(
        c for c in unicodedata.normalize("NFKD", s.lower()) if not unicodedata.combining(c)
    )


def _job_follows(text: str, spans: list[Span], k: int) -> bool:
    """The span after ``spans[k]`` is a job title right after a comma: "Sofia Lindqvist, Data
    Protection Officer", "Tea Marinović, voditeljica posade"."""
    if k + 1 >= len(spans) or spans[k + 1].entity_type != "JOB_TITLE":
        return False
    if re.fullmatch(r",[ \t]+", text[spans[k].end : spans[k + 1].start]) is None:
        return False
    # (not "Moda Emlak Danışmanlık, consultant Serkan Yıldız": the role is the next person's)
    return not (
        k + 2 < len(spans)
        and spans[k + 2].entity_type == "PERSON"
        and not text[spans[k + 1].end : spans[k + 2].start].strip()
    )


def _in_mailbox(words: list[str], mailboxes: list[str], first_alone: bool) -> bool:
    """The name's first and last words are the parts of an e-mail address's local part in the
    same document ("Tea Marinović" and tea.marinovic@...), or, with ``first_alone``, its first
    word is the whole local part ("Oyunchimeg Dashdorj" and oyunchimeg@...)."""
    given = [p for p in re.split(r"[\-\u2019']", _fold(words[0])) if p]
    last = _fold(words[-1])
    initials = "".join(p[0] for p in given)
    for box in mailboxes:
        parts = [p for p in re.split(r"[._\-+0-9]+", box) if p]
        if (
            len(last) >= 3
            and last in parts
            and (all(p in parts for p in given) or initials in parts or given[0][:1] in parts)
        ):
            return True  # "tea.marinovic", "per-anders.nutti", "jb.habimana", "g.fitzpatrick"
        if first_alone and len(given) == 1 and len(given[0]) >= 4 and parts == given:
            return True
    return False


# An initial and a surname ending an organisation span: "Tribunal Member J. Cairney",
# "Field - Tech R. Ellis" (a role before a person, read as one organisation).
_TRAILING_INITIAL_NAME = re.compile(
    r"(?<![\w.])(?:[A-Z]\.){1,2}[ \t][A-Z][^\W\d_]+(?:['\u2019\-][A-Z]?[^\W\d_]+)*\Z"
)
# Heads of organisations named after a person: "Veronica Clarke-Gittens Scholarship Fund".
_EPONYM_HEADS = frozenset(
    {"Scholarship", "Fund", "Foundation", "Bursary", "Award", "Prize", "Trust", "Lecture"}
)
_FAMILY_WORDS = frozenset({"family", "fam", "household", "siblings", "clan", "fam\u00edlia"})
_NAME_PART_RX = re.compile(r"[A-Z][^\W\d_]+(?:['\u2019\-][A-Z]?[^\W\d_]+)*")


def _surname_like(word: str, gaz: Gazetteer) -> bool:
    known = gaz.known_tokens
    return (
        bool(_NAME_PART_RX.fullmatch(word))
        and _title(word) not in HEAD_SET
        and word not in known
        and word not in _EPONYM_HEADS
        and not _common(word)
    )


def _person_run(text: str, s: Span, gaz: Gazetteer) -> tuple[int, int] | None:
    """Offsets of a person's name inside the organisation span ``s``, or None."""
    surface = text[s.start : s.end]
    m = _TRAILING_INITIAL_NAME.search(surface)  # not "S.Coop": a space after the initial
    if m and m.start() > 0:
        surname = surface[m.start() :].split(".")[-1].strip()
        if _surname_like(surname.split("-")[0], gaz):
            return s.start + m.start(), s.end
    words = [(w.start(), w.end(), w.group()) for w in re.finditer(r"\S+", surface)]
    if 2 <= len(words) <= 3 and words[-1][2].lower() in _FAMILY_WORDS:
        # a chat named after a family: "Okonkwo Family", "Bakare Fam", "Bautista siblings"
        names = words[:-1]
        if all(_surname_like(w, gaz) or w in gaz.surnames for _, _, w in names):
            return s.start + names[0][0], s.start + names[-1][1]
        return None
    given, known = gaz.given, gaz.known_tokens
    for k, (ws, _we, w) in enumerate(words):
        if w not in given or w in known or _common(w) or k + 1 >= len(words):
            continue
        end = k + 1
        while end < len(words) and end - k <= 2 and _surname_like(words[end][2], gaz):
            end += 1
        if end == k + 1:
            continue
        rest = [x[2] for x in words[end:]]
        if rest and k == 0 and all(_title(x) in _EPONYM_HEADS for x in rest):
            return s.start + ws, s.start + words[end - 1][1]
    return None


def persons_inside_organisations(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with a person's name inside an organisation span split out as a PERSON.

    A role read together with the person after it ("Tribunal Member J. Cairney", "Field - Tech
    R. Ellis"), a fund named after a person ("Veronica Clarke-Gittens Scholarship Fund") or a
    chat named after a family ("Okonkwo Family", "Bautista siblings") is one organisation span
    for the organisation shape and NER, and the person's name would stay a quasi-identifier.
    The name is one or two initials, a space and a surname that end the span; or, at the start
    of the span, a known given name (no common word, no place or organisation word) and one or
    two surname-shaped words before eponym heads only (Fund, Foundation, Scholarship...); or
    the surname-shaped words before a family word (Family, Fam, Household, Siblings). A given
    name and surname that end an organisation are not taken: "Hospital Fernando Fonseca" is a
    hospital. The name becomes a PERSON; the words before it stay an ORGANIZATION only when
    they end in an organisation head, the words after it only when they are eponym heads.

    Args:
        text: the document.
        spans: kept, non-overlapping spans sorted by start.

    Returns:
        The spans, sorted by start.
    """
    gaz = load_gazetteer(None)
    out: list[Span] = []
    changed = False
    for s in spans:
        run = _person_run(text, s, gaz) if s.entity_type == "ORGANIZATION" else None
        if run is None:
            out.append(s)
            continue
        changed = True
        ps, pe = run
        before = text[s.start : ps].rstrip(" \t-,:/")
        if before and _title(before.split()[-1]) in HEAD_SET:
            out.append(Span(s.start, s.start + len(before), "ORGANIZATION", s.score, s.source))
        out.append(Span(ps, pe, "PERSON", s.score, s.source))
        after = text[pe : s.end]
        if after.strip() and all(_title(w) in _EPONYM_HEADS for w in after.split()):
            lead = len(after) - len(after.lstrip())
            out.append(Span(pe + lead, s.end, "ORGANIZATION", s.score, s.source))
    return sorted(out, key=lambda x: x.start) if changed else spans


# A dose right after a span: "T. Aspirin 75 mg OD", "Cap. Omeprazole 20mg", "Inj. Insulin 10 IU"
DOSE_AFTER = re.compile(
    r"[ \t]+(?:[A-Z]{1,3}[ \t]+)?\d+(?:\.\d+)?[ \t]?(?:mg|mcg|\u00b5g|g|ml|mL|IU|units?)\b"
)

_UNIT_AFTER = re.compile(r"[ \t]?(?:mg|mcg|\u00b5g|g|ml|mL|IU|units?)\b")


def drugs_are_no_persons(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the PERSON and ORGANIZATION guesses that are a drug before its dose.

    Prescriptions written "T. Aspirin 75 mg" (T. for tablet) read as an initial and a surname;
    NER takes "T. Metoprolol XL 25" for an organisation. A PERSON or ORGANIZATION of at most
    four words followed by a dose in mg, mcg, g, ml or units is dropped.

    Args:
        text: the document.
        spans: kept, non-overlapping spans sorted by start.

    Returns:
        The spans without those.
    """

    def drug(s: Span) -> bool:
        words = text[s.start : s.end].split()
        if s.entity_type not in ("PERSON", "ORGANIZATION") or len(words) > 4:
            return False
        if words[-1].isdigit():  # "T. Metoprolol XL 25" before "mg"
            return bool(_UNIT_AFTER.match(text, s.end))
        return bool(DOSE_AFTER.match(text, s.end))

    out = [s for s in spans if not drug(s)]
    return out if len(out) != len(spans) else spans


# "and" between two names in the languages of the sets: "Vithushan Rajaratnam and Abinaya
# Selvarajah", "Romain Fournier et Jean-Daniel Aufdenblatten"
_AND_BETWEEN = re.compile(r"[ \t]+(?:and|et|und|y|e|en|i|og|och|&)[ \t]+\Z")
_AND_AFTER = re.compile(r"[ \t]+(?:and|et|und|y|e|en|i|og|och|&)[ \t]+")


def organisations_joined_to_persons(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with a NER organisation joined by "and" to a person's name retyped PERSON.

    spaCy's small model often reads the second of two names as an organisation. A NER
    ORGANIZATION of two or three name-shaped words is a PERSON when a PERSON span stands right
    before it, joined by "and" (or "et", "und", "y"...), or right after it; no word may be an
    organisation's head, a listed organisation's or place's word, or a common English word.
    """
    gaz = load_gazetteer(None)
    out = list(spans)
    changed = False
    for k, s in enumerate(out):
        if s.entity_type != "ORGANIZATION" or s.source != "spacy_ner":
            continue
        words = text[s.start : s.end].split()
        if not (
            2 <= len(words) <= 3
            and all(
                _NAME_WORD_RX.fullmatch(w) and w[0].isupper() and not w.isupper() for w in words
            )
            and not any(
                _title(w) in HEAD_SET
                or w in gaz.known_tokens
                # ("Jean-Daniel": its parts are given names, not a common word)
                or (_common(w) and not all(p in gaz.given for p in w.split("-")))
                for w in words
            )
        ):
            continue
        before = out[k - 1] if k > 0 else None
        after = out[k + 1] if k + 1 < len(out) else None
        joined = (
            before is not None
            and before.entity_type == "PERSON"
            and _AND_BETWEEN.search(text, before.end, s.start) is not None
            and s.start - before.end <= 6
        ) or (
            after is not None
            and after.entity_type == "PERSON"
            and (m := _AND_AFTER.match(text, s.end)) is not None
            and m.end() == after.start
        )
        if joined:
            out[k] = Span(s.start, s.end, "PERSON", s.score, s.source)
            changed = True
    return out if changed else spans
