"""The registry of game kinds: the one place that lists the games.

Everything else finds a kind here — by its name (``find_kind``), by a game,
a rule set or a report (``kind_of``), by a stored game's ``game`` column and
rules (``stored_kind``) — or reads a whole game file (``load_file``), and
then asks the kind. The kinds are held erased (``GameKind``); what these
functions take and give is typed with the protocols of ``kind.py``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

from . import seating
from .brou.kind import Brou
from .errors import N_, GameError
from .gamefile import file_head
from .hombre.kinds import Hombre1709, HombreDanish, HombreJetons
from .kind import Game, GameKind, JsonObject, Report, Rules, Standing
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

GAMES = tuple(dict.fromkeys(kind.game for kind in KINDS))
"""The game files' ``"game"`` values, each read by the first of its kinds."""

UNKNOWN_GAME = N_("game must be one of {games}, got {value!r}")
"""The refusal of a file whose ``"game"`` is none of ``GAMES`` (named from the registry)."""

_BY_KEY: dict[str, GameKind] = {}
_BY_TYPE: dict[type, GameKind] = {}
_FAMILIES: dict[str, tuple[GameKind, ...]] = {}


def _index() -> None:
    """The look-ups made from ``KINDS`` (again when a kind is added or taken out)."""
    global GAMES
    GAMES = tuple(dict.fromkeys(kind.game for kind in KINDS))
    _BY_KEY.clear()
    _BY_KEY.update({kind.key: kind for kind in KINDS})
    _BY_TYPE.clear()
    _BY_TYPE.update({kind.game_type: kind for kind in KINDS})
    _BY_TYPE.update({kind.rules_type: kind for kind in KINDS})
    _FAMILIES.clear()
    _FAMILIES.update({game: tuple(kind for kind in KINDS if kind.game == game) for game in GAMES})


_index()


@contextmanager
def added(kind: GameKind) -> Iterator[GameKind]:
    """A kind listed for a while, then taken out (a game added from outside: a test's toy)."""
    global KINDS
    KINDS = (*KINDS, kind)
    _index()
    try:
        yield kind
    finally:
        KINDS = tuple(k for k in KINDS if k is not kind)
        _index()


def find_kind(key: str) -> GameKind | None:
    """The kind of that name (``hombre``, ``jetons``, ``danois``, ``brou``, ``manille``…)."""
    return _BY_KEY.get(key)


def kind_of(value: Game | Rules | Standing) -> GameKind:
    """The kind of a game, a rule set or a report (each kind has its own game and rules types)."""
    kind = _BY_TYPE.get(type(value))
    if kind is None and isinstance(value, Standing):
        kind = _BY_TYPE.get(type(value.game))
    if kind is None:
        raise KeyError(type(value))
    return kind


def stored_kind(game: str, rules: object) -> GameKind:
    """The kind of a stored game or file, from its ``game`` and rules (no coups read).

    Rules that name no kind of the family (or are no object) are the first
    kind's: its reader gives the refusal.
    """
    family = _FAMILIES[game]
    tag = family[0].tag
    default = tag[1] if tag else ""
    if not isinstance(rules, Mapping):
        return family[0]
    return next((kind for kind in family if kind.owns(rules, default)), family[0])


def load_file(data: object) -> Game:
    """The game of any game file (GameError names the key at fault)."""
    if not isinstance(data, Mapping):
        raise GameError("file", N_("a game file is a JSON object"))
    name = data.get("game")
    if not isinstance(name, str) or name not in _FAMILIES:
        raise GameError("game", UNKNOWN_GAME, games=", ".join(GAMES), value=name)
    game: Game = stored_kind(name, data.get("rules", {})).load(data)
    return game


def load_seated(data: object) -> tuple[Game, tuple[seating.SeatChange, ...]]:
    """The game of any game file and its optional ``seat_changes`` (who took a seat when)."""
    game = load_file(data)
    assert isinstance(data, Mapping)
    return game, seating.load(data, kind_of(game), game)


def dump_seated(game: Game, changes: Sequence[seating.SeatChange]) -> JsonObject:
    """The game file with its seat changes (the key only when someone took a seat)."""
    return seating.with_changes(dump_file(game), changes, game.players)


def build(
    game: str,
    players: Sequence[str],
    rules: Mapping[str, object],
    first_dealer: int,
    coups: Sequence[object],
) -> Game:
    """A game from stored parts (the database keeps the game file's pieces)."""
    head = file_head(game, players, first_dealer, rules)
    return load_file({**head, "coups": coups if isinstance(coups, list) else list(coups)})


def replay(game: Game) -> Report:
    """The report of a game, by its kind's engine."""
    report: Report = kind_of(game).replay(game)
    return report


def dump_file(game: Game) -> JsonObject:
    """The game file of a game."""
    data: JsonObject = kind_of(game).dump(game)
    return data


def dump_coup(game: Game, coup: object) -> JsonObject:
    """One coup of ``game`` as its game file writes it."""
    data: JsonObject = kind_of(game).dump_coup(coup, game.players)
    return data


def dump_report(report: Report) -> JsonObject:
    """The replay report of a game (``scorekeeper replay --json``)."""
    data: JsonObject = kind_of(report).dump_report(report)
    return data


__all__ = [
    "GAMES",
    "KINDS",
    "UNKNOWN_GAME",
    "build",
    "dump_coup",
    "dump_file",
    "dump_report",
    "dump_seated",
    "find_kind",
    "kind_of",
    "load_file",
    "load_seated",
    "replay",
    "stored_kind",
]
