"""AmPL: the exact utility loss of EM and the alpha update rule."""

from __future__ import annotations

import math

import numpy as np
import pytest

from privtext.audit.ampl import AmplConfig, AmplController, utility_loss_em


def brute_utility(alpha, eps, s, c, log_prior):
    d = np.linalg.norm(s[:, None, :] - c[None, :, :], axis=2)
    p = np.exp(-0.5 * alpha * eps * d)
    p /= p.sum(axis=1, keepdims=True)
    w = np.exp(log_prior) / np.exp(log_prior).sum()
    return float(w @ (p * d).sum(axis=1))


def test_utility_loss_exact_and_decreasing():
    rng = np.random.default_rng(0)
    s = rng.normal(size=(7, 5))
    c = np.concatenate([s, rng.normal(size=(40, 5))])
    lp = np.log(rng.uniform(0.1, 1.0, 7))
    for alpha in (0.2, 0.5, 1.0):
        assert utility_loss_em(alpha, 3.0, s, c, lp) == pytest.approx(
            brute_utility(alpha, 3.0, s, c, lp), rel=1e-12
        )
    us = [utility_loss_em(a, 3.0, s, c, lp) for a in np.linspace(0.1, 1.0, 10)]
    assert all(x > y for x, y in zip(us, us[1:], strict=False))


def test_utility_loss_glove_large_candidate_set(glove_setup):
    words, vecs, cands, log_prior = glove_setup
    from privtext.embeddings import CandidateSet

    big = CandidateSet.build(cands.emb, 20_000)
    u1 = utility_loss_em(1.0, 2.5, vecs, big.vectors64(), log_prior)
    u5 = utility_loss_em(0.5, 2.5, vecs, big.vectors64(), log_prior)
    assert 0 < u1 < u5


def linear_utility(tier, alpha):
    return 5.0 - 2.0 * alpha  # U(1) = 3, slope -2


def test_alpha_decreases_while_leaking_and_stops_at_target():
    ctl = AmplController(AmplConfig(target_delta=0.05, step=0.1))
    assert ctl.alpha == {"PII": 1.0, "PoII": 1.0}
    p = {"PII": 0.2, "PoII": 0.15}
    prev = dict(ctl.alpha)
    for _ in range(3):
        new = ctl.update(p, linear_utility)
        assert new["PII"] < prev["PII"] and new["PoII"] < prev["PoII"]
        assert prev["PII"] - new["PII"] <= 0.1 + 1e-12
        assert new["PII"] <= new["PoII"]
        prev = new
        p = {t: v * 0.7 for t, v in p.items()}
    assert not ctl.done({"PII": 0.06, "PoII": 0.01})
    assert ctl.done({"PII": 0.05, "PoII": 0.01})
    # at the target: no move
    before = dict(ctl.alpha)
    assert ctl.update({"PII": 0.04, "PoII": 0.01}, linear_utility) == before
    assert len(ctl.history) == 8


def test_per_tier_delta():
    cfg = AmplConfig(target_delta={"PII": 0.10, "PoII": 0.05}, step=0.1, lambda_utility=0.0)
    ctl = AmplController(cfg)
    assert ctl.done({"PII": 0.09, "PoII": 0.05})
    assert not ctl.done({"PII": 0.09, "PoII": 0.06})
    assert not ctl.done({"PII": 0.11, "PoII": 0.01})
    # PII at 0.09 is under its own delta and stays; PoII at 0.08 is over its and moves
    new = ctl.update({"PII": 0.09, "PoII": 0.08}, linear_utility)
    assert new["PII"] == 1.0 or new["PII"] == new["PoII"]  # only lowered to keep the order
    assert new["PoII"] == pytest.approx(0.9)
    # the privacy force is normalised by the tier's own delta
    rec = [h for h in ctl.history if h["tier"] == "PoII"][-1]
    assert rec["force_privacy"] == pytest.approx(0.08 / 0.05)
    for bad in ({"PII": 0.1}, {"PII": 0.1, "PoII": 1.5}, 0.0):
        with pytest.raises((ValueError, KeyError)):
            AmplController(AmplConfig(target_delta=bad)).done({"PII": 0.0, "PoII": 0.0})


def test_utility_force_slows_the_descent():
    full = AmplController(AmplConfig(variant="full"))
    priv = AmplController(AmplConfig(variant="p"))
    p = {"PII": 0.06, "PoII": 0.06}
    a_full = full.update(p, linear_utility)
    a_priv = priv.update(p, linear_utility)
    assert a_priv["PII"] == pytest.approx(0.9)  # privacy only: a full step
    assert a_priv["PII"] < a_full["PII"] < 1.0  # utility pulls back, never above 1


def test_variants():
    p = {"PII": 0.3, "PoII": 0.3}
    u = AmplController(AmplConfig(variant="u"))
    assert u.update(p, linear_utility) == {"PII": 1.0, "PoII": 1.0}  # leakage ignored
    one = AmplController(AmplConfig(variant="one"))
    got = one.update(p, linear_utility)
    assert got["PoII"] == 1.0 and got["PII"] < 1.0
    assert one.done({"PII": 0.01, "PoII": 0.9})  # only PII is tuned
    calls = []
    AmplController(AmplConfig(variant="p")).update(p, lambda t, a: calls.append(a) or 1.0)
    assert calls == []  # lambda_2 = 0: the utility is never evaluated
    with pytest.raises(ValueError):
        AmplConfig(variant="x")


def test_never_below_alpha_min_and_order_kept():
    ctl = AmplController(AmplConfig(alpha_min=0.3, step=0.5, lambda_utility=0.0))
    for _ in range(10):
        a = ctl.update({"PII": 0.9, "PoII": 0.9}, linear_utility)
        assert a["PII"] >= 0.3 and a["PoII"] >= 0.3 and a["PII"] <= a["PoII"]
    assert a == {"PII": 0.3, "PoII": 0.3}
    # PoII leaking, PII not: PII follows PoII down (PII stays the stronger tier)
    ctl = AmplController(AmplConfig(step=0.2, lambda_utility=0.0))
    a = ctl.update({"PII": 0.0, "PoII": 0.5}, linear_utility)
    assert a["PoII"] == pytest.approx(0.8) and a["PII"] == pytest.approx(0.8)


def test_secant_exponent_from_two_rounds():
    ctl = AmplController(AmplConfig(lambda_utility=0.0, step=0.1))
    ctl.update({"PII": 0.4, "PoII": 0.4}, linear_utility)  # alpha 1 -> 0.9
    ctl.update({"PII": 0.2, "PoII": 0.4}, linear_utility)
    k_pii = ctl.history[-2]["k"]
    assert k_pii == pytest.approx(min(4.0, math.log(0.2 / 0.4) / math.log(0.9 / 1.0)))
    assert ctl.history[-1]["k"] == 0.5  # PoII did not improve: clipped at the lower end
