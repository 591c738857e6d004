"""The one reader of game files sent from outside (the import page, the command line).

Turns every malformed file into a ``GameError`` with a message, and keeps
what one file can cost the server bounded: its size, its number of coups,
the length of every text in it, the size of every number.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping

from ..names import MAX_LENGTH
from .errors import N_, GameError

MAX_BYTES = 512 * 1024
"""A 300-coup evening is about 30 KB: ten of them in one file fit."""
MAX_COUPS = 5000
MAX_NAME = MAX_LENGTH
"""As the new-game form: the app's bound of a name (names.py)."""
MAX_TEXT = 200
"""Any other text (a note, a setting's word), as the coup form's note."""
MAX_NUMBER = 10**9
"""No count, stake or setting of a card game comes near it."""


class _Refused(ValueError):
    """Raised from inside the JSON parser: a number it must not build."""


def _int(text: str) -> int:
    if len(text.lstrip("-")) > 10 or abs(int(text)) > MAX_NUMBER:
        raise _Refused(text)
    return int(text)


def _float(text: str) -> float:
    number = float(text) if len(text) <= 40 else math.inf
    if not math.isfinite(number) or abs(number) > MAX_NUMBER:
        raise _Refused(text)
    return number


def _constant(text: str) -> float:
    raise _Refused(text)  # NaN, Infinity, -Infinity: not JSON


def parse(raw: bytes, any_size: bool = False) -> object:
    """The JSON value of a game file's bytes, within the limits; GameError says what is wrong.

    ``any_size``: no limit on the size and the number of coups (``scorekeeper
    replay --any-size``, a file the user trusts on their own machine); every other
    refusal (texts, numbers, malformed JSON) is the same.
    """
    if len(raw) > MAX_BYTES and not any_size:
        raise GameError("file", N_("the file is larger than {limit} KB"), limit=MAX_BYTES // 1024)
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark first (a Windows editor's) is no text
    except UnicodeDecodeError:
        raise GameError("file", N_("this file is not UTF-8 text")) from None
    try:
        # a float or a constant calls its check only where there is one; the check of
        # every int costs a call per int, spared when no int can be out of bounds
        data: object = json.loads(
            text,
            parse_int=_int if not _small_ints(raw) else None,
            parse_float=_float,
            parse_constant=_constant,
        )
    except _Refused as error:
        shown = str(error)[:20] + ("…" if len(str(error)) > 20 else "")
        raise GameError(
            "file",
            N_("the number {number} is out of bounds (at most {limit} either way)"),
            number=shown,
            limit=MAX_NUMBER,
        ) from None
    except RecursionError:
        raise GameError("file", N_("this JSON is nested too deeply to be a game file")) from None
    except json.JSONDecodeError as error:
        raise GameError(
            "file",
            N_("not valid JSON (line {line}, column {col})"),
            line=error.lineno,
            col=error.colno,
        ) from None
    if (b"\\ud" in raw or b"\\uD" in raw) and not _all_characters(data):
        raise GameError(
            "file", N_("a text of the file holds a lone surrogate escape, which is no character")
        )
    check_bounds(data, None if any_size else MAX_COUPS, raw)
    return data


def _all_characters(data: object) -> bool:
    """Whether every text of ``data`` can be written as UTF-8 (stored, shown, printed).

    JSON lets a file write half of a UTF-16 pair alone (``"\\ud800"``): Python
    reads it into a string that no UTF-8 writer accepts, so SQLite, the page and
    the terminal would all fail on it. Only a file whose bytes hold such an
    escape is walked.
    """
    for text in _texts(data):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return False
    return True


def _texts(data: object) -> Iterator[str]:
    """Every string of a JSON value, keys included (without recursion: any depth)."""
    stack: list[object] = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str):
            yield value


_DIGITS = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
"""Every ASCII digit to ``0``, any other byte to a space (a UTF-8 sequence has no ASCII byte)."""
_TEN_DIGITS = b"0" * 10
_QUOTES = bytes(0x22 if b == 0x22 else 0x78 for b in range(256))
"""Every ``"`` kept, any other byte to ``x``."""
_LONG_RUN = b"x" * (MAX_TEXT + 1)
_LIMIT = str(MAX_NUMBER).encode()


def _small_ints(raw: bytes) -> bool:
    """Whether every run of digits in the file is an int within the limit (a fast scan).

    True when no run has ten digits or more but the limit itself, even inside
    a string: any int of the file is then one ``_int`` accepts. False asks for
    the exact way (a check of every int as it is read).
    """
    digits = raw.translate(_DIGITS)
    start = digits.find(_TEN_DIGITS)
    while start != -1:
        end = start
        while end < len(digits) and digits[end] == 0x30:
            end += 1
        if raw[start:end] != _LIMIT:
            return False
        start = digits.find(_TEN_DIGITS, end)
    return True


def _short_texts(raw: bytes) -> bool:
    """Whether no text of the file can be longer than ``MAX_TEXT`` (a fast scan).

    A string has at most as many characters as bytes between its quotes, and
    these lie between two consecutive ``"`` unless it holds an escaped quote.
    False asks for the exact way (the walk over every value of ``check_bounds``).
    """
    return b'\\"' not in raw and _LONG_RUN not in raw.translate(_QUOTES)


def check_bounds(data: object, max_coups: int | None = MAX_COUPS, raw: bytes | None = None) -> None:
    """Refuse a file with too many coups or too long a text, before any rule reads it.

    ``max_coups`` None: any number. ``raw``: the bytes ``data`` was read from,
    which spare the walk over every value when they cannot hold a long text.
    """
    if isinstance(data, dict):
        given: Mapping[str, object] = data
        players = given.get("players")
        if isinstance(players, list) and any(
            isinstance(p, str) and len(p) > MAX_NAME for p in players
        ):
            raise GameError(
                "players", N_("a player's name has at most {limit} characters"), limit=MAX_NAME
            )
        coups = given.get("coups")
        if max_coups is not None and isinstance(coups, list) and len(coups) > max_coups:
            raise GameError(
                "coups",
                N_("a game file holds at most {limit} coups (this one has {count})"),
                limit=max_coups,
                count=len(coups),
            )
    if raw is not None and _short_texts(raw):
        return
    if any(len(text) > MAX_TEXT for text in _texts(data)):
        raise GameError(
            "file",
            N_("a text of the file is longer than {limit} characters"),
            limit=MAX_TEXT,
        )
