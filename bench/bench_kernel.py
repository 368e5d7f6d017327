"""Throughput of the word-level mechanism kernels on one core.

Draws a Zipf-distributed stream (truncated to |C| ranks) of token embedding rows over the
candidate words (the pipeline adds every corpus word to ``C``, so tokens are candidates), then
times
``ExponentialMechanism.sample`` (cold and warm CDF cache) and ``LaplaceNN.sample`` (without and
with the rank fix; the fix cold and warm neighbour cache), plus the keyed uniforms they consume.

Usage::

    python bench/bench_kernel.py --cands 20000 --tokens 200000 --mechanism all
    python bench/bench_kernel.py --study-c          # the rank-fix c study (eps = 10)

BLAS threads are set to ``--threads`` (default 1) before numpy is imported.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path


def _args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cands", type=int, default=20000, help="|C| (top words of GloVe 6B 50d)")
    p.add_argument("--tokens", type=int, default=200_000, help="tokens in the stream")
    p.add_argument(
        "--mechanism",
        choices=["em", "laplace", "laplace-rankfix", "all", "none"],
        default="all",
    )
    p.add_argument("--eps", type=float, default=10.0, help="eps for every mechanism")
    p.add_argument("--zipf-a", type=float, default=1.1, help="Zipf exponent of the stream")
    p.add_argument("--threads", type=int, default=1, help="BLAS threads")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--embeddings", default="glove-6b-50d")
    p.add_argument("--study-c", action="store_true", help="run the rank-fix c study instead")
    p.add_argument(
        "--hnsw",
        action="store_true",
        help="also time Laplace-NN with the faiss HNSW index and report its recall@1",
    )
    return p.parse_args(argv)


def _study_c(cands, eps_list=(5.0, 10.0, 20.0), words: int = 400, draws: int = 100) -> None:
    import numpy as np

    from privtext.embeddings import neighbour_lists
    from privtext.mechanisms.laplace_nn import LaplaceNN

    rng = np.random.default_rng(1)
    piv = np.sort(rng.choice(len(cands), words, replace=False))
    emb = np.repeat(cands.emb_index[piv], draws)
    piv_rep = np.repeat(piv, draws)
    top = np.repeat(neighbour_lists(cands, piv, 11)[:, 1:], draws, axis=0)
    print(f"{'eps':>5} {'c':>6} {'same':>6} {'rank1-10':>9} {'other':>6}")
    for eps in eps_list:
        for c in (None, 0.02, 0.05, 0.07, 0.1, 0.15):
            mech = LaplaceNN(cands, rank_fix=c is not None, rank_fix_c=c or 0.07)
            u = rng.random((emb.size, mech.uniforms_per_token))
            y = mech.sample(emb, eps, u)
            same = float((y == piv_rep).mean())
            near = float((y[:, None] == top).any(axis=1).mean())
            print(f"{eps:5g} {str(c):>6} {same:6.3f} {near:9.3f} {1 - same - near:6.3f}")


def main(argv: list[str] | None = None) -> int:
    args = _args(argv)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = str(args.threads)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

    import numpy as np

    from privtext.embeddings import CandidateSet, load_embeddings_cached
    from privtext.mechanisms.exponential import ExponentialMechanism
    from privtext.mechanisms.laplace_nn import LaplaceNN
    from privtext.mechanisms.noise import STREAM_EM, STREAM_LAPLACE, KeyedNoise

    emb = load_embeddings_cached(args.embeddings)
    cands = CandidateSet.build(emb, args.cands)
    if args.study_c:
        _study_c(cands)
        return 0

    rng = np.random.default_rng(args.seed)
    # Zipf law truncated to the candidate words: P[rank r] ∝ r^-a, r = 1..|C|
    weights = np.arange(1, len(cands) + 1, dtype=np.float64) ** -args.zipf_a
    ranks = rng.choice(len(cands), size=args.tokens, p=weights / weights.sum())
    tokens = cands.emb_index[ranks]
    n_distinct = int(np.unique(tokens).size)
    rows: list[tuple[str, float, str]] = []

    def timed(label: str, fn, note: str = "") -> None:
        t0 = time.perf_counter()
        fn()
        rows.append((label, time.perf_counter() - t0, note))

    noise = KeyedNoise(b"bench-key-0123456789abcdef")
    doc_keys = noise.doc_keys([f"doc{i // 500}" for i in range(args.tokens)])
    pos = np.arange(args.tokens) % 500
    timed("keyed uniforms x1", lambda: noise.uniforms(doc_keys, pos, STREAM_EM, 1))

    if args.mechanism in ("em", "all"):
        em = ExponentialMechanism(cands)
        u1 = rng.random(args.tokens)
        u2 = rng.random(args.tokens)
        timed("EM (cold cache)", lambda: em.sample(tokens, args.eps, u1))
        note = f"hits={em.cache_hits} misses={em.cache_misses} cap={em.cache_entries}"
        rows[-1] = (*rows[-1][:2], note)
        timed("EM (warm cache)", lambda: em.sample(tokens, args.eps, u2))
    if args.mechanism in ("laplace", "laplace-rankfix", "all"):
        width = LaplaceNN.uniforms_for_dim(cands.dim)
        timed(
            f"keyed uniforms x{width}",
            lambda: noise.uniforms(doc_keys, pos, STREAM_LAPLACE, width),
        )
        u = rng.random((args.tokens, width))
        if args.mechanism in ("laplace", "all"):
            lap = LaplaceNN(cands, rank_fix=False)
            timed("Laplace-NN (no fix)", lambda: lap.sample(tokens, args.eps, u))
        if args.mechanism in ("laplace-rankfix", "all"):
            lap = LaplaceNN(cands, rank_fix=True)
            timed("Laplace-NN + rank fix (cold)", lambda: lap.sample(tokens, args.eps, u))
            u_b = rng.random((args.tokens, width))
            timed("Laplace-NN + rank fix (warm)", lambda: lap.sample(tokens, args.eps, u_b))

    if args.hnsw:
        from privtext.neighbours import HnswIndex, noisy_queries, recall_at_1

        width = LaplaceNN.uniforms_for_dim(cands.dim)
        u = rng.random((args.tokens, width))
        holder: dict[str, HnswIndex] = {}
        timed("HNSW build (once per |C|)", lambda: holder.setdefault("i", HnswIndex(cands)))
        rows[-1] = (rows[-1][0], rows[-1][1], "artifact, loaded by executors")
        hnsw = holder["i"]
        lap_exact = LaplaceNN(cands, rank_fix=False)
        lap_hnsw = LaplaceNN(cands, rank_fix=False, index=hnsw)
        timed("Laplace-NN exact (no fix)", lambda: lap_exact.sample(tokens, args.eps, u))
        timed("Laplace-NN HNSW (no fix)", lambda: lap_hnsw.sample(tokens, args.eps, u))
        rec = recall_at_1(hnsw, cands, noisy_queries(cands, args.eps, n=5_000))
        rows[-1] = (rows[-1][0], rows[-1][1], f"recall@1={rec:.4f} at eps={args.eps}")
        lap_hnsw_fix = LaplaceNN(cands, rank_fix=True, index=hnsw)
        timed("Laplace-NN HNSW + rank fix", lambda: lap_hnsw_fix.sample(tokens, args.eps, u))

    print(
        f"|C|={len(cands)} tokens={args.tokens} distinct={n_distinct} zipf_a={args.zipf_a} "
        f"eps={args.eps} threads={args.threads}"
    )
    print(f"{'kernel':<30} {'seconds':>8} {'tokens/s':>10}  note")
    for label, sec, note in rows:
        print(f"{label:<30} {sec:8.2f} {args.tokens / sec:10.0f}  {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
