"""Utility of Bayesian remapping for the exponential mechanism (EM), and the table build time.

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 .venv/bin/python bench/bench_remap.py \\
        --candidates 20000 --eps 1 3 5 10 --out bench/results/remap_utility.md

``C`` is built as the pipeline builds it: the ``--candidates`` most frequent GloVe 6B 50d words
plus the words of the demo corpus (``privtext.demo.generate_demo_corpus``) that have an
embedding. For each ``eps``:

* the remapping table is built (:func:`privtext.mechanisms.remap.build_remap_table`, English
  wordfreq prior, ``--top-m``) and its build time reported, with the posterior mass its
  truncation captures (smallest and mean over ``y``);
* *prior words*: ``--draws`` words ``x`` drawn from the prior over ``C``, one EM output ``y``
  each; *demo words*: every word token of the demo corpus that has an embedding, one EM output
  each. Reported: mean ``d(x, y)`` and ``d(x, f(y))`` (Euclidean GloVe distance), and the share
  of outputs equal to ``x``, before and after remapping;
* *sentences*: ``--sentences`` demo sentences with every word that has an embedding replaced by
  its own EM draw (whole text, as SanText does; numbers, e-mail parts and words without an
  embedding are kept), then remapped; mean cosine similarity of MiniLM (all-MiniLM-L6-v2,
  :mod:`privtext.minilm`) sentence embeddings, (original, perturbed) and (original, remapped).

Uniforms come from numpy with ``--seed``. Markdown goes to stdout and to ``--out``.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from privtext.demo import generate_demo_corpus  # noqa: E402
from privtext.embeddings import CandidateSet, is_word, load_embeddings_cached  # noqa: E402
from privtext.mechanisms.exponential import ExponentialMechanism  # noqa: E402
from privtext.mechanisms.remap import build_remap_table, public_log_prior  # noqa: E402
from privtext.tokenizer import match_case, rebuild, tokenize  # noqa: E402


def _args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--candidates", type=int, default=20_000, help="top GloVe words in C")
    p.add_argument("--eps", type=float, nargs="+", default=[1.0, 3.0, 5.0, 10.0])
    p.add_argument("--top-m", type=int, default=256, help="truncated posterior support")
    p.add_argument("--draws", type=int, default=200_000, help="prior words drawn per eps")
    p.add_argument("--sentences", type=int, default=200, help="demo sentences for MiniLM")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--no-minilm", action="store_true", help="skip the sentence similarity")
    p.add_argument("--out", type=Path, default=None, help="also write the markdown here")
    return p.parse_args(argv)


def _uniforms(rng: np.random.Generator, n: int) -> np.ndarray:
    return (rng.integers(0, 2**53, size=n, dtype=np.int64) + 0.5) * 2.0**-53


def _sentences(texts: list[str], n: int) -> list[str]:
    """The first ``n`` sentences (split at ``.!?`` + space or at line breaks) of >= 5 words."""
    out: list[str] = []
    for text in texts:
        for s in re.split(r"(?<=[.!?])\s+|\n+", text):
            s = s.strip()
            if len(tokenize(s)) >= 5:
                out.append(s)
                if len(out) == n:
                    return out
    return out


def _distances(v: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    diff = v[a] - v[b]
    return np.sqrt(np.einsum("ij,ij->i", diff, diff))


def main(argv: list[str] | None = None) -> int:
    args = _args(argv)
    lines: list[str] = []

    def emit(s: str = "") -> None:
        print(s, flush=True)
        lines.append(s)

    emb = load_embeddings_cached("glove-6b-50d")
    docs = [r["text"] for r in generate_demo_corpus(200)]
    demo_tokens = [t for d in docs for t in tokenize(d).norms if is_word(t)]
    demo_rows = emb.lookup(demo_tokens)
    demo_rows = demo_rows[demo_rows >= 0]
    cands = CandidateSet.build(emb, args.candidates, sorted(set(demo_tokens)))
    n = len(cands)
    v64 = cands.vectors64()
    em = ExponentialMechanism(cands)
    t0 = time.perf_counter()
    log_prior = public_log_prior(cands.words)
    t_prior = time.perf_counter() - t0
    prior = np.exp(log_prior)
    demo_x = cands.to_candidate(demo_rows)  # all in C (extra words)
    assert (demo_x >= 0).all()

    sents = _sentences(docs, args.sentences)
    sent_toks = [tokenize(s) for s in sents]
    sent_rows = [emb.lookup(t.norms) for t in sent_toks]
    sent_mask = [
        (r >= 0) & np.array([is_word(w) for w in t.norms], dtype=bool)
        for r, t in zip(sent_rows, sent_toks, strict=True)
    ]
    model = None
    if not args.no_minilm:
        try:
            from privtext.minilm import MiniLM

            model = MiniLM.load()
        except Exception as exc:  # noqa: BLE001 - report and go on without it
            emit(f"MiniLM unavailable ({type(exc).__name__}: {exc}); sentence part skipped.")
    orig_emb = model.encode(sents) if model is not None else None

    cmd = "OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 .venv/bin/python bench/bench_remap.py " + (
        " ".join(sys.argv[1:] if argv is None else argv)
    )
    emit("# Bayesian remapping of EM: utility before/after, and table build time")
    emit()
    emit(f"Command: `{cmd.strip()}`")
    emit()
    emit(
        f"GloVe 6B 50d, |C| = {n:,} (top {args.candidates:,} words + demo-corpus words), "
        f"prior: English wordfreq over C ({t_prior:.1f} s), top_m = {args.top_m}, "
        f"{args.draws:,} prior words per eps, {demo_x.size:,} demo word tokens, "
        f"{len(sents)} demo sentences ({sum(int(m.sum()) for m in sent_mask):,} words "
        f"perturbed), seed {args.seed}."
    )
    emit()
    rows_tab: list[str] = []
    rows_sent: list[str] = []
    rng = np.random.default_rng(args.seed)
    for eps in args.eps:
        t0 = time.perf_counter()
        table = build_remap_table(cands, eps, log_prior, top_m=args.top_m)
        t_build = time.perf_counter() - t0
        f = table.table
        for label, xs in (
            ("prior words", rng.choice(n, size=args.draws, p=prior)),
            ("demo words", demo_x),
        ):
            y = em.sample(cands.emb_index[xs], eps, _uniforms(rng, xs.size))
            fy = f[y]
            d_y, d_f = _distances(v64, xs, y), _distances(v64, xs, fy)
            rows_tab.append(
                f"| {eps:g} | {label} | {d_y.mean():.3f} | {d_f.mean():.3f} | "
                f"{100 * (d_f.mean() / d_y.mean() - 1):+.1f}% | {(y == xs).mean():.3f} | "
                f"{(fy == xs).mean():.3f} | {t_build:.1f} | {table.min_mass:.3f} / "
                f"{table.mean_mass:.3f} |"
            )
        if model is not None and orig_emb is not None:
            pert: list[str] = []
            remapped: list[str] = []
            for s, toks, rows, mask in zip(sents, sent_toks, sent_rows, sent_mask, strict=True):
                pos = np.flatnonzero(mask)
                y = em.sample(rows[pos], eps, _uniforms(rng, pos.size))
                for out, ids in ((pert, y), (remapped, f[y])):
                    reps = list(toks.texts)
                    for p, c in zip(pos.tolist(), ids.tolist(), strict=True):
                        reps[p] = match_case(str(cands.words[c]), toks.texts[p])
                    out.append(rebuild(s, toks.starts, toks.ends, reps))
            e_p, e_r = model.encode(pert), model.encode(remapped)
            cos_p = np.einsum("ij,ij->i", orig_emb, e_p)
            cos_r = np.einsum("ij,ij->i", orig_emb, e_r)
            rows_sent.append(
                f"| {eps:g} | {cos_p.mean():.3f} | {cos_r.mean():.3f} | "
                f"{(cos_r > cos_p).mean():.2f} | {pert[0]!r} | {remapped[0]!r} |"
            )
    emit("## Embedding distance to the original word (mean) and share of outputs equal to it")
    emit()
    emit(
        "| eps | words x | d(x, y) EM | d(x, f(y)) remapped | change | y = x | f(y) = x "
        "| build (s) | mass kept min / mean |"
    )
    emit("|---|---|---|---|---|---|---|---|---|")
    for r in rows_tab:
        emit(r)
    emit()
    if rows_sent:
        emit(
            "## MiniLM sentence similarity to the original (every word with an embedding perturbed)"
        )
        emit()
        emit(f"Original sentence 0: {sents[0]!r}")
        emit()
        emit(
            "| eps | cos(orig, EM) | cos(orig, remapped) | share remapped > EM "
            "| sentence 0, EM | sentence 0, remapped |"
        )
        emit("|---|---|---|---|---|---|")
        for r in rows_sent:
            emit(r)
        emit()
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
