"""The sanitize kernel without Spark: policy, operators, mechanism wiring, rebuild."""

from __future__ import annotations

import re

import numpy as np
import pytest

from privtext.embeddings import CandidateSet, load_embeddings_cached
from privtext.engine import EngineSpec, MechanismAdapter, build_mechanism
from privtext.mechanisms.exponential import ExponentialMechanism
from privtext.mechanisms.noise import KeyedNoise
from privtext.sanitize import Sanitizer
from privtext.tagging.base import Span
from privtext.tagging.policy import TierPolicy
from privtext.tagging.registry import Tagger
from privtext.tokenizer import tokenize

KEY = b"unit-test-key-0123456789"


@pytest.fixture(scope="module")
def emb():
    return load_embeddings_cached("glove-6b-50d")


@pytest.fixture(scope="module")
def cands(emb):
    return CandidateSet.build(emb, 2000)


def _sanitizer(emb, cands, eps=(5.0, 10.0), record_all=False, key=KEY):
    return Sanitizer(
        policy=TierPolicy.load(None),
        lookup=emb.lookup,
        candidate_words=cands.words,
        mechanism=MechanismAdapter(ExponentialMechanism(cands), "em", 1),
        tier_epsilon={"PII": eps[0], "PoII": eps[1]},
        noise=KeyedNoise(key),
        record_all_tokens=record_all,
    )


def _run(san, texts, ids=None):
    ids = ids or [f"d{i}" for i in range(len(texts))]
    tagger = Tagger.default()
    return san.sanitize_batch(ids, texts, [tokenize(t) for t in texts], tagger.tag_batch(texts))


TEXT = (
    "Dear Mr. John Smith,\n\nyour colleague Maria Garcia (maria.garcia@example.org, "
    "+44 20 7946 0958) moved to London.  John will call you.\n"
)


def test_tagged_words_and_patterns_are_replaced_and_layout_kept(emb, cands):
    res = _run(_sanitizer(emb, cands), [TEXT])[0]
    out = res.sanitized_text
    assert "maria.garcia@example.org" not in out
    assert "7946 0958" not in out
    # Everything outside replaced units is copied verbatim.
    for fixed in ("Dear ", ",\n\nyour colleague ", "moved to ", ".  ", " will call you.\n"):
        assert fixed in out
    assert res.pii_surrogate_leaks == 0
    kinds = {u.operator for u in res.units}
    assert {"mechanism", "surrogate"} <= kinds


def test_replacement_words_come_from_the_candidate_set_with_the_original_case(emb, cands):
    res = _run(_sanitizer(emb, cands), [TEXT])[0]
    cand_words = set(cands.words.tolist())
    for u in res.units:
        if u.operator == "mechanism":
            assert u.replacement.lower() in cand_words
            assert u.replacement[0].isupper() == u.original[0].isupper()


def test_same_key_and_doc_give_the_same_release_other_key_differs(emb, cands):
    a = _run(_sanitizer(emb, cands), [TEXT] * 3, ["x", "y", "z"])
    b = _run(_sanitizer(emb, cands), [TEXT] * 3, ["x", "y", "z"])
    assert [r.sanitized_text for r in a] == [r.sanitized_text for r in b]
    # Different documents with the same text get independent draws.
    assert len({r.sanitized_text for r in a}) > 1
    c = _run(_sanitizer(emb, cands, key=b"another-key-0123456789"), [TEXT] * 3, ["x", "y", "z"])
    assert [r.sanitized_text for r in a] != [r.sanitized_text for r in c]


def test_release_of_a_document_does_not_depend_on_its_batch(emb, cands):
    alone = _run(_sanitizer(emb, cands), [TEXT], ["doc-7"])[0].sanitized_text
    batch = _run(_sanitizer(emb, cands), ["Alice Jones lives in Paris.", TEXT], ["o", "doc-7"])
    assert batch[1].sanitized_text == alone


def test_ledger_counts_tokens_per_tier_with_tier_budget(emb, cands):
    res = _run(_sanitizer(emb, cands, eps=(2.0, 4.0)), [TEXT])[0]
    led = {row["tier"]: row for row in res.ledger}
    mech = [u for u in res.units if u.operator == "mechanism"]
    assert led["PII"]["tokens_perturbed"] == sum(u.tier == "PII" for u in mech)
    assert led["PoII"]["tokens_perturbed"] == sum(u.tier == "PoII" for u in mech)
    assert led["PII"]["epsilon_per_token"] == 2.0 and led["PoII"]["epsilon_per_token"] == 4.0
    assert led["PII"]["epsilon_sum"] == pytest.approx(2.0 * led["PII"]["tokens_perturbed"])


def test_low_score_and_none_tier_spans_are_left_alone(emb, cands):
    san = _sanitizer(emb, cands)
    text = "Alice met Bob."
    spans = [[Span(0, 5, "PERSON", 0.1, "test"), Span(10, 13, "UNKNOWN_NONE", 0.99, "test")]]
    policy = TierPolicy.from_dict(
        {
            "entities": {
                "PERSON": {"tier": "PII", "operator": "mechanism", "min_score": 0.5},
                "UNKNOWN_NONE": {"tier": "none", "operator": "keep", "min_score": 0.0},
            },
            "default": {"tier": "PII", "operator": "mask", "min_score": 0.5},
        },
        source="test",
    )
    san.policy = policy
    res = san.sanitize_batch(["a"], [text], [tokenize(text)], spans)[0]
    assert res.sanitized_text == text and res.units == []


def test_all_tokens_are_recorded_when_asked(emb, cands):
    res = _run(_sanitizer(emb, cands, record_all=True), [TEXT])[0]
    tk = tokenize(TEXT)
    units = sorted((u.start, u.end) for u in res.units)
    # Units never overlap, and every token lies inside exactly one unit (a word, or a whole
    # pattern span such as an email covering several tokens).
    assert all(a[1] <= b[0] for a, b in zip(units, units[1:], strict=False))
    for s, e in zip(tk.starts.tolist(), tk.ends.tolist(), strict=True):
        assert sum(us <= s and e <= ue for us, ue in units) == 1


def test_laplace_nn_mechanism_is_built_from_a_spec(emb, cands, tmp_path):
    path = tmp_path / "c.npz"
    cands.save(str(path))
    spec = EngineSpec("glove-6b-50d", str(path), "laplace-nn", (("PII", 5.0), ("PoII", 10.0)))
    mech = build_mechanism(spec, cands)
    assert mech.name == "laplace-nn+rank-fix"
    idx = emb.lookup(["london", "paris"])
    u = np.random.default_rng(1).random((2, mech.uniforms_needed())) * 0.999 + 0.0005
    out = mech.sample(idx, 10.0, u)
    assert out.shape == (2,) and np.all((out >= 0) & (out < len(cands.words)))


def test_surrogates_of_emails_stay_emails(emb, cands):
    res = _run(_sanitizer(emb, cands), [TEXT])[0]
    emails = [u.replacement for u in res.units if u.entity_type == "EMAIL"]
    assert emails and all(re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]+", e) for e in emails)


@pytest.mark.parametrize(
    ("value", "text", "expected"),
    [
        ("4471", "PC 4471 said", True),
        ("4471", "call 0161 44712 now", False),
        ("nce", "experience", False),
        ("jdoe", "jdoe", True),
        ("AB-12", "ref AB-12.", True),
    ],
)
def test_a_leak_is_a_whole_token_occurrence_of_the_original(value, text, expected):
    from privtext.sanitize import _occurs

    assert _occurs(value, text) is expected


def test_when_perturb_all_words_is_on_then_every_word_is_perturbed_and_tags_keep_their_tier(
    emb, cands
):
    base = _sanitizer(emb, cands)
    san = Sanitizer(
        policy=base.policy,
        lookup=base.lookup,
        candidate_words=base.candidate_words,
        mechanism=base.mechanism,
        tier_epsilon=base.tier_epsilon,
        noise=base.noise,
        perturb_all_words=True,
    )
    res = _run(san, [TEXT])[0]
    tk = tokenize(TEXT)
    # every token is inside a unit: the tagged spans with their tier, all others PoII words
    for s, e in zip(tk.starts.tolist(), tk.ends.tolist(), strict=True):
        assert any(u.start <= s and e <= u.end for u in res.units), TEXT[s:e]
    words = [u for u in res.units if u.entity_type == "WORD"]
    assert words and all(u.tier == "PoII" and u.operator == "mechanism" for u in words)
    assert {u.tier for u in res.units if u.entity_type == "PERSON"} == {"PII"}
    assert "maria.garcia@example.org" not in res.sanitized_text
    # the ledger counts them against the PoII budget
    poii = [r for r in res.ledger if r["tier"] == "PoII"][0]
    assert poii["tokens_perturbed"] >= len(words)


def _mention_outputs(san, text, word):
    res = _run(san, [text])[0]
    return [u.replacement.lower() for u in res.units if text[u.start : u.end].lower() == word]


MENTIONS = " ".join(f"Report {i}: Brennan met Okafor in Lisbon." for i in range(12))


def test_consistent_mentions_release_one_draw_per_word_and_document(emb, cands):
    base = _sanitizer(emb, cands, eps=(1.0, 2.0))
    kw = dict(
        policy=base.policy, lookup=base.lookup, candidate_words=base.candidate_words,
        mechanism=base.mechanism, tier_epsilon=base.tier_epsilon, noise=base.noise,
    )  # fmt: skip
    fresh = _mention_outputs(Sanitizer(**kw), MENTIONS, "lisbon")
    same = _mention_outputs(Sanitizer(**kw, consistent_mentions=True), MENTIONS, "lisbon")
    assert len(fresh) == len(same) == 12
    # at eps 2 every mention drawn afresh gives several words; one draw gives one word, and it
    # is the draw of the first mention (whose noise is unchanged)
    assert len(set(fresh)) > 1
    assert set(same) == {fresh[0]}
    # another document gets its own draw
    other = _run(Sanitizer(**kw, consistent_mentions=True), [MENTIONS, MENTIONS], ["a", "b"])
    outs = [
        {u.replacement.lower() for u in r.units if MENTIONS[u.start : u.end] == "Lisbon"}
        for r in other
    ]
    assert all(len(o) == 1 for o in outs)


def test_one_draw_per_word_is_named_in_the_ledger_and_explained(emb, cands):
    from privtext.explain import GUARANTEE, GUARANTEE_ONE_DRAW, guarantee_for
    from schemas.tables import MECHANISM_VALUES

    base = _sanitizer(emb, cands, eps=(1.0, 2.0))
    kw = dict(
        policy=base.policy, lookup=base.lookup, candidate_words=base.candidate_words,
        mechanism=base.mechanism, tier_epsilon=base.tier_epsilon, noise=base.noise,
    )  # fmt: skip
    one = _run(Sanitizer(**kw, consistent_mentions=True), [MENTIONS])[0]
    assert {row["mechanism"] for row in one.ledger} == {"em+one-draw-per-word"}
    assert {row["mechanism"] for row in _run(Sanitizer(**kw), [MENTIONS])[0].ledger} == {"em"}
    assert {"em+one-draw-per-word", "em+one-draw-per-word+remap"} <= set(MECHANISM_VALUES)
    assert guarantee_for("em+one-draw-per-word+remap") == GUARANTEE_ONE_DRAW
    assert guarantee_for("em+remap") == GUARANTEE


def test_one_draw_per_word_bounds_only_neighbours_with_the_same_repeated_words(emb, cands):
    """The exact laws behind the guarantee stated for ``consistent_mentions``.

    Two mentions of a word w drawn once release (y, y) with probability P_w(y). A neighbour
    that renames both mentions (w', w') is bounded by one draw's eps d(w, w'), half the
    per-token sum; a neighbour that renames one mention (w, w') draws its two words apart, and
    the ratio on an equal pair is 1 / P_w'(y), far beyond the per-token sum.
    """
    eps = 2.0
    mech = ExponentialMechanism(cands)
    w, w2 = emb.lookup(["monday", "tuesday"]).tolist()  # close words: d = 0.35
    d = float(np.linalg.norm(emb.vectors[w].astype(np.float64) - emb.vectors[w2]))
    lp_w, lp_w2 = mech.log_probs(w, eps), mech.log_probs(w2, eps)
    # (w, w) against (w', w'): one draw each, so the EM ratio of one word, within eps d; the
    # same ratio bounds (w, w) against (w, w') when every mention is drawn afresh (only the
    # second draw's law differs)
    one_word = float(np.max(np.abs(lp_w - lp_w2)))
    assert 0 < one_word <= eps * d + 1e-9
    # (w, w) against (w, w') with one draw per word:
    # log P[(y, y) | w, w] - log P[(y, y) | w, w'] = log P_w(y) - log P_w(y) P_w'(y) = -log P_w'(y)
    broken = float(np.max(-lp_w2))
    assert broken > 5 * (2 * eps * d)  # far beyond the ledger's per-token sum for two mentions


# -- rank record and remapping -------------------------------------------------------------------
def test_rank_bands_classify_the_released_word_by_its_rank_among_the_originals_neighbours(
    emb, cands
):
    from privtext.embeddings import nearest, neighbour_lists
    from privtext.sanitize import rank_bands

    x = int(cands.to_candidate(emb.lookup(["london"]))[0])
    nbr = neighbour_lists(cands, np.asarray([x]), 200)[0]
    ys = np.asarray([x, nbr[1], nbr[10], nbr[11], nbr[100], nbr[101], nbr[199]])
    ex = np.full(ys.size, cands.emb_index[x])
    assert rank_bands(cands, ex, ys).tolist() == [0, 1, 1, 2, 2, 3, 3]
    # a word with an embedding outside C: rank 1 + position among its nearest candidates
    outside = next(i for i in range(30_000, 40_000) if cands.to_candidate(np.asarray([i]))[0] < 0)
    top, _ = nearest(cands, np.asarray(emb.vectors[[outside]]), k=150)
    ys = np.asarray([top[0, 0], top[0, 9], top[0, 10], top[0, 99], top[0, 100]])
    assert rank_bands(cands, np.full(5, outside), ys).tolist() == [1, 1, 2, 2, 3]
    # no embedding
    assert rank_bands(cands, np.asarray([-1, -1]), np.asarray([0, 5])).tolist() == [4, 4]


def test_ledger_rank_counts_add_up_to_the_perturbed_tokens(emb, cands):
    from privtext.sanitize import RANK_COLUMNS

    texts = [TEXT, "Qwzxv Blorptang met Anna Jones in Paris.", "Nothing here."]
    res = _run(_sanitizer(emb, cands, eps=(1.0, 30.0)), texts)
    for r in res:
        for row in r.ledger:
            assert sum(row[c] for c in RANK_COLUMNS) == row["tokens_perturbed"]
    # at eps_PoII = 30 the draws are the originals; the kept count agrees with rank_original
    assert sum(r.kept_by_mechanism for r in res) == sum(
        row["rank_original"] for r in res for row in r.ledger
    )


def test_remap_table_is_applied_to_the_draw_and_named_in_the_ledger(emb, cands):
    base = _sanitizer(emb, cands)
    target = int(cands.to_candidate(emb.lookup(["london"]))[0])
    table = np.full(len(cands), target, dtype=np.int64)  # every draw -> "london"
    san = Sanitizer(
        policy=base.policy,
        lookup=base.lookup,
        candidate_words=base.candidate_words,
        mechanism=base.mechanism,
        tier_epsilon=base.tier_epsilon,
        noise=base.noise,
        remap={"PII": table, "PoII": table},
    )
    res = _run(san, [TEXT])[0]
    mech = [u for u in res.units if u.operator == "mechanism"]
    assert mech and all(u.replacement.lower() == "london" for u in mech)
    assert {row["mechanism"] for row in res.ledger} == {"em+remap"}
    # ranks describe the released word: "London" itself is original, the rest ranked vs london
    poii = [row for row in res.ledger if row["tier"] == "PoII"][0]
    assert poii["rank_original"] == sum(u.original.lower() == "london" for u in mech)
    with pytest.raises(ValueError, match="remap table"):
        Sanitizer(
            policy=base.policy,
            lookup=base.lookup,
            candidate_words=base.candidate_words,
            mechanism=base.mechanism,
            tier_epsilon=base.tier_epsilon,
            noise=base.noise,
            remap={"PII": table[:5], "PoII": table},
        )


def test_engine_loads_remap_tables_by_path_and_checks_their_budget(emb, cands, tmp_path):
    from privtext import engine

    class FakeTable:
        def __init__(self, eps, fp, table):
            self.eps, self.cands_fingerprint, self.table = eps, fp, table

        @classmethod
        def load(cls, path, cands=None):
            z = np.load(path)
            return cls(float(z["eps"]), str(z["fp"]), z["table"])

    good = tmp_path / "r.npz"
    np.savez(good, eps=5.0, fp=cands.fingerprint, table=np.arange(len(cands)))
    import sys
    import types

    mod = types.ModuleType("privtext.mechanisms.remap")
    mod.RemapTable = FakeTable  # type: ignore[attr-defined]
    old = sys.modules.get("privtext.mechanisms.remap")
    sys.modules["privtext.mechanisms.remap"] = mod
    try:
        spec = EngineSpec(
            "glove-6b-50d", "", "em", (("PII", 5.0), ("PoII", 10.0)),
            remap_paths=(("PII", str(good)),),
        )  # fmt: skip
        tables = engine.load_remap_tables(spec, cands)
        assert tables is not None and tables["PII"].tolist() == list(range(len(cands)))
        bad = EngineSpec(
            "glove-6b-50d", "", "em", (("PII", 5.0), ("PoII", 10.0)),
            remap_paths=(("PoII", str(good)),),
        )  # fmt: skip
        from privtext.errors import ConfigError

        with pytest.raises(ConfigError, match="eps"):
            engine.load_remap_tables(bad, cands)
    finally:
        if old is None:
            sys.modules.pop("privtext.mechanisms.remap", None)
        else:
            sys.modules["privtext.mechanisms.remap"] = old


def test_rank_bands_agree_with_sorted_neighbour_lists_on_many_words(emb, cands):
    """The threshold shortcut gives the bands a full sort would, word by word (200 words of C
    and 50 outside it, released words drawn at every distance)."""
    from privtext.embeddings import nearest, neighbour_lists
    from privtext.sanitize import rank_bands

    rng = np.random.default_rng(3)
    piv = rng.choice(len(cands), 200, replace=False)
    lists = neighbour_lists(cands, piv, 101)
    pick = rng.integers(0, 150, size=piv.size)
    ys = np.where(pick < 101, lists[np.arange(piv.size), np.minimum(pick, 100)], pick * 13)
    ys = np.where(pick >= 101, rng.integers(0, len(cands), size=piv.size), ys)
    rank = np.array(
        [
            np.flatnonzero(row == y)[0] if (row == y).any() else 999
            for row, y in zip(lists, ys, strict=True)
        ]
    )
    want = np.select([rank == 0, rank <= 10, rank <= 100], [0, 1, 2], 3)
    assert rank_bands(cands, cands.emb_index[piv], ys).tolist() == want.tolist()
    outside = [i for i in range(30_000, 60_000) if cands.to_candidate(np.asarray([i]))[0] < 0][:50]
    top, _ = nearest(cands, np.asarray(emb.vectors[outside]), k=120)
    j = rng.integers(0, 120, size=len(outside))
    ys = top[np.arange(len(outside)), j]
    want = np.select([j <= 9, j <= 99], [1, 2], 3)
    assert rank_bands(cands, np.asarray(outside), ys).tolist() == want.tolist()
