"""Tests of the deterministic demo corpus generator (privtext.demo)."""

from __future__ import annotations

import ast
import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from privtext import demo

N_DOCS = 200

EMAIL_RE = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
PHONE_RE = re.compile(r"(?:\+\d{1,3}[ ]?)?(?:\(0?\d{1,3}\)[ ]?)?\d[\d .\-]{5,}\d")
FULL_NAME_RE = re.compile(
    r"\b(?P<first>" + "|".join(map(re.escape, demo.FIRST_NAMES)) + r") "
    r"(?P<last>" + "|".join(map(re.escape, demo.LAST_NAMES)) + r")\b"
)


@pytest.fixture(scope="module")
def corpus() -> list[dict]:
    return demo.generate_demo_corpus(N_DOCS, seed=7)


@pytest.fixture(scope="module")
def gold() -> list[dict]:
    return demo.generate_demo_gold(N_DOCS, seed=7)


def _luhn_ok(number: str) -> bool:
    digits = [int(c) for c in number if c.isdigit()]
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _iban_ok(iban: str) -> bool:
    compact = iban.replace(" ", "")
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(c, 36)) for c in rearranged)) % 97 == 1


# ---- determinism -------------------------------------------------------------------------


def test_same_seed_gives_identical_rows(corpus: list[dict]) -> None:
    assert demo.generate_demo_corpus(N_DOCS, seed=7) == corpus


def test_different_seed_gives_different_rows(corpus: list[dict]) -> None:
    other = demo.generate_demo_corpus(N_DOCS, seed=8)
    assert [r["id"] for r in other] == [r["id"] for r in corpus]
    differing = sum(a["text"] != b["text"] for a, b in zip(corpus, other, strict=True))
    assert differing > 0.95 * N_DOCS


def test_smaller_corpus_is_a_prefix(corpus: list[dict]) -> None:
    assert demo.generate_demo_corpus(25, seed=7) == corpus[:25]


def test_does_not_touch_global_random_state() -> None:
    random.seed(123)
    expected = random.random()
    random.seed(123)
    demo.generate_demo_corpus(5)
    assert random.random() == expected


def test_module_imports_neither_faker_nor_pyspark() -> None:
    tree = ast.parse(Path(demo.__file__).read_text(encoding="utf-8"))
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert not imported & {"faker", "pyspark", "numpy"}


# ---- shape of the good rows --------------------------------------------------------------


def test_rows_have_ids_and_text(corpus: list[dict]) -> None:
    assert len(corpus) == N_DOCS
    for i, row in enumerate(corpus):
        assert set(row) == {"id", "text"}
        assert row["id"] == f"doc-{i:05d}"
        assert isinstance(row["text"], str) and row["text"].strip()


def test_ids_unique_among_good_rows(corpus: list[dict]) -> None:
    ids = [r["id"] for r in corpus]
    assert len(set(ids)) == len(ids)


def test_documents_have_two_to_eight_sentences_worth_of_text(corpus: list[dict]) -> None:
    lengths = [len(r["text"].split()) for r in corpus]
    assert min(lengths) >= 8
    assert max(lengths) <= 250
    assert 40 <= sum(lengths) / len(lengths) <= 120


def test_zero_docs_and_negative_docs() -> None:
    assert demo.generate_demo_corpus(0) == []
    with pytest.raises(ValueError):
        demo.generate_demo_corpus(-1)


# ---- content -----------------------------------------------------------------------------


def test_every_doc_has_contact_and_full_person_name(corpus: list[dict]) -> None:
    for row in corpus:
        text = row["text"]
        assert EMAIL_RE.search(text) or PHONE_RE.search(text), row
        assert FULL_NAME_RE.search(text), row


def test_some_docs_repeat_a_name(corpus: list[dict]) -> None:
    repeated = 0
    for row in corpus:
        m = FULL_NAME_RE.search(row["text"])
        assert m is not None
        first, last = map(re.escape, (m["first"], m["last"]))
        mention = re.compile(rf"\b{first} {last}\b|\b{first}\b|\b{last}\b")
        if len(mention.findall(row["text"])) >= 2:
            repeated += 1
    assert repeated >= 0.4 * N_DOCS


def test_some_docs_repeat_city_and_employer(gold: list[dict]) -> None:
    def docs_repeating(label: str) -> int:
        count = 0
        for row in gold:
            texts = Counter(e["text"] for e in row["entities"] if e["label"] == label)
            count += any(n >= 2 for n in texts.values())
        return count

    assert docs_repeating("CITY") >= 0.2 * N_DOCS
    assert docs_repeating("ORG") >= 0.2 * N_DOCS


def test_all_genres_and_rare_identifiers_occur(gold: list[dict]) -> None:
    assert {r["genre"] for r in gold} == {
        "support_ticket",
        "letter",
        "hr_note",
        "case_summary",
        "news",
        "cv",
    }
    labels = Counter(e["label"] for r in gold for e in r["entities"])
    assert set(labels) == set(demo.ENTITY_LABELS)
    docs_with = Counter(label for r in gold for label in {e["label"] for e in r["entities"]})
    for rare in ("IBAN", "CARD_NUMBER", "IP_ADDRESS", "URL"):
        assert 1 <= docs_with[rare] <= 0.25 * N_DOCS, rare
    assert any(re.search(r"\baged \d\d\b", r["text"]) for r in gold)
    assert any(re.search(r"\bDr\. ", r["text"]) for r in gold)
    assert any(re.search(r"\bMs\. ", r["text"]) for r in gold)


def test_several_international_phone_formats(gold: list[dict]) -> None:
    phones = [e["text"] for r in gold for e in r["entities"] if e["label"] == "PHONE"]
    assert any(re.fullmatch(r"\(\d{3}\) 555-01\d\d", p) for p in phones)
    prefixes = {p.split(" ")[0] for p in phones if p.startswith("+")}
    assert {"+44", "+33", "+49", "+1"} <= prefixes
    assert len(prefixes) >= 8


# ---- gold annotations --------------------------------------------------------------------


def test_gold_matches_corpus_and_spans_point_into_text(corpus, gold) -> None:
    assert [{"id": r["id"], "text": r["text"]} for r in gold] == corpus
    for row in gold:
        prev_start = -1
        for ent in row["entities"]:
            assert row["text"][ent["start"] : ent["end"]] == ent["text"]
            assert ent["label"] in demo.ENTITY_LABELS
            assert ent["start"] >= prev_start
            prev_start = ent["start"]
        persons = [e for e in row["entities"] if e["label"] == "PERSON"]
        assert persons
        assert {"EMAIL", "PHONE"} & {e["label"] for e in row["entities"]}


def test_gold_identifiers_are_valid(gold: list[dict]) -> None:
    for row in gold:
        for ent in row["entities"]:
            if ent["label"] == "IBAN":
                assert _iban_ok(ent["text"]), ent
            elif ent["label"] == "CARD_NUMBER":
                assert _luhn_ok(ent["text"]), ent
            elif ent["label"] == "EMAIL":
                assert EMAIL_RE.fullmatch(ent["text"]) and ent["text"].isascii(), ent
            elif ent["label"] == "AGE":
                assert 18 <= int(ent["text"]) <= 90


def test_generated_identifiers_pass_library_validators() -> None:
    phonenumbers = pytest.importorskip("phonenumbers")
    stdnum_iban = pytest.importorskip("stdnum.iban")
    stdnum_luhn = pytest.importorskip("stdnum.luhn")
    rng = random.Random(0)
    for code in demo.COUNTRIES:
        for mobile in (False, True):
            for _ in range(200):
                number = demo.make_phone(rng, code, mobile=mobile)
                parsed = phonenumbers.parse(number, code)
                assert phonenumbers.is_valid_number(parsed), (code, number)
                assert phonenumbers.region_code_for_number(parsed) in (code, "VA"), number
    for code in ("GB", "IE", "DE", "FR", "NL", "ES"):
        for _ in range(200):
            iban = demo.make_iban(rng, code)
            assert iban.startswith(code)
            assert stdnum_iban.is_valid(iban), iban
    for _ in range(500):
        card = demo.make_card_number(rng)
        assert stdnum_luhn.is_valid(re.sub(r"\D", "", card)), card


def test_make_email_is_ascii_and_uses_the_domain() -> None:
    rng = random.Random(1)
    assert demo.make_email(rng, "Soo-jin", "O'Brien", "acme.com").endswith("@acme.com")
    for _ in range(100):
        addr = demo.make_email(rng, "Chiamaka", "García-López", country="ES")
        assert addr.isascii() and EMAIL_RE.fullmatch(addr)


# ---- bad rows ----------------------------------------------------------------------------


def test_bad_rows_have_the_described_defects(corpus: list[dict]) -> None:
    bad = demo.generate_bad_rows()
    assert len(bad) == len(demo.BAD_ROW_DEFECTS)
    by_defect = dict(zip(demo.BAD_ROW_DEFECTS, bad, strict=True))
    good_ids = {r["id"] for r in corpus}

    assert by_defect["null_id"]["id"] is None
    assert by_defect["empty_id"]["id"] == ""
    assert by_defect["empty_text"]["text"] == ""
    blank = by_defect["blank_text"]["text"]
    assert isinstance(blank, str) and blank and not blank.strip()
    dup = by_defect["duplicate_id"]
    assert dup["id"] == "doc-00001" and dup["id"] in good_ids
    assert dup["text"] != corpus[1]["text"] and dup["text"].strip()
    assert isinstance(by_defect["non_string_text"]["text"], int)

    # Apart from its own defect each row is well formed.
    for defect, row in by_defect.items():
        assert set(row) == {"id", "text"}
        if defect not in ("null_id", "empty_id"):
            assert isinstance(row["id"], str) and re.fullmatch(r"doc-\d{5}", row["id"])
        if defect != "duplicate_id" and row["id"]:
            assert row["id"] not in good_ids
        if defect not in ("empty_text", "blank_text", "non_string_text"):
            assert isinstance(row["text"], str) and row["text"].strip()
    fresh = [r["id"] for r in bad if r["id"] and r["id"] not in good_ids]
    assert len(fresh) == len(set(fresh)) == 3


def test_bad_rows_are_a_fresh_list() -> None:
    first = demo.generate_bad_rows()
    first[0]["id"] = "mutated"
    assert demo.generate_bad_rows()[0]["id"] is None


# ---- JSON Lines --------------------------------------------------------------------------


def test_write_demo_jsonl(tmp_path: Path, corpus: list[dict]) -> None:
    path = tmp_path / "nested" / "demo.jsonl"
    n = demo.write_demo_jsonl(path, n_docs=N_DOCS, seed=7)
    raw = path.read_bytes()
    lines = raw.decode("utf-8").splitlines()
    assert n == len(lines) == N_DOCS + len(demo.BAD_ROW_DEFECTS)
    rows = [json.loads(line) for line in lines]
    assert rows[:N_DOCS] == corpus
    assert rows[N_DOCS:] == demo.generate_bad_rows()
    assert "\\u" not in raw.decode("utf-8")  # ensure_ascii=False: non-ASCII written as is
    assert any(not line.isascii() for line in lines)


def test_write_demo_jsonl_without_bad_rows(tmp_path: Path) -> None:
    path = tmp_path / "demo.jsonl"
    assert demo.write_demo_jsonl(path, n_docs=10, seed=3, include_bad_rows=False) == 10
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert rows == demo.generate_demo_corpus(10, seed=3)
