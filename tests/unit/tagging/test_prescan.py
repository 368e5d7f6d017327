"""The Hyperscan prescan never rules out a pattern where ``re`` finds a match (prescan.py)."""

from __future__ import annotations

import importlib
import pkgutil
import random
import re
from pathlib import Path

import hyperscan
import pytest

import privtext
import privtext.tagging as tagging_pkg
import privtext.tagging.recognizers as recognizers_pkg
from privtext.tagging import prescan
from privtext.tagging.alternation import Alternation
from privtext.tagging.devset import load_realistic
from privtext.tagging.prescan import MIN_TEXT, GuardedPattern, PatternGroup, relax

# characters where ``re`` and a naive translation to another engine part ways: case folds to
# ASCII from outside it (Kelvin sign, long s, dotless and dotted I), digits and word characters
# of other scripts, Unicode spaces, astral characters, combining marks
TRICKY = [
    "KELVIN \u212a 5\u212a, long \u017ftreet \u017fokak, dotless \u0131stanbul, D\u0130YARBAKIR",
    "digits \u0663\u0664\u0665 and fullwidth \uff11\uff12\uff13, superscript \u00b2, \u00bd",
    "Stra\u00dfe M\u00dcLLER fa\u00e7ade na\u00efve \u0152uvre \u01c5 titlecase",
    "\u03a3\u038a\u03a3\u03a5\u03a6\u039f\u03a3 \u03c3\u03af\u03c3\u03c5\u03c6\u03bf\u03c2, "
    "\u0418\u0440\u0438\u043d\u0430 \u041f\u0435\u0442\u0440\u043e\u0432\u0430, "
    "\u738b\u5c0f\u660e, \uae40\ubbfc\uc900, \u0645\u062d\u0645\u062f",
    "tab\tnbsp\u00a0em\u2003line\u2028para\u2029 CRLF\r\nend",
    "emoji \U0001f600, \U0001d401\U0001d428\U0001d425\U0001d41d, e\u0301, \u200bzero width",
]


def _guarded() -> list[tuple[str, PatternGroup, int, re.Pattern[str]]]:
    """Every guarded pattern of the tagger: (name, group, index, the plain pattern)."""
    out = []
    mods = [
        f"{pkg.__name__}.{m.name}"
        for pkg in (tagging_pkg, recognizers_pkg)
        for m in pkgutil.iter_modules(pkg.__path__)
    ]
    seen: set[int] = set()
    for name in mods:
        mod = importlib.import_module(name)
        for attr, value in vars(mod).items():
            if isinstance(value, GuardedPattern) and id(value) not in seen:
                seen.add(id(value))
                out.append((f"{name}.{attr}", value._group, value._index, value.re))
            if isinstance(value, Alternation) and id(value) not in seen:
                seen.add(id(value))
                for k, rx in enumerate(value.branches):
                    out.append((f"{name}.{attr}[{k}]", value.prescan, k, rx))
    return out


GUARDED = _guarded()


def _texts() -> list[str]:
    data = Path(privtext.__file__).parent / "data"
    texts = [d.text for f in ("tagger_dev", "tagger_holdout30") for d in load_realistic(data / f)]
    rng = random.Random(7)
    # the tricky lines inside real text, and alone (padded past the length that is scanned)
    for t in TRICKY:
        host = rng.choice(texts)
        cut = rng.randrange(len(host))
        texts.append(host[:cut] + " " + t + " " + host[cut:])
        texts.append((t + " ") * (MIN_TEXT // len(t) + 1))
    return texts


TEXTS = _texts()


def test_the_tagger_guards_many_patterns_and_hyperscan_is_the_backend():
    assert prescan.backend() == "hyperscan"
    assert len(GUARDED) > 150
    groups = {id(g): g for _n, g, _i, _rx in GUARDED}.values()
    assert all(g.candidates("x" * MIN_TEXT) is not None for g in groups)


def _wrongly_ruled_out(group: PatternGroup, index: int, rx: re.Pattern[str]) -> list[str]:
    bad = []
    rng = random.Random(index)
    for text in TEXTS:
        hits = group.candidates(text)
        assert hits is not None
        if index in hits:
            continue
        windows = [(0, len(text))]
        windows += [tuple(sorted(rng.sample(range(len(text) + 1), 2))) for _ in range(3)]
        if any(rx.search(text, lo, hi) for lo, hi in windows):
            bad.append(text[:60])
    return bad


@pytest.mark.parametrize("entry", GUARDED, ids=[n for n, *_ in GUARDED])
def test_a_pattern_is_never_ruled_out_where_re_matches(entry):
    """The scan is a superset of ``re``: on realistic documents and on the tricky characters,
    whole texts and windows (``pos``/``endpos``), no text with a match is ruled out."""
    _name, group, index, rx = entry
    assert _wrongly_ruled_out(group, index, rx) == []


def test_the_scan_rules_patterns_out():
    """It is no identity: most guarded patterns are ruled out on most documents."""
    ruled_out = total = 0
    for _name, group, index, _rx in GUARDED:
        for text in TEXTS[:60]:
            total += 1
            ruled_out += index not in (group.candidates(text) or ())
    assert ruled_out / total > 0.5


SINGLE_ITEMS = [
    (r"\d", 0), (r"\w", 0), (r"\s", 0), (r"\W", 0), (r"\D", 0), (r".", 0), (r".", re.S),
    (r"k", re.I), (r"s", re.I), (r"i", re.I), (r"I", re.I), (r"[a-z]", re.I), (r"[^\W\d_]", 0),
    (r"[A-Z]", 0), (r"\u00df", re.I), (r"\u212a", re.I), (r"[^x]", re.I), (r"\w", re.A),
    (r"[\u4e00-\u9fff]", 0), (r"[\u0400-\u04ff]", re.I), (r"\u00e9", 0), (r"\u00e9", re.I),
]  # fmt: skip


def _all_chars() -> str:
    return "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)


ALL_CHARS = _all_chars()


@pytest.mark.parametrize(("pattern", "flags"), SINGLE_ITEMS)
def test_a_single_character_item_holds_every_character_re_matches(pattern, flags):
    """Exhaustive over all code points: the relaxed class holds every character that ``re``
    matches (read back as a Python class), and Hyperscan agrees on a sample of them."""
    rx = re.compile(pattern, flags)
    relaxed = relax(rx)
    as_python = re.sub(r"\\x\{([0-9a-f]+)\}", lambda m: f"\\U{int(m.group(1), 16):08x}", relaxed)
    back = re.compile(as_python, re.S)
    matched = "".join(rx.findall(ALL_CHARS))
    assert len(back.findall(matched)) == len(matched)
    # Hyperscan on the same expression: every matched character of a sample is reported
    sample = "".join(random.Random(1).sample(matched, min(len(matched), 3000)))
    sample += "".join(c for c in "\u212a\u017f\u0131\u0130\u00df" if rx.fullmatch(c))
    db = hyperscan.Database()
    db.compile(expressions=[relaxed.encode()], ids=[0], flags=[hyperscan.HS_FLAG_UTF8])
    ends: list[int] = []
    db.scan(sample.encode(), match_event_handler=lambda *a: ends.append(a[2]))
    assert len(ends) == len(sample)


def test_a_naive_translation_would_be_caught():
    """The checks above can fail: a relaxation that keeps only the ASCII part of each class
    (as a translation that ignores Unicode would) misses the Kelvin sign, the long s and
    digits of other scripts."""
    wrong = {
        (r"k", re.I): "[Kk]",
        (r"s", re.I): "[Ss]",
        (r"\d", 0): "[0-9]",
    }
    for (pattern, flags), relaxed in wrong.items():
        rx = re.compile(pattern, flags)
        matched = "".join(rx.findall(ALL_CHARS))
        back = re.compile(relaxed)
        assert len(back.findall(matched)) < len(matched)


def test_relax_drops_assertions_and_back_references_and_widens_big_repeats():
    assert relax(re.compile(r"(?<=x)\bab(?!c)$")) == "ab"
    assert relax(re.compile(r"(a)b\1")).endswith("*")
    assert relax(re.compile(r"a{2,500}")) == "a{2,}"
    assert relax(re.compile(r"(?i)k")) == "[Kk\\x{212a}]"


def test_guarded_pattern_answers_like_re_on_short_and_long_texts():
    group = PatternGroup("test_guarded_methods")
    rx = group.compile(r"(?i)\bborn\s+(?P<year>\d{4})")
    plain = rx.re
    long_hit = "x " * 80 + "She was BORN 1950 in Leeds."
    long_miss = "x " * 80 + "no such cue here."
    for text in (long_hit, long_miss, "born 1961", ""):
        assert [m.span() for m in rx.finditer(text)] == [m.span() for m in plain.finditer(text)]
        assert rx.findall(text) == plain.findall(text)
        assert rx.sub("#", text) == plain.sub("#", text)
        assert rx.split(text) == plain.split(text)
        assert bool(rx.search(text, 3)) == bool(plain.search(text, 3))
    assert group.candidates(long_miss) == frozenset()
    assert group.candidates(long_hit) == frozenset({0})
    with pytest.raises(RuntimeError):
        group.compile("late")  # a compiled group takes no more patterns


def test_an_empty_matching_pattern_is_never_ruled_out():
    group = PatternGroup("test_empty")
    rx = group.compile(r"(?:ab)*")
    group.compile(r"zzz")
    text = "q" * (MIN_TEXT + 5)
    assert group.candidates(text) == frozenset({0})
    assert rx.sub("-", "qq") == "-q-q-"


def test_the_backends_give_the_same_tags(monkeypatch):
    """The tagger's spans are the same with the Hyperscan scan, the literal prefilter and no
    prefilter at all, on realistic documents."""
    from privtext.tagging.registry import TaggerSpec, build_tagger

    tagger = build_tagger(TaggerSpec(ner_model=None))
    texts = TEXTS[:120] + TEXTS[-len(TRICKY) * 2 :]
    got = {}
    for mode in ("hyperscan", "literals", "off"):
        monkeypatch.setenv("PRIVTEXT_PRESCAN", mode)
        prescan.reset()
        got[mode] = [[(s.start, s.end, s.entity_type) for s in spans] for spans in
                     tagger.tag_batch(texts)]  # fmt: skip
    monkeypatch.delenv("PRIVTEXT_PRESCAN")
    prescan.reset()
    assert got["hyperscan"] == got["off"]
    assert got["literals"] == got["off"]


def test_a_database_is_cached_and_reloaded(tmp_path, monkeypatch):
    monkeypatch.setenv("PRIVTEXT_CACHE", str(tmp_path))
    patterns = [r"(?i)\bcaddesi\s+\d+", r"\bzzz\b", r"(?<![\w])Dear[ \t]+[A-Z]\w+"]
    text = "Hello. " * 20 + "Dear Ann, see 12 Bağdat Caddesi 214."
    first = PatternGroup("test_cache")
    for p in patterns:
        first.compile(p)
    assert first.candidates(text) == frozenset({0, 2})
    files = list((tmp_path / "prescan").glob("test_cache-*.hsdb"))
    assert len(files) == 1
    second = PatternGroup("test_cache")
    for p in patterns:
        second.compile(p)
    assert second.candidates(text) == frozenset({0, 2})
    files[0].write_bytes(b"0,1,2\ntorn")  # a damaged cache is rebuilt, not trusted
    third = PatternGroup("test_cache")
    for p in patterns:
        third.compile(p)
    assert third.candidates(text) == frozenset({0, 2})


def test_old_databases_of_a_group_are_pruned(tmp_path, monkeypatch):
    monkeypatch.setenv("PRIVTEXT_CACHE", str(tmp_path))
    text = "Hello. " * 20 + "Dear Ann."
    for k in range(prescan.KEEP_PER_GROUP + 2):
        group = PatternGroup("test_prune")
        group.compile(rf"Dear[ \t]+Ann{'n' * k}|Ann")  # another pattern set each time
        assert group.candidates(text) == frozenset({0})
    files = list((tmp_path / "prescan").glob("test_prune-*.hsdb"))
    assert len(files) == prescan.KEEP_PER_GROUP
