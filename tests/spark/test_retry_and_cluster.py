"""Reproducibility across task retries and across executors (separate Spark applications)."""

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


@pytest.fixture(scope="module")
def reference(corpus, tmp_path_factory):
    out = tmp_path_factory.mktemp("ref") / "out"
    _run_cli(corpus, out, "local[2]")
    return _documents(out)


def test_a_forced_task_retry_reproduces_the_same_release(corpus, reference, tmp_path):
    out = tmp_path / "out"
    markers = tmp_path / "faults"
    markers.mkdir()
    _run_cli(
        corpus, out, "local[2,3]", {"PRIVTEXT_FAULT_INJECTION": f"perturb-first-attempt:{markers}"}
    )
    assert list(markers.iterdir()), "the fault was never injected"
    assert _documents(out) == reference


def test_two_executors_in_a_local_cluster_give_the_same_release(corpus, reference, tmp_path):
    out = tmp_path / "out"
    _run_cli(corpus, out, "local-cluster[2,1,1536]")
    assert _documents(out) == reference


def test_spark_submit_runs_the_same_pipeline(corpus, reference, tmp_path):
    submit = ROOT / ".venv" / "bin" / "spark-submit"
    assert submit.exists(), "run `make setup` first: it creates .venv/bin/spark-submit"
    out = tmp_path / "out"
    proc = subprocess.run(
        [
            str(submit),
            "--master",
            "local[2]",
            str(ROOT / "jobs" / "sanitize.py"),
            "--input",
            str(corpus),
            "--output",
            str(out),
            "--epsilon",
            "8",
            "--candidates",
            "3000",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert _documents(out) == reference
