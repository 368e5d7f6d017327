import subprocess
import sys

import numpy as np
import pytest
from scipy import stats

from privtext.errors import ConfigError
from privtext.mechanisms.noise import KeyedNoise, load_noise_key

KEY = b"k" * 32


def test_same_key_doc_position_stream_gives_same_draws_whatever_the_batch():
    kn = KeyedNoise(KEY)
    dk = kn.doc_keys(["a", "b", "c"])
    full = kn.uniforms(dk, np.array([0, 5, 9]), 1, 7)
    part = kn.uniforms(dk[1:2], np.array([5]), 1, 7)
    assert np.array_equal(full[1:2], part)
    assert np.array_equal(kn.uniforms(dk, np.array([0, 5, 9]), 1, 3), full[:, :3])


def test_different_key_doc_position_or_stream_gives_different_draws():
    a = KeyedNoise(KEY)
    b = KeyedNoise(b"j" * 32)
    dk = a.doc_keys(["d"])
    base = a.uniforms(dk, [3], 1, 4)
    assert not np.array_equal(base, b.uniforms(b.doc_keys(["d"]), [3], 1, 4))
    assert not np.array_equal(base, a.uniforms(a.doc_keys(["e"]), [3], 1, 4))
    assert not np.array_equal(base, a.uniforms(dk, [4], 1, 4))
    assert not np.array_equal(base, a.uniforms(dk, [3], 2, 4))


def test_draws_are_uniform_on_the_open_interval():
    kn = KeyedNoise(KEY)
    u = kn.uniforms(kn.doc_keys([f"d{i}" for i in range(2000)]), np.arange(2000), 1, 50).ravel()
    assert u.min() > 0 and u.max() < 1
    assert stats.kstest(u, "uniform").pvalue > 1e-6


def test_draws_reproduce_in_another_process():
    kn = KeyedNoise(KEY)
    here = kn.uniforms(kn.doc_keys(["doc-1"]), [42], 2, 5)
    code = (
        "import numpy as np; from privtext.mechanisms.noise import KeyedNoise;"
        f"kn=KeyedNoise({KEY!r});"
        "print(repr(kn.uniforms(kn.doc_keys(['doc-1']), [42], 2, 5).tolist()))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert eval(out.stdout.strip()) == here.tolist()


def test_key_is_never_shown_or_pickled():
    import pickle

    kn = KeyedNoise(KEY)
    assert "kkkk" not in repr(kn) and "kkkk" not in str(kn)
    with pytest.raises(TypeError):
        pickle.dumps(kn)


def test_key_comes_from_file_before_environment(tmp_path, monkeypatch):
    f = tmp_path / "key"
    f.write_text("ab" * 16)
    monkeypatch.setenv("PRIVTEXT_NOISE_KEY", "cd" * 16)
    assert load_noise_key(f) == bytes.fromhex("ab" * 16)
    assert load_noise_key(None) == bytes.fromhex("cd" * 16)


def test_missing_or_short_key_is_refused_without_echoing_it(tmp_path, monkeypatch):
    monkeypatch.delenv("PRIVTEXT_NOISE_KEY", raising=False)
    with pytest.raises(ConfigError, match="PRIVTEXT_NOISE_KEY"):
        load_noise_key(None)
    monkeypatch.setenv("PRIVTEXT_NOISE_KEY", "shortsecret")
    with pytest.raises(ConfigError) as exc:
        load_noise_key(None)
    assert "shortsecret" not in str(exc.value)
