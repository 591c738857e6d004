"""After someone took a seat, the words around the money name the person who played
(the play-through of a table where Denis took over Bruno's seat).

The figures are the seed's worked example (hombre.md §10) with Denis taking over
Bruno's seat from coup 5, as tests/rules/test_seating.py works them out: the seats'
nets after coups 6 and 7 are Anne −66 / Bruno's seat −21 / Chloé +87 and
−72 / −9 / +81; Bruno played coups 1-4 (net 0) and handed their open bêtes, 72 + 108 =
180, to Denis: Bruno −180, Denis −9 + 180 = +171 after coup 7.
"""

import json
import re
import sqlite3
from pathlib import Path

import pytest
from test_take_seat import take, taken_over_at_coup_5
from web import SEED_COUPS, enter, new_game, report

GOLDEN = Path(__file__).parents[1] / "golden"


def notice(page: str) -> str:
    """The follower's notice of the last change (templates/_change_notice.html)."""
    found = re.search(r'class="notice change-notice"[^>]*><p>(.*?)</p>', page)
    return "" if found is None else found.group(1)


def flashed(page: str) -> list[str]:
    return re.findall(r'<p class="flash[^"]*"[^>]*>(.*?)</p>', page)


def test_an_undo_after_a_take_over_says_each_persons_change(client):
    game = taken_over_at_coup_5(client)
    page = client.post(game + "/undo", data={}, follow_redirects=True).text
    # Coup 7 (B wins, their bête cancelled) moved the seats Anne -6, Bruno's seat +12, Chloé -6;
    # undone: Anne -72 -> -66, Chloé +81 -> +87, and Bruno's seat's +12 back is Denis's, who
    # played it: +171 -> +159 (-21 + 180). Bruno's own -180 does not move: they are not named.
    assert "Coup 7 undone. Nets: Anne −72 → −66, Chloé +81 → +87, Denis +171 → +159." in flashed(
        page
    ), flashed(page)
    assert notice(page) == "Coup 7 undone: Anne +6, Chloé +6, Denis −12"


def test_a_redo_and_a_deletion_after_a_take_over_say_each_persons_change(client):
    game = taken_over_at_coup_5(client)
    client.post(game + "/undo", data={})
    page = client.post(game + "/redo", data={}, follow_redirects=True).text
    # coup 7 back: the undo's figures the other way round
    assert notice(page) == "Coup 7 redone: Anne −6, Chloé −6, Denis +12"
    confirm = client.get(game + "/coups/7/delete").text
    assert "What this changes for each person" in confirm
    assert "What this changes in the nets" not in confirm  # no seat's net under Bruno's name
    assert "<li>Denis: +171 → <b>+159</b> (−12)</li>" in confirm
    assert "Bruno:" not in confirm
    page = client.post(game + "/coups/7/delete", data={}, follow_redirects=True).text
    assert "Coup 7 deleted. Nets: Anne −72 → −66, Chloé +81 → +87, Denis +171 → +159." in (
        flashed(page)
    )
    assert notice(page) == "Coup 7 deleted: Anne +6, Chloé +6, Denis −12"


def test_a_correction_after_a_take_over_says_each_persons_change(client):
    game = taken_over_at_coup_5(client)
    fields = {"hombre": "1", "contract": "demande", "t0": "4", "t1": "4", "t2": "1"}
    # coup 7 corrected to a remise of Bruno's seat (B demande A4 B4 C1): whatever the seat
    # pays is Denis's, who played it; Bruno's -180 stays and they are not named
    preview = client.post(game + "/coups/7/edit", data={**fields, "check": "1"}).text
    assert "What this changes for each person" in preview
    assert "What this changes in the nets" not in preview
    assert "Bruno:" not in preview.split("What this changes for each person")[1]
    seat = report(client, game)["net"]["Bruno"]  # -9
    page = client.post(game + "/coups/7/edit", data={**fields, "save": "1"}, follow_redirects=True)
    moved = report(client, game)["net"]["Bruno"] - seat  # the seat's change: all Denis's
    assert moved != 0
    said = f"Denis +171 → {171 + moved:+d}".replace("-", "−")
    (flash,) = [f for f in flashed(page.text) if f.startswith("Coup 7 corrected.")]
    assert said in flash and "Bruno" not in flash, flash
    assert notice(page.text).startswith("Coup 7 corrected: ")
    assert f"Denis {moved:+d}".replace("-", "−") in notice(page.text)
    assert "Bruno" not in notice(page.text)
    assert report(client, game)["by_person"]["Bruno"] == -180


def played_from_the_start(client):
    """The seed's coups entered one by one at a table whose rules let a newcomer take over,
    Denis taking over Bruno's seat from coup 5: every coup has its own line in the log."""
    game = new_game(client)
    data = json.loads(client.get(game + "/game.json").data)
    data["rules"]["take_over"] = True
    game = client.post("/games/import", data={"text": json.dumps(data)}).headers["Location"]
    for text in SEED_COUPS[:4]:
        assert enter(client, game, text).status_code == 302
    assert take(client, game, "1", "Denis", "takes_over").status_code == 302
    for text in SEED_COUPS[4:]:
        assert enter(client, game, text).status_code == 302
    return game


def log_lines(client, game):
    """The change log's lines: (head, what the coup was or became), newest first."""
    page = client.get(game + "/history").text
    return [
        (re.sub(r"<[^>]+>", "", head), re.sub(r"<[^>]+>", "", said))
        for head, said in re.findall(
            r'<li class="change[^"]*">\s*<p>(.*?)</p>(?:(?!</li>).)*?'
            r'<p class="(?:before|after)">(.*?)</p>',
            page,
            re.S,
        )
    ]


def test_the_change_log_names_who_played_each_coup_after_a_deletion(client):
    game = played_from_the_start(client)
    # coup 2 deleted: Denis's change moves to coup 4 (it stays with the coup they first
    # played); the coup Bruno played as coup 4 is coup 3 now, and Bruno played it
    assert client.post(game + "/coups/2/delete", data={}).status_code == 302
    lines = log_lines(client, game)
    added_4 = [said for head, said in lines if "Coup 4 at the time, now coup 3" in head]
    assert added_4 == ["After: Bruno demande: remise"]
    added_6 = [said for head, said in lines if "Coup 6 at the time, now coup 5" in head]
    assert added_6 == ["After: Denis demande: gagne — bête of 108 taken back"]
    # that coup deleted too: Denis's change moves to coup 3, where today's seats would say
    # Denis; the deleted coup and the line that added it name Bruno, who played it then
    assert client.post(game + "/coups/3/delete", data={}).status_code == 302
    lines = log_lines(client, game)
    assert [said for head, said in lines if "coup deleted" in head and "Coup 3 " in head] == [
        "Before: Bruno demande: remise"
    ]
    assert [said for head, said in lines if "coup added · Coup 4 · " in head] == [
        "After: Bruno demande: remise"
    ]
    assert [said for head, said in lines if "Coup 6 at the time, now coup 4" in head] == [
        "After: Denis demande: gagne — bête of 108 taken back"
    ]


def standing(page: str) -> list[str]:
    section = page.split('id="standing"')[1].split("</tbody>")[0]
    return [
        re.sub(r"<[^>]+>", " ", row).split() for row in re.findall(r"<tr>(.*?)</tr>", section, re.S)
    ][1:]


def test_the_standing_gives_a_newcomer_his_own_stack_and_the_leaver_none(client):
    game = taken_over_at_coup_5(client)
    # a stack is caves × cave + net (cave 200, fiche 20). Denis sat down after coup 4 with a
    # cave of their own and Bruno's open bêtes' 180: 180; the seat then moved -33, +12, +12
    # (-33, -21, -9 after coups 5-7): 147, 159, 171, never below zero: one cave,
    # 200 + 171 = 371 = 18 fiches + 11 (the seat's 200 - 9 = 191 was Bruno's and Denis's
    # together). Bruno left: no chips at the table. Anne 200 - 72 = 128 = 6 fiches + 8;
    # Chloé 200 + 81 = 281 = 14 fiches + 1.
    assert standing(client.get(game).text) == [
        ["Anne", "−72", "6", "fiches", "+", "8", "1"],
        ["Bruno", "−180", "—", "—"],
        ["Chloé", "+81", "14", "fiches", "+", "1", "1"],
        ["Denis", "+171", "18", "fiches", "+", "11", "1"],
    ]


def test_the_settlement_gives_each_person_the_standings_stack_and_no_seat_a_stack(client):
    """One stack a person: the settlement says the Standing's figures (Denis 18 fiches + 11,
    Bruno "—", above) in its table of persons, and its seat table ("Bruno → Denis") no
    longer gives the seat's 191 = 9 fiches + 11, which was nobody's (a hostile review
    found the game page saying 371 and the settlement 191 for Denis's stack)."""
    game = taken_over_at_coup_5(client)
    page = client.get(game + "/settlement").text
    seats = page[page.index('id="players"') : page.index("</table>", page.index('id="players"'))]
    assert "Final stack" not in seats and "9 fiches + 11" not in seats
    people = page[page.index('id="people"') : page.index("</table>", page.index('id="people"'))]
    rows = {
        name: re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", rest)).strip()
        for name, rest in re.findall(r'<th scope="row">([^<]+)</th>(.*?)</tr>', people, re.S)
    }
    assert rows["Denis"].startswith("+171") and rows["Denis"].endswith("1 18 fiches + 11 (371)")
    assert rows["Bruno"].endswith("— —")
    assert rows["Anne"].endswith("1 6 fiches + 8 (128)")


def test_a_player_back_at_the_seat_is_said_so_whoever_it_is(client):
    """The who-sat-when line of one back at the seat that is theirs: no "his" in any
    language (Anne as well as Bruno)."""
    game = new_game(client)
    for text in SEED_COUPS[:2]:
        assert enter(client, game, text).status_code == 302
    assert take(client, game, "0", "Denis").status_code == 302  # Denis plays for Anne
    assert enter(client, game, SEED_COUPS[2]).status_code == 302
    assert take(client, game, "0", "Anne").status_code == 302  # Anne back from coup 4
    said = {
        "en": "From coup 4, Anne is back at their own seat.",
        "fr": "À partir du coup 4, Anne reprend sa place.",
        "da": "Fra spil 4 er Anne tilbage på sin egen plads.",
        "nl": "Vanaf spel 4 is Anne terug op de eigen plaats.",
    }
    for code, line in said.items():
        client.get(f"/lang/{code}")
        assert line in client.get(game).text, code


def log_nets(client, game):
    """The change log's net lines, newest first (templates/history.html)."""
    page = client.get(game + "/history").text
    return re.findall(r'<p class="nets">(.*?)</p>', page, re.S)


def test_the_change_log_says_each_persons_change_as_the_notice_does(client):
    """The play-through of the merged main: after a take-over the log's nets were the seat's,
    named "Bruno → Denis", a figure nobody had (the notice said each person's)."""
    game = taken_over_at_coup_5(client)
    page = client.post(game + "/undo", data={}, follow_redirects=True).text
    assert notice(page) == "Coup 7 undone: Anne +6, Chloé +6, Denis −12"
    nets = log_nets(client, game)
    # the undo (newest line), every person in the order they first sat: Anne -72 -> -66,
    # Bruno's -180 (their bêtes handed to Denis) does not move, Chloé +81 -> +87, Denis
    # +171 -> +159 (the seat's -9 -> -21, plus the 180 handed to them)
    assert nets[0] == (
        "Anne −72 → −66 (+6) · Bruno −180 → −180 (0) · Chloé +81 → +87 (+6)"
        " · Denis +171 → +159 (−12)"
    ), nets[0]
    # the line that added coup 7 says the same the other way round
    assert nets[1] == (
        "Anne −66 → −72 (−6) · Bruno −180 → −180 (0) · Chloé +87 → +81 (−6)"
        " · Denis +159 → +171 (+12)"
    ), nets[1]
    assert not any("Bruno → Denis" in line for line in nets)


def test_the_change_log_of_a_coup_before_the_take_over_names_who_sat_then(client):
    """A coup added before Denis sat down: the seat changes as they stood then (none), so
    Bruno's line is their seat's, and Denis is in no line of a coup before theirs."""
    game = played_from_the_start(client)
    nets = log_nets(client, game)
    # newest first: coups 7, 6, 5 added after the seat was taken, then 4, 3, 2, 1 before.
    # Coup 5 (Chloé's demande wins the pot): the seats 0 / 0 / 0 -> -60 / -33 / +93 (as
    # tests/rules/test_seating.py works them out); Denis had the 180 of bêtes Bruno handed
    # them: +180 -> +147 (-33 + 180); Bruno's -180 does not move.
    assert nets[2] == (
        "Anne 0 → −60 (−60) · Bruno −180 → −180 (0) · Chloé 0 → +93 (+93) · Denis +180 → +147 (−33)"
    ), nets
    # coups 1-4 (a bête and remises: no net moves yet) were played before Denis sat down:
    # Bruno's own line, no "Bruno → Denis", no Denis
    assert nets[3:] == ["Anne 0 → 0 (0) · Bruno 0 → 0 (0) · Chloé 0 → 0 (0)"] * 4, nets


@pytest.mark.parametrize(
    "junk",
    [{"coup": "5"}, {"coup": 0}, {"coup": 5.5}, {"player": 7}, {"way": "x"}, "deep"],
    ids=["coup-text", "coup-0", "coup-float", "player-number", "way", "deep"],
)
def test_a_seat_line_changed_by_hand_leaves_the_pages_answering(client, app, junk):
    """A taken-over game's change log line of the seat taken, changed outside the app (its
    chain says so to `verify`): the game page, its history and its settlement still
    answer, the line read as nothing (the notice replayed it: a KeyError, a TypeError, or
    for JSON nested too deep a RecursionError — a 500; found by a hostile review)."""
    game = taken_over_at_coup_5(client)
    assert client.post(game + "/undo", data={}).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        line, after = conn.execute(
            "select id, after from changes where action = 'seat' order by id desc limit 1"
        ).fetchone()
        text = (
            "[" * 100_000 + "]" * 100_000
            if junk == "deep"
            else json.dumps({**json.loads(after), **junk})
        )
        triggers = conn.execute(
            "select name, sql from sqlite_master where type = 'trigger'"
            " and tbl_name = 'changes' and sql like '%UPDATE%'"
        ).fetchall()
        for name, _ in triggers:  # the log refuses changes: taken away for the tampering
            conn.execute(f"drop trigger {name}")
        conn.execute("update changes set after = ? where id = ?", [text, line])
        for _, sql in triggers:
            conn.execute(sql)
    for path in ("", "/history", "/settlement"):
        assert client.get(game + path).status_code == 200, path


def test_a_redo_says_each_persons_net_as_the_undo_does(client):
    game = taken_over_at_coup_5(client)
    client.post(game + "/undo", data={})
    page = client.post(game + "/redo", data={}, follow_redirects=True).text
    # coup 7 back (the undo's figures the other way round): Anne -66 -> -72, Chloé +87 -> +81,
    # Denis +159 -> +171 (-9 + 180); Bruno's -180 does not move and is not named
    assert "Coup 7 redone. Nets: Anne −66 → −72, Chloé +87 → +81, Denis +159 → +171." in (
        flashed(page)
    ), flashed(page)


def test_at_a_points_table_the_seat_page_speaks_of_points_not_money(client):
    """A Manille or Brou table carries no money ("Les tables aux points ne portent pas
    d'argent", the room's settlement): its seat page says what the seat keeps — its
    points — in French, Danish and Dutch; a chip table's page still says money."""
    data = json.loads((GOLDEN / "brou.game.json").read_text())
    data["coups"] = data["coups"][:2]
    game = client.post("/games/import", data={"text": json.dumps(data)}).headers["Location"]
    said = {
        "fr-FR": (
            "joue pour l’absent : les points restent ceux de l’absent",
            "les points de la place",
        ),
        "da-DK": (
            "spiller for den fraværende: pointene forbliver den fraværendes",
            "pladsens point",
        ),
        "nl-NL": (
            "speelt voor de afwezige: de punten blijven van de afwezige",
            "de punten van de plaats",
        ),
    }
    for language, (way, seat) in said.items():
        page = text(client.get(game + "/seat", headers={"Accept-Language": language}).text)
        assert way in page and seat in page, page
        assert "argent" not in page and "penge" not in page and "geld" not in page, page
    hombre = new_game(client)
    assert enter(client, hombre, SEED_COUPS[0]).status_code == 302
    page = text(client.get(hombre + "/seat", headers={"Accept-Language": "fr-FR"}).text)
    assert "joue pour l’absent : l’argent reste celui de l’absent" in page
    assert "l’argent de la place reste celui de l’absent" in page


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("\u202f", " ")
