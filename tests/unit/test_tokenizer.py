import numpy as np
import pytest

from privtext.tokenizer import match_case, normalise, rebuild, tokenize


def _words(text):
    tk = tokenize(text)
    return [text[s:e] for s, e in zip(tk.starts, tk.ends, strict=True)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hello, Dr. O'Brien!", ["Hello", "Dr", "O'Brien"]),
        ("São Paulo café", ["São", "Paulo", "café"]),
        ("e-mail it’s U.S.", ["e-mail", "it’s", "U.S"]),
        ("東京に住む", ["東", "京", "に", "住", "む"]),
        ("مرحبا بالعالم", ["مرحبا", "بالعالم"]),
        ("a\x00b 😀 c\u200bd", ["a", "b", "c", "d"]),
        ("", []),
        ("   \n\t ", []),
    ],
)
def test_tokens_and_offsets_follow_unicode_words(text, expected):
    assert _words(text) == expected


def test_offsets_index_the_original_string():
    text = "Ms. Zoë Ångström met José in Kraków 😀."
    tk = tokenize(text)
    for s, e, t in zip(tk.starts, tk.ends, tk.texts, strict=True):
        assert text[s:e] == t
    assert np.all(np.diff(tk.starts) > 0)


def test_norms_are_lowercase_nfkc_with_straight_apostrophe():
    assert normalise("It’s") == "it's"
    assert normalise("ＡＢＣ") == "abc"
    assert tokenize("Zoë").norms == ["zoë"]


@pytest.mark.parametrize(
    ("repl", "orig", "out"),
    [("bob", "Alice", "Bob"), ("bob", "ALICE", "BOB"), ("bob", "alice", "bob"), ("x", "A", "X")],
)
def test_replacement_takes_the_case_of_the_original(repl, orig, out):
    assert match_case(repl, orig) == out


def test_rebuild_keeps_whitespace_and_punctuation_between_replacements():
    text = "Dear  Alice,\n\tcall Bob (at home)!"
    tk = tokenize(text)
    idx = [tk.texts.index("Alice"), tk.texts.index("Bob")]
    out = rebuild(text, tk.starts[idx], tk.ends[idx], ["Carol", "Dan"])
    assert out == "Dear  Carol,\n\tcall Dan (at home)!"


def test_rebuild_without_edits_returns_the_text():
    assert rebuild("same", np.array([], dtype=int), np.array([], dtype=int), []) == "same"
