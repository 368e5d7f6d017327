"""Reading corpora and publishing output tables atomically.

Publishing: all tables of a run are written under a hidden staging folder next to the output
(``.<name>.staging-<run_id>``), validated, and only then moved into place with filesystem
renames (Hadoop FileSystem API, so the same code serves local paths and HDFS). Readers never
see a half-written table: before the swap the output folder holds the previous complete
release (or nothing); after it, the new one. On object stores without atomic rename (S3) the
swap is a copy: see the README's limitations.
"""

from __future__ import annotations

from privtext.errors import ConfigError, InputError


def _jvm_fs(spark, path: str):
    jvm = spark.sparkContext._jvm
    hpath = jvm.org.apache.hadoop.fs.Path(path)
    fs = hpath.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration())
    return fs, hpath, jvm


def path_exists(spark, path: str) -> bool:
    fs, hpath, _ = _jvm_fs(spark, path)
    return bool(fs.exists(hpath))


def delete_path(spark, path: str) -> None:
    fs, hpath, _ = _jvm_fs(spark, path)
    if fs.exists(hpath):
        fs.delete(hpath, True)


def staging_path(output: str, run_id: str) -> str:
    parent, _, name = output.rstrip("/").rpartition("/")
    parent = parent or "."
    return f"{parent}/.{name}.staging-{run_id}"


def publish(spark, staging: str, output: str, mode: str, run_id: str) -> None:
    """Move the complete ``staging`` folder to ``output``.

    Args:
        mode: ``error`` refuses an existing output; ``overwrite`` replaces it (old release
            moved aside first, deleted after the new one is in place).
    """
    fs, out_path, jvm = _jvm_fs(spark, output)
    stage_path = jvm.org.apache.hadoop.fs.Path(staging)
    trash = None
    if fs.exists(out_path):
        if mode != "overwrite":
            raise ConfigError(
                f"output.path {output!r} already exists; pass --mode overwrite to replace it"
            )
        trash = jvm.org.apache.hadoop.fs.Path(staging_path(output, run_id) + "-previous")
        if not fs.rename(out_path, trash):
            raise RuntimeError(f"could not move the previous release at {output!r} aside")
    parent = out_path.getParent()
    if parent is not None and not fs.exists(parent):
        fs.mkdirs(parent)
    if not fs.rename(stage_path, out_path):
        if trash is not None:
            fs.rename(trash, out_path)
        raise RuntimeError(f"could not publish {staging!r} to {output!r}")
    if trash is not None:
        fs.delete(trash, True)


def write_table(df, path: str, fmt: str) -> None:
    """Write one table (a fresh path inside the staging folder)."""
    df.write.format(fmt).mode("errorifexists").save(path)


def read_table(spark, path: str, fmt: str | None = None):
    """Read a table written by privtext (Delta if it has a _delta_log, else Parquet)."""
    if fmt is None:
        fmt = "delta" if path_exists(spark, path.rstrip("/") + "/_delta_log") else "parquet"
    return spark.read.format(fmt).load(path)


def read_corpus(spark, path: str, fmt: str, id_col: str, text_col: str):
    """Read a corpus as a DataFrame with columns ``_id``, ``_text``, ``_error``, ``_raw``,
    ``_source_file``, ``_row`` (input order).

    ``_error`` is set when the row cannot be interpreted (malformed JSON/CSV line, text of a
    non-text type); such rows are quarantined downstream with that reason.

    Raises:
        InputError: the path does not exist or a named column is missing.
    """
    from pyspark.sql import functions as F
    from pyspark.sql import types as T

    if not path_exists(spark, path):
        raise InputError(f"input.path does not exist: {path!r}")
    if fmt == "text":
        df = spark.read.option("wholetext", "true").text(path)
        df = df.select(
            F.regexp_extract(F.input_file_name(), r"([^/]+)$", 1).alias("_id"),
            F.col("value").alias("_text"),
            F.lit(None).cast("string").alias("_error"),
            F.lit(None).cast("string").alias("_raw"),
            F.input_file_name().alias("_source_file"),
        )
    elif fmt == "jsonl":
        from udfs.ingest import parse_jsonl_udf

        lines = spark.read.text(path).select(
            F.col("value"), F.input_file_name().alias("_source_file")
        )
        lines = lines.where(F.length(F.trim("value")) > 0)
        parsed = parse_jsonl_udf(id_col, text_col)(F.col("value"))
        df = lines.select(
            parsed.getField("id").alias("_id"),
            parsed.getField("text").alias("_text"),
            parsed.getField("error").alias("_error"),
            F.col("value").alias("_raw"),
            "_source_file",
        )
    elif fmt in ("parquet", "csv"):
        reader = spark.read
        if fmt == "csv":
            reader = (
                reader.option("header", "true")
                .option("multiLine", "true")
                .option("escape", '"')
                .option("mode", "PERMISSIVE")
            )
        raw = reader.format(fmt).load(path)
        for col, flag in ((id_col, "--id-col"), (text_col, "--text-col")):
            if col not in raw.columns:
                raise InputError(
                    f"input column {col!r} ({flag}) not found in {path!r}; columns: {raw.columns}"
                )
        text_type = raw.schema[text_col].dataType
        if isinstance(text_type, T.StringType):
            text = F.col(text_col)
            error = F.lit(None).cast("string")
        else:
            text = F.lit(None).cast("string")
            error = F.lit(
                f"text is not a string (column {text_col!r} has type {text_type.simpleString()})"
            )
        df = raw.select(
            F.col(id_col).cast("string").alias("_id"),
            text.alias("_text"),
            error.alias("_error"),
            F.to_json(F.struct(*[F.col(c) for c in raw.columns])).alias("_raw"),
            F.input_file_name().alias("_source_file"),
        )
    else:
        raise InputError(f"input.format must be parquet, jsonl, csv or text, got {fmt!r}")
    return df.withColumn("_row", F.monotonically_increasing_id())
