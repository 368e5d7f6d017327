"""Table 1 cells with several training seeds: learned attackers x releases x seeds (issue 6).

``bench/bench_audit.py`` trains each attacker once per release; at violation ratios of 1-5% one
training moves a cell by tens of percent. This script audits given releases (written with
``--keep-intermediates``, e.g. the round-0 EM release and the remapped final release of a
``bench_audit.py`` run) with each learned attacker and each seed (``privtext audit --seed``: the
training split, the training run and the sampled triplets), one ``privtext audit`` process per
cell, and writes a Markdown table of every cell, the mean over seeds and each release's change
against the first release of the list. A cell whose folder holds ``done.json`` is not run
again, so an interrupted run resumes.

``--make-remapped SRC=OUT`` first writes the Bayesian-remapped twin of release SRC: the
same configuration (and, with the same ``PRIVTEXT_NOISE_KEY``, the same EM draws) with
``perturb.remap`` on, at SRC's tier scales. With SRC an AmPL round 0 this is EM at alpha = 1
remapped, the baseline of the strict reading of "AmPL against EM".

    PRIVTEXT_NOISE_KEY=5e5e... .venv/bin/python bench/bench_audit_seeds.py \\
        --make-remapped /tmp/bc2/eps-2.5/rounds/round-0=/tmp/t1/em-remap1 \\
        --release em=/tmp/bc2/eps-2.5/rounds/round-0 --release emremap=/tmp/t1/em-remap1 \\
        --release ampl=/tmp/bc2/eps-2.5/final --attackers lstm,rnn,transformer --seeds 0,1,2 \\
        --prior context --out /tmp/t1 --report bench/results/audit_seeds.md
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TIERS = ("PII", "PoII")


def _cell_dir(out: Path, prior: str, rel: str, att: str, seed: int) -> Path:
    return out / f"{'br-' if prior == 'base-rate' else ''}{rel}-{att}-s{seed}"


def make_remapped(src: str, out: str) -> None:
    """Write release ``src``'s configuration again to ``out`` with Bayesian remapping on."""
    from pipelines.sanitize import run_sanitize
    from pipelines.session import build_session
    from privtext.config import RunConfig, config_from_manifest, with_tier_scales

    spark = build_session(shuffle_partitions=2)
    row = spark.read.format("delta").load(f"{src}/manifest").collect()[0]
    base = config_from_manifest(row["config_json"])
    data = base.model_dump()
    data["output"] = {**data["output"], "path": out, "mode": "overwrite",
                      "keep_intermediates": True}  # fmt: skip
    data["perturb"] = {**data["perturb"], "remap": True}
    cfg = with_tier_scales(
        RunConfig.model_validate(data, context={"allow_equal_tier_scales": True}),
        base.perturb.alpha_pii,
        base.perturb.alpha_poii,
    )
    run_sanitize(spark, cfg)


def release_distance(releases: dict[str, str], embeddings: str) -> dict[str, float | None]:
    """Per release: the mean GloVe distance released-original, both tiers pooled by token."""
    from pyspark.sql import functions as F

    from pipelines.ampl import mean_distance
    from pipelines.io import read_table
    from pipelines.session import build_session

    spark = build_session(shuffle_partitions=2)
    out: dict[str, float | None] = {}
    for name, path in releases.items():
        dist = mean_distance(spark, path, embeddings)
        counts = {
            r["tier"]: r["count"]
            for r in read_table(spark, f"{path}/tokens")
            .where(F.col("operator") == "mechanism")
            .groupBy("tier")
            .count()
            .collect()
        }
        num = sum((dist[t] or 0.0) * counts.get(t, 0) for t in TIERS if dist[t] is not None)
        den = sum(counts.get(t, 0) for t in TIERS if dist[t] is not None)
        out[name] = num / den if den else None
    return out


def _read_rows(cell: Path) -> dict[str, dict]:
    import pyarrow.parquet as pq

    rows: dict[str, dict] = {}
    for f in sorted(glob.glob(str(cell / "audit" / "*.parquet"))):
        for r in pq.read_table(f).to_pylist():
            rows[r["tier"]] = r
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--release", action="append", required=True, help="NAME=PATH (repeatable; "
                   "the first is the baseline of the change columns)")  # fmt: skip
    p.add_argument("--make-remapped", action="append", default=[], help="SRC=OUT")
    p.add_argument("--attackers", default="lstm,rnn,transformer")
    p.add_argument("--seeds", default="0,1,2")
    p.add_argument("--prior", choices=["base-rate", "context"], default="context")
    p.add_argument("--samples", type=int, default=20000)
    p.add_argument("--target-eps", default="0.75", help="audit target, both tiers (0.75)")
    p.add_argument("--attacker-vectors", default="glove-6b-50d")
    p.add_argument("--no-link", action="store_true", help="without the linked-mentions head")
    p.add_argument("--train-copies", type=int, default=3)
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--dim", type=int, default=48)
    p.add_argument("--threads", type=int, default=1, help="torch threads per audit (1)")
    p.add_argument("--out", required=True)
    p.add_argument("--report", default=None)
    p.add_argument("--baseline", action="append", default=[],
                   help="release of a change column (repeatable; default: the first)")  # fmt: skip
    p.add_argument("--collect-only", action="store_true", help="only write the table")
    a = p.parse_args(argv)
    releases = dict(r.split("=", 1) for r in a.release)
    attackers = a.attackers.split(",")
    seeds = [int(s) for s in a.seeds.split(",")]
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("PRIVTEXT_NOISE_KEY", "5e" * 32)  # bench-only key (bench_audit.py's)
    os.environ["PRIVTEXT_AUDIT"] = "1"
    t0 = time.time()
    if not a.collect_only:
        for spec in a.make_remapped:
            src, dst = spec.split("=", 1)
            if not Path(dst, "documents").exists():
                make_remapped(src, dst)
        cli = str(ROOT / ".venv" / "bin" / "privtext")
        for seed in seeds:
            for att in attackers:
                for rel, path in releases.items():
                    cell = _cell_dir(out, a.prior, rel, att, seed)
                    if (cell / "done.json").exists():
                        continue
                    cmd = [cli, "audit", "--release", path, "--attacker", att,
                           "--prior", a.prior, "--samples", str(a.samples),
                           "--target-eps", a.target_eps, "--train-copies", str(a.train_copies),
                           "--epochs", str(a.epochs), "--embed-dim", str(a.dim),
                           "--hidden", str(a.dim), "--max-len", "128",
                           "--torch-threads", str(a.threads), "--seed", str(seed),
                           "--output", str(cell), "--mode", "overwrite"]  # fmt: skip
                    if a.attacker_vectors:
                        cmd += ["--attacker-vectors", a.attacker_vectors]
                        if not a.no_link:
                            cmd.append("--attacker-link")
                    log = cell.with_suffix(".log")
                    with open(log, "w") as fh:
                        rc = subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT).returncode
                    if rc != 0:
                        print(f"{rel} {att} seed {seed}: failed, see {log}", file=sys.stderr)
                        return rc
                    (cell / "done.json").write_text(json.dumps({"seconds": time.time() - t0}))
    dist = release_distance(releases, "glove-6b-50d")
    names = list(releases)
    reads = f"reading the public {a.attacker_vectors} vectors" if a.attacker_vectors else "alone"
    if a.attacker_vectors and not a.no_link:
        reads += " with the linked-mentions head"
    baselines = a.baseline or [names[0]]
    lines = [
        f"# Audit cells over training seeds ({a.prior} prior)",
        "",
        "Command (from the repository root):",
        "",
        "```bash",
        ".venv/bin/python bench/bench_audit_seeds.py " + shlex.join(argv or sys.argv[1:]),
        "```",
        "",
        f"Attackers {reads}, "
        f"{a.dim}-d, <= {a.epochs} epochs, {a.train_copies} re-perturbations; S = {a.samples} "
        f"per tier; target {a.target_eps}; seeds {a.seeds}. Wall time "
        f"{(time.time() - t0) / 60:.1f} min (resumed runs count only this call).",
        "",
        "Mean distance released-original (both tiers, mechanism units): "
        + ", ".join(f"{n} {dist[n]:.3f}" if dist[n] is not None else f"{n} n/a" for n in names),
        "",
        "| attacker | release | tier | violation ratio per seed | mean | "
        + "".join(f"vs {b} (mean) | " for b in baselines)
        + "top-1 mean |",
        "|---|---|---|---|---|" + "---|" * len(baselines) + "---|",
    ]
    for att in attackers:
        for tier in TIERS:
            cells: dict[str, tuple[list[float], list[float]]] = {}
            for rel in names:
                vals, tops = [], []
                for seed in seeds:
                    rows = _read_rows(_cell_dir(out, a.prior, rel, att, seed))
                    if tier in rows:
                        vals.append(rows[tier]["violation_ratio"])
                        tops.append(rows[tier]["top1_accuracy"])
                if vals:
                    cells[rel] = (vals, tops)
            for rel, (vals, tops) in cells.items():
                mean = statistics.fmean(vals)
                changes = ""
                for b in baselines:
                    bm = statistics.fmean(cells[b][0]) if b in cells else None
                    ok = b != rel and bm
                    changes += f"{(mean / bm - 1) * 100:+.0f}% | " if ok else " | "
                lines.append(
                    f"| {att} | {rel} | {tier} | {' / '.join(f'{v:.4f}' for v in vals)} | "
                    f"{mean:.4f} | {changes}{statistics.fmean(tops):.3f} |"
                )
    text = "\n".join(lines) + "\n"
    print(text)
    if a.report:
        Path(a.report).write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
