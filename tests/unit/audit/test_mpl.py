"""mPL, the PBmPL estimator and the Hoeffding bound, against known answers."""

from __future__ import annotations

import math

import numpy as np
import pytest

from privtext.audit.mpl import (
    distance_fn,
    distance_matrix,
    enumerate_pbmpl,
    estimate_pbmpl,
    exact_em_log_posterior,
    exact_joint_log_posterior,
    exact_linked_log_posterior,
    hoeffding_log10_bound,
    mpl,
    pairwise_distances64,
    pooled_log_likelihood,
    sample_triplets,
)
from privtext.mechanisms.exponential import ExponentialMechanism

from .conftest import tight_geometry

# -- (c) the bound -------------------------------------------------------------------------


def test_bound_equals_closed_form():
    for S, p_hat, delta in [(1000, 0.01, 0.05), (5_000, 0.0, 0.1), (10, 0.02, 0.5)]:
        xi = p_hat / delta
        closed = math.log10(2 * math.exp(-2 * S * (1 - xi) ** 2 * delta**2))
        assert hoeffding_log10_bound(S, p_hat, delta) == pytest.approx(closed, rel=1e-12)
    # explicit xi
    closed = math.log10(2 * math.exp(-2 * 2000 * 0.5**2 * 0.05**2))
    assert hoeffding_log10_bound(2000, 0.01, 0.05, xi=0.5) == pytest.approx(closed, rel=1e-12)


def test_bound_far_below_the_smallest_float():
    # S = 10^8, delta = 0.1, p_hat = 0: log10(2) - 2e8 * 0.01 / ln 10 = about -868,588.6
    got = hoeffding_log10_bound(10**8, 0.0, 0.1)
    assert got == pytest.approx(math.log10(2) - 2e6 / math.log(10), rel=1e-12)
    # about -1e6: S = 1.2e8
    got = hoeffding_log10_bound(120_000_000, 0.0, 0.1)
    assert -1.05e6 < got < -1.0e6
    assert math.isfinite(got)


def test_bound_not_applicable():
    assert math.isnan(hoeffding_log10_bound(1000, 0.05, 0.05))
    assert math.isnan(hoeffding_log10_bound(1000, 0.2, 0.05))
    assert math.isnan(hoeffding_log10_bound(1000, 0.04, 0.05, xi=0.5))  # p_hat > xi delta
    assert math.isnan(hoeffding_log10_bound(1000, 0.0, 0.05, xi=1.0))
    with pytest.raises(ValueError):
        hoeffding_log10_bound(0, 0.0, 0.05)
    with pytest.raises(ValueError):
        hoeffding_log10_bound(10, 0.0, 0.0)


# -- mPL and distances ---------------------------------------------------------------------


def test_mpl_formula():
    got = mpl(
        np.array([-1.0, -2.0]),
        np.array([-3.0, -1.0]),
        np.array([-0.5, -0.5]),
        np.array([-0.5, -1.5]),
        np.array([2.0, 4.0]),
    )
    np.testing.assert_allclose(got, [1.0, 0.5])


def test_distances_exact_near_zero():
    rng = np.random.default_rng(0)
    a = rng.normal(size=(20, 50)) * 5
    d = pairwise_distances64(a, a)
    assert np.all(np.diag(d) == 0.0)
    direct = np.linalg.norm(a[:, None] - a[None], axis=2)
    np.testing.assert_allclose(d, direct, rtol=1e-12, atol=1e-12)
    f = distance_fn(a)
    np.testing.assert_allclose(
        f(np.arange(20), np.arange(20)[::-1]), direct[np.arange(20), 19 - np.arange(20)]
    )


def test_sampling_excludes_zero_distance_pairs():
    vecs = np.array([[0.0, 0.0], [0.0, 0.0], [1.0, 0.0], [2.0, 0.0]])  # secrets 0, 1 coincide
    y, i, j, d = sample_triplets(3, 4, 5000, np.random.default_rng(0), distance_matrix(vecs))
    assert np.all(d > 0) and np.all(i != j)
    assert not np.any(((i == 0) & (j == 1)) | ((i == 1) & (j == 0)))
    # the 10 remaining ordered pairs are equally likely
    counts = np.bincount(i * 4 + j, minlength=16)
    nz = counts[counts > 0]
    assert nz.size == 10 and nz.min() > 400
    assert set(np.unique(y)) == {0, 1, 2}


# -- (a) the exact single-word posterior never violates --------------------------------------


def test_exact_em_posterior_no_violation_glove(glove_setup):
    words, vecs, cands, log_prior = glove_setup
    eps = 2.5
    em = ExponentialMechanism(cands)
    rng = np.random.default_rng(3)
    x = np.repeat(np.arange(len(words)), 10)
    u = (rng.integers(0, 2**53, size=x.size) + 0.5) * 2.0**-53
    emb_idx = cands.emb.lookup(np.asarray(words, dtype=object)[x])
    y = em.sample(emb_idx, eps, u)
    cv = cands.vectors64()
    lp = exact_em_log_posterior(y, eps, vecs, cv, log_prior)
    np.testing.assert_allclose(np.exp(lp).sum(axis=1), 1.0, rtol=1e-12)
    st = estimate_pbmpl(
        lp,
        x,
        log_prior,
        distance_matrix(vecs),
        eps,
        200_000,
        0.05,
        np.random.default_rng(0),
        tier="PII",
    )
    assert st.violations == 0 and st.violation_ratio == 0.0
    assert st.mpl_values.max() <= eps + 1e-9
    assert st.log10_bound == pytest.approx(math.log10(2) - 2 * 200_000 * 0.05**2 / math.log(10))
    # every triplet, not only the sampled ones
    p, table = enumerate_pbmpl(lp, log_prior, distance_matrix(vecs), eps)
    assert p == 0.0 and np.nanmax(table) <= eps + 1e-9
    assert 0.0 < st.top1_accuracy <= 1.0 and st.n_positions == x.size


def test_exact_em_posterior_no_violation_tight_geometry():
    secrets, cands, log_prior = tight_geometry()
    eps = 1.0
    y = np.arange(len(cands))
    lp = exact_em_log_posterior(y, eps, secrets, cands, log_prior)
    p, table = enumerate_pbmpl(lp, log_prior, distance_matrix(secrets), eps)
    assert p == 0.0
    assert 0.95 * eps < np.nanmax(table) <= eps + 1e-9  # nearly tight, never above


def test_posterior_matches_the_mechanism_law(glove_setup):
    """exact_em_log_posterior uses the same likelihood as ExponentialMechanism.log_probs."""
    words, vecs, cands, log_prior = glove_setup
    em = ExponentialMechanism(cands)
    eps = 1.7
    y = np.array([0, 5, 17, 1999])
    lp = exact_em_log_posterior(y, eps, vecs, cands.vectors64(), log_prior)
    emb_idx = cands.emb.lookup(words)
    ll = np.stack([em.log_probs(int(e), eps)[y] for e in emb_idx], axis=1)  # [n, V]
    ref = ll + log_prior[None]
    ref -= np.log(np.exp(ref).sum(axis=1))[:, None]
    np.testing.assert_allclose(lp, ref, rtol=1e-9, atol=1e-9)


# -- (b) two releases: violations exactly where the joint mPL exceeds the target ------------


def _joint_setup():
    secrets, cands, log_prior = tight_geometry()
    right = np.arange(len(cands) - 5, len(cands))
    pool = np.concatenate([right, np.arange(6), np.arange(6, 16)])  # right side, secrets, left
    y1, y2 = np.meshgrid(pool, pool, indexing="ij")
    lp = exact_joint_log_posterior(y1.ravel(), y2.ravel(), 1.0, secrets, cands, log_prior)
    return secrets, log_prior, lp


def test_joint_posterior_violation_count_equals_enumeration():
    secrets, log_prior, lp = _joint_setup()
    dm = distance_matrix(secrets)
    eps = 1.0
    true_index = np.zeros(lp.shape[0], dtype=np.int64)
    for target in (eps, 1.5 * eps, 2.0 * eps):
        _, table = enumerate_pbmpl(lp, log_prior, dm, target)
        st = estimate_pbmpl(
            lp, true_index, log_prior, dm, target, 20_000, 0.05, np.random.default_rng(11)
        )
        y, i, j, _ = sample_triplets(lp.shape[0], 6, 20_000, np.random.default_rng(11), dm)
        assert st.violations == int(np.count_nonzero(table[y, i, j] > target))
        np.testing.assert_array_equal(st.mpl_values, table[y, i, j])
    low = estimate_pbmpl(lp, true_index, log_prior, dm, eps, 20_000, 0.05, np.random.default_rng(1))
    high = estimate_pbmpl(
        lp, true_index, log_prior, dm, 2 * eps, 20_000, 0.05, np.random.default_rng(1)
    )
    assert low.violations > 0
    assert high.violations == 0
    p2, table = enumerate_pbmpl(lp, log_prior, dm, 2 * eps)
    assert p2 == 0.0 and np.nanmax(table) <= 2 * eps + 1e-9
    assert np.nanmax(table) > 1.9 * eps


def test_a_prior_per_position_counts_only_what_that_position_adds():
    # Two independent EM releases y1, y2 of one secret (eps = 1). Against the public prior the
    # joint posterior violates eps (up to 2 eps d, above). With, as the prior at each position,
    # the exact posterior after y1 alone (what was known before y2 was read), PL is the
    # log-likelihood ratio of y2 alone: at most eps d, so no triplet violates eps, and the
    # largest mPL reaches eps.
    secrets, cands, log_prior = tight_geometry()
    right = np.arange(len(cands) - 5, len(cands))
    pool = np.concatenate([right, np.arange(6), np.arange(6, 16)])
    y1, y2 = (a.ravel() for a in np.meshgrid(pool, pool, indexing="ij"))
    joint = exact_joint_log_posterior(y1, y2, 1.0, secrets, cands, log_prior)
    after_y1 = exact_em_log_posterior(y1, 1.0, secrets, cands, log_prior)
    dm = distance_matrix(secrets)
    t = np.zeros(joint.shape[0], dtype=np.int64)
    assert (
        estimate_pbmpl(
            joint, t, log_prior, dm, 1.0, 20_000, 0.05, np.random.default_rng(3)
        ).violations
        > 0
    )
    st = estimate_pbmpl(joint, t, after_y1, dm, 1.0, 20_000, 0.05, np.random.default_rng(3))
    assert st.violations == 0
    p, table = enumerate_pbmpl(joint, after_y1, dm, 1.0)
    assert p == 0.0 and 0.9 < np.nanmax(table) <= 1.0 + 1e-9
    # a prior too far from the truth (the posterior after y1 at 0.7 eps) is caught
    off = exact_em_log_posterior(y1, 0.7, secrets, cands, log_prior)
    assert (
        estimate_pbmpl(joint, t, off, dm, 1.0, 20_000, 0.05, np.random.default_rng(3)).violations
        > 0
    )
    # a [V] prior is the same as that prior on every row
    rows = np.broadcast_to(log_prior, joint.shape)
    a = estimate_pbmpl(joint, t, log_prior, dm, 1.0, 5_000, 0.05, np.random.default_rng(5))
    b = estimate_pbmpl(joint, t, rows, dm, 1.0, 5_000, 0.05, np.random.default_rng(5))
    np.testing.assert_array_equal(a.mpl_values, b.mpl_values)
    with pytest.raises(ValueError, match="log_prior"):
        estimate_pbmpl(joint, t, rows[:3], dm, 1.0, 10, 0.05, np.random.default_rng(0))


# -- (b') linked mentions: the joint posterior of every mention of a secret in a document ----


def test_linked_posterior_is_the_single_and_the_joint_posterior():
    from privtext.audit.mpl import em_log_likelihood

    secrets, cands, log_prior = tight_geometry()
    y = np.array([len(cands) - 1, 3, 500, len(cands) - 2, 7])
    ll = em_log_likelihood(y, 1.0, secrets, cands)
    # one position per group: the single-word posterior
    single = exact_linked_log_posterior(ll, np.arange(5), log_prior)
    np.testing.assert_allclose(single, exact_em_log_posterior(y, 1.0, secrets, cands, log_prior))
    # positions 0 and 3 are two mentions of one word: both get the two-release posterior
    linked = exact_linked_log_posterior(ll, np.array(["a", "b", "c", "a", "d"]), log_prior)
    joint = exact_joint_log_posterior(y[[0]], y[[3]], 1.0, secrets, cands, log_prior)[0]
    np.testing.assert_allclose(linked[0], joint, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(linked[3], joint, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(linked[[1, 2, 4]], single[[1, 2, 4]])
    # a group of three on the right passes 2 eps for some pair (the bound is nearly tight)
    lp3 = exact_linked_log_posterior(ll[[0, 0, 0]], np.zeros(3), log_prior)
    _, table = enumerate_pbmpl(lp3[:1], log_prior, distance_matrix(secrets), 3.0)
    assert 2.0 < np.nanmax(table) <= 3.0 + 1e-9
    with pytest.raises(ValueError, match="must agree"):
        exact_linked_log_posterior(ll, np.arange(4), log_prior)


def test_pooled_likelihood_sums_each_preimage():
    rng = np.random.default_rng(4)
    ll = np.log(rng.dirichlet(np.ones(7), size=3))  # [V=3, |C|=7]
    table = np.array([2, 2, 2, 5, 5, 0, 2])
    got = pooled_log_likelihood(ll, table)
    p = np.exp(ll)
    want = np.full_like(ll, -np.inf)
    for z in (0, 2, 5):
        want[:, z] = np.log(p[:, table == z].sum(axis=1))
    np.testing.assert_allclose(got, want)
    np.testing.assert_allclose(np.exp(got).sum(axis=1), 1.0)
    # pooling never makes two secrets easier to tell apart than the draw itself
    image = np.isfinite(got[0])
    assert np.abs(got[0, image] - got[1, image]).max() <= np.abs(ll[0] - ll[1]).max()
    with pytest.raises(ValueError, match="must agree"):
        pooled_log_likelihood(ll, table[:5])


def test_callable_distance_gives_the_same_audit():
    secrets, log_prior, lp = _joint_setup()
    t = np.zeros(lp.shape[0], dtype=np.int64)
    a = estimate_pbmpl(
        lp, t, log_prior, distance_matrix(secrets), 1.0, 5000, 0.05, np.random.default_rng(4)
    )
    b = estimate_pbmpl(
        lp, t, log_prior, distance_fn(secrets), 1.0, 5000, 0.05, np.random.default_rng(4)
    )
    assert a.violations == b.violations
    np.testing.assert_allclose(a.mpl_values, b.mpl_values, rtol=1e-12)


# -- (e) a wrong posterior is rejected ------------------------------------------------------


def test_estimator_rejects_an_overconfident_posterior():
    secrets, cands, log_prior = tight_geometry()
    eps = 1.0
    dm = distance_matrix(secrets)
    y = np.concatenate([np.arange(len(cands) - 5, len(cands)), np.arange(40)])
    t = np.zeros(y.size, dtype=np.int64)
    right = exact_em_log_posterior(y, eps, secrets, cands, log_prior)
    wrong = exact_em_log_posterior(y, 1.3 * eps, secrets, cands, log_prior)  # eps 30% too big
    ok = estimate_pbmpl(right, t, log_prior, dm, eps, 50_000, 0.05, np.random.default_rng(2))
    bad = estimate_pbmpl(wrong, t, log_prior, dm, eps, 50_000, 0.05, np.random.default_rng(2))
    assert ok.violations == 0
    assert bad.violation_ratio > 0.01


def test_top1_and_validation():
    lp = np.log(np.array([[0.7, 0.2, 0.1], [0.1, 0.1, 0.8], [0.5, 0.3, 0.2]]))
    pri = np.log(np.full(3, 1 / 3))
    dm = distance_matrix(np.array([[0.0], [1.0], [3.0]]))
    st = estimate_pbmpl(lp, np.array([0, 2, -1]), pri, dm, 1.0, 100, 0.05, np.random.default_rng(0))
    assert st.top1_accuracy == pytest.approx(2 / 3)
    row = st.as_row()
    assert row["samples"] == 100 and "mpl_p90" in row
    with pytest.raises(ValueError):
        estimate_pbmpl(lp, np.array([0, 1]), pri, dm, 1.0, 10, 0.05, np.random.default_rng(0))
    with pytest.raises(ValueError):
        estimate_pbmpl(
            lp, np.array([0, 1, 2]), pri[:2], dm, 1.0, 10, 0.05, np.random.default_rng(0)
        )
