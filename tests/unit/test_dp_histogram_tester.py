"""The sampled metric-DP histogram tester (tests/support/dp_histogram.py) on synthetic laws."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from tests.support.dp_histogram import (
    check_metric_dp,
    clopper_pearson_lower,
    clopper_pearson_upper,
    events_from_pilot,
)


def _hist(rng: np.random.Generator, p: np.ndarray, n: int) -> np.ndarray:
    return rng.multinomial(n, p / p.sum())


def test_clopper_pearson_bounds_known_values_and_coverage() -> None:
    # k = 0: lower bound 0, upper bound 1 - beta^(1/n); k = n: upper bound 1, lower beta^(1/n)
    n, beta = 100, 0.05
    assert clopper_pearson_lower(np.array([0]), n, beta)[0] == 0.0
    assert math.isclose(clopper_pearson_upper(np.array([0]), n, beta)[0], 1 - beta ** (1 / n))
    assert clopper_pearson_upper(np.array([n]), n, beta)[0] == 1.0
    assert math.isclose(clopper_pearson_lower(np.array([n]), n, beta)[0], beta ** (1 / n))
    # the bounds bracket k/n and have (at least) their nominal one-sided coverage
    rng = np.random.default_rng(1)
    p = 0.03
    k = rng.binomial(n, p, 20_000)
    lo = clopper_pearson_lower(k, n, beta)
    hi = clopper_pearson_upper(k, n, beta)
    assert np.all(lo <= k / n) and np.all(k / n <= hi)
    assert (lo > p).mean() <= beta and (hi < p).mean() <= beta
    # exact: P[k >= k0] = beta at p = LCB(k0)
    k0 = 7
    p_lo = clopper_pearson_lower(np.array([k0]), n, beta)[0]
    assert math.isclose(stats.binom.sf(k0 - 1, n, p_lo), beta, rel_tol=1e-8)


def test_equal_laws_accepted_at_any_eps() -> None:
    rng = np.random.default_rng(2)
    p = rng.dirichlet(np.ones(300))
    a, b = _hist(rng, p, 100_000), _hist(rng, p, 100_000)
    for eps in (0.0, 0.01, 1.0):
        res = check_metric_dp(a, b, eps, 1.0)
        assert res.passed, res.summary()
    # the certified bound of equal laws is at most about 0
    assert check_metric_dp(a, b, 0.0, 1.0).eps_lower_bound <= 0.0


def test_law_exactly_at_the_bound_accepted_and_beyond_rejected() -> None:
    """Two bins with ratio exactly exp(eps d) pass; a ratio of exp(2 eps d) fails."""
    eps, d = 1.0, 1.0
    r = math.exp(eps * d)
    px = np.array([r, 1.0]) / (r + 1)  # px / px' = e on bin 0 and 1/e on bin 1
    py = np.array([1.0, r]) / (r + 1)
    rng = np.random.default_rng(3)
    n = 200_000
    ok = check_metric_dp(_hist(rng, px, n), _hist(rng, py, n), eps, d)
    assert ok.passed, ok.summary()
    assert 0.9 * eps < ok.eps_lower_bound <= eps  # tight law, large samples: close to eps
    r2 = math.exp(2 * eps * d)
    px2 = np.array([r2, 1.0]) / (r2 + 1)
    py2 = np.array([1.0, r2]) / (r2 + 1)
    bad = check_metric_dp(_hist(rng, px2, n), _hist(rng, py2, n), eps, d)
    assert not bad.passed, bad.summary()
    assert 1.5 * eps < bad.eps_lower_bound <= 2 * eps
    assert bad.worst_direction in ("x>x'", "x'>x")
    assert bad.counts[0] + bad.counts[1] > 0


def test_one_sided_direction() -> None:
    """With symmetric=False only p_x(E) <= e^{eps d} p_x'(E) is checked."""
    rng = np.random.default_rng(4)
    px = np.array([0.5, 0.5])
    py = np.array([0.99, 0.01])  # x' puts far more mass on bin 0, x far more on bin 1
    a, b = _hist(rng, px, 50_000), _hist(rng, py, 50_000)
    eps = 0.8  # ln(0.5 / 0.01) = 3.9 > eps > ln(0.99 / 0.5) = 0.68
    both = check_metric_dp(a, b, eps, 1.0)
    assert not both.passed
    assert both.worst_direction == "x>x'"  # bin 1: 0.5 vs 0.01
    assert not check_metric_dp(a, b, eps, 1.0, symmetric=False).passed
    swapped = check_metric_dp(b, a, eps, 1.0, symmetric=False)  # only 0.99 / 0.5 on bin 0
    assert swapped.passed, swapped.summary()
    assert swapped.n_checks == 2 and both.n_checks == 4


def test_tolerance_widens_with_fewer_samples() -> None:
    """The same violating laws: the certified bound shrinks as n falls, until it passes."""
    eps, d = 1.0, 1.0
    px = np.array([0.2, 0.8])
    py = np.array([0.2 * math.exp(-2.0), 1 - 0.2 * math.exp(-2.0)])  # true eps = 2 on bin 0
    bounds = []
    for n in (1_000_000, 100_000, 10_000, 1_000, 100):
        # expected counts (no sampling noise), so the trend is the width of the bounds alone
        a = np.round(px * n).astype(np.int64)
        b = np.round(py * n).astype(np.int64)
        bounds.append(check_metric_dp(a, b, eps, d).eps_lower_bound)
    assert all(x > y for x, y in zip(bounds, bounds[1:], strict=False)), bounds
    assert bounds[0] > eps and bounds[-1] < eps and bounds[0] <= 2.0
    # and more events (Bonferroni) also widen it, at a fixed n
    n = 10_000
    a, b = np.round(px * n).astype(np.int64), np.round(py * n).astype(np.int64)
    few = check_metric_dp(a, b, eps, d, events=[np.array([0])])
    many = check_metric_dp(a, b, eps, d, events=[np.array([0])] * 1000)
    assert few.eps_lower_bound > many.eps_lower_bound
    assert few.n_checks == 2 and many.n_checks == 2000


def test_merged_rare_bins_detect_a_spread_out_violation() -> None:
    """2000 rare bins, each 5x likelier under x: no bin alone resolves it, their union does."""
    n_rare = 2000
    px = np.concatenate([[0.5], np.full(n_rare, 0.5 / n_rare)])
    py = np.concatenate([[0.9], np.full(n_rare, 0.1 / n_rare)])
    rng = np.random.default_rng(5)
    n = 100_000
    a, b = _hist(rng, px, n), _hist(rng, py, n)
    eps, d = 1.0, 1.0  # ratio 5 > e on the rare bins
    singles = check_metric_dp(a, b, eps, d)
    assert singles.passed, singles.summary()
    events = events_from_pilot(_hist(rng, px, 20_000), _hist(rng, py, 20_000), min_count=50)
    merged = check_metric_dp(a, b, eps, d, events)
    assert not merged.passed, merged.summary()
    assert merged.worst_bins.size > 100


def test_events_from_pilot_family() -> None:
    pilot_x = np.array([100, 0, 3, 50, 0, 1])
    pilot_y = np.array([100, 0, 0, 1, 2, 30])
    events = events_from_pilot(pilot_x, pilot_y, min_count=20, n_levels=4)
    sets = [tuple(e.tolist()) for e in events]
    assert (0,) in sets and (3,) in sets and (5,) in sets  # frequent bins alone
    assert (1, 2, 4) in sets  # the rare bins (and the unseen bin 1) merged
    assert len(sets) == len(set(sets))  # no duplicates
    for e in events:
        assert e.size and np.all(np.diff(e) > 0) and e[0] >= 0 and e[-1] < pilot_x.size
    # super-level sets of the pilot ratio: bin 3 (ratio ~ 34) leads the x side
    assert any(3 in s and 0 not in s and len(s) > 1 for s in sets)


def test_false_failure_rate_is_at_most_alpha() -> None:
    """At a loose alpha = 0.2, a law exactly at the bound fails at most about 20% of the time."""
    eps, d = 0.5, 1.0
    r = math.exp(eps * d)
    px = np.array([r, 1.0, 2.0]) / (r + 3)
    py = np.array([1.0, r, 2.0]) / (r + 3)
    # rescale py so that both sum to 1 and the ratios stay within e^{eps d}
    py = py / py.sum()
    assert np.all(px <= r * py + 1e-12) and np.all(py <= r * px + 1e-12)
    rng = np.random.default_rng(6)
    fails = sum(
        not check_metric_dp(_hist(rng, px, 2000), _hist(rng, py, 2000), eps, d, alpha=0.2).passed
        for _ in range(300)
    )
    assert fails <= 0.2 * 300


@pytest.mark.parametrize(
    ("a", "b", "eps", "d", "events"),
    [
        (np.array([1, 2]), np.array([1, 2, 3]), 1.0, 1.0, None),
        (np.array([1, -2]), np.array([1, 2]), 1.0, 1.0, None),
        (np.array([1, 2]), np.array([1, 2]), 1.0, 0.0, None),
        (np.array([0, 0]), np.array([1, 2]), 1.0, 1.0, None),
        (np.array([1, 2]), np.array([1, 2]), 1.0, 1.0, [np.array([2])]),
    ],
)
def test_invalid_input_rejected(a, b, eps, d, events) -> None:
    with pytest.raises(ValueError):
        check_metric_dp(a, b, eps, d, events)
