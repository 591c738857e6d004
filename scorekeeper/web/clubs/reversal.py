"""Reversing an entry of the cash box: a confirmation, then the reversal (the club's managers).

What may be reversed by hand is the entry's to say (``Entry.by_hand``): not an evening's
result (reopen the evening; closing it again posts what changed), nor a reversal. A payment
between two members recorded from a suggestion is reversed whole, both its rows
(``entries.sides``). A reversal is dated on or after its entry. docs/cashbox.md.
"""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ... import clubs
from ...cashbox.entries import Entry, EntryKind, reversed_ids, sides
from ...clock import today
from ...clubs import accounts, cash_reads
from ...db import get_db
from ...rights import access
from .. import blueprints
from ..formats.dates import day as said_day
from ..forms import CLUB_CHANGED, form_version, refused_as_typed, typed_note
from .cash_forms import ReverseForm, cash_view, recorded, typed_date

bp = blueprints.clubs


@bp.route("/clubs/<int:club_id>/cash/entries/<int:entry_id>/reverse", methods=["GET", "POST"])
def reverse(club_id: int, entry_id: int) -> BaseResponse | tuple[str, int]:
    """GET asks to confirm, showing the entry (both sides of a payment between members); POST
    writes the reversal. An entry not to be reversed by hand (an evening's result, a
    reversal: ``Entry.by_hand``) is shown with the reason and no form, and a POST for it is
    refused with it (422); so is a date before the entry's, beside the date."""
    club = access.managed_club(club_id)
    # the entry, its payment's rows, what they undo and what undoes them: not the club's
    # every row (cash21)
    book = accounts.Accounts(
        clubs.members(get_db(), club_id), clubs.entries_about(get_db(), club_id, entry_id)
    )
    entry = book.entry(entry_id)
    if entry is None:
        abort(404)
    back = cash_view(club)
    done = any(e.id in reversed_ids(book.entries) for e in sides(entry, book.entries))
    if request.method == "GET":
        # today, or the entry's day if later (an entry dated ahead: never a date refused)
        offered = max(today(), entry.on)
        form = ReverseForm(formdata=None, version=str(club.version), on=offered)
        return _confirm(club, book, entry, form, done, None, 200, back)
    form = ReverseForm()
    version = form_version(form)
    on = typed_date(form.on.data)
    if not entry.by_hand:
        return _confirm(club, book, entry, form, done, None, 422, back)
    if not form.validate():
        refused_as_typed(form)
    if not form.on.errors and on is None:  # a date past its bound says the bound, alone
        form.on.errors = [_("Give the date as YYYY-MM-DD.")]
    if form.errors or on is None:  # each its own message: a long note once read "give the date"
        return _confirm(club, book, entry, form, done, None, 422, back)
    try:
        accounts.reverse(get_db(), club_id, version, entry_id, on, typed_note(form.note.data))
    except accounts.TooEarly as early:
        undone = said_day(early.on, "medium")
        form.on.errors = [_("A reversal is dated on or after its entry (%(day)s).", day=undone)]
        return _confirm(club, book, entry, form, done, None, 422, back)
    except accounts.NotByHand:
        return _confirm(club, book, entry, form, done, None, 422, back)
    except clubs.Refused:
        return _confirm(club, book, entry, form, True, None, 409, back)
    except clubs.Conflict:
        club = access.managed_club(club_id)
        form.version.data = str(club.version)
        return _confirm(club, book, entry, form, done, str(CLUB_CHANGED), 409, back)
    for side in sides(entry, book.entries):  # a payment between members: both its rows
        flash(recorded(club, [side.member], EntryKind.REVERSAL, -side.amount))
    return redirect(back + "#entries")


def _confirm(
    club: clubs.Club,
    book: accounts.Accounts,
    entry: Entry,
    form: ReverseForm,
    done: bool,
    refused: str | None,
    status: int,
    back: str,
) -> tuple[str, int]:
    names = {m.id: m.name for m in book.members}
    undoes = book.entry(entry.reverses) if entry.reverses is not None else None
    page = render_template(
        "club/reverse.html",
        club=club,
        entry=entry,
        rows=sides(entry, book.entries),
        names=names,
        name=names.get(entry.member, ""),
        # an evening's result, or a reversal a close made: reopen the evening to change it
        by_closing=any(e is not None and e.kind is EntryKind.EVENING for e in (entry, undoes)),
        by_id={e.id: e for e in book.entries},  # a reversal says what it undoes, as the list
        evenings_by_id=cash_reads.evenings_by_id(
            get_db(), club.id
        ),  # an entry of an evening names it, as the list
        form=form,
        done=done,
        refused=refused,
        back=back,
    )
    return page, status
