"""End to end on real Spark, real Delta and real GloVe: the sanitize job."""

from __future__ import annotations

import json
import re

import pytest

from pipelines.io import read_table
from pipelines.sanitize import run_sanitize
from privtext.config import build_config
from privtext.demo import write_demo_jsonl
from privtext.errors import ConfigError
from schemas.tables import struct_type

pytestmark = [pytest.mark.spark, pytest.mark.delta]

EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def _cfg(inp, out, **over):
    base = {
        "input": {"path": str(inp), "format": "jsonl"},
        "output": {"path": str(out), "keep_intermediates": True},
        "perturb": {"epsilon": 3.0, "candidates": 5000},
        "spark": {"shuffle_partitions": 2},
    }
    for sect, vals in over.items():
        base.setdefault(sect, {}).update(vals)
    return build_config(None, base)


@pytest.fixture(scope="module")
def demo_run(spark, tmp_path_factory):
    root = tmp_path_factory.mktemp("demo")
    corpus = root / "demo.jsonl"
    write_demo_jsonl(str(corpus), n_docs=40, seed=11, include_bad_rows=True)
    summary = run_sanitize(spark, _cfg(corpus, root / "out"))
    return corpus, root / "out", summary


def test_every_table_is_written_with_its_schema(spark, demo_run):
    _, out, summary = demo_run
    for name in ("documents", "tokens", "tags", "ledger", "quarantine", "manifest"):
        df = read_table(spark, f"{out}/{name}", "delta")
        expected = struct_type(name)
        assert [f.name for f in df.schema.fields] == [f.name for f in expected.fields], name
        assert [f.dataType for f in df.schema.fields] == [f.dataType for f in expected.fields]
    assert summary.tables.keys() >= {"documents", "ledger", "quarantine", "manifest"}


def test_every_input_row_is_in_documents_or_quarantine(spark, demo_run):
    corpus, out, _ = demo_run
    n_lines = sum(1 for line in corpus.read_text(encoding="utf-8").splitlines() if line.strip())
    docs = read_table(spark, f"{out}/documents").count()
    quarantined = read_table(spark, f"{out}/quarantine").count()
    assert docs + quarantined == n_lines
    assert docs == 40
    ids = [r.id for r in read_table(spark, f"{out}/documents").select("id").collect()]
    assert len(ids) == len(set(ids))


def test_bad_rows_are_quarantined_with_reasons(spark, demo_run):
    _, out, _ = demo_run
    reasons = [r.reason for r in read_table(spark, f"{out}/quarantine").collect()]
    joined = " | ".join(reasons)
    for expected in (
        "id is null",
        "id is empty",
        "text is empty",
        "text is not a string",
        "duplicate id",
    ):
        assert expected in joined, f"missing quarantine reason {expected!r}: {joined}"


def test_no_original_email_or_phone_survives_in_documents(spark, demo_run):
    corpus, out, _ = demo_run
    originals = set()
    for line in corpus.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if isinstance(row.get("text"), str):
            originals.update(EMAIL_RE.findall(row["text"]))
    assert originals, "the demo corpus should contain emails"
    released = " ".join(r.text for r in read_table(spark, f"{out}/documents").collect())
    leaked = [e for e in originals if e in released]
    assert leaked == []


def test_tagged_names_are_replaced_and_layout_is_kept(spark, demo_run):
    _, out, _ = demo_run
    tokens = read_table(spark, f"{out}/tokens")
    mech = tokens.where("operator = 'mechanism'").collect()
    assert len(mech) > 50
    changed = sum(1 for r in mech if r.replacement.lower() != r.original.lower())
    assert changed / len(mech) > 0.5
    # Untouched tokens keep their text; documents differ from input only inside replaced units.
    kept = tokens.where("operator = 'keep'").limit(200).collect()
    assert all(r.original == r.replacement for r in kept)


def test_ledger_records_tier_budgets_and_counts(spark, demo_run):
    _, out, _ = demo_run
    ledger = read_table(spark, f"{out}/ledger").collect()
    assert {r.tier for r in ledger} == {"PII", "PoII"}
    assert {r.epsilon_per_token for r in ledger if r.tier == "PII"} == {1.5}
    assert {r.epsilon_per_token for r in ledger if r.tier == "PoII"} == {3.0}
    docs = {r.id: r for r in read_table(spark, f"{out}/documents").collect()}
    for r in ledger:
        if r.tier == "PII":
            assert r.tokens_perturbed == docs[r.doc_id].n_perturbed_pii
            assert r.epsilon_sum == pytest.approx(1.5 * r.tokens_perturbed)


def test_manifest_records_config_counts_and_no_key(spark, demo_run):
    _, out, summary = demo_run
    m = read_table(spark, f"{out}/manifest").collect()
    assert len(m) == 1 and m[0].run_id == summary.run_id
    assert json.loads(m[0].config_json)["perturb"]["epsilon"] == 3.0
    assert json.loads(m[0].counts_json)["documents"] == 40
    from tests.conftest import TEST_NOISE_KEY

    for row in m:
        assert TEST_NOISE_KEY not in json.dumps(row.asDict())


def test_rerun_refuses_existing_output_then_overwrite_replaces_it_identically(spark, demo_run):
    corpus, out, _ = demo_run
    before = sorted((r.id, r.text) for r in read_table(spark, f"{out}/documents").collect())
    with pytest.raises(ConfigError, match="already exists"):
        run_sanitize(spark, _cfg(corpus, out))
    run_sanitize(spark, _cfg(corpus, out, output={"mode": "overwrite"}))
    after = sorted((r.id, r.text) for r in read_table(spark, f"{out}/documents").collect())
    assert after == before  # same key, same input: the same release, no duplicated rows
    assert not list(out.parent.glob(".out.staging-*"))


def test_parquet_output_and_csv_input(spark, tmp_path):
    import pandas as pd

    rows = [
        {"id": "a", "text": "Please email anna.smith@example.org or call +44 20 7946 0958."},
        {"id": "b", "text": "Maria Garcia moved to Madrid to work for Acme Corp."},
        {"id": "", "text": "empty id"},
    ]
    pd.DataFrame(rows).to_csv(tmp_path / "c.csv", index=False)
    cfg = _cfg(
        tmp_path / "c.csv", tmp_path / "out", input={"format": "csv"}, output={"format": "parquet"}
    )
    summary = run_sanitize(spark, cfg)
    docs = read_table(spark, f"{tmp_path}/out/documents", "parquet").collect()
    assert {r.id for r in docs} == {"a", "b"}
    assert all("anna.smith@example.org" not in r.text for r in docs)
    assert summary.counts["quarantine"] == 1


def test_parquet_input_with_non_text_column_is_quarantined_whole(spark, tmp_path):
    import pandas as pd

    pd.DataFrame({"id": ["x", "y"], "text": [1, 2]}).to_parquet(tmp_path / "p.parquet")
    cfg = _cfg(tmp_path / "p.parquet", tmp_path / "out", input={"format": "parquet"})
    summary = run_sanitize(spark, cfg)
    q = read_table(spark, f"{tmp_path}/out/quarantine").collect()
    assert summary.counts["documents"] == 0 and len(q) == 2
    assert all("not a string" in r.reason and "'text'" in r.reason for r in q)


def test_text_folder_input_one_document_per_file(spark, tmp_path):
    folder = tmp_path / "txt"
    folder.mkdir()
    (folder / "one.txt").write_text("Dr. John Miller lives in Boston.\n")
    (folder / "two.txt").write_text("   \n")
    cfg = _cfg(folder, tmp_path / "out", input={"format": "text"})
    summary = run_sanitize(spark, cfg)
    assert summary.counts["documents"] == 1 and summary.counts["quarantine"] == 1


def test_missing_column_error_names_the_field(spark, tmp_path):
    import pandas as pd

    from privtext.errors import InputError

    pd.DataFrame({"key": ["x"], "body": ["t"]}).to_parquet(tmp_path / "p.parquet")
    cfg = _cfg(tmp_path / "p.parquet", tmp_path / "out", input={"format": "parquet"})
    with pytest.raises(InputError, match="'id'"):
        run_sanitize(spark, cfg)
    assert not (tmp_path / "out").exists()


def test_oversized_text_is_quarantined_with_its_length(spark, tmp_path):
    import pandas as pd

    rows = [{"id": "short", "text": "Call Anna Smith."}, {"id": "long", "text": "word " * 300}]
    pd.DataFrame(rows).to_parquet(tmp_path / "p.parquet")
    cfg = _cfg(
        tmp_path / "p.parquet",
        tmp_path / "out",
        input={"format": "parquet", "max_text_chars": 1000},
    )
    summary = run_sanitize(spark, cfg)
    q = read_table(spark, f"{tmp_path}/out/quarantine").collect()
    assert summary.counts["documents"] == 1
    assert [r.id for r in q] == ["long"]
    assert "1500 characters > max_text_chars=1000" in q[0].reason


def test_a_run_that_fails_after_writing_leaves_the_previous_release_intact(
    spark, demo_run, monkeypatch
):
    from pipelines import contracts
    from privtext.errors import ContractError

    corpus, out, _ = demo_run
    before = sorted((r.id, r.text) for r in read_table(spark, f"{out}/documents").collect())

    def failing(*args, **kwargs):
        raise ContractError("output contract failed: injected by the test")

    monkeypatch.setattr(contracts, "validate_tables", failing)
    with pytest.raises(ContractError):
        run_sanitize(
            spark, _cfg(corpus, out, output={"mode": "overwrite"}, perturb={"epsilon": 2.0})
        )
    after = sorted((r.id, r.text) for r in read_table(spark, f"{out}/documents").collect())
    assert after == before
    assert not list(out.parent.glob(".out.staging-*"))


@pytest.mark.parametrize("index", ["hnsw", "ivfpq"])
def test_laplace_nn_with_an_index_runs_on_executors_and_records_its_recall(
    spark, tmp_path, index, monkeypatch, caplog
):
    import pipelines.sanitize as sanitize_mod

    # a threshold no index can reach: the run must say that its recall is low
    monkeypatch.setattr(sanitize_mod, "LOW_INDEX_RECALL", 1.01)
    corpus = tmp_path / "demo.jsonl"
    write_demo_jsonl(str(corpus), n_docs=12, seed=3, include_bad_rows=False)
    cfg = _cfg(
        corpus,
        tmp_path / "out",
        perturb={"mechanism": "laplace-nn", "index": index, "epsilon": 20.0},
    )
    summary = run_sanitize(spark, cfg)
    assert summary.counts["documents"] == 12
    assert summary.counts["index_recall_at_1_x10000"] >= 9_700
    assert any(
        r.levelname == "WARNING" and f"{index} recall@1 is only" in r.getMessage()
        for r in caplog.records
    )
    manifest = read_table(spark, f"{tmp_path / 'out'}/manifest").first()
    assert json.loads(manifest.config_json)["perturb"]["index"] == index
    ledger = read_table(spark, f"{tmp_path / 'out'}/ledger").select("mechanism").distinct()
    assert [r.mechanism for r in ledger.collect()] == ["laplace-nn+rank-fix"]
