"""Run the production tagger over a gold JSONL and score it (``privtext eval-tagger``).

The tagger is built exactly as the Spark jobs build it (:func:`build_tagger` on the config's
:class:`TaggerSpec`), and a predicted span counts for a tier only when the policy acts on it
(tier not ``none``, score at or above the entity's ``min_score``): the score measures what a
sanitize run would protect, not what some recognizer noticed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from privtext.tagging.evaluate import GoldDoc, PredSpan, TaggerScores, load_gold, misses, score
from privtext.tagging.policy import TierPolicy
from privtext.tagging.registry import Tagger, build_tagger


@dataclass
class EvalResult:
    """Scores, their Markdown report, and the tagging speed measured on the gold texts."""

    scores: TaggerScores
    markdown: str
    seconds: float
    chars: int


def predict(
    tagger: Tagger, policy: TierPolicy, docs: list[GoldDoc], batch_size: int = 256
) -> dict[str, list[PredSpan]]:
    """Tag every gold document; keep the spans the policy acts on, labelled with their tier.

    Args:
        tagger: the tagger.
        policy: the tier policy (tier and min_score per entity type).
        docs: the gold documents (only ``id`` and ``text`` are used).
        batch_size: documents per :meth:`Tagger.tag_batch` call.

    Returns:
        doc id -> predicted spans.
    """
    out: dict[str, list[PredSpan]] = {}
    for i in range(0, len(docs), batch_size):
        batch = docs[i : i + batch_size]
        for doc, spans in zip(batch, tagger.tag_batch([d.text for d in batch]), strict=True):
            preds = []
            for s in spans:
                rule = policy.rule_for(s.entity_type)
                if rule.tier == "none" or s.score < rule.min_score:
                    continue
                preds.append(PredSpan(s.start, s.end, rule.tier, s.entity_type))
            out[doc.id] = preds
    return out


def evaluate_tagger(gold_path: str, tagging: Any, show_misses: int = 0) -> EvalResult:
    """Score the tagger configured by ``tagging`` (a ``TaggingConfig``) on ``gold_path``.

    Args:
        gold_path: JSONL of ``{"id", "text", "spans": [{"start", "end", "tier", "label"}]}``.
        tagging: the ``tagging`` section of the run configuration.
        show_misses: list up to this many missed gold spans and false positives per tier in
            the report (they quote the gold text: for development data only).

    Returns:
        The scores and a Markdown report.
    """
    docs = load_gold(gold_path)
    spec = tagging.tagger_spec()
    tagger = build_tagger(spec)
    policy = TierPolicy.load(spec.policy_path)
    t = time.perf_counter()
    preds = predict(tagger, policy, docs)
    seconds = time.perf_counter() - t
    chars = sum(len(d.text) for d in docs)
    scores = score(docs, preds)
    lines = [
        f"# Tagger evaluation: {gold_path}",
        "",
        f"NER model: {spec.ner_model or 'none'}; {len(docs)} documents, {chars:,} characters, "
        f"tagged in {seconds:.1f} s ({chars / max(seconds, 1e-9):,.0f} chars/s, one process)",
        "",
        scores.to_markdown(),
    ]
    if show_misses > 0:
        for tier in ("PII", "PoII"):
            lines += ["", f"## Examples of misses and false positives ({tier})", ""]
            lines += [f"- {m}" for m in misses(docs, preds, tier, show_misses)]
    return EvalResult(scores, "\n".join(lines) + "\n", seconds, chars)
