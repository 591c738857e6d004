"""A casual table stops here (issue 45.6): the game ends as it stands, by its kind's end rule.

The stop is an input of the game (the game file's ``"stopped": true``), replayed by the
command, logged on the game's chain (``verify``), and taken back by the undo of a stopped
table. Hand-computed figures come from the rules (hombre.md §4 and §7, docs/rules/jetons.md
§3), not from what the code prints.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from notation import game_file
from test_chains import verify
from web import SEED_COUPS, enter, new_game

from scorekeeper.cli import main
from scorekeeper.rules import kinds, stopping
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.hombre.engine import BeteStatus, Reason

# The seed's first four coups (hombre.md §10, 3-2, 3 chips a mark): A remise → bête A 27;
# B remise → bête B 72; all pass; B remise → bête B 108. Nothing has moved yet.
FOUR = game_file(*SEED_COUPS[:4], poule_system="3-2", payments="double", end="share")
# Stopped after coup 4 (§7, share): the bête in play, A 27, then the pending ones in the
# order made, B 72 and B 108, each put in the middle by its owner and shared in three:
#   A pays 27 / 3 = 9 to B and to C                      A −18, B +9,  C +9
#   B pays 72 / 3 = 24 and 108 / 3 = 36 to A and to C     A +60, B −120, C +60
#   nets: A −18 + 60 = +42, B +9 − 120 = −111, C +9 + 60 = +69 (sum 0)
FOUR_STOPPED = (42, -111, 69)


def replayed(data):
    game = kinds.load_file(data)
    kind = kinds.kind_of(game)
    return kind, game, kind.replay(game)


def test_a_1709_game_stopped_with_open_betes_shares_them_in_three():
    kind, game, report = replayed(FOUR)
    assert report.net == (0, 0, 0) and not report.finished
    ended = kind.stop(report)
    assert ended.finished and ended.next is None and ended.net == FOUR_STOPPED
    assert [b.status for b in ended.betes] == [BeteStatus.SHARED] * 3
    assert [b.settled_in for b in ended.betes] == [4, 4, 4]
    last = ended.coups[-1].transfers
    shares = [(t.payer, t.payee, t.amount) for t in last if t.reason == Reason.FINAL_SHARE]
    assert shares == [(0, 1, 9), (0, 2, 9), (1, 0, 24), (1, 2, 24), (1, 0, 36), (1, 2, 36)]
    assert ended.coups[-1].finished and ended.marks == 0
    assert report.net == (0, 0, 0)  # the report stopped is a new one: the played one stays
    with pytest.raises(GameError, match="the game ended with coup 4"):
        kind.extend(ended, game.with_coups([*game.coups, game.coups[2]]))


def test_four_at_the_table_share_a_bete_in_four():
    # A deals and sits out; B's remise makes a bête of the poule, 4 players x 3 marks x 3
    # = 36. Stopped: B pays 36 / 4 = 9 to each of the three others (docs/rules.md, four).
    data = {
        **game_file(poule_system="3-2"),
        "players": ["A", "B", "C", "D"],
        "coups": [{"hombre": "B", "contract": "demande", "tricks": {"B": 4, "C": 4, "D": 1}}],
    }
    kind, _, report = replayed(data)
    assert [b.amount for b in report.betes] == [36]
    assert kind.stop(report).net == (9, -27, 9, 9)


def test_a_jetons_game_stopped_with_chips_in_the_pot_gives_them_back():
    # coup 1: everyone stakes 3; Bruno and Chloé pass (2 each): the poule holds 3, 5, 5;
    #   Anne wins her simple: each opponent pays her their part (5) and the simple (1):
    #   Anne +12, Bruno −6, Chloé −6
    # coup 2: the poule is empty: everyone stakes 3 and, all passing, pays 2: 5, 5, 5
    data = game_file("A simple A5 B2 C2", "pass", accounting="jetons")
    kind, _, report = replayed(data)
    assert report.net == (12, -6, -6) and report.shares == (5, 5, 5)
    ended = kind.stop(report)
    # the stop (docs/rules/jetons.md §3): the poule returns to whoever put it in, nothing
    # moves: the nets stand, the pot is empty
    assert ended.finished and ended.next is None
    assert ended.net == (12, -6, -6) and ended.shares == (0, 0, 0)
    assert ended.returned == (5, 5, 5) and ended.coups[-1].pot == 0
    assert ended.coups[-1].transfers == report.coups[-1].transfers


def test_a_points_sheet_stopped_is_final_as_it_stands():
    data = {
        "format": "scorekeeper-game/1",
        "game": "manille",
        "players": ["Anne", "Bruno", "Chloé", "Denis"],
        "coups": [{"points": 54}, {"points": 14}],  # 20 to Nous, then 20 to Eux
    }
    kind, _, report = replayed(data)
    ended = kind.stop(report)
    assert not report.finished and ended.finished and ended.next_dealer is None
    assert ended.totals == report.totals == (20, 20) and ended.manches == (0, 0)
    assert ended.winner is None  # level: nobody wins a partie that stopped level


def test_stopped_in_the_file_round_trips_and_the_command_replays_it(tmp_path, capsys):
    game = kinds.load_file(FOUR)
    written = stopping.with_stop(kinds.dump_file(game), True)
    assert list(written)[-1] == "stopped" and written["coups"] == FOUR["coups"]
    assert stopping.load(json.loads(json.dumps(written)), game) is True
    assert stopping.load(kinds.dump_file(game), game) is False  # no key: as before
    path = tmp_path / "game.json"
    path.write_text(json.dumps(written))
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["stopped"] is True and out["finished"] is True
    assert list(out["net"].values()) == list(FOUR_STOPPED)
    assert main(["replay", str(path)]) == 0
    assert "The table stopped after coup 4" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("value", "coups", "said"),
    [
        ("yes", 4, "stopped must be true or false"),
        (True, 0, "no coup has been played"),
    ],
)
def test_a_bad_stop_in_a_file_is_refused_naming_its_key(value, coups, said):
    data = {**FOUR, "coups": FOUR["coups"][:coups], "stopped": value}
    game = kinds.load_file(data)
    with pytest.raises(GameError, match=said) as refused:
        stopping.load(data, game)
    assert refused.value.field == "stopped"


def _text(response) -> str:
    return re.sub(r"<[^>]+>", "", response.data.decode())


def test_the_table_stops_here_after_asking_then_plays_on_after_all(client, app, capsys):
    game = new_game(client)  # 1709: 3-2, double, share
    for text in SEED_COUPS[:4]:
        assert enter(client, game, text).status_code == 302
    assert "PROVISIONAL" in _text(client.get(game + "/settlement"))
    assert 'id="stop-here"' in client.get(game).data.decode()
    question = client.get(game + "/stop")
    assert question.status_code == 200
    said = _text(question)
    assert "Anne 0 → +42 (+42)" in said and "Bruno 0 → −111 (−111)" in said  # what the end does
    # a stop posted without the question's answer is sent to the question, nothing stored
    asked = client.post(game + "/stop", data={})
    assert asked.status_code == 303 and asked.headers["Location"].endswith(game + "/stop")
    assert "PROVISIONAL" in _text(client.get(game + "/settlement"))
    done = client.post(game + "/stop", data={"confirmed": "1"})
    assert done.status_code == 302 and done.headers["Location"].endswith(game + "/settlement")
    page = _text(client.get(game + "/settlement"))
    assert "PROVISIONAL" not in page and "game finished" in page
    assert "The table stopped here, after its 4 coups" in page
    assert "Bruno → Anne: 42 chips" in page and "Bruno → Chloé: 69 chips" in page
    file = json.loads(client.get(game + "/game.json").data)
    assert file["stopped"] is True
    report = json.loads(client.get(game + "/report.json").data)
    assert report["stopped"] is True and report["finished"] is True
    assert list(report["net"].values()) == list(FOUR_STOPPED)
    # no coup after the stop: the table is locked, the page says why
    refused = enter(client, game, "A demande A5 B2 C2")
    assert refused.status_code == 423 and "This table stopped here" in _text(refused)
    path = Path(app.config["DATABASE"])
    code, said = verify(path, capsys=capsys)
    assert code == 0, said
    # the stopped game's file imports as a stopped game, with the same settlement
    imported = client.post("/games/import", data={"text": json.dumps(file)})
    assert imported.status_code == 302
    copy = imported.headers["Location"].rstrip("/")
    assert json.loads(client.get(copy + "/game.json").data) == file
    again = json.loads(client.get(copy + "/report.json").data)
    assert again["net"] == report["net"] and again["stopped"] is True
    # the undo of a stopped table takes the stop back: the table plays on
    assert 'id="resume"' in client.get(game).data.decode()
    back = client.post(game + "/resume", data={})
    assert back.status_code == 302
    assert "PROVISIONAL" in _text(client.get(game + "/settlement"))
    assert "stopped" not in json.loads(client.get(game + "/game.json").data)
    assert enter(client, game, "C demande A2 B2 C5").status_code == 302  # the seed's coup 5
    # played on from the coups, not from the stopped report: the seed's nets after coup 5
    after = json.loads(client.get(game + "/report.json").data)
    assert after["net"] == {"Anne": -60, "Bruno": -33, "Chloé": 93} and not after["finished"]
    code, said = verify(path, capsys=capsys)
    assert code == 0, said
    history = _text(client.get(game + "/history"))
    assert "the table stopped here" in history and "the stop taken back" in history


def test_a_points_sheet_stops_and_its_final_sheet_is_final(client):
    data = {
        "format": "scorekeeper-game/1",
        "game": "brou",
        "players": ["Anne", "Bruno", "Chloé", "Denis"],
        "coups": [{"points": 54}],
    }
    created = client.post("/games/import", data={"text": json.dumps(data)})
    game = created.headers["Location"].rstrip("/")
    assert "PROVISIONAL" in _text(client.get(game + "/settlement"))
    assert client.post(game + "/stop", data={"confirmed": "1"}).status_code == 302
    sheet = _text(client.get(game + "/settlement"))
    assert "PROVISIONAL" not in sheet and "The table stopped here, after its 1 coup" in sheet
    assert json.loads(client.get(game + "/report.json").data)["finished"] is True


def test_an_event_table_does_not_stop(client, app, monkeypatch):
    from scorekeeper.db import get_db
    from scorekeeper.store import stops, table_locks

    game = new_game(client)
    assert enter(client, game, "A demande A4 B4 C1").status_code == 302
    real = table_locks.table_state

    def at_an_event(db, game_id):  # the table as a table of round 1 of an event
        state = real(db, game_id)
        seat = table_locks.EventSeat(1, "Cup", 1, 3, None, False, False)
        return table_locks.TableState(state.evening_closed, seat, state.coups, state.stopped)

    monkeypatch.setattr(stops, "table_state", at_an_event)
    with app.app_context(), pytest.raises(GameError, match="competition"):
        stops.stop(get_db(), int(game.strip("/").split("/")[1]))


@pytest.mark.parametrize(
    ("language", "question", "button", "stopped"),
    [
        ("en", "Stop the game here?", "Yes, we stop here", "The table stopped here"),
        ("fr", "Arrêter la partie ici\u202f?", "Oui, on s’arrête là", "La table s’est arrêtée là"),
        ("da", "Stoppe partiet her?", "Ja, vi stopper her", "Bordet stoppede her"),
        ("nl", "De partij hier stoppen?", "Ja, we stoppen hier", "De tafel is hier gestopt"),
    ],
)
def test_the_stop_speaks_each_language(client, language, question, button, stopped):
    game = new_game(client)
    assert enter(client, game, "A demande A4 B4 C1").status_code == 302
    words = {"Accept-Language": language}
    page = client.get(game + "/stop", headers=words).data.decode()
    assert question in page and button in page
    assert client.post(game + "/stop", data={"confirmed": "1"}).status_code == 302
    assert stopped in client.get(game, headers=words).data.decode()


def test_a_club_table_leads_with_who_pays_whom_and_stops_while_its_evening_is_open(client, app):
    from test_clubs import club_version, new_club, new_evening, seed_table

    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")  # the seed: no bête left
    page = client.get(game + "/settlement").data.decode()
    assert page.index('id="pays"') < page.index('id="players"')  # who pays whom first
    room = _text(client.get(f"/evenings/{evening}/settlement"))
    assert "PROVISIONAL" in room
    question = _text(client.get(game + "/stop"))
    assert "Nothing is left at stake" in question  # no bête open: the nets stand
    assert client.post(game + "/stop", data={"confirmed": "1"}).status_code == 302
    assert "PROVISIONAL" not in _text(client.get(f"/evenings/{evening}/settlement"))
    # closing an evening stops its tables still playing, as "We stop here" would (the file
    # says so); its manager cannot stop it again, nor take the stop back while it is closed
    later = new_evening(client, app, club, "2026-11-28")
    table = seed_table(client, later, "Anne", "Bruno", "Chloé")
    closed = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{later}/close", data=closed).status_code == 302
    assert json.loads(client.get(table + "/game.json").data)["stopped"] is True
    assert "The game is over: there is nothing to stop" in _text(client.get(table + "/stop"))
    page = client.get(table).data.decode()
    assert 'id="stop-here"' not in page and 'id="resume"' not in page
    assert 'data-lock="evening"' in page  # the reason: the evening is closed
    refused = client.post(table + "/stop", data={"confirmed": "1"})
    assert refused.status_code == 303
    # reopened, the table its close stopped plays on; the first one stopped itself: it stays
    assert client.post(f"/evenings/{later}/reopen", data=closed | {"version": club_version(app)})
    assert "stopped" not in json.loads(client.get(table + "/game.json").data)
    assert json.loads(client.get(game + "/game.json").data)["stopped"] is True


def test_four_at_the_table_the_settlement_says_the_betes_go_to_the_players(client):
    # test_four_at_the_table_share_a_bete_in_four's table on the pages: before the stop the
    # open bête "will be shared among the players", after it the share is said, each of the
    # three others +9 — never "among the three players" (with four, a quarter each)
    data = {
        **game_file(poule_system="3-2", end="share"),
        "players": ["A", "B", "C", "D"],
        "coups": [{"hombre": "B", "contract": "demande", "tricks": {"B": 4, "C": 4, "D": 1}}],
    }
    imported = client.post("/games/import", data={"text": json.dumps(data)})
    assert imported.status_code == 302
    game = imported.headers["Location"].rstrip("/")
    before = _text(client.get(game + "/settlement"))
    assert "They will be shared among the players when the poules are played." in before
    assert client.post(game + "/stop", data={"confirmed": "1"}).status_code == 302
    page = _text(client.get(game + "/settlement"))
    assert "At the end the remaining bêtes were shared among the players:" in page
    assert "B → A 9" in page and "B → C 9" in page and "B → D 9" in page
    assert "three" not in page


def test_the_stop_question_names_whose_money_moves_once_someone_plays_for_another(client):
    """After "Denis plays for Chloé" (her money stays hers: docs/rules.md, "Someone takes a
    seat"), the question says what the end does to Chloé, not to Denis, whose own net is
    0 and stays so: the seed's four coups stopped give Anne +42, Bruno −111, Chloé +69
    (FOUR_STOPPED, worked above), all from 0, the shares paid in coup 4, which Denis sat
    for her."""
    from test_take_seat import take

    game = new_game(client)  # 1709: 3-2, double, share
    for text in SEED_COUPS[:3]:
        assert enter(client, game, text).status_code == 302
    assert take(client, game, "2", "Denis").status_code == 302  # plays for Chloé from coup 4
    assert enter(client, game, SEED_COUPS[3]).status_code == 302  # B remise: nothing moves
    said = re.sub(r"\s+", " ", _text(client.get(game + "/stop")))
    assert "Anne 0 → +42 (+42)" in said and "Bruno 0 → −111 (−111)" in said, said
    assert "Chloé 0 → +69 (+69)" in said, said
    assert "Denis 0" not in said, said
