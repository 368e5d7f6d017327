"""Attackers learn a secret that context reveals, stay at the prior without signal, and
round-trip through save/load."""

from __future__ import annotations

import math

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from privtext.audit.attackers import (  # noqa: E402
    ATTACKERS,
    TrainConfig,
    TrainedAttacker,
    expected_calibration_error,
    train_attacker,
)
from privtext.audit.data import AuditExample  # noqa: E402

SECRETS = ["alice", "bruno", "chen", "dana", "emeka", "farah"]
FILLER = [f"w{i}" for i in range(30)]
NOISE = [f"n{i}" for i in range(20)]


def synthetic(n_docs: int, seed: int, signal: bool, prefix: str = "d") -> list[AuditExample]:
    """Documents of 10-16 filler tokens with two protected positions and a clue ``firmK``.

    The clue sits just before the first protected position (as "works at" before an
    employer); the released words at the protected positions are random noise words (no
    information). With ``signal`` the secret is ``SECRETS[K]`` (recoverable from the clue);
    without it the secret is drawn independently of the document.
    """
    rng = np.random.default_rng(seed)
    out = []
    for d in range(n_docs):
        n = int(rng.integers(10, 17))
        toks = [FILLER[i] for i in rng.integers(0, len(FILLER), n)]
        k = int(rng.integers(0, len(SECRETS)))
        secret = SECRETS[k] if signal else SECRETS[int(rng.integers(0, len(SECRETS)))]
        pos = sorted(int(p) for p in rng.choice(np.arange(1, n), size=2, replace=False))
        toks[pos[0] - 1] = f"firm{k}"
        for p in pos:
            toks[p] = NOISE[int(rng.integers(0, len(NOISE)))]
        out.append(AuditExample(f"{prefix}{d:04d}", toks, pos, [secret, secret]))
    return out


def small(kind: str, **kw) -> TrainConfig:
    base = dict(kind=kind, embed_dim=32, hidden=64, epochs=25, patience=3, lr=5e-3, seed=0)
    base.update(kw)
    return TrainConfig(**base)


@pytest.mark.parametrize("kind", ATTACKERS)
def test_attacker_recovers_a_secret_given_by_context(kind):
    train = synthetic(300, 0, True)
    test = synthetic(100, 1, True, prefix="t")
    # the Elman RNN learns slower: a larger step and more patience (same seed, deterministic)
    cfg = small(kind, lr=1e-2, patience=6) if kind == "rnn" else small(kind)
    att = train_attacker(train, cfg, secret_vocab=SECRETS)
    assert att.top1(test) > 0.8, att.history
    assert att.val_top1 > 0.8
    lp = att.predict_log_proba(test[:3])
    assert [a.shape for a in lp] == [(2, 6)] * 3
    np.testing.assert_allclose(np.exp(lp[0]).sum(axis=1), 1.0, rtol=1e-9)
    c = att.calibration
    assert set(c) == {"ece_before", "ece_after", "nll_before", "nll_after", "temperature"}
    assert c["nll_after"] <= c["nll_before"] + 1e-12
    assert att.split["train_docs"] + att.split["val_docs"] == 300


def test_no_signal_stays_near_the_prior():
    train = synthetic(200, 2, False)
    test = synthetic(150, 3, False, prefix="t")
    att = train_attacker(train, small("lstm", epochs=10))
    assert att.top1(test) < 0.35  # the prior's argmax gets about 1/6
    # calibrated NLL close to log 6 (what the prior gives), not far below it
    assert att.calibration["nll_after"] > math.log(6) - 0.25
    assert att.calibration["nll_after"] <= att.calibration["nll_before"] + 1e-12


def test_save_load_round_trip(tmp_path):
    train = synthetic(120, 4, True)
    att = train_attacker(train, small("transformer", epochs=3, max_len=16))
    att.save(tmp_path / "att")
    back = TrainedAttacker.load(tmp_path / "att")
    test = synthetic(20, 5, True, prefix="t")
    for a, b in zip(att.predict_log_proba(test), back.predict_log_proba(test), strict=True):
        np.testing.assert_array_equal(a, b)
    assert back.secret_vocab == att.secret_vocab and back.input_vocab == att.input_vocab
    assert back.temperature == att.temperature and back.history == att.history


def test_same_seed_same_weights_and_long_documents_are_windowed():
    train = synthetic(60, 6, True)
    # one long document: 600 tokens, protected positions spread over it
    toks = ["w1"] * 600
    long_ex = AuditExample("long", toks, [5, 250, 590], ["alice", "bruno", "chen"])
    cfg = small("rnn", epochs=2, max_len=64)
    a = train_attacker([*train, long_ex], cfg)
    b = train_attacker([*train, long_ex], cfg)
    for (ka, va), (kb, vb) in zip(
        a.model.state_dict().items(), b.model.state_dict().items(), strict=True
    ):
        assert ka == kb and torch.equal(va, vb)
    out = a.predict_log_proba([long_ex])[0]
    assert out.shape == (3, len(a.secret_vocab)) and np.isfinite(out).all()
    c = train_attacker([*train, long_ex], small("rnn", epochs=2, max_len=64, seed=1))
    assert any(
        not torch.equal(va, vc)
        for va, vc in zip(a.model.state_dict().values(), c.model.state_dict().values(), strict=True)
    )


def test_out_of_vocabulary_secret_is_a_miss():
    train = synthetic(80, 7, True)
    att = train_attacker(train, small("rnn", epochs=2))
    ex = AuditExample("x", ["w1", "n1", "w2"], [1], ["zorro"])
    assert att.true_index([ex])[0].tolist() == [-1]
    assert att.top1([ex]) == 0.0


def test_ece():
    lp = np.log(np.array([[0.9, 0.1], [0.9, 0.1], [0.6, 0.4], [0.6, 0.4]]))
    # bin of 0.9: accuracy 1/2 -> |0.5 - 0.9|; bin of 0.6: accuracy 1 -> |1 - 0.6|
    got = expected_calibration_error(lp, np.array([0, 1, 0, 0]))
    assert got == pytest.approx(0.5 * 0.4 + 0.5 * 0.4)


def test_bad_config():
    with pytest.raises(ValueError):
        TrainConfig(kind="gru")
    with pytest.raises(ValueError):
        TrainConfig(kind="transformer", embed_dim=30, heads=4)


# -- attackers that read the public word vectors ---------------------------------------------
# secrets far apart in GloVe, so that their neighbourhoods do not overlap
PLACES = ["paris", "violin", "salmon", "tuesday", "chemistry", "basketball"]


@pytest.fixture(scope="module")
def glove():
    from privtext.embeddings import load_embeddings_cached

    return load_embeddings_cached("glove-6b-50d")


def near_release(glove, n_docs: int, seed: int, ranks: range, prefix: str) -> list[AuditExample]:
    """Documents of filler words with one protected position: the secret is one of
    ``PLACES`` (a stand-in for a tier's secrets), the released word one of its GloVe nearest
    neighbours at ``ranks`` (what a metric mechanism releases); no clue in the context."""
    rows = glove.lookup(PLACES)
    vec = glove.vectors[:50_000]
    neigh = []
    for r in rows:
        d = np.linalg.norm(vec - glove.vectors[r], axis=1)
        order = [int(i) for i in np.argsort(d)[1:40] if glove.words[i].isalpha()]
        neigh.append([str(glove.words[i]) for i in order])
    rng = np.random.default_rng(seed)
    out = []
    for d in range(n_docs):
        toks = [FILLER[i] for i in rng.integers(0, len(FILLER), 8)]
        k = int(rng.integers(0, len(PLACES)))
        toks[4] = neigh[k][int(rng.choice(list(ranks)))]
        out.append(AuditExample(f"{prefix}{d:04d}", toks, [4], [PLACES[k]]))
    return out


@pytest.mark.parametrize("kind", ["lstm", "transformer"])
def test_public_vectors_let_an_attacker_read_released_words_it_never_saw(glove, kind):
    # trained on each place's 6 nearest neighbours, tested on neighbours 8-13: the words at
    # test time were never in the training split, so an attacker with learned embeddings only
    # reads <unk> there (chance, 1/6), and one that reads the public vectors finds the place
    train = near_release(glove, 400, 0, range(0, 6), "d")
    test = near_release(glove, 150, 1, range(8, 14), "t")
    assert not {t.tokens[4] for t in test} & {t.tokens[4] for t in train}
    plain = train_attacker(train, small(kind), secret_vocab=PLACES)
    public = train_attacker(train, small(kind, embeddings="glove-6b-50d"), secret_vocab=PLACES)
    assert plain.top1(test) < 0.4
    assert public.top1(test) > 0.7


def test_public_vectors_round_trip_through_save_and_load(glove, tmp_path):
    train = near_release(glove, 120, 2, range(0, 6), "d")
    att = train_attacker(train, small("rnn", epochs=3, embeddings="glove-6b-50d"))
    att.save(tmp_path / "att")
    back = TrainedAttacker.load(tmp_path / "att")
    assert back.config.embeddings == "glove-6b-50d"
    test = near_release(glove, 20, 3, range(6, 12), "t")
    for a, b in zip(att.predict_log_proba(test), back.predict_log_proba(test), strict=True):
        np.testing.assert_array_equal(a, b)


# -- the context prior: the same attacker with the released words hidden -----------------------
def clued(n_docs: int, seed: int, prefix: str, where: str) -> list[AuditExample]:
    """One protected position; a clue ``clueK`` names the secret ``SECRETS[K]`` in 60% of the
    documents (a random secret otherwise), so an attacker is sure of nothing. ``where``:
    ``context``, the clue is a clear word before the position and the released word is noise;
    ``release``, the released word itself is the clue (a release that leaks by itself)."""
    rng = np.random.default_rng(seed)
    out = []
    for d in range(n_docs):
        toks = [FILLER[i] for i in rng.integers(0, len(FILLER), 12)]
        k = int(rng.integers(0, len(SECRETS)))
        secret = k if rng.random() < 0.6 else int(rng.integers(0, len(SECRETS)))
        toks[5] = f"clue{k}" if where == "release" else NOISE[int(rng.integers(0, len(NOISE)))]
        if where == "context":
            toks[4] = f"clue{k}"
        out.append(AuditExample(f"{prefix}{d:04d}", toks, [5], [SECRETS[secret]]))
    return out


def _ratio(att: TrainedAttacker, test: list[AuditExample], prior: str, eps: float) -> float:
    """Share of all (position, x_i, x_j) triplets with |PL| > eps (every d = 1)."""
    from privtext.audit.data import empirical_log_prior
    from privtext.audit.mpl import enumerate_pbmpl

    lp = np.concatenate(att.predict_log_proba(test))
    if prior == "context":
        pri = np.concatenate(att.predict_log_proba(test, hide=True))
    else:
        pri = empirical_log_prior(test, att.secret_vocab)
    v = len(att.secret_vocab)
    return enumerate_pbmpl(lp, pri, np.ones((v, v)) - np.eye(v), eps)[0]


def test_the_context_prior_cancels_what_the_clear_context_says_and_keeps_what_the_release_adds():
    # A clue gives the secret away 60% of the time: the posterior odds of the clued secret
    # against another are about (0.6 + 0.4/6) / (0.4/6) = 10, |PL| = ln 10 = 2.3 > 1 on the
    # 10 of 30 ordered pairs that hold it, so a third of the triplets violate eps = 1.
    cfg = small("lstm", context_prior=True, epochs=15)
    # the clue is in the clear context and the released word is noise: the context prior (the
    # attacker's belief with the released word hidden) takes the leakage out, the base rate
    # counts it
    att = train_attacker(clued(600, 0, "d", "context"), cfg, SECRETS)
    test = clued(200, 1, "t", "context")
    base, ctx = _ratio(att, test, "base-rate", 1.0), _ratio(att, test, "context", 1.0)
    assert base > 0.2 and ctx < min(0.1, base / 5), (base, ctx)  # measured: 0.48, 0.03
    # the released word is the clue and the context says nothing: both priors count it
    att = train_attacker(clued(600, 2, "d", "release"), cfg, SECRETS)
    test = clued(200, 3, "t", "release")
    base, ctx = _ratio(att, test, "base-rate", 1.0), _ratio(att, test, "context", 1.0)
    assert base > 0.2 and ctx > 0.2, (base, ctx)  # measured: 0.35, 0.34
    # hidden, the released word is not read at all: two releases differing only there agree
    a, b = test[0], test[1]
    swapped = AuditExample("s", [*a.tokens[:5], b.tokens[5], *a.tokens[6:]], [5], b.secrets)
    qa, qs = att.predict_log_proba([a, swapped], hide=True)
    np.testing.assert_array_equal(qa, qs)


def test_an_attacker_trained_without_hidden_words_has_no_context_prior(tmp_path):
    plain = train_attacker(synthetic(60, 8, True), small("rnn", epochs=2))
    with pytest.raises(ValueError, match="context_prior"):
        plain.predict_log_proba(synthetic(3, 9, True), hide=True)
    att = train_attacker(synthetic(60, 8, True), small("rnn", epochs=2, context_prior=True))
    assert att.input_vocab[:3] == ["<pad>", "<unk>", "<hidden>"]
    att.save(tmp_path / "att")
    back = TrainedAttacker.load(tmp_path / "att")
    test = synthetic(10, 9, True, prefix="t")
    for a, b in zip(
        att.predict_log_proba(test, hide=True), back.predict_log_proba(test, hide=True), strict=True
    ):
        np.testing.assert_array_equal(a, b)


NEAR = 1500


def linked_release(glove, n_docs: int, seed: int, prefix: str) -> list[AuditExample]:
    """Two secrets of ``PLACES`` per document, each mentioned three times after its own cue
    word (``ma`` or ``mb``: which mentions go together), each mention released as a random one
    of its ``NEAR`` nearest GloVe neighbours: one mention says little, the three together say
    more."""
    rows = glove.lookup(PLACES)
    vec = glove.vectors[:50_000]
    neigh = []
    for r in rows:
        d = np.linalg.norm(vec - glove.vectors[r], axis=1)
        neigh.append([str(glove.words[i]) for i in np.argsort(d)[1:2500]
                      if glove.words[i].isalpha()][:NEAR])  # fmt: skip
    rng = np.random.default_rng(seed)
    out = []
    for d in range(n_docs):
        ka, kb = (int(k) for k in rng.choice(len(PLACES), size=2, replace=False))
        toks, pos, sec = [], [], []
        for cue in rng.permutation(["ma"] * 3 + ["mb"] * 3).tolist():
            k = ka if cue == "ma" else kb
            toks += [FILLER[int(rng.integers(0, len(FILLER)))], cue]
            pos.append(len(toks))
            sec.append(PLACES[k])
            toks.append(neigh[k][int(rng.integers(0, NEAR))])
        out.append(AuditExample(f"{prefix}{d:04d}", toks, pos, sec))
    return out


def test_the_linked_head_reads_the_mentions_of_one_secret_together(glove, tmp_path):
    train = linked_release(glove, 400, 0, "d")
    test = linked_release(glove, 150, 1, "t")
    cfg = dict(embeddings="glove-6b-50d", epochs=20)
    plain = train_attacker(train, small("lstm", **cfg), secret_vocab=PLACES)
    linked = train_attacker(train, small("lstm", link_mentions=True, **cfg), secret_vocab=PLACES)
    # measured: 0.76 without the link, 0.91 with it
    assert linked.top1(test) > plain.top1(test) + 0.08
    linked.save(tmp_path / "att")
    back = TrainedAttacker.load(tmp_path / "att")
    for a, b in zip(
        linked.predict_log_proba(test[:5]), back.predict_log_proba(test[:5]), strict=True
    ):
        np.testing.assert_array_equal(a, b)
    with pytest.raises(ValueError, match="link_mentions"):
        TrainConfig(kind="lstm", link_mentions=True)
