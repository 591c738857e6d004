"""Issue 45: a round that seats players together again tells the director who and how many,
on the round's table list and in the draw's line of the change log.

Six players at tables of 3, two rounds: any round 2 repeats. Each of its tables of 3 holds
players of round 1's two tables, so at least two of a table (pigeonholes: 3 players, 2
tables before); a split 2 + 1 at each table repeats one pair a table, 2 in all, and the
only other split (round 1's tables again) repeats 6: the draw, fewest repeats, gives 2.
"""

from __future__ import annotations

import itertools
import re

from test_events import new_event, post, ranking

from scorekeeper.events.drawing import Drawn, met_again
from scorekeeper.events.summaries import DrawSummary, draw_summary, read_draw_summary

SIX = ["Hugo", "Karine", "Denis", "Gisèle", "Élise", "Noël"]


def test_the_director_is_told_who_meets_again(app):
    client = app.test_client()
    new_event(client, kind="hombre", seating="3", rounds="2", method="total")
    assert post(client, app, "players", names="\n".join(SIX)).status_code == 302
    assert post(client, app, "draw").status_code == 302
    page = client.get("/events/1", headers={"Accept-Language": "fr"}).text
    assert 'id="met-again"' not in page  # round 1: nobody met anybody yet
    assert post(client, app, "close", confirmed="1").status_code == 302
    assert post(client, app, "draw").status_code == 302
    _lines, standing = ranking(app)
    first, second = (play.tables for play in standing.plays)
    before = {frozenset(p) for t in first for p in itertools.combinations(t.players, 2)}
    again = [
        (a, b)
        for t in second
        for a, b in itertools.combinations(t.players, 2)
        if frozenset((a, b)) in before
    ]
    assert len(again) == 2  # the counting above
    told = ", ".join(f"{a} – {b}" for a, b in again)  # seat order, table by table
    french = client.get("/events/1", headers={"Accept-Language": "fr"}).text
    shown = re.search(r'id="met-again">([^<]*)<', french)
    assert shown is not None and shown.group(1) == f"2 rencontres répétées\u202f: {told}"
    # The draw's line of the change log says it too (once: round 1's draw repeated nothing).
    log = french[french.index("tour tiré · tour 2") :]
    assert f"2 rencontres répétées\u202f: {told}</li>" in log
    assert french.count("rencontres répétées") == 2
    english = client.get("/events/1", headers={"Accept-Language": "en"}).text
    assert f"2 repeated meetings: {told}" in english


def test_met_again_counts_table_mates_not_fixed_partners():
    history = (Drawn((("A", "B", "C", "D"), ("E", "F", "G", "H")), ()),)
    # Round 2 seats A with B (met) and C with D (met), E–F are fixed partners (never repeats).
    drawn = Drawn((("B", "E", "A", "F"), ("C", "G", "D", "H")), ())
    assert met_again(history, drawn, "4", (("E", "F"),)) == [("B", "A"), ("C", "D"), ("G", "H")]
    assert met_again((), drawn, "4") == []


def test_a_draws_summary_keeps_any_name():
    pairs = [("Hugo; met again", 'Karine "K"'), ("Denis", "Gisèle")]
    text = draw_summary(DrawSummary(4, 4, 2031, pairs))
    assert read_draw_summary(text) == DrawSummary(4, 4, 2031, pairs)
    # A draw with no repeat keeps the line every earlier log has.
    assert draw_summary(DrawSummary(1, 4, 2028, [])) == "1: 4 tables, seed 2028"
    assert read_draw_summary("1: 4 tables, seed 2028") == DrawSummary(1, 4, 2028, [])
