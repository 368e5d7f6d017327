"""Person spans that end in an organisation head become organisations (privtext.tagging.retype)."""

from __future__ import annotations

import pytest

from privtext.tagging.base import Span
from privtext.tagging.retype import persons_named_like_organisations


def _typed(text: str, surface: str) -> list[tuple[str, str]]:
    i = text.index(surface)
    spans = [Span(i, i + len(surface), "PERSON", 0.85, "test")]
    return [
        (text[s.start : s.end], s.entity_type)
        for s in persons_named_like_organisations(text, spans)
    ]


@pytest.mark.parametrize(
    ("text", "surface", "expected"),
    [
        ("Great news - Meridian Labs would like to meet you", "Meridian Labs",
         [("Meridian Labs", "ORGANIZATION")]),
        ("BETWEEN:\nHARBOUR LETTINGS LIMITED\nClaimant", "HARBOUR LETTINGS LIMITED",
         [("HARBOUR LETTINGS LIMITED", "ORGANIZATION")]),
        ("Certificate - Niagara Polytechnic, 2021", "Niagara Polytechnic",
         [("Niagara Polytechnic", "ORGANIZATION")]),
        ("GP: Dr B. Shah, Holme Valley Surgery", "B. Shah, Holme Valley Surgery",
         [("B. Shah", "PERSON"), ("Holme Valley Surgery", "ORGANIZATION")]),
    ],
)  # fmt: skip
def test_a_person_ending_in_an_organisation_head_is_an_organisation(text, surface, expected):
    assert _typed(text, surface) == expected


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("Anna Nowak wrote", "Anna Nowak"),
        ("Emily Post said", "Emily Post"),  # a surname that is also a head
        ("Hospital", "Hospital"),  # one word: nothing to go on
    ],
)
def test_other_persons_are_left(text, surface):
    assert _typed(text, surface) == [(surface, "PERSON")]


def _org_typed(text: str, surface: str) -> list[tuple[str, str]]:
    from privtext.tagging.retype import organisations_named_like_persons

    i = text.index(surface)
    spans = [Span(i, i + len(surface), "ORGANIZATION", 0.8, "spacy_ner")]
    return [
        (text[s.start : s.end], s.entity_type)
        for s in organisations_named_like_persons(text, spans)
    ]


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("Suspect identified via CCTV as Dean TAPLOW, 34, of", "Dean TAPLOW"),
        ("our chess team (Harvey, Lily P. and Mei) beat", "Lily P."),
    ],
)
def test_a_ner_organisation_that_reads_as_a_name_is_a_person(text, surface):
    assert _org_typed(text, surface) == [(surface, "PERSON")]


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("Union Crest Bank, Allen Avenue Branch, Ikeja", "Allen Avenue Branch"),
        ("Priya Menon of Victoria Legal Aid has asked", "Victoria Legal Aid"),
        ("left towards Elmore Green Road in a", "Elmore Green Road"),
        ("a loan from Grant Thornton Advisory", "Grant Thornton Advisory"),
    ],
)
def test_an_organisation_with_common_words_or_heads_stays_one(text, surface):
    assert _org_typed(text, surface) == [(surface, "ORGANIZATION")]


def _org_split(text: str, surface: str) -> list[tuple[str, str]]:
    from privtext.tagging.retype import persons_inside_organisations

    i = text.index(surface)
    spans = [Span(i, i + len(surface), "ORGANIZATION", 0.86, "test")]
    return [
        (text[s.start : s.end], s.entity_type) for s in persons_inside_organisations(text, spans)
    ]


@pytest.mark.parametrize(
    ("text", "surface", "expected"),
    [
        ("Judge R. Sutherland\nTribunal Member J. Cairney\n", "Tribunal Member J. Cairney",
         [("J. Cairney", "PERSON")]),
        ("15:05  Field - Tech R. Ellis\nSite visit.", "Field - Tech R. Ellis",
         [("R. Ellis", "PERSON")]),
        ("Donations to the Veronica Clarke-Gittens Scholarship Fund: x",
         "Veronica Clarke-Gittens Scholarship Fund",
         [("Veronica Clarke-Gittens", "PERSON"), ("Scholarship Fund", "ORGANIZATION")]),
        ("Royal Bank A. Mensah paid", "Royal Bank A. Mensah",
         [("Royal Bank", "ORGANIZATION"), ("A. Mensah", "PERSON")]),
        ("WhatsApp Chat with Okonkwo Family\n12/03", "Okonkwo Family", [("Okonkwo", "PERSON")]),
        ("Viber - Bautista siblings\n", "Bautista siblings", [("Bautista", "PERSON")]),
    ],
)  # fmt: skip
def test_a_person_inside_an_organisation_span_is_split_out(text, surface, expected):
    assert _org_split(text, surface) == expected


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("at Distribuciones Globales S.Coop. in Tucson", "Distribuciones Globales S.Coop"),
        ("a cleaner at the Hospital Fernando Fonseca.", "Hospital Fernando Fonseca"),
        ("the Bill & Melinda Gates Foundation paid", "Bill & Melinda Gates Foundation"),
        ("the John Radcliffe Hospital in Oxford", "John Radcliffe Hospital"),
        ("shares in J. Sainsbury plc rose", "J. Sainsbury plc"),
        ("the Royal Family visited", "Royal Family"),  # a common word before "Family"
    ],
)
def test_an_organisation_named_after_a_person_or_with_an_initial_stays_whole(text, surface):
    assert _org_split(text, surface) == [(surface, "ORGANIZATION")]


@pytest.mark.parametrize(
    ("text", "surface", "etype", "kept"),
    [
        ("Advice: T. Aspirin 75 mg OD, then", "T. Aspirin", "PERSON", False),
        ("T. Metoprolol XL 25 mg OD.", "T. Metoprolol XL 25", "ORGANIZATION", False),
        ("Cap. Omeprazole 20mg daily", "Cap. Omeprazole", "PERSON", False),
        ("Seen by J. Smith 75 times", "J. Smith", "PERSON", True),
        ("Sent to Acme Ltd 20 boxes", "Acme Ltd", "ORGANIZATION", True),
        ("T. Aspirin 75 mg", "75 mg", "AGE", True),
    ],
)
def test_a_drug_before_its_dose_is_no_person(text, surface, etype, kept):
    from privtext.tagging.retype import drugs_are_no_persons

    i = text.index(surface)
    spans = [Span(i, i + len(surface), etype, 0.85, "test")]
    assert (drugs_are_no_persons(text, spans) == spans) is kept


def test_a_name_in_irish_or_maori_spelling_read_as_an_organisation_is_a_person():
    from privtext.tagging.retype import organisations_named_like_persons

    text = "Just to confirm Pádraig Ó Súilleabháin's last day is 14 March"
    s = text.index("Pádraig")
    e = text.index("'s")
    out = organisations_named_like_persons(text, [Span(s, e, "ORGANIZATION", 0.8, "spacy_ner")])
    assert [(text[x.start : x.end], x.entity_type) for x in out] == [
        ("Pádraig Ó Súilleabháin", "PERSON")
    ]


def test_a_ner_organisation_joined_by_and_to_a_person_is_a_person():
    from privtext.tagging.base import Span
    from privtext.tagging.retype import organisations_joined_to_persons

    text = "entry 4 (Vithushan Rajaratnam and Abinaya Selvarajah); Romain Fournier et Jean-Daniel "
    text += "Aufdenblatten; John Smith and Morgan Stanley; Ana Lima, Santos Holdings"

    def span(surface: str, etype: str, source: str) -> Span:
        i = text.index(surface)
        return Span(i, i + len(surface), etype, 0.85, source)

    spans = [
        span("Vithushan Rajaratnam", "ORGANIZATION", "spacy_ner"),
        span("Abinaya Selvarajah", "PERSON", "gazetteer"),
        span("Romain Fournier", "PERSON", "gazetteer"),
        span("Jean-Daniel Aufdenblatten", "ORGANIZATION", "spacy_ner"),
        span("John Smith", "PERSON", "gazetteer"),
        span("Morgan Stanley", "ORGANIZATION", "gazetteer"),  # a listed firm: not a guess
        span("Ana Lima", "PERSON", "gazetteer"),
        span("Santos Holdings", "ORGANIZATION", "spacy_ner"),  # a comma, and a firm's word
    ]
    got = {
        text[s.start : s.end]: s.entity_type for s in organisations_joined_to_persons(text, spans)
    }
    assert got["Vithushan Rajaratnam"] == "PERSON"
    assert got["Jean-Daniel Aufdenblatten"] == "PERSON"
    assert got["Morgan Stanley"] == "ORGANIZATION"
    assert got["Santos Holdings"] == "ORGANIZATION"


def test_a_person_for_an_organisation_is_no_part_of_its_name():
    from privtext.tagging.recognizers.organization import OrganizationRecognizer

    text = "Chat export, exported by Trevor Kwan for Canadian Anti-Fraud Centre on Monday."
    got = [text[s.start : s.end] for s in OrganizationRecognizer().analyze(text)]
    assert got == ["Canadian Anti-Fraud Centre"]
