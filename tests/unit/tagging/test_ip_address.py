"""IP_ADDRESS recognizer: valid IPv4 / IPv6 only."""

import pytest

from privtext.tagging.recognizers.ip_address import IpAddressRecognizer

R = IpAddressRecognizer()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("server 192.168.1.1.", "192.168.1.1"),
        ("from 8.8.8.8:53", "8.8.8.8"),
        ("host 2001:db8::1 up", "2001:db8::1"),
        ("[2001:db8:85a3::8a2e:370:7334]:443", "2001:db8:85a3::8a2e:370:7334"),
        ("localhost ::1 only", "::1"),
        ("mapped ::ffff:192.0.2.1", "::ffff:192.0.2.1"),
        ("link fe80::1:", "fe80::1"),
    ],
)
def test_when_a_valid_address_appears_then_it_is_tagged(text, expected, spans_of):
    got = spans_of(R, text)
    assert ("IP_ADDRESS", expected) in got


@pytest.mark.parametrize(
    "text",
    [
        "",
        "256.1.1.1",
        "1.2.3.4.5",
        "version 1.2.3.4",
        "v10.0.0.1",
        "01.02.03.04",
        "at 10:30:00 we met",
        "mac 00:1A:2B:3C:4D:5E",
        "std::vector and a :: b",
        "dead::beef",
    ],
)
def test_when_text_is_not_an_ip_address_then_nothing_is_tagged(text, spans_of):
    assert spans_of(R, text) == []
