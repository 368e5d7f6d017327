"""CASE_NUMBER and ACCOUNT_NUMBER recognizers: file, case, account and customer references.

**Case numbers** (:class:`CaseNumberRecognizer`):

* ECHR application numbers ``36110/97`` (4-6 digits, slash, 2 digits) score high on their
  own; a split academic or fiscal year (``2019/20``, ``1998/99``) is not one. Shorter ones
  (``123/05``) need ``application``/``no.`` just before them.
* Court numbers with a strong shape: CJEU ``C-123/19``/``T-45/20``, German ``2 BvR 123/08``/
  ``VI ZR 12/19``, UK neutral citations ``[2019] EWHC 123 (QB)``, US federal
  ``1:19-cv-01234``, docket-like ``CV-2021-004512`` (not ``CVE-...``); a German ``Az.``
  reference is tagged with its ``Az.`` (``Az. 2023-BImSch-0471``).
* Any code with a digit introduced by ``case``, ``file``, ``reference``, ``ref.``, ``ticket``,
  ``claim``, ``docket``, ``matter``, ``dossier``... (``reference KX-48213``, ``ticket #48213``,
  ``claim number 1234-5678``, ``our ref.: ABC/2021/0045``, ``file no. 2019/123``). Words that
  are also ordinary nouns (``case``, ``file``, ``matter``, ``application``) need ``no.``/
  ``number``/``#``/``:`` or a code that is not a plain small number.
* A number of at least 4 digits (not a year, date or amount) or a code right after ``no.``,
  ``Nr.``, ``n°``, ``#`` or ``number`` (``given the number 56045``), unless a law, a series or
  a telephone is what is numbered (``Law no. 2004-1234``, ``phone number ...``).
* **Generic codes** without any cue: a token of upper-case letters and digits, joined by
  ``-``, ``/`` or ``.`` (``TKT-0093321``, ``Z/24/118830``, ``HS-HOM-0098127``, ``XR-512-K``,
  ``2023-BImSch-0471``) with at least 4 digits, or two letter groups and a group of 3
  digits; or letters followed by at least 5 digits (``CR00581236``). Standards
  (``ISO-9001``, ``CVE-2021-44228``), EU acts (``2009/72/EC``), UN documents, versions, ICD
  codes, gene variants (``JAK2-V617F``), dates with a month (``12-MAR-2023``), quarters,
  years with a name (``EURO-2024``, ``NT/2000/XP``), country postcodes (``D-80331
  Munich``), amounts (``EUR12000``), junctions and models with short numbers (``J19-20``,
  ``A350-900``, ``COVID-19``, ``F-16``, ``A320``), and codes after ``form``, ``model``,
  ``room``, ``flight``, ``page``... are not. The score is 0.8 (as high as spaCy's ``ORG``, so
  the longer code wins over an ``ORG`` found inside it), 0.9 with a case cue before it on
  the same line.

**Account numbers** (:class:`AccountNumberRecognizer`): a code with at least two digits after
``account``, ``customer``, ``member(ship)``, ``policy``, ``patient``, ``employee``,
``passport``, ``licence``/``driver's license``, ``permit``, ``registration``, ``practice``,
``student``, ``invoice``, ``order``, ``contract``, ``booking``... optionally followed by
``number``/``no.``/``ID``/``#`` (``account number 12345678``, ``customer ID C-10293``,
``policy no. PX-77120-A``, ``passport number 123456789``); a short upper-case prefix written
before the digits is part of the number (``practice no. BSNR 123456700``, ``contract VN
44019823``). Keywords that are ordinary words (``order``, ``contract``, ``registration``...)
need a connector or a number that clearly is one (``order 66`` is not). Also UK sort codes
(``sort code 12-34-56``), police collar numbers (``PC 4471``, ``badge 4471``, ``PC Hartley
(2217)``), the last digits of an account or card (``account ending 6721``, ``tarjeta ...
terminación 4417``), form labels with ``No.`` first (``No. Matrik: 1221304417``), a number of
the same length coordinated after a tagged one (``member no. 0044718215 (...) and
0039920611``), registration
plates after a vehicle cue (``registration AB12 CDE``, ``car M-AB 1234``), codes after
``ID``/``No.``/``#`` when such a keyword is at most ~30 characters before (``membership
card, No. AB1234``), and the answer to a request for such a number: a generic code within 80
characters (``policy number please?`` then ``its HS-HOM-0098127``) or a number of at least 6
digits on a later line. German and French compounds (``Kundennummer``, ``n° client``) count.

Every pattern needs a digit near its start: the keyword regexes only scan windows around
the digits of the text, so prose without numbers costs one scan for digits.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import ClassVar

from privtext.tagging.base import Recognizer, Span
from privtext.tagging.prescan import AnyPattern, PatternGroup

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("reference_number")

# a letter of any script or a digit
_AN = r"[^\W_]"
# A short upper-case prefix written before the digits ("BSNR 123456700", "VN 44019823"), not
# a currency, a unit, a time zone or a police rank.
_PFX = (
    r"(?:(?!(?:EUR|USD|GBP|CHF|JPY|PLN|SEK|NOK|DKK|CZK|HUF|RON|BGN|TRY|RUB|INR|CNY|AUD|CAD|"
    r"NZD|ZAR|BRL|MXN|HKD|SGD|AED|SAR|ISO|DIN|IEC|EN|BS|KM|KG|MM|CM|ML|MG|KB|MB|GB|TB|KW|HP|"
    r"AM|PM|UTC|GMT|CET|CEST|BST|EST|PST|PC|DC|PS|DS|DI|DCI|PCSO|SGT|NO|NR|REF|ID)[ \u00a0])"
    r"[A-Z]{2,5}[ \u00a0](?=[0-9]{4}))"
)
# An identifier: letters, digits and inner separators (- / .), at most ~30 characters, with
# a digit, optionally after a short prefix and followed by space-separated groups of digits.
_ID = (
    rf"#?(?P<id>(?P<pfx>{_PFX})?(?:[*\u2022]{{2,}}|[xX]{{4,}})?(?=[\w\-/.]*[0-9])"
    rf"{_AN}(?:{_AN}|[\-/.](?={_AN})){{0,29}}"
    r"(?:[ \u00a0][0-9]{2,}(?![\w\-/]))*)"
    rf"(?![\w\-/]|[.]{_AN})"
)
_LB = r"(?<![\w/.\-])"
_RB = r"(?![\w/]|[.\-][0-9A-Za-z])"

# ---------------------------------------------------------------------------- case numbers
_STRONG_CASE_KW = (
    r"(?:reference|ref|our\s+ref|your\s+ref|ticket|claim|docket|dossier|incident|complaint|"
    r"tracking|case\s+reference|file\s+reference|crime\s+reference|aktenzeichen|az|"
    r"gesch\u00e4ftszeichen|vorgangsnummer|vorgangs-?nr|schadens?nummer|schadens?-?nr|"
    r"ticketnummer|num[\u00e9e]ro\s+de\s+dossier|n[\u00ba\u00b0]\s+de\s+dossier|"
    r"n[\u00fau]mero\s+de\s+expediente|expediente|n[o\u00ba\u00b0]\s+rg|rg|"
    r"(?:notre\s+|votre\s+)?r[\u00e9e]f[\u00e9e]rence|r[\u00e9e]f|referencia|riferimento|rif|"
    r"(?:uw\s+|ons\s+)?kenmerk|sygnatura|protocolo|protocollo|pratica|"
    # Portuguese and Spanish: "Referência da autorização: 104987332", "FATURA N.º FT 2025/0418823"
    r"refer[e\u00ea]ncia(?:\s+d[ao]\s+autoriza[c\u00e7][a\u00e3]o)?|fatura|factura|fattura|folio|"
    # a garage's job card and repair order, a mobile-money transaction: "Job card: J4471",
    # "M-Pesa (transaction SH83KQ7L2P)"
    r"job\s+card|job\s+sheet|repair\s+order|work\s+order|transaction|"
    # a ship's radio call sign and a fishing boat's port letters and number: "Call sign:
    # 9HA4821", "PLN: PD 214"
    r"call\s+sign|PLN|"
    # land and registry entries, samples and certificates: "Flurstück 118/7", "foglio 21,
    # particella 418", "Strata Plan SP 20418", "sample code 4471829", "issue no. 2025-0306-118"
    r"flurst\u00fcck|grundbuchblatt|foglio|particella|subalterno|strata\s+plan|"
    # Czech, Finnish and Hungarian registers and company numbers: "List vlastnictví: 4127",
    # "Parcela 2318/4", "IČO 47128933", "Kiinteistötunnus: 753-418-2-77", "adószám: 23817467-2-13"
    r"list\s+vlastnictv\u00ed|parcela(?:\s+st\.)?|i\u010do|di\u010d|kiinteist\u00f6tunnus|"
    r"y-tunnus|ad\u00f3sz\u00e1m|c\u00e9gjegyz\u00e9ksz\u00e1m|"
    r"sample\s+(?:code|number|no)|issue\s+no|entry\s+no|cadastr\u00e9e?\s+section|"
    # Swedish and German file marks, register entries, web forms, Greek register numbers,
    # Vietnamese decision numbers: "Dnr NTH 2025/0417", "Ihr Zeichen: Prov-88/2024",
    # "register entry 1968/4417", "web form WF-25-330417", "αρ. μητρώου 4417/1955", "số
    # 88/QĐ-CSMT"
    r"dnr|diarienummer|(?:unser|ihr)\s+zeichen|register\s+entry|web\s+form|online\s+form|"
    r"\u03bc\u03b7\u03c4\u03c1\u03ce\u03bf\u03c5|s\u1ed1|"
    # Dutch, Scandinavian and Spanish case files, Chilean court rolls: "Zaaknummer: 2024/0417228",
    # "mål Ä 417-83", "saksnummer 25-041722", "queja 25004172", "rol 1417-2018"
    r"zaaknummer|dossiernummer|procesnummer|rolnummer|aktenummer|m\u00e5l|m\u00e5lnummer|"
    r"saksnummer|saksnr|sagsnummer|sagsnr|journalnummer|queja|reclamaci[\u00f3o]n|radicado|rol|"
    # a fire brigade's call-out, a Dutch insolvency, a jury citation, a card payment's
    # authorisation, an e-prescription's token: "Einsatznummer 25-031077", "Insolventienummer:
    # C/10/25/184 F", "citation JC/GLW/25/30218", "authorisation code 083114", "eScript token
    # 2F7C9QX4KJ8M1N0TB"
    r"einsatznummer|einsatz-?nr|insolventienummer|citation|authori[sz]ation\s+code|"
    r"auth\s+code|escript\s+token|"
    # an animal's microchip and a criminal-records certificate: "chip 941000025873214", "N°
    # d'identification : 250269606218743", "čip 203098100287415", "DBS certificates:
    # 001784523619"
    r"(?:micro)?chip|transponder|mikro\u010dip|\u010dip|n[\u00ba\u00b0]\s+d'identification|"
    r"dbs(?:\s+certificates?)?|"
    # a number of a record in Korean, Japanese and Chinese: "기록번호 83-1417", "受付番号
    # 4417-2290", "案件編號：HK-2025-0417"
    r"[\uac00-\ud7a3]{0,4}\ubc88\ud638|[\u3040-\u30ff\u4e00-\u9fff]{0,6}\u756a\u53f7|"
    # Chinese patent application, publication and patent numbers: "申请号：202410123456.0"
    r"\u7533\u8bf7\u53f7|\u7533\u8acb\u865f|\u516c\u5f00\u53f7|\u516c\u544a\u53f7|"
    r"\u4e13\u5229\u53f7|\u5c08\u5229\u865f|"
    r"[\u4e00-\u9fff]{0,6}(?:\u7de8\u865f|\u7f16\u53f7|\u865f\u78bc|\u53f7\u7801))"
)
_WEAK_CASE_KW = (
    r"(?:case|file|matter|application|applications|appeal|petition|request|record|report|"
    r"proceedings|judgment|decision|ob|occurrence\s+book)"
)
_CASE_CONNECTOR = (
    r"(?:\s+(?:number|numbers|num|nos?|nr|id|identifier|#)(?!\w)\.?|\s*#|"
    r"\s*n\.?[\u00ba\u00b0](?!\w)\.?)"
)
# a code with a digit (for the German "Az." reference, which keeps its "Az.")
_CODE_TOKEN = rf"(?=[\w\-/.]*[0-9]){_AN}(?:{_AN}|[\-/.](?={_AN})){{1,39}}"

_CASE_PATTERNS: list[tuple[str, str, float]] = [
    # a transaction hash: 64 hex digits, with "0x" on Ethereum-like chains
    ("tx_hash", r"(?<![\w\-])(?P<ent>(?:0x)?[0-9a-fA-F]{64})(?![\w\-])", 0.85),
    # ECHR application number 36110/97
    ("echr", rf"{_LB}(?P<ent>[0-9]{{4,6}}/[0-9]{{2}}){_RB}", 0.85),
    # an employment tribunal's case number: seven digits and the year, "2200418/2024"
    ("et_case", rf"{_LB}(?P<ent>[0-9]{{7}}/(?:19|20)[0-9]{{2}}){_RB}", 0.85),
    # no. 123/05 after an application word
    (
        "echr_short",
        rf"(?i:applications?\s+(?:nos?\.?|numbers?)\s*|\bnos?\.\s*)"
        rf"(?P<ent>[0-9]{{1,3}}/[0-9]{{2}}){_RB}",
        0.8,
    ),
    # CJEU C-123/19, T-45/20 P
    ("cjeu", rf"{_LB}(?P<ent>[CTF][\-\u2011][0-9]{{1,4}}/[0-9]{{2}}(?:\s+P(?![\w]))?){_RB}", 0.85),
    # German: 2 BvR 123/08, VI ZR 12/19, 1 StR 45/12
    (
        "de_az",
        rf"(?<![\w/])(?P<ent>(?:[0-9]{{1,2}}|[IVX]{{1,5}})\s+(?:Bv[A-Z]|[A-Z][a-z]?[A-Z]{{1,2}}|"
        rf"[A-Z]{{1,3}})\s+[0-9]{{1,5}}/[0-9]{{2,4}}){_RB}",
        0.85,
    ),
    # German file reference with its abbreviation: Az. 2023-BImSch-0471, Az.: IV 2 - 123/21
    (
        "az_prefix",
        rf"(?<![\w])(?P<ent>(?:Az|AZ|Gz|GZ|Gesch\.-Z)\.?:?[ \u00a0]*"
        rf"(?:(?:[0-9]{{1,3}}|[IVX]{{1,5}}|[A-Z]{{1,3}})[ \u00a0]+(?:-[ \u00a0]+)?){{0,3}}"
        rf"{_CODE_TOKEN}){_RB}",
        0.9,
    ),
    # UK neutral citation [2019] EWHC 123 (QB)
    (
        "uk_ncn",
        r"(?P<ent>\[(?:19|20)[0-9]{2}\]\s+(?:UKSC|UKHL|UKPC|EWCA\s+(?:Civ|Crim)|EWHC|EWFC|EWCOP|"
        r"UKUT|UKFTT|UKEAT|UKIAT|CSOH|CSIH|HCJAC|NICA|NIQB|NIKB|IEHC|IESC|IECA)\s+[0-9]{1,5}"
        r"(?:\s+\([A-Z][A-Za-z]*(?:\s+[A-Z][A-Za-z]*)?\))?)",
        0.9,
    ),
    # neutral citations of other courts: [2019] HCA 12, [2023] ZAGPJHC 1187, [2021] SGCA 45
    (
        "ncn_bracket",
        r"(?P<ent>\[(?:19|20)[0-9]{2}\]\s+(?!(?:UKSC|UKHL|UKPC|EWCA|EWHC|EWFC|EWCOP|UKUT|UKFTT|"
        r"UKEAT|UKIAT|CSOH|CSIH|HCJAC|NICA|NIQB|NIKB|IEHC|IESC|IECA)\b)[A-Z]{2,9}"
        r"(?:\s+(?:Civ|Crim|Admin|Fam))?\s+[0-9]{1,6})"
        r"(?![\w/])",
        0.85,
    ),
    # Canadian neutral citations: 2023 FC 846, 2019 SCC 5, 2021 ONCA 123
    (
        "ncn_ca",
        r"(?<![\w/])(?P<ent>(?:19|20)[0-9]{2}\s+(?:SCC|FC|FCA|TCC|CMAC|ONCA|ONSC|ONCJ|BCCA|BCSC|"
        r"BCPC|ABCA|ABQB|ABKB|SKCA|SKQB|SKKB|MBCA|MBQB|MBKB|QCCA|QCCS|QCCQ|NSCA|NSSC|NBCA|"
        r"NBQB|NBKB|NLCA|PECA|CHRT|IRB|CanLII)\s+[0-9]{1,6})(?![\w/])",
        0.85,
    ),
    # South Asian and East African style: No. 18452 OF 2022, CAUSE NO. E214 OF 2021
    (
        "no_of_year",
        r"(?<![\w])(?:(?i:number)|No\.?|no\.|NO\.?|Nos?\.)[ \u00a0]*"
        r"(?P<ent>[A-Z]{0,3}[0-9]{1,6}(?:/[0-9]{1,4})?[ \u00a0]+(?:OF|of|Of)[ \u00a0]+"
        r"(?:19|20)[0-9]{2})(?![\w/])",
        0.9,
    ),
    # US federal 1:19-cv-01234(-ABC)
    (
        "us_fed",
        rf"{_LB}(?P<ent>[0-9]{{1,2}}:[0-9]{{2}}-(?i:cv|cr|mj|mc|md|bk|ap|po|sw)-[0-9]{{3,6}}"
        rf"(?:-[A-Z]{{2,4}})*){_RB}",
        0.9,
    ),
    # a research council's grant reference: council, letter and number, version ("MR/Z504186/1",
    # "EP/X012345/1")
    (
        "grant_ref",
        r"(?<![\w\-./@])(?P<ent>[A-Z]{2,4}/[A-Z]?[0-9]{5,8}/[0-9]{1,2})(?![\w/])",
        0.9,
    ),
    # a Japanese court's case number, by era year, case mark and number: "令和7年(わ)第1482号"
    (
        "ja_case",
        r"(?P<ent>(?:令和|平成|昭和)[0-9０-９元]{1,2}年[(（][\u3040-\u30ff\u4e00-\u9fff]{1,3}[)）]"
        r"第?[0-9０-９]{1,6}号)",
        0.9,
    ),
    # South African police case numbers: CAS 118/04/2024
    ("za_cas", rf"(?<![\w])CAS\s+(?P<ent>[0-9]{{1,5}}/[0-9]{{1,2}}/(?:19|20)[0-9]{{2}}){_RB}", 0.9),
    # docket-like CV-2021-004512 (not CVE-2021-44228)
    (
        "docket",
        rf"{_LB}(?P<ent>(?!CVE-|ISO-|EN-|RFC-)[A-Z]{{2,4}}-(?:19|20)[0-9]{{2}}-[0-9]{{3,8}}){_RB}",
        0.7,
    ),
    # keyword + code: reference KX-48213, ticket #48213, claim number 1234-5678, Ref.: AB/12
    (
        "strong_kw",
        rf"(?<![\w])(?i:{_STRONG_CASE_KW}(?!\w)\.?{_CASE_CONNECTOR}?)(?:\s*\([A-Z]{{2,6}}\))?"
        rf"\s*(?:(?i:is|was)\s+|[:=\uff1a]\s*|\([ \t]*)?{_ID}",
        0.85,
    ),
    # a mobile-money confirmation SMS opens with its transaction code: "SE34LPQ9XK Confirmed."
    (
        "mpesa",
        r"(?<![\w\-])(?P<ent>(?=[A-Z]*[0-9])(?=[0-9]*[A-Z])[A-Z0-9]{10})[ \t]+Confirmed\.",
        0.85,
    ),
    # weak keyword + connector + code: case no. 2019/123, file number AB-12
    (
        "weak_kw",
        rf"(?<![\w])(?i:{_WEAK_CASE_KW}{_CASE_CONNECTOR})\s*(?:is\s+|[:=]\s*)?{_ID}",
        0.85,
    ),
    # weak keyword + code that is clearly a code: case KX-48213, file 2019/123, case 88311452
    (
        "weak_kw_code",
        rf"(?<![\w])(?i:{_WEAK_CASE_KW})(?!\w)\s*(?::\s*)?#?(?P<code>(?=[A-Za-z0-9\-/.]*[\-/.][0-9])"
        rf"[A-Za-z0-9](?:[A-Za-z0-9]|[\-/.](?=[A-Za-z0-9])){{2,29}}|[0-9]{{6,12}}){_RB}",
        0.8,
    ),
    # a long number or a code after no. / Nr. / n° / # / number: "given the number 56045"
    (
        "bare_no",
        rf"(?<![\w])(?:(?i:number)|No\.?|no\.|NO\.|Nr\.?|nr\.|[Nn][\u00ba\u00b0]\.?|n\.|#)"
        rf"[ \u00a0]*(?:[:=][ \u00a0]*)?{_ID}",
        0.8,
    ),
    # "number", "no.", "code" and "identifier" in other languages and scripts (digits of any
    # script read as ASCII ones, see registry.fold_digits): Bengali "দান রসিদ নং: ০০৭৮৪১",
    # Hindi "आधार संख्या", Persian "کد ملی: ۰۰۷۲۴۸۱۵۳۶", "شماره عضویت: ۵۵۱۰۲", Arabic "كود
    # المشترك ٠٨٤١٢٢٧٣٠٥", Thai "เลขที่บัญชีนายจ้าง 1002847319", Greek "Αρ. Πρωτ.: 1187/2025",
    # Hungarian "Ügyfélazonosító: 2000418836", "gyári száma", Malay "No. akaun: 160118442793",
    # Icelandic "af reikningi: 0133-26-012345", Turkish "Bildirim no: 2025-16-0044817"
    (
        "bare_no_script",
        r"(?<![\w])(?:\u09a8\u0982|\u09a8\u09ae\u09cd\u09ac\u09b0|"
        r"\u0915\u094d\u0930\u092e\u093e\u0902\u0915|\u0938\u0902\u0916\u094d\u092f\u093e|\u0928\u0902\.|"
        r"(?:\u0634\u0645\u0627\u0631\u0647|\u0627?\u0644?\u0631\u0642\u0645|\u06a9\u062f|\u0643\u0648\u062f)"
        r"(?:[ \t]+[\u0621-\u06ff\u200c]{2,}){0,2}|"
        r"\u0e40\u0e25\u0e02[\u0e01-\u0e4e]{0,24}|"
        r"\u0391\u03c1\.(?:[ \t]*\u03a0\u03c1\u03c9\u03c4\.)?|"
        r"(?i:\w*azonos\u00edt\u00f3(?:[ \t]+jel)?|gy\u00e1ri[ \t]+sz\u00e1ma?|akaun|"
        r"reikning(?:i|ur|s)?)|"
        r"(?i:bildirim|sicil|kimlik|dosya|ba\u015fvuru|sipari\u015f|poli\u00e7e|hesap|m\u00fc\u015fteri|"
        r"abone|fatura|protokol|evrak|kay\u0131t)[ \t]+no(?=[ \t]*:))"
        rf"[ \t\u00a0]*(?:[:=\uff1a][ \t\u00a0]*)?{_ID}",
        0.8,
    ),
    # a freight container (ISO 6346: owner code ending in U, J or Z, six digits, check digit):
    # "MSKU 729104-6", "TGHU6620319"
    (
        "container",
        r"(?<![\w\-])(?P<ent>[A-Z]{3}[UJZ][ \t\u00a0]?[0-9]{6}(?:[ \t]?-[ \t]?[0-9]|[0-9])?)"
        r"(?![\w\-])",
        0.85,
    ),
    # an EU customs movement reference (MRN): "25GR000012045881A7"
    # (14 characters after the year and the country, the last a check character)
    (
        "mrn",
        r"(?<![\w\-])(?P<ent>[0-9]{2}[A-Z]{2}(?=[A-Z]*[0-9])[A-Z0-9]{14})(?![\w\-])",
        0.85,
    ),
    # a civil-registry or archive entry, a court procedure: "akt nr 214/1898", "acta 1127/1952",
    # "sygn. 35/1824/0/2/87", "MONITORIO 1187/2024" (NER reads "214/1898" as a date)
    (
        "register_entry",
        r"(?<![\w])(?i:akt(?:u|a)?|acta|actas|atto|sygn\.?|expediente|monitorio|procedimiento|"
        r"juicio|ejecuci\u00f3n|sumario|diligencias)"
        r"(?:[ \t]+(?i:n[r\u00ba\u00b0o]\.?|n\.\u00ba|nr\.?|num\.?))?[ \t]*:?[ \t]*"
        r"(?P<ent>[0-9]{1,6}(?:/[0-9]{1,6}){1,5})(?![\w/])",
        0.85,
    ),
    # a UK right-to-work or immigration-status share code: "share code R8M 4KT 2Q7"
    (
        "share_code",
        r"(?i:share[ \t]code)[^\n]{0,25}?(?P<ent>(?=[A-Z ]*[0-9])(?=[0-9 ]*[A-Z])"
        r"[A-Z0-9]{3}[ \t\u00a0][A-Z0-9]{3}[ \t\u00a0][A-Z0-9]{3})(?![\w\-])",
        0.85,
    ),
    # a listing row that opens with a long number, then a column and a name in capitals:
    # "2400117832  KHALIL, Omar  (26)" in court lists and ward or caseload registers
    (
        "list_row",
        r"(?m)^[ \t]*(?P<ent>[0-9]{6,14})(?=[ \t]{2,}|\t)[ \t]+[A-Z][A-Z'\-]+(?:[ \t][A-Z'\-]+)*,",
        0.75,
    ),
    # a UUID ("d1f4a8c2-7b39-4e11-9a62-08f3c5e1b7d4"): a device's, a record's or an invoice's
    # identifier, one of a kind by design
    (
        "uuid",
        r"(?<![\w\-])(?P<ent>[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-"
        r"[0-9a-fA-F]{12})(?![\w\-])",
        0.8,
    ),
]
_CASE_RX = [(n, _PRESCAN.compile(rx), sc) for n, rx, sc in _CASE_PATTERNS]
_KW_PATTERNS = frozenset({"strong_kw", "weak_kw", "weak_kw_code"})
_DIGIT = re.compile(r"[0-9]")
_DIGIT_RUNS = re.compile(r"[0-9]+")
# a keyword starts at most this many characters before the first digit of its number (a
# request for a number may be a line or two before the answer); an identifier ends at most
# this many characters after its last digit
_WINDOW_BEFORE = 120
_WINDOW_AFTER = 48
_YEAR = re.compile(r"(?:19|20)[0-9]{2}")

# Words before "no."/"number" that say a law, a publication or a phone is numbered.
_NOT_A_CASE_BEFORE = re.compile(
    r"(?i)(?<!\w)(?:law|act|decree|d\u00e9cret|loi|regulation|directive|ordinance|order\s+in|"
    r"statute|gesetz|verordnung|resolution|convention|protocol|treaty|series|s\u00e9rie|vol|"
    r"volume|issue|edition|bulletin|gazette|journal|symphony|opus|op|page|pages|p|pp|"
    r"phone|telephone|tel|mobile|cell|fax|contact|whatsapp|sms|hotline|helpline|call|dial|"
    r"service|support|emergency|toll-free|freephone|house|flat|apartment|"
    r"room|unit|suite|platform|gate|seat|row|bus|route|flight|train|(?:in\s+)?(?:the\s+)?top|"
    r"highway|road|motorway|interstate|exit|chapter|section|paragraph|article|art|rule|"
    r"annex|appendix|schedule|table|figure|fig|item|step|level|size|model|type|form|version|"
    r"part|sku|product|catalogue|catalog)"
    r"(?:\s+[(\[]?[A-Za-z]{1,5}[)\]]?)?\.?\s*(?:of\s+\d{4}\s*)?$"
)
_NOT_A_CASE_WINDOW = 40
# amounts, percentages and measures right after a number
_UNIT_AFTER = re.compile(
    r"[ \u00a0]*(?:%|\u20ac|\$|\u00a3|(?i:eur|euros?|usd|dollars?|gbp|pounds?|chf|francs?|"
    r"km|kg|mg|ml|cm|mm|m|g|l|kw|kwh|mw|hours?|hrs?|minutes?|mins?|days?|weeks?|months?|"
    r"years?|people|persons|units|pieces|copies|items|times|words|pages|metres?|meters?|"
    r"miles?|tons?|tonnes?|litres?|liters?|sq)(?![\w]))"
)
_DATE_VALUE = re.compile(
    r"(?:(?:19|20)[0-9]{2}[\-/.](?:0?[1-9]|1[0-2])[\-/.](?:0?[1-9]|[12][0-9]|3[01])"
    r"|(?:0?[1-9]|[12][0-9]|3[01])[\-/.](?:0?[1-9]|1[0-2])[\-/.](?:19|20)?[0-9]{2}"
    r"|(?:0?[1-9]|1[0-2])[\-/.](?:0?[1-9]|[12][0-9]|3[01])[\-/.](?:19|20)?[0-9]{2}"
    r"|(?:19|20)[0-9]{2}[\-/](?:19|20)?[0-9]{2})"
)
_MONEY_VALUE = re.compile(r"[0-9]{1,3}(?:[.,][0-9]{3})+(?:[.,][0-9]{1,2})?|[0-9]+[.,][0-9]{1,2}")

# ----------------------------------------------------------------------------- generic codes
# A token of letters/digits joined by - / . that holds a digit; checked by _code_shape.
_CODE_RX = re.compile(
    rf"(?<![\w\-/.:@#+&=%$\u20ac\u00a3\\])(?=[\w\-/.]*[0-9])(?P<ent>{_AN}+(?:[\-/.]{_AN}+)*)"
    rf"(?![\w@]|[\-/.:]{_AN}|['\u2019]\w)"
)
_CODE_SEP = re.compile(r"[\-/.]")
_DIGITS_LETTERS_DIGITS = re.compile(r"[0-9]{2,}[A-Z]{1,3}[0-9]{3,}")
_DIGIT_RUN = re.compile(r"[0-9]+")
_MONTHS = frozenset(
    "JAN FEB MAR APR MAY JUN JUL AUG SEP SEPT OCT NOV DEC JANUARY FEBRUARY MARCH APRIL JUNE "
    "JULY AUGUST SEPTEMBER OCTOBER NOVEMBER DECEMBER JAN FEV MRZ MAE MAI JUIN JUIL AOUT AVR "
    "OKT DEZ ENE ABR AGO DIC GEN MAG GIU LUG SET OTT".split()
)
# first groups of standards, vulnerabilities, classifications, products and pathogens
_NOT_CODE_PREFIX = frozenset(
    "ISO IEC EN DIN CVE CWE RFC ECLI ICD DSM ISBN ISSN DOI ASTM ANSI IEEE NIST BS NF UNE UNI "
    "GOST EAN UPC GTIN COVID SARS MERS HIV HPV HCV HBV ATC SNOMED LOINC CPT HCPCS NDC NACE "
    "UTF USB HDMI PCIE DDR LTE TCP HTTP ECE IFRS IAS GAAP SFAS FRS IPCC".split()
)
# suffixes of EU acts: 2009/72/EC, 2016/679/EU
_EU_ACT_SUFFIX = frozenset("EC EU EEC EWG EG CE UE CEE JHA JI GASP CFSP PESC EURATOM".split())
_ROMAN = re.compile(r"[IVX]{1,4}")
_CURRENCIES = frozenset(
    "EUR USD GBP CHF JPY PLN SEK NOK DKK CZK HUF RON BGN TRY RUB INR CNY AUD CAD NZD ZAR BRL "
    "MXN HKD SGD AED SAR US$ EURO".split()
)
_PERIOD = re.compile(r"(?:Q[1-4]|H[12]|S[12]|FY|CY|KW|CW|WK|W)(?:(?:19|20)?[0-9]{2})?")
_VANITY_PHONE = re.compile(r"(?:1[\-.])?8(?:00|88|77|66|55|44|33)[\-.][A-Z0-9\-.]+")
_ICD = re.compile(r"[A-Z][0-9]{2}(?:\.[0-9A-Z]{1,4})?")
_VERSION = re.compile(r"[vVrR][0-9]+(?:\.[0-9]+)+[a-z]?")
_COUNTRY_POSTCODE = re.compile(
    r"(?:A|B|D|F|I|L|E|P|H|S|N|CH|NL|DK|FIN|FI|SE|NO|CZ|SK|SI|SLO|HR|LT|LV|EE|GR|IE|AT|DE|FR|"
    r"IT|ES|PT|BE|LU|RO|BG|HU|IS|MC|LI|CY|MT|PL)-[0-9]{4,5}"
)
_CITY_AFTER = re.compile(r"[ \t\u00a0]+[A-Z\u00c0-\u00de]")
# words after which a code is a product, a standard, a place or a part of a document (a form
# is a document, but an "incident form" or "claim form" numbers a case)
_NOT_CODE_BEFORE = re.compile(
    r"(?i)(?<!\w)(?:(?<!incident\s)(?<!claim\s)(?<!report\s)(?<!web\s)(?<!online\s)form|model|modell|type|typ|version|release|standard|norm|directive|"
    r"regulation|article|art|flight|route|bus|train|road|highway|motorway|page|pages|pp|fig|"
    r"figure|table|annex|appendix|schedule|section|chapter|paragraph|step|phase|room|gate|"
    r"platform|seat|aircraft|boeing|airbus|engine|processor|cpu|gpu|chip|part|sku|item|"
    r"product|catalogue|catalog|firmware|build|kernel|package|doi|isbn|issn|ecr)\.?\s*$"
)
_NOT_CODE_WINDOW = 20
# cue words before a code that make it a case or file reference
_CASE_CUE = re.compile(
    r"(?i)(?<!\w)(?:refs?|reference|case|file|ticket|claim|application|docket|dossier|incident|"
    r"complaint|tracking|order|invoice|delivery|note|booking|refund|return|report|log|az|"
    r"aktenzeichen|dossier|matter|appeal|request|parcel|shipment|consignment|crime|"
    r"investigation|quote|quotation|receipt|transaction|confirmation|r[\u00e9e]f[\u00e9e]rence|"
    r"referencia|riferimento|kenmerk|prenotazione|reserva|r[\u00e9e]servation|buchung)(?!\w)"
)
_CUE_WINDOW = 40
_CODE_SCORE = 0.8
_CODE_CUE_SCORE = 0.9


def _split_year(value: str) -> bool:
    """``2019/20``, ``1998/99``: an academic or fiscal year, not an application number."""
    m = re.fullmatch(r"((?:19|20)[0-9]{2})/([0-9]{2})", value)
    return m is not None and (int(m.group(1)) + 1) % 100 == int(m.group(2))


def _id_ok(value: str, min_digits: int = 2, min_len: int = 3) -> bool:
    """A plausible identifier: enough digits and characters, not a bare year or a word."""
    digits = sum(c.isdigit() for c in value)
    alnum = sum(c.isalnum() for c in value)
    return digits >= min_digits and alnum >= min_len


def _code_shape(tok: str) -> bool:
    """Whether ``tok`` (letters and digits joined by ``- / .``) looks like an identifier."""
    if len(tok) > 40:
        return False
    groups = _CODE_SEP.split(tok)
    digits = sum(c.isdigit() for c in tok)
    letter_groups = 0
    for g in groups:
        letters = [c for c in g if c.isalpha()]
        if not letters:
            continue
        upper = sum(c.isupper() for c in letters)
        lower = len(letters) - upper
        # "Covid", "v2", "iPhone15", "jpg": a word, not a code ("BImSch" is one)
        if lower and (upper < 2 or lower > upper + 2):
            return False
        letter_groups += 1
    if letter_groups == 0:
        return False
    upper_groups = [g for g in groups if g.isalpha()]
    if groups[0].upper() in _NOT_CODE_PREFIX or (
        groups[0].rstrip("0123456789").upper() in _NOT_CODE_PREFIX and groups[0][0].isalpha()
    ):
        return False
    if len(groups) == 1:
        # CR00581236, YA4418730: letters, then at least 5 digits (not EUR12000); a police or
        # court reference 1001NT240571: digits, a few capitals, digits (8 digits or more)
        if _DIGITS_LETTERS_DIGITS.fullmatch(tok):
            return digits >= 8
        lead = tok.rstrip("0123456789")
        return (
            tok[0].isalpha()
            and digits >= 5
            and sum(c.isalpha() for c in tok) <= digits
            and lead.upper() not in _CURRENCIES
        )
    digit_groups = [g for g in groups if g.isdigit()]
    others = [g for g in groups if not g.isdigit()]
    # XR-512-K, but not BRAF-V600E: two letter groups need a group of 3+ digits
    if not (digits >= 4 or (letter_groups >= 2 and max(map(len, digit_groups), default=0) >= 3)):
        return False
    # JAK2-V617F, SM-G991B: a gene variant or a model; without a group of digits a code needs
    # more digits
    if not digit_groups and digits < 6:
        return False
    # 1-800-FLOWERS: a vanity phone number
    if _VANITY_PHONE.fullmatch(tok):
        return False
    # [2004] ECR I-4567: a volume and a page
    if len(digit_groups) == 1 and all(_ROMAN.fullmatch(g) for g in others):
        return False
    # J19-20, A350-900: one letter and short numbers (a junction, a model)
    if sum(c.isalpha() for c in tok) == 1 and max(len(r) for r in _DIGIT_RUN.findall(tok)) <= 3:
        return False
    if groups[-1].upper() in _EU_ACT_SUFFIX and letter_groups == 1:
        return False
    if any(g.upper() in _MONTHS for g in upper_groups):
        return False
    # UN documents: A/HRC/45/12, S/RES/2334
    if "RES" in upper_groups or (groups[0] in ("A", "S", "E") and groups[1].isalpha()):
        return False
    if _ICD.fullmatch(tok) or _VERSION.fullmatch(tok):
        return False
    # EURO-2024, 1998-VIII, Q3-2023, NT/2000/XP: years and small numbers with names
    if (
        digit_groups
        and all(_YEAR.fullmatch(g) or len(g) <= 2 for g in digit_groups)
        and all(g.isalpha() for g in others)
    ):
        return False
    # Q3-2023, FY2023/24, KW12-2024: a period
    return not (
        any(_PERIOD.fullmatch(g) for g in others)
        and all(_YEAR.fullmatch(g) or len(g) <= 2 for g in digit_groups)
    )


def _code_context_ok(text: str, s: int, e: int) -> bool:
    """A code is not a country postcode before a city, nor a product, page or standard."""
    tok = text[s:e]
    if _COUNTRY_POSTCODE.fullmatch(tok) and _CITY_AFTER.match(text, e):
        return False
    return _NOT_CODE_BEFORE.search(text, max(0, s - _NOT_CODE_WINDOW), s) is None


def _line_start(text: str, pos: int, window: int) -> int:
    """Start of the window of ``window`` characters before ``pos``, not before its line."""
    lo = max(0, pos - window)
    nl = text.rfind("\n", lo, pos)
    return lo if nl < 0 else nl + 1


def _bare_number_ok(text: str, m: re.Match[str], value: str) -> bool:
    """A number after ``no.``/``#``/``number``: a long number or a code, not a law or a phone."""
    s, e = m.span("id")
    core = value[m.end("pfx") - s :] if m.start("pfx") >= 0 else value
    digits = sum(c.isdigit() for c in core)
    if digits < 4 or _YEAR.fullmatch(core) or _DATE_VALUE.fullmatch(core):
        return False
    if _MONEY_VALUE.fullmatch(core) or _UNIT_AFTER.match(text, e):
        return False
    if any(c.isalpha() for c in core) and not _code_shape(core) and not core[0].isdigit():
        return False
    lo = max(0, m.start() - _NOT_A_CASE_WINDOW)
    return _NOT_A_CASE_BEFORE.search(text, lo, m.start()) is None


def _digit_windows(text: str) -> list[tuple[int, int]]:
    """Merged windows around the digits of ``text``: every pattern needs a digit near its
    start, so prose without numbers is never scanned by the keyword regexes."""
    out: list[tuple[int, int]] = []
    n = len(text)
    for m in _DIGIT_RUNS.finditer(text):
        lo, hi = max(0, m.start() - _WINDOW_BEFORE), min(n, m.end() + _WINDOW_AFTER)
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return out


def _scan(rx: AnyPattern, text: str, windows: list[tuple[int, int]]) -> Iterator[re.Match[str]]:
    """``rx.finditer`` over each window (lookbehinds still see the text before it)."""
    for lo, hi in windows:
        yield from rx.finditer(text, lo, hi)


def _group(m: re.Match[str]) -> tuple[int, int]:
    for g in ("ent", "id", "code"):
        if g in m.re.groupindex and m.start(g) >= 0:
            return m.span(g)
    return m.span()


def _generic_codes(text: str, windows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans of the generic codes in ``text`` (see the module docstring)."""
    out = []
    for m in _scan(_CODE_RX, text, windows):
        s, e = m.span("ent")
        if _code_shape(text[s:e]) and _code_context_ok(text, s, e):
            out.append((s, e))
    return out


# a court list's numbered line: "1. 25/018244 PATRICK SEAN DEVLIN (34)" (year / sequence)
_COURT_LIST_CASE = _PRESCAN.compile(
    r"(?m)^[ \t]*[0-9]{1,3}[.)][ \t]+(?P<ent>[0-9]{2}/[0-9]{5,7})(?=[ \t]+[A-Z\u00c0-\u00de])"
)


# A code of capitals and digits mixed, 8-14 characters, at least two digits and three letters
# ("SCK4XY82PQ", an M-Pesa receipt; "K0QZ4R71", "C2G4K81Q0PA", "PX7748201193GB"): in the
# labelled sets such a token is someone's identifier 179 times of 185 without any cue word
_MIXED_CODE = _PRESCAN.compile(
    r"(?<![\w\-./@])(?=(?:[A-Z]*[0-9]){2})(?=(?:[0-9]*[A-Z]){3})[A-Z0-9]{8,14}"
    r"(?![\w\-@]|\.[A-Za-z0-9])"
)
_BANK_CODE = re.compile(r"[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?|[A-Z]{4}0[A-Z0-9]{6}")
_AR_POSTCODE = re.compile(r"[A-Z][0-9]{4}[A-Z]{3}")  # "C1428DNC": the address's to read
_MIXED_CODE_SCORE = 0.6


# Patent and trade-mark numbers, in a text about patents or trade marks: a publication or
# application with its office's country code and kind code ("US 2021/0158843 A1", "US
# 10,994,212 B2", "EP 23187654.1", "CN 116204871 A", "JP 2022-154321"), a US application
# serial ("18/402,117", "63/718,204"), a Chinese application ("202410123456.0") and an EUIPO
# opposition ("B 3 201 456")
_PATENT_RX = _PRESCAN.compile(
    r"(?<![\w/])(?P<ent>"
    r"(?:US|EP|CN|JP|WO|DE|GB|FR|KR|CA|AU|IN|BR|ES|IT|NL|CH|TW|RU|AT|SE|DK|FI|NO|BE|PL|MX)"
    r"[ \t]?(?:(?:19|20)[0-9]{2}[/\-][0-9]{5,7}|[0-9]{1,3}(?:[ ,.][0-9]{3}){2,3}"
    r"|[0-9]{6,13}(?:\.[0-9X])?)(?:[ \t]?[ABCUTEYS][0-9]?)?"
    r"|[0-9]{2}/[0-9]{3},[0-9]{3}|B[ \t]?[0-9](?:[ \t]?[0-9]{3}){2}"
    r"|(?:19|20)[0-9]{10}\.[0-9X])"
    r"(?![\w/]|[.,][0-9])"
)
_PATENT_WORDS = _PRESCAN.compile(
    r"(?i)(?<![\w])(?:patent\w*|brevet\w*|trade[ \t\-]?marks?|marchio|marchi|marca|marcas|"
    r"prior[ \t]+art|office[ \t]+action|opposition|oposici\u00f3n|uspto|epo|euipo|wipo|pct|"
    r"uibm|dpma|inpi|cnipa|jpo|kipo)(?![\w])|\u4e13\u5229|\u5c08\u5229|\u7279\u8a31|"
    r"\ud2b9\ud5c8|\u5546\u6807|\u7533\u8bf7\u53f7"
)
_CHECK_IN_BRACKETS = re.compile(r"\([0-9A]\)(?![\w(])")
# A clinical trial's site and drug-kit numbers, in a text about a trial: "Site FI-103:",
# "site 3307 (Gulf Coast ...)", "κέντρο GR-02", "kit K0453 to subject ..."
_TRIAL_RX = _PRESCAN.compile(
    r"(?<![\w])(?i:site|centro|pr\u00fcfzentrum|o\u015brodek|"
    r"\u03ba\u03ad\u03bd\u03c4\u03c1\u03bf|kit)"
    r"(?:[ \t]+(?i:no|nr|number|#|id)\.?)?[ \t]*:?[ \t]*"
    r"(?P<ent>[A-Z]{2}-[0-9]{2,4}|[A-Z]{0,2}[0-9]{3,7})(?![\w\-/]|[.,][0-9])"
)
_TRIAL_WORDS = _PRESCAN.compile(
    r"(?i)(?<![\w])(?:clinical[ \t]+(?:trial|study|research)|study[ \t]+drug|protocol|"
    r"investigator|sponsor|informed[ \t]+consent|randomi[sz]\w*|adverse[ \t]+event|"
    r"ethics[ \t]+committee|irb|cro|participants?|placebo)(?![\w])"
)
# A bare run of 12-20 digits ("Library card: 21129004417735", a barcode in a table): in the
# labelled sets all 185 such runs lie inside a gold PII span; tagged low, so that a telephone,
# a card or an account pattern over the same digits wins. And a blood donation's ISBT 128
# A radio call sign after its name, with or without a colon: "call sign MGVX4", the Greek
# "διακριτικό σήμα SVB4712", the Russian "позывной UBQ4", the Spanish "indicativo EA4512"
_CALL_SIGN = re.compile(
    r"(?<![\w])(?i:call[ \t\-]?sign|\u03b4\u03b9\u03b1\u03ba\u03c1\u03b9\u03c4\u03b9\u03ba\u03cc"
    r"[ \t]+\u03c3\u03ae\u03bc\u03b1|\u043f\u043e\u0437\u044b\u0432\u043d\u043e\u0439|"
    r"indicativo|rufzeichen)[ \t]*:?[ \t]*"
    r"(?P<ent>(?=[A-Z]*[0-9])(?=[0-9]*[A-Z])[A-Z0-9]{3,8})(?![\w\-])"
)
_CALL_SIGN_HINT = re.compile(
    r"(?i)sign|\u03c3\u03ae\u03bc\u03b1|\u043f\u043e\u0437\u044b\u0432|ndicativo|ufzeichen"
)

# identification number ("G0915 25 441873": centre, year, sequence).
_LONG_DIGITS = _PRESCAN.compile(r"(?<![\w\-./@+])[0-9]{12,20}(?![\w\-@]|[.,][0-9])")
_LONG_DIGITS_SCORE = 0.55
_DONATION_NUMBER = _PRESCAN.compile(r"(?<![\w])[A-Z][0-9]{4} [0-9]{2} [0-9]{6}(?![\w])")

# codes that need a text on their topic: (topic words, the codes' pattern)
_TOPIC_CODES = ((_PATENT_WORDS, _PATENT_RX), (_TRIAL_WORDS, _TRIAL_RX))
_TOPIC_SCORE = 0.9


class CaseNumberRecognizer(Recognizer):
    """Tag case, application, file and ticket numbers as ``CASE_NUMBER``."""

    name: ClassVar[str] = "case_number_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("CASE_NUMBER",)

    def analyze(self, text: str) -> list[Span]:
        """Find case numbers in ``text`` (see the module docstring).

        Args:
            text: the document text.

        Returns:
            The spans found (overlaps between patterns are left to the tagger).
        """
        if not text or _DIGIT.search(text) is None:
            return []
        windows = _digit_windows(text)
        out: list[Span] = []
        seen: dict[tuple[int, int], int] = {}  # span -> its index in ``out``
        for words, rx in _TOPIC_CODES:
            if words.search(text) is None:
                continue
            for m in rx.finditer(text):
                if m.span("ent") not in seen and not _YEAR.fullmatch(m.group("ent")):
                    seen[m.span("ent")] = len(out)
                    out.append(Span(*m.span("ent"), "CASE_NUMBER", _TOPIC_SCORE, self.name))
        for m in _CALL_SIGN.finditer(text) if _CALL_SIGN_HINT.search(text) else ():
            if m.span("ent") not in seen:
                seen[m.span("ent")] = len(out)
                out.append(Span(*m.span("ent"), "CASE_NUMBER", 0.85, self.name))
        for rx, score in ((_DONATION_NUMBER, 0.8), (_LONG_DIGITS, _LONG_DIGITS_SCORE)):
            for m in rx.finditer(text):
                if m.span() not in seen:
                    seen[m.span()] = len(out)
                    out.append(Span(*m.span(), "CASE_NUMBER", score, self.name))
        for name, rx, score in _CASE_RX:
            for m in _scan(rx, text, windows):
                s, e = _group(m)
                if s >= e:
                    continue
                value = text[s:e]
                if _TIMESTAMP.match(value):
                    continue  # "2025-02-18 06:35": a date and a time
                if name == "echr" and _split_year(value):
                    continue
                if name in _KW_PATTERNS:
                    if not _id_ok(value, 2, 3):
                        continue
                    if _CHECK_IN_BRACKETS.match(text, e):
                        e += 3  # "身份證號碼：R417228(9)": a Hong Kong identity card's check digit
                    # "in case 2019", "reference 1998": a bare year needs a connector
                    if name != "weak_kw" and _YEAR.fullmatch(value):
                        continue
                    if _DATE_VALUE.fullmatch(value) or _MONEY_VALUE.fullmatch(value):
                        continue
                elif name in ("bare_no", "bare_no_script") and not _bare_number_ok(text, m, value):
                    continue
                k = seen.get((s, e))
                if k is not None:  # found again by a stronger pattern: "(ref. WIC-2024-0677)"
                    if out[k].score < score:
                        out[k] = Span(s, e, "CASE_NUMBER", score, self.name)
                    continue
                if any(a <= s and e <= b for a, b in seen):
                    continue  # inside a longer match: "18452" of "NO. 18452 OF 2022"
                seen[(s, e)] = len(out)
                out.append(Span(s, e, "CASE_NUMBER", score, self.name))
        for s, e in _generic_codes(text, windows):
            if (s, e) in seen or _TIMESTAMP.match(text, s, e):
                continue
            seen[(s, e)] = len(out)
            cue = _CASE_CUE.search(text, _line_start(text, s, _CUE_WINDOW), s) is not None
            score = _CODE_CUE_SCORE if cue else _CODE_SCORE
            out.append(Span(s, e, "CASE_NUMBER", score, self.name))
        for m in _scan(_MIXED_CODE, text, windows):
            s, e = m.span()
            if (s, e) in seen or any(a <= s < b or a < e <= b for a, b in seen):
                continue
            code = m.group()
            if _BANK_CODE.fullmatch(code) or _AR_POSTCODE.fullmatch(code):
                continue  # a bank's SWIFT/BIC or an Indian IFSC: the branch's, no one's own
            if code.rstrip("0123456789") in _CURRENCIES:
                continue  # "EUR12000": an amount
            seen[(s, e)] = len(out)
            out.append(Span(s, e, "CASE_NUMBER", _MIXED_CODE_SCORE, self.name))
        for m in _COURT_LIST_CASE.finditer(text):
            s, e = m.span("ent")
            if (s, e) not in seen and not any(a <= s and e <= b for a, b in seen):
                seen[(s, e)] = len(out)
                out.append(Span(s, e, "CASE_NUMBER", _CODE_CUE_SCORE, self.name))
        return out


# ------------------------------------------------------------------------- account numbers
_ACCOUNT_KW = (
    r"(?:bank\s+account|account|acct|acc\.?|a/c|inv\.?|cust(?:omer)?_id|customer|client|member|membership|subscriber|"
    r"rekening|rekeningnommer|rekeningnummer|no\.?\s+rek\.?|rib|cbu|cvu|h\.\s?c\.|"
    r"cuenta|conta|compte|konto|rachunek|hesap|iqama|c[\u00e9e]dula|personal\s+code|"
    r"asmens\s+kodas|isikukood|personas\s+kods|"
    r"subscription|policy|insurance\s+policy|patient|employee|staff|personnel|payroll|"
    r"passport|licen[cs]e|driver'?s\s+licen[cs]e|driving\s+licen[cs]e|student|matriculation|"
    r"invoice|order|booking|reservation|confirmation|loyalty(?:\s+card)?|contract|album|"
    r"user|username|login|badge|benefits?|pension|social\s+insurance|health\s+insurance|"
    r"insurance|tax(?:payer)?|vat|routing|card|permit|residence\s+permit|work\s+permit|"
    r"registration|vehicle\s+registration|licen[cs]e\s+plate|number\s+plate|plate|practice|"
    r"practitioner|collar|warrant|shoulder|hospital|clinic|medical\s+record|mrn|"
    r"case\s+file|tenancy|tenant|lease|meter|mandate|contract\s+account|billing|"
    r"serial|vehicle|vin|chassis|frame|pnr|kunden-?n(?:umme)?r|kd\.?-?nr|vertrags-?n(?:umme)?r|"
    r"versicherungs-?n(?:umme)?r|mitglieds-?n(?:umme)?r|policen-?n(?:umme)?r|"
    r"rechnungs-?n(?:umme)?r|bestell-?n(?:umme)?r|auftrags-?n(?:umme)?r|bestellung|auftrag|"
    r"personal-?n(?:umme)?r|mitarbeiter-?n(?:umme)?r|"
    r"national\s+id(?:entity)?(?:\s+card)?|id\s+card|identity\s+card|"
    r"session|chat\s+session|transaction|transaction\s+id|"
    r"n[\u00fau]m[\u00e9e]ro\s+(?:de\s+)?(?:cliente?|contrato?|adh[\u00e9e]rent|conta|cuenta)|"
    r"n\.?[\u00ba\u00b0]\s+(?:de\s+)?(?:cliente?|contrato?|adh[\u00e9e]rent|conta|cuenta|servicio|"
    r"suministro)|c[\u00f3o]digo\s+de\s+cliente|clabe|personnummer|teudat\s+zehut|"
    r"cart[\u00e3a]o\s+de\s+cidad[\u00e3a]o|labour\s+card|service|shield|persal|"
    r"carnet\s+de\s+identidad|learner|immatriculation|\u0440\u043d\u043e\u043a\u043f\u043f|rego|"
    r"passaporto|pasaporte|passeport|reisepass|paspoort|cand\.|candidate|bonuskaart|klantnummer|"
    r"kundnummer|transit|matrikel-?n(?:umme)?r|auktorisationsnummer|permiso\s+de\s+conducir|"
    r"carn[\u00e9e]\s+de\s+extranjer[\u00edi]a|npwp|colegiad[oa]\s+n\.?[\u00ba\u00b0]|"
    r"\u05ea\.\u05d6\.|\u05ea\"\u05d6|\u05ea\u05f4\u05d6|\u05d7\u05e9\u05d1\u05d5\u05df|\u05d7\.\u05e4\.|"
    # a Brazilian branch and current account, a Japanese ordinary or current account (普通,
    # 当座), a German identity card: "agência 3417-2, conta corrente 41.772-8", "普通 7741093"
    r"conta\s+corrente|conta\s+poupan[\u00e7c]a|ag[\u00eae]ncia|\u666e\u901a(?:\u9810\u91d1)?|"
    r"\u5f53\u5ea7|personalausweis(?:-?nummer)?|"
    # a machine's or an aircraft's serial: "Werknummer 17276218", "tillverkningsnummer
    # SG-1140733", "número de serie 1143"
    r"werk-?n(?:umme)?r|serien-?n(?:umme)?r|fahrgestell-?n(?:umme)?r|tillverkningsnummer|"
    r"produksjons-?n(?:umme)?r|n[\u00fau]mero\s+de\s+serie|num[\u00e9e]ro\s+de\s+s[\u00e9e]rie|"
    # a care home's resident, a prescriber, a pharmacy's ODS code, a device in an audit log, a
    # Kenyan or a Saudi identity card, a Polish licence: "resident number WB-118", "prescriber
    # number is 2418736", "ODS FLM39", "Kitambulisho 31847205", "رقم الهوية الوطنية 1082736453"
    r"resident|prescriber|ods(?:\s+code)?|device|kitambulisho|licencj[ai]|"
    # court interpreters' registers: "NRPSI 11873", "NAATI 48213"
    r"nrpsi|naati|"
    # abbreviated staff and licence labels and an authorisation code: "(emp. 30418)", "AZ ROC
    # lic. 328814", "auth 048213", "citizenship no. is 41827" ("reg." is left out: "O. Reg.
    # 256/24" cites a regulation)
    r"emp\.|empl\.|lic\.|auth|auth(?:ori[sz]ation)?\s+code|citizenship|"
    r"\u0631\u0642\u0645\s+\u0627\u0644\u0647\u0648\u064a\u0629(?:\s+\u0627\u0644\u0648\u0637\u0646\u064a\u0629)?)"
)
_ACCOUNT_CONNECTOR = (
    r"(?:\s+(?:number|numbers|num|nos?|nr|id|ids|#|code|ref(?:erence)?|identifier)(?!\w)\.?|"
    r"\s*#|\s*id(?!\w)|\s*n[\u00ba\u00b0](?!\w)\.?)"
)
# keywords that are also ordinary words, or often next to amounts ("the user 12", "tax 1200
# was paid") need a connector
_ACCOUNT_NEEDS_CONNECTOR = re.compile(
    r"(?i)^(?:user|staff|card|tax|vat|insurance|benefits?|pension|login|payroll|album|"
    r"personnel|hospital|clinic|meter|billing|vehicle|frame|service|learner|resident|"
    r"prescriber|device|licencj[ai])$"
)
# keywords that need a connector or a number that clearly is one ("order 66", "in order
# to", "registration 2019", but "contract VN 44019823", "order 4471923")
_ACCOUNT_NEEDS_STRONG = re.compile(
    r"(?i)^(?:order|contract|booking|confirmation|student|member|client|permit|"
    r"residence permit|work permit|registration|vehicle registration|plate|practice|"
    r"practitioner|tenancy|tenant|lease|mandate|case file|subscription|reservation|"
    r"bestellung|auftrag|session|chat session|transaction|shield|rego|serial|routing|transit|"
    r"n[\u00fau]mero\s+de\s+serie|num[\u00e9e]ro\s+de\s+s[\u00e9e]rie|auth|"
    r"citizenship)$"
)
# a device's serial after "serial" alone: capitals and digits mixed ("C02FK4Q8MD6R")
_SERIAL_VALUE = re.compile(r"(?=(?:[A-Z]*[0-9]){3})(?=(?:[0-9]*[A-Z]){3})[A-Z0-9]{8,20}")
# "Executive Order 13769", "court order": an order that is not a purchase
_NOT_AN_ACCOUNT_BEFORE = re.compile(r"(?i)(?<!\w)(?:executive|presidential|royal)\s*$")

# "Account no (NUBAN): 2098814457", "driver's licence (10380005LP7K)": a scheme's name in
# brackets after the keyword, or the number itself in brackets
_ACCOUNT_KW_RX = _PRESCAN.compile(
    rf"(?<![\w])(?P<kw>(?i:{_ACCOUNT_KW}))(?!\w)(?P<conn>(?i:{_ACCOUNT_CONNECTOR}"
    r"(?:[ \t]+(?:assigned|allocated|allotted|issued))?))?"
    r"(?:[ \t]*\([A-Za-z][A-Za-z .\-]{0,19}\))?"
    rf"\s*(?:(?i:is|was)\s+|,[ \t]*(?i:is[ \t]+it)[ \t]+|[:=,]\s*|\([ \t]*)?{_ID}"
)
# An account number right after its bank's name: "GTBank 0439182765", "Khan Bank 5012447318",
# "KB Kookmin Bank 123401-04-567890"
_BANK_NUMBER_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?:[A-Z][\w&\-]*[ \t])?(?:[A-Z][\w&\-]*(?:Bank|bank|BANK)|Bank|Banco|Banque|"
    r"GTB|UBA|FCMB|HDFC|ICICI|SBI|BCA|BRI|BNI|CIMB|KCB|FNB|ABSA|Absa|Capitec|Nedbank|Stanbic|"
    r"Zenith|Ecobank|Maybank|Mandiri|Opay|OPay|Kuda|Moniepoint|PalmPay)"
    r"[ \t]+(?:(?i:a/c|acc(?:ount)?(?:[ \t]+no\.?)?)[ \t]*:?[ \t]*)?"
    r"(?P<id>[0-9]{3,6}-[0-9]{2}-[0-9]{4,8}|[0-9]{8,18})(?![\w\-])"
)
# A bank's branch, institution or clearing number next to an account: "branch code 250655",
# "Nedbank branch code 198765, account ...", "institution 003 (RBC Royal Bank), transit ...",
# "clearingnummer 6152, konto ...", the Hebrew "סניף 612, חשבון 418273"
_BRANCH_RX = _PRESCAN.compile(
    r"(?<![\w])(?:(?i:branch(?:[ \t]+(?:code|no\.?|number))?|takkode|clearing-?nummer|"
    r"clearing(?:[ \t]+(?:code|no\.?|number))|institution(?:[ \t]+(?:no\.?|number))?)|"
    r"\u05e1\u05e0\u05d9\u05e3)[ \t]*:?[ \t]*(?P<id>[0-9]{3,6})(?![\w\-/]|[.,][0-9])"
)
_BANK_CONTEXT = re.compile(
    r"(?i)(?<![\w])(?:bank|banco|banque|account|acct|a/c|konto|compte|cuenta|conta|transit|"
    r"rekening(?:nommer|nummer)?|"
    r"iban|sort[ \t]code|direct[ \t]deposit)(?![\w])|\u05d7\u05e9\u05d1\u05d5\u05df|"
    r"\u05d1\u05e0\u05e7"
)
# A vehicle's plate after its cue, written with spaces, dashes or middle dots: "plate KGT
# 418", "rego 512 VZK", "Trailer: Y 47 218", "patente KJ\u00b7TR\u00b741", "registration
# LKZ418"; or before the Turkish "plakal\u0131" ("34 KRM 418 plakal\u0131"). The plate is in
# capitals and holds a letter and a digit.
_PLATE_VALUE = (
    r"(?=[A-Z0-9\u00b7\- ]{0,12}[0-9])(?=[A-Z0-9\u00b7\- ]{0,12}[A-Z])"
    r"[A-Z0-9]{1,8}(?:[ \u00b7\-][A-Z0-9]{1,4}){0,3}"
)
_PLATE_CUE_RX = _PRESCAN.compile(
    r"(?<![\w])(?i:(?:number[ \t]+|licen[cs]e[ \t]+|registration[ \t]+)?plate|rego|"
    r"reg\.?(?=[ \t]+(?i:no\b|number))|registration|patente|placa|matr[\u00edi]cula|kenteken|"
    r"kennzeichen|targat[oa]|targa|targ\u00eb|tirkama|mashinam?|previous[ \t]+vehicle,?|"
    r"vehicle[ \t]*:)"
    r"(?:[ \t]+(?i:no\.?|number))?[ \t]*[:#]?[ \t]*(?P<id>" + _PLATE_VALUE + r")(?![\w\-/])"
    r"|(?<![\w\-])(?P<id2>[0-9]{2}[ \t][A-Z]{1,3}[ \t][0-9]{2,4})[ \t]+plakal\u0131"
    # ... before the Hungarian "(forgalmi) rendszámú" ("SB 41 MID forgalmi rendszámú")
    r"|(?<![\w\-])(?P<id3>" + _PLATE_VALUE + r")[ \t]+(?:forgalmi[ \t]+)?rendsz\u00e1m"
    # ... after the Russian "г/н" or "госномер", in Cyrillic capitals ("г/н А417ВК 30")
    r"|(?<![\w])(?:г/н|госномер|гос\.[ \t]*номер)[ \t]*:?[ \t]*"
    r"(?P<id4>[АВЕКМНОРСТУХ][0-9]{3}[АВЕКМНОРСТУХ]{2}[ \t]?[0-9]{2,3})(?![\w])"
    # ... after a plate's name in other languages, in Latin, Greek or Cyrillic capitals: the
    # Czech and Slovak "SPZ 2AK 4821", "EČV BA-418KT", the Greek "αρ. κυκλοφορίας ΗΚΝ 4827",
    # a vehicle's "номер" ("Автомобіль: DAF XF, номер АА 4827 ТК"), the Polish "nr rej.", the
    # Scandinavian "reg.nr", the Finnish "rek.nro", a boat's "бортовой номер Р 44-17 ЛЕ"
    r"|(?<![\w])(?:[SŠ]PZ|E[ČC]V|(?i:αρ\.?[ \t]*κυκλοφορ[ίι]ας|αριθμ[όο]ς[ \t]+κυκλοφορ[ίι]ας)|"
    r"(?i:nr\.?[ \t]*rej\.?|numer[ \t]+rejestracyjny|reg\.[ \t]?nr\.?|registreringsnummer|"
    r"rek\.[ \t]?nro|rekisterinumero|kjennemerke|nummerplade|immatricul[ée]e?)|"
    r"(?i:(?:автомоб[іи]ль|машина|вантажівка|грузовик|фургон|автобус)[^\n.]{0,30}?"
    r"номер|номерн(?:ой|ий)[ \t]+знак|бортов(?:ой|ий)[ \t]+номер))"
    r"[ \t]*:?[ \t]*(?P<id5>"
    r"[A-Z0-9ΑΒΕΗΙΚΜΝΟΡΤΥΧΖА-ЯІЇЄ]{1,8}(?:[ \-][A-Z0-9ΑΒΕΗΙΚΜΝΟΡΤΥΧΖА-ЯІЇЄ]{1,5}){0,3})"
    r"(?![\w\-/])"
)
# A British plate of the current format: two letters, two digits, three letters ("WD64 KPL"),
# in a text about vehicles
_UK_PLATE_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?P<id>[A-HJ-PR-Y][A-HJ-PR-Y][0-9]{2}[ ]?[A-HJ-PR-Z]{3})(?![\w\-])"
)
_UK_PLATE_SCORE = 0.9
# A prisoner's number in England and Wales: a letter, four digits, two letters ("A9012QL"), in
# a text about prisons
_UK_PRISON_NUMBER_RX = _PRESCAN.compile(r"(?<![\w\-/])(?P<id>[A-Z][0-9]{4}[A-Z]{2})(?![\w\-/])")
_PRISON_WORDS = re.compile(
    r"(?i)\b(?:HMP|HMYOI|YOI|HMPPS|prison(?:er)?s?|inmates?|gaol|custody|remand|"
    r"email[ \t]?a[ \t]?prisoner|wing|parole)\b"
)
_VEHICLE_WORDS = re.compile(
    r"(?i)\b(?:vehicles?|cars?|plates?|reg(?:istration)?|vrm|keeper|parking|pcn|dvla|permit|"
    r"van|motorbike|driver|clamp(?:ed)?|toll)\b"
)
# a frequent-flyer or loyalty number, letters and digit groups: "Frequent flyer number: SKL
# 0048 7761 2", "Frequent flyer no.: EM 20 4418 937"
_LOYALTY_RX = _PRESCAN.compile(
    r"(?<![\w])(?i:frequent[ \t\-]?fl[yi]er|loyalty|rewards?|air[ \t]?miles)"
    r"(?:[ \t]+(?i:programme|program|card|member(?:ship)?))?"
    r"[ \t]+(?i:number|no\.?|#|id)[ \t]*[:#]?[ \t]*"
    r"(?P<id>[A-Z]{1,4}[ \t]?[0-9]{1,8}(?:[ \t][0-9]{1,6}){0,4})(?![\w\-/])"
)
# a number in brackets after a person's name, as minutes and lists give a student's or an
# employee's number: "Case AP-24-0117 \u2013 E. Quinlivan (21187430)"
_PARTICLE_OPT = r"(?:(?:da|de|van|von|di|du|del|dos|le)[ \t])?"
_NAME_THEN_NUMBER = _PRESCAN.compile(
    rf"(?<![\w.])(?:[A-Z]\.[ \t]?|[A-Z][a-z'\-]+[ \t]){_PARTICLE_OPT}"
    rf"(?:[A-Z][a-z'\-]+[ \t]{_PARTICLE_OPT}){{0,2}}[A-Z][a-z'\-]+"
    r"[ \t]\((?P<id>[0-9]{6,10})\)"
)
_SORT_CODE_RX = _PRESCAN.compile(
    r"(?i:sort\s*code)\s*(?:is\s+|[:=]\s*)?(?P<ent>[0-9]{2}[\-\s][0-9]{2}[\-\s][0-9]{2})"
    r"(?![0-9])"
)
# a New Zealand bank account (bank, branch, account, suffix): "03-1702-0193388-00"
_NZ_ACCOUNT_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?P<ent>[0-9]{2}-[0-9]{4}-[0-9]{7}-[0-9]{2,3})(?![\w\-])"
)
# a number after the numero sign, of four digits or more ("№ 60" of a drug is a count)
_NUMERO_RX = re.compile(
    r"\u2116[ \t\u00a0]*(?P<id>[0-9](?:[0-9]|[\-/](?=[0-9])){3,29})(?![\w\-/]|[.,][0-9])"
)
_GENERIC_ID_RX = re.compile(
    rf"(?<![\w])(?:ID|Id|id|No\.|no\.|Nr\.|#|(?i:number))\s*(?:[:=]\s*)?{_ID}"
)
# airline and hotel booking codes (PNRs): six letters and digits after a booking word
# ("booking QX7T4M", "reservation code: 7KLM2P")
_BOOKING_CODE_RX = _PRESCAN.compile(
    r"(?i:\b(?:booking|reservation|pnr|confirmation|prenotazione|reserva|r\u00e9servation|"
    r"buchung)(?:[ \t]+(?:ref(?:erence)?|code|no\.?|number|#))?)[ \t]*[:#]?[ \t]*"
    r"(?P<ent>(?:[A-Z]{2,4}-)?(?=[A-Z]*[0-9])(?=[0-9]*[A-Z])[A-Z0-9]{6,8})(?![\w\-])"
)
# police collar / badge numbers: PC 4471, DC 2210, Sgt 1187
_RANK_RX = _PRESCAN.compile(
    r"(?<![\w])(?P<rank>PC|DC|PS|DS|DI|DCI|PCSO|Sgt\.?|Sergeant|Constable)"
    # the number may follow the officer's name: "DC Fiona Ruddock 7420"
    r"(?:[ \u00a0]+[A-Z][a-z'\-]+){0,3}"
    # or stand in brackets after it: "PC Hartley (2217)", "PC Wong Siu Ming (UI 47281)"
    r"[ \u00a0]+(?:\((?:[A-Z]{1,3}[ \u00a0])?(?=[0-9]{3,6}\)))?"
    r"(?P<id>[0-9]{3,6})(?![\w\-/]|[.,:][0-9])"
)
# A staff code right after the role that signs with it: "Agent JPS4471 (Shanice Campbell)",
# "Officer BC0417" under a letter
_STAFF_CODE_RX = _PRESCAN.compile(
    r"(?<![\w])(?i:agent|officer|operator|adviser|advisor|clerk|teller|dispatcher)[ \t]+"
    r"(?P<id>[A-Z]{1,4}[0-9]{3,6})(?![\w\-/])"
    # ... or after its number's name: "officer no. SO-418", "Officer numbers: ABF 8812"
    r"|(?<![\w])(?i:agent|officer|operator|staff|badge|collar)[ \t]+(?i:no\.|numbers?|id)"
    r"[ \t]*:?[ \t]*(?P<id2>[A-Z]{1,4}[ \-]?[0-9]{3,6})(?![\w\-/])"
)
# ... or in brackets right after a person's name: "| Bec Hanley (FG-001) | Manager |" (the
# bracket is found first, the name then read before it)
_BRACKET_CODE_RX = _PRESCAN.compile(r"[ \t]\((?P<id>[A-Z]{1,4}-[0-9]{2,6})\)")
_NAME_BEFORE_RX = re.compile(
    r"[A-Z\u00c0-\u00de][a-z\u00df-\u00ff][^\W\d_]*(?:['\u2019\-][^\W\d_]+)*"
    r"(?:[ \t][A-Z\u00c0-\u00de][a-z\u00df-\u00ff'\u2019][^\W\d_]*(?:['\u2019\-][^\W\d_]+)*)+"
    r"\Z"
)
# a form label with "No." first (Malay and Indonesian forms): "No. Matrik: 1221304417",
# "No. Akaun: 1122-3344-55", "No. Pekerja: 004471"; not a telephone ("No. Tel:")
_NO_FIRST_LABEL = _PRESCAN.compile(
    r"(?m)^[ \t]*No\.[ \t]+(?!(?i:tel|telefon|hp|h/p|faks|fax|phone|mobile|bimbit)\b)"
    r"[A-Z][A-Za-z]{1,15}[ \t]*:[ \t]*(?P<id>[0-9](?:[0-9]|-(?=[0-9])){5,24})(?![\w\-])"
)
# An ISO date opening a value, alone or before a time: "2025-02-18", "2025-02-18 06:35"
_TIMESTAMP = re.compile(r"(?:19|20)[0-9]{2}-[01][0-9]-[0-3][0-9](?:[ T][0-9]|\Z)")
_COORDINATED = re.compile(
    r"(?:[ \t]*\([^()\n]{1,40}\))?[ \t]*(?:,|,?[ \t]+(?:and|or|&))[ \t]+(?P<id>[0-9]{6,})(?![0-9])"
)
# the last digits of an account or card: "current account ending 6721", "card ending in
# 4471", "tarjeta de crédito terminación 4417"
_ENDING_RX = _PRESCAN.compile(
    r"(?i:\b(?:account|acct|a/c|card|tarjeta|cuenta|carte|compte|konto|karte)\b[^.\n]{0,30}?"
    r"\b(?:ending|ending[ \t]+(?:in|with)|ends[ \t]+(?:in|with)|terminaci[o\u00f3]n|"
    r"terminad[ao][ \t]+en|finissant[ \t]+par|se[ \t]+terminant[ \t]+par|endet[ \t]+auf|"
    r"endend[ \t]+auf)[ \t]*:?[ \t]+)(?P<id>[0-9]{3,4})(?![0-9]|[.,][0-9])"
)
# registration plates after a vehicle cue: AB12 CDE, M-AB 1234, B-MW 4471E, (Poland) SCZ 48213,
# SCZ 7A9P, (Ireland) 191-D-12345
_PLATE_RX = _PRESCAN.compile(
    r"(?<![\w])(?i:registration|reg\.?|(?:number|licen[cs]e|registration)\s+plate|plate|"
    r"vehicle|car|van|index|tractor|trailer|truck|lorry|hgv|motorbike|motorcycle|hearse|"
    r"limousine|limo|minibus|taxi|cab|ute|suv|bakkie|matatu|"
    # German: "Prüffahrzeug: M-FZ 4417", "am Steuer Ihres Fahrzeugs GAP-KS 118", "Kfz"
    r"\w*fahrzeug(?:e?s)?|kfz|pkw|lkw)"
    r"(?:\s+(?i:no|nr|number|mark)\.?)?[ \t]*(?::[ \t]*|\()?"
    r"(?P<id>[A-Z]{2}[0-9]{2}[ \u00a0]?[A-Z]{3}|[A-Z]{4}[ \u00a0][0-9]{3}|"
    r"[A-Z\u00c4\u00d6\u00dc]{1,3}-[A-Z]{1,2}[ \u00a0]"
    r"[0-9]{1,4}[EH]?|[A-Z]{2,3}[ \u00a0](?=[0-9A-Z]{0,3}[0-9])[0-9][0-9A-Z]{3,4}"
    r"|[0-9]{2,3}-[A-Z]{1,2}-[0-9]{1,6})(?![\w\-]|/[0-9])"
)
# An Indian plate: the state's code, the district's number, a series and four digits ("RJ14 TC
# 4418", "MH 12 AB 1234")
_IN_PLATE_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?P<id>(?:AP|AR|AS|BR|CG|GA|GJ|HR|HP|JH|KA|KL|MP|MH|MN|ML|MZ|NL|OD|OR|PB|RJ|SK|"
    r"TN|TS|TR|UP|UK|WB|AN|CH|DD|DL|JK|LA|LD|PY)[ \-]?[0-9]{1,2}[ \-]?[A-Z]{1,3}[ \-]?[0-9]{4})"
    r"(?![\w\-])"
)
# A South African plate ends in its province's code, which makes it a plate without a cue:
# "BKM 418 NC", "KC 44 PM GP"
_ZA_PLATE_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?P<id>[A-Z]{2,3} ?[0-9]{2,3}(?: ?[A-Z]{2})? (?:GP|NC|NW|MP|EC|FS|ZN|L))"
    r"(?![\w\-])"
)
# A Kenyan plate, K and two letters, three digits and a letter, is a plate without a cue:
# "KCX 218M", "KDA 471Q"
_KE_PLATE_RX = _PRESCAN.compile(r"(?<![\w\-])(?P<id>K[A-Z]{2} ?[0-9]{3}[A-Z])(?![\w\-])")
# the answer to a request on a later line: "policy number please?" / "its 4471 9920"
_ANSWER_DIGITS = re.compile(
    r"(?<![\w\-/.+:,])[0-9](?:[0-9]|[ \-](?=[0-9])){5,24}(?![\w\-/:]|[.,][0-9])"
)
_ACCOUNT_KW_ONLY = re.compile(rf"(?<![\w])(?i:{_ACCOUNT_KW})(?![\w])")
# "your policy number please?" / "what is your customer ID" a line or two before a code
_ACCOUNT_REQUEST = _PRESCAN.compile(rf"(?<![\w])(?i:{_ACCOUNT_KW}{_ACCOUNT_CONNECTOR})")
_KW_WINDOW = 30
# "phone number", "customer service no.": a telephone is numbered
_PHONE_WORD_BEFORE = re.compile(
    r"(?i)(?<!\w)(?:phone|telephone|tel|mobile|cell|fax|contact|call|dial|whatsapp|sms|"
    r"hotline|helpline|service|support|emergency|toll-free|freephone)\.?\s*$"
)
_REQUEST_WINDOW = 80
_ACCOUNT_SCORE = 0.85
_SORT_CODE_SCORE = 0.9
_GENERIC_SCORE = 0.85
_RANK_SCORE = 0.85
_REQUEST_SCORE = 0.85
_ANSWER_SCORE = 0.8
_PLATE_SCORE = 0.9  # above an NER organisation read over "van YR22 HXU"


def _strong_value(value: str, has_pfx: bool) -> bool:
    """A value that is a number on its own: a code, a prefixed or a long plain number."""
    if has_pfx or _code_shape(value):
        return True
    # KL-77-ZT: letters and digits in separate groups
    groups = _CODE_SEP.split(value)
    if (
        len(groups) >= 2
        and any(g.isalpha() and g.isupper() for g in groups)
        and any(g.isdigit() for g in groups)
        and sum(c.isalnum() for c in value) >= 5
    ):
        return True
    digits = sum(c.isdigit() for c in value)
    return (
        digits >= 5
        and all(c.isdigit() or c in "-/. \u00a0" for c in value)
        and not _DATE_VALUE.fullmatch(value)
        and not _MONEY_VALUE.fullmatch(value)
    )


# A crypto wallet: a Bitcoin bech32 address ("bc1q9m4k...", written loosely too), an Ethereum
# address ("0x" and 40 hex digits); both shapes are theirs alone. A Bitcoin legacy or a Tron
# address ("1Fq8nW3k...", "TXk8m2Pq...": 1, 3 or T and 25-35 letters and digits) needs upper
# case, lower case and digits mixed (:func:`_random_mix`).
_WALLET_RX = _PRESCAN.compile(
    r"(?<![\w\-])(?P<id>bc1[0-9a-z]{25,62}|0x[0-9a-fA-F]{40})(?![\w\-])"
    r"|(?<![\w\-])(?P<id2>[13T][0-9A-Za-z]{25,35})(?![\w\-])"
)


def _random_mix(s: str) -> bool:
    """Upper case, lower case and digits, at least four of each: a random token."""
    return (
        sum(c.isupper() for c in s) >= 4
        and sum(c.islower() for c in s) >= 4
        and sum(c.isdigit() for c in s) >= 4
    )


class AccountNumberRecognizer(Recognizer):
    """Tag account, customer, policy, passport... numbers as ``ACCOUNT_NUMBER``."""

    name: ClassVar[str] = "account_number_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("ACCOUNT_NUMBER",)

    def analyze(self, text: str) -> list[Span]:
        """Find account-like numbers in ``text`` (see the module docstring).

        Args:
            text: the document text.

        Returns:
            The spans found.
        """
        if not text or _DIGIT.search(text) is None:
            return []
        windows = _digit_windows(text)
        out: list[Span] = []
        seen: set[tuple[int, int]] = set()

        def add(s: int, e: int, score: float) -> None:
            seen.add((s, e))
            out.append(Span(s, e, "ACCOUNT_NUMBER", score, self.name))

        for m in _scan(_SORT_CODE_RX, text, windows):
            add(*m.span("ent"), _SORT_CODE_SCORE)
        for m in _WALLET_RX.finditer(text):
            if m.start("id") >= 0:
                add(*m.span("id"), _ACCOUNT_SCORE)
            elif _random_mix(m.group("id2")):
                add(*m.span("id2"), _ACCOUNT_SCORE)
        for m in _scan(_NZ_ACCOUNT_RX, text, windows):
            add(*m.span("ent"), _ACCOUNT_SCORE)
        for m in _scan(_NAME_THEN_NUMBER, text, windows):
            add(*m.span("id"), _ANSWER_SCORE)
        for m in _scan(_LOYALTY_RX, text, windows):
            if sum(c.isdigit() for c in m.group("id")) >= 6:
                add(*m.span("id"), _ACCOUNT_SCORE)
        for m in _scan(_ACCOUNT_KW_RX, text, windows):
            s, e = m.span("id")
            value = text[s:e]
            kw = " ".join(m.group("kw").split())
            has_conn = m.group("conn") is not None
            has_pfx = m.start("pfx") >= 0
            if not has_conn and _ACCOUNT_NEEDS_CONNECTOR.match(kw):
                continue
            if not has_conn and _ACCOUNT_NEEDS_STRONG.match(kw):
                serial = kw.lower() == "serial" and _SERIAL_VALUE.fullmatch(value) is not None
                if not (_strong_value(value, has_pfx) or serial) or _YEAR.fullmatch(value):
                    continue
            if _NOT_AN_ACCOUNT_BEFORE.search(text, max(0, m.start() - 15), m.start()):
                continue
            if not _id_ok(value, 2, 3 if has_conn else 4):
                continue
            if not has_conn and _YEAR.fullmatch(value):
                continue
            if _DATE_VALUE.fullmatch(value) or _MONEY_VALUE.fullmatch(value):
                continue
            masked = value.startswith(("*", "\u2022", "xxxx", "XXXX"))
            if not has_conn and not masked and _UNIT_AFTER.match(text, e):
                continue  # "account 12 $": an amount; "acct ****6620   $18,410.77" is masked
            if (s, e) in seen:
                continue
            add(s, e, _ACCOUNT_SCORE)
        for m in _scan(_PLATE_CUE_RX, text, windows):
            g = next(g for g in ("id", "id2", "id3", "id4", "id5") if m.start(g) >= 0)
            s, e = m.span(g)
            value = text[s:e]
            if (s, e) in seen or any(sp.start < e and s < sp.end for sp in out):
                continue
            if not 4 <= len(value) <= 12 or _YEAR.fullmatch(value):
                continue
            if g == "id5":  # a letter and a digit; above a name guess ("κυκλοφορίας ΗΚΝ")
                if not (any(c.isdigit() for c in value) and any(c.isalpha() for c in value)):
                    continue
                add(s, e, _PLATE_SCORE)
                continue
            add(s, e, _ACCOUNT_SCORE)
        # shapes taken only in a text on their subject: prison numbers, British plates
        for words, rx in ((_PRISON_WORDS, _UK_PRISON_NUMBER_RX), (_VEHICLE_WORDS, _UK_PLATE_RX)):
            if words.search(text) is None:
                continue
            for m in _scan(rx, text, windows):
                s, e = m.span("id")
                if (s, e) not in seen and not any(sp.start < e and s < sp.end for sp in out):
                    add(s, e, _UK_PLATE_SCORE)  # (above NER's "van YR22 HXU" organisation)
        for m in _scan(_BRANCH_RX, text, windows):
            s, e = m.span("id")
            near = text[max(0, m.start() - 80) : e + 80]
            if (s, e) not in seen and _BANK_CONTEXT.search(near) is not None:
                add(s, e, _ACCOUNT_SCORE)
        for m in _scan(_BANK_NUMBER_RX, text, windows):
            s, e = m.span("id")
            if (s, e) not in seen and not any(sp.start <= s < sp.end for sp in out):
                add(s, e, _ACCOUNT_SCORE)
        for m in _scan(_GENERIC_ID_RX, text, windows):
            s, e = m.span("id")
            if (s, e) in seen or any(sp.start <= s < sp.end for sp in out):
                continue
            value = text[s:e]
            if not _id_ok(value, 2, 4) or _YEAR.fullmatch(value):
                continue
            lo = max(0, m.start() - _KW_WINDOW)
            if _ACCOUNT_KW_ONLY.search(text, lo, m.start()) is None:
                continue
            if _PHONE_WORD_BEFORE.search(text, lo, m.start()) is not None:
                continue
            add(s, e, _GENERIC_SCORE)
        if "\u2116" in text:
            for m in _NUMERO_RX.finditer(text):
                # "удостоверение личности № 048713925", "таб. № 0342": the numero sign
                s, e = m.span("id")
                if (s, e) in seen or any(sp.start <= s < sp.end for sp in out):
                    continue
                add(s, e, _GENERIC_SCORE)
        for m in _scan(_RANK_RX, text, windows):
            s, e = m.span("id")
            if (s, e) in seen or _YEAR.fullmatch(text[s:e]):
                continue
            # Washington, DC 20001: a ZIP code
            if m.group("rank") == "DC" and text[max(0, m.start() - 2) : m.start()].strip() == ",":
                continue
            add(s, e, _RANK_SCORE)
        for m in _scan(_NO_FIRST_LABEL, text, windows):
            if m.span("id") not in seen and not _DATE_VALUE.fullmatch(m.group("id")):
                add(*m.span("id"), _ACCOUNT_SCORE)
        for m in _scan(_ENDING_RX, text, windows):
            if m.span("id") not in seen:
                add(*m.span("id"), _ACCOUNT_SCORE)
        for s, e in _generic_codes(text, windows):
            if (s, e) in seen or any(sp.start < e and s < sp.end for sp in out):
                continue
            if _ACCOUNT_REQUEST.search(text, max(0, s - _REQUEST_WINDOW), s) is not None:
                add(s, e, _REQUEST_SCORE)
        for m in _scan(_BRACKET_CODE_RX, text, windows):
            before = _NAME_BEFORE_RX.search(text, max(0, m.start() - 80), m.start())
            if before is not None and m.span("id") not in seen:
                add(*m.span("id"), _ACCOUNT_SCORE)
        for m in _scan(_STAFF_CODE_RX, text, windows):
            g = "id" if m.start("id") >= 0 else "id2"
            if m.span(g) not in seen:
                add(*m.span(g), _ACCOUNT_SCORE)
        for rx in (_PLATE_RX, _ZA_PLATE_RX, _IN_PLATE_RX, _KE_PLATE_RX):
            for m in _scan(rx, text, windows):
                if m.span("id") not in seen:
                    add(*m.span("id"), _PLATE_SCORE)
        for m in _scan(_BOOKING_CODE_RX, text, windows):
            if m.span("ent") not in seen:
                add(*m.span("ent"), _ACCOUNT_SCORE)
        for m in _scan(_ACCOUNT_REQUEST, text, windows):
            self._answer(text, m.end(), out, add)
        for sp in list(out):
            # "member no. 0044718215 (Raymond T. Okafor) and 0039920611": the same kind of
            # number, coordinated after a cued one
            value = text[sp.start : sp.end]
            if len(value) < 6 or not value.isdigit():
                continue
            c = _COORDINATED.match(text, sp.end)
            if c and len(c.group("id")) == len(value) and c.span("id") not in seen:
                add(*c.span("id"), sp.score)
        return out

    @staticmethod
    def _answer(
        text: str, pos: int, out: list[Span], add: Callable[[int, int, float], None]
    ) -> None:
        """A number of at least 6 digits on one of the next lines answers a request."""
        nl = text.find("\n", pos, pos + _REQUEST_WINDOW)
        if nl < 0:
            return
        a = _ANSWER_DIGITS.search(text, nl, pos + _REQUEST_WINDOW)
        if a is None:
            return
        s, e = a.span()
        value = a.group()
        if sum(c.isdigit() for c in value) < 6 or _DATE_VALUE.fullmatch(value):
            return
        if any(sp.start < e and s < sp.end for sp in out):
            return
        add(s, e, _ANSWER_SCORE)


# "My BVN is 22419083367", "PPSN: 6271550RA", "CHI 1907985562", "Civil ID: 289041501234",
# "your NIN as 51830274619", "your BVN (22419830575)":
# an upper-case acronym naming a number, then a long digit string (letters may close it).
_ACRONYM_ID = _PRESCAN.compile(
    # the acronym may stand in brackets after the number's name: "Bank Verification Number
    # (BVN) 22184503917"
    r"(?<![\w/.])(?P<acr>[A-Z]{2,8}|[\u0410-\u042f\u0401]{2,5}|(?:[A-Z]\.){2,4}"
    # Greek acronyms ("ΑΦΜ 048812274"), the Dutch KvK and the German tax number's names
    r"|[\u0391-\u03a9]{2,5}|KvK|Steuernummer|Steuer-?Nr\.?|St\.-?Nr\.|Steuer-ID)\)?"
    r"(?:[ \t]+(?:number|no\.?|num|#))?(?:[ \t]+(?:is|was|as))?"
    # a note in brackets before the colon: "PPSN (for the tax relief statement): 6718255O"
    r"(?:[ \t]+\([^()\n]{1,60}\)(?=[ \t]*:))?"
    r"[ \t]*[:#(]?[ \t]*(?P<ent>\d{6,20}[A-Z]{0,2}|\d{6}/\d{2}/\d|"
    r"\d{2,3}/\d{3}/\d{4,5}|"  # a German Steuernummer: "146/213/58804"
    # spaced groups: eight digits or more, and no date ("03 08 1987")
    r"(?=(?:[ \t]?\d){8})(?![0-3]?\d[ \t][01]?\d[ \t](?:19|20)\d\d(?!\d))"
    r"\d{1,4}(?:[ \t]\d{1,5}){2,6}(?![ \t]\d))(?![\w/.,]\d|\w)"
)
# ... and codes of letters, digits and hyphens after the acronym and a colon, "number" or "as"
# ("NHI: ZZZ0016", "DNI 53128476-K", "NRIC as 880412-10-5536", "NMC PIN: 21J0553O")
_ACRONYM_CODE = _PRESCAN.compile(
    r"(?<![\w/])(?P<acr>[A-Z]{2,5})(?:[ \t]+PIN)?(?:[ \t]*:[ \t]*|[ \t]+(?:number|no\.?|num|#|"
    r"is|was|as)[ \t]*:?[ \t]*|[ \t]+)"
    r"(?P<ent>(?=[A-Z0-9\-]*[A-Z\-])(?=(?:[A-Z\-]*[0-9]){3})[A-Z0-9](?:[A-Z0-9]|-(?=[A-Z0-9]))"
    r"{4,19})(?![\w/]|[.,\-]\w)"
)
_YEAR_RANGE = re.compile(r"(?:19|20)[0-9]{2}-(?:(?:19|20)?[0-9]{2})")
_NOT_ID_ACRONYMS = frozenset(
    "EUR USD GBP CHF JPY CNY INR NGN AUD CAD SEK NOK DKK PLN TRY RUB ZAR BRL MXN AED SAR KWD "
    "KB MB GB TB KM KG MM CM UTC GMT CET CEST EST PST AM PM ISO EN DIN IEC BS ASTM ISBN ISSN "
    "DOI PMID TEL FAX MOB PH NO".split()
)


class IdAcronymRecognizer(Recognizer):
    """Numbers named by an upper-case acronym (``BVN``, ``NIN``, ``PPSN``, ``CHI``, ``TFN``).

    Entity ``ACCOUNT_NUMBER`` (PII). Currency codes, units, time zones and standards are not
    acronyms of identifiers (``EUR 250000``, ``ISO 27001``).
    """

    name: ClassVar[str] = "id_acronym_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("ACCOUNT_NUMBER",)
    SCORE: ClassVar[float] = 0.75

    def analyze(self, text: str) -> list[Span]:
        """Find acronym-named numbers."""
        if not text or not any(c.isdigit() for c in text):
            return []
        out = []
        seen: set[int] = set()
        for rx in (_ACRONYM_CODE, _ACRONYM_ID):  # the longer shape first: "DNI 4412-Z"
            for m in rx.finditer(text):
                if m.group("acr") in _NOT_ID_ACRONYMS or m.start("ent") in seen:
                    continue
                if _YEAR_RANGE.fullmatch(m.group("ent")):
                    continue  # "SY 2023-2024": a school year
                seen.add(m.start("ent"))
                out.append(
                    Span(m.start("ent"), m.end("ent"), "ACCOUNT_NUMBER", self.SCORE, self.name)
                )
        return out


# ICAO nationality marks and the letters a registration has after them: one-letter marks
# take four letters ("G-BZKT", "D-EOBR", "F-GKXA"), two-character marks three ("EI-FMV",
# "EC-NRQ", "HB-ZVK", "VH-OQA", "9H-AEK"); Canada writes C-F, C-G or C-I and three letters
# ("C-GKLP"). The mark is in capitals and joined by a hyphen.
_ICAO_MARKS_3 = (
    "EC EI HB OE PH OO SE LN OY OH SP OK OM CS SX TC VH ZK ZS 9H A6 A7 VT PR PP PT PS XA XB XC "
    "LV CC HS 9V 9M PK 4X SU 5Y 5N ET YR HA LZ S5 9A ES YL LY UR EW TF LX VP VQ HZ EP AP JY OD "
    "5B CN 7T TS ZP CX HK HC OB YV TI HP HI CU 6Y 8P 9Y V5 5H 9J 9G D2 S2 4R 9N YA EX EY EZ UK "
    "UN 4K 4L VN XU XY P4 T7 9K A9C A4O ER 4O Z3 E7 TU TJ TZ 3X 6V 7O 5R 3B ZA"
).split()
_AIRCRAFT_REG_RX = _PRESCAN.compile(
    r"(?<![\w\-./])(?P<id>[GDFIM]-[A-Z]{4}|C-[FGI][A-Z]{3}|(?:"
    + "|".join(sorted(_ICAO_MARKS_3, key=len, reverse=True))
    + r")-[A-Z]{3})(?![\w\-]|\.[A-Za-z0-9])"
)
# Words of a text about aircraft, which a registration needs somewhere in the text
_AVIATION_WORDS = _PRESCAN.compile(
    r"(?i)(?<![\w])(?:aircraft|airframe|aeroplane|airplane|helicopter|glider|gyroplane|"
    r"microlight|flight|flying|pilot|hangar|airfield|aerodrome|airport|runway|rwy|tech[ \t]?log|"
    r"logbook|tail[ \t]+number|cessna|piper|beechcraft|cirrus|tecnam|robinson|airbus|boeing|"
    r"embraer|bombardier|atr|easa|faa|caa|super[ \t]cub|crew|cockpit|camo|mro|"
    r"flugzeug\w*|luftfahrzeug\w*|flugplatz\w*|flughafen\w*|hubschrauber\w*|helikopter\w*|"
    r"avion|a\u00e9ronef|a\u00e9rodrome|h\u00e9licopt\u00e8re|aeronave|avi\u00f3n|"
    r"aer\u00f3dromo|helic\u00f3ptero|aeromobile|velivolo|vliegtuig|flygplan|luftfartyg)"
    r"(?![\w])"
)


class AircraftRegistrationRecognizer(Recognizer):
    """Aircraft registrations (``G-BZKT``, ``EI-FMV``, ``C-GKLP``), like a vehicle's plate.

    Entity ``ACCOUNT_NUMBER`` (PII: a registration names its owner in public registers). The
    mark needs a text about aircraft (``aircraft``, ``pilot``, ``Cessna``, ``Flugzeug``,
    ``aeronave``...), so that "F-BOMB" in a chat is left alone.
    """

    name: ClassVar[str] = "aircraft_registration_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("ACCOUNT_NUMBER",)
    SCORE: ClassVar[float] = 0.85

    def analyze(self, text: str) -> list[Span]:
        """Find registration marks in a text about aircraft."""
        if not text or "-" not in text or _AVIATION_WORDS.search(text) is None:
            return []
        return [
            Span(m.start("id"), m.end("id"), "ACCOUNT_NUMBER", self.SCORE, self.name)
            for m in _AIRCRAFT_REG_RX.finditer(text)
        ]
