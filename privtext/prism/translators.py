"""Translator backends for PRISM: the machine translator is outside the system.

A :class:`Translator` takes a batch of sentences and returns their translations, same length,
same order. Three backends:

* :class:`LibreTranslateTranslator`: an HTTP service speaking the LibreTranslate API
  (``POST /translate`` with ``{"q": [...], "source", "target", "format": "text"}``, answer
  ``{"translatedText": [...]}``), one request per batch.
* :class:`OpenAIChatTranslator`: an OpenAI-compatible ``POST /v1/chat/completions`` endpoint,
  one request per sentence with the seed's prompt ``"Directly translate English to French: ..."``.
* :class:`LocalSeq2SeqTranslator`: a local Hugging Face Marian / T5 model directory
  (``transformers`` imported lazily; never downloads).

The HTTP backends split the input into batches of ``batch_size`` and run them on a per-instance
thread pool of ``max_concurrency`` workers. Every request goes through a token-bucket rate limit
(``requests_per_s``) and is retried on timeouts, connection errors, HTTP 408/429/5xx and malformed
answers (bad JSON, missing fields, wrong list length, non-string or empty items) with exponential
backoff and full jitter, waiting at least ``Retry-After`` when the server sends one. After
``max_retries`` retries a :class:`TranslatorError` names the endpoint (never the key) and the last
status. A malformed answer is never turned into an empty translation.

API keys come from the environment variable named by ``api_key_env``; the key is never logged,
never part of ``repr`` or of an error message. Clock, sleep and the jitter RNG are injectable so
tests of the retry and rate-limit logic run without waiting.

:func:`cache_key` and :func:`translate_cached` let callers (the dictionary builder, the Spark
jobs) skip sentences already translated by the same engine, so a rerun re-translates nothing.
"""

from __future__ import annotations

import email.utils
import hashlib
import http.client
import json
import logging
import math
import os
import random
import sqlite3
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Protocol

from privtext.errors import ConfigError

log = logging.getLogger(__name__)

CONFIG_PREFIX = "translator"
"""Dotted prefix used in error messages for translator settings (``translator.batch_size``)."""

LANGUAGE_NAMES = {
    "ar": "Arabic", "cs": "Czech", "da": "Danish", "de": "German", "el": "Greek",
    "en": "English", "es": "Spanish", "fi": "Finnish", "fr": "French", "he": "Hebrew",
    "hi": "Hindi", "hu": "Hungarian", "id": "Indonesian", "it": "Italian", "ja": "Japanese",
    "ko": "Korean", "nl": "Dutch", "no": "Norwegian", "pl": "Polish", "pt": "Portuguese",
    "ro": "Romanian", "ru": "Russian", "sv": "Swedish", "tr": "Turkish", "uk": "Ukrainian",
    "vi": "Vietnamese", "zh": "Chinese",
}  # fmt: skip
"""ISO 639-1 code -> English language name, for the chat prompt (other codes are used as is)."""

RETRYABLE_STATUS = frozenset({408, 425, 429, 500, 502, 503, 504})
"""HTTP statuses retried with backoff (plus every other 5xx)."""


class TranslatorError(RuntimeError):
    """A translation failed for good (retry budget spent, or a non-retryable answer).

    Attributes:
        endpoint: the translator's URL (no credentials, no query string).
        status: the last status seen: an HTTP code as text ("503"), "timeout", "connection error",
            "malformed response: ..." or "missing dependency".
        attempts: how many requests were made for the failing batch.
    """

    def __init__(self, message: str, *, endpoint: str = "", status: str = "", attempts: int = 0):
        super().__init__(message)
        self.endpoint = endpoint
        self.status = status
        self.attempts = attempts


class _RetryableFailure(Exception):
    """One attempt failed in a way worth retrying (internal)."""

    def __init__(self, status: str, retry_after_s: float | None = None):
        super().__init__(status)
        self.status = status
        self.retry_after_s = retry_after_s


class _FatalFailure(Exception):
    """One attempt failed in a way retrying cannot fix (internal)."""

    def __init__(self, status: str, detail: str = ""):
        super().__init__(status)
        self.status = status
        self.detail = detail


# --------------------------------------------------------------------------------------------
# Limits (validated settings) and stats


@dataclass(frozen=True)
class TranslatorLimits:
    """Batching, concurrency, retry and rate-limit settings of one translator instance.

    Attributes:
        batch_size: sentences per request (LibreTranslate, local model); the chat backend always
            sends one sentence per request.
        max_concurrency: requests in flight at once (threads of the instance's pool).
        timeout_s: socket timeout of one request, seconds.
        max_retries: retries after the first attempt before giving up (0 = no retry).
        backoff_base_s: first backoff cap; attempt ``k`` (0-based) waits a uniform draw in
            ``[0, min(backoff_max_s, backoff_base_s * 2**k)]`` ("full jitter").
        backoff_max_s: the largest backoff cap.
        retry_after_max_s: the longest ``Retry-After`` honoured (longer values are clipped).
        requests_per_s: token-bucket rate limit over all threads; ``None`` = unlimited.
        burst: bucket size (requests that may start back to back after an idle period).
        api_key_env: name of the environment variable holding the API key; ``None`` = no key.
        max_tokens: completion token limit of a chat request.
        engine_id: engine id used in cache keys instead of the default ``kind:url[:model]``
            (keep caches valid when the service moves).
        reject_empty: treat an empty translation of a sentence with letters or digits as a
            malformed answer (retried), instead of accepting it.
    """

    batch_size: int = 32
    max_concurrency: int = 4
    timeout_s: float = 30.0
    max_retries: int = 5
    backoff_base_s: float = 0.5
    backoff_max_s: float = 30.0
    retry_after_max_s: float = 120.0
    requests_per_s: float | None = None
    burst: float = 1.0
    api_key_env: str | None = None
    max_tokens: int = 512
    engine_id: str | None = None
    reject_empty: bool = True

    def __post_init__(self) -> None:
        def bad(name: str, rule: str) -> ConfigError:
            value = getattr(self, name)
            return ConfigError(f"{CONFIG_PREFIX}.{name} must be {rule}, got {value!r}")

        for name in ("batch_size", "max_concurrency", "max_tokens"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise bad(name, "an integer >= 1")
        if self.max_concurrency > 512:
            raise bad("max_concurrency", "<= 512")
        v = self.max_retries
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise bad("max_retries", "an integer >= 0")
        for name in ("timeout_s",):
            if not _is_finite_number(getattr(self, name)) or getattr(self, name) <= 0:
                raise bad(name, "a finite number > 0")
        for name in ("backoff_base_s", "backoff_max_s", "retry_after_max_s"):
            if not _is_finite_number(getattr(self, name)) or getattr(self, name) < 0:
                raise bad(name, "a finite number >= 0")
        if self.backoff_max_s < self.backoff_base_s:
            raise bad("backoff_max_s", f">= backoff_base_s ({self.backoff_base_s})")
        if self.requests_per_s is not None and (
            not _is_finite_number(self.requests_per_s) or self.requests_per_s <= 0
        ):
            raise bad("requests_per_s", "a finite number > 0 or null")
        if not _is_finite_number(self.burst) or self.burst < 1:
            raise bad("burst", "a finite number >= 1")
        if self.api_key_env is not None and (
            not isinstance(self.api_key_env, str) or not self.api_key_env.strip()
        ):
            raise bad("api_key_env", "a non-empty environment variable name or null")
        if self.engine_id is not None and (
            not isinstance(self.engine_id, str) or not self.engine_id.strip()
        ):
            raise bad("engine_id", "a non-empty string or null")

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> TranslatorLimits:
        """Build from a mapping (config section); unknown keys raise :class:`ConfigError`."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise ConfigError(
                f"{CONFIG_PREFIX}.{unknown[0]} is not a translator setting, got "
                f"{values[unknown[0]]!r} (known: {', '.join(sorted(known))})"
            )
        return cls(**dict(values))


def _is_finite_number(v: object) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


@dataclass
class TranslatorStats:
    """Thread-safe counters of one translator instance, for progress reporting.

    Attributes:
        requests: requests sent (every attempt).
        retries: attempts after a failed one.
        failures: batches given up (a :class:`TranslatorError` was raised).
        sentences: sentences translated successfully.
        timeouts, rate_limited, server_errors, malformed, connection_errors: failed attempts
            by cause.
    """

    requests: int = 0
    retries: int = 0
    failures: int = 0
    sentences: int = 0
    timeouts: int = 0
    rate_limited: int = 0
    server_errors: int = 0
    malformed: int = 0
    connection_errors: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def add(self, **counts: int) -> None:
        """Add ``counts`` (field name -> increment) atomically."""
        with self._lock:
            for k, v in counts.items():
                setattr(self, k, getattr(self, k) + v)

    def snapshot(self) -> dict[str, int]:
        """The counters as a plain dict (a consistent copy)."""
        with self._lock:
            return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "_lock"}


# --------------------------------------------------------------------------------------------
# Rate limit


class TokenBucket:
    """Token-bucket rate limit shared by the threads of one translator.

    ``acquire`` reserves a token and sleeps until it is due, so over any interval of length
    ``T`` at most ``burst + rate * T`` acquisitions return. Thread-safe; the sleep happens
    outside the lock.

    Args:
        rate: tokens per second (> 0).
        burst: bucket capacity (>= 1); the bucket starts full.
        clock: monotonic clock in seconds.
        sleep: sleep function.
    """

    def __init__(
        self,
        rate: float,
        burst: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ):
        if not _is_finite_number(rate) or rate <= 0:
            raise ConfigError(f"{CONFIG_PREFIX}.requests_per_s must be > 0, got {rate!r}")
        if not _is_finite_number(burst) or burst < 1:
            raise ConfigError(f"{CONFIG_PREFIX}.burst must be >= 1, got {burst!r}")
        self.rate = float(rate)
        self.burst = float(burst)
        self._clock = clock
        self._sleep = sleep
        self._tokens = self.burst
        self._last = clock()
        self._lock = threading.Lock()

    def acquire(self) -> float:
        """Take one token, sleeping until it is available; returns the seconds waited."""
        with self._lock:
            now = self._clock()
            self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
            self._last = now
            self._tokens -= 1.0
            wait = -self._tokens / self.rate if self._tokens < 0 else 0.0
        if wait > 0:
            self._sleep(wait)
        return wait


# --------------------------------------------------------------------------------------------
# Cache keys and caches


def cache_key(engine: str, source: str, target: str, text: str) -> str:
    """Key of one translation in a cache: sha256 hex of ``(engine, source, target, text)``.

    The tuple is encoded as a JSON array, so no choice of strings can make two different
    tuples collide by concatenation.
    """
    payload = json.dumps([engine, source, target, text], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


class TranslationCache(Protocol):
    """A store of translations addressed by :func:`cache_key` (mapping-like)."""

    def get(self, key: str) -> str | None:
        """The cached translation, or ``None``."""
        ...

    def put(self, key: str, value: str) -> None:
        """Store a translation."""
        ...


class MemoryCache:
    """In-memory :class:`TranslationCache` (thread-safe)."""

    def __init__(self, initial: Mapping[str, str] | None = None):
        self._data: dict[str, str] = dict(initial or {})
        self._lock = threading.Lock()

    def get(self, key: str) -> str | None:
        """The cached translation, or ``None``."""
        with self._lock:
            return self._data.get(key)

    def put(self, key: str, value: str) -> None:
        """Store a translation."""
        with self._lock:
            self._data[key] = value

    def get_many(self, keys: Sequence[str]) -> dict[str, str]:
        """The cached translations among ``keys``."""
        with self._lock:
            return {k: self._data[k] for k in keys if k in self._data}

    def put_many(self, items: Mapping[str, str]) -> None:
        """Store several translations."""
        with self._lock:
            self._data.update(items)

    def __len__(self) -> int:
        return len(self._data)


class SqliteCache:
    """Persistent :class:`TranslationCache` in one SQLite file (standard library only).

    Every ``put_many`` commits, so an interrupted run keeps what it translated. Safe to share
    between the threads of one process.

    Args:
        path: database file (created with its table if missing).
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._conn = sqlite3.connect(str(self.path), check_same_thread=False)
        self._conn.execute(
            "CREATE TABLE IF NOT EXISTS translations (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
        )
        self._conn.commit()
        self._lock = threading.Lock()

    def get(self, key: str) -> str | None:
        """The cached translation, or ``None``."""
        with self._lock:
            row = self._conn.execute(
                "SELECT value FROM translations WHERE key = ?", (key,)
            ).fetchone()
        return None if row is None else str(row[0])

    def put(self, key: str, value: str) -> None:
        """Store a translation."""
        self.put_many({key: value})

    def get_many(self, keys: Sequence[str]) -> dict[str, str]:
        """The cached translations among ``keys``."""
        out: dict[str, str] = {}
        keys = list(keys)
        with self._lock:
            for i in range(0, len(keys), 500):
                chunk = keys[i : i + 500]
                marks = ",".join("?" * len(chunk))
                rows = self._conn.execute(
                    f"SELECT key, value FROM translations WHERE key IN ({marks})", chunk
                ).fetchall()
                out.update({str(k): str(v) for k, v in rows})
        return out

    def put_many(self, items: Mapping[str, str]) -> None:
        """Store several translations (one transaction)."""
        with self._lock:
            self._conn.executemany(
                "INSERT OR REPLACE INTO translations (key, value) VALUES (?, ?)",
                list(items.items()),
            )
            self._conn.commit()

    def __len__(self) -> int:
        with self._lock:
            return int(self._conn.execute("SELECT COUNT(*) FROM translations").fetchone()[0])

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._conn.close()


def translate_cached(
    translator: Translator,
    sentences: Sequence[str],
    source: str,
    target: str,
    cache: Any = None,
) -> tuple[list[str], int]:
    """Translate ``sentences``, reading and filling ``cache``; duplicates are sent once.

    Args:
        translator: the engine; its ``name`` is part of every cache key.
        sentences: source sentences.
        source: source language code.
        target: target language code.
        cache: ``None``, or an object with ``get(key)`` / ``put(key, value)`` (optionally
            ``get_many(keys)`` / ``put_many(mapping)``), or a plain ``dict``.

    Returns:
        ``(translations, cache_hits)``: translations in input order, and how many distinct
        sentences came from the cache.
    """
    unique = list(dict.fromkeys(sentences))
    if cache is None:
        done = dict(zip(unique, translator.translate(unique, source, target), strict=True))
        return [done[s] for s in sentences], 0
    keys = {s: cache_key(translator.name, source, target, s) for s in unique}
    if hasattr(cache, "get_many"):
        found = cache.get_many(list(keys.values()))
    else:
        found = {}
        for k in keys.values():
            v = cache.get(k)
            if v is not None:
                found[k] = v
    done = {s: found[keys[s]] for s in unique if keys[s] in found}
    todo = [s for s in unique if s not in done]
    # Translate in pieces of a few rounds of concurrent batches and store each piece at once,
    # so a failure loses at most one piece of work.
    piece = translator.batch_size * translator.limits.max_concurrency * 4
    for p0 in range(0, len(todo), piece):
        part = todo[p0 : p0 + piece]
        fresh = dict(zip(part, translator.translate(part, source, target), strict=True))
        new_items = {keys[s]: t for s, t in fresh.items()}
        if hasattr(cache, "put_many"):
            cache.put_many(new_items)
        elif hasattr(cache, "put"):
            for k, v in new_items.items():
                cache.put(k, v)
        else:
            for k, v in new_items.items():
                cache[k] = v
        done.update(fresh)
    return [done[s] for s in sentences], len(unique) - len(todo)


# --------------------------------------------------------------------------------------------
# Base class


def _public_url(url: str) -> str:
    """``url`` without user info, query or fragment (safe to print and to use in an id)."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:  # IPv6 literal
        host = f"[{host}]"
    netloc = host + (f":{parts.port}" if parts.port else "")
    return urllib.parse.urlunsplit((parts.scheme, netloc, parts.path.rstrip("/"), "", ""))


class _Secret:
    """Holds an API key; its ``repr``/``str`` never show it."""

    __slots__ = ("_value",)

    def __init__(self, value: str):
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "<secret>"

    __str__ = __repr__


class Translator(ABC):
    """A batch translator; subclasses implement :meth:`_translate_batch`.

    Attributes:
        name: engine id used in cache keys, e.g. ``"libretranslate:http://host:5000"``.
        limits: the validated :class:`TranslatorLimits`.
        stats: live :class:`TranslatorStats`.
    """

    name: str
    kind: str = "translator"

    def __init__(
        self,
        limits: TranslatorLimits | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
    ):
        self.limits = limits or TranslatorLimits()
        self.stats = TranslatorStats()
        self._clock = clock
        self._sleep = sleep
        self._rng = rng or random.Random()
        self._bucket = (
            TokenBucket(self.limits.requests_per_s, self.limits.burst, clock, sleep)
            if self.limits.requests_per_s is not None
            else None
        )
        self._pool: ThreadPoolExecutor | None = None
        self._pool_lock = threading.Lock()

    # -- public -------------------------------------------------------------------------------

    @property
    def batch_size(self) -> int:
        """Sentences per unit of work sent to :meth:`_translate_batch`."""
        return self.limits.batch_size

    def translate(self, sentences: Sequence[str], source: str, target: str) -> list[str]:
        """Translate ``sentences`` from ``source`` to ``target`` (language codes).

        Splits the input into batches of :attr:`batch_size` and runs them on up to
        ``max_concurrency`` threads. Blank sentences are returned as they are, unsent.

        Returns:
            One translation per sentence, in input order.

        Raises:
            TranslatorError: a batch failed after its retry budget; pending batches are
                cancelled.
        """
        if isinstance(sentences, str):
            raise TypeError("sentences must be a sequence of strings, got a single str")
        sentences = list(sentences)
        for i, s in enumerate(sentences):
            if not isinstance(s, str):
                raise TypeError(f"sentences[{i}] must be str, got {type(s).__name__}")
        out: list[str] = list(sentences)
        todo = [i for i, s in enumerate(sentences) if s.strip()]
        if not todo:
            return out
        size = self.batch_size
        batches = [todo[i : i + size] for i in range(0, len(todo), size)]

        def run(idx: list[int]) -> list[str]:
            return self._translate_checked([sentences[i] for i in idx], source, target)

        if len(batches) == 1 or self.limits.max_concurrency == 1:
            for idx in batches:
                for i, t in zip(idx, run(idx), strict=True):
                    out[i] = t
            return out
        pool = self._executor()
        futures: list[Future[list[str]]] = [pool.submit(run, idx) for idx in batches]
        try:
            for idx, fut in zip(batches, futures, strict=True):
                for i, t in zip(idx, fut.result(), strict=True):
                    out[i] = t
        except BaseException:
            for fut in futures:
                fut.cancel()
            raise
        return out

    def close(self) -> None:
        """Shut the thread pool down (the instance can still be used; a new pool starts)."""
        with self._pool_lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> Translator:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        lim = self.limits
        return (
            f"{type(self).__name__}(name={self.name!r}, batch_size={lim.batch_size}, "
            f"max_concurrency={lim.max_concurrency}, requests_per_s={lim.requests_per_s}, "
            f"api_key_env={lim.api_key_env!r})"
        )

    # -- for subclasses -----------------------------------------------------------------------

    @abstractmethod
    def _translate_batch(self, batch: list[str], source: str, target: str) -> list[str]:
        """Translate one batch (already checked non-empty); may raise the internal failures."""

    def _translate_checked(self, batch: list[str], source: str, target: str) -> list[str]:
        result = self._translate_batch(batch, source, target)
        self.stats.add(sentences=len(batch))
        return result

    # -- helpers ------------------------------------------------------------------------------

    def _executor(self) -> ThreadPoolExecutor:
        with self._pool_lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(
                    max_workers=self.limits.max_concurrency,
                    thread_name_prefix=f"privtext-{self.kind}",
                )
            return self._pool


def _validate_items(items: object, batch: list[str], reject_empty: bool, what: str) -> list[str]:
    """Check an answer's list of translations; raise a retryable failure if it is malformed."""
    if not isinstance(items, list):
        raise _RetryableFailure(f"malformed response: {what} is {type(items).__name__}, not list")
    if len(items) != len(batch):
        raise _RetryableFailure(
            f"malformed response: {what} has {len(items)} items for {len(batch)} sentences"
        )
    for i, t in enumerate(items):
        if not isinstance(t, str):
            raise _RetryableFailure(
                f"malformed response: {what}[{i}] is {type(t).__name__}, not str"
            )
        if reject_empty and not t.strip() and any(c.isalnum() for c in batch[i]):
            raise _RetryableFailure(f"malformed response: {what}[{i}] is empty")
    return items


class HttpTranslator(Translator):
    """Shared HTTP plumbing: JSON POST, retries with backoff and jitter, rate limit, key.

    Args:
        url: service URL (see subclasses for the path appended).
        limits: settings.
        clock, sleep, rng: injectable time and jitter sources (tests).

    Raises:
        ConfigError: bad URL, or ``api_key_env`` names a variable that is not set.
    """

    kind = "http"

    def __init__(
        self,
        url: str,
        limits: TranslatorLimits | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
    ):
        super().__init__(limits, clock=clock, sleep=sleep, rng=rng)
        if not isinstance(url, str) or not url.strip():
            raise ConfigError(f"{CONFIG_PREFIX}.url must be an http(s) URL, got {url!r}")
        parts = urllib.parse.urlsplit(url.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ConfigError(
                f"{CONFIG_PREFIX}.url must be an http(s) URL, got {_public_url(url)!r}"
            )
        self.endpoint = _public_url(self._endpoint_url(url.strip()))
        self._request_url = self._endpoint_url(url.strip())
        self._key: _Secret | None = None
        env = self.limits.api_key_env
        if env is not None:
            value = os.environ.get(env)
            if not value:
                raise ConfigError(
                    f"{CONFIG_PREFIX}.api_key_env names ${env}, which is not set or empty"
                )
            self._key = _Secret(value)

    def _endpoint_url(self, url: str) -> str:
        return url

    def _scrub(self, text: str) -> str:
        if self._key is not None and self._key.reveal():
            text = text.replace(self._key.reveal(), "<secret>")
        return text

    def _post_json(self, body: dict[str, Any], headers: dict[str, str]) -> Any:
        """One POST; returns parsed JSON or raises a (retryable / fatal) failure."""
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        req = urllib.request.Request(
            self._request_url,
            data=data,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Accept": "application/json",
                "User-Agent": "privtext-prism/0.1",
                **headers,
            },
        )
        try:
            with urllib.request.urlopen(req, timeout=self.limits.timeout_s) as resp:
                raw = resp.read()
        except urllib.error.HTTPError as e:
            code = int(e.code)
            retry_after = _parse_retry_after(e.headers.get("Retry-After") if e.headers else None)
            try:
                e.read()
            except Exception:  # noqa: BLE001 - body is irrelevant; close quietly
                pass
            finally:
                e.close()
            if code in RETRYABLE_STATUS or 500 <= code < 600:
                raise _RetryableFailure(str(code), retry_after) from None
            raise _FatalFailure(str(code), _status_hint(code, self.limits.api_key_env)) from None
        except TimeoutError:
            raise _RetryableFailure("timeout") from None
        except urllib.error.URLError as e:
            if isinstance(e.reason, TimeoutError):
                raise _RetryableFailure("timeout") from None
            raise _RetryableFailure(f"connection error ({type(e.reason).__name__})") from None
        except (OSError, ValueError, http.client.HTTPException) as e:  # reset, refused, truncated
            raise _RetryableFailure(f"connection error ({type(e).__name__})") from None
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise _RetryableFailure("malformed response: body is not JSON") from None

    def _with_retries(self, call: Callable[[], list[str]], n_sentences: int) -> list[str]:
        """Run ``call`` under the rate limit, retrying retryable failures with backoff."""
        lim = self.limits
        last = ""
        for attempt in range(lim.max_retries + 1):
            if attempt:
                self.stats.add(retries=1)
            if self._bucket is not None:
                self._bucket.acquire()
            self.stats.add(requests=1)
            try:
                return call()
            except _FatalFailure as e:
                self.stats.add(failures=1)
                raise TranslatorError(
                    self._scrub(
                        f"{self.kind} translator at {self.endpoint} failed with status "
                        f"{e.status} (not retried){': ' + e.detail if e.detail else ''}"
                    ),
                    endpoint=self.endpoint,
                    status=e.status,
                    attempts=attempt + 1,
                ) from None
            except _RetryableFailure as e:
                last = e.status
                self.stats.add(**{_cause_counter(e.status): 1})
                if attempt == lim.max_retries:
                    break
                cap = min(lim.backoff_max_s, lim.backoff_base_s * (2.0**attempt))
                delay = self._rng.uniform(0.0, cap)
                if e.retry_after_s is not None:
                    delay = max(delay, min(e.retry_after_s, lim.retry_after_max_s))
                log.debug(
                    "%s: attempt %d failed (%s); retrying in %.3fs",
                    self.endpoint, attempt + 1, e.status, delay,
                )  # fmt: skip
                if delay > 0:
                    self._sleep(delay)
        self.stats.add(failures=1)
        raise TranslatorError(
            self._scrub(
                f"{self.kind} translator at {self.endpoint} failed after "
                f"{lim.max_retries + 1} attempts for a batch of {n_sentences} sentences; "
                f"last status: {last}"
            ),
            endpoint=self.endpoint,
            status=last,
            attempts=lim.max_retries + 1,
        )


def _cause_counter(status: str) -> str:
    if status == "timeout":
        return "timeouts"
    if status == "429":
        return "rate_limited"
    if status.startswith("malformed"):
        return "malformed"
    if status.startswith("connection"):
        return "connection_errors"
    return "server_errors"


def _status_hint(code: int, key_env: str | None) -> str:
    if code in (401, 403):
        where = f"the key in ${key_env}" if key_env else "translator.api_key_env (no key sent)"
        return f"authentication refused; check {where}"
    if code == 413:
        return "request too large; lower translator.batch_size"
    if code == 404:
        return "no such endpoint; check translator.url"
    return "the service rejected the request"


def _parse_retry_after(value: str | None) -> float | None:
    """Seconds from a ``Retry-After`` header (delta-seconds or HTTP date), or ``None``."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - time.time())


# --------------------------------------------------------------------------------------------
# Backends


class LibreTranslateTranslator(HttpTranslator):
    """LibreTranslate API: ``POST {url}/translate``, one request per batch.

    The key (if any) is sent as ``api_key`` in the JSON body, as LibreTranslate expects.

    Args:
        url: service base URL (``http://host:5000``) or the full ``.../translate`` URL.
        limits, clock, sleep, rng: see :class:`HttpTranslator`.
    """

    kind = "libretranslate"

    def __init__(self, url: str, limits: TranslatorLimits | None = None, **kw: Any):
        super().__init__(url, limits, **kw)
        base = self.endpoint.removesuffix("/translate")
        self.name = self.limits.engine_id or f"libretranslate:{base}"

    def _endpoint_url(self, url: str) -> str:
        parts = urllib.parse.urlsplit(url)
        path = parts.path.rstrip("/")
        if not path.endswith("/translate"):
            path += "/translate"
        return urllib.parse.urlunsplit(parts._replace(path=path))

    def _translate_batch(self, batch: list[str], source: str, target: str) -> list[str]:
        body: dict[str, Any] = {"q": batch, "source": source, "target": target, "format": "text"}
        if self._key is not None:
            body["api_key"] = self._key.reveal()

        def call() -> list[str]:
            data = self._post_json(body, {})
            if not isinstance(data, dict) or "translatedText" not in data:
                raise _RetryableFailure("malformed response: no 'translatedText' field")
            return _validate_items(
                data["translatedText"], batch, self.limits.reject_empty, "translatedText"
            )

        return self._with_retries(call, len(batch))


class OpenAIChatTranslator(HttpTranslator):
    """OpenAI-compatible chat completions: ``POST {url}/v1/chat/completions``, one per sentence.

    The prompt is the seed's: ``"Directly translate English to French: <sentence>"`` (language
    names from :data:`LANGUAGE_NAMES`), temperature 0. The answer is
    ``choices[0].message.content``, stripped of surrounding whitespace. The key (if any) is sent
    as ``Authorization: Bearer``.

    Args:
        url: service base URL (``http://host:8000``, ``.../v1`` or the full
            ``.../chat/completions`` URL).
        model: the model name sent in each request.
        limits, clock, sleep, rng: see :class:`HttpTranslator`.
    """

    kind = "openai-chat"

    def __init__(self, url: str, model: str, limits: TranslatorLimits | None = None, **kw: Any):
        if not isinstance(model, str) or not model.strip():
            raise ConfigError(
                f"{CONFIG_PREFIX}.model must name the chat model for kind 'openai-chat', "
                f"got {model!r}"
            )
        super().__init__(url, limits, **kw)
        self.model = model.strip()
        self.name = self.limits.engine_id or f"openai-chat:{self.endpoint}:{self.model}"

    @property
    def batch_size(self) -> int:
        """Always 1: the chat API translates one sentence per request."""
        return 1

    def _endpoint_url(self, url: str) -> str:
        parts = urllib.parse.urlsplit(url)
        path = parts.path.rstrip("/")
        if path.endswith("/chat/completions"):
            pass
        elif path.endswith("/v1"):
            path += "/chat/completions"
        else:
            path += "/v1/chat/completions"
        return urllib.parse.urlunsplit(parts._replace(path=path))

    @staticmethod
    def prompt(text: str, source: str, target: str) -> str:
        """The seed's prompt for one sentence."""
        src = LANGUAGE_NAMES.get(source.lower(), source)
        tgt = LANGUAGE_NAMES.get(target.lower(), target)
        return f"Directly translate {src} to {tgt}: {text}"

    def _translate_batch(self, batch: list[str], source: str, target: str) -> list[str]:
        return [self._translate_one(s, source, target) for s in batch]

    def _translate_one(self, text: str, source: str, target: str) -> str:
        body = {
            "model": self.model,
            "messages": [{"role": "user", "content": self.prompt(text, source, target)}],
            "temperature": 0,
            "max_tokens": self.limits.max_tokens,
        }
        headers = {"Authorization": f"Bearer {self._key.reveal()}"} if self._key else {}

        def call() -> list[str]:
            data = self._post_json(body, headers)
            try:
                content = data["choices"][0]["message"]["content"]
            except (KeyError, IndexError, TypeError):
                raise _RetryableFailure(
                    "malformed response: no choices[0].message.content"
                ) from None
            if isinstance(content, str):
                content = content.strip()
            return _validate_items([content], [text], self.limits.reject_empty, "content")

        return self._with_retries(call, 1)[0]


class LocalSeq2SeqTranslator(Translator):
    """A local Hugging Face Marian / T5 model directory (``transformers`` + ``torch``).

    Nothing is downloaded: the model and tokenizer load with ``local_files_only=True`` on first
    use, once per instance. T5 models get the prefix ``"translate English to French: "``.
    Generation runs one batch at a time (a lock), on the device the model loads to (CPU unless
    ``device`` is given).

    Args:
        model_dir: directory with ``config.json``, weights and tokenizer files.
        limits: ``batch_size`` and ``max_tokens`` are used.
        device: torch device string, e.g. ``"cuda"``; ``None`` = CPU.

    Raises:
        ConfigError: ``model_dir`` is not a directory.
    """

    kind = "local"

    def __init__(
        self,
        model_dir: str,
        limits: TranslatorLimits | None = None,
        device: str | None = None,
        **kw: Any,
    ):
        super().__init__(limits, **kw)
        if not isinstance(model_dir, str) or not Path(model_dir).is_dir():
            raise ConfigError(
                f"{CONFIG_PREFIX}.model must be a local model directory for kind 'local', "
                f"got {model_dir!r}"
            )
        self.model_dir = str(Path(model_dir).resolve())
        self.device = device
        self.name = self.limits.engine_id or f"local:{Path(self.model_dir).name}"
        self._loaded: tuple[Any, Any] | None = None
        self._load_lock = threading.Lock()
        self._gen_lock = threading.Lock()

    def _load(self) -> tuple[Any, Any]:
        with self._load_lock:
            if self._loaded is None:
                try:
                    import transformers  # noqa: PLC0415 - optional, heavy
                except ImportError as e:
                    raise TranslatorError(
                        "translator kind 'local' needs the optional 'transformers' package "
                        f"(and torch); install them to use {self.model_dir!r} ({e})",
                        endpoint=self.model_dir,
                        status="missing dependency",
                    ) from None
                try:
                    tok = transformers.AutoTokenizer.from_pretrained(
                        self.model_dir, local_files_only=True
                    )
                    model = transformers.AutoModelForSeq2SeqLM.from_pretrained(
                        self.model_dir, local_files_only=True
                    )
                except (OSError, ValueError) as e:
                    raise TranslatorError(
                        f"cannot load a seq2seq model from {self.model_dir!r}: {e}",
                        endpoint=self.model_dir,
                        status="load error",
                    ) from None
                if self.device:
                    model = model.to(self.device)
                model.eval()
                self._loaded = (tok, model)
            return self._loaded

    def _translate_batch(self, batch: list[str], source: str, target: str) -> list[str]:
        tok, model = self._load()
        texts = batch
        if getattr(model.config, "model_type", "") == "t5":
            src = LANGUAGE_NAMES.get(source.lower(), source)
            tgt = LANGUAGE_NAMES.get(target.lower(), target)
            texts = [f"translate {src} to {tgt}: {s}" for s in batch]
        import torch  # noqa: PLC0415 - transformers needs it; loaded only here

        with self._gen_lock, torch.no_grad():
            enc = tok(texts, return_tensors="pt", padding=True, truncation=True)
            if self.device:
                enc = {k: v.to(self.device) for k, v in enc.items()}
            self.stats.add(requests=1)
            out = model.generate(**enc, max_new_tokens=self.limits.max_tokens)
        result = tok.batch_decode(out, skip_special_tokens=True)
        try:
            return _validate_items(list(result), batch, False, "generated")
        except _RetryableFailure as e:
            self.stats.add(failures=1)
            raise TranslatorError(
                f"local model {self.model_dir!r}: {e.status}",
                endpoint=self.model_dir,
                status=e.status,
            ) from None


# --------------------------------------------------------------------------------------------
# Factory

KINDS = {
    "libretranslate": "libretranslate",
    "openai-chat": "openai-chat",
    "openai": "openai-chat",
    "local": "local",
    "local-seq2seq": "local",
}


def make_translator(
    kind: str,
    url: str | None = None,
    model: str | None = None,
    *,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
    rng: random.Random | None = None,
    device: str | None = None,
    **limits: Any,
) -> Translator:
    """Build a translator from config values.

    Args:
        kind: ``"libretranslate"``, ``"openai-chat"`` (alias ``"openai"``) or ``"local"``
            (alias ``"local-seq2seq"``).
        url: service URL (HTTP kinds).
        model: chat model name (``openai-chat``) or model directory (``local``).
        clock, sleep, rng: injectable time and jitter sources.
        device: torch device for ``local``.
        **limits: :class:`TranslatorLimits` fields (``batch_size``, ``max_concurrency``,
            ``timeout_s``, ``max_retries``, ``requests_per_s``, ``api_key_env``, ...).

    Raises:
        ConfigError: unknown kind, missing url/model, unknown or invalid limit.
    """
    canon = KINDS.get(str(kind).strip().lower()) if isinstance(kind, str) else None
    if canon is None:
        raise ConfigError(f"{CONFIG_PREFIX}.kind must be one of {sorted(KINDS)}, got {kind!r}")
    lim = TranslatorLimits.from_mapping(limits)
    if canon in ("libretranslate", "openai-chat") and not url:
        raise ConfigError(f"{CONFIG_PREFIX}.url is required for kind {canon!r}, got {url!r}")
    if canon == "libretranslate":
        assert url is not None
        return LibreTranslateTranslator(url, lim, clock=clock, sleep=sleep, rng=rng)
    if canon == "openai-chat":
        assert url is not None
        return OpenAIChatTranslator(url, model or "", lim, clock=clock, sleep=sleep, rng=rng)
    return LocalSeq2SeqTranslator(
        model or "", lim, device=device, clock=clock, sleep=sleep, rng=rng
    )
