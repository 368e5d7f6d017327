"""Shared helpers for the recognizer tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from privtext.tagging.base import Recognizer


def found(recognizer: Recognizer, text: str, min_score: float = 0.0) -> list[tuple[str, str]]:
    """(entity_type, covered text) for every span at or above ``min_score``."""
    recognizer.load()
    return [
        (s.entity_type, text[s.start : s.end])
        for s in sorted(recognizer.analyze(text), key=lambda s: s.start)
        if s.score >= min_score
    ]


@pytest.fixture
def spans_of() -> Callable[..., list[tuple[str, str]]]:
    return found


def rules_only_tags(text: str) -> list[tuple[str, str]]:
    """(entity_type, covered text) of every span of the rules-only tagger (no NER), built once
    per process: the blind sets' rule tests read the finished tagger's output."""
    from privtext.tagging.registry import TaggerSpec, build_tagger

    return [
        (s.entity_type, text[s.start : s.end])
        for s in build_tagger(TaggerSpec(ner_model=None)).tag(text)
    ]
