"""Audit UDF: per document, the attacker's log-posterior over a tier's secrets at each position.

An Iterator pandas UDF: each executor Python process loads the scorer once (a saved
:class:`~privtext.audit.attackers.TrainedAttacker`, found by the path the driver shipped with
``SparkContext.addFile``, or the exact EM posterior) and streams Arrow batches through it.

Input, one row per audited document: the document's units from the release's ``tokens`` table
as parallel arrays sorted by position (position, original, replacement, tier, operator).
:func:`score_frame` turns them into the same :class:`~privtext.audit.data.AuditExample` the
driver builds (``privtext.audit.data.examples_from_tokens``), keeps the positions whose secret
is in the scorer's secret vocabulary, and returns per document:

* ``positions``: the audited token positions of the tier;
* ``true_index``: the index of each position's secret in the secret vocabulary (the original
  word itself never leaves the executor);
* ``log_q``: per position the scorer's ``log q(x | y)`` over the whole secret vocabulary
  (float32);
* ``log_q0``: with ``ScorerSpec.context_prior``, the same attacker's ``log q0(x | context)``
  with the tier's released words hidden (the context prior); empty otherwise.

Memory: a document costs ``n_positions * V * 4`` bytes; the driver bounds the total it collects
by sampling documents (``pipelines/audit.py``, ``max_log_q_mb``).
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

AUDIT_RESULT_DDL = (
    "positions array<int>, true_index array<int>, log_q array<array<float>>, "
    "log_q0 array<array<float>>"
)
#: Scorer kinds computed exactly from the mechanism's law (no training).
EXACT_KINDS = ("exact-em", "exact-linked")
UNIT_COLUMNS = ("position", "original", "replacement", "tier", "operator")


@dataclass(frozen=True)
class ScorerSpec:
    """What an executor needs to rebuild a scorer (plain values only, picklable).

    Attributes:
        kind: ``"attacker"`` (a saved TrainedAttacker), ``"exact-em"`` or ``"exact-linked"``
            (:class:`ExactEmScorer`).
        path: checkpoint folder, or ``sparkfiles:NAME`` of a folder shipped with ``addFile``.
        tier: the audited tier.
        secret_vocab: the tier's secret vocabulary (exact-em; an attacker carries its own).
        embeddings: embeddings spec (exact-em).
        candidates_path: saved candidate set, or ``sparkfiles:NAME`` (exact-em).
        eps: the tier budget ``eps_l`` of the release (exact-em).
        remap_prior: for a release with Bayesian remapping (exact kinds): the remap table's
            prior kind (``tier`` or ``wordfreq``); empty when the release is not remapped.
        remap_tier: the tier of a ``tier`` remap prior.
        torch_threads: torch intra-op threads per executor process.
        context_prior: also return the attacker's context prior ``log q0`` (a learned
            attacker trained with ``context_prior``).
    """

    kind: str
    tier: str
    path: str = ""
    secret_vocab: tuple[str, ...] = ()
    embeddings: str = "glove-6b-50d"
    candidates_path: str = ""
    eps: float = 0.0
    torch_threads: int = 1
    remap_prior: str = ""
    remap_tier: str = ""
    context_prior: bool = False


def _resolve(path: str) -> str:
    if path.startswith("sparkfiles:"):
        from pyspark import SparkFiles

        return SparkFiles.get(path.split(":", 1)[1])
    return path


class ExactEmScorer:
    """The exact EM posterior ``P(x | y)`` over the secret vocabulary.

    ``P(x | y) ∝ pi(x) exp(-eps d(x, y) / 2) / Z(x)`` with ``Z(x)`` over the release's whole
    candidate set (``privtext.audit.mpl.em_log_likelihood``).

    * ``exact-em``: one released word at a time, what an attacker who reads each word alone can
      at best know. Its mPL is at most ``eps`` (the metric-DP guarantee), so an audit with it
      at the release's own ``eps_l`` finds no violation.
    * ``exact-linked``: every mention of the same secret in a document is read together
      (perfect coreference; ``privtext.audit.mpl.exact_linked_log_posterior``): the exact
      joint posterior of the seed's "name written five times". The grouping uses the
      originals, which the audit holds; a real attacker has to infer it from the text, so
      this is an upper bound on what repetition alone leaks, with no training and no
      model error.

    A remapped release (``spec.remap_prior``) publishes ``z = f(y)``; its exact likelihood is
    ``P(z | x) = sum_{y: f(y) = z} P(y | x)``, from the same remap table the release used
    (``privtext.mechanisms.remap.cached_remap_table``), held as a ``[V, |C|]`` matrix. A
    released word outside the candidate set (none, for a mechanism unit) tells nothing: its
    likelihood is flat.
    """

    def __init__(self, spec: ScorerSpec) -> None:
        from privtext.audit.mpl import em_log_normalisers
        from privtext.embeddings import load_candidate_set_cached, load_embeddings_cached
        from privtext.mechanisms.remap import public_log_prior

        self.linked = spec.kind == "exact-linked"
        self.secret_vocab = list(spec.secret_vocab)
        self.emb = load_embeddings_cached(spec.embeddings)
        self.cands = load_candidate_set_cached(_resolve(spec.candidates_path), spec.embeddings)
        self.eps = float(spec.eps)
        self.log_prior = public_log_prior(self.secret_vocab)
        rows = self.emb.lookup(self.secret_vocab)
        if (rows < 0).any():
            raise ValueError(f"{spec.kind}: every secret of the vocabulary needs an embedding")
        self.secret_vecs = self.emb.vectors[rows].astype(np.float64)
        self.cand_vecs = self.cands.vectors64()
        self.log_z = em_log_normalisers(self.eps, self.secret_vecs, self.cand_vecs)
        self.remapped_ll: np.ndarray | None = None
        if spec.remap_prior:
            self.remapped_ll = self._remapped_log_likelihood(spec)

    def _remapped_log_likelihood(self, spec: ScorerSpec) -> np.ndarray:
        """``[V, |C|]``: ``log P(f(y) = z | x)`` for every candidate ``z`` (``-inf``: no
        ``y`` maps to ``z``)."""
        from privtext.audit.mpl import em_log_likelihood, pooled_log_likelihood
        from privtext.mechanisms.remap import cached_remap_table

        rt = cached_remap_table(
            self.cands, self.eps, prior=spec.remap_prior, tier=spec.remap_tier or None
        )
        if rt.cands_fingerprint != self.cands.fingerprint:
            raise ValueError("the remap table was built for another candidate set")
        n = len(self.cands)
        ll = em_log_likelihood(np.arange(n), self.eps, self.secret_vecs, self.cand_vecs, self.log_z)
        return pooled_log_likelihood(ll.T, rt.table)

    def predict_log_proba(self, examples: Sequence[Any], hide: bool = False) -> list[np.ndarray]:
        from privtext.audit.mpl import exact_linked_log_posterior

        if hide:
            raise ValueError("an exact posterior reads no context: it has no context prior")
        out = []
        for ex in examples:
            released = [ex.tokens[p] for p in ex.positions]
            if not self.linked:
                out.append(self.log_posterior(released))
                continue
            ids: dict[str, int] = {}
            groups = np.asarray([ids.setdefault(s, len(ids)) for s in ex.secrets], np.int64)
            ll = self.log_likelihood(released)
            out.append(exact_linked_log_posterior(ll, groups, self.log_prior))
        return out

    def log_likelihood(self, released: Sequence[str]) -> np.ndarray:
        """float64 ``[len(released), V]``: ``log P(y | x)`` of each released word (0: flat)."""
        from privtext.audit.mpl import em_log_likelihood
        from privtext.tokenizer import normalise

        v = len(self.secret_vocab)
        out = np.zeros((len(released), v), dtype=np.float64)
        if not len(released):
            return out
        y = self.cands.to_candidate(self.emb.lookup([normalise(w) for w in released]))
        ok = y >= 0
        if ok.any() and self.remapped_ll is not None:
            out[ok] = self.remapped_ll[:, y[ok]].T
        elif ok.any():
            out[ok] = em_log_likelihood(
                y[ok], self.eps, self.secret_vecs, self.cand_vecs, self.log_z
            )
        return out

    def log_posterior(self, released: Sequence[str]) -> np.ndarray:
        """float64 ``[len(released), V]`` normalised log posterior of each released word."""
        from scipy.special import logsumexp

        ll = self.log_likelihood(released) + self.log_prior[None, :]
        return ll - logsumexp(ll, axis=1, keepdims=True)


_LOCK = threading.Lock()


@functools.lru_cache(maxsize=4)
def _load_scorer(spec: ScorerSpec) -> Any:
    if spec.kind in EXACT_KINDS:
        return ExactEmScorer(spec)
    import torch

    torch.set_num_threads(max(1, int(spec.torch_threads)))
    from privtext.audit.attackers import TrainedAttacker

    return TrainedAttacker.load(_resolve(spec.path))


def get_scorer(spec: ScorerSpec) -> Any:
    """The process-wide scorer for ``spec`` (loaded on first use)."""
    with _LOCK:
        return _load_scorer(spec)


def units_frame(doc_ids: Sequence[str], units: pd.DataFrame) -> pd.DataFrame:
    """Explode per-document unit arrays into a tokens-table-like pandas frame."""
    rows: dict[str, list[Any]] = {"doc_id": [], **{c: [] for c in UNIT_COLUMNS}}
    for d, doc in enumerate(doc_ids):
        cols = [units[c].iloc[d] for c in UNIT_COLUMNS]
        n = 0 if cols[0] is None else len(cols[0])
        rows["doc_id"].extend([str(doc)] * n)
        for c, arr in zip(UNIT_COLUMNS, cols, strict=True):
            rows[c].extend(list(arr) if n else [])
    df = pd.DataFrame(rows)
    df["position"] = df["position"].astype("int64")
    return df


def restrict_to_vocab(examples: Sequence[Any], vocab: dict[str, int]) -> list[Any]:
    """Keep, in each example, only the positions whose secret is in ``vocab``."""
    from dataclasses import replace

    out = []
    for ex in examples:
        keep = [i for i, s in enumerate(ex.secrets) if s in vocab]
        if len(keep) != len(ex.positions):
            ex = replace(
                ex,
                positions=[ex.positions[i] for i in keep],
                secrets=[ex.secrets[i] for i in keep],
            )
        out.append(ex)
    return out


def score_examples(examples: Sequence[Any], scorer: Any, hide: bool = False) -> list[np.ndarray]:
    """The scorer's log q per example (``[n_positions, V]``); empty examples give ``[0, V]``.
    ``hide``: the context prior ``log q0`` instead (a learned attacker with ``context_prior``).
    """
    v = len(scorer.secret_vocab)
    todo = [i for i, ex in enumerate(examples) if len(ex.positions)]
    out = [np.zeros((0, v), dtype=np.float32) for _ in examples]
    if todo:
        res = scorer.predict_log_proba([examples[i] for i in todo], hide=hide)
        for i, r in zip(todo, res, strict=True):
            out[i] = np.asarray(r, dtype=np.float32).reshape(len(examples[i].positions), v)
    return out


def score_frame(
    doc_ids: pd.Series, units: pd.DataFrame, tier: str, scorer: Any, context_prior: bool = False
) -> pd.DataFrame:
    """Score one batch of documents; returns the :data:`AUDIT_RESULT_DDL` columns."""
    from privtext.audit.data import examples_from_tokens

    ids = [str(i) for i in doc_ids]
    df = units_frame(ids, units)
    by_id = {ex.doc_id: ex for ex in examples_from_tokens(df, tier)} if len(df) else {}
    vocab = {w: i for i, w in enumerate(scorer.secret_vocab)}
    examples = restrict_to_vocab([by_id[i] for i in ids if i in by_id], vocab)
    keys = [ex.doc_id for ex in examples]
    scored = dict(zip(keys, score_examples(examples, scorer), strict=True))
    prior = (
        dict(zip(keys, score_examples(examples, scorer, hide=True), strict=True))
        if context_prior
        else {}
    )
    exs = {ex.doc_id: ex for ex in examples}
    out: dict[str, list[Any]] = {c: [] for c in ("positions", "true_index", "log_q", "log_q0")}
    for i in ids:
        ex = exs.get(i)
        if ex is None:
            for col in out.values():
                col.append([])
            continue
        out["positions"].append([int(p) for p in ex.positions])
        out["true_index"].append([vocab[s] for s in ex.secrets])
        out["log_q"].append([row.tolist() for row in scored[i]])
        out["log_q0"].append([row.tolist() for row in prior[i]] if context_prior else [])
    return pd.DataFrame(out)


def audit_udf(spec: ScorerSpec):
    """Iterator pandas UDF over (doc_id, units struct of arrays) -> :data:`AUDIT_RESULT_DDL`."""
    from pyspark.sql.functions import pandas_udf

    os.environ.setdefault("OMP_NUM_THREADS", str(spec.torch_threads))

    def _run(batches: Iterator[tuple[pd.Series, pd.DataFrame]]) -> Iterator[pd.DataFrame]:
        scorer = get_scorer(spec)
        for doc_ids, units in batches:
            yield score_frame(doc_ids, units, spec.tier, scorer, spec.context_prior)

    return pandas_udf(_run, returnType=AUDIT_RESULT_DDL)  # type: ignore[call-overload]
