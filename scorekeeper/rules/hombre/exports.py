"""The journal and the standings as CSV, for a spreadsheet (one header row, UTF-8).

The comma files are what other tools read (docs/formats.md) and never
change; ``delimiter=";"`` gives the file a French (or Danish, Dutch)
spreadsheet opens in columns, whose money columns have a decimal comma,
and the web passes ``CsvWords`` so that its headers, contracts, outcomes
and reasons are in the reader's language: that file is for people.

Once someone took a seat, both files name who sat at each seat in each coup
(``seating.seated``), as the settlement's journal does, and the standings
count each person's result (``ByPerson``), as the settlement pays it; only the
game file and the report keep naming the seat by its first player.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import NamedTuple

from ..ledger import in_money, owned_cents, to_cents
from ..money import Money
from ..seating import SeatChange, seated
from .engine import CoupResult, Report
from .paid import Lines, plain_lines
from .pot import PotReport, PotResult

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """A value as a spreadsheet must read it: text, never a formula (OWASP CSV injection).

    A text that starts like a formula gets a leading apostrophe, which
    spreadsheets show as text; numbers (a negative net) are left as numbers.
    """
    if isinstance(value, str) and value.startswith(FORMULA_START) and not isinstance(value, Number):
        return "'" + value
    return value


class _Writer:
    """``csv.writer`` whose every cell goes through ``cell``."""

    def __init__(self, out: io.StringIO, delimiter: str = ",") -> None:
        self._writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")

    def writerow(self, row: Sequence[object]) -> None:
        self._writer.writerow([cell(v) for v in row])


def _same(key: str) -> str:
    return key


class CsvWords(NamedTuple):
    """How a file for people says the keys: its column headers and its values' words."""

    header: Callable[[str], str] = _same
    value: Callable[[str], str] = _same
    reason: Callable[[str], str] = _same
    """A transfer's reason ("vole" is half the enjeu there, the outcome in ``value``)."""


KEYS = CsvWords()
"""The keys as they are: the comma files for tools."""


JOURNAL_HEADER = [
    "coup",
    "dealer",
    "hombre",
    "contract",
    "outcome",
    "codille",
    "enjeu",
    "from",
    "to",
    "amount",
    "reason",
]


class ByPerson(NamedTuple):
    """The standings once someone took a seat: a column a person, as the settlement pays."""

    changes: Sequence[SeatChange]
    """Who sat where from which coup: the names of each coup's row."""
    people: Sequence[str]
    """Every person who sat (or whose seat was played for them), in the settlement's order."""
    rows: Sequence[Sequence[int]]
    """Each person's result after each coup (``seating.person_rows``), in that order."""
    seats: Sequence[str]
    """Each seat named by everyone who sat there ("Bruno → Denis"): its caves' column."""


def journal_csv(
    report: Report | PotReport,
    delimiter: str = ",",
    words: CsvWords = KEYS,
    changes: Sequence[SeatChange] = (),
    paid: Lines | None = None,
) -> str:
    """Every payment of the game, one a row, in order (enjeu: the pot, in the pot systems);
    each row names who sat at each seat in its coup (``changes``: who took a seat), and
    who paid whom (``paid``, ``paid.paid_lines``: a leaver's stake is theirs; none: the
    seats' players, nobody having taken a seat)."""
    players = report.game.players
    out = io.StringIO()
    writer = _Writer(out, delimiter)
    writer.writerow([words.header(key) for key in JOURNAL_HEADER])
    said = words.value
    results: Sequence[CoupResult | PotResult] = report.coups
    for r, payments in zip(results, plain_lines(report) if paid is None else paid, strict=True):
        names = seated(players, changes, r.deal.n) if changes else players
        coup = r.coup
        codille = r.codille  # the pot systems: who took the pot by codille
        for t in payments:
            writer.writerow(
                [
                    r.deal.n,
                    names[r.deal.dealer],
                    "" if coup.hombre is None else names[coup.hombre],
                    said(coup.contract) if coup.contract else "",
                    said(r.outcome),
                    "" if codille is None else names[codille],
                    r.deal.enjeu,
                    t.payer,
                    t.payee,
                    t.amount,
                    words.reason(t.reason),
                ]
            )
    return out.getvalue()


def standings_csv(
    report: Report | PotReport,
    delimiter: str = ",",
    money: Money | None = None,
    words: CsvWords = KEYS,
    ties: Sequence[int] | None = None,
    people: ByPerson | None = None,
    owners: Sequence[int] | None = None,
) -> str:
    """The standing after each coup, one coup a row.

    With ``money`` (only in the semicolon file), ``money <player>`` columns
    follow: each net in money with a decimal comma, as such spreadsheets read it,
    rounded as the settlement rounds it (``to_cents``; ``ties``: the columns by member number
    at a club's table, so the last row is the cash box's figures).
    Once someone took a seat (``people``), the nets and the money are a column a person
    and the caves a column a seat, named by everyone who sat there. ``owners``: each
    column's club member, where two persons may be one (``ledger.owned_cents``: their money
    once, as the club bills it).
    """
    players = report.game.players
    persons = players if people is None else people.people
    seats = players if people is None else people.seats
    out = io.StringIO()
    writer = _Writer(out, delimiter)
    keys = ["coup", "dealer", "hombre", "contract", "outcome", "enjeu", "bete_made"]
    head = words.header
    writer.writerow(
        [head(key) for key in [*keys, "poules_tirees"]]
        + [f"{head('net')} {n}" for n in persons]
        + [f"{head('caves')} {n}" for n in seats]
        + ([f"{head('money')} {n}" for n in persons] if money else [])
    )
    said = words.value
    for r in report.coups:
        names = players if people is None else seated(players, people.changes, r.deal.n)
        net = r.net if people is None else people.rows[r.deal.n - 1]
        coup = r.coup
        writer.writerow(
            [
                r.deal.n,
                names[r.deal.dealer],
                "" if coup.hombre is None else names[coup.hombre],
                said(coup.contract) if coup.contract else "",
                said(r.outcome),
                r.deal.enjeu,
                "" if r.bete_made is None else r.bete_made.amount,
                r.poules_tirees if isinstance(r, CoupResult) else "",
                *net,
                *r.caves,
                *(
                    _decimal_comma(in_money(c))
                    for c in (_cents(net, money.chip_value, ties, owners) if money else ())
                ),
            ]
        )
    return out.getvalue()


def _cents(
    net: Sequence[int],
    chip_value: Decimal,
    ties: Sequence[int] | None,
    owners: Sequence[int] | None,
) -> list[int]:
    """A row's money: each column's (``to_cents``), or each owner's once (``owned_cents``)."""
    if owners is None:
        return to_cents(net, chip_value, ties)
    return owned_cents(net, chip_value, ties, owners)


class Number(str):
    """A number written out by this module (``-3,60``): no formula, left as it is."""


def _decimal_comma(amount: Decimal) -> Number:
    """-3.60 as -3,60: a number to a spreadsheet whose decimal sign is the comma."""
    return Number(str(amount).replace(".", ","))
