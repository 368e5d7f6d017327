"""Mechanism study: where do Laplace-NN, Laplace-NN with the rank fix and EM send a word?

For a sample of ``W`` frequent words ``x`` of the candidate set ``C`` and ``D`` draws per word and
epsilon, each output ``y`` is put in one of four bands by its rank in ``x``'s nearest-neighbour
list in ``C`` (rank 0 is ``x`` itself, exact Euclidean search): ``original`` (``y = x``),
``1-10``, ``11-100`` and ``>100``. Seed 000 (arXiv 2411.13784) reports that Laplace-NN on static
embeddings almost only returns ``original`` or ``>100``; the rank fix and EM should put mass on
the near ranks.

The seed's geometric explanation is measured on the same words: half the nearest-neighbour
distance ``d(x, NN1) / 2`` (the threshold the noise's projection must pass to leave ``x``),
the consecutive-neighbour gaps ``d(x, NN_{k+1}) - d(x, NN_k)``, and the seed's thresholds
``z(x1, xk) = (d(x, xk)^2 - d(x, x1)^2) / (2 ||x1 - xk||)`` (Eq. 19), against the noise scale:
``E||eta|| = n / eps`` and the standard deviation ``sqrt(n + 1) / eps`` of the noise's projection
on a unit direction.

This is a study, not a release: the uniforms come from a seeded numpy generator, never from the
keyed noise source of the sanitize job. Every mechanism is the production class
(:class:`~privtext.mechanisms.laplace_nn.LaplaceNN`,
:class:`~privtext.mechanisms.exponential.ExponentialMechanism`); the Laplace-NN variants of one
epsilon share the same uniforms, hence the same noisy points, so the nearest-candidate search is
done once per epsilon and reused (:class:`_ReuseExactSearch`, exact).
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from privtext.embeddings import CandidateSet, Embeddings, nearest, neighbour_lists
from privtext.errors import ConfigError
from privtext.mechanisms.exponential import ExponentialMechanism, validate_eps
from privtext.mechanisms.laplace_nn import LaplaceNN
from privtext.report import DEFAULT_EPS, DEFAULT_RANK_FIX_C

BANDS = ("original", "1-10", "11-100", ">100")
#: rank bounds of the bands: rank 0, 1..10, 11..100, beyond
NEAR, FAR = 10, 100
GAP_K = 10
_CHUNK_TOKENS = 4096


@dataclass
class MechanismStudy:
    """Result of :func:`run_study` (all shares are fractions of the ``W * D`` draws).

    Attributes:
        spec: embeddings spec.
        n_candidates: ``|C|``.
        dim: embedding dimension ``n``.
        words: the sampled input words.
        pool: the words were sampled among the ``pool`` most frequent words of ``C``.
        draws: draws per word and epsilon.
        eps: the epsilons.
        seed: the generator seed.
        mechanisms: mechanism labels, in report order.
        shares: ``{label: [[original, 1-10, 11-100, >100] per eps]}``.
        se: standard errors of ``shares`` over the sampled words.
        geometry: :func:`geometry` of the sampled words.
        seconds: wall time per mechanism (Laplace-NN variants: the shared search is counted in
            the first one).
    """

    spec: str
    n_candidates: int
    dim: int
    words: list[str]
    pool: int
    draws: int
    eps: list[float]
    seed: int
    mechanisms: list[str]
    shares: dict[str, list[list[float]]]
    geometry: dict
    se: dict[str, list[list[float]]] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    command: str = ""


class _ReuseExactSearch:
    """Exact nearest-candidate search that returns its previous answer for the same queries.

    Passed as ``index`` to :class:`LaplaceNN`: the variants (no fix, fix with several ``c``) of
    one epsilon draw the same noisy points from the same uniforms, so the search runs once.
    The answer is :func:`privtext.embeddings.nearest`'s, so the mechanism is the exact one.
    """

    def __init__(self, cands: CandidateSet) -> None:
        self.cands = cands
        self._last: tuple[np.ndarray, int, tuple[np.ndarray, np.ndarray]] | None = None
        self.searches = 0

    def search(self, q: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
        last = self._last
        if last is not None and last[1] == k and last[0].shape == q.shape:
            if np.array_equal(last[0], q):
                # copies: LaplaceNN writes the rank fix into the array it gets
                return last[2][0].copy(), last[2][1].copy()
        ans = nearest(self.cands, q, k=k)
        self.searches += 1
        self._last = (q.copy(), k, (ans[0].copy(), ans[1].copy()))
        return ans


def sample_words(cands: CandidateSet, n_words: int, pool: int, seed: int) -> np.ndarray:
    """Candidate positions of ``n_words`` words drawn without replacement among the ``pool``
    most frequent words of ``C`` (the first ``pool`` by embedding row: vocabularies are in
    decreasing frequency order), returned in frequency order."""
    if isinstance(n_words, bool) or not isinstance(n_words, int) or n_words < 1:
        raise ConfigError(f"words must be an integer >= 1, got {n_words!r}")
    pool = min(int(pool), len(cands))
    n_words = min(n_words, pool)
    rng = np.random.default_rng([int(seed), 1])
    return np.sort(rng.choice(pool, size=n_words, replace=False)).astype(np.int64)


def rank_bands(lists: np.ndarray, rows: np.ndarray, outputs: np.ndarray) -> np.ndarray:
    """Band (0 original, 1 ranks 1-10, 2 ranks 11-100, 3 beyond) of each output.

    Args:
        lists: int64 ``[W, FAR + 1]`` neighbour lists of the input words (rank 0 = the word).
        rows: int64 ``[T]`` row of ``lists`` of each draw's input word.
        outputs: int64 ``[T]`` candidate positions drawn.
    """
    hit = lists[rows] == outputs[:, None]
    rank = np.where(hit.any(axis=1), hit.argmax(axis=1), FAR + 1)
    return np.select([rank == 0, rank <= NEAR, rank <= FAR], [0, 1, 2], default=3)


def _count(counts: np.ndarray, rows: np.ndarray, bands: np.ndarray) -> None:
    """Add one to ``counts[row, band]`` per draw."""
    n = counts.size
    counts += np.bincount(rows * counts.shape[1] + bands, minlength=n).reshape(counts.shape)


def _uniforms(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    u = rng.random(shape)
    np.maximum(u, np.finfo(np.float64).tiny, out=u)  # strictly inside (0, 1)
    return u


def _label_fix(c: float) -> str:
    return f"laplace-nn + rank fix c={c:g}"


def run_study(
    cands: CandidateSet,
    x_pos: np.ndarray,
    eps_list: tuple[float, ...] | list[float] = DEFAULT_EPS,
    draws: int = 100,
    rank_fix_cs: tuple[float, ...] | list[float] = DEFAULT_RANK_FIX_C,
    seed: int = 0,
    progress: bool = False,
) -> tuple[list[str], dict[str, list[list[float]]], dict[str, list[list[float]]], dict[str, float]]:
    """Band shares of every mechanism at every epsilon.

    Args:
        cands: the candidate set.
        x_pos: int64 candidate positions of the input words.
        eps_list: the epsilons.
        draws: draws per word and epsilon.
        rank_fix_cs: the rank-fix constants ``c`` (``K`` = 100, the default).
        seed: seed of the numpy generator of the uniforms.
        progress: print one line per epsilon to stderr.

    Returns:
        ``(labels, shares, se, seconds)``: mechanism labels (Laplace-NN without fix, with each
        ``c``, EM); ``shares[label][i]`` the four band shares at ``eps_list[i]`` (they sum to 1);
        ``se[label][i]`` their standard errors over words (sd of the per-word shares /
        sqrt(W): the draws of one word are not independent evidence about the vocabulary);
        wall seconds per label.
    """
    if isinstance(draws, bool) or not isinstance(draws, int) or draws < 1:
        raise ConfigError(f"draws must be an integer >= 1, got {draws!r}")
    eps_list = [validate_eps(e, field="eps") for e in eps_list]
    cs = [validate_eps(c, field="rank_fix_c") for c in rank_fix_cs]
    x_pos = np.asarray(x_pos, dtype=np.int64)
    lists = neighbour_lists(cands, x_pos, min(FAR + 1, len(cands)))
    if lists.shape[1] < FAR + 1:  # tiny C: pad with impossible positions
        lists = np.pad(lists, ((0, 0), (0, FAR + 1 - lists.shape[1])), constant_values=-1)
    search = _ReuseExactSearch(cands)
    k_fix = min(100, len(cands))
    lap = [("laplace-nn", LaplaceNN(cands, rank_fix=False, index=search))]
    lap += [
        (
            _label_fix(c),
            LaplaceNN(cands, rank_fix=True, rank_fix_c=c, rank_fix_k=k_fix, index=search),
        )
        for c in cs
    ]
    em = ExponentialMechanism(cands)
    labels = [name for name, _ in lap] + ["em"]
    shares: dict[str, list[list[float]]] = {name: [] for name in labels}
    se: dict[str, list[list[float]]] = {name: [] for name in labels}
    seconds = dict.fromkeys(labels, 0.0)
    rows_all = np.repeat(np.arange(x_pos.size, dtype=np.int64), draws)
    emb_all = cands.emb_index[x_pos][rows_all]
    width = lap[0][1].uniforms_per_token
    for i, eps in enumerate(eps_list):
        t_eps = time.perf_counter()
        counts = {name: np.zeros((x_pos.size, len(BANDS)), dtype=np.int64) for name in labels}
        rng_lap = np.random.default_rng([int(seed), 2, i])
        rng_em = np.random.default_rng([int(seed), 3, i])
        for s in range(0, rows_all.size, _CHUNK_TOKENS):
            rows = rows_all[s : s + _CHUNK_TOKENS]
            emb = emb_all[s : s + _CHUNK_TOKENS]
            u = _uniforms(rng_lap, (rows.size, width))
            for name, mech in lap:
                t0 = time.perf_counter()
                y = mech.sample(emb, eps, u)
                seconds[name] += time.perf_counter() - t0
                _count(counts[name], rows, rank_bands(lists, rows, y))
            t0 = time.perf_counter()
            y = em.sample(emb, eps, _uniforms(rng_em, (rows.size, 1)))
            seconds["em"] += time.perf_counter() - t0
            _count(counts["em"], rows, rank_bands(lists, rows, y))
        for name in labels:
            per_word = counts[name] / draws  # [W, 4]
            shares[name].append(per_word.mean(axis=0).tolist())
            sd = per_word.std(axis=0, ddof=1) if x_pos.size > 1 else np.zeros(len(BANDS))
            se[name].append((sd / math.sqrt(x_pos.size)).tolist())
        if progress:
            print(
                f"  eps={eps:g}: {time.perf_counter() - t_eps:.1f}s "
                f"(laplace-nn original {shares['laplace-nn'][-1][0]:.3f}, "
                f"em original {shares['em'][-1][0]:.3f})",
                file=sys.stderr,
                flush=True,
            )
    return labels, shares, se, seconds


def _mean_sd(a: np.ndarray) -> dict[str, float]:
    a = np.asarray(a, dtype=np.float64)
    return {"mean": float(a.mean()), "sd": float(a.std(ddof=1)) if a.size > 1 else 0.0}


def geometry(
    cands: CandidateSet, x_pos: np.ndarray, eps_list: tuple[float, ...] | list[float] = DEFAULT_EPS
) -> dict:
    """The seed's local geometry of the input words, and the noise scale per epsilon.

    Returns:
        A dict: ``dim``; ``dist_k`` (mean and sd of ``d(x, NN_k)``, ``k = 1..min(101, |C|-1)``);
        ``half_nn1`` (``d(x, NN1) / 2``); ``gaps`` (``d(x, NN_{k+1}) - d(x, NN_k)``,
        ``k = 1..10``); ``z_x1_x2``, ``z_x1_x11``, ``z_x1_x101`` (seed Eq. 19, where the list is
        long enough); ``noise`` (per epsilon: ``n / eps`` and ``sqrt(n + 1) / eps``). Each
        statistic is ``{"mean", "sd"}`` over the words.
    """
    x_pos = np.asarray(x_pos, dtype=np.int64)
    k = min(FAR + 2, len(cands))  # x itself, then NN1 .. NN101
    idx, dist = nearest(cands, cands.vectors[x_pos], k=k, exclude_first=x_pos)
    d = dist.astype(np.float64)  # column 0 is x itself (distance 0)
    n = cands.dim
    out: dict = {"dim": n, "n_words": int(x_pos.size)}
    out["dist_k"] = [_mean_sd(d[:, j]) for j in range(1, k)]
    out["half_nn1"] = _mean_sd(d[:, 1] / 2.0)
    out["gaps"] = [_mean_sd(d[:, j + 1] - d[:, j]) for j in range(1, min(GAP_K + 1, k - 1))]
    v = cands.vectors.astype(np.float64)
    for j, name in ((2, "z_x1_x2"), (11, "z_x1_x11"), (101, "z_x1_x101")):
        if j < k:
            sep = np.linalg.norm(v[idx[:, 1]] - v[idx[:, j]], axis=1)
            z = (d[:, j] ** 2 - d[:, 1] ** 2) / (2.0 * np.maximum(sep, 1e-12))
            out[name] = _mean_sd(z)
    out["noise"] = [
        {"eps": float(e), "mean_norm": n / float(e), "sd_projection": math.sqrt(n + 1) / float(e)}
        for e in eps_list
    ]
    return out


# -- report ----------------------------------------------------------------------------------
def _pct(x: float) -> str:
    return f"{100.0 * x:.1f}"


def _slug(label: str) -> str:
    return (
        label.replace(" + rank fix c=", "_fix_c")
        .replace("-", "_")
        .replace(".", "")
        .replace(" ", "")
    )


def _plot_shares(study: MechanismStudy, label: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    s = np.asarray(study.shares[label])
    x = np.arange(len(study.eps))
    fig, ax = plt.subplots(figsize=(5.5, 3.2), dpi=80)
    bottom = np.zeros(len(study.eps))
    colors = ("#4c72b0", "#55a868", "#dd8452", "#c44e52")
    for b, (band, col) in enumerate(zip(BANDS, colors, strict=True)):
        ax.bar(x, s[:, b], bottom=bottom, color=col, label=band, width=0.7)
        bottom += s[:, b]
    ax.set_xticks(x, [f"{e:g}" for e in study.eps])
    ax.set_xlabel("epsilon (per word)")
    ax.set_ylabel("share of outputs")
    ax.set_ylim(0, 1)
    ax.set_title(f"{label} ({study.spec}, |C|={study.n_candidates})", fontsize=9)
    ax.legend(
        fontsize=7, loc="center left", bbox_to_anchor=(1.0, 0.5), title="rank", title_fontsize=7
    )
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def _plot_geometry(study: MechanismStudy, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    g = study.geometry
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(8.5, 3.2), dpi=80)
    ks = np.arange(1, len(g["dist_k"]) + 1)
    m = np.asarray([v["mean"] for v in g["dist_k"]])
    sd = np.asarray([v["sd"] for v in g["dist_k"]])
    a1.plot(ks, m, color="#4c72b0", label="d(x, NN_k)")
    a1.fill_between(ks, m - sd, m + sd, color="#4c72b0", alpha=0.2)
    for nz in g["noise"]:
        a1.axhline(nz["mean_norm"], color="grey", lw=0.6, ls="--")
        a1.text(
            ks[-1],
            nz["mean_norm"],
            f"n/eps, eps={nz['eps']:g}",
            fontsize=6,
            ha="right",
            va="bottom",
        )
    a1.set_yscale("log")
    a1.set_xlabel("neighbour rank k")
    a1.set_ylabel("distance")
    a1.set_title("distance to the k-th neighbour vs E||eta||", fontsize=9)
    gk = np.arange(1, len(g["gaps"]) + 1)
    a2.bar(
        [0],
        [g["half_nn1"]["mean"]],
        yerr=[g["half_nn1"]["sd"]],
        color="#c44e52",
        label="d(x,NN1)/2",
    )
    a2.bar(
        gk,
        [v["mean"] for v in g["gaps"]],
        yerr=[v["sd"] for v in g["gaps"]],
        color="#55a868",
        label="gap d(NN_k+1)-d(NN_k)",
    )
    a2.set_xticks(np.concatenate([[0], gk]), ["½NN1"] + [str(k) for k in gk], fontsize=7)
    a2.set_xlabel("k")
    a2.set_title("half NN distance vs consecutive gaps (mean ± sd)", fontsize=9)
    a2.legend(fontsize=7)
    fig.suptitle(f"{study.spec}, n={g['dim']}, |C|={study.n_candidates}", fontsize=9)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def render_markdown(study: MechanismStudy, plots: dict[str, str]) -> str:
    """The report text (``plots``: mechanism label or ``"geometry"`` -> PNG file name)."""
    g = study.geometry
    lines = [
        f"# Mechanism study: {study.spec}",
        "",
        f"Embeddings `{study.spec}` (n = {study.dim}), candidate set C = the {study.n_candidates} "
        f"most frequent words. Input words: {len(study.words)} drawn (seed {study.seed}) among "
        f"the {study.pool} most frequent words of C; {study.draws} draws per word and epsilon, "
        f"so {len(study.words) * study.draws} outputs per cell. Uniforms from a seeded numpy "
        "generator (a study, not a release).",
        "",
        "Each output y of input word x is placed by its rank in x's nearest-neighbour list in C "
        "(exact Euclidean search; rank 0 is x): **original** (y = x), **1-10**, **11-100**, "
        "**>100**. Shares in percent; each row sums to 100. In the per-mechanism tables, ± is "
        "the standard error over the sampled words (sd of the per-word shares / sqrt(W)).",
        "",
    ]
    if study.command:
        lines += ["Command:", "", "```bash", study.command, "```", ""]
    lines += ["## Summary (share of outputs, %)", ""]
    head = "| eps | " + " | ".join(f"{m}: orig / 1-10 / 11-100 / >100" for m in study.mechanisms)
    lines += [head + " |", "|---" * (len(study.mechanisms) + 1) + "|"]
    for i, e in enumerate(study.eps):
        cells = [" / ".join(_pct(v) for v in study.shares[m][i]) for m in study.mechanisms]
        lines.append(f"| {e:g} | " + " | ".join(cells) + " |")
    lines.append("")
    for m in study.mechanisms:
        lines += [
            f"## {m}",
            "",
            "| eps | original | 1-10 | 11-100 | >100 |",
            "|---|---|---|---|---|",
        ]
        for i, e in enumerate(study.eps):
            se = study.se.get(m)
            cells = [
                _pct(v) + (f" ± {_pct(se[i][b])}" if se else "")
                for b, v in enumerate(study.shares[m][i])
            ]
            lines.append(f"| {e:g} | " + " | ".join(cells) + " |")
        if m in plots:
            lines += ["", f"![{m}]({plots[m]})"]
        if m in study.seconds:
            shared = " (includes the noisy-point search shared by the variants)"
            note = shared if m == "laplace-nn" and len(study.mechanisms) > 2 else ""
            lines += ["", f"Wall time: {study.seconds[m]:.1f} s{note}."]
        lines.append("")
    lines += [
        "## Geometry (seed 000)",
        "",
        "Over the sampled words (mean ± sd). Laplace-NN leaves x only when the noise's "
        "projection on the direction of a neighbour passes half the distance to it; it moves "
        "from NN1 to NN2 when the projection passes the seed's threshold z(x1, x2) "
        "(Eq. 19). When d(x, NN1)/2 is large against the gaps and the z thresholds, outputs are "
        "either x or far words.",
        "",
        "| quantity | mean | sd |",
        "|---|---|---|",
        f"| d(x, NN1) / 2 | {g['half_nn1']['mean']:.4f} | {g['half_nn1']['sd']:.4f} |",
    ]
    for k, v in enumerate(g["gaps"], 1):
        lines.append(f"| d(x, NN{k + 1}) - d(x, NN{k}) | {v['mean']:.4f} | {v['sd']:.4f} |")
    for name, lab in (
        ("z_x1_x2", "z(x1, x2)"),
        ("z_x1_x11", "z(x1, x11)"),
        ("z_x1_x101", "z(x1, x101)"),
    ):
        if name in g:
            lines.append(f"| {lab} | {g[name]['mean']:.4f} | {g[name]['sd']:.4f} |")
    for k in (1, 2, 10, 100):
        if k <= len(g["dist_k"]):
            v = g["dist_k"][k - 1]
            lines.append(f"| d(x, NN{k}) | {v['mean']:.4f} | {v['sd']:.4f} |")
    ratio = g["half_nn1"]["mean"] / max(g["gaps"][0]["mean"], 1e-12) if g["gaps"] else float("nan")
    lines += [
        "",
        f"Ratio mean(d(x, NN1)/2) / mean(first gap) = {ratio:.1f}.",
        "",
        "Noise scale: E||eta|| = n / eps, and the projection of eta on a fixed unit direction "
        "has standard deviation sqrt(n + 1) / eps.",
        "",
        "| eps | E‖eta‖ = n/eps | sd of projection = sqrt(n+1)/eps |",
        "|---|---|---|",
    ]
    for nz in g["noise"]:
        lines.append(f"| {nz['eps']:g} | {nz['mean_norm']:.3f} | {nz['sd_projection']:.3f} |")
    if "geometry" in plots:
        lines += ["", f"![geometry]({plots['geometry']})"]
    lines += [
        "",
        "Raw numbers: `report.json`.",
        "",
    ]
    return "\n".join(lines)


def write_report(study: MechanismStudy, out_dir: str | Path) -> Path:
    """Write ``report.md``, ``report.json`` and the PNGs to ``out_dir``; return report.md."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    plots: dict[str, str] = {}
    for m in study.mechanisms:
        name = f"shares_{_slug(m)}.png"
        _plot_shares(study, m, out / name)
        plots[m] = name
    _plot_geometry(study, out / "geometry.png")
    plots["geometry"] = "geometry.png"
    (out / "report.json").write_text(json.dumps(asdict(study), indent=1) + "\n", encoding="utf-8")
    path = out / "report.md"
    path.write_text(render_markdown(study, plots), encoding="utf-8")
    return path


def study_mechanisms(
    emb: Embeddings,
    candidates: int = 20_000,
    words: int = 300,
    draws: int = 100,
    eps: tuple[float, ...] | list[float] = DEFAULT_EPS,
    rank_fix_c: tuple[float, ...] | list[float] = DEFAULT_RANK_FIX_C,
    seed: int = 0,
    pool: int = 5000,
    progress: bool = False,
    command: str = "",
) -> MechanismStudy:
    """Build ``C`` (the ``candidates`` most frequent words), sample words, run everything."""
    cands = CandidateSet.build(emb, int(candidates))
    x_pos = sample_words(cands, words, pool, seed)
    labels, shares, se, seconds = run_study(cands, x_pos, eps, draws, rank_fix_c, seed, progress)
    return MechanismStudy(
        spec=emb.spec,
        n_candidates=len(cands),
        dim=cands.dim,
        words=cands.words[x_pos].tolist(),
        pool=min(int(pool), len(cands)),
        draws=int(draws),
        eps=[float(e) for e in eps],
        seed=int(seed),
        mechanisms=labels,
        shares=shares,
        se=se,
        geometry=geometry(cands, x_pos, eps),
        seconds={k: round(v, 2) for k, v in seconds.items()},
        command=command,
    )


# -- command line ----------------------------------------------------------------------------
def run_from_args(a: argparse.Namespace) -> int:
    """``privtext report mechanisms``: run the study and write the report."""
    from privtext.embeddings import load_embeddings_cached

    t0 = time.perf_counter()
    emb = load_embeddings_cached(a.embeddings)
    cmd = "privtext report mechanisms " + " ".join(
        shlex.quote(x)
        for x in (
            "--embeddings", a.embeddings, "--out", a.out, "--candidates", str(a.candidates),
            "--words", str(a.words), "--pool", str(a.pool), "--draws", str(a.draws),
            "--eps", ",".join(f"{e:g}" for e in a.eps),
            "--rank-fix-c", ",".join(f"{c:g}" for c in a.rank_fix_c), "--seed", str(a.seed),
        )
    )  # fmt: skip
    print(f"mechanism study on {emb!r}", file=sys.stderr, flush=True)
    study = study_mechanisms(
        emb,
        candidates=a.candidates,
        words=a.words,
        draws=a.draws,
        eps=a.eps,
        rank_fix_c=a.rank_fix_c,
        seed=a.seed,
        pool=a.pool,
        progress=True,
        command=cmd,
    )
    path = write_report(study, a.out)
    print(f"wrote {path} ({time.perf_counter() - t0:.0f} s)")
    return 0
