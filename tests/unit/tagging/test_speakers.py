"""Chat speakers that are businesses (privtext/tagging/speakers.py)."""

from __future__ import annotations

import pytest

from .conftest import rules_only_tags as _tagged

_TROPIC = (
    "09:02 Tropic Wheels: Hi Hemi, Kayla here. We can fix the Hilux\n"
    "09:40 Hemi: ok\n"
    "09:43 Tropic Wheels: No worries, weather goes through our fleet"
)
_KIWI = (
    "3/02/25, 21:14 - Amelia Stroud: hi is anyone there\n"
    "3/02/25, 21:20 - Kiwi Haven Reception: Hi Amelia, so sorry! Our night manager is out\n"
    "4/02/25, 08:22 - Kiwi Haven Reception: Found it!"
)


def test_a_business_speaking_as_we_is_an_organisation() -> None:
    tags = _tagged(_TROPIC)
    assert tags.count(("ORGANIZATION", "Tropic Wheels")) == 2
    assert ("PERSON", "Tropic Wheels") not in tags


def test_a_desk_word_stays_outside_the_organisation() -> None:
    assert ("ORGANIZATION", "Kiwi Haven") in _tagged(_KIWI)


@pytest.mark.parametrize(
    "text",
    [
        # a person with unlisted names
        "10:01 Dilshod Rahimov: we are outside\n10:02 Anna: ok\n10:03 Dilshod Rahimov: our car",
        # a title and a surname
        "Dr Lowther: Hi Thomas, we will sort it\nThomas: ok\nDr Lowther: Our pharmacy is near",
        # one word, perhaps a handle
        "08:31 - EirlinkCares: Morning, we are on it\n08:40 - Pat: ok\n09:02 - EirlinkCares: done",
        # a role made of common words only
        "Front Desk: we have your key\nGuest: thanks\nFront Desk: our bar opens at 6",
        # speaks once
        "Tropic Wheels: we fixed it\nHemi: ok",
    ],
)
def test_speakers_that_stay_persons_or_roles(text: str) -> None:
    assert not [t for t in _tagged(text) if t[0] == "ORGANIZATION"]
