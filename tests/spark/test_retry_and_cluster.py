"""Reproducibility across entry points, task retries and executors.

The reference release comes from the sanitize CLI run in the test session (one executor,
``local[2]``, no fault). The other comes from a separate Spark application started with
``spark-submit jobs/sanitize.py`` on a local cluster of two executors, in which the first
attempt of every perturb task fails and is retried. The release must not depend on the entry
point, the executor a task lands on, or the attempt. A separate application costs two to three
minutes on a 2-core machine (JVM, workers, models), so the module starts only one.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from privtext.demo import write_demo_jsonl

pytestmark = [pytest.mark.spark, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
ARGS = ["--epsilon", "8", "--candidates", "3000"]


def _documents(out: Path) -> list[tuple[str, str]]:
    import pyarrow.dataset as ds

    # Delta data files are plain Parquet; the table has a single version here.
    table = ds.dataset(str(out / "documents"), format="parquet").to_table(columns=["id", "text"])
    return sorted(zip(table["id"].to_pylist(), table["text"].to_pylist(), strict=True))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    path = tmp_path_factory.mktemp("retry") / "c.jsonl"
    write_demo_jsonl(str(path), n_docs=30, seed=5, include_bad_rows=False)
    return path


@pytest.fixture(scope="module")
def reference(spark, corpus, tmp_path_factory):
    """The release of the CLI in this session (one executor, no fault)."""
    from jobs.cli import main

    out = tmp_path_factory.mktemp("ref") / "out"
    assert main(["sanitize", "--input", str(corpus), "--output", str(out), *ARGS]) == 0
    return _documents(out)


def test_spark_submit_on_two_executors_with_retried_tasks_reproduces_the_release(
    corpus, reference, tmp_path
):
    submit = ROOT / ".venv" / "bin" / "spark-submit"
    assert submit.exists(), "run `make setup` first: it creates .venv/bin/spark-submit"
    out = tmp_path / "out"
    markers = tmp_path / "faults"
    markers.mkdir()
    env = dict(os.environ, PRIVTEXT_FAULT_INJECTION=f"perturb-first-attempt:{markers}")
    cmd = [str(submit), "--master", "local-cluster[2,1,1536]", str(ROOT / "jobs" / "sanitize.py"),
           "--input", str(corpus), "--output", str(out), *ARGS]  # fmt: skip
    proc = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert list(markers.iterdir()), "the fault was never injected"
    assert len(reference) == 30 and all(text for _, text in reference)
    assert _documents(out) == reference
