"""L'Hombre's pages: the game page the bête manager lives on, the journal, the fiche.

The coup flow itself (add, check, correct, delete, undo) is the same for
every game (web/table/coups.py); ``HombrePages`` draws what l'Hombre shows of it.
The journal and the fiche are l'Hombre's own pages (``table.journal``,
``table.full_fiche``: their endpoint names are kept).
"""

from __future__ import annotations

from typing import Any

from flask import render_template, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ... import store
from ...rights.access import can_manage, readable
from ...rules.errors import GameError
from ...rules.hombre.family import hombre_report
from ...rules.hombre.pot import PotDeal
from ...rules.kind import Standing
from ...rules.ledger import net_changes
from .. import blueprints
from ..formats.words import signed
from ..forms import ActionForm
from ..hookspecs import Page
from ..kept.arguments import asked_page, past_the_last, reads
from ..table.seat_words import seat_names
from .forms import coup_form
from .guard import hombre_only
from .present import fiche, outcome_text

bp = blueprints.table
RECENT = 8
FICHE_SETTLED = 12
JOURNAL_PAGE = 25


def after_pass(stored: store.StoredGame) -> tuple[int, int] | None:
    """What "Tous passent" carries, shown on its button before it saves: the next coup's
    number and what it is played for (the enjeu, or the pot); None when a pass is refused."""
    game = stored.game
    try:
        coup = stored.kind.load_coup({"pass": True}, game)
        after = stored.kind.extend(stored.replay(), game.with_coups([*game.coups, coup]))
    except GameError:
        return None
    deal = hombre_report(after).next
    if deal is None:
        return None
    return deal.n, deal.pot if isinstance(deal, PotDeal) else deal.enjeu


def render_game(
    stored: store.StoredGame,
    form: Any = None,
    preview: Standing | None = None,
    status: int = 200,
) -> Page:
    report = hombre_report(stored.replay())
    fresh = form is None and request.method != "POST"
    manager = can_manage(stored)
    if form is None and (manager or report.finished):  # a follower's page has no form
        form = coup_form(stored)
    kept = stored.derived.get("fiche")
    if kept is None:  # the fiche's lines of this version, made once
        kept = stored.derived["fiche"] = fiche(report, FICHE_SETTLED)
    lines, hidden = kept
    page = render_template(
        "hombre/game.html",
        can_manage=manager,
        stored=stored,
        report=report,
        names=stored.game.players,
        seat_names=seat_names(stored),
        entry_names=stored.seated(),
        form=form,
        action=ActionForm.at(stored.version) if manager else None,
        preview=None if preview is None else preview.coups[-1],
        preview_report=preview,
        preview_nets=None if preview is None else preview.tally,
        recent=list(reversed(report.coups[-RECENT:])),
        fiche=lines,
        fiche_hidden=hidden,
        outcome_text=outcome_text,
        passing=after_pass(stored) if manager and not report.finished else None,
        fields_key=fields_key(stored, form) if fresh and form is not None else None,
    )
    return (page, status) if status != 200 else page


def fields_key(stored: store.StoredGame, form: Any) -> tuple[object, ...]:
    """What a fresh coup form's fields read (besides the language): kept/fragments.py.

    Its choices are the players who play and the contracts the rules allow, its
    inputs the kind's; nothing is filled in or refused yet.
    """
    game, seated = stored.game, tuple(stored.seated())  # who sits now (a seat taken)
    fields = (game.players, seated, game.rules, form.playing, form.sits_out)
    return ("coup-fields", stored.kind, *fields)


def preview_fragment(
    stored: store.StoredGame, form: Any, after: Standing | None, position: int | None
) -> str:
    """The live check of a coup: its outcome and payments, or the refusal."""
    result = None
    names = stored.game.players
    if after is not None:
        at = len(after.game.coups) if position is None else position
        result, names = after.coups[at - 1], stored.seated(at)  # who sits in that coup
    return render_template(
        "hombre/_preview.html",
        form=form,
        result=result,
        names=names,
        changes=None if after is None or position is None else net_changes(stored.replay(), after),
        people=None
        if after is None or position is None
        else stored.person_changes(after.game.coups, None),
        nets=None if after is None or position is not None else after.tally,
    )


def render_edit(
    stored: store.StoredGame,
    n: int,
    form: Any,
    before: Standing,
    after: Standing | None,
    status: int,
) -> Page:
    page = render_template(
        "hombre/edit_coup.html",
        stored=stored,
        names=stored.seated(n),
        n=n,
        form=form,
        original=before.coups[n - 1],
        preview=None if after is None else after.coups[n - 1],
        changes=None if after is None else net_changes(before, after),
        people=None if after is None else stored.person_changes(after.game.coups, None),
    )
    return page if status == 200 else (page, status)


def render_delete(
    stored: store.StoredGame,
    n: int,
    form: Any,
    before: Standing,
    after: Standing | None,
    error: str | None,
    status: int,
) -> Page:
    page = render_template(
        "hombre/delete_coup.html",
        stored=stored,
        names=stored.seated(n),
        n=n,
        form=form,
        original=before.coups[n - 1],
        changes=None if after is None else net_changes(before, after),
        people=None if after is None else stored.person_changes(after.game.coups, n),
        error=error,
    )
    return page if status == 200 else (page, status)


def saved_text(after: Standing, n: int, names: tuple[str, ...] | None = None) -> str:
    """The flash after a coup is saved, naming who sat in it (``names``, seat by seat)."""
    result = hombre_report(after).coups[-1]
    names = names or after.game.players
    what = outcome_text(result, names)
    saved = str(_("Coup %(n)s saved: %(what)s", n=result.deal.n, what=what))
    paid = ", ".join(f"{names[t.payer]} → {names[t.payee]} {t.amount}" for t in result.transfers)
    paid_text = _("Paid: %(payments)s.", payments=paid) if paid else _("No payment.")
    return f"{saved}. {paid_text}"


def corrected_text(before: Standing, after: Standing, n: int) -> str:
    return _changes_text(_("Coup %(n)s corrected.", n=n), before, after)


def deleted_text(before: Standing, after: Standing, n: int) -> str:
    return _changes_text(_("Coup %(n)s deleted.", n=n), before, after)


def undone_text(before: Standing, after: Standing, n: int) -> str:
    return _changes_text(_("Coup %(n)s undone.", n=n), before, after)


def coup_text(report: Standing, n: int, names: tuple[str, ...] | None = None) -> str:
    """Coup ``n`` of a replay in a line of words (the change log), naming who sat in it."""
    return outcome_text(hombre_report(report).coups[n - 1], names or report.game.players)


def _changes_text(what: str, before: Standing, after: Standing) -> str:
    changes = net_changes(before, after)
    if not changes:
        return what + " " + _("The nets did not change.")
    parts = [f"{c.name} {signed(c.before)} → {signed(c.after)}" for c in changes]
    return what + " " + _("Nets: %(changes)s.", changes=", ".join(parts))


@bp.get("/games/<int:game_id>/coups")
@reads("page")
@hombre_only
def journal(game_id: int) -> str | BaseResponse:
    stored = readable(game_id)
    report = hombre_report(stored.replay())
    pages = max(1, -(-len(report.coups) // JOURNAL_PAGE))
    if (last := past_the_last(pages)) is not None:
        return last
    page = asked_page()
    newest_first = list(reversed(report.coups))
    shown = newest_first[(page - 1) * JOURNAL_PAGE : page * JOURNAL_PAGE]
    return render_template(
        "hombre/journal.html",
        can_manage=can_manage(stored),
        stored=stored,
        report=report,
        names=stored.game.players,
        seat_names=seat_names(stored),
        coups=shown,
        page=page,
        pages=pages,
    )


@bp.get("/games/<int:game_id>/fiche")
@hombre_only
def full_fiche(game_id: int) -> str:
    stored = readable(game_id)
    lines, _hidden = fiche(hombre_report(stored.replay()))
    return render_template(
        "hombre/fiche.html", stored=stored, names=seat_names(stored), fiche=lines
    )
