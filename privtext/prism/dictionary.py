"""The PRISM word dictionary, built by mass translation (METHODS.md, "PRISM").

For a source word ``w``: draw ``M`` random sentences ``S`` from an unlabelled corpus, make
``S_w`` by replacing one random word of each sentence with ``w``, translate both (``R``,
``R_w``) and score every target word ``v`` by

    p_{w,v} = Pr[v in R_w] / Pr[v in R]

Both probabilities are shares of translations *containing* ``v`` (a translation counts once
however often ``v`` occurs in it). ``Pr[v in R]`` uses add-one (Laplace) smoothing,
``(#{R containing v} + 1) / (M + 2)``, so a ``v`` absent from ``R`` gets a finite ratio and the
ratio never divides by zero; ``Pr[v in R_w]`` is the plain share. The ratio cancels frequent
words (articles, prepositions) that the numerator alone would rank first. ``L(w)`` lists the
target words by decreasing ratio (ties: more variant translations containing ``v`` first, then
alphabetical). The confidence of an entry is the share of ``R_w`` containing its target word;
for the first entry that is ``c(w) = Pr[L(w, 1) in R_w]``.

PRISM* keys the dictionary by ``(word, POS)``: ``S_{w,s}`` replaces only a word tagged ``s``,
and sentences without one are skipped.

The base translations ``R`` are computed once and shared by every word. Each word's variants
come from its own RNG seeded by ``(rng_seed, sha256(word, pos))``, so a rerun (or a run with a
larger vocabulary) rebuilds exactly the same sentences; with a cache (see
:func:`privtext.prism.translators.translate_cached`) it re-translates nothing already done.
"""

from __future__ import annotations

import hashlib
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from privtext.errors import ConfigError
from privtext.prism.pos import PosTagger, tokenize_source
from privtext.prism.translators import Translator, translate_cached

_TARGET_TOKEN = re.compile(r"[^\W_]+(?:-[^\W_]+)*", re.UNICODE)
_NO_SPACE_BEFORE = frozenset(".,!?;:%)]}\u2019'\"")
_NO_SPACE_AFTER = frozenset("([{\u2018")


@dataclass(frozen=True, slots=True)
class DictEntry:
    """One entry ``L(w, rank) = target_word`` of the dictionary.

    Attributes:
        source_word: the source word ``w`` (lower case).
        pos: its POS tag (PRISM*), or ``None`` for a plain dictionary.
        target_word: the target word ``v`` (lower case, as :func:`tokenize_target` gives it).
        rank: 1-based position in ``L(w)``.
        p_ratio: ``p_{w,v}`` (see the module docstring for the smoothing).
        confidence: share of ``R_w`` containing ``v``; at rank 1 this is ``c(w)``.
        samples: number of variant sentences ``|S_w|`` behind the estimate.
    """

    source_word: str
    pos: str | None
    target_word: str
    rank: int
    p_ratio: float
    confidence: float
    samples: int


def tokenize_target(text: str) -> list[str]:
    """Target-side words of a translation: NFKC, lower case, split at spaces and apostrophes.

    Elided articles come out as their own tokens ("l'arbre" -> ["l", "arbre"]); hyphenated
    words stay whole.
    """
    return _TARGET_TOKEN.findall(unicodedata.normalize("NFKC", text).lower())


def detokenize(tokens: Sequence[str]) -> str:
    """Join tokens with spaces, without a space before closing / after opening punctuation."""
    parts: list[str] = []
    for t in tokens:
        if parts and (t[:1] in _NO_SPACE_BEFORE or parts[-1][-1:] in _NO_SPACE_AFTER):
            parts[-1] += t
        else:
            parts.append(t)
    return " ".join(parts)


def _is_word(token: str) -> bool:
    return any(c.isalnum() for c in token)


def make_variants(
    sentences: Sequence[Sequence[str]],
    word: str,
    rng: np.random.Generator,
    pos: str | None = None,
    pos_of: Sequence[Sequence[str]] | None = None,
) -> list[str]:
    """Build ``S_w``: each sentence with one random word replaced by ``word``.

    Args:
        sentences: tokenized sentences (words and punctuation tokens).
        word: the replacement ``w``.
        rng: the random source (one draw per sentence used).
        pos: PRISM*: replace only a word tagged ``pos``; sentences without one are skipped.
        pos_of: tags parallel to ``sentences`` (required with ``pos``).

    Returns:
        The variant sentences (detokenized), in input order. A word replacing the
        capitalised first word of a sentence is capitalised.

    Raises:
        ValueError: ``pos`` without ``pos_of``, or tags not parallel to tokens.
    """
    if pos is not None and pos_of is None:
        raise ValueError(f"make_variants: pos={pos!r} needs pos_of (tags of each token)")
    if pos_of is not None and len(pos_of) != len(sentences):
        raise ValueError(
            f"make_variants: pos_of has {len(pos_of)} sentences, sentences has {len(sentences)}"
        )
    out: list[str] = []
    for k, toks in enumerate(sentences):
        if pos is not None:
            assert pos_of is not None
            tags = pos_of[k]
            if len(tags) != len(toks):
                raise ValueError(
                    f"make_variants: sentence {k} has {len(toks)} tokens but {len(tags)} tags"
                )
            eligible = [i for i, t in enumerate(toks) if tags[i] == pos and _is_word(t)]
        else:
            eligible = [i for i, t in enumerate(toks) if _is_word(t)]
        if not eligible:
            continue
        i = eligible[int(rng.integers(len(eligible)))]
        new = list(toks)
        first_word = next(j for j, t in enumerate(toks) if _is_word(t))
        rep = word
        if i == first_word and toks[i][:1].isupper() and rep:
            rep = rep[0].upper() + rep[1:]
        new[i] = rep
        out.append(detokenize(new))
    return out


def _doc_freq(
    translations: Iterable[str], tokenize: Callable[[str], list[str]]
) -> tuple[Counter[str], int]:
    """How many translations contain each target word, and how many translations."""
    df: Counter[str] = Counter()
    n = 0
    for t in translations:
        df.update(set(tokenize(t)))
        n += 1
    return df, n


def _rank(
    base_df: Counter[str], n_base: int, var_df: Counter[str], n_var: int
) -> list[tuple[str, float, int]]:
    """``(v, p_ratio, #R_w containing v)`` for every ``v`` seen in ``R_w``, best first."""
    if n_var == 0:
        return []
    scored = []
    for v, c in var_df.items():
        p_w = c / n_var
        p_base = (base_df.get(v, 0) + 1) / (n_base + 2)
        scored.append((v, p_w / p_base, c))
    scored.sort(key=lambda x: (-x[1], -x[2], x[0]))
    return scored


def score_word(
    base_translations: Sequence[str],
    variant_translations: Sequence[str],
    tokenize_target: Callable[[str], list[str]] = tokenize_target,
) -> list[tuple[str, float]]:
    """Rank target words ``v`` for one source word by ``p_{w,v} = Pr[v in R_w] / Pr[v in R]``.

    ``Pr[v in R] = (#{R containing v} + 1) / (|R| + 2)`` (add-one smoothing, so ``v`` absent
    from ``R`` is finite); ``Pr[v in R_w] = #{R_w containing v} / |R_w|``.

    Args:
        base_translations: ``R``, translations of the sampled sentences.
        variant_translations: ``R_w``, translations of the variants ``S_w``.
        tokenize_target: target-language word splitter (default :func:`tokenize_target`).

    Returns:
        ``[(v, p_ratio), ...]`` for every ``v`` occurring in ``R_w``, by decreasing ratio, then
        decreasing count in ``R_w``, then alphabetically.
    """
    base_df, n_base = _doc_freq(base_translations, tokenize_target)
    var_df, n_var = _doc_freq(variant_translations, tokenize_target)
    return [(v, r) for v, r, _c in _rank(base_df, n_base, var_df, n_var)]


def confidence(
    top_word: str,
    variant_translations: Sequence[str],
    tokenize_target: Callable[[str], list[str]] = tokenize_target,
) -> float:
    """``c(w) = Pr[L(w, 1) in R_w]``: the share of variant translations containing ``top_word``.

    Returns 0.0 when there are no variant translations.
    """
    if not variant_translations:
        return 0.0
    hits = sum(1 for t in variant_translations if top_word in set(tokenize_target(t)))
    return hits / len(variant_translations)


def _word_seed(rng_seed: int, word: str, pos: str | None) -> np.random.Generator:
    digest = hashlib.sha256(f"{word}\x00{pos or ''}".encode()).digest()
    return np.random.default_rng([int(rng_seed), int.from_bytes(digest[:8], "little")])


def _check_int(name: str, value: Any, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < minimum:
        raise ConfigError(f"prism.{name} must be an integer >= {minimum}, got {value!r}")


def build_dictionary(
    corpus_sentences: Sequence[str],
    vocab_words: Iterable[str | tuple[str, str]],
    translator: Translator | None,
    source: str,
    target: str,
    samples_m: int,
    rng_seed: int,
    pos_tagger: PosTagger | None = None,
    cache: Any = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    *,
    top_k: int = 5,
    min_ratio: float = 2.0,
    min_share: float = 0.05,
    tokenize_target: Callable[[str], list[str]] = tokenize_target,
    chunk_sentences: int = 8192,
    translate: Callable[[list[str]], tuple[list[str], int]] | None = None,
) -> list[DictEntry]:
    """Build the dictionary ``L`` for ``vocab_words`` by mass translation.

    Args:
        corpus_sentences: unlabelled source-language sentences (public data).
        vocab_words: words to put in the dictionary; with ``pos_tagger`` an item may be
            ``(word, pos)``, and a bare word gets its most frequent tag in the sample (or its
            tag on its own when it does not occur there).
        translator: the (cheap) mass-translation engine.
        source, target: language codes.
        samples_m: ``M``, sentences sampled (without replacement; all if the corpus is smaller).
        rng_seed: seed of the sample and of every word's variants.
        pos_tagger: PRISM*: key entries by ``(word, POS)`` and replace only same-tag words.
        cache: translation cache (``get``/``put`` by :func:`cache_key`) or ``None``.
        progress: called after the base translations and after each chunk of words with a dict
            (``words_done``, ``words_total``, ``sentences``, ``cache_hits`` and the translator's
            stats).
        top_k: entries kept per word.
        min_ratio: entries need ``p_ratio >= min_ratio`` (drops articles and chance words; a
            word absent from ``R`` and present in every ``R_w`` scores ``M + 2``).
        min_share: entries need a confidence ``>= min_share``.
        tokenize_target: target-language word splitter.
        chunk_sentences: about how many variant sentences are translated per call (one cache
            write per chunk, so an interrupted run keeps its progress).
        translate: replaces ``translator`` + ``cache``: a callable taking sentences and
            returning ``(translations, cache_hits)`` (the Spark jobs pass their Delta-cached
            translation here); ``translator`` may then be ``None``.

    Returns:
        Entries, grouped by word in vocabulary order, by rank. Words with no variant (no
        same-tag word in the sample) or no entry above the thresholds get no entry.

    Raises:
        ConfigError: a bad ``samples_m``, ``top_k``, threshold or an empty corpus.
        TranslatorError: the translator failed for good.
    """
    _check_int("samples_m", samples_m, 1)
    _check_int("top_k", top_k, 1)
    _check_int("chunk_sentences", chunk_sentences, 1)
    for name, value in (("min_ratio", min_ratio), ("min_share", min_share)):
        if not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
            raise ConfigError(f"prism.{name} must be a finite number >= 0, got {value!r}")
    corpus = [s for s in corpus_sentences if isinstance(s, str) and s.strip()]
    if not corpus:
        raise ConfigError("prism.corpus has no non-empty sentence to sample from")

    rng = np.random.default_rng(int(rng_seed))
    m = min(samples_m, len(corpus))
    sample = [corpus[i] for i in rng.choice(len(corpus), size=m, replace=False)]

    tags: list[list[str]] | None = None
    if pos_tagger is not None:
        tagged = pos_tagger.tag(sample)
        toks = [[t for t, _p in s] for s in tagged]
        tags = [[p for _t, p in s] for s in tagged]
    else:
        toks = [tokenize_source(s) for s in sample]

    keys = _vocab_keys(vocab_words, toks, tags, pos_tagger)

    stats = {"words_done": 0, "words_total": len(keys), "sentences": 0, "cache_hits": 0}

    if translator is None and translate is None:
        raise ConfigError("build_dictionary needs a translator or a translate callable")

    def report() -> None:
        if progress is not None:
            extra = translator.stats.snapshot() if translator is not None else {}
            progress({**stats, **extra})

    def run_translation(texts: list[str]) -> tuple[list[str], int]:
        if translate is not None:
            return translate(texts)
        assert translator is not None
        return translate_cached(translator, texts, source, target, cache)

    base_texts = [detokenize(t) for t in toks]
    base_tr, hits = run_translation(base_texts)
    stats["sentences"] += len(base_texts)
    stats["cache_hits"] += hits
    base_df, n_base = _doc_freq(base_tr, tokenize_target)
    report()

    entries: list[DictEntry] = []
    per_chunk = max(1, chunk_sentences // max(1, m))
    for c0 in range(0, len(keys), per_chunk):
        chunk = keys[c0 : c0 + per_chunk]
        variants = [
            make_variants(toks, w, _word_seed(rng_seed, w, p), p, tags if p else None)
            for w, p in chunk
        ]
        flat = [s for vs in variants for s in vs]
        translated, hits = run_translation(flat)
        stats["sentences"] += len(flat)
        stats["cache_hits"] += hits
        pos_i = 0
        for (w, p), vs in zip(chunk, variants, strict=True):
            tr = translated[pos_i : pos_i + len(vs)]
            pos_i += len(vs)
            var_df, n_var = _doc_freq(tr, tokenize_target)
            rank = 0
            for v, ratio, count in _rank(base_df, n_base, var_df, n_var):
                share = count / n_var
                if ratio < min_ratio or share < min_share:
                    continue
                rank += 1
                entries.append(DictEntry(w, p, v, rank, float(ratio), float(share), n_var))
                if rank == top_k:
                    break
        stats["words_done"] += len(chunk)
        report()
    return entries


def _vocab_keys(
    vocab_words: Iterable[str | tuple[str, str]],
    toks: list[list[str]],
    tags: list[list[str]] | None,
    pos_tagger: PosTagger | None,
) -> list[tuple[str, str | None]]:
    """Normalise vocabulary items to unique ``(word, pos)`` keys (pos ``None`` without tagger)."""
    items: list[tuple[str, str | None]] = []
    for it in vocab_words:
        if isinstance(it, str):
            word, pos = it, None
        elif isinstance(it, tuple | list) and len(it) == 2:
            word, pos = it[0], it[1]
            if pos_tagger is None:
                raise ConfigError(
                    f"prism.vocab item {tuple(it)!r} has a POS tag but no pos_tagger was given"
                )
        else:
            raise ConfigError(f"prism.vocab items must be words or (word, pos), got {it!r}")
        if not isinstance(word, str) or not _is_word(word) or any(c.isspace() for c in word):
            raise ConfigError(f"prism.vocab items must be single words, got {word!r}")
        items.append((word.lower(), pos))
    if pos_tagger is not None and any(p is None for _w, p in items):
        assert tags is not None
        seen: dict[str, Counter[str]] = {}
        for ts, ps in zip(toks, tags, strict=True):
            for t, p in zip(ts, ps, strict=True):
                seen.setdefault(t.lower(), Counter())[p] += 1
        unseen = sorted({w for w, p in items if p is None and w not in seen})
        if unseen:
            for w, tagged in zip(unseen, pos_tagger.tag(unseen), strict=True):
                if tagged:
                    seen[w] = Counter({tagged[0][1]: 1})
        items = [
            (w, p if p is not None else (seen[w].most_common(1)[0][0] if w in seen else "X"))
            for w, p in items
        ]
    return list(dict.fromkeys(items))
