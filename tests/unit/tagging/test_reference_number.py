"""CASE_NUMBER and ACCOUNT_NUMBER recognizers."""

import pytest

from privtext.tagging.recognizers.reference_number import (
    AccountNumberRecognizer,
    CaseNumberRecognizer,
)

C = CaseNumberRecognizer()
A = AccountNumberRecognizer()
THRESHOLD = 0.5


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the case of X v. Y (application no. 36110/97)", ["36110/97"]),
        ("36110/97", ["36110/97"]),
        ("Application no. 12345/04", ["12345/04"]),
        ("applications nos. 1234/05 and 5678/06", ["1234/05", "5678/06"]),
        ("application no. 123/05", ["123/05"]),
        ("Case C-123/19", ["C-123/19"]),
        ("BVerfG, 2 BvR 123/08", ["2 BvR 123/08"]),
        ("BGH VI ZR 12/19", ["VI ZR 12/19"]),
        ("[2019] EWHC 123 (QB)", ["[2019] EWHC 123 (QB)"]),
        ("Case No. 1:19-cv-01234", ["1:19-cv-01234"]),
        ("docket CV-2021-004512", ["CV-2021-004512"]),
        ("please quote reference KX-48213.", ["KX-48213"]),
        ("ticket #48213", ["48213"]),
        ("claim number 1234-5678.", ["1234-5678"]),
        ("Our ref: ABC/2021/0045", ["ABC/2021/0045"]),
        ("file no. 2019/123", ["2019/123"]),
        ("case KX-48213", ["KX-48213"]),
        ("Andreea, I've opened case 88311452. Seller", ["88311452"]),
        ("Incident form IR-0714-02 completed.", ["IR-0714-02"]),
        ("WRIT PETITION NO. 18452 OF 2022 (GM-RES)", ["18452 OF 2022"]),
        ("CAUSE NO. E214 OF 2021", ["E214 OF 2021"]),
        ("Citation: 2023 FC 846", ["2023 FC 846"]),
        ("see [2019] HCA 12 and [2023] ZAGPJHC 1187.", ["[2019] HCA 12", "[2023] ZAGPJHC 1187"]),
    ],
)
def test_when_a_case_number_appears_then_it_is_tagged(text, expected, spans_of):
    assert spans_of(C, text, THRESHOLD) == [("CASE_NUMBER", e) for e in expected]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "in the 2019/20 season",
        "in case 2019 was bad",
        "in this case 12 people",
        "CVE-2021-44228",
        "Series A no. 324",
        "Reference is made to the file.",
        "24/7 support",
        "1/2 cup",
        "12 March 2019",
    ],
)
def test_when_text_is_not_a_case_number_then_nothing_is_tagged(text, spans_of):
    assert spans_of(C, text, THRESHOLD) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("account number 12345678", "12345678"),
        ("my account is 12345678.", "12345678"),
        ("customer ID C-10293", "C-10293"),
        ("policy no. PX-77120-A", "PX-77120-A"),
        ("sort code 12-34-56", "12-34-56"),
        ("passport number 123456789", "123456789"),
        ("driver's license D1234567", "D1234567"),
        ("order #A12345 shipped", "A12345"),
        ("Patient ID: 00482913", "00482913"),
        ("employee number 4471", "4471"),
        ("membership card, No. AB1234", "AB1234"),
        ("Account no (NUBAN): 2098814457", "2098814457"),
        ("have your driver's licence (10380005LP7K) available", "10380005LP7K"),
        ("Demetriou Watch Repairs, London EC1N 8EB, inv 2024/0317\n", "2024/0317"),
        ("Customer O'Donnell-Reyes (cust_id 700418825) requested", "700418825"),
        ("to your current account ending 6721 within 5 working days", "6721"),
        ("pagó con tarjeta de crédito terminación 4417.", "4417"),
        ("the card ending in 0093 was blocked", "0093"),
        ("PC Hartley (2217) took my details.", "2217"),
        ("officer PC Wong Siu Ming (UI 47281)\n", "47281"),
        ("Paybill 522533 acc 7734019 or send", "7734019"),
        ("NUR ALIA\nNo. Matrik: 1221304417\n", "1221304417"),
        ("N.º de cliente: 1008743216\nNIF", "1008743216"),
        ("transferencia: BBVA México, CLABE 012180001234567891.", "012180001234567891"),
        ("im Lager beschäftigt (Personalnummer 004718).", "004718"),
        ("a copy of your national ID card (19780214057 per our records)", "19780214057"),
        ("A domiciliary account, 2241186093, is also kept", "2241186093"),
    ],
)
def test_when_an_account_number_appears_then_it_is_tagged(text, expected, spans_of):
    assert spans_of(A, text, THRESHOLD) == [("ACCOUNT_NUMBER", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "in order to",
        "order 66",
        "student 2019",
        "No. 5 in the list",
        "the account was closed in 2019",
        "number 12",
        "No. Tel: 012345678",  # a telephone
        "ending 6721 within days",  # no account or card before
    ],
)
def test_when_text_is_not_an_account_number_then_nothing_is_tagged(text, spans_of):
    assert spans_of(A, text, THRESHOLD) == []


# ------------------------------------------------------------ cue-led numbers and generic codes


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a reference keyword with a dot, a non-ASCII letter, a previous longer keyword
        ("Please quote Ref.: MK/2023/11742 in all correspondence", "MK/2023/11742"),
        ("Unser Zeichen / our ref.: H\u00dc-2021/0442", "H\u00dc-2021/0442"),
        ("Our reference: Q/19/220471\nDear Sir", "Q/19/220471"),
        ("Dossier n\u00b0 2022/14587 du tribunal", "2022/14587"),
        # German Aktenzeichen keeps its abbreviation
        ("the building permit (Az. 2021-WaStr-0098) was granted", "Az. 2021-WaStr-0098"),
        ("Az.: IV 3 - 4410/22", "Az.: IV 3 - 4410/22"),
        # a long number after "number" / "no." / "#"
        ("The complaint was registered under the number 77120.", "77120"),
        ("Bug #20931 reopened", "20931"),
        ("Protocollo n. 123456 del 2020", "123456"),
        ("crime number: 42/118374/23", "42/118374/23"),
        ("Geschäftszeichen: 12-3456/2023", "12-3456/2023"),
        # generic codes, no cue needed
        ("Your complaint has been logged as CMP-2024-00871.", "CMP-2024-00871"),
        ("Order status for SO-884120: shipped", "SO-884120"),
        ("RMA-00412377 has been approved", "RMA-00412377"),
        ("see the attached log (INC0012345)", "INC0012345"),
        ("hi, it's about PRJ-5521 again", "PRJ-5521"),
        ("INTERNAL MEMO \u2013 RQ-0048812", "RQ-0048812"),
        ("transferred to unit K-PLS-004417 today", "K-PLS-004417"),
        ("vehicle AB-123-CD was towed", "AB-123-CD"),
        ("filed as 2022-VwGO-1187 by the office", "2022-VwGO-1187"),
        ("OUTBOUND SHIPMENT SHP-7730912", "SHP-7730912"),
    ],
)
def test_when_a_reference_code_appears_then_it_is_a_case_number(text, expected, spans_of):
    assert ("CASE_NUMBER", expected) in spans_of(C, text, THRESHOLD)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Contract no. HV 7730192 ends in May", "HV 7730192"),
        ("termination of contract KV 55120934", "KV 55120934"),
        ("treating physician, practitioner no. LANR 987654321", "LANR 987654321"),
        ("work permit no. 7712309845.", "7712309845"),
        ("residence permit number 2209341187", "2209341187"),
        ("the car with registration KL-77-ZT was seen", "KL-77-ZT"),
        ("Agent: can I have your member number?\nCustomer: sure it's MB-00471263", "MB-00471263"),
        ("DS 1187 attended the scene", "1187"),
        ("Arresting officer: PC 20931 J. Walsh", "20931"),
        ("policy no.: HOM/220/4471-B", "HOM/220/4471-B"),
        ("Officer Smith, badge 4471, attended", "4471"),
        ("the vehicle registration AB12 CDE was seen", "AB12 CDE"),
        ("a car M-AB 1234 parked outside", "M-AB 1234"),
        ("Kundennummer: 4471192", "4471192"),
        ("n\u00b0 client : 0044712", "0044712"),
        ("Agent: account number please?\nCaller: one sec\nCaller: 77120 4419 3", "77120 4419 3"),
    ],
)
def test_when_an_id_follows_an_account_like_cue_then_it_is_an_account_number(
    text, expected, spans_of
):
    assert ("ACCOUNT_NUMBER", expected) in spans_of(A, text, THRESHOLD)


@pytest.mark.parametrize(
    "text",
    [
        # products, models, standards, pathogens
        "COVID-19 cases rose again",
        "an A320 landed at 6pm",
        "the F-16 jets flew over",
        "ISO 9001 certified and ISO-9001:2015 audited, EN-13432 compostable, IEC 61508",
        "an MP3 player, H2O, B2B sales, CO2 emissions, PM2.5 levels, the G7 summit",
        "SARS-CoV-2, IL-6 and BRCA1 results; HbA1c 48",
        "Windows 95/98/ME and NT/2000/XP",
        "a 4K TV, A4 paper, the M25, junction J19-20, an A350-900",
        "CVE-2021-44228 and CVE-2023-4863",
        "EGFR-T790M, BRAF-V600E and JAK2-V617F mutations; a Samsung SM-G991B",
        "call 1-800-FLOWERS",
        "[2004] ECR I-4567 and ECR II-1234",
        "UN Doc. A/HRC/45/12 and S/RES/2334 (2016)",
        "Executive Order 13769",
        "the tax 12000 was paid, a EUR12000 bonus",
        "Part No. 12345-6789",
        # versions, ICD codes
        "upgrade to v2.1.3 or V10.2.14",
        "diagnosis F32.1, asthma J45.909, ICD-10",
        # dates, periods, years
        "on 2023-05-12 and 12/05/2023",
        "expires 12-MAR-2023",
        "Q3-2023 results and the FY2023/24 budget, KW12-2024",
        "the EURO-2024 finals",
        "Reports of Judgments and Decisions 1998-VIII",
        "received on 12.VII.2019",
        "in 2019",
        "the 2019/20 season",
        # legislation
        "Directive 2009/72/EC and Regulation (EU) 2016/679",
        "Regulation (EU) No 1215/2012",
        "Law no. 2004-1234 of 9 March",
        "Loi n\u00b0 78-17 du 6 janvier",
        "Article 5 \u00a7 1, section 12(3), Rule 39",
        "Series A no. 324",
        # amounts, measures, times, ages, addresses, phones
        "EUR 2,400 and \u00a31,250.00",
        "invoice 2400.00 EUR",
        "39+2 weeks, 120 km, at 23:15, aged 45",
        "12 Quay Street",
        "No. 10 Downing Street",
        "phone number 07700 900123",
        "a number of 12000 people",
        "the number 2019",
        "3-5 working days, 24/7 support, 1/2 cup",
        # postcodes with a country prefix
        "D-80331 M\u00fcnchen, CH-8001 Z\u00fcrich, F-75008 Paris",
        "Washington, DC 20001",
        # rooms, flights, forms
        "meet in room B-1204",
        "flight LH-4412 was delayed",
        "Form 1099-MISC",
        # words, not codes
        "the Covid-2020 lockdown",
        "iPhone15 and jpg-2021",
        "in order to buy 5000 units; order of 5000 units",
        "the contract 2023",
        "registration 2019",
    ],
)
def test_when_text_is_not_a_reference_then_nothing_is_tagged(text, spans_of):
    assert spans_of(C, text, THRESHOLD) == []
    assert spans_of(A, text, THRESHOLD) == []


def test_when_a_code_follows_a_case_cue_then_it_scores_higher():
    text = "refund raised under RF-118802.\nSee also RF-118803"
    scores = {text[s.start : s.end]: s.score for s in C.analyze(text)}
    assert scores["RF-118802"] > scores["RF-118803"] >= THRESHOLD


def test_when_a_permit_number_is_bare_digits_then_it_beats_a_bare_phone():
    text = "residence permit no. 1301234567."
    spans = A.analyze(text)
    assert max(s.score for s in spans) > 0.4


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My BVN is 22419083367 and my NIN is 70183226451.", ["22419083367", "70183226451"]),
        (
            "we have noted your NIN as 51830274619), your BVN (22419830575),",
            ["51830274619", "22419830575"],
        ),
        ("PPSN: 6271550RA\n", ["6271550RA"]),
        ("Bank Verification Number (BVN) 22184503917 and", ["22184503917"]),
        ("Civil ID: 289041501234", ["289041501234"]),
        ("costs EUR 250000 now", []),
        ("certified to ISO 270011", []),
        ("\u0391\u03a6\u039c 051177342, loan 77", ["051177342"]),
        ("Keizersgracht 9, Amsterdam \u2013 KvK 60218835", ["60218835"]),
        ("filed under your Steuernummer 143/207/51128 at the Finanzamt", ["143/207/51128"]),
    ],
)
def test_numbers_named_by_an_acronym_are_account_numbers(text, expected):
    from privtext.tagging.recognizers.reference_number import IdAcronymRecognizer

    assert [text[s.start : s.end] for s in IdAcronymRecognizer().analyze(text)] == expected


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("10:00\n2400117832  KHALIL, Omar  (26)  Flat 8\n", ["2400117832"]),
        ("\n  88123456\tO'BRIEN, Sean Patrick\n", ["88123456"]),
        ("\n12345678 items, total\n", []),  # no column, no name in capitals
        ("\n123456  Total, 14\n", []),  # the word after the column is not in capitals
    ],
)
def test_a_long_number_opening_a_listing_row_before_a_name_is_a_case_number(text, numbers):
    assert [text[s.start : s.end] for s in C.analyze(text)] == numbers


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Notre référence: RV-2025-01884\nDécision", "RV-2025-01884"),
        ("Uw kenmerk: 2024/118 ", "2024/118"),
        ("N. protocollo 2025/4471 del", "2025/4471"),
    ],
)
def test_reference_cues_of_other_languages_mark_case_numbers(text, expected, spans_of):
    assert ("CASE_NUMBER", expected) in spans_of(C, text, THRESHOLD)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Conferma prenotazione / Booking confirmation VSA-77A3KQ\n", "VSA-77A3KQ"),
        ("booking ref: QX7K2M thanks", "QX7K2M"),
    ],
)
def test_booking_codes_with_a_carrier_prefix_are_found(text, expected, spans_of):
    assert ("ACCOUNT_NUMBER", expected) in spans_of(A, text, THRESHOLD)


def test_a_number_coordinated_with_a_cued_one_is_the_same_kind(spans_of):
    text = "member no. 0044718215 (Raymond T. Okafor) and 0039920611 (Linda Hoang), 12 staff"
    got = spans_of(A, text, THRESHOLD)
    assert got == [("ACCOUNT_NUMBER", "0044718215"), ("ACCOUNT_NUMBER", "0039920611")]
    # a number of another length is not taken
    assert spans_of(A, "member no. 0044718215 and 123456 others", THRESHOLD) == [
        ("ACCOUNT_NUMBER", "0044718215")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("FATURA N.º FT 2025/0418823\nData", "FT 2025/0418823"),
        ("Referência da autorização: 104987332.", "104987332"),
    ],
)
def test_portuguese_invoice_and_reference_cues_mark_case_numbers(text, expected, spans_of):
    from privtext.tagging.recognizers.reference_number import CaseNumberRecognizer

    assert ("CASE_NUMBER", expected) in spans_of(CaseNumberRecognizer(), text, THRESHOLD)


def test_a_date_and_time_after_a_case_cue_is_no_case_number(spans_of):
    from privtext.tagging.recognizers.reference_number import CaseNumberRecognizer

    text = "Report no.: IR-ZGZ-2025-0093\nDate/time of incident: 2025-02-18 06:35   Location"
    assert spans_of(CaseNumberRecognizer(), text, 0.0) == [("CASE_NUMBER", "IR-ZGZ-2025-0093")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Bank tujuan: BCA     Rekening: 5210448376\nJumlah", "5210448376"),
        ("confirm your CBE account, is it 1000234785612?", "1000234785612"),
        ("virement : RIB 007 780 0001234567000123 45 (banque)", "007 780 0001234567000123 45"),
        ("Donations can be made to CBU 0110599520000012345678 or", "0110599520000012345678"),
    ],
)
def test_indonesian_moroccan_and_argentine_account_cues(text, expected, spans_of):
    assert ("ACCOUNT_NUMBER", expected) in spans_of(A, text, THRESHOLD)


def test_a_number_after_the_numero_sign_needs_four_digits(spans_of):
    text = "удостоверение личности № 048713925; Метформин 850 мг № 60; таб. № 0342."
    got = [v for _, v in spans_of(A, text, THRESHOLD)]
    assert "048713925" in got and "0342" in got and "60" not in got


def test_refs_cue_a_list_of_codes(spans_of):
    from privtext.tagging.recognizers.reference_number import CaseNumberRecognizer

    text = "Uganda e-visa refs: UG-EV-2025-0418827, UG-EV-2025-0418828"
    got = spans_of(CaseNumberRecognizer(), text, THRESHOLD)
    assert ("CASE_NUMBER", "UG-EV-2025-0418827") in got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ИИН: 790512400318\nАдрес", "790512400318"),
        ("Mrs Banda, 31 years, NRC 214587/10/1, ANC card", "214587/10/1"),
        ("Rosa Elena, 38 años, C.I. 4812736 LP, comerciante", "4812736"),
        ("I sent mine: JSHSHIR 31204985270041, is that", "31204985270041"),
        ("CNI: 1 751 1985 04217 · +221 77 418 22 63", "1 751 1985 04217"),
        ("b. 09/05/1990 – NIN 109905123456780012 – architect", "109905123456780012"),
        ("Transferência, NIB 0001 0000 0045 8812 3015 7\n", "0001 0000 0045 8812 3015 7"),
    ],
)
def test_acronym_named_numbers_cyrillic_dotted_long_slashed_and_spaced(text, expected, spans_of):
    from privtext.tagging.recognizers.reference_number import IdAcronymRecognizer

    assert ("ACCOUNT_NUMBER", expected) in spans_of(IdAcronymRecognizer(), text, THRESHOLD)


def test_spaced_acronym_numbers_leave_nino_and_dates_alone(spans_of):
    from privtext.tagging.recognizers.reference_number import IdAcronymRecognizer

    r = IdAcronymRecognizer()
    assert spans_of(r, "NI number QQ 12 34 65 C on file", THRESHOLD) == []
    assert spans_of(r, "DATE OF BIRTH (DD MM YYYY): 03 08 1987 PPSN", THRESHOLD) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Nationality: Filipino\nIqama 2418883057 · Passport", "2418883057"),
        ("My cédula is 0151923847 and my US passport", "0151923847"),
        ("Débito automático: BROU, cuenta 001584392-00001\n", "001584392-00001"),
        ("personal code (asmens kodas) 48903150417, residing", "48903150417"),
    ],
)
def test_identity_and_account_words_of_other_languages(text, expected, spans_of):
    assert ("ACCOUNT_NUMBER", expected) in spans_of(A, text, THRESHOLD)


def test_a_court_lists_numbered_line_opens_with_its_case_number(spans_of):
    from privtext.tagging.recognizers.reference_number import CaseNumberRecognizer

    text = "MONDAY 17 MARCH 2025\n\n1. 25/018244 PATRICK SEAN DEVLIN (34), 12 Glenbank Drive"
    got = spans_of(CaseNumberRecognizer(), text, THRESHOLD)
    assert ("CASE_NUMBER", "25/018244") in got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Send it to GTBank 0439182765 and post the receipt", "0439182765"),
        ("Salary account: KB Kookmin Bank 123401-04-567890\n", "123401-04-567890"),
        ("pay Equity Bank a/c 1180277194466 today", "1180277194466"),
        ("Account number assigned: 0192847736", "0192847736"),
        ("código de cliente 3109944827. Gracias", "3109944827"),
        ("N° de servicio: 70021584 · Período", "70021584"),
    ],
)
def test_a_number_after_its_bank_or_a_customer_or_service_cue_is_an_account(
    text, expected, spans_of
):
    assert ("ACCOUNT_NUMBER", expected) in spans_of(A, text)


@pytest.mark.parametrize("text", ["the Bank 2024 annual report", "World Bank 12 projects"])
def test_a_year_or_a_count_after_a_bank_is_no_account(text, spans_of):
    assert spans_of(A, text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Personnummer: 19790618-2284\nAddress", "19790618-2284"),
        ("Teudat Zehut: 038492716     Passport", "038492716"),
        ("Labour card: 109847221\nMobile", "109847221"),
        ("by PC Hale (service no. N4417) and", "N4417"),
        ("Sworn before me: W/O R. Petersen, persal 71902455", "71902455"),
        ("my РНОКПП is 3104518826 if he needs it", "3104518826"),
    ],
)
def test_identity_numbers_named_by_their_scheme_in_several_countries(text, expected, spans_of):
    assert any(t == expected for _, t in spans_of(A, text))


def test_a_service_without_a_number_word_is_no_identifier(spans_of):
    assert spans_of(A, "the service 2024 was held at noon") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a silver van, plate KGT 418, parked outside", "KGT 418"),
        ("Prime mover: Kenworth T610, rego 512 VZK\n", "512 VZK"),
        ("Camioneta patente KJ·TR·41.", "KJ·TR·41"),
        ("I saw a blue Mazda, registration LKZ418, reverse", "LKZ418"),
        ("bir şahsın 34 KRM 418 plakalı motosikletten", "34 KRM 418"),
    ],
)
def test_a_vehicle_plate_after_its_cue_is_an_identifier(text, expected, spans_of):
    assert any(t == expected for _, t in spans_of(A, text))


@pytest.mark.parametrize(
    "text", ["the Registration Form A1", "registration of the company in 2019", "plate 4"]
)
def test_words_and_years_after_a_plate_cue_are_no_plate(text, spans_of):
    assert spans_of(A, text) == []


def test_occurrence_book_and_hotel_folio_numbers_are_case_numbers(spans_of):
    from privtext.tagging.recognizers.reference_number import CaseNumberRecognizer

    rec = CaseNumberRecognizer()
    text = "CAS no.: 118/02/2025      OB no.: 412\nHotel, 2 nights (folio 118842)"
    found = [t for _, t in spans_of(rec, text)]
    assert "412" in found and "118842" in found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("got a claim number (APPR-2024-0338174) but nothing since", "APPR-2024-0338174"),
        ("INVOICE No. BM-24-06118\nJob card: J4471\n", "J4471"),
        ("Paid: KES 10,000 by M-Pesa (transaction SH83KQ7L2P).", "SH83KQ7L2P"),
        ("09:40 - Mary: SE34LPQ9XK Confirmed. Ksh4,300.00 sent", "SE34LPQ9XK"),
    ],
)
def test_claim_numbers_in_brackets_job_cards_and_mobile_money_codes(text, expected):
    assert expected in [text[s.start : s.end] for s in C.analyze(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Frequent flyer number: SKL 0048 7761 2\n\nDear Sir", "SKL 0048 7761 2"),
        ("Frequent flyer no.: EM 20 4418 937\nRoute: Lagos", "EM 20 4418 937"),
        ("Vehicle: Toyota Probox\nReg No.: KDC 472M\nChassis No.: X", "KDC 472M"),
        ("Case AP-24-0117 \u2013 E. Quinlivan (21187430)\n", "21187430"),
        ("Case AP-24-0121 \u2013 Rafael Nunes da Silva (23004512)\n", "23004512"),
        ("my album number is 287431 right?", "287431"),
    ],
)
def test_loyalty_numbers_cued_plates_numbers_after_names_and_album_numbers(text, expected):
    assert expected in [text[s.start : s.end] for s in A.analyze(text)]


@pytest.mark.parametrize(
    "text",
    [
        "Reg. no. MMC 2008/04/1523",  # a registration number with slashes is no plate
        "the 1984 album number 3 in the charts",  # an album is only a number with "is"/":"
        "Section 12 (2019) of the Act",  # a year in brackets
        "Frequent flyer number: pending",
    ],
)
def test_no_plate_or_number_taken_from_these(text):
    got = [text[s.start : s.end] for s in A.analyze(text)]
    assert "MMC 2008" not in got and "3" not in got and "2019" not in got and got != ["pending"]


def test_an_employment_tribunal_case_number_is_taken_without_a_cue():
    text = "1      10:00   2200418/2024   Nguyen Thi Mai   Lotus Nail Bar Ltd"
    assert [text[s.start : s.end] for s in C.analyze(text)] == ["2200418/2024"]
    assert C.analyze("paid 2200418/2024x") == [] and C.analyze("ratio 22004/2024") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Import entry held \u2013 container MSKU 729104-6 \u2013 your ref", ["MSKU 729104-6"]),
        ("| TGHU6620319 | CL0884173 |", ["TGHU6620319"]),
        ("which MRN? 25GR000012045881A7 and 25GR000012045902C3", ["25GR000012045881A7"]),
        ("EUSS share code R8M 4KT 2Q7 | yes", ["R8M 4KT 2Q7"]),
        ("a new share code (like W7K 2RP Q4D last time)", ["W7K 2RP Q4D"]),
    ],
)
def test_containers_customs_references_and_share_codes(text, expected):
    got = [text[s.start : s.end] for s in C.analyze(text)]
    assert set(expected) <= set(got)


def test_no_container_or_share_code_in_these():
    for text in ("the USB 3.0 port", "share code with the team", "MSKU-729104-6x"):
        got = [text[s.start : s.end] for s in C.analyze(text)]
        assert not any(g.startswith(("MSKU", "USB")) for g in got), got
        assert "code with the" not in got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("account at Westpac (03-1702-0193388-00) is frozen", "03-1702-0193388-00"),
        ("Vehicle: tractor SCZ 48213, trailer SCZ 7A9P", "SCZ 48213"),
        ("trailer SCZ 7A9P", "SCZ 7A9P"),
        ("the van 191-D-12345 was parked", "191-D-12345"),
    ],
)
def test_new_zealand_accounts_and_plates_after_more_vehicle_words(text, expected):
    assert expected in [text[s.start : s.end] for s in A.analyze(text)]


def test_a_call_sign_is_a_case_number():
    text = "IMO number: 9487213          Call sign: 9HA4821\nFlag State: Malta"
    assert "9HA4821" in [text[s.start : s.end] for s in C.analyze(text)]


def test_crypto_wallet_addresses_are_accounts():
    text = (
        "Linked wallets: BTC bc1q9m4k7r2xw0fj8c6hszl3tq5yv2d8e0pa7n4us6; ETH "
        "0x7C3a91E0b4dF28a6152c9e3B7d10Fa94C6e2B815\nNot a wallet: 0x7C3a91 or bc1 alone."
    )
    got = [text[s.start : s.end] for s in A.analyze(text)]
    assert got == [
        "bc1q9m4k7r2xw0fj8c6hszl3tq5yv2d8e0pa7n4us6",
        "0x7C3a91E0b4dF28a6152c9e3B7d10Fa94C6e2B815",
    ]


def test_legacy_and_tron_wallets_need_a_random_mix_and_a_transaction_hash_is_a_reference():
    text = (
        "withdrawn to 1Fq8nW3kTz7xY2cR5vB9mD4hL6pJ0sGaE3 and TXk8m2Pq9Lw4Rz7Ny3Vb6Hc1Df5Gj8Kt2Ms; "
        "not ThisIsALongCamelCaseIdentifierName nor 1234567890123456789012345678."
    )
    got = [text[s.start : s.end] for s in A.analyze(text)]
    assert got == ["1Fq8nW3kTz7xY2cR5vB9mD4hL6pJ0sGaE3", "TXk8m2Pq9Lw4Rz7Ny3Vb6Hc1Df5Gj8Kt2Ms"]
    h = "0x9b4e1f07c2a8d35e6b90f1c4a7d28e53b6c0f9a1e4d7b2c85f03a6e91d4b7c20"
    text = f"Transaction hash: {h}\nshort 0x9b4e1f07"
    assert [text[s.start : s.end] for s in C.analyze(text)] == [h]


def test_land_registry_entries_samples_and_issue_numbers_after_their_keyword():
    text = (
        "Gemarkung Gohlis, Flurstück 118/7; (Lot 7 in Strata Plan SP 20418); urine, sample "
        "code 4471829; certificate (issue no. 2025-0306-118447); foglio 21, particella 418"
    )
    got = [text[s.start : s.end] for s in C.analyze(text)]
    for want in ("118/7", "SP 20418", "4471829", "2025-0306-118447", "418"):
        assert want in got, want


def test_a_south_african_plate_is_found_by_its_province_code():
    text = "Fleet list\nBKM 418 NC    Isuzu D-Max\nVW Polo, registration KC 44 PM GP\nRoom 12 NC"
    got = [text[s.start : s.end] for s in A.analyze(text)]
    assert "BKM 418 NC" in got
    assert "KC 44 PM GP" in got
    assert not any("12 NC" in g for g in got)


def test_a_kenyan_plate_and_officer_numbers_after_their_name():
    text = (
        "the client's two matatus, KCX 218M and KDA 471Q, earned more. Officers: Graeme Buchan "
        "(officer no. SO-418). Officer numbers: ABF 8812 J. Costa. Not KCX 2181 or KX 218M."
    )
    got = [text[s.start : s.end] for s in A.analyze(text)]
    for want in ("KCX 218M", "KDA 471Q", "SO-418", "ABF 8812"):
        assert want in got
    assert not any(g in ("KCX 2181", "KX 218M") for g in got)


def test_a_uuid_is_an_identifier():
    text = "an iPhone (device ID d1f4a8c2-7b39-4e11-9a62-08f3c5e1b7d4). Not d1f4a8c2-7b39."
    got = [text[s.start : s.end] for s in C.analyze(text)]
    assert got == ["d1f4a8c2-7b39-4e11-9a62-08f3c5e1b7d4"]


def test_a_serial_or_routing_number_without_number_after_the_word():
    text = (
        "Kyle's laptop (serial C02FK4Q8MD6R) was isolated; account 718204993, "
        "routing 071923884. The serial killer was 12 years."
    )
    got = [text[s.start : s.end] for s in A.analyze(text)]
    assert "C02FK4Q8MD6R" in got and "071923884" in got
    assert "12" not in got


def test_a_number_after_was_follows_its_keyword():
    text = (
        "ugh. order number was 866-7878931-5968901 if u wanna chase it. My account was 3 days late."
    )
    got = [text[s.start : s.end] for s in A.analyze(text)]
    assert got == ["866-7878931-5968901"]


def test_a_mixed_code_of_capitals_and_digits_is_an_identifier_but_not_a_bank_code():
    text = (
        "Received from Akinyi SCK4XY82PQ confirmed. Claim K0QZ4R71 at court. "
        "BIC COLSDE33XXX, C1428DNC CABA, EUR12000, COVID19 and ISO9001."
    )
    got = [text[s.start : s.end] for s in C.analyze(text)]
    assert "SCK4XY82PQ" in got and "K0QZ4R71" in got
    for code in ("COLSDE33XXX", "C1428DNC", "EUR12000", "COVID19", "ISO9001"):
        assert code not in got


def test_indian_plates_vehicle_words_and_staff_codes():
    text = (
        "white Innova RJ14 TC 4418, mob. Hearse OXZ 4172 and two limousines. "
        "14-Jan-2025 10:22  Agent JPS4471 (Shanice Campbell). Officer BC0417\n"
        "see UK 2024 plan and the agent 12 times"
    )
    got = [text[s.start : s.end] for s in A.analyze(text)]
    assert {"RJ14 TC 4418", "OXZ 4172", "JPS4471", "BC0417"} <= set(got)
    assert not any("2024" in g or g == "12" for g in got)


def test_a_code_in_brackets_after_a_persons_name():
    text = (
        "| Bec Hanley (FG-001) | Manager |\n| Lachlan O'Dea (FG-023) | Chef |\n"
        "NORTHSHORE CREDIT UNION (HR-07)\nsigned by Tomás Aguirre (FG-014)."
    )
    got = [text[s.start : s.end] for s in A.analyze(text)]
    assert {"FG-001", "FG-023", "FG-014"} <= set(got) and "HR-07" not in got


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("birth entry, akt nr 311/1902, in the registers", "311/1902"),
        ("the archive reference sygn. 35/1811/0/3/92. Could you", "35/1811/0/3/92"),
        ("acta 1042/1961 del Registro Civil", "1042/1961"),
        ("Procedimiento: MONITORIO 2291/2024", "2291/2024"),
        ("the correct MRN is 25BG004001T0066120, not", "25BG004001T0066120"),
    ],
)
def test_register_entries_and_movement_references_are_case_numbers(text, code):
    from privtext.tagging.recognizers.reference_number import CaseNumberRecognizer

    got = [(s.entity_type, text[s.start : s.end]) for s in CaseNumberRecognizer().analyze(text)]
    assert ("CASE_NUMBER", code) in got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # identifiers after their keyword in other languages
        ("geb. 17.08.1979, ehem. Matrikelnummer 2208417, heute", "2208417"),
        ("tolk Dariush Karimi (auktorisationsnummer 4172):", "4172"),
        ("la letrada Dña. Miren Arrieta, colegiada n.º 4172 del Ilustre", "4172"),
        ("en el contrato (permiso de conducir 21437785M). Además", "21437785M"),
        ("בעל הרכב: בוריס גורביץ', ת.ז. 312776418, טלפון", "312776418"),
        ("NPWP: 01.417.228.9-403.000\n", "01.417.228.9-403.000"),
        # plates after or before their cue, and a British plate in a text about a vehicle
        ("Sul furgone targato GF 417 KT, intestato alla madre", "GF 417 KT"),
        ("Az Ön nevén nyilvántartott SB 41 MID forgalmi rendszámú autó", "SB 41 MID"),
        ("на автомобиле «Лада Гранта», г/н А417ВК 30, в Махачкалу", "А417ВК 30"),
        ("the permit was still linked to your previous vehicle, WD64 KPL, because", "WD64 KPL"),
    ],
)
def test_identifiers_and_plates_in_other_languages(text, expected, spans_of):
    assert spans_of(A, text, THRESHOLD) == [("ACCOUNT_NUMBER", expected)]


def test_a_british_plate_shape_needs_a_text_about_vehicles(spans_of):
    assert spans_of(A, "Our study codes AB12 CDE and XY34 ZZZ were merged.", THRESHOLD) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Thank you for your complaint (web form WF-25-330417, sent from", "WF-25-330417"),
        ("BESLUT · Dnr NTH 2025/0417 · 2025-03-12", "NTH 2025/0417"),
        ("Unser Zeichen: BR-2025/0317 · Ihr Zeichen: Prov-88/2024\n", "Prov-88/2024"),
        ("(register entry 1968/4417); your", "1968/4417"),
        ("από το Βρεφοκομείο Αθηνών, αρ. μητρώου 4417/1955. Birth", "4417/1955"),
        ("vụ án hình sự số 88/QĐ-CSMT ngày 15 tháng 2", "88/QĐ-CSMT"),
        ("UITSPRAAK\nZaaknummer: 2024/0417228\nVerzoekster", "2024/0417228"),
        ("de la Corte de Apelaciones de Talca, rol 1417-2018.", "1417-2018"),
        ("| Informe al Defensor del Pueblo (queja 25004172) |", "25004172"),
        ("기록번호 83-1417, 아기 이름", "83-1417"),
        ("受付番号 4417-2290", "4417-2290"),
        ("案件編號：HK-2025-0417", "HK-2025-0417"),
    ],
)
def test_case_numbers_after_file_marks_in_more_languages(text, expected, spans_of):
    assert ("CASE_NUMBER", expected) in spans_of(C, text, THRESHOLD)


def test_the_dutch_word_rol_without_a_code_is_no_case_mark(spans_of):
    assert spans_of(C, "his rol in the firm was small, the rol of a clerk", THRESHOLD) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Banco do Brasil, agência 3417-2, conta corrente 41.772-8, e", ["3417-2", "41.772-8"]),
        ("振込先①\u3000楽天銀行\u3000普通\u30007741093\u3000名義", ["7741093"]),
        ("Personalausweis: 214788390\n", ["214788390"]),
        ('האישה נועה רוזנפלד, ת"ז 318472099, מתגוררת', ["318472099"]),
    ],
)
def test_brazilian_and_japanese_bank_accounts_and_identity_cards(text, expected):
    got = [text[s.start : s.end] for s in A.analyze(text)]
    assert all(e in got for e in expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Aircraft: PA-28-161 Warrior III   Reg: G-BZKT   Tech log", ["G-BZKT"]),
        ("Jahresnachprüfung D-EOBR: Ihrer Cessna 172 D-EOBR", ["D-EOBR", "D-EOBR"]),
        ("[06:02] ben: EI-FMV in from LHR, crew wrote up PACK 2", ["EI-FMV"]),
        ("Aeronave: Tecnam P2002 JF, matrícula EC-NRQ", ["EC-NRQ"]),
        ("Your Super Cub C-GKLP is ready after the annual.", ["C-GKLP"]),
        ("Die Rechnung für Ihr Helikopter HB-ZVK ist zahlbar", ["HB-ZVK"]),
        # no text about aircraft, or not a registration's shape
        ("that was an F-BOMB, G-MAIL is down", []),
        ("the pilot flew the A350-900 and the F-16", []),
        ("aircraft G-BZKTX and XG-BZK", []),
    ],
)
def test_aircraft_registrations_in_texts_about_aircraft(text, expected):
    from privtext.tagging.recognizers.reference_number import AircraftRegistrationRecognizer

    spans = AircraftRegistrationRecognizer().analyze(text)
    assert [text[s.start : s.end] for s in spans] == expected
    assert all(s.entity_type == "ACCOUNT_NUMBER" and s.score >= THRESHOLD for s in spans)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("To: Lewis Nash, B2290FT, HMP Highpoint", ["B2290FT"]),
        ("Prisoner: Samuel Oduya   Number: A9012QL   Location: F wing", ["A9012QL"]),
        # the same shape in a text that is not about prisons
        ("Product code A9012QL is out of stock", []),
    ],
)
def test_prison_numbers_in_texts_about_prisons(text, expected, spans_of):
    assert [t for _e, t in spans_of(A, text, THRESHOLD)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Prüffahrzeug: M-FZ 4417\nTermin", "M-FZ 4417"),
        ("mit 1,9 Promille am Steuer Ihres Fahrzeugs GAP-KS 118 angetroffen", "GAP-KS 118"),
        ("Werknummer 17276218) haben wir", "17276218"),
        ("tillverkningsnummer SG-1140733", "SG-1140733"),
    ],
)
def test_german_vehicle_cues_and_serial_numbers(text, expected, spans_of):
    assert ("ACCOUNT_NUMBER", expected) in spans_of(A, text, THRESHOLD)


def test_a_short_serial_needs_a_number_that_clearly_is_one(spans_of):
    # "número de serie" is a weak cue: a bare short number after it is not taken
    assert spans_of(A, "número de serie 11", THRESHOLD) == []
