"""A real HTTP stand-in for an external English->French translator, with fault injection.

``StandInTranslator`` runs a ``ThreadingHTTPServer`` on 127.0.0.1 (ephemeral port) in a
background thread and speaks both APIs the PRISM translators use:

* LibreTranslate: ``POST /translate`` ``{"q": [..] | "..", "source", "target", "format",
  "api_key"?}`` -> ``{"translatedText": [..] | ".."}``;
* OpenAI chat completions: ``POST /v1/chat/completions`` with the prompt
  ``"Directly translate English to French: <text>"`` -> ``choices[0].message.content``.

Translation is word by word with the lexicon below (a few hundred entries): articles and
possessives agree in gender and number with their noun ("the" -> le / la / les / l'),
adjectives agree with their noun and most follow it ("the red car" -> "la voiture rouge"),
nouns and verbs are inflected (plural nouns, 3rd person singular / plural verbs), ``de le`` /
``à le`` contract, a dozen ambiguous words get one of two senses chosen by a hash of the
sentence, and unknown words (names) pass through unchanged. The result is deterministic.

Faults (``faults=``): a list consumed one per request in arrival order (``None``/``"ok"``,
``"timeout"``, ``"429"``, ``"500"``, ``"503"``, ``"malformed"`` (bad JSON), ``"truncated"``
(connection closed before the announced length), ``"drop"`` (one item short), ``"nonstring"``,
``"missing"`` (no translation field), ``"empty"``), or a dict ``{fault: probability}`` drawn with
a seeded RNG. ``"timeout"`` sleeps ``timeout_sleep_s`` before answering (longer than the client
timeout).
Counters (``requests``, ``sentences``, ``faults_served``, ``translated``) let tests check what
reached the service; ``srv.lexicon`` exposes the expected translations for precision tests.
:func:`english_corpus` generates a deterministic English corpus over the same lexicon.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import threading
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

# --------------------------------------------------------------------------------------------
# Lexicon data. Nouns: "en[/en_plural] fr[/fr_plural] gender". Plurals default to +s (English
# -es / -ies rules; French -eau/-eu -> x, -al -> aux, -s/-x/-z unchanged).

AGENTS = """
man/men homme m; woman/women femme f; child/children enfant m; boy garçon m; girl fille f;
teacher professeur m; doctor médecin m; student étudiant m; farmer fermier m; baker boulanger m;
king roi m; queen reine f; friend ami m; neighbor voisin m; soldier soldat m; driver chauffeur m;
singer chanteur m; lawyer avocat m; nurse infirmière f; sister sœur f; brother frère m;
mother mère f; father père m; cat chat m; dog chien m; horse cheval m; bird oiseau m; cow vache f;
mouse/mice souris f; rabbit lapin m; fox renard m; wolf/wolves loup m; bear ours m;
pig cochon m; duck canard m; snake serpent m; lion lion m; tiger tigre m; monkey singe m;
goat chèvre f; frog grenouille f; owl hibou/hiboux m; pilot pilote m; painter peintre m
"""
THINGS = """
book livre m; table table f; chair chaise f; car voiture f; apple pomme f; letter lettre f;
door porte f; window fenêtre f; bread pain m; cheese fromage m; cake gâteau m; hat chapeau m;
shoe chaussure f; shirt chemise f; bottle bouteille f; cup tasse f; knife/knives couteau m;
box boîte f; ball balle f; flower fleur f; tree arbre m; stone pierre f; picture image f;
map carte f; pen stylo m; phone téléphone m; computer ordinateur m; clock horloge f; lamp lampe f;
bag sac m; coat manteau m; ticket billet m; song chanson f; story histoire f; question question f;
answer réponse f; newspaper journal m; gift cadeau m; egg œuf m; milk lait m; wine vin m;
soup soupe f; lemon citron m; carrot carotte f; tomato tomate f; blanket couverture f;
mirror miroir m; candle bougie f; umbrella parapluie m; guitar guitare f; piano piano m;
bicycle vélo m; boat bateau m; train train m; plane avion m; wheel roue f; rope corde f;
coin pièce f; wallet portefeuille m; pencil crayon m; paper papier m; envelope enveloppe f;
basket panier m; spoon cuillère f; fork fourchette f; plate assiette f; sugar sucre m; salt sel m;
meat viande f; chicken poulet m; honey miel m; butter beurre m; jacket veste f; toy jouet m;
sandwich sandwich m; carpet tapis m; bucket seau m; ladder échelle f
"""
PLACES = """
house maison f; garden jardin m; school école f; church église f; river rivière f;
forest forêt f; city ville f; village village m; street rue f; park parc m; kitchen cuisine f;
market marché m; beach plage f; mountain montagne f; lake lac m; field champ m;
hospital hôpital m; library bibliothèque f; station gare f; shop magasin m; office bureau m;
farm ferme f; island île f; bridge pont m; castle château m; room chambre f;
restaurant restaurant m; museum musée m; hotel hôtel m; airport aéroport m
"""
TIMES = """
day jour m; night nuit f; morning matin m; evening soir m; week semaine f; year année f;
month mois m; winter hiver m; summer été m
"""
# Ambiguous nouns: two senses "fr gender" separated by "|".
AMBIGUOUS_NOUNS = """
bank: banque f | rive f; spring: printemps m | ressort m; key: clé f | touche f;
plant: plante f | usine f; match: allumette f | match m; coach: entraîneur m | autocar m;
bill: facture f | bec m; ring: bague f | anneau m; glass: verre m | vitre f;
trunk: tronc m | coffre m; seal: phoque m | sceau m; pitch: terrain m | goudron m
"""
# Verbs: "en[/en_3sg] fr_3sg/fr_3pl".
VERBS_T = """
eat mange/mangent; see voit/voient; take prend/prennent; find trouve/trouvent;
buy achète/achètent; sell vend/vendent; open ouvre/ouvrent; write écrit/écrivent;
hold tient/tiennent; wash lave/lavent; paint peint/peignent; draw dessine/dessinent;
like aime/aiment; love adore/adorent; want veut/veulent; break casse/cassent;
fix répare/réparent; build construit/construisent; clean nettoie/nettoient;
throw lance/lancent; catch attrape/attrapent; push pousse/poussent; pull tire/tirent;
bring apporte/apportent; send envoie/envoient; steal vole/volent; hide cache/cachent;
hear entend/entendent; know connaît/connaissent; visit visite/visitent;
choose choisit/choisissent; forget oublie/oublient; drink boit/boivent; cut coupe/coupent;
help aide/aident; call appelle/appellent; meet rencontre/rencontrent; lose perd/perdent;
receive reçoit/reçoivent; keep garde/gardent; fill remplit/remplissent
"""
VERBS_I = """
sleep dort/dorment; run court/courent; walk marche/marchent; swim nage/nagent;
sing chante/chantent; dance danse/dansent; laugh rit/rient; cry pleure/pleurent;
jump saute/sautent; wait attend/attendent; work travaille/travaillent; arrive arrive/arrivent;
leave part/partent; smile sourit/sourient; fall tombe/tombent; play joue/jouent;
travel voyage/voyagent; listen écoute/écoutent; speak parle/parlent; shout crie/crient;
win gagne/gagnent; grow grandit/grandissent; live vit/vivent; climb grimpe/grimpent;
breathe respire/respirent
"""
# Adjectives: "en fr_m[/fr_f] [pre]" (pre = stays before the noun in French). Plural: +s.
ADJECTIVES = """
small petit/petite pre; big grand/grande pre; good bon/bonne pre; bad mauvais/mauvaise pre;
old vieux/vieille pre; young jeune pre; beautiful beau/belle pre; new nouveau/nouvelle pre;
long long/longue pre; pretty joli/jolie pre;
red rouge; blue bleu/bleue; green vert/verte; black noir/noire; white blanc/blanche;
yellow jaune; gray gris/grise; brown brun/brune; happy heureux/heureuse; sad triste;
angry fâché/fâchée; tired fatigué/fatiguée; hungry affamé/affamée; rich riche; poor pauvre;
strong fort/forte; weak faible; fast rapide; slow lent/lente; hot chaud/chaude;
cold froid/froide; clean propre; dirty sale; empty vide; full plein/pleine;
heavy lourd/lourde; soft doux/douce; hard dur/dure; quiet calme; loud bruyant/bruyante;
strange étrange; famous célèbre; round rond/ronde; sweet sucré/sucrée; broken cassé/cassée;
wet mouillé/mouillée; dry sec/sèche; dark sombre; bright brillant/brillante;
expensive cher/chère; funny drôle; clever intelligent/intelligente; brave courageux/courageuse;
lazy paresseux/paresseuse; polite poli/polie; wild sauvage; warm tiède
"""
AMBIGUOUS_ADJECTIVES = """
light: léger/légère | clair/claire; fair: juste | blond/blonde
"""
ADVERBS = """
quickly rapidement; slowly lentement; often souvent; always toujours; never jamais;
sometimes parfois; yesterday hier; tomorrow demain; here ici; very très; also aussi;
now maintenant; soon bientôt; early tôt; late tard; together ensemble; quietly doucement;
loudly bruyamment; carefully soigneusement; happily joyeusement; again encore;
outside dehors; everywhere partout; already déjà; rarely rarement; well bien; badly mal
"""
PREPOSITIONS = {
    "in": "dans", "on": "sur", "with": "avec", "to": "à", "of": "de", "from": "de",
    "for": "pour", "under": "sous", "near": "près de", "behind": "derrière", "after": "après",
    "before": "avant", "at": "à", "into": "dans", "without": "sans", "during": "pendant",
}  # fmt: skip
CONJUNCTIONS = {
    "and": ("CCONJ", "et"), "or": ("CCONJ", "ou"), "but": ("CCONJ", "mais"),
    "because": ("SCONJ", "parce que"), "when": ("SCONJ", "quand"), "if": ("SCONJ", "si"),
    "then": ("ADV", "puis"), "so": ("CCONJ", "donc"), "while": ("SCONJ", "pendant que"),
}  # fmt: skip
PRONOUNS = {  # subject pronoun -> (french, gender, number)
    "i": ("je", "m", "sg"), "you": ("vous", "m", "pl"), "he": ("il", "m", "sg"),
    "she": ("elle", "f", "sg"), "it": ("il", "m", "sg"), "we": ("nous", "m", "pl"),
    "they": ("ils", "m", "pl"),
}  # fmt: skip
AUX = {"is": "est", "are": "sont", "was": "était", "were": "étaient", "has": "a", "have": "ont"}
NUMBERS = {"two": "deux", "three": "trois", "four": "quatre", "five": "cinq", "ten": "dix"}
# Determiners and possessives: (masc sg, fem sg, plural); "a"/"an" plural is "des".
DETERMINERS = {
    "the": ("le", "la", "les"), "a": ("un", "une", "des"), "an": ("un", "une", "des"),
    "some": ("des", "des", "des"), "this": ("ce", "cette", "ces"), "these": ("ces", "ces", "ces"),
    "every": ("chaque", "chaque", "chaque"), "my": ("mon", "ma", "mes"),
    "your": ("votre", "votre", "vos"), "his": ("son", "sa", "ses"), "her": ("son", "sa", "ses"),
    "its": ("son", "sa", "ses"), "our": ("notre", "notre", "nos"),
    "their": ("leur", "leur", "leurs"),
}  # fmt: skip
OTHER = {"not": ("PART", "pas")}
NAMES = ["Alice", "Bob", "Marie", "Thomas", "Emma", "Lucas", "Paris", "London"]

_VOWELS = set("aeiouyàâäéèêëîïôöûüœæh")
_H_ASPIRE = {"hibou", "hiboux"}
_CONTRACT = {"à": {"le": "au", "les": "aux"}, "de": {"le": "du", "les": "des"}}
_ELIDE = {"le": "l'", "la": "l'", "de": "d'", "je": "j'", "que": "qu'", "ne": "n'", "ce": "cet"}


def _en_plural(w: str) -> str:
    if w.endswith(("s", "sh", "ch", "x", "z")) or w in ("tomato", "potato", "hero"):
        return w + "es"
    if w.endswith("y") and w[-2:-1] not in ("a", "e", "i", "o", "u"):
        return w[:-1] + "ies"
    return w + "s"


def _en_3sg(w: str) -> str:
    return _en_plural(w)


def _fr_plural(w: str) -> str:
    if w.endswith(("s", "x", "z")):
        return w
    if w.endswith(("eau", "eu")):
        return w + "x"
    if w.endswith("al"):
        return w[:-2] + "aux"
    return w + "s"


@dataclass(frozen=True)
class Word:
    """One English surface form the stand-in knows.

    Attributes:
        english: surface form (lower case).
        pos: universal POS tag (NOUN, VERB, ADJ, ADV, DET, PRON, AUX, ADP, CCONJ, SCONJ, NUM,
            PART).
        senses: French lemma(s) per sense; two senses = ambiguous.
        forms: every French token the stand-in may emit for this word (lower case, as a
            tokenizer that splits at apostrophes and spaces sees them).
        gender: noun genders per sense ("m"/"f").
        number: "sg"/"pl" (nouns, verbs), else "".
        category: "agent", "thing", "place", "time", "vt", "vi", "pre", "post" or "".
        lemma: English lemma.
    """

    english: str
    pos: str
    senses: tuple[tuple[str, ...], ...]
    forms: frozenset[str]
    gender: tuple[str, ...] = ()
    number: str = ""
    category: str = ""
    lemma: str = ""

    @property
    def ambiguous(self) -> bool:
        return len(self.senses) > 1


def _entries(block: str) -> list[str]:
    return [e.strip() for e in block.replace("\n", " ").split(";") if e.strip()]


class Lexicon:
    """English->French lexicon of the stand-in (surface forms, POS, expected translations)."""

    def __init__(self) -> None:
        self.words: dict[str, Word] = {}
        for block, cat in (
            (AGENTS, "agent"),
            (THINGS, "thing"),
            (PLACES, "place"),
            (TIMES, "time"),
        ):
            for e in _entries(block):
                en, fr, g = e.split()
                self._add_noun(en, [(fr, g)], cat)
        for e in _entries(AMBIGUOUS_NOUNS):
            en, rest = e.split(":")
            senses = [tuple(s.split()) for s in rest.split("|")]
            self._add_noun(en.strip(), [(s[0], s[1]) for s in senses], "thing")
        for block, cat in ((VERBS_T, "vt"), (VERBS_I, "vi")):
            for e in _entries(block):
                en, fr = e.split()
                s3, p3 = fr.split("/")
                base, third = (en.split("/") + [""])[:2]
                third = third or _en_3sg(base)
                self._add(Word(base, "VERB", ((p3,),), frozenset({p3}), (), "pl", cat, base))
                self._add(Word(third, "VERB", ((s3,),), frozenset({s3}), (), "sg", cat, base))
        for e in _entries(ADJECTIVES):
            parts = e.split()
            self._add_adj(parts[0], [parts[1]], "pre" if "pre" in parts[2:] else "post")
        for e in _entries(AMBIGUOUS_ADJECTIVES):
            en, rest = e.split(":")
            self._add_adj(en.strip(), [s.strip() for s in rest.split("|")], "post")
        for e in _entries(ADVERBS):
            en, fr = e.split()
            self._add(Word(en, "ADV", ((fr,),), _tokens_of(fr), lemma=en))
        for en, fr in PREPOSITIONS.items():
            forms = _tokens_of(fr) | ({"au", "aux", "d"} if fr == "à" else set())
            forms = forms | ({"du", "des", "d"} if fr == "de" else set())
            self._add(Word(en, "ADP", ((fr,),), frozenset(forms), lemma=en))
        for en, (pos, fr) in CONJUNCTIONS.items():
            self._add(Word(en, pos, ((fr,),), _tokens_of(fr) | {"qu"}, lemma=en))
        for en, (fr, _g, n) in PRONOUNS.items():
            self._add(Word(en, "PRON", ((fr,),), _tokens_of(fr) | {"j"}, number=n, lemma=en))
        for en, fr in AUX.items():
            self._add(Word(en, "AUX", ((fr,),), frozenset({fr}), lemma=en))
        for en, fr in NUMBERS.items():
            self._add(Word(en, "NUM", ((fr,),), frozenset({fr}), lemma=en))
        for en, forms3 in DETERMINERS.items():
            forms = set(forms3) | {"l", "cet"}
            self._add(Word(en, "DET", (forms3,), frozenset(forms), lemma=en))
        for en, (pos, fr) in OTHER.items():
            self._add(Word(en, pos, ((fr,),), frozenset({fr}), lemma=en))

    def _add(self, w: Word) -> None:
        self.words.setdefault(w.english, w)

    def _add_noun(self, en: str, senses: list[tuple[str, str]], cat: str) -> None:
        sg, pl = (en.split("/") + [""])[:2]
        pl = pl or _en_plural(sg)
        sing = tuple((fr.split("/")[0],) for fr, _g in senses)
        plur = tuple(
            ((fr.split("/") + [""])[1] or _fr_plural(fr.split("/")[0]),) for fr, _g in senses
        )
        genders = tuple(g for _fr, g in senses)
        self._add(Word(sg, "NOUN", sing, frozenset(s[0] for s in sing), genders, "sg", cat, sg))
        if pl != sg:
            self._add(Word(pl, "NOUN", plur, frozenset(s[0] for s in plur), genders, "pl", cat, sg))

    def _add_adj(self, en: str, senses: list[str], cat: str) -> None:
        out = []
        forms: set[str] = set()
        for s in senses:
            m, f = (s.split("/") + [""])[:2]
            f = f or m
            fs = (m, f, _adj_plural(m), _adj_plural(f))
            out.append(fs)
            forms.update(fs)
        self._add(Word(en, "ADJ", tuple(out), frozenset(forms), (), "", cat, en))

    # -- queries --------------------------------------------------------------------------------

    def __contains__(self, word: str) -> bool:
        return word.lower() in self.words

    def __len__(self) -> int:
        return len(self.words)

    def get(self, word: str) -> Word | None:
        """The entry of an English surface form (any case), or ``None``."""
        return self.words.get(word.lower())

    def pos_of(self, word: str) -> str | None:
        """Universal POS tag of a known English word."""
        w = self.get(word)
        return None if w is None else w.pos

    def pos_map(self) -> dict[str, str]:
        """English surface form -> POS, for a lexicon POS tagger."""
        return {k: w.pos for k, w in self.words.items()}

    def targets(self, word: str) -> frozenset[str]:
        """Every French token the stand-in may emit for ``word`` (unknown: the word itself)."""
        w = self.get(word)
        return frozenset({word.lower()}) if w is None else w.forms

    def is_ambiguous(self, word: str) -> bool:
        """True when ``word`` has two senses (chosen by a hash of the sentence)."""
        w = self.get(word)
        return bool(w and w.ambiguous)

    def content_words(self, pos: str | None = None, ambiguous: bool | None = None) -> list[str]:
        """Sorted English content words (NOUN, VERB, ADJ, ADV), optionally filtered."""
        out = []
        for k, w in self.words.items():
            if w.pos not in ("NOUN", "VERB", "ADJ", "ADV"):
                continue
            if pos is not None and w.pos != pos:
                continue
            if ambiguous is not None and w.ambiguous != ambiguous:
                continue
            out.append(k)
        return sorted(out)

    def by_category(self, category: str, number: str | None = None) -> list[str]:
        """Sorted surface forms of one category (agent, thing, place, time, vt, vi, pre, post)."""
        return sorted(
            k for k, w in self.words.items()
            if w.category == category and (number is None or w.number == number)
        )  # fmt: skip


def _adj_plural(w: str) -> str:
    if w.endswith(("s", "x")):
        return w
    if w.endswith("eau"):
        return w + "x"
    return w + "s"


def _tokens_of(fr: str) -> frozenset[str]:
    return frozenset(t for t in re.split(r"[\s']+", fr.lower()) if t)


LEXICON = Lexicon()

# --------------------------------------------------------------------------------------------
# Word-by-word translation

_EN_TOKEN = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*|\d+|[^\w\s]")
_PUNCT_NO_SPACE_BEFORE = set(".,!?;:)")


def _sense(sentence: str, word: str, n: int) -> int:
    if n == 1:
        return 0
    h = hashlib.sha256(f"{sentence}\x00{word.lower()}".encode()).digest()
    return h[0] % n


def translate_sentence(sentence: str, lexicon: Lexicon = LEXICON) -> str:
    """English -> French, word by word (deterministic). See the module docstring."""
    toks = _EN_TOKEN.findall(sentence)
    if not toks:
        return sentence
    info: list[tuple[str, Word | None]] = [(t, lexicon.get(t)) for t in toks]
    n = len(info)

    # Noun features (gender, number, French form) per token index.
    noun_feat: dict[int, tuple[str, str, str]] = {}
    for i, (t, w) in enumerate(info):
        if w is not None and w.pos == "NOUN":
            k = _sense(sentence, t, len(w.senses))
            noun_feat[i] = (w.gender[k], w.number, w.senses[k][0])

    def next_noun(i: int) -> int | None:
        j = i + 1
        while j < n:
            w = info[j][1]
            if w is None:
                return None
            if w.pos == "NOUN":
                return j
            if w.pos not in ("ADJ", "ADV", "NUM"):
                return None
            j += 1
        return None

    def subject_features(i: int) -> tuple[str, str]:
        """Gender/number of the subject of a predicative adjective at ``i``."""
        for j in range(i - 1, -1, -1):
            t, w = info[j]
            if j in noun_feat:
                g, num, _ = noun_feat[j]
                return g, num
            if w is not None and w.pos == "PRON":
                _fr, g, num = PRONOUNS[t.lower()]
                return g, num
        return "m", "sg"

    # Words in French order: a run of adjectives followed by a noun becomes pre + noun + post.
    order: list[int] = []
    i = 0
    while i < n:
        w = info[i][1]
        if w is not None and w.pos == "ADJ":
            j = i
            while j < n and info[j][1] is not None and info[j][1].pos == "ADJ":  # type: ignore[union-attr]
                j += 1
            if j < n and j in noun_feat:
                adjs = list(range(i, j))
                pre = [a for a in adjs if info[a][1].category == "pre"]  # type: ignore[union-attr]
                post = [a for a in adjs if info[a][1].category != "pre"]  # type: ignore[union-attr]
                order.extend(pre + [j] + post)
                i = j + 1
                continue
        order.append(i)
        i += 1

    out: list[str] = []
    for i in order:
        t, w = info[i]
        if w is None:
            out.append(t)  # unknown word, number or punctuation: passed through
            continue
        low = t.lower()
        if w.pos == "NOUN":
            out.append(noun_feat[i][2])
        elif w.pos == "DET":
            j = next_noun(i)
            g, num = (noun_feat[j][0], noun_feat[j][1]) if j is not None else ("m", "sg")
            m, f, p = DETERMINERS[low]
            out.append(p if num == "pl" else (f if g == "f" else m))
        elif w.pos == "ADJ":
            j = next_noun(i)
            if j is not None and i < j:
                g, num = noun_feat[j][0], noun_feat[j][1]
            else:
                g, num = subject_features(i)
            k = _sense(sentence, t, len(w.senses))
            m, f, mp, fp = w.senses[k]
            out.append({("m", "sg"): m, ("f", "sg"): f, ("m", "pl"): mp, ("f", "pl"): fp}[g, num])
        elif w.pos == "PRON":
            out.append(PRONOUNS[low][0])
        else:
            k = _sense(sentence, t, len(w.senses))
            out.append(w.senses[k][0])
    text = _detokenize_fr(out)
    if sentence[:1].isupper() and text:
        text = text[0].upper() + text[1:]
    return text


def _detokenize_fr(words: list[str]) -> str:
    words = [w for w in " ".join(words).split(" ") if w]  # split multiword translations
    # Contractions: à le -> au, à les -> aux, de le -> du, de les -> des.
    merged: list[str] = []
    for w in words:
        prev = merged[-1] if merged else None
        if prev in ("à", "de") and w in ("le", "les"):
            merged[-1] = _CONTRACT[prev][w]
            continue
        merged.append(w)
    parts: list[str] = []
    i = 0
    while i < len(merged):
        w = merged[i]
        nxt = merged[i + 1] if i + 1 < len(merged) else ""
        starts_vowel = bool(nxt) and nxt[0].lower() in _VOWELS and nxt.lower() not in _H_ASPIRE
        if w.lower() in _ELIDE and starts_vowel:
            el = _ELIDE[w.lower()]
            if el.endswith("'"):
                parts.append(el + nxt)
                i += 2
                continue
            w = el
        if w in _PUNCT_NO_SPACE_BEFORE and parts:
            parts[-1] += w
        else:
            parts.append(w)
        i += 1
    return " ".join(parts)


# --------------------------------------------------------------------------------------------
# Corpus


def english_corpus(n_sentences: int, seed: int = 0, lexicon: Lexicon = LEXICON) -> list[str]:
    """``n_sentences`` deterministic English sentences over the lexicon (and a few names).

    Args:
        n_sentences: how many sentences.
        seed: RNG seed; the same seed gives the same corpus.
        lexicon: the lexicon whose words are used.
    """
    rng = random.Random(seed)
    L = lexicon
    agents = L.by_category("agent", "sg")
    agents_pl = L.by_category("agent", "pl")
    things = L.by_category("thing", "sg")
    things_pl = L.by_category("thing", "pl")
    places = L.by_category("place", "sg")
    times = L.by_category("time", "sg")
    vt = L.by_category("vt", "pl")
    vt3 = L.by_category("vt", "sg")
    vi = L.by_category("vi", "pl")
    vi3 = L.by_category("vi", "sg")
    adjs = L.by_category("pre") + L.by_category("post")
    advs = L.content_words("ADV")
    preps = ["in", "on", "near", "behind", "under", "into", "from"]
    c = rng.choice

    def det() -> str:
        return c(["the", "the", "the", "a", "my", "his", "her", "their", "this"])

    templates = [
        lambda: f"The {c(adjs)} {c(agents)} {c(vt3)} the {c(things)}.",
        lambda: f"{c(NAMES)} {c(vt3)} {det()} {c(adjs)} {c(things)} {c(preps)} the {c(places)}.",
        lambda: f"The {c(agents_pl)} {c(vi)} {c(advs)}.",
        lambda: f"My {c(agents)} {c(vi3)} {c(preps)} the {c(places)} every {c(times)}.",
        lambda: f"{c(NAMES)} and {c(NAMES)} {c(vt)} the {c(adjs)} {c(things_pl)}.",
        lambda: f"The {c(things)} is {c(adjs)}.",
        lambda: f"A {c(agents)} {c(vt3)} {det()} {c(things)} {c(advs)}.",
        lambda: f"{c(['He', 'She', 'It'])} {c(vt3)} the {c(things)} and the {c(things)}.",
        lambda: f"The {c(agents)} {c(vi3)} because the {c(things)} is {c(adjs)}.",
        lambda: (
            f"{c(['We', 'They', 'You'])} {c(vt)} some {c(adjs)} {c(things_pl)} "
            f"{c(['in', 'near'])} the {c(places)}."
        ),
        lambda: f"Yesterday the {c(adjs)} {c(agents_pl)} {c(vt)} {det()} {c(things)}.",
        lambda: f"The {c(agents)} {c(vi3)} {c(advs)} with {det()} {c(agents)}.",
    ]
    return [c(templates)() for _ in range(n_sentences)]


# --------------------------------------------------------------------------------------------
# The HTTP server

FAULTS = (
    "timeout", "429", "500", "503", "malformed", "truncated", "drop", "nonstring", "missing",
    "empty",
)  # fmt: skip
_PROMPT = re.compile(r"^Directly translate (\w+) to (\w+): (.*)$", re.S)


@dataclass
class _State:
    lock: threading.Lock = field(default_factory=threading.Lock)
    requests: int = 0
    requests_by_path: Counter[str] = field(default_factory=Counter)
    sentences: int = 0
    faults_served: Counter[str] = field(default_factory=Counter)
    translated: list[str] = field(default_factory=list)
    request_times: list[float] = field(default_factory=list)
    auth_headers: list[str] = field(default_factory=list)
    in_flight: int = 0
    max_in_flight: int = 0


class StandInTranslator:
    """A real HTTP English->French translator on 127.0.0.1, for tests (context manager).

    Args:
        latency_s: added to every answer.
        faults: a list of faults consumed per request in arrival order (``None`` or ``"ok"``
            = answer normally), or a dict ``{fault: probability}``; see :data:`FAULTS`.
        fault_seed: seed of the RNG used with a probability dict.
        timeout_sleep_s: how long a ``"timeout"`` fault sleeps before answering.
        retry_after: ``Retry-After`` header value sent with 429 (``None`` = no header).
        api_key: if set, requests must carry it (``api_key`` in the LibreTranslate body,
            ``Authorization: Bearer`` for chat); otherwise 403 / 401.

    Attributes:
        url: ``http://127.0.0.1:<port>`` (set on ``__enter__``).
        lexicon: the :class:`Lexicon` used.
    """

    def __init__(
        self,
        latency_s: float = 0.0,
        faults: Sequence[str | None] | Mapping[str, float] | None = None,
        fault_seed: int = 0,
        timeout_sleep_s: float = 1.0,
        retry_after: str | None = "0",
        api_key: str | None = None,
    ):
        self.latency_s = latency_s
        self.timeout_sleep_s = timeout_sleep_s
        self.retry_after = retry_after
        self.api_key = api_key
        self.lexicon = LEXICON
        self._schedule: list[str | None] = []
        self._probs: dict[str, float] = {}
        self._fault_rng = random.Random(fault_seed)
        self.set_faults(faults)
        self._state = _State()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.url = ""

    # -- control --------------------------------------------------------------------------------

    def set_faults(self, faults: Sequence[str | None] | Mapping[str, float] | None) -> None:
        """Replace the fault schedule (list) or probabilities (dict)."""
        self._schedule, self._probs = [], {}
        if faults is None:
            return
        if isinstance(faults, Mapping):
            for k in faults:
                if k not in FAULTS:
                    raise ValueError(f"unknown fault {k!r}; known: {FAULTS}")
            self._probs = dict(faults)
        else:
            for k in faults:
                if k not in (*FAULTS, None, "ok"):
                    raise ValueError(f"unknown fault {k!r}; known: {FAULTS}")
            self._schedule = list(faults)

    def reset_counters(self) -> None:
        """Zero the request / sentence / fault counters."""
        with self._state.lock:
            self._state = _State()

    @property
    def requests(self) -> int:
        """Requests received (all paths, faulty or not)."""
        return self._state.requests

    @property
    def requests_by_path(self) -> Counter[str]:
        """Requests received per path."""
        return Counter(self._state.requests_by_path)

    @property
    def sentences(self) -> int:
        """Sentences translated in answers actually served without a fault."""
        return self._state.sentences

    @property
    def translated(self) -> list[str]:
        """Every source sentence translated in a fault-free answer, in order served."""
        with self._state.lock:
            return list(self._state.translated)

    @property
    def faults_served(self) -> Counter[str]:
        """How many times each fault was injected."""
        return Counter(self._state.faults_served)

    @property
    def request_times(self) -> list[float]:
        """``time.monotonic()`` at the arrival of each request."""
        with self._state.lock:
            return list(self._state.request_times)

    @property
    def max_in_flight(self) -> int:
        """The most requests handled at the same time so far."""
        return self._state.max_in_flight

    @property
    def auth_headers(self) -> list[str]:
        """``Authorization`` headers received (to check what the client sent)."""
        with self._state.lock:
            return list(self._state.auth_headers)

    def translate(self, sentence: str) -> str:
        """Translate one sentence without HTTP (the expected result)."""
        return translate_sentence(sentence, self.lexicon)

    # -- lifecycle ------------------------------------------------------------------------------

    def __enter__(self) -> StandInTranslator:
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server API
                stand_in._handle(self)

            def do_GET(self) -> None:  # noqa: N802 - http.server API
                stand_in._send(self, 404, {"error": "not found"})

        class Server(ThreadingHTTPServer):
            request_queue_size = 256  # the default (5) drops bursts of concurrent connects

        server = Server(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        server.block_on_close = False
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever,
            kwargs={"poll_interval": 0.05},
            name="stand-in-translator",
            daemon=True,
        )
        self._thread.start()
        host, port = server.server_address[:2]
        self.url = f"http://{host}:{port}"
        return self

    def __exit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = self._thread = None

    # -- request handling -----------------------------------------------------------------------

    def _next_fault(self) -> str | None:
        with self._state.lock:
            if self._schedule:
                f = self._schedule.pop(0)
                return None if f == "ok" else f
            if self._probs:
                x = self._fault_rng.random()
                acc = 0.0
                for k, p in self._probs.items():
                    acc += p
                    if x < acc:
                        return k
        return None

    def _send(
        self,
        h: BaseHTTPRequestHandler,
        status: int,
        body: Any,
        raw: bytes | None = None,
        headers: Mapping[str, str] | None = None,
        extra_length: int = 0,
    ) -> None:
        data = raw if raw is not None else json.dumps(body, ensure_ascii=False).encode("utf-8")
        self._leave(h)  # before the client can see the answer and send its next request
        try:
            h.send_response(status)
            h.send_header("Content-Type", "application/json; charset=utf-8")
            h.send_header("Content-Length", str(len(data) + extra_length))
            for k, v in (headers or {}).items():
                h.send_header(k, v)
            h.end_headers()
            h.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeout fault)

    def _handle(self, h: BaseHTTPRequestHandler) -> None:
        st = self._state
        with st.lock:
            st.in_flight += 1
            st.max_in_flight = max(st.max_in_flight, st.in_flight)
        h._stand_in_counted = True  # type: ignore[attr-defined]
        try:
            self._handle_counted(h, st)
        finally:
            self._leave(h)

    def _leave(self, h: BaseHTTPRequestHandler) -> None:
        """End the in-flight count of request ``h`` (once)."""
        if getattr(h, "_stand_in_counted", False):
            h._stand_in_counted = False  # type: ignore[attr-defined]
            with self._state.lock:
                self._state.in_flight -= 1

    def _handle_counted(self, h: BaseHTTPRequestHandler, st: _State) -> None:
        path = h.path.split("?")[0].rstrip("/")
        with st.lock:
            st.requests += 1
            st.requests_by_path[path] += 1
            st.request_times.append(time.monotonic())
            st.auth_headers.append(h.headers.get("Authorization", ""))
        length = int(h.headers.get("Content-Length") or 0)
        try:
            body = json.loads(h.rfile.read(length).decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            self._send(h, 400, {"error": "body is not JSON"})
            return
        if path not in ("/translate", "/v1/chat/completions"):
            self._send(h, 404, {"error": f"no route {path}"})
            return
        if self.latency_s:
            time.sleep(self.latency_s)
        fault = self._next_fault()
        if fault is not None:
            with st.lock:
                st.faults_served[fault] += 1
        if fault == "timeout":
            time.sleep(self.timeout_sleep_s)
        elif fault == "429":
            hdr = {"Retry-After": self.retry_after} if self.retry_after is not None else {}
            self._send(h, 429, {"error": "Too many requests"}, headers=hdr)
            return
        elif fault in ("500", "503"):
            self._send(h, int(fault), {"error": "internal error"})
            return
        elif fault == "truncated":  # the connection closes before the announced length
            self._send(h, 200, {"translatedText": ["x"]}, extra_length=40)
            h.close_connection = True
            return
        elif fault == "malformed":
            self._send(h, 200, None, raw=b'{"translatedText": ["tronqu')
            return
        if path == "/translate":
            self._libretranslate(h, body, fault)
        else:
            self._chat(h, body, fault)

    def _libretranslate(self, h: BaseHTTPRequestHandler, body: Any, fault: str | None) -> None:
        if not isinstance(body, dict) or "q" not in body:
            self._send(h, 400, {"error": "Invalid request: missing q parameter"})
            return
        if self.api_key is not None and body.get("api_key") != self.api_key:
            self._send(h, 403, {"error": "Invalid API key"})
            return
        if body.get("source") != "en" or body.get("target") != "fr":
            self._send(
                h, 400, {"error": f"unsupported pair {body.get('source')}->{body.get('target')}"}
            )
            return
        q = body["q"]
        items = q if isinstance(q, list) else [q]
        if not all(isinstance(s, str) for s in items):
            self._send(h, 400, {"error": "q must hold strings"})
            return
        out: list[Any] = [self.translate(s) for s in items]
        if fault == "drop":
            out = out[:-1]
        elif fault == "nonstring":
            out[0] = None
        elif fault == "empty":
            out[0] = ""
        elif fault == "missing":
            self._send(h, 200, {"error": None, "detectedLanguage": {"language": "en"}})
            return
        if fault is None:
            self._count(items)
        self._send(h, 200, {"translatedText": out if isinstance(q, list) else out[0]})

    def _chat(self, h: BaseHTTPRequestHandler, body: Any, fault: str | None) -> None:
        if self.api_key is not None and h.headers.get("Authorization") != f"Bearer {self.api_key}":
            self._send(h, 401, {"error": {"message": "Incorrect API key provided"}})
            return
        try:
            content = body["messages"][-1]["content"]
            m = _PROMPT.match(content)
            assert m is not None
        except (KeyError, IndexError, TypeError, AssertionError):
            self._send(h, 400, {"error": {"message": "expected the translation prompt"}})
            return
        if (m.group(1), m.group(2)) != ("English", "French"):
            self._send(h, 400, {"error": {"message": "unsupported language pair"}})
            return
        text = self.translate(m.group(3))
        if fault == "drop":
            self._send(h, 200, {"id": "x", "object": "chat.completion", "choices": []})
            return
        if fault in ("missing", "nonstring"):
            msg: dict[str, Any] = {"role": "assistant"}
            if fault == "nonstring":
                msg["content"] = None
            self._send(h, 200, {"choices": [{"index": 0, "message": msg}]})
            return
        if fault == "empty":
            text = ""
        if fault is None:
            self._count([m.group(3)])
        self._send(h, 200, {
            "id": "chatcmpl-standin", "object": "chat.completion", "model": body.get("model"),
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": text}}],
        })  # fmt: skip

    def _count(self, items: list[str]) -> None:
        with self._state.lock:
            self._state.sentences += len(items)
            self._state.translated.extend(items)
