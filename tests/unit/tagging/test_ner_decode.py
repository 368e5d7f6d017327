"""The numpy NER decoder gives exactly spaCy's entities, and steps aside when it cannot."""

from __future__ import annotations

from pathlib import Path

import pytest

from privtext.tagging.devset import generate_templates, load_realistic
from privtext.tagging.recognizers.ner_decode import GreedyNerDecoder
from privtext.tagging.recognizers.spacy_ner import (
    DEFAULT_MODEL,
    SpacyNerRecognizer,
    case_for_ner,
    load_spacy_model,
)

DATA = Path(__file__).resolve().parents[3] / "privtext" / "data"


@pytest.fixture(scope="module")
def nlp():
    return load_spacy_model(DEFAULT_MODEL)


@pytest.fixture(scope="module")
def decoder(nlp):
    dec = GreedyNerDecoder.from_nlp(nlp)
    assert dec is not None
    return dec


def _spacy_entities(nlp, texts, batch=256):
    out = []
    for i in range(0, len(texts), batch):
        for doc in nlp.pipe(texts[i : i + batch], batch_size=batch):
            out.append([(e.start_char, e.end_char, e.label_) for e in doc.ents])
    return out


def _decoded(decoder, texts, batch=256):
    out = []
    for i in range(0, len(texts), batch):
        out += decoder(texts[i : i + batch])
    return out


def test_when_the_gold_documents_are_decoded_then_the_entities_are_spacys(nlp, decoder):
    # every third document of every labelled folder (all genres and scripts, a fixed sample:
    # the whole of 37 sets took 75 s of the suite and grew with each new set)
    folders = sorted(p for p in DATA.glob("tagger_*") if p.is_dir())
    assert len(folders) >= 5
    texts = [d.text for f in folders for d in load_realistic(f)[::3]]
    texts += [d.text for d in generate_templates(150)]
    texts = [case_for_ner(t) for t in texts]
    theirs = _spacy_entities(nlp, texts)
    ours = _decoded(decoder, texts)
    assert sum(map(len, theirs)) > 5000
    diff = [i for i, (a, b) in enumerate(zip(theirs, ours, strict=True)) if a != b]
    assert diff == []


@pytest.mark.parametrize(
    "texts",
    [
        ["", "   ", "\n\n\t", "Paris"],
        ["Anna Kowalczyk", "x"],
        ["Mr  Declan   Farrelly\n\nDublin \n Ireland  ", "Siemens AG , Munich ,  Germany ."],
        ["Ahmet Yilmaz met Maria Garcia in Istanbul on 3 May 1998. " * 40],
        ["London", "", "Bob Smith works for Greenfield Foods in Leeds since 2019.", " "],
    ],
)
def test_when_batches_hold_empty_tiny_spaced_or_long_texts_then_the_entities_are_spacys(
    nlp, decoder, texts
):
    assert decoder(texts) == _spacy_entities(nlp, texts)


def test_when_the_output_layer_is_altered_then_the_comparison_sees_it(nlp, decoder):
    # the equality above is not vacuous: a decoder with a shifted output bias disagrees
    import copy

    texts = [d.text for d in load_realistic(DATA / "tagger_dev")][:60]
    broken = copy.copy(decoder)
    broken._b_out = decoder._b_out.copy()
    broken._b_out[decoder._moves == 4] += 2.0  # "O" favoured
    assert _decoded(broken, texts) != _spacy_entities(nlp, texts)


def test_when_the_pipeline_is_not_a_plain_greedy_ner_then_no_decoder_is_built():
    import spacy

    full = spacy.load(DEFAULT_MODEL)  # tagger, parser... enabled
    assert GreedyNerDecoder.from_nlp(full) is None
    beam = spacy.blank("en")
    ner = beam.add_pipe("beam_ner", name="ner")
    ner.add_label("PERSON")
    beam.initialize()
    assert GreedyNerDecoder.from_nlp(beam) is None


def test_when_the_recognizer_decodes_fast_or_through_spacy_then_its_spans_are_equal():
    texts = [d.text for d in load_realistic(DATA / "tagger_holdout4")]
    fast = SpacyNerRecognizer()
    slow = SpacyNerRecognizer(fast_decode=False)
    fast.load()
    slow.load()
    assert fast._decoder is not None and slow._decoder is None
    got = fast.analyze_batch(texts)
    assert sum(map(len, got)) > 500
    assert got == slow.analyze_batch(texts)
