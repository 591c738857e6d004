"""The points games' pages (Homme de Brou, Manille): new sheet, the sheet, its coups.

The same store, links, change log and coup flow (web/coups.py) as
l'Hombre; this module draws what a points sheet shows of them.
"""

from __future__ import annotations

import hashlib
from typing import Any

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from .. import access, store
from ..access import can_manage, managed
from ..rules import kinds
from ..rules.brou.engine import ANNOUNCED
from ..rules.errors import N_, GameError
from ..rules.kind import GameKind
from .forms import ActionForm, entry_for
from .forms.points import MARIAGE_KINDS, MARIAGE_WORDS, NewSheetForm, mariage_field
from .games import created, save_table
from .present import error_text
from .sheet_view import (
    must_sans_atout,
    rows,
    rules_words,
    sheet_text,
    sides,
    standing,
    teams_line,
)

bp = Blueprint("sheets", __name__)

SHEET_RECENT = 30
"""Lines of the sheet on the game page; the final sheet has them all."""
SETTLEMENT_SHOWN = 60
"""Lines of the final sheet on screen; its PDF has them all."""
PDF_BLOCK = 25
"""Coups per paragraph of the PDF's sheet, as in the l'Hombre journal."""
NEW_FIELDS = {"players": "player0", "first_dealer": "first_dealer"}
ENTRY = "#entry"
"""Where the page opens after a coup is saved or undone."""
COUPS = "#sheet"
"""Where it opens after a correction or a deletion."""
Page = str | tuple[str, int]


def _sheet_kind(name: str) -> GameKind:
    """The kind behind ``/games/new/<name>``: a game drawn by these pages, else 404."""
    if name not in kinds.GAMES or kinds.first_of(name).page != __name__.rpartition(".")[2]:
        abort(404)
    return kinds.first_of(name)


def _game_from_form(form: NewSheetForm, kind: GameKind) -> Any:
    """The game the form describes, or None with the refusal beside its field."""
    if not form.validate():
        return None
    players = form.players()
    try:
        seat = int(form.first_dealer.data or 0)
        if seat >= len(players):
            raise GameError("first_dealer", N_("the first dealer is one of the players"))
        game = kinds.build(kind.game, players, entry_for(kind).rules_of(form), seat, [])
        kinds.replay(game)
    except GameError as error:
        name = NEW_FIELDS.get(error.field, error.field.removeprefix("rules."))
        field = getattr(form, name, form.create)
        field.errors = [*field.errors, error_text(error)]
        return None
    return game


@bp.route("/games/new/<name>", methods=["GET", "POST"])
def new_sheet(name: str) -> Page | BaseResponse:
    kind = _sheet_kind(name)
    form = NewSheetForm() if request.method == "POST" else NewSheetForm(formdata=None)
    if request.method == "POST" and (game := _game_from_form(form, kind)) is not None:
        return created(game, store.Action.CREATE, None)
    previous = request.args.get("again", type=int)
    if request.method == "GET" and previous is not None:
        # the same table plays again: same players and rules, the deal passes on
        before = access.readable(previous)
        if before.kind.game == kind.game:
            form.fill(before.game)
            report = before.replay()
            last = len(report.coups)
            form.first_dealer.data = str(
                (before.game.first_dealer + last) % len(before.game.players)
            )
    page = render_template("sheet/new.html", form=form, kind=kind, title=_(kind.title))
    return page if request.method == "GET" else (page, 422)


@bp.route("/games/<int:game_id>/sheet/setup", methods=["GET", "POST"])
def setup(game_id: int) -> Page | BaseResponse:
    """Players, first dealer and rules can change until the first coup is entered."""
    stored = managed(game_id)
    _sheet_kind(stored.kind.game)
    form = NewSheetForm() if request.method == "POST" else NewSheetForm(formdata=None)
    if request.method == "GET":
        form.fill(stored.game)
        form.version.data = str(stored.version)
    elif (game := _game_from_form(form, stored.kind)) is not None and (
        saved := save_table(form, game_id, game)
    ) is not None:
        return saved
    page = render_template(
        "sheet/new.html",
        form=form,
        kind=stored.kind,
        title=_(stored.kind.title),
        stored=stored,
    )
    return page if request.method == "GET" else (page, 422)


def _context(stored: store.StoredGame) -> dict[str, Any]:
    report = stored.replay()
    return {
        "stored": stored,
        "report": report,
        "kind": stored.kind,
        "names": stored.game.players,
        "title": _(stored.kind.title),
        "teams": teams_line(stored.game.players),
        "rules_line": rules_words(stored.game.rules),
        "columns": sides(report),
        "standing": standing(report),
        "must_sans_atout": must_sans_atout(report),
        "mariage_kinds": [(k, MARIAGE_WORDS[k]) for k in MARIAGE_KINDS],
        "mariage_field": mariage_field,
        "mariage_points": {k: ANNOUNCED[v] for k, v in MARIAGE_KINDS.items()},
    }


def render(
    stored: store.StoredGame, form: Any = None, preview: Any = None, status: int = 200
) -> Page:
    """The sheet page: where the game stands, the coup entry, the latest lines."""
    context = _context(stored)
    report = context["report"]
    shown = max(1, len(report.coups) - SHEET_RECENT + 1)
    page = render_template(
        "sheet/sheet.html",
        rows=list(reversed(rows(report, shown))),
        older=shown - 1,
        can_manage=can_manage(stored),
        form=form or entry_for(stored.kind).coup_form(stored),
        preview=None if preview is None else _line(preview, len(preview.coups)),
        action=ActionForm(formdata=None, version=str(stored.version)),
        next_dealer=None if report.finished else stored.game.players[report.next_dealer],
        **context,
    )
    return page if status == 200 else (page, status)


def _line(report: Any, n: int) -> Any:
    return rows(report, n, n)[0]


def preview_fragment(stored: store.StoredGame, form: Any, after: Any, position: int | None) -> str:
    """The live check of a coup: the line it would mark on the sheet, or the refusal."""
    n = len(after.coups) if after is not None and position is None else position
    return render_template(
        "sheet/_preview.html",
        form=form,
        line=None if after is None or n is None else _line(after, n),
        columns=sides(after if after is not None else stored.replay()),
    )


def render_edit(
    stored: store.StoredGame, n: int, form: Any, before: Any, after: Any, status: int
) -> Page:
    context = _context(stored)
    page = render_template(
        "sheet/edit.html",
        n=n,
        form=form,
        delete=ActionForm(formdata=None, version=str(stored.version)),
        original=_line(context["report"], n) if n <= len(context["report"].coups) else None,
        preview=None if after is None else _line(after, n),
        **context,
    )
    return page if status == 200 else (page, status)


def render_delete(
    stored: store.StoredGame,
    n: int,
    form: Any,
    before: Any,
    after: Any,
    error: str | None,
    status: int,
) -> Page:
    """A sheet line is deleted from its correction page; asking to confirm shows it."""
    return (
        render_edit(
            stored,
            n,
            entry_for(stored.kind).coup_form(stored, stored.game.coups[n - 1]),
            before,
            None,
            status,
        )
        if error is None
        else _refused_delete(stored, n, error)
    )


def _refused_delete(stored: store.StoredGame, n: int, error: str) -> Page:
    form = entry_for(stored.kind).coup_form(stored, stored.game.coups[n - 1])
    form.save.errors = [_("Coup %(n)s cannot be deleted: %(why)s", n=n, why=error)]
    return render_edit(stored, n, form, stored.replay(), None, 409)


def _scored_text(report: Any, n: int) -> str:
    row = _line(report, n)
    return ", ".join(f"{c} {v:+d}" for c, v in zip(sides(report), row.scored))


def coup_text(report: Any, n: int) -> str:
    """Coup ``n`` of a replay in a line of words (the change log)."""
    row = _line(report, n)
    scored = _scored_text(report, n)
    return f"{row.detail}: {scored}" if row.detail else scored


def saved_text(after: Any, n: int) -> str:
    return str(_("Coup %(n)s saved: %(scored)s.", n=n, scored=_scored_text(after, n)))


def corrected_text(before: Any, after: Any, n: int) -> str:
    return str(_("Coup %(n)s corrected: %(scored)s.", n=n, scored=_scored_text(after, n)))


def deleted_text(before: Any, after: Any, n: int) -> str:
    return str(_("Coup %(n)s deleted; the sheet is counted again.", n=n))


def undone_text(before: Any, after: Any, n: int) -> str:
    return str(_("Coup %(n)s undone.", n=n))


def render_settlement(stored: store.StoredGame, file_text: str, pdf: bool = False) -> str:
    """The final sheet: result, the whole sheet (on screen its last lines), how to check it."""
    report = stored.replay()
    lines = rows(report, 1 if pdf else max(1, len(report.coups) - SETTLEMENT_SHOWN + 1))
    return render_template(
        "sheet/settlement.html",
        pdf=pdf,
        sha256=hashlib.sha256(file_text.encode()).hexdigest(),
        rows=lines,
        # the PDF's sheet: lines of text in blocks of 25 coups (sheet_text says why)
        blocks=[sheet_text(lines[i : i + PDF_BLOCK]) for i in range(0, len(lines), PDF_BLOCK)]
        if pdf
        else [],
        **_context(stored),
    )
