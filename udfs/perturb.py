"""Perturb UDF: (id, text, tokens, tags) -> sanitized text, units and ledger rows.

An Iterator pandas UDF: the kernel (embeddings memory-mapped, candidate set, mechanism, noise
key) is built once per executor Python process from the picklable
:class:`~privtext.engine.EngineSpec` and reused for every Arrow batch. :func:`perturb_frame`
is the plain function on pandas data that the tests call.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import replace

import numpy as np
import pandas as pd

from privtext.engine import EngineSpec, get_sanitizer
from privtext.sanitize import RANK_COLUMNS, Sanitizer
from privtext.tagging.base import Span
from privtext.tokenizer import Tokens

RESULT_DDL = (
    "text string, n_tokens int, n_spans int, n_perturbed_pii int, n_perturbed_poii int, "
    "n_spans_replaced int, kept_by_mechanism int, pii_surrogate_leaks int, "
    "u_position array<int>, u_start array<int>, u_end array<int>, u_original array<string>, "
    "u_replacement array<string>, u_tier array<string>, u_entity_type array<string>, "
    "u_operator array<string>, "
    "l_tier array<string>, l_mechanism array<string>, l_tokens_perturbed array<int>, "
    "l_spans_replaced array<int>, l_operators array<string>, l_epsilon_per_token array<double>, "
    "l_epsilon_sum array<double>, " + ", ".join(f"l_{c} array<int>" for c in RANK_COLUMNS)
)
LEDGER_KEYS = (
    "tier",
    "mechanism",
    "tokens_perturbed",
    "spans_replaced",
    "operators",
    "epsilon_per_token",
    "epsilon_sum",
    *RANK_COLUMNS,
)


def _tokens_of(text: str, starts, ends, norms) -> Tokens:
    s = np.asarray(starts if starts is not None else [], dtype=np.int32)
    e = np.asarray(ends if ends is not None else [], dtype=np.int32)
    texts = [text[a:b] for a, b in zip(s.tolist(), e.tolist(), strict=True)]
    return Tokens(s, e, texts, list(norms) if norms is not None else [])


def _spans_of(tags: pd.Series) -> list[Span]:
    starts = tags["starts"]
    if starts is None or len(starts) == 0:
        return []
    return [
        Span(int(a), int(b), str(t), float(sc), str(src))
        for a, b, t, sc, src in zip(
            starts, tags["ends"], tags["types"], tags["scores"], tags["sources"], strict=True
        )
    ]


def perturb_frame(
    ids: pd.Series, texts: pd.Series, tokens: pd.DataFrame, tags: pd.DataFrame, san: Sanitizer
) -> pd.DataFrame:
    """Sanitize one batch of pandas data; returns the RESULT_DDL columns."""
    id_list = [str(i) for i in ids]
    text_list = [str(t) for t in texts]
    tok_list = [
        _tokens_of(text, row.starts, row.ends, row.norms)
        for text, row in zip(text_list, tokens.itertuples(index=False), strict=True)
    ]
    span_list = [_spans_of(row) for _, row in tags.iterrows()]
    results = san.sanitize_batch(id_list, text_list, tok_list, span_list)
    out: dict[str, list] = {k: [] for k in (c.split()[0] for c in RESULT_DDL.split(", "))}
    for r in results:
        out["text"].append(r.sanitized_text)
        out["n_tokens"].append(r.n_tokens)
        out["n_spans"].append(r.n_spans)
        led = {row["tier"]: row for row in r.ledger}
        out["n_perturbed_pii"].append(led["PII"]["tokens_perturbed"])
        out["n_perturbed_poii"].append(led["PoII"]["tokens_perturbed"])
        out["n_spans_replaced"].append(sum(row["spans_replaced"] for row in r.ledger))
        out["kept_by_mechanism"].append(r.kept_by_mechanism)
        out["pii_surrogate_leaks"].append(r.pii_surrogate_leaks)
        units = r.units
        out["u_position"].append([u.position for u in units])
        out["u_start"].append([u.start for u in units])
        out["u_end"].append([u.end for u in units])
        out["u_original"].append([u.original for u in units])
        out["u_replacement"].append([u.replacement for u in units])
        out["u_tier"].append([u.tier for u in units])
        out["u_entity_type"].append([u.entity_type for u in units])
        out["u_operator"].append([u.operator for u in units])
        for key in LEDGER_KEYS:
            out["l_" + key].append([row[key] for row in r.ledger])
    return pd.DataFrame(out)


FAULT_ENV = "PRIVTEXT_FAULT_INJECTION"


def _maybe_inject_fault() -> None:
    """Fail the first attempt of every perturb task when ``$PRIVTEXT_FAULT_INJECTION`` is
    ``perturb-first-attempt[:MARKER_DIR]`` (a file is written to MARKER_DIR for each injected
    fault). The retry test uses it to prove a retried task reproduces the same release. Unset
    in production; it can only make a run fail, never change its output."""
    setting = os.environ.get(FAULT_ENV, "")
    if not setting.startswith("perturb-first-attempt"):
        return
    from pyspark import TaskContext

    ctx = TaskContext.get()
    if ctx is not None and ctx.attemptNumber() == 0:
        marker_dir = setting.partition(":")[2]
        if marker_dir:
            with open(os.path.join(marker_dir, f"fault-{ctx.taskAttemptId()}"), "w") as fh:
                fh.write(str(ctx.partitionId()))
        raise RuntimeError("injected fault: first attempt of a perturb task")


def resolve_spec(spec: EngineSpec) -> EngineSpec:
    """Resolve ``sparkfiles:NAME`` artifact paths to this executor's local copies."""
    from pyspark import SparkFiles

    if spec.candidates_path.startswith("sparkfiles:"):
        spec = replace(spec, candidates_path=SparkFiles.get(spec.candidates_path.split(":", 1)[1]))
    if spec.index_path and spec.index_path.startswith("sparkfiles:"):
        spec = replace(spec, index_path=SparkFiles.get(spec.index_path.split(":", 1)[1]))
    if any(p.startswith("sparkfiles:") for _, p in spec.remap_paths):
        spec = replace(
            spec,
            remap_paths=tuple(
                (t, SparkFiles.get(p.split(":", 1)[1]) if p.startswith("sparkfiles:") else p)
                for t, p in spec.remap_paths
            ),
        )
    return spec


def perturb_udf(spec: EngineSpec):
    """Iterator pandas UDF over (id, text, tokens struct, tags struct)."""
    from pyspark.sql.functions import pandas_udf

    def _run(
        batches: Iterator[tuple[pd.Series, pd.Series, pd.DataFrame, pd.DataFrame]],
    ) -> Iterator[pd.DataFrame]:
        san = get_sanitizer(resolve_spec(spec))
        _maybe_inject_fault()
        for ids, texts, tokens, tags in batches:
            yield perturb_frame(ids, texts, tokens, tags, san)

    return pandas_udf(_run, returnType=RESULT_DDL).asNondeterministic()  # type: ignore[call-overload]
