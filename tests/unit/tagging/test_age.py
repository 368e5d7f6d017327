"""AGE recognizer: ages written with a number or a decade."""

import pytest

from privtext.tagging.recognizers.age import AgeRecognizer

R = AgeRecognizer()
THRESHOLD = 0.5


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("he was aged 43.", "43"),
        ("age 43", "43"),
        ("Age: 43", "43"),
        ("Age: 29 years    Parity: G2P1", "29 years"),
        ("DOB: 1985-03-12 (39 y)\nAddress", "39 y"),
        ("Suspect described as male, 30s, bald", "30s"),
        ("IC1 female, late 20s, blonde", "late 20s"),
        ("at the age of 12", "12"),
        ("a 43-year-old man", "43-year-old"),
        ("she is 43 years old", "43 years old"),
        ("a 43 year old nurse", "43 year old"),
        ("43 years of age", "43 years of age"),
        ("forty-three years old", "forty-three years old"),
        ("6 months old", "6 months old"),
        ("patient 43 yrs, male", "43 yrs"),
        ("he is 43yo", "43yo"),
        ("John Smith (43) said", "43"),
        ("Maria Lopez, 43, a nurse", "43"),
        ("a man in his forties", "forties"),
        ("in her early 30s", "early 30s"),
        ("in their mid-twenties", "mid-twenties"),
        ("Age/Sex: 52 Y / F", "52 Y"),
        ("WITNESS BILL TRAN (M/62) OBSERVED", "62"),
        ("Pt 34/F presents with", "34"),
        ("DOB: 03/09/1948 (75)", "75"),
        ("NHI: ZKH4271    DOB: 4 Nov 1936 (88)\nGP", "88"),
        ("M. LEFÈVRE Jean-Baptiste, né le 12/06/1958 (66 ans)\n", "66 ans"),
        ("DOB 22/07/1961 (63y)", "63y"),
        ("my mother-in-law, Mrs Kamala Iyer, is 81 and uses a frame", "81"),
        ("He was white, about 30, with a shaved head", "30"),
        ("my daughter Lily will be in, she's 19\nok", "19"),
        ("I've played chess since I was 6\nanyway", "6"),
        ("cooking since she was 12 back in Madurai", "12"),
    ],
)
def test_when_an_age_appears_then_the_phrase_is_tagged(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == [("AGE", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "43 years ago",
        "page 43",
        "Stage 4",
        "the 1940s",
        "in the 90s",
        "aged 150",
        "the age of enlightenment",
        "age 2019",
        "aged 4.5 litres",
        "Article 6 (1)",
        "Section 5 (2002)",
    ],
)
def test_when_text_has_no_age_then_nothing_is_tagged(text, spans_of):
    assert spans_of(R, text, THRESHOLD) == []


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("I'm 29, F, first time renting", "29"),
        ("My mother is 72 and was waiting", "72"),
        ("who was seventeen at the material time", "seventeen"),
        ("Precious is turning 16 the same day", "16"),
        ("She is now 21 and living in a hotel", "21"),
        ("In that year Fadi, who was then 17, was detained", "17"),
        ("Customer is 71, lives alone", "71"),
        ("his date of birth is 12/03/2008, making him 16; the Home Office", "16"),
        ("this news will be very difficult; Conor was only 19.", "19"),
        ("When my son was six he let him ring the bell.", "six"),
        ("| Kwame Boateng | Runner | aged 17: no alcohol service |", "17"),
        ("Fecha de nacimiento: 14/08/1986 (38 años)\nDNI", "38 años"),
        ("Child: Kayden McAllister, 4 (born 02/08/2020)\nResident", "4"),
        ("1.3 Date of birth and age: 29/08/1978, 46\n1.6 Occupation", "46"),
        ("Born: 2 de septiembre de 2017 (7)\nNationality", "7"),
        ("Dad is 74 and honestly he's not coping.", "74"),
        ("CALLER: Dad's 84. He lives on his own.", "84"),
        ("He is 83 (DOB 12/03/1941) and lives alone.", "83"),
    ],
)
def test_ages_stated_of_a_person_are_found(text, age):
    from privtext.tagging.recognizers.age import AgeRecognizer

    assert [text[s.start : s.end] for s in AgeRecognizer().analyze(text)] == [age]


@pytest.mark.parametrize(
    "text",
    [
        "she was 5 minutes late",
        "the price is 72 euros",
        "he is 6 feet tall",
        "I'm 100% sure",
        "the total is now 71, and rising",
        "the customer is 5 minutes away",
        "Dad's 4x4 is parked; Mum is 5 minutes away",
    ],
)
def test_numbers_after_is_that_are_not_ages_are_not_tagged(text):
    from privtext.tagging.recognizers.age import AgeRecognizer

    assert AgeRecognizer().analyze(text) == []


@pytest.mark.parametrize(
    ("text", "ages"),
    [
        ("My dad (61, retired SBI manager)", ["61"]),
        ("Nnamdi (31) and Kehinde Bello (24), were", ["31", "24"]),
        ("Paddy Hourigan, 83, was presented", ["83"]),
        ("He is about thirty, white", ["thirty"]),
        ("see page (12) and Article 5 (1)", []),
    ],
)
def test_ages_in_brackets_or_commas_after_a_person(text, ages):
    from privtext.tagging.recognizers.age import AgeRecognizer

    assert [text[s.start : s.end] for s in AgeRecognizer().analyze(text)] == ages


@pytest.mark.parametrize(
    ("text", "ages"),
    [
        ("The bride, 29, is a teacher; the groom, 31, an engineer.", ["29", "31"]),
        ("held: Musa Bello, 32; Ada Obi, 27; and Tom Ek, 41 – all local", ["32", "27", "41"]),
        ("The victim, 19, was treated at the scene.", ["19"]),
    ],
)
def test_an_age_between_commas_semicolons_or_dashes_after_a_person_word_or_name(text, ages):
    assert [text[s.start : s.end] for s in AgeRecognizer().analyze(text)] == ages


@pytest.mark.parametrize(
    "text", ["See Room, 12; then left", "in the year, 12; no", "Level, 3 – up"]
)
def test_numbers_after_other_words_and_semicolons_are_not_ages(text):
    assert AgeRecognizer().analyze(text) == []


@pytest.mark.parametrize(
    ("text", "ages"),
    [
        ("Patient: Dorothy McNaughton, 82. Health card 5523", ["82"]),
        ("Applicant: Maricel Dela Cruz Santos, 38\nSIN: 946", ["38"]),
        ("10:00\n2400117832  KHALIL, Omar  (26)  Flat 8", ["26"]),
        ("Total, 12\nSubtotal, 8.", []),  # a line's end needs a full name before it
        ("Guests: 2 adults, 1 child (7 years)", ["7"]),
    ],
)
def test_an_age_ending_a_sentence_or_line_after_a_full_name_or_in_a_spaced_bracket(text, ages):
    assert [text[s.start : s.end] for s in AgeRecognizer().analyze(text)] == ages


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Doris celebrates her 100th birthday on 21 May", ["100th"]),
        ("Pls remember grandma's 80th is on 17th Feb", ["80th"]),
        ("my dad is staying with us and hes 70", ["70"]),
        ("Caller is 72 and lives alone", ["72"]),
        ("the firm's 50th anniversary", []),
    ],
)
def test_ordinal_birthdays_and_chat_ages(text, expected):
    from privtext.tagging.recognizers.age import AgeRecognizer

    assert [text[s.start : s.end] for s in AgeRecognizer().analyze(text)] == expected


def test_the_second_age_of_a_pair_is_tagged_too(spans_of):
    assert spans_of(R, "two children, aged 9 and 6. Then", THRESHOLD) == [
        ("AGE", "9"),
        ("AGE", "6"),
    ]


def test_minutes_after_a_subject_are_no_age(spans_of):
    assert spans_of(R, "he was 5 minutes late", THRESHOLD) == []


def test_the_age_column_of_a_table_with_bars(spans_of):
    text = (
        "| No. | Defendant | Age | Address |\n"
        "|-----|-----------|-----|---------|\n"
        "| 1 | ARMSTRONG, Kieran Paul | 23 | 18 Beach Road |\n"
        "| 2 | HUSSAIN, Amina | 41 | 5 Laburnum Grove |\n\n"
        "| No. | Qty |\n| 1 | 23 |\n"
    )
    assert spans_of(R, text, THRESHOLD) == [("AGE", "23"), ("AGE", "41")]


def test_the_upper_end_of_an_age_range_is_an_age_too(spans_of):
    assert spans_of(R, "coding sessions for girls aged 11 to 14.", THRESHOLD) == [
        ("AGE", "11"),
        ("AGE", "14"),
    ]


@pytest.mark.parametrize(
    ("text", "ages"),
    [
        ("Because Ilyas is 19 and no longer in full-time education", ["19"]),
        ("my son Khoa is 6 years and also on my visa", ["6 years"]),
        ("sleeping better now she is 8 weeks?", ["8 weeks"]),
        ("she says she's 38 but her Facebook says", ["38"]),
        ("the kids (Adam 12, Noor 9) fight over the bins", ["12", "9"]),
        ("| 2 | Tendai Moyo, 20 | Zimbabwe |", ["20"]),
    ],
)
def test_ages_after_names_relations_and_in_lists(spans_of, text, ages):
    assert [t for _e, t in spans_of(R, text, THRESHOLD)] == ages


@pytest.mark.parametrize("text", ["Chapter is 19 and", "It was 5 years ago.", "Paris is 30 and"])
def test_a_number_after_a_word_that_is_no_name_is_no_age(spans_of, text):
    assert spans_of(R, text, THRESHOLD) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Se trata de José Canul Dzib, de 47 años; su hijo", ["47 años"]),
        ("un varón de unos 25 años, huyó en patinete", ["25 años"]),
        ("Mme Dupont, âgée de 41 ans, demeurant", ["41 ans"]),
        ("Die 72-jährige Patientin wurde", ["72-jährige"]),
        ("Er ist 72 Jahre alt.", ["72 Jahre alt"]),
        ("de 45-jarige bestuurder", ["45-jarige"]),
        ("su hijo Jorge Canul Poot, de 19, y Wilberth Chan Ku, de 33, quienes", ["19", "33"]),
        ("The applicant, 41, ID number 8306125731086", ["41"]),
        ("donante nº D-7731, 26 años, grupo sanguíneo A+", ["26 años"]),
        ("Dhr. Hüseyin Kaya, geb. 1 juli 1941, 83 jaar\nBSN", ["83 jaar"]),
        ("pani Halina Kaczmarczyk (72 lata).", ["72 lata"]),
        ("Tenho 41 anos e entendo a decisão", ["41 anos"]),
    ],
)
def test_ages_in_other_languages_and_after_party_nouns(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == [("AGE", e) for e in expected]


@pytest.mark.parametrize(
    "text",
    [
        "un contrato de 10 años",
        "una condena de dos años",
        "hace más de 25 años",
        "un contrat de 3 ans",
        "tengo 20 años de experiencia en ventas",
        "j'ai 5 ans d'expérience",
    ],
)
def test_durations_in_other_languages_are_no_ages(text, spans_of):
    assert spans_of(R, text, THRESHOLD) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Re: Mrs Chanda Mwape Banda, 31 years, NRC 214587/10/1", "31 years"),
        ("Denunciante: MAMANI QUISPE, Rosa Elena, 38 años, C.I. 4812736 LP", "38 años"),
        ("PW2 Lemburis Kivuyo, now 81, confirmed the sale.", "81"),
    ],
)
def test_an_age_with_its_unit_or_after_now_between_commas(text, expected, spans_of):
    assert ("AGE", expected) in spans_of(R, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Detenido: RAMOS, Luis, 31 años, peruano, con DNI", "31 años"),
        ("Cargas: Ana Pérez (hija, 9 años), RUT 1", "9 años"),
        ("pan Jan Kos, lat 64, który", "lat 64"),
        ("A avó completou 99 anos no sábado", "99 anos"),
        ("Mrs Eira Lloyd, then 91, of Bala, paid", "91"),
        ("Cork bus driver, 58, retires after 40 years", "58"),
        ("his sister-in-law, 72, lives nearby", "72"),
    ],
)
def test_ages_in_other_languages_then_ages_and_ages_after_a_role(text, expected):
    assert expected in [text[s.start : s.end] for s in R.analyze(text)]


@pytest.mark.parametrize(
    "text",
    [
        "un contrato de 10 años, renovable",  # a duration
        "tras 20 años, volvió",  # no person before the comma
        "on page 4, 12, and 15",  # numbers in a list
    ],
)
def test_durations_and_lists_are_no_ages(text):
    assert R.analyze(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Bé Bảo Anh (6 tuổi) bị lạc", "6 tuổi"),
        ("Şüpheli 25 yaşlarında, ince yapılı", "25 yaşlarında"),
    ],
)
def test_words_that_only_mean_an_age_make_the_number_an_age(text, expected):
    assert expected in [text[s.start : s.end] for s in R.analyze(text)]


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("Date of birth: 15/07/2001        Age at onboarding: 23\nNationality: x", "23"),
        ("General: client now 85, alert, lives alone.", "85"),
        ("Man of the match: Rio, still only 17 and just up from our U18s.", "17"),
        ("(b) that you were called names; you are 58;", "58"),
        ("B2 Mr A.K., 66 \u2013 moved to side room 2", "66"),
    ],
)
def test_ages_after_a_field_a_subject_or_a_titled_patient(text, age):
    assert age in [text[s.start : s.end] for s in R.analyze(text)]


@pytest.mark.parametrize(
    "text",
    [
        "you are 5 minutes away from the station",
        "see Flat 4, A.B., 12 \u2013 x",  # initials without a title
        "the client now 85% satisfied",
    ],
)
def test_no_age_in_these(text):
    assert R.analyze(text) == []


def test_an_age_after_a_relation_in_brackets():
    from privtext.tagging.recognizers.age import AgeRecognizer

    r = AgeRecognizer()
    for text, age in (
        ("Mr Abdul Karim Chowdhury (son), 44, taxi driver", "44"),
        ("Grace (daughter, carer), 52; lives nearby", "52"),
    ):
        assert [text[s.start : s.end] for s in r.analyze(text)] == [age]
    assert r.analyze("the flat (tenant), 2 bedrooms") == []


def test_an_age_in_a_forms_table_row():
    from privtext.tagging.recognizers.age import AgeRecognizer

    text = "| Date of death | 03/11/2024 |\n| Age | 86 |\n| Place of death | Marie Curie |"
    assert [text[s.start : s.end] for s in AgeRecognizer().analyze(text)] == ["86"]


@pytest.mark.parametrize(
    ("text", "ages"),
    [
        ("グエン、22歳、国籍 ベトナム。本人今年78歲。지금 62세이시고", ["22歳", "78歲", "62세"]),
        ("ผู้ต้องหาที่ 1 นายสมศักดิ์ แก้วมณี อายุ 46 ปี สัญชาติไทย", ["46 ปี"]),
        ("मेरे पिताजी विनायक जोशी अब 78 वर्ष के हैं", ["78 वर्ष"]),
        ("Jag är 26 år och mitt uppehållstillstånd. Det är 5 år sedan.", ["26 år"]),
        ("Mam 72 lata, proszę. moja mama ma 72 lata.", ["72 lata", "72 lata"]),
        ("Fiul meu Ștefan are 6 ani și astm. Am 56 de ani și lucrez.", ["6 ani", "56 de ani"]),
        ("fiul meu, Andrei Dobre, de 24 de ani, asistent medical", ["24 de ani"]),
        ("Меня зовут Светлана Гуревич, мне 58 лет.", ["58 лет"]),
        ("detto «Volpino», di anni 38, operaio edile", ["38"]),
        ("Concepción Gil Arroyo («Conchi», CG), 81 años.", ["81 años"]),
        ('Said Bakari Mwero alias "Chuma", approx. 35, no ID', ["35"]),
        ("Sofiię Kovalchuk (14 lat, ur. 12.06.2010)", ["14 lat"]),
        ("Шевченко Микола Іванович, 12.05.1951 р.н. (73 роки)", ["73 роки"]),
        ("21 éves vagyok, a BME-n tanulok. Ez egy 5 éves szerződés.", ["21 éves"]),
        ("Tinc 74 anys i ara no tinc res. Fa 5 anys.", ["74 anys"]),
        ("In June 2023 Mr B, then 58 and recently divorced, met", ["58"]),
    ],
)  # fmt: skip
def test_ages_in_other_languages_and_scripts(text, ages):
    assert [text[s.start : s.end] for s in R.analyze(text)] == ages
