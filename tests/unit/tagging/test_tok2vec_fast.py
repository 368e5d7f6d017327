"""The numpy token vectors equal thinc's exactly, and step aside when they would not."""

from __future__ import annotations

import numpy as np
import pytest

import privtext.tagging.recognizers.tok2vec_fast as t2v
from privtext.tagging.devset import generate_templates
from privtext.tagging.recognizers.spacy_ner import DEFAULT_MODEL, load_spacy_model
from privtext.tagging.recognizers.tok2vec_fast import FastTok2Vec


@pytest.fixture(scope="module")
def nlp():
    return load_spacy_model(DEFAULT_MODEL)


@pytest.fixture(scope="module")
def model(nlp):
    return nlp.get_pipe("ner").model.get_ref("tok2vec")


def test_when_a_mixed_batch_is_embedded_then_the_vectors_are_thincs_bit_for_bit(nlp, model):
    fast = FastTok2Vec.from_model(model, nlp.make_doc)
    assert fast is not None
    texts = [d.text for d in generate_templates(60, seed=7)]
    texts += ["", " ", "a", "x" * 3000, "Tel: +44 20 7946 0958\n\n\n   Leeds", "Ünïcode – “quotes”"]
    docs = [nlp.make_doc(t) for t in texts]
    expected = np.asarray(model.predict(docs))
    got = fast(docs)
    assert got.shape == expected.shape == (sum(len(d) for d in docs), 64)
    assert np.array_equal(got, expected)


def test_when_the_fast_arithmetic_differs_then_thinc_computes_the_vectors(nlp, model, monkeypatch):
    original = t2v._seq2col

    def shifted(x, window):  # the window columns one row off
        return np.roll(original(x, window), 1, axis=0)

    monkeypatch.setattr(t2v, "_seq2col", shifted)
    assert FastTok2Vec.from_model(model, nlp.make_doc) is None


def test_when_the_model_has_other_layers_then_no_fast_path_is_built(nlp):
    from thinc.api import Linear, chain

    other = chain(Linear(4, 4), Linear(4, 4))
    assert FastTok2Vec.from_model(other, nlp.make_doc) is None


def test_distinct_rows_and_their_indices_rebuild_the_ids_even_when_keys_collide(monkeypatch):
    rng = np.random.default_rng(3)
    ids = rng.integers(0, 2**63, size=(50, 4), dtype=np.uint64)[rng.integers(0, 50, 400)]
    uniq, inverse = t2v._unique_rows(ids)
    assert np.array_equal(uniq[inverse], ids)
    assert len(uniq) == len(np.unique(ids, axis=0))
    # every row mixed to one key: the row-by-row check sends it to the exact form
    monkeypatch.setattr(t2v, "_MIX", np.zeros(4, dtype=np.uint64))
    uniq, inverse = t2v._unique_rows(ids)
    assert np.array_equal(uniq[inverse], ids)
    assert len(uniq) == len(np.unique(ids, axis=0))


def test_without_distinct_rows_the_fast_path_builds_thincs_own_matrices(nlp, model):
    # every row where thinc puts it (empty documents get no padding, as in thinc's flatten):
    # equal on any BLAS, including those whose rounding depends on a row's place
    fast = FastTok2Vec(model, dedup=False)
    texts = ["", "Dear Ms Nowak, your claim of 3 March", "", "ok", "Leeds LS1 4DJ", ""]
    texts += [d.text for d in generate_templates(20, seed=11)]
    docs = [nlp.make_doc(t) for t in texts]
    assert np.array_equal(fast(docs), np.asarray(model.predict(docs)))
