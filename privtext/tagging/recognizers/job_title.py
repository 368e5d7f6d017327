"""JOB_TITLE recognizer: occupations and job titles from a gazetteer.

The titles live in ``privtext/data/job_titles.txt`` (lower case, about 2,500 entries). They
are compiled once into a single trie-shaped, case-insensitive regex, so one scan finds the
longest title at each place (``senior software engineer`` rather than ``engineer``). In front
of a title the regex also takes seniority words (``senior``, ``junior``, ``lead``, ``chief``,
``head``, ``assistant``, ``deputy``, ``principal``, ``staff``, ``associate``, ``acting``,
``interim``...; not ``former`` or ``retired``, which are no part of the title), and ``X of Y``
forms (``Head of Marketing``, ``Director of Finance``, ``Professor of Law``) are matched by a
second alternative. Upper-case
abbreviations (``CEO``, ``CFO``, ``VP``) are matched case-sensitively.

Precision guards: plurals are not matched (``nurses`` identifies nobody); a single-word title
written with a capital is dropped when it sits next to another capitalized word (``Baker
Street``, ``Mr Baker``, ``Doctor Smith``); a title right after a software word is not a person's
job (``package manager``, ``task manager``). Generic roles of court texts (judge, president,
registrar, applicant, agent, counsel) are not in the list.

Score ``BASE_SCORE``, ``MULTI_WORD_SCORE`` for a listed title of several words (above NER's and
the organisation shape's guesses inside it: "Staff Nurse" over NER's "Nurse"; not for a title
opening with an organisation head, "Bank Manager", or "X of the Y"); a context phrase shortly
before (``works as``, ``employed as``, ``position of``, ``job title``, ``occupation``...)
raises it to ``CONTEXT_SCORE``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import ClassVar

from privtext.tagging.base import Recognizer, Span, compile_context
from privtext.tagging.prescan import PatternGroup
from privtext.tagging.recognizers.organization import HEAD_SET as _ORG_HEAD_WORDS

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("job_title")

MODIFIERS: tuple[str, ...] = (
    "senior",
    "junior",
    "lead",
    "chief",
    "head",
    "assistant",
    "deputy",
    "principal",
    "staff",
    "associate",
    "acting",
    "interim",
    "executive",
    "trainee",
    "graduate",
    "sr.",
    "sr",
    "jr.",
    "jr",
    "freelance",
    "self-employed",
    "qualified",
    "registered",
    "certified",
    "licensed",
    "regional",
    "student",
)
_OF_HEADS = (
    "head",
    "director",
    "deputy director",
    "vice president",
    "vp",
    "manager",
    "chief",
    "dean",
    "professor",
    "lecturer",
    "teacher",
    "coordinator",
    "chair",
    "chairman",
    "chairwoman",
    "officer",
    "lead",
    "leader",
    "superintendent",
)
# Heads that open a title in Romance languages and German ("Jefa de Guardia", "Délégué à la
# protection des données", "Leiter für Vertrieb"); the title then runs to the end of its clause,
# at most two words (and a linking word) after the preposition
_FOREIGN_OF_HEADS = (
    "jefe", "jefa", "director", "directora", "directeur", "directrice", "coordinador",
    "coordinadora", "coordinatrice", "coordinateur", "responsable", "gerente", "délégué",
    "déléguée", "chargé", "chargée", "capitán", "capitan", "analista", "asesor", "asesora",
    "técnico", "técnica", "responsabile", "direttore", "direttrice", "capo", "leiter",
    "leiterin", "chef", "cheffe", "secretario", "secretaria", "subdirector", "subdirectora",
    "presidente", "diretor", "diretora", "gestor", "gestora", "encargado", "encargada",
)  # fmt: skip
_DEPARTMENTS = (
    "marketing",
    "finance",
    "sales",
    "engineering",
    "human resources",
    "hr",
    "operations",
    "it",
    "technology",
    "product",
    "research",
    "development",
    "research and development",
    "design",
    "legal",
    "compliance",
    "communications",
    "customer service",
    "customer success",
    "procurement",
    "logistics",
    "security",
    "data",
    "people",
    "talent",
    "strategy",
    "business development",
    "partnerships",
    "infrastructure",
    "nursing",
    "medicine",
    "surgery",
    "mathematics",
    "physics",
    "chemistry",
    "biology",
    "history",
    "english",
    "science",
    "law",
    "economics",
    "studies",
    "admissions",
    "accounting",
    "audit",
    "risk",
    "quality",
    "production",
    "content",
    "growth",
    "analytics",
    "education",
    "training",
)
ACRONYMS: tuple[str, ...] = (
    "CEO",
    "CFO",
    "CTO",
    "COO",
    "CIO",
    "CMO",
    "CISO",
    "CDO",
    "CHRO",
    "CPO",
    "CRO",
    "VP",
    "SRE",
    "SVP",
    "EVP",
    # clinical and school grades written after or before a name ("Brodie Kelleher, RN")
    "RN",
    "RGN",
    "RMN",
    "RVN",
    "SHO",
    r"FY[12](?![\w\-])",  # foundation-year doctors ("Dr Hollie Watts, FY2, bleep 3318")
    "SpR",
    "CPN",
    "ANP",
    "HCA",
    "SENCo",
    "DSL",
    # compliance roles named by their acronym ("Escalate to MLRO Gwen Hartley", "our DPO")
    "MLRO",
    "DPO",
    # a grant's co-investigator, next to "PI" ("Dr Helen Okonjo (Co-I, 10%)")
    r"Co-I(?![\w\-])",
    # a family doctor, not the practice or its records ("see her GP"; not "GP surgery")
    r"GP(?![ \t]+(?i:surgery|surgeries|practice|practices|records?|appointments?|letters?|"
    r"referrals?|notes|services?|clinic|out-of-hours))",
)
CONTEXT: tuple[str, ...] = (
    "works as",
    "worked as",
    "working as",
    "work as",
    "employed as",
    "hired as",
    "job as",
    "career as",
    "trained as",
    "qualified as",
    "position of",
    "post of",
    "position as",
    "job title",
    "title",
    "role",
    "role of",
    "occupation",
    "profession",
    "promoted to",
    "appointed",
    "employment as",
)
# A capitalized or software word before a title that makes it something else.
_NOT_AFTER = frozenset(
    {
        "package",
        "password",
        "task",
        "window",
        "file",
        "download",
        "device",
        "memory",
        "resource",
        "session",
        "connection",
        "entity",
        "state",
        "display",
        "boot",
        "version",
        "dependency",
        "query",
        "form",
        "report",
        "string",
        "text",
        "code",
        "layout",
        "plugin",
        "node",
        "process",
        "cluster",
        "job",
        "queue",
        "dns",
        "license",
        "licence",
        "print",
        "printer",
        "cache",
        "power",
        "disk",
        "partition",
        "update",
        "install",
        "login",
        "ad",
        "tag",
        "context",
        "lifecycle",
        "transaction",
    }
)


def _read_titles(path: str | None) -> list[str]:
    if path is None:
        raw = resources.files("privtext").joinpath("data", "job_titles.txt").read_text("utf-8")
    else:
        raw = Path(path).read_text(encoding="utf-8")
    out = []
    for line in raw.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(" ".join(line.lower().split()))
    return out


@lru_cache(maxsize=1)
def job_title_set() -> frozenset[str]:
    """The packaged job titles, lower case, as a set (for lookups by other recognizers)."""
    return frozenset(_read_titles(None))


def _trie_regex(words: list[str]) -> str:
    """A regex matching any of ``words`` (longest first), built from a character trie.

    Spaces in entries match one or more spaces; hyphens match a hyphen or a space.
    """
    trie: dict[str, dict] = {}
    for w in words:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, dict]) -> str:
        ends = "" in node
        branches = []
        for ch in sorted(k for k in node if k):
            if ch == " ":
                atom = r"[ \t]+"
            elif ch == "-":
                atom = r"[\- ]"
            else:
                atom = re.escape(ch)
            branches.append(atom + emit(node[ch]))
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if ends else body

    return emit(trie)


@lru_cache(maxsize=4)
def _compiled(path: str | None) -> re.Pattern[str]:
    titles = _read_titles(path)
    mods = "|".join(re.escape(m) for m in sorted(MODIFIERS, key=lambda s: (-len(s), s)))
    heads = "|".join(
        re.escape(h).replace(r"\ ", r"[ \t]+")
        for h in sorted(_OF_HEADS, key=lambda s: (-len(s), s))
    )
    depts = "|".join(
        re.escape(d).replace(r"\ ", r"[ \t]+")
        for d in sorted(_DEPARTMENTS, key=lambda s: (-len(s), s))
    )
    cap = r"[A-Z][\w&'\-]*"
    foreign = "|".join(_FOREIGN_OF_HEADS)
    title = (
        # "Jefa de Guardia", "Coordinadora de Exportaciones", "Délégué à la protection des
        # données", "capitán de puerto": a head, a preposition, then one or two words
        rf"(?P<title>(?i:(?:{foreign})[ \t]+(?:de[ \t]+la|de|del|des|du|à[ \t]+la|au|aux|di|"
        rf"della|dei|da|do|dos|für)[ \t]+(?!(?i:banco|banca|banque|bank|empresa|entreprise|"
        rf"société|compañía|companhia|hospital|hôpital|hotel|tienda|restaurante|firma)\b))"
        rf"(?:[^\W\d_][\w'\-]*(?:[ \t]+(?:de|des|du|la|le|del|y|et|e|und|di)(?=[ \t]))?"
        rf"(?:[ \t]+[^\W\d_][\w'\-]*)?)(?<![ \t])(?=[ \t]*(?:$|[\n,;.()|/]))"
        rf"|(?i:(?:(?:{mods})[ \t]+){{0,3}}(?:{heads})[ \t]+of[ \t]+)"
        rf"(?:(?:the[ \t]+)?{cap}(?:[ \t]+(?:and[ \t]+|&[ \t]+)?{cap}){{0,3}}|(?i:{depts}))"
        rf"|(?i:(?:(?:{mods})[ \t]+){{0,3}}{_trie_regex(titles)})"
        rf"|(?:{'|'.join(ACRONYMS)}))"
    )
    grade = r"(?:[ \t](?:II|III|IV)(?![\w\-]))?"  # "Geotechnical Engineer II"
    return re.compile(rf"(?<![\w\-]){title}{grade}(?![\w\-]|['\u2019]s\w)")


# Titles that are also frequent surnames: capitalized, they need a determiner before them.
_SURNAME_TITLES = frozenset(
    {
        "baker",
        "carpenter",
        "butcher",
        "porter",
        "gardener",
        "barber",
        "tailor",
        "painter",
        "farmer",
        "fisherman",
        "miner",
        "clerk",
        "banker",
        "trader",
        "broker",
        "chef",
        "glazier",
        "joiner",
        "roofer",
        "tiler",
        "carer",
        "nanny",
        "mechanic",
        "architect",
        "doctor",
        "dean",
    }
)
_DETERMINERS = frozenset({"a", "an", "the", "as", "our", "my", "his", "her", "their", "your"})
_PREV_WORD = re.compile(r"([\w'\u2019\-]+)[ \t]*\Z")
_NEXT_WORD = re.compile(r"[ \t]*([\w'\u2019\-]+)")
_SENTENCE_END = re.compile(r"[.!?:;\n]\s*\Z")


_TRADE_WORDS_BEFORE = re.compile(
    r"\b(?:[Aa]|[Aa]n|[Aa]s|[Tt]he|[Hh]is|[Hh]er|[Tt]heir|[Oo]ur|[Yy]our|[Mm]y|[Ii]ts|retired|"
    r"former|experienced|trained|qualified|"
    r"self-employed|freelance)[ \t]+(?P<trade>(?:[a-z][a-z\-]{2,}[ \t]){1,2})\Z"
)


_NOT_TRADE = frozenset(
    "very good great new young old local other former same first second real nice "
    "excellent brilliant fantastic full part-time full-time trusted wonderful lovely "
    "previous current future best only main paid unpaid injured".split()
)


# Head nouns of job titles written in capitals ("Duty Port Manager", "Payroll Officer"),
# taken only in a role position (after a name and a comma, in brackets after a name, on the
# line under a name in a signature, after "Position:"/"Role:").
ROLE_HEADS = (
    "Manager|Officer|Scientist|Programmer|Developer|Engineer|Secretary|Planner|Director|"
    "Consultant|Teacher|Lecturer|Professor|Assistant|Analyst|Specialist|Coordinator|"
    "Co-ordinator|Administrator|Adviser|Advisor|Technician|Nurse|Physician|Surgeon|Partner|"
    "Associate|Executive|Designer|Architect|Accountant|Auditor|Inspector|Supervisor|Clerk|"
    "Chair|Chairman|Chairwoman|Chairperson|Treasurer|President|Founder|Lead|Head|Editor|"
    "Reporter|Journalist|Solicitor|Barrister|Paralegal|Therapist|Pharmacist|Midwife|Worker|"
    "Operator|Driver|Agent|Representative|Controller|Captain|Instructor|Trainer|Coach|"
    "Researcher|Student|Intern|Apprentice|Chef|Cook|Librarian|Curator|Surveyor|Commissioner|"
    "Registrar|Fitter|Hygienist|Organiser|Organizer|Cleaner|Porter|Mechanic|Electrician|"
    "Plumber|Welder|Labourer|Laborer|Cashier|Receptionist|Guard|Steward|Stewardess|Attendant|"
    "Paramedic|Dispatcher|Caretaker|Housekeeper|Nanny|Carer|Advocate|Counsel|Setter|"
    "Generalist|Adjuster|Handler|Assessor|Caseworker|Dispenser|Estimator|Recruiter|Foreman|"
    "Superintendent|Investigator|Examiner|Adjudicator|Mediator|Valuer|Underwriter|Actuary|"
    "Coroner|"
    "[A-Z][a-z]+ologist|[A-Z][a-z]+iatrist|[A-Z][a-z]+ician"
)
# "Head of Data", "Director of Finance", "Chair of the Board": the field after a head
_ROLE_FIELD = (
    r"(?:[ \t]of[ \t](?:the[ \t])?[A-Z][\w'\u2019\-]*"
    r"(?:[ \t](?:and|&)[ \t][A-Z][\w'\u2019\-]*|[ \t][A-Z][\w'\u2019\-]*){0,3})"
)
_ROLE_RUN = (
    r"(?P<ent>(?:(?:[A-Z][\w'\u2019\-]*|of|and|&)[ \t]){0,5}(?:" + ROLE_HEADS + r")"
    r"(?:[ \t](?:I{1,3}|IV|[1-3])(?![ \t]+[a-z]))?" + _ROLE_FIELD + r"?)(?![\w\-])"
)
# Heads that are also surnames or names ("Smith, Anna Cook"): a role with one of them never
# starts with a given name.
_SURNAME_HEADS = frozenset(
    "Lead Head Chair Partner Associate Cook Porter Guard Steward Coach Fitter Clerk Advocate "
    "Counsel Driver Student Captain Agent Worker Foreman Setter Broker".split()
)
_ROLE_POSITIONS = _PRESCAN.compile(
    r"(?:(?<=[a-z\u00e0-\u024f\)]),[ \t]"  # "Joanna Obi-Whitfield, Payroll Officer"
    r"|(?<=[A-Za-z\u00c0-\u024f])[ \t]\("  # "R. Patel (Chair)"
    r"|(?im:(?:position|role|job title|title|occupation|designation|post)[ \t]*:[ \t]*)"
    r"|(?<![\w])(?:as|As)[ \t]+(?:an?[ \t]+)?(?=[A-Z])"  # "a role as Analytics Lead at Ocado"
    r"|\|[ \t])" + _ROLE_RUN
)
_SIGNATURE_ROLE = _PRESCAN.compile(
    r"(?m)^(?:(?:Dr|Mr|Mrs|Ms|Prof|SP|Sgt|Insp)\.?[ \t])?(?:[A-Z][\w.'\u2019\-]*[ \t]){0,3}"
    r"[A-Z][\w'\u2019\-]+[ \t]*\n" + _ROLE_RUN.replace("(?P<ent>", "(?P<ent>(?=[A-Z])", 1)
)


# A department after a head and a comma, to the end of the line or bracket: "Head, Human
# Resources", "VP, People", "(Head, Finance and Strategy)"; made of common words, so that a
# company ("Director, Acme") is left alone.
_DEPARTMENT_AFTER = re.compile(
    r",[ \t]+(?P<dept>[A-Z][a-z]+(?:[ \t]+(?:(?:and|&|of)[ \t]+)?[A-Z][a-z]+){0,3})"
    r"(?=[ \t]*(?:\r?\n|\)|\Z|[.;]))"
)
_DEPARTMENT_HEADS = frozenset({"Head", "VP", "SVP", "EVP", "Director", "Lead"})


def _with_department(text: str, span: Span) -> Span:
    from wordfreq import zipf_frequency

    if text[span.start : span.end].split()[-1] not in _DEPARTMENT_HEADS:
        return span
    m = _DEPARTMENT_AFTER.match(text, span.end)
    if m is None:
        return span
    words = [w for w in m.group("dept").split() if w not in ("and", "&", "of")]
    if not all(zipf_frequency(w.lower(), "en") >= 3.5 for w in words):
        return span
    return Span(span.start, m.end("dept"), span.entity_type, span.score, span.source)


_ROLE_NOT_FIRST = frozenset({"The", "A", "An", "Our", "Your", "My", "Dear", "Kind", "Best"})


_LEAD_WORD = re.compile(r"([A-Z][a-z][\w'\u2019\-]*)[ \t]\Z")
_LEAD_BOUNDARY = re.compile(r"(?:\A|[\n(,:;|\-\u2013\u2014][ \t]*)\Z")
_LEAD_DETERMINER = re.compile(r"(?i)(?<![\w])(?:the|a|an|as|our|my|his|her|their|your)[ \t]+\Z")
_LEAD_NOT = frozenset(
    "The A An Our My His Her Their Your This That Dear Re Subject From To Cc Date Role "
    "Position Title Occupation Designation Post Name".split()
)


def _capitalised_lead(text: str, start: int) -> int:
    """Start of a capitalised title extended over the 1-3 capitalised words written right
    before it ("[Depot] Operations Manager", "[Backend] Software Engineer", "[Night Shift]
    Team Leader"), when those words start a line, follow punctuation or a determiner."""
    pos = start
    lead = start
    for _ in range(3):
        m = _LEAD_WORD.search(text, max(0, pos - 40), pos)
        if m is None or m.group(1) in _LEAD_NOT or m.group(1) in _demonyms():
            break  # "Korean UX designer": the nationality is an entity of its own
        pos = m.start(1)
        window = max(0, pos - 12)
        if _LEAD_BOUNDARY.search(text, window, pos) or _LEAD_DETERMINER.search(text, window, pos):
            lead = pos
            break
    return lead


@lru_cache(maxsize=1)
def _demonyms() -> frozenset[str]:
    from privtext.tagging.recognizers.gazetteer import _read_list

    return frozenset(_read_list(None, "nationalities.txt"))


@lru_cache(maxsize=1)
def _name_titles() -> frozenset[str]:
    """Forms of address and ranks written before names ("Rabbi", "Sheriff", "Sergeant")."""
    from privtext.tagging.recognizers.gazetteer import TITLES

    return TITLES | _RANKS_BEFORE_NAMES


# Offices written before a name like a title ("Sheriff Morven Gauld told him")
_RANKS_BEFORE_NAMES = frozenset({"Sheriff", "Coroner", "Magistrate", "Recorder", "Bailiff"})


def _given_names() -> frozenset[str]:
    from privtext.tagging.recognizers.gazetteer import plain_given_names

    return plain_given_names()


# A title used as a form's field label: "Supervisor:", "Student no.", "Employee number".
# An occupation field in another language, its value to the end of the field: "Profissão:
# professora do ensino secundário", "Mesleği: Eczacı", "Zawód: kierowca"
_OCCUPATION_FIELD = _PRESCAN.compile(
    r"(?im)(?:^|[ \t]{2,}|\t|[.|\u00b7/][ \t]*)(?:profiss[\u00e3a]o|profesi[\u00f3o]n|"
    r"ocupaci[\u00f3o]n|ocupa[\u00e7c][\u00e3a]o|beruf|dienstgrad|meslek|mesle[\u011fg]i|"
    r"zaw[\u00f3o]d|stanowisko|(?:ostatni[ \t]+)?stopie[\u0144n]|yrke|stilling|erhverv|"
    r"ammatti|beroep|functie|povol[\u00e1a]n[\u00edi]|foglalkoz[\u00e1a]s|ocupa[\u021b\u0163]ia|"
    r"profesia|profession|professione|qualifica|cargo|puesto|jabatan|unvan|g\u00f6revi|"
    r"rank(?:[ \t]+on[ \t]+discharge)?|nghề nghiệp|chức vụ|pekerjaan|m[\u00e9e]tier|"
    # Russian, Ukrainian, Greek, Korean, Japanese, Chinese, Arabic, Persian, Hebrew, Hindi
    r"\u043f\u0440\u043e\u0444\u0435\u0441\u0441\u0438\u044f|"
    r"\u0434\u043e\u043b\u0436\u043d\u043e\u0441\u0442\u044c|\u0437\u0432\u0430\u043d\u0438\u0435|"
    r"\u043f\u0440\u043e\u0444\u0435\u0441\u0456\u044f|\u043f\u043e\u0441\u0430\u0434\u0430|"
    r"\u0437\u0432\u0430\u043d\u043d\u044f|\u03b5\u03c0\u03ac\u03b3\u03b3\u03b5\u03bb\u03bc\u03b1|"
    r"\uc9c1\uc5c5|\uacc4\uae09|\uc9c1\uc704|\uc9c1\ucc45|\u8077\u696d|\u804c\u4e1a|\u5f79\u8077|"
    r"\u804c\u52a1|\u8077\u52d9|\u0627\u0644\u0645\u0647\u0646\u0629|\u0634\u063a\u0644|"
    r"\u05de\u05e7\u05e6\u05d5\u05e2|\u0935\u094d\u092f\u0935\u0938\u093e\u092f|"
    # Hindi and Bengali "occupation" (पेशा, পেশা)
    r"\u092a\u0947\u0936\u093e|\u09aa\u09c7\u09b6\u09be|"
    # Macedonian, Serbian and Croatian, Slovenian, Albanian, Latvian and Lithuanian,
    # Azerbaijani, Uzbek, Kazakh, Bulgarian, Tamil, Amharic "occupation"
    r"\u0437\u0430\u043d\u0438\u043c\u0430\u045a\u0435|zanimanje|poklic|profesioni|"
    r"profesija|pe\u015f\u0259(?:si)?|kasbi|\u043a\u04d9\u0441\u0456\u0431\u0456|"
    r"\u043f\u0440\u043e\u0444\u0435\u0441\u0438\u044f|\u0ba4\u0bca\u0bb4\u0bbf\u0bb2\u0bcd|"
    r"\u1219\u12eb)"
    r"[ \t]*[:\uff1a][ \t]*"
    # (the vowel signs and viramas of Indic scripts are marks, not letters: "ব্যবসায়ী")
    r"(?P<value>[^\W\d_](?:[^\W\d_'\u2019\-]|[\u0900-\u0dff])*"
    r"(?:[ \t\-][^\W\d_](?:[^\W\d_'\u2019\-]|[\u0900-\u0dff])*){0,5})"
    r"(?=[ \t]*(?:\r?\n|\Z|[,;|\u00b7(/\u3001\uff08]|\.(?:\s|\Z))|[ \t]{2,}|\t)"
    # Thai writes the value straight after the label: "อาชีพค้าขาย ที่อยู่ ..."
    r"|\u0e2d\u0e32\u0e0a\u0e35\u0e1e[ \t]*:?[ \t]*"
    r"(?P<thai>[\u0e01-\u0e4e]{2,20})(?![\u0e01-\u0e4e])"
)
# Ships' ranks, read only in a text about ships and their crews (elsewhere "AB", "OS" and
# "C/O" are other things: a province, an operating system, "care of"): "AB Vishnu Prasad Nair",
# "Jerome P. Villanueva, 2/O", "C/E Hrytsenko", "The Master stated", "NK-10482,DELA
# PEÑA,Rogelio Santos,C/O,..."
_MARITIME_CUE = re.compile(
    r"(?i)(?<![\w])(?:vessels?|seafarers?|on-signers?|off-signers?|IMO(?:[ \t]+(?:no|number))?|"
    r"m/[vt]|shipowners?|manning|ship's|crew[ \t]+list|mariners?|deck[ \t]+log|"
    r"sign(?:ed|ing)[ \t\-]+(?:on|off))(?![\w])"
)
_SHIP_RANK = _PRESCAN.compile(
    r"(?<![\w/])(?:[1-4]/[OE]|C/[OE]|AB|OS|ETO|Bosun|Boatswain|Master|Chief[ \t]+Officer|"
    r"Chief[ \t]+Engineer|Chief[ \t]+Mate|Chief[ \t]+Cook|(?:Second|Third|Fourth|2nd|3rd|4th)"
    r"[ \t]+(?:Officer|Engineer|Mate)|Able[ \t]+Seaman|Ordinary[ \t]+Seaman|Oiler|Wiper|"
    r"Motorman|Messman|(?:Deck|Engine)[ \t]+Cadet)(?![\w/])(?![ \t]+[0-9])"  # ("AB 318452": an ID)
)
# An occupation after "works as" in many languages, its value the next one to three words up
# to a preposition: "I have worked as a driver in London", "Lucrez ca șofer de trei ani",
# "pracuję jako sprzątaczka w Szpitalu", "Ich arbeite als Zugbegleiterin bei der DB",
# "працюю прибиральницею в лікарні"; and before the Turkish "olarak çalış-": "şoför olarak
# çalışıyorum"
_WORKS_AS = _PRESCAN.compile(
    r"(?<![\w\-])(?:(?i:work(?:s|ed|ing)?|employed|job)[ \t]+as(?:[ \t]+an?)?"
    r"|(?i:lucre(?:z|az\u0103|a|am)|angajat(?:\u0103)?)[ \t]+ca"
    r"|(?i:pracuj(?:\u0119|e)|pracowa(?:\u0142|\u0142a|\u0142em|\u0142am)|zatrudnion[ya])[ \t]+jako"
    r"|(?i:travaill(?:e|es|ent|ait|ais)|employ\u00e9e?)[ \t]+comme"
    r"|(?i:arbeit(?:e|et|ete|en)|t\u00e4tig|besch\u00e4ftigt)[ \t]+als"
    r"|(?i:trabaj(?:o|a|an|aba|\u00e9)|emplead[oa])[ \t]+como"
    r"|(?i:trabalh(?:o|a|am|ava|ei))[ \t]+como"
    r"|(?i:lavor(?:o|a|ano|ava))[ \t]+come"
    r"|(?i:werk(?:t|te|zaam)?)[ \t]+als"
    r"|(?i:jobbar|arbetar|arbejder|jobber)[ \t]+som"
    # Albanian, Serbian and Croatian, Slovenian, Macedonian, Bulgarian, Afrikaans
    r"|(?i:punoj|punon)[ \t]+si|(?i:radim|radi|radila|radio)[ \t]+kao|(?i:delam|dela)[ \t]+kot"
    r"|(?i:\u0440\u0430\u0431\u043e\u0442\u0430\u043c)[ \t]+\u043a\u0430\u043a\u043e"
    r"|(?i:\u0440\u0430\u0431\u043e\u0442\u044f)[ \t]+\u043a\u0430\u0442\u043e"
    r"|(?i:werk)[ \t]+as"
    r"|(?i:\u043f\u0440\u0430\u0446\u044e(?:\u044e|\u0454)|\u0440\u0430\u0431\u043e\u0442\u0430(?:\u044e|\u0435\u0442)))"
    r"[ \t]+(?P<value>[^\W\d_][^\W\d_'\u2019\-]*(?:[ \t][^\W\d_][^\W\d_'\u2019\-]*){0,2})"
    r"|(?<![\w\-])(?P<tr>[^\W\d_]{3,}(?:[ \t][^\W\d_]{3,})?)[ \t]+olarak[ \t]+"
    r"(?i:\u00e7al\u0131\u015f)"
)
# Words that end the value (prepositions, articles, conjunctions of those languages)
_WORKS_AS_STOP = frozenset(
    """in at for with on from since and but or to of by the a an as de del des du en \u00e0 au
    aux la le les el los las w we z ze na u do od dla bei bij im der die das den dem von van
    voor op met per para por com em no nos da das dos nel nella presso di dal dalla e et und y
    och p\u00e5 hos f\u00f6r i v \u0432 \u0443 \u043d\u0430 \u0441 \u0437 \u0456\u0437 \u0442\u0430
    \u0456 \u0438 \u0434\u043b\u044f \u043f\u0440\u0438 s\u0103 \u00een \u0219i cu pe
    pentru n\u00eb te p\u00ebr kod pri za \u0432\u043e \u0432\u043e \u0437\u0430 by""".split()
)
_WORKS_AS_NOT = frozenset(
    "well part usual normal before usual follows such needed required expected planned "
    "volunteer volunteers freelance freelancer".split()
)


def _works_as_value(text: str, m: re.Match[str]) -> tuple[int, int] | None:
    if m.group("tr"):
        return m.span("tr")
    start = m.start("value")
    end = start
    for w in re.finditer(r"[^\W\d_][^\W\d_'\u2019\-]*", m.group("value")):
        if w.group().lower() in _WORKS_AS_STOP:
            break
        end = start + w.end()
    if end == start or text[start:end].split()[0].lower() in _WORKS_AS_NOT:
        return None
    return start, end


# One person of a plural occupation: "one of our care assistants", "one of the GPs at MediNow"
# (a plural alone names nobody and is not matched by the gazetteer)
_ONE_OF_PLURAL = re.compile(
    r"(?<![\w])[Oo]ne[ \t]+of[ \t]+(?:the|our|their|its|his|her|my|your)[ \t]+"
    r"(?P<ent>(?:[a-z][a-z\-]*[ \t]+){0,2}(?:[a-z][a-z\-]*|[A-Z]{2,4})s)(?![\w\-])"
)


_ACRONYM_RX = re.compile("|".join(ACRONYMS))


def _singular_title(plural: str) -> bool:
    """Whether ``plural`` ("care assistants", "GPs", "nurses") is a listed title's plural."""
    titles = job_title_set()
    if plural[:-1].isupper():
        return _ACRONYM_RX.fullmatch(plural[:-1]) is not None
    low = plural.lower()
    return any(
        cand in titles
        for cand in (low[:-1], low[:-2] if low.endswith("es") else "", low[:-3] + "y")
        if cand
    )


_FIELD_LABEL_AFTER = re.compile(r"[ \t]*(?::|(?:no\.|No\.|number|ID|#)(?!\w))")


class JobTitleRecognizer(Recognizer):
    """Tag job titles and occupations as ``JOB_TITLE`` (see the module docstring).

    Args:
        titles_path: a job titles file to use instead of the packaged one.
    """

    name: ClassVar[str] = "job_title_gazetteer"
    entity_types: ClassVar[tuple[str, ...]] = ("JOB_TITLE",)
    BASE_SCORE: ClassVar[float] = 0.7
    CONTEXT_SCORE: ClassVar[float] = 0.9
    ROLE_SCORE: ClassVar[float] = 0.88  # above NER persons (0.85): "Jarrah Walker, Fitter"
    MULTI_WORD_SCORE: ClassVar[float] = 0.87
    CONTEXT_WINDOW: ClassVar[int] = 30

    _context_re = compile_context(CONTEXT)

    def __init__(self, titles_path: str | None = None) -> None:
        self.titles_path = titles_path
        self._rx: re.Pattern[str] | None = None

    def load(self) -> None:
        """Compile the title regex once (idempotent)."""
        if self._rx is None:
            self._rx = _compiled(self.titles_path)

    def _capitalized_neighbour(self, text: str, s: int, e: int) -> bool:
        """A capitalized word directly before (not a sentence start) or after the match."""
        nxt = _NEXT_WORD.match(text, e)
        if (
            nxt is not None
            and nxt.group(1)[0].isupper()
            and text[e : nxt.start(1)].strip(" \t") == ""
        ):
            if nxt.start(1) > e:
                return True
        prev = _PREV_WORD.search(text, max(0, s - 40), s)
        if prev is not None and prev.group(1)[0].isupper():
            return _SENTENCE_END.search(text, max(0, prev.start(1) - 3), prev.start(1)) is None
        return False

    def analyze(self, text: str) -> list[Span]:
        """Find job titles in ``text``.

        Args:
            text: the document text.

        Returns:
            One span per title.
        """
        if not text:
            return []
        self.load()
        rx = self._rx
        assert rx is not None
        out: list[Span] = []
        ctx = self._context_re
        for m in rx.finditer(text):
            s, e = m.span()
            surface = m.group()
            prev = _PREV_WORD.search(text, max(0, s - 30), s)
            if prev is not None and prev.group(1).lower() in _NOT_AFTER:
                continue
            if _FIELD_LABEL_AFTER.match(text, e):
                continue  # "Student no.:", "Supervisor: R. Kowalczyk": a form's field label
            single = " " not in surface and "\t" not in surface
            if single and surface[0].isupper() and not surface.isupper():
                if self._capitalized_neighbour(text, s, e):
                    # "Production Engineer at ...", "Transport Planner": a capitalised run that
                    # starts a line or follows punctuation or a determiner and is not followed
                    # by another capitalised word ("Baker Street") is a title
                    nxt = _NEXT_WORD.match(text, e)
                    followed = nxt is not None and nxt.group(1)[0].isupper() and nxt.start(1) > e
                    named = (
                        followed
                        and nxt is not None
                        and nxt.group(1) in _given_names()
                        and surface.lower() not in _SURNAME_TITLES
                        and surface not in _name_titles()
                        and _capitalised_lead(text, s) == s
                    )  # "Physiotherapist Leilani Kahale", "Manager Pádraig Walsh said"
                    if (followed or _capitalised_lead(text, s) == s) and not named:
                        continue
                if surface.lower() in _SURNAME_TITLES and (
                    prev is None or prev.group(1).lower() not in _DETERMINERS
                ):
                    continue
            score = self.BASE_SCORE
            words = surface.split()
            if not single and words[0].title() not in _ORG_HEAD_WORDS and " of the " not in surface:
                # "Staff Nurse", "Company Secretary": a listed title of several words is
                # above NER's and the organisation shape's guesses inside it ("Nurse",
                # "Defendant's Company"); not "X of the Y", whose Y is an organisation
                score = self.MULTI_WORD_SCORE
            if ctx is not None and ctx.search(text, max(0, s - self.CONTEXT_WINDOW), s):
                score = self.CONTEXT_SCORE
            # "a retired [coal] miner", "as a [warehouse] supervisor": lower-case trade words
            # between a determiner and the title belong to it.
            base = max(0, s - 40)
            lead = _TRADE_WORDS_BEFORE.search(text[base:s])
            if lead is not None:
                kept = [w for w in re.finditer(r"[a-z][a-z\-]*", lead.group("trade"))]
                while kept and kept[0].group() in _NOT_TRADE:
                    kept.pop(0)
                if kept:
                    s = base + lead.start("trade") + kept[0].start()
            if surface[:1].isupper():
                s = _capitalised_lead(text, s)  # "[Depot] Operations Manager"
            out.append(Span(s, e, "JOB_TITLE", score, self.name))
        for role_rx in (_ROLE_POSITIONS, _SIGNATURE_ROLE):
            for m in role_rx.finditer(text):
                rs, re_ = m.span("ent")
                surface = text[rs:re_]
                words = surface.split()
                if not surface[:1].isupper() or words[0] in _ROLE_NOT_FIRST:
                    continue
                head = re.sub(r"[ \t]of[ \t].*\Z", "", surface).split()[-1]
                if "&" in words or (
                    words[0] in _given_names() and (len(words) < 2 or head in _SURNAME_HEADS)
                ):
                    continue  # "Stefan Walz of Walz & Partner": a person, then a firm
                longer = [
                    k for k, o in enumerate(out)
                    if o.start <= rs and o.end >= re_ and o.end - o.start > re_ - rs
                ]  # fmt: skip
                if longer:
                    # "Assistant" of "Assistant Sub-Inspector": the longer title stands, with
                    # the role position's score when it starts there ("Shah, Consultant
                    # Intensivist,")
                    for k in longer:
                        o = out[k]
                        if o.start == rs and o.score < self.ROLE_SCORE:
                            out[k] = Span(o.start, o.end, o.entity_type, self.ROLE_SCORE, o.source)
                    continue
                out.append(Span(rs, re_, "JOB_TITLE", self.ROLE_SCORE, self.name))
        if ":" in text or "\uff1a" in text or "\u0e2d\u0e32\u0e0a\u0e35\u0e1e" in text:
            for m in _OCCUPATION_FIELD.finditer(text):
                vs, ve = m.span("value") if m.group("value") else m.span("thai")
                if any(o.start < ve and vs < o.end and (o.start < vs or o.end > ve) for o in out):
                    continue
                out = [o for o in out if not (vs <= o.start and o.end <= ve)]
                out.append(Span(vs, ve, "JOB_TITLE", self.ROLE_SCORE, self.name))
        if "one of" in text or "One of" in text:
            for m in _ONE_OF_PLURAL.finditer(text):
                vs, ve = m.span("ent")
                if _singular_title(m.group("ent")) and not any(
                    o.start < ve and vs < o.end for o in out
                ):
                    out.append(Span(vs, ve, "JOB_TITLE", self.BASE_SCORE, self.name))
        if _MARITIME_CUE.search(text) is not None:
            for m in _SHIP_RANK.finditer(text):
                vs, ve = m.span()
                if text[ve : ve + 3] in (" of", "'s ") or any(
                    o.start < ve and vs < o.end for o in out
                ):
                    continue  # not "Master of Science", not "Master's certificate"
                out.append(Span(vs, ve, "JOB_TITLE", self.ROLE_SCORE, self.name))
        for m in _WORKS_AS.finditer(text):
            span = _works_as_value(text, m)
            if span is None:
                continue
            vs, ve = span
            if any(o.start < ve and vs < o.end and (o.start < vs or o.end > ve) for o in out):
                continue
            out = [o for o in out if not (vs <= o.start and o.end <= ve)]
            out.append(Span(vs, ve, "JOB_TITLE", self.ROLE_SCORE, self.name))
        return [_with_department(text, sp) for sp in out]
