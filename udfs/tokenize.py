"""Tokenize UDF: text -> struct of parallel arrays (starts, ends, norms).

The plain function :func:`tokenize_series` works on a ``pd.Series`` and is what the tests call;
:func:`tokenize_udf` wraps it as an Arrow-batched pandas UDF.
"""

from __future__ import annotations

import pandas as pd

from privtext.tokenizer import tokenize

TOKENS_DDL = "starts array<int>, ends array<int>, norms array<string>"


def tokenize_series(texts: pd.Series) -> pd.DataFrame:
    """Tokenize every text of a Series; one row of (starts, ends, norms) per text."""
    starts, ends, norms = [], [], []
    for text in texts:
        tk = tokenize(text if isinstance(text, str) else "")
        starts.append(tk.starts)
        ends.append(tk.ends)
        norms.append(tk.norms)
    return pd.DataFrame({"starts": starts, "ends": ends, "norms": norms})


def tokenize_udf():
    """The pandas UDF (created lazily so importing this module needs no SparkContext)."""
    from pyspark.sql.functions import pandas_udf

    return pandas_udf(tokenize_series, returnType=TOKENS_DDL)  # type: ignore[call-overload]
