"""A club: members, an evening of several tables, the room's settlement, the season, the rights.

A real SQLite file behind the app; the games are the seed's worked example
(docs/rules/hombre.md §10: Anne −72, Bruno −9, Chloé +81 over 7 coups, with
the 1709 poule) seated differently at each table, so every total below is
added up by hand.
"""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
from datetime import date

import pytest
from babel.dates import format_date
from web import NEW_GAME, SEED_COUPS, enter

from scorekeeper import clock
from scorekeeper import db as database


def club_version(app) -> str:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return str(conn.execute("select max(version) from clubs").fetchone()[0])


def new_club(client) -> int:
    data = {"name": "Le Cercle", "chip_value": "0.05", "currency": "EUR", "submit": "1"}
    response = client.post("/clubs/new", data=data)
    assert response.status_code == 302, response.data.decode()[-1500:]
    return int(response.headers["Location"].rsplit("/", 1)[1])


def new_evening(client, app, club: int, day: str) -> int:
    data = {"date": day, "title": "", "version": club_version(app)}
    response = client.post(f"/clubs/{club}/evenings", data=data)
    assert response.status_code == 302, response.data.decode()[-500:]
    return int(response.headers["Location"].rsplit("/", 1)[1])


def seed_table(client, evening: int, a: str, b: str, c: str) -> str:
    """An l'Hombre table of the evening playing the seed: a −72, b −9, c +81."""
    data = {"player0": a, "player1": b, "player2": c}
    response = client.post(f"/games/new?evening={evening}", data={**_hombre(), **data})
    assert response.status_code == 302, response.data.decode()[-1500:]
    game = response.headers["Location"]
    for text in SEED_COUPS:
        assert enter(client, game, text).status_code in (200, 302)
    return game


def _hombre() -> dict[str, str]:
    return dict(NEW_GAME)


def manille_table(client, evening: int) -> str:
    data = {"player0": "Anne", "player1": "Fanny", "player2": "Denis", "player3": "Gilles"}
    data |= {"first_dealer": "0", "create": "1", "variant": "classique", "partie": "liee"}
    data |= {"manche": "34", "belle": "44"}
    response = client.post(f"/games/new/manille?evening={evening}", data=data)
    assert response.status_code == 302, response.data.decode()[-1500:]
    game = response.headers["Location"]
    version = json.loads(client.get(game + "/version").data)["version"]
    data = {"version": str(version), "retourne": "3", "points": "28"}
    assert client.post(game + "/sheet/coups", data=data).status_code == 302
    return game


def test_an_evening_of_three_tables_settles_the_room(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-01")
    followed = client.get(f"/evenings/{evening}/version").get_json()["version"]
    assert followed == "0.0"  # no table yet
    seed_table(client, evening, "Anne", "Bruno", "Chloé")  # Anne −72, Bruno −9, Chloé +81
    # the evening's page follows every table: a table and its coups change what it polls
    assert client.get(f"/evenings/{evening}/version").get_json()["version"] != followed
    assert 'data-poll="/evenings/' in client.get(f"/evenings/{evening}").data.decode()
    seed_table(client, evening, "Denis", "Eve", "Bruno")  # Denis −72, Eve −9, Bruno +81
    manille_table(client, evening)  # a points table: listed, no chips
    page = client.get(f"/evenings/{evening}").data.decode()
    assert page.count('class="card table-card"') == 3 and "Table 3" in page
    page = client.get(f"/evenings/{evening}/settlement").data.decode()
    members = page[page.index('id="members"') : page.index('id="pays"')]
    nets = dict(re.findall(r'<th scope="row">([^<]+)</th><td class="num"><b>([^<]+)</b>', members))
    # Bruno sits at both l'Hombre tables: −9 + 81 = +72; the Manille moves no chip
    # (Fanny and Gilles play only there: not in the chip settlement)
    assert nets == {"Chloé": "+81", "Bruno": "+72", "Eve": "−9", "Anne": "−72", "Denis": "−72"}
    pays = re.findall(r"<li><b>([^<]+)</b> → <b>([^<]+)</b>: ([^<]+?) ?(?:<form|</li>)", page)
    # In money (5 cents a chip), the cash box's pairing over the club's order (by name):
    # debts Anne 3.60 [0, 360), Denis 3.60 [360, 720), Eve 0.45 [720, 765); credits Bruno
    # 3.60 [0, 360), Chloé 4.05 [360, 765): Anne → Bruno 3.60, Denis → Chloé 3.60,
    # Eve → Chloé 0.45 (72 × 5 = 360 cents, 9 × 5 = 45, 81 × 5 = 405).
    assert [p[:2] for p in pays] == [("Anne", "Bruno"), ("Denis", "Chloé"), ("Eve", "Chloé")]
    assert "3.60" in pays[0][2] and "3.60" in pays[1][2] and "0.45" in pays[2][2]
    assert "Nous" in page and "Table 3" in page  # the Manille's standing is listed
    # and its points per member, each their side's (the sheet's "Nous 3 · Eux 6"), after the
    # manches won that place them first: none, the manche is unfinished (3 and 6 of 34)
    points = page[page.index('id="points-manille"') : page.index('id="tables"')]
    row = r'<th scope="row">([^<]+)</th><td class="num"><b>([^<]+)</b></td><td class="num">(\d+)<'
    assert re.findall(row, points) == [
        ("Fanny", "0", "6"), ("Gilles", "0", "6"),
        ("Anne", "0", "3"), ("Denis", "0", "3"),
    ]  # fmt: skip
    pdf = client.get(f"/evenings/{evening}/settlement.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")


def test_the_season_over_two_evenings(client, app):
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-01")
    seed_table(client, first, "Anne", "Bruno", "Chloé")
    seed_table(client, first, "Denis", "Eve", "Bruno")
    second = new_evening(client, app, club, "2026-11-08")
    seed_table(client, second, "Anne", "Bruno", "Eve")  # Anne −72, Bruno −9, Eve +81
    rows = list(csv.DictReader(io.StringIO(client.get(f"/clubs/{club}/season.csv").text[1:])))
    got = {r["member"]: (r["evenings"], r["coups"], r["as_hombre"], r["net"]) for r in rows}
    # the seed: 7 coups; as hombre seat 0 once, seat 1 four times, seat 2 once (one pass)
    # Anne: seat 0, seat 0 → 2 evenings, 14 coups, 1 + 1 = 2 as hombre, −72 − 72 = −144
    # Bruno: seat 1, seat 2, seat 1 → 2 evenings, 21 coups, 4 + 1 + 4 = 9, −9 + 81 − 9 = +63
    # Chloé: 1, 7, 1, +81; Denis: 1, 7, 1, −72; Eve: seat 1, seat 2 → 2, 14, 4 + 1 = 5, −9 + 81
    assert got == {
        "Anne": ("2", "14", "2", "-144"),
        "Bruno": ("2", "21", "9", "63"),
        "Chloé": ("1", "7", "1", "81"),
        "Denis": ("1", "7", "1", "-72"),
        "Eve": ("2", "14", "5", "72"),
    }
    anne = next(r for r in rows if r["member"] == "Anne")
    # −144 × 100 / 14 = −1028.57… → −1028.6; −144 × 0.05 = −7.20; won − lost = net
    assert (anne["per_100_coups"], anne["money"]) == ("-1028.6", "-7.20")
    assert all(int(r["won"]) - int(r["lost"]) == int(r["net"]) for r in rows)
    assert [r["member"] for r in rows] == ["Chloé", "Eve", "Bruno", "Denis", "Anne"]  # by net
    # from 2026-11-05: the second evening only
    page = client.get(f"/clubs/{club}/season?from=2026-11-05&sort=name").data.decode()
    names = re.findall(r'<tr><th scope="row">([^<]+)</th>', page)
    assert names == ["Anne", "Bruno", "Eve"] and "<svg" in page


def test_members_rename_and_merge(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-01")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    seed_table(client, evening, "Denis", "Eve", "Bruneau")  # Bruno, spelt otherwise
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        ids = dict(conn.execute("select name, id from members where club_id = ?", [club]))
    data = {"member": ids["Bruneau"], "into": ids["Bruno"], "version": club_version(app)}
    assert client.post(f"/clubs/{club}/merge", data=data).status_code == 302
    data = {"name": "Bruno D.", "short_name": "BD", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members/{ids['Bruno']}", data=data).status_code == 302
    page = client.get(f"/evenings/{evening}/settlement").data.decode()
    assert re.search(r"Bruno D\.</th><td class=\"num\"><b>\+72<", page)  # −9 + 81
    # the games keep the names they were played with
    assert "Bruneau" in client.get("/games/2/game.json").text
    stale = {"name": "X", "version": "1"}
    assert client.post(f"/clubs/{club}/members/{ids['Bruno']}", data=stale).status_code == 409
    assert (
        client.post(f"/clubs/{club}/members/{ids['Bruno']}", data={"name": "X"}).status_code == 428
    )


def test_rights_stranger_reader_and_manager(app, client):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-01")
    stranger = app.test_client()
    for path in (f"/clubs/{club}", f"/evenings/{evening}", f"/clubs/{club}/season"):
        assert stranger.get(path).status_code == 404
    assert stranger.get(f"/games/new?evening={evening}").status_code == 404
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        token = conn.execute("select read_token from clubs where id = ?", [club]).fetchone()[0]
    reader = app.test_client()
    assert reader.get(f"/clubs/{club}?key={token}").status_code == 200
    assert reader.get(f"/evenings/{evening}/settlement").status_code == 200  # remembered
    data = {"date": "2026-11-02", "version": club_version(app)}
    assert reader.post(f"/clubs/{club}/evenings", data=data).status_code == 403
    response = reader.post(f"/games/new?evening={evening}", data=_hombre())
    assert response.status_code == 404
    assert stranger.post(f"/clubs/{club}/evenings", data=data).status_code == 404


@pytest.fixture
def old_db(tmp_path):
    """A database as it was before clubs: three games, Bruno at two of them."""
    path = tmp_path / "old.sqlite"
    db = database.connect(path)
    database.migrations.migrations.apply(db, stop_before="m006_clubs")
    for players in (["Anne", "Bruno", "Chloé"], ["Bruno", "Denis", "Eve", "Fanny"]):
        row = {"game": "hombre", "players": json.dumps(players), "first_dealer": 0}
        db.table("games").insert({**row, "rules": "{}", "created_at": "x", "version": 1})
    db.close()
    return path


def test_the_migration_makes_todays_players_members(old_db):
    db = database.connect(old_db, migrate=True)
    members = {r["name"]: r["id"] for r in db.query("select name, id from members")}
    assert sorted(members) == ["Anne", "Bruno", "Chloé", "Denis", "Eve", "Fanny"]
    seats = list(db.query("select game_id, seat, member_id from seats order by game_id, seat"))
    seated = [(s["game_id"], s["seat"]) for s in seats]
    assert seated == [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (2, 3)]
    assert seats[1]["member_id"] == seats[3]["member_id"] == members["Bruno"]  # one person
    assert db.execute("select players from games where id = 1").fetchone()[0] == json.dumps(
        ["Anne", "Bruno", "Chloé"]
    )  # the games are unchanged


def test_bad_input_never_makes_a_500(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-01")
    huge = str(2**70)
    for path in (
        f"/clubs/{huge}",
        f"/evenings/{huge}",
        f"/evenings/{huge}/settlement",
        f"/clubs/{huge}/season",
        f"/clubs/{huge}/manage?key=x",
        f"/clubs/{club}/manage?key=%00",
        f"/games/new?evening={huge}",
        "/games/new?evening=abc",
        f"/clubs/{club}/season?from=2026-13-45&to=x&sort=%00",
        f"/clubs/{club}/season.csv?from=9",
    ):
        assert client.get(path).status_code in (200, 404), path
    version = club_version(app)
    posts = [
        (f"/clubs/{club}/evenings", {"date": "2026-02-30", "version": version}),
        (f"/clubs/{club}/evenings", {"date": "x" * 500, "version": version}),
        (f"/clubs/{club}/merge", {"member": huge, "into": "1", "version": version}),
        (f"/clubs/{club}/merge", {"member": "1", "into": "1", "version": version}),
        (f"/clubs/{club}/members/{huge}", {"name": "A", "version": version}),
        (f"/clubs/{club}/members/1", {"name": "", "version": version}),
        (f"/clubs/{club}/evenings", {"date": "2026-11-02", "version": huge}),
        (f"/clubs/{club}/evenings", {"date": "2026-11-02"}),
        ("/clubs/new", {"name": "C", "chip_value": "abc", "submit": "1"}),
    ]
    for path, data in posts:
        assert client.post(path, data=data).status_code in (404, 409, 422, 428), (path, data)
    assert client.get(f"/evenings/{evening}").status_code == 200


def test_an_evenings_title_too_long_is_said_as_such(client, app):
    # the date is right, the title 61 characters (the form's bound 60): the message says the
    # title's bound, not "Give the evening's date as YYYY-MM-DD."
    club = new_club(client)
    data = {"date": "2026-11-02", "title": "x" * 61, "version": club_version(app)}
    refused = client.post(f"/clubs/{club}/evenings", data=data)
    assert refused.status_code == 422
    page = refused.data.decode()
    assert "60 characters" in page and "YYYY-MM-DD" not in page
    data["title"] = "x" * 60
    assert client.post(f"/clubs/{club}/evenings", data=data).status_code == 302


def test_a_stale_club_page_says_the_club_changed(client, app):
    # a club's page sent after another change of the club: its words are the club's, not
    # "The game changed meanwhile" (no game was sent)
    club = new_club(client)
    stale = club_version(app)
    new_evening(client, app, club, "2026-11-01")
    data = {"name": "Denis", "short_name": "", "version": stale}
    refused = client.post(f"/clubs/{club}/members", data=data)
    assert refused.status_code == 409
    page = refused.data.decode()
    assert "The club changed meanwhile" in page and "The game changed" not in page
    # a new manager link asked from the stale page: the same words, not a bare error 409
    link = client.post(f"/clubs/{club}/manager-link", data={"version": stale})
    assert link.status_code == 409 and "The club changed meanwhile" in link.data.decode()


def test_a_tables_settlement_is_dated_by_its_evening_not_by_the_day_it_was_typed(client, app):
    """Tables entered from the paper days later: their settlement sheets (page and PDF
    text) say the evening's day, as the room's sheet does (they once said the day the
    game was typed in, today)."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2001-02-03")
    hombre = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    manille = manille_table(client, evening)
    room = client.get(f"/evenings/{evening}/settlement").data.decode()
    assert "February 3, 2001" in room
    for game in (hombre, manille):
        page = client.get(game + "/settlement").data.decode()
        assert "Game of February 3, 2001" in page, game


def test_the_list_of_games_dates_a_club_table_by_its_evening(client, app):
    """The home page's list of games says a club table's day as its settlement does: its
    evening's (clubs.played_on). It said the day the table was made: a table of an evening
    that went on past midnight, or typed in from the paper days later, was listed on one
    day and settled on another (found playing a Danish club's evening at 23:56, 2026-11-30:
    its second table, made at 00:01, was listed on 1 Dec and settled on 30 Nov)."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2001-02-03")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    assert "Game of February 3, 2001" in client.get(game + "/settlement").text
    typed_on = format_date(date.fromisoformat(clock.today()), "medium", locale="en")
    home = client.get("/").text
    assert "Feb 3, 2001 · 7 coups" in home  # the list's medium date, then its coups
    assert f"{typed_on} · " not in home  # not the day it was typed in
    # a game of no evening keeps the day it was made
    assert client.post("/games/new", data=NEW_GAME).status_code == 302
    home = client.get("/").text
    assert "Feb 3, 2001 · 7 coups" in home and f"{typed_on} · 0 coups" in home


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("2026-11-29", "2026-11-29"),
        ("2024-02-29", "2024-02-29"),  # a leap day
        ("2026-02-30", ""),
        ("2026-W48-1", ""),  # Python reads it as 2026-11-23; nobody types an evening so
        ("20261129", ""),
        (" 2026-11-29", ""),
        ("２０２６-11-29", ""),  # full-width digits: Python's int() would read them
    ],
)
def test_one_reading_of_a_typed_date(typed, read):
    """An evening's date, a cash-box entry's and a season's bounds are read by one function:
    the evening's form refused "2026-W48-1" and the cash box took it as 23 November."""
    from scorekeeper.clubs.season import day

    assert day(typed, "") == read


def test_a_club_tables_settlement_links_its_downloads(client, app):
    """The PDF, the CSVs and the story of a club's l'Hombre table are linked from its
    settlement as at a table on its own (they went with the chip value's form, which a
    club's table has not: its money is the club's)."""
    club = new_club(client)
    game = seed_table(client, new_evening(client, app, club, "2026-11-01"), "Anne", "Bo", "Cy")
    page = client.get(game + "/settlement").data.decode()
    assert 'name="chip_value"' not in page  # the club's money
    links = page[page.index('id="downloads"') :]
    for path in ("/settlement.pdf", "/journal.csv", "/standings.csv", "/story"):
        assert f'href="{game}{path}' in links, path
        assert client.get(game + path).status_code == 200, path
