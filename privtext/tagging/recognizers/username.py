"""USERNAME recognizer: social-media handles, account logins and chat nicknames.

Three kinds of evidence, from strongest to weakest:

* a handle written with ``@`` that is not part of an e-mail address (``@marta_gonzalez_bcn``;
  the ``@`` is part of the span);
* a login after a cue that names it (``username: jdoe``, ``github: kwasante``, ``posted by
  throwaway_wrk22``, ``Accepted publickey for jvanleeuwen``, ``sudo: jvanleeuwen :``, a home
  directory ``/home/jvanleeuwen``);
* the author of a dated work note in a ticket log (``2024-09-03 09:20 sam.ali - ...``), and a
  login in brackets after a name (``Nguyen Thi Mai Anh (nguyenma)``) when it is no English word;
* a chat nickname opening a line (``mehmet_k: guys ...``, ``lena.hoffmann: yep``) when it has
  the shape of a login (a ``_``, ``.`` or digit inside, lower case), or when the same
  lower-case word opens two lines or more (``rajiv: on it`` ... ``rajiv: found it``), so that
  ordinary headers such as ``Note:`` or ``Subject:`` are not taken.

Other mentions of a nickname in the same document are tagged by the tagger's consistency step.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import ClassVar

from privtext.tagging.base import PatternRecognizer, Span
from privtext.tagging.prescan import PatternGroup

#: the patterns below that are scanned over whole texts (prescan.py)
_PRESCAN = PatternGroup("username")

_LOGIN = r"[A-Za-z0-9_][A-Za-z0-9_.\-]{1,30}[A-Za-z0-9_]"
# A lower-case word opening a chat line ("rajiv: on it"); taken when it opens two lines or more.
_LINE_NICK = re.compile(
    r"(?m)^(?:\[[0-9:]{4,8}\][ \t]*|[0-9]{1,2}[ /.\-](?:[0-9]{1,2}|[A-Z][a-z]{2})[ /.\-]"
    r"[0-9]{2,4},?[ \t]+[0-9]{1,2}:[0-9]{2}(?:[ \t]?[AaPp][Mm])?[ \t]*[-\u2013][ \t]*)?"
    r"([a-z][a-z0-9_.\-]{1,30}(?: [a-z][a-z0-9_.\-]{1,15})?):[ \t]"
)  # "rajiv: on it", "big mo: not me"
# A speaker line of a chat or review export: the speaker, then only a time or a date ("maya.r
# 9:02 AM" in Slack, "tobi — Today at 9:04 AM" in Discord, "karen_w_1972 · 02/03/2024" in app
# reviews, "Dee_in_Digbeth · 4h" in forum threads). Shared with the person cues, which take
# capitalised speakers ("Angelica Dela Cruz 10:32 PM").
STAMP_LINE_SEP = r"(?:[ \t]{2,}|\t|[ \t]+[\u00b7\u2022\u2014\u2013|\-][ \t]+)"
STAMP_LINE_END = (
    r"(?:(?:(?:Today|Yesterday)[ \t]+at[ \t]+)?\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp]\.?[Mm]\.?)?"
    r"|(?:\d{1,4}[/.\-]\d{1,2}[/.\-]\d{1,4}|\d{1,2}[ \t][A-Z][a-z]{2,8}[ \t]\d{4}"
    r"|[A-Z][a-z]{2,8}[ \t]\d{1,2},?[ \t]\d{4})"
    r"(?:,?[ \t]+\d{1,2}:\d{2}(?:[ \t]?[AaPp]\.?[Mm]\.?)?)?"  # "14 Feb 2025, 21:47"
    r"|\d{1,6}[ \t]+(?:points?|upvotes?|votes?|karma)"  # "u/name \u00b7 230 points"
    r"|\d{1,3}[ \t]?(?:[mhdwy]|mins?|hrs?|hours?|days?|wks?|weeks?|mo|months?|yrs?|years?)\.?"
    r"(?:[ \t]+ago)?)[ \t]*$"
)  # ... or a post's age in a forum thread ("sparrowhawk_legal \u00b7 5h", "4 hr. ago")
STAMP_LINE_START = r"(?m)^[ \t]*(?:[^\w\s]{1,6}[ \t]+)?"
_NOT_NICKS = frozenset(
    "note notes re fwd fw subject from to cc bcc date time tel fax phone mobile email e-mail "
    "web www http https ref step steps warning error info debug todo question answer q a "
    "update edit ps nb".split()
)


def _job_words() -> frozenset[str]:
    from privtext.tagging.recognizers.job_title import job_title_set

    return job_title_set()


# A login in brackets right after a capitalised name: "Caller: Nguyen Thi Mai Anh (nguyenma),
# Clinical Coder"; taken only when it is no English word ("(yes)", "(sic)" are not).
_LOGIN_AFTER_NAME = _PRESCAN.compile(
    r"[A-Z][a-z\u00e0-\u024f'\-]+[ \t]\((?P<ent>[a-z][a-z0-9._]{3,19})\)(?=[ \t]*[,;:.\n]|[ \t]|\Z)"
)


# A word joined by an underscore ("BigJ_1978", "throwaway_wrk22", "Dee_in_Digbeth"); constants
# in capitals ("MAX_SIZE") and calls ("get_user(") are left out.
_UNDERSCORE_LOGIN = re.compile(
    r"(?<![\w@./\-])(?![A-Z0-9_]+(?!\w))[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*[A-Za-z0-9]"
    r"(?![\w@(]|\.\w)"
)


_FIELD_SUFFIXES = frozenset({"id", "no", "num", "ref", "name", "key", "code", "type", "date"})


def _login_shaped(token: str) -> bool:
    """An underscore token that is a login rather than a field name: a digit in it, three parts
    or more, or a part that is no frequent English word ("dazza_mcc", but not "user_id" or
    "first_name")."""
    from wordfreq import zipf_frequency

    parts = [p for p in token.split("_") if p]
    if parts and parts[-1].lower() in _FIELD_SUFFIXES:
        return False  # "cust_id", "acct_no": a field's name
    if len(parts) >= 3 and not token.isupper():
        return True  # "kara_in_akron", "dee_in_digbeth": a phrase made a handle
    return any(c.isdigit() for c in token) or any(
        zipf_frequency(p.lower(), "en") < 3.0 for p in parts
    )


# A plain lower-case login after a cue that names a system user: "Processed by jsingh", "by
# agent lwinter", "Reported by: user dan.t.1986", "His university account oadeyemiclarke2",
# "password reset forced by svc-secops", "all going after one login, jkowalski88", "The service
# account svc-claims-sync", "User alexakab18 (..." opening a line; taken when it is no English
# word. A log's "user=..." is taken as it is.
_PLAIN_LOGIN_CUE = _PRESCAN.compile(
    r"(?i:\b(?:(?:assigned|escalated|reassigned|transferred|handed[ \t]+over)[ \t]+to|"
    # "exported by", "(exported 01/09/2025 by g.ingham", "exported from VolunteerHub by ..."
    r"exported(?:[ \t]+(?:on[ \t]+)?[0-9][0-9/.\-]{5,9}|[ \t]+from[ \t]+[\w.\-]{2,30})?"
    r"[ \t]+by|(?<=\n)analyst[ \t]*:|(?<=[ \t]{2})analyst[ \t]*:|"
    r"(?:processed|approved|updated|closed|resolved|assigned|actioned|checked|logged|"
    r"reported|opened|created|forced|reset|revoked|disabled|enabled|granted|removed|deleted|"
    r"changed|modified|triggered|executed|run)[ \t]+by(?:[ \t]*:)?"
    r"(?:[ \t]+(?:agent|user|analyst))?|"
    r"by[ \t]+(?:agent|user|analyst)|(?:user|network|university|uni|email|windows|staff)"
    r"[ \t]+account|(?:one|the|a|same|single|user|target(?:ed)?)[ \t]+login[ \t]*[,:]?|"
    r"(?:network|user|login|windows|kakaotalk|line|wechat|skype|telegram|discord|slack)[ \t]+id"
    r"[ \t]*:?|uniqname(?:[ \t]+is)?[ \t]*:?|service[ \t]+account|(?<=\n)user|"
    # "signed up as trevkwan77", "Snapchat kayd0cherty09", "gebruiker \"jvandam3\""
    r"(?:signed[ \t]+up|registered|logged[ \t]+in|log[ \t]+in)[ \t]+as|"
    r"(?:snapchat|instagram|tiktok|twitter|kik|roblox|xbox|psn|steam|reddit|twitch)[ \t]*:?|"
    r"gebruiker|utilisateur|benutzer|usuario|utente|u\u017cytkownik|"
    # "(username etremb7)", "(login: sophiemcg)"
    r"(?:username|user[ \t]+name)[ \t]*:?|(?:log-?in|logon|sign-?in)[ \t]*:|(?<=\()user|"
    # "portal log-in creyes.w", "the shared CRM log-in fundraising.events", "(log-in mdelgado84)"
    r"(?:portal|crm|app|web|online|shared|system)[ \t]+log-?in|(?<=\()log-?in)"
    r")[ \t]+[\"'\u201c\u201e\u00ab]?(?P<ent>[a-z][a-z0-9_.\-]{2,30}[a-z0-9])(?![\w@]|\.[A-Za-z])"
    # ... and a log's key: "user=svc-claims-sync", "login=jkowalski88"
    r"|(?<![\w\-])(?i:user|username|login|uid|account)="
    r"(?P<kv>[A-Za-z][A-Za-z0-9_.\-]{2,30}[A-Za-z0-9])(?![\w@])"
)


# cues after which only a word with a digit, "_" or "." is taken (words of other languages,
# religions and roles follow "registered as" too)
_SHAPE_ONLY_CUE = re.compile(
    r"(?i)(?:signed[ \t]+up|registered|logged[ \t]+in|log[ \t]+in)[ \t]+as|snapchat|instagram|"
    r"tiktok|twitter|kik|roblox|xbox|psn|steam|reddit|twitch|gebruiker|utilisateur|benutzer|"
    r"usuario|utente|u\u017cytkownik|(?:portal|crm|app|web|online|shared|system)[ \t]+log-?in|"
    r"log-?in(?![ \t]*:)"
)
_ONE_LOGIN = r"[a-z][a-z0-9_.\-]{1,30}[a-z0-9]"
_LOGIN_LIST = _PRESCAN.compile(
    r"(?i:\b(?:accounts?|users?|logins?|usernames?))[ \t]+(?:incl\.?|including|such[ \t]+as|"
    r"namely|:)[ \t]+(?P<list>" + _ONE_LOGIN + r"(?:,[ \t]*" + _ONE_LOGIN + r")*"
    r"(?:,?[ \t]+and[ \t]+" + _ONE_LOGIN + r")?)(?![\w@])"
)
_LIST_ITEM = re.compile(r"(?<![\w.])" + _ONE_LOGIN + r"(?![\w])")


def _rare_word(word: str) -> bool:
    from wordfreq import zipf_frequency

    return zipf_frequency(word, "en") < 2.5


class UsernameRecognizer(PatternRecognizer):
    """Tag user names and handles as ``USERNAME``."""

    name: ClassVar[str] = "username_pattern"
    entity_types: ClassVar[tuple[str, ...]] = ("USERNAME",)
    UNDERSCORE_SCORE: ClassVar[float] = 0.6
    PATTERNS: ClassVar[list[tuple[str, str, float]]] = [
        # @handle, not the domain part of an e-mail (no word character or dot before the @)
        ("handle", r"(?<![\w.@/])(?P<ent>@[A-Za-z0-9_](?:[A-Za-z0-9_.]{0,28}[A-Za-z0-9_])?)"
         r"(?![\w@]|\.[A-Za-z])", 0.85),
        (
            "login_cue",
            r"(?i:\b(?:(?:user ?name|user ?id|handle|nick(?:name)?|github|gitlab|twitter|"
            r"instagram|insta|snap(?:chat)?|telegram|skype|discord|reddit|tiktok|"
            # a player's names: "In-game name: Thack", "Riot ID: Thack#EUW1", "IGN: xX_Blaze",
            # "Gamertag: ...", Malay "Nama dalam permainan: RaptorHaz"
            r"in-?game[ \t]+name|ign|gamer-?tag|riot[ \t]+id|summoner[ \t]+name|battle-?tag|"
            r"psn(?:[ \t]+id)?|epic(?:[ \t]+games)?[ \t]+id|steam[ \t]+name|"
            r"nama[ \t]+dalam[ \t]+permainan|"
            r"(?:it |user |network |login |windows )?account created)\b"
            r"(?:[ \t]*[:=][ \t]*|[ \t]+(?:is|will be|was)[ \t]+)|"
            r"(?:accepted (?:publickey|password) for|invalid user|for user|log(?:ged)? in as)"
            r"[ \t]+|sudo:[ \t]+))(?P<ent>" + _LOGIN + r"(?:#[A-Za-z0-9]{2,5})?)"
            r"(?![\w@#]|\.[A-Za-z])",
            0.8,
        ),
        (
            # a nickname in quotes and brackets after a full name: 'Tomás Ferreira ("tfz")',
            # 'Lukas Brenner ("LuBz")'; not a plain capitalised word, which is a defined name's
            # short form: 'Tidewater Foods Group ("Tidewater")'
            "quoted_nick",
            r"[A-Z][^\W\d_]+[ \t]+[A-Z][^\W\d_'\-]+[ \t]+\([\"\u201c]"
            r"(?![A-Z][a-z]+[\"\u201d])(?P<ent>[A-Za-z0-9_.\-]{2,20})"
            r"[\"\u201d]\)",
            0.8,
        ),
        (
            # the user column of a log or an audit trail: "2025-07-11 09:14 | r.moss | Complaint
            # logged", "14:31 | sunnyside_mod | ..." (a login's shape: a dot or "_" inside)
            "log_user_cell",
            r"(?m)^[ \t]*(?:[0-9]{4}-[0-9]{2}-[0-9]{2}[ T]+)?[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?"
            r"[ \t]*\|[ \t]*(?P<ent>[a-z][a-z0-9]*(?:[._][a-z0-9]+)+)[ \t]*\|",
            0.8,
        ),
        (
            # a Riot ID or BattleTag: a player's name and a tag after "#" ("Kaiser#EUW",
            # "Haneul#KR7", "Thack#EUW1", "ellie#1234"); the tag a region code or digits
            "player_tag",
            r"(?<![\w#@/])(?P<ent>(?!(?i:apt|unit|room|flat|suite|no|ticket|order|case|ref|issue|"
            r"pr|bug|item|lot|stand|gate|dock|bay|box|page|line|tel|ext)#)"
            r"[A-Za-z][A-Za-z0-9_.]{1,15}#(?:[A-Z]{2,4}[0-9]?|[0-9]{4,5}))(?![\w#])",
            0.8,
        ),
        (
            # a forum post's author line: "SaigonSue » Mon Feb 03, 2025 11:40 am",
            # "dave.tran84 » Tue Feb 04, 2025 8:03 pm"
            "forum_author",
            r"(?m)^[ \t]*(?P<ent>[A-Za-z][A-Za-z0-9_.\-]{2,30}[A-Za-z0-9_])"
            r"[ \t]+[\u00bb\u203a][ \t]+"
            r"(?=(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b|[0-9])",
            0.85,
        ),
        (
            # "Her log-in is jwhitlock2", "failed log-ins on jwhitlock2": a login-shaped word
            "login_is",
            r"(?i:\blog-?ins?[ \t]+(?:is|was|on|for)|\blogon[ \t]+(?:is|was))[ \t]+"
            r"(?P<ent>(?=[\w.\-]*[0-9._])[A-Za-z0-9][A-Za-z0-9_.\-]{1,30}[A-Za-z0-9])"
            r"(?![\w@]|\.[A-Za-z])",
            0.8,
        ),
        (
            # prose cues ("posted by"): only a login-shaped word (with _ . - or a digit)
            "posted_by",
            r"(?i:\b(?:(?:posted|submitted|reported|created|opened|raised|filed|comment|review|"
            r"processed|approved|updated|closed|resolved|assigned)[ \t]+by(?:[ \t]*:)?"
            r"(?:[ \t]+(?:agent|user|analyst))?|(?:reply|replied|response|comment|message)"
            r"[ \t]+from))[ \t]+"
            r"(?P<ent>[A-Za-z0-9]+[_.\-0-9][A-Za-z0-9_.\-]*[A-Za-z0-9])(?![\w@]|\.[A-Za-z])",
            0.8,
        ),
        ("reddit_user", r"(?<![\w/])(?P<ent>u/[A-Za-z0-9_\-]{3,20})(?![\w/])", 0.85),
        (
            "user_field",
            # "User: jdoe", "Windows log-in: emcallister", "CRM user: EMCALLIS01"
            r"(?im)^[ \t]*(?:(?:windows|ad|crm|erp|sap|vpn|network|domain|system|portal|email|"
            r"staff|student)[ \t]+)?(?:user|login|log-in|logon|login assigned|account name|"
            r"user account)[ \t]*:[ \t]*(?P<ent>(?-i:[a-z][a-z0-9_.\-]{1,30}[a-z0-9]|"
            r"[A-Z][A-Z0-9_.\-]{2,30}[0-9]))\b",
            0.8,
        ),
        ("home_dir", r"(?:/home/|/Users/|C:\\Users\\)(?P<ent>" + _LOGIN + r")\b", 0.8),
        (
            # the speaker of a stamped chat or review line, login-shaped or lower case
            "stamped_nick",
            STAMP_LINE_START + r"(?P<ent>(?:u/)?(?:(?=[\w.\-]*[_.0-9])[A-Za-z0-9]"
            r"[A-Za-z0-9_.\-]{1,30}[A-Za-z0-9_]|[a-z][a-z\-]{1,30}[a-z]"
            r"|[A-Z][a-z]+(?:[A-Z][a-z]+){2,}))"  # a CamelCase handle: "SkintButSmiling"
            r"(?:[ \t]\([A-Z][\w ]{1,25}\))?"  # a forum role: "Mod_Kat (Forum Team)"
            # a place between the speaker and the date in reviews: "dazza_mcc \u00b7 Paisley
            # \u00b7", "brittany_m \u2013 Columbus, OH \u2013"
            r"(?:" + STAMP_LINE_SEP + r"[A-Z][\w'\-]*(?:,?[ \t][A-Z][\w'\-]*){0,2})?"
            + STAMP_LINE_SEP + STAMP_LINE_END,
            0.85,  # above NER's guesses ("kris.lindgren" as an organisation)
        ),
        (
            # a Slack export's speaker line with one space before the time: "kwame.asante 08:31"
            "slack_speaker",
            r"(?m)^[ \t]*(?P<ent>[a-z][a-z0-9]*[_.][a-z0-9_.]*[a-z0-9]) "
            r"\d{1,2}:\d{2}(?:[ \t]?[AaPp][Mm])?[ \t]*$",
            0.8,
        ),
        (
            # the author of a dated work note in a ticket log: "2024-09-03 09:20 sam.ali - AD
            # account not locked", "03/09/2024 10:05 r.kowalski (Security) - blocked"
            "log_author",
            r"(?m)^[ \t]*(?:\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4})[ \tT]+"
            r"\d{1,2}:\d{2}(?::\d{2})?[ \t]+(?P<ent>[a-z][a-z0-9]*[_.][a-z0-9_.]*[a-z0-9])"
            r"(?=[ \t]+(?:[\-\u2013\u2014:]|\())",
            0.8,
        ),
        (
            # a Slack export copied as text: "jess.t 09:14  morning." / "omar 09:15  not me"
            "slack_speaker",
            r"(?m)^(?P<ent>[a-z][a-z0-9_.\-]{1,30}[a-z0-9])[ \t]+\d{1,2}:\d{2}"
            r"(?:[ \t]?[AaPp][Mm])?[ \t]{2,}(?=\S)",
            0.8,
        ),
        (
            # a ticket's work note: "27/01 08:40 tmaguire: Confirmed ..."
            "note_author",
            r"(?m)^[ \t]*\d{1,2}/\d{1,2}(?:/\d{2,4})?[ \t]+\d{1,2}:\d{2}[ \t]+"
            r"(?P<ent>[a-z][a-z0-9_.\-]{2,30}[a-z0-9]):[ \t]",
            0.8,
        ),
        (
            # the author of a note in brackets: "Credit notes (rpatel2, 12/03/2025):",
            # "Moderator note (mod_aisha):"
            "bracket_author",
            r"(?i:note|notes|comment|comments|approver|approved|reviewer|reviewed|update|"
            r"updated)[ \t]*\((?P<ent>[a-z][a-z0-9_.\-]{2,30}[a-z0-9])"
            r"(?:,[ \t]*\d{1,2}[/.\-]\d{1,2}[/.\-]\d{2,4})?\)",
            0.85,  # above NER's guesses ("doyelowo" as a place)
        ),
        (
            # a login as the display name of an e-mail address: "marisol.fuentes <mf@x.com>"
            "login_display_name",
            r"(?<![\w.@])(?P<ent>[a-z][a-z0-9]*[._][a-z0-9._]*[a-z0-9])[ \t]*<[^<>\s@]+@[^<>\s]+>",
            0.8,
        ),
        (
            # an issue thread: "**hoang-linh** commented on Mar 3, 2025", "rgrayson-dev
            # (Maintainer) closed this"
            "thread_author",
            # in bold any login, else a lower-case one ("Client called" is no author)
            r"(?m)^(?P<b>\*\*)?(?P<ent>(?(b)[A-Za-z0-9]|[a-z0-9])[A-Za-z0-9_.\-]{1,38}"
            r"[A-Za-z0-9])(?(b)\*\*)(?:[ \t]+\([A-Z][a-z]+\))?[ \t]+(?:commented|closed|opened|"
            r"reopened|merged|approved|reviewed|pushed|added|removed|assigned|mentioned)[ \t]+"
            r"(?:on|this|these|the|a|as|in)\b",
            0.8,
        ),
        (
            # a user in an API path: "GET /api/v2/users/mhalvorsen/profile"
            "user_path",
            r"/(?:users?|u|people|profiles?|members?|accounts?)/(?P<ent>[A-Za-z0-9][A-Za-z0-9_.\-]"
            r"{1,30}[A-Za-z0-9])(?=[/?\s\"']|$)",
            0.75,
        ),
        (
            # an app-store review's author after its quoted title: '"Charged twice" -
            # DebbieFromDerby, 28/03/2025'
            "review_author",
            r"[\"\u201d][ \t]+[\-\u2013\u2014][ \t]+(?P<ent>[A-Za-z0-9][A-Za-z0-9_.\-]{2,30})"
            r",[ \t]*\d{1,2}[/.\-]\d{1,2}[/.\-]\d{2,4}",
            0.75,
        ),
        (
            # a UPI payment address (India): "venkatesh.rao63@okhdfcbank"
            "upi_id",
            r"(?<![\w.@])(?P<ent>[a-z0-9][a-z0-9._\-]{2,40}@(?:ok)?[a-z]{3,15})"
            r"(?![\w@]|\.[A-Za-z])",
            0.8,
        ),
        (
            "chat_nick",
            # "[10:02] mo_k: ...", "21/09/2024 22:20 \u00b7 kai.sato: I'll take it!!"
            r"(?m)^(?:\[[0-9:]{4,8}\][ \t]*|\d{1,2}/\d{1,2}/\d{2,4},?[ \t]+\d{1,2}:\d{2}[ \t]*"
            r"[\u00b7\-\u2013][ \t]*)?(?P<ent>[a-z][a-z0-9]*[_.0-9][a-z0-9_.]*[a-z0-9])"
            r":[ \t]",
            0.75,
        ),
    ]  # fmt: skip

    def analyze(self, text: str) -> list[Span]:
        """The patterns, plus lower-case nicknames that open two chat lines or more."""
        out = super().analyze(text)
        if "_" in text:
            have = {(sp.start, sp.end) for sp in out}
            for m in _UNDERSCORE_LOGIN.finditer(text):
                if (m.start(), m.end()) not in have and _login_shaped(m.group()):
                    out.append(
                        Span(m.start(), m.end(), "USERNAME", self.UNDERSCORE_SCORE, self.name)
                    )
        for m in _LOGIN_LIST.finditer(text):
            # "password spray against 41 accounts incl. mhollis, peverett and s.ncube"
            for w in _LIST_ITEM.finditer(m.group("list")):
                login = w.group()
                if any(c in login for c in "._0123456789") or _rare_word(login):
                    a = m.start("list") + w.start()
                    out.append(Span(a, a + len(login), "USERNAME", 0.8, self.name))
        have = {(sp.start, sp.end) for sp in out}
        for m in _PLAIN_LOGIN_CUE.finditer(text):
            g = "ent" if m.group("ent") is not None else "kv"
            login = m.group(g)
            if m.span(g) in have:
                continue
            if _SHAPE_ONLY_CUE.match(m.group()) and not any(c in "0123456789_." for c in login):
                continue  # "registered as evangelisch": only a login's shape is one there
            if g == "kv" or any(c.isdigit() for c in login) or _rare_word(login):
                # a login's shape after its cue is above NER's guess over it ("by g.ingham,")
                shaped = any(c in "._0123456789" for c in login)
                out.append(
                    Span(m.start(g), m.end(g), "USERNAME", 0.82 if shaped else 0.8, self.name)
                )
        if ":" not in text:
            return out
        for m in _LOGIN_AFTER_NAME.finditer(text):
            login = m.group("ent")
            if _rare_word(login) and login not in _job_words():  # "(deckhand)": a job
                out.append(Span(m.start("ent"), m.end("ent"), "USERNAME", 0.75, self.name))
        counts = Counter(m.group(1) for m in _LINE_NICK.finditer(text))
        for m in _LINE_NICK.finditer(text):
            nick = m.group(1)
            login_shape = (
                " " not in nick
                and any(c in nick for c in "_.0123456789")
                and sum(c.isalnum() for c in nick) >= 4
            )
            if any(sp.start == m.start(1) and sp.end == m.end(1) for sp in out):
                continue  # already taken as a login-shaped nickname
            if (counts[nick] >= 2 or login_shape) and nick not in _NOT_NICKS:
                out.append(Span(m.start(1), m.end(1), "USERNAME", 0.7, self.name))
        return out
