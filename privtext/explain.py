"""``privtext explain RUN_DIR``: what a sanitize run did and what it guarantees, from its tables.

Reads the run's ``manifest`` and ``ledger`` tables (Delta or Parquet) with pyarrow alone, no
Spark: a Delta table is Parquet files plus ``_delta_log``; its current snapshot is the set of
files added and not removed by the commits (JSON) after the last checkpoint (Parquet).

For each tier (PII, PoII) and overall it reports the mechanism, the budgets, the candidate
set, what was replaced, the document-level guarantee of METHODS.md ("Accounting"):
for neighbouring documents of equal length
``P[M(x)=y] <= exp(sum_t eps_{l_t} d(x_t, x'_t)) P[M(x')=y]``, so the per-document sum of
``eps_l`` over perturbed tokens is the multiplier of distance when every perturbed token
changes by distance 1; and where the released words lie among the originals' neighbours
(``original`` / ``1-10`` / ``11-100`` / ``>100`` / ``no_embedding``).

The ledger and the manifest are computed from the private input (the rank counts compare
released words with the originals): they are operator-side records, like the intermediates.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from privtext.errors import InputError
from privtext.sanitize import RANK_BANDS, RANK_COLUMNS, TIERS

NEAR_SHARE_ALL_OR_NOTHING = 0.10

GUARANTEE = (
    "for neighbouring documents x, x' of equal length, "
    "P[M(x)=y] <= exp(sum_t eps_{l_t} d(x_t, x'_t)) P[M(x')=y] (tokens perturbed "
    "independently; pattern spans are replaced by surrogate/mask/hash operators, outside "
    "this metric-DP guarantee)"
)
GUARANTEE_ONE_DRAW = (
    "one draw per distinct word of a tier in a document (consistent mentions): for "
    "neighbouring documents x, x' of equal length with the same pattern of repeated words "
    "(x_s = x_t exactly when x'_s = x'_t), P[M(x)=y] <= exp(sum over distinct words w of "
    "eps_l d(w, w')) P[M(x')=y], at most the per-token sum below; for neighbours that change "
    "which mentions are the same word there is no bound of this form (equal draws show which "
    "mentions were the same word); pattern spans are replaced by surrogate/mask/hash "
    "operators, outside this metric-DP guarantee"
)


def guarantee_for(label: str) -> str:
    """The guarantee a release of the ledger's mechanism ``label`` carries."""
    return GUARANTEE_ONE_DRAW if "+one-draw-per-word" in label else GUARANTEE


# -- reading tables ----------------------------------------------------------------------------
def _delta_files(table: Path) -> list[Path]:
    """The Parquet files of a Delta table's current snapshot."""
    log = table / "_delta_log"
    active: dict[str, bool] = {}
    start = -1
    last_cp = log / "_last_checkpoint"
    if last_cp.is_file():
        cp = json.loads(last_cp.read_text(encoding="utf-8"))
        start = int(cp["version"])
        parts = sorted(log.glob(f"{start:020d}.checkpoint*.parquet"))
        for part in parts:
            t = pq.read_table(part, columns=["add", "remove"]).to_pylist()
            for row in t:
                if row.get("add"):
                    active[unquote(row["add"]["path"])] = True
                if row.get("remove"):
                    active.pop(unquote(row["remove"]["path"]), None)
    commits = sorted(
        (int(p.name.split(".")[0]), p) for p in log.glob("*.json") if p.name.split(".")[0].isdigit()
    )
    for version, path in commits:
        if version <= start:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            action = json.loads(line)
            if "add" in action:
                active[unquote(action["add"]["path"])] = True
            elif "remove" in action:
                active.pop(unquote(action["remove"]["path"]), None)
    return [table / p for p in active]


def read_table(path: str | os.PathLike[str]) -> pa.Table:
    """A table written by the pipeline (Delta, or a folder of Parquet files), with pyarrow.

    Raises:
        InputError: the folder does not exist or holds no table.
    """
    p = Path(path)
    if not p.is_dir():
        raise InputError(f"table folder does not exist: {str(p)!r}")
    if (p / "_delta_log").is_dir():
        files = _delta_files(p)
    else:
        files = sorted(
            f
            for f in p.rglob("*.parquet")
            if not any(part.startswith(("_", ".")) for part in f.relative_to(p).parts)
        )
    if not files:
        raise InputError(f"no table files in {str(p)!r}")
    return pa.concat_tables([pq.read_table(f) for f in files], promote_options="default")


def table_format(path: str | os.PathLike[str]) -> str:
    return "delta" if (Path(path) / "_delta_log").is_dir() else "parquet"


# -- summaries ---------------------------------------------------------------------------------
def _shares(ranks: dict[str, int]) -> dict[str, float]:
    total = sum(ranks.values())
    return {b: (ranks[b] / total if total else 0.0) for b in RANK_BANDS}


def verdict(ranks: dict[str, int]) -> str:
    """One line on where the released words lie."""
    total = sum(ranks.values())
    if total == 0:
        return "no word was perturbed by the mechanism"
    sh = _shares(ranks)
    near = sh["1-10"] + sh["11-100"]
    if sh["no_embedding"] >= 0.5:
        return (
            f"mostly words without an embedding ({sh['no_embedding']:.0%}): uniform draws, "
            "unrelated substitutes"
        )
    if near < NEAR_SHARE_ALL_OR_NOTHING:
        return (
            f"mostly original or unrelated: all-or-nothing (ranks 1-100 hold {near:.1%} of "
            f"outputs; original {sh['original']:.1%}, beyond 100 {sh['>100']:.1%})"
        )
    if sh["original"] >= 0.5:
        return f"mostly the original word ({sh['original']:.0%}): little protection"
    if near >= 0.5:
        return (
            f"mostly near neighbours (ranks 1-100 hold {near:.0%}): graded substitutes, "
            "as metric DP intends"
        )
    return (
        f"mixed: original {sh['original']:.0%}, ranks 1-100 {near:.0%}, beyond 100 {sh['>100']:.0%}"
    )


def _doc_sums(doc_ids: np.ndarray, values: np.ndarray) -> np.ndarray:
    if doc_ids.size == 0:
        return np.zeros(0)
    _, inv = np.unique(doc_ids, return_inverse=True)
    return np.bincount(inv.reshape(-1), weights=values.astype(np.float64))


def _stats(per_doc: np.ndarray) -> dict[str, float]:
    if per_doc.size == 0:
        return {"max": 0.0, "median": 0.0}
    return {"max": float(per_doc.max()), "median": float(np.median(per_doc))}


def explain_run(run_dir: str | os.PathLike[str]) -> dict[str, Any]:
    """Everything ``privtext explain`` prints, as a JSON-able dict.

    Raises:
        InputError: no manifest or ledger table under ``run_dir``.
    """
    root = Path(run_dir)
    manifest_rows = read_table(root / "manifest").to_pylist()
    if len(manifest_rows) != 1:
        raise InputError(f"expected one manifest row in {str(root)!r}, got {len(manifest_rows)}")
    m = manifest_rows[0]
    cfg = json.loads(m.get("config_json") or "{}")
    counts = json.loads(m.get("counts_json") or "{}")
    mech = json.loads(m["mechanism_json"]) if m.get("mechanism_json") else {}
    perturb = cfg.get("perturb", {})
    ledger = read_table(root / "ledger")
    cols = set(ledger.column_names)
    doc_ids = np.asarray(ledger.column("doc_id").to_pylist(), dtype=object)
    tiers_col = np.asarray(ledger.column("tier").to_pylist(), dtype=object)

    def col(name: str) -> np.ndarray:
        if name not in cols:
            return np.zeros(len(doc_ids), dtype=np.float64)
        return np.asarray(ledger.column(name).to_numpy(zero_copy_only=False), dtype=np.float64)

    tokens = col("tokens_perturbed")
    spans = col("spans_replaced")
    eps_sum = col("epsilon_sum")
    eps_tok = col("epsilon_per_token")
    labels = sorted(set(ledger.column("mechanism").to_pylist())) if len(doc_ids) else []
    label = mech.get("label") or (labels[0] if labels else perturb.get("mechanism", "?"))
    n_docs = int(counts.get("documents", len(set(doc_ids.tolist()))))
    has_ranks = all(c in cols for c in RANK_COLUMNS)

    tiers: dict[str, Any] = {}
    all_ranks = {b: 0 for b in RANK_BANDS}
    all_ops: dict[str, int] = {}
    for tier in TIERS:
        sel = tiers_col == tier
        rec = mech.get("tiers", {}).get(tier, {})
        alpha = rec.get("alpha", perturb.get("alpha_pii" if tier == "PII" else "alpha_poii"))
        eps_vals = sorted(set(eps_tok[sel].tolist()))
        eps_l = (
            eps_vals[0]
            if len(eps_vals) == 1
            else rec.get("epsilon", (alpha or 0) * (perturb.get("epsilon") or 0))
        )
        if has_ranks:
            ranks = {
                b: int(col(c)[sel].sum()) for b, c in zip(RANK_BANDS, RANK_COLUMNS, strict=True)
            }
        else:
            ranks = {b: int(v) for b, v in rec.get("ranks", dict.fromkeys(RANK_BANDS, 0)).items()}
        for b in RANK_BANDS:
            all_ranks[b] += ranks[b]
        ops = dict(rec.get("units_by_operator", {}))
        for k, v in ops.items():
            all_ops[k] = all_ops.get(k, 0) + int(v)
        per_doc = _doc_sums(doc_ids[sel], eps_sum[sel])
        tiers[tier] = {
            "alpha": alpha,
            "epsilon_per_token": float(eps_l),
            "tokens_perturbed": int(tokens[sel].sum()),
            "spans_replaced": int(spans[sel].sum()),
            "units_by_operator": ops,
            "documents_with_perturbed_tokens": int(
                (_doc_sums(doc_ids[sel], tokens[sel]) > 0).sum()
            ),
            "epsilon_sum_per_document": _stats(per_doc),
            "ranks": ranks,
            "rank_shares": _shares(ranks),
            "verdict": verdict(ranks),
            "remap": rec.get("remap"),
        }
    overall_doc = _doc_sums(doc_ids, eps_sum)
    return {
        "run_dir": str(root),
        "run_id": m.get("run_id"),
        "format": table_format(root / "ledger"),
        "mechanism": label,
        "remap": bool(mech.get("remap", perturb.get("remap", False))),
        "epsilon": perturb.get("epsilon"),
        "candidates": {
            "size": mech.get("candidates", counts.get("candidates")),
            "fingerprint": m.get("candidates_fingerprint"),
            "include_corpus_words": perturb.get("include_corpus_words"),
        },
        "documents": n_docs,
        "guarantee": guarantee_for(" ".join([label, *labels])),
        "tiers": tiers,
        "overall": {
            "tokens_perturbed": int(tokens.sum()),
            "spans_replaced": int(spans.sum()),
            "units_by_operator": dict(sorted(all_ops.items())),
            "epsilon_sum_per_document": _stats(overall_doc),
            "ranks": all_ranks,
            "rank_shares": _shares(all_ranks),
            "verdict": verdict(all_ranks),
        },
        "ranks_recorded": has_ranks or bool(mech),
    }


def _fmt_ranks(ranks: dict[str, int]) -> str:
    sh = _shares(ranks)
    return ", ".join(f"{b} {ranks[b]} ({sh[b]:.1%})" for b in RANK_BANDS)


def _fmt_ops(ops: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(ops.items())) or "none"


def render_text(info: dict[str, Any]) -> str:
    """The human-readable report of :func:`explain_run`."""
    c = info["candidates"]
    lines = [
        f"run {info['run_id']} ({info['format']}): {info['run_dir']}",
        f"mechanism {info['mechanism']}, remap {'on' if info['remap'] else 'off'}, "
        f"eps {info['epsilon']}",
        f"candidate set |C| = {c['size']}, fingerprint {c['fingerprint']}",
        f"documents {info['documents']}",
        f"guarantee: {info['guarantee']}",
    ]
    for tier in TIERS:
        t = info["tiers"][tier]
        s = t["epsilon_sum_per_document"]
        lines += [
            "",
            f"[{tier}] alpha {t['alpha']}, eps_l {t['epsilon_per_token']:g} per perturbed token",
            f"  tokens perturbed {t['tokens_perturbed']} (in "
            f"{t['documents_with_perturbed_tokens']} documents), pattern spans replaced "
            f"{t['spans_replaced']}; units by operator: {_fmt_ops(t['units_by_operator'])}",
            f"  per-document sum of eps_l (multiplier of distance when every perturbed token "
            f"moves by 1): max {s['max']:g}, median {s['median']:g}",
            f"  released words by neighbour rank: {_fmt_ranks(t['ranks'])}",
            f"  verdict: {t['verdict']}",
        ]
        if t.get("remap"):
            r = t["remap"]
            lines.append(
                f"  remap table: eps {r.get('eps')}, prior {r.get('prior')}, top_m "
                f"{r.get('top_m')}, min_mass {r.get('min_mass')}"
            )
    o = info["overall"]
    s = o["epsilon_sum_per_document"]
    lines += [
        "",
        "[overall]",
        f"  tokens perturbed {o['tokens_perturbed']}, pattern spans replaced "
        f"{o['spans_replaced']}; units by operator: {_fmt_ops(o['units_by_operator'])}",
        f"  per-document sum of eps_l over both tiers: max {s['max']:g}, median {s['median']:g}",
        f"  released words by neighbour rank: {_fmt_ranks(o['ranks'])}",
        f"  verdict: {o['verdict']}",
    ]
    if not info.get("ranks_recorded", True):
        lines.append("  (this run's ledger has no rank columns: written before they existed)")
    lines += [
        "",
        "note: the ledger and manifest are computed from the private input; keep them with the "
        "operator, like the intermediates.",
    ]
    return "\n".join(lines)
