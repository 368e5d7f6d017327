"""A small sanitize job on Spark, then ``privtext explain`` on its output (and ``--remap on``)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from jobs.cli import main
from pipelines.io import read_table
from pipelines.sanitize import run_sanitize
from privtext.config import build_config
from privtext.demo import write_demo_jsonl
from privtext.explain import explain_run
from privtext.sanitize import RANK_BANDS, RANK_COLUMNS

pytestmark = [pytest.mark.spark, pytest.mark.delta]


def _cfg(inp, out, **perturb):
    return build_config(
        None,
        {
            "input": {"path": str(inp), "format": "jsonl"},
            "output": {"path": str(out), "keep_intermediates": True},
            "perturb": {"epsilon": 3.0, "candidates": 2000, **perturb},
            "tagging": {"ner_model": "none"},
            "spark": {"shuffle_partitions": 2},
        },
    )


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    path = tmp_path_factory.mktemp("explain") / "demo.jsonl"
    write_demo_jsonl(str(path), n_docs=16, seed=5, include_bad_rows=False)
    return path


def test_sanitize_then_explain_reports_what_the_ledger_and_manifest_hold(
    spark, corpus, tmp_path, capsys
):
    out = tmp_path / "out"
    summary = run_sanitize(spark, _cfg(corpus, out))
    ledger = read_table(spark, f"{out}/ledger").collect()
    for r in ledger:
        assert sum(r[c] for c in RANK_COLUMNS) == r.tokens_perturbed
    manifest = read_table(spark, f"{out}/manifest").first()
    mech = json.loads(manifest.mechanism_json)
    assert mech["label"] == "em" and mech["remap"] is False
    assert mech["candidates_fingerprint"] == manifest.candidates_fingerprint
    for tier in ("PII", "PoII"):
        rows = [r for r in ledger if r.tier == tier]
        want = {b: sum(r[c] for r in rows) for b, c in zip(RANK_BANDS, RANK_COLUMNS, strict=True)}
        assert mech["tiers"][tier]["ranks"] == want
        assert mech["tiers"][tier]["tokens_perturbed"] == sum(r.tokens_perturbed for r in rows)

    info = explain_run(out)
    assert info["format"] == "delta" and info["documents"] == summary.counts["documents"] == 16
    assert info["candidates"]["size"] == summary.counts["candidates"] >= 2000
    assert info["tiers"]["PII"]["epsilon_per_token"] == 1.5
    assert info["tiers"]["PoII"]["epsilon_per_token"] == 3.0
    total = summary.counts["perturbed_pii"] + summary.counts["perturbed_poii"]
    assert info["overall"]["tokens_perturbed"] == total > 0
    assert sum(info["overall"]["ranks"].values()) == total
    assert info["overall"]["ranks"]["original"] == summary.counts["kept_by_mechanism"]
    assert info["overall"]["units_by_operator"]["mechanism"] == total
    per_doc = {}
    for r in ledger:
        per_doc[r.doc_id] = per_doc.get(r.doc_id, 0.0) + r.epsilon_sum
    assert info["overall"]["epsilon_sum_per_document"]["max"] == pytest.approx(
        max(per_doc.values())
    )
    assert main(["explain", str(out)]) == 0
    text = capsys.readouterr().out
    assert "[PII]" in text and "verdict:" in text and manifest.candidates_fingerprint in text

    # the tokens intermediate shows, per token, the original and what was released
    tokens = read_table(spark, f"{out}/tokens").where("operator = 'mechanism'").collect()
    assert len(tokens) == total
    assert all(r.original and r.replacement for r in tokens)
    assert (
        sum(r.original.lower() == r.replacement.lower() for r in tokens)
        == (summary.counts["kept_by_mechanism"])
    )


def test_remap_on_releases_only_images_of_the_remap_tables(spark, corpus, tmp_path):
    """Remapping, here with one draw per word (consistent mentions), which the ledger names."""
    remap = pytest.importorskip("privtext.mechanisms.remap")
    from privtext.embeddings import CandidateSet, load_embeddings_cached
    from privtext.explain import GUARANTEE_ONE_DRAW
    from privtext.tokenizer import tokenize

    out = tmp_path / "out"
    summary = run_sanitize(spark, _cfg(corpus, out, remap=True, consistent_mentions=True))
    label = "em+one-draw-per-word+remap"
    ledger = read_table(spark, f"{out}/ledger").select("mechanism").distinct().collect()
    assert [r.mechanism for r in ledger] == [label]
    manifest = read_table(spark, f"{out}/manifest").first()
    mech = json.loads(manifest.mechanism_json)
    assert mech["label"] == label
    for tier, eps_l in (("PII", 1.5), ("PoII", 3.0)):
        rec = mech["tiers"][tier]["remap"]
        assert rec["eps"] == eps_l and {"prior", "top_m", "min_mass"} <= rec.keys()
        assert rec["prior"] == remap.tier_prior_name(tier)  # the default: the tier's prior

    # the same candidate set as the driver's (top 2000 + the corpus's own words)
    emb = load_embeddings_cached("glove-6b-50d")
    texts = [json.loads(line)["text"] for line in corpus.read_text().splitlines() if line]
    idx = emb.lookup(sorted({n for t in texts for n in tokenize(t).norms}))
    cands = CandidateSet.build(emb, 2000, extra_words=[emb.words[i] for i in idx[idx >= 0]])
    assert cands.fingerprint == manifest.candidates_fingerprint
    tokens = read_table(spark, f"{out}/tokens").where("operator = 'mechanism'").collect()
    assert len(tokens) == summary.counts["perturbed_pii"] + summary.counts["perturbed_poii"] > 0
    for tier, eps_l in (("PII", 1.5), ("PoII", 3.0)):
        table = remap.cached_remap_table(cands, eps_l, prior="tier", tier=tier).table
        image = set(cands.words[np.unique(table)].tolist())
        released = [r.replacement.lower() for r in tokens if r.tier == tier]
        assert released and all(w in image for w in released), tier
    info = explain_run(out)
    assert info["remap"] is True and info["mechanism"] == label
    assert info["guarantee"] == GUARANTEE_ONE_DRAW
