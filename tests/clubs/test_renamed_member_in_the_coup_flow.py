"""A member renamed after they played reads under their name now in the coup flow too.

names15: a club table's pages named each member by their name now (the game page, the
settlement, the story…: test_renamed_member_at_his_table.py), but the messages after a
coup, a correction or a deletion, a coup form sent back refused, the correction and
deletion pages, the change log, the seat page and a points game's coup fields still said
the name typed: "Paid: Chloé → Bruno 6, Ane → Bruno 6." under a page that says Anne-Marie.
The game file keeps the name typed (docs/guide-organisers.md).

The seed (docs/rules/hombre.md §10) after six coups: Ane −66, Bruno −21, Chloé +87; its
coup 7 (B demande A2 B5 C2) wins Bruno the poule, 6 from each: −72, −9, +81.
"""

from __future__ import annotations

import json
import re
import sqlite3

from test_clubs import new_club, new_evening
from test_fresh import follower
from test_renamed_member_at_his_table import _ane_at_six_coups, _rename, _text
from web import NEW_GAME, SEED_COUPS, coup_data, enter


def _flash(client, game: str) -> str:
    """The game page's words after a change: its message, once."""
    return _text(client.get(game).data.decode())


def _renamed_after_six(client, app) -> str:
    club, game = _ane_at_six_coups(client, app)
    client.get(game)  # the coups' messages read
    _rename(client, app, club, "Ane", "Anne-Marie")
    return game


def manille_of_three(client, evening: int) -> str:
    """A Manille belge of Anne, Bruno and Chloé at the club's evening, three deals, each
    player owing a sans-atout (tests/web/test_web_sheets.py): its game page's address."""
    data = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé", "player3": ""}
    data |= {"first_dealer": "0", "create": "1", "variant": "belge", "deals": "3"}
    response = client.post(f"/games/new/manille?evening={evening}", data=data | {"sans_atout": "1"})
    return str(response.headers["Location"])


def test_the_messages_after_a_coup_an_undo_a_redo_and_a_deletion(client, app):
    game = _renamed_after_six(client, app)
    assert enter(client, game, SEED_COUPS[6]).status_code == 302
    page = _flash(client, game)
    assert "Paid: Chloé → Bruno 6, Anne-Marie → Bruno 6." in page  # the poule, 6 from each
    assert "Ane" not in page
    # undone: back to −66, −21, +87
    assert client.post(game + "/undo", data={}).status_code == 302
    page = _flash(client, game)
    assert "Coup 7 undone. Nets: Anne-Marie −72 → −66, Bruno −9 → −21, Chloé +81 → +87." in page
    assert "Ane" not in page
    assert client.post(game + "/redo", data={}).status_code == 302
    page = _flash(client, game)
    assert "Coup 7 redone. Nets: Anne-Marie −66 → −72, Bruno −21 → −9, Chloé +87 → +81." in page
    # the deletion page, then the deletion's message
    asked = _text(client.get(game + "/coups/7/delete").data.decode())
    assert "← Anne-Marie · Bruno · Chloé" in asked
    assert "Anne-Marie: −72 → −66 (+6)" in asked  # what the deletion changes
    assert "Ane" not in asked
    assert client.post(game + "/coups/7/delete", data={}).status_code == 302
    page = _flash(client, game)
    assert "Coup 7 deleted. Nets: Anne-Marie −72 → −66, Bruno −9 → −21, Chloé +81 → +87." in page
    assert "Ane" not in page
    # every phone of the table is told what the deletion did (its notice), by her name now
    told = _text(follower(client, app, game).get(game).data.decode())
    assert "Coup 7 deleted: Anne-Marie +6, Bruno −12, Chloé +6" in told


def test_the_correction_its_check_and_its_message(client, app):
    """Coup 7 (Bruno's poule, 6 from each) corrected to "Tous passent": a pass moves no
    chip (docs/rules.md: after the seed's first four coups, a pass among them, no chip has
    moved), so the nets go back to those after coup 6: −72 → −66, −9 → −21, +81 → +87."""
    game = _renamed_after_six(client, app)
    assert enter(client, game, SEED_COUPS[6]).status_code == 302
    client.get(game)  # its message read
    page = client.get(game + "/coups/7/edit").data.decode()
    words = _text(page)
    assert "← Anne-Marie · Bruno · Chloé" in words and "Ane" not in words
    assert '<legend class="who">Anne-Marie' in page  # the tricks of the coup form
    data = coup_data("pass")  # "Tous passent" is its own button: it saves, the bar checks
    bar = _text(client.post(game + "/preview?position=7", data=data).data.decode())
    assert "Anne-Marie: −72 → −66 (+6)" in bar and "Bruno: −9 → −21 (−12)" in bar
    assert "Ane" not in bar
    assert client.post(game + "/coups/7/edit", data=data).status_code == 302
    page = _flash(client, game)
    assert "Coup 7 corrected. Nets: Anne-Marie −72 → −66, Bruno −9 → −21, Chloé +81 → +87." in page
    assert "Ane" not in page


def test_a_refused_coup_form_names_him_anew(client, app):
    """Eleven tricks in a deal of nine: refused (422), the form sent back as typed, its
    tricks under each player's name now."""
    game = _renamed_after_six(client, app)
    response = enter(client, game, "B demande A3 B5 C3")
    assert response.status_code == 422
    page = response.data.decode()
    assert '<legend class="who">Anne-Marie' in page and "Ane" not in _text(page)


def test_a_refusal_naming_a_seat_names_who_sits_there_now(client, app):
    """Four at the table, Ane deals coup 1 and sits out (docs/rules.md, "Four at the
    table"): a coup that makes her the hombre is refused naming her seat (``SeatName``),
    by her name now."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    data = {**NEW_GAME, "player0": "Ane", "player1": "Bruno", "player2": "Chloé"}
    data |= {"player3": "Denis"}
    game = client.post(f"/games/new?evening={evening}", data=data).headers["Location"]
    _rename(client, app, club, "Ane", "Anne-Marie")
    data = {"hombre": "0", "contract": "demande", "t1": "5", "t2": "2", "t3": "2", "save": "1"}
    response = client.post(game + "/coups", data=data)
    assert response.status_code == 422
    words = _text(response.data.decode())
    assert "Anne-Marie deals and sits out this coup, so cannot be the hombre" in words
    assert "Ane" not in words


def test_the_change_log_names_him_anew_even_kept_for_a_follower(client, app):
    club, game = _ane_at_six_coups(client, app)
    client.get(game)
    other = follower(client, app, game)
    before = other.get(game + "/history")
    assert "Ane" in _text(before.data.decode())
    _rename(client, app, club, "Ane", "Anne-Marie")
    tag = before.headers["ETag"]
    response = other.get(game + "/history", headers={"If-None-Match": tag})
    assert response.status_code == 200  # the club's version moved: never the kept page
    for page in (_text(response.data.decode()), _text(client.get(game + "/history").data.decode())):
        assert "← Anne-Marie · Bruno · Chloé" in page
        # coup 1 (A demande A4 B4 C1): her first line in the log, every net
        assert "Anne-Marie 0 →" in page
        assert "Ane" not in page.replace("&#34;Ane&#34;", "")  # the game file's shape keeps it
    # the game file's shape, shown under "As in the game file", keeps the name typed
    assert json.loads(client.get(game + "/game.json").data)["players"][0] == "Ane"


def test_the_seat_page_names_him_anew(client, app):
    game = _renamed_after_six(client, app)
    page = client.get(game + "/seat").data.decode()
    words = _text(page)
    assert "← Anne-Marie · Bruno · Chloé" in words
    assert ">Anne-Marie<" in page.replace("</span>", "<").replace("<span>", ">")  # her seat
    assert "Ane" not in words
    response = client.post(game + "/seat", data={"seat": "1", "player": "ane", "way": "plays_for"})
    assert response.status_code == 422  # she sits at this table already, as her page says
    assert "Anne-Marie already sits at this table." in _text(response.data.decode())


def test_a_three_players_sheets_coup_fields_and_message_name_him_anew(client, app):
    """Manille belge at three (tests/web/test_web_sheets.py's arithmetic): Anne alone,
    sans-atout contré (×4), 20 points: −80, the others +40 each."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    game = manille_of_three(client, evening)
    _rename(client, app, club, "Anne", "Anne-Marie")
    page = client.get(game).data.decode()
    assert 'value="Anne"' in page  # the renonce's choice: the name typed is the file's value
    assert "Anne-Marie" in _text(page) and "Anne " not in _text(page).replace("Anne-Marie", "")
    coup = {"trump": "sans-atout", "contre": "contre", "points": "20"}
    assert client.post(game + "/sheet/coups", data=coup).status_code == 302
    page = _flash(client, game)
    assert "Coup 1 saved: Anne-Marie −80, Bruno +40, Chloé +40." in page
    # its correction page: the coup as entered (Anne-Marie dealt it: the first dealer)
    page = _text(client.get(game + "/sheet/coups/1/edit").data.decode())
    assert "Anne-Marie dealt. Anne-Marie -80 · Bruno 40 · Chloé 40" in page
    assert "Anne " not in page.replace("Anne-Marie", "")


def test_the_stop_takeover_links_phone_and_setup_pages_name_him_now(client, app):
    """Their titles and back links said the names typed at the table: "← Ane · Bruno ·
    Chloé" above a game page headed "Anne-Marie · Bruno · Chloé". The set-up page's fields
    keep what was typed (they are the table's input, changed there)."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    data = {**NEW_GAME, "player0": "Ane", "player1": "Bruno", "player2": "Chloé"}
    game = client.post(f"/games/new?evening={evening}", data=data).headers["Location"]
    _rename(client, app, club, "Ane", "Anne-Marie")
    setup = client.get(game + "/setup").data.decode()  # no coup yet: its set-up is open
    assert "← Anne-Marie · Bruno · Chloé" in _text(setup)
    assert 'value="Ane"' in setup  # the field as typed
    for text in SEED_COUPS[:6]:
        assert enter(client, game, text).status_code == 302
    links = client.get(game + "/links").data.decode()
    phone = re.search(r'<li id="phone-(\d+)"', links)  # the manager's: its page says why not
    assert phone is not None
    other = follower(client, app, game)  # the takeover page is a follower's
    for who, path in (
        (client, "/stop"),
        (other, "/takeover"),
        (client, "/links"),
        (client, f"/phones/{phone[1]}/remove"),
    ):
        page = who.get(game + path).data.decode()
        title = re.search(r"<title>(.*?)</title>", page, re.S)
        assert title is not None and "Anne-Marie · Bruno · Chloé" in title[1], path
        if "/phones/" not in path:  # its back link is "← Links to this game"
            assert "← Anne-Marie · Bruno · Chloé" in _text(page), path
        assert "Ane ·" not in _text(page), path


def test_a_three_players_sheets_corrected_renonce_names_him_anew(client, app):
    """Manille belge at three: coup 1 corrected from 20 points to a renonce by Anne. What
    the correction changed, in the change log and in the notice every phone is told,
    names the renonce's player by her name now; the game file keeps the name typed."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    game = manille_of_three(client, evening)
    coup = {"trump": "sans-atout", "contre": "contre", "points": "20"}
    assert client.post(game + "/sheet/coups", data=coup).status_code == 302
    client.get(game)  # its message read
    _rename(client, app, club, "Anne", "Anne-Marie")
    other = follower(client, app, game)
    other.get(game)
    corrected = {"trump": "sans-atout", "renonce": "Anne"}
    assert client.post(game + "/sheet/coups/1/edit", data=corrected).status_code == 302
    for page in (
        _text(client.get(game + "/history").data.decode()),
        _text(other.get(game).data.decode()),
    ):
        assert "Renonce — → Anne-Marie" in page
        assert "→ Anne " not in page and "→ Anne;" not in page
    assert json.loads(client.get(game + "/game.json").data)["coups"][0]["renonce"] == "Anne"


def test_the_evenings_close_page_names_him_anew(client, app):
    """The question before closing says what the close's end does to each table it ends
    (the seed after six coups: the bêtes still open are shared): it named the member as
    typed at the table, "Ane −66 → …", under an evening page that says Anne-Marie."""
    club, game = _ane_at_six_coups(client, app)
    client.get(game)  # the coups' messages read
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        (evening,) = conn.execute(
            "select evening_id from evening_games where game_id = ?", [int(game.rsplit("/", 1)[1])]
        ).fetchone()
    finally:
        conn.close()
    _rename(client, app, club, "Ane", "Anne-Marie")
    page = _text(client.get(f"/evenings/{evening}/close").data.decode())
    # Bruno's bête of 72 still open is shared among the three, 24 each: Bruno pays 72 and gets
    # 24 back (−48), the two others +24
    assert "Anne-Marie −66 → −42 (+24) Bruno −21 → −69 (−48) Chloé +87 → +111 (+24)" in page
    assert "Ane " not in page
