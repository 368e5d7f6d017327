"""Names known by the honorifics and kinship words of other languages (script_names.py)."""

from __future__ import annotations

import pytest

from privtext.tagging.script_names import names_in_other_scripts


def _names(text: str) -> set[str]:
    return {text[a:b] for a, b in names_in_other_scripts(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Chinese and Japanese honorifics after a name that starts after another kind of character
        ("投訴人：陳麗芳女士\n身份證號碼", {"陳麗芳"}),
        ("試験監督の田中浩二先生が机の下に", {"田中浩二"}),
        ("ご子孫の武田直子様（芦屋市）", {"武田直子"}),
        ("（訳：ナムさん、3番はB）", {"ナム"}),
        # a name and its romanised form in brackets
        ("Consignee: 黃德偉 (Wong Tak-wai), 新界", {"黃德偉", "Wong Tak-wai"}),
        ("対象学生：グエン・ヴァン・ナム（NGUYEN VAN NAM）、22歳", {"グエン・ヴァン・ナム",
                                                      "NGUYEN VAN NAM"}),
        # Chinese kinship word before a name
        ("本人今年78歲，與兒子黃志明同住。", {"黃志明"}),
        # Korean: honorific with a space, self-introduction, kinship word
        ("안녕하세요, 사토 님. 저는 이서연입니다.", {"사토", "이서연"}),
        ("그날 운전은 남편 박준호(36세, 소프트웨어 엔지니어)", {"박준호"}),
        ("이 키트는 저희 어머니 김정희 씨의 것입니다.", {"김정희"}),
        # Thai title, Hindi honorific, Greek surname ending, Polish pan / pani
        ("ผู้ต้องหาที่ 2 นายคำพัน สีสุวงศ์ (ลาว)", {"คำพัน สีสุวงศ์"}),
        ("नमस्ते प्रिया जी। मेरे पिताजी", {"प्रिया"}),
        ("Caseworker: Άννα Πετρίδου (ΑΠ)", {"Άννα Πετρίδου"}),
        ("Η Κυρία Παπαδάκη ήρθε.", {"Παπαδάκη"}),
        ("Dziękuję, pani Jadwigo. Według pana Tomasza Kędzierskiego", {"Jadwigo",
                                                                       "Tomasza Kędzierskiego"}),
        # a long Han run before an honorific: the surname and given name at its end
        ("收據上有店主徐國森先生的印章", {"徐國森"}),
        ("但樓上住戶李先生不肯開門", {"李"}),
        # Arabic and Persian kinship words, titles and "I am" with a full name
        ('"أنا خالد الحموي. بعت السيارة" زوجي محمد توفي', {"خالد الحموي", "محمد"}),
        ("من با خانم شیرین تهرانی در تهران", {"شیرین"}),
        # Russian kinship word, Vietnamese courtesy word
        ("Это машина мужа, Бориса, он инженер.", {"Бориса"}),
        ("Thắng khai được anh Tư và thầy Tanaka.", {"Tư", "Tanaka"}),
        # Hangul with its romanised form; Cyrillic titles, full names and initials; Greek vocative
        ("named the beneficiary as 최민준 (CHOI MINJUN), the", {"최민준", "CHOI MINJUN"}),
        ("Добрий день, пане Ігоре. Капітан Бондар, ім'я не знаю.", {"Ігоре", "Бондар"}),
        ("изготвена от Мария Колева, спедитор", {"Мария Колева"}),
        ("сообщения переданы добровольно Ержановым Б. К. 14.03", {"Ержановым Б. К."}),
        ("Ελένη Κ.: Κύριε Παπαδόπουλε, βλέπω", {"Παπαδόπουλε"}),
        ("שם: מיכל אזולאי\n", {"מיכל אזולאי"}),
        ("בעל הרכב: בוריס גורביץ', ת.ז. 312776418", {"בוריס גורביץ'"}),
        ("नाम: विनायक जोशी\n", {"विनायक जोशी"}),
        ("«ስም፡ ሰላም ታደሰ። እናት፡ አልማዝ በቀለ፣ ዕድሜ 24", {"ሰላም ታደሰ", "አልማዝ በቀለ"}),
        ("الاسم: سامي حداد\n", {"سامي حداد"}),
        ("نام: شیرین تهرانی\n", {"شیرین تهرانی"}),
        ("Ονοματεπώνυμο: Άννα Πετρίδου\n", {"Άννα Πετρίδου"}),
        ("ชื่อ-สกุล: นายสมศักดิ์ แก้วมณี\n", {"สมศักดิ์ แก้วมณี"}),
        (
            "ਕਿ ਹਰਪ੍ਰੀਤ ਸਿੰਘ ਗਿੱਲ ਸਪੁੱਤਰ ਸ. ਬਲਵਿੰਦਰ ਸਿੰਘ ਅਤੇ ਬੀਬੀ ਜਸਲੀਨ ਕੌਰ ਸੰਧੂ",
            {"ਹਰਪ੍ਰੀਤ ਸਿੰਘ ਗਿੱਲ", "ਬਲਵਿੰਦਰ ਸਿੰਘ", "ਜਸਲੀਨ ਕੌਰ ਸੰਧੂ"},
        ),
        ("मेरे दोस्त राम सिंह का बेटा", {"राम सिंह"}),
        ("Больше я Николая Ивановича не видела.", {"Николая Ивановича"}),
        ("หายตัวไป ร้อยตำรวจโทธนกฤต ศรีวงศ์ ผู้รับแจ้ง", {"ธนกฤต ศรีวงศ์"}),
        ("소속사: 블루문엔터테인먼트 (대표 문태준, 02-3142-7781)", {"문태준"}),
        ("심사 담당: 회원관리팀 박서연 대리", {"박서연"}),
        ("自称「ジェームズ・カーター」、国連の医師", {"ジェームズ・カーター"}),
        ("担当者を名乗る田村という男から電話", {"田村"}),
        ("受理者：生活安全課\u3000巡査部長\u3000高橋 亮\n", {"高橋 亮"}),
        ("בית הדין מינה את הרב אליהו בן-דוד לשמש שליח", {"אליהו בן-דוד"}),
        ("και της Σοφίας, το γένος Καραγιάννη, κάτοικος", {"Καραγιάννη"}),
        ("میں، محمد عمران اسلم، ولد محمد اسلم، اپنی بیوی", {"محمد اسلم"}),
    ],
)  # fmt: skip
def test_names_in_other_scripts_are_found(text, expected):
    assert _names(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "但樓上住戶的先生不肯開門",  # a long run whose end is no surname
        "這位先生說，各位女士請坐",  # "this gentleman", "ladies"
        "奥さんとお客様と皆様へ",  # "wife", "customer", "everyone": one character before
        "兒子電話：6218 4471",  # the son's phone
        "桜庵 (Ryokan Sakura-an) に泊まる",  # an inn with its romanised name
        "저는 한국인입니다. 저는 학생입니다.",  # "I am Korean", "I am a student"
        "고객 님, 감사합니다",  # a noun before 님
        "हाँ जी, नमस्ते जी, मम्मी जी",  # yes, hello, mummy
        "Γραφείο Παπαδοπούλου, Αθήνα",  # an office named after its owner
        "pan Dyrektor, Pan Am flew, a pan Asian",  # a title, an airline, English
        "أنا مريضة. زوجتي مريضة.",  # "I am ill", "my wife is ill"
        "Moro em São Paulo com a avó.",  # Portuguese "em" is no Vietnamese "em"
        "Сейткалиев Ержан Бакытович прибыл",  # two words of a longer name: its own rule's
        "На Капитан Андреево съм, улица Пушкина",  # a border crossing, a street
        "አባት፡ አልታወቀም። ስም፡ የለም",  # father: unknown; name: none
        "שם: לא ידוע",  # name: not known
        "ਸ੍ਰੀ ਗੁਰੂ ਸਿੰਘ ਸਭਾ ਸਾਊਥਾਲ",  # Sri Guru Singh Sabha, a gurdwara's society
        "לכבוד בית הדין של הרב הראשי, לונדון",  # "the chief rabbi"
    ],
)
def test_cues_without_a_name_are_left_alone(text):
    assert _names(text) == set()


def test_a_three_word_russian_name_is_found_whole_not_as_its_last_two_words() -> None:
    # the given-name + patronymic rule leaves it; the list of names takes all three words
    assert _names("Кузнецова Наталья Сергеевна") == {"Кузнецова Наталья Сергеевна"}
