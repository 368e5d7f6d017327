"""Gazetteer recognizer: names, places, organisations, nationalities from word lists."""

import pytest

from privtext.tagging.recognizers.gazetteer import GazetteerRecognizer, load_gazetteer

R = GazetteerRecognizer()
THRESHOLD = 0.5


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Maria Garcia moved.", [("PERSON", "Maria Garcia")]),
        ("Dear Mr. John Smith,", [("PERSON", "John Smith")]),
        ("Ask Dr Kowalski", [("PERSON", "Kowalski")]),
        ("Prof. Zyxwq arrived", [("PERSON", "Zyxwq")]),
        ("Anna Kowalczyk from Poland", [("PERSON", "Anna Kowalczyk"), ("LOCATION", "Poland")]),
        ("Pieter de Vries said", [("PERSON", "Pieter de Vries")]),
        ("Olivia Qzzwert called", [("PERSON", "Olivia Qzzwert")]),
        ("John Fitzgerald Kennedy", [("PERSON", "John Fitzgerald Kennedy")]),
        ("May Johnson arrived", [("PERSON", "May Johnson")]),
        ("Charles Darwin sailed", [("PERSON", "Charles Darwin")]),
        ("Priya's book", [("PERSON", "Priya")]),
    ],
)
def test_when_names_appear_then_person_spans_cover_the_full_name(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("She moved to New York.", [("LOCATION", "New York")]),
        (
            "from São Paulo to Rio de Janeiro",
            [("LOCATION", "São Paulo"), ("LOCATION", "Rio de Janeiro")],
        ),
        ("in The Hague", [("LOCATION", "The Hague")]),
        ("works at Acme Inc in Berlin", [("ORGANIZATION", "Acme Inc"), ("LOCATION", "Berlin")]),
        ("Globex Holdings GmbH", [("ORGANIZATION", "Globex Holdings GmbH")]),
        ("the University of Oslo", [("ORGANIZATION", "University of Oslo")]),
        ("joined Goldman Sachs last year", [("ORGANIZATION", "Goldman Sachs")]),
        ("Bank of America and IBM", [("ORGANIZATION", "Bank of America"), ("ORGANIZATION", "IBM")]),
        ("a French chef and two Germans", [("NATIONALITY", "French"), ("NATIONALITY", "Germans")]),
        ("the South African team", [("NATIONALITY", "South African")]),
    ],
)
def test_when_places_orgs_or_nationalities_appear_then_they_are_tagged(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "The meeting is on 5 May 2024.",
        "you may go now",
        "May I help you?",
        "Will you come?",
        "we will call john smith later",  # lower case is never a name
        "JOHN SMITH IN CAPS",
        "The Company said",
        "In April we met.",
        "a new york minute",
    ],
)
def test_when_words_are_not_entities_then_nothing_is_tagged(text, spans_of):
    assert spans_of(R, text, THRESHOLD) == []


def test_when_may_is_a_month_or_a_name_then_only_the_name_is_tagged(spans_of):
    text = "In May we met May Johnson."
    assert spans_of(R, text, THRESHOLD) == [("PERSON", "May Johnson")]


def test_when_a_given_name_is_also_a_place_then_a_surname_decides(spans_of):
    assert spans_of(R, "Jordan Peterson spoke", THRESHOLD) == [("PERSON", "Jordan Peterson")]
    assert spans_of(R, "I flew to Jordan.", THRESHOLD) == [("LOCATION", "Jordan")]
    assert spans_of(R, "Sydney Opera House", THRESHOLD) == [("LOCATION", "Sydney")]


def test_when_a_surname_stands_alone_then_it_scores_below_the_threshold():
    spans = R.analyze("Kowalski said hello.")
    assert [s.score < THRESHOLD for s in spans] == [True]


def test_when_punctuation_separates_words_then_names_are_not_merged(spans_of):
    assert spans_of(R, "John, Smith and Maria.", THRESHOLD) == [
        ("PERSON", "John"),
        ("PERSON", "Maria"),
    ]


def test_word_lists_have_a_few_hundred_entries_each():
    gaz = load_gazetteer()
    assert len(gaz.given) >= 300 and len(gaz.surnames) >= 300
    types = [t for entries in gaz.phrases.values() for _p, t, _s in entries]
    assert types.count("LOCATION") >= 300
    assert types.count("ORGANIZATION") >= 200
    assert types.count("NATIONALITY") >= 100


def test_when_a_custom_data_dir_is_given_then_its_lists_are_used(tmp_path, spans_of):
    for name in (
        "surnames",
        "cities",
        "countries",
        "organizations",
        "nationalities",
        "org_suffixes",
        "org_prefixes",
    ):
        (tmp_path / f"{name}.txt").write_text("# empty\n", encoding="utf-8")
    (tmp_path / "first_names.txt").write_text("Zorblax\n", encoding="utf-8")
    rec = GazetteerRecognizer(data_dir=str(tmp_path))
    assert spans_of(rec, "Zorblax met Maria in London", THRESHOLD) == [("PERSON", "Zorblax")]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The CV of Nguyễn Thị Hồng arrived.", "Nguyễn Thị Hồng"),
        ("Kovács László said no.", "Kovács László"),
    ],
)
def test_family_name_first_is_one_person(spans_of, text, name):
    from privtext.tagging.recognizers.gazetteer import GazetteerRecognizer

    assert ("PERSON", name) in spans_of(GazetteerRecognizer(), text, 0.5)


# ---- towns from GeoNames (privtext/data/places.txt) ----------------------------------------


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("The ferry from Oban was cancelled.", "Oban"),
        ("He moved to Kitgum last year.", "Kitgum"),
        ("Site visit: Merthyr Tydfil depot", "Merthyr Tydfil"),
    ],
)
def test_a_town_of_the_geonames_list_is_a_location(text, town):
    spans = GazetteerRecognizer().analyze(text)
    assert [(text[s.start : s.end], s.entity_type) for s in spans] == [(town, "LOCATION")]
    assert spans[0].score < GazetteerRecognizer().analyze("in London")[0].score


def test_towns_named_like_common_words_or_people_are_not_in_the_list():
    from importlib import resources

    places = set(resources.files("privtext").joinpath("data", "places.txt").read_text().split("\n"))
    assert {"Oban", "Kitgum", "Peterhead"} <= places
    assert not {"Reading", "Mobile", "Bath", "Florence", "Jackson", "Mount Pleasant"} & places


def test_geonames_towns_are_not_known_tokens_and_the_list_is_optional_in_a_data_dir(tmp_path):
    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    assert "Oban" not in load_gazetteer(None).known_tokens  # never blocks a person's name
    for name in ("first_names", "surnames", "countries", "cities", "organizations",
                 "nationalities", "org_suffixes", "org_prefixes"):  # fmt: skip
        (tmp_path / f"{name}.txt").write_text("London\n" if name == "cities" else "", "utf-8")
    gaz = load_gazetteer(str(tmp_path))  # no places.txt: read as empty
    assert "Oban" not in {p for v in gaz.phrases.values() for p, _, _ in v}


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("Most traders here are Igbo and speak Yoruba too.", "Igbo"),
        ("The applicant is of Quechua descent.", "Quechua"),
        ("referral to a kaupapa Māori service", "Māori"),
        ("abuse about her being Muslim", "Muslim"),
    ],
)
def test_ethnic_and_religious_groups_are_nationalities(text, group):
    spans = GazetteerRecognizer().analyze(text)
    assert (group, "NATIONALITY") in [(text[s.start : s.end], s.entity_type) for s in spans]


def test_known_organisations_take_the_capitalised_words_after_them_but_not_labels():
    from privtext.tagging.recognizers.gazetteer import GazetteerRecognizer

    g = GazetteerRecognizer()
    text = (
        "I went to Tesco Extra and then to the FIA Cyber Crime Wing. NMC PIN: 21J0553O. "
        "Paid with Barclays on Monday. Mr Alasdair Grant called Boots."
    )
    got = [(text[s.start : s.end], s.entity_type) for s in g.analyze(text)]
    assert ("Tesco Extra", "ORGANIZATION") in got
    assert ("FIA Cyber Crime Wing", "ORGANIZATION") in got
    assert ("Barclays", "ORGANIZATION") in got and ("Boots", "ORGANIZATION") in got
    assert ("Alasdair Grant", "PERSON") in got  # "Grant" of "Grant Thornton" does not stop it
    assert not any(s == "NMC" for s, _ in got)


def test_a_known_brand_in_lower_case_in_a_chat_is_an_organisation(spans_of):
    text = "lol i paid on paypal. the evri driver never came. amazon is cheaper tho. ok see u later"
    got = spans_of(R, text)
    assert ("ORGANIZATION", "paypal") in got and ("ORGANIZATION", "evri") in got
    assert ("ORGANIZATION", "amazon") not in got  # also a frequent English word


def test_a_brand_in_lower_case_outside_a_chat_is_left_alone(spans_of):
    text = (
        "The applicant stated that the payment had been made through paypal, and the Court "
        "notes that the relevant records were produced in the proceedings."
    )
    assert ("ORGANIZATION", "paypal") not in spans_of(R, text)


def test_west_african_peoples_are_groups_not_persons():
    from privtext.tagging.recognizers.gazetteer import GazetteerRecognizer

    text = "She speaks Wolof and Serer; her colleague is Burkinabè."
    got = {(text[s.start : s.end], s.entity_type) for s in GazetteerRecognizer().analyze(text)}
    assert {("Wolof", "NATIONALITY"), ("Serer", "NATIONALITY"), ("Burkinabè", "NATIONALITY")} <= got


def test_a_surname_after_an_employment_judges_title_is_a_person():
    from privtext.tagging.registry import Tagger

    text = "2      10:00   2207731/2023   Quickbite Couriers Ltd   EJ Okafor      Preliminary"
    got = {(text[s.start : s.end], s.entity_type) for s in Tagger.default().tag(text)}
    assert ("Okafor", "PERSON") in got and ("EJ", "PERSON") not in got


def test_a_titled_name_before_a_street_word_is_no_person():
    from privtext.tagging.recognizers.gazetteer import GazetteerRecognizer

    text = "of 12 Lady Musgrave Road, Kingston 10, Jamaica"
    got = [text[s.start : s.end] for s in GazetteerRecognizer().analyze(text)
           if s.entity_type == "PERSON"]  # fmt: skip
    assert "Musgrave" not in got
    text = "I met Lady Musgrave yesterday."
    assert "Musgrave" in [text[s.start : s.end] for s in GazetteerRecognizer().analyze(text)]


def test_regulators_police_forces_and_research_firms_are_organisations(spans_of):
    text = "Report filed with FINTRAC; the Politie took him; monitor from IQVIA; notified the CNIL."
    got = spans_of(R, text, 0.5)
    for org in ("FINTRAC", "Politie", "IQVIA", "CNIL"):
        assert ("ORGANIZATION", org) in got
    text = "Cafcass is asked to report; a tutor on Upwork; help from Combat Stress."
    got = spans_of(R, text, 0.5)
    for org in ("Cafcass", "Upwork", "Combat Stress"):
        assert ("ORGANIZATION", org) in got
