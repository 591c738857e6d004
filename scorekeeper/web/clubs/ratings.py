"""The club's ratings (a page, a JSON and a CSV file) and a member's own page.

Whoever may read the club (its club link, a manager, the admin) may read
them. Each is kept per version (``kept.expensive``): its key checks access
first (404 before any work), then names what makes it — the club's version
(its members' names), every table of the club at its version, the members'
merges — so a correction of an old coup draws them again, and nothing
else does. The ratings themselves are computed by ``scorekeeper/ratings``.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Hashable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from flask import Response, abort, render_template, request
from flask_babel import format_decimal
from flask_babel import gettext as _

from ... import clubs
from ...clubs import cash_reads
from ...clubs.season_file import BOM, cell
from ...db import get_db
from ...events.ranking import in_name_order, place_text, places
from ...ratings.club import club_ratings, families, stamp
from ...ratings.history import History, member_history
from ...ratings.model import PROVISIONAL, Point, Ratings, Standing
from ...rights import access
from .. import blueprints, registry
from ..formats.charts import Chart, bar_chart, line_chart
from ..formats.collation import name_key
from ..formats.words import capital, kind_titles, signed
from ..kept.arguments import reads
from ..kept.expensive import expensive

bp = blueprints.clubs


def ratings_key(club_id: int, **_: Any) -> Hashable:
    """The ratings' pages: access checked, then the club's version and its tables'."""
    found = access.readable_club(club_id)
    key, _rows = stamp(get_db(), club_id)
    return (found.version, access.can_manage_club(club_id), key)


def member_key(club_id: int, member_id: int, **_: Any) -> Hashable:
    """A member's page: as the ratings', and the member must be the club's (404 else)."""
    key = ratings_key(club_id)
    if member_id not in clubs.names(get_db(), club_id):
        abort(404)
    return (key, member_id)


def family_title(family: str) -> str:
    """A family's name for people: its game's (``l'Hombre``, ``la Manille``…)."""
    web = registry.named(family)
    return family if web is None else _(web.label or web.title)


def shown(value: float) -> Decimal:
    """A rating as the pages show it, to one decimal: what places the members too, so that
    two shown alike never read as places 3 and 4."""
    return Decimal(f"{value:.1f}")


def rating_text(value: float) -> str:
    """A rating to one decimal in the reader's way (a true minus sign)."""
    text = str(format_decimal(abs(shown(value)), format="#,##0.0"))
    return f"−{text}" if shown(value) < 0 else text


def two(value: float) -> str:
    """μ or σ to two decimals in the reader's way."""
    text = str(format_decimal(abs(Decimal(f"{value:.2f}")), format="#,##0.00"))
    return f"−{text}" if round(value, 2) < 0 else text


def change_text(value: float | None) -> str:
    if value is None:
        return ""
    rounded = round(value, 1)
    text = rating_text(abs(value))
    return f"+{text}" if rounded > 0 else f"−{text}" if rounded < 0 else text


@dataclass(frozen=True)
class Line:
    """One member's line on the ratings page."""

    place: int
    shared: bool
    """Level with another member: the same rating (μ − 3σ), written "1=" as a ranking does."""
    member: clubs.Member
    standing: Standing


def _lines(ratings: Ratings, members: dict[int, clubs.Member]) -> dict[str, list[Line]]:
    """Each family's members, the highest rating first: equal ratings share a place
    (``events.ranking.places``, as the event's ranking) and are listed by name in the
    reader's collation, as every list a page shows. Equal as shown (``shown``): two members
    the page lists at 12.3 share a place, whatever their next decimals."""
    out = {}
    key = name_key()
    for family in families():
        standings = [s for s in ratings.families.get(family, []) if s.member in members]
        placed = places([shown(s.ordinal) for s in standings])
        found = [
            Line(place, shared, members[s.member], s)
            for (place, shared), s in zip(placed, standings, strict=True)
        ]
        out[family] = in_name_order(found, key, lambda line: line.member.name)
    return out


def _ratings(club_id: int) -> tuple[clubs.Club, dict[str, list[Line]]]:
    club = access.readable_club(club_id)
    db = get_db()
    return club, _lines(club_ratings(db, club_id), clubs.names(db, club_id))


@bp.get("/clubs/<int:club_id>/ratings")
@expensive(ratings_key)
def ratings_page(club_id: int) -> str:
    club, lines = _ratings(club_id)
    # the games the club played first (a manillen café's own at the top of a phone's
    # screen, not under two "no table yet"), each in the usual order; then the others
    played = {f: found for f, found in lines.items() if found}
    lines = played | {f: found for f, found in lines.items() if not found}
    return render_template(
        "club/ratings.html",
        club=club,
        lines=lines,
        titles={f: capital(family_title(f)) for f in lines},
        provisional=PROVISIONAL,
        rating_text=rating_text,
        change_text=change_text,
        two=two,
    )


@bp.get("/clubs/<int:club_id>/ratings.json")
@expensive(ratings_key)
def ratings_json(club_id: int) -> Response:
    _club, lines = _ratings(club_id)
    data = {
        family: [
            {
                "member": line.member.name,
                "games": line.standing.games,
                "mu": line.standing.mu,
                "sigma": line.standing.sigma,
                "ordinal": line.standing.ordinal,
            }
            for line in found
        ]
        for family, found in lines.items()
    }
    return Response(json.dumps(data, ensure_ascii=False, indent=1), mimetype="application/json")


CSV_COLUMNS = ("family", "place", "member", "games", "mu", "sigma", "ordinal", "provisional")


def _people_heads() -> list[str]:
    """The ratings file's headers for people, in the reader's language (``?sep=semicolon``)."""
    return [_("Game"), _("Place"), _("Member"), _("Tables"), "μ", "σ", _("Rating"),
            _("Provisional")]  # fmt: skip


@bp.get("/clubs/<int:club_id>/ratings.csv")
@reads("sep")
@expensive(ratings_key)
def ratings_csv(club_id: int) -> Response:
    """The ratings as CSV: keys and full floats for tools (they never change); with
    ``?sep=semicolon`` the same file for people: ``;``, the reader's words, their decimal mark,
    μ and σ to two decimals and the rating to one, which places it (as the page)."""
    _club, lines = _ratings(club_id)
    people = request.args.get("sep") == "semicolon"
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if people else ",")
    writer.writerow(_people_heads() if people else CSV_COLUMNS)
    for family, found in lines.items():
        for line in found:
            s = line.standing
            if people:
                figures = [str(format_decimal(round(x, 2), "0.00")) for x in (s.mu, s.sigma)]
                # the rating as the page shows it, which placed it (``shown``): "−0.0" is 0.0
                figures += [str(format_decimal(shown(s.ordinal) + 0, "0.0"))]
                writer.writerow(
                    [
                        *(family_title(family), place_text(line.place, line.shared)),
                        *(cell(line.member.name), s.games),
                        *figures, _("provisional") if s.provisional else "",
                    ]
                )  # fmt: skip
                continue
            writer.writerow(
                [
                    *(family, place_text(line.place, line.shared), cell(line.member.name)),
                    s.games,
                    *(repr(s.mu), repr(s.sigma), repr(s.ordinal), int(s.provisional)),
                ]
            )
    return Response(
        BOM + out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename=ratings-{club_id}.csv"},
    )


@dataclass(frozen=True)
class Path:
    """A family's rating path on a member's page."""

    family: str
    title: str
    points: list[Point]
    chart: Chart | None


@bp.get("/clubs/<int:club_id>/members/<int:member_id>")
@expensive(member_key)
def member_page(club_id: int, member_id: int) -> str:
    club = access.readable_club(club_id)
    db = get_db()
    member = clubs.names(db, club_id)[member_id]
    history = member_history(db, club_ratings(db, club_id), member_id)
    return render_template(
        "club/member.html",
        club=club,
        member=member,
        history=history,
        nets=_nets_chart(history),
        points=_points_charts(history),
        kind_titles=_kind_titles(history),
        paths=[
            Path(family, family_title(family), found, _path_chart(found))
            for family, found in history.paths.items()
        ],
        titles={f: family_title(f) for f in families()},
        rating_text=rating_text,
        evenings_by_id=cash_reads.evenings_by_id(
            get_db(), club_id
        ),  # each row names its evening (play19)
    )


def _path_chart(points: list[Point]) -> Chart | None:
    return line_chart([p.ordinal for p in points], [p.date for p in points], rating_text)


def _nets_chart(history: History) -> Chart | None:
    chips = [e for e in history.evenings if e.chip_tables]
    # each bar says its net as the table beside it does: +81, −72 (a hyphen read "-72")
    return bar_chart(
        [e.chips for e in chips], [e.date for e in chips], [signed(e.chips) for e in chips]
    )


def _kind_titles(history: History) -> dict[str, str]:
    """Each points game of their evenings → its title, as the season heads its table ("la
    Manille (classique)", "manillen (Belgian)"): the page names each game's points."""
    return kind_titles({key for e in history.evenings for key in e.points})


def _points_charts(history: History) -> list[tuple[str, str, Chart | None]]:
    """One chart of their points per evening for each points game they played (its kind's key,
    its title, the chart): two games' points are never added."""
    out = []
    for key, title in _kind_titles(history).items():
        points = [e for e in history.evenings if key in e.points]
        chart = bar_chart([e.points[key] for e in points], [e.date for e in points])
        out.append((key, title, chart))
    return out
