"""Platforms used as a medium and languages spoken are no organisation or group."""

from __future__ import annotations

import pytest

from privtext.tagging.base import Span
from privtext.tagging.mediums import mediums_are_no_entities


def _kept(text: str, spans: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    built = []
    for surface, etype, source in spans:
        i = text.index(surface)
        built.append(Span(i, i + len(surface), etype, 0.85, source))
    built.sort(key=lambda s: s.start)
    return [(text[s.start : s.end], s.entity_type) for s in mediums_are_no_entities(text, built)]


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("WhatsApp Chat with Mam", "WhatsApp Chat"),
        ("I saw it on Facebook yesterday", "Facebook"),
        ("send the photo by WhatsApp", "WhatsApp"),
    ],
)
def test_a_platform_used_as_a_medium_is_dropped(text, surface):
    assert _kept(text, [(surface, "ORGANIZATION", "gazetteer")]) == []


def test_a_platform_after_an_employer_cue_or_from_a_pattern_stays():
    text = "My son works at Facebook now."
    assert _kept(text, [("Facebook", "ORGANIZATION", "gazetteer")]) == [
        ("Facebook", "ORGANIZATION")
    ]
    text = "I saw it on Facebook yesterday"
    assert _kept(text, [("Facebook", "ORGANIZATION", "organization_shape")]) == [
        ("Facebook", "ORGANIZATION")
    ]


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("LANGUAGES: Spanish (native), English (C1), Portuguese (B1)", "English"),
        ("She speaks English and Twi at home", "English"),
        ("I am studying English at Glasgow Clyde College", "English"),
        ("Bulletin du 2e trimestre (English summary)", "English"),
        ("a Romanian interpreter was booked", "Romanian"),
    ],
)
def test_a_language_is_no_group(text, surface):
    assert _kept(text, [(surface, "NATIONALITY", "gazetteer")]) == []


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("She is English, born in Leeds", "English"),
        ("a bar in Spanish Town near the square", "Spanish"),
        ("a Romanian national, 41", "Romanian"),
    ],
)
def test_a_nationality_or_a_part_of_a_name_stays(text, surface):
    assert _kept(text, [(surface, "NATIONALITY", "gazetteer")]) == [(surface, "NATIONALITY")]


def test_parties_forums_and_chat_sides_named_by_their_role_are_no_entities():
    from privtext.tagging.registry import Tagger

    text = (
        "The Tribunal finds that the remark was made. The Provider ignored it.\n"
        "Plaintiff paid a deposit. Loan amount: 248,000\n"
        "[20:41] Cliente: quiero hablar\n[20:42] Cliente: gracias\n"
        "Nguyen Thi Loan called on Monday."
    )
    got = {text[s.start : s.end] for s in Tagger.default().tag(text) if s.score >= 0.5}
    assert not got & {"Tribunal", "The Tribunal", "Provider", "Plaintiff", "Loan", "Cliente"}
    assert "Nguyen Thi Loan" in got


def test_more_languages_and_their_other_mentions_are_no_nationality():
    from privtext.tagging.registry import Tagger

    text = (
        "Seán speaks good English. Staff speak Irish and English; the Polish induction video "
        "was shown. Translation provided; the German text is binding. The Polish family moved."
    )
    got = [
        text[s.start : s.end] for s in Tagger.default().tag(text) if s.entity_type == "NATIONALITY"
    ]
    assert got == ["Polish"]
    assert text.rindex("Polish") == [s.start for s in Tagger.default().tag(text)
                                     if s.entity_type == "NATIONALITY"][0]  # fmt: skip
