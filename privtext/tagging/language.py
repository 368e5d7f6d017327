"""Which language a document is mostly written in, from its function words.

The NER model is English. On a German discharge letter, a Spanish police report or a French
bill it reads capitalised nouns, sentence starts and salutations as names ("Behandlung",
"El autor", "Monsieur", "Veuillez agréer"). :func:`guess_language` counts, in the first few
thousand characters, the words of short lists of very frequent function words of English,
eight other European languages, Filipino, Malay and Indonesian, and names the language with
the most (English on a tie, or when the winner has fewer than ``MIN_HITS``).
:func:`common_words_only` then says whether a phrase is made only of frequent words of that
language (``wordfreq``; for the three languages of small corpora, its 2,000 most frequent
words), which a name almost never is.

Cost: one regex pass over at most ``SAMPLE_CHARS`` characters and a set lookup per word.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache

SAMPLE_CHARS = 4000
#: Function words a text needs before it is called anything but English (short texts,
#: addresses and name lists stay English).
MIN_HITS = 4
#: Zipf frequency (wordfreq) above which a word counts as a common word of its language.
COMMON_ZIPF = 3.5

_FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset(
        "the and of to in is that for it with as was on be by this are have from at not but "
        "you we they he she his her or an will would can our your has had been which".split()
    ),
    "de": frozenset(
        "der die das und ist nicht mit sich auf für den dem des ein eine einer einem wurde "
        "sind von zu im bei wir sie ihr auch nach oder wie aus hat haben war".split()
    ),
    "fr": frozenset(
        "le la les et est des du un une dans pour que qui pas sur avec au aux ce cette vous "
        "nous sont été par votre nos ne se plus".split()
    ),
    "es": frozenset(
        "el la los las y es del un una en que por con para se su sus no al lo como pero fue "
        "está son este esta".split()
    ),
    "it": frozenset(
        "il lo la gli le e è di del della un una che per con non si sono nel alla al da dei "
        "delle questo questa".split()
    ),
    "pt": frozenset(
        "o os a as e é do da dos das um uma em que para com não se por no na ao foi são "
        "este esta sua seu".split()
    ),
    "nl": frozenset(
        "de het een en is van dat niet met op voor zijn te aan er ook als bij uw wij ze "
        "deze dit naar".split()
    ),
    "sv": frozenset(
        "och att det är som en ett på för med av inte till har den de om jag vi ni var från".split()
    ),
    "pl": frozenset(
        "i w na z że się nie do to jest jak po od o za co ale czy przez jestem mam tak".split()
    ),
    # Russian (Cyrillic)
    "ru": frozenset(
        "и в не на с что по из от для до при как это он она они мы вы его был была уже или но "
        "если так же после за".split()
    ),
    "uk": frozenset(
        "і що із від він вона вони ви його був була вже або але якщо та цей ця ще мене мені".split()
    ),
    "hu": frozenset(
        "a az és hogy nem is egy van volt meg már csak de mert ha ez azt mint még kell vagy "
        "nincs lesz után alatt".split()
    ),
    "tr": frozenset(
        "ve bir bu da de için ile olarak çok daha gibi ama ne var yok olan sonra kadar her "
        "ben sen biz siz onun bunu".split()
    ),
    "ro": frozenset(
        "și în de la nu cu pe că se este din un o care mai pentru sunt am fost au dar sau "
        "acest această".split()
    ),
    # Filipino (Tagalog and Taglish chats), Malay and Indonesian
    "fil": frozenset(
        "ang ng mga sa na si ni ko mo ka ay hindi po nga lang yung naman kasi pa din rin ba "
        "kay siya sila tayo kami natin namin ikaw ako niya nila".split()
    ),
    "ms": frozenset(
        "yang dan di ke dari untuk dengan ini itu tidak ada akan saya kami kita anda pada oleh "
        "atau juga dalam sudah telah bagi boleh tak dah nak encik puan".split()
    ),
    "id": frozenset(
        "yang dan di ke dari untuk dengan ini itu tidak ada akan saya kami kita anda pada oleh "
        "atau juga dalam sudah telah bisa nggak tidak belum bapak ibu".split()
    ),
}
# one-letter words ("a", "o", "e", "i", "w", "z") are left out: they are in every language
_FUNCTION_WORDS = {k: frozenset(w for w in v if len(w) > 1) for k, v in _FUNCTION_WORDS.items()}
_WORD = re.compile(r"[^\W\d_]+")
# each function word -> the languages it belongs to (one lookup per word of the sample)
_LANGUAGES_OF: dict[str, tuple[str, ...]] = {}
for _lang, _words in _FUNCTION_WORDS.items():
    for _w in _words:
        _LANGUAGES_OF[_w] = (*_LANGUAGES_OF.get(_w, ()), _lang)


def _counts(text: str, end: int) -> dict[str, int]:
    counts = dict.fromkeys(_FUNCTION_WORDS, 0)
    languages_of = _LANGUAGES_OF.get
    for w in _WORD.findall(text, 0, end):
        for lang in languages_of(w.lower(), ()):
            counts[lang] += 1
    return counts


def guess_language(text: str) -> str:
    """The language (ISO 639-1) whose function words are most frequent in ``text``."""
    counts = _counts(text, min(len(text), SAMPLE_CHARS))
    best = max(counts, key=lambda k: (counts[k], k == "en"))
    return best if counts[best] > counts["en"] and counts[best] >= MIN_HITS else "en"


def other_languages(text: str) -> tuple[str, ...]:
    """The languages other than English of which ``text`` holds ``MIN_HITS`` function words,
    sorted."""
    counts = _counts(text, len(text))
    return tuple(sorted(lang for lang, n in counts.items() if lang != "en" and n >= MIN_HITS))


def may_quote_other_languages(text: str) -> bool:
    """``text`` holds ``MIN_HITS`` function words of some language other than English, so
    that one of its paragraphs may be in that language (a cheap test before
    :class:`ParagraphLanguages` is asked paragraph by paragraph)."""
    return bool(other_languages(text))


#: A paragraph shorter than this is too short to be called anything but English.
PARAGRAPH_MIN_CHARS = 60
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")


class ParagraphLanguages:
    """The language of each paragraph (text between blank lines) of one text, guessed when
    first asked.

    An English letter can quote a statement in Arabic or a German reply; the document's own
    language says nothing of that passage. The paragraph breaks are found once; each
    paragraph's language once, at its first question.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [m.end() for m in _PARAGRAPH_BREAK.finditer(text)]
        self.ends = [m.start() for m in _PARAGRAPH_BREAK.finditer(text)] + [len(text)]
        self._langs: dict[int, str] = {}

    def at(self, pos: int) -> str:
        """The language of the paragraph that holds ``pos``."""
        k = bisect.bisect_right(self.starts, pos) - 1
        if k not in self._langs:
            para = self.text[self.starts[k] : self.ends[k]]
            self._langs[k] = guess_language(para) if len(para) >= PARAGRAPH_MIN_CHARS else "en"
        return self._langs[k]

    @property
    def guessed(self) -> int:
        """How many paragraphs have been guessed so far."""
        return len(self._langs)


#: Languages whose ``wordfreq`` lists come from small corpora, where names and places reach
#: high frequencies ("Paolo" 4.4, "Selangor" 5.5): a common word is one of the
#: ``SMALL_CORPUS_TOP`` most frequent words instead.
SMALL_CORPUS = frozenset({"fil", "ms", "id"})
SMALL_CORPUS_TOP = 2000


@lru_cache(maxsize=8)
def _top_words(lang: str) -> frozenset[str]:
    from wordfreq import top_n_list

    return frozenset(top_n_list(lang, SMALL_CORPUS_TOP))


def common_words_only(surface: str, lang: str) -> bool:
    """Every word of ``surface`` is a frequent word of ``lang`` (names are checked by callers)."""
    words = _WORD.findall(surface)
    if not words:
        return False
    if lang in SMALL_CORPUS:
        top = _top_words(lang)
        return all(w.lower() in top for w in words)
    from wordfreq import zipf_frequency

    return all(zipf_frequency(w.lower(), lang) >= COMMON_ZIPF for w in words)
