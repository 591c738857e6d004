"""Who sits out a round is said in the singular for one player (play18: a round of five at a
table of two pairs said "Exempts : Denis" in French, "Oversiddere: Denis" in Danish, on the
director's page, the wall's seating, the slips and the results). common.md: plural forms
where a number is shown; here the number is the names listed."""

from __future__ import annotations

import re

import pytest
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


@pytest.mark.parametrize(
    ("names", "out", "form"),
    [
        # five at tables of two pairs: one table of four, one player sits out: the singular
        ("Anne\nBert\nCarl\nDora\nEmil", 1, 0),
        # six: one table of four, two sit out: the plural
        ("Anne\nBert\nCarl\nDora\nEmil\nFrea", 2, 1),
    ],
    ids=["one-singular", "two-plural"],
)
def test_players_sitting_out_are_said_in_the_singular_or_the_plural(app, names, out, form):
    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", rounds="1", seed="7")
    assert post(client, app, "players", names=names).status_code == 302
    assert post(client, app, "draw").status_code == 302
    token = read_token(app)
    for language, words in SAID.items():
        for path, heading, listed in headings(client, token, language):
            assert len(listed.split(", ")) == out, (language, path, listed)
            assert heading == words[form], (language, path, heading)
