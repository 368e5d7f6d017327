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

Implementation. The occurrences of a batch are grouped by distinct word; the distances of a
block of distinct words to all of ``C`` come from one float64 matrix product (entries close to
0, where the expansion ``||q||^2 - 2 q.c + ||c||^2`` cancels, are recomputed directly, and a
word's distance to itself is exactly 0, so distances are accurate to about ``1e-11``); each row
is shifted by its largest logit (the log-sum-exp trick), exponentiated and cumulated in float64,
and every occurrence of that word is drawn at once by inverse CDF (``searchsorted`` of
``u * total``) from its own uniform. Cumulated rows are cached across calls (bounded LRU keyed by
``(word, eps)`` in one preallocated slab), because corpora are Zipfian. The draw consumes
exactly one uniform per token, given by the caller.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict

import numpy as np
from scipy.special import logsumexp

from privtext.embeddings import CandidateSet
from privtext.errors import ConfigError, InputError

_BLOCK_BYTES = 16 * 1024 * 1024
DEFAULT_CACHE_BYTES = 512 * 1024 * 1024


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


class ExponentialMechanism:
    """Exponential mechanism with utility ``-d(x, y)`` over a fixed candidate set.

    Guarantee (``eps``-metric-DP w.r.t. ``d``):

    .. math::

        P[y \\mid x] = \\frac{e^{-\\varepsilon d(x,y)/2}}{\\sum_{y' \\in C}
        e^{-\\varepsilon d(x,y')/2}}, \\qquad
        \\frac{P[y \\mid x]}{P[y \\mid x']} \\le e^{\\varepsilon d(x, x')}.

    Words without an embedding (``emb_idx == -1``) are drawn uniformly from ``C`` (0-DP).

    Args:
        cands: the candidate set ``C`` (must not depend on the input words).
        cache_bytes: memory bound of the CDF cache (float64 rows of ``|C|`` entries); at
            ``|C| = 20000`` the default 512 MiB holds about 3,350 distinct ``(word, eps)``.

    Attributes:
        uniforms_per_token: 1 (column 0 of ``u``).
    """

    name = "em"
    uniforms_per_token = 1

    def __init__(self, cands: CandidateSet, cache_bytes: int = DEFAULT_CACHE_BYTES) -> None:
        if not isinstance(cands, CandidateSet):
            raise ConfigError(f"cands must be a CandidateSet, got {type(cands).__name__}")
        if isinstance(cache_bytes, bool) or not isinstance(cache_bytes, int) or cache_bytes < 0:
            raise ConfigError(f"cache_bytes must be an integer >= 0, got {cache_bytes!r}")
        self.cands = cands
        self.cache_bytes = cache_bytes
        n = len(cands)
        self.cache_entries = int(cache_bytes // (8 * n))
        self.block = int(max(1, min(256, _BLOCK_BYTES // (8 * n))))
        self._c_max = math.sqrt(float(cands.sq_norms.max())) * (1 + 1e-6)
        # LRU of unnormalised CDF rows, stored in one slab (allocated lazily; untouched pages
        # cost nothing) so that caching a row never allocates.
        self._slots: OrderedDict[tuple[int, float], int] = OrderedDict()
        self._slab: np.ndarray | None = None
        self._work: np.ndarray | None = None
        self._lock = threading.Lock()
        self.cache_hits = 0
        self.cache_misses = 0

    def __repr__(self) -> str:
        return f"ExponentialMechanism(|C|={len(self.cands)})"

    def __reduce__(self):
        """Pickles as (candidate set, cache bound); the cache stays behind."""
        return (ExponentialMechanism, (self.cands, self.cache_bytes))

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

    def _unnormalised_cdfs(self, words: np.ndarray, eps: float, out: np.ndarray) -> np.ndarray:
        """Rows ``cumsum_j exp(-eps/2 (d(x, c_j) - min_j d(x, c_j)))`` (``[b, |C|]`` in ``out``).

        The draw is ``searchsorted(row, u * row[-1])``: dividing ``u`` instead of the row saves
        a pass and is the same inverse CDF up to one rounding.
        """
        q = np.asarray(self.cands.emb.vectors[words], dtype=np.float64)
        g, row_min = scaled_distances64(
            self.cands, q, 0.5 * eps, self.cands.to_candidate(words), out=out
        )
        np.subtract(row_min[:, None], g, out=g)  # -eps/2 d, shifted so the row max is 0
        if 0.5 * eps * (math.sqrt(float(np.max(np.einsum("ij,ij->i", q, q)))) + self._c_max) > 700:
            # exp() underflow is ~10x slower; exp(-700) is ~1e-304, absorbed by any row total
            # (>= 1), so flooring changes no draw and never widens a likelihood ratio.
            np.maximum(g, -700.0, out=g)
        np.exp(g, out=g)
        np.cumsum(g, axis=1, out=g)
        return g

    def _cache_put(self, key: tuple[int, float], row: np.ndarray) -> None:
        if not self.cache_entries:
            return
        if self._slab is None:
            self._slab = np.empty((self.cache_entries, len(self.cands)), dtype=np.float64)
        if len(self._slots) < self.cache_entries:
            slot = len(self._slots)
        else:
            _, slot = self._slots.popitem(last=False)
        self._slab[slot] = row
        self._slots[key] = slot

    def sample(self, emb_idx: np.ndarray, eps: float, u: np.ndarray) -> np.ndarray:
        """Draw one candidate per token.

        Args:
            emb_idx: int64 ``[T]`` embedding rows (``-1``: no embedding).
            eps: the budget ``eps_l`` (finite, > 0), the same for the whole batch.
            u: float64 ``[T]`` or ``[T, 1]`` uniforms in (0, 1); the draw is a deterministic
                function of ``(emb_idx, eps, u)``.

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
        order = np.argsort(inv, kind="stable")
        bounds = np.concatenate([[0], np.cumsum(np.bincount(inv, minlength=words.size))])
        occ_all = known[order]
        u_all = uu[occ_all]

        def draw(j: int, row: np.ndarray) -> None:
            a, b = bounds[j], bounds[j + 1]
            out[occ_all[a:b]] = np.searchsorted(row, u_all[a:b] * row[-1], side="right")

        with self._lock:
            # 1. cached words: draw now (later insertions may reuse their slots)
            missing: list[int] = []
            slots = self._slots
            slab = self._slab
            for j, w in enumerate(words.tolist()):
                slot = slots.get((w, eps))
                if slot is None:
                    missing.append(j)
                else:
                    slots.move_to_end((w, eps))
                    assert slab is not None
                    draw(j, slab[slot])
            self.cache_hits += words.size - len(missing)
            self.cache_misses += len(missing)
            # 2. the others, a block of distinct words at a time
            if missing:
                if self._work is None:
                    self._work = np.empty(self.block * n, dtype=np.float64)
                mj = np.asarray(missing, dtype=np.int64)
                for s in range(0, mj.size, self.block):
                    js = mj[s : s + self.block]
                    cdf = self._unnormalised_cdfs(words[js], eps, self._work)
                    for r, j in enumerate(js.tolist()):
                        draw(j, cdf[r])
                        self._cache_put((int(words[j]), eps), cdf[r])
        np.minimum(out, n - 1, out=out)
        return out
