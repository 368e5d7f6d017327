"""Skip a regular-expression scan when the text lacks every literal the pattern needs.

Many recognizer patterns can only match where one of a few words occurs ("Dear", "born",
"Caddesi", a month name). Python's ``re`` does not know that: a pattern that starts with a
lookbehind or a character class is tried at every position of the text, about 25 ns a
character whether or not the words are there. :func:`required_literals` reads a pattern's
parse tree and returns a set of literal strings such that every match contains one of them
(lower-cased); :func:`could_match` checks them against the lower-cased text, a few substring
searches in C. Where none is present the pattern cannot match, so the scan is skipped and the
result is exactly the same: this is a necessary condition, never a guess. The branch-by-branch
alternations of the date, age and address recognizers (``alternation.py``) use it for each
branch: 2.63 -> 2.40 s for the three recognizers on the bench texts (823k characters).

How the set is derived (each step keeps "every match contains one of these"):

* a run of literal characters in a sequence is matched as is (up to case): the run, cut at its
  first character that is not ASCII, is required;
* a sequence needs what any one of its elements needs; the element whose shortest string is
  longest is taken;
* an alternation needs the union of what its branches need (nothing if one branch needs
  nothing);
* a group needs what its contents need; a repeat needs what its body needs if it repeats at
  least once;
* character classes, anchors and lookarounds need nothing.

Case: the text is lower-cased with ``str.lower``, the literals too. A case-insensitive ASCII
letter in a pattern also matches a few characters whose ``lower()`` is no ASCII letter:
dotless ``ı`` (i), long ``ſ`` (s), and ``İ``, which lower-cases to two characters. A text that
holds one of these is always scanned (``tests/unit/tagging/test_prefilter.py`` checks every
code point against ``re``'s own case folding).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

try:  # Python 3.11+
    from re import _constants as _sc  # type: ignore[attr-defined]
    from re import _parser as _sp  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - older Pythons
    import sre_constants as _sc  # type: ignore[no-redef]
    import sre_parse as _sp  # type: ignore[no-redef]

__all__ = ["GUARD_CHARS", "could_match", "lowered", "required_literals"]

#: characters that ``re`` folds to an ASCII letter although their ``lower()`` is none
GUARD_CHARS = ("\u0130", "\u0131", "\u017f")
#: factor sets larger than this cost more to check than the scan saves
MAX_FACTORS = 16
#: factors shorter than this are in nearly every text
MIN_FACTOR = 2

_REPEATS = tuple(
    getattr(_sc, name) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
    if hasattr(_sc, name)
)  # fmt: skip
_ATOMIC = getattr(_sc, "ATOMIC_GROUP", None)


def _ascii_prefix(s: str) -> str:
    for k, ch in enumerate(s):
        if not ch.isascii():
            return s[:k]
    return s


def _best(candidates: list[frozenset[str]]) -> frozenset[str] | None:
    useful = [c for c in candidates if c and min(len(s) for s in c) >= MIN_FACTOR]
    if not useful:
        return None
    return max(useful, key=lambda c: (min(len(s) for s in c), -len(c)))


def _sequence(items: list[tuple[Any, Any]]) -> frozenset[str] | None:
    candidates: list[frozenset[str]] = []
    run: list[str] = []

    def close() -> None:
        if run:
            text = _ascii_prefix("".join(run).lower())
            if text:
                candidates.append(frozenset({text}))
            run.clear()

    for op, av in items:
        if op is _sc.LITERAL:
            run.append(chr(av))
            continue
        close()
        need = _node(op, av)
        if need is not None:
            candidates.append(need)
    close()
    return _best(candidates)


def _node(op: Any, av: Any) -> frozenset[str] | None:
    if op is _sc.SUBPATTERN:
        return _sequence(list(av[3]))
    if _ATOMIC is not None and op is _ATOMIC:
        return _sequence(list(av))
    if op is _sc.BRANCH:
        out: set[str] = set()
        for branch in av[1]:
            need = _sequence(list(branch))
            if need is None:
                return None
            out |= need
        return frozenset(out)
    if op in _REPEATS:
        low, _high, body = av
        return _sequence(list(body)) if low >= 1 else None
    return None


def required_literals(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Lower-case strings one of which is in every match of ``pattern``; None if unknown."""
    need = _sequence(list(_sp.parse(pattern.pattern, pattern.flags)))
    if need is None or len(need) > MAX_FACTORS:
        return None
    return need


@lru_cache(maxsize=8)
def lowered(text: str) -> str | None:
    """``text.lower()``, or None when ``text`` holds a character of :data:`GUARD_CHARS`."""
    if any(c in text for c in GUARD_CHARS):
        return None
    return text.lower()


def could_match(need: frozenset[str] | None, text: str) -> bool:
    """False only when no string of ``need`` is in ``text`` (so a pattern needing it fails)."""
    if need is None:
        return True
    low = lowered(text)
    return low is None or any(s in low for s in need)
