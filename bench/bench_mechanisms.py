"""Word-level mechanisms at scale, side by side, on one core (issue 4).

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 .venv/bin/python bench/bench_mechanisms.py \\
        --cands 50000 400000 --index-dir /tmp/privtext-idx

A Zipf (s = 1) stream of tokens over the ``--vocab`` most frequent GloVe words (embedding rows;
words outside ``C`` included, as in a corpus), cut into batches of ``--batch`` tokens as the
Arrow batches of the perturb stage are. For each ``|C|``:

* EM: a warm-up of ``--em-warm`` tokens (the cache fills as in a long job; its rate is
  reported as "cold run"), then ``--em-tokens`` measured tokens, with the cache hit rate
  (distinct words per batch found), the cost of one miss (one float64 pass over ``C``) and the
  rate without the misses' time (every word cached). Above ``|C| = 100k`` the shorter
  ``--em-warm-big`` / ``--em-tokens-big`` apply (a miss costs 7x more there).
* Laplace-NN and Laplace-NN + rank fix, with the exact batched search and with the faiss
  HNSW index (``--hnsw`` for ``|C| <= 100k``, ``--hnsw-big`` above; ``M,efC,efS``), on
  ``--lap-tokens`` / ``--lap-tokens-big`` tokens; the rank fix twice (neighbour lists of the
  distinct pivots computed, then cached).
* the same with the faiss IVF + 4-bit fast-scan PQ + exact re-rank index (``--ivfpq
  NLIST,NPROBE,K_FACTOR``), its build time, recall@1 at eps 10 and 20, and a search-only table
  over ``--nprobe-sweep``.
* recall@1 of the HNSW index on noisy candidate vectors at eps 10 and 20, and its build time
  (an artifact built once per candidate set; with ``--index-dir`` it is saved there and later
  runs load it and report the build time recorded then); then a search-only table over
  ``--ef-sweep`` (queries/s against the exact batched search with ``k = 1``, recall@1, and
  recall after an exact re-rank of HNSW's top 8).
* For ``|C| <= 100k``, EM (its cache warm) and Laplace-NN + rank fix through
  ``privtext.sanitize.Sanitizer`` with every word perturbed (keyed AES uniforms, ledger, text
  rebuild; no tagger, no Spark): the kernel with the perturb stage's per-token overhead.

Uniforms come from numpy (the keyed AES uniforms are measured in bench/bench_kernel.py).
Markdown goes to stdout. BLAS and faiss run on ``--threads`` threads (default 1).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cands", type=int, nargs="+", default=[50_000, 400_000])
    p.add_argument("--vocab", type=int, default=100_000, help="Zipf over this many top words")
    p.add_argument("--zipf-s", type=float, default=1.0)
    p.add_argument("--batch", type=int, default=5_000, help="tokens per batch")
    p.add_argument("--eps", type=float, default=10.0)
    p.add_argument("--em-warm", type=int, default=3_000_000, help="EM warm-up tokens")
    p.add_argument("--em-tokens", type=int, default=500_000, help="EM measured tokens")
    p.add_argument("--em-warm-big", type=int, default=300_000, help="EM warm-up, |C| > 100k")
    p.add_argument("--em-tokens-big", type=int, default=50_000, help="EM measured, |C| > 100k")
    p.add_argument("--lap-tokens", type=int, default=50_000, help="Laplace-NN tokens (50k)")
    p.add_argument(
        "--lap-tokens-big", type=int, default=10_000, help="Laplace-NN tokens for |C| > 100k"
    )
    p.add_argument("--hnsw", default="32,200,64", help="M,efC,efS for |C| <= 100k")
    p.add_argument("--hnsw-big", default="64,400,64", help="M,efC,efS for |C| > 100k")
    p.add_argument("--recall-queries", type=int, default=3_000)
    p.add_argument(
        "--ef-sweep",
        default="32,64,128,256",
        help="efSearch values for the search-only recall / speed table ('' to skip)",
    )
    p.add_argument("--index-dir", default=None, help="save / load HNSW indexes here")
    p.add_argument("--ivfpq", default="256,48,16", help="NLIST,NPROBE,K_FACTOR of IVF-PQ")
    p.add_argument(
        "--nprobe-sweep",
        default="16,32,48,64,96",
        help="nprobe values for the IVF-PQ search-only table ('' to skip)",
    )
    p.add_argument("--skip", nargs="*", default=[], choices=["em", "laplace", "hnsw", "ivfpq"])
    p.add_argument(
        "--pipeline-tokens",
        type=int,
        default=50_000,
        help="tokens through privtext.sanitize.Sanitizer (every word perturbed: keyed uniforms, "
        "ledger, text rebuild) for |C| <= 100k; 0 to skip",
    )
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--embeddings", default="glove-6b-50d")
    return p.parse_args(argv)


def _params(spec: str):
    from privtext.neighbours import HnswParams

    return HnswParams(*(int(x) for x in spec.split(",")))


def main(argv: list[str] | None = None) -> int:
    args = _args(argv)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = str(args.threads)
    sys.path.insert(0, str(ROOT))

    import numpy as np

    from privtext.embeddings import CandidateSet, load_embeddings_cached
    from privtext.mechanisms.exponential import ExponentialMechanism
    from privtext.mechanisms.laplace_nn import LaplaceNN
    from privtext.neighbours import HnswIndex, IvfPqIndex, IvfPqParams, noisy_queries, recall_at_1

    emb = load_embeddings_cached(args.embeddings)
    vocab_rows = CandidateSet.build(emb, args.vocab).emb_index  # frequency order
    weights = np.arange(1, vocab_rows.size + 1, dtype=np.float64) ** -args.zipf_s
    zipf_cdf = np.cumsum(weights / weights.sum())

    def stream(n_tokens: int, seed: int):
        """Batches of (emb rows, rng) of a Zipf token stream."""
        rng = np.random.default_rng(seed)
        for lo in range(0, n_tokens, args.batch):
            m = min(args.batch, n_tokens - lo)
            r = np.minimum(
                np.searchsorted(zipf_cdf, rng.random(m), side="right"), vocab_rows.size - 1
            )
            yield vocab_rows[r], rng

    rows: list[dict] = []
    notes: list[str] = []
    sweeps: list[list[str]] = []
    load = os.getloadavg()
    for n_top in args.cands:
        cands = CandidateSet.build(emb, n_top)
        n_c = len(cands)
        big = n_c > 100_000
        print(f"|C| = {n_c:,} ...", file=sys.stderr, flush=True)

        if "em" not in args.skip:
            warm_n = (args.em_warm_big if big else args.em_warm) // args.batch * args.batch
            meas_n = (args.em_tokens_big if big else args.em_tokens) // args.batch * args.batch
            meas_n = max(args.batch, meas_n)
            em = ExponentialMechanism(cands)
            t_warm = 0.0
            for toks, rng in stream(warm_n, args.seed):
                u = rng.random(toks.size)
                t0 = time.perf_counter()
                em.sample(toks, args.eps, u)
                t_warm += time.perf_counter() - t0
            h0, m0, s0 = em.cache_hits, em.cache_misses, em.miss_seconds
            t_meas = 0.0
            for toks, rng in stream(meas_n, args.seed + 1):
                u = rng.random(toks.size)
                t0 = time.perf_counter()
                em.sample(toks, args.eps, u)
                t_meas += time.perf_counter() - t0
            hits, misses = em.cache_hits - h0, em.cache_misses - m0
            miss_cost = em.miss_seconds / max(1, em.cache_misses)
            used = int((em._slot_word >= 0).sum())
            rows.append(
                {
                    "mech": "EM",
                    "C": n_c,
                    "index": "-",
                    "tok_s": meas_n / t_meas,
                    "note": (
                        f"warm cache after {warm_n:,} tokens (cold run: {warm_n / t_warm:,.0f} "
                        f"tok/s); {meas_n:,} tokens; hit rate {hits / max(1, hits + misses):.3f} "
                        f"of distinct words per batch; miss {miss_cost * 1e3:.2f} ms; "
                        f"B = {em.fine}, cache {used:,} words x {em.entry_bytes:,} B; "
                        f"misses {((em.miss_seconds - s0) / t_meas):.0%} of the time "
                        f"({meas_n / (t_meas - (em.miss_seconds - s0)):,.0f} tok/s without them)"
                    ),
                }
            )
            if args.pipeline_tokens and not big:
                rows.append(_through_sanitizer(args, emb, cands, em, "EM", stream, meas_n / t_meas))
            del em

        lap_n = args.lap_tokens_big if big else args.lap_tokens
        spec = args.hnsw_big if big else args.hnsw
        hnsw = None
        if "hnsw" not in args.skip:
            params = _params(spec)
            path = None
            meta: dict = {}
            if args.index_dir:
                Path(args.index_dir).mkdir(parents=True, exist_ok=True)
                tag = f"{cands.fingerprint[:16]}_{params.m}_{params.ef_construction}"
                path = Path(args.index_dir) / f"hnsw_{tag}.faiss"
                side = path.with_suffix(".json")
                if path.exists() and side.exists():
                    meta = json.loads(side.read_text())
            t0 = time.perf_counter()
            if path is not None and path.exists():
                hnsw = HnswIndex.load(path, cands, params)
                how = f"loaded in {time.perf_counter() - t0:.1f} s; built once in "
                how += f"{meta.get('build_s', float('nan')):.0f} s ({meta.get('date', '?')})"
            else:
                hnsw = HnswIndex(cands, params)
                build_s = time.perf_counter() - t0
                how = f"built in {build_s:.1f} s"
                if path is not None:
                    hnsw.save(path)
                    side = path.with_suffix(".json")
                    side.write_text(
                        json.dumps({"build_s": build_s, "date": time.strftime("%Y-%m-%d")})
                    )
            rec = {
                e: recall_at_1(hnsw, cands, noisy_queries(cands, e, n=args.recall_queries, seed=3))
                for e in (10.0, 20.0)
            }
            if args.ef_sweep:
                sweeps.append(_ef_sweep(args, cands, hnsw, params))
            p_str = f"M={params.m}, efC={params.ef_construction}, efS={params.ef_search}"
            notes.append(
                f"|C| = {n_c:,}: HNSW {p_str}{_extra(params)}: {how}; recall@1 "
                f"{rec[10.0]:.3f} at eps 10, {rec[20.0]:.3f} at eps 20"
            )
        ivfpq = None
        if "ivfpq" not in args.skip:
            ivf_params = IvfPqParams(*(int(x) for x in args.ivfpq.split(",")))
            t0 = time.perf_counter()
            ivfpq = IvfPqIndex(cands, ivf_params)
            build_s = time.perf_counter() - t0
            rec = {
                e: recall_at_1(ivfpq, cands, noisy_queries(cands, e, n=args.recall_queries, seed=3))
                for e in (5.0, 10.0, 20.0)
            }
            if args.nprobe_sweep:
                sweeps.append(_nprobe_sweep(args, cands, ivfpq, ivf_params))
            notes.append(
                f"|C| = {n_c:,}: IVF-PQ nlist={ivf_params.nlist}, nprobe={ivf_params.nprobe}, "
                f"k_factor={ivf_params.k_factor}: built in {build_s:.1f} s; recall@1 "
                f"{rec[5.0]:.3f} at eps 5, {rec[10.0]:.3f} at eps 10, {rec[20.0]:.3f} at eps 20"
            )
        if "laplace" in args.skip:
            continue
        width = LaplaceNN.uniforms_for_dim(cands.dim)
        batches = []
        for toks, rng in stream(lap_n, args.seed + 2):
            batches.append((toks, rng.random((toks.size, width))))
        kinds = [("exact", None)] + ([("HNSW", hnsw)] if hnsw is not None else [])
        kinds += [("IVF-PQ", ivfpq)] if ivfpq is not None else []
        base: dict[str, float] = {}
        for kind, index in kinds:
            for fix in (False, True):
                mech = LaplaceNN(cands, rank_fix=fix, index=index)
                mech.sample(batches[0][0][:500], args.eps, batches[0][1][:500])  # first-call costs
                passes = ("cold", "warm") if fix else ("",)
                for label in passes:
                    if label == "cold":
                        cands._nbr_cache.clear()  # neighbour lists live on the candidate set
                    t0 = time.perf_counter()
                    for toks, u in batches:
                        mech.sample(toks, args.eps, u)
                    rate = lap_n / (time.perf_counter() - t0)
                    name = "Laplace-NN + rank fix" if fix else "Laplace-NN"
                    key = f"{name} {label}"
                    if kind == "exact":
                        base[key] = rate
                    note = f"{lap_n:,} tokens"
                    if label:
                        note += f", neighbour lists {label}"
                    if kind != "exact":
                        note += f"; {rate / base[key]:.1f}x exact"
                    label_index = {"exact": "exact", "HNSW": f"HNSW {spec}"}.get(
                        kind, f"IVF-PQ {args.ivfpq}"
                    )
                    rows.append(
                        {
                            "mech": name + (f" ({label})" if label else ""),
                            "C": n_c,
                            "index": label_index,
                            "tok_s": rate,
                            "note": note,
                        }
                    )
        if args.pipeline_tokens and not big:
            lap = LaplaceNN(cands, rank_fix=True, index=None)
            rows.append(
                _through_sanitizer(
                    args,
                    emb,
                    cands,
                    lap,
                    "Laplace-NN + rank fix",
                    stream,
                    base.get("Laplace-NN + rank fix warm", float("nan")),
                )
            )
        del hnsw, ivfpq

    print(
        f"\nOne thread (BLAS and faiss: {args.threads}), eps = {args.eps:g}, Zipf s = "
        f"{args.zipf_s:g} over the {vocab_rows.size:,} most frequent GloVe words, batches of "
        f"{args.batch:,} tokens; load average at start {load[0]:.2f}, at end "
        f"{os.getloadavg()[0]:.2f}; {time.strftime('%Y-%m-%d %H:%M %Z')}\n"
    )
    print("| mechanism | \\|C\\| | index | tokens/s (one core) | note |")
    print("|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['mech']} | {r['C']:,} | {r['index']} | {r['tok_s']:,.0f} | {r['note']} |")
    print()
    for n in notes:
        print(f"- {n}")
    for sw in sweeps:
        print()
        for line in sw:
            print(line)
    return 0


def _exact_baseline(args, cands, eps_list):
    """Noisy queries per eps, the exact batched search's queries/s (``k = 1``, what Laplace-NN
    runs) and a recall@1 function of an index's answers (ties: either of the first two)."""
    import numpy as np

    from privtext.embeddings import nearest
    from privtext.neighbours import noisy_queries

    qs = {e: noisy_queries(cands, e, n=args.recall_queries, seed=4) for e in eps_list}
    ex = {e: nearest(cands, q, k=2) for e, q in qs.items()}
    t_ex = 0.0
    for q in qs.values():
        t0 = time.perf_counter()
        nearest(cands, q, k=1)
        t_ex += time.perf_counter() - t0
    ex_qps = len(eps_list) * args.recall_queries / t_ex

    def recall(e: float, idx: np.ndarray) -> float:
        ei, ed = ex[e]
        d = np.linalg.norm(cands.vectors[idx].astype(np.float64) - qs[e], axis=1)
        return float(((idx == ei[:, 0]) | (np.abs(d - ed[:, 0]) <= 1e-5 * ed[:, 0])).mean())

    return qs, ex_qps, recall


def _ef_sweep(args, cands, hnsw, params) -> list[str]:
    """Search only: queries/s and recall@1 of the HNSW index against the exact batched search,
    over efSearch, and recall after an exact re-rank of HNSW's top 8."""
    import numpy as np

    qs, ex_qps, recall = _exact_baseline(args, cands, (10.0, 20.0))

    lines = [
        f"HNSW search only, |C| = {len(cands):,}, M = {params.m}, efConstruction = "
        f"{params.ef_construction}; exact batched search {ex_qps:,.0f} queries/s:",
        "",
        "| efSearch | queries/s | speed-up over exact | recall@1 eps 10 | recall@1 eps 20 "
        "| top-8 + exact re-rank, eps 10 |",
        "|---|---|---|---|---|---|",
    ]
    for ef in (int(x) for x in args.ef_sweep.split(",")):
        hnsw.index.hnsw.efSearch = ef
        rec, t = {}, 0.0
        for e, q in qs.items():
            t0 = time.perf_counter()
            _, idx = hnsw.index.search(np.ascontiguousarray(q, dtype=np.float32), 1)
            t += time.perf_counter() - t0
            rec[e] = recall(e, idx[:, 0])
        _, top = hnsw.index.search(np.ascontiguousarray(qs[10.0], dtype=np.float32), 8)
        d = np.linalg.norm(
            cands.vectors[np.maximum(top, 0)].astype(np.float64) - qs[10.0][:, None, :], axis=2
        )
        d[top < 0] = np.inf
        rr = recall(10.0, top[np.arange(top.shape[0]), np.argmin(d, axis=1)])
        qps = 2 * args.recall_queries / t
        lines.append(
            f"| {ef} | {qps:,.0f} | {qps / ex_qps:.1f}x | {rec[10.0]:.3f} | {rec[20.0]:.3f} "
            f"| {rr:.3f} |"
        )
    hnsw.index.hnsw.efSearch = params.ef_search
    return lines


def _nprobe_sweep(args, cands, ivfpq, params) -> list[str]:
    """Search only: queries/s and recall@1 of the IVF-PQ index against the exact batched
    search (``k = 1``), over nprobe."""
    import faiss

    eps_list = (5.0, 10.0, 20.0)
    qs, ex_qps, recall = _exact_baseline(args, cands, eps_list)

    ivf = faiss.extract_index_ivf(ivfpq.index)
    lines = [
        f"IVF-PQ search only, |C| = {len(cands):,}, nlist = {ivf.nlist}, PQ{cands.dim}x4fs, "
        f"k_factor = {params.k_factor}; exact batched search {ex_qps:,.0f} queries/s:",
        "",
        "| nprobe | queries/s | speed-up over exact | recall@1 eps 5 | recall@1 eps 10 "
        "| recall@1 eps 20 |",
        "|---|---|---|---|---|---|",
    ]
    for nprobe in (int(x) for x in args.nprobe_sweep.split(",")):
        ivf.nprobe = nprobe
        rec, t = {}, 0.0
        for e, q in qs.items():
            t0 = time.perf_counter()
            idx, _ = ivfpq.search(q, 1)
            t += time.perf_counter() - t0
            rec[e] = recall(e, idx[:, 0])
        qps = len(eps_list) * args.recall_queries / t
        lines.append(
            f"| {nprobe} | {qps:,.0f} | {qps / ex_qps:.1f}x | {rec[5.0]:.3f} | {rec[10.0]:.3f} "
            f"| {rec[20.0]:.3f} |"
        )
    ivf.nprobe = params.nprobe
    return lines


def _through_sanitizer(args, emb, cands, mech, name, stream, kernel_rate) -> dict:
    """The mechanism inside the perturb stage's kernel: ``Sanitizer.sanitize_batch`` with every
    word perturbed (keyed AES uniforms, tier budgets, ledger, text rebuild), no tagger."""
    from privtext.engine import MechanismAdapter
    from privtext.mechanisms.noise import KeyedNoise
    from privtext.sanitize import Sanitizer
    from privtext.tagging.policy import TierPolicy
    from privtext.tokenizer import tokenize

    san = Sanitizer(
        TierPolicy.load(None),
        emb.lookup,
        cands.words,
        MechanismAdapter(mech, "em" if name == "EM" else "laplace-nn", mech.uniforms_per_token),
        {"PII": args.eps, "PoII": args.eps},
        KeyedNoise(b"b" * 32),
        perturb_all_words=True,
    )
    doc_len = 200
    n_tok = 0
    t = 0.0
    for b, (toks, _) in enumerate(stream(args.pipeline_tokens, args.seed + 5)):
        words = emb.words[toks]
        texts = [" ".join(words[i : i + doc_len]) for i in range(0, words.size, doc_len)]
        ids = [f"d{b}-{i}" for i in range(len(texts))]
        tk = [tokenize(x) for x in texts]
        n_tok += sum(len(x) for x in tk)
        t0 = time.perf_counter()
        san.sanitize_batch(ids, texts, tk, [[] for _ in texts])
        t += time.perf_counter() - t0
    rate = n_tok / t
    return {
        "mech": f"{name} through Sanitizer",
        "C": len(cands),
        "index": "exact" if name != "EM" else "-",
        "tok_s": rate,
        "note": f"{n_tok:,} tokens, all perturbed; {rate / kernel_rate:.2f} of the kernel's rate",
    }


def _extra(params) -> str:
    extra = [
        f"{k}={v}"
        for k, v in vars(params).items()
        if k not in ("m", "ef_construction", "ef_search")
    ]
    return (", " + ", ".join(extra)) if extra else ""


if __name__ == "__main__":
    raise SystemExit(main())
