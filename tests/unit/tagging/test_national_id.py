"""NATIONAL_ID recognizer: SSN rules; European ids only with a context word."""

import pytest

from privtext.tagging.recognizers.national_id import NationalIdRecognizer, nino_valid, ssn_valid

R = NationalIdRecognizer()
THRESHOLD = 0.5


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("SSN: 536-90-4399", "536-90-4399"),
        ("ref 536-90-4399.", "536-90-4399"),
        ("my social security number is 536 90 4399", "536 90 4399"),
        ("ssn 536904399", "536904399"),
        ("National Insurance number AB123456C", "AB123456C"),
        ("NI number: AB 12 34 56 C", "AB 12 34 56 C"),
        ("numéro de sécurité sociale 2 95 10 99 126 111 93", "2 95 10 99 126 111 93"),
        ("DNI 54362315K", "54362315K"),
        ("NIE X2482300W", "X2482300W"),
        ("BSN 111222333", "111222333"),
        ("my national insurance no is QJ 44 18 92 C if you need it", "QJ 44 18 92 C"),
        ("PAN card - you had shared BQKPB4471L by message", "BQKPB4471L"),
        ("Aadhaar 2341 2341 2346 on file", "2341 2341 2346"),
        ("Masked Aadhaar copy (we have XXXX XXXX 5561 on file)", "XXXX XXXX 5561"),
        ("collected by AHMAD (IC ****-**-5127). Thank you", "****-**-5127"),
        ("hegde says his GSTIN (29AAKFS4471M1Z3) got changed", "29AAKFS4471M1Z3"),
        ("PhilHealth ni nanay, 12-050338127-4, expired", "12-050338127-4"),
        ("Pls bring ID 63-2218845 R 42 original and proof", "63-2218845 R 42"),
        ("NIK saya 3374056208030002 bu, KTP asli", "3374056208030002"),
        ("Nata a Ferrara\nC.F.: RSSMRS58L52D548U\nResidente", "RSSMRS58L52D548U"),
        ("Señor/a: GIMÉNEZ, Rodrigo\nDNI 28.456.917 - Domicilio", "28.456.917"),
        ("Nombre: CAROLINA MUÑOZ\nRUT: 15.482.337-K\nFecha", "15.482.337-K"),
        ("row 14 still shows 1 1985 8 0041237 1 42 next to", "1 1985 8 0041237 1 42"),
        ("Sex: F\nNID: 1992 2690 4815 7\nOccupation", "1992 2690 4815 7"),
        ("Your NHI number - your GP wrote ZKT4418, but", "ZKT4418"),
        ("Tomasz Lewandowski, Pharmacist, GPhC 2087754", "2087754"),
        ("CPF: 838.698.725-19   PIS", "838.698.725-19"),
        ("NIC old format 873310456V. Transfers", "873310456V"),
        ("my HK ID is Z683365(5). Please", "Z683365(5)"),
        ("Microchip: 941000024587713", "941000024587713"),
        ("Your health card (RAMQ TREM 8562 1104) is fine", "TREM 8562 1104"),
        (
            "social security number for the A1 form. I saw 1 89 07 69 123 045 72 on",
            "1 89 07 69 123 045 72",
        ),
    ],
)
def test_when_a_valid_id_appears_with_its_context_then_it_is_tagged(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == [("NATIONAL_ID", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "666-12-3456",  # area 666
        "000-12-3456",  # area 000
        "912-12-3456",  # area 9xx
        "536-00-4399",  # group 00
        "536-90-0000",  # serial 0000
        "078-05-1120",  # advertising number
        "536904399",  # bare digits without context
        "AB123456C",  # NINO without context
        "54362315K",  # DNI without context
        "111222333",  # BSN without context
        "2 95 10 99 126 111 93",  # NIR without context
        "BSN 111222334",  # context but bad checksum
        "DNI 54362315A",  # context but bad check letter
        "QJ 44 18 92 C",  # a NINO's shape breaking its letter rules, without a label
        "ZKT4418",  # an NHI's shape without its label
        "2087754",  # seven digits without a registration body
        "Aadhaar 2341 2341 2345",  # a bad Verhoeff check digit
        "838.698.725-18",  # a CPF's shape with bad check digits
        "941000024587713",  # fifteen digits without a microchip
        "1 89 07 69 123 045 72",  # the NIR's shape failing its key, without its name
        "3374056208030002",  # sixteen digits without the NIK's name
        "The population was 28.456.917 in 2020.",  # a dotted number without DNI or RUT
        "RSSMRS58L52D548A",  # a codice fiscale's shape with a wrong check letter
    ],
)
def test_when_rules_fail_or_context_is_missing_then_nothing_is_tagged(text, spans_of):
    assert spans_of(R, text, THRESHOLD) == []


def test_when_ssn_has_context_then_score_is_raised():
    plain = R.analyze("ref 536-90-4399")[0].score
    ctx = R.analyze("SSN 536-90-4399")[0].score
    assert ctx > plain >= THRESHOLD


@pytest.mark.parametrize(
    ("value", "ok"),
    [("AB123456C", True), ("GB123456A", False), ("QQ123456C", False), ("AB123456E", False)],
)
def test_nino_prefix_and_suffix_rules(value, ok):
    assert nino_valid(value) is ok


def test_ssn_rules_reject_non_digits():
    assert not ssn_valid("53690439X")


def test_a_swiss_ahv_number_in_its_dotted_form_is_tagged_alone_and_bare_only_with_context():
    from privtext.tagging.recognizers.national_id import NationalIdRecognizer

    r = NationalIdRecognizer()
    text = "N° AVS: 756.4821.3390.17\nNotre référence"
    assert [text[s.start : s.end] for s in r.analyze(text)] == ["756.4821.3390.17"]
    assert [s.end - s.start for s in r.analyze("AHV-Nr. 7569217076985")] == [13]
    assert r.analyze("order 7569217076985 shipped") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("CPF: 318.642.907-15\nE-mail", "318.642.907-15"),  # check digits wrong, label right
        ("sí, cédula 1.036.658.214 y la hoja de vida", "1.036.658.214"),
        ("Passport E48215937, national code 007-381624-5\n", "007-381624-5"),
    ],
)
def test_labelled_cpf_colombian_cedula_and_iranian_national_code(text, expected):
    from privtext.tagging.recognizers.national_id import NationalIdRecognizer

    got = [text[s.start : s.end] for s in NationalIdRecognizer().analyze(text)]
    assert got == [expected]


def test_a_dotted_amount_without_an_id_word_is_no_cedula():
    from privtext.tagging.recognizers.national_id import NationalIdRecognizer

    assert NationalIdRecognizer().analyze("Jumlah: IDR 7.500.000\nCc: finance") == []


def test_a_pesel_is_found_next_to_its_name_only():
    from privtext.tagging.recognizers.national_id import NationalIdRecognizer

    rec = NationalIdRecognizer()
    text = "Mój PESEL to 82051314682, adres bez zmian"
    assert [text[s.start : s.end] for s in rec.analyze(text)] == ["82051314682"]
    assert rec.analyze("order 82051314682 shipped") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Emirates ID (R.M.): 784-1986-4471920-3; passport", "784-1986-4471920-3"),
        ("certified copies of your IDs (Jaco 8501155800087) and a bill", "8501155800087"),
        ("codice fiscale (mi risulta BRNLKS91M14Z112K, conferma?)", "BRNLKS91M14Z112K"),
    ],
)
def test_emirates_south_african_and_italian_numbers_written_by_their_name(text, expected):
    from privtext.tagging.recognizers.national_id import NationalIdRecognizer

    assert expected in [text[s.start : s.end] for s in NationalIdRecognizer().analyze(text)]


def test_thirteen_digits_without_an_id_word_are_no_south_african_id():
    from privtext.tagging.recognizers.national_id import NationalIdRecognizer

    assert NationalIdRecognizer().analyze("order total 8501155800087 units shipped") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a table of EU bovine ear tags, rows far from the header
        (
            "Tag number    Breed    Born\n" + "x" * 80 + "\nIE 141470388 0231   FR F   02/04/2019",
            "IE 141470388 0231",
        ),
        ("his tag is 982 000412236517. Rob should", "982 000412236517"),
        ("microchip 985112004471230 implanted", "985112004471230"),
    ],
)
def test_animal_tags_and_transponders(text, expected):
    assert expected in [text[s.start : s.end] for s in NationalIdRecognizer().analyze(text)]


def test_a_spaced_fifteen_digit_number_without_a_tag_word_is_no_transponder():
    text = "Total 982 000412236517 units shipped"
    assert NationalIdRecognizer().analyze(text) == []


def test_an_irish_pps_number_is_found_by_its_shape_alone():
    text = "PPS numbers supplied: Ciarán 7284913WA; Niamh 8836120SH."
    got = [text[s.start : s.end] for s in R.analyze(text) if s.score >= THRESHOLD]
    assert got == ["7284913WA", "8836120SH"]
    bare = "acknowledgement quotes 6382154T and 12345678AB"
    assert [bare[s.start : s.end] for s in R.analyze(bare)] == ["6382154T"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Fødselsnummer: 12058349885. Adresse: Bjørnstadvegen 7", ["12058349885"]),
        ("fnr. 120583 49885", ["120583 49885"]),
        ("Fødselsnummer: 12058349886", []),  # a wrong check digit
        ("order 12058349885", []),  # no name for the number
    ],
)
def test_norwegian_fodselsnummer_after_its_name_with_valid_check_digits(text, expected):
    from privtext.tagging.recognizers.national_id import NationalIdRecognizer

    spans = NationalIdRecognizer().analyze(text)
    assert [text[s.start : s.end] for s in spans if s.score >= 0.5] == expected
