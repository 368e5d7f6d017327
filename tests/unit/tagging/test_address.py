"""STREET_ADDRESS and POSTCODE recognizers: address blocks, European forms, postcode shapes."""

import pytest

from privtext.tagging.recognizers.address import PostcodeRecognizer, StreetAddressRecognizer

R = StreetAddressRecognizer()
P = PostcodeRecognizer()
THRESHOLD = 0.5


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("221B Baker Street\nLondon NW1 6XE", "221B Baker Street\nLondon NW1 6XE"),
        (
            "He lives at 12 Main Street, Springfield, IL 62704, and works there.",
            "12 Main Street, Springfield, IL 62704",
        ),
        (
            "1600 Pennsylvania Avenue NW, Washington, DC 20500",
            "1600 Pennsylvania Avenue NW, Washington, DC 20500",
        ),
        (
            "350 5th Avenue, Suite 300, New York, NY 10118",
            "350 5th Avenue, Suite 300, New York, NY 10118",
        ),
        (
            "Flat 3, Rose Court, 17 Mill Lane\nCambridge CB2 1TN",
            "Flat 3, Rose Court, 17 Mill Lane\nCambridge CB2 1TN",
        ),
        ("Apt 4B, 45 Elm Street", "Apt 4B, 45 Elm Street"),
        ("send it to 12-14 Church Lane.", "12-14 Church Lane"),
        ("No. 5 Mill Lane", "No. 5 Mill Lane"),
        ("12 St Mary's Road", "12 St Mary's Road"),
        ("15 rue de Rivoli, 75001 Paris", "15 rue de Rivoli, 75001 Paris"),
        ("écrire rue de la Paix 5", "rue de la Paix 5"),
        ("Hauptstraße 12\n10115 Berlin\nGermany", "Hauptstraße 12\n10115 Berlin\nGermany"),
        ("Berliner Straße 5", "Berliner Straße 5"),
        ("Calle Mayor 3, Madrid", "Calle Mayor 3, Madrid"),
        ("Via Roma 10", "Via Roma 10"),
        ("Kerkstraat 4, 1012 AB Amsterdam", "Kerkstraat 4, 1012 AB Amsterdam"),
        ("Prinsengracht 263", "Prinsengracht 263"),
        ("write to P.O. Box 1234", "P.O. Box 1234"),
        ("She lives on Elm Street now", "Elm Street"),
    ],
)
def test_when_an_address_appears_then_the_whole_block_is_one_span(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == [("STREET_ADDRESS", expected)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12 Oak Road\nDear John,", "12 Oak Road"),
        ("12 Oak Road. The house is old.", "12 Oak Road"),
        ("12 Oak Road\nMary called yesterday", "12 Oak Road"),
    ],
)
def test_when_prose_follows_an_address_then_it_is_not_swallowed(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == [("STREET_ADDRESS", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "On 12 March Court proceedings began",
        "in 1998 Oxford Road was closed",
        "the 47 Member States",
        "Article 6 Court",
        "3 Dr Smith",
        "We met in Mill Lane",  # no residence cue: below the threshold
        "page 12 Section 4",
    ],
)
def test_when_text_is_not_an_address_then_nothing_is_tagged(text, spans_of):
    assert spans_of(R, text, THRESHOLD) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # street word or abbreviation first, European units, postcode + city on the next line
        (
            "Carrer de Mallorca 401, 2º 1ª\n08013 Barcelona",
            "Carrer de Mallorca 401, 2º 1ª\n08013 Barcelona",
        ),
        (
            "Avenida da Liberdade 245, 4º Dto, 1250-143 Lisboa",
            "Avenida da Liberdade 245, 4º Dto, 1250-143 Lisboa",
        ),
        ("C/ Alcalá 50, 3º izq., 28014 Madrid", "C/ Alcalá 50, 3º izq., 28014 Madrid"),
        ("Calle Mayor 5, bajo, 28013 Madrid", "Calle Mayor 5, bajo, 28013 Madrid"),
        (
            "Recipient:\nul. Marszałkowska 84/92 m. 5\n00-514 Warszawa\nPoland\nTel: 22 123",
            "ul. Marszałkowska 84/92 m. 5\n00-514 Warszawa\nPoland",
        ),
        ("office at al. Jerozolimskie 65, Warszawa.", "al. Jerozolimskie 65, Warszawa"),
        (
            "a flat at vul. Khreshchatyk 22, kv. 7, Kyiv, where",
            "vul. Khreshchatyk 22, kv. 7, Kyiv",
        ),
        ("raided str. Lipscani 12, Brașov and took", "str. Lipscani 12, Brașov"),
        ("Bulevardul Unirii 20, bl. 5, București", "Bulevardul Unirii 20, bl. 5, București"),
        ("Piazza Navona 45, 00186 Roma", "Piazza Navona 45, 00186 Roma"),
        ("Av. Paulista 1578, São Paulo", "Av. Paulista 1578, São Paulo"),
        # Germanic compounds and prepositional names, Dutch and Nordic forms
        (
            "Sonnenweg 14\n8004 Zürich\nSwitzerland\n\nBest",
            "Sonnenweg 14\n8004 Zürich\nSwitzerland",
        ),
        ("Herrn\nJan Becker\nAuf der Heide 3\n33602 Bielefeld", "Auf der Heide 3\n33602 Bielefeld"),
        ("An der Alster 47, 20099 Hamburg", "An der Alster 47, 20099 Hamburg"),
        ("Keizersgracht 123-III\n1015 CJ Amsterdam", "Keizersgracht 123-III\n1015 CJ Amsterdam"),
        ("Havenstraat 8 bis\n2011 KL Haarlem", "Havenstraat 8 bis\n2011 KL Haarlem"),
        ("Nørregade 7, 1165 København K", "Nørregade 7, 1165 København K"),
        ("Storgatan 3\n114 55 Stockholm\nSweden", "Storgatan 3\n114 55 Stockholm\nSweden"),
        ("Postbus 2040\n3000 CA Rotterdam", "Postbus 2040\n3000 CA Rotterdam"),
        (
            "42 rue du Faubourg Saint-Antoine\n75012 Paris CEDEX",
            "42 rue du Faubourg Saint-Antoine\n75012 Paris CEDEX",
        ),
        # Turkish
        (
            "sent to Atatürk Mah. Gül Sok. No: 5 Daire 3, Ataşehir, 34750 İstanbul.",
            "Atatürk Mah. Gül Sok. No: 5 Daire 3, Ataşehir, 34750 İstanbul",
        ),
        ("Cumhuriyet Caddesi No: 12, Beşiktaş", "Cumhuriyet Caddesi No: 12, Beşiktaş"),
        # building names and units before the street, or with no street number
        (
            "based at Riverside House, 14 Mill Road, Cambridge CB1 2AD.",
            "Riverside House, 14 Mill Road, Cambridge CB1 2AD",
        ),
        (
            "I went to The Red Lion, 3 High Street, Oxford OX1 4AA after work",
            "The Red Lion, 3 High Street, Oxford OX1 4AA",
        ),
        ("a tenant of Flat 4, Maple Court, Clifton, who", "Flat 4, Maple Court, Clifton"),
        ("12 The Green\nRichmond TW9 1PL", "12 The Green\nRichmond TW9 1PL"),
        # a name and a number are an address only next to a postal part or after a cue
        ("Frau Anna Weber\nBirkenhof 5\n71634 Ludwigsburg", "Birkenhof 5\n71634 Ludwigsburg"),
        (
            "He left the flat at Kastanienhof 8, 71634 Ludwigsburg on 3 May.",
            "Kastanienhof 8, 71634 Ludwigsburg",
        ),
        ("the shop is on Rosenplatz 3, next to the bakery", "Rosenplatz 3"),
        ("Address on file: Kerkplein 9, Zwolle", "Kerkplein 9, Zwolle"),
        ("She moved to Lindenhof 4 in 2019.", "Lindenhof 4"),
        # more layouts: hyphenated German names, Polish words, UK town and postcode lines
        (
            "outside Karl-Marx-Gasse 12/3, Wohnung 4, 01067 Dresden",
            "Karl-Marx-Gasse 12/3, Wohnung 4, 01067 Dresden",
        ),
        ("of plac Zbawiciela 4/6, 00-573 Warszawa, and", "plac Zbawiciela 4/6, 00-573 Warszawa"),
        ("Ms Jane Holt\nFlat 2\nPrior Dale\nYork\nYO1 7HH", "Flat 2\nPrior Dale\nYork\nYO1 7HH"),
        ("Tom Reid\n52 Hatter Row\nLeeds\nLS1 4AB", "52 Hatter Row\nLeeds\nLS1 4AB"),
        ("Mme Roux\nrue des Lilas\n31000 Toulouse", "rue des Lilas\n31000 Toulouse"),
        ("12850 Cedar Run Apt. 4\nAustin, TX 78701", "12850 Cedar Run Apt. 4\nAustin, TX 78701"),
    ],
)
def test_when_an_international_address_appears_then_the_block_is_one_span(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == [("STREET_ADDRESS", expected)]


def test_when_a_block_is_found_then_it_scores_above_location_and_person_spans():
    spans = R.analyze("Rachel Kim\nBirkenhof 5\n71634 Ludwigsburg")
    assert [s.score >= R.BLOCK_SCORE for s in spans] == [True]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an unlisted line after the postal line is not a country: it is left out
        ("Via Cernaia 18\n10122 Torino\nPiemonte", "Via Cernaia 18\n10122 Torino"),
        # the person's name line above the street stays out
        ("Noah Fischer\nLindenweg 53\n4051 Basel", "Lindenweg 53\n4051 Basel"),
        # a person before the comma stays out
        (
            "Mr and Mrs Haddou, 12 rue Paul Bert, 69003 Lyon, tel. 04",
            "12 rue Paul Bert, 69003 Lyon",
        ),
        ("Rua das Flores 12, 4050-265 Porto. Is that right?", "Rua das Flores 12, 4050-265 Porto"),
        ("lives at 12 Oak Road, London, said his neighbour", "12 Oak Road, London"),
    ],
)
def test_when_a_block_ends_then_the_text_around_it_is_not_swallowed(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == [("STREET_ADDRESS", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "There has been a violation of Article 5 § 1 of the Convention.",
        "See Section 12 and Rule 39 of the Rules of Court.",
        "He waited in Room 4 until Chapter 3 was read.",
        "Protocol No. 1 to the Convention",
        "She upgraded to Windows 10 last year.",
        "a Boeing 737 crashed",
        "the Series 7 exam",
        "in March 2019 the applicant moved",
        "on page 12, at Level 3",
        "we paid EUR 2,400 on 12 May 2021",
        "The meeting is at Level 3, Room 12.",
        "Chapter 3\n2019 Annual Report",
        "Volume 2\n1200 Pages",
        "Date: 5 April 2024\nOur reference: Z/24/118830",
        "at Gate 12 of Terminal 5",
        "I met him at Google 2 years ago",
        "Item 4, 1500 Units sold",
        "Flat 3 was empty.",
        "He stayed at Hilton 3 nights.",
        "Ward 7, Lister Wing\n\n12 October 2023",
        "She scored 12, Smith 10, Jones 8.",
        "Smith et al. Nature 12",
        "Im Jahr 2019 zog er um.",
        "Stadsplateau 1",  # no cue, no postal line
        "at Euro 2020.",
    ],
)
def test_when_numbered_names_are_not_addresses_then_nothing_is_tagged(text, spans_of):
    assert spans_of(R, text, THRESHOLD) == []


def test_when_a_long_text_has_no_address_then_nothing_is_tagged():
    text = "Aaaa Bbbb Cccc, " * 3000 + "12 " * 3000 + "\nAbc 1\n" * 2000
    assert R.analyze(text) == []


def test_when_a_residence_cue_precedes_then_the_address_scores_higher():
    plain = R.analyze("12 Oak Road")[0].score
    cued = R.analyze("my address is 12 Oak Road")[0].score
    assert cued > plain >= THRESHOLD


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("London SW1A 1AA", "SW1A 1AA"),
        ("NW1 6XE", "NW1 6XE"),
        ("Ottawa, ON K1A 0B1", "K1A 0B1"),
        ("Springfield, IL 62704", "62704"),
        ("Austin, Texas 78701-1234", "78701-1234"),
        ("zip code 90210", "90210"),
        ("1012 AB Amsterdam", "1012 AB"),
        ("75001 Paris", "75001"),
        ("PLZ 10115", "10115"),
    ],
)
def test_when_a_postcode_appears_then_it_is_tagged(text, expected, spans_of):
    assert spans_of(P, text, THRESHOLD) == [("POSTCODE", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "in 2019 we paid 12000 euros",
        "order 90210 shipped",  # a bare 5-digit number
        "in 1000 BC",
        "in 2020 US sales grew",
        "12000 Euros",
        "the year 1998",
        "version 12345",
    ],
)
def test_when_a_number_is_not_a_postcode_then_nothing_is_tagged(text, spans_of):
    assert spans_of(P, text, THRESHOLD) == []


# ---------------------------------------------------------------- labelled address fields
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "ADDRESS: 22 BÓTHAR NA TRÁ\nSALTHILL\nGALWAY\nH91 E2K7\nMOBILE: 085 555 0126",
            "22 BÓTHAR NA TRÁ\nSALTHILL\nGALWAY\nH91 E2K7",
        ),
        (
            "Home address:\nUnit 1204\n88 Clarence Street\nSydney NSW 2000\nAustralia\nTFN: 4",
            "Unit 1204\n88 Clarence Street\nSydney NSW 2000\nAustralia",
        ),
        (
            "Hotel address: Baniyas Road, Deira, PO Box 11987, Dubai\nHotel phone: +971 4 555",
            "Baniyas Road, Deira, PO Box 11987, Dubai",
        ),
        (
            "   (f) Address: Flat No. 7, Shantiniketan Society, Pune - 411038\n   Mobile: +91",
            "Flat No. 7, Shantiniketan Society, Pune - 411038",
        ),
        ("Address: 4 Kerkweg  Tel: 020 555 0101", "4 Kerkweg"),
    ],
)
def test_labelled_address_field_is_one_block(text, expected):
    R.load()
    assert expected in [text[s.start : s.end] for s in R.analyze(text)]


@pytest.mark.parametrize(
    "text",
    [
        "Address: see above",
        "Address: Dublin",
        "Address: n/a\nPhone: 555",
        "Email address: jo@example.com",
    ],
)
def test_labelled_field_without_an_address_is_not_a_block(text):
    R.load()
    assert [s for s in R.analyze(text) if s.score >= THRESHOLD and s.source == R.name] == []


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Harold's Cross\nDublin 6W\nD6W X2R4", "D6W X2R4"),
        ("Salthill, Galway H91 E2K7", "H91 E2K7"),
        ("Cloonagh, Dromore West, Co. Sligo F91 K7T3 before", "Co. Sligo F91 K7T3"),
        ("Bridge Street, Dundalk, Co. Louth, A91 F6K2.", "Co. Louth, A91 F6K2"),
        ("PO Box 3310, Cabramatta NSW 2166, Australia", "2166"),
        ("Malleswaram, Bengaluru 560003", "560003"),
        ("Kothrud, Pune - 411038", "411038"),
        ("Higashiyama-ku, Kyoto 605-0862", "605-0862"),
        ("Ipanema, Rio de Janeiro - RJ\nCEP 22421-000", "22421-000"),
    ],
)
def test_eircodes_pins_cep_and_australian_postcodes(text, code):
    P.load()
    assert code in [text[s.start : s.end] for s in P.analyze(text) if s.score >= THRESHOLD]


@pytest.mark.parametrize(
    "text",
    [
        "Order 560003 was shipped",  # a number after a word that is not a place
        "the Sydney 2000 Olympics",  # 4 digits need a state
        "Flight A12 CDEF boards now",  # Eircode-like but no digit in the identifier
    ],
)
def test_numbers_that_are_not_postcodes(text):
    P.load()
    assert [s for s in P.analyze(text) if s.score >= THRESHOLD] == []


@pytest.mark.parametrize(
    ("text", "box"),
    [
        ("University\nPMB 41, Cape Coast, Ghana\n", "PMB 41"),
        ("Send it to Private Bag X12, Gaborone", "Private Bag X12"),
        ("Locked Bag 7, Parramatta NSW", "Locked Bag 7"),
    ],
)
def test_private_mail_bags_are_post_office_boxes(text, box):
    assert any(text[s.start : s.end].startswith(box) for s in R.analyze(text))


def test_a_bag_without_a_number_is_no_address():
    assert R.analyze("She left her private bag at the desk.") == []


def test_addresses_typed_in_lower_case_with_a_postcode_are_found():
    from privtext.tagging.recognizers.address import StreetAddressRecognizer

    r = StreetAddressRecognizer()
    text = (
        "[19:07] dwayne: 23 cheetham hill rd m8 8ee\n"
        "i live in a flat (flat 9, 140 stockport road, longsight, manchester m13 0ll) ok\n"
        "address is 12 the paddocks, classes lake, ballincollig, P31 YX04\n"
        "I paid 20 quid and 3 of us got a6 2ab ok"
    )
    got = [text[s.start : s.end] for s in r.analyze(text)]
    assert "23 cheetham hill rd m8 8ee" in got
    assert "flat 9, 140 stockport road, longsight, manchester m13 0ll" in got
    assert "12 the paddocks, classes lake, ballincollig, P31 YX04" in got
    assert not any("quid" in g or "of us" in g for g in got)


# --- streets named without their number are places -------------------------------------------

from privtext.tagging.base import Span  # noqa: E402
from privtext.tagging.recognizers.address import (  # noqa: E402
    STREET_NAME,
    streets_without_numbers_are_places,
)


def _weak_streets(text: str) -> list[str]:
    return [text[s.start : s.end] for s in R.analyze(text) if s.source == STREET_NAME]


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("a fight outside a bar on Queen Street. The victim", "Queen Street"),
        ("near the junction with Station Drive at around 7.45pm", "Station Drive"),
        ("Imran Bashir · Rosebank Rd: same thing happened", "Rosebank Rd"),
        ("Millbrook Lane is a narrow, unadopted road", "Millbrook Lane"),
        ("pulled out of Berw Road in Treforest", "Berw Road"),
    ],
)
def test_when_a_street_is_named_without_a_number_then_a_weak_street_name_is_found(text, street):
    assert street in _weak_streets(text)


@pytest.mark.parametrize(
    "text",
    [
        "the file is on Google Drive now",  # a product
        "under the Road Traffic Act 1988",  # a capitalized word follows: a title
        "recorded at Abbey Road Studios",  # an organisation's name
        "12 Mill Lane, Leeds",  # a number before it: an address core
        "Glenn Close was in it",  # a person
    ],
)
def test_when_a_street_word_ends_no_street_then_no_weak_street_name_is_found(text):
    assert _weak_streets(text) == []


def test_when_a_weak_street_name_stays_alone_then_it_becomes_a_location():
    text = "a bar on Queen Street, said Sam"
    spans = [Span(9, 21, "STREET_ADDRESS", 0.4, STREET_NAME), Span(28, 31, "PERSON", 0.85, "x")]
    out = streets_without_numbers_are_places(text, spans)
    assert [(s.entity_type, s.score >= THRESHOLD) for s in out] == [
        ("LOCATION", True),
        ("PERSON", True),
    ]


@pytest.mark.parametrize(
    ("surface", "expected"),
    [
        ("Rosebank Rd", "LOCATION"),
        ("Millbrook Lane", "LOCATION"),  # no given name first
        ("Lois Lane", "PERSON"),  # a given name and a surname that is also a street type
        ("Anna Street", "PERSON"),
    ],
)
def test_when_ner_calls_a_street_name_a_person_then_only_a_real_street_is_retyped(
    surface, expected
):
    text = f"Seen by {surface} yesterday"
    span = Span(8, 8 + len(surface), "PERSON", 0.85, "spacy_ner")
    (out,) = streets_without_numbers_are_places(text, [span])
    assert out.entity_type == expected


def test_when_a_street_name_is_part_of_an_address_block_then_it_stays_in_the_block():
    from privtext.tagging.registry import Tagger

    text = "Send it to:\nFlat 2, Queen Street\nLeeds LS1 4AB\n"
    spans = [s for s in Tagger([R, P]).tag(text) if s.score >= THRESHOLD]
    assert [(text[s.start : s.end], s.entity_type) for s in spans] == [
        ("Flat 2, Queen Street\nLeeds LS1 4AB", "STREET_ADDRESS")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Discharge destination: 7 Heol y Felin, Pontypridd CF37 4DP (new)",
         "7 Heol y Felin, Pontypridd CF37 4DP"),
        ("Ms Bhriain\nApartment 14, Cois Abhann, Dock Road, Limerick V94 X2K7\n",
         "Apartment 14, Cois Abhann, Dock Road, Limerick V94 X2K7"),
        ("Physical address: 23 Jacaranda Crescent, Edenvale, Gauteng, 1609\nCell: 082",
         "23 Jacaranda Crescent, Edenvale, Gauteng, 1609"),
        ("a resident of 2627 Roxas Boulevard, Pasay City, Metro Manila 1300, and",
         "2627 Roxas Boulevard, Pasay City, Metro Manila 1300"),
    ],
)  # fmt: skip
def test_welsh_streets_unit_lines_and_trailing_postal_codes_join_the_block(text, expected):
    from privtext.tagging.registry import Tagger

    got = [text[s.start : s.end] for s in Tagger.default().tag(text)]
    assert expected in got


@pytest.mark.parametrize(
    ("text", "block", "expected"),
    [
        # a South African code on its own line under the block
        ("Ms Khumalo\n22 Jacaranda Avenue\nNorthcliff\nJohannesburg\n2195\n\nPolicy",
         "22 Jacaranda Avenue\nNorthcliff\nJohannesburg",
         "22 Jacaranda Avenue\nNorthcliff\nJohannesburg\n2195"),
        # a Brazilian CEP, then the country's line
        ("Rua Motta, 1870\nCuritiba \u2013 PR\n80250-060\nBrazil\n\nOur ref",
         "Rua Motta, 1870\nCuritiba \u2013 PR",
         "Rua Motta, 1870\nCuritiba \u2013 PR\n80250-060\nBrazil"),
        # the code's line, but no country after it
        ("PO Box 211\nAberdeen\n6270\nAccount no.: KVC-0981",
         "PO Box 211\nAberdeen", "PO Box 211\nAberdeen\n6270"),
        # one line only: no code on the next line is taken
        ("12 Main Road, Aberdeen\n6270 people came", "12 Main Road, Aberdeen",
         "12 Main Road, Aberdeen"),
    ],
)  # fmt: skip
def test_a_postal_code_on_its_own_line_under_a_block_joins_it(text, block, expected):
    from privtext.tagging.recognizers.address import trailing_postal_codes

    s = text.index(block)
    (out,) = trailing_postal_codes(text, [Span(s, s + len(block), "STREET_ADDRESS", 0.9, "x")])
    assert text[out.start : out.end] == expected


def test_a_trailing_number_after_a_block_ending_in_a_number_is_left_alone():
    from privtext.tagging.recognizers.address import trailing_postal_codes

    text = "12 High Street, Flat 2, 1960 and more"
    spans = [Span(0, 22, "STREET_ADDRESS", 0.9, "x")]
    assert trailing_postal_codes(text, spans) is spans


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("DLF Phase 3, Gurugram, Haryana 122002\n", "122002"),  # a region before a PIN
        ("Hazratganj, Lucknow, Uttar Pradesh 226001", "226001"),  # a region's last word
        ("Brgy. Tabuc Suba, Jaro, Iloilo City 5000, 0918", "5000"),  # a Philippine city
    ],
)
def test_postcodes_after_regions_and_philippine_cities(text, code, spans_of):
    assert ("POSTCODE", code) in spans_of(P, text, 0.5)


@pytest.mark.parametrize("text", ["Mexico City 2024 report", "North 123456", "West 560003 units"])
def test_years_and_direction_words_do_not_make_postcodes(text, spans_of):
    assert spans_of(P, text, 0.5) == []


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("an der Ampel Ubierring / Rolandstraße. Das Fahrzeug", "Rolandstraße"),
        ("el tirón en la calle Cuba. El autor", "calle Cuba"),
        ("huyó hacia la Gran Vía Germanías", "Gran Vía Germanías"),
        ("a walk down Corso Vittorio Emanuele to the square", "Corso Vittorio Emanuele"),
        ("we met on Main St, then walked", "Main St"),
    ],
)
def test_streets_named_without_a_number_in_other_languages(text, street, spans_of):
    # a bare English street keeps a low score here; the place-slot pass decides on it
    assert ("STREET_ADDRESS", street) in spans_of(R, text)


@pytest.mark.parametrize(
    "text", ["Marguerite Lavallee, 83", "sent via Dublin", "Via Cavour 14, Lissone"]
)
def test_surnames_the_word_via_and_numbered_streets_are_no_bare_street(text, spans_of):
    got = spans_of(R, text, THRESHOLD)
    assert all(t != "STREET_ADDRESS" or any(c.isdigit() for c in v) for t, v in got)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # Peru: jirón first, a departamento, the district and its postcode
            "Domicilio: Jr. Huancavelica 1184, Dpto. 302, Cercado de Lima 15001\nTeléfono",
            "Jr. Huancavelica 1184, Dpto. 302, Cercado de Lima 15001",
        ),
        (  # Taiwan: number, lane and section before the road, then district and city
            "Address: No. 45, Ln. 112, Sec. 3, Minsheng E. Rd., Songshan Dist., Taipei City 105\n",
            "No. 45, Ln. 112, Sec. 3, Minsheng E. Rd., Songshan Dist., Taipei City 105",
        ),
        ("staying at KG 9 Ave 14, Nyarutarama, Kigali. For", "KG 9 Ave 14, Nyarutarama, Kigali"),
        (
            "Youssef Magdy\nBuilding 14, Street 250, Degla, Maadi, Cairo\nMobile",
            "Building 14, Street 250, Degla, Maadi, Cairo",
        ),
        (  # a year-like house number before a unit
            "address (Av. Pedro de Valdivia 1840, depto. 503, Providencia, Santiago) are",
            "Av. Pedro de Valdivia 1840, depto. 503, Providencia, Santiago",
        ),
        (
            "Alamat: Jl. Diponegoro No. 88, RT 03/RW 05, Kel. Kauman, Kec. Batang, Jawa Tengah "
            "51215.",
            "Jl. Diponegoro No. 88, RT 03/RW 05, Kel. Kauman, Kec. Batang, Jawa Tengah 51215",
        ),
        (
            "Gloria: Calle 10 Sur # 43A-25, apto 1204, El Poblado, Medellín\n[19:06]",
            "Calle 10 Sur # 43A-25, apto 1204, El Poblado, Medellín",
        ),
        (
            "Bill to:\nNo. 23, Jalan SS 15/4B,\n47500 Subang Jaya\n",
            "No. 23, Jalan SS 15/4B,\n47500 Subang Jaya",
        ),
        (  # the state after a Brazilian city
            "Rua Harmonia 271, apto 54\nIpanema, Rio de Janeiro - RJ\nCEP 22421-000\n",
            "Rua Harmonia 271, apto 54\nIpanema, Rio de Janeiro - RJ",
        ),
        (
            "Premises: Unit 5/28 Bayview Terrace, Kirribilli NSW 2061\nTenants",
            "Unit 5/28 Bayview Terrace, Kirribilli NSW 2061",
        ),
    ],
)
def test_street_layouts_of_peru_taiwan_rwanda_egypt_chile_indonesia_colombia_and_malaysia(
    text, expected, spans_of
):
    # (after a label, "Alamat:", the labelled block is found too; the tagger keeps the longer)
    found = spans_of(R, text, THRESHOLD)
    assert ("STREET_ADDRESS", expected) in found and {t for t, _ in found} == {"STREET_ADDRESS"}


def test_junior_after_a_name_is_no_street():
    assert R.analyze("Willie J. Mobley Jr. of Dayton, Ohio; Sammy Davis Jr. 1925") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Аптека № 12\nг. Алматы, пр. Абая, 150/230, тел. +7", "г. Алматы, пр. Абая, 150/230"),
        (
            "Адрес: г. Алматы, мкр. Самал-2, д. 58, кв. 14\nТелефон:",
            "г. Алматы, мкр. Самал-2, д. 58, кв. 14",
        ),
        ("Laugavegur 58b, 101 Reykjavík\n", "Laugavegur 58b, 101 Reykjavík"),
        ("Pozsonyi út 38, 1137 Budapest\n", "Pozsonyi út 38, 1137 Budapest"),
        ("Savanorių pr. 176-12, LT-03154 Vilnius\n", "Savanorių pr. 176-12, LT-03154 Vilnius"),
        ("Dirección: calle Tiwanacu N° 88, zona Villa Dolores", "calle Tiwanacu N° 88"),
    ],
)
def test_street_layouts_in_cyrillic_icelandic_hungarian_lithuanian_and_bolivian_text(
    text, expected, spans_of
):
    # (after a label, "Dirección:", the labelled block is found too; the tagger keeps the longer)
    found = spans_of(R, text, THRESHOLD)
    assert ("STREET_ADDRESS", expected) in found and {t for t, _ in found} == {"STREET_ADDRESS"}


def test_a_citation_with_et_al_is_no_street():
    assert R.analyze("Smith et al. 2019 and Jones al. 12") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "HANSOL MARINE PARTS CO., LTD.\n45, Gamman-ro 52beon-gil, Nam-gu, Busan 48567\n",
            "45, Gamman-ro 52beon-gil, Nam-gu",
        ),
        ("Office at Teheran-ro 152, Gangnam-gu, Seoul 06236.", "Teheran-ro 152, Gangnam-gu"),
        (
            "Anschrift / address:              L\u00dcTZNER STRASSE 88\n04177 LEIPZIG\n",
            "L\u00dcTZNER STRASSE 88\n04177 LEIPZIG",
        ),
    ],
)
def test_korean_road_names_and_a_bilingual_address_label(text, expected):
    got = [text[s.start : s.end] for s in R.analyze(text)]
    assert any(expected in g for g in got), got


@pytest.mark.parametrize(
    ("text", "inside"),
    [
        ("Firma: Ege Tekstil, 14. Sokak No: 9, 35730 Kemalpaşa", "14. Sokak No: 9"),
        ("Rehov Dizengoff 120, Apt. 3, Tel Aviv", "Rehov Dizengoff 120"),
        (
            "住所 Address: 〒530-0001 大阪府大阪市北区梅田1丁目2-3\nTel",
            "〒530-0001 大阪府大阪市北区梅田1丁目2-3",
        ),
    ],
)
def test_numbered_turkish_streets_hebrew_streets_and_japanese_postal_addresses(text, inside):
    got = [text[s.start : s.end] for s in R.analyze(text)]
    assert any(inside in g for g in got), got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a street without a type word, known by its number, postcode and place
        ("Adresa: Slezská 112/9, 130 00 Praha 3", "Slezská 112/9, 130 00 Praha 3"),
        ("pickup Bistro U Zlatého Klasu, Korunní 48, 120 00 Praha 2 · 14:00",
         "Korunní 48, 120 00 Praha 2"),
        ("Adres: Mickiewicza 12, 31-120 Kraków", "Mickiewicza 12, 31-120 Kraków"),
        # a house number with a letter after a hyphen
        ("Putselaan 211-B, 3074 JC Rotterdam", "Putselaan 211-B, 3074 JC Rotterdam"),
    ],
)  # fmt: skip
def test_streets_without_a_type_word_before_a_postcode_and_place(text, expected, spans_of):
    assert ("STREET_ADDRESS", expected) in spans_of(R, text)


@pytest.mark.parametrize(
    "text",
    [
        "Cañada de Emilia Roura 759, 45921 Ávila",  # a longer name: not from "Emilia"
        "Send it to Apt 14\n85565 Lyon",  # a unit is no street
        "The Best Price 12, 3000 Leuven",  # English words
    ],
)
def test_untyped_streets_need_a_name_of_their_own(text):
    from privtext.tagging.recognizers.address import _CORE_RX, _untyped_street

    found = [m for m in _CORE_RX.finditer(text) if m.lastgroup == "before_postcode"]
    assert found and not any(_untyped_street(text, m.start()) for m in found)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dirección: Carrera 43A # 1-50, Torre 2, Oficina 1104, Medellín, Antioquia",
         "Carrera 43A # 1-50, Torre 2, Oficina 1104, Medellín, Antioquia"),
        ("Indirizzo: via Garibaldi 7, Bergamo", "via Garibaldi 7, Bergamo"),
        ("địa chỉ 45/12 Nguyễn Trãi, Phường 2, Quận 5, TP. Hồ Chí Minh",
         "45/12 Nguyễn Trãi, Phường 2, Quận 5"),
    ],
)  # fmt: skip
def test_units_lower_case_via_and_vietnamese_wards(text, expected, spans_of):
    got = [t for ty, t in spans_of(R, text) if ty == "STREET_ADDRESS"]
    assert any(t.startswith(expected) for t in got)


def test_lower_case_via_in_english_is_no_street(spans_of):
    text = "paid via GCash 0917 845 2261, sent via DHL waybill 4829 1170 55"
    assert [t for ty, t in spans_of(R, text) if ty == "STREET_ADDRESS"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("주소: 서울특별시 마포구 월드컵북로 41, 1203호\n",
         "서울특별시 마포구 월드컵북로 41, 1203호"),
        ("Consignee: 黃德偉，新界元朗公園北路41號2樓。", "新界元朗公園北路41號2樓"),
        ("地址：九龍觀塘秀茂坪邨秀明樓23樓2314室\n", "九龍觀塘秀茂坪邨秀明樓23樓2314室"),
        ("כתובת רחוב הרצל 41 דירה 7, חיפה 3303322.", "רחוב הרצל 41 דירה 7, חיפה 3303322"),
        ("ที่อยู่ 41 หมู่ 7 ตำบลโพนงาม อำเภอสิรินธร จังหวัดอุบลราชธานี 34350 โทร",
         "41 หมู่ 7 ตำบลโพนงาม อำเภอสิรินธร จังหวัดอุบลราชธานี 34350"),
        ("Adress: Storgatan 22 B, 752 31 Uppsala", "Storgatan 22 B, 752 31 Uppsala"),
        ("Sandleitengasse 41/7/12, 1160 Wien", "Sandleitengasse 41/7/12, 1160 Wien"),
        ("14 allée des Tilleuls, bât. C, 93300 Aubervilliers",
         "14 allée des Tilleuls, bât. C, 93300 Aubervilliers"),
        ("στην οδό Αρκαδίου 41, 74100 Ρέθυμνο", "οδό Αρκαδίου 41, 74100 Ρέθυμνο"),
    ],
)  # fmt: skip
def test_addresses_in_other_scripts_and_layouts(text, expected, spans_of):
    assert ("STREET_ADDRESS", expected) in spans_of(R, text)


def test_a_labelled_address_block_stops_at_the_next_field_and_a_date_is_no_house_number(
    spans_of,
):
    text = "Address: Flat 4B, 22 Cheetham Hill Road\nDOB 16/08/1991"
    assert {t for ty, t in spans_of(R, text)} == {"Flat 4B, 22 Cheetham Hill Road"}
    assert spans_of(R, "14:04 Customer: Mitchell Ngata 16/08/1991\n") == []
