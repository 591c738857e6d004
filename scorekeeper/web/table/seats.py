"""Someone else takes a seat between coups: the manager's page and the words that tell it.

Every game, at every table: the page (``/games/<id>/seat``) names the seats
as they are now, asks the newcomer's name and how they come (plays for the
absent player, or takes over, where the rules allow it), and stores one
versioned change of the game (``store.take_seat``). Without JavaScript.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import Blueprint, Flask, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_wtf import FlaskForm
from wtforms import HiddenField, RadioField, SubmitField
from wtforms.validators import InputRequired

from ... import store
from ...clubs.one_seat import SameMember
from ...clubs.part_names import PartOfNames, seat_asked
from ...clubs.seats import ClubFull
from ...db import get_db
from ...names import clash_with, tidy
from ...rights import access
from ...rules.errors import GameError
from ...rules.seating import PLAYS_FOR, TAKES_OVER, SeatChange, payers, seated, sittings
from ..formats.words import club_full_text, elide, error_text, same_member_text, signed
from ..forms import changed_meanwhile, form_version, name_field, options
from ..starting.creating import ask_beside, member_names, told_new
from .seat_words import names_now, seat_lines, seated_now

bp = Blueprint("seats", __name__)


PLAYS_FOR_WORDS = _l("plays for the absent player: the money stays the absent player's")
PLAYS_FOR_POINTS = _l("plays for the absent player: the points stay the absent player's")
"""At a points table (Manille, Brou) the seat keeps points, no money."""
TAKES_OVER_WORDS = _l("takes over: each keeps their own wins and losses")


class SeatForm(FlaskForm):
    """Who takes which seat, and how; the version the page showed."""

    version = HiddenField()
    seat = RadioField(_l("Whose seat"), choices=[], validators=[InputRequired()])
    player = name_field(_l("Who sits down"))
    way = RadioField(
        _l("How"),
        choices=options(
            [
                (PLAYS_FOR, PLAYS_FOR_WORDS),
                (TAKES_OVER, TAKES_OVER_WORDS),
            ]
        ),
        default=PLAYS_FOR,
        validators=[InputRequired()],
    )
    submit = SubmitField(_l("Take the seat"))


def _taking_over(stored: store.StoredGame) -> bool:
    """Whether a newcomer may take the seat over: the table's rules allow it, and it is no
    competition's table (the event ranks its registered players seat by seat)."""
    event_table = store.table_state(get_db(), stored.id).event is not None
    return not event_table and stored.kind.takes_over(stored.game.rules)


def _form(stored: store.StoredGame) -> SeatForm:
    """The form (on a POST: as sent), its seats named as they are now."""
    form = SeatForm()
    seated = seated_now(stored, names_now(stored))()  # a club's member by their name now
    form.seat.choices = options((str(i), name) for i, name in enumerate(seated))
    taking_over = _taking_over(stored)
    plays_for = PLAYS_FOR_WORDS if stored.kind.chips else PLAYS_FOR_POINTS
    ways = [(PLAYS_FOR, plays_for)] + ([(TAKES_OVER, TAKES_OVER_WORDS)] if taking_over else [])
    form.way.choices = options(ways)
    if request.method != "POST":
        form.version.data = str(stored.version)
        _coming_back(stored, form, taking_over)
    return form


def comebacks(
    players: Sequence[str], changes: Sequence[SeatChange], coup: int
) -> tuple[tuple[int, str], ...]:
    """Who left a seat they sat at on their own money and may come back to it at coup ``coup``
    (1-based), as (seat, name), in the order of the stretches: not at the table now, nor
    the absent owner of another seat. Coming back, they take their seat back: its money is theirs
    again from then (``TAKES_OVER`` where the seat is someone else's money now; where they are
    played for it is already theirs, and they are back whatever way they come: ``Sitting.back``)."""
    now = seated(players, changes, coup)
    owners = payers(players, changes, coup)
    found: list[tuple[int, str]] = []
    for s in sittings(players, changes):
        if s.last is None or s.payer != s.player or (s.seat, s.player) in found:
            continue  # they still sit, or they played there for someone else
        if clash_with(s.player, now) is not None:
            continue
        if any(owner == s.player for seat, owner in enumerate(owners) if seat != s.seat):
            continue  # their own seat elsewhere is played for them: they come back there
        found.append((s.seat, s.player))
    return tuple(found)


def _back(stored: store.StoredGame) -> list[tuple[int, str]]:
    """Who left a seat of their own and may come back to it now (``comebacks``)."""
    coup = len(stored.game.coups) + 1
    return list(comebacks(stored.game.players, stored.seat_changes, coup))


def _coming_back(stored: store.StoredGame, form: SeatForm, taking_over: bool) -> None:
    """The form for a leaver back at their seat (``?seat=1&player=Bruno``, the page's link):
    that seat, their name, and by default they take their seat back — its money theirs again,
    not played for the one who replaced them (the form chose "plays for the absent player"
    whoever came), where the table lets a newcomer take over (``taking_over``). Anything
    else asked is the blank form."""
    seat, player = request.args.get("seat", ""), request.args.get("player", "")
    if (seat, player) not in {(str(s), name) for s, name in _back(stored)}:
        return
    form.seat.data, form.player.data = seat, player
    if stored.payers()[int(seat)] != player and taking_over:
        form.way.data = TAKES_OVER


def handed_over(stored: store.StoredGame) -> list[str]:
    """What each leaver would hand over if someone took their seat over now, and the net they
    would leave with, a line per seat that has something at stake (the 1709 poule: their open
    bêtes, ``GameKind.seat_debt``; a pot's part is only owed once the pot is won later, so
    nothing is said of it here). Said before the manager chooses: the standing showed the
    leaver at −9, and they left at −105 with their bête of 96 (docs/rules.md, "Someone takes a
    seat")."""
    report = stored.replay()
    people = stored.by_person()
    now = names_now(stored)  # a club's member by their name now
    lines = []
    for seat, (sits, pays) in enumerate(zip(stored.seated(), stored.payers(), strict=True)):
        name, payer = now.get(sits, sits), now.get(pays, pays)
        debt = stored.kind.seat_debt(report, seat, report)
        if debt <= 0:
            continue
        text = ngettext(
            "If someone takes over the seat of %(seat)s, %(name)s hands over the open bêtes,"
            " %(num)s chip: %(net)s on leaving.",
            "If someone takes over the seat of %(seat)s, %(name)s hands over the open bêtes,"
            " %(num)s chips: %(net)s on leaving.",
            debt,
            seat=name,
            name=payer,
            net=signed(people.get(pays, 0) - debt),
        )
        lines.append(elide(text, name))
    return lines


def _page(stored: store.StoredGame, form: SeatForm, status: int = 200) -> Any:
    state = store.table_state(get_db(), stored.id)
    now = names_now(stored)  # a club's member by their name now, as the game page names them
    seated = seated_now(stored, now)
    page = render_template(
        "seat.html",
        stored=stored,
        seated=seated,
        state=state,
        locked=state.refuses(False) is not None,
        form=form,
        finished=stored.replay().finished,
        coup=len(stored.game.coups) + 1,
        chips=stored.kind.chips,
        lines=seat_lines(stored, now),
        # the link carries the name typed (the form's), the words their name now
        back=[(seat, name, now.get(name, name), seated()[seat]) for seat, name in _back(stored)],
        handed=handed_over(stored) if _taking_over(stored) else [],
        members=member_names(stored.id),  # a member typed as they are known: no second member
    )
    return page if status == 200 else (page, status)


@bp.route("/games/<int:game_id>/seat", methods=["GET", "POST"])
def take_seat(game_id: int) -> Any:
    """The form (GET), or the seat taken from the next coup (POST)."""
    stored = access.managed(game_id)
    form = _form(stored)
    if request.method != "POST":
        return _page(stored, form)
    if store.table_state(get_db(), game_id).refuses(False) is not None:
        return _page(stored, form, 423)  # a locked table: the page says why, no form
    if not form.validate():
        if form.errors.get("csrf_token"):
            abort(400)
        return _page(stored, form, 422)
    seat = int(form.seat.data or 0)
    player = tidy(form.player.data or "")
    new = told_new(form, ("player",))  # their "new member" box ticked: not asked again
    found = clash_with(player, stored.seated())
    owners = stored.payers()  # a seat played for its absent owner: their money, their name
    owner = clash_with(player, owners) if found is None else None
    if owner is not None and owners[seat] == owner[0]:
        player = owner[0]  # they come back to their own seat, named as they were ("bruno": Bruno)
    elif found is not None or owner is not None:  # named as they sit, not as typed
        name = (found or owner or ("",))[0]
        name = names_now(stored).get(name, name)
        form.player.errors = [_("%(name)s already sits at this table.", name=name)]
        return _page(stored, form, 422)
    try:
        store.take_seat(
            get_db(),
            game_id,
            seat,
            player,
            str(form.way.data),
            version=form_version(form),
            by=access.acting_grant(),
            then=seat_asked(new),
        )
    except store.Conflict:
        latest = changed_meanwhile(form, form.submit, game_id)
        return _page(latest, form, 409)
    except SameMember as error:  # a member at another seat, typed by another of their names
        form.player.errors = [same_member_text(error)]
        return _page(stored, form, 422)
    except PartOfNames as error:  # "Bruno" where Bruno Leroy sits: asked, nothing stored
        ask_beside(form, error, ("player",))
        return _page(stored, form, 422)
    except ClubFull:  # a newcomer at a club's table is one member more: past the bound, refused
        form.player.errors = [club_full_text()]
        return _page(stored, form, 422)
    except GameError as error:
        target = form.player if error.field.endswith("player") else form.way
        target.errors = [error_text(error)]
        return _page(stored, form, 422)
    latest = store.load(get_db(), game_id)
    flash(seat_lines(latest, names_now(latest))[-1])
    return redirect(url_for("table.game", game_id=game_id))


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals.update(seat_lines=seat_lines)
