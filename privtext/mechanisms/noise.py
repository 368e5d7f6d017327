"""Keyed, reproducible, cryptographically strong noise for the mechanisms.

Every random draw privtext makes for a token is a pure function of
``(secret key, document id, token position, stream, draw index)``. A retried Spark task, a
resumed job or another process therefore reproduces exactly the same release, so a rerun spends
no extra privacy budget; without the key the draws are unpredictable.

Construction: AES-256 used as a pseudo-random function on distinct 16-byte counter blocks
(equivalently, AES-CTR keystream addressed by block). The AES key is derived from the secret
with HMAC-SHA256 (domain-separated), and each document id is compressed to a 64-bit document key
with HMAC-SHA256 as well. A counter block is

    doc_key (8 bytes) | position (4 bytes) | stream (1 byte) | draw_block (3 bytes)

so draws for different documents, positions and purposes ("streams") never share a block. One
AES call encrypts the blocks of a whole batch (vectorised; no per-token Python loop). Each
16-byte output gives two 64-bit words, each mapped to a float64 uniform in the open interval
(0, 1) from its top 53 bits.

The secret is never logged, printed or written: ``repr`` of :class:`KeyedNoise` hides it.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from privtext.errors import ConfigError

NOISE_KEY_ENV = "PRIVTEXT_NOISE_KEY"
MIN_KEY_BYTES = 16

# Streams separate the purposes a token's randomness is used for.
STREAM_EM = 1
STREAM_LAPLACE = 2
STREAM_RANK_FIX = 3
STREAM_SURROGATE = 4
STREAM_OOV = 5

_TWO_POW_M53 = float(2.0**-53)


def _decode_key_text(text: str, origin: str) -> bytes:
    """Turn key text (hex, or any string of >= 16 bytes) into key bytes."""
    text = text.strip()
    if not text:
        raise ConfigError(f"noise key is empty ({origin})")
    try:
        raw = bytes.fromhex(text)
    except ValueError:
        raw = text.encode("utf-8")
    if len(raw) < MIN_KEY_BYTES:
        raise ConfigError(
            f"noise key must have at least {MIN_KEY_BYTES} bytes, got {len(raw)} ({origin})"
        )
    return raw


def load_noise_key(key_file: str | os.PathLike[str] | None = None) -> bytes:
    """Read the secret noise key from a file, else from ``$PRIVTEXT_NOISE_KEY``.

    Args:
        key_file: path of a file holding the key (hex or text); takes precedence.

    Returns:
        The key bytes.

    Raises:
        ConfigError: no key is configured, or it is shorter than 16 bytes. The message never
            contains the key.
    """
    if key_file is not None:
        path = Path(key_file)
        if not path.is_file():
            raise ConfigError(f"noise key file does not exist: {str(path)!r} (--noise-key-file)")
        return _decode_key_text(path.read_text(encoding="utf-8"), f"file {str(path)!r}")
    env = os.environ.get(NOISE_KEY_ENV)
    if env is None:
        raise ConfigError(
            f"no noise key: set ${NOISE_KEY_ENV} or pass --noise-key-file "
            "(generate one with: python -c 'import secrets; print(secrets.token_hex(32))')"
        )
    return _decode_key_text(env, f"${NOISE_KEY_ENV}")


class KeyedNoise:
    """Counter-addressed uniform draws keyed by a secret.

    Args:
        key: the secret, at least 16 bytes.
    """

    __slots__ = ("_aes_key", "_doc_mac_key", "_doc_cache")

    def __init__(self, key: bytes) -> None:
        if not isinstance(key, bytes | bytearray) or len(key) < MIN_KEY_BYTES:
            raise ConfigError(f"noise key must be >= {MIN_KEY_BYTES} bytes")
        self._aes_key = hmac.new(bytes(key), b"privtext/noise/aes-256/v1", hashlib.sha256).digest()
        self._doc_mac_key = hmac.new(
            bytes(key), b"privtext/noise/doc-id/v1", hashlib.sha256
        ).digest()
        self._doc_cache: dict[str, int] = {}

    def __repr__(self) -> str:  # never show the key
        return "KeyedNoise(key=<hidden>)"

    __str__ = __repr__

    def __reduce__(self):  # refuse pickling: the key must not travel inside task closures
        raise TypeError("KeyedNoise holds the secret key and cannot be pickled")

    def derived_key(self, label: str) -> bytes:
        """A 32-byte key for another purpose (e.g. keyed hashing), independent of the noise."""
        return hmac.new(
            self._aes_key, b"privtext/derived/" + label.encode(), hashlib.sha256
        ).digest()

    def doc_keys(self, doc_ids: Iterable[str]) -> np.ndarray:
        """64-bit document keys (uint64), one HMAC per distinct document id."""
        cache = self._doc_cache
        out = []
        for doc_id in doc_ids:
            k = cache.get(doc_id)
            if k is None:
                digest = hmac.new(
                    self._doc_mac_key, str(doc_id).encode("utf-8"), hashlib.sha256
                ).digest()
                k = int.from_bytes(digest[:8], "little")
                if len(cache) > 1_000_000:
                    cache.clear()
                cache[doc_id] = k
            out.append(k)
        return np.asarray(out, dtype=np.uint64)

    def _keystream_words(self, blocks: np.ndarray) -> np.ndarray:
        """Encrypt counter blocks (bytes = whole 16-byte blocks); return (n, 2) uint64 words."""
        encryptor = Cipher(algorithms.AES(self._aes_key), modes.ECB()).encryptor()
        ct = encryptor.update(blocks.tobytes()) + encryptor.finalize()
        return np.frombuffer(ct, dtype="<u8").reshape(-1, 2)

    def uniforms(
        self,
        doc_keys: np.ndarray,
        positions: np.ndarray | Sequence[int],
        stream: int,
        count: int,
    ) -> np.ndarray:
        """Uniform draws in (0, 1), reproducible per (document, position, stream, index).

        Args:
            doc_keys: uint64 array, one per token (from :meth:`doc_keys`).
            positions: token positions (non-negative, < 2**32), one per token.
            stream: purpose of the draws (0-255), e.g. :data:`STREAM_EM`.
            count: draws per token (the same draw index always gives the same value).

        Returns:
            float64 array of shape (len(doc_keys), count), strictly inside (0, 1).
        """
        doc_keys = np.ascontiguousarray(doc_keys, dtype=np.uint64)
        positions = np.asarray(positions, dtype=np.int64)
        n = doc_keys.shape[0]
        if positions.shape != (n,):
            raise ValueError(f"positions must have shape ({n},), got {positions.shape}")
        if count <= 0 or n == 0:
            return np.empty((n, max(count, 0)), dtype=np.float64)
        if not 0 <= stream < 256:
            raise ValueError(f"stream must be in [0, 255], got {stream}")
        if positions.min() < 0 or positions.max() >= 2**32:
            raise ValueError("positions must be in [0, 2**32)")
        n_blocks = (count + 1) // 2
        blocks = np.empty((n, n_blocks, 2), dtype="<u8")
        blocks[:, :, 0] = doc_keys[:, None]
        hi = (positions.astype(np.uint64) << np.uint64(32)) | (np.uint64(stream) << np.uint64(24))
        blocks[:, :, 1] = hi[:, None] | np.arange(n_blocks, dtype=np.uint64)[None, :]
        words = self._keystream_words(blocks)
        words = words.reshape(n, n_blocks * 2)[:, :count]
        return ((words >> np.uint64(11)).astype(np.float64) + 0.5) * _TWO_POW_M53
