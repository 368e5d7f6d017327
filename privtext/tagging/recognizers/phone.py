"""PHONE recognizer built on ``phonenumbers.PhoneNumberMatcher`` over several regions.

A cheap regex first finds digit runs that could hold a phone number (at least 7 digits with
the usual separators, and not a plain date or year range); only small windows around them are
given to the matcher, once per configured region, so ordinary prose costs one regex scan.
Matches found in several regions are deduplicated (on overlap the longer match wins). Window
results are memoised (LRU), so boilerplate repeated across documents (signatures) is cheap.

Cost: ``PhoneNumberMatcher`` parses every candidate once per region, about 50 us a region. Two
shortcuts keep that off most windows without changing what is found:

* a region is skipped when no digit string of the window could be a valid national number
  there (:class:`_RegionFilter`: the regions' number patterns and lengths from the
  ``phonenumbers`` metadata, tried on the strings its parser could leave after stripping a
  country code or national prefix); a region whose international prefix starts a digit group
  is always run;
* regions run in the configured order and stop once one match holds every digit of the
  window (no other region can find a longer one).

Both were checked against the plain 20-region matcher on the 1,062 documents of the labelled
sets (2,409 windows): the same spans and scores, with the window pass about 2.5x faster.
Number-dense text (tables of figures) is still the slow case; pass fewer ``regions`` to trade
recall for speed.

Scoring: a number written with separators or a leading ``+`` scores ``FORMATTED_SCORE``; a
bare run of digits (which is often an order number or an id) scores ``BARE_SCORE``, below the
default policy threshold. A context word ("phone", "tel", "call", ...) nearby adds
``CONTEXT_BOOST``. Where no region finds a *valid* number, numbers that are only *possible*
(right length, unallocated or fictional ranges such as +44 7700 900xxx or 555-01xx) are taken
with ``POSSIBLE_PENALTY`` off the score: a formatted one still passes the policy threshold.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar

import phonenumbers
from phonenumbers import COUNTRY_CODE_TO_REGION_CODE, Leniency, PhoneMetadata, PhoneNumberMatcher
from phonenumbers.re_util import enable_pattern_cache

from privtext.config import DEFAULT_PHONE_REGIONS
from privtext.tagging.base import Recognizer, Span, compile_context

DEFAULT_REGIONS: tuple[str, ...] = DEFAULT_PHONE_REGIONS

# phonenumbers compiles its metadata patterns on every parse unless told to keep them (the
# library's own switch, as its Java RegexCache): the same patterns, compiled once
enable_pattern_cache()

# A run of >= 7 characters of digits and phone separators, starting at a digit, "+" or "(".
_CANDIDATE = re.compile(r"[+(]?[0-9][0-9 \t().\-/\u00a0]{5,}[0-9]")
_DIGIT = re.compile(r"[0-9]")
# Candidates that are only a date (2024-05-12, 12/05/2024, 12.05.2024) or a year range.
_NOT_PHONE = re.compile(
    r"\(?(?:(?:19|20)[0-9]{2}[\-/.](?:0?[1-9]|1[0-2])[\-/.](?:0?[1-9]|[12][0-9]|3[01])"
    r"|(?:0?[1-9]|[12][0-9]|3[01])[\-/.](?:0?[1-9]|[12][0-9]|3[01])[\-/.](?:19|20)[0-9]{2}"
    r"|(?:19|20)[0-9]{2} ?[\-/] ?(?:19|20)[0-9]{2})\)?"
)
# Layout a merely possible number must have to be taken without a context word: a "+"
# country code, or groups of 2-5 digits separated by spaces or dashes (no dots: decimals, ISBNs).
_POSSIBLE_SHAPE = re.compile(
    r"\(?\+[0-9][0-9 \-()]{6,}[0-9]|\(?[0-9]{2,5}\)?(?:[ \-][0-9]{2,5}){1,4}"
)
# An extension written after the number belongs to it: "0161 496 0732 ext. 4410", "x214",
# "+63 32 253 9907 local 214".
_EXTENSION = re.compile(
    r"[ \t]*,?[ \t]*(?:ext(?:n|ension)?\.?|x|local|loc\.)[ \t]*[0-9]{1,6}(?![0-9])", re.I
)
_CACHE_SIZE = 8192
_WINDOW_BEFORE = 8
_WINDOW_AFTER = 8


class PhoneRecognizer(Recognizer):
    """Tag telephone numbers as ``PHONE``.

    Args:
        regions: ISO 3166 region codes used to interpret numbers written without ``+``.
    """

    name: ClassVar[str] = "phone_matcher"
    entity_types: ClassVar[tuple[str, ...]] = ("PHONE",)
    FORMATTED_SCORE: ClassVar[float] = 0.75
    BARE_SCORE: ClassVar[float] = 0.4
    # A number that is only "possible" for its region (fictional or unallocated ranges).
    POSSIBLE_PENALTY: ClassVar[float] = 0.15
    CONTEXT_BOOST: ClassVar[float] = 0.25
    CONTEXT_WINDOW: ClassVar[int] = 40
    CONTEXT: ClassVar[tuple[str, ...]] = (
        "phone",
        "telephone",
        "tel",
        "mobile",
        "cell",
        "cellphone",
        "call",
        "fax",
        "whatsapp",
        "sms",
        "text me",
        "ring",
        "contact",
        "hotline",
        "téléphone",
        "portable",
        "telefon",
        "handy",
        "teléfono",
        "móvil",
        "telefono",
        "cellulare",
        # "His number is 08137724419": a person's number is a telephone
        "his number",
        "her number",
        "my number",
        "their number",
        "your number",
        "our number",
    )

    def __init__(self, regions: Sequence[str] = DEFAULT_REGIONS) -> None:
        regs = tuple(r.upper() for r in regions)
        supported = phonenumbers.SUPPORTED_REGIONS
        for r in regs:
            if r not in supported:
                raise ValueError(f"regions must be phonenumbers region codes, got {r!r}")
        if not regs:
            raise ValueError("regions must not be empty, got ()")
        self.regions = regs
        self._context_re = compile_context(self.CONTEXT)

    def _windows(self, text: str) -> list[tuple[int, int]]:
        """Windows around candidate digit runs with >= 7 digits.

        A window extends the run by a few characters on each side (so the matcher sees a
        leading ``+`` or a letter glued to the number) but never into another digit, so it
        never holds part of a neighbouring number.
        """
        n = len(text)
        wins: list[tuple[int, int]] = []
        for m in _CANDIDATE.finditer(text):
            s, e = m.span()
            if e - s < 7 or len(_DIGIT.findall(text, s, e)) < 7:
                continue
            if _NOT_PHONE.fullmatch(text, s, e):
                continue
            ws, we = s, e
            lo, hi = max(0, s - _WINDOW_BEFORE), min(n, e + _WINDOW_AFTER)
            while ws > lo and not text[ws - 1].isdigit():
                ws -= 1
            while we < hi and not text[we].isdigit():
                we += 1
            wins.append((ws, we))
        return wins

    def analyze(self, text: str) -> list[Span]:
        """Find phone numbers (see the module docstring)."""
        if not text:
            return []
        wins = self._windows(text)
        if not wins:
            return []
        hits: list[tuple[int, int]] = []
        valid: set[tuple[int, int]] = set()
        for ws, we in wins:
            chunk = text[ws:we]
            found_valid = _match_window(chunk, self.regions, Leniency.VALID)
            valid.update((ws + s, ws + e) for s, e in found_valid)
            hits.extend((ws + s, ws + e) for s, e in found_valid)
            covered = sum(len(_DIGIT.findall(chunk, s, e)) for s, e in found_valid)
            if covered + 7 <= len(_DIGIT.findall(chunk)):
                # Fictional and unallocated numbers (+44 7700 900 482, 555-0134) are still
                # somebody's number in the text: take the possible ones, scored lower (also
                # beside a valid one: "+44 7700 900188 / (416) 555-0127").
                for s, e in _match_window(chunk, self.regions, Leniency.POSSIBLE):
                    raw = chunk[s:e]
                    if any(s < ve and vs < e for vs, ve in found_valid):
                        continue
                    if _POSSIBLE_SHAPE.fullmatch(raw) or self._has_context(text, ws + s):
                        hits.append((ws + s, ws + e))
        found = _dedupe(hits)
        out = []
        for s, e in found:
            if _TIMESTAMP.match(text, s):
                continue  # "2025-01-09 07:16": a date and a time, not a number to call
            is_valid = (s, e) in valid
            while s < e and text[s].isspace():
                s += 1
            if text.startswith("(+", s) and ")" not in text[s:e]:
                s += 1  # "Naomi Clarke (+44 7700 900844)": the bracket is the sentence's
            raw = text[s:e]
            ext = _EXTENSION.match(text, e)
            if ext is not None:
                e = ext.end()
            formatted = raw.startswith("+") or not raw.isdigit()
            score = self.FORMATTED_SCORE if formatted else self.BARE_SCORE
            if not is_valid:
                score -= self.POSSIBLE_PENALTY
            if self._has_context(text, s):
                score = min(1.0, score + self.CONTEXT_BOOST)
            out.append(Span(s, e, "PHONE", score, self.name))
        return out

    def _has_context(self, text: str, start: int) -> bool:
        rx = self._context_re
        if rx is None:
            return False
        return rx.search(text, max(0, start - self.CONTEXT_WINDOW), start) is not None


@lru_cache(maxsize=_CACHE_SIZE)
def _match_window(
    chunk: str, regions: tuple[str, ...], leniency: int = Leniency.VALID
) -> tuple[tuple[int, int], ...]:
    """Deduplicated ``(start, end)`` phone matches in ``chunk`` over all ``regions``.

    Regions that cannot match (:class:`_RegionFilter`) are skipped, and the loop stops once
    one match holds every ASCII digit of ``chunk``.
    """
    region_filter = _region_filter(regions)
    digits, starts, ends = _digit_groups(chunk)
    digit_pos = [i for i, ch in enumerate(chunk) if "0" <= ch <= "9"]
    plus = any(c in chunk for c in _PLUS_SIGNS)
    hits: list[tuple[int, int]] = []
    for region in regions:
        if not region_filter.could_match(region, leniency, digits, starts, ends, plus):
            continue
        found = [(m.start, m.end) for m in PhoneNumberMatcher(chunk, region, leniency=leniency)]
        if not found:
            continue
        hits.extend(found)
        if digit_pos and any(s <= digit_pos[0] and digit_pos[-1] < e for s, e in found):
            break  # one match holds every digit: no region can find a longer one
    return tuple(_dedupe(hits))


_GROUP = re.compile(r"[0-9]+")
_TIMESTAMP = re.compile(r"[ \t]*(?:19|20)[0-9]{2}-[01][0-9]-[0-3][0-9](?![0-9])")
# Digit groups longer than this may be cut by the matcher's own candidate pattern at a point
# that is not a group start; windows holding one are matched in every region.
_LONGEST_GROUP = 15
# No dialled number has more digits: a national number has at most 17 (phonenumbers'
# MAX_LENGTH_FOR_NSN), a country code 3, and international and national prefixes a few more.
# could_match never tries a longer digit string, so a window of thousands of short groups
# ("1 1 1 ...", a column of numbers) costs linear time, not quadratic.
_MAX_DIALLED_DIGITS = 40
# The number types of a region's metadata; ``is_valid_number`` needs one of them to match.
_NUMBER_TYPES = (
    "fixed_line", "mobile", "toll_free", "premium_rate", "shared_cost", "personal_number",
    "voip", "pager", "uan", "voicemail",
)  # fmt: skip
# The plus signs that phonenumbers reads as one: a number written with one is read the same in
# every region, so the first region runs on it whatever its digits.
_PLUS_SIGNS = ("+", "\uff0b")
# Digits a parser may strip before the national number: IDD + country code + national prefix.
_MAX_PREFIX = 8


def _digit_groups(chunk: str) -> tuple[str, list[int], list[int]]:
    """The ASCII digits of ``chunk`` joined, with the start and end of each group in them."""
    parts = _GROUP.findall(chunk)
    starts: list[int] = []
    ends: list[int] = []
    pos = 0
    for g in parts:
        starts.append(pos)
        pos += len(g)
        ends.append(pos)
    return "".join(parts), starts, ends


class _RegionFilter:
    """Which regions could return a match in a window: a necessary condition, never a guess.

    ``parse(candidate, region)`` leaves as national number the candidate's digits less a
    leading international prefix and country code, the region's own country code, and/or the
    region's national prefix (or its transform). A candidate (or inner match) starts at a digit
    group and ends at one. So a region can give a *valid* number only if one of those strings,
    for some pair of group start and end, has a length and a form that the general pattern of
    a region sharing its country code accepts, and that one of its number types (fixed line,
    mobile, toll free, ...) accepts too (``is_valid_number`` asks for both), and a *possible*
    number only if one has such a length. A window where the region's international prefix
    starts a group, or with a group longer than ``_LONGEST_GROUP`` digits, is always matched.
    A number written with "+" is region-independent: the first configured region always runs
    on it.
    """

    def __init__(self, regions: tuple[str, ...]) -> None:
        self._rules: dict[str, tuple[Any, ...]] = {}
        for region in regions:
            md = PhoneMetadata.metadata_for_region(region)
            if md is None or md.country_code is None:
                raise ValueError(f"regions must be phonenumbers region codes, got {region!r}")
            cc = md.country_code
            patterns: list[str] = []
            typed: list[str] = []
            valid_lengths: set[int] = set()
            possible_lengths: set[int] = set()
            for other in COUNTRY_CODE_TO_REGION_CODE.get(cc, (region,)):
                omd = PhoneMetadata.metadata_for_region(other)
                desc = None if omd is None else omd.general_desc
                if omd is None or desc is None or desc.national_number_pattern is None:
                    continue
                patterns.append(f"(?:{desc.national_number_pattern})")
                valid_lengths.update(desc.possible_length)
                possible_lengths.update(desc.possible_length)
                possible_lengths.update(desc.possible_length_local_only or ())
                # a valid number also matches one number type's pattern (is_valid_number)
                for t in _NUMBER_TYPES:
                    tdesc = getattr(omd, t, None)
                    if tdesc is not None and tdesc.national_number_pattern is not None:
                        typed.append(f"(?:{tdesc.national_number_pattern})")
            npfp = md.national_prefix_for_parsing
            self._rules[region] = (
                str(cc),
                re.compile("|".join(patterns)),
                re.compile("|".join(typed)) if typed else None,
                frozenset(valid_lengths),
                frozenset(possible_lengths),
                re.compile(md.international_prefix) if md.international_prefix else None,
                re.compile(npfp) if npfp else None,
                md.national_prefix_transform_rule,
            )
        self._first = regions[0]

    def could_match(
        self,
        region: str,
        leniency: int,
        digits: str,
        starts: list[int],
        ends: list[int],
        plus: bool = True,
    ) -> bool:
        """``plus``: the window holds a plus sign (then the first region always runs)."""
        if (region == self._first and plus) or len(digits) < 2:
            return True
        cc, pattern, typed, valid_len, possible_len, idd, npfp, transform = self._rules[region]
        if any(e - s > _LONGEST_GROUP for s, e in zip(starts, ends, strict=True)):
            return True
        want_valid = leniency >= Leniency.VALID
        lengths = valid_len if want_valid else possible_len
        seen: set[str] = set()  # digit strings already ruled out (repeated groups)
        for a in starts:
            if idd is not None and idd.match(digits, a):
                return True
            for k in range(bisect.bisect_left(ends, a + 2), len(ends)):
                b = ends[k]
                if b - a > _MAX_DIALLED_DIGITS:
                    break
                d = digits[a:b]
                if d in seen:
                    continue
                seen.add(d)
                for nsn in _national_numbers(d, cc, npfp, transform):
                    if len(nsn) not in lengths:
                        continue
                    if not want_valid or (
                        pattern.fullmatch(nsn) and typed is not None and typed.fullmatch(nsn)
                    ):
                        return True
        return False


def _national_numbers(
    d: str, cc: str, npfp: re.Pattern[str] | None, transform: str | None
) -> list[str]:
    """Strings a parser could keep as national number from the digits ``d`` (a superset)."""
    out = [d]
    if d.startswith(cc):
        out.append(d[len(cc) :])
    if npfp is not None:
        for x in list(out):
            m = npfp.match(x)
            if m is None or m.end() == 0:
                continue
            out.append(x[m.end() :])
            if transform and m.lastindex:
                out.append(m.expand(transform) + x[m.end() :])
    return out


@lru_cache(maxsize=8)
def _region_filter(regions: tuple[str, ...]) -> _RegionFilter:
    return _RegionFilter(regions)


def clear_window_cache() -> None:
    """Forget the memoised windows (benchmarks time text the matcher has not seen)."""
    _match_window.cache_clear()


def _dedupe(hits: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Unique, non-overlapping matches; on overlap the longer (then earlier) one wins."""
    if len(hits) <= 1:
        return list(hits)
    kept: list[tuple[int, int]] = []
    starts: list[int] = []
    for s, e in sorted(set(hits), key=lambda h: (h[0] - h[1], h[0])):
        pos = bisect.bisect_left(starts, s)
        if pos > 0 and kept[pos - 1][1] > s:
            continue
        if pos < len(starts) and starts[pos] < e:
            continue
        starts.insert(pos, s)
        kept.insert(pos, (s, e))
    return kept
