"""An event's figures and change log in the reader's language.

The domain keeps figures exact (``events.ranking.Figure``: an int, or a
Fraction for a shared place); a page writes them the reader's way, with a
true minus sign and a decimal comma in French, never through a float. The
change log stores its actions as keys and its summaries as data; here they
become words.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import format_decimal, ngettext
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...events.corrections import logged_penalty
from ...events.ranking import Figure, Line, Penalty, decided_by, place_text, rounded
from ...events.records import Player
from ...events.summaries import read_draw_summary, read_lock_summary
from ...names import columns
from ..formats.words import minus

ACTION_WORDS = {
    "create": _l("event created"),
    "register": _l("players registered"),
    "withdraw": _l("player withdrawn"),
    "draw": _l("round drawn"),
    "close": _l("round closed"),
    "reopen": _l("round reopened"),
    "lock": _l("table's result locked"),
    "unlock": _l("table's result unlocked"),
    "penalty": _l("correction"),  # the key of every stored entry, points off or added
}


def figure_text(value: Figure | None) -> str:
    """A figure for people: ``12``, ``−3``, ``2,5`` in French (two decimals at most)."""
    if value is None:
        return "–"
    found = rounded(value)  # the events' one rounding (events/ranking.py)
    text = str(format_decimal(abs(found), "#,##0.##"))
    return f"−{text}" if found < 0 else text


def correction_text(points_off: int) -> str:
    """A correction as every ranking shows it, signed: ``−3`` (points off, a penalty),
    ``+2`` (points added, a credit), '' for none. ``points_off`` is the stored sign
    (``events.ranking.Penalty.points``: positive takes off)."""
    if not points_off:
        return ""
    text = figure_text(-points_off)
    return text if points_off > 0 else f"+{text}"


def corrected(lines: Sequence[Line]) -> bool:
    """Whether the ranking has a Correction column, on the page as in the PDF: someone's
    corrections sum to something (none: no empty column, which pushed the Total off a
    phone's wall). The spreadsheet keeps its column (its keys are a file's)."""
    return any(line.penalty for line in lines)


def spreadsheet_headers() -> dict[str, str]:
    """The results file's headers for a spreadsheet, in the reader's language."""
    return {
        "place": _("Place"),
        "player": _("Player"),
        "round": _("Round %(n)s", n="{n}"),
        "penalty": _("Correction"),
        "figure": _("Total"),
        "withdrawn": _("withdrawn"),  # after a withdrawn player's name, as the page says it
    }


def spreadsheet_number(value: Figure) -> str:
    """A figure a spreadsheet of the reader's language reads as a number: ``-2,5`` in French."""
    return str(format_decimal(rounded(value), "0.##"))


def change_words(action: str, summary: str, state: str | None = None) -> str:
    """A line of the event's log: the action in words, then what it concerned (a
    correction's from the row its line carries, ``state``: its round)."""
    words = str(ACTION_WORDS.get(action, action))
    corrected = logged_penalty(summary, state) if action == "penalty" else None
    if corrected is not None:
        summary = correction_log_text(corrected)
    locked = read_lock_summary(summary) if action in ("lock", "unlock") else None
    if locked is not None and locked.tally is None:
        summary = _("round %(round)s, table %(table)s", round=locked.round, table=locked.table)
    elif locked is not None and locked.tally is not None:
        summary = _(
            "round %(round)s, table %(table)s: %(result)s",
            round=locked.round,
            table=locked.table,
            result=" / ".join(minus(v) for v in locked.tally),
        )
    if action in ("close", "reopen") and summary.isdigit():
        # its round named as the draw's line names it ("tour tiré · tour 4 : …"), not a
        # bare number ("tour clos · 4")
        summary = _("round %(round)s", round=int(summary))
    drawn = read_draw_summary(summary) if action == "draw" else None
    if drawn is not None:
        summary = ngettext(
            "round %(round)s: %(num)s table, seed %(seed)s",
            "round %(round)s: %(num)s tables, seed %(seed)s",
            drawn.tables,
            round=drawn.round,
            seed=drawn.seed,
        )
        if drawn.met_again:
            summary += f" · {met_again_text(drawn.met_again)}"
    return f"{words} · {summary}" if summary else words


def correction_log_text(penalty: Penalty) -> str:
    """A correction as the event's log says it, in the reader's language (French: ``tour 2 :
    Anne +3 (retard)``); no round named for one filed under none (0: before any round)."""
    if penalty.round:
        return _(
            "round %(round)s: %(player)s %(points)s (%(reason)s)",
            round=penalty.round,
            player=penalty.player,
            points=correction_text(penalty.points),
            reason=penalty.reason,
        )
    return _(
        "%(player)s %(points)s (%(reason)s)",
        player=penalty.player,
        points=correction_text(penalty.points),
        reason=penalty.reason,
    )


def met_again_text(pairs: Sequence[tuple[str, str]]) -> str:
    """The pairs a round seats together again: ``2 rencontres répétées : Hugo – Karine,
    Denis – Gisèle`` ('' when none)."""
    if not pairs:
        return ""
    return ngettext(
        "%(num)s repeated meeting: %(pairs)s",
        "%(num)s repeated meetings: %(pairs)s",
        len(pairs),
        pairs=", ".join(f"{a} – {b}" for a, b in pairs),
    )


def sitting_out_text(names: Sequence[str]) -> str:
    """Who sits out a round, the names as given (the reader's order): ``Exempt : Denis``
    for one, ``Exempts : Anne, Denis`` for more (fr; da *Oversidder* / *Oversiddere*)."""
    return ngettext(
        "Sitting out: %(names)s", "Sitting out: %(names)s", len(names), names=", ".join(names)
    )


def no_partner_text(names: Sequence[str]) -> str:
    """Why the draw sits out a player of fixed pairs every round (``Units.alone``: their
    partner withdrew, or they registered alone, the odd one): the director's page says it
    under who sits out (they were in no table and no "Vrij:" line before, smoke24)."""
    return ngettext(
        "%(names)s has no partner: fixed pairs play as one, so the draw sits this player out"
        " of every round.",
        "%(names)s have no partner: fixed pairs play as one, so the draw sits these players"
        " out of every round.",
        len(names),
        names=", ".join(names),
    )


def registered_text(players: Sequence[Player]) -> str:
    """How many registered, and once someone withdrew how many still play: ``24 spelers
    ingeschreven, 23 spelen nog`` (it said only the 24 after a withdrawal)."""
    text = ngettext("%(num)s player registered", "%(num)s players registered", len(players))
    playing = sum(1 for player in players if player.withdrawn is None)
    if playing == len(players):
        return text
    still = ngettext("%(num)s still plays", "%(num)s still play", playing)
    return _("%(registered)s, %(playing)s", registered=text, playing=still)


def partners(players: Sequence[str], pairs: bool) -> str:
    """A table's players, saying who partners whom: at tables of two pairs, seats 1 & 3
    against 2 & 4 (the game's sides); else each for themselves, in seat order."""
    if pairs and len(players) == 4:
        return _(
            "%(one)s against %(other)s",
            one=f"{players[0]} & {players[2]}",
            other=f"{players[1]} & {players[3]}",
        )
    return " · ".join(players)


TIE_WORDS = {
    "wins": _l("ahead on wins"),
    "chips": _l("ahead on chips"),
    "points": _l("ahead on points"),
    "shared": _l("tied"),
}


def tie_breaks(lines: Sequence[Line], chips: bool) -> list[str]:
    """For each line, in words, the tie-break that placed it ('' where the figure did):
    the table's count named as the event's kind counts it (``chips``: ``kind.chips``; a
    manillen table has no chips, and "ahead on chips or points" was said of it)."""
    raw = "chips" if chips else "points"
    return [
        str(TIE_WORDS[raw if word == "raw" else word]) if word else "" for word in decided_by(lines)
    ]


def tie_rule(chips: bool) -> str:
    """The tie-break rule under every ranking, in the count of the event's kind."""
    if chips:
        return _(
            "Level figures: the wins at the tables place first, then the chips won there;"
            " players still level share the place (=)."
        )
    return _(
        "Level figures: the wins at the tables place first, then the points scored there;"
        " players still level share the place (=)."
    )


def ranking_text(lines: Sequence[Line], rounds: Sequence[int], chips: bool) -> list[str]:
    """The ranking of the results PDF as lines of text in columns (set in monospace).

    What the ranking table says, a line per player: place, player (with their
    notes: withdrawn, the tie-break that placed them), each round's figure,
    correction (only when someone has one, as on the page), figure; under a header
    line. WeasyPrint's cost is per box and per line: the table of 600 players,
    seven cells a row, took most of the 5 s of the PDF (issue 45). The template
    sets them in blocks of 25 lines: WeasyPrint reads a paragraph's whole text
    again for each of its lines.
    """
    ties = tie_breaks(lines, chips)
    column = corrected(lines)
    rows = [
        ["#", _("Player"), *(_("R%(n)s", n=n) for n in rounds)]
        + ([_("Correction")] if column else [])
        + [_("Total")]
    ]
    for line, tie in zip(lines, ties, strict=True):
        who = line.player
        if line.withdrawn:
            who += f" ({_('withdrawn')})"
        if tie:
            who += f" {tie}"
        rows.append(
            [
                place_text(line.place, line.shared),
                who,
                *(figure_text(f) for f in line.rounds),
                *([correction_text(line.penalty)] if column else []),
                figure_text(line.figure),
            ]
        )
    widths = [max(columns(row[i]) for row in rows) for i in range(len(rows[0]))]
    text = []
    for row in rows:
        cells = []
        for i, (cell, width) in enumerate(zip(row, widths, strict=True)):
            pad = " " * (width - columns(cell))
            cells.append(cell + pad if i == 1 else pad + cell)  # the names left, figures right
        text.append("  ".join(cells).rstrip())
    return text
