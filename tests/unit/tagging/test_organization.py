"""Institution names by their head word, and typed administrative areas."""

import pytest

from privtext.tagging.recognizers.organization import OrganizationRecognizer

R = OrganizationRecognizer()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("He was held in Menemen Prison until", "Menemen Prison"),
        ("changed employer from Transnet to eThekwini Municipality on", "eThekwini Municipality"),
        ("Senior Software Engineer - bKash Limited, Dhaka", "bKash Limited"),
        ("directly to Rohit - Shree Ganesh Sweets, Jayanagar.", "Shree Ganesh Sweets"),
        ("Telegram - Himalayan Yak Treks\n", "Himalayan Yak Treks"),
        ("a room at Kos Melati near campus", "Kos Melati"),
        ("booked the Ryokan Hanamizuki for two nights", "Ryokan Hanamizuki"),
        ("Kōwhai Gardens Rest Home, Christchurch", "Kōwhai Gardens Rest Home"),
        ("to the Financial Services Ombudsman on", "Financial Services Ombudsman"),
        ("officers of the NSW Police Force attended", "NSW Police Force"),
        ("paid into Türkiye İş Bankası on Friday", "Türkiye İş Bankası"),
        ("Croix-Rousse — Hospices Civils de Lyon\nService", "Hospices Civils de Lyon"),
        ("died in the Tbilisi Central Hospital the", "Tbilisi Central Hospital"),
        ("the Grozny Town Prosecutor's Office instituted", "Grozny Town Prosecutor's Office"),
        ("of Mill Street Garda Station.", "Mill Street Garda Station"),
        ("before the Debrecen Administrative and Labour Court, which",
         "Debrecen Administrative and Labour Court"),
        ("by the Department of Forensic Medicine of the Medical University of Białystok, found",
         "Department of Forensic Medicine of the Medical University of Białystok"),
        ("MSc, Universidad Carlos III de Madrid\n2009", "Universidad Carlos III de Madrid"),
        ("in Sokal Correctional Colony no. 47 in", "Sokal Correctional Colony no. 47"),
        ("the Andalusia High Court of Justice (appeal", "Andalusia High Court of Justice"),
        ("The Employment Tribunal ruled", "Employment Tribunal"),
        ("Dear Sirs,\nHallmark Renovations (Midlands) Ltd\nUnit 7",
         "Hallmark Renovations (Midlands) Ltd"),
        ("The Consul\nVisa Section\nEmbassy of Japan\n2627 Roxas Boulevard", "Embassy of Japan"),
        ("PRAIRIE ELECTRIC COOPERATIVE - MEMBER SERVICES TICKET", "PRAIRIE ELECTRIC COOPERATIVE"),
        ("AFRIFIN SUMMIT SECRETARIAT\nNo. 14 Liberation Link", "AFRIFIN SUMMIT SECRETARIAT"),
        ("Roofer: J & A Stewart Roofing, Alyth.", "J & A Stewart Roofing"),
        ("Employer: self-employed (Harris Joinery, UTR 6620)", "Harris Joinery"),
        ("quote from Kildare Plumbing & Heating, dated", "Kildare Plumbing & Heating"),
        ("paid to Beaton Roofing & Building.", "Beaton Roofing & Building"),
        ("who runs Tran Duc Ceramics in Hoi An", "Tran Duc Ceramics"),
        ("Discharge destination: Plas Gwyn Residential Home, 7 Heol y Felin",
         "Plas Gwyn Residential Home"),
        ("agent, Calder Design Partnership, relies", "Calder Design Partnership"),
    ],
)  # fmt: skip
def test_institutions_are_one_organization_span(spans_of, text, expected):
    orgs = [t for e, t in spans_of(R, text) if e == "ORGANIZATION"]
    assert expected in orgs


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("in the Leninskiy district of Grozny", "Leninskiy district"),
        ("the Lviv region.", "Lviv region"),
    ],
)
def test_typed_areas_are_locations(spans_of, text, expected):
    assert ("LOCATION", expected) in spans_of(R, text)


@pytest.mark.parametrize(
    "text",
    [
        "The Court notes",
        "the court dismissed",
        "In the Hospital",
        "Kind Regards",
        "a district court",
    ],
)
def test_generic_heads_are_not_organizations(spans_of, text):
    assert spans_of(R, text) == []


def test_numbered_institutions_and_prefixed_areas(spans_of):
    text = "detained in Prison no. 13 near Ballyjamesduff, County Cavan. He"
    assert spans_of(R, text) == [("ORGANIZATION", "Prison no. 13"), ("LOCATION", "County Cavan")]


def test_an_identifier_named_like_an_institution_is_no_organisation():
    from privtext.tagging.recognizers.organization import OrganizationRecognizer

    text = (
        "We will also need your Social Insurance Number. Your housing ref is HR-559017. "
        "Your Flying Club card. Held in Prison no. 13."
    )
    got = [text[s.start : s.end] for s in OrganizationRecognizer().analyze(text)]
    assert got == ["Prison no. 13"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("la Secretaría de Marina informó", "Secretaría de Marina"),
        (
            "la Cooperativa Pesquera Ribereña de Chicxulub",
            "Cooperativa Pesquera Ribereña de Chicxulub",
        ),
        ("verlegt in die Klinik für Innere Medizin II", "Klinik für Innere Medizin II"),
        ("presso l'Agenzia delle Entrate", "Agenzia delle Entrate"),
        ("conta no Banco do Brasil", "Banco do Brasil"),
    ],
)
def test_institutions_named_in_other_languages(spans_of, text, expected):
    assert spans_of(R, text) == [("ORGANIZATION", expected)]


def test_a_person_of_a_firm_is_left_out_of_the_firm(spans_of):
    text = "a builder – Darren Kippax of DK Quality Homes Pty Ltd. We paid"
    assert spans_of(R, text) == [("ORGANIZATION", "DK Quality Homes Pty Ltd")]
    # a head word before "of" keeps the whole name
    assert ("ORGANIZATION", "Victoria University of Wellington Ltd") in spans_of(
        R, "Victoria University of Wellington Ltd said"
    )


def test_a_code_ends_an_organisation_name(spans_of):
    got = spans_of(R, "Annual fees are due to TBC Bank GE29 TB00 0000 0360 1234 56; put")
    assert ("ORGANIZATION", "TBC Bank") in got or got == []
    assert not any("GE29" in v for _, v in got)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("sent with Kerry Express, tracking KEX0049", "Kerry Express"),
        ("She wants to confirm with Ethio Telecom first.", "Ethio Telecom"),
    ],
)
def test_couriers_and_telecoms_by_their_head_word(spans_of, text, expected):
    assert ("ORGANIZATION", expected) in spans_of(R, text)


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("MATCH REPORT: Moss Side Amateurs FC 3-2 away", "Moss Side Amateurs FC"),
        ("Manchester Sunday League, Division Two", "Manchester Sunday League"),
        ("employed through Lee Valley Homecare, was present", "Lee Valley Homecare"),
        ("Prepared by: ClearView Inventories\n", "ClearView Inventories"),
        ("placed through Northgate Staffing last spring", "Northgate Staffing"),
        ("referred to Tayside Family Mediation for a MIAM", "Tayside Family Mediation"),
        ("a role at Corran Biologics in Cambridge", "Corran Biologics"),
        ("collected by Ellis & Sons Funeral Directors on Friday", "Ellis & Sons Funeral Directors"),
        ("the service at Mahony's Funeral Home, Ennis", "Mahony's Funeral Home"),
    ],
)
def test_clubs_leagues_and_trades_by_their_heads(text, org):
    assert org in [text[s.start : s.end] for s in R.analyze(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the oak flooring from Drewpol Sp. z o.o. arrived", "Drewpol Sp. z o.o."),
        ("Employer: TRANS-DUDEK Sp. j., NIP 573", "TRANS-DUDEK Sp. j."),
        ("Exporter / Seller:\nHANSOL MARINE PARTS CO., LTD.\n45, Gamman-ro", None),
        (
            "Contractor Servicios Portuarios Chalaca S.A.C.; DNI",
            "Servicios Portuarios Chalaca S.A.C.",
        ),
        ("Paid to Cafés de Occidente S.A. de C.V. and others", "Cafés de Occidente S.A. de C.V."),
        (
            "Potoczek Sp. z o.o. Sp.k. and Van der Berg Transport B.V.",
            "Van der Berg Transport B.V.",
        ),
    ],
)
def test_companies_with_a_legal_form_written_with_stops(text, expected):
    from privtext.tagging.registry import Tagger

    got = {text[s.start : s.end] for s in Tagger.default().tag(text)}
    assert (expected or "HANSOL MARINE PARTS CO., LTD.") in got
    assert not any(g.startswith("Contractor") or " and " in g for g in got)


def test_a_run_of_names_stops_at_the_end_of_a_sentence_after_a_three_letter_word():
    text = "father of Tunde, Bisola and Femi. Service of thanksgiving at noon; Dept. of Health"
    got = [text[s.start : s.end] for s in R.analyze(text)]
    assert not any("Femi" in g for g in got)


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("Передам в отдел кадров АО «Шахтоуправление», если", "АО «Шахтоуправление»"),
        ("работает в ТОО «Степь Транс» водителем", "ТОО «Степь Транс»"),
        ("Exporter (深圳华强电子有限公司), No. 8", "深圳华强电子有限公司"),
        ("handed to the 大阪税関 on arrival", "大阪税関"),
        ("The printer, 한빛인쇄소, quoted", "한빛인쇄소"),
        ("신고하였으며, 마포경찰서에 수사를 의뢰하였습니다.", "마포경찰서"),  # a particle after it
        ("개인정보보호위원회와 한국인터넷진흥원(KISA)에 신고", "한국인터넷진흥원"),
        ("소속사: 블루문엔터테인먼트 (대표 문태준)", "블루문엔터테인먼트"),
        ("a steward from SEIU Local 1199 was there", "SEIU Local 1199"),
        ("Importeurin: Lago Verde Sagl, UID CHE", "Lago Verde Sagl"),
    ],
)
def test_companies_in_cyrillic_and_east_asian_scripts_and_union_locals(text, org):
    assert org in [text[s.start : s.end] for s in R.analyze(text)]


def test_clubs_committees_german_offices_and_japanese_companies():
    text = (
        "el Comité de Competición; traslado al Consejo Superior de Deportes; futbolista del CD "
        "Ribera Navarra contra la UD Tudela Ebro. Die Polizeiinspektion Nürnberg-Süd; Konto der "
        "Landesjustizkasse Chemnitz. 債権者: 株式会社日本住宅ローン保証, みずほ銀行. "
        "Oudegracht 219, 3511 NK Utrecht"
    )
    got = [text[s.start : s.end] for s in R.analyze(text)]
    for org in (
        "Comité de Competición", "Consejo Superior de Deportes", "CD Ribera Navarra",
        "UD Tudela Ebro", "Polizeiinspektion Nürnberg-Süd", "Landesjustizkasse Chemnitz",
        "株式会社日本住宅ローン保証", "みずほ銀行",
    ):  # fmt: skip
        assert org in got, org
    assert not any("NK Utrecht" in g for g in got)  # a Dutch postcode's letters


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Released on licence from HMP Elmley on 11/01/2025.", "HMP Elmley"),
        ("HMP Barlinnie, 81 Lee Avenue, Riddrie", "HMP Barlinnie"),
        ("HMYOI Werrington – Incident Reporting System", "HMYOI Werrington"),
        ("transferred to HMP & YOI Doncaster last week", "HMP & YOI Doncaster"),
        ("a visit at HM Prison Holme House on Friday", "HM Prison Holme House"),
    ],
)
def test_uk_prisons_by_their_prefix(spans_of, text, expected):
    assert ("ORGANIZATION", expected) in spans_of(R, text)


def test_the_prison_prefix_needs_a_name_after_it(spans_of):
    assert spans_of(R, "HMP staff and HMYOI officers met at 10.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("à la Galerie Phénicie. Aucun certificat", "Galerie Phénicie"),
        ("con militari della Stazione Carabinieri di Tuscania, ha sorpreso",
         "Stazione Carabinieri di Tuscania"),
        ("heute Oberregierungsrat beim Landratsamt Miltenberg\nAnwesend", "Landratsamt Miltenberg"),
        ("(Uniwersytet Wrocławski, 2004)", "Uniwersytet Wrocławski"),
        ("Verweerster: Woonstichting Maasoever (KvK 24417228)", "Woonstichting Maasoever"),
        ("Adoption approved by the Πρωτοδικείο Αθηνών, απόφαση", "Πρωτοδικείο Αθηνών"),
    ],
)  # fmt: skip
def test_bodies_named_head_first_in_more_languages_and_in_greek(spans_of, text, expected):
    assert ("ORGANIZATION", expected) in spans_of(R, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Fahrschule: Fahrschule Ziegler, Dachauer Straße 212", "Fahrschule Ziegler"),
        ("(Führerscheinstelle München)", "Führerscheinstelle München"),
        ("| Supermercados Beltza | Gipuzkoa | 1.440 |", "Supermercados Beltza"),
    ],
)
def test_shops_schools_and_offices_named_head_first(spans_of, text, expected):
    assert ("ORGANIZATION", expected) in spans_of(R, text)
