"""The exact scorers of the audit (``udfs.audit.ExactEmScorer``), checked by brute force."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.special import logsumexp

from privtext.audit.data import AuditExample
from privtext.audit.mpl import em_log_likelihood, exact_linked_log_posterior
from privtext.mechanisms.remap import cached_remap_table
from udfs.audit import ExactEmScorer, ScorerSpec


@pytest.fixture(scope="module")
def scorer_inputs(tmp_path_factory, glove_setup):
    words, vecs, cands, log_prior = glove_setup
    path = tmp_path_factory.mktemp("cands") / "cands.npz"
    cands.save(str(path))
    return words, vecs, cands, str(path)


def _spec(words, path, kind="exact-linked", remap=""):
    return ScorerSpec(
        kind=kind, tier="PII", secret_vocab=tuple(words), candidates_path=path, eps=2.0,
        remap_prior=remap, remap_tier="PII" if remap == "tier" else "",
    )  # fmt: skip


def test_remapped_likelihood_is_the_mass_of_each_preimage(scorer_inputs):
    words, vecs, cands, path = scorer_inputs
    sc = ExactEmScorer(_spec(words, path, remap="tier"))
    ll = sc.remapped_ll
    assert ll is not None and ll.shape == (len(words), len(cands))
    np.testing.assert_allclose(np.exp(ll).sum(axis=1), 1.0, rtol=1e-9)
    table = cached_remap_table(cands, 2.0, prior="tier", tier="PII").table
    full = em_log_likelihood(np.arange(len(cands)), 2.0, vecs, cands.vectors64()).T  # [V, |C|]
    image = np.unique(table)
    assert 1 < image.size < len(cands)  # remapping pools outputs
    for z in image[:: max(1, image.size // 25)]:
        np.testing.assert_allclose(ll[:, z], logsumexp(full[:, table == z], axis=1), rtol=1e-9)
    outside = np.setdiff1d(np.arange(len(cands)), image)
    assert np.isneginf(ll[:, outside]).all()  # nothing is released there


def test_linked_scorer_reads_all_mentions_of_a_secret_together(scorer_inputs):
    words, vecs, cands, path = scorer_inputs
    linked = ExactEmScorer(_spec(words, path))
    single = ExactEmScorer(_spec(words, path, kind="exact-em"))
    released = ["paris", "river", "london", "paris", "mary", "river"]
    ex = AuditExample(
        doc_id="d", tokens=released, positions=list(range(6)),
        secrets=["anna", "john", "anna", "berlin", "anna", "john"],
    )  # fmt: skip
    (lp,) = linked.predict_log_proba([ex])
    (ls,) = single.predict_log_proba([ex])
    ll = linked.log_likelihood(released)
    want = exact_linked_log_posterior(ll, np.array([0, 1, 0, 2, 0, 1]), linked.log_prior)
    np.testing.assert_allclose(lp, want)
    np.testing.assert_allclose(lp[3], ls[3])  # a secret named once: the single-word posterior
    np.testing.assert_allclose(lp[0], lp[2])
    assert not np.allclose(lp[0], ls[0])
