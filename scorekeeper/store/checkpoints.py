"""Reports of a game's prefixes at regular positions: a correction need not replay from coup 1.

A replay is a fold, so the report of the first k coups carries everything
the coups after them need (``GameKind.extend``). A correction or deletion
at coup k leaves coups 1 to k − 1 as they were: it goes on from the kept
report of the longest prefix of at most k − 1 coups, and only the coups
from there on are replayed. The same holds for the undo of the last coup.
A check of such a change (``check``) may stop sooner: where the changed game
is back in the state the old game was in (l'Hombre 1709; the kept prefixes
after k tell the old game's state there, ``GameKind.check``).

Prefixes are kept at the multiples of a spacing (256 coups), as a replay
passes them; no more than ``MOST`` at once: beyond, every other one is
dropped and the spacing doubles, so a game of any length keeps a dozen or
so (each holds a tuple of its coups' results, shared with the others, and
the engine's state: the memory grows like the game, not its square).

A kept report is never changed: every engine's ``extend`` copies the state
it goes on from (``resume``). Only kinds whose engine can go on from a
report keep any (``GameKind.folds``); the others replay whole, as before.
This module is pure: no Flask, no database.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from ..rules.kind import Game, GameKind, Report, Standing

SPACING = 256
"""Coups between two kept prefixes at first: a correction replays at most this many more."""
MOST = 16
"""Prefixes kept at once for one game; beyond, the spacing doubles."""


def length(report: Report) -> int:
    """How many coups a report folded."""
    return len(report.game.coups)


class Checkpoints:
    """The kept reports of one game's prefixes, by length; shared by a process's threads."""

    def __init__(self, spacing: int = SPACING, most: int = MOST) -> None:
        self.spacing = spacing
        self.most = most
        self._reports: dict[int, Report] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._reports)

    def positions(self) -> list[int]:
        with self._lock:
            return sorted(self._reports)

    def keep(self, report: Report) -> None:
        """Keep ``report`` if its length is a multiple of the spacing (else nothing)."""
        n = length(report)
        with self._lock:
            if n == 0 or n % self.spacing:
                return
            self._reports[n] = report
            while len(self._reports) > self.most:
                self.spacing *= 2
                self._reports = {k: r for k, r in self._reports.items() if k % self.spacing == 0}

    def nearest(self, upto: int) -> Report | None:
        """The kept report of the longest prefix of at most ``upto`` coups, or None."""
        with self._lock:
            best = max((n for n in self._reports if n <= upto), default=None)
            return None if best is None else self._reports[best]

    def until(self, upto: int) -> Checkpoints:
        """A copy with the prefixes of at most ``upto`` coups: for a game that shares them."""
        other = Checkpoints(self.spacing, self.most)
        with self._lock:
            other._reports = {n: r for n, r in self._reports.items() if n <= upto}
        return other

    def fold(self, kind: GameKind, start: Report | None, game: Game) -> Report:
        """The report of ``game`` from ``start`` (a prefix's report, or None), keeping prefixes.

        The fold stops at every multiple of the spacing it passes and keeps
        that report; a GameError is the one the whole replay gives, since
        the engine refuses the first coup it cannot fold, wherever it starts.
        """
        if not kind.folds:
            return kind.replay(game) if start is None else kind.extend(start, game)
        coups = game.coups
        report = start
        done = 0 if start is None else length(start)
        while True:
            stop = (done // self.spacing + 1) * self.spacing
            if stop >= len(coups):
                break
            report = self._step(kind, report, game.with_coups(coups[:stop]))
            self.keep(report)
            done = stop
        report = self._step(kind, report, game)
        self.keep(report)
        return report

    def changed(self, kind: GameKind, game: Game, coups: Sequence[object], first: int) -> Report:
        """The report of ``game`` with ``coups``, whose first ``first`` − 1 are the game's own.

        Goes on from the nearest kept prefix (building the missing ones on the
        way); a kind that cannot go on from a report replays the game whole.
        """
        changed = game.with_coups(coups)
        if not kind.folds:
            return kind.replay(changed)
        return self._step(kind, self._before(kind, game, coups, first), changed)

    def check(self, kind: GameKind, old: Report, coups: Sequence[object], first: int) -> Standing:
        """``changed``, for a correction or deletion at coup ``first``, as far as the kind needs.

        ``old`` is the replay of the game these prefixes are of. The kind
        goes on from the nearest kept prefix before ``first``, and may stop
        where the changed game is back in the old game's state, which the
        prefixes kept after ``first`` tell too (``GameKind.check``).
        """
        game = old.game
        changed = game.with_coups(coups)
        if not kind.folds:
            return kind.check(None, changed, old, first)
        base = self._before(kind, game, coups, first)
        with self._lock:
            later = [self._reports[n] for n in sorted(self._reports) if n >= first]
        return kind.check(base, changed, old, first, later)

    def _before(
        self, kind: GameKind, game: Game, coups: Sequence[object], first: int
    ) -> Report | None:
        """The report of the longest prefix that ``coups`` and ``game`` share before ``first``."""
        upto = min(first - 1, len(game.coups), len(coups))
        base = self.nearest(upto)
        if upto > (0 if base is None else length(base)):
            base = self.fold(kind, base, game.with_coups(game.coups[:upto]))
        return base

    @staticmethod
    def _step(kind: GameKind, start: Report | None, game: Game) -> Report:
        return kind.replay(game) if start is None else kind.extend(start, game)
