"""privtext report mechanisms: the study on tiny synthetic embeddings (few draws)."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from privtext.embeddings import CandidateSet, Embeddings, neighbour_lists
from privtext.mechanisms.laplace_nn import LaplaceNN
from privtext.report.mechanisms import (
    BANDS,
    _uniforms,
    rank_bands,
    run_study,
    sample_words,
    study_mechanisms,
    write_report,
)

HUGE = 10_000.0


def _synthetic(n_words: int = 300, dim: int = 8, seed: int = 5) -> Embeddings:
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = ["".join(t) for t in itertools.islice(itertools.product(letters, repeat=3), n_words)]
    vec = np.random.default_rng(seed).normal(size=(n_words, dim)).astype(np.float32)
    return Embeddings(words, vec, spec="synthetic")


@pytest.fixture(scope="module")
def study():
    return study_mechanisms(
        _synthetic(),
        candidates=200,
        words=15,
        draws=20,
        eps=[2.0, 1000.0, HUGE],
        rank_fix_c=[0.001, 0.5],
        seed=3,
        pool=100,
    )


def _shares(study, label: str, eps: float) -> dict[str, float]:
    return dict(zip(BANDS, study.shares[label][study.eps.index(eps)], strict=True))


def test_report_files_are_written(study, tmp_path) -> None:
    path = write_report(study, tmp_path / "out")
    assert path == tmp_path / "out" / "report.md"
    text = path.read_text(encoding="utf-8")
    for m in study.mechanisms:
        assert f"## {m}" in text
    assert "| eps | original | 1-10 | 11-100 | >100 |" in text and "d(x, NN1) / 2" in text
    pngs = sorted(p.name for p in (tmp_path / "out").glob("*.png"))
    assert "geometry.png" in pngs and len(pngs) == len(study.mechanisms) + 1
    for p in (tmp_path / "out").glob("*.png"):
        assert p.read_bytes()[:4] == b"\x89PNG" and p.stat().st_size < 200_000
        assert p.name in text
    data = json.loads((tmp_path / "out" / "report.json").read_text())
    assert data["mechanisms"] == study.mechanisms and data["draws"] == 20


def test_mechanisms_and_shares_sum_to_one(study) -> None:
    assert study.mechanisms == [
        "laplace-nn",
        "laplace-nn + rank fix c=0.001",
        "laplace-nn + rank fix c=0.5",
        "em",
    ]
    assert len(study.words) == 15 and study.n_candidates == 200 and study.dim == 8
    for label in study.mechanisms:
        rows = np.asarray(study.shares[label])
        assert rows.shape == (3, 4)
        np.testing.assert_allclose(rows.sum(axis=1), 1.0, atol=1e-12)
        assert (rows >= 0).all()


def test_huge_eps_returns_the_original(study) -> None:
    assert _shares(study, "em", HUGE)["original"] > 0.99
    assert _shares(study, "laplace-nn", HUGE)["original"] > 0.99
    # c * eps = 5000: the fix keeps x* too
    assert _shares(study, "laplace-nn + rank fix c=0.5", HUGE)["original"] > 0.99


def test_rank_fix_moves_mass_to_near_ranks(study) -> None:
    # eps = 1000: without the fix Laplace-NN returns x; with c * eps = 1 the fix moves about
    # 1 - e^-1 of the draws to x*'s (= x's) next neighbours
    plain = _shares(study, "laplace-nn", 1000.0)
    fixed = _shares(study, "laplace-nn + rank fix c=0.001", 1000.0)
    assert fixed["1-10"] > plain["1-10"] + 0.2
    assert fixed["original"] < plain["original"] - 0.2
    # low eps: outputs spread far
    assert _shares(study, "laplace-nn", 2.0)[">100"] > _shares(study, "laplace-nn", HUGE)[">100"]


def test_shared_search_gives_the_plain_mechanisms_draws() -> None:
    """The variants share the noisy-point search; each must still equal its own LaplaceNN."""
    emb = _synthetic()
    cands = CandidateSet.build(emb, 200)
    x = sample_words(cands, 10, 100, seed=1)
    labels, shares, se, _ = run_study(cands, x, [20.0], 30, [0.05, 0.3], seed=4)
    lists = neighbour_lists(cands, x, 101)
    rows = np.repeat(np.arange(x.size), 30)
    emb_idx = cands.emb_index[x][rows]
    for label, mech in [
        ("laplace-nn", LaplaceNN(cands, rank_fix=False)),
        ("laplace-nn + rank fix c=0.05", LaplaceNN(cands, rank_fix_c=0.05)),
        ("laplace-nn + rank fix c=0.3", LaplaceNN(cands, rank_fix_c=0.3)),
    ]:
        u = _uniforms(np.random.default_rng([4, 2, 0]), (rows.size, mech.uniforms_per_token))
        y = mech.sample(emb_idx, 20.0, u)
        want = np.bincount(rank_bands(lists, rows, y), minlength=4) / rows.size
        np.testing.assert_allclose(shares[label][0], want, atol=1e-12)
    assert np.asarray(se["laplace-nn"]).shape == (1, 4)
    # the two fixed variants differ from each other (no shared mutable state between them)
    assert shares["laplace-nn + rank fix c=0.05"] != shares["laplace-nn + rank fix c=0.3"]


def test_rank_bands() -> None:
    lists = np.arange(101)[None, :].repeat(2, axis=0)
    rows = np.array([0, 0, 0, 1, 1, 1])
    out = np.array([0, 10, 11, 100, 101, 5000])
    assert rank_bands(lists, rows, out).tolist() == [0, 1, 2, 2, 3, 3]


def test_cli_report_mechanisms(tmp_path) -> None:
    from jobs.cli import main

    emb = _synthetic(n_words=200, dim=6)
    np.save(tmp_path / "syn.npy", emb.vectors)
    (tmp_path / "syn.words.txt").write_text("".join(w + "\n" for w in emb.words))
    out = tmp_path / "rep"
    rc = main(
        [
            "report", "mechanisms", "--embeddings", str(tmp_path / "syn.npy"), "--out", str(out),
            "--candidates", "150", "--words", "5", "--draws", "4", "--eps", "5,50",
            "--rank-fix-c", "0.1", "--seed", "2",
        ]
    )  # fmt: skip
    assert rc == 0
    text = (out / "report.md").read_text()
    assert "--candidates 150" in text and "laplace-nn + rank fix c=0.1" in text
    assert main(["report", "mechanisms", "--embeddings", "no-such", "--out", str(out)]) == 2
