"""Employers found through the job title before them.

A capitalised name right after a job title is the employer the title belongs to, even when no
list knows it and NER misses it or reads it as a person ("Data Scientist – Kudi Pay", "Data
Engineer at Sika Pay", "Senior Loss Adjuster, Crawford Whitlow Adjusting", "Guest Relations
Manager, The Cliff Hotel"). Two layouts, both anchored on a JOB_TITLE span already kept:

* the title, then "at" or "@", then the name (anywhere);
* the title, then a comma, dash, bar or middle dot, then the name, where the title starts a
  line or follows a tagged person and a separator (a CV line or a signature). The name must
  then hold a word that is not a frequent English word, or an organisation word, so that a
  department ("Manager, Human Resources", "Nurse, Internal Medicine") is not taken;
* a named person, then "from", then the name: the firm the person speaks for ("chatting with
  Ruairi from Kestrel"), not a team of it ("Fiona from Payroll") nor a place;
* a signature block: a line that is a tagged person, a line that starts with the title (and
  at most a short region after it), and a line that is only the name ("Orla Kavanagh /
  Partner Account Manager, UK & Ireland / DishDash"), with the same test on the name; an
  address block that the address recognizer started at that line starts on the next one.

The name is one to six capitalised words (connectors "&", "and", "of", "de", "the" inside,
a company suffix such as "Inc." or "(Pty) Ltd" at the end), up to the end of the line or a
delimiter. It is not taken when it is a known place, a person's name (a known given name and
one more word), or holds a digit. An organisation span found inside it is widened to it; a
person or place span overlapping it stops the rule.
"""

from __future__ import annotations

import re

from privtext.tagging.base import Span

SOURCE = "employer_after_title"
SCORE = 0.8
#: Zipf frequency from which a word is too common to make a name on its own ("Finance").
COMMON_ZIPF = 4.0

_CAPWORD = r"(?:[A-Z][\w'\u2019\-]*\.?|&)"
_LINK = r"(?:&|and|of|de|da|du|del|der|van|von|the|for)"
_NAME = (
    rf"(?P<name>(?:The[ \t]+)?{_CAPWORD}(?:[ \t]+(?:{_LINK}[ \t]+)?{_CAPWORD}){{0,5}}"
    r"(?:[ \t]+\((?:Pty|Pvt|Private|[A-Z][A-Za-z]*(?:[ \t][A-Z][A-Za-z]*){0,2})\)[ \t]+"
    r"(?:Ltd|Limited|LLP|Plc|PLC|Inc)\.?)?)"
)
_AT = re.compile(rf"[ \t]+(?:at|@)[ \t]+{_NAME}")
_FOR = re.compile(rf"[ \t]+(?:for|with)[ \t]+{_NAME}")
_OF = re.compile(rf"[ \t]+of[ \t]+{_NAME}")
_FROM = re.compile(rf"[ \t]+from[ \t]+{_NAME}")
# Teams of one's own firm after "from": "Fiona from Payroll", "Kyle from Homeowner Support"
_DEPARTMENT_WORDS = frozenset(
    "Payroll HR CS IT Finance Accounts Accounting Legal Sales Marketing Operations Ops "
    "Compliance Admin Administration Reception Security Facilities Procurement Support Team "
    "Desk Helpdesk Dispatch Billing Collections Claims Underwriting Logistics Warehouse "
    "Maintenance Estates Housing Planning Licensing Recruitment Resourcing Training Audit "
    "Risk Fraud Complaints Care Services Service Customer Customers Management Head Office "
    "Engineering Tech Technical Product Design Research Development Quality Safety MV".split()
)
_SEP = re.compile(rf"[ \t]*(?:,|\u2013|\u2014|-|\||\u00b7)[ \t]*{_NAME}")
_END = re.compile(
    r"[ \t]*(?:$|[,;|\u00b7()\u2013\u2014]|[ \t]-[ \t]|\.(?:\s|$)|[ \t]+(?:in|since|from|on|until|"
    r"and[ \t]+(?:has|had|have|is|was|says|said|wants|lives|works)|who|where|but)\b)",
    re.M,
)
_WEAK = frozenset({"PERSON", "LOCATION"})
_LINE_START = re.compile(r"(?:^|\n)[ \t>]*\Z")  # a quoted e-mail's "> " too
_PERSON_SEP = re.compile(r"[ \t]*(?:,|\u2013|\u2014|-|\||\u00b7|/)[ \t]*\Z")
# the rest of a signature's title line (", UK & Ireland"), then a line that is only the name
_SIGNATURE_NEXT = re.compile(rf"(?:,[ \t]*[^\n\d]{{1,40}})?[ \t]*\n[ \t]*{_NAME}[ \t]*(?=\n|\Z)")
_SIGNATURE_TITLE = frozenset({"Dr", "Dr.", "Mr", "Mrs", "Ms", "Prof", "Prof."})
# Letters after a name: "BDS", "MOrth", "RCS", "FRCS(Ed)", "QFA", "MRICS"
_POST_NOMINAL = re.compile(r"(?=(?:[^A-Z]*[A-Z]){2})[A-Z][A-Za-z]{0,6}(?:\([A-Za-z]{1,5}\))?,?")


def _signature_employer(text: str, spans: list[Span], i: int) -> re.Match[str] | None:
    """The name line under the title ``spans[i]`` of a signature block, if there is one."""
    title = spans[i]
    line_start = text.rfind("\n", 0, title.start) + 1
    if text[line_start : title.start].strip() or line_start == 0:
        return None
    prev_start = text.rfind("\n", 0, line_start - 1) + 1
    words = text[prev_start : line_start - 1].split()
    if words and words[0] in _SIGNATURE_TITLE:
        words = words[1:]
    while len(words) > 1 and _POST_NOMINAL.fullmatch(words[-1]):
        words = words[:-1]  # "Dr Siobhan Kelly BDS MOrth RCS": her degrees
    prev = spans[i - 1] if i > 0 else None
    if (
        prev is None
        or prev.entity_type != "PERSON"
        or prev.start < prev_start
        or text[prev.start : prev.end].split() != words
    ):
        return None
    return _SIGNATURE_NEXT.match(text, title.end)


def has_org_word(words: list[str]) -> bool:
    """Whether one of ``words`` is an organisation head or a company suffix ("Ltd")."""
    from privtext.tagging.recognizers.gazetteer import load_gazetteer
    from privtext.tagging.recognizers.organization import HEAD_SET

    suffixes = load_gazetteer(None).org_suffixes
    return any(w.rstrip(".,") in HEAD_SET or w.rstrip(".,") in suffixes for w in words)


def _looks_like_employer(name: str, strict: bool, signature: bool = False) -> bool:
    from wordfreq import zipf_frequency

    from privtext.tagging.recognizers.gazetteer import STOPWORDS, load_gazetteer

    words = [w for w in name.split() if w not in ("&", "and", "of", "de", "the", "The")]
    if not words or any(c.isdigit() for c in name):
        return False
    gaz = load_gazetteer(None)
    first = words[0]
    if first in STOPWORDS and first != "The":
        return False
    if len(words) == 2 and first in gaz.given and not has_org_word(words) and not signature:
        return False  # "Manager, John Smith": a person (under a signature's title the person
        # is the line above: "Kelly Orthodontics" is the practice)
    from privtext.tagging.recognizers.gazetteer import COMMON_WORD_SURNAMES

    last_parts = words[-1].split("-")
    if (
        len(words) <= 3
        and not has_org_word(words)
        and any(p in gaz.surnames and p not in COMMON_WORD_SURNAMES for p in last_parts)
    ):
        return False  # "personal tutor for Oluwatobi Adeyemi-Clarke": a person
    for phrase, etype, _score in gaz.phrases.get(first, ()):
        if phrase == name and etype in ("LOCATION", "NATIONALITY"):
            return False  # "Nurse, Leeds"
    if has_org_word(words):
        return True
    rare = any(zipf_frequency(w.lower().rstrip("."), "en") < COMMON_ZIPF for w in words)
    return rare or not strict


def _name_end(text: str, s: int, e: int) -> int | None:
    """The end of the longest prefix of ``text[s:e]`` (whole words) that a delimiter follows.

    "Sous Chef at Shore Kitchen. My last day": the name regex runs on through "Kitchen. My";
    the name is "Shore Kitchen".
    """
    ends = [m.end() for m in re.finditer(r"\S+", text[s:e])]
    for rel in reversed(ends):
        end = s + rel
        while end > s and text[end - 1] in ".,&":
            end -= 1
        if text[end - 2 : end] in ("Co", "co") or text[end - 3 : end] in ("Inc", "Ltd"):
            if end < len(text) and text[end] == ".":
                end += 1  # "Villanueva & Co.", "Lumen BPO Services Inc."
        if end > s and _END.match(text, end) is not None:
            return end
    return None


def _place(text: str, out: list[Span], s: int, e: int) -> bool:
    """Put the employer ``text[s:e]`` in ``out`` unless a span there stops it."""
    inside = [k for k, sp in enumerate(out) if sp.start < e and sp.end > s]
    if any(out[k].start < s or out[k].end > e for k in inside):
        return False  # a longer name found otherwise ("Sullivan, Colon and Ross") stays
    words = text[s:e].split()
    weak_ok = len(words) >= 2 or has_org_word(words)  # "Kudi Pay", "Crawford Whitlow Adjusting"
    if any(
        out[k].entity_type != "ORGANIZATION"
        and not (weak_ok and out[k].source == "spacy_ner" and out[k].entity_type in _WEAK)
        and not (out[k].score < 0.5 and out[k].entity_type in _WEAK)  # "Kelly" alone, 0.45
        for k in inside
    ):
        return False
    for k in reversed(inside):
        out.pop(k)
    out.append(Span(s, e, "ORGANIZATION", SCORE, SOURCE))
    return True


def _address_below(text: str, out: list[Span], s: int, e: int) -> None:
    """Start an address block that opens with the signature's name line on the next line
    ("ClearPath Visas / Office 4, 2nd Floor, ...": the firm is no part of the address)."""
    for k, sp in enumerate(out):
        if sp.start == s and sp.entity_type == "STREET_ADDRESS" and sp.end > e:
            nl = text.find("\n", e, sp.end)
            if nl < 0 or text[e:nl].strip():
                return
            start = nl + 1
            while start < sp.end and text[start] in " \t\n":
                start += 1
            if start < sp.end:
                out[k] = Span(start, sp.end, sp.entity_type, sp.score, sp.source)
            return


def _employer_after(text: str, spans: list[Span], i: int) -> tuple[int, int] | None:
    """The employer right after the title or person ``spans[i]`` (the first two layouts)."""
    title = spans[i]
    if title.entity_type == "PERSON":
        # "Ms Ruth Abernethy of Calder Employment Law", "Mr Gary Whitcombe of GW
        # Developments (NW) Ltd": a firm after a named person (a place is left out below)
        m = _OF.match(text, title.end)
        if m is not None and " " not in text[title.start : title.end].strip():
            m = None
        if m is None:
            # "chatting with Ruairi from Kestrel", "Marcus from Sparkright": the firm a named
            # person speaks for (not a team of it: "Fiona from Payroll")
            m = _FROM.match(text, title.end)
            if m is None or any(
                w.strip(".,;:") in _DEPARTMENT_WORDS for w in m.group("name").split()
            ):
                return None
        strict = True
    elif title.entity_type != "JOB_TITLE":
        return None
    else:
        m = _AT.match(text, title.end)
        strict = False
        if m is None:
            m = _FOR.match(text, title.end)  # "a taxi driver for Swift Cars", "... with Arup"
            strict = True
    if m is None:
        m = _SEP.match(text, title.end)
        strict = True
        if m is None:
            return None
        before = text[max(0, title.start - 80) : title.start]
        prev = spans[i - 1] if i > 0 else None
        after_person = (
            prev is not None
            and prev.entity_type == "PERSON"
            and _PERSON_SEP.fullmatch(text, prev.end, title.start) is not None
        )
        if not (_LINE_START.search(before) or after_person):
            return None
    s = m.start("name")
    e = _name_end(text, s, m.end("name"))
    if e is None or not _looks_like_employer(text[s:e], strict):
        return None
    return s, e


def employers_after_titles(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with the employer after each job title tagged (see the module docstring).

    Args:
        text: the document.
        spans: kept, non-overlapping spans sorted by start.

    Returns:
        The spans, sorted by start.
    """
    if not any(s.entity_type in ("JOB_TITLE", "PERSON") for s in spans):
        return spans
    out = list(spans)
    changed = False
    for i, title in enumerate(spans):
        found = _employer_after(text, spans, i)
        if found is None and title.entity_type == "JOB_TITLE":
            m = _signature_employer(text, spans, i)
            if m is not None:
                e = _name_end(text, m.start("name"), m.end("name"))
                name = text[m.start("name") : e] if e is not None else ""
                if e is not None and _looks_like_employer(name, True, signature=True):
                    found = (m.start("name"), e)
                    _address_below(text, out, *found)
        if found is not None:
            changed |= _place(text, out, *found)
    if not changed:
        return spans
    out.sort(key=lambda sp: sp.start)
    return out
