"""The :class:`Tagger`: runs a set of recognizers and resolves overlapping spans.

``Tagger.default()`` uses every built-in recognizer (email, phone, payment card, IBAN,
national id, IP address, URL, gazetteer). :meth:`Tagger.tag` returns non-overlapping spans
sorted by start; on overlap the higher score wins, then the longer span, then the earlier
start, then the recognizer listed first.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from privtext.tagging.base import Recognizer, Span
from privtext.tagging.recognizers.email import EmailRecognizer
from privtext.tagging.recognizers.gazetteer import GazetteerRecognizer
from privtext.tagging.recognizers.iban import IbanRecognizer
from privtext.tagging.recognizers.ip_address import IpAddressRecognizer
from privtext.tagging.recognizers.national_id import NationalIdRecognizer
from privtext.tagging.recognizers.payment_card import PaymentCardRecognizer
from privtext.tagging.recognizers.phone import DEFAULT_REGIONS, PhoneRecognizer
from privtext.tagging.recognizers.url import UrlRecognizer


def default_recognizers(phone_regions: Sequence[str] = DEFAULT_REGIONS) -> list[Recognizer]:
    """A fresh list of every built-in recognizer.

    Args:
        phone_regions: regions the phone recognizer uses for numbers without ``+``.

    Returns:
        The recognizers, most specific first (used as the last tie-breaker).
    """
    return [
        EmailRecognizer(),
        UrlRecognizer(),
        IbanRecognizer(),
        PaymentCardRecognizer(),
        NationalIdRecognizer(),
        IpAddressRecognizer(),
        PhoneRecognizer(phone_regions),
        GazetteerRecognizer(),
    ]


def resolve_overlaps(spans: Sequence[Span], text_len: int | None = None) -> list[Span]:
    """Keep a non-overlapping subset of ``spans``, sorted by start.

    Spans are taken greedily by (higher score, longer, earlier start, earlier in input); a
    span is dropped when it overlaps one already taken. Spans outside ``[0, text_len]`` are
    dropped.

    Args:
        spans: candidate spans (any order, may overlap).
        text_len: length of the text, to drop out-of-range spans; None = no check.

    Returns:
        Non-overlapping spans sorted by start.
    """
    order = sorted(
        range(len(spans)),
        key=lambda k: (-spans[k].score, spans[k].start - spans[k].end, spans[k].start, k),
    )
    starts: list[int] = []
    ends: list[int] = []
    kept: list[Span] = []
    for k in order:
        sp = spans[k]
        if text_len is not None and sp.end > text_len:
            continue
        pos = bisect.bisect_left(starts, sp.start)
        if pos > 0 and ends[pos - 1] > sp.start:
            continue
        if pos < len(starts) and starts[pos] < sp.end:
            continue
        starts.insert(pos, sp.start)
        ends.insert(pos, sp.end)
        kept.insert(pos, sp)
    return kept


class Tagger:
    """Run recognizers over texts and return non-overlapping spans.

    Args:
        recognizers: the recognizers to run; None = :func:`default_recognizers`.
        min_score: spans scoring below this are dropped before overlap resolution (the
            policy applies per-entity thresholds later; keep 0 to leave that to the policy).
    """

    def __init__(
        self, recognizers: Sequence[Recognizer] | None = None, min_score: float = 0.0
    ) -> None:
        if not 0.0 <= min_score <= 1.0:
            raise ValueError(f"min_score must be in [0, 1], got {min_score!r} (tagger)")
        recs = list(default_recognizers() if recognizers is None else recognizers)
        for r in recs:
            if not isinstance(r, Recognizer):
                raise TypeError(f"recognizers must be Recognizer instances, got {r!r}")
            r.load()
        self.recognizers: tuple[Recognizer, ...] = tuple(recs)
        self.min_score = float(min_score)

    @classmethod
    def default(cls) -> Tagger:
        """A tagger with every built-in recognizer."""
        return cls()

    @property
    def entity_types(self) -> tuple[str, ...]:
        """Every entity type the recognizers can emit (in recognizer order)."""
        seen: dict[str, None] = {}
        for r in self.recognizers:
            for t in r.entity_types:
                seen.setdefault(t, None)
        return tuple(seen)

    def tag(self, text: str) -> list[Span]:
        """Tag one text.

        Args:
            text: the document (any Unicode; empty gives no spans).

        Returns:
            Non-overlapping spans sorted by start, each with ``0 <= start < end <= len(text)``.

        Raises:
            TypeError: ``text`` is not a ``str``.
        """
        if not isinstance(text, str):
            raise TypeError(f"text must be str, got {type(text).__name__}")
        if not text:
            return []
        cands: list[Span] = []
        for r in self.recognizers:
            cands.extend(r.analyze(text))
        if self.min_score > 0.0:
            cands = [s for s in cands if s.score >= self.min_score]
        if not cands:
            return []
        return resolve_overlaps(cands, len(text))

    def tag_batch(self, texts: Sequence[str]) -> list[list[Span]]:
        """Tag several texts (one list of spans per text, in order).

        Args:
            texts: the documents.

        Returns:
            ``[self.tag(t) for t in texts]``.
        """
        return [self.tag(t) for t in texts]
