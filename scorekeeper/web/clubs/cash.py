"""The treasurer's page of a club: who owes the club, whom it owes, as of a date; its entries.

Only the club's managers see it and write on it. Each form (a fee to the
members checked — by default the players of the evening shown, or of the
club's last evening —, a charge, a payment, a prize; a reversal, after a
confirm; a suggestion marked paid) says which version of the club its page
showed; a club
changed meanwhile refuses it (409) and the page shows the latest state. A
sum that is not one, a date that is not one, a member not of the club:
the page again with the message beside the field (422), nothing stored; the
page opens on a summary of what was refused (``role="alert"``), each line a link
to its field, and the first field refused has the focus (``aria-invalid``,
``autofocus``): on a phone the forms are screens below the top. An entry
recorded lands on the balances with a message saying what was recorded.
"""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response as BaseResponse

from ... import clubs
from ...cashbox.entries import EVENING_FEES, FEES, METHODS, Entry, EntryKind, signed
from ...cashbox.settle import BOX, Suggestion, between_members, with_treasurer
from ...clock import today
from ...clubs import accounts, cash_reads, fee_charging
from ...clubs.closing import provisional
from ...clubs.purse import NotOwed, evening_purse
from ...clubs.room import Room, room_of
from ...clubs.season import day
from ...db import get_db
from ...rights import access
from .. import blueprints
from ..formats.collation import by_name
from ..formats.numbers import read_cents
from ..formats.words import PROVISIONAL_WORDS, cents, not_owed
from ..forms import CLUB_CHANGED, form_version, options, refused_as_typed, typed_note, whole
from . import lost_fee
from .cash_forms import (
    KIND_WORDS,
    MODES,
    SEASON_NAMES_NONE,
    TYPED,
    EntryForm,
    FeesForm,
    PayForm,
    cash_view,
    entry_words,
    evening_asked,
    evening_by_default,
    evening_refusal,
    evening_typed,
    overpaid,
    own_ids,
    paid,
    payment_who,
    problems,
    recorded,
    redrawn_evening,
    typed_date,
)
from .open_rooms import open_rooms, settled_on_rooms
from .paging import entries_page

bp = blueprints.clubs


def context() -> dict[str, Any]:
    return {
        "cents": cents,
        "KIND_WORDS": KIND_WORDS,
        "payment_who": payment_who,
        "entry_words": entry_words,
        "BOX": BOX,
        "PROVISIONAL_WORDS": PROVISIONAL_WORDS,
        "SEASON_NAMES_NONE": SEASON_NAMES_NONE,
    }


def _forms(club: clubs.Club, book: cash_reads.Summed) -> dict[str, EntryForm]:
    """An empty form per entry type, the club's members to choose from."""
    out = {}
    for section, first in (
        ("charge", EntryKind.CHARGE),
        ("payment", EntryKind.PAYMENT),
        ("prize", EntryKind.PRIZE),
    ):
        form = EntryForm(formdata=None, version=str(club.version), kind=str(first), on=today())
        people = by_name(book.members, lambda m: m.name)
        form.member.choices = options((str(m.id), m.name) for m in people)
        out[section] = form
    return out


def _fees_form(
    club: clubs.Club,
    book: cash_reads.Summed,
    evening: clubs.Evening | None,
    every: dict[int, clubs.Evening],
) -> tuple[FeesForm, clubs.Evening | None, Room | None]:
    """The fee form, the members to check, those of ``evening`` (or the club's last, the
    first of ``every``: newest first) checked: the form, the evening whose players it
    checked (None: the club has none yet) and its room (read once: its losers too)."""
    shown = evening if evening is not None else next(iter(every.values()), None)
    room = None if shown is None else room_of(get_db(), shown, club)
    players = set() if room is None else room.players()
    people = by_name(book.members, lambda m: m.name)
    checked = [str(m.id) for m in people if m.id in players]
    form = FeesForm(
        formdata=None,
        version=str(club.version),
        kind=str(EntryKind.FEE_EVENING),
        # opened from an evening (its page's "A fee to its players"): dated its day, where
        # a fee of the evening belongs on every statement; else today
        on=today() if evening is None else evening.date,
    )
    form.member.choices = options((str(m.id), m.name) for m in people)
    form.member.data = checked
    if evening is None:  # the plain page: the evening ticked, when held on the form's date
        form.evening.data = evening_by_default(shown, form.on.data, form.kind.data)
    return form, shown, room


def _page(
    club: clubs.Club,
    typed: EntryForm | None = None,
    refused: str | None = None,
    status: int = 200,
    fees: FeesForm | None = None,
    preview: list[str] | None = None,
) -> tuple[str, int]:
    on = day(request.args.get("on", ""), "") or None
    # the club's evenings read once: the sums', the fee form's, the open rooms', the journal's
    every = cash_reads.evenings_by_id(get_db(), club.id)
    read = list(every.values())
    book = cash_reads.summed(get_db(), club.id, on, read)  # by SQLite, not the whole ledger
    asked_mode = request.args.get("mode", "")
    asked_mode = asked_mode if asked_mode in MODES else ""
    mode = asked_mode or MODES[0]
    balances = book.payable  # the evenings not closed apart: their rooms settle them
    # drawn a page at a time, newest first (paging.py), read a page at a time; the
    # balances above sum them all
    shown, by_id, undone = entries_page(
        club.id, on, request.args.get("before"), request.args.get("after")
    )
    suggest = between_members if mode == "members" else with_treasurer
    evening = evening_asked(club, request.args.get("evening"))
    whole, purse = None, None
    if evening is not None:  # its members' rows (their items settle each other), not the club's
        whole = cash_reads.of_evening(get_db(), club, evening, read)
        purse = evening_purse(get_db(), club, evening, whole.entries)
    forms = _forms(club, book)
    typed_section = "charge"
    if typed is not None:  # a fee typed to one member (a page before 45.5): the charge's place
        typed_kind = typed.kind.data or ""
        typed_section = "charge" if typed_kind in FEES else typed_kind
        forms[typed_section] = typed
    for section, form in forms.items():
        own_ids(form, section)
    fee_form, fee_evening, fee_room = _fees_form(club, book, evening, every)
    # whom each kind checks by default (static/fee_ticks.js: the ticks follow the kind chosen)
    # the games lost at the form's evening, read once for the page: its ticks, its notices
    fee_games = lost_fee.read(fee_room)
    fee_lost = lost_fee.losers(fee_games, club.id)
    if fees is not None:  # as typed, with its messages
        fees.member.choices = fee_form.member.choices
        fee_form = fees
    # the plain page's fee may name an evening of its date, chosen (cash22); an evening's
    # view names its own
    fee_day = typed_date(fee_form.on.data) if evening is None else None
    fee_evenings = sorted((e for e in every.values() if e.date == fee_day), key=lambda e: e.id)
    if fees is not None and evening is None:
        redrawn_evening(fee_form, fee_evenings, fee_evening)
    own_ids(fee_form, "fee")
    found = problems(typed, False, typed_section) + problems(fees, True, "fee")
    people = by_name(book.members, lambda m: m.name)
    order = [m.id for m in people]
    fees_shown = None
    listed_fees: list[Entry] = []
    if purse is not None and whole is not None and evening is not None:
        fees_shown = whole.fees_on(
            evening, order, cash_reads.sharing_its_day(every.values(), evening)
        )
        listed_fees = [e for e, _ in (*fees_shown.rows, *fees_shown.apart)]
    # a fee per lost game charged for other games lost than its evening's say now (a coup
    # corrected since): said beside it, never rewritten (docs/cashbox.md)
    lost_notes = lost_fee.since_notes(club, [*shown.lines, *listed_fees], undone, fee_games)
    page = render_template(
        "club/cash.html",
        club=club,
        book=book,
        names={m.id: m.name for m in book.members},
        on=on or "",
        mode=mode,
        balances=balances,
        # page lists, in the reader's collation as the club page's (the suggestions keep the
        # club's order: the pairing of money, docs/cashbox.md)
        owing=[(m.id, balances[m.id]) for m in people if balances.get(m.id, 0) < 0],
        owed=[(m.id, balances[m.id]) for m in people if balances.get(m.id, 0) > 0],
        box=book.box,
        # what is left of each evening not closed, and its room's suggestions
        open_rooms=[] if purse is not None else open_rooms(book, people, every),
        settled_on_rooms=settled_on_rooms(book, evening),  # the view's evening, or any
        suggestions=suggest(balances, book.order) if purse is None else purse.suggestions,
        evening=evening if purse is not None else None,
        evening_closed=purse is not None and purse.closed,  # its payments: every account's
        # the fees of the evening's day with what is left of each: its room settles only its
        # tables' results, and "Nobody owes anything." under fees charged from this view read
        # as if they were paid
        day_fees=fees_shown,
        pay_form=PayForm(formdata=None, version=str(club.version)),
        forms=forms,
        fee_form=fee_form,
        fee_preview=preview,  # what the fee typed will charge, nothing stored yet
        fee_evening=fee_evening,
        fee_evenings=fee_evenings,
        fee_played=set() if fee_room is None else fee_room.players(),
        fee_lost=fee_lost,
        fee_cannot=lost_fee.cannot_say_now(fee_games),
        fee_lost_kind=str(EntryKind.FEE_LOST_GAME),
        fees=FEES,
        evening_fees=EVENING_FEES,
        # the entries of the view: as of a day, the ledger as it stood that day (the balances'
        # entries, each reversed or not then), and nothing to reverse from it (its
        # suggestions take no payment either); the list once showed every later entry
        # with its Reverse button under balances of the day
        listed=shown,
        undone=undone,
        by_id=by_id,
        evenings_by_id=every,  # an entry of an evening names it
        # an evening's result not final, as the statement says it: the one rule (cash22)
        provisional_lines={
            e.id: said
            for e in shown.lines
            if (said := provisional(e, book.open_evenings, by_id.get(e.reverses or 0)))
        },
        lost_notes=lost_notes,
        refused=refused,
        problems=found,
        # where an entry typed here comes back to once recorded (_back): the evening shown,
        # the way of settling up asked
        typed_here={"evening": None if evening is None else evening.id, "mode": asked_mode or None},
    )
    return page, status


@bp.get("/clubs/<int:club_id>/cash")
def cash(club_id: int) -> tuple[str, int]:
    return _page(access.managed_club(club_id))


@bp.post("/clubs/<int:club_id>/cash/entries")
def new_entry(club_id: int) -> BaseResponse | tuple[str, int]:
    club = access.managed_club(club_id)
    evening_asked(club, request.args.get("evening"))  # the view typed on: one of the club's
    form = EntryForm()
    version = form_version(form)
    people = by_name(clubs.members(get_db(), club_id), lambda m: m.name)
    form.member.choices = options((str(m.id), m.name) for m in people)
    if not form.validate():
        refused_as_typed(form)  # said beside its field below, with the others
    kind = next((k for k in TYPED if str(k) == form.kind.data), None)
    if kind is None:
        abort(400)
    member = whole(form.member.data)
    amount = read_cents(form.amount.data)
    on = typed_date(form.on.data)
    if member is None:
        form.member.errors = [_("Choose a member.")]
    if not form.amount.errors and (amount is None or not 0 < amount <= accounts.MAX_CENTS):
        form.amount.errors = [_("Give a sum such as 12.50 (at most 1,000,000).")]
    if not form.on.errors and on is None:  # past its bound: the bound said, alone
        form.on.errors = [_("Give the date as YYYY-MM-DD.")]
    method = form.method.data if form.method.data in METHODS else ""
    if form.errors or member is None or amount is None or on is None:
        return _page(club, form, status=422)
    if kind is EntryKind.PAYMENT and form.direction.data == "out":
        amount = -amount
    try:
        accounts.post(
            get_db(),
            club_id,
            version,
            member,
            kind,
            signed(kind, amount),
            on,
            typed_note(form.note.data),
            method if kind is EntryKind.PAYMENT else "",
            typed_note(form.received_by.data) if kind is EntryKind.PAYMENT else "",
        )
    except accounts.Overpaid as error:
        form.amount.errors = [overpaid(club, error)]
        return _page(club, form, status=422)
    except clubs.Refused:
        form.member.errors = [_("Choose a member.")]
        return _page(club, form, status=422)
    except clubs.Conflict:
        return _page(_changed_meanwhile(club_id, form), form, status=409)
    flash(recorded(club, [member], kind, signed(kind, amount)))
    return _back(club)


def _changed_meanwhile(club_id: int, form: EntryForm | FeesForm) -> clubs.Club:
    """Another manager changed the club: ``form`` keeps what was typed, aimed at the latest
    version, the refusal in it (nothing was recorded); the club as it is now, for the page."""
    latest = access.managed_club(club_id)
    form.version.data = str(latest.version)
    form.form_errors.append(str(CLUB_CHANGED))
    return latest


def _back(club: clubs.Club) -> BaseResponse:
    """An entry recorded: the page it was typed on (the evening shown, the way of settling
    up), at its balances, where the message saying what was recorded is drawn."""
    return redirect(cash_view(club) + "#balances")


@bp.post("/clubs/<int:club_id>/cash/fees")
def new_fees(club_id: int) -> BaseResponse | tuple[str, int]:
    """One fee to every member checked: one entry each, one change of the club."""
    club = access.managed_club(club_id)
    shown = evening_asked(club, request.args.get("evening"))  # the fee's, dated its day
    form = FeesForm()
    version = form_version(form)
    if not form.validate():
        refused_as_typed(form)  # said beside its field below, with the others
    kind = next((k for k in FEES if str(k) == form.kind.data), None)
    typed = [whole(value) for value in form.member.data or []]
    charged = list(dict.fromkeys(m for m in typed if m is not None))  # each once, as checked
    amount = read_cents(form.amount.data)
    on = typed_date(form.on.data)
    if kind is None:
        form.kind.errors = [_("Choose a fee.")]
    if not charged or None in typed:
        form.member.errors = [_("Check the members to charge.")]
    elif len(charged) > (most := fee_charging.MOST_AT_ONCE):  # the bound said, not only "check"
        form.member.errors = [
            ngettext(
                "Check at most %(num)d member at once; charge the others with a second fee.",
                "Check at most %(num)d members at once; charge the others with a second fee.",
                most,
            )
        ]
    if not form.amount.errors and (amount is None or not 0 < amount <= accounts.MAX_CENTS):
        form.amount.errors = [_("Give a sum such as 12.50 (at most 1,000,000).")]
    if not form.on.errors and on is None:  # past its bound: the bound said, alone
        form.on.errors = [_("Give the date as YYYY-MM-DD.")]
    named = evening_typed(form, shown, kind)
    if named is not None and on is not None:  # asked now: each field refused is said at once
        why = fee_charging.evening_refused(get_db(), club.id, named, on, kind)
        if why is not None:
            evening_refusal(form, shown, why)
    each = {m: 1 for m in charged}  # per lost game: each by their games lost (lost_fee)
    if kind is EntryKind.FEE_LOST_GAME and not form.errors:
        each = lost_fee.times(form, club, named, charged, amount or 0) or {}
    if form.errors or kind is None or amount is None or on is None:
        return _page(club, fees=form, status=422)
    if request.form.get("preview"):  # what it will charge, stored only when sent again
        return _page(club, fees=form, preview=lost_fee.preview(club, kind, amount, each))
    try:
        fee_charging.charge(
            get_db(),
            club_id,
            version,
            charged,
            kind,
            amount,
            on,
            typed_note(form.note.data),
            evening=named,
        )
    except fee_charging.EveningRefused as error:  # the evening changed since it was asked
        evening_refusal(form, shown, error.why)
        return _page(club, fees=form, status=422)
    except lost_fee.REFUSALS as error:  # the games changed since the form's check: refused
        lost_fee.refused(form, club, charged, error)  # whole, said as the check says it
        return _page(club, fees=form, status=422)
    except clubs.Refused:
        form.member.errors = [_("Check the members to charge.")]
        return _page(club, fees=form, status=422)
    except clubs.Conflict:
        return _page(_changed_meanwhile(club_id, form), fees=form, status=409)
    lost = kind is EntryKind.FEE_LOST_GAME
    flash(
        lost_fee.recorded(club, each, amount)
        if lost
        else recorded(club, charged, kind, signed(kind, amount))
    )
    return _back(club)


@bp.post("/clubs/<int:club_id>/cash/pay")
def pay(club_id: int) -> BaseResponse | tuple[str, int]:
    """A suggested transfer marked paid: a payment entry on each member's side."""
    club = access.managed_club(club_id)
    evening_asked(club, request.args.get("evening"))  # the view paid from: one of the club's
    form = PayForm()
    version = form_version(form)
    if not form.validate():
        abort(400)
    payer, payee, amount = whole(form.payer.data), whole(form.payee.data), whole(form.amount.data)
    method = form.method.data if form.method.data in METHODS else ""
    evening = whole(request.form.get("evening")) if request.form.get("evening") else None
    if payer is None or payee is None or amount is None or not method:
        abort(400)
    if request.form.get("evening") and evening is None:
        abort(400)
    try:
        written = accounts.pay(
            get_db(),
            club_id,
            version,
            Suggestion(payer, payee, amount),
            today(),
            method,
            evening=evening,
        )
    except NotOwed as error:  # for an evening: closed, or not what its room owes
        message, status = not_owed(error)
        return _page(club, refused=message, status=status)
    except accounts.Overpaid as error:  # more than a balance has open: nothing recorded
        said = overpaid(club, error)
        return _page(club, refused=said, status=422)
    except clubs.Refused:
        abort(400)
    except clubs.Conflict:
        return _page(club, refused=str(CLUB_CHANGED), status=409)
    flash(paid(club, written))  # what was recorded, as after a typed entry
    return redirect(cash_view(club) + "#suggestions")
