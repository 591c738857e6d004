"""An l'Hombre evening of a fixed number of coups (1709 poule, ``rules.coups_to_play``).

Hand-computed with seats A, B, C, A dealing first, 3-1 and 3 chips a mark
(docs/rules.md, "An evening of a fixed number of coups"): the end comes
after coup N whoever won the poules; the bêtes still open then go as
``end`` says. A file without the key plays by poules, as before.
"""

from __future__ import annotations

import re

import pytest
from notation import game_file
from web import NEW_GAME, enter, new_game, report

from scorekeeper.rules import kinds
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.hombre import engine
from scorekeeper.rules.hombre.engine import Contract, Coup, Game
from scorekeeper.rules.hombre.file import dump_game, dump_report, load_game, replay_file
from scorekeeper.rules.hombre.ruleset import PRESETS, RuleSet
from scorekeeper.store.checkpoints import Checkpoints

REMISE_THEN_PASS = ("B demande A4 B4 C1", "pass")


def run(*coups, **rules):
    return dump_report(replay_file(game_file(*coups, poule_system="3-1", **rules)))


def test_share_after_the_last_coup_shares_the_open_betes():
    r = run(*REMISE_THEN_PASS, coups_to_play=2, end="share")
    # coup 1: fresh, 3 marks each, poule 27 = enjeu: B's remise makes a bête of 27.
    # coup 2: +1 mark (4), poule 36, B's 27 in play; all pass. Coup 2 of 2: the end.
    # B's bête put in the middle and shared: B pays 27 // 3 = 9 to A and to C.
    assert r["net"] == {"A": 9, "B": -18, "C": 9}
    assert r["finished"] is True and r["next"] is None
    assert r["poules_tirees"] == 0  # by poules (20) it would go on
    assert [b["status"] for b in r["betes"]] == ["shared"]
    assert r["coups_to_play"] == 2 and r["rules"]["coups_to_play"] == 2
    with pytest.raises(GameError, match="the game ended with coup 2"):
        replay_file(
            game_file(*REMISE_THEN_PASS, "pass", poule_system="3-1", coups_to_play=2, end="share")
        )


def test_continue_after_the_last_coup_plays_until_no_bete_is_open():
    r = run(*REMISE_THEN_PASS, coups_to_play=2, end="continue")
    assert r["finished"] is False and r["next"]["n"] == 3
    r = run(*REMISE_THEN_PASS, "A demande A5 B2 C2", coups_to_play=2, end="continue")
    # coup 3: 5 marks, poule 45, B's 27 in play: A wins, B and C pay 15 each, B their 27
    assert r["net"] == {"A": 57, "B": -42, "C": -15}
    assert r["finished"] is True and r["coups"][2]["finished"] is True


def test_a_last_coup_all_passed_with_nothing_open_ends_and_returns_the_marks():
    # continue: after coup 1 (all pass, 3 marks each on the poule) no bête is open: the end
    r = run("pass", coups_to_play=1, end="continue")
    assert r["finished"] is True and r["next"] is None
    assert r["poule"] == {"marks": 0, "chips": 0} and r["net"] == {"A": 0, "B": 0, "C": 0}


def test_the_poules_no_longer_end_a_game_of_coups():
    won = "A demande A5 B2 C2"
    by_poules = run(won, poules_to_play=1)
    assert by_poules["finished"] is True
    r = run(won, won, "pass", poules_to_play=1, coups_to_play=3, end="share")
    assert [c["finished"] for c in r["coups"]] == [False, False, True]
    assert r["poules_tirees"] == 2
    # coup 3 all pass on a fresh poule (3 marks): the end returns the marks, nothing moves
    assert r["net"] == {"A": 36, "B": -18, "C": -18}


def test_a_file_without_the_key_is_unchanged_and_the_key_round_trips():
    plain = game_file(*REMISE_THEN_PASS)
    assert "coups_to_play" not in dump_game(load_game(plain))["rules"]
    assert "coups_to_play" not in dump_report(replay_file(plain))
    evening = game_file(*REMISE_THEN_PASS, coups_to_play=40, end="share")
    game = load_game(evening)
    assert game.rules.coups_to_play == 40
    assert load_game(dump_game(game)) == game
    assert dump_game(game)["rules"]["coups_to_play"] == 40


@pytest.mark.parametrize("bad", [-1, "40", 4.0, True])
def test_a_bad_number_of_coups_is_refused_naming_the_key(bad):
    with pytest.raises(GameError) as refused:
        load_game(game_file(coups_to_play=bad))
    assert refused.value.field == "rules.coups_to_play"


def test_the_evening_preset_and_its_words():
    preset = PRESETS["soiree_40"]
    assert preset == RuleSet(coups_to_play=40, end="share")
    assert preset.describe() == "3-1, payments double, retourne, 40 coups, share"
    assert RuleSet().describe().endswith("20 poules, continue")


WON = Coup(0, Contract.DEMANDE, (5, 2, 2))
"""A wins a demande: the poule is taken, nothing stays open (a fresh state again)."""


def test_a_deletion_does_not_join_where_the_old_game_ended_a_coup_later():
    # Four won coups, the game of 4 coups ends after the fourth (share). Deleting the first
    # leaves three: after the deletion both states are fresh and the coups to come are the
    # old game's, but the changed game's coup 3 is the old game's coup 4, where it ended.
    game = Game(("A", "B", "C"), RuleSet(coups_to_play=4, end="share"), 0, (WON,) * 4)
    kind = kinds.kind_of(game)
    kept = Checkpoints()
    old = kept.fold(kind, None, game)
    assert old.finished
    checked = kept.check(kind, old, [WON] * 3, 1)
    full = engine.replay(game.with_coups((WON,) * 3))
    assert full.finished is False and full.next is not None
    assert checked.finished is False
    assert checked.net == full.net


def test_an_evening_of_coups_through_the_pages(client):
    """The preset fills the form, the form makes the game, the last coup ends it."""
    applied = client.post(
        "/games/new", data={**NEW_GAME, "preset": "soiree_40", "apply_preset": "1"}
    )
    page = applied.data.decode()
    assert re.search(r'id="coups_to_play"[^>]*value="40"', page)
    assert re.search(r'name="end" value="share" checked', page)
    # the recommended preset resets it (its file leaves the key out)
    applied = client.post(
        "/games/new",
        data={**NEW_GAME, "preset": "recommended", "apply_preset": "1", "coups_to_play": "40"},
    )
    assert re.search(r'id="coups_to_play"[^>]*value="0"', applied.data.decode())
    refused = client.post("/games/new", data={**NEW_GAME, "coups_to_play": "-3"})
    assert refused.status_code == 422
    game = new_game(client, poule_system="3-1", coups_to_play="2", end="share")
    enter(client, game, "B demande A4 B4 C1")  # Bruno remise: bête 27
    page = re.sub(r"<[^>]+>", "", client.get(game).data.decode())
    assert "Coups played: 1 / 2 · poules won by the hombre: 0" in page
    assert "Poules won by the hombre: 0 / 20" not in page
    enter(client, game, "pass")  # coup 2 of 2: Bruno's 27 shared, 9 to each
    assert report(client, game)["net"] == {"Anne": 9, "Bruno": -18, "Chloé": 9}
    settlement = re.sub(r"<[^>]+>", "", client.get(game + "/settlement").data.decode())
    assert "2 coups, share at the end" in settlement and "20 poules" not in settlement
    assert "poules won by the hombre: 0 ·" in settlement
    assert "PROVISIONAL" not in settlement
    french = client.get(game + "/settlement", headers={"Accept-Language": "fr"}).data.decode()
    assert "2 coups, partage à la fin" in french
    # with "continue", the coups played and a bête still open: the page says the game goes on
    going = new_game(client, poule_system="3-1", coups_to_play="1", end="continue")
    enter(client, going, "B demande A4 B4 C1")
    assert "The coups are played: the game goes on" in client.get(going).data.decode()
    # an empty field is "by poules", as the file without the key
    plain = new_game(client, coups_to_play="")
    assert "coups_to_play" not in report(client, plain)["rules"]
