"""Closing an evening: its tables locked, each member's net of the room posted in money.

Closing (the club's manager) is one transaction, checked against the
club's version: each table still playing is stopped as it stands, as its
manager's *We stop here* would stop it (store/stops.py ``with_evening``: the
1709 poule's open bêtes shared, so that no bête stays open and unpaid in money
posted as final), the evening is recorded closed (store/closings.py: its
tables then take no coup), the room is replayed (room.py), each table's
nets in chips become whole cents at the club's chip value by the largest
remainder (cashbox/rounding.py, ties by member number: ``ties.tie_order``)
and each member's tables are added (``Room.money``), so the
evening's entries sum to zero and each is what every page of the evening
shows the member. Until it is closed (and while reopened) the result not posted
is a provisional line of each account (``pending``): statements and the
cash box agree with the room at every moment.

Reopening is recorded too and posts nothing (the tables its close stopped
play on; one stopped by its manager stays stopped): the entries stay until the
evening is closed again. Closing again compares what is posted for the
evening (the sum of its entries per member, reversals included) with the
room now, and only for a member whose amount changed reverses their
evening entries and posts the new amount. Evening entries and these
reversals are dated the evening's day: the result belongs to it. A club
without a chip value locks its evenings and posts nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

import sqlite_utils

from ..cashbox.entries import Entry, EntryKind, reversed_ids
from ..cashbox.ledger import insert_entry
from ..store import closings
from ..store.changing import changing
from ..store.club_log import ClubOwner
from ..store.stops import with_evening
from .evening_tables import evenings, tables
from .merging import entries
from .records import Club, Evening, Refused
from .room import room_of


@dataclass(frozen=True)
class Closed:
    """What a close did, as its page tells the treasurer (``web/clubs/closing.py``)."""

    written: int
    """The entries it wrote: results, and the reversals of those a later close replaces."""
    again: bool
    """The evening was closed before (reopened since): what it wrote is what changed since,
    and nothing written means no member's money changed (it said "0 entries posted"); a
    points table's result may have, which posts nothing."""
    money: bool = True
    """The club keeps money (a chip value): without, a close locks the tables, posts nothing."""


def close(db: sqlite_utils.Database, club: Club, evening: Evening, version: int) -> Closed:
    """Close the evening and post (or re-post) its results: how many entries were written,
    and whether it was closed before."""
    with changing(db, ClubOwner(club.id), version, "close") as change:
        change.summary = str(evening.id)
        if closings.closed(db, evening.id):
            raise Refused(evening.id)
        again = bool(closings.history(db, evening.id))  # not closed now: closed, reopened
        for table_no, game_id in tables(db, evening.id):  # ended as "We stop here" ends it
            with_evening(db, game_id, True, table_no)
        closings.record(db, evening.id, closings.CLOSE)
        if club.money is None:
            return Closed(0, again, money=False)
        return Closed(_post(db, club, evening), again)


def reopen(db: sqlite_utils.Database, club: Club, evening: Evening, version: int) -> None:
    """Reopen a closed evening: its tables take coups again; its entries stay until re-closed."""
    with changing(db, ClubOwner(club.id), version, "reopen") as change:
        change.summary = str(evening.id)
        if not closings.closed(db, evening.id):
            raise Refused(evening.id)
        closings.record(db, evening.id, closings.REOPEN)
        for table_no, game_id in tables(db, evening.id):  # those its close stopped play on
            with_evening(db, game_id, False, table_no)


def amounts(db: sqlite_utils.Database, club: Club, evening: Evening) -> dict[int, int]:
    """Each member's result of the evening in cents: the sum of their tables' figures, each
    table by the largest remainder (``Room.money``); none without a chip value."""
    if club.money is None:
        return {}
    return room_of(db, evening, club).money()


class Provisional(StrEnum):
    """Why a line of an account is an evening's result not final (``provisional``)."""

    OPEN = "open"
    """Its result as the room has it, nothing posted for them yet (a ``pending`` line)."""
    CHANGED = "changed"
    """What changed of it since a close posted their result, not posted yet (``pending``)."""
    POSTED = "posted"
    """Their result a close posted, the evening reopened since."""
    UNDONE = "undone"
    """The reversal of a result, posted by a later close, the evening reopened since."""


def provisional(
    entry: Entry,
    open_evenings: Collection[int],
    undone: Entry | None = None,
    posted_for: Collection[tuple[int, int]] = (),
) -> Provisional | None:
    """Whether (and why) ``entry`` is an evening's result not final, or None: a provisional
    line (``pending``: ``CHANGED`` when something of theirs is posted for that evening,
    ``posted_for``: (member, evening)), or a result a close posted (``POSTED``) — or its
    reversal by a later close (``UNDONE``; ``undone``: the entry it reverses) — of an evening
    not closed now (``open_evenings``: reopened since). An evening not closed has a
    provisional result, open for the first time or reopened alike: reopening leaves what the
    close posted in the ledger (``reopen``), and the statement read it plainly (fix19a). The
    one rule the statement (``Accounts.provisional``) and the cash box's journal ask (cash22:
    the journal listed a reopened evening's result with no word).

    >>> lost = Entry(3, 7, EntryKind.EVENING, -330, "2026-11-03", evening=4)
    >>> back = Entry(5, 7, EntryKind.REVERSAL, 330, "2026-11-03", evening=4, reverses=3)
    >>> paid = Entry(6, 7, EntryKind.PAYMENT, 330, "2026-11-03", evening=4)
    >>> change = Entry(0, 7, EntryKind.EVENING, 40, "2026-11-03", evening=4, provisional=True)
    >>> [str(provisional(e, {4}, lost if e is back else None, {(7, 4)}))
    ...  for e in (lost, back, paid, change)]
    ['posted', 'undone', 'None', 'changed']
    >>> str(provisional(change, {4})), provisional(lost, ())
    ('open', None)
    """
    if entry.provisional:
        at = (entry.member, entry.evening)
        return Provisional.CHANGED if at in posted_for else Provisional.OPEN
    if entry.evening is None or entry.evening not in open_evenings:
        return None
    if entry.kind is EntryKind.EVENING:
        return Provisional.POSTED
    if entry.kind is EntryKind.REVERSAL and undone is not None:
        return Provisional.UNDONE if undone.kind is EntryKind.EVENING else None
    return None


def results_of(found: Sequence[Entry], evening_id: int) -> list[Entry]:
    """The evening's results and their reversals among ``found``: a payment recorded for the
    evening (clubs/purse.py) names it too, and is no result to compare or reverse."""
    return results_by_evening(found).get(evening_id, [])


def results_by_evening(found: Sequence[Entry]) -> dict[int, list[Entry]]:
    """Every evening's results and their reversals among ``found`` (``results_of``), read
    in one pass: ``pending`` once read the whole ledger again for each evening not closed."""
    results = {e.id for e in found if e.kind is EntryKind.EVENING}
    out: dict[int, list[Entry]] = {}
    for e in found:
        if e.evening is not None and (e.id in results or e.reverses in results):
            out.setdefault(e.evening, []).append(e)
    return out


def posted(theirs: Sequence[Entry]) -> dict[int, int]:
    """What is posted per member: the sum of these entries (results and their reversals)."""
    out: dict[int, int] = {}
    for entry in theirs:
        out[entry.member] = out.get(entry.member, 0) + entry.amount
    return out


def result(
    db: sqlite_utils.Database, club: Club, evening: Evening, found: Sequence[Entry] | None = None
) -> dict[int, int]:
    """Each member's result of the evening as every page shows it: what its close posted
    while it is closed (the ledger's rows, ``found`` or read; its tables take no coup, so
    that is ``amounts`` as of the close — and an evening closed by an older release keeps
    the figures it was posted with), else the room now (``amounts``)."""
    if club.money is None:
        return {}
    if not closings.closed(db, evening.id):
        return amounts(db, club, evening)
    rows = entries(db, club.id) if found is None else found
    return {m: c for m, c in posted(results_of(rows, evening.id)).items() if c}


class Read(NamedTuple):
    """What a page has read already, that ``pending`` does not read again (cash22: the cash
    box's evening view read the club's evenings three times, its room's results twice)."""

    results: Mapping[int, dict[int, int]] = {}
    """Evenings' results (``amounts``), by evening."""
    evenings: Sequence[Evening] | None = None
    """The club's evenings (``evening_tables.evenings``)."""


NOTHING_READ = Read()


def pending(
    db: sqlite_utils.Database,
    club: Club,
    found: Sequence[Entry],
    still_open: set[int] | None = None,
    known: Read = NOTHING_READ,
) -> list[Entry]:
    """The results not posted yet: for each evening of the club not closed now (open, or
    reopened), each member's result as the room has it (``amounts``; ``known``: what the
    page read already) less what a close posted for them — a provisional line, not a ledger
    row, dated the evening's day.

    With them a member's statement and the cash box agree with the room at every moment:
    before closing too (a member who paid their loss in the room owes nothing there, and
    nothing on their statement), and after a reopening whose coups changed the result.
    """
    if club.money is None:
        return []
    out: list[Entry] = []
    if still_open is None:  # one query, as the rooms ask it (they pass theirs)
        still_open = closings.open_evenings(db, club.id)
    results = results_by_evening(found)
    for evening in evenings(db, club.id) if known.evenings is None else known.evenings:
        if evening.id not in still_open:
            continue
        now = known.results.get(evening.id)
        if now is None:
            now = amounts(db, club, evening)
        before = posted(results.get(evening.id, []))
        for member in sorted(set(now) | set(before)):
            change = now.get(member, 0) - before.get(member, 0)
            if change:
                out.append(
                    Entry(
                        0,
                        member,
                        EntryKind.EVENING,
                        change,
                        evening.date,
                        evening=evening.id,
                        provisional=True,
                    )
                )
    return out


def _post(db: sqlite_utils.Database, club: Club, evening: Evening) -> int:
    now_posted = amounts(db, club, evening)
    found = entries(db, club.id)
    theirs = results_of(found, evening.id)
    posted_now = posted(theirs)
    undone = reversed_ids(theirs)
    written = 0
    for member in sorted(set(now_posted) | set(posted_now)):
        if now_posted.get(member, 0) == posted_now.get(member, 0):
            continue
        for entry in theirs:
            if (
                entry.member == member
                and entry.kind is EntryKind.EVENING
                and entry.id not in undone
            ):
                insert_entry(
                    db,
                    _row(club, evening, member, EntryKind.REVERSAL, -entry.amount)
                    | {"reverses": entry.id},
                )
                written += 1
        if now_posted.get(member):
            insert_entry(db, _row(club, evening, member, EntryKind.EVENING, now_posted[member]))
            written += 1
    return written


def _row(
    club: Club, evening: Evening, member: int, kind: EntryKind, amount: int
) -> dict[str, object]:
    return {
        "club_id": club.id,
        "member_id": member,
        "kind": str(kind),
        "amount": amount,
        "on_date": evening.date,
        "evening_id": evening.id,
    }
