"""The season's pages: the members' records between two dates, as a table or a CSV file.

The dates and the sort come from the query (``from``, ``to``, ``sort``);
anything that is not one is ignored, never an error.
"""

from __future__ import annotations

from flask import Response, render_template, request

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
from ...clubs.season_file import season_csv as season_text
from ...db import get_db
from ...rights import access
from .. import blueprints
from ..formats.collation import name_key
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
    return render_template(
        "club/season.html",
        club=club,
        rows=chips,
        points=points,
        start=start if start != FIRST_DAY else "",
        end=end if end != LAST_DAY else "",
        sort=sort,
        top=top,
    )


@bp.get("/clubs/<int:club_id>/season.csv")
@reads("from", "to", "sort")
@expensive(club_key)
def season_csv(club_id: int) -> Response:
    club = access.readable_club(club_id)
    _start, _end, _sort, rows = _season_args(club)
    return Response(
        season_text(club, rows),
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename=season-{club_id}.csv"},
    )
