import pytest

from privtext.config import build_config
from privtext.errors import ConfigError


def test_flags_override_the_file(tmp_path):
    f = tmp_path / "c.yaml"
    f.write_text("perturb:\n  epsilon: 2\n  mechanism: laplace-nn\n")
    cfg = build_config(f, {"perturb": {"epsilon": 5.0, "mechanism": None}})
    assert cfg.perturb.epsilon == 5.0
    assert cfg.perturb.mechanism == "laplace-nn"


@pytest.mark.parametrize(
    ("yaml_text", "field", "value"),
    [
        ("perturb:\n  epsilon: -1\n", "perturb.epsilon", "-1"),
        ("perturb:\n  epsilon: .nan\n", "perturb.epsilon", "nan"),
        ("perturb:\n  mechanism: gauss\n", "perturb.mechanism", "gauss"),
        ("perturb:\n  alpha_pii: 1.5\n", "alpha_pii", "1.5"),
        ("output:\n  format: csv\n", "output.format", "csv"),
        ("input:\n  id_column: x\n", "input.id_column", "x"),
        ("perturb:\n  candidates: 3\n", "perturb.candidates", "3"),
    ],
)
def test_when_config_value_is_bad_then_error_names_field_and_value(
    tmp_path, yaml_text, field, value
):
    f = tmp_path / "bad.yaml"
    f.write_text(yaml_text)
    with pytest.raises(ConfigError) as exc:
        build_config(f)
    assert field in str(exc.value)
    assert value in str(exc.value)


def test_when_epsilon_is_missing_then_the_run_refuses():
    cfg = build_config(None, {"input": {"path": "x"}, "output": {"path": "y"}})
    with pytest.raises(ConfigError, match="perturb.epsilon is required"):
        cfg.require_complete()


def test_tier_budgets_are_alpha_times_epsilon():
    cfg = build_config(None, {"perturb": {"epsilon": 4.0, "alpha_pii": 0.25, "alpha_poii": 0.75}})
    assert cfg.perturb.tier_epsilon("PII") == pytest.approx(1.0)
    assert cfg.perturb.tier_epsilon("PoII") == pytest.approx(3.0)


def test_when_yaml_is_not_a_mapping_then_error(tmp_path):
    f = tmp_path / "list.yaml"
    f.write_text("- 1\n- 2\n")
    with pytest.raises(ConfigError, match="must hold a mapping"):
        build_config(f)


def test_input_format_is_inferred_from_extension():
    cfg = build_config(None, {"input": {"path": "/data/corpus.jsonl"}})
    assert cfg.resolved_input_format() == "jsonl"
    with pytest.raises(ConfigError, match="input.format"):
        build_config(None, {"input": {"path": "/nowhere/corpus"}}).resolved_input_format()


def test_remap_is_off_by_default_and_refused_for_laplace_nn():
    assert build_config(None, {"perturb": {"epsilon": 1.0}}).perturb.remap is False
    assert build_config(None, {"perturb": {"epsilon": 1.0, "remap": True}}).perturb.remap is True
    with pytest.raises(ConfigError, match="remapping needs the exact EM likelihood"):
        build_config(None, {"perturb": {"epsilon": 1.0, "mechanism": "laplace-nn", "remap": True}})
