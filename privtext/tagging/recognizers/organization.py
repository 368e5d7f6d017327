"""ORGANIZATION and LOCATION from the shape of institutional names.

Names of institutions are built from a head word: ``Menemen Prison``, ``Tbilisi Central
Hospital``, ``Grozny Town Prosecutor's Office``, ``Mill Street Garda Station``, ``Debrecen
Administrative and Labour Court``, ``Department of Forensic Medicine of the Medical University
of Białystok``, ``Universidad Carlos III de Madrid``, ``Commissariat de Police de Marseille``.
A statistical NER often tags only part of them, or tags the place in them as a person; here a
capitalized run ending in a head noun (``HEADS``), or starting with a head that takes a
complement (``PREFIX_HEADS`` + of/de/di/am ...), becomes one ORGANIZATION span, with a score
(0.86) that wins over a mis-typed NER span inside it. Runs may contain connectors (of, for,
and, de, del, di, am, an der) when a capitalized word follows them, and a trailing number
(``Colony no. 47``, ``School No. 5``).

Administrative areas written with their type (``Leninskiy district``, ``Lviv region``, ``Kars
Province``) are LOCATION.
"""

from __future__ import annotations

import re
from typing import ClassVar

from privtext.tagging.base import Recognizer, Span
from privtext.tagging.prescan import AnyPattern, PatternGroup

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("organization")

HEADS = (
    "Hospital Infirmary Hospice Clinic Surgery Practice Pharmacy Prison Jail Colony Penitentiary "
    "Crematorium Co-op "
    "Court Tribunal Office Station Council Ministry Department Directorate Agency Authority "
    "Commission Committee Service Services Police Constabulary Gendarmerie Army Navy Regiment "
    "University College School Academy Institute Centre Center Library Museum Gallery Theatre "
    "Church Cathedral Mosque Synagogue Temple Monastery Foundation Association Society Trust "
    "Union Federation Party Movement Front Company Corporation Group Bank Fund Insurance "
    "Café Cafe Restaurant Bar Pub Hotel Inn Garage Bakery Store Stores Shop Market Supermarket "
    "Factory Mill Works Plant Farm Lettings Estates Properties Partners Associates Chambers "
    "Solicitors Consulting Logistics Transport Airlines Airways Railways Motors Systems "
    "Solutions Technologies Labs Laboratories Studio Studios Media News Times Post Herald "
    "Gazette Radio Television Network Club Team Noticeboard Newspaper Inc Inc. Ltd Ltd. "
    "Limited LLC LLP PLC plc Plc GmbH AG SA S.A. SAS SARL SpA S.p.A. Srl SRL BV B.V. NV Kft Kft. "
    "Oy AB Pty Co. Corp Corp. s.r.l. S.r.l. s.c. S.C. A.Ş. Tic. San. KGaA Sp.k. S.Com. SPA "
    "Ltda S.L. S.A.S. ApS A/S Kft Zrt. d.o.o. s.r.o. a.s. e.V. gGmbH Headquarters HQ "
    "Attorneys Lawyers Advocates Notaries Games Ferries Shipping Contracting Contractors "
    "Builders Construction Property Realty Hermanos Brothers Bros Bros. Pte Pte. Bhd Bhd. Pvt "
    "Pvt. Holdings Ventures Capital Energy Foods Pharma Analytics Advisory Dental Veterinary "
    "Vets Nursery Academy Kindergarten Polytechnic Recruitment Investigations Apartments "
    "Health Mutual Broadband Transit Rental Rentals Berhad Initiative Cooperative Co-operative "
    "Tribunals Courts Embassy Consulate Secretariat GbR OHG KG Partnership Management Software "
    "Warehouse Suppliers Supplies Distributors Wholesale Wholesalers Fulfilment "
    "Fulfillment Physio Physiotherapy "
    "Sub-Committee Bodyshop CLG DAC Joinery Roofing Mortgages Furniture Maintenance Safaris "
    "Repairs Hire Plumbing Plumbers Electrical Electricians Decorators Landscaping Cleaning "
    "Catering Removals Autos Cars Taxis Tours Couriers Interiors Kitchens Glazing Scaffolding "
    "Haulage Homes Ceramics Surveying Surveyors Textiles Travel Municipality Sweets Traders "
    "Enterprises Jewellers Electronics Agencies Industries Mart Emporium Enterprise Treks "
    "Trekking Expeditions Adventures Medicals Ombudsman Bankası Hastanesi Üniversitesi "
    "Belediyesi Express Telecom Telecoms Freight Cargo Aviation Holding Referrals Lda Lda. "
    "LDA Voyages Viagens Viajes "
    # sports clubs and a few trades: "Moss Side Amateurs FC", "Manchester Sunday League",
    # "Lee Valley Homecare", "ClearView Inventories"
    "FC AFC RFC F.C. Rovers Wanderers Amateurs League Homecare Inventories "
    "Staffing Mediation Biologics Therapeutics Biotech Funeralcare Sagl SAGL EOOD OOD EAD "
    # food businesses: "Spice Route Takeaway", "Old Dairy Cheesemakers", "Lakeside Creamery"
    "Takeaway Cheesemakers Creamery Brewery Distillery Butchers Fishmongers Greengrocers "
    "Patisserie Pizzeria Chippy Deli Delicatessen Bistro Brasserie "
    # municipalities, government offices, savings banks and schools named head last in Danish,
    # Norwegian, Hungarian, Finnish and Turkish: "Københavns Kommune", "Pest Vármegyei
    # Kormányhivatal", "Helsingin Seudun Säästöpankki", "Karataş Hukuk Bürosu"
    "Kommune Kormányhivatal Hivatal Säästöpankki Pankki Kurumu Mahkemesi Bürosu "
    # law firms named head last in other languages, auction houses and valuers, wholesalers of
    # medicines: "Van Leeuwen Bosma Advocaten", "Sousa Pimenta Advogados", "Hilton Baird
    # Auctions", "Pryor Asset Valuers"
    "Advocaten Advogados Abogados Avvocati Advokater Advokatfirma Rechtsanwälte Anwälte "
    "Auctions Auctioneers Valuers Diocese Archdiocese"
).split() + [
    "Funeral Directors",
    "Funeral Home",
    "Police Force",
    "Residential Home",
    "Nursing Home",
    "Care Home",
    "Children's Home",
    "Rest Home",
    "Aged Care",
]
PREFIX_HEADS = (
    "University Universidad Universidade Università Université Universität College Collège "
    "École Escuela Colegio Liceo Lycée Gymnasium Institute Instituto Istituto Department "
    "Ministry Ministerio Ministère Office Bureau Court Cour Corte Tribunal Tribunale Juzgado "
    "Commissariat Prefecture Préfecture Hôpital Hospital Ospedale Clinique Klinikum "
    "Krankenhaus Apotheke Farmacia Pharmacie Gemeente Ayuntamiento Comune Mairie Banco Banca "
    "Banque Bank Museum Museo Musée Church Iglesia Église Chamber Council Commission Agency "
    "Academy Society Federation Association Union Party Bundesamt Landesamt Amtsgericht "
    "Landgericht Oberlandesgericht Bundesgerichtshof Staatsanwaltschaft Polizei Sparkasse "
    "Stichting Fundación Fondation Stiftung Grupo Rijksuniversiteit Universiteit Hogeschool "
    "Imobiliária Companhia Compañía Compagnie Société Scoil Gaelscoil Coláiste Embassy Consulate "
    "Agenzia Agencia Agência Agence Secretaría Secretaria Cooperativa Coopérative Comisaría "
    "Klinik Caisse Consejería Delegación Direzione Dirección Direção Procuraduría Fiscalía "
    "Servicio Servizio Serviço Azienda Istituto Cámara Câmara Chambre Kammer "
    # lodging, shops and public bodies named head first: "Hotel Thamel Nest", "Ryokan
    # Hanamizuki", "Kos Melati", "Piekarnia u Haliny", "Fundacja Dobry Chleb", "Cyngor Caerdydd"
    "Hotel Hostel Ryokan Kos Pensión Piekarnia Fundacja Ferretería Farmácia Farmacia Panadería "
    "Cyngor Ysgol Urząd Szpital Imobiliare Mutua Restaurante Clínica Autoridade Hospices "
    # more shops and bodies of other languages: "Boulangerie Essalam", "Parroquia San José
    # Obrero", "Inmobiliaria Austro", "Komisariat Policji", "Policlinico di Sant'Orsola"
    "Boulangerie Pâtisserie Librairie Hôtel Parroquia Parrocchia Paróquia Parafia Inmobiliaria "
    "Dierenkliniek Tandartspraktijk Huisartsenpraktijk Mieterverein Apteka Komisariat Komenda "
    "Policlinico Poliklinika Poliklinik Drogerie Bäckerei Metzgerei Autohaus Praxis "
    "Gemeinschaftspraxis Tierarztpraxis Panificadora Padaria Mercearia Papelería Carnicería "
    "Taller Almacenes Distribuidora Constructora Transportes Transportadora Seguros "
    # committees, councils, archives and police or court offices named head first: "Comité de
    # Competición", "Consejo Superior de Deportes", "Centre des archives ...", "Polizeiinspektion
    # Nürnberg-Süd", "Landesjustizkasse Chemnitz"
    "Comité Comitê Comitato Comisión Consejo Conselho Consiglio Federación Federação "
    "Fédération Federazione Archiwum Archivo Arquivo Polizeiinspektion Polizeipräsidium "
    "Polizeidirektion Landesjustizkasse Justizkasse "
    # galleries, directorates, police and public offices of more languages: "Galerie Zwingli",
    # "Direction générale des Antiquités", "Stazione Carabinieri di Tuscania", "Landratsamt
    # Miltenberg", "Uniwersytet Wrocławski", "Woonstichting Maasoever", "Υπουργείο Πολιτισμού"
    # Malay and Indonesian bodies named head first: "Persatuan E-Sukan Sabah", "Yayasan
    # Pendidikan Cendekia", "Jabatan Kebajikan Masyarakat", "Universitas Gadjah Mada"
    "Persatuan Pertubuhan Yayasan Lembaga Jabatan Kementerian Universiti Universitas Majlis "
    "Koperasi Dinas Badan Kantor "
    "Galerie Galería Galleria Direction Comando Stazione Questura Prefettura Procura "
    "Landratsamt Finanzamt Jobcenter Standesamt Jugendamt Bezirksamt Ordnungsamt Sozialamt "
    "Uniwersytet Politechnika Akademia Woonstichting Υπουργείο Πρωτοδικείο Εφετείο "
    # driving schools, licensing offices, consulates and institutes, food shops: "Fahrschule
    # Ziegler", "Führerscheinstelle München", "Generalkonsulat München", "Institut für
    # Rechtsmedizin", "Supermercados Beltza", "Boucherie Charcuterie Fabre & Fils"
    "Fahrschule Führerscheinstelle Zulassungsstelle Generalkonsulat Konsulat Botschaft "
    "Institut Supermercados Supermercado Ultramarinos Boucherie Charcuterie Fromagerie "
    "Πανεπιστήμιο Νοσοκομείο Βρεφοκομείο "
    # Romanian and Czech schools, hospitals, inspectorates and offices named head first:
    # "Colegiul Național „Liviu Rebreanu” Bistrița", "Spitalul Clinic Județean de Urgență Cluj",
    # "Katastrální úřad pro Středočeský kraj"
    "Colegiul Școala Liceul Spitalul Inspectoratul Universitatea Primăria Tribunalul "
    "Judecătoria Katastrální Krajský Okresní Městský "
    # Dutch courts, Italian inns, Indonesian pharmacies and hospitals, Swahili hospitals:
    # "Rechtbank Rotterdam", "Albergo Il Melograno", "Apotek Sentosa Jatiasih", "RSIA Bunda
    # Kasih", "Hospitali ya Rufaa ya Jaramogi Oginga Odinga"
    # (acronyms in capitals also as case_for_ner may write them: "Rsia")
    "Rechtbank Gerechtshof Albergo Locanda Apotek RSIA RSUD RSUP Rsia Rsud Rsup Hospitali "
    "Zahanati Feuerwehr "
    "Berufsfeuerwehr "
    # Polish offices, courts, hospitals and schools in the cases a sentence puts them in
    # ("Urzędu Ochrony Danych Osobowych", "Wojewódzkiego Sądu Administracyjnego w Warszawie",
    # "Szkoły Podstawowej nr 163", "Zarząd Transportu Miejskiego w Warszawie"); Dutch, Czech,
    # Welsh, Swiss and French hospitals, universities, churches, post offices and embassies
    "Urząd Urzędu Urzędzie Urzędem Sąd Sądu Sądzie Sądem Szpitala Szpitalu Szpitalem Szkoła "
    "Szkoły Szkole Szkołą Zarząd Zarządu Zarządzie Wojewódzki Wojewódzkiego Komendy Komendzie "
    "Prokuratura Prokuratury Prokuraturze Ziekenhuis Univerzita Univerzity Akademie Akademii "
    "Eglwys Spital Posten Ambassade Consulat"
).split()
AREAS = (
    "district region province county oblast krai municipality village town city "
    "neighbourhood neighborhood quarter borough governorate prefecture canton department "
    "state parish"
).split()

# a capitalised word, or a brand in camel case with a lower-case first letter ("eThekwini",
# "bKash")
_CAP = (
    r"(?:[A-Z\u00c0-\u00de\u0100-\u017f\u0386-\u038f\u0391-\u03a9][\w'\u2019.\-]*"
    r"|[a-z][A-Z][\w'\u2019.\-]*|[A-Z]{2,}"
    r"|I{1,3}|IV|V|VI{0,3})"
)
_CONN = (
    r"(?:of the|of|for the|for|and|&|de la|de los|de las|de|del|della|delle|dello|degli|dei|di|"
    r"du|des|do|da|dos|das|für|y|et|und|am|an der|der|la|le|ya|w|we)"
)
_RUN = rf"{_CAP}(?:[ \t]{_CAP}|[ \t]{_CONN}[ \t]{_CAP}){{0,7}}"
HEAD_SET = frozenset(HEADS)
_HEAD_ALT = "|".join(re.escape(h) for h in sorted(HEADS, key=lambda s: (-len(s), s)))
_PREFIX_ALT = "|".join(re.escape(h) for h in sorted(PREFIX_HEADS, key=lambda s: (-len(s), s)))
_AREA_ALT = "|".join(AREAS)

# A region in brackets before a company suffix: "Hallmark Renovations (Midlands) Ltd"
_REGION_PAREN = (
    r"(?:\([A-Z][\w&]*(?:[ \t][A-Z][\w&]*){0,2}\)[ \t]"
    r"(?=(?:Ltd|Limited|LLP|PLC|Plc|plc|Inc|Pty)(?![\w\-])))?"
)
# "<Cap run> <Head>" (optionally "no. 47")
_SUFFIXED = _PRESCAN.compile(
    rf"(?<![\w\-])(?P<ent>(?:{_CAP}[ \t]|{_CAP}[ \t]{_CONN}[ \t]){{1,7}}{_REGION_PAREN}"
    rf"(?:{_HEAD_ALT})"
    # not the field of a job title: "Senior Lettings [Negotiator]", "Sales Office [Manager]"
    r"(?![ \t](?:Negotiator|Manager|Officer|Assistant|Director|Agent|Coordinator|Consultant|"
    r"Adviser|Advisor|Administrator|Supervisor|Lead|Executive|Clerk|Controller|Specialist|"
    r"Technician|Engineer|Analyst)\b)"
    # a second trade after "&": "Kildare Plumbing & Heating", "Beaton Roofing & Building"
    rf"(?:[ \t]&[ \t](?!{_HEAD_ALT})[A-Z][a-z]+(?=[ \t]*(?:$|[,.;:)\n]|[ \t][a-z(])))?"
    rf"(?:[ \t](?:of|for|de|di|du|Of|For)[ \t](?:(?:the|The)[ \t])?{_CAP}(?:[ \t]{_CAP}){{0,3}})?"
    rf"(?:[ \t](?:no\.|No\.|nr\.|n°)[ \t]?\d+)?)(?![\w\-])"
)
# A company with a legal form written with stops or in two parts: "Drewpol Sp. z o.o.",
# "TRANS-DUDEK Sp. j.", "HANSOL MARINE PARTS CO., LTD.", "Servicios Portuarios Chalaca S.A.C.",
# "Tan Brothers Sdn. Bhd.", "Kraus GmbH & Co. KG" (matched on the original text)
_LEGAL_FORM = _PRESCAN.compile(
    r"(?<![\w\-])(?P<ent>(?:[A-Z\u00c0-\u00de][\w'\u2019&\-]*[ \t]"
    rf"(?:{_CONN}[ \t])?){{0,6}}"
    r"[A-Z\u00c0-\u00de][\w'\u2019&\-]*,?[ \t]"
    r"(?:Sp\.[ \t]?z[ \t]?o\.[ \t]?o\.(?:[ \t]Sp\.[ \t]?[jkp]\.)?|Sp\.[ \t]?[jkp]\.|"
    r"S\.A\.[ \t]de[ \t]C\.V\.|S\.A\.[CS]\.|S\.A\.|S\.R\.L\.|S\.L\.|"
    r"S\.p\.A\.|S\.r\.l\.|Co\.,[ \t]Ltd\.?|CO\.,[ \t]LTD\.?|Pte\.?[ \t]Ltd\.?|Pvt\.?[ \t]Ltd\.?|"
    r"Sdn\.?[ \t]Bhd\.?|B\.V\.|N\.V\.|GmbH[ \t]&[ \t]Co\.[ \t]KG|s\.r\.o\.|Kft\.|Zrt\.|Ltda\.))"
    r"(?![\w])"
)
# A party's role before its company name: "Contractor Servicios Portuarios Chalaca S.A.C."
_PARTY_WORDS = frozenset(
    "Contractor Subcontractor Supplier Exporter Importer Shipper Consignee Consignor Seller "
    "Buyer Employer Client Customer Carrier Agent Broker Landlord Tenant Applicant Respondent "
    "Claimant Payee Beneficiary Vendor Manufacturer Insurer Forwarder Haulier".split()
)
# "<Prefix head> <conn> <Cap run>" ("University of Oslo", "Universidad Carlos III de Madrid")
_PREFIXED = _PRESCAN.compile(
    rf"(?<![\w\-])(?P<ent>(?:{_PREFIX_ALT})(?:[ \t]{_CONN})?[ \t](?![A-Z]\.[ \t]){_RUN})"
    r"(?![\w\-])"
)
# A sports club after its acronym: "CD Ribera Navarra", "UD Tudela Ebro", "EC Vale do Paraíba"
# (not the letters of a Dutch postcode, "3511 NK Utrecht"; words with lower case)
_CLUB = _PRESCAN.compile(
    r"(?<![\w\-])(?<![0-9] )(?P<ent>(?:CD|UD|SD|CF|FC|AC|EC|SC|RCD|SV|VfB|VfL|TSV|FK|NK|HNK|KRC)"
    r"(?: (?:de |do |da |del )?[A-Z\u00c0-\u00de][a-z\u00df-\u00ff][\w'\-]*){1,3})(?![\w\-])"
)
# "Prison no. 13", "School No. 5": a numbered institution needs no name before its head.
_NUMBERED = _PRESCAN.compile(
    r"(?<![\w\-])(?P<ent>(?:Prison|Colony|School|Hospital|Polyclinic|Clinic|Lyceum|Gymnasium|"
    r"Kindergarten|Police Station|Department|Unit|Detention Centre|Penitentiary)"
    r"[ \t](?:no\.|No\.|nr\.|Nr\.|n°|№)[ \t]?\d+)(?![\w])"
)
# A UK prison by its prefix: "HMP Barlinnie", "HMYOI Werrington", "HMP & YOI Doncaster", "HM
# Prison Leeds" (the name after it may be a place or a surname: the prefix makes it the prison)
_HM_PRISON = _PRESCAN.compile(
    r"(?<![\w\-])(?P<ent>(?:HMP(?:[ \t]*(?:&|and|/)[ \t]*YOI)?|HMYOI|HM[ \t]+Prison|HM[ \t]+Young"
    r"[ \t]+Offender[ \t]+Institution)[ \t]+[A-Z][a-z][\w'\u2019\-]*"
    r"(?:[ \t]+[A-Z][a-z][\w'\u2019\-]*)?)(?![\w\-])"
)
# A company in Russian, Kazakh, Ukrainian or Bulgarian: its legal form, then the name in
# quotes ("АО «Карагандауголь»", "ТОО «Алматы Логистик»", "ООО \"Вектор\"")
_CYRILLIC_COMPANY = re.compile(
    r"(?<![\w\-])(?P<ent>(?:ООО|ОАО|ЗАО|ПАО|АО|ТОО|ИП|ЧП|ТОВ|ПрАТ|ЕООД|ООД|ЕАД|АД|ГУП|МУП|ФГУП)"
    r"[ \t]*[«\"\u201c\u201e][^»\"\u201d\n]{1,60}[»\"\u201d])"
)
# ... in Chinese, Japanese or Korean: a run of Han or Hangul ending in an organisation's word
# ("宁波恒达电器有限公司", "東京税関", "千葉県警察成田国際空港警察署", "보문인쇄소")
_CJK_ORG = re.compile(
    r"(?<![\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])(?P<ent>"
    # the legal form first: "株式会社日本住宅ローン保証"
    r"(?:株式会社|有限会社)[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]{2,24}"
    # ... or the head last (kana too: "みずほ銀行", "桜リアルティ・アドバイザーズ株式会社")
    r"|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
    r"\uac00-\ud7af]{1,24}?(?:股份有限公司|有限公司|有限会社|株式会社|公司|税関|警察署|厚生局|"
    # clubs, sports companies, management and gaming firms: "星火电竞俱乐部", "腾竞体育"
    r"俱乐部|俱樂部|体育|體育|유한회사|매니지먼트|게이밍|"
    r"取締部|大学|大學|病院|医院|銀行|银行|協会|協會|委員会|委员会|裁判所|法院|市役所|"
    r"대학교|병원|은행|종친회|인쇄소|주식회사|재단|협회|병무청|경찰청|국세청|검찰청|법원|사단|여단|"
    # police stations, committees, agencies, churches, foundations, firms of lawyers
    r"경찰서|警署|警察局|公安局|派出所|위원회|委員會|진흥원|공단|엔터테인먼트|교회|성당|教会|教會|醫院|"
    r"基金會|基金会|事務所|事务所|"
    # care homes and hotels: "햇살마루요양원", "静安悦庭酒店"
    r"요양원|요양병원|호텔|酒店|宾馆|賓館))"
    r"(?:(?![\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])"
    # a Korean particle after a Hangul name: "마포경찰서에", "한빛은행의"
    r"|(?<=[\uac00-\ud7af])(?=(?:에서|에게|으로|에|의|은|는|이|가|을|를|와|과|로|도)"
    r"(?![\uac00-\ud7af])))"
)
# ... in Arabic or Persian: an organisation's word first, then one to four words of its name, up
# to punctuation, a line's end or a word of the sentence ("بانک ملی ایران", "سازمان امور
# مالیاتی کشور", "شركة شمال القاهرة لتوزيع الكهرباء", "جامعة النيل الأوسط")
_AR_LETTER = "[\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff]"
_AR_ORG_WORD = f"{_AR_LETTER}(?:\u200c?{_AR_LETTER})*"
_AR_NOT_NAME_WORDS = (
    "در|به|از|با|که|را|برای|تا|و|یا|این|آن|است|بود|شد|معرفی|ارائه|في|من|على|إلى|الى|عن|مع|"
    "أو|او|التي|الذي|هذا|هذه|كان|تم|قد|لم|لا"
)
_AR_ORG = re.compile(
    rf"(?<!{_AR_LETTER})(?P<ent>(?:شرکت|شركة|مؤسسه|مؤسسة|سازمان|بانک|بنك|بانك|جمعية|وزارة|"
    r"وزارت|مستشفى|بیمارستان|دانشگاه|جامعة|هيئة|هیئت|مديرية|بلدية|شهرداری)"
    rf"(?:[ \t](?!(?:{_AR_NOT_NAME_WORDS})(?!{_AR_LETTER})){_AR_ORG_WORD}){{1,4}})"
    rf"(?!{_AR_LETTER}|\u200c)"
)
_ANY_ARABIC = _PRESCAN.compile("[\u0621-\u064a]")
# A Nordic public body written as one word ("Vetenskapsrådet", "Etikprövningsmyndigheten",
# "Skatteverket", "Arbeidstilsynet"), or a university, hospital, municipality or court whose
# head is a lower-case noun after its place ("Helsingfors universitet", "Luleå tekniska
# universitet", "Oslo universitetssykehus", "Göteborgs tingsrätt")
_NORDIC_BODY = _PRESCAN.compile(
    r"(?<![\w\-])(?P<ent>[A-ZÅÄÖÆØ][a-zåäöæøü]{3,}(?:verket|styrelsen|myndigheten|rådet|"
    r"inspektionen|kassan|direktoratet|tilsynet|etaten|nämnden|domstolen|ombudsmannen)"
    r"|(?!(?:The|A|An|This|That|Our|Your|Their|Den|Det|Der|Die|Das)[ \t])"
    r"[A-ZÅÄÖÆØ][\wåäöæø]+(?:[ \t][a-zåäöæø]+a)?[ \t](?:universitet|universitetet|högskola|"
    r"högskolan|universitetssjukhus|universitetssjukhuset|universitetssykehus|sjukhus|sykehus|"
    r"kommun|kommune|tingsrätt|hovrätt|tingrett|lagmannsrett|landsting))(?![\w\-])"
)
# A cemetery is a place (the labelled sets' convention): "Abraham Lincoln National Cemetery",
# "Mount Olivet Cemetery", "Lawnswood Cemetery"
_CEMETERY = _PRESCAN.compile(
    rf"(?<![\w\-])(?P<ent>(?:{_CAP}[ \t]){{1,3}}(?:Cemetery|Memorial[ \t]Park|Burial[ \t]Ground|"
    r"Necropolis|Graveyard))(?![\w\-])(?![ \t]+(?:Road|Rd|Street|St|Lane|Ln|Avenue|Ave|Way|Drive|"
    r"Gates?|Trust|Office|Committee|Company)(?![\w]))"
)
_NOT_CEMETERY_NAME = frozenset(
    "The At A An In On To From By Near Behind Beside Opposite Outside Inside Into Via Past Our "
    "Their His Her My This That Local Old New Town City".split()
)
# A chat agent's company or team in brackets after the agent's name, as support chats label
# their speakers: "Owen (Koala Support): Hi Marianne", "Priya (Acme Help Desk):"
_AGENT_TEAM = _PRESCAN.compile(
    r"(?m)^[ \t]*(?:\[[^\]\n]{3,25}\][ \t]*)?[A-Z][a-z]+(?:[ \t][A-Z][a-z]+)?[ \t]+\("
    r"(?P<ent>[A-Z][\w&'\-]*(?:[ \t][A-Z][\w&'\-]*){0,2}[ \t](?:Support|Team|Care|Services?|"
    r"Help|Helpdesk|Help[ \t]Desk|Desk))\)[ \t]*:"
)
# A union's local branch: "UMWA Local 8843", "SEIU Local 32BJ"
_UNION_LOCAL = re.compile(
    r"(?<![\w\-])(?P<ent>[A-Z]{2,6}[ \t]Local[ \t][0-9]{1,5}[A-Z]{0,2})(?![\w])"
)
_ANY_CYRILLIC = _PRESCAN.compile("[\u0400-\u04ff]")
_ANY_CJK = _PRESCAN.compile("[\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
# "County Cavan", "Province of Ancona", "Canton of Vaud"
_AREA_PREFIX = _PRESCAN.compile(
    r"(?<![\w\-])(?P<ent>(?:County|Province of|Canton of|Region of|Département de|Oblast of|"
    r"Governorate of|Prefecture of|District of|Municipality of)[ \t]"
    r"[A-Z\u00c0-\u00de\u0100-\u017f][\w'\u2019\-]*(?:[ \t][A-Z][\w'\u2019\-]*)?)"
    r"(?![\w\-])"
)
_AREA = _PRESCAN.compile(
    rf"(?<![\w\-])(?P<ent>{_CAP}(?:[ \t]{_CAP})?[ \t](?:{_AREA_ALT}))\b(?![ \t]+court\b)",
)
# The end of a sentence inside a capitalised run: a word of four letters or more, a full stop
# ("Minella. Ask"); "St. John", "Co. Cork" are abbreviations.
_SENTENCE_BREAK = re.compile(
    r"(?<=[a-z\u00df-\u024f]{3})"
    # a word of three lower-case letters may end a sentence ("Bisola and Femi. Service of
    # thanksgiving"), unless it is a known abbreviation ("Bros.", "Dept. of Health")
    r"(?<!Bros)(?<!Corp)(?<!Dept)(?<!Govt)(?<!Assn)(?<!Natl)(?<!Univ)(?<!Inst)(?<!Hosp)"
    r"(?<!Intl)(?<!Ltda)(?<!Mfrs)\.[ \t]+"
)
# The name of an identifier after a would-be organisation: "Social Insurance Number",
# "Health Insurance Card (number ...)", "Flying Club membership number"
_ID_WORD_AFTER = re.compile(
    r"[ \t]+(?:[Nn]umber|[Nn]o\.|NO\.|ID|PIN|[Cc]ard|[Mm]embership[ \t]+[Nn]umber)(?![\w])"
)
_ID_WORD_END = re.compile(r"[ \t](?:No|NO|Number|Nr)\.?\Z")
_CODE_WORD = re.compile(r"(?<![\w\-])(?:[A-Z]+[0-9]|[0-9]+[A-Z])[A-Z0-9]*(?![\w\-])")
_TITLED_OF = re.compile(r"[ \t](?:of|from|at)[ \t](?:the[ \t])?")
_PERSON_OF = re.compile(
    r"(?P<name>[A-Z][a-z]+(?:[ \t][A-Z][a-z'\u2019\-]+){1,2})[ \t](?:of|from|at|for)[ \t]"
    r"(?:the[ \t])?"
)


def _plain_given_names() -> frozenset[str]:
    from privtext.tagging.recognizers.gazetteer import plain_given_names  # (imports this module)

    return plain_given_names()


def _plain_surname(words: list[str]) -> bool:
    """Two words or more ending in a listed surname that is no place or organisation word."""
    from privtext.tagging.recognizers.gazetteer import load_gazetteer  # (imports this module)

    gaz = load_gazetteer(None)
    last = words[-1]
    return len(words) >= 2 and last in gaz.surnames and last not in gaz.known_tokens


_LEADING_NOISE = re.compile(
    r"(?:The|A|An|In|At|On|By|From|To|For|With|Dear|Re|Our|Ask|Visit|Call|Contact|Phone|Email|"
    r"See|Try|Join|Book|Attend|Leave|Meet|Please|Thanks|Thank|Before|Between|Against|Your|My|"
    r"His|Her|Their)[ \t]+"
)
_GENERIC = frozenset(
    {"The Court", "The Government", "Grand Chamber", "The Grand Chamber", "Police", "The Police"}
)  # fmt: skip


class OrganizationRecognizer(Recognizer):
    """Tag institution names as ORGANIZATION and typed areas as LOCATION."""

    name: ClassVar[str] = "organization_shape"
    entity_types: ClassVar[tuple[str, ...]] = ("ORGANIZATION", "LOCATION")
    SCORE: ClassVar[float] = 0.86
    AREA_SCORE: ClassVar[float] = 0.8
    # above a name read into it by the lists or NER ("Abraham Lincoln" of "Abraham Lincoln
    # National Cemetery")
    CEMETERY_SCORE: ClassVar[float] = 0.88
    # above NER's person over the bracket ("Koala Support")
    AGENT_TEAM_SCORE: ClassVar[float] = 0.88

    def analyze(self, text: str) -> list[Span]:
        """Find institution names and typed areas (see the module docstring)."""
        if not text:
            return []
        from privtext.tagging.recognizers.gazetteer import TITLES  # (imports this module)
        from privtext.tagging.recognizers.job_title import job_title_set
        from privtext.tagging.recognizers.spacy_ner import case_for_ner

        # names in capitals ("LITTLE HADLOW PARISH COUNCIL") are read in title case; every
        # character keeps its place, so offsets hold for the original text
        original = text
        text = case_for_ner(text)
        out: list[Span] = []
        rx: AnyPattern
        for rx in (_SUFFIXED, _PREFIXED):
            for m in rx.finditer(text):
                s, e = m.start("ent"), m.end("ent")
                # a run never crosses a sentence ("Hotel Minella. Ask Hotel"): the name is the
                # part that holds its head word
                for brk in _SENTENCE_BREAK.finditer(text, s, e):
                    before = text[s : brk.start()].split()
                    if rx is _PREFIXED or any(w in HEAD_SET for w in before):
                        e = brk.start()  # "Monetary Authority of Singapore. He"
                        break
                    s = brk.end()
                lead = _LEADING_NOISE.match(text, s, e)
                if lead:
                    s = lead.end()
                if rx is _SUFFIXED and text[s:e].split()[0] in TITLES:
                    # "Detective Sergeant Aoife Brennan of Mill Street Garda Station": a titled
                    # person "of" an institution; the institution starts after the "of"
                    of = _TITLED_OF.search(text, s, e)
                    if of is None:
                        continue
                    s = of.end()
                elif rx is _SUFFIXED and (of := _PERSON_OF.match(text, s, e)) is not None:
                    # "Darren Kippax of DK Quality Homes Pty Ltd": a person named by a given
                    # name and a surname "of" the firm; the firm starts after the "of"
                    words = of.group("name").split()
                    if (words[0] in _plain_given_names() or _plain_surname(words)) and not any(
                        w in HEAD_SET for w in words
                    ):
                        s = of.end()  # ("Olumide Bakare of Access Bank": a listed surname)
                surface = text[s:e].rstrip(".,")
                e = s + len(surface)
                code = _CODE_WORD.search(
                    surface, surface.find(" ") + 1 if " " in surface else len(surface)
                )
                if code is not None:
                    # "TBC Bank GE29 TB00 0000": a code (letters and digits) ends the name
                    surface = surface[: code.start()].rstrip(" ,")
                    e = s + len(surface)
                if (
                    _ID_WORD_AFTER.match(text, e)
                    or _ID_WORD_END.search(surface)
                    or any(c.isdigit() for c in surface.split()[0])
                ):
                    continue  # "Social Insurance Number", "HR-559017. Your Flying Club"
                if " " not in surface.strip() or surface in _GENERIC:
                    continue  # a head word alone ("Hospital", "Court") names nothing
                out.append(Span(s, e, "ORGANIZATION", self.SCORE, self.name))
        for m in _LEGAL_FORM.finditer(original):
            s, e = m.span("ent")
            words = original[s:e].split()
            while len(words) > 2 and (
                words[0] in TITLES
                or _LEADING_NOISE.fullmatch(words[0] + " ")
                or words[0].lower() in job_title_set()
                or words[0].rstrip(":") in _PARTY_WORDS
            ):  # "Contractor Servicios Portuarios Chalaca S.A.C."
                s = original.index(words[1], s + len(words[0]))
                words = words[1:]
            out.append(Span(s, e, "ORGANIZATION", self.SCORE + 0.02, self.name))
        for m in _CLUB.finditer(original):
            out.append(Span(m.start("ent"), m.end("ent"), "ORGANIZATION", self.SCORE, self.name))
        for m in _NUMBERED.finditer(text):
            out.append(Span(m.start("ent"), m.end("ent"), "ORGANIZATION", self.SCORE, self.name))
        for m in _NORDIC_BODY.finditer(original):
            out.append(Span(m.start("ent"), m.end("ent"), "ORGANIZATION", self.SCORE, self.name))
        if "(" in text:
            for m in _AGENT_TEAM.finditer(original):
                out.append(Span(*m.span("ent"), "ORGANIZATION", self.AGENT_TEAM_SCORE, self.name))
        for m in _HM_PRISON.finditer(original):
            out.append(Span(m.start("ent"), m.end("ent"), "ORGANIZATION", self.SCORE, self.name))
        hint: AnyPattern | None
        for rx, hint in (
            (_CYRILLIC_COMPANY, _ANY_CYRILLIC),
            (_CJK_ORG, _ANY_CJK),
            (_AR_ORG, _ANY_ARABIC),
            (_UNION_LOCAL, None),
        ):
            if hint is not None and hint.search(text) is None:
                continue
            if hint is None and " Local " not in text:
                continue
            for m in rx.finditer(text):
                out.append(
                    Span(m.start("ent"), m.end("ent"), "ORGANIZATION", self.SCORE, self.name)
                )
        if (
            "Cemetery" in text
            or "Memorial Park" in text
            or "Burial Ground" in text
            or ("Necropolis" in text or "Graveyard" in text)
        ):
            for m in _CEMETERY.finditer(original):
                cs, ce = m.span("ent")
                words = original[cs:ce].split()
                while words and words[0] in _NOT_CEMETERY_NAME:
                    cs = original.index(words[1], cs) if len(words) > 1 else ce
                    words = words[1:]
                if len(words) >= 2:  # a name before the head: "Lawnswood Cemetery"
                    out.append(Span(cs, ce, "LOCATION", self.CEMETERY_SCORE, self.name))
        for m in _AREA_PREFIX.finditer(text):
            if m.group("ent").split()[-1] in HEAD_SET:
                continue  # "County Council" is an organisation
            out.append(Span(m.start("ent"), m.end("ent"), "LOCATION", self.AREA_SCORE, self.name))
        for m in _AREA.finditer(text):
            s, e = m.start("ent"), m.end("ent")
            lead = _LEADING_NOISE.match(text, s, e)
            if lead:
                s = lead.end()
            if s < e and " " in text[s:e]:
                out.append(Span(s, e, "LOCATION", self.AREA_SCORE, self.name))
        if text is not original:
            out = [_caps_suffixes(original, sp) for sp in out if _caps_name_ok(original, sp)]
        return out


#: A word at least this frequent in English is an ordinary word in a heading in capitals.
CAPS_COMMON_ZIPF = 3.8


def _caps_name_ok(text: str, span: Span) -> bool:
    """An organisation read from capitals ("LITTLE HADLOW PARISH COUNCIL") is kept when a word
    besides its head words is a known place or name, or rarer than ``CAPS_COMMON_ZIPF``; so
    that headings ("OFFICE USE ONLY", "SAD NEWS", "COUNCIL TAX") and a judge's title with the
    name ("TRIBUNAL JUDGE KHAN") are not organisations. Spans not in capitals are kept."""
    from wordfreq import zipf_frequency

    from privtext.tagging.recognizers.gazetteer import TITLES, load_gazetteer

    surface = text[span.start : span.end]
    letters = [c for c in surface if c.isalpha()]
    if not letters or not all(c.isupper() for c in letters):
        return True
    gaz = load_gazetteer(None)
    words = [w[:1] + w[1:].lower() for w in re.findall(r"[^\W\d_]+(?:['\-][^\W\d_]+)*", surface)]
    if any(w in TITLES for w in words):
        return False
    titled = " ".join(words)
    if words and any(
        p == titled and t == "ORGANIZATION" for p, t, _s in gaz.phrases.get(words[0], ())
    ):
        return True  # a listed name in capitals: "EMPLOYMENT TRIBUNALS", "CITIZENS ADVICE"
    lead: list[str] = []
    for w in words:
        if w in HEAD_SET:
            break
        lead.append(w)
    phrase = " ".join(lead)
    if lead and any(p == phrase for p, _t, _s in gaz.phrases.get(lead[0], ())):
        return True  # "WEST MIDLANDS POLICE": a known place before the head
    for w in words:
        if w in HEAD_SET or w.lower() in _CAPS_LINKS:
            continue
        if (
            w in gaz.known_tokens
            or w in gaz.surnames
            or zipf_frequency(w.lower(), "en") < CAPS_COMMON_ZIPF
        ):
            return True
    return False


_CAPS_LINKS = frozenset({"of", "the", "and", "for", "at", "de", "la", "le", "du", "&"})


_CAPS_NEXT = re.compile(r"[ \t]([A-Z]{2,}\.?)(?![\w])")
_CAPS_TAIL = frozenset({"Force", "Plc", "Ltd", "Limited", "Llc", "Inc", "Corporation", "Trust"})


def _caps_suffixes(text: str, span: Span) -> Span:
    """A name read from capitals takes the capitals words of its suffix after its head
    ("NORTHBRIDGE BANK PLC", "SINGAPORE POLICE FORCE")."""
    end = span.end
    while True:
        m = _CAPS_NEXT.match(text, end)
        if m is None:
            break
        word = m.group(1).rstrip(".")
        title = word[:1] + word[1:].lower()
        if title not in _CAPS_TAIL and title not in HEAD_SET:
            break
        end = m.end()
    return (
        span
        if end == span.end
        else Span(span.start, end, span.entity_type, span.score, span.source)
    )
