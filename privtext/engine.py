"""Build the sanitize kernel from a small, picklable spec, once per process.

The Spark driver creates an :class:`EngineSpec` (paths and numbers only: no key, no matrices)
and ships it inside the UDF closure. Each executor Python process turns it into a
:class:`~privtext.sanitize.Sanitizer` the first time it needs one (embeddings memory-mapped,
candidate set read from its artifact, noise key read from the environment or key file) and
reuses it for every later batch.
"""

from __future__ import annotations

import math
import threading
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from privtext.embeddings import CandidateSet, load_candidate_set_cached, load_embeddings_cached
from privtext.errors import ConfigError
from privtext.mechanisms.exponential import ExponentialMechanism
from privtext.mechanisms.laplace_nn import LaplaceNN
from privtext.mechanisms.noise import KeyedNoise, load_noise_key
from privtext.sanitize import Sanitizer
from privtext.tagging.policy import TierPolicy


@dataclass(frozen=True)
class EngineSpec:
    """Everything an executor needs to rebuild the kernel (all plain values)."""

    embeddings: str
    candidates_path: str
    mechanism: str  # "em" | "laplace-nn"
    tier_epsilon: tuple[tuple[str, float], ...]
    rank_fix: bool = True
    rank_fix_c: float | None = None
    rank_fix_k: int = 100
    policy_path: str | None = None
    noise_key_file: str | None = None
    record_all_tokens: bool = False
    perturb_all_words: bool = False
    consistent_mentions: bool = False
    index: str = "exact"
    index_path: str | None = None  # saved approximate index of the candidate set (an artifact)
    hnsw: tuple[int, int, int] = (32, 200, 128)  # M, efConstruction, efSearch
    ivfpq: tuple[int, int, int] = (256, 48, 16)  # nlist, nprobe, k_factor
    # Bayesian remapping: (tier, path of the saved RemapTable artifact) per tier; empty = off
    remap_paths: tuple[tuple[str, str], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class MechanismAdapter:
    """Uniform face of EM and Laplace-NN for the sanitizer."""

    def __init__(self, impl: Any, name: str, n_uniforms: int) -> None:
        self.impl = impl
        self.name = name
        self._n = n_uniforms
        self.cands: CandidateSet | None = getattr(impl, "cands", None)

    def uniforms_needed(self) -> int:
        return self._n

    def sample(self, emb_idx: np.ndarray, eps: float, u: np.ndarray) -> np.ndarray:
        return self.impl.sample(np.asarray(emb_idx, dtype=np.int64), eps, u)


ONE_DRAW_SUFFIX = "+one-draw-per-word"


def mechanism_label(
    mechanism: str, rank_fix: bool, remap: bool = False, one_draw_per_word: bool = False
) -> str:
    """The name recorded in the ledger.

    ``+one-draw-per-word`` marks a release made with ``perturb.consistent_mentions``, whose
    guarantee differs (see :data:`privtext.explain.GUARANTEE_ONE_DRAW`); ``+remap`` comes last.
    """
    base = "laplace-nn+rank-fix" if mechanism == "laplace-nn" and rank_fix else mechanism
    return base + (ONE_DRAW_SUFFIX if one_draw_per_word else "") + ("+remap" if remap else "")


def build_mechanism(spec: EngineSpec, cands: CandidateSet) -> MechanismAdapter:
    impl: Any
    if spec.mechanism == "em":
        impl = ExponentialMechanism(cands)
        return MechanismAdapter(impl, "em", int(impl.uniforms_per_token))
    if spec.mechanism == "laplace-nn":
        kwargs: dict[str, Any] = {"rank_fix": spec.rank_fix, "rank_fix_k": spec.rank_fix_k}
        if spec.rank_fix_c is not None:
            kwargs["rank_fix_c"] = spec.rank_fix_c
        if spec.index != "exact":
            from privtext.neighbours import build_index, index_params

            params = index_params(spec.index, spec.hnsw, spec.ivfpq)
            kwargs["index"] = build_index(spec.index, cands, params, path=spec.index_path)
        impl = LaplaceNN(cands, **kwargs)
        return MechanismAdapter(
            impl, mechanism_label("laplace-nn", spec.rank_fix), int(impl.uniforms_per_token)
        )
    raise ValueError(f"perturb.mechanism must be em or laplace-nn, got {spec.mechanism!r}")


def load_remap_tables(spec: EngineSpec, cands: CandidateSet) -> dict[str, np.ndarray] | None:
    """``{tier: int64 [|C|]}`` from the spec's remap artifacts, or None when remapping is off.

    Raises:
        ConfigError: a table built for another candidate set or another tier budget.
    """
    if not spec.remap_paths:
        return None
    from privtext.mechanisms.remap import RemapTable

    tier_eps = dict(spec.tier_epsilon)
    out: dict[str, np.ndarray] = {}
    for tier, path in spec.remap_paths:
        rt = RemapTable.load(path, cands=cands)
        if rt.cands_fingerprint != cands.fingerprint:
            raise ConfigError(f"remap table {path!r} was built for another candidate set")
        if not math.isclose(float(rt.eps), float(tier_eps[tier]), rel_tol=1e-12):
            raise ConfigError(
                f"remap table {path!r} was built for eps={rt.eps}, tier {tier} has "
                f"eps_l={tier_eps[tier]}"
            )
        out[tier] = np.asarray(rt.table, dtype=np.int64)
    return out


_LOCK = threading.Lock()
_CACHE: dict[EngineSpec, Sanitizer] = {}


def get_sanitizer(spec: EngineSpec) -> Sanitizer:
    """The process-wide sanitizer for ``spec`` (built on first use)."""
    with _LOCK:
        san = _CACHE.get(spec)
        if san is None:
            emb = load_embeddings_cached(spec.embeddings)
            cands = load_candidate_set_cached(spec.candidates_path, spec.embeddings)
            san = Sanitizer(
                policy=TierPolicy.load(spec.policy_path),
                lookup=emb.lookup,
                candidate_words=cands.words,
                mechanism=build_mechanism(spec, cands),
                tier_epsilon=dict(spec.tier_epsilon),
                noise=KeyedNoise(load_noise_key(spec.noise_key_file)),
                record_all_tokens=spec.record_all_tokens,
                perturb_all_words=spec.perturb_all_words,
                consistent_mentions=spec.consistent_mentions,
                cands=cands,
                remap=load_remap_tables(spec, cands),
            )
            _CACHE.clear()
            _CACHE[spec] = san
        return san
