"""Someone takes a seat between coups, through the pages (issue 35, point 6).

Figures from the seed's worked example (hombre.md §10) and docs/rules.md
("Someone takes a seat"): see tests/rules/test_seating.py for their arithmetic.
"""

import json
from pathlib import Path

import pytest
from web import SEED_COUPS, enter, new_game, report, version_of

GOLDEN = Path(__file__).parents[1] / "golden"


def seed_until(client, n, **changes):
    game = new_game(client, **changes)
    for text in SEED_COUPS[:n]:
        assert enter(client, game, text).status_code == 302
    return game


def take(client, game, seat, player, way="plays_for", **extra):
    data = {"seat": seat, "player": player, "way": way, **extra}
    data.setdefault("version", version_of(client, game))
    return client.post(game + "/seat", data=data)


def test_the_link_shows_only_between_coups_and_the_page_names_the_seats(client):
    game = new_game(client)
    assert "someone takes a seat" not in client.get(game).data.decode()
    enter(client, game, SEED_COUPS[0])
    page = client.get(game).data.decode()
    assert f'href="{game}/seat"' in page
    form = client.get(game + "/seat").data.decode()
    assert "From coup 2, someone else sits at one of the seats." in form
    assert 'value="plays_for"' in form
    assert 'value="takes_over"' not in form  # the 1709 poule: off unless the house rule


def test_plays_for_him_keeps_the_money_with_the_absent_player(client):
    game = seed_until(client, 4)
    response = take(client, game, "1", "Denis")
    assert response.status_code == 302
    page = client.get(game).data.decode()
    assert "From coup 5, Denis plays for Bruno." in page
    assert '<legend class="who">Denis' in page  # the coup form names who sits now
    assert '<legend class="who">Bruno' not in page
    for text in SEED_COUPS[4:]:
        assert enter(client, game, text).status_code == 302
    r = report(client, game)
    assert r["net"] == {"Anne": -72, "Bruno": -9, "Chloé": 81}  # per seat, as the seed
    assert r["by_person"] == {"Anne": -72, "Bruno": -9, "Chloé": 81, "Denis": 0}
    assert r["sittings"][2]["player"] == "Denis" and r["sittings"][2]["from_coup"] == 5
    data = json.loads(client.get(game + "/game.json").data)
    assert data["seat_changes"] == [
        {"coup": 5, "seat": "Bruno", "player": "Denis", "way": "plays_for"}
    ]
    log = client.get(game + "/history").data.decode()
    assert "someone took a seat" in log
    assert '<p class="said">From coup 5, Denis plays for Bruno.</p>' in log


def test_takes_over_is_refused_without_the_house_rule(client):
    game = seed_until(client, 4)
    response = take(client, game, "1", "Denis", "takes_over")
    assert response.status_code == 422
    assert "seat_changes" not in json.loads(client.get(game + "/game.json").data)


def test_takes_over_with_the_house_rule_splits_the_nets_and_the_settlement(client):
    game = seed_until(client, 4)
    # the house rule in the game's rules: a file imported with it (the form has no field yet)
    data = json.loads(client.get(game + "/game.json").data)
    data["rules"]["take_over"] = True
    response = client.post("/games/import", data={"text": json.dumps(data)})
    assert response.status_code == 302
    game = response.headers["Location"]
    assert take(client, game, "1", "Denis", "takes_over").status_code == 302
    for text in SEED_COUPS[4:]:
        assert enter(client, game, text).status_code == 302
    r = report(client, game)
    # Bruno 0 - 180 (their bêtes 72 + 108 handed over); Denis -9 + 180 (docs/rules.md)
    assert r["by_person"] == {"Anne": -72, "Bruno": -180, "Chloé": 81, "Denis": 171}
    settlement = client.get(game + "/settlement").data.decode()
    # settled per person: Bruno pays 180, Anne 72; Denis receives 171 and Chloé 81
    assert "<b>Bruno</b> → <b>Denis</b>: 171 chips" in settlement
    assert "<b>Bruno</b> → <b>Chloé</b>: 9 chips" in settlement
    assert "<b>Anne</b> → <b>Chloé</b>: 72 chips" in settlement
    assert "From coup 5, Denis has taken over the seat of Bruno." in settlement
    assert '<th scope="row">Denis</th><td class="num"><b>+171</b>' in settlement
    assert "<h1>Anne · Denis · Chloé</h1>" in client.get(game).data.decode()


def taken_over_at_coup_5(client):
    """The seed's game, Denis taking over Bruno's seat from coup 5 (the house rule on)."""
    game = seed_until(client, 4)
    data = json.loads(client.get(game + "/game.json").data)
    data["rules"]["take_over"] = True
    game = client.post("/games/import", data={"text": json.dumps(data)}).headers["Location"]
    assert take(client, game, "1", "Denis", "takes_over").status_code == 302
    for text in SEED_COUPS[4:]:
        assert enter(client, game, text).status_code == 302
    return game


def test_after_a_take_over_every_coup_names_who_sat_in_it(client, tmp_path):
    """The settlement's journal (page and PDF), its seat rows and the fiche: coups 1-4 were
    Bruno's, coups 5-7 Denis's at the same seat. Coup 6 (B demande A2 B5 C2): the seat's
    hombre wins, takes back the bête of 108 Bruno made at coup 4 (handed to Denis), and the
    poule pays them 6 from each (seed, hombre.md)."""
    from test_settlement import pdf_text

    game = taken_over_at_coup_5(client)
    page = client.get(game + "/settlement").data.decode()
    journal = page[page.index('class="journal-table"') :]
    assert "Bruno demande: remise; bête made: 108" in journal  # coup 4, theirs
    assert "Denis demande: gagne — bête of 108 taken back" in journal  # coup 6
    assert "Anne → Denis 6 (poule)<br>Chloé → Denis 6 (poule)" in journal
    assert "Bruno demande: gagne" not in journal and "→ Bruno" not in journal
    assert "seat order: Anne / Bruno → Denis / Chloé." in journal
    start = page.index('id="players"')
    players = page[start : page.index("</section>", start)]
    assert '<th scope="row">Bruno → Denis</th><td class="num"><b>−9</b>' in players
    printed = " ".join(pdf_text(client.get(game + "/settlement.pdf").data, tmp_path).split())
    assert "Denis demande: gagne" in printed and "Bruno demande: remise" in printed
    assert "Bruno demande: gagne" not in printed
    fiche = client.get(game + "/fiche").data.decode()
    assert "<th>Bruno → Denis</th>" in fiche


def test_correcting_a_newcomers_coup_offers_him_and_keeps_the_seat(client):
    """The walk-through of 2026-11-27: correcting coup 6 (Denis's, B demande A2 B5 C2) offered
    "Anne / Bruno / Chloé" with Bruno chosen, while the coup said Denis. The form names who
    sat in the coup corrected; saved unchanged, the coup is the same (seat 1: Bruno's name in
    the file, as every coup names the seat)."""
    game = taken_over_at_coup_5(client)
    page = client.get(game + "/coups/6/edit").data.decode()
    hombre = page[
        page.index('id="f-hombre"') : page.index("</fieldset>", page.index('id="f-hombre"'))
    ]
    assert 'value="1" checked><span>Denis</span>' in hombre and "Bruno" not in hombre
    earlier = client.get(game + "/coups/4/edit").data.decode()  # coup 4 was still Bruno's
    assert 'value="1" checked><span>Bruno</span>' in earlier


def test_a_seats_nets_name_the_seat_by_who_sat_there_on_the_coups_page_and_the_log(client):
    """The walk-through of 2026-11-27: "Nets after: Anne −72 · Denis −9 · Chloé +81" put the
    seat's net (Bruno's coups and Denis's) under Denis alone, whose own is +171 here; the log's
    "Bruno +69 → +48" named Bruno for Denis's coup. A seat's net names the seat in turn; the
    log says each person's change instead, as the notice does (test_seat_words.py)."""
    game = taken_over_at_coup_5(client)
    coups = client.get(game + "/coups").data.decode()
    assert "Nets after: Anne −72 · Bruno → Denis −9 · Chloé +81" in coups  # after coup 7
    assert "Nets after: Anne −72 · Denis −9" not in coups
    log = client.get(game + "/history").data.decode()
    assert "Denis +159 → +171 (+12)" in log  # coup 7 added: the seat's -21 -> -9, plus 180


def test_every_page_of_the_game_names_the_table_as_the_game_page_does(client):
    """The walk-through of 2026-11-27: the coups, links and history pages led back to "Anne ·
    Bruno · Chloé" while the game page was "Anne · Denis · Chloé"."""
    game = taken_over_at_coup_5(client)
    for path in ("", "/coups", "/links", "/history", "/fiche", "/story", "/coups/6/edit"):
        page = client.get(game + path).data.decode()
        assert "Anne · Denis · Chloé" in page and "Anne · Bruno · Chloé" not in page, path


def test_a_stale_version_is_refused_and_the_form_kept(client):
    game = seed_until(client, 2)
    old = version_of(client, game)
    enter(client, game, SEED_COUPS[2])
    response = take(client, game, "1", "Denis", version=old)
    assert response.status_code == 409
    assert 'value="Denis"' in response.data.decode()


def test_a_name_already_at_the_table_is_refused_beside_the_field(client):
    game = seed_until(client, 1)
    response = take(client, game, "1", "chloé")
    assert response.status_code == 422
    assert "Chloé already sits at this table." in response.data.decode()


def test_a_follower_may_not_take_a_seat(app, client):
    game = seed_until(client, 1)
    stranger = app.test_client()
    assert stranger.get(game + "/seat").status_code in (403, 404)
    assert take(stranger, game, "1", "Denis").status_code in (403, 404)


def test_a_file_with_a_seat_change_imports_and_exports_the_same(client):
    game = seed_until(client, 4)
    take(client, game, "2", "Émile")
    text = client.get(game + "/game.json").data
    response = client.post("/games/import", data={"text": text.decode()})
    again = response.headers["Location"]
    assert client.get(again + "/game.json").data == text


def test_a_team_games_newcomer_shares_his_teams_points_from_his_deal(client):
    data = json.loads((GOLDEN / "brou.game.json").read_text())
    data["coups"] = data["coups"][:2]
    response = client.post("/games/import", data={"text": json.dumps(data)})
    game = response.headers["Location"]
    assert take(client, game, "1", "Émile", "takes_over").status_code == 302
    assert "Anne · Émile · Chloé · Denis" in client.get(game).data.decode()
    final = client.get(game + "/settlement").data.decode()
    assert "From coup 3, Émile has taken over the seat of Bruno." in final
    # the file's third deal, played with Émile at Bruno's seat (eux), as a whole file
    played = json.loads(client.get(game + "/game.json").data)
    played["coups"].append(json.loads((GOLDEN / "brou.game.json").read_text())["coups"][2])
    again = client.post("/games/import", data={"text": json.dumps(played)}).headers["Location"]
    r = report(client, again)
    by_deal = [c["totals"] for c in r["coups"]]
    # eux's totals after deals 2 and 3: Bruno has deals 1-2, Émile deal 3; Denis all of eux's
    assert r["by_person"]["Bruno"] == by_deal[1]["eux"]
    assert r["by_person"]["Émile"] == by_deal[2]["eux"] - by_deal[1]["eux"]
    assert r["by_person"]["Denis"] == by_deal[2]["eux"]
    assert r["by_person"]["Anne"] == r["by_person"]["Chloé"] == by_deal[2]["nous"]


def test_at_a_competitions_table_the_newcomer_only_plays_for_the_registered_player(app):
    from test_events import FOUR, new_event, open_table, post, sheet_deal, tables

    from scorekeeper import store
    from scorekeeper.db import get_db
    from scorekeeper.rules.errors import GameError
    from scorekeeper.rules.seating import TAKES_OVER

    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", method="total")
    assert post(client, app, "players", names=FOUR).status_code == 302
    assert post(client, app, "draw").status_code == 302
    game = open_table(client, tables(client)[0])
    sheet_deal(client, game, trump="coeur", points="40")
    form = client.get(game + "/seat").data.decode()
    # a manillen table elsewhere may take over (points: the team's); the ranking of a
    # competition counts its registered players, so here the newcomer plays for one
    assert 'value="takes_over"' not in form
    game_id = int(game.rsplit("/", 1)[1])
    with app.app_context(), pytest.raises(GameError) as refused:
        store.take_seat(get_db(), game_id, 1, "Zoé", TAKES_OVER)
    assert refused.value.field == "way"
    assert take(client, game, "1", "Zoé").status_code == 302
