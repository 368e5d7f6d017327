"""Data contracts: great-expectations 1.x suites built from ``schemas/tables.py``.

For each output table the suite checks the exact column list, non-null columns, allowed
values, unique keys, and table-specific rules passed by the caller (budgets within the
configuration, no PII pattern original left in ``documents``). Validation runs on the Spark
DataFrame itself (``ValidationDefinition.run(batch_parameters={"dataframe": df})``), before
the tables are published: pass/fail first, and a failing table again for its summary. A
failure stops the run with that readable summary, or only warns when
``contracts.on_failure: warn``.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from typing import Any

from privtext.errors import ContractError
from schemas.tables import TABLES, UNIQUE_KEYS

log = logging.getLogger("privtext.contracts")
# No analytics calls home and no progress bars on job output (set before GX/tqdm load).
os.environ.setdefault("GX_ANALYTICS_ENABLED", "false")
os.environ.setdefault("TQDM_DISABLE", "1")


@dataclass
class TableReport:
    table: str
    success: bool
    failures: list[str] = field(default_factory=list)
    evaluated: int = 0


def _expectations(table: str, extra: list[Any]) -> list[Any]:
    import great_expectations as gx

    E = gx.expectations
    cols = TABLES[table]
    exps: list[Any] = [E.ExpectTableColumnsToMatchOrderedList(column_list=[c.name for c in cols])]
    for c in cols:
        if not c.nullable:
            exps.append(E.ExpectColumnValuesToNotBeNull(column=c.name))
        if c.allowed is not None:
            exps.append(E.ExpectColumnValuesToBeInSet(column=c.name, value_set=list(c.allowed)))
    keys = UNIQUE_KEYS.get(table)
    if keys and len(keys) == 1:
        exps.append(E.ExpectColumnValuesToBeUnique(column=keys[0]))
    elif keys:
        exps.append(E.ExpectCompoundColumnsToBeUnique(column_list=list(keys)))
    return exps + list(extra)


def _describe(res: Any) -> str:
    cfg = res.expectation_config
    kwargs = {k: v for k, v in cfg.kwargs.items() if k not in ("batch_id",)}
    observed = res.result or {}
    detail = {
        k: observed[k]
        for k in ("unexpected_count", "observed_value", "unexpected_percent")
        if k in observed
    }
    return f"{cfg.type}({kwargs}) -> {detail}"


def validate_tables(
    frames: dict[str, Any], extra: dict[str, list[Any]] | None = None, on_failure: str = "fail"
) -> list[TableReport]:
    """Validate Spark DataFrames against their suites.

    Args:
        frames: table name -> Spark DataFrame (only the tables being written).
        extra: table name -> additional expectation objects.
        on_failure: ``fail`` raises :class:`ContractError`; ``warn`` logs the summary.
    """
    os.environ.setdefault("GX_ANALYTICS_ENABLED", "false")
    import great_expectations as gx

    logging.getLogger("great_expectations").setLevel(logging.ERROR)
    from great_expectations.data_context.types.base import ProgressBarsConfig

    ctx = gx.get_context(mode="ephemeral")
    ctx.variables.progress_bars = ProgressBarsConfig(globally=False, metric_calculations=False)
    source = ctx.data_sources.add_spark(name="privtext")
    reports = []
    for table, df in frames.items():
        asset = source.add_dataframe_asset(name=table)
        batch_def = asset.add_batch_definition_whole_dataframe(f"{table}-batch")
        suite = ctx.suites.add(gx.ExpectationSuite(name=f"privtext-{table}"))
        for exp in _expectations(table, (extra or {}).get(table, [])):
            suite.add_expectation(exp)
        vd = ctx.validation_definitions.add(
            gx.ValidationDefinition(data=batch_def, suite=suite, name=f"validate-{table}")
        )
        # Pass/fail first: a SUMMARY result also collects sample unexpected values for every
        # expectation, one more Spark job each, which doubles the time of a passing table.
        # Only a failing table is validated again, for the summary its error shows.
        result = vd.run(batch_parameters={"dataframe": df}, result_format="BOOLEAN_ONLY")
        if not result.success:
            result = vd.run(batch_parameters={"dataframe": df}, result_format="SUMMARY")
        failures = [_describe(r) for r in result.results if not r.success]
        reports.append(TableReport(table, bool(result.success), failures, len(result.results)))
    bad = [r for r in reports if not r.success]
    if bad:
        summary = "; ".join(f"{r.table}: " + " | ".join(r.failures) for r in bad)
        if on_failure == "fail":
            raise ContractError(f"output contract failed: {summary}")
        log.warning("output contract failed (contracts.on_failure=warn): %s", summary)
    return reports


def sanitize_extra_expectations(tier_epsilon: dict[str, float]) -> dict[str, list[Any]]:
    """Rules specific to the sanitize job's configuration."""
    import great_expectations as gx

    E = gx.expectations
    max_eps = max(tier_epsilon.values())
    return {
        "documents": [
            E.ExpectColumnValuesToBeBetween(column="pii_surrogate_leaks", min_value=0, max_value=0),
        ],
        "ledger": [
            E.ExpectColumnValuesToBeInSet(
                column="epsilon_per_token", value_set=sorted(set(tier_epsilon.values()))
            ),
            E.ExpectColumnValuesToBeBetween(
                column="epsilon_per_token", min_value=0, max_value=max_eps
            ),
            E.ExpectColumnValuesToBeBetween(column="tokens_perturbed", min_value=0),
            # The rank histogram accounts for every perturbed token exactly once.
            E.UnexpectedRowsExpectation(
                unexpected_rows_query=(
                    "SELECT * FROM {batch} WHERE rank_original + rank_1_10 + rank_11_100"
                    " + rank_over_100 + rank_no_embedding <> tokens_perturbed"
                ),
                description="rank bands add up to tokens_perturbed",
            ),
        ],
    }


def audit_extra_expectations(table: str) -> dict[str, list[Any]]:
    """Rules of the ``audit`` and ``ampl_rounds`` tables (pipelines/audit.py, ampl.py)."""
    import great_expectations as gx

    E = gx.expectations
    ratio = [E.ExpectColumnValuesToBeBetween(column="violation_ratio", min_value=0, max_value=1)]
    if table == "audit":
        return {
            "audit": [
                *ratio,
                E.ExpectColumnValuesToBeBetween(column="samples", min_value=1),
                E.ExpectColumnValuesToBeBetween(column="delta", min_value=0, max_value=1),
                E.ExpectColumnValuesToBeBetween(column="top1_accuracy", min_value=0, max_value=1),
                E.UnexpectedRowsExpectation(
                    unexpected_rows_query=(
                        "SELECT * FROM {batch} WHERE violations < 0 OR violations > samples"
                        " OR abs(violation_ratio - violations / samples) > 1e-9"
                    ),
                    description="violation_ratio = violations / samples",
                ),
            ]
        }
    if table == "ampl_rounds":
        return {
            "ampl_rounds": [
                *ratio,
                E.ExpectColumnValuesToBeBetween(column="alpha", min_value=0, max_value=1),
                E.ExpectColumnValuesToBeBetween(column="round", min_value=0),
            ]
        }
    return {}
