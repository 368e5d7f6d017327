"""The exponential mechanism draws from exactly its law, and that law is eps-metric-DP.

Each goodness-of-fit test also runs against a wrong mechanism (eps scaled by 0.7 and by 1.3)
and must reject it, so a pass is evidence, not an underpowered test. Thresholds are 1e-6, so
the tests do not flake; the seeds are fixed as well.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from privtext.embeddings import CandidateSet, Embeddings, load_embeddings_cached
from privtext.mechanisms.exponential import ExponentialMechanism

pytestmark = pytest.mark.statistical

N_DRAWS = 100_000
ALPHA = 1e-6


def open_uniforms(rng: np.random.Generator, shape) -> np.ndarray:
    return (rng.integers(0, 2**53, size=shape, dtype=np.int64) + 0.5) * 2.0**-53


def chisq_pvalue(samples: np.ndarray, log_probs: np.ndarray, min_expected: float = 5.0) -> float:
    """Chi-square goodness of fit of samples (candidate indices) to exact probabilities.

    Bins with an expected count below ``min_expected`` are merged into one bin (and that bin,
    if still too small, into the smallest remaining one).
    """
    n = samples.shape[0]
    counts = np.bincount(samples, minlength=log_probs.shape[0]).astype(np.float64)
    expected = n * np.exp(log_probs)
    big = expected >= min_expected
    obs = list(counts[big])
    exp = list(expected[big])
    if (~big).any():
        rest_o, rest_e = counts[~big].sum(), expected[~big].sum()
        if rest_e >= min_expected or not exp:
            obs.append(rest_o)
            exp.append(rest_e)
        else:
            j = int(np.argmin(exp))
            obs[j] += rest_o
            exp[j] += rest_e
    obs_a, exp_a = np.asarray(obs), np.asarray(exp)
    if obs_a.size < 2:
        return 1.0
    stat = float(((obs_a - exp_a) ** 2 / exp_a).sum())
    return float(stats.chi2.sf(stat, obs_a.size - 1))


@pytest.fixture(scope="module")
def glove() -> Embeddings:
    return load_embeddings_cached("glove-6b-50d")


@pytest.fixture(scope="module")
def cands(glove: Embeddings) -> CandidateSet:
    return CandidateSet.build(glove, 200)


@pytest.fixture(scope="module")
def em(cands: CandidateSet) -> ExponentialMechanism:
    return ExponentialMechanism(cands)


def _words(glove: Embeddings, cands: CandidateSet) -> list[int]:
    # two candidates, and two words outside C (the mechanism is defined for any x in V)
    return [
        int(cands.emb_index[10]),
        int(cands.emb_index[150]),
        int(glove.lookup(["paris"])[0]),
        int(glove.lookup(["guitar"])[0]),
    ]


# eps where the laws are neither near uniform nor near a point mass, so that a 30% error in
# eps moves the chi-square noncentrality (N sum (p' - p)^2 / p) far past the 1e-6 critical value:
# its smallest value over these words and eps is about 590 (paris, eps = 1, x1.3).
@pytest.mark.parametrize("eps", [1.0, 2.0, 3.0])
def test_em_draws_follow_exact_law_and_wrong_eps_rejected(
    glove: Embeddings, cands: CandidateSet, em: ExponentialMechanism, eps: float
) -> None:
    rng = np.random.default_rng(int(eps * 1000))
    for x in _words(glove, cands):
        lp = em.log_probs(x, eps)
        idx = np.full(N_DRAWS, x, dtype=np.int64)
        u = open_uniforms(rng, N_DRAWS)
        p_ok = chisq_pvalue(em.sample(idx, eps, u), lp)
        assert p_ok > ALPHA, (glove.words[x], eps, p_ok)
        for wrong in (0.7, 1.3):
            p_bad = chisq_pvalue(em.sample(idx, wrong * eps, u), lp)
            assert p_bad < ALPHA, (glove.words[x], eps, wrong, p_bad)


def test_em_mixed_batch_follows_exact_law(
    glove: Embeddings, cands: CandidateSet, em: ExponentialMechanism
) -> None:
    """Interleaved words in one batch: grouping by word must not mix their uniforms."""
    rng = np.random.default_rng(11)
    words = np.array(_words(glove, cands), dtype=np.int64)
    idx = words[rng.integers(0, len(words), 4 * N_DRAWS // 2)]
    u = open_uniforms(rng, idx.shape[0])
    y = em.sample(idx, 2.0, u)
    for x in words:
        sel = idx == x
        assert chisq_pvalue(y[sel], em.log_probs(int(x), 2.0)) > ALPHA
    # the same draws attributed to the wrong words are rejected
    shifted = np.roll(words, 1)
    for x, x_wrong in zip(words, shifted, strict=True):
        assert chisq_pvalue(y[idx == x], em.log_probs(int(x_wrong), 2.0)) < ALPHA


def test_oov_is_uniform(cands: CandidateSet, em: ExponentialMechanism) -> None:
    rng = np.random.default_rng(12)
    u = open_uniforms(rng, N_DRAWS)
    y = em.sample(np.full(N_DRAWS, -1), 1.0, u)
    assert chisq_pvalue(y, em.log_probs(-1, 1.0)) > ALPHA
    # power: a non-uniform law (the EM of some word at a small eps) is rejected
    assert chisq_pvalue(y, em.log_probs(int(cands.emb_index[0]), 0.5)) < ALPHA


def _distance(glove: Embeddings, a: int, b: int) -> float:
    va = np.asarray(glove.vectors[a], np.float64)
    vb = np.asarray(glove.vectors[b], np.float64)
    return float(np.sqrt(((va - vb) ** 2).sum()))


def _pairs(glove: Embeddings, cands: CandidateSet, n: int = 40) -> list[tuple[int, int]]:
    rng = np.random.default_rng(5)
    pool = np.concatenate([cands.emb_index, rng.integers(0, 60_000, 200)])
    pairs = [tuple(int(v) for v in rng.choice(pool, 2, replace=False)) for _ in range(n)]
    # near pairs, where the bound eps d(x, x') is small and hardest to meet
    near = glove.lookup(["king", "queen", "paris", "london", "good", "bad", "he", "she"])
    pairs += [(int(near[i]), int(near[i + 1])) for i in range(0, 8, 2)]
    return pairs


@pytest.mark.parametrize("eps", [0.5, 2.0, 8.0])
def test_metric_dp_inequality_exact(
    glove: Embeddings, cands: CandidateSet, em: ExponentialMechanism, eps: float
) -> None:
    """log P[y|x] - log P[y|x'] <= eps d(x, x') for all y, from the exact probabilities."""
    worst = 0.0
    for x, x2 in _pairs(glove, cands):
        d = _distance(glove, x, x2)
        diff = em.log_probs(x, eps) - em.log_probs(x2, eps)
        assert diff.max() <= eps * d + 1e-9, (glove.words[x], glove.words[x2])
        assert -diff.min() <= eps * d + 1e-9, (glove.words[x], glove.words[x2])
        worst = max(worst, float(np.abs(diff).max() / (eps * d)))
    # the check is not vacuous: the bound is approached (about half of eps d is typical for
    # EM, whose numerator and normaliser changes partly cancel)
    assert worst > 0.4


def test_metric_dp_inequality_catches_broken_mechanisms(
    glove: Embeddings, cands: CandidateSet, em: ExponentialMechanism
) -> None:
    """Power of the inequality check: two classic mistakes violate it."""
    eps = 2.0
    pairs = _pairs(glove, cands)
    c64 = cands.vectors.astype(np.float64)

    def logp(x: int, scale: float, support: np.ndarray | None = None) -> np.ndarray:
        q = np.asarray(glove.vectors[x], np.float64)
        logits = -scale * eps * np.sqrt(((c64 - q) ** 2).sum(1))
        if support is not None:
            mask = np.full(len(cands), -np.inf)
            mask[support] = 0.0
            logits = logits + mask
        return logits - np.logaddexp.reduce(logits)

    def violates(f) -> bool:
        for x, x2 in pairs:
            d = _distance(glove, x, x2)
            with np.errstate(invalid="ignore"):
                diff = f(x) - f(x2)
            diff = diff[~np.isnan(diff)]
            if diff.size and diff.max() > eps * d + 1e-9:
                return True
        return False

    # reference: the correct law passes
    assert not violates(lambda x: logp(x, 0.5))
    np.testing.assert_allclose(logp(pairs[0][0], 0.5), em.log_probs(pairs[0][0], eps), atol=1e-12)
    # 1. exponent eps * d instead of eps * d / 2
    assert violates(lambda x: logp(x, 1.0))

    # 2. a candidate set that depends on the input: x's 20 nearest candidates only
    def local(x: int) -> np.ndarray:
        q = np.asarray(glove.vectors[x], np.float64)
        support = np.argsort(((c64 - q) ** 2).sum(1))[:20]
        return logp(x, 0.5, support)

    assert violates(local)
