"""Employers found through the job title before them."""

from privtext.tagging.base import Span
from privtext.tagging.employers import SOURCE, employers_after_titles
from privtext.tagging.registry import Tagger


def _orgs(text):
    return [
        text[s.start : s.end] for s in Tagger.default().tag(text) if s.entity_type == "ORGANIZATION"
    ]


def test_a_name_after_a_title_and_at_is_the_employer():
    assert "Sika Pay" in _orgs("Kwabena Osei · Data Engineer at Sika Pay\n")
    assert "Villanueva & Co. CPAs" in _orgs(
        "I have been employed as a Senior Accountant at Villanueva & Co. CPAs in Makati."
    )


def test_on_a_cv_line_or_in_a_signature_a_separator_is_enough():
    assert "Kudi Pay" in _orgs("Data Scientist – Kudi Pay\nMar 2016 – Sep 2018\n")
    assert "The Cliff Hotel" in _orgs("Tamsin Penrose\nGuest Relations Manager, The Cliff Hotel")


def test_departments_people_and_places_after_a_title_are_not_employers():
    text = (
        "Aoife Byrne, Manager, Human Resources\nStaff Nurse, Ward 9, Leeds\n"
        "HR Executive – Talent Acquisition"
    )
    assert _orgs(text) == []


def test_spans_without_titles_are_returned_unchanged():
    spans = [Span(0, 4, "PERSON", 0.9, "x")]
    assert employers_after_titles("Anna at Acme", spans) is spans
    text = "Nurse at Acme Widgets"
    got = employers_after_titles(text, [Span(0, 5, "JOB_TITLE", 0.8, "x")])
    assert [(text[s.start : s.end], s.source) for s in got][1] == ("Acme Widgets", SOURCE)


def test_a_name_that_a_sentence_end_follows_is_cut_at_the_sentence_end():
    text = "Please accept this as notice of my resignation as Sous Chef at Shore Kitchen. My last"
    start = text.index("Sous Chef")
    got = employers_after_titles(text, [Span(start, start + 9, "JOB_TITLE", 0.85, "x")])
    assert [text[s.start : s.end] for s in got if s.source == SOURCE] == ["Shore Kitchen"]


def test_a_firm_after_a_named_person_and_of_is_the_employer():
    assert "Calder Employment Law" in _orgs(
        "The claimant was represented by Ms Ruth Abernethy of Calder Employment Law; the"
    )
    assert "GW Developments (NW) Ltd" in _orgs(
        "The applicant, Mr Gary Whitcombe of GW Developments (NW) Ltd, has already removed"
    )


def test_a_place_after_a_person_and_of_is_no_employer():
    assert _orgs("Anna Kowalski of Leeds said so.") == []
    assert _orgs("Mr John Hale of Counsel appeared for the applicant.") == []


def test_after_for_only_a_name_with_a_rare_or_organisation_word_is_an_employer():
    text = "She works as a nurse for Brightwater Care Homes, and as a cleaner for Human Resources."
    title1 = text.index("nurse")
    title2 = text.index("cleaner")
    spans = [Span(title1, title1 + 5, "JOB_TITLE", 0.8, "x")]
    spans.append(Span(title2, title2 + 7, "JOB_TITLE", 0.8, "x"))
    got = employers_after_titles(text, spans)
    assert [text[s.start : s.end] for s in got if s.source == SOURCE] == ["Brightwater Care Homes"]


def test_a_person_after_a_title_and_for_is_no_employer():
    text = "I'm the personal tutor for Oluwatobi Adeyemi-Clarke (student no. HG2291847)."
    start = text.index("personal tutor")
    got = employers_after_titles(text, [Span(start, start + 14, "JOB_TITLE", 0.7, "x")])
    assert not any(s.source == SOURCE for s in got)


def test_in_a_signature_block_the_line_under_the_title_is_the_employer():
    text = (
        "Regards,\n\nAyesha Siddiqui\nSenior Visa Consultant\nClearPath Visas\n"
        "Office 4, 2nd Floor, Siddiq Trade Centre, 72 Main Boulevard, Gulberg, Lahore 54660\n"
    )
    spans = Tagger.default().tag(text)
    got = {text[s.start : s.end]: s.entity_type for s in spans}
    assert got["ClearPath Visas"] == "ORGANIZATION"
    # the address block no longer opens with the firm's line
    assert any(t.startswith("Office 4") and e == "STREET_ADDRESS" for t, e in got.items())
    assert "DishDash" in _orgs(
        "Orla Kavanagh\nPartner Account Manager, UK & Ireland\nDishDash\nDublin 8\n"
    )


def test_without_the_person_line_above_a_title_the_next_line_is_no_employer():
    text = "Please ask the\nSenior Visa Consultant\nClearPath Visas\n"
    i = text.index("Senior")
    title = Span(i, i + len("Senior Visa Consultant"), "JOB_TITLE", 0.88, "job_title_gazetteer")
    assert employers_after_titles(text, [title]) == [title]


def test_a_signature_with_letters_after_the_name_and_a_practice_named_after_her():
    text = (
        "Yours sincerely,\n\nDr Siobhan Kelly BDS MOrth RCS\nSpecialist Orthodontist\n"
        "Kelly Orthodontics\nUnit 4, Priory Business Park, Bedford MK44 3JZ\n"
    )
    assert "Kelly Orthodontics" in _orgs(text)


def test_an_employer_after_a_title_and_with_and_one_closed_by_a_bracket():
    assert "Aviva Ireland" in _orgs(
        "Niamh (31) is a data analyst with Aviva Ireland, currently on a fixed-term contract."
    )
    assert "BRI" in _orgs("Siobhan Moriarty | Works nights (NHS porter at BRI). Postal vote.")


def test_the_firm_a_named_person_speaks_for_after_from():
    assert "Kestrel" in _orgs(
        "[19:02] Agent: Hi, you're chatting with Ruairi from Kestrel. How can I help?"
    )
    assert "Sparkright" in _orgs("the electrician was Marcus from Sparkright, Swindon.")


def test_a_team_or_a_place_after_a_person_and_from_is_no_employer():
    text = (
        "Hi, this is Kyle from Homeowner Support. Also Hanna from HR called. "
        "Musa Ibrahim from Kano, he resumes next week."
    )
    assert _orgs(text) == []


def test_an_employer_ends_before_and_with_a_verb():
    assert "Xplore Dundee" in _orgs(
        "My husband, Steven Kerr, is a bus driver with Xplore Dundee and has had comments."
    )
