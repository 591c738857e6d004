"""The game page the bête manager lives on: enter, check, correct coups.

Every entry is replayed with the game before it is stored, so the outcome
and payments the table confirms are the ones the engine will keep.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from .. import store
from ..access import can_manage, managed, readable
from ..db import get_db
from ..forms import (
    CHANGED,
    CONTRACT_WORDS,
    ActionForm,
    CoupForm,
    contracts_for,
    coup_from_form,
    fill_coup_form,
    form_version,
    options,
)
from ..rules.errors import GameError
from ..rules.hombre.systems import AnyReport, replay_any
from .games import changed_meanwhile
from .present import error_text, fiche, net_changes, outcome_text, signed
from .sheets import hombre_pages_only, render_sheet

bp = Blueprint("table", __name__)
RECENT = 8
FICHE_SETTLED = 12
JOURNAL_PAGE = 25
ERROR_FIELDS = {
    "hombre": "hombre",
    "contract": "contract",
    "tricks": "t0",
    "matadors": "matadors",
    "vole_engagee": "vole_engagee",
    "codille_renounced": "codille_renounced",
    "note": "note",
    "first_five": "first_five",
    "black_aces": "black_aces",
    "bonuses": "passed",
}

Page = str | tuple[str, int]


def coup_form(stored: store.StoredGame, coup: Any = None) -> CoupForm:
    """The coup form with this game's players and the contracts its rules allow."""
    form = CoupForm() if request.method == "POST" else CoupForm(formdata=None)
    rules = stored.game.rules
    form.hombre.choices = options(
        (str(seat), name) for seat, name in enumerate(stored.game.players)
    )
    form.contract.choices = options((c, CONTRACT_WORDS[c]) for c in contracts_for(rules))
    if request.method != "POST":
        form.version.data = str(stored.version)
        form.contract.data = contracts_for(rules)[0]
        if coup is not None:
            fill_coup_form(form, coup)
    return form


def _refuse(form: CoupForm, error: GameError) -> None:
    """Put the engine's refusal beside the field that is wrong."""
    name = ERROR_FIELDS.get(error.field, "save")
    field = getattr(form, name)
    field.errors = [*field.errors, error.translated(_)]


def render_game(
    stored: store.StoredGame,
    form: CoupForm | None = None,
    preview: AnyReport | None = None,
    status: int = 200,
) -> Page:
    report = stored.replay()
    form = form or coup_form(stored)
    lines, hidden = fiche(report, FICHE_SETTLED)
    page = render_template(
        "game.html",
        can_manage=can_manage(stored),
        stored=stored,
        report=report,
        names=stored.game.players,
        form=form,
        action=ActionForm(formdata=None, version=str(stored.version)),
        preview=None if preview is None else preview.coups[-1],
        preview_report=preview,
        recent=list(reversed(report.coups[-RECENT:])),
        fiche=lines,
        fiche_hidden=hidden,
        outcome_text=outcome_text,
    )
    return (page, status) if status != 200 else page


@bp.get("/games/<int:game_id>")
def game(game_id: int) -> Page:
    stored = readable(game_id)
    if stored.kind != "hombre":
        return render_sheet(stored)
    return render_game(stored)


@bp.before_request
def hombre_only() -> None:
    """The coup pages here are l'Hombre's; a points game has its own (web/sheets.py)."""
    hombre_pages_only()


def _candidate(stored: store.StoredGame, form: CoupForm, position: int | None) -> AnyReport | None:
    """Replay the game with the form's coup added (or put at ``position``); None if refused."""
    if not form.validate():
        return None
    try:
        coup = coup_from_form(form, stored.game.rules)
        coups = list(stored.game.coups)
        if position is None:
            coups.append(coup)
        else:
            coups[position - 1] = coup
        return replay_any(stored.game.with_coups(coups))
    except GameError as error:
        _refuse(form, error)
        return None


@bp.post("/games/<int:game_id>/coups")
def add(game_id: int) -> Page | BaseResponse:
    stored = managed(game_id)
    form = coup_form(stored)
    candidate = _candidate(stored, form, None)
    if candidate is None:
        return render_game(stored, form, status=422)
    if not (form.save.data or form.passed.data):
        return render_game(stored, form, preview=candidate)
    try:
        store.add_coup(get_db(), game_id, candidate.game.coups[-1], version=form_version(form))
    except store.Conflict:
        return _conflict(game_id, form)
    except GameError as error:
        _refuse(form, error)
        return render_game(stored, form, status=422)
    result = candidate.coups[-1]
    flash(
        _(
            "Coup %(n)s saved: %(what)s",
            n=result.deal.n,
            what=outcome_text(result, candidate.game.players),
        )
    )
    return redirect(url_for("table.game", game_id=game_id) + "#deal")


def _conflict(game_id: int, form: CoupForm) -> Page:
    """Someone else changed the game: show the latest state, keep what was typed."""
    return render_game(changed_meanwhile(form, form.save, game_id), form, status=409)


@bp.post("/games/<int:game_id>/preview")
def preview(game_id: int) -> Page:
    """The live check of the coup being entered (a fragment for the page's script)."""
    stored = managed(game_id)
    form = coup_form(stored)
    position = request.args.get("position", type=int)
    if position is not None and not 1 <= position <= len(stored.game.coups):
        abort(404)
    candidate = _candidate(stored, form, position)
    result = None
    if candidate is not None:
        result = candidate.coups[-1] if position is None else candidate.coups[position - 1]
    page = render_template(
        "_preview.html",
        form=form,
        result=result,
        names=stored.game.players,
        changes=None
        if candidate is None or position is None
        else net_changes(stored.replay(), candidate),
    )
    return page if candidate is not None else (page, 422)


@bp.route("/games/<int:game_id>/coups/<int:n>/edit", methods=["GET", "POST"])
def edit(game_id: int, n: int) -> Page | BaseResponse:
    stored = managed(game_id)
    if not 1 <= n <= len(stored.game.coups):
        abort(404)
    form = coup_form(stored, stored.game.coups[n - 1])
    before = stored.replay()
    candidate = None
    status = 200
    if request.method == "POST":
        candidate = _candidate(stored, form, n)
        if candidate is None:
            status = 422
        elif form.save.data or form.passed.data:
            try:
                store.edit_coup(
                    get_db(), game_id, n, candidate.game.coups[n - 1], version=form_version(form)
                )
            except store.Conflict:
                stored = changed_meanwhile(form, form.save, game_id)
                before, candidate, status = stored.replay(), None, 409
            except GameError as error:
                _refuse(form, error)
                status = 422
            else:
                _flash_changes(_("Coup %(n)s corrected.", n=n), before, candidate)
                return redirect(url_for("table.game", game_id=game_id) + "#coups")
    page = render_template(
        "edit_coup.html",
        stored=stored,
        names=stored.game.players,
        n=n,
        form=form,
        original=before.coups[n - 1],
        preview=None if candidate is None else candidate.coups[n - 1],
        changes=None if candidate is None else net_changes(before, candidate),
    )
    return page if status == 200 else (page, status)


@bp.route("/games/<int:game_id>/coups/<int:n>/delete", methods=["GET", "POST"])
def delete(game_id: int, n: int) -> Page | BaseResponse:
    stored = managed(game_id)
    if not 1 <= n <= len(stored.game.coups):
        abort(404)
    form = ActionForm(version=str(stored.version)) if request.method == "GET" else ActionForm()
    before = stored.replay()
    coups = [c for i, c in enumerate(stored.game.coups, 1) if i != n]
    error = None
    try:
        after = replay_any(stored.game.with_coups(coups))
    except GameError as refused:
        after, error = None, error_text(refused)
    if request.method == "POST" and form.validate() and after is not None:
        try:
            store.delete_coup(get_db(), game_id, n, version=form_version(form))
        except store.Conflict:
            error = str(CHANGED)
        else:
            _flash_changes(_("Coup %(n)s deleted.", n=n), before, after)
            return redirect(url_for("table.game", game_id=game_id) + "#coups")
    page = render_template(
        "delete_coup.html",
        stored=stored,
        names=stored.game.players,
        n=n,
        form=form,
        original=before.coups[n - 1],
        changes=None if after is None else net_changes(before, after),
        error=error,
    )
    return page if error is None and request.method == "GET" else (page, 409 if error else 200)


@bp.post("/games/<int:game_id>/undo")
def undo(game_id: int) -> Page | BaseResponse:
    stored = managed(game_id)
    form = ActionForm()
    if not stored.game.coups or not form.validate():
        abort(400)
    before = stored.replay()
    try:
        after = store.delete_coup(get_db(), game_id, None, version=form_version(form))
    except store.Conflict:
        flash(_("The game changed meanwhile: nothing was undone. Here is the latest state."))
        return redirect(url_for("table.game", game_id=game_id))
    _flash_changes(_("Coup %(n)s undone.", n=len(before.coups)), before, after)
    return redirect(url_for("table.game", game_id=game_id) + "#deal")


def _flash_changes(what: str, before: AnyReport, after: AnyReport) -> None:
    changes = net_changes(before, after)
    if not changes:
        flash(what + " " + _("The nets did not change."))
        return
    parts = [f"{c.name} {signed(c.before)} → {signed(c.after)}" for c in changes]
    flash(what + " " + _("Nets: %(changes)s.", changes=", ".join(parts)))


@bp.get("/games/<int:game_id>/coups")
def journal(game_id: int) -> str:
    stored = readable(game_id)
    report = stored.replay()
    pages = max(1, -(-len(report.coups) // JOURNAL_PAGE))
    page = min(max(request.args.get("page", 1, type=int), 1), pages)
    newest_first = list(reversed(report.coups))
    shown = newest_first[(page - 1) * JOURNAL_PAGE : page * JOURNAL_PAGE]
    return render_template(
        "journal.html",
        can_manage=can_manage(stored),
        stored=stored,
        report=report,
        names=stored.game.players,
        coups=shown,
        page=page,
        pages=pages,
    )


@bp.get("/games/<int:game_id>/fiche")
def full_fiche(game_id: int) -> str:
    stored = readable(game_id)
    lines, _hidden = fiche(stored.replay())
    return render_template("fiche.html", stored=stored, names=stored.game.players, fiche=lines)


@bp.get("/games/<int:game_id>/history")
def history(game_id: int) -> str:
    stored = readable(game_id)
    return render_template("history.html", stored=stored, changes=store.history(get_db(), game_id))
