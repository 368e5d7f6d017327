"""DATE / DATE_OF_BIRTH recognizer: written and numeric dates; never amounts or case numbers."""

import pytest

from privtext.tagging.recognizers.date import DateRecognizer

R = DateRecognizer()
THRESHOLD = 0.5


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("On 12 March 2019 the applicant left.", "12 March 2019"),
        ("on March 12, 2019.", "March 12, 2019"),
        ("the 12th of March 2019", "12th of March 2019"),
        ("Monday, 12 March 2019", "Monday, 12 March 2019"),
        ("from 12-14 March 2019", "12-14 March 2019"),
        ("see you Mar. 12 then", "Mar. 12"),
        ("invoice of 12/03/2019", "12/03/2019"),
        ("ISO 2019-03-12T10:00", "2019-03-12"),
        ("signed 12.03.2019.", "12.03.2019"),
        ("posted 03/12/19", "03/12/19"),
        ("Date of referral: 12.06.24", "12.06.24"),
        ("staying 22 to 29 June with us", "22 to 29 June"),
        ("the camp runs 2-5 August.", "2-5 August"),
        ("HELD ON SUNDAY 14TH JANUARY 2024 AT", "SUNDAY 14TH JANUARY 2024"),
        ("Dated this 28th day of May, 2024.", "28th day of May, 2024"),
        ("Yes he lands on the 15th. Deji", "15th"),
        ("the introduction is on Saturday 14th at Ikoyi Club", "14th"),
        ("paid FLYLINE on the 2nd may. I booked", "2nd may"),
        ("- Review 26/06\n", "26/06"),
        ("14/05       Farmhouse on 3 acres", "14/05"),
        ("in March 2019", "March 2019"),
        ("Passport P441273B, exp 09OCT2031, end", "09OCT2031"),
        ("EXP 11MAR31 ok", "11MAR31"),
        ("inspected and accepted the work on 19 Mac 2025.", "19 Mac 2025"),
        ("Pe marți, 4 mar. 2025, 10:17, Ioana", "4 mar. 2025"),
        ("semnat la 12 martie 2025 la Cluj", "12 martie 2025"),
        ("the 3rd of May", "3rd of May"),
        ("He arrived in 1950.", "1950"),
        ("since 1998,", "1998"),
        ("Smith v Jones (1998)", "1998"),
        ("from 1990 to 1995", "1990 to 1995"),
        ("in the 1990s", "1990s"),
    ],
)
def test_when_a_date_appears_then_it_is_tagged_with_exact_bounds(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == [("DATE", expected)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("born on 3 May 1950", "3 May 1950"),
        ("Date of birth: 03/04/1985", "03/04/1985"),
        ("DOB 1985-04-03", "1985-04-03"),
        ("D.O.B. 12.01.1970", "12.01.1970"),
        ("born in 1950", "1950"),
        ("Ann Lee (b. 1950)", "1950"),
        ("born in London on 3 May 1950", "3 May 1950"),
    ],
)
def test_when_a_birth_cue_precedes_then_the_date_is_a_date_of_birth(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == [("DATE_OF_BIRTH", expected)]


def test_when_a_birth_cue_is_in_an_earlier_clause_then_later_dates_stay_dates(spans_of):
    text = "He was born on 3 May 1950 in Oslo and moved in 1980"
    assert spans_of(R, text, THRESHOLD) == [("DATE_OF_BIRTH", "3 May 1950"), ("DATE", "1980")]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "application no. 36110/97",
        "2 BvR 123/08",
        "a total of 1,950 euros",
        "12345",
        "1950",  # bare year without a cue
        "call 020 7946 0958",
        "at 10:30",
        "version 2.1.2019",
        "v2.1.2019",
        "32/13/2019",  # day and month out of range
        "2019-13-45",
        "in May",  # May alone is too ambiguous
        "you may 5",
        "in 2000 people",
        "rose by 1999%",
        "March 12:30",
    ],
)
def test_when_text_is_not_a_date_then_nothing_is_tagged(text, spans_of):
    assert spans_of(R, text, THRESHOLD) == []


# The given-name list must not turn dates into names: months and weekdays stay out of it,
# except the few the gazetteer treats as ambiguous (a PERSON only with a known surname).
_MONTHS_WEEKDAYS = (
    "January February March April May June July August September October November December "
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday"
).split()


def test_given_names_hold_no_month_or_weekday_unless_treated_as_ambiguous():
    from privtext.tagging.recognizers.gazetteer import AMBIGUOUS_GIVEN, load_gazetteer

    given = load_gazetteer().given
    assert [w for w in _MONTHS_WEEKDAYS if w in given and w not in AMBIGUOUS_GIVEN] == []


def test_name_lists_are_large_and_hold_no_common_english_words():
    from privtext.tagging.recognizers.gazetteer import AMBIGUOUS_GIVEN, load_gazetteer

    gaz = load_gazetteer()
    assert len(gaz.given) > 5_000 and len(gaz.surnames) > 5_000
    words = {"Can", "Love", "Per", "Will", "Hope", "King", "Royal", "Unique", "Paris", "Monday"}
    assert {w for w in words if w in gaz.given} <= set(AMBIGUOUS_GIVEN)


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("will go to the office on sat 16 march", "16 march"),
        ("paid on the 2nd june, not before", "2nd june"),
        ("\n03/02 09:12 – FNOL taken by phone", "03/02"),
        ("\n20/02 – Mrs Adeyemi called back", "20/02"),
        ("in memory of G. S. Bains (1941–2024), who", "1941–2024"),
        ("MSc Computer Science, 2018 – 2020\n", "2018 – 2020"),
        ("Volunteer, 2016 - present", "2016 - present"),
        ("Royal Alexandra Hospital, Paisley - 2020 to present\n", "2020 to present"),
        ("Nurse, Bielsko-Biała, Poland - 2013 to 2017\n", "2013 to 2017"),
        ("@pria.bakes · Jun 3\nSO proud", "Jun 3"),
    ],
)
def test_lower_case_months_line_dates_and_year_ranges(text, date):
    assert date in [text[s.start : s.end] for s in DateRecognizer().analyze(text)]


@pytest.mark.parametrize(
    "text",
    [
        "you may 2 go now",
        "we march 12 miles",
        "\n03/02 is the ratio",
        "pages 20-24 of it",
        "scored 1990 to 1850 points",
        "passed my driving test on the 2nd attempt",
        "the office is on the 5th floor",
        "the 2nd may be better",
    ],
)
def test_verbs_ratios_and_page_ranges_are_no_dates(text):
    assert DateRecognizer().analyze(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("DATE OF ISSUE: 02JUL24\nSA234     18JUL    JOHANNESBURG", ["02JUL24", "18JUL"]),
        ("the budget for 2024/25 and the 2023-24 tax returns", ["2024/25", "2023-24"]),
        ("ref 2024-05 we moved; pages 2019-21 of the report", []),  # not year spans
    ],
)
def test_travel_dates_and_year_spans(text, expected):
    from privtext.tagging.recognizers.date import DateRecognizer

    got = [text[s.start : s.end] for s in DateRecognizer().analyze(text)]
    assert [g for g in got if g in expected] == expected
    assert not any(g in ("2024-05", "2019-21") for g in got)


def test_a_month_and_year_in_numbers_are_dates():
    text = "Known to service: previous contact 08/2022. EAD card valid to 08/2025."
    got = [text[s.start : s.end] for s in DateRecognizer().analyze(text)]
    assert got == ["08/2022", "08/2025"]


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("Receipt for 20/03 lost, bank statement attached.", ["20/03"]),
        ("Verified selfie check passed 12/02. No action.", ["12/02"]),
        ("10.40.12.87 - - [14/Feb/2025:08:03:02 +0000] GET /", ["14/Feb/2025"]),
        ("two hours before shift start. On 02/26 the client, Mr. Beasley", ["02/26"]),
        ("=== internal note (Bartek W., Tier 2, 19/12 10:15) ===", ["19/12"]),
        ("the score was 3/4 at half time", []),
        ("it is 13/14 of the total", []),
    ],
)
def test_zero_padded_days_and_months_and_log_dates(text, dates):
    from privtext.tagging.recognizers.date import DateRecognizer

    got = [text[s.start : s.end] for s in DateRecognizer().analyze(text) if s.score >= 0.5]
    assert got == dates


@pytest.mark.parametrize(
    "text",
    [
        "members of the public\n24/01 Apologies for absence\n",
        "a non-pecuniary interest in item 24/06 as a neighbour",
        "score was 12/15 and page 03/04, ratio 1/2",
    ],
)
def test_agenda_items_scores_and_pages_are_no_dates(text):
    from privtext.tagging.recognizers.date import DateRecognizer

    assert [s for s in DateRecognizer().analyze(text) if s.score >= 0.5] == []


def test_dates_of_residence_are_cut_from_a_labelled_address():
    from privtext.tagging.registry import Tagger

    text = "Current address: 48 Lavender Hill, London SW11 5RH (since 08/2019)\nEmployer: X"
    got = {(text[s.start : s.end], s.entity_type) for s in Tagger.default().tag(text)}
    assert ("48 Lavender Hill, London SW11 5RH", "STREET_ADDRESS") in got
    assert ("08/2019", "DATE") in got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("el 22 de febrero de 2025 a las 23:40", "22 de febrero de 2025"),
        ("Saturday 20 de septiembre de 2025, 21:00", "20 de septiembre de 2025"),
        ("Αθήνα, 17 Ιανουαρίου 2025\n", "17 Ιανουαρίου 2025"),
        ("Ιερός Ναός\nΜάρτιος 2025 · Τεύχος 112", "Μάρτιος 2025"),
        ("Toplantı 14 Şubat 2025 tarihinde", "14 Şubat 2025"),
        ("\n12. 3. 2025\n19:58 courier", "12. 3. 2025"),
        ("Hà Nội, ngày 20 tháng 2 năm 2025, tại", "ngày 20 tháng 2 năm 2025"),
        ("Paris, le 3 mars 2025.", "3 mars 2025"),
        ("Am 12. März 2024 wurde", "12. März 2024"),
        ("a partire dal 1° marzo 2025", "1° marzo 2025"),
        ("São Paulo, 6 de março de 2025", "6 de março de 2025"),
        ("od 1 kwietnia mieszkam", "1 kwietnia"),
        ("à compter du 1er avril 2025", "1er avril 2025"),
        ("Factuurdatum: 4 maart 2025", "4 maart 2025"),
        ("desde febrero de 2025", "febrero de 2025"),
        ("seit Januar 2023 arbeitslos", "Januar 2023"),
    ],
)
def test_when_a_date_is_written_in_another_language_then_it_is_tagged(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == [("DATE", expected)]


@pytest.mark.parametrize("text", ["the Mars 2025 mission", "a 3 mail shot", "mayo mayonnaise"])
def test_foreign_month_names_need_a_day_or_a_year(text, spans_of):
    assert spans_of(R, text, THRESHOLD) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ご宿泊日 / Dates: 2025年4月5日（土）～4月7日（月）2泊", ["2025年4月5日", "4月7日"]),
        ("Visa ending 3057, exp 09/27, authorized", ["09/27"]),
        ("Date: 14/09/1446 H (14 March 2025)", ["14/09/1446 H", "14 March 2025"]),
        ("FIRST SEMESTER 2024/2025\n", ["2024/2025"]),
    ],
)
def test_cjk_dates_expiry_months_hijri_dates_and_four_digit_school_years(text, expected):
    from privtext.tagging.recognizers.date import DateRecognizer

    assert [text[s.start : s.end] for s in DateRecognizer().analyze(text)] == expected


def test_two_years_that_do_not_follow_each_other_are_no_school_year():
    from privtext.tagging.recognizers.date import DateRecognizer

    assert DateRecognizer().analyze("ratio 2024/2030 here") == []


def test_a_month_alone_after_a_cue_is_found_below_the_policy_threshold(spans_of):
    # the guidelines do not tag a month alone; the span is kept for a policy that asks for it
    assert spans_of(R, "until March the", THRESHOLD) == []
    spans = [s for s in R.analyze("until March the") if s.entity_type == "DATE"]
    assert [(s.start, s.end) for s in spans] == [(6, 11)] and 0.4 <= spans[0].score < THRESHOLD


def test_short_dotted_dates_after_a_cue_and_not_versions():
    from privtext.tagging.recognizers.date import DateRecognizer

    r = DateRecognizer()

    def got(t):
        return [t[s.start : s.end] for s in r.analyze(t)]

    assert got("Fee earner: FCM        Date: 7.2.25        Time") == ["7.2.25"]
    assert got("Diary 21.2.25.") == ["21.2.25"]
    assert got("Customer called on 13.3. \u2013 wants a new mandate") == ["13.3."]
    assert got("upgrade to 2.1.25 from 2.1.24") == []
    assert got("on 1.2.3 release") == [] and got("see section 3.2. Then") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Приговор вынесен 14 января 2025 года в суде.", "14 января 2025"),
        ("Київ, 3 березня 2024 р.", "3 березня 2024"),
    ],
)
def test_russian_and_ukrainian_months_in_the_genitive(text, expected):
    assert [text[s.start : s.end] for s in R.analyze(text)] == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a year cue before an ISO date took only its year and month ("born 1951-06"), leaving
        # the day in the clear
        ("born 1951-06-02 in Leeds", [("DATE_OF_BIRTH", "1951-06-02")]),
        ("since 2019-03-04 the", [("DATE", "2019-03-04")]),
        # a date in a cell of comma-separated values
        (
            "PCTC-0071,Harold Brierley,1951-06-02,WY/S/30418,,0113 496 0927",
            [("DATE", "1951-06-02")],
        ),
        ("id,03/12/2019,paid", [("DATE", "03/12/2019")]),
        # a year range is still one span, and a thousands separator is no cell
        ("in 1990-95 we", [("DATE", "1990-95")]),
        ("1,12.03.2019", []),
    ],
)
def test_iso_dates_after_a_year_cue_and_in_csv_cells(text, expected, spans_of):
    assert spans_of(R, text, THRESHOLD) == expected
