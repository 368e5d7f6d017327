"""Place names that are also words or names, read as places where the sentence says so.

The place lists leave out names that would tag ordinary text: common words ("Bath", "Reading"),
given names and surnames ("Victoria", "Kent", "Murcia"), and names made of common words
("Milton Keynes", "Fort Worth"). Those are in ``privtext/data/ambiguous_places.txt`` and are
tagged LOCATION only in a place's slot:

* after a place preposition: "in Murcia", "to Kent", "from Bath" ("in", "near", "outside",
  "around", "across", "from", "to", "via", "into", "towards", "moved to"); a name that is also
  a given name needs one of the first five or "moved to" ("a letter from Victoria" is a
  person, "I moved to Beverley" a place);
* after a place, an address or an organisation and a comma: "Brighton, Victoria", "Westcroft
  Autos, Milton Keynes", "STEEPLE CHURCH, DUNDEE"; after a place and "and" or "or": "in
  Bristol and Bath".

The name must end there: a capitalised word or "'s" after it makes it part of something else
("in Victoria Park", "Victoria's"). Words in capitals are looked up in title case ("IN GALWAY").

A place and its state, province or country code are places: "Sherbrooke, QC", "Hamilton,
NZ" (the name a listed or ambiguous place, or already tagged as one).

A name followed by an area word is a place too: "Oyo State", "Travis County", "Sylhet
Division", "MYSURU DISTRICT", "the Lviv region" (the name not a common word).

A NER or gazetteer PERSON guess on exactly that name gives way; other tags are left alone.
Listed places take the same slots, in any case: "to Johor Bahru" over NER's "Bahru", "in
Chişinău" (looked up without its accents, as the town list writes it: "Chisinau"), "IN GALWAY"
(NER misses most places written in capitals).

At a journey's end ("a boat to Lampedusa", "relocate to Santos", "flew to ..."), a PERSON guess
on the name is a place even when the name is not listed; an untagged word there is left alone.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from importlib import resources

from privtext.tagging.base import GUESS_SOURCES, Span, put_over_guess
from privtext.tagging.prescan import PatternGroup
from privtext.tagging.recognizers.gazetteer import load_gazetteer, place_score

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("place_slots")

SOURCE = "place_slot"
SCORE = 0.7
_NAME_CUES = frozenset(
    {"in", "near", "outside", "around", "across", "moved to", "moving to", "relocated to",
     "relocating to"}
)  # fmt: skip
_CUE_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?P<cue>(?i:moved[ \t]+to|moving[ \t]+to|relocated[ \t]+to|relocating[ \t]+to|"
    r"in|near|outside|around|across|from|to|via|into|towards|at))[ \t]+"
    r"(?P<name>[A-Z][\w'\u2019\-]*(?:[ \t]+[A-Z][\w'\u2019\-]*){0,3})"
)
_AFTER_COMMA_RX = re.compile(
    r",[ \t]*(?P<name>[A-Z][\w'\u2019\-]*(?:[ \t]+[A-Z][\w'\u2019\-]*){0,3})"
)
_AND_RX = re.compile(
    r"[ \t]+(?:and|or|&)[ \t]+(?P<name>[A-Z][\w'\u2019\-]*(?:[ \t]+[A-Z][\w'\u2019\-]*){0,3})"
)
_CHAIN_TYPES = frozenset({"LOCATION", "STREET_ADDRESS", "ORGANIZATION"})
_AREA_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?P<name>[A-Z][\w'\u2019\-]*(?:[ \t]+[A-Z][\w'\u2019\-]*){0,2})[ \t]+"
    r"(?P<area>(?:State|Province|County|Region|District|Division|Governorate|Prefecture|Oblast|"
    r"Upazila|Taluk|Taluka|Tehsil|Municipality|Parish|Emirate)|"
    r"(?:STATE|PROVINCE|COUNTY|REGION|DISTRICT|DIVISION|TALUK|TEHSIL|UPAZILA)|"
    r"(?:region|province|district|oblast|governorate|prefecture))(?![\w\-])"
)
# Words after an area word that make the whole an organisation ("Oyo State Government").
_ORG_AFTER_AREA_RX = re.compile(
    r"[ \t]+(?:Council|Government|Court|Police|Hospital|University|College|School|Board|"
    r"Office|Department|Assembly|Commission|Authority|Library|Sheriff|Health|Fire|Line|"
    r"Championship|League|FC|Cricket)(?![\w])"
)
# A place and its state, province or country code: "Sherbrooke, QC", "Hamilton, NZ"
_CODES = (
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ "
    "NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC "
    "AB BC MB NB NL NS NT NU ON PE QC SK YT NSW VIC QLD TAS ACT NZ UK USA UAE"
).split()
_PLACE_CODE_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?P<name>[A-Z][\w'\u2019\-]*(?:[ \t]+[A-Z][\w'\u2019\-]*){0,2}),[ \t]*"
    r"(?P<code>" + "|".join(_CODES) + r")(?![\w\-]|\.[A-Za-z])"
)
_OVER_TYPES = frozenset({"PERSON", "ORGANIZATION"})
# A journey's end: "a boat to Lampedusa", "relocate to Santos", "flew to Entebbe". The name
# there is a place even when it is not listed, so a PERSON guess on it gives way ("moved to
# Olivia's list" ends in "'s"; "transferred to" and "went to" often lead to persons).
_JOURNEY_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?i:relocat(?:e|es|ed|ing)|mov(?:e|es|ed|ing)|travel(?:s|led|ed|ling|ing)?|flew|"
    r"fl(?:y|ies|ying)|flights?|boat|ferry|train|bus|coach|drove|driv(?:e|es|ing|en)|deported|"
    r"emigrat(?:e|es|ed|ing)|trip|journey|sail(?:s|ed|ing)?|head(?:ed|ing)|sent[ \t]+back)"
    r"[ \t]+to[ \t]+(?P<name>[A-Z][\w'\u2019\-]*(?:[ \t]+[A-Z][\w'\u2019\-]*){0,2})"
)
# A place by what is said of it: "two shots near Dida Harea", "outside Moana Pool", "fly to
# Gimhae", "a flight to Menorca". The name there is a place even when it is not listed: an
# untagged name is tagged, and a PERSON guess gives way unless the name starts with a known given
# name ("sat near Sarah").
_NEAR_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?:near|outside|nearby|outskirts[ \t]+of|(?:fly|flew|flying|flights?|"
    r"travell?ed|drove|sailed)[ \t]+to)[ \t]+"
    r"(?P<name>[A-Z][a-z][\w'\u2019\-]*(?:[ \t]+[A-Z][a-z][\w'\u2019\-]*){0,2})"
)
_NOT_PLACE_NAMES = frozenset(
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday Mon Tue Tues Wed Thu Thur Thurs "
    "Fri Sat Sun January February March April May June July August September October November "
    "December Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Christmas Easter The This That "
    "Our Your My His Her Their Its Room Gate Door Platform Block Flat Unit".split()
)
# A road by its number after "the", where the sentence goes on as a road's does: "on the A9
# south of Daviot", "the M2 at Sandyknowes", "along the A350 near Heytesbury" ("the A1 form",
# "the M365 account" are left alone)
_ROAD_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?:the|THE)[ \t]+(?P<name>[AMBN][0-9]{1,4}(?:\(M\))?)"
    r"(?=[ \t]*(?:[.,;)\n]|\Z)|[ \t]+(?:near|at|between|south|north|east|west|[a-z]+bound|"
    r"junction|towards|from|to|in|on|and|through|past|outside|around|via|motorway|road|"
    r"carriageway|slip|dual)(?![\w\-]))"
)
# An airport or airstrip: "Split Airport", "Jomo Kenyatta International Airport", "Mara Serena
# airstrip" (not "Dublin Airport Authority", whose name goes on)
_AIRPORT_RX = re.compile(
    r"(?<![\w\-])(?P<name>[A-Z][\w'\u2019\-]*(?:[ \t]+[A-Z][\w'\u2019\-]*){0,3}[ \t]+"
    r"(?:International[ \t]+)?(?:Airport|Airfield|Aerodrome|Airstrip|airstrip))(?![\w\-])"
)
_NOT_AIRPORT_NAME = frozenset(
    "At The To From In Into Via And Or My Our Your Their His Her Flight Flights Arrive Arrival "
    "Departure Depart Pick-up Pickup Return Taxi Transfer AT THE TO FROM".split()
)
_AIRPORT_OVER = frozenset({"PERSON", "ORGANIZATION", "LOCATION"})
# An Irish county: "Co. Kerry", "County Clare" (Kerry and Clare alone are names too)
_IRISH_COUNTIES = (
    "Antrim Armagh Carlow Cavan Clare Cork Derry Donegal Down Dublin Fermanagh Galway Kerry "
    "Kildare Kilkenny Laois Leitrim Limerick Longford Louth Mayo Meath Monaghan Offaly "
    "Roscommon Sligo Tipperary Tyrone Waterford Westmeath Wexford Wicklow"
).split()
_COUNTY_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?:Co\.|County|CO\.|COUNTY)[ \t]+(?:"
    + "|".join(_IRISH_COUNTIES)
    + "|"
    + "|".join(c.upper() for c in _IRISH_COUNTIES)
    + r")(?![\w\-])"
)
# A guess joining a place and its county: "Castlegregory, Co. Kerry" (NER's organisation)
_PLACE_COMMA_COUNTY = re.compile(
    r"(?P<place>[A-Z][\w'\u2019\-]*(?:[ \t][A-Z][\w'\u2019\-]*)?),[ \t]*\Z"
)


@lru_cache(maxsize=1)
def _ambiguous() -> frozenset[str]:
    data = resources.files("privtext").joinpath("data", "ambiguous_places.txt").read_text("utf-8")
    return frozenset(
        " ".join(line.split())
        for line in data.splitlines()
        if line.strip() and not line.startswith("#")
    )


def known_place(name: str) -> bool:
    """A place of the gazetteer's lists (countries, cities, towns, regions)."""
    return place_score(name) is not None


def _tagged_place(spans: list[Span], start: int) -> bool:
    return any(s.start == start and s.entity_type == "LOCATION" for s in spans)


def _fold(name: str) -> str:
    """``name`` without its accents: "Chişinău" -> "Chisinau" (the town list is partly ASCII)."""
    folded = unicodedata.normalize("NFKD", name)
    return "".join(c for c in folded if not unicodedata.combining(c))


def _match(run: str, caps: bool) -> str | None:
    """The longest leading words of ``run`` that are an ambiguous place or a listed one (its
    accents dropped if need be: "Chişinău")."""
    words = run.split()
    for n in range(len(words), 0, -1):
        cand = " ".join(words[:n])
        key = cand.title() if caps else cand
        if key in _ambiguous() or known_place(key) or known_place(_fold(key)):
            return cand
    return None


def _common(word: str) -> bool:
    from wordfreq import zipf_frequency

    return zipf_frequency(word.lower(), "en") >= 4.0


def _name_ends(text: str, end: int) -> bool:
    nxt = text[end : end + 3]
    return not (
        nxt[:2] in ("'s", "\u2019s")
        or re.match(r"[ \t]+[A-Z][a-z]", text[end : end + 3]) is not None
    )


# A preposition of place in French, German, Spanish, Portuguese, Italian, Dutch, the Scandinavian
# languages, Polish, Greek, Russian and Bulgarian, before a country named in that language
_FOREIGN_PLACE_CUE = re.compile(
    r"(?<![\w\-])(?P<before>\w+[ \t]+)?"
    r"(?P<prep>(?i:en|au|aux|vers|in|im|nach|aus|von|em|no|na|do|da|"
    r"nel|nella|dal|dalla|naar|uit|i|till|fr\u00e5n|fra|til|w|we|z|ze|do|\u03c3\u03c4\u03b7\u03bd|"
    r"\u03c3\u03c4\u03bf|\u03b1\u03c0\u03cc|\u0432|\u0432\u043e|\u0438\u0437|\u043e\u0442|"
    r"\u0437\u0430|\u0434\u043e|de|desde|hacia|para))[ \t]+"
    r"(?:(?i:o|a|la|le|el|il|lo)[ \t]+)?"  # "para o Brasil"
    r"(?P<name>[^\W\d_][\w\-]*"
    r"(?:[ \t][A-Z\u00c0-\u00de][\w\-]*)?)"
)
# ... or after a place, in brackets or after a comma: "Canoas (Brésil)", "Konya, Turkije."
_FOREIGN_PLACE_AFTER = re.compile(
    r"(?<=[^\W\d_])(?:[ \t]\(|,[ \t])(?P<name>[A-Z\u00c0-\u00de][\w\-]*"
    r"(?:[ \t][A-Z\u00c0-\u00de][\w\-]*)?)(?=\)|[.;,]|[ \t]*$)",
    re.MULTILINE,
)
# the prepositions after which a capitalised word before makes a name ("Banco do Brasil")
_NAME_PREPOSITIONS = frozenset({"do", "da", "de", "del", "di", "du", "des", "dos", "das", "von"})


@lru_cache(maxsize=1)
def _foreign_countries() -> frozenset[str]:
    text = resources.files("privtext.data").joinpath("countries_other_languages.txt")
    names = {ln.strip() for ln in text.read_text(encoding="utf-8").splitlines()}
    return frozenset(n for n in names if n and not n.startswith("#"))


@lru_cache(maxsize=1)
def _polish_forms() -> tuple[str, ...]:
    text = resources.files("privtext.data").joinpath("places_pl_inflected.txt")
    names = {ln.strip() for ln in text.read_text(encoding="utf-8").splitlines()}
    return tuple(sorted((n for n in names if n and not n.startswith("#")),
                        key=lambda n: (-len(n), n)))  # fmt: skip


# A place in a Polish case form after a Polish preposition: "w Krakowie", "do Holandii", "z
# Lublina", "na Węgrzech" (the name must end there: "w Krakowie Podgórzu" is left)
_POLISH_PLACE_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?i:w|we|do|z|ze|od|spod|pod|ko\u0142o|przy|na|obok|niedaleko|blisko)[ \t]+"
    r"(?P<name>" + "|".join(re.escape(n) for n in _polish_forms()) + r")(?![\w\-])"
    r"(?![ \t]+[A-Z\u0104\u0106\u0118\u0141\u0143\u00d3\u015a\u0179\u017b])"
)


def polish_places(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with places in a Polish case form after a preposition tagged LOCATION
    (``privtext/data/places_pl_inflected.txt``; a guess of NER on the name gives way)."""
    out = list(spans)
    changed = False
    for m in _POLISH_PLACE_RX.finditer(text):
        put_over_guess(out, m.start("name"), m.end("name"), "LOCATION", SCORE, SOURCE,
                       _OVER_TYPES)  # fmt: skip
        changed = True
    return sorted(out, key=lambda s: (s.start, s.end)) if changed else spans


# the first words of those names, to skip texts without one at once: one pass over the text's
# words and a set lookup (a regex alternation of 1,100 names costs far more)
_WORD_RX = re.compile(r"[^\W\d_][\w\-]*")


@lru_cache(maxsize=1)
def _foreign_first_words() -> frozenset[str]:
    return frozenset(n.split()[0] for n in _foreign_countries())


def _has_foreign_country(text: str) -> bool:
    return not _foreign_first_words().isdisjoint(_WORD_RX.findall(text))


# A letter's dateline: the place, a comma, then the date, alone on its line ("Warszawa, 27
# lutego 2025 r.", "Nürnberg, den 11. März 2025", "Lyon, le 3 mars 2025", "Madrid, 14 de
# marzo de 2025", "Leeds, 12 March 2025")
_UPPER = "A-Z\u00c0-\u00de\u0110\u0386-\u038f\u0391-\u03a9\u0400-\u042f"
_LOWER = "a-z\u00df-\u024f\u1ea0-\u1ef9\u03ac-\u03ce\u0430-\u045f"
_DATELINE_RX = _PRESCAN.compile(
    # (in Greek and Cyrillic too, after the Russian "г.", with the Dutch "'s-": "Αθήνα, 12
    # Μαρτίου 2025", "г. Астрахань, 14 января 2025 года", "'s-Hertogenbosch, 11 februari
    # 2025", "Hà Nội, ngày 21 tháng 2 năm 2025")
    rf"(?m)(?:^|\u00b7)[ \t]*(?:г\.[ \t]*)?(?P<place>(?:'s-)?[{_UPPER}][{_LOWER}]+"
    rf"(?:[ \-][{_UPPER}][{_LOWER}]+){{0,2}}),[ \t]+"
    r"(?:(?i:den|le|el|il|am|a|dnia|dia|d\.|ngày)[ \t]+)?"
    r"(?P<date>[0-9]{1,2}\.?[ \t]+(?:de[ \t]+)?[^\W\d_]{3,12}\.?(?:[ \t]+de)?[ \t]+[0-9]{4}"
    r"|[0-9]{1,2}[./][0-9]{1,2}[./][0-9]{2,4}"
    r"|[^\W\d_]{3,9}\.?[ \t]+[0-9]{1,2},?[ \t]+[0-9]{4}"
    r"|[0-9]{1,2}[ \t]+th\u00e1ng[ \t]+[0-9]{1,2}[ \t]+n\u0103m[ \t]+[0-9]{4})"
    r"(?:[ \t]*r\.|[ \t]*г\.|[ \t]*р\.|[ \t]+года)?[ \t]*$"
)


def dateline_places(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with the place of a letter's dateline tagged LOCATION (a NER guess gives way).

    The line holds only the place, a comma and a date that the tagger found; a known given
    name there is a person's line ("Maria, 12 March 2025"), not a place.
    """
    given = load_gazetteer(None).given
    out = list(spans)
    changed = False
    for m in _DATELINE_RX.finditer(text):
        ds, de = m.span("date")
        if not any(sp.entity_type in ("DATE", "DATE_OF_BIRTH") and sp.start <= ds < sp.end
                   for sp in spans):  # fmt: skip
            continue
        place = m.group("place")
        if place.split()[0] in given:
            continue
        put_over_guess(out, m.start("place"), m.end("place"), "LOCATION", SCORE, SOURCE,
                       _OVER_TYPES)  # fmt: skip
        changed = True
    return sorted(out, key=lambda s: (s.start, s.end)) if changed else spans


def countries_in_other_languages(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with countries named in other languages after a preposition tagged LOCATION.

    "payé en Italie", "aus Italien", "no Brasil", "i Sverige", and after a place in brackets or
    after a comma ("Canoas (Brésil)", "Konya, Turkije"): the names are listed in
    ``privtext/data/countries_other_languages.txt``. A capitalised word before "do", "de" ...
    makes it part of a name ("Banco do Brasil"); a guess of NER on the name gives way.
    """
    cued = _has_foreign_country(text)
    if not cued and text.count("|") < 6:
        return spans
    names = _foreign_countries()
    out = list(spans)
    changed = False
    found = (
        list(_FOREIGN_PLACE_CUE.finditer(text)) + list(_FOREIGN_PLACE_AFTER.finditer(text))
        if cued
        else []
    )
    for m in found:
        name = m.group("name")
        if name not in names:
            name = name.split(" ", 1)[0]
            if name not in names:
                continue
        before = m.group("before") if m.re is _FOREIGN_PLACE_CUE else None
        if (
            before is not None
            and before[:1].isupper()
            and before[:1].isalpha()
            and m.group("prep").lower() in _NAME_PREPOSITIONS
        ):
            continue  # "Banco do Brasil" (but "Kundinnen in Deutschland": German nouns)
        start = m.start("name")
        end = start + len(name)
        if not _name_ends(text, end):
            continue
        put_over_guess(out, start, end, "LOCATION", SCORE, SOURCE, _OVER_TYPES)
        changed = True
    if text.count("|") >= 6:
        from privtext.tagging.columns import bar_cells  # (imports this module)

        # a table's cell that is the country alone: "| GIAPPONE | Passaporto |"
        pos = 0
        for line in text.split("\n"):
            if line.count("|") >= 3:
                for a, b in bar_cells(pos, line):
                    cell = text[a:b]
                    if (cell.title() if cell.isupper() else cell) in names:
                        put_over_guess(out, a, b, "LOCATION", SCORE, SOURCE, _OVER_TYPES)
                        changed = True
            pos += len(line) + 1
    return sorted(out, key=lambda s: (s.start, s.end)) if changed else spans


def places_in_place_slots(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with the ambiguous place names in a place's slot tagged LOCATION.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans, sorted by start and still non-overlapping.
    """
    found: list[tuple[int, int]] = []
    gaz = load_gazetteer(None)
    for m in _CUE_RX.finditer(text):
        run = m.group("name")
        caps = run.isupper()
        if caps and not m.group("cue").isupper():
            continue  # capitals after a lower-case cue: an acronym or shouting, not a form
        name = _match(run, caps)
        if name is None:
            continue
        cue = " ".join(m.group("cue").lower().split())
        if cue == "at" and not (caps and m.group("cue").isupper()):
            continue  # "HELD AT JOHANNESBURG"; "at" before a name in lower case is a firm's
        if cue not in _NAME_CUES and name.split()[0].title() in gaz.given:
            continue
        found.append((m.start("name"), m.start("name") + len(name)))
    for s in spans:
        if s.entity_type not in _CHAIN_TYPES:
            continue
        after = _AFTER_COMMA_RX.match(text, s.end)
        if after is None and s.entity_type == "LOCATION":
            after = _AND_RX.match(text, s.end)  # "in Bristol and Bath"
        if after is None:
            continue
        run = after.group("name")
        name = _match(run, run.isupper())
        if name is not None:
            found.append((after.start("name"), after.start("name") + len(name)))
    for m in _PLACE_CODE_RX.finditer(text):
        name = m.group("name")
        if name in _ambiguous() or known_place(name) or _tagged_place(spans, m.start("name")):
            found.append((m.start("name"), m.end("name")))
            found.append((m.start("code"), m.end("code")))
    for m in _AREA_RX.finditer(text):
        words = m.group("name").split()
        if _ORG_AFTER_AREA_RX.match(text, m.end()):
            continue
        if any(
            _common(w)
            and not known_place(w.title())
            and w.title() not in gaz.given
            and w.title() not in gaz.surnames
            for w in words
        ):
            continue  # "the Welfare State"; but "Travis County" (a name) is a county
        found.append((m.start("name"), m.end()))
    for m in _ROAD_RX.finditer(text):
        found.append(m.span("name"))
    out = list(spans)
    for m in _JOURNEY_RX.finditer(text) if " to " in text else ():
        start, end = m.span("name")
        inside = [k for k, g in enumerate(out) if g.start < end and start < g.end]
        if (
            len(inside) != 1
            or not _name_ends(text, end)
            or text[end - 2 : end] in ("'s", "\u2019s")
        ):
            continue  # nothing tagged there: left alone ("move to Universal Credit")
        g = out[inside[0]]
        if g.entity_type == "PERSON" and g.source in GUESS_SOURCES and start <= g.start:
            out[inside[0]] = Span(start, max(end, g.end), "LOCATION", SCORE, SOURCE)
    for m in _NEAR_RX.finditer(text):
        start, end = m.span("name")
        words = m.group("name").split()
        if (
            words[0] in _NOT_PLACE_NAMES
            or not _name_ends(text, end)
            or text[end - 2 : end] in ("'s", "\u2019s")
        ):
            continue  # "moved to Thursday", "outside Olivia's house"
        inside = [k for k, g in enumerate(out) if g.start < end and start < g.end]
        if not inside:
            out.append(Span(start, end, "LOCATION", SCORE, SOURCE))
            continue
        g = out[inside[0]]
        if (
            len(inside) == 1
            and g.entity_type == "PERSON"
            and g.source in GUESS_SOURCES
            and start <= g.start
            and g.end <= end
            and words[0] not in gaz.given
        ):
            out[inside[0]] = Span(start, end, "LOCATION", SCORE, SOURCE)
    airports = (
        _AIRPORT_RX.finditer(text)
        if "irport" in text or "irstrip" in text or "irfield" in text or "erodrome" in text
        else ()
    )
    for m in airports:
        start, end = m.span("name")
        first = text[start:end].split()[0]
        if first in _NOT_AIRPORT_NAME:
            start += len(first)
            while text[start] in " \t":
                start += 1
        if not _name_ends(text, end) or not text[start : start + 1].isupper():
            continue
        inside = [k for k, g in enumerate(out) if g.start < end and start < g.end]
        if all(
            out[k].start >= start and out[k].end <= end
            and out[k].source in GUESS_SOURCES and out[k].entity_type in _AIRPORT_OVER
            for k in inside
        ):  # fmt: skip
            out = [g for k, g in enumerate(out) if k not in inside]
            out.append(Span(start, end, "LOCATION", SCORE, SOURCE))
    for m in _COUNTY_RX.finditer(text):
        for k, g in enumerate(out):
            if g.start < m.start() and g.end == m.end() and g.source in GUESS_SOURCES:
                place = _PLACE_COMMA_COUNTY.fullmatch(text, g.start, m.start())
                if place is not None:
                    out[k] = Span(g.start, place.end("place"), "LOCATION", SCORE, SOURCE)
                    out.append(Span(m.start(), m.end(), "LOCATION", SCORE, SOURCE))
                break
        else:
            found.append((m.start(), m.end()))
    if not found:
        return sorted(out, key=lambda s: (s.start, s.end)) if out != spans else spans
    for start, end in sorted(set(found)):
        if not _name_ends(text, end):
            continue
        put_over_guess(out, start, end, "LOCATION", SCORE, SOURCE, _OVER_TYPES)
    return sorted(out, key=lambda s: (s.start, s.end))


# A place after a field label for a birthplace or a home town, in the languages of the forms
# ("Place of birth: Shashemene", "Geboorteplaats: Hawassa", "Lugar de nacimiento | Talca",
# "Место рождения: Вязьма", "出生地：芦屋市", "Tempat lahir: Ambon, 12-03-1980"): a value of
# one to three words (any script) that ends the field. A value with a digit is an address,
# left to the address rules.
_PLACE_FIELD_LABELS = (
    r"place[ \t]+of[ \t]+(?:birth|residence|origin)|birth[ \t]?place|(?:town|city|country|"
    r"village)[ \t]+of[ \t]+(?:birth|residence|origin)|home[ \t]?town|"
    r"geburtsort|geburtsland|wohnort|heimatort|geboorteplaats|geboorteland|woonplaats|"
    # a driving-test centre is named after its town ("Test centre: Leeds (Harehills)")
    r"(?:driving[ \t]+)?test[ \t]+cent(?:re|er)|ionad[ \t]+t\u00e1st\u00e1la|"
    r"lieu[ \t]+de[ \t]+(?:naissance|r\u00e9sidence)|ville[ \t]+de[ \t]+naissance|"
    r"pays[ \t]+de[ \t]+naissance|luogo[ \t]+di[ \t]+(?:nascita|residenza)|"
    r"comune[ \t]+di[ \t]+(?:nascita|residenza)|lugar[ \t]+de[ \t]+(?:nacimiento|residencia)|"
    r"pa\u00eds[ \t]+de[ \t]+nacimiento|local[ \t]+de[ \t]+nascimento|naturalidade|"
    r"miejsce[ \t]+(?:urodzenia|zamieszkania)|m\u00edsto[ \t]+narozen\u00ed|"
    r"sz\u00fclet\u00e9si[ \t]+hely|lak\u00f3hely|locul[ \t]+na\u0219terii|"
    r"locul[ \t]+na\u015fterii|f\u00f6delseort|f\u00f6delseplats|f\u00f8dested|f\u00f8deby|"
    r"syntym\u00e4paikka|kotipaikka|do\u011fum[ \t]+yeri|"
    r"\u043c\u0435\u0441\u0442\u043e[ \t]+\u0440\u043e\u0436\u0434\u0435\u043d\u0438\u044f|"
    r"\u043c\u0456\u0441\u0446\u0435[ \t]+\u043d\u0430\u0440\u043e\u0434\u0436\u0435\u043d\u043d"
    r"\u044f|\u03c4\u03cc\u03c0\u03bf\u03c2[ \t]+\u03b3\u03ad\u03bd\u03bd\u03b7\u03c3\u03b7\u03c2|"
    r"n\u01a1i[ \t]+sinh|qu\u00ea[ \t]+qu\u00e1n|tempat(?:[ \t]*/[ \t]*tgl\.?)?[ \t]+lahir|"
    r"lugar[ \t]+ng[ \t]+kapanganakan|man[ \t]+geni|\u00e1it[ \t]+bhreithe|"
    r"\u51fa\u751f\u5730(?:\u9ede|\u70b9)?|\u7c4d\u8cab|\u7c4d\u8d2f|\u672c\u7c4d|"
    r"\ucd9c\uc0dd\uc9c0|\ubcf8\uc801|"
    r"\u0645\u0643\u0627\u0646[ \t]+(?:\u0627\u0644\u0648\u0644\u0627\u062f\u0629|"
    r"\u0627\u0644\u0645\u064a\u0644\u0627\u062f)|\u0645\u062d\u0644[ \t]+\u062a\u0648\u0644\u062f|"
    r"\u05de\u05e7\u05d5\u05dd[ \t]+\u05dc\u05d9\u05d3\u05d4|"
    r"\u091c\u0928\u094d\u092e[ \t]+\u0938\u094d\u0925\u093e\u0928"
)
_PLACE_FIELD_RX = _PRESCAN.compile(
    r"(?im)(?:^|[ \t]{2,}|\t|[.|\u00b7/,;][ \t]*)[ \t]*(?P<label>" + _PLACE_FIELD_LABELS + r")"
    r"(?:[ \t]*\([^()\n]{0,30}\))?"
    r"(?:[ \t]*[:\uff1a][ \t]*|[ \t]*\|[ \t]*|\t[ \t]*|[ \t]{2,})"
    r"(?P<value>[^\W\d_][^\W\d_'\u2019\-]*(?:[\-'\u2019 ][^\W\d_][^\W\d_'\u2019\-]*){0,2})"
    r"(?=[ \t]*(?:\r?\n|\Z|[,;(|\u00b7/.\u3001\u3002\uff0c\uff08]|[ \t]{2,}|\t))"
)
# Parts of the labels above, one of which a text must hold for the pattern to be tried (speed)
_PLACE_FIELD_HINTS = (
    "birth", "place of", "test cent", "ionad", "town of", "city of", "country of", "village of",
    "hometown", "home town", "geburt", "wohnort", "heimatort", "geboorte", "woonplaats",
    "naissance",
    "sidence", "nascita", "residenza", "nacimiento", "residencia", "nascimento", "naturalidade",
    "urodzenia", "zamieszkania", "narozen", "szület", "lakóhely", "locul", "födelse", "føde",
    "syntym", "kotipaikka", "doğum", "рожд", "народж", "γέννησ", "sinh", "quán", "lahir",
    "kapanganakan", "geni", "bhreithe", "出生", "籍", "출생", "본적", "مكان", "محل تولد",
    "מקום לידה", "जन्म",
)  # fmt: skip
_NOT_A_PLACE = frozenset(
    "unknown none n/a not same see nicht unbekannt inconnu inconnue desconocido desconocida "
    "sconosciuto ignoto nieznane ismeretlen okänd ukjent ukendt tuntematon bilinmiyor "
    "yes no".split()
)
_PLACE_FIELD_OVER = frozenset({"PERSON", "ORGANIZATION", "NRP"})
# the district of a test centre in brackets after its town
_CENTRE_BRANCH = re.compile(r"[ \t]*\([^\W\d_][^\W\d_ \-']*(?:[ \-'][^\W\d_][^\W\d_ \-']*){0,2}\)")


def places_in_place_fields(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with the value of a birthplace or home-town field tagged LOCATION.

    "Place of birth: Dida Harea" (a NER person guess on the value gives way), "Geboorteplaats:
    Shashemene", "Lugar de nacimiento | Talca" (a table), "Место рождения: г. Вязьма" is left
    to the other rules (a value must start at the label). Values such as "Unknown" are no
    place; a value that another rule tagged (an address, a place) is left as it is.
    """
    low = text.lower()
    if not any(h in low for h in _PLACE_FIELD_HINTS):
        return spans
    out = list(spans)
    changed = False
    for m in _PLACE_FIELD_RX.finditer(text):
        value = m.group("value")
        if value.split()[0].lower() in _NOT_A_PLACE:
            continue
        start, end = m.span("value")
        label = m.start("label")
        if m.group("label").lower().endswith(("centre", "center")):
            branch = _CENTRE_BRANCH.match(text, end)
            if branch is not None:
                end = branch.end()  # "Birmingham (Kings Heath)": the centre's full name
        # a guess on the label ("Wohnort", "Lieu de") is no entity; one over the label and the
        # value ("出生地：芦屋市") gives way to the value
        kept = [
            s
            for s in out
            if not (s.source in GUESS_SOURCES and label <= s.start < start and s.end <= end)
        ]
        if len(kept) != len(out):
            out, changed = kept, True
        before = list(out)
        put_over_guess(out, start, end, "LOCATION", SCORE, SOURCE, _PLACE_FIELD_OVER)
        changed = changed or out != before
    return sorted(out, key=lambda s: (s.start, s.end)) if changed else spans


# A place with a Turkish case ending after an apostrophe: "Bodrum'daki", "İstanbul'a",
# "Ankara'da", "İzmir'deki" (the ending stays outside, as the guidelines write it); the name a
# listed place
_TURKISH_CASE_RX = _PRESCAN.compile(
    r"(?<![\w\-'\u2019])(?P<name>[A-Z\u00c7\u011e\u0130\u00d6\u015e\u00dc][^\W\d_]+"
    r"(?:[ \t][A-Z\u00c7\u011e\u0130\u00d6\u015e\u00dc][^\W\d_]+)?)['\u2019]"
    r"(?:[dt][ae](?:ki|n)?|n?[\u0131iu\u00fc]n|y?[\u0131iu\u00fcae]|y?l[ae]|l[\u0131iu\u00fc])"
    r"(?![^\W\d_])"
)


def turkish_case_places(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with listed places before a Turkish case ending tagged LOCATION ("Bodrum'daki");
    a NER or gazetteer guess that starts on the name and runs past it is dropped."""
    if "'" not in text and "\u2019" not in text:
        return spans
    out = list(spans)
    changed = False
    for m in _TURKISH_CASE_RX.finditer(text):
        name = m.group("name")
        if not known_place(name):
            name = name.split()[-1]
            if not known_place(name):
                continue
        start, end = m.end("name") - len(name), m.end("name")
        kept = [
            g
            for g in out
            if not (
                g.source in GUESS_SOURCES
                and g.start == start
                and g.end > end
                and g.entity_type in _OVER_TYPES
            )
        ]
        if len(kept) != len(out):
            out, changed = kept, True
        before = list(out)
        put_over_guess(out, start, end, "LOCATION", SCORE, SOURCE, _OVER_TYPES)
        changed = changed or out != before
    return sorted(out, key=lambda s: (s.start, s.end)) if changed else spans


# A bank's or a chain's branch named by its place: "GCB Bank, Madina branch", "our Ampelokipoi
# branch", "Mercury Drug – Kamuning branch", "State Bank of India, HSR Layout branch"
_BRANCH = re.compile(
    r"(?:,|[\u2013\u2014\-]|(?<![\w])(?:our|the|your|its|at))[ \t]+"
    r"(?P<name>[A-Z][\w'\u2019\-]+(?:[ \t][A-Z][\w'\u2019\-]+){0,2})[ \t]+[Bb]ranch(?![\w])"
)


def places_before_branch(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with the place that names a branch tagged LOCATION (see :data:`_BRANCH`), over
    a NER or list guess lying inside it; its first word is rare in English or a known place
    ("Main branch", "Head branch" are no places).

    Args:
        text: the document.
        spans: kept, non-overlapping spans sorted by start.

    Returns:
        The spans, sorted by start.
    """
    if "ranch" not in text:
        return spans
    return _places_over_guesses(
        spans,
        [
            m.span("name")
            for m in _BRANCH.finditer(text)
            if not _common(m.group("name").split()[0]) or known_place(m.group("name"))
        ],
    )


def _places_over_guesses(spans: list[Span], ranges: list[tuple[int, int]]) -> list[Span]:
    """``spans`` with each range tagged LOCATION where nothing is, or over one PERSON or
    ORGANIZATION guess inside it (:func:`put_over_guess`); ``spans`` itself when unchanged."""
    out = list(spans)
    for start, end in ranges:
        put_over_guess(out, start, end, "LOCATION", SCORE, SOURCE, _OVER_GUESS_TYPES)
    return sorted(out, key=lambda s: (s.start, s.end)) if out != spans else spans


_OVER_GUESS_TYPES = frozenset({"PERSON", "ORGANIZATION"})


# A country's short form before what it issues or whom it counts: "U.S. citizen since 2004",
# "US passport A04718392", "UK address: to be confirmed", "U.S. provisional application"
_COUNTRY_CODE_BEFORE = re.compile(
    r"(?<![\w.])(?P<c>U\.S\.A?\.?|USA|US|U\.K\.|UK)(?=[ \t]+(?:citizen|citizens|citizenship|"
    r"passport|passports|address|visa|visas|resident|residents|national|nationals|"
    r"provisional|patent|green[ \t]card|phone|mobile|number)(?![\w]))"
)
# A state, province or country code before the licence it issues and its number (codes that
# are English words left out: "IN licence holders"): "NSW driver licence 18447290", "FL DL
# K410-728-85", "AZ DL D08441827", "my NZ licence is DK418273", "NSW security licence 000418273",
# "NSW EPA licence 5-118274", and before a plate or registration: "CA plate 8XRT219"
_STATE_CODE_BEFORE_LICENCE = re.compile(
    r"(?<![\w\-./])(?P<c>"
    + "|".join(c for c in _CODES if c not in ("UK", "USA", "UAE", "IN", "ON", "OR", "ME", "HI"))
    + r")[ \t]+(?:(?:driver['\u2019]?s?|driving|security|firearms?|contractor|[A-Z]{2,5})[ \t]+)?"
    r"(?:licen[cs]e|DL|permit|plate|placard|registration|rego)(?![\w])(?=[^\n]{0,20}?[0-9])"
)


def country_codes_before_documents(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with US/UK short forms tagged LOCATION before a word of documents or
    belonging (see :data:`_COUNTRY_CODE_BEFORE`), and state, province or country codes before
    a licence (:data:`_STATE_CODE_BEFORE_LICENCE`), where nothing but a guess is.

    Args:
        text: the document.
        spans: kept, non-overlapping spans sorted by start.

    Returns:
        The spans, sorted by start.
    """
    ranges = [m.span("c") for m in _COUNTRY_CODE_BEFORE.finditer(text)] if "U" in text else []
    if any(w in text for w in ("DL", "icen", "permit", "plate", "placard", "egistration", "rego")):
        ranges += [m.span("c") for m in _STATE_CODE_BEFORE_LICENCE.finditer(text)]
    return _places_over_guesses(spans, ranges) if ranges else spans
