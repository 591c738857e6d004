"""Home, import and export, the language: what no game owns.

Starting a game is its web half's (l'Hombre's ``/games/new``, the others'
``/games/new/<name>``); they store it through ``creating.created``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Response, abort, current_app, redirect, render_template, request, url_for
from flask_babel import get_translations, ngettext
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse
from wtforms import Field

from .. import clubs, store
from ..db import get_db
from ..i18n import COOKIE, LANGUAGES
from ..rights import access
from ..rules import importing, kinds, seat_file, seating, stopping
from ..rules.errors import Faults, GameError
from ..rules.file_order import coups_held, coups_in, in_file_order
from ..rules.gamefile import RepeatedName, json_object, json_text
from ..rules.kind import Game, GameKind
from ..rules.money import Money
from ..rules.seating import SeatChange
from . import blueprints
from .events import listing
from .formats.numbers import grouped
from .formats.words import refusal_sentence
from .forms import ActionForm, ImportForm, bounded_arg, clash_text, same_site_path
from .kept.expensive import expensive, game_key
from .starting.creating import created, evening_arg
from .table.gamefiles import game_file_text

bp = blueprints.games


PAGE_SIZE = 20


@bp.get("/")
def home() -> str:
    """The games this browser manages or follows (all of them for the admin), newest first,
    and the newest events it runs (``/events`` lists them all).

    Listed from their rows, a page at a time: no game is replayed to list it.
    """
    page = bounded_arg("page", 1, 1, 10**6)
    rows, total = store.list_rows(get_db(), access.visible_ids(), PAGE_SIZE, (page - 1) * PAGE_SIZE)
    pages = max(1, -(-total // PAGE_SIZE))
    events, events_total = listing.runs(listing.HOME_SIZE)
    made = {row.id: row.created_at for row in rows if isinstance(row, store.GameRow)}
    listed = [row for row in rows if isinstance(row, store.GameRow)]
    return render_template(
        "home.html",
        days=clubs.days_played(get_db(), made),
        names=clubs.seat_names_now(get_db(), listed),
        events=events,
        events_total=events_total,
        rows=rows,
        page=page,
        pages=pages,
        admin=access.is_admin(),
        csrf_form=ActionForm(formdata=None),
    )


@bp.route("/games/import", methods=["GET", "POST"])
def import_game() -> str | BaseResponse | tuple[str, int]:
    """A game file imported as a new game; with ``?evening=`` (the evening page's link, for
    its club's managers while it is open) as that evening's next table, asked before the
    form is shown: 404 to anyone else, 409 once it is closed (``evening_arg``)."""
    evening = evening_arg()
    form = ImportForm()
    if form.validate_on_submit():
        upload = form.file.data
        field: Field
        if upload and upload.filename:
            raw = upload.read()
            field = form.file
        else:
            raw = (form.text.data or "").encode()
            field = form.text
        parsed = _parse_game_file(raw, field)
        if parsed is not None:
            game, money, changes, stopped = parsed
            made = created(
                game,
                store.Action.IMPORT,
                money,
                seat_changes=changes,
                stopped=stopped,
                form=form,
                field=field,
            )  # None: refused beside the file (a member at two seats), the text kept
            if made is not None:
                return made
    page = render_template("import.html", form=form, evening=evening)
    return page if request.method == "GET" else (page, 422)


def _parse_game_file(
    raw: bytes, field: Any
) -> tuple[Game, Money | None, tuple[SeatChange, ...], bool] | None:
    """The game, chip value, seat changes and stop of a game file, or None with the refusal."""
    if not raw.strip():
        field.errors = [_("Choose a game file or paste its JSON.")]
        return None
    try:
        data = importing.parse(raw)
        head = json_object(data)
    except GameError as error:  # no JSON object: nothing else to read
        field.errors = file_refusals([error], 0)
        return None
    faults = Faults()  # each part read apart from those it does not need, refused together
    game = faults.get(lambda: kinds.load_file(head))
    changes: tuple[SeatChange, ...] | None = None
    stopped: bool | None = None
    if game is not None:  # the seat changes, the stop and the replay need the game
        with faults.check():
            changes = seat_file.load(head, kinds.kind_of(game), game)
            stopped = stopping.load(head, game, changes)  # needs who sits down when
        with faults.check():
            kinds.replay_file(game)  # needs neither the seat changes nor the stop
    kind = _kind_named(head)  # the chip value needs only the game's kind
    money = None if kind is None else faults.get(lambda: kind.file_money(head))
    if faults.found:
        field.errors = file_refusals(in_file_order(faults.found, head), coups_in(head))
        return None
    assert game is not None and changes is not None and stopped is not None
    return game, money, changes, stopped


def _kind_named(head: Mapping[str, object]) -> GameKind | None:
    """The kind a file's ``game`` and rules name, read or not (None: no game kept)."""
    game = head.get("game")
    return kinds.stored_kind(game, head.get("rules")) if game in kinds.GAMES else None


SHOWN = 5
"""The faults of one file the import lists; past them it says how many more (a hostile
file may hold thousands of unknown rules, each a fault: the page stays a few lines)."""


def file_refusals(faults: Sequence[GameError], coups: int) -> list[str]:
    """Why a game file is refused, a sentence a fault in the reader's language, in the order
    the file writes what they name (``gamefile.in_file_order``): each fault found apart from
    the others (its head's, its rules', each coup's, its money's), at most ``SHOWN`` then how
    many more; two players who are one person said as the new-game form says them
    (``gamefile.RepeatedName``: ``forms.clash_text``, its rule and its words); after the last
    refusal that keeps the file's ``coups`` from being checked or replayed, once, what they
    wait for (``GameError.coups_wait``, ``file_order.coups_held``, the command's sentence in
    the reader's words): the players, whom the coups name, the game, or an l'Hombre money
    system, none read; any other fault of the head or of a coup as written, all read, none
    replayed; a coup the replay refused, those after it read, not replayed."""
    shown = faults[:SHOWN]
    held = max((n for n, fault in enumerate(shown) if fault.coups_wait), default=None)
    lines = []
    for n, fault in enumerate(shown):
        lines.append(
            str(clash_text(fault.name, fault.other))
            if isinstance(fault, RepeatedName)
            else refusal_sentence(fault)
        )
        said = coups_held(fault, coups, get_translations().ngettext, grouped) if n == held else None
        if said is not None:
            lines.append(said)
    more = len(faults) - SHOWN
    if more > 0:
        lines.append(
            ngettext(
                "And %(more)s more fault in this file.",
                "And %(more)s more faults in this file.",
                more,
                more=grouped(more),
            )
        )
    return lines


@bp.get("/games/<int:game_id>/game.json")
def game_file(game_id: int) -> Response:
    stored = access.readable(game_id)
    return Response(
        game_file_text(stored),
        mimetype="application/json",
        headers={"Content-Disposition": f"attachment; filename=game-{game_id}.json"},
    )


@bp.get("/games/<int:game_id>/report.json")
@expensive(game_key)
def report_file(game_id: int) -> Response:
    stored = access.readable(game_id)
    text = stored.derived.get("report.json")
    if text is None:  # made once per version
        report = stored.replay()
        data = {
            **kinds.dump_report(report),
            **seating.report_keys(stored.kind, stored.seat_changes, report),
            **stopping.report_keys(stored.stopped),
        }
        text = stored.derived["report.json"] = json_text(data)
    return Response(text, mimetype="application/json")


@bp.get("/lang/<code>")
def language(code: str) -> BaseResponse:
    if code not in LANGUAGES:
        abort(404)
    response = redirect(same_site_path(request.args.get("next", "")) or url_for("games.home"))
    response.set_cookie(
        COOKIE,
        code,
        max_age=3600 * 24 * 365,
        samesite="Lax",
        httponly=True,
        secure=bool(current_app.config.get("BEHIND_TLS")),
    )
    return response
