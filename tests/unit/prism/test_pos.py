"""POS taggers: the lexicon tagger and the spaCy tagger (skipped when spaCy is missing)."""

from __future__ import annotations

import pytest

from privtext.errors import ConfigError
from privtext.prism.pos import (
    DEFAULT_SPACY_MODEL,
    LexiconPosTagger,
    PosTagger,
    SpacyPosTagger,
    load_spacy,
    tokenize_source,
)


def test_source_tokenizer_keeps_inner_apostrophes_and_splits_punctuation():
    assert tokenize_source("O'Brien's e-mail, (yes)!") == [
        "O'Brien's", "e-mail", ",", "(", "yes", ")", "!"
    ]  # fmt: skip


def test_lexicon_tagger_tags_known_words_and_guesses_the_rest():
    tagger = LexiconPosTagger({"the": "DET", "cat": "NOUN", "sleeps": "VERB"})
    assert isinstance(tagger, PosTagger)
    assert tagger.tag(["The cat sleeps near Alice 42 times.", ""]) == [
        [("The", "DET"), ("cat", "NOUN"), ("sleeps", "VERB"), ("near", "X"),
         ("Alice", "PROPN"), ("42", "NUM"), ("times", "X"), (".", "PUNCT")],
        [],
    ]  # fmt: skip


def test_spacy_tagger_tags_universal_pos_in_batches_and_loads_once():
    tagger = SpacyPosTagger(batch_size=2)
    out = tagger.tag(["The old man walks his dog.", "She eats a red apple.", "Hi"])
    assert len(out) == 3
    assert dict(out[0])["man"] == "NOUN" and dict(out[0])["walks"] == "VERB"
    assert dict(out[1])["red"] == "ADJ"
    assert load_spacy(DEFAULT_SPACY_MODEL) is load_spacy(DEFAULT_SPACY_MODEL)
    assert "ner" not in load_spacy(DEFAULT_SPACY_MODEL).pipe_names


def test_unknown_spacy_model_is_a_config_error_naming_the_field():
    with pytest.raises(ConfigError, match=r"prism\.pos_model.*no_such_model_xyz"):
        SpacyPosTagger("no_such_model_xyz").tag(["x"])


def test_bad_batch_size_is_a_config_error():
    with pytest.raises(ConfigError, match="pos_batch_size"):
        SpacyPosTagger(batch_size=0)


def test_spacy_tagger_drives_a_pos_keyed_dictionary(corpus, stand_in):
    from privtext.prism.dictionary import build_dictionary
    from privtext.prism.translators import make_translator

    tr = make_translator("libretranslate", stand_in.url, None, batch_size=32, max_concurrency=4)
    entries = build_dictionary(corpus, ["cat", "red", "sleeps"], tr, "en", "fr", 60, 1,
                               pos_tagger=SpacyPosTagger())  # fmt: skip
    top = {(e.source_word, e.pos): e.target_word for e in entries if e.rank == 1}
    assert set(top) == {("cat", "NOUN"), ("red", "ADJ"), ("sleeps", "VERB")}
    assert all(v in stand_in.lexicon.targets(w) for (w, _p), v in top.items()), top
