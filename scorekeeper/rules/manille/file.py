"""What the game files and reports of la Manille's kinds share (``"game": "manille"``).

``rules.variant`` picks the kind (``kinds.py``); each kind reads and writes its
own coups, rules and report with these pieces, and none of them asks which
variant it serves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from ..errors import N_, Faults, GameError
from ..gamefile import REPORT_FORMAT, file_parts, json_object, whole_field
from ..settings import Setting, with_known
from ..teams import TEAM_WORDS, TEAMS

T = TypeVar("T")


class Coup(Protocol):
    """What a coup of either kind has in the file beside its own keys."""

    @property
    def points(self) -> int | None: ...
    @property
    def renonce(self) -> int | None: ...
    @property
    def note(self) -> str: ...


class Played(Protocol):
    """A game of either kind, as the file and report see it."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def rules(self) -> Any: ...


def variant(data: object, variants: tuple[str, ...]) -> str:
    """The file's ``rules.variant``, one of ``variants`` (the first by default)."""
    rules = json_object(data).get("rules", {}) if isinstance(data, Mapping) else {}
    value = rules.get("variant", variants[0]) if isinstance(rules, Mapping) else variants[0]
    if not isinstance(value, str) or value not in variants:
        raise GameError(
            "rules.variant",
            N_("rules.{key} must be one of {choices}, got {value!r}"),
            key="variant",
            choices=", ".join(variants),
            value=value,
        )
    return value


def parts(
    data: object, counts: tuple[int, ...], message: str, faults: Faults | None = None
) -> tuple[list[str], int, Mapping[str, Any], list[object]]:
    """The players (as many as one of ``counts``), first dealer, rules and coups of a file."""
    listed = json_object(data).get("players") if isinstance(data, Mapping) else None
    count = counts[0]
    if isinstance(listed, list) and len(listed) in counts:
        count = len(listed)
    return file_parts(data, "manille", count, message, faults)


def known(
    table: Sequence[Setting], rules: Mapping[str, Any], make: Callable[[dict[str, Any]], T]
) -> T:
    """What ``make`` builds of the file's rules without ``variant``; a key of no row is
    refused (a typo), the others checked all the same (``settings.with_known``)."""
    chosen = {k: v for k, v in rules.items() if k != "variant"}
    return with_known(make, chosen, {s.key for s in table})


def optional_whole(item: Mapping[str, object], key: str) -> int | None:
    value = item.get(key)
    return None if value is None else whole_field(value, key)


def dump_coup(own: dict[str, Any], coup: Coup, players: tuple[str, ...]) -> dict[str, Any]:
    """A coup in the file: the kind's own keys, then the points, the renonce and the note."""
    item = dict(own)
    if coup.points is not None:
        item["points"] = coup.points
    if coup.renonce is not None:
        item["renonce"] = players[coup.renonce] if len(players) == 3 else TEAMS[coup.renonce]
    if coup.note:
        item["note"] = coup.note
    return item


def side_names(game: Played) -> tuple[str, ...]:
    """The sheet's columns as the file names them: nous / eux, or the three players."""
    return TEAMS if len(game.players) == 4 else game.players


def side_words(game: Played) -> tuple[str, ...]:
    """The sheet's columns for people: Nous / Eux, or the three players."""
    return tuple(TEAM_WORDS.values()) if len(game.players) == 4 else game.players


def report_head(game: Played) -> dict[str, Any]:
    """The report's keys before the kind's own: the variant, the players, teams and rules."""
    names = game.players
    head: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "game": "manille",
        "variant": game.rules.variant,
        "players": list(names),
    }
    if len(names) == 4:
        head["teams"] = {"nous": [names[0], names[2]], "eux": [names[1], names[3]]}
    head["rules"] = game.rules.to_mapping()
    return head


def per_side(game: Played, values: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(side_names(game), values))
