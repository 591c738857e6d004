"""What the pages that start or set up a game share: storing it, and the evening it opens from.

A plain module (no blueprint): l'Hombre's new-game page, the points games'
and the import all create a game here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import sqlite_utils
from flask import abort, make_response, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ... import clubs, store
from ...clubs.part_names import ask_new
from ...clubs.seats import club_of_game, relink_seats
from ...db import get_db
from ...names import MAX_LENGTH, same_key, tidy
from ...rights import access, tokens
from ...rules.errors import GameError
from ...rules.kind import Game
from ...rules.money import Money
from ...rules.seating import SeatChange
from ..formats.collation import names_sorted
from ..formats.words import (
    club_full_text,
    new_member_box_text,
    new_member_text,
    part_of_names_text,
    refusal_text,
    same_member_text,
)
from ..forms import changed_meanwhile, form_version, whole
from ..kept.once import NEW_HANDOVER_CODE, NEW_MANAGER_LINK
from ..table.coups import locked_page
from ..table.outbox_answers import pages_of


def setup_closed(stored: store.StoredGame) -> tuple[str, int] | None:
    """The game page saying why its set-up can no longer change, in place of a form whose
    saving would be refused: 409 at a competition's table or once a coup is entered (the
    store's own reason, ``store.setup_refused``), 423 at a club's table whose evening is
    closed (the lock says why, as on every change refused there)."""
    state = store.table_state(get_db(), stored.id)
    if state.takes_setup:
        return None
    if state.event is None and state.refuses(False) is not None:
        return locked_page(stored, state), 423
    refused = store.setup_refused(get_db(), stored.id, len(stored.game.coups))
    if refused is None:  # a coup entered since the state was read: asked again below
        return None
    page = pages_of(stored).render(stored)
    body = page if isinstance(page, str) else page[0]
    notice = render_template("_setup_refused.html", reason=refusal_text(refused))
    return body.replace("<!--/flashes-->", "<!--/flashes-->" + notice, 1), 409


def save_table(form: Any, game_id: int, game: Any) -> BaseResponse | None:
    """Store a set-up form's players and rules; None, with the refusal on the form, if refused.
    At a club's table a name new to it is asked about as at a new table (``ask_new``)."""
    new = told_new(form)

    def follow(db: sqlite_utils.Database, game_id: int, before: Any, after: Any) -> None:
        club_id = club_of_game(db, game_id)
        if club_id is not None:
            ask_new(db, club_id, [name for name in after if name not in before], new)
        relink_seats(db, game_id, before, after)

    try:
        store.set_table(
            get_db(),
            game_id,
            game.players,
            game.first_dealer,
            game.rules,
            version=form_version(form),
            seats=follow,
        )
    except store.Conflict:
        changed_meanwhile(form, form.create, game_id)
    except GameError as error:
        form.create.errors = [refusal_text(error)]
    except clubs.ClubFull as error:
        refuse_beside(form, error.name, club_full_text(), form.create)
    except clubs.SameMember as error:
        refuse_beside(form, error.name, same_member_text(error), form.create)
    except clubs.PartOfNames as error:
        ask_beside(form, error)
    else:
        return redirect(url_for("table.game", game_id=game_id))
    return None


def created(
    game: Game,
    action: store.Action,
    money: Money | None,
    also: Callable[[sqlite_utils.Database, clubs.Evening], None] | None = None,
    seat_changes: Sequence[SeatChange] = (),
    stopped: bool = False,
    *,
    form: Any,
    field: Any = None,
) -> BaseResponse | None:
    """Store a new game; its creator becomes its manager and sees the manager link once.

    Opened from an evening (``?evening=``, by one of its club's managers), the
    game is that evening's next table and its seats are the members of the
    players' names; ``also`` then writes what else belongs to the club in
    the same transaction (its rules saved as the club's preset). A member typed
    twice (``clubs.SameMember``) is refused on ``form``, nothing stored: None, the
    refusal beside the player field of their second name, else on ``field`` (an imported
    file's), and the caller shows the form again as it was typed (422).
    """
    evening = evening_arg()
    then = None
    if evening is not None:
        players = tuple(game.players)
        new = told_new(form) if field is None else told_in_file(field)

        def then(db: Any, game_id: int) -> None:
            clubs.add_table(db, evening, game_id, players, new)
            if also is not None:
                also(db, evening)

    token, code = tokens.new_token(), tokens.new_handover_code()
    beside = field if field is not None else form.create  # where a refusal of no player goes
    try:
        game_id = store.create(
            get_db(),
            game,
            action,
            money,
            tokens.token_hash(token),
            tokens.handover_hash(code),
            then,
            seat_changes,
            stopped,
        )
    except clubs.SameMember as error:  # their name and their short name, say: nothing stored
        refuse_beside(form, error.name, same_member_text(error), beside)
        return None
    except clubs.ClubFull as error:  # a new name would be one member past the bound: nothing
        # stored; the form comes back as typed, the refusal beside the new name's field
        refuse_beside(form, error.name, club_full_text(), beside)
        return None
    except clubs.PartOfNames as error:  # "Chloé" where the club has Chloé Dubois: asked
        if field is None:
            ask_beside(form, error)
        else:
            ask_in_file(field, error)
        return None
    access.grant_manage(game_id)
    session[NEW_MANAGER_LINK] = [game_id, token]
    stash_code(game_id, code)
    return redirect(url_for("table.game", game_id=game_id))


PLAYER_FIELDS = ("player0", "player1", "player2", "player3")
"""The player fields of every form that starts or sets up a table, in seat order."""


def _typed_in(form: Any, name: str, fields: Sequence[str] = PLAYER_FIELDS) -> list[Any]:
    """The player ``fields`` of ``form`` in which ``name`` was typed (as kept: ``names.tidy``)."""
    seats = (getattr(form, field, None) for field in fields)
    return [seat for seat in seats if seat is not None and tidy(seat.data or "") == tidy(name)]


def refuse_beside(form: Any, name: str, message: str, field: Any) -> None:
    """A table's name refused (a member typed twice: their second name; a newcomer at a full
    club), the ``message`` beside the player field ``name`` was typed in, as a name typed
    twice is (``forms.player_names``); else on ``field`` (an imported file's, the button)."""
    typed = _typed_in(form, name)
    where = typed[0] if typed else field
    where.errors = [*where.errors, message]


def ask_beside(form: Any, error: clubs.PartOfNames, fields: Sequence[str] = PLAYER_FIELDS) -> None:
    """The question of a name that is only a part of members' names, under its field (one of
    ``fields``: a table's players, or the seat form's ``player``), with the box that tells
    the table it is a new member (``new_member``, unticked; the macro ``text`` draws it: no
    script needed); else on the form's button."""
    button = getattr(form, "create", None) or form.submit
    for seat in _typed_in(form, error.name, fields)[:1] or [button]:
        seat.errors = [*seat.errors, part_of_names_text(error)]
        seat.new_members = [(error.name, False, new_member_text())]


def told_new(form: Any, fields: Sequence[str] = PLAYER_FIELDS) -> list[str]:
    """The names of ``form``'s player ``fields`` whose "new member" box is ticked (the form's
    ``new_member`` values, each a name typed): a club's new table, or a newcomer at its seat,
    makes them new members without asking (``clubs.PartOfNames``). Each box is drawn again
    ticked, should the form come back for another reason."""
    boxes = request.form.getlist("new_member")[:8]
    # a value far longer than a name (MAX_LENGTH once tidied) matches none: it is not folded
    # (a 1.8 MB value took 1.7 s of CPU; tests/clubs/test_new_member_box_bounded.py)
    ticked = {same_key(value) for value in boxes if len(value) <= 2 * MAX_LENGTH}
    told = []
    for name in fields:
        seat = getattr(form, name, None)
        typed = "" if seat is None else tidy(seat.data or "")
        if seat is not None and typed and same_key(typed) in ticked:
            seat.new_members = [(typed, True, new_member_text())]
            told.append(typed)
    return told


def told_in_file(field: Any) -> list[str]:
    """The names an imported file's import was told are new members (its ``new_member``
    values, as ``told_new``'s): no field holds them, so each box is drawn again, ticked,
    under the file's ``field``, should the import come back (its "new member" boxes name
    each its name: several may be asked, one at a time)."""
    told: list[str] = []
    for value in request.form.getlist("new_member")[:8]:
        name = tidy(value)
        if name and all(same_key(name) != same_key(other) for other in told):
            told.append(name)
    field.new_members = [(name, True, _file_box(name)) for name in told]
    return told


def ask_in_file(field: Any, error: clubs.PartOfNames) -> None:
    """The question of a name of an imported file (a player, a newcomer of its seat
    changes) that is only a part of members' names, on the file's ``field``, with a box for
    that name under the boxes already ticked (``told_in_file``). A browser never keeps a
    chosen file: the file field says to choose it again; pasted text is kept."""
    said = [part_of_names_text(error)]
    if field.type == "FileField":
        said.append(_("Choose the file again: a browser does not keep it."))
    field.errors = [*field.errors, *said]
    boxes = getattr(field, "new_members", [])
    field.new_members = [*boxes, (error.name, False, _file_box(error.name))]


def _file_box(name: str) -> str:
    """The label of a "new member" box under a file's field: the name it tells new (the
    file names no field for it) and the box's words, one message (``new_member_box_text``)."""
    return new_member_box_text(name)


def evening_arg() -> clubs.Evening | None:
    """The evening a new game is opened from, if any; 404 unless this browser manages its club."""
    if "evening" not in request.args:
        return None
    number = whole(request.args.get("evening"))
    evening = None if number is None else clubs.evening(get_db(), number)
    if evening is None or not access.can_manage_club(evening.club_id):
        abort(404)
    if store.closings.closed(get_db(), evening.id):  # it takes no new table: said, and where
        message = _("This evening is closed: it takes no new table. Reopen it first.")
        page = render_template("error.html", code=409, message=message, evening=evening)
        abort(make_response(page, 409))
    return evening


def member_names(game_id: int | None = None) -> list[str]:
    """The names offered on the player fields of an evening's new table, or on the seat
    page of a club table (``game_id``): the club's members, to its managers only (a
    table's manager who is not the club's is offered none)."""
    if game_id is not None:
        club = access.table_club(game_id)
        club_id = None if club is None else club[0]
        if club_id is None or not access.can_manage_club(club_id):
            return []
    else:
        evening = evening_arg()
        if evening is None:
            return []
        club_id = evening.club_id
    return names_sorted(m.name for m in clubs.members(get_db(), club_id))


def stash_code(game_id: int, code: str) -> None:
    """Show this handover code once, on the next page of this browser."""
    session[NEW_HANDOVER_CODE] = [game_id, code]
