"""Who paid each payment of a coup, by name: the one answer every line of a payment asks
(the game page, the coups page, the settlement's journal and its PDF, the journal CSV, the
saved message, ``scorekeeper replay``).

The engines pay seat to seat (``ledger.Transfer``); a line names the person whose money
the seat was in that coup (``seating.payers``: one who plays for an absent player pays
with the absent player's money). Once someone took a seat over, what the leaver had at
stake stays theirs (``GameKind.seat_debt``, docs/rules.md "One rule for every chip system
when someone takes over"): the engine has the seat pay it, and the line names them, not
the newcomer who only passed it on. So, for every person, their lines summed are their result
(``seating.person_tally``): the by-person standing and the journal are one account.

- The pot systems (jetons, danois): the seat's part of the pot, when it is won, is split
  between the people who put it in (a leaver's antes: "Dorthe → Birthe 5 (pulje)" where
  Hanne sits now); won by the newcomer themselves, the leaver's part is paid to them
  ("Dorthe → Hanne 5"), in the coup they won it.
- The 1709 poule: the leaver hands the newcomer the chips of their open bêtes when they leave
  (``Hombre1709.seat_debt``), who then stands behind them: a line "Bruno → Denis 27 (bête)"
  in the coup after which Denis sat down, as the standings count it from that row.

Pure: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .. import seating
from ..ledger import Transfer
from .engine import Reason
from .pot import PotReason, PotReport

POT_REASONS = frozenset({PotReason.POULE, PotReason.CAGNOTTE})
"""The reasons of a pot taken (``Pot.take``): the jetons' poule, the Danish cagnotte."""


class Paid(NamedTuple):
    """One payment of a coup, by name: ``payer`` pays ``payee`` ``amount`` chips. A named
    tuple, not a frozen dataclass: the game page builds and hashes those of every coup it
    shows (its kept articles' keys), and a frozen dataclass's ``__init__`` and ``__hash__``
    cost the coup cycle 3.6 % of its instructions (14.47 → 14.99 million)."""

    payer: str
    payee: str
    amount: int
    reason: str


Lines = tuple[tuple[Paid, ...], ...]
"""A game's payments coup by coup (``lines[n]``: coup n + 1's)."""


def paid_lines(kind: Any, report: Any, changes: Sequence[seating.SeatChange] = ()) -> Lines:
    """Every coup's payments, each naming who paid and who was paid (see the module).

    ``kind``: the game's kind (its replays of a prefix, ``seat_debt``);
    ``report``: the whole game's replay; ``changes``: who took a seat."""
    players = report.game.players
    count = len(report.coups)
    owners = [seating.payers(players, changes, n) for n in range(1, count + 1)]
    lines = [
        list(transfers_by(r.transfers, who)) for r, who in zip(report.coups, owners, strict=True)
    ]
    taken = [c for c in changes if c.way == seating.TAKES_OVER]
    if taken and count:
        if isinstance(report, PotReport):
            _pot_parts(kind, report, owners, lines)
        else:
            _handed_over(kind, report, taken, lines)
    return tuple(tuple(coup) for coup in lines)


def paid_in(
    kind: Any, report: Any, changes: Sequence[seating.SeatChange], n: int
) -> tuple[Paid, ...]:
    """Coup ``n``'s payments (``paid_lines(...)[n - 1]``): where nobody took a seat over, no
    other coup is looked at (a preview, a saved coup's message, a page of a few coups)."""
    if any(c.way == seating.TAKES_OVER for c in changes):
        return paid_lines(kind, report, changes)[n - 1]
    return transfers_by(
        report.coups[n - 1].transfers, seating.payers(report.game.players, changes, n)
    )


def plain_lines(report: Any) -> Lines:
    """The payments of a game nobody took a seat at, each seat by its player."""
    return tuple(transfers_by(r.transfers, report.game.players) for r in report.coups)


def transfers_by(transfers: Sequence[Transfer], names: Sequence[str]) -> tuple[Paid, ...]:
    """A coup's transfers, each seat by ``names`` (whose money each seat is in it)."""
    return tuple(Paid(names[t.payer], names[t.payee], t.amount, str(t.reason)) for t in transfers)


def _prefixes(kind: Any, game: Any, cuts: Sequence[int]) -> dict[int, Any]:
    """The reports of the first ``cut`` coups for each cut, folded one from the other."""
    found: dict[int, Any] = {}
    before: Any = None
    for cut in sorted(set(cuts)):
        prefix = game.with_coups(game.coups[:cut])
        before = kind.replay(prefix) if before is None else kind.extend(before, prefix)
        found[cut] = before
    return found


def _pot_parts(
    kind: Any, report: PotReport, owners: Sequence[Sequence[str]], lines: list[list[Paid]]
) -> None:
    """Split each seat's part of a pot won between the people who put it in (in place).

    A seat's part at a take-over (its ``shares`` then) less what earlier holders still
    have in it is the leaver's; it stays theirs until the pot is won (docs/rules.md), and
    the pot won empties every part (``Pot.take``)."""
    count = len(report.coups)
    seats = len(report.game.players)
    cuts = [c - 1 for c in range(2, count + 1) if owners[c - 1] != owners[c - 2]]
    at = _prefixes(kind, report.game, cuts)
    for seat in range(seats):
        parts: dict[str, int] = {}  # earlier holders' chips in the seat's part of the pot
        for c, result in enumerate(report.coups, 1):
            now = owners[c - 1][seat]
            if c >= 2 and owners[c - 2][seat] != now:
                was = owners[c - 2][seat]
                parts[was] = parts.get(was, 0) + at[c - 1].shares[seat] - sum(parts.values())
            if result.taker is None:
                continue
            theirs = {name: chips for name, chips in parts.items() if chips and name != now}
            parts = {}
            if theirs:
                _split(lines[c - 1], result.transfers, seat, result.taker, now, theirs)


def _split(
    coup: list[Paid],
    transfers: Sequence[Transfer],
    seat: int,
    taker: int,
    now: str,
    theirs: dict[str, int],
) -> None:
    """One seat's part of the pot taken in a coup, named by whose it was (in place)."""
    winner = None
    reason = None
    for i, t in enumerate(transfers):
        if t.payee == taker and t.reason in POT_REASONS:
            reason = str(t.reason)
            if t.payer == seat:
                winner = i
    if seat == taker:  # they took the pot: the earlier holders' parts are paid to them
        said = reason or str(PotReason.CAGNOTTE)
        coup += [Paid(name, now, chips, said) for name, chips in theirs.items()]
        return
    if winner is None:  # the seat had nothing in the pot
        return
    line = coup[winner]
    split = [Paid(name, line.payee, chips, line.reason) for name, chips in theirs.items()]
    rest = line.amount - sum(theirs.values())
    if rest > 0:
        split.append(Paid(now, line.payee, rest, line.reason))
    coup[winner : winner + 1] = split


def _handed_over(
    kind: Any, report: Any, taken: Sequence[seating.SeatChange], lines: list[list[Paid]]
) -> None:
    """The 1709 poule: a leaver hands the newcomer the chips of their open bêtes when they
    leave, and the newcomer stands behind them (``Hombre1709.seat_debt``, docs/rules.md):
    one line from the leaver to the newcomer in the coup after which they sat down (the last
    coup played, if they have not played yet), as the standings count it from that row
    (``seating.person_rows``), its reason ``handed_over`` (no bête was paid: it stays at
    stake); what the seat pays later is the newcomer's (in place)."""
    count = len(report.coups)
    cuts = [c.coup - 1 for c in taken if c.coup <= count]
    at = {**_prefixes(kind, report.game, cuts), count: report}  # the game's own, as it ended
    holders = dict(enumerate(report.game.players))
    for change in taken:
        leaver, newcomer, seat = holders[change.seat], change.player, change.seat
        holders[seat] = newcomer
        cut = min(change.coup - 1, count)
        debt = kind.seat_debt(at[cut], seat, report)
        if leaver != newcomer and cut and debt:
            lines[cut - 1].append(Paid(leaver, newcomer, debt, str(Reason.HANDED_OVER)))
