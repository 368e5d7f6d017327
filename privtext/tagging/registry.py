"""The :class:`Tagger`: runs recognizers over batches of texts and returns non-overlapping spans.

One call of :meth:`Tagger.tag_batch` does, for a batch of documents:

1. **Chunking**: a text longer than ``chunk_chars`` is cut into windows of at most that size
   that overlap by ``chunk_overlap`` characters, cut at whitespace. Every window is analysed
   like a document; window ``i`` owns the spans that *start* between the midpoints of its
   overlaps with windows ``i-1`` and ``i+1``, so a span near a border is taken from the window
   that sees it whole with at least ``chunk_overlap / 2`` characters of context on each side
   (entities longer than ``chunk_overlap / 2`` characters are the documented limit). NER
   models therefore never see a megabyte at once, and nothing at a border is lost.
2. **Recognizers**: pattern and gazetteer recognizers run per window; batch recognizers (spaCy
   NER) run once over all windows of the batch with ``nlp.pipe``.
3. **Context**: cue words near a span raise or lower its score, or turn a ``DATE`` into a
   ``DATE_OF_BIRTH`` (:func:`privtext.tagging.context.apply_context`).
4. **Overlaps**: higher score wins, then the longer span, then the earlier start, then the
   recognizer listed first.
5. **Entity consistency**: every string tagged with a score that passes the tier policy is
   tagged at each of its other mentions in the document, and the parts of a person's name
   (``Julia`` and ``Santos`` of ``Julia Santos``) are tagged wherever they occur alone, with the
   same type and score (source ``consistency``). An entity is only protected if all its
   mentions are.

``Tagger.default()`` uses every built-in recognizer, spaCy NER included; ``TaggerSpec`` is the
picklable description of a tagger that the Spark UDF rebuilds once per executor process.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from privtext.tagging.acronyms import organisation_acronyms
from privtext.tagging.address_extent import (
    dublin_districts,
    organisation_lines_out_of_addresses,
    widen_address_spans,
)
from privtext.tagging.base import BatchRecognizer, Recognizer, Span
from privtext.tagging.columns import entities_in_table_columns, header_cells_are_no_entities
from privtext.tagging.context import apply_context
from privtext.tagging.date_ranges import date_range_starts
from privtext.tagging.domains import organisations_named_by_domains
from privtext.tagging.employers import employers_after_titles
from privtext.tagging.extents import person_name_extents
from privtext.tagging.groups import groups_in_group_slots
from privtext.tagging.id_lists import identifier_lists
from privtext.tagging.id_prefixes import identifier_country_prefixes, identifier_series_letters
from privtext.tagging.labels import field_labels_are_no_entities, organisations_in_fields
from privtext.tagging.logins import logins_from_person_names
from privtext.tagging.mediums import mediums_are_no_entities
from privtext.tagging.place_slots import (
    countries_in_other_languages,
    country_codes_before_documents,
    dateline_places,
    places_before_branch,
    places_in_place_fields,
    places_in_place_slots,
    polish_places,
    turkish_case_places,
)
from privtext.tagging.policy import TierPolicy
from privtext.tagging.recognizers.address import (
    PostcodeRecognizer,
    StreetAddressRecognizer,
    merge_address_blocks,
    streets_without_numbers_are_places,
    trailing_postal_codes,
)
from privtext.tagging.recognizers.age import AgeRecognizer
from privtext.tagging.recognizers.date import DateRecognizer
from privtext.tagging.recognizers.email import EmailRecognizer
from privtext.tagging.recognizers.gazetteer import (
    AMBIGUOUS_GIVEN,
    COMMON_WORD_SURNAMES,
    MONTHS_DAYS,
    STOPWORDS,
    TITLES,
    GazetteerRecognizer,
    load_gazetteer,
)
from privtext.tagging.recognizers.iban import IbanRecognizer
from privtext.tagging.recognizers.ip_address import IpAddressRecognizer
from privtext.tagging.recognizers.job_title import JobTitleRecognizer
from privtext.tagging.recognizers.national_id import NationalIdRecognizer
from privtext.tagging.recognizers.organization import OrganizationRecognizer
from privtext.tagging.recognizers.payment_card import PaymentCardRecognizer
from privtext.tagging.recognizers.person_cues import PersonCueRecognizer
from privtext.tagging.recognizers.phone import DEFAULT_REGIONS, PhoneRecognizer
from privtext.tagging.recognizers.reference_number import (
    AccountNumberRecognizer,
    AircraftRegistrationRecognizer,
    CaseNumberRecognizer,
    IdAcronymRecognizer,
)
from privtext.tagging.recognizers.spacy_ner import DEFAULT_MODEL, SpacyNerRecognizer
from privtext.tagging.recognizers.url import UrlRecognizer
from privtext.tagging.recognizers.username import UsernameRecognizer
from privtext.tagging.register import chat_register
from privtext.tagging.retype import (
    drugs_are_no_persons,
    organisations_joined_to_persons,
    organisations_named_like_persons,
    persons_inside_organisations,
    persons_named_like_organisations,
)
from privtext.tagging.roles import (
    roles_before_employers,
    roles_next_to_persons,
    roles_on_signature_lines,
    speaker_labels_are_no_titles,
)
from privtext.tagging.script_places import places_in_other_scripts
from privtext.tagging.speakers import organisation_speakers
from privtext.tagging.tables import ages_in_age_columns, places_in_place_columns

DEFAULT_CHUNK_CHARS = 20_000
DEFAULT_CHUNK_OVERLAP = 1_000
CONSISTENCY_SOURCE = "consistency"
# Name parts shorter than this are not propagated on their own ("Al", initials).
_MIN_PART_CHARS = 3
# Two- and three-letter capitals that are common abbreviations, never a person's initials.
_NOT_INITIALS = frozenset(
    "HR GP MD IT UK US USA EU UN TV PC ID OK AM PM NO CV PA PR QA VP CEO CFO COO CTO RN ER "
    "ICU AE DOB NHS GCSE BA BSc MA MSc PhD LLB RE FYI ASAP PS UAE NZ SA DC LA NY".split()
)
# What follows a person's initials in minutes and notes ("PR explained", "FA asked whether",
# "PR to interview"): an abbreviation that is also somebody's initials counts only before these.
_INITIALS_ACT = re.compile(
    r"[ \t]+(?:explained|asked|reminded|said|says|confirmed|agreed|noted|stated|advised|"
    r"reported|presented|questioned|replied|responded|added|suggested|proposed|thanked|"
    r"welcomed|closed|opened|informed|told|apologised|apologized|declared|summarised|"
    r"summarized|raised|queried|updated|to[ \t]+(?:interview|confirm|send|review|contact|"
    r"arrange|check|circulate|follow|write|speak|email|e-mail|call|chase|draft|share|meet))\b"
)
_SHORT_INITIALS = re.compile(r"[A-Z]{2}|(?:[A-Z]\.){2,3}")
_NAME_PART = re.compile(r"[^\W\d_][^\W\d_'\u2019\-]*(?:['\u2019\-][^\W\d_]+)*")


def default_recognizers(
    phone_regions: Sequence[str] = DEFAULT_REGIONS,
    ner_model: str | None = DEFAULT_MODEL,
    ner_batch_size: int = 256,
) -> list[Recognizer]:
    """A fresh list of every built-in recognizer.

    Args:
        phone_regions: regions the phone recognizer uses for numbers without ``+``.
        ner_model: spaCy package or model directory; None = no statistical NER.
        ner_batch_size: texts per ``nlp.pipe`` batch.

    Returns:
        The recognizers, most specific first (used as the last tie-breaker).
    """
    recs: list[Recognizer] = [
        EmailRecognizer(),
        UrlRecognizer(),
        IbanRecognizer(),
        PaymentCardRecognizer(),
        NationalIdRecognizer(),
        IpAddressRecognizer(),
        UsernameRecognizer(),
        CaseNumberRecognizer(),
        AccountNumberRecognizer(),
        IdAcronymRecognizer(),
        AircraftRegistrationRecognizer(),
        PhoneRecognizer(phone_regions),
        StreetAddressRecognizer(),
        PostcodeRecognizer(),
        DateRecognizer(),
        AgeRecognizer(),
        JobTitleRecognizer(),
        GazetteerRecognizer(),
        PersonCueRecognizer(),
        OrganizationRecognizer(),
    ]
    if ner_model:
        recs.append(SpacyNerRecognizer(ner_model, ner_batch_size))
    return recs


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


@lru_cache(maxsize=1)
def _digit_table() -> dict[int, str]:
    """Every decimal digit of another script (Unicode category Nd) -> its ASCII digit."""
    return {
        cp: str(unicodedata.digit(chr(cp)))
        for cp in range(0x80, 0x20000)
        if unicodedata.category(chr(cp)) == "Nd"
    }


_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def fold_digits(text: str) -> str:
    """``text`` with the decimal digits of other scripts written as ASCII digits
    ("০১৭১১-৫৫৫০১৪" -> "01711-555014", "۱۴۰۳/۸۸۴۱۷" -> "1403/88417"). One character
    stays one character, so every offset into the result is an offset into ``text``, and the
    recognizers' number rules read Bengali, Persian, Arabic-Indic or Devanagari numbers as
    they read ASCII ones."""
    if _NON_ASCII.search(text) is None:
        return text
    return text.translate(_digit_table())


def chunk_bounds(text: str, chunk_chars: int, overlap: int) -> list[tuple[int, int, int, int]]:
    """Windows of ``text`` and the span starts each one owns.

    Args:
        text: the document.
        chunk_chars: maximum window length.
        overlap: characters shared by consecutive windows (``< chunk_chars / 2``).

    Returns:
        ``(start, end, own_from, own_to)`` per window: the window is ``text[start:end]`` and it
        reports the spans whose start lies in ``[own_from, own_to)``. One window ``(0, n, 0,
        n)`` when the text fits.
    """
    n = len(text)
    if n <= chunk_chars:
        return [(0, n, 0, n)]
    windows: list[tuple[int, int]] = []
    a = 0
    while True:
        b = min(a + chunk_chars, n)
        if b < n:
            # cut at the last whitespace in the final quarter of the overlap, if any
            ws = max(text.rfind(" ", b - overlap // 4, b), text.rfind("\n", b - overlap // 4, b))
            if ws > a:
                b = ws + 1
        windows.append((a, b))
        if b >= n:
            break
        nxt = b - overlap
        ws = text.find(" ", nxt, nxt + overlap // 4)
        nxt = ws + 1 if ws >= 0 else nxt
        a = max(nxt, a + 1)
    out: list[tuple[int, int, int, int]] = []
    for i, (a, b) in enumerate(windows):
        own_from = 0 if i == 0 else (windows[i - 1][1] + a) // 2
        own_to = n if i == len(windows) - 1 else (b + windows[i + 1][0]) // 2
        out.append((a, b, own_from, own_to))
    return out


class Tagger:
    """Run recognizers over texts and return non-overlapping spans.

    Args:
        recognizers: the recognizers to run; None = :func:`default_recognizers`.
        min_score: spans scoring below this are dropped before overlap resolution (the
            policy applies per-entity thresholds later; keep 0 to leave that to the policy).
        policy: the tier policy, used by the consistency step (only spans that the policy acts
            on are propagated); None = the packaged default policy.
        chunk_chars: texts longer than this are analysed in overlapping windows.
        chunk_overlap: characters shared by consecutive windows.
        consistency: tag every mention of a tagged string (see the module docstring).
        context: apply the context-word step.
    """

    def __init__(
        self,
        recognizers: Sequence[Recognizer] | None = None,
        min_score: float = 0.0,
        policy: TierPolicy | None = None,
        chunk_chars: int = DEFAULT_CHUNK_CHARS,
        chunk_overlap: int = DEFAULT_CHUNK_OVERLAP,
        consistency: bool = True,
        context: bool = True,
    ) -> None:
        if not 0.0 <= min_score <= 1.0:
            raise ValueError(f"min_score must be in [0, 1], got {min_score!r} (tagger)")
        if chunk_overlap < 0 or chunk_chars < 4 * max(chunk_overlap, 1):
            raise ValueError(
                "chunk_chars must be at least 4 x chunk_overlap and chunk_overlap >= 0, got "
                f"chunk_chars={chunk_chars}, chunk_overlap={chunk_overlap} (tagger)"
            )
        recs = list(default_recognizers() if recognizers is None else recognizers)
        for r in recs:
            if not isinstance(r, Recognizer):
                raise TypeError(f"recognizers must be Recognizer instances, got {r!r}")
            r.load()
        self.recognizers: tuple[Recognizer, ...] = tuple(recs)
        self.min_score = float(min_score)
        self.policy = policy or TierPolicy.load(None)
        self.chunk_chars = chunk_chars
        self.chunk_overlap = chunk_overlap
        self.consistency = consistency
        self.context = context

    @classmethod
    def default(cls) -> Tagger:
        """A tagger with every built-in recognizer (spaCy NER included)."""
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
        """Tag one text (see :meth:`tag_batch`; batches are much faster with NER).

        Raises:
            TypeError: ``text`` is not a ``str``.
        """
        return self.tag_batch([text])[0]

    def tag_batch(self, texts: Sequence[str]) -> list[list[Span]]:
        """Tag several texts.

        Args:
            texts: the documents (any Unicode; an empty text gives no spans).

        Returns:
            Per text, non-overlapping spans sorted by start with ``0 <= start < end <=
            len(text)``.

        Raises:
            TypeError: a text is not a ``str``.
        """
        for t in texts:
            if not isinstance(t, str):
                raise TypeError(f"text must be str, got {type(t).__name__}")
        # the spans are found on the text with ASCII digits; the offsets are the same
        texts = [fold_digits(t) for t in texts]
        # 1. windows
        pieces: list[str] = []
        owner: list[tuple[int, int, int, int, int]] = []  # doc, offset, own_from, own_to, end
        for d, text in enumerate(texts):
            if not text:
                continue
            for a, b, own_from, own_to in chunk_bounds(text, self.chunk_chars, self.chunk_overlap):
                pieces.append(text[a:b])
                owner.append((d, a, own_from, own_to, b))
        # 2. recognizers
        found: list[list[Span]] = [[] for _ in pieces]
        for r in self.recognizers:
            if isinstance(r, BatchRecognizer):
                for k, spans in enumerate(r.analyze_batch(pieces) if pieces else []):
                    found[k].extend(spans)
            else:
                for k, piece in enumerate(pieces):
                    found[k].extend(r.analyze(piece))
        cands: list[list[Span]] = [[] for _ in texts]
        for k, spans in enumerate(found):
            d, a, own_from, own_to, b = owner[k]
            n = len(texts[d])
            for s in spans:
                start, end = s.start + a, s.end + a
                if not own_from <= start < own_to or end > b or (end == b and b < n):
                    continue
                cands[d].append(s if a == 0 else Span(start, end, s.entity_type, s.score, s.source))
        # 3-5. per document
        return [self._finish(text, spans) for text, spans in zip(texts, cands, strict=True)]

    def _finish(self, text: str, spans: list[Span]) -> list[Span]:
        if not spans and not text.strip():
            return []
        # (a text no recognizer tagged still goes through the passes that add spans of their
        # own: "Los vecinos son familias ecuatorianas, rumanas y españolas.")
        if self.context:
            spans = apply_context(text, spans)
        if self.min_score > 0.0:
            spans = [s for s in spans if s.score >= self.min_score]
        kept = merge_address_blocks(text, resolve_overlaps(spans, len(text)))
        kept = streets_without_numbers_are_places(text, trailing_postal_codes(text, kept))
        kept = organisation_lines_out_of_addresses(text, widen_address_spans(text, kept))
        kept = organisations_in_fields(text, field_labels_are_no_entities(text, kept))
        kept = groups_in_group_slots(
            text, countries_in_other_languages(text, places_in_place_slots(text, kept))
        )
        kept = polish_places(text, places_in_place_fields(text, dateline_places(text, kept)))
        kept = places_in_other_scripts(text, turkish_case_places(text, kept))
        kept = dublin_districts(
            text, places_in_place_columns(text, places_before_branch(text, kept))
        )
        kept = country_codes_before_documents(text, kept)
        kept = entities_in_table_columns(text, ages_in_age_columns(text, kept))
        kept = header_cells_are_no_entities(text, kept)
        kept = identifier_lists(text, identifier_country_prefixes(text, kept))
        kept = identifier_series_letters(text, kept)
        kept = organisations_named_like_persons(text, persons_named_like_organisations(text, kept))
        kept = organisations_joined_to_persons(text, kept)
        kept = drugs_are_no_persons(text, persons_inside_organisations(text, kept))
        kept = organisations_named_by_domains(text, organisation_acronyms(text, kept))
        kept = mediums_are_no_entities(text, kept)
        kept = date_range_starts(text, person_name_extents(text, kept))
        kept = roles_before_employers(text, roles_next_to_persons(text, kept))
        kept = roles_on_signature_lines(text, kept)
        kept = employers_after_titles(text, speaker_labels_are_no_titles(text, kept))
        kept = organisation_speakers(text, kept)
        if self.consistency and kept:
            # the other mentions, then their edges ("stacey [pearce]" after "Stacey Pearce")
            kept = person_name_extents(text, self._propagate(text, kept))
            # a language or a platform is no entity at its other mentions either
            kept = mediums_are_no_entities(text, kept)
        return logins_from_person_names(text, kept)

    def _acts_on(self, span: Span) -> bool:
        rule = self.policy.rule_for(span.entity_type)
        return rule.tier != "none" and span.score >= rule.min_score

    def _propagate(self, text: str, kept: list[Span]) -> list[Span]:
        """Tag the other mentions of every acted-on string (see the module docstring)."""
        targets: dict[str, tuple[str, float]] = {}
        ambiguous: set[str] = set()
        short_acting: set[str] = set()
        gaz = load_gazetteer(None)
        chatty = chat_register(text)

        def _rare_in_chat(part: str) -> bool:
            from wordfreq import zipf_frequency

            return chatty and len(part) >= 4 and zipf_frequency(part.lower(), "en") < 3.0

        def add(surface: str, etype: str, score: float) -> None:
            prev = targets.get(surface)
            if prev is None or prev[1] < score:
                targets[surface] = (etype, score)

        for s in kept:
            if not self._acts_on(s):
                continue
            surface = text[s.start : s.end]
            if (
                len(surface) >= 3
                and any(c.isalpha() for c in surface)
                and surface[:1].upper() + surface[1:].lower() not in STOPWORDS
            ):
                add(surface, s.entity_type, s.score)
            elif s.entity_type == "PERSON" and _SHORT_INITIALS.fullmatch(surface):
                # a party known by initials ("the appellant, AK,"): every mention of "AK"
                add(surface, "PERSON", s.score)
            elif s.entity_type in _NUMBER_TYPES and _LONG_NUMBER.fullmatch(surface):
                # an identifier of digits only, found once by its cue ("Kiinteistötunnus:
                # 753-418-2-77"): its other mentions too ("Rantala (753-418-2-77)")
                add(surface, s.entity_type, s.score)
                if surface in _NOT_INITIALS:
                    short_acting.add(surface)
            if s.entity_type == "PERSON" and not surface.isupper():
                # the same name in capitals (forms, headings): "KARADAĞ", "ELENA VASQUEZ"
                if len(surface) >= 4:
                    add(surface.upper(), "PERSON", s.score)
            if s.entity_type == "PERSON":
                for m in _NAME_PART.finditer(surface):
                    part = m.group()
                    if (
                        len(part) < _MIN_PART_CHARS
                        or not part[0].isupper()
                        or part in TITLES
                        or part in MONTHS_DAYS
                    ):
                        continue
                    if part in AMBIGUOUS_GIVEN or part in COMMON_WORD_SURNAMES:
                        # a name that is also a word ("Summer", "Will", "Cook"): only its
                        # capitalised form, and at a sentence start only where a person's verb
                        # or punctuation follows ("Will is kind", not "Grace under pressure")
                        if not part.isupper():
                            add(part, "PERSON", s.score)
                            ambiguous.add(part)
                    elif part in gaz.known_tokens and not (
                        part in gaz.given or part in gaz.surnames
                    ):
                        # a place, organisation or group word in a person guess ("Kaupapa
                        # Māori"): its other mentions are no person
                        continue
                    elif part not in STOPWORDS:
                        add(part, "PERSON", s.score)
                        if len(part) >= 4 and not part.isupper():
                            add(part.upper(), "PERSON", s.score)
                        if not part.isupper() and (
                            part in gaz.given or part in gaz.surnames or _rare_in_chat(part)
                        ):
                            # chat style: "maria" after "Maria Garcia" (known names, or in a
                            # chat any name that is no English word: "priyanka", "mariel")
                            add(part.lower(), "PERSON", s.score)
        acting_only = self._add_initials(kept, text, add) | short_acting
        if not targets:
            return kept
        # a mention already held by a span the policy acts on keeps it; one held by a span below
        # the policy's threshold ("Walker" alone, 0.45) gets the entity's score
        covered = {(s.start, s.end): s.entity_type for s in kept if self._acts_on(s)}
        extra: list[Span] = []
        for start, end in _mentions(text, targets):
            surface = text[start:end]
            etype, score = targets[surface]
            if covered.get((start, end)) == etype:
                continue
            if surface in ambiguous and not _reads_as_person(text, start, end):
                continue
            if surface in acting_only and not _INITIALS_ACT.match(text, end):
                continue
            if etype in _NUMBER_TYPES and _IN_LONGER_NUMBER.search(text, max(0, start - 2), start):
                continue  # "0411 276" inside the phone number "0411 276 938"
            if etype in _NUMBER_TYPES and _IN_LONGER_NUMBER_AFTER.match(text, end):
                continue
            # a hair above the source so that a mention mis-typed by another recognizer at
            # the same score takes the entity's type
            extra.append(Span(start, end, etype, min(1.0, score + 0.01), CONSISTENCY_SOURCE))
        if not extra:
            return kept
        return resolve_overlaps([*kept, *extra], len(text))

    def _add_initials(self, kept: list[Span], text: str, add) -> set[str]:
        """Initials of the document's persons written alone ("DK" for "Daniel Kent" in minutes
        and HR notes; "JM" for "John Mark"): two or three capitals made of the first letters of
        a tagged name's words (all of them, or the first and the last), when they occur in the
        text as a word of their own. Initials that are also a common abbreviation ("PR", "HR",
        "MA") count only where a person's action follows ("PR explained", "HR to contact"):
        those are returned, for the caller to check each mention."""
        seen: set[str] = set()
        acting_only: set[str] = set()
        standalone: set[str] | None = None  # the text's words of two or three capitals
        for s in kept:
            if s.entity_type != "PERSON" or not self._acts_on(s):
                continue
            defined = _DEFINED_INITIALS.match(text, s.end)
            if defined and _initials_of(
                defined.group(1), text[s.start : s.end], unwritten_middle=True
            ):
                # "Priya Raghavan (PR)", "Kwesi Mensah-Bonsu (KMB)": initials defined for this
                # person are hers at every mention, even those that are also abbreviations
                seen.add(defined.group(1))
                add(defined.group(1), "PERSON", _DEFINED_INITIALS_SCORE)
            words = [
                w for w in _NAME_PART.findall(text[s.start : s.end])
                if len(w) >= 2 and w[0].isupper() and w not in TITLES
            ]  # fmt: skip
            if not 2 <= len(words) <= 4:
                continue
            cands = {words[0][0] + words[-1][0]}
            if len(words) <= 3:
                cands.add("".join(w[0] for w in words))
            for ini in cands:
                ini = ini.upper()
                word = ini[0] + ini[1:].lower()  # "OF", "IN", "AT" are words, not initials
                if ini in seen or word in STOPWORDS or not ini.isalpha():
                    continue
                seen.add(ini)
                if standalone is None:
                    standalone = {m.group() for m in _STANDALONE_CAPS.finditer(text)}
                if ini in standalone:
                    add(ini, "PERSON", min(s.score, 0.85))
                    if ini in _NOT_INITIALS:
                        acting_only.add(ini)
        return acting_only


# Initials in brackets right after a person's name: "Priya Raghavan (PR)", "(MC, PCA)"
_DEFINED_INITIALS = re.compile(r"[ \t]*\(([A-Z\u0391-\u03a9\u0410-\u042f]{2,4})[,)]")
# two or three capitals standing alone as a word: a document's possible initials, found once
# (a candidate "DK" is there exactly when it is one of these matches)
_STANDALONE_CAPS = re.compile(
    r"(?<![\w.@/\-])[A-Z\u0391-\u03a9\u0410-\u042f]{2,3}(?![\w@/\-]|\.\w)"
)  # (Greek and Cyrillic initials too: "Άννα Πετρίδου (ΑΠ)")
# above NER's and the gazetteer's guesses on the same letters ("KMB" a place, "NAB" a bank)
_DEFINED_INITIALS_SCORE = 0.89


def _bare(c: str) -> str:
    """``c`` without its accents ("Ά" -> "Α", "É" -> "E")."""
    return unicodedata.normalize("NFD", c)[0]


def _initials_of(initials: str, name: str, unwritten_middle: bool = False) -> bool:
    """``initials`` are the first letters of words of ``name`` (hyphen parts count as words),
    in order, the first word's included: "PR" of "Priya Raghavan", "KMB" of "Kwesi
    Mensah-Bonsu", "NAB" of "Nana Ama Boateng". With ``unwritten_middle``, three letters may
    hold the initial of a middle name the text leaves out: "GWP" of "Gwenllian Pritchard"."""
    firsts = [_bare(w[0]).upper() for w in re.split(r"[\s\-]+", name) if w[:1].isalpha()]
    if not firsts or firsts[0] != initials[0]:
        return False
    if unwritten_middle and len(firsts) == 2 and len(initials) == 3 and initials[2] == firsts[1]:
        return True
    k = 1
    for c in initials[1:]:
        while k < len(firsts) and firsts[k] != c:
            k += 1
        if k == len(firsts):
            return False
        k += 1
    return True


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


#: identifier types whose digit-only values are propagated to their other mentions
_NUMBER_TYPES = frozenset({"CASE_NUMBER", "ACCOUNT_NUMBER", "NATIONAL_ID"})
# six digits or more, separators allowed inside, no date shape ("2025-03-14", "14.03.2025")
_LONG_NUMBER = re.compile(
    r"(?![0-9]{4}-[0-9]{2}-[0-9]{2}\Z|[0-9]{1,2}[./\-][0-9]{1,2}[./\-][0-9]{2,4}\Z)"
    r"(?=(?:[^0-9]*[0-9]){6})[0-9][0-9 ./\-]*[0-9]"
)


_IN_LONGER_NUMBER = re.compile(r"[0-9][ ./]\Z")
_IN_LONGER_NUMBER_AFTER = re.compile(r"[ ./][0-9]")


def _mentions(text: str, surfaces: Iterable[str]) -> list[tuple[int, int]]:
    """Where the ``surfaces`` occur in ``text`` as whole words, longest first, without overlap.

    A mention may not touch a word character, ``@`` or ``-`` on either side, nor follow a
    ``.`` (so "Kent" is found in "Kent's" and "(Kent)" but not in "Kentucky", "j.kent@" or
    "Smith-Kent"). Where mentions overlap, the earliest wins and, at one position, the longest:
    what one regex alternation of the surfaces, longest first, finds scanning left to right;
    written with ``str.find`` because such a regex would be compiled anew for every document.
    """
    found: list[tuple[int, int]] = []
    n = len(text)
    for surface in surfaces:
        k = len(surface)
        i = text.find(surface)
        while i >= 0:
            before = text[i - 1] if i else ""
            after = text[i + k] if i + k < n else ""
            if not (before and (_word_char(before) or before in "@.-")) and not (
                after and (_word_char(after) or after in "@-")
            ):
                found.append((i, i + k))
            i = text.find(surface, i + 1)
    found.sort(key=lambda se: (se[0], -se[1]))
    out: list[tuple[int, int]] = []
    reach = 0
    for start, end in found:
        if start >= reach:
            out.append((start, end))
            reach = end
    return out


_SENTENCE_START = re.compile(r"(?:\A|[.!?:\n][\"'\u201d\u2019)]?)[ \t]*\Z")
_PERSON_NEXT = re.compile(
    r"(?:['\u2019]s\b|[ \t]*[,:;)\-\u2013]|[ \t]+(?:is|was|has|had|will|would|can|could|may|"
    r"might|should|must|did|does|said|says|told|asked|wants|went|came|left|took|got|made|"
    r"lives|lived|works|worked|called|wrote|and|who|herself|himself)\b)"
)


def _reads_as_person(text: str, start: int, end: int) -> bool:
    """Whether a capitalised word that is also an English word reads as a name here: anywhere
    but a sentence start, or at a sentence start before a verb or punctuation ("Will is kind",
    "Summer, 15,"; not "Grace under pressure", "Hope springs")."""
    if not _SENTENCE_START.search(text, max(0, start - 4), start):
        return True
    return bool(_PERSON_NEXT.match(text, end))


@dataclass(frozen=True)
class TaggerSpec:
    """Picklable description of a tagger, rebuilt once per executor by :func:`build_tagger`.

    Attributes:
        ner_model: spaCy package name or model directory; None = no statistical NER.
        ner_batch_size: texts per ``nlp.pipe`` batch.
        chunk_chars: window length for long texts.
        chunk_overlap: overlap between windows.
        consistency: tag every mention of a tagged string.
        phone_regions: regions for phone numbers written without ``+``.
        policy_path: tier policy YAML; None = the packaged default.
    """

    ner_model: str | None = DEFAULT_MODEL
    ner_batch_size: int = 256
    chunk_chars: int = DEFAULT_CHUNK_CHARS
    chunk_overlap: int = DEFAULT_CHUNK_OVERLAP
    consistency: bool = True
    phone_regions: tuple[str, ...] = DEFAULT_REGIONS
    policy_path: str | None = None


@lru_cache(maxsize=4)
def build_tagger(spec: TaggerSpec) -> Tagger:
    """The tagger for ``spec``, built once per process (models and word lists load once)."""
    return Tagger(
        default_recognizers(spec.phone_regions, spec.ner_model, spec.ner_batch_size),
        policy=TierPolicy.load(spec.policy_path),
        chunk_chars=spec.chunk_chars,
        chunk_overlap=spec.chunk_overlap,
        consistency=spec.consistency,
    )
