"""Closing and reopening an evening (the club's managers).

Closing asks first: the evening's page links to a confirmation page (a plain
GET, no script needed) that names the tables still playing; its form posts
the close with ``confirmed``. A close posted without it (an old page, a
stray tap) is sent to that page, never carried out. Reopening is one button.
Each says which version of the club its page showed; what closing does is
scorekeeper/clubs/closing.py's (tables locked, results posted in money).

The close page opened from another page of the site (the director's list of round evenings
left open, ``?next=``) goes back there once closed, and its "Not now" too; a ``next`` that is
not a path of this site (``forms.same_site_path``) is ignored: the evening's page, as without.
A close refused (the club changed meanwhile, a table that cannot end) comes back to the
close page, saying why: nothing was closed, so the page it came from has nothing new.
"""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response as BaseResponse

from ... import clubs
from ...clubs import closing
from ...clubs.room import Table, room_of
from ...db import get_db
from ...rights import access
from ...rules.errors import GameError
from ...rules.placing import GamesWon, firsts, side_placing
from ...rules.seating import side_of
from ...store import closings
from ...store.stops import end_changes, evening_refusal, evening_stops, playing
from .. import blueprints
from ..formats.numbers import grouped
from ..formats.placing_words import score_said
from ..formats.words import and_list, refusal_text
from ..forms import CLUB_CHANGED, ActionForm, form_version, same_site_path
from ..sheet.view import named_sides
from ..table.seat_words import named_changes, names_now

bp = blueprints.clubs


def _evening(evening_id: int) -> tuple[clubs.Evening, clubs.Club, int]:
    found = clubs.evening(get_db(), evening_id) if 1 <= evening_id <= access.MAX_ID else None
    if found is None:
        abort(404)
    club = access.managed_club(found.club_id)
    form = ActionForm()
    if not form.validate():
        abort(400)
    return found, club, form_version(form)


def _back(evening_id: int, sent: str | None) -> str:
    """Where the close page goes back to: the site's page it was opened from (``next``),
    else the evening's page."""
    return same_site_path(sent or "") or url_for("clubs.evening", evening_id=evening_id)


def _side_names(t: Table, report: Any) -> list[str]:
    """Each side of the table's sheet named by who sits in it now (a club's member by their
    name now): a team's two players and its word, "Erik Holm and Gorm Bak (Nous)"; a player
    who plays for themselves by their name alone."""
    now = names_now(t.stored)
    columns = named_sides(report, now)
    seated = [now.get(name, name) for name in t.stored.seated()]
    sides = len(columns)
    if sides == len(seated):
        return list(columns)
    return [
        _(
            "%(players)s (%(team)s)",
            players=and_list(
                name for seat, name in enumerate(seated) if side_of(seat, sides, len(seated)) == i
            ),
            team=team,
        )
        for i, team in enumerate(columns)
    ]


def placings(tables: list[Table]) -> tuple[list[tuple[int, str]], bool]:
    """What the close fixes at each points table it stops: who it ends won by, or a draw,
    as the table's page, the ratings and the fee per lost game will read it
    (``rules.placing.firsts`` of the table stopped), with the game, the players of each side
    and the figures that place them (``rules.placing.side_placing``: a treasurer reads who
    won what, not "Table 2: won by Nous"; those below a shared first place named with their
    figures, as the fee per lost game charges them); and whether one of them is placed by its
    games won (a partie, a manche left unfinished then counts for nobody)."""
    out = []
    by_games = False
    for t in tables:
        kind = t.stored.kind
        if kind.chips:  # a chip table's end is its money: the close's ``ending`` says it
            continue
        ended = kind.stop(t.stored.replay())
        names = _side_names(t, ended)
        placing = side_placing(kind, ended)
        first = firsts(kind, ended)
        game = _(kind.kind_title)
        by_games = by_games or isinstance(kind, GamesWon)
        below = sorted(
            (side for side in range(len(placing)) if side not in first),
            key=lambda side: -placing[side],
        )
        if len(first) > 1 and below:  # some share the first place: the others said too
            said = _(
                "Table %(no)s, %(game)s, ends drawn: %(sides)s are level, %(score)s, ahead"
                " of %(others)s.",
                no=t.no,
                game=game,
                sides=and_list(names[side] for side in first),
                score=score_said(kind, placing[first[0]], []),
                others=and_list(f"{names[side]} ({grouped(placing[side])})" for side in below),
            )
        elif len(first) > 1:
            said = _(
                "Table %(no)s, %(game)s, ends drawn: %(sides)s are level, %(score)s.",
                no=t.no,
                game=game,
                sides=and_list(names[side] for side in first),
                score=score_said(kind, placing[first[0]], []),
            )
        else:
            others = [figure for side, figure in enumerate(placing) if side != first[0]]
            said = _(
                "Table %(no)s, %(game)s: won by %(side)s, %(score)s.",
                no=t.no,
                game=game,
                side=names[first[0]],
                score=score_said(kind, placing[first[0]], sorted(others, reverse=True)),
            )
        out.append((t.no, said))
    return out, by_games


@bp.get("/evenings/<int:evening_id>/close")
def confirm_close(evening_id: int) -> str | BaseResponse:
    """The question before closing: the tables its close stops named (those still playing;
    one where no coup was played said apart), then one button."""
    found = clubs.evening(get_db(), evening_id) if 1 <= evening_id <= access.MAX_ID else None
    if found is None:
        abort(404)
    club = access.managed_club(found.club_id)  # 404 for a stranger, 403 for a reader
    sent = request.args.get("next")
    if closings.closed(get_db(), evening_id):
        flash(_("The evening is closed already."))
        return redirect(_back(evening_id, sent))
    room = room_of(get_db(), found, club)
    # the tables the close stops (store/stops.py with_evening), and no other: one where no
    # coup was played has nothing to end, and is said apart
    stops = [t for t in room.tables if evening_stops(get_db(), t.stored)]
    refused = {t.no: evening_refusal(get_db(), t.stored, t.no) for t in room.tables}
    refusals = [refusal_text(r) for r in refused.values() if r is not None]
    ending = [  # what the close's end does to each table it ends
        (t.no, changes)
        for t in stops
        # each named as the table's pages name them: a club's member by their name now
        if refused[t.no] is None
        and (changes := named_changes(end_changes(t.stored), names_now(t.stored)) or [])
    ]
    return render_template(
        "club/close.html",
        evening=found,
        club=club,
        tables=len(room.tables),
        playing=[t.no for t in stops],
        unplayed=[t.no for t in room.tables if not t.played],
        # no table: nothing is over ("Its 0 tables are over", French's singular for 0)
        over=bool(room.tables) and all(t.played and not playing(t.stored) for t in room.tables),
        ending=ending,
        placings=placings([t for t in stops if refused[t.no] is None]),
        refusals=refusals,
        form=ActionForm(formdata=None, version=str(club.version)),
        next=same_site_path(sent or ""),  # carried by the form, checked again when posted
        back=_back(evening_id, sent),
    )


@bp.post("/evenings/<int:evening_id>/close")
def close(evening_id: int) -> BaseResponse:
    evening, club, version = _evening(evening_id)
    sent = same_site_path(request.form.get("next", ""))
    if request.form.get("confirmed") != "1":  # not from the confirmation page: ask first
        return redirect(url_for("clubs.confirm_close", evening_id=evening_id, next=sent), 303)
    try:
        written = closing.close(get_db(), club, evening, version)
    except clubs.Refused:
        flash(_("The evening is closed already."))
    except (clubs.Conflict, GameError) as error:
        # nothing closed: the question again, as the club stands now (the tables to end, the
        # one refused named), the page it came from kept; not that page, the evening open
        flash(str(CLUB_CHANGED) if isinstance(error, clubs.Conflict) else refusal_text(error))
        return redirect(url_for("clubs.confirm_close", evening_id=evening_id, next=sent))
    else:
        said = _("The evening is closed: its tables take no more coups.")
        flash(said if not written.money else said + " " + posted_words(written))
    return redirect(_back(evening_id, sent))


def posted_words(done: closing.Closed) -> str:
    """What a close posted, in a treasurer's words, from what the close knows: how many
    entries (results, and the reversals of those it replaced), or why none: closed again
    with no member's money changed since it was last closed, or no money won or lost at
    its tables. A second close with nothing changed said "0 entries posted." (fix30a)."""
    if done.written:
        return ngettext("%(num)s entry posted.", "%(num)s entries posted.", done.written)
    if done.again:
        # money only: a points table's result may have changed, and posts nothing (review30)
        return _("No member's money changed since it was last closed: no entry posted.")
    return _("Nobody won or lost money at its tables: no entry posted.")


@bp.post("/evenings/<int:evening_id>/reopen")
def reopen(evening_id: int) -> BaseResponse:
    evening, club, version = _evening(evening_id)
    try:
        closing.reopen(get_db(), club, evening, version)
    except clubs.Refused:
        flash(_("The evening is open already."))
    except clubs.Conflict:
        flash(str(CLUB_CHANGED))
    else:
        flash(_("The evening is open again: close it once more to post what changed."))
    return redirect(url_for("clubs.evening", evening_id=evening_id))
