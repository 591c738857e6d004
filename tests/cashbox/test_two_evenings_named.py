"""Two evenings on one day are told apart wherever an evening is named: a member's statement
(page, PDF, CSV), their history and the cash box (play19: they named an evening by its day
alone, and "Afternoon" and "Night" of 27 November read the same).

An evening is named by one label (``formats.dates.evening_label``): its day, then its title
when it has one ("November 27, 2026 — Afternoon"); a line that says its day already (a
statement's or the cash box's Date column) adds the title alone ("Evening's result ·
Afternoon"). Each evening plays the seed (docs/rules/hombre.md §10) at 0.05 € a chip:
Anne −72 = −3.60 at the afternoon; at the night she sits as C, +81 = +4.05.
"""

from __future__ import annotations

import csv
import html
import io
import re
import sqlite3

from test_clubs import club_version, new_club, seed_table
from test_one_purse_web import ids
from test_settlement import pdf_text

DAY = "2026-11-27"


def titled_evening(client, app, club: int, title: str) -> int:
    data = {"date": DAY, "title": title, "version": club_version(app)}
    response = client.post(f"/clubs/{club}/evenings", data=data)
    assert response.status_code == 302, response.data.decode()[-500:]
    return int(response.headers["Location"].rsplit("/", 1)[1])


def plain(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_two_evenings_of_one_day_are_named_apart(client, app, tmp_path):
    club = new_club(client)
    afternoon = titled_evening(client, app, club, "Afternoon")
    night = titled_evening(client, app, club, "Night")
    seed_table(client, afternoon, "Anne", "Bruno", "Chloé")  # Anne −3.60
    seed_table(client, night, "Bruno", "Chloé", "Anne")  # Anne +4.05
    anne = ids(app)["Anne"]
    statement = f"/clubs/{club}/members/{anne}/statement"

    # both open: the statement's provisional lines and where each is settled
    page = plain(client.get(statement).data.decode())
    assert "Evening's result · Afternoon" in page and "Evening's result · Night" in page
    # (in words since owed21: a room's part is not the club's)
    assert "evening of November 27, 2026 — Afternoon, not closed, Anne owes €3.60." in page
    assert "evening of November 27, 2026 — Night, not closed, Anne is owed €4.05." in page
    cash = plain(client.get(f"/clubs/{club}/cash").data.decode())
    assert "Evening of November 27, 2026 — Afternoon, not closed" in cash
    assert "Evening of November 27, 2026 — Night, not closed" in cash
    view = plain(client.get(f"/clubs/{club}/cash?evening={night}").data.decode())
    assert "For the evening of November 27, 2026 — Night only" in view
    assert "on the evening of November 27, 2026 — Night." in view  # the fee form's boxes

    # closed, each posted: the cash box's entries and the statement's files name each
    for evening in (afternoon, night):
        data = {"version": club_version(app), "confirmed": "1"}
        assert client.post(f"/evenings/{evening}/close", data=data).status_code == 302
    cash = plain(client.get(f"/clubs/{club}/cash").data.decode())
    assert "Anne Evening's result · Afternoon −€3.60" in cash
    assert "Anne Evening's result · Night +€4.05" in cash
    printed = " ".join(pdf_text(client.get(statement + ".pdf").data, tmp_path).split())
    assert "Evening's result · Afternoon −€3.60" in printed
    assert "Evening's result · Night +€4.05" in printed
    text = client.get(statement + ".csv").data.decode("utf-8-sig")
    words = [row[1] for row in csv.reader(io.StringIO(text))][1:]
    assert sorted(words) == ["Evening's result · Afternoon", "Evening's result · Night"]

    history = plain(client.get(f"/clubs/{club}/members/{anne}").data.decode())
    assert "November 27, 2026 — Afternoon" in history
    assert "November 27, 2026 — Night" in history


def test_an_evening_without_a_title_is_named_by_its_day(client, app):
    """The control: no title, the label is the day, and a line adds nothing to its day."""
    club = new_club(client)
    evening = titled_evening(client, app, club, "")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    anne = ids(app)["Anne"]
    page = plain(client.get(f"/clubs/{club}/members/{anne}/statement").data.decode())
    assert "Evening's result · provisional: the evening is not closed yet" in page
    assert "evening of November 27, 2026, not closed, Anne owes €3.60." in page


def test_the_rooms_pages_name_their_evening_by_its_label(client, app):
    """The room's settlement (its title, its way back, its header), the evening's own
    ``<title>``, its close confirmation, the refusal of a new table once it is closed and
    the reverse page of its posted result name the evening by its day and title
    (``evening_label``), as the evening's page does: by its day alone the "Afternoon" and
    the "Night" of 27 November read the same."""
    club = new_club(client)
    afternoon = titled_evening(client, app, club, "Afternoon")
    titled_evening(client, app, club, "Night")
    seed_table(client, afternoon, "Anne", "Bruno", "Chloé")
    label = "November 27, 2026 — Afternoon"
    back = f'<a href="/evenings/{afternoon}">← Evening of {label}</a>'
    room = client.get(f"/evenings/{afternoon}/settlement").data.decode()
    assert f"<title>Settlement of the room — {label}" in room
    assert back in room
    # the heading's evening is the PDF's running header too (static/pdf.css: sheet-evening)
    heading = f'<p><span class="sheet-evening">Evening of {label}</span> · 1 table played</p>'
    assert heading in room
    assert f"<title>Le Cercle — {label}" in client.get(f"/evenings/{afternoon}").data.decode()
    assert back in client.get(f"/evenings/{afternoon}/close").data.decode()
    data = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{afternoon}/close", data=data).status_code == 302
    refused = client.get(f"/games/new?evening={afternoon}")
    assert refused.status_code == 409 and back in refused.data.decode()
    with sqlite3.connect(app.config["DATABASE"]) as conn:  # a result the close posted
        (posted,) = conn.execute("select min(id) from ledger where kind = 'evening'").fetchone()
    conn.close()
    said = client.get(f"/clubs/{club}/cash/entries/{posted}/reverse").data.decode()
    assert f'<a href="/evenings/{afternoon}">Evening of {label}</a>' in said
