"""The mPL audit job on a small release of the leakage corpus (issue 6).

One release (40 documents of recurring, correlated persons; rules-only tagging; |C| about
2,000) is sanitized once for the module and audited three ways: a tiny LSTM attacker through
the Python API (tables, schema, bound, checkpoint, report), the exact single-word EM posterior
through the CLI (violation ratio 0), and the audit UDF against the driver-side
``predict_log_proba`` on the same documents.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from pyspark.sql import functions as F

from jobs.cli import main
from pipelines.audit import (
    AuditOptions,
    doc_units,
    is_training_doc,
    read_release,
    reconstruct_text,
    run_audit,
    train_split_expr,
)
from pipelines.io import path_exists, read_table
from pipelines.sanitize import run_sanitize
from privtext.config import build_config
from schemas.tables import struct_type

torch = pytest.importorskip("torch")

pytestmark = [pytest.mark.spark, pytest.mark.delta]

N_DOCS = 40
TINY = {"epochs": 3, "embed_dim": 16, "hidden": 16, "max_len": 64, "heads": 2, "batch_size": 16}


@pytest.fixture(scope="module")
def leakage(tmp_path_factory):
    from privtext.audit.corpus import generate_leakage_gold
    from privtext.demo import write_leakage_jsonl

    root = tmp_path_factory.mktemp("audit")
    path = root / "leakage.jsonl"
    write_leakage_jsonl(str(path), N_DOCS, seed=3)
    gold = generate_leakage_gold(N_DOCS, seed=3)
    names = sorted({m["surface"] for g in gold for m in g["mentions"] if m["kind"] == "person"})
    return root, path, names


@pytest.fixture(scope="module")
def release(spark, leakage):
    torch.set_num_threads(1)
    root, path, _ = leakage
    out = root / "release"
    cfg = build_config(
        None,
        {
            "input": {"path": str(path), "format": "jsonl"},
            "output": {"path": str(out), "keep_intermediates": True},
            "perturb": {"epsilon": 3.0, "candidates": 2000},
            "tagging": {"ner_model": "none"},
            "spark": {"shuffle_partitions": 2},
        },
    )
    run_sanitize(spark, cfg)
    return out


@pytest.fixture(scope="module")
def lstm_audit(spark, release, tmp_path_factory, leakage):
    out = tmp_path_factory.mktemp("audit-out") / "lstm"
    lines: list[str] = []
    res = run_audit(
        spark,
        AuditOptions(
            release=str(release),
            attacker="lstm",
            samples=3000,
            delta=0.05,
            seed=1,
            output=str(out),
            train=TINY,
            train_copies=2,
            prior="context",
            progress=lines.append,
        ),
    )
    return res, out, lines


def _absent(names: list[str], text: str) -> list[str]:
    return [n for n in names if re.search(rf"\b{re.escape(n)}\b", text)]


def test_audit_writes_table_report_and_checkpoints(spark, lstm_audit, leakage):
    from privtext.audit.attackers import TrainedAttacker
    from privtext.audit.mpl import hoeffding_log10_bound

    res, out, lines = lstm_audit
    table = read_table(spark, str(out / "audit"))
    want = [(f.name, f.dataType) for f in struct_type("audit").fields]
    assert [(f.name, f.dataType) for f in table.schema.fields] == want
    rows = {r.tier: r for r in table.collect()}
    assert set(rows) == {"PII", "PoII"}
    for tier, r in rows.items():
        assert r.run_id == res.run_id and r.attacker == "lstm" and r.samples == 3000
        assert r.prior == "context"
        # the prior of each audited position: the attacker's belief with the words hidden
        ta = res.tiers[tier]
        assert ta.log_prior is not None and ta.log_prior.shape == ta.log_post.shape
        assert 0.0 <= r.violation_ratio <= 1.0
        assert r.violation_ratio == pytest.approx(r.violations / r.samples)
        want = hoeffding_log10_bound(r.samples, r.violation_ratio, r.delta)
        if math.isnan(want):
            assert r.log10_bound is None
        else:
            assert r.log10_bound == pytest.approx(want)
        assert 0.0 <= r.top1_accuracy <= 1.0 and r.n_positions > 0
        assert r.mpl_p50 <= r.mpl_p90 <= r.mpl_p99 <= r.mpl_max
        assert r.target_eps == {"PII": 1.5, "PoII": 3.0}[tier]  # the release's eps_l
        assert r.ece_before is not None and r.ece_after is not None
        assert r.train_seconds > 0 and r.audit_seconds > 0
        # the checkpoint reloads and predicts over its secret vocabulary
        ckpt = out / f"attacker-{tier}"
        assert (ckpt / "model.pt").is_file() and (ckpt / "attacker.json").is_file()
        model = TrainedAttacker.load(ckpt)
        assert model.secret_vocab == res.tiers[tier].secret_vocab
        assert model.kind == "lstm"
    report = (out / "report.md").read_text(encoding="utf-8")
    assert (out / "mpl_hist.png").stat().st_size > 0
    assert (out / "calibration.png").stat().st_size > 0
    assert "violation ratio" in report and "PII" in report and "PoII" in report
    assert "prior pi: `context`" in report
    # no planted name in the report or the progress lines
    _, _, names = leakage
    assert names and _absent(names, report) == []
    assert _absent(names, "\n".join(lines)) == []


def test_udf_output_equals_driver_side_predict_log_proba(spark, lstm_audit, release):
    from privtext.audit.attackers import TrainedAttacker
    from privtext.audit.data import examples_from_tokens
    from udfs.audit import ScorerSpec, audit_udf, restrict_to_vocab

    res, out, _ = lstm_audit
    tier = "PII"
    model = TrainedAttacker.load(out / f"attacker-{tier}")
    tokens = read_table(spark, f"{release}/tokens")
    audited = tokens.where(~train_split_expr(1, 0.5))
    some = [
        r.doc_id for r in audited.select("doc_id").distinct().orderBy("doc_id").limit(6).collect()
    ]
    part = audited.where(audited.doc_id.isin(some))
    spec = ScorerSpec(
        kind="attacker", tier=tier, path=str(out / f"attacker-{tier}"), context_prior=True
    )
    got = {
        r.doc_id: r
        for r in doc_units(part)
        .select("doc_id", audit_udf(spec)("doc_id", "units").alias("r"))
        .select("doc_id", "r.*")
        .collect()
    }
    vocab = {w: i for i, w in enumerate(model.secret_vocab)}
    examples = restrict_to_vocab(examples_from_tokens(part.toPandas(), tier), vocab)
    want = model.predict_log_proba(examples)
    hidden = model.predict_log_proba(examples, hide=True)
    checked = 0
    for ex, lp, lp0 in zip(examples, want, hidden, strict=True):
        r = got[ex.doc_id]
        assert list(r.positions) == ex.positions
        assert list(r.true_index) == [vocab[s] for s in ex.secrets]
        if ex.positions:
            np.testing.assert_allclose(np.asarray(r.log_q), lp, rtol=1e-5, atol=1e-5)
            np.testing.assert_allclose(np.asarray(r.log_q0), lp0, rtol=1e-5, atol=1e-5)
            assert not np.allclose(lp, lp0)  # the released words count
            checked += 1
    assert checked > 0


def test_exact_em_posterior_gives_violation_ratio_zero_through_the_cli(
    spark, release, tmp_path, capsys, leakage
):
    out = tmp_path / "exact"
    rc = main(
        ["audit", "--release", str(release), "--attacker", "exact-em", "--samples", "4000",
         "--delta", "0.05", "--output", str(out), "--seed", "2"]
    )  # fmt: skip
    assert rc == 0
    printed = capsys.readouterr().out
    rows = read_table(spark, str(out / "audit")).collect()
    assert {r.tier for r in rows} == {"PII", "PoII"}
    for r in rows:
        assert r.attacker == "exact-em" and r.violations == 0 and r.violation_ratio == 0.0
        assert r.prior == "base-rate"
        assert r.mpl_max <= r.target_eps
        assert r.log10_bound == pytest.approx(math.log10(2) - 2 * 4000 * 0.05**2 / math.log(10))
    _, _, names = leakage
    assert _absent(names, printed) == []
    assert _absent(names, (out / "report.md").read_text(encoding="utf-8")) == []
    # an existing table is refused unless --mode append/overwrite
    assert main(["audit", "--release", str(release), "--attacker", "exact-em", "--output",
                 str(out), "--samples", "100"]) == 2  # fmt: skip
    # the exact posteriors read no context: a context prior is refused before any work
    assert main(["audit", "--release", str(release), "--attacker", "exact-em", "--prior",
                 "context", "--output", str(tmp_path / "x"), "--samples", "100"]) == 2  # fmt: skip
    assert "needs a learned attacker" in capsys.readouterr().err


def test_exact_linked_posterior_finds_the_joint_leakage_of_repeated_names(spark, release, tmp_path):
    """The same release, read word by word, never passes its eps (above); read with every
    mention of a name together it does, and never by more than the mentions' count."""
    res = run_audit(
        spark,
        AuditOptions(
            release=str(release), attacker="exact-linked", samples=20_000, delta=0.05,
            output=str(tmp_path / "linked"), seed=2,
        ),
    )  # fmt: skip
    tokens = read_table(spark, f"{release}/tokens").where("operator = 'mechanism'")
    most = tokens.groupBy("doc_id", "tier", F.lower("original")).count().agg(F.max("count"))
    k_max = most.first()[0]
    for tier in ("PII", "PoII"):
        row = res.tiers[tier].row
        assert row["attacker"] == "exact-linked"
        assert row["mpl_max"] <= k_max * row["target_eps"] + 1e-6
    assert res.tiers["PII"].row["violations"] > 0  # persons are named 3-5 times
    assert res.tiers["PII"].row["mpl_max"] > res.tiers["PII"].row["target_eps"]


def test_split_and_release_reading_are_consistent(spark, release):
    info = read_release(spark, str(release))
    assert info.cands.fingerprint  # rebuilt set matches the manifest's fingerprint
    assert info.tier_eps == {"PII": 1.5, "PoII": 3.0}
    tokens = read_table(spark, f"{release}/tokens")
    flags = tokens.select("doc_id", train_split_expr(7, 0.5).alias("t")).distinct().collect()
    assert {r.t for r in flags} == {True, False}
    assert all(is_training_doc(r.doc_id, 7, 0.5) == r.t for r in flags)
    # texts rebuilt from the tokens table tokenize to the same tokens
    from privtext.tokenizer import tokenize

    doc = tokens.where(tokens.doc_id == flags[0].doc_id).orderBy("start").collect()
    text = reconstruct_text([r.start for r in doc], [r.end for r in doc], [r.original for r in doc])
    words = [r.original for r in doc if r.operator in ("keep", "mechanism")]
    assert [w for w in tokenize(text).texts if w in set(words)] == words
    assert path_exists(spark, f"{release}/tags")


@pytest.mark.slow
def test_training_through_torch_distributor_saves_a_loadable_checkpoint(spark, release, tmp_path):
    from privtext.audit.attackers import TrainedAttacker

    out = tmp_path / "dist"
    res = run_audit(
        spark,
        AuditOptions(
            release=str(release), attacker="rnn", samples=500, output=str(out), tiers=("PII",),
            distributor=True, train=TINY, train_copies=1, seed=3,
        ),
    )  # fmt: skip
    assert [r["tier"] for r in res.rows] == ["PII"]
    model = TrainedAttacker.load(out / "attacker-PII")
    assert model.kind == "rnn" and model.secret_vocab == res.tiers["PII"].secret_vocab
