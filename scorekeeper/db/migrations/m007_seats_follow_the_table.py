"""Seats re-linked to the players a table has now (issue 24).

Until now a table's set-up change (players renamed, reordered, added or
removed before the first coup) left its ``seats`` rows as they were: a
seat with no row broke the evening and the season, a moved one billed
another member. A game never set up again keeps its rows (they were
written from these very names; a member renamed on the club's pages
since is still them). A game whose set-up changed keeps a seat's member
when the member (or the one they were merged into) bears the player's
name, takes the member of that name among the game's old seats (a
reorder), else the club's member of that name, made if there is none, as
a new table does. Rows beyond the players are removed.
"""

from __future__ import annotations

import json

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    games: list[tuple[int, str, int]] = db.execute(
        """select games.id, games.players, exists(select 1 from changes where
        changes.game_id = games.id and changes.action = 'rules') from games
        where games.id in (select game_id from seats union select game_id from evening_games)"""
    ).fetchall()
    for game_id, players_json, set_up in games:
        players: list[str] = json.loads(players_json)
        db.execute("delete from seats where game_id = ? and seat >= ?", [game_id, len(players)])
        row: tuple[int] | None = db.execute(
            """select evenings.club_id from evening_games join evenings
            on evenings.id = evening_games.evening_id where evening_games.game_id = ?
            union all select members.club_id from seats join members
            on members.id = seats.member_id where seats.game_id = ? limit 1""",
            [game_id, game_id],
        ).fetchone()
        if row is None:
            continue
        club_id = int(row[0])
        old: dict[int, int] = dict(
            db.execute("select seat, member_id from seats where game_id = ?", [game_id])
        )
        names = {member: _names_of(db, member) for member in old.values()}
        for seat, name in enumerate(players):
            member = old.get(seat)
            if member is not None and (not set_up or name in names[member]):
                continue
            found = [m for m in old.values() if name in names[m]]
            member = found[0] if found else _member_named(db, club_id, name)
            db.table("seats").insert(
                {"game_id": game_id, "seat": seat, "member_id": member}, replace=True
            )


def _names_of(db: sqlite_utils.Database, member: int) -> set[str]:
    """The member's name and those of the members they were merged into."""
    out: set[str] = set()
    seen: set[int] = set()
    current: int | None = member
    while current is not None and current not in seen:
        seen.add(current)
        row: tuple[str, int | None] | None = db.execute(
            "select name, merged_into from members where id = ?", [current]
        ).fetchone()
        if row is None:
            break
        out.add(row[0])
        current = row[1]
    return out


def _member_named(db: sqlite_utils.Database, club_id: int, name: str) -> int:
    """The club's member of that name (an unmerged one first), made if there is none."""
    row: tuple[int] | None = db.execute(
        "select id from members where club_id = ? and name = ?"
        " order by merged_into is not null, id limit 1",
        [club_id, name],
    ).fetchone()
    if row is not None:
        return int(row[0])
    new = {"club_id": club_id, "name": name, "short_name": None, "merged_into": None}
    return int(db.table("members").insert(new).last_pk or 0)
