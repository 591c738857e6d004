"""A game as stored, with what is made from it once per version.

The rows are the inputs (players, rule set, coups as entered); the replay,
the kept prefixes and the texts made from a version are kept on the stored
game so that every page of that version shares them (``cache.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..rules import stopping
from ..rules.kind import Game, GameKind, Report, Standing
from ..rules.kinds import kind_of
from ..rules.kinds import replay as replay_any
from ..rules.ledger import NetChange, person_changes
from ..rules.money import Money
from ..rules.seat_names import sitting_now
from ..rules.seating import SeatChange, after_removal, payers, person_tally, seated
from .checkpoints import Checkpoints, length

AnyGame = Game
"""A game of any kind (each kind has its own game type): what every layer may ask of it."""
AnyReport = Report
"""A report of any game (each engine has its own type): what every layer may ask of it."""


@dataclass(frozen=True)
class StoredGame:
    id: int
    game: AnyGame
    created_at: str
    updated_at: str | None
    """None only in a row written before changes stamped it."""
    version: int
    money: Money | None = None
    manager_hash: str | None = None
    """SHA-256 of the manager link's secret; None until one is issued."""
    table_token: str | None = None
    """The secret of the read-only table link."""
    basis: AnyReport | None = field(default=None, compare=False, repr=False)
    """The report of a prefix of the coups, to continue rather than replay (cache.py)."""
    memo: list[AnyReport] = field(default_factory=list, compare=False, repr=False)
    """The replay once made: a kept game is replayed once per version, not per request."""
    derived: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Texts made from this version (the game file, the report), made once."""
    checkpoints: Checkpoints = field(default_factory=Checkpoints, compare=False, repr=False)
    """Reports of prefixes of the coups, kept so a correction need not replay from coup 1."""
    seat_changes: tuple[SeatChange, ...] = ()
    """Who took a seat from which coup (``rules/seating.py``), in the order made."""
    stopped: bool = False
    """The table stopped after the last coup: the game ended as it stands (rules/stopping.py)."""

    def replay(self) -> AnyReport:
        """The game's report; once the table stopped, as its kind ends it (``GameKind.stop``)."""
        played = self.played()
        if not self.stopped:
            return played
        ended = self.derived.get("stopped")
        if ended is None:
            ended = self.derived["stopped"] = stopping.ended(self.kind, played, True)
        report: AnyReport = ended
        return report

    def played(self) -> AnyReport:
        """The fold of the coups, without the stop: what a later version goes on from."""
        if not self.memo:
            game = self.game
            start = self.basis
            kept = self.checkpoints.nearest(len(game.coups))
            if kept is not None and (start is None or length(start) < length(kept)):
                start = kept
            self.memo.append(self.checkpoints.fold(self.kind, start, game))
        return self.memo[0]

    def check(self, coups: list[Any], first: int) -> Standing:
        """This game with ``coups``, changed (corrected or deleted) at coup ``first``: checked.

        What the check and delete pages show and the write validates: valid
        or the GameError a whole replay gives, the final nets, and the results
        of the coups up to the changed one; a kind may stop folding where the
        changed game is back in this one's state (``GameKind.check``).
        """
        return self.checkpoints.check(self.kind, self.played(), coups, first)

    def before(self, coup: int) -> StoredGame:
        """This game as it stood when coup ``coup`` was entered: the coups before it, who sat
        then (``seated``), the kept prefixes it shares (its ``version`` stays the row's: no
        page is drawn from it). What a retry of that coup is read against (``key_answer`` of
        web/table/outbox_answers.py): its form was drawn for that coup, not the one dealt now."""
        coups = self.game.coups[: max(coup - 1, 0)]
        return replace(
            self,
            game=self.game.with_coups(coups),
            basis=None,
            memo=[],
            derived={},
            checkpoints=self.checkpoints.until(len(coups)),
            seat_changes=tuple(c for c in self.seat_changes if c.coup <= coup),
            stopped=False,
        )

    def seated(self, coup: int | None = None) -> tuple[str, ...]:
        """The names at the table in coup ``coup`` (default: who sits now, the next coup's,
        ``seat_names.sitting_now``), seat by seat."""
        if coup is None:
            return sitting_now(self.game.players, self.seat_changes, len(self.game.coups))
        return seated(self.game.players, self.seat_changes, coup)

    def payers(self, coup: int | None = None) -> tuple[str, ...]:
        """Whose money each seat is in coup ``coup`` (default: the next one), seat by seat."""
        at = len(self.game.coups) + 1 if coup is None else coup
        return payers(self.game.players, self.seat_changes, at)

    def by_person(self) -> dict[str, int]:
        """Each person's result (a chip game's nets), split where someone took a seat."""
        found = self.derived.get("by_person")
        if found is None:
            report = self.replay()
            found = person_tally(self.kind, self.game, self.seat_changes, report)
            self.derived["by_person"] = found
        return dict(found)

    def person_changes(self, coups: Sequence[Any], removed: int | None) -> list[NetChange] | None:
        """What this game with ``coups`` instead (a correction; ``removed``: coup taken out,
        an undo's the last) does to each person's result, where it moved (the pages of a
        correction and a deletion, the notice after it); None while nobody took a seat (the
        seats' nets say it all). The seat changes stay with their coups
        (``seating.after_removal``), as the store keeps them."""
        if not self.seat_changes:
            return None
        count = len(self.game.coups)
        changes = (
            self.seat_changes
            if removed is None
            else after_removal(self.seat_changes, removed, count)
        )
        return person_changes(self.by_person(), self.people_with(coups, changes))

    def people_with(self, coups: Sequence[Any], changes: Sequence[SeatChange]) -> dict[str, int]:
        """Each person's result were the coups ``coups`` and the seat changes ``changes``
        (a version before or after this one: ``person_tally`` of its whole replay)."""
        return self.people_in(self.kind.replay(self.game.with_coups(coups)), changes)

    def people_in(self, report: AnyReport, changes: Sequence[SeatChange]) -> dict[str, int]:
        """Each person's result in ``report`` (the whole replay of a version of this game's
        coups, before or after a change) with the seat changes ``changes``."""
        return person_tally(self.kind, report.game, changes, report)

    def people(self) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """Who is paid what, in the settlement's order: the seats' players and their nets, or,
        once someone took a seat, every person who sat (or whose seat was played for them)."""
        if not self.seat_changes:
            return tuple(self.game.players), tuple(self.replay().tally)
        found = self.by_person()
        return tuple(found), tuple(found.values())

    def known_report(self) -> AnyReport | None:
        """The replay if made, else the prefix it would continue (one step back at most)."""
        return self.memo[0] if self.memo else self.basis

    @property
    def kind(self) -> GameKind:
        """What every layer asks about this game."""
        return kind_of(self.game)


def replayed(game: AnyGame) -> AnyReport:
    """The report of a game (a stored game keeps its own: ``StoredGame.replay``)."""
    return replay_any(game)
