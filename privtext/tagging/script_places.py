"""Countries and cities named in other scripts: "荷物を日本に送る", "도쿄에서", "в Курск".

The English lists and NER know places written in Latin letters. A letter quoting a Japanese
police report, a Korean application or a Russian statement names its places in their own
script, which neither reads. ``privtext/data/places_scripts.txt`` holds the country and city
names of the Unicode CLDR in 23 languages and scripts, plus large cities by hand;
:func:`places_in_other_scripts` tags them LOCATION where the script allows a clear word edge:

* scripts written with spaces (Cyrillic, Greek, Hebrew, Arabic, Devanagari, Bengali, Tamil,
  Gurmukhi, Ethiopic, Georgian, Armenian): a whole word or run of words, after a Hebrew prefix
  letter ("מלונדון", from London; the prefix stays outside, as the guidelines write it) or an
  Arabic one ("وبيروت");
* Hangul: a whole word, or a word and a particle after it ("도쿄에서", in Tokyo);
* kana: a katakana name between characters of other kinds ("シリアに");
* Han: a name that starts the run of Han characters or follows a word of place ("在", "去",
  "到", "從"...) and is not the start of a longer word for a people, a language or a product
  ("日本人", "日本語");
* Thai and Burmese (no spaces): a name of four characters or more, anywhere.

A NER or gazetteer PERSON or ORGANIZATION guess on the name gives way; other tags stay.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from privtext.tagging.base import Span, put_over_guess

SOURCE = "script_place"
SCORE = 0.7

# any letter of a script this module reads (a text without one is skipped at once)
_ANY = re.compile(
    "[\u0370-\u03ff\u0400-\u04ff\u0530-\u058f\u0590-\u05ff\u0600-\u06ff\u0900-\u0a7f"
    "\u0980-\u09ff\u0b80-\u0bff\u0e00-\u0e7f\u1000-\u109f\u10a0-\u10ff\u1200-\u137f"
    "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]"
)
_HAN = "\u3005\u3400-\u4dbf\u4e00-\u9fff"
_HAN_RUN = re.compile(f"[{_HAN}]+")
_KATA_RUN = re.compile("[\u30a1-\u30fa\u30fb\u30fc]+")
_THAI_MY_RUN = re.compile("[\u0e01-\u0e4e]+|[\u1000-\u109f]+")
_HANGUL_WORD = re.compile("[\uac00-\ud7af]+")
# a word of a spaced script (letters and combining marks; Latin and CJK excluded)
_SPACED_WORD = re.compile(
    "[\u0370-\u03ff\u0400-\u04ff\u0530-\u058f\u0590-\u05ff\u0600-\u06ff\u0900-\u0a7f"
    "\u0980-\u09ff\u0b80-\u0bff\u10a0-\u10ff\u1200-\u135f\u0300-\u036f\u064b-\u065f'\\-]+"
)
_SPACED_SCRIPTS = re.compile(
    "[\u0370-\u03ff\u0400-\u04ff\u0530-\u058f\u0590-\u05ff\u0600-\u06ff\u0900-\u0a7f"
    "\u0980-\u09ff\u0b80-\u0bff\u10a0-\u10ff\u1200-\u135f]"
)
# a Hebrew (ב ל מ ו ה כ ש) or Arabic (و ب ل ف) prefix letter written onto the name
_PREFIX_LETTERS = "\u05d1\u05dc\u05de\u05d5\u05d4\u05db\u05e9\u0648\u0628\u0644\u0641"
_ANY_HANGUL = re.compile("[\uac00-\ud7af]")
_ANY_UNSPACED = re.compile(f"[{_HAN}\u30a1-\u30fa\u0e01-\u0e4e\u1000-\u109f]")
_OVER_TYPES = frozenset({"PERSON", "ORGANIZATION"})
_KO_PARTICLES = (
    "에서부터", "에서는", "에서", "에게", "으로", "까지", "부터", "에는", "에", "의",
    "은", "는", "이", "가", "을", "를", "와", "과", "로", "도",
)  # fmt: skip
# Han characters before a place that end the word before it ("在東京", "去温哥华", "從台北")
_HAN_PLACE_BEFORE = frozenset("在于於去到从從往来來回住至向经經由离離赴飛飞")
# Han characters after a country that make it a people, a language or a product ("日本人")
_HAN_NOT_AFTER = frozenset("人語语製制产產菜式系族籍裔文話话")


@lru_cache(maxsize=1)
def _names() -> tuple[frozenset[str], dict[str, list[str]], int]:
    """The names; the spaced-script names by their first word (longest first); the longest
    unspaced name's length."""
    raw = resources.files("privtext.data").joinpath("places_scripts.txt").read_text("utf-8")
    names = {ln.strip() for ln in raw.splitlines() if ln.strip() and not ln.startswith("#")}
    by_first: dict[str, list[str]] = {}
    longest = 0
    for n in names:
        if _SPACED_SCRIPTS.search(n) is not None:
            by_first.setdefault(n.split()[0], []).append(n)
        else:
            longest = max(longest, len(n))
    for v in by_first.values():
        v.sort(key=len, reverse=True)
    return frozenset(names), by_first, longest


def _spaced(text: str, found: list[tuple[int, int]]) -> None:
    by_first = _names()[1]
    for m in _SPACED_WORD.finditer(text):
        word, start = m.group(), m.start()
        cands = by_first.get(word)
        skip = 0
        if cands is None and len(word) > 4 and word[0] in _PREFIX_LETTERS:
            skip = 1
            cands = by_first.get(word[1:])
        if not cands:
            continue
        for name in cands:
            s = start + skip
            if text.startswith(name, s):
                end = s + len(name)
                if end < len(text) and (text[end].isalpha() or text[end] in "'-"):
                    continue  # the word goes on
                found.append((s, end))
                break


def _hangul(text: str, found: list[tuple[int, int]]) -> None:
    names = _names()[0]
    for m in _HANGUL_WORD.finditer(text):
        word = m.group()
        if m.start() > 0 and text[m.start() - 1].isalpha():
            continue
        if word in names:
            found.append(m.span())
            continue
        for p in _KO_PARTICLES:
            if word.endswith(p) and word[: -len(p)] in names:
                found.append((m.start(), m.end() - len(p)))
                break


def _longest_at(run: str, i: int, shortest: int) -> int:
    """The length of the longest listed name at ``run[i:]`` (at least ``shortest``), or 0."""
    names, _, longest = _names()
    for n in range(min(longest, len(run) - i), shortest - 1, -1):
        if run[i : i + n] in names:
            return n
    return 0


def _unspaced(text: str, found: list[tuple[int, int]]) -> None:
    names = _names()[0]
    for m in _HAN_RUN.finditer(text):
        run, base = m.group(), m.start()
        i = 0
        while i < len(run) - 1:
            if i > 0 and run[i - 1] not in _HAN_PLACE_BEFORE:
                i += 1
                continue
            hit = _longest_at(run, i, 2)
            if hit and (i + hit == len(run) or run[i + hit] not in _HAN_NOT_AFTER):
                found.append((base + i, base + i + hit))
                i += hit
            else:
                i += 1
    for m in _KATA_RUN.finditer(text):
        if m.group() in names:
            found.append(m.span())
    for m in _THAI_MY_RUN.finditer(text):
        run, base = m.group(), m.start()
        i = 0
        while i < len(run) - 3:
            hit = _longest_at(run, i, 4)
            if hit:
                found.append((base + i, base + i + hit))
                i += hit
            else:
                i += 1


def places_in_other_scripts(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with the countries and cities of ``places_scripts.txt`` tagged LOCATION.

    Args:
        text: the document.
        spans: the kept, non-overlapping spans, sorted by start.

    Returns:
        The spans, sorted by start and still non-overlapping.
    """
    if _ANY.search(text) is None:
        return spans
    found: list[tuple[int, int]] = []
    if _SPACED_SCRIPTS.search(text) is not None:
        _spaced(text, found)
    if _ANY_HANGUL.search(text) is not None:
        _hangul(text, found)
    if _ANY_UNSPACED.search(text) is not None:
        _unspaced(text, found)
    if not found:
        return spans
    out = list(spans)
    for start, end in sorted(set(found)):
        put_over_guess(out, start, end, "LOCATION", SCORE, SOURCE, _OVER_TYPES)
    return sorted(out, key=lambda s: (s.start, s.end))
