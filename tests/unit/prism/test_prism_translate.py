"""PRISM-R and PRISM* encode / decode, and the PRISM-R privacy cost."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest

from privtext.errors import ConfigError
from privtext.prism.dictionary import DictEntry, build_dictionary
from privtext.prism.pos import LexiconPosTagger
from privtext.prism.translate import (
    PrismDictionary,
    Replacement,
    decode,
    encode_prism_r,
    encode_prism_star,
    prism_r_epsilon,
)
from privtext.prism.translators import MemoryCache, make_translator
from privtext.tokenizer import rebuild, tokenize
from tests.support.translator_server import StandInTranslator, english_corpus


def _entries(table: dict[str, list[str]], conf: float = 0.9, pos: str | None = None):
    return [
        DictEntry(w, pos, v, k + 1, 50.0 - k, conf if k == 0 else 0.2, 100)
        for w, vs in table.items()
        for k, v in enumerate(vs)
    ]


PAPER = PrismDictionary(
    _entries(
        {
            "alice": ["alice"],
            "bob": ["bob"],
            "store": ["boutique", "magasin"],
            "hideout": ["cachette"],
            "heading": ["dirige"],
        }
    )  # fmt: skip
)


# -- epsilon ---------------------------------------------------------------------------------


def test_prism_r_epsilon_formula():
    assert prism_r_epsilon(100, 0.5) == pytest.approx(math.log(101))
    assert prism_r_epsilon(1000, 0.9) == pytest.approx(math.log(1 + 1000 * 0.1 / 0.9))
    assert prism_r_epsilon(5, 1.0) == 0.0
    assert prism_r_epsilon(10, 0.2) > prism_r_epsilon(10, 0.4) > prism_r_epsilon(10, 0.8)


@pytest.mark.parametrize(("n", "r"), [(0, 0.5), (10, 0.0), (10, 1.5), (10, float("nan"))])
def test_prism_r_epsilon_rejects_bad_values(n, r):
    with pytest.raises(ConfigError, match=r"prism\."):
        prism_r_epsilon(n, r)


def _output_distribution(word: str, d: PrismDictionary, r: float, grid: int, replace_oov=True):
    """Exact P[output | word] by enumerating a uniform grid (the encoder is deterministic)."""
    u0 = (np.arange(grid) + 0.5) / grid
    u1 = (np.arange(grid) + 0.5) / grid
    counts: Counter[str] = Counter()
    for a in u0:
        for b in u1:
            out, _h = encode_prism_r([word], d, r, [[a, b]], replace_oov=replace_oov)
            counts[out[0]] += 1
    return {k: v / grid**2 for k, v in counts.items()}


def test_prism_r_encoder_meets_its_epsilon_exactly_and_not_less():
    words = ["apple", "bread", "cheese", "dog", "egg"]
    d = PrismDictionary(_entries({w: [w + "_fr"] for w in words}))
    r, n = 0.3, len(words)
    dists = {w: _output_distribution(w, d, r, 100) for w in [*words, "zebra"]}  # zebra: OOV
    outs = set().union(*dists.values())
    worst = max(
        math.log(dists[a].get(y, 0.0) / dists[b][y])
        for a in dists for b in dists for y in outs if dists[b].get(y, 0.0) > 0
    )  # fmt: skip
    eps = prism_r_epsilon(n, r)
    assert worst == pytest.approx(eps, abs=1e-9)  # the bound is tight
    assert dists["apple"]["apple"] == pytest.approx(1 - r + r / n)
    assert dists["zebra"] == {w: pytest.approx(1 / n) for w in words}
    # without always replacing OOV words, "zebra" is an output only "zebra" produces: no bound
    leaky = _output_distribution("zebra", d, r, 100, replace_oov=False)
    assert leaky["zebra"] == pytest.approx(1 - r) and "zebra" not in dists["apple"]


def test_prism_r_keeps_function_words_and_is_deterministic_in_its_uniforms():
    toks = ["Alice", "is", "heading", "to", "the", "hideout"]
    u = np.random.default_rng(3).random((len(toks), 2))
    out1, h1 = encode_prism_r(toks, PAPER, 1.0, u)
    out2, h2 = encode_prism_r(toks, PAPER, 1.0, u.ravel())
    assert out1 == out2 and h1 == h2
    assert [out1[i] for i in (1, 3, 4)] == ["is", "to", "the"]
    assert [h.position for h in h1] == [0, 2, 5]
    assert all(h.substitute in PAPER.words for h in h1)
    assert out1[0][0].isupper()  # case kept
    kept, none = encode_prism_r(toks[1:2], PAPER, 0.0, [[0.5, 0.5]])
    assert kept == ["is"] and none == []


def test_uniforms_of_the_wrong_shape_or_range_are_rejected():
    with pytest.raises(ValueError, match="shape"):
        encode_prism_r(["store"], PAPER, 0.5, [[0.1, 0.2], [0.3, 0.4]])
    with pytest.raises(ValueError, match=r"\[0, 1\)"):
        encode_prism_r(["store"], PAPER, 0.5, [[1.0, 0.2]])


# -- decode ----------------------------------------------------------------------------------


def test_decode_restores_the_paper_example():
    history = [Replacement(0, "Alice", "bob"), Replacement(5, "hideout", "store")]
    y_pri, n = decode("Bob se dirige vers la boutique.", history, PAPER)
    assert (y_pri, n) == ("Alice se dirige vers la cachette.", 2)


def test_decode_falls_back_to_lower_ranked_translations_and_plain_tuples():
    y_pri, n = decode("Bob va au magasin.", [(3, "hideout", "store")], PAPER)
    assert (y_pri, n) == ("Bob va au cachette.", 1)
    y_pri, n = decode("Rien ici.", [(0, "hideout", "store")], PAPER)
    assert (y_pri, n) == ("Rien ici.", 0)


def test_decode_uses_each_occurrence_once_in_source_order_and_handles_elision():
    d = PrismDictionary(_entries({"tree": ["arbre"], "car": ["voiture"], "dog": ["chien"],
                                  "cat": ["chat"]}))  # fmt: skip
    hist = [Replacement(1, "car", "tree"), Replacement(4, "cat", "tree"),
            Replacement(6, "Thomas", "dog")]  # fmt: skip
    y_pri, n = decode("L'arbre voit l'arbre et le chien.", hist, d)
    assert n == 3
    assert y_pri == "L'voiture voit l'chat et le Thomas."  # OOV word decodes to itself


# -- PRISM* against the stand-in -------------------------------------------------------------


@pytest.fixture(scope="module")
def pos_setup(corpus, lexicon):
    tagger = LexiconPosTagger(lexicon.pos_map())
    with StandInTranslator() as srv:
        tr = make_translator("libretranslate", srv.url, None, batch_size=32, max_concurrency=8)
        vocab = lexicon.content_words()[::3]
        entries = build_dictionary(corpus, vocab, tr, "en", "fr", 200, 7, pos_tagger=tagger,
                                   cache=MemoryCache())  # fmt: skip
        yield {"tagger": tagger, "dictionary": PrismDictionary(entries), "srv": srv, "tr": tr}


def _run(setup, method: str, r: float, n: int = 150, seed: int = 0):
    d, tagger, tr = setup["dictionary"], setup["tagger"], setup["tr"]
    rng = np.random.default_rng(seed)
    sents = english_corpus(n, seed=1234)
    x_pubs, hists, toks_all, tags_all = [], [], [], []
    for s in sents:
        toks = tokenize(s)
        u = rng.random((len(toks), 2))
        if method == "star":
            tags = [p for _t, p in tagger.tag([" ".join(toks.texts)])[0]]
            out, h = encode_prism_star(toks.texts, tags, d, r, u)
            tags_all.append(tags)
        else:
            out, h = encode_prism_r(toks.texts, d, r, u)
        x_pubs.append(rebuild(s, toks.starts, toks.ends, out))
        hists.append(h)
        toks_all.append(toks.texts)
    y_pubs = tr.translate(x_pubs, "en", "fr")
    decoded = [decode(y, h, d) for y, h in zip(y_pubs, hists, strict=True)]
    return sents, x_pubs, hists, decoded, toks_all, tags_all


def test_prism_star_decodes_at_least_95_percent_of_replaced_words(pos_setup):
    d = pos_setup["dictionary"]
    sents, x_pubs, hists, decoded, toks_all, tags_all = _run(pos_setup, "star", 0.5)
    n_hist = sum(len(h) for h in hists)
    n_dec = sum(n for _y, n in decoded)
    assert n_hist >= 200
    assert n_dec / n_hist >= 0.95
    # substitutes share the POS tag, are confident, and never repeat a word of the sentence
    for toks, tags, h in zip(toks_all, tags_all, hists, strict=True):
        lower = {t.lower() for t in toks}
        for item in h:
            assert item.pos == tags[item.position]
            assert d.confidence(item.substitute, item.pos) >= 0.6
            assert item.substitute not in lower
        assert len({item.substitute for item in h}) == len(h)
    # decoded outputs contain the dictionary translation of the replaced words
    placed = sum(
        1
        for (y_pri, _n), h in zip(decoded, hists, strict=True)
        for item in h
        if (d.best(item.word, item.pos) or item.word.lower()) in y_pri.lower()
    )
    assert placed / n_hist >= 0.95


def test_prism_star_replaces_the_requested_share_most_confident_first(pos_setup):
    d, tagger = pos_setup["dictionary"], pos_setup["tagger"]
    toks = "The old farmer sells the red apples in the market.".replace(".", " .").split()
    tags = [p for _t, p in tagger.tag([" ".join(toks)])[0]]
    u = np.random.default_rng(0).random((len(toks), 2))
    out, hist = encode_prism_star(toks, tags, d, 0.5, u)
    content = [t for t in toks if t.lower() not in {"the", "in", "."}]
    assert len(hist) == round(0.5 * len(content))
    chosen = [d.confidence(h.word, h.pos) for h in hist]
    others = [d.confidence(toks[i], tags[i]) for i in range(len(toks))
              if toks[i] in content and i not in {h.position for h in hist}]  # fmt: skip
    assert min(chosen) >= max(others)
    assert encode_prism_star(toks, tags, d, 0.0, u) == (toks, [])


def test_prism_r_end_to_end_decodes_most_words(pos_setup):
    _s, _x, hists, decoded, _t, _g = _run(pos_setup, "r", 0.5, n=80)
    n_hist = sum(len(h) for h in hists)
    assert n_hist > 100
    assert sum(n for _y, n in decoded) / n_hist >= 0.8
