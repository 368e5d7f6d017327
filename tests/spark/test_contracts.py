"""The great-expectations suites reject what they must, and only that."""

from __future__ import annotations

import pytest

from pipelines import contracts
from privtext.errors import ContractError
from schemas.tables import struct_type

pytestmark = pytest.mark.spark

EPS = {"PII": 5.0, "PoII": 10.0}


def _docs(spark, rows):
    return spark.createDataFrame(rows, schema=struct_type("documents"))


def _ledger(spark, rows):
    return spark.createDataFrame(rows, schema=struct_type("ledger"))


GOOD_DOC = ("d1", "text", 3, 1, 1, 0, 0, 0, 0, "r")
GOOD_LEDGER = [
    ("d1", "PII", "em", 1, 0, "mechanism", 5.0, 5.0, 0, 1, 0, 0, 0, "r"),
    ("d1", "PoII", "em", 0, 0, "", 10.0, 0.0, 0, 0, 0, 0, 0, "r"),
]


def test_valid_tables_pass(spark):
    reports = contracts.validate_tables(
        {"documents": _docs(spark, [GOOD_DOC]), "ledger": _ledger(spark, GOOD_LEDGER)},
        contracts.sanitize_extra_expectations(EPS),
    )
    assert all(r.success for r in reports)


@pytest.mark.parametrize(
    ("table", "rows", "needle"),
    [
        ("documents", [GOOD_DOC, GOOD_DOC], "expect_column_values_to_be_unique"),
        ("documents", [("d1", "t", 3, 1, 1, 0, 0, 0, 2, "r")], "pii_surrogate_leaks"),
        (
            "ledger",
            [("d1", "PII", "em", 1, 0, "m", 7.5, 7.5, 0, 1, 0, 0, 0, "r")],
            "epsilon_per_token",
        ),
        ("ledger", [("d1", "secret", "em", 1, 0, "m", 5.0, 5.0, 0, 1, 0, 0, 0, "r")], "'tier'"),
        ("ledger", [GOOD_LEDGER[0], GOOD_LEDGER[0]], "compound_columns_to_be_unique"),
        (
            "ledger",
            [("d1", "PII", "em", 2, 0, "m", 5.0, 10.0, 0, 1, 0, 0, 0, "r")],
            "<> tokens_perturbed",
        ),
    ],
)
def test_when_a_rule_is_broken_then_the_job_fails_naming_it(spark, table, rows, needle):
    df = _docs(spark, rows) if table == "documents" else _ledger(spark, rows)
    with pytest.raises(ContractError) as exc:
        contracts.validate_tables({table: df}, contracts.sanitize_extra_expectations(EPS))
    assert needle in str(exc.value) and table in str(exc.value)


def test_warn_mode_reports_without_failing(spark):
    reports = contracts.validate_tables(
        {"documents": _docs(spark, [GOOD_DOC, GOOD_DOC])}, on_failure="warn"
    )
    assert not reports[0].success and reports[0].failures


def test_a_failing_table_is_described_with_its_observed_values(spark):
    # validation is pass/fail first; a failing table is run again for this summary
    bad = ("d1", "t", 3, 1, 1, 0, 0, 0, 2, "r")
    with pytest.raises(ContractError) as exc:
        contracts.validate_tables(
            {"documents": _docs(spark, [GOOD_DOC, bad])}, contracts.sanitize_extra_expectations(EPS)
        )
    msg = str(exc.value)
    assert "pii_surrogate_leaks" in msg and "'unexpected_count': 1" in msg
