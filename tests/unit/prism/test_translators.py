"""Translator backends against the real stand-in HTTP server: batching, faults, retries, limits."""

from __future__ import annotations

import math
import random
import sys
import time

import pytest

from privtext.errors import ConfigError
from privtext.prism.translators import (
    LibreTranslateTranslator,
    MemoryCache,
    OpenAIChatTranslator,
    SqliteCache,
    TokenBucket,
    TranslatorError,
    TranslatorLimits,
    _parse_retry_after,
    cache_key,
    make_translator,
    translate_cached,
)
from tests.support.translator_server import FAULTS, StandInTranslator, english_corpus

SENTENCES = english_corpus(60, seed=11)
KEY_ENV = "PRIVTEXT_TEST_TRANSLATOR_KEY"
SECRET = "sk-test-very-secret-0123456789"

FAST = {"timeout_s": 0.5, "backoff_base_s": 0.001, "backoff_max_s": 0.01, "max_retries": 4}


def _libre(srv: StandInTranslator, **limits) -> LibreTranslateTranslator:
    t = make_translator("libretranslate", srv.url, None, **{**FAST, **limits})
    assert isinstance(t, LibreTranslateTranslator)
    return t


def _chat(srv: StandInTranslator, **limits) -> OpenAIChatTranslator:
    t = make_translator("openai-chat", srv.url, "stand-in-model", **{**FAST, **limits})
    assert isinstance(t, OpenAIChatTranslator)
    return t


# -- happy path ------------------------------------------------------------------------------


def test_when_batches_run_concurrently_then_order_and_length_are_kept(stand_in):
    tr = _libre(stand_in, batch_size=7, max_concurrency=4)
    out = tr.translate(SENTENCES, "en", "fr")
    assert out == [stand_in.translate(s) for s in SENTENCES]
    assert stand_in.requests == math.ceil(len(SENTENCES) / 7)
    assert tr.stats.snapshot()["sentences"] == len(SENTENCES)
    assert tr.stats.snapshot()["retries"] == 0


def test_blank_sentences_are_returned_unsent(stand_in):
    tr = _libre(stand_in)
    out = tr.translate(["", "  ", "The cat sleeps."], "en", "fr")
    assert out == ["", "  ", "Le chat dort."]
    assert stand_in.sentences == 1
    assert tr.translate([], "en", "fr") == []


def test_chat_backend_sends_one_request_per_sentence_with_the_seed_prompt(stand_in):
    tr = _chat(stand_in, max_concurrency=4)
    out = tr.translate(SENTENCES[:12], "en", "fr")
    assert out == [stand_in.translate(s) for s in SENTENCES[:12]]
    assert stand_in.requests_by_path["/v1/chat/completions"] == 12
    assert tr.prompt("Hi.", "en", "fr") == "Directly translate English to French: Hi."


def test_concurrency_is_bounded_by_max_concurrency():
    with StandInTranslator(latency_s=0.03) as srv:
        tr = _libre(srv, batch_size=2, max_concurrency=3)
        tr.translate(SENTENCES[:24], "en", "fr")
        assert 2 <= srv.max_in_flight <= 3


# -- faults ----------------------------------------------------------------------------------


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("backend", ["libretranslate", "openai-chat"])
def test_every_fault_type_is_survived_with_the_fault_free_result(fault, backend):
    with StandInTranslator(faults=[fault, fault], timeout_sleep_s=1.2) as srv:
        tr = _libre(srv, batch_size=8) if backend == "libretranslate" else _chat(srv)
        sentences = SENTENCES[:8] if backend == "libretranslate" else SENTENCES[:2]
        out = tr.translate(sentences, "en", "fr")
        assert out == [srv.translate(s) for s in sentences]
        assert srv.faults_served[fault] == 2
        stats = tr.stats.snapshot()
        assert stats["retries"] == 2 and stats["failures"] == 0
        causes = {"timeout": "timeouts", "429": "rate_limited", "500": "server_errors",
                  "503": "server_errors", "truncated": "connection_errors"}  # fmt: skip
        cause = causes.get(fault, "malformed")
        assert stats[cause] == 2


def test_random_fault_mix_gives_the_fault_free_result():
    probs = {"timeout": 0.03, "429": 0.08, "500": 0.08, "malformed": 0.05, "drop": 0.05,
             "nonstring": 0.03, "missing": 0.03, "empty": 0.03}  # fmt: skip
    sentences = english_corpus(300, seed=5)
    with StandInTranslator(faults=probs, fault_seed=1, timeout_sleep_s=1.2) as srv:
        tr = _libre(srv, batch_size=10, max_concurrency=4, max_retries=12)
        out = tr.translate(sentences, "en", "fr")
        assert out == [srv.translate(s) for s in sentences]
        assert sum(srv.faults_served.values()) >= 5
        assert tr.stats.snapshot()["retries"] == sum(srv.faults_served.values())


@pytest.mark.parametrize("fault", ["drop", "nonstring", "missing", "malformed", "empty"])
def test_malformed_answers_are_never_turned_into_translations(fault):
    with StandInTranslator(faults=[fault] * 3) as srv:
        tr = _libre(srv, max_retries=2)
        with pytest.raises(TranslatorError) as ei:
            tr.translate(SENTENCES[:4], "en", "fr")
        assert ei.value.status.startswith("malformed response")
        assert ei.value.attempts == 3
        assert tr.stats.snapshot()["failures"] == 1


def test_when_retry_budget_is_spent_then_error_names_endpoint_and_status_never_key(monkeypatch):
    monkeypatch.setenv(KEY_ENV, SECRET)
    with StandInTranslator(faults=["500"] * 3, api_key=SECRET) as srv:
        tr = _libre(srv, max_retries=2, api_key_env=KEY_ENV)
        with pytest.raises(TranslatorError) as ei:
            tr.translate(SENTENCES[:3], "en", "fr")
        msg = str(ei.value)
        assert f"{srv.url}/translate" in msg and "last status: 500" in msg
        assert "3 attempts" in msg
        assert ei.value.endpoint == f"{srv.url}/translate" and ei.value.status == "500"
        assert SECRET not in msg and SECRET not in repr(tr) and SECRET not in repr(ei.value)
        assert srv.requests == 3
        # the key was sent (the server checks it) and the next call succeeds
        assert tr.translate(["The cat sleeps."], "en", "fr") == ["Le chat dort."]


def test_chat_key_goes_in_the_authorization_header_only(monkeypatch):
    monkeypatch.setenv(KEY_ENV, SECRET)
    with StandInTranslator(api_key=SECRET) as srv:
        tr = _chat(srv, api_key_env=KEY_ENV)
        assert tr.translate(["The dog runs."], "en", "fr") == ["Le chien court."]
        assert srv.auth_headers == [f"Bearer {SECRET}"]
        assert SECRET not in repr(tr) and SECRET not in str(vars(tr))


def test_when_key_is_refused_then_it_fails_fast_naming_the_env_var_not_the_key(monkeypatch):
    monkeypatch.setenv(KEY_ENV, "wrong-key-123")
    with StandInTranslator(api_key=SECRET) as srv:
        tr = _libre(srv, api_key_env=KEY_ENV)
        with pytest.raises(TranslatorError) as ei:
            tr.translate(["The cat sleeps."], "en", "fr")
        assert ei.value.status == "403" and srv.requests == 1
        assert KEY_ENV in str(ei.value) and "wrong-key-123" not in str(ei.value)


def test_when_service_is_down_then_connection_errors_are_retried_then_reported():
    with StandInTranslator() as srv:
        url = srv.url
    tr = make_translator("libretranslate", url, None, **{**FAST, "max_retries": 2})
    with pytest.raises(TranslatorError) as ei:
        tr.translate(["The cat sleeps."], "en", "fr")
    assert ei.value.status.startswith("connection error") and url in str(ei.value)
    assert tr.stats.snapshot()["connection_errors"] == 3


# -- backoff and rate limit ------------------------------------------------------------------


class _MaxJitter(random.Random):
    def uniform(self, a: float, b: float) -> float:
        return b


def test_backoff_is_exponential_with_full_jitter_and_a_cap(fake_clock):
    with StandInTranslator(faults=["500"] * 5) as srv:
        tr = LibreTranslateTranslator(
            srv.url,
            TranslatorLimits(backoff_base_s=1.0, backoff_max_s=5.0, max_retries=5),
            clock=fake_clock,
            sleep=fake_clock.sleep,
            rng=_MaxJitter(),
        )
        tr.translate(["The cat sleeps."], "en", "fr")
        assert fake_clock.sleeps == [1.0, 2.0, 4.0, 5.0, 5.0]
    with StandInTranslator(faults=["503"] * 5) as srv:
        fake_clock.sleeps.clear()
        tr = LibreTranslateTranslator(
            srv.url,
            TranslatorLimits(backoff_base_s=1.0, backoff_max_s=5.0, max_retries=5),
            clock=fake_clock,
            sleep=fake_clock.sleep,
            rng=random.Random(0),
        )
        tr.translate(["The cat sleeps."], "en", "fr")
        caps = [1.0, 2.0, 4.0, 5.0, 5.0]
        assert all(0 <= s <= c for s, c in zip(fake_clock.sleeps, caps, strict=True))
        assert fake_clock.sleeps != caps  # jittered, not the caps themselves


def test_retry_after_is_respected(fake_clock):
    with StandInTranslator(faults=["429", "429"], retry_after="7") as srv:
        tr = LibreTranslateTranslator(
            srv.url,
            TranslatorLimits(backoff_base_s=0.01, retry_after_max_s=60.0),
            clock=fake_clock,
            sleep=fake_clock.sleep,
            rng=random.Random(0),
        )
        assert tr.translate(["The cat sleeps."], "en", "fr") == ["Le chat dort."]
        assert fake_clock.sleeps == [7.0, 7.0]
        assert tr.stats.snapshot()["rate_limited"] == 2


def test_retry_after_accepts_http_dates_and_clips_negative_values():
    assert _parse_retry_after("3") == 3.0
    assert _parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0
    future = time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime(time.time() + 100))
    assert 90 < (_parse_retry_after(future) or 0) <= 100
    assert _parse_retry_after("soon") is None and _parse_retry_after(None) is None


def test_token_bucket_allows_burst_then_rate(fake_clock):
    bucket = TokenBucket(rate=10.0, burst=3.0, clock=fake_clock, sleep=fake_clock.sleep)
    for _ in range(23):
        bucket.acquire()
    # 3 free, then 20 more at 10/s
    assert fake_clock.now - 1000.0 == pytest.approx(2.0)
    fake_clock.sleep(10.0)  # idle: the bucket refills to its burst, not beyond
    t0 = fake_clock.now
    for _ in range(3):
        bucket.acquire()
    assert fake_clock.now == t0


def test_rate_limit_spaces_requests_reaching_the_server():
    with StandInTranslator() as srv:
        tr = _libre(srv, batch_size=1, max_concurrency=4, requests_per_s=50.0)
        tr.translate(SENTENCES[:11], "en", "fr")
        times = sorted(srv.request_times)
        assert len(times) == 11
        assert times[-1] - times[0] >= 10 / 50.0 - 0.02


# -- config ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"kind": "deepl", "url": "http://x"}, "translator.kind"),
        ({"kind": "libretranslate", "url": None}, "translator.url"),
        ({"kind": "libretranslate", "url": "ftp://x"}, "translator.url"),
        ({"kind": "libretranslate", "url": "http://x", "batch_size": 0}, "translator.batch_size"),
        ({"kind": "libretranslate", "url": "http://x", "max_concurrency": 0},
         "translator.max_concurrency"),
        ({"kind": "libretranslate", "url": "http://x", "timeout_s": -1}, "translator.timeout_s"),
        ({"kind": "libretranslate", "url": "http://x", "requests_per_s": 0},
         "translator.requests_per_s"),
        ({"kind": "libretranslate", "url": "http://x", "retries": 3}, "translator.retries"),
        ({"kind": "openai-chat", "url": "http://x"}, "translator.model"),
        ({"kind": "local", "model": "/no/such/dir"}, "translator.model"),
        ({"kind": "libretranslate", "url": "http://x", "api_key_env": "PRIVTEXT_UNSET_VAR_X"},
         "PRIVTEXT_UNSET_VAR_X"),
    ],
)  # fmt: skip
def test_bad_config_raises_config_error_naming_the_field(kwargs, needle):
    kind = kwargs.pop("kind")
    url = kwargs.pop("url", None)
    model = kwargs.pop("model", None)
    with pytest.raises(ConfigError, match=needle.replace(".", r"\.")):
        make_translator(kind, url, model, **kwargs)


def test_engine_names_identify_the_engine_without_credentials():
    t = make_translator("libretranslate", "http://user:pw@host:5000/?k=1", None)
    assert t.name == "libretranslate:http://host:5000"
    t = make_translator("openai", "https://api.example/v1", "gpt-x")
    assert t.name == "openai-chat:https://api.example/v1/chat/completions:gpt-x"
    t = make_translator("libretranslate", "http://h", None, engine_id="lt-prod")
    assert t.name == "lt-prod"


def test_local_backend_reports_missing_transformers_clearly(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "transformers", None)  # import fails
    tr = make_translator("local", None, str(tmp_path))
    with pytest.raises(TranslatorError, match="transformers"):
        tr.translate(["The cat sleeps."], "en", "fr")


# -- cache -----------------------------------------------------------------------------------


def test_cache_key_is_unambiguous_and_stable():
    k = cache_key("e", "en", "fr", "a b")
    assert len(k) == 64 and k == cache_key("e", "en", "fr", "a b")
    assert cache_key("e", "en", "fr|x", "y") != cache_key("e", "en", "fr", "x|y")
    assert cache_key("e\x00", "en", "fr", "t") != cache_key("e", "\x00en", "fr", "t")
    assert cache_key("e2", "en", "fr", "a b") != k


@pytest.mark.parametrize("make_cache", ["memory", "sqlite", "dict"])
def test_cached_translation_is_not_sent_again(stand_in, tmp_path, make_cache):
    cache = {"memory": MemoryCache, "dict": dict,
             "sqlite": lambda: SqliteCache(tmp_path / "c.db")}[make_cache]()  # fmt: skip
    tr = _libre(stand_in, batch_size=8, max_concurrency=2)
    first, hits = translate_cached(tr, SENTENCES + SENTENCES[:5], "en", "fr", cache)
    assert hits == 0 and stand_in.sentences == len(SENTENCES)  # duplicates sent once
    n = stand_in.requests
    again, hits = translate_cached(tr, SENTENCES, "en", "fr", cache)
    assert again == first[: len(SENTENCES)] and hits == len(SENTENCES)
    assert stand_in.requests == n


def test_sqlite_cache_survives_a_restart(stand_in, tmp_path):
    tr = _libre(stand_in)
    c1 = SqliteCache(tmp_path / "c.db")
    translate_cached(tr, SENTENCES[:10], "en", "fr", c1)
    c1.close()
    c2 = SqliteCache(tmp_path / "c.db")
    assert len(c2) == 10
    n = stand_in.requests
    translate_cached(tr, SENTENCES[:12], "en", "fr", c2)
    assert stand_in.sentences == 12 and stand_in.requests == n + 1
