"""Exponential mechanism (EM) over a fixed candidate set with the embedding distance.

Guarantee. For a candidate set ``C`` that does not depend on the input and
``d(x, y) = ||phi(x) - phi(y)||_2``, the mechanism

.. math::

    P[y \\mid x] = \\frac{\\exp(-\\varepsilon\\, d(x, y) / 2)}
                        {\\sum_{y' \\in C} \\exp(-\\varepsilon\\, d(x, y') / 2)},
    \\qquad y \\in C,

is :math:`\\varepsilon`-metric-DP w.r.t. :math:`d`: for all words :math:`x, x'` and
:math:`y \\in C`,
:math:`P[y \\mid x] \\le e^{\\varepsilon d(x, x')} P[y \\mid x']`
(the numerator changes by at most :math:`e^{\\varepsilon d(x,x')/2}` by the triangle inequality,
and so does the normaliser). A word without an embedding gets the uniform law on ``C`` (the
:math:`\\varepsilon = 0` case), which is 0-DP.

Implementation. The occurrences of a batch are grouped by distinct word, and each token is drawn
from its own uniform ``u`` by a two-level inverse CDF over ``C`` cut into blocks of ``B``
candidates (``B`` a power of two, about ``|C| / 512``; 128 at ``|C| = 50,000``):

1. *Block.* One float64 pass over all of ``C`` per distinct word gives the block masses
   ``M_k = sum_{j in block k} exp(m - eps/2 d(x, c_j))``: matrix products of augmented vectors
   in column chunks that stay in cache (entries close to 0, where the expansion
   ``||q||^2 - 2 q.c + ||c||^2`` cancels, are recomputed directly, and a word's distance to
   itself is exactly 0, so distances are accurate to about ``1e-11``), square root, shift,
   exp, block sums. The shift ``m`` (the log-sum-exp trick) is a lower bound of the row
   minimum of ``eps/2 d`` (0 for a candidate, whose self distance is 0; else the triangle
   bound ``eps/2 min_c | ||x|| - ||c|| |``), so no term exceeds 1; a row whose bound is so
   loose that its whole mass is below ``e^-500`` (huge ``eps``) is redone with its exact
   minimum. The block is ``k = searchsorted(cumsum(M), u * sum(M), "right")``.
2. *Candidate.* The ``B`` terms of block ``k`` are recomputed the same way for each distinct
   (word, block) of the batch and cumulated; the candidate is the inverse CDF of the token's
   position inside the block's mass, ``(u sum(M) - cumsum(M)_{k-1}) / M_k``.

So ``P[c_j] = (M_k / sum M) (e_j / sum_{i in k} e_i)``, the exact law up to float64 rounding
(:meth:`ExponentialMechanism.law`): as with any float64 inverse CDF, each candidate's interval
is rounded to the spacing of the cumulated sums, an absolute error of at most about
``2e-16 M_k / sum M`` per candidate (a one-level CDF over ``C``: ``2e-16``), so laws agree to
about ``1e-15`` absolute, and probabilities far below that are not resolved (nor are they by a
53-bit uniform). The draw is a deterministic function of ``(word, eps, u)``, whatever the cache
and the batching.

Cache. Only the first level is cached: ``1 + |C| / B`` float64 per ``(word, eps)`` (3 KiB at
``|C| = 50,000``) instead of a whole CDF row (400 KiB), so the default 512 MiB holds about
170,000 words and a Zipfian job soon finds nearly every word; the second level costs ``B``
distances per distinct (word, block) of a batch. Admission is by frequency (batches in which
the word occurred, halved every 2^20 observations): a missed word replaces the rarest cached
word only if it is more frequent, so one-off words do not flush the frequent ones (plain LRU
did: a batch of 5,000 Zipf tokens has about 2,400 distinct words).
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict

import numpy as np
from scipy.special import logsumexp

from privtext.embeddings import CandidateSet
from privtext.errors import ConfigError, InputError

_BLOCK_BYTES = 16 * 1024 * 1024
DEFAULT_CACHE_BYTES = 512 * 1024 * 1024
_COARSE_BLOCKS = 512
_MIN_FINE_BLOCK = 32
_MAX_EPS = 8
_AGE_EVERY = 1 << 20
_CHUNK_COLS = 2048
_CHUNK_BYTES = 2 * 1024 * 1024


def validate_eps(eps: float, field: str = "eps") -> float:
    """Return ``eps`` as a float, or raise :class:`ConfigError` naming ``field`` and the value.

    Raises:
        ConfigError: ``eps`` is not a finite number > 0.
    """
    try:
        ok = not isinstance(eps, bool) and math.isfinite(float(eps)) and float(eps) > 0
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise ConfigError(f"{field} must be a finite number > 0, got {eps!r}")
    return float(eps)


def check_emb_idx(emb_idx: np.ndarray, n_vocab: int) -> np.ndarray:
    """1-D int64 embedding rows in ``[-1, n_vocab)`` (``-1`` = no embedding)."""
    idx = np.asarray(emb_idx)
    if idx.ndim != 1:
        raise InputError(f"emb_idx must be 1-D, got shape {idx.shape}")
    if idx.size and not np.issubdtype(idx.dtype, np.integer):
        raise InputError(f"emb_idx must be integers, got dtype {idx.dtype}")
    idx = idx.astype(np.int64, copy=False)
    if idx.size and (idx.min() < -1 or idx.max() >= n_vocab):
        bad = idx[(idx < -1) | (idx >= n_vocab)][0]
        raise InputError(f"emb_idx must be in [-1, {n_vocab}), got {int(bad)}")
    return idx


def check_uniforms(u: np.ndarray, n_tokens: int, width: int, field: str = "u") -> np.ndarray:
    """float64 ``[T, width]`` uniforms strictly inside (0, 1); ``[T]`` accepted when width is 1."""
    arr = np.asarray(u, dtype=np.float64)
    if arr.ndim == 1 and width == 1:
        arr = arr[:, None]
    if arr.ndim != 2 or arr.shape[0] != n_tokens or arr.shape[1] < width:
        raise InputError(f"{field} must have shape ({n_tokens}, {width}), got {arr.shape}")
    arr = arr[:, :width]
    if arr.size and not np.all((arr > 0.0) & (arr < 1.0)):
        raise InputError(f"{field} must lie strictly inside (0, 1)")
    return arr


def uniform_candidates(u: np.ndarray, n_cands: int) -> np.ndarray:
    """Uniform draw on ``{0, ..., n_cands - 1}`` from uniforms in (0, 1): ``floor(u * |C|)``."""
    return np.minimum((u * n_cands).astype(np.int64), n_cands - 1)


def scaled_distances64(
    cands: CandidateSet,
    q: np.ndarray,
    scale: float = 1.0,
    self_pos: np.ndarray | None = None,
    out: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """float64 ``scale * d(q_i, c_j)`` for all candidates, and each row's minimum.

    One matrix product gives ``scale^2 (||q||^2 - 2 q.c + ||c||^2)``. Entries where the
    expansion loses precision (below ``1e-6 scale^2 (||q||^2 + max ||c||^2)``) are recomputed
    directly, and ``d(q_i, c_j)`` is exactly 0 where ``self_pos[i] == j`` (the query is that
    candidate), so distances are accurate to about ``1e-11 scale``.

    Args:
        cands: the candidate set.
        q: ``[b, n]`` query vectors.
        scale: a factor > 0 applied to every distance (``eps / 2`` for EM).
        self_pos: optional int64 ``[b]`` candidate position of each query (``-1``: none).
        out: optional float64 buffer of at least ``b * |C|`` entries.

    Returns:
        ``(dist [b, |C|], row_min [b])``.
    """
    q = np.ascontiguousarray(q, dtype=np.float64)
    b, n_c = q.shape[0], len(cands)
    aug = cands.augmented64()
    s2 = float(scale) * float(scale)
    q_aug = np.empty((b, q.shape[1] + 1), dtype=np.float64)
    np.multiply(q, -2.0 * s2, out=q_aug[:, :-1])
    q_aug[:, -1] = s2
    q_sq = s2 * np.einsum("ij,ij->i", q, q)
    g = np.empty((b, n_c), dtype=np.float64) if out is None else out.reshape(-1)[: b * n_c]
    g = g.reshape(b, n_c)
    np.matmul(q_aug, aug.T, out=g)
    g += q_sq[:, None]
    rows_self = np.empty(0, dtype=np.int64)
    if self_pos is not None:
        rows_self = np.flatnonzero(self_pos >= 0)
        g[rows_self, self_pos[rows_self]] = np.inf
    row_min = g.min(axis=1)
    tau = 1e-6 * (q_sq + s2 * float(aug[:, -1].max()))
    for r in np.flatnonzero(row_min < tau).tolist():
        cols = np.flatnonzero(g[r] < tau[r])
        diff = cands.vectors64()[cols] - q[r]
        g[r, cols] = s2 * np.einsum("ij,ij->i", diff, diff)
        row_min[r] = g[r].min()
    if self_pos is not None and rows_self.size:
        g[rows_self, self_pos[rows_self]] = 0.0
        row_min[rows_self] = 0.0
    np.sqrt(g, out=g)
    np.sqrt(np.maximum(row_min, 0.0), out=row_min)
    return g, row_min


def fine_block_size(n_cands: int) -> int:
    """Candidates per block of the two-level inverse CDF: a power of two >= 32, about |C|/512.

    So a cached word costs at most about 512 float64 (4 KiB) whatever ``|C|`` (``B = 128`` and
    391 blocks at ``|C| = 50,000``), and the second level recomputes ``B`` distances per
    distinct (word, block) of a batch.
    """
    target = max(1, -(-int(n_cands) // _COARSE_BLOCKS))
    return max(_MIN_FINE_BLOCK, 1 << (target - 1).bit_length())


def vsearch_right(table: np.ndarray, rows: np.ndarray, vals: np.ndarray, col0: int, n: int):
    """Vectorised ``searchsorted(table[r, col0:col0+n], v, side="right")`` for each ``(r, v)``.

    Rows must be non-decreasing over those columns; the result (the number of entries ``<= v``)
    is then the same as numpy's ``searchsorted``. int64 ``[len(rows)]``.
    """
    lo = np.zeros(rows.shape[0], dtype=np.int64)
    hi = np.full(rows.shape[0], n, dtype=np.int64)
    act = np.flatnonzero(lo < hi)
    while act.size:
        mid = (lo[act] + hi[act]) >> 1
        go = table[rows[act], col0 + mid] <= vals[act]
        lo[act] = np.where(go, mid + 1, lo[act])
        hi[act] = np.where(go, hi[act], mid)
        act = act[lo[act] < hi[act]]
    return lo


class _EpsCache:
    """Per-``eps`` bookkeeping: slot of each embedding row (-1: not cached) and its frequency."""

    __slots__ = ("counts", "ident", "seen", "slot_of")

    def __init__(self, ident: int, n_vocab: int) -> None:
        self.ident = ident
        self.slot_of = np.full(n_vocab, -1, dtype=np.int64)
        self.counts = np.zeros(n_vocab, dtype=np.int32)  # batches in which the word occurred
        self.seen = 0


class ExponentialMechanism:
    """Exponential mechanism with utility ``-d(x, y)`` over a fixed candidate set.

    Guarantee (``eps``-metric-DP w.r.t. ``d``):

    .. math::

        P[y \\mid x] = \\frac{e^{-\\varepsilon d(x,y)/2}}{\\sum_{y' \\in C}
        e^{-\\varepsilon d(x,y')/2}}, \\qquad
        \\frac{P[y \\mid x]}{P[y \\mid x']} \\le e^{\\varepsilon d(x, x')}.

    Words without an embedding (``emb_idx == -1``) are drawn uniformly from ``C`` (0-DP).

    The draw is a two-level inverse CDF (see the module docstring): a block of ``B``
    candidates from the cumulated block masses (one float64 log-sum-exp pass over all of ``C``,
    cached per ``(word, eps)``: ``|C| / B + 1`` float64), then the candidate inside the block
    from that block's ``B`` distances, recomputed directly in float64.

    Args:
        cands: the candidate set ``C`` (must not depend on the input words).
        cache_bytes: memory bound of the cache of block masses, at most 4 KiB per distinct
            ``(word, eps)`` (the default 512 MiB holds about 170,000 words at ``|C|`` = 50,000);
            the most frequent words (batches seen, halved every 2^20 observations) stay.
        block_size: ``B``, candidates per block (default :func:`fine_block_size`).

    Attributes:
        uniforms_per_token: 1 (column 0 of ``u``).
        cache_hits, cache_misses: distinct ``(word, eps)`` per batch found / not found.
        miss_seconds: time spent on the ``|C|``-wide pass of missed words.
    """

    name = "em"
    uniforms_per_token = 1

    def __init__(
        self,
        cands: CandidateSet,
        cache_bytes: int = DEFAULT_CACHE_BYTES,
        block_size: int | None = None,
    ) -> None:
        if not isinstance(cands, CandidateSet):
            raise ConfigError(f"cands must be a CandidateSet, got {type(cands).__name__}")
        if isinstance(cache_bytes, bool) or not isinstance(cache_bytes, int) or cache_bytes < 0:
            raise ConfigError(f"cache_bytes must be an integer >= 0, got {cache_bytes!r}")
        n = len(cands)
        if block_size is None:
            block_size = fine_block_size(n)
        if isinstance(block_size, bool) or not isinstance(block_size, int) or block_size < 1:
            raise ConfigError(f"block_size must be an integer >= 1, got {block_size!r}")
        self.cands = cands
        self.cache_bytes = cache_bytes
        self.fine = int(min(block_size, n))
        self.n_blocks = -(-n // self.fine)
        self.entry_bytes = 8 * (self.n_blocks + 1)
        self.cache_entries = int(cache_bytes // self.entry_bytes)
        self.block = int(max(1, min(256, _BLOCK_BYTES // (8 * n))))
        # coarse pass: column chunks of about 2,048 candidates (a multiple of B) x up to 128 words
        self.chunk = int(min(n, max(self.fine, (_CHUNK_COLS // self.fine) * self.fine)))
        self.miss_block = int(max(1, min(128, _CHUNK_BYTES // (8 * self.chunk))))
        self._norms_sorted: np.ndarray | None = None
        self._aug64: np.ndarray | None = None
        self._c_sq_max: float | None = None
        self._bsum = np.empty(0)
        self._ones = np.empty(0)
        self._c_max = math.sqrt(float(cands.sq_norms.max())) * (1 + 1e-6)
        # cache: slab row = [row min of eps/2 d, cumulated block masses (n_blocks)]; allocated
        # lazily (untouched pages cost nothing)
        self._slab: np.ndarray | None = None
        self._slot_word = np.full(self.cache_entries, -1, dtype=np.int64)
        self._slot_eps = np.full(self.cache_entries, -1, dtype=np.int64)
        self._eps: OrderedDict[float, _EpsCache] = OrderedDict()
        self._next_eps_id = 0
        self._work: np.ndarray | None = None
        self._lock = threading.Lock()
        self.cache_hits = 0
        self.cache_misses = 0
        self.miss_seconds = 0.0

    def __repr__(self) -> str:
        return f"ExponentialMechanism(|C|={len(self.cands)}, B={self.fine})"

    def __reduce__(self):
        """Pickles as (candidate set, cache bound, block size); the cache stays behind."""
        return (ExponentialMechanism, (self.cands, self.cache_bytes, self.fine))

    def log_probs(self, emb_idx: int, eps: float) -> np.ndarray:
        """Exact ``log P[y | x]`` for all ``y`` in ``C`` (float64 ``[|C|]``).

        Distances are computed directly as ``||phi(y) - phi(x)||`` in float64.

        Args:
            emb_idx: embedding row of ``x`` (``-1``: no embedding, uniform law).
            eps: the budget, finite and > 0.
        """
        eps = validate_eps(eps)
        x = int(check_emb_idx(np.asarray([emb_idx]), len(self.cands.emb))[0])
        n = len(self.cands)
        if x < 0:
            return np.full(n, -math.log(n))
        q = np.asarray(self.cands.emb.vectors[x], dtype=np.float64)
        diff = self.cands.vectors64() - q[None, :]
        d = np.sqrt(np.einsum("ij,ij->i", diff, diff))
        logits = -0.5 * eps * d
        return logits - logsumexp(logits)

    def _shifted_logits(self, words: np.ndarray, eps: float, out: np.ndarray):
        """``(s, row_min)``: ``s [b, |C|] = -eps/2 (d(x, c_j) - min_j d(x, c_j))`` in ``out``."""
        q = np.asarray(self.cands.emb.vectors[words], dtype=np.float64)
        g, row_min = scaled_distances64(
            self.cands, q, 0.5 * eps, self.cands.to_candidate(words), out=out
        )
        np.subtract(row_min[:, None], g, out=g)  # -eps/2 d, shifted so the row max is 0
        if 0.5 * eps * (math.sqrt(float(np.max(np.einsum("ij,ij->i", q, q)))) + self._c_max) > 700:
            # exp() underflow is ~10x slower; exp(-700) is ~1e-304, absorbed by any row total
            # (>= 1), so flooring changes no draw and never widens a likelihood ratio.
            np.maximum(g, -700.0, out=g)
        return g, row_min

    def _unnormalised_cdfs(self, words: np.ndarray, eps: float, out: np.ndarray) -> np.ndarray:
        """Rows ``cumsum_j exp(-eps/2 (d(x, c_j) - min_j d(x, c_j)))`` (``[b, |C|]`` in ``out``).

        The one-level CDF of the same law (a reference for tests; :meth:`sample` uses the
        two-level form).
        """
        g, _ = self._shifted_logits(words, eps, out)
        np.exp(g, out=g)
        np.cumsum(g, axis=1, out=g)
        return g

    def _aug(self) -> np.ndarray:
        """float64 ``[|C|, n + 2]``: ``[c, ||c||^2, 1]``, so that one matrix product with
        ``[-2 s^2 q, s^2, s^2 ||q||^2]`` gives ``s^2 ||q - c||^2`` (made once)."""
        if self._aug64 is None:
            v = self.cands.vectors64()
            aug = np.empty((v.shape[0], v.shape[1] + 2), dtype=np.float64)
            aug[:, :-2] = v
            aug[:, -2] = np.einsum("ij,ij->i", v, v)
            aug[:, -1] = 1.0
            self._aug64 = aug
        return self._aug64

    def _query_aug(self, q: np.ndarray, s2: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(q_aug [b, n + 2], s^2 ||q||^2, tau)`` for :meth:`_aug` (``tau``: below it the
        expansion may have lost precision and the entry is recomputed directly)."""
        q_sq = s2 * np.einsum("ij,ij->i", q, q)
        q_aug = np.empty((q.shape[0], q.shape[1] + 2), dtype=np.float64)
        np.multiply(q, -2.0 * s2, out=q_aug[:, :-2])
        q_aug[:, -2] = s2
        q_aug[:, -1] = q_sq
        if self._c_sq_max is None:
            self._c_sq_max = float(self._aug()[:, -2].max())
        return q_aug, q_sq, 1e-6 * (q_sq + s2 * self._c_sq_max)

    def _shift_bounds(self, q: np.ndarray, words: np.ndarray, half: float) -> np.ndarray:
        """A lower bound of each row's minimum of ``eps/2 d``: 0 for a candidate (its self distance
        is exactly 0), else ``eps/2 min_c | ||x|| - ||c|| |`` (triangle inequality)."""
        if self._norms_sorted is None:
            self._norms_sorted = np.sort(np.sqrt(self._aug()[:, -2]))
        ns = self._norms_sorted
        r = np.sqrt(np.einsum("ij,ij->i", q, q))
        k = np.searchsorted(ns, r)
        below = np.abs(r - ns[np.maximum(k - 1, 0)])
        above = np.abs(ns[np.minimum(k, ns.size - 1)] - r)
        lb = half * np.minimum(below, above) * (1.0 - 1e-9)
        lb[self.cands.to_candidate(words) >= 0] = 0.0
        return lb

    def _coarse_rows(self, words: np.ndarray, eps: float, out: np.ndarray) -> np.ndarray:
        """``[b, 1 + n_blocks]``: the shift ``m``, then cumulated block masses
        ``sum_{j in block} exp(m - eps/2 d(x, c_j))``.

        One pass over ``C`` in column chunks that stay in cache: float64 matrix product of the
        augmented vectors (``||q||^2 - 2 q.c + ||c||^2``, entries that lose precision recomputed
        directly, the self distance exactly 0), square root, shift, exp, block sums. The shift
        ``m`` is a lower bound of the row minimum (so no logit is > 0, see
        :meth:`_shift_bounds`); a row whose bound is so loose that its whole mass would be below
        ``e^-500`` is redone with its exact minimum.
        """
        cands = self.cands
        n, B, b = len(cands), self.fine, words.shape[0]
        half = 0.5 * eps
        s2 = half * half
        q = np.ascontiguousarray(cands.emb.vectors[words], dtype=np.float64)
        aug = self._aug()
        v64 = cands.vectors64()
        q_aug, q_sq, tau = self._query_aug(q, s2)
        self_pos = cands.to_candidate(words)
        floor = half * (math.sqrt(float(np.max(q_sq / s2))) + self._c_max) > 700
        shift = self._shift_bounds(q, words, half)
        if self._work is None:
            self._work = np.empty(self.miss_block * self.chunk, dtype=np.float64)
            self._bsum = np.empty(self.miss_block * (self.chunk // B), dtype=np.float64)
            self._ones = np.ones(B, dtype=np.float64)
        rmin = np.full(b, np.inf)
        masses = out[:b, 1:]
        for c0 in range(0, n, self.chunk):
            w = min(self.chunk, n - c0)
            g = self._work[: b * w].reshape(b, w)
            np.matmul(q_aug, aug[c0 : c0 + w].T, out=g)
            rs = np.flatnonzero((self_pos >= c0) & (self_pos < c0 + w))
            g[rs, self_pos[rs] - c0] = np.inf
            cm = g.min(axis=1)
            for r in np.flatnonzero(cm < tau).tolist():
                cols = np.flatnonzero(g[r] < tau[r])
                diff = v64[c0 + cols] - q[r]
                g[r, cols] = s2 * np.einsum("ij,ij->i", diff, diff)
                cm[r] = g[r].min()
            g[rs, self_pos[rs] - c0] = 0.0
            cm[rs] = 0.0
            np.minimum(rmin, cm, out=rmin)
            np.sqrt(g, out=g)
            np.subtract(shift[:, None], g, out=g)
            if floor:
                # exp() underflow is ~10x slower; exp(-700) is ~1e-304, absorbed by any row
                # total, so flooring changes no draw and never widens a likelihood ratio.
                np.maximum(g, -700.0, out=g)
            np.exp(g, out=g)
            k0, fw = c0 // B, (w // B) * B
            nf = fw // B
            np.matmul(g[:, :fw].reshape(b * nf, B), self._ones, out=self._bsum[: b * nf])
            masses[:, k0 : k0 + nf] = self._bsum[: b * nf].reshape(b, nf)
            if fw < w:
                masses[:, k0 + fw // B] = g[:, fw:].sum(axis=1)
        np.cumsum(masses, axis=1, out=masses)
        out[:b, 0] = shift
        redo = np.flatnonzero(masses[:, -1] < math.exp(-500.0))
        if redo.size:  # the bound was too loose (huge eps): shift by the exact minimum
            g, row_min = self._shifted_logits(words[redo], eps, np.empty(redo.size * n))
            np.exp(g, out=g)
            for i, r in enumerate(redo.tolist()):
                m = np.zeros(self.n_blocks)
                np.add.reduceat(g[i], np.arange(0, n, B), out=m)
                out[r, 1:] = np.cumsum(m)
                out[r, 0] = row_min[i]
        return out[:b]

    def _state(self, eps: float) -> _EpsCache:
        st = self._eps.get(eps)
        if st is None:
            if len(self._eps) >= _MAX_EPS:  # forget the least recently used eps
                _, old = self._eps.popitem(last=False)
                self._slot_word[self._slot_eps == old.ident] = -1
                self._slot_eps[self._slot_eps == old.ident] = -1
            st = _EpsCache(self._next_eps_id, len(self.cands.emb))
            self._next_eps_id += 1
            self._eps[eps] = st
        else:
            self._eps.move_to_end(eps)
        return st

    def _admit(self, st: _EpsCache, miss_words: np.ndarray) -> np.ndarray:
        """Slots for the missed words worth caching (``-1``: not cached), evicting rarer words."""
        slots = np.full(miss_words.size, -1, dtype=np.int64)
        if not self.cache_entries or not miss_words.size:
            return slots
        cnt = st.counts[miss_words]
        order = np.argsort(-cnt, kind="stable")
        free = np.flatnonzero(self._slot_word < 0)
        n_free = min(free.size, order.size)
        slots[order[:n_free]] = free[:n_free]
        rest = order[n_free:]
        if rest.size:
            vcnt = np.zeros(self.cache_entries, dtype=np.int64)
            for other in self._eps.values():
                own = np.flatnonzero(self._slot_eps == other.ident)
                vcnt[own] = other.counts[self._slot_word[own]]
            if n_free:
                vcnt[free[:n_free]] = np.iinfo(np.int64).max  # just taken
            m = min(rest.size, self.cache_entries)
            victims = np.argpartition(vcnt, m - 1)[:m] if m < vcnt.size else np.arange(m)
            victims = victims[np.argsort(vcnt[victims], kind="stable")]
            ok = cnt[rest[:m]] > vcnt[victims]
            n_adm = m if ok.all() else int(np.argmin(ok))
            victims = victims[:n_adm]
            for other in self._eps.values():
                own = victims[self._slot_eps[victims] == other.ident]
                other.slot_of[self._slot_word[own]] = -1
            slots[rest[:n_adm]] = victims
        taken = slots[slots >= 0]
        self._slot_word[taken] = miss_words[slots >= 0]
        self._slot_eps[taken] = st.ident
        st.slot_of[miss_words[slots >= 0]] = taken
        return slots

    def sample(self, emb_idx: np.ndarray, eps: float, u: np.ndarray) -> np.ndarray:
        """Draw one candidate per token.

        Args:
            emb_idx: int64 ``[T]`` embedding rows (``-1``: no embedding).
            eps: the budget ``eps_l`` (finite, > 0), the same for the whole batch.
            u: float64 ``[T]`` or ``[T, 1]`` uniforms in (0, 1); the draw is a deterministic
                function of ``(emb_idx, eps, u)`` (not of the cache or the batching).

        Returns:
            int64 ``[T]`` candidate positions (index into ``cands.words``).
        """
        eps = validate_eps(eps)
        idx = check_emb_idx(emb_idx, len(self.cands.emb))
        uu = check_uniforms(u, idx.shape[0], 1)[:, 0]
        n = len(self.cands)
        out = np.empty(idx.shape[0], dtype=np.int64)
        if idx.size == 0:
            return out
        oov = idx < 0
        if oov.any():
            out[oov] = uniform_candidates(uu[oov], n)
        known = np.flatnonzero(~oov)
        if known.size == 0:
            return out
        words, inv = np.unique(idx[known], return_inverse=True)
        u_k = uu[known]
        nb = self.n_blocks
        n_w = words.size
        row_min = np.empty(n_w, dtype=np.float64)
        blk = np.empty(known.size, dtype=np.int64)  # first level: block of each token
        frac = np.empty(known.size, dtype=np.float64)  # position inside its block's mass

        def first_level(table: np.ndarray, rows: np.ndarray, toks: np.ndarray) -> None:
            t = u_k[toks] * table[rows, nb]
            k = np.minimum(vsearch_right(table, rows, t, 1, nb), nb - 1)
            hi = table[rows, 1 + k]
            lo = np.where(k > 0, table[rows, np.maximum(k, 1)], 0.0)
            lo[k == 0] = 0.0
            mass = hi - lo
            f = np.divide(t - lo, mass, out=np.zeros_like(t), where=mass > 0)
            blk[toks] = k
            frac[toks] = np.clip(f, 0.0, 1.0)

        with self._lock:
            st = self._state(eps)
            st.counts[words] += 1
            st.seen += n_w
            if st.seen >= _AGE_EVERY:
                st.counts >>= 1
                st.seen = 0
            slots = st.slot_of[words]
            hit = slots >= 0
            n_hit = int(hit.sum())
            self.cache_hits += n_hit
            self.cache_misses += n_w - n_hit
            tok_slot = slots[inv]
            hit_toks = np.flatnonzero(tok_slot >= 0)
            if n_hit:
                assert self._slab is not None
                row_min[hit] = self._slab[slots[hit], 0]
                first_level(self._slab, tok_slot[hit_toks], hit_toks)
            if n_hit < n_w:
                t0 = time.perf_counter()
                mj = np.flatnonzero(~hit)
                new_slots = self._admit(st, words[mj])
                if self._slab is None and (new_slots >= 0).any():
                    self._slab = np.empty((self.cache_entries, nb + 1), dtype=np.float64)
                local = np.empty((self.miss_block, nb + 1), dtype=np.float64)
                row_of = np.full(n_w, -1, dtype=np.int64)
                tok_word_miss = np.flatnonzero(tok_slot < 0)
                order = tok_word_miss[np.argsort(inv[tok_word_miss], kind="stable")]
                w_sorted = inv[order]
                for s in range(0, mj.size, self.miss_block):
                    js = mj[s : s + self.miss_block]
                    rows = self._coarse_rows(words[js], eps, local)
                    row_min[js] = rows[:, 0]
                    a, b = np.searchsorted(w_sorted, [js[0], js[-1] + 1])
                    toks = order[a:b]
                    row_of[js] = np.arange(js.size)
                    first_level(rows, row_of[inv[toks]], toks)
                    keep = new_slots[s : s + self.miss_block]
                    if self._slab is not None and (keep >= 0).any():
                        self._slab[keep[keep >= 0]] = rows[keep >= 0]
                self.miss_seconds += time.perf_counter() - t0
        out[known] = self._second_level(words, inv, row_min, blk, frac, eps)
        np.minimum(out, n - 1, out=out)
        return out

    def _second_level(
        self,
        words: np.ndarray,
        inv: np.ndarray,
        row_min: np.ndarray,
        blk: np.ndarray,
        frac: np.ndarray,
        eps: float,
    ) -> np.ndarray:
        """Candidate inside the chosen block: inverse CDF of that block's own masses.

        For each distinct (word, block) of the batch, the block's ``B`` logits are recomputed
        the way the first pass computes them (float64 matrix product of augmented vectors, the
        self distance exactly 0, entries that lose precision recomputed directly), shifted by
        the word's shift, exponentiated and cumulated; the token's position ``frac`` in the
        block's mass picks the candidate.
        """
        n_w, B, n = words.size, self.fine, len(self.cands)
        key = blk * n_w + inv
        pairs, pinv = np.unique(key, return_inverse=True)
        p_blk, p_word = np.divmod(pairs, n_w)
        cum = self._pair_cdfs(self._fine_context(words, row_min, eps), p_word, p_blk)
        width_p = np.minimum(B, n - p_blk * B)
        total = cum[np.arange(pairs.size), width_p - 1]
        target = frac * total[pinv]
        j = vsearch_right(cum, pinv, target, 0, B)
        return blk * B + np.minimum(j, width_p[pinv] - 1)

    def _fine_context(self, words: np.ndarray, shift: np.ndarray, eps: float) -> dict:
        half = 0.5 * eps
        s2 = half * half
        q = np.asarray(self.cands.emb.vectors[words], dtype=np.float64)
        q_aug, _, tau = self._query_aug(q, s2)
        return {
            "q": q,
            "q_aug": q_aug,
            "s2": s2,
            "tau": tau,
            "self_pos": self.cands.to_candidate(words),
            "shift": shift,
        }

    def _pair_cdfs(self, ctx: dict, p_word: np.ndarray, p_blk: np.ndarray) -> np.ndarray:
        """``[P, B]``: cumulated ``exp(shift - eps/2 d)`` of word ``p_word[i]`` over block
        ``p_blk[i]`` (pairs sorted by block; past the end of ``C`` the row stays flat).

        One small matrix product per block; every other step runs once over all pairs.
        """
        n, B = len(self.cands), self.fine
        P = p_word.size
        g = np.empty((P, B), dtype=np.float64)
        q_aug = ctx["q_aug"][p_word]
        aug = self._aug()
        starts = np.flatnonzero(np.concatenate([[True], p_blk[1:] != p_blk[:-1]]))
        ends = np.concatenate([starts[1:], [P]])
        last = None
        for a, b in zip(starts.tolist(), ends.tolist(), strict=True):
            c0 = int(p_blk[a]) * B
            width = min(B, n - c0)
            if width < B:
                last = (a, b, width)
                g[a:b, width:] = np.inf
            np.matmul(q_aug[a:b], aug[c0 : c0 + width].T, out=g[a:b, :width])
        col = ctx["self_pos"][p_word] - p_blk * B
        rs = np.flatnonzero((col >= 0) & (col < B))
        g[rs, col[rs]] = np.inf
        tau = ctx["tau"][p_word]
        for r in np.flatnonzero(g.min(axis=1) < tau).tolist():
            c0 = int(p_blk[r]) * B
            cols = np.flatnonzero(g[r] < tau[r])
            diff = self.cands.vectors64()[c0 + cols] - ctx["q"][p_word[r]]
            g[r, cols] = ctx["s2"] * np.einsum("ij,ij->i", diff, diff)
        g[rs, col[rs]] = 0.0
        np.sqrt(g, out=g)
        np.subtract(ctx["shift"][p_word, None], g, out=g)
        np.maximum(g, -700.0, out=g)
        np.exp(g, out=g)
        if last is not None:
            g[last[0] : last[1], last[2] :] = 0.0
        np.cumsum(g, axis=1, out=g)
        return g

    def law(self, emb_idx: int, eps: float) -> np.ndarray:
        """The probabilities :meth:`sample` draws from for word ``emb_idx`` (float64 ``[|C|]``).

        ``P[j] = (M_k / M) * e_j / E_k`` for ``j`` in block ``k``: ``M_k`` the block's mass from
        the first pass, ``M`` their total, ``e_j`` the recomputed terms and ``E_k`` their sum.
        Equal to :meth:`log_probs` up to float64 rounding (a diagnostic for tests).
        """
        eps = validate_eps(eps)
        n = len(self.cands)
        x = int(check_emb_idx(np.asarray([emb_idx]), len(self.cands.emb))[0])
        if x < 0:
            return np.full(n, 1.0 / n)
        words = np.asarray([x], dtype=np.int64)
        with self._lock:  # _coarse_rows uses the shared work buffer
            row = self._coarse_rows(words, eps, np.empty((1, self.n_blocks + 1)))[0].copy()
        k_cum = row[1:]
        masses = np.diff(np.concatenate([[0.0], k_cum]))
        ctx = self._fine_context(words, row[:1].copy(), eps)
        nb = self.n_blocks
        cum = self._pair_cdfs(ctx, np.zeros(nb, dtype=np.int64), np.arange(nb, dtype=np.int64))
        e = np.diff(cum, axis=1, prepend=0.0) / cum[:, -1:]
        p = (masses / k_cum[-1])[:, None] * e
        p = p.reshape(-1)[:n].copy()
        return p
