"""Tier policy: packaged default, YAML loading, and errors naming field, value and path."""

import pytest

from privtext.errors import ConfigError
from privtext.tagging.policy import EntityRule, TierPolicy

DEFAULT_RULE = {"tier": "PII", "operator": "mask", "min_score": 0.5}


def _policy(entities=None, default=None):
    return {"entities": entities or {}, "default": default or dict(DEFAULT_RULE)}


def test_default_policy_maps_entity_types_to_tiers_and_operators():
    p = TierPolicy.load(None)
    expected = {
        "PERSON": ("PII", "mechanism"),
        "EMAIL": ("PII", "surrogate"),
        "PHONE": ("PII", "surrogate"),
        "CREDIT_CARD": ("PII", "surrogate"),
        "IBAN": ("PII", "surrogate"),
        "NATIONAL_ID": ("PII", "surrogate"),
        "IP_ADDRESS": ("PII", "surrogate"),
        "URL": ("PII", "mask"),
        "LOCATION": ("PoII", "mechanism"),
        "ORGANIZATION": ("PoII", "mechanism"),
        "NATIONALITY": ("PoII", "mechanism"),
    }
    for etype, (tier, op) in expected.items():
        rule = p.rule_for(etype)
        assert (rule.tier, rule.operator, rule.min_score) == (tier, op, 0.5)


def test_when_entity_type_is_unknown_then_default_rule_applies():
    rule = TierPolicy.load(None).rule_for("SOMETHING_NEW")
    assert (rule.tier, rule.operator) == ("PII", "mask")


def test_when_policy_file_is_valid_then_it_loads(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text(
        "entities:\n  EMAIL: {tier: PII, operator: hash, min_score: 0.9}\n"
        "  CITY: {tier: none, operator: keep, min_score: 0}\n"
        "default: {tier: PoII, operator: mask}\n",
        encoding="utf-8",
    )
    p = TierPolicy.load(str(path))
    assert p.rule_for("EMAIL") == EntityRule(tier="PII", operator="hash", min_score=0.9)
    assert p.rule_for("CITY").operator == "keep"
    assert p.default.min_score == 0.5


@pytest.mark.parametrize(
    ("rule", "fragments"),
    [
        (
            {"tier": "PII", "operator": "surrogate", "min_score": 1.5},
            ["min_score must be in [0, 1], got 1.5 (policy: entities.EMAIL.min_score)"],
        ),
        ({"tier": "PII", "operator": "surrogate", "min_score": -0.1}, ["min_score", "-0.1"]),
        (
            {"tier": "PII", "operator": "surrogate", "min_score": "high"},
            ["min_score", "'high'", "entities.EMAIL.min_score"],
        ),
        ({"tier": "PII", "operator": "surrogate", "min_score": True}, ["min_score", "True"]),
        ({"tier": "PII", "operator": "surrogate", "min_score": float("nan")}, ["min_score", "nan"]),
        ({"tier": "pii", "operator": "surrogate"}, ["tier", "'pii'", "entities.EMAIL.tier"]),
        ({"tier": "PII", "operator": "shred"}, ["operator", "'shred'", "entities.EMAIL.operator"]),
        ({"tier": "PII", "operator": "keep"}, ["operator", "'keep'", "tier 'none'"]),
        ({"tier": "none", "operator": "mask"}, ["operator", "'mask'", "entities.EMAIL.operator"]),
        ({"tier": "PII"}, ["operator is required", "entities.EMAIL.operator"]),
        (
            {"tier": "PII", "operator": "mask", "opertor": "x"},
            ["opertor", "'x'", "entities.EMAIL.opertor"],
        ),
        ("surrogate", ["EMAIL must be a mapping", "'surrogate'"]),
    ],
)
def test_when_a_rule_value_is_bad_then_config_error_names_field_and_value(rule, fragments):
    with pytest.raises(ConfigError) as exc:
        TierPolicy.from_dict(_policy({"EMAIL": rule}))
    for frag in fragments:
        assert frag in str(exc.value)


def test_when_entity_key_is_not_upper_case_then_error_names_the_key():
    with pytest.raises(ConfigError, match=r"got 'email' \(policy: entities.email\)"):
        TierPolicy.from_dict(_policy({"email": dict(DEFAULT_RULE)}))


def test_when_default_is_missing_then_error_names_it():
    with pytest.raises(ConfigError, match=r"default is required"):
        TierPolicy.from_dict({"entities": {}})


def test_when_top_level_field_is_unknown_then_error_names_it():
    with pytest.raises(ConfigError, match=r"entitys is not a known field"):
        TierPolicy.from_dict({**_policy(), "entitys": {}})


def test_when_policy_is_not_a_mapping_then_error_names_the_value():
    with pytest.raises(ConfigError, match=r"got list \[1, 2\]"):
        TierPolicy.from_dict([1, 2])


def test_when_bad_value_is_in_a_file_then_error_names_the_file(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(
        "entities:\n  EMAIL: {tier: PII, operator: surrogate, min_score: 2}\n"
        "default: {tier: PII, operator: mask}\n",
        encoding="utf-8",
    )
    with pytest.raises(ConfigError) as exc:
        TierPolicy.load(str(path))
    msg = str(exc.value)
    assert "min_score must be in [0, 1], got 2" in msg and str(path) in msg
    assert "entities.EMAIL.min_score" in msg


def test_when_yaml_is_malformed_then_config_error(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("entities: {EMAIL: [unclosed\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid YAML"):
        TierPolicy.load(str(path))


def test_when_file_is_missing_then_config_error_names_the_path(tmp_path):
    missing = tmp_path / "nope.yaml"
    with pytest.raises(ConfigError, match="nope.yaml"):
        TierPolicy.load(str(missing))


def test_when_several_values_are_bad_then_all_are_reported():
    with pytest.raises(ConfigError) as exc:
        TierPolicy.from_dict(
            _policy(
                {"EMAIL": {"tier": "X", "operator": "mask"}},
                {"tier": "PII", "operator": "mask", "min_score": 9},
            )
        )
    msg = str(exc.value)
    assert "2 invalid policy values" in msg
    assert "entities.EMAIL.tier" in msg and "default.min_score" in msg


def test_config_error_is_a_value_error():
    assert issubclass(ConfigError, ValueError)
