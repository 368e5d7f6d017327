"""One pass over a text says which of a group of regexes could match it; the others are skipped.

A tagger runs a few hundred regular expressions over every text. Python's ``re`` scans each one
separately, about 25 ns a character even where the pattern's cue words are absent, and most
patterns match nothing in most texts. :class:`PatternGroup` compiles relaxed copies of a group
of patterns into one Hyperscan database (Vectorscan, PyPI ``hyperscan``); one scan of a text,
about 0.1 microseconds a character for the whole group, gives the set of patterns that *could*
match it. A :class:`GuardedPattern` (made by :meth:`PatternGroup.guard`) behaves like the
``re.Pattern`` it wraps and answers ``search``, ``match``, ``finditer`` ... with "no match"
at once for a text whose scan ruled it out; otherwise it runs ``re`` as before. The results are
therefore exactly those of ``re``: the scan is a necessary condition, never a guess.

Why it is exact. The pattern given to Hyperscan is built from ``re``'s own parse tree
(``re._parser``), not from the pattern text, and relaxes it so that every substring that the
Python pattern can consume is matched by it:

* zero-width assertions (``^ $ \\b \\B \\A \\Z``, lookahead, lookbehind) are dropped, so the
  relaxed pattern does not look at the text around a match: whatever ``pos`` and ``endpos``
  a caller passes, a match of the original consumes a substring that the relaxed pattern
  matches in the whole text;
* a back-reference becomes "any string"; a conditional group, both of its branches; atomic
  groups and possessive repeats become plain ones; a repeat bound above 100 becomes unbounded;
* every single-character item (a literal, ``.``, a class, ``\\d``, ``\\w``, a negated class)
  becomes an explicit class of code points. Its ASCII members are found by asking ``re``
  itself, with the pattern's flags, which of the 128 ASCII characters it matches, so case
  folding, ``re.ASCII`` and categories are exactly ``re``'s. Beyond ASCII the class keeps a
  case-sensitive literal or a class of plain literals and ranges as written, adds the few
  non-ASCII characters that ``re`` folds to an ASCII letter (Kelvin sign, long s, dotted and
  dotless I) where it ignores case, and otherwise admits every non-ASCII character;
* Hyperscan then compiles in prefilter mode, which may relax further but never rejects a
  match of what it is given.

Texts are scanned as UTF-8, so code points map one to one; a text that cannot be encoded
(lone surrogates) and texts shorter than :data:`MIN_TEXT` are not scanned, and every pattern
runs on them. Without the ``hyperscan`` package (or with ``PRIVTEXT_PRESCAN=literals``) a
guard falls back to the literal prefilter of ``prefilter.py``: a pattern is skipped only when
the lower-cased text lacks every literal it needs. ``PRIVTEXT_PRESCAN=off`` runs every pattern.

A group compiles when it is first used (about 0.01-0.5 s a pattern), and the database is kept
under ``$PRIVTEXT_CACHE/prescan`` (default ``~/.cache/privtext``) keyed by a hash of the
patterns, Python's version and this module's code, so each machine compiles a group once; the
newest three databases of a group are kept. A pattern that Hyperscan refuses, or one that can
match the empty string, is left unguarded. ``tests/unit/tagging/test_prescan.py`` checks the
relaxation against ``re`` on every guarded pattern and on texts with the characters where ``re``
and a naive translation differ.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import sys
import threading
import weakref
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from privtext.tagging.prefilter import could_match, required_literals

try:  # Python 3.11+
    from re import _compiler as _sre_compiler  # type: ignore[attr-defined]
    from re import _constants as _sc  # type: ignore[attr-defined]
    from re import _parser as _sp  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - older Pythons
    import sre_compile as _sre_compiler  # type: ignore[no-redef]
    import sre_constants as _sc  # type: ignore[no-redef]
    import sre_parse as _sp  # type: ignore[no-redef]

__all__ = [
    "MIN_TEXT", "AnyPattern", "GuardedPattern", "PatternGroup", "backend", "relax", "reset",
]  # fmt: skip

log = logging.getLogger(__name__)

#: texts shorter than this are not scanned (the scan would cost more than it saves)
MIN_TEXT = 120
#: repeat bounds above this are relaxed to "unbounded"
_MAX_BOUND = 100
_MAX_CP = 0x10FFFF
#: any character (surrogates cannot occur in UTF-8)
_ANY_CHAR = "[\\x00-\\x{d7ff}\\x{e000}-\\x{10ffff}]"
#: every non-ASCII code point that UTF-8 can carry
_NON_ASCII = ((0x80, 0xD7FF), (0xE000, _MAX_CP))

_REPEATS = tuple(
    getattr(_sc, name) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
    if hasattr(_sc, name)
)  # fmt: skip
_ATOMIC = getattr(_sc, "ATOMIC_GROUP", None)
_ZERO_WIDTH = (_sc.AT, _sc.ASSERT, _sc.ASSERT_NOT)
_SINGLE = (_sc.LITERAL, _sc.NOT_LITERAL, _sc.ANY, _sc.IN, _sc.CATEGORY)
_FLAG_MASK = re.IGNORECASE | re.DOTALL | re.ASCII | re.LOCALE | re.UNICODE


#: every group made in this process (for :func:`reset`)
_GROUPS: weakref.WeakSet[PatternGroup] = weakref.WeakSet()


def reset() -> None:
    """Make every group read ``PRIVTEXT_PRESCAN`` again at its next use (tests, benchmarks)."""
    for group in list(_GROUPS):
        with group._lock:
            group._mode = None
            group._local = threading.local()


def backend() -> str:
    """``hyperscan``, ``literals`` or ``off``: what guards use in this process."""
    want = os.environ.get("PRIVTEXT_PRESCAN", "auto").strip().lower()
    if want in ("off", "literals"):
        return want
    if want not in ("auto", "hyperscan", ""):
        raise ValueError(f"PRIVTEXT_PRESCAN must be auto, hyperscan, literals or off, not {want!r}")
    return "hyperscan" if _hyperscan() is not None else "literals"


@lru_cache(maxsize=1)
def _hyperscan() -> Any:
    try:
        import hyperscan
    except ImportError:  # pragma: no cover - depends on the platform
        log.info("prescan: the hyperscan package is not installed; using the literal prefilter")
        return None
    return hyperscan


# --- relaxing a Python pattern into a Hyperscan one ---------------------------------------------


@lru_cache(maxsize=1)
def _folds_to_ascii() -> str:
    """The non-ASCII characters that ``re`` with IGNORECASE matches to some ASCII character."""
    chars = "".join(chr(c) for c in range(0x80, _MAX_CP + 1) if not 0xD800 <= c <= 0xDFFF)
    rx = re.compile("[\x00-\x7f]", re.IGNORECASE)
    return "".join(sorted({m.group() for m in rx.finditer(chars)}))


def _flags_at(flags: int, add: int, remove: int) -> int:
    return (flags | add) & ~remove


def _single_matcher(op: Any, av: Any, flags: int) -> Callable[[str], Any]:
    state = _sp.State()
    state.flags = flags
    sub = _sp.SubPattern(state, [(op, av)])
    return _sre_compiler.compile(sub, flags).fullmatch  # type: ignore[no-any-return]


def _plain_items(av: list[tuple[Any, Any]]) -> list[tuple[int, int]] | None:
    """The ranges of a class made only of literals and ranges; None if it has anything else."""
    out = []
    for op, a in av:
        if op is _sc.LITERAL:
            out.append((a, a))
        elif op is _sc.RANGE:
            out.append((a[0], a[1]))
        else:
            return None
    return out


def _single_ranges(op: Any, av: Any, flags: int) -> list[tuple[int, int]]:
    """Code point ranges that hold every character the one-character item can match."""
    fullmatch = _single_matcher(op, av, flags)
    ranges = [(c, c) for c in range(0x80) if fullmatch(chr(c))]
    ignore = bool(flags & re.IGNORECASE)
    plain = _plain_items(av) if op is _sc.IN else None
    beyond: list[tuple[int, int]] | None = None
    if op is _sc.LITERAL and (av < 0x80 or not ignore):
        beyond = [] if av < 0x80 else [(av, av)]
    elif plain is not None and not ignore:
        beyond = [r for r in plain if r[1] >= 0x80]
    elif plain is not None and all(hi < 0x80 for _lo, hi in plain):
        beyond = []  # ASCII letters ignoring case: only the folds below go beyond ASCII
    if beyond is None:
        return ranges + list(_NON_ASCII)
    if ignore:
        beyond += [(ord(c), ord(c)) for c in _folds_to_ascii() if fullmatch(c)]
    return ranges + [(max(lo, 0x80), hi) for lo, hi in beyond]


def _char(c: int) -> str:
    if c < 0x80 and chr(c).isalnum():
        return chr(c)
    return f"\\x{c:02x}" if c < 0x80 else f"\\x{{{c:x}}}"


def _class(ranges: list[tuple[int, int]]) -> str:
    """A Hyperscan class for ``ranges``, written short (Hyperscan limits a pattern's length)."""
    merged: list[list[int]] = []
    for lo, hi in sorted(ranges):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    if not merged:
        return "\\x00"  # the item matches nothing: any class is a superset
    if all(any(a <= lo and hi <= b for a, b in merged) for lo, hi in _NON_ASCII):
        # every non-ASCII character: write the ASCII characters it lacks, negated
        missing = [c for c in range(0x80) if not any(lo <= c <= hi for lo, hi in merged)]
        if not missing:
            return _ANY_CHAR
        return "[^" + _ranges_text(missing) + "]"
    if len(merged) == 1 and merged[0][0] == merged[0][1]:
        return _char(merged[0][0])
    parts = [_char(lo) if lo == hi else f"{_char(lo)}-{_char(hi)}" for lo, hi in merged]
    return "[" + "".join(parts) + "]"


def _ranges_text(codes: list[int]) -> str:
    out = []
    start = prev = codes[0]
    for c in codes[1:] + [-2]:
        if c == prev + 1:
            prev = c
            continue
        out.append(_char(start) if start == prev else f"{_char(start)}-{_char(prev)}")
        start = prev = c
    return "".join(out)


_ANY_STRING = _ANY_CHAR + "*"


def _emit(items: Any, flags: int) -> str:
    out = []
    for op, av in items:
        if op in _SINGLE:
            out.append(_class(_single_ranges(op, av, flags)))
        elif op in _ZERO_WIDTH:
            continue
        elif op is _sc.SUBPATTERN:
            _group, add, remove, body = av
            out.append("(?:" + _emit(body, _flags_at(flags, add, remove)) + ")")
        elif _ATOMIC is not None and op is _ATOMIC:
            out.append("(?:" + _emit(av, flags) + ")")
        elif op is _sc.BRANCH:
            out.append("(?:" + "|".join(_emit(b, flags) for b in av[1]) + ")")
        elif op in _REPEATS:
            low, high, body = av
            low = min(low, _MAX_BOUND)
            bound = "" if high > _MAX_BOUND else str(high)
            inner = _emit(body, flags)
            if not (len(body) == 1 and body[0][0] in _SINGLE):
                inner = "(?:" + inner + ")"
            quant = {(0, ""): "*", (1, ""): "+", (0, "1"): "?", (1, "1"): ""}.get(
                (low, bound), "{" + f"{low},{bound}" + "}"
            )
            out.append(inner + quant)
        elif op is _sc.GROUPREF:
            out.append(_ANY_STRING)
        elif op is _sc.GROUPREF_EXISTS:
            _group, yes, no = av
            out.append("(?:" + _emit(yes, flags) + "|" + (_emit(no, flags) if no else "") + ")")
        else:  # an item this module does not know: admit any string there
            out.append(_ANY_STRING)
    return "".join(out)


def _can_be_empty(rx: re.Pattern[str]) -> bool:
    return int(_sp.parse(rx.pattern, rx.flags).getwidth()[0]) == 0


def relax(rx: re.Pattern[str]) -> str:
    """A Hyperscan expression (UTF-8 mode) that matches every substring ``rx`` can consume."""
    parsed = _sp.parse(rx.pattern, rx.flags)
    return _emit(list(parsed), parsed.state.flags & _FLAG_MASK)


# --- groups and guards --------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _code_key() -> bytes:
    return (sys.version + "|").encode() + Path(__file__).read_bytes()


#: databases kept per group in the cache (older ones, of earlier code, are deleted)
KEEP_PER_GROUP = 3


def _prune(folder: Path, name: str) -> None:
    """Delete all but the newest :data:`KEEP_PER_GROUP` databases of group ``name``."""
    files = sorted(folder.glob(f"{name}-*.hsdb"), key=lambda f: f.stat().st_mtime, reverse=True)
    for old in files[KEEP_PER_GROUP:]:
        old.unlink(missing_ok=True)


def _cache_dir() -> Path:
    root = os.environ.get("PRIVTEXT_CACHE") or str(Path.home() / ".cache" / "privtext")
    return Path(root).expanduser() / "prescan"


class PatternGroup:
    """Patterns scanned together: one Hyperscan pass per text tells which of them may match."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._patterns: list[re.Pattern[str]] = []
        self._frozen = False
        self._lock = threading.Lock()
        self._mode: str | None = None
        self._db: Any = None
        self._hs_ids: list[int] = []  # group index of each compiled expression
        self._unguarded: frozenset[int] = frozenset()
        self._needs: list[frozenset[str] | None] = []
        self._local = threading.local()
        _GROUPS.add(self)

    def guard(self, rx: re.Pattern[str]) -> GuardedPattern:
        """``rx``, skipped on texts where this group's scan rules it out."""
        if self._frozen:
            raise RuntimeError(f"prescan group {self.name!r} is already compiled")
        self._patterns.append(rx)
        return GuardedPattern(rx, self, len(self._patterns) - 1)

    def compile(self, pattern: str, flags: int = 0) -> GuardedPattern:
        """``re.compile(pattern, flags)``, guarded by this group."""
        return self.guard(re.compile(pattern, flags))

    def __len__(self) -> int:
        return len(self._patterns)

    # the scan ----------------------------------------------------------------------------------

    def candidates(self, text: str) -> frozenset[int] | None:
        """Indices of the patterns that may match somewhere in ``text``; None: all may."""
        if self._mode is None:
            self._prepare()
        if self._mode != "hyperscan" or len(text) < MIN_TEXT:
            return None
        cache = self._local.__dict__
        if cache.get("text") is text:
            return cache["hits"]  # type: ignore[no-any-return]
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:
            return None
        found: set[int] = set(self._unguarded)
        ids = self._hs_ids

        def on_match(i: int, _a: int, _b: int, _c: int, _d: Any) -> None:
            found.add(ids[i])

        scratch = cache.get("scratch")
        if scratch is None:
            scratch = cache["scratch"] = _hyperscan().Scratch(self._db)
        self._db.scan(data, match_event_handler=on_match, scratch=scratch)
        hits = frozenset(found)
        cache["text"], cache["hits"] = text, hits
        return hits

    def may_match(self, index: int, text: str) -> bool:
        """False only when pattern ``index`` cannot match anywhere in ``text``."""
        if self._mode is None:
            self._prepare()
        if self._mode == "literals":
            return could_match(self._needs[index], text)
        if self._mode == "off":
            return True
        hits = self.candidates(text)
        return hits is None or index in hits

    # compiling ---------------------------------------------------------------------------------

    def _prepare(self) -> None:
        with self._lock:
            if self._mode is not None:
                return
            self._frozen = True
            mode = backend()
            if mode == "literals":
                self._needs = [required_literals(rx) for rx in self._patterns]
            elif mode == "hyperscan":
                try:
                    self._compile()
                except Exception as exc:  # a broken cache or library: run every pattern
                    log.warning("prescan: group %s not compiled (%s); every pattern runs",
                                self.name, type(exc).__name__)  # fmt: skip
                    self._db = None
                if self._db is None:
                    mode = "off"
            self._mode = mode

    def _compile(self) -> None:
        hs = _hyperscan()
        flags = hs.HS_FLAG_UTF8 | hs.HS_FLAG_SINGLEMATCH | hs.HS_FLAG_ALLOWEMPTY
        flags |= hs.HS_FLAG_PREFILTER
        # keyed by the patterns themselves, this module's code, Python's (whose parser relax
        # reads) and Hyperscan's version: relaxing every pattern costs more than loading
        key = hashlib.sha256(_code_key())
        key.update(f"{getattr(hs, '__version__', '?')}|{sys.platform}".encode())
        for rx in self._patterns:
            key.update(f"{rx.flags}|{rx.pattern}\0".encode("utf-8", "surrogatepass"))
        path = _cache_dir() / f"{self.name}-{key.hexdigest()[:20]}.hsdb"
        n = len(self._patterns)
        db = None
        if path.exists():
            try:
                blob = path.read_bytes()
                head, body = blob.split(b"\n", 1)
                ids = [int(x) for x in head.split(b",")] if head else []
                if any(not 0 <= i < n for i in ids):
                    raise ValueError("pattern index out of range")
                db = hs.loadb(body, hs.HS_MODE_BLOCK)
            except Exception:  # another platform's database, or a torn file: rebuild
                db = None
        if db is None:
            # a pattern that can match the empty string may match any text: not compiled
            exprs = [
                b"" if _can_be_empty(rx) else relax(rx).encode("ascii") for rx in self._patterns
            ]
            db, ids = self._build(hs, exprs, flags)
            if db is None:
                return  # nothing Hyperscan could take
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_suffix(f".{os.getpid()}.tmp")
                tmp.write_bytes(",".join(map(str, ids)).encode() + b"\n" + hs.dumpb(db))
                os.replace(tmp, path)
                _prune(path.parent, self.name)
            except OSError:
                pass  # no cache: the next process compiles again
        self._db = db
        self._hs_ids = ids
        self._unguarded = frozenset(set(range(n)) - set(ids))

    def _build(self, hs: Any, exprs: list[bytes], flags: int) -> tuple[Any, list[int]]:
        ids = [i for i, e in enumerate(exprs) if e]
        while ids:
            db = hs.Database(mode=hs.HS_MODE_BLOCK)
            try:
                db.compile(
                    expressions=[exprs[i] for i in ids], ids=list(range(len(ids))),
                    flags=[flags] * len(ids),
                )  # fmt: skip
                return db, ids
            except hs.error:
                bad = self._refused(hs, exprs, ids, flags)
                if not bad:
                    raise
                for i in bad:
                    log.info("prescan: %s pattern %d is not guarded (Hyperscan refused it)",
                             self.name, i)  # fmt: skip
                ids = [i for i in ids if i not in bad]
        return None, []

    @staticmethod
    def _refused(hs: Any, exprs: list[bytes], ids: list[int], flags: int) -> set[int]:
        bad = set()
        for i in ids:
            try:
                hs.Database(mode=hs.HS_MODE_BLOCK).compile(
                    expressions=[exprs[i]], ids=[0], flags=[flags]
                )
            except hs.error:
                bad.add(i)
        return bad


class GuardedPattern:
    """A compiled ``re`` pattern whose scans are skipped where its group rules it out.

    It answers the methods of ``re.Pattern`` that the recognizers use, with the same results;
    ``.re`` is the pattern itself.
    """

    __slots__ = ("re", "_group", "_index")

    def __init__(self, rx: re.Pattern[str], group: PatternGroup, index: int) -> None:
        self.re = rx
        self._group = group
        self._index = index

    @property
    def pattern(self) -> str:
        return self.re.pattern

    @property
    def flags(self) -> int:
        return self.re.flags

    @property
    def groups(self) -> int:
        return self.re.groups

    @property
    def groupindex(self) -> Any:
        return self.re.groupindex

    def _skip(self, string: str) -> bool:
        return not self._group.may_match(self._index, string)

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return None if self._skip(string) else self.re.search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return None if self._skip(string) else self.re.match(string, pos, endpos)

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        return None if self._skip(string) else self.re.fullmatch(string, pos, endpos)

    def finditer(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        return iter(()) if self._skip(string) else self.re.finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return [] if self._skip(string) else self.re.findall(string, pos, endpos)

    def sub(self, repl: Any, string: str, count: int = 0) -> str:
        return string if self._skip(string) else self.re.sub(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[Any]:
        return [string] if self._skip(string) else self.re.split(string, maxsplit)

    def __repr__(self) -> str:
        return f"GuardedPattern({self.re!r})"


#: a plain or a guarded pattern, for functions that take either
AnyPattern = re.Pattern[str] | GuardedPattern
