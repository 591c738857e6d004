"""The fuzz's world: one database with a game of every kind, a club, an evening, a phone.

Built once per test session through the app's own forms (as a manager would),
then copied afresh for each example (``fuzz_copy``): a SQLite backup of a small
file costs about a millisecond, building it a second.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from typing import Any

from apps import new_app
from fuzz_data import FOUR
from web import NEW_GAME, enter, new_game

POULE_ONLY = {"poule_system", "mark_value", "payments", "poules_to_play", "end"}
"""The 1709 (poule) fields: the page hides them for jetons and danois (and shows no refusal)."""
OTHER_SYSTEMS = {key: value for key, value in NEW_GAME.items() if key not in POULE_ONLY}
JETONS_FORM = {
    **OTHER_SYSTEMS,
    "preset": "jetons",
    "accounting": "jetons",
    "stake": "3",
    "pass_fee": "2",
    "simple": "1",
    "sans_prendre": "6",
    "vole": "12",
    "bonus": "10",
    "coups_to_play": "0",
    "cave": "100",
    "fiche": "10",
}
DANISH_FORM = {
    **OTHER_SYSTEMS,
    "preset": "danois_dlu",
    "accounting": "danois",
    "ante": "5",
    "rates": "dlu",
    "coups_to_play": "0",
    "cave": "100",
    "fiche": "10",
}
THREE = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé", "player3": ""}
EVENING_TABLE = {**NEW_GAME, "player0": "Anna", "player1": "Bert", "player2": "Cleo"}
SETUP_FORMS: dict[str, tuple[str, dict[str, str]]] = {
    # kind: (the page that creates it, its form as the set-up page sends it back)
    "hombre 1709": ("/games/new", dict(NEW_GAME)),
    "hombre jetons": ("/games/new", JETONS_FORM),
    "hombre danois": ("/games/new", DANISH_FORM),
    "brou": ("/games/new/brou", {**FOUR, "first_dealer": "0", "target": "301"}),
    "manille classique": (
        "/games/new/manille",
        {**FOUR, "first_dealer": "1", "variant": "classique", "partie": "liee", "manche": "34"},
    ),
    "manillen 3": (
        "/games/new/manille",
        {**THREE, "first_dealer": "2", "variant": "belge", "deals": "30", "sans_atout": "2"},
    ),
    "manillen 4": (
        "/games/new/manille",
        {**FOUR, "first_dealer": "3", "variant": "belge", "deals": "20", "sans_atout": "2"},
    ),
    "evening table": ("/games/new?evening=1", EVENING_TABLE),
}
"""A game of every kind with no coup yet, whose players and rules may still change."""
SHEET_KINDS = ("brou", "manille classique", "manillen 3", "manillen 4")


@dataclass
class World:
    """What the template database holds, by the ids the fuzz puts in addresses."""

    path: str
    client: Any
    setup: dict[str, int] = field(default_factory=dict)
    """The game of each kind of ``SETUP_FORMS``, no coup entered."""
    games: list[int] = field(default_factory=list)
    members: list[int] = field(default_factory=list)
    entries: list[int] = field(default_factory=list)
    """Club 2's cash box entries (a fee, a payment)."""
    grants: list[int] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)
    """The games' table tokens (a follower's link)."""
    secrets: list[str] = field(default_factory=list)
    """Club 2's manager key and game 1's handover code: what only their holder knows."""


def game_id(location: str) -> int:
    return int(location.rstrip("/").split("/")[2])


def first_games_and_club(client: Any) -> str:
    """Games 1 (l'Hombre, 2 coups), 2 (Brou, 1) and 3 (manillen, 1), club 2 and its evening 1,
    made by ``client`` (their manager): what every fuzz database starts with. The club's
    manager key."""
    game = new_game(client)
    enter(client, game, "A demande A4 B4 C1")
    enter(client, game, "B demande A2 B5 C2")
    for kind, fields, coup in [
        ("brou", {}, {"points": "54"}),
        ("manille", {"variant": "belge", "player3": ""}, {"trump": "pique", "points": "31"}),
    ]:
        response = client.post(f"/games/new/{kind}", data={**FOUR, "first_dealer": "0", **fields})
        client.post(response.headers["Location"] + "/sheet/coups", data=coup)
    client.post("/clubs/new", data={"name": "Club", "chip_value": "0.05", "currency": "EUR"})
    with client.session_transaction() as session:
        club_key = str(session["new_club_manager_link"][1])
    evening = client.post("/clubs/2/evenings", data={"date": "2026-11-23", "version": "1"})
    assert evening.status_code == 302, evening.status_code
    return club_key


def build_world(path: str, **config: Any) -> World:
    """The games of ``make_app`` (1: l'Hombre with 2 coups, 2: Brou, 3: manillen with one),
    club 2 and its evening 1, then a game of every kind before its first coup, the
    evening's table, and a second phone that opened game 1's manager link."""
    app = new_app(
        {
            "TESTING": True,
            "SECRET_KEY": "f",
            "DATABASE": path,
            "WTF_CSRF_ENABLED": False,
            **config,
        }
    )
    client = app.test_client()
    club_key = first_games_and_club(client)
    world = World(path, client)
    for kind, (page, form) in SETUP_FORMS.items():
        response = client.post(page, data=form)
        assert response.status_code == 302, (kind, response.data[:2000])
        world.setup[kind] = game_id(response.headers["Location"])
    # a second phone with the right to change game 1: it opened a new manager link
    client.post("/games/1/links", data={"version": read(path, "games", 1)})
    with client.session_transaction() as session:
        issued, token = session["new_manager_link"]
    phone = app.test_client()
    assert phone.get(f"/games/{issued}/manage/{token}").status_code == 302
    client.post("/games/1/handover-code", data={"version": read(path, "games", 1)})
    with client.session_transaction() as session:
        world.secrets = [club_key, session["new_handover_code"][1]]
    conn = sqlite3.connect(path)
    anna = conn.execute("select min(id) from members where club_id = 2").fetchone()[0]
    conn.close()
    for entry in (
        {"kind": "fee_evening", "amount": "2", "on": "2026-11-23"},
        {"kind": "payment", "amount": "2", "on": "2026-11-23", "method": "cash"},
    ):
        data = {**entry, "member": str(anna), "version": read(path, "clubs", 2)}
        assert client.post("/clubs/2/cash/entries", data=data).status_code == 302
    world.secrets.append(an_event(client, path))
    with sqlite3.connect(path) as conn:
        world.entries = [row[0] for row in conn.execute("select id from ledger")]
        world.games = [row[0] for row in conn.execute("select id from games")]
        world.tokens = [row[0] for row in conn.execute("select table_token from games")]
        world.tokens += [row[0] for row in conn.execute("select read_token from events")]
        world.members = [row[0] for row in conn.execute("select id from members")]
        world.grants = [row[0] for row in conn.execute("select id from grants")]
    conn.close()
    return world


def an_event(client: Any, path: str) -> str:
    """Event 1 (l'Hombre, tables of three): four players, round 1 drawn (a table and a
    bye); its manager key."""
    form = {"name": "Cup", "kind": "hombre", "seating": "3", "format": "individual"}
    form |= {"rounds": "2", "method": "total", "bye": "average"}
    assert client.post("/events/new", data=form).status_code == 302
    with client.session_transaction() as session:
        key = str(session["new_event_link"][1])
    names = "Anne\nBert\nCarl\nDora"
    client.post("/events/1/players", data={"names": names, "version": read(path, "events", 1)})
    drawn = client.post("/events/1/draw", data={"version": read(path, "events", 1)})
    assert drawn.status_code == 302, drawn.status_code
    return key


def read(path: str, table: str, row: int) -> str:
    """The version of a game, a club or an event, as its pages put it in their forms."""
    if not 0 < row < 2**62:
        return ""
    with sqlite3.connect(path) as conn:
        found = conn.execute(f"select version from {table} where id = ?", (row,)).fetchone()
    conn.close()
    return "" if found is None else str(found[0])


def fuzz_copy(world: World, target: str) -> tuple[Any, Any]:
    """The world's database copied to ``target``; its manager's and a stranger's clients."""
    with sqlite3.connect(world.path) as source, sqlite3.connect(target) as copy:
        source.backup(copy)
    source.close()
    copy.close()
    app = world.client.application
    app.config["DATABASE"] = target
    manager = app.test_client()
    manager._cookies = dict(world.client._cookies)  # the manager's cookie as it was
    return manager, app.test_client()
