"""Every game the scorekeeper keeps, behind the game file's ``"game"`` key.

What the games really share is here and nowhere else: a game is players, a
first dealer, rules and coups; the file names its game; the replay folds the
coups. Each game keeps its own engine, file reader and report.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .brou import engine as brou
from .brou import file as brou_file
from .errors import N_, GameError
from .gamefile import file_head
from .hombre.systems import AnyGame, dump_any_coup, dump_any_game, dump_any_report, load_any
from .hombre.systems import replay_any as replay_hombre
from .manille import file as manille_file
from .manille.belge import ManillenGame
from .manille.classique import ManilleGame

Game = AnyGame | brou.BrouGame | ManilleGame | ManillenGame


@dataclass(frozen=True)
class Kind:
    load: Callable[[Any], Any]
    replay: Callable[[Any], Any]
    dump_game: Callable[[Any], dict[str, Any]]
    dump_coup: Callable[[Any, tuple[str, ...]], dict[str, Any]]
    dump_report: Callable[[Any], dict[str, Any]]


def _dump_hombre_coup(coup: Any, names: tuple[str, ...]) -> dict[str, Any]:
    return dump_any_coup(coup, (names[0], names[1], names[2]))


GAMES = {
    "hombre": Kind(load_any, replay_hombre, dump_any_game, _dump_hombre_coup, dump_any_report),
    "brou": Kind(
        brou_file.load_brou,
        brou.replay,
        brou_file.dump_brou,
        brou_file.dump_brou_coup,
        brou_file.dump_brou_report,
    ),
    "manille": Kind(
        manille_file.load_manille,
        manille_file.replay_manille,
        manille_file.dump_manille,
        manille_file.dump_manille_coup,
        manille_file.dump_manille_report,
    ),
}


def kind_of(game: Any) -> str:
    if isinstance(game, brou.BrouGame):
        return "brou"
    if isinstance(game, ManilleGame | ManillenGame):
        return "manille"
    return "hombre"


def game_named(data: Any) -> str:
    """The ``"game"`` of a parsed file, refused when it is none the scorekeeper keeps."""
    name = data.get("game") if isinstance(data, Mapping) else None
    if not isinstance(name, str) or name not in GAMES:
        raise GameError(
            "game",
            N_("game must be hombre, brou or manille, got {value!r}"),
            value=name,
        )
    return str(name)


def load_file(data: Any) -> Any:
    """The game of any game file."""
    if not isinstance(data, Mapping):
        raise GameError("file", N_("a game file is a JSON object"))
    return GAMES[game_named(data)].load(data)


def build(
    kind: str,
    players: tuple[str, ...],
    rules: Mapping[str, Any],
    first_dealer: int,
    coups: list[Any],
) -> Any:
    """A game from stored parts (the database keeps the game file's pieces)."""
    return load_file({**file_head(kind, players, first_dealer, rules), "coups": coups})


def replay(game: Any) -> Any:
    return GAMES[kind_of(game)].replay(game)


def dump_file(game: Any) -> dict[str, Any]:
    return GAMES[kind_of(game)].dump_game(game)


def dump_coup(game: Any, coup: Any) -> dict[str, Any]:
    return GAMES[kind_of(game)].dump_coup(coup, game.players)


def dump_report(report: Any) -> dict[str, Any]:
    return GAMES[kind_of(report.game)].dump_report(report)


__all__ = [
    "GAMES",
    "build",
    "dump_coup",
    "dump_file",
    "dump_report",
    "kind_of",
    "load_file",
    "replay",
]
