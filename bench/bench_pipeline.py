"""Benchmark the sanitize job end to end on local[2], stage by stage.

    .venv/bin/python bench/bench_pipeline.py --tokens 10000 100000 1000000

For each corpus size: generate a Zipf corpus with injected entities (bench/gen_corpus.py) and
time one run of the sanitize job (the first size is run twice; its first run warms up the JVM,
the embeddings and the Python workers).
Reports tokens/s per stage (all word tokens / stage seconds), tokens/s per core, perturbed
tokens/s, and the peak resident memory of the driver JVM + Python workers (sampled from /proc).
Results are printed as a Markdown table to paste in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _descendants(pid: int) -> list[int]:
    out = [pid]
    try:
        kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return out
    for k in kids:
        out.extend(_descendants(int(k)))
    return out


def _rss_bytes(pids: list[int]) -> int:
    total = 0
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


class PeakMemory:
    """Samples the summed RSS of this process and its descendants every 0.2 s."""

    def __init__(self) -> None:
        self.peak = 0
        self._stop = threading.Event()
        self._t = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, _rss_bytes(_descendants(os.getpid())))
            time.sleep(0.2)

    def __enter__(self):
        self._t.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._t.join()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tokens", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    ap.add_argument("--mechanism", default="em", choices=["em", "laplace-nn"])
    ap.add_argument("--epsilon", type=float, default=10.0)
    ap.add_argument("--candidates", type=int, default=20_000)
    ap.add_argument("--master", default="local[2]")
    ap.add_argument("--format", default="delta", choices=["delta", "parquet"])
    args = ap.parse_args()
    os.environ.setdefault("PRIVTEXT_NOISE_KEY", "be" * 32)  # benchmark-only key

    from pipelines.sanitize import run_sanitize
    from pipelines.session import build_session
    from privtext.config import build_config

    cores = int(args.master.split("[")[1].split(",")[0].rstrip("]")) if "[" in args.master else 1
    spark = build_session(args.master, "privtext-bench", shuffle_partitions=cores * 2)
    work = Path(tempfile.mkdtemp(prefix="privtext-bench-"))
    rows = []
    for n in args.tokens:
        corpus = work / f"corpus-{n}.parquet"
        subprocess.run(
            [
                sys.executable,
                str(ROOT / "bench/gen_corpus.py"),
                "--tokens",
                str(n),
                "--out",
                str(corpus),
            ],
            check=True,
        )
        cfg = build_config(
            None,
            {
                "input": {"path": str(corpus), "format": "parquet"},
                "output": {
                    "path": str(work / f"out-{n}"),
                    "format": args.format,
                    "mode": "overwrite",
                },
                "perturb": {
                    "epsilon": args.epsilon,
                    "mechanism": args.mechanism,
                    "candidates": args.candidates,
                },
                "spark": {"master": args.master, "shuffle_partitions": cores * 2},
            },
        )
        if not rows:
            run_sanitize(spark, cfg)  # warm-up once: JVM, embeddings, UDF workers
        with PeakMemory() as mem:
            t = time.perf_counter()
            summary = run_sanitize(spark, cfg)
            total = time.perf_counter() - t
        c = summary.counts
        perturbed = c["perturbed_pii"] + c["perturbed_poii"]
        rows.append((n, c["tokens"], perturbed, summary.durations, total, mem.peak))
    print(
        f"\nmaster={args.master} mechanism={args.mechanism} eps={args.epsilon} "
        f"|C|={args.candidates} format={args.format}\n"
    )
    stages = ["ingest", "tokenize_tag", "candidates", "perturb", "write", "validate"]
    print(
        "| tokens | perturbed | "
        + " | ".join(f"{s} tok/s" for s in stages)
        + " | end-to-end tok/s | per core | perturbed tok/s per core | peak RSS |"
    )
    print("|" + "---|" * (len(stages) + 6))
    for _n, tokens, perturbed, dur, total, peak in rows:
        rates = " | ".join(f"{tokens / dur[s]:,.0f}" if dur.get(s) else "-" for s in stages)
        print(
            f"| {tokens:,} | {perturbed:,} | {rates} | {tokens / total:,.0f} | "
            f"{tokens / total / cores:,.0f} | {perturbed / dur['perturb'] / cores:,.0f} | "
            f"{peak / 2**30:.2f} GiB |"
        )
    spark.stop()


if __name__ == "__main__":
    main()
