"""DATE and DATE_OF_BIRTH recognizer: calendar dates written out or in numbers.

Formats (one regex pass, alternatives tried longest first):

* day, month name, year: ``12 March 2019``, ``12th of March 2019``, ``12-Mar-2019``,
  ``Monday, 12 March 2019``, ``12-14 March 2019``; without a year ``12 March``, ``3rd of May``;
* month name, day, year: ``March 12, 2019``, ``Mar. 12th 2019``; without a year ``Mar. 12``;
* month name and year: ``March 2019``, ``Sept. 1998``;
* numbers: ``12/03/2019``, ``12.03.2019``, ``12-03-2019``, ``2019-03-12``, ``2019/03/12`` and
  ``12/03/19`` (the same separator twice; day and month are checked, either order);
* a bare year 1900-2099 only after a cue: ``in 1950``, ``since 1998``, ``born in 1950``,
  ``(1998)``, ``from 1990 to 1995`` (one span for the range), ``the summer of 1998``; decades
  (``the 1990s``) score lower;
* other languages' month names after a day or before a year (``3 mars 2025``, ``7 Machi
  2025``, ``März 2024``); Thai with a Buddhist era year (``16 มีนาคม 2568``, ``3 ม.ค. 68``),
  Hindi (``31 मार्च 2026``), and Arabic Gregorian and Hijri months with a day and a year
  (``14 مارس 2025``, ``14 رمضان 1446``; the era letter ``هـ`` after it stays out);
* a full month name alone after ``in``/``since``/``until``/``early``... (``in March``) scores
  just below the default threshold (the guidelines tag no month alone; a policy with a lower
  ``min_score`` takes it); ``May`` alone never does.

Never tagged: bare digit strings, amounts (``1,950``), phone numbers, application numbers
(``36110/97``), ``2 BvR 123/08``, times, version numbers (``v2.1.2019``).

A date with a birth cue before it (``born on``, ``date of birth``, ``DOB``, ``b.``...; see
:func:`privtext.tagging.context.birth_cue_before`) is a ``DATE_OF_BIRTH``.
"""

from __future__ import annotations

import re
from typing import ClassVar

from privtext.tagging.alternation import Alternation
from privtext.tagging.base import Recognizer, Span
from privtext.tagging.context import birth_cue_before

_MONTH_FORMS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
    "Sept",
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
)
_WEEKDAYS = (
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
    "Mon",
    "Tues",
    "Tue",
    "Wed",
    "Thurs",
    "Thu",
    "Fri",
    "Sat",
    "Sun",
)


# Month names of French, Spanish, Italian, Portuguese, German, Dutch, Swedish, Polish (its
# genitive, as dates write it), Malay, Romanian, Greek and Turkish, without the ones spelt as
# in English: only after a day number ("3 mars 2025", "22 de febrero de 2025", "12. März",
# "1 kwietnia") or before a year.
_INTL_MONTHS = (
    "janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre "
    "décembre decembre "
    "enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre "
    "diciembre "
    "gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre "
    "janeiro fevereiro março marco maio junho julho setembro outubro dezembro "
    "januar jänner februar märz maerz juni juli oktober dezember "
    "januari februari maart mei augustus "
    "augusti maj "
    "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września wrzesnia "
    "października pazdziernika listopada grudnia "
    # Malay and Indonesian ("19 Julai 2025", "4 Agustus"), Romanian ("12 martie 2025")
    "julai ogos disember maret agustus desember "
    "ianuarie februarie martie aprilie iunie iulie septembrie octombrie noiembrie decembrie "
    # Swahili ("7 Machi 2025"; Januari, Februari, Mei, Juni, Julai are above)
    "machi aprili agosti septemba oktoba novemba desemba "
    # Tagalog, month first as Filipino forms write it ("Marso 3, 1976"; Enero, Abril, Mayo,
    # Agosto are Spanish's)
    "pebrero marso hunyo hulyo setyembre oktubre nobyembre disyembre "
    # Greek, genitive as dates write it ("17 Ιανουαρίου 2025") and nominative ("Μάρτιος 2025"),
    # and Turkish ("14 Şubat 2025")
    "Ιανουαρίου Φεβρουαρίου Μαρτίου Απριλίου Μαΐου Ιουνίου Ιουλίου Αυγούστου Σεπτεμβρίου "
    "Οκτωβρίου Νοεμβρίου Δεκεμβρίου Ιανουάριος Φεβρουάριος Μάρτιος Απρίλιος Μάιος Ιούνιος "
    "Ιούλιος Αύγουστος Σεπτέμβριος Οκτώβριος Νοέμβριος Δεκέμβριος "
    "ocak şubat mart nisan mayıs haziran temmuz ağustos eylül ekim kasım aralık "
    # Russian and Ukrainian, genitive as dates write it ("14 января 2025", "3 березня 2024")
    "января февраля марта апреля мая июня июля августа сентября октября ноября декабря "
    "січня лютого березня квітня травня червня липня серпня вересня жовтня листопада грудня "
    # Croatian, Serbian and Czech, genitive as dates write them ("3. travnja 2025.", "12.
    # marta 2024", "5. května 2025"), and Icelandic ("15. janúar 2019")
    "siječnja veljače ožujka travnja svibnja lipnja srpnja kolovoza rujna listopada studenoga "
    "studenog prosinca januara februara marta aprila juna jula avgusta septembra oktobra "
    "novembra decembra ledna února března dubna května června července srpna září října "
    "listopadu prosince janúar febrúar apríl maí júní júlí ágúst október nóvember desember"
).split()
# More languages' months, in a list of their own so that each date branch stays within
# Hyperscan's pattern length (prescan.py): Galician, Catalan, Maltese ("14 ta' Marzu"),
# Albanian, Slovenian (with the genitive), Estonian, Latvian (locative, genitive), Lithuanian
# and Finnish (as dates write them), Afrikaans, Zulu, Welsh, Azerbaijani and Uzbek ("14-mart"),
# Macedonian, Serbian and Bulgarian Cyrillic, Kazakh
_MORE_MONTHS = (
    "xaneiro febreiro xuño xullo setembro outubro novembro decembro "
    "gener febrer març maig juny juliol agost setembre desembre "
    "jannar frar marzu mejju ġunju lulju awwissu settembru ottubru novembru diċembru "
    "janar shkurt prill qershor korrik gusht shtator tetor nëntor dhjetor "
    "marec junij julij avgust januarja februarja marca aprila maja junija julija avgusta "
    "septembra oktobra novembra decembra "
    "jaanuar veebruar märts aprill juuni juuli oktoober detsember "
    "janvārī februārī martā aprīlī maijā jūnijā jūlijā augustā septembrī oktobrī novembrī "
    "decembrī janvāra februāra marta aprīļa maija jūnija jūlija augusta "
    "sausio vasario kovo balandžio gegužės birželio liepos rugpjūčio rugsėjo spalio "
    "lapkričio gruodžio tammikuuta helmikuuta maaliskuuta huhtikuuta toukokuuta kesäkuuta "
    "heinäkuuta elokuuta syyskuuta lokakuuta marraskuuta joulukuuta "
    "januarie februarie junie julie "
    "januwari februwari mashi ephreli meyi julayi agasti septhemba okthoba "
    "ionawr chwefror ebrill mehefin gorffennaf awst hydref tachwedd rhagfyr "
    "yanvar fevral mart aprel iyun iyul avqust avgust sentyabr sentabr oktyabr oktabr noyabr "
    "dekabr "
    "јануари февруари мај јуни јули септември октомври ноември декември "
    "јануара фебруара априла маја јуна јула августа септембра октобра новембра децембра "
    "януари май юни юли "
    "қаңтар ақпан наурыз сәуір мамыр маусым шілде тамыз қыркүйек қазан қараша желтоқсан"
).split()
# Hungarian, written after the year: "1962. április 23.", "2025. január 31-én" (see "hu_date")
_HU_MONTHS = (
    "január február március április május június július augusztus szeptember október "
    "november december"
).split()

# Month names of scripts whose letters need their own patterns (see "th_date", "hi_date" and
# "ar_date" below). Thai, full and short ("16 มีนาคม 2568", "3 ม.ค. 68").
_TH_MONTHS = (
    "มกราคม กุมภาพันธ์ มีนาคม เมษายน พฤษภาคม มิถุนายน กรกฎาคม สิงหาคม กันยายน ตุลาคม พฤศจิกายน ธันวาคม"
).split()
_TH_SHORT_MONTHS = "ม.ค. ก.พ. มี.ค. เม.ย. พ.ค. มิ.ย. ก.ค. ส.ค. ก.ย. ต.ค. พ.ย. ธ.ค.".split()
# Hindi, with the spellings in use ("फ़रवरी" with its nukta written either way, "सितम्बर")
_HI_MONTHS = (
    "जनवरी फ़रवरी \u095eरवरी फरवरी मार्च अप्रैल मई जून जुलाई अगस्त सितंबर सितम्बर अक्टूबर "
    "अक्तूबर नवंबर नवम्बर दिसंबर दिसम्बर"
).split()
# Arabic, Gregorian: the Egyptian and Gulf names, the Levantine ones and the Maghrebi ones,
# with and without their hamza ("14 مارس 2025", "15 آذار 2024", "3 كانون الثاني 2025")
_AR_MONTHS = (
    "يناير فبراير مارس أبريل إبريل ابريل مايو يونيو يونيه يوليو يوليه أغسطس اغسطس سبتمبر "
    "أكتوبر اكتوبر نوفمبر ديسمبر "
    "كانون_الثاني شباط آذار اذار نيسان أيار ايار حزيران تموز آب أيلول ايلول تشرين_الأول "
    "تشرين_الاول تشرين_الثاني كانون_الأول كانون_الاول "
    "جانفي فيفري أفريل افريل ماي جوان جويلية يوليوز أوت غشت شتنبر نونبر دجنبر"
).split()
# Bengali ("১২ মার্চ ২০২৫", digits folded) with both spellings of য়, and the Persian solar
# months ("۲۲ اسفند ۱۴۰۳": with a Solar Hijri year only, "دی", "مهر" and "تیر" being words)
_BN_MONTHS = (
    "জানুয়ারি জানুয়ারি জানুয়ারী ফেব্রুয়ারি ফেব্রুয়ারি ফেব্রুয়ারী মার্চ এপ্রিল মে জুন জুলাই আগস্ট "
    "সেপ্টেম্বর অক্টোবর নভেম্বর ডিসেম্বর"
).split()
_FA_MONTHS = "فروردین اردیبهشت خرداد تیر مرداد شهریور مهر آبان آذر دی بهمن اسفند".split()
# ... and Hijri, nominative and genitive ("ذو/ذي الحجة"), with the variants in use
_HIJRI_MONTHS = (
    "محرم المحرم صفر ربيع_الأول ربيع_الاول ربيع_أول ربيع_الآخر ربيع_الاخر ربيع_الثاني "
    "جمادى_الأولى جمادى_الاولى جمادى_الأول جمادى_الآخرة جمادى_الاخرة جمادى_الثانية رجب "
    "شعبان رمضان شوال ذو_القعدة ذي_القعدة ذو_الحجة ذي_الحجة"
).split()


def _words(words: list[str]) -> str:
    """An alternation of ``words``, longest first; ``_`` stands for a space, ``.`` is literal."""
    forms = sorted(set(words), key=lambda w: (-len(w), w))
    return "(?:" + "|".join(re.escape(w).replace("_", r"[ \t]+") for w in forms) + ")"


_TH_MONTH = _words(_TH_MONTHS)
_TH_SHORT_MONTH = _words(_TH_SHORT_MONTHS)
# a whole Hindi month name: no Devanagari letter or vowel sign after it ("जून" in "जूनियर")
_HI_MONTH = _words(_HI_MONTHS) + r"(?![\w\u0900-\u097f])"
_AR_MONTH = _words(_AR_MONTHS)
_BN_MONTH = _words(_BN_MONTHS) + r"(?![\u0980-\u09ff])"
_FA_MONTH = _words(_FA_MONTHS)
_HU_MONTH = "(?i:" + _words(_HU_MONTHS) + ")"
_HIJRI_MONTH = _words(_HIJRI_MONTHS)

#: the month names above, for other modules ("14 Şubat", "14 رمضان": no person for NER)
INTL_MONTHS = (
    frozenset(_INTL_MONTHS)
    | frozenset(_MORE_MONTHS)
    | frozenset(
        w.replace("_", " ")
        for w in _TH_MONTHS + _HI_MONTHS + _AR_MONTHS + _HIJRI_MONTHS + _HU_MONTHS
    )
)


def _alts(words: tuple[str, ...]) -> str:
    forms = sorted({f for w in words for f in (w, w.upper())}, key=lambda s: (-len(s), s))
    return "(?:" + "|".join(forms) + ")"


# Title Case or upper case month names (``may`` the verb is never a month); after a day also
# full month names in lower case as chats write them ("16 march"), except "may".
_MONTH = _alts(_MONTH_FORMS) + r"\.?"
_MONTH_AFTER_DAY = (
    _alts(_MONTH_FORMS)[:-1]
    + "|"
    + "|".join(m.lower() for m in _MONTH_FORMS[:12] if m != "May")
    + r")\.?"
)
_INTL_MONTH = (
    "(?:"
    + "|".join(sorted({f for m in _INTL_MONTHS for f in (m, m.capitalize(), m.upper())},
                      key=lambda s: (-len(s), s)))
    + ")"
)  # fmt: skip
_MORE_MONTH = (
    "(?:"
    + "|".join(sorted({f for m in _MORE_MONTHS for f in (m, m.capitalize(), m.upper())},
                      key=lambda s: (-len(s), s)))
    + ")"
)  # fmt: skip
# a hyphen joins a day to a month only in lower case ("14-mart", Uzbek and Azerbaijani)
_LOWER_MONTH_START = "a-z\u00e0-\u024f\u0430-\u04ff"
_FULL_MONTH_DOT = re.compile("(?i:" + "|".join(_MONTH_FORMS[:12]) + r")\.\Z")
_MONTH_FULL_NOT_MAY = _alts(tuple(m for m in _MONTH_FORMS[:12] if m != "May"))
_WEEKDAY = _alts(_WEEKDAYS) + r"\.?,?\s+(?:the\s+)?"
_DAY = r"(?:0?[1-9]|[12][0-9]|3[01])(?:st|nd|rd|th|ST|ND|RD|TH)?"
# A day range before the month: "12-14 March", "22 to 29 June"
_DAY_RANGE = rf"(?:\s*(?:[-\u2013]|to)\s*{_DAY})?"
# "12th of March", "28th day of May"
_OF = r"(?:\s+day)?(?:\s+of)?"
_YEAR = r"(?:1[89][0-9]{2}|20[0-9]{2})"
# a day of the month without an ordinal suffix
_DAY_NUM = r"(?:0?[1-9]|[12][0-9]|3[01])"
# a Thai year: Buddhist era or Gregorian, perhaps after its era mark ("พ.ศ. 2568", "ค.ศ. 2025")
_TH_YEAR = rf"(?:(?:พ\.ศ\.|ค\.ศ\.)[ \t]*)?(?:25[0-9]{{2}}|{_YEAR})"
_BARE_YEAR = r"(?:19[0-9]{2}|20[0-9]{2})"
_END = r"(?![0-9A-Za-z])"
_NUM_END = r"(?![0-9]|[.,/\-][0-9])"
_LB = r"(?<![\w.,/\-])"  # left boundary of a number
# ... of a numeric date, which may open a cell of comma-separated values ("Harold
# Brierley,1951-06-02,WY/S/30418"), though not after a digit and a comma ("1,12.03.2019")
_LB_CELL = r"(?<![\w./\-])(?<![0-9],)"
# ... and an ISO date, which no number with thousands separators looks like, after any cell
# ("LF-0311,2025-03-02,room 408")
_LB_ISO_CELL = r"(?<![\w./\-])(?:(?<![0-9],)|(?=[0-9]{4}-[01][0-9]-[0-3][0-9](?![0-9])))"

_YEAR_CUE = (
    r"(?i:in|since|until|till|during|circa|ca\.|c\.|before|after|from|between|by\s+the\s+end\s+of"
    r"|born|b\.|year|(?:early|late|mid)-?|(?:end|beginning|start|middle|spring|summer|autumn|fall|"
    r"winter)\s+of|(?:in|of)\s+the\s+year)"
)
# Words after "in 2000" that make it an amount, not a year.
_UNIT = (
    r"(?i:people|persons|men|women|children|cases|units|items|euros?|dollars?|pounds?|"
    r"francs|EUR|USD|GBP|CHF|km|kg|m|metres|meters|miles|tons|tonnes|hours|minutes|times)\b"
)
_MONTH_CUE = r"(?i:in|since|until|till|during|by|early|late|mid-?|(?:end|beginning|start)\s+of)"

# A day and month (3/12, 16/5), or a month and a day over 12 written the US way (02/26, 4/18).
_DM_OR_MD = (
    r"(?:(?:0?[1-9]|[12][0-9]|3[01])/(?:0?[1-9]|1[0-2])|(?:0?[1-9]|1[0-2])/(?:1[3-9]|2[0-9]|3[01]))"
)

_PATTERNS: list[tuple[str, str]] = [
    # 12 March 2019 / Monday, 12th of March 2019 / 12-14 March 2019 / 12-Mar-2019
    (
        "dmy",
        rf"{_LB}(?:{_WEEKDAY})?{_DAY}{_DAY_RANGE}{_OF}[\s\-]+{_MONTH_AFTER_DAY},?"
        rf"[\s\-]+{_YEAR}{_NUM_END}",
    ),
    # March 12, 2019 / Monday, March 12th 2019
    ("mdy", rf"(?<!\w)(?:{_WEEKDAY})?{_MONTH}\s+{_DAY},?\s+{_YEAR}{_NUM_END}"),
    # ... with another language's month: "Marso 3, 1976", "Setyembre 12, 2024"
    ("intl_mdy", rf"(?<![\w.]){_INTL_MONTH}[ \t]+{_DAY_NUM},[ \t]*{_YEAR}{_NUM_END}"),
    # March 2019
    ("my", rf"(?<!\w){_MONTH},?\s+{_YEAR}{_NUM_END}"),
    # 12 March / the 3rd of May
    ("dm", rf"{_LB}(?:{_WEEKDAY})?{_DAY}{_DAY_RANGE}{_OF}[\s\-]+{_MONTH_AFTER_DAY}(?![\w\-])"),
    # March 12 / Mar. 12th (not a time, not an amount)
    ("md", rf"(?<!\w)(?:{_WEEKDAY})?{_MONTH}\s+{_DAY}(?![\w:]|[.,/\-][0-9])"),
    # other languages: "3 mars 2025", "22 de febrero de 2025", "1er avril", "12. März 2024",
    # "1° marzo 2025", "6 de março de 2025", "1 kwietnia"; and "febrero de 2025", "März 2024"
    (
        "dmy_intl",
        # (a lower-case prefix may join the day with a hyphen: Zulu "ngo-18 Mashi", Maltese
        # "tal-14 ta' Marzu")
        # ("Calle 9 de Julio" is a street)
        rf"(?:{_LB}|(?<=[a-z]-))(?<!Calle )(?<!Avenida )(?<!Av\. )"
        r"(?P<fdm>(?:0?[1-9]|[12][0-9]|3[01])(?:er|re|°|º|\.)?"
        rf"(?:[ \t]+|-(?=[{_LOWER_MONTH_START}]))"
        r"(?:de[ \t]+|ta['\u2019][ \t]+)?"
        rf"{_INTL_MONTH}(?:,?[ \t]+(?:de[ \t]+|del[ \t]+)?{_YEAR})?)(?![\w\-])",
    ),
    # ... the same with the second list of months
    (
        "dmy_intl2",
        rf"(?:{_LB}|(?<=[a-z]-))(?<!Calle )(?<!Avenida )(?<!Av\. )"
        r"(?P<fdm2>(?:0?[1-9]|[12][0-9]|3[01])\.?"
        rf"(?:[ \t]+|-(?=[{_LOWER_MONTH_START}]))"
        r"(?:de[ \t]+|ta['\u2019][ \t]+)?"
        rf"{_MORE_MONTH}(?:,?[ \t]+(?:de[ \t]+)?{_YEAR})?)(?![\w\-])",
    ),
    (
        "my_intl",
        rf"(?<![\w.])(?!Mars\b|MARS\b){_INTL_MONTH}[ \t]+(?:de[ \t]+|del[ \t]+)?{_YEAR}{_NUM_END}",
    ),
    # a short month that is a word or written in lower case, with a day and a year: Malay
    # "19 Mac 2025", Romanian "4 mar. 2025", "12 ian. 2024"
    (
        "dmy_short",
        rf"{_LB}{_DAY}[ \t]+(?:Mac|MAC|mac|ian\.|feb\.|mar\.|apr\.|iun\.|iul\.|aug\.|sept?\.|"
        rf"oct\.|nov\.|dec\.)[ \t]+{_YEAR}{_NUM_END}",
    ),
    # 2019-03-12 / 2019/03/12 / 2019.03.12
    (
        "ymd",
        rf"{_LB_ISO_CELL}(?P<y1>{_YEAR})(?P<s1>[\-/.])(?P<m1>[01]?[0-9])(?P=s1)(?P<d1>[0-3]?[0-9])"
        rf"{_NUM_END}",
    ),
    # 12/03/2019 / 12.03.2019 / 12-03-2019 / 03/12/19
    (
        "dmy_num",
        rf"{_LB_CELL}(?P<a2>[0-3]?[0-9])(?P<s2>[\-/.])(?P<b2>[0-3]?[0-9])(?P=s2)"
        rf"(?P<y2>{_YEAR}|(?<=/)[0-9]{{2}}|(?<=[0-3][0-9][.\-][01][0-9][.\-])[0-9]{{2}})"
        r"(?![0-9]|[.,/\-][0-9])",
    ),
    # Czech, Slovak and German print dots with spaces: "12. 3. 2025"
    (
        "dmy_dot_spaced",
        rf"{_LB}(?:0?[1-9]|[12][0-9]|3[01])\.[ \t](?:0?[1-9]|1[0-2])\.[ \t]{_YEAR}{_NUM_END}",
    ),
    # Vietnamese: "ngày 20 tháng 2 năm 2025" (the day, the month and the year named)
    (
        "vi_date",
        rf"(?<!\w)(?i:ngày)[ \t]+(?:0?[1-9]|[12][0-9]|3[01])[ \t]+(?i:tháng)[ \t]+"
        rf"(?:0?[1-9]|1[0-2])(?:[ \t]+(?i:năm)[ \t]+{_YEAR})?{_NUM_END}",
    ),
    # Thai: "16 มีนาคม 2568", "3 ม.ค. 68", "16 มีนาคม พ.ศ. 2568", "เดือนมีนาคม 2568" (Thai
    # writes no space between words, so a full month name needs no boundary before it); the
    # year is a Buddhist era one (2568 = 2025), a Gregorian one or, after a short month, two
    # digits
    (
        "th_date",
        rf"(?P<thd>{_LB}{_DAY_NUM}[ \t]*(?:{_TH_MONTH}(?:[ \t]*{_TH_YEAR})?"
        rf"|{_TH_SHORT_MONTH}[ \t]*(?:{_TH_YEAR}|[0-9]{{2}}))"
        rf"|{_TH_MONTH}[ \t]*{_TH_YEAR})(?![0-9])",
    ),
    # Hindi: "31 मार्च 2026", "31 मार्च, 2026", "31 मार्च", "मार्च 2026" (not "जून" in "जूनियर")
    (
        "hi_date",
        rf"{_LB}(?P<hid>{_DAY_NUM}[ \t]+{_HI_MONTH}(?:,?[ \t]+{_YEAR}{_NUM_END})?"
        rf"|{_HI_MONTH},?[ \t]+{_YEAR}{_NUM_END})",
    ),
    # Arabic, with a day and a year only (many month names are also given names, words or a
    # car make: "رمضان", "صفر", "نيسان"): "14 مارس 2025", "14 آذار/مارس 2025", Hijri
    # "14 رمضان 1446"; the era letter after the year ("هـ", "م") stays out
    (
        "ar_date",
        rf"{_LB}(?P<ard>{_DAY_NUM}[ \t]+(?:{_AR_MONTH}"
        rf"(?:[ \t]*/[ \t]*{_AR_MONTH})?[ \t]+{_YEAR}"
        rf"|{_HIJRI_MONTH}[ \t]+1[34][0-9]{{2}}){_NUM_END})",
    ),
    # Bengali: "১২ মার্চ ২০২৫", "১২ মার্চ"; Persian solar: "۲۲ اسفند ۱۴۰۳", "12 Mehr 1364" is
    # Latin and left alone
    (
        "bn_date",
        rf"{_LB}(?P<bnd>{_DAY_NUM}[ \t]+{_BN_MONTH}(?:,?[ \t]+{_YEAR}{_NUM_END})?)",
    ),
    ("fa_date", rf"{_LB}(?P<fad>{_DAY_NUM}[ \t]+{_FA_MONTH}[ \t]+1[34][0-9]{{2}}){_NUM_END}"),
    # ... and a day and a Gregorian month without the year: "يوم ٢ فبراير" (on 2 February)
    ("ar_dm", rf"{_LB}(?P<ardm>{_DAY_NUM}[ \t]+{_AR_MONTH})(?![\u0621-\u064a])"),
    # Hungarian, the year first: "1962. április 23.", "2025. január 31-én", "2024. december
    # 2-án" (the case ending after a hyphen is part of the date as written)
    (
        "hu_date",
        rf"{_LB}(?P<hud>{_YEAR}\.[ \t]+{_HU_MONTH}(?:[ \t]+{_DAY_NUM}\.?"
        r"(?:-(?:\u00e1n|\u00e9n|j\u00e9n|j\u00e1n|ig|t\u0151l|t\u00f3l|i|e|a))?)?)(?![\w\-])",
    ),
    # the year first, with its word, then the day and the month: Latvian "2025. gada 3. martā",
    # Kazakh "2025 жылғы 12 наурыз", Uzbek "2025-yil 14-mart", Lithuanian "2025 m. kovo 3 d."
    (
        "ydm_intl",
        rf"{_LB}(?P<ydm>{_YEAR}(?:\.?[ \t]+(?:gada|\u0436\u044b\u043b\u0493\u044b)|-yil)"
        r"[ \t]+(?:0?[1-9]|[12][0-9]|3[01])\.?(?:[ \t]+|-)"
        rf"{_MORE_MONTH})(?![\w\-])",
    ),
    # (1998)
    ("paren_year", rf"\((?P<py>{_BARE_YEAR})\)"),
    # in 1950 / from 1990 to 1995 / between 1990 and 1995 / in 1990-95
    (
        "cue_year",
        rf"(?<![\w.]){_YEAR_CUE}\s+(?:the\s+years?\s+)?(?P<cy>{_BARE_YEAR}"
        rf"(?:\s*(?:[\-\u2013/]|to|and|until|till)\s*(?:{_BARE_YEAR}|[0-9]{{2}}(?![0-9])))?)"
        # (not the year and month of a date: "born 1951-06-02")
        rf"(?![0-9]|[.,\-/][0-9]|\s*(?:%|per\s?cent|percent)|\s+{_UNIT})",
    ),
    # the 1990s
    (
        "decade",
        r"(?<![\w'])(?:the\s+|early\s+|late\s+|mid-?)?(?P<dec>(?:19|20)[0-9]0['\u2019]?s)\b",
    ),
    # in March
    ("cue_month", rf"(?<![\w.]){_MONTH_CUE}\s+(?P<cm>{_MONTH_FULL_NOT_MAY})(?![\w\-]|,?\s*[0-9])"),
    # day and month without a year after a cue: "the review on 3/12", "closed until 16/5", and
    # a US month and day that cannot be a day and month: "On 02/26 the client"
    (
        "cue_dm",
        r"(?<![\w.])(?i:on|by|from|until|till|before|after|since|due|review|reviewed|arrive|"
        r"arrived|arriving|dated|seen|x-ray|expires|expiry|deadline)\s+"
        rf"(?P<cdm>{_DM_OR_MD})(?![0-9/]|[.,\-][0-9]|\s+of\b)",
    ),
    # a day, month and two-digit year with stops after a cue: "Date: 7.2.25", "Diary 21.2.25";
    # and a German day and month with their stops: "called on 13.3. – wants"
    (
        "cue_dmy_dots",
        r"(?<![\w.])(?i:on|by|from|until|till|before|after|since|due|dated|seen|diary|date|am|vom|"
        r"bis|ab)[ \t]*:?[ \t]+"
        r"(?P<cdd>(?:0?[1-9]|[12][0-9]|3[01])\.(?:0?[1-9]|1[0-2])\.(?:[0-9]{2}(?![0-9]|[.,][0-9])"
        r"|(?=[ \t]+[^\d\s]|[ \t]*[,;)\u2013\-])))",
    ),
    # a day and month before a time anywhere: "(Bartek W., Tier 2, 19/12 10:15)"
    (
        "dm_time",
        rf"(?<![\w./\-])(?P<dmt>{_DM_OR_MD})(?=[ \t]+[0-9]{{1,2}}:[0-9]{{2}}(?![0-9]))",
    ),
    # a day and month opening a line of notes before a time or a dash: "03/02 09:12 – FNOL"
    (
        "line_dm",
        r"(?:(?<=\n)|(?<!.))[ \t]*(?P<ldm>(?:0?[1-9]|[12][0-9]|3[01])/(?:0?[1-9]|1[0-2]))"
        r"(?=[ \t]+(?:[0-9]{1,2}[:.][0-9]{2}\b|[\u2013\u2014\-][ \t])|[ \t]{3,}[A-Z])",
    ),
    # a day and a zero-padded month anywhere: "Receipt for 20/03 lost", "check passed 12/02."
    (
        "padded_dm",
        # not an agenda item: "24/01 Apologies for absence", "in item 24/06"
        r"(?<![\w./\-])(?<![Pp]age )(?<![Nn]o\. )(?<![Ii]tem )(?<![Mm]inute )"
        r"(?P<pdm>(?:0[1-9]|[12][0-9]|3[01])/0[1-9])(?![\w/]|[.,\-][0-9])",
    ),
    # a web server log's date: "[14/Feb/2025:08:03:02 +0000]"
    (
        "log_date",
        r"(?<![\w])(?P<lgd>(?:0[1-9]|[12][0-9]|3[01])/(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|"
        r"Nov|Dec)/(?:19|20)[0-9]{2})(?=:[0-9]{2}:[0-9]{2})",
    ),
    # a month and a year in numbers after a cue: "valid to 08/2025", "previous contact 08/2022"
    (
        "month_year_num",
        r"(?<![\w./\-])(?P<myn>(?:0[1-9]|1[0-2])/(?:19|20)[0-9]{2})(?![\w/]|[.\-][0-9])",
    ),
    # an ordinal day after "on the" or a weekday: "he lands on the 15th", "Saturday 14th"
    (
        "cue_ordinal",
        rf"(?<![\w])(?:(?i:on)\s+the|{_alts(_WEEKDAYS[:7])})\s+"
        r"(?P<od>(?:0?[1-9]|[12][0-9]|3[01])(?:st|nd|rd|th)(?:\s+may(?=[ \t]*(?:[.,;!?)\n]|$)))?)"
        r"(?=[ \t]*(?:[.,;:!?)\n]|$)|\s+(?i:at|in|for|from|when|as|so|but|please|pls|we|i|he|"
        r"she|they|then|and\s+the)\b|\s+[(\-\u2013])",
    ),
    # "on the 2nd may." in chats: "may" in lower case after an ordinal day, before a stop
    (
        "ordinal_may",
        r"(?<![\w])(?P<om>(?:0?[1-9]|[12][0-9]|3[01])(?:st|nd|rd|th)\s+may)"
        r"(?=[ \t]*(?:[.,;!?)\n]|$))",
    ),
    # life dates and periods: "(1941\u20132024)", "2018 \u2013 2020", "2016 - present",
    # "2020 to present"
    (
        "year_range",
        rf"{_LB}(?P<yr>{_BARE_YEAR}(?:[ \t]?[\u2013\u2014\-][ \t]?|[ \t]+to[ \t]+)"
        rf"(?:{_BARE_YEAR}|[Pp]resent|now|date))"
        rf"(?![0-9]|[.,][0-9])",
    ),
    # airline and travel documents: "02JUL24", "18JUL", "EXP 11MAR31", "DOB 22MAY1988" (upper
    # case only)
    (
        "airline",
        r"(?<![\w])(?P<al>(?:0[1-9]|[12][0-9]|3[01])(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|"
        r"NOV|DEC)(?:19[0-9]{2}|20[0-9]{2}|[0-9]{2})?)(?![\w])",
    ),
    # financial and school years: "2024/25", "2023-24" (the second year follows the first)
    (
        "span_year",
        r"(?<![\w/.\-])(?P<sy>(?P<sy1>(?:19|20)[0-9]{2})[/\-\u2013](?P<sy2>(?:19|20)[0-9]{2}|[0-9]{2}))"
        r"(?![\w/\-]|[.,][0-9])",
    ),
    # Chinese, Japanese and Korean dates: "2025年4月5日", "4月7日", "2025년 4월 5일"
    (
        "cjk",
        r"(?P<cjd>(?:(?:19|20)[0-9]{2}[年년][ \t]?)?(?:0?[1-9]|1[0-2])[月월][ \t]?"
        r"(?:0?[1-9]|[12][0-9]|3[01])[日일])",
    ),
    # a card's or a document's expiry month: "exp 09/27", "Expiry: 11/2027", "valid thru 04/28"
    (
        "expiry",
        r"(?<![\w])(?i:exp(?:iry|ires|\.)?|valid[ \t]+(?:thru|through|until))[ \t]*:?[ \t]*"
        r"(?P<exp>(?:0[1-9]|1[0-2])/(?:20[0-9]{2}|[0-9]{2}))(?![0-9/])",
    ),
    # a Hijri date with its era mark: "14/09/1446 H"
    (
        "hijri",
        r"(?<![\w/.])(?P<hj>(?:0?[1-9]|[12][0-9]|30)/(?:0?[1-9]|1[0-2])/14[0-9]{2}[ \t]?(?:AH|H))"
        r"(?![\w])",
    ),
    # a dated entry opening a line of notes: "12.02.24 SI: Pt presented ..."
    (
        "line_dmy",
        r"(?:(?<=\n)|(?<!.))[ \t]*(?P<ld>(?:0?[1-9]|[12][0-9]|3[01])\.(?:0?[1-9]|1[0-2])\.[0-9]{2})"
        r"(?=[ \t]+[A-Za-z])",
    ),
]

_SCORES: dict[str, float] = {
    "dmy": 0.9,
    "mdy": 0.9,
    "intl_mdy": 0.92,  # (above an address read into "Marso 3, 1976")
    "my": 0.85,
    "dm": 0.8,
    "md": 0.75,
    "ymd": 0.85,
    "dmy_num": 0.85,
    "dmy_dot_spaced": 0.85,
    "vi_date": 0.85,
    "th_date": 0.85,
    "hi_date": 0.8,
    "ar_date": 0.85,
    "ar_dm": 0.75,
    "bn_date": 0.8,
    "fa_date": 0.85,
    "hu_date": 0.85,
    "ydm_intl": 0.85,
    "dmy_intl": 0.8,
    "dmy_intl2": 0.8,
    "dmy_short": 0.85,
    "my_intl": 0.8,
    "paren_year": 0.6,
    "cue_year": 0.7,
    "decade": 0.55,
    "cue_month": 0.45,  # below the policy's 0.5: a month alone is no date (the guidelines)
    "cue_dm": 0.7,
    "cue_dmy_dots": 0.7,
    "dm_time": 0.7,
    "cue_ordinal": 0.7,
    "month_year_num": 0.8,  # above a phone number read over "(06/2021"
    "ordinal_may": 0.7,
    "line_dmy": 0.75,
    "cjk": 0.85,
    "expiry": 0.8,
    "hijri": 0.85,
    "line_dm": 0.7,
    "padded_dm": 0.6,
    "log_date": 0.85,
    "year_range": 0.78,
    "airline": 0.8,
    "span_year": 0.7,
}
_ENT_GROUP = {
    "dmy_intl": "fdm",
    "dmy_intl2": "fdm2",
    "th_date": "thd",
    "hi_date": "hid",
    "ar_date": "ard",
    "ar_dm": "ardm",
    "bn_date": "bnd",
    "fa_date": "fad",
    "hu_date": "hud",
    "ydm_intl": "ydm",
    "paren_year": "py",
    "cue_year": "cy",
    "decade": "dec",
    "cue_month": "cm",
    "cue_dm": "cdm",
    "cue_dmy_dots": "cdd",
    "dm_time": "dmt",
    "line_dmy": "ld",
    "line_dm": "ldm",
    "padded_dm": "pdm",
    "log_date": "lgd",
    "year_range": "yr",
    "airline": "al",
    "span_year": "sy",
    "cue_ordinal": "od",
    "month_year_num": "myn",
    "ordinal_may": "om",
    "cjk": "cjd",
    "expiry": "exp",
    "hijri": "hj",
}

_RX = Alternation(_PATTERNS, "date_alternation")
_ITEM_NUMBER = re.compile(r"(?:^|\n)[ \t]*\Z")
_VERSION_BEFORE = re.compile(r"(?i)(?:\bv|version|release|build|ver\.?|rev\.?)\s*\Z")
_DOB_BOOST = 0.05
_SOFTWARE_BEFORE = re.compile(
    r"(?i)\b(?:versions?|upgraded?|upgrading|updated?|updating|releases?|builds?|firmware|app|"
    r"patch(?:ed)?|v)\b"
)
_SCORE_BEFORE = re.compile(r"(?i)\b(?:pain|score[ds]?|rated|rating|scale|marks?|grades?|out of)\b")


def _valid_day_month(day: int, month: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= 31


class DateRecognizer(Recognizer):
    """Tag calendar dates as ``DATE`` or ``DATE_OF_BIRTH`` (see the module docstring)."""

    name: ClassVar[str] = "date_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("DATE", "DATE_OF_BIRTH")

    def analyze(self, text: str) -> list[Span]:
        """Find the dates in ``text``.

        Args:
            text: the document text.

        Returns:
            One span per date (non-overlapping among themselves).
        """
        if not text:
            return []
        out: list[Span] = []
        for m in _RX.finditer(text):
            kind = m.lastgroup
            if kind is None:
                continue
            grp = _ENT_GROUP.get(kind, kind)
            s, e = m.span(grp)
            if s < 0 or s >= e:
                continue
            if kind == "ymd":
                if not _valid_day_month(int(m.group("d1")), int(m.group("m1"))):
                    continue
            elif kind == "dmy_num":
                a, b = int(m.group("a2")), int(m.group("b2"))
                if not (_valid_day_month(a, b) or _valid_day_month(b, a)):
                    continue
            elif kind == "span_year":
                if (int(m.group("sy1")) + 1) % 100 != int(m.group("sy2")) % 100:
                    continue  # "2024-05" is a month, "2019/20" a year span
            if kind in ("ymd", "dmy_num") and _VERSION_BEFORE.search(text, max(0, s - 12), s):
                continue
            if kind == "padded_dm" and _ITEM_NUMBER.search(text, max(0, s - 20), s):
                continue  # opening a line: an agenda item ("24/01 Apologies") or a ratio; a
                # note's date there is found with its time or dash ("line_dm")
            if kind == "cue_dmy_dots" and _SOFTWARE_BEFORE.search(text, max(0, s - 60), s):
                continue  # "upgrade to 2.1.25 from 2.1.24": versions
            if kind == "cue_dm" and _SCORE_BEFORE.search(text, max(0, s - 40), s):
                continue  # "his pain has reduced from 7/10": a score, not a date
            if text[e - 1] == "." and _FULL_MONTH_DOT.search(text, s, e):
                e -= 1  # "2-5 August.": the full stop ends the sentence
            score = _SCORES[kind]
            etype = "DATE"
            if birth_cue_before(text, s):
                etype = "DATE_OF_BIRTH"
                score = round(min(1.0, score + _DOB_BOOST), 4)
            out.append(Span(s, e, etype, score, self.name))
        return out
