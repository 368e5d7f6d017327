"""Religious and ethnic groups that the lists leave out, read from their slot.

Three places give a group away where the word alone does not:

* a field label: "Religion: Quaker", "Ethnicity: White British", "Race: Black" - the value
  after the label, to the end of the line, is a NATIONALITY (the guidelines' label for
  nationalities, religions and ethnic groups) when it is one to three capitalised words;
* a nationality after its cue in another language, in the lower case those languages write it
  in: "de nacionalidad española", "Nacionalidad: chilena", "cetățean român";
* a list of groups: "Muslim, Christian and Jewish neighbours" - "Christian" is also a given name
  and left out of the lists, so NER reads it as a person; next to another group, joined by a
  comma, "and", "or" or "&", or before a noun of groups ("Christian communities", "a Christian
  family"), a word of :data:`AMBIGUOUS_GROUPS` is a group too.

A NER or gazetteer PERSON guess on the word gives way; other tags are left alone.
"""

from __future__ import annotations

import re

from privtext.tagging.base import GUESS_SOURCES, Span, put_over_guess
from privtext.tagging.prescan import PatternGroup

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("groups")

SOURCE = "group_slot"
SCORE = 0.75
#: Group words that are also given names or surnames, so not in ``nationalities.txt``.
AMBIGUOUS_GROUPS = frozenset({"Christian", "Christians", "Gypsy", "Gypsies", "Traveller"})
_LABEL_RX = _PRESCAN.compile(
    r"(?im)(?:^|[ \t]{2,}|\t|[|\u00b7][ \t]*)[ \t]*(?:religion|faith|religious[ \t]+belief|"
    r"ethnicity|ethnic[ \t]+(?:group|origin)|race|denomination)[ \t]*"
    r"(?:\([^()\n]{0,40}\)[ \t]*)?:[ \t]*"
    r"(?P<value>[A-Z][\w'\u2019\-]*(?:[ \t][A-Z][\w'\u2019\-]*){0,2})"
    r"(?=[ \t]*(?:\r?\n|\Z|[,;(|\u00b7])|[ \t]{2,}|\t)"
)
# A nationality named by its cue in another language, written in lower case as those languages
# write it: "de nacionalidad española", "Nacionalidad: chilena", "cetățean român"
_NATIONALITY_CUE_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?:(?i:nacionalidad|nacionalidade|nationalité|nazionalità|nationaliteit|"
    r"staatsangehörigkeit|nationalität|obywatelstwo|uyruğu|uyruk)[ \t]*:?|"
    r"cetățean[ăa]?|cetăţean[ăa]?|"
    r"(?i:citoyen(?:ne)?|cittadin[ao]|ciudadan[oa]|cidadã|cidadão|obywatel(?:ka)?))"
    r"[ \t]+(?P<value>[^\W\d_][^\W\d_\-]{3,})(?![\w\-])"
)
# ... in scripts and languages that write the label first: "国籍：ベトナム", "quốc tịch: Việt
# Nam", "สัญชาติไทย", "гражданство: Россия"; and the adjective before "citizen" in Swedish and
# Danish: "iransk medborgare"
_SCRIPT_NATIONALITY_RX = _PRESCAN.compile(
    r"(?:\u56fd\u7c4d|\u570b\u7c4d|qu\u1ed1c[ \t]+t\u1ecbch|"
    r"\u0e2a\u0e31\u0e0d\u0e0a\u0e32\u0e15\u0e34|"
    r"(?i:\u0433\u0440\u0430\u0436\u0434\u0430\u043d\u0441\u0442\u0432\u043e|"
    r"\u0433\u0440\u043e\u043c\u0430\u0434\u044f\u043d\u0441\u0442\u0432\u043e|nationalitet))"
    r"(?:[ \t]+(?i:nationality|citizenship))?[ \t]*[:\uff1a]?[ \t]*"  # "国籍 Nationality: 日本"
    r"(?P<value>[\u0e01-\u0e4e]{2,12}"
    r"|[^\W\d_][^\W\d_\u0e00-\u0e7f]*(?:[ \t][A-Z\u0110][^\W\d_]*)?)"
    r"|(?<![\w\-])(?P<value2>[a-z\u00e5\u00e4\u00f6\u00e6\u00f8]{4,}sk[ae]?)[ \t]+"
    r"(?:medborgare|statsborger|statsborgare)(?![\w])"
)


def _romance_forms() -> list[str]:
    from importlib import resources

    raw = resources.files("privtext.data").joinpath("nationalities_romance.txt")
    words = {w.strip() for w in raw.read_text(encoding="utf-8").splitlines()}
    return sorted((w for w in words if w and not w.startswith("#")), key=lambda w: (-len(w), w))


_ROMANCE = "|".join(re.escape(w) for w in _romance_forms())
# ... in Spanish, Portuguese, French and Italian, after a copula or a plural noun for people:
# "Sou brasileira", "Ela é cabo-verdiana", "familias ecuatorianas"; and next to another
# nationality in a list: "ecuatorianas, rumanas y españolas"
_ROMANCE_CUE_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?:(?i:soy|eres|es|somos|son|era|sou|é|és|são|sono|sei|è|siamo|sont|suis|"
    r"est|était|estaba|d'origine|d\u2019origine|de[ \t]+origen|de[ \t]+origem|di[ \t]+origine|"
    r"naturalis\u00e9e?|naturalizad[oa]|naturalizzat[oa])|familias|famílias|familles|famiglie|ciudadanos|cidadãos|citoyens|"
    r"cittadini|vecinos|vecinas|vizinhos|voisins|trabajadores|trabalhadores|travailleurs|"
    r"lavoratori|personas|pessoas|personnes|persone|mujeres|hombres|mulheres|homens|femmes|"
    r"hommes|donne|uomini|niños|crianças|enfants|bambini)[ \t]+"
    r"(?P<value>" + _ROMANCE + r")(?![\w\-])"
)
_ROMANCE_LIST_RX = _PRESCAN.compile(
    r"(?:,[ \t]*|[ \t]+(?:y|e|et|ed|o|ou)[ \t]+)(?P<value>" + _ROMANCE + r")(?![\w\-])"
)
# Words one of which a text must hold for the label or cue patterns to be tried (speed only)
_LABEL_HINTS = ("religio", "faith", "ethnic", "race", "denomination")
_CUE_HINTS = (
    "nacional",
    "nationalit",
    "nazionalit",
    "staatsang",
    "obywatel",
    "uyru",
    "cet\u0103",
    "citoyen",
    "cittadin",
    "ciudadan",
    "cidad",
)
_JOIN_RX = re.compile(r"[ \t]*,[ \t]*|[ \t]+(?:and|or|&)[ \t]+")
# a noun that makes the word before it a group: "Christian communities", "a Christian family"
_GROUP_NOUN_AFTER = re.compile(
    r"[ \t]+(?:communit(?:y|ies)|famil(?:y|ies)|minorit(?:y|ies)|faith|church(?:es)?|"
    r"school(?:s)?|charit(?:y|ies)|group(?:s)?|population|leaders?|organi[sz]ations?|"
    r"households?|neighbou?rs|majority|background|values|festival|prayers?|worship|cemetery)"
    r"(?![\w\-])"
)
_WORD_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?P<w>" + "|".join(sorted(AMBIGUOUS_GROUPS)) + r")(?![\w\-])"
)
_FREE_TYPES = frozenset({"PERSON", "ORGANIZATION", "LOCATION"})
# Words after a nationality cue that are no nationality ("ciudadano de Chile", "nacionalidad
# doble")
_NOT_NATIONALITIES = frozenset(
    "de del da do della des the una uno un una doble dupla double desconocida desconocido "
    "unknown none".split()
)
_NOT_A_VALUE = frozenset({"None", "N/A", "Not", "Prefer", "Unknown", "No"})


def _place(out: list[Span], start: int, end: int) -> None:
    put_over_guess(out, start, end, "NATIONALITY", SCORE, SOURCE, _FREE_TYPES)


def groups_in_group_slots(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with groups after a religion or ethnicity label, and in lists of groups.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans, sorted by start and still non-overlapping.
    """
    out = list(spans)
    changed = False
    low = text.lower()
    labels = _LABEL_RX.finditer(text) if any(w in low for w in _LABEL_HINTS) else ()
    cues = _NATIONALITY_CUE_RX.finditer(text) if any(w in low for w in _CUE_HINTS) else ()
    for m in labels:
        if m.group("value").split()[0] in _NOT_A_VALUE:
            continue
        _place(out, m.start("value"), m.end("value"))
        changed = True
    for m in cues:
        value = m.group("value")
        if value.lower() in _NOT_NATIONALITIES:
            continue
        _place(out, m.start("value"), m.end("value"))
        changed = True
    for m in _ROMANCE_CUE_RX.finditer(text):
        vs, ve = m.span("value")
        # a NER guess over the cue and the value ("Sou brasileira") gives way to the value
        out = [
            s
            for s in out
            if not (
                s.source in GUESS_SOURCES
                and s.entity_type in _FREE_TYPES
                and m.start() <= s.start < vs
                and vs < s.end <= ve
            )
        ]
        _place(out, vs, ve)
        changed = True
    # a list grows rightwards from a nationality found: "ecuatorianas, rumanas y españolas"
    ends = {sp.end for sp in out if sp.entity_type == "NATIONALITY"}
    for m in _ROMANCE_LIST_RX.finditer(text) if ends else ():
        if m.start() in ends:
            _place(out, m.start("value"), m.end("value"))
            ends.add(m.end("value"))
            changed = True
    for m in _SCRIPT_NATIONALITY_RX.finditer(text):
        g = "value" if m.start("value") >= 0 else "value2"
        _place(out, m.start(g), m.end(g))
        changed = True
    for m in _WORD_RX.finditer(text):
        groups = [s for s in out if s.entity_type == "NATIONALITY"]
        joined = any(
            (0 < m.start() - g.end <= 6 and _JOIN_RX.fullmatch(text, g.end, m.start()))
            or (0 < g.start - m.end() <= 6 and _JOIN_RX.fullmatch(text, m.end(), g.start))
            for g in groups
        )
        if joined or _GROUP_NOUN_AFTER.match(text, m.end()):
            _place(out, m.start(), m.end())
            changed = True
    return sorted(out, key=lambda s: (s.start, s.end)) if changed else spans
