"""The director's page as a phone on a club's Wi-Fi gets it, at a championship's size.

Played on 2026-11-30 (helper play10, 544 manillen players at 136 tables, served by
``scorekeeper serve`` with no proxy): the page was sent as drawn, 552 kB (327 kB of them
the 136 tables' hidden QR codes), at every reload that follows each of the director's
actions; gzipped it is 91 kB. And locking table 97 brought the phone back to the top of
the round, 96 cards above the one just locked.
"""

from __future__ import annotations

import gzip
import re

from test_events import new_event, post

from scorekeeper.db import get_db
from scorekeeper.web.events.forms import LockForm


def _drawn(app, client):
    new_event(client, kind="manillen", seating="pairs", method="win_pct")
    names = "\n".join(f"Player {n:02d}" for n in range(1, 17))  # 16 players: 4 tables
    assert post(client, app, "players", names=names).status_code == 302
    assert post(client, app, "draw").status_code == 302


def test_the_director_page_goes_gzipped_to_a_browser_that_takes_it(app):
    client = app.test_client()
    _drawn(app, client)
    assert 'id="manager-link"' in client.get("/events/1").text  # the event's link, shown once
    plain = client.get("/events/1", headers={"Accept-Encoding": "identity"})
    assert plain.headers.get("Content-Encoding") is None
    page = plain.get_data()
    assert b'id="table-4"' in page  # the page of the round: four tables, four codes
    sent = client.get("/events/1", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert sent.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in sent.headers["Vary"]
    assert "Cookie" in sent.headers["Vary"]  # still a page of this phone's right alone
    body = sent.get_data()
    # the same page (its forms' CSRF tokens are the session's: the same in both)
    assert gzip.decompress(body) == page
    # the bytes over the Wi-Fi: four codes of ~2.4 kB of SVG path each compress well; the
    # championship's 552 kB went as 91 kB (a sixth), this one must go under a third
    assert len(body) * 3 < len(page)


def test_a_lock_brings_the_director_back_to_the_table_locked(app):
    client = app.test_client()
    _drawn(app, client)
    locked = post(client, app, "lock", round="1", table="3")
    assert locked.status_code == 302
    assert locked.headers["Location"].endswith("/events/1#table-3")
    unlocked = post(client, app, "lock", round="1", table="3", unlock="y")
    assert unlocked.status_code == 302
    assert unlocked.headers["Location"].endswith("/events/1#table-3")


def _options(page: str, section: str) -> list[str]:
    part = page[page.index(f'<section id="{section}"') :]
    part = part[: part.index("</select>")]
    return re.findall(r"<option[^>]*>([^<]*)</option>", part)


def test_the_withdrawal_and_correction_lists_are_in_name_order(app):
    # registered as they came, club by club, and one late: the director looks a name up
    # in a phone's picker of 546 at a championship, as the page sorts names elsewhere
    # (the sitting-out line, a shared place): the reader's alphabetical order
    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", method="win_pct")
    came = ["Zoë Claes", "Jan Peeters", "Émile Wouters", "Anke De Smet", "Bert Maes"]
    assert post(client, app, "players", names="\n".join(came)).status_code == 302
    assert post(client, app, "players", names="Dirk Aerts").status_code == 302
    assert post(client, app, "withdraw", name="Jan Peeters").status_code == 302
    page = client.get("/events/1").text
    everyone = ["Anke De Smet", "Bert Maes", "Dirk Aerts", "Émile Wouters", "Jan Peeters"]
    everyone.append("Zoë Claes")  # by first name, É with the E's (French collation)
    assert _options(page, "penalty") == everyone
    assert _options(page, "withdraw") == [n for n in everyone if n != "Jan Peeters"]


def test_the_lock_forms_hidden_fields_are_drawn_once_a_page(app, monkeypatch):
    # each table's lock form carries the same hidden fields (the CSRF token, the event's
    # version): drawn once, not once a table — 136 times at a championship's reload
    # after each of the director's actions (6 ms of its 49, round 2, 2026-11-30)
    drawn = []
    hidden_tag = LockForm.hidden_tag

    def counted(self, *fields):
        drawn.append(type(self).__name__)
        return hidden_tag(self, *fields)

    client = app.test_client()
    _drawn(app, client)
    monkeypatch.setattr(LockForm, "hidden_tag", counted)
    page = client.get("/events/1").text
    assert page.count('<input type="hidden" name="table"') == 4  # four lock forms
    assert drawn == ["LockForm"]


def test_a_long_round_begins_with_an_index_of_its_tables_and_of_who_sits_where(app):
    """21 players at tables of three: 7 tables, more than a phone shows at once. The round
    begins with a link to each table's card, and each player's name, in name order, links
    to the card of the table they sit at (the card names them); 6 tables or fewer: none."""
    client = app.test_client()
    new_event(client, kind="hombre", seating="3", method="rank_points")
    names = [f"Player {n:02}" for n in range(21, 0, -1)]  # registered out of order
    assert post(client, app, "players", names="\n".join(names)).status_code == 302
    assert post(client, app, "draw").status_code == 302
    page = client.get("/events/1", headers={"Accept-Language": "en"}).text
    index = page.split('<nav class="table-index"', 1)[1].split("</nav>", 1)[0]
    tables = re.findall(r'<a href="#table-(\d+)">\1</a>', index)
    assert tables == [str(n) for n in range(1, 8)]
    found = re.findall(r'<li><a href="#table-(\d+)">([^<]+) — Table \1</a></li>', index)
    assert [name for _, name in found] == sorted(names)  # 21 names, each once, in order
    for no, name in found:
        card = page.split(f'id="table-{no}"', 1)[1].split("</article>", 1)[0]
        assert name in card, (no, name)


def test_a_short_round_has_no_index(app):
    client = app.test_client()
    new_event(client, kind="hombre", seating="3", method="rank_points")
    names = "\n".join(f"Player {n}" for n in range(1, 19))  # 18 players: 6 tables
    assert post(client, app, "players", names=names).status_code == 302
    assert post(client, app, "draw").status_code == 302
    page = client.get("/events/1").text
    assert page.count('class="card table-card"') == 6 and "table-index" not in page


def test_the_director_and_read_pages_read_accept_encoding_alike(app):
    # one reading of Accept-Encoding (web/ops/gzipped.py) for the page drawn at each reload
    # and the read pages' kept drawings: 'gzip;q=0' refuses gzip, '*' takes it, a HEAD says
    # what the GET sends, and every answer (a 304 too) varies by Accept-Encoding
    client = app.test_client()
    _drawn(app, client)
    with app.app_context():
        token = get_db().execute("select read_token from events").fetchone()[0]
    for path in ("/events/1", f"/events/{token}", f"/events/{token}/wall"):
        plain = client.get(path, headers={"Accept-Encoding": "identity"})
        assert plain.headers.get("Content-Encoding") is None
        for refused in ("gzip;q=0", "gzip;q=0, identity", "br"):
            answer = client.get(path, headers={"Accept-Encoding": refused})
            assert answer.headers.get("Content-Encoding") is None, (path, refused)
            assert "Accept-Encoding" in answer.headers["Vary"]
        for taken in ("*", "gzip;q=0.5, identity;q=1"):
            answer = client.get(path, headers={"Accept-Encoding": taken})
            assert answer.headers["Content-Encoding"] == "gzip", (path, taken)
            assert "Accept-Encoding" in answer.headers["Vary"]
        head = client.head(path, headers={"Accept-Encoding": "gzip"})
        assert head.headers["Content-Encoding"] == "gzip"
        assert head.get_data() == b""
        if path != "/events/1":  # a read page: its ETag answers 304, varying alike
            tag = plain.headers["ETag"].strip('"')
            again = client.get(path, headers={"Accept-Encoding": "gzip", "If-None-Match": tag})
            assert again.status_code == 304
            assert "Accept-Encoding" in again.headers["Vary"]


def test_the_index_finds_a_player_who_sits_out_too(app):
    """22 players at tables of three: 7 tables and one who sits the round out. They are in
    *Find a player* too, in their place by name, saying they sit out (the round's line that
    names them is at its top), not missing from it as a player the director could not find."""
    client = app.test_client()
    new_event(client, kind="hombre", seating="3", method="rank_points")
    names = [f"Player {n:02}" for n in range(1, 23)]
    assert post(client, app, "players", names="\n".join(names)).status_code == 302
    assert post(client, app, "draw").status_code == 302
    page = client.get("/events/1", headers={"Accept-Language": "en"}).text
    index = page.split('<nav class="table-index"', 1)[1].split("</nav>", 1)[0]
    entries = re.findall(r"<li><a href=\"#([\w-]+)\">([^<]+)</a></li>", index)
    assert [text.split(" — ")[0] for _, text in entries] == names  # all 22, in name order
    out = [(anchor, text) for anchor, text in entries if anchor == "round"]
    assert len(out) == 1 and out[0][1].endswith(" — sitting out this round")
    sitting_out = page.split("Sitting out:", 1)[1].split("</p>", 1)[0]
    assert out[0][1].split(" — ")[0] in sitting_out
