"""The new-event form of a club with a manillen rule set (play18, a Dutch championship):
once the rule set was chosen, the form still said "Spel: l'Hombre (1709)" and the event was
made as manillen. A rule set says its game (one home): its choice names it, and the game
field offers "the club rule set's game" first, so the form never contradicts the choice."""

from __future__ import annotations

import re

from test_club_presets import BOOM_HOUSE, open_table
from test_clubs import new_club, new_evening

FIELDS = {"name": "Kampioenschap", "seating": "pairs", "format": "individual"}
FIELDS |= {"rounds": "4", "method": "total", "bye": "average", "submit": "1"}


def selected(page: str, field: str) -> str:
    """The option a browser shows in the select ``field``: the selected one, else the first."""
    select = re.search(rf'<select[^>]*name="{field}"[^>]*>(.*?)</select>', page, re.S)
    assert select, field
    options = re.findall(r"<option([^>]*)>([^<]*)</option>", select.group(1))
    chosen = [text for attrs, text in options if "selected" in attrs]
    return chosen[0] if chosen else options[0][1]


def test_the_club_rule_set_says_its_game_and_the_game_field_never_contradicts_it(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-20")
    assert open_table(client, evening, save_preset="Boom", **BOOM_HOUSE).status_code == 302
    page = client.get(f"/events/new?club={club}", headers={"Accept-Language": "nl"}).text
    # the rule set's choice names its game, as the game field names it (the kind's title)
    assert re.search(r'<option value="0">Boom · manillen \(Belgisch\)</option>', page), page
    # the game field shows the rule set's game, not l'Hombre (1709), until one is chosen
    assert selected(page, "kind") == "Het spel van de regels van de club"
    assert "1709" not in selected(page, "kind")
    # chosen with the field left to it (what a browser sends): the event is manillen
    sent = {**FIELDS, "club_rules": "0", "kind": ""}
    response = client.post(f"/events/new?club={club}", data=sent)
    assert response.status_code == 302, re.findall(r"class=\"error[^>]*>([^<]*)<", response.text)
    assert "manillen (Belgian)" in client.get(response.headers["Location"]).text
    # a form sent back (no name) with the rule set chosen shows its game, whatever was sent
    sent = {**FIELDS, "name": "", "club_rules": "0", "kind": "hombre"}
    back = client.post(f"/events/new?club={club}", data=sent)
    assert back.status_code == 422
    assert selected(back.text, "kind") == "manillen (Belgian)"
    # neither a game nor a rule set: refused on the game field, nothing made
    none = client.post(f"/events/new?club={club}", data={**FIELDS, "club_rules": "", "kind": ""})
    assert none.status_code == 422
    assert "Choose a game, or one of the club" in none.text
