"""Who sits out a round is said in the singular for one player (play18: a round of five at a
table of two pairs said "Exempts : Denis" in French, "Oversiddere: Denis" in Danish, on the
director's page, the wall's seating, the slips and the results). common.md: plural forms
where a number is shown; here the number is the names listed."""

from __future__ import annotations

import re

from test_events import new_event, post
from test_ranking_ties_and_names import read_token

SAID = {  # one sits out / two sit out, as each language writes its heading
    "fr": ("Exempt\u202f:", "Exempts\u202f:"),
    "da": ("Oversidder:", "Oversiddere:"),
    "en": ("Sitting out:", "Sitting out:"),
}


def headings(client, token, language):
    for path in ("/events/1", "/events/1/slips", f"/events/{token}/wall"):
        page = client.get(path, headers={"Accept-Language": language}).text
        found = re.search(r"<p>([^<]*?) ((?:[A-Z][a-z]+)(?:, [A-Z][a-z]+)*)</p>", page)
        assert found is not None, (language, path)
        yield path, found.group(1), found.group(2)


def test_one_player_sitting_out_is_said_in_the_singular(app):
    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", rounds="1", seed="7")
    # five at tables of two pairs: one table of four, one player sits out
    assert post(client, app, "players", names="Anne\nBert\nCarl\nDora\nEmil").status_code == 302
    assert post(client, app, "draw").status_code == 302
    token = read_token(app)
    for language, (one, _more) in SAID.items():
        for path, heading, names in headings(client, token, language):
            assert len(names.split(", ")) == 1, (language, path, names)
            assert heading == one, (language, path, heading)


def test_two_players_sitting_out_are_said_in_the_plural(app):
    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", rounds="1", seed="7")
    names = "Anne\nBert\nCarl\nDora\nEmil\nFrea"  # six: one table of four, two sit out
    assert post(client, app, "players", names=names).status_code == 302
    assert post(client, app, "draw").status_code == 302
    token = read_token(app)
    for language, (_one, more) in SAID.items():
        for path, heading, out in headings(client, token, language):
            assert len(out.split(", ")) == 2, (language, path, out)
            assert heading == more, (language, path, heading)
