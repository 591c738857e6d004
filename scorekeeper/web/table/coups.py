"""The one coup flow of every game: add, check before saving, correct, delete, undo.

A coup typed in is read by its kind's form module into the game file's
shape and then by the kind's own file reader; the game is replayed with it
before anything is stored, so what the table confirms is what the engine
keeps. Another phone's change in the meantime is refused with the typed
coup kept (``changed_meanwhile``). The game's web half (``registry``)
reads the form (``CoupEntry``) and draws the result (``GamePages``); the
URLs of l'Hombre (``/coups``) and of the points games (``/sheet/coups``)
both lead here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    jsonify,
    make_response,
    render_template,
    request,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ... import store
from ...db import get_db
from ...rights.access import (
    acting_grant,
    can_manage,
    managed,
    readable_head,
    visit,
)
from ...rules.errors import GameError
from .. import registry
from ..forms import (
    CHANGED,
    WENT_BACK,
    ActionForm,
    changed_meanwhile,
    form_version,
    went_back,
)
from ..hookspecs import Change, Page
from .lost_fiche import (
    STALE_CHECK,
    lost_check,
    lost_fiche,
    stale_answer,
    typed_on,
    with_typed,
)
from .outbox_answers import back, entry_key, key_answer, pages_of, retried, wants_json
from .seat_words import deletion_refused, names_now, refused_text

bp = Blueprint("coups", __name__)


def refuse(
    stored: store.StoredGame,
    form: Any,
    error: GameError,
    fields: Mapping[str, str],
    position: int | None = None,
) -> None:
    """Put the engine's refusal beside the field that is wrong, a seat it names by who sits
    there in that coup, by their name now (``seat_words.seats_named``). A correction of coup
    ``position`` that a later coup refuses says that coup's number: beside the corrected
    coup's field, the later coup's reason ("sans-atout is compulsory") read as its own."""
    field = getattr(form, fields.get(error.field, "save"))
    later = position is not None and error.coup not in (None, position)
    at = error.coup or position or len(stored.game.coups) + 1
    field.errors = [*field.errors, refused_text(stored, error, at, later)]


def candidate(stored: store.StoredGame, form: Any, position: int | None) -> Any:
    """The game replayed with the form's coup added (or put at ``position``); None if refused."""
    entry = registry.web_of(stored.kind).entry
    if not entry.valid(form, stored):
        return None
    try:
        coup = entry.read(form, stored)
        coups = list(stored.game.coups)
        if position is None:  # appended: the kept replay goes on (a replay is a fold)
            coups.append(coup)
            return stored.kind.extend(stored.replay(), stored.game.with_coups(coups))
        coups[position - 1] = coup  # a correction: checked from the kept prefix before it
        return stored.check(coups, position)
    except GameError as error:
        refuse(stored, form, error, entry.error_fields(), position)
        return None


def managing(game_id: int, adds: bool = False, keyed: bool = False) -> store.StoredGame:
    """The game, if this phone may change it; for a phone that only reads it, 403 with the
    game page saying why (``lost_fiche``), not a bare error page. A locked table (its
    evening or its event round closed, its result locked; a new coup (``adds``) past its
    round's deals): 423 with the game page, which says why in place of its coup form (the
    store refuses it too, ``store.Closed``). ``keyed``: a phone's coup under its key, whose
    retry is answered as stored before either refusal (``retried``)."""
    if not can_manage(readable_head(game_id)):
        answer = retried(game_id) if keyed else None
        abort(make_response(lost_fiche(game_id), 403) if answer is None else answer)
    stored = managed(game_id)
    state = visit(game_id).table_state()
    if state.refuses(adds) is not None:
        answer = retried(game_id) if keyed else None
        abort(make_response(locked_page(stored, state), 423) if answer is None else answer)
    return stored


def locked_page(stored: store.StoredGame, state: store.TableState) -> str:
    """The game page refusing a change at a locked table, saying why at its top: a finished
    game's page has no coup form, so no notice in its place (``_closed_table.html``)."""
    page = pages_of(stored).render(stored)
    body = page if isinstance(page, str) else page[0]
    if 'id="closed-table"' in body:
        return body
    notice = render_template("_closed_table.html", state=state)
    return body.replace("<!--/flashes-->", "<!--/flashes-->" + notice, 1)


def _coup_at(stored: store.StoredGame, n: int) -> Any:
    if not 1 <= n <= len(stored.game.coups):
        abort(404)
    return stored.game.coups[n - 1]


@bp.post("/games/<int:game_id>/coups")
def add(game_id: int) -> Page | BaseResponse:
    stored = managing(game_id, adds=True, keyed=True)
    key = entry_key()
    web = registry.web_of(stored.kind)
    entry, page = web.entry, web.pages
    form = entry.form(stored)
    stale = typed_on(stored, form)
    if stale is not None:
        # a retry of a coup stored already is typed on the version before it: its key says so
        earlier = None if key is None else store.stored_under(get_db(), game_id, key)
        if earlier is not None:
            return key_answer(stored, earlier)
        return stale_answer(game_id, form, page, stale)
    after = candidate(stored, form, None)
    if key is not None and (after is None or not entry.saving(form)):
        # a retry of a coup stored already, which the game as it is now may refuse: nothing
        # stored again (a retry that would save is answered by the store's own read of its
        # key, in the change's transaction: one read, not two)
        earlier = store.stored_under(get_db(), game_id, key)
        if earlier is not None:
            return key_answer(stored, earlier)
    if after is None:
        return page.render(stored, form, status=422)
    if not entry.saving(form):
        return page.render(stored, form, preview=after)
    version = form_version(form)
    now = names_now(stored)  # a club's member by their name now: read with the row, before writing
    try:
        store.add_coup(
            get_db(),
            game_id,
            after.game.coups[-1],
            version=version,
            by=acting_grant(),
            key=key,
            replayed=(stored, after),
        )
    except store.AlreadyStored as earlier:  # the same key, sent twice at once
        return key_answer(stored, earlier)
    except store.Conflict:  # another phone's change between the read and the write
        return stale_answer(game_id, form, page, version)
    except GameError as error:
        refuse(stored, form, error, entry.error_fields())
        return page.render(stored, form, status=422)
    if wants_json():
        # the version the change made, as stored: one above, or above one a restore took back
        return jsonify(coup=len(after.coups), version=visit(game_id).row.version)
    seated = stored.seated(len(after.coups))
    flash(page.saved_text(after, len(after.coups), seated, now, stored.seat_changes))
    return back(game_id, page.after_save)


@bp.post("/games/<int:game_id>/preview")
def preview(game_id: int) -> Page:
    """The live check of the coup being entered (a fragment for the page's script); for a
    phone that lost the right to change the game, why, as its Save would hear (403)."""
    if not can_manage(readable_head(game_id)):
        return lost_check(game_id)
    stored = managed(game_id)
    form = registry.web_of(stored.kind).entry.form(stored)
    position = request.args.get("position", type=int)
    if position is not None:
        _coup_at(stored, position)
    after, status = None, 409
    if typed_on(stored, form) is not None:  # as Save would: stale before it is checked
        form.save.errors = [str(STALE_CHECK)]
    else:
        after, status = candidate(stored, form, position), 422
    fragment = pages_of(stored).preview_fragment(stored, form, after, position)
    return fragment if after is not None else (fragment, status)


@bp.route("/games/<int:game_id>/coups/<int:n>/edit", methods=["GET", "POST"])
def edit(game_id: int, n: int) -> Page | BaseResponse:
    stored = managing(game_id)
    web = registry.web_of(stored.kind)
    entry, page = web.entry, web.pages
    form = entry.form(stored, _coup_at(stored, n))
    before = stored.replay()
    after = None
    status = 200
    stale = typed_on(stored, form) if request.method == "POST" else None
    if stale is not None:  # checked against the game it was typed on, or refused first
        stored = changed_meanwhile(form, form.save, game_id)
        before, status = stored.replay(), 409
    elif request.method == "POST":
        after = candidate(stored, form, n)
        if after is None:
            status = 422
        elif entry.saving(form) and store.unchanged(stored.game, n, after.game.coups[n - 1]):
            flash(_("Coup %(n)s is already so: nothing changed.", n=n))
            return back(game_id, page.after_change)
        elif entry.saving(form):
            now = names_now(stored)  # read with the row, before the write
            try:
                store.edit_coup(
                    get_db(),
                    game_id,
                    n,
                    after.game.coups[n - 1],
                    version=form_version(form),
                    by=acting_grant(),
                )
            except store.Conflict:
                stored = changed_meanwhile(form, form.save, game_id)
                before, after, status = stored.replay(), None, 409
            except GameError as error:
                refuse(stored, form, error, entry.error_fields(), n)
                status = 422
            else:
                people = stored.person_changes(after.game.coups, None)
                seated = stored.seated(n)  # who sat in it, as its saved message named them
                flash(page.changed_text(Change.CORRECTED, before, after, n, people, now, seated))
                return back(game_id, page.after_change)
    drawn = page.render_edit(stored, n, form, before, after, status)
    return drawn if stale is None else with_typed(drawn, stored, form)


@bp.route("/games/<int:game_id>/coups/<int:n>/delete", methods=["GET", "POST"])
def delete(game_id: int, n: int) -> Page | BaseResponse:
    """GET asks to confirm, showing what the deletion changes; POST deletes."""
    stored = managing(game_id)
    page = pages_of(stored)
    _coup_at(stored, n)
    form = ActionForm(version=str(stored.version)) if request.method == "GET" else ActionForm()
    before = stored.replay()
    coups = [c for i, c in enumerate(stored.game.coups, 1) if i != n]
    error = None
    try:
        after = stored.check(coups, n)
    except GameError as refused:
        after, error = None, deletion_refused(stored, refused, n)
    if request.method == "POST":
        if not form.validate():
            abort(400)
        shown = form_version(form)
        if shown != stored.version:  # refused as stale before the deletion's own refusal
            error = changed_words(shown, stored)
            form.version.data = str(stored.version)  # the page shows the game as it is now
        elif after is not None:
            now = names_now(stored)  # read with the row, before the write
            try:
                store.delete_coup(
                    get_db(), game_id, n, version=form_version(form), by=acting_grant()
                )
            except store.Conflict:
                error = changed_words(form_version(form), store.load(get_db(), game_id))
            else:
                people = stored.person_changes(coups, n)
                flash(page.changed_text(Change.DELETED, before, after, n, people, now))
                return back(game_id, page.after_change)
    status = 200 if error is None else 409
    return page.render_delete(stored, n, form, before, after, error, status)


def changed_words(shown: int, latest: store.StoredGame) -> str:
    """Why a deletion sent from version ``shown`` was refused: another phone's change, or
    a backup put back."""
    return f"{WENT_BACK} {CHANGED}" if went_back(shown, latest) else str(CHANGED)


@bp.post("/games/<int:game_id>/undo")
def undo(game_id: int) -> BaseResponse:
    stored = managing(game_id)
    page = pages_of(stored)
    form = ActionForm()
    if not stored.game.coups or not form.validate():
        abort(400)
    before, now = stored.replay(), names_now(stored)  # read with the row, before the write
    try:
        after = store.delete_coup(
            get_db(), game_id, None, version=form_version(form), by=acting_grant()
        )
    except store.Conflict:
        if went_back(form_version(form), store.load(get_db(), game_id)):
            flash(str(WENT_BACK))
        flash(_("The game changed meanwhile: nothing was undone. Here is the latest state."))
        return back(game_id, "")
    count = len(stored.game.coups)  # each person's result, the seats' players none of it
    people = stored.person_changes(stored.game.coups[:-1], count)
    flash(page.changed_text(Change.UNDONE, before, after, count, people, now))
    return back(game_id, page.after_save)


@bp.post("/games/<int:game_id>/redo")
def redo(game_id: int) -> BaseResponse:
    """Put the coup just undone back, as it was (only while nothing else changed since)."""
    stored = managing(game_id, adds=True)
    page = pages_of(stored)
    form = ActionForm()
    if not form.validate():
        abort(400)
    version = form_version(form)
    before, now = stored.replay(), names_now(stored)  # read with the row, before the write
    try:
        after = store.redo_coup(get_db(), game_id, version=version, by=acting_grant())
    except store.Conflict:
        if went_back(form_version(form), store.load(get_db(), game_id)):
            flash(str(WENT_BACK))
        flash(_("The game changed meanwhile: nothing was redone. Here is the latest state."))
        return back(game_id, "")
    except GameError as error:
        flash(refused_text(stored, error, error.coup or len(stored.game.coups) + 1, True))
        return back(game_id, "")
    people = stored.person_changes(after.game.coups, None)  # each person's, once one sat
    n, seated = len(after.coups), stored.seated(len(after.coups))  # who sat in it
    flash(page.changed_text(Change.REDONE, before, after, n, people, now, seated))
    return back(game_id, page.after_save)


# The points games' sheet keeps its own URLs (and endpoints, for its links).
bp.add_url_rule("/games/<int:game_id>/sheet/coups", "sheet_add", add, methods=["POST"])
bp.add_url_rule(
    "/games/<int:game_id>/sheet/coups/<int:n>/edit", "sheet_edit", edit, methods=["GET", "POST"]
)
bp.add_url_rule(
    "/games/<int:game_id>/sheet/coups/<int:n>/delete",
    "sheet_delete",
    delete,
    methods=["GET", "POST"],
)
bp.add_url_rule("/games/<int:game_id>/sheet/undo", "sheet_undo", undo, methods=["POST"])
bp.add_url_rule("/games/<int:game_id>/sheet/redo", "sheet_redo", redo, methods=["POST"])
