"""Rules from blind set 38 (and the pooled misses of sets 1-37 looked at with it): regions
that ISO 3166-2 does not list."""

from __future__ import annotations

from functools import lru_cache

import pytest

from privtext.tagging.registry import Tagger, TaggerSpec, build_tagger


@lru_cache(maxsize=1)
def _rules_only() -> Tagger:
    return build_tagger(TaggerSpec(ner_model=None))


def _tagged(text: str) -> list[tuple[str, str]]:
    return [(s.entity_type, text[s.start : s.end]) for s in _rules_only().tag(text)]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("We also said that she came to Yorkshire in 2006.", "Yorkshire"),
        ("Place of birth: Mexborough, Yorkshire", "Yorkshire"),
        ("the family moved to the East Midlands in 2019", "East Midlands"),
        ("She grew up in Transylvania.", "Transylvania"),
    ],
)
def test_historic_and_informal_regions_are_places(text: str, place: str) -> None:
    assert ("LOCATION", place) in _tagged(text)
