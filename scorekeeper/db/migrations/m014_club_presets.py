"""A club's own rule sets, each under a name: its evenings offer them first (issue 29).

``rules`` is the game file's rules object (JSON), ``game`` its family
(``"manille"``…); a name is the club's own (one row per club and name).
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.table("club_presets").create(
        {"id": int, "club_id": int, "name": str, "game": str, "rules": str, "created_at": str},
        pk="id",
        foreign_keys=[("club_id", "clubs", "id")],
        not_null={"club_id", "name", "game", "rules", "created_at"},
    )
    db.table("club_presets").create_index(["club_id", "name"], unique=True)
