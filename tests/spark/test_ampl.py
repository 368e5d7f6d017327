"""The AmPL loop end to end through the CLI: two rounds and the final remapped release.

Round 0 must be the EM baseline (alpha = 1 for both tiers); the audit target is set far below
the budget (--target-eps 0.05) so that round 0 violates it and round 1 runs with a lower alpha.
Three sanitize runs and two audits: marked slow.
"""

from __future__ import annotations

import json
import re

import pytest

from jobs.cli import main
from pipelines.io import path_exists, read_table
from schemas.tables import struct_type

pytest.importorskip("torch")

pytestmark = [pytest.mark.spark, pytest.mark.delta, pytest.mark.slow]


def test_ampl_two_rounds_record_every_round_and_write_a_remapped_final_release(
    spark, tmp_path, capsys
):
    import torch

    from privtext.audit.corpus import generate_leakage_gold
    from privtext.demo import write_leakage_jsonl

    torch.set_num_threads(1)
    corpus = tmp_path / "leakage.jsonl"
    write_leakage_jsonl(str(corpus), 30, seed=4)
    names = sorted(
        {m["surface"] for g in generate_leakage_gold(30, seed=4) for m in g["mentions"]
         if m["kind"] == "person"}
    )  # fmt: skip
    out = tmp_path / "ampl"
    rc = main(
        ["ampl", "--corpus", str(corpus), "--epsilon", "3", "--target-delta", "0.05",
         "--target-eps", "0.05", "--rounds", "2", "--attacker", "lstm", "--lambda-privacy",
         "1", "--lambda-utility", "1", "--variant", "full", "--output", str(out),
         "--samples", "1000", "--candidates", "2000", "--ner-model", "none", "--epochs", "3",
         "--embed-dim", "16", "--hidden", "16", "--max-len", "64", "--train-copies", "1"]
    )  # fmt: skip
    printed = capsys.readouterr().out
    assert rc == 0
    rounds = read_table(spark, str(out / "ampl_rounds"))
    want = [(f.name, f.dataType) for f in struct_type("ampl_rounds").fields]
    assert [(f.name, f.dataType) for f in rounds.schema.fields] == want
    rows = {(r["round"], r.tier): r for r in rounds.collect()}
    assert set(rows) == {(0, "PII"), (0, "PoII"), (1, "PII"), (1, "PoII")}
    for tier in ("PII", "PoII"):
        r0, r1 = rows[(0, tier)], rows[(1, tier)]
        assert r0.alpha == 1.0 and r0.epsilon_tier == 3.0
        assert r0.violation_ratio > 0.05  # the far-too-low target is violated
        assert r1.alpha < 1.0 and r1.epsilon_tier == pytest.approx(3.0 * r1.alpha)
        # U(alpha) is the exact expected EM distance: less budget, more distortion
        assert r1.utility_loss > r0.utility_loss > 0
        assert r0.mean_distance is not None and r0.duration_s > 0
    assert rows[(1, "PII")].alpha <= rows[(1, "PoII")].alpha
    # every round's audit is in the audit table
    audits = read_table(spark, str(out / "audit")).collect()
    assert {r.release_run_id for r in audits} == {rows[(k, "PII")].run_id for k in (0, 1)}
    # the final release: remapped EM at the last round's alpha
    final = out / "final"
    assert path_exists(spark, str(final / "documents"))
    mech = json.loads(read_table(spark, str(final / "manifest")).first().mechanism_json)
    assert mech["label"] == "em+remap"
    assert mech["tiers"]["PII"]["alpha"] == pytest.approx(rows[(1, "PII")].alpha)
    assert "ampl round 0" in printed and "ampl round 1" in printed
    # an attacker of the remapped final release trains on remapped pairs: every training
    # word of a tier is an image of that tier's remap table, as in the release itself
    from pipelines.audit import AuditOptions, _perturb_training, read_release, split_release

    info = read_release(spark, str(final))
    opts = AuditOptions(release=str(final), train_copies=1)
    train, audited = split_release(spark, info, opts)
    images = {t: {info.cands.words[i] for i in set(tab.tolist())}
              for t, tab in _remap_tables(info).items()}  # fmt: skip
    for tier in ("PII", "PoII"):
        exs = _perturb_training(train, info, tier, opts)
        trained = {ex.tokens[p] for ex in exs for p in ex.positions}
        released = {r.w for r in audited.where(f"tier = '{tier}' AND operator = 'mechanism'")
                    .selectExpr("lower(replacement) AS w").collect()}  # fmt: skip
        assert trained and trained <= images[tier] and released <= images[tier]
    # no planted name in the progress lines or the round reports
    hits = [n for n in names if re.search(rf"\b{re.escape(n)}\b", printed)]
    assert hits == []
    for k in (0, 1):
        report = (out / "rounds" / f"round-{k}" / "audit" / "report.md").read_text()
        assert [n for n in names if re.search(rf"\b{re.escape(n)}\b", report)] == []


def _remap_tables(info):
    from pipelines.audit import training_remap

    tables = training_remap(info)
    assert tables is not None
    return tables
