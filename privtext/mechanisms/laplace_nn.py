"""Laplace-NN: multivariate Laplace noise in embedding space, nearest candidate, rank fix.

Guarantee. The noise :math:`\\eta \\in \\mathbb{R}^n` has density
:math:`p(\\eta) \\propto \\exp(-\\varepsilon \\lVert \\eta \\rVert_2)`, so the noisy point
:math:`z = \\phi(x) + \\eta` satisfies, for all words :math:`x, x'`,

.. math::

    \\frac{p(z \\mid x)}{p(z \\mid x')}
    = e^{-\\varepsilon (\\lVert z - \\phi(x) \\rVert - \\lVert z - \\phi(x') \\rVert)}
    \\le e^{\\varepsilon\\, d(x, x')},

i.e. :math:`\\varepsilon`-metric-DP w.r.t. :math:`d(x, x') = \\lVert\\phi(x) - \\phi(x')\\rVert_2`.
The nearest candidate :math:`x^* = \\arg\\min_{c \\in C} \\lVert z - \\phi(c) \\rVert` and the rank
fix (which looks only at :math:`x^*`, never at :math:`x`) are post-processing, so the released
word keeps the guarantee: :math:`P[y \\mid x] \\le e^{\\varepsilon d(x,x')} P[y \\mid x']`.

Sampling. :math:`\\lVert\\eta\\rVert = r \\sim \\mathrm{Gamma}(\\text{shape}=n,
\\text{scale}=1/\\varepsilon)` (the radial law of that density), drawn by inverse CDF
(``gammaincinv``, or ``gammainccinv`` of ``1 - u`` in the upper half for tail accuracy); the
direction is a normalised standard normal vector, the normals made by Box-Muller.

Rank fix (seed 000, arXiv 2411.13784). After :math:`x^*`, output the candidate at rank
:math:`k \\in \\{0, \\dots, K-1\\}` of :math:`x^*`'s nearest-neighbour list in ``C``
(rank 0 is :math:`x^*` itself) with

.. math::

    P[k] = \\frac{e^{-c \\varepsilon k}}{\\sum_{j=0}^{K-1} e^{-c \\varepsilon j}}
         = \\frac{(1 - q)\\, q^k}{1 - q^K}, \\quad q = e^{-c\\varepsilon},

drawn by inverse CDF: :math:`k = \\lfloor \\log(1 - u (1 - q^K)) / \\log q \\rfloor`.

Uniforms per token (columns of ``u``), with :math:`m = \\lceil n / 2 \\rceil`:
column 0 radius; columns 1..2m Box-Muller pairs ``(u[1+2i], u[2+2i])``; column 2m+1 rank fix.
So ``uniforms_per_token = 2m + 2`` (52 for GloVe 50d), consumed whether or not the rank fix is
on. A word without an embedding gets a uniform draw on ``C`` from column 0 (0-DP).

Default ``c``: :data:`DEFAULT_RANK_FIX_C` = 0.07, so that at ``eps = 10``
(:math:`q = e^{-0.7} \\approx 0.50`) the fix keeps :math:`x^*` half the time and otherwise
moves mostly to its next few neighbours (:math:`P[k \\le 10] \\approx 0.9995`). Study on GloVe
6B 50d, ``|C| = 20000``, 400 candidate words x 100 draws at ``eps = 10``: without the fix the
output is the input word 79% of the time, one of its 10 nearest neighbours 5%, another word 15%;
with ``c = 0.07``: 41% / 44% / 16% (``c = 0.05``: 32% / 52% / 16%; ``c = 0.1``: 51% / 34% / 16%).
Reproduce with ``bench/bench_kernel.py --study-c``. ``c`` is a per-vocabulary constant; tune it
per embedding.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from scipy.special import gammainccinv, gammaincinv

from privtext.embeddings import CandidateSet, nearest, neighbour_lists
from privtext.errors import ConfigError
from privtext.mechanisms.exponential import (
    check_emb_idx,
    check_uniforms,
    uniform_candidates,
    validate_eps,
)

DEFAULT_RANK_FIX_C = 0.07
DEFAULT_RANK_FIX_K = 100


def laplace_uniforms_per_token(dim: int) -> int:
    """Uniforms Laplace-NN consumes per token: ``2 * ceil(dim / 2) + 2``."""
    return 2 * ((int(dim) + 1) // 2) + 2


def gamma_radius(u: np.ndarray, eps: float, dim: int) -> np.ndarray:
    """Radius ``r ~ Gamma(shape=dim, scale=1/eps)`` by inverse CDF from uniforms in (0, 1)."""
    u = np.asarray(u, dtype=np.float64)
    lower = u < 0.5
    r = np.empty_like(u)
    r[lower] = gammaincinv(dim, u[lower])
    r[~lower] = gammainccinv(dim, 1.0 - u[~lower])  # 1 - u is exact for u >= 0.5
    return r / eps


def unit_directions(u_pairs: np.ndarray, dim: int) -> np.ndarray:
    """Uniform directions on the unit sphere of R^dim (float64 ``[T, dim]``).

    Args:
        u_pairs: float64 ``[T, 2 * ceil(dim / 2)]`` uniforms in (0, 1); pair ``i`` is columns
            ``(2i, 2i+1)`` and gives two standard normals by Box-Muller.
        dim: the dimension ``n``.
    """
    m = (dim + 1) // 2
    u_pairs = np.asarray(u_pairs, dtype=np.float64)
    if u_pairs.ndim != 2 or u_pairs.shape[1] != 2 * m:
        raise ValueError(f"u_pairs must have shape (T, {2 * m}), got {u_pairs.shape}")
    rad = np.sqrt(-2.0 * np.log(u_pairs[:, 0::2]))
    ang = (2.0 * np.pi) * u_pairs[:, 1::2]
    z = np.empty((u_pairs.shape[0], 2 * m), dtype=np.float64)
    z[:, 0::2] = rad * np.cos(ang)
    z[:, 1::2] = rad * np.sin(ang)
    z = z[:, :dim]
    z /= np.sqrt(np.einsum("ij,ij->i", z, z))[:, None]
    return z


def noise_vectors(u: np.ndarray, eps: float, dim: int) -> np.ndarray:
    """Noise with density proportional to ``exp(-eps ||eta||)`` in R^dim (float64 ``[T, dim]``).

    Args:
        u: float64 ``[T, >= 1 + 2 ceil(dim/2)]`` uniforms in (0, 1): column 0 the radius,
            columns ``1 .. 2 ceil(dim/2)`` the direction (extra columns are ignored).
        eps: the budget (finite, > 0).
        dim: the dimension ``n``.
    """
    eps = validate_eps(eps)
    m = (dim + 1) // 2
    u = np.asarray(u, dtype=np.float64)
    if u.ndim != 2 or u.shape[1] < 1 + 2 * m:
        raise ValueError(f"u must have shape (T, >= {1 + 2 * m}), got {u.shape}")
    r = gamma_radius(u[:, 0], eps, dim)
    return unit_directions(u[:, 1 : 1 + 2 * m], dim) * r[:, None]


def rank_fix_log_probs(c: float, eps: float, k: int) -> np.ndarray:
    """Exact ``log P[rank = j]``, ``j < k``, of the truncated geometric law ``∝ exp(-c eps j)``."""
    a = float(c) * float(eps)
    j = np.arange(k, dtype=np.float64)
    return -a * j + math.log(-math.expm1(-a)) - math.log(-math.expm1(-a * k))


def rank_fix_ranks(u: np.ndarray, c: float, eps: float, k: int) -> np.ndarray:
    """Ranks in ``[0, k)`` with ``P[j] ∝ exp(-c eps j)``, by inverse CDF from uniforms in (0, 1)."""
    a = float(c) * float(eps)
    u = np.asarray(u, dtype=np.float64)
    r = np.floor(np.log1p(u * math.expm1(-a * k)) / (-a))
    return np.clip(r, 0, k - 1).astype(np.int64)


class LaplaceNN:
    """Multivariate Laplace noise + nearest candidate (+ optional rank fix).

    Guarantee (``eps``-metric-DP w.r.t. ``d``): noise density
    :math:`\\propto e^{-\\varepsilon \\lVert\\eta\\rVert}` gives
    :math:`p(z \\mid x) \\le e^{\\varepsilon d(x,x')} p(z \\mid x')` for the noisy point
    :math:`z`; nearest neighbour and rank fix are post-processing, hence
    :math:`P[y \\mid x] \\le e^{\\varepsilon d(x,x')} P[y \\mid x']` for every output ``y``.

    Args:
        cands: the candidate set ``C`` (must not depend on the input words).
        rank_fix: apply the rank-based fix of seed 000.
        rank_fix_c: ``c > 0``, per-vocabulary constant (default tuned on GloVe 6B 50d).
        rank_fix_k: ``K``, neighbour-list length, ``1 <= K <= |C|``.
        index: nearest-candidate search (``privtext.neighbours``); None = exact search.
    """

    name = "laplace_nn"

    def __init__(
        self,
        cands: CandidateSet,
        rank_fix: bool = True,
        rank_fix_c: float = DEFAULT_RANK_FIX_C,
        rank_fix_k: int = DEFAULT_RANK_FIX_K,
        index: Any = None,
    ) -> None:
        if not isinstance(cands, CandidateSet):
            raise ConfigError(f"cands must be a CandidateSet, got {type(cands).__name__}")
        self.cands = cands
        self.rank_fix = bool(rank_fix)
        self.rank_fix_c = validate_eps(rank_fix_c, field="rank_fix_c")
        if (
            isinstance(rank_fix_k, bool)
            or not isinstance(rank_fix_k, int | np.integer)
            or not 1 <= rank_fix_k <= len(cands)
        ):
            raise ConfigError(
                f"rank_fix_k must be an integer in [1, {len(cands)}] (|C|), got {rank_fix_k!r}"
            )
        self.rank_fix_k = int(rank_fix_k)
        # nearest-candidate search: exact by default; an approximate index (HNSW) is
        # post-processing of the noisy vector, so the guarantee is unchanged
        # (privtext/neighbours.py).
        self.index = index

    def __repr__(self) -> str:
        return (
            f"LaplaceNN(|C|={len(self.cands)}, rank_fix={self.rank_fix}, "
            f"c={self.rank_fix_c}, K={self.rank_fix_k})"
        )

    @property
    def uniforms_per_token(self) -> int:
        """``2 * ceil(n / 2) + 2`` (see the module docstring for the column layout)."""
        return laplace_uniforms_per_token(self.cands.dim)

    @staticmethod
    def uniforms_for_dim(dim: int) -> int:
        """``2 * ceil(dim / 2) + 2``."""
        return laplace_uniforms_per_token(dim)

    def noisy_nearest(self, emb_idx: np.ndarray, eps: float, u: np.ndarray) -> np.ndarray:
        """``x* = NN(phi(x) + eta)`` for tokens with an embedding (int64 candidate positions).

        Args:
            emb_idx: int64 ``[T]`` embedding rows, all ``>= 0``.
            eps: the budget.
            u: float64 ``[T, uniforms_per_token]``.
        """
        dim = self.cands.dim
        eta = noise_vectors(u, eps, dim)
        eta += np.asarray(self.cands.emb.vectors[emb_idx], dtype=np.float64)
        if self.index is None:
            idx, _ = nearest(self.cands, eta.astype(np.float32), k=1)
        else:
            idx, _ = self.index.search(eta.astype(np.float32), 1)
        return idx[:, 0]

    def sample(self, emb_idx: np.ndarray, eps: float, u: np.ndarray) -> np.ndarray:
        """Draw one candidate per token.

        Args:
            emb_idx: int64 ``[T]`` embedding rows (``-1``: no embedding, uniform on ``C``).
            eps: the budget ``eps_l`` (finite, > 0).
            u: float64 ``[T, uniforms_per_token]`` uniforms in (0, 1).

        Returns:
            int64 ``[T]`` candidate positions.
        """
        eps = validate_eps(eps)
        idx = check_emb_idx(emb_idx, len(self.cands.emb))
        width = self.uniforms_per_token
        uu = check_uniforms(u, idx.shape[0], width)
        n_c = len(self.cands)
        out = np.empty(idx.shape[0], dtype=np.int64)
        if idx.size == 0:
            return out
        oov = idx < 0
        if oov.any():
            out[oov] = uniform_candidates(uu[oov, 0], n_c)
        known = np.flatnonzero(~oov)
        if known.size == 0:
            return out
        xstar = self.noisy_nearest(idx[known], eps, uu[known])
        if self.rank_fix and self.rank_fix_k > 1:
            ranks = rank_fix_ranks(uu[known, width - 1], self.rank_fix_c, eps, self.rank_fix_k)
            moved = np.flatnonzero(ranks > 0)
            if moved.size:
                pivots, inv = np.unique(xstar[moved], return_inverse=True)
                lists = neighbour_lists(self.cands, pivots, self.rank_fix_k)
                xstar[moved] = lists[inv, ranks[moved]]
        out[known] = xstar
        return out
