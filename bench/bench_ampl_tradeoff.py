"""Exact privacy-utility trade-off of per-tier scaling against the linked attacker (issue 6).

For one EM release written with its intermediates (e.g. round 0 of ``bench/bench_audit.py``),
this takes every perturbed position of each tier and, for each tier scale ``alpha``, draws the
release again at ``alpha * eps`` (numpy, seeded) and computes without any training:

* the violation ratio of the exact single-word posterior (``exact-em``);
* the violation ratio of the exact *linked* posterior (``exact-linked``: every mention of a
  secret in its document read together), on the release as drawn and after Bayesian remapping
  (the remapped release's likelihood pools each preimage: ``privtext.audit.mpl.
  pooled_log_likelihood``);
* the mean distance between released and original words, before and after remapping.

Every figure is exact up to the draw and the triplet sampling (``--samples`` triplets per
tier and alpha; standard error at most ``0.5 / sqrt(S)``). The AmPL rows of
``bench/bench_audit.py`` are one point of these curves, read by learned attackers too.

    .venv/bin/python bench/bench_ampl_tradeoff.py --release /tmp/ba1/eps-2.5/rounds/round-0 \\
        --target-scale 0.3 --alphas 1,0.97,0.95,0.93,0.9,0.85,0.8,0.7
"""

from __future__ import annotations

import argparse
import collections
import shlex
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--release", required=True, help="an EM release with --keep-intermediates")
    p.add_argument("--target-scale", type=float, default=0.3, help="mPL target / eps (0.3)")
    p.add_argument("--alphas", default="1,0.97,0.95,0.93,0.9,0.85,0.8,0.7")
    p.add_argument("--samples", type=int, default=40_000, help="triplets per tier and alpha")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--report", default="bench/results/ampl_tradeoff_exact.md")
    a = p.parse_args(argv)
    command = "bench/bench_ampl_tradeoff.py " + " ".join(
        shlex.quote(x) for x in (argv or sys.argv[1:])
    )
    from pipelines.audit import read_release
    from pipelines.io import read_table
    from pipelines.sanitize import remap_prior_of
    from pipelines.session import build_session
    from privtext.audit.mpl import (
        distance_matrix,
        em_log_likelihood,
        estimate_pbmpl,
        exact_linked_log_posterior,
        pooled_log_likelihood,
    )
    from privtext.embeddings import load_embeddings_cached
    from privtext.mechanisms.remap import cached_remap_table, public_log_prior

    t_all = time.perf_counter()
    spark = build_session("local[1]", app_name="bench-ampl-tradeoff", shuffle_partitions=1)
    info = read_release(spark, a.release)
    rows = (
        read_table(spark, f"{a.release}/tokens")
        .where("operator = 'mechanism'")
        .select("doc_id", "tier", "original")
        .collect()
    )
    spark.stop()
    eps = float(info.mechanism["epsilon"])
    if info.mechanism.get("label") != "em":
        raise SystemExit(f"need a plain EM release, got {info.mechanism.get('label')!r}")
    emb = load_embeddings_cached(info.cfg.perturb.embeddings)
    cvec = info.cands.vectors64()
    alphas = [float(x) for x in a.alphas.split(",")]
    target = a.target_scale * eps
    out: dict[str, list[dict[str, float]]] = {}
    for tier in ("PII", "PoII"):
        pos = [(r.doc_id, r.original.lower()) for r in rows if r.tier == tier]
        pos = [(d, w) for d, w in pos if emb.lookup([w])[0] >= 0]
        if not pos:
            continue
        vocab = sorted({w for _, w in pos})
        index = {w: i for i, w in enumerate(vocab)}
        x = np.array([index[w] for _, w in pos], dtype=np.int64)
        group_ids: dict[tuple[str, str], int] = {}
        groups = np.array([group_ids.setdefault(g, len(group_ids)) for g in pos], np.int64)
        svec = emb.vectors[emb.lookup(vocab)].astype(np.float64)
        lp = public_log_prior(vocab)
        dm = distance_matrix(svec)
        kind, prior_tier = remap_prior_of(
            tier, info.cfg.perturb.remap_prior, info.cfg.perturb.perturb_all_words
        )
        out[tier] = []
        for alpha in alphas:
            e = alpha * eps
            full = em_log_likelihood(np.arange(len(cvec)), e, svec, cvec).T  # [V, |C|]
            rng = np.random.default_rng([a.seed, int(round(alpha * 1e6))])
            y = np.argmax(full[x] + rng.gumbel(size=(x.size, full.shape[1])), axis=1)
            table = np.asarray(
                cached_remap_table(info.cands, e, prior=kind, tier=prior_tier).table, np.int64
            )
            z = table[y]
            pooled = pooled_log_likelihood(full, table)

            def ratio(post: np.ndarray, _aud: tuple = (x, lp, dm)) -> float:
                st = estimate_pbmpl(
                    post, *_aud, target, a.samples, 0.05, np.random.default_rng(a.seed)
                )
                return float(st.violation_ratio)

            single = full[:, y].T + lp
            single -= np.logaddexp.reduce(single, axis=1, keepdims=True)
            out[tier].append(
                {
                    "alpha": alpha,
                    "single": ratio(single),
                    "linked": ratio(exact_linked_log_posterior(full[:, y].T, groups, lp)),
                    "linked_remap": ratio(exact_linked_log_posterior(pooled[:, z].T, groups, lp)),
                    "dist": float(np.linalg.norm(svec[x] - cvec[y], axis=1).mean()),
                    "dist_remap": float(np.linalg.norm(svec[x] - cvec[z], axis=1).mean()),
                }
            )
            r = out[tier][-1]
            print(
                f"{tier} alpha {alpha:g}: single {r['single']:.4f} linked {r['linked']:.4f} "
                f"linked+remap {r['linked_remap']:.4f} dist {r['dist']:.3f} "
                f"remapped {r['dist_remap']:.3f}",
                flush=True,
            )
        ks = collections.Counter(collections.Counter(pos).values())
        out[tier].append({"positions": len(pos), "secrets": len(vocab), "k": dict(ks)})  # type: ignore[dict-item]
    wall = time.perf_counter() - t_all
    lines = [
        "# Exact trade-off of per-tier scaling against the linked attacker",
        "",
        "Command (from the repository root):",
        "",
        "```bash",
        f".venv/bin/python {command}",
        "```",
        "",
        f"Release `{a.release}` (run {info.run_id}, eps {eps:g}, |C| = {len(cvec)}); audit target "
        f"mPL <= {a.target_scale:g} x eps = {target:g}; S = {a.samples} triplets per tier and "
        f"alpha. Wall time {wall / 60:.1f} min. Relative changes are against alpha = 1 as "
        "drawn (EM); 'strict' utility compares with EM remapped.",
        "",
    ]
    for tier, recs in out.items():
        meta = recs[-1]
        recs = recs[:-1]
        base = next((r for r in recs if r["alpha"] == 1.0), recs[0])  # EM: alpha 1
        lines += [
            f"## {tier}: {meta['positions']} positions, {meta['secrets']} secrets, mentions "
            f"per (document, word): {sorted(meta['k'].items())}",
            "",
            "| alpha | single-word | linked | linked, remapped | mean distance | remapped | "
            "remapped vs EM | vs EM remapped |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for r in recs:
            lines.append(
                f"| {r['alpha']:g} | {r['single']:.4f} | {r['linked']:.4f} "
                f"({r['linked'] / base['linked'] - 1:+.0%}) | {r['linked_remap']:.4f} "
                f"({r['linked_remap'] / base['linked'] - 1:+.0%}) | {r['dist']:.3f} | "
                f"{r['dist_remap']:.3f} | {r['dist_remap'] / base['dist'] - 1:+.0%} | "
                f"{r['dist_remap'] / base['dist_remap'] - 1:+.0%} |"
            )
        lines.append("")
    report = Path(a.report)
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
