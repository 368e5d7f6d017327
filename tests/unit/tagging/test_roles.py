"""Roles written next to a tagged person are job titles (privtext.tagging.roles)."""

from __future__ import annotations

import pytest

from privtext.tagging.base import Span
from privtext.tagging.roles import roles_before_employers, roles_next_to_persons


def _roles(text: str, *names: str) -> list[str]:
    spans = []
    for n in names:
        i = text.index(n)
        spans.append(Span(i, i + len(n), "PERSON", 0.9, "test"))
    spans.sort(key=lambda s: s.start)
    out = roles_next_to_persons(text, spans)
    assert [s for s in out if s.entity_type == "PERSON"] == spans  # persons untouched
    return [text[s.start : s.end] for s in out if s.entity_type == "JOB_TITLE"]


@pytest.mark.parametrize(
    ("text", "names", "expected"),
    [
        # after the person, up to a delimiter
        ("Reported by Joan Pike, vendor, tel. 555 0101.", ["Joan Pike"], ["vendor"]),
        ("(BY SRI R. K. HEGDE, ADVOCATE)", ["R. K. HEGDE"], ["ADVOCATE"]),
        ("Ana Ruiz · Senior Data Recruiter at Brightpath", ["Ana Ruiz"], ["Senior Data Recruiter"]),
        ("Seen by Dr Lena Ward, Superintendent Pharmacist\n", ["Lena Ward"],
         ["Superintendent Pharmacist"]),
        ("Present: Musa Bello, Water Promoter; Jane Doe", ["Musa Bello"], ["Water Promoter"]),
        # before the person, after a determiner or a possessive
        ("please contact our Treasurer, Sean Daly, by Friday", ["Sean Daly"], ["Treasurer"]),
        ("their estimator, Carl Boyd, wrote it up", ["Carl Boyd"], ["estimator"]),
        ("The Division's Media Liaison Officer, Tom Ek, said", ["Tom Ek"],
         ["Media Liaison Officer"]),
        # a signature line under the name
        ("Regards,\nP. Moana\nRent Adjudicator\n3 May 2024", ["P. Moana"], ["Rent Adjudicator"]),
        ("\nA. B. OTIENO\nJUDGE\n", ["A. B. OTIENO"], ["JUDGE"]),
        ("\nLiza Cruz\nHR Generalist | Acme BPO Inc.\n", ["Liza Cruz"], ["HR Generalist"]),
        # a role of a field, a boss, and a determiner that is no part of the role
        ("Also present: Kofi Darko, inspector of mines, Accra", ["Kofi Darko"],
         ["inspector of mines"]),
        ("interview Mr Kwame Osei, shift boss, on Monday", ["Kwame Osei"], ["shift boss"]),
        ("reported to the Undermanager, Bianca Reis, by phone", ["Bianca Reis"],
         ["Undermanager"]),
        ("Lars Berg, a forensic doctor, examined him", ["Lars Berg"], ["forensic doctor"]),
    ],
)  # fmt: skip
def test_a_role_next_to_a_person_is_a_job_title(text, names, expected):
    assert _roles(text, *names) == expected


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Smith, Peter and Jones left.", ["Smith"]),  # a given name, not a role
        ("Met Ana Ruiz, Manchester office, on Monday.", ["Ana Ruiz"]),  # no role head
        ("Anna Kay, however, said no.", ["Anna Kay"]),
        ("my friend, Tom Ek, came", ["Tom Ek"]),  # not an occupation
        ("a member, Tom Ek, spoke", ["Tom Ek"]),  # generic head
        ("Ana Ruiz, Chester, UK", ["Ana Ruiz"]),  # a place
        ("\nSincerely yours, Liza Cruz\nClaims Officer\n", ["Liza Cruz"]),  # more than the name
        ("Ana Ruiz, Senior data Recruiter, said", ["Ana Ruiz"]),  # mixed case styles
    ],
)
def test_words_that_are_no_role_or_not_next_to_a_person_are_left(text, names):
    assert _roles(text, *names) == []


def test_a_role_already_tagged_is_not_tagged_twice():
    text = "Joan Pike, nurse, called."
    spans = [
        Span(0, 9, "PERSON", 0.9, "t"),
        Span(11, 16, "JOB_TITLE", 0.7, "job_title_gazetteer"),
    ]
    assert roles_next_to_persons(text, spans) == spans


def test_without_a_person_nothing_is_added():
    spans = [Span(0, 5, "LOCATION", 0.9, "t")]
    assert roles_next_to_persons("Leeds, Treasurer, said", spans) == spans


def test_a_chat_speakers_bracketed_side_is_no_job_title_but_a_real_role_stays():
    from privtext.tagging.base import Span
    from privtext.tagging.roles import speaker_labels_are_no_titles

    text = "Maya (Agent): hi\nKen Ito (Paramedic): arrived\nthe agent (Agent) said"
    spans = [
        Span(6, 11, "JOB_TITLE", 0.88, "t"),
        Span(26, 35, "JOB_TITLE", 0.88, "t"),
        Span(
            text.index("(Agent) said") + 1, text.index("(Agent) said") + 6, "JOB_TITLE", 0.88, "t"
        ),
    ]
    kept = speaker_labels_are_no_titles(text, spans)
    assert [text[s.start : s.end] for s in kept] == ["Paramedic", "Agent"]


@pytest.mark.parametrize(
    ("text", "name", "expected"),
    [
        # right before the person, with no comma
        ("She trains with coach Abebe Girma every day.", "Abebe Girma", "coach"),
        ("My driver Chidi will bring it.", "Chidi", "driver"),
        ("Ask the night porter Sam about it.", "Sam", "night porter"),
        ("Retired principal Ruth Hinds, 64, spoke.", "Ruth Hinds", "principal"),
        ("Pharmacist Mr Imran Qadir called.", "Imran Qadir", "Pharmacist"),
        # linked by a verb
        ("Your guide is Dawa Tamang.", "Dawa Tamang", "guide"),
        ("I spoke with an agent named Keisha.", "Keisha", "agent"),
        ("Agent is Radu from the office.", "Radu", "Agent"),
    ],
)
def test_a_role_right_before_a_person_or_linked_to_one_is_a_job_title(text, name, expected):
    assert _roles(text, name) == [expected]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Captain Lina Berg walked in.", "Lina Berg"),  # a rank, capitalised
        ("Inspector Hale arrived.", "Hale"),
        ("The best man was Ollie.", "Ollie"),  # too generic alone
        ("officer K.M. struck him", "K.M."),
        ("I went to the shop with Ben.", "Ben"),  # no role word
    ],
)
def test_ranks_generic_words_and_plain_words_before_a_person_are_no_role(text, name):
    assert _roles(text, name) == []


@pytest.mark.parametrize(
    ("text", "name", "expected"),
    [
        ("Prosecutor Imogen Tate said the footage was clear.", "Imogen Tate", ["Prosecutor"]),
        ("the family are Buddhist.\nSupervisor Ko Min reported it.", "Ko Min", ["Supervisor"]),
        ("Sheriff Morven Gauld told him.", "Morven Gauld", []),  # a rank before a name
        ("We met Captain Lina Berg there.", "Lina Berg", []),
        ("a Senior Pharmacist Ian Roe", "Ian Roe", []),  # not at a clause's start
    ],
)
def test_a_capitalised_role_opening_a_clause_before_a_name_is_a_job_title(text, name, expected):
    assert _roles(text, name) == expected


@pytest.mark.parametrize(
    ("text", "names", "expected"),
    [
        ("the rep, Monique, said she'd escalate it", ["Monique"], ["rep"]),
        ("our junior coach, Sipho Dlamini, ran the session", ["Sipho Dlamini"], ["junior coach"]),
        ("the module leader, Fintan Cusack, agreed", ["Fintan Cusack"], ["module leader"]),
        # "agent" stays out, even in apposition: a party's agent is no job title here
        ("the applicant's migration agent, Ms Ana Ruiz, wrote", ["Ana Ruiz"], []),
        ("The agent, Kristine, opened a ticket", ["Kristine"], []),
        # generic heads need the apposition: after the name they are no role
        ("Monique, rep, said so", ["Monique"], []),
    ],
)
def test_generic_heads_are_a_role_between_a_determiner_and_a_named_person(text, names, expected):
    assert _roles(text, *names) == expected


def _slot_roles(text: str, spans: list[Span] = ()) -> list[str]:
    out = roles_before_employers(text, list(spans))
    return [text[s.start : s.end] for s in out if s.entity_type == "JOB_TITLE"]


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("The bride, 31, is a paediatric registrar at Royal Manchester Children's Hospital.",
         "paediatric registrar"),
        ("Dr Efua Amissah, a hydrogeologist at the Water Research Institute, said",
         "hydrogeologist"),
        ("For four years I have been Information Governance Lead at Avon and Wiltshire NHS",
         "Information Governance Lead"),
        ("You mentioned you are a Technology Lead at the Electronic City campus.",
         "Technology Lead"),
        ("She works as a customer service executive for Vodafone.", "customer service executive"),
    ],
)  # fmt: skip
def test_a_job_said_of_someone_before_at_and_a_name_is_a_job_title(text, role):
    assert _slot_roles(text) == [role]


@pytest.mark.parametrize(
    "text",
    [
        "He is a patient at Leeds General Infirmary.",
        "She was a student at Dalhousie University.",
        "He is the lead for Safeguarding.",
        "The hearing is fixed for April 5.",
        "She is a regular at The Green Man.",
    ],
)
def test_people_a_place_serves_and_bare_heads_are_no_job_in_that_slot(text):
    assert _slot_roles(text) == []


def test_a_tagged_span_in_the_slot_is_left_alone():
    text = "I am a German researcher at RIKEN in Wako."
    nat = Span(7, 13, "NATIONALITY", 0.9, "test")
    assert _slot_roles(text, [nat]) == []


def test_a_role_after_a_person_before_a_middle_dot():
    text = "Prepared by: Sarah Akello, distribution officer · s.akello@drc.ngo"
    assert _roles(text, "Sarah Akello") == ["distribution officer"]


def test_a_longer_role_takes_the_place_of_a_job_title_inside_it():
    text = "Record card checked by N. Dlamini, cemetery clerk, 10/02/2025."
    a = text.index("N. Dlamini")
    clerk = text.index("clerk")
    spans = [
        Span(a, a + len("N. Dlamini"), "PERSON", 0.9, "t"),
        Span(clerk, clerk + 5, "JOB_TITLE", 0.7, "job_title_gazetteer"),
    ]
    got = [text[s.start : s.end] for s in roles_next_to_persons(text, spans)]
    assert got == ["N. Dlamini", "cemetery clerk"]


@pytest.mark.parametrize(
    ("text", "names", "expected"),
    [
        # a bracket or a wide gap ends the role too
        ("Agent: Siobhán Kiely, vulnerable customer specialist (staff no. BOI-77218)",
         ["Siobhán Kiely"], ["vulnerable customer specialist"]),
        ("Present: Mark Tsoukalas, Deputy Principal (chair); Tanya Walker, mother",
         ["Mark Tsoukalas", "Tanya Walker"], ["Deputy Principal"]),
        ("Signed: A. Rennie, Deputy Governor    Date of issue: 26.05.2025", ["A. Rennie"],
         ["Deputy Governor"]),
        # the role after a relative clause's verb; a clause is no role
        ("from Mr Naseer Bhatti, who has been president of the Cheadle branch",
         ["Naseer Bhatti"], ["president"]),
        ("He pushed Mr Abdi, who cut his hand (first aid by Faith).", ["Abdi"], []),
    ],
)  # fmt: skip
def test_roles_before_brackets_gaps_and_after_who(text, names, expected):
    assert _roles(text, *names) == expected
