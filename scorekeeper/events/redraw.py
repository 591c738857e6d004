"""An event's rounds drawn again from its results.json: the same seats, or where not.

Each round of results.json (docs/formats.md) says what its draw was asked
(``asked``, events/drawing.py: kept since m027) and the rounds before it are
the draw's history: their tables' seats and who sat out. ``redraw`` asks the
same draw (``drawing.draw``, the app's own) again, round by round, and
compares what it seats with what the file says was played. ``scorekeeper
redraw FILE`` prints it, so a player or a federation can check a director's
draw from the published file alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple, cast, get_args

from ..rules.errors import GameError
from .drawing import Drawn, DrawRequest, Entry, draw
from .settings import Format, Seating


class Redrawn(NamedTuple):
    """One round drawn again: ``same`` None when the file says not what it was asked."""

    round: int
    seed: int | None
    same: bool | None
    differences: tuple[str, ...] = ()


def redraw(results: object) -> list[Redrawn]:
    """Every round of a results.json drawn again (ValueError: the file is not one)."""
    rounds = _list(_object(results, "the file").get("rounds"), "rounds")
    history: list[Drawn] = []
    out = []
    for n, item in enumerate(rounds, 1):
        found = _object(item, f"round {n}")
        played = Drawn(
            tuple(
                _names(_object(t, f"round {n}, a table").get("players"), f"round {n}, players")
                for t in _list(found.get("tables"), f"round {n}, tables")
            ),
            _names(found.get("sitting_out", []), f"round {n}, sitting_out"),
        )
        asked = found.get("asked")
        if asked is None:
            out.append(Redrawn(n, None, None))
        else:
            request = _request(_object(asked, f"round {n}, asked"), tuple(history), n)
            try:
                again = draw(request)
            except GameError as error:
                out.append(Redrawn(n, request.seed, False, (str(error),)))
            else:
                out.append(Redrawn(n, request.seed, again == played, _differences(again, played)))
        history.append(played)
    return out


def as_text(checked: Sequence[Redrawn]) -> str:
    """A line a round, then the differences of a round drawn otherwise."""
    lines = []
    for r in checked:
        if r.same is None:
            lines.append(
                f"round {r.round}: not drawn again: the file does not say what its draw was"
                " asked (drawn before this version kept it)"
            )
        elif r.same:
            lines.append(f"round {r.round}: drawn again with seed {r.seed}: the same seats")
        else:
            lines.append(f"round {r.round}: drawn again with seed {r.seed}: OTHER SEATS")
            lines += [f"  {d}" for d in r.differences]
    return "\n".join(lines) + "\n"


def _differences(again: Drawn, played: Drawn) -> tuple[str, ...]:
    said = []
    for n in range(max(len(again.tables), len(played.tables))):
        drawn = again.tables[n] if n < len(again.tables) else ()
        seated = played.tables[n] if n < len(played.tables) else ()
        if drawn != seated:
            said.append(
                f"table {n + 1}: the draw seats {_words(drawn)}; the file, {_words(seated)}"
            )
    if again.sitting_out != played.sitting_out:
        said.append(
            f"sitting out: the draw says {_words(again.sitting_out)};"
            f" the file, {_words(played.sitting_out)}"
        )
    return tuple(said)


def _words(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "nobody"


def _request(asked: Mapping[str, object], history: tuple[Drawn, ...], n: int) -> DrawRequest:
    where = f"round {n}, asked"
    players = []
    for item in _list(asked.get("players"), f"{where}, players"):
        name, team, together = _names(item, f"{where}, a player", 3)
        players.append(Entry(name, team, together))
    pairs = []
    for item in _list(asked.get("fixed_pairs", []), f"{where}, fixed_pairs"):
        a, b = _names(item, f"{where}, a fixed pair", 2)
        pairs.append((a, b))
    standing = asked.get("standing")
    return DrawRequest(
        tuple(players),
        cast(Format, _one_of(asked.get("format"), get_args(Format), f"{where}, format")),
        cast(Seating, _one_of(asked.get("seating"), get_args(Seating), f"{where}, seating")),
        history,
        _whole(asked.get("seed"), f"{where}, seed"),
        tuple(pairs),
        None if standing is None else _names(standing, f"{where}, standing"),
        _whole_or_none(asked.get("design_seed"), f"{where}, design_seed"),
        _whole_or_none(asked.get("planned"), f"{where}, planned"),
        _names(asked.get("by_turn", []), f"{where}, by_turn"),
    )


def _object(value: object, where: str) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise ValueError(f"{where}: not an object")
    return cast(Mapping[str, object], value)


def _list(value: object, where: str) -> list[object]:
    if not isinstance(value, list):
        raise ValueError(f"{where}: not a list")
    return value


def _names(value: object, where: str, count: int | None = None) -> tuple[str, ...]:
    items = _list(value, where)
    if not all(isinstance(name, str) for name in items):
        raise ValueError(f"{where}: not a list of names")
    if count is not None and len(items) != count:
        raise ValueError(f"{where}: not {count} names")
    return tuple(cast(list[str], items))


def _whole(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{where}: not a whole number")
    return value


def _whole_or_none(value: object, where: str) -> int | None:
    return None if value is None else _whole(value, where)


def _one_of(value: object, allowed: tuple[object, ...], where: str) -> object:
    if value not in allowed:
        raise ValueError(f"{where}: one of {', '.join(map(str, allowed))}")
    return value
