"""Shared fixtures: a noise key for every test, one SparkSession for the whole run."""

from __future__ import annotations

import os

import pytest

TEST_NOISE_KEY = "7f" * 32  # a test-only key; production keys come from the environment


@pytest.fixture(autouse=True, scope="session")
def _noise_key_env():
    old = os.environ.get("PRIVTEXT_NOISE_KEY")
    os.environ["PRIVTEXT_NOISE_KEY"] = TEST_NOISE_KEY
    yield
    if old is None:
        os.environ.pop("PRIVTEXT_NOISE_KEY", None)
    else:
        os.environ["PRIVTEXT_NOISE_KEY"] = old


@pytest.fixture(scope="session")
def spark(_noise_key_env):
    """One local[2] session for all Spark tests (few shuffle partitions, UI off, Arrow on)."""
    from pipelines.session import build_session

    session = build_session(
        "local[2]",
        app_name="privtext-tests",
        shuffle_partitions=2,
        arrow_batch_size=500,
        extra_conf={
            "spark.ui.enabled": "false",
            "spark.default.parallelism": "2",
            "spark.driver.memory": "2g",
            # tiny Delta tables: replay the log in 2 partitions, not 50
            "spark.databricks.delta.snapshotPartitions": "2",
        },
    )
    yield session
    session.stop()
