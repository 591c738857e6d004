"""An event's kind is its rule set, and its round's end settles its tables (issue 45, point 1).

An event opened as "l'Hombre (1709)" seated tables that played 3-1 with the retourne and
"play on at the end"; a table said both that the game goes on until no bête is left and that
the round's deals were played; a bête still open at the round's end stayed open and the
ranking counted the nets without it. Through the real pages (the test client, a real SQLite
file): the 1709 event's tables play hombre.md §2's 1709 preset, say in one sentence how the
round ends, share an open bête at the round's end by §7, and the ranking counts the shares.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace

from budget import examples
from hypothesis import HealthCheck, assume, given, settings
from test_events import new_event, open_table, post, ranking, seated, tables
from test_hombre_properties import games

from scorekeeper.db import get_db
from scorekeeper.rules.hombre.engine import ended_net, replay

THREE = "Anne\nBert\nCarl"
ROUND_END_2 = (
    "The round's 2 deals end the game: the bêtes still open are then shared among the players."
)
PLAY_ON = "play goes on until no bête is left"


def nets(client, game) -> list[int]:
    """The table's own nets in seat order (its ``report.json``)."""
    report = seated(client, game)
    return [report["net"][name] for name in report["players"]]


def one_table(client, app, **fields):
    new_event(client, kind="hombre", seating="3", method="total", **fields)
    post(client, app, "players", names=THREE)
    post(client, app, "draw")
    return open_table(client, tables(client)[0])


def remise_by_seat_0(client, game):
    """The first player plays demande and makes 3 tricks of 9, as each tiers: a remise."""
    data = {"hombre": "0", "contract": "demande", "save": "1", "t0": "3", "t1": "3", "t2": "3"}
    assert client.post(game + "/coups", data=data).status_code == 302


def all_pass(client, game):
    assert client.post(game + "/coups", data={"passed": "1"}).status_code == 302


def round_end_line(page: str) -> list[str]:
    found = re.findall(r'id="round-end">(.*?)</p>', page)
    return [html.unescape(re.sub(r"<[^>]+>", "", s)) for s in found]


def event_rules(page: str) -> str:
    found = re.search(r'id="event-rules">(.*?)</p>', page)
    assert found is not None, "no rules on the event's page"
    return html.unescape(found.group(1))


def test_a_1709_event_seats_tables_that_play_3_2_without_retourne(app, client):
    game = one_table(client, app, deals="2")
    # hombre.md §2, the preset 1709: 3-2, double payments, no retourne, 20 poules, share;
    # the round's 2 deals are the table's coups to play (main made it 3-1, retourne, continue)
    assert seated(client, game)["rules"] == {
        "poule_system": "3-2",
        "mark_value": 3,
        "payments": "double",
        "retourne": False,
        "espadille_forcee": False,
        "poules_to_play": 20,
        "coups_to_play": 2,
        "end": "share",
        "cave": 200,
        "fiche": 20,
    }
    retourne = {"hombre": "0", "contract": "retourne", "save": "1", "t0": "5", "t1": "2"}
    refused = client.post(game + "/coups", data={**retourne, "t2": "2"})
    assert refused.status_code == 422
    assert seated(client, game)["coups"] == []


def test_the_table_says_in_one_sentence_how_its_round_ends(app, client):
    game = one_table(client, app, deals="2")
    remise_by_seat_0(client, game)
    all_pass(client, game)
    page = client.get(game).text
    assert round_end_line(page) == [ROUND_END_2]
    assert PLAY_ON not in page  # main: "the game goes on until no bête is left" as well
    french = client.get(game, environ_base={"HTTP_ACCEPT_LANGUAGE": "fr"}).text
    assert round_end_line(french) == [
        # coups, as the table's rules say "2 coups" (one word for the round's deals)
        "Les 2\u202fcoups du tour finissent la partie\u202f: les bêtes encore ouvertes sont"
        " alors partagées entre les joueurs."
    ]


def test_an_open_bete_is_shared_at_the_rounds_end_and_the_ranking_counts_the_shares(app, client):
    game = one_table(client, app, deals="2")
    remise_by_seat_0(client, game)
    all_pass(client, game)
    report = seated(client, game)
    # 3-2 (hombre.md §3): coup 1 on a fresh poule, 3 marks of 3 chips each: poule 27, no
    # bête in play, enjeu 27; a remise: the hombre (seat 0) makes a bête of 27 and nothing
    # moves. Coup 2: 2 marks more each (poule 45), their bête of 27 in play; all pass, nothing
    # moves. The round's 2 deals end the game (§7, share): the 27 put in the middle and
    # shared by three, 27 // 3 = 9 paid by its owner to each other player:
    # seat 0 −18, seats 1 and 2 +9 each.
    assert report["finished"]
    assert nets(client, game) == [-18, 9, 9]
    lines, _standing = ranking(app)
    first, second, third = report["players"]
    assert {player: figure for _place, player, figure in lines} == {
        first: -18,
        second: 9,
        third: 9,
    }
    page = client.get(game).text
    assert "The remaining bêtes were shared" in page


def test_a_round_closed_with_a_bete_open_counts_it_shared(app, client):
    game = one_table(client, app)  # no deals: the round ends when the director closes it
    remise_by_seat_0(client, game)
    assert nets(client, game) == [0, 0, 0]  # the table's own game goes on
    assert round_end_line(client.get(game).text) == [
        "The round ends when the director closes it: the bêtes still open are then shared"
        " among the players."
    ]
    assert post(client, app, "close", confirmed="1").status_code == 302
    # the bête of 27 (coup 1: 3 marks × 3 chips × 3 players, a remise) shared by three at
    # the round's end: its owner pays 27 // 3 = 9 to each of the two others
    players = seated(client, game)["players"]
    lines, standing = ranking(app)
    assert {p: f for _place, p, f in lines} == {players[0]: -18, players[1]: 9, players[2]: 9}
    assert standing.plays[0].tables[0].tally == (-18, 9, 9)


def test_the_event_pages_show_the_rules_and_how_the_round_ends(app, client):
    one_table(client, app, deals="2")
    words = event_rules(client.get("/events/1").text)
    assert words.startswith("3-2, double payments, no retourne, 2 coups, share at the end")
    assert ROUND_END_2 in words


def test_an_event_stored_before_keeps_its_rules_and_its_tables_play_them_to_the_end(app, client):
    """An event made before this change stored the rules it was given (3-1, retourne, play
    on at the end: the default then), in its settings; nothing stored changes. Its tables
    play those rules as they say: on past the round's deals until no bête is left, with one
    sentence saying so; its page shows them; its ranking shares a bête still open."""
    new_event(client, kind="hombre", seating="3", method="total", deals="2")
    old = {
        "poule_system": "3-1",
        "mark_value": 3,
        "payments": "double",
        "retourne": True,
        "espadille_forcee": False,
        "poules_to_play": 20,
        "end": "continue",
        "cave": 200,
        "fiche": 20,
    }
    with app.app_context():
        db = get_db()
        (settings,) = db.execute("select settings from events where id = 1").fetchone()
        stored = {**json.loads(settings), "rules": old}
        db.execute("update events set settings = ? where id = 1", [json.dumps(stored)])
        db.conn.commit()
    post(client, app, "players", names=THREE)
    post(client, app, "draw")
    game = open_table(client, tables(client)[0])
    assert seated(client, game)["rules"] == {**old, "coups_to_play": 2}
    remise_by_seat_0(client, game)
    all_pass(client, game)
    page = client.get(game).text
    assert round_end_line(page) == [
        "After the round's 2 deals, play goes on until no bête is left; if the round is"
        " closed before, the bêtes still open are shared among the players."
    ]
    assert 'id="closed-table"' not in page  # not "the round's deals are played" as well
    all_pass(client, game)  # a third deal: the bête is still open, the table plays on
    assert len(seated(client, game)["coups"]) == 3
    assert "3-1, double payments, retourne" in event_rules(client.get("/events/1").text)
    # 3-1: the remise made a bête of 27 (3 marks × 3 chips × 3); still open, the ranking
    # counts it shared as the round's end would: 9 from its owner to each other player
    players = seated(client, game)["players"]
    lines, _standing = ranking(app)
    assert {p: f for _place, p, f in lines} == {players[0]: -18, players[1]: 9, players[2]: 9}


@settings(
    max_examples=examples(40, 200), suppress_health_check=[HealthCheck.too_slow], deadline=None
)
@given(games())
def test_a_table_counted_ended_is_the_game_its_rules_would_end_there(game):
    """The ranking's count of a table still open (``ended_net``) is what the engine does
    when the same coups end the game by sharing (coups to play = its coups, ``end`` share):
    one settlement, whichever way the round ends; the nets still sum to zero."""
    report = replay(game)
    assume(game.coups and not report.finished)
    rules = replace(game.rules, coups_to_play=len(game.coups), end="share")
    ended = replay(replace(game, rules=rules))
    assert ended.finished
    assert ended_net(report) == ended.net
    assert sum(ended_net(report)) == 0
