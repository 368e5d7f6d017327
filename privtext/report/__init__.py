"""Studies written as a Markdown report plus PNG plots (``privtext report ...``).

- :mod:`privtext.report.mechanisms`: where the word-level mechanisms send a word (the word
  itself, its 10 nearest neighbours, ranks 11-100, farther) per epsilon, and the embedding
  geometry behind the Laplace-NN failure of seed 000.

This package's ``__init__`` only declares the command-line options (argparse, no numpy), so
``privtext --help`` stays fast; the study itself is imported when it runs.
"""

from __future__ import annotations

import argparse

DEFAULT_EPS = (1.0, 5.0, 10.0, 20.0, 50.0, 100.0)
DEFAULT_RANK_FIX_C = (0.03, 0.07, 0.15)


def _float_list(s: str) -> list[float]:
    try:
        vals = [float(v) for v in s.split(",") if v.strip()]
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"expected comma-separated numbers, got {s!r}") from exc
    if not vals:
        raise argparse.ArgumentTypeError("expected at least one number")
    return vals


def add_mechanisms_arguments(p: argparse.ArgumentParser) -> None:
    """Options of ``privtext report mechanisms``."""
    p.add_argument("--embeddings", default="glove-6b-50d", help="NAME|PATH (default: %(default)s)")
    p.add_argument("--out", required=True, help="output folder (report.md, report.json, PNGs)")
    p.add_argument("--candidates", type=int, default=20_000, help="|C| (default: %(default)s)")
    p.add_argument("--words", type=int, default=300, help="input words W (default: %(default)s)")
    p.add_argument(
        "--pool",
        type=int,
        default=5000,
        help="the W words are drawn among the POOL most frequent words of C (default: %(default)s)",
    )
    p.add_argument(
        "--draws", type=int, default=100, help="draws per word and eps (default: %(default)s)"
    )
    p.add_argument(
        "--eps",
        type=_float_list,
        default=list(DEFAULT_EPS),
        help="comma-separated epsilons (default: 1,5,10,20,50,100)",
    )
    p.add_argument(
        "--rank-fix-c",
        type=_float_list,
        default=list(DEFAULT_RANK_FIX_C),
        help="comma-separated rank-fix constants c (default: 0.03,0.07,0.15)",
    )
    p.add_argument(
        "--seed", type=int, default=0, help="numpy generator seed (default: %(default)s)"
    )


def run_mechanisms(a: argparse.Namespace) -> int:
    """``privtext report mechanisms`` (imports the study lazily)."""
    from privtext.report.mechanisms import run_from_args

    return run_from_args(a)
