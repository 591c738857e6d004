"""The season's pages: the members' records between two dates, as a table or a CSV file.

The dates and the sort come from the query (``from``, ``to``, ``sort``);
anything that is not one is ignored, never an error. The CSV's keys are for
tools; ``?sep=semicolon`` is the same file for people: ``;``, their words,
their decimal mark (as an event's results and a game's files).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from babel.numbers import format_decimal
from flask import Response, current_app, render_template, request
from flask_babel import get_locale
from flask_babel import gettext as _

from ... import clubs
from ...clubs.season import (
    FIRST_DAY,
    LAST_DAY,
    SeasonRow,
    day,
    families,
    points_rows,
    season_rows,
    sort_name,
    sorted_rows,
)
from ...clubs.season_file import GAMES_COLUMN, ForPeople
from ...clubs.season_file import season_csv as season_text
from ...db import get_db
from ...rights import access
from ...rules.kinds import find_kind
from ...rules.placing import GamesWon
from .. import blueprints
from ..formats.collation import name_key
from ..formats.words import kind_titles
from ..kept.arguments import reads
from ..kept.expensive import club_key, expensive

bp = blueprints.clubs


def _season_args(club: clubs.Club) -> tuple[str, str, str, list[SeasonRow]]:
    start = day(request.args.get("from", ""), FIRST_DAY)
    end = day(request.args.get("to", ""), LAST_DAY)
    sort = sort_name(request.args.get("sort", ""))
    rows = sorted_rows(season_rows(get_db(), club, start, end), sort, name_key())
    return start, end, sort, rows


@bp.get("/clubs/<int:club_id>/season")
@reads("from", "to", "sort")
@expensive(club_key)
def season_page(club_id: int) -> str:
    club = access.readable_club(club_id)
    start, end, sort, rows = _season_args(club)
    chips = [r for r in rows if r.chips]  # the chip games' table; the points' below it
    top = max([abs(r.net) for r in chips] + [1])
    points = [(kind, points_rows(rows, kind.key, name_key())) for kind in families(rows)]
    # the evenings not closed its figures count (``SeasonRow.provisional``, the one rule):
    # said above them, as the room, the statement and the cash box say them (fix25b)
    not_closed = sorted({e for r in rows for e in r.provisional})
    return render_template(
        "club/season.html",
        club=club,
        rows=chips,
        points=points,
        not_closed=[found for e in not_closed if (found := clubs.evening(get_db(), e))],
        start=start if start != FIRST_DAY else "",
        end=end if end != LAST_DAY else "",
        sort=sort,
        top=top,
    )


def _for_people(club: clubs.Club) -> ForPeople:
    """The season file's headers in the reader's words, its figures with their decimal mark."""
    money = club.money.currency if club.money is not None else _("Money")
    headers = (
        *(_("Member"), _("Short name"), _("Evenings"), _("Coups"), _("As hombre")),
        *(_("Outcomes"), _("Won"), _("Lost"), _("Net"), _("Per 100 coups"), money),
    )
    words = {"evenings": _("Evenings"), "tables": _("Tables"), "points": _("Points")}
    titles = kind_titles()

    def points(key: str, column: str) -> str:
        kind = find_kind(key)
        if column == GAMES_COLUMN and isinstance(kind, GamesWon):  # its games, in its words
            word = _(kind.games_said.column)
        else:
            word = words.get(column, column)
        return _("%(game)s: %(column)s", game=titles.get(key, key), column=word)

    locale = get_locale()

    def decimal(value: Decimal) -> str:  # its decimals as the comma file has them
        places = max(-int(value.as_tuple().exponent), 0)
        pattern = "0." + "0" * places if places else "0"
        return str(format_decimal(value, pattern, locale=locale))

    # the games' words, as the season page has them: a game's web half gives its word tables
    # to every template as Jinja globals (none: the keys)
    outcome_words = current_app.jinja_env.globals.get("OUTCOME_WORDS")
    known: Mapping[str, str] = outcome_words if isinstance(outcome_words, Mapping) else {}

    def outcome(key: str) -> str:
        return known.get(key, key)

    return ForPeople(headers, points, decimal, outcome)


@bp.get("/clubs/<int:club_id>/season.csv")
@reads("from", "to", "sort", "sep")
@expensive(club_key)
def season_csv(club_id: int) -> Response:
    club = access.readable_club(club_id)
    _start, _end, _sort, rows = _season_args(club)
    people = _for_people(club) if request.args.get("sep") == "semicolon" else None
    return Response(
        season_text(club, rows, people),
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename=season-{club_id}.csv"},
    )
