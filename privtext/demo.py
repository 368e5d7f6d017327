"""Deterministic synthetic demo corpus full of realistic PII/PoII.

The corpus is built from word lists and sentence templates that live in this module, driven only
by :class:`random.Random`, so the output for a given seed never changes across machines or library
versions (Faker is deliberately not used). Documents are short English texts in six genres
(support tickets, letters and e-mails, HR notes, tribunal case summaries, news snippets and CV
snippets) that mention people, e-mail addresses, phone numbers in many national formats,
organisations, cities, countries, nationalities, job titles and ages, and occasionally an IBAN
(valid checksum), a payment card number (valid Luhn digit), an IP address or a URL. A person's
name, city and employer are often mentioned several times in one document.

Every entity that the generator inserts is recorded, so :func:`generate_demo_gold` returns the
same documents as :func:`generate_demo_corpus` together with gold character spans.

Example:
    >>> rows = generate_demo_corpus(3, seed=7)
    >>> [r["id"] for r in rows]
    ['doc-00000', 'doc-00001', 'doc-00002']
"""

from __future__ import annotations

import functools
import json
import random
import string
import sys
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "BAD_ROW_DEFECTS",
    "CITIES",
    "CITY_NAMES",
    "COUNTRIES",
    "ENTITY_LABELS",
    "FIRST_NAMES",
    "FIRST_NAMES_FEMALE",
    "FIRST_NAMES_MALE",
    "JOB_TITLES",
    "LAST_NAMES",
    "ORGANISATIONS",
    "ORGANISATION_NAMES",
    "UNIVERSITIES",
    "City",
    "Country",
    "Organisation",
    "generate_bad_rows",
    "generate_demo_corpus",
    "generate_demo_gold",
    "make_card_number",
    "make_email",
    "make_iban",
    "make_ip_address",
    "make_phone",
    "write_demo_jsonl",
    "write_leakage_jsonl",
]

# --------------------------------------------------------------------------------------------
# Word lists
# --------------------------------------------------------------------------------------------

FIRST_NAMES_FEMALE: tuple[str, ...] = (
    "Mary",
    "Sarah",
    "Emma",
    "Olivia",
    "Anna",
    "Maria",
    "Sofia",
    "Laura",
    "Julia",
    "Elena",
    "Fatima",
    "Aisha",
    "Amara",
    "Priya",
    "Ananya",
    "Mei",
    "Yuki",
    "Hana",
    "Chloe",
    "Grace",
    "Ingrid",
    "Freya",
    "Leila",
    "Nadia",
    "Zainab",
    "Ngozi",
    "Chiara",
    "Lucia",
    "Camille",
    "Claire",
    "Hannah",
    "Rachel",
    "Rebecca",
    "Emily",
    "Jessica",
    "Linda",
    "Susan",
    "Karen",
    "Patricia",
    "Carmen",
    "Rosa",
    "Ines",
    "Aiko",
    "Kemi",
    "Wanjiru",
    "Thandiwe",
    "Lerato",
    "Ayesha",
    "Noor",
    "Yasmin",
    "Esther",
    "Ruth",
    "Nicole",
    "Isabel",
    "Beatriz",
    "Gabriela",
    "Daniela",
    "Valentina",
    "Astrid",
    "Katarzyna",
    "Olga",
    "Sinead",
    "Siobhan",
    "Mariam",
    "Lakshmi",
    "Deepika",
    "Xin",
    "Lin",
    "Soo-jin",
    "Adaeze",
    "Chiamaka",
    "Zoe",
    "Lena",
)

FIRST_NAMES_MALE: tuple[str, ...] = (
    "James",
    "John",
    "Robert",
    "Michael",
    "David",
    "Daniel",
    "Thomas",
    "William",
    "Richard",
    "Peter",
    "Paul",
    "Mark",
    "Andrew",
    "Oliver",
    "Harry",
    "Jack",
    "George",
    "Lucas",
    "Mateo",
    "Carlos",
    "Javier",
    "Luis",
    "Diego",
    "Pedro",
    "Marco",
    "Luca",
    "Giovanni",
    "Pierre",
    "Louis",
    "Antoine",
    "Hans",
    "Lukas",
    "Felix",
    "Jan",
    "Piotr",
    "Tomasz",
    "Ahmed",
    "Mohammed",
    "Omar",
    "Ali",
    "Hassan",
    "Yusuf",
    "Ravi",
    "Arjun",
    "Rahul",
    "Vikram",
    "Wei",
    "Jun",
    "Hiroshi",
    "Kenji",
    "Takeshi",
    "Chinedu",
    "Emeka",
    "Kwame",
    "Kofi",
    "Tunde",
    "Sipho",
    "Thabo",
    "Samuel",
    "Joseph",
    "Benjamin",
    "Ethan",
    "Noah",
    "Liam",
    "Erik",
    "Lars",
    "Sven",
    "Mikhail",
    "Ivan",
    "Dmitri",
    "Sean",
    "Connor",
    "Rafael",
    "Tiago",
    "Min-jun",
)

FIRST_NAMES: tuple[str, ...] = FIRST_NAMES_FEMALE + FIRST_NAMES_MALE

LAST_NAMES: tuple[str, ...] = (
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Rodriguez",
    "Martinez",
    "Hernandez",
    "Lopez",
    "Gonzalez",
    "Wilson",
    "Anderson",
    "Taylor",
    "Thomas",
    "Moore",
    "Jackson",
    "Martin",
    "Lee",
    "Thompson",
    "White",
    "Harris",
    "Clark",
    "Lewis",
    "Walker",
    "Hall",
    "Young",
    "Allen",
    "Wright",
    "Scott",
    "Green",
    "Baker",
    "Adams",
    "Nelson",
    "Hill",
    "Campbell",
    "Mitchell",
    "Roberts",
    "Carter",
    "Phillips",
    "Evans",
    "Turner",
    "Patel",
    "Shah",
    "Singh",
    "Kumar",
    "Sharma",
    "Gupta",
    "Chen",
    "Wang",
    "Li",
    "Zhang",
    "Liu",
    "Huang",
    "Nguyen",
    "Tran",
    "Kim",
    "Park",
    "Choi",
    "Tanaka",
    "Suzuki",
    "Sato",
    "Watanabe",
    "Yamamoto",
    "Müller",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Wagner",
    "Becker",
    "Hoffmann",
    "Dubois",
    "Moreau",
    "Laurent",
    "Lefèvre",
    "Bernard",
    "Rossi",
    "Russo",
    "Ferrari",
    "Esposito",
    "Bianchi",
    "Romano",
    "Kowalski",
    "Nowak",
    "Okafor",
    "Adeyemi",
    "Okonkwo",
    "Mensah",
    "Boateng",
    "Mwangi",
    "Otieno",
    "Kamau",
    "Ndlovu",
    "Dlamini",
    "Khumalo",
    "Haddad",
    "Khan",
    "Hussain",
    "Rahman",
    "Cohen",
    "Levi",
    "Friedman",
    "Ivanov",
    "Petrov",
    "Popescu",
    "Novak",
    "Horvat",
    "Johansson",
    "Andersson",
    "Larsen",
    "Nielsen",
    "Jensen",
    "Hansen",
    "O'Brien",
    "O'Connor",
    "Murphy",
    "Kelly",
    "Byrne",
    "Walsh",
    "MacDonald",
    "Fraser",
    "Silva",
    "Santos",
    "Oliveira",
    "Pereira",
    "Costa",
    "Ferreira",
    "Yilmaz",
    "Kaya",
    "Demir",
    "Fernández",
    "Jiménez",
    "Sánchez",
    "García-López",
)


@dataclass(frozen=True)
class Country:
    """A country the generator can place people in.

    Attributes:
        code: ISO 3166-1 alpha-2 code.
        name: English short name, e.g. ``"United Kingdom"``.
        nationality: Nationality adjective, e.g. ``"British"``.
        currency: Prefix written before money amounts, e.g. ``"£"``.
        needs_the: Whether the name takes "the" in running text ("the Netherlands").
        calling_code: International calling code without the plus sign.
        phone_formats: Templates for a phone number with ``{a}`` (area code) and ``{s}``
            (subscriber number); ``{S}`` is the subscriber number with spaces for hyphens and
            ``{D}`` with dots.
        mobiles: ``(prefix, subscriber pattern)`` pairs for mobile numbers (may be empty).
        free_mail: Consumer e-mail domains common in the country.
    """

    code: str
    name: str
    nationality: str
    currency: str
    needs_the: bool
    calling_code: str
    phone_formats: tuple[str, ...]
    mobiles: tuple[tuple[str, str], ...]
    free_mail: tuple[str, ...]


@dataclass(frozen=True)
class City:
    """A city with the phone area code used for numbers there.

    Attributes:
        name: City name as written in English.
        country: ISO code of its country (a key of :data:`COUNTRIES`).
        area: National area code without the trunk prefix.
        subscriber: Pattern of the local number: ``N`` any digit, ``D`` a digit 2-9, other
            characters literal.
    """

    name: str
    country: str
    area: str
    subscriber: str


@dataclass(frozen=True)
class Organisation:
    """An employer or other organisation.

    Attributes:
        name: Name as written in text.
        domain: Its web and e-mail domain.
        retailer: Whether it sells goods to consumers (used in support tickets and complaints).
    """

    name: str
    domain: str
    retailer: bool = False


_GENERIC_MAIL = ("gmail.com", "outlook.com", "yahoo.com", "icloud.com", "proton.me", "hotmail.com")

COUNTRIES: dict[str, Country] = {
    c.code: c
    for c in (
        Country(
            "US",
            "United States",
            "American",
            "$",
            True,
            "1",
            ("({a}) {s}", "{a}-{s}", "+1 {a} {S}", "+1 ({a}) {s}", "{a}.{D}"),
            (),
            _GENERIC_MAIL,
        ),
        Country(
            "CA",
            "Canada",
            "Canadian",
            "C$",
            False,
            "1",
            ("({a}) {s}", "{a}-{s}", "+1 {a} {S}"),
            (),
            _GENERIC_MAIL,
        ),
        Country(
            "GB",
            "United Kingdom",
            "British",
            "£",
            True,
            "44",
            ("+44 {a} {s}", "0{a} {s}", "+44 (0){a} {s}"),
            (("7723", "NNNNNN"), ("7827", "NNNNNN"), ("7958", "NNNNNN"), ("7447", "NNNNNN")),
            ("gmail.com", "outlook.com", "yahoo.co.uk", "hotmail.co.uk", "btinternet.com"),
        ),
        Country(
            "IE",
            "Ireland",
            "Irish",
            "€",
            False,
            "353",
            ("+353 {a} {s}", "0{a} {s}", "(0{a}) {s}"),
            (("87", "DNN NNNN"), ("85", "DNN NNNN"), ("83", "DNN NNNN")),
            ("gmail.com", "eircom.net", "outlook.com"),
        ),
        Country(
            "FR",
            "France",
            "French",
            "€",
            False,
            "33",
            ("+33 {a} {s}", "0{a} {s}", "+33 (0){a} {s}"),
            (
                ("6", "1N NN NN NN"),
                ("6", "7N NN NN NN"),
                ("7", "5N NN NN NN"),
                ("7", "8N NN NN NN"),
            ),
            ("orange.fr", "free.fr", "laposte.net", "gmail.com"),
        ),
        Country(
            "DE",
            "Germany",
            "German",
            "€",
            False,
            "49",
            ("+49 {a} {s}", "0{a} {s}", "+49 (0){a} {s}"),
            (("151", "NNNNNNNN"), ("152", "NNNNNNNN"), ("176", "NNNNNNNN")),
            ("web.de", "gmx.de", "t-online.de", "gmail.com"),
        ),
        Country(
            "NL",
            "Netherlands",
            "Dutch",
            "€",
            True,
            "31",
            ("+31 {a} {s}", "0{a} {s}"),
            (("6", "1NNNNNNN"), ("6", "2NNNNNNN"), ("6", "4NNNNNNN")),
            ("ziggo.nl", "kpnmail.nl", "gmail.com"),
        ),
        Country(
            "ES",
            "Spain",
            "Spanish",
            "€",
            False,
            "34",
            ("+34 {a}{s}", "{a}{s}"),
            (("6", "NN NNN NNN"),),
            ("gmail.com", "hotmail.es", "telefonica.net"),
        ),
        Country(
            "IT",
            "Italy",
            "Italian",
            "€",
            False,
            "39",
            ("+39 {a} {s}", "{a} {s}"),
            (("347", "NNN NNNN"), ("333", "NNN NNNN")),
            ("libero.it", "gmail.com", "tiscali.it"),
        ),
        Country(
            "IN",
            "India",
            "Indian",
            "₹",
            False,
            "91",
            ("+91 {a} {s}", "0{a} {s}"),
            (),
            ("gmail.com", "rediffmail.com", "yahoo.co.in"),
        ),
        Country(
            "AU",
            "Australia",
            "Australian",
            "A$",
            False,
            "61",
            ("+61 {a} {s}", "(0{a}) {s}", "0{a} {s}"),
            (("4", "0N NNN NNN"), ("4", "1N NNN NNN"), ("4", "2N NNN NNN")),
            ("bigpond.com", "gmail.com", "outlook.com"),
        ),
        Country(
            "JP",
            "Japan",
            "Japanese",
            "¥",
            False,
            "81",
            ("+81 {a}-{s}", "0{a}-{s}"),
            (),
            ("gmail.com", "yahoo.co.jp"),
        ),
        Country(
            "BR",
            "Brazil",
            "Brazilian",
            "R$",
            False,
            "55",
            ("+55 {a} {s}", "({a}) {s}"),
            (),
            ("gmail.com", "uol.com.br"),
        ),
        Country(
            "NG",
            "Nigeria",
            "Nigerian",
            "NGN ",
            False,
            "234",
            ("+234 {a} {s}", "0{a} {s}"),
            (),
            ("gmail.com", "yahoo.com"),
        ),
        Country(
            "KE",
            "Kenya",
            "Kenyan",
            "KES ",
            False,
            "254",
            ("+254 {a} {s}", "0{a} {s}"),
            (),
            ("gmail.com", "yahoo.com"),
        ),
        Country(
            "ZA",
            "South Africa",
            "South African",
            "R",
            False,
            "27",
            ("+27 {a} {s}", "0{a} {s}"),
            (("82", "DNN NNNN"),),
            ("gmail.com", "mweb.co.za"),
        ),
        Country(
            "MX",
            "Mexico",
            "Mexican",
            "MX$",
            False,
            "52",
            ("+52 {a} {s}",),
            (),
            ("gmail.com", "hotmail.com"),
        ),
        Country(
            "PL",
            "Poland",
            "Polish",
            "PLN ",
            False,
            "48",
            ("+48 {a} {s}",),
            (("601", "NNN NNN"),),
            ("wp.pl", "onet.pl", "gmail.com"),
        ),
        Country(
            "SE",
            "Sweden",
            "Swedish",
            "SEK ",
            False,
            "46",
            ("+46 {a} {s}", "0{a}-{s}"),
            (("70", "DNN NN NN"),),
            ("gmail.com", "telia.com"),
        ),
    )
}

CITIES: tuple[City, ...] = (
    City("New York", "US", "212", "555-01NN"),
    City("San Francisco", "US", "415", "555-01NN"),
    City("Chicago", "US", "312", "555-01NN"),
    City("Boston", "US", "617", "555-01NN"),
    City("Seattle", "US", "206", "555-01NN"),
    City("Austin", "US", "512", "555-01NN"),
    City("Denver", "US", "303", "555-01NN"),
    City("Atlanta", "US", "404", "555-01NN"),
    City("Philadelphia", "US", "215", "555-01NN"),
    City("Toronto", "CA", "416", "555-01NN"),
    City("Vancouver", "CA", "604", "555-01NN"),
    City("Montreal", "CA", "514", "555-01NN"),
    City("London", "GB", "20", "7946 0NNN"),
    City("Manchester", "GB", "161", "496 0NNN"),
    City("Leeds", "GB", "113", "496 0NNN"),
    City("Bristol", "GB", "117", "496 0NNN"),
    City("Birmingham", "GB", "121", "496 0NNN"),
    City("Edinburgh", "GB", "131", "496 0NNN"),
    City("Glasgow", "GB", "141", "496 0NNN"),
    City("Liverpool", "GB", "151", "496 0NNN"),
    City("Cardiff", "GB", "29", "2018 0NNN"),
    City("Dublin", "IE", "1", "DNN NNNN"),
    City("Cork", "IE", "21", "4NN NNNN"),
    City("Paris", "FR", "1", "4N NN NN NN"),
    City("Lyon", "FR", "4", "7N NN NN NN"),
    City("Marseille", "FR", "4", "9N NN NN NN"),
    City("Toulouse", "FR", "5", "6N NN NN NN"),
    City("Bordeaux", "FR", "5", "5N NN NN NN"),
    City("Lille", "FR", "3", "2N NN NN NN"),
    City("Nantes", "FR", "2", "4N NN NN NN"),
    City("Berlin", "DE", "30", "DNNNNNNN"),
    City("Munich", "DE", "89", "DNNNNNNN"),
    City("Hamburg", "DE", "40", "DNNNNNNN"),
    City("Frankfurt", "DE", "69", "DNNNNNNN"),
    City("Cologne", "DE", "221", "DNNNNNN"),
    City("Stuttgart", "DE", "711", "DNNNNNN"),
    City("Leipzig", "DE", "341", "DNNNNNN"),
    City("Amsterdam", "NL", "20", "DNN NNNN"),
    City("Rotterdam", "NL", "10", "DNN NNNN"),
    City("Utrecht", "NL", "30", "DNN NNNN"),
    City("Madrid", "ES", "91", "D NNN NNN"),
    City("Barcelona", "ES", "93", "D NNN NNN"),
    City("Valencia", "ES", "96", "D NNN NNN"),
    City("Seville", "ES", "95", "D NNN NNN"),
    City("Rome", "IT", "06", "DNNN NNNN"),
    City("Milan", "IT", "02", "DNNN NNNN"),
    City("Turin", "IT", "011", "DNN NNNN"),
    City("Naples", "IT", "081", "DNN NNNN"),
    City("Florence", "IT", "055", "DNN NNNN"),
    City("Mumbai", "IN", "22", "2NNN NNNN"),
    City("Delhi", "IN", "11", "4NNN NNNN"),
    City("Bangalore", "IN", "80", "2NNN NNNN"),
    City("Chennai", "IN", "44", "2NNN NNNN"),
    City("Sydney", "AU", "2", "9NNN NNNN"),
    City("Melbourne", "AU", "3", "9NNN NNNN"),
    City("Brisbane", "AU", "7", "3NNN NNNN"),
    City("Perth", "AU", "8", "92NN NNNN"),
    City("Tokyo", "JP", "3", "DNNN-NNNN"),
    City("Osaka", "JP", "6", "DNNN-NNNN"),
    City("São Paulo", "BR", "11", "9NNNN-NNNN"),
    City("Rio de Janeiro", "BR", "21", "9NNNN-NNNN"),
    City("Lagos", "NG", "803", "NNN NNNN"),
    City("Abuja", "NG", "806", "NNN NNNN"),
    City("Nairobi", "KE", "712", "NNN NNN"),
    City("Cape Town", "ZA", "21", "DNN NNNN"),
    City("Johannesburg", "ZA", "11", "DNN NNNN"),
    City("Mexico City", "MX", "55", "DNNN NNNN"),
    City("Guadalajara", "MX", "33", "DNNN NNNN"),
    City("Warsaw", "PL", "22", "DNN NN NN"),
    City("Krakow", "PL", "12", "DNN NN NN"),
    City("Stockholm", "SE", "8", "DNN NNN NN"),
    City("Gothenburg", "SE", "31", "DNN NN NN"),
)

CITY_NAMES: tuple[str, ...] = tuple(c.name for c in CITIES)

ORGANISATIONS: tuple[Organisation, ...] = (
    Organisation("Acme Corp", "acme.com", retailer=True),
    Organisation("Northwind Traders", "northwindtraders.com", retailer=True),
    Organisation("Contoso Ltd", "contoso.com", retailer=True),
    Organisation("Globex Corporation", "globex.com"),
    Organisation("Initech", "initech.com"),
    Organisation("Fabrikam Inc", "fabrikam.com", retailer=True),
    Organisation("Tailspin Toys", "tailspintoys.com", retailer=True),
    Organisation("Adventure Works", "adventure-works.com", retailer=True),
    Organisation("Woodgrove Bank", "woodgrovebank.com"),
    Organisation("Litware Inc", "litware.com", retailer=True),
    Organisation("Blue Yonder Airlines", "blueyonderairlines.com"),
    Organisation("Wide World Importers", "wideworldimporters.com", retailer=True),
    Organisation("Proseware", "proseware.com", retailer=True),
    Organisation("Coho Winery", "cohowinery.com"),
    Organisation("Fourth Coffee", "fourthcoffee.com"),
    Organisation("Alpine Ski House", "alpineskihouse.com"),
    Organisation("Lamna Healthcare", "lamnahealthcare.com"),
    Organisation("Trey Research", "treyresearch.net"),
    Organisation("Humongous Insurance", "humongousinsurance.com"),
    Organisation("Bluewater Analytics", "bluewater-analytics.com"),
    Organisation("Crestline Financial", "crestlinefinancial.com"),
    Organisation("Evergreen Solar", "evergreensolar.example"),
    Organisation("Pinecrest Hospital", "pinecrest-hospital.org"),
    Organisation("Summit Legal LLP", "summitlegal.co.uk"),
    Organisation("Oakridge Manufacturing", "oakridge-mfg.com"),
    Organisation("Silverline Telecom", "silverlinetelecom.com"),
    Organisation("Greenfield Foods", "greenfieldfoods.com", retailer=True),
    Organisation("Hollow Oak Logistics", "hollowoak-logistics.com"),
    Organisation("Meridian Health Trust", "meridianhealth.org"),
    Organisation("Riverside Dental Clinic", "riversidedental.com"),
    Organisation("Bristol City Council", "bristol.gov.uk"),
)

UNIVERSITIES: tuple[Organisation, ...] = (
    Organisation("University of Leeds", "leeds.ac.uk"),
    Organisation("University of Manchester", "manchester.ac.uk"),
    Organisation("Trinity College Dublin", "tcd.ie"),
    Organisation("Technical University of Munich", "tum.de"),
    Organisation("Sorbonne University", "sorbonne-universite.fr"),
    Organisation("University of Toronto", "utoronto.ca"),
    Organisation("University of Cape Town", "uct.ac.za"),
    Organisation("University of Melbourne", "unimelb.edu.au"),
    Organisation("University of Nairobi", "uonbi.ac.ke"),
    Organisation("Boston University", "bu.edu"),
)

ORGANISATION_NAMES: tuple[str, ...] = tuple(o.name for o in ORGANISATIONS + UNIVERSITIES)

JOB_TITLES: tuple[str, ...] = (
    "software engineer",
    "data analyst",
    "nurse",
    "senior accountant",
    "marketing manager",
    "HR business partner",
    "warehouse supervisor",
    "sales representative",
    "project manager",
    "customer service advisor",
    "primary school teacher",
    "research assistant",
    "lecturer in economics",
    "financial controller",
    "operations director",
    "graphic designer",
    "pharmacist",
    "civil engineer",
    "paralegal",
    "head chef",
    "delivery driver",
    "receptionist",
    "security officer",
    "product manager",
    "chief executive officer",
    "head of procurement",
    "laboratory technician",
    "solicitor",
    "electrician",
    "office manager",
    "social worker",
    "dental hygienist",
    "account executive",
    "junior developer",
    "store manager",
)

ENTITY_LABELS: tuple[str, ...] = (
    "PERSON",
    "EMAIL",
    "PHONE",
    "ORG",
    "CITY",
    "COUNTRY",
    "NATIONALITY",
    "JOB_TITLE",
    "AGE",
    "DATE",
    "IBAN",
    "CARD_NUMBER",
    "IP_ADDRESS",
    "URL",
)

_PRODUCTS = (
    "washing machine",
    "laptop",
    "wireless router",
    "coffee machine",
    "office chair",
    "mobile phone",
    "printer",
    "vacuum cleaner",
    "bicycle",
    "television",
    "fridge",
    "desk lamp",
)
_MONTHS = (
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
)
_SUBJECTS = (
    "economics",
    "computer science",
    "nursing",
    "history",
    "mathematics",
    "law",
    "chemistry",
    "business studies",
    "civil engineering",
    "English literature",
)

# --------------------------------------------------------------------------------------------
# Identifier helpers (public: the benchmark generator reuses them)
# --------------------------------------------------------------------------------------------


def _fill(rng: random.Random, pattern: str) -> str:
    """Replace ``N`` by a digit 0-9 and ``D`` by a digit 2-9; keep other characters."""
    out = []
    for ch in pattern:
        if ch == "N":
            out.append(str(rng.randint(0, 9)))
        elif ch == "D":
            out.append(str(rng.randint(2, 9)))
        else:
            out.append(ch)
    return "".join(out)


def _ascii_slug(name: str) -> str:
    """Lower-case ASCII letters of a name: ``"O'Brien"`` -> ``"obrien"``."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed.lower() if "a" <= ch <= "z")


def make_phone(
    rng: random.Random, country: str, area: str | None = None, mobile: bool = False
) -> str:
    """Make a phone number in one of the formats written in ``country``.

    Numbers use the ranges reserved for drama where they exist (US ``555-01xx``, UK ``7946 0xxx``
    and ``496 0xxx``) and otherwise random digits with a valid shape for libphonenumber.

    Args:
        rng: Source of randomness.
        country: ISO code, a key of :data:`COUNTRIES`.
        area: Area code of a city in that country; a random city's when ``None``.
        mobile: Make a mobile number where the country has mobile prefixes listed.

    Returns:
        The number as a person would write it, e.g. ``"+44 20 7946 0958"`` or ``"(415) 555-0142"``.
    """
    info = COUNTRIES[country]
    if mobile and info.mobiles:
        prefix, pattern = rng.choice(info.mobiles)
    else:
        cities = [c for c in CITIES if c.country == country and (area is None or c.area == area)]
        city = rng.choice(cities)
        prefix, pattern = city.area, city.subscriber
    sub = _fill(rng, pattern)
    formats = info.phone_formats
    if mobile and info.mobiles:  # "(0{a})" brackets only suit geographic area codes
        formats = tuple(f for f in formats if "(" not in f) or formats
    template = rng.choice(formats)
    return template.format(a=prefix, s=sub, S=sub.replace("-", " "), D=sub.replace("-", "."))


def make_email(
    rng: random.Random, first: str, last: str, domain: str | None = None, country: str = "US"
) -> str:
    """Make an e-mail address for a person.

    Args:
        rng: Source of randomness.
        first: Given name.
        last: Family name.
        domain: Domain to use (e.g. an employer's); a consumer domain of ``country`` if ``None``.
        country: ISO code whose consumer e-mail domains are used when ``domain`` is ``None``.

    Returns:
        An address such as ``"amara.okafor@acme.com"`` or ``"okafor.amara84@gmail.com"``.
    """
    f, last_slug = _ascii_slug(first), _ascii_slug(last)
    if domain is None:
        domain = rng.choice(COUNTRIES[country].free_mail)
        local = rng.choice(
            (
                f"{f}.{last_slug}",
                f"{f}{last_slug}{rng.randint(1, 99)}",
                f"{last_slug}.{f}",
                f"{f}_{last_slug}",
                f"{f[0]}{last_slug}{rng.randint(60, 99)}",
                f"{f}.{last_slug}{rng.randint(1960, 2004)}",
            )
        )
    else:
        local = rng.choice(
            (f"{f}.{last_slug}", f"{f[0]}.{last_slug}", f"{f}{last_slug[0]}", f"{f[0]}{last_slug}")
        )
    return f"{local}@{domain}"


def _iban_check_digits(country: str, bban: str) -> str:
    """ISO 13616 check digits for a BBAN."""
    rearranged = bban + country + "00"
    digits = "".join(str(int(ch, 36)) for ch in rearranged)
    return f"{98 - int(digits) % 97:02d}"


def _es_ccc_digit(digits: str) -> str:
    weights = (1, 2, 4, 8, 5, 10, 9, 7, 3, 6)
    value = 11 - sum(int(d) * w for d, w in zip(digits, weights, strict=True)) % 11
    return str({10: 1, 11: 0}.get(value, value))


def make_iban(rng: random.Random, country: str = "GB", grouped: bool | None = None) -> str:
    """Make an IBAN with valid check digits (and valid national check digits for FR, ES, NL).

    Args:
        rng: Source of randomness.
        country: One of ``GB``, ``IE``, ``DE``, ``FR``, ``NL``, ``ES``; others fall back to ``GB``.
        grouped: Write in groups of four (print format); random when ``None``.

    Returns:
        The IBAN, e.g. ``"GB33 BUKB 2020 1555 5555 55"`` or ``"DE89370400440532013000"``.
    """
    if country in ("GB", "IE"):
        banks = ("NWBK", "BARC", "LOYD", "HBUK", "MIDL") if country == "GB" else ("AIBK", "BOFI")
        bban = rng.choice(banks) + _fill(rng, "NNNNNN") + _fill(rng, "NNNNNNNN")
    elif country == "DE":
        bban = _fill(rng, "DNNNNNNN") + _fill(rng, "NNNNNNNNNN")
    elif country == "FR":
        bank, branch, account = _fill(rng, "NNNNN"), _fill(rng, "NNNNN"), _fill(rng, "N" * 11)
        key = 97 - (89 * int(bank) + 15 * int(branch) + 3 * int(account)) % 97
        bban = f"{bank}{branch}{account}{key:02d}"
    elif country == "NL":
        while True:  # Dutch account numbers pass the "elfproef" (weighted sum divisible by 11)
            digits = _fill(rng, "NNNNNNNNN")
            partial = sum(int(d) * w for d, w in zip(digits, range(10, 1, -1), strict=True))
            last = (-partial) % 11
            if last < 10:
                break
        bban = rng.choice(("ABNA", "INGB", "RABO")) + digits + str(last)
    elif country == "ES":
        bank, branch, account = _fill(rng, "NNNN"), _fill(rng, "NNNN"), _fill(rng, "N" * 10)
        bban = bank + branch + _es_ccc_digit("00" + bank + branch) + _es_ccc_digit(account)
        bban += account
    else:
        return make_iban(rng, "GB", grouped)
    iban = country + _iban_check_digits(country, bban) + bban
    if grouped is None:
        grouped = rng.random() < 0.6
    if grouped:
        return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))
    return iban


def make_card_number(rng: random.Random) -> str:
    """Make a Visa, Mastercard or American Express number that passes the Luhn check.

    Args:
        rng: Source of randomness.

    Returns:
        The number as printed, e.g. ``"4539 1488 0343 6467"`` or ``"3782-822463-10005"``.
    """
    kind = rng.random()
    if kind < 0.5:
        prefix, length = "4", 16
    elif kind < 0.85:
        prefix, length = str(rng.randint(51, 55)), 16
    else:
        prefix, length = rng.choice(("34", "37")), 15
    body = prefix + _fill(rng, "N" * (length - len(prefix) - 1))
    total = 0
    for i, ch in enumerate(reversed(body)):  # the check digit will sit to the right of `body`
        d = int(ch)
        if i % 2 == 0:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    number = body + str((10 - total % 10) % 10)
    sep = rng.choice((" ", " ", "-", ""))
    groups = (4, 6, 5) if length == 15 else (4, 4, 4, 4)
    parts, pos = [], 0
    for g in groups:
        parts.append(number[pos : pos + g])
        pos += g
    return sep.join(parts)


def make_ip_address(rng: random.Random) -> str:
    """Make an IPv4 address (public-looking or private), rarely an IPv6 documentation address.

    Args:
        rng: Source of randomness.

    Returns:
        The address, e.g. ``"81.2.69.160"``, ``"192.168.1.23"`` or ``"2001:db8:85a3::8a2e:370"``.
    """
    r = rng.random()
    if r < 0.1:
        groups = [f"{rng.randint(0, 0xFFFF):x}" for _ in range(3)]
        return "2001:db8:" + groups[0] + "::" + groups[1] + ":" + groups[2]
    if r < 0.25:
        return f"192.168.{rng.randint(0, 20)}.{rng.randint(2, 254)}"
    first = rng.choice((31, 46, 62, 78, 81, 86, 91, 109, 141, 151, 176, 185, 188, 203, 212, 217))
    return f"{first}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"


# --------------------------------------------------------------------------------------------
# Templates
# --------------------------------------------------------------------------------------------

# Template field -> gold label. Fields not listed (hon, pro, pos, art, amount, ticket, ...) are
# ordinary words.
_FIELD_LABELS: dict[str, str] = {}
for _sfx in ("", "2", "3", "4"):
    _FIELD_LABELS.update(
        {
            f"name{_sfx}": "PERSON",
            f"first{_sfx}": "PERSON",
            f"last{_sfx}": "PERSON",
            f"email{_sfx}": "EMAIL",
            f"phone{_sfx}": "PHONE",
            f"job{_sfx}": "JOB_TITLE",
            f"Job{_sfx}": "JOB_TITLE",
        }
    )
_FIELD_LABELS.update(
    {
        "org": "ORG",
        "org2": "ORG",
        "uni": "ORG",
        "city": "CITY",
        "city2": "CITY",
        "country": "COUNTRY",
        "country2": "COUNTRY",
        "nat": "NATIONALITY",
        "age": "AGE",
        "date": "DATE",
        "date2": "DATE",
        "dob": "DATE",
        "iban": "IBAN",
        "card": "CARD_NUMBER",
        "ip": "IP_ADDRESS",
        "url_order": "URL",
        "url_news": "URL",
        "url_doc": "URL",
        "url_me": "URL",
        "pjob": "JOB_TITLE",
    }
)


@dataclass(frozen=True)
class _Variant:
    """One kind of document: how its pieces are chosen and laid out.

    ``layout`` is ``"prose"`` (opener, body and the contact sentence in one paragraph),
    ``"letter"`` (salutation, paragraph, sign-off that carries the contact) or ``"cv"``
    (a header block that carries the contact, then a paragraph).
    """

    genre: str
    layout: str
    opener: tuple[str, ...]
    body: tuple[str, ...]
    rare: tuple[str, ...]
    contact: tuple[str, ...]
    head: tuple[str, ...] = ("",)
    retail: bool = False


_NEWS_CONTACT = (
    "Readers can contact the reporter, {name3}, at {email3}.",
    "{first} can be contacted through {pos} agent at {email}.",
    "Readers can send news tips to {name3} on {phone3}.",
)

_VARIANTS: tuple[_Variant, ...] = (
    _Variant(
        genre="support_ticket",
        layout="prose",
        retail=True,
        opener=(
            "Ticket #{ticket} was opened by {name} on {date} about {art_prod} {product} ordered "
            "from {org}.",
            "Customer {name} contacted {org} support on {date} about {art_prod} {product} that "
            "arrived damaged.",
            "{name} from {city} called the {org} help desk on {date} to report that {pos} "
            "{product} had stopped working.",
            "Hello, my name is {name} and I am writing about order #{ticket}, which I placed "
            "with {org} on {date}.",
        ),
        body=(
            "{first} says the {product} stopped working two days after it was delivered to "
            "{pos} home in {city}.",
            "{hon} {last} has asked for a full refund of {amount}.",
            "{first} would like the replacement to be sent to {pos} office in {city2} instead.",
            "Agent {name2} reviewed the case and escalated it to the billing team at {org}.",
            "{hon} {last} pointed out that this is the second delivery to {city} that has been "
            "delayed this year.",
            "The customer has been with {org} for more than six years and has never complained "
            "before.",
            "{first} mentioned that {pro} works as {art} {job} and cannot take calls during the "
            "day.",
            "A courier from {city} confirmed that the box was left outside the front door.",
            "{first} has already contacted {org} twice about the {product}, without success.",
        ),
        rare=(
            "The order was paid with the card {card}, which has now been charged twice.",
            "Our logs show that the account was accessed from the IP address {ip} shortly "
            "before the order was changed.",
            "If a refund is approved, please transfer it to the account {iban}.",
            "The tracking page at {url_order} still shows the parcel as delivered, which {first} "
            "says is not correct.",
        ),
        contact=(
            "{first} can be reached on {phone} or by email at {email}.",
            "Customer contact details: {email}, {phone}.",
            "Please reply to {email} with an update.",
            "The best number to call {obj} back is {phone}.",
        ),
    ),
    _Variant(
        genre="letter",
        layout="letter",
        head=(
            "Dear {name},",
            "To: {name} <{email}>\nSubject: Offer of employment\n\nDear {hon} {last},",
            "Dear {hon} {last},\n\nRe: {name}, application reference {ticket}",
        ),
        opener=(
            "Thank you for meeting with us in {city} on {date}. I am pleased to offer you the "
            "position of {job} at {org}.",
            "I am pleased to offer you the position of {job} at {org}, based in our {city} office.",
        ),
        body=(
            "Your starting salary will be {amount} per year, and your first day will be {date2}.",
            "Your line manager will be {name2}, who joined {org} from {org2} last year.",
            "Please bring your passport and proof of address to the {city} office on your "
            "first morning.",
            "Everyone at {org} was impressed by your presentation, {first}.",
            "The role will involve some travel between {city} and {city2}.",
            "Please confirm that you accept this offer by {date2}.",
            "We are sure you will enjoy working with the team in {city}.",
        ),
        rare=(
            "We will pay your salary into the account {iban} that you gave us at the interview.",
            "You can read the staff handbook at {url_doc} before you start.",
        ),
        contact=(
            "Kind regards,\n{name2}\n{Job2}, {org}\n{phone2}",
            "Yours sincerely,\n{name2}\n{Job2}\n{email2}",
            "Best wishes,\n{first2}\n\n{name2} | {Job2} | {org}\nTel: {phone2} | {email2}",
        ),
    ),
    _Variant(
        genre="letter",
        layout="letter",
        head=("To whom it may concern,", "Dear Hiring Manager,"),
        opener=(
            "I am writing to recommend {name}, who worked with me at {org} in {city} for four "
            "years.",
            "It is a pleasure to provide a reference for {name}, formerly {art} {job} at {org}.",
        ),
        body=(
            "{first} joined us as {art} {job} and quickly became one of the most reliable "
            "members of the team.",
            "During {pos} time at {org}, {pro} managed a budget of more than {amount}.",
            "I have no hesitation in recommending {obj} for the role.",
            "{hon} {last} left {org} in {year} to move closer to family in {city2}.",
            "Colleagues in {city} still speak warmly of {pos} patience and good humour.",
            "{first} was never late and was always willing to help new staff.",
        ),
        rare=("{first} also kept a blog about {pos} work at {url_me}.",),
        contact=(
            "Yours faithfully,\n{name2}\n{Job2}, {org}\n{email2} | {phone2}",
            "Please feel free to call me on {phone2} if you need anything else.\n\nYours "
            "faithfully,\n{name2}",
            "Yours sincerely,\n{name2}\n{email2}",
        ),
    ),
    _Variant(
        genre="letter",
        layout="letter",
        head=("Dear Sir or Madam,", "Dear {org} customer services,"),
        retail=True,
        opener=(
            "My name is {name} and I have been a customer of {org} since {year}.",
            "I am writing to complain about the service I received from {org} on {date}.",
        ),
        body=(
            "On {date} I visited your branch in {city} to ask about a {product} I had ordered.",
            "The member of staff I spoke to, {name2}, told me that nothing could be done.",
            "I have now waited more than three weeks for a refund of {amount}.",
            "This is not the level of service I expect from {org}.",
            "I have lived in {city} for most of my life and have always recommended your shop.",
            "I would be grateful if you could look into this as soon as possible.",
        ),
        rare=(
            "Please send the refund to my account, {iban}.",
            "The payment was taken from my card {card} on {date2}.",
        ),
        contact=(
            "Yours faithfully,\n{name}\n{phone}",
            "Yours faithfully,\n{hon} {name}\n{email}",
            "Kind regards,\n{name}\n{email} | {phone}",
        ),
    ),
    _Variant(
        genre="hr_note",
        layout="prose",
        opener=(
            "HR note, {date}: {name}, {age}, {art} {job} in the {city} office of {org}, asked to "
            "reduce {pos} working hours.",
            "On {date}, {name} met with {name2} from Human Resources to discuss a grievance.",
            "Meeting notes: {name} ({job}, {org}) attended a return-to-work interview on {date}.",
        ),
        body=(
            "{first} explained that {pro} had been caring for a relative in {city2} since the "
            "spring.",
            "{hon} {last} has been with {org} since {year} and currently lives in {city}.",
            "{first} reported that a colleague had made comments about {pos} {nat} background "
            "on several occasions.",
            "{first} will work from home on Mondays and Fridays for the next three months.",
            "{name2} agreed to review the request with the {city} site manager and respond "
            "within ten working days.",
            "{hon} {last} was reminded that sick leave must be reported to {org} before ten in "
            "the morning.",
            "{first}, who is {age}, asked whether {pro} could join the company pension scheme.",
            "The notes from this meeting will be kept in {pos} personnel file at {org}.",
        ),
        rare=(
            "Salary payments should be made to {pos} new account, {iban}, from next month.",
            "{first} was born on {dob} and asked for {pos} records to be corrected.",
            "IT confirmed that the unusual logins came from {ip}, not from {pos} laptop.",
            "{first} reported that {pos} company card, {card}, had been lost on a trip to {city2}.",
        ),
        contact=(
            "Emergency contact number for {first}: {phone}.",
            "{first} asked that any follow-up be sent to {pos} personal email, {email}.",
            "{hon} {last} can be reached on {phone} if the team needs more information.",
        ),
    ),
    _Variant(
        genre="case_summary",
        layout="prose",
        opener=(
            "In {last} v {org}, the tribunal considered a claim of unfair dismissal brought by "
            "{name} against {pos} former employer.",
            "The claimant, {name}, {age}, worked as {art} {job} for {org} in {city} until {date}.",
            "{name} brought a claim against {org} for unpaid wages and holiday pay.",
        ),
        body=(
            "The claimant, {art_age} {age}-year-old {job} from {city}, said that {pro} had been "
            "dismissed without warning.",
            "{hon} {last} told the tribunal that {pro} had raised concerns with {pos} manager, "
            "{name2}, on several occasions.",
            "{org} denied the allegations and argued that the dismissal was for gross misconduct.",
            "Judge {name3} found that {hon} {last} had been treated unfairly and awarded "
            "compensation of {amount}.",
            "The tribunal heard that {first} had moved to {city} from {the_c2}{country2} in "
            "{year}.",
            "Witnesses from the {city} branch of {org} described {first} as a careful and "
            "honest worker.",
            "The hearing took place in {city2} over three days in {month} {year2}.",
        ),
        rare=(
            "{org} was ordered to pay the award into the claimant's account, {iban}, within 28 "
            "days.",
            "Emails sent from {email} to the {city} office were produced in evidence.",
            "Server records showed that the files were downloaded from the IP address {ip}.",
        ),
        contact=(
            "The claimant's solicitor, {name4}, can be contacted at {email4} or on {phone4}.",
            "The claimant's address for service is care of {email}, telephone {phone}.",
            "Correspondence should be sent to the claimant's representative, {name4}, at {email4}.",
        ),
    ),
    _Variant(
        genre="news",
        layout="prose",
        opener=(
            "{city}, {date} — {name}, {age}, {art} {job} at {org}, has won this year's regional "
            "award for community service.",
            "{name}, {art} {job} at {org}, has been named volunteer of the year in {city}.",
        ),
        body=(
            "{first} has helped at a food bank in {city} every weekend for nine years.",
            "Speaking outside the {org} offices in {city}, {hon} {last} said {pro} was grateful "
            "for the support of {pos} colleagues.",
            "{hon} {last}, who moved to {city} from {the_c2}{country2} in {year}, has worked for "
            "{org} for eleven years.",
            "A spokesperson for {org} said the company was proud of {pos} achievement.",
            "{first} plans to give the prize money to a local charity.",
            "{name2}, who nominated {obj}, described {first} as kind and hard-working.",
            "The award will be presented at a ceremony in {city2} next month.",
        ),
        rare=("The full story is available at {url_news}.",),
        contact=_NEWS_CONTACT,
    ),
    _Variant(
        genre="news",
        layout="prose",
        opener=(
            "{name}, {art_age} {age}-year-old {nat} {job}, was among the finishers of the {city} "
            "marathon on Sunday.",
            "More than twenty thousand runners took part in the {city} marathon on {date}, "
            "among them {name}, aged {age}.",
        ),
        body=(
            "{first} told reporters that {pro} had trained for eight months before the race.",
            "{hon} {last} said {pos} colleagues at {org} had raised more than {amount} for a "
            "children's hospital.",
            "{first}, who moved to {city} from {the_c2}{country2} in {year}, finished in just "
            "under four hours.",
            "{name2}, who coaches {obj}, said it was the best result of {pos} career.",
            "The weather in {city} was cold and wet for most of the morning.",
            "{hon} {last} hopes to run in {city2} next spring.",
        ),
        rare=("Photos of the race are online at {url_news}.",),
        contact=_NEWS_CONTACT,
    ),
    _Variant(
        genre="news",
        layout="prose",
        opener=(
            "Police in {city} are appealing for witnesses after {name}, aged {age}, was injured "
            "in a collision on {date}.",
            "{name}, {art_age} {age}-year-old {job} from {city}, was taken to hospital after a "
            "collision on {date}.",
        ),
        body=(
            "{first} was treated in hospital for injuries that are not thought to be "
            "life-threatening.",
            "{hon} {last}, who works for {org}, was cycling home when the accident happened.",
            "A spokesperson for {org} said everyone was thinking of {first} and {pos} family.",
            "Officers would like to speak to the driver of a dark blue van seen in the area.",
            "{name2}, who lives nearby, said the junction had been dangerous for years.",
            "Traffic in the centre of {city} was delayed for several hours.",
        ),
        rare=("A map of the junction has been published at {url_news}.",),
        contact=(
            "Anyone with information is asked to call {name3} on {phone3} or email {email3}.",
            "Witnesses should call the incident room on {phone3}.",
        ),
    ),
    _Variant(
        genre="news",
        layout="prose",
        opener=(
            "{org} has appointed {name} as its new {job}, the company said on {date}.",
            "{name} will join {org} as {job} in {month}, the company announced on {date}.",
        ),
        body=(
            "{first} joins from {org2}, where {pro} spent seven years.",
            "{hon} {last}, who moved to {city} from {the_c2}{country2} in {year}, will be based "
            "at the head office in {city}.",
            "{name2}, the chair of {org}, said {first} had the right experience to lead the team.",
            "{hon} {last} said {pro} was delighted to be joining {org} at an exciting time.",
            "Shares in {org} rose slightly after the announcement.",
            "The company employs more than two thousand people in {city} and {city2}.",
        ),
        rare=("The full announcement is available at {url_news}.",),
        contact=_NEWS_CONTACT,
    ),
    _Variant(
        genre="cv",
        layout="cv",
        contact=(
            "{name}\n{Job}, {city}, {country}\n{email} | {phone}",
            "Curriculum vitae: {name}\nEmail: {email}\nPhone: {phone}\nLocation: {city}, {country}",
            "{name} | {Job}\n{phone} | {email}",
        ),
        opener=(
            "{nat} citizen, aged {age}.",
            "Experienced {job} with more than ten years of work in finance and logistics.",
            "I am {art} {job} based in {city} and looking for a new challenge.",
        ),
        body=(
            "Currently working at {org} in {city}, where I lead a team of six.",
            "Previously worked as {art_pj} {pjob} at {org2} from {year} to {year2}.",
            "Education: BSc in {subject}, {uni}, {year0}.",
            "At {org} I reduced processing times by a third and trained new staff in {city}.",
            "Willing to relocate from {city} to {city2} for the right role.",
            "References are available on request from {name2} at {org2}.",
            "Fluent in English and comfortable presenting to senior management.",
        ),
        rare=(
            "Personal website: {url_me}",
            "Date of birth: {dob}.",
        ),
    ),
)

_GENRE_WEIGHTS = {
    "support_ticket": 0.2,
    "letter": 0.2,
    "hr_note": 0.15,
    "case_summary": 0.15,
    "news": 0.15,
    "cv": 0.15,
}
_FORMATTER = string.Formatter()


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" or word.startswith("HR") else "a"


def _age_article(age: int) -> str:
    return "an" if str(age).startswith("8") or age in (11, 18) else "a"


def _title_case(job: str) -> str:
    return (
        " ".join(w if w.isupper() else w[:1].upper() + w[1:] for w in job.split(" "))
        .replace(" In ", " in ")
        .replace(" Of ", " of ")
    )


def _format_date(rng: random.Random, country: str, year: int | None = None) -> str:
    year = year if year is not None else rng.randint(2019, 2024)
    month = rng.choice(_MONTHS)
    day = rng.randint(1, 28)
    return f"{month} {day}, {year}" if country == "US" else f"{day} {month} {year}"


def _format_amount(rng: random.Random, country: str) -> str:
    value = rng.choice((rng.randint(20, 900), rng.randint(1000, 60000))) + rng.choice(
        (0, 0, 0.5, 0.99, 0.25)
    )
    sym = COUNTRIES[country].currency
    if country == "JP":
        return f"{sym}{int(value) * 100:,}"
    return f"{sym}{value:,.2f}"


def _make_person(
    rng: random.Random,
    country: str,
    city: City,
    orgs: Sequence[Organisation],
    suffix: str,
    taken: set[str],
) -> dict[str, str]:
    female = rng.random() < 0.5
    first = rng.choice(
        [n for n in (FIRST_NAMES_FEMALE if female else FIRST_NAMES_MALE) if n not in taken]
    )
    last = rng.choice([n for n in LAST_NAMES if n not in taken and n != first])
    taken.update((first, last))
    work = rng.random() < 0.45
    email = make_email(rng, first, last, rng.choice(orgs).domain if work else None, country)
    has_mobile = bool(COUNTRIES[country].mobiles)
    phone = make_phone(
        rng,
        country,
        city.area if city.country == country else None,
        mobile=has_mobile and rng.random() < 0.4,
    )
    job = rng.choice(JOB_TITLES)
    hon = "Dr." if rng.random() < 0.15 else ("Ms." if female else "Mr.")
    fields = {
        "first": first,
        "last": last,
        "name": f"{first} {last}",
        "hon": hon,
        "email": email,
        "phone": phone,
        "job": job,
        "Job": _title_case(job),
        "art": _article(job),
        "pro": "she" if female else "he",
        "pos": "her" if female else "his",
        "obj": "her" if female else "him",
    }
    return {k + suffix: v for k, v in fields.items()}


def _context(rng: random.Random, retail: bool) -> dict[str, str]:
    """Draw every value a template of one document may use."""
    city = rng.choice(CITIES)
    country = city.country
    same = [c for c in CITIES if c.country == country and c is not city]
    city2 = rng.choice(same) if same and rng.random() < 0.6 else rng.choice(CITIES)
    org = rng.choice([o for o in ORGANISATIONS if o.retailer or not retail])
    org2 = rng.choice([o for o in ORGANISATIONS if o is not org])
    orgs = (org, org2)
    taken: set[str] = set()
    ctx = _make_person(rng, country, city, orgs, "", taken)
    for sfx in ("2", "3", "4"):  # 2: colleague or agent; 3, 4: local reporter, judge, solicitor
        c2 = city if sfx != "2" or rng.random() < 0.7 else rng.choice(CITIES)
        ctx.update(_make_person(rng, c2.country, c2, orgs, sfx, taken))
    age = rng.randint(24, 68)
    career_start = 2024 - age + 22
    other_country = rng.choice([c for c in COUNTRIES if c != country])
    nat_country = country if rng.random() < 0.75 else other_country
    year = rng.randint(min(max(career_start, 1995), 2019), 2019)
    pjob = rng.choice(JOB_TITLES)
    iban_country = (
        country
        if country in ("GB", "IE", "DE", "FR", "NL", "ES")
        else rng.choice(("GB", "DE", "FR"))
    )
    f_slug, l_slug = _ascii_slug(ctx["first"]), _ascii_slug(ctx["last"])
    url_order = rng.choice(
        (
            f"https://www.{org.domain}/orders/{rng.randint(10000, 99999)}",
            f"https://{org.domain}/track?order={rng.randint(100000, 999999)}&lang=en",
        )
    )
    url_news = f"https://www.{org.domain}/news/{year}/{rng.randint(100, 9999)}"
    url_doc = rng.choice(
        (f"http://{org.domain}/staff/handbook.pdf", f"https://intranet.{org.domain}/welcome")
    )
    url_me = rng.choice(
        (
            f"https://www.linkedin.com/in/{f_slug}-{l_slug}-{rng.randint(10, 999)}",
            f"https://{f_slug}{l_slug}.dev",
            f"https://github.com/{f_slug[0]}{l_slug}",
            f"http://www.{l_slug}-{f_slug}.net/",
        )
    )
    product = rng.choice(_PRODUCTS)
    ctx.update(
        {
            "city": city.name,
            "city2": city2.name,
            "country": COUNTRIES[country].name,
            "country2": COUNTRIES[other_country].name,
            "the_c2": "the " if COUNTRIES[other_country].needs_the else "",
            "nat": COUNTRIES[nat_country].nationality,
            "org": org.name,
            "org2": org2.name,
            "uni": rng.choice(UNIVERSITIES).name,
            "age": str(age),
            "art_age": _age_article(age),
            "date": _format_date(rng, country),
            "date2": _format_date(rng, country),
            "dob": _format_date(rng, country, 2024 - age),
            "year": str(year),
            "year2": str(year + rng.randint(1, 4)),
            "year0": str(career_start - 1),
            "month": rng.choice(_MONTHS),
            "ticket": str(rng.randint(100000, 999999)),
            "product": product,
            "amount": _format_amount(rng, country),
            "subject": rng.choice(_SUBJECTS),
            "pjob": pjob,
            "art_pj": _article(pjob),
            "iban": make_iban(rng, iban_country),
            "card": make_card_number(rng),
            "ip": make_ip_address(rng),
            "url_order": url_order,
            "url_news": url_news,
            "url_doc": url_doc,
            "url_me": url_me,
            "art_prod": _article(product),
        }
    )
    return ctx


class _Builder:
    """Accumulates text and the gold spans of the fields rendered into it."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.spans: list[dict[str, Any]] = []

    def literal(self, text: str) -> None:
        self.parts.append(text)
        self.length += len(text)

    def render(self, template: str, ctx: Mapping[str, str]) -> None:
        for literal, field, _spec, _conv in _FORMATTER.parse(template):
            if literal:
                self.literal(literal)
            if field is None:
                continue
            value = ctx[field]
            label = _FIELD_LABELS.get(field)
            if label is not None:
                self.spans.append(
                    {
                        "start": self.length,
                        "end": self.length + len(value),
                        "label": label,
                        "text": value,
                    }
                )
            self.literal(value)

    def text(self) -> str:
        return "".join(self.parts)


_MAX_MENTIONS = 4
_PRIMARY_PERSON_FIELDS = frozenset({"name", "first", "last"})


@functools.cache
def _mentions(template: str) -> int:
    """How many times a template names the document's main person."""
    return sum(f in _PRIMARY_PERSON_FIELDS for _, f, _, _ in _FORMATTER.parse(template))


def _render_paragraph(b: _Builder, sentences: Sequence[str], ctx: Mapping[str, str]) -> None:
    for i, sentence in enumerate(sentences):
        if i:
            b.literal(" ")
        b.render(sentence, ctx)


def _render_document(rng: random.Random) -> tuple[str, str, list[dict[str, Any]]]:
    genre = rng.choices(list(_GENRE_WEIGHTS), weights=list(_GENRE_WEIGHTS.values()))[0]
    variant = rng.choice([v for v in _VARIANTS if v.genre == genre])
    ctx = _context(rng, variant.retail)
    n_sentences = rng.randint(2, 8)
    head = rng.choice(variant.head)
    opener = rng.choice(variant.opener)
    contact = rng.choice(variant.contact)
    # Prose counts the contact sentence; letters and CVs carry it in the sign-off or header.
    n_body = n_sentences - (2 if variant.layout == "prose" else 1)
    pool = list(variant.body)
    rng.shuffle(pool)
    if variant.rare and rng.random() < 0.3:
        pool.insert(0, rng.choice(variant.rare))
    used = _mentions(head) + _mentions(opener) + _mentions(contact)
    body: list[str] = []
    for template in pool:  # keep the main person's name to at most _MAX_MENTIONS mentions
        if len(body) >= n_body:
            break
        if used + _mentions(template) <= _MAX_MENTIONS:
            body.append(template)
            used += _mentions(template)
    rng.shuffle(body)
    sentences = [opener, *body]
    b = _Builder()
    if variant.layout == "prose":
        sentences.insert(rng.randint(1, len(sentences)), contact)
        _render_paragraph(b, sentences, ctx)
    elif variant.layout == "letter":
        b.render(head, ctx)
        b.literal("\n\n")
        _render_paragraph(b, sentences, ctx)
        b.literal("\n\n")
        b.render(contact, ctx)
    else:  # cv
        b.render(contact, ctx)
        b.literal("\n\n")
        _render_paragraph(b, sentences, ctx)
    return genre, b.text(), b.spans


def _doc_id(i: int) -> str:
    return f"doc-{i:05d}"


def generate_demo_gold(n_docs: int = 200, seed: int = 7) -> list[dict[str, Any]]:
    """Generate the demo corpus together with gold entity spans.

    Document ``i`` depends only on ``seed`` and ``i``, so a smaller ``n_docs`` gives a prefix of
    a larger one.

    Args:
        n_docs: Number of documents.
        seed: Seed of the generator.

    Returns:
        Rows ``{"id", "text", "genre", "entities"}`` where ``entities`` lists dicts
        ``{"start", "end", "label", "text"}`` (character offsets into ``text``, end exclusive,
        ordered by ``start``; labels from :data:`ENTITY_LABELS`). Titles such as "Dr." are not
        part of a PERSON span.

    Raises:
        ValueError: If ``n_docs`` is negative.
    """
    if n_docs < 0:
        raise ValueError(f"n_docs must be >= 0, got {n_docs}")
    master = random.Random(seed)
    rows = []
    for i in range(n_docs):
        rng = random.Random(master.getrandbits(64))
        genre, text, spans = _render_document(rng)
        rows.append({"id": _doc_id(i), "text": text, "genre": genre, "entities": spans})
    return rows


def generate_demo_corpus(n_docs: int = 200, seed: int = 7) -> list[dict]:
    """Generate a deterministic corpus of short English documents containing PII.

    Args:
        n_docs: Number of documents.
        seed: Seed of the generator; the same seed always gives the same rows.

    Returns:
        Rows ``{"id": "doc-00000", "text": "..."}`` with unique ids in order.

    Raises:
        ValueError: If ``n_docs`` is negative.
    """
    return [{"id": r["id"], "text": r["text"]} for r in generate_demo_gold(n_docs, seed)]


BAD_ROW_DEFECTS: tuple[str, ...] = (
    "null_id",
    "empty_id",
    "empty_text",
    "blank_text",
    "duplicate_id",
    "non_string_text",
)
"""The defect of each row of :func:`generate_bad_rows`, in the same order."""


def generate_bad_rows() -> list[dict]:
    """Rows that an ingestion step must quarantine, one defect each.

    The defects are, in order (see :data:`BAD_ROW_DEFECTS`): ``id`` is ``None``; ``id`` is the
    empty string; ``text`` is empty; ``text`` is only whitespace; ``id`` duplicates the real
    document ``"doc-00001"`` with a different text; ``text`` is an ``int``. Apart from its
    defect each row is well formed; rows that need a fresh id use ``doc-999xx``, which the demo
    corpus does not reach below 99,900 documents.

    Returns:
        A new list of six dicts with keys ``id`` and ``text``.
    """
    return [
        {"id": None, "text": "Please call Laura Bianchi on +39 06 6982 1234 about the invoice."},
        {"id": "", "text": "Ticket opened by Omar Haddad (omar.haddad@gmail.com) from Leeds."},
        {"id": "doc-99901", "text": ""},
        {"id": "doc-99902", "text": "   \n\t  "},
        {
            "id": "doc-00001",
            "text": "Duplicate: Grace Mensah of Acme Corp, grace.mensah@acme.com, "
            "phone (212) 555-0187, asked for a callback.",
        },
        {"id": "doc-99903", "text": 4155550142},
    ]


def write_demo_jsonl(
    path: str | Path, n_docs: int = 200, seed: int = 7, include_bad_rows: bool = True
) -> int:
    """Write the demo corpus as JSON Lines (UTF-8, one object per line, non-ASCII kept).

    Args:
        path: Output file; parent folders are created.
        n_docs: Number of good documents.
        seed: Seed of the generator.
        include_bad_rows: Append :func:`generate_bad_rows` after the good documents.

    Returns:
        The number of lines written.

    Raises:
        ValueError: If ``include_bad_rows`` and ``n_docs`` would reach the ids of the bad rows.
    """
    if include_bad_rows and n_docs > 99900:
        raise ValueError("n_docs > 99900 would collide with the ids of the bad rows")
    rows = generate_demo_corpus(n_docs, seed)
    if include_bad_rows:
        rows += generate_bad_rows()
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="\n") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    return len(rows)


def write_leakage_jsonl(
    path: str | Path, n_docs: int = 300, seed: int = 0, court_every: int = 0
) -> int:
    """Write a leakage corpus (``privtext.audit.corpus.generate_leakage_corpus``).

    Documents in which persons recur (3-5 mentions each) and correlate with an employer and a
    city across the corpus: the corpus on which the mPL audit and AmPL show real
    joint-consumption leakage (``privtext audit``, ``privtext ampl``; README, issue 6). With
    ``court_every = k`` every k-th document is a long court-style judgment (the demo uses 10).

    Returns:
        The number of lines written.
    """
    from privtext.audit.corpus import generate_leakage_corpus

    rows = generate_leakage_corpus(n_docs, seed, court_every)
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="\n") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    return len(rows)


def _main(argv: Sequence[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Write the privtext demo corpus as JSON Lines.")
    parser.add_argument("--out", required=True, help="output .jsonl path")
    parser.add_argument("--docs", type=int, default=200, help="number of good documents")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-bad-rows", action="store_true", help="omit the quarantine rows")
    args = parser.parse_args(argv)
    n = write_demo_jsonl(args.out, args.docs, args.seed, include_bad_rows=not args.no_bad_rows)
    print(f"wrote {n} rows to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
