"""Corpus vocabulary UDF: token norms -> embedding indices of the words that have one.

Used to add the corpus's own words to the candidate set (METHODS.md). Only indices leave the
executors (at most the embedding vocabulary size), never the words themselves.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pandas as pd

from privtext.embeddings import load_embeddings_cached


def vocab_indices_series(norms: pd.Series, lookup) -> pd.Series:
    """Distinct embedding indices (>= 0) present in each row's norms array."""
    out = []
    for arr in norms:
        if arr is None or len(arr) == 0:
            out.append(np.empty(0, dtype=np.int64))
            continue
        idx = lookup(list(arr))
        out.append(np.unique(idx[idx >= 0]))
    return pd.Series(out)


def vocab_indices_udf(embeddings: str):
    from pyspark.sql.functions import pandas_udf

    def _run(batches: Iterator[pd.Series]) -> Iterator[pd.Series]:
        emb = load_embeddings_cached(embeddings)
        for norms in batches:
            yield vocab_indices_series(norms, emb.lookup)

    return pandas_udf(_run, returnType="array<long>")  # type: ignore[call-overload]
