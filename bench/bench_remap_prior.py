"""Remapping priors compared on the secrets of each tier: wordfreq vs the tier prior.

    OMP_NUM_THREADS=1 .venv/bin/python bench/bench_remap_prior.py

For two candidate sets (the 3,000 most frequent GloVe 6B 50d words, whose secrets are the
words of the tier's public lexicon found there; and the 5,000 most frequent words plus the
leakage corpus's names and employers/cities, whose secrets are those) and eps in {1, 1.5, 2.5,
5}: the exact expected distance ``E d(x, y)`` of EM (no remapping) and ``E d(x, f(y))`` after
remapping with the wordfreq prior and with the tier prior (``privtext.mechanisms.remap
.tier_log_prior``), averaged uniformly over the secrets. Exact expectations (EM's law summed
over all of ``C``), no sampling. Prints a Markdown table.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from privtext.audit.corpus import EMPLOYERS, FEMALE_NAMES, MALE_NAMES, SURNAMES  # noqa: E402
from privtext.embeddings import CandidateSet, load_embeddings_cached  # noqa: E402
from privtext.mechanisms.exponential import scaled_distances64  # noqa: E402
from privtext.mechanisms.remap import (  # noqa: E402
    build_remap_table,
    public_log_prior,
    tier_lexicon,
    tier_log_prior,
)


def losses(cands: CandidateSet, table: np.ndarray, secrets: np.ndarray, eps: float):
    d, _ = scaled_distances64(cands, cands.vectors64()[secrets], 1.0, self_pos=secrets)
    lg = -0.5 * eps * d
    p = np.exp(lg - lg.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return float((p * d).sum(axis=1).mean()), float((p * d[:, table]).sum(axis=1).mean())


def main() -> int:
    emb = load_embeddings_cached("glove-6b-50d")
    pii = [w.lower() for w in FEMALE_NAMES + MALE_NAMES + SURNAMES]
    poii = [w.lower() for e in EMPLOYERS for w in e]
    print("| candidate set | tier | secrets | eps | EM | remapped, wordfreq prior | "
          "remapped, tier prior |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    for setup in ("top 3,000 words", "top 5,000 + leakage corpus"):
        for tier in ("PII", "PoII"):
            if setup.startswith("top 3"):
                cands = CandidateSet.build(emb, 3000)
                lex = tier_lexicon(tier)
                secrets = np.array([i for i, w in enumerate(cands.words) if w in lex])
            else:
                cands = CandidateSet.build(emb, 5000, extra_words=pii + poii)
                pos = {w: i for i, w in enumerate(cands.words)}
                wanted = pii if tier == "PII" else poii
                secrets = np.array([pos[w] for w in wanted if w in pos])
            wf, tp = public_log_prior(cands.words), tier_log_prior(cands.words, tier)
            for eps in (1.0, 1.5, 2.5, 5.0):
                raw, by_wf = losses(cands, build_remap_table(cands, eps, wf).table, secrets, eps)
                _, by_tier = losses(cands, build_remap_table(cands, eps, tp).table, secrets, eps)
                print(f"| {setup} | {tier} | {secrets.size} | {eps:g} | {raw:.3f} | "
                      f"{by_wf:.3f} | {by_tier:.3f} |", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
