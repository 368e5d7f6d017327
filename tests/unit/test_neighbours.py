"""Nearest-candidate search: exact, faiss HNSW and IVF-PQ, recall@1 measured against exact."""

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
    IvfPqIndex,
    IvfPqParams,
    build_index,
    index_params,
    make_index,
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


def test_bad_index_kind_and_parameters_are_refused(cands):
    with pytest.raises(ConfigError, match="perturb.index must be one of"):
        build_index("annoy", cands)
    with pytest.raises(ConfigError, match="hnsw.m must be an integer >= 1, got 0"):
        HnswParams(m=0)


@pytest.fixture(scope="module")
def ivfpq(cands):
    return IvfPqIndex(cands)


@pytest.mark.parametrize("eps", [5.0, 10.0, 20.0])
def test_ivfpq_finds_the_exact_nearest_candidate_of_noisy_points(cands, ivfpq, eps):
    assert recall_at_1(ivfpq, cands, noisy_queries(cands, eps, n=2_000)) >= 0.97


def test_ivfpq_recall_test_rejects_a_starved_search(cands):
    # one cell, no re-rank beyond the best code: the same test must fail
    starved = IvfPqIndex(cands, IvfPqParams(nlist=256, nprobe=1, k_factor=1))
    assert recall_at_1(starved, cands, noisy_queries(cands, 10.0, n=2_000)) < 0.9


def test_ivfpq_distances_are_exact_euclidean_after_the_re_rank(cands, ivfpq):
    q = noisy_queries(cands, 10.0, n=300, seed=7)
    idx, d = ivfpq.search(q, 4)
    true = np.linalg.norm(cands.vectors[idx].astype(np.float64) - q[:, None, :], axis=2)
    assert np.allclose(d, true, rtol=1e-4)
    assert (np.diff(d, axis=1) >= -1e-6).all()


def test_ivfpq_over_a_small_set_is_the_exact_search():
    small = CandidateSet.build(load_embeddings_cached("glove-6b-50d"), 1_000)
    idx = make_index("ivfpq", small)
    assert idx.index is None
    q = noisy_queries(small, 5.0, n=300)
    assert np.array_equal(idx.search(q, 3)[0], nearest(small, q, k=3)[0])
    with pytest.raises(ConfigError, match="nothing to save"):
        idx.save("/nonexistent/x.faiss")


def test_ivfpq_parameters_are_validated_and_matched_to_their_kind(cands):
    with pytest.raises(ConfigError, match="ivfpq.nprobe must be an integer >= 1, got 0"):
        IvfPqParams(nprobe=0)
    assert index_params("ivfpq", (32, 200, 128), (64, 8, 4)) == IvfPqParams(64, 8, 4)
    assert index_params("hnsw", (16, 100, 32), (64, 8, 4)) == HnswParams(16, 100, 32)
    assert index_params("exact", (16, 100, 32), (64, 8, 4)) is None
    with pytest.raises(ConfigError, match="ivfpq needs IvfPqParams"):
        build_index("ivfpq", cands, HnswParams())


def test_a_saved_hnsw_index_loads_and_answers_the_same(cands, hnsw, tmp_path):
    path = tmp_path / "c.faiss"
    hnsw.save(path)
    again = HnswIndex.load(path, cands)
    q = noisy_queries(cands, 10.0, n=200, seed=3)
    assert np.array_equal(hnsw.search(q, 5)[0], again.search(q, 5)[0])


def test_a_saved_ivfpq_index_loads_through_build_index_and_answers_the_same(cands, ivfpq, tmp_path):
    path = tmp_path / "c.faiss"
    ivfpq.save(path)
    again = build_index("ivfpq", cands, IvfPqParams(), path=str(path))
    assert again is not ivfpq
    q = noisy_queries(cands, 10.0, n=200, seed=3)
    assert np.array_equal(ivfpq.search(q, 5)[0], again.search(q, 5)[0])


@pytest.mark.parametrize(("kind", "seed"), [("hnsw", 5), ("ivfpq", 6)])
def test_laplace_nn_with_an_index_returns_the_exact_output_almost_always(
    cands, request, kind, seed
):
    index = request.getfixturevalue(kind)
    rng = np.random.default_rng(seed)
    emb_idx = cands.emb_index[rng.integers(0, len(cands), size=3_000)]
    u = np.clip(rng.random((3_000, LaplaceNN(cands).uniforms_per_token)), 1e-12, 1 - 1e-12)
    exact = LaplaceNN(cands, rank_fix=False).sample(emb_idx, 10.0, u)
    approx = LaplaceNN(cands, rank_fix=False, index=index).sample(emb_idx, 10.0, u)
    assert (exact == approx).mean() >= 0.97
