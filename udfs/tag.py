"""Tag UDF: text -> struct of parallel arrays describing the tagged spans.

The tagger (recognizers, gazetteers, the spaCy model) is built once per executor Python process
from a picklable :class:`~privtext.tagging.registry.TaggerSpec` and reused for every Arrow
batch; each batch goes through spaCy's ``nlp.pipe`` in one call. :func:`tag_series` is the
plain function the tests call on a ``pd.Series``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pandas as pd

from privtext.tagging.registry import Tagger, TaggerSpec, build_tagger

TAGS_DDL = (
    "starts array<int>, ends array<int>, types array<string>, scores array<double>, "
    "sources array<string>"
)


def tag_series(texts: pd.Series, tagger: Tagger | None = None) -> pd.DataFrame:
    """Tag every text of a Series; one row of span arrays per text (null text = no spans)."""
    tagger = tagger or build_tagger(TaggerSpec())
    clean = [t if isinstance(t, str) else "" for t in texts]
    rows = tagger.tag_batch(clean)
    return pd.DataFrame(
        {
            "starts": [[s.start for s in r] for r in rows],
            "ends": [[s.end for s in r] for r in rows],
            "types": [[s.entity_type for s in r] for r in rows],
            "scores": [[float(s.score) for s in r] for r in rows],
            "sources": [[s.source for s in r] for r in rows],
        }
    )


def tag_udf(spec: TaggerSpec | None = None):
    """Iterator pandas UDF: the tagger is loaded once per executor, then batches stream."""
    from pyspark.sql.functions import pandas_udf

    spec = spec or TaggerSpec()

    def _run(batches: Iterator[pd.Series]) -> Iterator[pd.DataFrame]:
        tagger = build_tagger(spec)
        for texts in batches:
            yield tag_series(texts, tagger)

    return pandas_udf(_run, returnType=TAGS_DDL)  # type: ignore[call-overload]
