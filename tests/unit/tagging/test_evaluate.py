"""Known-answer tests for the tagger scorer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from privtext.errors import InputError
from privtext.tagging.evaluate import (
    GoldDoc,
    GoldSpan,
    PredSpan,
    load_gold,
    misses,
    score,
    write_gold,
)

# "Mr John Smith lives in Paris ."
#  0123456789012345678901234567
TEXT = "Mr John Smith lives in Paris."
NAME = GoldSpan(3, 13, "PII", "PERSON")  # "John Smith"
CITY = GoldSpan(23, 28, "PoII", "LOCATION")  # "Paris"
DOC = GoldDoc("d1", TEXT, [NAME, CITY])


def test_perfect_prediction() -> None:
    s = score([DOC], {"d1": [PredSpan(3, 13, "PII", "PERSON"), PredSpan(23, 28, "PoII", "LOC")]})
    for tier in ("PII", "PoII"):
        t = s.tiers[tier]
        assert t.exact.precision == t.exact.recall == t.exact.f1 == 1.0
        assert t.token.precision == t.token.recall == 1.0
        assert t.protected_recall == 1.0
    assert s.pii_char_coverage == 1.0
    assert s.check_targets() == []


def test_off_by_one_wrong_for_exact_right_for_tokens() -> None:
    s = score([DOC], {"d1": [PredSpan(3, 12, "PII", "PERSON")]})  # "John Smit"
    pii = s.tiers["PII"]
    assert pii.exact.precision == 0.0 and pii.exact.recall == 0.0 and pii.exact.f1 == 0.0
    assert pii.token.precision == 1.0 and pii.token.recall == 1.0
    # 9 of the 9 non-space gold characters "JohnSmith" minus the final "h"
    assert pii.gold_chars == 9 and pii.covered_chars == 8
    assert s.pii_char_coverage == pytest.approx(8 / 9)


def test_token_counts_and_none_for_empty_denominators() -> None:
    # Predict "Mr John" as PII (Mr is a false-positive token) and nothing for PoII.
    s = score([DOC], {"d1": [PredSpan(0, 7, "PII", "PERSON")]})
    pii, poii = s.tiers["PII"], s.tiers["PoII"]
    assert (pii.token.tp_pred, pii.token.n_pred, pii.token.n_gold) == (1, 2, 2)
    assert pii.token.precision == 0.5 and pii.token.recall == 0.5
    assert pii.token.f1 == pytest.approx(0.5)
    assert poii.token.precision is None  # nothing predicted
    assert poii.token.recall == 0.0
    assert poii.token.f1 is None
    assert poii.exact.precision is None
    d = s.to_dict()
    json.dumps(d)
    assert d["tiers"]["PoII"]["token"]["precision"] is None


def test_protected_recall_counts_any_tier() -> None:
    s = score([DOC], {"d1": [PredSpan(3, 13, "PoII", "ORG")]})
    pii = s.tiers["PII"]
    assert pii.token.recall == 0.0
    assert pii.protected_recall == 1.0
    assert pii.per_label["PERSON"].recall == 0.0
    assert pii.per_label["PERSON"].protected_recall == 1.0
    assert s.tiers["PoII"].token.precision == 0.0  # "John Smith" is not gold PoII


def test_micro_average_and_per_label() -> None:
    doc2 = GoldDoc("d2", "Call 555 1234 now", [GoldSpan(5, 13, "PII", "PHONE")])
    preds = {"d1": [PredSpan(3, 7, "PII", "PERSON")], "d2": [PredSpan(5, 13, "PII", "PHONE")]}
    s = score([DOC, doc2], preds)
    pii = s.tiers["PII"]
    # gold tokens: John, Smith, 555, 1234 -> found John, 555, 1234
    assert (pii.token.tp_gold, pii.token.n_gold) == (3, 4)
    assert pii.token.recall == 0.75
    assert pii.per_label["PERSON"].recall == 0.5
    assert pii.per_label["PHONE"].recall == 1.0
    assert pii.exact.recall == 0.5 and pii.exact.precision == 0.5
    assert s.docs == 2 and pii.gold_spans == 2 and pii.pred_spans == 2


def test_duplicate_predictions_count_once_and_missing_doc_is_empty() -> None:
    p = PredSpan(3, 13, "PII", "PERSON")
    s = score([DOC], {"d1": [p, p]})
    assert s.tiers["PII"].pred_spans == 1 and s.tiers["PII"].exact.precision == 1.0
    empty = score([DOC], {})
    assert empty.tiers["PII"].token.recall == 0.0
    assert empty.tiers["PII"].token.precision is None


def test_bad_predictions_rejected() -> None:
    with pytest.raises(InputError, match="not in the gold set"):
        score([DOC], {"nope": []})
    with pytest.raises(InputError, match="tier"):
        score([DOC], {"d1": [PredSpan(0, 2, "none", "X")]})
    with pytest.raises(InputError, match="within"):
        score([DOC], {"d1": [PredSpan(0, 99, "PII", "X")]})


def test_markdown_and_targets() -> None:
    s = score([DOC], {"d1": [PredSpan(3, 7, "PII", "PERSON")]})
    md = s.to_markdown()
    assert "### PII" in md and "### PoII" in md and "| PERSON |" in md
    assert "n/a" in md  # PoII precision undefined
    failed = s.check_targets()
    assert any(f.startswith("PII token_recall") for f in failed)


def test_misses_lists_missed_partial_and_false_positives() -> None:
    preds = {"d1": [PredSpan(3, 7, "PII", "PERSON"), PredSpan(14, 19, "PII", "X")]}
    out = misses([DOC], preds, "PII", limit=10)
    kinds = [(m.kind, m.surface) for m in out]
    assert kinds == [("partial", "John Smith"), ("false_positive", "lives")]
    assert "⟦John Smith⟧" in out[0].context
    out2 = misses([DOC], {"d1": [PredSpan(23, 28, "PII", "X")]}, "PII", limit=10)
    assert out2[0].kind == "missed"
    assert out2[-1].kind == "false_positive" and out2[-1].note == "gold PoII LOCATION"
    assert "false_positive [d1]" in str(out2[-1])
    assert misses([DOC], {}, "PoII", limit=0) == []
    with pytest.raises(InputError):
        misses([DOC], {}, "BAD", 1)


# ---------------------------------------------------------------------------------- load_gold


def _write(tmp_path: Path, *records: object) -> Path:
    p = tmp_path / "gold.jsonl"
    p.write_text(
        "\n".join(r if isinstance(r, str) else json.dumps(r) for r in records) + "\n",
        encoding="utf-8",
    )
    return p


def _rec(**kw: object) -> dict[str, object]:
    r: dict[str, object] = {
        "id": "a",
        "text": "Hello Anna",
        "spans": [{"start": 6, "end": 10, "tier": "PII", "label": "PERSON"}],
    }
    r.update(kw)
    return r


def test_load_gold_round_trip(tmp_path: Path) -> None:
    p = tmp_path / "out.jsonl"
    write_gold(p, [DOC])
    assert load_gold(p) == [DOC]
    docs = load_gold(_write(tmp_path, _rec(), "", _rec(id="b")))
    assert [d.id for d in docs] == ["a", "b"]


@pytest.mark.parametrize(
    ("record", "pattern"),
    [
        (
            _rec(spans=[{"start": 6, "end": 11, "tier": "PII", "label": "P"}]),
            r"spans\[0\]\.end' = 11",
        ),
        (
            _rec(spans=[{"start": 6, "end": 6, "tier": "PII", "label": "P"}]),
            r"spans\[0\]\.start' = 6",
        ),
        (_rec(spans=[{"start": 6, "end": 10, "tier": "PHI", "label": "P"}]), "tier' = 'PHI'"),
        (_rec(spans=[{"start": 6, "end": 10, "tier": "PII", "label": ""}]), "label"),
        (_rec(spans=[{"start": "6", "end": 10, "tier": "PII", "label": "P"}]), "start' = '6'"),
        (_rec(spans=[{"end": 10, "tier": "PII", "label": "P"}]), "start' is missing"),
        (
            _rec(
                spans=[
                    {"start": 0, "end": 7, "tier": "PII", "label": "P"},
                    {"start": 6, "end": 10, "tier": "PII", "label": "P"},
                ]
            ),
            "overlaps",
        ),
        (_rec(id=""), "'id'"),
        (_rec(id=3), "'id' = 3"),
        (_rec(text=None), "'text' = None"),
        (_rec(spans="x"), "'spans' = 'x'"),
        ([1, 2], "JSON object"),
        ("{not json", "not valid JSON"),
    ],
)
def test_load_gold_errors_name_line_field_value(
    tmp_path: Path, record: object, pattern: str
) -> None:
    p = _write(tmp_path, _rec(id="first"), record)
    with pytest.raises(InputError, match=pattern) as exc:
        load_gold(p)
    assert f"{p}:2" in str(exc.value)


def test_load_gold_duplicate_id_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r":2: field 'id' = 'a' duplicates the id on line 1"):
        load_gold(_write(tmp_path, _rec(), _rec()))
    with pytest.raises(InputError, match="cannot be read"):
        load_gold(tmp_path / "missing.jsonl")
