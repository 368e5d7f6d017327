"""Organisations named by the document's own e-mail and web domains."""

from __future__ import annotations

import pytest

from privtext.tagging.base import Span
from privtext.tagging.domains import _registered_name, organisations_named_by_domains


@pytest.mark.parametrize(
    ("domain", "name"),
    [
        ("islandtel.com.ph", "islandtel"),
        ("karoovet.co.za", "karoovet"),
        ("mail.northbridge.ac.uk", "northbridge"),
        ("karoo.vet", "karoo"),
        ("gmail.com", None),  # a free-mail provider
        ("hse.ie", None),  # too short to spell a name safely
        ("web-2go.com", None),  # not letters only
    ],
)
def test_the_registered_name_of_a_domain(domain, name):
    assert _registered_name(domain) == name


def _orgs(text: str, spans: list[tuple[str, str, str]] = ()) -> list[str]:
    built = []
    for surface, etype, source in spans:
        i = text.index(surface)
        built.append(Span(i, i + len(surface), etype, 0.85, source))
    built.sort(key=lambda s: s.start)
    out = organisations_named_by_domains(text, built)
    return [text[s.start : s.end] for s in out if s.entity_type == "ORGANIZATION"]


def test_a_word_that_spells_the_domain_is_an_organisation_and_an_ner_guess_gives_way():
    text = "To: IslandTel Customer Care <care@islandtel.com.ph>\nDear IslandTel,"
    assert _orgs(text) == ["IslandTel", "IslandTel"]
    text = "Booked with Viaggi Sole Alto (info@viaggisolealto.it)."
    assert _orgs(text, [("Viaggi Sole Alto", "PERSON", "spacy_ner")]) == ["Viaggi Sole Alto"]


def test_the_organisation_heads_after_the_spelled_words_join_it():
    text = "Karoo Vet Clinic\nEmail: accounts@karoovet.co.za"
    assert _orgs(text) == ["Karoo Vet Clinic"]


@pytest.mark.parametrize(
    "text",
    [
        "Amara here! write to amara@amara.me",  # a person's own domain
        "Vintage finds at www.vintage.shop",  # a frequent word
        "Mail jo@gmail.com or Gmail support",  # a free-mail provider
        "IslandTel is great",  # no domain in the text
    ],
)
def test_names_words_and_providers_are_left(text):
    assert _orgs(text) == []


def test_a_guess_gives_way_but_a_pattern_tag_stays():
    text = "Tidyhome: call Tidyhome on 555 (bookings@tidyhome.ie)"
    assert _orgs(text, [("Tidyhome", "PERSON", "gazetteer")]) == ["Tidyhome", "Tidyhome"]
    got = _orgs(text, [("Tidyhome", "PERSON", "person_cues")])
    assert got == ["Tidyhome"]  # the second mention only: a cue's person is no guess
