"""A reopened evening's result is provisional on the member's statement, as before its first
close (fix19a), and on the cash box's journal, by the same rule (``closing.provisional``,
cash22: the journal listed it plainly); each provisional line says what it is (cash22: the
posted result and what changed since read alike). Reopening leaves what the close posted
in the ledger (``closing.reopen``: closing again posts only what changed), and play19's
statement then read "Evening result −3.30" plainly, where before the first close it said
"· provisional: the evening is not closed yet". An evening not closed has a provisional
result, open or reopened; the figures are the same in the three states.

The table plays the seed (docs/rules/hombre.md §10) at 0.05 € a chip: Anne −72 chips
= −3.60, Bruno −9 = −0.45, Chloé +81 = +4.05.
"""

from __future__ import annotations

import csv
import html
import io
import re

from test_close_keeps_paid import DAY
from test_clubs import club_version, new_club, new_evening, seed_table
from test_one_purse_web import ids
from test_settlement import pdf_text

SAID = "provisional: the evening is not closed yet"
POSTED = "provisional: posted at its close, the evening is reopened"
POSTED_FR = "provisoire\u202f: comptabilisé à sa clôture, la soirée est rouverte"
CHANGED = "provisional: changed since its close, not posted yet"
UNDONE = "provisional: undone at a later close, the evening is reopened"


def journal(client, club: int) -> list[tuple[str, str]]:
    """The cash box's journal (``#entries``): each line's words and amount, newest first."""
    page = client.get(f"/clubs/{club}/cash").text
    start = page.index('id="entries"')
    rows = re.findall(
        r'<tr id="entry-\d+"><td>[^<]+</td><td>[^<]*</td><td>(.*?)</td><td class="num">'
        r"([^<]+)</td>",
        page[start:],
    )
    return [
        (html.unescape(re.sub(r"<[^>]+>", "", words)), amount.replace("€", "").strip())
        for words, amount in rows
    ]


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
        (html.unescape(re.sub(r"<[^>]+>", "", words)), balance.replace("€", "").strip())
        for words, balance in rows
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
    assert ("Evening's result", "−3.60") in journal(client, club)  # closed: final, plain

    data = {"version": club_version(app)}
    assert client.post(f"/evenings/{evening}/reopen", data=data).status_code == 302
    # reopened: the posted line, said provisional again, the balance unchanged (−3.60)
    reopened = result_lines(client, club, anne)
    assert len(reopened) == 1 and POSTED in reopened[0][0] and reopened[0][1] == "−3.60", reopened
    french = result_lines(client, club, anne, {"Accept-Language": "fr"})
    assert POSTED_FR in french[0][0], french
    # the cash box's journal lists the same row (Anne's: −3.60) as the statement says it
    assert ("Evening's result · " + POSTED, "−3.60") in journal(client, club)
    printed = " ".join(
        pdf_text(client.get(f"/clubs/{club}/members/{anne}/statement.pdf").data, tmp_path).split()
    )
    # the cell wraps before its last word, the amounts' row between ("… the evening is −€3.60
    # −€3.60 2026 reopened")
    assert f"Evening's result · {POSTED.removesuffix(' reopened')}" in printed, printed
    assert "−€3.60" in printed and "reopened" in printed
    text = client.get(f"/clubs/{club}/members/{anne}/statement.csv").text.lstrip("\ufeff")
    rows = list(csv.reader(io.StringIO(text)))
    assert [r[4] for r in rows[1:]] == ["-3.60"] and POSTED in rows[1][1], rows

    # closed again: final, plain, the same −3.60
    data = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=data).status_code == 302
    assert result_lines(client, club, anne) == closed


def test_each_provisional_line_of_a_reopened_evening_says_what_it_is(client, app):
    """Closed, reopened, a second table of the seed played (Anne −72 chips more: −3.60 more),
    closed again (its close reverses the −3.60 posted and posts −7.20), reopened again."""
    club = new_club(client)
    evening = new_evening(client, app, club, DAY)
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    anne = ids(app)["Anne"]

    def close(how: str) -> None:
        data = {"version": club_version(app), "confirmed": "1"}
        assert client.post(f"/evenings/{evening}/{how}", data=data).status_code == 302

    close("close")
    close("reopen")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    # the posted −3.60, and what changed since, −3.60 not posted: −3.60 − 3.60 = −7.20
    lines = result_lines(client, club, anne)
    assert lines == [
        ("Evening's result · " + POSTED, "−3.60"),
        ("Evening's result · " + CHANGED, "−7.20"),
    ], lines
    # the journal lists the ledger's rows: the posted one, said so; no provisional line
    assert [w for w, a in journal(client, club) if a == "−3.60" and "result" in w] == [
        "Evening's result · " + POSTED
    ]

    close("close")
    close("reopen")
    # −3.60 posted, reversed (+3.60), −7.20 posted: −3.60 + 3.60 − 7.20 = −7.20
    lines = result_lines(client, club, anne)
    assert [(words.split(" · ")[0], words.endswith(said), balance) for (words, balance), said in
            zip(lines, (POSTED, UNDONE, POSTED), strict=True)] == [
        ("Evening's result", True, "−3.60"),
        ("Reversal of: Evening's result, Nov 27, 2026", True, "0.00"),
        ("Evening's result", True, "−7.20"),
    ], lines  # fmt: skip
    listed = journal(client, club)
    assert ("Reversal of: Evening's result, Nov 27, 2026 · " + UNDONE, "+3.60") in listed
    assert ("Evening's result · " + POSTED, "−7.20") in listed
