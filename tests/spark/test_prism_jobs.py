"""The PRISM Spark jobs against the stand-in translator (real HTTP on 127.0.0.1) and Delta.

build-dictionary: precision@1 against the stand-in's lexicon, a rerun translates nothing, every
injected fault gives the same dictionary, a killed run resumes from the Delta cache without
re-translating what was committed. translate: PRISM* decodes >= 95% of the replaced words,
PRISM-R reports its per-word epsilon, is reproducible under the keyed noise and survives
faults. evaluate: the curve files. The CLI: one run and one refused configuration.
"""

from __future__ import annotations

import json
import logging
import math

import pytest

from jobs.cli import main
from pipelines.io import path_exists, read_table
from pipelines.prism import (
    aupqc,
    content_leak,
    quality_at,
    run_build_dictionary,
    run_prism_evaluate,
    run_prism_translate,
)
from privtext.prism.config import build_prism_config
from privtext.prism.translate import prism_r_epsilon
from privtext.prism.translators import TranslatorError, cache_key
from schemas.tables import struct_type
from tests.conftest import TEST_NOISE_KEY
from tests.support.translator_server import FAULTS, LEXICON, StandInTranslator, english_corpus

pytestmark = [pytest.mark.spark, pytest.mark.delta]

M = 200
ENGINE = "stand-in"
VOCAB = LEXICON.content_words(ambiguous=False)[::15]


def _write_corpus(path, sentences, bad_rows=False):
    with open(path, "w", encoding="utf-8") as f:
        for i, s in enumerate(sentences):
            f.write(json.dumps({"id": f"d{i:04d}", "text": s}) + "\n")
        if bad_rows:
            f.write(json.dumps({"id": "empty", "text": "  "}) + "\n")
            f.write("{not json\n")


def _cfg(url, output, cache, **sections):
    base = {
        "output": {"path": str(output)},
        "translator": {"url": url, "engine_id": ENGINE, "backoff_base_s": 0.001,
                       "timeout_s": 5.0},
        "cache": {"path": str(cache), "commit_every": 2000},
        "spark": {"shuffle_partitions": 2},
    }  # fmt: skip
    for k, v in sections.items():
        base[k] = {**base.get(k, {}), **v} if isinstance(v, dict) else v
    return build_prism_config(None, base)


def _dict_cfg(url, root, name, cache, corpus, **kw):
    return _cfg(
        url, root / name, cache,
        input={"path": str(corpus)},
        dictionary={"vocab_file": str(root / "vocab.txt"), "vocab": 100, "samples": M, "seed": 1,
                    **kw},
    )  # fmt: skip


def _same_schema(df, table):
    want = [(f.name, f.dataType) for f in struct_type(table).fields]
    return [(f.name, f.dataType) for f in df.schema.fields] == want


def _rows(spark, path):
    df = read_table(spark, f"{path}/dictionary", "delta")
    return sorted(
        (r.source_word, r.pos, r.target_word, r.rank, round(r.p_ratio, 9), round(r.confidence, 9))
        for r in df.collect()
    )


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    d = tmp_path_factory.mktemp("prism")
    _write_corpus(d / "corpus.jsonl", english_corpus(400, seed=3), bad_rows=True)
    _write_corpus(d / "docs.jsonl", english_corpus(80, seed=11), bad_rows=True)
    (d / "vocab.txt").write_text("\n".join(VOCAB) + "\n", encoding="utf-8")
    return d


@pytest.fixture(scope="module")
def clean(spark, root):
    """One fault-free dictionary build, and a rerun of it on the same cache."""
    cache = root / "cache-clean"
    with StandInTranslator() as srv:
        summary = run_build_dictionary(
            spark, _dict_cfg(srv.url, root, "dict", cache, root / "corpus.jsonl")
        )
        first = {"requests": srv.requests, "sentences": srv.sentences}
        again = run_build_dictionary(
            spark, _dict_cfg(srv.url, root, "dict-again", cache, root / "corpus.jsonl")
        )
        rerun_requests = srv.requests - first["requests"]
    return {"summary": summary, "again": again, "first": first, "rerun_requests": rerun_requests,
            "rows": _rows(spark, root / "dict"), "path": root / "dict", "cache": cache}  # fmt: skip


def test_dictionary_table_schema_and_precision_at_1(spark, clean):
    df = read_table(spark, f"{clean['path']}/dictionary", "delta")
    assert _same_schema(df, "prism_dictionary")
    top = {}
    for w, pos, tgt, rank, _p, _c in clean["rows"]:
        assert pos is not None  # PRISM*: keyed by (word, POS)
        if rank == 1:
            top.setdefault(w, tgt)
    correct = [w for w in VOCAB if w in top and top[w] in LEXICON.targets(w)]
    assert len(VOCAB) >= 30
    assert len(correct) / len(VOCAB) >= 0.9, [(w, top.get(w)) for w in VOCAB if w not in correct]
    c = clean["summary"].counts
    assert c["sample"] == M and c["vocab"] == len(VOCAB)
    # the base translations are shared: at most M + M per word reached the service
    assert clean["first"]["sentences"] <= M * (len(VOCAB) + 1)
    manifest = read_table(spark, f"{clean['path']}/manifest", "delta").first()
    assert json.loads(manifest.counts_json)["translated"] == clean["first"]["sentences"]


def test_rerun_on_the_cache_translates_nothing(spark, clean, root):
    assert clean["rerun_requests"] == 0
    assert clean["again"].counts["translated"] == 0
    assert clean["again"].counts["cache_hits"] == clean["summary"].counts["texts"]
    assert _rows(spark, root / "dict-again") == clean["rows"]


def _fault_schedule(n: int = 600, every: int = 6) -> list[str]:
    """Every kind of fault, one request in ``every``, cycling through all of them."""
    return [FAULTS[(i // every) % len(FAULTS)] if i % every == 0 else "ok" for i in range(n)]


def test_dictionary_survives_every_injected_fault_with_the_same_result(spark, clean, root):
    with StandInTranslator(faults=_fault_schedule(), timeout_sleep_s=0.6) as srv:
        cfg = _dict_cfg(srv.url, root, "dict-faults", root / "cache-faults", root / "corpus.jsonl")
        cfg = cfg.model_copy(
            update={"translator": cfg.translator.model_copy(update={"timeout_s": 0.3,
                                                                     "max_retries": 6})}
        )  # fmt: skip
        run_build_dictionary(spark, cfg)
        served = srv.faults_served
    assert set(served) == set(FAULTS), served
    assert _rows(spark, root / "dict-faults") == clean["rows"]


def test_killed_build_resumes_from_the_cache_without_paying_twice(spark, clean, root):
    cache = root / "cache-resume"
    with StandInTranslator(faults=["ok"] * 45 + ["500"] * 5000) as srv:
        cfg = _dict_cfg(srv.url, root, "dict-resume", cache, root / "corpus.jsonl")
        cfg = cfg.model_copy(update={
            "translator": cfg.translator.model_copy(update={"max_retries": 1,
                                                            "max_concurrency": 2}),
            "cache": cfg.cache.model_copy(update={"commit_every": 1000}),
        })  # fmt: skip
        with pytest.raises(TranslatorError):
            run_build_dictionary(spark, cfg)
        assert not path_exists(spark, str(root / "dict-resume"))  # nothing half published
        committed = {r.key for r in spark.read.format("delta").load(str(cache)).collect()}
        assert committed  # the base sentences and at least one chunk were paid for and kept
        n_before = len(srv.translated)
        srv.set_faults(None)
        run_build_dictionary(spark, cfg)
        resumed = srv.translated[n_before:]
    again = {cache_key(ENGINE, "en", "fr", s) for s in resumed}
    assert resumed and not (again & committed)  # nothing committed was translated again
    assert len(resumed) == len(set(resumed))
    assert _rows(spark, root / "dict-resume") == clean["rows"]


def _tr_cfg(url, root, name, cache, **prism):
    return _cfg(
        url, root / name, cache, input={"path": str(root / "docs.jsonl")},
        prism={"dictionary": str(root / "dict"), **prism},
    )  # fmt: skip


def test_prism_star_decodes_at_least_95_percent_of_replaced_words(spark, clean, root):
    with StandInTranslator() as srv:
        cfg = _tr_cfg(srv.url, root, "star", clean["cache"], method="prism-star", ratio=0.5)
        summary = run_prism_translate(spark, cfg)
    assert set(summary.tables) == {"documents", "quarantine", "manifest"}  # no history
    docs = read_table(spark, str(root / "star" / "documents"), "delta")
    assert _same_schema(docs, "prism_documents")
    rows = docs.collect()
    assert len(rows) == 80 and summary.counts["quarantine"] == 2
    replaced = sum(r.n_replaced for r in rows)
    decoded = sum(r.n_decoded for r in rows)
    assert replaced > 40
    assert decoded / replaced >= 0.95, (decoded, replaced)
    assert all(r.epsilon_per_word is None and r.method == "prism-star" for r in rows)
    assert sum(r.x_pub != r.y_pri for r in rows) > 0


def test_prism_r_reports_epsilon_keeps_history_only_on_request_and_is_reproducible(
    spark, clean, root, caplog
):
    caplog.set_level(logging.INFO, logger="privtext")
    with StandInTranslator() as srv:
        cfg = _tr_cfg(srv.url, root, "r1", root / "cache-r1", method="prism-r", ratio=0.3,
                      keep_history=True)  # fmt: skip
        s1 = run_prism_translate(spark, cfg)
    with StandInTranslator(faults=_fault_schedule(200, 3), timeout_sleep_s=0.6) as srv:
        cfg = _tr_cfg(srv.url, root, "r2", root / "cache-r2", method="prism-r", ratio=0.3)
        cfg = cfg.model_copy(
            update={"translator": cfg.translator.model_copy(update={"timeout_s": 0.3,
                                                                     "max_retries": 6,
                                                                     "batch_size": 4})}
        )  # fmt: skip
        run_prism_translate(spark, cfg)
        assert srv.faults_served  # faults were injected
    n = s1.counts["dictionary_size"]
    d1 = {r.id: r for r in read_table(spark, str(root / "r1" / "documents"), "delta").collect()}
    d2 = {r.id: r for r in read_table(spark, str(root / "r2" / "documents"), "delta").collect()}
    assert set(d1) == set(d2) and len(d1) == 80
    for k, r in d1.items():
        assert r.epsilon_per_word == pytest.approx(prism_r_epsilon(n, 0.3))
        assert (r.x_pub, r.y_pub, r.y_pri, r.n_replaced) == (
            d2[k].x_pub,
            d2[k].y_pub,
            d2[k].y_pri,
            d2[k].n_replaced,
        )  # same keyed noise, same translations despite the faults
    hist = read_table(spark, str(root / "r1" / "history"), "delta")
    assert _same_schema(hist, "prism_history")
    assert hist.count() == sum(r.n_replaced for r in d1.values()) > 0
    assert not path_exists(spark, str(root / "r2" / "history"))
    assert TEST_NOISE_KEY not in caplog.text
    assert "per-word epsilon" in caplog.text


def test_evaluate_writes_the_privacy_quality_curve(spark, clean, root):
    out = root / "eval"
    with StandInTranslator() as srv:
        cfg = _tr_cfg(srv.url, root, "eval", clean["cache"], method="prism-r")
        cfg = cfg.model_copy(update={
            "evaluate": cfg.evaluate.model_copy(update={"ratios": (0.0, 0.5, 1.0), "limit": 30}),
        })  # fmt: skip
        summary = run_prism_evaluate(spark, cfg)
    assert (out / "curve.png").stat().st_size > 1000
    md = (out / "curve.md").read_text()
    assert "AUPQC" in md
    lines = (out / "curve.csv").read_text().splitlines()
    assert len(lines) == 4 and lines[0].startswith("ratio,privacy")
    assert summary.counts["documents"] == 30
    import csv

    rows = list(csv.DictReader(lines))
    privacy = [float(r["privacy"]) for r in rows]
    chrf = [float(r["chrf"]) for r in rows]
    assert privacy[-1] >= privacy[0]  # more replaced, less visible
    assert chrf[0] >= chrf[-1] - 1e-9
    if "minilm_similarity" in rows[0]:
        sims = [float(r["minilm_similarity"]) for r in rows]
        assert sims[0] >= sims[-1]
    else:
        assert "MiniLM similarity left out" in md


def test_curve_helpers():
    assert content_leak("The red cat sleeps.", "The blue cat runs.") == (1, 3)
    assert aupqc([0.0, 1.0], [1.0, 1.0]) == pytest.approx(1.0)
    assert aupqc([1.0, 0.0, 0.5], [0.0, 1.0, 0.5]) == pytest.approx(0.5)
    assert quality_at([0.0, 1.0], [1.0, 0.0], 0.25) == pytest.approx(0.75)
    assert quality_at([0.2, 0.4], [1.0, 0.5], 0.9) is None
    assert math.isinf(float("inf"))


def test_cli_build_dictionary_with_frequent_words_and_refused_config(spark, root, capsys):
    with StandInTranslator() as srv:
        rc = main([
            "prism", "build-dictionary", "--corpus", str(root / "corpus.jsonl"),
            "--vocab", "12", "--samples", "60", "--pos", "none", "--source", "en",
            "--target", "fr", "--translator", "libretranslate", "--translator-url", srv.url,
            "--output", str(root / "cli-dict"), "--json",
        ])  # fmt: skip
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert out["counts"]["vocab"] == 12
    df = read_table(spark, str(root / "cli-dict" / "dictionary"), "delta")
    assert df.where("pos is not null").count() == 0 and df.count() > 0
    assert path_exists(spark, str(root / "cli-dict-translation-cache" / "_delta_log"))
    rc = main([
        "prism", "translate", "--input", str(root / "docs.jsonl"), "--ratio", "1.5",
        "--dictionary", str(root / "cli-dict"), "--translator-url", "http://127.0.0.1:9",
        "--output", str(root / "never"),
    ])  # fmt: skip
    assert rc == 2
    assert "prism.ratio" in capsys.readouterr().err
