"""Person names in other scripts found by a list of names (``privtext/data/names_scripts.tsv``).

The cue rules of :mod:`privtext.tagging.script_names` need a title, a kin word or a field label
before a name. This module finds the names that stand without one ("مسئول امور مالی: زهرا
کریمی", "Για την εταιρεία, Ελένη Βασιλείου", "Подпись: Д. А. Соколов") by the names
themselves: two or more words of one script in a row, each a listed given name or surname (an
initial may stand for one), the first listed one not a common word of its language. A listed
word beside a word that is no name ("Αγάπη μου", my love) is not enough, nor is one name alone.

Arabic-script letters are compared in one spelling (Persian "ی"/"ک" and Urdu "ہ"/"ے" as the
Arabic letters, short vowels left out), so a Persian or Urdu spelling meets the Arabic list.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from pathlib import Path

_DATA = Path(__file__).resolve().parents[1] / "data" / "names_scripts.tsv"

# blocks of the scripts the list covers (Greek, Cyrillic, Armenian, Hebrew, Arabic, Devanagari,
# Bengali, Gujarati, Oriya, Tamil, Sinhala, Georgian)
_BLOCKS = (
    (0x0370, 0x03FF), (0x1F00, 0x1FFF), (0x0400, 0x052F), (0x0530, 0x058F), (0x0590, 0x05FF),
    (0x0600, 0x06FF), (0x0750, 0x077F), (0x0900, 0x097F), (0x0980, 0x09FF), (0x0A80, 0x0AFF),
    (0x0B00, 0x0B7F), (0x0B80, 0x0BFF), (0x0D80, 0x0DFF), (0x10A0, 0x10FF),
)  # fmt: skip


def _letter_class() -> str:
    spans: list[tuple[int, int]] = []
    for lo, hi in _BLOCKS:
        for cp in range(lo, hi + 1):
            if unicodedata.category(chr(cp))[0] in "LM":
                if spans and spans[-1][1] == cp - 1:
                    spans[-1] = (spans[-1][0], cp)
                else:
                    spans.append((cp, cp))
    return "".join(f"\\u{a:04x}-\\u{b:04x}" if a < b else f"\\u{a:04x}" for a, b in spans)


_LETTERS = _letter_class()
_ANY_LETTER = re.compile(f"[{_LETTERS}]")
_ANY_CJK = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3]")
# a word of those scripts (zero-width non-joiner inside: Persian), or an initial with its dot
_WORD = re.compile(f"[{_LETTERS}](?:[{_LETTERS}]|\u200c(?=[{_LETTERS}]))*\\.?")
_GAP = re.compile(r"[ \t]+|-|[ \t]*\u05be[ \t]*")  # spaces, a hyphen, the Hebrew maqaf

# words that join the parts of a name ("بن" son of, "בת" daughter of, "του" of)
_JOINERS = frozenset("بن بنت ابن ابو أبو ام أم آل بن‌ בן בת του της".split())
# Arabic-script letters compared in one spelling; short vowels and tatweel dropped
_AR_FOLD = str.maketrans(
    {"ی": "ي", "ے": "ي", "ک": "ك", "ہ": "ه", "ۀ": "ه", "ة": "ه", "أ": "ا", "إ": "ا",
     "آ": "ا", "ٱ": "ا", "\u0640": None, "\u200c": None}
    | {chr(c): None for c in range(0x064B, 0x0660)}
    | {"\u0670": None}
)  # fmt: skip
_COMMON = 5.0  # Zipf: a listed name this frequent may be an ordinary word ("روز", day)
_TOO_COMMON = 6.0  # and one this frequent is read as the word ("לי", to me; "एक", one)
_FREQUENT_NAMES = frozenset({"محمد", "علي"})  # (Muhammad, Ali: names above that line)


def fold(word: str) -> str:
    """The spelling a word is compared in (Arabic-script letters folded, accents kept)."""
    return word.translate(_AR_FOLD)


@lru_cache(maxsize=1)
def _lists() -> tuple[dict[str, float], frozenset[str], frozenset[str], frozenset[str]]:
    zipf: dict[str, float] = {}
    kinds: dict[str, set[str]] = {"given": set(), "surname": set(), "word": set()}
    for line in _DATA.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        name, kind, z = line.split("\t")
        w = fold(name)
        zipf[w] = max(zipf.get(w, 0.0), float(z))
        kinds[kind].add(w)
    return zipf, frozenset(kinds["given"]), frozenset(kinds["surname"]), frozenset(kinds["word"])


def name_words() -> tuple[dict[str, float], frozenset[str], frozenset[str]]:
    """(word -> its highest Zipf frequency, given names, surnames) of the list, in the spelling
    of :func:`fold`."""
    zipf, given, surnames, _words = _lists()
    return zipf, given, surnames


_JOINERS_FOLDED = frozenset(fold(w) for w in _JOINERS)
# greetings that are also listed names ("שלום", Shalom; "سلام", Salam): "שלום מיכל" greets Michal
_GREETINGS = frozenset(fold(w) for w in "שלום سلام السلام".split())
# a patronymic, in any case ("Петрович", "Сергеевна", "Андреевича", "Миколаївна")
_PATRONYMIC = re.compile(r"[А-ЯІЇЄҐ][а-яіїєґё]+"
                         r"(?:ович|евич|йович|ич|овна|евна|ївна|івна|ична|инична)"
                         r"(?:а|у|ем|ом|е|ы|ой|і|ою)?")  # fmt: skip
# an Arabic family name of origin ("العتيبي", "المصري"), read only after a name
_NISBA = re.compile("ال[\u0621-\u064a]{3,}[يى]")


def _initial(word: str) -> bool:
    """ "Д.", "Α.", "ரா.", "एस.": one or two letters and a dot; an upper-case letter in a script
    with cases ("κ." is a title), and none in Arabic or Hebrew script ("د." is a title)."""
    if not word.endswith(".") or len(word) > 3:
        return False
    first = word[0]
    if first.lower() != first.upper():
        return first.isupper()
    return not ("\u0590" <= first <= "\u06ff" or "\u0750" <= first <= "\u077f")


def _end(m: re.Match[str]) -> int:
    """Where a word ends, a sentence's full stop left out ("... Соколов.")."""
    w = m.group()
    return m.end() - 1 if w.endswith(".") and not _initial(w) else m.end()


# the languages whose word frequencies tell a rare capitalised word of a cased script
_CASED_LANGUAGES = {"greek": ("el",), "cyrillic": ("ru", "uk", "bg")}
_SURNAME_MAX_ZIPF = 4.6


@lru_cache(maxsize=8192)
def _unlisted_surname(word: str) -> bool:
    """A capitalised Greek or Cyrillic word, not listed, not frequent in the script's languages
    (Zipf under 4.6; surnames are frequent in them too): read as a surname after a listed given
    name ("Παπαναστασίου" 3.5, "Κωνσταντίνου" 4.5), while "Ιουνίου" (of June, 4.9), "Τρίτη"
    (Tuesday, 5.2) and "Αθήνα" (5.5) are words."""
    if len(word) < 4 or not word[0].isupper() or not word[1:].islower() or word.endswith("."):
        return False
    first = word[0]
    if "\u0370" <= first <= "\u03ff" or "\u1f00" <= first <= "\u1fff":
        langs = _CASED_LANGUAGES["greek"]
    elif "\u0400" <= first <= "\u04ff":
        langs = _CASED_LANGUAGES["cyrillic"]
    else:
        return False
    zipf, given, surnames = name_words()
    if fold(word) in given or fold(word) in surnames:
        return False
    from wordfreq import zipf_frequency

    return max(zipf_frequency(word.lower(), lang) for lang in langs) < _SURNAME_MAX_ZIPF


_GIVEN_MAX_ZIPF = 4.8  # "Δήμος" (4.95) is also a municipality


def _quoted(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` stands alone in quotes: a product or a vessel («Лада Гранта»)."""
    return start > 0 and text[start - 1] in "«\"“„'" and text[end : end + 1] in "»\"”“'"


def _names_in_run(run: list[re.Match[str]], found: list[tuple[int, int]]) -> None:
    """Append the names in one run of words joined by spaces or hyphens."""
    zipf, given, surnames = name_words()
    i = 0
    greeted = False
    while i < len(run):
        if fold(run[i].group()) in _GREETINGS:
            i += 1
            greeted = True  # one listed name after a greeting is enough: "שלום מיכל"
            continue
        j, names, rare, initials = i, 0, 0, 0
        while j < len(run):
            raw = run[j].group()
            w = fold(raw.rstrip("."))
            if _initial(raw):
                initials += 1
            elif w in _JOINERS_FOLDED and j > i:
                pass
            elif w == "عبد" and j + 1 < len(run) and fold(run[j + 1].group()) in given:
                names += 1  # "عبد الحميد": one name of two words
                rare += 1
                j += 1
            elif (w in given or w in surnames) and (
                zipf.get(w, 0.0) < _TOO_COMMON or w in _FREQUENT_NAMES
            ):
                names += 1
                rare += zipf.get(w, 0.0) < _COMMON
            elif names and (_PATRONYMIC.fullmatch(raw) or _NISBA.fullmatch(w)):
                names += 1  # "Олександр Петрович", "سالم العتيبي"
            else:
                break
            j += 1
            if raw.endswith(".") and not _initial(raw):
                break  # the sentence ends
        while j > i and (
            fold(run[j - 1].group()) in _JOINERS_FOLDED or _initial(run[j - 1].group())
        ):
            j -= 1  # a name ends on a name, not on "بن" or an initial
        if (
            names == 1
            and rare
            and not initials
            and j == i + 1
            and j < len(run)
            and fold(run[i].group()) in given
            and zipf.get(fold(run[i].group()), 0.0) < _GIVEN_MAX_ZIPF
            and _unlisted_surname(run[j].group())
            and not _quoted(run[i].string, run[i].start(), run[j].end())
        ):
            j += 1  # "Γεώργιος Παπαναστασίου": a listed given name and a rare capitalised word
            names += 1
        if rare and (names >= 2 or (names == 1 and (greeted or (initials and j - i >= 2)))):
            first = i
            if (
                names >= 2
                and i > 0
                and _PATRONYMIC.fullmatch(run[j - 1].group())
                and _unlisted_surname(run[i - 1].group())
            ):
                first = i - 1  # the surname first, as forms write it: "Бондаренко Олена Вікторівна"
            found.append((run[first].start(), _end(run[j - 1])))
            i = j
        else:
            i += 1
        greeted = False


_HAN = "\u3400-\u4dbf\u4e00-\u9fff\u3005"  # (with "々": "佐々木")
_HAN_RUN = re.compile(
    f"(?<![{_HAN}\u3040-\u30ff])[{_HAN}]{{1,3}}(?:[ \u3000][{_HAN}]{{1,3}})?"
    f"(?![{_HAN}\u3040-\u30ff])"
)
_HANGUL_RUN = re.compile(
    "(?<![\uac00-\ud7a3])[\uac00-\ud7a3]{3}"
    "(?=(?:님께|님|씨|께|은|는|이|가|을|를|의|에게|과|와|도|께서)?(?![\uac00-\ud7a3]))"
)


def _cjk_names(text: str, found: list[tuple[int, int]]) -> None:
    """A listed surname and given name standing alone, between characters of no CJK script
    ("紧急联系人：林国栋（", "| 王静 |", "에이전트: 이도현 ("), not an ordinary word."""
    _zipf, given, surnames, words = _lists()
    for m in _HAN_RUN.finditer(text):
        run = m.group()
        sur, sep, first = run.partition(" ") if " " in run else run.partition("\u3000")
        if sep:
            if sur in surnames and first in given:
                found.append(m.span())  # "佐藤 健一"
            continue
        if run in words or len(run) < 2:
            continue
        if any(run[:k] in surnames and run[k:] in given for k in (1, 2) if k < len(run)):
            found.append(m.span())
    for m in _HANGUL_RUN.finditer(text):
        run = m.group()
        if run[0] in surnames and run[1:] in given and run not in words:
            found.append(m.span())


# A field's value of two or three words of these scripts that ends the field ("Корисник: Никола
# Јовановић", "کتابدار: زهرا کاظمی", "توقيع الموظف: خالد المنصوري، مسؤول", "מאת: רונית אברהמי
# <"): read as a name when its first word is a listed given name or its last a listed surname
# that is no common word, though the other is not listed
_FIELD_VALUE = re.compile(
    f"[:\uff1a][ \t]*(?P<v>[{_LETTERS}]+(?:[ \t][{_LETTERS}]+){{1,2}})"
    "[ \t]*(?=\r?\n|\\Z|[,\u060c(<|\u00b7;])"
)


def _field_value_names(text: str, found: list[tuple[int, int]]) -> None:
    zipf, given, surnames = name_words()
    taken = [(a, b) for a, b in found]
    for m in _FIELD_VALUE.finditer(text):
        s, e = m.span("v")
        if any(a < e and s < b for a, b in taken):
            continue
        words = m.group("v").split()
        first, last = fold(words[0]), fold(words[-1])
        if not (
            (first in given and zipf.get(first, 0.0) < _TOO_COMMON)
            or (last in surnames and zipf.get(last, 0.0) < _COMMON)
        ):
            continue
        cased = words[0][0].lower() != words[0][0].upper()
        if cased and not all(w[0].isupper() and w[1:].lower() == w[1:] for w in words):
            continue  # Cyrillic and Greek names are capitalised words
        found.append((s, e))


def listed_names(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of the runs of listed names in ``text`` (see the module docstring).

    Args:
        text: the document.

    Returns:
        The names' character ranges, in document order.
    """
    found: list[tuple[int, int]] = []
    if _ANY_CJK.search(text) is not None:
        _cjk_names(text, found)
    if _ANY_LETTER.search(text) is None:
        return found
    run: list[re.Match[str]] = []
    for m in _WORD.finditer(text):
        if run and (
            not _GAP.fullmatch(text, run[-1].end(), m.start())
            or (run[-1].group().endswith(".") and not _initial(run[-1].group()))
        ):
            _names_in_run(run, found)
            run = []
        run.append(m)
    if run:
        _names_in_run(run, found)
    if ":" in text or "\uff1a" in text:
        _field_value_names(text, found)
        found.sort()
    return found
