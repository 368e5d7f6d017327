"""The PBmPL estimator is unbiased and binomial; the exact EM posterior never violates.

Known answers come from enumerating every triplet of a small secret vocabulary
(:func:`privtext.audit.mpl.enumerate_pbmpl`). Seeds are fixed and thresholds are 1e-6-level
(z-scores of 5, chi-square p-values of 1e-6), so the tests do not flake.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from privtext.audit.mpl import (
    distance_matrix,
    enumerate_pbmpl,
    estimate_pbmpl,
    exact_em_log_posterior,
    exact_joint_log_posterior,
)
from privtext.embeddings import CandidateSet, load_embeddings_cached
from privtext.mechanisms.exponential import ExponentialMechanism
from privtext.mechanisms.remap import public_log_prior

pytestmark = pytest.mark.statistical


def _tight_joint():
    """Six secrets on a line; candidates massed on one side (EM's bound nearly tight)."""
    rng = np.random.default_rng(1)
    secrets = np.stack([np.arange(6) * 0.5, np.zeros(6)], axis=1)
    cands = np.concatenate(
        [
            secrets,
            rng.normal(0.0, 0.05, (1000, 2)) + [-4.0, 0.0],
            rng.normal(0.0, 0.05, (5, 2)) + [6.0, 0.0],
        ]
    )
    log_prior = np.log(np.full(6, 1 / 6))
    pool = np.concatenate([np.arange(len(cands) - 5, len(cands)), np.arange(12)])
    y1, y2 = np.meshgrid(pool, pool, indexing="ij")
    lp = exact_joint_log_posterior(y1.ravel(), y2.ravel(), 1.0, secrets, cands, log_prior)
    return secrets, log_prior, lp


def test_estimator_is_unbiased_and_binomial():
    secrets, log_prior, lp = _tight_joint()
    dm = distance_matrix(secrets)
    target = 1.2
    p, _ = enumerate_pbmpl(lp, log_prior, dm, target)
    assert 0.02 < p < 0.5  # a non-trivial share, so the test has power
    S, runs = 2_000, 400
    t = np.zeros(lp.shape[0], dtype=np.int64)
    counts = np.array(
        [
            estimate_pbmpl(
                lp, t, log_prior, dm, target, S, 0.05, np.random.default_rng(s)
            ).violations
            for s in range(runs)
        ]
    )
    mean = counts.mean() / S
    sd = np.sqrt(p * (1 - p) / (S * runs))
    assert abs(mean - p) < 5 * sd, (mean, p, sd)
    # the counts are Binomial(S, p): chi-square goodness of fit on merged quantile bins
    edges = stats.binom.ppf(np.linspace(0, 1, 11)[1:-1], S, p)
    observed = np.bincount(np.searchsorted(edges, counts, side="left"), minlength=10)
    cdf = stats.binom.cdf(edges, S, p)
    expected = np.diff(np.concatenate([[0.0], cdf, [1.0]])) * runs
    assert stats.chisquare(observed, expected).pvalue > 1e-6


def test_wrong_target_is_detected_by_the_mean():
    """A posterior whose mPL is understated (target inflated) shows a mean far from p."""
    secrets, log_prior, lp = _tight_joint()
    dm = distance_matrix(secrets)
    p, _ = enumerate_pbmpl(lp, log_prior, dm, 1.2)
    t = np.zeros(lp.shape[0], dtype=np.int64)
    st = estimate_pbmpl(lp, t, log_prior, dm, 1.3, 200_000, 0.05, np.random.default_rng(0))
    sd = np.sqrt(p * (1 - p) / 200_000)
    assert abs(st.violation_ratio - p) > 5 * sd


def test_exact_em_posterior_has_no_violation_on_a_million_triplets():
    emb = load_embeddings_cached("glove-6b-50d")
    words = (
        "james mary robert patricia michael linda william barbara david susan richard jessica "
        "joseph sarah thomas karen smith johnson williams brown jones garcia miller davis "
        "rodriguez martinez hernandez lopez gonzalez wilson paris london berlin madrid rome "
        "vienna prague warsaw dublin lisbon"
    ).split()
    cands = CandidateSet.build(emb, 5_000, extra_words=words)
    vecs = np.asarray(emb.vectors[emb.lookup(words)], dtype=np.float64)
    log_prior = public_log_prior(words)
    em = ExponentialMechanism(cands)
    rng = np.random.default_rng(5)
    for eps in (1.0, 2.5, 5.0):
        x = np.repeat(np.arange(len(words)), 25)
        u = (rng.integers(0, 2**53, size=x.size) + 0.5) * 2.0**-53
        y = em.sample(emb.lookup(np.asarray(words, dtype=object)[x]), eps, u)
        lp = exact_em_log_posterior(y, eps, vecs, cands.vectors64(), log_prior)
        st = estimate_pbmpl(lp, x, log_prior, distance_matrix(vecs), eps, 1_000_000, 0.01, rng)
        assert st.violations == 0
        assert st.mpl_values.max() <= eps + 1e-9
        # and the joint posterior of two releases, audited against 2 eps
        y2 = em.sample(emb.lookup(np.asarray(words, dtype=object)[x]), eps, u[::-1].copy())
        lj = exact_joint_log_posterior(y, y2, eps, vecs, cands.vectors64(), log_prior)
        sj = estimate_pbmpl(lj, x, log_prior, distance_matrix(vecs), 2 * eps, 200_000, 0.01, rng)
        assert sj.violations == 0
