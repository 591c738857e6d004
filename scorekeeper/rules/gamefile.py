"""What every game file shares (formats/game-file.md): the head, the coups, the checks.

Each game's own ``file`` module reads and writes its part with these, so
a file edited by hand is refused as a whole with one line naming the coup
and the field, whatever the game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from .errors import N_, GameError

FORMAT = "scorekeeper-game/1"
REPORT_FORMAT = "scorekeeper-report/1"
T = TypeVar("T")


def file_parts(
    data: Any, game: str, count: int, players_message: str
) -> tuple[list[str], int, Mapping[str, Any], list[Any]]:
    """What every game file has: players, first dealer's seat, rules object, coups list."""
    if not isinstance(data, Mapping):
        raise GameError("file", N_("a game file is a JSON object"))
    if data.get("format") != FORMAT:
        raise GameError(
            "format",
            N_("format must be {wanted!r}, got {value!r}"),
            wanted=FORMAT,
            value=data.get("format"),
        )
    if data.get("game") != game:
        raise GameError(
            "game",
            N_("game must be {wanted!r}, got {value!r}"),
            wanted=game,
            value=data.get("game"),
        )
    players = data.get("players")
    if (
        not isinstance(players, list)
        or not all(isinstance(p, str) and p.strip() for p in players)
        or len(players) != count
        or len(set(players)) != count
    ):
        raise GameError("players", players_message)
    first = data.get("first_dealer", players[0])
    if first not in players:
        raise GameError(
            "first_dealer", N_("first_dealer {name!r} is not one of the players"), name=first
        )
    rules_data = data.get("rules", {})
    if not isinstance(rules_data, Mapping):
        raise GameError("rules", N_("rules must be an object"))
    coups_data = data.get("coups", [])
    if not isinstance(coups_data, list):
        raise GameError("coups", N_("coups must be a list"))
    return players, players.index(first), rules_data, coups_data


def numbered(items: list[Any], parse: Callable[[Any], T]) -> list[T]:
    """Parse each coup, placing any refusal at its 1-based number."""
    parsed = []
    for n, item in enumerate(items, 1):
        try:
            parsed.append(parse(item))
        except GameError as error:
            raise error.at(n) from None
    return parsed


def whole_field(value: Any, field: str) -> int:
    if type(value) is not int:
        raise GameError(
            field, N_("{key} must be whole numbers, got {value!r}"), key=field, value=value
        )
    return value


def coup_object(item: Any) -> Mapping[str, Any]:
    if not isinstance(item, Mapping):
        raise GameError("coup", N_("a coup is a JSON object"))
    return item


def note_field(item: Mapping[str, Any]) -> str:
    note = item.get("note", "")
    if not isinstance(note, str):
        raise GameError("note", N_("note must be text"))
    return note


def rules_choice(data: Any, key: str, allowed: tuple[str, ...], template: str) -> str:
    """A rules key that picks a system or variant (the first allowed value by default)."""
    rules = data.get("rules", {}) if isinstance(data, Mapping) else {}
    value = rules.get(key, allowed[0]) if isinstance(rules, Mapping) else allowed[0]
    if not isinstance(value, str) or value not in allowed:
        raise GameError(f"rules.{key}", template, value=value)
    return value


def file_head(game: str, players: Sequence[str], first_dealer: int, rules: Any) -> dict[str, Any]:
    """The keys every game file opens with, in their order (a file's hash depends on it)."""
    return {
        "format": FORMAT,
        "game": game,
        "players": list(players),
        "first_dealer": players[first_dealer],
        "rules": dict(rules),
    }


def flag_field(item: Mapping[str, Any], key: str) -> bool:
    value = item.get(key, False)
    if not isinstance(value, bool):
        raise GameError(key, N_("{key} must be true or false"), key=key)
    return value


def json_text(data: Any) -> str:
    """A game file or report as JSON text: the one spelling the CLI and the app share."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
