"""Nearest-candidate search: exact and faiss HNSW, recall@1 measured against exact."""

from __future__ import annotations

import numpy as np
import pytest

from privtext.embeddings import CandidateSet, load_embeddings_cached, nearest
from privtext.errors import ConfigError
from privtext.mechanisms.laplace_nn import LaplaceNN
from privtext.neighbours import (
    ExactIndex,
    HnswIndex,
    HnswParams,
    build_index,
    noisy_queries,
    recall_at_1,
)


@pytest.fixture(scope="module")
def cands():
    return CandidateSet.build(load_embeddings_cached("glove-6b-50d"), 20_000)


@pytest.fixture(scope="module")
def hnsw(cands):
    return HnswIndex(cands)


def test_exact_index_is_the_blocked_exact_search(cands):
    q = noisy_queries(cands, 10.0, n=300)
    a, _ = ExactIndex(cands).search(q, 3)
    b, _ = nearest(cands, q, k=3)
    assert np.array_equal(a, b)
    assert recall_at_1(ExactIndex(cands), cands, q) == 1.0


@pytest.mark.parametrize("eps", [10.0, 20.0, 50.0])
def test_hnsw_finds_the_exact_nearest_candidate_of_noisy_points(cands, hnsw, eps):
    assert recall_at_1(hnsw, cands, noisy_queries(cands, eps, n=2_000)) >= 0.97


def test_recall_at_1_detects_a_bad_index(cands):
    class _Shifted:
        kind = "bad"

        def search(self, queries, k=1):
            idx, d = nearest(cands, queries, k=2)
            return idx[:, 1:2], d[:, 1:2]

    assert recall_at_1(_Shifted(), cands, noisy_queries(cands, 10.0, n=500)) < 0.05


def test_a_saved_index_loads_and_answers_the_same(cands, hnsw, tmp_path):
    path = tmp_path / "c.faiss"
    hnsw.save(path)
    again = HnswIndex.load(path, cands)
    q = noisy_queries(cands, 10.0, n=200, seed=3)
    assert np.array_equal(hnsw.search(q, 5)[0], again.search(q, 5)[0])


def test_laplace_nn_with_hnsw_returns_the_exact_output_almost_always(cands, hnsw):
    rng = np.random.default_rng(5)
    emb_idx = cands.emb_index[rng.integers(0, len(cands), size=3_000)]
    u = np.clip(rng.random((3_000, LaplaceNN(cands).uniforms_per_token)), 1e-12, 1 - 1e-12)
    exact = LaplaceNN(cands, rank_fix=False).sample(emb_idx, 10.0, u)
    approx = LaplaceNN(cands, rank_fix=False, index=hnsw).sample(emb_idx, 10.0, u)
    assert (exact == approx).mean() >= 0.97


def test_bad_index_kind_and_parameters_are_refused(cands):
    with pytest.raises(ConfigError, match="perturb.index must be one of"):
        build_index("annoy", cands)
    with pytest.raises(ConfigError, match="hnsw.m must be an integer >= 1, got 0"):
        HnswParams(m=0)
