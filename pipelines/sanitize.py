"""The sanitize pipeline: ingest -> tokenize -> tag -> perturb -> validate -> publish.

Each stage is a DataFrame-to-DataFrame function; :func:`run_sanitize` wires them, measures the
stages, checks that every input row is accounted for, validates the outputs against their
contracts and publishes all tables at once (see ``pipelines/io.py``). Nothing here logs
document text: only counts and timings.
"""

from __future__ import annotations

import json
import logging
import os
import platform
import shutil
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from pyspark import StorageLevel
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

import privtext
from pipelines import contracts
from pipelines.ingest import split_valid
from pipelines.io import (
    delete_path,
    publish,
    read_corpus,
    read_table,
    staging_path,
    write_table,
)
from privtext.config import RunConfig
from privtext.embeddings import CandidateSet, load_embeddings_cached
from privtext.engine import EngineSpec, mechanism_label
from privtext.errors import ConfigError
from privtext.mechanisms.noise import load_noise_key
from privtext.sanitize import RANK_BANDS, RANK_COLUMNS
from privtext.tagging.policy import TierPolicy
from privtext.tagging.registry import TaggerSpec
from schemas.tables import TABLES, struct_type
from udfs.perturb import perturb_udf
from udfs.tag import tag_udf
from udfs.tokenize import tokenize_udf
from udfs.vocab import vocab_indices_udf

log = logging.getLogger("privtext.sanitize")

# below this recall@1 of an approximate index the run logs a warning (recorded either way)
LOW_INDEX_RECALL = 0.9


@dataclass
class RunSummary:
    run_id: str
    output: str
    tables: dict[str, str]
    counts: dict[str, int]
    durations: dict[str, float]
    contract_reports: list[Any] = field(default_factory=list)

    def rates(self) -> dict[str, float]:
        """Tokens per second for each timed stage."""
        n = max(self.counts.get("tokens", 0), 1)
        return {k: n / v for k, v in self.durations.items() if v > 0}


def new_run_id() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ") + "-" + uuid.uuid4().hex[:8]


# -- stages (DataFrame -> DataFrame) -----------------------------------------------------------
def annotate(valid: DataFrame, tagger: TaggerSpec | None = None) -> DataFrame:
    """Add ``tok`` (tokens with offsets and norms) and ``tags`` (recognized spans)."""
    return valid.select(
        "id",
        "text",
        tokenize_udf()(F.col("text")).alias("tok"),
        tag_udf(tagger)(F.col("text")).alias("tags"),
    )


def perturb(annotated: DataFrame, spec: EngineSpec) -> DataFrame:
    """Add ``r``: the sanitized text, per-unit arrays and ledger arrays."""
    return annotated.select(
        "id",
        "text",
        "tags",
        perturb_udf(spec)(F.col("id"), F.col("text"), F.col("tok"), F.col("tags")).alias("r"),
    )


def documents_table(result: DataFrame, run_id: str) -> DataFrame:
    cols = [c.name for c in TABLES["documents"]]
    out = result.select(
        F.col("id"),
        F.col("r.text").alias("text"),
        *[F.col(f"r.{c}").alias(c) for c in cols if c not in ("id", "text", "run_id")],
        F.lit(run_id).alias("run_id"),
    )
    return out.select(cols)


def _zip_table(
    result: DataFrame, prefix: str, names: list[str], run_id: str, table: str
) -> DataFrame:
    zipped = F.arrays_zip(*[F.col(f"r.{prefix}{n}").alias(n) for n in names])
    exploded = result.select(F.col("id").alias("doc_id"), F.explode(zipped).alias("z"))
    out = exploded.select("doc_id", *[F.col(f"z.{n}").alias(n) for n in names]).withColumn(
        "run_id", F.lit(run_id)
    )
    return out.select([c.name for c in TABLES[table]])


def ledger_table(result: DataFrame, run_id: str) -> DataFrame:
    names = [
        "tier",
        "mechanism",
        "tokens_perturbed",
        "spans_replaced",
        "operators",
        "epsilon_per_token",
        "epsilon_sum",
        *RANK_COLUMNS,
    ]
    return _zip_table(result, "l_", names, run_id, "ledger")


def tokens_table(result: DataFrame, run_id: str) -> DataFrame:
    names = [
        "position",
        "start",
        "end",
        "original",
        "replacement",
        "tier",
        "entity_type",
        "operator",
    ]
    return _zip_table(result, "u_", names, run_id, "tokens")


def tags_table(annotated: DataFrame, policy: TierPolicy, run_id: str) -> DataFrame:
    """One row per recognized span, with the tier the policy gives it and whether it acted."""
    zipped = F.arrays_zip(
        F.col("tags.starts").alias("start"),
        F.col("tags.ends").alias("end"),
        F.col("tags.types").alias("entity_type"),
        F.col("tags.scores").alias("score"),
        F.col("tags.sources").alias("source"),
    )
    ex = annotated.select(F.col("id").alias("doc_id"), F.explode(zipped).alias("z")).select(
        "doc_id", "z.*"
    )
    tier_map = F.create_map(
        *[x for k, r in policy.entities.items() for x in (F.lit(k), F.lit(r.tier))]
    )
    min_map = F.create_map(
        *[x for k, r in policy.entities.items() for x in (F.lit(k), F.lit(float(r.min_score)))]
    )
    op_map = F.create_map(
        *[x for k, r in policy.entities.items() for x in (F.lit(k), F.lit(r.operator))]
    )
    tier = F.coalesce(tier_map[F.col("entity_type")], F.lit(policy.default.tier))
    min_score = F.coalesce(min_map[F.col("entity_type")], F.lit(float(policy.default.min_score)))
    op = F.coalesce(op_map[F.col("entity_type")], F.lit(policy.default.operator))
    applied = (tier != F.lit("none")) & (op != F.lit("keep")) & (F.col("score") >= min_score)
    out = (
        ex.withColumn("tier", tier)
        .withColumn("applied", applied)
        .withColumn("run_id", F.lit(run_id))
    )
    return out.select([c.name for c in TABLES["tags"]])


# -- the job -----------------------------------------------------------------------------------
def _versions() -> dict[str, str]:
    import numpy
    import pyspark

    out = {
        "privtext": privtext.__version__,
        "pyspark": pyspark.__version__,
        "numpy": numpy.__version__,
        "python": platform.python_version(),
    }
    try:
        from importlib.metadata import version

        out["delta-spark"] = version("delta-spark")
        out["great-expectations"] = version("great-expectations")
    except Exception:  # pragma: no cover - metadata missing in odd installs
        pass
    return out


def _jsonable(v: Any) -> Any:
    if v is None or isinstance(v, bool | int | float | str):
        return v
    if hasattr(v, "item") and getattr(v, "ndim", 1) == 0:
        return v.item()
    return str(v)[:200]


def remap_prior_of(tier: str, prior: str, perturb_all_words: bool) -> tuple[str, str | None]:
    """``(prior kind, tier or None)`` of a tier's remap table: the tier prior unless asked for
    wordfreq, or for PoII when every word is perturbed (the tier is then all of English)."""
    if prior == "tier" and not (perturb_all_words and tier == "PoII"):
        return "tier", tier
    return "wordfreq", None


def remap_table_of(
    cands: CandidateSet, tier: str, eps_l: float, prior: str, perturb_all_words: bool
) -> Any:
    """The tier's remap table at budget ``eps_l`` (from the cache, or built into it), checked
    against the candidate set: what a release with remapping applies."""
    from privtext.mechanisms.remap import cached_remap_table

    kind, prior_tier = remap_prior_of(tier, prior, perturb_all_words)
    rt = cached_remap_table(cands, eps_l, prior=kind, tier=prior_tier)
    if rt.cands_fingerprint != cands.fingerprint:
        raise RuntimeError("remap table built for another candidate set")
    return rt


def build_remap_artifacts(
    spark: SparkSession, cands: CandidateSet, tier_eps: dict[str, float], artifacts: str,
    run_id: str, prior: str = "tier", perturb_all_words: bool = False,
) -> tuple[tuple[tuple[str, str], ...], dict[str, dict[str, Any]]]:  # fmt: skip
    """One remap table per distinct (tier budget eps_l, prior) (loaded from or built into the
    cache), saved next to the candidate set artifact and shipped by path.

    Returns:
        ``((tier, "sparkfiles:NAME"), ...)`` for :class:`EngineSpec` and, per tier, what the
        manifest records (eps, prior, top_m, min_mass, file).
    """
    paths: list[tuple[str, str]] = []
    info: dict[str, dict[str, Any]] = {}
    by_eps: dict[tuple[float, str, str | None], tuple[str, Any]] = {}
    for tier, eps_l in sorted(tier_eps.items()):
        kind, prior_tier = remap_prior_of(tier, prior, perturb_all_words)
        key = (eps_l, kind, prior_tier)
        if key not in by_eps:
            rt = remap_table_of(cands, tier, eps_l, prior, perturb_all_words)
            suffix = f"-{prior_tier}" if prior_tier else ""
            name = f"remap-{cands.fingerprint[:16]}-eps{eps_l:g}{suffix}-{run_id}.npz"
            path = os.path.join(artifacts, name)
            rt.save(path)
            if not os.path.exists(path):  # a writer that appends its own suffix
                found = sorted(f for f in os.listdir(artifacts) if f.startswith(name))
                path = os.path.join(artifacts, found[0])
            spark.sparkContext.addFile(path)
            by_eps[key] = ("sparkfiles:" + os.path.basename(path), rt)
        ref, rt = by_eps[key]
        paths.append((tier, ref))
        info[tier] = {
            "eps": float(rt.eps),
            "prior": _jsonable(rt.prior),
            "top_m": _jsonable(rt.top_m),
            "min_mass": _jsonable(rt.min_mass),
            "file": ref.split(":", 1)[1],
        }
    return tuple(paths), info


def _mechanism_record(
    cfg: RunConfig,
    cands: CandidateSet,
    tier_eps: dict[str, float],
    ledger: DataFrame,
    result: DataFrame,
    remap_info: dict[str, dict[str, Any]],
) -> dict[str, Any]:
    """Per tier: mechanism, budget, units by operator, rank distribution (manifest)."""
    p = cfg.perturb
    sums = ledger.groupBy("tier").agg(
        F.sum("tokens_perturbed").alias("tokens_perturbed"),
        F.sum("spans_replaced").alias("spans_replaced"),
        *[F.sum(c).alias(c) for c in RANK_COLUMNS],
    )
    by_tier = {r["tier"]: r.asDict() for r in sums.collect()}
    units = (
        result.select(
            F.explode(
                F.arrays_zip(F.col("r.u_tier").alias("tier"), F.col("r.u_operator").alias("op"))
            ).alias("z")
        )
        .where(F.col("z.op") != F.lit("keep"))
        .groupBy(F.col("z.tier").alias("tier"), F.col("z.op").alias("op"))
        .count()
        .collect()
    )
    ops: dict[str, dict[str, int]] = {t: {} for t in tier_eps}
    for r in units:
        ops.setdefault(r["tier"], {})[r["op"]] = int(r["count"])
    tiers = {}
    for tier, eps_l in sorted(tier_eps.items()):
        row = by_tier.get(tier, {})
        tiers[tier] = {
            "alpha": p.alpha_pii if tier == "PII" else p.alpha_poii,
            "epsilon": float(eps_l),
            "tokens_perturbed": int(row.get("tokens_perturbed") or 0),
            "spans_replaced": int(row.get("spans_replaced") or 0),
            "units_by_operator": dict(sorted(ops.get(tier, {}).items())),
            "ranks": {
                b: int(row.get(c) or 0) for b, c in zip(RANK_BANDS, RANK_COLUMNS, strict=True)
            },
            "remap": remap_info.get(tier),
        }
    return {
        "mechanism": p.mechanism,
        "label": mechanism_label(p.mechanism, p.rank_fix, p.remap, p.consistent_mentions),
        "rank_fix": bool(p.rank_fix) if p.mechanism == "laplace-nn" else None,
        "remap": bool(p.remap),
        "epsilon": float(p.epsilon or 0.0),
        "candidates": len(cands),
        "candidates_fingerprint": cands.fingerprint,
        "tiers": tiers,
    }


def _cast(df: DataFrame, table: str) -> DataFrame:
    schema = struct_type(table)
    return df.select([F.col(f.name).cast(f.dataType).alias(f.name) for f in schema.fields])


def run_sanitize(spark: SparkSession, cfg: RunConfig, run_id: str | None = None) -> RunSummary:
    """Run the whole sanitize job for ``cfg``; return what was written and measured.

    Raises:
        ConfigError: invalid or incomplete configuration, missing noise key, existing output
            without ``mode: overwrite``.
        InputError: unreadable input.
        ContractError: an output failed its contract (unless ``on_failure: warn``).
    """
    cfg.require_complete()
    assert cfg.input.path and cfg.output.path and cfg.perturb.epsilon
    load_noise_key(cfg.noise_key_file)  # fail fast on the driver; the key is not kept here
    policy = TierPolicy.load(cfg.tagging.policy)
    fmt = cfg.resolved_input_format()
    out_fmt = cfg.output.format
    output = cfg.output.path.rstrip("/")
    run_id = run_id or new_run_id()
    from pipelines.io import path_exists

    if path_exists(spark, output) and cfg.output.mode != "overwrite":
        raise ConfigError(
            f"output.path {output!r} already exists; pass --mode overwrite to replace it"
        )
    tier_eps = {"PII": cfg.perturb.tier_epsilon("PII"), "PoII": cfg.perturb.tier_epsilon("PoII")}
    started = datetime.now(UTC).isoformat()
    durations: dict[str, float] = {}
    staging = staging_path(output, run_id)
    artifacts = tempfile.mkdtemp(prefix=f"privtext-{run_id}-")
    persisted: list[DataFrame] = []
    try:
        # Ingest
        t = time.perf_counter()
        corpus = read_corpus(spark, cfg.input.path, fmt, cfg.input.id_col, cfg.input.text_col)
        corpus = corpus.persist()
        persisted.append(corpus)
        n_input = corpus.count()
        valid, quarantine = split_valid(corpus, cfg.input.max_text_chars, run_id)
        durations["ingest"] = time.perf_counter() - t

        # Tokenize + tag
        t = time.perf_counter()
        annotated = annotate(valid, cfg.tagging.tagger_spec()).persist()
        persisted.append(annotated)
        n_docs = annotated.count()
        durations["tokenize_tag"] = time.perf_counter() - t

        # Candidate set (fixed, independent of any input word), shipped by path
        t = time.perf_counter()
        emb = load_embeddings_cached(cfg.perturb.embeddings)
        extra: list[str] = []
        if cfg.perturb.include_corpus_words:
            rows = (
                annotated.select(
                    F.explode(vocab_indices_udf(cfg.perturb.embeddings)(F.col("tok.norms"))).alias(
                        "i"
                    )
                )
                .distinct()
                .collect()
            )
            idx = sorted(r.i for r in rows)
            extra = [emb.words[i] for i in idx]
        cands = CandidateSet.build(emb, cfg.perturb.candidates, extra_words=extra)
        cand_file = os.path.join(artifacts, f"candidates-{cands.fingerprint[:16]}.npz")
        cands.save(cand_file)
        spark.sparkContext.addFile(cand_file)
        index_path = None
        index_recall = None
        p = cfg.perturb
        hnsw_params = (p.hnsw_m, p.hnsw_ef_construction, p.hnsw_ef_search)
        ivfpq_params = (p.ivfpq_nlist, p.ivfpq_nprobe, p.ivfpq_k_factor)
        if p.index != "exact" and p.mechanism == "laplace-nn":
            from privtext.neighbours import index_params, make_index, noisy_queries, recall_at_1

            approx = make_index(p.index, cands, index_params(p.index, hnsw_params, ivfpq_params))
            if approx.index is not None:  # None: a set too small for IVF-PQ is searched exactly
                index_file = os.path.join(artifacts, f"{p.index}-{cands.fingerprint[:16]}.faiss")
                approx.save(index_file)
                spark.sparkContext.addFile(index_file)
                index_path = "sparkfiles:" + os.path.basename(index_file)
            # utility diagnostic on public draws (not the run's keyed noise)
            index_recall = recall_at_1(approx, cands, noisy_queries(cands, min(tier_eps.values())))
            log.info("%s recall@1 against exact search: %.4f", p.index, index_recall)
            if index_recall < LOW_INDEX_RECALL:
                log.warning(
                    "%s recall@1 is only %.3f at eps %g on these candidates: most noisy points "
                    "are rounded to a near, not the nearest, word (utility, not privacy); "
                    "raise the index's search parameters or use --index exact",
                    p.index, index_recall, min(tier_eps.values()),
                )  # fmt: skip
        remap_paths: tuple[tuple[str, str], ...] = ()
        remap_info: dict[str, dict[str, Any]] = {}
        if cfg.perturb.remap:
            remap_paths, remap_info = build_remap_artifacts(
                spark, cands, tier_eps, artifacts, run_id, cfg.perturb.remap_prior,
                cfg.perturb.perturb_all_words,
            )  # fmt: skip
        durations["candidates"] = time.perf_counter() - t

        spec = EngineSpec(
            embeddings=cfg.perturb.embeddings,
            candidates_path="sparkfiles:" + os.path.basename(cand_file),
            mechanism=cfg.perturb.mechanism,
            tier_epsilon=tuple(sorted(tier_eps.items())),
            rank_fix=cfg.perturb.rank_fix,
            rank_fix_c=cfg.perturb.rank_fix_c,
            rank_fix_k=cfg.perturb.rank_fix_k,
            policy_path=cfg.tagging.policy,
            noise_key_file=cfg.noise_key_file,
            record_all_tokens=cfg.output.keep_intermediates,
            perturb_all_words=cfg.perturb.perturb_all_words,
            consistent_mentions=cfg.perturb.consistent_mentions,
            index=cfg.perturb.index,
            index_path=index_path,
            hnsw=hnsw_params,
            ivfpq=ivfpq_params,
            remap_paths=remap_paths,
        )

        # Perturb
        t = time.perf_counter()
        result = perturb(annotated, spec).persist()
        persisted.append(result)
        result.count()
        durations["perturb"] = time.perf_counter() - t

        # Write to staging
        t = time.perf_counter()
        frames: dict[str, DataFrame] = {
            "documents": documents_table(result, run_id),
            "ledger": ledger_table(result, run_id),
            "quarantine": quarantine,
        }
        if cfg.output.keep_intermediates:
            frames["tokens"] = tokens_table(result, run_id)
            frames["tags"] = tags_table(annotated, policy, run_id)
        for name, df in frames.items():
            write_table(_cast(df, name), f"{staging}/{name}", out_fmt)
        durations["write"] = time.perf_counter() - t

        # Counts and conservation
        # cached: the counts, the sums and some sixty validation queries each scan these
        written = {
            name: read_table(spark, f"{staging}/{name}", out_fmt).persist(
                StorageLevel.MEMORY_AND_DISK
            )
            for name in frames
        }
        persisted.extend(written.values())
        counts = {name: df.count() for name, df in written.items()}
        counts["input_rows"] = n_input
        tok_stats = (
            written["documents"]
            .agg(
                F.sum("n_tokens").alias("tokens"),
                F.sum("n_perturbed_pii").alias("perturbed_pii"),
                F.sum("n_perturbed_poii").alias("perturbed_poii"),
                F.sum("n_spans_replaced").alias("spans_replaced"),
                F.sum("kept_by_mechanism").alias("kept_by_mechanism"),
            )
            .first()
        )
        counts.update({k: int(v or 0) for k, v in tok_stats.asDict().items()})
        counts["candidates"] = len(cands)
        if index_recall is not None:
            counts["index_recall_at_1_x10000"] = int(round(index_recall * 10_000))
        if counts["documents"] + counts["quarantine"] != n_input or counts["documents"] != n_docs:
            raise RuntimeError(
                "row conservation failed: input rows "
                f"{n_input} != documents {counts['documents']} + quarantine {counts['quarantine']}"
            )

        # Contracts
        t = time.perf_counter()
        reports = contracts.validate_tables(
            written, contracts.sanitize_extra_expectations(tier_eps), cfg.contracts.on_failure
        )
        durations["validate"] = time.perf_counter() - t

        # Manifest, then publish everything at once
        manifest = {
            "run_id": run_id,
            "status": "succeeded",
            "started_at": started,
            "finished_at": datetime.now(UTC).isoformat(),
            "config_json": cfg.model_dump_json(),
            "versions_json": json.dumps(
                {**_versions(), "ner_model": cfg.tagging.tagger_spec().ner_model or "none"},
                sort_keys=True,
            ),
            "counts_json": json.dumps(counts, sort_keys=True),
            "durations_json": json.dumps({k: round(v, 3) for k, v in durations.items()}),
            "candidates_fingerprint": cands.fingerprint,
            "mechanism_json": json.dumps(
                _mechanism_record(cfg, cands, tier_eps, written["ledger"], result, remap_info),
                sort_keys=True,
            ),
        }
        manifest_df = spark.createDataFrame([manifest], schema=struct_type("manifest"))
        write_table(manifest_df, f"{staging}/manifest", out_fmt)
        t = time.perf_counter()
        publish(spark, staging, output, cfg.output.mode, run_id)
        durations["publish"] = time.perf_counter() - t
        tables = {name: f"{output}/{name}" for name in [*frames, "manifest"]}
        log.info("run %s published %s", run_id, json.dumps(counts, sort_keys=True))
        return RunSummary(run_id, output, tables, counts, durations, reports)
    finally:
        for df in persisted:
            df.unpersist()
        delete_path(spark, staging)
        shutil.rmtree(artifacts, ignore_errors=True)
