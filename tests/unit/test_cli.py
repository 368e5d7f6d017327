import pytest

from jobs.cli import main, sanitize_parser


def test_help_documents_every_option_with_its_default(capsys):
    with pytest.raises(SystemExit):
        main(["sanitize", "--help"])
    text = capsys.readouterr().out
    for opt in (
        "--input",
        "--input-format",
        "--id-col",
        "--text-col",
        "--output",
        "--format",
        "--mechanism",
        "--epsilon",
        "--alpha-pii",
        "--alpha-poii",
        "--master",
        "--keep-intermediates",
        "--config",
        "--mode",
        "--noise-key-file",
    ):
        assert opt in text
    assert "default: em" in text and "REQUIRED" in text


@pytest.mark.parametrize(
    ("flags", "field", "value"),
    [
        (["--epsilon", "-3"], "perturb.epsilon", "-3"),
        (["--epsilon", "1", "--alpha-pii", "2"], "alpha_pii", "2"),
        (["--epsilon", "1", "--candidates", "5"], "perturb.candidates", "5"),
    ],
)
def test_when_a_flag_is_bad_then_exit_2_names_field_and_value(
    capsys, tmp_path, flags, field, value
):
    rc = main(["sanitize", "--input", str(tmp_path), "--output", str(tmp_path / "o"), *flags])
    err = capsys.readouterr().err
    assert rc == 2
    assert field in err and value in err


def test_when_config_file_is_bad_then_error_names_field(capsys, tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("perturb:\n  epsilon: 1\n  mechanism: gaussian\n")
    rc = main(["sanitize", "--config", str(cfg), "--input", "x", "--output", "y"])
    err = capsys.readouterr().err
    assert rc == 2 and "perturb.mechanism" in err and "gaussian" in err


def test_spark_submit_script_and_cli_share_the_parser():
    import runpy

    mod = runpy.run_path("jobs/sanitize.py", run_name="not_main")
    assert mod["main"] is main
    assert sanitize_parser().parse_args(["--epsilon", "2"]).epsilon == 2.0


def _gold_file(tmp_path):
    import json

    text = "Dear Ms Ekinci, call +44 20 7946 0958. She moved to Paris in 2019."
    spans = [
        {"start": 8, "end": 14, "tier": "PII", "label": "PERSON"},
        {"start": 21, "end": 37, "tier": "PII", "label": "PHONE"},
        {"start": 52, "end": 57, "tier": "PoII", "label": "LOCATION"},
        {"start": 61, "end": 65, "tier": "PoII", "label": "DATE"},
    ]
    path = tmp_path / "gold.jsonl"
    path.write_text(json.dumps({"id": "d1", "text": text, "spans": spans}) + "\n")
    return path


def test_eval_tagger_scores_a_gold_file_per_tier(capsys, tmp_path):
    import json

    assert main(["eval-tagger", "--gold", str(_gold_file(tmp_path)), "--json"]) == 0
    scores = json.loads(capsys.readouterr().out)
    pii, poii = scores["tiers"]["PII"], scores["tiers"]["PoII"]
    assert pii["token"]["recall"] == 1.0 and poii["token"]["recall"] == 1.0
    assert scores["pii_char_coverage"] == 1.0


def test_eval_tagger_without_ner_misses_what_only_ner_finds(capsys, tmp_path):
    import json

    gold = _gold_file(tmp_path)
    report = tmp_path / "report.md"
    argv = ["eval-tagger", "--gold", str(gold), "--ner-model", "none", "--json"]
    assert main([*argv, "--report", str(report)]) == 0
    scores = json.loads(capsys.readouterr().out)
    assert "token overlap" in report.read_text()
    assert scores["tiers"]["PII"]["token"]["recall"] == 1.0  # cues and patterns
    assert scores["tiers"]["PoII"]["token"]["recall"] is not None


def test_eval_tagger_with_a_bad_gold_file_names_line_and_field(capsys, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x", "text": "abc", "spans": [{"start": 0, "end": 9, "tier": "PII"}]}\n')
    assert main(["eval-tagger", "--gold", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.jsonl:1" in err


def test_tag_help_lists_the_tagging_options(capsys):
    with pytest.raises(SystemExit):
        main(["tag", "--help"])
    text = capsys.readouterr().out
    for opt in ("--input", "--output", "--ner-model", "--chunk-chars", "--consistency", "--policy"):
        assert opt in text


def test_perturb_all_words_flag_reaches_the_config():
    from jobs.cli import overrides_from_args
    from privtext.config import build_config

    a = sanitize_parser().parse_args(["--epsilon", "2", "--perturb-all-words"])
    assert build_config(None, overrides_from_args(a)).perturb.perturb_all_words is True
    a = sanitize_parser().parse_args(["--epsilon", "2"])
    assert build_config(None, overrides_from_args(a)).perturb.perturb_all_words is False


def test_hnsw_parameters_reach_the_config_and_bad_ones_name_the_flag():
    from jobs.cli import overrides_from_args
    from privtext.config import build_config
    from privtext.errors import ConfigError

    a = sanitize_parser().parse_args(["--epsilon", "2", "--index", "hnsw", "--hnsw", "64,400,64"])
    p = build_config(None, overrides_from_args(a)).perturb
    assert (p.index, p.hnsw_m, p.hnsw_ef_construction, p.hnsw_ef_search) == ("hnsw", 64, 400, 64)
    a = sanitize_parser().parse_args(["--epsilon", "2", "--hnsw", "64,x,1"])
    with pytest.raises(ConfigError, match="--hnsw must be three integers"):
        overrides_from_args(a)


def test_ivfpq_parameters_reach_the_config_and_bad_ones_name_the_flag():
    from jobs.cli import overrides_from_args
    from privtext.config import build_config
    from privtext.errors import ConfigError

    a = sanitize_parser().parse_args(["--epsilon", "2", "--index", "ivfpq", "--ivfpq", "512,96,8"])
    p = build_config(None, overrides_from_args(a)).perturb
    assert (p.index, p.ivfpq_nlist, p.ivfpq_nprobe, p.ivfpq_k_factor) == ("ivfpq", 512, 96, 8)
    a = sanitize_parser().parse_args(["--epsilon", "2", "--ivfpq", "512,96"])
    with pytest.raises(ConfigError, match="--ivfpq must be three integers"):
        overrides_from_args(a)


def test_remap_flag_reaches_the_config_and_is_refused_for_laplace_nn(capsys, tmp_path):
    from jobs.cli import overrides_from_args
    from privtext.config import build_config

    a = sanitize_parser().parse_args(["--epsilon", "2", "--remap", "on"])
    assert build_config(None, overrides_from_args(a)).perturb.remap is True
    a = sanitize_parser().parse_args(["--epsilon", "2"])
    assert build_config(None, overrides_from_args(a)).perturb.remap is False
    rc = main(
        ["sanitize", "--input", str(tmp_path / "x.jsonl"), "--output", str(tmp_path / "o"),
         "--epsilon", "2", "--mechanism", "laplace-nn", "--remap", "on"]
    )  # fmt: skip
    err = capsys.readouterr().err
    assert rc == 2 and "remapping needs the exact EM likelihood" in err


def test_explain_help_and_a_missing_run_dir_exit_2(capsys, tmp_path):
    with pytest.raises(SystemExit):
        main(["explain", "--help"])
    assert "--json" in capsys.readouterr().out
    assert main(["explain", str(tmp_path / "nope")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_attacker_vectors_flag_reaches_the_attacker_config():
    import argparse

    from jobs.audit_cli import _train_overrides, add_audit_parsers

    root = argparse.ArgumentParser()
    add_audit_parsers(root.add_subparsers(dest="cmd"))
    for cmd in (["audit", "--release", "r", "--output", "o"],
                ["ampl", "--corpus", "c", "--epsilon", "2.5", "--output", "o"]):  # fmt: skip
        plain = root.parse_args(cmd)
        assert "embeddings" not in _train_overrides(plain)
        a = root.parse_args([*cmd, "--attacker-vectors", "glove-6b-50d", "--epochs", "4"])
        assert _train_overrides(a) == {"epochs": 4, "embeddings": "glove-6b-50d"}


def test_delta_per_tier_parsing():
    from jobs.audit_cli import parse_delta
    from privtext.errors import ConfigError

    assert parse_delta("0.05") == 0.05
    assert parse_delta("PII=0.1,PoII=0.05") == {"PII": 0.1, "PoII": 0.05}
    with pytest.raises(ConfigError, match="PoII is missing"):
        parse_delta("PII=0.1")
    with pytest.raises(ConfigError, match="PII=X1,PoII=X2"):
        parse_delta("PII=x")
