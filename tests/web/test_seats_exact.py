"""Seats and money exact for every game (issue 42): the cases a treasurer found.

Each figure is worked out by hand in a comment from the game's rules
(docs/rules/brou.md, docs/rules/manille.md) and docs/rules.md ("Someone
takes a seat"): a person's result is what their seat (or their team) made in the
coups they played.
"""

import json
import re
from pathlib import Path

import pytest
from web import report

from scorekeeper import cli
from scorekeeper.rules import kinds
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.seating import person_tally

GOLDEN = Path(__file__).parents[1] / "golden"
FOUR = ["Anne", "Bruno", "Chloé", "Denis"]


def by_person(data):
    game, changes = kinds.load_seated(data)
    kind = kinds.kind_of(game)
    return person_tally(kind, game, changes, kind.replay(game))


def brou(*points, changes=(), target=101):
    return {
        "format": "scorekeeper-game/1",
        "game": "brou",
        "players": FOUR,
        "first_dealer": "Anne",
        "rules": {"target": target},
        "coups": [{"points": p} for p in points],
        "seat_changes": list(changes),
    }


def test_brou_a_newcomer_has_his_teams_points_of_his_deals_across_parties():
    # parties of 101. Nous (Anne, Chloé) takes 70, 20, 100, 70, 110 card points; Eux the rest.
    # Deal 1: 70 / 50. Deal 2: 20 / 100: eux 150, a partie (0-0 again). Deal 3: 100 / 20.
    # Deal 4: 170 exact for nous, a partie (0-0). Deal 5: 110 / 10, nous wins another.
    # Émile takes over Anne's seat at deal 3: nous marked 100 + 70 + 110 = 280 while they sat;
    # Anne 70 + 20 = 90; Chloé all five, 370; eux 50 + 100 + 20 + 50 + 10 = 230.
    # (The running count is 0-0 at the end: differences of it gave everyone 0.)
    change = {"coup": 3, "seat": "Anne", "player": "Émile", "way": "takes_over"}
    assert by_person(brou(70, 20, 100, 70, 110, changes=[change])) == {
        "Anne": 90,
        "Bruno": 230,
        "Chloé": 370,
        "Denis": 230,
        "Émile": 280,
    }


def test_manille_classique_a_newcomer_has_his_teams_points_across_manches():
    # manches of 34, partie liée; no retourne. Nous's points of the 68: 54, 0, 10, 20.
    # Coup 1: nous marks 54 - 34 = 20. Coup 2: eux 34 - 0 = 34: the manche (0-0 again).
    # Coup 3: eux 24. Coup 4: eux 14, 38: the second manche, the game. Émile takes over
    # Bruno's seat (eux) at coup 2: 34 + 24 + 14 = 72 for them, 0 for Bruno; Denis 72;
    # Anne and Chloé 20.
    data = {
        "format": "scorekeeper-game/1",
        "game": "manille",
        "players": FOUR,
        "first_dealer": "Anne",
        "rules": {"variant": "classique", "partie": "liee"},
        "coups": [{"points": p} for p in (54, 0, 10, 20)],
        "seat_changes": [{"coup": 2, "seat": "Bruno", "player": "Émile", "way": "takes_over"}],
    }
    assert by_person(data) == {"Anne": 20, "Bruno": 0, "Chloé": 20, "Denis": 72, "Émile": 72}


def seed(*changes, **rules):
    data = json.loads((GOLDEN / "seed.game.json").read_text())
    data["rules"].update(rules)
    data["seat_changes"] = list(changes)
    return data


DENIS_FOR_B = {"coup": 3, "seat": "B", "player": "Denis", "way": "plays_for"}


@pytest.mark.parametrize("way", ["plays_for", "takes_over"])
def test_an_absent_player_comes_back_to_his_own_seat(way, tmp_path, capsys):
    # Denis plays coups 3-5 for B, B plays 6-7 themselves: the seat's money is B's throughout
    # (-9 as in the seed), whichever way they come back; Denis has 0
    back = {"coup": 6, "seat": "B", "player": "B", "way": way}
    people = by_person(seed(DENIS_FOR_B, back, take_over=True))
    assert people == {"A": -72, "B": -9, "C": 81, "Denis": 0}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(seed(DENIS_FOR_B, back, take_over=True)), encoding="utf-8")
    assert cli.main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["by_person"] == people
    game, changes = kinds.load_seated(seed(DENIS_FOR_B, back, take_over=True))
    assert kinds.load_seated(kinds.dump_seated(game, changes)) == (game, changes)


@pytest.mark.parametrize(
    "change",
    [
        {"coup": 6, "seat": "A", "player": "B", "way": "plays_for"},  # their seat played for them
        {"coup": 6, "seat": "B", "player": "C", "way": "plays_for"},  # C sits at their own
        {"coup": 6, "seat": "B", "player": "Denis", "way": "plays_for"},  # they sit there now
    ],
)
def test_a_name_sitting_elsewhere_is_still_refused(change):
    with pytest.raises(GameError) as refused:
        kinds.load_seated(seed(DENIS_FOR_B, change))
    assert refused.value.field == "seat_changes[2].player"
    assert str(refused.value).startswith("seat_changes[2].player: ")


REFUSALS = [
    ([{"coup": 0, "seat": "B", "player": "D", "way": "plays_for"}], "seat_changes[1].coup"),
    ([{"coup": "5", "seat": "B", "player": "D", "way": "plays_for"}], "seat_changes[1].coup"),
    ([{"coup": 5, "seat": "Z", "player": "D", "way": "plays_for"}], "seat_changes[1].seat"),
    ([{"coup": 5, "seat": "B", "player": 7, "way": "plays_for"}], "seat_changes[1].player"),
    ([{"coup": 5, "seat": "B", "player": " ", "way": "plays_for"}], "seat_changes[1].player"),
    ([{"coup": 5, "seat": "B", "player": "D" * 41, "way": "plays_for"}], "seat_changes[1].player"),
    ([{"coup": 5, "seat": "B", "player": "C", "way": "plays_for"}], "seat_changes[1].player"),
    ([{"coup": 5, "seat": "B", "player": "D", "way": "sits"}], "seat_changes[1].way"),
    ([{"coup": 5, "seat": "B", "player": "D", "way": "takes_over"}], "seat_changes[1].way"),
    (
        [
            {"coup": 5, "seat": "B", "player": "D", "way": "plays_for"},
            {"coup": 4, "seat": "A", "player": "E", "way": "plays_for"},
        ],
        "seat_changes[2].coup",
    ),
    (["D"], "seat_changes[1]"),
]


@pytest.mark.parametrize(("changes", "field"), REFUSALS)
def test_every_refusal_of_a_seat_change_names_the_change_and_its_field(changes, field):
    with pytest.raises(GameError) as refused:
        kinds.load_seated(seed(*changes))
    assert refused.value.field == field
    assert str(refused.value).startswith(field + ": ")


@pytest.mark.parametrize(("changes", "field"), REFUSALS[::3] + REFUSALS[-1:])
@pytest.mark.parametrize("command", ["replay", "settle"])
def test_the_command_names_the_change_and_its_field(tmp_path, capsys, command, changes, field):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(seed(*changes)), encoding="utf-8")
    assert cli.main([command, str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"error: {field}: ")


def test_the_import_page_names_the_change_and_its_field(client):
    data = seed({"coup": 5, "seat": "B", "player": "D", "way": "takes_over"})
    page = client.post("/games/import", data={"text": json.dumps(data)})
    assert page.status_code == 422
    assert "seat_changes[1].way: this table&#39;s rules do not let" in page.data.decode()


def test_the_seat_page_lets_an_absent_player_come_back(client):
    from test_take_seat import seed_until, take
    from web import SEED_COUPS, enter, report

    game = seed_until(client, 2)
    assert take(client, game, "1", "Denis").status_code == 302  # Denis for Bruno from 3
    for text in SEED_COUPS[2:5]:
        assert enter(client, game, text).status_code == 302
    for typed in ("Bruno", "bruno"):  # not at Anne's seat while theirs is played for them
        refused = take(client, game, "0", typed)
        assert refused.status_code == 422
        assert "Bruno already sits at this table" in refused.data.decode()
    assert take(client, game, "1", "bruno").status_code == 302  # Bruno back from coup 6
    page = client.get(game).data.decode()
    assert "From coup 6, Bruno is back at their own seat." in page
    for text in SEED_COUPS[5:]:
        assert enter(client, game, text).status_code == 302
    # the seat's money was Bruno's throughout: the seed's nets, Denis 0
    assert report(client, game)["by_person"] == {"Anne": -72, "Bruno": -9, "Chloé": 81, "Denis": 0}


# A seat change belongs to the coup its newcomer first played (issue 42, point 2)


def imported(client, data):
    response = client.post("/games/import", data={"text": json.dumps(data)})
    assert response.status_code == 302, response.data.decode()[-800:]
    return response.headers["Location"]


def game_id_of(game):
    return int(game.rsplit("/", 1)[1])


def stored_changes(app, game):
    from scorekeeper import store
    from scorekeeper.db import get_db

    with app.app_context():
        return [(c.coup, c.player) for c in store.load(get_db(), game_id_of(game)).seat_changes]


def verified(app, capsys):
    assert cli.main(["verify", "--database", app.config["DATABASE"]]) == 0, capsys.readouterr()
    capsys.readouterr()


EMILE_AT_3 = {"coup": 3, "seat": "Anne", "player": "Émile", "way": "takes_over"}


def test_deleting_a_deal_before_a_seat_change_keeps_each_deal_with_who_played_it(
    app, client, capsys, tmp_path
):
    game = imported(client, brou(70, 20, 100, 70, 110, changes=[EMILE_AT_3]))
    # Deleting deal 2 (20 / 100): 70, 100, 70, 110 are left, Émile's first deal is now the
    # second. Parties of 101: deal 1 70 / 50; deal 2 nous 170 exact, a partie (nous marks
    # 100, eux 20); deal 3 70 / 50; deal 4 110 / 10, nous 180 exact, a partie.
    # Émile: 100 + 70 + 110 = 280; Anne: 70; Chloé: 350; eux 50 + 20 + 50 + 10 = 130.
    edit = client.get(game + "/sheet/coups/2/edit").data.decode()
    assert "What deleting it changes for each person" in edit
    assert "Anne: +90 → <b>+70</b> (−20)" in edit
    assert "Émile: +280 → <b>+280</b>" not in edit  # their deals are the same three
    assert client.post(game + "/sheet/coups/2/delete", data={}).status_code == 302
    assert stored_changes(app, game) == [(2, "Émile")]
    r = report(client, game)
    assert r["by_person"] == {"Anne": 70, "Bruno": 130, "Chloé": 350, "Denis": 130, "Émile": 280}
    verified(app, capsys)
    # the deletion's line holds the change moved: put back on its old number, verify says so
    from test_chains import _tampered

    sql = f"update seat_changes set coup = 3 where game_id = {game_id_of(game)}"
    copy = _tampered(Path(app.config["DATABASE"]), tmp_path / "tampered.sqlite", sql)
    assert cli.main(["verify", "--database", str(copy)]) == 1
    assert "seat change 1 is not what its log says" in capsys.readouterr().err


def test_undo_and_redo_keep_a_seat_change_made_after_the_last_coup(app, client, capsys):
    from test_take_seat import take
    from web import SEED_COUPS, enter

    data = seed(take_over=True)
    data["coups"] = data["coups"][:5]
    game = imported(client, data)
    assert take(client, game, "1", "Denis", "takes_over").status_code == 302
    taken = report(client, game)["by_person"]  # B played coups 1-5, Denis none yet
    for _ in range(2):  # coups 5 and 4 undone: B played them; the change stays after them
        assert client.post(game + "/undo").status_code == 302
        assert stored_changes(app, game) == [(6, "Denis")]
    for _ in range(2):
        assert client.post(game + "/redo").status_code == 302
    assert stored_changes(app, game) == [(6, "Denis")]
    assert report(client, game)["by_person"] == taken
    verified(app, capsys)
    # undone, then played otherwise: the coup put in its place is still B's (the sixth
    # is the first Denis plays); a seat taken then begins at the next coup
    assert client.post(game + "/undo").status_code == 302
    assert client.post(game + "/undo").status_code == 302
    assert enter(client, game, SEED_COUPS[3]).status_code == 302
    assert stored_changes(app, game) == [(6, "Denis")]
    assert take(client, game, "0", "Émile", "takes_over").status_code == 302
    assert stored_changes(app, game) == [(5, "Denis"), (5, "Émile")]
    verified(app, capsys)


def test_a_correction_identical_to_the_stored_coup_changes_nothing(app, client):
    from web import SEED_COUPS, coup_data, enter, new_game

    from scorekeeper import store
    from scorekeeper.db import get_db

    game = new_game(client)
    for text in SEED_COUPS[:3]:
        assert enter(client, game, text).status_code == 302
    assert client.post(game + "/undo").status_code == 302
    with app.app_context():
        db = get_db()
        before = store.load(db, game_id_of(game))
        lines = len(store.history(db, before.id))
        same = before.game.coups[0]
        store.edit_coup(db, before.id, 1, same, version=before.version)
        after = store.load(db, before.id)
        assert (after.version, len(store.history(db, before.id))) == (before.version, lines)
        assert store.redoable(db, before.id) == 3
    # the page says so, and the redo is still offered
    page = client.post(
        game + "/coups/1/edit",
        data={**coup_data(SEED_COUPS[0]), "save": "1", "version": str(before.version)},
        follow_redirects=True,
    )
    assert "Coup 1 is already so: nothing changed." in page.data.decode()
    with app.app_context():
        assert store.redoable(get_db(), before.id) == 3
        assert len(store.history(get_db(), before.id)) == lines


CHANGE_LINE = re.compile(r"<li>([^<:]+)(?::|&#8239;:)\s*([^<]+?) → <b>([^<]+)</b>")


def person_lines(page, heading):
    part = page[page.index(heading) :]
    part = part[: part.index("</ul>") + 5] if "</ul>" in part else ""
    return {name.strip(): after for name, _, after in CHANGE_LINE.findall(part)}


def signed(value):
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def test_the_deletion_and_correction_pages_show_each_persons_change(client):
    from test_take_seat import take
    from web import SEED_COUPS, coup_data, enter

    data = seed(take_over=True)
    data["coups"] = data["coups"][:4]
    game = imported(client, data)
    assert take(client, game, "1", "Denis", "takes_over").status_code == 302
    for text in SEED_COUPS[4:]:
        assert enter(client, game, text).status_code == 302
    before = report(client, game)["by_person"]
    assert before == {"A": -72, "B": -180, "C": 81, "Denis": 171}  # test_seating's figures
    # the correction page's check: coup 6 won by Chloé instead; what it says each person has
    # after it is what the report says once it is saved
    corrected = coup_data(SEED_COUPS[4])
    page = client.post(game + "/coups/6/edit", data={**corrected, "check": "1"}).data.decode()
    said = person_lines(page, "What this changes for each person")
    assert said and set(said) <= set(before)
    client.post(game + "/coups/6/edit", data={**corrected, "save": "1"})
    after = report(client, game)["by_person"]
    assert said == {k: signed(v) for k, v in after.items() if v != before[k]}
    # deleting coup 2 (before Denis sat down): the page's figures are the report's after it
    page = client.get(game + "/coups/2/delete").data.decode()
    said = person_lines(page, "What this changes for each person")
    assert said
    assert client.post(game + "/coups/2/delete", data={}).status_code == 302
    deleted = report(client, game)["by_person"]
    assert said == {k: signed(v) for k, v in deleted.items() if v != after[k]}
    assert deleted["Denis"] != deleted["B"]
