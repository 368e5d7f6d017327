"""Table 1 of seed 001 on this project's leakage corpus: attacker x eps x mechanism (issue 6).

For each eps: ``privtext ampl`` (``pipelines.ampl.run_ampl``) with the LSTM attacker driving the
loop; its round 0 is the EM baseline (alpha = 1 for both tiers) and its final release is the
remapped AmPL release. The other attackers (RNN, Transformer) audit the same two releases, so
every row of a given eps and mechanism reads the same release:

* EM: ``OUTPUT/eps-E/rounds/round-0`` (alpha = 1), audited by each attacker;
* AmPL: ``OUTPUT/eps-E/final`` (alpha after the loop, Bayesian remapping on), audited by each.

Columns: violation ratio per tier (target: ``--target-scale`` x eps; 1 = the tier's budget at
alpha = 1), top-1
accuracy per tier, utility loss = measured mean GloVe distance between released and original
words (mechanism units, both tiers pooled by token) and the exact ``U(alpha)`` of EM (PII), and
the loop's alphas. Writes ``bench/results/audit_table1.md`` (or ``--report``) with the command.

    .venv/bin/python bench/bench_audit.py --docs 300 --eps 2.5,5 --out /tmp/bench-audit
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ATTACKERS = ("rnn", "lstm", "transformer")


def _pooled(dist: dict[str, float | None], counts: dict[str, int]) -> float | None:
    num = sum((dist[t] or 0.0) * counts[t] for t in dist if dist[t] is not None)
    den = sum(counts[t] for t in dist if dist[t] is not None)
    return num / den if den else None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--docs", type=int, default=200, help="leakage corpus documents (200)")
    p.add_argument("--eps", default="2.5,5", help="global budgets (2.5,5)")
    p.add_argument("--rounds", type=int, default=2, help="AmPL round budget (2)")
    p.add_argument(
        "--target-delta", default="0.01", help="AmPL's delta, D or PII=D1,PoII=D2 (0.01)"
    )
    p.add_argument("--step", type=float, default=0.3, help="AmPL alpha step (0.3)")
    p.add_argument(
        "--target-scale",
        type=float,
        default=1.0,
        help="audit target of both tiers = this x eps (1.0: a tier's budget at alpha = 1)",
    )
    p.add_argument("--lambda-privacy", type=float, default=1.0, help="AmPL lambda_1 (1)")
    p.add_argument("--lambda-utility", type=float, default=1.0, help="AmPL lambda_2 (1)")
    p.add_argument("--variant", default="full", help="AmPL variant: full|u|p|one (full)")
    p.add_argument(
        "--court-every", type=int, default=0,
        help="every k-th document a court-style judgment (0: none, as in BENCHMARKS.md)",
    )  # fmt: skip
    p.add_argument(
        "--consistent-mentions", action="store_true",
        help="perturb.consistent_mentions: one draw per word and document (default: off)",
    )  # fmt: skip
    p.add_argument(
        "--attacker-vectors", default="",
        help="attackers also read the public word vectors (TrainConfig.embeddings), e.g. "
        "glove-6b-50d (default: none, learned embeddings only)",
    )  # fmt: skip
    p.add_argument(
        "--loop-attacker", default="lstm",
        help="the attacker whose audit drives AmPL (lstm; exact-linked: the exact posterior of "
        "all mentions of a secret read together, no training)",
    )  # fmt: skip
    p.add_argument(
        "--attackers", default=",".join(ATTACKERS),
        help="attackers of the table, comma-separated (rnn,lstm,transformer; also exact-em, "
        "exact-linked)",
    )  # fmt: skip
    p.add_argument(
        "--attacker-link",
        action="store_true",
        help="with --attacker-vectors: the linked-mentions head (TrainConfig.link_mentions)",
    )
    p.add_argument(
        "--prior",
        choices=("base-rate", "context"),
        default="base-rate",
        help="prior of the learned attackers' audits (pipelines.audit.PRIOR_CHOICES; the exact "
        "attackers always use the public prior) (base-rate)",
    )
    p.add_argument("--samples", type=int, default=5000, help="S per tier (5000)")
    p.add_argument("--candidates", type=int, default=5000, help="|C| top words (5000)")
    p.add_argument("--epochs", type=int, default=10, help="attacker epochs (10)")
    p.add_argument("--dim", type=int, default=48, help="attacker embed/hidden size (48)")
    p.add_argument("--train-copies", type=int, default=3, help="re-perturbations (3)")
    p.add_argument("--threads", type=int, default=2, help="torch threads (2)")
    p.add_argument("--out", default="/tmp/privtext-bench-audit", help="work folder")
    p.add_argument("--report", default="bench/results/audit_table1.md")
    a = p.parse_args(argv)
    command = "bench/bench_audit.py " + " ".join(shlex.quote(x) for x in (argv or sys.argv[1:]))

    os.environ.setdefault("PRIVTEXT_NOISE_KEY", "5e" * 32)  # bench-only key
    import torch

    torch.set_num_threads(a.threads)
    from jobs.audit_cli import parse_delta
    from pipelines.ampl import AmplOptions, run_ampl
    from pipelines.audit import AuditOptions, run_audit
    from pipelines.io import delete_path
    from pipelines.session import build_session
    from privtext.config import build_config
    from privtext.demo import write_leakage_jsonl

    delta = parse_delta(a.target_delta)
    t_all = time.perf_counter()
    spark = build_session("local[2]", app_name="bench-audit", shuffle_partitions=2)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    corpus = out / "leakage.jsonl"
    write_leakage_jsonl(str(corpus), a.docs, seed=0, court_every=a.court_every)
    train = {"epochs": a.epochs, "embed_dim": a.dim, "hidden": a.dim, "max_len": 128,
             "patience": 3, "heads": 4, "embeddings": a.attacker_vectors,
             "link_mentions": a.attacker_link}  # fmt: skip
    audit_kw = {"train": train, "train_copies": a.train_copies, "torch_threads": a.threads}

    def prior_of(attacker: str) -> dict[str, str]:
        return {"prior": "base-rate" if attacker.startswith("exact") else a.prior}

    rows: list[dict] = []
    loops: list[str] = []
    for eps in (float(x) for x in a.eps.split(",")):
        t_eps = time.perf_counter()
        base = build_config(
            None,
            {
                "input": {"path": str(corpus), "format": "jsonl"},
                "perturb": {
                    "epsilon": eps,
                    "candidates": a.candidates,
                    "consistent_mentions": a.consistent_mentions,
                },
                "tagging": {"ner_model": "none"},
                "spark": {"shuffle_partitions": 2},
            },
        )
        run_dir = out / f"eps-{eps:g}"
        delete_path(spark, str(run_dir))
        res = run_ampl(
            spark,
            AmplOptions(
                base=base, output=str(run_dir), target_delta=delta, rounds=a.rounds,
                attacker=a.loop_attacker, samples=a.samples, audit_final=True,
                target_eps=a.target_scale * eps,
                controller={"step": a.step}, audit={**audit_kw, **prior_of(a.loop_attacker)},
                progress=print,
                lambda_privacy=a.lambda_privacy, lambda_utility=a.lambda_utility,
                variant=a.variant,
            ),
        )  # fmt: skip
        em_dir, final_dir = str(run_dir / "rounds" / "round-0"), res.final
        r0 = res.rounds[0]
        em_counts = {"PII": r0.summary.counts["perturbed_pii"],
                     "PoII": r0.summary.counts["perturbed_poii"]}  # fmt: skip
        fin_counts = {"PII": res.final_summary.counts["perturbed_pii"],
                      "PoII": res.final_summary.counts["perturbed_poii"]}  # fmt: skip
        em_dist = _pooled({r["tier"]: r["mean_distance"] for r in r0.rows}, em_counts)
        fin_dist = _pooled(res.final_mean_distance, fin_counts)
        u_em = {r["tier"]: r["utility_loss"] for r in r0.rows}
        u_ampl = {r["tier"]: r["utility_loss"] for r in res.rounds[-1].rows}
        loops.append(
            f"eps {eps:g}: {len(res.rounds)} round(s), p_hat({a.loop_attacker}) by round "
            + "; ".join(
                f"{k}: PII {rd.rows[0]['violation_ratio']:.4f} / PoII "
                f"{rd.rows[1]['violation_ratio']:.4f} at alpha "
                f"({rd.alpha['PII']:.2f}, {rd.alpha['PoII']:.2f})"
                for k, rd in enumerate(res.rounds)
            )
            + f" - {res.stop_reason}"
        )
        for attacker in a.attackers.split(","):
            loop = attacker == a.loop_attacker
            for mech, release, audit in (
                ("EM", em_dir, r0.audit if loop else None),
                ("AmPL", final_dir, res.final_audit if loop else None),
            ):
                if audit is None:
                    audit = run_audit(
                        spark,
                        AuditOptions(
                            release=release, attacker=attacker, samples=a.samples,
                            delta=delta, target_eps={"PII": a.target_scale * eps,
                                                         "PoII": a.target_scale * eps},
                            seed=0,
                            output=f"{release}/audit-{attacker}", mode="overwrite",
                            progress=print, **audit_kw, **prior_of(attacker),
                        ),
                    )  # fmt: skip
                alpha = res.rounds[0].alpha if mech == "EM" else res.final_alpha
                rows.append({
                    "attacker": attacker, "eps": eps, "mechanism": mech,
                    "alpha": f"{alpha['PII']:.2f} / {alpha['PoII']:.2f}",
                    "vr_pii": audit.tiers["PII"].row["violation_ratio"],
                    "vr_poii": audit.tiers["PoII"].row["violation_ratio"],
                    "top1_pii": audit.tiers["PII"].row["top1_accuracy"],
                    "top1_poii": audit.tiers["PoII"].row["top1_accuracy"],
                    "dist": em_dist if mech == "EM" else fin_dist,
                    "u_pii": (u_em if mech == "EM" else u_ampl)["PII"],
                })  # fmt: skip
        print(f"eps {eps:g} done in {time.perf_counter() - t_eps:.0f} s", flush=True)
    wall = time.perf_counter() - t_all

    def f(v: float | None, spec: str = ".4f") -> str:
        return "n/a" if v is None else format(v, spec)

    lines = [
        "# Audit Table 1 (seed 001 shape): attacker x eps x mechanism",
        "",
        "Command (from the repository root):",
        "",
        "```bash",
        f".venv/bin/python {command}",
        "```",
        "",
        f"Sizes: leakage corpus of {a.docs} documents (privtext.audit.corpus, seed 0), "
        f"rules-only tagging (--ner-model none), |C| = top {a.candidates} GloVe 6B 50d words + "
        f"the corpus's words; attackers {a.dim}-d"
        + (f" reading the public {a.attacker_vectors} vectors" if a.attacker_vectors else "")
        + (" with the linked-mentions head" if a.attacker_link else "")
        + f", <= {a.epochs} epochs (patience 3), "
        f"{a.train_copies} re-perturbations of the 50% training split; S = {a.samples} "
        f"triplets per tier; prior of the learned attackers' audits: {a.prior}; AmPL: driven "
        f"by {a.loop_attacker}, target delta {a.target_delta}, "
        f"step {a.step}, <= {a.rounds} rounds, lambda_privacy = {a.lambda_privacy:g}, "
        f"lambda_utility = {a.lambda_utility:g}, variant {a.variant}"
        + (
            "; every release with one draw per word and document (consistent mentions)."
            if a.consistent_mentions
            else "."
        ),
        f"Wall time: {wall / 60:.1f} min on this shared 2-core machine (other jobs running; "
        f"torch threads {a.threads}).",
        "",
        f"Target of the audit: mPL <= {a.target_scale:g} x eps for both tiers (1 x eps is a "
        "tier's budget at alpha = 1). "
        "Utility: mean GloVe distance released-original over perturbed words (EM: no remap; "
        "AmPL: after Bayesian remapping); U(alpha) is the exact EM expected distance of the PII "
        "secrets at the row's alpha (before remapping).",
        "",
        "| attacker | eps | mechanism | alpha PII / PoII | violation ratio PII | PoII | "
        "top-1 PII | PoII | utility loss (mean dist.) | U(alpha) PII |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['attacker']} | {r['eps']:g} | {r['mechanism']} | {r['alpha']} | "
            f"{f(r['vr_pii'])} | {f(r['vr_poii'])} | {f(r['top1_pii'], '.3f')} | "
            f"{f(r['top1_poii'], '.3f')} | {f(r['dist'], '.3f')} | {f(r['u_pii'], '.3f')} |"
        )
    lines += ["", "AmPL loops:", ""] + [f"- {x}" for x in loops]
    report = Path(a.report)
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    print(f"wrote {report} ({wall:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
