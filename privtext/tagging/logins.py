"""Log-in names made from a person's name are usernames.

IT tickets, security incident reports and audit logs name accounts by a login built from the
owner's name: "the M365 account of mgarrity (Megan Garrity, Loan Officer)", "jnakamura (Jun
Nakamura, SOC Analyst) begins triage", "one is a staff account, j.okoro (that's Jide Okoro)".
Such a login identifies the person as well as the name does. Once the document names a person
with a given name and a surname, :func:`logins_from_person_names` tags every lower-case token
that is one of the usual derivations of that name (``mgarrity``, ``m.garrity``,
``megan.garrity``, ``megangarrity``, ``megan_garrity``, ``garritym``, ``garrity.megan``, with
or without trailing digits) as ``USERNAME``, where no other span covers it. A token inside an
e-mail address, a URL or a path is left to their recognizers.
"""

from __future__ import annotations

import re
import unicodedata

from privtext.tagging.base import Span

SOURCE = "login_from_name"
SCORE = 0.8
_TOKEN = re.compile(r"(?<![\w@./\\\-])[a-z][a-z0-9._\-]{3,40}(?![\w@/\\]|[.\-][a-z0-9])")
_TRAILING_DIGITS = re.compile(r"[0-9]+\Z")
_MIN_LOGIN = 5


def _plain(word: str) -> str:
    """Lower case, accents off, letters only: "Ó'Súilleabháin" -> "osuilleabhain"."""
    folded = unicodedata.normalize("NFKD", word)
    return "".join(c for c in folded if c.isalpha() and c.isascii()).lower()


def _derivations(given: str, surname: str) -> set[str]:
    g, s = _plain(given), _plain(surname)
    if len(g) < 2 or len(s) < 2:
        return set()
    forms = {
        g[0] + s,
        f"{g[0]}.{s}",
        f"{g[0]}_{s}",
        f"{g}.{s}",
        f"{g}_{s}",
        f"{g}-{s}",
        g + s,
        s + g[0],
        f"{s}.{g}",
        f"{s}_{g}",
    }
    return {f for f in forms if len(f) >= _MIN_LOGIN}


def logins_from_person_names(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` plus a USERNAME span for every login derived from a person named in them."""
    logins: set[str] = set()
    for sp in spans:
        if sp.entity_type != "PERSON":
            continue
        words = [w for w in re.split(r"[\s,]+", text[sp.start : sp.end]) if w]
        words = [w for w in words if not w.endswith(".") and len(w) > 1]
        if len(words) >= 2:
            logins |= _derivations(words[0], words[-1])
    if not logins:
        return spans
    added: list[Span] = []
    for m in _TOKEN.finditer(text):
        token = m.group()
        if token not in logins and _TRAILING_DIGITS.sub("", token) not in logins:
            continue
        s, e = m.span()
        if any(sp.start < e and s < sp.end for sp in spans):
            continue
        added.append(Span(s, e, "USERNAME", SCORE, SOURCE))
    if not added:
        return spans
    return sorted(spans + added, key=lambda sp: (sp.start, sp.end))
