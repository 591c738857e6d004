"""A table's result read from its game's report, and the results file (pure: no I/O).

The report is the kind's (``rules.kind.Report``): its players in seat order
and its ``tally``, one number a side. A round played to a number of deals
counts a table as finished once it has them, whatever the game says.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..rules.kind import Standing
from ..rules.kinds import kind_of
from ..rules.placing import games_placing
from .ranking import Line, Penalty, RoundPlay, TableResult, place_text, shown
from .settings import EventSettings

RESULTS_FORMAT = "scorekeeper-event-results/1"


def table_result(round_no: int, table_no: int, report: Standing, deals: int | None) -> TableResult:
    """The table's players and tally as its game stands now, ended: what its rules leave
    open is settled as their end settles it (the 1709 poule: its open bêtes shared), since
    the round's end is its game's end (``GameKind.ended_tally``). ``deals``: the round's
    deals when the event stops the table after them (``EventSettings.stops_tables``).
    A game won by games (Brou, the classique) keeps them beside its points: they place its
    sides (``TableResult.placing``), as its page and the club's ratings place them."""
    done = report.finished or (deals is not None and len(report.game.coups) >= deals)
    kind = kind_of(report)
    tally = kind.ended_tally(report)
    started = bool(report.game.coups)
    # won, drawn or lost as the table's page says (a Brou's parties, not its points)
    games = games_placing(kind, report)
    players = tuple(report.game.players)
    return TableResult(round_no, table_no, players, tally, done, started, games)


def _number(value: Any) -> int | float:
    """A figure in JSON: an int when whole, else a float rounded to 4 places."""
    if value.denominator == 1:
        return int(value.numerator)
    return round(float(value), 4)


def results_json(
    name: str,
    settings: EventSettings,
    seed: int,
    lines: Sequence[Line],
    rounds: Sequence[RoundPlay],
    asked: Mapping[int, object] | None = None,
    penalties: Sequence[Penalty] = (),
) -> dict[str, Any]:
    """``results.json`` (docs/formats.md, "Competition results"); ``asked``: what each
    round's draw was asked, by its number (``scorekeeper redraw`` draws it again);
    ``penalties``: the corrections, listed as the results page lists them (by the round
    each is filed under, then as entered; round 0, none, as ``null``)."""
    asked = asked or {}
    return {
        "format": RESULTS_FORMAT,
        "event": name,
        "game": settings.kind,
        "method": settings.method,
        "seed": seed,
        "rounds": [
            {
                "round": play.number,
                "tables": [
                    {
                        "table": t.table,
                        "players": list(t.players),
                        "tally": list(t.tally),
                        "finished": t.finished,
                        "placing": list(t.placing),
                    }
                    for t in play.tables
                ],
                "sitting_out": list(play.sitting_out),
                **({} if asked.get(play.number) is None else {"asked": asked[play.number]}),
            }
            for play in rounds
        ],
        "ranking": [
            {
                "place": line.place,
                "shared": line.shared,
                "player": line.player,
                "figure": _number(line.figure),
                "rounds": [None if f is None else _number(f) for f in line.rounds],
                "penalty": line.penalty,
                "wins": _number(line.wins),
                "raw": line.raw,
                "withdrawn": line.withdrawn,
            }
            for line in lines
        ],
        "corrections": [
            {
                "round": p.round or None,
                "player": p.player,
                "penalty": p.points,
                "reason": p.reason,
            }
            for p in sorted(penalties, key=lambda p: p.round)
        ],
    }


CSV_KEYS = {"place": "place", "player": "player", "round": "round {n}"}
CSV_KEYS |= {"penalty": "penalty", "figure": "figure"}
"""The comma file's headers: keys for tools (docs/formats.md), never translated."""


def results_csv(
    lines: Sequence[Line],
    rounds: Sequence[RoundPlay],
    headers: Mapping[str, str] = CSV_KEYS,
    number: Callable[[Any], str] = shown,
    delimiter: str = ",",
) -> str:
    """The ranking as CSV: place, player, each round's figure, penalty, figure.

    ``rounds``: the rounds of the results, those drawn (the standing's plays), as
    ``results_json`` lists them and the page and the PDF show them: a column each.
    The comma file keeps its keys; a spreadsheet's file (``delimiter`` ";") is
    given the headers in the reader's language and its way of writing a number.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", delimiter=delimiter)
    each_round = [headers["round"].replace("{n}", str(play.number)) for play in rounds]
    writer.writerow(
        [headers["place"], headers["player"], *each_round, headers["penalty"], headers["figure"]]
    )
    for line in lines:
        place = place_text(line.place, line.shared)
        per_round = [number(f) if f is not None else "" for f in line.rounds]
        # the spreadsheet's file shows it as the page does, taken off (−5: the row adds up);
        # the comma file keeps its key's meaning, the points taken off (5)
        penalty = number(-line.penalty) if delimiter != "," else line.penalty
        player = line.player
        if line.withdrawn and "withdrawn" in headers:  # the spreadsheet's file, as the page
            player = f"{player} ({headers['withdrawn']})"
        writer.writerow([place, _safe(player), *per_round, penalty, number(line.figure)])
    return out.getvalue()


def _safe(text: str) -> str:
    """A name that a spreadsheet would read as a formula gets a leading quote."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
