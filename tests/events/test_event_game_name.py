"""An event names its game as the new-event form offered it: the kind's own name
(``kind_title``). A manillen event's pages said "la Manille", the game's, while the form
had called it "manillen (belge)"."""

from __future__ import annotations

import re

from test_events import new_event, post, ranking

NAMES = {"en": "manillen (Belgian)", "fr": "manillen (belge)"}


def test_a_manillen_event_says_manillen_on_its_pages_as_the_form_did(app):
    for language, name in NAMES.items():
        client = app.test_client()
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
        form = client.get("/events/new").text
        offered = re.findall(r'<option value="manillen"[^>]*>([^<]+)</option>', form)
        assert offered == [name], offered
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    new_event(client, kind="manillen", seating="pairs", method="total")
    players = "Anne & Bert\nCarl & Dora"
    assert post(client, app, "players", names=players).status_code == 302
    token = ranking(app)[1].event.read_token
    for path in ("/events/1", f"/events/{token}", f"/events/{token}/results", "/events"):
        page = client.get(path).text
        assert f"{NAMES['fr']} ·" in page, path
        assert "la Manille" not in page, path
