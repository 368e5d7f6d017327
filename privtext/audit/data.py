"""Audit examples: a released document as word tokens plus the tier's protected positions.

An :class:`AuditExample` is what an attacker reads and what it is scored on: the *released*
document as lower-cased word tokens (perturbed words in place, the clear context kept), the
indices of the tokens the tier's word mechanism perturbed, and the original words at those
indices (the secrets, known to the operator only: they come from the ``tokens`` table, which is
as sensitive as the input).

Two sources give examples of identical form:

* :func:`examples_from_tokens`: the ``tokens`` table of a sanitize release run with
  ``--keep-intermediates`` (the audited release);
* :func:`perturb_examples`: a *training* split perturbed here with the same mechanism and
  budgets, through the same :class:`~privtext.sanitize.Sanitizer` kernel as the Spark job, but
  with another noise key (:func:`training_key`), so the attacker never trains on the audited
  release's noise. :func:`perturb_tokens_frame` returns the same rows as the ``tokens`` table
  (without ``run_id``), and :func:`perturb_examples` is ``examples_from_tokens`` of it.

Tokens. The tokenizer (:mod:`privtext.tokenizer`) yields only runs of letters/digits, so every
row of the ``tokens`` table is a word; a pattern span replaced whole (an e-mail surrogate, a
mask such as ``[EMAIL]``) is one row and becomes one token. Rows without a letter or digit
(possible for a mask) are dropped, and positions are re-indexed into the kept tokens.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

__all__ = [
    "AuditExample",
    "empirical_log_prior",
    "examples_from_tokens",
    "perturb_examples",
    "perturb_tokens_frame",
    "secret_vocabulary",
    "tag_documents",
    "training_key",
]

TOKEN_COLUMNS = ("doc_id", "position", "start", "end", "original", "replacement", "tier",
                 "entity_type", "operator")  # fmt: skip
_MECHANISM = "mechanism"


@dataclass
class AuditExample:
    """One released document seen by the attacker.

    Attributes:
        doc_id: the document id.
        tokens: the released document's word tokens, lower-cased (perturbed words in place).
        positions: indices into ``tokens`` of the tier's words perturbed by the mechanism.
        secrets: the original words at those positions, lower-cased (operator-side).
    """

    doc_id: str
    tokens: list[str]
    positions: list[int] = field(default_factory=list)
    secrets: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(self.positions) != len(self.secrets):
            raise ValueError(
                f"{self.doc_id}: {len(self.positions)} positions for {len(self.secrets)} secrets"
            )
        n = len(self.tokens)
        for p in self.positions:
            if not 0 <= p < n:
                raise ValueError(f"{self.doc_id}: position {p} outside the {n} tokens")


def _is_word(s: Any) -> bool:
    return isinstance(s, str) and any(ch.isalnum() for ch in s)


def examples_from_tokens(df: pd.DataFrame, tier: str) -> list[AuditExample]:
    """Audit examples of one tier from a ``tokens`` table (``--keep-intermediates``).

    Args:
        df: rows of the ``tokens`` table (``schemas/tables.py`` ``TOKENS``): at least
            ``doc_id, position, original, replacement, tier, operator``. Untouched tokens have
            ``replacement == original``.
        tier: ``"PII"`` or ``"PoII"``: rows with this tier and operator ``mechanism`` are the
            protected positions.

    Returns:
        One example per document (sorted by ``doc_id``), including documents without a
        protected position of the tier (``positions`` empty: context for training).
    """
    need = {"doc_id", "position", "original", "replacement", "tier", "operator"}
    missing = need - set(df.columns)
    if missing:
        raise ValueError(f"tokens table lacks columns {sorted(missing)}")
    out: list[AuditExample] = []
    if df.empty:
        return out
    d = df.loc[:, ["doc_id", "position", "original", "replacement", "tier", "operator"]]
    d = d[d["replacement"].map(_is_word)].sort_values(["doc_id", "position"], kind="stable")
    for doc_id, g in d.groupby("doc_id", sort=True):
        repl = g["replacement"].str.lower().tolist()
        prot = ((g["tier"] == tier) & (g["operator"] == _MECHANISM)).to_numpy()
        idx = np.flatnonzero(prot)
        orig = g["original"].to_numpy(object)
        out.append(
            AuditExample(
                doc_id=str(doc_id),
                tokens=repl,
                positions=[int(i) for i in idx],
                secrets=[str(orig[i]).lower() for i in idx],
            )
        )
    return out


def training_key(release_key: bytes, label: str = "audit-train") -> bytes:
    """A 32-byte noise key for perturbing training splits, derived from and unequal to
    ``release_key`` (HMAC-SHA256 with ``label``; a different label per round gives fresh noise).

    AES-CTR keystreams under different keys are independent, so the training pairs share no
    noise with the release.
    """
    out = hmac.new(bytes(release_key), b"privtext/audit/" + label.encode(), hashlib.sha256).digest()
    assert out != bytes(release_key)
    return out


def tag_documents(
    docs: Sequence[tuple[str, str]], tagger: Any = None, batch_size: int = 64
) -> list[list[Any]]:
    """Spans of each document by the sanitize tagger (:class:`~privtext.tagging.registry.Tagger`).

    Tagging is the costly part of perturbing; AmPL tags the training split once and perturbs it
    at every round's ``alpha`` (:func:`perturb_tokens_frame` takes the spans).

    Args:
        docs: ``(doc_id, text)`` pairs.
        tagger: a tagger; None = the default one (spaCy NER and every recognizer).
        batch_size: documents per ``tag_batch`` call.
    """
    if tagger is None:
        from privtext.tagging.registry import TaggerSpec, build_tagger

        tagger = build_tagger(TaggerSpec())
    texts = [t for _, t in docs]
    spans: list[list[Any]] = []
    for s in range(0, len(texts), batch_size):
        spans.extend(tagger.tag_batch(texts[s : s + batch_size]))
    return spans


def perturb_tokens_frame(
    docs: Sequence[tuple[str, str]],
    spans: Sequence[Sequence[Any]],
    *,
    epsilon: float,
    alpha: Mapping[str, float],
    key: bytes,
    cands: Any,
    release_key: bytes | None = None,
    mechanism: str = "em",
    policy: Any = None,
    perturb_all_words: bool = False,
    consistent_mentions: bool = False,
    remap: Mapping[str, np.ndarray] | None = None,
    batch_size: int = 256,
) -> pd.DataFrame:
    """Perturb documents with the sanitize kernel; return their ``tokens`` table rows.

    The same :class:`~privtext.sanitize.Sanitizer` as the Spark job, with
    ``record_all_tokens=True``, tier budgets ``eps_l = alpha_l * epsilon``, the tier policy and
    the candidate set ``cands``. ``alpha`` is not checked for ``alpha_PII < alpha_PoII`` (AmPL's
    round 0 uses 1 for both).

    Args:
        docs: ``(doc_id, text)`` pairs (ids unique).
        spans: the tagger's spans per document (:func:`tag_documents`).
        epsilon: the global budget ``eps``.
        alpha: ``{"PII": alpha_PII, "PoII": alpha_PoII}``.
        key: the noise key for these pairs (>= 16 bytes); must differ from ``release_key``.
        cands: the :class:`~privtext.embeddings.CandidateSet` ``C`` (its embeddings give the
            lookup).
        release_key: the audited release's key, if known: refused as ``key``.
        mechanism: ``"em"`` or ``"laplace-nn"`` (rank fix on, default constants).
        policy: a :class:`~privtext.tagging.policy.TierPolicy`; None = the packaged default.
        perturb_all_words: as the sanitize option.
        consistent_mentions: as the sanitize option.
        remap: optional ``{tier: int64 [|C|] table}`` of Bayesian remapping.
        batch_size: documents per kernel call.

    Returns:
        A DataFrame with the ``tokens`` table's columns (without ``run_id``).

    Raises:
        ValueError: ``key`` equals ``release_key``, or an ``alpha`` is missing.
    """
    from privtext.engine import MechanismAdapter
    from privtext.mechanisms.noise import KeyedNoise
    from privtext.sanitize import Sanitizer
    from privtext.tagging.policy import TierPolicy
    from privtext.tokenizer import tokenize

    if release_key is not None and bytes(key) == bytes(release_key):
        raise ValueError("training pairs must not use the release's noise key")
    if len(spans) != len(docs):
        raise ValueError(f"{len(spans)} span lists for {len(docs)} documents")
    for tier in ("PII", "PoII"):
        if tier not in alpha:
            raise ValueError(f"alpha lacks tier {tier}")
    impl: Any
    if mechanism == "em":
        from privtext.mechanisms.exponential import ExponentialMechanism

        impl = ExponentialMechanism(cands)
        adapter = MechanismAdapter(impl, "em", int(impl.uniforms_per_token))
    elif mechanism == "laplace-nn":
        from privtext.mechanisms.laplace_nn import LaplaceNN

        impl = LaplaceNN(cands)
        adapter = MechanismAdapter(impl, "laplace-nn+rank-fix", int(impl.uniforms_per_token))
    else:
        raise ValueError(f"mechanism must be em or laplace-nn, got {mechanism!r}")
    san = Sanitizer(
        policy=policy if policy is not None else TierPolicy.load(None),
        lookup=cands.emb.lookup,
        candidate_words=cands.words,
        mechanism=adapter,
        tier_epsilon={t: float(alpha[t]) * float(epsilon) for t in ("PII", "PoII")},
        noise=KeyedNoise(bytes(key)),
        record_all_tokens=True,
        perturb_all_words=perturb_all_words,
        consistent_mentions=consistent_mentions,
        cands=cands,
        remap=dict(remap) if remap else None,
    )
    rows: dict[str, list[Any]] = {c: [] for c in TOKEN_COLUMNS}
    for s in range(0, len(docs), batch_size):
        chunk = docs[s : s + batch_size]
        ids = [str(i) for i, _ in chunk]
        texts = [t for _, t in chunk]
        results = san.sanitize_batch(
            ids, texts, [tokenize(t) for t in texts], spans[s : s + batch_size]
        )
        for doc_id, res in zip(ids, results, strict=True):
            for u in res.units:
                rows["doc_id"].append(doc_id)
                rows["position"].append(u.position)
                rows["start"].append(u.start)
                rows["end"].append(u.end)
                rows["original"].append(u.original)
                rows["replacement"].append(u.replacement)
                rows["tier"].append(u.tier)
                rows["entity_type"].append(u.entity_type)
                rows["operator"].append(u.operator)
    return pd.DataFrame(rows)


def perturb_examples(
    docs: Sequence[tuple[str, str]],
    tier: str,
    key: bytes,
    *,
    epsilon: float,
    alpha: Mapping[str, float],
    cands: Any,
    spans: Sequence[Sequence[Any]] | None = None,
    tagger: Any = None,
    release_key: bytes | None = None,
    **kwargs: Any,
) -> list[AuditExample]:
    """Perturb a training split and return its examples of ``tier``.

    ``examples_from_tokens(perturb_tokens_frame(...), tier)``: identical in form to the examples
    of the audited release. Spans are computed with ``tagger`` (:func:`tag_documents`) unless
    given. Other keyword arguments go to :func:`perturb_tokens_frame`.

    Args:
        docs: ``(doc_id, text)`` of the training split (not the audited documents' release).
        tier: ``"PII"`` or ``"PoII"``.
        key: the training noise key (e.g. :func:`training_key`), never the release's key.
        epsilon, alpha, cands, release_key: see :func:`perturb_tokens_frame`.
        spans: precomputed spans per document.
        tagger: the tagger used when ``spans`` is None.
    """
    if spans is None:
        spans = tag_documents(docs, tagger)
    frame = perturb_tokens_frame(
        docs, spans, epsilon=epsilon, alpha=alpha, key=key, cands=cands,
        release_key=release_key, **kwargs,
    )  # fmt: skip
    return examples_from_tokens(frame, tier)


def secret_vocabulary(
    examples: Sequence[AuditExample], min_count: int = 1, keep: Callable[[str], bool] | None = None
) -> list[str]:
    """The distinct secrets of ``examples`` seen at least ``min_count`` times, most frequent
    first (ties alphabetical); ``keep`` filters them (e.g. "has an embedding")."""
    counts: dict[str, int] = {}
    for ex in examples:
        for s in ex.secrets:
            counts[s] = counts.get(s, 0) + 1
    words = [w for w, c in counts.items() if c >= min_count and (keep is None or keep(w))]
    return sorted(words, key=lambda w: (-counts[w], w))


def empirical_log_prior(
    examples: Sequence[AuditExample], secret_vocab: Sequence[str], smoothing: float = 1.0
) -> np.ndarray:
    """Log of the base rate of each secret in ``examples`` (additive ``smoothing``), normalised.

    The prior an attacker trained on ``examples`` holds before reading a document: a learned
    posterior ``q`` reproduces this base rate when the document tells it nothing, so using it
    as ``pi`` in ``PL`` gives ``mPL ~ 0`` for an uninformed attacker. A public prior that
    differs from the corpus' base rate (e.g. wordfreq frequencies) adds
    ``ln[base(x_i)/base(x_j)] - ln[pi(x_i)/pi(x_j)]`` to every ``PL``: apparent leakage that
    no release caused. Compute it from the attacker's *training* split (never the audited
    release's secrets).
    """
    if smoothing <= 0:
        raise ValueError(f"smoothing must be > 0, got {smoothing}")
    index = {w: i for i, w in enumerate(secret_vocab)}
    counts = np.full(len(index), float(smoothing))
    for ex in examples:
        for s in ex.secrets:
            i = index.get(s)
            if i is not None:
                counts[i] += 1.0
    return np.log(counts / counts.sum())
