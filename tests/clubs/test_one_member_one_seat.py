"""One member never sits at two seats of a table at once, whatever name they are typed by
(hostile17).

A name typed at a club's table finds its member by their name, their short name or the name of a
member merged into them. Typed beside them, that second name was the same member: the table read
"Anne Martin · Anne Martin · Chloé" and the room billed her both seats' money, the state the
member merge refuses (review12, test_merge_refused_at_one_table). A new table, a set-up change
and a seat taken are refused where the name was typed (422), nothing stored: the form shown
again as typed, the refusal under the field of the second name (fix17a).
"""

from __future__ import annotations

import html
import json
import re
import sqlite3

from test_clubs import club_version, new_club, new_evening, seed_table
from test_events import EVENT, post
from test_imported_newcomer import seed_file
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


def _anne_takes_brunos_seat() -> dict[str, object]:
    """The seed's file played by Anne Martin, Bruno and Chloé, whose newcomer "Anne" (the
    short name of Anne Martin, seated already) takes over Bruno's seat from coup 5."""
    data = seed_file()
    data["players"] = ["Anne Martin", "Bruno", "Chloé"]
    for coup in data["coups"]:  # type: ignore[union-attr]
        if coup.get("hombre") == "Anne":
            coup["hombre"] = "Anne Martin"
        if "tricks" in coup:
            coup["tricks"] = {
                ("Anne Martin" if k == "Anne" else k): v for k, v in coup["tricks"].items()
            }
    data["seat_changes"] = [{"coup": 5, "seat": "Bruno", "player": "Anne", "way": "takes_over"}]
    return data


def test_an_imported_newcomer_who_is_a_member_already_seated_is_refused(client, app):
    """A file whose newcomer, "Anne", takes over Bruno's seat beside Anne Martin: refused."""
    _club, evening = _club_with_anne_martin(client, app)
    data = _anne_takes_brunos_seat()
    before = _stored(app)
    text = json.dumps(data, ensure_ascii=False)
    answer = client.post(f"/games/import?evening={evening}", data={"text": text})
    assert answer.status_code == 422
    assert SAID in _text(answer.data.decode())
    assert _stored(app) == before


# The refusal beside the field it was typed in, the form kept as typed (fix17a, a smoke play):
# the new table answered a bare 422 page, and going back showed an empty form with the
# default rules, players and rules typed again. A name typed twice (the names' own check,
# ``forms.player_names``) is put beside its later field; a member typed twice is too.


def _field(page: str, field: str) -> str:
    """The words of the field block of ``field`` (its label, value and error), '' if none."""
    block = re.search(rf'<div class="field[^"]*">\s*<label for="{field}".*?</div>', page, re.S)
    return "" if block is None else _text(block.group(0))


def _value(page: str, field: str) -> str | None:
    """The value the form shows in the text field ``field``."""
    found = re.search(rf'<input[^>]*\bid="{field}"[^>]*>', page)
    value = None if found is None else re.search(r'\bvalue="([^"]*)"', found.group(0))
    return None if value is None else html.unescape(value.group(1))


def _chosen(page: str, field: str) -> str | None:
    """The option chosen in the select ``field``, or the radio of ``field`` checked."""
    select = re.search(rf'<select[^>]*\bid="{field}".*?</select>', page, re.S)
    where = select.group(0) if select is not None else page
    for tag in re.findall(r"<(?:option|input)\b[^>]*>", where):
        if ("selected" in tag or "checked" in tag) and (
            select is not None or f'name="{field}"' in tag
        ):
            found = re.search(r'\bvalue="([^"]*)"', tag)
            return None if found is None else html.unescape(found.group(1))
    return None


def test_a_new_hombre_table_shows_the_refusal_beside_the_name_and_keeps_the_form(client, app):
    """The smoke play: "Anne Martin", "Bruno Lefèvre", "Anne" at the evening, 1709 rules."""
    _club, evening = _club_with_anne_martin(client, app)
    before = _stored(app)
    data = {**NEW_GAME, "player0": "Anne Martin", "player1": "Bruno Lefèvre", "player2": "Anne"}
    data |= {"mark_value": "7", "poules_to_play": "12"}  # not the 1709 preset's own 3 and 20
    response = client.post(f"/games/new?evening={evening}", data=data)
    page = response.data.decode()
    assert response.status_code == 422
    assert SAID in _field(page, "player2")  # under the field "Anne" was typed in
    assert SAID not in _field(page, "player0") + _field(page, "player1")
    assert [_value(page, f"player{seat}") for seat in range(3)] == [
        "Anne Martin",
        "Bruno Lefèvre",
        "Anne",
    ]
    assert _chosen(page, "preset") == "1709"
    assert (_value(page, "mark_value"), _value(page, "poules_to_play")) == ("7", "12")
    assert _chosen(page, "payments") == "double"
    assert _stored(app) == before


def test_a_new_points_table_shows_the_refusal_beside_the_name_and_keeps_the_form(client, app):
    _club, evening = _club_with_anne_martin(client, app)
    before = _stored(app)
    for name, data in (
        ("brou", {"parties_to_win": "7", "target": "201"}),  # not the defaults 10 and 301
        ("manille", {"variant": "belge", "target": "61"}),
    ):
        data = {**data, "player0": "Anne Martin", "player1": "Anne", "player2": "Chloé"}
        data |= {"player3": "Denis", "first_dealer": "2", "create": "1"}
        response = client.post(f"/games/new/{name}?evening={evening}", data=data)
        page = response.data.decode()
        assert response.status_code == 422, name
        assert SAID in _field(page, "player1"), name
        typed = [_value(page, f"player{seat}") for seat in range(4)]
        assert typed == ["Anne Martin", "Anne", "Chloé", "Denis"], name
        assert _chosen(page, "first_dealer") == "2", name
        for field, value in data.items():
            if field not in ("create", "first_dealer") and not field.startswith("player"):
                assert value in (_value(page, field), _chosen(page, field)), (name, field)
    assert _stored(app) == before


def test_a_setup_change_shows_the_refusal_beside_the_name(client, app):
    _club, evening = _club_with_anne_martin(client, app)
    data = {**NEW_GAME, "player0": "Anne Martin", "player1": "Denis", "player2": "Chloé"}
    game = client.post(f"/games/new?evening={evening}", data=data).headers["Location"]
    data = {**data, "player1": "Anne", "mark_value": "7", "version": version_of(client, game)}
    response = client.post(game + "/setup", data=data)
    page = response.data.decode()
    assert response.status_code == 422
    assert SAID in _field(page, "player1")
    assert (_value(page, "player1"), _value(page, "mark_value")) == ("Anne", "7")
    sheet = {"player0": "Anne Martin", "player1": "Denis", "player2": "Chloé"}
    sheet |= {"player3": "Bruno", "first_dealer": "0", "create": "1"}
    brou = client.post(f"/games/new/brou?evening={evening}", data=sheet).headers["Location"]
    before = _stored(app)
    sheet |= {"player3": "Anne", "parties_to_win": "7", "version": version_of(client, brou)}
    response = client.post(brou + "/sheet/setup", data=sheet)
    page = response.data.decode()
    assert response.status_code == 422
    assert SAID in _field(page, "player3")
    assert (_value(page, "player3"), _value(page, "parties_to_win")) == ("Anne", "7")
    assert _stored(app) == before


def test_an_imported_file_refused_keeps_its_text_beside_the_refusal(client, app):
    """The same file as above, pasted: the refusal beside the text, the text kept."""
    _club, evening = _club_with_anne_martin(client, app)
    data = _anne_takes_brunos_seat()
    text = json.dumps(data, ensure_ascii=False)
    before = _stored(app)
    answer = client.post(f"/games/import?evening={evening}", data={"text": text})
    page = answer.data.decode()
    assert answer.status_code == 422
    assert SAID in _field(page, "text")
    kept = re.search(r'<textarea[^>]*\bid="text"[^>]*>(.*?)</textarea>', page, re.S)
    assert kept is not None and json.loads(html.unescape(kept.group(1))) == data
    assert _stored(app) == before


def test_a_club_rounds_draw_refuses_a_member_drawn_at_one_table_under_two_names(app):
    """A club's competition registers "Anne Martin" and "Anne" (her short name): three
    players, one table of three, the draw seats the one member twice. It was a 500 (the
    seats' refusal unanswered inside the draw); now refused, no round, no table stored.
    The registration refuses "Anne" beside Anne Martin once "Anne" is her short name
    (names18, test_one_member_a_round): here both were registered before it was given."""
    client = app.test_client()
    client.get("/lang/en")
    response = client.post("/clubs/new", data={"name": "Le Cercle", "chip_value": "0.05"})
    club = int(response.headers["Location"].rsplit("/", 1)[1])
    data = {"name": "Anne Martin", "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    data = {**EVENT, "name": "Club cup", "kind": "hombre", "seating": "3", "method": "total"}
    assert client.post(f"/events/new?club={club}", data=data).status_code == 302
    assert post(client, app, "players", names="Anne Martin\nAnne\nCarl").status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (anne,) = conn.execute("select id from members where name = 'Anne Martin'").fetchone()
    conn.close()
    data = {"name": "Anne Martin", "short_name": "Anne", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members/{anne}", data=data).status_code == 302
    said = "Anne is the member Anne Martin, drawn at the same table: one person cannot sit at"
    draw_refused(client, app, said + " two seats")


def draw_refused(client, app, said: str) -> None:
    """The event's draw is refused (422) saying ``said``: nothing stored, no round drawn."""
    before = _stored(app)
    answer = post(client, app, "draw")
    assert answer.status_code == 422
    assert said in _text(answer.data.decode())
    assert _stored(app) == before
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from event_rounds").fetchone() == (0,)
    conn.close()


def test_the_refusal_names_what_was_typed_at_each_seat(client, app):
    """play19: "Anne" then "Anne Martin" at one new table read "Anne Martin is the member Anne
    Martin, already at this table": the member named twice, "Anne" where she sits not at all.
    The refused seat's name is her own name: the message says by which name she sits."""
    _club, evening = _club_with_anne_martin(client, app)
    before = _stored(app)
    data = {**NEW_GAME, "player0": "Anne", "player1": "Anne Martin", "player2": "Chloé"}
    response = client.post(f"/games/new?evening={evening}", data=data)
    assert response.status_code == 422
    page = _text(response.data.decode())
    said = "Anne Martin is already at this table as Anne: one person cannot sit at two seats."
    assert said in page
    assert "is the member Anne Martin" not in page
    assert _stored(app) == before
    game = seed_table(client, evening, "Anne", "Denis", "Chloé")
    response = take(client, game, "1", "Anne Martin")  # for Denis: Anne Martin at seats 0 and 1
    assert response.status_code == 422 and said in _text(response.data.decode())
    client.get("/lang/fr")
    response = client.post(f"/games/new?evening={evening}", data=data)
    said = "Anne Martin est déjà à cette table sous le nom Anne : une personne ne peut occuper deux"
    assert response.status_code == 422 and said in _text(response.data.decode())
