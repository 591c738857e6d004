"""A member's statement: his entries with the balance after each, as a phone page, a PDF, a CSV.

Anyone who may read the club (its club link, a manager) may read any
member's statement: the club link is what the members share at the table.
The CSV's headers are in the reader's language, its amounts in the club's
money with a dot (a spreadsheet reads them as numbers), and a cell that
starts like a formula is quoted (``season_file.cell``).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from flask import Response, abort, render_template
from flask_babel import gettext as _

from ...cashbox.entries import Line, plain, running
from ...clubs import Club, Member, accounts
from ...clubs.season_file import BOM, cell
from ...db import get_db
from ...rights import access
from .. import blueprints
from ..formats.words import PROVISIONAL
from ..kept.expensive import club_key, expensive
from ..printing.chain_heads import ChainNote, club_ledger
from ..printing.pdf import pdf_response, printed
from .cash_forms import KIND_WORDS, METHOD_WORDS, payment_who

STATEMENT = printed("club/statement.html")
"""A member's statement, also the PDF's."""

bp = blueprints.clubs


@dataclass(frozen=True)
class Statement:
    """What a member's statement shows, on the page, in the PDF and in the CSV."""

    club: Club
    member: Member
    lines: list[Line]
    """His entries, each with his balance after it."""
    ledger: ChainNote
    """The club ledger's head: whoever keeps this statement witnesses the accounts."""

    @property
    def balance(self) -> int:
        return self.lines[-1].balance if self.lines else 0


def _statement(club_id: int, member_id: int) -> Statement:
    club = access.readable_club(club_id)
    book = accounts.accounts(get_db(), club_id)
    member = next((m for m in book.members if m.id == member_id), None)
    if member is None:
        abort(404)
    return Statement(club, member, list(running(book.of(member_id))), club_ledger(club_id))


def _page(club_id: int, member_id: int, pdf: bool) -> str:
    found = _statement(club_id, member_id)
    return render_template(
        STATEMENT,
        pdf=pdf,
        club=found.club,
        member=found.member,
        lines=found.lines,
        balance=found.balance,
        ledger=found.ledger,
    )


@bp.get("/clubs/<int:club_id>/members/<int:member_id>/statement")
def statement(club_id: int, member_id: int) -> str:
    return _page(club_id, member_id, pdf=False)


@bp.get("/clubs/<int:club_id>/members/<int:member_id>/statement.pdf")
@expensive(club_key)
def statement_pdf(club_id: int, member_id: int) -> Response:
    return pdf_response(_page(club_id, member_id, pdf=True), f"statement-{member_id}.pdf")


@bp.get("/clubs/<int:club_id>/members/<int:member_id>/statement.csv")
def statement_csv(club_id: int, member_id: int) -> Response:
    found = _statement(club_id, member_id)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_("Date"), _("Entry"), _("Note"), _("Amount"), _("Balance"), _("Currency")])
    money = found.club.money
    for line in found.lines:
        entry = line.entry
        words = [str(KIND_WORDS[entry.kind])]
        if entry.method:
            words.append(str(METHOD_WORDS.get(entry.method, entry.method)))
        if entry.received_by:
            words.append(payment_who(entry))
        if entry.provisional:
            words.append(str(PROVISIONAL))
        writer.writerow(
            [
                entry.on,
                cell(" · ".join(words)),
                cell(entry.note),
                plain(entry.amount),
                plain(line.balance),
                "" if money is None else money.currency,
            ]
        )
    return Response(
        BOM + out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename=statement-{member_id}.csv"},
    )
