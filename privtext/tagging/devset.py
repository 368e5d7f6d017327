"""Build the tagger development set: hand-labelled realistic documents plus Faker templates.

Two parts, written together as gold JSONL (see :mod:`privtext.tagging.evaluate`):

* ``real-*``: hand-written documents in ``privtext/data/tagger_dev/*.md`` (letters, e-mails,
  support tickets, chats, ECHR-style judgments, CVs, medical letters, HR notes, police reports,
  news, social posts). Every person, address and number in them is invented.
* ``tpl-*``: :func:`generate_templates` documents, built from 30+ multi-sentence templates with
  Faker values in nine locales; spans are recorded while the text is assembled.

Markup
------
Entities are written inline as ``[[surface text|LABEL]]``; the surface may span lines (postal
address blocks). A file holds several documents separated by a line ``---``; the first line of
each document is ``id: <doc id>``.

Labelling guidelines
--------------------
PII (direct identifiers):

* ``PERSON``: full names, bare first names, bare surnames, initials ("J. Smith", "S.E."), names
  written in lower case in chats. The title ("Mr", "Ms", "Dr", "Judge") and the possessive
  "'s" stay outside the span: ``Mr [[Ahmet Yılmaz|PERSON]]``, ``[[Maria|PERSON]]'s``.
* ``EMAIL``, ``PHONE`` (any national or international format, extension included),
  ``IP_ADDRESS``, ``IBAN``, ``CARD_NUMBER``.
* ``ADDRESS``: a street address with its building number, unit, postcode and city when they are
  written as a postal address; a whole address block over several lines is *one* span (the
  country line is included when it is part of the block). "lives at 4 Elm Road, Leeds" is one
  ADDRESS span. A city mentioned alone in prose is a LOCATION (PoII).
* ``ID_NUMBER``: national id, social security, tax, passport, driving-licence, patient/NHS,
  employee and student numbers.
* ``CASE_NUMBER``: application, case, file, ticket, order, claim, tracking and other reference
  numbers ("no. [[36110/97|CASE_NUMBER]]"); the word "no." stays outside.
* ``ACCOUNT_NUMBER``: customer, account, membership and policy numbers (not IBANs or cards).
* ``URL``: a URL that points at a person (profile page, personal site); ``USERNAME``: handles
  and log-in names, the leading "@" included.

PoII (quasi-identifiers):

* ``ORG``: named organisations, employers, companies, banks, hospitals, prisons, police
  stations, courts and public bodies ("the [[Ankara State Security Court|ORG]]", "[[Greenfield
  Foods|ORG]]"); the article "the" stays outside. "the Court", "the Government", "the
  applicant", "the customer" alone are not tagged.
* ``LOCATION``: cities, districts, villages, regions, countries, named places, a street named
  without a building number ("a bar in [[Lipowa Street|LOCATION]]"); a street with its
  number is an ADDRESS.
* ``NATIONALITY``: nationalities, ethnic, religious and political groups ("Turkish",
  "of [[Kurdish|NATIONALITY]] origin"). The adjective naming the respondent State in "the
  Turkish Government" is not tagged.
* ``DATE``: full or partial dates including dates of birth and years in context ("in
  [[1998|DATE]]", "[[12 March 1998|DATE]]", "[[March 1998|DATE]]"); a month alone, weekdays
  and durations are not tagged.
* ``AGE``: "aged [[43|AGE]]", "a [[43-year-old|AGE]]", "[[43 years old|AGE]]", "Smith, [[54|AGE]],".
* ``JOB_TITLE``: professions and job titles ("a [[lawyer|JOB_TITLE]] practising in ...").

Not tagged: amounts of money, ordinary numbers and quantities, months alone, generic roles.

Run ``python -m privtext.tagging.devset --out FILE`` to write the JSONL.
"""

from __future__ import annotations

import argparse
import random
import re
import unicodedata
from datetime import date, timedelta
from pathlib import Path

from faker import Faker

from privtext.errors import InputError
from privtext.tagging.evaluate import GoldDoc, GoldSpan, validate_spans, write_gold

#: Label -> tier for the markup and the templates.
LABEL_TIERS: dict[str, str] = {
    "PERSON": "PII",
    "EMAIL": "PII",
    "PHONE": "PII",
    "ADDRESS": "PII",
    "ID_NUMBER": "PII",
    "CASE_NUMBER": "PII",
    "ACCOUNT_NUMBER": "PII",
    "IBAN": "PII",
    "CARD_NUMBER": "PII",
    "IP_ADDRESS": "PII",
    "URL": "PII",
    "USERNAME": "PII",
    "ORG": "PoII",
    "LOCATION": "PoII",
    "NATIONALITY": "PoII",
    "DATE": "PoII",
    "AGE": "PoII",
    "JOB_TITLE": "PoII",
}

REALISTIC_DIR = Path(__file__).resolve().parent.parent / "data" / "tagger_dev"
DEFAULT_SEED = 20240611

_OPEN, _CLOSE, _SEP = "[[", "]]", "|"


# --------------------------------------------------------------------------------------------
# Markup
# --------------------------------------------------------------------------------------------


def parse_markup(
    text_with_markup: str, source: str = "<string>", first_line: int = 1
) -> tuple[str, list[GoldSpan]]:
    """Strip ``[[surface|LABEL]]`` markup and return the plain text with its gold spans.

    Args:
        text_with_markup: text with inline markup.
        source: file name for error messages.
        first_line: line number of the first line of ``text_with_markup`` in ``source``.

    Returns:
        The plain text and its spans (in order), each span's text equal to its surface.

    Raises:
        InputError: unbalanced or nested markup, missing ``|``, unknown label, empty surface
            or a surface with leading/trailing whitespace; the message names file and line.
    """
    out: list[str] = []
    spans: list[GoldSpan] = []
    pos = 0  # in the markup
    length = 0  # of the plain text so far
    src = text_with_markup

    def line_of(i: int) -> int:
        return first_line + src.count("\n", 0, i)

    while True:
        i = src.find(_OPEN, pos)
        stray = src.find(_CLOSE, pos)
        if stray != -1 and (i == -1 or stray < i):
            raise InputError(f"{source}:{line_of(stray)}: ']]' without an opening '[['")
        if i == -1:
            out.append(src[pos:])
            break
        out.append(src[pos:i])
        length += i - pos
        j = src.find(_CLOSE, i + 2)
        if j == -1:
            raise InputError(f"{source}:{line_of(i)}: '[[' is never closed with ']]'")
        inner = src[i + 2 : j]
        if _OPEN in inner:
            raise InputError(f"{source}:{line_of(i)}: nested '[[' inside {inner!r}")
        if _SEP not in inner:
            raise InputError(f"{source}:{line_of(i)}: markup {inner!r} has no '|LABEL'")
        surface, label = inner.rsplit(_SEP, 1)
        label = label.strip()
        if label not in LABEL_TIERS:
            raise InputError(
                f"{source}:{line_of(i)}: unknown label {label!r} in {inner!r} "
                f"(known: {', '.join(LABEL_TIERS)})"
            )
        if not surface.strip():
            raise InputError(f"{source}:{line_of(i)}: empty surface in {inner!r}")
        if surface != surface.strip():
            raise InputError(
                f"{source}:{line_of(i)}: surface {surface!r} has leading/trailing whitespace"
            )
        spans.append(GoldSpan(length, length + len(surface), LABEL_TIERS[label], label))
        out.append(surface)
        length += len(surface)
        pos = j + 2
    return "".join(out), spans


def _split_blocks(content: str, source: str) -> list[tuple[str, str, int]]:
    """(doc id, markup text, first line number of the text) for each ``---`` block."""
    blocks: list[tuple[str, str, int]] = []
    lines = content.splitlines()
    start = 0
    bounds: list[tuple[int, int]] = []
    for k, line in enumerate(lines):
        if line.strip() == "---":
            bounds.append((start, k))
            start = k + 1
    bounds.append((start, len(lines)))
    for a, b in bounds:
        chunk = lines[a:b]
        k = 0
        while k < len(chunk) and not chunk[k].strip():
            k += 1
        if k == len(chunk):
            continue
        head = chunk[k]
        m = re.fullmatch(r"id:\s*(\S+)\s*", head)
        if m is None:
            raise InputError(
                f"{source}:{a + k + 1}: a document must start with 'id: <doc id>', got {head!r}"
            )
        body = chunk[k + 1 :]
        skip = 0
        while skip < len(body) and not body[skip].strip():
            skip += 1
        body = body[skip:]
        while body and not body[-1].strip():
            body.pop()
        blocks.append((m.group(1), "\n".join(body), a + k + 2 + skip))
    return blocks


def load_realistic(directory: str | Path | None = None) -> list[GoldDoc]:
    """Read the hand-labelled documents (``*.md`` files, sorted by name).

    Args:
        directory: folder of markup files; ``privtext/data/tagger_dev`` by default.

    Returns:
        The documents, ids prefixed ``real-``.

    Raises:
        InputError: bad markup, a missing ``id:`` line or a duplicate id (file and line named).
    """
    folder = REALISTIC_DIR if directory is None else Path(directory)
    files = sorted(folder.glob("*.md"))
    if not files:
        raise InputError(f"no *.md files in {str(folder)!r}")
    docs: list[GoldDoc] = []
    seen: dict[str, str] = {}
    for f in files:
        for doc_id, markup, line in _split_blocks(f.read_text(encoding="utf-8"), f.name):
            full_id = f"real-{doc_id}"
            where = f"{f.name}:{line - 1}"
            if full_id in seen:
                raise InputError(f"{where}: id {doc_id!r} already used in {seen[full_id]}")
            seen[full_id] = where
            text, spans = parse_markup(markup, f.name, line)
            validate_spans(text, spans, where)
            docs.append(GoldDoc(full_id, text, spans))
    return docs


# --------------------------------------------------------------------------------------------
# Templates
# --------------------------------------------------------------------------------------------

LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "tr_TR", "pl_PL")

_COUNTRY = {
    "en_US": ("United States", "American"),
    "en_GB": ("United Kingdom", "British"),
    "de_DE": ("Germany", "German"),
    "fr_FR": ("France", "French"),
    "es_ES": ("Spain", "Spanish"),
    "it_IT": ("Italy", "Italian"),
    "nl_NL": ("Netherlands", "Dutch"),
    "tr_TR": ("Turkey", "Turkish"),
    "pl_PL": ("Poland", "Polish"),
}
_CITIES = {
    "en_US": ["Chicago", "Denver", "Portland", "Austin", "Baltimore", "Sacramento", "Tucson"],
    "en_GB": ["Leeds", "Bristol", "Norwich", "Glasgow", "Cardiff", "Sheffield", "Reading"],
    "de_DE": ["Köln", "Leipzig", "Bremen", "Freiburg", "Dortmund", "Mainz", "Nürnberg"],
    "fr_FR": ["Lyon", "Nantes", "Rennes", "Lille", "Toulouse", "Montpellier", "Grenoble"],
    "es_ES": ["Sevilla", "Valencia", "Bilbao", "Zaragoza", "Málaga", "Granada", "Vigo"],
    "it_IT": ["Torino", "Bologna", "Napoli", "Verona", "Palermo", "Bari", "Firenze"],
    "nl_NL": ["Utrecht", "Eindhoven", "Groningen", "Leiden", "Haarlem", "Tilburg", "Delft"],
    "tr_TR": ["Diyarbakır", "İzmir", "Ankara", "Bursa", "Erzurum", "Malatya", "Van"],
    "pl_PL": ["Kraków", "Gdańsk", "Poznań", "Wrocław", "Lublin", "Łódź", "Katowice"],
}
_EMAIL_DOMAINS = [
    "gmail.com",
    "outlook.com",
    "yahoo.com",
    "proton.me",
    "web.de",
    "orange.fr",
    "libero.it",
    "hotmail.co.uk",
    "wp.pl",
    "ziggo.nl",
    "icloud.com",
]
_PHONE_FORMATS = {
    "en_US": ["+1 (###) ###-####", "(###) ###-####", "###-###-####", "+1 ### ### ####"],
    "en_GB": ["+44 20 #### ####", "07### ######", "+44 7### ######", "0113 ### ####"],
    "de_DE": ["+49 30 ########", "0171 #######", "+49 (0)89 #### ###", "0221/#######"],
    "fr_FR": ["+33 6 ## ## ## ##", "06 ## ## ## ##", "+33 (0)4 ## ## ## ##", "01.##.##.##.##"],
    "es_ES": ["+34 6## ### ###", "6## ## ## ##", "+34 91 ### ## ##"],
    "it_IT": ["+39 3## ### ####", "3## #######", "+39 06 #### ####"],
    "nl_NL": ["+31 6 ########", "06-########", "+31 (0)20 ### ####"],
    "tr_TR": ["+90 5## ### ## ##", "0 (5##) ### ## ##", "0412 ### ## ##"],
    "pl_PL": ["+48 ### ### ###", "### ### ###", "+48 12 ### ## ##"],
}
_JOBS = [
    "teacher",
    "nurse",
    "software engineer",
    "accountant",
    "lorry driver",
    "electrician",
    "journalist",
    "pharmacist",
    "civil servant",
    "police officer",
    "shop assistant",
    "chef",
    "architect",
    "social worker",
    "farmer",
    "mechanic",
    "dentist",
    "lecturer",
    "paralegal",
    "warehouse operative",
    "project manager",
    "data analyst",
    "midwife",
    "translator",
    "head of procurement",
    "customer service adviser",
    "senior auditor",
    "plumber",
]
_COURT_KINDS = [
    "State Security Court",
    "Assize Court",
    "Regional Court",
    "Court of Appeal",
    "District Court",
    "Criminal Court of First Instance",
    "Administrative Court",
]
_PRISON_KINDS = ["E-type Prison", "Prison", "Remand Centre", "Detention Centre"]
_HOSPITAL_KINDS = ["General Hospital", "University Hospital", "City Hospital", "Clinic"]
_SCHOOL_KINDS = [
    "University of {c}",
    "{c} Technical University",
    "{c} College",
    "{c} School of Economics",
    "{c} Grammar School",
]
_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_ASCII = str.maketrans({"ı": "i", "ł": "l", "Ł": "L", "ß": "ss", "ø": "o", "đ": "d"})


def _ascii(s: str) -> str:
    s = unicodedata.normalize("NFKD", s.translate(_ASCII))
    return "".join(c for c in s if c.isascii() and (c.isalnum() or c in "-.")).lower()


Value = tuple[str, str | None]


class _Ctx:
    """Random values of one template document (key -> (text, label or None))."""

    def __init__(self, rng: random.Random, fakers: dict[str, Faker]) -> None:
        self.rng = rng
        self.fakers = fakers
        self.values: dict[str, Value] = {}
        self.home = rng.choice(LOCALES)

    def digits(self, pattern: str) -> str:
        return "".join(str(self.rng.randint(0, 9)) if c == "#" else c for c in pattern)

    def rand_date(self, lo: int, hi: int) -> date:
        start = date(lo, 1, 1)
        return start + timedelta(days=self.rng.randint(0, (date(hi, 12, 31) - start).days))

    def fmt_date(self, d: date) -> str:
        style = self.rng.randrange(6)
        m = _MONTHS[d.month - 1]
        if style == 0:
            return f"{d.day} {m} {d.year}"
        if style == 1:
            return f"{m} {d.day}, {d.year}"
        if style == 2:
            return f"{d.day:02d}/{d.month:02d}/{d.year}"
        if style == 3:
            return d.isoformat()
        if style == 4:
            return f"{d.day:02d}.{d.month:02d}.{d.year}"
        return f"{d.day} {m[:3]} {d.year}"

    def person(self, key: str, locale: str | None = None) -> None:
        loc = locale or (self.home if self.rng.random() < 0.7 else self.rng.choice(LOCALES))
        f = self.fakers[loc]
        female = self.rng.random() < 0.5
        first = f.first_name_female() if female else f.first_name_male()
        last = f.last_name()
        city = self.city(loc)
        country, nat = _COUNTRY[loc]
        dob = self.rand_date(1940, 2004)
        age = 2024 - dob.year
        user = self.rng.choice(
            [
                f"{_ascii(first)}{_ascii(last)[:3]}{self.rng.randint(1, 99)}",
                f"{_ascii(first)}_{_ascii(last)}",
                f.user_name(),
            ]
        )
        email_local = self.rng.choice(
            [
                f"{_ascii(first)}.{_ascii(last)}",
                f"{_ascii(first)[0]}{_ascii(last)}",
                f"{_ascii(first)}{self.rng.randint(70, 99)}",
            ]
        )
        suffix = self.rng.randint(10, 999)
        v = self.values
        v[f"{key}_first"] = (first, "PERSON")
        v[f"{key}_first_lc"] = (first.lower(), "PERSON")
        v[f"{key}_last"] = (last, "PERSON")
        v[f"{key}_full"] = (f"{first} {last}", "PERSON")
        v[f"{key}_init"] = (f"{first[0]}. {last}", "PERSON")
        v[f"{key}_initials"] = (f"{first[0]}.{last[0]}.", "PERSON")
        v[f"{key}_title"] = ("Ms" if female else "Mr", None)
        v[f"{key}_he"] = ("she" if female else "he", None)
        v[f"{key}_He"] = ("She" if female else "He", None)
        v[f"{key}_his"] = ("her" if female else "his", None)
        v[f"{key}_His"] = ("Her" if female else "His", None)
        v[f"{key}_him"] = ("her" if female else "him", None)
        v[f"{key}_email"] = (f"{email_local}@{self.rng.choice(_EMAIL_DOMAINS)}", "EMAIL")
        v[f"{key}_phone"] = (self.digits(self.rng.choice(_PHONE_FORMATS[loc])), "PHONE")
        v[f"{key}_mobile"] = (self.digits(self.rng.choice(_PHONE_FORMATS[loc])), "PHONE")
        v[f"{key}_addr"] = (self.address(loc, city), "ADDRESS")
        v[f"{key}_addr1"] = (self.address(loc, city).replace("\n", ", "), "ADDRESS")
        v[f"{key}_city"] = (city, "LOCATION")
        v[f"{key}_country"] = (country, "LOCATION")
        v[f"{key}_nat"] = (nat, "NATIONALITY")
        v[f"{key}_dob"] = (self.fmt_date(dob), "DATE")
        v[f"{key}_yob"] = (str(dob.year), "DATE")
        v[f"{key}_age"] = (str(age), "AGE")
        v[f"{key}_age_yo"] = (f"{age}-year-old", "AGE")
        v[f"{key}_job"] = (self.rng.choice(_JOBS), "JOB_TITLE")
        v[f"{key}_employer"] = (self.company(), "ORG")
        v[f"{key}_user"] = (user, "USERNAME")
        v[f"{key}_handle"] = (f"@{user}", "USERNAME")
        v[f"{key}_url"] = (
            self.rng.choice(
                [
                    f"https://www.linkedin.com/in/{_ascii(first)}-{_ascii(last)}-{suffix}",
                    f"https://github.com/{user}",
                    f"https://{_ascii(first)}{_ascii(last)}.com",
                    f"https://twitter.com/{user}",
                ]
            ),
            "URL",
        )
        v[f"{key}_id"] = (self.national_id(loc), "ID_NUMBER")
        v[f"{key}_passport"] = (
            self.digits(self.rng.choice(["U########", "C#######", "##AB#####", "P########"])),
            "ID_NUMBER",
        )
        v[f"{key}_iban"] = (self.iban(f), "IBAN")
        v[f"{key}_card"] = (self.card(f), "CARD_NUMBER")
        v[f"{key}_cust"] = (
            self.digits(self.rng.choice(["CU-######", "#########", "K########", "ACC-####-####"])),
            "ACCOUNT_NUMBER",
        )

    def city(self, loc: str) -> str:
        if self.rng.random() < 0.75:
            return self.rng.choice(_CITIES[loc])
        return str(self.fakers[loc].city())

    def address(self, loc: str, city: str) -> str:
        f = self.fakers[loc]
        if loc == "en_US":
            return f"{f.street_address()}\n{city}, {f.state_abbr()} {f.postcode()}"
        if loc == "en_GB":
            return f"{f.street_address()}\n{city}\n{f.postcode()}"
        if loc in ("de_DE", "nl_NL", "pl_PL", "fr_FR", "es_ES", "it_IT"):
            street = f.street_address()
            if self.rng.random() < 0.3:
                unit = {
                    "de_DE": "Wohnung",
                    "nl_NL": "bus",
                    "pl_PL": "m.",
                    "fr_FR": "Apt",
                    "es_ES": "piso",
                    "it_IT": "int.",
                }[loc]
                street += f", {unit} {self.rng.randint(1, 30)}"
            return f"{street}\n{f.postcode()} {city}"
        # tr_TR: Turkish-style address
        mah = f.last_name()
        return (
            f"{mah} Mah. {f.last_name()} Sok. No: {self.rng.randint(1, 120)}/"
            f"{self.rng.randint(1, 20)}\n{self.digits('#####')} {city}"
        )

    def company(self) -> str:
        f = self.fakers[self.rng.choice(LOCALES)]
        return str(f.company())

    def national_id(self, loc: str) -> str:
        f = self.fakers[loc]
        if loc in ("en_US", "en_GB", "fr_FR", "it_IT", "nl_NL", "tr_TR"):
            return str(f.ssn())
        if loc == "pl_PL":
            return str(f.pesel())
        if loc == "es_ES":
            return str(f.nif())
        return self.digits("## ### ### ###")

    def iban(self, f: Faker) -> str:
        raw = str(f.iban())
        if self.rng.random() < 0.5:
            return " ".join(raw[i : i + 4] for i in range(0, len(raw), 4))
        return raw

    def card(self, f: Faker) -> str:
        raw = str(f.credit_card_number(card_type=self.rng.choice(["visa16", "mastercard"])))
        if self.rng.random() < 0.6:
            return " ".join(raw[i : i + 4] for i in range(0, len(raw), 4))
        return raw

    def common(self) -> None:
        rng = self.rng
        loc = self.home
        v = self.values
        for k in ("p", "q", "r", "s"):
            self.person(k)
        c1, c2 = self.city(loc), self.city(loc)
        v["city1"] = (c1, "LOCATION")
        v["city2"] = (c2, "LOCATION")
        v["country"] = (_COUNTRY[loc][0], "LOCATION")
        v["nat"] = (_COUNTRY[loc][1], "NATIONALITY")
        v["court"] = (f"{c1} {rng.choice(_COURT_KINDS)}", "ORG")
        v["court2"] = (f"{c2} {rng.choice(_COURT_KINDS)}", "ORG")
        v["prison"] = (f"{c2} {rng.choice(_PRISON_KINDS)}", "ORG")
        v["hospital"] = (f"{c1} {rng.choice(_HOSPITAL_KINDS)}", "ORG")
        v["school"] = (rng.choice(_SCHOOL_KINDS).format(c=c2), "ORG")
        v["police"] = (f"{c1} Police Headquarters", "ORG")
        v["company"] = (self.company(), "ORG")
        v["company2"] = (self.company(), "ORG")
        yy = rng.randint(1990, 2023)
        v["appno"] = (f"{rng.randint(1000, 79999)}/{yy % 100:02d}", "CASE_NUMBER")
        v["appno2"] = (f"{rng.randint(1000, 79999)}/{yy % 100:02d}", "CASE_NUMBER")
        v["caseref"] = (
            self.digits(
                rng.choice(
                    [
                        "####/###",
                        "E.####/###",
                        "K. ####/##",
                        "CR-####-####",
                        "3 O ###/##",
                        "HQ##X#####",
                    ]
                )
            ),
            "CASE_NUMBER",
        )
        v["ticket"] = (
            self.digits(rng.choice(["#######", "TCK-######", "INC#######", "#####-##"])),
            "CASE_NUMBER",
        )
        v["order"] = (
            self.digits(
                rng.choice(["###-#######-#######", "ORD-######", "#########", "A########"])
            ),
            "CASE_NUMBER",
        )
        v["ip"] = (
            str(
                self.fakers["en_US"].ipv4_public()
                if rng.random() < 0.8
                else self.fakers["en_US"].ipv6()
            ),
            "IP_ADDRESS",
        )
        for i in range(1, 6):
            v[f"d{i}"] = (self.fmt_date(self.rand_date(yy - 12, min(yy + 1, 2024))), "DATE")
        v["year"] = (str(yy), "DATE")
        v["year0"] = (str(yy - rng.randint(2, 9)), "DATE")
        v["month_year"] = (f"{rng.choice(_MONTHS)} {yy}", "DATE")
        v["amount"] = (f"{rng.randint(20, 9000):,}", None)
        v["n"] = (str(rng.randint(2, 12)), None)


_PLACEHOLDER = re.compile(r"\{(\w+)\}")

# Templates: placeholders name values of _Ctx; text outside placeholders is literal.
TEMPLATES: list[str] = [
    # 1 ECHR procedure
    "PROCEDURE\n\n1. The case originated in an application (no. {appno}) against "
    "{country} lodged with the Court under Article 34 of the Convention by a {nat} "
    'national, {p_title} {p_full} ("the applicant"), on {d1}.\n\n2. The applicant was '
    "represented by {q_title} {q_init}, a {q_job} practising in {city1}. The Government "
    '("the Government") were represented by their Agent.\n\n3. The applicant was born in '
    "{p_yob} and lives in {city2}.",
    # 2 ECHR facts arrest
    "4. On {d1} the applicant was arrested by police officers from the anti-terrorism branch "
    "of the {police} and taken into custody. {p_He} was questioned about {p_his} alleged "
    "membership of an illegal organisation.\n\n5. On {d2} {p_last} was brought before a "
    "judge of the {court}, who ordered {p_his} detention on remand. {p_He} was held in the "
    "{prison} until {d3}, when the {court2} acquitted {p_him}.",
    # 3 ECHR domestic proceedings
    "The applicant, {p_title} {p_full}, is a {nat} national who was born in {p_yob} and lives "
    "in {city1}. {p_He} worked as a {p_job} for {p_employer} until {year0}. On {d1} {p_he} "
    "brought an action for compensation before the {court}. The {court} dismissed the claim "
    "on {d2}. An appeal by {p_last} to the {court2} was dismissed on {d3}, and that decision "
    "was served on {p_his} lawyer, {q_title} {q_full}, on {d4}.",
    # 4 formal letter with address blocks
    "{p_full}\n{p_addr}\n\n{d1}\n\n{company}\nCustomer Relations\n{q_addr}\n\nYour ref: "
    "{order}\n\nDear Sir or Madam,\n\nI am writing to complain about the delivery of my order. "
    "Despite several calls to your helpline, nobody has contacted me. My customer number is "
    "{p_cust} and I can be reached on {p_phone} or at {p_email}.\n\nYours faithfully,\n\n"
    "{p_full}",
    # 5 informal email
    "From: {q_full} <{q_email}>\nTo: {p_email}\nDate: {d1}\nSubject: Re: meeting next week\n\n"
    "Hi {p_first},\n\nThanks for getting back to me so quickly. {r_first} and I can come to "
    "{city1} on Thursday; could we meet at the {company} office around 10? If anything "
    "changes, call me on {q_mobile}.\n\nBest,\n{q_first}\n\n--\n{q_full}\n{q_job}, "
    "{q_employer}\nT: {q_phone}",
    # 6 support ticket
    "Ticket #{ticket} | Priority: normal | Opened {d1}\nCustomer: {p_full} (account {p_cust})\n"
    "Email: {p_email}\nPhone: {p_phone}\n\nCustomer says the router keeps dropping the "
    "connection every evening. Public IP at the time of the call was {ip}. Asked {p_first} to "
    "restart the modem and to send a photo of the lights. Escalated to {r_first} in second "
    "line support.\n\nAgent: {q_first}",
    # 7 chat transcript
    "[{d1} 14:02] {q_first_lc}: hi {p_first_lc} did u get the parcel??\n[{d1} 14:05] "
    "{p_first_lc}: not yet, tracking says its still in {city1} lol\n[{d1} 14:05] "
    "{q_first_lc}: ugh. order number was {order} if u wanna chase it\n[{d1} 14:07] "
    "{p_first_lc}: ok ill ring them. my new number is {p_mobile} btw\n[{d1} 14:08] "
    "{q_first_lc}: saved. say hi to {r_first_lc} from me",
    # 8 CV
    "CURRICULUM VITAE\n\n{p_full}\n{p_addr}\n{p_phone} | {p_email} | {p_url}\n"
    "Date of birth: {p_dob} | Nationality: {p_nat}\n\nPROFILE\nExperienced {p_job} with a "
    "track record in team leadership.\n\nEXPERIENCE\n{year0} - present: {p_job}, {company}, "
    "{city1}\n{d5} - {year0}: trainee, {company2}, {city2}\n\nEDUCATION\n{school}, "
    "graduated {year}\n\nReferences available from {q_title} {q_full} ({q_email}).",
    # 9 medical referral
    "{hospital}\nDepartment of Cardiology\n\n{d1}\n\nDear Dr {q_last},\n\nRe: {p_full}, "
    "DOB {p_dob}, patient no. {p_id}\n{p_addr1}\n\nThank you for referring this {p_age_yo} "
    "{p_job} who presented with chest pain on exertion. {p_His} ECG showed no acute changes. "
    "I have arranged an exercise test and will see {p_first} again in six weeks. "
    "{p_His} daughter, {r_first}, can be contacted on {r_phone}.\n\nYours sincerely,\n\n"
    "Dr {r_full}\nConsultant Cardiologist",
    # 10 HR note
    "HR file note - confidential\nEmployee: {p_full} (staff no. {p_id})\nJob title: {p_job}\n"
    "Line manager: {q_full}\nDate: {d1}\n\n{p_first} met {q_first} and me to discuss "
    "{p_his} return to work after sick leave. {p_He} asked to work from home two days a week. "
    "{q_last} agreed to a trial until {d2}. Next review with HR ({r_init}) on {d3}.",
    # 11 police report
    "INCIDENT REPORT {caseref}\nDate/time: {d1}, approx. 23:40\nLocation: outside {p_addr1}\n\n"
    "Officers attended following a call from the occupant, {p_full} (aged {p_age}), who "
    "reported that a {q_age_yo} man, later identified as {q_full} of {q_addr1}, had damaged "
    "{p_his} car. {q_last}, a {q_nat} national, was cautioned. Witness: {r_full}, "
    "tel. {r_phone}.",
    # 12 news
    "{p_full}, {p_age}, a {p_job} from {city1}, was named on {d1} as the winner of this "
    "year's regional innovation prize. {p_first} founded {company} in {year0} with "
    '{p_his} former colleague {q_full}. "We never expected this," said {q_last}, who grew '
    "up in {city2}. The award was presented at the {school}.",
    # 13 social post
    "so proud of my sister {p_first} who just finished the {city1} marathon in under 4 hours!!"
    " 🏃‍♀️ huge thanks to {q_handle} for the training plan and to everyone at {company} for "
    "the sponsorship. next stop {city2} in {month_year} 💪 #running",
    # 14 bank letter
    "{company}\n\n{p_title} {p_full}\n{p_addr}\n\n{d1}\n\nAccount holder: {p_full}\nIBAN: "
    "{p_iban}\nCustomer number: {p_cust}\n\nDear {p_title} {p_last},\n\nWe have updated the "
    "terms of your current account. Nothing changes for payments of up to {amount} EUR. If "
    "you have any questions, your adviser {q_full} is available on {q_phone}.\n\nKind regards,"
    "\n{q_init}\n{q_job}",
    # 15 security log
    "Security alert {ticket} raised {d1}\nUser {p_user} ({p_email}) signed in from {ip} at "
    "02:13, a location not seen before ({city1}, {country}). Five failed attempts preceded "
    "the login. The account was locked and {p_first} was asked to reset the password. "
    "Analyst: {q_full}.",
    # 16 insurance claim
    "Claim {caseref} - motor\nPolicyholder: {p_full}, policy no. {p_cust}\nAddress: {p_addr1}\n"
    "Date of loss: {d1}\n\nThe insured, a {p_age_yo} {p_job}, states that {p_his} vehicle "
    "was hit while parked near the {hospital}. The third party, {q_full}, provided "
    "{q_his} details ({q_phone}). Repairs estimated at {amount} EUR.",
    # 17 tenancy
    'TENANCY AGREEMENT\n\nThis agreement is made on {d1} between {p_full} ("the Landlord") '
    'of {p_addr1} and {q_full} ("the Tenant").\n\nThe Landlord lets the property at\n{q_addr}'
    "\nto the Tenant for a term of {n} months starting on {d2}. The rent is {amount} per month, "
    "payable to IBAN {p_iban}.",
    # 18 university admission
    "Dear {p_first},\n\nCongratulations! We are pleased to offer you a place on the MSc "
    "programme at the {school}, starting in {month_year}. Your student number is {p_id}. "
    "Please confirm by {d1} by writing to the admissions officer, {q_full} ({q_email}).\n\n"
    "We look forward to welcoming you to {city2}.",
    # 19 national court summons
    "In the matter {caseref} before the {court}\n\nClaimant: {p_full}, {p_addr1}\n"
    "Defendant: {company}, represented by {q_title} {q_full}\n\nThe hearing is fixed for "
    "{d1}. The claimant, born on {p_dob}, claims damages for unpaid wages from {year0} to "
    "{year}.",
    # 20 obituary
    "{p_full} died peacefully at home in {city1} on {d1}, aged {p_age}. Born in {city2}, "
    "{p_first} worked for more than thirty years as a {p_job} at {p_employer}. {p_He} is "
    "survived by {p_his} partner {q_first}, their daughter {r_first} and {r_first}'s husband "
    "{s_full}.",
    # 21 job offer
    "{company}\n\n{d1}\n\n{p_full}\n{p_addr}\n\nDear {p_first},\n\nFollowing your interview "
    "with {q_full}, we are delighted to offer you the position of {p_job} in our {city1} "
    "office, starting on {d2}. Your annual salary will be {amount}.\n\nSincerely,\n{q_full}\n"
    "{q_job}",
    # 22 travel booking
    "Booking confirmation {order}\nPassenger: {p_last}/{p_first} {p_title}\nPassport: "
    "{p_passport} ({p_nat}), date of birth {p_dob}\nContact: {p_mobile}, {p_email}\n"
    "Flight {city1} - {city2}, departing {d1}.",
    # 23 council complaint
    "Subject: Missed bin collection - ref {ticket}\n\nDear {city1} City Council,\n\nFor the "
    "third week running the recycling at {p_addr1} has not been collected. My neighbour "
    "{q_full} on the same street has the same problem. Please call me on "
    "{p_phone}.\n\n{p_full}",
    # 24 ECHR ill-treatment
    "12. On {d1} the applicant was examined by a doctor at the {hospital}, who noted bruises "
    "on {p_his} arms. On {d2} {p_he} was transferred to the {prison}.\n\n13. {p_title} "
    "{p_last} lodged a complaint with the {city1} public prosecutor's office. The prosecutor, "
    "{q_title} {q_init}, decided not to prosecute on {d3}. The {court} upheld that decision "
    "on {d4}.",
    # 25 ECHR multiple applicants
    "The applicants, {p_title} {p_full}, {q_title} {q_full} and {r_title} {r_full}, are {nat} "
    "nationals who were born in {p_yob}, {q_yob} and {r_yob} respectively. The first "
    "applicant lives in {city1}; the second and third applicants live in {city2}. Their "
    "applications (nos. {appno} and {appno2}) were joined.",
    # 26 meeting minutes
    "Minutes - project steering group, {d1}\nPresent: {p_init} (chair), {q_init}, "
    "{r_initials}\nApologies: none\n\n1. {p_last} reported that {company} had signed the "
    "contract. 2. {q_first} to circulate the draft budget by {d2}. 3. Next meeting in "
    "{city1}.",
    # 27 shipping
    "SHIP TO:\n{p_full}\n{p_addr}\n{p_country}\nTel: {p_phone}\n\nTracking: {order}\nSender: "
    "{company}, {city2}\nDispatched {d1}",
    # 28 forum post
    "Posted by {p_user} on {d1}\n\nHas anyone else had trouble with {company}? My brother "
    "{q_first} works in {city1} and they told him his contract ends in {month_year}. He's "
    "a {q_job}, {q_age} years old, no chance of finding something new easily. DM me or "
    "mail {p_email}.",
    # 29 reference letter
    "To whom it may concern,\n\nI have known {p_title} {p_full} for five years as {p_his} "
    "supervisor at {p_employer} in {city1}, where {p_he} worked as a {p_job}. {p_first} is "
    "reliable and well liked. Please contact me at {q_email} or {q_phone}.\n\n{q_full}\n"
    "{q_job}",
    # 30 visa application
    "Visa application {caseref}\nApplicant: {p_full}\nNationality: {p_nat}\nDate of birth: "
    "{p_dob}\nPlace of birth: {p_city}\nPassport no.: {p_passport}\nAddress in host country: "
    "{q_addr1}\nHost: {q_full}, {q_job}",
    # 31 witness statement
    "WITNESS STATEMENT\n\nMy name is {p_full}. I am {p_age} years old and I work as a {p_job} "
    "at {p_employer}. On {d1} I was walking home along {city1} high street when I saw "
    "{q_first}, whom I know from school, arguing with a man I now know to be {r_full}. "
    "My phone number is {p_mobile}.",
    # 32 prescription
    "{hospital} - outpatient pharmacy\nPatient: {p_init}   DOB: {p_dob}   ID: {p_id}\n"
    "Prescriber: Dr {q_last}\nDate: {d1}\n\nPlease dispense 28 tablets. Patient asked that "
    "the pharmacy call {p_his} son {r_first} on {r_phone} when ready.",
    # 33 wire transfer
    "Hi {q_first},\n\nCould you please wire the deposit today? Beneficiary: {p_full}\nBank: "
    "{company}\nIBAN: {p_iban}\nReference: {order}\n\nThe card we used last time "
    "({p_card}) has been cancelled. Thanks,\n{p_first}",
    # 34 SMS thread
    "{q_first}: running late, stuck on the ring road near {city1}\n{p_first}: no worries. "
    "{r_first} is already here\n{q_first}: if the gate is locked call {r_first} on "
    "{r_mobile}\n{p_first}: 👍",
    # 35 immigration detention ECHR
    "The applicant, a {p_nat} national of {nat2} origin, arrived in {country} on {d1}. {p_His}"
    " asylum application was registered under no. {caseref}. {p_He} was placed in the "
    "{prison} on {d2}, where {p_he} was visited by {p_his} lawyer, {q_title} {q_last}, on "
    "{d3}.",
]


def _render(template: str, values: dict[str, Value]) -> tuple[str, list[GoldSpan]]:
    parts: list[str] = []
    spans: list[GoldSpan] = []
    pos = 0
    length = 0
    for m in _PLACEHOLDER.finditer(template):
        lit = template[pos : m.start()]
        parts.append(lit)
        length += len(lit)
        value, label = values[m.group(1)]
        if label is not None:
            spans.append(GoldSpan(length, length + len(value), LABEL_TIERS[label], label))
        parts.append(value)
        length += len(value)
        pos = m.end()
    parts.append(template[pos:])
    return "".join(parts), spans


def _fakers(seed: int) -> dict[str, Faker]:
    out = {}
    for i, loc in enumerate(LOCALES):
        f = Faker(loc)
        f.seed_instance(seed * 31 + i)
        for provider in f.providers:
            # Faker's Italian city list is built from a set, so its order (and the city a
            # seeded draw picks) changed with Python's hash seed: sorted, the documents are
            # the same in every process
            if loc == "it_IT" and isinstance(getattr(provider, "cities", None), list):
                provider.cities = sorted(provider.cities)
        out[loc] = f
    return out


def generate_templates(n: int, seed: int = DEFAULT_SEED) -> list[GoldDoc]:
    """Generate ``n`` template documents with Faker values (deterministic for a seed).

    Templates are used in turn (document ``i`` uses template ``i % len(TEMPLATES)``) so every
    genre is represented; values differ per document.

    Args:
        n: number of documents.
        seed: random seed (Python ``random`` and ``Faker.seed_instance``).

    Returns:
        Documents with ids ``tpl-00000``, ``tpl-00001``, ...
    """
    rng = random.Random(seed)
    fakers = _fakers(seed)
    docs: list[GoldDoc] = []
    for i in range(n):
        ctx = _Ctx(rng, fakers)
        ctx.common()
        other = rng.choice([loc for loc in LOCALES if loc != ctx.home])
        ctx.values["nat2"] = (_COUNTRY[other][1], "NATIONALITY")
        text, spans = _render(TEMPLATES[i % len(TEMPLATES)], ctx.values)
        doc_id = f"tpl-{i:05d}"
        validate_spans(text, spans, doc_id)
        docs.append(GoldDoc(doc_id, text, spans))
    return docs


def build_devset(
    out_path: str | Path, n_templates: int = 400, seed: int = DEFAULT_SEED
) -> list[GoldDoc]:
    """Write the dev set (realistic documents first, then templates) as gold JSONL.

    Args:
        out_path: output JSONL path.
        n_templates: number of template documents.
        seed: template seed.

    Returns:
        The documents written.
    """
    docs = load_realistic() + generate_templates(n_templates, seed)
    write_gold(out_path, docs)
    return docs


def summary(docs: list[GoldDoc]) -> dict[str, int]:
    """Counts for a report: docs, chars, spans per tier and per label."""
    out: dict[str, int] = {"docs": len(docs), "chars": sum(len(d.text) for d in docs)}
    for d in docs:
        for s in d.spans:
            out[f"tier:{s.tier}"] = out.get(f"tier:{s.tier}", 0) + 1
            out[f"label:{s.label}"] = out.get(f"label:{s.label}", 0) + 1
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line: ``python -m privtext.tagging.devset --out FILE``."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--out", required=True, help="output JSONL path")
    ap.add_argument("--templates", type=int, default=400, help="number of template documents")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    a = ap.parse_args(argv)
    docs = build_devset(a.out, a.templates, a.seed)
    counts = summary(docs)
    print(f"wrote {a.out}: " + ", ".join(f"{k}={v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
