"""A member's statement: their entries with the balance after each, as a phone page, a PDF, a CSV.

Anyone who may read the club (its club link, a manager) may read any
member's statement: the club link is what the members share at the table.
The CSV's headers are in the reader's language, its amounts in the club's
money with a dot (a spreadsheet reads them as numbers), its days ISO as its
Date column (in its words too: "reversed on 2026-11-29"), and a cell that
starts like a formula is quoted (``season_file.cell``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from flask import Response, abort, render_template, request
from flask_babel import gettext as _

from ...cashbox.entries import Entry, Line, plain, running
from ...clubs import Club, Evening, Member, cash_reads
from ...clubs.closing import Provisional
from ...clubs.season_file import BOM, cell
from ...db import get_db
from ...rights import access
from .. import blueprints
from ..formats.words import PROVISIONAL_WORDS
from ..kept.expensive import club_key, expensive
from ..printing.chain_heads import ChainNote, club_ledger
from ..printing.pdf import pdf_response, printed
from . import lost_fee
from .cash_forms import entry_words, medium_day
from .paging import cursor, entry_place, page_of

STATEMENT = printed("club/statement.html")
"""A member's statement, also the PDF's."""

bp = blueprints.clubs


@dataclass(frozen=True)
class Statement:
    """What a member's statement shows, on the page, in the PDF and in the CSV."""

    club: Club
    member: Member
    lines: list[Line]
    """Their entries, each with their balance after it."""
    ledger: ChainNote
    """The club ledger's head: whoever keeps this statement witnesses the accounts."""
    provisional: Callable[[Entry], Provisional | None]
    """Whether (and why) a line says it is provisional (``PROVISIONAL_WORDS``): the
    accounts' own answer (``Accounts.provisional``: an evening's result not final)."""
    entries: dict[int, Entry] = field(default_factory=dict)
    """Their ledger rows by id (``cash_reads.of_member``: their rows alone, not the club's):
    what a reversal of their undoes."""
    undoing: dict[int, Entry] = field(default_factory=dict)
    """The reversal of each entry reversed, by the entry's id."""
    apart: list[tuple[Evening, int]] = field(default_factory=list)
    """What is left of each evening not closed, by its day: its room settles it, apart from
    the cash box (``Accounts.open_left``, the room's *left*)."""
    posted: int = 0
    """The rest of their balance, what the cash box settles (``Accounts.payable``)."""
    evenings: dict[int, Evening] = field(default_factory=dict)
    """The club's evenings by id: a line of an evening names it (``entry_words``)."""

    @property
    def balance(self) -> int:
        return self.lines[-1].balance if self.lines else 0

    def words(self, entry: Entry, dated: Callable[[str], str] = medium_day) -> str:
        """A line in words, as a member reads it: what the entry is (``entry_words``: a
        reversal says what it undoes), and a reversed entry says when it was reversed
        ("reversed on 21 Oct 2026"). Each day said by ``dated``: the page's and the PDF's
        in the reader's words, the CSV's as its Date column (ISO), where it once wrote
        "reversed on 29 nov. 2026" beside "2026-11-29"."""
        undone = self.entries.get(entry.reverses) if entry.reverses is not None else None
        words = entry_words(entry, undone, dated, self.evenings)
        undoing = self.undoing.get(entry.id)
        if undoing is not None:
            words += " · " + _("reversed on %(day)s", day=dated(undoing.on))
        return words

    def lost_notes(self, lines: Iterable[Line]) -> dict[int, str]:
        """Beside each fee per lost game of ``lines`` charged for other games lost than its
        evening's games say now, by entry id, the words the cash box, the evening's view and
        the room's settlement say beside it (``lost_fee.since_notes``: the one function,
        ``fee_charging.lost_since``); a fee reversed is not compared. The statement listed
        the fee alone, the only page of it that did not say so (fix30a)."""
        entries = [line.entry for line in lines]
        return lost_fee.since_notes(self.club, entries, self.undoing.keys())


def _statement(club_id: int, member_id: int) -> Statement:
    club = access.readable_club(club_id)
    book = cash_reads.of_member(get_db(), club_id, member_id)  # their rows, not the club's
    member = next((m for m in book.members if m.id == member_id), None)
    if member is None:
        abort(404)
    lines = list(running(book.of(member_id)))
    by_id = {e.id: e for e in book.entries}
    undoing = {e.reverses: e for e in book.entries if e.reverses is not None}
    # where the balance is settled: an evening not closed on its room, the rest at the box
    # (the balance alone said "The club owes Anne €0.45" where the box asked her 3.60)
    left = {e: c for (m, e), c in book.open_left().items() if m == member_id}
    every = cash_reads.evenings_by_id(get_db(), club_id)
    found = sorted((e for e in every.values() if e.id in left), key=lambda e: (e.date, e.id))
    apart = [(e, left[e.id]) for e in found]
    posted = book.payable().get(member_id, 0)
    return Statement(
        club,
        member,
        lines,
        club_ledger(club_id),
        book.provisional,
        by_id,
        undoing,
        apart,
        posted,
        every,
    )


def _page(club_id: int, member_id: int, pdf: bool) -> str:
    found = _statement(club_id, member_id)
    # drawn a page at a time, newest first (paging.py), the page and its PDF alike: the PDF
    # of every line took WeasyPrint 8 s of CPU at 1,000 lines (docs/performance.md, cash20),
    # and any reader of the club may ask it; the CSV has every line. The balance is the
    # whole statement's
    asked = {key: request.args.get(key) for key in ("before", "after")}
    page = page_of(found.lines, _place, asked["before"], asked["after"])
    return render_template(
        STATEMENT,
        pdf=pdf,
        club=found.club,
        member=found.member,
        lines=found.lines,
        page=page,
        # the PDF of the page shown: its cursor, when it is one
        shown={key: value for key, value in asked.items() if cursor(value) is not None},
        balance=found.balance,
        ledger=found.ledger,
        words=found.words,
        provisional=found.provisional,
        # the page's lines only, as it draws them: each evening of a fee per lost game on it
        # is read once (its games), not every evening of the member's whole statement
        lost_notes=found.lost_notes(page.lines),
        apart=found.apart,
        posted=found.posted,
    )


def _place(line: Line) -> tuple[str, int]:
    """A statement line's place as a link names it: its entry's date and number; a
    provisional line (number 0) its evening's number negated, so two evenings of one day
    still open are two places (as one place, "Newer" skipped one of them)."""
    entry = line.entry
    if entry.provisional and entry.evening is not None:
        return (entry.on, -entry.evening)
    return entry_place(entry)


@bp.get("/clubs/<int:club_id>/members/<int:member_id>/statement")
def statement(club_id: int, member_id: int) -> str:
    return _page(club_id, member_id, pdf=False)


@bp.get("/clubs/<int:club_id>/members/<int:member_id>/statement.pdf")
@expensive(club_key)
def statement_pdf(club_id: int, member_id: int) -> Response:
    return pdf_response(_page(club_id, member_id, pdf=True), f"statement-{member_id}.pdf")


@bp.get("/clubs/<int:club_id>/members/<int:member_id>/statement.csv")
@expensive(club_key)  # a few at a time, as the season's file: it reads every entry
def statement_csv(club_id: int, member_id: int) -> Response:
    found = _statement(club_id, member_id)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_("Date"), _("Entry"), _("Note"), _("Amount"), _("Balance"), _("Currency")])
    money = found.club.money
    notes = found.lost_notes(found.lines)  # the page's words beside a fee per lost game
    for line in found.lines:
        entry = line.entry
        words = [found.words(entry, str)]  # days as the Date column says them: ISO
        said = found.provisional(entry)
        if said is not None:
            words.append(str(PROVISIONAL_WORDS[said]))
        if entry.id in notes:
            words.append(notes[entry.id])
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
