"""The pieces together: leakage corpus -> training pairs and a release under different keys ->
attacker -> PBmPL audit (gold spans stand in for the tagger, so no spaCy here)."""

from __future__ import annotations

import math

import numpy as np
import pytest

pytest.importorskip("torch")

from privtext.audit import (  # noqa: E402
    TrainConfig,
    distance_fn,
    empirical_log_prior,
    estimate_pbmpl,
    generate_leakage_gold,
    perturb_examples,
    secret_vocabulary,
    train_attacker,
    training_key,
)
from privtext.tagging.base import Span  # noqa: E402

_TYPES = {"person": "PERSON", "employer": "ORGANIZATION", "city": "LOCATION"}


def _docs_and_spans(rows):
    docs = [(r["id"], r["text"]) for r in rows]
    spans = [
        [Span(m["start"], m["end"], _TYPES[m["kind"]], 1.0, "gold") for m in r["mentions"]]
        for r in rows
    ]
    for sp, r in zip(spans, rows, strict=True):  # a full name is two words, one span each
        sp.sort(key=lambda s: s.start)
        assert all(a.end <= b.start for a, b in zip(sp, sp[1:], strict=False)), r["id"]
    return docs, spans


@pytest.mark.slow
def test_audit_pipeline_on_the_leakage_corpus():
    from privtext.embeddings import CandidateSet, load_embeddings_cached

    rows = generate_leakage_gold(220, seed=2)
    train_docs, train_spans = _docs_and_spans(rows[:160])
    rel_docs, rel_spans = _docs_and_spans(rows[160:])
    emb = load_embeddings_cached("glove-6b-50d")
    words = {w.strip(".,").lower() for _, t in train_docs + rel_docs for w in t.split()}
    cands = CandidateSet.build(emb, 2000, extra_words=sorted(words))
    release_key = b"\x07" * 32
    kw = dict(epsilon=2.5, alpha={"PII": 1.0, "PoII": 1.0}, cands=cands)
    train = perturb_examples(
        train_docs, "PII", training_key(release_key), spans=train_spans,
        release_key=release_key, **kw,
    )  # fmt: skip
    release = perturb_examples(rel_docs, "PII", release_key, spans=rel_spans, **kw)
    assert all(len(e.positions) >= 3 for e in train)  # each person named 3-5 times
    vocab = secret_vocabulary(train + release, keep=lambda w: emb.lookup([w])[0] >= 0)
    att = train_attacker(train, TrainConfig(kind="transformer", epochs=4, embed_dim=32), vocab)
    lps = att.predict_log_proba(release)
    log_post = np.concatenate([a for a in lps if a.shape[0]])
    true_index = np.concatenate(att.true_index(release))
    vecs = np.asarray(emb.vectors[emb.lookup(vocab)], dtype=np.float64)
    prior = empirical_log_prior(train, vocab)
    st = estimate_pbmpl(
        log_post, true_index, prior, distance_fn(vecs), 2.5, 20_000, 0.05,
        np.random.default_rng(0), tier="PII",
    )  # fmt: skip
    assert st.n_positions == sum(len(e.positions) for e in release)
    assert 0.0 <= st.violation_ratio <= 1.0 and st.mpl_values.shape == (20_000,)
    assert math.isnan(st.log10_bound) or st.log10_bound < 0
    # an attacker that outputs the base rate learns nothing: mPL exactly 0 everywhere
    flat = np.broadcast_to(prior, log_post.shape)
    st0 = estimate_pbmpl(flat, true_index, prior, distance_fn(vecs), 1e-9, 5_000, 0.05,
                         np.random.default_rng(0))  # fmt: skip
    assert st0.violations == 0 and np.all(st0.mpl_values < 1e-12)
