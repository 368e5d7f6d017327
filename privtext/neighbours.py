"""Nearest-candidate search for Laplace-NN: exact (blocked BLAS) or approximate (faiss).

Laplace-NN releases ``NN(phi(x) + eta)``. The nearest-neighbour step is **post-processing** of
the noisy vector ``z = phi(x) + eta``: its input is ``z`` and the candidate set ``C``, which is
fixed and public (it never depends on the input words), and an approximate index is a
deterministic function of ``C`` and its build parameters. For any map ``f`` that does not look at
``x``, ``P[f(z) = y | x] = integral of 1[f(z) = y] p(z | x) dz <= exp(eps d(x, x')) P[f(z) = y |
x']`` because the density inequality holds pointwise in ``z``. So replacing the exact search by
an approximate index leaves the metric-DP guarantee unchanged; what it costs is utility: with
probability ``1 - recall@1`` the output is a near, not the nearest, candidate.
:func:`recall_at_1` measures that against the exact search, and the run records it.

Two approximate indexes:

* :class:`HnswIndex` wraps ``faiss.IndexHNSWFlat`` (L2) built over the candidate vectors, with
  ``M`` links per node, ``ef_construction`` at build and ``ef_search`` at query time.
* :class:`IvfPqIndex` is faiss's ``IVF{nlist},PQ{n}x4fs,RFlat``: k-means cells over ``C``; in
  the ``nprobe`` cells nearest the query, 4-bit product-quantised codes (one sub-quantiser per
  dimension) scanned with SIMD lookup tables ("fast scan"); the best ``k_factor * k`` of them
  re-ranked with exact float32 distances. Noisy Laplace points at small ``eps`` lie far from
  every word, where a proximity graph is weakest; a bounded scan of a tenth of ``C`` with
  exact re-ranking keeps recall@1 high there (BENCHMARKS.md).

faiss runs single-threaded here (one Spark task per core). Indexes are cached per process and
can be saved next to the candidate set (``.faiss``) so executors load rather than rebuild them.
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from privtext.embeddings import CandidateSet, nearest
from privtext.errors import ConfigError

INDEX_KINDS = ("exact", "hnsw", "ivfpq")


class NeighbourIndex(Protocol):
    """Finds the ``k`` nearest candidates of each query vector."""

    kind: str

    def search(self, queries: np.ndarray, k: int = 1) -> tuple[np.ndarray, np.ndarray]:
        """``(idx, dist)``: int64 ``[m, k]`` candidate positions and float32 distances."""
        ...


class ExactIndex:
    """Exact search: blocked float32 matrix products over all of ``C``."""

    kind = "exact"

    def __init__(self, cands: CandidateSet) -> None:
        self.cands = cands

    def search(self, queries: np.ndarray, k: int = 1) -> tuple[np.ndarray, np.ndarray]:
        """Exact ``k`` nearest candidates (see :func:`privtext.embeddings.nearest`)."""
        return nearest(self.cands, queries, k=k)


def _check_positive_ints(params: object, prefix: str) -> None:
    """Every field of the dataclass ``params`` is an integer >= 1 (else ConfigError)."""
    for name in params.__dataclass_fields__:  # type: ignore[attr-defined]
        v = getattr(params, name)
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ConfigError(f"{prefix}.{name} must be an integer >= 1, got {v!r}")


@dataclass(frozen=True)
class HnswParams:
    """HNSW build and query parameters.

    Attributes:
        m: links per node (``M``).
        ef_construction: candidate-list size while building.
        ef_search: candidate-list size while searching (recall grows with it).
    """

    m: int = 32
    ef_construction: int = 200
    ef_search: int = 128

    def __post_init__(self) -> None:
        _check_positive_ints(self, "hnsw")


class _FaissIndex(ABC):
    """Search, save and load shared by the faiss indexes; a subclass builds ``self.index``
    (None: the set is searched exactly)."""

    kind: str
    cands: CandidateSet
    index: Any

    @abstractmethod
    def __init__(self, cands: CandidateSet, params: Any = None, index: Any = None) -> None:
        """Build the faiss index over ``cands``, or adopt a loaded ``index``."""

    def search(self, queries: np.ndarray, k: int = 1) -> tuple[np.ndarray, np.ndarray]:
        """Approximate ``k`` nearest candidates (distances are Euclidean, not squared)."""
        q = np.ascontiguousarray(queries, dtype=np.float32)
        if q.ndim != 2 or q.shape[1] != self.cands.dim:
            raise ValueError(f"queries must have shape (m, {self.cands.dim}), got {q.shape}")
        if self.index is None:
            return nearest(self.cands, q, k=k)
        d2, idx = self.index.search(q, k)
        rows = (idx < 0).any(axis=1)
        if rows.any():  # the index returned fewer than k: fill those rows from the exact search
            ex_idx, ex_d = nearest(self.cands, q[rows], k=k)
            idx[rows] = ex_idx
            d2[rows] = ex_d**2
        return idx.astype(np.int64), np.sqrt(np.maximum(d2, 0.0)).astype(np.float32)

    def save(self, path: str | Path) -> None:
        """Write the index (``faiss.write_index``) next to its candidate set."""
        import faiss

        if self.index is None:
            raise ConfigError(f"{self.kind}: a set this small is searched exactly, nothing to save")
        faiss.write_index(self.index, str(path))

    @classmethod
    def load(cls, path: str | Path, cands: CandidateSet, params: Any = None) -> Any:
        """Read an index written by :meth:`save` for the same candidate set."""
        import faiss

        return cls(cands, params, index=faiss.read_index(str(path)))


class HnswIndex(_FaissIndex):
    """Approximate search with faiss ``IndexHNSWFlat`` (L2) over the candidate vectors."""

    kind = "hnsw"

    def __init__(self, cands: CandidateSet, params: HnswParams | None = None, index=None) -> None:
        import faiss

        faiss.omp_set_num_threads(1)
        self.cands = cands
        self.params = params or HnswParams()
        if index is None:
            vecs = np.ascontiguousarray(cands.vectors, dtype=np.float32)
            index = faiss.IndexHNSWFlat(cands.dim, self.params.m)
            index.hnsw.efConstruction = self.params.ef_construction
            index.add(vecs)
        if index.ntotal != len(cands) or index.d != cands.dim:
            raise ConfigError(
                f"HNSW index has {index.ntotal} vectors of dim {index.d}, the candidate set "
                f"{len(cands)} of dim {cands.dim}"
            )
        index.hnsw.efSearch = self.params.ef_search
        self.index = index


@dataclass(frozen=True)
class IvfPqParams:
    """IVF + 4-bit fast-scan PQ + exact re-rank parameters.

    Attributes:
        nlist: k-means cells (capped at ``|C| / 39`` so each cell has training points).
        nprobe: cells scanned per query (recall grows with it; capped at ``nlist``).
        k_factor: the scan's best ``k_factor * k`` codes are re-ranked exactly.
    """

    nlist: int = 256
    nprobe: int = 48
    k_factor: int = 16

    def __post_init__(self) -> None:
        _check_positive_ints(self, "ivfpq")


# below this many candidates the exact blocked search is faster than any index (and k-means /
# 4-bit PQ training needs points), so IvfPqIndex answers exactly
IVFPQ_MIN_CANDIDATES = 4_096


class IvfPqIndex(_FaissIndex):
    """Approximate search with faiss ``IVF{nlist},PQ{dim}x4fs,RFlat`` (L2).

    Sets smaller than :data:`IVFPQ_MIN_CANDIDATES` are searched exactly.
    """

    kind = "ivfpq"

    def __init__(self, cands: CandidateSet, params: IvfPqParams | None = None, index=None) -> None:
        import faiss

        faiss.omp_set_num_threads(1)
        self.cands = cands
        self.params = params or IvfPqParams()
        if len(cands) < IVFPQ_MIN_CANDIDATES:
            self.index = None
            return
        if index is None:
            vecs = np.ascontiguousarray(cands.vectors, dtype=np.float32)
            nlist = max(1, min(self.params.nlist, len(cands) // 39))
            index = faiss.index_factory(cands.dim, f"IVF{nlist},PQ{cands.dim}x4fs,RFlat")
            index.train(vecs)  # k-means and PQ training are seeded (faiss default seed)
            index.add(vecs)
        if index.ntotal != len(cands) or index.d != cands.dim:
            raise ConfigError(
                f"IVF-PQ index has {index.ntotal} vectors of dim {index.d}, the candidate set "
                f"{len(cands)} of dim {cands.dim}"
            )
        ivf = faiss.extract_index_ivf(index)
        ivf.nprobe = min(self.params.nprobe, ivf.nlist)
        refine: Any = faiss.downcast_index(index)
        refine.k_factor = float(self.params.k_factor)
        self.index = index


def index_params(
    kind: str, hnsw: tuple[int, int, int], ivfpq: tuple[int, int, int]
) -> HnswParams | IvfPqParams | None:
    """The parameter object of ``kind`` from the config's plain tuples (None for ``exact``)."""
    if kind == "hnsw":
        return HnswParams(*hnsw)
    if kind == "ivfpq":
        return IvfPqParams(*ivfpq)
    return None


_APPROX: dict[str, tuple[type[_FaissIndex], type]] = {
    "hnsw": (HnswIndex, HnswParams),
    "ivfpq": (IvfPqIndex, IvfPqParams),
}


def _approx_class(kind: str, params: object) -> type[_FaissIndex]:
    """The index class of an approximate ``kind``, with ``params`` checked against it."""
    if kind not in _APPROX:
        raise ConfigError(f"an approximate index is hnsw or ivfpq, got {kind!r}")
    cls, params_cls = _APPROX[kind]
    if params is not None and not isinstance(params, params_cls):
        raise ConfigError(f"{kind} needs {params_cls.__name__}, got {type(params).__name__}")
    return cls


def make_index(
    kind: str, cands: CandidateSet, params: HnswParams | IvfPqParams | None = None
) -> _FaissIndex:
    """Build a fresh approximate index of ``kind`` (``hnsw`` or ``ivfpq``) over ``cands``."""
    return _approx_class(kind, params)(cands, params)


def recall_at_1(index: NeighbourIndex, cands: CandidateSet, queries: np.ndarray) -> float:
    """Share of queries whose approximate nearest candidate is the exact nearest one.

    A query whose exact first and second neighbours are at the same distance counts as found
    when the index returns either.
    """
    q = np.ascontiguousarray(queries, dtype=np.float32)
    ex_idx, ex_d = nearest(cands, q, k=2)
    ap_idx, ap_d = index.search(q, 1)
    hit = (ap_idx[:, 0] == ex_idx[:, 0]) | (np.abs(ap_d[:, 0] - ex_d[:, 0]) <= 1e-5 * ex_d[:, 0])
    return float(hit.mean()) if len(hit) else 1.0


def noisy_queries(cands: CandidateSet, eps: float, n: int = 2_000, seed: int = 0) -> np.ndarray:
    """Public diagnostic queries: candidate vectors plus Laplace-NN noise at ``eps``.

    Drawn from numpy's seeded generator, never from a run's secret key: they only measure how
    often the approximate search returns the exact nearest candidate.
    """
    from privtext.mechanisms.laplace_nn import laplace_uniforms_per_token, noise_vectors

    rng = np.random.default_rng(seed)
    rows = rng.integers(0, len(cands), size=min(n, max(len(cands), 1)))
    u = rng.random((len(rows), laplace_uniforms_per_token(cands.dim)))
    u = np.clip(u, 1e-12, 1 - 1e-12)
    return (cands.vectors[rows].astype(np.float64) + noise_vectors(u, eps, cands.dim)).astype(
        np.float32
    )


_LOCK = threading.Lock()
_CACHE: dict[tuple[str, str, HnswParams | IvfPqParams | None], NeighbourIndex] = {}


def build_index(
    kind: str,
    cands: CandidateSet,
    params: HnswParams | IvfPqParams | None = None,
    path: str | None = None,
) -> NeighbourIndex:
    """The index of ``kind`` for ``cands``, built or loaded once per process.

    Args:
        kind: ``exact``, ``hnsw`` or ``ivfpq``.
        cands: the candidate set.
        params: the index's parameters (``HnswParams`` / ``IvfPqParams``; ignored for ``exact``).
        path: a saved approximate index to load (built and not saved when absent).

    Raises:
        ConfigError: unknown kind.
    """
    if kind not in INDEX_KINDS:
        raise ConfigError(f"perturb.index must be one of {INDEX_KINDS}, got {kind!r}")
    cls = None if kind == "exact" else _approx_class(kind, params)
    key = (kind, cands.fingerprint, params if cls is not None else None)
    with _LOCK:
        idx = _CACHE.get(key)
        if idx is None:
            if cls is None:
                idx = ExactIndex(cands)
            elif path and Path(path).exists():
                idx = cls.load(path, cands, params)
            else:
                idx = cls(cands, params)
            _CACHE[key] = idx
        return idx
