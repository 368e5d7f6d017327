"""Where a learned attacker's PII violations come from, by the kind of the audited pair.

Trains and runs one audit of the PII tier of a release of the leakage corpus
(``privtext.audit.corpus``), then splits the sampled triplets ``(x_i, x_j, y)`` by the kinds of
the two secrets: ``F`` (a female given name of the corpus), ``M`` (male given name), ``S``
(surname). A pair of a given name and a surname (``FS``, ``MS``) differs in its *role*, which
the clear context shows ("Mr" before a surname, a given name before a surname); a pair of one
kind differs only in *which* name it is. Prints the violation ratio per pair kind, its share of
all violations, and the same for pairs that hold the true secret.

    .venv/bin/python bench/audit_pair_kinds.py --release /tmp/ba3/eps-2.5/rounds/round-0 \\
        --attacker rnn
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--release", required=True)
    p.add_argument("--attacker", default="rnn")
    p.add_argument("--target-eps", type=float, default=0.75)
    p.add_argument("--samples", type=int, default=20_000)
    p.add_argument("--attacker-vectors", default="glove-6b-50d")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--out", default="/tmp/privtext-pair-kinds")
    a = p.parse_args(argv)
    os.environ.setdefault("PRIVTEXT_NOISE_KEY", "5e" * 32)  # bench-only key
    import torch

    torch.set_num_threads(a.threads)
    from pipelines.audit import AuditOptions, run_audit
    from pipelines.session import build_session
    from privtext.audit.corpus import FEMALE_NAMES, MALE_NAMES, SURNAMES
    from privtext.audit.mpl import distance_matrix, sample_triplets
    from privtext.embeddings import load_embeddings_cached

    spark = build_session("local[2]", app_name="audit-pair-kinds", shuffle_partitions=2)
    train = {"epochs": 10, "embed_dim": 48, "hidden": 48, "max_len": 128, "patience": 3,
             "heads": 4, "embeddings": a.attacker_vectors}  # fmt: skip
    res = run_audit(
        spark,
        AuditOptions(
            release=a.release, attacker=a.attacker, samples=a.samples, delta=0.05,
            target_eps={"PII": a.target_eps, "PoII": a.target_eps}, seed=0, output=a.out,
            mode="overwrite", train=train, train_copies=3, torch_threads=a.threads,
            tiers=("PII",),
        ),
    )  # fmt: skip
    ta = res.tiers["PII"]
    vocab = ta.secret_vocab
    emb = load_embeddings_cached("glove-6b-50d")
    dm = distance_matrix(emb.vectors[emb.lookup(vocab)].astype(np.float64))
    kinds = {**{w.lower(): "F" for w in FEMALE_NAMES}, **{w.lower(): "M" for w in MALE_NAMES},
             **{w.lower(): "S" for w in SURNAMES}}  # fmt: skip
    kind = np.array([kinds.get(w, "?") for w in vocab])
    # the audit's own triplets: same generator, seed and order as audit_tier/estimate_pbmpl
    y, i, j, _ = sample_triplets(ta.log_post.shape[0], len(vocab), a.samples,
                                 np.random.default_rng([0, 0]), dm)  # fmt: skip
    viol = ~(ta.stats.mpl_values <= a.target_eps)
    assert abs(viol.mean() - ta.stats.violation_ratio) < 1e-12
    pair = np.array(["".join(sorted(u + v)) for u, v in zip(kind[i], kind[j], strict=True)])
    print(f"{a.attacker} on {a.release}: PII violation ratio {viol.mean():.4f}, "
          f"top-1 {ta.stats.top1_accuracy:.3f}")  # fmt: skip
    print("| pair kind | share of pairs | violation ratio | share of all violations |")
    print("|---|---|---|---|")
    for k in sorted(set(pair)):
        m = pair == k
        print(f"| {k} | {m.mean():.3f} | {viol[m].mean():.4f} | "
              f"{viol[m].sum() / max(1, viol.sum()):.2f} |")  # fmt: skip
    role = np.isin(pair, ["FS", "MS"])
    print(f"given name vs surname: {viol[role].sum() / max(1, viol.sum()):.2f} of the violations;"
          f" pairs of one kind: violation ratio {viol[~role].mean():.4f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
