"""Person names known by the honorifics and kinship words of other languages and scripts.

The English NER reads little of a name written in Han, Hangul, Thai or Greek script, or of a
Polish name in the vocative. What such languages put around a name says that it is one:

* Chinese and Japanese honorifics after a name: "陳麗芳女士", "田中浩二先生", "武田直子様",
  "ナムさん". Chinese writes no spaces, so the name is a run of one to four Han characters that
  starts after a character of another kind (a colon, a kana particle such as の, a bracket, a
  space or a line start): in "住戶李先生" the run "住戶李" is no name and nothing is taken.
* A Han or katakana name with its romanised form in brackets: "黃德偉 (Wong Tak-wai)",
  "グエン・ヴァン・ナム（NGUYEN VAN NAM）": both are the person.
* Korean: a name before " 씨" or " 님" written with a space ("김정희 씨의", "사토 님"), after
  "저는" in a self-introduction ("저는 이서연입니다"), and after a kinship word ("남편 박준호",
  "어머니 김정희"); a name is two to four syllables, a particle after it stays outside.
* Chinese kinship words before a name: "與兒子黃志明同住" (two or three Han characters).
* Thai: a full name after นาย, นาง or นางสาว ("Mr", "Mrs", "Miss"): the given name written
  right after the title, a space, then the surname.
* Hindi and Marathi: a name before the honorific " जी" ("प्रिया जी").
* Greek: a capitalised word before a surname with a Greek surname ending ("Άννα Πετρίδου",
  "Αικατερίνη Σταθοπούλου", "Βασίλη Μαυρίδη").
* Polish: a capitalised word after pan / pani in any case ("pani Jadwigo", "pana Pawła",
  "panią Kowalską"); the word is taken as it is written, case ending included.

Each function returns ``(start, end)`` pairs; :class:`PersonCueRecognizer` tags them PERSON.
"""

from __future__ import annotations

import re
from functools import lru_cache

from privtext.tagging.script_gazetteer import listed_names

_HAN = "\u3400-\u4dbf\u4e00-\u9fff"
_KANA = "\u3040-\u30ff"
_HANGUL = "\uac00-\ud7af"
# Chinese and Japanese honorifics written right after a name
_CJK_HONORIFIC = re.compile(
    rf"(?<![{_HAN}])(?P<ent>[{_HAN}]{{1,4}})"
    r"(?:先生|女士|小姐|太太|夫人|氏|老師|老师|醫生|医生|律師|律师)"
    # the Japanese ones after two characters at least: "奥さん" (wife), "お客様", "皆様"
    rf"|(?<![{_HAN}])(?P<ja>[{_HAN}]{{2,4}})(?:様|さま|さん|くん|君|殿)"
)
# ... after a longer run ("店主徐國森先生", "樓上住戶李先生"): the run's last three characters
# when they start with a common surname, else its last one when that is a surname
_ZH_LONG_HONORIFIC = re.compile(rf"[{_HAN}]{{5,}}(?=先生|女士|小姐|太太|夫人)")
_ZH_SURNAMES = frozenset(
    "王李張张劉刘陳陈楊杨黃黄趙赵吳吴周徐孫孙馬马朱胡郭何林高羅罗鄭郑梁謝谢宋唐許许韓韩馮冯"
    "鄧邓曹彭曾蕭萧田董潘袁蔡蔣蒋余杜葉叶程魏蘇苏呂吕丁沈姚盧卢傅鐘钟姜崔譚谭陸陆范汪廖石"
    "金韋韦賈贾夏方鄒邹熊白孟秦邱侯江尹薛閻阎段雷龍龙黎史陶賀贺毛郝顧顾龔龚邵萬万覃武錢钱"
    "戴嚴严歐欧莫孔湯汤康易喬乔賴赖施洪辛柯莊庄溫温翁岑鄺邝麥麦甘伍區区"
)
# ... or in katakana: "ナムさん", "グエンさん" (a katakana word before さん or 様)
_KANA_HONORIFIC = re.compile(r"(?<![\u30a0-\u30ff])(?P<ent>[\u30a1-\u30fa\u30fc]{2,8})(?:さん|様)")
# A Han or katakana name and its romanised form in brackets
_ROMANISED_AFTER = re.compile(
    rf"(?<![{_HAN}{_KANA}{_HANGUL}])(?P<ent>[{_HAN}]{{2,4}}|[{_HANGUL}]{{2,4}}|"
    r"[\u30a1-\u30fa\u30fc]{2,8}"
    r"(?:[\u30fb\uff65][\u30a1-\u30fa\u30fc]{1,8}){1,3})"
    r"[ \t]*[(\uff08][ \t]*(?P<latin>(?:[A-Z][a-z]+|[A-Z]{2,})(?:[ \t\-](?:[A-Z][a-z]+|[A-Z]{2,}|"
    r"[a-z]{2,}(?=[)\uff09]))){1,3})[ \t]*[)\uff09]"
)
# Korean: a name written with a space before 씨 / 님 (a particle may follow)
_KO_HONORIFIC = re.compile(
    rf"(?<![{_HANGUL}])(?P<ent>[{_HANGUL}]{{2,4}})[ \t](?:씨|님)"
    rf"(?:의|가|는|을|를|에게|께|도|와|과|이|께서)?(?![{_HANGUL}])"
)
# ... introducing oneself: "저는 이서연입니다", "저는 김재현이고"
_KO_SELF = re.compile(
    rf"저는[ \t]+(?P<ent>[{_HANGUL}]{{2,4}}?)(?:입니다|이고|이에요|예요|이라고|라고)(?![{_HANGUL}])"
)
# ... after a kinship word: "남편 박준호(36세", "어머니 김정희 씨", "언니 김수진은"
_KO_KIN = re.compile(
    r"(?<![\uac00-\ud7af])(?:남편|아내|어머니|아버지|엄마|아빠|언니|오빠|누나|형|동생|여동생|남동생|"
    r"딸|아들|할머니|할아버지|이모|삼촌|고모|친구)[ \t]+"
    rf"(?P<ent>[{_HANGUL}]{{3}})(?:은|는|이|가|을|를|의|와|과|도|씨)?(?![{_HANGUL}])"
)
# A Chinese name (a common surname and one or two characters) as the value of a field whose
# label names a person: "主教练：刘志远" (head coach), "领队：何欣" (team leader), "紧急联系人：
# 林国栋" (emergency contact), "主诊医生: 李家豪" (attending doctor), "姓名：王芳"
_ZH_PERSON_FIELD = re.compile(
    rf"[{_HAN}](?:人|员|員|练|練|队|隊|生|师|師|名|官|长|長|理|任|导|導|妻|夫|父|母|者|户|戶)"
    r"[ \t]*[:：][ \t]*"
    rf"(?P<ent>[{_HAN}]{{2,4}})(?![{_HAN}])"
)
# Korean: a name (a surname and a given name of one or two syllables) as the value of a field
# whose label names a person: "보낸 사람: 정수연 <...>" (sender), "성명: 김민준", "예금주: 박지현"
_KO_PERSON_FIELD = re.compile(
    r"(?:보낸[ \t]?사람|받는[ \t]?사람|성명|이름|담당자|신청인|보호자|학생|강사|고객|예금주|"
    r"대표자|작성자|확인자|환자|보증인|임차인|임대인)[ \t]*[:：][ \t]*"
    r"(?P<ent>[\uac00-\ud7a3]{2,3})(?![\uac00-\ud7a3])"
)
# Chinese: a kinship word, then a name of two or three characters, then what ends it
_ZH_KIN = re.compile(
    r"(?:兒子|儿子|女兒|女儿|丈夫|妻子|爸爸|媽媽|妈妈|哥哥|姐姐|弟弟|妹妹|父親|父亲|母親|母亲|"
    r"外孫|孫子|孙子|孫女|孙女)"
    rf"(?P<ent>[{_HAN}]{{2,3}}?)(?=同|的|[，。、,（(：:\s]|$|先生|女士)"
)
# Thai: นาย / นางสาว / นาง, the given name, a space, the surname
_TH_TITLE = re.compile(
    r"(?:นางสาว|นาย|นาง)(?P<ent>[\u0e01-\u0e4e]{2,20}[ \t][\u0e01-\u0e4e]{2,25})(?![\u0e01-\u0e4e])"
)
# Hindi, Marathi: a word before the honorific जी (with a space: "पिताजी" is a word)
_HI_JI = re.compile(
    r"(?<![\u0900-\u097f])(?P<ent>[\u0900-\u0963\u0966-\u097f]{2,20})[ \t]जी"
    r"(?![\u0900-\u0963\u0966-\u097f])"  # (a danda, "।", may follow)
)
# Greek: a capitalised word, then a surname with a Greek surname's ending
_EL_NAME = re.compile(
    r"(?<![\w])(?P<ent>[\u0391-\u03a9\u0386\u0388-\u038f][\u03ac-\u03ce]{2,15}[ \t]"
    r"[\u0391-\u03a9\u0386\u0388-\u038f][\u03ac-\u03ce]{1,20}"
    r"(?:ίδης|ίδη|ίδου|άδης|άδη|άδου|όπουλος|όπουλου|όπουλο|οπούλου|άκης|άκη|άκου|ιώτης|ιώτη|"
    r"ιώτου|άτος|άτου|έλλης|έλλη|ογλου|όγλου|άκος|ούδης|ούδη|όπουλε))(?![\w])"
)
# Arabic and Persian: a kinship word with "my", a courtesy or professional title ("م." for an
# engineer, "د." for a doctor) or "I am" before a name; the next words are taken up to a
# family name with the article ("خالد الحموي", "كريم فؤاد الشناوي")
# (a zero-width non-joiner may join the parts of a Persian name: "محمدی‌نژاد")
_AR_WORD = (
    "[\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff]"
    "(?:\u200c?[\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff]){1,14}"
)
_AR_NAME = re.compile(
    r"(?<![\u0600-\u06ff])(?P<cue>زوجي|زوجتي|والدي|والدتي|أبي|ابي|أمي|امي|ابني|ابنتي|أخي|اخي|أختي|"
    r"اختي|جدي|جدتي|أنا|انا|السيد|السيدة|الأستاذ|الأستاذة|خانم|آقای|آقا|همسرم|پدرم|مادرم|"
    r"برادرم|خواهرم|پسرم|دخترم|م\.|المهندس|المهندسة|الدكتور|الدكتورة|د\.)[ \t]+"
    # a full name up to a family name with the article: "كريم فؤاد الشناوي", "هشام عبد الرحمن"
    rf"(?P<ent>{_AR_WORD}(?:[ \t]{_AR_WORD}){{0,2}}[ \t]ال{_AR_WORD}"
    rf"|{_AR_WORD}(?:[ \t](?:ال{_AR_WORD}|{_AR_WORD}(?=[.،,:؛)»\n])))?)"
    r"(?![\u0621-\u065f\u066e-\u06d3\u06fa-\u06ff])"  # a letter; "،" may follow
)
# Arabic and Persian words after those cues that are no names ("أنا متأكد": I am sure)
_AR_NOT_NAMES = frozenset(
    "متأكد متأكدة آسف آسفة هنا هناك سعيد سعيدة موافق موافقة في من لا لم لن قد كان كانت "
    "هو هي عندي أريد اريد بخير مريض مريضة تعبان تعبانة حامل نائم نائمة مسافر مسافرة "
    # Persian and Arabic prepositions and particles ("مادرم در هرات": my mother, in Herat)
    "در به از با که را هر این آن هم نیز برای تا على إلى عن مع كل هذا هذه".split()
)
# Russian, Ukrainian: a kinship word (a comma may follow) before a capitalised name
_RU_KIN_NAME = re.compile(
    r"(?<![\w\-])(?:муж|мужа|мужу|жена|жены|жене|сын|сына|сыну|дочь|дочери|брат|брата|брату|"
    r"сестра|сестры|мать|матери|отец|отца|бабушка|бабушки|дедушка|дедушки|чоловік|чоловіка|"
    r"дружина|дружини|син|сина|донька|доньки|мама|мамы|папа|папы),?[ \t]+"
    r"(?P<ent>[А-ЯЁІЇЄҐ][а-яёіїєґ'\u2019]{2,}(?:[ \t][А-ЯЁІЇЄҐ][а-яёіїєґ'\u2019]{2,})?)"
    r"(?![\w\-])"
)
# Russian, Ukrainian and Bulgarian: a title or rank before a capitalised name ("пане Ігоре",
# "Капітан Бондар"); a given name and a surname with a Slavic surname's ending ("Мария Колева",
# "Ольга Бондаренко"); a surname and initials ("Ержановым Б. К.")
#: Cyrillic capitals and small letters of Russian, Ukrainian and Belarusian (person_cues.py too)
CYR_UP = "\u0410-\u042f\u0401\u0404\u0406\u0407\u040e\u0490"
CYR_LOW = "\u0430-\u044f\u0451\u0454\u0456\u0457\u045e\u0491'\u2019"
_CYR_UP, _CYR_LOW = CYR_UP, CYR_LOW
_RU_TITLE_NAME = re.compile(
    r"(?<![\w\-])(?:пане|пані|пан|господин|господина|госпожа|госпоже|"
    r"(?i:капітан|капитан|майор|лейтенант|сержант|полковник|подполковник|генерал|старшина))"
    rf"[ \t]+(?P<ent>[{_CYR_UP}][{_CYR_LOW}]{{2,}})(?![\w\-])"
)
_RU_FULL_NAME = re.compile(
    rf"(?<![\w\-])(?P<ent>[{_CYR_UP}][{_CYR_LOW}]{{2,}}[ \t][{_CYR_UP}][{_CYR_LOW}]*"
    r"(?:ова|ева|ёва|ов|ев|ёв|ина|ин|ская|ский|цкая|цкий|енко|ук|юк|чук|ян|дзе|швили))"
    rf"(?![\w\-])(?![ \t][{_CYR_UP}])"
    rf"|(?<![\w\-])(?P<ini>[{_CYR_UP}][{_CYR_LOW}]{{2,}}[ \t][{_CYR_UP}]\.[ \t]?[{_CYR_UP}]\.)"
)
_CYR_WORD_BEFORE = re.compile(rf"[{_CYR_UP}][{_CYR_LOW}]+[ \t]\Z")
# first words of streets, squares, places and bodies named after a person ("Улица Пушкина")
_RU_NOT_GIVEN = frozenset(
    "улица ул проспект площадь переулок бульвар город село станция район область вулиця "
    "площа провулок місто село станція район область музей театр университет институт "
    "школа больница лицей гимназия завод фонд банк компания".split()
)
# Vietnamese: a kinship or courtesy word before a capitalised name ("anh Tư", "bà Nguyễn Thị
# Lan", "thầy Tanaka")
_VI_NAME = re.compile(
    r"(?<![\w])(?:anh|chị|cô|chú|bác|ông|bà|thầy|Anh|Chị|Ông|Bà|Thầy)[ \t]+"
    r"(?P<ent>[A-ZĐ\u00c0-\u00dd][\w\u0300-\u036f]*"
    r"(?:[ \t][A-ZĐ\u00c0-\u00dd][\w\u0300-\u036f]*){0,3})(?![\w])"
)
# letters only Vietnamese writes (not the â, ê, ô that Portuguese and French share)
_VI_LETTER = re.compile("[ăđơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]")
# Polish: pan / pani and their cases before a capitalised word
_PL_HONORIFIC = re.compile(
    r"(?<![\w])(?:pani|panią|pan|pana|panu|panem|panie|państwa|Pani|Panią|Panie)[ \t]+"
    r"(?P<ent>[A-ZĄĆĘŁŃÓŚŹŻ][a-ząćęłńóśźż]{2,}(?:-[A-ZĄĆĘŁŃÓŚŹŻ][a-ząćęłńóśźż]+)?"
    r"(?:[ \t][A-ZĄĆĘŁŃÓŚŹŻ][a-ząćęłńóśźż]+(?:-[A-ZĄĆĘŁŃÓŚŹŻ][a-ząćęłńóśźż]+)?)?)"
    r"(?![\w\-])"
)
# Polish words that follow "pan" / "pani" and are no names (titles, offices)
_PL_NOT_NAMES = frozenset(
    "Dyrektor Dyrektora Dyrektorze Prezes Prezesa Prezesie Doktor Doktora Doktorze Profesor "
    "Profesora Profesorze Sędzia Sędzio Mecenas Mecenasie Minister Ministra Ministrze Kierownik "
    "Kierownika Kierowniku Komornik Komornika Komorniku Inspektor Inspektora Prokurator".split()
)

# Han runs before an honorific that are no name: "這位先生" (this gentleman), "各位女士"
_NOT_HAN_NAME_START = frozenset("這这那各該该此本貴贵您你我他她一兩两每某")
# Korean surnames (one syllable), the first syllable of a name found by a weaker cue
_KO_SURNAMES = frozenset(
    "김 이 박 최 정 강 조 윤 장 임 한 오 서 신 권 황 안 송 류 유 홍 전 고 문 양 "
    "손 배 백 허 남 심 노 하 곽 성 차 주 우 구 민 진 나 지 엄 채 원 천 방 공 현 "
    "함 변 염 여 추 도 소 석 선 설 마 길 연 위 표 명 기 반 왕 금 옥 육 인 맹 제 "
    "모 탁 국 어 경".split()
)
# Nouns written with a space before 님 / 씨 that are no names
_KO_NOT_NAMES = frozenset(
    "고객 회원 선생 사장 부장 과장 팀장 교수 기사 원장 실장 대표 담당자 작가 목사".split()
)
# Words before जी that are no names: "हाँ जी" (yes), "नमस्ते जी"
_HI_NOT_NAMES = frozenset(
    "हाँ हां हा नमस्ते नमस्कार धन्यवाद शुक्रिया अच्छा ठीक जी बहुत मम्मी पापा माँ मां दादी दादा नानी नाना "
    "भाई दीदी बहन चाचा चाची मामा मामी भैया सर मैडम गुरु".split()
)

# Words after a Chinese kinship word that are no name: "兒子電話" (the son's phone)
_ZH_NOT_NAMES = frozenset(
    "電話 电话 地址 姓名 名字 手機 手机 電郵 电邮 今年 已經 已经 現在 现在 每天 也是 都是 是的 "
    "的士 工作 學校 学校 公司 身份 生日 住在 在家".split()
)
# Greek: courtesy titles before a surname, and nouns that head a firm's or office's name
_EL_TITLES = frozenset("Κύριος Κυρία Κύριε Κυρίου Κυρίας Κα Κος".split())
_EL_NOT_NAMES = frozenset(
    "Γραφείο Γραφείου Οδός Οδού Εταιρεία Εταιρείας Κατάστημα Καταστήματος Ιατρείο Ιατρείου "
    "Φαρμακείο Φαρμακείου Δικηγορικό Συμβολαιογραφείο Οικογένεια Οικογένειας Ίδρυμα Ιδρύματος "
    "Σπίτι Οίκος Οίκου Πλατεία Πλατείας".split()
)


# A person's field in Hebrew, Devanagari, Ethiopic, Arabic and Persian, Greek and Thai script:
# "שם: מיכל אזולאי", "בעל הרכב: בוריס גורביץ'", "नाम: विनायक जोशी", "ስም፡ ሰላም ታደሰ",
# "እናት፡ አልማዝ በቀለ" (mother), "الاسم: سامي حداد", "نام: شیرین تهرانی", "Ονοματεπώνυμο:
# Άννα Πετρίδου", "ชื่อ-สกุล: นายสมศักดิ์ แก้วมณี" (one to three words of the label's script)
_HE_WORD = "[\u05d0-\u05ea][\u05d0-\u05ea'\u05f3\u05f4\"]*"
_DEV_WORD = "[\u0905-\u0939\u0958-\u0961][\u0900-\u0963\u0966-\u097f]*"
# a word in Ethiopic and in Arabic script (shared with person_cues' field values)
ETH_WORD = "[\u1200-\u135a][\u1200-\u135a\u135d-\u135f]*"
AR_FIELD_WORD = (
    "[\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff](?:\u200c?[\u0621-\u065f\u066e-\u06d3\u06fa-\u06ff])*"
)
_EL_WORD = "[\u0386\u0388-\u038f\u0391-\u03a9][\u03ac-\u03ce]+"
_SCRIPT_NAME_FIELD = re.compile(
    r"(?<![\w])(?:"
    r"(?:\u05e9\u05dd(?:[ \t]+(?:\u05de\u05dc\u05d0|\u05d4\u05dc\u05e7\u05d5\u05d7(?:\u05d4)?|"
    r"\u05d4\u05de\u05d1\u05e7\u05e9(?:\u05ea)?|\u05d4\u05e0\u05e4\u05d8\u05e8(?:\u05ea)?|"
    r"\u05d4\u05de\u05e0\u05d5\u05d7(?:\u05d4)?))?|\u05d4\u05de\u05d6\u05de\u05d9\u05e0(?:\u05d4)?|"
    r"\u05d1\u05e2\u05dc(?:\u05ea)?[ \t]+"
    r"\u05d4\u05e8\u05db\u05d1|\u05d4\u05e0\u05d0\u05e9\u05dd|\u05d4\u05e0\u05d0\u05e9\u05de\u05ea|"
    r"\u05d4\u05de\u05ea\u05dc\u05d5\u05e0\u05e0(?:\u05ea)?)[ \t]*:[ \t]*"
    rf"(?P<he>{_HE_WORD}(?:[ \t\-]{_HE_WORD}){{0,3}})"
    r"|(?:\u0928\u093e\u092e|\u0906\u0935\u0947\u0926\u0915|\u0906\u0935\u0947\u0926\u0915\u093e|"
    r"\u092a\u094d\u0930\u093e\u092a\u094d\u0924\u0915\u0930\u094d\u0924\u093e|\u092a\u0941\u0930\u094b\u0939\u093f\u0924)"
    r"[ \t]*[:\uff1a][ \t]*"
    # (the late, pandit, doctor, Shri, Shrimati: "स्व. जगदीश प्रसाद")
    r"(?:(?:\u0938\u094d\u0935|\u092a\u0902|\u0921\u0949|"
    r"\u0938\u094d\u0935\u0930\u094d\u0917\u0940\u092f)\.[ \t]*|"
    r"(?:\u0936\u094d\u0930\u0940|\u0936\u094d\u0930\u0940\u092e\u0924\u0940)[ \t]+)?"
    rf"(?P<dev>{_DEV_WORD}(?:[ \t]{_DEV_WORD}){{0,2}})"
    r"|(?:\u1235\u121d|\u1219\u1209[ \t]+\u1235\u121d|\u12a5\u1293\u1275|\u12a0\u1263\u1275)"
    r"[ \t]*[\u1361\u1365:][ \t]*"
    rf"(?P<eth>{ETH_WORD}(?:[ \t]{ETH_WORD}){{0,2}})"
    r"|(?:\u0627\u0644\u0627\u0633\u0645(?:[ \t]+\u0627\u0644\u0643\u0627\u0645\u0644)?|"
    r"\u0627\u0633\u0645[ \t]+\u0627\u0644(?:\u0623\u0645|\u0623\u0628|\u0627\u0645|\u0627\u0628)|"
    r"\u0646\u0627\u0645(?:[ \t]+\u0648[ \t]+\u0646\u0627\u0645[ \t]+"
    r"\u062e\u0627\u0646\u0648\u0627\u062f\u06af\u06cc|[ \t]+\u067e\u062f\u0631)?)"
    r"[ \t]*[:\uff1a][ \t]*"
    rf"(?P<ar>{AR_FIELD_WORD}(?:[ \t]{AR_FIELD_WORD}){{0,3}})"
    r"|(?:\u039f\u03bd\u03bf\u03bc\u03b1\u03c4\u03b5\u03c0\u03ce\u03bd\u03c5\u03bc\u03bf|"
    r"\u038c\u03bd\u03bf\u03bc\u03b1|\u0395\u03c0\u03ce\u03bd\u03c5\u03bc\u03bf)[ \t]*:[ \t]*"
    rf"(?P<el>{_EL_WORD}(?:[ \t]{_EL_WORD}){{0,2}})"
    r"|(?:(?:[\u0985-\u09b9][\u0980-\u09e3]*[ \t]+)?\u09a8\u09be\u09ae|"
    r"\u0997\u09cd\u09b0\u09b9\u09a3\u0995\u09be\u09b0\u09c0|\u09aa\u09cd\u09b0\u09be\u09aa\u0995)"
    r"[ \t]*[:\uff1a][ \t]*"
    # (Mr, Mrs, Begum, Sri, Srimati, Md., Dr: "জনাব মোহাম্মদ রফিকুল ইসলাম")
    r"(?:(?:\u099c\u09a8\u09be\u09ac\u09be?|\u09ac\u09c7\u0997\u09ae|"
    r"\u09b6\u09cd\u09b0\u09c0(?:\u09ae\u09a4\u09c0)?)[ \t]+|"
    r"(?:\u09ae\u09cb\u0983|\u09ae\u09cb\u099b\u09be\u0983|\u09a1\u09be\u0983)[ \t]*)?"
    r"(?P<bn>[\u0985-\u09b9][\u0980-\u09e3]*(?:[ \t][\u0985-\u09b9][\u0980-\u09e3]*){0,3})"
    r"|\u0e0a\u0e37\u0e48\u0e2d(?:[ \t\-]*(?:\u0e19\u0e32\u0e21)?\u0e2a\u0e01\u0e38\u0e25)?"
    r"[ \t]*:[ \t]*(?:\u0e19\u0e32\u0e22|\u0e19\u0e32\u0e07\u0e2a\u0e32\u0e27|\u0e19\u0e32\u0e07)?"
    r"(?P<th>[\u0e01-\u0e4e]{2,20}(?:[ \t][\u0e01-\u0e4e]{2,20})?)"
    r")"
)
_SCRIPT_FIELD_GROUPS = ("he", "dev", "eth", "ar", "el", "bn", "th")
# words that may start the value of a name field but name nobody ("unknown", "none", "not")
_FIELD_NOT_NAMES = frozenset(
    "\u063a\u064a\u0631 \u0644\u0627 \u0646\u0627\u0645\u0634\u062e\u0635 "
    "\u0645\u062c\u0647\u0648\u0644 \u0646\u0627\u0645\u0639\u0644\u0648\u0645 "
    "\u05dc\u05d0 \u05d0\u05d9\u05df \u0905\u091c\u094d\u091e\u093e\u0924 "
    "\u0915\u094b\u0908 \u12a0\u120d\u1273\u12c8\u1240\u121d \u12e8\u1208\u121d "
    "\u0386\u03b3\u03bd\u03c9\u03c3\u03c4\u03bf\u03c2 "
    "\u0e44\u0e21\u0e48\u0e17\u0e23\u0e32\u0e1a".split()
)


# Sikh names in Gurmukhi and Devanagari: a given name before Singh or Kaur, and the surname
# after it ("ਹਰਪ੍ਰੀਤ ਸਿੰਘ ਗਿੱਲ", "ਜਸਲੀਨ ਕੌਰ ਸੰਧੂ", "हरप्रीत सिंह गिल"); the word after is no surname
# when it is a word of the sentence ("ਸਪੁੱਤਰ", son of; "ਅਤੇ", and)
_SIKH_NAME = re.compile(
    r"(?<![\u0a00-\u0a7f\u0900-\u097f])(?P<ent>"
    r"[\u0a05-\u0a39][\u0a00-\u0a7f]*[ \t]+(?:\u0a38\u0a3f\u0a70\u0a18|\u0a15\u0a4c\u0a30)"
    r"(?:[ \t]+(?P<pa>[\u0a05-\u0a39][\u0a00-\u0a7f]*))?"
    r"|[\u0905-\u0939][\u0900-\u0963]*[ \t]+(?:\u0938\u093f\u0902\u0939|\u0915\u094c\u0930)"
    r"(?:[ \t]+(?P<hi>[\u0905-\u0939][\u0900-\u0963]*))?)"
    r"(?![\u0a00-\u0a7f\u0900-\u097f])"
)
_SIKH_NOT_SURNAMES = frozenset(
    "\u0a38\u0a2a\u0a41\u0a71\u0a24\u0a30 \u0a38\u0a2a\u0a41\u0a71\u0a24\u0a30\u0a40 "
    "\u0a05\u0a24\u0a47 \u0a26\u0a3e \u0a26\u0a40 \u0a26\u0a47 \u0a28\u0a47 "
    "\u0a28\u0a42\u0a70 \u0a1c\u0a40 \u0a35\u0a3f\u0a16\u0a47 \u0a24\u0a4b\u0a02 "
    "\u0a35\u0a71\u0a32\u0a4b\u0a02 \u0a2a\u0a41\u0a71\u0a24\u0a30 \u0a35\u0a3e\u0a38\u0a40 "
    "\u0a28\u0a3e\u0a32 \u0a39\u0a48 \u0a38\u0a40 "
    "\u0915\u093e \u0915\u0940 \u0915\u0947 \u0928\u0947 \u0915\u094b \u0938\u0947 "
    "\u0914\u0930 \u0939\u0948 \u0925\u093e \u0925\u0940 \u092a\u0941\u0924\u094d\u0930 "
    "\u092a\u0941\u0924\u094d\u0930\u0940 \u0928\u093f\u0935\u093e\u0938\u0940 \u091c\u0940".split()
)


# words before Singh that are no given name (Guru, Sri), and after it that make a body's name
_SIKH_NOT_GIVEN = frozenset(
    "\u0a17\u0a41\u0a30\u0a42 \u0a38\u0a4d\u0a30\u0a40 \u0a38\u0a3c\u0a4d\u0a30\u0a40 "
    "\u0917\u0941\u0930\u0941 \u0936\u094d\u0930\u0940".split()
)
_SIKH_ORG_AFTER = frozenset("\u0a38\u0a2d\u0a3e \u0938\u092d\u093e".split())


# Russian and Ukrainian: a given name and a patronymic, in any case ("Николая Ивановича",
# "Анна Петровна", "Миколу Івановича")
_RU_GIVEN_PATRONYMIC = re.compile(
    rf"(?<![\w\-])(?P<ent>[{CYR_UP}][{CYR_LOW}]{{2,}}[ \t][{CYR_UP}][{CYR_LOW}]+"
    r"(?:ович|евич|івич|ич|овн|евн|ічн|ичн|інічн)(?:а|у|ем|е|ой|ою|ы|і|ій|ої)?)(?![\w\-])"
)
# Thai police and military ranks before a name ("ร้อยตำรวจโทธนกฤต ศรีวงศ์")
_TH_RANK = re.compile(
    r"(?:ร้อยตำรวจ(?:เอก|โท|ตรี)|พันตำรวจ(?:เอก|โท|ตรี)|ดาบตำรวจ|จ่าสิบตำรวจ|สิบตำรวจ(?:เอก|โท|ตรี)|"
    r"พลตำรวจ(?:เอก|โท|ตรี)?|ร้อย(?:เอก|โท|ตรี)|พัน(?:เอก|โท|ตรี)|จ่าสิบ(?:เอก|โท|ตรี))[ \t]?"
    r"(?P<ent>[\u0e01-\u0e4e]{2,20}[ \t][\u0e01-\u0e4e]{2,25})(?![\u0e01-\u0e4e])"
)
# Korean: a title with a name after it ("대표 문태준", "정보보호실장 김도윤") or before it
# ("박서연 대리"); the name three syllables that start with a common surname
_KO_TITLE_WORDS = (
    "대표|대표이사|회장|사장|부사장|원장|실장|팀장|부장|차장|과장|대리|주임|사원|교수|선생님|"
    "변호사|검사|판사|경위|경감|경사|경장|순경|목사|신부|주사보|주사|주무관|사무관|감독관|조사관|"
    # care and health staff: "요양보호사 최미영", "사회복지사 정다은"
    "요양보호사|사회복지사|간호조무사|간호사|간병인|촉탁의|의사|약사|영양사|물리치료사"
)
#: a Korean office or title, alone or at the end of a longer one ("환경주사", "정보보호실장")
KO_OFFICE = re.compile(rf"[{_HANGUL}]*(?:{_KO_TITLE_WORDS})")
_KO_TITLE_NAME = re.compile(
    rf"(?:(?<![{_HANGUL}])|(?<=[{_HANGUL}]))(?:{_KO_TITLE_WORDS})[ \t]+"
    rf"(?P<ent>[{_HANGUL}]{{3}})(?:은|는|이|가|을|를|의|와|과|도|씨|님)?(?![{_HANGUL}])"
    rf"|(?<![{_HANGUL}])(?P<ent2>[{_HANGUL}]{{3}})[ \t]+(?:{_KO_TITLE_WORDS})(?![{_HANGUL}])"
)
# Japanese: a name given or claimed ("「ジェームズ」と名乗る", "自称「ジェームズ・カーター」",
# "田村という男"), and a police rank before a name ("巡査部長\u3000高橋 亮")
_JA_NAMED = re.compile(
    r"(?:自称)?「(?P<q>[\u30a1-\u30fa\u30fc\u30fb]{2,16}|[\u3005\u4e00-\u9fff]{2,4})」"
    r"(?=と名乗|と称|という)"
    r"|自称「(?P<q2>[\u30a1-\u30fa\u30fc\u30fb]{2,16}|[\u3005\u4e00-\u9fff]{2,4})」"
    r"|(?<![\u3005\u4e00-\u9fff])(?P<t>[\u3005\u4e00-\u9fff]{2,3})という(?:男|女|人物|人)"
    r"|(?:巡査部長|巡査長|巡査|警部補|警部|警視|刑事|"
    # ... and an office of a court or a clinic: "裁判所書記官\u3000中村 由香"
    r"裁判所書記官|書記官|裁判官|検察官|弁護士|医師|看護師)[\u3000 \t]+"
    r"(?P<r>[\u3005\u4e00-\u9fff]{1,3}[\u3000 \t]?[\u3005\u4e00-\u9fff]{1,3})"
    r"(?![\u3005\u4e00-\u9fff])"
    # an addressee's family and given names before the honorific: "佐伯 真理子 様", "森田健吾殿"
    r"|(?:^|(?<=[\n\u3000 \t]))(?P<h>[\u3005\u4e00-\u9fff]{1,3}[\u3000 ][\u3005\u4e00-\u9fff]{1,3})"
    r"[\u3000 \t]?(?:様|殿)(?![\u3005\u4e00-\u9fff])"
)
# (a fast scan: the pattern cannot match without one of these)
_JA_NAMED_HINTS = (
    "「",
    "という",
    "巡査",
    "警部",
    "刑事",
    "様",
    "殿",
    "官",
    "弁護士",
    "医師",
    "看護師",
)
# Hebrew: a title before one or two words of a name ("הרב אליהו בן-דוד", "מר יוסף חדד",
# "האישה נועה רוזנפלד")
_HE_TITLE_NAME = re.compile(
    r"(?<![\u05d0-\u05ea])(?:הרב|הרבנית|מר|גב'|גברת|ד\"ר|ד״ר|עו\"ד|עו״ד|פרופ'|האישה|האיש|הבעל)"
    r"[ \t]+(?P<ent>[\u05d0-\u05ea][\u05d0-\u05ea'\u05f3\-]*(?:[ \t][\u05d0-\u05ea]"
    r"[\u05d0-\u05ea'\u05f3\-]*)?)(?![\u05d0-\u05ea])"
)
# Hebrew words after a title that are no name ("הרב הראשי", the chief rabbi)
_HE_NOT_NAMES = frozenset("הראשי הראשית הגדול הגדולה הזה הזאת שלי שלו שלה שלנו".split())
# Greek: a maiden name after "το γένος" (née): "το γένος Καραγιάννη"
# Hindi: a title before one to three words of a name ("डॉ. कविता रंगनाथन", "श्रीमती सुनीता देवी"),
# and a name in brackets before its Latin spelling ("(अरविंद मेहता / Arvind Mehta)")
# (two letters or more: "श्रीमती र म खेतीपाती", Nepali "my wife and I farm", holds no name)
_HI_WORD = r"[\u0905-\u0939][\u0900-\u0963\u0971-\u097f]+"
# (a postposition or a conjunction ends the name: "श्री राम शर्मा [ने] कहा")
_HI_NOT_POSTPOSITION = r"(?!(?:ने|का|की|के|को|से|में|पर|और|जी|तथा|एवं)(?![\u0900-\u097f]))"
_HI_TITLE_NAME = re.compile(
    r"(?<![\u0900-\u097f])(?:(?:डॉ\.|डा\.|प्रो\.)[ \t]*|(?:श्रीमती|सुश्री|श्री|कुमारी)[ \t]+)"
    rf"(?P<ent>{_HI_WORD}(?:[ \t]{_HI_NOT_POSTPOSITION}{_HI_WORD}){{0,2}})(?![\u0900-\u097f])"
    rf"|\((?P<par>{_HI_WORD}(?:[ \t]{_HI_WORD}){{1,2}})[ \t]*/[ \t]*"
    r"[A-Z][a-z]+(?:[ \t][A-Z][a-z]+){1,2}\)"
)
_ANY_DEVANAGARI = re.compile("[\u0905-\u0939]")
_EL_NEE = re.compile(
    r"(?<![\w])το[ \t]+γένος[ \t]+(?P<ent>[\u0391-\u03a9\u0386-\u038f]"
    r"[\u03ac-\u03ce]+)(?![\w])"
)
# Urdu and Arabic: a father's name after "son of" / "daughter of" ("ولد محمد اسلم،")
_UR_PATRONYMIC = re.compile(
    r"(?<![\u0600-\u06ff])(?:ولد|ولدیت|بنت|دختر|زوجہ)[ \t]+"
    rf"(?P<ent>{_AR_WORD}(?:[ \t]{_AR_WORD}){{0,2}})(?=[ \t]*[،,.;:)\n])"
)


@lru_cache(maxsize=1)
def _org_words() -> frozenset[str]:
    from privtext.tagging.recognizers.organization import HEAD_SET, PREFIX_HEADS

    return frozenset(HEAD_SET) | frozenset(PREFIX_HEADS)


_ANY_HAN_KANA = re.compile(f"[{_HAN}{_KANA}]")
_ANY_HANGUL = re.compile(f"[{_HANGUL}]")
_ANY_CYRILLIC = re.compile("[\u0400-\u04ff]")
_POLISH_LETTER = re.compile("[ąćęłńśźżĄĆĘŁŃŚŹŻ]")


def _field_name_ok(name: str) -> bool:
    """A Chinese field value of two or three characters opening with a common surname, or a
    Japanese one of four opening with a listed surname of two ("講師：高橋拓海")."""
    if len(name) <= 3:
        return name[0] in _ZH_SURNAMES
    from privtext.tagging.script_gazetteer import name_words

    return name[:2] in name_words()[2]


def names_in_other_scripts(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of person names found by the cues of the module docstring.

    Args:
        text: the document.

    Returns:
        The names' character ranges, in no particular order (they may overlap).
    """
    found: list[tuple[int, int]] = []
    if _ANY_HAN_KANA.search(text) is not None or _ANY_HANGUL.search(text) is not None:
        for m in _CJK_HONORIFIC.finditer(text):
            g = "ent" if m.group("ent") else "ja"
            if not any(c in _NOT_HAN_NAME_START for c in m.group(g)):
                found.append(m.span(g))
        for m in _ZH_LONG_HONORIFIC.finditer(text):
            run, end = m.group(), m.end()
            if run[-3] in _ZH_SURNAMES:
                found.append((end - 3, end))
            elif run[-1] in _ZH_SURNAMES:
                found.append((end - 1, end))
        found.extend(m.span("ent") for m in _KANA_HONORIFIC.finditer(text))
        found.extend(m.span("ent") for m in _ZH_PERSON_FIELD.finditer(text)
                     if _field_name_ok(m.group("ent")))  # fmt: skip
        found.extend(m.span("ent") for m in _ZH_KIN.finditer(text)
                     if m.group("ent")[:2] not in _ZH_NOT_NAMES)  # fmt: skip
        for m in _ROMANISED_AFTER.finditer(text):
            if any(w.title() in _org_words() for w in re.split(r"[ \t\-]+", m.group("latin"))):
                continue  # "桜庵 (Ryokan Sakura-an)": an inn, not a person
            found.append(m.span("ent"))
            found.append(m.span("latin"))
    if _ANY_HANGUL.search(text) is not None:
        for m in _KO_HONORIFIC.finditer(text):
            if m.group("ent") not in _KO_NOT_NAMES:
                found.append(m.span("ent"))
        found.extend(m.span("ent") for m in _KO_PERSON_FIELD.finditer(text)
                     if m.group("ent")[0] in _KO_SURNAMES)  # fmt: skip
        for rx in (_KO_SELF, _KO_KIN):
            for m in rx.finditer(text):
                name = m.group("ent")
                if name[0] in _KO_SURNAMES and len(name) == 3 and not name.endswith("인"):
                    found.append(m.span("ent"))  # (not "한국인": "저는 한국인입니다")
    if "นา" in text:
        found.extend(m.span("ent") for m in _TH_TITLE.finditer(text))
    if "जी" in text:
        found.extend(m.span("ent") for m in _HI_JI.finditer(text)
                     if m.group("ent") not in _HI_NOT_NAMES)  # fmt: skip
    if any("\u0386" <= c <= "\u03ce" for c in text):
        for m in _EL_NAME.finditer(text):
            first, _, _rest = m.group("ent").partition(" ")
            if first in _EL_TITLES:
                found.append((m.start("ent") + len(first) + 1, m.end("ent")))  # "Κυρία Παπαδάκη"
            elif first not in _EL_NOT_NAMES:
                found.append(m.span("ent"))
    if any("\u0621" <= c <= "\u06ff" for c in text):
        for m in _AR_NAME.finditer(text):
            words = m.group("ent").split()
            if words[0] in _AR_NOT_NAMES or (m.group("cue") in ("أنا", "انا") and len(words) < 2):
                continue  # "أنا مريضة" (I am ill): "I am" needs a full name
            found.append(m.span("ent"))
    if _ANY_CYRILLIC.search(text) is not None:
        found.extend(m.span("ent") for m in _RU_KIN_NAME.finditer(text))
        for m in _RU_FULL_NAME.finditer(text):
            g = "ent" if m.start("ent") >= 0 else "ini"
            if m.group(g).split()[0].lower() in _RU_NOT_GIVEN or _CYR_WORD_BEFORE.search(
                text, max(0, m.start(g) - 30), m.start(g)
            ):
                continue  # a street's name, or two words of a longer name ("... Ержан Бакытович")
            found.append(m.span(g))
        for m in _RU_TITLE_NAME.finditer(text):
            if not m.group("ent").endswith(("ево", "ово", "ино", "ское", "цкое")):
                found.append(m.span("ent"))  # (not "Капитан Андреево", a border crossing)
    if _ANY_CYRILLIC.search(text) is not None:
        for m in _RU_GIVEN_PATRONYMIC.finditer(text):
            if _CYR_WORD_BEFORE.search(text, max(0, m.start() - 30), m.start()) or re.match(
                rf"[ \t][{CYR_UP}]", text[m.end() : m.end() + 2]
            ):
                continue  # two words of a three-word name, found by the full-name rule
            found.append(m.span("ent"))
    if "ตำรวจ" in text or "ร้อย" in text or "พัน" in text or "จ่า" in text:
        found.extend(m.span("ent") for m in _TH_RANK.finditer(text))
    if _ANY_HANGUL.search(text) is not None:
        for m in _KO_TITLE_NAME.finditer(text):
            g = "ent" if m.group("ent") else "ent2"
            if m.group(g)[0] in _KO_SURNAMES:
                found.append(m.span(g))
    if any(w in text for w in _JA_NAMED_HINTS):
        for m in _JA_NAMED.finditer(text):
            g = next(k for k in ("q", "q2", "t", "r", "h") if m.group(k))
            found.append(m.span(g))
    if any("\u05d0" <= c <= "\u05ea" for c in text):
        found.extend(m.span("ent") for m in _HE_TITLE_NAME.finditer(text)
                     if m.group("ent").split()[0] not in _HE_NOT_NAMES)  # fmt: skip
    if _ANY_DEVANAGARI.search(text) is not None:
        for m in _HI_TITLE_NAME.finditer(text):
            found.append(m.span("ent" if m.group("ent") else "par"))
    if "γένος" in text:
        found.extend(m.span("ent") for m in _EL_NEE.finditer(text))
    if "ولد" in text or "بنت" in text or "دختر" in text or "زوجہ" in text:
        found.extend(m.span("ent") for m in _UR_PATRONYMIC.finditer(text))
    if _VI_LETTER.search(text) is not None:
        found.extend(m.span("ent") for m in _VI_NAME.finditer(text))
    if any(
        w in text
        for w in (
            "\u0a38\u0a3f\u0a70\u0a18",
            "\u0a15\u0a4c\u0a30",
            "\u0938\u093f\u0902\u0939",
            "\u0915\u094c\u0930",
        )
    ):
        for m in _SIKH_NAME.finditer(text):
            sg = "pa" if m.group("pa") else "hi" if m.group("hi") else None
            first = m.group("ent").split()[0]
            if first in _SIKH_NOT_GIVEN or (sg is not None and m.group(sg) in _SIKH_ORG_AFTER):
                continue  # "ਗੁਰੂ ਸਿੰਘ ਸਭਾ" (Guru Singh Sabha): a gurdwara's society
            if sg is not None and m.group(sg) in _SIKH_NOT_SURNAMES:
                end = m.start(sg)
                while text[end - 1] in " \t":
                    end -= 1
                found.append((m.start("ent"), end))  # the name ends before that word
                continue
            found.append(m.span("ent"))
    if ":" in text or "\u1361" in text or "\u1365" in text:
        for m in _SCRIPT_NAME_FIELD.finditer(text):
            g = next(k for k in _SCRIPT_FIELD_GROUPS if m.group(k))
            if m.group(g).split()[0] in _FIELD_NOT_NAMES:
                continue  # "አባት፡ አልታወቀም" (father: unknown)
            found.append(m.span(g))
    found.extend(listed_names(text))  # two listed names in a row, no cue needed
    if "an" in text and _POLISH_LETTER.search(text) is not None:  # (not "a pan Asian")
        for m in _PL_HONORIFIC.finditer(text):
            if m.group("ent").split()[0] not in _PL_NOT_NAMES:
                found.append(m.span("ent"))
    return found
