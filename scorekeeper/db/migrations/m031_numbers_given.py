"""The highest game and club numbers handed out, kept beside the generation.

A phone's cookie names the games it follows and the clubs it reads by their numbers
alone. A restore puts back a database whose last games and clubs may be older than
ones handed out since: SQLite would give the next game the number of a gone one, and
the phone that followed it would read a stranger's game as its own (review11). The
restore keeps here the highest numbers the replaced database had handed out, and a
new game or club is numbered above them (``db.numbers``). 0: none beyond the rows.
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.table("generation").add_column("games_given", int, not_null_default=0)
    db.table("generation").add_column("clubs_given", int, not_null_default=0)
