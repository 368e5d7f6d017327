"""PERSON from surrounding cues: forms, letters, initials, chat roles, lower-case names."""

import pytest

from privtext.tagging.recognizers.person_cues import PersonCueRecognizer

R = PersonCueRecognizer()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Surname: KARADAĞ   First name: ZEYNEP\nDate", ["KARADAĞ", "ZEYNEP"]),
        ("Patient: LEFEBVRE, Camille   Sex: F", ["LEFEBVRE, Camille"]),
        ("Landlord: Harjit Singh Dhillon of 22 Oakfield Avenue", ["Harjit Singh Dhillon"]),
        ("Caller: Mr A. Nowak, customer no. PL-7781203", ["A. Nowak"]),
        ("Dear Ms Ekinci,\nThank you", ["Ekinci"]),
        ("Hi Chloe!\nWelcome", ["Chloe"]),
        ("Best wishes,\nOlu", ["Olu"]),
        ("represented by Mr J.L. Mazón Costa, a lawyer", ["J.L. Mazón Costa"]),
        ("Mevrouw E.J.M. van der Berg-Smit\nOudegracht", ["E.J.M. van der Berg-Smit"]),
        ("a statement by Mrs Kh. Musayeva, who", ["Kh. Musayeva"]),
        ("Two suspects, L.G. and D.K., both minors", ["L.G.", "D.K."]),
        ("from L.'s father, Mr T.S., in 2008", ["T.S."]),
        ("Agent Priyanka: Good afternoon", ["Priyanka"]),
        ("15/02/2025 20:03 Ate Joy: guys si nanay nag-text", ["Joy"]),
        ('to an account in the name of "R INCE" at Monzo', ["R INCE"]),
        ("Jan 14, 2025 8:02 PM  Tita Baby: Guys, si Lola", ["Baby"]),
        ("Jan 14, 2025 8:12 PM  bea: I can do 10k", ["bea"]),
        ("NAKATO ROSE KIGGUNDU :::::::::::::::::: PLAINTIFF\nVERSUS", ["NAKATO ROSE KIGGUNDU"]),
        ("GRACE WANJIRU MAINA ......... 1ST DEFENDANT\n", ["GRACE WANJIRU MAINA"]),
        ("she bought the land from the late Erisa Mukasa on 14th August", ["Erisa Mukasa"]),
        ("Namaste Sofia! Your trek is confirmed", ["Sofia"]),
        ("Hi, good morning, it's Shalini from Pacific Pharmaceuticals", ["Shalini"]),
        ("[10:06] Marco (agent): Could be!", ["Marco"]),
        ('a man he knew only as "Gaz" had hit him', ["Gaz"]),
        ("PAPADOPOULOS, Eleni (née Georgiou)", ["PAPADOPOULOS, Eleni", "Georgiou"]),
        ("hey rosa,\n\nsorry i missed", ["rosa"]),
        ("massive thanks to dave at the driving school", ["dave"]),
        ("i can take the van if rosa lets me lol", ["rosa"]),
        ("legend. garys number is 07946 003218", ["gary"]),
        ("23/03/25 07:30 (nights, SC)\nSettled night.", ["SC"]),
        ("15.02.25 JK - Vomiting x5 since last night", ["JK"]),
        ("03/10/2024  SK\nc/o sensitivity LR6 on cold", ["SK"]),
        ("17/10/2024  SK / AD\nLR6 DO composite", ["SK", "AD"]),
        ("20/01/2025  AD (phone)\nrang re swelling", ["AD"]),
        ("21/01/2025  UK\nTravel booked", []),
        ("Analyst note (RB): user confirmed", ["RB"]),
        ("Pharmacist to be called for check. - KS\nnext", ["KS"]),
        ("03/03/2025 FTA - text reminder sent", []),
        ("our GP dr shah at Elm Tree Surgery can confirm", ["shah"]),
        ("i use ms word at work", []),
        ("Hi Mr Hussain it's Jade from flat 2. The boiler", ["Jade"]),
        ("It's Monday here. this is Great.", []),
        ("ring the boiler company, ask for greg", ["greg"]),
        ("re the flat - javi says the landlord", ["javi"]),
        ("maybe my neighbour joana?", ["joana"]),
        ("hiya its her daughter zara, can i pick it up", ["zara"]),
        ("Dependants: wife Farzana (31); children Mursal (9)", ["Farzana", "Mursal"]),
        ("great-grandchild Fiadh, sister Bríd, nieces", ["Fiadh", "Bríd"]),
        ("daughters-in-law Mags and Chen", ["Mags"]),
        ("a lovely lady called Mei from the shop", ["Mei"]),
        # court lists: SURNAME, Given inside a line (after a case number, "v", a field)
        ("H11987402   NGUYEN, Thanh Binh       Informant", ["NGUYEN, Thanh Binh"]),
        ("F10392218   ABBOTT, Lee v ABBOTT, Kerry-Ann\n", ["ABBOTT, Lee", "ABBOTT, Kerry-Ann"]),
        ("2400118240  DA SILVA, Marcelo  (41)  No fixed abode", ["DA SILVA, Marcelo"]),
        # parties anonymised by initials
        ("1. The appellant, MA, is a citizen of Pakistan", ["MA"]),
        ("the claimant (R.B.) said that", ["R.B."]),
        ("Record No: IPAT/0417/22\nAppellant: C.O.\nTribunal", ["C.O."]),
        ("Subject no.: 114-0027   Initials: R.M.A.   Sex: M", ["R.M.A."]),
        ("Between\nMHK\n(ANONYMITY DIRECTION MADE)\nAppellant\nand", ["MHK"]),
    ],
)
def test_persons_are_found_from_their_surroundings(spans_of, text, expected):
    assert sorted({t for _e, t in spans_of(R, text)}) == sorted(expected)


@pytest.mark.parametrize(
    "text",
    [
        "Dear Sir or Madam,\nI write",
        "Dear Sirs,\nHallmark Renovations",
        "Dear Hiring Manager,",
        "A. Background to the case",
        "B. Relevant domestic law and practice",
        "the U.S. Army withdrew",
        "St. Louis is nice",
        "see No. 5 on the list",
        "hey there, and will you come?",
        "the rose garden and the mark",
        "Name: \nDate: 12 May",
        "the sister company Acme Holdings",
        "a man called Monday about it",
        "his son Will be there",
        "PLEASE NOTE, Grace periods apply",  # an upper-case sentence, not SURNAME, Given
        "THE FLAT, Hope Street",
        "the appellant, who is 34,",
    ],
)
def test_non_persons_are_not_tagged(spans_of, text):
    assert spans_of(R, text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "ELENA VASQUEZ-MORENO\nCalle de Embajadores 112\n+34 655 210 874",
            ["ELENA VASQUEZ-MORENO"],
        ),
        ("Kwame Asante\nkwame@example.org | github", ["Kwame Asante"]),
        ("THE FACTS\n1. The applicant, tel +44 20 7946 0958", []),
    ],
)
def test_a_name_heading_a_cv_or_letter_is_found(spans_of, text, expected):
    assert [t for _e, t in spans_of(R, text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('The suspects, Chukwudi "Small" Nnamdi (31)', ['Chukwudi "Small" Nnamdi']),
        ("to wind. Morag is phoning the passengers", ["Morag"]),
        ("Delivery boy Raju called from the gate", ["Raju"]),
        ("The Court said that", []),
        ("The applicant said", []),
        ("London said no", []),
    ],
)
def test_names_with_quoted_nicknames_and_unknown_names_doing_what_people_do(
    spans_of, text, expected
):
    assert [t for _e, t in spans_of(R, text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("thanks kerry. im jess btw lol", ["kerry", "jess"]),
        ("also landlord (gary) says the boiler man is coming", ["gary"]),
        ("is uncle femi coming from lagos", ["femi"]),
        ("Flying Blue no.: 2094771583\nAgent: SRW\n\n----", ["SRW"]),
        ("VM left. PK\n13/03 16:40 - Spoke to her. PK\n", ["PK", "PK"]),
        ("Visit rearranged to 15:00. – LA", ["LA"]),
    ],
)
def test_chat_names_agents_initials_and_sign_offs(spans_of, text, expected):
    assert sorted(t for _e, t in spans_of(R, text)) == sorted(expected)


@pytest.mark.parametrize(
    "text",
    [
        "im fine thanks, this is great",
        "We met in the UK. OK\nAll good.",
        "The call ended. PK\nNothing else.",  # one unsigned pair of capitals is not a signature
    ],
)
def test_no_names_in_plain_phrases_and_single_capitals(spans_of, text):
    assert spans_of(R, text) == []


def test_families_capitalised_surnames_shared_surnames_and_local_nicknames():
    from privtext.tagging.recognizers.person_cues import PersonCueRecognizer

    r = PersonCueRecognizer()
    r.load()
    text = (
        "Grandparents Bola and Femi Adebisi of Lagos. The iftar is sponsored by the Rahman and "
        'Haque families. Suspect identified as Dean TAPLOW, 34. Known locally as "Tapsy". '
        "We phoned the NHS and the BBC."
    )
    got = {text[s.start : s.end] for s in r.analyze(text)}
    assert {"Bola", "Rahman", "Haque", "Dean TAPLOW", "Tapsy"} <= got
    assert not {"NHS", "BBC"} & got


def test_a_greeting_to_a_team_names_an_organisation(spans_of):
    text = "Subject: Booking\n\nDear Meridian Travel team,\n\nPlease book"
    assert spans_of(R, text) == [("ORGANIZATION", "Meridian Travel")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Versicherungsnehmer: Jan-Philipp Kowalczyk\nAnschrift:", "Jan-Philipp Kowalczyk"),
        ("Gestionnaire: Marc Dubois\n", "Marc Dubois"),
        ("Paciente: Lucía Fernández Gil\n", "Lucía Fernández Gil"),
        ("Huurder: Sanne de Vries\n", "Sanne de Vries"),
        ("2. Bridegroom: محمد عمران اسلم / Muhammad Imran Aslam", "محمد عمران اسلم"),
        ("8. Nikah performed by: محمد یوسف / Qari Muhammad Yousaf", "محمد یوسف"),
        ("Witness: נועה רוזנפלד\n", "נועה רוזנפלד"),
        ("名義\u3000グエン ヴァン ホアン\n振込先", "グエン ヴァン ホアン"),
        ("氏名\u3000佐々木 恵美子（62歳）", "佐々木 恵美子"),
        ("報告者：山口恵美（日本語教育センター）", "山口恵美"),
    ],
)
def test_person_fields_of_other_languages(text, expected, spans_of):
    assert ("PERSON", expected) in spans_of(R, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The complaint\nMr B complains that his bank", ["B"]),
        ("when his son, Mr J B, found the photos", ["J B"]),
        ("Mrs D's complaint about the bank", ["D"]),
    ],
)
def test_a_person_anonymised_to_an_initial_after_a_title(text, expected, spans_of):
    assert [t for e, t in spans_of(R, text) if e == "PERSON"] == expected


def test_an_initial_before_a_surname_is_left_to_the_name_rules(spans_of):
    # "Mr T Pugh": not the initial alone; "Dr." without a letter after it: nothing
    assert ("PERSON", "T") not in spans_of(R, "the respondent by Mr T Pugh, solicitor.")
    assert ("PERSON", "J") not in spans_of(R, "Mr J. Smith said")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("he said his name was Jordan. I would describe him", "Jordan"),
        ("MBEKI, Nomvula (also known as Grace Mbeki-Harrison), late of", "Grace Mbeki-Harrison"),
        ("a man called Dario approached the till", "Dario"),
        ("Please tell Nasreen I will visit on Sunday", "Nasreen"),
        ("can someone ring dr mirza's surgery on monday", "mirza"),
    ],
)
def test_names_after_naming_phrases_and_person_verbs(text, expected, spans_of):
    assert ("PERSON", expected) in spans_of(R, text)


def test_initials_in_an_attendee_list_are_persons_even_when_they_spell_a_time():
    text = "Present: GR, CP, AM. GR accompanied by Steve Donnelly (Unite)\nApologies: HR, JT"
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    assert {"GR", "CP", "AM", "JT"} <= set(got)
    assert "HR" not in got


@pytest.mark.parametrize(
    "text", ["Call Dublin office today", "ask Will about it", "Attending: Jordan Blake, MD"]
)
def test_person_verbs_need_a_known_given_name_and_attending_is_no_list(text, spans_of):
    assert ("PERSON", "Dublin") not in spans_of(R, text)
    assert ("PERSON", "Will") not in spans_of(R, text)
    assert ("PERSON", "MD") not in spans_of(R, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Discharge planned. Partner Aroha to collect him.", "Aroha"),
        ("he was beaten by Lieutenant P. and Sergeant D., in order to", "P."),
        ("Guest 2: Mrs PARK Ji-yeon     Passport: M73920184", "PARK Ji-yeon"),
        ('next of kin Cornelius "Con" O\'Driscoll, 82, was seen', 'Cornelius "Con" O\'Driscoll'),
    ],
)
def test_capitalised_kin_word_rank_initial_caps_family_and_quoted_nickname(text, expected):
    from privtext.tagging.recognizers.person_cues import PersonCueRecognizer

    got = [text[s.start : s.end] for s in PersonCueRecognizer().analyze(text)]
    assert expected in got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Пациент: Сейткалиева Айгерим Болатовна, 1979 г.р.", "Сейткалиева Айгерим Болатовна"),
        (
            "сын пациентки, Ержан Бакытович Сейткалиев, по доверенности",
            "Ержан Бакытович Сейткалиев",
        ),
        ("Passenger 1: ELTAYEB/HASSAN OSMAN MR · Nationality", "ELTAYEB/HASSAN OSMAN"),
        # Ukrainian letters (і, ї, є) and a Ukrainian patronymic
        ("Оксана: Мельник Андрій Петрович, 22.06.1987 р.н.", "Мельник Андрій Петрович"),
        ("ФОП Савчук Ігор Васильович, IBAN", "Савчук Ігор Васильович"),
        ("заявниця Коваль Наталія Андріївна, 1990 р.н.", "Коваль Наталія Андріївна"),
    ],
)
def test_russian_names_with_a_patronymic_and_airline_passenger_names(text, expected):
    from privtext.tagging.recognizers.person_cues import PersonCueRecognizer

    got = [text[s.start : s.end] for s in PersonCueRecognizer().analyze(text)]
    assert expected in got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Date of judgment: 27/02/2025\nA. R. Kisanga, Chairperson\n", "A. R. Kisanga"),
        ("and alleges that officer A.M. kicked him", "A.M."),
        ("une immense joie que les familles Lapointe et Bélanger annoncent", "Bélanger"),
    ],
)
def test_two_initials_opening_a_line_lower_case_ranks_and_families_in_french(text, expected):
    from privtext.tagging.recognizers.person_cues import PersonCueRecognizer

    got = [text[s.start : s.end] for s in PersonCueRecognizer().analyze(text)]
    assert expected in got


def test_a_lettered_heading_is_still_no_person():
    from privtext.tagging.recognizers.person_cues import PersonCueRecognizer

    assert PersonCueRecognizer().analyze("A. Background to the case\nB. Relevant law") == []


def test_a_name_in_capitals_with_its_age_in_brackets_and_a_place_after_a_signature():
    from privtext.tagging.recognizers.person_cues import PersonCueRecognizer

    r = PersonCueRecognizer()
    text = "3. 24/112976 IONUȚ-CRISTIAN STAN (41), Romanian national"
    assert "IONUȚ-CRISTIAN STAN" in [text[s.start : s.end] for s in r.analyze(text)]
    text = "Signed: A. D. Ndiaye, Dakar, 28 February 2025"
    assert {text[s.start : s.end] for s in r.analyze(text)} == {"A. D. Ndiaye"}


@pytest.mark.parametrize(
    ("text", "expected", "not_expected"),
    [
        # an entry signed after its time stamp and a dash, a second author, a role in capitals
        ("14/01/2025 16:30 \u2013 JRW / KL (RVN)\nEx-lap.", {"JRW", "KL"}, {"RVN"}),
        ("15/01/2025 09:00 \u2013 Sofia B. (RVN)\nBright.", {"Sofia B."}, set()),
        ("Notes from supporter care (MJ, 02/12/2024):\nDonor phoned.", {"MJ"}, set()),
        # minutes' action items, initials with an accent and "OK" as someone's initials
        (
            "Actions: DF \u2013 reserves transfer. \u00c1NB \u2013 trustee recruitment.",
            {"DF", "\u00c1NB"},
            set(),
        ),
        ("Action: OK to inform the student by 1 August.", {"OK"}, set()),
        ("Action: ALL to review the policy.", set(), {"ALL"}),
        # outside an action line, "OK to" is no one
        ("OK to proceed with the refund.", set(), {"OK"}),
    ],
)
def test_note_authors_and_action_initials(text, expected, not_expected):
    got = {text[s.start : s.end] for s in PersonCueRecognizer().analyze(text)}
    assert expected <= got
    assert not (not_expected & got)


@pytest.mark.parametrize(
    ("text", "expected", "not_expected"),
    [
        ("kapitan reyes said 38 families still need help", {"reyes"}, {"kapitan"}),
        ("can doc mike check them?", {"mike"}, set()),
        ("[06:33] Lorna B.: noted. kat pls text me the list", {"kat"}, set()),
        ("02-03-2024 21:05:\nshruti ur phone is off since evening??", {"shruti"}, set()),
        # kinship words written in lower case are no names, even when a name is spelled so
        ("[06:22] Jomar: lola Cabrera has fever. amma trying to call", set(), {"lola", "amma"}),
        # a lower-case word before "please" that is no given name
        ("[10:01] Sam: noted. boss pls check", set(), {"boss"}),
    ],
)
def test_lower_case_names_after_chat_honorifics_and_spoken_to(text, expected, not_expected):
    got = {text[s.start : s.end] for s in PersonCueRecognizer().analyze(text)}
    assert expected <= got
    assert not (not_expected & got)


def test_a_mobile_money_payee_in_capitals_before_the_number():
    r = PersonCueRecognizer()
    text = "SE34LPQ9XK Confirmed. Ksh4,300.00 sent to KIPROP ERIC 0721448610 on 3/5/24"
    assert "KIPROP ERIC" in {text[s.start : s.end] for s in r.analyze(text)}
    text = "Ksh200.00 sent to KENYA POWER 888880 for account 12345"
    assert not any(s.entity_type == "PERSON" for s in r.analyze(text))


def test_a_two_word_brand_in_camel_case_after_a_field_is_no_person_but_a_mac_name_is():
    r = PersonCueRecognizer()
    text = "Prepared by: ClearView Inventories\nInspection ref: 1"
    assert not any(s.entity_type == "PERSON" for s in r.analyze(text))
    text = "Prepared by: Ruairi MacLeod\nInspection ref: 1"
    assert "Ruairi MacLeod" in {text[s.start : s.end] for s in r.analyze(text)}


@pytest.mark.parametrize(
    ("text", "expected", "not_expected"),
    [
        (
            "Checked by RS (ACT), clinically screened by HK (pharmacist). Approved by HR.",
            {"RS", "HK"},
            {"HR"},
        ),
        ("DOB as recorded by HO; client disagrees", set(), {"HO"}),
        ("27/11/2023 DM: Customer's husband rang.", {"DM"}, set()),
        ("11/03/2025, 08:18 - Mo removed +44 7481 220 943", {"Mo"}, set()),
        ("\u2014 Kerry-Ann joined the chat \u2014", {"Kerry-Ann"}, set()),
        ("Kerry-Ann: Hi Brian\nBrian Ssempala: hi\nKerry-Ann: Thanks", {"Kerry-Ann"}, set()),
        ("ESTATE OF AROHA NGAIRE WALKER (deceased)", {"AROHA NGAIRE WALKER"}, set()),
        (
            "SIGNED by the said WINSTON DELROY CAMPBELL as his last Will",
            {"WINSTON DELROY CAMPBELL"},
            set(),
        ),
        ("the estate of the late Mary Ann Jones", {"Mary Ann Jones"}, set()),
    ],
)
def test_initials_after_a_check_chat_events_and_the_person_of_an_estate(
    text, expected, not_expected
):
    got = {text[s.start : s.end] for s in PersonCueRecognizer().analyze(text)}
    assert expected <= got
    assert not (not_expected & got)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Known as: Mama Jo\nDate of birth: 12.06.1951", "Mama Jo"),
        ("Preferred name / pronouns: Mari (she/her)", "Mari"),
        ("Commonly used forenames (if any): Hoda\n", "Hoda"),
        ("subscribers checked against register by KH (Electoral Services Officer).", "KH"),
    ],
)
def test_the_name_a_person_goes_by_and_initials_after_a_longer_check(text, expected):
    assert expected in {text[s.start : s.end] for s in PersonCueRecognizer().analyze(text)}


def test_a_speaker_after_a_bare_time_and_a_maiden_name_in_brackets():
    text = "Monday\n7:41 pm - Mere T\u016bhoe: Kia ora\n7:46 pm - Mere T\u016bhoe: thanks\n"
    assert "Mere T\u016bhoe" in {text[s.start : s.end] for s in PersonCueRecognizer().analyze(text)}
    text = "Applicant 2: Abena Mensah (n\u00e9e Owusu), born 3 February 1982"
    assert "Owusu" in {text[s.start : s.end] for s in PersonCueRecognizer().analyze(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dependants: Sofia (4) and Rory (18 months). Remaining", ["Sofia", "Rory"]),
        ("Children: Elis (6), Mali (3)\nSection 3", ["Elis", "Mali"]),
        ("Session 9\n\nJordan (29) arrived 10 minutes late", ["Jordan"]),
    ],
)
def test_a_name_with_an_age_in_brackets_is_a_person(text, expected):
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    assert got == expected


@pytest.mark.parametrize(
    "text",
    [
        "Brighton VIC 3186 Ph (03) 7010 4418",
        "Comments (3)  Replies (2)",
        "Shared on WhatsApp (3) times",
        "Defendant: KHALIL, Omar (29), of no fixed abode",
    ],
)
def test_words_numbers_and_the_end_of_a_longer_name_before_brackets_are_left_alone(text):
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    assert all(g not in ("Ph", "Comments", "Replies", "WhatsApp", "Omar") for g in got)


def test_a_nationality_after_a_fields_name_and_a_comma_is_no_part_of_the_name():
    text = "3. Co-tenant: Lukas Becker, German citizen\n   Passport No: C01X0"
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    assert got == ["Lukas Becker"]


def test_lower_case_chat_speakers_with_accents_apostrophes_dots_and_initials():
    text = (
        "[19:42] aoife o'sullivan: Hi all\n[19:45] tomás b: Also is anyone\n"
        "[09:16] sana q: how is Chachi\n"
    )
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    assert got[:3] == ["aoife o'sullivan", "tomás b", "sana q"]


def test_a_lower_case_speaker_after_a_bare_time_must_come_back():
    text = "09:12 wei.jie: morning\n09:15 wei.jie: yes\n09:48 jo reyes: Manila team here\n"
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    assert got == ["wei.jie", "wei.jie"]
    assert R.analyze("10:30 meeting: agenda below\n") == []


def test_a_speaker_before_the_time_must_come_back_and_be_no_weekday_or_role():
    text = (
        "jenna.k 09:12: morning\nmarco_r 09:15: any link?\njenna.k 09:16: yes\n"
        "dan wu 09:20 - betting side\nmarco_r 09:22: ok\ndan wu 09:24: not yet\n"
        "helpdesk 09:30: hi\n"
    )
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    assert sorted(set(got)) == ["dan wu", "jenna.k", "marco_r"]  # helpdesk speaks once
    schedule = "Monday 09:00 - intake\nMonday 14:00 - review\nAgent 10:00: hi\nAgent 11:00: ok\n"
    assert [s for s in R.analyze(schedule) if s.entity_type == "PERSON"] == []


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ('1130 hrs – Shamar Barrett o/c "Dutty", 22, labourer', "Dutty"),
        ('Luis Benavides, known at the terminal as "Güero", gave a statement', "Güero"),
        ('he named his cousin Shannon and his mate "Dobbo" as people he can text', "Dobbo"),
    ],
)
def test_a_nickname_in_quotes_after_its_cue(text, nick):
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    assert nick in got


def test_a_mail_headers_display_name_is_a_person_when_it_opens_with_a_given_name():
    text = (
        "From: Ioana-Cristina Mureșan <studio@muresandesign.ro>\n"
        "From: Talent Ops <talent@x.com>\nTo: Oakridge Outdoor <hello@oak.com>\n"
    )
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    assert "Ioana-Cristina Mureșan" in got
    assert "Talent Ops" not in got and "Oakridge Outdoor" not in got


@pytest.mark.parametrize(
    ("text", "native"),
    [
        ("Courier: Oleksandr Kovalchuk (Олександр Ковальчук) · courier", "Олександр Ковальчук"),
        ("Client: Zainab Kadhim Jasim (زينب كاظم جاسم), Iraqi", "زينب كاظم جاسم"),
        ("Client: Bhim Bahadur Gurung (भीम बहादुर गुरुङ)\nService", "भीम बहादुर गुरुङ"),
    ],
)
def test_a_name_in_its_own_script_in_brackets_after_the_latin_one(text, native):
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    assert native in got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Much loved mother of Stavros and Eleni, and grandmother of Nikos.",
         ["Stavros", "Eleni", "Nikos"]),
        ("Husband of Adaeze; father of Chidi, Ngozi and Obi. Service at noon",
         ["Adaeze", "Chidi", "Ngozi", "Obi"]),
        ("sister of Rev. Delroy Brown and the late Winston.", ["Delroy Brown", "Winston"]),
    ],
)  # fmt: skip
def test_every_name_of_a_family_list_after_mother_of_father_of(text, expected):
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    assert all(e in got for e in expected), got


@pytest.mark.parametrize(
    "text",
    [
        "Beloved wife of the late Cecil Morrison, JP, of Mandeville",
        "the board welcomes a daughter of Kisumu",
    ],
)
def test_post_nominals_and_places_in_a_family_list_are_no_persons(text):
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    assert "JP" not in got and "Kisumu" not in got


def test_a_rare_word_called_on_a_number_is_a_person_but_a_common_one_is_not():
    text = "if the shed is locked call Iwo on +31 20 045 7760, or email Payroll on 0161 555 0100"
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    assert "Iwo" in got and "Payroll" not in got


def test_chat_speakers_in_cyrillic_and_greek_and_their_system_lines():
    text = (
        "06:12 \u0421\u0442\u043e\u044f\u043d \u041f\u0435\u0442\u043a\u043e\u0432: "
        "\u0414\u043e\u0431\u0440\u043e \u0443\u0442\u0440\u043e\n"
        "06:21 \u0421\u0442\u043e\u044f\u043d \u041f\u0435\u0442\u043a\u043e\u0432: \u043e\u043a\n"
        "14:02 \u03a3\u03cd\u03c3\u03c4\u03b7\u03bc\u03b1: \u039a\u03b1\u03bb\u03ce\u03c2\n"
        "14:03 Ελένη Κ.: Καλησπέρα\n"
    )
    got = {text[s.start : s.end]: s.score for s in R.analyze(text) if s.entity_type == "PERSON"}
    assert got.get("\u0421\u0442\u043e\u044f\u043d \u041f\u0435\u0442\u043a\u043e\u0432", 0) > 0.85
    assert "\u0395\u03bb\u03ad\u03bd\u03b7 \u039a." in got
    assert "\u03a3\u03cd\u03c3\u03c4\u03b7\u03bc\u03b1" not in got  # "System"


def test_names_in_han_and_hangul_after_a_field_or_a_romanised_name():
    text = (
        "Name: \u9ad8\u6a4b \u5065\u592a (TAKAHASHI Kenta)\nWitness: \u6728\u6751 \u88d5\u5b50\n"
        "real name Wong Siu Ming \u9ec3\u5c0f\u660e\nPresent: Kim Min-jun "
        "(\uae40\ubbfc\uc900, chair)\nNationality: \u65e5\u672c"
    )
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    for name in ("\u9ad8\u6a4b \u5065\u592a", "TAKAHASHI Kenta", "\u6728\u6751 \u88d5\u5b50",
                 "\u9ec3\u5c0f\u660e", "\uae40\ubbfc\uc900"):  # fmt: skip
        assert name in got, name
    assert "\u65e5\u672c" not in got  # "Japan" after a field that names no person


def test_names_after_korean_and_japanese_fields_and_in_georgian_or_armenian_brackets():
    text = (
        "\uc131\uba85: \ucd5c\uc11c\uc5f0 (CHOI SEOYEON)\n"  # 성명: 최서연 (CHOI SEOYEON)
        "\ub2f4\ub2f9\uc790: \uae40\ub3c4\uc724 \ub300\ub9ac, 2025.03.07\n"  # 담당자: 김도윤 대리
        "Participants: Nino Kapanadze (\u10dc\u10d8\u10dc\u10dd \u10d9\u10d0\u10de\u10d0\u10dc"
        "\u10d0\u10eb\u10d4), case coordinator; Anna Hakobyan (\u0531\u0576\u0576\u0561 "
        "\u0540\u0561\u056f\u0578\u0562\u0575\u0561\u0576)\n"
    )
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    for name in (
        "\ucd5c\uc11c\uc5f0", "CHOI SEOYEON", "\uae40\ub3c4\uc724",
        "\u10dc\u10d8\u10dc\u10dd \u10d9\u10d0\u10de\u10d0\u10dc\u10d0\u10eb\u10d4",
        "\u0531\u0576\u0576\u0561 \u0540\u0561\u056f\u0578\u0562\u0575\u0561\u0576",
    ):  # fmt: skip
        assert name in got, name
    assert "\uae40\ub3c4\uc724 \ub300\ub9ac" not in got  # the title after the name is no part


def test_a_family_list_in_other_languages_needs_its_preposition_outside_polish():
    text = "Stanisław Kowalczyk, syn Józefa i Marianny z d. Nowak. Juan, hijo de Pedro y María."
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    for name in ("Józefa", "Marianny", "Pedro", "María"):
        assert name in got, name
    text = "Die Tochter des Betroffenen, Frau Irina Becker, lebt in Omsk."
    got = [text[s.start : s.end] for s in R.analyze(text) if s.entity_type == "PERSON"]
    assert "Betroffenen" not in got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Signed: A. Rennie, Deputy Governor    Date of issue: 26.05.2025", "A. Rennie"),
        ("Reported by: Kim Dong-hyun, Skipper          Contact: +27 82", "Kim Dong-hyun"),
        ("Signed: SMITH, John", "SMITH, John"),
    ],
)
def test_a_role_after_a_comma_ends_the_name(spans_of, text, expected):
    assert {t for ty, t in spans_of(R, text) if ty == "PERSON"} == {expected}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dario Pulcinelli detto «Volpino», di anni 38.", "Volpino"),
        ("I used a translation app – thank you, Jae-hyun! My mother", "Jae-hyun"),
        ('"Kære Jae-hyun. Vi hentede Mette i Kastrup.', "Jae-hyun"),
    ],
)
def test_nicknames_thanks_and_greetings_in_other_languages(spans_of, text, expected):
    assert ("PERSON", expected) in spans_of(R, text)


def test_a_thanked_common_word_is_no_name(spans_of):
    assert spans_of(R, "Got it, thanks, Everyone! See you.") == []


def test_a_latin_name_before_its_native_script_form_but_no_body(spans_of):
    text = "I, Soo-min Han (한수민), certify. Seoul Central District Court (서울중앙지방법원)."
    got = spans_of(R, text)
    assert ("PERSON", "Soo-min Han") in got and ("PERSON", "한수민") in got
    assert not any(t in ("서울중앙지방법원", "Seoul Central District Court") for _e, t in got)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("所在地：大阪市北区\n営業者：田中 誠一（58歳）\n", ["田中 誠一"]),
        ("担当：食品衛生監視員 山口 亜希子（TEL 06-6208-9931）", ["山口 亜希子"]),
        (
            "Name / नाम: Snehal Prakash Deshmukh / स्नेहल प्रकाश देशमुख\nSon of: X",
            ["स्नेहल प्रकाश देशमुख"],
        ),
    ],
)
def test_names_in_japanese_fields_and_beside_their_latin_spelling(text, expected):
    from privtext.tagging.recognizers.person_cues import PersonCueRecognizer

    spans = PersonCueRecognizer().analyze(text)
    got = [text[s.start : s.end] for s in spans if s.entity_type == "PERSON"]
    assert [e for e in expected if e in got] == expected
