"""Ingest UDFs: parse JSON Lines with per-row error reasons instead of silent coercion.

Spark's JSON reader turns a number in a string column into its text and a broken line into a
null row; for a privacy pipeline the difference matters (a non-text value must be quarantined
with a reason naming the field). :func:`parse_jsonl_series` is the plain function.
"""

from __future__ import annotations

import json

import pandas as pd

PARSED_DDL = "id string, text string, error string"


def _parse_line(line: str, id_col: str, text_col: str) -> tuple[str | None, str | None, str | None]:
    try:
        obj = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as exc:
        return (
            None,
            None,
            f"malformed JSON line ({exc.msg} at column {exc.colno})"
            if isinstance(exc, json.JSONDecodeError)
            else "malformed JSON line",
        )
    if not isinstance(obj, dict):
        return None, None, f"JSON line is not an object (got {type(obj).__name__})"
    raw_id = obj.get(id_col)
    if raw_id is None or isinstance(raw_id, str):
        doc_id = raw_id
    elif isinstance(raw_id, bool) or not isinstance(raw_id, int):
        return (
            None,
            None,
            f"field {id_col!r} is not a string or integer (got {type(raw_id).__name__})",
        )
    else:
        doc_id = str(raw_id)
    text = obj.get(text_col)
    if text is not None and not isinstance(text, str):
        return (
            doc_id,
            None,
            f"text is not a string (field {text_col!r} has type {type(text).__name__})",
        )
    return doc_id, text, None


def parse_jsonl_series(
    lines: pd.Series, id_col: str = "id", text_col: str = "text"
) -> pd.DataFrame:
    """Parse JSON lines into (id, text, error) columns."""
    rows = [_parse_line(line, id_col, text_col) for line in lines]
    return pd.DataFrame(rows, columns=["id", "text", "error"])


def parse_jsonl_udf(id_col: str, text_col: str):
    from pyspark.sql.functions import pandas_udf

    def _parse(lines: pd.Series) -> pd.DataFrame:
        return parse_jsonl_series(lines, id_col, text_col)

    return pandas_udf(_parse, returnType=PARSED_DDL)  # type: ignore[call-overload]
