"""Layout, apposition and title cues found on the held-out sets (session of 2026-12-04).

Each case is a general form, not a copy of a held-out sentence: chat and review exports that
put a speaker alone before a time or date, names in apposition to a word for a person, names
listed after a plural word for relatives, police and military ranks, cue words that lower a
score only on their own line, and columns separated by runs of spaces.
"""

from __future__ import annotations

import pytest

from privtext.tagging.base import Span
from privtext.tagging.context import apply_context
from privtext.tagging.recognizers.gazetteer import GazetteerRecognizer
from privtext.tagging.recognizers.organization import OrganizationRecognizer
from privtext.tagging.recognizers.person_cues import PersonCueRecognizer
from privtext.tagging.recognizers.username import UsernameRecognizer
from privtext.tagging.registry import Tagger

CUES = PersonCueRecognizer()
USERS = UsernameRecognizer()
GAZ = GazetteerRecognizer()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("#support\n\nli.wen  8:14 AM\nanyone on call?\n", ["li.wen"]),
        ("bart_99\t11:02\nback online\n", ["bart_99"]),
        ("★★☆☆☆  n0va_x · 2023-11-02\nCrashes on start\n", ["n0va_x"]),
        ("rafa — Today at 9:40 PM\nok\n", ["rafa"]),
    ],
)
def test_a_login_alone_before_a_time_or_date_is_a_username(spans_of, text, expected):
    assert [t for e, t in spans_of(USERS, text) if e == "USERNAME"] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Marisol Quispe  4:51 PM\nSent the report.\n", ["Marisol Quispe"]),
        ("★★★★☆  Tendai M. · 2 June 2024\nFriendly driver\n", ["Tendai M."]),
        ("MINUTES OF MEETING  14/03/2024\n", []),  # a heading in capitals
        ("Court List – 21/05/2024\n", []),  # a dash before a date is a heading, not a speaker
        ("Subject  10:02 AM\n", []),
    ],
)
def test_a_capitalised_speaker_alone_before_a_time_is_a_person(spans_of, text, expected):
    assert [t for _e, t in spans_of(CUES, text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The patient's brother, Tomasz, rang the ward at noon.", ["Tomasz"]),
        ("One volunteer, Kofi Boateng, stayed behind.", ["Kofi Boateng"]),
        ("Her landlord, Mr Ferreira, said no.", ["Ferreira"]),
        ("A local trader, Nkechi, who sells fabric, agreed.", ["Nkechi"]),
        # no determiner: a CV line, where the word after the comma is an employer
        ("2019 - 2021: trainee, Obi Logistics, Lagos", []),
        # an organisation after the comma is not a person
        ("our landlord, Riverside Housing Association, wrote", []),
    ],
)
def test_a_name_in_apposition_to_a_word_for_a_person_is_a_person(spans_of, text, expected):
    assert [t for _e, t in spans_of(CUES, text) if _e == "PERSON"] == expected


def test_names_listed_after_relatives_are_persons_but_bracketed_places_are_not(spans_of):
    text = "He leaves his sons Emeka (Leeds), Chidi and Obinna; grandchildren Ada, Ify and Zik."
    got = [t for _e, t in spans_of(CUES, text)]
    assert got == ["Emeka", "Chidi", "Obinna", "Ada", "Ify", "Zik"]


def test_a_lower_case_name_after_two_cue_words_is_found(spans_of):
    assert [t for _e, t in spans_of(CUES, "ok and ask priya to send it")] == ["priya"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Statement taken by Cpl Ramdass at the scene.", ["Ramdass"]),
        ("Det Insp Farouk Haddad attended.", ["Farouk Haddad"]),
        ("led by Detective Sergeant Aoife Brennan of the unit", ["Aoife Brennan"]),
    ],
)
def test_ranks_are_titles_and_the_name_follows_the_last_of_them(spans_of, text, expected):
    assert [t for e, t in spans_of(GAZ, text, 0.5) if e == "PERSON"] == expected


def test_a_given_name_before_an_institution_head_is_not_a_person(spans_of):
    assert [t for e, t in spans_of(GAZ, "Call Garda Station on Monday.") if e == "PERSON"] == []


def test_a_titled_person_of_an_institution_leaves_the_institution_alone(spans_of):
    text = "by Detective Sergeant Aoife Brennan of Mill Street Garda Station."
    assert spans_of(OrganizationRecognizer(), text) == [
        ("ORGANIZATION", "Mill Street Garda Station")
    ]


def test_a_person_chain_stops_at_a_run_of_spaces(spans_of):
    text = "H1200   O'SHEA, Brendan Patrick  Informant: Const M. Jeyaratnam"
    persons = [t for e, t in spans_of(GAZ, text, 0.5) if e == "PERSON"]
    assert "Brendan Patrick" in persons
    assert not any("Informant" in p for p in persons)


def test_a_cue_that_lowers_a_date_must_be_on_its_line():
    text = "Media Release\nJuly 22nd, 2024\nsoftware release 2024"
    first = Span(14, 29, "DATE", 0.9, "date_pattern")
    second = Span(47, 51, "DATE", 0.9, "date_pattern")
    assert text[first.start : first.end] == "July 22nd, 2024"
    assert text[second.start : second.end] == "2024"
    got = apply_context(text, [first, second])
    assert got[0].score == 0.9
    assert got[1].score < 0.5


def test_ner_entities_stop_at_columns_and_a_title_alone_is_no_person():
    tagger = Tagger.default()
    text = "Angelica Dela Cruz  10:32 PM\nOur chairman Dato' Lim Kok Wah asked me."
    spans = {(text[s.start : s.end], s.entity_type) for s in tagger.tag(text)}
    assert ("Angelica Dela Cruz", "PERSON") in spans
    assert not any("10:32" in w for w, _t in spans)
    assert not any(w.startswith("Dato") for w, _t in spans)


def test_in_chat_register_rare_lower_case_names_are_persons(spans_of):
    chat = (
        "kemi: who has the keys\n"
        "tunde: not me. ask zofia, she locked up\n"
        "kemi: ok and the rose bushes need water\n"
        "tunde: will do\n"
    )
    got = [t for e, t in spans_of(CUES, chat) if e == "PERSON"]
    assert "zofia" in got
    # names that are also common words ("rose", "will") are never taken this way
    assert "rose" not in got and "will" not in got


def test_outside_chat_register_lower_case_words_are_left_alone(spans_of):
    prose = (
        "The committee met on Monday. Members discussed the budget. The file from zofia "
        "was circulated. Everyone agreed."
    )
    assert [t for e, t in spans_of(CUES, prose) if e == "PERSON"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Patient NHI: QRS4471 seen today", ["QRS4471"]),
        ("holder of DNI 44128476-Z since", ["44128476-Z"]),
        ("records show your NRIC as 900101-14-5522.", ["900101-14-5522"]),
        ("NMC PIN: 19K0442P", ["19K0442P"]),
        ("LEARNER REPORT - SY 2023-2024", []),  # a school year
        ("meets ISO 9001-2015 and EUR 2024-A1", []),  # standards and currencies
    ],
)
def test_codes_named_by_an_acronym_are_identifiers(spans_of, text, expected):
    from privtext.tagging.recognizers.reference_number import IdAcronymRecognizer

    assert [t for _e, t in spans_of(IdAcronymRecognizer(), text)] == expected


def test_a_number_found_by_two_case_patterns_keeps_the_stronger_score():
    from privtext.tagging.recognizers.reference_number import CaseNumberRecognizer

    text = "your claim (ref. WKC-2024-551230) is with the insurer"
    spans = CaseNumberRecognizer().analyze(text)
    assert [(text[s.start : s.end], s.score) for s in spans] == [("WKC-2024-551230", 0.85)]


def test_ner_entities_holding_an_identifier_leave_it_to_its_recognizer():
    tagger = Tagger.default()
    # spaCy reads "4471 Rehman" as one person here and "DNI 53128476-K" as an organisation
    text = "Signed: G. Fashola-Hart        Date: 20/11/2023\nStatement taken by: PC 4471 Rehman"
    spans = {(text[s.start : s.end], s.entity_type) for s in tagger.tag(text)}
    assert ("Rehman", "PERSON") in spans
    assert not any(t == "PERSON" and "4471" in w for w, t in spans)
    text = "I am Lucía Ortega, DNI 53128476-K, holder of the contract"
    spans = {(text[s.start : s.end], s.entity_type) for s in tagger.tag(text)}
    assert not any(t == "ORGANIZATION" and "DNI" in w for w, t in spans)
    assert ("53128476-K", "ORGANIZATION") not in spans


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("can we meet on 4/11 to go through it", ["4/11"]),
        ("the office is closed until 21/6", ["21/6"]),
        (
            "Notes\n03.04.24 JT: reviewed, no change\n17.04.24 JT: discharged",
            ["03.04.24", "17.04.24"],
        ),
        ("she got 3/4 of the answers right", []),  # no cue
        ("marked on 3/4 of the items", []),  # a share
        ("pain reduced from 8/10 to 2/10", []),  # a score
        ("release notes: build 2.10.24 shipped", []),  # not at a line start
    ],
)
def test_day_and_month_without_a_year_need_a_cue_or_a_line_start(spans_of, text, expected):
    from privtext.tagging.recognizers.date import DateRecognizer

    assert [t for _e, t in spans_of(DateRecognizer(), text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Send it to House 7, Road 12, Gulshan, please", "House 7, Road 12"),
        ("at Plot 44, Road No. 9, Jubilee Hills", "Plot 44, Road No. 9"),
        ("we visited Blk 12 Lot 3, Purok 2 yesterday", "Blk 12 Lot 3, Purok 2"),
    ],
)
def test_grid_addresses_of_numbered_parts_are_addresses(spans_of, text, expected):
    from privtext.tagging.recognizers.address import StreetAddressRecognizer

    got = [t for e, t in spans_of(StreetAddressRecognizer(), text) if e == "STREET_ADDRESS"]
    assert len(got) == 1 and got[0].startswith(expected)


@pytest.mark.parametrize(
    "text", ["under Section 12, Part 3 of the Act", "see Section 3, Phase 2 of the plan"]
)
def test_numbered_parts_of_a_statute_are_no_address(spans_of, text):
    from privtext.tagging.recognizers.address import StreetAddressRecognizer

    assert spans_of(StreetAddressRecognizer(), text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3. SRI K. RAMESH\nS/O NAGARAJU\nAGED ABOUT 51 YEARS", ["K. RAMESH", "NAGARAJU"]),
        ("Smt. Lakshmi d/o Late Venkatesh, resident of", ["Venkatesh"]),
        ("c/o Bains & Co Solicitors", []),  # care of: often a firm
        ("funds sent to an account in the name of Tan Wei Ming. The bank", ["Tan Wei Ming"]),
        ("Between:\n\nNOMVULA GRACE DLAMINI                Applicant\n", ["NOMVULA GRACE DLAMINI"]),
        ("Between\n\nMD ABUL KALAM\n(ANONYMITY ORDER MADE)\nAppellant\n", ["MD ABUL KALAM"]),
        ("the applicant's eldest child, Thabo, aged 9, attends", ["Thabo"]),
        ("Her lawyer, Jonas Berg of Berg & Partner, said", ["Jonas Berg"]),
    ],
)
def test_kinship_accounts_parties_and_appositions_name_persons(spans_of, text, expected):
    assert [t for e, t in spans_of(CUES, text) if e == "PERSON"] == expected


def test_a_person_then_a_firm_is_no_job_title(spans_of):
    from privtext.tagging.recognizers.job_title import JobTitleRecognizer

    got = [
        t for _e, t in spans_of(JobTitleRecognizer(), "Her lawyer, Jonas Berg of Berg & Partner")
    ]
    assert "Jonas Berg of Berg & Partner" not in got
    got = {t for _e, t in spans_of(JobTitleRecognizer(), "Kerry Dunne, Senior Partner")}
    assert got == {"Senior Partner"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("UNITS ALLOCATED: PC 4471 HOLLIS, PC 2290 NWOSU", ["HOLLIS", "NWOSU"]),
        ("CALLER: MRS AMINA YUSUF  TEL: 0121 496 0000", ["AMINA YUSUF"]),
        ("Allocated worker: Siobhán Ní Bhriain, Social Worker", ["Siobhán Ní Bhriain"]),
        ("Profiles near you\n\nTemi, 31 · Brixton\nLoves jazz", ["Temi"]),
        ('Secretary – Kwame Asante ("KA")', ["KA"]),
        ('Resident: Herbert Lane (prefers "Bert")', ["Herbert Lane", "Bert"]),
        ('Client: Northern Iron Services Pty Ltd ("NISL")', []),
        ("Kelechi, a civil engineer, works in Abuja", ["Kelechi"]),
        ("The courier, Bogdan, left it outside", ["Bogdan"]),
        (
            "12/05/2024, 08:01 - seun: omo see rain\n12/05/2024, 08:03 - seun: e don stop",
            ["seun", "seun"],
        ),
    ],
)
def test_ranks_columns_profiles_nicknames_and_roles_name_persons(spans_of, text, expected):
    assert [t for e, t in spans_of(CUES, text) if e == "PERSON"] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Profiles near you\n\nAmara, 27 · Salford\nNurse by day", ["27"]),
        ("CALLER'S SON DEVON HARRIS, 17, WAS AT HOME", ["17"]),
        ("NEIGHBOUR, APPROX 40 YRS, SEEN LEAVING", ["40 YRS"]),
    ],
)
def test_ages_after_a_profile_name_in_capitals_and_in_shorthand(spans_of, text, expected):
    from privtext.tagging.recognizers.age import AgeRecognizer

    assert [t for _e, t in spans_of(AgeRecognizer(), text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the claimant, a former coach driver based at the depot", ["coach driver"]),
        ("Tama is a forestry worker from Tokoroa", ["forestry worker"]),
        ("their claims assessor repudiated the claim", ["claims assessor"]),
        ("the driver was not hurt", []),  # a bare "driver" is left alone
    ],
)
def test_compound_occupations_are_job_titles(spans_of, text, expected):
    from privtext.tagging.recognizers.job_title import JobTitleRecognizer

    assert [t for _e, t in spans_of(JobTitleRecognizer(), text)] == expected


def test_in_chat_register_lower_case_known_places_are_locations(spans_of):
    chat = "lol ok\nim in auckland till friday\nnice one. reading the rules now\n"
    got = [t for e, t in spans_of(GAZ, chat) if e == "LOCATION"]
    assert got == ["auckland"]  # never "nice" or "reading", places that are also words
    prose = "The Board met in March. The minutes were approved. We moved to auckland later."
    assert [t for e, t in spans_of(GAZ, prose) if e == "LOCATION"] == []


def test_in_chat_register_lower_case_nationalities_are_tagged_but_not_languages(spans_of):
    chat = "lol ok\nare you nigerian?\nhalf lol. my english is bad, i polish shoes\n"
    assert [t for e, t in spans_of(GAZ, chat) if e == "NATIONALITY"] == ["nigerian"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("paid with card 5555 55XX XXXX 4444 on arrival", ["5555 55XX XXXX 4444"]),
        ("card ending XXXX-XXXX-XXXX-1234", ["XXXX-XXXX-XXXX-1234"]),
        ("the years 2021 2022 2023 2024 were hard", []),  # no mask, no card
    ],
)
def test_masked_card_numbers_are_cards(spans_of, text, expected):
    from privtext.tagging.recognizers.payment_card import PaymentCardRecognizer

    assert [t for _e, t in spans_of(PaymentCardRecognizer(), text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Portfolio: ana-lucia.example.org", ["ana-lucia.example.org"]),
        ("my projects are on tomasz-dev.example.net.", ["tomasz-dev.example.net"]),
        ("the site is down again", []),
        ("write to me at ana@example.org", []),
    ],
)
def test_a_bare_domain_called_a_site_is_a_url(spans_of, text, expected):
    from privtext.tagging.recognizers.url import UrlRecognizer

    assert [t for _e, t in spans_of(UrlRecognizer(), text)] == expected


def test_logins_after_reply_from_and_booking_codes_are_identifiers(spans_of):
    from privtext.tagging.recognizers.reference_number import AccountNumberRecognizer

    text = "Reply from ravi_k_2021 (02-04-2024): same here"
    assert [t for _e, t in spans_of(USERS, text)] == ["ravi_k_2021"]
    text = "Complaint about booking ZT4K9Q and reservation code: 8MPL2X"
    assert [t for _e, t in spans_of(AccountNumberRecognizer(), text)] == ["ZT4K9Q", "8MPL2X"]


def test_a_two_word_lower_case_nick_opening_chat_lines_is_a_username(spans_of):
    chat = "kojo: who has the bibs\nlil dee: not me\nkojo: ok\nlil dee: ask ref\n"
    assert [t for _e, t in spans_of(USERS, chat)] == ["kojo", "lil dee", "kojo", "lil dee"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("14:04 Priyanka (Disputes): Hi there, how can I help?\n", "Priyanka"),
        ("9:15 am Tomasz: running late\n", "Tomasz"),
        ("1/2/2024, 10:00 - Admin Bongani: Reminder, no adverts here\n", "Bongani"),
    ],
)
def test_a_chat_speaker_after_a_bare_time_or_before_a_team_in_brackets_is_a_person(
    spans_of, text, name
):
    assert ("PERSON", name) in spans_of(CUES, text)


def test_a_time_before_a_line_in_capitals_makes_no_speaker(spans_of):
    text = "22:41 CALL RECEIVED. CALLER: MRS AKHTAR\n"
    assert not [t for e, t in spans_of(CUES, text) if "CALL" in t]


def test_in_a_chat_a_tagged_name_that_is_no_english_word_is_found_in_lower_case_too():
    text = (
        "Siosaia Taufa: hi all, new here\n"
        "wayne: welcome siosaia! yeah report it\n"
        "kim: same thing happened to us, will you report it\n"
        "siosaia: thanks heaps\n"
    )
    got = [(text[s.start : s.end], s.entity_type) for s in Tagger.default().tag(text)]
    assert got.count(("siosaia", "PERSON")) == 2
    assert ("will", "PERSON") not in got  # a word stays a word


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Well done all. Tope moved here from Lagos in 2019.", "Tope"),
        ("Declined ambulance. Blessing cleaned and dressed the wound.", "Blessing"),
    ],
)
def test_an_unknown_capitalised_word_doing_what_people_do_is_a_person(spans_of, text, name):
    assert ("PERSON", name) in spans_of(CUES, text)


@pytest.mark.parametrize("text", ["Officers arrived at 9pm.", "Police came later.", "Car went."])
def test_crowds_and_things_that_arrive_or_move_are_not_persons(spans_of, text):
    assert [t for e, t in spans_of(CUES, text) if e == "PERSON"] == []


def test_a_whatsapp_export_with_stamps_is_chat_register_and_kin_contacts_are_no_names(spans_of):
    from privtext.tagging.register import chat_register

    chat = (
        "03/02/24, 20:18 - Deji: is uncle femi coming from lagos\n"
        "03/02/24, 20:20 - Mummy: Yes he lands on sunday\n"
        "03/02/24, 20:22 - Ellie \U0001f33b: ok cool\n"
        "03/02/24, 20:23 - Deji: nice\n"
    )
    assert chat_register(chat)
    assert not chat_register("Dear Sir,\nI write to you. The meeting at 10:30 was fine. Regards.")
    assert "lagos" in [t for e, t in spans_of(GAZ, chat) if e == "LOCATION"]
    persons = [t for e, t in spans_of(CUES, chat) if e == "PERSON"]
    assert "Deji" in persons and "Mummy" not in persons
