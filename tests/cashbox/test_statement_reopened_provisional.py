"""A reopened evening's result is provisional on the member's statement, as before its first
close (fix19a). Reopening leaves what the close posted in the ledger (``closing.reopen``:
closing again posts only what changed), and play19's statement then read "Evening result
−3.30" plainly, where before the first close it said "· provisional: the evening is not
closed yet". An evening not closed has a provisional result, open or reopened; the figures
are the same in the three states.

The table plays the seed (docs/rules/hombre.md §10) at 0.05 € a chip: Anne −72 chips
= −3.60, Bruno −9 = −0.45, Chloé +81 = +4.05.
"""

from __future__ import annotations

import csv
import io
import re

from test_close_keeps_paid import DAY
from test_clubs import club_version, new_club, new_evening, seed_table
from test_one_purse_web import ids
from test_settlement import pdf_text

SAID = "provisional: the evening is not closed yet"
SAID_FR = "provisoire\u202f: la soirée n’est pas encore close"


def result_lines(client, club: int, member: int, headers=None) -> list[tuple[str, str]]:
    """The statement's lines of an evening's result: (its words, its balance after)."""
    page = client.get(f"/clubs/{club}/members/{member}/statement", headers=headers or {}).text
    start = page.index('id="statement"')
    rows = re.findall(
        r"<tr><td>[^<]+</td><td>(.*?)</td><td class=\"num\">[^<]+</td>"
        r'<td class="num">([^<]+)</td></tr>',
        page[start:],
    )
    return [
        (re.sub(r"<[^>]+>", "", words), balance.replace("€", "").strip()) for words, balance in rows
    ]


def test_a_reopened_evening_result_is_provisional_on_the_statement(client, app, tmp_path):
    club = new_club(client)
    evening = new_evening(client, app, club, DAY)
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    anne = ids(app)["Anne"]
    # open: one provisional line, −3.60
    opened = result_lines(client, club, anne)
    assert len(opened) == 1 and SAID in opened[0][0] and opened[0][1] == "−3.60", opened

    data = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=data).status_code == 302
    closed = result_lines(client, club, anne)
    assert len(closed) == 1 and SAID not in closed[0][0] and closed[0][1] == "−3.60", closed

    data = {"version": club_version(app)}
    assert client.post(f"/evenings/{evening}/reopen", data=data).status_code == 302
    # reopened: the posted line, said provisional again, the balance unchanged (−3.60)
    reopened = result_lines(client, club, anne)
    assert len(reopened) == 1 and SAID in reopened[0][0] and reopened[0][1] == "−3.60", reopened
    french = result_lines(client, club, anne, {"Accept-Language": "fr"})
    assert SAID_FR in french[0][0], french
    printed = " ".join(
        pdf_text(client.get(f"/clubs/{club}/members/{anne}/statement.pdf").data, tmp_path).split()
    )
    assert f"Evening's result · {SAID}" in printed and "−€3.60" in printed
    text = client.get(f"/clubs/{club}/members/{anne}/statement.csv").text.lstrip("\ufeff")
    rows = list(csv.reader(io.StringIO(text)))
    assert [r[4] for r in rows[1:]] == ["-3.60"] and SAID in rows[1][1], rows

    # closed again: final, plain, the same −3.60
    data = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=data).status_code == 302
    assert result_lines(client, club, anne) == closed
