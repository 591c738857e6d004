"""A table nobody has dealt at has no result on the results (page and PDF), as the ranking
shows `–` for its round (docs/competitions.md, "Ranking": "A table with no deal entered yet
... has no result"); and in French a closed round's table is *close*, as it is *terminée*
and *verrouillée* (la table), while the round stays *clos* (le tour); and a table stopped
by its round's close before its deals says how many it played, not the next deal. Found
playing a manillen championship: round 2 drawn, its six tables listed "— 0 · 0" as if
drawn games; round 1's table stopped after 3 of its 8 deals said "donne 4 sur 8"."""

from __future__ import annotations

import re
import time

from test_event_rounds_tables import FR, MANILLEN, NL, banner, client_in, fresh_app
from test_events import FOUR, new_event, open_table, post, sheet_deal, tables
from test_settlement import pdf_text

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def test_a_table_with_no_deal_shows_no_result_on_the_results(tmp_path):
    app = fresh_app(tmp_path / "results.sqlite")
    client = client_in(app, EN)
    new_event(client, kind="hombre", seating="3", method="total")
    post(client, app, "players", names="Anne\nBert\nCarl")
    token = re.search(r"/events/([\w-]{20,})", client.get("/events/1").text).group(1)
    post(client, app, "draw")  # round 1 drawn: its one table has no coup
    for _ in range(200):  # a read page may serve a standing up to a second old
        line = re.search(r"<li>Table 1: [^<]*</li>", client.get(f"/events/{token}/results").text)
        if line is not None:
            break
        time.sleep(0.02)
    assert line is not None
    assert line.group(0).endswith("— –</li>"), line.group(0)  # no "0 · 0 · 0"
    printed = " ".join(pdf_text(client.get(f"/events/{token}/results.pdf").data, tmp_path).split())
    assert "— 0 · 0 · 0" not in printed
    assert re.search(r"Table 1: [^—]*— –", printed), printed


def test_a_closed_rounds_table_is_close_in_french(tmp_path):
    app = fresh_app(tmp_path / "closed.sqlite")
    client = client_in(app, FR)
    new_event(client, kind="hombre", seating="3", method="total")
    post(client, app, "players", names="Anne\nBert\nCarl")
    post(client, app, "draw")
    assert post(client, app, "close", confirmed="1").status_code == 302
    page = client.get("/events/1").text
    assert re.search(r"— clos</h2>", page), page  # le tour 1 — clos
    state = re.search(r'<span class="state">([^<]*)</span>', page)
    assert state is not None and state.group(1) == "close"  # la table 1 · close


def test_a_table_stopped_before_its_deals_says_the_deals_it_played(tmp_path):
    app = fresh_app(tmp_path / "stopped.sqlite")
    client = client_in(app, FR)
    new_event(client, **MANILLEN, deals="8")
    post(client, app, "players", names=FOUR)
    post(client, app, "draw")
    game = open_table(client, tables(client)[0])
    for _ in range(3):
        sheet_deal(client, game, trump="coeur", points="40")
    assert "donne 4 sur 8" in banner(client.get(game).text)  # playing: the next deal
    assert post(client, app, "close", confirmed="1").status_code == 302  # stops it at 3 of 8
    page = client.get(game).text
    assert "La partie est terminée" in page
    line = banner(page)
    assert "3 donnes jouées" in line, line  # its game is over after 3 deals: no deal 4 comes
    assert "donne 4 sur 8" not in line


def test_dutch_says_spellen_for_an_events_deals(tmp_path):
    """docs/translations.md: Dutch says *spel / spellen* for the deals (the table's own page
    says "8 spellen gespeeld"); the event's pages said "spelen" (the verb, "to play")."""
    app = fresh_app(tmp_path / "nl.sqlite")
    client = client_in(app, NL)
    new_event(client, **MANILLEN, deals="8")
    post(client, app, "players", names=FOUR)
    post(client, app, "draw")
    page = " ".join(re.sub(r"<[^>]+>", " ", client.get("/events/1").text).split())
    assert "8 spellen per ronde" in page
    assert "0 spellen van 8" in page  # the table's count on the director's page
    slips = " ".join(re.sub(r"<[^>]+>", " ", client.get("/events/1/slips").text).split())
    assert "Scan om de spellen van deze tafel in te voeren" in slips
    assert " spelen " not in page + slips
