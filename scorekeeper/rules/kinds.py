"""The registry of game kinds: the games the entry point group ``scorekeeper.games`` gives.

Every game — Scorekeeper's own (l'Hombre, l'Homme de Brou, la Manille,
declared in its ``pyproject.toml``) and any installed from outside — is an
entry point of the group ``scorekeeper.games`` that names an object with
the game's ``kinds`` (``scorekeeper.games.GameEntry``); ``KINDS`` is what
the group gives, Scorekeeper's own games first in the order its
``pyproject.toml`` lists them, then the others by distribution and name.
This module reads only ``kinds``: the web half is the web registry's.

Everything else finds a kind here — by its name (``find_kind``), by a game,
a rule set or a report (``kind_of``), by a stored game's ``game`` column and
rules (``stored_kind``) — or reads a whole game file (``load_file``), and
then asks the kind. The kinds are held erased (``GameKind``); what these
functions take and give is typed with the protocols of ``kind.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from . import seat_file, seating
from .errors import N_, Faults, GameError, every_fault
from .gamefile import check_format, file_head
from .kind import Game, GameKind, JsonObject, Kind, Report, Rules, Standing

GROUP = "scorekeeper.games"
"""The entry point group a game is declared in (``[project.entry-points."scorekeeper.games"]``)."""

_OWN = __name__.partition(".")[0]
"""Scorekeeper's own package: its games come first."""


class BadGame(RuntimeError):
    """An entry point of ``scorekeeper.games`` that gives no usable game (named in the message)."""


def _order(point: EntryPoint, entry: object) -> tuple[bool, str, int, str]:
    """Scorekeeper's own games first, by their ``order``; then the others by distribution."""
    own = point.module.partition(".")[0] == _OWN
    distribution = "" if own or point.dist is None else point.dist.name
    order = getattr(entry, "order", 0)
    return (not own, distribution, order if isinstance(order, int) else 0, point.name)


@cache
def game_entries() -> tuple[tuple[str, Any], ...]:
    """Each game of the group: its entry point's name and the object it names, in order.

    Loaded once; the web registry asks the same objects for their web halves.
    """
    return load_entries(entry_points(group=GROUP))


def load_entries(points: Iterable[EntryPoint]) -> tuple[tuple[str, Any], ...]:
    """The games these entry points name, each checked to give kinds, in the registry's order."""
    loaded = []
    for point in points:
        try:
            entry = point.load()
        except Exception as error:  # a broken plugin: its own error, saying which one
            error.add_note(f"while loading the game {point.name} ({point.value}) of {GROUP}")
            raise
        kinds = getattr(entry, "kinds", None)
        if not isinstance(kinds, tuple) or not kinds or not all(isinstance(k, Kind) for k in kinds):
            raise BadGame(f"the game {point.name} ({point.value}) gives no kinds (a tuple of Kind)")
        loaded.append((_order(point, entry), point.name, entry))
    if not loaded:
        raise BadGame(f"no game in the entry point group {GROUP}: is scorekeeper installed?")
    return tuple((name, entry) for _order, name, entry in sorted(loaded, key=lambda x: x[0]))


def all_kinds(entries: Iterable[tuple[str, Any]]) -> tuple[GameKind, ...]:
    """Every kind of these games; a kind's key, game type or file ``game`` is one game's only."""
    found: dict[str, GameKind] = {}
    owner: dict[str, str] = {}
    for name, entry in entries:
        for kind in entry.kinds:
            if kind.key in found or any(k.game_type is kind.game_type for k in found.values()):
                raise BadGame(f"the game {name} gives a kind already given: {kind.key}")
            if owner.setdefault(kind.game, name) != name:
                raise BadGame(f"the game {name} reads files of another game: {kind.game}")
            found[kind.key] = kind
    return tuple(found.values())


KINDS: tuple[GameKind, ...] = all_kinds(game_entries())
"""Every kind, in the order the app offers them."""

GAMES = tuple(dict.fromkeys(kind.game for kind in KINDS))
"""The game files' ``"game"`` values, each read by the first of its kinds."""

UNKNOWN_GAME = N_("game must be one of {games}, got {value!r}")
"""The refusal of a file whose ``"game"`` is none of ``GAMES`` (named from the registry)."""
NO_GAME = N_("the key game is missing: it is one of {games}")
"""The refusal of a file with no ``"game"`` at all: it says the key is missing, not that
it is None (a Danish import read "Nøglen game skal være en af hombre, brou, manille, ikke
None.", smoke25)."""

_BY_KEY: dict[str, GameKind] = {kind.key: kind for kind in KINDS}
_BY_TYPE: dict[type, GameKind] = {
    **{kind.game_type: kind for kind in KINDS},
    **{kind.rules_type: kind for kind in KINDS},
}
_FAMILIES: dict[str, tuple[GameKind, ...]] = {
    game: tuple(kind for kind in KINDS if kind.game == game) for game in GAMES
}


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


def stops_after(kind: GameKind, rules: Mapping[str, Any], deals: int | None) -> int | None:
    """The deals after which an event's round stops a table of ``kind`` with these rules (the
    event's): its round's ``deals``, unless the rules play on past them (``plays_on``: the
    1709 poule's "continue", until no bête is left); None when the round counts no deals."""
    if deals is None or kind.plays_on(rules):
        return None
    return deals


def load_file(data: object) -> Game:
    """The game of any game file (GameError names the key at fault). A refusal that keeps
    the file's coups from being checked says so (``GameError.coups_wait``): its ``game``
    (none read: no game to read them by), or any other fault of its head (read, never
    replayed: ``_load_holds_the_replay``), unless the players, or an l'Hombre money system
    unknown, already keep them unread; a coup's own fault holds the replay too."""
    if not isinstance(data, Mapping):
        raise GameError("file", N_("a game file is a JSON object"))
    name = data.get("game")
    if not isinstance(name, str) or name not in _FAMILIES:
        # no game to read the rest by: its format, which every game shares, is still checked
        faults = Faults()
        with faults.check():
            if "game" not in data:
                raise GameError("game", NO_GAME, games=", ".join(GAMES))
            raise GameError("game", UNKNOWN_GAME, games=", ".join(GAMES), value=name)
        faults.found[0].coups_wait = "game"
        with faults.check():
            check_format(data)
        faults.done()
    try:
        game: Game = stored_kind(str(name), data.get("rules", {})).load(data)
    except GameError as error:
        _load_holds_the_replay(every_fault(error))
        raise
    return game


def _load_holds_the_replay(faults: Sequence[GameError]) -> None:
    """Mark the refusals of a file's head and of its coups as keeping its coups from being
    replayed (``coups_wait``: ``replay``): a kind's ``load`` reads every coup whatever else
    of the file is wrong (once the players are, whom they name), but raises every fault it
    found, so a game is replayed only with the whole file read right: its format, its first
    dealer and its rules as much as each of its coups. A coup's own fault holds them all, not
    only those after it (fix30d: "the 2 coups after it cannot be checked" was said of coup 5
    missing its hombre, though coups 6 and 7 were read and none of the 7 was replayed).
    Nothing when the coups were not read (the players refused: ``gamefile.by_players``; an
    l'Hombre money system unknown: its ``load``): one reason a file, the first."""
    if any(fault.coups_wait for fault in faults):
        return
    for fault in faults:
        fault.coups_wait = "replay"


def replay_file(game: Game) -> Report:
    """The report of a file's game (``replay``): a coup the rules refuse stops the replay, and
    its refusal says so (``coups_wait``: ``coup``), for a page and the command to say that
    the coups after it were read but not replayed (``file_order.coups_held``). The replay is
    a fold of the money, each coup's on the state the coups before it left (docs/formats.md,
    "Refusals"): it does not go on past a refused coup."""
    try:
        return replay(game)
    except GameError as error:
        for fault in every_fault(error):
            if fault.coup is not None:
                fault.coups_wait = "coup"
        raise


def load_seated(data: object) -> tuple[Game, tuple[seating.SeatChange, ...]]:
    """The game of any game file and its optional ``seat_changes`` (who took a seat when)."""
    game = load_file(data)
    assert isinstance(data, Mapping)
    return game, seat_file.load(data, kind_of(game), game)


def dump_seated(game: Game, changes: Sequence[seating.SeatChange]) -> JsonObject:
    """The game file with its seat changes (the key only when someone took a seat)."""
    return seat_file.with_changes(dump_file(game), changes, game.players)


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
    "GROUP",
    "KINDS",
    "NO_GAME",
    "UNKNOWN_GAME",
    "BadGame",
    "build",
    "dump_coup",
    "dump_file",
    "dump_report",
    "dump_seated",
    "find_kind",
    "game_entries",
    "kind_of",
    "load_file",
    "load_seated",
    "replay",
    "stops_after",
    "stored_kind",
]
