"""A 4-round manillen championship played to its end (play18, a Dutch director's notes): the
pages say what the event is and when it is over.

- after the last round was closed the wall still headed "Round 4 of 4" with the round's
  seating, the director's page never said the event was finished and its withdrawal form
  stayed open: now the three pages say "final standing", nobody withdraws (the store refuses
  it too), and a correction is still taken (docs/competitions.md, "The end of the event");
- the log said "round closed · 4", a bare number, where the draw's line says "round 4: …"
  (checked here again on the finished event's log);
- the registration count said 8 after a withdrawal, not how many still play.
"""

from __future__ import annotations

import re

from test_events import new_event, post, ranking

from scorekeeper.web.events import public

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


def test_after_the_last_round_every_page_says_the_final_standing(client, app, monkeypatch):
    monkeypatch.setattr(public, "FRESH", 0.0)  # the read pages see the latest standing
    token = started(client, app)
    for number in (1, 2, 3, 4):
        assert post(client, app, "draw").status_code == 302
        wall = client.get(f"/events/{token}/wall").text
        assert f"Round {number} of 4" in wall and "Final standing" not in wall
        assert post(client, app, "close", confirmed="1").status_code == 302
    # every round closed: the event is finished
    wall = client.get(f"/events/{token}/wall").text
    assert 'id="final-head">Final standing</p>' in wall
    assert "Round 4 of 4" not in wall and "seating" not in wall  # no round to sit down for
    assert "Final standing: 4 rounds played." in wall
    read = client.get(f"/events/{token}").text
    assert "Final standing: 4 rounds played." in read and "Round 4: seating" not in read
    assert "Provisional" not in read
    director = client.get("/events/1").text
    assert "The event is finished: its 4 rounds are closed" in director
    assert "Final standing: 4 rounds played." in director
    # nobody withdraws after the end: no form, and the store refuses a posted one
    assert 'action="/events/1/withdraw"' not in director
    assert "nobody withdraws any more" in director
    refused = post(client, app, "withdraw", name="Hugo")
    assert refused.status_code == 422
    assert "The event is finished: nobody withdraws any more" in refused.text
    assert not any(p.withdrawn for p in ranking(app)[1].players)
    # a correction is still taken (a mistake found at the prize-giving) and counted
    fine = {"player": "Anne", "direction": "off", "points": "3", "reason": "late", "round": "4"}
    assert post(client, app, "penalty", **fine).status_code == 302
    assert "−3" in client.get(f"/events/{token}/wall").text
    # the log names the round closed as the draw's line names it
    log = client.get("/events/1").text.split('id="log"')[1]
    assert "round closed · round 4</li>" in log and "round closed · 4<" not in log
    assert "round drawn · round 4: 2 tables" in log
    # reopened, the event is not finished: the wall is the round's again
    assert post(client, app, "reopen").status_code == 302
    wall = client.get(f"/events/{token}/wall").text
    assert "Round 4 of 4" in wall and "Final standing" not in wall
    assert 'action="/events/1/withdraw"' in client.get("/events/1").text


def test_nobody_registers_after_the_end_until_the_last_round_is_reopened(client, app):
    """The smoke play registered Ilse after the final standing: a line with no figure in a
    ranking said final. Registration is about the rounds still to come, as a withdrawal is;
    there are none: refused (422, the reason where the names are typed, nothing stored), its
    form gone; reopening the last round offers it again."""
    started(client, app)
    for _number in (1, 2, 3, 4):
        assert post(client, app, "draw").status_code == 302
        assert post(client, app, "close", confirmed="1").status_code == 302
    director = client.get("/events/1").text
    assert 'action="/events/1/players"' not in director
    assert "The event is finished: nobody registers any more." in director
    refused = post(client, app, "players", names="Ilse")
    assert refused.status_code == 422
    section = refused.text.split('id="register"')[1].split("</section>")[0]
    assert "The event is finished: nobody registers any more" in section
    assert [p.name for p in ranking(app)[1].players] == NAMES.split("\n")  # the 8, no Ilse
    assert post(client, app, "reopen").status_code == 302
    assert 'action="/events/1/players"' in client.get("/events/1").text
    assert post(client, app, "players", names="Ilse").status_code == 302
    assert len(ranking(app)[1].players) == 9  # the 8 and Ilse
