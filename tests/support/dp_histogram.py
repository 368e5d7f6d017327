"""A sampled histogram tester of the metric-DP inequality (in the style of DP-Auditorium).

The claim under test, for one pair of inputs ``x, x'`` at distance ``d`` and every event
``E`` of the output space,

.. math::

    p_x(E) \\le e^{\\varepsilon d}\\, p_{x'}(E) \\quad\\text{and}\\quad
    p_{x'}(E) \\le e^{\\varepsilon d}\\, p_x(E).

The tester sees only samples: ``n_a`` outputs of the mechanism on ``x`` and ``n_b`` on ``x'``,
as histograms over a finite set of bins (for the word-level mechanisms, the candidate words).

Procedure (:func:`check_metric_dp`). For each event ``E`` of a family fixed *before* the counts
were drawn (a union of bins: a single bin, all rare bins merged into one "other" bin, a
super-level set of a likelihood ratio estimated from an independent pilot sample, ...) and each
direction, take the one-sided Clopper-Pearson lower confidence bound ``LCB`` of ``p_x(E)`` and the
upper bound ``UCB`` of ``p_{x'}(E)``, each at level ``beta = alpha / (2 m)`` where ``m`` is the
number of (event, direction) checks (Bonferroni). The pair *fails* if for some check

.. math::

    \\mathrm{LCB}(p_x(E)) > e^{\\varepsilon d}\\, \\mathrm{UCB}(p_{x'}(E)).

Soundness. If the mechanism satisfies the inequality, a failure needs ``LCB > p_x(E)`` or
``UCB < p_{x'}(E)`` for some check (otherwise ``LCB <= p_x(E) <= e^{eps d} p_{x'}(E) <= e^{eps d}
UCB``). Each Clopper-Pearson bound is exact-conservative for a binomial count, so each fails with
probability at most ``beta``, and by the union bound a false failure has probability at most
``2 m beta = alpha``, whatever the laws and the sample sizes. The same event shows the
*certified lower bound* of the pair's effective epsilon,

.. math::

    \\hat\\varepsilon = \\max_{E,\\ \\text{direction}}
        \\frac{\\ln \\mathrm{LCB}(p_x(E)) - \\ln \\mathrm{UCB}(p_{x'}(E))}{d},

which, with probability at least ``1 - alpha``, is at most the smallest ``eps'`` for which the
pair satisfies the inequality; the test fails exactly when ``eps_hat > eps``.

Merging bins is sound: the inequality for a union of bins is the sum of the inequalities of its
bins, so an event "other" = all rare bins is a legitimate event (it cannot make a correct
mechanism fail), and it gives power where each rare bin alone is too small to resolve.

What matters for soundness is that the family of events does not depend on the counts being
tested. Use a fixed family (every bin on its own: the default) or build one from an independent
pilot sample with :func:`events_from_pilot`; never choose events from the tested counts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from scipy import stats


def clopper_pearson_lower(k: np.ndarray, n: int, beta: float) -> np.ndarray:
    """One-sided ``1 - beta`` lower confidence bound of a binomial ``p`` from ``k`` of ``n``.

    ``P[bound > p] <= beta`` for every ``p`` (0 when ``k == 0``).
    """
    k = np.asarray(k, dtype=np.float64)
    out = np.zeros_like(k)
    pos = k > 0
    out[pos] = stats.beta.ppf(beta, k[pos], n - k[pos] + 1)
    return out


def clopper_pearson_upper(k: np.ndarray, n: int, beta: float) -> np.ndarray:
    """One-sided ``1 - beta`` upper confidence bound of a binomial ``p`` from ``k`` of ``n``.

    ``P[bound < p] <= beta`` for every ``p`` (1 when ``k == n``).
    """
    k = np.asarray(k, dtype=np.float64)
    out = np.ones_like(k)
    part = k < n
    out[part] = stats.beta.isf(beta, k[part] + 1, n - k[part])
    return out


@dataclass(frozen=True)
class HistogramTestResult:
    """Outcome of :func:`check_metric_dp`.

    Attributes:
        passed: no check certified a violation (``eps_lower_bound <= eps``).
        eps: the claimed epsilon; ``d`` the distance; ``alpha`` the family-wise level.
        eps_lower_bound: the certified lower bound ``eps_hat`` of the pair's effective epsilon
            (``-inf`` when no event has a positive lower bound).
        worst_event: index (into the events) of the check that gives ``eps_lower_bound``.
        worst_direction: ``"x>x'"`` (bounds ``p_x(E) / p_x'(E)``) or ``"x'>x"``.
        lcb, ucb: the bounds of that check (``LCB`` of the larger side, ``UCB`` of the other).
        counts: the counts of the worst event on the two sides ``(k_x, k_x')``.
        n_checks: ``m``, the number of (event, direction) checks; ``beta`` the per-bound level.
    """

    passed: bool
    eps: float
    d: float
    alpha: float
    eps_lower_bound: float
    worst_event: int
    worst_direction: str
    lcb: float
    ucb: float
    counts: tuple[int, int]
    n_checks: int
    beta: float
    worst_bins: np.ndarray = field(repr=False)

    def summary(self) -> str:
        """A one-line description for assertion messages."""
        return (
            f"{'pass' if self.passed else 'FAIL'}: eps_hat={self.eps_lower_bound:.3f} vs "
            f"eps={self.eps:.3f} (d={self.d:.3f}), event #{self.worst_event} "
            f"({self.worst_bins.size} bins, {self.worst_direction}), counts={self.counts}, "
            f"LCB={self.lcb:.3g}, UCB={self.ucb:.3g}, m={self.n_checks}, alpha={self.alpha:g}"
        )


def check_metric_dp(
    counts_x: np.ndarray,
    counts_xp: np.ndarray,
    eps: float,
    d: float,
    events: list[np.ndarray] | None = None,
    alpha: float = 1e-9,
    symmetric: bool = True,
) -> HistogramTestResult:
    """Test ``p_x(E) <= exp(eps d) p_x'(E)`` (and the reverse) on histograms.

    Args:
        counts_x: int ``[B]`` histogram of ``n_x = sum(counts_x)`` independent outputs on ``x``.
        counts_xp: int ``[B]`` histogram of independent outputs on ``x'`` (same bins).
        eps: the claimed epsilon; ``d``: the distance ``d(x, x') > 0``.
        events: events as arrays of bin indices (each event is the union of its bins), fixed
            independently of these counts; ``None``: every bin on its own (``B`` events).
        alpha: family-wise probability of a false failure (the per-bound level is
            ``alpha / (2 m)``, ``m`` the number of checks).
        symmetric: also check the direction ``x' > x``.

    Returns:
        The verdict with the certified ``eps_hat`` and the event that gives it.
    """
    cx = np.asarray(counts_x, dtype=np.int64).reshape(-1)
    cy = np.asarray(counts_xp, dtype=np.int64).reshape(-1)
    if cx.shape != cy.shape:
        raise ValueError(f"histograms differ in shape: {cx.shape} vs {cy.shape}")
    if (cx < 0).any() or (cy < 0).any():
        raise ValueError("counts must be >= 0")
    if not (d > 0 and math.isfinite(d)) or not eps >= 0:
        raise ValueError(f"need d > 0 and eps >= 0, got d={d!r}, eps={eps!r}")
    n_x, n_y = int(cx.sum()), int(cy.sum())
    if n_x == 0 or n_y == 0:
        raise ValueError("both histograms need samples")
    evs = None if events is None else [np.unique(np.asarray(e, dtype=np.int64)) for e in events]
    if evs is None:
        ex, ey = cx, cy
        bins_of = None
    else:
        if any(e.size and (e[0] < 0 or e[-1] >= cx.size) for e in evs):
            raise ValueError("event bin index out of range")
        ex = np.array([cx[e].sum() for e in evs], dtype=np.int64)
        ey = np.array([cy[e].sum() for e in evs], dtype=np.int64)
        bins_of = evs
    n_ev = ex.size
    m = n_ev * (2 if symmetric else 1)
    beta = alpha / (2 * m)
    sides = [("x>x'", ex, n_x, ey, n_y)]
    if symmetric:
        sides.append(("x'>x", ey, n_y, ex, n_x))
    best = (-math.inf, 0, sides[0][0], 0.0, 1.0, (0, 0))
    for name, ka, na, kb, nb in sides:
        # only events with a positive lower bound can certify anything
        cand = np.flatnonzero(ka > 0)
        if cand.size == 0:
            continue
        lcb = clopper_pearson_lower(ka[cand], na, beta)
        ucb = clopper_pearson_upper(kb[cand], nb, beta)
        with np.errstate(divide="ignore"):
            score = (np.log(lcb) - np.log(ucb)) / d
        j = int(np.argmax(score))
        if score[j] > best[0]:
            i = int(cand[j])
            counts = (int(ka[i]), int(kb[i])) if name == "x>x'" else (int(kb[i]), int(ka[i]))
            best = (float(score[j]), i, name, float(lcb[j]), float(ucb[j]), counts)
    eps_hat, ev, direction, lcb_w, ucb_w, counts = best
    worst_bins = np.array([ev]) if bins_of is None else bins_of[ev]
    return HistogramTestResult(
        passed=not eps_hat > eps,
        eps=float(eps),
        d=float(d),
        alpha=float(alpha),
        eps_lower_bound=eps_hat,
        worst_event=ev,
        worst_direction=direction,
        lcb=lcb_w,
        ucb=ucb_w,
        counts=counts,
        n_checks=m,
        beta=beta,
        worst_bins=worst_bins,
    )


def events_from_pilot(
    pilot_x: np.ndarray,
    pilot_xp: np.ndarray,
    min_count: int = 20,
    n_levels: int = 12,
) -> list[np.ndarray]:
    """A family of events chosen from an independent pilot sample (histograms of ``x``, ``x'``).

    The family (all unions of bins, so each is a legitimate event):

    * every bin with at least ``min_count`` pilot outputs on either side, on its own;
    * "other": all remaining bins merged into one (including bins the pilot never saw);
    * super-level sets ``{y : r(y) >= t}`` and sub-level sets ``{y : r(y) <= 1/t}`` of the
      pilot likelihood ratio ``r(y) = ((k_x(y) + 1/2) / n_x) / ((k_x'(y) + 1/2) / n_x')`` for
      ``n_levels`` thresholds ``t`` spread over the observed ratios (these approximate the
      events ``{privacy loss > t}``, which witness a violation best).

    The pilot must be independent of the counts later given to :func:`check_metric_dp`, so the
    family is fixed with respect to them and the Bonferroni correction is exact.
    """
    px = np.asarray(pilot_x, dtype=np.float64).reshape(-1)
    py = np.asarray(pilot_xp, dtype=np.float64).reshape(-1)
    if px.shape != py.shape:
        raise ValueError("pilot histograms differ in shape")
    frequent = (px >= min_count) | (py >= min_count)
    events: list[np.ndarray] = [np.array([i]) for i in np.flatnonzero(frequent)]
    rare = np.flatnonzero(~frequent)
    if rare.size:
        events.append(rare)
    seen = np.flatnonzero((px + py) > 0)
    if seen.size and n_levels > 0:
        r = np.log((px[seen] + 0.5) / px.sum()) - np.log((py[seen] + 0.5) / py.sum())
        hi = float(np.max(np.abs(r)))
        if hi > 0:
            for t in np.linspace(0.0, hi, n_levels + 1)[1:]:
                up = seen[r >= t]
                down = seen[r <= -t]
                if up.size:
                    events.append(up)
                if down.size:
                    events.append(down)
    # drop duplicates (same bin set), keep order
    out: list[np.ndarray] = []
    keys: set[bytes] = set()
    for e in events:
        e = np.unique(e)
        key = e.tobytes()
        if key not in keys:
            keys.add(key)
            out.append(e)
    return out
