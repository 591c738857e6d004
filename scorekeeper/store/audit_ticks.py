"""The audit of a game's ticks (``transfers_paid``) against its change log (store/audit.py).

A single table's payments ticked as paid are derived from its ``paid`` and
``unpaid`` lines: as many of each as ticked (the same payment can be made
twice, m024), each with its money as handed over (m025).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import sqlite_utils

from ..db.rows import Row
from .changelog import Action

PAID = "paid"
"""The key of a game's ``chain`` line that holds its ticked transfers (m021)."""


def compare(
    db: sqlite_utils.Database, game_id: int, log: list[Row], load: Callable[[object], object]
) -> list[str]:
    """The transfers ticked as paid (``transfers_paid``) are what the ``paid`` and ``unpaid``
    lines leave, from the last line that holds them all (m021's ``chain``), if any: as many
    of each as ticked (the same payment can be made twice: m024), each with its money as
    handed over (m025: a line without it, a tick without it)."""
    if not db.table("transfers_paid").exists():
        return []
    expected: Counter[Tick] = Counter()
    for line in log:
        state = load(line["state"]) if line["action"] == Action.CHAIN else None
        if isinstance(state, dict) and isinstance(state.get(PAID), list):
            expected = Counter(t for t in map(_tick, state[PAID]) if t is not None)
        elif line["action"] in (Action.PAID, Action.UNPAID):
            paid = line["action"] == Action.PAID
            tick = _tick(load(line["after"] if paid else line["before"]))
            if tick is not None and paid:
                expected[tick] += 1
            elif tick is not None and expected[tick] > 0:
                expected[tick] -= 1
    cents = "cents" in db.table("transfers_paid").columns_dict
    stored = Counter(
        (int(a), int(b), int(c), None if d is None else int(d))
        for a, b, c, d in db.execute(
            "select payer, payee, amount, "
            + ("cents" if cents else "null")
            + " from transfers_paid where game_id = ?",
            [game_id],
        ).fetchall()
    )
    faults = []
    for tick in sorted((stored - expected).elements(), key=str):
        said = f"game {game_id}: {_said(tick)} is ticked, its log never did"
        faults.append(said)
    for tick in sorted((expected - stored).elements(), key=str):
        said = f"game {game_id}: {_said(tick)} is not ticked, its log did"
        faults.append(said)
    return faults


Tick = tuple[int, int, int, int | None]
"""A tick as the audit counts it: payer, payee, amount and its money in cents (or None)."""


def _said(tick: Tick) -> str:
    payer, payee, amount, cents = tick
    money = "" if cents is None else f" ({cents} cents)"
    return f"seat {payer} → seat {payee} {amount}{money}"


def _tick(said: object) -> Tick | None:
    """A transfer as a line holds it (``{"payer", "payee", "amount"}`` and, since m025, its
    ``"cents"``; or a list of three)."""
    cents: object = None
    if isinstance(said, dict):
        cents = said.get("cents")
        said = [said.get("payer"), said.get("payee"), said.get("amount")]
    if (
        isinstance(said, list)
        and len(said) == 3
        and all(isinstance(v, int) for v in said)
        and (cents is None or isinstance(cents, int))
    ):
        return (said[0], said[1], said[2], cents if isinstance(cents, int) else None)
    return None
