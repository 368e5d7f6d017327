"""Metric-normalised posterior leakage (mPL), its sampled audit (PBmPL) and the Hoeffding bound.

What is estimated (METHODS.md, "Metric-normalised posterior leakage"; seed 001). For one tier
``l`` with secret vocabulary ``X_l`` (the words that tier protects), a released perturbed
position ``y`` and an attacker posterior ``q(x | y)`` over ``X_l``,

.. math::

    PL(x_i, x_j; y) = \\ln\\frac{q(x_i \\mid y)}{q(x_j \\mid y)} - \\ln\\frac{\\pi(x_i)}{\\pi(x_j)},
    \\qquad
    mPL(x_i, x_j; y) = \\frac{|PL(x_i, x_j; y)|}{d(x_i, x_j)},

with ``pi`` the public prior and ``d`` the embedding distance. For one word released by an
``eps``-metric-DP mechanism and the exact Bayes posterior, ``PL`` is the log-likelihood ratio
``ln P(y | x_i) / P(y | x_j)``, so ``mPL <= eps`` for every triplet: that is metric DP itself.
Under joint consumption (the attacker reads the whole perturbed document, in which a name may be
perturbed five times and context correlates secrets) it can exceed ``eps``.

PBmPL. The audited quantity is ``p = Pr[mPL(x_i, x_j; y) > eps_target]`` for a triplet drawn
uniformly: ``y`` a uniform released position (a row of ``log_post``), ``(x_i, x_j)`` a uniform
pair of distinct secrets of ``X_l`` with ``d(x_i, x_j) > 0`` (pairs of secrets sharing one
embedding vector carry no metric and are resampled, i.e. the pair law is uniform on the pairs
with ``d > 0``). :func:`estimate_pbmpl` draws ``S`` such triplets and returns
``p_hat = (1/S) sum 1[mPL > eps_target]``, an unbiased estimate of ``p`` (each indicator has
mean ``p``). A triplet whose ``PL`` is undefined (both posteriors 0: ``-inf - -inf``) counts as
a violation (conservative).

The prior. ``PL`` subtracts the prior the attacker held before reading ``y``. For the exact
posteriors below it is the ``pi`` they were computed with; for a learned attacker it is the base
rate of the secrets in its training split (:func:`privtext.audit.data.empirical_log_prior`),
which a model reproduces when the document tells it nothing. Passing a public prior that
differs from that base rate adds a constant to ``PL`` that no release caused.

Concentration (seed's Proposition 3.2): if ``p_hat <= xi * delta`` with ``0 <= xi < 1`` then
``Pr[p > delta] <= 2 exp(-2 S (1 - xi)^2 delta^2)``. :func:`hoeffding_log10_bound` returns its
base-10 logarithm computed in log space, so ``S = 10^8, delta = 0.1`` gives about ``-8.7e5``
(a float cannot hold ``10^-870000`` itself).

Known answers. :func:`exact_em_log_posterior` is the exact single-word Bayes posterior of the
exponential mechanism (``log P(x | y) = log pi(x) + log P_EM(y | x) + const``, ``P_EM``
normalised over the whole candidate set ``C``); as the "attacker" it yields violation ratio 0 at
the mechanism's own ``eps``. :func:`exact_joint_log_posterior` is the exact posterior after two
independent releases of the same word (log-likelihoods add): its ``mPL`` reaches up to
``2 eps`` and the audit finds the triplets above the target. :func:`enumerate_pbmpl` computes
``p`` exactly by enumerating every triplet (small vocabularies only), for tests.

Numerics: float64 throughout; distances between embedding vectors are Gram expansions with the
entries that lose precision (near 0) recomputed directly, so a word's distance to itself is
exactly 0 and every distance is accurate to about ``1e-12`` relative. Memory stays bounded:
:func:`exact_em_log_posterior` works in blocks of secrets and never holds a ``|C| x |C|`` matrix.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeAlias

import numpy as np

__all__ = [
    "AuditStats",
    "distance_fn",
    "distance_matrix",
    "em_log_likelihood",
    "em_log_normalisers",
    "enumerate_pbmpl",
    "estimate_pbmpl",
    "exact_em_log_posterior",
    "exact_joint_log_posterior",
    "exact_linked_log_posterior",
    "pooled_log_likelihood",
    "hoeffding_log10_bound",
    "mpl",
    "pairwise_distances64",
    "sample_triplets",
]

_WORK_BYTES = 32 * 1024 * 1024
_LN10 = math.log(10.0)
DistanceLike: TypeAlias = np.ndarray | Callable[[np.ndarray, np.ndarray], np.ndarray]


# --------------------------------------------------------------------------------------------
# Bound and mPL
# --------------------------------------------------------------------------------------------


def hoeffding_log10_bound(S: int, p_hat: float, delta: float, xi: float | None = None) -> float:
    """``log10(2 exp(-2 S (1 - xi)^2 delta^2))``: the bound on ``Pr[p > delta]``.

    Computed as ``log10(2) - 2 S (1 - xi)^2 delta^2 / ln(10)``, so bounds far below the
    smallest float (``-1e6`` and beyond) are exact. The closed form is returned as is: a value
    ``>= 0`` is a vacuous bound (a probability bound of 1 or more).

    Args:
        S: number of sampled triplets (> 0).
        p_hat: the observed violation ratio, in ``[0, 1]``.
        delta: the PBmPL target, in ``(0, 1]``.
        xi: the slack of the proposition, ``p_hat <= xi * delta`` with ``0 <= xi < 1``; None
            uses the tightest one, ``xi = p_hat / delta``.

    Returns:
        The base-10 logarithm of the bound, or ``nan`` when the proposition does not apply:
        ``p_hat >= delta`` (with ``xi`` None) or ``p_hat > xi * delta`` or ``xi`` outside
        ``[0, 1)``.

    Raises:
        ValueError: ``S < 1``, ``delta`` outside ``(0, 1]`` or ``p_hat`` outside ``[0, 1]``.
    """
    if isinstance(S, bool) or int(S) != S or S < 1:
        raise ValueError(f"S must be an integer >= 1, got {S!r}")
    if not (0.0 < delta <= 1.0):
        raise ValueError(f"delta must be in (0, 1], got {delta!r}")
    if not (0.0 <= p_hat <= 1.0):
        raise ValueError(f"p_hat must be in [0, 1], got {p_hat!r}")
    if xi is None:
        if p_hat >= delta:
            return math.nan
        xi = p_hat / delta
    if not (0.0 <= xi < 1.0) or p_hat > xi * delta:
        return math.nan
    exponent = 2.0 * float(S) * (1.0 - xi) ** 2 * float(delta) ** 2
    return math.log10(2.0) - exponent / _LN10


def mpl(
    log_q_i: np.ndarray,
    log_q_j: np.ndarray,
    log_pi_i: np.ndarray,
    log_pi_j: np.ndarray,
    d_ij: np.ndarray,
) -> np.ndarray:
    """``|(log q_i - log q_j) - (log pi_i - log pi_j)| / d_ij``, element-wise (float64).

    ``d_ij`` must be > 0 (a zero distance gives ``inf`` or ``nan``); posteriors of 0
    (``-inf``) give ``inf``, or ``nan`` when both are 0.
    """
    pl = (np.asarray(log_q_i, dtype=np.float64) - np.asarray(log_q_j, dtype=np.float64)) - (
        np.asarray(log_pi_i, dtype=np.float64) - np.asarray(log_pi_j, dtype=np.float64)
    )
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.abs(pl) / np.asarray(d_ij, dtype=np.float64)


# --------------------------------------------------------------------------------------------
# Distances
# --------------------------------------------------------------------------------------------


def pairwise_distances64(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """float64 ``[len(a), len(b)]`` Euclidean distances, accurate near 0 (self distance 0).

    Gram expansion ``||a||^2 - 2 a.b + ||b||^2``; entries below ``1e-6 (||a||^2 + max ||b||^2)``
    (where the expansion cancels) are recomputed directly as ``||a - b||``.
    """
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    a_sq = np.einsum("ij,ij->i", a, a)
    b_sq = np.einsum("ij,ij->i", b, b)
    g = a @ b.T
    g *= -2.0
    g += a_sq[:, None]
    g += b_sq[None, :]
    tau = 1e-6 * (a_sq + (float(b_sq.max()) if b_sq.size else 0.0))
    rows, cols = np.nonzero(g < tau[:, None])
    if rows.size:
        diff = a[rows] - b[cols]
        g[rows, cols] = np.einsum("ij,ij->i", diff, diff)
    np.maximum(g, 0.0, out=g)
    return np.sqrt(g, out=g)


def distance_matrix(vecs: np.ndarray) -> np.ndarray:
    """``[V, V]`` float64 distances between the rows of ``vecs`` (direct, for small ``V``)."""
    return pairwise_distances64(vecs, vecs)


def distance_fn(vecs: np.ndarray) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """A function ``(i, j) -> ||vecs[i] - vecs[j]||`` (float64, computed directly per pair).

    For :func:`estimate_pbmpl` when ``V`` is too large for a ``[V, V]`` matrix.
    """
    v = np.asarray(vecs, dtype=np.float64)

    def dist(i: np.ndarray, j: np.ndarray) -> np.ndarray:
        diff = v[np.asarray(i, dtype=np.int64)] - v[np.asarray(j, dtype=np.int64)]
        return np.sqrt(np.einsum("ij,ij->i", diff, diff))

    return dist


def _pair_distance(dist: DistanceLike, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    if callable(dist):
        return np.asarray(dist(i, j), dtype=np.float64).reshape(-1)
    return np.asarray(dist, dtype=np.float64)[i, j]


# --------------------------------------------------------------------------------------------
# Sampling audit
# --------------------------------------------------------------------------------------------


@dataclass
class AuditStats:
    """The audit of one tier.

    Attributes:
        tier: the tier (``PII`` or ``PoII``).
        target_eps: ``eps_l^target``: a triplet violates when its mPL exceeds it.
        samples: ``S``, triplets drawn.
        violations: triplets with ``mPL > target_eps`` (or undefined mPL).
        violation_ratio: ``p_hat = violations / S``.
        log10_bound: :func:`hoeffding_log10_bound` of ``(S, p_hat, delta)`` (``nan`` when
            ``p_hat >= delta``).
        delta: the PBmPL target ``delta``.
        mpl_values: float64 ``[S]`` the sampled mPL values (for the distribution plot).
        top1_accuracy: share of released positions whose posterior argmax is the original
            secret (secrets outside the vocabulary count as misses).
        n_positions: released positions audited (rows of the posterior).
    """

    tier: str
    target_eps: float
    samples: int
    violations: int
    violation_ratio: float
    log10_bound: float
    delta: float
    mpl_values: np.ndarray
    top1_accuracy: float
    n_positions: int

    def as_row(self) -> dict[str, float | int | str]:
        """The scalar fields plus mPL quantiles (p50, p90, p99, max) as a flat dict."""
        vals = self.mpl_values[np.isfinite(self.mpl_values)]
        q = np.quantile(vals, [0.5, 0.9, 0.99]) if vals.size else np.full(3, np.nan)
        return {
            "tier": self.tier,
            "target_eps": float(self.target_eps),
            "samples": int(self.samples),
            "violations": int(self.violations),
            "violation_ratio": float(self.violation_ratio),
            "log10_bound": float(self.log10_bound),
            "delta": float(self.delta),
            "top1_accuracy": float(self.top1_accuracy),
            "n_positions": int(self.n_positions),
            "mpl_p50": float(q[0]),
            "mpl_p90": float(q[1]),
            "mpl_p99": float(q[2]),
            "mpl_max": float(self.mpl_values.max()) if self.mpl_values.size else math.nan,
        }


def sample_triplets(
    n_rows: int,
    n_secrets: int,
    samples: int,
    rng: np.random.Generator,
    dist: DistanceLike,
    max_rounds: int = 1000,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Draw ``samples`` triplets ``(y, x_i, x_j)`` uniformly, the way :func:`estimate_pbmpl` does.

    ``y`` is uniform on ``range(n_rows)``; ``(x_i, x_j)`` is uniform on the ordered pairs of
    distinct secrets (``x_i`` uniform, ``x_j = (x_i + k) mod V`` with ``k`` uniform on
    ``1..V-1``); pairs with ``d(x_i, x_j) = 0`` are redrawn until none is left, so the pair law
    is uniform on the pairs with ``d > 0``. The random stream is consumed in this order: ``y``,
    ``x_i``, ``k``, then the redraws.

    Returns:
        ``(y, i, j, d_ij)``: int64 ``[S]`` three times and float64 ``[S]`` distances (> 0).

    Raises:
        ValueError: fewer than two secrets, no rows, or no pair with ``d > 0`` found.
    """
    if n_secrets < 2:
        raise ValueError(f"need at least 2 secrets, got {n_secrets}")
    if n_rows < 1:
        raise ValueError("need at least one released position")
    if samples < 1:
        raise ValueError(f"samples must be >= 1, got {samples}")
    y = rng.integers(0, n_rows, size=samples, dtype=np.int64)
    i = rng.integers(0, n_secrets, size=samples, dtype=np.int64)
    j = (i + rng.integers(1, n_secrets, size=samples, dtype=np.int64)) % n_secrets
    d = _pair_distance(dist, i, j)
    bad = np.flatnonzero(~(d > 0))
    rounds = 0
    while bad.size:
        rounds += 1
        if rounds > max_rounds:
            raise ValueError("no pair of secrets with a distance > 0 found")
        ni = rng.integers(0, n_secrets, size=bad.size, dtype=np.int64)
        nj = (ni + rng.integers(1, n_secrets, size=bad.size, dtype=np.int64)) % n_secrets
        i[bad], j[bad] = ni, nj
        d[bad] = _pair_distance(dist, ni, nj)
        bad = bad[~(d[bad] > 0)]
    return y, i, j, d


def _check_posterior(log_post: np.ndarray, log_prior: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Validate shapes; the prior is ``[V]`` (one for every row) or ``[n_positions, V]``."""
    lp = np.asarray(log_post, dtype=np.float64)
    if lp.ndim != 2:
        raise ValueError(f"log_post must be 2-D [n_positions, V], got shape {lp.shape}")
    pri = np.asarray(log_prior, dtype=np.float64)
    if pri.ndim != 2:
        pri = pri.reshape(-1)
    if pri.shape not in ((lp.shape[1],), lp.shape):
        raise ValueError(
            f"log_prior must have shape ({lp.shape[1]},) or {lp.shape}, got {pri.shape}"
        )
    if not np.all(np.isfinite(pri)):
        raise ValueError("log_prior must be finite (every secret has prior mass > 0)")
    return lp, pri


def estimate_pbmpl(
    log_post: np.ndarray,
    true_index: np.ndarray,
    log_prior: np.ndarray,
    dist: DistanceLike,
    target_eps: float,
    samples: int,
    delta: float,
    rng: np.random.Generator,
    tier: str = "",
) -> AuditStats:
    """Estimate ``p = Pr[mPL > target_eps]`` from ``S`` uniform triplets (see module docstring).

    Args:
        log_post: float ``[n_positions, V]`` attacker log-posteriors ``log q(x | y)`` over the
            tier's secret vocabulary, one row per released perturbed position ``y`` (rows need
            not be normalised: the normaliser cancels in ``PL``).
        true_index: int ``[n_positions]`` index of the original secret of each row (``-1``: not
            in the vocabulary, a miss for top-1).
        log_prior: float ``[V]`` log of the prior ``pi`` over the secrets (finite; the
            normaliser cancels), or ``[n_positions, V]``: a prior per released position (the
            context prior: what the attacker believes at that position with the released
            words hidden, so that ``PL`` counts only what the release adds to the clear
            context).
        dist: ``[V, V]`` distance matrix or a function ``(i, j) -> d(x_i, x_j)`` of index
            arrays (:func:`distance_fn`); pairs with ``d = 0`` are redrawn
            (:func:`sample_triplets`).
        target_eps: ``eps_l^target`` of the tier.
        samples: ``S``.
        delta: the PBmPL target, for the Hoeffding bound.
        rng: the random source (the audit is reproducible for a seeded generator).
        tier: label copied to the result.

    Returns:
        :class:`AuditStats`.
    """
    lp, pri = _check_posterior(log_post, log_prior)
    n, v = lp.shape
    ti = np.asarray(true_index, dtype=np.int64).reshape(-1)
    if ti.shape != (n,):
        raise ValueError(f"true_index must have shape ({n},), got {ti.shape}")
    if not (target_eps > 0 and math.isfinite(target_eps)):
        raise ValueError(f"target_eps must be a finite number > 0, got {target_eps!r}")
    y, i, j, d = sample_triplets(n, v, int(samples), rng, dist)
    if pri.ndim == 2:  # a prior per position: the attacker's belief with y hidden
        vals = mpl(lp[y, i], lp[y, j], pri[y, i], pri[y, j], d)
    else:
        vals = mpl(lp[y, i], lp[y, j], pri[i], pri[j], d)
    viol = int(np.count_nonzero(~(vals <= target_eps)))  # nan counts as a violation
    ratio = viol / int(samples)
    top1 = float(np.mean(np.argmax(lp, axis=1) == ti)) if n else math.nan
    return AuditStats(
        tier=tier,
        target_eps=float(target_eps),
        samples=int(samples),
        violations=viol,
        violation_ratio=ratio,
        log10_bound=hoeffding_log10_bound(int(samples), ratio, float(delta)),
        delta=float(delta),
        mpl_values=vals,
        top1_accuracy=top1,
        n_positions=n,
    )


def enumerate_pbmpl(
    log_post: np.ndarray, log_prior: np.ndarray, dist_matrix: np.ndarray, target_eps: float
) -> tuple[float, np.ndarray]:
    """The exact ``p`` by enumerating every triplet (small ``n_positions x V^2`` only).

    Returns:
        ``(p, mpl_table)``: ``p`` the share of triplets ``(y, x_i, x_j)``, ``i != j``,
        ``d > 0``, with ``mPL > target_eps`` (undefined counts as a violation), and the float64
        ``[n_positions, V, V]`` table of ``mPL`` (``nan`` where ``d = 0``, diagonal included).
    """
    lp, pri = _check_posterior(log_post, log_prior)
    d = np.asarray(dist_matrix, dtype=np.float64)
    v = lp.shape[1]
    if d.shape != (v, v):
        raise ValueError(f"dist_matrix must have shape ({v}, {v}), got {d.shape}")
    valid = d > 0
    np.fill_diagonal(valid, False)
    dd = np.where(valid, d, np.nan)
    p2 = pri if pri.ndim == 2 else pri[None, :]
    table = mpl(lp[:, :, None], lp[:, None, :], p2[:, :, None], p2[:, None, :], dd)
    table = np.where(valid[None], table, np.nan)
    n_valid = int(valid.sum()) * lp.shape[0]
    if n_valid == 0:
        raise ValueError("no triplet with d > 0")
    viol = ~(table <= target_eps) & valid[None]
    return float(viol.sum()) / n_valid, table


# --------------------------------------------------------------------------------------------
# Exact posteriors of the exponential mechanism (known answers)
# --------------------------------------------------------------------------------------------


def _logsumexp_rows(a: np.ndarray) -> np.ndarray:
    m = a.max(axis=1)
    m = np.where(np.isfinite(m), m, 0.0)
    return m + np.log(np.exp(a - m[:, None]).sum(axis=1))


def _check_vectors(secret_vecs: np.ndarray, cand_vecs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    s = np.asarray(secret_vecs, dtype=np.float64)
    c = np.asarray(cand_vecs, dtype=np.float64)
    if s.ndim != 2 or c.ndim != 2 or s.shape[1] != c.shape[1]:
        raise ValueError(
            f"secret_vecs [V, n] and cand_vecs [|C|, n] must share n, got {s.shape}, {c.shape}"
        )
    return s, c


def em_log_normalisers(eps: float, secret_vecs: np.ndarray, cand_vecs: np.ndarray) -> np.ndarray:
    """float64 ``[V]``: ``log Z(x) = log sum_{c in C} exp(-eps d(x, c) / 2)`` per secret.

    Blocks of secrets so the work space stays about 32 MiB whatever ``|C|``.
    """
    s, c = _check_vectors(secret_vecs, cand_vecs)
    b = int(max(1, min(4096, _WORK_BYTES // (8 * max(1, c.shape[0])))))
    out = np.empty(s.shape[0], dtype=np.float64)
    for r0 in range(0, s.shape[0], b):
        logits = pairwise_distances64(s[r0 : r0 + b], c)
        logits *= -0.5 * float(eps)
        out[r0 : r0 + b] = _logsumexp_rows(logits)
    return out


def em_log_likelihood(
    y_idx: np.ndarray,
    eps: float,
    secret_vecs: np.ndarray,
    cand_vecs: np.ndarray,
    log_z: np.ndarray | None = None,
) -> np.ndarray:
    """float64 ``[n, V]``: ``log P_EM(y_k | x) = -eps d(x, y_k) / 2 - log Z(x)``.

    Args:
        y_idx: int ``[n]`` released candidates (rows of ``cand_vecs``).
        eps: the mechanism's budget ``eps_l``.
        secret_vecs: float ``[V, n_dim]`` embeddings of the tier's secret vocabulary.
        cand_vecs: float ``[|C|, n_dim]`` embeddings of the candidate set ``C`` (the whole set
            the mechanism samples from).
        log_z: optional precomputed :func:`em_log_normalisers`.
    """
    s, c = _check_vectors(secret_vecs, cand_vecs)
    y = np.asarray(y_idx, dtype=np.int64).reshape(-1)
    if y.size and (y.min() < 0 or y.max() >= c.shape[0]):
        raise ValueError(f"y_idx must be in [0, {c.shape[0]})")
    if log_z is None:
        log_z = em_log_normalisers(eps, s, c)
    ll = pairwise_distances64(c[y], s)
    ll *= -0.5 * float(eps)
    ll -= np.asarray(log_z, dtype=np.float64)[None, :]
    return ll


def _normalise_rows(a: np.ndarray) -> np.ndarray:
    return a - _logsumexp_rows(a)[:, None]


def exact_em_log_posterior(
    y_idx: np.ndarray,
    eps: float,
    secret_vecs: np.ndarray,
    cand_vecs: np.ndarray,
    log_prior: np.ndarray,
) -> np.ndarray:
    """The exact Bayes posterior of one EM release over the secret vocabulary.

    ``log P(x | y) = log pi(x) + log P_EM(y | x) - log sum_x' pi(x') P_EM(y | x')`` with
    ``P_EM(y | x) = exp(-eps d(x, y)/2) / Z(x)`` normalised over the whole candidate set
    (:func:`em_log_likelihood`).

    Args:
        y_idx: int ``[n]`` released candidates (rows of ``cand_vecs``).
        eps: the budget ``eps_l`` the word was released with.
        secret_vecs: ``[V, n_dim]`` embeddings of the secrets ``X_l``.
        cand_vecs: ``[|C|, n_dim]`` embeddings of the candidate set ``C``.
        log_prior: ``[V]`` log prior over the secrets (normalised or not).

    Returns:
        float64 ``[n, V]`` normalised log-posteriors.
    """
    ll = em_log_likelihood(y_idx, eps, secret_vecs, cand_vecs)
    return _normalise_rows(ll + np.asarray(log_prior, dtype=np.float64)[None, :])


def exact_joint_log_posterior(
    y1_idx: np.ndarray,
    y2_idx: np.ndarray,
    eps: float,
    secret_vecs: np.ndarray,
    cand_vecs: np.ndarray,
    log_prior: np.ndarray,
) -> np.ndarray:
    """The exact posterior after two independent EM releases ``y1, y2`` of the same word.

    ``log P(x | y1, y2) = log pi(x) + log P_EM(y1 | x) + log P_EM(y2 | x) + const``: its
    ``PL`` is the sum of two log-likelihood ratios, so ``mPL <= 2 eps`` (and it exceeds ``eps``
    for some triplets). Arguments as :func:`exact_em_log_posterior`; ``y1_idx`` and
    ``y2_idx`` have equal length (row ``k`` is the pair ``(y1[k], y2[k])``).
    """
    s, c = _check_vectors(secret_vecs, cand_vecs)
    y1 = np.asarray(y1_idx, dtype=np.int64).reshape(-1)
    y2 = np.asarray(y2_idx, dtype=np.int64).reshape(-1)
    if y1.shape != y2.shape:
        raise ValueError(f"y1_idx and y2_idx must have equal length, got {y1.size}, {y2.size}")
    log_z = em_log_normalisers(eps, s, c)
    ll = em_log_likelihood(y1, eps, s, c, log_z) + em_log_likelihood(y2, eps, s, c, log_z)
    return _normalise_rows(ll + np.asarray(log_prior, dtype=np.float64)[None, :])


def exact_linked_log_posterior(
    log_lik: np.ndarray, groups: np.ndarray, log_prior: np.ndarray
) -> np.ndarray:
    """The exact posterior of an attacker who links every mention of a secret in a document.

    Row ``k`` of ``log_lik`` is ``log P(y_k | x)`` for the ``k``-th released position (e.g.
    :func:`em_log_likelihood`); positions with the same ``groups`` value are independent
    releases of one and the same secret word (its mentions in one document). The attacker
    reads them together: ``log P(x | y_g) = log pi(x) + sum_{k in g} log P(y_k | x) + const``,
    the same posterior for every position of the group. This is the seed's joint consumption
    with perfect coreference: a name written five times is read five times. With one
    position per group it is :func:`exact_em_log_posterior`; with two it is
    :func:`exact_joint_log_posterior`. Its ``mPL`` reaches ``k eps`` for a group of ``k``.

    Args:
        log_lik: float ``[n, V]`` log-likelihood of each released position under each secret.
        groups: ``[n]`` group labels (any hashable dtype numpy can sort, e.g. the secrets).
        log_prior: ``[V]`` log prior over the secrets (normalised or not).

    Returns:
        float64 ``[n, V]`` normalised log-posteriors.
    """
    ll = np.asarray(log_lik, dtype=np.float64)
    g = np.asarray(groups).reshape(-1)
    lp = np.asarray(log_prior, dtype=np.float64).reshape(-1)
    if ll.ndim != 2 or ll.shape[0] != g.shape[0] or ll.shape[1] != lp.shape[0]:
        raise ValueError(
            f"log_lik [n, V], groups [n] and log_prior [V] must agree, got {ll.shape}, "
            f"{g.shape}, {lp.shape}"
        )
    if not g.size:
        return ll.reshape(0, lp.shape[0])
    _, inv = np.unique(g, return_inverse=True)
    sums = np.zeros((int(inv.max()) + 1, ll.shape[1]), dtype=np.float64)
    np.add.at(sums, inv.reshape(-1), ll)
    return _normalise_rows(sums[inv.reshape(-1)] + lp[None, :])


def pooled_log_likelihood(log_lik: np.ndarray, table: np.ndarray) -> np.ndarray:
    """The likelihood of a remapped release: ``log P(f(y) = z | x)`` for every ``z``.

    Bayesian remapping publishes ``z = f(y)`` instead of ``y``, so
    ``P(z | x) = sum_{y: f(y) = z} P(y | x)``: the mechanism's mass pooled over each preimage.

    Args:
        log_lik: float ``[V, |C|]``, ``log P(y | x)`` of every candidate ``y`` (rows sum to 1
            in probability).
        table: int ``[|C|]``, ``f(y)`` as a candidate position (``RemapTable.table``).

    Returns:
        float64 ``[V, |C|]``; ``-inf`` where no ``y`` maps to ``z``.
    """
    ll = np.asarray(log_lik, dtype=np.float64)
    t = np.asarray(table, dtype=np.int64).reshape(-1)
    if ll.ndim != 2 or t.shape[0] != ll.shape[1]:
        raise ValueError(f"log_lik [V, |C|] and table [|C|] must agree, got {ll.shape}, {t.shape}")
    if t.size and (t.min() < 0 or t.max() >= ll.shape[1]):
        raise ValueError(f"table entries must be in [0, {ll.shape[1]})")
    top = ll.max(axis=1, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    mass = np.zeros_like(ll)
    np.add.at(mass.T, t, np.exp(ll - top).T)
    with np.errstate(divide="ignore"):
        return np.log(mass) + top
