"""The one reader of game files sent from outside (the import page, the command line).

Turns every malformed file into a ``GameError`` with a message, and keeps
what one file can cost the server bounded: its size, its number of coups,
the length of every text in it, the size of every number.
"""

from __future__ import annotations

import json
import math
from typing import Any

from .rules.errors import N_, GameError

MAX_BYTES = 512 * 1024
"""A 300-coup evening is about 30 KB: ten of them in one file fit."""
MAX_COUPS = 5000
MAX_NAME = 40
"""As the new-game form."""
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


def _constant(text: str) -> Any:
    raise _Refused(text)  # NaN, Infinity, -Infinity: not JSON


def parse(raw: bytes) -> Any:
    """The JSON value of a game file's bytes, within the limits; GameError says what is wrong."""
    if len(raw) > MAX_BYTES:
        raise GameError("file", N_("the file is larger than {limit} KB"), limit=MAX_BYTES // 1024)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise GameError("file", N_("this file is not UTF-8 text")) from None
    try:
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
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
    check_bounds(data)
    return data


def check_bounds(data: Any) -> None:
    """Refuse a file with too many coups or too long a text, before any rule reads it."""
    if isinstance(data, dict):
        players = data.get("players")
        if isinstance(players, list) and any(
            isinstance(p, str) and len(p) > MAX_NAME for p in players
        ):
            raise GameError(
                "players", N_("a player's name has at most {limit} characters"), limit=MAX_NAME
            )
        coups = data.get("coups")
        if isinstance(coups, list) and len(coups) > MAX_COUPS:
            raise GameError(
                "coups",
                N_("a game file holds at most {limit} coups (this one has {count})"),
                limit=MAX_COUPS,
                count=len(coups),
            )
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str) and len(value) > MAX_TEXT:
            raise GameError(
                "file",
                N_("a text of the file is longer than {limit} characters"),
                limit=MAX_TEXT,
            )
