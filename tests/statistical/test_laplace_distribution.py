"""Laplace-NN noise has the law with density proportional to exp(-eps ||eta||); the rank fix
draws ranks from its truncated geometric law; the whole mechanism matches a reference.

Every test that accepts the implementation also runs on a wrong variant (radius scaled by 0.7
or 1.3, a non-uniform direction, c scaled by 0.7 or 1.3, eps scaled by 0.7 or 1.3) and must reject
it at p < 1e-6, so a pass is evidence of power.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from privtext.embeddings import CandidateSet, Embeddings, load_embeddings_cached, neighbour_lists
from privtext.mechanisms.laplace_nn import (
    DEFAULT_RANK_FIX_C,
    LaplaceNN,
    gamma_radius,
    noise_vectors,
    rank_fix_log_probs,
    rank_fix_ranks,
    unit_directions,
)

pytestmark = pytest.mark.statistical

N = 100_000
ALPHA = 1e-6


def open_uniforms(rng: np.random.Generator, shape) -> np.ndarray:
    return (rng.integers(0, 2**53, size=shape, dtype=np.int64) + 0.5) * 2.0**-53


def chisq_pvalue(samples: np.ndarray, log_probs: np.ndarray, min_expected: float = 5.0) -> float:
    """Chi-square goodness of fit to exact probabilities; bins expected < 5 merged into one."""
    counts = np.bincount(samples, minlength=log_probs.shape[0]).astype(np.float64)
    expected = samples.shape[0] * np.exp(log_probs)
    big = expected >= min_expected
    obs, exp = counts[big], expected[big]
    if (~big).any():
        obs = np.append(obs, counts[~big].sum())
        exp = np.append(exp, expected[~big].sum())
    stat = float(((obs - exp) ** 2 / exp).sum())
    return float(stats.chi2.sf(stat, obs.size - 1))


def homogeneity_pvalue(a: np.ndarray, b: np.ndarray, n_bins: int) -> float:
    """Chi-square test that two samples of category indices share one law (sparse bins merged)."""
    ca = np.bincount(a, minlength=n_bins)
    cb = np.bincount(b, minlength=n_bins)
    big = (ca + cb) >= 20
    table = np.stack([ca[big], cb[big]])
    rest = np.array([[ca[~big].sum()], [cb[~big].sum()]])
    if rest.sum() > 0:
        table = np.hstack([table, rest])
    return float(stats.chi2_contingency(table, correction=False).pvalue)


@pytest.fixture(scope="module")
def glove() -> Embeddings:
    return load_embeddings_cached("glove-6b-50d")


@pytest.fixture(scope="module")
def cands(glove: Embeddings) -> CandidateSet:
    return CandidateSet.build(glove, 200)


# -- radius -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("dim", "eps"), [(50, 10.0), (50, 1.0), (7, 3.0)])
def test_radius_is_gamma_and_wrong_scale_rejected(dim: int, eps: float) -> None:
    rng = np.random.default_rng(dim * 100 + int(eps))
    u = open_uniforms(rng, (N, 1 + 2 * ((dim + 1) // 2)))
    r = np.linalg.norm(noise_vectors(u, eps, dim), axis=1)
    law = stats.gamma(a=dim, scale=1.0 / eps).cdf
    assert stats.kstest(r, law).pvalue > ALPHA
    for wrong in (0.7, 1.3):
        assert stats.kstest(wrong * r, law).pvalue < ALPHA
    # the mean is n / eps (the seed's "expected noise norm")
    assert abs(r.mean() - dim / eps) < 6 * np.sqrt(dim) / eps / np.sqrt(N)


def test_radius_tails_are_accurate() -> None:
    """Inverse CDF in both tails (gammainccinv for u >= 0.5)."""
    u = np.array([[1e-12], [0.5], [1 - 2.0**-53]])
    r = gamma_radius(u[:, 0], 2.0, 50)
    law = stats.gamma(a=50, scale=0.5)
    np.testing.assert_allclose(law.cdf(r[:2]), u[:2, 0], rtol=1e-9)
    np.testing.assert_allclose(law.sf(r[2]), 2.0**-53, rtol=1e-6)


# -- direction ----------------------------------------------------------------------------------
def _projections_pvalues(dirs: np.ndarray, dim: int, rng: np.random.Generator) -> list[float]:
    """KS p-values of (v . dir + 1) / 2 against Beta((n-1)/2, (n-1)/2) for fixed unit vectors v."""
    v_rand = rng.normal(size=dim)
    vectors = [np.eye(dim)[0], np.ones(dim) / np.sqrt(dim), v_rand / np.linalg.norm(v_rand)]
    law = stats.beta((dim - 1) / 2, (dim - 1) / 2).cdf
    return [float(stats.kstest((dirs @ v + 1) / 2, law).pvalue) for v in vectors]


@pytest.mark.parametrize("dim", [50, 7])
def test_direction_uniform_on_sphere_and_anisotropy_rejected(dim: int) -> None:
    rng = np.random.default_rng(dim)
    m = (dim + 1) // 2
    u = open_uniforms(rng, (N, 1 + 2 * m))
    eta = noise_vectors(u, 4.0, dim)
    dirs = eta / np.linalg.norm(eta, axis=1, keepdims=True)
    np.testing.assert_allclose(dirs, unit_directions(u[:, 1:], dim), atol=1e-12)
    assert min(_projections_pvalues(dirs, dim, np.random.default_rng(99))) > ALPHA
    # radius and direction independent: the projection law is the same for small and large r
    r = np.linalg.norm(eta, axis=1)
    small = r < np.median(r)
    assert stats.ks_2samp(dirs[small, 0], dirs[~small, 0]).pvalue > ALPHA

    # power 1: a normalised anisotropic normal (first half of the coordinates 1.3x wider)
    z = rng.normal(size=(N, dim))
    z[:, : dim // 2 + 1] *= 1.3
    bad = z / np.linalg.norm(z, axis=1, keepdims=True)
    assert min(_projections_pvalues(bad, dim, np.random.default_rng(99))) < ALPHA
    # power 2: an un-normalised anisotropic normal
    assert min(_projections_pvalues(z / np.sqrt(dim), dim, np.random.default_rng(99))) < ALPHA
    # power 3: a normalised uniform cube (Box-Muller forgotten)
    cube = rng.random((N, dim)) - 0.5
    cube /= np.linalg.norm(cube, axis=1, keepdims=True)
    assert min(_projections_pvalues(cube, dim, np.random.default_rng(99))) < ALPHA


# -- rank fix -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("c", "eps", "k"), [(DEFAULT_RANK_FIX_C, 10.0, 100), (0.07, 0.5, 100), (0.02, 4.0, 30)]
)
def test_rank_fix_law_and_wrong_c_rejected(c: float, eps: float, k: int) -> None:
    rng = np.random.default_rng(int(eps * 10) + k)
    u = open_uniforms(rng, N)
    lp = rank_fix_log_probs(c, eps, k)
    assert abs(np.logaddexp.reduce(lp)) < 1e-12
    ranks = rank_fix_ranks(u, c, eps, k)
    assert ranks.min() >= 0 and ranks.max() < k
    assert chisq_pvalue(ranks, lp) > ALPHA
    for wrong in (0.7, 1.3):
        assert chisq_pvalue(rank_fix_ranks(u, wrong * c, eps, k), lp) < ALPHA


def test_rank_fix_end_to_end_law(glove: Embeddings, cands: CandidateSet) -> None:
    """Through LaplaceNN.sample: the output's rank in x*'s neighbour list follows the law."""
    rng = np.random.default_rng(21)
    x = np.full(N, int(glove.lookup(["house"])[0]))
    u = open_uniforms(rng, (N, 52))
    eps, k = 10.0, 50
    xstar = LaplaceNN(cands, rank_fix=False).sample(x, eps, u)
    lists = neighbour_lists(cands, xstar, k)
    lp = rank_fix_log_probs(DEFAULT_RANK_FIX_C, eps, k)
    cases = [(DEFAULT_RANK_FIX_C, True)] + [(f * DEFAULT_RANK_FIX_C, False) for f in (0.7, 1.3)]
    for c_used, ok in cases:
        y = LaplaceNN(cands, rank_fix_c=c_used, rank_fix_k=k).sample(x, eps, u)
        hit = lists == y[:, None]
        assert np.all(hit.sum(axis=1) == 1)  # the output is in x*'s list
        ranks = hit.argmax(axis=1)
        p = chisq_pvalue(ranks, lp)
        assert (p > ALPHA) if ok else (p < ALPHA), (c_used, p)


# -- the whole mechanism against an independent reference ------------------------------------
def _reference_laplace_nn(
    glove: Embeddings, cands: CandidateSet, x: int, eps: float, n: int, seed: int
) -> np.ndarray:
    """numpy Generator gamma + normal noise, float64 brute-force nearest neighbour."""
    rng = np.random.default_rng(seed)
    dim = cands.dim
    z = rng.standard_normal((n, dim))
    z /= np.linalg.norm(z, axis=1, keepdims=True)
    pts = np.asarray(glove.vectors[x], np.float64) + z * rng.gamma(dim, 1.0 / eps, n)[:, None]
    c = cands.vectors.astype(np.float64)
    c_sq = (c**2).sum(1)
    out = np.empty(n, dtype=np.int64)
    for s in range(0, n, 20_000):
        p = pts[s : s + 20_000]
        out[s : s + 20_000] = np.argmin(c_sq[None, :] - 2 * p @ c.T, axis=1)
    return out


@pytest.mark.parametrize(("word", "eps"), [("house", 10.0), ("paris", 20.0)])
def test_laplace_nn_matches_reference(
    glove: Embeddings, cands: CandidateSet, word: str, eps: float
) -> None:
    x = int(glove.lookup([word])[0])
    u = open_uniforms(np.random.default_rng(31), (N, 52))
    ours = LaplaceNN(cands, rank_fix=False).sample(np.full(N, x), eps, u)
    ref = _reference_laplace_nn(glove, cands, x, eps, N, seed=32)
    assert homogeneity_pvalue(ours, ref, len(cands)) > ALPHA
    for seed, wrong in ((33, 0.7), (34, 1.3)):
        ref_bad = _reference_laplace_nn(glove, cands, x, wrong * eps, N, seed=seed)
        assert homogeneity_pvalue(ours, ref_bad, len(cands)) < ALPHA, wrong
