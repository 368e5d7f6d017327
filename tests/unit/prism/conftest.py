"""Fixtures for the PRISM tests: a stand-in translator server and a generated corpus."""

from __future__ import annotations

import threading

import pytest

from tests.support.translator_server import LEXICON, StandInTranslator, english_corpus


@pytest.fixture
def stand_in():
    """A fresh fault-free stand-in translator (real HTTP on 127.0.0.1)."""
    with StandInTranslator() as srv:
        yield srv


@pytest.fixture(scope="session")
def corpus() -> list[str]:
    """2,000 deterministic English sentences over the stand-in's lexicon."""
    return english_corpus(2000, seed=3)


@pytest.fixture(scope="session")
def lexicon():
    return LEXICON


class FakeClock:
    """A monotonic clock that only moves when ``sleep`` is called (thread-safe)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self.now

    def sleep(self, seconds: float) -> None:
        with self._lock:
            self.sleeps.append(seconds)
            self.now += seconds


@pytest.fixture
def fake_clock() -> FakeClock:
    return FakeClock()
