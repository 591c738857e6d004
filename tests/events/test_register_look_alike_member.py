"""A name typed at a club event's registration that only reads like a member's is refused
beside the names, in the member form's words (smoke24).

"Wіlly Vermeulen" (a Cyrillic і, U+0456) beside the member Willy Vermeulen was registered
silently: the draw found them as Willy (``seats.meant``, a table's rule) and their results went
to Willy while every page of the event showed the Cyrillic spelling. The club's member form
refuses such a name ("Deze naam leest als …", ``seats.NameTaken``); the registration now asks
the same rule (``part_names.finder``'s ``kept_names``) and says it in the same words.
"""

from __future__ import annotations

import re
import sqlite3

from test_clubs import club_version, new_club
from test_events import EVENT, post

WILLY_CYRILLIC = "W\u0456lly Vermeulen"
ANNE_CYRILLIC = "\u0410nne"


def club_event(app, client) -> int:
    club = new_club(client)
    for name, short in (("Willy Vermeulen", ""), ("Anne Martin", "Anne")):
        data = {"name": name, "short_name": short, "version": club_version(app)}
        assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    fields = {**EVENT, "name": "Kampioenschap", "kind": "manillen", "seating": "pairs"}
    response = client.post(f"/events/new?club={club}", data={**fields, "method": "total"})
    assert response.headers["Location"] == "/events/1"
    return club


def registered(app) -> list[str]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return [r[0] for r in conn.execute("select name from event_players order by id")]


def beside_names(page: str) -> list[str]:
    return re.findall(r'<p class="error" role="alert" id="names-error">([^<]*)</p>', page)


def test_a_look_alike_of_a_member_is_refused_beside_the_names_in_the_member_forms_words(app):
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "nl"
    club = club_event(app, client)
    answer = post(client, app, "players", names=f"Jan Peeters\n{WILLY_CYRILLIC}")
    assert answer.status_code == 422
    said = (
        "Deze naam leest als Willy Vermeulen, al lid (letters van een ander alfabet of"
        " tekens die op elkaar lijken): kies dat lid, of geef een naam die te onderscheiden is."
    )
    assert beside_names(answer.text) == [said]
    assert 'aria-describedby="names-error"' in answer.text
    assert registered(app) == []  # the list is refused whole
    # the club's member form says the very same words for the very same name
    data = {"name": WILLY_CYRILLIC, "short_name": "", "version": club_version(app)}
    member_form = client.post(f"/clubs/{club}/members", data=data)
    assert member_form.status_code == 422 and said in member_form.text
    # a member's short name too, named as the club's page lists them
    answer = post(client, app, "players", names=ANNE_CYRILLIC)
    assert answer.status_code == 422
    assert beside_names(answer.text)[0].startswith("Deze naam leest als Anne Martin (Anne), al lid")
    # their own name, and the same name but for case (one person: names.clash), still register
    assert post(client, app, "players", names="Willy Vermeulen\nanne").status_code == 302
    assert registered(app) == ["Willy Vermeulen", "anne"]


def test_an_event_of_no_club_has_no_member_to_read_like(app):
    client = app.test_client()
    fields = {**EVENT, "name": "Open", "kind": "manillen", "seating": "pairs", "method": "total"}
    assert client.post("/events/new", data=fields).status_code == 302
    assert post(client, app, "players", names=WILLY_CYRILLIC).status_code == 302


def test_a_look_alike_registered_before_the_member_joined_blocks_no_later_registration(app):
    """A guest "Wіlly Vermeulen" registered while no member read like them; the club then
    adds the member Willy Vermeulen. The players registered already were asked the refusing
    rule too, so every later registration ("Jan Peeters") was refused naming Willy
    (review24): they are found as a table finds them; only the names typed now are refused."""
    client = app.test_client()
    club = new_club(client)
    fields = {**EVENT, "name": "K", "kind": "manillen", "seating": "pairs"}
    response = client.post(f"/events/new?club={club}", data={**fields, "method": "total"})
    assert response.status_code == 302
    assert post(client, app, "players", names=WILLY_CYRILLIC).status_code == 302
    data = {"name": "Willy Vermeulen", "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    assert post(client, app, "players", names="Jan Peeters").status_code == 302
    assert registered(app) == [WILLY_CYRILLIC, "Jan Peeters"]
