"""The mass-translation dictionary: ratios, confidences, precision against the stand-in, cache."""

from __future__ import annotations

import numpy as np
import pytest

from privtext.errors import ConfigError
from privtext.prism.dictionary import (
    DictEntry,
    build_dictionary,
    confidence,
    detokenize,
    make_variants,
    score_word,
    tokenize_target,
)
from privtext.prism.pos import LexiconPosTagger, tokenize_source
from privtext.prism.translators import MemoryCache, SqliteCache, TranslatorError, make_translator
from tests.support.translator_server import StandInTranslator

M = 200
SEED = 7


def _translator(srv, **kw):
    limits = {"batch_size": 32, "max_concurrency": 8, "backoff_base_s": 0.001, **kw}
    return make_translator("libretranslate", srv.url, None, **limits)


# -- pure functions ---------------------------------------------------------------------------


def test_ratio_ranks_the_translation_above_articles_and_smooths_absent_words():
    base = ["le chat dort", "la femme court", "le chien mange", "la reine dort"]
    variants = ["le chat vole", "la vole femme", "le chien vole", "l'oiseau vole"]
    ranked = score_word(base, variants)
    assert ranked[0][0] == "vole"
    # vole: in 4/4 of R_w, 0/4 of R -> 1 / (1/6) = 6 (add-one: (0+1)/(4+2))
    assert ranked[0][1] == pytest.approx(6.0)
    ratios = dict(ranked)
    assert ratios["le"] == pytest.approx((2 / 4) / (3 / 6))  # article: ratio 1
    assert ratios["le"] < ratios["oiseau"] < ratios["vole"]


def test_ratio_beats_an_article_that_the_numerator_alone_would_rank_first():
    base = ["le x"] * 9 + ["y"]
    variants = ["le chat"] * 9 + ["le z"]  # "le" in every R_w, "chat" in 9 of 10
    ranked = score_word(base, variants)
    assert ranked[0][0] == "chat"  # the numerator alone: le (1.0) > chat (0.9)
    assert ranked[0][1] == pytest.approx(0.9 / (1 / 12))
    assert dict(ranked)["le"] == pytest.approx(1.0 / (10 / 12))


def test_ties_break_by_frequency_then_alphabetically():
    ranked = score_word(["x"], ["b a", "b"])
    assert [v for v, _ in ranked] == ["b", "a"]
    ranked = score_word(["x"], ["b a", "a b"])
    assert [v for v, _ in ranked] == ["a", "b"]


def test_confidence_is_the_share_of_variant_translations_containing_the_word():
    assert confidence("vole", ["le chat vole", "l'oiseau vole", "il court"]) == pytest.approx(2 / 3)
    assert confidence("x", []) == 0.0
    assert confidence("arbre", ["sous l'arbre"]) == 1.0  # elision split


def test_target_tokenizer_splits_elision_and_keeps_hyphens():
    assert tokenize_target("L'arbre et le rendez-vous, d'accord!") == [
        "l", "arbre", "et", "le", "rendez-vous", "d", "accord"
    ]  # fmt: skip


def test_make_variants_replaces_exactly_one_word_per_sentence():
    sents = [tokenize_source(s) for s in ["The cat sleeps.", "A dog runs in the park.", "Hi!"]]
    rng = np.random.default_rng(0)
    out = make_variants(sents, "zebra", rng)
    assert len(out) == 3
    for toks, v in zip(sents, out, strict=True):
        new = tokenize_source(v)
        assert len(new) == len(toks)
        diff = [i for i, (a, b) in enumerate(zip(toks, new, strict=True)) if a != b]
        assert len(diff) == 1 and new[diff[0]].lower() == "zebra"
        assert new[-1] in ".!"  # punctuation never replaced


def test_make_variants_with_pos_replaces_only_same_tag_and_skips_sentences_without_it():
    sents = [["The", "cat", "sleeps", "."], ["He", "runs", "."], ["Birds", "sing", "."]]
    tags = [["DET", "NOUN", "VERB", "PUNCT"], ["PRON", "VERB", "PUNCT"],
            ["NOUN", "VERB", "PUNCT"]]  # fmt: skip
    out = make_variants(sents, "dog", np.random.default_rng(1), pos="NOUN", pos_of=tags)
    assert out == ["The dog sleeps.", "Dog sing."]
    with pytest.raises(ValueError, match="pos_of"):
        make_variants(sents, "dog", np.random.default_rng(1), pos="NOUN")


def test_detokenize_attaches_punctuation():
    assert detokenize(["Hello", ",", "world", "(", "yes", ")", "."]) == "Hello, world (yes)."


# -- against the stand-in ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def plain_dictionary(corpus):
    """Dictionary of a spread of unambiguous and ambiguous content words (M = 200)."""
    with StandInTranslator() as srv:
        lex = srv.lexicon
        unamb = lex.content_words(ambiguous=False)[::5]
        amb = lex.content_words(ambiguous=True)
        tr = _translator(srv)
        entries = build_dictionary(corpus, unamb + amb, tr, "en", "fr", M, SEED)
        yield {"entries": entries, "unambiguous": unamb, "ambiguous": amb, "lexicon": lex,
               "sentences": srv.sentences}  # fmt: skip


def test_precision_at_1_for_unambiguous_words_is_at_least_0_9(plain_dictionary):
    d = plain_dictionary
    top = {e.source_word: e for e in d["entries"] if e.rank == 1}
    words = d["unambiguous"]
    assert len(words) >= 100
    correct = [w for w in words if w in top and top[w].target_word in d["lexicon"].targets(w)]
    precision = len(correct) / len(words)
    assert precision >= 0.9, [(w, top.get(w)) for w in words if w not in correct][:10]


def test_ambiguous_words_get_lower_confidence(plain_dictionary):
    d = plain_dictionary
    conf = {e.source_word: e.confidence for e in d["entries"] if e.rank == 1}
    amb = [conf[w] for w in d["ambiguous"] if w in conf]
    nouns = [conf[w] for w in d["unambiguous"] if w in conf and d["lexicon"].pos_of(w) == "NOUN"]
    assert max(amb) < 0.8 < float(np.median(nouns))
    # both senses of an ambiguous word are listed
    for w in d["ambiguous"]:
        listed = {e.target_word for e in d["entries"] if e.source_word == w}
        senses = {s[0] for s in d["lexicon"].get(w).senses}
        assert senses <= listed, (w, listed)


def test_entries_are_well_formed(plain_dictionary):
    d = plain_dictionary
    by_word: dict[str, list[DictEntry]] = {}
    for e in d["entries"]:
        by_word.setdefault(e.source_word, []).append(e)
    for w, es in by_word.items():
        assert [e.rank for e in es] == list(range(1, len(es) + 1)) and len(es) <= 5
        assert all(a.p_ratio >= b.p_ratio for a, b in zip(es, es[1:], strict=False))
        assert all(e.p_ratio >= 2.0 and 0.05 <= e.confidence <= 1 for e in es)
        assert all(e.samples == M and e.pos is None for e in es), w
    # base translations once, then M variants per word
    n_words = len(d["unambiguous"]) + len(d["ambiguous"])
    assert d["sentences"] <= M + M * n_words


def test_pos_keyed_dictionary_uses_same_tag_variants(corpus, lexicon):
    tagger = LexiconPosTagger(lexicon.pos_map())
    with StandInTranslator() as srv:
        entries = build_dictionary(
            corpus,
            ["cat", ("red", "ADJ"), "sleeps", "quickly"],
            _translator(srv),
            "en",
            "fr",
            100,
            SEED,
            pos_tagger=tagger,
        )
    top = {(e.source_word, e.pos): e.target_word for e in entries if e.rank == 1}
    assert top == {("cat", "NOUN"): "chat", ("red", "ADJ"): "rouge", ("sleeps", "VERB"): "dort",
                   ("quickly", "ADV"): "rapidement"}  # fmt: skip
    cat = next(e for e in entries if e.source_word == "cat" and e.rank == 1)
    assert cat.confidence > 0.95


def test_cache_prevents_re_translation_and_resume_translates_only_new_words(corpus, lexicon):
    words = lexicon.content_words(ambiguous=False)[::20]
    cache = MemoryCache()
    progress: list[dict] = []
    with StandInTranslator() as srv:
        tr = _translator(srv)
        first = build_dictionary(corpus, words, tr, "en", "fr", 100, SEED, cache=cache,
                                 progress=progress.append)  # fmt: skip
        n_req, n_sent = srv.requests, srv.sentences
        # base + 100 variants per word, less duplicates (a variant equal to a sampled sentence)
        assert 0.95 * 100 * (len(words) + 1) <= n_sent <= 100 * (len(words) + 1)
        again = build_dictionary(corpus, words, tr, "en", "fr", 100, SEED, cache=cache)
        assert again == first
        assert srv.requests == n_req  # nothing re-translated
        new = [w for w in ("cat", "dog", "horse", "tree") if w not in words][:2]
        more = build_dictionary(corpus, words + new, tr, "en", "fr", 100, SEED, cache=cache)
        assert 190 <= srv.sentences - n_sent <= 200  # only the two new words' variants
        assert more[: len(first)] == first
    assert progress[-1]["words_done"] == progress[-1]["words_total"] == len(words)
    assert progress[-1]["requests"] >= 1


def test_interrupted_build_resumes_from_the_persistent_cache(corpus, lexicon, tmp_path):
    words = lexicon.content_words(ambiguous=False)[::25]
    with StandInTranslator() as clean:
        fresh = build_dictionary(
            corpus, words, _translator(clean), "en", "fr", 100, SEED, cache=MemoryCache()
        )
        total = clean.sentences  # distinct sentences of an uninterrupted run
    with StandInTranslator(faults=["ok"] * 12 + ["500"] * 3) as srv:
        tr = _translator(srv, max_concurrency=1, max_retries=2)
        with pytest.raises(TranslatorError):
            build_dictionary(corpus, words, tr, "en", "fr", 100, SEED,
                             cache=SqliteCache(tmp_path / "c.db"), chunk_sentences=300)  # fmt: skip
        assert 0 < srv.sentences < total
        srv.set_faults(None)
        cache = SqliteCache(tmp_path / "c.db")
        entries = build_dictionary(corpus, words, tr, "en", "fr", 100, SEED, cache=cache,
                                   chunk_sentences=300)  # fmt: skip
        # work lost to the failure is bounded by one piece (batch * concurrency * 4)
        assert total <= srv.sentences <= total + 32 * 1 * 4
        assert len(cache) == total
    assert entries == fresh


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [({"samples_m": 0}, "prism.samples_m"), ({"top_k": 0}, "prism.top_k"),
     ({"min_ratio": -1.0}, "prism.min_ratio"), ({"corpus_sentences": ["  "]}, "prism.corpus")],
)  # fmt: skip
def test_bad_parameters_raise_config_error(stand_in, kwargs, needle):
    args = {"corpus_sentences": ["The cat sleeps."], "vocab_words": ["dog"],
            "translator": _translator(stand_in), "source": "en", "target": "fr",
            "samples_m": 10, "rng_seed": 0, **kwargs}  # fmt: skip
    with pytest.raises(ConfigError, match=needle.replace(".", r"\.")):
        build_dictionary(**args)


def test_pos_tagged_vocab_item_without_tagger_is_rejected(stand_in):
    with pytest.raises(ConfigError, match="pos_tagger"):
        build_dictionary(["The cat sleeps."], [("dog", "NOUN")], _translator(stand_in), "en",
                         "fr", 10, 0)  # fmt: skip
