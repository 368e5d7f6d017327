"""AmPL: the feedback loop that tunes the per-tier scales ``alpha_l`` (seed 001, METHODS.md).

Each round perturbs with ``eps_l = alpha_l * eps``, trains an attacker, audits the violation
ratio ``p_hat_l`` per tier, and updates ``alpha`` to reduce

.. math::

    L_l(\\alpha_l) = \\lambda_1 \\frac{\\hat p_l(\\alpha_l)}{\\delta}
                   + \\lambda_2 \\frac{U_l(\\alpha_l)}{U_l(1)},
    \\qquad
    U_l(\\alpha) = \\sum_x \\pi(x) \\sum_{y \\in C} P_\\alpha(y \\mid x)\\, d(x, y).

Both terms are normalised (the violation ratio by the target ``delta``, the utility loss by
EM's at ``alpha = 1``) so that ``lambda_1 = lambda_2 = 1`` weighs them evenly whatever the
embedding's scale. This module holds the engine-agnostic parts: the exact utility loss of EM
(:func:`utility_loss_em`) and the update rule (:class:`AmplController`); the Spark jobs run the
rounds.

The update (one per round and tuned tier):

* ``U`` is exact for EM, so its slope ``U'(alpha)`` is a central finite difference of
  :func:`utility_loss_em` (step ``1e-3``). ``U`` decreases with ``alpha`` (more budget, less
  distortion).
* ``p_hat`` is observed only at the current ``alpha``. Local model (our choice):
  ``p(alpha) ~ p_obs (alpha / alpha_obs)^k``, a power law through the observation; ``k = 1``
  (proportional) at the first step, then the log-log secant of the tier's last two rounds with
  different ``alpha`` and ``p_hat > 0``, clipped to ``[0.5, 4]``. So
  ``p'(alpha) = k p_obs / alpha_obs``.
* Forces: privacy ``a = lambda_1 k p_obs / (alpha delta)`` (pushes ``alpha`` down), utility
  ``b = lambda_2 |U'(alpha)| / U(1)`` (pushes it up). The step is
  ``alpha <- alpha - step * (a - b) / (a + b)``: a move of at most ``step``, full speed when
  one force vanishes (AmPL-P), slower as the utility force catches up.
* While ``p_hat > delta`` the step never raises ``alpha`` (utility may slow the descent but
  not reverse it); once ``p_hat <= delta`` the tier stops moving. With ``lambda_1 = 0``
  (AmPL-U) there is no privacy force and ``alpha`` stays where the utility term wants it,
  at most 1: AmPL-U is EM with the leakage ignored.
* ``alpha`` is clipped to ``[alpha_min, 1]``, and ``alpha_PII <= alpha_PoII`` is restored by
  lowering ``alpha_PII`` (PII is the stronger tier).

The audit's target must stay fixed across rounds. ``p_hat_l`` is
``Pr[mPL > eps_l^target]`` with ``eps_l^target`` the tier's *target* budget (e.g. the
configured ``alpha_l * eps``), not the round's ``alpha_l * eps``: lowering ``alpha`` adds noise
and should lower ``p_hat``, which only holds against a fixed threshold (against a threshold
that shrinks with ``alpha`` the measured ratio can rise as ``alpha`` falls).

Variants (METHODS.md): ``full``; ``u`` (``lambda_1 = 0``); ``p`` (``lambda_2 = 0``); ``one``
(only ``PII`` is tuned, ``alpha_PoII`` stays 1). Round 0 is the EM baseline, ``alpha = 1`` for
both tiers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from privtext.audit.mpl import pairwise_distances64

__all__ = ["VARIANTS", "AmplConfig", "AmplController", "utility_loss_em"]

VARIANTS = ("full", "u", "p", "one")
_WORK_BYTES = 32 * 1024 * 1024
_FD_STEP = 1e-3
_K_MIN, _K_MAX = 0.5, 4.0


def utility_loss_em(
    alpha: float,
    eps: float,
    secret_vecs: np.ndarray,
    cand_vecs: np.ndarray,
    log_prior: np.ndarray,
) -> float:
    """Exact expected distortion of EM at ``eps_l = alpha * eps``.

    ``U = sum_x pi(x) sum_{y in C} P(y | x) d(x, y)`` with
    ``P(y | x) = exp(-eps_l d(x, y) / 2) / sum_{y'} exp(-eps_l d(x, y') / 2)`` over the whole
    candidate set, and ``pi`` the prior normalised over the secrets. float64, in blocks of
    secrets (about 32 MiB of work space: never a ``|C| x |C|`` or ``V x |C|`` matrix at once).

    Args:
        alpha: the tier scale (> 0).
        eps: the global budget (> 0).
        secret_vecs: ``[V, n]`` embeddings of the secrets.
        cand_vecs: ``[|C|, n]`` embeddings of the candidate set.
        log_prior: ``[V]`` log prior over the secrets (normalised here).
    """
    e = float(alpha) * float(eps)
    if not (e > 0 and math.isfinite(e)):
        raise ValueError(f"alpha * eps must be a finite number > 0, got {alpha!r} * {eps!r}")
    s = np.asarray(secret_vecs, dtype=np.float64)
    c = np.asarray(cand_vecs, dtype=np.float64)
    lp = np.asarray(log_prior, dtype=np.float64).reshape(-1)
    if lp.shape != (s.shape[0],):
        raise ValueError(f"log_prior must have shape ({s.shape[0]},), got {lp.shape}")
    w = np.exp(lp - lp.max())
    w /= w.sum()
    b = int(max(1, min(4096, _WORK_BYTES // (8 * max(1, c.shape[0])))))
    total = 0.0
    for r0 in range(0, s.shape[0], b):
        d = pairwise_distances64(s[r0 : r0 + b], c)
        logits = -0.5 * e * d
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        total += float(w[r0 : r0 + b] @ np.einsum("ij,ij->i", p, d))
    return total


@dataclass
class AmplConfig:
    """Settings of the AmPL update.

    Attributes:
        lambda_privacy: ``lambda_1``, weight of the (normalised) violation ratio.
        lambda_utility: ``lambda_2``, weight of the (normalised) utility loss.
        variant: ``full``, ``u`` (``lambda_1 = 0``), ``p`` (``lambda_2 = 0``) or ``one``
            (only PII tuned, ``alpha_PoII = 1``).
        step: largest change of an ``alpha`` per round.
        alpha_min: ``alpha`` never goes below this.
        target_delta: the PBmPL target ``delta``: a tier with ``p_hat <= delta`` is done.
            One number for every tier, or ``{tier: delta}`` (e.g. a stricter one for PII).
    """

    lambda_privacy: float = 1.0
    lambda_utility: float = 1.0
    variant: str = "full"
    step: float = 0.1
    alpha_min: float = 0.05
    target_delta: float | Mapping[str, float] = 0.05

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ValueError(f"variant must be one of {VARIANTS}, got {self.variant!r}")
        if self.lambda_privacy < 0 or self.lambda_utility < 0:
            raise ValueError("lambda_privacy and lambda_utility must be >= 0")
        if not 0 < self.step <= 1:
            raise ValueError(f"step must be in (0, 1], got {self.step}")
        if not 0 < self.alpha_min <= 1:
            raise ValueError(f"alpha_min must be in (0, 1], got {self.alpha_min}")
        deltas = (
            self.target_delta.values()
            if isinstance(self.target_delta, Mapping)
            else [self.target_delta]
        )
        if not all(0 < float(d) < 1 for d in deltas):
            raise ValueError(f"target_delta must be in (0, 1), got {self.target_delta}")

    def delta(self, tier: str) -> float:
        """The tier's target ``delta``.

        Raises:
            KeyError: a per-tier ``target_delta`` without this tier.
        """
        if isinstance(self.target_delta, Mapping):
            return float(self.target_delta[tier])
        return float(self.target_delta)

    @property
    def lambdas(self) -> tuple[float, float]:
        """``(lambda_1, lambda_2)`` after the variant: ``u`` zeroes the first, ``p`` the second."""
        if self.variant == "u":
            return 0.0, float(self.lambda_utility)
        if self.variant == "p":
            return float(self.lambda_privacy), 0.0
        return float(self.lambda_privacy), float(self.lambda_utility)


@dataclass
class AmplController:
    """The ``alpha`` update of AmPL (see the module docstring).

    Args:
        cfg: the settings.
        tiers: the tiers, strongest first (``alpha`` of the first is kept <= the second's).

    Attributes:
        alpha: current ``{tier: alpha}``; 1.0 each at round 0 (the EM baseline).
        round: updates made so far.
        history: one dict per tier and update: ``round, tier, alpha, p_hat, k, force_privacy,
            force_utility, utility, new_alpha``.
    """

    cfg: AmplConfig = field(default_factory=AmplConfig)
    tiers: Sequence[str] = ("PII", "PoII")
    alpha: dict[str, float] = field(init=False)
    round: int = field(init=False, default=0)
    history: list[dict[str, Any]] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.tiers = tuple(self.tiers)
        if not self.tiers:
            raise ValueError("AmplController needs at least one tier")
        self.alpha = {t: 1.0 for t in self.tiers}
        self._obs: dict[str, list[tuple[float, float]]] = {t: [] for t in self.tiers}

    @property
    def tuned(self) -> tuple[str, ...]:
        """The tiers whose ``alpha`` moves (variant ``one``: only the first, PII)."""
        return tuple(self.tiers[:1]) if self.cfg.variant == "one" else tuple(self.tiers)

    def done(self, p_hat: Mapping[str, float]) -> bool:
        """Every tuned tier has ``p_hat <= target_delta``."""
        return all(float(p_hat[t]) <= self.cfg.delta(t) for t in self.tuned)

    def _exponent(self, tier: str) -> float:
        obs = self._obs[tier]
        a1, p1 = obs[-1]
        for a0, p0 in reversed(obs[:-1]):
            if a0 != a1 and p0 > 0 and p1 > 0:
                k = math.log(p1 / p0) / math.log(a1 / a0)
                return float(min(_K_MAX, max(_K_MIN, k)))
        return 1.0

    def update(
        self, p_hat: Mapping[str, float], utility: Callable[[str, float], float]
    ) -> dict[str, float]:
        """One descent step from the current round's audit.

        Args:
            p_hat: ``{tier: violation ratio}`` observed at the current ``alpha``.
            utility: ``utility(tier, alpha) -> U_l(alpha)`` (e.g. :func:`utility_loss_em` of
                the tier's secrets); called at ``1``, ``alpha +- 1e-3``.

        Returns:
            The new ``{tier: alpha}`` (also stored in :attr:`alpha`).
        """
        cfg = self.cfg
        lam1, lam2 = cfg.lambdas
        new = dict(self.alpha)
        for tier in self.tuned:
            delta = cfg.delta(tier)
            a = float(self.alpha[tier])
            p = float(p_hat[tier])
            if not (0.0 <= p <= 1.0):
                raise ValueError(f"p_hat[{tier}] must be in [0, 1], got {p!r}")
            self._obs[tier].append((a, p))
            k = self._exponent(tier)
            rec: dict[str, Any] = {"round": self.round, "tier": tier, "alpha": a, "p_hat": p,
                                   "k": k}  # fmt: skip
            if p <= delta:
                rec.update(force_privacy=0.0, force_utility=0.0, utility=math.nan, new_alpha=a)
                self.history.append(rec)
                continue
            force_p = lam1 * k * p / (a * delta)
            force_u = 0.0
            u_here = math.nan
            if lam2 > 0:
                u_ref = float(utility(tier, 1.0))
                hi, lo = min(1.0, a + _FD_STEP), max(cfg.alpha_min / 2, a - _FD_STEP)
                slope = (float(utility(tier, hi)) - float(utility(tier, lo))) / (hi - lo)
                u_here = float(utility(tier, a))
                force_u = lam2 * max(0.0, -slope) / u_ref if u_ref > 0 else 0.0
            total = force_p + force_u
            move = -cfg.step * (force_p - force_u) / total if total > 0 else 0.0
            if lam1 > 0:
                move = min(move, 0.0)  # while the target is violated alpha never rises
            na = float(min(1.0, max(cfg.alpha_min, a + move)))
            new[tier] = na
            rec.update(force_privacy=force_p, force_utility=force_u, utility=u_here, new_alpha=na)
            self.history.append(rec)
        if self.cfg.variant == "one":
            for t in self.tiers[1:]:
                new[t] = 1.0
        # strongest tier first: alpha_PII <= alpha_PoII, lowering the stronger one
        for i in range(len(self.tiers) - 1):
            t0, t1 = self.tiers[i], self.tiers[i + 1]
            if new[t0] > new[t1]:
                new[t0] = max(cfg.alpha_min, new[t1])
        self.alpha = new
        self.round += 1
        return dict(new)
