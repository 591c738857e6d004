"""A 4-round manillen championship (play18, a Dutch director's notes): the registration
count said "8 spelers ingeschreven" after a withdrawal, not how many still play."""

from __future__ import annotations

import re

from test_events import new_event, post, ranking

NAMES = "Anne\nBert\nCarl\nDora\nEric\nFrida\nGert\nHugo"


def started(client, app, **fields):
    new_event(client, kind="manillen", seating="pairs", method="total", rounds="4", **fields)
    assert post(client, app, "players", names=NAMES).status_code == 302
    return ranking(app)[1].event.read_token


def test_the_registration_count_says_how_many_still_play(client, app):
    started(client, app)
    assert "8 players registered</p>" in client.get("/events/1").text  # nobody withdrew
    assert post(client, app, "withdraw", name="Hugo").status_code == 302
    page = client.get("/events/1").text
    assert re.search(r'id="registered">8 players registered, 7 still play</p>', page)
    assert post(client, app, "withdraw", name="Gert").status_code == 302
    nl = client.get("/events/1", headers={"Accept-Language": "nl"}).text
    assert 'id="registered">8 spelers ingeschreven, 6 spelen nog</p>' in nl
    assert post(client, app, "players", names="Ilse").status_code == 302
    for name in ("Anne", "Bert", "Carl", "Dora", "Eric", "Frida", "Ilse"):
        assert post(client, app, "withdraw", name=name).status_code == 302
    fr = client.get("/events/1", headers={"Accept-Language": "fr"}).text
    # 9 registered, 9 withdrawn: 0 play (French puts 0 and 1 in the singular)
    assert 'id="registered">9 joueurs inscrits, 0 joue encore</p>' in fr
