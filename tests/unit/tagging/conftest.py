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
