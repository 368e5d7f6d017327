"""Time each recognizer of the tagger (and the finishing passes) over labelled documents.

One core, one process, every recognizer warmed on generated templates first::

    OMP_NUM_THREADS=1 .venv/bin/python bench/bench_tagger_breakdown.py \
        --gold dev.jsonl --gold holdout.jsonl ... [--code-root PATH]

``--code-root`` times the tagger of another checkout (e.g. a ``git worktree`` of an older
commit) on the same documents, for a before/after comparison in one window.
"""

from __future__ import annotations

import argparse
import collections
import logging
import sys
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--gold", action="append", required=True, help="gold JSONL (repeatable)")
    ap.add_argument("--code-root", default=None, help="import privtext from this checkout")
    a = ap.parse_args()
    if a.code_root:
        sys.path.insert(0, a.code_root)
    logging.disable(logging.WARNING)
    from privtext.tagging.base import BatchRecognizer
    from privtext.tagging.devset import generate_templates
    from privtext.tagging.evaluate import load_gold
    from privtext.tagging.registry import TaggerSpec, build_tagger

    texts = [d.text for p in a.gold for d in load_gold(p)]
    tg = build_tagger(TaggerSpec())
    tg.tag_batch([d.text for d in generate_templates(200, seed=20261205)])
    times: collections.Counter[str] = collections.Counter()
    found: list[list] = [[] for _ in texts]
    for r in tg.recognizers:
        t = time.perf_counter()
        if isinstance(r, BatchRecognizer):
            for k, sp in enumerate(r.analyze_batch(texts)):
                found[k].extend(sp)
        else:
            for k, x in enumerate(texts):
                found[k].extend(r.analyze(x))
        times[type(r).__name__] += time.perf_counter() - t
    t = time.perf_counter()
    for x, sp in zip(texts, found, strict=True):
        tg._finish(x, sp)
    times["_finish"] = time.perf_counter() - t
    total = sum(times.values())
    for name, secs in times.most_common():
        print(f"{name:30s} {secs:6.2f}")
    print(f"total {total:.2f} s, {sum(map(len, texts)) / total:,.0f} chars/s ({len(texts)} docs)")


if __name__ == "__main__":
    main()
