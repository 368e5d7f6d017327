"""Sanitize a batch of documents: apply the tier policy to tagged spans and perturb.

This is the engine-agnostic kernel of the sanitize job; the Spark UDF in
``udfs/perturb.py`` only converts Arrow batches to the arguments of
:meth:`Sanitizer.sanitize_batch` and its result back.

For one batch:

1. Spans from the tagger are filtered by the policy (tier ``none`` and scores below the
   entity's ``min_score`` are dropped; overlaps resolved by the tagger).
2. Spans whose operator is ``mechanism`` protect the *word tokens* they cover: every such token
   is perturbed independently by the tier's word-level mechanism with budget
   ``eps_l = alpha_l * eps``. All mechanism tokens of the batch, of a tier, are sampled in one
   vectorised call (grouped by distinct word inside the mechanism).
3. Spans with a ``surrogate``, ``mask`` or ``hash`` operator are replaced whole (pattern
   entities such as emails are not words of a vocabulary).
4. The text is rebuilt with the replacements; everything between replaced units is copied
   verbatim, and a replacement word takes the letter case of the word it replaces.

All randomness comes from :class:`~privtext.mechanisms.noise.KeyedNoise` addressed by
(document id, token position) for words and (document id, span start) for pattern spans, so
the same input, key and configuration always give the same release.

With Bayesian remapping (METHODS.md), the draw ``y`` of a tier is replaced by ``f(y)``, a
lookup in the tier's precomputed table (post-processing: the guarantee is kept).

Rank record. Every released word of the mechanism is classified by its rank among the
original word's neighbours in ``C`` (:func:`rank_bands`): ``original``, ``1-10``, ``11-100``,
``>100``, or ``no_embedding`` (a word without an embedding, drawn uniformly). The counts go to
the ledger per document and tier. They are computed from the original words: the ledger is an
operator-side record.

Privacy accounting (METHODS.md): a document's tokens are perturbed independently, so for
documents ``x, x'`` of equal length,
``P[M(x) = y] <= exp(sum_t eps_{l_t} d(x_t, x'_t)) P[M(x') = y]``. The ledger records, per
document and tier, the number of perturbed tokens and ``eps_l``.

With ``consistent_mentions`` (one draw per distinct word of a tier in a document) the tokens
are no longer independent, and the bound above holds only for neighbours ``x, x'`` with the
same pattern of repeated words (``x_s = x_t`` exactly when ``x'_s = x'_t``, as when every
mention of a name is replaced by another name): then the release is one draw per distinct
word, and the multiplier is ``sum over distinct words w of eps_l d(w, w')``, at most the
per-token sum the ledger records. For neighbours that break the pattern (one mention of
"Monday" of two becomes "Tuesday") there is no bound of that form: the release shows which
mentions were the same word (equal draws), and the likelihood ratio of an equal pair of
draws is ``1 / P[M(Tuesday) = y]``, however close the two words are (at eps 2 over 2,000
candidates: up to e^11.5, where the per-token sum allows e^1.4). Tests:
``tests/unit/test_sanitize_kernel.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from privtext import operators
from privtext.embeddings import (
    CandidateSet,
    neighbour_scores,
    rank_score_thresholds,
)
from privtext.mechanisms import noise as noise_mod
from privtext.mechanisms.noise import KeyedNoise
from privtext.tagging.base import Span
from privtext.tagging.policy import TierPolicy
from privtext.tokenizer import Tokens, match_case, rebuild

TIERS = ("PII", "PoII")
OP_KEEP = "keep"
OP_MECHANISM = "mechanism"
WORD_ENTITY = "WORD"  # entity type of words perturbed by perturb_all_words
RANK_BANDS = ("original", "1-10", "11-100", ">100", "no_embedding")
RANK_COLUMNS = (
    "rank_original",
    "rank_1_10",
    "rank_11_100",
    "rank_over_100",
    "rank_no_embedding",
)  # ledger columns, in the order of RANK_BANDS
_NO_EMBEDDING = 4


def _band_of_score(score: np.ndarray, thr: np.ndarray) -> np.ndarray:
    """Band 1 (ranks 1-10), 2 (11-100) or 3 (beyond) from the score of ``y`` and the scores of
    the 10th and 100th nearest candidates (``thr[:, 0]``, ``thr[:, 1]``)."""
    # scores and thresholds come from different float32 reductions (einsum vs BLAS): compare
    # with a tolerance of a few float32 ulps, so the 10th neighbour itself is in band 1 (words
    # closer to the boundary than that are ties, as in privtext.embeddings.nearest)
    tol = 8 * np.finfo(np.float32).eps * (np.abs(thr) + 1.0)
    s = score[:, None] + tol
    return np.select([s[:, 0] >= thr[:, 0], s[:, 1] >= thr[:, 1]], [1, 2], 3).astype(np.int8)


def rank_bands(cands: CandidateSet, emb_idx: np.ndarray, cand: np.ndarray) -> np.ndarray:
    """Band index (into :data:`RANK_BANDS`) of each released candidate ``cand`` for ``x``.

    ``x`` in ``C``: ``original`` when ``y = x``, else the rank of ``y`` in ``x``'s order of
    candidates (``x`` itself first) against its 10th and 100th neighbours. ``x`` with an
    embedding outside ``C``: rank ``1 + j`` of ``y`` among its nearest candidates. ``x``
    without an embedding: ``no_embedding``. Ranks are decided by comparing ``y``'s score with
    the scores of the 10th and 100th neighbours (:func:`~privtext.embeddings
    .rank_score_thresholds`, one partial sort per distinct word, cached), never a sorted list.

    Args:
        cands: the candidate set.
        emb_idx: int64 ``[T]`` embedding rows of the original words (-1: no embedding).
        cand: int64 ``[T]`` candidate positions of the released words.

    Returns:
        int8 ``[T]`` in 0..4.
    """
    x = np.asarray(emb_idx, dtype=np.int64).reshape(-1)
    y = np.asarray(cand, dtype=np.int64).reshape(-1)
    band = np.full(x.shape, _NO_EMBEDDING, dtype=np.int8)
    has = x >= 0
    if not has.any():
        return band
    xc = np.full(x.shape, -1, dtype=np.int64)
    xc[has] = cands.to_candidate(x[has])
    n_c = len(cands)
    inside = np.flatnonzero(xc >= 0)
    if inside.size:
        xi, yi = xc[inside], y[inside]
        b = np.zeros(inside.size, dtype=np.int8)
        other = xi != yi
        if other.any() and n_c > 1:
            piv, yo = xi[other], yi[other]
            vecs = cands.vectors[piv]
            ranks = (min(10, n_c - 1), min(100, n_c - 1))
            thr = rank_score_thresholds(cands, piv, vecs, ranks, exclude_first=piv)
            b[other] = _band_of_score(neighbour_scores(cands, vecs, yo), thr)
        band[inside] = b
    outside = np.flatnonzero(has & (xc < 0))
    if outside.size:
        xo, yo = x[outside], y[outside]
        vecs = np.asarray(cands.emb.vectors[xo], dtype=np.float32)
        ranks = (min(9, n_c - 1), min(99, n_c - 1))
        thr = rank_score_thresholds(cands, -1 - xo, vecs, ranks)
        band[outside] = _band_of_score(neighbour_scores(cands, vecs, yo), thr)
    return band


class WordMechanism(Protocol):
    """What the sanitizer needs from a word mechanism (EM or Laplace-NN)."""

    name: str

    def uniforms_needed(self) -> int: ...

    def sample(self, emb_idx: np.ndarray, eps: float, u: np.ndarray) -> np.ndarray: ...


@dataclass(frozen=True, slots=True)
class Unit:
    """One replaced (or kept) unit of a document: a word token or a whole pattern span."""

    position: int
    start: int
    end: int
    original: str
    replacement: str
    tier: str
    entity_type: str | None
    operator: str


@dataclass(slots=True)
class DocResult:
    """Sanitization of one document."""

    sanitized_text: str
    n_tokens: int
    n_spans: int
    units: list[Unit] = field(default_factory=list)
    ledger: list[dict[str, Any]] = field(default_factory=list)
    pii_surrogate_leaks: int = 0
    kept_by_mechanism: int = 0


class Sanitizer:
    """Apply the tier policy and the word mechanism to batches of documents.

    Args:
        policy: the tier policy (entity type -> tier, operator, min score).
        lookup: maps normalised words to embedding indices (-1 when absent).
        candidate_words: the words of the candidate set ``C`` (index = candidate index).
        mechanism: the word mechanism; its ``sample`` returns candidate indices.
        tier_epsilon: ``{"PII": eps_PII, "PoII": eps_PoII}``.
        noise: keyed noise source.
        record_all_tokens: also return untouched tokens as units (for the ``tokens`` table).
        perturb_all_words: every word token outside a tagged span is perturbed by the mechanism
            as PoII (entity type ``WORD``): the whole-text sanitization of the metric-DP
            literature (SanText; Feyisetan et al.). Tagged spans keep their own tier.
        consistent_mentions: the mechanism draws once per distinct word of a tier in a document
            (the noise of its first mention) and releases that draw at every mention; by default
            every mention has its own draw. Each mention's output law is unchanged; the mentions
            of one word are one release instead of several. The guarantee changes with it (module
            docstring, "Privacy accounting"), and the ledger's mechanism name gets
            ``+one-draw-per-word``.
        cands: the candidate set, for the rank record (default: ``mechanism.cands``).
        remap: optional ``{tier: int64 [|C|] table}`` of Bayesian remapping, applied to the
            draw (``y -> table[y]``); the ledger's mechanism name gets ``+remap``.
    """

    def __init__(
        self,
        policy: TierPolicy,
        lookup: Any,
        candidate_words: Sequence[str] | np.ndarray,
        mechanism: WordMechanism,
        tier_epsilon: dict[str, float],
        noise: KeyedNoise,
        record_all_tokens: bool = False,
        perturb_all_words: bool = False,
        consistent_mentions: bool = False,
        cands: CandidateSet | None = None,
        remap: dict[str, np.ndarray] | None = None,
    ) -> None:
        self.policy = policy
        self.lookup = lookup
        self.candidate_words = np.asarray(candidate_words, dtype=object)
        self.mechanism = mechanism
        self.tier_epsilon = dict(tier_epsilon)
        self.noise = noise
        self.record_all_tokens = record_all_tokens
        self.perturb_all_words = perturb_all_words
        self.consistent_mentions = consistent_mentions
        self._hash_key = noise.derived_key("keyed-hash")
        cands = cands if cands is not None else getattr(mechanism, "cands", None)
        if cands is None:
            raise ValueError("Sanitizer needs the candidate set (cands=) for the rank record")
        self.cands: CandidateSet = cands
        self.remap: dict[str, np.ndarray] | None = None
        if remap:
            n_c = len(self.candidate_words)
            self.remap = {}
            for tier in TIERS:
                table = np.asarray(remap[tier], dtype=np.int64)
                if table.shape != (n_c,) or table.min() < 0 or table.max() >= n_c:
                    raise ValueError(
                        f"remap table of tier {tier} must be int64 [{n_c}] in [0, {n_c}), "
                        f"got shape {table.shape}"
                    )
                self.remap[tier] = table
        self.mechanism_name = (
            mechanism.name
            + ("+one-draw-per-word" if consistent_mentions else "")
            + ("+remap" if self.remap else "")
        )

    # -- policy ----------------------------------------------------------------------------
    def _active_spans(self, spans: Sequence[Span]) -> list[tuple[Span, str, str]]:
        out = []
        for sp in spans:
            rule = self.policy.rule_for(sp.entity_type)
            if rule.tier == "none" or rule.operator == OP_KEEP or sp.score < rule.min_score:
                continue
            out.append((sp, rule.tier, rule.operator))
        out.sort(key=lambda t: (t[0].start, -t[0].end))
        # Defensive: drop spans overlapping an earlier kept one.
        kept: list[tuple[Span, str, str]] = []
        last_end = -1
        for item in out:
            if item[0].start >= last_end:
                kept.append(item)
                last_end = item[0].end
        return kept

    @staticmethod
    def _with_all_words(
        active: list[tuple[Span, str, str]], tk: Tokens
    ) -> list[tuple[Span, str, str]]:
        """Add a PoII mechanism unit for every token outside the active spans."""
        covered = np.zeros(len(tk), dtype=bool)
        for sp, _tier, _op in active:
            first = int(np.searchsorted(tk.starts, sp.start, side="left"))
            last = int(np.searchsorted(tk.starts, sp.end, side="left"))
            covered[first:last] = True
            if first > 0 and tk.ends[first - 1] > sp.start:
                covered[first - 1] = True  # a token cut by the span start stays out
        extra = [
            (Span(int(tk.starts[i]), int(tk.ends[i]), WORD_ENTITY, 1.0, "all_words"), "PoII",
             OP_MECHANISM)
            for i in np.flatnonzero(~covered).tolist()
        ]  # fmt: skip
        merged = active + extra
        merged.sort(key=lambda t: (t[0].start, -t[0].end))
        return merged

    # -- batch -----------------------------------------------------------------------------
    def sanitize_batch(
        self,
        doc_ids: Sequence[str],
        texts: Sequence[str],
        tokens: Sequence[Tokens],
        spans: Sequence[Sequence[Span]],
    ) -> list[DocResult]:
        """Sanitize a batch; returns one :class:`DocResult` per document, in order."""
        n_docs = len(doc_ids)
        doc_keys = self.noise.doc_keys(doc_ids) if n_docs else np.empty(0, dtype=np.uint64)

        # Flat arrays of mechanism tokens, per tier, and the pattern spans.
        mech_doc: dict[str, list[int]] = {t: [] for t in TIERS}
        mech_pos: dict[str, list[int]] = {t: [] for t in TIERS}
        mech_norm: dict[str, list[str]] = {t: [] for t in TIERS}
        mech_meta: dict[str, list[tuple[int, int, str]]] = {t: [] for t in TIERS}
        pat_doc: list[int] = []
        pat_meta: list[tuple[Span, str, str, int]] = []
        per_doc_active: list[list[tuple[Span, str, str]]] = []

        for d in range(n_docs):
            tk = tokens[d]
            active = self._active_spans(spans[d])
            if self.perturb_all_words and len(tk):
                active = self._with_all_words(active, tk)
            per_doc_active.append(active)
            starts = tk.starts
            for sp, tier, op in active:
                first = int(np.searchsorted(starts, sp.start, side="left"))
                if op == OP_MECHANISM:
                    last = int(np.searchsorted(starts, sp.end, side="left"))
                    for i in range(first, last):
                        if tk.ends[i] <= sp.end:
                            mech_doc[tier].append(d)
                            mech_pos[tier].append(i)
                            mech_norm[tier].append(tk.norms[i])
                            mech_meta[tier].append((i, 0, sp.entity_type))
                else:
                    pat_doc.append(d)
                    pat_meta.append((sp, tier, op, first))

        # Vectorised word mechanism, one call per tier.
        replacements: list[dict[int, str]] = [{} for _ in range(n_docs)]
        kept_by_mech = np.zeros(n_docs, dtype=np.int64)
        bands = {t: np.zeros((n_docs, len(RANK_BANDS)), dtype=np.int64) for t in TIERS}
        for tier in TIERS:
            if not mech_doc[tier]:
                continue
            d_arr = np.asarray(mech_doc[tier], dtype=np.int64)
            p_arr = np.asarray(mech_pos[tier], dtype=np.int64)
            emb_idx = self.lookup(mech_norm[tier])
            noise_pos = p_arr
            if self.consistent_mentions:
                # every mention of a word takes the noise of the word's first mention
                first_of: dict[tuple[int, str], int] = {}
                keyed = zip(mech_doc[tier], mech_pos[tier], mech_norm[tier], strict=True)
                noise_pos = np.asarray(
                    [first_of.setdefault((dd, ww), pp) for dd, pp, ww in keyed], dtype=np.int64
                )
            u = self.noise.uniforms(
                doc_keys[d_arr], noise_pos, noise_mod.STREAM_EM, self.mechanism.uniforms_needed()
            )
            cand = self.mechanism.sample(emb_idx, self.tier_epsilon[tier], u)
            if self.remap is not None:
                cand = self.remap[tier][cand]
            np.add.at(bands[tier], (d_arr, rank_bands(self.cands, emb_idx, cand)), 1)
            words = self.candidate_words[cand]
            same = words == np.asarray(mech_norm[tier], dtype=object)
            np.add.at(kept_by_mech, d_arr[same], 1)
            for d, p, w in zip(d_arr.tolist(), p_arr.tolist(), words.tolist(), strict=True):
                replacements[d][p] = w

        # Pattern spans: surrogate / mask / keyed hash.
        span_repl: dict[tuple[int, int], str] = {}
        if pat_doc:
            surrogate_rows = [i for i, m in enumerate(pat_meta) if m[2] == "surrogate"]
            if surrogate_rows:
                d_arr = np.asarray([pat_doc[i] for i in surrogate_rows], dtype=np.int64)
                s_arr = np.asarray([pat_meta[i][0].start for i in surrogate_rows], dtype=np.int64)
                u_sur = self.noise.uniforms(
                    doc_keys[d_arr],
                    s_arr,
                    noise_mod.STREAM_SURROGATE,
                    operators.UNIFORMS_PER_SURROGATE,
                )
            row_of = {i: j for j, i in enumerate(surrogate_rows)}
            for i, (sp, _tier, op, _first) in enumerate(pat_meta):
                d = pat_doc[i]
                original = texts[d][sp.start : sp.end]
                if op == "surrogate":
                    repl = operators.surrogate(sp.entity_type, original, u_sur[row_of[i]])
                elif op == "mask":
                    repl = operators.mask(sp.entity_type, original)
                elif op == "hash":
                    repl = operators.keyed_hash(sp.entity_type, original, self._hash_key)
                else:
                    raise ValueError(f"unknown operator {op!r} for entity {sp.entity_type!r}")
                span_repl[(d, sp.start)] = repl

        return [
            self._assemble(
                d,
                texts[d],
                tokens[d],
                per_doc_active[d],
                replacements[d],
                span_repl,
                int(kept_by_mech[d]),
                {t: bands[t][d] for t in TIERS},
            )
            for d in range(n_docs)
        ]

    def _assemble(
        self,
        d: int,
        text: str,
        tk: Tokens,
        active: list[tuple[Span, str, str]],
        word_repl: dict[int, str],
        span_repl: dict[tuple[int, int], str],
        kept: int,
        bands: dict[str, np.ndarray],
    ) -> DocResult:
        units: list[Unit] = []
        edit_starts: list[int] = []
        edit_ends: list[int] = []
        edit_text: list[str] = []
        counts = {t: 0 for t in TIERS}
        span_counts = {t: 0 for t in TIERS}
        ops_used: dict[str, set[str]] = {t: set() for t in TIERS}
        leaks = 0
        covered = np.zeros(len(tk), dtype=bool)
        # token ranges of all spans at once (one searchsorted per document, not per span)
        bounds = np.searchsorted(
            tk.starts,
            np.asarray([(sp.start, sp.end) for sp, _, _ in active], dtype=np.int64).reshape(-1),
            side="left",
        ).tolist()
        for j, (sp, tier, op) in enumerate(active):
            ops_used[tier].add(op)
            first, last = bounds[2 * j], bounds[2 * j + 1]
            if op == OP_MECHANISM:
                for i in range(first, last):
                    if i not in word_repl:
                        continue
                    covered[i] = True
                    orig = tk.texts[i]
                    repl = match_case(word_repl[i], orig)
                    s, e = int(tk.starts[i]), int(tk.ends[i])
                    edit_starts.append(s)
                    edit_ends.append(e)
                    edit_text.append(repl)
                    counts[tier] += 1
                    units.append(Unit(i, s, e, orig, repl, tier, sp.entity_type, op))
            else:
                repl = span_repl[(d, sp.start)]
                covered[first:last] = True
                edit_starts.append(sp.start)
                edit_ends.append(sp.end)
                edit_text.append(repl)
                span_counts[tier] += 1
                units.append(
                    Unit(
                        first,
                        sp.start,
                        sp.end,
                        text[sp.start : sp.end],
                        repl,
                        tier,
                        sp.entity_type,
                        op,
                    )
                )
        order = np.argsort(np.asarray(edit_starts, dtype=np.int64), kind="stable")
        starts = np.asarray(edit_starts, dtype=np.int64)[order]
        ends = np.asarray(edit_ends, dtype=np.int64)[order]
        new_text = rebuild(text, starts, ends, [edit_text[i] for i in order])
        # Pattern-span originals must not survive anywhere in the release (as a whole token:
        # a short number inside a longer one, or letters inside a word, is not that value).
        for u in units:
            if u.operator != OP_MECHANISM and u.tier == "PII" and _occurs(u.original, new_text):
                leaks += 1
        if self.record_all_tokens:
            for i in np.flatnonzero(~covered).tolist():
                units.append(
                    Unit(
                        i,
                        int(tk.starts[i]),
                        int(tk.ends[i]),
                        tk.texts[i],
                        tk.texts[i],
                        "none",
                        None,
                        OP_KEEP,
                    )
                )
            units.sort(key=lambda u: u.start)
        mech_name = self.mechanism_name
        ledger = [
            {
                "tier": tier,
                "mechanism": mech_name,
                "tokens_perturbed": counts[tier],
                "spans_replaced": span_counts[tier],
                "operators": ",".join(sorted(ops_used[tier])),
                "epsilon_per_token": float(self.tier_epsilon[tier]),
                "epsilon_sum": float(self.tier_epsilon[tier] * counts[tier]),
                **{c: int(n) for c, n in zip(RANK_COLUMNS, bands[tier].tolist(), strict=True)},
            }
            for tier in TIERS
        ]
        return DocResult(
            sanitized_text=new_text,
            n_tokens=len(tk),
            n_spans=len(active),
            units=units,
            ledger=ledger,
            pii_surrogate_leaks=leaks,
            kept_by_mechanism=kept,
        )


def _occurs(value: str, text: str) -> bool:
    """Whether ``value`` occurs in ``text`` not glued to a letter or digit on either side."""
    start = text.find(value)
    while start >= 0:
        end = start + len(value)
        before_ok = start == 0 or not text[start - 1].isalnum()
        after_ok = end == len(text) or not text[end].isalnum()
        if before_ok and after_ok:
            return True
        start = text.find(value, start + 1)
    return False
