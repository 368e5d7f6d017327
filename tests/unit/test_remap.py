"""Bayesian remapping of EM (privtext.mechanisms.remap) against a brute-force reference."""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest
from scipy.special import logsumexp
from wordfreq import word_frequency

from privtext.embeddings import CandidateSet, Embeddings
from privtext.errors import ConfigError, InputError
from privtext.mechanisms import remap
from privtext.mechanisms.remap import (
    PRIOR_FLOOR,
    RemapTable,
    build_remap_table,
    cached_remap_table,
    public_log_prior,
)

WORDS = (
    "the of and to in is was for that on with as by at from his her it be are this had not "
    "but which have one were new all their after first two been they has also who city house "
    "water music river king court paper money"
).split()


def synthetic(n: int, dim: int, seed: int, spec: str = "synthetic", scale: float = 1.0):
    rng = np.random.default_rng(seed)
    vecs = (scale * rng.standard_normal((n, dim))).astype(np.float32)
    words = WORDS[:n] if n <= len(WORDS) else [f"w{i}" for i in range(n)]
    emb = Embeddings(words, vecs, spec=f"{spec}-{n}-{dim}-{seed}")
    return CandidateSet(emb, np.arange(n))


def brute_force(cands: CandidateSet, log_prior: np.ndarray, eps: float, top_m: int | None):
    """Reference f, straight from the definitions: dense matrices, direct differences."""
    v = cands.vectors64()
    d = np.sqrt(((v[:, None, :] - v[None, :, :]) ** 2).sum(axis=-1))  # d[x, y]
    log_lik = -0.5 * eps * d - logsumexp(-0.5 * eps * d, axis=1, keepdims=True)  # [x, y]
    log_post = log_prior[:, None] + log_lik  # [x, y], unnormalised in x
    n = len(cands)
    table = np.empty(n, dtype=np.int64)
    masses = np.empty(n)
    costs = []
    for y in range(n):
        col = log_post[:, y]
        keep = np.arange(n) if top_m is None or top_m >= n else np.argsort(-col)[:top_m]
        keep = np.sort(keep)
        masses[y] = math.exp(logsumexp(col[keep]) - logsumexp(col))
        w = np.exp(col[keep] - logsumexp(col[keep]))
        cost = w @ d[np.ix_(keep, keep)]
        table[y] = keep[int(np.argmin(cost))]
        costs.append((keep, cost))
    return table, masses, costs


def assert_same_table(got: np.ndarray, want: np.ndarray, costs) -> None:
    """Equal tables; where they differ, only as an exact tie (costs equal to 1e-12)."""
    for y in np.flatnonzero(got != want).tolist():
        keep, cost = costs[y]
        pos = np.flatnonzero(keep == got[y])
        assert pos.size == 1, f"f({y}) = {got[y]} is outside the support"
        assert cost[pos[0]] <= cost.min() + 1e-12, f"f({y}): {got[y]} is not a minimiser"
    assert (got == want).mean() >= 0.99


@pytest.mark.parametrize(("n", "dim", "eps"), [(40, 3, 1.0), (40, 5, 3.0), (25, 2, 8.0)])
def test_exact_equals_brute_force(n: int, dim: int, eps: float) -> None:
    cands = synthetic(n, dim, seed=n + dim)
    lp = public_log_prior(cands.words)
    want, _, costs = brute_force(cands, lp, eps, None)
    for top_m in (n, n + 7, 10**6):
        t = build_remap_table(cands, eps, lp, top_m=top_m)
        assert t.table.dtype == np.int64 and t.table.shape == (n,)
        assert t.min_mass == 1.0 and t.mean_mass == 1.0
        assert t.top_m == top_m
        assert_same_table(t.table, want, costs)


@pytest.mark.parametrize(("top_m", "eps"), [(1, 2.0), (5, 1.0), (12, 2.0), (39, 0.5)])
def test_truncated_equals_brute_force(top_m: int, eps: float) -> None:
    cands = synthetic(40, 4, seed=3)
    lp = np.random.default_rng(1).normal(0.0, 1.5, 40)  # a non-uniform custom prior
    want, masses, costs = brute_force(cands, lp, eps, top_m)
    t = build_remap_table(cands, eps, lp, top_m=top_m)
    assert_same_table(t.table, want, costs)
    assert t.min_mass == pytest.approx(masses.min(), rel=1e-9)
    assert t.mean_mass == pytest.approx(masses.mean(), rel=1e-9)
    assert 0.0 < t.min_mass < 1.0
    assert t.prior.startswith("custom-")


def test_blocks_do_not_change_the_result(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiny work space: many row blocks (and column blocks on the exact path)."""
    cands = synthetic(37, 3, seed=11)
    lp = public_log_prior(cands.words)
    want_exact = build_remap_table(cands, 2.0, lp, top_m=100).table
    want_trunc = build_remap_table(cands, 2.0, lp, top_m=6).table
    monkeypatch.setattr(remap, "_WORK_BYTES", 8 * 37 * 3)  # 3 rows per block
    assert np.array_equal(build_remap_table(cands, 2.0, lp, top_m=100).table, want_exact)
    assert np.array_equal(build_remap_table(cands, 2.0, lp, top_m=6).table, want_trunc)
    ref, _, costs = brute_force(cands, lp, 2.0, 6)
    assert_same_table(want_trunc, ref, costs)


def test_known_answer_on_a_line_is_the_posterior_weighted_median() -> None:
    """Points on a line: sum_x w_x |x - z| is minimised at the weighted median of w."""
    rng = np.random.default_rng(5)
    pos = np.sort(rng.uniform(-4.0, 4.0, 30))
    vecs = np.zeros((30, 2), dtype=np.float32)
    vecs[:, 0] = pos
    cands = CandidateSet(Embeddings([f"p{i}" for i in range(30)], vecs, "line"), np.arange(30))
    p = cands.vectors64()[:, 0]
    lp = rng.normal(0.0, 1.0, 30)
    for eps in (0.5, 2.0, 6.0):
        t = build_remap_table(cands, eps, lp, top_m=30)
        d = np.abs(p[:, None] - p[None, :])
        log_lik = -0.5 * eps * d - logsumexp(-0.5 * eps * d, axis=1, keepdims=True)
        for y in range(30):
            w = np.exp(lp + log_lik[:, y] - logsumexp(lp + log_lik[:, y]))
            median = int(np.searchsorted(np.cumsum(w), 0.5))  # points are sorted
            assert t.table[y] == median, (eps, y)


def test_known_answer_dominant_prior_maps_everything_to_it() -> None:
    cands = synthetic(30, 4, seed=8)
    lp = np.full(30, -80.0)
    lp[17] = 0.0
    for top_m in (3, 30):
        t = build_remap_table(cands, 1.0, lp, top_m=top_m)
        assert np.all(t.table == 17)


def test_known_answer_large_eps_is_the_identity() -> None:
    """Uniform prior, eps * min distance huge: the posterior is a point mass on y."""
    cands = synthetic(30, 4, seed=9, scale=3.0)
    v = cands.vectors64()
    dmin = np.sqrt(((v[:, None] - v[None]) ** 2).sum(-1))[~np.eye(30, dtype=bool)].min()
    eps = 200.0 / dmin
    for top_m in (2, 30):
        t = build_remap_table(cands, eps, np.zeros(30), top_m=top_m)
        assert np.array_equal(t.table, np.arange(30))


def test_public_log_prior_is_normalised_wordfreq() -> None:
    words = ["the", "river", "ouagadougou", "xqzzyqw"]
    lp = public_log_prior(words)
    assert lp.dtype == np.float64 and lp.shape == (4,)
    assert logsumexp(lp) == pytest.approx(0.0, abs=1e-12)
    f = np.array([word_frequency(w, "en") for w in words])
    assert f[3] == 0.0  # unknown to wordfreq: floored
    f[3] = PRIOR_FLOOR
    np.testing.assert_allclose(lp, np.log(f / f.sum()), rtol=0, atol=1e-12)
    # numpy input, and a ratio that only depends on the two words (not on the rest of the set)
    lp2 = public_log_prior(np.asarray(["the", "river"], dtype=object))
    assert lp2[0] - lp2[1] == pytest.approx(lp[0] - lp[1], abs=1e-12)
    with pytest.raises(InputError):
        public_log_prior(["the", 3])  # type: ignore[list-item]
    with pytest.raises(InputError):
        public_log_prior([])
    with pytest.raises(ConfigError):
        public_log_prior(["the"], lang="no-such-language")


def test_default_prior_is_wordfreq_and_no_corpus_enters() -> None:
    params = list(inspect.signature(build_remap_table).parameters)
    assert params == ["cands", "eps", "log_prior", "top_m", "prior_name"]
    cands = synthetic(40, 3, seed=2)
    t = build_remap_table(cands, 2.0, top_m=8)
    assert t.prior == remap.wordfreq_prior_name("en")
    assert t.prior.startswith("wordfreq-") and t.prior.endswith("-en")
    same = build_remap_table(cands, 2.0, public_log_prior(cands.words), top_m=8)
    assert np.array_equal(t.table, same.table)
    uniform = build_remap_table(cands, 2.0, np.zeros(40), top_m=8)
    assert not np.array_equal(t.table, uniform.table)  # the prior matters


def test_validation() -> None:
    cands = synthetic(10, 2, seed=1)
    for bad in (0, -1.0, float("nan"), float("inf"), "x", None):
        with pytest.raises(ConfigError):
            build_remap_table(cands, bad, np.zeros(10))  # type: ignore[arg-type]
    for bad_m in (0, -3, 2.5, True):
        with pytest.raises(ConfigError):
            build_remap_table(cands, 1.0, np.zeros(10), top_m=bad_m)  # type: ignore[arg-type]
    for bad_lp in (np.zeros(9), np.full(10, np.nan), np.full(10, -np.inf), np.full(10, np.inf)):
        with pytest.raises(ConfigError):
            build_remap_table(cands, 1.0, bad_lp)
    with pytest.raises(ConfigError):
        build_remap_table("not a set", 1.0)  # type: ignore[arg-type]


def test_apply() -> None:
    cands = synthetic(40, 3, seed=4)
    t = build_remap_table(cands, 1.0, top_m=8)
    rng = np.random.default_rng(0)
    idx = rng.integers(0, 40, size=(7, 5))
    out = t.apply(idx)
    assert out.shape == (7, 5) and out.dtype == np.int64
    assert np.array_equal(out, t.table[idx])
    assert np.array_equal(t.apply(idx[0].astype(np.int32)), t.table[idx[0]])
    assert t.apply(np.empty(0, dtype=np.int64)).shape == (0,)
    for bad in (np.array([0, 40]), np.array([-1, 3]), np.array([0.0, 1.0])):
        with pytest.raises(InputError):
            t.apply(bad)


def test_save_load_roundtrip_and_fingerprint(tmp_path) -> None:
    cands = synthetic(40, 3, seed=6)
    t = build_remap_table(cands, 2.5, top_m=9)
    path = tmp_path / "sub" / "t.npz"
    t.save(path)
    assert [p.name for p in path.parent.iterdir()] == ["t.npz"]  # no temporary left behind
    for back in (RemapTable.load(path), RemapTable.load(str(path), cands)):
        assert np.array_equal(back.table, t.table) and back.table.dtype == np.int64
        assert (back.eps, back.cands_fingerprint, back.prior, back.top_m, back.min_mass) == (
            t.eps,
            t.cands_fingerprint,
            t.prior,
            t.top_m,
            t.min_mass,
        )
        assert back.mean_mass == t.mean_mass
    other = synthetic(40, 3, seed=7)
    with pytest.raises(ConfigError, match="built for candidate set"):
        RemapTable.load(path, other)
    with pytest.raises(ConfigError, match="does not exist"):
        RemapTable.load(tmp_path / "missing.npz")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not an npz")
    with pytest.raises(ConfigError, match="not a valid table"):
        RemapTable.load(bad)


def test_cache_hit_does_not_rebuild(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    cands = synthetic(40, 3, seed=12)
    calls: list[float] = []
    real = remap.build_remap_table

    def counting(c, eps, *args, **kwargs):
        calls.append(eps)
        return real(c, eps, *args, **kwargs)

    monkeypatch.setattr(remap, "build_remap_table", counting)
    monkeypatch.setenv("PRIVTEXT_CACHE", str(tmp_path))
    first = cached_remap_table(cands, 2.0, top_m=8)
    assert calls == [2.0]
    files = sorted((tmp_path / "remap").iterdir())
    assert [f.name for f in files] == [
        f"{cands.fingerprint[:16]}-eps2.0-{remap.wordfreq_prior_name('en')}-m8.npz"
    ]
    again = cached_remap_table(cands, 2.0, top_m=8)
    assert calls == [2.0]  # loaded, not rebuilt
    assert np.array_equal(again.table, first.table) and again.min_mass == first.min_mass
    cached_remap_table(cands, 3.0, top_m=8)
    cached_remap_table(cands, 2.0, top_m=9)
    assert calls == [2.0, 3.0, 2.0]
    # an explicit folder; a corrupt file there is rebuilt, not trusted
    own = tmp_path / "own"
    t = cached_remap_table(cands, 2.0, str(own), top_m=8)
    assert np.array_equal(t.table, first.table) and len(calls) == 4
    target = next(own.iterdir())
    target.write_bytes(b"garbage")
    t = cached_remap_table(cands, 2.0, str(own), top_m=8)
    assert np.array_equal(t.table, first.table) and len(calls) == 5
    assert np.array_equal(RemapTable.load(target, cands).table, first.table)


def test_tier_prior_puts_its_mass_uniformly_on_the_tier_lexicon() -> None:
    from privtext.mechanisms.remap import TIER_LEXICON_MASS, tier_lexicon, tier_log_prior

    words = ["the", "of", "and", "maria", "john", "smith", "paris", "1998", "went"]
    lp = tier_log_prior(words, "PII")
    assert np.exp(lp).sum() == pytest.approx(1.0, abs=1e-12)
    pii = np.array([w in tier_lexicon("PII") for w in words])
    assert pii[[3, 4, 5]].all() and not pii[[0, 1, 2, 8]].any()
    assert np.exp(lp[pii]).sum() >= TIER_LEXICON_MASS - 1e-12
    # uniform among the names (wordfreq would favour names that are common words), wordfreq
    # order outside the lexicon
    wf = remap.public_log_prior(words)
    lexicon_part = np.exp(lp) - (1 - TIER_LEXICON_MASS) * np.exp(wf)
    assert np.allclose(lexicon_part[pii], TIER_LEXICON_MASS / 3)
    assert np.allclose(lexicon_part[~pii], 0)
    assert np.array_equal(np.argsort(-lp[~pii]), np.argsort(-wf[~pii]))
    poii = tier_log_prior(words, "PoII")
    assert np.exp(poii[[6, 7]]).sum() >= TIER_LEXICON_MASS - 1e-12  # paris, 1998
    assert not {"the", "of", "and", "new", "city"} & tier_lexicon("PoII")  # from phrases
    # no lexicon word: the plain wordfreq prior; a bad tier is refused
    assert np.allclose(tier_log_prior(["the", "of"], "PII"), remap.public_log_prior(["the", "of"]))
    with pytest.raises(ConfigError, match="tier must be PII or PoII"):
        tier_log_prior(words, "pii")


def test_cached_table_with_the_tier_prior_is_keyed_by_its_prior(tmp_path) -> None:
    cands = synthetic(40, 3, seed=12)
    a = cached_remap_table(cands, 2.0, str(tmp_path), top_m=8)
    b = cached_remap_table(cands, 2.0, str(tmp_path), top_m=8, prior="tier", tier="PII")
    assert a.prior == remap.wordfreq_prior_name("en")
    assert b.prior == remap.tier_prior_name("PII") and b.prior.startswith(a.prior + "-tierPII")
    assert b.prior != a.prior
    assert len(list(tmp_path.iterdir())) == 2
    with pytest.raises(ConfigError, match="needs the tier"):
        cached_remap_table(cands, 2.0, str(tmp_path), prior="tier")
    with pytest.raises(ConfigError, match="remap prior must be one of"):
        cached_remap_table(cands, 2.0, str(tmp_path), prior="corpus")
