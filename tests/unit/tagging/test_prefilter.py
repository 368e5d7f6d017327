"""Required literals of a pattern: a scan skipped only where no match is possible."""

from __future__ import annotations

import re

import pytest

from privtext.tagging.prefilter import (
    GUARD_CHARS,
    could_match,
    lowered,
    required_literals,
)


@pytest.mark.parametrize(
    ("pattern", "need"),
    [
        (r"(?<![\w])Dear[ \t]+(?P<ent>[A-Z]\w+)", {"dear"}),
        (r"(?i:caddesi|sokak)\s+\d+", {"caddesi", "sokak"}),
        (r"(?:foo)*bar", {"bar"}),  # a repeat that may be absent needs nothing
        (r"(?:foo)+", {"foo"}),
        (r"x(?:ab)?y", None),  # no literal of two characters is needed
        (r"(?:foo|[0-9])+", None),  # one branch needs nothing: the alternation needs nothing
        (r"(?i:née|born)\s+\d+", None),  # "née" cut at its first non-ASCII letter: "n"
    ],
)
def test_required_literals_of_simple_patterns(pattern, need):
    got = required_literals(re.compile(pattern))
    assert got == (None if need is None else frozenset(need))


@pytest.mark.parametrize(
    "pattern",
    [
        r"[0-9]+\s*(?:yrs|years)\b",  # the parser factors out the common "y": {"rs", "ears"}
        r"(?i)(?:aged|age\s+of)\s+[0-9]+",
        r"(?i:dear|hello|hi)[ \t]+[A-Z]\w+",
        r"(?:No|NO|Nr)\.?[ \t]*[0-9]+,[ \t]*\w+[ \t]+(?:Road|Street|Rd\.)",
    ],
)
def test_every_match_holds_a_required_literal(pattern):
    from privtext.tagging.devset import generate_templates

    rx = re.compile(pattern)
    need = required_literals(rx)
    assert need is not None
    texts = [d.text for d in generate_templates(40, seed=5)]
    texts += ["aged 43, AGE OF 7, 12 yrs, 3years, Dear Ann, HELLO Bob, No. 7, Okigwe Road"]
    n = 0
    for t in texts:
        for m in rx.finditer(t):
            n += 1
            assert any(s in m.group().lower() for s in need)
    assert n > 0


def test_a_text_without_any_needed_literal_cannot_match_and_a_guard_character_scans_anyway():
    rx = re.compile(r"(?i:caddesi|sokak)\s+No[:.]?\s*\d+")
    need = required_literals(rx)
    assert need == frozenset({"caddesi", "sokak"})
    assert not could_match(need, "Bağdat Cd. No: 214")
    assert could_match(need, "Bağdat CADDESİ No: 214")  # İ: the text is always scanned
    assert rx.search("Bağdat CADDESİ No: 214") is not None
    assert lowered("CADDESİ") is None


def test_every_character_that_re_folds_onto_an_ascii_letter_lowers_onto_it_or_is_guarded():
    letter = re.compile(r"(?i)[a-z]")
    bad = [
        hex(i)
        for i in range(0x110000)
        if letter.fullmatch(chr(i))
        and not (len(chr(i).lower()) == 1 and "a" <= chr(i).lower() <= "z")
        and chr(i) not in GUARD_CHARS
    ]
    assert bad == []
