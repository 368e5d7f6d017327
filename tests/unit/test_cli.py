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
