"""``privtext audit`` and ``privtext ampl``: argument parsing for the audit jobs (issue 6).

Hooked into ``jobs/cli.py`` by :func:`add_audit_parsers`; ``spark-submit jobs/audit.py ...`` and
``spark-submit jobs/ampl.py ...`` take the same arguments. Progress lines hold numbers only:
no word of a document is ever printed.
"""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

from privtext.errors import ConfigError

ATTACKERS = ["rnn", "lstm", "transformer", "exact-em", "exact-linked"]


def _positive_float(name: str):
    def parse(v: str) -> float:
        try:
            x = float(v)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a number, got {v!r}") from None
        if not (math.isfinite(x) and x > 0):
            raise argparse.ArgumentTypeError(f"{name} must be a finite number > 0, got {v!r}")
        return x

    return parse


def parse_per_tier(value: str | None, flag: str) -> dict[str, float] | None:
    """``"2.5"`` (both tiers) or ``"PII=1.25,PoII=2.5"`` -> ``{tier: value}``."""
    if value is None:
        return None
    out: dict[str, float] = {}
    try:
        if "=" not in value:
            return {"PII": float(value), "PoII": float(value)}
        for part in value.split(","):
            tier, _, v = part.partition("=")
            tier = tier.strip()
            if tier not in ("PII", "PoII"):
                raise ValueError(tier)
            out[tier] = float(v)
    except ValueError:
        raise ConfigError(f"{flag} must be X or PII=X1,PoII=X2, got {value!r}") from None
    return out


def parse_target_eps(value: str | None) -> dict[str, float] | None:
    """``"2.5"`` (both tiers) or ``"PII=1.25,PoII=2.5"`` -> per-tier targets."""
    return parse_per_tier(value, "--target-eps")


def parse_delta(value: str) -> float | dict[str, float]:
    """``"0.05"`` or ``"PII=0.1,PoII=0.05"`` -> one delta or one per tier (both tiers named)."""
    per = parse_per_tier(value, "--delta / --target-delta")
    assert per is not None
    if "=" not in value:
        return per["PII"]
    missing = [t for t in ("PII", "PoII") if t not in per]
    if missing:
        raise ConfigError(f"a per-tier delta needs every tier, {missing[0]} is missing: {value!r}")
    return per


def _add_attacker_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("attacker")
    g.add_argument("--attacker", choices=ATTACKERS, default="lstm", help="(default: %(default)s)")
    g.add_argument(
        "--samples", type=int, default=10_000, help="S, triplets per tier (default: %(default)s)"
    )
    g.add_argument("--seed", type=int, default=0, help="split, training and sampling seed (0)")
    g.add_argument(
        "--prior",
        choices=("base-rate", "context"),
        default="base-rate",
        help="pi of the posterior leakage: base-rate (the secrets' base rate in the training "
        "split; the public prior for exact attackers) or context (per position, the same "
        "learned attacker's belief with the released words hidden: counts only what the "
        "release adds to the clear context) (default: %(default)s)",
    )
    g.add_argument(
        "--train-share",
        type=float,
        default=0.5,
        help="share of the documents the attacker trains on (default: %(default)s)",
    )
    g.add_argument(
        "--train-copies",
        type=int,
        default=4,
        help="re-perturbations of each training document (default: %(default)s)",
    )
    g.add_argument("--epochs", type=int, help="attacker epochs (TrainConfig default: 30)")
    g.add_argument("--embed-dim", type=int, help="attacker token embedding size (64)")
    g.add_argument("--hidden", type=int, help="attacker hidden size (64)")
    g.add_argument("--layers", type=int, help="attacker layers (1)")
    g.add_argument("--max-len", type=int, help="attacker window in tokens (256)")
    g.add_argument("--batch-size", type=int, help="attacker batch size (32)")
    g.add_argument("--patience", type=int, help="early-stopping patience in epochs (3)")
    g.add_argument(
        "--attacker-vectors",
        dest="embeddings",
        metavar="SPEC",
        help="the attacker also reads the public word vectors of this embeddings spec (e.g. "
        "glove-6b-50d, the mechanism's own): a stronger attacker (default: learned embeddings "
        "only)",
    )
    g.add_argument(
        "--attacker-link",
        dest="link_mentions",
        action="store_true",
        default=None,
        help="with --attacker-vectors: also score each secret by its distance to the other "
        "released words of the window, weighted by a learned link between mentions (reads a "
        "name written several times together; default: off)",
    )
    g.add_argument(
        "--distributor",
        action="store_true",
        help="train with pyspark.ml.torch.distributor.TorchDistributor (local mode, one "
        "process) instead of in the driver process",
    )
    g.add_argument(
        "--torch-threads",
        type=int,
        default=1,
        help="torch threads of the driver's training and of each executor (default: 1)",
    )
    g.add_argument(
        "--max-log-q-mb",
        type=int,
        default=512,
        help="driver memory for the collected posteriors; documents are sampled beyond it "
        "(default: %(default)s)",
    )


def _train_overrides(a: argparse.Namespace) -> dict[str, Any]:
    keys = ("epochs", "embed_dim", "hidden", "layers", "max_len", "batch_size", "patience",
            "embeddings", "link_mentions")  # fmt: skip
    return {k: getattr(a, k) for k in keys if getattr(a, k, None) is not None}


def add_audit_parsers(sub: Any) -> None:
    """Register ``audit`` and ``ampl`` on the ``privtext`` sub-parsers."""
    p = sub.add_parser(
        "audit",
        help="measure the posterior leakage (mPL) of a release with a trained attacker",
        description="Train an attacker (RNN, LSTM or Transformer) on re-perturbed training "
        "documents, score the audited documents of a release written with "
        "--keep-intermediates, and estimate per tier the violation ratio "
        "Pr[mPL > target eps] from S sampled triplets, its Hoeffding bound (log10), the mPL "
        "distribution and the top-1 reconstruction accuracy. Writes an `audit` Delta table, "
        "report.md with plots and the attacker checkpoints (trained on ORIGINAL words: keep "
        "them private) under --output.",
    )
    p.add_argument("--release", required=True, help="a sanitize output (--keep-intermediates)")
    p.add_argument(
        "--delta", default="0.05", help="PBmPL delta, D or PII=D1,PoII=D2 (default: %(default)s)"
    )
    p.add_argument(
        "--target-eps",
        help="E for both tiers or PII=E1,PoII=E2 (default: each tier's eps_l of the release)",
    )
    p.add_argument(
        "--train-corpus",
        help="train the attacker on this corpus (tagged with the release's configuration) "
        "instead of a held-out share of the release's documents",
    )
    p.add_argument("--tiers", default="PII,PoII", help="tiers to audit (default: %(default)s)")
    p.add_argument("--output", help="report, checkpoints and table folder (default: DIR/audit)")
    p.add_argument(
        "--mode",
        choices=["error", "overwrite", "append"],
        default="error",
        help="when the audit table exists (default: %(default)s)",
    )
    p.add_argument("--master", help="Spark master URL (default: local[*])")
    p.add_argument("--json", action="store_true", help="print the audit rows as JSON")
    _add_attacker_options(p)
    p.set_defaults(func=_cmd_audit)

    a = sub.add_parser(
        "ampl",
        help="tune alpha_PII, alpha_PoII until the audited leakage meets a target (AmPL)",
        description="Rounds of: sanitize the corpus with alpha (round 0: EM baseline, alpha = "
        "1 for both tiers), train the attacker, audit, update alpha to reduce lambda_privacy * "
        "p_hat + lambda_utility * U(alpha). Stops when p_hat <= --target-delta for every tuned "
        "tier or after --rounds; then writes the final release with Bayesian remapping under "
        "OUTPUT/final. Tables under OUTPUT: ampl_rounds, audit; rounds under OUTPUT/rounds/.",
    )
    a.add_argument("--corpus", required=True, help="the corpus to sanitize (as --input)")
    a.add_argument("--input-format", choices=["parquet", "jsonl", "csv", "text"])
    a.add_argument(
        "--epsilon",
        type=_positive_float("--epsilon"),
        required=True,
        help="global budget eps (REQUIRED); the audit target of both tiers",
    )
    a.add_argument(
        "--target-delta",
        default="0.05",
        help="stop at p_hat <= this, D or PII=D1,PoII=D2 (default: %(default)s)",
    )
    a.add_argument(
        "--target-eps",
        type=_positive_float("--target-eps"),
        help="audit target of both tiers (default: --epsilon, a tier's budget at alpha = 1)",
    )
    a.add_argument("--rounds", type=int, default=5, help="round budget (default: %(default)s)")
    a.add_argument("--lambda-privacy", type=float, default=1.0, help="(default: %(default)s)")
    a.add_argument("--lambda-utility", type=float, default=1.0, help="(default: %(default)s)")
    a.add_argument(
        "--variant",
        choices=["full", "u", "p", "one"],
        default="full",
        help="full; u: lambda_privacy = 0; p: lambda_utility = 0; one: only alpha_PII tuned "
        "(default: %(default)s)",
    )
    a.add_argument("--step", type=float, help="alpha step of the controller (AmplConfig: 0.1)")
    a.add_argument("--alpha-min", type=float, help="smallest alpha (AmplConfig: 0.05)")
    a.add_argument("--output", required=True, help="output folder")
    a.add_argument("--mode", choices=["error", "overwrite"], default="error")
    a.add_argument(
        "--audit-final",
        action="store_true",
        help="also audit the final (remapped) release; keeps its tokens and tags tables",
    )
    a.add_argument("--config", help="YAML sanitize config: the base of every round")
    a.add_argument("--candidates", type=int, help="candidate set size (perturb.candidates)")
    a.add_argument("--embeddings", help="(perturb.embeddings)")
    a.add_argument("--ner-model", help="(tagging.ner_model; 'none' = rules only)")
    a.add_argument("--noise-key-file", help="default: $PRIVTEXT_NOISE_KEY (never logged)")
    a.add_argument("--master", help="Spark master URL (default: local[*])")
    a.add_argument("--json", action="store_true", help="print the rounds as JSON")
    _add_attacker_options(a)
    a.set_defaults(func=_cmd_ampl)


def _session(master: str | None, cfg: Any = None) -> Any:
    from pipelines.session import build_session

    if cfg is None:
        return build_session(master)
    s = cfg.spark
    return build_session(master or s.master, s.app_name, s.shuffle_partitions, s.arrow_batch_size)


def _clean(v: Any) -> Any:
    if isinstance(v, float) and not math.isfinite(v):
        return None if math.isnan(v) else ("inf" if v > 0 else "-inf")
    return v


def _progress(line: str) -> None:
    print(line, flush=True)


def _cmd_audit(a: argparse.Namespace) -> int:
    from pipelines.audit import AuditOptions, run_audit

    tiers = tuple(t.strip() for t in a.tiers.split(",") if t.strip())
    opts = AuditOptions(
        release=a.release,
        attacker=a.attacker,
        samples=a.samples,
        delta=parse_delta(a.delta),
        target_eps=parse_target_eps(a.target_eps),
        train_corpus=a.train_corpus,
        seed=a.seed,
        output=a.output,
        mode=a.mode,
        distributor=a.distributor,
        train_share=a.train_share,
        train_copies=a.train_copies,
        train=_train_overrides(a),
        tiers=tiers,
        prior=a.prior,
        max_log_q_mb=a.max_log_q_mb,
        torch_threads=a.torch_threads,
        progress=None if a.json else _progress,
    ).check()
    spark = _session(a.master)
    res = run_audit(spark, opts)
    if a.json:
        print(json.dumps([{k: _clean(v) for k, v in r.items()} for r in res.rows], indent=2))
    else:
        print(f"audit {res.run_id}: table {res.table}, report {res.report}")
    return 0


def _cmd_ampl(a: argparse.Namespace) -> int:
    from pipelines.ampl import AmplOptions, run_ampl
    from privtext.config import build_config

    base = build_config(
        a.config,
        {
            "input": {"path": a.corpus, "format": a.input_format},
            "perturb": {
                "epsilon": a.epsilon,
                "candidates": a.candidates,
                "embeddings": a.embeddings,
            },
            "tagging": {"ner_model": a.ner_model},
            "spark": {"master": a.master},
            "noise_key_file": a.noise_key_file,
        },
    )
    if base.perturb.mechanism != "em":
        raise ConfigError(
            f"ampl tunes the exponential mechanism (U(alpha) and remapping are exact for EM), "
            f"got perturb.mechanism={base.perturb.mechanism!r}"
        )
    controller: dict[str, Any] = {}
    if a.step is not None:
        controller["step"] = a.step
    if a.alpha_min is not None:
        controller["alpha_min"] = a.alpha_min
    opts = AmplOptions(
        base=base,
        output=a.output,
        target_delta=parse_delta(a.target_delta),
        rounds=a.rounds,
        attacker=a.attacker,
        lambda_privacy=a.lambda_privacy,
        lambda_utility=a.lambda_utility,
        variant=a.variant,
        samples=a.samples,
        seed=a.seed,
        mode=a.mode,
        target_eps=a.target_eps,
        audit_final=a.audit_final,
        controller=controller,
        audit={
            "train_share": a.train_share,
            "train_copies": a.train_copies,
            "train": _train_overrides(a),
            "distributor": a.distributor,
            "torch_threads": a.torch_threads,
            "max_log_q_mb": a.max_log_q_mb,
            "prior": a.prior,
        },
        progress=None if a.json else _progress,
    ).check()
    spark = _session(a.master, base)
    res = run_ampl(spark, opts)
    if a.json:
        print(json.dumps([{k: _clean(v) for k, v in r.items()} for r in res.rows], indent=2))
    else:
        print(
            f"ampl: {len(res.rounds)} rounds, final alpha "
            + ", ".join(f"{t} {v:.3f}" for t, v in res.final_alpha.items())
            + f"; final release {res.final}; tables {res.tables}"
        )
    return 0
