"""Two members who sat at one table at the same time cannot be merged (review12).

Merged, the table read "Anne · Anne · Chloé" and the room billed one member for two
seats' money: two people at one table at once are two people. The member merge form
refuses it where it was typed (422, nothing stored), naming the table. A newcomer who
took over a member's seat sat there when the member did not: they may be the member back
under a name typed otherwise, so that merge is allowed (docs/guide-organisers.md).
"""

from __future__ import annotations

import sqlite3

from test_clubs import club_version, new_club, new_evening, seed_table
from test_renamed_member_at_his_table import _member, _text
from test_take_seat import take
from web import NEW_GAME, SEED_COUPS, enter


def _merge(client, app, club: int, member: str, into: str):
    data = {"member": _member(app, member), "into": _member(app, into)}
    return client.post(f"/clubs/{club}/merge", data={**data, "version": club_version(app)})


def _merged(app) -> list[tuple[str, int | None]]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = conn.execute("select name, merged_into from members order by id").fetchall()
    conn.close()
    return found


def test_two_members_seated_at_one_table_are_not_merged(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")  # table 1 of the evening
    version, members = club_version(app), _merged(app)
    response = _merge(client, app, club, "Bruno", "Anne")
    assert response.status_code == 422
    said = (
        "Bruno and Anne sat at table 1 of November 3, 2026 at the same time: two people"
        " cannot be one member. Nothing was merged."
    )
    assert said in _text(response.data.decode())
    assert club_version(app) == version and _merged(app) == members  # nothing stored
    assert all(into is None for _name, into in members)
    client.get("/lang/fr")
    response = _merge(client, app, club, "Bruno", "Anne")
    assert response.status_code == 422
    said = "Bruno et Anne étaient assis à la table 1 du 3 novembre 2026 en même temps"
    assert said in _text(response.data.decode())


def test_a_newcomer_who_took_over_a_seat_may_be_its_member(client, app):
    """Tom plays for Bruno from coup 5 (Bruno is gone): never at the table together,
    they may be Bruno typed otherwise; merged, their stretch is Bruno's. Tom and Anne sat
    there together from coup 5: refused."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    data = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    game = client.post(f"/games/new?evening={evening}", data=data).headers["Location"]
    for text in SEED_COUPS[:4]:
        assert enter(client, game, text).status_code == 302
    assert take(client, game, "1", "Tom").status_code == 302
    for text in SEED_COUPS[4:]:
        assert enter(client, game, text).status_code == 302
    refused = _merge(client, app, club, "Tom", "Anne")
    assert refused.status_code == 422
    assert "Tom and Anne sat at table 1 of November 3, 2026" in _text(refused.data.decode())
    assert _merge(client, app, club, "Tom", "Bruno").status_code == 302
    assert dict(_merged(app))["Tom"] == _member(app, "Bruno")


def test_a_seat_row_retyped_behind_the_app_is_named_not_a_500(client, app):
    """A seat's number retyped as text behind the app: the merge's check reads the seats,
    and says which row is damaged (409, as the club's pages do), storing nothing."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute("update seats set seat = 'x' where seat = 1")
    conn.close()
    members = _merged(app)
    assert _merge(client, app, club, "Bruno", "Anne").status_code == 409
    assert _merged(app) == members
