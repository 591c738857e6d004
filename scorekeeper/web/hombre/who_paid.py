"""Who paid each payment of a coup, on l'Hombre's pages: ``rules.hombre.paid``, the one
answer the game page's coups, the coups page, the correction and deletion pages, the live
preview, the saved coup's message and the settlement's journal (page and PDF) ask; each name
as ``now`` says it (a club's member by their name now, ``seat_words.names_now``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ... import store
from ...rules.hombre.paid import Lines, Paid, paid_in, paid_lines
from ...rules.seating import TAKES_OVER

Payments = Callable[[int], tuple[Paid, ...]]
"""Coup n's payments, each naming who paid and who was paid."""


def named(paid: tuple[Paid, ...], now: Mapping[str, str]) -> tuple[Paid, ...]:
    """``paid`` with each name as ``now`` says it."""
    if not now:
        return paid
    return tuple(
        p._replace(payer=now.get(p.payer, p.payer), payee=now.get(p.payee, p.payee)) for p in paid
    )


def paid_now(stored: store.StoredGame, now: Mapping[str, str], report: Any = None) -> Payments:
    """Coup n's payments in ``report`` (a preview's, a correction's; None: the stored game's),
    at ``stored``'s table (its seat changes). Once someone took a seat over, the stored
    game's are worked out once per version (``paid_lines`` looks at every coup); else each
    coup's alone (``paid_in``)."""
    changes = stored.seat_changes
    if report is None and any(c.way == TAKES_OVER for c in changes):
        lines: Lines | None = stored.derived.get("paid")
        if lines is None:
            lines = stored.derived["paid"] = paid_lines(stored.kind, stored.replay(), changes)
        kept = lines
        return lambda n: named(kept[n - 1], now)
    shown = stored.replay() if report is None else report
    return lambda n: named(paid_in(stored.kind, shown, changes, n), now)
