"""A club's own presets (issue 29 point 7): kept while a table is opened, offered first.

A real SQLite file behind the app, the club and evening made through the pages.
"""

from __future__ import annotations

import json
import re

from test_clubs import new_club, new_evening
from test_web_sheets import FOUR, errors
from web import NEW_GAME

from scorekeeper import db as database
from scorekeeper.clubs import presets
from scorekeeper.rules.hombre.ruleset import PRESETS

BOOM_HOUSE = {"variant": "belge", "target": "101", "doubling": "added", "cap": "4"}


def open_table(client, evening: int, **fields):
    data = {**FOUR, "first_dealer": "0", "create": "1", **fields}
    return client.post(f"/games/new/manille?evening={evening}", data=data)


def rules_of(client, response) -> dict:
    return json.loads(client.get(response.headers["Location"] + "/report.json").data)["rules"]


def test_a_club_keeps_a_rule_set_and_its_evenings_offer_it_first(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-20")
    response = open_table(client, evening, save_preset="  Boom  du jeudi ", **BOOM_HOUSE)
    assert response.status_code == 302, response.data.decode()[-1500:]
    kept = {"variant": "belge", "target": 101, "doubling": "added", "cap": 4}
    assert rules_of(client, response) == kept
    with app.app_context():
        assert presets.club_presets(database.get_db(), club) == [
            ("Boom du jeudi", "manillen", kept)
        ]
    # the evening offers it first, before the games themselves
    page = client.get(f"/evenings/{evening}").data.decode()
    new_table = page[page.index('id="new-table"') :]
    links = re.findall(r'<a class="button" href="([^"]+)">([^<]+)</a>', new_table)
    assert links[0][1] == "Boom du jeudi" and "preset=Boom+du+jeudi" in links[0][0]
    form = client.get(links[0][0].replace("&amp;", "&")).data.decode()
    assert re.search(r'name="club_preset" value="Boom du jeudi" checked', form)
    # chosen, it is the table's rules whatever the fields below say
    response = open_table(client, evening, club_preset="Boom du jeudi", variant="classique")
    assert response.status_code == 302 and rules_of(client, response) == kept
    # an unknown name is refused beside the field, nothing stored
    response = open_table(client, evening, club_preset="Boom du vendredi")
    assert response.status_code == 422
    assert errors(response) == ["The club has no preset of that name for this game"]
    # outside a club the form has no club section
    assert "club_preset" not in client.get("/games/new/manille").data.decode()


def test_the_same_name_replaces_and_a_full_club_is_refused(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-21")
    assert open_table(client, evening, save_preset="Maison", variant="belge").status_code == 302
    response = open_table(client, evening, save_preset="Maison", **BOOM_HOUSE)
    assert response.status_code == 302
    with app.app_context():
        db = database.get_db()
        assert [name for name, _k, _r in presets.club_presets(db, club)] == ["Maison"]
        assert presets.club_presets(db, club)[0][2]["target"] == 101
        with db.atomic():
            for n in range(presets.MAX_PRESETS - 1):
                presets.save_preset(db, club, f"p{n}", "manille", {"variant": "belge"})
    response = open_table(client, evening, save_preset="one more", variant="belge")
    assert response.status_code == 422
    assert errors(response) == [f"A club keeps at most {presets.MAX_PRESETS} presets"]
    # replacing one the club keeps is still allowed
    assert open_table(client, evening, save_preset="p0", variant="belge").status_code == 302
    response = open_table(client, evening, save_preset="x" * 41, variant="belge")
    assert response.status_code == 422


def test_lhombre_offers_the_clubs_presets_and_keeps_its_own(client, app):
    """l'Hombre's own new-game page (/games/new) inside an evening, as the points games'."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-26")
    open_table(client, evening, save_preset="Boom", **BOOM_HOUSE)  # a Manille preset
    evening_rules = {**NEW_GAME, "poule_system": "3-1", "coups_to_play": "40", "end": "share"}
    response = client.post(
        f"/games/new?evening={evening}", data={**evening_rules, "save_preset": "Soirée 40"}
    )
    assert response.status_code == 302, response.data.decode()[-1500:]
    kept = {**PRESETS["1709"].to_mapping(), "poule_system": "3-1", "coups_to_play": 40}
    assert rules_of(client, response) == kept
    with app.app_context():
        every = presets.club_presets(database.get_db(), club)
    assert every == [("Boom", "manillen", every[0][2]), ("Soirée 40", "hombre", kept)]
    # the evening offers both first, each opening its own game's form
    page = client.get(f"/evenings/{evening}").data.decode()
    new_table = page[page.index('id="new-table"') :]
    links = re.findall(r'<a class="button" href="([^"]+)">([^<]+)</a>', new_table)
    assert [text for _href, text in links[:2]] == ["Boom", "Soirée 40"]
    href = links[1][0].replace("&amp;", "&")
    assert href.startswith(f"/games/new?evening={evening}&preset=")
    form = client.get(href).data.decode()
    assert re.search(r'name="club_preset" value="Soirée 40" checked', form)
    assert 'value="Boom"' not in form  # Manille's preset is not l'Hombre's
    # chosen, it is the table's rules whatever the fields below say (the 1709 preset's here)
    response = client.post(
        f"/games/new?evening={evening}", data={**NEW_GAME, "club_preset": "Soirée 40"}
    )
    assert response.status_code == 302 and rules_of(client, response) == kept
    response = client.post(
        f"/games/new?evening={evening}", data={**NEW_GAME, "club_preset": "Boom"}
    )
    assert response.status_code == 422
    assert errors(response) == ["The club has no preset of that name for this game"]
    # outside a club, or to someone who does not manage it, no club section
    assert "club_preset" not in client.get("/games/new").data.decode()
    stranger = app.test_client()
    assert stranger.get(f"/games/new?evening={evening}").status_code == 404


def test_a_club_competition_offers_the_clubs_rules_first_and_its_tables_get_them(client, app):
    """Issue 29: "its evenings and competitions offer it first"."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-20")
    assert open_table(client, evening, save_preset="Boom", **BOOM_HOUSE).status_code == 302
    page = client.get(f"/events/new?club={club}").data.decode()
    # the club's rules come before the game's choice
    assert page.index('name="club_rules"') < page.index('name="kind"')
    # the rule set's choice names its game (play18: the game field said l'Hombre beside it)
    assert re.search(r'<option value="0">Boom · manillen \(Belgian\)</option>', page)
    data = {"name": "Coupe", "club_rules": "0", "kind": "hombre", "seating": "pairs"}
    data |= {"format": "individual", "rounds": "2", "method": "total", "bye": "average"}
    data |= {"submit": "1"}
    response = client.post(f"/events/new?club={club}", data=data)
    assert response.status_code == 302, response.data.decode()[-1500:]
    with app.app_context():
        db = database.get_db()
        (settings,) = db.execute("select settings from events").fetchone()
    # the preset chose the game (manillen, not the hombre of the field) and its rules
    kept = json.loads(settings)
    assert kept["kind"] == "manillen"
    assert kept["rules"] == {"variant": "belge", "target": 101, "doubling": "added", "cap": 4}
    # a preset number the club does not have is refused, nothing stored
    response = client.post(f"/events/new?club={club}", data={**data, "club_rules": "7"})
    assert response.status_code == 422
    with app.app_context():
        assert database.get_db().execute("select count(*) from events").fetchone()[0] == 1
    # outside a club: no such field
    assert 'name="club_rules"' not in client.get("/events/new").data.decode()


def test_from_the_page_the_clubs_rules_fill_the_fields_and_a_rule_changed_wins(client, app):
    # issue 35: the club's preset chosen was the rule set "whatever the fields below say"
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-20")
    assert open_table(client, evening, save_preset="Boom", **BOOM_HOUSE).status_code == 302
    # the evening's link fills the fields with the club's rules at once
    form = client.get(f"/games/new/manille?evening={evening}&preset=Boom").data.decode()
    assert 'name="target" type="number" value="101"' in form
    assert re.search(r'name="doubling" value="added" checked', form)
    assert 'name="club_preset_shown" type="hidden" value="Boom"' in form
    # drawn with them, the reader puts the doubling back to multiplied: their change wins
    changed = {**BOOM_HOUSE, "doubling": "multiplied"}
    response = open_table(client, evening, club_preset="Boom", club_preset_shown="Boom", **changed)
    assert response.status_code == 302, response.data.decode()[-1500:]
    assert rules_of(client, response) == {"variant": "belge", "target": 101, "cap": 4}
    # chosen on a page drawn without it: the page comes back filled, nothing stored yet
    with app.app_context():
        before = database.get_db().execute("select count(*) from games").fetchone()[0]
    response = open_table(client, evening, club_preset="Boom", club_preset_shown="")
    assert response.status_code == 200
    page = response.data.decode()
    assert 'name="target" type="number" value="101"' in page
    with app.app_context():
        assert database.get_db().execute("select count(*) from games").fetchone()[0] == before
