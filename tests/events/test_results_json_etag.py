"""results.json, the public results that boards and tools poll, is tagged as the read pages
are (``public._tag``: the standing's key): a poll while nothing changed is a 304, and any
change of the standing (a deal at a table, a correction) gives another tag. It had no
ETag: every poll drew and sent the whole file (events14)."""

from __future__ import annotations

from test_event_corrections import _a_round_played
from test_events import hombre_deal, post, ranking, seated


def test_results_json_answers_304_while_the_standing_is_unchanged(app):
    client, game = _a_round_played(app)
    token = ranking(app)[1].event.read_token
    address = f"/events/{token}/results.json"
    reader = app.test_client()
    first = reader.get(address)
    assert first.status_code == 200 and first.mimetype == "application/json"
    tag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "private, no-cache"
    again = reader.get(address, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == tag

    # a second deal at the table: the game's version moves the standing's key
    hombre_deal(client, game, (1, 2, 0))
    moved = reader.get(address, headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag
    tag = moved.headers["ETag"]

    # a correction: 2 points taken off Bert's seat, as typed (ranking[].penalty: 2)
    player = seated(client, game)["players"][1]
    fine = dict(player=player, direction="off", points="2", reason="late")
    assert post(client, app, "penalty", round="1", **fine).status_code == 302
    fined = reader.get(address, headers={"If-None-Match": tag})
    assert fined.status_code == 200 and fined.headers["ETag"] != tag
    by_player = {line["player"]: line["penalty"] for line in fined.json["ranking"]}
    assert by_player[player] == 2
    # the keys a federation's site reads are those it had (docs/formats.md)
    assert list(fined.json) == list(first.json)


def test_a_stale_or_foreign_tag_gets_the_file(app):
    _a_round_played(app)
    token = ranking(app)[1].event.read_token
    reader = app.test_client()
    answer = reader.get(f"/events/{token}/results.json", headers={"If-None-Match": '"x"'})
    assert answer.status_code == 200 and answer.json["ranking"]
    assert (
        reader.get("/events/nope/results.json", headers={"If-None-Match": "*"}).status_code == 404
    )
