"""PRISM job configuration and the per-batch encode / decode functions (no JVM)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from privtext.errors import ConfigError
from privtext.mechanisms.noise import KeyedNoise
from privtext.prism.config import build_prism_config
from privtext.prism.dictionary import DictEntry, tokenize_target
from privtext.prism.translate import PrismDictionary
from tests.support.translator_server import translate_sentence


def test_defaults_and_cache_path_next_to_the_output():
    cfg = build_prism_config(None, {"output": {"path": "/data/dict/"}})
    assert cfg.cache_path() == "/data/dict-translation-cache"
    assert cfg.dictionary.samples == 200 and cfg.prism.method == "prism-r"
    assert cfg.prism.ratio is None  # no default: every run states it
    cfg = build_prism_config(None, {"cache": {"path": "/c"}, "output": {"path": "/o"}})
    assert cfg.cache_path() == "/c"


@pytest.mark.parametrize(
    ("overrides", "needle"),
    [
        ({"prism": {"ratio": 1.5}}, "prism.ratio"),
        ({"prism": {"method": "prism-x"}}, "prism.method"),
        ({"translator": {"max_concurrency": 0}}, "translator.max_concurrency"),
        ({"dictionary": {"samples": 0}}, "dictionary.samples"),
        ({"evaluate": {"ratios": (0.5, 2.0)}}, "evaluate.ratios"),
        ({"bogus": {"x": 1}}, "bogus"),
    ],
)
def test_bad_values_name_the_field(overrides, needle):
    with pytest.raises(ConfigError, match=needle.replace(".", r"\.")):
        build_prism_config(None, overrides)


def test_yaml_file_and_flags_merge(tmp_path):
    f = tmp_path / "prism.yaml"
    f.write_text("translator:\n  url: http://h:5000\n  batch_size: 4\nprism:\n  ratio: 0.2\n")
    cfg = build_prism_config(f, {"prism": {"ratio": 0.4, "method": None}})
    assert cfg.translator.url == "http://h:5000" and cfg.translator.batch_size == 4
    assert cfg.prism.ratio == 0.4


def test_require_names_the_flag_and_translator_needs_a_url():
    cfg = build_prism_config(None, {})
    with pytest.raises(ConfigError, match=r"input\.path is required \(--input\)"):
        cfg.require("input.path")
    with pytest.raises(ConfigError, match=r"translator\.url"):
        cfg.translator.check()
    cfg = build_prism_config(None, {"translator": {"url": "http://127.0.0.1:9", "engine_id": "e"}})
    tr = cfg.translator.build()
    assert tr.name == "e" and tr.limits.max_concurrency == 8


def _dictionary() -> PrismDictionary:
    words = {"cat": "chat", "dog": "chien", "bird": "oiseau", "horse": "cheval", "red": "rouge",
             "sleeps": "dort", "eats": "mange", "apple": "pomme", "tree": "arbre"}  # fmt: skip
    return PrismDictionary([DictEntry(w, None, t, 1, 10.0, 1.0, 100) for w, t in words.items()])


def test_encode_then_decode_restores_every_replaced_word_and_is_keyed():
    from pipelines.prism import decode_frame, encode_frame

    d = _dictionary()
    pdf = pd.DataFrame(
        {"id": ["a", "b"], "text": ["The cat eats the apple.", "The dog sleeps near the tree."]}
    )
    noise = KeyedNoise(b"k" * 32)
    enc = encode_frame(pdf, d, "prism-r", 1.0, noise)
    again = encode_frame(pdf, d, "prism-r", 1.0, KeyedNoise(b"k" * 32))
    other = encode_frame(pdf, d, "prism-r", 1.0, KeyedNoise(b"z" * 32))
    assert enc["x_pub"].tolist() == again["x_pub"].tolist()
    assert enc["x_pub"].tolist() != other["x_pub"].tolist()
    assert enc["n_content_words"].tolist() == [3, 3]  # "near" is a function word
    assert enc["n_replaced"].tolist() == [3, 3]
    assert all(x.endswith(".") and x[0].isupper() for x in enc["x_pub"])
    enc["y_pub"] = [translate_sentence(x) for x in enc["x_pub"]]
    dec = decode_frame(enc[["id", "y_pub", "h_pos", "h_word", "h_sub", "h_tag"]], d)
    assert dec["n_decoded"].tolist() == enc["n_replaced"].tolist()
    y = dec["y_pri"].tolist()
    # the content words come back; articles keep the substitute's gender (l'chat): PRISM's
    # known limitation, words only
    assert {"chat", "mange", "pomme"} <= set(tokenize_target(y[0]))
    assert {"chien", "dort", "arbre"} <= set(tokenize_target(y[1]))


def test_encode_with_ratio_zero_keeps_dictionary_words():
    from pipelines.prism import encode_frame

    pdf = pd.DataFrame({"id": ["a"], "text": ["The cat eats the apple."]})
    enc = encode_frame(pdf, _dictionary(), "prism-r", 0.0, KeyedNoise(b"k" * 32))
    assert enc["x_pub"].tolist() == ["The cat eats the apple."]
    assert enc["n_replaced"].tolist() == [0]
    assert np.asarray(enc["h_pos"][0]).size == 0
