"""Write ``privtext/data/names_scripts.tsv``: given names and surnames written in other scripts.

The names are the person-name lists of the PyPI package Faker (MIT licence), for the locales
whose names are written in Arabic, Hebrew, Greek, Cyrillic, Devanagari, Bengali, Tamil and a
few other scripts, and in Chinese, Japanese and Korean
(``faker/providers/person/<locale>/__init__.py``). Each line is ``name<TAB>kind<TAB>zipf``:

* ``kind`` is ``given``, ``surname`` or ``word`` (a surname and a given name of the Chinese,
  Japanese or Korean lists that run together into an ordinary word: "高明", brilliant);
* ``zipf`` is the highest word frequency of the name (wordfreq's Zipf scale) in the languages
  written in its script, so that :mod:`privtext.tagging.script_gazetteer` can tell a name that
  is also a common word ("نور", light; "Август", August) from one that is not.

Multi-word entries ("عبد الحميد") are listed word by word, without the words that join a
name's parts ("عبد", "بن", "בת").

Faker is a development dependency (``pip install -e .[dev]``); it is needed only to rebuild the
list, not at run time:

    .venv/bin/python scripts/build_script_names.py
"""

from __future__ import annotations

import importlib
import math
import unicodedata
from functools import cache
from pathlib import Path

import faker
from wordfreq import get_frequency_dict, zipf_frequency

# locale -> wordfreq languages of its script (an empty tuple: no frequency list for it)
LOCALES: dict[str, tuple[str, ...]] = {
    "ar_AA": ("ar", "fa", "ur"),
    "ar_DZ": ("ar", "fa", "ur"),
    "ar_PS": ("ar", "fa", "ur"),
    "ar_SA": ("ar", "fa", "ur"),
    "fa_IR": ("ar", "fa", "ur"),
    "he_IL": ("he",),
    "el_GR": ("el",),
    "ru_RU": ("ru", "uk", "bg", "mk"),
    "uk_UA": ("ru", "uk", "bg", "mk"),
    "bg_BG": ("ru", "uk", "bg", "mk"),
    "mk_MK": ("ru", "uk", "bg", "mk"),
    "hi_IN": ("hi",),
    "mr_IN": ("hi",),
    "ne_NP": ("hi",),
    "bn_BD": ("bn",),
    "ta_IN": ("ta",),
    "gu_IN": (),
    "or_IN": (),
    "si_LK": (),
    "hy_AM": (),
    "ka_GE": (),
    "zh_CN": ("zh",),
    "zh_TW": ("zh",),
    "ja_JP": ("ja",),
    "ko_KR": ("ko",),
}
# scripts written without spaces: a surname and a given name run together ("王静", "이도현")
CJK_LOCALES = ("zh_CN", "zh_TW", "ja_JP", "ko_KR")
# words that join the parts of a name ("عبد الحميد", "بن علي", "בת שבע"); not names themselves
JOINERS = frozenset("بن بنت ابن ابو أبو ام أم آل عبد بو בן בת του της".split())
OUT = Path(__file__).resolve().parents[1] / "privtext" / "data" / "names_scripts.tsv"


@cache
def _freqs(lang: str) -> dict[str, float]:
    return get_frequency_dict(lang, wordlist="best")


def _zipf(word: str, lang: str) -> float:
    """wordfreq's Zipf frequency; for Chinese, Japanese and Korean the word is looked up whole
    (their tokenizers, jieba and MeCab, are not installed)."""
    if lang in ("zh", "ja", "ko"):
        f = _freqs(lang).get(word, 0.0)
        return math.log10(f) + 9 if f > 0 else 0.0
    return zipf_frequency(word, lang)


def _names(provider: type, attrs: tuple[str, ...]) -> set[str]:
    out: set[str] = set()
    for attr in attrs:
        value = provider.__dict__.get(attr)
        if isinstance(value, (tuple, list, dict)) and value:
            out.update(value)  # a tuple, a list, or an OrderedDict of name -> weight
    return {unicodedata.normalize("NFC", n.strip()) for n in out if n and n.strip()}


def main() -> None:
    rows: dict[tuple[str, str], float] = {}
    for locale, langs in LOCALES.items():
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        kinds = {
            "given": _names(provider, ("first_names", "first_names_male", "first_names_female")),
            "surname": _names(provider, ("last_names", "last_names_male", "last_names_female")),
        }
        for kind, names in kinds.items():
            for name in names:
                if name.isascii():
                    continue  # a Latin-script fallback ("John") of a locale
                for word in name.split():
                    if word in JOINERS:
                        continue
                    zipf = max((_zipf(word, lang) for lang in langs), default=0.0)
                    key = (word, kind)
                    rows[key] = max(rows.get(key, 0.0), zipf)
    # the surname + given-name pairs of the CJK lists that are ordinary words ("高明", brilliant)
    for locale in CJK_LOCALES:
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        lang = LOCALES[locale][0]
        freqs = _freqs(lang)
        surnames = _names(provider, ("last_names", "last_names_male", "last_names_female"))
        given = _names(provider, ("first_names", "first_names_male", "first_names_female"))
        for sur in surnames:
            for first in given:
                f = freqs.get(sur + first, 0.0)
                # (Korean pairs this frequent are mostly well-known persons, "김지훈": only the
                # most frequent are read as words, "조지아", Georgia)
                if f > 0 and math.log10(f) + 9 >= (3.5 if lang == "ko" else 2.0):
                    rows[(sur + first, "word")] = math.log10(f) + 9
    lines = [f"{name}\t{kind}\t{zipf:.2f}" for (name, kind), zipf in sorted(rows.items())]
    header = (
        f"# Given names and surnames in other scripts, from Faker {faker.VERSION}'s person\n"
        "# providers (MIT licence); built by scripts/build_script_names.py. Columns: name, kind,\n"
        "# the name's highest Zipf word frequency in the languages of its script (wordfreq).\n"
    )
    OUT.write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} names -> {OUT}")


if __name__ == "__main__":
    main()
