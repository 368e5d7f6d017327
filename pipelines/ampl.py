"""AmPL: tune the tier scales ``alpha_PII``, ``alpha_PoII`` until the audited leakage is on target.

``privtext ampl`` (METHODS.md, "AmPL: the adaptive loop"). Round ``k`` (round 0 is the EM
baseline, ``alpha = (1, 1)``):

1. sanitize the corpus with ``alpha`` (``pipelines.sanitize.run_sanitize``, keep_intermediates)
   into ``OUTPUT/rounds/round-<k>/``;
2. train the attacker and audit the release (``pipelines.audit.run_audit``; its report and
   checkpoints in ``OUTPUT/rounds/round-<k>/audit/``, its rows appended to the ``OUTPUT/audit``
   table). The audit target of both tiers is the global ``epsilon``: the per-word budget a
   tier has at ``alpha = 1``, which the loop must make hold under joint consumption;
3. record one ``ampl_rounds`` row per tier (appended, one Delta commit per round): alpha,
   ``eps_l``, ``p_hat``, the Hoeffding bound, ``U(alpha)`` (exact expected EM distance from
   ``privtext.audit.ampl.utility_loss_em``), the measured mean embedding distance between
   released and original words, the top-1 accuracy, the seconds spent;
4. stop when ``p_hat <= target_delta`` for every tuned tier (``AmplController.done``) or after
   ``rounds`` rounds; otherwise ``AmplController.update`` picks the next ``alpha``.

Then the final release is written with Bayesian remapping on (``perturb.remap``) at the alpha of
the last audited round, under ``OUTPUT/final/`` (optionally audited too, ``audit_final``).

Sensitivity: every release under OUTPUT keeps its ``tokens`` and ``tags`` intermediates (the
audits and the measured utility need the originals), so the OUTPUT folder is operator-side as a
whole; publish ``OUTPUT/final/documents`` only.

Tier order: the project keeps ``alpha_PII <= alpha_PoII`` (a PII word never gets a larger
budget than a PoII word). Equal scales are allowed here only (round 0); if the controller
proposes ``alpha_PII > alpha_PoII``, ``alpha_PII`` is lowered to ``alpha_PoII`` and the progress
line says so.
"""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

from pipelines.audit import (
    TIERS,
    AuditOptions,
    AuditResult,
    check_delta,
    publish_rows,
    run_audit,
)
from pipelines.io import delete_path, path_exists, read_table
from pipelines.sanitize import RunSummary, run_sanitize
from privtext.config import RunConfig, with_tier_scales
from privtext.embeddings import load_embeddings_cached
from privtext.errors import ConfigError
from schemas.tables import TABLES, struct_type

log = logging.getLogger("privtext.ampl")


@dataclass
class AmplOptions:
    """One AmPL run (the CLI fills it).

    Attributes:
        base: the sanitize configuration of every round (input, epsilon, tagging, key...).
        output: the output folder.
        target_delta: stop when ``p_hat`` is at most this for every tuned tier (one number, or
            ``{tier: delta}``).
        rounds: round budget (round 0 included).
        attacker: ``rnn``, ``lstm`` or ``transformer`` (or ``exact-em`` / ``exact-linked``:
            exact posteriors, no training).
        lambda_privacy, lambda_utility, variant: the objective and the tuned tiers
            (``privtext.audit.ampl.AmplConfig``).
        samples: ``S`` per tier and round.
        seed: the audits' seed.
        mode: ``error`` or ``overwrite`` (the whole output folder; not atomic as a whole,
            each table is).
        target_eps: the audit target of both tiers (default: ``epsilon``, the budget of a tier
            at ``alpha = 1``).
        audit_final: also audit the final remapped release.
        controller: further ``AmplConfig`` fields (``step``, ``alpha_min``).
        audit: further :class:`~pipelines.audit.AuditOptions` fields.
        progress: called with one line per step (numbers only).
    """

    base: RunConfig
    output: str
    target_delta: float | dict[str, float] = 0.05
    rounds: int = 5
    attacker: str = "lstm"
    lambda_privacy: float = 1.0
    lambda_utility: float = 1.0
    variant: str = "full"
    samples: int = 10_000
    seed: int = 0
    mode: str = "error"
    target_eps: float | None = None
    audit_final: bool = False
    controller: dict[str, Any] = field(default_factory=dict)
    audit: dict[str, Any] = field(default_factory=dict)
    progress: Callable[[str], None] | None = None

    def check(self) -> AmplOptions:
        if self.base.perturb.epsilon is None:
            raise ConfigError("perturb.epsilon is required (--epsilon): no default budget")
        if not self.base.input.path:
            raise ConfigError("the corpus is required (--corpus), got None")
        if self.base.perturb.mechanism != "em":
            raise ConfigError(f"ampl needs mechanism em, got {self.base.perturb.mechanism!r}")
        if isinstance(self.rounds, bool) or int(self.rounds) < 1:
            raise ConfigError(f"rounds must be an integer >= 1, got {self.rounds!r}")
        check_delta(self.target_delta, "target_delta", allow_one=False)
        if self.variant not in ("full", "u", "p", "one"):
            raise ConfigError(f"variant must be full, u, p or one, got {self.variant!r}")
        for name in ("lambda_privacy", "lambda_utility"):
            v = float(getattr(self, name))
            if not (math.isfinite(v) and v >= 0):
                raise ConfigError(f"{name} must be a finite number >= 0, got {v!r}")
        if self.target_eps is not None and not (
            math.isfinite(self.target_eps) and self.target_eps > 0
        ):
            raise ConfigError(f"target_eps must be a finite number > 0, got {self.target_eps!r}")
        if self.mode not in ("error", "overwrite"):
            raise ConfigError(f"mode must be error or overwrite, got {self.mode!r}")
        # the audit's own options (attacker x prior, ...) fail here, before any round runs
        _audit_opts(self, "-", "-", "-", "error").check()
        return self


@dataclass
class AmplRound:
    round: int
    alpha: dict[str, float]
    summary: RunSummary
    audit: AuditResult
    rows: list[dict[str, Any]]


@dataclass
class AmplResult:
    output: str
    rounds: list[AmplRound]
    rows: list[dict[str, Any]]
    final_alpha: dict[str, float]
    final: str
    final_summary: RunSummary
    final_mean_distance: dict[str, float | None]
    final_audit: AuditResult | None
    tables: dict[str, str]
    stopped_at_target: bool
    #: why the loop ended: "target met", "round budget" or "stalled" (no tier's alpha moved:
    #: the utility term outweighs the privacy term at this alpha)
    stop_reason: str = "round budget"


def _say(opts: AmplOptions, line: str) -> None:
    log.info(line)
    if opts.progress is not None:
        opts.progress(line)


def mean_distance(spark: SparkSession, release: str, embeddings: str) -> dict[str, float | None]:
    """Per tier: the mean embedding distance between released and original words over the
    mechanism's units (pairs with both words in the embeddings). Only distinct pairs and their
    counts reach the driver."""
    emb = load_embeddings_cached(embeddings)
    pairs = (
        read_table(spark, f"{release}/tokens")
        .where(F.col("operator") == "mechanism")
        .groupBy("tier", F.lower("original").alias("x"), F.lower("replacement").alias("y"))
        .count()
        .collect()
    )
    out: dict[str, float | None] = {}
    for tier in TIERS:
        rows = [r for r in pairs if r.tier == tier]
        if not rows:
            out[tier] = None
            continue
        xi = emb.lookup([r.x for r in rows])
        yi = emb.lookup([r.y for r in rows])
        n = np.asarray([r["count"] for r in rows], dtype=np.float64)
        ok = (xi >= 0) & (yi >= 0)
        if not ok.any():
            out[tier] = None
            continue
        diff = emb.vectors[xi[ok]].astype(np.float64) - emb.vectors[yi[ok]].astype(np.float64)
        d = np.sqrt(np.einsum("ij,ij->i", diff, diff))
        out[tier] = float(np.sum(d * n[ok]) / np.sum(n[ok]))
    return out


class _Utility:
    """``U_l(alpha)`` of each tier: the exact expected EM distance over the tier's secrets
    under the public prior, at budget ``alpha * eps`` (``utility_loss_em``), memoised."""

    def __init__(self, audit: AuditResult, eps: float, embeddings: str) -> None:
        from privtext.mechanisms.remap import public_log_prior

        assert audit.release is not None
        emb = load_embeddings_cached(embeddings)
        self.eps = float(eps)
        self.cand_vecs = audit.release.cands.vectors64()
        self.secret: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for tier, ta in audit.tiers.items():
            vocab = ta.secret_vocab
            self.secret[tier] = (
                emb.vectors[emb.lookup(vocab)].astype(np.float64),
                public_log_prior(vocab),
            )
        self._memo: dict[tuple[str, float], float] = {}

    def __call__(self, tier: str, alpha: float) -> float:
        from privtext.audit.ampl import utility_loss_em

        key = (tier, round(float(alpha), 12))
        if key not in self._memo:
            vecs, prior = self.secret[tier]
            self._memo[key] = float(
                utility_loss_em(float(alpha), self.eps, vecs, self.cand_vecs, prior)
            )
        return self._memo[key]


def _ordered(alpha: dict[str, float]) -> tuple[dict[str, float], bool]:
    a = {t: float(min(1.0, alpha.get(t, 1.0))) for t in TIERS}
    if a["PII"] > a["PoII"]:
        a["PII"] = a["PoII"]
        return a, True
    return a, False


def _round_cfg(opts: AmplOptions, alpha: dict[str, float], out: str, remap: bool) -> RunConfig:
    data = opts.base.model_dump()
    data["output"] = {**data["output"], "path": out, "keep_intermediates": True,
                      "mode": "overwrite", "format": "delta"}  # fmt: skip
    data["perturb"] = {**data["perturb"], "remap": remap}
    return with_tier_scales(RunConfig.model_validate(data), alpha["PII"], alpha["PoII"])


def _audit_opts(
    opts: AmplOptions, release: str, output: str, table: str, mode: str
) -> AuditOptions:
    eps = float(opts.target_eps or opts.base.perturb.epsilon or 0.0)
    return AuditOptions(
        release=release,
        attacker=opts.attacker,
        samples=opts.samples,
        delta=opts.target_delta,
        target_eps={t: eps for t in TIERS},
        seed=opts.seed,
        output=output,
        table=table,
        mode=mode,
        progress=opts.progress,
        **opts.audit,
    )


def run_ampl(spark: SparkSession, opts: AmplOptions) -> AmplResult:
    """Run the AmPL loop, record every round, write the final remapped release.

    Raises:
        ConfigError: bad options or an existing output (mode error).
    """
    from privtext.audit.ampl import AmplConfig, AmplController

    opts.check()
    out = opts.output.rstrip("/")
    if path_exists(spark, out):
        if opts.mode != "overwrite":
            raise ConfigError(f"output {out!r} already exists; pass --mode overwrite")
        delete_path(spark, out)
    os.makedirs(out, exist_ok=True)
    eps = float(opts.base.perturb.epsilon or 0.0)
    emb_spec = opts.base.perturb.embeddings
    ctl = AmplController(
        AmplConfig(
            lambda_privacy=float(opts.lambda_privacy),
            lambda_utility=float(opts.lambda_utility),
            variant=opts.variant,
            target_delta=opts.target_delta,
            **opts.controller,
        ),
        tiers=TIERS,
    )
    audit_table, rounds_table = f"{out}/audit", f"{out}/ampl_rounds"
    rounds: list[AmplRound] = []
    all_rows: list[dict[str, Any]] = []
    alpha, _ = _ordered(dict(ctl.alpha))
    done = stalled = False
    utility: _Utility | None = None
    for k in range(int(opts.rounds)):
        t0 = time.perf_counter()
        rdir = f"{out}/rounds/round-{k}"
        _say(opts, f"ampl round {k}: alpha PII {alpha['PII']:.4f}, PoII {alpha['PoII']:.4f} "
             f"(eps_l {alpha['PII'] * eps:.4g}, {alpha['PoII'] * eps:.4g})")  # fmt: skip
        summary = run_sanitize(spark, _round_cfg(opts, alpha, rdir, remap=False))
        audit = run_audit(
            spark,
            _audit_opts(opts, rdir, f"{rdir}/audit", audit_table, "error" if k == 0 else "append"),
        )
        if utility is None:
            utility = _Utility(audit, eps, emb_spec)
        measured = mean_distance(spark, rdir, emb_spec)
        p_hat = {t: float(audit.tiers[t].row["violation_ratio"]) for t in TIERS}
        duration = time.perf_counter() - t0
        rows = []
        for t in TIERS:
            r = audit.tiers[t].row
            rows.append(
                {
                    "round": k,
                    "tier": t,
                    "alpha": alpha[t],
                    "epsilon_tier": alpha[t] * eps,
                    "violation_ratio": p_hat[t],
                    "log10_bound": r["log10_bound"],
                    "utility_loss": utility(t, alpha[t]),
                    "mean_distance": measured[t],
                    "top1_accuracy": r["top1_accuracy"],
                    "duration_s": duration,
                    "run_id": summary.run_id,
                    "audit_run_id": audit.run_id,
                }
            )
        cols = [c.name for c in TABLES["ampl_rounds"]]
        df = spark.createDataFrame(
            [{c: r.get(c) for c in cols} for r in rows], struct_type("ampl_rounds")
        )
        publish_rows(spark, df, rounds_table, "ampl_rounds", "error" if k == 0 else "append",
                     f"ampl-{summary.run_id}")  # fmt: skip
        all_rows.extend(rows)
        rounds.append(AmplRound(k, dict(alpha), summary, audit, rows))
        _say(opts, f"ampl round {k} done in {duration:.0f} s: " + "; ".join(
            f"{r['tier']} p_hat {r['violation_ratio']:.4f} U {r['utility_loss']:.4f} "
            f"top-1 {r['top1_accuracy']:.3f}" for r in rows))  # fmt: skip
        done = bool(ctl.done(p_hat))
        if done or k == int(opts.rounds) - 1:
            break
        proposed = ctl.update(p_hat, utility)
        new_alpha, clamped = _ordered(dict(proposed))
        if clamped:
            _say(opts, "  alpha_PII proposed above alpha_PoII: lowered to alpha_PoII")
        if all(new_alpha[t] == alpha[t] for t in TIERS):
            stalled = True  # another round at the same alpha would only repeat this one
            _say(opts, "  no alpha moved: at this alpha the utility term outweighs the privacy "
                 "term (raise --lambda-privacy or lower --lambda-utility); stopping")  # fmt: skip
            break
        alpha = new_alpha
    final_alpha = dict(rounds[-1].alpha)
    final = f"{out}/final"
    keep_final = bool(opts.audit_final)
    reason = "target met" if done else "stalled" if stalled else "round budget"
    why = f" ({reason})"
    _say(opts, f"ampl final release (remap on): alpha PII {final_alpha['PII']:.4f}, "
         f"PoII {final_alpha['PoII']:.4f}{why}")  # fmt: skip
    final_summary = run_sanitize(spark, _round_cfg(opts, final_alpha, final, remap=True))
    final_dist = mean_distance(spark, final, emb_spec)
    final_audit = None
    if keep_final:
        final_audit = run_audit(
            spark, _audit_opts(opts, final, f"{final}/audit", audit_table, "append")
        )
    dists = ", ".join(f"{t} {'n/a' if v is None else format(v, '.4f')}"
                      for t, v in final_dist.items())  # fmt: skip
    _say(opts, f"ampl final mean distance released-original: {dists}")
    return AmplResult(
        output=out,
        rounds=rounds,
        rows=all_rows,
        final_alpha=final_alpha,
        final=final,
        final_summary=final_summary,
        final_mean_distance=final_dist,
        final_audit=final_audit,
        tables={"ampl_rounds": rounds_table, "audit": audit_table},
        stopped_at_target=done,
        stop_reason=reason,
    )
