"""Tag UDF: text -> struct of parallel arrays describing the tagged spans.

The tagger (recognizers, gazetteers) is built once per executor Python process and reused
for every batch; :func:`tag_series` is the plain function the tests call.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

import pandas as pd

from privtext.tagging.registry import Tagger

TAGS_DDL = (
    "starts array<int>, ends array<int>, types array<string>, scores array<double>, "
    "sources array<string>"
)


@lru_cache(maxsize=4)
def _tagger() -> Tagger:
    tagger = Tagger.default()
    return tagger


def tag_series(texts: pd.Series, tagger: Tagger | None = None) -> pd.DataFrame:
    """Tag every text of a Series; one row of span arrays per text."""
    tagger = tagger or _tagger()
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


def tag_udf():
    """Iterator pandas UDF: the tagger is loaded once per executor, then batches stream."""
    from pyspark.sql.functions import pandas_udf

    def _run(batches: Iterator[pd.Series]) -> Iterator[pd.DataFrame]:
        tagger = _tagger()
        for texts in batches:
            yield tag_series(texts, tagger)

    return pandas_udf(_run, returnType=TAGS_DDL)  # type: ignore[call-overload]
