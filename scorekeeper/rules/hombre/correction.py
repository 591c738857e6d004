"""The correction short-cut of the 1709 poule: a changed game checked only as far as it differs.

A correction or a deletion at coup k needs the changed game's validity, its
final standing and the changed coup's result, not the report of every later
coup. A replay is a fold over a small state (``engine._Table.carried``), and
after a change that state is very often the old game's a few coups later:
``check_change`` folds the two side by side and stops where they join,
taking the rest from the old game's report (docs/internals.md, "How a
correction or a deletion is checked"). It reads the fold's own state, so it
lives beside the engine and imports its private parts; nothing else does.
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from dataclasses import dataclass, field

from .engine import (
    TIERS_SHARE,
    Bete,
    BeteStatus,
    CoupResult,
    Game,
    Outcome,
    Reason,
    Report,
    _Standing,
    _start,
    _Table,
)

_SHARED, _VOLE_REASON = BeteStatus.SHARED, Reason.VOLE

SIDE_BY_SIDE = 64
"""Coups ``check_change`` folds the game it changes beside the changed one, comparing after each.

Beyond, it compares only where it knows the old game's state without folding
it: at the kept prefixes (``checkpoints.py``) and at the old game's end.
"""
JOINING = True
"""``check_change`` stops where the changed game joins the old one (False: it folds to the end)."""
_SPLITS = frozenset({*TIERS_SHARE, Outcome.VOLE, Outcome.VOLE_ENGAGEE})
"""Outcomes whose odd chips go by primauté, which the dealer settles (hombre.md §6)."""


@dataclass(frozen=True)
class Checked(_Standing):
    """A changed game, checked as far as it differs from the game it changes (``check_change``).

    Valid as a whole (a refusal would have been raised), with the standing
    its full replay ends with: ``net``, ``caves``, ``poules_tirees``,
    ``finished``, ``marks`` and the bête register (``betes``, made when
    asked). ``coups`` holds the results of the coups folded, the first
    ``joined`` of the changed game (the changed coup among them), not those
    after: past ``joined`` every coup moves the chips it moved in the old
    game. ``folded`` counts the coups folded past the kept prefix.
    """

    game: Game
    coups: tuple[CoupResult, ...]
    net: tuple[int, ...]
    caves: tuple[int, ...]
    marks: int
    poules_tirees: int
    finished: bool
    joined: int
    """The changed game's coup after which its state is the old game's after ``joined + shift``."""
    folded: int
    old: Report = field(compare=False, repr=False)
    table: _Table = field(compare=False, repr=False)
    other: _Table = field(compare=False, repr=False)
    shift: int = 0
    """1 for a deletion: the old game's coup m is the changed game's m − 1."""

    @property
    def betes(self) -> tuple[Bete, ...]:
        """The register the full replay ends with: the changed game's up to ``joined``, then the
        old game's fate of each bête still open there, and the bêtes made after (renumbered)."""
        betes = list(self.table.snapshot())
        old, shift = self.old.betes, self.shift

        def moved(n: int | None) -> int | None:
            return None if n is None else n - shift

        for mine, theirs in zip(_open(self.table), _open(self.other), strict=True):
            then = old[theirs]
            betes[mine] = Bete(
                then.owner,
                then.amount,
                betes[mine].made_in,
                then.token,
                then.status,
                moved(then.settled_in),
            )
        for then in old[len(self.other.amounts) :]:
            betes.append(
                Bete(
                    then.owner,
                    then.amount,
                    then.made_in - shift,
                    then.token,
                    then.status,
                    moved(then.settled_in),
                )
            )
        return tuple(betes)


def _open(table: _Table) -> list[int]:
    """The open bêtes' places in the register: the one in play, then the pending as made."""
    ahead = [] if table.in_play is None else [table.in_play]
    return ahead + sorted([i for _, i in table.pending])


def check_change(
    start: Report | None, game: Game, old: Report, first: int, kept: Sequence[Report] = ()
) -> Report | Checked:
    """Whether ``game``, the game of ``old`` changed at coup ``first``, is valid, and how it ends.

    ``start`` is the report of a prefix of at most ``first`` − 1 coups that
    both games share (None: none); ``old`` the replay of the game as it was;
    ``kept`` reports of the old game's longer prefixes (``checkpoints.py``).
    A correction keeps the old game's coups after ``first``, a deletion
    (one coup fewer) moves them up by one.

    The changed game is folded from ``start`` and, beside it for the first
    ``SIDE_BY_SIDE`` coups, the old one; after each coup past the change the
    two states are compared (``_Table.carried``; beyond, only where a kept
    prefix or the old game's end gives the old state). Where they are the
    same, and the coups still to come are the old game's, the fold stops:
    the old game accepted those coups from that very state, and a refusal
    depends only on the state and the coup, so the changed game accepts them
    too, and each moves the chips it moved in the old game. Then

    - the nets are the old game's final nets plus the difference of the two
      at the joining point;
    - the poules tirées likewise, when they cannot make the end come at
      another coup: equal, or both short of ``poules_to_play`` to the end,
      or both past it; with ``coups_to_play`` the end is a coup's number,
      the same in both games unless a deletion moved the old game's last
      coup (``_same_end``);
    - the caves are not a difference (``recave`` takes a cave when a net
      path goes below the caves in hand, a function of the path, not of its
      end): each is the larger of the changed game's caves at the joining
      point and the least caves that cover every later net of the old game
      moved by the difference — a walk over the old results, no fold;
    - a deletion moves the dealer of every later coup by one seat. With three
      at the table that changes no refusal and no state, only who has
      primauté (§6): where an odd amount is split between the tiers (a
      failed vole, half the enjeu of a vole with no bête pending) the odd
      chip goes to the other tiers when the hombre did not deal; the walk
      counts it into the nets and caves. With four, the one who sits out
      moves: a deletion is folded to the end.

    Returns a ``Checked`` when the fold stopped, else the full ``Report``;
    GameError as the full replay of ``game`` refuses it.
    """
    was_enabled = gc.isenabled()
    gc.disable()  # as in a replay: acyclic records only
    try:
        return _check(start, game, old, first, kept)
    finally:
        if was_enabled:
            gc.enable()


def _check(
    start: Report | None, game: Game, old: Report, first: int, kept: Sequence[Report]
) -> Report | Checked:
    before = old.game
    coups, old_coups = game.coups, before.coups
    shift = len(old_coups) - len(coups)
    table, results = _start(game, start)
    done = len(results)
    joins = (
        JOINING
        and shift in (0, 1)
        and (shift == 0 or len(game.players) == 3)
        and isinstance(old.resume, _Table)
        and before.players == game.players
        and before.rules == game.rules
        and before.first_dealer == game.first_dealer
        and done <= first - 1 <= len(coups)
        and coups[: first - 1] == old_coups[: first - 1]
    )
    play = table.play
    n = done
    if not joins:
        for n, coup in enumerate(coups[done:], done + 1):
            results.append(play(n, coup))
        return table.report(results)
    while n < first - 1:  # what ``start`` did not reach is the same in both games
        n += 1
        results.append(play(n, coups[n - 1]))
    shadow: _Table | None = table.copy(before, ())
    known = {len(r.coups): r.resume for r in kept if isinstance(r.resume, _Table)}
    known[len(old_coups)] = old.resume
    side = 0
    if shift:
        assert shadow is not None
        shadow.play(first, old_coups[first - 1])  # the deleted coup, in the old game
        joined = _joined(game, old, table, shadow, n, shift, results, done)
        if joined is not None:
            return joined
    while n < len(coups):
        n += 1
        results.append(play(n, coups[n - 1]))
        if n == len(coups):
            break
        m = n + shift
        other: _Table | None
        if shadow is not None and side < SIDE_BY_SIDE:
            shadow.play(m, old_coups[m - 1])
            side += 1
            other = shadow
        else:
            shadow = None
            other = known.get(m)
        if other is not None:
            joined = _joined(game, old, table, other, n, shift, results, done)
            if joined is not None:
                return joined
    return table.report(results)


def _same_end(game: Game, old: Report, table: _Table, other: _Table, n: int, shift: int) -> bool:
    """Whether the end comes at the same later coup in both games, once their states are equal.

    By poules (``coups_to_play`` 0): the poules tirées, which ``carried``
    leaves out, must be equal, or both short of ``poules_to_play`` to the
    end, or both past it. By coups: the end is the coup's number. A
    correction keeps every number; a deletion moves the old game's coup
    m + 1 to m, so the changed game's coup N − 1 (N = ``coups_to_play``)
    is the old game's N, where the old game ended and the changed one does
    not: it must not be among the coups still to come (n + 1 to the last).
    """
    rules = game.rules
    goal = rules.coups_to_play
    if goal:
        return not shift or n >= goal - 1 or len(game.coups) < goal - 1
    lo, hi = sorted((table.poules_tirees, other.poules_tirees))
    goal = rules.poules_to_play
    return lo == hi or hi + old.poules_tirees - other.poules_tirees < goal or lo >= goal


def _joined(
    game: Game,
    old: Report,
    table: _Table,
    other: _Table,
    n: int,
    shift: int,
    results: list[CoupResult],
    done: int,
) -> Checked | None:
    """The ``Checked`` of ``game`` if, after its coup ``n``, it joins the old game (else None)."""
    m = n + shift
    if table.carried() != other.carried():
        return None
    if not _same_end(game, old, table, other, n, shift):
        return None
    if game.coups[n:] != old.game.coups[m:]:
        return None
    seats = table.seats
    moved = [a - b for a, b in zip(table.net, other.net)]
    caves = list(table.caves)
    later = old.coups[m:]
    cave, mark_value = game.rules.cave, game.rules.mark_value
    shared: dict[int, list[int]] | None = None
    splits = [i for i, r in enumerate(later) if r.outcome in _SPLITS] if shift else []
    begin = 0
    for stop in [*splits, len(later)]:
        # the nets from ``begin`` to ``stop`` − 1 are the old game's moved by ``moved``
        if stop > begin:
            for s in range(seats):
                low = min([r.net[s] for r in later[begin:stop]]) + moved[s]
                if caves[s] * cave + low < 0:
                    caves[s] = -(low // cave)
        if stop == len(later):
            break
        r = later[stop]
        hombre, order = r.coup.hombre, r.deal.order
        if hombre is not None and hombre != r.deal.dealer:
            # the new dealer is the old one's left: primauté passes to the other tiers
            first_tiers, second_tiers = [s for s in order if s != hombre]
            if r.outcome in TIERS_SHARE:
                if shared is None:
                    shared = {}
                    for bete in old.betes:
                        if bete.status is _SHARED and bete.settled_in is not None:
                            shared.setdefault(bete.settled_in, []).append(bete.amount)
                odd = (r.deal.marks * mark_value) % 2
                odd += sum([amount % 2 for amount in shared.get(m + stop + 1, [])])
            elif any(t.reason is _VOLE_REASON for t in r.transfers):
                odd = -(r.deal.enjeu % 2)  # the tiers pay these halves
            else:
                odd = 0
            moved[first_tiers] -= odd
            moved[second_tiers] += odd
        for s in range(seats):
            low = r.net[s] + moved[s]
            if caves[s] * cave + low < 0:
                caves[s] = -(low // cave)
        begin = stop + 1
    return Checked(
        game,
        tuple(results),
        tuple([a + b for a, b in zip(old.net, moved)]),
        tuple(caves),
        old.marks,
        old.poules_tirees + table.poules_tirees - other.poules_tirees,
        old.finished,
        n,
        n - done,
        old,
        table,
        other,
        shift,
    )
