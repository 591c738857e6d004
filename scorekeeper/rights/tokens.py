"""The secrets the rights are made of: tokens, their hashes, handover codes.

A manager link's token, a device's token, an admin session's and a handover code
are made here and stored only as their hashes (``access`` and ``store.grants``
keep the hashes); a secret sent back is compared in constant time. Pure: no
request, no database.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(18)


def secret_bytes(text: str) -> bytes:
    """A secret as the hashes read it: any text a browser sent, lone surrogates kept."""
    return text.encode("utf-8", "surrogatepass")


def token_hash(token: str) -> str:
    return hashlib.sha256(secret_bytes(token)).hexdigest()


def same_secret(given: str, expected: str | None) -> bool:
    """Constant-time comparison of a secret sent by a browser (any text) with the stored one."""
    if not given or not expected:
        return False
    return hmac.compare_digest(secret_bytes(given), secret_bytes(expected))


HANDOVER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not misread."""
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_handover_code() -> str:
    """A handover code, 8 characters (40 bits) grouped ``XXXX-XXXX``."""
    chars = "".join(secrets.choice(HANDOVER_ALPHABET) for _ in range(8))
    return f"{chars[:4]}-{chars[4:]}"


def handover_hash(code: str) -> str:
    """The hash of a code as typed: case, spaces and dashes do not count; O is 0, I and L are 1."""
    cleaned = re.sub(r"[^0-9A-Z]", "", code.upper().translate(_READ_AS))
    return token_hash(cleaned)
