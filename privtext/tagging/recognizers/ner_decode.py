"""Batched greedy decoding of spaCy's transition-based NER in numpy.

spaCy's ``EntityRecognizer`` runs its network in two parts: the token vectors and their
precomputed projections (large matrix products, already efficient), then a greedy
transition loop in Cython that scores one state per document and step. On one core that loop
costs about 30 microseconds per token, mostly in releasing and re-acquiring the GIL inside
its validity checks, and it was about 60% of the NER's time on the dev set. The token vectors
are computed by :class:`~privtext.tagging.recognizers.tok2vec_fast.FastTok2Vec` where it covers
the model (identical output, about 2x faster than thinc's layer stack).

The BILUO transition system of NER is synchronous: every action (Begin, In, Last, Unit, Out)
consumes exactly one token, so at step ``t`` every unfinished document looks at its token
``t``. :class:`GreedyNerDecoder` therefore advances all documents of a batch together, with
one gather, one maxout and one matrix product per step for the whole batch, and the same
validity rules as spaCy's ``BiluoPushDown`` for documents without preset entities. It reads
the model's own layers and weights; only the decoding loop is ours. The output is the same
entity list that ``nlp.pipe`` gives (a test checks every gold document); a pipeline the
decoder does not recognise (beam search, a listener tok2vec, another transition system, other
network shapes) is decoded by spaCy as before.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import numpy as np

from privtext.tagging.recognizers.tok2vec_fast import FastTok2Vec

log = logging.getLogger(__name__)

#: (start_char, end_char, spaCy label) of one entity.
Entity = tuple[int, int, str]

_BEGIN, _IN, _LAST, _UNIT, _OUT = range(5)


class GreedyNerDecoder:
    """Greedy BILUO decoding of a loaded spaCy NER over batches of documents.

    Build it with :meth:`from_nlp`, which returns ``None`` for pipelines it does not cover.
    """

    def __init__(self, nlp: Any) -> None:
        from spacy.attrs import IS_SPACE, SENT_START

        ner = nlp.get_pipe("ner")
        model = ner.model
        self._nlp = nlp
        self._attrs = [SENT_START, IS_SPACE]
        self._tok2vec = model.get_ref("tok2vec")
        self._fast_tok2vec = FastTok2Vec.from_model(self._tok2vec, nlp.make_doc)
        self._lower = model.get_ref("lower")
        self._n_feats = int(self._lower.get_dim("nF"))
        self._n_hidden = int(self._lower.get_dim("nO"))
        self._n_pieces = int(self._lower.get_dim("nP"))
        self._bias = np.asarray(self._lower.get_param("b"), dtype=np.float32).reshape(-1)
        upper = model.get_ref("upper")
        self._w_out = np.ascontiguousarray(np.asarray(upper.get_param("W"), dtype=np.float32).T)
        self._b_out = np.asarray(upper.get_param("b"), dtype=np.float32)
        n_moves = int(ner.moves.n_moves)
        moves = np.full(n_moves, -1, dtype=np.int64)
        label_of = np.zeros(n_moves, dtype=np.int64)
        self.labels: list[str] = [""]
        for i in range(n_moves):
            name = ner.moves.get_class_name(i)
            if name == "O":
                moves[i] = _OUT
                continue
            action, _, label = name.partition("-")
            if action not in ("B", "I", "L", "U"):
                continue  # never valid (the "missing" move)
            moves[i] = "BILU".index(action)
            if label not in self.labels:
                self.labels.append(label)
            label_of[i] = self.labels.index(label)
        self._label_of = label_of
        named = label_of != 0  # a move with the empty label is only valid on preset spans
        self._can_begin = (moves == _BEGIN) & named
        self._can_in = (moves == _IN) & named
        self._can_last = (moves == _LAST) & named
        self._can_unit = (moves == _UNIT) & named
        self._can_out = moves == _OUT
        self._moves = moves
        unseen = np.zeros(n_moves, dtype=bool)
        for c in model.attrs.get("unseen_classes", ()):
            unseen[int(c)] = True
        self._unseen = unseen if unseen.any() else None

    @classmethod
    def from_nlp(cls, nlp: Any) -> GreedyNerDecoder | None:
        """A decoder for ``nlp``'s NER, or ``None`` when spaCy must decode it itself.

        Covered: an ``EntityRecognizer`` with greedy search (``beam_width`` 1), the BILUO
        transition system, three state features, a maxout hidden layer and an output layer
        (the sm/md/lg pipelines), and no other component enabled before it.
        """
        try:
            from spacy.pipeline import EntityRecognizer
            from spacy.pipeline._parser_internals.ner import BiluoPushDown
            from thinc.api import NumpyOps

            if nlp.pipe_names != ["ner"]:
                return None
            ner = nlp.get_pipe("ner")
            model = ner.model
            ok = (
                type(ner) is EntityRecognizer
                and isinstance(ner.moves, BiluoPushDown)
                and int(ner.cfg.get("beam_width", 1)) == 1
                and ner.cfg.get("incorrect_spans_key") is None
                and not ner.postprocesses
                and model.attrs.get("has_upper", False)
                and model.get_ref("lower").get_dim("nF") == 3
                and model.get_ref("lower").get_dim("nP") >= 2
                and all(type(node.ops) is NumpyOps for node in model.walk())
                and "listener" not in model.get_ref("tok2vec").name.lower()
            )
            return cls(nlp) if ok else None
        except Exception as exc:  # an unfamiliar pipeline: spaCy decodes it
            log.info("spaCy decodes the NER itself (%s: %s)", type(exc).__name__, exc)
            return None

    def __call__(self, texts: Sequence[str]) -> list[list[Entity]]:
        """Tokenize ``texts`` with the pipeline's tokenizer and decode their entities."""
        return self.decode([self._nlp.make_doc(t) for t in texts])

    def decode(self, docs: Sequence[Any]) -> list[list[Entity]]:
        """Entities of each spaCy ``Doc`` (character offsets and labels), as ``nlp.pipe``.

        Documents are sorted by length, longest first, so the unfinished ones at step ``t``
        are always a prefix of the batch.
        """
        lengths = np.array([len(d) for d in docs], dtype=np.int64)
        out: list[list[Entity]] = [[] for _ in docs]
        if not len(docs) or lengths.max() == 0:
            return out
        order = np.argsort(-lengths, kind="stable")
        batch = [docs[i] for i in order]
        lens = lengths[order]
        n_tokens = int(lens.sum())
        if self._fast_tok2vec is not None:
            tokvecs = self._fast_tok2vec(batch)
        else:
            tokvecs = self._tok2vec.predict(batch)
        # row 0 is the padding vector for an absent feature, row 1 + i is token i
        feats = np.asarray(self._lower.predict(tokvecs), dtype=np.float32).reshape(
            n_tokens + 1, self._n_feats, self._n_hidden * self._n_pieces
        )
        arr = np.concatenate([d.to_array(self._attrs) for d in batch if len(d)])
        next_starts = np.append(arr[:, 0] == 1, False)  # sent_start of token i, padded
        space = arr[:, 1].astype(bool)
        offset = np.concatenate([[0], np.cumsum(lens)[:-1]])
        n_docs = len(batch)
        is_open = np.zeros(n_docs, dtype=bool)
        ent_start = np.zeros(n_docs, dtype=np.int64)
        ent_label = np.zeros(n_docs, dtype=np.int64)
        dead = np.zeros(n_docs, dtype=bool)
        found: list[list[tuple[int, int, int]]] = [[] for _ in batch]
        f0, f1, f2 = feats[:, 0], feats[:, 1], feats[:, 2]
        for t in range(int(lens[0])):
            k = int(np.count_nonzero(lens > t))
            opened = is_open[:k]
            tok = offset[:k] + t
            first = np.where(opened, offset[:k] + ent_start[:k] + 1, 0)
            prev = np.where(opened, tok, 0)  # token t - 1, shifted by the padding row
            hidden = f0[tok + 1] + f1[first] + f2[prev] + self._bias
            pieces = hidden.reshape(k, self._n_hidden, self._n_pieces)
            hidden = pieces[:, :, 0]
            for p in range(1, self._n_pieces):  # maxout; faster than max(axis=2) on 2 pieces
                hidden = np.maximum(hidden, pieces[:, :, p])
            scores = hidden @ self._w_out + self._b_out
            if self._unseen is not None:
                scores[:, self._unseen] = scores.min()
            two_left = (lens[:k] - t) >= 2
            sent_next = two_left & next_starts[tok + 1]
            blank = space[tok]
            closed = ~opened
            same = self._label_of[None, :] == ent_label[:k, None]
            valid = (
                ((closed & two_left & ~sent_next & ~blank)[:, None] & self._can_begin)
                | ((opened & two_left & ~sent_next)[:, None] & self._can_in & same)
                | (opened[:, None] & self._can_last & same)
                | ((closed & ~blank)[:, None] & self._can_unit)
                | (closed[:, None] & self._can_out)
            )
            guess = np.where(valid, scores, -np.inf).argmax(axis=1)
            move = self._moves[guess]
            label = self._label_of[guess]
            stuck = ~valid.any(axis=1)
            act = ~dead[:k] & ~stuck
            dead[:k] |= stuck  # spaCy forces such a state to its end
            begin = act & (move == _BEGIN)
            last = act & (move == _LAST)
            ent_start[:k][begin] = t
            ent_label[:k][begin] = label[begin]
            for i in np.flatnonzero(last):
                found[i].append((int(ent_start[i]), t + 1, int(ent_label[i])))
            for i in np.flatnonzero(act & (move == _UNIT)):
                found[i].append((t, t + 1, int(label[i])))
            is_open[:k] = (opened | begin) & ~last
        for j, i in enumerate(order):
            doc = batch[j]
            for start, end, lab in found[j]:
                tail = doc[end - 1]
                out[i].append((doc[start].idx, tail.idx + len(tail), self.labels[lab]))
        return out
