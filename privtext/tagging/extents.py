"""Person spans grow over the parts of a name that the recognizers leave out.

NER and the name gazetteer find the core of a name but often stop short of its edges:

* initials before a surname: "A. Nowicka", "E.J.M. van der Berg", "S Qureshi", and the Filipino
  and South Asian abbreviations "Ma. Cristina", "Md. Abul Kalam";
* a trailing initial: "Lily P.", "Priyanka R.";
* a given name in the same case right before a name in capitals or in lower case: "my niece
  CLAIRE [LOUISE OKONKWO]", "stacey [pearce]";
* the syllables of a Chinese given name after a surname that follows a title: "Mdm Lim [Ah
  Hoon]", "PC Wong [Siu Ming]"; a hyphenated surname in capitals ending a name in capitals
  on a party line: "MRS. FOLASHADE ABIKE [ADEYEMI-COKER] ........ CLAIMANT";
* Malay, Tamil and Arabic patronymic joiners with the father's name after them (in capitals
  too): "Nur Aisyah binte Rahman", "NUR ALIA BINTI MOHD FAUZI", "Rajendran s/o Muthusamy",
  "Arjun a/l Suppiah" (NER tends to tag the father's name apart, or as an organisation; the
  given name before a joiner joins too when only the father's name was found), and
  Irish and other surname particles ("Niamh [Ó Conghaile]", "van der Berg").

A name written again in Han characters or Hangul in brackets right after it ("CHEUNG Ka Wai
(張家偉)") becomes a PERSON span of its own.

A name only protects its person when all of it is masked, so each PERSON span is widened over
such parts when they touch it. Nothing else is touched; a span of another type that the widened
name now covers (the father's name as an ORGANIZATION) is dropped.
"""

from __future__ import annotations

import re

from privtext.tagging.base import Span
from privtext.tagging.prescan import PatternGroup

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("extents")

# Initials right before the name: "A. ", "E.J.M. ", "J.L. ", "S " (one capital and a space,
# not the words "A" and "I"), "Ma. ", "Md. ", "MD. ".
_LEAD = re.compile(
    r"(?<![\w.])(?:(?:[A-Z]\.[ \t]?){1,4}|[B-HJ-Z][ \t]"
    r"|(?:Ma|Md|Mohd|Muhd|MA|MD|MOHD|MUHD)\.[ \t]|(?:Mohd|Muhd|MOHD|MUHD)[ \t])$"
)
# One trailing initial: "Lily P." (not "P.S." or "P.O.", and not a sentence that goes on in lower
# case after a capital "A").
_TRAIL = re.compile(r"[ \t][A-Z]\.(?![A-Za-z])")
# Malay, Tamil and Arabic patronymic joiners: "binte", "s/o", "a/l"
_PATRONYMIC = (
    r"(?:s/o|d/o|a/l|a/p|S/O|D/O|A/L|A/P|bin|binti|binte|bte|bt\.?|ibn|ibni|BIN|BINTI|"
    r"BINTE|BTE|Bin|Binti)"
)
# A patronymic joiner and the father's name: "binte Rahman", "s/o Muthusamy", "a/l Suppiah".
_JOINER = re.compile(
    rf"[ \t]+{_PATRONYMIC}"
    r"[ \t]+((?:[A-Z][\w'\-]*)(?:[ \t]+[A-Z][\w'\-]*){0,2})"
    # surname particles with the surname after them: "van der Berg", "ní Bhriain", "ole Sankale"
    r"|(?:[ \t]+(?:van|von|der|den|de|del|della|di|da|dos|das|du|la|le|ter|ten|ní|nic|ole|mac"
    r"|ap|bint|Ní|Nic|Mhic|Uí|Ó|Ua|Van|Von|De|Da|Di|Del|Dos|Du|Le|La))+[ \t]+([A-Z][\w'\-]*)"
)

SOURCE = "name_extents"
_INITIAL_SURNAME_SCORE = 0.7
# Surname particles in lower case, for a name typed in lower case: "marianne de souza"
_LOWER_JOINER = re.compile(
    r"(?:[ \t]+(?:van|von|der|den|de|del|della|di|da|dos|das|du|la|le|ter|ten|mac|ap|bin|"
    r"binti|al|el))+[ \t]+([a-z][a-z'\-]{2,20})(?![\w@])"
)
_WORD_BEFORE = re.compile(r"(?<![\w\-'])([^\W\d_]{2,20})[ \t]\Z")
# A name in Han characters or Hangul in brackets after the romanised name: "CHEUNG Ka Wai
# (張家偉)", "Kim Min-jun (김민준)"
_NATIVE_SCRIPT_AFTER = re.compile(
    r"[ \t]*[(\uff08]([\u4e00-\u9fff\u3400-\u4dbf\uac00-\ud7a3]{2,4})[)\uff09]"
)
_NATIVE_SCRIPT = re.compile(r"[\u4e00-\u9fff\u3400-\u4dbf\uac00-\ud7a3]")
# A given name before a patronymic joiner that starts a kept name: "[Sharmila d/o ]Krishnan"
_JOINER_BEFORE = _PRESCAN.compile(
    r"(?<![\w\-'])([A-Z][\w'\-]+(?:[ \t][A-Z][\w'\-]+){0,2})[ \t]+"
    rf"{_PATRONYMIC}[ \t]+\Z"
)
# Chinese given-name syllables after a surname that follows a title: "Mdm Lim [Ah Hoon]",
# "PC Wong [Siu Ming]"
_TITLE_BEFORE = re.compile(r"(?:\b(?:Mr|Mrs|Ms|Mdm|Madam|Miss|Dr|PC|DC|Sgt|Insp)\.?)[ \t]\Z")
_SYLLABLES = re.compile(r"(?:[ \t][A-Z][a-z]{1,3}){1,2}(?![\w\-'])")
# One more word in capitals ending a name in capitals on a party line: "MRS. FOLASHADE ABIKE
# [ADEYEMI-COKER] ........ CLAIMANT"
_CAPS_WORD_AFTER = re.compile(
    r"[ \t]([A-Z][A-Z'\u2019]+(?:-[A-Z][A-Z'\u2019]+)+)(?=[ \t]*(?:\.{2,}|,|\(|\n|\Z))"
)


def _given(word: str) -> bool:
    """A known given name that is no word of its own ("CLAIRE", "stacey"; not "WILL")."""
    from privtext.tagging.recognizers.gazetteer import AMBIGUOUS_GIVEN, STOPWORDS, load_gazetteer

    title = word[:1].upper() + word[1:].lower()
    return (
        title in load_gazetteer(None).given
        and title not in AMBIGUOUS_GIVEN
        and title not in STOPWORDS
    )


def _syllables(words: str) -> bool:
    """Short capitalised words that are no frequent English word ("Ah" is 4.3, "Has" 6) and no
    known place or organisation."""
    from wordfreq import zipf_frequency

    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    known = load_gazetteer(None).known_tokens
    return all(zipf_frequency(w.lower(), "en") < 5.0 and w not in known for w in words.split())


def _occupied(spans: list[Span], start: int, end: int, skip: Span) -> list[Span]:
    return [s for s in spans if s is not skip and s.start < end and start < s.end]


# "Kumaresan a/l Rajendran", "Sharmila d/o Krishnan": only a person's name goes before these
_SLASH_JOINER_AFTER = re.compile(r"[ \t]+(?:s/o|d/o|a/l|a/p|S/O|D/O|A/L|A/P)[ \t]+[A-Z]")
_GUESSED = frozenset({"spacy_ner", "gazetteer", "organization_shape"})


def _guesses_before_slash_joiners(text: str, spans: list[Span]) -> list[Span]:
    """A guessed organisation or place right before "a/l", "s/o"... is a person's given name
    (NER reads "Kumaresan" as an organisation), and so is one right after the joiner."""
    if "/" not in text:
        return spans
    out = spans
    for k, s in enumerate(spans):
        if s.entity_type == "PERSON" or s.source not in _GUESSED:
            continue
        joined_after = _SLASH_JOINER_AFTER.match(text, s.end)
        joined_before = k > 0 and _SLASH_JOINER_AFTER.fullmatch(text, spans[k - 1].end, s.start + 1)
        if joined_after or (joined_before and spans[k - 1].entity_type == "PERSON"):
            if out is spans:
                out = list(spans)
            out[k] = Span(s.start, s.end, "PERSON", s.score, s.source)
    return out


def person_name_extents(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with every PERSON span widened over the initials and joiners around it.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans, sorted by start and still non-overlapping.
    """
    spans = _guesses_before_slash_joiners(text, spans)
    if not any(s.entity_type == "PERSON" for s in spans):
        return spans
    out = list(spans)
    dropped: set[int] = set()
    for k, s in enumerate(out):
        if s.entity_type != "PERSON" or k in dropped:
            continue
        start, end = s.start, s.end
        lead = _LEAD.search(text, max(0, start - 12), start)
        if lead:
            held = _occupied(out, lead.start(), start, s)
            if all(o.source == "spacy_ner" and o.start >= lead.start() for o in held):
                # "MD. TANVIR HASAN CHOWDHURY": NER's place guess on "MD." gives way
                start = lead.start()
                dropped.update(j for j, o in enumerate(out) if any(o is h for h in held))
        surface = text[s.start : s.end]
        before = _JOINER_BEFORE.search(text, max(0, start - 60), start)
        if before and not _occupied(out, before.start(1), start, s):
            start = before.start(1)
        for _ in range(2):
            # a given name in the same case right before: "CLAIRE [LOUISE OKONKWO]", "stacey
            # [pearce]" (NER and the consistency step often start a name one word late)
            word = _WORD_BEFORE.search(text, max(0, start - 24), start)
            if word is None or _occupied(out, word.start(1), start, s):
                break
            w = word.group(1)
            same_case = (surface.isupper() and w.isupper()) or (surface.islower() and w.islower())
            if not same_case or not _given(w):
                break
            start = word.start(1)
        if surface.isupper() and len(surface.split()) >= 2:
            caps = _CAPS_WORD_AFTER.match(text, end)
            if caps and not _occupied(out, end, caps.end(), s):
                end = caps.end()
        elif " " not in surface and _TITLE_BEFORE.search(text, max(0, start - 8), start):
            syl = _SYLLABLES.match(text, end)
            if syl and not _occupied(out, end, syl.end(), s) and _syllables(syl.group()):
                end = syl.end()
        joiner = _JOINER.match(text, end)
        if joiner is None and text[s.start : s.end].islower():
            low = _LOWER_JOINER.match(text, end)
            if low:
                inside = [
                    j for j, o in enumerate(out) if j != k and o.start < low.end() and end < o.end
                ]
                if all(
                    out[j].entity_type == "PERSON" and out[j].start >= low.start(1) for j in inside
                ):
                    end = max([low.end()] + [out[j].end for j in inside])
                    dropped.update(inside)
        if joiner:
            inside = [
                j for j, o in enumerate(out) if j != k and o.start < joiner.end() and end < o.end
            ]
            # only spans within the father's name give way (a NER guess on "Rahman")
            name_start = joiner.start(1) if joiner.group(1) else joiner.start(2)
            if all(out[j].start >= name_start and out[j].end <= joiner.end() for j in inside):
                end = joiner.end()
                dropped.update(inside)
        else:
            trail = _TRAIL.match(text, end)
            if trail and not _occupied(out, end, trail.end(), s):
                end = trail.end()
        if (start, end) != (s.start, s.end):
            score = s.score
            if lead and start == lead.start() and score < _INITIAL_SURNAME_SCORE:
                # "M Okeke": an initial makes a lone known surname a name
                score = _INITIAL_SURNAME_SCORE
            out[k] = Span(start, end, "PERSON", score, s.source)
    kept = [s for k, s in enumerate(out) if k not in dropped]
    native = []
    for s in kept:
        if s.entity_type == "PERSON" and _NATIVE_SCRIPT.search(text, s.start, s.end) is None:
            # (after a name in Latin letters; after "김정호", "(아들)" is a kinship, "son")
            m = _NATIVE_SCRIPT_AFTER.match(text, s.end)
            if m and not _occupied(kept, m.start(1), m.end(1), s):
                native.append(Span(m.start(1), m.end(1), "PERSON", s.score, SOURCE))
    return sorted(kept + native, key=lambda s: s.start) if native else kept
