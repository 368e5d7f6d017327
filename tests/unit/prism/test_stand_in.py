"""The stand-in translator itself: grammar of its word-by-word French, faults, counters."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.support.translator_server import (
    LEXICON,
    StandInTranslator,
    english_corpus,
    translate_sentence,
)


@pytest.mark.parametrize(
    ("en", "fr"),
    [
        ("The red car is fast.", "La voiture rouge est rapide."),
        ("The old man eats an apple in the house.",
         "Le vieux homme mange une pomme dans la maison."),
        ("The children sleep under the tree.", "Les enfants dorment sous l'arbre."),
        ("She is happy.", "Elle est heureuse."),
        ("The cat sleeps in the garden of the school.",
         "Le chat dort dans le jardin de l'école."),
        ("My dog runs to the park.", "Mon chien court au parc."),
        ("Alice sees the black cats.", "Alice voit les chats noirs."),
    ],
)  # fmt: skip
def test_word_by_word_french_agrees_reorders_and_elides(en, fr):
    assert translate_sentence(en) == fr


def test_ambiguous_words_pick_a_sense_by_sentence_hash_deterministically():
    senses = {translate_sentence(f"The bank is {adj}.").split()[1]
              for adj in LEXICON.by_category("post")}  # fmt: skip
    assert senses == {"banque", "rive"}
    s = "The bank is red."
    assert translate_sentence(s) == translate_sentence(s)
    assert LEXICON.is_ambiguous("bank") and not LEXICON.is_ambiguous("cat")


def test_lexicon_has_a_few_hundred_entries_and_known_targets():
    assert len(LEXICON.content_words()) >= 300
    assert LEXICON.targets("cats") == {"chats"}
    assert LEXICON.targets("black") == {"noir", "noire", "noirs", "noires"}
    assert LEXICON.targets("Alice") == {"alice"}
    assert LEXICON.pos_of("sleeps") == "VERB"


def test_corpus_is_deterministic():
    assert english_corpus(50, seed=1) == english_corpus(50, seed=1)
    assert english_corpus(50, seed=1) != english_corpus(50, seed=2)


def _post(url: str, body: dict) -> tuple[int, dict]:
    req = urllib.request.Request(url, json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})  # fmt: skip
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as e:
        return e.code, {"retry_after": e.headers.get("Retry-After")}


def test_server_speaks_both_apis_counts_and_injects_scheduled_faults():
    with StandInTranslator(faults=["429", None, "drop"], retry_after="3") as srv:
        body = {"q": ["The cat sleeps.", "The dog runs."], "source": "en", "target": "fr",
                "format": "text"}  # fmt: skip
        assert _post(srv.url + "/translate", body) == (429, {"retry_after": "3"})
        assert _post(srv.url + "/translate", body) == (
            200,
            {"translatedText": ["Le chat dort.", "Le chien court."]},
        )
        assert _post(srv.url + "/translate", body)[1] == {"translatedText": ["Le chat dort."]}
        status, out = _post(
            srv.url + "/v1/chat/completions",
            {
                "model": "m",
                "messages": [
                    {"role": "user", "content": "Directly translate English to French: Hi."}
                ],
            },
        )
        assert status == 200 and out["choices"][0]["message"]["content"] == "Hi."
        assert srv.requests == 4 and srv.sentences == 3  # faulty answers are not counted
        assert srv.faults_served == {"429": 1, "drop": 1}
        with pytest.raises(ValueError, match="unknown fault"):
            srv.set_faults(["explode"])
