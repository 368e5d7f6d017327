"""Audit examples from a tokens table, and training pairs perturbed by the sanitize kernel."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from privtext.audit.data import (
    AuditExample,
    examples_from_tokens,
    perturb_examples,
    perturb_tokens_frame,
    secret_vocabulary,
    training_key,
)
from privtext.tagging.base import Span


def test_examples_from_tokens_table():
    df = pd.DataFrame(
        {
            "doc_id": ["b", "a", "a", "a", "a", "a"],
            "position": [0, 3, 0, 1, 2, 4],
            "original": ["Hi", "Paris", "Anna", "Smith", "in", "[EMAIL]"],
            "replacement": ["Hi", "Lyon", "Maria", "Jones", "in", "[EMAIL]"],
            "tier": ["none", "PoII", "PII", "PII", "none", "PII"],
            "operator": ["keep", "mechanism", "mechanism", "mechanism", "keep", "mask"],
        }
    )
    pii = examples_from_tokens(df, "PII")
    assert [e.doc_id for e in pii] == ["a", "b"]
    a = pii[0]
    assert a.tokens == ["maria", "jones", "in", "lyon", "[email]"]
    assert a.positions == [0, 1] and a.secrets == ["anna", "smith"]
    assert pii[1].positions == [] and pii[1].tokens == ["hi"]
    poii = examples_from_tokens(df, "PoII")
    assert poii[0].positions == [3] and poii[0].secrets == ["paris"]
    # a row without a letter or digit is dropped and positions re-indexed
    df2 = pd.concat(
        [
            df,
            pd.DataFrame(
                {
                    "doc_id": ["a"],
                    "position": [-1],
                    "original": ["--"],
                    "replacement": ["--"],
                    "tier": ["none"],
                    "operator": ["mask"],
                }
            ),
        ]
    )
    assert examples_from_tokens(df2, "PII")[0].positions == [0, 1]
    with pytest.raises(ValueError):
        examples_from_tokens(df.drop(columns=["operator"]), "PII")
    with pytest.raises(ValueError):
        AuditExample("x", ["a"], [3], ["b"])


def test_secret_vocabulary_order():
    ex = [AuditExample("1", ["a", "b"], [0, 1], ["x", "y"]), AuditExample("2", ["c"], [0], ["y"])]
    assert secret_vocabulary(ex) == ["y", "x"]
    assert secret_vocabulary(ex, min_count=2) == ["y"]


def test_training_key():
    k = b"\x01" * 32
    assert training_key(k) != k and len(training_key(k)) == 32
    assert training_key(k, "round-1") != training_key(k, "round-2")


@pytest.fixture(scope="module")
def cands_and_docs():
    from privtext.embeddings import CandidateSet, load_embeddings_cached

    docs = [
        ("d1", "Anna Smith works at Siemens in Munich. Anna Smith lives in Munich."),
        ("d2", "Peter Jones joined Boeing in Seattle. Mr Jones likes Seattle."),
    ]
    spans = []
    for _, text in docs:
        sp = []
        for word, etype in [
            ("Anna", "PERSON"),
            ("Smith", "PERSON"),
            ("Peter", "PERSON"),
            ("Jones", "PERSON"),
            ("Siemens", "ORGANIZATION"),
            ("Boeing", "ORGANIZATION"),
            ("Munich", "LOCATION"),
            ("Seattle", "LOCATION"),
        ]:
            start = text.find(word)
            while start >= 0:
                sp.append(Span(start, start + len(word), etype, 1.0, "test"))
                start = text.find(word, start + 1)
        spans.append(sorted(sp, key=lambda s: s.start))
    emb = load_embeddings_cached("glove-6b-50d")
    words = [w.lower() for _, t in docs for w in t.replace(".", "").split()]
    return CandidateSet.build(emb, 2000, extra_words=words), docs, spans


def test_perturb_examples_match_the_tokens_table(cands_and_docs):
    cands, docs, spans = cands_and_docs
    key = b"\x02" * 32
    alpha = {"PII": 1.0, "PoII": 1.0}  # AmPL round 0: both tiers at 1 is accepted
    frame = perturb_tokens_frame(docs, spans, epsilon=2.0, alpha=alpha, key=key, cands=cands)
    assert list(frame.columns) == [
        "doc_id",
        "position",
        "start",
        "end",
        "original",
        "replacement",
        "tier",
        "entity_type",
        "operator",
    ]
    ex = perturb_examples(docs, "PII", key, epsilon=2.0, alpha=alpha, cands=cands, spans=spans)
    assert [vars(e) for e in ex] == [vars(e) for e in examples_from_tokens(frame, "PII")]
    d1 = ex[0]
    assert d1.secrets == ["anna", "smith", "anna", "smith"]
    assert len(d1.tokens) == 12
    clear = [i for i in range(len(d1.tokens)) if i not in d1.positions]
    orig = "anna smith works at siemens in munich anna smith lives in munich".split()
    # the clear context is kept except the PoII words, which are perturbed too
    poii = examples_from_tokens(frame, "PoII")[0]
    assert poii.secrets == ["siemens", "munich", "munich"]
    for i in clear:
        if i not in poii.positions:
            assert d1.tokens[i] == orig[i]
    assert set(d1.tokens[p] for p in d1.positions) <= set(np.asarray(cands.words).tolist())


def test_keys_give_independent_noise_and_the_release_key_is_refused(cands_and_docs):
    cands, docs, spans = cands_and_docs
    alpha = {"PII": 0.5, "PoII": 1.0}
    kw = dict(epsilon=1.0, alpha=alpha, cands=cands, spans=spans)
    a = perturb_examples(docs, "PII", b"\x03" * 32, **kw)
    b = perturb_examples(docs, "PII", b"\x03" * 32, **kw)
    c = perturb_examples(docs, "PII", b"\x04" * 32, **kw)
    assert [e.tokens for e in a] == [e.tokens for e in b]
    assert [e.tokens for e in a] != [e.tokens for e in c]
    with pytest.raises(ValueError, match="release"):
        perturb_examples(docs, "PII", b"\x03" * 32, release_key=b"\x03" * 32, **kw)
