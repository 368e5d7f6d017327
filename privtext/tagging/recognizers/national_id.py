"""NATIONAL_ID recognizer: US SSN plus a few European national numbers.

* US Social Security Number written ``123-45-6789``: tagged on its own when the area, group
  and serial rules hold (area not 000, 666 or 9xx; group not 00; serial not 0000; not a
  well-known advertising number); a context word raises the score. Written with spaces or as
  9 bare digits it is tagged only with a context word nearby.
* UK National Insurance number (prefix and suffix letter rules), French NIR
  (``stdnum.fr.nir``), Spanish DNI and NIE (``stdnum.es.dni`` / ``stdnum.es.nie``) and Dutch
  BSN (``stdnum.nl.bsn``): tagged only when a matching context word appears nearby, because
  bare digit strings with a valid checksum are common.
* Swiss AHV/AVS number: ``756.1234.5678.97`` on its own (the dotted form is specific), 13 bare
  digits only with a valid checksum (``stdnum.ch.ssn``) and a context word.
* Shapes specific enough to stand alone: India's GSTIN (``29AAKFS4471M1Z3``: state code, PAN,
  entity digit, ``Z``, check character; the check character is not verified, as typed numbers
  often fail it), the Philippines' PhilHealth number (``12-050338127-4``), and numbers masked
  but for their last digits (``XXXX XXXX 5561``, ``IC ****-**-5127``). The rest of the table
  (``_SCHEMES``) lists each scheme with its shape, check and context words: the Italian
  codice fiscale (``stdnum.it.codicefiscale``), Chilean RUT and Argentine DNI in their dotted
  form with their name, Rwandan IDs in their groups, Bangladeshi NIDs after "NID" and more.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from stdnum.br import cpf as br_cpf
from stdnum.ch import ssn as ch_ssn
from stdnum.cn import ric as cn_ric
from stdnum.es import dni as es_dni
from stdnum.es import nie as es_nie
from stdnum.fi import hetu as fi_hetu
from stdnum.fr import nir as fr_nir
from stdnum.in_ import aadhaar as in_aadhaar
from stdnum.it import codicefiscale as it_cf
from stdnum.nl import bsn as nl_bsn
from stdnum.no import fodselsnummer as no_fnr
from stdnum.ro import cnp as ro_cnp

from privtext.tagging.base import Recognizer, Span, compile_context
from privtext.tagging.prescan import GuardedPattern, PatternGroup

_GENERIC_CONTEXT = (
    "national id",
    "national identity",
    "id number",
    "id no",
    "identity number",
    "identification number",
    "personal number",
    "tax id",
    "id card",
    "identity card",
)
_SSN_CONTEXT = ("ssn", "ssns", "social security", "social sec", "ss#", "ss #", "ss no")
_NINO_CONTEXT = ("national insurance", "nino", "ni number", "ni no", "ni #", "insurance number")
_NIR_CONTEXT = (
    "nir",
    "social security",
    "french social",
    "insee",
    "sécurité sociale",
    "securite sociale",
    "sécu",
    "secu",
    "carte vitale",
    "numéro de sécurité",
    "numero de securite",
)
_ES_CONTEXT = (
    "dni",
    "nie",
    "nif",
    "documento nacional",
    "documento de identidad",
    "identidad",
    "extranjero",
    "extranjería",
)
_PL_CONTEXT = ("pesel",)
_CH_CONTEXT = ("ahv", "avs", "ahv-nr", "n° avs", "sozialversicherungsnummer", "numéro avs")
_NO_FNR_CONTEXT = ("fødselsnummer", "fødselsnr", "fnr", "d-nummer", "personnummer", "personnr")
_NL_CONTEXT = ("bsn", "burgerservicenummer", "sofinummer", "sofi-nummer", "sofi")

# SSNs that are published examples / advertising numbers.
_SSN_BLOCKLIST = frozenset({"078051120", "219099999", "457555462", "123456789"})

_NINO_BAD_PREFIX = frozenset({"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"})


def ssn_valid(digits: str) -> bool:
    """US SSN area/group/serial rules on 9 ASCII digits.

    Args:
        digits: the 9 digits without separators.

    Returns:
        True when the number could have been issued.
    """
    if len(digits) != 9 or not digits.isascii() or not digits.isdigit():
        return False
    area, group, serial = digits[:3], digits[3:5], digits[5:]
    if area in ("000", "666") or area[0] == "9" or group == "00" or serial == "0000":
        return False
    return digits not in _SSN_BLOCKLIST


def nino_valid(compact: str) -> bool:
    """UK National Insurance number format rules (``AB123456C``).

    Args:
        compact: upper-case number without spaces.

    Returns:
        True when the prefix letters and suffix letter are allowed.
    """
    if not re.fullmatch(r"[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z][0-9]{6}[A-D]", compact):
        return False
    return compact[:2] not in _NINO_BAD_PREFIX


def _stdnum(module: object) -> Callable[[str], bool]:
    def check(value: str) -> bool:
        return bool(module.is_valid(value))  # type: ignore[attr-defined]

    return check


@dataclass(frozen=True)
class _Scheme:
    name: str
    regex: GuardedPattern
    validate: Callable[[str], bool]
    score: float
    needs_context: bool
    context: re.Pattern[str]


def _digits(s: str) -> str:
    return re.sub(r"[^0-9A-Za-z]", "", s).upper()


_B = r"(?<![0-9A-Za-z\-.])"  # left boundary
_E = r"(?![0-9A-Za-z]|[\-.][0-9A-Za-z])"  # right boundary (a sentence period is fine)

#: the schemes' shapes are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("national_id")
_SCHEMES: tuple[_Scheme, ...] = (
    _Scheme(
        # Norway's fødselsnummer and D-number: eleven digits, the date of birth first, two
        # check digits (``stdnum.no.fodselsnummer``), after its name ("Fødselsnummer:
        # 12058349885", "fnr. 120583 49885")
        "no_fodselsnummer",
        _PRESCAN.compile(_B + r"[0-9]{6} ?[0-9]{5}" + _E),
        lambda s: _stdnum(no_fnr)(_digits(s)),
        0.6,
        True,
        compile_context(_NO_FNR_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        "us_ssn_dashed",
        _PRESCAN.compile(_B + r"[0-9]{3}-[0-9]{2}-[0-9]{4}" + _E),
        lambda s: ssn_valid(_digits(s)),
        0.6,
        False,
        compile_context(_SSN_CONTEXT + _GENERIC_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        # the last four digits shown, the rest masked, after its name ("Social Security number:
        # xxx-xx-4417", "SSN ***-**-0926"): the four digits still single a person out
        "us_ssn_masked",
        _PRESCAN.compile(r"(?<![\w\-*])(?:[xX*]{3}-[xX*]{2}|[xX*]{5})-?[0-9]{4}" + _E),
        lambda s: True,
        0.6,
        True,
        compile_context(_SSN_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        "us_ssn_plain",
        _PRESCAN.compile(_B + r"[0-9]{3}(?: ?)[0-9]{2}(?: ?)[0-9]{4}" + _E),
        lambda s: ssn_valid(_digits(s)),
        0.6,
        True,
        compile_context(_SSN_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        "gb_nino",
        _PRESCAN.compile(_B + r"[A-Za-z]{2} ?[0-9]{2} ?[0-9]{2} ?[0-9]{2} ?[A-Da-d]" + _E),
        # HMRC's own example prefix "QQ" is printed on forms and in letters: taken too
        lambda s: nino_valid(_digits(s)) or nino_valid("AB" + _digits(s)[2:]) and s[:2] == "QQ",
        0.6,
        True,
        compile_context(_NINO_CONTEXT + _GENERIC_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        # written with its spaces ("QQ 12 34 65 C") the shape is distinctive enough alone
        "gb_nino_spaced",
        _PRESCAN.compile(_B + r"[A-Z]{2} [0-9]{2} [0-9]{2} [0-9]{2} [A-D]" + _E),
        lambda s: nino_valid(_digits(s)) or s[:2] == "QQ",
        0.6,
        False,
        compile_context(_NINO_CONTEXT + _GENERIC_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        # a labelled number of the NINO's shape that breaks its letter rules ("national
        # insurance no is QJ 44 18 92 C"): a typo or an invented number, still an identifier
        "gb_nino_labelled",
        _PRESCAN.compile(_B + r"[A-Z]{2} ?[0-9]{2} ?[0-9]{2} ?[0-9]{2} ?[A-D]" + _E),
        lambda s: True,
        0.5,
        True,
        compile_context(_NINO_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        # Ireland's PPS number: seven digits and one or two letters ("7284913WA"); in the
        # labelled sets that shape is a PPSN every time, named or not
        "ie_ppsn",
        _PRESCAN.compile(_B + r"[0-9]{7}[A-W][A-IW]?" + _E),
        lambda s: True,
        0.6,
        False,
        compile_context(("pps", "ppsn", "personal public service", "prsi")),  # type: ignore[arg-type]
    ),
    _Scheme(
        "in_pan",  # India PAN: five letters (the fourth the holder type), four digits, a letter
        _PRESCAN.compile(_B + r"[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z]" + _E),
        lambda s: True,
        0.6,
        False,
        compile_context(("pan", "permanent account", "income tax")),  # type: ignore[arg-type]
    ),
    _Scheme(
        "in_aadhaar",  # India Aadhaar: 12 digits in groups of four, Verhoeff check digit
        _PRESCAN.compile(_B + r"[2-9][0-9]{3} ?[0-9]{4} ?[0-9]{4}" + _E),
        lambda s: in_aadhaar.is_valid(_digits(s)),
        0.6,
        True,
        compile_context(("aadhaar", "aadhar", "uid", "uidai")),  # type: ignore[arg-type]
    ),
    _Scheme(
        # a number masked but for its last four digits: "XXXX XXXX 5561", "**** **** 4471"
        "masked_last_four",
        # and identity numbers masked by group: "IC ****-**-5127", "SSN ***-**-6789"
        _PRESCAN.compile(
            r"(?<![\w*])(?:(?:[Xx*\u2022]{4}[ \-]){2}[0-9]{4}"
            r"|(?:[X*\u2022]{2,6}[ \-]){1,3}[0-9]{3,4})" + _E
        ),
        lambda s: True,
        0.7,
        False,
        compile_context(_GENERIC_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        # India GSTIN: state code, the holder's PAN, an entity digit, "Z", a check character
        "in_gstin",
        _PRESCAN.compile(
            _B + r"[0-3][0-9][A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z][0-9A-Z]Z[0-9A-Z]" + _E
        ),
        lambda s: True,
        0.75,
        False,
        compile_context(("gstin", "gst", "gst no", "gst number")),  # type: ignore[arg-type]
    ),
    _Scheme(
        # Italy codice fiscale: surname, name, birth date and place letters, check letter
        "it_codice_fiscale",
        _PRESCAN.compile(
            _B + r"[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-EHLMPRST][0-9LMNPQRSTUV]{2}[A-Z]"
            r"[0-9LMNPQRSTUV]{3}[A-Z]" + _E
        ),
        lambda s: it_cf.is_valid(s),
        0.9,
        False,
        compile_context(("c.f.", "codice fiscale", "cf")),  # type: ignore[arg-type]
    ),
    _Scheme(
        # Chile RUT/RUN "15.482.337-K" and Argentina DNI "28.456.917": dotted, with their name
        # (typed numbers often fail the RUT's check digit, so it is not verified)
        "cl_rut_ar_dni",
        _PRESCAN.compile(_B + r"[0-9]{1,2}\.[0-9]{3}\.[0-9]{3}(?:-[0-9kK])?" + _E),
        lambda s: True,
        0.6,
        True,
        compile_context(("rut", "run", "dni", "d.n.i.", "cédula", "cedula")),  # type: ignore[arg-type]
    ),
    _Scheme(
        # Rwanda national ID, written in its groups: "1 1985 8 0041237 1 42"
        "rw_national_id",
        _PRESCAN.compile(_B + r"[1-3] (?:19|20)[0-9]{2} [78] [0-9]{7} [0-9] [0-9]{2}" + _E),
        lambda s: True,
        0.75,
        False,
        compile_context(("id", "national id", "indangamuntu")),  # type: ignore[arg-type]
    ),
    _Scheme(
        # Bangladesh NID in groups of four: "NID: 1992 2690 4815 7"
        "bd_nid",
        _PRESCAN.compile(_B + r"[0-9]{4} [0-9]{4} [0-9]{4}(?: [0-9]{1,5})?" + _E),
        lambda s: True,
        0.6,
        True,
        compile_context(("nid", "national id")),  # type: ignore[arg-type]
    ),
    _Scheme(
        # Zimbabwe national ID: district code, serial, check letter, district of origin
        "zw_national_id",
        _PRESCAN.compile(_B + r"[0-9]{2}-[0-9]{6,7}[ \t]?[A-Z][ \t]?[0-9]{2}" + _E),
        lambda s: True,
        0.75,
        False,
        compile_context(("id", "national id", "identity")),  # type: ignore[arg-type]
    ),
    _Scheme(
        # Indonesia NIK (Nomor Induk Kependudukan): 16 digits, with its name or the KTP card
        "id_nik",
        _PRESCAN.compile(_B + r"[1-9][0-9]{15}" + _E),
        lambda s: True,
        0.6,
        True,
        compile_context(("nik", "ktp", "nomor induk")),  # type: ignore[arg-type]
    ),
    _Scheme(
        # Philippines PhilHealth Identification Number: 2-9-1 digits, dashed
        "ph_philhealth",
        _PRESCAN.compile(_B + r"[0-9]{2}-[0-9]{9}-[0-9]" + _E),
        lambda s: True,
        0.7,
        False,
        compile_context(("philhealth", "pin", "member")),  # type: ignore[arg-type]
    ),
    _Scheme(
        "nz_nhi",  # New Zealand NHI: three letters (no I or O), then 4 digits or 2 digits 2 letters
        _PRESCAN.compile(_B + r"[A-HJ-NP-Z]{3}(?:[0-9]{4}|[0-9]{2}[A-HJ-NP-Z]{2})" + _E),
        lambda s: True,
        0.5,
        True,
        compile_context(("nhi", "national health index")),  # type: ignore[arg-type]
    ),
    _Scheme(
        # UK health professionals' registration: GMC / GPhC 7 digits, NMC PIN "12A3456E"
        "uk_health_registration",
        _PRESCAN.compile(_B + r"(?:[0-9]{7}|[0-9]{2}[A-Z][0-9]{4}[A-Z])" + _E),
        lambda s: True,
        0.5,
        True,
        compile_context(("gmc", "gphc", "nmc", "hcpc", "gdc", "pin")),  # type: ignore[arg-type]
    ),
    _Scheme(
        "br_cpf",  # Brazil CPF written with its dots and dash, check digits valid
        _PRESCAN.compile(_B + r"[0-9]{3}\.[0-9]{3}\.[0-9]{3}-[0-9]{2}" + _E),
        lambda s: br_cpf.is_valid(_digits(s)),
        0.8,
        False,
        compile_context(("cpf",)),  # type: ignore[arg-type]
    ),
    _Scheme(
        "br_cpf_labelled",  # a CPF after its label, whatever its check digits ("CPF: ...")
        _PRESCAN.compile(_B + r"[0-9]{3}\.[0-9]{3}\.[0-9]{3}-[0-9]{2}" + _E),
        lambda s: True,
        0.6,
        True,
        compile_context(("cpf",)),  # type: ignore[arg-type]
    ),
    _Scheme(
        "co_cedula",  # Colombia: cédula de ciudadanía with its dots, "1.036.658.214"
        _PRESCAN.compile(_B + r"[0-9]{1,3}(?:\.[0-9]{3}){2,3}" + _E),
        lambda s: True,
        0.6,
        True,
        compile_context(("cédula", "cedula", "c.c.")),  # type: ignore[arg-type]
    ),
    _Scheme(
        "ir_national_code",  # Iran: kart-e melli code, 3-6-1 digits
        _PRESCAN.compile(_B + r"[0-9]{3}-[0-9]{6}-[0-9]" + _E),
        lambda s: True,
        0.6,
        True,
        compile_context(("national code", "melli", "code melli")),  # type: ignore[arg-type]
    ),
    _Scheme(
        "lk_nic_old",  # Sri Lanka NIC, old format: nine digits and V or X
        _PRESCAN.compile(_B + r"[0-9]{9}[VvXx]" + _E),
        lambda s: True,
        0.6,
        False,
        compile_context(("nic", "national identity")),  # type: ignore[arg-type]
    ),
    _Scheme(
        "hk_hkid",  # Hong Kong identity card: Z683365(5)
        _PRESCAN.compile(_B + r"[A-Z]{1,2}[0-9]{6}[ \t]?\([0-9A]\)" + _E),
        lambda s: True,
        0.8,
        False,
        compile_context(("hkid", "hk id", "identity card")),  # type: ignore[arg-type]
    ),
    _Scheme(
        # an animal's ISO transponder (pet microchip, electronic ear tag): 15 digits, the
        # country or maker code may stand apart ("his tag is 982 000412236517")
        "microchip",
        _PRESCAN.compile(_B + r"[0-9]{3}[ \t]?[0-9]{12}" + _E),
        lambda s: True,
        0.5,
        True,
        compile_context(
            (
                "microchip",
                "chip no",
                "chip number",
                "chipped",
                "tag",
                "ear tag",
                "eid",
                "rfid",
                "transponder",
            )
        ),  # type: ignore[arg-type]
    ),
    _Scheme(
        # an EU bovine ear tag: country letters, herd digits and the animal's number, "IE
        # 141470388 0231", "UK 302145 600117" (a shape no other number has: taken without a cue)
        "eu_bovine_tag",
        _PRESCAN.compile(
            _B + r"(?:IE|UK|GB|FR|DE|NL|BE|DK|ES|IT|AT|PL|PT|LU|SE|FI)[ \t][0-9]{6,12}"
            r"[ \t][0-9]{4,6}" + _E
        ),
        lambda s: True,
        0.8,
        False,
        compile_context(("tag", "ear tag", "tag number", "herd", "bovine", "cattle")),  # type: ignore[arg-type]
    ),
    _Scheme(
        "ca_ramq",  # Quebec health card: four letters, eight digits
        _PRESCAN.compile(_B + r"[A-Z]{4}[ \t]?[0-9]{4}[ \t]?[0-9]{4}" + _E),
        lambda s: True,
        0.5,
        True,
        compile_context(("ramq", "health card", "carte soleil", "assurance maladie")),  # type: ignore[arg-type]
    ),
    _Scheme(
        "pk_cnic",  # Pakistan CNIC: 41203-7719843-5
        _PRESCAN.compile(_B + r"[1-7][0-9]{4}-[0-9]{7}-[0-9]" + _E),
        lambda s: True,
        0.6,
        False,
        compile_context(("cnic", "nic", "identity card", "nadra")),  # type: ignore[arg-type]
    ),
    _Scheme(
        "mx_curp",  # Mexico CURP: RAOD940312HJCMCG08
        _PRESCAN.compile(
            _B + r"[A-Z][AEIOUX][A-Z]{2}[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])"
            r"[HMX](?:AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|"
            r"SR|TC|TS|TL|VZ|YN|ZS|NE)[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z][0-9]" + _E
        ),
        lambda s: True,
        0.6,
        False,
        compile_context(("curp",)),  # type: ignore[arg-type]
    ),
    _Scheme(
        "my_nric",
        _PRESCAN.compile(
            _B + r"[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])-[0-9]{2}-[0-9]{4}" + _E
        ),
        lambda s: True,
        0.6,
        False,
        compile_context(("nric", "mykad", "ic no", "i/c", "identity card", "kad pengenalan")),  # type: ignore[arg-type]
    ),
    _Scheme(
        "fr_nir",
        _PRESCAN.compile(
            _B + r"[12] ?[0-9]{2} ?[0-9]{2} ?(?:[0-9]{2}|2[ABab]) ?[0-9]{3} ?[0-9]{3}"
            r"(?: ?[0-9]{2})?" + _E
        ),
        lambda s: fr_nir.is_valid(_digits(s)),
        0.6,
        True,
        compile_context(_NIR_CONTEXT + _GENERIC_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        # the NIR's shape with its spaces, after its name, failing its key: a typo or an
        # invented number, still an identifier ("social security number ... 1 89 07 69 ...")
        "fr_nir_labelled",
        _PRESCAN.compile(
            _B + r"[12] [0-9]{2} [0-9]{2} (?:[0-9]{2}|2[ABab]) [0-9]{3} [0-9]{3}(?: [0-9]{2})?" + _E
        ),
        lambda s: True,
        0.5,
        True,
        compile_context(_NIR_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        "es_dni",
        _PRESCAN.compile(_B + r"[0-9]{8}[ \-]?[A-Za-z]" + _E),
        _stdnum(es_dni),
        0.6,
        True,
        compile_context(_ES_CONTEXT + _GENERIC_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        "es_nie",
        _PRESCAN.compile(_B + r"[XYZxyz][ \-]?[0-9]{7}[ \-]?[A-Za-z]" + _E),
        _stdnum(es_nie),
        0.6,
        True,
        compile_context(_ES_CONTEXT + _GENERIC_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        "nl_bsn",
        _PRESCAN.compile(_B + r"(?:[0-9]{9}|[0-9]{4}\.[0-9]{2}\.[0-9]{3})" + _E),
        _stdnum(nl_bsn),
        0.6,
        True,
        compile_context(_NL_CONTEXT + _GENERIC_CONTEXT),  # type: ignore[arg-type]
    ),
    # Swiss AHV/AVS number: "756." then groups of 4, 4 and 2 digits is its own format (756 is
    # the country code); written as 13 bare digits it needs its checksum and a context word
    _Scheme(
        "ch_ahv_dotted",
        _PRESCAN.compile(_B + r"756\.[0-9]{4}\.[0-9]{4}\.[0-9]{2}" + _E),
        lambda s: True,
        0.75,
        False,
        compile_context(_CH_CONTEXT + _GENERIC_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        # China's resident identity number: region, date of birth, sequence, an ISO 7064 MOD
        # 11-2 check character (``stdnum.cn.ric`` checks all three), e.g. "440106200209170310",
        # "31011520010304062X"; eighteen characters that pass are no accident, so no context
        "cn_ric",
        _PRESCAN.compile(_B + r"[1-9][0-9]{16}[0-9Xx]" + _E),
        _stdnum(cn_ric),
        0.85,
        False,
        compile_context(_GENERIC_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        # Finland's henkilötunnus: date of birth, the century sign (-, +, A-F, U-Y), three
        # digits and a check character (``stdnum.fi.hetu``): "140315A483W"; distinctive alone
        "fi_hetu",
        _PRESCAN.compile(_B + r"[0-3][0-9][01][0-9][0-9]{2}[\-+A-FU-Y][0-9]{3}[0-9A-Y]" + _E),
        _stdnum(fi_hetu),
        0.85,
        False,
        compile_context(_GENERIC_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        # Romania's CNP: sex and century digit, date of birth, county, sequence, check digit
        # (``stdnum.ro.cnp``), next to its name ("CNP-ul meu este 2910614123184")
        "ro_cnp",
        _PRESCAN.compile(_B + r"[1-8][0-9]{12}" + _E),
        _stdnum(ro_cnp),
        0.6,
        True,
        compile_context(("cnp", "cod numeric personal", "codul numeric") + _GENERIC_CONTEXT),  # type: ignore[arg-type]
    ),
    _Scheme(
        "ch_ahv",
        _PRESCAN.compile(_B + r"756[0-9]{10}" + _E),
        _stdnum(ch_ssn),
        0.6,
        True,
        compile_context(_CH_CONTEXT + _GENERIC_CONTEXT),  # type: ignore[arg-type]
    ),
    # Three shapes written by their name, whose check digits writers of test text get wrong (a real
    # number passes the schemes above as well): the codice fiscale next to its name, the UAE
    # Emirates ID (its "784-" country prefix and grouping are its own), the South African ID number
    # (thirteen digits starting with a birth date) next to "ID"
    _Scheme(
        "it_codice_fiscale_named",
        _PRESCAN.compile(
            _B + r"[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-EHLMPRST][0-9LMNPQRSTUV]{2}[A-Z]"
            r"[0-9LMNPQRSTUV]{3}[A-Z]" + _E
        ),
        lambda s: True,
        0.6,
        True,
        compile_context(("c.f.", "codice fiscale")),  # type: ignore[arg-type]
    ),
    _Scheme(
        "ae_emirates_id",
        _PRESCAN.compile(_B + r"784-(?:19|20)[0-9]{2}-[0-9]{7}-[0-9]" + _E),
        lambda s: True,
        0.85,
        False,
        compile_context(("emirates id", "eid")),  # type: ignore[arg-type]
    ),
    _Scheme(
        "za_id_named",
        _PRESCAN.compile(_B + r"[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])[0-9]{7}" + _E),
        lambda s: True,
        0.6,
        True,
        compile_context(("id", "ids", "id number", "identity number", "id no")),  # type: ignore[arg-type]
    ),
    # Polish PESEL: eleven digits named by the word (without it, eleven digits are too common); the
    # checksum is not asked, since a form names it ("Mój PESEL to ...")
    _Scheme(
        "pl_pesel",
        _PRESCAN.compile(_B + r"[0-9]{2}[0-3][0-9][0-3][0-9]{6}" + _E),
        lambda s: True,
        0.6,
        True,
        compile_context(_PL_CONTEXT),  # type: ignore[arg-type]
    ),
)


_ANY_DIGIT = re.compile(r"[0-9]")


class NationalIdRecognizer(Recognizer):
    """Tag national identification numbers as ``NATIONAL_ID`` (see the module docstring)."""

    name: ClassVar[str] = "national_id_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("NATIONAL_ID",)
    CONTEXT_WINDOW: ClassVar[int] = 48
    CONTEXT_AFTER: ClassVar[int] = 24
    CONTEXT_BOOST: ClassVar[float] = 0.35

    def analyze(self, text: str) -> list[Span]:
        """Run every scheme; a context-only scheme's match is kept only with a context word near.

        The shape is searched first and the context words only around a match: a scan of the
        whole text for the context words costs three times a scan for the shape.
        """
        if not text or _ANY_DIGIT.search(text) is None:
            return []
        out: list[Span] = []
        seen: set[tuple[int, int]] = set()
        n = len(text)
        for sch in _SCHEMES:
            ctx = sch.context
            for m in sch.regex.finditer(text):
                s, e = m.span()
                if not sch.validate(m.group()):
                    continue
                near = (
                    ctx.search(text, max(0, s - self.CONTEXT_WINDOW), s) is not None
                    or ctx.search(text, e, min(n, e + self.CONTEXT_AFTER)) is not None
                )
                if sch.needs_context and not near:
                    continue
                score = min(1.0, sch.score + self.CONTEXT_BOOST) if near else sch.score
                if (s, e) in seen:
                    continue  # "AB 12 34 56 C": the spaced and the general NINO scheme agree
                seen.add((s, e))
                out.append(Span(s, e, "NATIONAL_ID", score, self.name))
        return out
