"""Operators: surrogates keep the format, never leak the original, and are deterministic."""

import ipaddress
import re

import numpy as np
import pytest
from stdnum import iban as std_iban
from stdnum import luhn

from privtext import operators as op

N_DRAWS = 300


def _uniforms(rng):
    return rng.uniform(1e-12, 1 - 1e-12, op.UNIFORMS_PER_SURROGATE)


def _digits(s):
    return "".join(c for c in s if c.isdigit())


def _layout(s):
    """Non-alphanumeric characters and their positions."""
    return [(i, c) for i, c in enumerate(s) if not c.isalnum()]


ORIGINALS = [
    ("EMAIL", "maria.garcia@example.org"),
    ("EMAIL", "a@b.io"),
    ("PHONE", "+44 20 7946 0958"),
    ("PHONE", "(415) 555-2671"),
    ("PHONE", "06 12 34 56 78"),
    ("CREDIT_CARD", "4111 1111 1111 1111"),
    ("CREDIT_CARD", "3782-822463-10005"),
    ("IBAN", "GB82 WEST 1234 5698 7654 32"),
    ("IBAN", "DE89370400440532013000"),
    ("IBAN", "BE68539007547034"),
    ("NATIONAL_ID", "536-90-4399"),
    ("NATIONAL_ID", "AB 12 34 56 C"),
    ("IP_ADDRESS", "192.0.2.7"),
    ("IP_ADDRESS", "8.51.100.2"),
    ("IP_ADDRESS", "2001:db8::1"),
    ("URL", "https://example.com/"),
    ("URL", "www.private-site.org/me"),
    ("SOMETHING", "ab-12"),
    ("SOMETHING", "7"),
    ("SOMETHING", "---"),
]


@pytest.mark.parametrize(("etype", "original"), ORIGINALS)
def test_surrogate_never_returns_or_contains_the_original(etype, original):
    rng = np.random.default_rng(abs(hash((etype, original))) % 2**32)
    for _ in range(N_DRAWS):
        out = op.surrogate(etype, original, _uniforms(rng))
        assert out != original and original not in out


@pytest.mark.parametrize(("etype", "original"), ORIGINALS)
def test_surrogate_is_deterministic_in_original_and_uniforms(etype, original):
    u = _uniforms(np.random.default_rng(3))
    assert op.surrogate(etype, original, u) == op.surrogate(etype, original, u.copy())
    other = _uniforms(np.random.default_rng(4))
    outs = {op.surrogate(etype, original, _uniforms(np.random.default_rng(k))) for k in range(20)}
    assert len(outs) > 1 or op.surrogate(etype, original, other) != original


def test_surrogate_does_not_use_the_global_rng():
    u = _uniforms(np.random.default_rng(5))
    np.random.seed(1)
    a = op.surrogate("PHONE", "+1 202 555 0143", u)
    np.random.seed(2)
    import random

    random.seed(9)
    assert op.surrogate("PHONE", "+1 202 555 0143", u) == a


@pytest.mark.parametrize("original", ["maria.garcia@example.org", "ab@c.de", "x" * 30 + "@y.com"])
def test_email_surrogate_is_a_random_local_part_at_a_surrogate_domain(original):
    rng = np.random.default_rng(11)
    n_local = original.index("@")
    bucket = next(b for b in op._EMAIL_LOCAL_BUCKETS if b[0] <= n_local <= b[1])
    for _ in range(N_DRAWS):
        out = op.surrogate("EMAIL", original, _uniforms(rng))
        local, domain = out.split("@")
        assert re.fullmatch(r"[a-z]+", local)
        assert bucket[0] <= len(local) <= bucket[1]
        assert domain in op.SURROGATE_EMAIL_DOMAINS


@pytest.mark.parametrize(
    ("original", "kept_prefix"),
    [
        ("+44 20 7946 0958", "+44"),
        ("(415) 555-2671", ""),
        ("06 12 34 56 78", "0"),
        ("+1-202-555-0143", "+1"),
        ("0033 1 42 68 53 00", "0033"),
    ],
)
def test_phone_surrogate_keeps_layout_and_country_code_only(original, kept_prefix):
    rng = np.random.default_rng(12)
    for _ in range(N_DRAWS):
        out = op.surrogate("PHONE", original, _uniforms(rng))
        assert _layout(out) == _layout(original)
        assert len(out) == len(original)
        assert out.startswith(kept_prefix)
        assert _digits(out) != _digits(original)


@pytest.mark.parametrize(
    "original", ["4111 1111 1111 1111", "3782-822463-10005", "5500000000000004"]
)
def test_card_surrogate_keeps_grouping_and_network_digit_and_passes_luhn(original):
    rng = np.random.default_rng(13)
    for _ in range(N_DRAWS):
        out = op.surrogate("CREDIT_CARD", original, _uniforms(rng))
        assert _layout(out) == _layout(original)
        assert out[0] == original[0]
        assert luhn.is_valid(_digits(out))


@pytest.mark.parametrize(
    "original",
    [
        "GB82 WEST 1234 5698 7654 32",
        "DE89370400440532013000",
        "BE68539007547034",
        "ES91 2100 0418 4502 0005 1332",
        "FR14 2004 1010 0505 0001 3M02 606",
        "NO9386011117947",
    ],
)
def test_iban_surrogate_keeps_country_length_grouping_and_is_valid(original):
    rng = np.random.default_rng(14)
    for _ in range(100):
        out = op.surrogate("IBAN", original, _uniforms(rng))
        assert out[:2] == original[:2] and len(out) == len(original)
        assert _layout(out) == _layout(original)
        compact = out.replace(" ", "")
        assert std_iban.is_valid(compact, check_country=False)  # mod-97 and BBAN format
        assert std_iban.is_valid(compact)  # national check where stdnum has one


@pytest.mark.parametrize("original", ["536-90-4399", "AB 12 34 56 C", "X2482300w"])
def test_national_id_surrogate_keeps_the_shape(original):
    rng = np.random.default_rng(15)
    for _ in range(N_DRAWS):
        out = op.surrogate("NATIONAL_ID", original, _uniforms(rng))
        assert len(out) == len(original)
        for a, b in zip(out, original, strict=True):
            assert (a.isdigit(), a.isupper(), a.islower()) == (
                b.isdigit(),
                b.isupper(),
                b.islower(),
            )
            if not b.isalnum():
                assert a == b


@pytest.mark.parametrize("original", ["10.0.0.1", "192.0.2.7", "2001:db8::1", "fe80::1"])
def test_ip_surrogate_is_in_a_documentation_range(original):
    rng = np.random.default_rng(16)
    v4_nets = [
        ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")
    ]
    v6_net = ipaddress.ip_network("2001:db8::/32")
    for _ in range(N_DRAWS):
        addr = ipaddress.ip_address(op.surrogate("IP_ADDRESS", original, _uniforms(rng)))
        if ":" in original:
            assert addr in v6_net
        else:
            assert any(addr in n for n in v4_nets)


def test_url_surrogate_points_to_example_com_with_a_random_path():
    rng = np.random.default_rng(17)
    outs = {op.surrogate("URL", "https://private.org/me", _uniforms(rng)) for _ in range(50)}
    assert all(re.fullmatch(r"https://example\.com/[a-z0-9]{8,16}", o) for o in outs)
    assert len(outs) == 50


def test_unknown_type_surrogate_keeps_letter_and_digit_positions():
    out = op.surrogate("THING", "Ab-12 z", _uniforms(np.random.default_rng(18)))
    assert re.fullmatch(r"[A-Z][a-z]-[0-9]{2} [a-z]", out)


@pytest.mark.parametrize(
    ("uniforms", "match"),
    [
        (np.full(10, 0.5), "64 values"),
        (np.full((2, 64), 0.5), "64 values"),
        (np.concatenate([np.full(63, 0.5), [1.0]]), r"uniforms\[63\]=1.0"),
        (np.concatenate([[0.0], np.full(63, 0.5)]), r"uniforms\[0\]=0.0"),
        (np.concatenate([[np.nan], np.full(63, 0.5)]), r"uniforms\[0\]=nan"),
    ],
)
def test_when_uniforms_are_malformed_then_value_error_names_them(uniforms, match):
    with pytest.raises(ValueError, match=match):
        op.surrogate("EMAIL", "a@b.io", uniforms)


def test_when_original_is_empty_then_value_error():
    with pytest.raises(ValueError, match="non-empty"):
        op.surrogate("EMAIL", "", np.full(64, 0.5))


def test_mask_is_the_bracketed_type():
    assert op.mask("URL", "https://x.org") == "[URL]"


def test_keyed_hash_is_a_truncated_hmac_tagged_with_the_type():
    import hashlib
    import hmac

    out = op.keyed_hash("EMAIL", "a@b.io", b"secret")
    expected = hmac.new(b"secret", b"EMAIL\x00a@b.io", hashlib.sha256).hexdigest()[:12]
    assert out == f"<EMAIL:{expected}>"
    assert op.keyed_hash("EMAIL", "a@b.io", b"other") != out
    assert op.keyed_hash("PHONE", "a@b.io", b"secret") != out


def test_when_hash_key_is_empty_then_value_error():
    with pytest.raises(ValueError, match="key must be non-empty bytes"):
        op.keyed_hash("EMAIL", "a@b.io", b"")
