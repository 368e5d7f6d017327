"""Gazetteer recognizer: PERSON, LOCATION, ORGANIZATION and NATIONALITY from word lists.

Word lists live in ``privtext/data/*.txt`` (one entry per line, ``#`` comments). Matching
works on capitalized word tokens found by one regex, with set and dict lookups only:

* **Known phrases** (countries, cities, organisations, nationalities; multi-word entries such
  as ``New York`` or ``Bank of America`` included) match case-sensitively at a capitalized
  token, longest entry first.
* **Persons**: a capitalized known given name starts a chain that greedily takes the
  following adjacent capitalized tokens that are known given names, known surnames or unknown
  capitalized words (``Maria Garcia``, ``Anna Kowalczyk``, ``Pieter de Vries``), up to four
  tokens. Given names that are also ordinary words (``May``, ``Will``, ``Grace``...) or places
  (``Jordan``, ``Sydney``) need a known surname right after them. A title (``Mr``, ``Mrs``,
  ``Ms``, ``Dr``, ``Prof``...) followed by capitalized words gives PERSON for those words (the
  title is not part of the span). A known surname alone scores below the default threshold.
* **Organisation patterns**: capitalized words followed by a suffix (``Acme Inc``,
  ``Globex GmbH``) or a prefix followed by capitalized words (``University of Oslo``).

Lower-case words never start a match, so ``may`` the verb is never a name; capitalized
function words (``The``, ``In``...), months and weekdays never join a name.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import ClassVar

from privtext.tagging.base import Recognizer, Span
from privtext.tagging.recognizers.job_title import job_title_set
from privtext.tagging.recognizers.organization import HEAD_SET as _ORG_HEADS
from privtext.tagging.register import chat_register

# One regex: capitalized word tokens (first char not a lower-case ASCII letter; the Python
# check ``isupper`` filters the rest), inner hyphens and apostrophes allowed.
_TOKEN = re.compile(r"(?<![\w\-])[^\W\d_a-z][^\W\d_]*(?:['\u2019\-][^\W\d_]+)*")
_PARTICLE_GAP = re.compile(
    r"[ \t](?:(?:van|von|de|der|den|da|di|del|della|dos|das|du|le|la|bin|ibn|ben|al|el|zu|"
    r"ter|ten|y)[ \t]){1,2}\Z"
)
_LOWER_TOKEN = re.compile(r"(?<![\w@./\-])[a-z][a-z\u00df-\u00ff]{2,}(?![\w@\-]|\.\w)")
# Places whose names are also everyday English words: never taken in lower case.
_LOWER_PLACE_WORDS = frozenset(
    "nice reading bath split mobile orange buffalo phoenix march chad jersey guinea turkey "
    "china georgia victoria florence chester worth hull wells bury deal ely sale cork derby "
    "dover eugene troy salem lima santiago sofia jordan israel india man poole brest male "
    "bristol lincoln washington charlotte austin aurora regina bologna hope york".split()
)
_TITLE_GAP = re.compile(r"\.?[ \t\u00a0]{1,2}\Z")

TITLES = frozenset(
    {
        "Mr",
        "Mrs",
        "Ms",
        "Miss",
        "Mx",
        "Dr",
        "Prof",
        "Professor",
        "Sir",
        "Dame",
        "Lord",
        "Lady",
        "Rev",
        "Herr",
        "Frau",
        "Mme",
        "Mlle",
        "Monsieur",
        "Madame",
        "Sr",
        "Sra",
        "Señor",
        "Señora",
        "Signor",
        "Signora",
        "Dott",
        "Judge",
        "EJ",  # an Employment Judge in tribunal lists: "EJ Brennan"
        "Senator",
        "Governor",
        "Captain",
        "Capt",
        "Sgt",
        "Smt",
        "Shri",
        "Shrimati",
        "Mdm",
        # kinship and religious forms of address before a name ("Sister Amina", "Aunty Funke",
        # "Uncle Segun", "Hafiz Yusuf", "the Revd Canon Jane Hill", "Ustaz Faizal")
        "Sister",
        "Brother",
        "Aunty",
        "Auntie",
        "Uncle",
        "Hafiz",
        "Revd",
        "Canon",
        "Deacon",
        "Ustaz",
        "Ustadh",
        # police and military ranks ("Cpl Moonan", "W/Cpl Baptiste", "Det Insp Rao")
        "Cpl",
        "Corporal",
        "Sergeant",
        "Insp",
        "Inspector",
        "Supt",
        "Superintendent",
        "Det",
        "Detective",
        "Constable",
        "PC",
        "PCSO",
        "DC",
        "DS",
        "DI",
        "DCI",
        "Lt",
        "Lieut",
        "Lieutenant",
        "Cmdr",
        "Commander",
        "Colonel",
        # clergy and honorifics ("Fr Declan", "Imam Yusuf", "Dato' Lim", "Encik Faizal")
        "Fr",
        "Pastor",
        "Imam",
        "Rabbi",
        "Sheikh",
        "Alhaji",
        "Alhaja",
        "Dato",
        "Datuk",
        "Encik",
        "Puan",
        "Atty",
        "Engr",
        "Cllr",
        "Hon",
    }
)

_COURTESY_TITLES = frozenset({"Mr", "Mrs", "Ms", "Miss", "Mx"})
MONTHS_DAYS = frozenset(
    {
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
        "Jan",
        "Feb",
        "Mar",
        "Apr",
        "Jun",
        "Jul",
        "Aug",
        "Sep",
        "Sept",
        "Oct",
        "Nov",
        "Dec",
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
        "Mon",
        "Tue",
        "Tues",
        "Wed",
        "Thu",
        "Thurs",
        "Fri",
        "Sat",
        "Sun",
    }
)

# Capitalized words that never start or join a PERSON / organisation run.
STOPWORDS = frozenset(
    """
A An The This That These Those There Here It Its I Me My Mine We Us Our Ours You Your Yours
He Him His She Her Hers They Them Their Theirs Who Whom Whose What Which When Where Why How
And Or But Nor So Yet For Of In On At By To From With Without Within Into Onto Upon About
Above Below Under Over After Before Since Until Till During Through Throughout Across Against
Among Between Beyond Behind Beside Besides Near Off Out Up Down Via Per Than Then Thus Also
Too Very Just Only Even Still Already Again Ever Never Always Often Sometimes Maybe Perhaps
Is Are Was Were Be Been Being Am Do Does Did Done Have Has Had Can Could Shall Should Will
Would May Might Must Not No Yes Ok Okay All Any Some Each Every Many Much Most More Less Few
Both Either Neither One Two Three Four Five Six Seven Eight Nine Ten First Second Third Last
Next New Old Other Another Such Same Dear Hi Hello Hey Thanks Thank Please Regards Best Sincerely
Cheers Welcome Today Tomorrow Yesterday Tonight Now Later Soon If Unless Although Though While
Whereas Because As Like Unlike Whether However Therefore Moreover Furthermore Meanwhile
Otherwise Instead Anyway Indeed Note Notes Re Fwd Subject Attn Ref Page Chapter Section Table
Figure Step Part Item Total Name Address Email Phone Tel Fax Date Time Day Week Month Year
Mister Madam Sir Team Hotel Street Road Avenue North South East West Northern Southern Eastern
Western Central Upper Lower Great Little Big Good Bad Well Let Let's Get Go See Make Take
""".split()
)

# Given names that are also ordinary words: a PERSON only with a known surname after them.
AMBIGUOUS_GIVEN = frozenset(
    {
        # virtue names (West and Southern Africa) and other names that are common words
        "Precious",
        # a Vietnamese given name that forms write as a word: "Loan amount:", "Loan a/c"
        "Loan",
        "Blessing",
        "Favour",
        "Goodluck",
        "Destiny",
        "Patience",
        "Memory",
        "Gift",
        "Comfort",
        "Charity",
        "Prudence",
        "Godswill",
        "Innocent",
        "Treasure",
        "May",
        "June",
        "April",
        "August",
        "Will",
        "Bill",
        "Mark",
        "Grace",
        "Hope",
        "Faith",
        "Joy",
        "Rose",
        "Summer",
        "Dawn",
        "Eve",
        "Holly",
        "Ivy",
        "Iris",
        "Daisy",
        "Pearl",
        "Jade",
        "Amber",
        "Ruby",
        "Jack",
        "Sue",
        "Pat",
        "Ray",
        "Max",
        "Guy",
        "Don",
        "Frank",
        "Christian",
        "Said",
        "Jan",
        "Sun",
        "Art",
        "Rich",
        "Angel",
        "Victoria",
        "Austin",
        "Kai",
        "Li",
        "Ma",
        "Wei",
        "Ming",
        "Yan",
        "Jun",
        "Lei",
        "Hui",
        "Jing",
        "Xin",
        "Mei",
        "Ling",
        "Yong",
        "Hao",
        "Minh",
        "Nguyen",
        "Hyun",
        "Ali",
        "Leo",
        "Luke",
        "Carol",
        "Kelly",
        "Santiago",
        "Salvador",
        # short forms that are words ("Mo", "Nick", "Rob", "Dean")
        "Mo",
        "Nick",
        "Dom",
        "Ed",
        "Kit",
        "Les",
        "Nat",
        "Pip",
        "Cal",
        "Dot",
        "Gill",
        "Mags",
        "Rob",
        "Dean",
        "Earl",
        "Jo",
        "Sunny",
        "Reg",
        "Mercy",
    }
)

# Surnames that are ordinary English words: never PERSON on their own.
COMMON_WORD_SURNAMES = frozenset(
    {
        "Brown",
        "White",
        "Green",
        "Black",
        "Young",
        "King",
        "Hall",
        "Wood",
        "Long",
        "Bell",
        "Cook",
        "Baker",
        "Hill",
        "Stone",
        "Price",
        "Ward",
        "Gray",
        "Hunt",
        "Ford",
        "Rose",
        "Park",
        "Wells",
        "Banks",
        "Butler",
        "Fisher",
        "Turner",
        "Parker",
        "Carter",
        "Cooper",
        "Marshall",
        "Sun",
        "He",
        "Ma",
        "Hu",
        "Wu",
        "Xu",
        "Lin",
        "Tan",
        "Lim",
        "Ng",
        "Vo",
        "Das",
        "Bos",
        "Vos",
        "Wolf",
        "Klein",
        "Kim",
        "Jung",
        "Kang",
        "Cho",
        "Ito",
        "Kato",
        "Gao",
        "Guo",
        "Luo",
        "Zhu",
        "Jang",
        "Yoon",
        "Choi",
        "Bruno",
        "Costa",
        "Cruz",
        "Ramos",
        "Rao",
        "Gallo",
        "Greco",
        "Romano",
        "Russo",
        "Conti",
        "Smit",
        "Bakker",
        "Mulder",
        "Visser",
    }
)

SCORES = {
    "person_title": 0.9,
    "person_full": 0.85,
    "person_given": 0.7,
    "person_surname": 0.45,
    "country": 0.85,
    "city": 0.75,
    "place": 0.6,
    "region": 0.58,
    "lower_org": 0.7,
    "organization": 0.85,
    "org_pattern": 0.8,
    "nationality": 0.8,
}

_MAX_PERSON_TOKENS = 4
_MAX_ORG_RUN = 5


@dataclass(frozen=True)
class Gazetteer:
    """Loaded word lists.

    Attributes:
        given: known given names.
        surnames: known surnames.
        phrases: first token -> ``(phrase, entity_type, score)`` entries, longest first.
        known_tokens: every single token of a location / organisation / nationality entry.
        org_suffixes: organisation suffix words.
        org_prefixes: organisation prefixes (``University of``), as token tuples.
    """

    given: frozenset[str]
    surnames: frozenset[str]
    phrases: dict[str, tuple[tuple[str, str, float], ...]]
    known_tokens: frozenset[str]
    org_suffixes: frozenset[str]
    org_prefixes: dict[str, tuple[str, ...]]


def _read_list(data_dir: str | None, filename: str, optional: bool = False) -> list[str]:
    """Entries of one word list (stripped, comments and blank lines dropped).

    An ``optional`` list missing from a user's ``data_dir`` reads as empty.
    """
    if data_dir is None:
        text = resources.files("privtext").joinpath("data", filename).read_text("utf-8")
    elif optional and not (Path(data_dir) / filename).exists():
        return []
    else:
        text = (Path(data_dir) / filename).read_text(encoding="utf-8")
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(" ".join(line.split()))
    return out


def _first_token_key(phrase: str) -> str | None:
    m = _TOKEN.match(phrase)
    if m is None or not m.group()[0].isupper():
        return None
    return _strip_possessive(m.group())


# Nationality adjectives that are also languages or common words in lower case ("my english",
# "polish the car"): not taken as nationalities in chat text.
_LANGUAGE_WORDS = frozenset(
    "english french polish german spanish italian turkish chinese japanese dutch swiss danish "
    "greek russian arabic portuguese korean thai hindi urdu swedish norwegian finnish czech "
    "hungarian romanian bulgarian persian hebrew latin welsh irish scottish british".split()
)
# Words after a full name that make it the name of a street or a place named after a person.
_PLACE_AFTER_NAME = frozenset(
    "Street St Road Rd Avenue Ave Lane Drive Way Close Crescent Boulevard Highway Expressway "
    "International Airport Stadium Bridge Square Terrace Memorial".split()
)


def _strip_possessive(tok: str) -> str:
    if len(tok) > 2 and tok[-2] in "'\u2019" and tok[-1] == "s":
        return tok[:-2]
    return tok


def _plurals(demonym: str) -> list[str]:
    if " " in demonym or demonym.endswith(("ese", "sh", "ss", "ch", "ic", "s")):
        return ["Czechs"] if demonym == "Czech" else []
    return [demonym + "s"]


@lru_cache(maxsize=1)
def plain_given_names() -> frozenset[str]:
    """The packaged given names less those that are also common words (``AMBIGUOUS_GIVEN``)."""
    return load_gazetteer(None).given - AMBIGUOUS_GIVEN


def place_score(name: str) -> float | None:
    """The packaged lists' score for ``name`` as a place (country, city, town, region), written
    exactly as listed, or None."""
    if not name.strip():
        return None
    for phrase, etype, score in load_gazetteer(None).phrases.get(name.split()[0], ()):
        if phrase == name and etype == "LOCATION":
            return score
    return None


@lru_cache(maxsize=8)
def load_gazetteer(data_dir: str | None = None) -> Gazetteer:
    """Load (once per ``data_dir``) the word lists.

    Args:
        data_dir: folder with the ``*.txt`` lists; None = the packaged ``privtext/data``.

    Returns:
        The loaded gazetteer.
    """
    given = frozenset(w for w in _read_list(data_dir, "first_names.txt") if " " not in w)
    surnames = frozenset(w for w in _read_list(data_dir, "surnames.txt") if " " not in w)
    entries: list[tuple[str, str, float]] = []
    for w in _read_list(data_dir, "countries.txt"):
        entries.append((w, "LOCATION", SCORES["country"]))
    for w in _read_list(data_dir, "cities.txt"):
        entries.append((w, "LOCATION", SCORES["city"]))
    # towns from GeoNames (optional in a user's data folder): matched, never "known" tokens
    minor = _read_list(data_dir, "places.txt", optional=True)
    for w in minor:
        entries.append((w, "LOCATION", SCORES["place"]))
    # states, provinces and counties of ISO 3166-2 (optional too): like the towns, with a score
    # just under theirs so that they are never taken in lower case
    regions = _read_list(data_dir, "regions.txt", optional=True)
    # historic counties, informal regions and islands that ISO 3166-2 does not list
    regions += _read_list(data_dir, "regions_other.txt", optional=True)
    for w in regions:
        entries.append((w, "LOCATION", SCORES["region"]))
    minor += regions
    minor_set = frozenset(minor)
    for w in _read_list(data_dir, "organizations.txt"):
        entries.append((w, "ORGANIZATION", SCORES["organization"]))
    for w in _read_list(data_dir, "nationalities.txt"):
        entries.append((w, "NATIONALITY", SCORES["nationality"]))
        for p in _plurals(w):
            entries.append((p, "NATIONALITY", SCORES["nationality"]))
    index: dict[str, dict[str, tuple[str, str, float]]] = {}
    known: set[str] = set()
    for phrase, etype, score in entries:
        key = _first_token_key(phrase)
        if key is None:
            continue
        slot = index.setdefault(key, {})
        if phrase not in slot or slot[phrase][2] < score:
            slot[phrase] = (phrase, etype, score)
        if " " not in phrase and phrase not in minor_set:
            known.add(phrase)
    phrases = {k: tuple(sorted(v.values(), key=lambda t: -len(t[0]))) for k, v in index.items()}
    prefixes: dict[str, tuple[str, ...]] = {}
    for p in _read_list(data_dir, "org_prefixes.txt"):
        head = p.split(" ", 1)[0]
        prefixes[head] = tuple(sorted({*prefixes.get(head, ()), p}, key=lambda s: (-len(s), s)))
    return Gazetteer(
        given=given,
        surnames=surnames,
        phrases=phrases,
        known_tokens=frozenset(known),
        org_suffixes=frozenset(_read_list(data_dir, "org_suffixes.txt")),
        org_prefixes=prefixes,
    )


# An identifier's label after an organisation's abbreviation: "NMC PIN:", "IRD number"
_ID_LABEL_AFTER = re.compile(r"[ \t]+(?:PIN|No\.?|NO\.?|Number|number|no\.|ID|#)(?![\w])")
# Words of institutions' names that never continue a person's name
_NOT_IN_NAMES = frozenset(
    {
        "International", "National", "Regional", "Memorial", "Central",
        # organisation words of other languages ("Sepaş Enerji Sakarya Elektrik")
        "Enerji", "Elektrik", "Ticaret", "Sanayi", "Holding", "Grupa", "Gruppo", "Spółka",
    }
)  # fmt: skip


def _starts_place(tok: str, gaz: Gazetteer) -> bool:
    """``tok`` is the first word of a known place or group ("San" of "San Jose"); the first
    word of an organisation's name is not enough ("Grant" of "Grant Thornton")."""
    return any(etype != "ORGANIZATION" for _p, etype, _s in gaz.phrases.get(tok, ()))


def _lower_organisations(gaz: Gazetteer) -> frozenset[str]:
    """The one-word organisations of the lists, in lower case ("paypal", "co-op")."""
    return frozenset(
        p.lower()
        for entries in gaz.phrases.values()
        for p, etype, _s in entries
        if etype == "ORGANIZATION" and " " not in p and len(p) >= 4
    )


def _common_word(word: str, zipf: float = 3.0) -> bool:
    """Whether a lower-case word is frequent enough in English (Zipf >= ``zipf``) to be read
    as one."""
    from wordfreq import zipf_frequency

    return zipf_frequency(word, "en") >= zipf


def _adjacent(gap: str) -> bool:
    """Tokens separated by one space (or no-break space) are adjacent; a tab or a run of
    spaces separates columns ("O'SHEA, Brendan Patrick  Informant: ...")."""
    return gap == " " or gap == "\u00a0"


_CAPS_WORD_BEFORE = re.compile(r"(?<![\w])[A-Z\u00c0-\u00de]{2,}[ \t,&]*\Z")
_CAPS_WORD_AFTER = re.compile(r"[ \t,&]*[A-Z\u00c0-\u00de]{2,}(?![a-z])")


class GazetteerRecognizer(Recognizer):
    """Tag PERSON, LOCATION, ORGANIZATION and NATIONALITY with word lists.

    Args:
        data_dir: folder with the word lists; None = the packaged ``privtext/data``.
    """

    name: ClassVar[str] = "gazetteer"
    entity_types: ClassVar[tuple[str, ...]] = (
        "PERSON",
        "LOCATION",
        "ORGANIZATION",
        "NATIONALITY",
    )

    def __init__(self, data_dir: str | None = None) -> None:
        self.data_dir = data_dir
        self._gaz: Gazetteer | None = None
        self._lower_orgs: frozenset[str] = frozenset()

    def load(self) -> None:
        """Load the word lists (cached per process and data folder)."""
        if self._gaz is None:
            self._gaz = load_gazetteer(self.data_dir)
            self._lower_orgs = _lower_organisations(self._gaz)

    # -- helpers -----------------------------------------------------------------------------
    @staticmethod
    def _cap_ok(tok: str) -> bool:
        """Capitalized and not all caps (except one letter)."""
        return tok[0].isupper() and (len(tok) == 1 or not tok.isupper())

    def _unknown_given(self, tok: str, gaz: Gazetteer) -> bool:
        """A capitalised word no list knows and English rarely uses: maybe a given name."""
        from wordfreq import zipf_frequency

        return (
            3 <= len(tok) <= 12
            and self._is_name_token(tok)
            and tok.isalpha()
            and tok not in gaz.given
            and tok not in gaz.surnames
            and tok not in gaz.known_tokens
            and tok not in TITLES
            and tok not in _ORG_HEADS
            and tok not in _NOT_IN_NAMES
            and not _starts_place(tok, gaz)
            and zipf_frequency(tok.lower(), "en") < 2.5
        )

    def _strong_surname(self, tok: str, gaz: Gazetteer) -> bool:
        """A known surname that is no English word, place or organisation."""
        from wordfreq import zipf_frequency

        return (
            tok in gaz.surnames
            and tok not in COMMON_WORD_SURNAMES
            and tok not in gaz.known_tokens
            and self._is_name_token(tok)
            and zipf_frequency(tok.lower(), "en") < 3.0
        )

    def _is_name_token(self, tok: str) -> bool:
        """Capitalized, not all caps, not a function word, month or weekday."""
        return self._cap_ok(tok) and tok not in STOPWORDS and tok not in MONTHS_DAYS

    def _chain_ok(self, tok: str, gaz: Gazetteer, right_after_given: bool = False) -> bool:
        """Whether ``tok`` may continue a PERSON chain.

        Right after a (non-ambiguous) given name any capitalized word may follow, even a known
        place (``Jack London``, ``George Washington``).
        """
        if not self._is_name_token(tok) or len(tok) < 2:
            return False
        if tok in gaz.given or tok in gaz.surnames:
            return True
        if right_after_given:
            # "Garda Station": a given name before an institution's head word is no person
            return tok not in gaz.org_suffixes and tok not in TITLES and tok not in _ORG_HEADS
        # Unknown capitalized word: not a place, organisation, nationality, title or suffix.
        return (
            tok not in gaz.known_tokens
            and tok not in gaz.org_suffixes
            and tok not in TITLES
            and tok not in _ORG_HEADS
            and tok not in _NOT_IN_NAMES
            and not _starts_place(tok, gaz)
        )

    def _person_chain(
        self, text: str, toks: list[tuple[int, int, str]], i: int, gaz: Gazetteer, first: bool
    ) -> int:
        """Index of the last token of the PERSON chain starting at ``i`` (``i`` if none)."""
        j = i
        while j + 1 < len(toks) and j - i + 1 < _MAX_PERSON_TOKENS:
            gap = text[toks[j][1] : toks[j + 1][0]]
            if not (_adjacent(gap) or _PARTICLE_GAP.match(gap)):
                break
            nxt = toks[j + 1][2]
            # Given names that are also words or places need a known surname next.
            head_ambiguous = toks[i][2] in AMBIGUOUS_GIVEN or toks[i][2] in gaz.known_tokens
            if first and j == i and head_ambiguous:
                if nxt not in gaz.surnames or not self._is_name_token(nxt):
                    break
            elif not self._chain_ok(nxt, gaz, right_after_given=first and j == i):
                break
            j += 1
        return j

    def _phrase_at(
        self, text: str, start: int, key: str, gaz: Gazetteer
    ) -> tuple[int, str, float] | None:
        """Longest known phrase starting at ``start``: (end, entity_type, score)."""
        cands = gaz.phrases.get(key)
        if not cands:
            return None
        n = len(text)
        for phrase, etype, score in cands:
            if text.startswith(phrase, start):
                end = start + len(phrase)
                if end < n and (text[end].isalnum() or text[end] in "-_"):
                    continue
                return end, etype, score
        return None

    def _caps_phrase_at(
        self, text: str, start: int, tok: str, gaz: Gazetteer
    ) -> tuple[int, str, float] | None:
        """A known place or nationality written in capitals at ``start``."""
        cands = gaz.phrases.get(tok[0] + tok[1:].lower())
        if not cands:
            return None
        n = len(text)
        for phrase, etype, score in cands:
            if etype not in ("LOCATION", "NATIONALITY"):
                continue
            end = start + len(phrase)
            if text[start:end].upper() != phrase.upper():
                continue
            if end < n and (text[end].isalnum() or text[end] in "-_"):
                continue
            # standalone only: inside a longer run of capitals it is part of a name
            # ("HIGH COURT OF SOUTH AFRICA", "SINGAPORE POLICE FORCE")
            before = _CAPS_WORD_BEFORE.search(text, max(0, start - 30), start)
            after = _CAPS_WORD_AFTER.match(text, end)
            if before is not None or after is not None:
                continue
            return end, etype, score
        return None

    def _org_suffix_end(
        self, text: str, toks: list[tuple[int, int, str]], i: int, gaz: Gazetteer
    ) -> int:
        """Last token index of ``<Cap words> <suffix>`` starting at ``i`` (``i`` if none)."""
        if toks[i][2] in gaz.org_suffixes:
            return i
        best = i
        j = i
        while j + 1 < len(toks) and j - i < _MAX_ORG_RUN:
            if not _adjacent(text[toks[j][1] : toks[j + 1][0]]):
                break
            nxt = toks[j + 1][2]
            if nxt in gaz.org_suffixes:
                best = j + 1
            elif nxt in STOPWORDS or not nxt[0].isupper():
                break
            j += 1
        return best

    def _org_prefix_end(
        self, text: str, toks: list[tuple[int, int, str]], i: int, gaz: Gazetteer
    ) -> int:
        """End offset of ``<prefix> <Cap words>`` (``University of Oslo``) at ``i``, or -1."""
        prefixes = gaz.org_prefixes.get(toks[i][2])
        if not prefixes:
            return -1
        start = toks[i][0]
        for p in prefixes:
            if not text.startswith(p + " ", start):
                continue
            after = start + len(p) + 1
            # First capitalized token starting exactly at ``after``.
            k = i + 1
            while k < len(toks) and toks[k][0] < after:
                k += 1
            if k >= len(toks) or toks[k][0] != after or toks[k][2] in STOPWORDS:
                continue
            if p.rsplit(" ", 1)[-1][:1].isupper() and _common_word(toks[k][2].lower(), 4.0):
                continue  # "Hotel Minella" but not "Hotel Reception": a bare prefix needs a name
            j = k
            while j + 1 < len(toks) and j - k < 3:
                if not _adjacent(text[toks[j][1] : toks[j + 1][0]]):
                    break
                if toks[j + 1][2] in STOPWORDS:
                    break
                j += 1
            return toks[j][1]
        return -1

    def _org_tail(
        self, text: str, toks: list[tuple[int, int, str]], end: int, gaz: Gazetteer
    ) -> int:
        """A known organisation's name continued by up to three capitalised words on the same
        line ("Tesco Extra", "FIA Cyber Crime Wing"): its end after them. Names, places,
        months, titles and function words stop it."""
        k = bisect.bisect_left(toks, (end, -1, ""))
        count = 0
        while k < len(toks) and count < 3:
            s, e, tok = toks[k]
            if not _adjacent(text[end:s]) or s == end:
                break
            if (
                tok in STOPWORDS
                or tok in MONTHS_DAYS
                or tok in TITLES
                or tok in gaz.given
                or tok in gaz.known_tokens
                or tok.isupper()
                and len(tok) > 4
                or not self._cap_ok(tok)
            ):
                break
            end = e
            count += 1
            k += 1
        return end

    def _lower_case_places(self, text: str, gaz: Gazetteer) -> list[Span]:
        """Known one-word places written in lower case, for texts in chat register ("im at
        my nans in wollongong"), unless the word is also a name or a common English word;
        nationalities ("are you nigerian?"), unless the word is also a language; and listed
        one-word organisations ("paypal", "tesco") that are no frequent English word."""
        out = []
        orgs = self._lower_orgs
        for m in _LOWER_TOKEN.finditer(text):
            word = m.group()
            cap = word[0].upper() + word[1:]
            if word in orgs and not _common_word(word, 4.0):
                # "paid on paypal", "the evri driver": a known brand typed in lower case
                out.append(Span(m.start(), m.end(), "ORGANIZATION", SCORES["lower_org"], self.name))
                continue
            if word in _LOWER_PLACE_WORDS or cap in gaz.given or cap in STOPWORDS:
                continue
            for phrase, etype, score in gaz.phrases.get(cap, ()):
                if phrase == cap and etype == "LOCATION":
                    if score < SCORES["place"]:
                        break  # a state or province ("salamat" is also a word of thanks)
                    if score <= SCORES["place"] and _common_word(word):
                        break  # a GeoNames town named like a word ("banning", "maya")
                    out.append(Span(m.start(), m.end(), "LOCATION", score, self.name))
                    break
                if phrase == cap and etype == "NATIONALITY" and word not in _LANGUAGE_WORDS:
                    out.append(Span(m.start(), m.end(), "NATIONALITY", score, self.name))
                    break
        return out

    # -- main ----------------------------------------------------------------------------------
    def analyze(self, text: str) -> list[Span]:
        """Tag names, places, organisations and nationalities (see the module docstring)."""
        if not text:
            return []
        self.load()
        gaz = self._gaz
        assert gaz is not None
        toks: list[tuple[int, int, str]] = []
        for m in _TOKEN.finditer(text):
            tok = m.group()
            if not tok[0].isupper():
                continue
            core = _strip_possessive(tok)
            toks.append((m.start(), m.start() + len(core), core))
        out: list[Span] = []
        if chat_register(text):
            out.extend(self._lower_case_places(text, gaz))
        n_toks = len(toks)
        i = 0
        while i < n_toks:
            s, e, tok = toks[i]
            best: tuple[int, str, float] | None = None  # (end, type, score)

            # 1. Title + capitalized word(s): PERSON for the words.
            if tok in TITLES and i + 1 < n_toks:
                while (  # "Detective Sergeant Aoife Brennan": the name after the last title
                    i + 2 < n_toks
                    and toks[i + 1][2] in TITLES
                    and _TITLE_GAP.fullmatch(text[e : toks[i + 1][0]])
                ):
                    i += 1
                    s, e, tok = toks[i]
                gap = text[e : toks[i + 1][0]]
                nxt = toks[i + 1][2]
                if (
                    _TITLE_GAP.fullmatch(gap)
                    and (
                        self._is_name_token(nxt)
                        # a courtesy title makes a month or weekday a name: "Mr Friday", "Mrs May"
                        or (tok in _COURTESY_TITLES and nxt in MONTHS_DAYS and self._cap_ok(nxt))
                    )
                    and len(nxt) > 1
                    and nxt.lower() not in job_title_set()  # "Superintendent Pharmacist"
                ):
                    j = self._person_chain(text, toks, i + 1, gaz, first=False)
                    if not (  # "12 Lady Musgrave Road", "King George Avenue": a street's name
                        j + 1 < n_toks
                        and toks[j + 1][2] in _PLACE_AFTER_NAME
                        and _adjacent(text[toks[j][1] : toks[j + 1][0]])
                    ):
                        out.append(
                            Span(
                                toks[i + 1][0],
                                toks[j][1],
                                "PERSON",
                                SCORES["person_title"],
                                self.name,
                            )
                        )
                        i = j + 1
                        continue

            # 2. Known phrase (longest entry first); a place or group written in capitals
            # ("ROMANIA", "SOUTH AFRICA", "KARNATAKA") too.
            ph = self._phrase_at(text, s, tok, gaz)
            if ph is None and len(tok) >= 4 and tok.isupper():
                ph = self._caps_phrase_at(text, s, tok, gaz)
            if ph is not None:
                best = ph

            # 3. Person chain from a known given name ("May"/"Will" need a known surname).
            if tok in gaz.given and self._cap_ok(tok):
                j = self._person_chain(text, toks, i, gaz, first=True)
                named_place = (  # "Adeola Odeku Street", "Ninoy Aquino International Airport"
                    j + 1 < n_toks
                    and toks[j + 1][2] in _PLACE_AFTER_NAME
                    and _adjacent(text[toks[j][1] : toks[j + 1][0]])
                )
                if j > i and not named_place:
                    end = toks[j][1]
                    if best is None or end > best[0]:
                        best = (end, "PERSON", SCORES["person_full"])
                elif (
                    best is None
                    and tok not in AMBIGUOUS_GIVEN
                    and tok not in STOPWORDS
                    and not (  # "Garda Station", "Grace Hospital": part of an institution's name
                        i + 1 < n_toks
                        and toks[i + 1][2] in _ORG_HEADS
                        and _adjacent(text[e : toks[i + 1][0]])
                    )
                ):
                    best = (e, "PERSON", SCORES["person_given"])

            # 3b. Family name first ("Nguyễn Thị Thu Hà", "Kovács László"): a known surname
            # right before a known, unambiguous given name.
            if (
                best is None
                and tok in gaz.surnames
                and tok not in COMMON_WORD_SURNAMES
                and self._is_name_token(tok)
                and i + 1 < len(toks)
                and _adjacent(text[e : toks[i + 1][0]])
                and toks[i + 1][2] in gaz.given
                and toks[i + 1][2] not in AMBIGUOUS_GIVEN
                and toks[i + 1][2] not in gaz.known_tokens
                and self._is_name_token(toks[i + 1][2])
            ):
                j = self._person_chain(text, toks, i + 1, gaz, first=False)
                best = (toks[j][1], "PERSON", SCORES["person_full"])

            if tok not in STOPWORDS:
                # 4. Organisation patterns (a longer match wins).
                j = self._org_suffix_end(text, toks, i, gaz)
                if j > i and (best is None or toks[j][1] > best[0]):
                    best = (toks[j][1], "ORGANIZATION", SCORES["org_pattern"])
            pe = self._org_prefix_end(text, toks, i, gaz)  # "Hotel" is a stop word, a prefix too
            if pe > 0 and (best is None or pe > best[0]):
                best = (pe, "ORGANIZATION", SCORES["org_pattern"])
            # 4b. A given name no list knows before a known surname ("her cousin Priti
            # Mukherjee"): a rare capitalised word that names no place or organisation.
            if (
                best is None
                and i + 1 < len(toks)
                and _adjacent(text[e : toks[i + 1][0]])
                and self._unknown_given(tok, gaz)
                and self._strong_surname(toks[i + 1][2], gaz)
            ):
                j = self._person_chain(text, toks, i + 1, gaz, first=False)
                best = (toks[j][1], "PERSON", SCORES["person_full"])
            # 5. A known surname alone (below the default threshold).
            if (
                best is None
                and tok not in STOPWORDS
                and tok in gaz.surnames
                and tok not in COMMON_WORD_SURNAMES
                and self._is_name_token(tok)
            ):
                best = (e, "PERSON", SCORES["person_surname"])

            if best is None:
                i += 1
                continue
            end, etype, score = best
            if etype == "ORGANIZATION" and score == SCORES["organization"]:
                end = self._org_tail(text, toks, end, gaz)  # "Tesco Extra", "FIA Cyber Crime Wing"
            if etype == "ORGANIZATION" and _ID_LABEL_AFTER.match(text, end):
                pass  # "NMC PIN: 21J0553O", "IRD number: 118-442-907": an identifier's label
            else:
                out.append(Span(s, end, etype, score, self.name))
            i += 1
            while i < n_toks and toks[i][0] < end:
                i += 1
        return out
