"""Members and the seats that name them: who a game's player is, across the club's games.

A game keeps the names it was played with; its ``seats`` rows link each
seat to a member. Renaming a member renames them on the club's pages only;
merging two members points the one at the other (``merged_into``), so
every seat of either counts for the one kept.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import sqlite_utils

from ..db import rows
from ..names import Clash, accepted, clash, clash_with, look_alike_key, order_key, tidy
from ..store.changing import changing
from ..store.club_log import ClubOwner
from .merging import kept
from .one_seat import beside_newcomer, refuse_twice
from .records import Member, Refused


def members(db: sqlite_utils.Database, club_id: int) -> list[Member]:
    """The club's members (merged ones apart), in the club's order (``club_order``)."""
    found = [
        _member(row)
        for row in db.query(
            "select id, name, short_name from members where club_id = ? and merged_into is null",
            [club_id],
        )
    ]
    return sorted(found, key=lambda m: _in_order(m.name, m.id))


def _member(row: rows.Row) -> Member:
    """A member as stored (``rows.Damaged`` naming them: a column retyped behind the app)."""
    with rows.reading("members", row):
        name, short = rows.text(row, "name"), rows.text_or_none(row, "short_name") or ""
        return Member(rows.whole(row, "id"), name, short)


def _in_order(name: str, member_id: int) -> tuple[bytes, int]:
    """The club's order: by name in Unicode's root collation (``names.order_key``: Éva
    among the E's, Strauß as Strauss; SQLite's ``nocase`` folds ASCII only and a
    ``casefold`` key put É after Z), then number: one definition, here, the same for every
    reader. Money is not ordered by it: the ties of the largest remainder and who pays whom
    go by number, which no rename moves (``ties.tie_order``, ``ties.pay_order``)."""
    return order_key(name), member_id


def club_order(by_id: Mapping[int, Member], ids: Iterable[int]) -> list[int]:
    """``ids`` in the club's order (``_in_order``); an id that is no member of ``by_id``
    (merged away) after them, by number."""
    known = [m for m in set(ids) if m in by_id]
    unknown = sorted(m for m in set(ids) if m not in by_id)
    return sorted(known, key=lambda m: _in_order(by_id[m].name, m)) + unknown


def look_alikes(db: sqlite_utils.Database, club_id: int) -> list[list[Member]]:
    """The club's members whose name or short name reads like another's name or short name
    (``names.look_alike_key``: "Anne", "ANNE", a Cyrillic "Аnne"; a member named Anne
    beside Anne Martin, short "Anne"), each group while two of it still read alike, for the
    club's managers to merge or rename: a name typed at a table finds a member by either.
    The rule refuses new ones (``_taken``); these come from before it. Derived from the
    members as they are (m016 kept only the names alike it found, and the short names'
    clashes of the rule added since were never shown). Never merged here."""
    found = members(db, club_id)
    parent = list(range(len(found)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[str, int] = {}
    for i, member in enumerate(found):
        for text in (member.name, member.short_name):
            if tidy(text):
                j = first.setdefault(look_alike_key(text), i)
                parent[root(i)] = root(j)
    groups: dict[int, list[Member]] = {}
    for i, member in enumerate(found):
        groups.setdefault(root(i), []).append(member)
    return [group for group in groups.values() if len(group) > 1]


def member_named(db: sqlite_utils.Database, club_id: int, name: str) -> int:
    """The member of that name (the one kept, if merged), made if there is none.

    "anne", "Anné" and a Cyrillic "Аnne" find Anne (``names.clash``): a name typed
    at a new table that is hers or reads like hers must not become a second member
    and split her money. So does her short name, as the club's page shows it
    ("bruno" finds "Bruno Dupont", short "Bruno"), by the same rule; a member's full
    name is looked for first, so a short name never takes another member's name.
    A new one is added as the club's form adds one: under the club's bound
    (``ClubFull``), with its line on the club's log (``new_member``).
    """
    found = meant(db, named_rows(db, club_id), name)
    return found if found is not None else new_member(db, club_id, name, "", None)


def named_rows(db: sqlite_utils.Database, club_id: int) -> list[dict[str, Any]]:
    """The club's members with their names and short names, merged ones last (each read as
    ``_member`` reads them: a name retyped behind the app is ``rows.Damaged``, not a name's
    rule crashing on a BLOB)."""
    found = list(
        db.query(
            "select id, name, short_name from members where club_id = ?"
            " order by merged_into is not null, id",
            [club_id],
        )
    )
    for row in found:
        _member(row)
    return found


def meant(db: sqlite_utils.Database, rows: Sequence[dict[str, Any]], name: str) -> int | None:
    """The member (the one kept, if merged) a name typed at a table means: a member's full
    name first, then a short name, by the names rule (``names.clash``); None: nobody.
    A newcomer's seat and a table's names both ask it, so a short name typed when taking a
    seat finds the member as it does at the table's start."""
    for column in ("name", "short_name"):
        for row in rows:
            if row[column] and clash(name, row[column]) is not None:
                return kept(db, int(row["id"]))
    return None


def _member_of(db: sqlite_utils.Database, club_id: int, member_id: int) -> None:
    rows = list(
        db.query(
            "select 1 from members where id = ? and club_id = ? and merged_into is null",
            [member_id, club_id],
        )
    )
    if not rows:
        raise Refused(member_id)


MAX_MEMBERS = 2000
"""A club's members at most (merged ones too): what a club's manager can make the server keep."""


class ClubFull(Refused):
    """The club has ``MAX_MEMBERS`` members: a new ``name`` cannot become one, whatever path."""

    def __init__(self, club_id: int, name: str = "") -> None:
        super().__init__(club_id)
        self.name = name


class NameTaken(ValueError):
    """A name (``field``: ``name`` or ``short_name``) that is already a member's name or short
    name (case, accents and spaces aside) or reads like it (``how``: ``Clash.READS_ALIKE``):
    offer them instead. ``existing`` names them as the club's page does."""

    def __init__(self, existing: str, how: Clash = Clash.SAME, field: str = "name") -> None:
        super().__init__(existing)
        self.existing = existing
        self.how = how
        self.field = field


def as_shown(name: str, short_name: str | None = None) -> str:
    """A member as a refusal names them: "Anne Martin", or "Anne Martin (Anne)" by their short."""
    return f"{name} ({short_name})" if short_name else name


def _taken(
    db: sqlite_utils.Database, club_id: int, name: str, short_name: str, other_than: int | None
) -> None:
    """A member's name and short name must not read like another member's name or short
    name: a name typed at a table finds a member by either (``member_named``), so a second
    "Anne" beside Anne Martin, short "Anne", took the seats typed "Anne" from her on."""
    others: list[tuple[str, str]] = []
    for row in db.query(
        "select id, name, short_name from members where club_id = ? and merged_into is null",
        [club_id],
    ):
        if row["id"] != other_than:
            others.append((row["name"], row["name"]))
            if row["short_name"] and tidy(row["short_name"]):
                others.append((row["short_name"], as_shown(row["name"], row["short_name"])))
    for field, typed in (("name", name), ("short_name", short_name)):
        found = clash_with(typed, (other for other, _ in others)) if tidy(typed) else None
        if found is not None:
            shown = next(said for other, said in others if other == found[0])
            raise NameTaken(shown, found[1], field)


def add_member(
    db: sqlite_utils.Database, club_id: int, name: str, short_name: str, version: int
) -> int:
    """A new member, before they ever sit at a table; refused if the name is a member's already."""
    return new_member(db, club_id, name, short_name, version, refuse_taken=True)


def new_member(
    db: sqlite_utils.Database,
    club_id: int,
    name: str,
    short_name: str,
    version: int | None,
    refuse_taken: bool = False,
) -> int:
    """The one way a member is made (the club's form, a table's names, a seat taken, an
    event's round): a name by the rule (``names.accepted``: ``NameFault``), under the
    club's bound (``ClubFull``), one line ``member_add`` on the club's log. ``version``:
    the club's page's, or None from a table (nothing to be stale against). ``refuse_taken``:
    the form's ``NameTaken`` (a table's name finds the member it means before this)."""
    with changing(db, ClubOwner(club_id), version, "member_add") as change:
        kept_name = accepted(name)
        change.summary = kept_name
        if refuse_taken:
            _taken(db, club_id, name, short_name, None)
        count = db.execute("select count(*) from members where club_id = ?", [club_id]).fetchone()
        if count[0] >= MAX_MEMBERS:
            raise ClubFull(club_id, kept_name)
        row = {"club_id": club_id, "name": kept_name, "short_name": _short(short_name)}
        member_id = db.table("members").insert({**row, "merged_into": None}).last_pk
        assert isinstance(member_id, int)
        return member_id


def _short(short_name: str) -> str | None:
    """A short name by the names rule, as a name (``names.accepted``: no pictograph, nothing
    invisible kept); None when nothing is left of it (it seats its member at a table too)."""
    return accepted(short_name) if tidy(short_name) else None


def rename(
    db: sqlite_utils.Database,
    club_id: int,
    member_id: int,
    name: str,
    short_name: str,
    version: int,
) -> None:
    """A member's name on every club page; their games keep the names they were played with."""
    with changing(db, ClubOwner(club_id), version, "member_rename") as change:
        _member_of(db, club_id, member_id)
        kept_name = accepted(name)
        change.summary = f"{member_id}: {kept_name}"
        _taken(db, club_id, name, short_name, member_id)
        db.execute(
            "update members set name = ?, short_name = ? where id = ?",
            [kept_name, _short(short_name), member_id],
        )


def link_seats(
    db: sqlite_utils.Database, club_id: int, game_id: int, players: Sequence[str]
) -> None:
    """Each seat of the game to the member of its name (a new name becomes a member), each
    member at one seat (``one_seat.SameMember``)."""
    found = [member_named(db, club_id, name) for name in players]
    refuse_twice(db, list(zip(players, found, strict=True)))
    for seat, member in enumerate(found):
        db.table("seats").insert(
            {"game_id": game_id, "seat": seat, "member_id": member}, replace=True
        )


def club_of_game(db: sqlite_utils.Database, game_id: int) -> int | None:
    """The club whose seats name the game's players: its evening's, else its members' (or None)."""
    row = db.execute(
        """select evenings.club_id from evening_games join evenings
        on evenings.id = evening_games.evening_id where evening_games.game_id = ?
        union all select members.club_id from seats join members on members.id = seats.member_id
        where seats.game_id = ? limit 1""",
        [game_id, game_id],
    ).fetchone()
    return None if row is None else int(row[0])


def relink_seats(
    db: sqlite_utils.Database, game_id: int, before: Sequence[str], after: Sequence[str]
) -> None:
    """Inside a set-up change: the game's seats name the members who sit there now.

    A player who sat at the table before keeps their member, wherever they sit
    now (a reorder, or a member renamed on the club's pages); a new name is
    the member of that name, made if there is none, as at a new table. A
    seat beyond the players is gone. A game no club counts is left alone.
    """
    club_id = club_of_game(db, game_id)
    if club_id is None:
        return
    old = dict(db.execute("select seat, member_id from seats where game_id = ?", [game_id]))
    was = {name: int(old[seat]) for seat, name in enumerate(before) if seat in old}
    # the seats, not the newcomers' (``taken_seat``, below 0): they stay with their changes
    db.execute("delete from seats where game_id = ? and seat >= 0", [game_id])
    found = [was[name] if name in was else member_named(db, club_id, name) for name in after]
    refuse_twice(db, list(zip(after, found, strict=True)))
    for seat, member in enumerate(found):
        db.table("seats").insert({"game_id": game_id, "seat": seat, "member_id": member})


def seat_members(db: sqlite_utils.Database, game_id: int) -> dict[int, int]:
    """Seat → member (the one kept) of a game."""
    found = db.query("select rowid as id, seat, member_id from seats where game_id = ?", [game_id])
    return dict(_seat(db, row) for row in found)


def _seat(db: sqlite_utils.Database, row: rows.Row) -> tuple[int, int]:
    with rows.reading("seats", row):
        return rows.whole(row, "seat"), kept(db, rows.whole(row, "member_id"), named=True)


def table_seats(db: sqlite_utils.Database, game_id: int, count: int) -> tuple[int, ...]:
    """The member (the one kept) of each of a club table's ``count`` seats, in seat order.
    A club's table has a ``seats`` row for every seat (``link_seats``, ``relink_seats``):
    one missing was moved away behind the app (its ``game_id`` retyped or changed), which
    ``rows.Damaged`` says (``verify`` names the row), never a ``KeyError``."""
    seat_of = seat_members(db, game_id)
    if any(seat not in seat_of for seat in range(count)):
        raise rows.Damaged("game_id", "junk", None, "seats")
    return tuple(seat_of[seat] for seat in range(count))


def club_member(by_id: Mapping[int, Member], member_id: int) -> Member:
    """The club's member (``by_id``: ``members``) a seat of one of its tables names. One who
    is not among them was moved out of the club behind the app (their row's ``club_id``
    retyped or changed, or a merge pointed at another club's member): ``rows.Damaged``
    naming their row (``verify`` names it too), never a ``KeyError``."""
    found = by_id.get(member_id)
    if found is None:
        raise rows.Damaged("club_id", "junk", member_id, "members")
    return found


def names(db: sqlite_utils.Database, club_id: int) -> dict[int, Member]:
    return {m.id: m for m in members(db, club_id)}


def newcomer_seated(
    db: sqlite_utils.Database,
    game_id: int,
    player: str,
    ask: Callable[[int, str], object] | None = None,
) -> None:
    """Inside a seat change (``store.take_seat``): a newcomer at a club's table is a member
    (made if there is none, as a name typed at a new table), so that the club bills them;
    the member is kept with the seat change (``taken_seat``), as a seat's is with its seat:
    looked up by the name they sat down under each time, a newcomer renamed since was nobody
    (their seat billed whole to the member who left it) and a new member under their old name
    was paid their money. ``ask(club_id, player)``, before a newcomer who is nobody at this
    table yet is looked up by their name: the seat form's question (``part_names.seat_asked``)."""
    club_id = club_of_game(db, game_id)
    if club_id is not None:
        (position,) = db.execute(
            "select max(position) from seat_changes where game_id = ?", [game_id]
        ).fetchone()
        _keep_newcomer(db, club_id, game_id, int(position), player, ask)


def newcomers_seated(
    db: sqlite_utils.Database,
    club_id: int,
    game_id: int,
    ask: Callable[[int, str], object] | None = None,
) -> None:
    """Inside a club table's creation (``add_table``): an imported file's newcomers are kept
    as ``newcomer_seated`` keeps one who sits down (made no member, one was nobody, and the
    room billed their stretch to the member who left the seat), ``ask`` as there."""
    for position, player in db.execute(
        "select position, player from seat_changes where game_id = ? order by position",
        [game_id],
    ).fetchall():
        _keep_newcomer(db, club_id, game_id, int(position), str(player), ask)


def _keep_newcomer(
    db: sqlite_utils.Database,
    club_id: int,
    game_id: int,
    position: int,
    player: str,
    ask: Callable[[int, str], object] | None = None,
) -> None:
    """The member of the newcomer of the change at ``position``, kept at its row: the one they
    are at this table already (a player of it, or come back: ``person_members``), else the
    member of their name (by name only, one who came back renamed was made a second member);
    never a member at another seat then (``one_seat.SameMember``)."""
    (text,) = db.execute("select players from games where id = ?", [game_id]).fetchone()
    players = json.loads(text)
    earlier = db.execute(
        "select player from seat_changes where game_id = ? and position < ? order by position",
        [game_id, position],
    ).fetchall()
    taken = [p for (p,) in earlier]
    found = person_members(db, game_id, [player], players, taken)
    if not found and ask is not None:
        ask(club_id, player)
    member = found[0] if found else member_named(db, club_id, player)
    beside = beside_newcomer(db, game_id, position, players)
    others = person_members(db, game_id, beside, players, taken) or ()
    refuse_twice(db, [(player, member)], list(zip(beside, others, strict=False)))
    db.table("seats").insert(
        {"game_id": game_id, "seat": taken_seat(position), "member_id": member},
        replace=True,
    )


def taken_seat(position: int) -> int:
    """The ``seats`` row of the newcomer of a game's seat change (its ``position``, 1, 2, …):
    a seat below 0, which no seat of the table is (``table_seats`` reads 0 to n − 1)."""
    return -position


def person_members(
    db: sqlite_utils.Database,
    game_id: int,
    people: Sequence[str],
    players: Sequence[str],
    taken: Sequence[str] = (),
) -> tuple[int, ...] | None:
    """The member of each person of a table where someone took a seat (``StoredGame.people``).

    A player who sat from the start is their seat's member; a newcomer the member kept with
    the first seat change that seated them (``taken``: each change's player, in order;
    ``newcomer_seated``), else — a seat taken before that was kept — the member of their
    name. None if one has no member (a table no club counts).
    """
    seat_of = seat_members(db, game_id)
    club_id = club_of_game(db, game_id)
    if club_id is None:
        return None
    rows = named_rows(db, club_id)
    found = []
    for name in people:
        if name in players and players.index(name) in seat_of:
            found.append(seat_of[players.index(name)])
            continue
        kept_with = [
            n for n, who in enumerate(taken, 1) if who == name and taken_seat(n) in seat_of
        ]
        if kept_with:
            found.append(seat_of[taken_seat(kept_with[0])])
            continue
        member = meant(db, rows, name)
        if member is None:
            return None
        found.append(member)
    return tuple(found)
