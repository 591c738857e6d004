"""One member never sits at two seats of a table at once, whatever name he is typed by (hostile17).

A name typed at a club's table finds its member by his name, his short name or the name of a
member merged into him. Typed beside him, that second name was the same member: the table read
"Anne Martin · Anne Martin · Chloé" and the room billed her both seats' money, the state the
member merge refuses (review12, test_merge_refused_at_one_table). A new table, a set-up change
and a seat taken are refused where the name was typed (422), nothing stored.
"""

from __future__ import annotations

import json
import sqlite3

from test_clubs import club_version, new_club, new_evening, seed_table
from test_imported_newcomer import _seed_file
from test_merge_refused_at_one_table import _merge
from test_renamed_member_at_his_table import _text
from test_take_seat import take
from web import NEW_GAME, version_of


def _stored(app) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """The games, the seats and the members: what a refusal must leave as it was."""
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = tuple(
            conn.execute(f"select * from {table} order by 1, 2").fetchall()
            for table in ("games", "seats", "members")
        )
    conn.close()
    return found  # type: ignore[return-value]


def _club_with_anne_martin(client, app) -> tuple[int, int]:
    """A club whose member Anne Martin is known as Anne (her short name), and an evening."""
    club = new_club(client)
    data = {"name": "Anne Martin", "short_name": "Anne", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    return club, new_evening(client, app, club, "2026-11-03")


SAID = "Anne is the member Anne Martin, already at this table: one person cannot sit at two seats."


def test_a_new_table_refuses_a_member_typed_by_his_name_and_his_short_name(client, app):
    _club, evening = _club_with_anne_martin(client, app)
    before = _stored(app)
    data = {**NEW_GAME, "player0": "Anne Martin", "player1": "Anne", "player2": "Chloé"}
    response = client.post(f"/games/new?evening={evening}", data=data)
    assert response.status_code == 422
    assert SAID in _text(response.data.decode())
    assert _stored(app) == before


def test_a_newcomer_who_is_a_member_already_seated_is_refused(client, app):
    _club, evening = _club_with_anne_martin(client, app)
    game = seed_table(client, evening, "Anne Martin", "Denis", "Chloé")
    version, before = version_of(client, game), _stored(app)
    response = take(client, game, "1", "Anne")  # Anne for Denis: Anne Martin at seats 0 and 1
    assert response.status_code == 422
    assert SAID in _text(response.data.decode())
    assert version_of(client, game) == version and _stored(app) == before


def test_a_setup_change_refuses_a_member_at_two_seats(client, app):
    _club, evening = _club_with_anne_martin(client, app)
    data = {**NEW_GAME, "player0": "Anne Martin", "player1": "Denis", "player2": "Chloé"}
    game = client.post(f"/games/new?evening={evening}", data=data).headers["Location"]
    before = _stored(app)
    data = {**data, "player1": "Anne", "version": version_of(client, game)}
    response = client.post(game + "/setup", data=data)
    assert response.status_code == 422
    assert SAID in _text(response.data.decode())
    assert _stored(app) == before


def test_a_merged_members_old_name_is_the_member_he_was_merged_into(client, app):
    """Ane merged into Anne (they never sat together): "Ane" typed at Anne's table is Anne."""
    club = new_club(client)
    seed_table(client, new_evening(client, app, club, "2026-11-02"), "Ane", "Bruno", "Chloé")
    evening = new_evening(client, app, club, "2026-11-03")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    assert _merge(client, app, club, "Ane", "Anne").status_code == 302
    before = _stored(app)
    response = take(client, game, "1", "Ane")
    assert response.status_code == 422
    said = "Ane is the member Anne, already at this table: one person cannot sit at two seats."
    assert said in _text(response.data.decode())
    data = {**NEW_GAME, "player0": "Anne", "player1": "Ane", "player2": "Chloé"}
    response = client.post(f"/games/new?evening={evening}", data=data)
    assert response.status_code == 422 and said in _text(response.data.decode())
    assert _stored(app) == before
    client.get("/lang/fr")
    response = take(client, game, "1", "Ane")
    # _text splits on the narrow no-break space before the colon, as on any space
    said = "Ane est le membre Anne, déjà à cette table : une personne ne peut occuper deux places."
    assert response.status_code == 422 and said in _text(response.data.decode())


def test_a_member_back_at_his_own_seat_is_no_second_seat(client, app):
    """Anne Martin leaves (Tom plays for her), then comes back typed "Anne": her own seat."""
    _club, evening = _club_with_anne_martin(client, app)
    game = seed_table(client, evening, "Anne Martin", "Denis", "Chloé")
    assert take(client, game, "0", "Tom").status_code == 302
    assert take(client, game, "0", "Anne").status_code == 302


def test_an_imported_newcomer_who_is_a_member_already_seated_is_refused(client, app):
    """A file whose newcomer, "Anne", takes over Bruno's seat beside Anne Martin: refused."""
    _club, evening = _club_with_anne_martin(client, app)
    data = _seed_file()
    data["players"] = ["Anne Martin", "Bruno", "Chloé"]
    for coup in data["coups"]:  # type: ignore[union-attr]
        if coup.get("hombre") == "Anne":
            coup["hombre"] = "Anne Martin"
        if "tricks" in coup:
            coup["tricks"] = {
                ("Anne Martin" if k == "Anne" else k): v for k, v in coup["tricks"].items()
            }
    data["seat_changes"] = [{"coup": 5, "seat": "Bruno", "player": "Anne", "way": "takes_over"}]
    before = _stored(app)
    text = json.dumps(data, ensure_ascii=False)
    answer = client.post(f"/games/import?evening={evening}", data={"text": text})
    assert answer.status_code == 422
    assert SAID in _text(answer.data.decode())
    assert _stored(app) == before
