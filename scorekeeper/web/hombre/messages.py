"""L'Hombre's messages of the coup flow: after a coup is saved, corrected, deleted, undone
or redone, and a coup's line in the change log (web/table/coups.py, changelog.py), each
naming a club's member by their name now (``now``: ``seat_words.names_now``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...i18n import gettext as _
from ...rules.hombre.family import hombre_report
from ...rules.hombre.paid import paid_in
from ...rules.kind import Standing
from ...rules.kinds import kind_of
from ...rules.ledger import NetChange, net_changes
from ...rules.seating import SeatChange
from ..formats.words import signed
from ..table.seat_words import named_changes
from .present import outcome_text
from .who_paid import named


def saved_text(
    after: Standing,
    n: int,
    names: tuple[str, ...] | None = None,
    now: Mapping[str, str] | None = None,
    changes: Sequence[SeatChange] = (),
) -> str:
    """The flash after a coup is saved, naming who sat in it (``names``, seat by seat) and
    who paid each payment (``paid_in``: ``changes``, who took a seat), each as ``now`` says
    (a club's member by their name now)."""
    report = hombre_report(after)
    result = report.coups[-1]
    names = _named(names or after.game.players, now)
    what = outcome_text(result, names)
    saved = str(_("Coup %(n)s saved: %(what)s", n=result.deal.n, what=what))
    payments = named(paid_in(kind_of(report.game), report, changes, len(report.coups)), now or {})
    paid = ", ".join(f"{t.payer} → {t.payee} {t.amount}" for t in payments)
    paid_text = _("Paid: %(payments)s.", payments=paid) if paid else _("No payment.")
    return f"{saved}. {paid_text}"


def coup_text(
    report: Standing,
    n: int,
    names: tuple[str, ...] | None = None,
    now: Mapping[str, str] | None = None,
) -> str:
    """Coup ``n`` of a replay in a line of words (the change log), naming who sat in it."""
    names = _named(names or report.game.players, now)
    return outcome_text(hombre_report(report).coups[n - 1], names)


def _named(names: Sequence[str], now: Mapping[str, str] | None) -> tuple[str, ...]:
    """``names``, each as ``now`` says (a club's member by their name now)."""
    said = now or {}
    return tuple(said.get(name, name) for name in names)


def changes_text(
    what: str,
    before: Standing,
    after: Standing,
    people: Sequence[NetChange] | None,
    now: Mapping[str, str] | None = None,
) -> str:
    """The notice of a change: each net it moved, before and after; once someone took a
    seat, each person's (a seat's net is no one's: "Bruno" would be Denis's coups); each
    named as ``now`` says (a club's member by their name now)."""
    changes = named_changes(net_changes(before, after) if people is None else people, now) or []
    if not changes:
        return what + " " + _("The nets did not change.")
    parts = [f"{c.name} {signed(c.before)} → {signed(c.after)}" for c in changes]
    return what + " " + _("Nets: %(changes)s.", changes=", ".join(parts))
