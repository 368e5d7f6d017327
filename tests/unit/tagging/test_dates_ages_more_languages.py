"""DATE and AGE in Thai, Hindi, Swahili, Indonesian, Arabic, Russian, Ukrainian; no durations."""

import pytest

from privtext.tagging.recognizers.age import AgeRecognizer
from privtext.tagging.recognizers.date import DateRecognizer

DATES = DateRecognizer()
AGES = AgeRecognizer()
THRESHOLD = 0.5


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Thai, Buddhist era years, full and short month names
        ("15 มีนาคม 2568", "15 มีนาคม 2568"),
        ("แจ้ง ณ วันที่ 16 มีนาคม 2568 เลขที่", "16 มีนาคม 2568"),
        ("วันที่ 1 มกราคม 2568", "1 มกราคม 2568"),
        ("ลงวันที่ 29 กุมภาพันธ์ 2567 แล้ว", "29 กุมภาพันธ์ 2567"),
        ("เมื่อ 5 ธันวาคม 2567", "5 ธันวาคม 2567"),
        ("วันที่ 3 ม.ค. 2568 ครับ", "3 ม.ค. 2568"),
        ("นัด 16 มี.ค. 68 เวลา 10.00 น.", "16 มี.ค. 68"),
        ("ประกาศ ณ วันที่ 16 มีนาคม พ.ศ. 2568", "16 มีนาคม พ.ศ. 2568"),
        ("ในเดือนมีนาคม 2568 ครับ", "มีนาคม 2568"),
        # Hindi
        ("दिनांक 31 मार्च 2026 तक", "31 मार्च 2026"),
        ("3 फ़रवरी 2025 को", "3 फ़रवरी 2025"),
        ("15 अगस्त, 1947 को", "15 अगस्त, 1947"),
        ("1 सितम्बर 2024", "1 सितम्बर 2024"),
        # Swahili and Indonesian
        ("Tarehe: 7 Machi 2025", "7 Machi 2025"),
        ("Tarehe 12 Desemba, 2024 saa nne", "12 Desemba, 2024"),
        ("mnamo 3 Agosti 2023", "3 Agosti 2023"),
        ("Tanggal 5 Maret 2025 pukul 10.00", "5 Maret 2025"),
        ("lahir 17 Agustus 1945 di", "17 Agustus 1945"),
        ("sejak 1 Desember 2024", "1 Desember 2024"),
        # Arabic: Hijri and Gregorian months (the era letter stays out)
        ("الموافق 14 رمضان 1446 هـ", "14 رمضان 1446"),
        ("20 ذي الحجة 1445هـ", "20 ذي الحجة 1445"),
        ("1 ربيع الأول 1447 هـ", "1 ربيع الأول 1447"),
        ("في 14 مارس 2025 م", "14 مارس 2025"),
        ("بتاريخ 15 آذار 2024", "15 آذار 2024"),
        ("3 كانون الثاني 2025", "3 كانون الثاني 2025"),
        ("14 آذار/مارس 2025", "14 آذار/مارس 2025"),
    ],
)
def test_dates_in_more_languages_are_tagged_with_exact_bounds(text, expected, spans_of):
    assert spans_of(DATES, text, THRESHOLD) == [("DATE", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "Machi ni mwezi mzuri",  # a month alone
        "مارس",
        "مارس الرياضة يوميا",
        "3 صفر",  # "three zero": a Hijri month without a year
        "سيارة نيسان 2020",  # a car make, no day
        "كرم رمضان 1446",  # a name, no day
        "5 जूनियर खिलाड़ी",  # "जून" inside a word
        "मार्च में",
        "สำนักงาน ก.พ. 2568 คน",  # an office's abbreviation, no day
        "ทีม 5 ก.พ. ครับ",
    ],
)
def test_month_names_without_a_day_or_year_are_no_dates(text, spans_of):
    assert spans_of(DATES, text, THRESHOLD) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Ukrainian and Russian
        ("Мамі 79 років", "79 років"),
        ("мені 45 років, я", "45 років"),
        ("йому було 79 років, він", "79 років"),
        ("сыну исполнилось 7 лет", "7 лет"),
        ("Больная 67 лет, жалобы на боль", "67 лет"),
        ("помер у віці 79 років", "79 років"),
        ("мужчина в возрасте 45 лет", "45 лет"),
        ("Вік: 79", "79"),
        ("79-річна жінка", "79-річна"),
        ("45-летний мужчина", "45-летний"),
        # Indonesian and Malay
        ("Pasien: Kirana Putri Hartono (2 tahun) · Akun", "2 tahun"),
        ("anak (5 tahun) dirawat", "5 tahun"),
        ("seorang pria berusia 34 tahun", "34 tahun"),
        ("bayi berumur 5 bulan", "5 bulan"),
        ("Umur: 34", "34"),
        # Arabic
        ("العمر 34 سنة", "34 سنة"),
        ("العمر: 34", "34"),
        ("عمره 34 عاماً", "34 عاماً"),
        ("يبلغ من العمر 34 عاما", "34 عاما"),
        ("توفي عن عمر يناهز 80 عاماً", "80 عاماً"),
        # Swahili (the number, as for "aged 43")
        ("Mgonjwa: Wanjiru Kamau, umri 27", "27"),
        ("Umri: 27", "27"),
        ("mwanamke mwenye umri wa miaka 27", "27"),
        ("Baba yangu ana miaka 70", "70"),
    ],
)
def test_ages_in_more_languages_are_tagged_with_exact_bounds(text, expected, spans_of):
    assert spans_of(AGES, text, THRESHOLD) == [("AGE", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "5 tahun yang lalu",  # five years ago
        "Dia bekerja selama 5 tahun.",
        "masa kontrak (5 tahun)",
        "працював 10 років",  # worked ten years
        "йому 10 років тому дали квартиру",  # ten years ago
        "10-річний досвід роботи",
        "5-летний контракт",
        "через 5 лет",
        "خلال 3 سنوات",  # within three years
        "متوسط العمر 75 سنة",  # life expectancy
        "miaka mitano",  # five years
        "kwa miaka 10",  # for ten years
        "miaka 5 iliyopita",  # five years ago
    ],
)
def test_durations_in_more_languages_are_no_ages(text, spans_of):
    assert spans_of(AGES, text, THRESHOLD) == []


def test_the_tagger_finds_the_dates_and_ages_of_a_record():
    from privtext.tagging.registry import TaggerSpec, build_tagger

    tagger = build_tagger(TaggerSpec(ner_model=None))
    text = "Tarehe: 7 Machi 2025\nMgonjwa: Wanjiru Kamau, umri 27\nالعمر 34 سنة، 14 رمضان 1446 هـ"
    found = {(text[s.start : s.end], s.entity_type) for s in tagger.tag(text)}
    for expected in (
        ("7 Machi 2025", "DATE"),
        ("27", "AGE"),
        ("34 سنة", "AGE"),
        ("14 رمضان 1446", "DATE"),
    ):
        assert expected in found
