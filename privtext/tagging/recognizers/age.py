"""AGE recognizer: a person's age written as a number or a decade.

Forms (one regex pass; the span is the age phrase, with the number):

* ``aged 43``, ``age 43``, ``age: 43``, ``at the age of 43``, ``aged about 43`` (span ``43``,
  as the guidelines label it);
* ``43 years old``, ``43 years of age``, ``43-year-old``, ``43 year old``, ``43 yrs``,
  ``43 y/o``, ``43yo``, ``6 months old``/``6-month-old``; number words too (``forty-three
  years old``);
* decades after a possessive: ``in his forties``, ``in her early 30s``, ``in their
  mid-twenties`` (span ``early 30s``);
* a number in brackets or between commas right after a capitalized name pair:
  ``John Smith (43)``, ``Maria Lopez, 43,`` (span ``43``);
* form fields and clinical shorthand: ``Age/Sex: 52 Y / F``, ``Age: 40 y``, ``(M/62)``,
  ``34/F``, ``DOB: 03/09/1948 (75)``, ``DOB: 1985-03-12 (39 y)``;
* a decade after a sex in a description: ``male, 30s``, ``female, late 20s``.

Numbers must be 0-120; ``43 years ago``, ``page 43``, ``Stage 4`` and decades without a
possessive (``the 1940s``) are not ages.
"""

from __future__ import annotations

import re
from typing import ClassVar

from privtext.tagging.alternation import Alternation
from privtext.tagging.base import Recognizer, Span

_UNITS = "one|two|three|four|five|six|seven|eight|nine"
_TEENS = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_NUM_WORD = rf"(?:(?:{_TENS})(?:[\- ](?:{_UNITS}))?|{_TEENS}|{_UNITS}|a\s+hundred)"
_NUM = rf"(?:[0-9]{{1,3}}|(?i:{_NUM_WORD}))"
_DECADE_WORD = "twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties|teens"
_POSSESSIVE = r"(?i:his|her|their|my|your|our)"
_CAP = r"[A-Z\u00c0-\u00d6\u00d8-\u00de][a-z\u00df-\u00ff'\-]+"
_CAPS = r"[A-Z][A-Z'\-]{2,}"

# Russian and Ukrainian: years after a number; a person in the dative ("мне", "Мамі", "сыну")
# or a patient in the nominative; a verb between them ("мені вже 45", "ему исполнилось 7");
# the nouns that make "N років" or "10-річний" a duration ("10 років стажу", "5 лет назад")
_RU_UK_YEARS = r"(?i:років|роки|рік|лет|года|год)"
_RU_UK_PERSON = (
    "мне|ему|ей|тебе|вам|мені|йому|їй|тобі|"
    "мамі|матері|татові|тату|батькові|синові|сину|доньці|дочці|бабусі|бабці|дідусеві|дідусю|"
    "дідові|дружині|чоловікові|братові|брату|сестрі|дитині|онукові|онуці|пацієнтові|пацієнту|"
    "пацієнтці|хворому|хворій|"
    "маме|матери|папе|отцу|сыну|дочери|дочке|бабушке|дедушке|деду|жене|мужу|сестре|ребёнку|"
    "ребенку|внуку|внучке|пациенту|пациентке|больному|"
    "пацієнт|пацієнтка|хворий|хвора|пациент|пациентка|больной|больная"
)
_RU_UK_VERB = "вже|уже|було|было|буде|будет|исполнилось|исполнится|виповнилося|виповниться"
_RU_UK_DURATION = (
    "тому|назад|стаж|досвід|опыт|робот|работ|служб|тюрм|позбавлен|лишени|колон|гаранті|"
    "гаранти|контракт|термін|срок|період|период|ювіле|юбиле|кредит|іпотек|ипотек|план|програм|"
    "истори|істор|перерв|войн|війн"
)

_PATTERNS: list[tuple[str, str, float]] = [
    # 43 years old / 43-year-old / 43 yrs / 43 years of age / forty-three years old
    (
        "years_old",
        rf"(?<![\w.,])(?P<p1>{_NUM}(?:\s*-\s*|\s+)(?i:years?|yrs?\.?|months?)(?:\s*-\s*|\s+)"
        rf"(?i:old|of\s+age)|{_NUM}-(?i:year|month)-old|{_NUM}\s*(?i:y/o|y\.o\.|yo)|"
        rf"{_NUM}\s+(?i:year|yr)\s+old)(?![\w])",
        0.85,
    ),
    ("yrs", r"(?<![\w.,])(?P<p2>[0-9]{1,3}\s?(?i:yrs\.?))(?![\w])", 0.7),
    # (before "aged": a field keeps its unit) Age/Sex: 52 Y / F, Age/Gender: 34/M, Age: 40 y
    (
        "age_field",
        r"(?<![\w])(?i:age[ \t]*/[ \t]*(?:sex|gender)|age(?:[ \t]+(?:at|on)[ \t]+[a-z]+)?"
        # ... at a date: "Age on 1 Feb 2025: 15", "Age at 31/03/2025: 67"
        r"|age[ \t]+(?:at|on|as[ \t]+(?:at|of))[ \t]+[0-9][^:\n]{3,16}"
        # the same field in Spanish and Tagalog, Italian, French, Portuguese, German, Dutch,
        # Hebrew, Hindi, Bengali, Persian, Arabic, Russian, Turkish, Polish, Malay/Indonesian
        r"|edad|età|âge|idade|alter|leeftijd|\u05d2\u05d9\u05dc|\u0906\u092f\u0941|"
        r"\u09ac\u09af\u09bc\u09b8|\u09ac\u09df\u09b8|\u0633\u0646|\u0627\u0644\u0639\u0645\u0631|\u0627\u0644\u0633\u0646|"
        r"\u0432\u043e\u0437\u0440\u0430\u0441\u0442|ya\u015f|wiek|umur|usia)"
        r"(?:[ \t]*:[ \t]*|[ \t]*\|[ \t]*)"  # "Age: 86", and a form's table row "| Age | 86 |"
        r"(?P<p10>[0-9]{1,3}(?:[ \t]?(?:Y|y|yrs?|years?|\u0935\u0930\u094d\u0937|"
        r"\u09ac\u099b\u09b0|\u0633\u0627\u0644|\u0633\u0646\u0629|\u043b\u0435\u0442|\u0433\u043e\u0434\u0430|tahun|lat)(?!\w))?)"
        r"(?=[ \t]*(?:/|$|\n|[ \t]{2}|,|;|\|))",
        0.8,
    ),
    # a sex, a comma, then the age, as referrals and clinical notes write it: "Potential donor:
    # male, 58", "(female, 34)"
    (
        "sex_comma_age",
        r"(?<![\w])(?i:male|female)[ \t]*,[ \t]*(?P<p43>[0-9]{1,3})"
        r"(?![\w/:]|[.,][0-9]|[ \t]*(?:%|kg|cm|mm|mg|ml|years?[ \t]+ago))",
        0.75,
    ),
    # aged 43 / age 43 / age: 43 / at the age of 43 (the span is the number)
    (
        "aged",
        rf"(?<![\w])(?:(?i:aged|age(?:d)?\s*:|age|age\s+of|ages)\s+(?i:about\s+|around\s+|"
        rf"approximately\s+|nearly\s+|almost\s+|just\s+|only\s+|over\s+|under\s+)?"
        rf"(?P<p3>[0-9]{{1,3}})|(?i:aged)\s+(?P<p3w>(?i:{_NUM_WORD})))(?![\w/]|:[0-9]|[.,][0-9])",
        0.85,
    ),
    # in his forties / in her early 30s / in their mid-twenties
    (
        "decade",
        rf"(?<![\w])(?i:in)\s+{_POSSESSIVE}\s+(?P<p4>(?:(?i:early|mid|late)[\- ]?)?"
        rf"(?:(?i:{_DECADE_WORD})|[1-9]0['\u2019]?s))(?![\w])",
        0.8,
    ),
    # I'm 29, F / my mother is 72 / who was seventeen at the material time / turning 16 /
    # she is now 21 and / who was then 17, / Customer is 71, / born in 2008, making him 16;
    (
        "subject_age",
        rf"(?<![\w])(?i:(?:i'?m|i\s+am|i\s+was|(?:he|she)(?:'s|s|\s+is|\s+was)|who\s+(?:is|was)|"
        rf"(?:my|his|her|their|our)\s+(?:mother|father|mum|mom|dad|son|daughter|wife|husband|"
        rf"brother|sister|grandmother|grandfather|gran|granny|grandson|granddaughter|child|kid|"
        rf"baby|boy|girl|partner)(?:\s+(?-i:[A-Z][a-z\u00e0-\u024f'\-]+))?\s+(?:is|was)|(?:the\s+)?(?:customer|client|patient|victim|"
        rf"appellant|applicant|claimant|tenant|deceased|complainant|caller|insured|"
        rf"policyholder|resident|passenger|pupil|student)\s+(?:is|was)"
        rf"|(?-i:[A-Z][a-z\u00e0-\u024f'\-]+),\s+(?:is|was|still\s+only|only)"
        rf"|you\s+are|you'?re|(?:the\s+)?(?:client|patient|resident)(?=\s+now\b)"
        # a parent or grandparent called by the word alone: "Dad is 74", "Nan's 91"
        rf"|(?-i:Dad|Mum|Mom|Mam|Nan|Nana|Gran|Granny|Grandma|Grandpa|Grandad|Granddad)"
        rf"(?:'s|\u2019s|\s+is|\s+was))"
        rf"(?:\s+(?:now|then|still))?|(?:just\s+)?(?:turning|turned|turns)|making\s+(?:him|her|me))\s+"
        rf"(?P<p7>{_NUM}(?:\s+(?i:years?|yrs|months?|weeks?)(?!\s+(?i:old|of\s+age|ago)\b))?)"
        rf"(?=[ \t]*(?:[,.;)!?\n]|$)|\s+(?i:and|at|now|today|next|this|the|on|in|"
        rf"back|when|but|so|or|he|she|i|we|they)\b|\s+[MF]\b"
        r"|[ \t]+\((?i:born|b\.|dob|d\.o\.b\.)[ \t])",  # "He is 83 (DOB 12/03/1941)"
        0.75,
    ),
    # My dad (61, retired ...) / Nnamdi (31) / Hourigan, 83, / a child (7 years) / the bride, 31, /
    # Tunde Ajibola, 32; Emeka Nwosu, 27 – ...
    (
        "bracket_age",
        r"(?:(?<=[A-Za-z\u00c0-\u024f\"'])|(?<=[A-Z]\.))(?:[ \t]{1,3}\(|,\s)(?P<p8>[0-9]{1,2})"
        r"(?=,\s|;\s|\)|\s[\u2013\u2014]\s|\.(?:[ \t]|\n|\Z)|[ \t]*(?:\n|\Z)|\s(?i:years?|yrs)\)"
        r"|[ \t]+\((?i:born|b\.|dob|d\.o\.b\.)[ \t])",
        0.7,
    ),
    # Because Ilyas is 19 and ... / Conor was only 19. (the name must be a known given name:
    # see analyze)
    (
        "name_is_age",
        r"(?<![\w])(?P<name>[A-Z][a-z\u00e0-\u024f'\-]+)\s+(?:is|was)\s+(?:(?:now|only|still)\s+)?"
        r"(?P<p17>[0-9]{1,3})(?=[ \t]*(?:[,.;)!?\n]|$)|\s+(?i:and|but|so|now|years|yrs)\b)",
        0.7,
    ),
    # the kids (Adam 12, Noor 9): given names with their ages in brackets
    (
        "name_num_list",
        r"\((?P<p18>[A-Z][a-z\u00e0-\u024f'\-]+[ \t]+[0-9]{1,2}(?:(?:,[ \t]*|[ \t]+and[ \t]+)"
        r"[A-Z][a-z\u00e0-\u024f'\-]+[ \t]+[0-9]{1,2})+)\)",
        0.75,
    ),
    # he is about thirty, white / her daughter (about 10)
    (
        "about_age",
        rf"(?:(?<![\w])(?i:is|was|be|aged|\()|,)\s*(?i:about|around|nearly|almost|roughly|"
        rf"approx\.?|approximately|ca\.|c\.)\s+"
        rf"(?P<p9>{_NUM}(?:\s+(?i:years?|yrs)(?!\s+(?i:old|of\s+age)\b))?)"
        rf"(?=\s*(?:[,.;)]|$)|\s+(?i:and|in|at|years?|yrs)\b)",
        0.7,
    ),
    # (M/62), F/45, 62/M in police and medical notes
    (
        "sex_age",
        r"(?<![\w/])(?:[MF][ \t]?/[ \t]?(?P<p11>[0-9]{1,2})|(?P<p12>[0-9]{1,2})[ \t]?/[ \t]?[MF])"
        r"(?![\w/])",
        0.75,
    ),
    # her 100th birthday / grandma's 80th is on 17th Feb / Tolani's 30th birthday
    (
        "ordinal_age",
        r"(?<![\w])(?P<p15>[0-9]{1,3}(?:st|nd|rd|th))(?=[ \t]+(?i:birthday|bday|b-day)\b)"
        r"|(?i:grandma|grandad|granny|grandpa|nan|mum|mom|dad|mother|father)['\u2019]s[ \t]+"
        r"(?P<p16>[0-9]{2,3}(?:st|nd|rd|th))(?![\w])",
        0.75,
    ),
    # other languages, after a cue: "de 47 años", "un varón de unos 25 años", "âgée de 41 ans",
    # "di 45 anni", "tiene 30 años"; "72 Jahre alt", "die 72-jährige Patientin", "45-jarige"
    (
        "intl_years",
        r"(?<![\w])(?<!más )(?<!mas )(?<!plus )(?<!menos )(?<!moins )(?<!oltre )"
        r"(?i:de|di|âgée?s?[ \t]+de|agée?s?[ \t]+de|tiene|tenía|tenia|tem|tinha|aveva|avait|"
        r"tengo|tenho|j'ai|j\u2019ai|ho|"
        r"edad:?|età:?|âge:?|idade:?|completa|completou|completó|cumple|cumplió|cumplirá|"
        r"compie|compiuto)[ \t]+(?i:unos[ \t]+|environ[ \t]+|circa[ \t]+)?"
        # not a duration: "tengo 20 años de experiencia", "j'ai 5 ans d'expérience"
        r"(?P<p20>[0-9]{1,3}[ \t]+(?:años|anos|ans|anni))(?![\w])"
        r"(?![ \t]+(?i:de|da|di|d'|d\u2019|en|em|in|como|come|comme|trabaj|trabalh|lavor))"
        r"|(?<![\w.,])(?P<p21>[0-9]{1,3}[ \t]+(?:Jahre[ \t]+alt|jaar[ \t]+oud|år[ \t]+gammal)"
        r"|[0-9]{1,3}-(?:[Jj]ährige[nrms]?|[Jj]arige|åring(?:en)?))(?![\w])",
        0.8,
    ),
    # a Spanish or Portuguese apposition: "Jorge Canul Poot, de 19, y ..."
    (
        "de_age",
        r"(?<=[A-Za-z\u00c0-\u024f]),[ \t]+de[ \t]+(?P<p22>[0-9]{1,2})"
        r"(?=[ \t]*[,;.)]|[ \t]+(?:y|e)\b)",
        0.75,
    ),
    # an age with its unit, in another language, put after a person between commas or in
    # brackets: "Wilmer, 22 años, boliviano", "(hijo, 12 años)", "Αθανάσιος Ζαχαρίου, 92 ετών,",
    # "14/08/1986 (38 años)",
    # "pan Henryk Sowa, lat 78,"
    (
        "intl_apposition",
        # (also after an identifier or a date: "donante nº D-7731, 26 años", "1941, 83 jaar")
        r"(?:(?:(?<=[^\W_])|(?<=\))),[ \t]+|(?<=\())(?P<p24>[0-9]{1,3}[ \t]+(?:años|anos|ans|"
        r"anni|Jahre|jaar|år|ετών|лет|года|год|yaşında|tuổi|let|lata|lat|rokov|roků|роки|років|"
        r"рік|anys|éves)"
        r"|lat[ \t]+[0-9]{1,3})"
        r"(?=[ \t]*[,;.)\n]|[ \t]*\Z)",
        0.75,
    ),
    # a number with a word that only ever means an age: "6 tuổi", "25 yaşlarında", "72 ετών"
    (
        "age_word",
        r"(?<![\w.,])(?P<p25>[0-9]{1,3}[ \t]+(?:tuổi|ya\u015f\u0131nda|ya\u015flar\u0131nda|"
        r"ya\u015f\u0131ndaki|ετών))(?![\w])",
        0.8,
    ),
    # a decade after a sex: "male, 30s", "female, late 20s" (descriptions in police logs)
    (
        "sex_decade",
        r"(?<![\w])(?i:male|female|man|woman)[ \t]*,[ \t]*"
        r"(?P<p19>(?:(?i:early|mid|late)[\- ]?)?[1-9]0['\u2019]?s)(?![\w])",
        0.75,
    ),
    # DOB: 03/09/1948 (75), DOB: 1985-03-12 (39 y)
    (
        "dob_age",
        r"(?i:dob|d\.o\.b\.?|date[ \t]+of[ \t]+birth(?:[ \t]+and[ \t]+age)?|born|"
        r"n[\u00e9e]e?[ \t]+le|nacid[ao]|geb\.|geboren)[ \t]*:?[ \t]*"
        r"(?:[0-9]{1,2}[./\-][0-9]{1,2}[./\-](?:19|20)?[0-9]{2}|(?:19|20)[0-9]{2}-[0-9]{2}-[0-9]{2}"
        # "DOB: 4 Nov 1936 (88)", "Born: 2 de septiembre de 2017 (7)"
        r"|[0-9]{1,2}[ \t]+(?:de[ \t]+)?[^\W\d_]{3,10}\.?,?[ \t]+(?:de[ \t]+)?(?:19|20)[0-9]{2})"
        r"(?:[ \t]*"
        r"\((?P<p13>[0-9]{1,3}(?:[ \t]?(?:y|yrs?|years|yo|ans|a\u00f1os|anos|Jahre))?)\)"
        # "Date of birth and age: 29/08/1978, 46"
        r"|,[ \t]*(?P<p13b>[0-9]{1,3})(?=[ \t]*(?:\n|\Z|[;.]\s)))",
        0.8,
    ),
    # an age put after a person between commas: "Lemburis Kivuyo, now 81, confirmed", "Mrs
    # Probert, then 87, of Treorchy"
    (
        "now_age",
        r"(?<=[\w.]),[ \t]+(?:now|then)[ \t]+(?P<p23>[0-9]{1,3})(?=[ \t]*,|[ \t]+and[ \t])",
        0.75,
    ),
    # "having" an age in the first or third person: Polish "Mam 72 lata", "mama ma 72 lata";
    # Romanian "Am 56 de ani", "Ștefan are 6 ani"; Swedish, Danish, Norwegian "Jag är 41 år",
    # "han er 30 år" (Russian and Ukrainian "мне 58 лет": "ru_uk_age")
    (
        "intl_have",
        r"(?<![\w])(?:(?i:mam|ma|miał|miała|masz|mają|am|are|avea|aveam|ai)[ \t]+"
        r"(?P<p27>[0-9]{1,3}[ \t]+(?:lat|lata|de[ \t]+ani|ani))"
        r"|(?i:jag|han|hon|hun|jeg|du|vi|hen|de)[ \t]+(?i:är|er|var|blir|bliver|blir)[ \t]+"
        r"(?P<p28>[0-9]{1,3}[ \t]+år)(?![ \t]+(?i:sedan|siden|sidan))"
        # Catalan "Tinc 74 anys"; Hungarian "21 éves vagyok"
        r"|(?i:tinc|té|tens|tenia|tenim)[ \t]+(?P<p29b>[0-9]{1,3}[ \t]+anys)"
        r"|(?P<p29c>(?<![0-9])[0-9]{1,3}[ \t]+éves)(?=[ \t]+(?:vagyok|voltam|volt|vagy|lett))"
        r")(?![\w])",
        0.75,
    ),
    # Russian and Ukrainian: "N лет/років" is a duration too ("працював 10 років"), so only
    # after a person in the dative ("мне 58 лет", "Мамі 79 років", "сыну исполнилось 7 лет"),
    # a patient in the nominative as clinical notes write it ("Больная 67 лет"), "у віці",
    # "в возрасте", "віком", or a field ("Возраст: 45"); and "79-річна", "45-летний" before
    # anything but a duration's noun ("10-річний досвід")
    (
        "ru_uk_age",
        rf"(?<![\w])(?:(?i:{_RU_UK_PERSON})[ \t]+(?:(?i:{_RU_UK_VERB})[ \t]+)?"
        rf"(?P<p29>[0-9]{{1,3}}[ \t]+{_RU_UK_YEARS})"
        rf"|(?i:у[ \t]+віці|в[ \t]+віці|віком|в[ \t]+возрасте)[ \t]+"
        rf"(?:(?i:около|приблизно|близько|майже|почти)[ \t]+)?"
        rf"(?P<p36>[0-9]{{1,3}}(?:[ \t]+{_RU_UK_YEARS})?)"
        rf"|(?i:вік|возраст)[ \t]*[:\u2013\u2014\-][ \t]*"
        rf"(?P<p37>[0-9]{{1,3}}(?:[ \t]+{_RU_UK_YEARS})?))"
        rf"(?![\w]|[.,][0-9])(?![ \t]+(?i:{_RU_UK_DURATION}))"
        rf"|(?<![\w.,])(?P<p38>[0-9]{{1,3}}-(?i:річн|летн)[а-яіїєґ]*)(?![\w])"
        rf"(?![ \t]+(?i:{_RU_UK_DURATION}))",
        0.8,
    ),
    # Indonesian and Malay: "usia 34 tahun", "berusia 5 bulan", "Umur: 34"; and "N tahun"
    # (also a duration: "5 tahun yang lalu") in brackets or between commas after a name or a
    # person's word: "Kirana Putri Hartono (2 tahun)", "anak (5 tahun)" (see analyze)
    (
        "id_age",
        r"(?<![\w])(?i:usia|umur|berusia|berumur|usianya|umurnya)[ \t]*:?[ \t]*"
        r"(?:(?i:sekitar|kira-kira|hampir)[ \t]+)?"
        r"(?P<p39>[0-9]{1,3}(?![0-9]|[.,][0-9])(?:[ \t]+(?i:tahun|thn|bulan))?)(?![\w])"
        r"(?![ \t]+(?i:yang[ \t]+lalu|lalu|silam|lagi))"
        r"|(?:(?<=[^\W\d_])[ \t]{1,3}\(|(?<=[^\W\d_]),[ \t]+)"
        r"(?P<p40>[0-9]{1,3}[ \t]+(?i:tahun|thn))(?=[ \t]*[),;])",
        0.8,
    ),
    # Arabic, after a word for age: "العمر 34 سنة", "العمر: 34", "عمره 34 عاماً", "يبلغ من
    # العمر 34 عاماً", "عن عمر يناهز 80 عاماً" (not "خلال 3 سنوات", a duration)
    (
        "ar_age",
        r"(?<![\w])(?<!متوسط )[وف]?(?:(?:[يت]بلغ|البالغ|البالغة)[ \t]+من[ \t]+العمر|العمر"
        r"|عمره|عمرها|عمري|عمرك|عمرهم|بعمر|عن[ \t]+عمر)[ \t]*:?[ \t]*(?:يناهز[ \t]+)?"
        r"(?P<p41>[0-9]{1,3}(?![0-9]|[.,][0-9])"
        r"(?:[ \t]+(?:سنة|سنوات|سنين|عاماً|عامًا|عاما|عام|أعوام|اعوام|شهراً|شهرًا|شهرا|"
        r"شهر|أشهر|اشهر)(?![\w\u064b-\u065f]))?)",
        0.8,
    ),
    # Swahili, after the word for age (the span is the number, as for "aged 43"): "umri 27",
    # "umri: 27", "mwenye umri wa miaka 27"; or "miaka N" after "having": "ana miaka 27",
    # "mwenye miaka 5" ("kwa miaka 10", "miaka 5 iliyopita" are durations)
    (
        "sw_age",
        r"(?<![\w])(?:(?i:umri)(?:[ \t]+(?i:wa))?(?:[ \t]+(?i:miaka))?[ \t]*:?"
        r"|(?i:ana|nina|una|mwenye|wana|wenye)[ \t]+(?i:miaka))[ \t]+"
        r"(?P<p42>[0-9]{1,3})(?![\w]|[.,][0-9])(?![ \t]+(?i:iliyopita|ijayo))",
        0.8,
    ),
    # a number with the character that means "years of age" in Chinese, Japanese and Korean
    # ("22歳", "78歲", "36세", "満31歳"), after the Thai or Amharic word for age ("อายุ 46 ปี",
    # "ዕድሜ 24"), or with the Hindi word for years before के / की ("78 वर्ष के")
    (
        "script_age",
        r"(?P<p30>(?<![0-9])[0-9]{1,3}(?:歳|歲|岁|세)"
        r"|(?<![0-9])[0-9]{1,3}[ \t](?:वर्ष|साल)(?=[ \t](?:के|की|का)))"
        r"|อายุ[ \t](?P<p31>[0-9]{1,3}(?:[ \t]?ปี)?)|ዕድሜ[ \t](?P<p32>[0-9]{1,3})"
        # ... and Romanian and Italian appositions: "Andrei Dobre, de 24 de ani,", "«Volpino», di
        # anni 38,"
        r"|,[ \t]de[ \t](?P<p33>[0-9]{1,3}[ \t]+de[ \t]+ani)|di[ \t]anni[ \t](?P<p34>[0-9]{1,3})",
        0.8,
    ),
    # an age after a person's relation in brackets: "Mr Abdul Karim Chowdhury (son), 44, taxi
    # driver", "Grace (daughter, carer), 52;"
    (
        "relation_age",
        r"\((?i:son|daughter|wife|husband|mother|father|mum|mom|dad|brother|sister|partner|"
        r"spouse|carer|nephew|niece|grandson|granddaughter|grandmother|grandfather|aunt|uncle|"
        r"cousin|stepson|stepdaughter|friend|neighbour|neighbor|tenant|lodger)"
        r"(?:,[ \t]*[a-z][a-z \t\-]{0,20})?\),[ \t]+(?P<p26>[0-9]{1,3})"
        r"(?=[ \t]*[,;.)]|[ \t]+(?:y|yrs?|years)\b)",
        0.75,
    ),
    # John Smith (43) / Maria Lopez, 43, / Rosa Elena, 38 años, / TARIQ AKHTAR, 68, / "Femi,
    # 32 · Peckham" (a name alone opening a line, then its age and a separator)
    (
        "after_name",
        rf"(?<![\w])(?:{_CAP}|{_CAPS})\s+(?:{_CAP}|{_CAPS})"
        # (a nickname in quotes between: 'Lukas Brenner ("LuBz"), 22,')
        r"(?:[ \t]+\([\"\u201c][^\"\u201d\n]{1,20}[\"\u201d]\))?"
        rf"(?:\s*\((?P<p5>[0-9]{{1,3}})\)|,\s+"
        rf"(?P<p6>[0-9]{{1,3}}(?:[ \t]+(?:years|yrs|a\u00f1os|anos|ans|anni|Jahre))?),)"
        rf"|(?:(?m:^)|\|)[ \t]*(?:{_CAP}|{_CAPS})"
        rf"(?:[ \t\-](?:{_CAP}|{_CAPS})){{0,3}},[ \t]+(?P<p14>[0-9]{{1,2}})"
        r"(?=[ \t]*[\u00b7\u2022|])",
        0.7,
    ),
]
_RX = Alternation([(name, rx) for name, rx, _ in _PATTERNS], "age_alternation")
_SCORES = {name: sc for name, _, sc in _PATTERNS}
_ENT = {
    "years_old": "p1",
    "yrs": "p2",
    "aged": "p3",
    "decade": "p4",
    "subject_age": "p7",
    "bracket_age": "p8",
    "about_age": "p9",
    "age_field": "p10",
    "dob_age": "p13",
    "ordinal_age": "p15",
    "name_is_age": "p17",
    "sex_decade": "p19",
    "de_age": "p22",
    "now_age": "p23",
    "intl_apposition": "p24",
    "age_word": "p25",
    "relation_age": "p26",
    "ar_age": "p41",
    "sex_comma_age": "p43",
    "sw_age": "p42",
}
_NUMBER = re.compile(r"[0-9]+")
# Nouns whose "de/di N años|ans|anni" is a duration, not an age.
_DURATION_BEFORE = re.compile(
    r"(?i:contrato|contrat|contratto|condena|pena|peine|período|periodo|période|plazo|prazo|"
    r"durée|durata|duración|duração|experiencia|experiência|expérience|esperienza|hipoteca|"
    r"préstamo|prestito|prêt|garantía|garantie|garanzia|mandato|mandat|sentencia)"
    r"[ \t]+(?:\w+[ \t]+)?(?:de|di|da)[ \t]+(?:unos[ \t]+|environ[ \t]+|circa[ \t]+)?\Z"
)
_WORD_BEFORE = re.compile(r"([^\W\d_]+)[\"'\u201d]?(?:[ \t]{1,3}\(|,\s)\Z")
_SENTENCE_END = re.compile(r"\.(?:[ \t]|\n|\Z)|[ \t]*(?:\n|\Z)")
_NAME_PAIR_BEFORE = re.compile(r"[A-Z][\w'\-]+[ \t][A-Z][\w'\-]+,[ \t]\Z")
_MORE_PERSONS = frozenset(
    "teen volunteer pensioner retiree grandma grandad grandpa nan law niece nephew cousin "
    "uncle aunt neighbour neighbor veteran spinner batsman bowler runner player".split()
)
_RELATIONS = frozenset(
    "dad mum mom father mother son daughter child kid baby boy girl wife husband brother "
    "sister grandmother grandfather gran granny grandson granddaughter partner friend bride "
    "groom victim deceased suspect patient man woman accused defendant claimant teenager "
    "pedestrian passenger applicant appellant respondent complainant employee worker witness "
    "driver tenant resident pupil student caller client customer".split()
)


_TITLED_INITIALS_BEFORE = re.compile(
    r"(?<![\w])(?:Mr|Mrs|Ms|Miss|Dr)\.?[ \t]+(?:[A-Z]\.){1,3}(?:,[ \t]+|[ \t]*\()\Z"
)


def _age_owner_before(text: str, start: int) -> bool:
    """Whether the word before ``(43`` / ``, 43,`` is a name (capitalized) or a relation."""
    if _TITLED_INITIALS_BEFORE.search(text, max(0, start - 20), start):
        return True  # "Mr A.K., 66 \u2013": a patient written by title and initials
    m = _WORD_BEFORE.search(text, max(0, start - 40), start)
    if m is None:
        return False
    word = m.group(1)
    months = {"January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December", "Article", "Section", "Page",
              "Rule", "Chapter", "Room", "Flat", "Level"}  # fmt: skip
    return (
        (word[0].isupper() and word not in months and not word.isupper())
        or word.lower() in _RELATIONS
        or word.lower() in _single_word_titles()
    )


# Indonesian and Malay words for a person before "(N tahun)": "anak (5 tahun)"
_ID_PERSONS = frozenset(
    "anak ibu ayah bapak istri suami putra putri adik kakak cucu nenek kakek pasien korban "
    "tersangka pelaku saksi".split()
)


def _id_age_owner_before(text: str, start: int) -> bool:
    """Whether ``(N tahun`` / ``, N tahun`` follows a name or an Indonesian person's word."""
    if _age_owner_before(text, start):
        return True
    m = _WORD_BEFORE.search(text, max(0, start - 40), start)
    return m is not None and m.group(1).lower() in _ID_PERSONS


def _single_word_titles() -> frozenset[str]:
    """One-word job titles ("teacher, 61,"), and words for a person the relations lack."""
    from privtext.tagging.recognizers.job_title import job_title_set

    return frozenset(t for t in job_title_set() if " " not in t) | _MORE_PERSONS


def _given_name(word: str) -> bool:
    from privtext.tagging.recognizers.gazetteer import load_gazetteer

    gaz = load_gazetteer(None)
    return word in gaz.given and word not in gaz.known_tokens


_MAX_AGE = 120
_TABLE_SCORE = 0.75
_AGE_HEADER = re.compile(r"(?i)age(?:[ \t]*\((?:yrs?|years)\))?")


def _table_ages(text: str) -> list[tuple[int, int]]:
    """Numbers in the "Age" column of a table drawn with bars ("| No. | Defendant | Age |").

    The header row names the column; every later row of the table (lines with as many bars)
    gives the cell under it when the cell is a number of one to three digits up to 120.
    """
    out: list[tuple[int, int]] = []
    col = -1
    pos = 0
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        cells = stripped.split("|") if stripped.count("|") >= 2 else None
        if cells is None:
            col = -1
        elif col < 0:
            names = [c.strip() for c in cells]
            col = next((k for k, c in enumerate(names) if _AGE_HEADER.fullmatch(c)), -1)
        elif col < len(cells):
            offset = line.index(stripped) + sum(len(c) + 1 for c in cells[:col])
            cell = cells[col]
            value = cell.strip()
            if value.isdigit() and len(value) <= 3 and int(value) <= _MAX_AGE:
                a = pos + offset + cell.index(value)
                out.append((a, a + len(value)))
        pos += len(line)
    return out


_SECOND_AGE = re.compile(
    r"\s*(?:\s(?:and|&|to)\s|[\-\u2013])\s*([0-9]{1,3})(?![\w/:]|[.,][0-9])"
)  # "aged 9 and 6", "girls aged 11 to 14", "aged 11-14"


class AgeRecognizer(Recognizer):
    """Tag ages as ``AGE`` (see the module docstring)."""

    name: ClassVar[str] = "age_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("AGE",)

    def analyze(self, text: str) -> list[Span]:
        """Find ages in ``text``.

        Args:
            text: the document text.

        Returns:
            One span per age phrase.
        """
        if not text:
            return []
        out: list[Span] = []
        for m in _RX.finditer(text):
            kind = m.lastgroup
            if kind is None:
                continue
            if kind == "name_num_list":
                for n in re.finditer(r"[0-9]{1,2}", m.group("p18")):
                    a = m.start("p18") + n.start()
                    out.append(Span(a, a + len(n.group()), "AGE", _SCORES[kind], self.name))
                continue
            if kind == "after_name":
                grp = next(g for g in ("p5", "p6", "p14") if m.start(g) >= 0)
            elif kind == "sex_age":
                grp = "p11" if m.start("p11") >= 0 else "p12"
            elif kind == "aged":
                grp = "p3" if m.start("p3") >= 0 else "p3w"
            elif kind == "intl_years":
                grp = "p20" if m.start("p20") >= 0 else "p21"
            elif kind == "ordinal_age":
                grp = "p15" if m.start("p15") >= 0 else "p16"
            elif kind == "script_age":
                grp = next(g for g in ("p30", "p31", "p32", "p33", "p34") if m.start(g) >= 0)
            elif kind == "intl_have":
                grp = next(g for g in ("p27", "p28", "p29b", "p29c") if m.start(g) >= 0)
            elif kind == "ru_uk_age":
                grp = next(g for g in ("p29", "p36", "p37", "p38") if m.start(g) >= 0)
            elif kind == "id_age":
                grp = "p39" if m.start("p39") >= 0 else "p40"
            elif kind == "dob_age":
                grp = "p13" if m.start("p13") >= 0 else "p13b"
            else:
                grp = _ENT[kind]
            s, e = m.span(grp)
            if s < 0 or s >= e:
                continue
            if kind == "name_is_age" and not _given_name(m.group("name")):
                continue
            if kind == "intl_years" and _DURATION_BEFORE.search(text, max(0, m.start() - 30), s):
                continue  # "un contrato de 10 años": a duration
            if kind == "bracket_age" and not _age_owner_before(text, s):
                continue
            if kind == "id_age" and grp == "p40" and not _id_age_owner_before(text, s):
                continue  # "masa kontrak (5 tahun)": a duration
            if (
                kind == "bracket_age"
                and _SENTENCE_END.match(text, e)
                and not _NAME_PAIR_BEFORE.search(text, max(0, s - 60), s)
            ):
                continue  # "Dorothy McNaughton, 82." / "..., 38" ending a line: after a full name
            num = _NUMBER.search(text, s, e)
            if num is not None and int(num.group()) > _MAX_AGE:
                continue
            out.append(Span(s, e, "AGE", _SCORES[kind], self.name))
            pair = _SECOND_AGE.match(text, e) if kind == "aged" else None
            if pair is not None and int(pair.group(1)) <= _MAX_AGE:
                # "two children, aged 9 and 6": the second age of the pair
                out.append(Span(pair.start(1), pair.end(1), "AGE", _SCORES[kind], self.name))
        if "|" in text:
            out.extend(Span(a, b, "AGE", _TABLE_SCORE, self.name) for a, b in _table_ages(text))
        return out
