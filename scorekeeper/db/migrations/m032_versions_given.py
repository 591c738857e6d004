"""The highest version each game, club and event had before a restore took it back.

A change is checked against the version the page showed. A restore lowers a version,
and changes made after it raised it again, one by one, to a version a page drawn before
the restore shows: that page's change was then taken as drawn from the game as it is
(review11). The restore keeps here the replaced database's higher versions, and the
next change of such an owner is numbered above them (``db.numbers.next_version``), so no
version is handed out twice, as no game's or club's number is (m031).
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.table("versions_given").create(
        {"owner": str, "id": int, "version": int},
        pk=("owner", "id"),
        not_null={"owner", "id", "version"},
    )
