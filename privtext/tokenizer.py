"""Unicode-aware word tokenizer that keeps character offsets.

A token is a maximal run of letters/digits (with inner apostrophes, hyphens and dots as in
"O'Brien", "e-mail", "U.S"), or a single CJK ideograph / kana / hangul syllable (scripts
written without spaces). Everything else (whitespace, punctuation, emoji, control characters)
is *between* tokens and is copied verbatim when the sanitized text is rebuilt, so replacing a
word never disturbs the layout around it.

Offsets are Python string indices (code points), the same as Spark's ``substring`` positions
minus one, so spans from recognizers and tokens line up without conversion.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

import numpy as np

_CJK = (
    r"\u3040-\u30ff"  # hiragana, katakana
    r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # CJK ideographs
    r"\uac00-\ud7af"  # hangul syllables
    r"\U00020000-\U0002fa1f"
)
# A word: letters/digits/marks, not CJK; may contain single inner joiners.
_WORD_CHAR = rf"[^\W_{_CJK}]"
_TOKEN_RE = re.compile(
    rf"{_WORD_CHAR}+(?:['\u2019.\-]{_WORD_CHAR}+)*|[{_CJK}]",
    re.UNICODE,
)


@dataclass(frozen=True, slots=True)
class Tokens:
    """Tokens of one text as parallel arrays.

    Attributes:
        starts: int32 start offsets (inclusive).
        ends: int32 end offsets (exclusive).
        texts: the token strings as they appear.
        norms: normalised forms for embedding lookup (NFKC, lower case, curly apostrophe
            straightened).
    """

    starts: np.ndarray
    ends: np.ndarray
    texts: list[str]
    norms: list[str]

    def __len__(self) -> int:
        return len(self.texts)


def normalise(token: str) -> str:
    """Normal form of a token for embedding lookup (NFKC, lower case, ’ -> ')."""
    return unicodedata.normalize("NFKC", token).lower().replace("\u2019", "'")


def tokenize(text: str) -> Tokens:
    """Split ``text`` into word tokens with offsets.

    Args:
        text: any Unicode string (may be empty).

    Returns:
        The tokens, in order, non-overlapping.
    """
    starts: list[int] = []
    ends: list[int] = []
    texts: list[str] = []
    for m in _TOKEN_RE.finditer(text):
        starts.append(m.start())
        ends.append(m.end())
        texts.append(m.group())
    norms = [normalise(t) for t in texts] if texts else []
    return Tokens(
        np.asarray(starts, dtype=np.int32), np.asarray(ends, dtype=np.int32), texts, norms
    )


def match_case(replacement: str, original: str) -> str:
    """Give ``replacement`` the letter case pattern of ``original`` (UPPER, Title or as is)."""
    if not replacement or not original:
        return replacement
    if original.isupper() and len(original) > 1:
        return replacement.upper()
    if original[0].isupper():
        return replacement[0].upper() + replacement[1:]
    return replacement


def rebuild(text: str, starts: np.ndarray, ends: np.ndarray, replacements: list[str]) -> str:
    """Rebuild ``text`` with the spans ``[starts[i], ends[i])`` replaced.

    Spans must be sorted and non-overlapping; characters outside them are copied verbatim.
    """
    if len(replacements) == 0:
        return text
    parts: list[str] = []
    prev = 0
    for s, e, r in zip(starts.tolist(), ends.tolist(), replacements, strict=True):
        parts.append(text[prev:s])
        parts.append(r)
        prev = e
    parts.append(text[prev:])
    return "".join(parts)
