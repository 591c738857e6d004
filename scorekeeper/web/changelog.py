"""The change log as a table settles a dispute: what each correction changed, when, by which phone.

Only the inputs are stored, so each line is rebuilt by replaying: the
game's coups as they are now, taken back one logged change at a time (an
added or redone coup removed, a corrected one put back as it was, a deleted
or undone one put back in its place). Each line then shows the coup before
and after in words (and in the game file's shape), every net (the points
games: every count) before and after, the time as an ISO UTC instant that
the page's script shows in the phone's own time zone, and the phone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..rules.errors import GameError
from ..store import Action, StoredGame, replayed
from .coups import page_of
from .sheet_view import sides

COUP_CHANGES = {Action.ADD, Action.EDIT, Action.DELETE, Action.UNDO, Action.REDO}


@dataclass(frozen=True)
class Net:
    name: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before


@dataclass(frozen=True)
class Line:
    at: str
    action: str
    position: int | None
    phone: str
    before: str | None
    """The coup before the change, in words (None: there was none, or it cannot be rebuilt)."""
    after: str | None
    before_file: str | None
    after_file: str | None
    nets: tuple[Net, ...]
    """Every net (or count) before and after; empty when the change moves no coup."""


def _standing(stored: StoredGame, report: Any) -> tuple[tuple[str, ...], tuple[int, ...]]:
    if stored.kind.chips:
        return tuple(report.game.players), tuple(report.net)
    return sides(report), tuple(report.totals)


def _replay(stored: StoredGame, items: list[Any]) -> Any:
    game = stored.game.with_coups([stored.kind.load_coup(i, stored.game) for i in items])
    return replayed(game)


def _phone(row: dict[str, Any]) -> str:
    if row.get("grant_id") is None:
        return ""
    return f"{row.get('phone') or '?'} (#{row['grant_id']})"


def lines(stored: StoredGame, rows: list[dict[str, Any]]) -> list[Line]:
    """The change log's rows (newest first) with what each coup change did."""
    page = page_of(stored)
    players = stored.game.players
    coups: list[Any] | None = [stored.kind.dump_coup(c, players) for c in stored.game.coups]
    after_report = stored.replay()
    out = []
    for row in rows:
        action, position = row["action"], row["position"]
        before_text = after_text = before_file = after_file = None
        nets: tuple[Net, ...] = ()
        if action in COUP_CHANGES and coups is not None and after_report is not None:
            try:
                older = list(coups)
                if action in (Action.ADD, Action.REDO):
                    after_file = json.dumps(older.pop(position - 1), ensure_ascii=False)
                elif action == Action.EDIT:
                    after_file = json.dumps(older[position - 1], ensure_ascii=False)
                    older[position - 1] = json.loads(row["before"])
                else:
                    older.insert(position - 1, json.loads(row["before"]))
                if action in (Action.ADD, Action.REDO, Action.EDIT):
                    after_text = page.coup_text(after_report, position)
                before_report = _replay(stored, older)
                if action in (Action.EDIT, Action.DELETE, Action.UNDO):
                    before_text = page.coup_text(before_report, position)
                    before_file = row["before"]
                names, old = _standing(stored, before_report)
                _names, new = _standing(stored, after_report)
                nets = tuple(Net(n, o, a) for n, o, a in zip(names, old, new))
                coups, after_report = older, before_report
            except (GameError, IndexError, KeyError, TypeError, ValueError):
                coups = None  # the log does not match the coups: older lines show no detail
        elif action in (Action.CREATE, Action.IMPORT):
            coups = None
        out.append(
            Line(
                row["at"],
                action,
                position,
                _phone(row),
                before_text,
                after_text,
                before_file,
                after_file,
                nets,
            )
        )
    return out
