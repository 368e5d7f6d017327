"""Bayesian remapping of the exponential mechanism's output (METHODS.md, "Bayesian remapping").

With a *public* prior ``pi`` over the candidate set ``C`` (English word frequencies from the
``wordfreq`` package, :func:`public_log_prior`; never counts from the private corpus), an EM
output ``y`` has the posterior

.. math::

    P(x \\mid y) \\propto \\pi(x)\\, P(y \\mid x), \\qquad
    P(y \\mid x) = \\frac{e^{-\\varepsilon d(x, y) / 2}}{Z(x)}, \\qquad
    Z(x) = \\sum_{y' \\in C} e^{-\\varepsilon d(x, y') / 2},

with ``d`` the Euclidean embedding distance, and the remapped output is the posterior
medoid ``f(y) = argmin_{z in C} sum_x P(x | y) d(x, z)``. ``f`` depends only on
``(eps, C, pi)``, so it is computed once per (budget, candidate set) as a
:class:`RemapTable` and applied as a lookup, ``f(M(x))``: post-processing of an
``eps``-metric-DP output, so the guarantee is unchanged (the table reads no private data).

Computation (:func:`build_remap_table`), in blocks of rows so memory stays bounded (about
32 MiB of float64 work space whatever ``|C|``; never a dense ``|C| x |C|`` matrix):

1. ``log Z(x)`` for every ``x`` in ``C``, exactly in float64: rows of ``eps/2 d`` from
   :func:`~privtext.mechanisms.exponential.scaled_distances64` (self distance exactly 0),
   log-sum-exp.
2. For each ``y``: ``log P(x | y) = log pi(x) - eps d(x, y) / 2 - log Z(x) + const`` over all
   ``x`` in ``C``; the ``top_m`` most probable ``x`` are kept (``argpartition``), the posterior
   mass they capture is recorded, and the posterior is renormalised over them.
3. ``f(y)`` is the ``argmin`` over ``z`` *in that same top-``top_m`` support* of
   ``sum_x P(x | y) d(x, z)`` (one ``M x M`` distance block per ``y``, batched; float64 Gram
   expansion, the diagonal exactly 0). Ties go to the smallest candidate position.

Truncation. With ``top_m < |C|`` two approximations are made: the posterior is renormalised
over its ``top_m`` largest terms, and the minimiser is searched among those ``top_m`` words
only (a medoid of the truncated posterior, not over all of ``C``). The smallest captured mass
over all ``y`` is :attr:`RemapTable.min_mass` (1 when exact). With ``top_m >= |C|`` the table
is the exact ``f`` over all of ``C`` (a separate path: the posterior rows times distance blocks
of all of ``C``, ``O(|C|^3 n / B)`` flops for row blocks of ``B``; meant for small sets).

Cost. Steps 1 and 2 are each one pass of ``|C|^2`` float64 distances (matrix products of
augmented vectors, square root, exp); step 3 is ``|C| top_m^2 n`` flops. Measured (one BLAS
thread on a shared 2-core machine, GloVe 6B 50d, ``top_m = 256``, eps 3): 3.4 s at
``|C| = 5,000``, 19 s at 20,000, 77 s at 50,000, 266 s at 100,000 (see
``bench/results/remap_utility.md``); steps 1-2 grow as ``|C|^2``, so about 1 h at 400,000
(extrapolated, not measured). Build once per (budget, candidate set) and cache it
(:func:`cached_remap_table`).
"""

from __future__ import annotations

import hashlib
import math
import os
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path

import numpy as np

from privtext.embeddings import CACHE_ENV, CandidateSet, _atomic_write
from privtext.errors import ConfigError, InputError
from privtext.mechanisms.exponential import scaled_distances64, validate_eps

#: Frequency given to words ``wordfreq`` does not know (``word_frequency == 0``): ``1e-9``,
#: Zipf 0, ten times below the smallest frequency of wordfreq's "large" lists (Zipf 1 = 1e-8).
PRIOR_FLOOR = 1e-9
#: Default length of the truncated posterior support (and of the set searched for ``f(y)``).
DEFAULT_TOP_M = 256
_DEFAULT_CACHE_ROOT = "~/.cache/privtext"
_WORK_BYTES = 32 * 1024 * 1024
_FORMAT = 1


def public_log_prior(words: Sequence[str] | np.ndarray, lang: str = "en") -> np.ndarray:
    """Log of a public word-frequency prior over ``words``, normalised over them.

    ``pi(w) = f(w) / sum_v f(v)`` with ``f(w) = wordfreq.word_frequency(w, lang)`` (wordfreq's
    "best" list for ``lang``; for English its "large" list, down to 1e-8); words wordfreq does
    not know (frequency 0) get :data:`PRIOR_FLOOR` (1e-9). Only the public wordfreq tables are
    read, never a corpus.

    Args:
        words: the words (e.g. ``CandidateSet.words``), as in the embeddings' vocabulary.
        lang: a wordfreq language code.

    Returns:
        float64 ``[len(words)]``, ``log pi``; ``logsumexp`` of it is 0.

    Raises:
        InputError: a word is not a string, or no words.
        ConfigError: wordfreq does not know ``lang``.
    """
    from wordfreq import available_languages, word_frequency

    if lang not in available_languages():
        raise ConfigError(f"wordfreq has no word list for language {lang!r}")
    ws = list(np.asarray(words, dtype=object).reshape(-1))
    if not ws:
        raise InputError("public_log_prior needs at least one word")
    freq = np.empty(len(ws), dtype=np.float64)
    for i, w in enumerate(ws):
        if not isinstance(w, str):
            raise InputError(f"words must be strings, got {type(w).__name__} at position {i}")
        freq[i] = word_frequency(w, lang)
    np.maximum(freq, PRIOR_FLOOR, out=freq)
    logf = np.log(freq)
    return logf - _logsumexp(logf)


def wordfreq_prior_name(lang: str = "en") -> str:
    """Identifier of :func:`public_log_prior`'s prior, e.g. ``"wordfreq-3.1.1-en"``."""
    return f"wordfreq-{version('wordfreq')}-{lang}"


#: Priors :func:`cached_remap_table` knows: the English wordfreq prior over all of ``C``, and
#: the tier priors of :func:`tier_log_prior`.
PRIOR_KINDS = ("wordfreq", "tier")
#: Share of a tier prior's mass on the tier's lexicon (the rest is the plain wordfreq prior).
TIER_LEXICON_MASS = 0.95
# Public word lists (packaged with privtext) of what a tier's secrets are.
_TIER_LISTS = {
    "PII": ("first_names.txt", "surnames.txt"),
    "PoII": (
        "cities.txt", "countries.txt", "nationalities.txt", "organizations.txt",
        "job_titles.txt",
    ),
}  # fmt: skip
# Words of multi-word list entries this frequent (Zipf >= 5, about 1 in 10,000 words) are
# function or generic words ("the", "of", "new", "city"), not part of the lexicon.
_PHRASE_WORD_ZIPF = 5.0
_MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)


@lru_cache(maxsize=4)
def tier_lexicon(tier: str) -> frozenset[str]:
    """The public lexicon of ``tier``'s secrets, lower-cased single words.

    ``PII``: the given names and surnames of privtext's name lists. ``PoII``: the words of its
    city, country, nationality, organisation and job-title lists (of a multi-word entry only its
    less frequent words: "hague", not "the"), month names, years 1900-2039 and the numbers
    1-120 (dates and ages). All lists ship with the package (public data),
    never counts from a corpus.

    Raises:
        ConfigError: ``tier`` is not ``PII`` or ``PoII``.
    """
    from importlib import resources

    from wordfreq import zipf_frequency

    if tier not in _TIER_LISTS:
        raise ConfigError(f"tier must be PII or PoII, got {tier!r}")
    words: set[str] = set()
    for name in _TIER_LISTS[tier]:
        raw = resources.files("privtext").joinpath("data", name).read_text(encoding="utf-8")
        for line in raw.splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.lower().split()
            if len(parts) == 1:
                words.add(parts[0])
            else:  # "The Hague", "City of London": not "the", "of", "city"
                words.update(w for w in parts if zipf_frequency(w, "en") < _PHRASE_WORD_ZIPF)
    if tier == "PoII":
        words.update(_MONTHS.split())
        words.update(str(y) for y in range(1900, 2040))
        words.update(str(k) for k in range(1, 121))
    return frozenset(words)


def tier_log_prior(
    words: Sequence[str] | np.ndarray, tier: str, lang: str = "en",
    lexicon_mass: float = TIER_LEXICON_MASS,
) -> np.ndarray:  # fmt: skip
    """Log of a public prior over ``words`` for the secrets of one tier.

    ``pi = lexicon_mass * U(lexicon) + (1 - lexicon_mass) * pi_wf``: uniform over the words of
    :func:`tier_lexicon` found in ``words``, mixed with :func:`public_log_prior` (wordfreq) over
    all of them. A tagged PII word is a name far more often than English frequencies say, so
    the plain wordfreq prior pulls remapped names towards frequent words ("the", "said"); and
    inside the lexicon wordfreq would favour the names that are common words ("will", "may",
    "mark"), so the lexicon part is uniform. Measured on GloVe 50d (EM, exact expectations,
    see ``tests/statistical/test_remap.py`` and BENCHMARKS.md), this prior remaps name secrets
    15-45% closer than the wordfreq prior for eps 1-2.5. Only public tables are read. Without
    any lexicon word in ``words`` it is ``pi_wf``.

    Args:
        words: the words (e.g. ``CandidateSet.words``).
        tier: ``PII`` or ``PoII``.
        lang: wordfreq language.
        lexicon_mass: mass on the lexicon, in ``[0, 1]``.

    Returns:
        float64 ``[len(words)]`` log prior, normalised.
    """
    if not 0.0 <= lexicon_mass <= 1.0:
        raise ConfigError(f"lexicon_mass must be in [0, 1], got {lexicon_mass!r}")
    lp = public_log_prior(words, lang)
    lex = tier_lexicon(tier)
    inlex = np.fromiter(
        (w.lower() in lex for w in np.asarray(words, dtype=object).reshape(-1)),
        dtype=bool, count=lp.size,
    )  # fmt: skip
    if not inlex.any() or lexicon_mass == 0.0:
        return lp
    uniform = np.where(inlex, -math.log(int(inlex.sum())), -np.inf)
    with np.errstate(divide="ignore"):
        out = np.logaddexp(math.log(lexicon_mass) + uniform, math.log1p(-lexicon_mass) + lp)
    return out - _logsumexp(out)


def tier_prior_name(tier: str, lang: str = "en") -> str:
    """Identifier of :func:`tier_log_prior`'s prior (wordfreq version, tier, lexicon hash)."""
    h = hashlib.sha256("\n".join(sorted(tier_lexicon(tier))).encode()).hexdigest()[:12]
    return f"{wordfreq_prior_name(lang)}-tier{tier}-uniform-{h}-m{TIER_LEXICON_MASS:g}"


def _logsumexp(a: np.ndarray) -> float:
    m = float(np.max(a))
    if not math.isfinite(m):
        return m
    return m + math.log(float(np.exp(a - m).sum()))


@dataclass(eq=False)
class RemapTable:
    """The remapping ``f`` for one ``(eps, C, prior)``, as a lookup table.

    Attributes:
        table: int64 ``[|C|]``, ``f(y)`` (a candidate position) for each candidate position ``y``.
        eps: the EM budget the table is for.
        cands_fingerprint: :attr:`CandidateSet.fingerprint` of ``C``.
        prior: name of the prior (``"wordfreq-3.1.1-en"``, or ``"custom-<sha256[:16]>"``).
        top_m: size of the truncated posterior support (``>= |C|``: exact).
        min_mass: smallest posterior mass captured by the truncation over all ``y`` (1 if exact).
        mean_mass: the mean of that mass over all ``y`` (1 if exact; a diagnostic).
    """

    table: np.ndarray
    eps: float
    cands_fingerprint: str
    prior: str
    top_m: int
    min_mass: float
    mean_mass: float = 1.0

    def __len__(self) -> int:
        return int(self.table.shape[0])

    def __repr__(self) -> str:
        return (
            f"RemapTable(|C|={len(self)}, eps={self.eps}, prior={self.prior!r}, "
            f"top_m={self.top_m}, min_mass={self.min_mass:.4g}, "
            f"cands={self.cands_fingerprint[:16]})"
        )

    def apply(self, cand_idx: np.ndarray) -> np.ndarray:
        """``table[cand_idx]``: remap EM outputs (candidate positions, any shape).

        Raises:
            InputError: non-integer positions, or positions outside ``[0, |C|)``.
        """
        idx = np.asarray(cand_idx)
        if idx.size == 0:
            return np.empty(idx.shape, dtype=np.int64)
        if not np.issubdtype(idx.dtype, np.integer):
            raise InputError(f"cand_idx must be integers, got dtype {idx.dtype}")
        n = len(self)
        lo, hi = int(idx.min()), int(idx.max())
        if lo < 0 or hi >= n:
            bad = lo if lo < 0 else hi
            raise InputError(f"cand_idx must be candidate positions in [0, {n}), got {bad}")
        return self.table[idx]

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the table to an ``.npz`` at exactly ``path`` (temporary file, then rename)."""

        def write(f) -> None:
            np.savez(
                f,
                format=np.asarray(_FORMAT),
                table=np.asarray(self.table, dtype=np.int64),
                eps=np.asarray(float(self.eps)),
                cands_fingerprint=np.asarray(self.cands_fingerprint),
                prior=np.asarray(self.prior),
                top_m=np.asarray(int(self.top_m)),
                min_mass=np.asarray(float(self.min_mass)),
                mean_mass=np.asarray(float(self.mean_mass)),
            )

        _atomic_write(Path(path), write)

    @classmethod
    def load(cls, path: str | os.PathLike[str], cands: CandidateSet | None = None) -> RemapTable:
        """Read a table written by :meth:`save`.

        Args:
            path: the ``.npz``.
            cands: if given, the candidate set the table must have been built for (checked by
                fingerprint and size).

        Raises:
            ConfigError: missing or malformed file, or a table built for another candidate set.
        """
        p = Path(path)
        if not p.is_file():
            raise ConfigError(f"remap table file does not exist: {str(p)!r}")
        try:
            with np.load(p, allow_pickle=False) as z:
                table = np.asarray(z["table"], dtype=np.int64)
                out = cls(
                    table=table,
                    eps=float(z["eps"]),
                    cands_fingerprint=str(z["cands_fingerprint"]),
                    prior=str(z["prior"]),
                    top_m=int(z["top_m"]),
                    min_mass=float(z["min_mass"]),
                    mean_mass=float(z["mean_mass"]) if "mean_mass" in z else 1.0,
                )
        except (OSError, KeyError, ValueError, zipfile.BadZipFile) as exc:
            raise ConfigError(f"remap table {str(p)!r} is not a valid table: {exc}") from exc
        n = table.shape[0]
        if table.ndim != 1 or n == 0 or int(table.min()) < 0 or int(table.max()) >= n:
            raise ConfigError(f"remap table {str(p)!r}: entries outside [0, {n})")
        if cands is not None:
            if out.cands_fingerprint != cands.fingerprint or n != len(cands):
                raise ConfigError(
                    f"remap table {str(p)!r} was built for candidate set "
                    f"{out.cands_fingerprint[:16]} (|C|={n}), not for this one "
                    f"{cands.fingerprint[:16]} (|C|={len(cands)}); rebuild it for this set"
                )
        return out


def _check_top_m(top_m: int) -> int:
    if isinstance(top_m, bool) or not isinstance(top_m, (int, np.integer)) or top_m < 1:
        raise ConfigError(f"top_m must be an integer >= 1, got {top_m!r}")
    return int(top_m)


def _check_log_prior(log_prior: np.ndarray, n: int) -> np.ndarray:
    lp = np.asarray(log_prior, dtype=np.float64)
    if lp.shape != (n,):
        raise ConfigError(f"log_prior must have shape ({n},), got {lp.shape}")
    if np.isnan(lp).any() or np.isposinf(lp).any():
        raise ConfigError("log_prior must not contain NaN or +inf")
    if not np.isfinite(lp).any():
        raise ConfigError("log_prior must have at least one finite entry")
    return lp


def _log_normalisers(cands: CandidateSet, half: float) -> np.ndarray:
    """float64 ``[|C|]``: ``log Z(x) = log sum_y exp(-eps/2 d(x, y))`` for every ``x`` in C."""
    n = len(cands)
    v64 = cands.vectors64()
    b = int(max(1, min(1024, _WORK_BYTES // (8 * n))))
    buf = np.empty(b * n, dtype=np.float64)
    log_z = np.empty(n, dtype=np.float64)
    for r0 in range(0, n, b):
        rows = np.arange(r0, min(n, r0 + b), dtype=np.int64)
        s, row_min = scaled_distances64(cands, v64[rows], half, self_pos=rows, out=buf)
        np.subtract(row_min[:, None], s, out=s)  # <= 0, max exactly 0 (self distance)
        np.exp(s, out=s)
        log_z[rows] = np.log(s.sum(axis=1)) - row_min
    return log_z


def _medoids_truncated(
    v64: np.ndarray, sq: np.ndarray, support: np.ndarray, weights: np.ndarray
) -> np.ndarray:
    """For each row: the ``z`` in ``support`` minimising ``sum_x w_x d(x, z)`` over ``support``.

    Args:
        v64: float64 ``[|C|, n]`` candidate vectors; ``sq``: their squared norms.
        support: int64 ``[b, M]`` candidate positions, ascending per row.
        weights: float64 ``[b, M]`` posterior weights (rows sum to 1).

    Returns:
        int64 ``[b]`` candidate positions.
    """
    b, m = support.shape
    out = np.empty(b, dtype=np.int64)
    step = int(max(1, _WORK_BYTES // (8 * m * (m + v64.shape[1]))))
    diag = np.arange(m)
    for s0 in range(0, b, step):
        sup = support[s0 : s0 + step]
        x = v64[sup]  # [k, M, n]
        g = np.matmul(x, x.transpose(0, 2, 1))  # [k, M, M]
        g *= -2.0
        q = sq[sup]
        g += q[:, :, None]
        g += q[:, None, :]
        np.maximum(g, 0.0, out=g)
        g[:, diag, diag] = 0.0
        np.sqrt(g, out=g)
        cost = np.matmul(weights[s0 : s0 + step, None, :], g)[:, 0, :]  # [k, M]
        out[s0 : s0 + step] = sup[np.arange(sup.shape[0]), np.argmin(cost, axis=1)]
    return out


def build_remap_table(
    cands: CandidateSet,
    eps: float,
    log_prior: np.ndarray | None = None,
    *,
    top_m: int = DEFAULT_TOP_M,
    prior_name: str | None = None,
) -> RemapTable:
    """Compute the Bayesian remapping table ``f`` of EM for ``(eps, C, prior)``.

    See the module docstring for the method and the truncation.

    Args:
        cands: the candidate set ``C`` (EM's output set).
        eps: the EM budget (finite, > 0).
        log_prior: float64 ``[|C|]`` log prior over ``C`` (need not be normalised; ``-inf``
            allowed). Default: :func:`public_log_prior` of ``cands.words`` (English wordfreq).
        top_m: size of the posterior support kept per ``y`` (``>= |C|``: exact ``f``).
        prior_name: recorded in the table; default ``"wordfreq-<version>-en"`` for the default
            prior, ``"custom-<sha256 of log_prior>[:16]"`` for a given one.

    Returns:
        The :class:`RemapTable`.

    Raises:
        ConfigError: bad ``eps``, ``top_m`` or ``log_prior``.
    """
    if not isinstance(cands, CandidateSet):
        raise ConfigError(f"cands must be a CandidateSet, got {type(cands).__name__}")
    eps = validate_eps(eps)
    top_m = _check_top_m(top_m)
    n = len(cands)
    if log_prior is None:
        lp = public_log_prior(cands.words, "en")
        name = prior_name or wordfreq_prior_name("en")
    else:
        lp = _check_log_prior(log_prior, n)
        name = prior_name or "custom-" + hashlib.sha256(lp.tobytes()).hexdigest()[:16]
    half = 0.5 * eps
    log_z = _log_normalisers(cands, half)
    base = lp - log_z  # log P(x | y) = base(x) - eps/2 d(x, y) + const(y)
    v64 = cands.vectors64()
    m = min(top_m, n)
    table = np.empty(n, dtype=np.int64)
    min_mass, sum_mass = 1.0, 0.0
    # rows of y: the [b, |C|] posterior block plus, on the exact path, a [b, |C|] cost block
    b = int(max(1, min(1024, _WORK_BYTES // (8 * n))))
    buf = np.empty(b * n, dtype=np.float64)
    cost = np.empty(b * n, dtype=np.float64) if m == n else None
    sq = np.einsum("ij,ij->i", v64, v64)
    for r0 in range(0, n, b):
        ys = np.arange(r0, min(n, r0 + b), dtype=np.int64)
        k = ys.size
        s, _ = scaled_distances64(cands, v64[ys], half, self_pos=ys, out=buf)
        np.subtract(base[None, :], s, out=s)  # unnormalised log posterior over x, per row y
        row_max = s.max(axis=1)
        if m < n:
            top = np.argpartition(s, n - m, axis=1)[:, n - m :]
            top.sort(axis=1)
            lt = np.take_along_axis(s, top, axis=1)
            lt -= row_max[:, None]
            np.exp(lt, out=lt)
            kept = lt.sum(axis=1)
            s -= row_max[:, None]
            np.exp(s, out=s)
            mass = kept / s.sum(axis=1)
            min_mass = min(min_mass, float(mass.min()))
            sum_mass += float(mass.sum())
            lt /= kept[:, None]
            table[ys] = _medoids_truncated(v64, sq, top, lt)
        else:
            s -= row_max[:, None]
            np.exp(s, out=s)
            s /= s.sum(axis=1)[:, None]  # P(x | y), rows y
            assert cost is not None
            c = cost[: k * n].reshape(k, n)
            for z0 in range(0, n, b):
                zs = np.arange(z0, min(n, z0 + b), dtype=np.int64)
                d, _ = scaled_distances64(cands, v64[zs], 1.0, self_pos=zs)  # [z, x]
                np.matmul(s, d.T, out=c[:, z0 : z0 + zs.size])
            table[ys] = np.argmin(c, axis=1)
    return RemapTable(
        table=table,
        eps=eps,
        cands_fingerprint=cands.fingerprint,
        prior=name,
        top_m=top_m,
        min_mass=float(min_mass),
        mean_mass=sum_mass / n if m < n else 1.0,
    )


def remap_cache_path(
    cands: CandidateSet,
    eps: float,
    cache_dir: str | os.PathLike[str] | None = None,
    *,
    top_m: int = DEFAULT_TOP_M,
    prior: str | None = None,
) -> Path:
    """Where :func:`cached_remap_table` keeps the table for ``(cands, eps, prior, top_m)``.

    ``<cache_dir>/<fingerprint[:16]>-eps<eps>-<prior>-m<top_m>.npz``, ``cache_dir`` defaulting to
    ``$PRIVTEXT_CACHE/remap`` (``PRIVTEXT_CACHE`` defaults to ``~/.cache/privtext``).
    """
    eps = validate_eps(eps)
    top_m = _check_top_m(top_m)
    if cache_dir is None:
        root = Path(os.environ.get(CACHE_ENV) or _DEFAULT_CACHE_ROOT).expanduser()
        folder = root / "remap"
    else:
        folder = Path(cache_dir).expanduser()
    name = prior or wordfreq_prior_name("en")
    return folder / f"{cands.fingerprint[:16]}-eps{eps!r}-{name}-m{top_m}.npz"


def cached_remap_table(
    cands: CandidateSet,
    eps: float,
    cache_dir: str | None = None,
    *,
    top_m: int = DEFAULT_TOP_M,
    prior: str = "wordfreq",
    tier: str | None = None,
) -> RemapTable:
    """The remapping table with a public prior, loaded or built once.

    Loads :func:`remap_cache_path` if it holds a table for this candidate set, ``eps``, prior
    and ``top_m``; otherwise builds it with :func:`build_remap_table` and writes it atomically
    (temporary file, then rename), so concurrent builders never leave a partial file.

    Args:
        cands: the candidate set.
        eps: the EM budget.
        cache_dir: folder of the tables (default ``$PRIVTEXT_CACHE/remap``).
        top_m: size of the truncated posterior support.
        prior: ``wordfreq`` (English word frequencies over all of ``C``) or ``tier``
            (:func:`tier_log_prior` of ``tier``).
        tier: ``PII`` or ``PoII``; required with ``prior="tier"``.

    Raises:
        ConfigError: unknown prior, or ``prior="tier"`` without a valid tier.
    """
    if prior not in PRIOR_KINDS:
        raise ConfigError(f"remap prior must be one of {PRIOR_KINDS}, got {prior!r}")
    if prior == "tier":
        if tier is None:
            raise ConfigError("remap prior 'tier' needs the tier (PII or PoII)")
        name = tier_prior_name(tier, "en")
    else:
        name = wordfreq_prior_name("en")
    path = remap_cache_path(cands, eps, cache_dir, top_m=top_m, prior=name)
    eps = validate_eps(eps)
    if path.is_file():
        try:
            t = RemapTable.load(path, cands)
        except ConfigError:
            t = None  # corrupt or a fingerprint-prefix collision: rebuild
        if t is not None and t.eps == eps and t.prior == name and t.top_m == top_m:
            return t
    log_prior = tier_log_prior(cands.words, tier) if prior == "tier" and tier else None
    t = build_remap_table(cands, eps, log_prior, top_m=top_m, prior_name=name)
    t.save(path)
    return t
