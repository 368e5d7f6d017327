"""Core tagging types: the :class:`Span` a recognizer emits and the recognizer base classes.

A recognizer finds entities of one or a few types in a text and returns character spans with a
confidence score. :class:`PatternRecognizer` is a small Presidio-like base for regex-driven
recognizers: class data ``PATTERNS`` (name, regex, score), optional ``CONTEXT`` words that raise
the score when they appear near a match, and a :meth:`PatternRecognizer.validate_result` hook
for checksums. Regexes are compiled once per class.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from privtext.tagging.prescan import GuardedPattern, PatternGroup


@dataclass(frozen=True, slots=True)
class Span:
    """One tagged entity occurrence.

    Attributes:
        start: character offset of the first character (inclusive).
        end: character offset after the last character (exclusive).
        entity_type: entity type, e.g. ``"EMAIL"`` or ``"PERSON"``.
        score: confidence in ``[0, 1]``.
        source: name of the recognizer that produced the span, e.g. ``"email_pattern"``.
    """

    start: int
    end: int
    entity_type: str
    score: float
    source: str

    def __post_init__(self) -> None:
        if not 0 <= self.start < self.end:
            raise ValueError(
                f"span offsets must satisfy 0 <= start < end, got start={self.start}, "
                f"end={self.end} (span: {self.entity_type} from {self.source})"
            )
        if not 0.0 <= self.score <= 1.0:
            raise ValueError(
                f"score must be in [0, 1], got {self.score} "
                f"(span: {self.entity_type} from {self.source})"
            )


class Recognizer(ABC):
    """A recognizer finds entities of ``entity_types`` in a text.

    Subclasses set the class attributes ``name`` and ``entity_types`` and implement
    :meth:`analyze`. :meth:`load` loads assets (word lists, models) once; it must be idempotent
    and is called by the tagger before the first :meth:`analyze`.
    """

    name: ClassVar[str] = "recognizer"
    entity_types: ClassVar[tuple[str, ...]] = ()

    def load(self) -> None:  # noqa: B027 - optional hook, default no-op
        """Load assets once (idempotent). The default does nothing."""

    @abstractmethod
    def analyze(self, text: str) -> list[Span]:
        """Return the spans found in ``text`` (may overlap; the tagger resolves overlaps).

        Args:
            text: the document text.

        Returns:
            Spans with ``0 <= start < end <= len(text)``.
        """

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"


class BatchRecognizer(Recognizer):
    """A recognizer that is much cheaper per text when given many texts at once (NER models).

    Subclasses implement :meth:`analyze_batch`; :meth:`analyze` is the one-text special case.
    The tagger calls :meth:`analyze_batch` once per batch of documents (or chunks).
    """

    @abstractmethod
    def analyze_batch(self, texts: Sequence[str]) -> list[list[Span]]:
        """Return one list of spans per text (same contract as :meth:`Recognizer.analyze`)."""

    def analyze(self, text: str) -> list[Span]:
        """Spans of one text (prefer :meth:`analyze_batch`)."""
        return self.analyze_batch([text])[0]


class PatternRecognizer(Recognizer):
    """Regex recognizer with optional context boost and validation hook (Presidio-like).

    Class data:
        PATTERNS: list of ``(pattern_name, regex, score)``. A regex may define a named group
            ``ent``; the span is then that group instead of the whole match.
        CONTEXT: words or phrases (case-insensitive, whole words) which, when they occur within
            ``CONTEXT_WINDOW`` characters before or ``CONTEXT_AFTER`` characters after a
            match, raise its score by ``CONTEXT_BOOST`` (capped at 1).
        VALIDATED_SCORE: score given to a match that :meth:`validate_result` accepts (``True``).
        FLAGS: regex flags for ``PATTERNS``.

    The entity type of every span is ``entity_types[0]``.
    """

    PATTERNS: ClassVar[list[tuple[str, str, float]]] = []
    CONTEXT: ClassVar[tuple[str, ...]] = ()
    CONTEXT_WINDOW: ClassVar[int] = 48
    CONTEXT_AFTER: ClassVar[int] = 24
    CONTEXT_BOOST: ClassVar[float] = 0.35
    VALIDATED_SCORE: ClassVar[float] = 1.0
    FLAGS: ClassVar[int] = 0

    _compiled: ClassVar[list[tuple[str, GuardedPattern, float]]] = []
    _context_re: ClassVar[re.Pattern[str] | None] = None

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        # Compile once per class (subclasses that do not redefine PATTERNS inherit them).
        compiled = []
        # one scan of a text says which of the class's patterns can match it (prescan.py)
        group = PatternGroup(cls.__name__)
        for pat_name, regex, score in cls.PATTERNS:
            if not 0.0 <= score <= 1.0:
                raise ValueError(
                    f"score must be in [0, 1], got {score} ({cls.__name__}.PATTERNS: {pat_name})"
                )
            compiled.append((pat_name, group.compile(regex, cls.FLAGS), score))
        cls._compiled = compiled
        cls._context_re = compile_context(cls.CONTEXT)

    def precheck(self, text: str) -> bool:
        """Cheap test run before any regex; return False when no match is possible.

        Args:
            text: the document text.

        Returns:
            True when the patterns must be run.
        """
        return True

    def validate_result(self, matched_text: str) -> bool | None:
        """Validate a match (checksum etc.).

        Args:
            matched_text: the matched characters.

        Returns:
            ``True`` (valid: score becomes ``VALIDATED_SCORE``), ``False`` (drop the match) or
            ``None`` (no opinion: keep the pattern score).
        """
        return None

    def has_context(self, text: str, start: int, end: int) -> bool:
        """Whether a ``CONTEXT`` word occurs near ``text[start:end]``.

        Args:
            text: the document text.
            start: match start.
            end: match end.

        Returns:
            True when a context word is within the window before or after the match.
        """
        rx = self._context_re
        if rx is None:
            return False
        if rx.search(text, max(0, start - self.CONTEXT_WINDOW), start) is not None:
            return True
        return rx.search(text, end, min(len(text), end + self.CONTEXT_AFTER)) is not None

    def analyze(self, text: str) -> list[Span]:
        """Run every pattern over ``text`` (see the class docstring for scoring).

        Args:
            text: the document text.

        Returns:
            The (possibly overlapping) spans found.
        """
        if not text or not self.precheck(text):
            return []
        entity = self.entity_types[0]
        out: list[Span] = []
        for _pat_name, rx, score in self._compiled:
            has_group = "ent" in rx.groupindex
            for m in rx.finditer(text):
                s, e = m.span("ent") if has_group else m.span()
                if s < 0 or s >= e:
                    continue
                verdict = self.validate_result(text[s:e])
                if verdict is False:
                    continue
                sc = max(score, self.VALIDATED_SCORE) if verdict is True else score
                if sc < 1.0 and self._context_re is not None and self.has_context(text, s, e):
                    sc = min(1.0, sc + self.CONTEXT_BOOST)
                out.append(Span(s, e, entity, sc, self.name))
        return out


def compile_context(words: tuple[str, ...] | list[str]) -> re.Pattern[str] | None:
    """Compile context words into one case-insensitive whole-word regex.

    Args:
        words: words or phrases; a space matches any run of spaces.

    Returns:
        The compiled regex, or None when ``words`` is empty.
    """
    if not words:
        return None
    alts = sorted(
        {re.escape(w.lower()).replace(r"\ ", r"\s+") for w in words}, key=lambda s: (len(s), s)
    )
    return re.compile(r"(?<!\w)(?:" + "|".join(reversed(alts)) + r")(?!\w)", re.IGNORECASE)


#: Recognizers whose tags are guesses a document-level pass may overrule.
GUESS_SOURCES = frozenset({"spacy_ner", "gazetteer", "consistency"})


def put_over_guess(
    spans: list[Span],
    start: int,
    end: int,
    entity_type: str,
    score: float,
    source: str,
    over_types: frozenset[str],
) -> None:
    """Tag ``[start, end)`` in place: where nothing is, or over one guess lying inside it.

    The guess must be of a type in ``over_types`` and come from :data:`GUESS_SOURCES`; a span of
    ``entity_type`` already there, or any other tag, is left alone.
    """
    inside = [k for k, s in enumerate(spans) if s.start < end and start < s.end]
    if not inside:
        spans.append(Span(start, end, entity_type, score, source))
        return
    if len(inside) != 1:
        return
    s = spans[inside[0]]
    if (
        s.entity_type != entity_type
        and s.entity_type in over_types
        and s.source in GUESS_SOURCES
        and s.start >= start
        and s.end <= end
    ):
        spans[inside[0]] = Span(start, end, entity_type, score, source)
