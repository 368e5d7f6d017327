"""Embeddings loading and lookup, the candidate set rules, exact nearest-neighbour search."""

from __future__ import annotations

import os
import pickle

import numpy as np
import pytest

from privtext.embeddings import (
    WORD_RE,
    CandidateSet,
    Embeddings,
    load_embeddings_cached,
    nearest,
    neighbour_lists,
)
from privtext.errors import ConfigError


@pytest.fixture(scope="module")
def glove() -> Embeddings:
    return load_embeddings_cached("glove-6b-50d")


@pytest.fixture(scope="module")
def cands2000(glove: Embeddings) -> CandidateSet:
    return CandidateSet.build(glove, 2000)


# -- Embeddings ------------------------------------------------------------------------------
def test_glove_package_loads_memory_mapped(glove: Embeddings) -> None:
    assert glove.vectors.shape == (400_000, 50)
    assert glove.vectors.dtype == np.float32
    assert isinstance(glove.vectors, np.memmap)
    assert glove.dim == 50 and len(glove) == 400_000
    assert glove.words[0] == "the"
    assert load_embeddings_cached("glove-6b-50d") is glove


def test_lookup_known_absent_and_empty(glove: Embeddings) -> None:
    idx = glove.lookup(["the", "king", "zzqx-not-a-word", "King", "paris"])
    assert idx.dtype == np.int64
    assert idx[0] == 0 and idx[2] == -1 and idx[3] == -1  # exact match, vocabulary is lower case
    assert glove.words[idx[1]] == "king" and glove.words[idx[4]] == "paris"
    assert glove.lookup([]).shape == (0,)
    # vectorised over a large batch, consistent with the words array
    rows = np.arange(0, 400_000, 997)
    assert np.array_equal(glove.lookup(glove.words[rows]), rows)


def test_lookup_duplicate_words_returns_first() -> None:
    vec = np.arange(12, dtype=np.float32).reshape(4, 3)
    emb = Embeddings(["a", "b", "a", "c"], vec, spec="t")
    assert emb.lookup(["a", "b", "c", "d"]).tolist() == [0, 1, 3, -1]


def test_load_unknown_spec_names_it() -> None:
    with pytest.raises(ConfigError, match="no-such-embeddings"):
        Embeddings.load("no-such-embeddings")
    with pytest.raises(ConfigError, match="embeddings"):
        Embeddings.load("")


def _write_glove(path, rows, header: str | None = None) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        if header:
            f.write(header + "\n")
        for w, v in rows:
            f.write(w + " " + " ".join(repr(float(x)) for x in v) + "\n")


def test_glove_text_converted_once_to_cache(tmp_path, monkeypatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("PRIVTEXT_CACHE", str(cache))
    rng = np.random.default_rng(0)
    words = ["the", "café", ". . .", "naïve", "x-ray"]  # a word with spaces (GloVe 840B style)
    vecs = rng.normal(size=(5, 4)).astype(np.float32)
    src = tmp_path / "tiny.txt"
    _write_glove(src, zip(words, vecs, strict=True))
    emb = Embeddings.load(str(src))
    assert emb.words.tolist() == words
    np.testing.assert_array_equal(np.asarray(emb.vectors), vecs)
    assert emb.lookup([". . .", "café"]).tolist() == [2, 1]
    npys = list(cache.glob("*.npy"))
    assert len(npys) == 1
    mtime = npys[0].stat().st_mtime_ns
    emb2 = Embeddings.load(str(src))  # from the cache: no second conversion
    assert npys[0].stat().st_mtime_ns == mtime
    assert isinstance(emb2.vectors, np.memmap)
    # a changed file (size/mtime) gets a new cache entry
    _write_glove(src, zip(words[:3], vecs[:3], strict=True))
    os.utime(src, ns=(mtime + 10**9, mtime + 10**9))
    emb3 = Embeddings.load(str(src))
    assert len(emb3) == 3 and len(list(cache.glob("*.npy"))) == 2


def test_glove_text_header_skipped_and_bad_line_named(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PRIVTEXT_CACHE", str(tmp_path / "cache"))
    src = tmp_path / "w2v.txt"
    _write_glove(src, [("a", [1, 2]), ("b", [3, 4])], header="2 2")
    emb = Embeddings.load(str(src))
    assert emb.words.tolist() == ["a", "b"] and emb.dim == 2
    bad = tmp_path / "bad.txt"
    bad.write_text("a 1 2 3\nb 1 2 3\nc 1 zz 3\nd 1 2 3\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"bad\.txt.*line"):
        Embeddings.load(str(bad))
    short = tmp_path / "short.txt"
    short.write_text("a 1 2 3\nb 1 2 3\nc 1\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"line 3 has 1 values, expected 3"):
        Embeddings.load(str(short))


@pytest.mark.parametrize("suffix", [".words.txt", ".vocab.txt"])
def test_npy_with_sibling_words(tmp_path, suffix: str) -> None:
    vec = np.arange(6, dtype=np.float32).reshape(3, 2)
    np.save(tmp_path / "e.npy", vec)
    (tmp_path / f"e{suffix}").write_text("x\ny\nz\n", encoding="utf-8")
    emb = Embeddings.load(str(tmp_path / "e.npy"))
    assert emb.words.tolist() == ["x", "y", "z"]
    assert isinstance(emb.vectors, np.memmap)
    assert emb.lookup(["z"]).tolist() == [2]


def test_npy_errors_name_the_file(tmp_path) -> None:
    np.save(tmp_path / "e.npy", np.zeros((3, 2), dtype=np.float32))
    with pytest.raises(ConfigError, match=r"e\.words\.txt"):
        Embeddings.load(str(tmp_path / "e.npy"))
    (tmp_path / "e.words.txt").write_text("x\ny\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="2 words"):
        Embeddings.load(str(tmp_path / "e.npy"))


# -- CandidateSet ----------------------------------------------------------------------------
def test_candidate_set_takes_top_words_only(glove: Embeddings) -> None:
    cs = CandidateSet.build(glove, 500)
    assert len(cs) == 500
    assert all(WORD_RE.match(w) for w in cs.words)
    assert not any(any(ch.isdigit() for ch in w) for w in cs.words)
    assert {",", ".", "'s", "(", "--", "1990", "2"}.isdisjoint(set(cs.words))
    assert {"the", "of", "said"} <= set(cs.words)
    # they are the first 500 matching vocabulary entries, in vocabulary order
    expected = [i for i, w in enumerate(glove.words[:5000]) if WORD_RE.match(w)][:500]
    assert cs.emb_index.tolist() == expected
    assert cs.vectors.flags.c_contiguous and cs.vectors.dtype == np.float32
    np.testing.assert_allclose(cs.sq_norms, (cs.vectors.astype(np.float64) ** 2).sum(1), rtol=1e-5)


def test_word_regex() -> None:
    good = ["the", "don't", "jean-luc", "café", "naïve", "o’neill", "straße"]
    bad = ["", ",", "1990", "3rd", "a_b", "-", "'s", "don'", "--x", "a b", "x-", "e-mail2"]
    assert all(WORD_RE.match(w) for w in good)
    assert not any(WORD_RE.match(w) for w in bad)


def test_candidate_set_extras_included_deduplicated(glove: Embeddings) -> None:
    base = CandidateSet.build(glove, 300)
    extras = ["1990", "zzqx-not-a-word", "the", "anticonstitutionnellement", "ouagadougou"]
    cs = CandidateSet.build(glove, 300, extras)
    assert "1990" in set(cs.words)  # corpus words with an embedding are kept as they are
    assert "ouagadougou" in set(cs.words)
    assert "zzqx-not-a-word" not in set(cs.words)
    in_vocab = int((glove.lookup(extras) >= 0).sum())
    assert len(cs) == len(base) + in_vocab - 1  # "the" already there
    assert np.all(np.diff(cs.emb_index) > 0)
    # the set depends on the corpus words only as a set: order and repetition do not matter
    cs2 = CandidateSet.build(glove, 300, list(reversed(extras)) * 3)
    assert np.array_equal(cs.emb_index, cs2.emb_index) and cs.fingerprint == cs2.fingerprint


def test_candidate_set_invalid_values_named(glove: Embeddings) -> None:
    with pytest.raises(ConfigError, match=r"n_top.*-3"):
        CandidateSet.build(glove, -3)
    with pytest.raises(ConfigError, match=r"n_top.*'10'"):
        CandidateSet.build(glove, "10")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="empty"):
        CandidateSet.build(glove, 0, ["zzqx-not-a-word"])


def test_to_candidate(cands2000: CandidateSet, glove: Embeddings) -> None:
    assert np.array_equal(cands2000.to_candidate(cands2000.emb_index), np.arange(len(cands2000)))
    probe = glove.lookup([",", "1990", "the", "zzqx"])
    assert cands2000.to_candidate(probe).tolist()[:2] == [-1, -1]
    assert cands2000.to_candidate(probe)[2] == 0
    assert cands2000.to_candidate(probe)[3] == -1
    assert cands2000.to_candidate(np.array([399_999])).tolist() == [-1]


def test_fingerprint_and_save_load(tmp_path, glove: Embeddings, cands2000: CandidateSet) -> None:
    fp = cands2000.fingerprint
    assert len(fp) == 64 and int(fp, 16) >= 0
    assert CandidateSet.build(glove, 2000).fingerprint == fp
    assert CandidateSet.build(glove, 1999).fingerprint != fp
    path = tmp_path / "cands.npz"
    cands2000.save(path)
    loaded = CandidateSet.load(path, glove)
    assert np.array_equal(loaded.emb_index, cands2000.emb_index)
    assert loaded.fingerprint == fp
    np.testing.assert_array_equal(loaded.vectors, cands2000.vectors)
    other = Embeddings(glove.words, glove.vectors, spec="elsewhere")
    with pytest.raises(ConfigError, match="elsewhere"):
        CandidateSet.load(path, other)
    assert CandidateSet.load(path, other, strict=False).emb_index.shape == (2000,)
    with pytest.raises(ConfigError, match="missing.npz"):
        CandidateSet.load(tmp_path / "missing.npz", glove)
    small = Embeddings(np.array(["a", "b"], dtype=object), np.zeros((2, 50), np.float32), "s")
    with pytest.raises(ConfigError, match="V=400000"):
        CandidateSet.load(path, small, strict=False)


# -- nearest neighbours -----------------------------------------------------------------------
def _brute_force(cands: CandidateSet, q: np.ndarray) -> np.ndarray:
    c = cands.vectors.astype(np.float64)
    q = q.astype(np.float64)
    return np.sqrt(((q[:, None, :] - c[None, :, :]) ** 2).sum(-1))


def test_nearest_equals_brute_force(glove: Embeddings, cands2000: CandidateSet) -> None:
    rng = np.random.default_rng(3)
    base = np.asarray(glove.vectors[rng.integers(0, 50_000, 300)], dtype=np.float32)
    q = base + rng.normal(scale=0.5, size=base.shape).astype(np.float32)
    exact = _brute_force(cands2000, q)
    order = np.argsort(exact, axis=1, kind="stable")
    for k, block in [(1, None), (1, 7), (5, None), (5, 13)]:
        idx, dist = nearest(cands2000, q, k=k, block=block)
        assert idx.shape == (300, k) and idx.dtype == np.int64 and dist.dtype == np.float32
        got = np.take_along_axis(exact, idx, axis=1)
        want = np.take_along_axis(exact, order[:, :k], axis=1)
        # the same distances as brute force (up to float32 rounding) ...
        np.testing.assert_allclose(got, want, atol=2e-5)
        np.testing.assert_allclose(dist, got, rtol=1e-5, atol=1e-5)
        # ... and the same candidates except exact float32 near-ties
        gap = np.diff(np.sort(exact, axis=1)[:, : k + 1], axis=1).min(axis=1)
        clear = gap > 1e-4
        assert clear.mean() > 0.95
        assert np.array_equal(idx[clear], order[clear, :k])


def test_nearest_validates(cands2000: CandidateSet) -> None:
    q = np.zeros((2, 50), np.float32)
    with pytest.raises(ConfigError, match="k must be"):
        nearest(cands2000, q, k=0)
    with pytest.raises(ConfigError, match="2001"):
        nearest(cands2000, q, k=2001)
    with pytest.raises(ValueError, match="shape"):
        nearest(cands2000, np.zeros((2, 3), np.float32))
    idx, dist = nearest(cands2000, np.zeros((0, 50), np.float32), k=3)
    assert idx.shape == (0, 3) and dist.shape == (0, 3)


def test_neighbour_lists(cands2000: CandidateSet) -> None:
    pivots = np.array([5, 17, 5, 1999, 0, 17])
    lists = neighbour_lists(cands2000, pivots, 10)
    assert lists.shape == (6, 10) and lists.dtype == np.int64
    assert np.array_equal(lists[:, 0], pivots)  # rank 0 is the candidate itself
    assert np.array_equal(lists[0], lists[2]) and np.array_equal(lists[1], lists[5])
    exact = _brute_force(cands2000, cands2000.vectors[pivots])
    got = np.take_along_axis(exact, lists, axis=1)
    want = np.sort(exact, axis=1)[:, :10]
    np.testing.assert_allclose(got, want, atol=2e-5)
    assert all(len(set(r)) == 10 for r in lists.tolist())
    # cached: only distinct pivots are computed and kept
    cache = cands2000._nbr_cache[10]
    assert set(cache) >= {0, 5, 17, 1999}
    again = neighbour_lists(cands2000, np.array([1999, 0]), 10)
    assert np.array_equal(again, lists[[3, 4]])
    with pytest.raises(ConfigError, match="k must be"):
        neighbour_lists(cands2000, pivots, 0)
    assert neighbour_lists(cands2000, np.array([], dtype=np.int64), 4).shape == (0, 4)


def test_pickling_ships_spec_not_data(glove: Embeddings, cands2000: CandidateSet) -> None:
    blob = pickle.dumps(glove)
    assert len(blob) < 1000  # the spec, not 400k vectors
    assert pickle.loads(blob) is glove  # reloaded through the per-process cache
    blob = pickle.dumps(cands2000)
    assert len(blob) < 20_000 + 1000
    back = pickle.loads(blob)
    assert back.fingerprint == cands2000.fingerprint
    np.testing.assert_array_equal(back.vectors, cands2000.vectors)
    small = Embeddings(["a", "b"], np.eye(2, dtype=np.float32), spec="mem")
    again = pickle.loads(pickle.dumps(small))
    assert again.words.tolist() == ["a", "b"] and again.lookup(["b"]).tolist() == [1]


def test_small_order_stats_equal_a_full_partition_with_ties_and_infinities():
    from privtext.embeddings import _small_order_stats

    rng = np.random.default_rng(0)
    for n in (50_000, 6_500, 300):
        a = rng.standard_normal((20, n)).astype(np.float32)
        a[3, :] = 1.0  # all tied
        a[5, :200] = -np.inf  # forced-first entries
        a[7] = np.round(a[7], 1)  # many ties near the bound
        pos = [10, 100] if n > 150 else [5, 50]
        assert np.array_equal(_small_order_stats(a, pos), np.partition(a, pos, axis=1)[:, pos])
