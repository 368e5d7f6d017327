"""Ambiguous place names in a place's slot, and names before an area word (place_slots.py)."""

from __future__ import annotations

import pytest

from privtext.tagging.base import Span
from privtext.tagging.place_slots import _ambiguous, places_in_place_slots


def _run(text: str, spans: list[tuple[str, str, str]] = ()) -> list[tuple[str, str]]:
    built = []
    for surface, etype, source in spans:
        i = text.index(surface)
        built.append(Span(i, i + len(surface), etype, 0.85, source))
    built.sort(key=lambda s: s.start)
    return [(text[s.start : s.end], s.entity_type) for s in places_in_place_slots(text, built)]


def test_the_ambiguous_list_holds_words_and_names_that_are_places():
    assert {"Bath", "Reading", "Victoria", "Kent", "Milton Keynes"} <= _ambiguous()


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("a lawyer practising in Murcia.", "Murcia"),
        ("then in a lorry to Kent, and", "Kent"),
        ("I AM NOW LIVING IN GALWAY FOR WORK.", "GALWAY"),
        ("My mother lives in Ibadan, Oyo State, with my sister.", "Oyo State"),
        ("Verification visit: 18-Sep-2024, Tahirpur Upazila", "Tahirpur Upazila"),
        ("no records found in Travis County or Harris County.", "Travis County"),
        ("the court of MYSURU DISTRICT ruled", "MYSURU DISTRICT"),
    ],
)  # fmt: skip
def test_a_place_in_a_places_slot_is_tagged(text, place):
    assert (place, "LOCATION") in _run(text)


@pytest.mark.parametrize(
    ("text", "before", "place"),
    [
        ("Bayside Physiotherapy, Brighton, Victoria\n", ("Brighton", "LOCATION", "spacy_ner"),
         "Victoria"),
        ("inspected at Westcroft Autos, Milton Keynes. Their engineer",
         ("Westcroft Autos", "ORGANIZATION", "spacy_ner"), "Milton Keynes"),
        ("six sites in Bristol and Bath on the days", ("Bristol", "LOCATION", "gazetteer"),
         "Bath"),
    ],
)  # fmt: skip
def test_a_place_after_a_place_or_organisation_and_a_comma_is_tagged(text, before, place):
    got = _run(text, [before, (place, "PERSON", "spacy_ner")])
    assert (place, "LOCATION") in got
    assert (place, "PERSON") not in got


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("Hélène Tremblay (mother), Sherbrooke, QC, 819-555-0102", ["Sherbrooke", "QC"]),
        ("Mere Parata (wife), Hamilton, NZ\n", ["Hamilton", "NZ"]),
    ],
)
def test_a_place_and_its_state_or_country_code_are_places(text, places):
    got = _run(text, [("Hamilton", "PERSON", "spacy_ner")] if "Hamilton" in text else [])
    assert [p for p, t in got if t == "LOCATION"] == places


@pytest.mark.parametrize(
    "text",
    [
        "Signed by Okonkwo, UK lead",  # a surname, no listed place
        "I had a letter from Victoria yesterday",  # a given name after "from": a person
        "We walked in Victoria Park",  # the name goes on
        "Ask in Victoria's office",
        "He spoke to Reading Borough Council",
        "the Welfare State will pay",  # a common word before the area word
        "the Oyo State Government said",  # an organisation
        "stats on BATH usage",  # capitals after a lower-case cue
    ],
)
def test_a_name_out_of_a_places_slot_is_left_alone(text):
    assert all(t != "LOCATION" for _, t in _run(text))


def test_other_tags_on_the_name_are_kept():
    text = "He moved to Kent."
    assert _run(text, [("Kent", "ORGANIZATION", "organization_shape")]) == [
        ("Kent", "ORGANIZATION")
    ]


def test_an_irish_county_is_a_place_and_splits_a_guess_joining_it_to_its_town():
    assert _run("22 Cois Abhainn, Ennis, Co. Clare V95", []) == [("Co. Clare", "LOCATION")]
    text = "late of Castlegregory, Co. Kerry and formerly of Tralee"
    got = _run(text, [("Castlegregory, Co. Kerry", "ORGANIZATION", "spacy_ner")])
    assert got == [("Castlegregory", "LOCATION"), ("Co. Kerry", "LOCATION")]
    # Kerry alone stays a name; a rule's span is left alone
    assert _run("Kerry said hello", []) == []
    got = _run("Bank of Ireland, Co. Cork", [("Bank of Ireland, Co. Cork", "ORGANIZATION", "rule")])
    assert got == [("Bank of Ireland, Co. Cork", "ORGANIZATION")]


@pytest.mark.parametrize(
    ("text", "road"),
    [
        ("after a crash on the A9 south of Inverness.", "A9"),
        ("Queues on the M6 at junction 19.", "M6"),
        ("He was driving along the B4518 near the farm.", "B4518"),
        ("It happened on the N7.", "N7"),
    ],
)
def test_a_road_number_after_the_is_a_place_where_a_road_is_meant(text, road):
    assert (road, "LOCATION") in _run(
        text, [("Inverness", "LOCATION", "test")] if "Inverness" in text else []
    )


@pytest.mark.parametrize("text", ["Please fill in the A1 form.", "the M365 account was locked."])
def test_a_form_or_a_product_named_like_a_road_is_left_alone(text):
    assert not any(t == "LOCATION" for _, t in _run(text))


@pytest.mark.parametrize(
    ("text", "spans", "airport"),
    [
        ("Pick-up 14.07.2025, Split Airport.", [], "Split Airport"),
        (
            "We flew out of Wilson Airport.",
            [("Wilson Airport", "PERSON", "gazetteer")],
            "Wilson Airport",
        ),
        (
            "Arrival Kigali International Airport at 9.",
            [("Kigali", "LOCATION", "spacy_ner")],
            "Kigali International Airport",
        ),
        (
            "a charter to Mara Serena airstrip",
            [("Mara Serena", "PERSON", "spacy_ner")],
            "Mara Serena airstrip",
        ),
    ],
)
def test_an_airport_or_airstrip_is_one_place_over_the_guesses_inside_it(text, spans, airport):
    assert (airport, "LOCATION") in _run(text, spans)


def test_an_airport_authority_is_left_to_the_organisation_rules():
    text = "the Dublin Airport Authority said"
    assert _run(text, [("Dublin Airport Authority", "ORGANIZATION", "organization_shape")]) == [
        ("Dublin Airport Authority", "ORGANIZATION")
    ]


def test_a_listed_place_in_capitals_after_at_in_capitals_is_a_place():
    text = "IN THE LABOUR COURT OF SOUTH AFRICA\nHELD AT JOHANNESBURG\n"
    assert ("JOHANNESBURG", "LOCATION") in _run(text)
    assert not any(s == "Johannesburg" for s, _ in _run("she works at Johannesburg Water"))


@pytest.mark.parametrize(
    ("text", "guess", "place"),
    [
        ("you wished to travel with your family to Johor Bahru. You stated", "Bahru",
         "Johor Bahru"),
        ("represented by a lawyer practising in Chişinău. The second", "Chişinău", "Chişinău"),
    ],
)  # fmt: skip
def test_a_listed_place_in_a_places_slot_wins_over_a_person_guess_inside_it(text, guess, place):
    got = _run(text, [(guess, "PERSON", "spacy_ner")])
    assert (place, "LOCATION") in got
    assert (guess, "PERSON") not in got


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("a boat to Lampedusa, by train to Calais.", "Lampedusa"),
        ("but I am happy to relocate to Santos. My references", "Santos"),
    ],
)
def test_a_journeys_end_guessed_a_person_is_a_place(text, name):
    got = _run(text, [(name, "PERSON", "spacy_ner")])
    assert (name, "LOCATION") in got
    assert (name, "PERSON") not in got


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("Hygiene patients moved to Olivia's list?", [("Olivia", "PERSON", "spacy_ner")]),
        ("her calls were transferred to Salma at the desk", [("Salma", "PERSON", "spacy_ner")]),
        ("affected by the move to Universal Credit.", []),
    ],
)
def test_a_journey_cue_leaves_persons_and_untagged_words_alone(text, spans):
    assert _run(text, spans) == [(s, t) for s, t, _ in spans]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Impôt payé en Italie en 2021", "Italie"),
        ("Han har arbetat i Sverige sedan 2019", "Sverige"),
        ("Para o Brasil, o seu contato é", "Brasil"),
        ("Er zog 2010 nach Österreich.", "Österreich"),
        ("Hinweis für Kundinnen in Deutschland: bitte", "Deutschland"),  # a German noun before
        ("Je suis né le 22 juillet 1988 à Canoas (Brésil).", "Brésil"),
        ("neef Mustafa Kaya in Konya, Turkije.", "Turkije"),
    ],
)
def test_a_country_named_in_another_language_after_its_preposition(text, place):
    from privtext.tagging.place_slots import countries_in_other_languages

    got = [text[s.start : s.end] for s in countries_in_other_languages(text, [])]
    assert got == [place]


def test_a_country_inside_a_name_or_without_a_preposition_is_left():
    from privtext.tagging.place_slots import countries_in_other_languages

    for text in ("an account at Banco do Brasil today", "SPC Brasil said", "Italie"):
        assert countries_in_other_languages(text, []) == []


def test_a_letters_dateline_names_its_place_but_a_given_name_there_is_no_place():
    from privtext.tagging.place_slots import dateline_places

    text = "Warszawa, 27 lutego 2025 r.\nZnak sprawy\nMaria, 12 March 2025\nLeeds, the 4th"
    dates = [Span(10, 24, "DATE", 0.8, "date_pattern"), Span(43, 56, "DATE", 0.9, "date_pattern")]
    got = dateline_places(text, dates)
    places = [text[s.start : s.end] for s in got if s.entity_type == "LOCATION"]
    assert places == ["Warszawa"]
    # without a date found on the line, nothing is read as a dateline
    assert dateline_places(text, []) == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Διεύθυνση\nΑθήνα, 12 Μαρτίου 2025\n", "Αθήνα"),
        ("ПРИГОВОР\nг. Астрахань, 14 января 2025 года\n", "Астрахань"),
        ("BSN: 204417228\n\n's-Hertogenbosch, 11 februari 2025\n", "'s-Hertogenbosch"),
    ],
)
def test_datelines_in_greek_cyrillic_and_dutch(text, place):
    from privtext.tagging.place_slots import dateline_places
    from privtext.tagging.recognizers.date import DateRecognizer

    dates = DateRecognizer().analyze(text)
    assert dates, "the date on the line is found"
    got = dateline_places(text, dates)
    assert [text[s.start : s.end] for s in got if s.entity_type == "LOCATION"] == [place]


def test_places_in_a_polish_case_form_after_a_preposition():
    from privtext.tagging.place_slots import polish_places

    text = (
        "Poznał mnie na konferencji w Poznaniu w 2005 roku. Czy muszę jechać do Holandii? "
        "Była w Krakowie Podgórzu. Mam dom na Węgrzech i w Stanach Zjednoczonych."
    )
    got = [text[s.start : s.end] for s in polish_places(text, []) if s.entity_type == "LOCATION"]
    # "w Krakowie Podgórzu": the name goes on, so the case form alone is no whole place
    assert got == ["Poznaniu", "Holandii", "Węgrzech", "Stanach Zjednoczonych"]
    assert polish_places("Krakowie i Poznaniu bez przyimka.", []) == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Place of birth: Dida Harea\nNationality: Kenyan", "Dida Harea"),
        ("Geboortedatum: 20 mei 2007. Geboorteplaats: Shashemene. Moeder: Almaz", "Shashemene"),
        ("| Lugar de nacimiento | Talca |", "Talca"),
        ("Tempat/Tgl. Lahir: Ambon, 12-03-1980", "Ambon"),
        ("\u51fa\u751f\u5730\uff1a\u82a6\u5c4b\u5e02", "\u82a6\u5c4b\u5e02"),
        ("Miejsce urodzenia: Tarnów\nPESEL: 85041209862", "Tarnów"),
    ],
)  # fmt: skip
def test_the_value_of_a_birthplace_field_is_a_place(text, place):
    from privtext.tagging.place_slots import places_in_place_fields

    got = places_in_place_fields(text, [])
    assert [(text[s.start : s.end], s.entity_type) for s in got] == [(place, "LOCATION")]


def test_a_birthplace_field_gives_a_person_guess_way_but_not_unknown_or_an_address():
    from privtext.tagging.place_slots import places_in_place_fields

    text = "Place of birth: Dida Harea"
    guess = [Span(16, 26, "PERSON", 0.85, "gazetteer")]
    assert [(s.entity_type, s.source) for s in places_in_place_fields(text, guess)] == [
        ("LOCATION", "place_slot")
    ]
    # a NER guess on the label itself is dropped
    text = "Wohnort: Tübingen"
    got = places_in_place_fields(text, [Span(0, 7, "PERSON", 0.85, "spacy_ner")])
    assert [(text[s.start : s.end], s.entity_type) for s in got] == [("Tübingen", "LOCATION")]
    assert places_in_place_fields("Place of birth: Unknown", []) == []
    assert places_in_place_fields("Wohnort: Musterstraße 4, 10115 Berlin", []) == []
    # a word in running text is no field
    assert places_in_place_fields("her place of birth was never recorded", []) == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("heard two shots near Bachuma. We found", "Bachuma"),
        ("the window of my car outside Moana Pool last night", "Moana Pool"),
        ("I will fly to Gimhae in May", "Gimhae"),
        ("cancelled our flight to Menorca AGAIN", "Menorca"),
    ],
)  # fmt: skip
def test_a_name_near_or_at_a_journeys_end_is_a_place_even_unlisted(text, place):
    assert (place, "LOCATION") in _run(text)


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("the meeting moved to Thursday 14:00", []),
        ("the appointment was moved to Tue 18 Mar", []),
        ("she sat near Sarah all evening", [("Sarah", "PERSON", "spacy_ner")]),
        ("parked outside Olivia's house", []),
    ],
)  # fmt: skip
def test_near_and_journey_cues_leave_days_persons_and_possessives(text, spans):
    assert not any(e == "LOCATION" for _, e in _run(text, spans))


def test_countries_in_cldr_names_of_other_languages():
    from privtext.tagging.place_slots import countries_in_other_languages

    text = "zij zou naar Ethiopië zijn verhuisd; er lebt jetzt in Äthiopien."
    got = countries_in_other_languages(text, [])
    assert [text[s.start : s.end] for s in got] == ["Ethiopië", "Äthiopien"]


def test_a_listed_place_before_a_turkish_case_ending():
    from privtext.tagging.place_slots import turkish_case_places

    text = "Ankara'da yaşıyorum, İstanbul'a gittim; Bodrum'daki otel. Ahmet'in evi. John's car."
    guess = [Span(0, 22, "PERSON", 0.85, "spacy_ner")]  # NER ran "Ankara'da yaşıyorum" together
    got = turkish_case_places(text, guess)
    assert [text[s.start : s.end] for s in got] == ["Ankara", "İstanbul", "Bodrum"]
    assert all(s.entity_type == "LOCATION" for s in got)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Test centre: Birmingham (Kings Heath), Brandwood House", ["Birmingham (Kings Heath)"]),
        ("Date: 21/01/2025   Test centre: Leeds (Harehills)\nVehicle reg", ["Leeds (Harehills)"]),
        ("Test centre / Ionad tástála: Letterkenny\nDate", ["Letterkenny"]),
        # a birthplace keeps its own value only: the country in brackets is another place
        ("Place of birth: Lyon (France)", ["Lyon"]),
    ],
)
def test_a_driving_test_centre_is_a_place_with_its_district(text, expected):
    from privtext.tagging.place_slots import places_in_place_fields

    got = places_in_place_fields(text, [])
    assert [text[s.start : s.end] for s in got if s.entity_type == "LOCATION"] == expected
