"""A club table's spreadsheet says each member's money once, as the cash box bills it.

Denis takes over Bruno's seat from coup 5 of the seed (docs/rules.md, "Someone takes a
seat"; test_take_seat_club.py): Anne −72, Bruno −180, Chloé +81, Denis +171 chips. Denis
is then found to be Bruno (a name typed otherwise) and merged into Bruno: allowed, they
never sat at once; the club bills member Bruno −180 + 171 = −9 chips, rounded as one
figure (``Room.cents``), shown once on the table's settlement (``TablePurse.shown``).

At 0.0002 € a chip, by member: exact Anne −1.44, Bruno −0.18, Chloé +1.62 cents; rounded
down −2, −1, +1, two cents short; the largest remainders are Bruno's 0.82 and Chloé's
0.62 (Anne's 0.56): Anne −2, Bruno 0, Chloé +2 cents. The spreadsheet's last row rounded
each person on their own: exact −1.44, −3.6, +1.62, +3.42; rounded down −2, −4, +1, +3; the
two cents to Chloé (0.62) and Anne (0.56): Anne −1, Bruno −4 + Denis 3 = −1, Chloé +2 —
Anne a cent short of what the cash box bills her.
"""

from __future__ import annotations

import csv
import io

from test_club_money_one_figure import club_at
from test_clubs import new_evening
from test_take_seat_club import seated_table

from scorekeeper import clubs
from scorekeeper.clubs.purse import table_purse
from scorekeeper.rules.seating import TAKES_OVER


def test_a_member_who_sat_as_two_persons_has_the_cash_boxs_one_figure(db, client, app):
    club_id = club_at(client, "0.0002")
    evening = clubs.evening(db, new_evening(client, app, club_id, "2026-11-01"))
    game = seated_table(db, evening, TAKES_OVER)
    member = dict(db.execute("select name, id from members").fetchall())
    clubs.merge(db, club_id, member["Denis"], member["Bruno"], clubs.club(db, club_id).version)
    purse = table_purse(db, clubs.club(db, club_id), game)
    names = {v: k for k, v in member.items()}
    assert {names[m]: c for m, c in purse.result.items()} == {"Anne": -2, "Chloé": 2}
    (token,) = db.execute("select table_token from games where id = ?", [game]).fetchone()
    semi = client.get(f"/games/{game}/standings.csv?sep=semicolon&key={token}")
    assert semi.status_code == 200
    rows = list(csv.DictReader(io.StringIO(semi.data.decode("utf-8-sig")), delimiter=";"))
    money = {k.split(" ", 1)[1]: v for k, v in rows[-1].items() if k.startswith("Money")}
    # Bruno's figure once (their first column), as the settlement shows it; Denis's 0
    assert money == {"Anne": "-0,02", "Bruno": "0,00", "Denis": "0,00", "Chloé": "0,02"}
