"""An event's round ends its tables' games, for every reader: the ranking, the table, the
club's room and season agree (store/stops.py ``with_round``).

A club's event of l'Hombre 1709 (3-2, the enjeu of the first coup 27: hombre.md §10's first
line), one table of three. Coup 1: the hombre makes 3 tricks of 9 — a remise: they make a
bête of 27, still open (§4). The round is closed: its game ends there, and the 1709 end
(§7, "share") has the bête's owner pay 27 // 3 = 9 to each other player: hombre −18, the
others +9 each. The ranking counted so; the club's room, cash box and season counted the
table as it stood (0, 0, 0): the treasurer billed nothing for a loss the ranking counted.
Reopened, the table plays on (the bête open again); closed again, it ends again.
"""

from __future__ import annotations

import json
import re

from test_club_money_one_figure import club_at
from test_clubs import club_version
from test_events import EVENT, open_table, post, tables

from scorekeeper.cli import main
from scorekeeper.db import get_db


def nets_of(client, game: str) -> tuple[dict[str, int], bool]:
    report = json.loads(client.get(game + "/report.json").data)
    return report["net"], bool(report.get("stopped"))


def room_nets(client, evening: int) -> dict[str, int]:
    page = client.get(f"/evenings/{evening}/settlement").data.decode()
    start = page.index('id="members"')
    rows = re.findall(
        r'<th scope="row">([^<]+)</th><td class="num"><b>([^<]+)</b>',
        page[start : page.index("</section>", start)],
    )
    return {name: int(net.replace("−", "-").replace("+", "")) for name, net in rows}


def ranking(client, token: str) -> dict[str, int]:
    found = client.get(f"/events/{token}/results.json").get_json()
    return {line["player"]: line["figure"] for line in found["ranking"]}


def club_event(client, app) -> tuple[int, str, str, int]:
    """The club, its event's one table (after its remise), the event's token, the evening."""
    club = club_at(client, "0.10")
    data = {**EVENT, "name": "Cup", "kind": "hombre", "seating": "3", "method": "total"}
    assert client.post(f"/events/new?club={club}", data=data).status_code == 302
    assert post(client, app, "players", names="Anne\nBert\nCarl").status_code == 302
    assert post(client, app, "draw").status_code == 302
    (link,) = tables(client)
    game = open_table(client, link)
    coup = {"hombre": "0", "contract": "demande", "t0": "3", "t1": "3", "t2": "3", "save": "1"}
    assert client.post(game + "/coups", data=coup).status_code == 302
    with app.app_context():
        db = get_db()
        token = db.execute("select read_token from events where id = 1").fetchone()[0]
        evening = db.execute("select evening_id from event_rounds where event_id = 1").fetchone()[0]
    return club, game, token, evening


def ended_nets(client, game: str) -> tuple[dict[str, int], dict[str, int]]:
    """The table's nets as it stands (0 each: the bête open) and as it ends (§7)."""
    nets, _ = nets_of(client, game)
    hombre, *others = nets
    return dict.fromkeys(nets, 0), {hombre: -18} | dict.fromkeys(others, 9)


def test_a_closed_round_ends_its_tables_for_the_club_too(client, app):
    club, game, token, evening = club_event(client, app)
    standing, ended = ended_nets(client, game)
    assert nets_of(client, game) == (standing, False)  # the bête open
    assert ranking(client, token) == ended  # the ranking ends the game as it stands
    assert room_nets(client, evening) == standing  # the room: as it stands

    assert post(client, app, "close", confirmed="1").status_code == 302
    assert nets_of(client, game) == (ended, True)
    assert ranking(client, token) == ended
    assert room_nets(client, evening) == ended
    season = client.get(f"/clubs/{club}/season.csv").data.decode("utf-8-sig").splitlines()
    reader = [line.split(",") for line in season]
    net = reader[0].index("net")
    assert {row[0]: int(row[net]) for row in reader[1:]} == ended
    history = client.get(game + "/history").data.decode()
    # the round's stop, not its manager's: its line says so (store/stops.py WITH)
    assert "the table ended with its competition round" in history
    assert "the table stopped here" not in history

    assert post(client, app, "reopen", confirmed="1").status_code == 302
    assert nets_of(client, game) == (standing, False)  # plays on
    history = client.get(game + "/history").data.decode()
    assert "its competition round reopened: the table plays on" in history
    assert room_nets(client, evening) == standing
    assert ranking(client, token) == ended
    assert post(client, app, "close", confirmed="1").status_code == 302
    assert nets_of(client, game) == (ended, True)
    with app.app_context():
        path = app.config["DATABASE"]
    assert main(["verify", "--database", path]) == 0  # each stop and play-on is logged


def lock(client, app, unlock: bool = False):
    return post(client, app, "lock", round="1", table="1", **({"unlock": "y"} if unlock else {}))


def test_a_locked_table_ends_and_an_unlocked_one_plays_on(client, app):
    # The director locks the table: its result is kept as it stands, ended (−18, +9, +9),
    # and so is its game, for the club too. Unlocked, it plays on. A table still locked
    # when its closed round is reopened stays ended: its locked result is what counts.
    _club, game, token, evening = club_event(client, app)
    standing, ended = ended_nets(client, game)
    assert lock(client, app).status_code == 302
    assert nets_of(client, game) == (ended, True)
    assert room_nets(client, evening) == ended == ranking(client, token)
    assert lock(client, app, unlock=True).status_code == 302
    assert nets_of(client, game) == (standing, False)
    assert lock(client, app).status_code == 302
    assert post(client, app, "close", confirmed="1").status_code == 302
    assert post(client, app, "reopen", confirmed="1").status_code == 302
    assert nets_of(client, game) == (ended, True)
    assert room_nets(client, evening) == ended == ranking(client, token)


def test_an_evening_is_not_closed_under_its_open_round_nor_a_table_unlocked_under_it(client, app):
    # The club's manager closes the round's evening first: it would post the table's nets
    # with the remise's bête of 27 open (0, 0, 0), the ranking ending it −18, +9, +9 (27 // 3
    # = 9 to each other player, hombre.md §7) — the money docs/rules.md says a close never
    # posts. It is refused, naming the table, and nothing changes (store/stops.py
    # ``with_evening``). The director locks the table: it ends, and the evening closes, its
    # money ended. Unlocking it would play the game on under the posted money: refused,
    # saying why, until the evening is reopened.
    _club, game, _token, evening = club_event(client, app)
    standing, ended = ended_nets(client, game)
    asked = " ".join(client.get(f"/evenings/{evening}/close").data.decode().split())
    assert "Table 1: a competition&#39;s table ends with its round" in asked  # said first
    closed = {"version": club_version(app), "confirmed": "1"}
    page = client.post(f"/evenings/{evening}/close", data=closed, follow_redirects=True)
    said = " ".join(page.data.decode().split())
    assert "Table 1: a competition&#39;s table ends with its round" in said
    assert "The evening is closed" not in said
    assert nets_of(client, game) == (standing, False)
    with app.app_context():
        assert get_db().execute("select count(*) from evening_closings").fetchone()[0] == 0
    assert lock(client, app).status_code == 302
    closed = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=closed).status_code == 302
    assert room_nets(client, evening) == ended
    refused = lock(client, app, unlock=True)
    assert refused.status_code == 422
    assert "Table 1: its evening is closed in the club" in refused.data.decode()
    assert nets_of(client, game) == (ended, True)
    reopened = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/reopen", data=reopened).status_code == 302
    assert nets_of(client, game) == (ended, True)  # its round's lock, not the evening's
    assert lock(client, app, unlock=True).status_code == 302
    assert nets_of(client, game) == (standing, False)


def test_a_newcomer_waiting_to_sit_keeps_the_round_open(client, app):
    # Dora will play for Bert from the next coup: the game cannot end before it (she would
    # sit at a game over). The close is refused, naming the table and her.
    _club, game, _token, _evening = club_event(client, app)
    players = list(nets_of(client, game)[0])
    seat = {"seat": str(players.index("Bert")), "player": "Dora", "way": "plays_for"}
    assert client.post(game + "/seat", data=seat).status_code == 302
    refused = post(client, app, "close", confirmed="1")
    assert refused.status_code == 422
    assert "Table 1: Dora sits down for the next coup" in refused.data.decode()
