"""The jetons and Danish systems through the table app: same screens, their own inputs."""

import json
import re

from web import NEW_GAME

JETONS = {
    **NEW_GAME,
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
DANOIS = {
    **NEW_GAME,
    "preset": "danois_dlu",
    "accounting": "danois",
    "ante": "5",
    "rates": "dlu",
    "coups_to_play": "0",
    "cave": "100",
    "fiche": "10",
}


def create(client, data):
    response = client.post("/games/new", data=data)
    assert response.status_code == 302, re.findall(
        r'class="error"[^>]*>([^<]*)<', response.data.decode()
    )
    return response.headers["Location"]


def report(client, game):
    return json.loads(client.get(game + "/report.json").data)


def test_the_preset_brings_the_systems_own_settings(client):
    page = client.post(
        "/games/new", data={**NEW_GAME, "preset": "jetons", "apply_preset": "1", "create": ""}
    ).data.decode()
    assert 'name="stake"' in page and 'name="poule_system"' not in page
    assert re.search(r'<input[^>]*name="cave"[^>]*value="100"', page)  # the jetons cave
    page = client.post(
        "/games/new", data={**NEW_GAME, "preset": "danois_dlu", "apply_preset": "1", "create": ""}
    ).data.decode()
    assert 'name="ante"' in page and 'name="rates" value="dlu" checked' in page


def test_a_jetons_game_entered_through_the_forms(client):
    game = create(client, JETONS)
    page = client.get(game).data.decode()
    assert "Bonus hands" in page and 'name="matadors"' not in page
    assert 'value="simple"' in page and 'value="demande"' not in page
    assert client.post(game + "/coups", data={"passed": "1"}).status_code == 302
    data = {"hombre": "1", "contract": "simple", "t1": "5", "t0": "2", "bonus": "2:charivari"}
    check = client.post(game + "/coups", data={**data, "check": "1"}).data.decode()
    assert "Anne → Bruno <b>7</b>" in check and "Anne → Chloé <b>10</b>" in check
    assert client.post(game + "/coups", data={**data, "save": "1"}).status_code == 302
    # by hand: stakes 3 + passes 2 = 5 each; coup 2 Anne and Chloé pay 2 more (7 each);
    # Bruno takes 14 and a prime of 1 from each; Chloé's charivari: 10 from each
    assert report(client, game)["net"] == {"Anne": -18, "Bruno": 6, "Chloé": 12}
    settlement = re.sub(r"<[^>]+>", "", client.get(game + "/settlement").data.decode())
    assert "Anne → Chloé: 12 chips" in settlement and "Anne → Bruno: 6 chips" in settlement
    assert "The pot is empty." in settlement


def test_a_jetons_bonus_refusal_is_shown_and_nothing_stored(client):
    game = create(client, JETONS)
    data = {
        "hombre": "1",
        "contract": "simple",
        "t1": "5",
        "t0": "2",
        "bonus": "0:triomphante",
        "save": "1",
    }
    response = client.post(game + "/coups", data=data)
    assert response.status_code == 422
    page = response.data.decode()
    start = page.index('id="f-bonuses"')
    assert "Only the hombre can lead spadille" in page[start:]
    assert 'value="0:triomphante" checked' in page
    assert report(client, game)["coups"] == []


def test_a_danish_game_entered_corrected_and_refused(client):
    game = create(client, DANOIS)
    page = client.get(game).data.decode()
    assert 'value="nolo_ouvert"' in page and 'name="first_five"' in page and "Cagnotte" in page
    data = {"hombre": "1", "contract": "grand_tourne", "t1": "5", "t0": "2", "save": "1"}
    refused = client.post(game + "/coups", data=data)
    assert (
        refused.status_code == 422
        and "A grand tourné needs both black aces" in refused.data.decode()
    )
    assert client.post(game + "/coups", data={**data, "black_aces": "y"}).status_code == 302
    # DLU grand tourné won: 2 from each defender, and Anne's ante of 5
    assert report(client, game)["net"] == {"Anne": -7, "Bruno": 9, "Chloé": -2}
    edit = {"hombre": "1", "contract": "solo", "t1": "3", "t0": "2", "save": "1"}  # 2-3-4: codille
    assert client.post(game + "/coups/1/edit", data=edit).status_code == 302
    r = report(client, game)
    assert r["coups"][0]["outcome"] == "codille" and r["coups"][0]["codille"] == "Chloé"
    # solo kruk is 4 a defender, both to Chloé, who takes the cagnotte
    assert r["net"] == {"Anne": -5, "Bruno": -8, "Chloé": 13}


def test_import_export_round_trip_of_the_other_systems(client):
    data = {
        "format": "scorekeeper-game/1",
        "game": "hombre",
        "players": ["A", "B", "C"],
        "first_dealer": "A",
        "rules": {
            "accounting": "danois",
            "ante": 5,
            "rates": "texte",
            "coups_to_play": 0,
            "cave": 100,
            "fiche": 10,
            "nolo_ouvert_bonus": True,
        },
        "coups": [
            {"hombre": "B", "contract": "nolo_pur", "tricks": {"A": 4, "B": 0, "C": 5}},
            {"pass": True, "note": "n"},
        ],
    }
    assert client.post("/games/import", data={"text": json.dumps(data)}).status_code == 302
    assert json.loads(client.get("/games/1/game.json").data) == data


def test_the_danish_presets_set_the_nolo_ouvert_bonus(client):
    # the source's preset: the jeton bonus is on; the Union's: off
    page = client.post(
        "/games/new", data={**NEW_GAME, "preset": "danois", "apply_preset": "1", "create": ""}
    ).data.decode()
    assert re.search(r'<input[^>]*checked[^>]*name="nolo_ouvert_bonus"', page) or re.search(
        r'<input[^>]*name="nolo_ouvert_bonus"[^>]*checked', page
    )
    page = client.post(
        "/games/new", data={**NEW_GAME, "preset": "danois_dlu", "apply_preset": "1", "create": ""}
    ).data.decode()
    field = re.search(r'<input[^>]*name="nolo_ouvert_bonus"[^>]*>', page)
    assert field and "checked" not in field.group(0)
    game = create(
        client, {**DANOIS, "preset": "danois", "rates": "texte", "nolo_ouvert_bonus": "y"}
    )
    assert report(client, game)["rules"]["nolo_ouvert_bonus"] is True
    game = create(client, DANOIS)  # dlu, the box left empty
    assert report(client, game)["rules"]["nolo_ouvert_bonus"] is False


def test_a_money_system_no_page_offers_is_refused_and_nothing_stored(client, app):
    """The hidden ``accounting`` says which system's fields the page drew; one no page
    offers ("nope", smoke25) made a 1709 game under a page that had shown the Danish
    fields. Refused (400: no honest page sends it), no game stored; the Danish one is made."""
    import sqlite3

    assert client.post("/games/new", data={**DANOIS, "accounting": "nope"}).status_code == 400
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from games").fetchone() == (0,)
    conn.close()
    game = create(client, DANOIS)
    assert report(client, game)["rules"]["accounting"] == "danois"
