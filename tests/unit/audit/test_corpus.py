"""The leakage corpus: deterministic, recurring and correlated entities that the tagger finds."""

from __future__ import annotations

import json
from collections import Counter, defaultdict

import pytest

from privtext.audit.corpus import (
    EMPLOYERS,
    FEMALE_NAMES,
    MALE_NAMES,
    SURNAMES,
    generate_leakage_corpus,
    generate_leakage_gold,
    write_leakage_corpus,
)


def test_deterministic_and_seeded(tmp_path):
    a = generate_leakage_corpus(50, seed=3)
    assert a == generate_leakage_corpus(50, seed=3)
    assert a != generate_leakage_corpus(50, seed=4)
    assert [r["id"] for r in a[:2]] == ["leak-00000", "leak-00001"]
    path = write_leakage_corpus(tmp_path / "c.jsonl", 20, seed=3)
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert rows == a[:20]


def test_shape_and_recurrence():
    rows = generate_leakage_gold(300, seed=0)
    for r in rows:
        n_words = len(r["text"].split())
        assert 60 <= n_words <= 200, r["text"]
        n_sent = sum(r["text"].count(c) for c in ".!?")
        assert 3 <= n_sent <= 8
        per_person = Counter(m["value"] for m in r["mentions"] if m["kind"] == "person")
        assert 1 <= len(per_person) <= 2
        assert all(3 <= c <= 5 for c in per_person.values()), per_person
        for m in r["mentions"]:
            assert r["text"][m["start"] : m["end"]] == m["surface"]


def test_persons_correlate_with_employer_and_city():
    rows = generate_leakage_gold(300, seed=0)
    employer_of: dict[str, set[str]] = defaultdict(set)
    city_of_employer = dict(EMPLOYERS)
    n_persons = set()
    for r in rows:
        ms = r["mentions"]
        persons = {m["value"] for m in ms if m["kind"] == "person"}
        n_persons |= persons
        if len(persons) == 1:
            (p,) = persons
            employer_of[p] |= {m["value"] for m in ms if m["kind"] == "employer"}
            for m in ms:
                if m["kind"] == "city":
                    assert any(city_of_employer[e] == m["value"] for e in employer_of[p])
    assert all(len(e) == 1 for e in employer_of.values())  # always the same employer
    assert len(n_persons) > 40  # a population that recurs across documents
    counts = Counter(
        p for r in rows for p in {m["value"] for m in r["mentions"] if m["kind"] == "person"}
    )
    assert max(counts.values()) >= 5


def test_all_entity_words_are_in_glove():
    from privtext.embeddings import load_embeddings_cached

    emb = load_embeddings_cached("glove-6b-50d")
    words = [w.lower() for w in (*FEMALE_NAMES, *MALE_NAMES, *SURNAMES)]
    words += [w.lower() for pair in EMPLOYERS for w in pair]
    assert (emb.lookup(words) >= 0).all()


@pytest.mark.slow
def test_tagger_finds_the_planted_entities():
    from privtext.tagging.policy import TierPolicy
    from privtext.tagging.registry import TaggerSpec, build_tagger

    rows = generate_leakage_gold(30, seed=1)
    spans = build_tagger(TaggerSpec()).tag_batch([r["text"] for r in rows])
    policy = TierPolicy.load(None)
    found: dict[str, list[bool]] = defaultdict(list)
    for r, sp in zip(rows, spans, strict=True):
        for m in r["mentions"]:
            tiers = {
                policy.rule_for(s.entity_type).tier
                for s in sp
                if s.start <= m["start"] and s.end >= m["end"]
            }
            found[m["kind"]].append(("PII" if m["kind"] == "person" else "PoII") in tiers)
    recall = {k: sum(v) / len(v) for k, v in found.items()}
    assert recall["person"] >= 0.9, recall
    assert recall["employer"] >= 0.9 and recall["city"] >= 0.9, recall


def test_court_style_judgments_are_long_and_name_their_applicant_often():
    rows = generate_leakage_gold(40, seed=5, court_every=10)
    short = generate_leakage_gold(40, seed=5)
    courts = [r for i, r in enumerate(rows) if i % 10 == 9]
    assert len(courts) == 4 and rows[:9] == short[:9]  # the short documents are unchanged
    for r in courts:
        assert 1500 <= len(r["text"]) <= 2600, len(r["text"])
        assert "THE FACTS" in r["text"] and "THE LAW" in r["text"]
        persons = Counter(m["value"] for m in r["mentions"] if m["kind"] == "person")
        applicant, n = persons.most_common(1)[0]
        assert 6 <= n <= 10 and len(persons) <= 2
        kinds = {m["kind"] for m in r["mentions"]}
        assert kinds == {"person", "employer", "city"}
        for m in r["mentions"]:
            assert r["text"][m["start"] : m["end"]] == m["surface"]
    with pytest.raises(ValueError, match="court_every"):
        generate_leakage_gold(3, court_every=-1)
