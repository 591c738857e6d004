"""A member renamed after they played reads under one name on their table's own settlement.

The play-through of 2026-11-30 (play12, left open): Ane played the seed at a club's evening
and was renamed Anne-Marie on the member form. Her table's settlement then said
"Anne-Marie → Chloé: €3.60" (the club's lines: the cash box's, by member) under a players
table, a journal and a PDF that said "Ane": two names for one person on one sheet. The
settlement names each member by their name now, as every club page does, and says once that
the name typed is theirs (docs/guide-organisers.md, "Rename and Merge"); the game file and
``scorekeeper replay`` keep what was typed.

The seed (docs/rules/hombre.md §10): first seat −72, second −9, third +81 over 7 coups; at
5 cents a chip the first seat pays the third 72 × 5 = 360 cents (3.60), the second pays
the third 9 × 5 = 45 cents (0.45).
"""

from __future__ import annotations

import json
import re
import sqlite3

from test_clubs import club_version, manille_table, new_club, new_evening, seed_table
from test_fresh import follower
from test_settlement import pdf_text
from test_take_seat import take
from web import NEW_GAME, SEED_COUPS, coup_data, enter, forget_kept, version_of


def _member(app, name: str) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return int(conn.execute("select id from members where name = ?", [name]).fetchone()[0])


def _rename(client, app, club: int, name: str, to: str) -> None:
    data = {"name": to, "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members/{_member(app, name)}", data=data).status_code == 302


def _text(page: str) -> str:
    """The page's words: no tag, no script, one space between words."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", page).replace("&amp;", "&").split())


def test_a_renamed_member_has_one_name_on_his_tables_settlement_and_its_pdf(client, app, tmp_path):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    game = seed_table(client, evening, "Ane", "Bruno", "Chloé")  # −72, −9, +81
    before = client.get(game + "/settlement").data.decode()  # drawn and kept before
    assert "Ane → Chloé" in _text(before)
    _rename(client, app, club, "Ane", "Anne-Marie")
    page = _text(client.get(game + "/settlement").data.decode())
    note = "Ane, as typed at this table, is the member now named Anne-Marie."
    assert page.count("Ane") == 1 and note in page  # said once, and nowhere else
    assert "Settlement — Anne-Marie · Bruno · Chloé" in page
    assert "Anne-Marie → Chloé : €3.60" in page  # 72 × 5 cents, the cash box's line
    assert "Bruno → Chloé : €0.45" in page  # 9 × 5 cents
    assert "Anne-Marie −72 −€3.60" in page  # the players table: her net and money
    assert "Anne-Marie → Chloé 27 (bête)" in page  # the journal: coup 5's bête
    assert "in seat order: Anne-Marie / Bruno / Chloé." in page
    pdf = client.get(game + "/settlement.pdf")
    assert pdf.status_code == 200
    text = " ".join(pdf_text(pdf.data, tmp_path).split())
    assert text.count("Ane") == 1 and note in text
    assert "Anne-Marie → Chloé" in text and "Settlement — Anne-Marie · Bruno · Chloé" in text
    # the game file keeps the name typed, and so its replay
    data = json.loads(client.get(game + "/game.json").data)
    assert data["players"] == ["Ane", "Bruno", "Chloé"]
    assert "Anne-Marie" not in client.get(game + "/game.json").text
    # in French first
    client.get("/lang/fr")
    page = _text(client.get(game + "/settlement").data.decode())
    said = "Ane, le nom saisi à cette table, est le membre qui s’appelle aujourd’hui Anne-Marie."
    assert said in page


def test_every_page_of_his_table_names_him_anew_even_kept_for_a_follower(client, app):
    """The settlement's other pages (its story, the fiche, all coups), as the table's
    follower reads them: each drawn and kept before the rename, then asked again."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    game = seed_table(client, evening, "Ane", "Bruno", "Chloé")  # −72, −9, +81
    client.get(game)  # the coups' messages read
    other = follower(client, app, game)
    paths = ("", "/settlement", "/settlement.pdf", "/story", "/fiche", "/coups")
    before = {path: other.get(game + path) for path in paths}
    assert all(r.status_code == 200 for r in before.values())
    assert "Ane · Bruno · Chloé" in _text(before["/story"].data.decode())
    _rename(client, app, club, "Ane", "Anne-Marie")
    for path in paths:
        tag = before[path].headers.get("ETag")
        response = other.get(game + path, headers={"If-None-Match": tag} if tag else {})
        assert response.status_code == 200, path  # never the kept page, never a 304
        if path.endswith(".pdf"):
            continue
        page = _text(response.data.decode())
        assert "Anne-Marie · Bruno · Chloé" in page, path  # the way back to the table
        assert "Ane " not in page.replace("Ane, as typed", ""), path
    story = _text(other.get(game + "/story").data.decode())
    assert "Anne-Marie Bruno Chloé" in story  # the chart's key and the per-player columns
    coups = _text(other.get(game + "/coups").data.decode())
    assert "Nets: Anne-Marie −72 · Bruno −9 · Chloé +81" in coups
    assert "Anne-Marie → Chloé 27 (bête)" in coups  # coup 5
    fiche = _text(other.get(game + "/fiche").data.decode())
    assert "No. Anne-Marie Bruno Chloé" in fiche


def _ane_at_six_coups(client, app) -> tuple[int, str]:
    """A club's evening table of Ane, Bruno and Chloé after the seed's first six coups."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    data = {**NEW_GAME, "player0": "Ane", "player1": "Bruno", "player2": "Chloé"}
    game = client.post(f"/games/new?evening={evening}", data=data).headers["Location"]
    for text in SEED_COUPS[:6]:
        assert enter(client, game, text).status_code == 302
    return club, game


def test_the_managers_game_page_names_him_anew_after_the_next_coup_too(client, app):
    """The table's manager's game page, kept as a frame with holes and its pieces (the
    standing, the deal, the fiche, the recent coups) before the rename: after it, and after
    the next coup, every piece and the coup form name Anne-Marie (CHECK_FRAMES draws each
    kept frame again in the tests: a key that misses the names fails)."""
    club, game = _ane_at_six_coups(client, app)
    assert "Ane · Bruno · Chloé" in _text(client.get(game).data.decode())
    assert "Ane · Bruno · Chloé" in _text(client.get(game).data.decode())  # the kept page
    _rename(client, app, club, "Ane", "Anne-Marie")
    for step in ("renamed", "a coup after"):
        page = client.get(game).data.decode()
        words = _text(page)
        assert "Anne-Marie · Bruno · Chloé" in words, step  # the head
        assert "Ane" not in words, step  # one name per person on the page
        assert '<legend class="who">Anne-Marie' in page, step  # the coup form's tricks
        assert "Anne-Marie −" in words, step  # the standing
        assert "tricks Anne-Marie 2 · Bruno 5 · Chloé 2" in words, step  # coup 6
        if step == "renamed":
            assert enter(client, game, SEED_COUPS[6]).status_code == 302
            client.get(game)  # its message read
    assert json.loads(client.get(game + "/game.json").data)["players"][0] == "Ane"


def test_a_merged_member_is_named_as_the_one_kept(client, app):
    club = new_club(client)
    data = {"name": "Bruno", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    evening = new_evening(client, app, club, "2026-11-03")
    game = seed_table(client, evening, "Anne", "Bruneau", "Chloé")  # −72, −9, +81
    client.get(game)  # the coups' messages read
    data = {"member": _member(app, "Bruneau"), "into": _member(app, "Bruno")}
    data["version"] = club_version(app)
    assert client.post(f"/clubs/{club}/merge", data=data).status_code == 302
    page = _text(client.get(game + "/settlement").data.decode())
    assert page.count("Bruneau") == 1
    assert "Bruneau, as typed at this table, is the member now named Bruno." in page
    assert "Bruno → Chloé : €0.45" in page and "Bruno −9 −€0.45" in page  # 9 × 5 cents


def test_a_newcomer_renamed_is_named_anew_where_he_sat(client, app):
    """Tom plays for Bruno from coup 5 (their money stays Bruno's: Tom 0), then is renamed
    Thomas: the seat lines, the persons' rows and the journal of coups 5-7 name Thomas."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    data = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    response = client.post(f"/games/new?evening={evening}", data=data)
    game = response.headers["Location"]
    for text in SEED_COUPS[:4]:
        assert enter(client, game, text).status_code == 302
    assert take(client, game, "1", "Tom").status_code == 302
    for text in SEED_COUPS[4:]:
        assert enter(client, game, text).status_code == 302
    client.get(game)  # the coups' and the seat's messages read
    _rename(client, app, club, "Tom", "Thomas")
    page = _text(client.get(game + "/settlement").data.decode())
    assert page.count("Tom") == 1
    assert "Tom, as typed at this table, is the member now named Thomas." in page
    assert "From coup 5, Thomas plays for Bruno." in page
    assert "Thomas 0" in page  # their own result: Bruno's money was played
    assert "Bruno → Thomas" in page  # the seat, in turn
    # coup 6 (B demande A2 B5 C2): Thomas sat at Bruno's seat and won it, with Bruno's
    # money: the poule is paid to Bruno (their by-person result, rules/hombre/paid.py)
    assert "Thomas demande: gagne" in page and "Anne → Bruno 6 (poule)" in page
    assert "Anne → Thomas" not in page
    coups = _text(client.get(game + "/coups").data.decode())
    assert coups.count("Tom") == 0 and "From coup 5, Thomas plays for Bruno." in coups
    assert "Thomas demande" in coups and "Anne → Bruno 6 (poule)" in coups
    assert json.loads(client.get(game + "/game.json").data)["seat_changes"][0]["player"] == "Tom"


def test_a_points_tables_final_sheet_names_him_anew(client, app, tmp_path):
    """A Manille table of the evening (Nous: Anne & Denis · Eux: Fanny & Gilles, one coup:
    retourne 3, Nous 28 points), Fanny renamed Fanny Morel: its final sheet and its PDF say
    the teams as the evening's page does (test_renamed_member_on_the_evening.py)."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    game = manille_table(client, evening)
    client.get(game)  # the coup's message read
    _rename(client, app, club, "Fanny", "Fanny Morel")
    page = _text(client.get(game + "/settlement").data.decode())
    assert "Eux: Fanny Morel & Gilles" in page
    assert "Fanny, as typed at this table, is the member now named Fanny Morel." in page
    assert page.replace("Fanny Morel", "").count("Fanny") == 1  # the note's, once
    pdf = client.get(game + "/settlement.pdf")
    text = " ".join(pdf_text(pdf.data, tmp_path).split())
    assert "Fanny Morel & Gilles" in text and text.replace("Fanny Morel", "").count("Fanny") == 1
    assert "Fanny Morel" not in client.get(game + "/game.json").text
    other = follower(client, app, game)
    for reader in (client, other):  # the sheet's own page: the manager's, a follower's
        page = _text(reader.get(game).data.decode())
        assert "Eux: Fanny Morel & Gilles" in page
        assert page.replace("Fanny Morel", "").count("Fanny") == 0


def test_a_game_alone_names_its_players_as_typed(client):
    data = {**NEW_GAME, "player0": "Ane", "player1": "Bruno", "player2": "Chloé"}
    game = client.post("/games/new", data=data).headers["Location"]
    for text in SEED_COUPS:
        assert enter(client, game, text).status_code == 302
    page = _text(client.get(game + "/settlement").data.decode())
    assert "as typed at this table" not in page and "Settlement — Ane · Bruno · Chloé" in page


def test_a_seat_row_changed_behind_the_app_leaves_the_game_page_as_typed(client, app):
    """A seat's row deleted behind the app: the member of that seat is unknown. The table's
    game page still serves its manager, with the names as typed (the club's pages and
    ``verify`` name the damaged row); it must not refuse the table its page."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    game = seed_table(client, evening, "Ane", "Bruno", "Chloé")
    _rename(client, app, club, "Ane", "Anne-Marie")
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute("delete from seats where seat = 1")
    conn.close()
    forget_kept(app)  # behind the app: what this process kept of the table is not asked again
    response = client.get(game)
    assert response.status_code == 200
    assert "Ane · Bruno · Chloé" in _text(response.data.decode())


def test_a_seat_relinked_by_a_set_up_change_there_and_back_is_named_anew(client, app):
    """review12: the names now of a table are kept per process by what they are made of
    (``seat_words.NAMES``), the club's version among them; a set-up change before the
    first coup moves the table's seats (``relink_seats``) without moving it. Ane is
    renamed Anne-Marie, then a second person joins the club as Ane (and Zed); the table's
    manager types Zed for Ane and back (the same players as before): seat 0 is now the
    member Ane, whom the room bills, and the table's pages must say Ane. They said
    "Anne-Marie" and "Ane, as typed at this table, is the member now named Anne-Marie.":
    the names kept before the set-up change, under the same players and club version."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    data = {**NEW_GAME, "player0": "Ane", "player1": "Bruno", "player2": "Chloé"}
    game = client.post(f"/games/new?evening={evening}", data=data).headers["Location"]
    _rename(client, app, club, "Ane", "Anne-Marie")
    for name in ("Ane", "Zed"):  # a second Ane, and Zed: members already, nobody is made
        data = {"name": name, "version": club_version(app)}
        assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    assert "Anne-Marie · Bruno · Chloé" in _text(client.get(game).data.decode())  # names kept
    for player in ("Zed", "Ane"):
        data = {**NEW_GAME, "player0": player, "player1": "Bruno", "player2": "Chloé"}
        data["version"] = version_of(client, game)
        assert client.post(game + "/setup", data=data).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (seat,) = conn.execute("select member_id from seats where seat = 0").fetchone()
    assert seat == _member(app, "Ane")  # the new member sits at seat 0, billed by the room
    for text in SEED_COUPS:
        assert enter(client, game, text).status_code in (200, 302)
    page = _text(client.get(game + "/settlement").data.decode())
    assert "Anne-Marie" not in page and "is the member now named" not in page
    assert "Ane → Chloé : €3.60" in page  # 72 × 5 cents: the seed's first seat, member Ane


def test_the_check_before_saving_names_him_anew_too(client, app):
    """review12: the entry bar's check of a coup on the game page (``/preview``, and the
    page itself after "Check") said "Ane demande … Nets after the coup: Ane −72" beside a
    coup form and a standing that say Anne-Marie. The seed's coup 7 (B demande A2 B5 C2)
    brings the nets to the seed's end (docs/rules/hombre.md §10): −72, −9, +81."""
    club, game = _ane_at_six_coups(client, app)
    client.get(game)  # the coups' messages read
    _rename(client, app, club, "Ane", "Anne-Marie")
    data = {**coup_data(SEED_COUPS[6]), "version": version_of(client, game)}
    bar = _text(client.post(game + "/preview", data=data).data.decode())
    page = _text(client.post(game + "/coups", data=data).data.decode())
    for said in (bar, page):  # the page's coup form, sent back, keeps what was typed
        assert "Nets after the coup: Anne-Marie −72 · Bruno −9 · Chloé +81" in said
        assert "Payments Chloé → Bruno 6 (poule) Anne-Marie → Bruno 6 (poule)" in said
    assert "Ane" not in bar


def test_a_three_players_sheets_check_names_him_anew_too(client, app):
    """review12: a points sheet of three players at a club's evening (Manille belge, three
    deals, sans-atout compulsory): its columns name a renamed member by their name now, and
    so must the check of the coup being entered (``/preview``, and the page after
    "Check"). Anne alone, sans-atout contré (×4), 20 points: −80, the others +40 each
    (tests/web/test_web_sheets.py's arithmetic)."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    data = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé", "player3": ""}
    data |= {"first_dealer": "0", "create": "1", "variant": "belge", "deals": "3"}
    response = client.post(f"/games/new/manille?evening={evening}", data=data | {"sans_atout": "1"})
    assert response.status_code == 302, response.data.decode()[-1500:]
    game = response.headers["Location"]
    _rename(client, app, club, "Anne", "Anne-Marie")
    coup = {"trump": "sans-atout", "contre": "contre", "points": "20"}
    coup["version"] = version_of(client, game)
    bar = _text(client.post(game + "/preview", data=coup).data.decode())
    page = _text(client.post(game + "/sheet/coups", data=coup | {"check": "1"}).data.decode())
    for said in (bar, page):
        assert "Anne-Marie −80 · Bruno +40 · Chloé +40" in said
        assert "Then: Anne-Marie -80 · Bruno 40 · Chloé 40" in said
