"""Players' names as a table says them (issue 25, "Names and clubs").

"Anne" and "anne " are one player: a game refuses them beside the later
field, a club's new table finds the member instead of making a second one,
a member cannot be added or renamed onto another's name. A long name is
refused where it was typed, never cut; a blank one beside its own field.
"""

from __future__ import annotations

import re
import sqlite3

from test_clubs import club_version, new_club, new_evening
from web import NEW_GAME

from scorekeeper.names import first_clash, same_key, tidy

BROU = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé", "player3": "Denis"}
BROU |= {"first_dealer": "0", "create": "1", "parties": "10"}


def field_error(html: str, field: str) -> str:
    """The error text shown in the field block of ``field``, '' if none."""
    block = re.search(rf'<div class="field has-error">\s*<label for="{field}".*?</div>', html, re.S)
    return "" if block is None else re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", block.group(0)))


def count(app, sql: str, *args) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return int(conn.execute(sql, args).fetchone()[0])


def test_same_key_ignores_case_accents_and_spaces():
    assert same_key("Anne") == same_key("anne ") == same_key(" ANNÉ") == same_key("An ne")
    assert same_key("Anne") != same_key("Annie")
    assert tidy("  Jean   Paul ") == "Jean Paul"
    assert first_clash(["Anne", "Bruno", "chloe", "Chloé"]) == (2, 3)
    assert first_clash(["Anne", "Bruno", "Chloé"]) is None


def test_a_game_refuses_one_player_twice_beside_the_later_field(client, app):
    response = client.post("/games/new", data={**NEW_GAME, "player1": "anne "})
    assert response.status_code == 422
    assert "already at this table as Anne" in field_error(response.data.decode(), "player1")
    response = client.post("/games/new", data={**NEW_GAME, "player2": "ANNÉ"})
    assert "already at this table as Anne" in field_error(response.data.decode(), "player2")
    brou = client.post("/games/new/brou", data={**BROU, "player3": "chloe"})
    assert brou.status_code == 422
    assert "already at this table as Chloé" in field_error(brou.data.decode(), "player3")
    assert count(app, "select count(*) from games") == 0


def test_a_blank_or_long_name_is_refused_beside_its_own_field(client, app):
    response = client.post("/games/new", data={**NEW_GAME, "player1": "   "})
    assert response.status_code == 422
    assert "Type this player's name" in field_error(response.data.decode(), "player1")
    assert field_error(response.data.decode(), "player2") == ""
    long = "B" * 41  # one more than the 40 a name may have
    response = client.post("/games/new", data={**NEW_GAME, "player1": long})
    assert response.status_code == 422
    # said once, not again by the names rule in its own words
    assert field_error(response.data.decode(), "player1").count("at most 40 characters") == 1
    # the browser does not cut it silently: no maxlength on the name fields
    assert 'maxlength="40"' not in client.get("/games/new").data.decode()
    assert count(app, "select count(*) from games") == 0
    # names are kept trimmed, inner spaces made one
    response = client.post("/games/new", data={**NEW_GAME, "player1": "  Jean   Paul "})
    assert response.status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        players = conn.execute("select players from games").fetchone()[0]
    assert '"Jean Paul"' in players


def test_a_club_table_finds_the_member_a_lower_case_name_means(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-20")
    first = client.post(f"/games/new?evening={evening}", data=dict(NEW_GAME))
    assert first.status_code == 302
    members = count(app, "select count(*) from members where club_id = ?", club)
    # the second table types "anne" and "bruno ": the same two members, one new (Denis)
    data = {**NEW_GAME, "player0": "anne", "player1": "bruno ", "player2": "Denis"}
    assert client.post(f"/games/new?evening={evening}", data=data).status_code == 302
    assert count(app, "select count(*) from members where club_id = ?", club) == members + 1
    anne = count(app, "select id from members where club_id = ? and name = 'Anne'", club)
    assert count(app, "select count(*) from seats where member_id = ?", anne) == 2


def test_the_club_adds_a_member_and_refuses_a_second_of_one_name(client, app):
    club = new_club(client)
    data = {"name": "  Denis ", "short_name": "De", "version": club_version(app), "submit": "1"}
    response = client.post(f"/clubs/{club}/members", data=data)
    assert response.status_code == 302
    assert count(app, "select count(*) from members where club_id = ? and name = 'Denis'", club)
    data = {"name": "dénis", "short_name": "", "version": club_version(app), "submit": "1"}
    response = client.post(f"/clubs/{club}/members", data=data)
    assert response.status_code == 422
    assert "Denis is a member already" in field_error(response.data.decode(), "name")
    assert count(app, "select count(*) from members where club_id = ?", club) == 1
    # renaming another member onto Denis's name is refused too
    data = {"name": "Emma", "short_name": "", "version": club_version(app), "submit": "1"}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    emma = count(app, "select id from members where name = 'Emma'")
    data = {"name": "DENIS", "short_name": "", "version": club_version(app)}
    response = client.post(f"/clubs/{club}/members/{emma}", data=data)
    assert response.status_code == 422
    assert "Denis is a member already" in response.data.decode()


def test_the_club_page_labels_its_inputs_and_draws_its_links_qr_codes(client, app):
    club = new_club(client)
    html = client.get(f"/clubs/{club}").data.decode()
    # the one-time manager link and the club link, each with its QR code
    assert html.count("<svg") >= 2
    assert 'id="new-member"' in html
    data = {"name": "Denis", "short_name": "", "version": club_version(app), "submit": "1"}
    client.post(f"/clubs/{club}/members", data=data)
    html = client.get(f"/clubs/{club}").data.decode()
    row = re.search(r'<form[^>]*class="member-row".*?</form>', html, re.S).group(0)
    assert re.search(r"<label>[^<]*<input name=\"name\"", row)
    assert re.search(r"<label>[^<]*<input name=\"short_name\"", row)


def test_a_cjk_name_prints_in_the_pdf_with_a_font_that_has_it(client, tmp_path):
    """Without a CJK font WeasyPrint drew boxes: the PDF must embed one that has 王芳's glyphs."""
    import shutil
    import subprocess

    response = client.post("/games/new", data={**NEW_GAME, "player1": "王芳"})
    assert response.status_code == 302
    pdf = client.get(response.headers["Location"] + "/settlement.pdf")
    assert pdf.status_code == 200
    path = tmp_path / "s.pdf"
    path.write_bytes(pdf.data)
    assert shutil.which("pdffonts"), "poppler-utils is part of the test set-up"
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True)
    assert "Droid-Sans-Fallback" in fonts.stdout  # fonts-droid-fallback (Makefile RUN_DEBS)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True).stdout
    assert "王芳" in text
