"""Who sits at a seat from which coup, and who is paid what: per person, not only per seat.

A game is its rule set and its coups as entered; someone else taking a seat
between coups is one more input, kept beside the coups (the game file's
optional ``seat_changes``). The engines keep counting per *seat*, named by
the game's ``players`` (the names the coups use); this module says who sat
there from which coup and splits each seat's result between people:

- ``plays_for``: the newcomer plays in the absent player's name; the seat's
  money stays the absent player's (seed 000 §15: "il ne peut quitter la
  partie avant sa fin convenue"). Only the name shown changes.
- ``takes_over``: a house rule (``GameKind.takes_over``); each keeps the net
  of the coups they played, plus what the kind says the leaver hands over
  (``GameKind.seat_debt``: what they have at stake, docs/rules.md).

In the team games a side's points are the team's: the newcomer shares them
from the deal they sit at. Pure: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..names import clash_with, fault
from .errors import N_, GameError
from .kind import Game, GameKind, JsonObject
from .ledger import money_text, moves_in_cents, recave, settle_up, signed, to_cents
from .money import Money

PLAYS_FOR = "plays_for"
TAKES_OVER = "takes_over"
WAYS = (PLAYS_FOR, TAKES_OVER)
KEY = "seat_changes"
"""The game file's optional key (docs/formats.md); absent when nobody took a seat."""
MOST = 32
"""Seat changes a game may hold: each costs a replay of a prefix to split the nets."""


def dealer_of(first_dealer: int, n: int, seats: int) -> int:
    """The dealer of coup ``n`` (from 1): the deal passes to the next seat each coup, in
    every game (l'Hombre's three systems, Brou, both Manilles), and on the pages that
    name who deals next.

    >>> dealer_of(0, 1, 3), dealer_of(0, 4, 3), dealer_of(2, 3, 4)
    (0, 0, 0)
    """
    return (first_dealer + n - 1) % seats


@dataclass(frozen=True)
class SeatChange:
    """From coup ``coup`` (1-based, the first they play) ``player`` sits at ``seat``."""

    coup: int
    seat: int
    player: str
    way: str


@dataclass(frozen=True)
class Sitting:
    """One stretch of one seat: who sat, from which coup to which, and whose money it was."""

    seat: int
    player: str
    first: int
    last: int | None
    """The last coup they played there; None while they still sit."""
    way: str | None
    """How they came (None: they sat there from the start)."""
    payer: str
    """Whose money the seat's result of these coups is."""
    replaced: str | None = None
    """Who sat there before them (None: they sat there from the start)."""
    back: bool = False
    """They come back to their own seat: the seat's money was theirs when they sat down."""


def sitter(players: Sequence[str], changes: Sequence[SeatChange], seat: int, coup: int) -> str:
    """Who sits at seat ``seat`` in coup ``coup`` (1-based): the one name every page gives them.

    The game file and the report keep naming the seat by ``players``; the words
    a page shows of a coup (dealer, hombre, tricks, payments) name its sitter.
    """
    name = players[seat]
    for change in changes:
        if change.seat == seat and change.coup <= coup:
            name = change.player
    return name


def seated(players: Sequence[str], changes: Sequence[SeatChange], coup: int) -> tuple[str, ...]:
    """The names at the table in coup ``coup`` (1-based), seat by seat."""
    return tuple(sitter(players, changes, seat, coup) for seat in range(len(players)))


def payers(players: Sequence[str], changes: Sequence[SeatChange], coup: int) -> tuple[str, ...]:
    """Whose money each seat is in coup ``coup``: its player's, or the absent one's played for."""
    owners = list(players)
    for change in changes:
        if change.coup <= coup and change.way == TAKES_OVER:
            owners[change.seat] = change.player
    return tuple(owners)


def sittings(players: Sequence[str], changes: Sequence[SeatChange]) -> tuple[Sitting, ...]:
    """Every stretch of every seat, seat by seat, in order."""
    out: list[Sitting] = []
    for seat, name in enumerate(players):
        current = Sitting(seat, name, 1, None, None, name)
        for change in changes:
            if change.seat != seat:
                continue
            out.append(replace(current, last=change.coup - 1))
            payer = current.payer if change.way == PLAYS_FOR else change.player
            back = change.player == current.payer
            current = Sitting(
                seat, change.player, change.coup, None, change.way, payer, current.player, back
            )
        out.append(current)
    return tuple(s for s in out if s.last is None or s.last >= s.first)


def in_turn(players: Sequence[str], changes: Sequence[SeatChange]) -> tuple[Sitting, ...]:
    """Every stretch of every seat in the order they began (their first coup, then their
    seat): who sat where in turn (``seat_names``) and who sat down when (``taken``)."""
    return tuple(sorted(sittings(players, changes), key=lambda s: (s.first, s.seat)))


def taken(players: Sequence[str], changes: Sequence[SeatChange]) -> tuple[Sitting, ...]:
    """The stretches someone sat down for, in the order of their coups (then of their seats):
    what the who-sat-when lines tell. A change nobody played out (an absent player back at
    their seat and, at the same coup, someone else taking it) tells nothing: the stretch after
    it names whom its newcomer took the seat from."""
    return tuple(s for s in in_turn(players, changes) if s.way is not None)


def sitting_text(sitting: Sitting) -> str:
    """A stretch in the command's words, as the pages word it (``web/table/seat_words.py``):
    "from coup 6: Bruno plays for Anne"; the seat's money decides the words, not the file's
    ``way`` alone: a player back at their own seat is back, whatever way they came."""
    if sitting.back:
        return f"from coup {sitting.first}: {sitting.player} is back at their own seat"
    if sitting.way == PLAYS_FOR:
        return f"from coup {sitting.first}: {sitting.player} plays for {sitting.payer}"
    return (
        f"from coup {sitting.first}: {sitting.player} has taken over the seat of {sitting.replaced}"
    )


def check(kind: GameKind, game: Game, changes: Sequence[SeatChange], base: int = 0) -> None:
    """GameError unless the changes are in order, at a seat, of a name not at the table
    (an absent player may come back to their own seat, not sit at another while theirs is
    played for them).

    ``base``: how many changes before these were already checked (for the numbers named).
    """
    if len(changes) > MOST:
        raise GameError(KEY, N_("at most {most} seat changes in a game"), most=MOST)
    last = 1
    for n, change in enumerate(changes, base + 1):
        field = f"{KEY}[{n}]"
        if change.coup < max(last, 1):
            raise GameError(f"{field}.coup", N_("seat changes must be in the order of their coups"))
        last = change.coup
        name = change.player
        found = fault(name, typed=False)  # the one rule of every name (names.py)
        if found is not None:
            raise GameError(f"{field}.player", found.template, **found.params)
        earlier = changes[: n - base - 1]
        owners = payers(game.players, earlier, change.coup)
        # an absent player may come back to their own seat (its money is theirs); they may not sit
        # at another one while theirs is played for them, nor sit twice
        here = (
            *seated(game.players, earlier, change.coup),
            *(owner for seat, owner in enumerate(owners) if seat != change.seat),
        )
        other = clash_with(name, here)  # "CLEO" or a Cyrillic "Cӏeo" beside Cleo
        if other is not None:
            raise GameError(
                f"{field}.player", N_("{name} already sits at this table"), name=other[0]
            )
        if change.way not in WAYS:
            raise GameError(f"{field}.way", N_("way must be plays_for or takes_over"))
        if change.way == TAKES_OVER and not kind.takes_over(game.rules):
            raise GameError(
                f"{field}.way",
                N_("this table's rules do not let a newcomer take over a seat's money"),
            )


def after_removal(
    changes: Sequence[SeatChange], position: int, count: int
) -> tuple[SeatChange, ...]:
    """The changes once coup ``position`` of the ``count`` played is taken out.

    A change belongs to the coup its newcomer first played, not to a number:
    the coups after ``position`` move up one, and so do the changes after it
    (a change at the coup taken out now begins at the coup that follows it).
    Taking out the last coup moves nothing: a change made after it (nobody
    has played since they sat down) still begins after that coup, which a redo
    puts back as the one who left played it.
    """
    if position >= count:
        return tuple(changes)
    return tuple(replace(c, coup=c.coup - 1) if c.coup > position else c for c in changes)


def pending(changes: Sequence[SeatChange], count: int) -> tuple[SeatChange, ...]:
    """The changes with ``count`` coups played and someone sitting down for the next: a
    change left after coups taken out (an undo, a deletion of the last coup) begins at the
    next coup now, as the one sitting down does."""
    return tuple(replace(c, coup=count + 1) if c.coup > count + 1 else c for c in changes)


def side_of(seat: int, sides: int, seats: int) -> int:
    """The side of ``tally`` a seat counts in: its own, or its team's (seats 0, 2 / 1, 3)."""
    return seat if sides == seats else seat % sides


@dataclass(frozen=True)
class Stretch:
    """A sitting's coups in a game of ``count`` coups: numbers ``start`` to ``end`` (from 0,
    ``end`` excluded; none beyond the game's), counted on ``side`` of the tally for
    ``sitting.payer``, whose money or points they were (a stand-in's are the absent one's)."""

    sitting: Sitting
    start: int
    end: int
    side: int

    @property
    def coups(self) -> range:
        return range(self.start, self.end)


def stretches(
    players: Sequence[str], changes: Sequence[SeatChange], count: int, sides: int
) -> tuple[Stretch, ...]:
    """The coups that were each person's, and on which side (``side_of``): the one walk over
    the sittings that every per-person figure makes (``person_tally``'s points, the games
    won and lost of ``person_sums``), each summing its own per-coup figure over them."""
    out: list[Stretch] = []
    for s in sittings(players, changes):
        start = min(s.first - 1, count)
        end = count if s.last is None else min(s.last, count)
        out.append(Stretch(s, start, end, side_of(s.seat, sides, len(players))))
    return tuple(out)


def person_sums(
    players: Sequence[str],
    changes: Sequence[SeatChange],
    per_coup: Sequence[Sequence[int]],
    sides: int,
) -> dict[str, int]:
    """Each person's sum of a figure given per coup and per side (``per_coup[n][side]``)
    over the coups that were theirs, on their side of ``sides`` (``stretches``): the games
    lost (``games_lost.person_lost``), the games won less those lost (``placing``)."""
    result: dict[str, int] = dict.fromkeys(players, 0)
    for stretch in stretches(players, changes, len(per_coup), sides):
        payer = stretch.sitting.payer
        result[payer] = result.get(payer, 0) + sum(per_coup[n][stretch.side] for n in stretch.coups)
    return result


def person_tally(
    kind: GameKind,
    game: Game,
    changes: Sequence[SeatChange],
    report: Any,
    known: Mapping[int, Any] | None = None,
) -> dict[str, int]:
    """Each person's result: their stretches' share of their seat's (or team's) tally.

    ``report``: the whole game's replay; the tally at each change comes from the
    report of that prefix, each folded on from the one before (``GameKind.extend``);
    a team game whose count restarts after a partie or a manche says instead what
    each side scored coup by coup (``GameKind.side_scores``), summed over their coups.
    A chip game's person nets sum to zero, as the seats' do: a stretch's share is
    what the seat's tally moved in its coups, and what a leaver hands over
    (``GameKind.seat_debt``) is
    taken from them and given to the newcomer. A change at a coup not yet
    played moves nothing but that hand-over. ``known``: reports of prefixes already made,
    by their number of coups (``person_rows``), not replayed again.
    """
    players = game.players
    count = len(game.coups)
    reports: dict[int, Any] = {**(known or {}), count: report}
    before: Any = None  # the prefixes are folded one from the other: about one replay in all
    for cut in sorted({min(max(c.coup - 1, 0), count) for c in changes} - set(reports)):
        prefix = game.with_coups(game.coups[:cut])
        before = kind.replay(prefix) if before is None else kind.extend(before, prefix)
        reports[cut] = before
    sides = len(report.tally)
    at = {cut: tuple(r.tally) for cut, r in reports.items()}
    at.setdefault(0, tuple(0 for _ in range(sides)))
    scores = kind.side_scores(report)  # a team game whose count restarts: coup by coup
    result: dict[str, int] = dict.fromkeys(players, 0)
    for change in changes:  # one who took a seat over holds what was handed to them
        if change.way == TAKES_OVER:
            result.setdefault(change.player, 0)
    # one who plays for an absent player is someone here only for the coups they played:
    # a stand-in whose one coup was deleted sat for nothing (the room, the settlement's
    # persons and the command still listed them at 0 where the who-sat-when lines did not)
    for stretch in stretches(players, changes, count, sides):
        s, side = stretch.sitting, stretch.side
        result.setdefault(s.player, 0)
        if scores is None:
            result[s.payer] += at[stretch.end][side] - at[stretch.start][side]
        else:
            result[s.payer] += sum(scores[n][side] for n in stretch.coups)
    payers = dict(enumerate(players))
    for change in changes:
        before = payers[change.seat]
        if change.way == TAKES_OVER:
            payers[change.seat] = change.player
            cut = reports[min(max(change.coup - 1, 0), count)]
            debt = kind.seat_debt(cut, change.seat, report)
            result[before] -= debt
            result[change.player] += debt
    return result


def held_caves(
    report: Any, changes: Sequence[SeatChange], nets: Mapping[str, int], cave: int
) -> dict[str, int]:
    """The caves of each one whose money a seat is now, by name: a chip game's stack is
    ``caves × cave + net`` (docs/rules.md), so their stack is their own net on their own caves.

    One who sits there from the start (or is played for) has the seat's caves. One who took
    the seat over sat down with a cave of their own (the leaver took their chips away and is
    settled apart): their net along their coups is the seat's net since they sat down plus what
    the leaver handed them (``nets``, their result, less the seat's moves after each coup),
    and they take another cave whenever it would leave their stack below zero, as
    ``ledger.recave`` does for every player. The leaver holds no seat: they have none.
    ``report``: a chip game's replay (its coups' ``net`` and its ``caves``).
    """
    players = report.game.players
    count = len(report.coups)
    owners = payers(players, changes, count + 1)
    found: dict[str, int] = {}
    for seat, owner in enumerate(owners):
        start = max((c.coup for c in changes if c.seat == seat and c.way == TAKES_OVER), default=1)
        if start <= 1:  # their seat from its first coup: the engine's caves are theirs
            found[owner] = report.caves[seat]
            continue
        start = min(start, count + 1)  # the first coup they play
        final = report.tally[seat]
        # the seat's net when they sat down (none: every coup before was undone since)
        sat_down = report.coups[start - 2].net[seat] if start >= 2 else 0
        points = (sat_down, *(report.coups[j - 1].net[seat] for j in range(start, count + 1)))
        caves = [1]
        for seat_net in (*points, final):
            recave(caves, [nets[owner] - (final - seat_net)], cave)
        found[owner] = caves[0]
    return found


def person_rows(
    kind: GameKind, game: Game, changes: Sequence[SeatChange], report: Any
) -> list[dict[str, int]]:
    """Each person's result after each coup, coup by coup (a spreadsheet's standings): the
    standing the game had after it (``person_tally`` of its coups and of the seats taken
    by then, a newcomer who sat down after it included); the last is the game's, as the
    settlement pays it. The prefixes are folded one from the other, and those the seat
    changes cut at are kept: about one replay in all."""
    count = len(game.coups)
    cuts = {c.coup - 1 for c in changes}
    known: dict[int, Any] = {}
    before: Any = None
    rows = []
    for n in range(1, count + 1):
        prefix = game.with_coups(game.coups[:n])
        if n < count:
            before = kind.replay(prefix) if before is None else kind.extend(before, prefix)
        now = before if n < count else report
        if n in cuts:
            known[n] = now
        sat = [c for c in changes if c.coup - 1 <= n] if n < count else changes
        rows.append(person_tally(kind, prefix, sat, now, known))
    return rows


def report_keys(kind: GameKind, changes: Sequence[SeatChange], report: Any) -> JsonObject:
    """The replay report's optional keys: who sat where, and each person's result."""
    if not changes:
        return {}
    game = report.game
    players = game.players
    return {
        "sittings": [
            {
                "seat": players[s.seat],
                "player": s.player,
                "from_coup": s.first,
                "to_coup": s.last,
                "way": s.way,
                "for": s.payer,
            }
            for s in sittings(players, changes)
        ],
        "by_person": person_tally(kind, game, changes, report),
    }


def text_lines(
    kind: GameKind,
    changes: Sequence[SeatChange],
    report: Any,
    money: Money | None = None,
    settle: bool = False,
) -> list[str]:
    """The command's lines after the report: who sat from which coup, each person's result;
    for ``scorekeeper settle`` (``settle``), who pays whom person by person, and with
    ``money`` each one's money, as the settlement page shows them (rounded once over the
    persons, ``to_cents``; the lines taken from their cents, ``moves_in_cents``)."""
    if not changes:
        return []
    players = report.game.players
    lines = ["", "Seats taken:"]
    lines += [f"  {sitting_text(s)}" for s in taken(players, changes)]
    people = person_tally(kind, report.game, changes, report)
    names, nets = list(people), list(people.values())
    cents = None if money is None else to_cents(nets, money.chip_value)
    lines.append("By person:")
    for n, (name, value) in enumerate(people.items()):
        cash = (
            "" if cents is None or money is None else f" = {money_text(cents[n], money.currency)}"
        )
        lines.append(f"  {name}: {signed(value)}{cash}")
    if not settle:
        return lines
    moves = settle_up(nets)
    moved = (
        None
        if cents is None or money is None
        else moves_in_cents(moves, nets, cents, money.chip_value)
    )
    lines.append("Who pays whom, person by person:")
    for n, t in enumerate(moves):
        cash = (
            ""
            if moved is None or money is None
            else f" = {money_text(moved[n], money.currency, plus=False)}"
        )
        lines.append(f"  {names[t.payer]} → {names[t.payee]} {t.amount}{cash}")
    return lines
