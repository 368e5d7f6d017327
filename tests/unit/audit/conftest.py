"""Shared fixtures of the audit tests: a tight toy geometry and a GloVe secret vocabulary."""

from __future__ import annotations

import numpy as np
import pytest


@pytest.fixture(autouse=True)
def _one_torch_thread():
    """The machine is small and shared: keep torch (when installed) on one thread."""
    try:
        import torch
    except ImportError:
        yield
        return
    old = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(old)


def tight_geometry(seed: int = 1):
    """Six secrets on a line in 2-D and a candidate set whose mass sits on one side.

    Candidates: the secrets, 1,000 points near (-4, 0) and 5 near (6, 0). For a release ``y``
    on the right, ``log P(y | x_i) / P(y | x_j)`` comes within 3% of ``eps d(x_i, x_j)``: EM's
    bound is nearly tight, so two releases exceed ``eps`` while one never does.
    """
    rng = np.random.default_rng(seed)
    v = 6
    secrets = np.stack([np.arange(v) * 0.5, np.zeros(v)], axis=1)
    left = rng.normal(0.0, 0.05, (1000, 2)) + [-4.0, 0.0]
    right = rng.normal(0.0, 0.05, (5, 2)) + [6.0, 0.0]
    cands = np.concatenate([secrets, left, right])
    log_prior = np.log(np.linspace(1.0, 2.0, v) / np.linspace(1.0, 2.0, v).sum())
    return secrets, cands, log_prior


@pytest.fixture(scope="session")
def glove_setup():
    """(secret words, secret vectors, candidate set, log prior): 40 names/cities, |C| = 2,000."""
    from privtext.embeddings import CandidateSet, load_embeddings_cached
    from privtext.mechanisms.remap import public_log_prior

    emb = load_embeddings_cached("glove-6b-50d")
    words = (
        "john mary peter anna smith garcia miller jones paris london berlin madrid tokyo oslo "
        "lyon leeds porto boston chicago denver google siemens nokia toyota boeing oracle "
        "maria james robert linda chen kumar lopez rossi dublin vienna prague munich seattle "
        "austin"
    ).split()
    cands = CandidateSet.build(emb, 2000, extra_words=words)
    vecs = np.asarray(emb.vectors[emb.lookup(words)], dtype=np.float64)
    return words, vecs, cands, public_log_prior(words)
