"""Persons, reference numbers, addresses and logins found through the header of a table's column.

Registers, trackers and rotas list people in a column headed "TENANT", "PATIENT" or "Name",
often by the surname alone ("Okonkwo", "MacInnes / Tait"), where nothing else in the row says
that the word is a name; reference numbers sit under "DEPT REF" or "Tracking no." in a form
that no pattern for reference numbers knows ("EGOB4X7QK2"); addresses under "PROPERTY" start
with a flat position ("0/1, 14 Dixon Avenue, G42 8EH") that the address recognizer leaves out.
The header names what every cell under it is.

Three layouts of tables are read:

* aligned with spaces: a header line of at least three short fields without digits,
  separated by two or more spaces, then the lines under it up to a blank line; a cell is a run
  of text (single spaces inside) that starts within two characters of a header field's start
  and ends before the next field's;
* separated by tabs: the same, with cells counted by tabs;
* drawn with bars: a first row of bars, then the rows under it (a ``|---|`` rule skipped).

Per column, by its header:

* **persons** ("Name", "Tenant", "Patient", "Client", "Checked by", ...; not "Company name"
  or "Site name"): a cell of one to five capitalised words, or several such names joined by
  "/", "&" or "and", is a PERSON per name when one of its words is a known given name or
  surname or is rare as an English word, and none is a function word, a month or a known
  place or organisation word only; a title ("Mrs") stays outside;
* **reference numbers** ("Ref", "Case no.", "Tracking", "Account", "NHS no.", ...): a cell that
  is one code of five to twenty-four letters, digits and ``/-.``, with at least two digits, not
  a date, a time or an amount, is a CASE_NUMBER, ACCOUNT_NUMBER or NATIONAL_ID by the header;
* **addresses** ("Address", "Property", "Premises"; not "E-mail address" or "IP address"): a
  cell with a digit and a word of letters is one STREET_ADDRESS;
* **bank codes** ("Sort code", "Transit"): a sort code or a transit number is an
  ACCOUNT_NUMBER;
* **logins** ("User ID", "Username", "Login", "Handle"): a cell that is one token of letters,
  digits and ``._-@`` is a USERNAME ("DCHATTERJEE", "EXT_SAKTER").

A new span never displaces a kept span that reaches outside its cell, nor a span from a
pattern (an e-mail, a phone, a date...) with a score the default policy acts on: only spans
inside the cell that are NER or gazetteer guesses, spans of the new span's own kind, or spans
scored under 0.5, give way to it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from privtext.tagging.base import GUESS_SOURCES, Span

PERSON_SOURCE = "person_column"
REFERENCE_SOURCE = "reference_column"
ADDRESS_SOURCE = "address_column"
LOGIN_SOURCE = "login_column"
SCORE = 0.8
# Below the default policy's minimum score: a tag that weak gives way to a column's reading
# ("1803411248" under "CHI", read as a telephone at 0.4)
_WEAK = 0.5
# Tags a reference cell's span replaces inside its cell: the identifiers ("184420" of "MUM
# 184420") and a date read in a number
_REFERENCE_OWN = frozenset({"NATIONAL_ID", "CASE_NUMBER", "ACCOUNT_NUMBER", "DATE"})

# --- reading tables -------------------------------------------------------------------------

# a field of a line aligned with spaces: text with single spaces inside
_FIELD = re.compile(r"[^ \t\n](?:[^ \t\n]| (?=[^ \t\n]))*")
# a header field: letters and a few signs, no digits, at most four words
_HEADER_FIELD = re.compile(r"[A-Za-z][A-Za-z.#/&()'\- ]{0,29}")
_RULE_ROW = re.compile(r"[\s|:\-+=]+")


@dataclass(frozen=True)
class Column:
    """One column of a table: its header and its non-empty, trimmed cells (offsets)."""

    header: str
    cells: tuple[tuple[int, int], ...]


def _header_fields(line: str) -> list[re.Match[str]] | None:
    fields = list(_FIELD.finditer(line))
    if len(fields) < 3:
        return None
    for f in fields:
        if _HEADER_FIELD.fullmatch(f.group()) is None or len(f.group().split()) > 4:
            return None
    return fields


def _lines(text: str) -> list[tuple[int, str]]:
    out = []
    pos = 0
    for line in text.split("\n"):
        out.append((pos, line))
        pos += len(line) + 1
    return out


def _aligned_columns(text: str, lines: list[tuple[int, str]]) -> Iterator[Column]:
    k = 0
    while k < len(lines):
        start, line = lines[k]
        fields = _header_fields(line) if ("  " in line or "\t" in line) else None
        if fields is None or "|" in line:
            k += 1
            continue
        tabs = "\t" in line
        cells: list[list[tuple[int, int]]] = [[] for _ in fields]
        k += 1
        while k < len(lines) and lines[k][1].strip():
            row_start, row = lines[k]
            if tabs:
                pos = 0
                for j, part in enumerate(row.split("\t")):
                    stripped = part.strip(" ")
                    if j < len(fields) and stripped:
                        a = row_start + pos + part.index(stripped)
                        cells[j].append((a, a + len(stripped)))
                    pos += len(part) + 1
            else:
                for f in _FIELD.finditer(row):
                    for j, h in enumerate(fields):
                        nxt = fields[j + 1].start() if j + 1 < len(fields) else None
                        if abs(f.start() - h.start()) <= 2 and (nxt is None or f.end() < nxt):
                            cells[j].append((row_start + f.start(), row_start + f.end()))
                            break
            k += 1
        for h, col in zip(fields, cells, strict=True):
            if col:
                yield Column(h.group(), tuple(col))


def bar_cells(row_start: int, row: str) -> list[tuple[int, int]]:
    """The trimmed cells of a row drawn with bars that starts at ``row_start`` (offsets; the
    text before a leading bar and after a trailing one is no cell)."""
    bars = [i for i, c in enumerate(row) if c == "|"]
    bounds = [-1, *bars, len(row)]
    out = []
    for a, b in zip(bounds, bounds[1:], strict=False):
        a += 1
        while a < b and row[a] in " \t":
            a += 1
        e = b
        while e > a and row[e - 1] in " \t":
            e -= 1
        out.append((row_start + a, row_start + e))
    if row.lstrip().startswith("|"):
        out = out[1:]  # the empty text before a leading bar
    if row.rstrip().endswith("|"):
        out = out[:-1]
    return out


def _bar_columns(text: str, lines: list[tuple[int, str]]) -> Iterator[Column]:
    k = 0
    while k < len(lines):
        start, line = lines[k]
        if line.count("|") < 2:
            k += 1
            continue
        header = bar_cells(start, line)
        cells: list[list[tuple[int, int]]] = [[] for _ in header]
        k += 1
        while k < len(lines) and lines[k][1].count("|") >= 2:
            row_start, row = lines[k]
            if _RULE_ROW.fullmatch(row) is None:
                for j, (a, b) in enumerate(bar_cells(row_start, row)):
                    if j < len(header) and a < b:
                        cells[j].append((a, b))
            k += 1
        for (a, b), col in zip(header, cells, strict=True):
            if col and a < b:
                yield Column(text[a:b], tuple(col))


# a CSV header: three or more fields of letters, "_", "#", ".", "/" or "-" joined by commas
_CSV_HEADER_FIELD = re.compile(r"[A-Za-z][A-Za-z0-9_.#/\- ]{0,29}")  # ("hours_q1")


def _csv_cells(row_start: int, row: str) -> list[tuple[int, int]] | None:
    """The trimmed cells of one CSV line (offsets; a quoted cell is kept with its quotes), or
    None when a quote is left open."""
    out = []
    i, n = 0, len(row)
    while True:
        a = i
        if i < n and row[i] == '"':
            i += 1
            while True:
                q = row.find('"', i)
                if q < 0:
                    return None
                if q + 1 < n and row[q + 1] == '"':
                    i = q + 2  # an escaped quote
                    continue
                i = q + 1
                break
        comma = row.find(",", i)
        b = n if comma < 0 else comma
        x, y = a, b
        while x < y and row[x] in " \t":
            x += 1
        while y > x and row[y - 1] in " \t\r":
            y -= 1
        out.append((row_start + x, row_start + y))
        if comma < 0:
            return out
        i = comma + 1


def _csv_columns(text: str, lines: list[tuple[int, str]]) -> Iterator[Column]:
    """Columns of comma-separated rows under a header line ("subject_id,initials,date")."""
    k = 0
    while k < len(lines):
        start, line = lines[k]
        k += 1
        if line.count(",") < 2 or "  " in line or "\t" in line or "|" in line:
            continue
        names = line.rstrip("\r").split(",")
        if not all(_CSV_HEADER_FIELD.fullmatch(f.strip()) and len(f.split()) <= 3 for f in names):
            continue
        cells: list[list[tuple[int, int]]] = [[] for _ in names]
        rows = 0
        while k < len(lines) and lines[k][1].count(",") >= len(names) - 1:
            row = _csv_cells(*lines[k])
            if row is None or len(row) != len(names):
                break
            for j, (a, b) in enumerate(row):
                if a < b and text[a] == '"':
                    # '"Imtiaz Ali"': the cell inside its quotes (not '"a ""b"" c"', '"x" y')
                    if b - a < 3 or text[b - 1] != '"' or '"' in text[a + 1 : b - 1]:
                        continue
                    a, b = a + 1, b - 1
                    if text[a:b].strip() != text[a:b]:
                        continue
                if a < b:
                    cells[j].append((a, b))
            rows += 1
            k += 1
        if rows == 0:
            continue
        for name, col in zip(names, cells, strict=True):
            if col:
                yield Column(name.strip(), tuple(col))


def table_columns(text: str) -> list[Column]:
    """The columns of the tables in ``text`` (aligned with spaces or tabs, drawn with bars, or
    comma-separated under a header line).

    Args:
        text: the document.

    Returns:
        Every column with at least one non-empty cell, in document order per layout.
    """
    lines = _lines(text)
    out = list(_aligned_columns(text, lines))
    if text.count("|") >= 4:
        out.extend(_bar_columns(text, lines))
    if text.count(",") >= 4:
        out.extend(_csv_columns(text, lines))
    return out


# --- what a header names --------------------------------------------------------------------

_PERSON_WORDS = frozenset(
    """
    name names fullname surname surnames forename forenames patient patients tenant tenants
    client clients applicant applicants candidate candidates claimant claimants driver drivers
    rider riders courier member members player players employee employees staff worker workers
    volunteer volunteers customer customers owner owners landlord landlords resident residents
    occupant occupants student students pupil pupils child children defendant defendants
    witness witnesses passenger passengers guest guests attendee attendees participant
    participants visitor visitors operative operatives engineer technician canvasser canvassers
    voter voters elector electors runner runners athlete athletes pharmacist prescriber doctor
    clinician nurse carer carers tutor teacher parent parents guardian contact person persons
    individual holder payee beneficiary beneficiaries deceased executor executors heir heirs
    trainee apprentice supervisor caseworker handler assignee agent adviser advisor inductee
    collector recipient sender signatory subject suspect victim interviewee referee elector
    sig signature initials
    cognome nome nombre apellido apellidos nachname vorname naam achternaam voornaam nazwisko
    sobrenome efternamn fornavn etternavn sukunimi etunimi soyad soyadi
    """.split()
)
# header words that make a "name" column something else's name
_NOT_PERSON_WORDS = frozenset(
    """
    company business trading product drug medicine medication site street file user team club
    school employer org organisation organization venue ward unit hotel property shop store
    brand vessel ship event project item service plan course account bank branch town city
    village country station route depot practice firm supplier vendor contractor
    subcontractor agency carrier group party device host domain
    """.split()
)
_BY_VERBS = frozenset(
    """
    checked signed inducted issued recorded approved reported dispensed collected received
    witnessed assigned completed verified authorised authorized prepared entered logged
    inspected supervised seen visited booked canvassed delivered raised consented obtained
    """.split()
)
_REFERENCE_WORDS = frozenset(
    """
    ref reference refs no nos number num id ids file case claim tracking order booking invoice
    policy account acct licence license permit passport nhs hosp mrn reg registration plate vrm
    serial ticket job container awb waybill consignment parcel docket application membership
    card chip microchip tag eori vat tin mpan mprn meter customer client patient chi ihi ohip
    medicare pps ppsn ssn sin nin tfn ird certificate cert dbs
    """.split()
)
_ACCOUNT_WORDS = frozenset({"account", "acct", "iban", "membership", "customer", "card"})
_ID_WORDS = frozenset(
    """
    passport nhs id licence license permit reg registration plate vrm mrn hosp chip microchip
    tag eori vat tin national ssn nin pps ppsn ni chi ihi ohip medicare sin tfn ird
    """.split()
)
_NOT_REFERENCE_WORDS = frozenset(
    """
    phone mobile tel telephone fax date dob time amount total qty quantity price cost fee
    rate batch lot expiry dose strength hours age postcode zip size weight items pages
    """.split()
)
# headers of a column of logins: "User ID", "Username", "Login", "Handle"
_LOGIN_HEADERS = frozenset(
    {
        ("user", "id"), ("userid",), ("username",), ("user", "name"), ("login",), ("login", "id"),
        ("logon",), ("logon", "id"), ("handle",), ("user",), ("account", "name"),
        ("sign", "in"), ("user", "login"), ("gamertag",),
    }
)  # fmt: skip
_ADDRESS_WORDS = frozenset({"address", "addresses", "property", "premises", "addr"})
_POSTCODE_HEADERS = (
    ["postcode"], ["post", "code"], ["postal", "code"], ["postcodes"], ["zip"], ["zip", "code"],
    ["zipcode"], ["plz"], ["postleitzahl"], ["code", "postal"], ["cap"], ["cep"],
    ["postnummer"], ["postinumero"], ["eircode"],
)  # fmt: skip
# a postcode's shape: letters and digits, one space or hyphen at most, a digit in it
_POSTCODE_CELL = re.compile(r"(?=[^\n]*[0-9])[A-Za-z0-9]{2,5}(?:[ \-][A-Za-z0-9]{2,4})?")
_NOT_ADDRESS_WORDS = frozenset({"email", "mail", "ip", "web", "mac", "wallet", "url"})


def _words(header: str) -> list[str]:
    bare = re.sub(r"\([^)]*\)", " ", header.lower().replace("e-mail", "email"))
    return re.sub(r"[^a-z]+", " ", bare).split()  # "Elector's name (block capitals)"


# a header naming a person in another script: Thai name(-surname), Chinese, Japanese and Korean
# names, Russian and Ukrainian surnames and full names, Arabic and Hindi names
_NATIVE_NAME_HEADER = re.compile(
    r"ชื่อ(?:[ \-]?(?:สกุล|นามสกุล))?|ชื่อ-นามสกุล|姓名|氏名|名前|이름|성명|"
    r"(?i:фамилия|имя|фио|прізвище|ім'я|піб)|الاسم|الاسم الكامل|नाम"
)


def header_kind(header: str) -> str | None:
    """What the column's cells are: ``"person"``, ``"reference"``, ``"address"``,
    ``"name_address"`` (a person's name, a comma, an address), ``"org_address"`` (the same
    with an organisation's name, left alone) or ``None``.

    >>> header_kind("TENANT"), header_kind("Patient name"), header_kind("Company name")
    ('person', 'person', None)
    >>> header_kind("DEPT REF"), header_kind("Email address"), header_kind("PROPERTY")
    ('reference', None, 'address')
    """
    if _NATIVE_NAME_HEADER.fullmatch(header.strip()):
        return "person"  # "ชื่อ-สกุล", "姓名", "Фамилия"
    words = _words(header)
    if not words or len(words) > 4:
        return None
    if words[-1] == "by" and len(words) == 2 and words[0] in _BY_VERBS:
        return "person"
    if words == ["assigned", "to"] or words == ["next", "of", "kin"]:
        return "person"
    if any(w in _ADDRESS_WORDS for w in words):
        if any(w in _NOT_ADDRESS_WORDS for w in words):
            return None
        if "name" in words or words[0] in _PERSON_WORDS:  # "Patient name & address"
            return "org_address" if any(w in _NOT_PERSON_WORDS for w in words) else "name_address"
        return "address"
    if words in _POSTCODE_HEADERS:
        return "postcode"  # "postcode", "ZIP code", "PLZ": the cell is part of an address
    if tuple(words) in _LOGIN_HEADERS:
        return "login"
    if words in (["sort", "code"], ["sort", "codes"], ["transit"], ["transit", "no"]):
        return "bank_code"  # a bank's sort code or transit number: the account's, in a table
    if any(w in _NOT_REFERENCE_WORDS for w in words):
        return None
    if len(words) >= 2 and any(w in _REFERENCE_WORDS for w in words[1:]):
        return "reference"  # "Patient no.", "Client ref", "Customer ID"
    if words[0] in _REFERENCE_WORDS and words[0] not in _PERSON_WORDS:
        return "reference"  # "Ref", "Tracking", "Claim no."
    if any(w in _NOT_PERSON_WORDS for w in words):
        return None
    if words[-1] in _PERSON_WORDS or words[0] in _PERSON_WORDS:
        return "person"
    return None


def _reference_type(header: str) -> str:
    words = set(_words(header))
    if words & _ACCOUNT_WORDS:
        return "ACCOUNT_NUMBER"
    if words & _ID_WORDS:
        return "NATIONAL_ID"
    return "CASE_NUMBER"


# --- what a cell holds ----------------------------------------------------------------------

_CJK_NAME_CELL = re.compile(r"[\u4e00-\u9fff]{2,4}|[\uac00-\ud7a3]{2,4}")
_NAME_TOKEN = re.compile(r"[^\W\d_](?:[^\W\d_]|['\u2019.\-](?=[^\W\d_]))*\.?")
_PARTICLES = frozenset(
    "de da das do dos du van von der den la le del della di bin binti al el ter ten y e".split()
)
_SEPARATOR = re.compile(r"[ \t]*(?:/|&|;|\band\b|\+)[ \t]*")
_CODE = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9]|[/\-.](?=[A-Za-z0-9])){4,23}")
# dates, times and amounts ("1,204", "18.50", "2024"); a long run of digits is a number
_DATE_OR_TIME = re.compile(
    r"[0-9]{1,4}[/.\-][0-9]{1,2}(?:[/.\-][0-9]{2,4})?|[0-9]{1,2}[:.][0-9]{2}"
    r"|[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]+\.[0-9]+|[0-9]{1,5}"
)
# a house number before a word: "14 Dixon Avenue", "0/1, 14 Dixon Avenue", "12B Rua Augusta"
# a login: one token of letters, digits and ._-@ with a letter ("DCHATTERJEE", "EXT_SAKTER")
_LOGIN_CELL = re.compile(r"(?=[^\s]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9._\-@]{2,39}")
# a UK sort code ("30-94-17") or a Canadian transit number ("00734", "00734-004")
_BANK_CODE_CELL = re.compile(r"[0-9]{2}[\- ]?[0-9]{2}[\- ]?[0-9]{2}|[0-9]{5}(?:-[0-9]{3})?")
_NOT_LOGINS = frozenset({"n/a", "none", "nil", "tbc", "tba", "yes", "no", "unknown", "shared"})
_ADDRESS_CELL = re.compile(r"(?:^|.*?[\s,])[0-9]{1,5}[A-Za-z]?,?[ \t]+[^\W\d_]{2,}")


@lru_cache(maxsize=1)
def _name_lists() -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    gaz = load_gazetteer(None)
    return gaz.given, gaz.surnames, gaz.known_tokens, frozenset(gaz.org_suffixes)


def _rare(word: str) -> bool:
    from privtext.tagging.recognizers.person_cues import _rare_as_word

    return _rare_as_word(word, 3.0)


_NAME_PARTICLES = _PARTICLES | {"abu", "ibn", "ben"}


def _hyphenated_name(word: str, given: frozenset[str], surnames: frozenset[str]) -> bool:
    """Every part of a hyphenated word a listed name or a particle, one of them a name."""
    parts = [p.title() for p in word.split("-")]
    names = [p in given or p in surnames for p in parts]
    return any(names) and all(n or p.lower() in _NAME_PARTICLES
                              for p, n in zip(parts, names, strict=True))  # fmt: skip


def _is_name(words: list[str]) -> bool:
    from privtext.tagging.recognizers.gazetteer import MONTHS_DAYS, STOPWORDS, TITLES
    from privtext.tagging.recognizers.job_title import job_title_set
    from privtext.tagging.recognizers.organization import HEAD_SET

    given, surnames, known, suffixes = _name_lists()
    if " ".join(words).lower() in job_title_set():
        return False
    named = False
    for w in words:
        bare = w.rstrip(".")
        if w.lower() in _PARTICLES:
            continue
        if len(bare) == 1 and bare.isupper():
            continue  # an initial
        title = bare[:1].upper() + bare[1:].lower() if bare.isupper() else bare
        if not bare[:1].isupper() or title in STOPWORDS or title in MONTHS_DAYS:
            return False
        if title in TITLES or title in HEAD_SET or title in suffixes:
            return False
        if title in given or title in surnames:
            named = True
        elif bare.isupper() and (bare.title() in surnames or bare.title() in given):
            named = True  # "O'BRIEN": the parts capitalised ("O'Brien")
        elif "-" in bare and _hyphenated_name(bare, given, surnames):
            named = True  # "AL-HASSAN", "Abu-Bakr"
        elif title not in known and len(bare) >= 4 and _rare(bare.lower()):
            named = True
    return named


_INITIALS_CELL = re.compile(r"[A-Z](?:[A-Z]|Mc|Mac|O')?[A-Z]{1,2}|[A-Z][a-z][A-Z]")
_NOT_INITIALS = frozenset({"NA", "NIL", "TBC", "TBA", "YES", "OK", "ALL", "NONE", "ANY", "DNC"})


def _parts(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """A cell cut at "/", "&", "and", ";" and "+", and at a comma followed by two words
    ("Mohammed Ali Hassan, Fadumo Hassan"; not "Oyelaran, A.")."""
    cuts = [(m.start(), m.end()) for m in _SEPARATOR.finditer(text, a, b)]
    for m in re.finditer(r",[ \t]*", text[a:b]):
        after = text[a + m.end() : b].split(",")[0].split()
        if len(after) >= 2 and not all(len(w.rstrip(".")) == 1 for w in after):
            cuts.append((a + m.start(), a + m.end()))
    out = []
    pos = a
    for x, y in sorted(cuts):
        if x >= pos:
            out.append((pos, x))
            pos = y
    out.append((pos, b))
    return out


def _names_in_cell(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """The names in a cell of a person column, titles left outside; the cell's initials
    ("JH", "EMcL") when the cell is nothing else."""
    from privtext.tagging.recognizers.gazetteer import TITLES
    from privtext.tagging.recognizers.job_title import ACRONYMS

    cell = text[a:b]
    if _CJK_NAME_CELL.fullmatch(cell):
        from privtext.tagging.script_names import _KO_SURNAMES, _ZH_SURNAMES

        # "林浩然", "周雨桐" under "姓名"; "김민준" under "이름": a surname first, no spaces
        return [(a, b)] if cell[0] in _ZH_SURNAMES or cell[0] in _KO_SURNAMES else []
    if _INITIALS_CELL.fullmatch(cell):
        if cell.upper() in _NOT_INITIALS or cell in ACRONYMS:
            return []
        return [(a, b)]
    out = []
    for s, e in _parts(text, a, b):
        tokens = list(_NAME_TOKEN.finditer(text, s, e))
        if not tokens or len(tokens) > 6:
            return []
        # only tokens, spaces and one comma ("Oyelaran, A.") in the part
        rest = re.sub(r"[ \t,]", "", "".join(text[x.end() : y.start()] for x, y in
                                            zip(tokens, tokens[1:], strict=False)))  # fmt: skip
        if rest or tokens[0].start() != s or tokens[-1].end() != e:
            return []
        while tokens and tokens[0].group().rstrip(".") in TITLES:
            tokens = tokens[1:]
        if not tokens or not _is_name([t.group() for t in tokens]):
            return []
        end = tokens[-1].end()
        if text[end - 1] == "." and len(tokens[-1].group()) > 2:
            end -= 1  # "Smith." closes a sentence; "A." is an initial
        out.append((tokens[0].start(), end))
    return out


_SHORT_NAME = re.compile(r"[A-Z][a-z]{1,11}")
_NOT_SHORT_NAMES = frozenset({"Yes", "No", "None", "Nil", "Vacant", "Tbc", "Tba", "Self", "All"})


def _short_name_cell(cell: str) -> bool:
    """One capitalised word that may be a short name or a nickname ("Raf", "Bea"): no function
    word, month, title or job, and no place or organisation word that is no name."""
    from wordfreq import zipf_frequency

    from privtext.tagging.recognizers.gazetteer import MONTHS_DAYS, STOPWORDS, TITLES
    from privtext.tagging.recognizers.job_title import job_title_set

    if _SHORT_NAME.fullmatch(cell) is None or cell in _NOT_SHORT_NAMES:
        return False
    if cell in STOPWORDS or cell in MONTHS_DAYS or cell in TITLES:
        return False
    if cell.lower() in job_title_set() or zipf_frequency(cell.lower(), "en") >= 5.0:
        return False
    given, surnames, known, _suffixes = _name_lists()
    return cell in given or cell in surnames or cell not in known


# a code after a short prefix of capitals: "MUM 184420", "CT 0419932", "F 204118"
_PREFIXED_CODE = re.compile(r"[A-Z]{1,3}[ \t]+([0-9][0-9A-Z]{3,15})")


def _reference_in_cell(text: str, a: int, b: int) -> bool:
    cell = text[a:b]
    prefixed = _PREFIXED_CODE.fullmatch(cell)
    if prefixed is not None:
        cell = prefixed.group(1)
    if _CODE.fullmatch(cell) is None or _DATE_OR_TIME.fullmatch(cell) is not None:
        return False
    return sum(c.isdigit() for c in cell) >= 2


# --- tagging --------------------------------------------------------------------------------


def _place(kept: list[Span], new: Span, cell: tuple[int, int], own: frozenset[str]) -> bool:
    """Whether ``new`` may go in: every kept span it overlaps lies inside ``cell`` and is a
    guess or of the types in ``own``; those are dropped from ``kept``."""
    hits = [k for k, s in enumerate(kept) if s.start < new.end and new.start < s.end]
    for k in hits:
        s = kept[k]
        if s.start < cell[0] or s.end > cell[1]:
            return False
        if s.entity_type not in own and s.source not in GUESS_SOURCES and s.score >= _WEAK:
            return False
        if (s.start, s.end, s.entity_type) == (new.start, new.end, new.entity_type) and (
            s.score >= new.score
        ):
            return False  # already there
    for k in reversed(hits):
        del kept[k]
    kept.append(new)
    return True


def _address(kept: list[Span], text: str, a: int, b: int) -> bool:
    if b - a < 8 or not _ADDRESS_CELL.match(text[a:b]):
        return False
    new = Span(a, b, "STREET_ADDRESS", SCORE, ADDRESS_SOURCE)
    return _place(kept, new, (a, b), frozenset({"STREET_ADDRESS", "POSTCODE", "LOCATION"}))


def header_cells(text: str) -> list[tuple[int, int]]:
    """The header cells of the tables drawn with bars whose second row is a rule ("|---|")."""
    if text.count("|") < 4 or "-|" not in text.replace(" ", ""):
        return []
    out: list[tuple[int, int]] = []
    lines = _lines(text)
    for k in range(len(lines) - 1):
        start, line = lines[k]
        nxt = lines[k + 1][1]
        if line.count("|") >= 2 and "-" in nxt and _RULE_ROW.fullmatch(nxt):
            out.extend((a, b) for a, b in bar_cells(start, line) if a < b)
    return out


# Field names that open a form's two-cell row ("| Religion | Roman Catholic |")
_ROW_LABELS = frozenset(
    """
    name surname forename nationality religion faith address phone telephone mobile email
    occupation employer gender sex status place town city country county region age date
    reference notes relationship language denomination ethnicity citizenship residence
    """.split()
)


def label_cells(text: str) -> list[tuple[int, int]]:
    """The first cells of two-cell rows of bar tables that are a field's name ("| Religion |
    Roman Catholic |", "| Place of death | Marie Curie Hospice |")."""
    if text.count("|") < 3:
        return []
    out: list[tuple[int, int]] = []
    for start, line in _lines(text):
        if line.count("|") < 2:
            continue
        cells = [(a, b) for a, b in bar_cells(start, line) if a < b]
        if len(cells) == 2:
            a, b = cells[0]
            words = _words(text[a:b])
            if words and words[0] in _ROW_LABELS and len(words) <= 4:
                out.append((a, b))
    return out


def header_cells_are_no_entities(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the NER or list guesses that are exactly a table's header cell
    ("| Thu | Fri |", "| Expiry |", "| Proposer |": the header names the column) or the field
    name opening a form's two-cell row ("| Religion | Roman Catholic |").

    Args:
        text: the document.
        spans: the kept spans.

    Returns:
        The spans, order kept.
    """
    cells = set(header_cells(text)) | set(label_cells(text))
    if not cells:
        return spans
    out = [
        s for s in spans
        if not ((s.start, s.end) in cells and s.source in GUESS_SOURCES
                and s.entity_type in ("PERSON", "ORGANIZATION", "LOCATION", "NATIONALITY"))
    ]  # fmt: skip
    return out if len(out) != len(spans) else spans


def entities_in_table_columns(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with persons, reference numbers and addresses read from table headers.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans, non-overlapping and sorted by start.
    """
    if "  " not in text and "\t" not in text and text.count("|") < 4 and text.count(",") < 4:
        return spans
    kept = list(spans)
    changed = False
    for col in table_columns(text):
        kind = header_kind(col.header)
        if kind is None:
            continue
        if kind == "person":
            found = {(a, b): _names_in_cell(text, a, b) for a, b in col.cells}
            confirmed = any(found.values())
            for (a, b), names in found.items():
                if not names and confirmed and _short_name_cell(text[a:b]):
                    names = [(a, b)]  # "Raf" under "Canvasser", beside "JH" and "EMcL"
                for s, e in names:
                    new = Span(s, e, "PERSON", SCORE, PERSON_SOURCE)
                    changed |= _place(kept, new, (a, b), frozenset({"PERSON"}))
            continue
        for a, b in col.cells:
            if kind == "bank_code" and _BANK_CODE_CELL.fullmatch(text, a, b) is not None:
                new = Span(a, b, "ACCOUNT_NUMBER", SCORE, REFERENCE_SOURCE)
                changed |= _place(kept, new, (a, b), _REFERENCE_OWN)
            elif kind == "login" and _LOGIN_CELL.fullmatch(text, a, b) is not None:
                if text[a:b].lower() not in _NOT_LOGINS:
                    new = Span(a, b, "USERNAME", SCORE, LOGIN_SOURCE)
                    changed |= _place(kept, new, (a, b), frozenset({"USERNAME"}))
            elif kind == "reference" and _reference_in_cell(text, a, b):
                new = Span(a, b, _reference_type(col.header), SCORE, REFERENCE_SOURCE)
                changed |= _place(kept, new, (a, b), _REFERENCE_OWN)
            elif kind in ("name_address", "org_address"):
                comma = text.find(",", a, b)
                if comma < 0:
                    continue
                if kind == "name_address":
                    for s, e in _names_in_cell(text, a, comma):
                        new = Span(s, e, "PERSON", SCORE, PERSON_SOURCE)
                        changed |= _place(kept, new, (a, comma), frozenset({"PERSON"}))
                start = comma + 1
                while start < b and text[start] in " \t":
                    start += 1
                changed |= _address(kept, text, start, b)
            elif kind == "address":
                changed |= _address(kept, text, a, b)
            elif kind == "postcode" and _POSTCODE_CELL.fullmatch(text, a, b) is not None:
                new = Span(a, b, "POSTCODE", SCORE, ADDRESS_SOURCE)
                changed |= _place(kept, new, (a, b), frozenset({"POSTCODE", "LOCATION"}))
    if not changed:
        return spans
    return sorted(kept, key=lambda s: (s.start, s.end))
