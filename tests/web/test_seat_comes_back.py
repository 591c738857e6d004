"""Someone who left comes back to their own seat: by default they take it back (brief
"seats" 3).

The seat page's form chose "plays for the absent player" whoever came: Bruno, back at the
seat Denis had taken over, played for Denis — the seat's money stayed Denis's. The page now
names each one who left a seat of their own ("Bruno takes back the seat of Denis"); its
link opens the form with that seat, their name and, where the seat is someone else's money
now, "takes over" chosen. What the form shows chosen is what is stored (the test posts the
form as shown).
"""

import json
import re

from test_take_seat import report, seed_until, take, taken_over_at_coup_5
from web import SEED_COUPS, enter


def shown(form: str) -> dict[str, str]:
    """What the browser would send of the form as the page shows it."""
    found = dict(re.findall(r'<input type="radio" name="(\w+)" value="([^"]*)" checked>', form))
    found["player"] = re.search(r'name="player"[^>]*value="([^"]*)"', form).group(1)
    found["version"] = re.search(r'name="version"[^>]*value="([^"]*)"', form).group(1)
    return found


def link(page: str, words: str) -> str:
    found = re.search(r'<a href="([^"]+)">' + re.escape(words) + "</a>", page)
    assert found, words
    return found.group(1).replace("&amp;", "&")


def test_a_leaver_back_at_the_seat_taken_over_takes_it_back_by_default(client):
    game = taken_over_at_coup_5(client)  # Denis took over Bruno's seat from coup 5
    page = client.get(game + "/seat").data.decode()
    form = client.get(link(page, "Bruno takes back the seat of Denis")).data.decode()
    data = shown(form)
    assert data == {"seat": "1", "player": "Bruno", "way": "takes_over", "version": data["version"]}
    assert client.post(game + "/seat", data=data).status_code == 302
    stored = json.loads(client.get(game + "/game.json").data)["seat_changes"]
    assert stored[-1] == {"coup": 8, "seat": "Bruno", "player": "Bruno", "way": "takes_over"}
    # no coup since: nothing moved. After coup 7 no bête is open (Anne's 27 taken in coup 5,
    # Bruno's 72 and 108 won back by Denis in coups 6 and 7), so Denis hands nothing over:
    # Bruno 0 − 180 = −180, Denis −9 + 180 = +171, as before (docs/rules.md)
    r = report(client, game)
    assert r["by_person"] == {"Anne": -72, "Bruno": -180, "Chloé": 81, "Denis": 171}
    assert "From coup 8, Bruno has taken over the seat of Denis." in client.get(game).data.decode()


def test_a_leaver_played_for_comes_back_as_himself(client):
    game = seed_until(client, 4)
    assert take(client, game, "1", "Denis").status_code == 302  # Denis plays for Bruno
    enter(client, game, SEED_COUPS[4])
    page = client.get(game + "/seat").data.decode()
    form = client.get(link(page, "Bruno takes back the seat of Denis")).data.decode()
    data = shown(form)
    # the 1709 poule offers "plays for the absent player" only; the seat's money is Bruno's already
    assert (data["seat"], data["player"], data["way"]) == ("1", "Bruno", "plays_for")
    assert client.post(game + "/seat", data=data).status_code == 302
    assert "From coup 6, Bruno is back at their own seat." in client.get(game).data.decode()


def test_a_link_for_no_one_who_left_is_the_blank_form(client):
    game = taken_over_at_coup_5(client)
    for query in ("?seat=1&player=Eve", "?seat=9&player=Bruno", "?seat=x", "?player=Anne&seat=0"):
        form = client.get(game + "/seat" + query).data.decode()
        assert shown(form) == {"way": "plays_for", "player": "", "version": shown(form)["version"]}
