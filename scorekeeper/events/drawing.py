"""The event's side of the draw: what a round's draw is asked and gives, in plain shapes.

The draw itself is ``scorekeeper/draw`` (pure, seeded): ``draw_round`` asks
its ``next_round`` with the players in the round, the tables' shape, the
rounds before, the seed (the event's seed plus the round's number, so anyone
can re-run it), the fixed pairs and, for a Swiss round, the standing.
Teammates (the teams format) and players registered together are kept apart.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from ..draw import DrawError, Entrant, Round, Table, next_round
from ..draw.sitting_out import by_turn
from ..draw.staged import Met
from ..draw.units import make_units
from ..rules.errors import N_, GameError
from .settings import Format, Seating


class Entry(NamedTuple):
    """A player as the draw needs them."""

    name: str
    team: str = ""
    together: str = ""


class Drawn(NamedTuple):
    """A round as drawn: each table the names in seat order, and who sits out."""

    tables: tuple[tuple[str, ...], ...]
    sitting_out: tuple[str, ...]


class DrawRequest(NamedTuple):
    """What a draw is asked: the players in the round, the tables' shape, the rounds before."""

    players: tuple[Entry, ...]
    format: Format
    seating: Seating
    history: tuple[Drawn, ...]
    seed: int
    fixed_pairs: tuple[tuple[str, str], ...]
    standing: tuple[str, ...] | None
    """Swiss: the players best first, else None."""
    design_seed: int | None = None
    """The first round's seed: a design the first round began is followed round after round
    with the same relabelling (each round's own ``seed`` would relabel it anew, and the draw
    would fall back to its search from the second round on)."""
    planned: int | None = None
    """The event's rounds in all: the design is chosen for them from the first round."""
    by_turn: tuple[str, ...] = ()
    """Partners kept from the first round and an odd count: the players whose turn it is to
    sit out (``kept_pairs``), given to the draw as sitting out and in no pair of
    ``fixed_pairs``. Each has a partner: a partner of one out plays the round with one who
    had none, and no page says they have none (``without_partner``)."""


Drawer = Callable[[DrawRequest], Drawn]


def asked(request: DrawRequest) -> dict[str, Any]:
    """What a round's draw was asked, but the rounds before it (results.json has them), teams
    and "registered together" marks as numbers (``_labels``, the draw reads no more): kept
    with the round when it is drawn (m027) and published in results.json, so that anyone
    can draw it again (``scorekeeper redraw``, events/redraw.py). A Swiss round's standing
    is the one read when it was drawn: a result corrected later changes the ranking, never
    what the draw was asked. (The seed alone was kept: the players of the round, the
    pairs and the standing had to be guessed again, so nobody could re-run a Swiss round.)"""
    teams = _labels(p.team if request.format == "teams" else "" for p in request.players)
    marks = _labels(p.together for p in request.players)
    return {
        "players": [
            [p.name, team, mark]
            for p, team, mark in zip(request.players, teams, marks, strict=True)
        ],
        "format": request.format,
        "seating": request.seating,
        "seed": request.seed,
        "fixed_pairs": [list(pair) for pair in request.fixed_pairs],
        "standing": None if request.standing is None else list(request.standing),
        "design_seed": request.design_seed,
        "planned": request.planned,
        # only where partners kept rotate a bye: every round drawn before says as it said
        **({"by_turn": list(request.by_turn)} if request.by_turn else {}),
    }


def _labels(values: Iterable[str]) -> list[str]:
    """Each text as a number, the same for the same text, by first appearance ("" stays
    ""): what the draw reads of a team or a "registered together" mark is only who shares
    one, and the event's public pages never show what the director typed there (a
    household, a carer: the draw keeps them apart, the results file need not say why)."""
    numbers: dict[str, str] = {}
    return [numbers.setdefault(v, str(len(numbers) + 1)) if v else "" for v in values]


def read_asked(text: str | None) -> object:
    """A round's ``asked`` as stored (m027), or None: drawn before it, or not JSON (a junk
    row, however deep, is no answer rather than an error)."""
    if text is None:
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def without_partner(text: str | None) -> tuple[str, ...]:
    """Whom a round's draw sat out for want of a partner (``Units.alone``: a fixed pair's
    partner withdrew, or an odd one registered alone), read from what the draw was asked
    (``asked``, as stored: the draw's own units, not a guess at them); () for a round drawn
    before m027 or a stored request that is no draw's."""
    found = read_asked(text)
    if not isinstance(found, dict):
        return ()
    try:
        entrants = [Entrant(str(p[0])) for p in found["players"]]
        pairs = [(str(a), str(b)) for a, b in found["fixed_pairs"]]
        turn = {str(name) for name in found.get("by_turn", ())}
        alone = make_units(entrants, found["seating"], pairs).alone
        return tuple(name for name in alone if name not in turn)
    except (DrawError, KeyError, TypeError, ValueError, IndexError):
        return ()


def kept_pairs(
    names: tuple[str, ...],
    pairs: tuple[tuple[str, str], ...],
    history: tuple[Drawn, ...],
    seed: int,
) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """The first round's partners kept (``rounds.first_partners``) for a later round: the
    pairs it is drawn with and who sits out by turn (``draw.sitting_out.by_turn``: with an
    odd count, those whose turn it is, so that the one the first round left over is not out
    of every round)."""
    return by_turn(names, pairs, [_round(past) for past in history], seed)


def draw(request: DrawRequest) -> Drawn:
    """The round drawn by ``scorekeeper.draw.next_round``; GameError if it cannot be made."""
    entrants = [
        Entrant(p.name, (p.team or None) if request.format == "teams" else None, p.together or None)
        for p in request.players
        if p.name not in request.by_turn  # out by turn: the draw seats the others
    ]
    history = [_round(past) for past in request.history]
    try:
        made = next_round(
            entrants,
            request.seating,
            history,
            seed=request.seed,
            fixed_pairs=request.fixed_pairs,
            standing=request.standing,
            design_seed=request.design_seed,
            planned=request.planned,
        )
    except DrawError as error:
        raise GameError("round", N_("the draw refused: {reason}"), reason=str(error)) from error
    return Drawn(tuple(t.seats for t in made.tables), (*made.sitting_out, *request.by_turn))


def _round(drawn: Drawn) -> Round:
    return Round(tuple(Table(seats) for seats in drawn.tables), drawn.sitting_out)


def met_again(
    history: tuple[Drawn, ...],
    drawn: Drawn,
    seating: Seating,
    fixed_pairs: tuple[tuple[str, str], ...] = (),
) -> list[tuple[str, str]]:
    """The pairs of players the round seats together who shared a table in a round before
    (fixed partners are not repeats), table by table in seat order."""
    fixed = frozenset((a, b) if a < b else (b, a) for a, b in fixed_pairs)
    return Met(seating, [_round(past) for past in history], fixed).again(_round(drawn))
