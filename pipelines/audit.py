"""The mPL audit of a sanitize release with a learned (or the exact EM) attacker.

``privtext audit --release DIR ...`` (METHODS.md, "Metric-normalised posterior leakage"):

1. Read the release's ``manifest`` (configuration, tier budgets, candidate-set fingerprint) and
   its ``tokens`` intermediate (written with ``--keep-intermediates``: per token the original
   and the released word). The candidate set ``C`` is rebuilt exactly as the sanitize run built
   it and checked against the recorded fingerprint.
2. Split the documents deterministically (sha256 of seed and document id) into an
   attacker-training part and the audited part (``train_share``). With ``train_corpus``, that
   corpus is tagged by the same configuration instead and the whole release is audited.
3. Training pairs: the training documents are rebuilt from the ``tokens`` table (originals at
   their offsets, :func:`reconstruct_text`) with their spans from the ``tags`` table, and
   perturbed again by the sanitize kernel with the same mechanism, tier budgets and candidate
   set but other noise keys (``privtext.audit.data.perturb_examples``), ``train_copies`` times;
   the attacker never sees the audited release. It is trained on the driver (or with
   ``TorchDistributor`` in local mode, ``distributor=True``), calibrated, and saved under
   ``OUTPUT/attacker-<tier>/``.
4. Inference over the audited documents is an Iterator pandas UDF (``udfs/audit.py``) that
   loads the checkpoint once per executor and returns per position the attacker's ``log q``
   over the tier's secret vocabulary and the index of the true secret. The driver collects them
   (at most ``max_log_q_mb``: documents are sampled uniformly beyond that, which keeps every
   position equally likely) and runs ``privtext.audit.mpl.estimate_pbmpl`` with the GloVe
   distance and, as ``pi``, the prior the attacker held: the secrets' base rate in its training
   split for a learned attacker, the public prior (``public_log_prior``) for ``exact-em`` and
   ``exact-linked``.
5. One ``audit`` row per tier is validated (great-expectations) and published atomically: a new
   table goes through a staging folder and a rename (``pipelines/io.py``); rows added to an
   existing Delta table are one Delta commit. ``OUTPUT/report.md`` shows the figures with PNG
   plots (mPL histogram per tier with the target; calibration).

Sensitivity: the attacker checkpoints were trained on ORIGINAL words of the training documents
(they can emit them): keep them with the operator, like the ``tokens`` table. The ``audit``
table and the report hold only numbers. Nothing here logs or prints a word.
"""

from __future__ import annotations

import json
import logging
import math
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import numpy as np
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from pipelines import contracts
from pipelines.io import (
    delete_path,
    path_exists,
    publish,
    read_corpus,
    read_table,
    staging_path,
    write_table,
)
from pipelines.sanitize import remap_prior_of, remap_table_of
from privtext.config import RunConfig, config_from_manifest
from privtext.embeddings import CandidateSet, load_embeddings_cached
from privtext.errors import ConfigError
from schemas.tables import AUDIT_PRIOR_VALUES, TABLES, struct_type
from udfs.audit import EXACT_KINDS, UNIT_COLUMNS, ScorerSpec, audit_udf, restrict_to_vocab

log = logging.getLogger("privtext.audit")

ATTACKER_CHOICES = ("rnn", "lstm", "transformer", "exact-em", "exact-linked")
#: The prior ``pi`` of ``PL``: ``base-rate`` (the secrets' base rate in the attacker's training
#: split; the public prior for the exact attackers) or ``context`` (per position, the same
#: learned attacker's belief with the tier's released words hidden).
PRIOR_CHOICES = AUDIT_PRIOR_VALUES
TIERS = ("PII", "PoII")


def tier_delta(delta: float | dict[str, float], tier: str) -> float:
    """A tier's PBmPL ``delta``: one number for every tier, or ``{tier: delta}``."""
    return float(delta[tier]) if isinstance(delta, dict) else float(delta)


def check_delta(delta: float | dict[str, float], name: str, allow_one: bool) -> None:
    """Raise ConfigError unless ``delta`` (one number, or one per tier for every tier) is in
    ``(0, 1)``, or ``(0, 1]`` with ``allow_one``."""
    values = [delta.get(t) for t in TIERS] if isinstance(delta, dict) else [delta]
    for v in values:
        x = float(v) if isinstance(v, int | float) and not isinstance(v, bool) else math.nan
        if not (0.0 < x < 1.0 or (allow_one and x == 1.0)):
            raise ConfigError(
                f"{name} must be in (0, 1{']' if allow_one else ')'} for every tier, got {delta!r}"
            )


@dataclass
class AuditOptions:
    """What one audit run does (the CLI fills it; every field has a flag).

    Attributes:
        release: the sanitize output folder (written with keep_intermediates).
        attacker: ``rnn``, ``lstm``, ``transformer``, ``exact-em`` (the exact single-word
            posterior) or ``exact-linked`` (the exact posterior of all mentions of a secret in
            a document read together; ``udfs.audit.ExactEmScorer``).
        samples: ``S``, triplets per tier.
        delta: the PBmPL target ``delta``: one number, or ``{tier: delta}``.
        target_eps: per tier ``eps_l^target``; default: the release's own ``eps_l``.
        train_corpus: a corpus to train the attacker on (tagged with the release's
            configuration); default: a held-out share of the release's documents.
        seed: split, training and triplet sampling seed.
        output: folder of the report and checkpoints (default: ``RELEASE/audit``).
        table: the ``audit`` Delta table (default: ``OUTPUT/audit``).
        mode: ``error`` (refuse an existing table), ``overwrite`` or ``append``.
        distributor: train with ``pyspark.ml.torch.distributor.TorchDistributor`` (local mode,
            one process) instead of in the driver process.
        train_share: share of the release's documents used for training.
        train_copies: re-perturbations of each training document.
        train: ``privtext.audit.attackers.TrainConfig`` overrides (epochs, hidden, ...).
        tiers: the tiers to audit.
        prior: the prior of ``PL`` (:data:`PRIOR_CHOICES`). ``context`` trains the attacker
            with the released words also hidden (``TrainConfig.context_prior``) and subtracts,
            per position, its log-odds with them hidden: ``PL`` then counts what the released
            words add to the clear context, not what the context says by itself.
        max_log_q_mb: memory budget of the collected posteriors on the driver.
        torch_threads: torch threads (driver training and each executor's inference).
        report: write ``report.md`` and the plots.
        progress: called with one line of progress (numbers only, never words).
    """

    release: str
    attacker: str = "lstm"
    samples: int = 10_000
    delta: float | dict[str, float] = 0.05
    target_eps: dict[str, float] | None = None
    train_corpus: str | None = None
    seed: int = 0
    output: str | None = None
    table: str | None = None
    mode: str = "error"
    distributor: bool = False
    train_share: float = 0.5
    train_copies: int = 4
    train: dict[str, Any] = field(default_factory=dict)
    tiers: tuple[str, ...] = TIERS
    prior: str = "base-rate"
    max_log_q_mb: int = 512
    torch_threads: int = 1
    report: bool = True
    progress: Callable[[str], None] | None = None

    def check(self) -> AuditOptions:
        if self.attacker not in ATTACKER_CHOICES:
            raise ConfigError(f"attacker must be one of {ATTACKER_CHOICES}, got {self.attacker!r}")
        if isinstance(self.samples, bool) or int(self.samples) < 1:
            raise ConfigError(f"samples must be an integer >= 1, got {self.samples!r}")
        check_delta(self.delta, "delta", allow_one=True)
        if self.mode not in ("error", "overwrite", "append"):
            raise ConfigError(f"mode must be error, overwrite or append, got {self.mode!r}")
        if not (0.0 < float(self.train_share) < 1.0):
            raise ConfigError(f"train_share must be in (0, 1), got {self.train_share!r}")
        if int(self.train_copies) < 1:
            raise ConfigError(f"train_copies must be >= 1, got {self.train_copies!r}")
        if self.prior not in PRIOR_CHOICES:
            raise ConfigError(f"prior must be one of {PRIOR_CHOICES}, got {self.prior!r}")
        if self.prior == "context" and self.attacker in EXACT_KINDS:
            raise ConfigError(
                f"prior 'context' needs a learned attacker (rnn, lstm, transformer): the "
                f"{self.attacker} posterior reads no context, its prior is the public one"
            )
        bad = [t for t in self.tiers if t not in TIERS]
        if bad or not self.tiers:
            raise ConfigError(f"tiers must be among {TIERS}, got {self.tiers!r}")
        for tier, eps in (self.target_eps or {}).items():
            if tier not in TIERS or not (math.isfinite(eps) and eps > 0):
                raise ConfigError(f"target_eps[{tier!r}] must be a finite number > 0, got {eps!r}")
        return self


@dataclass
class TierAudit:
    """The audit of one tier, with what the report and AmPL need."""

    tier: str
    stats: Any  # privtext.audit.mpl.AuditStats
    row: dict[str, Any]
    secret_vocab: list[str]
    calibration: dict[str, float] | None
    checkpoint: str | None
    log_post: np.ndarray
    true_index: np.ndarray
    train_positions: int = 0
    sampled_fraction: float = 1.0
    log_prior: np.ndarray | None = None  # [V] or, for the context prior, [n_positions, V]


@dataclass
class AuditResult:
    run_id: str
    release_run_id: str
    output: str
    table: str
    tiers: dict[str, TierAudit]
    rows: list[dict[str, Any]]
    report: str | None
    durations: dict[str, float]
    release: ReleaseInfo | None = None


@dataclass
class ReleaseInfo:
    """What the audit reads from a release."""

    path: str
    run_id: str
    cfg: RunConfig
    mechanism: dict[str, Any]
    tier_eps: dict[str, float]
    cands: CandidateSet
    fmt: str


def new_audit_id() -> str:
    import uuid

    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ") + "-audit-" + uuid.uuid4().hex[:8]


def _say(opts: AuditOptions, line: str) -> None:
    log.info(line)
    if opts.progress is not None:
        opts.progress(line)


# -- reading a release -------------------------------------------------------------------------
def _table_format(spark: SparkSession, path: str) -> str:
    return "delta" if path_exists(spark, path.rstrip("/") + "/_delta_log") else "parquet"


def corpus_words(originals: list[str]) -> list[str]:
    """Normalised word tokens of the given originals (a token, or a pattern span's text)."""
    from privtext.tokenizer import tokenize

    out: set[str] = set()
    for text in originals:
        if text:
            out.update(tokenize(text).norms)
    return sorted(out)


def rebuild_candidates(
    spark: SparkSession, release: str, cfg: RunConfig, fingerprint: str | None
) -> CandidateSet:
    """The release's candidate set ``C``, rebuilt as the sanitize run built it.

    ``C`` = the ``candidates`` most frequent embedding words plus (``include_corpus_words``) the
    corpus's own words. Those come from the release's ``tokens`` table (every token is recorded
    with keep_intermediates; a pattern span's words by tokenizing its text). The result must
    have the fingerprint the manifest recorded.

    Raises:
        ConfigError: the rebuilt set differs from the recorded one.
    """
    emb = load_embeddings_cached(cfg.perturb.embeddings)
    extra: list[str] = []
    if cfg.perturb.include_corpus_words:
        tokens = read_table(spark, f"{release}/tokens")
        rows = tokens.select("original").distinct().collect()
        extra = corpus_words([r.original for r in rows])
    cands = CandidateSet.build(emb, cfg.perturb.candidates, extra_words=extra)
    if fingerprint and cands.fingerprint != fingerprint:
        raise ConfigError(
            f"cannot rebuild the candidate set of release {release!r}: fingerprint "
            f"{cands.fingerprint[:16]} != recorded {fingerprint[:16]}"
        )
    return cands


def read_release(spark: SparkSession, release: str) -> ReleaseInfo:
    """Manifest, tier budgets and candidate set of a sanitize release.

    Raises:
        ConfigError: not a sanitize output, or written without ``--keep-intermediates``.
    """
    release = release.rstrip("/")
    if not path_exists(spark, f"{release}/manifest"):
        raise ConfigError(f"release {release!r} has no manifest: not a sanitize output")
    if not path_exists(spark, f"{release}/tokens"):
        raise ConfigError(
            f"release {release!r} has no tokens table: audit needs a release written with "
            "--keep-intermediates (the originals of the perturbed words)"
        )
    fmt = _table_format(spark, f"{release}/manifest")
    man = read_table(spark, f"{release}/manifest", fmt).first()
    if man is None or not man.mechanism_json:
        raise ConfigError(f"release {release!r}: manifest without a mechanism record")
    cfg = config_from_manifest(man.config_json)
    mech = json.loads(man.mechanism_json)
    tier_eps = {t: float(mech["tiers"][t]["epsilon"]) for t in TIERS if t in mech["tiers"]}
    cands = rebuild_candidates(spark, release, cfg, man.candidates_fingerprint)
    return ReleaseInfo(release, man.run_id, cfg, mech, tier_eps, cands, fmt)


def train_split_expr(seed: int, share: float):
    """Spark column: True for the documents of the attacker-training part.

    ``u = int(sha256("<seed>:<doc_id>")[:8], 16) / 2^32 < share`` (see :func:`is_training_doc`).
    """
    h = F.sha2(F.concat(F.lit(f"{int(seed)}:"), F.col("doc_id")), 256)
    u = F.conv(F.substring(h, 1, 8), 16, 10).cast("double") / float(2**32)
    return u < F.lit(float(share))


def is_training_doc(doc_id: str, seed: int, share: float) -> bool:
    """The split of :func:`train_split_expr`, in plain Python."""
    import hashlib

    h = hashlib.sha256(f"{int(seed)}:{doc_id}".encode()).hexdigest()
    return int(h[:8], 16) / 2**32 < share


def doc_units(tokens: DataFrame) -> DataFrame:
    """One row per document: ``doc_id`` and a ``units`` struct of position-sorted arrays."""
    s = F.sort_array(F.collect_list(F.struct(*[F.col(c) for c in UNIT_COLUMNS])))
    g = tokens.groupBy("doc_id").agg(s.alias("u"))
    return g.select(
        "doc_id", F.struct(*[F.col(f"u.{c}").alias(c) for c in UNIT_COLUMNS]).alias("units")
    )


# -- training data -----------------------------------------------------------------------------
def _train_key(seed: int) -> bytes:
    """Noise key of the training re-perturbation: not the release's key (which the audit
    never reads), derived from the seed so that an audit is reproducible. The training pairs
    hold original words anyway: this key protects nothing and needs no secrecy."""
    import hashlib

    return hashlib.sha256(f"privtext-audit-train:{int(seed)}".encode()).digest()


def reconstruct_text(starts: list[int], ends: list[int], originals: list[str]) -> str:
    """A document's text rebuilt from its ``tokens`` rows: every unit's ORIGINAL text at its
    offsets, spaces in between. The tokenizer finds exactly the same tokens in it (tokens are
    maximal runs of letters and digits; a pattern span is recorded whole), so the tags' offsets
    and the sanitize kernel see the document as the release did, up to punctuation."""
    n = max(ends) if ends else 0
    buf = [" "] * n
    for a, b, text in zip(starts, ends, originals, strict=True):
        if text is not None and len(text) == b - a:
            buf[a:b] = list(text)
    return "".join(buf)


@dataclass
class TrainingDocs:
    """The attacker's training documents: ``(doc_id, text)`` and the tagger's spans."""

    docs: list[tuple[str, str]]
    spans: list[list[Any]]


def _release_training_docs(spark: SparkSession, info: ReleaseInfo, flag: Any) -> TrainingDocs:
    from privtext.tagging.base import Span

    tokens = read_table(spark, f"{info.path}/tokens", info.fmt).where(flag)
    rows = (
        tokens.groupBy("doc_id")
        .agg(F.sort_array(F.collect_list(F.struct("start", "end", "original"))).alias("u"))
        .collect()
    )
    tags = read_table(spark, f"{info.path}/tags", info.fmt).where(flag).collect()
    by_doc: dict[str, list[Any]] = {}
    for t in tags:
        by_doc.setdefault(t.doc_id, []).append(
            Span(int(t.start), int(t.end), str(t.entity_type), float(t.score), str(t.source))
        )
    docs, spans = [], []
    for r in sorted(rows, key=lambda r: r.doc_id):
        text = reconstruct_text(
            [u.start for u in r.u], [u.end for u in r.u], [u.original for u in r.u]
        )
        docs.append((r.doc_id, text))
        spans.append(sorted(by_doc.get(r.doc_id, []), key=lambda s: (s.start, -s.end)))
    return TrainingDocs(docs, spans)


def _corpus_training_docs(spark: SparkSession, info: ReleaseInfo, path: str) -> TrainingDocs:
    from pipelines.ingest import split_valid
    from privtext.audit.data import tag_documents
    from privtext.tagging.registry import build_tagger

    cfg = info.cfg
    fmt = cfg.model_copy(
        update={"input": cfg.input.model_copy(update={"path": path, "format": None})}
    )
    corpus = read_corpus(spark, path, fmt.resolved_input_format(), cfg.input.id_col,
                         cfg.input.text_col)  # fmt: skip
    valid, _ = split_valid(corpus, cfg.input.max_text_chars, "audit-train")
    docs = sorted((str(r.id), str(r.text)) for r in valid.select("id", "text").collect())
    spans = tag_documents(docs, build_tagger(cfg.tagging.tagger_spec()))
    return TrainingDocs(docs, [list(s) for s in spans])


def split_release(
    spark: SparkSession, info: ReleaseInfo, opts: AuditOptions
) -> tuple[TrainingDocs, DataFrame]:
    """(the attacker's training documents, the audited documents' ``tokens`` rows)."""
    cols = ["doc_id", *UNIT_COLUMNS]
    tokens = read_table(spark, f"{info.path}/tokens", info.fmt)
    if opts.train_corpus is not None:
        return _corpus_training_docs(spark, info, opts.train_corpus), tokens.select(*cols)
    if not path_exists(spark, f"{info.path}/tags"):
        raise ConfigError(f"release {info.path!r} has no tags table (--keep-intermediates)")
    flag = train_split_expr(opts.seed, opts.train_share)
    return _release_training_docs(spark, info, flag), tokens.where(~flag).select(*cols)


def training_remap(info: ReleaseInfo) -> dict[str, np.ndarray] | None:
    """The release's Bayesian remap tables, ``{tier: int64 [|C|]}``, or None when the release
    is not remapped: the training pairs must be remapped the same way, or the attacker learns
    raw mechanism outputs and then reads remapped ones (the same tables as the sanitize run:
    ``pipelines.sanitize.build_remap_artifacts``, from the same cache)."""
    p = info.cfg.perturb
    if not p.remap:
        return None
    return {
        t: np.asarray(
            remap_table_of(
                info.cands, t, info.tier_eps[t], p.remap_prior, p.perturb_all_words
            ).table,
            dtype=np.int64,
        )
        for t in TIERS
    }


def _perturb_training(train: TrainingDocs, info: ReleaseInfo, tier: str, opts: AuditOptions
                      ) -> list[Any]:  # fmt: skip
    """The training pairs: ``train_copies`` re-perturbations of the training documents with
    the release's mechanism, tier budgets, candidate set and remapping, under keys unrelated
    to the release's (:func:`_train_key`)."""
    import hashlib

    from privtext.audit.data import perturb_examples
    from privtext.tagging.policy import TierPolicy

    if not train.docs:
        return []
    p = info.cfg.perturb
    eps = float(p.epsilon or 0.0)
    alpha = {t: info.tier_eps[t] / eps for t in TIERS}
    policy = TierPolicy.load(info.cfg.tagging.policy)
    out: list[Any] = []
    base = _train_key(opts.seed)
    remap = training_remap(info)
    for copy in range(int(opts.train_copies)):
        key = hashlib.sha256(base + copy.to_bytes(4, "little")).digest()
        exs = perturb_examples(
            train.docs, tier, key, epsilon=eps, alpha=alpha, cands=info.cands,
            spans=train.spans, mechanism=p.mechanism, policy=policy,
            perturb_all_words=p.perturb_all_words, consistent_mentions=p.consistent_mentions,
            remap=remap,
        )  # fmt: skip
        out.extend(exs)  # copies keep their doc_id: the validation split stays by document
    return out


# -- training ----------------------------------------------------------------------------------
def _train_config(opts: AuditOptions):
    from privtext.audit.attackers import TrainConfig

    return TrainConfig(
        kind=opts.attacker,
        seed=int(opts.seed),
        **{"context_prior": opts.prior == "context", **opts.train},
    )


def _train_in_process(examples: list[Any], cfg: Any, vocab: list[str], out_dir: str) -> str:
    from privtext.audit.attackers import train_attacker

    model = train_attacker(examples, cfg, secret_vocab=vocab)
    model.save(out_dir)
    return out_dir


def train_tier_attacker(
    examples: list[Any], vocab: list[str], out_dir: str, opts: AuditOptions
) -> Any:
    """Train, calibrate and save one tier's attacker; return the reloaded checkpoint."""
    import torch

    from privtext.audit.attackers import TrainedAttacker

    torch.set_num_threads(max(1, int(opts.torch_threads)))
    cfg = _train_config(opts)
    if os.path.exists(out_dir):
        shutil.rmtree(out_dir)
    if opts.distributor:
        from pyspark.ml.torch.distributor import TorchDistributor

        dist = TorchDistributor(num_processes=1, local_mode=True, use_gpu=False)
        dist.run(_train_in_process, examples, cfg, vocab, out_dir)
    else:
        _train_in_process(examples, cfg, vocab, out_dir)
    return TrainedAttacker.load(out_dir)


# -- inference and estimation ------------------------------------------------------------------
def _ship_dir(spark: SparkSession, src: str, artifacts: str, name: str) -> str:
    """Copy ``src`` to a uniquely named artifact folder and ship it; return ``sparkfiles:``."""
    dst = os.path.join(artifacts, name)
    shutil.copytree(src, dst)
    spark.sparkContext.addFile(dst, recursive=True)
    return "sparkfiles:" + name


def collect_log_q(
    audited: DataFrame, spec: ScorerSpec, vocab_size: int, max_mb: int, seed: int
) -> tuple[np.ndarray, np.ndarray, float, np.ndarray | None]:
    """Run the audit UDF over the audited documents.

    Returns:
        ``(log_post, true_index, fraction, log_prior)``: ``log_prior`` is the context prior
        ``[n_positions, V]`` with ``spec.context_prior``, else None. Documents are sampled
        (Bernoulli, ``fraction``) when all positions' rows would exceed ``max_mb``: every
        position is then kept with the same probability.
    """
    units = doc_units(audited)
    n_units = audited.where(
        (F.col("tier") == spec.tier) & (F.col("operator") == F.lit("mechanism"))
    ).count()
    per_row = 4 * max(vocab_size, 1) * (2 if spec.context_prior else 1)
    budget_rows = max(1, int(max_mb) * 1024 * 1024 // per_row)
    fraction = min(1.0, budget_rows / max(n_units, 1))
    if fraction < 1.0:
        units = units.sample(withReplacement=False, fraction=fraction, seed=int(seed))
    scored = units.select(audit_udf(spec)(F.col("doc_id"), F.col("units")).alias("r")).select("r.*")
    rows = scored.where(F.size("positions") > 0).collect()
    rows = [r for r in rows if len(r.log_q)]
    if not rows:
        empty = np.zeros((0, vocab_size), np.float32)
        return empty, np.zeros(0, np.int64), fraction, empty if spec.context_prior else None
    log_q = np.concatenate([np.asarray(r.log_q, dtype=np.float32) for r in rows])
    true = np.concatenate([np.asarray(r.true_index, dtype=np.int64) for r in rows])
    prior = None
    if spec.context_prior:
        prior = np.concatenate([np.asarray(r.log_q0, dtype=np.float32) for r in rows])
        prior = prior.reshape(-1, vocab_size)
    return log_q.reshape(-1, vocab_size), true, fraction, prior


def tier_vocabulary(emb: Any, examples: list[Any], audited_secrets: list[str]) -> list[str]:
    """The tier's secret vocabulary: the training secrets (``privtext.audit.data
    .secret_vocabulary``, most frequent first) then the audited ones not among them, keeping
    only words with an embedding (a secret without one was drawn uniformly: no distance)."""
    from privtext.audit.data import secret_vocabulary

    words = secret_vocabulary(examples) + sorted(set(audited_secrets))
    words = list(dict.fromkeys(w for w in words if w))
    ok = emb.lookup(words) >= 0 if words else np.zeros(0, dtype=bool)
    return [w for w, keep in zip(words, ok.tolist(), strict=True) if keep]


def _audited_secrets(audited: DataFrame, tier: str) -> list[str]:
    rows = (
        audited.where((F.col("tier") == tier) & (F.col("operator") == "mechanism"))
        .select(F.lower(F.col("original")).alias("w"))
        .distinct()
        .collect()
    )
    from privtext.tokenizer import normalise

    return sorted({normalise(r.w) for r in rows if r.w})


def _none_if_nan(v: Any) -> Any:
    return None if isinstance(v, float) and not math.isfinite(v) else v


def audit_tier(
    spark: SparkSession,
    info: ReleaseInfo,
    opts: AuditOptions,
    tier: str,
    train: TrainingDocs,
    audited: DataFrame,
    artifacts: str,
    out_dir: str,
    run_id: str,
) -> TierAudit:
    """Train (unless exact), score the audited documents and estimate PBmPL for one tier."""
    from privtext.audit.data import empirical_log_prior
    from privtext.audit.mpl import distance_fn, distance_matrix, estimate_pbmpl
    from privtext.mechanisms.remap import public_log_prior

    emb = load_embeddings_cached(info.cfg.perturb.embeddings)
    audited_secrets = _audited_secrets(audited, tier)
    t0 = time.perf_counter()
    calibration = None
    checkpoint = None
    train_positions = 0
    if opts.attacker in EXACT_KINDS:
        if info.mechanism.get("label") not in ("em", "em+remap"):
            raise ConfigError(
                f"attacker {opts.attacker} needs a release of the plain exponential mechanism "
                f"(every mention drawn, remapped or not), got {info.mechanism.get('label')!r}"
            )
        remap_prior, remap_tier = "", ""
        if info.cfg.perturb.remap:
            remap_prior, prior_tier = remap_prior_of(
                tier, info.cfg.perturb.remap_prior, info.cfg.perturb.perturb_all_words
            )
            remap_tier = prior_tier or ""
        vocab = tier_vocabulary(emb, [], audited_secrets)
        cand_file = os.path.join(artifacts, f"candidates-{info.cands.fingerprint[:16]}.npz")
        if not os.path.exists(cand_file):
            info.cands.save(cand_file)
            spark.sparkContext.addFile(cand_file)
        spec = ScorerSpec(
            kind=opts.attacker,
            tier=tier,
            secret_vocab=tuple(vocab),
            embeddings=info.cfg.perturb.embeddings,
            candidates_path="sparkfiles:" + os.path.basename(cand_file),
            eps=info.tier_eps[tier],
            torch_threads=opts.torch_threads,
            remap_prior=remap_prior,
            remap_tier=remap_tier,
        )
        train_seconds = 0.0
        log_prior = public_log_prior(vocab)  # the prior the exact posterior is computed with
    else:
        examples = _perturb_training(train, info, tier, opts)
        vocab = tier_vocabulary(emb, examples, audited_secrets)
        index = {w: i for i, w in enumerate(vocab)}
        examples = [ex for ex in restrict_to_vocab(examples, index) if ex.positions]
        train_positions = sum(len(ex.positions) for ex in examples)
        if not examples or len(vocab) < 2:
            raise ConfigError(
                f"tier {tier}: too few perturbed words to train an attacker "
                f"({train_positions} positions, {len(vocab)} secrets)"
            )
        checkpoint = os.path.join(out_dir, f"attacker-{tier}")
        _say(opts, f"  [{tier}] training {opts.attacker} on {train_positions} positions, "
             f"{len(vocab)} secrets")  # fmt: skip
        model = train_tier_attacker(examples, vocab, checkpoint, opts)
        calibration = {k: float(v) for k, v in (model.calibration or {}).items()}
        train_seconds = time.perf_counter() - t0
        shipped = _ship_dir(spark, checkpoint, artifacts, f"attacker-{tier}-{run_id}")
        spec = ScorerSpec(
            kind="attacker",
            tier=tier,
            path=shipped,
            torch_threads=opts.torch_threads,
            context_prior=opts.prior == "context",
        )
        vocab = list(model.secret_vocab)
        # PL subtracts the prior the attacker held before reading y: for a learned attacker,
        # the base rate of the secrets in its training split (a public prior that differs from
        # it would add leakage no release caused; privtext.audit.data.empirical_log_prior)
        log_prior = empirical_log_prior(examples, vocab)
    t1 = time.perf_counter()
    log_post, true_index, fraction, context_prior = collect_log_q(
        audited, spec, len(vocab), opts.max_log_q_mb, opts.seed
    )
    if context_prior is not None:
        # per position, the attacker's own belief with the released words hidden (float64;
        # a log-probability of exactly 0 is floored so the prior stays finite)
        log_prior = np.maximum(context_prior.astype(np.float64), -1e30)
    if log_post.shape[0] == 0:
        raise ConfigError(f"tier {tier}: no audited position (no perturbed word of this tier)")
    vecs = emb.vectors[emb.lookup(vocab)].astype(np.float64)
    dist = distance_matrix(vecs) if len(vocab) <= 3000 else distance_fn(vecs)
    target = (opts.target_eps or {}).get(tier, info.tier_eps[tier])
    stats = estimate_pbmpl(
        log_post,
        true_index,
        log_prior,
        dist,
        target_eps=target,
        samples=int(opts.samples),
        delta=tier_delta(opts.delta, tier),
        rng=np.random.default_rng([int(opts.seed), TIERS.index(tier)]),
        tier=tier,
    )
    audit_seconds = time.perf_counter() - t1
    row = {k: _none_if_nan(v) for k, v in stats.as_row().items()}
    row.update(
        {
            "attacker": opts.attacker,
            "prior": opts.prior,
            "ece_before": _none_if_nan((calibration or {}).get("ece_before")),
            "ece_after": _none_if_nan((calibration or {}).get("ece_after")),
            "train_seconds": float(train_seconds),
            "audit_seconds": float(audit_seconds),
        }
    )
    for q in ("mpl_p50", "mpl_p90", "mpl_p99", "mpl_max"):
        if row[q] is None:  # every sampled mPL infinite: report it as such
            row[q] = math.inf
    return TierAudit(
        tier,
        stats,
        row,
        vocab,
        calibration,
        checkpoint,
        log_post,
        true_index,
        train_positions,
        fraction,
        log_prior,
    )


# -- table -------------------------------------------------------------------------------------
def audit_frame(spark: SparkSession, rows: list[dict[str, Any]]) -> DataFrame:
    cols = [c.name for c in TABLES["audit"]]
    return spark.createDataFrame([{c: r.get(c) for c in cols} for r in rows], struct_type("audit"))


def publish_rows(
    spark: SparkSession, df: DataFrame, table: str, name: str, mode: str, run_id: str
) -> None:
    """Validate ``df`` against the ``name`` contract, then publish it at ``table``.

    A new (or overwritten) table is written to a staging folder and renamed into place
    (``pipelines/io.py``); ``append`` to an existing Delta table is a single Delta commit, also
    all-or-nothing.

    Raises:
        ConfigError: the table exists and ``mode`` is ``error``.
        ContractError: the rows fail their contract.
    """
    table = table.rstrip("/")
    exists = path_exists(spark, table)
    if exists and mode == "error":
        raise ConfigError(f"table {table!r} already exists; pass --mode append or overwrite")
    contracts.validate_tables({name: df}, contracts.audit_extra_expectations(name), "fail")
    if exists and mode == "append":
        df.write.format("delta").mode("append").save(table)
        return
    staging = staging_path(table, run_id)
    try:
        write_table(df, staging, "delta")
        publish(spark, staging, table, "overwrite" if exists else "error", run_id)
    finally:
        delete_path(spark, staging)


# -- report ------------------------------------------------------------------------------------
def reliability(log_post: np.ndarray, true_index: np.ndarray, bins: int = 10) -> dict[str, Any]:
    """Top-1 reliability of the posteriors on the audited positions.

    Returns bin edges, mean confidence, accuracy and count per bin, and the expected
    calibration error ``sum_b n_b / n |acc_b - conf_b|``.
    """
    from scipy.special import logsumexp

    lp = np.asarray(log_post, dtype=np.float64)
    if lp.shape[0] == 0:
        return {"edges": [], "conf": [], "acc": [], "count": [], "ece": math.nan}
    lp = lp - logsumexp(lp, axis=1, keepdims=True)
    conf = np.exp(lp.max(axis=1))
    hit = (lp.argmax(axis=1) == np.asarray(true_index)).astype(np.float64)
    edges = np.linspace(0.0, 1.0, bins + 1)
    which = np.clip(np.digitize(conf, edges[1:-1]), 0, bins - 1)
    count = np.bincount(which, minlength=bins).astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        mconf = np.bincount(which, conf, minlength=bins) / count
        acc = np.bincount(which, hit, minlength=bins) / count
    ok = count > 0
    ece = float(np.sum(count[ok] / count.sum() * np.abs(acc[ok] - mconf[ok])))
    return {"edges": edges.tolist(), "conf": mconf.tolist(), "acc": acc.tolist(),
            "count": count.astype(int).tolist(), "ece": ece}  # fmt: skip


def _plot_mpl(path: str, results: dict[str, TierAudit]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(results), figsize=(5.5 * len(results), 3.6), squeeze=False)
    for ax, (tier, ta) in zip(axes[0], results.items(), strict=True):
        vals = np.asarray(ta.stats.mpl_values, dtype=np.float64)
        finite = vals[np.isfinite(vals)]
        target = float(ta.stats.target_eps)
        top = max(float(np.quantile(finite, 0.995)) if finite.size else target, target) * 1.1
        ax.hist(np.clip(finite, 0, top), bins=60, color="#4a7bb7")
        ax.axvline(target, color="#c0392b", linestyle="--", label=f"target eps = {target:g}")
        ax.set_title(f"{tier}: mPL of {vals.size} sampled triplets")
        ax.set_xlabel("mPL (clipped at the 99.5% quantile)")
        ax.set_ylabel("triplets")
        ax.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _plot_calibration(path: str, rel: dict[str, dict[str, Any]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(rel), figsize=(4.2 * len(rel), 3.8), squeeze=False)
    for ax, (tier, r) in zip(axes[0], rel.items(), strict=True):
        ax.plot([0, 1], [0, 1], color="grey", linewidth=0.8)
        conf = np.asarray(r["conf"], dtype=np.float64)
        acc = np.asarray(r["acc"], dtype=np.float64)
        ok = np.isfinite(conf) & np.isfinite(acc)
        ax.plot(conf[ok], acc[ok], marker="o", color="#4a7bb7")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_title(f"{tier}: top-1 reliability (ECE {r['ece']:.3f})")
        ax.set_xlabel("confidence of the top secret")
        ax.set_ylabel("accuracy")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _fmt(v: Any, spec: str = ".4g") -> str:
    if v is None:
        return "n/a"
    if isinstance(v, float) and not math.isfinite(v):
        return "inf" if v > 0 else "n/a"
    return format(v, spec)


def write_audit_report(
    output: str,
    run_id: str,
    info: ReleaseInfo,
    opts: AuditOptions,
    results: dict[str, TierAudit],
    rows: list[dict[str, Any]],
    table: str,
) -> str:
    """``OUTPUT/report.md`` with ``mpl_hist.png`` and ``calibration.png`` (numbers only)."""
    _plot_mpl(os.path.join(output, "mpl_hist.png"), results)
    rel = {t: reliability(ta.log_post, ta.true_index) for t, ta in results.items()}
    _plot_calibration(os.path.join(output, "calibration.png"), rel)
    by_tier = {r["tier"]: r for r in rows}
    lines = [
        f"# mPL audit {run_id}",
        "",
        f"- release: `{info.path}` (run `{info.run_id}`, mechanism `{info.mechanism.get('label')}`,"
        f" eps {info.mechanism.get('epsilon')}, |C| = {len(info.cands)})",
        f"- attacker: `{opts.attacker}`; samples S = {opts.samples} per tier; delta = {opts.delta};"
        f" seed {opts.seed}",
        "- training: "
        + (
            {
                "exact-em": "none (exact single-word EM posterior)",
                "exact-linked": "none (exact EM posterior of all mentions of a secret in a "
                "document read together)",
            }[opts.attacker]  # fmt: skip
            if opts.attacker in EXACT_KINDS
            else (
                f"corpus `{opts.train_corpus}`"
                if opts.train_corpus
                else f"{opts.train_share:.0%} of the release's documents (sha256 split), "
                f"re-perturbed {opts.train_copies} times with the same mechanism and budgets "
                "and another key; the audited documents were never trained on"
            )
        ),  # fmt: skip
        f"- prior pi: `{opts.prior}` ("
        + (
            "per position, the attacker's own belief with the tier's released words hidden: "
            "PL counts what the released words add to the clear context"
            if opts.prior == "context"
            else "the public prior of the exact posterior"
            if opts.attacker in EXACT_KINDS
            else "the secrets' base rate in the training split"
        )
        + ")",
        f"- table: `{table}`",
        "",
        "| tier | target eps | violation ratio | log10 bound | top-1 | positions | secrets |"
        " mPL p50 / p90 / p99 / max | ECE before / after (val) | ECE (audited) | train s |"
        " audit s |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for tier, ta in results.items():
        r = by_tier[tier]
        lines.append(
            f"| {tier} | {_fmt(r['target_eps'])} | {r['violation_ratio']:.4f} "
            f"({r['violations']}/{r['samples']}) | {_fmt(r['log10_bound'])} | "
            f"{_fmt(r['top1_accuracy'], '.3f')} | {r['n_positions']} | {len(ta.secret_vocab)} | "
            f"{_fmt(r['mpl_p50'])} / {_fmt(r['mpl_p90'])} / {_fmt(r['mpl_p99'])} / "
            f"{_fmt(r['mpl_max'])} | {_fmt(r['ece_before'], '.3f')} / "
            f"{_fmt(r['ece_after'], '.3f')} | {_fmt(rel[tier]['ece'], '.3f')} | "
            f"{r['train_seconds']:.1f} | {r['audit_seconds']:.1f} |"
        )
    lines += [
        "",
        "![mPL per tier](mpl_hist.png)",
        "",
        "![calibration](calibration.png)",
        "",
        "How to read it: a triplet `(x_i, x_j, y)` violates when `|ln q(x_i|y)/q(x_j|y) - "
        "ln pi(x_i)/pi(x_j)| / d(x_i, x_j)` exceeds the target; the violation ratio estimates "
        "`Pr[mPL > target]` (METHODS.md). The log10 bound is `log10 Pr[p > delta]` by "
        "Hoeffding, `n/a` when the ratio is not below delta. Top-1 is the share of audited "
        "positions whose most probable secret is the original word.",
    ]
    if any(ta.sampled_fraction < 1.0 for ta in results.values()):
        lines.append(
            "Posteriors were collected for a uniform sample of documents (memory budget): "
            + ", ".join(f"{t} {ta.sampled_fraction:.3f}" for t, ta in results.items())
        )
    path = os.path.join(output, "report.md")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    return path


# -- the job -----------------------------------------------------------------------------------
def run_audit(spark: SparkSession, opts: AuditOptions, run_id: str | None = None) -> AuditResult:
    """Audit a release: train per tier, score, estimate, publish the table, write the report.

    Raises:
        ConfigError: bad options, a release without tokens, an existing table (mode error).
        ContractError: the audit rows failed their contract.
    """
    opts.check()
    run_id = run_id or new_audit_id()
    started = time.perf_counter()
    release = opts.release.rstrip("/")
    output = (opts.output or f"{release}/audit").rstrip("/")
    table = (opts.table or f"{output}/audit").rstrip("/")
    if path_exists(spark, table) and opts.mode == "error":
        raise ConfigError(f"table {table!r} already exists; pass --mode append or overwrite")
    info = read_release(spark, release)
    for tier in opts.tiers:
        if tier not in info.tier_eps:
            raise ConfigError(f"release {release!r} records no budget for tier {tier}")
    os.makedirs(output, exist_ok=True)
    artifacts = tempfile.mkdtemp(prefix=f"privtext-{run_id}-")
    durations: dict[str, float] = {}
    try:
        t = time.perf_counter()
        train, audited = split_release(spark, info, opts)
        audited = audited.persist()
        n_audited = audited.select("doc_id").distinct().count()
        durations["split"] = time.perf_counter() - t
        _say(opts, f"audit {run_id}: release {info.run_id}, attacker {opts.attacker}, "
             f"{len(train.docs)} training documents, {n_audited} audited")  # fmt: skip
        results: dict[str, TierAudit] = {}
        for tier in opts.tiers:
            ta = audit_tier(spark, info, opts, tier, train, audited, artifacts, output, run_id)
            results[tier] = ta
            r = ta.row
            bound = "n/a" if r["log10_bound"] is None else f"{r['log10_bound']:.4g}"
            _say(opts, f"  [{tier}] violation ratio {r['violation_ratio']:.4f} "
                 f"(target eps {r['target_eps']:g}, S {r['samples']}), log10 bound {bound}, "
                 f"top-1 {r['top1_accuracy']:.3f}, positions {r['n_positions']}")  # fmt: skip
        audited.unpersist()
        created = datetime.now(UTC).isoformat()
        rows = []
        for ta in results.values():
            rows.append(
                {
                    **ta.row,
                    "run_id": run_id,
                    "release_run_id": info.run_id,
                    "samples": int(opts.samples),
                    "delta": tier_delta(opts.delta, ta.tier),
                    "created_at": created,
                }
            )
        publish_rows(spark, audit_frame(spark, rows), table, "audit", opts.mode, run_id)
        durations["total"] = time.perf_counter() - started
        report = None
        if opts.report:
            report = write_audit_report(output, run_id, info, opts, results, rows, table)
        return AuditResult(
            run_id, info.run_id, output, table, results, rows, report, durations, info
        )
    finally:
        shutil.rmtree(artifacts, ignore_errors=True)
