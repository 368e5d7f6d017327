"""STREET_ADDRESS and POSTCODE recognizers.

**Street addresses** (:class:`StreetAddressRecognizer`). Three paths find an address; the
spans they give are whole address blocks (street line, unit, district, postcode and city, and
a country on its own line right after a postal line):

1. **Street cores.** A regex finds a street with its house number in one of many national
   forms:

   * English order: house number (``12``, ``12a``, ``221B``, ``12-14``, ``No. 5``), one to
     four capitalized name words and a street type (``Street``, ``Road``, ``Avenue``,
     ``Lane``, ``Court``, ``Mews``...), optionally a direction (``NW``);
   * a street word or abbreviation first: ``15 rue de Rivoli``/``rue de la Paix 5``,
     ``Calle Mayor 3``, ``Via Roma 10``, ``Rua das Flores 88``, ``Carrer``, ``Avenida``,
     ``Piazza``, ``Corso``, ``Boulevard``..., and the Central/Eastern European abbreviations
     ``ul.``, ``al.``, ``pl.``, ``os.``, ``str.``, ``vul.``, ``prosp.``, ``bul.``, ``bd.``,
     ``av.``, ``avda.``, ``c/`` (``ul. Długa 15/4``, ``str. Mihai Eminescu 47``);
   * German, Dutch and Nordic compounds (``Hauptstraße 12``, ``Berliner Str. 5``,
     ``Kerkstraat 4``, ``Oudegracht 214 bis``, ``Steinenvorstadt 53``, ``Nørregade 7``,
     ``Storgatan 3``) and German prepositional names (``Am Lindenhof 7a``, ``An der Alster
     5``, ``Im Winkel 4``, ``Zum Hafen 2``);
   * Turkish names with ``Caddesi``/``Cad.``/``Sokak``/``Sok.``/``Bulvarı`` and an optional
     ``Mahallesi``/``Mah.`` district (``Bağdat Caddesi No: 214 Daire 6``);
   * post-office boxes (``P.O. Box 1234``, ``Postfach 12``, ``Postbus 16200``, ``Apartado``,
     ``PMB 41``, ``Private Bag X12``, ``Locked Bag 7``);
   * a unit followed by a building name (``Flat 9, Wellington Court``).

   The core is extended *backwards* over a unit or building line (``Flat 3, Rose Court,``,
   ``Marlborough House``, ``The Crown & Anchor,``, ``Harbour Point,``) and *forwards* over
   secondary units (``Apt 4B``, ``Suite 300``, ``apartment 22``, ``m. 12``, ``3º B``, ``2º
   Esq``, ``Daire 6``) and the lines or comma-separated parts that follow: district, city,
   state, postcode (``28045 Madrid``, ``90-006 Łódź``, ``3511 NV Utrecht``, ``4050-265
   Porto``, ``London NW1 6XE``, ``Springfield, IL 62704``, ``75008 Paris CEDEX``). After a
   postal part only a country (``privtext/data/countries.txt``) may follow. A part is short
   and made of capitalized words and postcode-like tokens; a greeting, a sentence or a
   lower-case word stops the block (a last ``, <Place>`` before a lower-case word is kept:
   ``str. Mihai Eminescu 47, Bălţi and ...``).

2. **Postal blocks.** A postcode + place (or place + postcode) at the start of a line or after
   a comma marks an address block when the line before it, or the comma-separated segment
   before it on the same line, looks like a street line: a capitalized name and a house number
   (``Taunusblick 12, 65779 Kelkheim``; ``Stadsweg 4\\n3511 AB Utrecht``) or a number and a
   name (``12 The Green``), a street word and a name (``rue des Lilas``); a town line may sit
   between them, and a unit line above a bare street name is taken too (``Flat 1\\nPrior
   Dale\\nYork\\nYO1 7HH``). A person's or organisation's name line above it is never
   included (it has no number and no street or building word).

3. **Cued weak streets.** One or two capitalized words and a number with no street word
   (``Stadsplateau 1``) are an address only right after an address cue (``address:``,
   ``lives at``, ``moved to``, ``office on``, ``deliver to``... score ``CUE_SCORE``; a plain
   ``at`` scores ``WEAK_SCORE``). Words like ``Article``, ``Section``, ``Room``, ``Chapter``,
   ``Level``, ``Windows``, month names and 4-digit years never start one.

4. **Labelled fields.** After an ``Address:`` label at the start of a line (``Home
   address:``, ``Hotel address:``, ``(f) Address:``), the value is one block: the rest of the
   line (cut at an inline ``Tel:``/``Email:`` field) and the following lines that look like
   address lines, up to a blank line, the next ``Label:`` field, an e-mail or a phone number
   (at most six lines). Values such as ``see above`` or a lone place name are left alone.

After all recognizers ran, :func:`merge_address_blocks` (called by the tagger) joins address
parts that other recognizers tagged one by one (NER places, organisations or persons that read
like ``5th Cross`` or ``Railway Pier``, postcodes) into one block.

A street name without a number but with a strong street type (``Elm Street``, ``Mill Lane``)
right after ``on``/``in``/``at`` scores ``BARE_SCORE`` when a residence cue (``lives``,
``moved``, ``address``...) precedes it, below the default threshold otherwise.

**Postcodes** (:class:`PostcodeRecognizer`): UK (``SW1A 1AA``) and Canadian (``K1A 0B1``)
postcodes score high on their own; Dutch (``1012 AB``) needs a capitalized place name after
it or a context word; US ZIP codes need a state before them (``IL 62704``, ``Texas 75001``)
or a context word (``zip``); 5-digit codes need a capitalized place after them (``75001
Paris``, ``D-10115 Berlin``) that is a known city, or a context word (``PLZ``, ``code
postal``, ``postcode``). Irish Eircodes (``D6W X2R4``), Australian state + 4 digits
(``NSW 2166``), Indian PIN codes, Japanese (``605-0862``) and Brazilian (``22421-000``) codes
after a known city, or after ``PIN``/``CEP``/``〒``, are found too. Years and amounts are never
postcodes.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache
from importlib import resources
from typing import ClassVar

from privtext.tagging.alternation import Alternation
from privtext.tagging.base import Recognizer, Span, compile_context
from privtext.tagging.prescan import PatternGroup

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("address")

# ------------------------------------------------------------------------------ lexicon
# Upper-case letters: Latin-1, Latin Extended-A/B (Ł, Ś, Ž, İ, Ğ...), Greek and Cyrillic.
_UP_EXT = "".join(re.escape(c) for c in map(chr, range(0x100, 0x250)) if c.isupper())
_UP = rf"A-Z\u00c0-\u00d6\u00d8-\u00de{_UP_EXT}\u0391-\u03a9\u0400-\u042f"
_LOW = r"a-z\u00df-\u00f6\u00f8-\u00ff\u0100-\u024f\u03b1-\u03c9\u0430-\u045f"
_CAPWORD = rf"[{_UP}][\w'\u2019]*(?:-[\w'\u2019]+)*"
_MONTHS_DAYS = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Jan|Feb|Mar|Apr|Jun|"
    r"Jul|Aug|Sep|Sept|Oct|Nov|Dec|No|Nos|Article|Section|Page|Chapter|Room|The|A|An|And|Of)"
)
_NAME_WORD = rf"(?:(?!{_MONTHS_DAYS}\b){_CAPWORD}\.?|[0-9]{{1,3}}(?:st|nd|rd|th))"
# Words that never start (or appear in) a weak street name: "Article 5", "Room 4", "Windows 10".
_NOT_STREET_WORDS = (
    r"(?:Article|Art|Articles|Section|Sections|Sec|Chapter|Chapters|Page|Pages|Room|Rooms|Rule|"
    r"Rules|Protocol|Level|Levels|Floor|Series|Windows|Boeing|Airbus|Version|Part|Parts|Annex|"
    r"Appendix|Table|Figure|Fig|Vol|Volume|Case|Cases|Item|Items|Step|Phase|Stage|Grade|Class|"
    r"Year|Years|Week|Weeks|Day|Days|Paragraph|Para|Clause|Exhibit|Schedule|Line|Ward|"
    r"Platform|Gate|Terminal|Bay|Track|Channel|Episode|Season|Round|Lot|Tel|Fax|Phone|Mobile|"
    r"No|Nr|Number|Tier|Category|Type|Model|Size|Act|Scene|Verse|Regulation|Directive|Law|"
    r"Code|Order|Decision|Judgment|Application|Applications|Report|Resolution|Convention|"
    r"Amendment|Point|Title|Book|Division|Office|Microsoft|iPhone|Galaxy|Pixel|Xbox|Python|"
    r"Java|Flight|Bus|Route|Interstate|Formula|Apollo|Euro|Covid|COVID|Mr|Mrs|Ms|Dr|Prof|"
    r"Ref|Reference|Invoice|Account|Total|Score|Minute|Minutes|Hour|Hours|Team|Group|Unit|"
    r"Units|Block|Stand|Pier|Hole|Lap|Heat|Match|Game|Games|Test|Tests|Module|Lesson|Grade|"
    r"Form|Standard|Band|Box|Bed|Cell|Seat|Row|Zone|Sector|District|Region|Area|Batch|Serial|"
    r"Dose|Doses|Cycle|Day|Month|Months|Q|Quarter|Term|Semester|Year|Age|Aged|"
    r"January|February|March|April|May|June|July|August|September|October|November|December|"
    r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Jan|Feb|Mar|Apr|Jun|Jul|Aug|"
    r"Sep|Sept|Oct|Nov|Dec|Januar|Februar|M\u00e4rz|Mai|Juni|Juli|Oktober|Dezember|Montag|"
    r"Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag|Jahr|Jahre|Kapitel|Absatz|Artikel|"
    r"Seite|Abschnitt|Teil|Anlage|Raum|Zimmer|Stock|Etage)(?![\w\-])"
)
# A capitalized word with at least one lower-case letter ("EUR", "NHS" are not street names).
_WEAK_WORD = (
    rf"(?!{_NOT_STREET_WORDS})[{_UP}](?=[\w'\u2019\-]*[{_LOW}])[\w'\u2019]*(?:-[\w'\u2019]+)*"
)
_NOT_YEAR = r"(?!(?:1[89]|20)[0-9]{2}(?![0-9]))"

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
    # Turkish: "15 Atatürk Caddesi"; "Gül Sokak 4" is the ``turkish`` core below
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
    return "(?:" + "|".join(sorted(forms, key=lambda s: (-len(s), s))) + ")"


_TYPE = _alts(STREET_TYPES)
_STRONG = _alts(STRONG_TYPES)
_DIRECTION = r"(?:[ \t]+(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)(?![\w]))?"
_HOUSE_NUM = (
    r"(?:(?:No|Nr|N[\u00ba\u00b0o])\.?[ \t]*)?[0-9]{1,5}[A-Za-z]?(?:[ \t]*[\-\u2013/][ \t]*"
    r"[0-9]{1,5}[A-Za-z]?)?"
)
# A house number after the street name: "5", "7a", "15/4", "12-14", "214 bis", "12-III",
# "No: 214", "nº 5". Never a year ("Hauptstraße 1998" is not read as an address).
_TRAIL_NUM = (
    r"(?:(?:n[\u00ba\u00b0o]|N[\u00ba\u00b0o]|No|NO|no|Nr|nr)[ \t]*[.:]?[ \t]*|#[ \t]?)?"
    rf"{_NOT_YEAR}"
    # (never a date: "Ngata 16/08/1991" is a name and a date of birth)
    r"(?!(?:0?[1-9]|[12][0-9]|3[01])[/.\-](?:0?[1-9]|1[0-2])[/.\-](?:[0-9]{4}|[0-9]{2})(?![0-9]))"
    r"[0-9]{1,4}[A-Za-z]?(?:[ \t]*[\-/][ \t]*[0-9]{1,4}[a-zA-Z]?){0,2}"
    r"(?:[ \t]+(?:bis|ter|quater)(?![\w])|-(?:I{1,3}|IV|V|hs|hg|huis|[A-Za-z])(?![\w])"
    # a Scandinavian entrance letter: "Storgatan 22 B, 752 31 Uppsala", "Vallgatan 12 C lgh"
    r"|[ \t][A-H](?=,|[ \t]+lgh(?![\w])|[ \t]*\n))?"
)
_LINKERS = (
    r"(?:(?:de|du|des|de[ \t]+la|de[ \t]+l'|d'|del|de[ \t]+los|de[ \t]+las|della|delle|dei|"
    r"degli|di|da|do|dos|das|dels|van|van[ \t]+de|van[ \t]+der|von|der|den|of[ \t]+the|of|"
    r"y|yr|na|an|\u00e0|\u00e0s|ao|aos|al)"
    r"[ \t]+)?"
)
_ROMANCE_TYPES = (
    r"(?:[Rr]ue|[Aa]venue|[Bb]oulevard|[Bb]d\.?|[Aa]ll[\u00e9e]e|[Pp]lace|[Cc]hemin|[Ii]mpasse|"
    r"[Qq]uai|[Cc]ours|[Rr]oute|Calle|C/|c/|Avenida|Avinguda|Avda\.?|Paseo|Passeig|Carrer|"
    r"Camino|Carretera|Ronda|Rambla|Traves[\u00ed]a|Plaza|Pla[\u00e7c]a|Pra[\u00e7c]a|Alameda|"
    r"Estrada|Via|Viale|Piazza|Piazzale|Corso|Largo|Vicolo|Contrada|Rua|Travessa|Strada|"
    # (lower case "via" after "in", a colon, a comma or a line start: "abita in via Roma 5",
    # not "paid via GCash 0917 ...")
    r"(?:(?<=in )|(?<=: )|(?<=, )|(?<=\n)|(?<=^))via|viale|piazza|corso|vicolo|"
    r"Calea|Bulevardul|Ulica|Aleja|Ulitsa|Prospekt|Vulytsia|Vulitsa|ulica|aleja|[Pp]lac|"
    r"[Oo]siedle|[Rr]ondo|[Bb]orgo|Heol|Ffordd|Stryd|L\u00f4n|Rhodfa|Cilgant|Sr\u00e0id|"
    r"Sr\u00e1id|B\u00f3thar|Jalan|Jir\u00f3n|calle|avenida|Rehov|Rechov|Derech|Sderot|Pasaje|"
    r"pasaje|[Οο]\u03b4\u03cc\u03c2|[Οο]\u03b4\u03cc|[Οο]\u03b4\u03bf\u03cd)"
)
# Lower-case or capitalized street abbreviations: "ul. Długa", "str. Mihai Eminescu",
# "vul. Shevchenka", "al. Jerozolimskie", "av. Paulista", "bd. Unirii".
_ABBR_TYPES = (
    r"(?<!et[ \t])(?:[Uu]l|[Aa]l|[Pp]l|[Oo]s|[Ss]tr|[Vv]ul|[Pp]rosp|[Pp]r|[Bb]ul|[Bb]ulv|[Bb]d|"
    r"[Aa]v|[Aa]vda|[Nn]ab|[Tt]rg|[Ss]os|[Cc]al|Jl|Jln|Jr)\."
)
_GERMANIC_SUFFIX = (
    r"(?:stra\u00dfe|strasse|str\.|weg|gasse|platz|allee|ring|damm|ufer|chaussee|steig|stieg|"
    r"pfad|markt|graben|vorstadt|zeile|kai|straat|laan|gracht|plein|kade|dijk|singel|steeg|"
    r"dreef|vej|gade|str\u00e6de|gatan|v\u00e4gen|vegen|veien|gata|gaten|gr\u00e4nd|torget|"
    r"katu|tie|kuja|vegur|stræti|braut|stígur)"
)
_GERMANIC_WORD = r"(?:Stra\u00dfe|Strasse|Str\.|Weg|Gasse|Platz|Allee|Ring|Damm|Ufer|Chaussee)"
_GERMAN_PREP = (
    r"(?:Am|An[ \t]+der|An[ \t]+den|Auf[ \t]+der|Auf[ \t]+dem|Auf[ \t]+den|Im|Zum|Zur|"
    r"In[ \t]+der|In[ \t]+den|Unter[ \t]+den|Hinter[ \t]+der|Hinter[ \t]+dem|Vor[ \t]+dem|"
    r"Bei[ \t]+der|Beim)"
)
_TURKISH_TYPE = r"(?:Caddesi|Cad\.|Cd\.|Sokak|Soka\u011f\u0131|Sok\.|Sk\.|Bulvar\u0131|Blv\.)"
_TURKISH_UNIT = r"(?:[ \t]*,?[ \t]*(?:Daire|D\.|D:|Kat|K\.|K:)[ \t]*[:.]?[ \t]*[0-9]{1,3})"
_RB = r"(?![\w\-])"

# Secondary unit right after the street: ", Apt 4B", " Suite 300", " #12", ", Building C",
# ", apartment 22", " m. 12", ", 3º B", ", 2º Esq", " Daire 6"
_UNIT_WORDS = (
    r"(?:(?:Apt|Apartment|Appartement|Appartamento|Flat|Suite|Ste|Unit|Floor|Fl|Room|Rm|"
    r"Building|Bldg|Block|Bloc|Etage|Stock|Piso|Puerta|Pta|Esc|Escalera|Dept|Department|Office|"
    r"Daire|Kat|Lok|Kv|Andar|Interno|Int|Scala|Top|Stiege|T\u00fcr|apt|apartment|appartement|"
    r"flat|suite|unit|floor|room|piso|puerta|pta|esc|daire|kat|andar|interno|int|scala|top|"
    r"stiege|etage|Wohnung|Whg|Piano|piano|Studio|bus|Bus|Dpto|dpto|Depto|depto|Apto|apto|"
    # Spanish towers and offices, Vietnamese wards and districts ("Torre 2, Oficina 1104",
    # "Phường 2, Quận 5")
    r"Torre|Oficina|Of|Local|Bloque|Portal|Ph\u01b0\u1eddng|Qu\u1eadn|Huy\u1ec7n|X\u00e3|lgh|"
    r"b\u00e2t|B\u00e2t|b\u00e2timent|B\u00e2timent|"
    # a flat in Serbian, Croatian, Slovenian and Azerbaijani ("stan 9", "mənzil 34")
    r"stan|Stan|stanovanje|m\u0259nzil)\.?"
    r"|(?:m|lok|kv|bl|sc|et|ap|app|apt)\.)"
)
_SIDE = (
    r"(?:Esq|Esqda|Dto|Dta|Dcha|Dch|Drcha|Izq|Izqda|Izda|Drt|Dir|Fte|Frente|Int|Ext|esq|esqda|"
    r"dto|dta|dcha|dch|drcha|izq|izqda|izda|drt|dir|fte|frente|int|ext|[A-Z](?![\w]))\.?"
)
_UNIT_WORD_RX = re.compile(_UNIT_WORDS)
_LINKER_WORDS = frozenset(
    "de du des la le l' d' del los las della delle dei degli di da do dos das dels van von der "
    "den of the y yr na an".split()
)
_UNIT = (
    rf"(?:{_UNIT_WORDS}[ \t]*[#:]?[ \t]*[0-9A-Z][0-9A-Za-z\-]{{0,5}}|#[ \t]?[0-9]{{1,5}}[A-Za-z]?|"
    rf"[0-9]{{1,2}}(?:st|nd|rd|th)[ \t]+[Ff]loor|"
    rf"[0-9]{{1,2}}[\u00ba\u00aa\u00b0](?:[ \t\-]*[0-9]{{1,2}}[\u00ba\u00aa\u00b0])?"
    rf"(?:[ \t]*{_SIDE})?|[Bb]ajo|[Ee]ntlo|[Aa]tico|[\u00c1\u00e1]tico|[Rr]/[Cc]|"
    r"RT[ \t]*[0-9]{1,3}[ \t]*/[ \t]*RW[ \t]*[0-9]{1,3})"
)  # "RT 03/RW 05": the neighbourhood units of an Indonesian address
_UNIT_AFTER = re.compile(rf"(?:,[ \t]*|[ \t]+){_UNIT}(?![\w])")
_BUILDING_WORDS = (
    r"(?:House|Court|Building|Buildings|Tower|Towers|Lodge|Mansions|Cottage|Cottages|Hall|"
    r"Centre|Center|Apartments|Residence|Residences|Chambers|Estate|Farm|Point|Plaza|Works|"
    r"Mill|Wharf|Quay|Exchange|Arcade|Studios|Yard|Place|Park|Manor|Villa|Villas|Barn|Heights|"
    r"Gardens|Square|Business[ \t]+Park|Inn|Arms|Hotel|Hof|Haus|Residenz)"
)
# A building name: "Rose Court", "Harbour Point", "Marlborough House", "The Crown & Anchor".
_BUILDING = (
    rf"(?:(?:{_CAPWORD}[ \t]+){{1,3}}{_BUILDING_WORDS}"
    rf"|The[ \t]+{_CAPWORD}(?:[ \t]+(?:&|and|of|on|the|{_CAPWORD})){{0,4}})"
)
# A building or unit line before the street: "Flat 3, Rose Court, " / "Rose Court\n"
_BEFORE_RX = _PRESCAN.compile(
    rf"(?<![\w&])(?:(?:{_UNIT}|{_BUILDING})[ \t]*(?:,[ \t]*|\r?\n[ \t]*)){{1,2}}\Z"
)

_CORE_PATTERNS: list[tuple[str, str]] = [
    # 12 Baker Street / 221B Baker St / 350 5th Avenue NW / No. 5 Mill Lane
    (
        "anglo",
        rf"(?<![\w.,/\-]){_HOUSE_NUM}[ \t]+(?:{_NAME_WORD}[ \t]+){{1,4}}{_TYPE}(?![\w'\u2019])"
        rf"{_DIRECTION}",
    ),
    # No. 7, Okigwe Road / NO. 214, 3RD CROSS / No. 45/3, Temple Road (Nigeria, India, Sri
    # Lanka: a comma after the number)
    (
        "no_comma",
        rf"(?<![\w.,/\-])(?:No|NO|Nr)\.?[ \t]*[0-9]{{1,5}}[A-Za-z]?(?:/[0-9]{{1,4}}[A-Za-z]?)?"
        r",[ \t]*"
        rf"(?:{_NAME_WORD}[ \t]+){{1,4}}{_TYPE}(?![\w'\u2019])",
    ),
    # No. 23, Jalan SS 15/4B / 12 Jln Mutiara Emas 5/3 (Malaysia: a code in the street name)
    (
        "malay",
        rf"(?<![\w.,/\-]){_HOUSE_NUM},?[ \t]+(?:Jalan|Jln\.?)[ \t]+{_CAPWORD}"
        rf"(?:[ \t]+{_CAPWORD}){{0,3}}[ \t]+[0-9]{{1,3}}[A-Z]?(?:/[0-9]{{1,3}}[A-Z]?)?(?![\w/])",
    ),
    # 350 Avenue of the Americas / 15 rue de Rivoli / 3 Calle Mayor
    (
        "num_type_first",
        rf"(?<![\w.,/\-]){_HOUSE_NUM},?[ \t]+{_ROMANCE_TYPES}[ \t]+{_LINKERS}"
        rf"{_CAPWORD}(?:[ \t]+{_LINKERS}{_CAPWORD}){{0,3}}",
    ),
    # rue de la Paix 5 / Calle Mayor, 3 / Via Roma 10 / ul. Długa 15/4 / str. Mihai Eminescu 47
    (
        "type_first_num",
        rf"(?<![\w])(?:{_ROMANCE_TYPES}[ \t]+|{_ABBR_TYPES}[ \t]*){_LINKERS}{_CAPWORD}"
        rf"(?:[ \t]+{_LINKERS}{_CAPWORD}){{0,3}},?[ \t]+(?:{_TRAIL_NUM}|[0-9]{{4}}"
        rf"(?=,?[ \t]*{_UNIT}(?![\w])))"
        rf"{_RB}",
    ),
    # a Japanese address after its postal mark: "〒150-0012 東京都渋谷区広尾3丁目12-8"
    (
        "jp_postal",
        r"\u3012[ \t]?[0-9]{3}-[0-9]{4}[ \t\u3000]*[\u3005\u3040-\u30ff\u3400-\u4dbf"
        r"\u4e00-\u9fff\uff10-\uff19][\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
        r"\uff10-\uff190-9\-\u2212\u30fc \u3000]{1,60}(?<![ \u3000])",
    ),
    # ... without the postal mark, from the prefecture to the lot and building numbers:
    # "東京都千代田区霞が関一丁目3番9号", "大阪府大阪市北区梅田2丁目4番9号"
    (
        "jp_block",
        r"(?:東京都|北海道|京都府|大阪府|[\u4e00-\u9fff]{2,3}県)"
        r"[\u3005\u3040-\u30ff\u4e00-\u9fff0-9\uff10-\uff19\-\u2212\u30fc]{2,40}?"
        r"[0-9\uff10-\uff19一二三四五六七八九十]+(?:番地|番|号)"
        r"(?:[0-9\uff10-\uff19\-\u2212]+号?)?",
    ),
    # Bağdat Caddesi No: 214 Daire 6 / Moda Mah. Gül Sok. No: 5
    (
        "turkish",
        rf"(?<![\w])(?:{_CAPWORD}(?:[ \t]+{_CAPWORD}){{0,2}}[ \t]+(?:Mahallesi|Mah\.),?[ \t]+)?"
        # (a numbered street too: "12. Sokak No: 7")
        rf"(?:{_CAPWORD}(?:[ \t]+{_CAPWORD}){{0,2}}|[0-9]{{1,4}}\.)[ \t]+{_TURKISH_TYPE},?[ \t]+"
        rf"{_TRAIL_NUM}{_TURKISH_UNIT}{{0,2}}{_RB}",
    ),
    # Hauptstraße 12 / Kerkstraat 4 / Prinsengracht 263 / Steinenvorstadt 53
    (
        "germanic",
        rf"(?<![\w])[{_UP}][a-z\u00df-\u00ff]*?{_GERMANIC_SUFFIX}[ \t]+{_TRAIL_NUM}{_RB}",
    ),
    # Berliner Straße 5 / Alte Weg 3 (separate street word)
    (
        "germanic_sep",
        rf"(?<![\w]){_CAPWORD}[ \t\-]+{_GERMANIC_WORD}[ \t]+{_TRAIL_NUM}{_RB}",
    ),
    # Am Lindenhof 7a / An der Alster 5 / Im Winkel 4 / Zum Hafen 2
    (
        "german_prep",
        rf"(?<![\w])(?<!I[ \t]){_GERMAN_PREP}[ \t]+(?!{_NOT_STREET_WORDS})[{_UP}][{_LOW}]{{2,}}"
        rf"(?:-[\w]+)?(?:[ \t]+[{_UP}][{_LOW}]{{2,}})?[ \t]+{_TRAIL_NUM}{_RB}",
    ),
    # P.O. Box 1234 / Postfach 12 / Postbus 16200
    (
        "po_box",
        r"(?<![\w])(?:P\.?[ \t]?O\.?[ \t]*Box|Post[ \t]+Office[ \t]+Box|PO[ \t]+BOX|Postfach|"
        r"Postbus|Postboks|Postilokero|Apartado(?:[ \t]+de[ \t]+[Cc]orreos)?|Bo[i\u00ee]te[ \t]+"
        r"postale|BP|Casella[ \t]+postale|Caixa[ \t]+[Pp]ostal|Skrytka[ \t]+pocztowa|PMB|"
        r"P\.M\.B\.?|Private[ \t]+(?:Mail[ \t]+)?Bag(?:[ \t]+No\.?)?|Locked[ \t]+Bag)[ \t]*"
        r"[A-Z]?[0-9]{1,7}(?:[ \t][0-9]{2}(?![\w])){0,3}(?![\w])",
    ),
    # Flat 9, Wellington Court / Apartment 4, Rose House (no street number)
    (
        "unit_building",
        rf"(?<![\w])(?:Flat|Apartment|Apt|Unit|Suite|Studio)\.?[ \t]*[0-9]{{1,4}}[A-Za-z]?,[ \t]*"
        rf"(?:{_CAPWORD}[ \t]+){{1,3}}(?:{_BUILDING_WORDS}|{_TYPE})(?![\w])"
        r"(?![ \t]*,?[ \t]*(?:\r?\n[ \t]*)?(?:No\.?[ \t]*)?[0-9])",
    ),
]
# Colombia: "Calle 10 Sur # 43A-25", "Carrera 7 No. 72-41", "Cra. 15 #88-64"
_CORE_PATTERNS.append(
    (
        "colombia",
        r"(?<![\w])(?:Calle|Carrera|Cra\.?|Kra\.?|Cl\.?|Avenida|Av\.|Transversal|Tv\.?|"
        r"Diagonal|Dg\.?)[ \t]+[0-9]{1,3}[A-Z]?(?:[ \t]+(?:Sur|Norte|Este|Oeste|Bis))?[ \t]*"
        r"(?:#|No\.?|N[\u00ba\u00b0]\.?)[ \t]*[0-9]{1,3}[A-Z]?[ \t]*-[ \t]*[0-9]{1,3}(?![\w])",
    )
)
# Taiwan: "No. 45, Ln. 112, Sec. 3, Minsheng E. Rd." (number, alley, lane and section
# before the road)
_CORE_PATTERNS.append(
    (
        "taiwan",
        rf"(?<![\w.,/\-])No\.[ \t]*[0-9]{{1,5}}(?:-[0-9]{{1,3}})?,[ \t]*"
        rf"(?:(?:Aly|Alley|Ln|Lane|Sec|Section)\.?[ \t]*[0-9]{{1,4}},[ \t]*){{1,3}}"
        rf"{_CAPWORD}(?:[ \t]+{_CAPWORD}){{0,2}}(?:[ \t]+[ENSW]\.)?[ \t]+"
        rf"(?:Rd|St|Road|Street|Blvd|Boulevard|Ave|Avenue)(?:\.|(?![\w]))",
    )
)
# The type after the name, then the number: Hungarian ("Pozsonyi út 38", "Váci utca 12"),
# Latvian ("Brīvības iela 214"), Lithuanian ("Savanorių pr. 176-12", "Gedimino g. 9"),
# Estonian ("Narva mnt 7")
_CORE_PATTERNS.append(
    (
        "type_after",
        rf"(?<![\w]){_CAPWORD}(?:[ \t]+{_CAPWORD}){{0,2}}[ \t]+"
        r"(?:út|utca|u\.|tér|körút|krt\.|iela|gatve|prospektas|pr\.|g\.|tänav|mnt\.?)"
        rf"[ \t]+{_TRAIL_NUM}{_RB}",
    )
)
# Russian-language layouts (Russia, Kazakhstan, Ukraine, Belarus...): the street type first,
# the house after it, flat or office last; the city before ("г. Алматы, пр. Абая, 150/230",
# "мкр. Самал-2, д. 58, кв. 14", "ул. Ленина, д. 5, кв. 12")
_CYR_WORD = "[А-ЯЁ][а-яё]+(?:-[А-ЯЁа-яё0-9]+)*"
_CORE_PATTERNS.append(
    (
        "cyrillic",
        rf"(?<![\w])(?:г\.[ \t]*{_CYR_WORD}(?:[ \t]{_CYR_WORD})?,[ \t]*)?"
        r"(?:ул|пр|пр-т|просп|мкр|мкрн|пер|б-р|бул|ш|наб|пл)\.[ \t]*"
        rf"{_CYR_WORD}(?:[ \t]{_CYR_WORD})?,?[ \t]*(?:д\.[ \t]*)?[0-9]{{1,4}}[а-я]?"
        r"(?:/[0-9]{1,4})?(?:,[ \t]*(?:кв|оф|корп|стр)\.[ \t]*[0-9]{1,4})*(?![\w/])",
    )
)
# Kigali's numbered streets: "KG 9 Ave 14", "KN 5 Rd 12"
_CORE_PATTERNS.append(
    (
        "kigali",
        r"(?<![\w])(?:KG|KN|KK)[ \t]?[0-9]{1,3}[ \t]+(?:Ave|St|Rd)\.?[ \t]+[0-9]{1,4}(?![\w])",
    )
)
# Grid addresses of South and South-East Asia and parts of Africa: numbered parts in a row,
# "House 18, Road 3, Section 10", "Plot 12, Road No. 3", "Blk 3 Lot 14, Purok 4",
# "Flat B4, House 18"; at least two parts, one of them a house, plot, road or lot ("Section 3,
# Phase 2" of a statute is no address).
_GRID_WORD = (
    r"(?:Flat|Apt|House|H|Holding|Plot|Block|Blk|Lot|Road|Rd|Street|St|Lane|Ln|Sector|Sec|Building|"
    r"Section|Phase|Purok|Unit|Shop|Village|Ward|Zone|Door|Gali|Soi|Moo|Jalan|Jln|Lorong|Lrg)"
)
_GRID_PART = rf"{_GRID_WORD}\.?[ \t]*(?:No\.?[ \t]*)?[0-9A-Z][0-9A-Za-z\-/]{{0,5}}(?![\w\-])"
_GRID_STRONG = r"(?:House|Holding|Plot|Blk|Lot|Road|Rd|Purok|Gali|Soi|Moo|Lorong|Lrg|Building)"
_CORE_PATTERNS.append(
    (
        "grid",
        rf"(?<![\w.,/\-])(?=(?:{_GRID_PART}(?:,[ \t]*|[ \t]+))*{_GRID_STRONG}\b)"
        rf"{_GRID_PART}(?:(?:,[ \t]*|[ \t]+){_GRID_PART})+",
    )
)
# Korean road-name addresses: "45, Gamman-ro 52beon-gil, Nam-gu", "Teheran-ro 152, Gangnam-gu"
_CORE_PATTERNS.append(
    (
        "korean_road",
        r"(?<![\w\-])(?:[0-9]{1,4}(?:-[0-9]{1,4})?,?[ \t]+)?"
        r"[A-Z][a-z]+(?:-[a-z]+)?-(?:ro|daero|gil)(?:[ \t]+[0-9]{1,4}(?:beon-?gil|-gil))?"
        r"(?:[ \t]+[0-9]{1,4}(?:-[0-9]{1,4})?)?(?:,[ \t]*[A-Z][a-z]+-(?:gu|dong|si|gun|eup|myeon))*"
        r"(?![\w\-])",
    )
)
# Korean, Chinese, Hebrew and Thai addresses in their own scripts: "서울특별시 마포구 월드컵북로 41,
# 1203호", "경기도 화성시 향남읍 제약공단2길 45" (a town or district before the road);
# "新界元朗公園北路41號2樓", "九龍觀塘秀茂坪邨秀明樓23樓2314室"; "רחוב הרצל 41 דירה 7, חיפה
# 3303322"; "41 หมู่ 7 ตำบลโพนงาม อำเภอสิรินธร จังหวัดอุบลราชธานี 34350"
_CORE_PATTERNS.append(
    (
        "script_address",
        r"(?<![\uac00-\ud7af])(?:[\uac00-\ud7af]{1,8}(?:특별시|광역시|특별자치시|특별자치도|도|시)"
        r"[ \t]+)?(?:[\uac00-\ud7af]{1,6}(?:구|군|시)[ \t]+)?"
        r"(?:[\uac00-\ud7af]{1,6}(?:읍|면|동)[ \t]+)?"
        r"[\uac00-\ud7af0-9]{1,12}(?:로|길)"
        r"[ \t]*[0-9]{1,4}(?:-[0-9]{1,4})?(?:,?[ \t]*[0-9]{1,5}(?:호|층))*"
        r"|(?<![\u4e00-\u9fff])[\u4e00-\u9fff]{2,16}(?:路|道|街|巷|邨|村|里|樓|大廈|大厦)"
        r"[0-9]{1,5}(?:號|号|樓|楼)(?:[0-9]{1,5}(?:樓|楼|F|室|號|号))*"
        r"|(?:רחוב|רח'|שדרות|שד')[ \t]+[\u05d0-\u05ea'\-]{2,20}(?:[ \t][\u05d0-\u05ea'\-]{2,20})?"
        r"[ \t]+[0-9]{1,4}(?:[ \t]+דירה[ \t]+[0-9]{1,4})?"
        r"(?:,[ \t]*[\u05d0-\u05ea'\-]{2,20}(?:[ \t][\u05d0-\u05ea'\-]{2,20})?"
        r"(?:[ \t]+[0-9]{5,7})?)?"
        r"|[0-9]{1,4}(?:/[0-9]{1,4})?[ \t]+หมู่(?:ที่)?[ \t]*[0-9]{1,2}"
        r"(?:[ \t]+(?:ตำบล|ต\.|อำเภอ|อ\.|จังหวัด|จ\.|แขวง|เขต)[\u0e01-\u0e4e]+)*(?:[ \t]+[0-9]{5})?",
    )
)
# Vietnam: the house number first, then the street's name, then its ward or district ("45/12
# Nguyễn Trãi, Phường 2, Quận 5")
_CORE_PATTERNS.append(
    (
        "vietnam",
        r"(?<![\w/\-])[0-9]{1,4}(?:/[0-9]{1,4}){0,2}[A-Z]?[ \t]+"
        r"(?:[Đđ]\u01b0\u1eddng[ \t]+)?"
        rf"{_CAPWORD}(?:[ \t]+{_CAPWORD}){{0,3}}"
        r"(?=,[ \t]*(?:Ph\u01b0\u1eddng|P\.|ph\u01b0\u1eddng|X\u00e3|Qu\u1eadn|Q\.|Huy\u1ec7n))",
    )
)
# A street of any language written without a type word, known by what follows: its house
# number, then a postcode and a place ("Slezská 112/9, 130 00 Praha 3", "Karla Engliše 3,
# 150 00 Praha 5", "Mickiewicza 12, 31-120 Kraków", "Putselaan 211-B, 3074 JC Rotterdam")
_CORE_PATTERNS.append(
    (
        "before_postcode",
        rf"(?<![\w\-])(?=[{_UP}][{_LOW}])(?!{_NOT_STREET_WORDS})[{_UP}][{_LOW}]{{2,}}"
        rf"(?:[ \t]+[{_UP}][{_LOW}]{{2,}}){{0,2}}[ \t]+{_TRAIL_NUM}"
        r"(?=,?[ \t]*(?:\r?\n[ \t]*)?(?:[0-9]{3}[ \t][0-9]{2}|[0-9]{2}-[0-9]{3}|"
        rf"[1-9][0-9]{{3}}[ \t]?[A-Z]{{2}}|[0-9]{{4,5}})[ \t]+[{_UP}][{_LOW}])",
    )
)
# ... and the same with lower-case words inside the street's name and a flat between the house
# number and the postcode ("Ljubljanska cesta 88, 1230 Domžale", "Cesta talcev 12, 1000
# Ljubljana", "Bulevar kralja Aleksandra 212, 11000 Beograd", "Ustanička 64, stan 9, 11050
# Beograd"); a lower-case word has four letters or more and is no English function word
_LOWER_NAME_WORD = (
    rf"(?!(?:this|that|with|from|into|were|have|been|will|your|their|there|these|those|"
    rf"about|after|before|items?|pages?|rooms?|units?|cases?)(?![\w]))[{_LOW}]{{4,}}"
)
_FLAT_BEFORE_PC = (
    r"(?:,[ \t]*(?:stan|kv\.?|ap\.?|apt\.?|app\.?|lgh|m\u0259nzil|daire|flat|unit)"
    r"[ \t]*[0-9]{1,4}[A-Za-z]?)?"
)
_CORE_PATTERNS.append(
    (
        "before_postcode_lower",
        rf"(?<![\w\-])(?=[{_UP}][{_LOW}])(?!{_NOT_STREET_WORDS})[{_UP}][{_LOW}]{{2,}}"
        rf"(?:[ \t]+(?:[{_UP}][{_LOW}]{{2,}}|{_LOWER_NAME_WORD})){{0,2}}[ \t]+{_TRAIL_NUM}"
        rf"(?={_FLAT_BEFORE_PC},?[ \t]*(?:\r?\n[ \t]*)?"
        r"(?:[0-9]{3}[ \t][0-9]{2}|[0-9]{2}-[0-9]{3}|"
        rf"[1-9][0-9]{{3}}[ \t]?[A-Z]{{2}}|[0-9]{{4,5}})[ \t]+[{_UP}][{_LOW}])",
    )
)
_CORE_RX = Alternation(_CORE_PATTERNS, "address_core")
_UNIT_WORD_BEFORE = re.compile(
    r"(?<![\w])(?:Unit|Flat|Apt|Apartment|Suite|Shop|Villa|Townhouse)\.?[ \t]+\Z"
)
_SLASHED_NUM = re.compile(r"[0-9]{1,4}[A-Za-z]?/[0-9]")
_ANY_CORE = "(?:" + "|".join(rx for _, rx in _CORE_PATTERNS) + ")"

# Postcode shapes used inside an address block.
_UK_PC = (
    r"(?:GIR[ \t]?0AA|[A-PR-UWYZ](?:[0-9][0-9A-HJKPSTUW]?|[A-HK-Y][0-9][0-9ABEHMNPRVWXY]?)"
    r"[ \t]?[0-9][ABD-HJLNP-UW-Z]{2})"
)
_CA_PC = r"(?:[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z][ \t]?[0-9][ABCEGHJ-NPRSTV-Z][0-9])"
_NL_PC = r"(?:[1-9][0-9]{3}[ \t]?(?!SA|SD|SS)[A-Z]{2})"
_ZIP = r"(?:[0-9]{5}(?:-[0-9]{4})?)"
_NUM_PC = r"(?:(?:[A-Z]{1,2}-)?[0-9]{4,5}(?:-[0-9]{3,4})?)"
# Postcodes written before the place: 28045, 4051, D-10115, 4050-265, 90-006, 114 55, 1012 AB
_PC_BEFORE_PLACE = (
    rf"(?:{_NL_PC}(?=[ \t]+[{_UP}])|(?:[A-Z]{{1,2}}-)?(?:[0-9]{{4,5}}(?:-[0-9]{{3,4}})?|"
    r"[0-9]{2}-[0-9]{3}|[0-9]{3}[ \t][0-9]{2}))"
)
_ANY_PC = rf"(?:{_UK_PC}|{_CA_PC}|{_NL_PC}|{_NUM_PC})"

US_STATES = (
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ "
    "NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR AS GU MP VI FM MH PW"
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
    + "|".join(sorted(US_STATE_NAMES, key=lambda s: (-len(s), s))).replace(" ", r"[ \t]+")
    + "|"
    + "|".join(US_STATES)
    + r")(?![\w])"
)
_CA_PROV = r"(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)"

# Words that never start a continuation line (greetings, sentence starts, labels).
_STOP_LINE = (
    r"(?:Dear|Hi|Hello|Hey|To|From|Re|Subject|Sincerely|Regards|Yours|Best|Kind|Thanks|Thank|"
    r"Tel|Telephone|Phone|Mobile|Fax|Email|E-mail|Web|Date|Ref|Our|Your|The|This|That|These|"
    r"We|I|He|She|They|It|You|Please|Attn|Attention|Cc|Bcc|Mr|Mrs|Ms|Dr|Sir|Madam|Invoice|"
    r"Account|Order|Total|Note|Signed|Signature|Name|On|In|At|As|If|For|And|But|Or|So|When|"
    r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?![\w'\-])"
)
_PLACE_LINK = r"(?:upon|on|le|la|les|de|du|sur|am|an|der|im|en|del|di|da|an[ \t]+der)"
_PLACE_CAP = rf"(?!{_STOP_LINE})(?:[{_UP}][a-z]{{0,2}}\.(?=[ \t]+[{_UP}])|(?:'s-)?{_CAPWORD})"
# A place name: "Madrid", "Frankfurt am Main", "Newcastle upon Tyne", "Kadıköy"
_PLACE = rf"{_PLACE_CAP}(?:(?:[ \t]+{_PLACE_LINK})?[ \t]+{_PLACE_CAP}){{0,3}}"
_CEDEX = r"(?:[ \t]+(?:CEDEX|Cedex)(?:[ \t]+[0-9]{1,2})?)?"
# A postal part: "28045 Madrid", "3511 NV Utrecht", "London NW1 6XE", "Springfield, IL 62704"
_POSTAL = (
    # (a city's district number after it: "130 00 Praha 3", "1010 Wien 1")
    rf"(?:{_PC_BEFORE_PLACE}[ \t]+{_PLACE}{_CEDEX}(?:[ \t]+[0-9]{{1,2}}(?![\w\-.,]?[0-9]))?"
    rf"|{_STATE}[ \t]+{_ZIP}"
    rf"|{_CA_PROV}[ \t]+{_CA_PC}"
    rf"|{_UK_PC}|{_CA_PC}"
    rf"|{_PLACE},?[ \t]+(?:{_STATE}[ \t]+{_ZIP}|{_CA_PROV}[ \t]+{_CA_PC}|{_UK_PC}|{_CA_PC}))"
)
_END_STRICT = r"(?=[ \t]*(?:\r?\n|,|\.(?:\s|\Z)|;|\)|\Z|[|\u00b7\u2022]))"
_END_POSTAL = rf"(?:{_END_STRICT}|(?=[ \t]+[{_LOW}(]|[ \t]*[:!?]))"
# One continuation part. Postal parts may be followed by a lower-case word ("... 65779
# Kelkheim on 31 May"); the others must end the line or be followed by a comma or full stop.
_PART = (
    rf"(?:(?P<postal>{_POSTAL}){_END_POSTAL}"
    rf"|(?P<unit>{_UNIT}){_END_STRICT}"
    rf"|(?P<place>{_PLACE}(?:[ \t]+(?:Dist|Twp)\.|[ \t]*[\-\u2013/][ \t]*[A-Z]{{2}}(?![\w]))?"
    rf"(?:,?[ \t]+{_STATE}(?:[ \t]+{_CA_PC})?)?)"
    rf"{_END_STRICT}"
    # only after a street: a place and its numeric postcode ("Cercado de Lima 15001",
    # "Taipei City 105", "Bali 80571"), a three-digit code and its place ("101 Reykjavík"),
    # a postcode with its country's letters ("LV-1039")
    rf"|(?P<postal_after>{_PLACE}[ \t]+[0-9]{{3,6}}|[0-9]{{3}}[ \t]+{_PLACE}"
    rf"|[A-Z]{{2}}-[0-9]{{4,5}}){_END_STRICT})"
)
_SEP = r"(?:[ \t]*,[ \t]*(?:\r?\n[ \t]*)?|[ \t]*\r?\n[ \t]*)"
_CONT_ONE = re.compile(rf"(?P<sep>{_SEP}){_PART}")
# A last ", <Place>" before a lower-case word: "str. Mihai Eminescu 47, Bălţi and ..."
_CONT_LOOSE = re.compile(
    rf"[ \t]*,[ \t]*(?P<place>{_PLACE_CAP}(?:[ \t]+{_PLACE_CAP})?)(?=[ \t]+[{_LOW}])"
    rf"(?![ \t]+{_PLACE_LINK}[ \t]+[{_UP}])"
    r"(?![ \t]+(?:said|says|told|asked|wrote|explained|added|replied|noted|stated|is|was|"
    r"who|whose)(?![\w]))"
)
_MAX_CONT_LINE = 60

# Weak street forms, trusted only next to a postal part or after an address cue.
_WEAK_NUM = (
    rf"{_NOT_YEAR}[0-9]{{1,4}}[A-Za-z]?(?:[ \t]*[\-/][ \t]*[0-9]{{1,4}}[A-Za-z]?)?"
    r"(?:[ \t]+(?:bis|ter|quater)|-(?:I{1,3}|IV|V))?(?![\w\-.,]?[0-9])"
)
_WEAK_NAME_NUM = (
    rf"(?:{_ABBR_TYPES}[ \t]*)?{_WEAK_WORD}(?:[ \t]+{_LINKERS}{_WEAK_WORD}){{0,3}},?[ \t]+"
    rf"{_WEAK_NUM}"
)
_WEAK_NUM_NAME = (
    rf"[0-9]{{1,5}}[A-Za-z]?,?[ \t]+(?:(?:The|de|la|le|het)[ \t]+)?{_WEAK_WORD}"
    rf"(?:[ \t]+{_WEAK_WORD}){{0,3}}"
)
# A street word and a name without a number: "rue de Bruneau", "avenue Lambert", "Mill Lane"
_TYPE_NAME = (
    rf"{_ROMANCE_TYPES}[ \t]+{_LINKERS}{_CAPWORD}(?:[ \t]+{_LINKERS}{_CAPWORD}){{0,3}}"
    rf"|(?:{_NAME_WORD}[ \t]+){{1,3}}{_STRONG}"
)
_STREET_SEG = (
    rf"(?:{_ANY_CORE}|(?:C|Cl)\.[ \t]*{_WEAK_NAME_NUM}|{_WEAK_NAME_NUM}|{_WEAK_NUM_NAME}|"
    rf"{_TYPE_NAME})(?:(?:[ \t]*,[ \t]*|[ \t]+){_UNIT})" + "{0,2}"
)
# A line that is only a place ("Glasgow") or only a unit ("Flat 1", "Studio 6")
_PLACE_LINE_RX = re.compile(rf"[ \t]*{_PLACE}[ \t]*,?[ \t]*")
_UNIT_LINE_RX = re.compile(rf"[ \t]*{_UNIT}[ \t]*,?[ \t]*")
# Whole line that is a street line (checked on the line before a postal line).
_STREET_LINE_RX = re.compile(
    rf"[ \t]*(?:(?:{_UNIT}|{_BUILDING}),[ \t]*)?{_STREET_SEG}[ \t]*,?[ \t]*"
)
# The street segment ending a same-line text before ", <postal>".
_STREET_SEG_END_RX = re.compile(rf"(?<![\w.\-]){_STREET_SEG}[ \t]*\Z")
# A postal part at the start of a line or after a comma.
_POSTAL_RX = _PRESCAN.compile(rf"(?:^|(?<=,))[ \t]*(?P<pc>{_POSTAL}){_END_POSTAL}", re.MULTILINE)
_COUNTRY_AFTER = re.compile(
    rf"(?:[ \t]*,[ \t]*|[ \t]*\r?\n[ \t]*)(?P<c>{_CAPWORD}(?:[ \t]+[\w]+){{0,4}}?)"
    r"(?=[ \t]*(?:\r?\n|,|\.|;|\)|\Z))"
)

# Cued weak streets: "at the city office on Stadsplateau 1", "Address on file: Kerkweg 4".
_STRONG_CUE = (
    r"(?i:address(?:[ \t]+on[ \t]+file)?(?:[ \t]+is)?[ \t]*:?|lives?[ \t]+at|living[ \t]+at|"
    r"lived[ \t]+at|resid(?:es|ing|ed|ent)[ \t]+at|moved[ \t]+(?:in[ \t]+)?to|moving[ \t]+to|"
    r"deliver(?:ed)?[ \t]+to|ship(?:ped)?[ \t]+to|send[ \t]+(?:it[ \t]+)?to|located[ \t]+at|"
    r"situated[ \t]+at|based[ \t]+at|domiciled[ \t]+at|"
    r"(?:office|offices|shop|store|house|flat|home|premises|branch|clinic|practice|surgery|"
    r"studio|warehouse|restaurant|caf[\u00e9e]|bar|pub|hotel|hostel)[ \t]+"
    r"(?:is[ \t]+|are[ \t]+|was[ \t]+)?(?:on|at|in))"
)
_WEAK_CUE_RX = _PRESCAN.compile(
    rf"(?<![\w])(?:(?P<strong>{_STRONG_CUE})|(?P<at>at))[ \t]+(?:the[ \t]+)?"
    rf"(?P<ent>{_WEAK_WORD}(?:[ \t]+{_WEAK_WORD})?[ \t]+{_WEAK_NUM})"
    rf"(?=[ \t]*(?:[,.;:!?)]|\r?\n|\Z)|[ \t]+(?:in|on|and|with|since|until|from|for|near|where|"
    r"which|when|but|or|to|by|before|after|during|that)(?![\w]))"
)

# Bare street names: "lives on Elm Street", "in Mill Lane".
_BARE_RX = _PRESCAN.compile(
    rf"(?<![\w])(?:on|in|at|off|along|near|to)[ \t]+(?:the[ \t]+)?"
    rf"(?P<ent>(?:(?!{_MONTHS_DAYS}\b){_CAPWORD}[ \t]+){{1,3}}{_STRONG})(?![\w'\u2019])"
)
#: Source of a street named without its number and without a residence cue: a weak
#: STREET_ADDRESS that :func:`merge_address_blocks` may join to an address block; one left on
#: its own becomes a LOCATION (:func:`streets_without_numbers_are_places`).
STREET_NAME = "street_name_pattern"
STREET_PLACE_SCORE = 0.55

# A street named without a number anywhere else is a place (LOCATION, PoII): "a fight on Queen
# Street", "the junction with Station Drive", "Rosebank Rd:". Not when a capitalized word
# follows ("Abbey Road Studios", "Road Traffic Act") or a number precedes (an address core).
_STREET_ABBR = r"(?:Rd|Ave|Ln|Hwy|Cres|Tce|Blvd|St)\.?"
_STREET_PLACE_RX = _PRESCAN.compile(
    rf"(?<![\w\-/.&])(?<![0-9][ \t])(?<![0-9][a-zA-Z][ \t])"
    rf"(?P<ent>(?:(?!{_MONTHS_DAYS}\b|{_NOT_STREET_WORDS}\b)[{_UP}][{_LOW}][\w'\u2019]*"
    rf"(?:-[\w'\u2019]+)*[ \t]+){{1,3}}"
    rf"(?:Street|Road|Avenue|Lane|Drive|Boulevard|Terrace|Crescent|Parkway|Highway|Mews|Close"
    rf"|{_STREET_ABBR}))(?![\w'\u2019])(?![ \t]+[{_UP}0-9])"
)
# Streets of other languages named without a number: German compounds ("Rolandstraße",
# "Ubierring" is too rare to tell from a word), and a street type before the name ("calle
# Cuba", "Rua Augusta", "Via Roma", "rue de Rivoli", "Gran Vía Germanías")
_FOREIGN_STREET_PLACE_RX = _PRESCAN.compile(
    rf"(?<![\w\-/.&])(?P<ent>[{_UP}][{_LOW}]+(?:stra(?:ß|ss)e|gasse|chaussee)"
    rf"|(?:[Cc]alle|[Aa]venida|Avda\.|[Pp]aseo|Plaza|Pra(?:ç|c)a|[Rr]ua|Via|Viale|[Pp]iazza|"
    rf"[Cc]orso|[Rr]ue|[Cc]hemin|Gran[ \t]V[ií]a|Carrer|Rambla)"
    rf"(?:[ \t]+(?:de|del|de la|dos|das|da|do|della|di|du|des|de l'))?"
    rf"(?:[ \t]+[{_UP}][{_LOW}][\w'\u2019\-]*){{1,3}})"
    rf"(?![\w'\u2019])(?![ \t,]*[0-9])"
)
# Things named like streets that are not places: "Google Drive", "Test Drive", "Glenn Close".
_NOT_A_STREET_RX = re.compile(
    r"(?:Google|Hard|Shared|Test|Flash|USB|Network|Team|My|Our|Your|Disk|External|Thumb|Glenn"
    r"|Keep|Stay|Very|Too|So|Come|Get|Stand|Hold|Draw|Up|Down|Turn|Take|Go)[ \t]"
)
_CAP_AFTER_RX = re.compile(rf"[ \t]+[{_UP}0-9]")
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
_DIGIT = re.compile(r"[0-9]")


@lru_cache(maxsize=1)
def countries() -> frozenset[str]:
    """Country names from the packaged lists (whole lines), in English and in their own
    languages."""
    names: set[str] = set()
    for fname in ("countries.txt", "countries_native.txt"):
        try:
            data = resources.files("privtext").joinpath("data", fname).read_text("utf-8")
        except (FileNotFoundError, OSError):
            continue
        names.update(
            " ".join(line.split())
            for line in data.splitlines()
            if line.strip() and not line.lstrip().startswith("#")
        )
    return frozenset(names)


def _untyped_street(text: str, start: int) -> bool:
    """Whether the name at ``start`` may be a whole street written without a type word: not
    made of common English words ("Goals 12"), not a unit ("Apt 14"), and not the end of a
    longer name ("Cañada de Emilia Roura 759", "C. Jordana Bilbao 19")."""
    from wordfreq import zipf_frequency

    words = re.match(r"[^\W\d_]+(?:[ \t]+[^\W\d_]+)*", text[start:])
    if words is None or _UNIT_WORD_RX.fullmatch(words.group().split()[0]):
        return False
    if all(zipf_frequency(w.lower(), "en") >= 4.0 for w in words.group().split()):
        return False
    before = text[max(0, start - 30) : start].split("\n")[-1].split()
    if not before or before[-1][-1] in ",;:|(\u00b7\u2013\u2014":
        return True  # "Bistro U Zlatého Klasu, Korunní 48, 120 00 Praha 2"
    return not (before[-1][:1].isupper() or before[-1] in _LINKER_WORDS)


class _Taken:
    """Disjoint spans taken so far, for a fast overlap test (starts and ends both sorted)."""

    __slots__ = ("ends", "starts")

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []

    def overlaps(self, s: int, e: int) -> bool:
        k = bisect.bisect_left(self.starts, e)
        return k > 0 and self.ends[k - 1] > s

    def add(self, s: int, e: int) -> None:
        k = bisect.bisect_left(self.starts, s)
        self.starts.insert(k, s)
        self.ends.insert(k, e)


# Labelled address fields: "Address: ...", "Home address:\n...", "(f) Address: ...",
# "Hotel address: ...". The block runs to the end of the line and over the following lines that
# look like address lines, up to a blank line, the next "Label:" field, an e-mail or a phone.
_ADDRESS_LABEL_RX = _PRESCAN.compile(
    r"(?im)(?:^|(?<=[|;]))[ \t]*(?:\(?[a-z0-9]{1,3}[).][ \t]+)?"
    r"(?:(?:home|postal|mailing|hotel|billing|shipping|delivery|permanent|present|residential|"
    r"registered|office|current|correspondence|street|business|work|site|property|service|"
    r"new|old|previous|forwarding|contact|local|full)[ \t]+)?"
    # bilingual forms too: "Anschrift / address:", "Dirección / Address:"
    r"(?:(?:anschrift|adresse|direcci[o\u00f3]n|indirizzo|endere[c\u00e7]o|adres|adresa|"
    r"domicilio)[ \t]*/[ \t]*)?"
    r"(?:address|addr\.|"
    # the label alone in other languages and scripts: "Anschrift:", "Alamat:", "ঠিকানা:", "पता:",
    # "نشانی:", "العنوان:", "כתובת אחרונה:", "住址：", "俱乐部地址：", "주소:", "Địa chỉ:"
    r"anschrift|adresse|direcci[o\u00f3]n|indirizzo|endere[c\u00e7]o|adres|adresa|adres[\u0103a]|"
    r"domicilio|alamat|osoite|lakc[\u00edi]m|\u0111\u1ecba[ \t]+ch\u1ec9|"
    r"\u09a0\u09bf\u0995\u09be\u09a8\u09be|\u092a\u0924\u093e|\u0646\u0634\u0627\u0646\u06cc|"
    r"\u0622\u062f\u0631\u0633|\u0627\u0644\u0639\u0646\u0648\u0627\u0646|"
    r"\u05db\u05ea\u05d5\u05d1\u05ea(?:[ \t]+\u05d0\u05d7\u05e8\u05d5\u05e0\u05d4|"
    r"[ \t]+\u05de\u05d2\u05d5\u05e8\u05d9\u05dd)?|"
    r"[\u4e00-\u9fff]{0,4}(?:\u5730\u5740|\u4f4f\u5740)|\uc8fc\uc18c|\u4f4f\u6240|"
    r"\u0e17\u0e35\u0e48\u0e2d\u0e22\u0e39\u0e48)"
    r"(?:[ \t]+\([^)\n]{1,30}\))?[ \t]*[:\uff1a][ \t]*"
)
_FIELD_WORD_LINE_RX = re.compile(
    r"(?i)(?:dob|d\.o\.b\.?|date of birth|born|tel|phone|mobile|mob|email|e-mail|fax|ni|nhs)"
    r"(?:[ \t]+(?:no|number))?\.?[ \t]+[0-9+(]"
)
# the next field's name alone on its line ("Teléfono", "Phone", "E-mail")
_FIELD_WORD_ONLY_RX = re.compile(
    r"(?i)(?:tel[\u00e9e]fono|telefone|telefon|t[\u00e9e]l[\u00e9e]phone|phone|tel|mobile|"
    r"m[\u00f3o]vil|celular|e-?mail|correo|contact|dob|date[ \t]+of[ \t]+birth)\.?"
)
_FIELD_LABEL_RX = re.compile(r"[ \t]*[\w(][\w .'/()&\-]{0,30}[:\uff1a](?:[ \t]|$)")
_INLINE_FIELD_RX = re.compile(
    r"(?i)(?:[ \t]{2,}|[ \t]*[|;\u00b7][ \t]*|[ \t]+)(?:tel|phone|mobile|mob|cell|email|e-mail|"
    r"fax|dob|date|ph|m|t)[ \t]*[:.]"
    # a note on the dates of residence: "(since 08/2019)", "(06/2021 - present)", "(2018-2021)"
    r"|[ \t]*\((?:since|from|until|till|to|moved|lived|[0-9]{1,2}/[0-9]{4}|(?:19|20)[0-9]{2})"
    r"[^()\n]{0,40}\)[ \t]*$"
)
_PHONEISH_RX = re.compile(r"\+?[0-9][0-9 ()\-./]{6,}[0-9]")
_NOT_ADDRESS_VALUE = re.compile(
    r"(?i)[ \t]*(?:see|as|same|n/?a|none|unknown|withheld|not|no|tbc|tba|redacted|"
    r"\[|<|on file|above|below|given|provided|supplied|changed|updated|confirmed|is|was|"
    r"the same)(?![\w])"
)
_MAX_LABELLED_LINES = 6
_MAX_LABELLED_LINE = 80


class StreetAddressRecognizer(Recognizer):
    """Tag street addresses, whole address blocks included, as ``STREET_ADDRESS``."""

    name: ClassVar[str] = "street_address_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("STREET_ADDRESS",)
    CORE_SCORE: ClassVar[float] = 0.85
    BLOCK_SCORE: ClassVar[float] = 0.9
    PO_BOX_SCORE: ClassVar[float] = 0.85
    CUE_SCORE: ClassVar[float] = 0.85
    WEAK_SCORE: ClassVar[float] = 0.6
    BARE_SCORE: ClassVar[float] = 0.6
    BARE_NO_CUE_SCORE: ClassVar[float] = 0.48  # below the policy, above a lone surname (0.45)
    # a street type before the name, or a German street compound: above a place guess inside
    FOREIGN_STREET_SCORE: ClassVar[float] = 0.86
    CONTEXT_BOOST: ClassVar[float] = 0.1
    LABELLED_SCORE: ClassVar[float] = 1.0

    def load(self) -> None:
        """Load the country list once (idempotent)."""
        countries()

    @staticmethod
    def _country_after(text: str, pos: int) -> int:
        """End of a country name right after ``pos`` (same line after a comma, or next line)."""
        c = _COUNTRY_AFTER.match(text, pos)
        if c is not None and " ".join(c.group("c").split()) in countries():
            return c.end()
        return pos

    def _extend(self, text: str, start: int, end: int) -> tuple[int, int, bool]:
        """Extend a core over a preceding unit/building line and following address parts."""
        b = _BEFORE_RX.search(text, max(0, start - 80), start)
        if b is not None:
            start = b.start()
        elif (
            _SLASHED_NUM.match(text, start)
            and (u := _UNIT_WORD_BEFORE.search(text, max(0, start - 12), start)) is not None
        ):
            start = u.start()  # "Unit 5/28 Bayview Terrace": the unit of "5/"
        for _ in range(2):
            u = _UNIT_AFTER.match(text, end)
            if u is None:
                break
            end = u.end()
        block = False
        postal = False
        pos = end
        for _ in range(5):
            if postal:
                # after the postal part only a country may follow
                pos = self._country_after(text, pos)
                break
            c = _CONT_ONE.match(text, pos)
            if c is None or c.end() - c.start() > _MAX_CONT_LINE:
                loose = _CONT_LOOSE.match(text, pos)
                if loose is not None:
                    pos = loose.end()
                    block = True
                break
            pos = c.end()
            block = True
            if c.group("postal") is not None or c.group("postal_after") is not None:
                postal = True
        return start, pos, block

    def _score(self, text: str, start: int, score: float) -> float:
        if _ADDRESS_CONTEXT_RX is not None and _ADDRESS_CONTEXT_RX.search(
            text, max(0, start - _CONTEXT_WINDOW), start
        ):
            score = min(1.0, score + self.CONTEXT_BOOST)
        return round(score, 4)

    @staticmethod
    def _street_lines_before(text: str, line_start: int) -> int:
        """Start of the street lines above a postal line, or -1 when there are none.

        Accepted layouts (bottom-up): a street line; a town line under a street line; a town
        line under a street name under a unit line (``Flat 1 / Lesley Dale / Glasgow``).
        """
        lines: list[tuple[int, str]] = []
        end = line_start - 1
        while len(lines) < 3 and end > 0:
            st = text.rfind("\n", 0, end) + 1
            line = text[st:end].rstrip("\r")
            if not line.strip() or len(line) > 70:
                break
            lines.append((st + len(line) - len(line.lstrip()), line))
            end = st - 1
        if not lines:
            return -1
        if _STREET_LINE_RX.fullmatch(lines[0][1]) is not None:
            return lines[0][0]
        if len(lines) < 2 or _PLACE_LINE_RX.fullmatch(lines[0][1]) is None:
            return -1
        if _STREET_LINE_RX.fullmatch(lines[1][1]) is not None:
            return lines[1][0]
        if (
            len(lines) == 3
            and _PLACE_LINE_RX.fullmatch(lines[1][1]) is not None
            and _UNIT_LINE_RX.fullmatch(lines[2][1]) is not None
        ):
            return lines[2][0]
        return -1

    def _postal_blocks(self, text: str, taken: _Taken) -> list[Span]:
        """Address blocks found from a postal part and the street line before it."""
        found: list[Span] = []
        for m in _POSTAL_RX.finditer(text):
            ps, pe = m.span("pc")
            if taken.overlaps(ps, pe):
                continue
            line_start = text.rfind("\n", 0, ps) + 1
            before = text[line_start:ps]
            start = -1
            if before.strip() == "":
                # postal line: the previous line must be a street line
                if line_start < 2:
                    continue
                start = self._street_lines_before(text, line_start)
                if start < 0:
                    continue
            else:
                comma = text.rfind(",", line_start, ps)
                if comma < 0 or text[comma + 1 : ps].strip():
                    continue
                seg = _STREET_SEG_END_RX.search(text, max(line_start, comma - 70), comma)
                if seg is None:
                    continue
                start = seg.start()
            b = _BEFORE_RX.search(text, max(0, start - 80), start)
            if b is not None:
                start = b.start()
            end = self._country_after(text, pe)
            if taken.overlaps(start, end):
                continue
            taken.add(start, end)
            found.append(
                Span(
                    start,
                    end,
                    "STREET_ADDRESS",
                    self._score(text, start, self.BLOCK_SCORE),
                    self.name,
                )
            )
        return found

    @staticmethod
    def _labelled_line_ok(line: str, first: bool) -> bool:
        """Whether a line can belong to a labelled address block."""
        body = line.strip()
        if not body or len(body) > _MAX_LABELLED_LINE or "@" in body:
            return False
        if not first:
            if _FIELD_LABEL_RX.match(line) or not (body[0].isupper() or body[0].isdigit()):
                return False
            if _FIELD_WORD_LINE_RX.match(body) or _FIELD_WORD_ONLY_RX.fullmatch(body):
                return False  # "DOB 16/08/1991", "Tel 0161 ...": the next field, without a colon
            if len(body.split()) > 8 or body.endswith(("?", "!")):
                return False
        digits = sum(ch.isdigit() for ch in body)
        if digits >= 8 and _PHONEISH_RX.fullmatch(body):
            return False
        return True

    def _labelled_blocks(self, text: str) -> list[Span]:
        """Address fields after an ``Address:`` label (see :data:`_ADDRESS_LABEL_RX`)."""
        found: list[Span] = []
        for m in _ADDRESS_LABEL_RX.finditer(text):
            pos = m.end()
            if _NOT_ADDRESS_VALUE.match(text, pos):
                continue
            line_end = text.find("\n", pos)
            line_end = len(text) if line_end < 0 else line_end
            first = text[pos:line_end]
            if not first.strip():
                # the value starts on the next line
                pos = line_end + 1
                if pos >= len(text):
                    continue
                line_end = text.find("\n", pos)
                line_end = len(text) if line_end < 0 else line_end
                first = text[pos:line_end]
            cut = _INLINE_FIELD_RX.search(first)
            if cut is not None:
                first = first[: cut.start()]
            first = first.rstrip().rstrip(".")
            if not first.strip() or not self._labelled_line_ok(first, True):
                continue
            start = pos + (len(first) - len(first.lstrip()))
            end = pos + len(first)
            n_lines = 1
            while cut is None and n_lines < _MAX_LABELLED_LINES and line_end < len(text):
                nxt_end = text.find("\n", line_end + 1)
                nxt_end = len(text) if nxt_end < 0 else nxt_end
                line = text[line_end + 1 : nxt_end].rstrip("\r")
                if not self._labelled_line_ok(line, False):
                    break
                end = line_end + 1 + len(line.rstrip())
                line_end = nxt_end
                n_lines += 1
            value = text[start:end]
            parts = [p for p in re.split(r"[,\n]", value) if p.strip()]
            if not _DIGIT.search(value) and len(parts) < 2:
                continue  # "Address: Dublin" is a place, left to the place recognizers
            found.append(Span(start, end, "STREET_ADDRESS", self.LABELLED_SCORE, self.name))
        return found

    def analyze(self, text: str) -> list[Span]:
        """Find addresses in ``text`` (see the module docstring).

        Args:
            text: the document text.

        Returns:
            One span per address (blocks merged).
        """
        if not text:
            return []
        out: list[Span] = self._labelled_blocks(text)
        taken = _Taken()
        if _DIGIT.search(text) is not None:
            last_end = -1
            for m in _CORE_RX.finditer(text):
                if m.start() < last_end:
                    continue
                if _YEAR_NUM.match(text, m.start()) and _YEAR_PREP.search(
                    text, max(0, m.start() - 12), m.start()
                ):
                    continue  # "in 1998 Oxford Road was closed": a year, not a house number
                if m.lastgroup == "before_postcode" and not _untyped_street(text, m.start()):
                    continue  # "Goals 12", "Apt 14", "[Cañada de] Emilia Roura 759"
                s, e, block = self._extend(text, m.start(), m.end())
                if block:
                    score = self.BLOCK_SCORE
                elif m.lastgroup == "po_box":
                    score = self.PO_BOX_SCORE
                else:
                    score = self.CORE_SCORE
                out.append(Span(s, e, "STREET_ADDRESS", self._score(text, s, score), self.name))
                taken.add(s, e)
                last_end = e
            out.extend(self._postal_blocks(text, taken))
            for m in _WEAK_CUE_RX.finditer(text):
                s, e = m.span("ent")
                if taken.overlaps(s, e):
                    continue
                taken.add(s, e)
                score = self.CUE_SCORE if m.group("strong") is not None else self.WEAK_SCORE
                out.append(Span(s, e, "STREET_ADDRESS", score, self.name))
        for m in _LOWER_ADDRESS_RX.finditer(text) if _DIGIT.search(text) else ():
            s, e = m.span()
            if taken.overlaps(s, e) or not _LOWER_STREET_WORD.search(m.group()):
                continue
            taken.add(s, e)
            out.append(Span(s, e, "STREET_ADDRESS", self.CORE_SCORE, self.name))
        for m in _BARE_RX.finditer(text):
            s, e = m.span("ent")
            if taken.overlaps(s, e):
                continue
            taken.add(s, e)
            cue = _RESIDENCE_CUE is not None and _RESIDENCE_CUE.search(
                text, max(0, m.start() - _CONTEXT_WINDOW), m.start()
            )
            if cue:
                out.append(Span(s, e, "STREET_ADDRESS", self.BARE_SCORE, self.name))
            else:
                named = _NOT_A_STREET_RX.match(m.group("ent")) or _CAP_AFTER_RX.match(text, e)
                source = self.name if named else STREET_NAME  # "on Google Drive": no place
                out.append(Span(s, e, "STREET_ADDRESS", self.BARE_NO_CUE_SCORE, source))
        for rx, score in (
            (_STREET_PLACE_RX, self.BARE_NO_CUE_SCORE),
            (_FOREIGN_STREET_PLACE_RX, self.FOREIGN_STREET_SCORE),
        ):
            for m in rx.finditer(text):
                s, e = m.span("ent")
                if taken.overlaps(s, e) or _NOT_A_STREET_RX.match(m.group("ent")):
                    continue
                taken.add(s, e)
                out.append(Span(s, e, "STREET_ADDRESS", score, STREET_NAME))
        return out


# An address typed in lower case in a chat, ending in a UK postcode or an Eircode: "23 cheetham
# hill rd m8 8ee", "flat 9, 140 stockport road, longsight, manchester m13 0ll", "12 the
# paddocks, classes lake, ballincollig, P31 YX04"
_LOWER_UK_PC = (
    r"(?:[a-pr-uwyz](?:[0-9][0-9a-hjkpstuw]?|[a-hk-y][0-9][0-9abehmnprvwxy]?)[ \t]?[0-9]"
    r"[abd-hjlnp-uw-z]{2}|[A-PR-UWYZ](?:[0-9][0-9A-HJKPSTUW]?|[A-HK-Y][0-9][0-9ABEHMNPRVWXY]?)"
    r"[ \t]?[0-9][ABD-HJLNP-UW-Z]{2}|[AC-FHKNPRTV-Y][0-9][0-9W][ \t]?[0-9AC-FHKNPRTV-Y]{4}"
    r"|[ac-fhknprtv-y][0-9][0-9w][ \t]?[0-9ac-fhknprtv-y]{4})"
)
_LOWER_STREET_WORD = re.compile(
    r"(?i)[ \t](?:rd|road|st|street|ave|avenue|lane|ln|close|drive|dr|way|crescent|cres|"
    r"terrace|grove|place|pl|court|ct|gardens|park|hill|view|walk|row|square|mews|green|"
    r"paddocks?|parade|rise|fields?|estate)[, \t]"
)
_LOWER_ADDRESS_RX = _PRESCAN.compile(
    r"(?<![\w\-/.])(?:(?:flat|apt|apartment|unit)[ \t]*[0-9]{1,4}[a-z]?,?[ \t]+)?"
    r"[0-9]{1,4}[a-z]?,?[ \t]+(?:[a-z][a-z'\-]*[ \t]+){0,3}[a-z][a-z'\-]*"
    r"(?:,[ \t]*[a-z][a-z'\-]*(?:[ \t]+[a-z][a-z'\-]*){0,2}){0,3},?[ \t]+"
    + _LOWER_UK_PC
    + r"(?![\w])"
)


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
# Irish Eircodes (routing key + unique identifier): "H91 E2K7", "D6W X2R4", "D02 X285".
_EIRCODE = (
    r"(?:[AC-FHKNPRTV-Y][0-9]{2}|D6W)[ \t]?"
    r"(?=[0-9AC-FHKNPRTV-Y]{0,3}[0-9])[0-9AC-FHKNPRTV-Y]{4}"
)
_AU_STATES = r"(?:NSW|VIC|Vic|QLD|Qld|SA|WA|TAS|Tas|NT|ACT)"
_PC_PATTERNS += [
    ("eir", rf"{_PC_B}(?P<eir>{_EIRCODE}){_PC_E}"),
    # Australian state + 4 digits: "Cabramatta NSW 2166"
    ("au", rf"(?<![\w]){_AU_STATES}[ \t]+(?P<au>[0-9]{{4}}){_PC_E}"),
    # After a place: Indian PIN "Pune - 411038", "Bengaluru 560003"; Japanese "Kyoto 605-0862";
    # Brazilian CEP "22421-000" (the place must be a known city, or a label precedes)
    (
        "label",
        r"(?<![\w])(?:CEP|PIN|Pin[ \t]?[Cc]ode|PIN[ \t]?[Cc]ode|\u3012)[ \t]*[:.\-]?[ \t]*"
        rf"(?P<label>[1-9][0-9]{{5}}|[0-9]{{3}}-[0-9]{{4}}|[0-9]{{5}}-?[0-9]{{3}}){_PC_E}",
    ),
    (
        "after",
        rf"(?P<place_after>{_CAPWORD})(?:[ \t]*[\-\u2013][ \t]*|[ \t]+)"
        rf"(?P<after>[1-9][0-9]{{5}}|[0-9]{{3}}-[0-9]{{4}}|[0-9]{{5}}-[0-9]{{3}}){_PC_E}",
    ),
    # Philippine "Quezon City 1105", "Iloilo City 5000" (four digits, not a year)
    ("ph", rf"(?<![\w])[A-Z][a-z]+[ \t]+City[ \t]+(?P<ph>(?!19|20)[0-9]{{4}}){_PC_E}"),
]
_PC_RX = Alternation([(f"{n}_m", rx) for n, rx in _PC_PATTERNS], "address_postcode")
# An Irish county before an Eircode: "Co. Sligo F91 K7T3", "Co. Louth, A91 F6K2"
_CO_COUNTY_BEFORE = re.compile(r"(?<![\w])(?:Co\.|County)[ \t]+[A-Z][a-z]+,?[ \t]+\Z")
_PC_GROUP = {
    "uk_m": "uk",
    "ca_m": "ca",
    "us_state_m": "zip",
    "nl_m": "nl",
    "num_m": "num",
    "eir_m": "eir",
    "au_m": "au",
    "after_m": "after",
    "label_m": "label",
    "ph_m": "ph",
}
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


# Words of region names that say nothing of a place on their own.
_REGION_WORDS_NOT_PLACES = frozenset(
    "North South East West Central Upper Lower Greater Northern Southern Eastern Western New "
    "Saint Sankt San Santa Old Great Little Region Province State District County City".split()
)


@lru_cache(maxsize=1)
def _known_cities() -> frozenset[str]:
    """City and country names from the packaged gazetteer lists (first token of each), and the
    first and last words of the ISO 3166-2 regions ("Haryana 122002", "Uttar Pradesh 226001")."""
    names: set[str] = set()
    for fname in ("cities.txt", "countries.txt", "regions.txt"):
        try:
            data = resources.files("privtext").joinpath("data", fname).read_text("utf-8")
        except (FileNotFoundError, OSError):
            continue
        for line in data.splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            words = line.split(" [")[0].split()
            names.add(words[0])
            if fname == "regions.txt":
                names.add(words[-1])
    names -= _REGION_WORDS_NOT_PLACES
    return frozenset(w for w in names if len(w) >= 3 or w.isupper())


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
    COUNTY_SCORE: ClassVar[float] = 0.9

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
            elif kind in ("us_state_m", "au_m", "label_m", "ph_m"):
                score = self.STATE_SCORE
            elif kind == "eir_m":
                county = _CO_COUNTY_BEFORE.search(text, max(0, s - 30), s)
                if county is not None:
                    # "Co. Sligo F91 K7T3": the county joins the code, above NER's person guess
                    s, score = county.start(), self.COUNTY_SCORE
                else:
                    score = (
                        self.STRONG_SCORE if self._line_start(text, s) else self.WEAK_PLACE_SCORE
                    )
            elif kind == "after_m":
                place = m.group("place_after")
                if place in cities or self._has_context(text, m.start()):
                    score = self.PLACE_SCORE
                else:
                    continue
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


# ------------------------------------------------------------------------------ block merge
# Address parts that other recognizers (NER above all) tag one by one are merged into one
# STREET_ADDRESS span: "Flat 3B, Sai Krupa Residency, 5th Cross, Malleswaram, Bengaluru
# 560003" arrives as PERSON + ORGANIZATION + ORGANIZATION + LOCATION + POSTCODE.
_ANCHOR_TYPES = frozenset({"STREET_ADDRESS", "POSTCODE"})
_PLACE_TYPES = frozenset({"LOCATION"})
_MISFIRE_TYPES = frozenset({"ORGANIZATION", "PERSON"})
_MISFIRE_SOURCES = frozenset({"spacy_ner", "gazetteer", "organization_cues", "organization_shape"})
_STATE_CODE_RX = re.compile(rf"(?:{_AU_STATES}|{_STATE})[ \t]+[0-9]{{4,5}}")
# Last words that make an ORG/PERSON tag an address part ("Railway Pier", "5th Cross").
_PLACE_WORD_RX = re.compile(
    r"(?i)(?:^|[ \t])(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|way|close|court|ct|"
    r"crescent|place|pl|square|sq|terrace|parade|quay|wharf|pier|cross|circle|nagar|colony|"
    r"layout|marg|chowk|bagh|vihar|enclave|sector|block|phase|estate|park|gardens|green|"
    r"hill|heights|island|residency|society|apartments|towers?|house|mansions|complex|"
    r"plaza|mall|market|village|town|ward|district|ku|machi|cho|chome|mahalle|"
    r"barrio|bairro|colonia|kampung|jalan|soi|cottages?|vicarage|rectory|lodge|farm|barn|"
    r"manor|mill|grange|croft|state|province|county|city|barangay|brgy|sitio|purok|"
    r"subdivision|extension)\.?$"
)
_GAP_SEP_RX = re.compile(r"[ \t]*(?:[,\-\u2013][ \t]*)?(?:\r?\n[ \t]*)?\Z")
_UNIT_SEG_RX = re.compile(
    r"(?i)(?:flat|apt|apto|apartment|unit|suite|ste|level|floor|fl|plot|block|bldg|building|"
    r"house|room|door|no)\.?[ \t]*(?:no\.?[ \t]*)?[0-9]"
)
_GAP_SEG_RX = re.compile(
    r"[ \t]*(?:,[ \t]*)?(?:\r?\n[ \t]*)?(?P<seg>[^\n,]{1,30}?)[ \t]*(?:,[ \t]*)?(?:\r?\n[ \t]*)?\Z"
)
_LEAD_SEG_RX = re.compile(
    r"(?i)(?<![\w])(?P<seg>(?:flat|apt|apto|apartment|unit|suite|ste|level|floor|fl|plot|block|"
    r"bldg|building|house|room|door|shop|blk|stall|kiosk)\.?[ \t]*(?:no\.?[ \t]*)?"
    r"[0-9]{1,5}[A-Za-z]?(?:[\-/][0-9A-Za-z]{1,4})?),[ \t]*\Z"
)
# A named building before the street on the same line: "The Vicarage, ", "Brook Cottage, "
_LEAD_BUILDING_RX = _PRESCAN.compile(
    rf"(?<![\w&])(?P<seg>The[ \t]+{_CAPWORD}|(?:{_CAPWORD}[ \t]+){{1,3}}"
    r"(?:Cottages?|Farm|House|Lodge|Barn|Manor|Hall|Mill|Grange|Croft|Court|Building|Towers?|"
    r"Mansions|Apartments|Residence|Chambers|Villa|Plaza|Centre|Center|Vicarage|Rectory)),"
    r"[ \t]*\Z"
)
_LEAD_UNIT_NAME_RX = _PRESCAN.compile(
    r"(?i:(?<![\w])(?P<seg>(?:flat|apt|apartment|unit|suite|plot|block|blk|house|shop|lot)\.?"
    r"[ \t]*(?:no\.?[ \t]*)?[0-9]{1,5}[A-Za-z]?(?:[\-/][0-9A-Za-z]{1,4})?),[ \t]*)"
    rf"(?:{_CAPWORD}[ \t]+){{0,2}}{_CAPWORD},[ \t]*\Z"
)
_LEAD_NUM_RX = re.compile(r"(?<![\w\-])[0-9]{1,4}(?:-[0-9]{1,4}){0,3}[A-Za-z]?[ \t]+\Z")
_CAP_SEG_RX = re.compile(rf"{_PLACE}")
_LEAD_CAPS_RX = re.compile(rf"(?<![\w,])(?:{_CAPWORD}[ \t]+){{1,3}}\Z")


_STREET_END_RX = re.compile(
    r"(?i)(?:^|[ \t])(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|way|close|court|"
    r"crescent|place|square|terrace|parade|quay|wharf|pier|cross|marg|jalan|soi)\.?$"
)
_CODE_AFTER_PLACE_RX = re.compile(
    rf"{_CAPWORD}(?:[ \t]*[\-\u2013][ \t]*|[ \t]+)"
    r"(?:[1-9][0-9]{5}|[0-9]{3}-[0-9]{4}|[0-9]{5}-[0-9]{3})"
)


def _is_anchor(text: str, sp: Span) -> bool:
    """A street address, a postcode, or a tag that holds one ("Kyoto 605-0862", "NSW 2000")."""
    if sp.entity_type in _ANCHOR_TYPES:
        return True
    value = text[sp.start : sp.end]
    if sp.entity_type == "DATE":
        return _STATE_CODE_RX.fullmatch(value) is not None
    if sp.entity_type in _MISFIRE_TYPES and sp.source in _MISFIRE_SOURCES:
        return (
            _CODE_AFTER_PLACE_RX.fullmatch(value) is not None
            or _STREET_END_RX.search(value) is not None
        )
    return False


def _is_misfire_part(text: str, sp: Span) -> bool:
    """An ORG/PERSON tag that reads like an address part (digit or place word at its end)."""
    if sp.entity_type not in _MISFIRE_TYPES or sp.source not in _MISFIRE_SOURCES:
        return False
    value = text[sp.start : sp.end]
    return _DIGIT.search(value) is not None or _PLACE_WORD_RX.search(value) is not None


def _part_kind(text: str, sp: Span) -> str | None:
    """``anchor``, ``part`` (a place or address-like tag), ``weak`` (NER ORG/PERSON) or None."""
    if _is_anchor(text, sp):
        return "anchor"
    if sp.entity_type in _PLACE_TYPES or _is_misfire_part(text, sp):
        return "part"
    if sp.entity_type in _MISFIRE_TYPES and sp.source in _MISFIRE_SOURCES:
        return "weak"
    return None


def _seg_ok(seg: str, next_to_anchor: bool) -> bool:
    """An untagged segment between two parts: a unit/number, or a place next to a street or
    a postcode ("Church Lane, Great Wittering, Chichester")."""
    seg = seg.strip()
    if not seg or "@" in seg or len(seg.split()) > 4:
        return False
    if _UNIT_SEG_RX.match(seg) or (_DIGIT.search(seg) and seg[0].isupper() or seg[0].isdigit()):
        return True
    return next_to_anchor and _CAP_SEG_RX.fullmatch(seg) is not None


def merge_address_blocks(text: str, spans: list[Span]) -> list[Span]:
    """Merge runs of adjacent address parts into one ``STREET_ADDRESS`` span.

    A run is a sequence of non-overlapping spans (sorted by start) separated only by a comma,
    a dash or one line break, or by one short untagged segment (a unit or house number such as
    ``Flat 3B`` or ``212``, or a place name right before a postcode). A run is merged when it
    holds a street address or a postcode and at least one more part: places (``LOCATION``),
    and organisations or persons found by NER or gazetteers that read like address parts (a
    digit, or a place word such as ``Road``, ``Cross``, ``Pier``, ``Nagar``, ``-ku`` at the
    end). Organisations and persons that do not read like address parts are never absorbed
    ("Acme Ltd, 12 High Street" keeps the company). The merged span is then extended backwards
    over one short unit segment on the same line (``Level 9, ``) and a house number
    (``2-14-7 ``).

    Args:
        text: the document.
        spans: non-overlapping spans sorted by start.

    Returns:
        The spans with runs merged, sorted by start.
    """
    if len(spans) < 2 or not any(_is_anchor(text, s) for s in spans):
        return spans
    out: list[Span] = []
    kinds = [_part_kind(text, s) for s in spans]
    i = 0
    n = len(spans)
    while i < n:
        sp = spans[i]
        if kinds[i] is None:
            out.append(sp)
            i += 1
            continue
        j = i
        while j + 1 < n and kinds[j + 1] is not None:
            gap = text[spans[j].end : spans[j + 1].start]
            if _GAP_SEP_RX.match(gap) is None:
                g = _GAP_SEG_RX.match(gap)
                near_anchor = kinds[j] == "anchor" or kinds[j + 1] == "anchor"
                if g is None or not _seg_ok(g.group("seg"), near_anchor):
                    break
            j += 1
        a, b = i, j
        while a <= b and kinds[a] == "weak":
            a += 1
        while b >= a and kinds[b] == "weak":
            b -= 1
        run = spans[a : b + 1]
        anchored = any(kinds[k] == "anchor" for k in range(a, b + 1))
        if not anchored or (len(run) < 2 and run[0].entity_type != "STREET_ADDRESS"):
            out.append(sp)
            i += 1
            continue
        out.extend(spans[i:a])
        start, end = run[0].start, run[-1].end
        if _STREET_END_RX.search(text[run[0].start : run[0].end]):
            cap = _LEAD_CAPS_RX.search(text, max(0, start - 40), start)
            if cap is not None and cap.end() == start:
                start = cap.start()
        for _ in range(3):
            building = _LEAD_BUILDING_RX.search(text, max(0, start - 48), start)
            if building is not None and building.end() == start:
                start = building.start("seg")
                continue
            lead = _LEAD_SEG_RX.search(text, max(0, start - 28), start)
            if lead is not None and lead.end() == start:
                start = lead.start("seg")
                continue
            lead = _LEAD_UNIT_NAME_RX.search(text, max(0, start - 64), start)
            if lead is not None and lead.end() == start:
                start = lead.start("seg")
                continue
            num = _LEAD_NUM_RX.search(text, max(0, start - 20), start)
            if num is not None and num.end() == start:
                start = num.start()
                continue
            break
        # a span swallowed by the backward extension is part of the block too
        while out and out[-1].end > start:
            start = min(start, out[-1].start)
            out.pop()
        score = max(s.score for s in run)
        source = run[0].source if len(run) == 1 and start == run[0].start else "address_merge"
        out.append(Span(start, end, "STREET_ADDRESS", score, source))
        out.extend(spans[b + 1 : j + 1])
        i = j + 1
    return out


# Last words of a street's name that end no person's name; "Lane" and "Street" end surnames
# too ("Lois Lane") and count only when the first word is no known given name.
_PERSON_STREET_END_RX = re.compile(
    r"[ \t](?:Road|Avenue|Drive|Crescent|Terrace|Boulevard|Mews|Parade|Rd|Ave|Lane|Street)\.?$"
)


# "on Sandy Lane", "Cundiff Road and Sandy Lane": a street's place in a sentence
_STREET_SLOT_BEFORE = re.compile(
    r"(?:\b(?:on|along|off|onto|into|via|down|up|near|towards|toward)|"
    r"(?:Road|Street|Lane|Avenue|Drive|Rd|St)[ \t]+(?:and|or|&))[ \t]+\Z"
)


def _person_is_street(text: str, sp: Span) -> bool:
    """A PERSON from NER or the name lists that is a street named without its number
    ("Rosebank Rd", "Berw Road", "on Sandy Lane")."""
    if sp.entity_type != "PERSON" or sp.source not in ("spacy_ner", "gazetteer"):
        return False
    value = text[sp.start : sp.end]
    if _PERSON_STREET_END_RX.search(value) is None or "\n" in value:
        return False
    slot = _STREET_SLOT_BEFORE.search(text, max(0, sp.start - 20), sp.start) is not None
    if value.rstrip(".").endswith(("Lane", "Street")):
        from privtext.tagging.recognizers.gazetteer import load_gazetteer

        return slot or value.split(" ", 1)[0] not in load_gazetteer(None).given
    return slot or sp.source == "spacy_ner"


# A four-digit postal code after an address's last place: "23 Jacaranda Crescent, Edenvale,
# Gauteng, 1609" (South Africa), "Taytay, Rizal 1920" (the Philippines), "Melbourne VIC 3000"
_TRAILING_CODE_RX = re.compile(
    rf"(?:,?[ \t]+(?:{_CAPWORD}(?:[ \t]+{_CAPWORD}){{0,2}},?[ \t]+)?)"
    r"[0-9]{4}(?=[ \t]*(?:\r?\n|\Z|[.;)]|,[ \t]))"
)
_ENDS_IN_PLACE_RX = re.compile(rf"{_CAPWORD}\Z")
# The same code on a line of its own under a postal block ("Rondebosch" / "7701"), or a
# Brazilian CEP ("Curitiba \u2013 PR" / "80250-060"), then perhaps the country's line.
_CODE_LINE_RX = re.compile(r"[ \t]*\r?\n[ \t]*(?:[0-9]{4}|[0-9]{5}-[0-9]{3})[ \t]*(?=\r?\n|\Z)")
_COUNTRY_LINE_RX = re.compile(r"\r?\n[ \t]*(?P<c>[A-Z][A-Za-z .'\-]{2,40}?)[ \t]*(?=\r?\n|\Z)")


def _trailing_code_end(text: str, sp: Span, value: str) -> int | None:
    """Where the block ``sp`` ends with the postal code (and country) after it, or None."""
    if sp.entity_type != "STREET_ADDRESS" or not _ENDS_IN_PLACE_RX.search(value):
        return None
    m = _TRAILING_CODE_RX.match(text, sp.end) if "," in value else None
    if m is None and "\n" in value:
        m = _CODE_LINE_RX.match(text, sp.end)
        if m is not None:
            c = _COUNTRY_LINE_RX.match(text, m.end())
            if c is not None and c.group("c") in countries():
                m = c
    return None if m is None else m.end()


def trailing_postal_codes(text: str, spans: list[Span]) -> list[Span]:
    """Address blocks extended over a four-digit postal code after their last place.

    Only a block that ends in a capitalised word is extended: one with a comma over a code on
    its line, one of several lines over a code on the next line (and the country's line after
    it); spans inside the extension (a year read in "Rizal 1920") are dropped.

    Args:
        text: the document.
        spans: kept spans sorted by start.

    Returns:
        The spans.
    """
    out: list[Span] = []
    i = 0
    changed = False
    while i < len(spans):
        sp = spans[i]
        value = text[sp.start : sp.end]
        end = _trailing_code_end(text, sp, value)
        if end is None:
            out.append(sp)
            i += 1
            continue
        j = i + 1
        while j < len(spans) and spans[j].start < end:
            if spans[j].end > end:
                break
            j += 1
        if j < len(spans) and spans[j].start < end:
            out.append(sp)  # a span runs on past the code: leave the block as it is
            i += 1
            continue
        out.append(Span(sp.start, end, sp.entity_type, sp.score, sp.source))
        changed = True
        i = j
    return out if changed else spans


def streets_without_numbers_are_places(text: str, spans: list[Span]) -> list[Span]:
    """Streets named without a number that no address block took are places (LOCATION, PoII).

    "a fight on Queen Street", "Rosebank Rd:": the guidelines tag a street named without its
    building number as a LOCATION. The address recognizer emits them as weak
    ``STREET_ADDRESS`` spans (source :data:`STREET_NAME`), and NER often reads them as persons;
    both stay as they are until the address merge has used them as anchors ("Plot 14, Adeola
    Odeku Street / Victoria Island / Lagos"). Those left on their own are retyped here.

    Args:
        text: the document.
        spans: kept spans after the address merge.

    Returns:
        The spans, those street names retyped.
    """
    out: list[Span] = []
    for s in spans:
        if (s.source == STREET_NAME and s.entity_type == "STREET_ADDRESS") or _person_is_street(
            text, s
        ):
            out.append(Span(s.start, s.end, "LOCATION", max(s.score, STREET_PLACE_SCORE), s.source))
        else:
            out.append(s)
    return out
