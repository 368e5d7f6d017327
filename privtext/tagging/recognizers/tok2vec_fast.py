"""The token vectors of spaCy's CNN ``Tok2Vec`` in plain numpy, equal to thinc's bit for bit.

The NER's token vectors (``HashEmbed`` of NORM, PREFIX, SUFFIX and SHAPE, a maxout mixing
layer, a ``MaxoutWindowEncoder`` of residual window-maxout-layernorm blocks, then the linear
projection of the parser model) were about 30% of the tagger's time on one core. Half of that
was not the matrix products but thinc's generic per-layer work: a Python layer stack, the
``seq2col`` copy and the maxout reduction over a strided axis. :class:`FastTok2Vec` runs the
same arithmetic with the maxout weights reordered piece-major (so the maximum is taken over
three contiguous blocks) and the window columns built with three slice copies; every matrix
product has the shapes and operand order of thinc's, so the output is identical, not merely
close. A token's embedding and mixing depend only on its four attribute ids, so they run once
per distinct row of ids in the batch (about a quarter of the tokens of documents; the rows
are the same, so the result is too). It is about 2x faster than ``model.predict`` on the
labelled sets.

:meth:`FastTok2Vec.from_model` accepts only the exact layer sequence above and then checks
itself against ``model.predict`` on a probe batch; on any difference (another spaCy or thinc
version, another architecture) it returns ``None`` and thinc runs the model as before.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

_LEAVES = (
    ["extract_features"]
    + ["hashembed"] * 4
    + ["maxout", "layernorm"]
    + ["expand_window", "maxout", "layernorm"] * 4
    + ["linear"]
)
_PROBE = (
    "Dear Ms Nowak, your claim CL-2291 of 3 March 2024 was paid to Barclays in Leeds.",
    "",
    "ok",
    "Dr Amara Okafor (54) moved from Lagos to 14 Elm Road, Bristol BS1 4DJ.\n\nThanks, Tom",
)


def _leaves(node: Any) -> list[Any]:
    if not node.layers:
        return [node]
    return [leaf for child in node.layers for leaf in _leaves(child)]


class _Maxout:
    """A thinc ``Maxout`` with its weights reordered so that piece ``p`` is a column block."""

    def __init__(self, node: Any) -> None:
        n_out, n_pieces, n_in = (int(node.get_dim(d)) for d in ("nO", "nP", "nI"))
        w = np.asarray(node.get_param("W"), dtype=np.float32).reshape(n_out, n_pieces, n_in)
        b = np.asarray(node.get_param("b"), dtype=np.float32).reshape(n_out, n_pieces)
        self.n_out, self.n_pieces = n_out, n_pieces
        # thinc's operands exactly: x times the transposed view of the (nO * nP, nI) weights
        # (a BLAS may round a product differently for another layout of the same numbers)
        self.w = np.ascontiguousarray(w.reshape(n_out * n_pieces, n_in))
        self.b = np.ascontiguousarray(b.reshape(n_out * n_pieces))

    def __call__(self, x: np.ndarray) -> np.ndarray:
        y = np.dot(x, self.w.T)
        y += self.b
        k = self.n_pieces  # piece p of output o is column o * nP + p
        out = np.maximum(y[:, 0::k], y[:, 1::k])
        for p in range(2, k):
            np.maximum(out, y[:, p::k], out=out)
        return out


class _LayerNorm:
    """thinc's ``LayerNorm`` forward, the same numpy operations in the same order."""

    def __init__(self, node: Any) -> None:
        self.g = np.asarray(node.get_param("G"), dtype=np.float32)
        self.b = np.asarray(node.get_param("b"), dtype=np.float32)

    def __call__(self, x: np.ndarray) -> np.ndarray:
        mu = x.mean(axis=1, keepdims=True)
        var = x.var(axis=1, keepdims=True) + 1e-08
        y = (x - mu) * var ** (-1.0 / 2.0) * self.g
        y += self.b
        return y


class FastTok2Vec:
    """Token vectors of a batch of spaCy ``Doc`` objects, as ``tok2vec.predict`` returns them.

    Build it with :meth:`from_model`, which returns ``None`` for a model it does not cover.
    """

    def __init__(self, model: Any, dedup: bool = True) -> None:
        from spacy.attrs import IDS

        self.dedup = dedup
        leaves = [n for n in _leaves(model) if n.name in set(_LEAVES)]
        if [n.name for n in leaves] != _LEAVES:
            raise ValueError(f"unexpected tok2vec layers: {[n.name for n in leaves]}")
        self._ops = model.ops
        self._columns = [IDS[c] if isinstance(c, str) else c for c in leaves[0].attrs["columns"]]
        self._embed = []
        for k, node in enumerate(leaves[1:5]):
            if int(node.attrs.get("column", k)) != k:
                raise ValueError("hash embeddings out of column order")
            table = np.asarray(node.get_param("E"), dtype=np.float32)
            self._embed.append((table, int(node.attrs["seed"])))
        self._mix = (_Maxout(leaves[5]), _LayerNorm(leaves[6]))
        self._blocks = []
        for i in range(4):
            window, mo, ln = leaves[7 + 3 * i : 10 + 3 * i]
            self._blocks.append((int(window.attrs["window_size"]), _Maxout(mo), _LayerNorm(ln)))
        pads = [n.attrs["pad"] for n in model.walk() if n.name.startswith("with_array(residual")]
        if len(pads) != 1:
            raise ValueError("no single encoder with_array layer")
        self._pad = int(pads[0])
        linear = leaves[-1]
        self._w_out = np.ascontiguousarray(np.asarray(linear.get_param("W"), np.float32))
        self._b_out = np.asarray(linear.get_param("b"), dtype=np.float32)

    @classmethod
    def from_model(cls, model: Any, make_doc: Any) -> FastTok2Vec | None:
        """The fast path for ``model`` if it covers it *and* gives ``model.predict``'s output.

        With the embedding of distinct rows only when that is exact on this machine: some BLAS
        kernels (OpenBLAS's AVX-512 ones) round a row of a product differently with the number
        of rows or the row's place, and then only thinc's own matrices give thinc's numbers.
        """
        try:
            probe = [make_doc(t) for t in _PROBE]
            expected = np.asarray(model.predict(probe))
            for dedup in (True, False):
                fast = cls(model, dedup)
                if np.array_equal(fast(probe), expected):
                    return fast
            log.info("thinc computes the token vectors: the fast path differs on the probe")
        except Exception as exc:  # an unfamiliar model: thinc runs it
            log.info("thinc computes the token vectors (%s: %s)", type(exc).__name__, exc)
        return None

    def __call__(self, docs: Sequence[Any]) -> np.ndarray:
        lengths = [len(d) for d in docs]
        ids = np.concatenate([d.to_array(self._columns) for d in docs]).astype(np.uint64)
        # A token's embedding depends only on its four attribute ids: embed and mix each
        # distinct row once (about a quarter of the tokens of a batch of documents).
        uniq, inverse = _unique_rows(ids) if self.dedup else (ids, None)
        x = np.concatenate(
            [
                self._ops.gather_add(table, self._ops.hash(np.ascontiguousarray(uniq[:, k]), seed)
                                     % table.shape[0])
                for k, (table, seed) in enumerate(self._embed)
            ],
            axis=1,
        )  # fmt: skip
        maxout, norm = self._mix
        x = norm(maxout(x))
        if inverse is not None:
            x = x[inverse]
        # thinc's with_array(pad=...): pad rows before every document and after the last one
        pad = self._pad
        width = x.shape[1]
        n_docs = sum(1 for n in lengths if n)
        h = np.zeros((sum(lengths) + pad * (n_docs + 1), width), dtype=np.float32)
        keep = np.empty(sum(lengths), dtype=np.int64)
        src = dst = 0
        for n in lengths:
            if n == 0:
                continue  # thinc's flatten drops empty documents before padding
            dst += pad
            h[dst : dst + n] = x[src : src + n]
            keep[src : src + n] = np.arange(dst, dst + n)
            src += n
            dst += n
        for window, maxout, norm in self._blocks:
            h = h + norm(maxout(_seq2col(h, window)))
        y = np.dot(h[keep], self._w_out.T)
        y += self._b_out
        return y


_MIX = np.array(
    [0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0x27D4EB2F165667C5], np.uint64
)


def _unique_rows(ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of ``ids`` (uint64, four columns) and each row's index among them.

    Rows are told apart by one mixed 64-bit key (a 1-D ``np.unique``, ten times faster than
    ``np.unique(axis=0)``); the result is checked row by row, and a key shared by two different
    rows falls back to the exact ``axis=0`` form.
    """
    key = np.bitwise_xor.reduce(ids * _MIX[: ids.shape[1]], axis=1)
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    uniq = ids[first]
    if not np.array_equal(uniq[inverse], ids):
        uniq, inverse = np.unique(ids, axis=0, return_inverse=True)
    return uniq, inverse.reshape(-1)


def _seq2col(x: np.ndarray, window: int) -> np.ndarray:
    """thinc's ``seq2col``: each row with ``window`` rows before and after it (zeros outside)."""
    n, d = x.shape
    k = 2 * window + 1
    out = np.zeros((n, k, d), dtype=x.dtype)
    for j in range(k):
        shift = j - window
        if shift < 0:
            out[-shift:, j] = x[: n + shift]
        elif shift > 0:
            out[: n - shift, j] = x[shift:]
        else:
            out[:, j] = x
    return out.reshape(n, k * d)
