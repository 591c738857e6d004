"""A championship's director page draws each table's QR code once per server process.

Choosing a code's mask costs segno 8-16 ms; the director page shows a code per table and
is drawn again after every action of the director, so a 136-table round cost 1.1 s of CPU
a reload (issue 44's "no one can make the server slow for the others")."""

from __future__ import annotations

import re

import segno
from test_events import new_event, post

from scorekeeper.web.table import links


def test_the_director_page_and_the_slips_draw_each_code_once(app, monkeypatch):
    drawn: list[str] = []
    make = segno.make

    def counted(url, **kwargs):
        drawn.append(url)
        return make(url, **kwargs)

    monkeypatch.setattr(links.segno, "make", counted)
    links._qr_drawn.cache_clear()  # what earlier tests of this process had drawn
    client = app.test_client()
    new_event(client, kind="hombre", seating="3", method="rank_points")
    names = "\n".join(f"Player {n}" for n in range(1, 10))  # 9 players: three tables of 3
    assert post(client, app, "players", names=names).status_code == 302
    assert post(client, app, "draw").status_code == 302
    first = client.get("/events/1").text
    shown = re.findall(r'<code class="event-link">([^<]+)</code>', first)
    managers = [url for url in shown if "/games/" in url]  # not the event's own link
    assert len(managers) == 3
    assert sorted(drawn) == sorted(managers)  # the first drawing: one code a table
    again = client.get("/events/1").text
    slips = client.get("/events/1/slips").text
    assert sorted(drawn) == sorted(managers)  # the second page and the slips: none again
    # what is handed out is the code of the table's own link, as segno draws it
    for url in managers:
        code = make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff")
        assert code in again and code in slips
