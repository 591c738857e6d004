"""The points games' pages (Homme de Brou, Manille): new sheet, the sheet, its coups.

The same store, links and change log as l'Hombre; the coup is read into the
game file's shape and replayed with the game before anything is written.
"""

from __future__ import annotations

import hashlib
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from .. import access, store
from ..access import can_manage, managed
from ..db import get_db
from ..forms import CHANGED, ActionForm, form_version
from ..rules import games
from ..rules.brou.engine import ANNOUNCED
from ..rules.brou.file import load_brou_coup
from ..rules.errors import N_, GameError
from ..rules.manille.file import load_manille
from ..sheet_forms import (
    ERROR_FIELDS,
    MARIAGE_KINDS,
    MARIAGE_WORDS,
    NewSheetForm,
    SheetCoupForm,
    brou_item,
    fill_brou,
    fill_manille,
    manille_item,
    mariage_field,
    sheet_coup_form,
)
from .games import changed_meanwhile, created, save_table
from .present import error_text
from .sheet_view import (
    game_title,
    must_sans_atout,
    rows,
    rules_words,
    sides,
    standing,
    teams_line,
)

bp = Blueprint("sheets", __name__)


@bp.before_request
def points_games_only() -> None:
    """These coup pages are the points games'; l'Hombre's are in web/table.py."""
    game_id = (request.view_args or {}).get("game_id")
    if game_id is not None and access.readable_head(game_id).kind not in KINDS:
        abort(404)


KINDS = ("brou", "manille")
SHEET_RECENT = 30
"""Lines of the sheet on the game page; the final sheet has them all."""
SHARED = {"table.game", "table.history", "settlement.settlement", "settlement.settlement_pdf"}
NEW_FIELDS = {"players": "player0", "first_dealer": "first_dealer"}
Page = str | tuple[str, int]


def _game_from_form(form: NewSheetForm, kind: str) -> Any:
    """The game the form describes, or None with the refusal beside its field."""
    if not form.validate():
        return None
    players = form.players()
    try:
        seat = int(form.first_dealer.data or 0)
        if seat >= len(players):
            raise GameError("first_dealer", N_("the first dealer is one of the players"))
        game = games.build(kind, players, form.rules(kind), seat, [])
        games.replay(game)
    except GameError as error:
        name = NEW_FIELDS.get(error.field, error.field.removeprefix("rules."))
        field = getattr(form, name, form.create)
        field.errors = [*field.errors, error_text(error)]
        return None
    return game


@bp.route("/games/new/<kind>", methods=["GET", "POST"])
def new_sheet(kind: str) -> Page | BaseResponse:
    if kind not in KINDS:
        abort(404)
    form = NewSheetForm() if request.method == "POST" else NewSheetForm(formdata=None)
    if request.method == "POST" and (game := _game_from_form(form, kind)) is not None:
        return created(game, "create", None)
    previous = request.args.get("again", type=int)
    if request.method == "GET" and previous is not None:
        # the same table plays again: same players and rules, the deal passes on
        before = access.readable(previous)
        if before.kind == kind:
            form.fill(before.game)
            report = before.replay()
            last = len(report.coups)
            form.first_dealer.data = str(
                (before.game.first_dealer + last) % len(before.game.players)
            )
    page = render_template("sheet_new.html", form=form, kind=kind, title=game_title(kind))
    return page if request.method == "GET" else (page, 422)


@bp.route("/games/<int:game_id>/sheet/setup", methods=["GET", "POST"])
def setup(game_id: int) -> Page | BaseResponse:
    """Players, first dealer and rules can change until the first coup is entered."""
    stored = managed(game_id)
    form = NewSheetForm() if request.method == "POST" else NewSheetForm(formdata=None)
    if request.method == "GET":
        form.fill(stored.game)
        form.version.data = str(stored.version)
    elif (game := _game_from_form(form, stored.kind)) is not None and (
        saved := save_table(form, game_id, game)
    ) is not None:
        return saved
    page = render_template(
        "sheet_new.html",
        form=form,
        kind=stored.kind,
        title=game_title(stored.kind),
        stored=stored,
    )
    return page if request.method == "GET" else (page, 422)


def _renonce_choices(game: Any) -> list[tuple[str, str]]:
    if len(game.players) == 3:
        return [(name, name) for name in game.players]
    return [("nous", _("Nous")), ("eux", _("Eux"))]


def coup_form(stored: store.StoredGame, coup: Any = None) -> SheetCoupForm:
    form = sheet_coup_form(request.method == "POST", _renonce_choices(stored.game))
    if request.method != "POST":
        form.version.data = str(stored.version)
        report = stored.replay()
        if must_sans_atout(report):
            form.trump.data = "sans-atout"
        if coup is not None:
            item = games.dump_coup(stored.game, coup)
            (fill_brou if stored.kind == "brou" else fill_manille)(form, item)
    return form


def _coup_from_form(stored: store.StoredGame, form: SheetCoupForm) -> Any:
    """The coup the form describes, read as a game file's coup would be."""
    game = stored.game
    if stored.kind == "brou":
        if form.ending.data and form.ending_team.data not in ("nous", "eux"):
            raise GameError("team", N_("Which team?"))
        return load_brou_coup(brou_item(form))
    item = manille_item(form, game.rules.variant)
    data = games.dump_file(game.with_coups([]))
    return load_manille({**data, "coups": [item]}).coups[0]


def _refuse(form: SheetCoupForm, error: GameError) -> None:
    field = getattr(form, ERROR_FIELDS.get(error.field, "save"))
    field.errors = [*field.errors, error.translated(_)]


def _valid(stored: store.StoredGame, form: SheetCoupForm) -> bool:
    """Validate the fields this game shows; a stray value of another game's field is ignored."""
    form.validate()
    if stored.kind == "brou":
        shown = {"points", "points_eux", "ending", "ending_team", *form.mariage_names()}
    elif stored.game.rules.variant == "classique":
        shown = {"retourne", "points", "renonce"}
    else:
        shown = {"trump", "contre", "points", "renonce"}
    shown |= {"version", "note", "save", "csrf_token"}
    valid = True
    for field in form:
        if field.name not in shown:
            field.errors = []
        elif field.errors:
            valid = False
    return valid


def _candidate(stored: store.StoredGame, form: SheetCoupForm, position: int | None) -> Any:
    """The game replayed with the form's coup added or put at ``position``; None if refused."""
    if not _valid(stored, form):
        return None
    try:
        coup = _coup_from_form(stored, form)
        coups = list(stored.game.coups)
        if position is None:
            coups.append(coup)
        else:
            coups[position - 1] = coup
        return games.replay(stored.game.with_coups(coups))
    except GameError as error:
        _refuse(form, error)
        return None


def _context(stored: store.StoredGame) -> dict[str, Any]:
    report = stored.replay()
    return {
        "stored": stored,
        "report": report,
        "kind": stored.kind,
        "names": stored.game.players,
        "title": game_title(stored.kind),
        "teams": teams_line(stored.game.players),
        "rules_line": rules_words(stored.game.rules),
        "columns": sides(report),
        "standing": standing(report),
        "mariage_kinds": [(k, MARIAGE_WORDS[k]) for k in MARIAGE_KINDS],
        "mariage_field": mariage_field,
        "mariage_points": {k: ANNOUNCED[v] for k, v in MARIAGE_KINDS.items()},
    }


def render_sheet(
    stored: store.StoredGame, form: SheetCoupForm | None = None, status: int = 200
) -> Page:
    context = _context(stored)
    report = context["report"]
    shown = max(1, len(report.coups) - SHEET_RECENT + 1)
    page = render_template(
        "sheet.html",
        rows=list(reversed(rows(report, shown))),
        older=shown - 1,
        can_manage=can_manage(stored),
        form=form or coup_form(stored),
        action=ActionForm(formdata=None, version=str(stored.version)),
        must_sans_atout=must_sans_atout(report),
        next_dealer=None if report.finished else stored.game.players[report.next_dealer],
        **context,
    )
    return page if status == 200 else (page, status)


def _scored_text(report: Any, n: int) -> str:
    row = rows(report, n, n)[0]
    columns = sides(report)
    return ", ".join(f"{c} {v:+d}" for c, v in zip(columns, row.scored))


@bp.post("/games/<int:game_id>/sheet/coups")
def add(game_id: int) -> Page | BaseResponse:
    stored = managed(game_id)
    form = coup_form(stored)
    candidate = _candidate(stored, form, None)
    if candidate is None:
        return render_sheet(stored, form, 422)
    try:
        store.add_coup(get_db(), game_id, candidate.game.coups[-1], version=form_version(form))
    except store.Conflict:
        return render_sheet(changed_meanwhile(form, form.save, game_id), form, 409)
    n = len(candidate.coups)
    flash(_("Coup %(n)s saved: %(scored)s.", n=n, scored=_scored_text(candidate, n)))
    return redirect(url_for("table.game", game_id=game_id) + "#entry")


@bp.route("/games/<int:game_id>/sheet/coups/<int:n>/edit", methods=["GET", "POST"])
def edit(game_id: int, n: int) -> Page | BaseResponse:
    stored = managed(game_id)
    if stored.kind not in KINDS or not 1 <= n <= len(stored.game.coups):
        abort(404)
    form = coup_form(stored, stored.game.coups[n - 1])
    status = 200
    if request.method == "POST":
        candidate = _candidate(stored, form, n)
        if candidate is None:
            status = 422
        else:
            try:
                store.edit_coup(
                    get_db(), game_id, n, candidate.game.coups[n - 1], version=form_version(form)
                )
            except store.Conflict:
                stored = changed_meanwhile(form, form.save, game_id)
                status = 409
            else:
                flash(
                    _("Coup %(n)s corrected: %(scored)s.", n=n, scored=_scored_text(candidate, n))
                )
                return redirect(url_for("table.game", game_id=game_id) + "#sheet")
    context = _context(stored)
    page = render_template(
        "sheet_edit.html",
        n=n,
        form=form,
        delete=ActionForm(formdata=None, version=str(stored.version)),
        original=rows(context["report"], n, n)[0] if n <= len(context["report"].coups) else None,
        **context,
    )
    return page if status == 200 else (page, status)


@bp.post("/games/<int:game_id>/sheet/coups/<int:n>/delete")
def delete(game_id: int, n: int) -> Page | BaseResponse:
    stored = managed(game_id)
    form = ActionForm()
    if not 1 <= n <= len(stored.game.coups) or not form.validate():
        abort(400)
    try:
        store.delete_coup(get_db(), game_id, n, version=form_version(form))
    except store.Conflict:
        flash(str(CHANGED))
    except GameError as error:
        flash(_("Coup %(n)s cannot be deleted: %(why)s", n=n, why=error_text(error)))
    else:
        flash(_("Coup %(n)s deleted; the sheet is counted again.", n=n))
    return redirect(url_for("table.game", game_id=game_id) + "#sheet")


@bp.post("/games/<int:game_id>/sheet/undo")
def undo(game_id: int) -> BaseResponse:
    stored = managed(game_id)
    form = ActionForm()
    if not stored.game.coups or not form.validate():
        abort(400)
    try:
        store.delete_coup(get_db(), game_id, None, version=form_version(form))
    except store.Conflict:
        flash(_("The game changed meanwhile: nothing was undone. Here is the latest state."))
    else:
        flash(_("Coup %(n)s undone.", n=len(stored.game.coups)))
    return redirect(url_for("table.game", game_id=game_id) + "#entry")


def hombre_pages_only() -> None:
    """A chip page asked for a points game answers 404 (its sheet has no payments)."""
    game_id = (request.view_args or {}).get("game_id")
    if game_id is None or request.endpoint in SHARED:
        return
    if access.readable_head(game_id).kind != "hombre":
        abort(404)


def sheet_settlement(stored: store.StoredGame, file_text: str, pdf: bool = False) -> str:
    """The final sheet: result, the whole sheet, and how to check it again."""
    return render_template(
        "sheet_settlement.html",
        pdf=pdf,
        sha256=hashlib.sha256(file_text.encode()).hexdigest(),
        rows=rows(stored.replay()),
        **_context(stored),
    )
