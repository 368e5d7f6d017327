"""The one SparkSession builder of privtext.

Delta Lake's jars are resolved once at setup time (``scripts/fetch_jars.sh`` puts them in the
cache, outside the clone) and handed to Spark with ``spark.jars``: no network at run time.
The jar folder comes from ``$PRIVTEXT_JARS_DIR`` (set by the Makefile) or the default cache
location. Cluster sizing belongs to ``spark-submit``; this builder only sets what privtext needs.
"""

from __future__ import annotations

import glob
import os
import sys
from pathlib import Path

from privtext.errors import ConfigError

DELTA_JARS = ("delta-spark_4.2_2.13-4.4.0.jar", "delta-storage-4.4.0.jar")


def jars_dir() -> Path:
    """Where the Delta jars live."""
    env = os.environ.get("PRIVTEXT_JARS_DIR")
    if env:
        return Path(env)
    cache = Path(os.environ.get("PRIVTEXT_CACHE", Path.home() / ".cache" / "privtext"))
    return cache / "jars"


def delta_jars() -> list[str]:
    """Absolute paths of the Delta jars; raises ConfigError naming what is missing."""
    folder = jars_dir()
    found = []
    for name in DELTA_JARS:
        path = folder / name
        if not path.is_file():
            raise ConfigError(
                f"Delta jar {name!r} not found in {str(folder)!r} "
                "(run `make setup` or set PRIVTEXT_JARS_DIR)"
            )
        found.append(str(path))
    return found


def build_session(
    master: str | None = None,
    app_name: str = "privtext",
    shuffle_partitions: int = 8,
    arrow_batch_size: int = 2_000,
    extra_conf: dict[str, str] | None = None,
):
    """Build (or get) the SparkSession with Delta, Arrow and privtext's settings.

    Args:
        master: Spark master URL; ``None`` keeps what spark-submit set, else ``local[*]``.
        app_name: application name.
        shuffle_partitions: ``spark.sql.shuffle.partitions``.
        arrow_batch_size: rows per Arrow batch sent to the pandas UDFs.
        extra_conf: further Spark settings.
    """
    from pyspark.sql import SparkSession

    # Python workers run the driver's interpreter (it sees privtext and the pinned deps).
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    builder = SparkSession.builder.appName(app_name)
    # Under spark-submit the JVM already exists and its --master wins.
    submitted = bool(os.environ.get("PYSPARK_GATEWAY_PORT") or os.environ.get("SPARK_ENV_LOADED"))
    if master:
        builder = builder.master(master)
    elif not submitted:
        builder = builder.master("local[*]")
    jars = delta_jars()
    existing = [j for j in os.environ.get("PRIVTEXT_EXTRA_JARS", "").split(",") if j]
    conf = {
        "spark.jars": ",".join(jars + existing),
        "spark.driver.extraClassPath": os.pathsep.join(jars),
        "spark.executor.extraClassPath": os.pathsep.join(jars),
        "spark.sql.extensions": "io.delta.sql.DeltaSparkSessionExtension",
        "spark.sql.catalog.spark_catalog": "org.apache.spark.sql.delta.catalog.DeltaCatalog",
        "spark.sql.shuffle.partitions": str(shuffle_partitions),
        "spark.sql.execution.arrow.pyspark.enabled": "true",
        "spark.sql.execution.arrow.maxRecordsPerBatch": str(arrow_batch_size),
        "spark.sql.session.timeZone": "UTC",
        "spark.ui.showConsoleProgress": "false",
        "spark.pyspark.python": os.environ.get("PYSPARK_PYTHON", sys.executable),
        "spark.pyspark.driver.python": sys.executable,
        # The noise key may travel to executors through their environment: keep it out of
        # every rendering of the configuration.
        "spark.redaction.regex": "(?i)secret|password|token|access[.]?key|noise[._]?key",
        "spark.databricks.delta.schema.autoMerge.enabled": "false",
    }
    conf.update(extra_conf or {})
    for k, v in conf.items():
        builder = builder.config(k, v)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def glob_jars() -> list[str]:
    """All jars in the jar folder (for spark-submit --jars)."""
    return sorted(glob.glob(str(jars_dir() / "*.jar")))
