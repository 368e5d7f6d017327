"""EMAIL recognizer: addresses found with exact boundaries; lookalikes ignored."""

import pytest

from privtext.tagging.recognizers.email import EmailRecognizer

R = EmailRecognizer()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("write to maria.garcia@example.org today", ["maria.garcia@example.org"]),
        ("Mail me at bob@x-corp.co.uk.", ["bob@x-corp.co.uk"]),
        ("<first.last+tag@sub.domain.com>", ["first.last+tag@sub.domain.com"]),
        ("émile@société.fr, ok", ["émile@société.fr"]),
        ("a@b.io and c_d@e.info", ["a@b.io", "c_d@e.info"]),
        ("(john@doe.com)", ["john@doe.com"]),
    ],
)
def test_when_text_holds_an_address_then_exactly_the_address_is_tagged(text, expected, spans_of):
    assert spans_of(R, text) == [("EMAIL", e) for e in expected]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "no at sign here",
        "user@localhost is not routable",
        "twitter handle @maria_garcia",
        "price 5@3.00 each",
        "a@b.c has a one-letter tld",
        "double @@ signs",
    ],
)
def test_when_no_valid_address_then_nothing_is_tagged(text, spans_of):
    assert spans_of(R, text) == []


def test_when_address_ends_a_sentence_then_period_is_not_in_span(spans_of):
    assert spans_of(R, "Contact: ann@example.com.") == [("EMAIL", "ann@example.com")]
