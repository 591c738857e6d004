"""L'Hombre's own pages of a game: all its coups (the journal) and the whole fiche
(``table.journal``, ``table.full_fiche``: their endpoint names are kept). A club's
member is named by their name now on both, as on the game page and the settlement."""

from __future__ import annotations

from flask import render_template
from werkzeug.wrappers import Response as BaseResponse

from ...rights.access import can_manage, readable
from ...rules.hombre.family import hombre_report
from .. import blueprints
from ..kept.arguments import asked_page, past_the_last, reads
from ..table.seat_words import names_now, seat_names, seated_now
from .guard import hombre_only
from .present import fiche
from .who_paid import paid_now

bp = blueprints.table
JOURNAL_PAGE = 25


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
    now = names_now(stored)  # a club's member by their name now, as the settlement
    return render_template(
        "hombre/journal.html",
        can_manage=can_manage(stored),
        stored=stored,
        report=report,
        names=tuple(now.get(name, name) for name in stored.game.players),
        now=now,
        seated=seated_now(stored, now),
        who_paid=paid_now(stored, now),  # who paid each payment of coup n
        seat_names=seat_names(stored, now),
        coups=shown,
        page=page,
        pages=pages,
    )


@bp.get("/games/<int:game_id>/fiche")
@hombre_only
def full_fiche(game_id: int) -> str:
    stored = readable(game_id)
    lines, _hidden = fiche(hombre_report(stored.replay()))
    now = names_now(stored)  # a club's member by their name now, as the settlement
    return render_template(
        "hombre/fiche.html",
        stored=stored,
        names=seat_names(stored, now),
        seated=seated_now(stored, now),
        fiche=lines,
    )
