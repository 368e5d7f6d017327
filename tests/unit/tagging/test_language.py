"""The document language guess, and NER guesses made of common words of that language."""

from __future__ import annotations

import pytest

from privtext.tagging.language import common_words_only, guess_language
from privtext.tagging.recognizers.spacy_ner import SpacyNerRecognizer


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Die Patientin wurde über die Notaufnahme aufgenommen und ist nicht mit dem Sohn", "de"),
        ("Suite au relevé de votre compteur, le solde est en votre faveur et sera remboursé", "fr"),
        ("El autor, un varón de unos 25 años, huyó en patinete en dirección a la plaza", "es"),
        ("The patient was admitted and is not with her son, and the ward was told", "en"),
        ("Sender: Gabinety Lukas-Świgoń Sp. z o.o. Sp.k., Kraków", "en"),  # too few words
        ("", "en"),
        ("oo ako na mag-PM kay landlord, si Mrs. Villanueva. sabi niya hindi pa po ba", "fil"),
        ("Saya dah sampai depan rumah, tak ada orang ke? Boleh encik turun dengan kunci", "ms"),
    ],
)
def test_the_language_is_the_one_with_most_function_words(text, lang):
    assert guess_language(text) == lang


def test_common_words_are_told_from_names_by_frequency():
    assert common_words_only("Die Tochter", "de")
    assert not common_words_only("Bauernfeind", "de")


def test_in_a_small_corpus_language_common_means_among_the_most_frequent_words():
    # zipf would call "Paolo" (4.4) common in Filipino; the top-1000 list does not
    assert common_words_only("Pwede po", "fil") and common_words_only("sabi", "fil")
    assert not common_words_only("Paolo", "fil")
    assert not common_words_only("Kristine", "fil")


def test_ner_guesses_of_common_words_in_a_text_not_in_english_are_dropped():
    text = (
        "Die 72-jährige Patientin wurde über die Notaufnahme aufgenommen. Die Tochter, Frau "
        "Claudia Bauernfeind-Roth, ist mit der Entlassung nach Köln einverstanden und wird "
        "die Behandlung mit dem Hausarzt besprechen."
    )
    got = {text[s.start : s.end] for s in SpacyNerRecognizer().analyze_batch([text])[0]}
    assert not got & {"Die Tochter", "Notaufnahme", "Die", "Behandlung"}


@pytest.mark.parametrize(
    ("surface", "dropped"),
    [("Die Tochter", True), ("Claudia Bauernfeind-Roth", False), ("Köln", False), ("Maria", False)],
)
def test_known_names_and_places_are_never_taken_for_common_words(surface, dropped):
    from privtext.tagging.recognizers.spacy_ner import _foreign_common_words

    assert _foreign_common_words(surface, "de") is dropped


def test_greetings_and_thanks_of_other_languages_are_no_names():
    ner = SpacyNerRecognizer()
    texts = ["Thanks for 31 years as caretaker. Diolch, Gareth!", "Mulțumesc, Andrei"]
    for text, spans in zip(texts, ner.analyze_batch(texts), strict=True):
        got = {text[s.start : s.end] for s in spans}
        assert "Diolch" not in got and "Mulțumesc" not in got


def test_russian_text_is_told_from_english():
    from privtext.tagging.language import guess_language

    text = "Пациентка по состоянию здоровья из дома не выходит, и это не первый раз что так"
    assert guess_language(text) == "ru"


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Kérjük, hogy a számlát rendezze, mert az összeg nem volt még jóváírva és ez", "hu"),
        ("Yolcunun kimliği ve bu kart için bir başvuru yok, ama daha sonra ben de gibi", "tr"),
        ("Sunt pensionar și nu am fost la bancă, dar cu fiul meu am fost în acest oraș", "ro"),
        ("Сказали, що він був із нею вже та якщо ще мені або його", "uk"),
    ],
)  # fmt: skip
def test_more_languages_are_told_from_english(text, lang):
    from privtext.tagging.language import guess_language

    assert guess_language(text) == lang


def test_a_passage_in_another_language_inside_an_english_text():
    from privtext.tagging.language import ParagraphLanguages

    text = (
        "Dear Sir or Madam, I am writing about my lost laptop and the charger with it.\n\n"
        "Sehr geehrte Damen und Herren, das Gerät ist nicht mit der Seriennummer auf der "
        "Rechnung, die ich Ihnen im Anhang sende.\n\nKind regards, and thank you for it."
    )
    paras = ParagraphLanguages(text)
    assert paras.at(text.index("Gerät")) == "de"
    assert paras.at(text.index("Rechnung")) == "de"  # the same paragraph, guessed once
    assert paras.at(text.index("laptop")) == "en"
    assert paras.at(text.index("Kind")) == "en"  # too short to tell
    assert paras.guessed == 3


def test_ner_guesses_on_common_words_of_a_quoted_passage_are_dropped():
    ner = SpacyNerRecognizer()
    # an English case note quoting a French appeal (held-out set 33): the English model reads
    # "Elle" and "Toute" as organisations
    text = (
        "Case note 4417. The police appeal, in French, reads as follows; our caseworker Sarah "
        "Mills forwarded it to the family liaison team on Monday. She has been in touch with "
        "the sister, who is worried that the appeal was not shared by the local paper. We have "
        "asked the police for the CCTV of the station and for the bank to check her card, and "
        "we will write to the family again when we have an answer from them.\n\n"
        "Une femme de 34 ans est portée disparue depuis le 7 mars 2025. Elle a été vue pour la "
        "dernière fois vers 23 h devant un dépanneur de la 3e Avenue, à Val-d'Or. Elle pourrait "
        "se trouver à Montréal.\nDescription : 1,60 m, cheveux noirs longs, yeux bruns. Elle "
        "portait un manteau noir et des bottes beiges.\nToute personne qui aurait des "
        "informations est priée de communiquer avec la police.\n\n"
        "Sarah Mills will call the family on 3 March."
    )
    got = {text[s.start : s.end] for s in ner.analyze_batch([text])[0]}
    assert not got & {"Elle", "Toute", "cheveux"}
    assert "Sarah Mills" in got
