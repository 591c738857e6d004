"""A table that stops here: the game ended as it stands after its last coup.

A casual table plays as long as it likes; when it stops, the game's end rule
is applied to the game as it stands (``GameKind.stop``: the 1709 poule
shares its open bêtes, a pot returns to whoever put it in, a points sheet is
final as it is). The stop is an input, as a coup is: the game file's optional
``"stopped": true`` (docs/formats.md), which ``scorekeeper replay`` reads and
applies; a game that did not stop has no such key and reads and writes exactly
as before. It stands after the file's last coup, so no coup can follow it.
Pure: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .errors import N_, GameError
from .kind import Game, GameKind, JsonObject, Report
from .seating import SeatChange

KEY = "stopped"
"""The game file's optional key: ``true`` when the table stopped after the last coup."""


def refusal(game: Game, changes: Sequence[SeatChange]) -> GameError | None:
    """Why this game cannot stop here, or None: it needs a coup, and nobody may be waiting
    to sit down at the next one (they would take over a seat whose game is over)."""
    if not game.coups:
        return GameError(KEY, N_("no coup has been played: there is nothing to stop"))
    waiting = [c for c in changes if c.coup > len(game.coups)]
    if waiting:
        return GameError(
            KEY,
            N_("{name} sits down for the next coup: the table cannot stop before it"),
            name=waiting[0].player,
        )
    return None


def load(data: Mapping[str, Any], game: Game, changes: Sequence[SeatChange] = ()) -> bool:
    """Whether the game file says the table stopped (GameError names the key at fault)."""
    value = data.get(KEY, False)
    if not isinstance(value, bool):
        raise GameError(KEY, N_("{key} must be true or false"), key=KEY)
    if value:
        refused = refusal(game, changes)
        if refused is not None:
            raise refused
    return value


def with_stop(data: JsonObject, stopped: bool) -> JsonObject:
    """The game file with the stop (the key only when the table stopped, after the coups and
    the seat changes)."""
    return {**data, KEY: True} if stopped else data


def ended(kind: GameKind, report: Report, stopped: bool) -> Report:
    """The report of a game that stopped here, by its kind's end rule (else ``report``)."""
    return kind.stop(report) if stopped else report


def report_keys(stopped: bool) -> JsonObject:
    """The replay report's extra key: ``"stopped": true`` when the table stopped."""
    return {KEY: True} if stopped else {}
