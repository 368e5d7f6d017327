"""Score tagger predictions against a labelled gold set (no Spark needed).

Gold data is JSONL, one document a line::

    {"id": "real-echr-01", "text": "...", "spans": [
        {"start": 15, "end": 27, "tier": "PII", "label": "PERSON"}, ...]}

Tiers are ``PII`` (direct identifiers) and ``PoII`` (quasi-identifiers); labels are free-form
strings used only for the per-label breakdown. :func:`load_gold` validates every field and names
the line, field and bad value when something is wrong.

Metrics, computed separately per tier ``T`` (see :class:`TierScores`):

* **exact**: a predicted span is correct when a gold span of tier ``T`` has the same start and
  end. Spans are de-duplicated on ``(start, end)`` first, so two recognizers reporting the same
  span count once.
* **token overlap**: every text is split with :func:`privtext.tokenizer.tokenize`; a token is
  *gold-T* when it overlaps a gold span of tier ``T`` and *pred-T* when it overlaps a predicted
  span of tier ``T``. Precision ``|gold-T ∩ pred-T| / |pred-T|``, recall
  ``|gold-T ∩ pred-T| / |gold-T|``, both micro-averaged over all documents. An off-by-one
  boundary is wrong for *exact* but right for *token overlap*.
* **protected recall**: share of gold-T tokens overlapped by a prediction of *any* tier (a PII
  name tagged PoII is still replaced by the sanitizer, just under a different treatment).
* **character coverage**: share of gold-T non-whitespace characters inside a predicted span of
  tier ``T``; :attr:`TaggerScores.pii_char_coverage` is the PII value.
* **per label**: token-overlap recall (and protected recall) by gold label.

A ratio whose denominator is zero (no gold spans of a tier, nothing predicted) is reported as
``None`` rather than as 0, 1 or NaN; F1 is ``None`` when precision or recall is ``None`` and
0.0 when both are 0. ``to_dict`` keeps the raw counts next to every ratio so reports can be
merged or re-derived.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from privtext.errors import InputError
from privtext.tokenizer import tokenize

TIERS: tuple[str, ...] = ("PII", "PoII")

#: Quality bar the tagger must meet on realistic text (metric name -> minimum), per tier.
TARGETS: dict[str, dict[str, float]] = {
    "PII": {"token_recall": 0.95, "token_precision": 0.85, "char_coverage": 0.95},
    "PoII": {"token_recall": 0.90, "token_precision": 0.85},
}


@dataclass(frozen=True, slots=True)
class GoldSpan:
    """One labelled entity occurrence.

    Attributes:
        start: offset of the first character (inclusive).
        end: offset after the last character (exclusive).
        tier: ``"PII"`` or ``"PoII"``.
        label: entity label, e.g. ``"PERSON"`` or ``"ORG"``.
    """

    start: int
    end: int
    tier: str
    label: str


@dataclass(frozen=True, slots=True)
class PredSpan:
    """One predicted span, already mapped to the tier the policy applies to it.

    Attributes:
        start: offset of the first character (inclusive).
        end: offset after the last character (exclusive).
        tier: ``"PII"`` or ``"PoII"``.
        label: entity type the tagger reported (informational).
    """

    start: int
    end: int
    tier: str
    label: str


@dataclass(frozen=True)
class GoldDoc:
    """A labelled document.

    Attributes:
        id: unique document id.
        text: the document text.
        spans: gold spans sorted by start, non-overlapping.
    """

    id: str
    text: str
    spans: list[GoldSpan]

    def to_json(self) -> dict[str, Any]:
        """The JSONL record of this document (the format :func:`load_gold` reads)."""
        return {
            "id": self.id,
            "text": self.text,
            "spans": [
                {"start": s.start, "end": s.end, "tier": s.tier, "label": s.label}
                for s in self.spans
            ],
        }


# --------------------------------------------------------------------------------------------
# Loading and validation
# --------------------------------------------------------------------------------------------


def validate_spans(text: str, spans: Sequence[GoldSpan], where: str) -> None:
    """Check that gold spans fit ``text``, have a known tier and do not overlap.

    Args:
        text: the document text.
        spans: its gold spans (any order).
        where: prefix for error messages, e.g. ``"gold.jsonl:12"``.

    Raises:
        InputError: naming the span index, field and value of the first problem found.
    """
    for i, s in enumerate(spans):
        if s.tier not in TIERS:
            raise InputError(f"{where}: field 'spans[{i}].tier' = {s.tier!r} not in {TIERS}")
        if not isinstance(s.label, str) or not s.label:
            raise InputError(f"{where}: field 'spans[{i}].label' = {s.label!r} must be non-empty")
        if s.start < 0:
            raise InputError(f"{where}: field 'spans[{i}].start' = {s.start} is negative")
        if s.end > len(text):
            raise InputError(
                f"{where}: field 'spans[{i}].end' = {s.end} exceeds len(text) = {len(text)}"
            )
        if s.start >= s.end:
            raise InputError(
                f"{where}: field 'spans[{i}].start' = {s.start} must be < end = {s.end}"
            )
        if not text[s.start : s.end].strip():
            raise InputError(
                f"{where}: field 'spans[{i}]' = [{s.start}, {s.end}) covers only whitespace"
            )
    order = sorted(range(len(spans)), key=lambda k: (spans[k].start, spans[k].end))
    for a, b in zip(order, order[1:], strict=False):
        if spans[b].start < spans[a].end:
            raise InputError(
                f"{where}: field 'spans[{b}]' = [{spans[b].start}, {spans[b].end}) overlaps "
                f"'spans[{a}]' = [{spans[a].start}, {spans[a].end})"
            )


def _field_int(obj: Mapping[str, Any], key: str, where: str, name: str) -> int:
    if key not in obj:
        raise InputError(f"{where}: field '{name}' is missing")
    v = obj[key]
    if isinstance(v, bool) or not isinstance(v, int):
        raise InputError(f"{where}: field '{name}' = {v!r} must be an integer")
    return v


def _field_str(obj: Mapping[str, Any], key: str, where: str, name: str) -> str:
    if key not in obj:
        raise InputError(f"{where}: field '{name}' is missing")
    v = obj[key]
    if not isinstance(v, str):
        raise InputError(f"{where}: field '{name}' = {v!r} must be a string")
    return v


def parse_gold_record(record: Any, where: str) -> GoldDoc:
    """Validate one decoded JSONL record and build the :class:`GoldDoc`.

    Args:
        record: the decoded JSON value.
        where: prefix for error messages (file and line).

    Returns:
        The document, spans sorted by start.

    Raises:
        InputError: naming the field and value of the first problem.
    """
    if not isinstance(record, dict):
        raise InputError(f"{where}: line must be a JSON object, got {type(record).__name__}")
    doc_id = _field_str(record, "id", where, "id")
    if not doc_id:
        raise InputError(f"{where}: field 'id' = '' must be non-empty")
    text = _field_str(record, "text", where, "text")
    raw_spans = record.get("spans")
    if not isinstance(raw_spans, list):
        raise InputError(f"{where}: field 'spans' = {raw_spans!r} must be a list")
    spans: list[GoldSpan] = []
    for i, rs in enumerate(raw_spans):
        name = f"spans[{i}]"
        if not isinstance(rs, dict):
            raise InputError(f"{where}: field '{name}' = {rs!r} must be an object")
        start = _field_int(rs, "start", where, f"{name}.start")
        end = _field_int(rs, "end", where, f"{name}.end")
        tier = _field_str(rs, "tier", where, f"{name}.tier")
        label = _field_str(rs, "label", where, f"{name}.label")
        spans.append(GoldSpan(start, end, tier, label))
    validate_spans(text, spans, where)
    spans.sort(key=lambda s: (s.start, s.end))
    return GoldDoc(doc_id, text, spans)


def load_gold(path: str | Path) -> list[GoldDoc]:
    """Read and validate a gold JSONL file.

    Blank lines are skipped. Every record needs ``id`` (non-empty, unique), ``text`` and
    ``spans``; every span needs integer ``start < end <= len(text)``, a tier in :data:`TIERS`
    and a non-empty ``label``; spans of one document may not overlap.

    Args:
        path: the JSONL file.

    Returns:
        The documents in file order.

    Raises:
        InputError: the file is missing or a line is invalid; the message names the line
            number, the field and the value.
    """
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise InputError(f"gold file {str(p)!r} cannot be read: {e}") from e
    docs: list[GoldDoc] = []
    seen: dict[str, int] = {}
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{p}:{lineno}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            raise InputError(f"{where}: not valid JSON ({e.msg} at column {e.colno})") from e
        doc = parse_gold_record(record, where)
        if doc.id in seen:
            raise InputError(
                f"{where}: field 'id' = {doc.id!r} duplicates the id on line {seen[doc.id]}"
            )
        seen[doc.id] = lineno
        docs.append(doc)
    return docs


def write_gold(path: str | Path, docs: Iterable[GoldDoc]) -> int:
    """Write documents as gold JSONL (the format :func:`load_gold` reads).

    Args:
        path: output file (parent folders are created).
        docs: the documents.

    Returns:
        The number of documents written.
    """
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with p.open("w", encoding="utf-8") as fh:
        for d in docs:
            fh.write(json.dumps(d.to_json(), ensure_ascii=False) + "\n")
            n += 1
    return n


# --------------------------------------------------------------------------------------------
# Scores
# --------------------------------------------------------------------------------------------


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def _f1(p: float | None, r: float | None) -> float | None:
    if p is None or r is None:
        return None
    return 0.0 if p + r == 0 else 2 * p * r / (p + r)


def _fmt(v: float | None) -> str:
    return "n/a" if v is None else f"{v:.3f}"


@dataclass
class PRF:
    """Precision/recall/F1 from raw counts.

    Attributes:
        tp_pred: predicted units that are correct (precision numerator).
        n_pred: predicted units (precision denominator).
        tp_gold: gold units that were found (recall numerator).
        n_gold: gold units (recall denominator).
    """

    tp_pred: int = 0
    n_pred: int = 0
    tp_gold: int = 0
    n_gold: int = 0

    @property
    def precision(self) -> float | None:
        """``tp_pred / n_pred``; None when nothing was predicted."""
        return _ratio(self.tp_pred, self.n_pred)

    @property
    def recall(self) -> float | None:
        """``tp_gold / n_gold``; None when there is no gold."""
        return _ratio(self.tp_gold, self.n_gold)

    @property
    def f1(self) -> float | None:
        """Harmonic mean; None when precision or recall is None, 0.0 when both are 0."""
        return _f1(self.precision, self.recall)

    def to_dict(self) -> dict[str, Any]:
        """Ratios and counts as a JSON-serialisable dict."""
        return {
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
            "tp_pred": self.tp_pred,
            "n_pred": self.n_pred,
            "tp_gold": self.tp_gold,
            "n_gold": self.n_gold,
        }


@dataclass
class LabelRecall:
    """Token-overlap recall of one gold label.

    Attributes:
        gold_tokens: tokens overlapping gold spans with this label.
        found_tokens: of those, tokens overlapped by a prediction of the same tier.
        protected_tokens: of those, tokens overlapped by a prediction of any tier.
        gold_spans: gold spans with this label.
    """

    gold_tokens: int = 0
    found_tokens: int = 0
    protected_tokens: int = 0
    gold_spans: int = 0

    @property
    def recall(self) -> float | None:
        """Same-tier token recall; None when the label has no tokens."""
        return _ratio(self.found_tokens, self.gold_tokens)

    @property
    def protected_recall(self) -> float | None:
        """Any-tier token recall; None when the label has no tokens."""
        return _ratio(self.protected_tokens, self.gold_tokens)

    def to_dict(self) -> dict[str, Any]:
        """Ratios and counts as a JSON-serialisable dict."""
        return {
            "recall": self.recall,
            "protected_recall": self.protected_recall,
            "gold_tokens": self.gold_tokens,
            "found_tokens": self.found_tokens,
            "protected_tokens": self.protected_tokens,
            "gold_spans": self.gold_spans,
        }


@dataclass
class TierScores:
    """All metrics of one tier.

    Attributes:
        tier: ``"PII"`` or ``"PoII"``.
        exact: span-level exact-match counts.
        token: token-overlap counts.
        protected_tokens: gold tokens overlapped by a prediction of any tier.
        gold_chars: non-whitespace characters inside gold spans.
        covered_chars: of those, characters inside a predicted span of this tier.
        gold_spans: number of gold spans.
        pred_spans: number of predicted spans (after de-duplication).
        per_label: gold label -> token recall.
    """

    tier: str
    exact: PRF = field(default_factory=PRF)
    token: PRF = field(default_factory=PRF)
    protected_tokens: int = 0
    gold_chars: int = 0
    covered_chars: int = 0
    gold_spans: int = 0
    pred_spans: int = 0
    per_label: dict[str, LabelRecall] = field(default_factory=dict)

    @property
    def protected_recall(self) -> float | None:
        """Share of gold tokens overlapped by any prediction; None without gold tokens."""
        return _ratio(self.protected_tokens, self.token.n_gold)

    @property
    def char_coverage(self) -> float | None:
        """Share of gold non-whitespace characters covered by same-tier predictions."""
        return _ratio(self.covered_chars, self.gold_chars)

    def metric(self, name: str) -> float | None:
        """A metric by name as used in :data:`TARGETS` (``token_recall``, ``exact_f1``, ...).

        Args:
            name: ``{exact,token}_{precision,recall,f1}``, ``protected_recall`` or
                ``char_coverage``.

        Returns:
            The value (None when undefined).
        """
        if name in ("protected_recall", "char_coverage"):
            value: float | None = getattr(self, name)
            return value
        kind, _, what = name.partition("_")
        if kind not in ("exact", "token") or what not in ("precision", "recall", "f1"):
            raise KeyError(f"unknown metric {name!r}")
        prf: PRF = getattr(self, kind)
        result: float | None = getattr(prf, what)
        return result

    def to_dict(self) -> dict[str, Any]:
        """All ratios and counts as a JSON-serialisable dict."""
        return {
            "exact": self.exact.to_dict(),
            "token": self.token.to_dict(),
            "protected_recall": self.protected_recall,
            "protected_tokens": self.protected_tokens,
            "char_coverage": self.char_coverage,
            "gold_chars": self.gold_chars,
            "covered_chars": self.covered_chars,
            "gold_spans": self.gold_spans,
            "pred_spans": self.pred_spans,
            "per_label": {k: v.to_dict() for k, v in sorted(self.per_label.items())},
        }


@dataclass
class TaggerScores:
    """Scores of a tagger on a gold set.

    Attributes:
        docs: number of gold documents.
        tiers: tier -> its scores (always both tiers of :data:`TIERS`).
    """

    docs: int
    tiers: dict[str, TierScores]

    @property
    def pii_char_coverage(self) -> float | None:
        """Share of gold PII non-whitespace characters covered by PII predictions."""
        return self.tiers["PII"].char_coverage

    def check_targets(self, targets: Mapping[str, Mapping[str, float]] | None = None) -> list[str]:
        """Compare with a quality bar.

        Args:
            targets: tier -> metric name -> minimum; :data:`TARGETS` by default.

        Returns:
            One line per metric below its minimum (or undefined); empty when all pass.
        """
        failures = []
        for tier, wanted in (TARGETS if targets is None else targets).items():
            for name, minimum in wanted.items():
                value = self.tiers[tier].metric(name)
                if value is None or value < minimum:
                    failures.append(f"{tier} {name} = {_fmt(value)} < {minimum}")
        return failures

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable dict (undefined ratios are ``null``)."""
        return {
            "docs": self.docs,
            "pii_char_coverage": self.pii_char_coverage,
            "tiers": {t: s.to_dict() for t, s in self.tiers.items()},
            "targets_failed": self.check_targets(),
        }

    def to_markdown(self) -> str:
        """A Markdown report: one metrics table and one per-label table per tier."""
        lines = [f"Documents: {self.docs}", ""]
        for tier, s in self.tiers.items():
            lines += [
                f"### {tier}",
                "",
                f"Gold spans {s.gold_spans}, predicted spans {s.pred_spans}, gold tokens "
                f"{s.token.n_gold}, predicted tokens {s.token.n_pred}.",
                "",
                "| metric | precision | recall | F1 |",
                "|---|---:|---:|---:|",
                f"| exact span | {_fmt(s.exact.precision)} | {_fmt(s.exact.recall)} "
                f"| {_fmt(s.exact.f1)} |",
                f"| token overlap | {_fmt(s.token.precision)} | {_fmt(s.token.recall)} "
                f"| {_fmt(s.token.f1)} |",
                f"| protected (any tier) | | {_fmt(s.protected_recall)} | |",
                f"| character coverage | | {_fmt(s.char_coverage)} | |",
                "",
            ]
            if s.per_label:
                lines += [
                    "| gold label | spans | tokens | recall | protected recall |",
                    "|---|---:|---:|---:|---:|",
                ]
                for label, lr in sorted(s.per_label.items()):
                    lines.append(
                        f"| {label} | {lr.gold_spans} | {lr.gold_tokens} | {_fmt(lr.recall)} "
                        f"| {_fmt(lr.protected_recall)} |"
                    )
                lines.append("")
        failed = self.check_targets()
        if failed:
            lines += ["Targets not met: " + "; ".join(failed), ""]
        else:
            lines += ["All targets met.", ""]
        return "\n".join(lines).rstrip() + "\n"


# --------------------------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------------------------


def _token_mask(
    starts: np.ndarray, ends: np.ndarray, spans: Iterable[GoldSpan | PredSpan]
) -> np.ndarray:
    """Boolean mask of the tokens overlapping any of ``spans`` (tokens sorted, disjoint)."""
    mask = np.zeros(len(starts), dtype=bool)
    for s in spans:
        i = int(np.searchsorted(ends, s.start, side="right"))  # first token ending after start
        j = int(np.searchsorted(starts, s.end, side="left"))  # tokens starting before end
        if i < j:
            mask[i:j] = True
    return mask


def _char_mask(n: int, spans: Iterable[GoldSpan | PredSpan]) -> np.ndarray:
    mask = np.zeros(n, dtype=bool)
    for s in spans:
        mask[max(s.start, 0) : s.end] = True
    return mask


def _check_predictions(
    gold: Sequence[GoldDoc], predictions: Mapping[str, Sequence[PredSpan]]
) -> dict[str, GoldDoc]:
    by_id = {d.id: d for d in gold}
    if len(by_id) != len(gold):
        raise InputError("gold documents: field 'id' must be unique")
    for doc_id, preds in predictions.items():
        if doc_id not in by_id:
            raise InputError(f"predictions: document id {doc_id!r} is not in the gold set")
        n = len(by_id[doc_id].text)
        for i, p in enumerate(preds):
            if p.tier not in TIERS:
                raise InputError(
                    f"predictions[{doc_id!r}][{i}]: field 'tier' = {p.tier!r} not in {TIERS}"
                )
            if not 0 <= p.start < p.end <= n:
                raise InputError(
                    f"predictions[{doc_id!r}][{i}]: span [{p.start}, {p.end}) is not within "
                    f"0 <= start < end <= len(text) = {n}"
                )
    return by_id


def score(gold: Sequence[GoldDoc], predictions: Mapping[str, Sequence[PredSpan]]) -> TaggerScores:
    """Score predicted spans against the gold set.

    Args:
        gold: the gold documents.
        predictions: doc id -> predicted spans; a gold document without an entry has no
            predictions.

    Returns:
        Per-tier scores (see the module docstring for the definitions).

    Raises:
        InputError: a prediction names an unknown document or tier, or lies outside its text.
    """
    _check_predictions(gold, predictions)
    tiers = {t: TierScores(t) for t in TIERS}
    for doc in gold:
        preds = list(predictions.get(doc.id, ()))
        toks = tokenize(doc.text)
        starts, ends = toks.starts, toks.ends
        any_pred_tok = _token_mask(starts, ends, preds)
        nonspace = np.fromiter((not c.isspace() for c in doc.text), dtype=bool, count=len(doc.text))
        for t, ts in tiers.items():
            g_spans = [s for s in doc.spans if s.tier == t]
            p_spans = [p for p in preds if p.tier == t]
            # exact
            g_set = {(s.start, s.end) for s in g_spans}
            p_set = {(p.start, p.end) for p in p_spans}
            hit = len(g_set & p_set)
            ts.exact.tp_pred += hit
            ts.exact.tp_gold += hit
            ts.exact.n_pred += len(p_set)
            ts.exact.n_gold += len(g_set)
            ts.gold_spans += len(g_spans)
            ts.pred_spans += len(p_set)
            # token overlap
            g_tok = _token_mask(starts, ends, g_spans)
            p_tok = _token_mask(starts, ends, p_spans)
            both = int(np.count_nonzero(g_tok & p_tok))
            ts.token.tp_pred += both
            ts.token.tp_gold += both
            ts.token.n_pred += int(np.count_nonzero(p_tok))
            ts.token.n_gold += int(np.count_nonzero(g_tok))
            ts.protected_tokens += int(np.count_nonzero(g_tok & any_pred_tok))
            # characters
            g_chr = _char_mask(len(doc.text), g_spans) & nonspace
            p_chr = _char_mask(len(doc.text), p_spans)
            ts.gold_chars += int(np.count_nonzero(g_chr))
            ts.covered_chars += int(np.count_nonzero(g_chr & p_chr))
            # per label
            for label in sorted({s.label for s in g_spans}):
                of_label = [s for s in g_spans if s.label == label]
                lt = _token_mask(starts, ends, of_label)
                lr = ts.per_label.setdefault(label, LabelRecall())
                lr.gold_spans += len(of_label)
                lr.gold_tokens += int(np.count_nonzero(lt))
                lr.found_tokens += int(np.count_nonzero(lt & p_tok))
                lr.protected_tokens += int(np.count_nonzero(lt & any_pred_tok))
    return TaggerScores(docs=len(gold), tiers=tiers)


# --------------------------------------------------------------------------------------------
# Debugging output
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Miss:
    """A gold span the tagger missed (or only partly found), or a false-positive prediction.

    Attributes:
        kind: ``"missed"`` (no token found), ``"partial"`` (some tokens found) or
            ``"false_positive"`` (a prediction overlapping no gold token of the tier).
        doc_id: the document.
        start: span start.
        end: span end.
        surface: the span text.
        label: the gold label (misses) or the predicted label (false positives).
        context: up to 40 characters either side, the span in ``⟦ ⟧``, newlines as ``⏎``.
        note: for false positives, the gold span of the other tier it overlaps, if any.
    """

    kind: str
    doc_id: str
    start: int
    end: int
    surface: str
    label: str
    context: str
    note: str = ""

    def __str__(self) -> str:
        extra = f" ({self.note})" if self.note else ""
        return f"{self.kind} [{self.doc_id}] {self.label} {self.surface!r}{extra}: {self.context}"


def _context(text: str, start: int, end: int, width: int = 40) -> str:
    left = text[max(0, start - width) : start]
    right = text[end : end + width]
    out = f"{left}⟦{text[start:end]}⟧{right}"
    return out.replace("\r\n", "⏎").replace("\n", "⏎")


def misses(
    gold: Sequence[GoldDoc],
    predictions: Mapping[str, Sequence[PredSpan]],
    tier: str,
    limit: int = 20,
) -> list[Miss]:
    """Examples of what the tagger got wrong for one tier, for debugging.

    Args:
        gold: the gold documents.
        predictions: doc id -> predicted spans.
        tier: ``"PII"`` or ``"PoII"``.
        limit: at most this many misses/partials and at most this many false positives.

    Returns:
        Misses first (document order), then false positives.

    Raises:
        InputError: unknown tier or inconsistent predictions.
    """
    if tier not in TIERS:
        raise InputError(f"misses: field 'tier' = {tier!r} not in {TIERS}")
    _check_predictions(gold, predictions)
    missed: list[Miss] = []
    false_pos: list[Miss] = []
    for doc in gold:
        if len(missed) >= limit and len(false_pos) >= limit:
            break
        preds = [p for p in predictions.get(doc.id, ()) if p.tier == tier]
        g_spans = [s for s in doc.spans if s.tier == tier]
        toks = tokenize(doc.text)
        starts, ends = toks.starts, toks.ends
        p_tok = _token_mask(starts, ends, preds)
        g_tok = _token_mask(starts, ends, g_spans)
        for s in g_spans:
            if len(missed) >= limit:
                break
            own = _token_mask(starts, ends, [s])
            n_own = int(np.count_nonzero(own))
            n_hit = int(np.count_nonzero(own & p_tok))
            if n_own and n_hit < n_own:
                missed.append(
                    Miss(
                        "missed" if n_hit == 0 else "partial",
                        doc.id,
                        s.start,
                        s.end,
                        doc.text[s.start : s.end],
                        s.label,
                        _context(doc.text, s.start, s.end),
                    )
                )
        seen: set[tuple[int, int]] = set()
        for p in sorted(preds, key=lambda x: (x.start, x.end)):
            if len(false_pos) >= limit:
                break
            if (p.start, p.end) in seen:
                continue
            seen.add((p.start, p.end))
            own = _token_mask(starts, ends, [p])
            if np.count_nonzero(own & g_tok):
                continue
            other = [s for s in doc.spans if s.tier != tier and s.start < p.end and p.start < s.end]
            note = f"gold {other[0].tier} {other[0].label}" if other else ""
            false_pos.append(
                Miss(
                    "false_positive",
                    doc.id,
                    p.start,
                    p.end,
                    doc.text[p.start : p.end],
                    p.label,
                    _context(doc.text, p.start, p.end),
                    note,
                )
            )
    return missed + false_pos
