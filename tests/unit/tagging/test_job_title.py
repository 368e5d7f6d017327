"""JOB_TITLE recognizer: gazetteer titles, seniority words, "X of Y" forms, precision guards."""

import pytest

from privtext.tagging.recognizers.job_title import JobTitleRecognizer

R = JobTitleRecognizer()
THRESHOLD = 0.5


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("She is a nurse.", "nurse"),
        ("Senior Software Engineer at Acme", "Senior Software Engineer"),
        ("our Chief Financial Officer", "Chief Financial Officer"),
        ("he works as a head teacher", "head teacher"),
        ("a police officer", "police officer"),
        ("the applicant, a lawyer practising in Ankara", "lawyer"),
        ("Head of Marketing", "Head of Marketing"),
        ("Director of Finance", "Director of Finance"),
        ("director of human resources", "director of human resources"),
        ("CEO of Acme", "CEO"),
        ("She worked as a senior staff nurse", "senior staff nurse"),
        ("a retired teacher", "retired teacher"),
        ("Nurse at St Mary's", "Nurse"),
        ("He is a Baker.", "Baker"),
        ("Physiotherapist Leilani Kahale to reassess", "Physiotherapist"),
        ("Completed by: Brodie Kelleher, RN", "RN"),
        ("advised her to see her GP and keep receipts", "GP"),
        ("our hygienist Gemma", "hygienist"),
        ("Sincerely,\nRebecca Lin\nVP, People", "VP, People"),
        ("Kemi Adeyinka (Head, Finance and Strategy)\n", "Head, Finance and Strategy"),
        ("He is the Director, Acme Widgets.", "Director"),
        ("accepted a role as Analytics Lead at Ocado in Hatfield.", "Analytics Lead"),
        ("As Director I approve the plan", "Director"),
        ("Sinéad Gallagher\nSenior Lettings Negotiator\nHarrowfield", "Senior Lettings Negotiator"),
        (
            "Verified by: M. Nagaraju, Assistant Sub-Inspector, 04-04-2025.",
            "Assistant Sub-Inspector",
        ),
        ("sharing her profile for the Senior SRE role", "Senior SRE"),
    ],
)
def test_when_a_job_title_appears_then_the_longest_title_is_tagged(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == [("JOB_TITLE", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "the judge said",
        "the Registrar of the Court",
        "the applicant complained",
        "221B Baker Street",
        "Mr Baker said",
        "Baker is here",
        "The package manager failed",
        "open the task manager",
        "nurses at the hospital",
        "the ceo",  # acronyms are upper case only
        "Book at the GP surgery",
        "Sheriff Morven Gauld told him",
        "Rabbi Miriam Adler-Stein officiated",
    ],
)
def test_when_text_has_no_personal_job_title_then_nothing_is_tagged(text, spans_of):
    assert spans_of(R, text, THRESHOLD) == []


def test_when_a_context_phrase_precedes_then_the_score_is_raised():
    plain = R.analyze("a nurse")[0].score
    ctx = R.analyze("she works as a nurse")[0].score
    assert ctx > plain >= THRESHOLD


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("this retired coal miner, originally", "coal miner"),
        ("then as a  warehouse supervisor at Bettys", "warehouse supervisor"),
        ("35, a customer service adviser from Bursa", "customer service adviser"),
        ("she is a very good nurse", "nurse"),
    ],
)
def test_trade_words_between_a_determiner_and_a_title_join_it(text, title):
    from privtext.tagging.recognizers.job_title import JobTitleRecognizer

    r = JobTitleRecognizer()
    r.load()
    assert [text[s.start : s.end] for s in r.analyze(text)] == [title]


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Angus Mac an t-Saoir | Duty Port Manager, Oban", "Duty Port Manager"),
        ("(Joanna Obi-Whitfield, Payroll Officer)", "Payroll Officer"),
        ("Present: R. Patel (Chair), M. Kowalczyk", "Chair"),
        (
            "Dr S. Venkataraman\nConsultant Rheumatologist\nRoyal Infirmary",
            "Consultant Rheumatologist",
        ),
        ("Position: Transport Planner II, Night Operations", "Transport Planner II"),
        ("Paul Whitehead (Director of Finance), Nadia", "Director of Finance"),
        ("said Dame Whetu Paraone, Chair of the Board. We", "Chair of the Board"),
        ("Ingrid Solberg (Head of Data, based in Oslo)", "Head of Data"),
        ("Contact: Marcus Thibodeaux, Loan Officer, tel 504-555-0161", "Loan Officer"),
        ("Witness: Sunil Dhawan, Machine Setter, was at the next machine", "Machine Setter"),
    ],
)
def test_capitalized_titles_in_a_role_position_are_found(title, text):
    r = JobTitleRecognizer()
    r.load()
    assert title in [text[s.start : s.end] for s in r.analyze(text)]


@pytest.mark.parametrize(
    "text",
    [
        "London, United Kingdom",
        "Smith (United Nations) said",
        "Kind regards,\nThe Team",
        "Jones, Anna Cook said",  # a given name before a head that is also a surname
    ],
)
def test_capitalized_words_outside_a_role_are_not_titles(text):
    r = JobTitleRecognizer()
    r.load()
    assert r.analyze(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Student no.: SB-2015-0447",
        "Supervisor: Raymond Kowalczyk, Operations",
        "Consultant:   Dr Eleanor Hartley",
        "Employee number 88412",
        "Teacher ID 4471",
    ],
)
def test_a_title_used_as_a_field_label_is_not_tagged(text):
    assert JobTitleRecognizer().analyze(text) == []


def test_the_same_title_in_prose_is_still_tagged():
    text = "She worked as a supervisor at the depot: nights only."
    assert [text[s.start : s.end] for s in JobTitleRecognizer().analyze(text)] == ["supervisor"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("trabaja como enfermera en el hospital", "enfermera"),
        ("la gerente del banco", "gerente"),
        ("votre conseillère vous rappellera", "conseillère"),
        ("Hon är projektledare på Vattenfall", "projektledare"),
        ("He is a potter in Dunedin", "potter"),
        ("his work coach at the jobcentre", "work coach"),
    ],
)
def test_titles_of_other_languages_and_trades_are_found(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == [("JOB_TITLE", expected)]


def test_a_listed_title_of_several_words_outranks_ner_and_organisation_guesses():
    from privtext.tagging.recognizers.job_title import JobTitleRecognizer

    rec = JobTitleRecognizer()
    rec.load()
    text = "- Staff Nurse, St. Anne's Ward: 4 years. A nurse. Bank Manager. Director of the Board"
    scores = {text[s.start : s.end]: s.score for s in rec.analyze(text)}
    assert scores["Staff Nurse"] > 0.86  # NER's "Nurse" is 0.85, the organisation shape 0.86
    assert scores["nurse"] == JobTitleRecognizer.BASE_SCORE
    # a title opening with an organisation's head word, or "X of the Y", keeps the base score
    base = JobTitleRecognizer.BASE_SCORE
    assert scores["Bank Manager"] == scores["Director of the Board"] == base


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("trabaja como taxista en Lima", "taxista"),
        ("ela é porteiro do prédio", "porteiro"),
        ("Mme Alaoui, assistante sociale, a confirmé", "assistante sociale"),
        ("pani Nowak, farmaceutka, zeznała", "farmaceutka"),
        ("Teknik Direktör olarak atandı", "Teknik Direktör"),
        ("toimii lähihoitaja", "lähihoitaja"),
        ("RE: OFFER OF EMPLOYMENT – QUALITY ASSURANCE OFFICER", "QUALITY ASSURANCE OFFICER"),
    ],
)
def test_occupations_in_other_languages_and_more_english_titles(text, expected, spans_of):
    assert ("JOB_TITLE", expected) in spans_of(JobTitleRecognizer(), text)


def test_a_contractor_alone_is_no_job_title(spans_of):
    assert spans_of(JobTitleRecognizer(), "a contractor would be in touch") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("our minibus driver Sok Dara waited", "minibus driver"),
        ("Врач: Жумабеков Н. Т., врач-терапевт, Городская", "врач-терапевт"),
        ("the head guide and two porters", "head guide"),
        ("Kept by the Club treasurer", "Club treasurer"),
    ],
)
def test_more_compound_occupations_and_russian_ones(text, expected, spans_of):
    assert ("JOB_TITLE", expected) in spans_of(JobTitleRecognizer(), text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Email: a@b.pt\nProfissão: professora do ensino secundário\nData",
            "professora do ensino secundário",
        ),
        ("Tel: 0532 418 77 09   Mesleği: Eczacı\nBeyanı", "Eczacı"),
        ("Zawód: kierowca ciężarówki\n", "kierowca ciężarówki"),
        ("Trade: signaller\nRank on discharge: Corporal\nDischarged", "Corporal"),
        ("pod Monte Cassino. Ostatni stopień: kapral. W 1947 r.", "kapral"),
        ("군번 / Service number: 17-71024588\n계급 / Rank: 병장 (Sergeant)", "병장"),
        ("Должность: старший инспектор\n", "старший инспектор"),
        ("เลขประจำตัว 3 3417 00228 90 1 อาชีพค้าขาย ที่อยู่ 41 หมู่ 7", "ค้าขาย"),
        ("Cargo: Director de Operaciones\nFecha", "Director de Operaciones"),
    ],
)
def test_the_value_of_an_occupation_field_in_another_language_is_a_job_title(text, expected):
    from privtext.tagging.recognizers.job_title import JobTitleRecognizer

    rec = JobTitleRecognizer()
    rec.load()
    assert expected in [text[s.start : s.end] for s in rec.analyze(text)]


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("I was told by a complaints handler, Ms Priya Raman, that", "complaints handler"),
        ("Assign to Investigation Officer Aled Kynaston, team 4.", "Investigation Officer"),
        ("Stephen Ruddock (2nd Officer) and the bosun, Wayan", "2nd Officer"),
        ("he worked as a process controller at the Secunda plant", "process controller"),
    ],
)
def test_occupations_added_to_the_list(text, title):
    assert title in [text[s.start : s.end] for s in R.analyze(text)]


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Supervisor on duty: Ing. Lucía Zegarra, Jefa de Guardia\n", "Jefa de Guardia"),
        ("Valentina Restrepo O.\nCoordinadora de Exportaciones\nAndina Cargo",
         "Coordinadora de Exportaciones"),
        ("Antoine Mercier\nDélégué à la protection des données\n27 rue",
         "Délégué à la protection des données"),
        ("El capitán de puerto, Raúl Ancona, informó", "capitán de puerto"),
        ("Met vriendelijke groet,\nRuud van Dijk\nDirecteur", "Directeur"),
    ],
)  # fmt: skip
def test_titles_in_other_languages_head_first(text, title):
    got = [text[s.start : s.end] for s in R.analyze(text)]
    assert title in got


def test_a_head_first_title_does_not_run_into_a_clause():
    text = "El presidente de la República dijo que no."
    assert not any("dijo" in text[s.start : s.end] for s in R.analyze(text))


def test_a_bare_student_is_no_job_but_a_student_of_a_subject_is():
    assert R.analyze("The student was absent. Your student number is 4471.") == []
    text = "Michał Zając, a 27-year-old medical student at the Jagiellonian"
    assert [text[s.start : s.end] for s in R.analyze(text)] == ["medical student"]


def test_humanitarian_and_newsroom_occupations():
    text = "the enumerator read it aloud; Beto, our local fixer; a freelance stringer"
    got = [text[s.start : s.end] for s in R.analyze(text)]
    assert {"enumerator", "fixer", "freelance stringer"} <= set(got)


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Ο δικηγόρος μου θα σας γράψει.", "δικηγόρος"),
        ("Ik werk als schoonmaakster bij CleanPro.", "schoonmaakster"),
        ("Befattning: skiftledare\nTelefon: 070", "skiftledare"),
        ("Чакаха 2 часа за ветеринаря.", "ветеринаря"),
        ("職業 Occupation: 会社員", "会社員"),
    ],
)
def test_common_occupations_in_other_languages(text, title):
    assert title in [text[s.start : s.end] for s in R.analyze(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("de nationalité libanaise, antiquaire, passeport n° LR2284173", "antiquaire"),
        ("Herr Daniel Loewenthal-Price, Architekt, 212 West 88th Street", "Architekt"),
        ("Erik Donkers, opzichter, dat de aannemer", "opzichter"),
        ("residente in via delle Rose 14, agricoltore, e Dario", "agricoltore"),
        ("genom auktoriserad tolk Dariush Karimi", "tolk"),
    ],
)
def test_occupations_in_other_languages(text, expected, spans_of):
    assert ("JOB_TITLE", expected) in spans_of(R, text)


def test_a_rank_field_with_a_number_is_no_job_title():
    from privtext.tagging.recognizers.job_title import JobTitleRecognizer

    rec = JobTitleRecognizer()
    rec.load()
    assert rec.analyze("Rank: 3\nScore: 88") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I have worked as a driver in London for three years.", "driver"),
        ("Lucrez ca șofer de trei ani în Londra.", "șofer"),
        ("Z Charkowa, pracuję jako sprzątaczka w Szpitalu Grochowskim.", "sprzątaczka"),
        ("Ich arbeite als Zugbegleiterin bei der Deutschen Bahn.", "Zugbegleiterin"),
        ("Я приїхала з Харкова, працюю прибиральницею в лікарні.", "прибиральницею"),
        ("İstanbul'da şoför olarak çalışıyorum.", "şoför"),
        ("She works as a senior software engineer at a bank.", "senior software engineer"),
    ],
)  # fmt: skip
def test_an_occupation_after_works_as_in_many_languages(text, expected):
    from privtext.tagging.recognizers.job_title import JobTitleRecognizer

    rec = JobTitleRecognizer()
    rec.load()
    assert expected in [text[s.start : s.end] for s in rec.analyze(text)]


def test_works_as_without_an_occupation_after_it_tags_nothing():
    from privtext.tagging.recognizers.job_title import JobTitleRecognizer

    rec = JobTitleRecognizer()
    rec.load()
    assert rec.analyze("He worked as well as he could, and it works as expected.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("80992 München, Fahrlehrerin Sabine Ziegler", "Fahrlehrerin"),
        (
            "Prüfer: Andreas Wimmer, amtlich anerkannter Sachverständiger",
            "amtlich anerkannter Sachverständiger",
        ),
        ("Handläggare: Elin Sandberg, vapenhandläggare, region Nord", "vapenhandläggare"),
        ("Courriel de Geneviève à son instructeur de tir, Luc Tremblay", "instructeur de tir"),
        ("the home visit by Firearms Enquiry Officer Kevin Tyson", "Firearms Enquiry Officer"),
    ],
)  # fmt: skip
def test_occupations_of_inspection_licensing_and_transport(text, expected, spans_of):
    assert ("JOB_TITLE", expected) in spans_of(R, text, THRESHOLD)
