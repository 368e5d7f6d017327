"""The tag job: ingest -> tag -> validate -> publish, for detection without perturbation.

Writes the ``tags`` table (doc id, start, end, entity type, tier, source, score, applied; never
the tagged text), the ``quarantine`` table for rows that cannot be processed, and a
``manifest``. Every input row ends in exactly one of: a document that was tagged (with zero or
more tags rows) or quarantine; the job checks it. Tables are published together, as in the
sanitize job.
"""

from __future__ import annotations

import json
import logging
import time
from datetime import UTC, datetime

from pyspark import StorageLevel
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from pipelines import contracts
from pipelines.ingest import split_valid
from pipelines.io import (
    delete_path,
    path_exists,
    publish,
    read_corpus,
    read_table,
    staging_path,
    write_table,
)
from pipelines.sanitize import RunSummary, _cast, _versions, new_run_id, tags_table
from privtext.config import RunConfig
from privtext.errors import ConfigError
from privtext.tagging.policy import TierPolicy
from privtext.tagging.registry import TaggerSpec
from schemas.tables import struct_type
from udfs.tag import tag_udf

log = logging.getLogger("privtext.tag")


def tag_documents(valid: DataFrame, spec: TaggerSpec) -> DataFrame:
    """Add the ``tags`` struct (span arrays) to a DataFrame with ``id`` and ``text``."""
    return valid.select("id", "text", tag_udf(spec)(F.col("text")).alias("tags"))


def run_tag(spark: SparkSession, cfg: RunConfig, run_id: str | None = None) -> RunSummary:
    """Tag a corpus and publish ``tags``, ``quarantine`` and ``manifest`` under output.path.

    Raises:
        ConfigError: missing input/output, existing output without ``mode: overwrite``.
        InputError: unreadable input.
        ContractError: an output failed its contract (unless ``on_failure: warn``).
    """
    if not cfg.input.path:
        raise ConfigError("input.path is required (--input), got None")
    if not cfg.output.path:
        raise ConfigError("output.path is required (--output), got None")
    policy = TierPolicy.load(cfg.tagging.policy)
    spec = cfg.tagging.tagger_spec()
    fmt = cfg.resolved_input_format()
    out_fmt = cfg.output.format
    output = cfg.output.path.rstrip("/")
    run_id = run_id or new_run_id()
    if path_exists(spark, output) and cfg.output.mode != "overwrite":
        raise ConfigError(
            f"output.path {output!r} already exists; pass --mode overwrite to replace it"
        )
    started = datetime.now(UTC).isoformat()
    durations: dict[str, float] = {}
    staging = staging_path(output, run_id)
    persisted: list[DataFrame] = []
    try:
        t = time.perf_counter()
        corpus = read_corpus(spark, cfg.input.path, fmt, cfg.input.id_col, cfg.input.text_col)
        corpus = corpus.persist()
        persisted.append(corpus)
        n_input = corpus.count()
        valid, quarantine = split_valid(corpus, cfg.input.max_text_chars, run_id)
        durations["ingest"] = time.perf_counter() - t

        t = time.perf_counter()
        tagged = tag_documents(valid, spec).persist()
        persisted.append(tagged)
        n_docs = tagged.count()
        durations["tag"] = time.perf_counter() - t

        t = time.perf_counter()
        frames = {"tags": tags_table(tagged, policy, run_id), "quarantine": quarantine}
        for name, df in frames.items():
            write_table(_cast(df, name), f"{staging}/{name}", out_fmt)
        durations["write"] = time.perf_counter() - t
        # cached: the counts and the validation queries each scan these
        written = {
            name: read_table(spark, f"{staging}/{name}", out_fmt).persist(
                StorageLevel.MEMORY_AND_DISK
            )
            for name in frames
        }
        persisted.extend(written.values())
        counts = {name: df.count() for name, df in written.items()}
        counts.update({"input_rows": n_input, "documents": n_docs})
        chars = tagged.agg(F.sum(F.length("text")).alias("c")).first()
        counts["chars"] = int(chars["c"] or 0) if chars else 0
        by_tier = written["tags"].filter("applied").groupBy("tier").count().collect()
        for r in by_tier:
            counts[f"tags_{r['tier']}"] = int(r["count"])
        if n_docs + counts["quarantine"] != n_input:
            raise RuntimeError(
                f"row conservation failed: input rows {n_input} != tagged documents {n_docs} "
                f"+ quarantine {counts['quarantine']}"
            )

        t = time.perf_counter()
        reports = contracts.validate_tables(written, None, cfg.contracts.on_failure)
        durations["validate"] = time.perf_counter() - t

        versions = _versions()
        versions["ner_model"] = spec.ner_model or "none"
        manifest = {
            "run_id": run_id,
            "status": "succeeded",
            "started_at": started,
            "finished_at": datetime.now(UTC).isoformat(),
            "config_json": cfg.model_dump_json(),
            "versions_json": json.dumps(versions, sort_keys=True),
            "counts_json": json.dumps(counts, sort_keys=True),
            "durations_json": json.dumps({k: round(v, 3) for k, v in durations.items()}),
            "candidates_fingerprint": None,
        }
        manifest_df = spark.createDataFrame([manifest], schema=struct_type("manifest"))
        write_table(manifest_df, f"{staging}/manifest", out_fmt)
        t = time.perf_counter()
        publish(spark, staging, output, cfg.output.mode, run_id)
        durations["publish"] = time.perf_counter() - t
        tables = {name: f"{output}/{name}" for name in [*frames, "manifest"]}
        log.info("tag run %s published %s", run_id, json.dumps(counts, sort_keys=True))
        return RunSummary(run_id, output, tables, counts, durations, reports)
    finally:
        for df in persisted:
            df.unpersist()
        delete_path(spark, staging)
