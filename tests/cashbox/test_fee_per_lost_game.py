"""The fee "per lost game" charges what it says (fix26b).

It ticked every player of the evening, winners included, and charged each the sum typed,
never asking how many games they lost. Now each member checked is charged the sum times the
games they lost that evening, read from its games (``clubs.lost_games``: a manillen game lost
is the finished game of the side that did not win it), those who lost none not at all; the
form shows what it will charge before anything is stored, and an evening whose game cannot
say what a lost game is (l'Hombre's chips) refuses the fee, saying so. A member checked who
lost none refuses the fee once, drawn again unchecked (fix27a): what the form shows chosen
is what is stored.
"""

from __future__ import annotations

import html
import json
import re
import sqlite3

from test_cashbox_fees import checked, fees
from test_cashbox_web import member_ids
from test_clubs import club_version, new_club, new_evening, seed_table

from scorekeeper.cashbox.entries import balances
from scorekeeper.clubs.evening_tables import evening as evening_of
from scorekeeper.clubs.lost_games import lost_games
from scorekeeper.clubs.records import club as club_of
from scorekeeper.clubs.room import room_of
from scorekeeper.db import get_db


def two_deals(client, evening: int, players, coups) -> str:
    """A manillen table of four played to two deals (no sans-atout owed): finished; its
    page's path."""
    data = {f"player{i}": name for i, name in enumerate(players)}
    data |= {"first_dealer": "0", "create": "1", "variant": "belge"}
    data |= {"deals": "2", "sans_atout": "0"}
    response = client.post(f"/games/new/manille?evening={evening}", data=data)
    assert response.status_code == 302, response.data.decode()[-1500:]
    game = response.headers["Location"]
    for trump, points in coups:
        version = json.loads(client.get(game + "/version").data)["version"]
        data = {"version": str(version), "trump": trump, "points": str(points)}
        assert client.post(game + "/sheet/coups", data=data).status_code == 302
    return game


PLAYERS = ("Anne", "Bruno", "Chloé", "Denis", "Eve", "Fanny", "Gilles", "Hugo")
LOST = {"Bruno": 2, "Denis": 1, "Eve": 1, "Fanny": 1, "Gilles": 1}
"""Nous is seats 1 & 3, Eux 2 & 4 (their points: Nous's tricks' above 30). Table 1: Nous
(Anne, Chloé) takes 40 then 45, Eux (Bruno, Denis) loses the game. Table 2: Nous (Eve,
Gilles) takes 20 twice, loses. Table 3: Nous (Bruno, Fanny) takes 20 twice, loses: Bruno
lost two games, Fanny one (she won table 2), Anne, Chloé, Hugo none."""


def test_each_is_charged_by_his_games_lost_and_sees_it_first(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    two_deals(client, evening, ("Anne", "Bruno", "Chloé", "Denis"), [("pique", 40), ("pique", 45)])
    two_deals(client, evening, ("Eve", "Fanny", "Gilles", "Hugo"), [("coeur", 20), ("coeur", 20)])
    two_deals(client, evening, ("Bruno", "Anne", "Fanny", "Hugo"), [("coeur", 20), ("coeur", 20)])
    ids = member_ids(app)
    with app.app_context():
        found = evening_of(get_db(), evening)
        room = room_of(get_db(), found, club_of(get_db(), club))
        assert lost_games(get_db(), room) == {ids[n]: k for n, k in LOST.items()}

    cash = f"/clubs/{club}/cash?evening={evening}"
    # the form opened on the evening checks its players for an evening fee, those who lost a
    # game for a fee per lost game (the boxes say which: fee_ticks.js follows the kind)
    page = client.get(cash).data.decode()
    assert checked(page) == dict.fromkeys(PLAYERS, True)
    marked = re.findall(r'value="(\d+)" data-played( data-lost)?', page)
    name = {str(v): k for k, v in ids.items()}
    assert sorted(name[m] for m, lost in marked if lost) == sorted(LOST)
    data = {"kind": "fee_lost_game", "amount": "1.50", "on": "2026-11-03", "note": ""}
    data |= {"member": [str(ids[n]) for n in PLAYERS], "version": club_version(app)}
    # every player checked (no script: the evening fee's ticks): refused once, the winners
    # named and drawn unchecked, nothing stored; what the form shows chosen is what is stored
    once = client.post(f"/clubs/{club}/cash/fees?evening={evening}", data={**data, "preview": "1"})
    assert once.status_code == 422
    said = html.unescape(once.data.decode())
    assert "Anne, Chloé, and Hugo lost no game that evening: now unchecked." in said
    assert checked(said) == {n: n in LOST for n in PLAYERS}
    assert fees(app) == []
    data["member"] = [str(ids[n]) for n in LOST]  # as drawn again
    shown = client.post(f"/clubs/{club}/cash/fees?evening={evening}", data={**data, "preview": "1"})
    assert shown.status_code == 200
    preview = shown.data.decode()
    part = preview[
        preview.index('id="fee-preview"') : preview.index(
            "</ul>", preview.index('id="fee-preview"')
        )
    ]
    lines = re.findall(r"<li>([^<]+)</li>", part)
    # 2 × 1.50 = 3.00 for Bruno, 1.50 for each who lost one; the winners in no line
    assert lines == [
        "Bruno: 2 lost games × €1.50 = €3.00",
        "Denis: 1 lost game × €1.50 = €1.50",
        "Eve: 1 lost game × €1.50 = €1.50",
        "Fanny: 1 lost game × €1.50 = €1.50",
        "Gilles: 1 lost game × €1.50 = €1.50",
    ]
    assert fees(app) == []  # shown, not stored

    done = client.post(f"/clubs/{club}/cash/fees?evening={evening}", data=data)
    assert done.status_code == 302
    charged = {name: amount for name, kind, amount, _ in fees(app) if kind == "fee_lost_game"}
    assert charged == {
        "Bruno": -300,
        "Denis": -150,
        "Eve": -150,
        "Fanny": -150,
        "Gilles": -150,
    }
    page = client.get(cash).data.decode()
    # a charge, with its minus, as the evening fee says its "−€2.50 each" (smoke28)
    assert "Recorded for 5 members: Fee per lost game, −€1.50 a lost game." in page
    # the members' balances are these fees (the evening is open: its room settles nothing
    # of them), and the box is owed their sum: 3.00 + 4 × 1.50 = 9.00
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        rows = conn.execute("select member_id, amount from ledger").fetchall()
    from scorekeeper.cashbox.entries import Entry, EntryKind

    entries = [
        Entry(k, m, EntryKind.FEE_LOST_GAME, a, "2026-11-03") for k, (m, a) in enumerate(rows)
    ]
    assert balances(entries) == {ids[n]: -150 * k for n, k in LOST.items()}
    assert sum(a for _, a in rows) == -900


def test_an_evening_whose_game_cannot_say_refuses_the_fee(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")  # l'Hombre: chips, no game lost
    ids = member_ids(app)
    data = {"kind": "fee_lost_game", "amount": "1.50", "on": "2026-11-03", "note": ""}
    data |= {"member": [str(ids[n]) for n in ("Anne", "Bruno", "Chloé")]}
    refused = client.post(
        f"/clubs/{club}/cash/fees?evening={evening}", data={**data, "version": club_version(app)}
    )
    assert refused.status_code == 422
    said = refused.data.decode().replace("&#39;", "'").replace("'", "’")
    # the treasurer chooses another fee (smoke27: "charge it another fee", fr "débitez-lui")
    assert "cannot say what a lost game is (l’Hombre" in said
    assert "): choose another fee." in said
    assert fees(app) == []
    # the plain cash box, naming no evening: refused, its games would say who lost
    plain = client.post(
        f"/clubs/{club}/cash/fees", data={**data, "evening": "", "version": club_version(app)}
    )
    assert plain.status_code == 422
    assert "A fee per lost game names its evening: its games say who lost." in plain.data.decode()
    assert fees(app) == []


def evening_of_three(client, app) -> tuple[int, int, str]:
    """The three manillen tables above (``LOST``: Bruno 2, Denis, Eve, Fanny, Gilles 1
    each): the club, the evening, table 1's page (Anne and Chloé take 40 then 45: Bruno and
    Denis lost it)."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    first = two_deals(
        client, evening, ("Anne", "Bruno", "Chloé", "Denis"), [("pique", 40), ("pique", 45)]
    )
    two_deals(client, evening, ("Eve", "Fanny", "Gilles", "Hugo"), [("coeur", 20), ("coeur", 20)])
    two_deals(client, evening, ("Bruno", "Anne", "Fanny", "Hugo"), [("coeur", 20), ("coeur", 20)])
    return club, evening, first


def three_tables(client, app) -> tuple[int, int, dict[str, int]]:
    """The club, the evening of the three tables above (``LOST``) and the members' ids."""
    club, evening, _first = evening_of_three(client, app)
    return club, evening, member_ids(app)


def test_a_fee_per_lost_game_sent_twice_charges_once(client, app):
    """review26: the same fee sent again for the evening was stored again, every loser
    charged twice. A member whose fee per lost game for that evening stands is refused once
    and drawn unchecked; once it is reversed, they are charged again."""
    club, evening, ids = three_tables(client, app)
    url = f"/clubs/{club}/cash/fees?evening={evening}"
    data = {"kind": "fee_lost_game", "amount": "1.50", "on": "2026-11-03", "note": ""}
    data["member"] = [str(ids[n]) for n in LOST]
    assert client.post(url, data={**data, "version": club_version(app)}).status_code == 302
    assert len(fees(app)) == 5
    again = client.post(url, data={**data, "version": club_version(app)})
    assert again.status_code == 422
    said = html.unescape(again.data.decode())
    assert (
        "Bruno, Denis, Eve, Fanny, and Gilles owe a fee per lost game for that evening"
        " already: now unchecked." in said
    )
    assert checked(said) == dict.fromkeys(PLAYERS, False)
    assert len(fees(app)) == 5  # nothing stored
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (bruno,) = conn.execute(
            "select id from ledger where kind = 'fee_lost_game' and member_id = ?", [ids["Bruno"]]
        ).fetchone()
    undo = {"on": "2026-11-04", "note": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/entries/{bruno}/reverse", data=undo).status_code == 302
    # Bruno's reversed, Denis's stands: Bruno alone is charged, Denis refused again
    data["member"] = [str(ids["Bruno"]), str(ids["Denis"])]
    refused = client.post(url, data={**data, "version": club_version(app)})
    assert refused.status_code == 422
    assert "Denis owes a fee per lost game for that evening already" in html.unescape(refused.text)
    data["member"] = [str(ids["Bruno"])]
    assert client.post(url, data={**data, "version": club_version(app)}).status_code == 302
    # Bruno: -3.00, reversed +3.00, charged -3.00 again (2 games × 1.50)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (total,) = conn.execute(
            "select sum(amount) from ledger where member_id = ?", [ids["Bruno"]]
        ).fetchone()
    assert total == -300


def test_a_sum_that_times_the_games_lost_passes_the_bound_is_said_beside_the_sum(client, app):
    """review26: 600,000.00 a game × Bruno's 2 games is 1,200,000.00, past one entry's
    1,000,000.00; the preview showed it, the charge said "Check the members to charge"."""
    club, evening, ids = three_tables(client, app)
    url = f"/clubs/{club}/cash/fees?evening={evening}"
    data = {"kind": "fee_lost_game", "amount": "600000", "on": "2026-11-03", "note": ""}
    data |= {"member": [str(ids[n]) for n in LOST], "version": club_version(app)}
    for shown in (True, False):
        refused = client.post(url, data={**data, "preview": "1"} if shown else data)
        assert refused.status_code == 422
        said = html.unescape(refused.text)
        assert "Times 2 lost games, this sum passes 1,000,000: give a smaller one." in said
        assert "Check the members to charge." not in said
        assert 'id="fee-preview"' not in said
    assert fees(app) == []
    # 500,000.00 × 2 = 1,000,000.00: the bound itself is a sum one entry may hold
    data["amount"] = "500000"
    assert client.post(url, data=data).status_code == 302
    assert ("Bruno", "fee_lost_game", -100_000_000, "2026-11-03") in fees(app)
