"""Benchmark the PRISM dictionary job (sentences/s) against the loopback stand-in translator.

    .venv/bin/python bench/bench_prism.py --latency 0 0.05 --out bench/results/prism.md

For each stand-in latency (seconds added to every request): a fresh Delta translation cache,
one ``build-dictionary`` run (PRISM*, spaCy POS, ``--vocab`` words x ``--samples`` sentences),
then a rerun on the full cache (every sentence a cache hit: the job's own overhead without any
translation). Reported: sentences sent through the job per second of the whole run and of its
translation phase, the same sentences translated directly by the library's translator in one
process without Spark (the baseline the Spark job pays its overhead against), and the stand-in's
peak in-flight requests (concurrency at work). With zero latency the figures measure privtext's
own overhead (Spark jobs, Delta commits, Arrow); with 50 ms they show what batching and bounded
concurrency buy. A warm-up run (tiny vocabulary) starts the JVM and the Python workers first.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _write_corpus(path: Path, sentences: list[str]) -> None:
    with path.open("w", encoding="utf-8") as f:
        for i, s in enumerate(sentences):
            f.write(json.dumps({"id": f"d{i}", "text": s}) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--latency", type=float, nargs="+", default=[0.0, 0.05])
    ap.add_argument("--sentences", type=int, default=2000, help="corpus sentences")
    ap.add_argument("--vocab", type=int, default=50)
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--batch-size", type=int, default=8)
    ap.add_argument("--max-concurrency", type=int, default=8)
    ap.add_argument("--commit-every", type=int, default=2000)
    ap.add_argument("--master", default="local[2]")
    ap.add_argument("--out", help="write the Markdown results here")
    a = ap.parse_args(argv)

    os.environ.setdefault("PRIVTEXT_NOISE_KEY", "ab" * 32)  # not used by the dictionary job
    logging.basicConfig(level=logging.WARNING)
    from pipelines.prism import TranslatorSpec, run_build_dictionary
    from pipelines.session import build_session
    from privtext.prism.config import build_prism_config
    from tests.support.translator_server import LEXICON, StandInTranslator, english_corpus

    spark = build_session(a.master, "privtext-bench-prism", 2, 2000)
    tmp = Path(tempfile.mkdtemp(prefix="bench-prism-"))
    corpus = tmp / "corpus.jsonl"
    _write_corpus(corpus, english_corpus(a.sentences, seed=5))
    vocab = LEXICON.content_words(ambiguous=False)
    step = max(1, len(vocab) // a.vocab)
    (tmp / "vocab.txt").write_text("\n".join(vocab[::step][: a.vocab]) + "\n", encoding="utf-8")

    def cfg(url: str, name: str, cache: str, vocab_n: int, samples: int) -> object:
        return build_prism_config(None, {
            "input": {"path": str(corpus)},
            "output": {"path": str(tmp / name), "mode": "overwrite"},
            "translator": {"url": url, "engine_id": f"bench-{name}", "batch_size": a.batch_size,
                           "max_concurrency": a.max_concurrency},
            "cache": {"path": str(tmp / cache), "commit_every": a.commit_every},
            "dictionary": {"vocab_file": str(tmp / "vocab.txt"), "vocab": vocab_n,
                           "samples": samples},
        })  # fmt: skip

    with StandInTranslator() as srv:  # warm-up: JVM, Python workers, spaCy
        run_build_dictionary(spark, cfg(srv.url, "warm", "warm-cache", 3, 20))  # type: ignore[arg-type]

    rows = []
    for lat in a.latency:
        with StandInTranslator(latency_s=lat) as srv:
            c = cfg(srv.url, f"lat{lat}", f"cache-{lat}", a.vocab, a.samples)
            t = time.perf_counter()
            s = run_build_dictionary(spark, c)  # type: ignore[arg-type]
            wall = time.perf_counter() - t
            n = s.counts["translated"]
            peak = srv.max_in_flight
            t = time.perf_counter()
            s2 = run_build_dictionary(spark, c)  # type: ignore[arg-type]
            wall_hit = time.perf_counter() - t
            assert s2.counts["translated"] == 0
            sent = srv.translated[:n]
            tr = TranslatorSpec.from_config(c.translator).build()  # type: ignore[attr-defined]
            t = time.perf_counter()
            tr.translate(sent, "en", "fr")
            direct = time.perf_counter() - t
            tr.close()
        rows.append({
            "latency_ms": lat * 1000, "sentences": n, "wall_s": wall,
            "job_rate": n / wall, "translate_rate": n / s.durations["translate"],
            "rerun_s": wall_hit, "rerun_rate": s2.counts["texts"] / wall_hit,
            "direct_rate": n / direct, "peak_in_flight": peak,
            "commits": s.counts["cache_commits"],
        })  # fmt: skip
        print(json.dumps(rows[-1]))
    shutil.rmtree(tmp, ignore_errors=True)

    cmd = "nice .venv/bin/python bench/bench_prism.py " + " ".join(argv or sys.argv[1:])
    lines = [
        "# PRISM dictionary job: sentences/s against the loopback stand-in",
        "",
        f"Command: `{cmd}`",
        "",
        f"Machine: {os.cpu_count()} CPUs shared with other work, Python "
        f"{platform.python_version()}, Spark master `{a.master}`. Corpus {a.sentences} "
        f"sentences; vocabulary {a.vocab} words x {a.samples} samples (PRISM*, spaCy POS); "
        f"batch size {a.batch_size}, {a.max_concurrency} requests in flight per executor "
        f"process, one Delta commit per {a.commit_every} sentences.",
        "",
        "| stand-in latency | sentences translated | job wall s | job sent/s | translate-phase "
        "sent/s | rerun (all cache hits) s | rerun sent/s | library alone sent/s | peak in-flight "
        "| cache commits |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['latency_ms']:.0f} ms | {r['sentences']} | {r['wall_s']:.1f} | "
            f"{r['job_rate']:.0f} | {r['translate_rate']:.0f} | {r['rerun_s']:.1f} | "
            f"{r['rerun_rate']:.0f} | {r['direct_rate']:.0f} | {r['peak_in_flight']} | "
            f"{r['commits']} |"
        )
    text = "\n".join(lines) + "\n"
    print(text)
    if a.out:
        Path(a.out).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
