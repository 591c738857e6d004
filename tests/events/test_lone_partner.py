"""A player of fixed pairs left without a partner is sat out, named and credited (smoke24).

A Flemish manillen championship of 13 fixed pairs: Frans withdrew after round 1 and their
partner Paula stayed. The draw left her out of its units and out of who sits out, so rounds
2 and 3 seated her nowhere, no "Vrij:" line named her and she got no bye credit. The draw
now sits her out (``draw.units.Units.alone``): named where the sit-outs are, credited by the
event's bye method (docs/competitions.md, "Byes"), and the director's page says why.
"""

from __future__ import annotations

import html
import json
import re
import sqlite3
from fractions import Fraction

from test_events import new_event, open_table, post, ranking, sheet_deal, tables

PAIRS = [("Frans", "Paula")] + [(f"Speler{k}a", f"Speler{k}b") for k in range(1, 13)]
"""13 fixed pairs: 6 tables of two pairs, one pair sits out."""


def stored_sitting_out(app) -> list[list[str]]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        rows = conn.execute("select sitting_out from event_rounds order by number")
        return [json.loads(r[0]) for r in rows]


def deal_everywhere(client) -> None:
    for link in tables(client):
        sheet_deal(client, open_table(client, link), trump="coeur", points="40")


def test_a_fixed_pairs_partner_left_alone_sits_out_named_and_credited(app):
    client = app.test_client()
    new_event(
        client,
        kind="manillen",
        seating="pairs",
        format="pairs",
        method="rank_points",
        rounds="3",
        bye="average",
        seed="24",
    )
    names = "\n".join(f"{a} & {b}" for a, b in PAIRS)
    assert post(client, app, "players", names=names).status_code == 302
    assert post(client, app, "draw").status_code == 302
    assert len(tables(client)) == 6  # 13 pairs: 6 tables, one pair out
    deal_everywhere(client)
    assert post(client, app, "withdraw", name="Frans").status_code == 302
    assert post(client, app, "close", confirmed="1").status_code == 302

    assert post(client, app, "draw").status_code == 302
    assert len(tables(client)) == 6  # 12 pairs left: 6 tables, nobody else out
    assert stored_sitting_out(app)[1] == ["Paula"]
    page = client.get("/events/1", headers={"Accept-Language": "nl"}).text
    assert "<p>Vrij: Paula</p>" in page
    assert (
        "Paula heeft geen partner: vaste duo's spelen samen, dus de loting laat deze"
        " speler elke ronde vrij." in html.unescape(page)
    )
    deal_everywhere(client)
    _, standing = ranking(app)
    paula = next(line for line in standing.lines if line.player == "Paula")
    # rank points at a table of two pairs: 1 each to the winners, 0 to the losers; every
    # table dealt has a winner: (6 tables x (1 + 1 + 0 + 0)) / 24 seated = 1/2, her bye
    assert paula.rounds[1] == Fraction(1, 2)
    frans = next(line for line in standing.lines if line.player == "Frans")
    assert frans.rounds[1] is None and frans.withdrawn  # a withdrawal is no bye

    assert post(client, app, "close", confirmed="1").status_code == 302
    assert post(client, app, "draw").status_code == 302
    assert stored_sitting_out(app)[2] == ["Paula"]  # every round, while she has no partner
    assert "<p>Vrij: Paula</p>" in client.get("/events/1", headers={"Accept-Language": "nl"}).text


def test_the_odd_one_registered_alone_sits_out_from_the_first_round(app):
    client = app.test_client()
    new_event(
        client,
        kind="manillen",
        seating="pairs",
        format="pairs",
        method="rank_points",
        rounds="2",
        bye="fixed",
        bye_credit="1",
        seed="24",
    )
    # two pairs and a player alone: one table, Els sits out
    assert post(client, app, "players", names="Anne & Bert\nCarl & Dora\nEls").status_code == 302
    assert post(client, app, "draw").status_code == 302
    assert stored_sitting_out(app) == [["Els"]]
    page = client.get("/events/1", headers={"Accept-Language": "fr"}).text
    assert "<p>Exempt\u202f: Els</p>" in page
    assert re.search(r'id="no-partner">Els n’a pas de partenaire\u202f:', page)
    deal_everywhere(client)
    _, standing = ranking(app)
    assert next(line.rounds[0] for line in standing.lines if line.player == "Els") == 1
