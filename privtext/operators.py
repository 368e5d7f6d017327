"""Non-word operators for pattern entities: format-preserving surrogates, masks, keyed hashes.

``surrogate`` replaces an email, phone number, card number, IBAN, national id, IP address or URL
by a random value of the same kind and shape. Its only randomness is the ``uniforms`` array the
caller draws from its keyed CSPRNG (``UNIFORMS_PER_SURROGATE`` values in (0, 1)); when a long
value needs more, further uniforms are derived from those by SHA-256 in counter mode. So the
result is a deterministic function of ``(entity_type, original, uniforms)``, and no global RNG is
ever used.

Guarantees: the surrogate never equals the original and never contains it as a substring. No
character of the original is copied except fixed structure: separators and layout, the leading
``+`` and country code of a phone number (and a national trunk ``0``), the first digit of a card
number (network), the country code of an IBAN.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable

import numpy as np
from phonenumbers import COUNTRY_CODE_TO_REGION_CODE
from stdnum import iban as std_iban

from privtext.tagging.recognizers.payment_card import luhn_valid

UNIFORMS_PER_SURROGATE = 64

SURROGATE_EMAIL_DOMAINS: tuple[str, ...] = ("example.com", "example.org", "example.net")
SURROGATE_URL_PREFIX = "https://example.com/"
_IPV4_DOC_NETS: tuple[str, ...] = ("192.0.2.", "198.51.100.", "203.0.113.")
_EMAIL_LOCAL_BUCKETS: tuple[tuple[int, int], ...] = ((1, 4), (5, 8), (9, 12), (13, 20), (21, 64))

_LOWER = "abcdefghijklmnopqrstuvwxyz"
_UPPER = _LOWER.upper()
_DIGITS = "0123456789"
_HEX = "0123456789abcdef"
_ALNUM_LOWER = _LOWER + _DIGITS

_MAX_ATTEMPTS = 16
_IBAN_COUNTRY_ATTEMPTS = 64


class _Draw:
    """Deterministic draws from the caller's uniforms (extended by SHA-256 when exhausted)."""

    __slots__ = ("_u", "_i", "_seed", "_block")

    def __init__(self, uniforms: np.ndarray) -> None:
        self._u: list[float] = uniforms.tolist()
        self._i = 0
        self._seed = uniforms.tobytes()
        self._block = 0

    def uniform(self) -> float:
        if self._i >= len(self._u):
            self._extend()
        x = self._u[self._i]
        self._i += 1
        return x

    def _extend(self) -> None:
        digest = hashlib.sha256(
            b"privtext/surrogate/extend\x00" + self._seed + self._block.to_bytes(8, "big")
        ).digest()
        self._block += 1
        for k in range(0, 32, 8):
            v = int.from_bytes(digest[k : k + 8], "big") >> 11  # 53 bits
            self._u.append((v + 0.5) / 9007199254740992.0)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``."""
        return min(n - 1, int(self.uniform() * n))

    def choice(self, seq: str | tuple[str, ...]) -> str:
        return seq[self.below(len(seq))]


def _check_uniforms(uniforms: np.ndarray) -> np.ndarray:
    u = np.asarray(uniforms, dtype=np.float64)
    if u.ndim != 1 or u.shape[0] != UNIFORMS_PER_SURROGATE:
        raise ValueError(
            f"uniforms must be a 1-D array of {UNIFORMS_PER_SURROGATE} values, got shape {u.shape}"
        )
    bad = ~((u > 0.0) & (u < 1.0))
    if bad.any():
        k = int(np.flatnonzero(bad)[0])
        raise ValueError(f"uniforms must be in (0, 1), got uniforms[{k}]={float(u[k])!r}")
    return u


# -- shape-preserving helpers -------------------------------------------------------------------
def _random_like(ch: str, draw: _Draw) -> str:
    """A random character of the same class as ``ch`` (other characters are kept)."""
    if ch.isdigit():
        return draw.choice(_DIGITS)
    if ch.isalpha():
        if ch.isupper():
            return draw.choice(_UPPER)
        return draw.choice(_LOWER)
    return ch


def _shape(original: str, draw: _Draw) -> str:
    """Digits -> random digits, letters -> random ASCII letters (same case), rest kept."""
    if not any(c.isalnum() for c in original):
        # Nothing to randomise: random letters for every non-space character.
        return "".join(c if c.isspace() else draw.choice(_LOWER) for c in original)
    return "".join(_random_like(c, draw) for c in original)


def _different_char(ch: str, draw: _Draw) -> str:
    """A random character of ``ch``'s class that differs from ``ch``."""
    if ch in _DIGITS:
        pool = _DIGITS
    elif ch in _UPPER:
        pool = _UPPER
    elif ch in _LOWER:
        pool = _LOWER
    else:
        return draw.choice(_LOWER)
    k = pool.index(ch)
    return pool[(k + 1 + draw.below(len(pool) - 1)) % len(pool)]


# -- per-type generators ----------------------------------------------------------------------
def _email(original: str, draw: _Draw) -> str:
    at = original.rfind("@")
    if at <= 0 or at == len(original) - 1:
        return _shape(original, draw)
    n_local = min(at, 64)
    lo, hi = next(b for b in _EMAIL_LOCAL_BUCKETS if b[0] <= n_local <= b[1])
    length = lo + draw.below(hi - lo + 1)
    local = "".join(draw.choice(_LOWER) for _ in range(length))
    return local + "@" + draw.choice(SURROGATE_EMAIL_DOMAINS)


def _phone_fixed_prefix(original: str) -> int:
    """How many leading digits of the phone number are fixed structure (country code, trunk)."""
    digits = [c for c in original if c.isdigit()]
    stripped = original.lstrip(" \t(")
    if stripped.startswith("+") or "".join(digits[:2]) == "00":
        skip = 0 if stripped.startswith("+") else 2
        rest = "".join(digits[skip:])
        for k in (1, 2, 3):
            if len(rest) > k and int(rest[:k]) in COUNTRY_CODE_TO_REGION_CODE:
                return skip + k
        return skip
    if digits and digits[0] == "0":
        return 1
    if len(digits) == 11 and digits[0] == "1":
        return 1
    return 0


def _phone(original: str, draw: _Draw) -> str:
    positions = [i for i, c in enumerate(original) if c.isdigit()]
    fixed = _phone_fixed_prefix(original)
    if len(positions) - fixed < 1:
        return _shape(original, draw)
    chars = list(original)
    for rank, pos in enumerate(positions):
        if rank < fixed:
            chars[pos] = str(int(original[pos]))  # normalise non-ASCII digits
        elif rank == fixed:
            chars[pos] = draw.choice("23456789")
        else:
            chars[pos] = draw.choice(_DIGITS)
    return "".join(chars)


def _luhn_check_digit(payload: str) -> str:
    """The digit that makes ``payload + digit`` pass Luhn (the recognizer's own checksum)."""
    return next(d for d in "0123456789" if luhn_valid(payload + d))


def _card(original: str, draw: _Draw) -> str:
    positions = [i for i, c in enumerate(original) if c.isdigit()]
    if len(positions) < 3:
        return _shape(original, draw)
    digits = [str(int(original[positions[0]]))]
    digits += [draw.choice(_DIGITS) for _ in range(len(positions) - 2)]
    digits.append(_luhn_check_digit("".join(digits)))
    chars = list(original)
    for pos, d in zip(positions, digits, strict=True):
        chars[pos] = d
    return "".join(chars)


def _iban_check_digits(country: str, bban: str) -> str:
    """ISO 7064 mod 97-10 check digits for ``country`` + ``bban`` (upper-case)."""
    rearranged = bban + country + "00"
    num = "".join(str(int(c, 36)) for c in rearranged)
    return f"{98 - int(num) % 97:02d}"


def _mod11_digit(digits: str, weights: tuple[int, ...]) -> int:
    return sum(w * int(d) for w, d in zip(weights, digits, strict=True)) % 11


def _national_bban_fix(country: str, bban: str) -> str:
    """Recompute the national check digits inside a random all-digit BBAN (BE, ES, ME, NO).

    These are the countries whose national check ``stdnum.iban`` verifies; elsewhere the BBAN
    is returned unchanged.
    """
    if not bban.isdigit():
        return bban
    if country == "BE" and len(bban) == 12:
        check = int(bban[:10]) % 97
        return bban[:10] + f"{check or 97:02d}"
    if country == "ES" and len(bban) == 20:

        def es_digit(part: str) -> str:
            c = sum(int(n) * 2**i for i, n in enumerate(part)) % 11
            return str(c if c < 2 else 11 - c)

        return bban[:8] + es_digit("00" + bban[:8]) + es_digit(bban[10:]) + bban[10:]
    if country == "ME" and len(bban) == 18:
        x = (1 - int(bban[:16] + "00")) % 97
        return bban[:16] + f"{x:02d}"
    if country == "NO" and len(bban) == 11:
        c = _mod11_digit(bban[:10], (5, 4, 3, 2, 7, 6, 5, 4, 3, 2))
        check = (11 - c) % 11
        return bban[:10] + (str(check) if check < 10 else bban[10])
    return bban


def _iban_once(original: str, alnum_pos: list[int], draw: _Draw) -> str:
    chars = list(original)
    for pos in alnum_pos[4:]:
        chars[pos] = _random_like(original[pos], draw)
    country = "".join(chars[p] for p in alnum_pos[:2]).upper()
    fixed = _national_bban_fix(country, "".join(chars[p] for p in alnum_pos[4:]))
    for pos, ch in zip(alnum_pos[4:], fixed, strict=True):
        chars[pos] = ch
    bban = "".join(chars[p] for p in alnum_pos[4:]).upper()
    check = _iban_check_digits(country, bban)
    chars[alnum_pos[2]], chars[alnum_pos[3]] = check[0], check[1]
    return "".join(chars)


def _iban(original: str, draw: _Draw) -> str:
    alnum_pos = [i for i, c in enumerate(original) if c.isascii() and c.isalnum()]
    if (
        len(alnum_pos) < 6
        or not all(original[p].isalpha() for p in alnum_pos[:2])
        or not all(original[p].isascii() for p in alnum_pos)
    ):
        return _shape(original, draw)
    orig_compact = "".join(original[p] for p in alnum_pos).upper()
    fallback = None
    for _ in range(_IBAN_COUNTRY_ATTEMPTS):
        cand = _iban_once(original, alnum_pos, draw)
        compact = "".join(cand[p] for p in alnum_pos).upper()
        if compact[4:] == orig_compact[4:]:
            continue
        if fallback is None:
            fallback = cand
        if std_iban.is_valid(compact):
            return cand
        if not std_iban.is_valid(compact, check_country=False):
            # The original's BBAN format is not the country's: the national check cannot help.
            return cand
    return fallback if fallback is not None else _shape(original, draw)


def _ip(original: str, draw: _Draw) -> str:
    if ":" in original:
        groups = ["".join(draw.choice(_HEX) for _ in range(4)) for _ in range(6)]
        return "2001:db8:" + ":".join(groups)
    net = draw.choice(_IPV4_DOC_NETS)
    return net + str(1 + draw.below(254))


def _url(original: str, draw: _Draw) -> str:
    length = 8 + draw.below(9)
    path = "".join(draw.choice(_ALNUM_LOWER) for _ in range(length))
    out = SURROGATE_URL_PREFIX + path
    if original not in out:
        return out
    # The original is (part of) the surrogate prefix itself, e.g. "https://example.com/".
    for host in ("example.net", "example.org"):
        out = f"https://{host}/{path}"
        if original not in out:
            return out
    label = "".join(draw.choice(_LOWER) for _ in range(8))
    return f"https://{label}.example/{path}"


_GENERATORS: dict[str, Callable[[str, _Draw], str]] = {
    "EMAIL": _email,
    "PHONE": _phone,
    "CREDIT_CARD": _card,
    "IBAN": _iban,
    "NATIONAL_ID": _shape,
    "IP_ADDRESS": _ip,
    "URL": _url,
}


def _force_different(entity_type: str, original: str, result: str, draw: _Draw) -> str:
    """Last resort when every attempt reproduced (or contained) the original."""
    if entity_type == "CREDIT_CARD":
        positions = [i for i, c in enumerate(result) if c in _DIGITS]
        if len(positions) >= 3:
            chars = list(result)
            p = positions[1]
            chars[p] = _different_char(chars[p], draw)
            payload = "".join(chars[q] for q in positions[:-1])
            chars[positions[-1]] = _luhn_check_digit(payload)
            return "".join(chars)
    for i in range(len(result) - 1, -1, -1):
        if result[i].isascii() and result[i].isalnum():
            return result[:i] + _different_char(result[i], draw) + result[i + 1 :]
    return result + draw.choice(_LOWER)


def surrogate(entity_type: str, original: str, uniforms: np.ndarray) -> str:
    """A random value of the same kind and shape as ``original``.

    Args:
        entity_type: e.g. ``"EMAIL"``, ``"PHONE"``, ``"CREDIT_CARD"``, ``"IBAN"``,
            ``"NATIONAL_ID"``, ``"IP_ADDRESS"``, ``"URL"``; any other type gets a
            shape-preserving random string (digits -> digits, letters -> letters).
        original: the span text (non-empty).
        uniforms: ``UNIFORMS_PER_SURROGATE`` float64 values in (0, 1) from the caller's keyed
            CSPRNG; the result is a deterministic function of them and ``original``.

    Returns:
        The surrogate: never equal to ``original`` and never containing it.

    Raises:
        ValueError: ``original`` is empty or ``uniforms`` has the wrong shape or range.
    """
    if not isinstance(original, str) or not original:
        raise ValueError(f"original must be a non-empty str, got {original!r}")
    draw = _Draw(_check_uniforms(uniforms))
    gen = _GENERATORS.get(entity_type, _shape)
    result = gen(original, draw)
    for _ in range(_MAX_ATTEMPTS):
        if original not in result:
            return result
        result = gen(original, draw)
    forced = _force_different(entity_type, original, result, draw)
    if original in forced:  # only when the original is a substring of fixed structure
        forced = forced + draw.choice(_LOWER)
    return forced


def mask(entity_type: str, original: str) -> str:
    """``"[" + entity_type + "]"``.

    Args:
        entity_type: e.g. ``"URL"``.
        original: the span text (unused; kept for a uniform operator signature).

    Returns:
        The mask token.
    """
    return "[" + entity_type + "]"


def keyed_hash(entity_type: str, original: str, key: bytes) -> str:
    """``"<TYPE:" + first 12 hex of HMAC-SHA256(key, TYPE + "\\x00" + original) + ">"``.

    Equal originals of the same type give equal tags under one key (linkable, not reversible
    without the key).

    Args:
        entity_type: e.g. ``"EMAIL"``.
        original: the span text.
        key: the secret HMAC key (non-empty bytes).

    Returns:
        The hash tag.

    Raises:
        ValueError: ``key`` is empty or not bytes.
    """
    if not isinstance(key, bytes | bytearray) or not key:
        raise ValueError(
            f"key must be non-empty bytes, got {type(key).__name__} of length "
            f"{len(key) if hasattr(key, '__len__') else 'n/a'}"
        )
    mac = hmac.new(bytes(key), (entity_type + "\x00" + original).encode("utf-8"), hashlib.sha256)
    return "<" + entity_type + ":" + mac.hexdigest()[:12] + ">"
