"""URL recognizer: http(s) and www addresses without trailing punctuation."""

import pytest

from privtext.tagging.recognizers.url import UrlRecognizer

R = UrlRecognizer()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("see https://example.com/a/b?x=1&y=2#top for more", "https://example.com/a/b?x=1&y=2#top"),
        ("visit www.example.org.", "www.example.org"),
        ("(see http://x.org/page)", "http://x.org/page"),
        (
            "wiki https://en.wikipedia.org/wiki/Foo_(bar) ok",
            "https://en.wikipedia.org/wiki/Foo_(bar)",
        ),
        ("Go to HTTPS://EXAMPLE.COM/Path, then", "HTTPS://EXAMPLE.COM/Path"),
        ('href="https://a.b/c"', "https://a.b/c"),
        ("is it http://a.io/x?", "http://a.io/x"),
    ],
)
def test_when_text_holds_a_url_then_trailing_punctuation_is_not_swallowed(text, expected, spans_of):
    assert spans_of(R, text) == [("URL", expected)]


@pytest.mark.parametrize(
    "text",
    ["", "plain words only", "ftp://files.example.com is not web", "https:// nothing", "awww.nope"],
)
def test_when_no_web_address_then_nothing_is_tagged(text, spans_of):
    assert spans_of(R, text) == []


def test_when_two_urls_then_both_are_tagged(spans_of):
    text = "a https://a.com, b www.b.com; done"
    assert spans_of(R, text) == [("URL", "https://a.com"), ("URL", "www.b.com")]


@pytest.mark.parametrize(
    ("text", "url"),
    [
        ("profile: linkedin.com/in/elenavasquez.", "linkedin.com/in/elenavasquez"),
        ("code at github.com/kwasante/api", "github.com/kwasante/api"),
    ],
)
def test_when_a_url_has_no_scheme_but_a_path_then_it_is_tagged(text, url):
    from privtext.tagging.recognizers.url import UrlRecognizer

    spans = UrlRecognizer().analyze(text)
    assert [text[s.start : s.end] for s in spans] == [url]


@pytest.mark.parametrize("text", ["and/or", "3/4 of the 2019/20 season", "km/h", "example.com"])
def test_when_a_slash_is_not_in_a_web_address_then_no_url(text):
    from privtext.tagging.recognizers.url import UrlRecognizer

    assert UrlRecognizer().analyze(text) == []
