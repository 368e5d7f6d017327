"""Address spans grow over the address parts written next to them.

The address recognizer anchors on a street with its number or on a postcode; the parts of the
address around that anchor are often left out, because they have no street word and NER reads
them as organisations or persons:

* named buildings, estates and units before the street: "Flat 5, Glan y Môr, Beach Road, Bangor
  LL57 2SW", "Tower B, 5th Floor, EPIP Zone, Whitefield, Bengaluru 560066", "#09-221" in a
  Singapore address;
* the lines above the street in a postal block ("Apartment 22, Block C" / "Clongriffin Gardens"
  / "Dublin 13" / "D13 X2N6");
* the region, state or country after the postcode: ", Selangor Darul Ehsan", " - SP, 05435-000",
  ", Ghana".

:func:`widen_address_spans` walks from each address span over neighbouring comma-separated
segments (and, for a block that starts a line, over the lines above it) while they read like
address parts: short, every word capitalised or a number or a linking word ("y", "na", "de",
"upon"), no sentence words, and no tag on them but places, NER guesses, unit-shaped numbers and
other address parts. The walk stops at the first segment that does not read like that, at a line
that holds a person, an organisation found by its legal form, a contact detail, a date or a job
title, at a blank line, and after a few segments.
"""

from __future__ import annotations

import re

from privtext.tagging.base import Span
from privtext.tagging.recognizers.organization import HEAD_SET

_ADDRESS_TYPES = frozenset({"STREET_ADDRESS", "POSTCODE"})
# Tags an address part may carry: places, NER guesses on building and area names, and unit
# numbers read as reference numbers ("#09-221", "C-1204", "01-02").
_PLACE_TYPES = frozenset({"LOCATION", "STREET_ADDRESS", "POSTCODE"})
_NER_SOURCES = frozenset({"spacy_ner", "consistency"})
_NER_TYPES = frozenset({"ORGANIZATION", "PERSON", "NATIONALITY", "LOCATION"})
_UNIT_NUMBER_RX = re.compile(r"#?[A-Z]?-?[0-9]{1,3}-[0-9]{1,4}(?:-[0-9]{1,3})?|[A-Z]-[0-9]{2,5}")
_BUILDING_HEAD_RX = re.compile(
    r"(?:Offices?|Residences?|Residensi|Apartments|Court|House|Tower|Towers|Plaza|Centre|"
    r"Center|Cottage|Hall|Halls|Hostel|Building|Block|Estate|Gardens|Lodge|Mansions|Villa|"
    r"Menara|Wisma)\b"
)

# Last words that make a segment an organisation, not a building ("Avonside Legal, 3 Queen
# Square"): the organisation heads, less those that name buildings, and some trading words.
_ORG_LAST = (
    HEAD_SET
    | {
        "Legal",
        "Relations",
        "Accounts",
        "Support",
        "Finance",
        "Law",
        "Medical",
        "Care",
        "Consultancy",
        "Advice",
        "Enquiries",
        "Team",
    }
) - {
    "Apartments",
    "Centre",
    "Center",
    "Chambers",
    "Court",
    "Inn",
    "Hotel",
    "Mill",
    "Farm",
    "Works",
    "Studios",
    "Estates",
    "Station",
}

# Words that may be lower case inside an address part.
_LINKERS = frozenset(
    """y yr na nam an am de del della di da do dos das du la le les van von der den ter ten
    on upon off of the e i ar sur en et bis ter no no. h/no. flat apt apt. apto apto. depto
    depto. dept. unit suite floor room block blk blk. lot plot house piso puerta int. int
    s/n bldg. r/a""".split()
)
# Words that never start an address part (salutations, labels, sign-offs, calendar words).
_NOT_FIRST = frozenset(
    """dear hi hello re ref our your to from subject date dated tel phone mobile fax email
    e-mail attn attention fao thanks thank regards kind best yours sincerely sent cc bcc
    monday tuesday wednesday thursday friday saturday sunday january february march april may
    june july august september october november december signed name page total amount
    invoice order mr mrs ms miss mx dr prof rev sir madam""".split()
)
# Function words that mark prose or a heading ("PRIVATE AND CONFIDENTIAL"), in any case.
_PROSE = frozenset(
    """and or for with is are was were be been please will would can could should this that
    these those we you he she they it his her their my me us i an a as by if but not""".split()
)
_WORD_RX = re.compile(r"[^\s,]+")
# Unit words that open an address inside a sentence ("the residential flat G-3, ...").
_UNIT_FIRST = frozenset("flat apt apartment unit suite room house plot blk block lot".split())
_MAX_SEG_CHARS = 48
_MAX_SEG_WORDS = 6
_MAX_SEGMENTS = 5
_MAX_LINES_UP = 4
# What may come right before the first segment of an address written inside a line.
_CUE_BEFORE_RX = re.compile(
    r"(?:(?:^|\n)[ \t]*|[:(\u2013\-][ \t]*|(?i:\b(?:at|to|c/o|address|is|from|in)[ \t]+))\Z"
)


def _word_ok(word: str) -> bool:
    w = word.strip("()'\"")
    if not w:
        return True
    if w.lower() in _LINKERS:
        return True
    return w[0].isupper() or w[0].isdigit() or w[0] in "#"


def _segment_ok(seg: str) -> bool:
    """An untagged-or-allowed stretch of text that reads like one address part."""
    s = seg.strip()
    if not s or len(s) > _MAX_SEG_CHARS or any(c in s for c in '@:?!;"\u201c\u201d'):
        return False
    words = _WORD_RX.findall(s)
    if not words or len(words) > _MAX_SEG_WORDS:
        return False
    if words[0].lower().strip(".") in _NOT_FIRST:
        return False
    if any(w.lower().strip(".") in _PROSE for w in words):
        return False
    if words[-1].strip(".") in _ORG_LAST or words[-1] in _ORG_LAST:
        return False
    if re.search(r"[0-9]{7,}", s.replace(" ", "")):
        return False  # a phone or account number, not an address part
    return all(_word_ok(w) for w in words)


def _span_ok(text: str, s: Span) -> bool:
    if s.entity_type in _PLACE_TYPES:
        return True
    if s.source in _NER_SOURCES and s.entity_type in _NER_TYPES:
        return True
    value = text[s.start : s.end]
    if s.entity_type in ("CASE_NUMBER", "ACCOUNT_NUMBER") and _UNIT_NUMBER_RX.fullmatch(value):
        return True
    return s.entity_type == "ORGANIZATION" and _BUILDING_HEAD_RX.search(value) is not None


def _spans_in(spans: list[Span], start: int, end: int) -> list[int]:
    return [k for k, s in enumerate(spans) if s.start < end and start < s.end]


def _stretch_ok(text: str, spans: list[Span], start: int, end: int) -> bool:
    if not _segment_ok(text[start:end]):
        return False
    for k in _spans_in(spans, start, end):
        s = spans[k]
        if s.start < start or not _span_ok(text, s):
            return False
    return True


def _leftmost_suffix(text: str, spans: list[Span], start: int, end: int) -> int | None:
    """Start of the longest address-like tail of ``text[start:end]`` that follows a cue."""
    seg = text[start:end]
    words = list(_WORD_RX.finditer(seg))
    best = None
    for k in range(len(words) - 1, -1, -1):
        cand = start + words[k].start()
        if not _stretch_ok(text, spans, cand, end):
            break
        if _CUE_BEFORE_RX.search(text, max(0, cand - 12), cand) or (
            words[k].group().lower().rstrip(".") in _UNIT_FIRST
        ):
            best = cand  # after a cue, or a unit word that opens the address ("flat G-3")
    return best


def _walk_back(text: str, spans: list[Span], start: int) -> int:
    """Move ``start`` left over comma-separated address parts on its line."""
    line_start = text.rfind("\n", 0, start) + 1
    for _ in range(_MAX_SEGMENTS):
        before = text[line_start:start]
        m = re.search(r",[ \t]*\Z", before)
        if m is None:
            break
        seg_end = line_start + m.start()
        comma = text.rfind(",", line_start, seg_end)
        seg_start = line_start if comma < 0 else comma + 1
        while seg_start < seg_end and text[seg_start] in " \t":
            seg_start += 1
        if comma >= 0 and _stretch_ok(text, spans, seg_start, seg_end):
            start = seg_start
            continue
        if comma < 0:
            cand = (
                seg_start
                if _stretch_ok(text, spans, seg_start, seg_end)
                else _leftmost_suffix(text, spans, seg_start, seg_end)
            )
            if cand is not None:
                start = cand
        break
    return start


def _line_ok(text: str, spans: list[Span], start: int, end: int) -> bool:
    for k in _spans_in(spans, start, end):
        o = spans[k]
        if o.entity_type == "ORGANIZATION" and (
            o.source not in _NER_SOURCES or not _segment_ok(text[o.start : o.end])
        ):
            return False  # a letterhead or addressee line: "Harbourside Building Society"
        if o.entity_type == "PERSON" and _addressee(text[o.start : o.end]):
            return False  # the addressee's line: "Pan Krzysztof Dudek" / "ul. Kościuszki 27/3"
    parts = [p for p in re.split(r",", text[start:end])]
    pos = start
    for p in parts:
        lead = len(p) - len(p.lstrip())
        tail = len(p.rstrip())
        if p.strip() and not _stretch_ok(text, spans, pos + lead, pos + tail):
            return False
        pos += len(p) + 1
    return bool(text[start:end].strip())


def _addressee(name: str) -> bool:
    """A person's name with a known given name and no street word: no line of the address."""
    from privtext.tagging.recognizers.address import STREET_TYPES
    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    words = name.split()
    if not words or words[-1].rstrip(".") in STREET_TYPES:
        return False
    given = load_gazetteer(None).given
    return any(w in given for w in words[:-1] or words)


def _walk_up(text: str, spans: list[Span], start: int) -> int:
    """Move ``start`` up over the lines of a postal block above it."""
    for _ in range(_MAX_LINES_UP):
        if start == 0 or text[start - 1] != "\n":
            break
        prev_end = start - 1
        if prev_end > 0 and text[prev_end - 1] == "\r":
            prev_end -= 1
        prev_start = text.rfind("\n", 0, prev_end) + 1
        body = text[prev_start:prev_end]
        lead = len(body) - len(body.lstrip())
        stripped_end = prev_start + len(body.rstrip().rstrip(","))
        if not body.strip() or not _line_ok(text, spans, prev_start + lead, stripped_end):
            break
        start = prev_start + lead
    return start


_PLACE_BEFORE_CODE_RX = re.compile(
    r"(?<![\w\-])(?P<name>[A-Z][\w'\u2019\-]*(?:[ \t]+[A-Z][\w'\u2019\-]*){0,2})"
    r"[ \t]*(?:[\-\u2013][ \t]*)?\Z"
)
_TRAIL_RX = re.compile(r"(?:[ \t]*,[ \t]*|[ \t]+-[ \t]+|[ \t]*-(?=[0-9])|[ \t]+(?=\())")
_END_RX = re.compile(r"[ \t]*(?:\r?\n|\Z|[.;)](?:\s|\Z))")


def _walk_forward(text: str, spans: list[Span], end: int) -> int:
    """Move ``end`` right over a region, postcode or country that ends the address's line."""
    new_end = end
    pos = end
    for _ in range(3):
        m = _TRAIL_RX.match(text, pos)
        if m is None:
            break
        seg_start = m.end()
        stop = re.compile(r"[,\n]|[.;](?:\s|\Z)|[ \t]+-[ \t]+").search(text, seg_start)
        seg_end = stop.start() if stop else len(text)
        if seg_end - seg_start > 32 or not _stretch_ok(text, spans, seg_start, seg_end):
            break
        words = _WORD_RX.findall(text[seg_start:seg_end])
        if len(words) > 3 or not any(w[0].isupper() or w[0] in "0123456789#" for w in words):
            break
        if _role_first(words):
            break  # "..., 80992 München, Fahrlehrerin Sabine Ziegler": a person and her job
        pos = seg_end
        if text[seg_end : seg_end + 1] == "." and "." in text[seg_start:seg_end]:
            pos = seg_end + 1  # the last dot of "N.L."
        if _END_RX.match(text, pos):
            new_end = pos
    return new_end


def _role_first(words: list[str]) -> bool:
    """The segment opens with a job title ("Fahrlehrerin Sabine Ziegler", "Director ...")."""
    from privtext.tagging.recognizers.job_title import job_title_set

    return words[0].lower().strip(".,") in job_title_set()


_NEXT_LINE_RX = re.compile(r"[ \t]*\r?\n[ \t]*(?P<c>[^\n]{2,40}?)[ \t]*(?=\r?\n|\Z)")


def _country_line_after(text: str, spans: list[Span], end: int) -> int:
    """The end of a country's name on the line under the address (in English or in its own
    language, in capitals too: "POLSKA", "DEUTSCHLAND"), else ``end``."""
    from privtext.tagging.recognizers.address import countries

    m = _NEXT_LINE_RX.match(text, end)
    if m is None or text[end : end + 1] not in ("\n", "\r", " ", "\t"):
        return end
    name = " ".join(m.group("c").split())
    names = countries()
    if name not in names and name.title() not in names:
        return end
    if any(o.start < m.end("c") and m.start("c") < o.end for o in spans if o.entity_type
           not in _PLACE_TYPES):  # fmt: skip
        return end
    return m.end("c")


def widen_address_spans(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with every address span widened over the address parts next to it.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans, sorted by start and still non-overlapping; spans the widened addresses cover
        are dropped.
    """
    if not any(s.entity_type in _ADDRESS_TYPES for s in spans):
        return spans
    out = list(spans)
    k = 0
    while k < len(out):
        s = out[k]
        if s.entity_type not in _ADDRESS_TYPES:
            k += 1
            continue
        start = s.start
        if s.entity_type == "POSTCODE":
            # the place written before a bare code: "Bengaluru 560102", "MYSURU - 570 017"
            place = _PLACE_BEFORE_CODE_RX.search(text, max(0, start - 40), start)
            if place is not None and _stretch_ok(text, out, place.start(), place.end("name")):
                start = place.start()
        start = _walk_back(text, out, start)
        if start == text.rfind("\n", 0, start) + 1:
            start = _walk_up(text, out, start)
        end = _country_line_after(text, out, _walk_forward(text, out, s.end))
        if (start, end) == (s.start, s.end):
            k += 1
            continue
        inside = _spans_in(out, start, end)
        widened = Span(start, end, "STREET_ADDRESS", s.score, s.source)
        out = [o for j, o in enumerate(out) if j not in inside]
        out.insert(min(inside), widened)
        k = min(inside) + 1
    return out


# Heads that also name buildings ("Rose Court", "Mill House"): a first line ending in one is an
# organisation only when it has three words or more ("Nuffield Orthopaedic Centre").
_BUILDING_LIKE_HEADS = frozenset(
    {"Court", "Centre", "Center", "Apartments", "Chambers", "Hall", "Works", "Mill", "Farm",
     "Inn", "Hotel", "Studio", "Studios", "Estates", "Station", "Office", "Library", "Market"}
)  # fmt: skip
ORG_LINE_SOURCE = "address_org_line"
ORG_LINE_SCORE = 0.8


def _org_line(line: str) -> bool:
    words = line.replace(",", " ").split()
    if not words or any(c.isdigit() for c in line) or len(words) > 8:
        return False
    last = words[-1].strip(".'’")
    head = last if last in HEAD_SET else last[:1] + last[1:].lower()
    if head not in HEAD_SET and words[-1] not in HEAD_SET:
        return False
    return head not in _BUILDING_LIKE_HEADS or len(words) >= 3


# an organisation's name, a comma and the building number on the same line (not before a street
# without a number: "Higher Northcott Farm, Sourton, Okehampton EX20 4HT" is a farm's address,
# and a first try that split those lost four addresses on the labelled sets)
_ORG_BEFORE_NUMBER = re.compile(r"(?P<org>[^\n,\d]{4,80}),[ \t]+(?=\d)")


def organisation_lines_out_of_addresses(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with the organisation heading a postal block split off its address.

    A letterhead or an addressee's employer often sits on the line above the street
    ("Nuffield Orthopaedic Centre" / "Windmill Road" / "Headington" / "Oxford OX3 7LD"), and the
    address recognizer takes it in with the building names. When an address of two lines or
    more starts with a line that ends in an organisation head (``HEAD_SET``; a head that also
    names buildings only with three words or more) and holds no digit, that line becomes an
    ORGANIZATION and the address starts on the next line. The same holds for a name written
    before the building number on the address's own line, after a comma ("Snaresbrook Crown
    Court, 78 Hollybush Hill, London E11 1QX").

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans, sorted by start.
    """
    out: list[Span] = []
    for s in spans:
        if s.entity_type == "STREET_ADDRESS":
            # on one line: "Glenview Care Centre, 41 Carnethie Street, Rosewell EH24 9AR"
            m = _ORG_BEFORE_NUMBER.match(text, s.start, s.end)
            if m is not None and _org_line(m.group("org").removeprefix("The ")):
                # (the article stays outside: "The Insolvency Service, 3rd Floor, ..."; "The
                # Quay Hotel, 30 Lancefield Quay" is a building of two words, left alone)
                lead = 4 if m.group("org").startswith("The ") else 0
                out.append(
                    Span(
                        s.start + lead,
                        m.end("org"),
                        "ORGANIZATION",
                        ORG_LINE_SCORE,
                        ORG_LINE_SOURCE,
                    )
                )
                out.append(Span(m.end(), s.end, s.entity_type, s.score, s.source))
                continue
        if s.entity_type == "STREET_ADDRESS" and "\n" in text[s.start : s.end]:
            nl = text.index("\n", s.start)
            first = text[s.start : nl].rstrip(" \t,\r")
            rest = nl + 1
            while rest < s.end and text[rest] in " \t":
                rest += 1
            if first and _org_line(first) and rest < s.end:
                out.append(
                    Span(
                        s.start,
                        s.start + len(first),
                        "ORGANIZATION",
                        ORG_LINE_SCORE,
                        ORG_LINE_SOURCE,
                    )
                )
                out.append(Span(rest, s.end, s.entity_type, s.score, s.source))
                continue
        out.append(s)
    return out


# Dublin's postal districts: "Dublin 6", "Dublin 6W", "(Dublin 7)", "PO Box 11854, Dublin 2"
_DUBLIN_DISTRICT = re.compile(r"[ \t]+(?:[1-9]|1[0-9]|2[0-4]|6W)(?![\w/.,:]?\d|\w)")


def dublin_districts(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with a place or an address that ends in "Dublin" widened over its district.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans, sorted by start and non-overlapping.
    """
    out = list(spans)
    for k, s in enumerate(out):
        if s.entity_type not in ("LOCATION", "STREET_ADDRESS") or not text.endswith(
            "Dublin", s.start, s.end
        ):
            continue
        m = _DUBLIN_DISTRICT.match(text, s.end)
        if m is None or not _free_after(out, k, m.end()):
            continue
        out[k] = Span(s.start, m.end(), s.entity_type, s.score, s.source)
    return out


def _free_after(spans: list[Span], k: int, end: int) -> bool:
    nxt = spans[k + 1] if k + 1 < len(spans) else None
    return nxt is None or nxt.start >= end
