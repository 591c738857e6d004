"""A game as stored, with what is made from it once per version.

The rows are the inputs (players, rule set, coups as entered); the replay,
the kept prefixes and the texts made from a version are kept on the stored
game so that every page of that version shares them (``cache.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules.kind import Game, GameKind, Report
from ..rules.kinds import kind_of
from ..rules.kinds import replay as replay_any
from ..rules.money import Money
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
    updated_at: str
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

    def replay(self) -> AnyReport:
        if not self.memo:
            game = self.game
            start = self.basis
            kept = self.checkpoints.nearest(len(game.coups))
            if kept is not None and (start is None or length(start) < length(kept)):
                start = kept
            self.memo.append(self.checkpoints.fold(self.kind, start, game))
        return self.memo[0]

    def check(self, coups: list[Any], first: int) -> AnyReport:
        """This game with ``coups``, changed (corrected or deleted) at coup ``first``: checked.

        What the check and delete pages show and the write validates: valid
        or the GameError a whole replay gives, the final nets, and the results
        of the coups up to the changed one; a kind may stop folding where the
        changed game is back in this one's state (``GameKind.check``).
        """
        checked: AnyReport = self.checkpoints.check(self.kind, self.replay(), coups, first)
        return checked

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
