"""USERNAME recognizer: handles, logins after cues, chat nicknames; never e-mail parts."""

import pytest

from privtext.tagging.recognizers.username import UsernameRecognizer

R = UsernameRecognizer()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("@marta_gonzalez_bcn · 2h", ["@marta_gonzalez_bcn"]),
        ("Can't believe @Vueling cancelled", ["@Vueling"]),
        ("roadtrip with @jade.b.xo this summer", ["@jade.b.xo"]),
        ("github: kwasante", ["kwasante"]),
        ("posted by throwaway_wrk22", ["throwaway_wrk22"]),
        ("sshd[2231]: Accepted publickey for jvanleeuwen from 10.0.0.1", ["jvanleeuwen"]),
        ("sudo: jvanleeuwen : TTY=pts/0", ["jvanleeuwen"]),
        ("PWD=/home/jvanleeuwen ; COMMAND=x", ["jvanleeuwen"]),
        ("Username: j.doe-77", ["j.doe-77"]),
        ("The username is gdlfrancesca and", ["gdlfrancesca"]),
        ("Bug report submitted by yuki.tanaka", ["yuki.tanaka"]),
        ("my new snap is ahmed.k_99 btw", ["ahmed.k_99"]),
        ("mehmet_k: guys is anyone else getting error 502", ["mehmet_k"]),
        ("[10:05] lena.hoffmann: yep since like 9", ["lena.hoffmann"]),
        ("2024-09-03 09:20 sam.ali - AD account not locked", ["sam.ali"]),
        ("03/09/2024 10:05 r.kowalski (Security) - blocked", ["r.kowalski"]),
        ("Caller: Nguyen Thi Mai Anh (nguyenma), Clinical Coder", ["nguyenma"]),
        (
            "\u2605\u2605\u2605\u2605\u2605  dazza_mcc \u00b7 Paisley \u00b7 14/11/2024\nboiler",
            ["dazza_mcc"],
        ),
        ("access under REQ-118834. username will be jeriksen", ["jeriksen"]),
        ("i am karen_w_1972 on there", ["karen_w_1972"]),
        ("ask Dee_in_Digbeth about it", ["Dee_in_Digbeth"]),
        ("jess.t 09:14  morning. who restarted it?", ["jess.t"]),
        ("omar 09:15  not me, i was off", ["omar"]),
        ("27/01 08:40 tmaguire: Confirmed machine cert expired", ["tmaguire"]),
        ("Approver comment (fmctaggart, 02/04/2025): Approved.", ["fmctaggart"]),
        ("Moderator note (mod_aisha): Age discrepancy", ["mod_aisha"]),
        ("Opened: 2025-02-09 07:58 by agent lwinter", ["lwinter"]),
        ("Elector no. HW2-0417. Processed by jsingh.", ["jsingh"]),
        ('"GET /api/v2/users/mhalvorsen/profile HTTP/1.1" 200', ["mhalvorsen"]),
        ("**hoang-linh** commented on Mar 3, 2025", ["hoang-linh"]),
        ('\u2605\u2606 "Charged twice" - DebbieFromDerby, 28/03/2025, UK', ["DebbieFromDerby"]),
        ("His university account oadeyemiclarke2 has been locked", ["oadeyemiclarke2"]),
        ("pay by UPI to venkatesh.rao63@okhdfcbank.", ["venkatesh.rao63@okhdfcbank"]),
        ("sessions revoked, password reset forced by svc-secops.", ["svc-secops"]),
        ("nearly all of them going after one login, jkowalski88\n", ["jkowalski88"]),
        ("Requester: marisol.fuentes <marisolfuentes@gmail.com>", ["marisol.fuentes"]),
        ("Internal note (doyelowo, 22/04/2025): Debtor called", ["doyelowo"]),
        ("Windows log-in: emcallister\nEmail: e@x.com", ["emcallister"]),
        ("CRM user: EMCALLIS01\nVPN: enabled", ["EMCALLIS01"]),
        ("Her log-in is jwhitlock2 if you need", ["jwhitlock2"]),
        (
            "password spray against 41 accounts incl. mhollis, peverett and s.ncube. No",
            ["mhollis", "peverett", "s.ncube"],
        ),
        ("only\n21/09/2024 22:20 \u00b7 kai.sato: I'll take it!!", ["kai.sato"]),
        ("use?\n\nSaigonSue \u00bb Mon Feb 03, 2025 11:40 am\nUsed", ["SaigonSue"]),
        ("\ndave.tran84 \u00bb Tue Feb 04, 2025 8:03 pm\n", ["dave.tran84"]),
        ("[x] IT account created: crivera; VPN profile issued", ["crivera"]),
    ],
)
def test_usernames_are_found(spans_of, text, expected):
    assert [t for _e, t in spans_of(R, text)] == expected


@pytest.mark.parametrize(
    "text",
    [
        "write to maria.garcia@example.org today",
        "Note: the meeting moved",
        "set MAX_SIZE, call get_user() and fill the user_id and first_name fields",
        "Client called regarding his visa. You mentioned your physio.",
        "The file was processed by hand and updated by email.",
        "Having reviewed the leave roster",
        "Subject: refund",
        "rajiv: on it",  # a plain word at a line start is not enough on its own
        "price @ 5 euros",
        "see https://example.com/@user/post",
        "Sold to John Smith (retired) and Mary Jones (sic) yesterday",
        "2024-09-03 09:20 version 2.1 - deployed",
        "the change was forced by management and reset by hand",
        "Maria Lopez <maria@example.org>",
        "the forum login for both came from the same place",
        "Customer (cust_id 700418825) asked for a refund",
    ],
)
def test_non_usernames_are_not_tagged(spans_of, text):
    assert spans_of(R, text) == []


def test_when_a_plain_nick_opens_two_chat_lines_then_both_are_tagged(spans_of):
    text = "rajiv: on it\nlena.hoffmann: thanks\nrajiv: found it\nnote: x\nnote: y"
    assert [t for _e, t in spans_of(R, text)] == ["rajiv", "lena.hoffmann", "rajiv"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Posted by u/tired_tenant_bristol • 5h", ["u/tired_tenant_bristol"]),
        ("User: j.obi-whitfield (Joanna)", ["j.obi-whitfield"]),
        ("Login assigned: mkim2", ["mkim2"]),
    ],
)
def test_reddit_users_and_login_fields_are_found(spans_of, text, expected):
    assert [t for _e, t in spans_of(R, text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("An investigation was opened by the Prosecutor", []),
        ("Bug #12 opened by jdoe_77 yesterday", ["jdoe_77"]),
    ],
)
def test_prose_cues_take_only_login_shaped_words(spans_of, text, expected):
    assert [t for _e, t in spans_of(R, text)] == expected


@pytest.mark.parametrize("text", ["for instance the", "the telegram with news", "skipping"])
def test_cue_words_inside_words_or_before_plain_words_take_nothing(spans_of, text):
    assert spans_of(R, text) == []


@pytest.mark.parametrize(
    ("text", "user"),
    [
        ("terrifying.\n\nsparrowhawk_legal · 5h\nNot a lawyer but", "sparrowhawk_legal"),
        ("ok\n    Dee_in_Digbeth · 4h\n    Contact the council", "Dee_in_Digbeth"),
        ("\nmod_kestrel - 3 hr. ago\nReminder: be civil", "mod_kestrel"),
    ],
)
def test_a_forum_poster_before_the_post_age_is_a_username(text, user):
    assert [text[s.start : s.end] for s in UsernameRecognizer().analyze(text)] == [user]


def test_a_numbered_item_before_an_age_is_no_username():
    assert UsernameRecognizer().analyze("\nItem 3 · 5h\n") == []


@pytest.mark.parametrize(
    ("text", "login"),
    [
        ("Employee #: M-004417   Network ID: egagnontr\nTitle:", "egagnontr"),
        ("your UMID is 41938826 and your uniqname is dcastrui. Use them", "dcastrui"),
        ("my mobile 010-4821-7730 (KakaoTalk ID jiwoo_oia).", "jiwoo_oia"),
    ],
)
def test_a_login_after_a_network_or_app_id_cue_is_a_username(text, login):
    from privtext.tagging.recognizers.username import UsernameRecognizer

    found = [text[s.start : s.end] for s in UsernameRecognizer().analyze(text)]
    assert login in found


def test_a_phrase_joined_by_underscores_is_a_handle_but_a_constant_is_not():
    r = UsernameRecognizer()
    text = "Reply by kara_in_akron on October 4, 2023:"
    assert [text[s.start : s.end] for s in r.analyze(text)] == ["kara_in_akron"]
    assert r.analyze("set MAX_RETRY_COUNT to 3") == []
    assert r.analyze("the field cust_id is empty") == []


@pytest.mark.parametrize(
    ("text", "login"),
    [
        ("Assigned to kpatterson on 01/10/2025.", "kpatterson"),
        ("Escalated to ntrivedi (Team Lead) for review", "ntrivedi"),
        ("Exported by jmccallum\n\nJOB REF", "jmccallum"),
        ("Case: TS-2025-004417     Analyst: akowalski     Opened", "akowalski"),
    ],
)
def test_a_login_after_an_assignment_or_export_cue(text, login):
    assert login in [text[s.start : s.end] for s in UsernameRecognizer().analyze(text)]


def test_an_english_word_after_an_assignment_cue_is_no_login():
    assert UsernameRecognizer().analyze("Escalated to management. Assigned to everyone.") == []


def test_a_job_in_brackets_after_a_name_is_no_login():
    from privtext.tagging.registry import Tagger

    text = "- Emmanuel Tetteh (deckhand), Ghanaian\n- Reynaldo Tolentino (deckhand), Filipino\n"
    got = {(text[s.start : s.end], s.entity_type) for s in Tagger.default().tag(text)}
    assert ("deckhand", "JOB_TITLE") in got and ("deckhand", "USERNAME") not in got


def test_a_login_after_user_opening_a_line_a_service_account_and_a_logs_key():
    text = (
        "Security alert INC8117662\nUser alexakab18 (alexa81@libero.it) signed in\n"
        "User guide below.\nMay 5 19:44:03  user=svc-claims-sync  src=10.0.0.1\n"
        "The service account svc-backup02 has no sign-in rights."
    )
    got = [text[s.start : s.end] for s in R.analyze(text)]
    assert got.count("alexakab18") == 1 and "svc-claims-sync" in got and "svc-backup02" in got
    assert "guide" not in got


def test_a_slack_exports_speaker_line_with_one_space_before_the_time():
    text = "#site-ops (Slack export)\n\nkwame.asante 08:31\nmorning all.\n\nmeeting 10:30\n"
    got = [text[s.start : s.end] for s in R.analyze(text)]
    assert got == ["kwame.asante"]


def test_logins_after_sign_up_a_platform_or_a_word_for_user_in_other_languages():
    text = (
        'Bij de logcontrole zag ik dat gebruiker "jvandam3" het dossier opende. '
        "Social media: Snapchat kayd0cherty09. 21:58 trevor: ok signed up as trevkwan77"
    )
    got = [text[s.start : s.end] for s in R.analyze(text)]
    assert got == ["jvandam3", "kayd0cherty09", "trevkwan77"]
    # after those cues a plain word is no login: "registered as evangelisch"
    assert R.analyze("She is registered as evangelisch and signed up as student.") == []
