"""PERSON from the layout and wording around a name, where NER and gazetteers are weakest.

Each rule finds a name by what surrounds it, not by knowing the name:

* **form fields**: ``Surname: KARADAĞ``, ``First name: ZEYNEP``, ``Patient: LEFEBVRE, Camille``,
  ``Landlord: Harjit Singh Dhillon``, ``Caller: Mr A. Nowak``: a field label for a person,
  a colon, then one to four capitalized or upper-case name words (``SURNAME, Given`` too);
* **letters**: the words after a greeting (``Dear Ms Ekinci``, ``Hi Chloe``) and the line
  after a closing (``Best wishes,`` / ``Kind regards`` then ``Olu``); a greeting to a team
  (``Dear Meridian Travel team,``) names an ORGANIZATION instead;
* **initials**: ``J. Smith``, ``S. de Vries``, ``J.L. Mazón Costa``, ``Kh. Musayeva``,
  ``E.J.M. van der Berg-Smit`` (initials, optional particles, a capitalized surname that is not
  a function word or a heading such as ``A. Background``), and bare initials after a title
  (``Mr T.S.``) or as a list of people (``L.G. and D.K.``, next to a tagged initialism);
* **chat roles**: ``Agent Priyanka:``, ``Marco (agent):``;
* **initials signing a log entry**: ``23/03/25 07:30 (nights, SC)``, ``15.02.25 JK - ...``,
  ``Analyst note (RB):``, ``... for check. - KS`` (not ``FTA``, ``NHS``...);
* **quoted nicknames** after ``known as``/``called``/``nicknamed``: ``known only as "Gaz"``;
* **maiden names**: ``née Georgiou``;
* **lower-case given names** in informal text (``hey rosa``, ``thx raj``, ``my neighbour
  joana``, ``tobias renewed it``, ``thanks to dave``, ``garys number``): a known given name
  (gazetteer) right after a greeting, ``thanks to``/``ask for``/``speak to``, a relation word
  or ``and``/``with``, or right before ``says``/``said``/``'s``/``and i``/``lets``/``pls``, or
  with an ``s`` and ``number``/``phone``/``mum``... (a possessive without its apostrophe);
  a known given name or surname after a title in lower case (``our GP dr shah``);
* **self-introductions**: a known given name after ``it's``/``this is``/``my name is``/``I'm``
  and before ``from``/``here``/punctuation (``it's Jade from flat 2``).

Scores are 0.75-0.85: above the policy threshold, below checksum-validated patterns.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from typing import ClassVar

from privtext.tagging.base import Recognizer, Span
from privtext.tagging.place_slots import known_place
from privtext.tagging.prescan import AnyPattern, PatternGroup
from privtext.tagging.recognizers.gazetteer import (
    AMBIGUOUS_GIVEN,
    COMMON_WORD_SURNAMES,
    MONTHS_DAYS,
    STOPWORDS,
    TITLES,
    load_gazetteer,
)
from privtext.tagging.recognizers.job_title import ACRONYMS, ROLE_HEADS, job_title_set
from privtext.tagging.recognizers.organization import _ANY_CJK, _ANY_CYRILLIC
from privtext.tagging.recognizers.organization import HEAD_SET as _ORG_HEADS
from privtext.tagging.recognizers.username import (
    STAMP_LINE_END,
    STAMP_LINE_START,
)
from privtext.tagging.register import chat_register
from privtext.tagging.roles import role_heads
from privtext.tagging.script_names import (
    AR_FIELD_WORD,
    CYR_LOW,
    CYR_UP,
    ETH_WORD,
    KO_OFFICE,
    names_in_other_scripts,
)

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("person_cues")

_W = r"[^\W\d_]"
# One name word: Capitalized (Hoffmann, Mazón, O'Brien, Klaus-Dieter) or UPPER (KARADAĞ).
_NAME_WORD = rf"(?:{_W}['\u2019]?[^\W\d_]*(?:-{_W}[^\W\d_]*)*)"
_PARTICLE = (
    r"(?:van|von|de|der|den|da|di|del|della|dos|das|du|le|la|bin|ibn|al|el|ter|ten|y|N\u00ed|"
    r"Nic|\u00d3|U\u00ed|Mhic|binti|binte|bte|bint)"
)
_INITIAL = r"(?:[A-Z]|Kh|Ch|Sh|Th|Zh|Ph|Yu|Ya|Ts|Dzh)\."
_INITIALS = rf"(?:{_INITIAL}(?:[ \t]?-?{_INITIAL}){{0,3}})"
_TITLE_RX = (
    r"(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame|Rev|Herr|Frau|Mme|Mlle|M|Sr|Sra|Shri|SHRI|Smt|SMT|"
    r"Sri|Alhaji|Alhaja|Chief|Eng|Engr|Cllr|Hon)\.?"
)

_FIELD_LABELS = (
    r"surname|last name|family name|first names?|given names?|forenames?|full name|name|"
    r"patient|employee|landlord|landlady|tenant|caller|cardholder|card holder|applicant|"
    r"claimant|defendant|respondent|witness|victim|suspect|offender|pupil|student|client|"
    r"customer|contact|contact person|attn|attention|signed|signature|requested by|"
    r"reported by|prepared by|approved by|reviewed by|manager|line manager|supervisor|"
    r"referring doctor|gp|consultant|owner|account holder|holder|passenger|guest|member|"
    r"insured|policyholder|beneficiary|child|mother|father|spouse|partner|next of kin|"
    r"emergency contact|driver|author|assignee|reporter|interviewer|interviewee|candidate|"
    r"nom|prénom|nachname|vorname|apellidos?|nombre|cognome|father's name|mother's name|"
    r"husband's name|wife's name|guardian|statement of|guest name|lead guest|traveller|"
    r"allocated worker|key worker|social worker|case worker|attendees?|officer in charge|"
    r"investigating officer|oic|coordinator|resident|resident name|student name|pupil name|"
    r"patient name|client name|staff member|volunteer|"
    # the name a person goes by: "Known as: Mama Jo", "Preferred name / pronouns: Mari"
    r"known as|also known as|aka|alias|nickname|preferred name(?:[ \t]*/[ \t]*pronouns)?|"
    r"commonly used (?:fore|sur)?names?(?:[ \t]*\(if any\))?|"
    r"traveler|deceased|informant|complainant|accused|pupil name|student name|employee name|"
    # the same fields in German, French, Spanish, Italian, Portuguese, Dutch and Polish forms
    r"versicherungsnehmer(?:in)?|versicherte[rn]?|patientin|antragsteller(?:in)?|mieter(?:in)?|"
    r"vermieter(?:in)?|kunde|kundin|sachbearbeiter(?:in)?|ansprechpartner(?:in)?|"
    r"titular|asegurad[oa]|tomador(?:a)?|paciente|denunciante|solicitante|inquilin[oa]|"
    r"arrendatari[oa]|assur[\u00e9e]e?|titulaire|locataire|bailleur|demandeur|demanderesse|"
    r"destinataire|patiente|gestionnaire|intestatari[oa]|assicurat[oa]|paziente|richiedente|"
    r"nome completo|nome|segurad[oa]|requerente|naam|voornaam|achternaam|verzekerde|huurder|"
    r"klant|imi\u0119|nazwisko|wnioskodawca|"
    # Romanian forms: applicant, claimant, petitioner, beneficiary
    r"solicitant|reclamant|petent|beneficiar"
)
_NAME_SEQ = (
    rf"(?:{_TITLE_RX}[ \t]+)?"
    rf"(?P<ent>(?:{_INITIALS}[ \t]?)?{_NAME_WORD}(?:,?[ \t](?:{_PARTICLE}[ \t])?"
    rf"(?:{_INITIALS}|{_NAME_WORD})){{0,3}})"
)
_FIELD = _PRESCAN.compile(rf"(?im)(?<![\w'\u2019])(?:{_FIELD_LABELS})[ \t]*:[ \t]*" + _NAME_SEQ)
_GREETING = _PRESCAN.compile(
    r"(?m)(?:^|[.!?][ \t]+)[\"\u201c\u00ab]?(?:Dear|Hi|Hello|Hey|Hiya|Morning|Good morning|"
    r"Good afternoon|Good evening|Cher|Chère|Liebe|Lieber|Querida|Querido|Caro|Cara|Namaste|"
    r"Hola|Olá|Bula|Salut|Bonjour|Hallo|Kia ora|Ciao|Salam|Assalamualaikum|Jambo|Habari|"
    # ... in Scandinavian, Dutch, Polish, Romanian, Spanish, Portuguese and Italian letters
    r"Hej|Hei|K\u00e6re|Kj\u00e6re|K\u00e4ra|K\u00e4re|Beste|Drogi|Droga|Drag\u0103|Dragi|"
    r"Estimada|Estimado|Prezada|Prezado)[ \t]+" + _NAME_SEQ + r"[ \t]*(?:[,!:\n]|\.(?=[ \t\n]))"
)
# A name thanked after a comma: "thank you, Jae-hyun!", "gracias, Marta."
_THANKED = _PRESCAN.compile(
    r"(?i:thank[ \t]+you|thanks|many[ \t]+thanks|gracias|merci|danke|obrigad[oa]|grazie|"
    r"dzi\u0119kuj\u0119|tack|takk|tak|dank[ \t]+je|mul\u021bumesc)[ \t]*,[ \t]+"
    r"(?P<ent>[A-Z][^\W\d_]+(?:-[A-Za-z][^\W\d_]+)?)(?=[ \t]*[!.,\n])"
)
_TEAM_AFTER = re.compile(
    r"[ \t]+(?:team|Team|TEAM|support|Support|colleagues|department|Department|staff|Staff)"
    r"[ \t]*\Z"
)
_CLOSING = _PRESCAN.compile(
    r"(?im)^[ \t]*(?:best wishes|best regards|kind regards|warm regards|regards|many thanks|"
    r"thanks|thank you|cheers|best|love|yours sincerely|yours faithfully|yours truly|yours|"
    r"sincerely|respectfully|with thanks|all the best|take care|talk soon|see you|besos|"
    r"cordialement|mit freundlichen grüßen|saludos|un saluto|groetjes|met vriendelijke groet)"
    r"[ \t]*[,!.]?[ \t]*\n(?:[ \t]*\n)?[ \t]*"
    rf"(?:{_TITLE_RX}[ \t]+)?(?P<ent>(?:{_INITIALS}[ \t]?)?{_NAME_WORD}"
    rf"(?:[ \t](?:{_PARTICLE}[ \t])?(?:{_INITIALS}|{_NAME_WORD})){{0,3}})[ \t]*(?:$|\()"
)
_INITIAL_NAME = _PRESCAN.compile(
    rf"(?<![\w.])(?P<ent>{_INITIALS}[ \t]?(?:{_PARTICLE}[ \t]){{0,2}}"
    rf"[A-Z][^\W\d_]+(?:['\u2019\-][A-Z]?[^\W\d_]+)*(?:[ \t][A-Z][^\W\d_]+)?)"
)
_INITIAL_WORD = re.compile(r"[A-Z]\.")
_NAME_GOES_ON = re.compile(r"[ \t][A-Z\u00c0-\u00de]")
# ranks written before an initial in judgments and reports ("Lieutenant P. and Sergeant D.")
_RANK_RX = (
    r"(?:Lieutenant|Lt\.?|Sergeant|Sgt\.?|Constable|Inspector|Insp\.?|Captain|Capt\.?|Major|"
    r"Colonel|Col\.?|Corporal|Cpl\.?|Detective|Officer|Judge|Justice|Witness|Applicant|Doctor|"
    r"lieutenant|sergeant|constable|inspector|captain|corporal|detective|officer|witness)"
)
_TITLE_INITIALS = _PRESCAN.compile(
    rf"\b(?:{_TITLE_RX}|{_RANK_RX})[ \t]+(?P<ent>{_INITIALS})(?![ \t]?[A-Z]|\w|-)"
)
# Russian-style full names with a patronymic, in either order: "Сейткалиева Айгерим
# Болатовна", "Ержан Бакытович Сейткалиев" (Russia, Kazakhstan, Ukraine, Belarus...)
# Cyrillic capitals and lower case, with the Ukrainian and Belarusian letters (І Ї Є Ґ Ў) and
# the apostrophe of Ukrainian names ("Андрій", "Дар'я")
_CYR_UP, _CYR_LOW = CYR_UP, CYR_LOW
_CYR = rf"[{_CYR_UP}][{_CYR_LOW}]+(?:-[{_CYR_UP}][{_CYR_LOW}]+)?"
_PATRONYMIC = (
    rf"[{_CYR_UP}][{_CYR_LOW}]+(?:ович|евич|"
    r"\u0438\u0447|\u043e\u0432\u043d\u0430|\u0435\u0432\u043d\u0430|\u0438\u0447\u043d\u0430|"
    r"\u0438\u043d\u0438\u0447\u043d\u0430|\u0456\u0432\u043d\u0430|\u0457\u0432\u043d\u0430)"
)
_CYRILLIC_FULL_NAME = re.compile(
    rf"(?<![\w\-])(?P<ent>{_CYR}[ \t]{_CYR}[ \t]{_PATRONYMIC}|{_CYR}[ \t]{_PATRONYMIC}[ \t]{_CYR})"
    r"(?![\w\-])"
)
# a name in capitals with its age in brackets, as court lists and police logs write them:
# "PATRICK SEAN DEVLIN (34)", "IONUȚ-CRISTIAN STAN (41)", "SIOBHÁN NÍ CHEALLAIGH (52)"
_CAPS_LETTER = r"[A-Z\u00c0-\u00de\u0100-\u024f]"
_CAPS_NAME_WORD = rf"{_CAPS_LETTER}{{2,}}(?:[\-']{_CAPS_LETTER}{{2,}})?"
_CAPS_NAME_AGE = _PRESCAN.compile(
    rf"(?<![\w\-'])(?P<ent>{_CAPS_NAME_WORD}(?:[ \t]{_CAPS_NAME_WORD}){{1,3}})"
    r"[ \t]*\((?:[1-9][0-9]?|1[01][0-9])\)"
)
# a mobile-money receipt names the payee in capitals before the number: "Ksh4,300.00 sent to
# KIPROP ERIC 0721448610", "received from JANE WANJIRU 0712345678"
_CAPS_PAYEE = _PRESCAN.compile(
    rf"(?i:sent[ \t]+to|received[ \t]+from|paid[ \t]+to)[ \t]+"
    rf"(?P<ent>{_CAPS_NAME_WORD}(?:[ \t]{_CAPS_NAME_WORD}){{1,3}})[ \t]+\+?[0-9]{{9,12}}(?![0-9])"
)
_CAPS_SLASH_CAPS = _PRESCAN.compile("[A-Z]/[A-Z]")
# an airline passenger: "ELTAYEB/HASSAN OSMAN MR" (family name / given names, then the title)
_PNR_NAME = re.compile(
    r"(?<![\w/])(?P<ent>[A-Z]{2,}(?:[ \-][A-Z]{2,})*/[A-Z]{2,}(?:[ \-][A-Z]{2,})*)"
    r"(?=[ \t]+(?:MR|MRS|MS|MSTR|MISS|MX|DR|CHD|INF)(?![\w]))"
)
# a title before a family name in capitals and the given names ("Mrs PARK Ji-yeon",
# "Mr NGUYEN Van Minh")
_TITLE_CAPS_FAMILY = _PRESCAN.compile(
    rf"\b{_TITLE_RX}[ \t]+(?P<ent>[A-Z]{{2,}}(?:[ \t][A-Z][a-z]+(?:-[a-z]+)?){{1,2}})(?![\w\-])"
)
# "PAPADOPOULOS, Eleni" (registers, obituaries, court lists "H1198  NGUYEN, Thanh Binh",
# "Ltd v SUMMERS, Grace", "Pt: BROWN, Andre Marcus"): checked against given names. Inside a
# line the word before must not be upper case too ("PLEASE NOTE, John"), see analyze.
_UPPER_COMMA_GIVEN = _PRESCAN.compile(
    r"(?<![\w'\-])(?P<ent>[A-Z\u00c0-\u024f]{2,}(?:[-' ][A-Z\u00c0-\u024f]{2,})?,[ \t]"
    r"(?P<given>[A-Z][^\W\d_]+)(?:[- ][A-Z][^\W\d_]+)?)"
)
_UPPER_WORD_BEFORE = re.compile(r"[A-Z\u00c0-\u024f]{2,}[ \t]$")
# A party anonymised by initials in tribunal and court decisions, and initials as a form's
# value: "The appellant, MA, is", "the claimant (R.B.)", "Appellant: C.O.", "Initials: R.M.A.",
# and a line of initials above "(ANONYMITY DIRECTION MADE)" or "Appellant" in a heading.
_BARE_INITIALS = r"(?:[A-Z]\.[ \t]?){1,3}[A-Z]\.?|[A-Z]{2,4}"
_PARTIES = r"appellants?|applicants?|claimants?|respondents?|petitioners?|child|pupil|patient"
_PARTY_INITIALS = _PRESCAN.compile(
    rf"\b(?i:the[ \t]+(?:{_PARTIES}|complainants?))[ \t]*(?:,|\()[ \t]*"
    rf"(?P<ent>{_BARE_INITIALS})(?=[ \t]*[,)])"
)
_FIELD_INITIALS = _PRESCAN.compile(
    rf"(?im)(?<![\w'\u2019])(?:{_PARTIES}|"
    r"initials|subject|client|agent|handler|adviser|advisor|officer|"
    r"caseworker|case worker|author|assessor|reviewer|checked by|approved by|signed)[ \t]*:[ \t]*"
    rf"(?-i:(?P<ent>{_BARE_INITIALS}))(?=[ \t]*$|[ \t]{{2,}}|\t)"
)
# Families named by their surname: "the Rahman and Haque families", "the Heneghan family"
_FAMILIES = _PRESCAN.compile(
    r"\b[Tt]he[ \t]+(?P<a>[A-Z][a-z\u00e0-\u024f'\-]+)(?:[ \t]+(?:and|&)[ \t]+"
    r"(?P<b>[A-Z][a-z\u00e0-\u024f'\-]+))?[ \t]+famil(?:y|ies)\b"
    # "les familles Lapointe et Bélanger", "la familia Almonte", "a família Souza"
    r"|\b(?:[Ll]es[ \t]+familles|[Ll]a[ \t]+famille|[Ll]as?[ \t]+familias?|"
    r"[Aa]s?[ \t]+fam\u00edlias?)"
    r"[ \t]+(?P<c>[A-Z][a-z\u00e0-\u024f'\-]+)(?:[ \t]+(?:et|y|e|&)[ \t]+"
    r"(?P<d>[A-Z][a-z\u00e0-\u024f'\-]+))?\b"
)
# A given name, then a surname in capitals, as police and court logs write names: "Dean TAPLOW,
# 34", "suspect Kieran O'NEILL"
_GIVEN_CAPS_SURNAME = _PRESCAN.compile(
    r"(?<![\w'])(?P<g>[A-Z][a-z\u00e0-\u024f]+)[ \t]+(?P<s>(?:Ma?c|O')?[A-Z]{3,}(?:-[A-Z]{3,})?)"
    r"(?![\w'])"
)
# Two given names sharing the surname after the second: "Grandparents Bola and Femi Adebisi"
_SHARED_SURNAME = _PRESCAN.compile(
    r"(?<![\w'])(?P<a>[A-Z][a-z\u00e0-\u024f]+)[ \t]+(?:and|&)[ \t]+(?P<b>[A-Z][a-z\u00e0-\u024f]+)"
    r"[ \t]+(?P<s>[A-Z][a-z\u00e0-\u024f'\-]+)"
)
# A support agent's initials after a caret, as social-media customer care signs replies
# ("... we'll check it out? ^SOC")
_CARET_INITIALS = _PRESCAN.compile(r"(?<![\w^])\^(?P<ent>[A-Z]{2,3})(?![\w])")
_HEADING_INITIALS = _PRESCAN.compile(
    rf"(?m)^[ \t]*(?P<ent>{_BARE_INITIALS})[ \t]*\n(?:[^\n]*\n)?[ \t]*"
    r"(?:\(?ANONYMITY|Appellants?\b|APPELLANTS?\b|Applicants?\b|APPLICANTS?\b|Claimants?\b)"
)
# The author's initials signing a note at the end of a line ("VM left. PK", "– LA"): taken when
# a dash comes before them or the same initials sign two or more lines of the document.
_SIGN_OFF = _PRESCAN.compile(
    r"(?m)(?:(?<=[.!?)])[ \t]+(?P<dash>[-\u2013\u2014][ \t]*)?"
    r"|[ \t]+(?P<dash2>[-\u2013\u2014])[ \t]*)"
    r"(?P<ent>[A-Z]{2,3})[ \t]*$"
)
_SIGN_OFF_NOT = frozenset(
    "OK UK US USA EU AM PM NHS HR IT GP TV ID PS FYI ASAP ETA EOD TBC TBD NB RIP LOL PTO AOB "
    "VAT GMT BST UTC CET EST PST CEO CFO COO CTO VP".split()
)
_NOT_INITIALS = frozenset({"U.S.", "U.K.", "E.U.", "U.N.", "U.S.A.", "N.Y.", "D.C.", "L.A.", "St."})
_ORG_WORDS = frozenset(
    "Army Navy Government Court Department Ministry Police Council Office Company Bank "
    "University College School Hospital Agency Authority Service Services Union Party Ltd "
    "Inc Corp Group".split()
)
_INITIALISM_PAIR = _PRESCAN.compile(
    rf"(?<![\w.])(?P<a>{_INITIALS})(?:,[ \t]|[ \t]and[ \t]|[ \t]&[ \t])(?P<b>{_INITIALS})"
    r"(?![\w])"
)
_CHAT_ROLE = _PRESCAN.compile(
    r"(?m)^[ \t]*(?:\[[0-9:]{4,8}\][ \t]*)?(?:(?:Agent|Advisor|Adviser|Operator|Rep|Support|"
    r"Customer|Visitor|Caller|Driver|Nurse|Officer|Host|Moderator)[ \t]+(?P<a>[A-Z][a-z]+)"
    r"|(?P<b>[A-Z][a-z]+)[ \t]*\((?:agent|support|advisor|adviser|customer|visitor|host|"
    r"moderator|hr|it)\))[ \t]*:"
)
# Chat exports: "[08:33] Sola: ...", "12/06/2024, 19:02 - Siobhán 🏑: ...", "Yuki S.: ..."
# capital and small letters of the Latin, Greek and Cyrillic alphabets (chat speakers, "06:12
# Стоян Петков:", "14:02 Ελένη Κ.:")
_UP_LGC = "A-Z\u00c0-\u024f\u0386-\u038f\u0391-\u03ab\u0400-\u042f"
_LOW_LGC = "a-z\u00df-\u00ff\u03ac-\u03ce\u0430-\u045f"
_CHAT_STAMP = (
    r"\[[^\]\n]{4,25}\][ \t]*|(?:\d{1,4}[/.\-]\d{1,2}[/.\-]\d{1,4},?[ \t])?"  # "7:41 pm - Mere:"
    r"\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp]\.?[Mm]\.?)?[ \t]*[-\u2013][ \t]*"
    r"|(?:\d{1,4}[/.\-]\d{1,2}[/.\-]\d{1,4},?[ \t])?"  # "15/02/2025 20:03 Ate Joy:" (Viber)
    r"\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp][Mm])?[ \t]+"
    rf"(?=[{_UP_LGC}][{_LOW_LGC}])"
    # "Jan 14, 2025 8:02 PM  Tita Baby:", "Jan 14, 2025 8:12 PM  bea:" (Viber, iMessage)
    r"|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?[ \t]\d{1,2},[ \t]\d{4},?[ \t]"
    r"\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp][Mm])?[ \t]+(?:[-\u2013][ \t]*)?"
)
_CHAT_SPEAKER = _PRESCAN.compile(
    rf"(?m)^[ \t]*(?P<stamp>{_CHAT_STAMP})?"
    # kin honorifics of Philippine chats too: "Ate Joy", "Kuya Ben", "Tita Baby"
    r"(?:(?:Uncle|Aunty|Auntie|Aunt|Cousin|Dr|Mr|Mrs|Ms|Admin|Mod|Ate|Kuya|Tita|Tito|Lola|"
    r"Lolo)[ \t]+)?"
    # a hyphenated given name too: "Kerry-Ann: Hi Brian"
    rf"(?P<ent>[{_UP_LGC}][^\W\d_]+(?:-[{_UP_LGC}][^\W\d_]+)?"
    rf"(?:[ \t][{_UP_LGC}][^\W\d_]*\.?){{0,2}})"
    r"(?:[ \t]\([A-Z][^()\n]{1,30}\))?[ \t]*(?:[^\w\s:]{1,3}[ \t]*)?:[ \t]"
)
# A name in apposition to a word for a person: "Pt's mother, Hinemoa, phoned", "One trainee,
# Opio, dropped out", "A Congolese resident, Espoir Mbuyi, offered"; the name must be followed
# by a comma, a bracket or a verb, as an apposition is.


_PERSON_NOUNS = (
    r"mother|father|mum|mom|dad|son|daughter|wife|husband|partner|brother|sister|cousin|uncle|"
    r"aunt|auntie|grandmother|grandfather|grandson|granddaughter|niece|nephew|friend|"
    r"neighbou?r|colleague|flatmate|housemate|landlord|landlady|tenant|lodger|boss|supervisor|"
    r"resident|trainee|apprentice|student|pupil|patient|client|customer|witness|victim|"
    r"suspect|volunteer|worker|employee|applicant|claimant|complainant|passenger|caller|"
    r"participant|refugee|farmer|mechanic|trader|vendor|nurse|midwife|carer|caregiver|"
    r"interpreter|translator|solicitor|lawyer|teacher|coach|fiancée?|girlfriend|boyfriend|"
    r"child|infant|baby|toddler|boy|girl|man|woman|grandchild|stepson|stepdaughter|attorney|"
    r"advocate|counsel|representative|agent|landowner|owner|occupant|deceased|driver|courier|"
    r"cleaner|guard|porter|receptionist|chef|manager|officer|engineer|technician|doctor|"
    r"pharmacist|paramedic|surgeon|dentist|accountant|plumber|electrician|builder|labou?rer|"
    r"contractor|inspector|assessor|adjuster|handler|clerk|cashier|waiter|waitress|bartender|"
    r"housekeeper|nanny|tutor|lecturer|professor|principal|headteacher|pastor|priest|imam|"
    r"rabbi|neighbours|colleague|associate|assistant|intern|recruiter|consultant"
)
_PERSON_NOUN_WORD = re.compile(rf"(?:{_PERSON_NOUNS})")
_NAME_TOKEN = r"[A-Z\u00c0-\u00de][^\W\d_]+(?:[\-'\u2019][A-Z\u00c0-\u00de]?[^\W\d_]+)*"
# A name with an age in brackets: "Children: Elis (6), Mali (3)", "Jordan (29) arrived late",
# "Dependants: Sofia (4) and Rory (18 months)" (the name a given name, a surname, a place or no
# common word: not "Comments (3)", "Tel (01) 840 2217")
_NAME_BRACKET_AGE = _PRESCAN.compile(
    rf"(?<![\w\-'.])(?P<ent>{_NAME_TOKEN}(?:[ \t]{_NAME_TOKEN})?)[ \t]*"
    r"\((?:[1-9][0-9]?)(?:[ \t]*(?:months?|mths?|yrs?|years?|y/o|y))?\)"
)
# A mail header's display name before its address: "From: Ioana-Cristina Mureșan
# <studio@muresandesign.ro>" (a known given name first: not "Talent Ops", "Oakridge Outdoor")
_MAIL_HEADER_NAME = _PRESCAN.compile(
    rf"(?m)^[ \t>]*(?:From|To|Cc|CC|Sender|Reply-To|Von|An|De|Para)[ \t]*:[ \t]*[\"']?"
    rf"(?P<ent>{_NAME_TOKEN}(?:[ \t]{_NAME_TOKEN}){{0,3}})[\"']?[ \t]*<[^>\n@]+@"
)
# A name in its own script in brackets after the Latin one: "Oleksandr Kovalchuk (Олександр
# Ковальчук)", "Zainab Kadhim Jasim (زينب كاظم جاسم)", "Bhim Bahadur Gurung (भीम बहादुर गुरुङ)"
_SCRIPT_CHARS = (
    "\u0370-\u03ff\u0400-\u04ff\u0530-\u058f\u0590-\u05ff\u0600-\u06ff\u0900-\u097f"
    "\u0980-\u09ff\u0b80-\u0bff\u0d00-\u0d7f\u0e00-\u0e7f\u10a0-\u10ff\u1200-\u137f"
    "\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af"
)  # Greek, Cyrillic, Armenian, Hebrew, Arabic, Devanagari, Bengali, Tamil, Malayalam, Thai,
# Georgian, Ethiopic, kana, Han, Hangul
_NATIVE_SCRIPT_NAME = _PRESCAN.compile(
    rf"(?P<latin>{_NAME_TOKEN}(?:[ \t]{_NAME_TOKEN}){{1,3}})[ \t]*\("
    rf"(?P<ent>[{_SCRIPT_CHARS}][{_SCRIPT_CHARS}\u0300-\u036f\u064b-\u065f\u0900-\u097f]*"
    rf"(?:[ \t][{_SCRIPT_CHARS}][{_SCRIPT_CHARS}\u0300-\u036f\u064b-\u065f]*){{0,4}})"
    r"(?:\)|,[ \t])"  # "Han Sung-ho (한성호, chair)"
)
# Han and Hangul: a name in Chinese, Japanese or Korean characters
_CJK = "\u3005\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
# ... written without brackets after the romanised name: "real name Chan Kwok Wah 陳國華"
_CJK_AFTER_NAME = re.compile(
    rf"{_NAME_TOKEN}(?:[ \t]{_NAME_TOKEN}){{1,3}}[ \t]+(?P<ent>[{_CJK}]{{2,4}})(?![{_CJK}])"
)
# ... as the value of a person's field: "氏名 Name: 佐藤 健一 (SATO Kenichi)", "Witness: 木下 大輔",
# "Signature: 佐藤健一"; the romanised name in brackets after it is the same person
_CJK_FIELD = re.compile(
    r"(?i:(?<![\w'\u2019])(?:" + _FIELD_LABELS + r"|officer)[ \t]*[:\uff1a][ \t]*"
    # the same fields in Korean, Japanese and Chinese: name, person in charge, approver,
    # applicant, owner, debtor
    r"|(?<![\w])(?:성명|이름|담당자|승인|작성자|신청인|신고인|보고자|氏名|名前|担当者?|所有者|債務者|"
    r"申請人|申請者|申立人|報告者|作成者|記入者|姓名|联系人|聯絡人|申请人|报告人|報告人|负责人|負責人|"
    r"承辦人|承办人|名義|営業者|代表者|責任者|届出人|"
    # inventors, examiners and agents of a patent, inspectors and the officer in charge
    r"发明人|發明人|设计人|設計人|审查员|審查員|检查员|檢查員|점검자|조사자|확인자|담당|"
    # residents and guardians of a care home, patients, defendants, a hotel's clerk, the
    # author and the checker of a care record: "입소자: 박순자", "被告人\u3000森田 健吾",
    # "登记人 Clerk: 王欣怡", "기록: 요양보호사 최미영"
    r"입소자|보호자|환자|기록|확인|被告人|原告|患者|登记人|登記人|经办人|經辦人)"
    r"(?:[ \t]*\([^()\n]{1,20}\)|[ \t]+[A-Z][a-z]{2,12})?"
    r"(?:[ \t]*[:\uff1a][ \t]*|\u3000+))"
    # an office held may stand before the name: "担当：食品衛生監視員 山口 亜希子"
    r"(?:[\u4e00-\u9fff]{1,8}[員官師長士][ \t\u3000])?"
    rf"(?P<ent>[{_CJK}]{{1,4}}(?:[ \t\u3000][{_CJK}]{{1,4}})?(?![{_CJK}])"
    # a name in katakana, its parts apart: "名義\u3000グエン ヴァン ホアン"
    r"|[\u30a1-\u30fa\u30fc]{2,8}(?:[ \u3000\u30fb][\u30a1-\u30fa\u30fc]{2,8}){0,3}"
    r"(?![\u30a1-\u30fa\u30fc]))"
    r"(?:[ \t]*\((?P<latin>[A-Z]{2,}[ \t][A-Z](?:[a-z]+|[A-Z]+)"
    r"(?:[ \-][A-Z]?(?:[a-z]+|[A-Z]+))?)\))?"
)
# ... the next names of a list in such a field: "发明人：周思远、林雨桐、欧阳建华"
_CJK_LIST_NEXT = re.compile(rf"[\u3001\uff0c,][ \t]*(?P<ent>[{_CJK}]{{2,4}})(?![{_CJK}])")
# a speaker in Hangul or Han after a chat's time stamp: "22:03 민준: 지난주 ..."
_CJK_CHAT_SPEAKER = re.compile(
    r"(?m)^[ \t]*(?:\[[^\]\n]{4,25}\][ \t]*|[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?[ \t]+)"
    r"(?P<ent>[\uac00-\ud7a3]{2,4}|[\u4e00-\u9fff]{2,4})[ \t]*:[ \t]"
)
# ... and in the other scripts that write names with spaces: "Bridegroom: محمد عمران اسلم /
# Muhammad Imran Aslam", "Witness: נועה רוזנפלד", "Name: ਹਰਪ੍ਰੀਤ ਸਿੰਘ ਗਿੱਲ" (Arabic, Hebrew,
# Devanagari, Gurmukhi, Bengali, Tamil, Ethiopic)
_OTHER_SCRIPT_WORD = (
    rf"(?:{AR_FIELD_WORD}"
    r"|[\u05d0-\u05ea][\u05d0-\u05ea'\u05f3\u05f4\-]*"
    r"|[\u0905-\u0939][\u0900-\u0963\u0966-\u097f]*|[\u0a05-\u0a39][\u0a00-\u0a7f]*"
    r"|[\u0985-\u09b9][\u0980-\u09ff]*|[\u0b85-\u0bb9][\u0b80-\u0bff]*"
    rf"|{ETH_WORD})"
)
_SCRIPT_FIELD = re.compile(
    r"(?i:(?<![\w'\u2019])(?:" + _FIELD_LABELS + r"|bride|bridegroom|groom|officiant|celebrant|"
    r"(?:nikah[ \t]+)?performed[ \t]+by|exported[ \t]+by|registered[ \t]+by"
    # the same fields in Arabic: patient, name, doctor ("المريض: عبدالله فهد القحطاني")
    r"|\u0627\u0644\u0645\u0631\u064a\u0636\u0629?|\u0627\u0644\u0627\u0633\u0645"
    r"|\u0627\u0633\u0645[ \t]\u0627\u0644\u0645\u0631\u064a\u0636\u0629?"
    r"|\u0627\u0644\u0637\u0628\u064a\u0628\u0629?)[ \t]*:[ \t]*)"
    # (a doctor's title before the name: "الطبيب: د. نورة سالم العتيبي")
    r"(?:\u062f\.[ \t]?)?"
    rf"(?P<ent>{_OTHER_SCRIPT_WORD}(?:[ \t]{_OTHER_SCRIPT_WORD}){{0,3}})"
    r"(?=[ \t]*(?:[/(,;|\u060c\u0964]|\r?\n|\Z))"
)
# ... after the same name in Latin letters: "Name / नाम: Snehal Prakash Deshmukh / स्नेहल प्रकाश
# देशमुख"
_SCRIPT_PARALLEL = re.compile(
    r"(?i:(?<![\w'\u2019])(?:" + _FIELD_LABELS + r")(?:[ \t]*/[ \t]*[^\s:/]{1,12})?[ \t]*:[ \t]*)"
    rf"{_NAME_TOKEN}(?:[ \t]{_NAME_TOKEN}){{1,3}}[ \t]*/[ \t]*"
    rf"(?P<ent>{_OTHER_SCRIPT_WORD}(?:[ \t]{_OTHER_SCRIPT_WORD}){{0,3}})"
    r"(?=[ \t]*(?:[/(,;|\u060c\u0964]|\r?\n|\Z))"
)
_ANY_OTHER_SCRIPT = re.compile(
    "[\u0590-\u05ff\u0600-\u06ff\u0900-\u097f\u0a00-\u0a7f\u0980-\u09ff\u0b80-\u0bff\u1200-\u137f]"
)
# a speaker of a chat written in Arabic, Hebrew or Devanagari, at the start of a line: "عبدالله:
# عندي كحة"; kept only when the same speaker opens two lines or more (a field label opens one)
_SCRIPT_CHAT_SPEAKER = re.compile(
    r"(?m)^[ \t]*(?:\u062f\.[ \t]?)?"
    rf"(?P<ent>{_OTHER_SCRIPT_WORD}(?:[ \t]{_OTHER_SCRIPT_WORD})?)[ \t]*:[ \t]+\S"
)
# titles written after a Korean, Japanese or Chinese name
_CJK_TITLES = frozenset(
    "대리 과장 차장 부장 팀장 대표 사원 주임 준법감시인 교수 선생님 씨 님 課長 部長 係長 社長 "
    "主任 先生 様 さん 經理 经理 主任 老師 老师".split()
)
_APPOSITIVE_BEFORE = re.compile(
    r"(?i:\b(?:a|an|the|one|another|our|their|his|her|my|your|its|this|that)[ \t]+|"
    r"[A-Za-z]['\u2019]s[ \t]+)(?P<np>(?:[A-Za-z\-]+[ \t]+){0,2}[A-Za-z\-]+)"
    r"(?:[ \t]+\((?:[^()\n]{1,30})\))?\Z"
)
_APPOSITIVE_AFTER = re.compile(
    rf",[ \t]+(?:{_TITLE_RX}[ \t]+)?(?P<ent>{_NAME_TOKEN}(?:[ \t]{_NAME_TOKEN}){{0,2}})"
    r"(?=[ \t]*[,(]|[ \t]+(?:who|whose|was|is|had|has|said|says|told|asked|offered|dropped|"
    r"phoned|called|rang|wrote|took|came|went|left|joined|agreed|confirmed|reported|stated|"
    r"arrived|died|moved|aged|weighing|born|of|from)\b)"
)
# where an apposition can start: a comma before a capital
_COMMA_CAP = re.compile(r",[ \t]+(?=[A-Z\u00c0-\u00de])")
# A police rank and collar number before the name: "PC 4471 HOLLIS", "Sgt 1187 Okafor"
_RANK_NUMBER_NAME = _PRESCAN.compile(
    r"(?<![\w])(?:PC|DC|PS|DS|DI|Sgt|SGT|Cpl|CPL|Const|CONST|PCSO|Insp|INSP)\.?[ \t]+"
    r"[0-9]{3,5}[ \t]+(?P<ent>[A-Z][A-Za-z'\u2019\-]+(?:[ \t][A-Z][A-Za-z'\u2019\-]+)?)"
)
# A person anonymised to an initial after a title, as ombudsmen and courts write: "Mr B
# complains that ...", "his son, Mr J B,", "Mrs D's complaint" (not "Mr J. Smith": a dot or a
# word after the letter makes it a longer name, found by the other rules)
_TITLE_INITIAL = _PRESCAN.compile(
    r"(?<![\w.])(?:Mr|Mrs|Ms|Miss|Mx|Dr|Mr\.|Mrs\.|Ms\.|Dr\.)[ \t]+"
    r"(?P<ent>[A-Z](?:[ \t][A-Z]){0,2})(?![\w.\-]|[ \t]+[A-Z][\w\u2019'\-])"
)
# Initials that sign an entry of a care, vet or ticket log: "23/03/25 07:30 (nights, SC)",
# "15.02.25 JK - Vomiting x5", "Analyst note (RB):", "... to be called for check. - KS"
_NOTE_INITIALS = _PRESCAN.compile(
    r"(?m)^[ \t]*\d{1,2}[./\-]\d{1,2}[./\-]\d{2,4}(?:,?[ \t]+\d{1,2}:\d{2})?[ \t]+"
    r"(?:\((?:[a-z]+,[ \t]*)?(?P<a>[A-Z]{2,3})\)|(?P<b>[A-Z]{2,3})(?:[ \t]+[-\u2013]|[ \t]*:))"
    # "Note (KL)", "Notes from supporter care (MJ, 02/12/2024):"
    r"|(?i:note|notes|comment|entry)(?:[ \t]+[a-z]+){0,3}[ \t]*\((?P<c>[A-Z]{2,3})"
    r"(?:,[ \t]*[^()\n]{1,24})?\)"
    r"|[.!][ \t]+[-\u2013][ \t]*(?P<d>[A-Z]{2,3})[ \t]*$"
    # a dated entry signed on its own line: "03/10/2024  SK", "17/10/2024  SK / AD",
    # "20/01/2025  AD (phone)", "14/01/2025 16:30 \u2013 JRW / KL (RVN)", "09:00 \u2013 Sofia B."
    r"|^[ \t]*\d{1,2}[./\-]\d{1,2}[./\-]\d{2,4}(?:,?[ \t]+\d{1,2}:\d{2})?[ \t]+"
    r"(?:[-\u2013][ \t]+)?"
    r"(?:(?P<e>[A-Z]{2,3})|(?P<g>[A-Z][a-z]{2,15}[ \t][A-Z]\.))"
    r"(?:[ \t]*/[ \t]*(?P<f>[A-Z]{2,3}))?(?:[ \t]+\((?:[a-z][a-z \-]{0,19}|[A-Z]{2,4})\))?"
    r"[ \t]*$"
)
# minutes' action items: "Actions: DF \u2013 reserves transfer. \u00c1NB \u2013 trustee
# recruitment.", "Action: OK to inform the student"
_ACTION_LINE = re.compile(r"(?m)^[ \t]*(?i:actions?)[ \t]*:[^\n]*")
_ACTION_INITIALS = re.compile(
    r"(?:(?<=:)|(?<=[.;])|(?<=^))[ \t]*(?P<ent>[A-Z\u00c0-\u00de]{2,3})"
    r"(?:[ \t]+[-\u2013][ \t]+[a-z]|[ \t]+to[ \t]+[a-z]+[ \t])"
)
_NOT_ACTION_INITIALS = frozenset("ALL TBC TBD NA AOB".split())
# The initials of the person who did a check: "Checked by RS (ACT), clinically screened by HK",
# "subscribers checked against register by KH (Electoral Services Officer)"
_BY_INITIALS = _PRESCAN.compile(
    r"(?<![\w])(?i:checked|screened|signed|approved|witnessed|dispensed|verified|countersigned|"
    r"authori[sz]ed|initialled|reviewed|entered|completed|recorded|assessed|prepared|logged|"
    r"inspected|supervised|triaged)(?:[ \t]+[a-z]+){0,3}[ \t]+by[ \t]+(?P<ent>[A-Z]{2,3})"
    r"(?=[ \t]*[(,.;)]|[ \t]*$|[ \t]+(?:on|at|and)\b)",
    re.MULTILINE,
)
# Organisations that check things, and grades, written in two or three capitals
_NOT_BY_INITIALS = frozenset(
    "DHL DPD UPS TNT IRS HSE ATO DWP CRA QA QC IT HR PM HO CPS FCO MOD MOJ DOH DOJ FBI ICO FCA "
    "CQC GMC NMC SRA UN EU".split()
)
# A member's join, leave or removal in a chat export: "11/03/2025, 08:18 - Mo removed +44 ...",
# "— Kerry-Ann joined the chat —"
_CHAT_EVENT = _PRESCAN.compile(
    r"(?m)^[ \t]*(?:\d{1,4}[/.\-]\d{1,2}[/.\-]\d{1,4},?[ \t]\d{1,2}:\d{2}(?:[ \t]?[AaPp][Mm])?"
    r"[ \t]*[-\u2013][ \t]*|[\u2014\u2013][ \t]*)"
    r"(?P<ent>[A-Z\u00c0-\u024f][^\W\d_]+(?:-[A-Z\u00c0-\u024f][^\W\d_]+)?"
    r"(?:[ \t][A-Z\u00c0-\u024f][^\W\d_]+){0,2})"
    r"[ \t]+(?:added|removed|left|joined|changed[ \t]+(?:the|this|their)|created[ \t]+group|"
    r"has[ \t]+(?:left|joined)|was[ \t]+removed)\b"
)
_NOT_NOTE_INITIALS = frozenset(
    "NHS GP BP HR IT UK US EU PM AM ID OK NA TBC TBD UTC GMT BST ETA FYI RE FW CC PS NB AOB "
    "CEO CFO CTO COO ICU ITU HDU NAD OT PT ED AE RN DN HCA FTA DNA WNB NFA CXL".split()
)
# A lower-case speaker after a chat export's time stamp: "03/08/2024, 07:20 - tolu: thanks"
# (accents, an apostrophe, a dot and a closing initial too: "aoife o'sullivan", "tomás b",
# "wei.jie")
_LOWER_SPEAKER_NAME = (
    r"(?P<ent>[a-z\u00e0-\u024f][a-z\u00e0-\u024f\-'\u2019]{1,20}(?:\.[a-z\u00e0-\u024f]{2,20})?"
    r"(?:[ \t][a-z\u00e0-\u024f](?:[a-z\u00e0-\u024f\-'\u2019]{1,20})?)?)"
)
_STAMPED_LOWER_SPEAKER = re.compile(
    rf"(?m)^[ \t]*(?:{_CHAT_STAMP}){_LOWER_SPEAKER_NAME}[ \t]*:[ \t]"
)
# ... and after a bare time ("09:12 wei.jie: morning"), where the same speaker must come back
_TIMED_LOWER_SPEAKER = _PRESCAN.compile(
    rf"(?m)^[ \t]*\d{{1,2}}:\d{{2}}(?::\d{{2}})?[ \t]+{_LOWER_SPEAKER_NAME}[ \t]*:[ \t]"
)
# ... and before the time ("jenna.k 09:12: morning", "dan wu 09:20 - ok"), where the same
# speaker must come back too
_SPEAKER_THEN_TIME = _PRESCAN.compile(
    r"(?m)^[ \t]*(?P<ent>[^\W\d_][\w.\-'\u2019]{0,24}[^\W_.]"
    r"(?:[ \t][^\W\d_][\w.\-'\u2019]{0,20}[^\W_.])?)"
    r"[ \t]+\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp]\.?[Mm]\.?)?[ \t]*[:\-\u2013][ \t]"
)
# A profile or list line opening with a name and an age: "Femi, 32 \u00b7 Peckham"
_NAME_AGE_LINE = _PRESCAN.compile(
    rf"(?m)^[ \t]*(?P<ent>{_NAME_TOKEN}(?:[ \t]{_NAME_TOKEN})?),[ \t]+[0-9]{{1,2}}[ \t]*"
    r"(?:[\u00b7\u2022|,\-\u2013]|$)"
)
# A nickname in brackets after a name: 'Kofi Badu ("KB")', 'Wilfred Hargreaves (prefers
# "Will")', "KIM Min-jun (preferred: Min)"
_BRACKET_NICKNAME = _PRESCAN.compile(
    r"(?<=[A-Za-z\u00c0-\u024f])[ \t]*\((?:(?:prefers|preferred(?:[ \t]+name)?|known[ \t]+as|aka|"
    r"a\.k\.a\.)[ \t]*:?[ \t]*[\"\u201c'\u2018]?|[\"\u201c'\u2018])"
    r"(?P<ent>[A-Z][^\W\d_]*(?:[ \t\-][A-Z][^\W\d_]*)?)[\"\u201d'\u2019]?\)"
)
# A name, then what the person is: "Dami, a petroleum engineer, works", "Ms Reyes, the
# tenant, said"
_NAME_THEN_NOUN = _PRESCAN.compile(
    rf"(?<![\w\-])(?P<ent>{_NAME_TOKEN}(?:[ \t]{_NAME_TOKEN}){{0,2}}),[ \t]+(?:a|an|the|our|"
    r"their|his|her)[ \t]+(?P<np>(?:[a-z\-]+[ \t]+){0,2}[a-z\-]+)(?=[ \t]*[,;.)]|[ \t]+(?:at|of|"
    r"for|with|from|in|who)\b)"
)
# ... and without the article, after a full name: "Grace Oduya, trial manager (20% FTE)",
# "Precious Moyo, senior carer: slept"
_FULL_NAME_THEN_NOUN = _PRESCAN.compile(
    rf"(?m)(?<![\w\-])(?P<ent>{_NAME_TOKEN}[ \t]{_NAME_TOKEN}(?:[ \t]{_NAME_TOKEN})?),[ \t]+"
    r"(?P<np>(?:[a-z\-]+[ \t]+){0,2}[a-z\-]+)(?=[ \t]*[,;.:(]|[ \t]*$)"
)
_CLAUSE_OPENERS = frozenset(
    "where when while whose who whom which that and or but nor so then as with without by "
    "their its his her our my your the a an this these those some any each every all both "
    "no not now also".split()
)
# Indian and Pakistani kinship in forms and judgments: "S/O BASAVARAJU", "d/o Late Ramesh"
_KIN_OF = _PRESCAN.compile(
    r"(?<![\w/])(?:[SDW]/[Oo]|[sdw]/o)\.?[ \t]+(?:(?:Late|LATE|late|Sri|SRI|Shri|SHRI|Smt|SMT)"
    r"\.?[ \t]+)?(?P<ent>[A-Z][^\W\d_]+(?:[ \t][A-Z][^\W\d_]*\.?){0,3})"
)
# "an account in the name of Lim Boon Heng", "registered in the name of Mrs Adeyemi"
_IN_THE_NAME_OF = _PRESCAN.compile(
    rf"(?i:\bin[ \t]+the[ \t]+names?[ \t]+of)[ \t]+[\"'\u201c\u2018]?(?:{_TITLE_RX}[ \t]+)?"
    # an initial first too, as a bank writes an account name: 'in the name of "R INCE"'
    rf"(?P<ent>(?:[A-Z]\.?[ \t])?{_NAME_TOKEN}(?:[ \t]{_NAME_TOKEN}){{0,3}})"
)
# A maiden name in brackets: "Abena Mensah (née Owusu)", "(born Kowalska)"
_NEE = _PRESCAN.compile(
    rf"\((?:n[\u00e9e]e|born|geb\.|geborene)[ \t]+(?P<ent>{_NAME_TOKEN}(?:[ \t]{_NAME_TOKEN})?)\)"
)
# The person of a will or an estate: "ESTATE OF AROHA NGAIRE WALKER (deceased)", "the LAST
# WILL AND TESTAMENT of me WINSTON DELROY CAMPBELL of ...", "SIGNED by the said Ruth Ames"
_ESTATE_OF = _PRESCAN.compile(
    r"(?:\bESTATE[ \t]+OF|\b[Ee]state[ \t]+of(?:[ \t]+the[ \t]+late)?|TESTAMENT[ \t]+of[ \t]+me"
    r"|\b(?:by|of|to)[ \t]+the[ \t]+said|\bthe[ \t]+late)[ \t]+"
    rf"(?:{_TITLE_RX}[ \t]+)?(?P<ent>{_NAME_TOKEN}(?:[ \t]{_NAME_TOKEN}){{1,3}})"
)
# A party of a judgment, in capitals on its own line, then its role on the same line or below:
# "THANDIWE PRECIOUS MOLEFE        Applicant", "MD RAFIQUL ISLAM\n(ANONYMITY ORDER NOT MADE)\n
# Appellant"
# "Between MAS (anonymity direction made), Appellant": an anonymised party named inline
_PARTY_INLINE = _PRESCAN.compile(
    r"\b(?:Between|BETWEEN|between)[ \t]+(?P<ent>[A-Z]{2,4})[ \t]*(?:\([^()\n]{1,60}\))?"
    r"[ \t]*,[ \t]*(?=(?:Appellant|Applicant|Claimant|Petitioner)s?\b)"
)
_PARTY_LINE = _PRESCAN.compile(
    r"(?m)^[ \t]*(?P<ent>[A-Z][A-Z'\-]+(?:[ \t][A-Z][A-Z'\-.]*){1,4})[ \t]*"
    # columns of spaces, or of dots or colons as East African and Nigerian cause titles draw
    # them ("NAKATO ROSE KIGGUNDU ::::::::: PLAINTIFF")
    r"(?:[ \t]{2,}|[ \t]*[.:\u2026]{3,}[ \t]*|\n(?:[ \t]*\([^()\n]{1,60}\)[ \t]*\n)?[ \t]*)"
    r"(?:(?:\d(?:ST|ND|RD|TH|st|nd|rd|th)[ \t]+)?)"
    r"(?:Applicants?|Appellants?|Respondents?|Petitioners?|Plaintiffs?|Defendants?|Claimants?|"
    r"Accused|APPLICANTS?|APPELLANTS?|RESPONDENTS?|PETITIONERS?|PLAINTIFFS?|DEFENDANTS?|"
    r"CLAIMANTS?|ACCUSED)\b"
)
# A family notice headed by surnames in capitals: "OKAFOR - To Chidi and Hannah", "BATESON -
# FIRTH. Gordon and Shirley", "ANSARI Dr Khalid. Peacefully", "SMITH John Edward, aged 84"
_CAPS_SURNAME = r"(?:Ma?c|O')?[A-Z\u00c0-\u00de]{2}[A-Z\u00c0-\u00de'\-]+"
_NOTICE_SURNAMES = re.compile(
    rf"(?m)^[ \t]*(?P<a>{_CAPS_SURNAME})(?:"
    rf"[ \t]+[-\u2013\u2014][ \t]+(?:(?P<b>{_CAPS_SURNAME})(?=[ \t]*[.,\n])|(?=To\b|n[\u00e9e]e\b))"
    r"|(?=[ \t]+(?:Dr|Mr|Mrs|Ms|Miss|Prof|Rev|Revd)\.?[ \t]+[A-Z][a-z])|(?=\.[ \t]+To\b)"
    r"|[ \t]+(?P<given>[A-Z][a-z\u00e0-\u024f]+)(?=(?:[ \t][A-Z][a-z\u00e0-\u024f]+)?"
    r"(?:[.,][ \t]|[ \t]+\(|[ \t]+[0-9]{4}\b)))"
)
# Names listed after a plural word for relatives: "her children Marcia (Toronto), Delroy and
# Paulette", "eleven grandchildren, including Shanique, Andre and Kemar"
_RELATIVE_WORDS = (
    "children", "sons", "daughters", "grandchildren", "grandsons", "granddaughters",
    "siblings", "brothers", "sisters", "nephews", "nieces", "cousins", "twins", "kids",
)  # fmt: skip
_RELATIVES_LIST = _PRESCAN.compile(
    r"(?i:\b(?:great-grandchildren|" + "|".join(_RELATIVE_WORDS) + r"))"
    r"(?:,?[ \t]+(?i:including|namely|called|named))?,?[ \t]+"
    rf"(?P<list>{_NAME_TOKEN}(?:[ \t]*\([^()\n]{{1,40}}\))?"
    rf"(?:(?:,[ \t]+|,?[ \t]+and[ \t]+){_NAME_TOKEN}(?:[ \t]*\([^()\n]{{1,40}}\))?)+)"
)
_LIST_NAME = re.compile(rf"(?<![(\w])({_NAME_TOKEN})(?![^()\n]*\))")
# The family of a death notice or a biography: "Much loved mother of Costas and Maria",
# "father of Tunde, Bisola and Femi", "widow of the late Arthur Pryce": every name of the list
_KIN_WORDS = (
    "mother father grandmother grandfather great-grandmother great-grandfather grandma "
    "grandad granddad grandpa nana husband wife widow widower son daughter brother sister "
    "aunt auntie uncle nephew niece cousin partner stepmother stepfather stepson stepdaughter "
    "fianc\u00e9e fianc\u00e9 mum dad"
).split()
_KIN_ITEM = (
    rf"(?:(?i:the[ \t]+late)[ \t]+)?(?:{_TITLE_RX}[ \t]+)?"
    rf"(?P<name>{_NAME_TOKEN}(?:[ \t]+{_NAME_TOKEN}){{0,2}})"
)
_KIN_LIST = _PRESCAN.compile(
    r"(?i:\b(?:"
    + "|".join(_KIN_WORDS)
    + r")(?:-in-law)?[ \t]+of)[ \t]+"
    + rf"(?P<list>{_KIN_ITEM}(?:(?:,[ \t]+|,?[ \t]+(?:and|&)[ \t]+)"
    + _KIN_ITEM.replace("?P<name>", "?:")
    + r")*)"
)
# ... in other languages: "syn Józefa i Marianny" (Polish, the genitive), "hijo de Pedro y
# María", "figlia di Luigi", "fils de Jean et Marie", "viuda de Fernández" (with the
# preposition: "a filha Maria José" is an apposition; German is left out, its nouns are
# capitalised: "die Tochter des Betroffenen")
_KIN_LIST_FOREIGN = _PRESCAN.compile(
    r"(?i:\b(?:(?:syn|c\u00f3rka|wdowa)|(?:hijo|hija|figlio|figlia|filho|filha|fils|fille|"
    r"viuda|vedova|veuve)[ \t]+(?:de|di|du|del|da|do)))[ \t]+"
    + rf"(?P<list>{_KIN_ITEM}(?:(?:,[ \t]+|,?[ \t]+(?i:i|y|e|et|und|and|&)[ \t]+)"
    + _KIN_ITEM.replace("?P<name>", "?:")
    + r")*)"
)
_KIN_ITEM_RX = re.compile(_KIN_ITEM)
_LOWER_WORD = re.compile(
    r"(?<![\w@./\-'\u2019])([a-z\u00df-\u00ff][a-z\u00df-\u00ff\-]{2,20})(?![\w@\-]|\.\w)"
)
#: A lower-case known name counts as a name in chat register only when, as an English word, it
#: is rarer than this (wordfreq's Zipf scale: 3.5 is about 3 per million words), so that
#: "pinto" or "rowe" may be taken but "grace", "rose" or "will" (also on the lists of names
#: that are words) never are.
_LOWER_NAME_MAX_ZIPF = 3.5


@lru_cache(maxsize=100_000)
@lru_cache(maxsize=1)
def _nationality_words() -> frozenset[str]:
    """One-word nationalities of the gazetteer ("German", "Kenyan")."""
    gaz = load_gazetteer(None)
    return frozenset(
        p for ps in gaz.phrases.values() for p, t, _ in ps if t == "NATIONALITY" and " " not in p
    )


def _rare_as_word(word: str, limit: float | None = None) -> bool:
    from wordfreq import zipf_frequency

    return zipf_frequency(word, "en") < (_LOWER_NAME_MAX_ZIPF if limit is None else limit)


# "Angelica Dela Cruz  10:32 PM", "Busisiwe M. · 11 March 2024": a capitalised speaker alone on
# a stamped line of a chat or review export
_STAMPED_SPEAKER = _PRESCAN.compile(
    STAMP_LINE_START
    + r"(?P<ent>[A-Z\u00c0-\u024f][^\W\d_]+(?:[ \t][A-Z\u00c0-\u024f][^\W\d_]*\.?){0,3})"
    + r"(?:[ \t]{2,}|\t|[ \t]+[\u00b7\u2022|][ \t]+)"  # not a dash: "DAILY COURT LIST – 21/05"
    + STAMP_LINE_END
)
_SPEAKER_ROLES = frozenset(
    "Customer Visitor Agent Caller Support Operator Advisor Adviser User Bot System Admin Host "
    "Moderator Note Notes Re Subject From To Cc Date Time Tel Phone Mobile Email Fax Address "
    "Name Question Answer Q A Update Edit Warning Error Info Step Steps Action Result Summary "
    "Re Fwd Sent Received Status Priority Category Ticket Order Reference Policy Patient "
    "Doctor Nurse Witness Applicant Respondent Tenant Landlord Chair Minutes Present Apologies "
    "Attendance Teacher Principal Position Role Department Location Start End Total "
    # the same sides in the languages of the chats ("[20:41] Cliente: quiero ...", "Virtual
    # Assistant:")
    "Cliente Usuario Usuaria Agente Asesor Asesora Atendente Kunde Kundin Utilisateur "
    "Conseiller Conseill\u00e8re Virtual Assistant Chatbot Bot "
    # ... and in Greek and Cyrillic ("14:02 Σύστημα: Καλώς ήρθατε")
    "\u03a3\u03cd\u03c3\u03c4\u03b7\u03bc\u03b1 \u03a0\u03b5\u03bb\u03ac\u03c4\u03b7\u03c2 "
    "\u0421\u0438\u0441\u0442\u0435\u043c\u0430 \u041e\u043f\u0435\u0440\u0430\u0442\u043e\u0440 "
    "\u041a\u043b\u0438\u0435\u043d\u0442 \u0411\u043e\u0442 "
    "Диспечер Диспетчер".split()
)
# A name heading a CV or a letter: the first line, followed shortly by contact details.
_HEADING_NAME = re.compile(
    r"\A[ \t\n]*(?P<ent>[A-Z\u00c0-\u024f][^\W\d_]*(?:[-'\u2019][^\W\d_]+)*"
    r"(?:[ \t][A-Z\u00c0-\u024f][^\W\d_]*(?:[-'\u2019][^\W\d_]+)*){1,3})[ \t]*\n"
    r"(?=[^\n]{0,200}(?:@|\+?\d[\d ()\-]{7,}|\b(?:Street|Road|Avenue|Lane|Calle|Rua|Via)\b))"
)
# Chukwudi "Small" Nnamdi, Paddy "the Post" Hourigan: a quoted nickname inside a name
_QUOTED_MIDDLE = _PRESCAN.compile(
    r"(?<![\w])(?P<ent>[A-Z][^\W\d_]+[ \t][\"\u201c\u2018'][^\"\u201d\u2019'\n]{1,20}"
    r"[\"\u201d\u2019'][ \t](?:[A-Z]['\u2019])?[A-Z][^\W\d_]+(?:-[A-Z][^\W\d_]+)?)"
)
# "Morag is phoning", "Raju called from", "Kobayashi will meet you": an unknown capitalized word
# doing what people do.
_HUMAN_VERB = _PRESCAN.compile(
    r"(?<![\w\-])(?P<ent>[A-Z][a-z\u00e0-\u024f]+(?:[ \t][A-Z][a-z\u00e0-\u024f]+)?)"
    r"(?:'s)?[ \t]+(?:said|says|told|asked|called|phoned|rang|texted|emailed|wrote|replied|"
    r"thanked|reported|confirmed|explained|agreed|stated|insisted|complained|admitted|denied|"
    r"is phoning|is calling|is coming|was born|will call|will meet|will confirm|will pick|"
    r"has trained|has worked|has been|thinks|wants|knows|(?P<weak>moved|visited|arrived|joined|"
    r"studied|lives|lived|married|died|graduated|drove|attended|resigned|retired|cleaned|dressed|"
    r"helped|came|went|smiled|laughed|cried|shouted|noticed|saw|heard|felt|remembered|decided|"
    r"promised|apologi[sz]ed|signed))\b"
)  # after a "weak" verb, which things and crowds do too ("Officers arrived"), a word common in
# English is not taken
_NICKNAME = _PRESCAN.compile(
    r"(?i:(?:known|knew(?: him| her)?)(?: only| locally| widely| mostly| to (?:all|everyone)|"
    r"(?: at| in| on| to| around) (?:the |his |her |their )?[a-z]+)?"
    r" as|called|nicknamed|goes by|a\.k\.a\.?|aka|o/c|his mate|her mate|my mate|"
    # the same in other languages: "detto «Volpino»", "alias «el Flaco»", "dit « Bébert »"
    r"detto|detta|alias|apodad[oa]|conocid[oa] como|llamad[oa]|dit|dite|surnomm\u00e9e?|vulgo|"
    r"conhecid[oa] como|genannt|zwan[ya]|bijgenaamd)"
    r"[ \t]+[\"'\u201c\u2018\u00ab\u201e\u2039][ \t]?"
    r"(?P<ent>[A-Z][^\W\d_]+(?:[ \t][A-Z][^\W\d_]+)?)[ \t]?[\"'\u201d\u2019\u00bb\u203a]"
)
_NEE = _PRESCAN.compile(
    rf"\b(?:née|nee|geb\.|born)[ \t]+(?P<ent>[A-Z][^\W\d_]+(?:-{_W}[^\W\d_]*)?)\)?"
)
# A capitalised name right after a relation or a naming phrase: "my partner Dale", "her son
# Jayden Okafor", "our staff member Kobayashi", "his surname is Doyle-Carter", "known as Mikey"
_RELATION_NAME = _PRESCAN.compile(
    r"(?i:\b(?:(?:my|his|her|our|their|your)[ \t]+(?:late[ \t]+|ex-?|former[ \t]+)?(?:partner|"
    r"husband|wife|son|daughter|brother|sister|friend|cousin|boss|supervisor|manager|colleague|"
    r"neighbou?r|mum|mom|dad|mother|father|uncle|aunt|auntie|nephew|niece|grandson|"
    r"granddaughter|grandmother|grandfather|gran|granny|nan|fianc[eé]e?|boyfriend|girlfriend|"
    r"carer|landlord|landlady|tenant|lodger|flatmate|roommate|stepson|stepdaughter|child|kid|"
    r"baby|twin|line manager|team leader|case worker|social worker)|"
    r"staff member|team member|member of staff|(?:sur|first |given |family )?name is|named|"
    r"known as|nicknamed|the late)[ \t]+)"
    r"(?P<ent>[A-Z][^\W\d_]+(?:[\-'\u2019][A-Z]?[^\W\d_]+)*(?:[ \t][A-Z][^\W\d_]+"
    r"(?:-[A-Z][^\W\d_]+)?)?)"
)
# A name right after a bare kinship word in lists of family members ("wife Farzana (31)",
# "sister Bríd", "daughters-in-law Mags and Chen Li", "great-grandchild Fiadh") or after "a
# lady called" / "gave her name as". Taken only when the word is a known given name or rare
# as an English word ("sister Company" is not a name).
_KIN_NAME = _PRESCAN.compile(
    r"(?<![\w\-])(?:(?:[Gg]reat-)?(?:[Gg]rand)?(?:[Ww]ife|[Hh]usband|[Ss]on|[Dd]aughter|[Ss]ister|"
    r"[Bb]rother|[Mm]other|[Ff]ather|[Cc]hild|[Cc]hildren|[Nn]iece|[Nn]ephew|[Cc]ousin|[Aa]unt|"
    r"[Uu]ncle|grandchild|grandchildren|[Tt]win|[Ss]tepson|[Ss]tepdaughter|[Pp]artner|sons|"
    r"daughters|sisters|brothers)(?:-in-law|s-in-law)?|"
    r"(?:lady|man|woman|guy|girl|boy|bloke|chap|fella|gentleman|someone|person|agent|nurse)"
    r"[ \t]+(?:called|named)|(?:his|her|their|my)[ \t]+name[ \t]+as)[ \t]+"
    r"(?P<ent>(?P<first>[A-Z\u00c0-\u00de][^\W\d_]+(?:[\-'\u2019][A-Z\u00c0-\u00de]?[^\W\d_]+)*)"
    r"(?:[ \t][A-Z\u00c0-\u00de][^\W\d_]+(?:-[A-Z\u00c0-\u00de][^\W\d_]+)?)?)(?![\w\-])"
)
_LOWER_NAME_BEFORE = _PRESCAN.compile(
    r"(?i:\b(?:thanks to|thank you|ask for|asked for|speak to|spoke to|talk to|talked to|hey|hi|"
    r"hiya|hello|thx|thanks|ty|cheers|dear|and|with|ask|asked|tell|told|call|"
    r"called|text|texted|ping|cc|(?:my|her|his|our|their|your) (?:husband|wife|partner|"
    r"neighbou?r|friend|brother|sister|son|daughter|boss|mum|mom|dad|cousin|uncle|aunt|bf|gf|boyfriend|girlfriend|colleague|"
    r"mate)|uncle|aunty|auntie|aunt|cousin|i'?m|i am|this is|it'?s)[ \t]+)"
    r"(?P<ent>[a-z][a-z\-]{2,20})\b"
)
_SELF_INTRO = _PRESCAN.compile(
    r"(?i:\b(?:it'?s|it is|this is|my name is|i'?m|i am))[ \t]+(?P<ent>[A-Z][a-z]{1,20})"
    r"(?=[ \t]+(?:from|here|at|in|of|with)\b|[ \t]*[,.!)]|[ \t]*\n)"
)
_LOWER_TITLE_NAME = _PRESCAN.compile(
    r"(?<![\w.])(?:dr|mr|mrs|ms|miss|prof|doc|kapitan|kap|kuya|ate|tita|tito|lola|lolo|nanay|"
    r"tatay|bhaiya|didi|bhai|aunty|auntie|ma'am|maam)\.?[ \t]+"
    r"(?P<ent>[a-z][a-z\-']{1,19}?[a-z])(?:['\u2019]s)?(?![\w@'\u2019])"
)
_ENGLISH_TITLES = frozenset("dr mr mrs ms miss prof".split())
# a word in camel case that no surname prefix explains ("McDonald", "MacLeod", "DiCaprio" are
# names; "ClearView", "DishDash", "ZipRide" are brands)
_CAMEL_BRAND = re.compile(
    r"(?!(?:Mc|Mac|Fitz|De|Di|Da|Du|La|Le|Van|Von|Del|Della|Des|Dos|Ter|Ten|St|Ó|Ní|Mhic)"
    r"[A-Z])[A-Z][a-z]+[A-Z][a-z]"
)
# a chat message opening with a lower-case name spoken to: "kat pls text me", "shruti ur
# phone is off"
_LOWER_NAME_VOCATIVE = re.compile(
    r"(?m)(?:^|(?<=[.!?][ \t])|(?<=:[ \t]))(?P<ent>[a-z][a-z\-]{2,20})[ \t]+"
    r"(?=(?:pls|plz|please|ur|u|can[ \t]+u|can[ \t]+you|r[ \t]+u|are[ \t]+you|did[ \t]+you|"
    r"have[ \t]+you|where[ \t]+are)\b)"
)
# "said his name was Jordan", "a man called Dario", "known as Tomasz": a capitalised name after
# a naming phrase
_NAMED_AS = _PRESCAN.compile(
    r"(?i:\b(?:(?:his|her|their|my|your|whose)[ \t]+(?:first[ \t]+)?name[ \t]+(?:is|was|'s)|"
    r"(?:a|the|one)[ \t]+(?:man|woman|boy|girl|lady|guy|person|child|driver|customer|caller)"
    r"[ \t]+(?:called|named)|(?:goes|went)[ \t]+by|known[ \t]+as))[ \t]+"
    r"(?P<ent>[A-Z][a-z\u00e0-\u024f']+(?:-[A-Z]?[a-z\u00e0-\u024f']+)*"
    r"(?:[ \t][A-Z][a-z\u00e0-\u024f']+(?:-[A-Z]?[a-z\u00e0-\u024f']+)*)?)"
)
# "Please tell Nasreen I will...", "ask Priya", "remind Tomasz": a verb taking a person, then a
# known given name
_PERSON_OBJECT = _PRESCAN.compile(
    r"(?i:\b(?:tell|ask|remind|thank|text|ring|call|message|email|e-mail|phone|inform|let)"
    r")[ \t]+(?P<ent>[A-Z][a-z\u00e0-\u024f'\-]+)(?![\w\-])(?![ \t]+[A-Z][a-z])"
)
_ON_NUMBER_AFTER = re.compile(r"[ \t]+on[ \t]+(?:\+|\(?0)[0-9]")
# Minutes: "Present: GR, CP, AM." lists initials of the people in the room
_ATTENDEES = _PRESCAN.compile(
    r"(?im)^[ \t]*(?:present|attendees|in attendance|also present|apologies"
    r"(?:[ \t]+(?:received|from))*|absent"
    # who did something on a form or a log: "Checked in by: TB (Front Office Supervisor)"
    r"|(?:checked(?:[ \t]+in)?|recorded|entered|completed|reviewed|approved|signed)[ \t]+by"
    r")[ \t]*:[ \t]*(?P<list>[^\n]+?)(?=\.?[ \t]*$|\.[ \t])"
)
_ATTENDEE_ITEM = re.compile(r"[^,;]+")
# initials, a double surname's too ("MD-S"); a role in brackets may follow ("RK (chair)")
_LIST_INITIALS = re.compile(r"[A-Z]{2,3}(?:-[A-Z]{1,2})?")
_ROLE_AFTER_INITIALS = re.compile(r"[ \t]*\([^()]{1,40}\)\Z")
# initials that are never a person even in an attendee list
_ATTENDEE_NOT = frozenset(
    "HR IT GP QA MD RN DO NP PA CEO CFO COO CTO NHS UK US EU ICU BA MA LLB TBC TBA NA".split()
)
_LOWER_NAME_BRACKET = _PRESCAN.compile(
    r"(?i:\b(?:landlord|landlady|neighbou?r|boss|manager|plumber|builder|electrician|agent|"
    r"cleaner|driver|partner|mate|friend|cousin|teacher|coach))[ \t]*"
    r"\((?P<ent>[a-z][a-z\-]{2,20})\)"
)
_LOWER_NAME_AFTER = re.compile(
    r"(?<![\w@.])(?P<ent>[a-z][a-z\-]{2,20})(?='s\b|[ \t]+(?:says|said|thinks|wants|and i\b|"
    r"renewed|called|texted|told|is coming|will|lets|pls|please)\b"
    # a possessive written without its apostrophe: "garys number is 07946 ..."
    r"|s[ \t]+(?:number|phone|mum|mom|dad|house|place|flat|car|van|bday|birthday)\b)"
)
_NOT_HUMAN_SUBJECTS = frozenset(
    "Court Government Police Company Council Ministry Office Department Bank Agency Applicant "
    "Applicants Respondent Claimant Defendant Witness Victim Tenant Landlord Customer Caller "
    "Plaintiff Plaintiffs Provider Complainant Policyholder "
    "Agent Manager Doctor Nurse Officer Judge Prosecutor Registry Committee Board Team Staff "
    "Management School Hospital Commission Tribunal State Republic Article Section Report "
    "Everyone Nobody Somebody Someone Anyone Everybody He She They We It This That There "
    "Client Worker Member Employer Patient Resident Parent Pupil Student Suspect "
    # note-taking abbreviations: "Pt rang re swelling", "Cust called re high bill"
    "Pt Pts Cust Custs Emerg Caller".split()
)
# Field abbreviations a form writes after a name on the same line ("Name: X SSN: ...")
_FIELD_ABBREVIATIONS = frozenset(
    "SSN DOB NRIC NI NINO PPSN TRN NIN BVN PAN SIN CNIC NHS MRN ID TIN IRD CNP PESEL NIF NIE "
    "DNI CPF RG BSN".split()
)
_NOT_NAMES = frozenset(
    "sir sirs madam madams sir/madam colleague colleagues team all everyone customer customers "
    "hiring manager friends friend there you guys folks members applicant parents patient "
    # kinship words and honorifics written in lower case in chats ("lola Cabrera", "amma")
    "lola lolo nanay tatay kuya ate tita tito amma appa bhaiya didi kapitan".split()
)
#: Kinship words a chat contact is saved under ("03/02/24, 20:20 - Mummy: ..."): no name.
KIN_SPEAKERS = frozenset(
    "Mum Mummy Mom Mommy Ma Mam Mama Dad Daddy Papa Pa Grandma Grandpa Granny Grandad "
    "Grandmother Grandfather Nan Nanny Gran Aunty Auntie Uncle Sis Bro Hubby Wifey Babe "
    "Bestie Boss".split()
)


_ROLE_HEAD_WORD = re.compile(r"(?:" + ROLE_HEADS + r")", re.IGNORECASE)
# Grades and roles written by their acronym next to a name ("M. Oduya RN", "DPO, Sunil")
_TITLE_ACRONYMS = frozenset(a for a in ACRONYMS if a.isalnum()) | {"GP"}  # one list, job_title's


def _repeated(matches: Iterator[re.Match[str]]) -> list[re.Match[str]]:
    """The matches whose ``ent`` group occurs at least twice (a speaker who comes back)."""
    found = list(matches)
    said = Counter(m.group("ent") for m in found)
    return [m for m in found if said[m.group("ent")] >= 2]


def _overlapping(rx: AnyPattern, text: str) -> Iterator[re.Match[str]]:
    """``rx``'s matches, each search resuming at the previous match's ``ent`` group, so that a
    cue word caught as a name can still cue the next word ("and ask priya": "ask" after "and"
    is no name, "priya" after "ask" is)."""
    pos = 0
    while (m := rx.search(text, pos)) is not None:
        yield m
        pos = max(m.start("ent"), m.start() + 1)


class PersonCueRecognizer(Recognizer):
    """Tag persons from the words and layout around them (see the module docstring)."""

    name: ClassVar[str] = "person_cues"
    entity_types: ClassVar[tuple[str, ...]] = ("PERSON", "ORGANIZATION")
    FIELD_SCORE: ClassVar[float] = 0.85
    LETTER_SCORE: ClassVar[float] = 0.8
    GREETED_NAME_SCORE: ClassVar[float] = 0.9
    NOTE_SCORE: ClassVar[float] = 0.86
    INITIALS_SCORE: ClassVar[float] = 0.8
    ATTENDEE_SCORE: ClassVar[float] = 0.88
    # a naming phrase or a verb taking a person: above a place guess of the gazetteer (0.85)
    NAMED_SCORE: ClassVar[float] = 0.9
    LOWER_SCORE: ClassVar[float] = 0.75
    VERB_SCORE: ClassVar[float] = 0.7
    STAMPED_SCORE: ClassVar[float] = 0.9
    APPOSITION_SCORE: ClassVar[float] = 0.88
    # "my husband Riaan": above NER's place or organisation guess for the same word
    RELATION_SCORE: ClassVar[float] = 0.88
    CHAT_NAME_SCORE: ClassVar[float] = 0.65
    #: families, capitalised surnames and shared surnames: below NER and the gazetteer, so
    #: that a longer name found by them wins ("William Arthur WILLIAMS")
    SUPPORT_SCORE: ClassVar[float] = 0.72

    def load(self) -> None:
        """Load the gazetteer's name lists (shared, cached per process)."""
        self._gaz = load_gazetteer(None)

    def _plausible(self, words: list[str]) -> bool:
        """At least one word, none a function word, month, title or non-name role word."""
        if not words:
            return False
        for w in words:
            bare = w.strip(",")
            if not bare:
                return False
            t = bare[:1].upper() + bare[1:].lower() if bare.isupper() else bare
            if t in STOPWORDS or t in MONTHS_DAYS or bare.lower() in _NOT_NAMES:
                return False
            if bare in ("and", "&", "of", "for", "the"):
                return False  # "UK Visas and Immigration" signing a letter: no person
            if len(words) > 1 and _CAMEL_BRAND.match(bare):
                return False  # "ClearView Inventories": a brand, not a name (a handle alone
                # may be: "EirlinkCares" signing a reply)
        return True

    def _person_noun_phrase(self, phrase: str) -> bool:
        """Whether ``phrase`` ends in a word for a person or a known job title."""
        words = phrase.lower().split()
        if _PERSON_NOUN_WORD.fullmatch(words[-1]):
            return True
        titles = job_title_set()
        return any(" ".join(words[i:]) in titles for i in range(len(words)))

    def _place_or_org(self, name: str) -> bool:
        """Whether every word of ``name`` is a known place, group or organisation word and
        none a known name ("Toronto", "Red Cross")."""
        gaz = self._gaz
        words = name.split()
        if any(w in gaz.org_suffixes or w in _ORG_HEADS for w in words):
            return True  # "Becker Rose AG", "Clydeside Housing Association"
        return all(
            w in gaz.known_tokens and w not in gaz.given and w not in gaz.surnames for w in words
        )

    def _add(self, out: list[Span], text: str, s: int, e: int, score: float) -> None:
        # a job title after a comma is not part of the name ("Eleanor Hartley-Shaw, Consultant
        # Geriatrician", "Takahashi Kenji, Night Duty Manager")
        comma = text.find(",", s, e)
        while comma >= 0:
            line_end = text.find("\n", comma)
            after = text[comma + 1 : line_end if line_end >= 0 else len(text)].split()[:5]
            part = text[comma + 1 : e].split(",")[0].strip()
            if any(_ROLE_HEAD_WORD.fullmatch(w.strip(",;.()")) for w in after) or any(
                w.strip(",;.()") in _ORG_HEADS for w in after[:4]
            ):
                e = comma  # "Dr Huw Meredith, Taff Vale Surgery": the practice is no name
                break
            words = part.split()
            if (
                0 < len(words) <= 4
                and words[-1].lower() in role_heads()
                and words[0] not in self._gaz.given
            ):
                e = comma  # "Signed: A. Rennie, Deputy Governor", "Kim Dong-hyun, Skipper"
                break
            if part and known_place(part):
                e = comma  # "Signed: A. D. Ndiaye, Dakar, 28 February": the place is no name
                break
            if part and part.split()[0] in _nationality_words():
                e = comma  # "Co-tenant: Lukas Becker, German citizen"
                break
            comma = text.find(",", comma + 1, e)
        # a field's abbreviation after the name ("Darnell J. Villanueva SSN: 439-...")
        last = max(text.rfind(" ", s, e), text.rfind("\t", s, e))
        if last > s and text[last + 1 : e] in _FIELD_ABBREVIATIONS:
            e = last
        # drop trailing lower-case words ("... Dhillon of") and commas/spaces
        while True:
            while e > s and text[e - 1] in " ,\t":
                e -= 1
            cut = max(text.rfind(" ", s, e), text.rfind("\t", s, e))
            if cut > s and text[cut + 1 : e][:1].islower() and e - cut <= 6:
                e = cut
                continue
            break
        words0 = text[s:e].split()
        if len(words0) >= 2 and words0[0].rstrip(",") in _TITLE_ACRONYMS:
            s = text.index(words0[1], s + len(words0[0]))  # "DPO, Sunil Varghese"
        if len(words0) >= 2 and words0[-1] in _TITLE_ACRONYMS:
            e = text.rindex(words0[-1], s, e)  # "M. Oduya RN"
            while e > s and text[e - 1] in " ,\t":
                e -= 1
        if e > s and text[s].isupper():
            surface = text[s:e]
            words = [w for w in re.split(r"[ \t,]+", surface) if w and not w.endswith(".")]
            if self._plausible(words) or re.fullmatch(_INITIALS, surface.replace(" ", "")):
                out.append(Span(s, e, "PERSON", score, self.name))

    def analyze(self, text: str) -> list[Span]:
        """Find persons by their surroundings."""
        if not text:
            return []
        if not hasattr(self, "_gaz"):
            self.load()
        out: list[Span] = []
        rx: AnyPattern
        hint: AnyPattern | None
        for rx, score in ((_FIELD, self.FIELD_SCORE), (_GREETING, self.LETTER_SCORE)):
            if rx is _FIELD and ":" not in text:
                continue  # every field has its colon
            for m in rx.finditer(text):
                sc = score
                team = _TEAM_AFTER.search(m.group("ent")) if rx is _GREETING else None
                if team is not None:
                    # "Dear Meridian Travel team,": the organisation's team, not a person
                    org_end = m.start("ent") + team.start()
                    if org_end > m.start("ent"):
                        out.append(
                            Span(m.start("ent"), org_end, "ORGANIZATION", self.LETTER_SCORE,
                                 self.name)
                        )  # fmt: skip
                    continue
                if rx is _GREETING and m.group("ent").strip() in self._gaz.given:
                    sc = self.GREETED_NAME_SCORE  # "Hi Zara,": above a shop of that name
                self._add(out, text, m.start("ent"), m.end("ent"), sc)
        for m in _CLOSING.finditer(text):
            self._add(out, text, m.start("ent"), m.end("ent"), self.LETTER_SCORE)
        for m in _THANKED.finditer(text):
            name = m.group("ent")
            if name in self._gaz.given or (
                name not in STOPWORDS and name not in TITLES and _rare_as_word(name.lower())
            ):
                self._add(out, text, m.start("ent"), m.end("ent"), self.LETTER_SCORE)
        for m in _RELATION_NAME.finditer(text):
            first = m.group("ent").split()[0]
            strong = (first in self._gaz.given or _rare_as_word(first.lower())) and not (
                _NAME_GOES_ON.match(text, m.end("ent"))  # "my son Cian Ó Briain"
            )
            sc = self.RELATION_SCORE if strong else self.LETTER_SCORE
            self._add(out, text, m.start("ent"), m.end("ent"), sc)
        gaz = self._gaz
        for m in _INITIAL_NAME.finditer(text):
            ent = text[m.start("ent") : m.end("ent")]
            words = ent.split()
            surname = words[-1].split(".")[-1]
            initials = words[0] if words[0].endswith(".") else ""
            if (
                not surname
                or surname in STOPWORDS
                or surname in TITLES
                or initials in _NOT_INITIALS
            ):
                continue
            if surname in _ORG_WORDS or (
                surname in gaz.known_tokens and surname not in gaz.surnames
            ):
                continue  # "U.S. Army", "N. Ireland"
            line_start = m.start("ent") == 0 or text[m.start("ent") - 1] == "\n"
            one_initial = len(words) < 3 or not _INITIAL_WORD.fullmatch(words[1])
            if line_start and len(initials) == 2 and one_initial and surname not in gaz.surnames:
                continue  # section headings: "A. Background to the case", "B. Relevant law"
            self._add(out, text, m.start("ent"), m.end("ent"), self.INITIALS_SCORE)
        for m in _UPPER_COMMA_GIVEN.finditer(text):
            family = m.group("ent").split(",")[0].split()[-1].title()
            named = m.group("given") in gaz.given or family in gaz.surnames
            if named and not _UPPER_WORD_BEFORE.search(text, max(0, m.start() - 40), m.start()):
                self._add(out, text, m.start("ent"), m.end("ent"), self.FIELD_SCORE)
        for m in _TITLE_INITIALS.finditer(text):
            out.append(Span(m.start("ent"), m.end("ent"), "PERSON", self.INITIALS_SCORE, self.name))
        for m in _CAPS_NAME_AGE.finditer(text):
            if not self._place_or_org(m.group("ent").title()):
                self._add(out, text, m.start("ent"), m.end("ent"), self.APPOSITION_SCORE)
        for m in _NAME_BRACKET_AGE.finditer(text) if "(" in text else ():
            words = m.group("ent").split()
            if words[0] in STOPWORDS or words[0] in TITLES or words[0] in MONTHS_DAYS:
                continue
            before = text[max(0, m.start() - 40) : m.start()].rstrip(" \t,").split()
            prev = before[-1].strip("\"'\u201c\u201d\u2018\u2019") if before else ""
            if prev[:1].isupper() and not prev.endswith(":"):
                continue  # the end of a longer name: "KHALIL, Omar (29)", "Valeria Ortiz ..."
            if any(not w[1:].islower() for w in words if "-" not in w and "'" not in w):
                continue  # "WhatsApp (3)"
            if all(
                w in gaz.given or _rare_as_word(w.lower(), 3.6) or known_place(w)
                or (w in gaz.surnames and _rare_as_word(w.lower(), 4.5))
                for w in words
            ):  # fmt: skip
                self._add(out, text, m.start("ent"), m.end("ent"), self.APPOSITION_SCORE)
        for m in _MAIL_HEADER_NAME.finditer(text) if "@" in text else ():
            words = m.group("ent").split()
            if len(words) < 2 or any(w in _ORG_WORDS or w in _ORG_HEADS for w in words):
                continue
            if all(p in gaz.given for p in words[0].split("-")):  # not "Talent Ops"
                self._add(out, text, m.start("ent"), m.end("ent"), self.NOTE_SCORE)
        for m in _NATIVE_SCRIPT_NAME.finditer(text) if "(" in text else ():
            latin = m.group("latin")
            if any(w in _ORG_WORDS or w in _ORG_HEADS for w in latin.split()):
                continue  # "Seoul Central District Court (서울중앙지방법원)": a body's name
            out.append(Span(m.start("ent"), m.end("ent"), "PERSON", self.NOTE_SCORE, self.name))
            if not self._place_or_org(latin):
                # "I, Soo-min Han (한수민), certify": the name the script spells is a person too
                self._add(out, text, m.start("latin"), m.end("latin"), self.FIELD_SCORE)
        if _ANY_CJK.search(text) is not None:
            for m in _CJK_AFTER_NAME.finditer(text):
                out.append(Span(m.start("ent"), m.end("ent"), "PERSON", self.NOTE_SCORE, self.name))
            for m in _CJK_FIELD.finditer(text):
                if len(m.group("ent").replace(" ", "").replace("\u3000", "")) < 2:
                    continue
                for g in ("ent", "latin"):
                    if m.group(g):
                        s, e = m.span(g)
                        words = text[s:e].split()
                        if g == "ent" and len(words) == 2 and words[1] in _CJK_TITLES:
                            e = s + len(words[0])  # "김도윤 대리": the name, not the title
                        elif g == "ent" and len(words) == 2 and KO_OFFICE.fullmatch(words[0]):
                            s = e - len(words[1])  # "환경주사 이서연": the office, then the name
                        out.append(Span(s, e, "PERSON", self.NOTE_SCORE, self.name))
                pos = m.end("ent")
                while (nxt := _CJK_LIST_NEXT.match(text, pos)) is not None:
                    out.append(Span(*nxt.span("ent"), "PERSON", self.NOTE_SCORE, self.name))
                    pos = nxt.end()
            for m in _CJK_CHAT_SPEAKER.finditer(text):
                out.append(Span(*m.span("ent"), "PERSON", self.CHAT_NAME_SCORE, self.name))
        if ":" in text and _ANY_OTHER_SCRIPT.search(text) is not None:
            for rx in (_SCRIPT_FIELD, _SCRIPT_PARALLEL):
                for m in rx.finditer(text):
                    s, e = m.span("ent")
                    out.append(Span(s, e, "PERSON", self.NOTE_SCORE, self.name))
            turns = list(_SCRIPT_CHAT_SPEAKER.finditer(text))
            counts = Counter(m.group("ent") for m in turns)
            for m in turns:
                if counts[m.group("ent")] >= 2:
                    out.append(Span(*m.span("ent"), "PERSON", self.CHAT_NAME_SCORE, self.name))
        if "sent" in text or "eceived" in text or "paid" in text:
            for m in _CAPS_PAYEE.finditer(text):
                if not self._place_or_org(m.group("ent").title()):
                    self._add(out, text, m.start("ent"), m.end("ent"), self.APPOSITION_SCORE)
        for rx, hint in (
            (_TITLE_CAPS_FAMILY, None),
            (_CYRILLIC_FULL_NAME, _ANY_CYRILLIC),
            (_PNR_NAME, _CAPS_SLASH_CAPS),
        ):
            if hint is not None and hint.search(text) is None:
                continue  # (a fast scan: the pattern cannot match without it)
            for m in rx.finditer(text):
                self._add(out, text, m.start("ent"), m.end("ent"), self.FIELD_SCORE)
        sign_offs = [m for m in _SIGN_OFF.finditer(text) if m.group("ent") not in _SIGN_OFF_NOT]
        if sign_offs:
            counts = Counter(m.group("ent") for m in sign_offs)
            for m in sign_offs:
                if m.group("dash") or m.group("dash2") or counts[m.group("ent")] >= 2:
                    out.append(
                        Span(m.start("ent"), m.end("ent"), "PERSON", self.INITIALS_SCORE, self.name)
                    )
        for m in _BY_INITIALS.finditer(text):
            ent = m.group("ent")
            if ent in _NOT_NOTE_INITIALS or ent in _NOT_BY_INITIALS or ent in _TITLE_ACRONYMS:
                continue
            out.append(Span(m.start("ent"), m.end("ent"), "PERSON", self.INITIALS_SCORE, self.name))
        for m in _CHAT_EVENT.finditer(text):
            if m.group("ent").split()[0] not in _SPEAKER_ROLES:
                self._add(out, text, m.start("ent"), m.end("ent"), self.LETTER_SCORE)
        for rx in (_PARTY_INITIALS, _FIELD_INITIALS, _HEADING_INITIALS, _CARET_INITIALS):
            for m in rx.finditer(text):
                out.append(
                    Span(m.start("ent"), m.end("ent"), "PERSON", self.INITIALS_SCORE, self.name)
                )
        for m in _FAMILIES.finditer(text):
            for g in ("a", "b", "c", "d"):
                word = m.group(g)
                if word is None or word in STOPWORDS or self._place_or_org(word):
                    continue
                if word in gaz.surnames or _rare_as_word(word.lower(), 3.0):
                    # "les familles X et Y" names its families outright: above NER's guesses
                    sc = self.SUPPORT_SCORE if g in ("a", "b") else self.NOTE_SCORE
                    out.append(Span(m.start(g), m.end(g), "PERSON", sc, self.name))
        for m in _GIVEN_CAPS_SURNAME.finditer(text):
            given_word, family = m.group("g"), m.group("s")
            title = family[:1] + family[1:].lower()
            if given_word not in gaz.given or given_word in STOPWORDS:
                continue
            if title in gaz.surnames or (
                title not in gaz.known_tokens and _rare_as_word(family.lower(), 3.0)
            ):
                out.append(Span(m.start(), m.end(), "PERSON", self.SUPPORT_SCORE, self.name))
        for m in _SHARED_SURNAME.finditer(text):
            a, b, fam = m.group("a"), m.group("b"), m.group("s")
            if b not in gaz.given or b in AMBIGUOUS_GIVEN or a in STOPWORDS:
                continue
            if not (fam in gaz.surnames or _rare_as_word(fam.lower(), 3.0)):
                continue
            if a in gaz.given or (a not in gaz.known_tokens and _rare_as_word(a.lower(), 3.0)):
                out.append(Span(m.start("a"), m.end("a"), "PERSON", self.SUPPORT_SCORE, self.name))
        for m in _INITIALISM_PAIR.finditer(text):
            for g in ("a", "b"):
                out.append(Span(m.start(g), m.end(g), "PERSON", 0.7, self.name))
        for m in _CHAT_ROLE.finditer(text):
            g = "a" if m.group("a") else "b"
            out.append(Span(m.start(g), m.end(g), "PERSON", self.LETTER_SCORE, self.name))
        speakers = [m for m in _CHAT_SPEAKER.finditer(text)]
        if speakers:
            seen = Counter(m.group("ent") for m in speakers)
            for m in speakers:
                ent = m.group("ent")
                first = ent.split()[0]
                if first in _SPEAKER_ROLES or first in STOPWORDS or first in MONTHS_DAYS:
                    continue
                if ent in KIN_SPEAKERS:
                    continue  # "Mummy:", "Uncle:" (a saved contact), not a name
                if m.group("stamp") or seen[ent] >= 2:
                    # a name in another alphabet, stamped and back again, is the whole name
                    # (an English NER reads "Стоян Петков" as the surname alone)
                    sc = (
                        self.NOTE_SCORE
                        if m.group("stamp") and seen[ent] >= 2 and not ent[0].isascii()
                        else self.LETTER_SCORE
                    )
                    self._add(out, text, m.start("ent"), m.end("ent"), sc)
        for c in _COMMA_CAP.finditer(text):
            b = _APPOSITIVE_BEFORE.search(text, max(0, c.start() - 80), c.start())
            if b is None or not self._person_noun_phrase(b.group("np")):
                continue
            a = _APPOSITIVE_AFTER.match(text, c.start())
            if a is not None and not self._place_or_org(a.group("ent")):
                self._add(out, text, a.start("ent"), a.end("ent"), self.APPOSITION_SCORE)
        for rx in (_NAME_THEN_NOUN, _FULL_NAME_THEN_NOUN):
            for m in rx.finditer(text):
                if rx is _FULL_NAME_THEN_NOUN and m.group("np").split()[0] in _CLAUSE_OPENERS:
                    continue  # "the Nasimi District, where an officer, ...": a clause
                if self._person_noun_phrase(m.group("np")) and not self._place_or_org(
                    m.group("ent")
                ):
                    self._add(out, text, m.start("ent"), m.end("ent"), self.APPOSITION_SCORE)
        for m in _BRACKET_NICKNAME.finditer(text):  # "Will", "Sunny": a nickname is a name
            nick = m.group("ent")
            before = text[max(0, m.start() - 30) : m.start()].split()
            if (nick.isupper() and len(nick) >= 3) or (
                before
                and (
                    before[-1].strip(".,") in self._gaz.org_suffixes
                    or before[-1].strip(".,") in _ORG_HEADS
                )
            ):
                continue  # 'Pilbara Iron Ore Services Pty Ltd ("PIOS")': an organisation's
            out.append(
                Span(m.start("ent"), m.end("ent"), "PERSON", self.APPOSITION_SCORE, self.name)
            )
        for m in _NOTICE_SURNAMES.finditer(text):
            if m.group("given") is not None and m.group("given") not in gaz.given:
                continue
            for g in ("a", "b"):
                word = m.group(g)
                if word is None:
                    continue
                title = word[:1] + word[1:].lower()
                if title in gaz.surnames or (
                    title not in gaz.known_tokens
                    and title not in STOPWORDS
                    and _rare_as_word(word.lower())
                ):
                    out.append(Span(m.start(g), m.end(g), "PERSON", self.FIELD_SCORE, self.name))
        for rx in (
            _KIN_OF,
            _IN_THE_NAME_OF,
            _ESTATE_OF,
            _NEE,
            _PARTY_LINE,
            _PARTY_INLINE,
            _RANK_NUMBER_NAME,
            _NAME_AGE_LINE,
            _TITLE_INITIAL,
        ):
            for m in rx.finditer(text):
                if not self._place_or_org(m.group("ent")):
                    self._add(out, text, m.start("ent"), m.end("ent"), self.APPOSITION_SCORE)
        lower = text.lower()
        relatives = any(w in lower for w in _RELATIVE_WORDS)
        for m in _RELATIVES_LIST.finditer(text) if relatives else ():
            for n in _LIST_NAME.finditer(text, m.start("list"), m.end("list")):
                if not self._place_or_org(n.group(1)):
                    self._add(out, text, n.start(1), n.end(1), self.APPOSITION_SCORE)
        kin_lists = list(_KIN_LIST.finditer(text)) if " of " in lower else []
        kin_lists += _KIN_LIST_FOREIGN.finditer(text)
        for m in kin_lists:
            for n in _KIN_ITEM_RX.finditer(text, m.start("list"), m.end("list")):
                name = n.group("name")
                if (name.isupper() and len(name) <= 4) or name in _TITLE_ACRONYMS:
                    continue  # "Cecil Morrison, JP": post-nominal letters
                if self._place_or_org(name) or known_place(name):
                    continue  # "a daughter of Siaya"
                self._add(out, text, n.start("name"), n.end("name"), self.APPOSITION_SCORE)
        for m in _STAMPED_SPEAKER.finditer(text):
            words = m.group("ent").split()
            first = words[0]
            if (
                first not in _SPEAKER_ROLES
                and first not in STOPWORDS
                and first not in MONTHS_DAYS
                and not all(w.isupper() for w in words)
            ):
                self._add(out, text, m.start("ent"), m.end("ent"), self.STAMPED_SCORE)
        head = _HEADING_NAME.match(text)
        if head is not None:
            words = head.group("ent").split()
            if any((w[:1] + w[1:].lower()) in gaz.given or (w[:1] + w[1:].lower()) in gaz.surnames
                   for w in words):  # fmt: skip
                self._add(out, text, head.start("ent"), head.end("ent"), self.FIELD_SCORE)
        for m in _QUOTED_MIDDLE.finditer(text):
            # 'Cornelius "Con" O'Driscoll': above NER's part of it ("Cornelius")
            self._add(out, text, m.start("ent"), m.end("ent"), self.NOTE_SCORE)
        for m in _HUMAN_VERB.finditer(text):
            words = m.group("ent").split()
            if any(
                w in STOPWORDS or w in MONTHS_DAYS or w in TITLES or w in gaz.known_tokens
                or w in _NOT_HUMAN_SUBJECTS
                for w in words
            ):  # fmt: skip
                continue
            if m.group("weak") and len(words) == 1 and not _rare_as_word(words[0].lower(), 4.5):
                continue
            if (
                len(words) == 1
                and words[0] not in gaz.given
                and words[0] not in gaz.surnames
                and not _rare_as_word(words[0].lower(), 4.5)
            ):
                continue  # "Residents asked", "Candidate explained": a frequent noun, no name
            self._add(out, text, m.start("ent"), m.end("ent"), self.VERB_SCORE)
        for m in _NICKNAME.finditer(text):
            # above NER's guess on a quoted word ("detto «Volpino»" as a nationality)
            self._add(out, text, m.start("ent"), m.end("ent"), self.NOTE_SCORE)
        for m in _NEE.finditer(text):
            self._add(out, text, m.start("ent"), m.end("ent"), self.LETTER_SCORE)
        given = self._gaz.given
        if chat_register(text):
            surnames = self._gaz.surnames
            for m in _LOWER_WORD.finditer(text):
                word = m.group(1)
                cap = word[:1].upper() + word[1:]
                if (
                    (cap in given or cap in surnames)
                    and cap not in AMBIGUOUS_GIVEN
                    and cap not in COMMON_WORD_SURNAMES
                    and cap not in STOPWORDS
                    and word not in _NOT_NAMES
                    and _rare_as_word(word)
                ):
                    out.append(
                        Span(m.start(1), m.end(1), "PERSON", self.CHAT_NAME_SCORE, self.name)
                    )
        for m in _STAMPED_LOWER_SPEAKER.finditer(text):
            if m.group("ent") not in _NOT_NAMES:
                out.append(
                    Span(m.start("ent"), m.end("ent"), "PERSON", self.LETTER_SCORE, self.name)
                )
        # chat speakers before or after the time count only when they come back
        for m in _repeated(_TIMED_LOWER_SPEAKER.finditer(text)):
            if m.group("ent") not in _NOT_NAMES:
                out.append(
                    Span(m.start("ent"), m.end("ent"), "PERSON", self.LETTER_SCORE, self.name)
                )
        for m in _repeated(_SPEAKER_THEN_TIME.finditer(text)):
            ent = m.group("ent")
            first = ent.split()[0]
            handle = first[:1].islower() or "." in ent or "_" in ent
            if (
                (handle or first in given)
                and ent not in _NOT_NAMES
                and first.title() not in STOPWORDS
                and first.title() not in MONTHS_DAYS
                and first.title() not in _SPEAKER_ROLES
            ):
                out.append(
                    Span(m.start("ent"), m.end("ent"), "PERSON", self.LETTER_SCORE, self.name)
                )
        for m in _SELF_INTRO.finditer(text):
            # "Hi Mr Hussain it's Jade from flat 2": a given name introducing its bearer
            ent = m.group("ent")
            # "it's Shalini from Pacific Pharmaceuticals": a name rare as a word, then "from"
            from_after = text.startswith(" from ", m.end("ent"))
            if ent in given or (from_after and _rare_as_word(ent.lower())):
                out.append(
                    Span(m.start("ent"), m.end("ent"), "PERSON", self.LETTER_SCORE, self.name)
                )
        for m in _NAMED_AS.finditer(text):
            words = m.group("ent").split()
            if not any(w in STOPWORDS or w in MONTHS_DAYS for w in words):
                out.append(
                    Span(m.start("ent"), m.end("ent"), "PERSON", self.NAMED_SCORE, self.name)
                )
        for m in _PERSON_OBJECT.finditer(text):
            word = m.group("ent")
            # "call Jasper on +31 20 ...": the number to reach them by names a person
            number_after = _ON_NUMBER_AFTER.match(text, m.end("ent")) is not None
            if (
                (
                    (word in given and word not in AMBIGUOUS_GIVEN)
                    or (
                        number_after
                        and _rare_as_word(word.lower())  # not "email Payroll on 0161 ..."
                        and not self._place_or_org(word)
                        and not known_place(word)
                    )
                )
                and word not in STOPWORDS
                and word not in MONTHS_DAYS
            ):
                out.append(
                    Span(m.start("ent"), m.end("ent"), "PERSON", self.NAMED_SCORE, self.name)
                )
        for m in _ATTENDEES.finditer(text):
            items = list(_ATTENDEE_ITEM.finditer(m.group("list")))
            if m.group().rstrip().lower().split(":")[0].endswith("by"):
                items = items[:1]  # "Checked by: Ismail Dramadri, commandant, OPM": one person
            for item in items:
                value = _ROLE_AFTER_INITIALS.sub("", item.group().strip().rstrip("."))
                if _LIST_INITIALS.fullmatch(value) and value not in _ATTENDEE_NOT:
                    a = m.start("list") + item.start() + item.group().index(value)
                    # (above NER's guess of two capitals as a place or a firm: "AB", "JT")
                    out.append(Span(a, a + len(value), "PERSON", self.ATTENDEE_SCORE, self.name))
        for m in _LOWER_TITLE_NAME.finditer(text):
            # "our GP dr shah", "ask mrs okafor": a title in lower case, then a known name
            word = m.group("ent")
            cap = word[:1].upper() + word[1:]
            if (cap in given or cap in self._gaz.surnames) and _rare_as_word(word, 5.0):
                # a chat honorific ("kapitan reyes", "doc mike") is above NER's organisation
                # read over both words
                english = m.group().split()[0].rstrip(".").lower() in _ENGLISH_TITLES
                sc = self.LOWER_SCORE if english else self.APPOSITION_SCORE
                out.append(Span(m.start("ent"), m.end("ent"), "PERSON", sc, self.name))
        for rx in (
            _LOWER_NAME_BEFORE,
            _LOWER_NAME_AFTER,
            _LOWER_NAME_BRACKET,
            _LOWER_NAME_VOCATIVE,
        ):
            for m in _overlapping(rx, text):
                word = m.group("ent")
                cap = word[:1].upper() + word[1:]
                if cap in given and cap not in AMBIGUOUS_GIVEN and word not in _NOT_NAMES:
                    out.append(Span(m.start("ent"), m.end("ent"), "PERSON", self.LOWER_SCORE,
                                    self.name))  # fmt: skip
        have = {(sp.start, sp.end) for sp in out}
        for m in _KIN_NAME.finditer(text):
            ent = m.group("first")
            if ent in STOPWORDS or ent in MONTHS_DAYS or ent in TITLES:
                continue
            if (m.start("ent"), m.end("ent")) in have:
                continue  # already found by a relation cue ("his sons Emeka")
            if ent in gaz.given or (ent not in gaz.known_tokens and _rare_as_word(ent.lower())):
                # above NER (0.85): the small model reads rare given names as places
                self._add(out, text, m.start("ent"), m.end("ent"), self.APPOSITION_SCORE)
        for m in _NOTE_INITIALS.finditer(text):
            for grp in ("a", "b", "c", "d", "e", "f", "g"):
                if m.start(grp) < 0 or m.group(grp) in _NOT_NOTE_INITIALS:
                    continue
                a, b = m.start(grp), m.end(grp)
                out = [o for o in out if (o.start, o.end) != (a, b)]  # one span, at this score
                # above NER's guesses ("JK - Vomiting x5" as an organisation)
                out.append(Span(a, b, "PERSON", self.NOTE_SCORE, self.name))
        if "ction" in text:
            for line in _ACTION_LINE.finditer(text):
                for m in _ACTION_INITIALS.finditer(line.group()):
                    if m.group("ent") not in _NOT_ACTION_INITIALS:
                        a, b = line.start() + m.start("ent"), line.start() + m.end("ent")
                        out = [o for o in out if (o.start, o.end) != (a, b)]
                        out.append(Span(a, b, "PERSON", self.NOTE_SCORE, self.name))
        for a, b in names_in_other_scripts(text):
            # above the English NER's guesses on a name in another script or language
            out.append(Span(a, b, "PERSON", self.NOTE_SCORE, self.name))
        return out
