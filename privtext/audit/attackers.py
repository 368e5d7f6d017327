"""Learned attackers: read a perturbed document, output a posterior over a tier's secrets.

The attacker stands in for the posterior ``q(x | y)`` of METHODS.md ("Metric-normalised
posterior leakage"): at each protected position of a released document it outputs a
distribution over the tier's secret vocabulary ``X_l``, having read the *whole* document (the
perturbed word itself, the other perturbed mentions of the same entity, the clear context).
Three classes (seed 001), all small enough to train on a CPU:

* ``rnn``: a bidirectional Elman RNN (``nn.RNN``, tanh);
* ``lstm``: a bidirectional ``nn.LSTM``;
* ``transformer``: an ``nn.TransformerEncoder`` with learned position embeddings.

Input. Word tokens of the released document (lower-cased) mapped to an input vocabulary built
from the training split (index 0 = padding, 1 = unknown), plus a 0/1 *mark* channel that flags
the tier's protected positions (the auditor knows which positions it scores; the mark tells the
model where the outputs are read). Documents longer than ``max_len`` tokens are cut into
windows of ``max_len`` tokens, each protected position read from a window that gives it at
least ``max_len / 4`` tokens of context on both sides where the document allows. The output
head is a linear layer from the encoder state at the position to the secret vocabulary.

Public word vectors (``TrainConfig.embeddings``, off by default). An attacker that knows the
mechanism knows its embedding: the vectors are public data. With an embeddings spec, every
token's public vector (zeros where it has none) is added to the input through a linear layer,
and at a protected position each secret ``x`` also gets the score ``-s d(x, y)``, ``y`` the
released word and ``s = softplus(.)`` learned. EM's log-likelihood is ``-eps d(x, y) / 2 -
log Z(x)``, so this head (with the bias of the linear head for ``log Z`` and the prior) holds the
exact single-word posterior, and the encoder adds what the context and the other mentions say.
Without the vectors, a released word the training split never showed maps to "unknown": with
``|C|`` in the thousands most released words are rare, and such an attacker reads little of the
perturbed word itself. The vectors of the secrets are a buffer of the saved weights.

Training (:func:`train_attacker`). Pairs come from perturbing a *training split* with the same
mechanism and budgets and a different noise key (:mod:`privtext.audit.data`), never from the
audited release. The documents are split into train and validation deterministically
(``seed``; by document, so the mentions of one document never straddle the split). Loss:
cross-entropy at the protected positions only. Adam, early stopping on the validation loss
with ``patience`` epochs, the weights of the best epoch kept. Then temperature scaling: one
scalar ``T`` dividing the logits, fitted on the validation positions by minimising the NLL over
``1/T`` (convex: golden-section search on ``[1e-3, 100]``), kept only if it does not increase
the validation NLL; the expected calibration error (15 equal-width confidence bins) is reported
before and after.

The context prior (``TrainConfig.context_prior``, off by default). The clear words around a
perturbed word tell an attacker much by themselves ("Mr" before a surname, a person's city in
the next sentence); a per-word mechanism cannot change that, and a prior that ignores it counts
it as leakage of the release. With ``context_prior`` every training window is also seen with the
tier's released words *hidden* (their input replaced by the ``<hidden>`` token, their public
vectors by zeros, the marks kept), so the same network also outputs ``q0(x | context)``:
what it believes at each position without the released words of the tier. ``predict_log_proba
(examples, hide=True)`` gives it; the audit uses it as a prior per position (``--prior
context``), so ``PL`` measures what the released words add. One network for both keeps its
errors common to the two terms, where they cancel. Both views are in the validation loss and
in the temperature fit.

Linked mentions (``TrainConfig.link_mentions``, with the public vectors). A name written five
times is released five times; the exact posterior of all five (``exact-linked``) multiplies
their likelihoods, but it is told which mentions are the same secret. The linked head learns
that: at each scored position ``i`` it adds ``-s2 sum_k a_ik d(x, y_k)`` over the other marked
positions ``k`` of the window, with ``a_ik = sigmoid(<W_q h_i, W_k h_k> / 4)`` from the encoder
states (which mentions go together is read from the context: "Mr Surname" after the full
name). With ``a_ik = 1`` on the true mentions and ``s2 = s`` it is the exact linked posterior.
Hidden words (context prior) have no vector and add nothing.

Secrets outside the secret vocabulary. The classes are exactly ``secret_vocab`` (by default
every secret seen in the examples given to :func:`train_attacker`). A position whose secret is
not in it is excluded from the loss and counts as a miss in top-1 accuracy; the attacker still
outputs a distribution over ``secret_vocab`` there.

torch is imported lazily (the ``audit`` extra): importing this module does not need it.
Determinism: the same examples, config and seed give the same weights (CPU, one process).
"""

from __future__ import annotations

import copy
import functools
import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, cast

import numpy as np

from privtext.audit.data import AuditExample, secret_vocabulary

__all__ = ["ATTACKERS", "TrainConfig", "TrainedAttacker", "expected_calibration_error",
           "train_attacker"]  # fmt: skip

ATTACKERS = ("rnn", "lstm", "transformer")
PAD, UNK = 0, 1
HIDDEN = "<hidden>"  # input word of a hidden released word (context prior); never a token
_ECE_BINS = 15
_FORMAT = 1


@dataclass
class TrainConfig:
    """Hyper-parameters of an attacker.

    Attributes:
        kind: ``rnn``, ``lstm`` or ``transformer``.
        embed_dim: token embedding size (the transformer's model width; divisible by
            ``heads``).
        hidden: RNN/LSTM hidden size per direction; the transformer's feed-forward size.
        layers: recurrent or encoder layers.
        heads: attention heads (transformer).
        max_len: longest window read at once, in tokens.
        epochs: most training epochs.
        patience: epochs without a better validation loss before stopping.
        lr: Adam learning rate.
        batch_size: windows per step.
        seed: seed of the split, the initialisation, the shuffling and dropout.
        val_share: share of documents held out for validation (at least one document).
        dropout: dropout on embeddings and encoder states.
        min_count: input words seen fewer times in the training split map to unknown.
        max_vocab: at most this many input words (most frequent first).
        link_mentions: with ``embeddings``, also score each secret by its distance to the other
            released words of the window, weighted by a learned mention link (see the module
            docstring).
        context_prior: also train on every window with the tier's released words hidden, for
            the context prior ``q0(x | context)`` (see the module docstring).
        embeddings: ``""`` (the default): the attacker learns its word embeddings from the
            training split alone. An embeddings spec (``"glove-6b-50d"``): the attacker also
            reads the public vector of every word (the mechanism's own embedding, which an
            attacker knows) and scores each secret ``x`` at a protected position by the
            distance ``d(x, y)`` to the released word ``y`` (see the module docstring).
    """

    kind: str
    embed_dim: int = 64
    hidden: int = 64
    layers: int = 1
    heads: int = 4
    max_len: int = 256
    epochs: int = 30
    patience: int = 3
    lr: float = 2e-3
    batch_size: int = 32
    seed: int = 0
    val_share: float = 0.2
    dropout: float = 0.1
    min_count: int = 1
    max_vocab: int = 50_000
    embeddings: str = ""
    context_prior: bool = False
    link_mentions: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ATTACKERS:
            raise ValueError(f"attacker kind must be one of {ATTACKERS}, got {self.kind!r}")
        if self.kind == "transformer" and self.embed_dim % self.heads:
            raise ValueError(f"embed_dim {self.embed_dim} must be divisible by heads {self.heads}")
        if self.max_len < 4:
            raise ValueError(f"max_len must be >= 4, got {self.max_len}")
        if not 0.0 < self.val_share < 1.0:
            raise ValueError(f"val_share must be in (0, 1), got {self.val_share}")
        if self.link_mentions and not self.embeddings:
            raise ValueError("link_mentions needs the public vectors (embeddings)")


# --------------------------------------------------------------------------------------------
# Windows and batches
# --------------------------------------------------------------------------------------------


@dataclass
class _Window:
    ex: int  # example index
    ids: np.ndarray  # int64 [L]
    marks: np.ndarray  # int64 [L]
    local: np.ndarray  # int64 [k] positions inside the window
    slot: np.ndarray  # int64 [k] index into the example's positions
    labels: np.ndarray  # int64 [k] class, -1 = not in the secret vocabulary
    vecs: np.ndarray | None = None  # float32 [L, dim]: public word vectors (0: no vector)


@functools.lru_cache(maxsize=2)
def _public_vectors(spec: str) -> Any:
    from privtext.embeddings import load_embeddings_cached

    return load_embeddings_cached(spec)


def _word_vectors(emb: Any, words: Sequence[str]) -> np.ndarray:
    """float32 ``[len(words), dim]``: each word's public vector, zeros where it has none."""
    rows = emb.lookup(list(words))
    out = np.zeros((rows.size, emb.dim), dtype=np.float32)
    known = rows >= 0
    out[known] = emb.vectors[rows[known]]
    return out


def _windows(
    examples: Sequence[AuditExample],
    vocab: dict[str, int],
    classes: dict[str, int],
    max_len: int,
    emb: Any = None,
    hide: bool = False,
) -> list[_Window]:
    """Windows of the protected positions; ``hide``: the released words at them read as
    ``<hidden>`` with no public vector (the input of the context prior)."""
    out: list[_Window] = []
    hidden_id = vocab.get(HIDDEN, UNK)
    margin = max(1, max_len // 4)
    for e, ex in enumerate(examples):
        if not ex.positions:
            continue
        n = len(ex.tokens)
        ids = np.fromiter((vocab.get(t, UNK) for t in ex.tokens), dtype=np.int64, count=n)
        vecs = _word_vectors(emb, ex.tokens) if emb is not None else None
        marks = np.zeros(n, dtype=np.int64)
        pos = np.asarray(ex.positions, dtype=np.int64)
        marks[pos] = 1
        if hide:
            ids[pos] = hidden_id
            if vecs is not None:
                vecs[pos] = 0.0
        labels = np.asarray([classes.get(s, -1) for s in ex.secrets], dtype=np.int64)
        order = np.argsort(pos, kind="stable")
        k = 0
        while k < order.size:
            p = int(pos[order[k]])
            start = max(0, min(p - max_len // 2, n - max_len))
            end = min(n, start + max_len)
            limit = end if end == n else end - margin
            take = [int(order[k])]
            k += 1
            while k < order.size and pos[order[k]] < limit:
                take.append(int(order[k]))
                k += 1
            sl = np.asarray(take, dtype=np.int64)
            out.append(
                _Window(e, ids[start:end], marks[start:end], pos[sl] - start, sl, labels[sl],
                        None if vecs is None else vecs[start:end])
            )  # fmt: skip
    return out


def _collate(wins: Sequence[_Window]) -> dict[str, Any]:
    import torch

    b = len(wins)
    length = max(w.ids.size for w in wins)
    ids = np.zeros((b, length), dtype=np.int64)
    marks = np.zeros((b, length), dtype=np.int64)
    lens = np.empty(b, dtype=np.int64)
    for i, w in enumerate(wins):
        ids[i, : w.ids.size] = w.ids
        marks[i, : w.ids.size] = w.marks
        lens[i] = w.ids.size
    bi = np.concatenate([np.full(w.local.size, i, dtype=np.int64) for i, w in enumerate(wins)])
    extra: dict[str, Any] = {}
    if wins[0].vecs is not None:
        vecs = np.zeros((b, length, wins[0].vecs.shape[1]), dtype=np.float32)
        for i, w in enumerate(wins):
            assert w.vecs is not None
            vecs[i, : w.ids.size] = w.vecs
        extra["vecs"] = torch.from_numpy(vecs)
    return {
        **extra,
        "ids": torch.from_numpy(ids),
        "marks": torch.from_numpy(marks),
        "lengths": torch.from_numpy(lens),
        "b_idx": torch.from_numpy(bi),
        "p_idx": torch.from_numpy(np.concatenate([w.local for w in wins])),
        "labels": torch.from_numpy(np.concatenate([w.labels for w in wins])),
    }


# --------------------------------------------------------------------------------------------
# Networks (built lazily: torch is an optional dependency)
# --------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _net_class() -> Any:
    import torch
    from torch import nn

    class AttackerNet(nn.Module):
        """Embedding (+ mark, + position for the transformer) -> encoder -> linear head."""

        def __init__(
            self, kind: str, n_in: int, n_out: int, cfg: dict[str, Any],
            secret_vecs: np.ndarray | None = None,
        ) -> None:  # fmt: skip
            super().__init__()
            self.kind = kind
            e, h = int(cfg["embed_dim"]), int(cfg["hidden"])
            self.embed = nn.Embedding(n_in, e, padding_idx=PAD)
            self.public = secret_vecs is not None
            if secret_vecs is not None:
                # the public word vectors: an input channel, and a distance score per secret
                self.vec_in = nn.Linear(secret_vecs.shape[1], e)
                self.register_buffer("secret_vecs", torch.from_numpy(secret_vecs))
                known = (np.abs(secret_vecs).sum(axis=1) > 0).astype(np.float32)
                self.register_buffer("secret_known", torch.from_numpy(known))
                self.dist_scale = nn.Parameter(torch.zeros(()))
            self.linked = bool(cfg.get("link_mentions")) and self.public
            self.mark = nn.Embedding(2, e)
            self.drop = nn.Dropout(float(cfg["dropout"]))
            self.encoder: nn.Module
            if kind in ("rnn", "lstm"):
                rnn_cls = nn.RNN if kind == "rnn" else nn.LSTM
                self.encoder = rnn_cls(
                    e, h, num_layers=int(cfg["layers"]), batch_first=True, bidirectional=True
                )
                width = 2 * h
            else:
                self.pos = nn.Embedding(int(cfg["max_len"]), e)
                layer = nn.TransformerEncoderLayer(
                    e, int(cfg["heads"]), dim_feedforward=h, dropout=float(cfg["dropout"]),
                    batch_first=True,
                )  # fmt: skip
                self.encoder = nn.TransformerEncoder(
                    layer, int(cfg["layers"]), enable_nested_tensor=False
                )
                width = e
            self.head = nn.Linear(width, n_out)
            if self.linked:
                self.link_q = nn.Linear(width, 16)
                self.link_k = nn.Linear(width, 16)
                self.link_scale = nn.Parameter(torch.zeros(()))

        def forward(self, batch: dict[str, Any]) -> Any:
            ids, marks, lengths = batch["ids"], batch["marks"], batch["lengths"]
            x = self.embed(ids) + self.mark(marks)
            if self.public:
                x = x + self.vec_in(batch["vecs"])
            if self.kind == "transformer":
                steps = torch.arange(ids.shape[1], device=ids.device)
                x = x + self.pos(steps)[None]
                x = self.drop(x)
                pad = steps[None, :] >= lengths[:, None]
                hs = self.encoder(x, src_key_padding_mask=pad)
            else:
                x = self.drop(x)
                packed = nn.utils.rnn.pack_padded_sequence(
                    x, lengths, batch_first=True, enforce_sorted=False
                )
                out, _ = self.encoder(packed)
                hs, _ = nn.utils.rnn.pad_packed_sequence(
                    out, batch_first=True, total_length=ids.shape[1]
                )
            hs = self.drop(hs)
            logits = self.head(hs[batch["b_idx"], batch["p_idx"]])
            if self.public:
                # - s d(x, y) for each secret x: the form of EM's log-likelihood, the scale s
                # and (through the head's bias) each secret's normaliser learned; nothing
                # where the released word or the secret has no vector
                y = batch["vecs"][batch["b_idx"], batch["p_idx"]]
                y_known = (y.abs().sum(dim=1) > 0).to(y.dtype)
                secret_vecs = cast(torch.Tensor, self.secret_vecs)
                secret_known = cast(torch.Tensor, self.secret_known)
                d = torch.cdist(y.double(), secret_vecs.double()).to(y.dtype)
                scale = nn.functional.softplus(self.dist_scale)
                logits = logits - scale * d * y_known[:, None] * secret_known[None, :]
                if self.linked:
                    logits = logits - self._linked(batch, hs, secret_vecs, secret_known)
            return logits

        def _linked(self, batch: dict[str, Any], hs: Any, secret_vecs: Any, known: Any) -> Any:
            """``s2 sum_k a_ik d(x, y_k)`` over the other marked positions of each window."""
            b_idx, p_idx = batch["b_idx"], batch["p_idx"]
            mb, ml = torch.nonzero(batch["marks"], as_tuple=True)
            y = batch["vecs"][mb, ml]
            y_known = (y.abs().sum(dim=1) > 0).to(y.dtype)
            d = torch.cdist(y.double(), secret_vecs.double()).to(y.dtype)
            d = d * y_known[:, None] * known[None, :]
            q = self.link_q(hs[b_idx, p_idx])
            k = self.link_k(hs[mb, ml])
            same = (b_idx[:, None] == mb[None, :]) & (p_idx[:, None] != ml[None, :])
            a = torch.sigmoid(q @ k.T / 4.0) * same.to(q.dtype)
            return nn.functional.softplus(self.link_scale) * (a @ d)

    return AttackerNet


def _make_net(
    kind: str, n_in: int, n_out: int, cfg: TrainConfig | dict[str, Any],
    secret_vocab: Sequence[str] = (),
) -> Any:  # fmt: skip
    c = asdict(cfg) if isinstance(cfg, TrainConfig) else dict(cfg)
    spec = str(c.get("embeddings") or "")
    secret_vecs = _word_vectors(_public_vectors(spec), secret_vocab) if spec else None
    return _net_class()(kind, n_in, n_out, c, secret_vecs)


# --------------------------------------------------------------------------------------------
# Calibration
# --------------------------------------------------------------------------------------------


def expected_calibration_error(
    log_probs: np.ndarray, labels: np.ndarray, bins: int = _ECE_BINS
) -> float:
    """ECE with ``bins`` equal-width confidence bins: ``sum_b n_b/N |acc_b - conf_b|``.

    Args:
        log_probs: ``[N, V]`` normalised log-probabilities.
        labels: int ``[N]`` true classes (rows with ``-1`` are ignored).
    """
    lp = np.asarray(log_probs, dtype=np.float64)
    y = np.asarray(labels, dtype=np.int64)
    keep = y >= 0
    lp, y = lp[keep], y[keep]
    if y.size == 0:
        return math.nan
    conf = np.exp(lp.max(axis=1))
    correct = (lp.argmax(axis=1) == y).astype(np.float64)
    b = np.minimum((conf * bins).astype(np.int64), bins - 1)
    total = 0.0
    for k in range(bins):
        m = b == k
        if m.any():
            total += m.sum() / y.size * abs(correct[m].mean() - conf[m].mean())
    return float(total)


def _nll(logits: np.ndarray, labels: np.ndarray, beta: float) -> float:
    z = logits * beta
    m = z.max(axis=1)
    lse = m + np.log(np.exp(z - m[:, None]).sum(axis=1))
    return float(np.mean(lse - z[np.arange(labels.size), labels]))


def _log_softmax(z: np.ndarray) -> np.ndarray:
    m = z.max(axis=1, keepdims=True)
    s = z - m
    return s - np.log(np.exp(s).sum(axis=1, keepdims=True))


def _fit_temperature(logits: np.ndarray, labels: np.ndarray) -> tuple[float, dict[str, float]]:
    """``T`` minimising the validation NLL of ``logits / T`` (never worse than ``T = 1``)."""
    keep = labels >= 0
    z, y = logits[keep].astype(np.float64), labels[keep]
    if y.size == 0:
        nan = math.nan
        return 1.0, {"ece_before": nan, "ece_after": nan, "nll_before": nan,
                     "nll_after": nan, "temperature": 1.0}  # fmt: skip
    lo, hi = 1e-3, 100.0  # over beta = 1/T; NLL(beta) is convex
    g = (math.sqrt(5.0) - 1.0) / 2.0
    a, b = lo, hi
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = _nll(z, y, c), _nll(z, y, d)
    for _ in range(120):
        if fc <= fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = _nll(z, y, c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = _nll(z, y, d)
    beta = (a + b) / 2.0
    nll_before = _nll(z, y, 1.0)
    nll_after = _nll(z, y, beta)
    if not nll_after <= nll_before:
        beta, nll_after = 1.0, nll_before
    temp = 1.0 / beta
    return temp, {
        "ece_before": expected_calibration_error(_log_softmax(z), y),
        "ece_after": expected_calibration_error(_log_softmax(z * beta), y),
        "nll_before": nll_before,
        "nll_after": nll_after,
        "temperature": temp,
    }


# --------------------------------------------------------------------------------------------
# The trained attacker
# --------------------------------------------------------------------------------------------


@dataclass
class TrainedAttacker:
    """A trained, calibrated attacker.

    Attributes:
        kind: ``rnn``, ``lstm`` or ``transformer``.
        input_vocab: input words by index (0 ``<pad>``, 1 ``<unk>``).
        secret_vocab: the output classes (the tier's secret vocabulary).
        temperature: ``T`` dividing the logits.
        calibration: ``ece_before``, ``ece_after``, ``nll_before``, ``nll_after`` (validation
            positions) and ``temperature``.
        val_top1: top-1 accuracy on the validation positions (after calibration; argmax is
            unchanged by ``T``).
        history: per epoch ``{"epoch", "train_loss", "val_loss", "val_top1"}``.
        config: the :class:`TrainConfig`.
        model: the torch module (eval mode).
        split: ``{"train_docs": n, "val_docs": n, "train_positions": n, "val_positions": n,
            "best_epoch": k}``.
    """

    kind: str
    input_vocab: list[str]
    secret_vocab: list[str]
    temperature: float
    calibration: dict[str, float]
    val_top1: float
    history: list[dict[str, float]]
    config: TrainConfig
    model: Any = field(repr=False)
    split: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._vocab = {w: i for i, w in enumerate(self.input_vocab)}
        self._classes = {w: i for i, w in enumerate(self.secret_vocab)}

    def _logits(self, examples: Sequence[AuditExample], hide: bool = False) -> list[np.ndarray]:
        import torch

        if hide and not self.config.context_prior:
            raise ValueError(
                "this attacker was not trained with hidden words (context_prior): it has no "
                "context prior"
            )
        out = [np.empty((len(ex.positions), len(self.secret_vocab))) for ex in examples]
        emb = _public_vectors(self.config.embeddings) if self.config.embeddings else None
        wins = _windows(examples, self._vocab, self._classes, self.config.max_len, emb, hide)
        self.model.eval()
        bs = max(1, self.config.batch_size)
        with torch.no_grad():
            for s in range(0, len(wins), bs):
                chunk = wins[s : s + bs]
                z = self.model(_collate(chunk)).double().numpy()
                r = 0
                for w in chunk:
                    out[w.ex][w.slot] = z[r : r + w.slot.size]
                    r += w.slot.size
        return out

    def predict_log_proba(
        self, examples: Sequence[AuditExample], hide: bool = False
    ) -> list[np.ndarray]:
        """Calibrated log-posteriors: one float64 ``[len(positions), len(secret_vocab)]`` array
        per example (``log_softmax(logits / T)``). ``hide``: with the tier's released words
        hidden, the context prior ``q0`` (needs ``config.context_prior``)."""
        return [
            _log_softmax(z / self.temperature) if z.shape[0] else z
            for z in self._logits(examples, hide)
        ]

    def true_index(self, examples: Sequence[AuditExample]) -> list[np.ndarray]:
        """Class index of each position's secret (``-1``: not in the secret vocabulary)."""
        return [np.asarray([self._classes.get(s, -1) for s in ex.secrets], dtype=np.int64)
                for ex in examples]  # fmt: skip

    def top1(self, examples: Sequence[AuditExample]) -> float:
        """Share of protected positions whose argmax is the original secret (out-of-vocabulary
        secrets count as misses); ``nan`` without positions."""
        hits = n = 0
        for lp, t in zip(self._logits(examples), self.true_index(examples), strict=True):
            if t.size:
                hits += int(np.count_nonzero(lp.argmax(axis=1) == t))
                n += t.size
        return hits / n if n else math.nan

    def save(self, directory: str | Path) -> None:
        """Write ``model.pt`` (the state dict: tensors only) and ``attacker.json`` (the rest)."""
        import torch

        d = Path(directory)
        d.mkdir(parents=True, exist_ok=True)
        torch.save(self.model.state_dict(), d / "model.pt")
        meta = {
            "format": _FORMAT,
            "kind": self.kind,
            "config": asdict(self.config),
            "input_vocab": self.input_vocab,
            "secret_vocab": self.secret_vocab,
            "temperature": self.temperature,
            "calibration": self.calibration,
            "val_top1": self.val_top1,
            "history": self.history,
            "split": self.split,
        }
        (d / "attacker.json").write_text(json.dumps(meta, allow_nan=True), encoding="utf-8")

    @classmethod
    def load(cls, directory: str | Path) -> TrainedAttacker:
        """Read a saved attacker (``torch.load(weights_only=True)``: no pickled code runs)."""
        import torch

        d = Path(directory)
        meta = json.loads((d / "attacker.json").read_text(encoding="utf-8"))
        if meta.get("format") != _FORMAT:
            raise ValueError(f"{d}: unknown attacker format {meta.get('format')!r}")
        cfg = TrainConfig(**meta["config"])
        net = _make_net(cfg.kind, len(meta["input_vocab"]), len(meta["secret_vocab"]), cfg,
                        meta["secret_vocab"])  # fmt: skip
        net.load_state_dict(torch.load(d / "model.pt", map_location="cpu", weights_only=True))
        net.eval()
        return cls(
            kind=meta["kind"],
            input_vocab=list(meta["input_vocab"]),
            secret_vocab=list(meta["secret_vocab"]),
            temperature=float(meta["temperature"]),
            calibration={k: float(v) for k, v in meta["calibration"].items()},
            val_top1=float(meta["val_top1"]),
            history=list(meta["history"]),
            config=cfg,
            model=net,
            split={k: int(v) for k, v in meta.get("split", {}).items()},
        )


def _split_docs(
    examples: Sequence[AuditExample], share: float, seed: int
) -> tuple[list[int], list[int]]:
    ids = sorted({ex.doc_id for ex in examples})
    if len(ids) < 2:
        raise ValueError("training needs examples from at least 2 documents (train + validation)")
    rng = np.random.default_rng(seed)
    perm = rng.permutation(len(ids))
    n_val = min(len(ids) - 1, max(1, int(round(share * len(ids)))))
    val_ids = {ids[i] for i in perm[:n_val].tolist()}
    tr = [i for i, ex in enumerate(examples) if ex.doc_id not in val_ids]
    va = [i for i, ex in enumerate(examples) if ex.doc_id in val_ids]
    return tr, va


def _input_vocab(examples: Sequence[AuditExample], min_count: int, max_vocab: int) -> list[str]:
    counts: dict[str, int] = {}
    for ex in examples:
        for t in ex.tokens:
            counts[t] = counts.get(t, 0) + 1
    reserved = {"<pad>", "<unk>", HIDDEN}
    words = sorted((w for w, c in counts.items() if c >= min_count and w not in reserved),
                   key=lambda w: (-counts[w], w))  # fmt: skip
    return ["<pad>", "<unk>", *words[: max(0, max_vocab)]]


def train_attacker(
    examples: Sequence[AuditExample],
    cfg: TrainConfig,
    secret_vocab: Sequence[str] | None = None,
) -> TrainedAttacker:
    """Train and calibrate an attacker on perturbed training pairs (see the module docstring).

    Args:
        examples: training pairs (perturbed training split, never the audited release).
        cfg: the configuration (``cfg.seed`` makes the run deterministic).
        secret_vocab: the output classes; None = every secret of ``examples`` (most frequent
            first).

    Returns:
        The attacker with its best-epoch weights, temperature and reports.

    Raises:
        ValueError: fewer than two documents, or no training position with a known secret.
    """
    import torch

    torch.manual_seed(cfg.seed)
    rng = np.random.default_rng(cfg.seed)
    classes_list = list(secret_vocab) if secret_vocab is not None else secret_vocabulary(examples)
    if len(classes_list) < 2:
        raise ValueError(f"the secret vocabulary needs at least 2 words, got {len(classes_list)}")
    classes = {w: i for i, w in enumerate(classes_list)}
    tr_idx, va_idx = _split_docs(examples, cfg.val_share, cfg.seed)
    train_ex = [examples[i] for i in tr_idx]
    val_ex = [examples[i] for i in va_idx]
    vocab_list = _input_vocab(train_ex, cfg.min_count, cfg.max_vocab)
    if cfg.context_prior:
        vocab_list.insert(2, HIDDEN)
    vocab = {w: i for i, w in enumerate(vocab_list)}
    emb = _public_vectors(cfg.embeddings) if cfg.embeddings else None
    views = (False, True) if cfg.context_prior else (False,)
    tr_w = [w for hide in views for w in _windows(train_ex, vocab, classes, cfg.max_len, emb, hide)
            if (w.labels >= 0).any()]  # fmt: skip
    va_w = [w for hide in views for w in _windows(val_ex, vocab, classes, cfg.max_len, emb, hide)
            if (w.labels >= 0).any()]  # fmt: skip
    if not tr_w:
        raise ValueError("no training position has a secret in the secret vocabulary")
    if not va_w:  # tiny data: validate on the training windows (documented limitation)
        va_w = tr_w
    net = _make_net(cfg.kind, len(vocab_list), len(classes_list), cfg, classes_list)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    loss_fn = torch.nn.CrossEntropyLoss(ignore_index=-1)

    def evaluate() -> tuple[float, float, np.ndarray, np.ndarray]:
        net.eval()
        zs, ys = [], []
        with torch.no_grad():
            for s in range(0, len(va_w), cfg.batch_size):
                batch = _collate(va_w[s : s + cfg.batch_size])
                zs.append(net(batch).double().numpy())
                ys.append(batch["labels"].numpy())
        z, y = np.concatenate(zs), np.concatenate(ys)
        k = y >= 0
        nll = _nll(z[k], y[k], 1.0)
        acc = float(np.mean(z[k].argmax(axis=1) == y[k]))
        return nll, acc, z, y

    history: list[dict[str, float]] = []
    best_loss, best_state, best_epoch, bad = math.inf, copy.deepcopy(net.state_dict()), 0, 0
    for epoch in range(1, cfg.epochs + 1):
        net.train()
        perm = rng.permutation(len(tr_w))
        total, count = 0.0, 0
        for s in range(0, perm.size, cfg.batch_size):
            batch = _collate([tr_w[i] for i in perm[s : s + cfg.batch_size].tolist()])
            logits = net(batch)
            loss = loss_fn(logits, batch["labels"])
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), 5.0)
            opt.step()
            n_lab = int((batch["labels"] >= 0).sum())
            total += float(loss.detach()) * n_lab
            count += n_lab
        val_loss, val_acc, _, _ = evaluate()
        history.append({"epoch": epoch, "train_loss": total / max(count, 1),
                        "val_loss": val_loss, "val_top1": val_acc})  # fmt: skip
        if val_loss < best_loss - 1e-6:
            best_loss, best_state, best_epoch, bad = (
                val_loss,
                copy.deepcopy(net.state_dict()),
                epoch,
                0,
            )
        else:
            bad += 1
            if bad >= cfg.patience:
                break
    net.load_state_dict(best_state)
    net.eval()
    _, val_acc, z, y = evaluate()
    temp, calib = _fit_temperature(z, y)
    return TrainedAttacker(
        kind=cfg.kind,
        input_vocab=vocab_list,
        secret_vocab=classes_list,
        temperature=temp,
        calibration=calib,
        val_top1=val_acc,
        history=history,
        config=cfg,
        model=net,
        split={
            "train_docs": len({ex.doc_id for ex in train_ex}),
            "val_docs": len({ex.doc_id for ex in val_ex}),
            "train_positions": int(sum(int((w.labels >= 0).sum()) for w in tr_w)),
            "val_positions": int(sum(int((w.labels >= 0).sum()) for w in va_w)),
            "best_epoch": best_epoch,
        },
    )
