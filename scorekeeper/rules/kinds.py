"""The registry of game kinds: the one place that lists the games.

Everything else finds a kind here — by the kind's name, by a game file's
``"game"`` and rules, or by a game value — and then asks the kind.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from .brou.kind import Brou
from .errors import N_, GameError
from .gamefile import file_head
from .hombre.kinds import Hombre1709, HombreDanish, HombreJetons
from .kind import UNKNOWN_GAME, GameKind
from .manille.kinds import ManilleClassique, Manillen

KINDS: tuple[GameKind, ...] = (
    Hombre1709(),
    HombreJetons(),
    HombreDanish(),
    Brou(),
    ManilleClassique(),
    Manillen(),
)
"""Every kind, in the order the app offers them."""

_BY_KEY = {kind.key: kind for kind in KINDS}
_BY_TYPE = {kind.game_type: kind for kind in KINDS}
_BY_RULES = {kind.rules_type: kind for kind in KINDS}
GAMES = tuple(dict.fromkeys(kind.game for kind in KINDS))
"""The game files' ``"game"`` values, each read by the first of its kinds."""


@contextmanager
def added(kind: GameKind) -> Iterator[GameKind]:
    """A kind listed for a while, then taken out (a game added from outside: a test's toy)."""
    global KINDS, GAMES
    KINDS = (*KINDS, kind)
    GAMES = tuple(dict.fromkeys(k.game for k in KINDS))
    _BY_KEY[kind.key], _BY_TYPE[kind.game_type], _BY_RULES[kind.rules_type] = kind, kind, kind
    try:
        yield kind
    finally:
        KINDS = tuple(k for k in KINDS if k is not kind)
        GAMES = tuple(dict.fromkeys(k.game for k in KINDS))
        del _BY_KEY[kind.key], _BY_TYPE[kind.game_type], _BY_RULES[kind.rules_type]


def find_kind(key: str) -> GameKind | None:
    """The kind of that name (``hombre``, ``jetons``, ``danois``, ``brou``, ``manille``…)."""
    return _BY_KEY.get(key)


def kind_of(game: Any) -> GameKind:
    """The kind of a game value (each kind has its own game type)."""
    return _BY_TYPE[type(game)]


def kind_of_rules(rules: Any) -> GameKind:
    """The kind of a rule set (each kind has its own rule-set type)."""
    return _BY_RULES[type(rules)]


def first_of(game: str) -> GameKind:
    """The kind that reads a file of that ``"game"`` (it picks its siblings by the rules)."""
    return next(kind for kind in KINDS if kind.game == game)


def stored_kind(game: str, rules: Mapping[str, Any]) -> GameKind:
    """The kind of a stored game, from its ``game`` column and rules (no coups read)."""
    family = [kind for kind in KINDS if kind.game == game]
    default = family[0].tag[1] if family[0].tag else ""
    return next((kind for kind in family if kind.owns(rules, default)), family[0])


def game_named(data: Any) -> str:
    """The ``"game"`` of a parsed file, refused when it is none the scorekeeper keeps."""
    name = data.get("game") if isinstance(data, Mapping) else None
    if not isinstance(name, str) or name not in GAMES:
        raise GameError("game", UNKNOWN_GAME, value=name)
    return name


def load_file(data: Any) -> Any:
    """The game of any game file."""
    if not isinstance(data, Mapping):
        raise GameError("file", N_("a game file is a JSON object"))
    return first_of(game_named(data)).load(data)


def build(
    game: str,
    players: Sequence[str],
    rules: Mapping[str, Any],
    first_dealer: int,
    coups: list[Any],
) -> Any:
    """A game from stored parts (the database keeps the game file's pieces)."""
    return load_file({**file_head(game, players, first_dealer, rules), "coups": coups})


def replay(game: Any) -> Any:
    return kind_of(game).replay(game)


def dump_file(game: Any) -> dict[str, Any]:
    return kind_of(game).dump(game)


def dump_coup(game: Any, coup: Any) -> dict[str, Any]:
    return kind_of(game).dump_coup(coup, game.players)


def dump_report(report: Any) -> dict[str, Any]:
    return kind_of(report.game).dump_report(report)


__all__ = [
    "KINDS",
    "build",
    "dump_coup",
    "dump_file",
    "dump_report",
    "find_kind",
    "kind_of",
    "load_file",
    "replay",
    "stored_kind",
]
