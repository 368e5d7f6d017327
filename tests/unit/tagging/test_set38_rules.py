"""Rules from blind set 38 (and the pooled misses of sets 1-37 looked at with it): regions
that ISO 3166-2 does not list."""

from __future__ import annotations

import pytest

from .conftest import rules_only_tags as _tagged


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("We also said that she came to Yorkshire in 2006.", "Yorkshire"),
        ("Place of birth: Mexborough, Yorkshire", "Yorkshire"),
        ("the family moved to the East Midlands in 2019", "East Midlands"),
        ("She grew up in Transylvania.", "Transylvania"),
    ],
)
def test_historic_and_informal_regions_are_places(text: str, place: str) -> None:
    assert ("LOCATION", place) in _tagged(text)


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("Completed by: Dr Hollie Watts, FY2, bleep 3318", "FY2"),
        ("Referred by Jo Bell, CPN, on 3 May.", "CPN"),
        ("Contact: Mrs Una Fegan (owner), 028 3026 5511", "owner"),
        ("Reply from Lucía Fernández Ortega, Owner · 10 March 2025", "Owner"),
    ],
)
def test_grades_and_owners_next_to_a_person_are_jobs(text: str, role: str) -> None:
    assert ("JOB_TITLE", role) in _tagged(text)


def test_an_owner_without_a_person_is_not_a_job() -> None:
    assert not [t for t in _tagged("The owner (not the tenant) must sign.") if t[0] == "JOB_TITLE"]


def test_a_listed_organisation_in_capitals_is_kept() -> None:
    text = "EMPLOYMENT TRIBUNALS\n\nClaimant: Mr J Osei\nRespondent: Avonside Care Homes Ltd"
    assert ("ORGANIZATION", "EMPLOYMENT TRIBUNALS") in _tagged(text)


def test_a_heading_in_capitals_is_still_no_organisation() -> None:
    assert not [t for t in _tagged("OFFICE USE ONLY\nCOUNCIL TAX") if t[0] == "ORGANIZATION"]


def test_digits_of_other_scripts_fold_to_ascii_one_character_each() -> None:
    from privtext.tagging.registry import fold_digits

    text = "মোবাইল: ০১৭১১-৫৫৫০১৪, شماره: ۱۴۰۳/۸۸۴۱۷, رقم ٢٠٢٥, क्रमांक १८४७"
    folded = fold_digits(text)
    assert len(folded) == len(text)
    assert "01711-555014" in folded and "1403/88417" in folded
    assert "2025" in folded and "1847" in folded
    assert fold_digits("plain ASCII 123") == "plain ASCII 123"


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("মোবাইল: ০১৭১১-৫৫৫০১৪          পেশা: ব্যবসায়ী", "০১৭১১-৫৫৫০১৪"),
        ("تلفن همراه: ۰۹۱۲ ۵۵۵ ۰۴۱۷\nمبلغ", "۰۹۱۲ ۵۵۵ ۰۴۱۷"),
        ("रसीद संख्या: १८४७/२०२५          दिनांक: १७/०३/२०२५", "१७/०३/२०२५"),
    ],
)
def test_numbers_in_other_scripts_digits_are_tagged_at_their_own_offsets(
    text: str, number: str
) -> None:
    assert any(surface == number for _t, surface in _tagged(text))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("দাতার নাম: জনাব মোহাম্মদ রফিকুল ইসলাম\nপিতার নাম: আবদুল করিম", "মোহাম্মদ রফিকুল ইসলাম"),
        ("গ্রহণকারী: সুমাইয়া আক্তার, হিসাবরক্ষক", "সুমাইয়া আক্তার"),
        ("पिता का नाम: स्व. जगदीश प्रसाद श्रीवास्तव\nपता: मकान", "जगदीश प्रसाद श्रीवास्तव"),
        ("पुरोहित: पं. शिव नारायण मिश्र\n", "शिव नारायण मिश्र"),
        ('שם הנפטר: יעקב בן אברהם לוי          ת"ז: 058317421', "יעקב בן אברהם לוי"),
        ("نیکوکار: آقای رضا محمدی\u200cنژاد\nکد ملی", "رضا محمدی\u200cنژاد"),
        ("主教练：刘志远          领队：何欣", "刘志远"),
        ("主教练：刘志远          领队：何欣", "何欣"),
        ("紧急联系人：林国栋（林浩然之父）", "林国栋"),
    ],
)
def test_names_in_person_fields_of_other_scripts(text: str, name: str) -> None:
    assert ("PERSON", name) in _tagged(text)


def test_a_chinese_address_field_is_no_name() -> None:
    assert not [t for t in _tagged("俱乐部地址：黄浦区\n") if t[0] == "PERSON"]


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("দান রসিদ নং: ০০৭৮৪১          তারিখ", "০০৭৮৪১"),
        ("کد ملی: ۰۰۷۲۴۸۱۵۳۶          شماره عضویت: ۵۵۱۰۲", "۵۵۱۰۲"),
        ("الرقم القومي ٢٩١٠٣١٥٠١٠٤٤١٧، المقيمة في", "٢٩١٠٣١٥٠١٠٤٤١٧"),
        ("كود المشترك ٠٨٤١٢٢٧٣٠٥، رقم العداد ٤٤٧١٨٢٩.", "٤٤٧١٨٢٩"),
        ("เลขที่บัญชีนายจ้าง 1002847319", "1002847319"),
        ("Πειραιάς, 24 Απριλίου 2025          Αρ. Πρωτ.: 1187/2025", "1187/2025"),
        ("Ügyfélazonosító: 2000418836", "2000418836"),
        ("Bank: Maybank          No. akaun: 160118442793", "160118442793"),
        ("Greitt af reikningi: 0133-26-012345 (Landsbankinn)", "0133-26-012345"),
        ("Bildirim no: 2025-16-0044817", "2025-16-0044817"),
    ],
)
def test_number_labels_of_other_languages(text: str, number: str) -> None:
    assert ("CASE_NUMBER", number) in _tagged(text)


@pytest.mark.parametrize("text", ["There is no: 2025 answer.", "رقم ٣ في القائمة"])
def test_short_numbers_and_years_after_those_labels_are_no_references(text: str) -> None:
    assert not [t for t in _tagged(text) if t[0] == "CASE_NUMBER"]


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Rijeka, 3. travnja 2025.", "3. travnja 2025"),
        ("u luci Koper oko 20. travnja, na četiri mjeseca", "20. travnja"),
        ("szül.: Kecskemét, 1962. április 23.; adóazonosító", "1962. április 23."),
        ("a 2025. január 31-én kelt áramszámla ellen", "2025. január 31-én"),
        ("مسبق الدفع يوم ٢ فبراير بدون أي استهلاك", "٢ فبراير"),
        ("styrkur frá 15. janúar 2019: 3.000 kr.", "15. janúar 2019"),
        ("Kontrola 5. května 2025 v Praze.", "5. května 2025"),
    ],
)
def test_dates_in_croatian_czech_icelandic_hungarian_and_arabic_without_year(
    text: str, date: str
) -> None:
    assert ("DATE", date) in _tagged(text)


def test_a_hungarian_year_with_a_word_that_is_no_month_is_no_date() -> None:
    assert not [t for t in _tagged("A 2025. évi beszámoló") if t[0] == "DATE" and "évi" in t[1]]


def test_ships_ranks_in_a_text_about_a_crew() -> None:
    text = (
        "Crew list, vessel BALTIC LARCH\n| 4 | NAIR | Vishnu Prasad | AB | INDIAN | Seafarer ID "
        "AB 318452 |\nOff-signer 2/O Kenneth Lim Tan will be repatriated. C/E Hrytsenko reports."
    )
    roles = [s for t, s in _tagged(text) if t == "JOB_TITLE"]
    assert roles.count("AB") == 1 and "2/O" in roles and "C/E" in roles


def test_ships_ranks_mean_nothing_elsewhere() -> None:
    text = "My laptop OS crashed. Send it to C/O Smith, Calgary AB. The Master of Science."
    assert not [t for t in _tagged(text) if t[0] == "JOB_TITLE"]


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("মোবাইল: ০১৭১১-৫৫৫০১৪          পেশা: ব্যবসায়ী\nদানের খাত", "ব্যবসায়ী"),
        ("पेशा: अध्यापक\n", "अध्यापक"),
    ],
)
def test_occupation_fields_in_indic_scripts(text: str, job: str) -> None:
    assert ("JOB_TITLE", job) in _tagged(text)


def test_postcodes_in_a_postcode_column() -> None:
    text = (
        "donation_id,date,donor_name,email,postcode,gift_aid\n"
        "DN-77411305,2025-03-02,Harriet Lomas,hattie.lomas@example.com,BD20 6RP,Y\n"
        'DN-77426114,2025-03-09,"Pilling, Geoffrey",gapilling@example.org.uk,BD22 8PH,Y\n'
    )
    assert {s for t, s in _tagged(text) if t == "POSTCODE"} == {"BD20 6RP", "BD22 8PH"}


def test_a_postcode_column_takes_no_words() -> None:
    text = "name,postcode\nAnn Lee,unknown\nBob Ray,n/a\n"
    assert not [t for t in _tagged(text) if t[0] == "POSTCODE"]


@pytest.mark.parametrize(
    ("text", "login"),
    [
        ("In-game name: Thack      Riot ID: Thack#EUW1      Discord: thack.lol", "Thack#EUW1"),
        ("dev_rob 19:05: same IP as Kaiser#EUW, a Diamond smurf", "Kaiser#EUW"),
        ("Nama dalam permainan: RaptorHaz\nAlamat: Lot 18", "RaptorHaz"),
        ('2. Tomás Ferreira ("tfz"), 19, Portuguese', "tfz"),
    ],
)
def test_players_names_and_tags(text: str, login: str) -> None:
    assert ("USERNAME", login) in _tagged(text)


def test_hash_codes_and_defined_names_are_no_players() -> None:
    text = (
        'She lives at Apt#12 and wrote C# code in room#4. Tidewater Foods Group ("Tidewater") '
        "announced it."
    )
    assert not [t for t in _tagged(text) if t[0] == "USERNAME"]


def test_an_age_after_a_name_and_its_nickname() -> None:
    assert ("AGE", "22") in _tagged('1. Lukas Brenner ("LuBz"), 22, German, player')


def test_a_name_read_as_an_organisation_is_a_person_by_its_mailbox_role_or_birth() -> None:
    from privtext.tagging.base import Span
    from privtext.tagging.retype import organisations_named_like_persons

    text = (
        "Lijep pozdrav,\nTea Marinović, voditeljica posade\ntea.marinovic@jadrancrew.example\n"
        "1. Batbayar Temuulen, born 14/08/2002\nby Sofia Lindqvist, Data Protection Officer."
    )

    def at(s: str, kind: str) -> Span:
        i = text.index(s)
        return Span(i, i + len(s), kind, 0.8, "spacy_ner")

    spans = sorted(
        [
            at("Tea Marinović", "ORGANIZATION"),
            at("tea.marinovic@jadrancrew.example", "EMAIL"),
            at("Batbayar Temuulen", "ORGANIZATION"),
            at("Sofia Lindqvist", "ORGANIZATION"),
            at("Data Protection Officer", "JOB_TITLE"),
        ],
        key=lambda s: s.start,
    )
    got = {
        text[s.start : s.end]: s.entity_type for s in organisations_named_like_persons(text, spans)
    }
    assert got["Tea Marinović"] == got["Batbayar Temuulen"] == got["Sofia Lindqvist"] == "PERSON"


def test_an_organisation_before_the_role_of_the_next_person_stays() -> None:
    from privtext.tagging.base import Span
    from privtext.tagging.retype import organisations_named_like_persons

    text = "Agent: Moda Emlak Danışmanlık, consultant Serkan Yıldız (licence)"
    org = Span(7, 29, "ORGANIZATION", 0.8, "spacy_ner")
    job = Span(31, 41, "JOB_TITLE", 0.8, "x")
    person = Span(42, 55, "PERSON", 0.8, "x")
    got = organisations_named_like_persons(text, [org, job, person])
    assert got[0].entity_type == "ORGANIZATION"


def test_chinese_resident_ids_by_their_check_character_and_names_under_a_name_header() -> None:
    text = (
        "| 姓名 | 游戏ID | 身份证号 |\n|---|---|---|\n"
        "| 林浩然 | XH丶Blaze | 440106200209170310 |\n| 周雨桐 | XH丶Tong | 31011520010304062X |\n"
    )
    got = _tagged(text)
    assert ("NATIONAL_ID", "440106200209170310") in got
    assert ("NATIONAL_ID", "31011520010304062X") in got
    assert ("PERSON", "林浩然") in got and ("PERSON", "周雨桐") in got


def test_an_eighteen_digit_number_with_a_wrong_check_character_is_no_chinese_id() -> None:
    assert not [t for t in _tagged("Order 440106200209170311 shipped") if t[0] == "NATIONAL_ID"]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        (
            "ঠিকানা: বাড়ি ১২, রোড ৭, ধানমন্ডি, ঢাকা ১২০৫\nমোবাইল: ০১৭১১-৫৫৫০১৪",
            "বাড়ি ১২, রোড ৭, ধানমন্ডি, ঢাকা ১২০৫",
        ),
        (
            "पता: मकान नं. ४२, सेक्टर ११, लखनऊ २२६०१६\nमोबाइल: ९८३९५",
            "मकान नं. ४२, सेक्टर ११, लखनऊ २२६०१६",
        ),
        (
            "俱乐部地址：上海市杨浦区国定路335号8楼\n紧急联系人：林国栋",
            "上海市杨浦区国定路335号8楼",
        ),
        (
            "Alamat: Lot 18, Taman Foh Sang, 88300 Kota Kinabalu\nE-mel: x",
            "Lot 18, Taman Foh Sang, 88300 Kota Kinabalu",
        ),
    ],
)
def test_address_labels_of_other_languages(text: str, address: str) -> None:
    assert ("STREET_ADDRESS", address) in _tagged(text)


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("واریز از حساب شبا نزد بانک ملی ایران، کد رهگیری", "بانک ملی ایران"),
        (
            "این رسید برای ارائه به سازمان امور مالیاتی کشور معرفی می\u200cشود.",
            "سازمان امور مالیاتی کشور",
        ),
        (
            "شركة شمال القاهرة لتوزيع الكهرباء – قطاع مصر الجديدة",
            "شركة شمال القاهرة لتوزيع الكهرباء",
        ),
        ("战队：星火电竞俱乐部          提交日期", "星火电竞俱乐部"),
    ],
)
def test_organisations_in_arabic_persian_and_chinese_by_their_words(text: str, org: str) -> None:
    assert ("ORGANIZATION", org) in _tagged(text)


@pytest.mark.parametrize(
    ("text", "entity"),
    [
        (
            "Honors at Abraham Lincoln National Cemetery in Elwood",
            ("LOCATION", "Abraham Lincoln National Cemetery"),
        ),
        ("We walked near Lawnswood Cemetery.", ("LOCATION", "Lawnswood Cemetery")),
        ("Crematorium: Margam Crematorium, Neath", ("ORGANIZATION", "Margam Crematorium")),
    ],
)
def test_cemeteries_are_places_and_crematoria_organisations(
    text: str, entity: tuple[str, str]
) -> None:
    assert entity in _tagged(text)


def test_a_cemetery_without_a_name_is_no_place() -> None:
    got = _tagged("The Cemetery Road bus stops at The Cemetery gates.")
    assert not [t for t in got if t[0] == "LOCATION" and "The" in t[1]]


@pytest.mark.parametrize(
    ("text", "role"),
    [
        (
            "Lijep pozdrav,\nMarija Horvat, voditeljica posade\n",
            "voditeljica posade",
        ),
        ("Virðingarfyllst,\nJón Örn Baldursson, fjármálastjóri\n", "fjármálastjóri"),
        ("Disahkan oleh: Nurul Ain Jaafar, Pegawai Kewangan\n", "Pegawai Kewangan"),
    ],
)
def test_roles_of_other_languages_on_signature_lines(text: str, role: str) -> None:
    assert ("JOB_TITLE", role) in _tagged(text)


@pytest.mark.parametrize("text", ["Yours,\nJohn Smith, MBE\n", "Best,\nAnna Berg, Stockholm\n"])
def test_honours_and_places_after_a_signature_are_no_roles(text: str) -> None:
    assert not [t for t in _tagged(text) if t[0] == "JOB_TITLE"]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Disbursement to:   GCB Bank, Madina branch, a/c 1191130044517", "Madina"),
        ("State Bank of India, HSR Layout branch, A/c 38824410975", "HSR Layout"),
    ],
)
def test_the_place_of_a_branch(text: str, place: str) -> None:
    assert ("LOCATION", place) in _tagged(text)


def test_a_branch_named_by_a_common_word_is_no_place() -> None:
    assert not [t for t in _tagged("Visit the Main branch today.") if t[0] == "LOCATION"]


def test_company_marks_make_a_person_guess_an_organisation() -> None:
    from privtext.tagging.base import Span
    from privtext.tagging.retype import persons_named_like_organisations

    cases = [
        (
            "staf IT di PT Sinar Data Mandiri, Yogyakarta",
            "Sinar Data Mandiri",
            "PT Sinar Data Mandiri",
        ),
        ("RIB 007 (Attijariwafa bank), ou", "Attijariwafa", "Attijariwafa bank"),
        ("IT podpora, Kiwi.com\n", "Kiwi.com", "Kiwi.com"),
        ("paid to Ecobank Ghana, account", "Ecobank Ghana", "Ecobank Ghana"),
    ]
    for text, guess, org in cases:
        i = text.index(guess)
        got = persons_named_like_organisations(
            text, [Span(i, i + len(guess), "PERSON", 0.85, "spacy_ner")]
        )
        assert [(s.entity_type, text[s.start : s.end]) for s in got] == [("ORGANIZATION", org)]


def test_a_person_guess_without_a_company_mark_stays() -> None:
    from privtext.tagging.base import Span
    from privtext.tagging.retype import persons_named_like_organisations

    text = "I met Banks Mwale at the bank."
    got = persons_named_like_organisations(text, [Span(6, 17, "PERSON", 0.85, "spacy_ner")])
    assert got[0].entity_type == "PERSON"


def test_towns_of_ten_thousand_in_a_places_slot() -> None:
    text = "Daniel Kiprotich Rotich, 24, from Iten, outsprinted the field. She lives in Menton."
    got = _tagged(text)
    assert ("LOCATION", "Iten") in got and ("LOCATION", "Menton") in got


def open_ambiguous() -> set[str]:
    from importlib import resources

    text = resources.files("privtext").joinpath("data", "ambiguous_places.txt").read_text("utf-8")
    return {line.strip() for line in text.splitlines() if line and not line.startswith("#")}


def test_the_ambiguous_list_has_no_small_towns_named_like_common_words() -> None:
    names = open_ambiguous()
    assert "Iten" in names and "Mae Sot" in names
    assert not {"Stuart", "Street", "March", "Crystal"} & names


@pytest.mark.parametrize(
    ("text", "entity"),
    [
        ("Date of birth: 23/05/2009      Age on 1 Feb 2025: 15\nIn-game name", ("AGE", "15")),
        ("תאריך פטירה: 12/03/2025          גיל: 88\n", ("AGE", "88")),
        ("पिता का नाम: श्री रमेश          आयु: ७८ वर्ष\n", ("AGE", "७८ वर्ष")),
        ("দান রসিদ নং: ০০৭৮৪১          তারিখ: ১২ মার্চ ২০২৫\n", ("DATE", "১২ মার্চ ২০২৫")),
        ("شماره رسید: ۱۴۰۳/۸۸۴۱۷          تاریخ: ۲۲ اسفند ۱۴۰۳\n", ("DATE", "۲۲ اسفند ۱۴۰۳")),
    ],
)
def test_ages_and_dates_in_more_scripts(text: str, entity: tuple[str, str]) -> None:
    assert entity in _tagged(text)


def test_a_persian_month_word_without_a_solar_year_is_no_date() -> None:
    assert not [t for t in _tagged("۱۲ مهر و محبت") if t[0] == "DATE"]


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("Persatuan E-Sukan Sabah – Kejohanan E-Sukan Piala Borneo", "Persatuan E-Sukan Sabah"),
        (
            "Dia bekerja di Jabatan Kebajikan Masyarakat Sabah.",
            "Jabatan Kebajikan Masyarakat Sabah",
        ),
    ],
)
def test_malay_and_indonesian_bodies_named_head_first(text: str, org: str) -> None:
    assert ("ORGANIZATION", org) in _tagged(text)
