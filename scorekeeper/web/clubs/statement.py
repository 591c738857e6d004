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
from dataclasses import dataclass, field

from flask import Response, abort, render_template
from flask_babel import gettext as _

from ...cashbox.entries import Entry, EntryKind, Line, plain, running
from ...clubs import Club, Member, accounts
from ...clubs.season_file import BOM, cell
from ...db import get_db
from ...rights import access
from .. import blueprints
from ..formats.dates import day
from ..formats.words import PROVISIONAL
from ..kept.expensive import club_key, expensive
from ..printing.chain_heads import ChainNote, club_ledger
from ..printing.pdf import pdf_response, printed
from .cash_forms import entry_words

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
    entries: dict[int, Entry] = field(default_factory=dict)
    """The club's ledger rows by id: what a reversal undoes."""
    undoing: dict[int, Entry] = field(default_factory=dict)
    """The reversal of each entry reversed, by the entry's id."""

    @property
    def balance(self) -> int:
        return self.lines[-1].balance if self.lines else 0

    def words(self, entry: Entry) -> str:
        """A line in words, as a member reads it: what the entry is; a reversal says what it
        undoes, by its date and what it was ("Reversal of: Payment · cash, 20 Oct 2026"), and
        a reversed entry says when it was reversed ("reversed on 21 Oct 2026"): once they
        said "Reversal" alone and nothing, where the cash box says "#12" and "reversed"."""
        undone = self.entries.get(entry.reverses) if entry.reverses is not None else None
        if entry.kind is EntryKind.REVERSAL and undone is not None:
            return _("Reversal of: %(entry)s, %(day)s", entry=entry_words(undone),
                     day=day(undone.on, "medium"))  # fmt: skip
        words = entry_words(entry)
        undoing = self.undoing.get(entry.id)
        if undoing is not None:
            words += " · " + _("reversed on %(day)s", day=day(undoing.on, "medium"))
        return words


def _statement(club_id: int, member_id: int) -> Statement:
    club = access.readable_club(club_id)
    book = accounts.accounts(get_db(), club_id)
    member = next((m for m in book.members if m.id == member_id), None)
    if member is None:
        abort(404)
    lines = list(running(book.of(member_id)))
    by_id = {e.id: e for e in book.entries}
    undoing = {e.reverses: e for e in book.entries if e.reverses is not None}
    return Statement(club, member, lines, club_ledger(club_id), by_id, undoing)


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
        words=found.words,
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
        words = [found.words(entry)]
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
