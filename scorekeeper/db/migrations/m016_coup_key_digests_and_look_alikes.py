"""Coup keys that say what they mean, and the look-alike members found (issue 36).

``coup_keys``: ``digest`` of the coup stored under the key (the same key
with another coup is refused), ``gone`` the version of the undo or
deletion that took its coup out of the game (a retry is answered so).
The keys kept so far are put right: a key past the game's last coup, or
one at the place of a later key (undone, then another coup added), is
gone; only the last 16 gone keys of a game stay (``store.coup_keys``).

``look_alike_members``: the members of a club whose names read the same
(``names.look_alike_key``: "Anne", "ANNE", a Cyrillic "Аnne"), found once
here among the members made before the rule; the club page shows each
group to the club's managers while two of them still read alike, for them
to merge or rename. Nothing is merged here: only a manager knows whether
two "Anne" are one person.

The look-alike keys come from ``names.py`` (the bottom layer, no store above).
"""

from __future__ import annotations

import json

import sqlite_utils

from ...clock import now
from ...names import look_alike_groups


def migrate(db: sqlite_utils.Database) -> None:
    db.execute("alter table coup_keys add column digest text")
    db.execute("alter table coup_keys add column gone integer")
    game_ids = [r[0] for r in db.execute("select distinct game_id from coup_keys").fetchall()]
    for game_id in game_ids:
        version = db.execute("select version from games where id = ?", [game_id]).fetchone()
        now_at = 0 if version is None else int(version[0])
        db.execute(
            """update coup_keys set gone = ? where game_id = ? and (
                   position > (select count(*) from coups where game_id = ?)
                   or exists (select 1 from coup_keys later where later.game_id = coup_keys.game_id
                              and later.position = coup_keys.position
                              and later.version > coup_keys.version))""",
            [now_at, game_id, game_id],
        )
        db.execute(
            """delete from coup_keys where game_id = ? and gone is not null and rowid not in (
                   select rowid from coup_keys where game_id = ? and gone is not null
                   order by version desc limit 16)""",
            [game_id, game_id],
        )
    db.table("look_alike_members").create(
        {"id": int, "club_id": int, "members": str, "found_at": str},
        pk="id",
        foreign_keys=[("club_id", "clubs", "id")],
        not_null={"club_id", "members", "found_at"},
    )
    db.table("look_alike_members").create_index(["club_id"])
    found_at = now()
    clubs = [r[0] for r in db.execute("select id from clubs order by id").fetchall()]
    for club_id in clubs:
        rows = db.execute(
            "select id, name from members where club_id = ? and merged_into is null order by id",
            [club_id],
        ).fetchall()
        for group in look_alike_groups((int(ident), str(name)) for ident, name in rows):
            db.table("look_alike_members").insert(
                {
                    "club_id": club_id,
                    "members": json.dumps([ident for ident, _ in group]),
                    "found_at": found_at,
                }
            )
