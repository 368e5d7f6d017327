"""Reproducibility across entry points, task retries and executors (separate Spark applications)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from privtext.demo import write_demo_jsonl

pytestmark = [pytest.mark.spark, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]


def _run_cli(corpus: Path, out: Path, master: str, extra_env: dict[str, str] | None = None):
    env = dict(os.environ)
    env.update(extra_env or {})
    cmd = [
        sys.executable,
        "-m",
        "jobs.cli",
        "sanitize",
        "--input",
        str(corpus),
        "--output",
        str(out),
        "--epsilon",
        "8",
        "--candidates",
        "3000",
        "--master",
        master,
        "--json",
    ]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout[proc.stdout.index("{") :])


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


def _spark_submit(corpus: Path, out: Path, cwd: Path) -> subprocess.CompletedProcess:
    submit = ROOT / ".venv" / "bin" / "spark-submit"
    assert submit.exists(), "run `make setup` first: it creates .venv/bin/spark-submit"
    cmd = [str(submit), "--master", "local[2]", str(ROOT / "jobs" / "sanitize.py"),
           "--input", str(corpus), "--output", str(out),
           "--epsilon", "8", "--candidates", "3000"]  # fmt: skip
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def reference(corpus, tmp_path_factory):
    """The release of a plain ``spark-submit`` run (one executor, no fault): the reference."""
    work = tmp_path_factory.mktemp("ref")
    proc = _spark_submit(corpus, work / "out", work)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return _documents(work / "out")


# Each Spark application costs one to two minutes here (JVM, Python workers, models), so the
# module runs two: the reference through spark-submit, and one CLI run on a local cluster of
# two executors in which the first attempt of every perturb task fails and is retried. The
# release must not depend on the entry point, the executor a task lands on, or the attempt.


def test_spark_submit_runs_the_pipeline(reference):
    assert len(reference) == 30
    assert all(text for _, text in reference)


def test_retried_tasks_on_two_executors_reproduce_the_same_release(corpus, reference, tmp_path):
    out = tmp_path / "out"
    markers = tmp_path / "faults"
    markers.mkdir()
    _run_cli(
        corpus,
        out,
        "local-cluster[2,1,1536]",
        {"PRIVTEXT_FAULT_INJECTION": f"perturb-first-attempt:{markers}"},
    )
    assert list(markers.iterdir()), "the fault was never injected"
    assert _documents(out) == reference
