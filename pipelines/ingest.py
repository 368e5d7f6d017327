"""Ingest stage: split a read corpus into valid documents and quarantined rows.

Every input row ends in exactly one of the two outputs. Reasons, first match wins:
unreadable row (``_error``), id null, id empty, text null, text empty or whitespace only,
text longer than ``max_text_chars``, duplicate id (every occurrence after the first in input
order).
"""

from __future__ import annotations

from pyspark.sql import DataFrame, Window
from pyspark.sql import functions as F

# Empty or only (Unicode) whitespace.
_BLANK = r"(?U)^\s*$"


def split_valid(df: DataFrame, max_text_chars: int, run_id: str) -> tuple[DataFrame, DataFrame]:
    """Return ``(valid, quarantine)``.

    ``valid`` has columns ``id``, ``text``; ``quarantine`` follows ``schemas.tables.QUARANTINE``.
    """
    reason = (
        F.when(F.col("_error").isNotNull(), F.col("_error"))
        .when(F.col("_id").isNull(), F.lit("id is null"))
        .when(F.col("_id").rlike(_BLANK), F.lit("id is empty"))
        .when(F.col("_text").isNull(), F.lit("text is null"))
        .when(F.col("_text").rlike(_BLANK), F.lit("text is empty"))
        .when(
            F.length(F.col("_text")) > max_text_chars,
            F.concat(
                F.lit("text is too long ("),
                F.length(F.col("_text")).cast("string"),
                F.lit(f" characters > max_text_chars={max_text_chars})"),
            ),
        )
    )
    checked = df.withColumn("_reason", reason)
    first = Window.partitionBy("_id").orderBy("_row")
    ok = checked.where(F.col("_reason").isNull()).withColumn("_rank", F.row_number().over(first))
    dup = ok.where(F.col("_rank") > 1).withColumn(
        "_reason", F.lit("duplicate id (the first occurrence in input order is kept)")
    )
    valid = ok.where(F.col("_rank") == 1).select(
        F.col("_id").alias("id"), F.col("_text").alias("text")
    )
    bad = checked.where(F.col("_reason").isNotNull()).unionByName(dup.drop("_rank"))
    raw = F.coalesce(
        F.col("_raw"), F.to_json(F.struct(F.col("_id").alias("id"), F.col("_text").alias("text")))
    )
    quarantine = bad.select(
        F.col("_id").alias("id"),
        F.col("_reason").alias("reason"),
        raw.alias("raw"),
        F.col("_source_file").alias("source_file"),
        F.lit(run_id).alias("run_id"),
    )
    return valid, quarantine
