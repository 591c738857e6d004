"""The game page's Standing: each one's net, stack and caves (hombre/_sections.html).

A stack is ``caves × cave + net`` (docs/rules.md). Without a seat taken each row is a
seat's. Once someone took a seat each row is a person's, as the settlement pays them: their
net, and, while a seat's money is theirs, their own stack and caves (``seating.held_caves``):
a newcomer who took a seat over sat down with a cave of their own, not with the chips the
leaver won or lost there. One who left holds no chips at the table: their stack and caves
are "—" (their net is settled with them, as the settlement's seat table keeps the seat's
own figures under "Bruno → Denis").
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import store
from ...rules.hombre.family import AnyReport
from ...rules.ledger import Stack, stack
from ...rules.seating import held_caves


@dataclass(frozen=True)
class StandingRow:
    name: str
    net: int
    stack: Stack | None
    """None: they hold no seat now (they left it)."""
    caves: int | None


def standing_rows(stored: store.StoredGame, report: AnyReport) -> tuple[StandingRow, ...]:
    """The Standing's rows: the seats', or once someone took a seat, the persons'."""
    if not stored.seat_changes:
        return tuple(
            StandingRow(name, report.net[seat], report.stacks[seat], report.caves[seat])
            for seat, name in enumerate(stored.game.players)
        )
    people, nets = stored.people()
    rules = report.game.rules
    held = held_caves(report, stored.seat_changes, dict(zip(people, nets, strict=True)), rules.cave)
    return tuple(
        StandingRow(name, net, None, None)
        if name not in held
        else StandingRow(name, net, stack(held[name], net, rules.cave, rules.fiche), held[name])
        for name, net in zip(people, nets, strict=True)
    )
