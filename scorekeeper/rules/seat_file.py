"""The game file's ``seat_changes`` (docs/formats.md): read, checked by ``seating.check``, and
written after every other key. Pure: no Flask, no database.

Apart from ``seating`` (who sat where, who is paid what) so that each module stays one a
reader takes in at once (tests/shape ``test_layers``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .errors import N_, GameError
from .kind import Game, GameKind, JsonObject
from .seating import KEY, SeatChange, check


def load(data: Mapping[str, Any], kind: GameKind, game: Game) -> tuple[SeatChange, ...]:
    """The file's ``seat_changes`` (none when absent); GameError names the one at fault,
    its message led by the change and its field ("seat_changes[1].way: …")."""
    try:
        return _load(data, kind, game)
    except GameError as error:
        raise error.named() if error.field != KEY else error from None


def _load(data: Mapping[str, Any], kind: GameKind, game: Game) -> tuple[SeatChange, ...]:
    items = data.get(KEY, [])
    if not isinstance(items, list):
        raise GameError(KEY, N_("seat_changes must be a list"))
    changes = []
    for n, item in enumerate(items, 1):
        field = f"{KEY}[{n}]"
        if not isinstance(item, Mapping):
            raise GameError(field, N_("a seat change is a JSON object"))
        coup, seat, player, way = (item.get(k) for k in ("coup", "seat", "player", "way"))
        if type(coup) is not int or coup < 1:
            raise GameError(f"{field}.coup", N_("coup must be a whole number from 1"))
        if seat not in game.players:
            raise GameError(f"{field}.seat", N_("seat must name one of the players"))
        if not isinstance(player, str):
            raise GameError(f"{field}.player", N_("a player's name is 1 to 40 characters"))
        changes.append(SeatChange(coup, game.players.index(seat), player, str(way)))
    check(kind, game, changes)
    return tuple(changes)


def dump(changes: Sequence[SeatChange], players: Sequence[str]) -> list[JsonObject]:
    """The file's ``seat_changes`` (the seat named by its name in ``players``)."""
    return [
        {"coup": c.coup, "seat": players[c.seat], "player": c.player, "way": c.way} for c in changes
    ]


def with_changes(
    data: JsonObject, changes: Sequence[SeatChange], players: Sequence[str]
) -> JsonObject:
    """A game file with its seat changes, after every other key; unchanged without any."""
    return {**data, KEY: dump(changes, players)} if changes else data
