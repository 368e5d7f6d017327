"""Exponential mechanism and Laplace-NN: shapes, OOV, validation, determinism, reproducibility."""

from __future__ import annotations

import contextlib
import io
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from privtext.embeddings import CandidateSet, Embeddings, load_embeddings_cached, neighbour_lists
from privtext.errors import ConfigError, InputError
from privtext.mechanisms.exponential import ExponentialMechanism
from privtext.mechanisms.laplace_nn import (
    LaplaceNN,
    laplace_uniforms_per_token,
    noise_vectors,
    rank_fix_ranks,
)

REPO = Path(__file__).resolve().parents[2]
BAD_EPS = [0, 0.0, -1.0, float("nan"), float("inf"), -float("inf"), "abc", None, True]


def open_uniforms(rng: np.random.Generator, shape) -> np.ndarray:
    """Uniforms strictly inside (0, 1) (53-bit grid, like KeyedNoise)."""
    return (rng.integers(0, 2**53, size=shape, dtype=np.int64) + 0.5) * 2.0**-53


@pytest.fixture(scope="module")
def glove() -> Embeddings:
    return load_embeddings_cached("glove-6b-50d")


@pytest.fixture(scope="module")
def cands(glove: Embeddings) -> CandidateSet:
    return CandidateSet.build(glove, 1000, ["paris", "ouagadougou"])


@pytest.fixture(scope="module")
def tokens(glove: Embeddings, cands: CandidateSet) -> np.ndarray:
    """A batch with repeated words, words outside C and OOV (-1)."""
    rng = np.random.default_rng(7)
    inside = cands.emb_index[rng.integers(0, len(cands), 300)]
    outside = rng.integers(20_000, 100_000, 40)
    toks = np.concatenate([inside, inside[:100], outside, np.full(20, -1)])
    return rng.permutation(toks).astype(np.int64)


# -- Exponential mechanism ---------------------------------------------------------------------
def test_em_sample_shape_range_and_u_forms(cands: CandidateSet, tokens: np.ndarray) -> None:
    em = ExponentialMechanism(cands)
    assert em.uniforms_per_token == 1
    u = open_uniforms(np.random.default_rng(0), tokens.shape[0])
    y = em.sample(tokens, 3.0, u)
    assert y.shape == tokens.shape and y.dtype == np.int64
    assert y.min() >= 0 and y.max() < len(cands)
    assert np.array_equal(em.sample(tokens, 3.0, u[:, None]), y)
    assert em.sample(np.array([], dtype=np.int64), 3.0, np.array([])).shape == (0,)


def test_em_determinism_independent_of_cache_and_batching(
    cands: CandidateSet, tokens: np.ndarray
) -> None:
    u = open_uniforms(np.random.default_rng(1), tokens.shape[0])
    a = ExponentialMechanism(cands).sample(tokens, 2.0, u)
    warm = ExponentialMechanism(cands)
    warm.sample(tokens[::-1], 2.0, u[::-1])  # fill the cache first
    b = warm.sample(tokens, 2.0, u)
    c = ExponentialMechanism(cands, cache_bytes=0).sample(tokens, 2.0, u)
    tiny = ExponentialMechanism(cands, cache_bytes=8 * len(cands) * 3)  # evicts constantly
    d = tiny.sample(tokens, 2.0, u)
    # the same token alone in a batch gets the same draw (Spark partitioning must not matter)
    e = np.concatenate(
        [
            ExponentialMechanism(cands).sample(tokens[i : i + 1], 2.0, u[i : i + 1])
            for i in range(0, 60)
        ]
    )
    assert np.array_equal(a, b) and np.array_equal(a, c) and np.array_equal(a, d)
    assert np.array_equal(a[:60], e)
    assert warm.cache_hits > 0
    # other uniforms give other draws
    assert not np.array_equal(a, ExponentialMechanism(cands).sample(tokens, 2.0, 1.0 - u))


def test_em_oov_is_uniform_index(cands: CandidateSet) -> None:
    u = open_uniforms(np.random.default_rng(2), 1000)
    y = ExponentialMechanism(cands).sample(np.full(1000, -1), 5.0, u)
    assert np.array_equal(y, np.floor(u * len(cands)).astype(np.int64))
    lp = ExponentialMechanism(cands).log_probs(-1, 5.0)
    np.testing.assert_allclose(lp, -np.log(len(cands)))


def test_em_kernel_matches_exact_log_probs(glove: Embeddings, cands: CandidateSet) -> None:
    em = ExponentialMechanism(cands)
    words = np.array(
        [cands.emb_index[3], cands.emb_index[500], glove.lookup(["ouagadougou"])[0], 55_555]
    )
    for eps in (0.5, 4.0, 30.0):
        rows = em._unnormalised_cdfs(np.sort(words), eps, np.empty(4 * len(cands)))
        for w, row in zip(np.sort(words), rows, strict=True):
            p = np.diff(np.concatenate([[0.0], row / row[-1]]))
            np.testing.assert_allclose(p, np.exp(em.log_probs(int(w), eps)), atol=1e-13)


def test_em_full_support_and_large_eps(cands: CandidateSet) -> None:
    em = ExponentialMechanism(cands)
    x = int(cands.emb_index[42])
    for eps in (0.1, 5.0):
        lp = em.log_probs(x, eps)
        assert np.all(np.isfinite(lp))  # every candidate possible: C is not x's neighbourhood
        assert abs(np.logaddexp.reduce(lp)) < 1e-12
    u = open_uniforms(np.random.default_rng(3), 500)
    for eps in (200.0, 5000.0):  # exp underflow path
        with np.errstate(all="raise"):
            y = em.sample(np.full(500, x), eps, u)
        assert np.all(y == 42)


@pytest.mark.parametrize("eps", BAD_EPS)
def test_em_invalid_eps_named(cands: CandidateSet, eps) -> None:
    em = ExponentialMechanism(cands)
    with pytest.raises(ConfigError, match=r"eps must be a finite number > 0, got ") as exc:
        em.sample(np.array([1]), eps, np.array([0.5]))
    assert repr(eps) in str(exc.value)
    with pytest.raises(ConfigError, match="eps"):
        em.log_probs(1, eps)


def test_em_invalid_inputs(cands: CandidateSet) -> None:
    em = ExponentialMechanism(cands)
    with pytest.raises(InputError, match="emb_idx must be in"):
        em.sample(np.array([400_000]), 1.0, np.array([0.5]))
    with pytest.raises(InputError, match="-2"):
        em.sample(np.array([-2]), 1.0, np.array([0.5]))
    with pytest.raises(InputError, match=r"u must have shape \(2, 1\)"):
        em.sample(np.array([1, 2]), 1.0, np.array([0.5]))
    with pytest.raises(InputError, match="inside"):
        em.sample(np.array([1, 2]), 1.0, np.array([0.5, 1.0]))
    with pytest.raises(InputError, match="inside"):
        em.sample(np.array([1, 2]), 1.0, np.array([0.0, 0.5]))
    with pytest.raises(ConfigError, match="cache_bytes"):
        ExponentialMechanism(cands, cache_bytes=-1)


# -- Laplace-NN --------------------------------------------------------------------------------
def test_laplace_uniform_counts(cands: CandidateSet) -> None:
    assert LaplaceNN(cands).uniforms_per_token == 52
    assert LaplaceNN.uniforms_for_dim(50) == 52 == laplace_uniforms_per_token(50)
    assert laplace_uniforms_per_token(7) == 10


def test_laplace_sample_and_oov(cands: CandidateSet, tokens: np.ndarray) -> None:
    lap = LaplaceNN(cands)
    u = open_uniforms(np.random.default_rng(4), (tokens.shape[0], 52))
    y = lap.sample(tokens, 10.0, u)
    assert y.shape == tokens.shape and y.dtype == np.int64
    assert y.min() >= 0 and y.max() < len(cands)
    oov = tokens < 0
    assert np.array_equal(y[oov], np.floor(u[oov, 0] * len(cands)).astype(np.int64))
    with pytest.raises(InputError, match=r"u must have shape"):
        lap.sample(tokens, 10.0, u[:, :51])


def test_laplace_without_fix_is_nearest_to_noisy_point(
    glove: Embeddings, cands: CandidateSet, tokens: np.ndarray
) -> None:
    known = tokens[tokens >= 0]
    u = open_uniforms(np.random.default_rng(5), (known.shape[0], 52))
    y = LaplaceNN(cands, rank_fix=False).sample(known, 8.0, u)
    z = np.asarray(glove.vectors[known], np.float64) + noise_vectors(u, 8.0, 50)
    c = cands.vectors.astype(np.float64)
    d = np.sqrt(((z[:, None, :] - c[None]) ** 2).sum(-1))
    got = d[np.arange(len(y)), y]
    assert np.all(got <= d.min(axis=1) + 1e-4)


def test_laplace_rank_fix_is_post_processing_of_nearest(
    cands: CandidateSet, tokens: np.ndarray
) -> None:
    known = tokens[tokens >= 0]
    u = open_uniforms(np.random.default_rng(6), (known.shape[0], 52))
    lap = LaplaceNN(cands, rank_fix_c=0.02, rank_fix_k=30)
    xstar = LaplaceNN(cands, rank_fix=False).sample(known, 10.0, u)
    ranks = rank_fix_ranks(u[:, -1], 0.02, 10.0, 30)
    assert ranks.min() == 0 and ranks.max() > 3
    want = neighbour_lists(cands, xstar, 30)[np.arange(len(xstar)), ranks]
    assert np.array_equal(lap.sample(known, 10.0, u), want)


def test_laplace_determinism_and_batching(cands: CandidateSet, tokens: np.ndarray) -> None:
    u = open_uniforms(np.random.default_rng(8), (tokens.shape[0], 52))
    a = LaplaceNN(cands).sample(tokens, 6.0, u)
    b = LaplaceNN(cands).sample(tokens, 6.0, u)
    singles = np.concatenate(
        [LaplaceNN(cands).sample(tokens[i : i + 1], 6.0, u[i : i + 1]) for i in range(40)]
    )
    assert np.array_equal(a, b) and np.array_equal(a[:40], singles)


@pytest.mark.parametrize("eps", BAD_EPS)
def test_laplace_invalid_eps_named(cands: CandidateSet, eps) -> None:
    lap = LaplaceNN(cands)
    with pytest.raises(ConfigError, match=r"eps must be a finite number > 0") as exc:
        lap.sample(np.array([1]), eps, np.full((1, 52), 0.5))
    assert repr(eps) in str(exc.value)
    with pytest.raises(ConfigError, match="eps"):
        noise_vectors(np.full((1, 52), 0.5), eps, 50)


def test_laplace_invalid_config_named(cands: CandidateSet) -> None:
    with pytest.raises(ConfigError, match=r"rank_fix_c.*-0\.1"):
        LaplaceNN(cands, rank_fix_c=-0.1)
    with pytest.raises(ConfigError, match=r"rank_fix_k.*1001"):
        LaplaceNN(cands, rank_fix_k=len(cands) + 1)
    with pytest.raises(ConfigError, match=r"rank_fix_k.*0"):
        LaplaceNN(cands, rank_fix_k=0)


# -- end to end with KeyedNoise, across processes ---------------------------------------------
_SCRIPT = r"""
import json, sys
import numpy as np
from privtext.embeddings import CandidateSet, load_embeddings_cached
from privtext.mechanisms.exponential import ExponentialMechanism
from privtext.mechanisms.laplace_nn import LaplaceNN
from privtext.mechanisms.noise import STREAM_EM, STREAM_LAPLACE, KeyedNoise

key = bytes.fromhex(sys.argv[1])
emb = load_embeddings_cached("glove-6b-50d")
cands = CandidateSet.build(emb, 1000, ["paris", "ouagadougou"])
words = ["paris", "the", "ouagadougou", "zzqx-oov", "king", "paris", "london", "the"] * 5
docs = [f"doc-{i % 3}" for i in range(len(words))]
pos = np.arange(len(words)) // 3
idx = emb.lookup(words)
noise = KeyedNoise(key)
dk = noise.doc_keys(docs)
em = ExponentialMechanism(cands).sample(idx, 2.0, noise.uniforms(dk, pos, STREAM_EM, 1))
lap = LaplaceNN(cands)
ul = noise.uniforms(dk, pos, STREAM_LAPLACE, lap.uniforms_per_token)
y = lap.sample(idx, 10.0, ul)
print(json.dumps({"em": cands.words[em].tolist(), "lap": cands.words[y].tolist()}))
"""


def _run(key_hex: str, hash_seed: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONHASHSEED=hash_seed)
    proc = subprocess.run(
        [sys.executable, "-c", _SCRIPT, key_hex],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(REPO),
        timeout=120,
        check=True,
    )
    return json.loads(proc.stdout)


def test_keyed_noise_reproducible_across_processes() -> None:
    key_hex = "00112233445566778899aabbccddeeff" * 2
    first = _run(key_hex, "1")
    second = _run(key_hex, "2")
    assert first == second
    assert len(first["em"]) == 40 and len(first["lap"]) == 40
    # a different key gives a different release
    other = _run("ff" * 32, "1")
    assert other != first
    # same computation in this process
    ns: dict = {}
    argv = sys.argv
    try:
        sys.argv = ["x", key_hex]
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            exec(compile(_SCRIPT, "<script>", "exec"), ns)
    finally:
        sys.argv = argv
    assert json.loads(buf.getvalue()) == first


def test_mechanisms_pickle_without_caches(cands: CandidateSet, tokens: np.ndarray) -> None:
    em = ExponentialMechanism(cands, cache_bytes=1 << 20)
    u = open_uniforms(np.random.default_rng(9), (tokens.shape[0], 52))
    y = em.sample(tokens, 2.0, u[:, 0])
    blob = pickle.dumps(em)
    assert len(blob) < 50_000
    em2 = pickle.loads(blob)
    assert em2.cache_bytes == 1 << 20 and em2.cache_hits == 0
    assert np.array_equal(em2.sample(tokens, 2.0, u[:, 0]), y)
    lap = LaplaceNN(cands, rank_fix_c=0.05, rank_fix_k=20)
    lap2 = pickle.loads(pickle.dumps(lap))
    assert (lap2.rank_fix_c, lap2.rank_fix_k) == (0.05, 20)
    assert np.array_equal(lap2.sample(tokens, 5.0, u), lap.sample(tokens, 5.0, u))


# -- EM two-level draw and cache (issue 4) ------------------------------------------------------
def test_em_two_level_law_matches_exact_log_probs(glove: Embeddings, cands: CandidateSet) -> None:
    """The law sample() draws from equals the exact law up to float64 rounding."""
    for block in (None, 32, 1000):
        em = ExponentialMechanism(cands, block_size=block)
        words = [cands.emb_index[3], cands.emb_index[500], glove.lookup(["ouagadougou"])[0], 55_555]
        for w in words:
            for eps in (0.5, 4.0, 30.0):
                p = em.law(int(w), eps)
                np.testing.assert_allclose(p, np.exp(em.log_probs(int(w), eps)), atol=1e-13)
                assert abs(p.sum() - 1.0) < 1e-12


def test_em_word_outside_c_at_huge_eps_redoes_its_shift(glove: Embeddings, cands: CandidateSet):
    """A loose shift bound at huge eps would underflow every term; the row is redone exactly."""
    em = ExponentialMechanism(cands)
    x = 55_555  # not a candidate: its shift is a lower bound, not its row minimum
    lp = em.log_probs(x, 3000.0)
    p = em.law(x, 3000.0)
    np.testing.assert_allclose(p, np.exp(lp), atol=1e-12)
    u = open_uniforms(np.random.default_rng(12), 300)
    with np.errstate(all="raise"):
        y = em.sample(np.full(300, x), 3000.0, u)
    assert np.all(y == int(np.argmax(lp)))


def test_em_frequent_words_stay_in_a_small_cache(cands: CandidateSet) -> None:
    """The cache admits a missed word only over a rarer one: a stream of one-off words does not
    evict the words seen in every batch."""
    em = ExponentialMechanism(cands, cache_bytes=em_entry_bytes(cands) * 8)
    hot = cands.emb_index[:4]
    rng = np.random.default_rng(13)
    for i in range(6):
        cold = cands.emb_index[100 + 20 * i : 120 + 20 * i]  # 20 new words per batch
        toks = np.concatenate([hot, cold])
        em.sample(toks, 2.0, open_uniforms(rng, toks.size))
    before = em.cache_hits
    em.sample(hot, 2.0, open_uniforms(rng, hot.size))
    assert em.cache_hits - before == hot.size
    assert em.cache_entries == 8


def em_entry_bytes(cands: CandidateSet) -> int:
    return ExponentialMechanism(cands).entry_bytes


def test_em_vsearch_right_is_searchsorted() -> None:
    from privtext.mechanisms.exponential import vsearch_right

    rng = np.random.default_rng(14)
    table = np.cumsum(rng.integers(0, 3, size=(7, 50)).astype(np.float64), axis=1)
    rows = rng.integers(0, 7, 400)
    vals = rng.uniform(-1, 110, 400)
    vals[:50] = table[rows[:50], rng.integers(0, 50, 50)]  # exact ties
    got = vsearch_right(table, rows, vals, 0, 50)
    want = [np.searchsorted(table[r], v, side="right") for r, v in zip(rows, vals, strict=True)]
    assert np.array_equal(got, want)
