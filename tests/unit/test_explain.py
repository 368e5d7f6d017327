"""``privtext explain`` on run folders written the way the pipeline writes them (no Spark)."""

from __future__ import annotations

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from jobs.cli import main
from privtext.explain import explain_run, read_table, render_text, verdict
from privtext.sanitize import RANK_BANDS, RANK_COLUMNS

LEDGER_COLS = [
    "doc_id",
    "tier",
    "mechanism",
    "tokens_perturbed",
    "spans_replaced",
    "operators",
    "epsilon_per_token",
    "epsilon_sum",
    *RANK_COLUMNS,
    "run_id",
]


def _ledger_rows() -> list[dict]:
    rows = []
    # three documents; PII eps_l 1.5, PoII 3.0
    per_doc = {"a": (2, 1), "b": (0, 4), "c": (1, 0)}
    ranks = {  # original, 1-10, 11-100, >100, no_embedding per (doc, tier)
        ("a", "PII"): (0, 1, 0, 1, 0),
        ("a", "PoII"): (1, 0, 0, 0, 0),
        ("b", "PII"): (0, 0, 0, 0, 0),
        ("b", "PoII"): (1, 0, 0, 3, 0),
        ("c", "PII"): (0, 0, 0, 0, 1),
        ("c", "PoII"): (0, 0, 0, 0, 0),
    }
    for d, (n_pii, n_poii) in per_doc.items():
        for tier, n, eps in (("PII", n_pii, 1.5), ("PoII", n_poii, 3.0)):
            row = {
                "doc_id": d,
                "tier": tier,
                "mechanism": "em",
                "tokens_perturbed": n,
                "spans_replaced": 1 if tier == "PII" else 0,
                "operators": "mechanism,surrogate" if tier == "PII" else "mechanism",
                "epsilon_per_token": eps,
                "epsilon_sum": eps * n,
                "run_id": "r1",
            }
            row.update(dict(zip(RANK_COLUMNS, ranks[(d, tier)], strict=True)))
            rows.append({k: row[k] for k in LEDGER_COLS})
    return rows


def _manifest_row() -> dict:
    mech = {
        "mechanism": "em",
        "label": "em",
        "remap": False,
        "epsilon": 3.0,
        "candidates": 2000,
        "candidates_fingerprint": "f" * 64,
        "tiers": {
            "PII": {"alpha": 0.5, "epsilon": 1.5, "units_by_operator": {"mechanism": 3,
                                                                          "surrogate": 3}},
            "PoII": {"alpha": 1.0, "epsilon": 3.0, "units_by_operator": {"mechanism": 5}},
        },
    }  # fmt: skip
    return {
        "run_id": "r1",
        "status": "succeeded",
        "started_at": "t0",
        "finished_at": "t1",
        "config_json": json.dumps({"perturb": {"epsilon": 3.0, "alpha_pii": 0.5,
                                               "alpha_poii": 1.0, "mechanism": "em"}}),
        "versions_json": "{}",
        "counts_json": json.dumps({"documents": 3, "candidates": 2000}),
        "durations_json": "{}",
        "candidates_fingerprint": "f" * 64,
        "mechanism_json": json.dumps(mech),
    }  # fmt: skip


def _write_parquet_run(root):
    for name, rows in (("ledger", _ledger_rows()), ("manifest", [_manifest_row()])):
        d = root / name
        d.mkdir(parents=True)
        half = max(1, len(rows) // 2)
        pq.write_table(pa.Table.from_pylist(rows[:half]), d / "part-00000-x.snappy.parquet")
        if rows[half:]:
            pq.write_table(pa.Table.from_pylist(rows[half:]), d / "part-00001-x.snappy.parquet")
        (d / "_SUCCESS").write_text("")
        (d / ".part-00000-x.snappy.parquet.crc").write_text("junk")
    return root


def _write_delta_run(root):
    """Delta layout: version 0 adds a stale file, version 1 removes it and adds the real ones."""
    for name, rows in (("ledger", _ledger_rows()), ("manifest", [_manifest_row()])):
        d = root / name
        (d / "_delta_log").mkdir(parents=True)
        stale = rows[:1]
        pq.write_table(pa.Table.from_pylist(stale), d / "part-stale.parquet")
        pq.write_table(pa.Table.from_pylist(rows), d / "part%20real.parquet")
        v0 = [
            {"protocol": {"minReaderVersion": 1, "minWriterVersion": 2}},
            {"metaData": {"id": "x"}},
            {"add": {"path": "part-stale.parquet", "size": 1, "dataChange": True}},
        ]
        v1 = [
            {"remove": {"path": "part-stale.parquet", "dataChange": True}},
            {"add": {"path": "part%2520real.parquet", "size": 1, "dataChange": True}},
        ]
        for v, actions in ((0, v0), (1, v1)):
            (d / "_delta_log" / f"{v:020d}.json").write_text(
                "\n".join(json.dumps(a) for a in actions) + "\n"
            )
    return root


@pytest.mark.parametrize("writer", [_write_parquet_run, _write_delta_run])
def test_explain_reports_budgets_guarantee_and_ranks_per_tier(tmp_path, writer):
    root = writer(tmp_path / "run")
    assert read_table(root / "ledger").num_rows == 6
    info = explain_run(root)
    assert info["mechanism"] == "em" and info["remap"] is False
    assert info["candidates"] == {
        "size": 2000,
        "fingerprint": "f" * 64,
        "include_corpus_words": None,
    }
    assert info["documents"] == 3
    pii, poii = info["tiers"]["PII"], info["tiers"]["PoII"]
    assert pii["epsilon_per_token"] == 1.5 and poii["epsilon_per_token"] == 3.0
    assert pii["tokens_perturbed"] == 3 and poii["tokens_perturbed"] == 5
    assert pii["spans_replaced"] == 3 and pii["units_by_operator"]["surrogate"] == 3
    # per-document sums of eps_l: PII 3.0, 0, 1.5; PoII 3.0, 12.0, 0; both 6.0, 12.0, 1.5
    assert pii["epsilon_sum_per_document"] == {"max": 3.0, "median": 1.5}
    assert poii["epsilon_sum_per_document"] == {"max": 12.0, "median": 3.0}
    assert info["overall"]["epsilon_sum_per_document"] == {"max": 12.0, "median": 6.0}
    assert info["overall"]["ranks"] == {
        "original": 2,
        "1-10": 1,
        "11-100": 0,
        ">100": 4,
        "no_embedding": 1,
    }
    assert sum(info["overall"]["rank_shares"].values()) == pytest.approx(1.0)
    assert info["overall"]["verdict"].startswith("mixed")
    text = render_text(info)
    for needle in ("[PII]", "[PoII]", "[overall]", "eps_l 1.5", "max 12, median 6",
                   "P[M(x)=y] <= exp(sum_t eps_{l_t} d(x_t, x'_t)) P[M(x')=y]",
                   "operator", "|C| = 2000"):  # fmt: skip
        assert needle in text


def test_explain_cli_prints_text_and_json(tmp_path, capsys):
    root = _write_parquet_run(tmp_path / "run")
    assert main(["explain", str(root)]) == 0
    out = capsys.readouterr().out
    assert "verdict" in out and "fingerprint " + "f" * 64 in out
    assert main(["explain", str(root), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tiers"]["PoII"]["ranks"]["original"] == 2


@pytest.mark.parametrize(
    ("counts", "start"),
    [
        ((50, 2, 3, 45, 0), "mostly original or unrelated: all-or-nothing"),
        ((5, 70, 10, 15, 0), "mostly near neighbours"),
        ((80, 10, 5, 5, 0), "mostly the original word"),
        ((0, 0, 0, 1, 9), "mostly words without an embedding"),
        ((0, 0, 0, 0, 0), "no word was perturbed"),
    ],
)
def test_verdicts(counts, start):
    assert verdict(dict(zip(RANK_BANDS, counts, strict=True))).startswith(start)


def test_explain_on_a_kernel_ledger(tmp_path):
    """Ledger rows from the real kernel, written like the pipeline, read back by explain."""
    from privtext.embeddings import CandidateSet, load_embeddings_cached
    from privtext.engine import MechanismAdapter
    from privtext.mechanisms.exponential import ExponentialMechanism
    from privtext.mechanisms.noise import KeyedNoise
    from privtext.sanitize import Sanitizer
    from privtext.tagging.policy import TierPolicy
    from privtext.tagging.registry import Tagger
    from privtext.tokenizer import tokenize

    emb = load_embeddings_cached("glove-6b-50d")
    cands = CandidateSet.build(emb, 2000)
    san = Sanitizer(
        TierPolicy.load(None),
        emb.lookup,
        cands.words,
        MechanismAdapter(ExponentialMechanism(cands), "em", 1),
        {"PII": 2.0, "PoII": 4.0},
        KeyedNoise(b"k" * 32),
    )
    texts = [
        "Maria Garcia moved from Madrid to London in May 2019.",
        "John Smith (john@example.org) works for Acme Corp in Paris.",
    ]
    res = san.sanitize_batch(
        ["d0", "d1"], texts, [tokenize(t) for t in texts], Tagger.default().tag_batch(texts)
    )
    rows = [
        {**{k: row[k] for k in LEDGER_COLS if k in row}, "doc_id": f"d{i}", "run_id": "r"}
        for i, r in enumerate(res)
        for row in r.ledger
    ]
    (tmp_path / "run" / "ledger").mkdir(parents=True)
    (tmp_path / "run" / "manifest").mkdir(parents=True)
    pq.write_table(
        pa.Table.from_pylist([{k: r[k] for k in LEDGER_COLS} for r in rows]),
        tmp_path / "run" / "ledger" / "part-0.parquet",
    )
    m = _manifest_row()
    m["mechanism_json"] = None
    m["counts_json"] = json.dumps({"documents": 2})
    pq.write_table(pa.Table.from_pylist([m]), tmp_path / "run" / "manifest" / "part-0.parquet")
    info = explain_run(tmp_path / "run")
    total = sum(r["tokens_perturbed"] for r in rows)
    assert total > 0 and sum(info["overall"]["ranks"].values()) == total
    assert info["tiers"]["PII"]["epsilon_per_token"] == 2.0
    assert info["overall"]["epsilon_sum_per_document"]["max"] == max(
        sum(row["epsilon_sum"] for row in r.ledger) for r in res
    )
