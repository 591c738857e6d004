"""A Danish club's own rates (``rules.takst``): each contract's won / bête / codille rate.

Hand-computed with seats A, B, C, A dealing first (they ante 5): B plays.
No real club's schedule was found to quote (docs/rules/danois.md §4, "A
club's own rates"), so the numbers here are a test's, not a club's.
"""

from __future__ import annotations

import html
import re

import pytest
from test_other_systems import file, moves, played, report
from web import NEW_GAME

from scorekeeper.rules import kinds
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.hombre.danois import DanishRules

OWN = {"solo": [4, 3, 5]}


def test_a_contract_given_its_own_rates_and_the_others_keep_the_schedule():
    won = report(file("danois", played("B", "solo", 2, 5, 2), takst=OWN))
    # solo won: B takes A's ante 5, and each defender pays the takst's won rate 4 (not 2)
    assert moves(won["coups"][0]) == sorted(
        [("A", "B", 5, "cagnotte"), ("A", "B", 4, "solo"), ("C", "B", 4, "solo")]
    )
    bete = report(file("danois", played("B", "solo", 4, 4, 1), takst=OWN))
    assert bete["net"] == {"A": 3, "B": -6, "C": 3}  # the bête rate 3 to each defender
    codille = report(file("danois", played("B", "solo", 2, 3, 4), takst=OWN))
    assert ("B", "C", 10, "solo") in moves(codille["coups"][0])  # 2 × the codille rate 5
    # a contract the takst does not name: the source's rates (jeu simple 1 / 1 / 1)
    simple = report(file("danois", played("B", "jeu_simple", 2, 5, 2), takst=OWN))
    assert simple["net"] == {"A": -6, "B": 7, "C": -1}
    # over the Union's schedule too: solo lost costs 3, pique won is still the Union's 1
    dlu = report(file("danois", played("B", "solo", 4, 4, 1), rates="dlu", takst=OWN))
    assert dlu["net"]["B"] == -6


def test_a_rate_of_0_moves_no_chip_and_writes_no_transfer_line():
    # game-file.md: `transfers` lists "every chip movement of the coup ... each with a
    # positive whole amount"; a takst rate of 0 (allowed: "from 0 to 1000") moves nothing
    zero = {"solo": [0, 0, 0]}
    won = report(file("danois", played("B", "solo", 2, 5, 2), takst=zero))
    assert moves(won["coups"][0]) == [("A", "B", 5, "cagnotte")]  # the ante only, no "C → B 0"
    bete = report(file("danois", played("B", "solo", 4, 4, 1), takst=zero))
    assert bete["coups"][0]["transfers"] == [] and bete["net"] == {"A": 0, "B": 0, "C": 0}
    codille = report(file("danois", played("B", "solo", 2, 3, 4), takst=zero))
    assert moves(codille["coups"][0]) == [("A", "C", 5, "cagnotte")]  # 2 x 0 is no line
    for r in (won, bete, codille):
        assert all(t["amount"] > 0 for c in r["coups"] for t in c["transfers"])


def test_the_takst_round_trips_and_a_file_without_it_is_unchanged():
    game = kinds.load_file(file("danois", takst={"nolo_pur": [5, 5, 6], "solo": [4, 3, 5]}))
    assert game.rules.takst == (("solo", 4, 3, 5), ("nolo_pur", 5, 5, 6))  # contracts' order
    data = kinds.dump_file(game)
    assert data["rules"]["takst"] == {"solo": [4, 3, 5], "nolo_pur": [5, 5, 6]}
    assert kinds.load_file(data) == game
    assert "takst" not in kinds.dump_file(kinds.load_file(file("danois")))["rules"]
    assert game.rules.describe() == "danois, ante 5, rates texte, solo 4/3/5, nolo_pur 5/5/6"


@pytest.mark.parametrize(
    ("takst", "message"),
    [
        ({"demande": [1, 1, 1]}, "'demande' is not one of jeu_simple"),
        ({"solo": [1, 1]}, "solo needs three rates from 0 to 1000"),
        ({"solo": [1, 1, -1]}, "solo needs three rates"),
        ({"solo": [1, 1, True]}, "solo needs three rates"),
        ({"solo": [1, 1, 1001]}, "solo needs three rates"),
        ([["solo", 1, 1, 1]], "gives each contract's three rates"),
    ],
)
def test_a_takst_that_cannot_hold_is_refused_in_one_line(takst, message):
    with pytest.raises(GameError) as refused:
        kinds.load_file(file("danois", takst=takst))
    assert refused.value.field == "rules.takst" and message in str(refused.value)
    with pytest.raises(GameError):
        DanishRules(takst=takst)


DANISH = {**NEW_GAME, "preset": "danois", "accounting": "danois", "ante": "5", "rates": "texte"}
DANISH |= {"coups_to_play": "0", "cave": "100", "fiche": "10"}


def test_the_takst_typed_in_the_new_game_form(client):
    response = client.post("/games/new", data={**DANISH, "takst": "solo 4 3 5; nolo_pur 5 5 6"})
    assert response.status_code == 302, response.data.decode()[-2000:]
    game = response.headers["Location"]
    rules = client.get(game + "/game.json").get_json()["rules"]
    assert rules["takst"] == {"solo": [4, 3, 5], "nolo_pur": [5, 5, 6]}
    setup = client.get(game + "/setup").data.decode()
    assert 'value="solo 4 3 5, nolo pur 5 5 6"' in setup
    settlement = re.sub(r"<[^>]+>", "", client.get(game + "/settlement").data.decode())
    assert "own rates solo 4 3 5, nolo pur 5 5 6" in settlement
    refused = client.post("/games/new", data={**DANISH, "takst": "solo four"})
    assert refused.status_code == 422
    page = refused.data.decode()
    start = page.index('for="takst"')
    assert "Write each contract and its three rates" in page[start : start + 1500]
    plain = client.post("/games/new", data={**DANISH, "takst": ""})
    assert "takst" not in client.get(plain.headers["Location"] + "/game.json").get_json()["rules"]


@pytest.mark.parametrize(
    ("language", "typed", "shown"),
    [
        # the page's own names: Danish "ren nolo" and "solo spar", Dutch/French "nolo pur"
        ("da", "solo 4 3 5, ren nolo 5 5 6", "solo 4 3 5, ren nolo 5 5 6"),
        ("nl", "Solo 4 3 5; Nolo Pur 5 5 6", "solo 4 3 5, nolo pur 5 5 6"),
        ("fr", "solo 4 3 5, nolo pur 5 5 6", "solo 4 3 5, nolo pur 5 5 6"),
        # the internal keys still read, and are shown in the reader's words
        ("da", "solo 4 3 5, nolo_pur 5 5 6", "solo 4 3 5, ren nolo 5 5 6"),
        # a Danish name typed on an English page: every language's names are read
        ("en", "solo 4 3 5, ren nolo 5 5 6", "solo 4 3 5, nolo pur 5 5 6"),
    ],
)
def test_the_takst_in_the_pages_words(client, language, typed, shown):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    response = client.post("/games/new", data={**DANISH, "takst": typed})
    assert response.status_code == 302, response.data.decode()[-2000:]
    game = response.headers["Location"]
    rules = client.get(game + "/game.json").get_json()["rules"]
    assert rules["takst"] == {"solo": [4, 3, 5], "nolo_pur": [5, 5, 6]}  # the file keeps keys
    assert f'value="{shown}"' in client.get(game + "/setup").data.decode()
    header = re.sub(r"<[^>]+>", "", client.get(game).data.decode())
    assert shown in header and "nolo_pur" not in header


def test_a_contract_no_page_names_is_refused_in_the_readers_words(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "da"
    refused = client.post("/games/new", data={**DANISH, "takst": "grand slam 1 2 3"})
    assert refused.status_code == 422
    page = refused.data.decode()
    error = html.unescape(re.findall(r'class="error"[^>]*>([^<]*)<', page)[0])
    # the contract typed, quoted as a page quotes any value refused: JSON's quotes (fix27b)
    assert '"grand slam"' in error and "ren nolo" in error and "nolo_pur" not in page
