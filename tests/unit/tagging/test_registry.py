"""Tagger: all recognizers together, overlap resolution, robustness and speed."""

import random

import pytest

from privtext.tagging.base import Recognizer, Span
from privtext.tagging.registry import Tagger, default_recognizers, resolve_overlaps


@pytest.fixture(scope="module")
def tagger():
    return Tagger.default()


def _check_invariants(text, spans):
    assert all(isinstance(s, Span) for s in spans)
    assert all(0 <= s.start < s.end <= len(text) for s in spans)
    assert all(a.end <= b.start for a, b in zip(spans, spans[1:], strict=False))


def test_when_a_mixed_document_is_tagged_then_every_entity_is_found(tagger):
    text = (
        "Dear Mr. John Smith, your colleague Maria Garcia (maria.garcia@example.org, "
        "+44 20 7946 0958) moved to London. Card 4111 1111 1111 1111, IBAN "
        "GB82 WEST 1234 5698 7654 32, SSN 536-90-4399, host 192.168.0.1, see "
        "https://example.com/x. She works for Acme Inc and is French."
    )
    got = {(s.entity_type, text[s.start : s.end]) for s in tagger.tag(text)}
    assert got >= {
        ("PERSON", "John Smith"),
        ("PERSON", "Maria Garcia"),
        ("EMAIL", "maria.garcia@example.org"),
        ("PHONE", "+44 20 7946 0958"),
        ("LOCATION", "London"),
        ("CREDIT_CARD", "4111 1111 1111 1111"),
        ("IBAN", "GB82 WEST 1234 5698 7654 32"),
        ("NATIONAL_ID", "536-90-4399"),
        ("IP_ADDRESS", "192.168.0.1"),
        ("URL", "https://example.com/x"),
        ("ORGANIZATION", "Acme Inc"),
        ("NATIONALITY", "French"),
    }
    _check_invariants(text, tagger.tag(text))


def test_when_spans_overlap_then_higher_score_wins():
    spans = [Span(0, 10, "A", 0.5, "x"), Span(5, 8, "B", 0.9, "y"), Span(9, 12, "C", 0.6, "z")]
    assert [s.entity_type for s in resolve_overlaps(spans)] == ["B", "C"]


def test_when_scores_tie_then_longer_span_wins():
    spans = [Span(2, 6, "SHORT", 0.8, "x"), Span(0, 10, "LONG", 0.8, "y")]
    assert [s.entity_type for s in resolve_overlaps(spans)] == ["LONG"]


def test_when_spans_only_touch_then_both_are_kept():
    spans = [Span(5, 9, "B", 0.5, "x"), Span(0, 5, "A", 0.5, "x")]
    assert [(s.start, s.end) for s in resolve_overlaps(spans)] == [(0, 5), (5, 9)]


def test_when_a_card_also_looks_like_a_phone_then_the_card_wins(tagger):
    text = "pay 4111 1111 1111 1111 now"
    assert [(s.entity_type, text[s.start : s.end]) for s in tagger.tag(text)] == [
        ("CREDIT_CARD", "4111 1111 1111 1111")
    ]


def test_when_an_email_contains_a_name_then_the_email_wins(tagger):
    text = "John.Smith@example.com"
    assert [s.entity_type for s in tagger.tag(text)] == ["EMAIL"]


class _Broken(Recognizer):
    name = "broken"
    entity_types = ("X",)

    def analyze(self, text):
        return [Span(0, len(text) + 5, "X", 1.0, self.name)]


def test_when_a_recognizer_returns_an_out_of_range_span_then_it_is_dropped():
    assert Tagger([_Broken()]).tag("abc") == []


def test_when_min_score_is_set_then_lower_spans_are_dropped():
    text = "We met Kowalski and Maria."
    rules = Tagger(default_recognizers(ner_model=None), consistency=False)
    assert any(s.score < 0.5 for s in rules.tag(text))
    strict = Tagger(default_recognizers(ner_model=None), min_score=0.5, consistency=False)
    assert all(s.score >= 0.5 for s in strict.tag(text))


def test_when_constructed_with_bad_arguments_then_errors_name_the_value():
    with pytest.raises(ValueError, match="min_score must be in \\[0, 1\\], got 2"):
        Tagger(min_score=2)
    with pytest.raises(TypeError, match="Recognizer"):
        Tagger(["not a recognizer"])  # type: ignore[list-item]


def test_when_text_is_not_a_string_then_type_error(tagger):
    with pytest.raises(TypeError, match="NoneType"):
        tagger.tag(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "\x00\x01\x02\x1b[31m",
        "東京都に住む田中太郎さんの電話は03-1234-5678です。",
        "مرحبا محمد، بريدك hello@example.com رقم ‏+971 4 123 4567",
        "שלום דוד \u200f\u202e reversed \u202c",
        "😀👍🏽 emoji 👨‍👩‍👧 ZWJ and 🇫🇷 flags @@@ ::: ...",
        "e\u0301\u0301\u0301 combining  \ufeff BOM \ud7ff",
        "１２３-４５-６７８９ fullwidth ＋４４ ２０ ７９４６ ０９５８",
        "٠١٢٣٤٥٦٧٨٩ arabic-indic digits ۰۱۲۳۴۵۶۷۸۹",
        "\n\n\t\r\n" * 50,
        "A" * 5000,
        "1" * 5000,
        "1 " * 3000,
        "a@" * 2000 + "b.com",
        ":" * 3000 + "1",
        "http://" * 500,
        "Mr. " * 1000,
        "4111 " * 1000,
        "GB82 " * 1000,
    ],
)
def test_when_text_has_odd_unicode_or_is_degenerate_then_tagging_never_crashes(tagger, text):
    spans = tagger.tag(text)
    _check_invariants(text, spans)


def test_when_random_unicode_is_tagged_then_invariants_hold(tagger):
    rng = random.Random(7)
    pools = [
        "abcXYZ 0123456789@.-:/+()",
        "äöüßéèçñÅØÆ",
        "東京大阪日本語中文한국어",
        "مرحباשלום",
        "😀🎉👍🏽\u200d\u200b\u202e\u0000\u0007",
    ]
    alphabet = "".join(pools)
    for _ in range(300):
        n = rng.randint(0, 120)
        text = "".join(rng.choice(alphabet) for _ in range(n))
        _check_invariants(text, tagger.tag(text))


def test_when_batch_is_tagged_then_results_match_single_calls(tagger):
    texts = ["Maria Garcia", "", "call +44 20 7946 0958", "nothing here"]
    assert tagger.tag_batch(texts) == [tagger.tag(t) for t in texts]


def test_tagger_lists_entity_types_of_its_recognizers(tagger):
    assert set(tagger.entity_types) == {
        "EMAIL",
        "URL",
        "IBAN",
        "CREDIT_CARD",
        "NATIONAL_ID",
        "IP_ADDRESS",
        "PHONE",
        "PERSON",
        "LOCATION",
        "ORGANIZATION",
        "NATIONALITY",
        "DATE",
        "DATE_OF_BIRTH",
        "AGE",
        "JOB_TITLE",
        "STREET_ADDRESS",
        "POSTCODE",
        "CASE_NUMBER",
        "ACCOUNT_NUMBER",
        "USERNAME",
    }


def test_every_entity_type_the_tagger_emits_is_in_the_default_policy(tagger):
    from privtext.tagging.policy import TierPolicy

    policy = TierPolicy.load(None)
    assert set(tagger.entity_types) <= set(policy.entities)


# ---------------------------------------------------------------- address block merging
def _merge(text, parts):
    from privtext.tagging.base import Span
    from privtext.tagging.recognizers.address import merge_address_blocks

    spans = []
    for value, etype, source in parts:
        s = text.index(value)
        spans.append(Span(s, s + len(value), etype, 0.85, source))
    spans.sort(key=lambda sp: sp.start)
    return [(text[s.start : s.end], s.entity_type) for s in merge_address_blocks(text, spans)]


def test_address_parts_tagged_one_by_one_are_merged_into_one_block():
    text = "find Flat 3B, Sai Krupa Residency, 5th Cross, Malleswaram, Bengaluru 560003 now"
    got = _merge(
        text,
        [
            ("Sai Krupa Residency", "PERSON", "gazetteer"),
            ("5th Cross", "ORGANIZATION", "spacy_ner"),
            ("Malleswaram", "ORGANIZATION", "spacy_ner"),
            ("Bengaluru", "LOCATION", "spacy_ner"),
            ("560003", "POSTCODE", "postcode_pattern"),
        ],
    )
    assert got == [
        ("Flat 3B, Sai Krupa Residency, 5th Cross, Malleswaram, Bengaluru 560003", "STREET_ADDRESS")
    ]


def test_a_person_or_company_before_an_address_is_not_absorbed():
    text = "John Smith, Acme Ltd, 12 High Street, London"
    got = _merge(
        text,
        [
            ("John Smith", "PERSON", "gazetteer"),
            ("Acme Ltd", "ORGANIZATION", "spacy_ner"),
            ("12 High Street", "STREET_ADDRESS", "street_address_pattern"),
            ("London", "LOCATION", "gazetteer"),
        ],
    )
    assert got == [
        ("John Smith", "PERSON"),
        ("Acme Ltd", "ORGANIZATION"),
        ("12 High Street, London", "STREET_ADDRESS"),
    ]


def test_places_without_a_street_or_postcode_are_not_merged():
    text = "from Paris, France to Lyon"
    parts = [("Paris", "LOCATION", "gazetteer"), ("France", "LOCATION", "gazetteer")]
    assert _merge(text, parts) == [("Paris", "LOCATION"), ("France", "LOCATION")]


def test_a_tag_that_holds_a_postcode_anchors_a_block():
    text = "2-14-7 Higashiyama, Higashiyama-ku, Kyoto 605-0862, Japan"
    got = _merge(
        text,
        [
            ("Higashiyama", "LOCATION", "spacy_ner"),
            ("Higashiyama-ku", "LOCATION", "spacy_ner"),
            ("Kyoto 605-0862", "PERSON", "spacy_ner"),
            ("Japan", "LOCATION", "gazetteer"),
        ],
    )
    assert got == [(text, "STREET_ADDRESS")]
