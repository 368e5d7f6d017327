# privtext: the two commands a user needs are `make demo` and `make test`.
SHELL := /bin/bash
PY := .venv/bin/python
PYTEST_ARGS ?=

.PHONY: setup demo test test-fast lint bench clean

setup:  ## build or reuse the cached venv and Delta jars; link .venv
	@bash scripts/setup_env.sh

demo: setup  ## sanitize the bundled demo corpus and print where the outputs are
	@.venv/bin/privtext demo --output demo-output

test: export PRIVTEXT_AUDIT = 1
test: setup  ## the whole test suite (what .ci/run runs)
	@$(PY) -m pytest $(PYTEST_ARGS)

test-fast: setup  ## unit and statistical tests only (no JVM)
	@$(PY) -m pytest -m "not spark" $(PYTEST_ARGS)

lint: setup
	@$(PY) -m ruff check privtext udfs schemas pipelines jobs tests bench
	@$(PY) -m mypy

bench: setup  ## benchmarks; results go to BENCHMARKS.md by hand, with their command
	@$(PY) bench/bench_pipeline.py --tokens 10000 100000 1000000

clean:
	rm -rf demo-output .pytest_cache spark-warehouse
