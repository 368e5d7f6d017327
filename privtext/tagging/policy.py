"""Tier policy: which tier (PII / PoII / none) and operator each entity type gets.

A policy is a YAML mapping::

    entities:
      EMAIL: {tier: PII, operator: surrogate, min_score: 0.5}
      ...
    default: {tier: PII, operator: mask, min_score: 0.5}

``TierPolicy.load(None)`` reads the packaged ``privtext/data/default_policy.yaml``. Every
validation problem is raised as :class:`~privtext.errors.ConfigError` naming the field, the bad
value and the dotted path, e.g.
``min_score must be in [0, 1], got 1.5 (policy: entities.EMAIL.min_score)``.
"""

from __future__ import annotations

import math
import re
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator
from pydantic_core import PydanticCustomError

from privtext.errors import ConfigError

Tier = Literal["PII", "PoII", "none"]
Operator = Literal["mechanism", "surrogate", "mask", "hash", "keep"]

DEFAULT_POLICY_FILE = "default_policy.yaml"
_ENTITY_KEY = re.compile(r"[A-Z][A-Z0-9_]*\Z")
_POLICY_VALUE = "policy_value"


def _problem(field: str, problem: str, value: Any, path: str | None = None) -> PydanticCustomError:
    """A validation error carrying field, problem, value (and optionally its own path)."""
    ctx: dict[str, Any] = {"field": field, "problem": problem, "value": value}
    if path is not None:
        ctx["path"] = path
    return PydanticCustomError(_POLICY_VALUE, "{field} {problem}", ctx)


class EntityRule(BaseModel):
    """What to do with spans of one entity type.

    Attributes:
        tier: ``PII``, ``PoII`` or ``none`` (``none`` = leave the span alone).
        operator: ``mechanism``, ``surrogate``, ``mask``, ``hash`` or ``keep``. ``keep`` goes
            with tier ``none`` and only with it.
        min_score: spans scoring below this are left alone; in ``[0, 1]``, default 0.5.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    tier: Tier
    operator: Operator
    min_score: float = 0.5

    @field_validator("min_score", mode="before")
    @classmethod
    def _score_is_a_number(cls, v: Any) -> Any:
        if isinstance(v, bool) or not isinstance(v, int | float):
            raise _problem("min_score", "must be a number in [0, 1]", v)
        if not math.isfinite(v) or not 0.0 <= v <= 1.0:
            raise _problem("min_score", "must be in [0, 1]", v)
        return float(v)

    @model_validator(mode="after")
    def _tier_and_operator_agree(self) -> EntityRule:
        if self.operator == "keep" and self.tier != "none":
            raise _problem(
                "operator",
                f"'keep' is only allowed with tier 'none' (tier is {self.tier!r})",
                self.operator,
                path="operator",
            )
        if self.tier == "none" and self.operator != "keep":
            raise _problem(
                "operator", "must be 'keep' when tier is 'none'", self.operator, path="operator"
            )
        return self


class TierPolicy(BaseModel):
    """Entity type -> :class:`EntityRule`, with a rule for types not listed.

    Attributes:
        entities: rules by entity type (upper-case names such as ``EMAIL``).
        default: rule for entity types not in ``entities``.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    entities: dict[str, EntityRule] = {}
    default: EntityRule

    @field_validator("entities", mode="before")
    @classmethod
    def _keys_are_entity_types(cls, v: Any) -> Any:
        if isinstance(v, dict):
            for key in v:
                if not isinstance(key, str) or not _ENTITY_KEY.match(key):
                    raise _problem(
                        "entity type",
                        "must be upper-case letters, digits and _ (like EMAIL)",
                        key,
                        path=f"entities.{key}",
                    )
        return v

    def rule_for(self, entity_type: str) -> EntityRule:
        """The rule for ``entity_type`` (``default`` when not listed).

        Args:
            entity_type: e.g. ``"EMAIL"``.

        Returns:
            The entity's rule.
        """
        return self.entities.get(entity_type, self.default)

    @classmethod
    def from_dict(cls, d: Any, source: str = "policy") -> TierPolicy:
        """Build and validate a policy from a mapping.

        Args:
            d: the parsed policy (``entities`` and ``default``).
            source: label for error messages (a file path or ``"policy"``).

        Returns:
            The validated policy.

        Raises:
            ConfigError: a value is invalid; the message names field, value and path.
        """
        if not isinstance(d, dict):
            raise ConfigError(
                f"policy must be a mapping with 'entities' and 'default', "
                f"got {type(d).__name__} {d!r} ({source})"
            )
        try:
            return cls.model_validate(d)
        except ValidationError as exc:
            msgs = [_format_error(err, source) for err in exc.errors()]
            if len(msgs) == 1:
                raise ConfigError(msgs[0]) from None
            raise ConfigError(f"{len(msgs)} invalid policy values: " + "; ".join(msgs)) from None

    @classmethod
    def load(cls, path: str | None = None) -> TierPolicy:
        """Read a policy YAML file.

        Args:
            path: the file; None = the packaged default policy.

        Returns:
            The validated policy.

        Raises:
            ConfigError: the file is missing, is not valid YAML, or holds invalid values.
        """
        if path is None:
            source = f"default policy {DEFAULT_POLICY_FILE}"
            text = (
                resources.files("privtext").joinpath("data", DEFAULT_POLICY_FILE).read_text("utf-8")
            )
        else:
            source = str(path)
            try:
                text = Path(path).read_text(encoding="utf-8")
            except FileNotFoundError:
                raise ConfigError(f"policy file not found, got path {str(path)!r}") from None
            except (OSError, UnicodeDecodeError) as exc:
                raise ConfigError(
                    f"policy file cannot be read, got path {str(path)!r}: {exc}"
                ) from None
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise ConfigError(f"policy is not valid YAML ({source}): {exc}") from None
        return cls.from_dict(data, source=source)


def _dotted(loc: tuple[Any, ...]) -> str:
    parts: list[str] = []
    for p in loc:
        if isinstance(p, int):
            parts.append(f"[{p}]")
        else:
            parts.append(("." if parts else "") + str(p))
    return "".join(parts)


def _format_error(err: Any, source: str) -> str:
    """One pydantic error as ``<field> <problem>, got <value> (<source>: <path>)``."""
    loc = tuple(err.get("loc", ()))
    ctx = err.get("ctx") or {}
    etype = err.get("type", "")
    value = err.get("input")
    if etype == _POLICY_VALUE:
        path = _dotted(loc)
        if "path" in ctx:
            own = str(ctx["path"])
            # A rule-level problem: its own path is relative to the rule's location.
            path = own if own.startswith("entities.") else ".".join(p for p in (path, own) if p)
        return f"{ctx['field']} {ctx['problem']}, got {ctx['value']!r} ({source}: {path})"
    path = _dotted(loc)
    field = str(loc[-1]) if loc else "policy"
    if etype == "missing":
        return f"{field} is required ({source}: {path})"
    if etype == "extra_forbidden":
        return f"{field} is not a known field, got {value!r} ({source}: {path})"
    if etype == "literal_error":
        problem = f"must be one of {ctx.get('expected', '')}"
    elif etype in ("model_type", "dict_type", "model_attributes_type"):
        problem = "must be a mapping"
    else:
        msg = str(err.get("msg", "is invalid"))
        problem = msg[:1].lower() + msg[1:]
    return f"{field} {problem}, got {value!r} ({source}: {path})"
