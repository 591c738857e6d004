"""How a points game's sheet reads: columns, one line per coup, where the game stands.

The sheet as the players keep it on paper: Nous / Eux (or the three
players of manillen), what each marked, the running count, the parties or
manches won.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from flask_babel import gettext as _

from ...rules.counts import counts_shown
from ...rules.kind import Standing
from ...rules.teams import TEAM_WORDS
from ..formats.words import JOURNAL_COLUMNS, JOURNAL_INDENT, minus, wrap
from ..hookspecs import PointsSheet


@dataclass(frozen=True)
class SheetRow:
    n: int
    dealer: str
    detail: str
    scored: tuple[int, ...]
    totals: tuple[int, ...]
    """The count after the coup; for the coup that wins a partie or manche, the count reached."""
    event: str
    ended: bool = False
    """The coup won a partie or manche: its count is the one reached (the legend says so)."""


class _Noted(Protocol):
    @property
    def note(self) -> str: ...


class PointsResult(Protocol):
    """A coup's result in a points game's report, as its sheet shows it."""

    @property
    def n(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def scored(self) -> tuple[int, ...]: ...
    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def coup(self) -> _Noted: ...


@runtime_checkable
class SheetStanding(Standing, Protocol):
    """A points game's report (Brou's, Manille's): a result of each coup."""

    @property
    def coups(self) -> Sequence[PointsResult]: ...


def sheet_standing(report: Standing) -> SheetStanding:
    """A standing narrowed to a points game's report (TypeError for any other)."""
    if not isinstance(report, SheetStanding):
        raise TypeError(f"not a points game's report: {type(report).__name__}")
    return report


def sides(report: Standing) -> tuple[str, ...]:
    """The sheet's columns."""
    players = report.game.players
    if len(players) == 3:
        return tuple(players)
    return tuple(_(word) for word in TEAM_WORDS.values())


def named_sides(
    report: Standing, now: Mapping[str, str] | None, names: Sequence[str] | None = None
) -> tuple[str, ...]:
    """The sheet's columns, three players each by ``now`` where it has them (a club's member
    by their name now); the teams' words as they are. ``names``: who sat at each seat in one
    coup (``StoredGame.seated``), its message's columns (a seat's first player did not play
    the coups after someone took their seat); the game's players when None."""
    columns = sides(report)
    if len(report.game.players) != 3:
        return columns
    said = now or {}
    return tuple(said.get(name, name) for name in (names or columns))


def team_name(key: object) -> str:
    """A team's name for the reader by its file key (``nous``); anything else (a player's
    name, where manillen's three each play for themselves) as it is."""
    return _(TEAM_WORDS[key]) if isinstance(key, str) and key in TEAM_WORDS else str(key)


def teams_line(players: tuple[str, ...]) -> str:
    if len(players) == 3:
        return " · ".join(players)
    return _(
        "Nous: %(a)s & %(c)s · Eux: %(b)s & %(d)s",
        a=players[0],
        b=players[1],
        c=players[2],
        d=players[3],
    )


def rows(
    standing: Standing,
    sheet: PointsSheet,
    first: int = 1,
    last: int | None = None,
    seated: Callable[[int], tuple[str, ...]] | None = None,
    now: Mapping[str, str] | None = None,
) -> list[SheetRow]:
    """The lines of coups ``first`` to ``last`` (1-based, inclusive; all by default).

    ``seated``: who sat at each seat in coup n (``StoredGame.seated``), so a line after
    someone took a seat names its dealer as they sat; the game's players when None.
    ``now``: a club's member by their name now (``seat_words.names_now``), where three who
    each play for themselves are the columns: a line names them as they sat in its coup
    (``seated``: a renonce by Denis, who took Gaston's seat, is Denis's)."""
    report = sheet_standing(standing)
    players = report.game.players
    columns = named_sides(report, now)
    line = sheet.line
    out = []
    counts = counts_shown(report.coups)
    for i, r in enumerate(report.coups[first - 1 : last], first - 1):
        shown, ended = counts[i]
        sat = players if seated is None else seated(r.n)
        detail, event = line(r, sat if seated is not None and len(players) == 3 else columns)
        if r.coup.note:
            detail = f"{detail} · {r.coup.note}" if detail else r.coup.note
        dealer = sat[r.dealer]
        out.append(SheetRow(r.n, dealer, detail.strip(" ·"), r.scored, shown, event, ended))
    return out


def sheet_line(row: SheetRow) -> str:
    """One line of the printed sheet as a line of text, all that its table row shows.

    Its number, the dealer, what each column marked, then (after an arrow) the
    count after the coup, what was played, and the partie or manche won:
    '12 Anne deals · 0 / 27 → 85 / 94 · mariage of Nous · partie to Eux (3)'.
    """
    marked = " / ".join(minus(v) for v in row.scored)
    totals = " / ".join(minus(v) for v in row.totals)
    parts = [_("%(dealer)s deals", dealer=row.dealer), f"{marked} → {totals}"]
    parts += [text for text in (row.detail, row.event) if text]
    return f"{row.n} " + " · ".join(parts)


def sheet_text(lines: list[SheetRow]) -> str:
    """Lines of the PDF's sheet, a sheet_line each, wrapped as the l'Hombre journal is.

    WeasyPrint lays a table row per coup out slowly (3 s for 300 coups); ready-made
    monospace lines cost it a line each (see present.journal_text).
    """
    out: list[str] = []
    for row in lines:
        first = max(0, JOURNAL_INDENT - 1 - len(str(row.n)))
        out += wrap(sheet_line(row), JOURNAL_COLUMNS, JOURNAL_INDENT, first)
    return "\n".join(out)
