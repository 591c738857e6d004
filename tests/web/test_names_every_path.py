"""One rule for every way a name enters (issue 43, point 2), and the club's bound on every path.

The names of the issue: the Braille blank (U+2800, a symbol that prints nothing),
the Hangul fillers (U+3164, U+115F, U+1160, U+FFA0: default-ignorable letters), a
name of invisible characters only, and the Cyrillic small palochka "ӏ" (U+04CF) of
"Cӏeo", which reads as an "l" (Unicode 17.0's confusables; names.py). Beside Anne and
Cleo each is either no name (refused where it was given) or Anne or Cleo (refused at
their table; at a club's new table, the member it means): never a second person.
"""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from notation import SEED
from test_clubs import club_version, new_club, new_evening
from test_events import EVENT, post
from test_take_seat import seed_until, take
from web import NEW_GAME, enter, version_of

from scorekeeper import clubs
from scorekeeper.clubs.seats import MAX_MEMBERS, member_named
from scorekeeper.names import NameFault, accepted, clash, fault

NO_NAME = {
    "braille blank": "\u2800",
    "braille blank after a name": "Anne\u2800",
    "hangul filler": "\u3164",
    "hangul choseong filler": "\u115f",
    "hangul jungseong filler": "\u1160",
    "halfwidth hangul filler": "\uffa0",
    "invisible only": "\u200b\u2060\u00ad",
}
"""Names that are no name: refused wherever they are given."""

READS_AS = {
    "hangul filler inside Anne": ("An\u3164ne", "Anne"),
    "hangul choseong filler inside Cleo": ("Cl\u115feo", "Cleo"),
    "hangul jungseong filler inside Cleo": ("Cle\u1160o", "Cleo"),
    "halfwidth hangul filler after Cleo": ("Cleo\uffa0", "Cleo"),
    "cyrillic palochka": ("C\u04cfeo", "Cleo"),
}
"""Names a reader takes for Anne or Cleo: one person with her."""

EVERY = {**NO_NAME, **{k: v[0] for k, v in READS_AS.items()}}
FILE_ONLY = {
    "upper case": "CLEO",
    "zero-width space": "Cleo\u200b",
    "right-to-left override": "\u202eoelC",
    "newline": "Cleo\n",
}
"""What a file's ``seat_changes`` let through before: a file's name is kept as given, so
what a form would tidy away is refused there, and the rest is Cleo."""


def count(app, sql: str, *args) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return int(conn.execute(sql, args).fetchone()[0])


def refusals(response) -> str:
    return " ".join(re.findall(r'class="error"[^>]*>([^<]*)<', response.text))


def test_the_rule_decides_from_unicodes_data():
    for name in NO_NAME.values():
        assert fault(name) is not None, name
        with pytest.raises(NameFault):
            accepted(name)
    for name, person in READS_AS.values():
        assert clash(name, person) is not None, name
    # the palochka reads as "l" (Unicode 17.0), not as "i": "Cieo" is someone else
    assert clash("C\u04cfeo", "Cieo") is None
    # what a file may not hold, though a form tidies it away
    assert fault("Cleo\u200b") is None and fault("Cleo\u200b", typed=False) is not None
    assert fault("Cleo\n", typed=False) is not None and fault("\u202eoelC", typed=False)
    # names as clubs write them stay names
    for name in [
        "Anne-Marie",
        "O'Brien",
        "J.-P. Lenoir",
        "Zoë (2)",
        "Søren",
        "李小龍",
        "<b>Bo</b>",
    ]:
        assert fault(name) is None and fault(name, typed=False) is None, name


@pytest.mark.parametrize("name", EVERY.values(), ids=EVERY.keys())
def test_a_games_form_refuses_it_beside_anne_and_cleo(client, app, name):
    table = {**NEW_GAME, "player0": "Anne", "player1": "Cleo", "player2": name}
    response = client.post("/games/new", data=table)
    assert response.status_code == 422, name
    assert refusals(response)
    assert count(app, "select count(*) from games") == 0


@pytest.mark.parametrize("name", EVERY.values(), ids=EVERY.keys())
def test_a_game_files_players_refuse_it(client, app, name):
    data = {**SEED, "players": ["Anne", "Cleo", name], "coups": []}
    response = client.post("/games/import", data={"text": json.dumps(data)})
    assert response.status_code == 422, name
    assert count(app, "select count(*) from games") == 0


@pytest.mark.parametrize("name", EVERY.values(), ids=EVERY.keys())
def test_a_seat_taken_refuses_it(client, app, name):
    game = seed_until(client, 1, player1="Cleo")  # Anne, Cleo, Chloé after one coup
    response = take(client, game, "2", name)
    assert response.status_code == 422, name
    assert "seat_changes" not in json.loads(client.get(game + "/game.json").data)


SEAT_FILE_NAMES = {**EVERY, **FILE_ONLY}


@pytest.mark.parametrize("name", SEAT_FILE_NAMES.values(), ids=SEAT_FILE_NAMES.keys())
def test_a_files_seat_changes_refuse_it(client, app, name):
    change = {"coup": 1, "seat": "Bruno", "player": name, "way": "plays_for"}
    data = {**SEED, "players": ["Anne", "Bruno", "Cleo"], "coups": [], "seat_changes": [change]}
    response = client.post("/games/import", data={"text": json.dumps(data)})
    assert response.status_code == 422, name
    assert count(app, "select count(*) from games") == 0
    change["player"] = "Denis"  # the same file with a newcomer's name: imported
    assert client.post("/games/import", data={"text": json.dumps(data)}).status_code == 302


def club_with_anne_and_cleo(client, app) -> int:
    club = new_club(client)
    for name in ["Anne", "Cleo", "Bruno"]:
        data = {"name": name, "short_name": "", "version": club_version(app)}
        assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    return club


@pytest.mark.parametrize("name", EVERY.values(), ids=EVERY.keys())
def test_a_clubs_member_add_and_rename_refuse_it(client, app, name):
    club = club_with_anne_and_cleo(client, app)
    data = {"name": name, "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 422, name
    bruno = count(app, "select id from members where name = 'Bruno'")
    data = {"name": name, "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members/{bruno}", data=data).status_code == 422, name
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        names = sorted(r[0] for r in conn.execute("select name from members"))
    assert names == ["Anne", "Bruno", "Cleo"]  # none added, none renamed, none empty


@pytest.mark.parametrize("name", NO_NAME.values(), ids=NO_NAME.keys())
def test_a_club_tables_names_refuse_what_is_no_name(client, app, name):
    club = club_with_anne_and_cleo(client, app)
    evening = new_evening(client, app, club, "2026-11-28")
    table = {**NEW_GAME, "player0": "Bruno", "player1": "Denis", "player2": name}
    assert client.post(f"/games/new?evening={evening}", data=table).status_code == 422
    assert count(app, "select count(*) from members") == 3
    assert count(app, "select count(*) from games") == 0


@pytest.mark.parametrize("name,person", READS_AS.values(), ids=READS_AS.keys())
def test_a_club_tables_names_find_the_member_a_look_alike_means(client, app, name, person):
    club = club_with_anne_and_cleo(client, app)
    evening = new_evening(client, app, club, "2026-11-28")
    table = {**NEW_GAME, "player0": "Bruno", "player1": "Denis", "player2": name}
    assert client.post(f"/games/new?evening={evening}", data=table).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        names = sorted(r[0] for r in conn.execute("select name from members"))
        seat = conn.execute(
            "select members.name from seats join members on members.id = seats.member_id"
            " where seats.seat = 2"
        ).fetchone()[0]
    assert names == ["Anne", "Bruno", "Cleo", "Denis"]  # Denis is new; the look-alike is hers
    assert seat == person


@pytest.mark.parametrize("name", EVERY.values(), ids=EVERY.keys())
def test_an_events_registration_refuses_it(app, name):
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    event = {**EVENT, "name": "Cup", "kind": "hombre", "seating": "3", "method": "rank_points"}
    assert client.post("/events/new", data=event).status_code == 302

    def register(names):
        version = re.search(r'name="version"[^>]*value="(\d+)"', client.get("/events/1").text)
        return client.post("/events/1/players", data={"version": version[1], "names": names})

    assert register("Anne\nCleo").status_code == 302
    assert register(name).status_code == 422, name
    assert count(app, "select count(*) from event_players") == 2


# The club's bound: MAX_MEMBERS members, whatever path adds one.


def fill_club(app, club: int, upto: int = MAX_MEMBERS) -> None:
    """Members up to the bound, as the club's form would have added them one by one."""
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        have = conn.execute("select count(*) from members where club_id = ?", [club]).fetchone()
        conn.executemany(
            "insert into members (club_id, name, merged_into) values (?, ?, null)",
            [(club, f"Joueur {n}") for n in range(have[0], upto)],
        )


def member_lines(app, club: int) -> list[str]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        rows = conn.execute(
            "select summary from club_changes where club_id = ? and action = 'member_add'"
            " order by id",
            [club],
        )
        return [r[0] for r in rows]


def test_a_club_tables_and_a_seat_takens_new_members_are_logged(client, app):
    club = club_with_anne_and_cleo(client, app)
    evening = new_evening(client, app, club, "2026-11-28")
    table = {**NEW_GAME, "player0": "Anne", "player1": "Denis", "player2": "Zoé"}
    response = client.post(f"/games/new?evening={evening}", data=table)
    assert response.status_code == 302
    game = response.headers["Location"]
    assert member_lines(app, club) == ["Anne", "Cleo", "Bruno", "Denis", "Zoé"]
    assert enter(client, game, "pass").status_code == 302
    assert take(client, game, "1", "Gilles").status_code == 302
    assert member_lines(app, club)[-1] == "Gilles"
    assert count(app, "select count(*) from members") == 6


def test_at_the_bound_no_path_adds_a_member(client, app):
    club = club_with_anne_and_cleo(client, app)
    evening = new_evening(client, app, club, "2026-11-28")
    # a table of members, made while the club has room
    table = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Cleo"}
    response = client.post(f"/games/new?evening={evening}", data=table)
    assert response.status_code == 302
    game = response.headers["Location"]
    fill_club(app, club)
    assert count(app, "select count(*) from members") == MAX_MEMBERS
    # the form
    data = {"name": "Zoé", "short_name": "", "version": club_version(app)}
    response = client.post(f"/clubs/{club}/members", data=data)
    assert response.status_code == 422 and "no more can be added" in response.text
    # a club table's names: refused whole, no game
    games = count(app, "select count(*) from games")
    table = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Zoé"}
    response = client.post(f"/games/new?evening={evening}", data=table)
    assert response.status_code == 422 and "no more can be added" in response.text
    assert count(app, "select count(*) from games") == games
    # members only: still a table
    table["player2"] = "Joueur 7"
    assert client.post(f"/games/new?evening={evening}", data=table).status_code == 302
    # a set-up change before the first coup that names a newcomer: refused beside the form
    fresh = client.post(f"/games/new?evening={evening}", data=table).headers["Location"]
    setup = {**table, "player2": "Zoé", "version": version_of(client, fresh)}
    response = client.post(fresh + "/setup", data=setup)
    assert response.status_code == 422 and "no more can be added" in refusals(response)
    assert "Zoé" not in client.get(fresh + "/game.json").text
    # a seat taken by a newcomer: refused beside the field
    assert enter(client, game, "pass").status_code == 302
    response = take(client, game, "1", "Zoé")
    assert response.status_code == 422 and "no more can be added" in refusals(response)
    assert "seat_changes" not in json.loads(client.get(game + "/game.json").data)
    # a seat taken by a member: taken
    assert take(client, game, "1", "Joueur 8").status_code == 302
    assert count(app, "select count(*) from members") == MAX_MEMBERS


def test_at_the_bound_the_store_refuses_a_new_member_whoever_asks(db):
    # member_named is what a table's names, a set-up change, a seat taken and an event's
    # round at a club all add a member through
    club = clubs.create(db, "Le Cercle", None, None)
    db.conn.executemany(
        "insert into members (club_id, name, merged_into) values (?, ?, null)",
        [(club, f"Joueur {n}") for n in range(MAX_MEMBERS - 1)],
    )
    zoe = member_named(db, club, "Zoé")  # the last one there is room for
    assert member_named(db, club, "ZOE") == zoe  # found, not made
    with pytest.raises(clubs.ClubFull):
        member_named(db, club, "Yann")
    total = db.execute("select count(*) from members where club_id = ?", [club]).fetchone()
    assert total[0] == MAX_MEMBERS


def test_at_the_bound_a_club_events_round_adds_no_member(app):
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    response = client.post("/clubs/new", data={"name": "Le Cercle", "chip_value": "0.05"})
    club = int(response.headers["Location"].rsplit("/", 1)[1])
    event = {**EVENT, "name": "Club cup", "kind": "hombre", "seating": "3", "method": "total"}
    assert client.post(f"/events/new?club={club}", data=event).status_code == 302
    assert post(client, app, "players", names="Anne\nBert\nCarl").status_code == 302
    fill_club(app, club, MAX_MEMBERS - 2)  # room for two of the three
    response = post(client, app, "draw")
    assert response.status_code == 422 and "no more can be added" in response.text
    assert count(app, "select count(*) from members") == MAX_MEMBERS - 2
    assert count(app, "select count(*) from event_rounds") == 0
    with sqlite3.connect(app.config["DATABASE"]) as conn:  # one leaves: room for all three
        conn.execute("delete from members where name = 'Joueur 0'")
    assert post(client, app, "draw").status_code == 302
    assert count(app, "select count(*) from members") == MAX_MEMBERS


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("ANNE", "ANNE is already at this table as Anne (names are compared without case"),
        ("\u0410nne", "\u0410nne reads like Anne, already at this table (letters of another"),
    ],
    ids=["case aside", "a Cyrillic A"],
)
def test_the_command_and_the_import_refuse_one_person_twice_in_the_same_words(
    client, app, tmp_path, capsys, name, words
):
    """A file of Anne and ANNE (or a Cyrillic "А"nne) was refused by the import and replayed
    by ``scorekeeper replay`` as two players: the rule now lives in the file's reading."""
    from scorekeeper.cli import main

    data = {**SEED, "players": ["Anne", "Bruno", name], "coups": []}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert words in capsys.readouterr().err
    response = client.post(
        "/games/import", data={"text": json.dumps(data)}, headers={"Accept-Language": "en"}
    )
    assert response.status_code == 422
    assert words in response.text
    assert count(app, "select count(*) from games") == 0
