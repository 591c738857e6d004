"""The club of a table's evening and the club's version, read with the game's row.

A club table's pages name its members by their names now and show its evening's money;
kept, they follow the club's version as well as the game's (``web/kept``). A follower's
poll asks it at every answer, 304 included: read as two columns of the statement that
reads the game's row and the phone's grant (``repository.row_and_grant``), it costs no
statement of its own (it cost one per page and two per manager's page, a game alone too).
"""

from __future__ import annotations

from ..db import rows

_CLUB = """(select c.{column} from evening_games eg join evenings ev on ev.id = eg.evening_id
   join clubs c on c.id = ev.club_id where eg.game_id = :game)"""

_SEATS = """(select group_concat(quote(seat) || ':' || quote(member_id), ',') from
   (select seat, member_id from seats where game_id = :game order by seat))"""

CLUB_COLUMNS = (
    f"{_CLUB.format(column='id')} as table_club_id,"
    f" {_CLUB.format(column='version')} as table_club_version,"
    f" {_SEATS} as table_seats"
)
"""The club's number and version as two columns of a statement about the game ``:game``
(None where the table is in no evening), and its seats' members as a third (``seats``:
"-1:15,0:12,1:7,2:9", None where it has none; each value as SQL quotes it, so that a
value retyped behind the app, a blob too, is text that reads). The seats are the club's facts, yet a
table's set-up change moves them (``clubs.seats.relink_seats``) without moving the club's
version (their line on the club's log is at its version: ``chain.flush``): what follows
the seats (``seat_words.names_now``) keys by them too. One index probe of the seats'
primary key, in the same statement."""
CLUB_NAMES = ("table_club_id", "table_club_version", "table_seats")


def club_of(club_id: object, version: object) -> tuple[int, int] | None:
    """``CLUB_COLUMNS`` read: the club and its version, or None (a table in no evening).
    A version retyped behind the app is the club row's damage (``rows.Damaged``: a 409
    naming it where a page needs the club, not a 500)."""
    if club_id is None:
        return None
    row = {"id": club_id, "version": version}
    with rows.reading("clubs", row):
        return rows.whole(row, "id"), rows.whole(row, "version")
