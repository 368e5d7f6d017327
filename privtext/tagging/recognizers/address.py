"""STREET_ADDRESS and POSTCODE recognizers.

**Street addresses** (:class:`StreetAddressRecognizer`). A *core* is found by one of a few
regexes that all start at a house number, a street word or ``P.O. Box``:

* English order: house number (``12``, ``12a``, ``221B``, ``12-14``, ``No. 5``), one to four
  capitalized name words (``5th``, ``St Mary's`` included) and a street type (``Street``,
  ``St``, ``Road``, ``Avenue``, ``Lane``, ``Drive``, ``Court``, ``Mews``...), optionally a
  direction (``NW``);
* ``15 rue de Rivoli``/``rue de la Paix 5``, ``Calle Mayor 3``, ``Via Roma 10``,
  ``Rua Augusta 100``, ``Avenue of the Americas``-like forms with a number;
* German and Dutch compounds with a number: ``Hauptstraße 12``, ``Berliner Str. 5``,
  ``Kerkstraat 4``, ``Prinsengracht 263``;
* post-office boxes: ``P.O. Box 1234``, ``PO Box 12``, ``Postfach 1234``.

The core is then extended *backwards* over a unit or building-name line (``Flat 3, Rose
Court,``) and *forwards* over a secondary unit (``Apt 4B``, ``Suite 300``, ``#12``) and the
lines or comma-separated parts that follow: city, state or county, postcode, country
(``221B Baker Street\\nLondon NW1 6XE`` is one span). A continuation part is short and made of
capitalized words and postcode-like tokens; a greeting or a sentence stops it.

A street name without a number but with a strong street type (``Elm Street``, ``Mill Lane``)
right after ``on``/``in``/``at`` scores ``BARE_SCORE`` when a residence cue (``lives``,
``moved``, ``address``...) precedes it, below the default threshold otherwise.

**Postcodes** (:class:`PostcodeRecognizer`): UK (``SW1A 1AA``) and Canadian (``K1A 0B1``)
postcodes score high on their own; Dutch (``1012 AB``) needs a capitalized place name after
it or a context word; US ZIP codes need a state before them (``IL 62704``, ``Texas 75001``)
or a context word (``zip``); 5-digit codes need a capitalized place after them (``75001
Paris``, ``D-10115 Berlin``) that is a known city, or a context word (``PLZ``, ``code
postal``, ``postcode``). Years and amounts are never postcodes.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import ClassVar

from privtext.tagging.base import Recognizer, Span, compile_context

# ------------------------------------------------------------------------------ lexicon
_UP = r"A-Z\u00c0-\u00d6\u00d8-\u00de"
_CAPWORD = rf"[{_UP}][\w'\u2019]*(?:-[\w'\u2019]+)*"
_MONTHS_DAYS = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Jan|Feb|Mar|Apr|Jun|"
    r"Jul|Aug|Sep|Sept|Oct|Nov|Dec|No|Nos|Article|Section|Page|Chapter|Room|The|A|An|And|Of)"
)
_NAME_WORD = rf"(?:(?!{_MONTHS_DAYS}\b){_CAPWORD}\.?|[0-9]{{1,3}}(?:st|nd|rd|th))"

STREET_TYPES: tuple[str, ...] = (
    "Street",
    "St",
    "Road",
    "Rd",
    "Avenue",
    "Ave",
    "Av",
    "Lane",
    "Ln",
    "Drive",
    "Dr",
    "Boulevard",
    "Blvd",
    "Way",
    "Place",
    "Pl",
    "Court",
    "Ct",
    "Terrace",
    "Terr",
    "Tce",
    "Close",
    "Cl",
    "Crescent",
    "Cres",
    "Square",
    "Sq",
    "Parkway",
    "Pkwy",
    "Highway",
    "Hwy",
    "Row",
    "Walk",
    "Gardens",
    "Gdns",
    "Hill",
    "Mews",
    "Grove",
    "Gr",
    "Circle",
    "Cir",
    "Trail",
    "Trl",
    "Alley",
    "Plaza",
    "Rise",
    "Vale",
    "View",
    "Wharf",
    "Quay",
    "Parade",
    "Pde",
    "Embankment",
    "Esplanade",
    "Promenade",
    "Causeway",
    "Chase",
    "Yard",
    "Loop",
    "Pike",
    "Turnpike",
    "Expressway",
    "Freeway",
    "Fwy",
    "Ridge",
    "Green",
    "Park",
    "Meadow",
    "Meadows",
    "Hollow",
    "Crossing",
    "Path",
    "Pass",
    "Point",
    "Run",
    "Broadway",
    "Bypass",
    "Approach",
    "Gate",
    "Wynd",
    # Turkish: "15 Atatürk Caddesi", "Gül Sokak 4" is handled as a trailing number below
    "Caddesi",
    "Cad",
    "Sokak",
    "Sokağı",
    "Sok",
    "Bulvarı",
    "Mahallesi",
)
# Strong types: a street name without a number is still a street (``Mill Lane``).
STRONG_TYPES: tuple[str, ...] = (
    "Street",
    "Road",
    "Avenue",
    "Lane",
    "Drive",
    "Boulevard",
    "Terrace",
    "Crescent",
    "Parkway",
    "Highway",
    "Mews",
    "Grove",
    "Close",
    "Gardens",
)


def _alts(words: tuple[str, ...], upper: bool = True) -> str:
    forms = {w for w in words}
    if upper:
        forms |= {w.upper() for w in words}
    return "(?:" + "|".join(sorted(forms, key=len, reverse=True)) + ")"


_TYPE = _alts(STREET_TYPES)
_STRONG = _alts(STRONG_TYPES)
_DIRECTION = r"(?:[ \t]+(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)(?![\w]))?"
_HOUSE_NUM = (
    r"(?:(?:No|Nr|N[\u00ba\u00b0o])\.?[ \t]*)?[0-9]{1,5}[A-Za-z]?(?:[ \t]*[\-\u2013/][ \t]*"
    r"[0-9]{1,5}[A-Za-z]?)?"
)
_TRAIL_NUM = (
    r"(?:n[\u00ba\u00b0o]\.?[ \t]*)?[0-9]{1,4}[A-Za-z]?(?:[ \t]*[\-/][ \t]*[0-9]{1,4}[a-zA-Z]?)?"
)
_LINKERS = (
    r"(?:(?:de|du|des|de[ \t]+la|de[ \t]+l'|d'|del|de[ \t]+los|de[ \t]+las|della|delle|dei|"
    r"degli|di|da|do|dos|das|of[ \t]+the|of)[ \t]+)?"
)
_ROMANCE_TYPES = (
    r"(?:[Rr]ue|[Aa]venue|[Bb]oulevard|[Bb]d\.?|[Aa]ll[\u00e9e]e|[Pp]lace|[Cc]hemin|[Ii]mpasse|"
    r"[Qq]uai|[Cc]ours|[Rr]oute|Calle|C/|Avenida|Avda\.?|Paseo|Carrer|Camino|Plaza|Pla[\u00e7c]a|"
    r"Via|Viale|Piazza|Piazzale|Corso|Largo|Vicolo|Rua|Travessa|Avenue|Boulevard|Strada|Ulica|"
    r"ul\.|Aleja|al\.)"
)
_GERMANIC_SUFFIX = (
    r"(?:stra\u00dfe|strasse|str\.|weg|gasse|platz|allee|ring|damm|ufer|chaussee|steig|pfad|"
    r"markt|straat|laan|gracht|plein|kade|dijk|singel|steeg|vej|gade|gatan|v\u00e4gen|vegen|"
    r"gata|gaten)"
)
_GERMANIC_WORD = r"(?:Stra\u00dfe|Strasse|Str\.|Weg|Gasse|Platz|Allee|Ring|Damm|Ufer|Chaussee)"
_RB = r"(?![\w\-])"

_CORE_PATTERNS: list[tuple[str, str]] = [
    # 12 Baker Street / 221B Baker St / 350 5th Avenue NW / No. 5 Mill Lane
    (
        "anglo",
        rf"(?<![\w.,/\-]){_HOUSE_NUM}[ \t]+(?:{_NAME_WORD}[ \t]+){{1,4}}{_TYPE}(?![\w'\u2019])"
        rf"{_DIRECTION}",
    ),
    # 350 Avenue of the Americas / 15 rue de Rivoli / 3 Calle Mayor
    (
        "num_type_first",
        rf"(?<![\w.,/\-]){_HOUSE_NUM},?[ \t]+{_ROMANCE_TYPES}[ \t]+{_LINKERS}"
        rf"{_CAPWORD}(?:[ \t]+{_LINKERS}{_CAPWORD}){{0,3}}",
    ),
    # rue de la Paix 5 / Calle Mayor, 3 / Via Roma 10
    (
        "type_first_num",
        rf"(?<![\w]){_ROMANCE_TYPES}[ \t]+{_LINKERS}{_CAPWORD}(?:[ \t]+{_LINKERS}{_CAPWORD}){{0,3}}"
        rf",?[ \t]+{_TRAIL_NUM}{_RB}",
    ),
    # Hauptstraße 12 / Kerkstraat 4 / Prinsengracht 263
    (
        "germanic",
        rf"(?<![\w])[{_UP}][a-z\u00df-\u00ff]*?{_GERMANIC_SUFFIX}[ \t]+{_TRAIL_NUM}{_RB}",
    ),
    # Berliner Straße 5 / Am Alten Markt 3 (separate street word)
    (
        "germanic_sep",
        rf"(?<![\w]){_CAPWORD}[ \t]+{_GERMANIC_WORD}[ \t]+{_TRAIL_NUM}{_RB}",
    ),
    # P.O. Box 1234
    (
        "po_box",
        r"(?<![\w])(?:P\.?[ \t]?O\.?[ \t]*Box|Post[ \t]+Office[ \t]+Box|PO[ \t]+BOX|Postfach|"
        r"Apartado|Bo[i\u00ee]te[ \t]+postale|BP|Casella[ \t]+postale)[ \t]*[0-9]{1,7}(?![\w])",
    ),
]
_CORE_RX = re.compile("|".join(f"(?P<{n}>{rx})" for n, rx in _CORE_PATTERNS))

# Secondary unit right after the street: ", Apt 4B", " Suite 300", " #12", ", Building C"
_UNIT_WORDS = (
    r"(?:Apt|Apartment|Flat|Suite|Ste|Unit|Floor|Fl|Room|Rm|Building|Bldg|Block|Bloc|"
    r"Etage|Stock|Piso|Dept|Department|Office)"
)
_UNIT = (
    rf"(?:{_UNIT_WORDS}\.?[ \t]*#?[ \t]*[0-9A-Z][0-9A-Za-z\-]{{0,5}}|#[ \t]?[0-9]{{1,5}}[A-Za-z]?|"
    rf"[0-9]{{1,2}}(?:st|nd|rd|th)[ \t]+[Ff]loor)"
)
_UNIT_AFTER = re.compile(rf"(?:,[ \t]*|[ \t]+){_UNIT}(?![\w])")
# A building or unit line before the number: "Flat 3, Rose Court, " / "Rose Court\n"
_BUILDING = (
    rf"(?:{_CAPWORD}[ \t]+){{1,3}}(?:House|Court|Building|Tower|Towers|Lodge|Mansions|Cottage|"
    r"Cottages|Hall|Centre|Center|Apartments|Residence|Residences|Chambers|Estate|Farm)"
)
_BEFORE_RX = re.compile(rf"(?:(?:{_UNIT}|{_BUILDING})[ \t]*(?:,[ \t]*|\r?\n[ \t]*)){{1,2}}\Z")

# Postcode shapes used inside an address block.
_UK_PC = (
    r"(?:GIR[ \t]?0AA|[A-PR-UWYZ](?:[0-9][0-9A-HJKPSTUW]?|[A-HK-Y][0-9][0-9ABEHMNPRVWXY]?)"
    r"[ \t]?[0-9][ABD-HJLNP-UW-Z]{2})"
)
_CA_PC = r"(?:[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z][ \t]?[0-9][ABCEGHJ-NPRSTV-Z][0-9])"
_NL_PC = r"(?:[1-9][0-9]{3}[ \t]?(?!SA|SD|SS)[A-Z]{2})"
_ZIP = r"(?:[0-9]{5}(?:-[0-9]{4})?)"
_NUM_PC = r"(?:(?:[A-Z]{1,2}-)?[0-9]{4,5}(?:-[0-9]{3,4})?)"
_ANY_PC = rf"(?:{_UK_PC}|{_CA_PC}|{_NL_PC}|{_NUM_PC})"

US_STATES = (
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ "
    "NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR"
).split()
US_STATE_NAMES = (
    "Alabama",
    "Alaska",
    "Arizona",
    "Arkansas",
    "California",
    "Colorado",
    "Connecticut",
    "Delaware",
    "Florida",
    "Georgia",
    "Hawaii",
    "Idaho",
    "Illinois",
    "Indiana",
    "Iowa",
    "Kansas",
    "Kentucky",
    "Louisiana",
    "Maine",
    "Maryland",
    "Massachusetts",
    "Michigan",
    "Minnesota",
    "Mississippi",
    "Missouri",
    "Montana",
    "Nebraska",
    "Nevada",
    "New Hampshire",
    "New Jersey",
    "New Mexico",
    "New York",
    "North Carolina",
    "North Dakota",
    "Ohio",
    "Oklahoma",
    "Oregon",
    "Pennsylvania",
    "Rhode Island",
    "South Carolina",
    "South Dakota",
    "Tennessee",
    "Texas",
    "Utah",
    "Vermont",
    "Virginia",
    "Washington",
    "West Virginia",
    "Wisconsin",
    "Wyoming",
)
_STATE = (
    "(?:"
    + "|".join(sorted(US_STATE_NAMES, key=len, reverse=True)).replace(" ", r"[ \t]+")
    + "|"
    + "|".join(US_STATES)
    + r")(?![\w])"
)

# Words that never start a continuation line (greetings, sentence starts, labels).
_STOP_LINE = (
    r"(?:Dear|Hi|Hello|Hey|To|From|Re|Subject|Sincerely|Regards|Yours|Best|Kind|Thanks|Thank|"
    r"Tel|Telephone|Phone|Mobile|Fax|Email|E-mail|Web|Date|Ref|Our|Your|The|This|That|These|"
    r"We|I|He|She|They|It|You|Please|Attn|Attention|Cc|Bcc|Mr|Mrs|Ms|Dr|Sir|Madam|Invoice|"
    r"Account|Order|Total|Note|Signed|Signature|Name|On|In|At|As|If|For|And|But|Or|So|When|"
    r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?![\w'\-])"
)
_PLACE_WORD = rf"(?:{_CAPWORD}\.?|upon|on|le|la|les|de|du|sur|am|an|der|im|en|del|di)"
_PLACE = rf"(?!{_STOP_LINE}){_CAPWORD}\.?(?:[ \t]+{_PLACE_WORD}){{0,3}}"
# One continuation part; must be followed by the end of the line, a comma or a full stop.
_PART = (
    rf"(?:{_UNIT}"
    rf"|{_NUM_PC}[ \t]+{_PLACE}"  # 75001 Paris / D-10115 Berlin
    rf"|{_NL_PC}[ \t]+{_PLACE}"  # 1012 AB Amsterdam
    rf"|{_STATE}[ \t]+{_ZIP}"  # IL 62704
    rf"|{_UK_PC}|{_CA_PC}"  # NW1 6XE
    rf"|{_PLACE}(?:,?[ \t]+(?:{_STATE}[ \t]+{_ZIP}|{_UK_PC}|{_CA_PC}|{_ZIP}|{_STATE}"
    rf"(?:[ \t]+{_CA_PC})?))?"  # London NW1 6XE / Springfield, IL 62704
    rf")(?=[ \t]*(?:\r?\n|,|\.(?:\s|\Z)|;|\)|\Z))"
)
_SEP = r"(?:[ \t]*,[ \t]*(?:\r?\n[ \t]*)?|[ \t]*\r?\n[ \t]*)"
_CONT_ONE = re.compile(rf"{_SEP}{_PART}")
_MAX_CONT_LINE = 60

# Bare street names: "lives on Elm Street", "in Mill Lane".
_BARE_RX = re.compile(
    rf"(?<![\w])(?:on|in|at|off|along|near|to)[ \t]+(?:the[ \t]+)?"
    rf"(?P<ent>(?:(?!{_MONTHS_DAYS}\b){_CAPWORD}[ \t]+){{1,3}}{_STRONG})(?![\w'\u2019])"
)
_RESIDENCE_CUE = compile_context(
    (
        "lives",
        "lived",
        "living",
        "live",
        "resides",
        "resided",
        "residing",
        "resident",
        "moved",
        "moving",
        "address",
        "located",
        "home",
        "house",
        "flat",
        "apartment",
        "deliver",
        "delivered",
        "ship",
        "shipped",
        "stays",
        "stayed",
        "staying",
        "domiciled",
        "registered",
    )
)

ADDRESS_CONTEXT: tuple[str, ...] = (
    "address",
    "addressed",
    "lives at",
    "living at",
    "lived at",
    "resides at",
    "residing at",
    "resident at",
    "located at",
    "home",
    "moved to",
    "deliver to",
    "ship to",
    "send to",
    "domiciled at",
    "registered office",
    "situated at",
)
_ADDRESS_CONTEXT_RX = compile_context(ADDRESS_CONTEXT)
_CONTEXT_WINDOW = 40
_YEAR_NUM = re.compile(r"(?:19|20)[0-9]{2}[ \t]")
_YEAR_PREP = re.compile(
    r"(?i)(?<![\w])(?:in|since|until|by|of|from|before|after|during|year)[ \t]+\Z"
)


class StreetAddressRecognizer(Recognizer):
    """Tag street addresses, whole address blocks included, as ``STREET_ADDRESS``."""

    name: ClassVar[str] = "street_address_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("STREET_ADDRESS",)
    CORE_SCORE: ClassVar[float] = 0.85
    BLOCK_SCORE: ClassVar[float] = 0.9
    PO_BOX_SCORE: ClassVar[float] = 0.85
    BARE_SCORE: ClassVar[float] = 0.6
    BARE_NO_CUE_SCORE: ClassVar[float] = 0.4
    CONTEXT_BOOST: ClassVar[float] = 0.1

    def _extend(self, text: str, start: int, end: int) -> tuple[int, int, bool]:
        """Extend a core over a preceding unit/building line and following address parts."""
        b = _BEFORE_RX.search(text, max(0, start - 80), start)
        if b is not None:
            start = b.start()
        u = _UNIT_AFTER.match(text, end)
        if u is not None:
            end = u.end()
        block = False
        pos = end
        for _ in range(4):
            c = _CONT_ONE.match(text, pos)
            if c is None or c.end() - c.start() > _MAX_CONT_LINE:
                break
            pos = c.end()
            block = True
        return start, pos, block

    def analyze(self, text: str) -> list[Span]:
        """Find addresses in ``text`` (see the module docstring).

        Args:
            text: the document text.

        Returns:
            One span per address (blocks merged).
        """
        if not text:
            return []
        out: list[Span] = []
        last_end = -1
        for m in _CORE_RX.finditer(text):
            if m.start() < last_end:
                continue
            if _YEAR_NUM.match(text, m.start()) and _YEAR_PREP.search(
                text, max(0, m.start() - 12), m.start()
            ):
                continue  # "in 1998 Oxford Road was closed": a year, not a house number
            s, e, block = self._extend(text, m.start(), m.end())
            if m.lastgroup == "po_box":
                score = self.BLOCK_SCORE if block else self.PO_BOX_SCORE
            else:
                score = self.BLOCK_SCORE if block else self.CORE_SCORE
            if _ADDRESS_CONTEXT_RX is not None and _ADDRESS_CONTEXT_RX.search(
                text, max(0, s - _CONTEXT_WINDOW), s
            ):
                score = min(1.0, score + self.CONTEXT_BOOST)
            out.append(Span(s, e, "STREET_ADDRESS", round(score, 4), self.name))
            last_end = e
        for m in _BARE_RX.finditer(text):
            s, e = m.span("ent")
            if any(sp.start < e and s < sp.end for sp in out):
                continue
            cue = _RESIDENCE_CUE is not None and _RESIDENCE_CUE.search(
                text, max(0, m.start() - _CONTEXT_WINDOW), m.start()
            )
            score = self.BARE_SCORE if cue else self.BARE_NO_CUE_SCORE
            out.append(Span(s, e, "STREET_ADDRESS", score, self.name))
        return out


# ------------------------------------------------------------------------------ postcodes
_PC_B = r"(?<![\w\-/.,])"
_PC_E = r"(?![\w\-/]|[.,][0-9])"


def _place_after(group: str) -> str:
    """Lookahead capturing the capitalized word after a code as ``group``."""
    return rf"(?=[ \t]+(?P<{group}>(?!{_STOP_LINE}){_CAPWORD}))"


_NOT_A_PLACE = frozenset(
    {
        "Euro",
        "Euros",
        "EUR",
        "USD",
        "GBP",
        "CHF",
        "Dollars",
        "Pounds",
        "Francs",
        "Kronor",
        "Persons",
        "People",
        "Cases",
        "Units",
        "Items",
        "Km",
        "Kg",
    }
)

_PC_PATTERNS: list[tuple[str, str]] = [
    ("uk", rf"{_PC_B}(?P<uk>{_UK_PC}){_PC_E}"),
    ("ca", rf"{_PC_B}(?P<ca>{_CA_PC}){_PC_E}"),
    ("us_state", rf"(?<![\w]){_STATE},?[ \t]+(?P<zip>{_ZIP}){_PC_E}"),
    ("nl", rf"{_PC_B}(?P<nl>{_NL_PC}){_PC_E}(?:{_place_after('place_nl')})?"),
    (
        "num",
        rf"{_PC_B}(?P<num>(?:[A-Z]{{1,2}}-)?[0-9]{{5}}(?:-[0-9]{{4}})?){_PC_E}(?:{_place_after('place_num')})?",
    ),
]
_PC_RX = re.compile("|".join(f"(?P<{n}_m>{rx})" for n, rx in _PC_PATTERNS))
_PC_GROUP = {"uk_m": "uk", "ca_m": "ca", "us_state_m": "zip", "nl_m": "nl", "num_m": "num"}
POSTCODE_CONTEXT: tuple[str, ...] = (
    "postcode",
    "post code",
    "postal code",
    "zip",
    "zip code",
    "zipcode",
    "plz",
    "postleitzahl",
    "code postal",
    "cp",
    "c.p.",
    "cap",
    "código postal",
    "codice postale",
    "postcode:",
    "address",
)
_PC_CONTEXT_RX = compile_context(POSTCODE_CONTEXT)
_NL_UNIT_LETTERS = frozenset(
    {
        "AD",
        "BC",
        "CE",
        "AM",
        "PM",
        "US",
        "UK",
        "EU",
        "UN",
        "MB",
        "GB",
        "KB",
        "TB",
        "HZ",
        "KM",
        "KG",
        "CM",
        "MM",
        "ML",
        "MG",
        "EUR",
        "PS",
        "HP",
        "CC",
        "AC",
        "DC",
        "TV",
        "ID",
        "OK",
        "NO",
    }
)


@lru_cache(maxsize=1)
def _known_cities() -> frozenset[str]:
    """City and country names from the packaged gazetteer lists (first token of each)."""
    names: set[str] = set()
    for fname in ("cities.txt", "countries.txt"):
        try:
            data = resources.files("privtext").joinpath("data", fname).read_text("utf-8")
        except (FileNotFoundError, OSError):
            continue
        for line in data.splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                names.add(line.split()[0])
    return frozenset(names)


class PostcodeRecognizer(Recognizer):
    """Tag postal codes as ``POSTCODE`` (see the module docstring)."""

    name: ClassVar[str] = "postcode_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("POSTCODE",)
    STRONG_SCORE: ClassVar[float] = 0.85
    STATE_SCORE: ClassVar[float] = 0.85
    PLACE_SCORE: ClassVar[float] = 0.75
    WEAK_PLACE_SCORE: ClassVar[float] = 0.6
    CONTEXT_SCORE: ClassVar[float] = 0.8
    CONTEXT_WINDOW: ClassVar[int] = 30

    def load(self) -> None:
        """Load the city list once (idempotent)."""
        _known_cities()

    def _has_context(self, text: str, start: int) -> bool:
        rx = _PC_CONTEXT_RX
        return (
            rx is not None
            and rx.search(text, max(0, start - self.CONTEXT_WINDOW), start) is not None
        )

    def analyze(self, text: str) -> list[Span]:
        """Find postcodes in ``text``.

        Args:
            text: the document text.

        Returns:
            One span per postcode.
        """
        if not text:
            return []
        cities = _known_cities()
        out: list[Span] = []
        for m in _PC_RX.finditer(text):
            kind = m.lastgroup
            if kind is None:
                continue
            grp = _PC_GROUP[kind]
            s, e = m.span(grp)
            if s < 0:
                continue
            score: float | None
            if kind in ("uk_m", "ca_m"):
                value = text[s:e]
                score = self.STRONG_SCORE if (" " in value or "\t" in value) else 0.6
                if not any(c.isdigit() for c in value[-3:]):
                    continue
            elif kind == "us_state_m":
                score = self.STATE_SCORE
            else:
                pg = "place_nl" if kind == "nl_m" else "place_num"
                place = m.group(pg) if m.start(pg) >= 0 else None
                if place in _NOT_A_PLACE:
                    place = None
                if kind == "nl_m" and text[e - 2 : e] in _NL_UNIT_LETTERS:
                    continue
                if place is not None and place in cities:
                    score = self.PLACE_SCORE
                elif self._has_context(text, s):
                    score = self.CONTEXT_SCORE
                elif place is not None and self._line_start(text, s):
                    score = self.WEAK_PLACE_SCORE
                else:
                    score = None
                if score is None:
                    continue
            out.append(Span(s, e, "POSTCODE", score, self.name))
        return out

    @staticmethod
    def _line_start(text: str, s: int) -> bool:
        """The code starts a line or follows a comma (address layout)."""
        k = s - 1
        while k >= 0 and text[k] in " \t":
            k -= 1
        return k < 0 or text[k] in "\n,"
