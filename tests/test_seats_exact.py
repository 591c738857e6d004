"""Seats and money exact for every game (issue 42): the cases a treasurer found.

Each figure is worked out by hand in a comment from the game's rules
(docs/rules/brou.md, docs/rules/manille.md) and docs/rules.md ("Someone
takes a seat"): a person's result is what his seat (or his team) made in the
coups he played.
"""

import json
from pathlib import Path

import pytest

from scorekeeper import cli
from scorekeeper.rules import kinds
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.seating import person_tally

GOLDEN = Path(__file__).parent / "golden"
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
    # Émile takes over Anne's seat at deal 3: nous marked 100 + 70 + 110 = 280 while he sat;
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
    # Bruno's seat (eux) at coup 2: 34 + 24 + 14 = 72 for him, 0 for Bruno; Denis 72;
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
def test_an_absent_player_comes_back_to_his_own_seat(way):
    # Denis plays coups 3-5 for B, B plays 6-7 himself: the seat's money is B's throughout
    # (-9 as in the seed), whichever way he comes back; Denis has 0
    back = {"coup": 6, "seat": "B", "player": "B", "way": way}
    people = by_person(seed(DENIS_FOR_B, back, take_over=True))
    assert people == {"A": -72, "B": -9, "C": 81, "Denis": 0}
    game, changes = kinds.load_seated(seed(DENIS_FOR_B, back, take_over=True))
    assert kinds.load_seated(kinds.dump_seated(game, changes)) == (game, changes)


@pytest.mark.parametrize(
    "change",
    [
        {"coup": 6, "seat": "A", "player": "B", "way": "plays_for"},  # his seat played for him
        {"coup": 6, "seat": "B", "player": "C", "way": "plays_for"},  # C sits at his own
        {"coup": 6, "seat": "B", "player": "Denis", "way": "plays_for"},  # he sits there now
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
    refused = take(client, game, "0", "Bruno")  # not at Anne's seat while his is played
    assert refused.status_code == 422
    assert "Bruno already sits at this table" in refused.data.decode()
    assert take(client, game, "1", "Bruno").status_code == 302  # Bruno back from coup 6
    page = client.get(game).data.decode()
    assert "From coup 6, Bruno is back at his own seat." in page
    for text in SEED_COUPS[5:]:
        assert enter(client, game, text).status_code == 302
    # the seat's money was Bruno's throughout: the seed's nets, Denis 0
    assert report(client, game)["by_person"] == {"Anne": -72, "Bruno": -9, "Chloé": 81, "Denis": 0}
