"""An evening's pages: its tables as they stand, followed live, and the room's settlement.

The room (scorekeeper/clubs/room.py) is computed from the games; here it
is put in words: each chip table's nets by member, each points table's
standing as its own sheet shows it. In money, the room's settlement shows
each member's result, what they paid or received for the evening in the
cash box and what is left, with the cash box's suggested transfers
(clubs/purse.py); the club's managers mark one paid here, in the cash box.
"""

from __future__ import annotations

from typing import NamedTuple
from urllib.parse import urlencode

from flask import Response, abort, flash, jsonify, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response as BaseResponse

from ... import clubs
from ...cashbox.entries import METHODS
from ...cashbox.open_items import DayFees, of_evening
from ...cashbox.settle import Suggestion
from ...clock import today
from ...clubs import accounts, cash_reads, presets
from ...clubs.purse import NotOwed, evening_purse
from ...clubs.room import Room, Table, room_of
from ...db import get_db
from ...rights import access
from ...rules import kinds
from ...store import closings
from .. import blueprints, registry
from ..formats.collation import by_name, name_key
from ..formats.words import capital, not_owed, signed
from ..forms import CLUB_CHANGED, ActionForm, form_version, whole
from ..kept.expensive import evening_key, expensive
from ..printing.chain_heads import club_ledger, game_chain
from ..printing.pdf import pdf_response, printed
from ..registry import standing
from ..table.seat_words import seat_lines
from . import lost_fee
from .cash_forms import KIND_WORDS, PayForm, paid

SETTLEMENT = printed("club/settlement.html")
"""The evening's settlement, also the PDF's."""

UNPLAYED = _l("No coup played: this table counts for nobody.")
"""A table opened and never played (``room.played``), as the evening's page and the room
list it: it is there, and no count of the room's tables counts it."""

bp = blueprints.clubs


def _evening(evening_id: int) -> tuple[clubs.Evening, clubs.Club]:
    """The evening and its club, if this browser may read the club; else 404."""
    found = clubs.evening(get_db(), evening_id) if 1 <= evening_id <= access.MAX_ID else None
    if found is None:
        abort(404)
    return found, access.readable_club(found.club_id)


class Words(NamedTuple):
    """The room in words: each table's game, rule set and standing, and those still playing."""

    titles: dict[int, tuple[str, str]]  # table number: (its game, its rule set in a line)
    lines: dict[int, list[str]]  # table number: where it stands, a line each
    playing: list[int]  # the tables played whose game is not over (stopped: over)
    unplayed: list[int]  # the tables where no coup was played yet (``Table.played``)


def _room(evening_id: int) -> tuple[Room, Words]:
    """The evening's room, and where each table stands in words (by table number)."""
    found, club = _evening(evening_id)
    room = room_of(get_db(), found, club)
    titles = {}
    for table in room.tables:
        web = registry.web_of(table.stored.kind)
        titles[table.no] = (
            _(web.label or web.title),
            web.pages.rules_text(table.stored.game.rules),
        )
    lines = {table.no: _lines(table, room) for table in room.tables}
    # the room is PROVISIONAL while a table has still to play: one where no coup was played
    # yet too (its players' money is to come), said apart as the close's question says it
    # (it counts for nobody and has nothing to stop: store/stops.py ``playing``); a stopped
    # game replays over
    playing = [t.no for t in room.tables if t.played and not t.stored.replay().finished]
    unplayed = [t.no for t in room.tables if not t.played]
    return room, Words(titles, lines, playing, unplayed)


def _lines(table: Table, room: Room) -> list[str]:
    """A chip table: each member's net; a points table: its standing, a line each, then
    who took a seat from which coup (the room lists the leaver's points too)."""
    if table.nets is None:  # who sits there, by their member's name now (renamed since)
        names = table.names_now(room.members)
        return standing(table.stored, names) + seat_lines(table.stored, names)
    return [f"{room.members[m].name} {signed(n)}" for m, n in table.members_nets()]


def _kind_links(evening_id: int, club_id: int) -> list[tuple[str, str]]:
    """Where to open a new table for this evening: the club's own presets first, then each game.

    A preset opens its game's new-table form with it chosen (l'Hombre's own
    new-game page too).
    """
    first = []
    for name, key, _rules in presets.club_presets(get_db(), club_id):
        kind = kinds.find_kind(key)
        web = None if kind is None else registry.web_of(kind)
        if web is not None:
            href = web.new_game_url(evening=evening_id) + "&" + urlencode({"preset": name})
            first.append((name, href))
    return first + [
        (capital(_(web.label or web.title)), web.new_game_url(evening=evening_id))
        for web in registry.WEBS
    ]


@bp.get("/evenings/<int:evening_id>")
def evening(evening_id: int) -> str:
    room, words = _room(evening_id)
    manager = access.can_manage_club(room.club.id)
    closed = closings.closed(get_db(), evening_id)
    return render_template(
        "club/evening.html",
        version=clubs.evening_version(get_db(), room.evening.id),
        room=room,
        words=words,
        UNPLAYED=UNPLAYED,
        manager=manager,
        closed=closed,
        closing_form=ActionForm(formdata=None, version=str(room.club.version)),
        new_tables=_kind_links(evening_id, room.club.id) if manager and not closed else [],
    )


@bp.get("/evenings/<int:evening_id>/version")
def evening_version(evening_id: int) -> BaseResponse:
    """What the evening's page polls to follow every table live (static/follow.js)."""
    found, _club = _evening(evening_id)
    response = jsonify(version=clubs.evening_version(get_db(), found.id))
    response.headers["Cache-Control"] = "no-store"
    return response


def _evening_fees(
    room: Room, book: accounts.Accounts, every: list[clubs.Evening]
) -> DayFees | None:
    """The evening's fees, as the cash box's view of the evening lists them
    (``Accounts.fees_on``, ``book`` the rows of the members it speaks of:
    ``cash_reads.of_evening``), those of its day naming no evening apart when the day has
    two evenings or more (``every``: the club's); None without one (no account worked out)."""
    shown = room.evening
    # as its day's only evening: its own fees and those of its day naming none
    if not any(of_evening(e, shown.id, shown.date) for e in book.entries):
        return None
    order = [m.id for m in by_name(room.members.values(), lambda m: m.name)]
    return book.fees_on(shown, order, cash_reads.sharing_its_day(every, shown))


def _lost_notes(room: Room, fees: DayFees) -> dict[int, str]:
    """The words beside each fee per lost game listed (``fees``: none reversed) whose
    evening's games say another count now than it was charged for, as the cash box says
    them (``lost_fee.since_notes``, ``fee_charging.lost_since``), by entry id; the evening's
    games read from ``room``, the page's."""
    listed = [e for e, _left in (*fees.rows, *fees.apart)]
    return lost_fee.since_notes(room.club, listed, (), lost_fee.read(room))


def _settlement_page(evening_id: int, pdf: bool) -> str:
    room, words = _room(evening_id)
    purse, fees = None, None
    if room.club.money is not None:  # a points club's room has no money (evening_purse)
        # the rows of the members the evening speaks of, read once (the cash box's evening
        # view reads the same: its purse and fees are the whole ledger's, test_cash_sums)
        every = clubs.evenings(get_db(), room.club.id)  # read once: its results, its fees
        book = cash_reads.of_evening(get_db(), room.club, room.evening, every)
        purse = evening_purse(get_db(), room.club, room.evening, book.entries)
        # the fees of the evening's day: the room settles its tables only, and its printed
        # page, all a points evening hands out, said nothing of the fees its players owe
        fees = None if purse is None else _evening_fees(room, book, every)
    # beside a fee per lost game charged for other games lost than its evening's say now:
    # what the cash box says (lost_fee.since_notes), from the room read above
    notes = {} if fees is None else _lost_notes(room, fees)
    manager = not pdf and access.can_manage_club(room.club.id)
    closed = closings.closed(get_db(), evening_id)
    # each table's change-log head, and the club ledger's: what the room witnesses
    chains = {table.no: game_chain(table.stored.id) for table in room.tables}
    ledger = club_ledger(room.club.id)
    return render_template(
        SETTLEMENT,
        room=room,
        name_key=name_key(),  # a list of members: the reader's collation (as the season)
        words=words,
        UNPLAYED=UNPLAYED,
        pdf=pdf,
        chains=chains,
        ledger=ledger,
        closed=closed,  # closed: final, never PROVISIONAL
        purse=purse,
        day_fees=fees,
        lost_notes=notes,
        names={m: member.name for m, member in room.members.items()},
        KIND_WORDS=KIND_WORDS,
        # a closed evening's results are in the cash box: no payment is marked on its room
        pay_form=PayForm(formdata=None, version=str(room.club.version))
        if manager and not closed
        else None,
    )


@bp.get("/evenings/<int:evening_id>/settlement")
def settlement(evening_id: int) -> str:
    return _settlement_page(evening_id, pdf=False)


@bp.post("/evenings/<int:evening_id>/settlement/pay")
def pay_room(evening_id: int) -> BaseResponse | tuple[str, int]:
    """A suggested transfer of the room paid: recorded in the cash box, for this evening.

    The club's managers only (checked before anything else is read); the
    same payment as the cash box's own (clubs/accounts.pay), naming the evening.
    """
    found, club = _evening(evening_id)
    club = access.managed_club(club.id)
    form = PayForm()
    if not form.validate():
        abort(400)
    version = form_version(form)
    payer, payee, amount = whole(form.payer.data), whole(form.payee.data), whole(form.amount.data)
    method = form.method.data if form.method.data in METHODS else ""
    if payer is None or payee is None or amount is None or not method or club.money is None:
        abort(400)
    try:
        written = accounts.pay(
            get_db(),
            club.id,
            version,
            Suggestion(payer, payee, amount),
            today(),
            method,
            evening=found.id,
        )
    except NotOwed as error:  # closed, or not what the room owes: the page says why
        message, status = not_owed(error)
        return _refused(found, message, status)
    except clubs.Refused:
        abort(400)
    except clubs.Conflict:
        return _refused(found, str(CLUB_CHANGED), 409)
    flash(paid(club, written))  # what was recorded, as a cash box's entry says it
    return redirect(url_for("clubs.settlement", evening_id=evening_id) + "#pays")


def _refused(found: clubs.Evening, message: str, status: int) -> tuple[str, int]:
    """A payment of the room refused: why, and a link back to the room — no form, no pay
    button at the POST's address (the whole room drawn there had its buttons under a URL
    that a reload posts again); nothing was recorded, and the room's own address shows it
    as it is now."""
    back = url_for("clubs.settlement", evening_id=found.id) + "#pays"
    page = render_template(
        "error.html", code=status, message=message, back=(back, _("Settlement of the room"))
    )
    return page, status


@bp.get("/evenings/<int:evening_id>/settlement.pdf")
@expensive(evening_key)
def settlement_pdf(evening_id: int) -> Response:
    html = _settlement_page(evening_id, pdf=True)
    return pdf_response(html, f"evening-{evening_id}.pdf")
