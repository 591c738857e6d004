"""Two members merged into one person, and the merge a table refuses.

Merging points the one member at the other (``merged_into``): every seat of either then
counts for the one kept, their money and their names at every table (``clubs.room``). Two
members who sat at one table at the same time, at two seats, are two people: merged, the
table read "Anne · Anne · Chloé" and billed one member for two seats' money (review12).
Such a merge is refused, naming the first table where they sat together.

A newcomer who took over a member's seat, or played for them, sat at that seat when the
member did not (the same seat, one after the other): the merge is allowed. The newcomer may be the
member themselves, back under a name typed differently ("Bruneau" for Bruno); merged, each
stretch's result is one person's and nothing is counted twice (docs/guide-organisers.md).

Which member a member number now is has one home, ``now_is``: the seat pages, the home
list, the ratings and the cash box all follow ``merged_into`` through it (a chain A→B→C,
written before merges were flattened or behind the app, ends at C for every reader).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

import sqlite_utils

from ..cashbox import ledger
from ..cashbox.entries import Entry
from ..db import rows
from ..rules.seating import SeatChange, payers, seated
from ..store import NotFound, load
from ..store.changing import changing
from ..store.club_log import ClubOwner
from .records import Refused

Merges = Mapping[int, object]
"""Each member read → their ``merged_into`` as stored (None: merged into nobody)."""


def now_is(merged: Merges, member_id: int) -> int:
    """The member ``member_id`` now is: their ``merged_into`` followed, by ``merged``
    (``merges_of``), to a member merged into nobody — themselves if never merged. A merge that
    points at no member of ``merged`` (changed behind the app: ``merge`` points only at a
    member kept), or holds no number, is ``rows.Damaged`` naming the merged member's row; a
    loop (behind the app too) ends at the first member met twice.

    >>> now_is({1: 2, 2: 3, 3: None}, 1), now_is({1: 2, 2: 1}, 1), now_is({1: None}, 1)
    (3, 1, 1)
    """
    seen: set[int] = set()
    while member_id not in seen:
        seen.add(member_id)
        into = merged.get(member_id)
        if into is None:
            return member_id
        if type(into) is not int:
            raise rows.Damaged("merged_into", rows.held(into), member_id, "members")
        if into not in merged:
            raise rows.Damaged("merged_into", "junk", member_id, "members")
        member_id = into
    return member_id


def merges_of(
    db: sqlite_utils.Database, ids: Collection[int], club_id: int | None = None
) -> Merges:
    """``merged_into`` of the members ``ids`` (and of every member of ``club_id``), and of
    every member they point at, as stored: what ``now_is`` follows (a member there is none
    of is left out)."""
    out: dict[int, object] = {}
    if club_id is not None:
        found = db.execute("select id, merged_into from members where club_id = ?", [club_id])
        out |= {int(m): into for m, into in found}
    asked: set[int] = set()
    wanted = set(ids) - out.keys()
    while wanted:
        part = sorted(wanted)[:500]  # within SQLite's bound on ? parameters
        marks = ",".join("?" * len(part))
        found = db.execute(f"select id, merged_into from members where id in ({marks})", part)
        out |= {int(m): into for m, into in found}
        asked |= set(part)
        pointed = {into for m in part if type(into := out.get(m)) is int}
        wanted = (wanted | pointed) - asked - out.keys()
    return out


def kept(db: sqlite_utils.Database, member_id: int, named: bool = False) -> int:
    """The member a merged one now is (themselves if never merged): ``now_is``. A merge that
    points at no member is ``rows.Damaged`` naming the merged member's row; ``named``:
    ``member_id`` was read from a row that names a member (a seat's), which is damaged if
    there is none (else a number of no member is themselves)."""
    merged = merges_of(db, [member_id])
    if member_id not in merged:
        if named:
            raise rows.Damaged("member_id", "junk")
        return member_id
    return now_is(merged, member_id)


def kept_members(db: sqlite_utils.Database, club_id: int) -> dict[int, int]:
    """Each member of the club (merged ones too) → the member they now are (``now_is``)."""
    merged = merges_of(db, (), club_id)
    ids = db.execute("select id from members where club_id = ?", [club_id]).fetchall()
    return {int(m): now_is(merged, int(m)) for (m,) in ids}


def entries(db: sqlite_utils.Database, club_id: int) -> list[Entry]:
    """The club's cash box entries (``cashbox.ledger.entries``), each member's the one they
    now are (``kept_members``)."""
    return ledger.entries(db, club_id, kept_members(db, club_id))


def entries_at(db: sqlite_utils.Database, club_id: int, ids: Collection[int]) -> list[Entry]:
    """The club's entries numbered ``ids`` alone, each as ``entries`` has it."""
    return ledger.entries(db, club_id, kept_members(db, club_id), ids=ids)


def entries_about(db: sqlite_utils.Database, club_id: int, entry_id: int) -> list[Entry]:
    """The club's entry ``entry_id`` and what its reversal reads of the ledger, each as
    ``entries`` has it: the rows of its payment (``entries.sides``: the row it names as its
    other side, the rows naming that one), the entries they undo and the reversals undoing
    them; ``sides`` and ``reversed_ids`` say of it what they say over the whole ledger, read
    through the indexes on ``other_side`` and ``reverses`` (cash21). None of the club's: []."""
    asked = [club_id, entry_id]
    found = db.execute("select other_side from ledger where club_id = ? and id = ?", asked)
    row = found.fetchone()
    if row is None:
        return []
    first = row[0] if type(row[0]) is int else entry_id
    ids = {entry_id, first}
    named = "select id from ledger where club_id = ? and other_side = ?"
    ids |= {int(n) for (n,) in db.execute(named, [club_id, first]) if type(n) is int}
    marks = ",".join("?" * len(ids))
    # two searches, not one "or": SQLite read the or through the index on the club, every
    # row of it (the rowid for the reversals asked, ``reverses``' own index for theirs)
    around = f"select reverses, id from ledger where club_id = ? and id in ({marks})"
    around += " and reverses is not null union all select reverses, id from ledger"
    around += f" where club_id = ? and reverses in ({marks})"
    for undone, undoing in db.execute(around, [club_id, *ids, club_id, *ids]).fetchall():
        ids |= {int(n) for n in (undone, undoing) if type(n) is int}
    return entries_at(db, club_id, ids)


class SatTogether(Exception):
    """A merge refused: the two members sat at one table at the same time."""

    def __init__(self, names: tuple[str, str], table_no: int | None, date: str | None) -> None:
        super().__init__(names, table_no, date)
        self.names = names
        """The two members' names, as the club's pages say them now."""
        self.table_no = table_no
        """The table's number in its evening (None: a table in no evening)."""
        self.date = date
        """Its evening's date (ISO), None with it."""


def merge(db: sqlite_utils.Database, club_id: int, member_id: int, into: int, version: int) -> None:
    """Two members are one person: every seat of ``member_id`` now counts for ``into``.
    Refused (``SatTogether``, nothing stored) if they sat at one table at the same time."""
    if member_id == into:
        raise Refused(member_id)
    with changing(db, ClubOwner(club_id), version, "member_merge") as change:
        names = (_named(db, club_id, member_id), _named(db, club_id, into))
        together = sat_together(db, member_id, into)
        if together is not None:
            raise SatTogether(names, *together)
        change.summary = f"{member_id} → {into}"
        db.execute("update members set merged_into = ? where id = ?", [into, member_id])
        db.execute("update members set merged_into = ? where merged_into = ?", [into, member_id])


def _named(db: sqlite_utils.Database, club_id: int, member_id: int) -> str:
    """The name of the club's member (not merged away); ``Refused`` for any other."""
    row = db.execute(
        "select name from members where id = ? and club_id = ? and merged_into is null",
        [member_id, club_id],
    ).fetchone()
    if row is None:
        raise Refused(member_id)
    return str(row[0])


def _counted(db: sqlite_utils.Database, member_id: int) -> set[int]:
    """The member and those merged into them: the seats that count for them."""
    found = db.execute("select id from members where merged_into = ?", [member_id]).fetchall()
    return {member_id, *(int(i) for (i,) in found)}


def sat_together(
    db: sqlite_utils.Database, one: int, other: int
) -> tuple[int | None, str | None] | None:
    """The first table (its number and its evening's date) where the members ``one`` and
    ``other`` (each with those merged into them) sat at two seats at the same time; None if
    they never did."""
    ones, others = _counted(db, one), _counted(db, other)
    marks = ",".join("?" * len(ones | others))
    seats: dict[int, list[tuple[int, int]]] = {}
    for row in db.query(
        f"select rowid as id, game_id, seat, member_id from seats where member_id in ({marks})"
        " order by game_id, seat",
        [*ones, *others],
    ):
        with rows.reading("seats", row):  # a row retyped behind the app: Damaged, never a 500
            pair = rows.whole(row, "seat"), rows.whole(row, "member_id")
            seats.setdefault(rows.whole(row, "game_id"), []).append(pair)
    for game_id, found in seats.items():
        members = {m for _seat, m in found}
        if not (members & ones and members & others):
            continue
        if _at_once(db, game_id, found, ones, others):
            row = db.execute(
                "select eg.table_no, ev.date from evening_games eg"
                " join evenings ev on ev.id = eg.evening_id where eg.game_id = ?",
                [game_id],
            ).fetchone()
            return (None, None) if row is None else (int(row[0]), str(row[1]))
    return None


def _at_once(
    db: sqlite_utils.Database,
    game_id: int,
    found: Iterable[tuple[int, int]],
    ones: set[int],
    others: set[int],
) -> bool:
    """Whether a person of ``ones`` and a person of ``others`` were at two seats of the game
    in one coup: each seat's person is who sits there and whose money it is (an absent
    member played for is at their seat, not at another). A seat row below 0 is a newcomer's
    (``seats.taken_seat``: the seat change of that position)."""
    try:
        stored = load(db, game_id)
    except NotFound:  # a seat whose game is gone behind the app: nobody sat there
        return False
    players, changes = stored.game.players, stored.seat_changes
    newcomers = dict(
        db.execute(
            "select position, player from seat_changes where game_id = ?", [game_id]
        ).fetchall()
    )
    named: dict[str, int] = {}
    for seat, member in found:
        name = players[seat] if 0 <= seat < len(players) else newcomers.get(-seat)
        if name is not None:
            named[str(name)] = member
    coups = {1, *(c.coup for c in changes)}  # who sits where changes only there
    return any(_two_seats(players, changes, at, named, ones, others) for at in sorted(coups))


def _two_seats(
    players: Sequence[str],
    changes: Sequence[SeatChange],
    at: int,
    named: dict[str, int],
    ones: set[int],
    others: set[int],
) -> bool:
    """Whether in coup ``at`` a person of ``ones`` and one of ``others`` sat at two seats."""
    people = [
        {named[n] for n in pair if n in named}
        for pair in zip(seated(players, changes, at), payers(players, changes, at), strict=True)
    ]
    pairs = ((a, b) for i, a in enumerate(people) for j, b in enumerate(people) if i != j)
    return any(a & ones and b & others for a, b in pairs)
