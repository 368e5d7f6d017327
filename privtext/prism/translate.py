"""PRISM-R and PRISM* encoding and decoding around an external translator (METHODS.md, "PRISM").

Flow: ``x_pri`` --encode--> ``x_pub`` (+ history ``H``, kept by the user) --translator-->
``y_pub`` --decode(H)--> ``y_pri``.

**PRISM-R** (the encoder is differentially private). Each content word ``w`` is replaced
independently with probability ``r`` by a uniform draw ``u`` from the ``N`` dictionary words
(``u = w`` is possible). For any two content words ``w, w'`` and any output ``y``,
``P[y | w] in [r/N, 1 - r + r/N]``, so

    P[y | w] / P[y | w'] <= (1 - r + r/N) / (r/N) = 1 + N (1 - r) / r

and each content word is ``ln(1 + N (1 - r) / r)``-DP (:func:`prism_r_epsilon`); a document's
words are replaced independently, so the costs of differing words add up. A content word that
is *not* in the dictionary would be kept with probability ``1 - r`` and could never be
produced from another word (an unbounded ratio), so by default it is always replaced
(``replace_oov=True``): its output distribution is uniform, ``1/N``, inside the bound above.
Function words (a fixed public list) and punctuation are sent as they are and are not covered.

**PRISM*** (no DP guarantee on its own; nest it after PRISM-R or mix it with PRISM-R to
restore one). Words are chosen in decreasing dictionary confidence ``c(w, s)`` (ties broken by
a uniform), and each is replaced by a uniform draw among the high-confidence substitutes with
the same POS tag, excluding words of the sentence and substitutes already used.

**Decode.** For each history item ``(position, w_i, u_i)`` in source order, find the first
unused occurrence of ``L(u_i, 1)`` in ``y_pub`` (else ``L(u_i, 2)``, ...) and replace it by
``L(w_i, 1)`` (``w_i`` itself when ``w_i`` is not in the dictionary: names, numbers).

All randomness comes from the ``uniforms`` argument (the caller draws them from the keyed
CSPRNG, :mod:`privtext.mechanisms.noise`), so a rerun reproduces the same ``x_pub``.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np

from privtext.errors import ConfigError
from privtext.prism.dictionary import DictEntry
from privtext.tokenizer import match_case

ENGLISH_FUNCTION_WORDS = frozenset(
    """a an the this that these those my your his her its our their some any every each no
    i you he she it we they me him us them myself yourself himself herself itself ourselves
    themselves who whom whose which what where when why how
    and or but nor so yet because although though if unless while whereas than then as
    of in on at to for from with without by about above below under over into onto out up down
    off through during before after between among against near behind beside across along
    around toward towards upon within
    is are was were be been being am has have had having do does did doing will would shall
    should can could may might must
    not n't no yes also very too just only there here all both either neither such own same
    other another more most less least much many few""".split()
)
"""Function words left unchanged by the encoders (public; not covered by the guarantee)."""

_TARGET_TOKEN = re.compile(r"[^\W_]+(?:-[^\W_]+)*", re.UNICODE)


class Replacement(NamedTuple):
    """One history item: the source word at ``position`` was replaced by ``substitute``.

    Attributes:
        position: token index in the source token list.
        word: ``w_i``, the original token (as written).
        substitute: ``u_i``, the dictionary word sent instead (lower case).
        pos: the POS tag used (PRISM*), or ``None`` (PRISM-R).
    """

    position: int
    word: str
    substitute: str
    pos: str | None = None


def _norm(word: str) -> str:
    return unicodedata.normalize("NFKC", word).lower().replace("\u2019", "'")


class PrismDictionary:
    """Lookup structure over :class:`DictEntry` rows: ``L(w)``, ``L(w, 1)``, confidences.

    Keys are ``(word, pos)`` with ``pos=None`` for a plain dictionary. A lookup with
    ``pos=None`` on a POS-keyed dictionary uses the word's highest-confidence tag; a lookup with
    a tag falls back to the untagged entry, then to the best tag.

    Args:
        entries: :class:`DictEntry` objects or mappings with the same fields.
    """

    def __init__(self, entries: Iterable[DictEntry | Mapping[str, Any]]):
        rows: dict[tuple[str, str | None], list[tuple[int, str, float]]] = {}
        for e in entries:
            if isinstance(e, Mapping):
                word, pos, tgt = str(e["source_word"]), e.get("pos"), str(e["target_word"])
                rank, conf = int(e["rank"]), float(e["confidence"])
            else:
                word, pos, tgt, rank, conf = (
                    e.source_word,
                    e.pos,
                    e.target_word,
                    e.rank,
                    e.confidence,
                )
            key = (_norm(word), str(pos) if pos else None)
            rows.setdefault(key, []).append((rank, _norm(tgt), conf))
        self._lists: dict[tuple[str, str | None], list[str]] = {}
        self._conf: dict[tuple[str, str | None], float] = {}
        for key, rs in rows.items():
            rs.sort()
            self._lists[key] = list(dict.fromkeys(t for _r, t, _c in rs))
            self._conf[key] = rs[0][2]
        self._best_key: dict[str, tuple[str, str | None]] = {}
        for key in sorted(self._lists, key=lambda k: (-self._conf[k], str(k[1]))):
            self._best_key.setdefault(key[0], key)
        self.words: list[str] = sorted(self._best_key)
        """The ``N`` distinct source words (sorted), the PRISM-R substitute set."""
        self._word_set = frozenset(self.words)

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and _norm(word) in self._word_set

    @property
    def keys(self) -> list[tuple[str, str | None]]:
        """All ``(word, pos)`` keys."""
        return list(self._lists)

    def _key(self, word: str, pos: str | None) -> tuple[str, str | None] | None:
        w = _norm(word)
        if pos is not None and (w, pos) in self._lists:
            return (w, pos)
        if (w, None) in self._lists:
            return (w, None)
        return self._best_key.get(w)

    def candidates(self, word: str, pos: str | None = None) -> list[str]:
        """``L(w)``: target words by rank (empty if ``word`` is not in the dictionary)."""
        key = self._key(word, pos)
        return [] if key is None else list(self._lists[key])

    def best(self, word: str, pos: str | None = None) -> str | None:
        """``L(w, 1)``, or ``None`` if ``word`` is not in the dictionary."""
        c = self.candidates(word, pos)
        return c[0] if c else None

    def confidence(self, word: str, pos: str | None = None) -> float:
        """``c(w, s)``; 0.0 for a word not in the dictionary."""
        w = _norm(word)
        if pos is not None:
            if (w, pos) in self._conf:
                return self._conf[(w, pos)]
            return self._conf.get((w, None), 0.0)
        key = self._key(w, None)
        return 0.0 if key is None else self._conf[key]

    def substitutes(self, pos: str | None, min_confidence: float) -> list[str]:
        """Words whose entry for tag ``pos`` has confidence >= ``min_confidence`` (sorted)."""
        return sorted(w for (w, p), c in self._conf.items() if p == pos and c >= min_confidence)


def prism_r_epsilon(n_words: int, r: float) -> float:
    """Per-word privacy cost of PRISM-R: ``ln(1 + N (1 - r) / r)``.

    Args:
        n_words: ``N``, the number of dictionary words drawn from.
        r: replacement probability in ``(0, 1]``; ``r = 1`` costs 0, ``r -> 0`` is unbounded.

    Raises:
        ConfigError: ``n_words < 1`` or ``r`` outside ``(0, 1]``.
    """
    if isinstance(n_words, bool) or not isinstance(n_words, int | np.integer) or n_words < 1:
        raise ConfigError(f"prism.dictionary size N must be an integer >= 1, got {n_words!r}")
    if not isinstance(r, int | float) or not math.isfinite(r) or not 0 < r <= 1:
        raise ConfigError(f"prism.ratio r must be in (0, 1], got {r!r}")
    return math.log1p(n_words * (1.0 - r) / r)


def default_is_content(token: str) -> bool:
    """A token is a content word if it has a letter or digit and is not a function word."""
    return any(c.isalnum() for c in token) and _norm(token) not in ENGLISH_FUNCTION_WORDS


def _check_uniforms(uniforms: Any, n: int) -> np.ndarray:
    u = np.asarray(uniforms, dtype=np.float64)
    if u.ndim == 1 and u.size == 2 * n:
        u = u.reshape(n, 2)
    if u.shape != (n, 2):
        raise ValueError(f"uniforms must have shape ({n}, 2) for {n} tokens, got {u.shape}")
    if n and (not np.all(np.isfinite(u)) or u.min() < 0 or u.max() >= 1):
        raise ValueError("uniforms must lie in [0, 1)")
    return u


def _check_ratio(r: float) -> None:
    if not isinstance(r, int | float) or not math.isfinite(r) or not 0 <= r <= 1:
        raise ConfigError(f"prism.ratio r must be in [0, 1], got {r!r}")


def encode_prism_r(
    tokens: Sequence[str],
    dictionary: PrismDictionary,
    r: float,
    uniforms: Any,
    *,
    is_content: Callable[[str], bool] = default_is_content,
    replace_oov: bool = True,
) -> tuple[list[str], list[Replacement]]:
    """PRISM-R encoder: replace each content word with probability ``r`` by a uniform word.

    Guarantee: each content word is ``prism_r_epsilon(len(dictionary), r)``-DP (module
    docstring), provided ``replace_oov`` is True.

    Args:
        tokens: word tokens of ``x_pri`` (e.g. ``privtext.tokenizer.tokenize(text).texts``).
        dictionary: the dictionary; its ``N`` words are the substitutes.
        r: replacement probability.
        uniforms: ``(len(tokens), 2)`` floats in ``[0, 1)`` from the keyed CSPRNG: column 0
            decides the replacement (``< r``), column 1 picks the substitute
            (``floor(u * N)``). A flat array of ``2 * len(tokens)`` is accepted.
        is_content: which tokens are content words (default: not a function word).
        replace_oov: always replace content words missing from the dictionary (needed for the
            guarantee).

    Returns:
        ``(x_pub tokens, history)``; substitutes take the letter case of the replaced token.
    """
    _check_ratio(r)
    if len(dictionary) == 0:
        raise ConfigError("prism.dictionary is empty: PRISM-R has no substitute to draw")
    u = _check_uniforms(uniforms, len(tokens))
    words = dictionary.words
    n = len(words)
    out = list(tokens)
    history: list[Replacement] = []
    for i, tok in enumerate(tokens):
        if not is_content(tok):
            continue
        if u[i, 0] < r or (replace_oov and tok not in dictionary):
            sub = words[min(int(u[i, 1] * n), n - 1)]
            out[i] = match_case(sub, tok)
            history.append(Replacement(i, tok, sub, None))
    return out, history


def encode_prism_star(
    tokens: Sequence[str],
    pos_tags: Sequence[str],
    dictionary: PrismDictionary,
    r: float,
    uniforms: Any,
    *,
    min_confidence: float = 0.6,
    is_content: Callable[[str], bool] = default_is_content,
) -> tuple[list[str], list[Replacement]]:
    """PRISM* encoder: replace ``round(r * #content words)`` words, most confident first.

    No DP guarantee on its own (same-tag substitutes and confidence-biased choices make some
    transitions impossible or likely); see the module docstring.

    Args:
        tokens: word tokens of ``x_pri``.
        pos_tags: a Universal POS tag per token.
        dictionary: a POS-keyed dictionary (entries with ``pos``).
        r: share of content words to replace.
        uniforms: ``(len(tokens), 2)`` floats in ``[0, 1)``: column 0 breaks confidence ties,
            column 1 picks the substitute.
        min_confidence: substitutes need a confidence of at least this.
        is_content: which tokens are content words.

    Returns:
        ``(x_pub tokens, history)``; a word with no same-tag substitute left is skipped and the
        next one in confidence order is taken.
    """
    _check_ratio(r)
    if len(pos_tags) != len(tokens):
        raise ValueError(f"pos_tags has {len(pos_tags)} tags for {len(tokens)} tokens")
    u = _check_uniforms(uniforms, len(tokens))
    content = [i for i, t in enumerate(tokens) if is_content(t)]
    k = math.floor(r * len(content) + 0.5)
    order = sorted(content, key=lambda i: (-dictionary.confidence(tokens[i], pos_tags[i]), u[i, 0]))
    in_sentence = {_norm(t) for t in tokens}
    used: set[str] = set()
    pools: dict[str, list[str]] = {}
    out = list(tokens)
    history: list[Replacement] = []
    for i in order:
        if len(history) >= k:
            break
        tag = pos_tags[i]
        if tag not in pools:
            pools[tag] = dictionary.substitutes(tag, min_confidence)
        pool = [w for w in pools[tag] if w not in in_sentence and w not in used]
        if not pool:
            continue
        sub = pool[min(int(u[i, 1] * len(pool)), len(pool) - 1)]
        used.add(sub)
        out[i] = match_case(sub, tokens[i])
        history.append(Replacement(i, tokens[i], sub, tag))
    history.sort(key=lambda h: h.position)
    return out, history


def decode(
    y_pub: str,
    history: Sequence[Replacement | tuple[Any, ...]],
    dictionary: PrismDictionary,
) -> tuple[str, int]:
    """Turn the translation of ``x_pub`` into ``y_pri`` using the history.

    For each item in source order, the first not yet used target word equal to
    ``L(u_i, 1)`` (else ``L(u_i, 2)``, ...) is replaced by ``L(w_i, 1)`` (or ``w_i`` itself when
    ``w_i`` has no entry), keeping the found word's letter case. Target words are compared in
    lower case after splitting at spaces and apostrophes ("l'arbre" holds "arbre").

    Args:
        y_pub: the translator's output for ``x_pub``.
        history: :class:`Replacement` items (or ``(position, w, u[, pos])`` tuples).
        dictionary: the dictionary used to encode.

    Returns:
        ``(y_pri, n_decoded)``: the decoded text and how many history items were found.
    """
    spans = [(m.start(), m.end(), _norm(m.group())) for m in _TARGET_TOKEN.finditer(y_pub)]
    used: set[int] = set()
    repl: dict[int, str] = {}
    n_decoded = 0
    items = [h if isinstance(h, Replacement) else Replacement(*h) for h in history]
    for h in sorted(items, key=lambda h: h.position):
        target = dictionary.best(h.word, h.pos) or h.word
        for cand in dictionary.candidates(h.substitute, h.pos) or [_norm(h.substitute)]:
            hit = next(
                (j for j, (_s, _e, t) in enumerate(spans) if t == cand and j not in used), None
            )
            if hit is not None:
                used.add(hit)
                s, e, _t = spans[hit]
                repl[hit] = match_case(target, y_pub[s:e])
                n_decoded += 1
                break
    if not repl:
        return y_pub, 0
    parts: list[str] = []
    prev = 0
    for j in sorted(repl):
        s, e, _t = spans[j]
        parts.append(y_pub[prev:s])
        parts.append(repl[j])
        prev = e
    parts.append(y_pub[prev:])
    return "".join(parts), n_decoded
