"""After a seat change the people's files name who played, and the sheets name who sits
(the play-through's two tables: tests/rules/test_seat_lines.py).

The journal and standings CSVs are the people's files (docs/formats.md): each coup's row
names who sat at each seat in it, and the standings count each person's result, as the
settlement pays it; only the game file and the report keep the seats' first players.
"""

from __future__ import annotations

import csv
import io
import json
import re

from test_club_money_one_figure import club_at, table
from test_club_points import manillen_table
from test_clubs import new_club, new_evening
from test_one_purse_web import rows as room_rows
from test_seat_lines import HOMBRE
from test_take_seat import take
from web import SEED_COUPS, enter, version_of


def imported(client, data):
    response = client.post("/games/import", data={"text": json.dumps(data)})
    assert response.status_code == 302, response.data.decode()[:2000]
    return response.headers["Location"]


def rows(client, path, delimiter=","):
    text = client.get(path).data.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text), delimiter=delimiter))


# --- l'Hombre: the journal and the standings ------------------------------------------
# Anne, Bruno, Chloé; Denis takes over Bruno's seat from coup 5, Bruno plays coup 6 for
# Anne, Anne is back from coup 7 (tests/rules/test_seat_lines.py's HOMBRE).


def test_the_journal_names_who_played_each_coup(client):
    game = imported(client, HOMBRE)
    for path, sep in (("/journal.csv", ","), ("/journal.csv?sep=semicolon", ";")):
        found = rows(client, game + path, sep)[1:]
        by_coup = {n: [r for r in found if r[0] == n] for n in ("4", "5", "6", "7")}
        # coup 4, before anyone sat down: Bruno's codille, as the seats' first players; after
        # it Bruno leaves, handing Denis the chips of the bête of 27 they made (docs/rules.md,
        # "One rule for every chip system when someone takes over"): a row of its own, in
        # the coup after which Denis sat down, as the standings count it from that row
        assert {(r[2], r[7], r[8]) for r in by_coup["4"]} == {
            ("Bruno", "Bruno", "Chloé"),
            ("Bruno", "Anne", "Chloé"),
            ("Bruno", "Bruno", "Denis"),
        }
        assert by_coup["4"][-1][7:10] == ["Bruno", "Denis", "27"]
        # coup 5 is dealt by Bruno's seat ((0 + 5 - 1) mod 3 = 1), where Denis sits now;
        # Denis pays Chloé the bête of 27 Bruno made in coup 4
        assert {r[1] for r in by_coup["5"]} == {"Denis"}
        assert [r[7:10] for r in by_coup["5"]][-1] == ["Denis", "Chloé", "27"]
        # coup 6: Bruno plays Anne's seat (her money), Denis and Chloé pay them
        assert {r[2] for r in by_coup["6"]} == {"Bruno"}
        assert {r[7] for r in by_coup["6"]} == {"Denis", "Chloé"}
        # coup 7, Denis's sans prendre: Chloé and Anne (back at her seat) pay Denis, 9 of
        # the poule and 12 of the sans prendre each, as the settlement's journal says
        assert {(r[2], r[7], r[8], r[9]) for r in by_coup["7"]} == {
            ("Denis", "Chloé", "Denis", "9"),
            ("Denis", "Anne", "Denis", "9"),
            ("Denis", "Chloé", "Denis", "12"),
            ("Denis", "Anne", "Denis", "12"),
        }
        assert "Bruno" not in {name for r in by_coup["7"] for name in r[1:9]}
    assert "Chloé → Denis 12" in client.get(game + "/settlement").data.decode()
    # the game file keeps naming the seat by its first player (the audit's format)
    data = json.loads(client.get(game + "/game.json").data)
    assert data["coups"][6]["hombre"] == "Bruno"


def test_the_standings_count_each_person_as_the_settlement_pays_him(client):
    game = imported(client, HOMBRE)
    for path, sep in (("/standings.csv", ","), ("/standings.csv?sep=semicolon", ";")):
        head, *found = rows(client, game + path, sep)
        nets = [i for i, h in enumerate(head) if h.lower().startswith("net ")]
        caves = [h.split(" ", 1)[1] for h in head if h.lower().startswith("caves ")]
        # a column a person, in the settlement's order; the caves a column a seat, named
        # by everyone who sat there, as the settlement's Players rows
        assert [head[i].split(" ", 1)[1] for i in nets] == ["Anne", "Bruno", "Chloé", "Denis"]
        assert caves == ["Anne → Bruno → Anne", "Bruno → Denis", "Chloé"]
        net = {r[0]: [int(r[i]) for i in nets] for r in found}
        # after coup 3 nobody has sat down: the seats' nets, Denis 0
        assert net["3"] == [42, 6, -48, 0]
        # after coup 4 the seats stand at +33, -3, -30 and Denis sits down: Bruno hands
        # them the chips of their open bête of coup 4 (27): Bruno -3 - 27 = -30, Denis +27
        assert net["4"] == [33, -30, -30, 27]
        # after coup 6 the seats stand at +60, -48, -12: Anne's seat is Anne's money
        # (Bruno played it for her), Denis -48 - (-3) + 27 = -18; Bruno stays at -30
        assert net["6"] == [60, -30, -12, -18]
        # the game: +39, -6, -33 by seat; Denis -6 - (-3) + 27 = +24 (Bruno's own result
        # is -30, not their seat's); each as the settlement's Who sat where says
        assert net["7"] == [39, -30, -33, 24] and sum(net["7"]) == 0
        assert {r[1] for r in found if r[0] == "7"} == {"Anne"}  # coup 7's dealer
        assert {r[2] for r in found if r[0] == "7"} == {"Denis"}  # and its hombre
    page = client.get(game + "/settlement").data.decode()
    assert '<th scope="row">Bruno</th><td class="num"><b>−30</b>' in page


def test_the_journal_summed_by_person_is_the_standings_row_after_every_coup(client):
    # one account: each person's journal rows (from −, to +) through coup n are their net in
    # the standings' row of coup n (Bruno's hand-over of 27 in coup 4's rows and row alike)
    game = imported(client, HOMBRE)
    head, *standings = rows(client, game + "/standings.csv")
    people = [h.split(" ", 1)[1] for h in head if h.startswith("net ")]
    nets = {r[0]: [int(r[head.index(f"net {p}")]) for p in people] for r in standings}
    total = dict.fromkeys(people, 0)
    journal = rows(client, game + "/journal.csv")[1:]
    for n in nets:
        for r in (r for r in journal if r[0] == n):
            total[r[7]] -= int(r[9])
            total[r[8]] += int(r[9])
        assert [total[p] for p in people] == nets[n], n
    assert nets["7"] == [39, -30, -33, 24]


def test_the_spreadsheets_standings_give_each_persons_money(client):
    game = imported(client, HOMBRE)
    answer = client.post(game + "/settlement", data={"chip_value": "0.05", "currency": "EUR"})
    assert answer.status_code == 302
    head, *found = rows(client, game + "/standings.csv?sep=semicolon", ";")
    money = [i for i, h in enumerate(head) if h.startswith("Money ")]
    assert [head[i] for i in money] == ["Money Anne", "Money Bruno", "Money Chloé", "Money Denis"]
    # at 0.05 € a chip: +39 → 1,95, -30 → -1,50, -33 → -1,65, +24 → 1,20 (sum 0)
    assert [found[-1][i] for i in money] == ["1,95", "-1,50", "-1,65", "1,20"]
    # the comma file for tools has no money, as before
    assert not [h for h in rows(client, game + "/standings.csv")[0] if h.startswith("money")]


def test_a_club_tables_spreadsheet_standings_end_with_each_persons_cash_box_figure(client, app):
    """The seed at 0.025 € a chip, Denis playing for Bruno from coup 5 (the money stays
    Bruno's): after coup 6 the seats are A -66, B -21, C +87, exact -165, -52.5, +217.5
    cents; the room rounds them over the table, the tie (½, ½) to Bruno, first in the club's
    order: -1.65, -0.52, +2.17 € (tests/clubs/test_club_money_one_figure.py). The file's
    last row is a column a person, those figures, Denis 0 (it had no money at all)."""
    club = club_at(client, "0.025")
    evening = new_evening(client, app, club, "2026-11-27")
    game = table(client, evening, ("Anne", "Bruno", "Chloé"), 4)
    assert take(client, game, "1", "Denis").status_code == 302
    for text in SEED_COUPS[4:6]:
        assert enter(client, game, text).status_code in (200, 302)
    head, *found = rows(client, game + "/standings.csv?sep=semicolon", ";")
    money = {h.split(" ", 1)[1]: found[-1][i] for i, h in enumerate(head) if h.startswith("Money")}
    assert money == {"Anne": "-1,65", "Bruno": "-0,52", "Chloé": "2,17", "Denis": "0,00"}
    room = room_rows(client.get(f"/evenings/{evening}/settlement").data.decode())
    assert {n: room[n][0] for n in ("Anne", "Bruno", "Chloé")} == {
        "Anne": "−1.65",
        "Bruno": "−0.52",
        "Chloé": "+2.17",
    }


# --- Manille: the team line of the deal names who sits now ------------------------------
# Émile, Fanny, Gaston, Hélène (Nous: seats 1 and 3, Eux: seats 2 and 4); Zoé takes over
# Hélène's seat from deal 4, Bruno plays deal 7 for Gaston.


def teams_lines(page):
    """Each "Nous: … · Eux: …" of a page (the rules line goes on after it)."""
    return re.findall(r"Nous: [^<>·]+· Eux: [^<>·]+?(?= ·|<)", page)


def test_the_deals_team_line_names_who_sits_now(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-30")
    four = ("Émile", "Fanny", "Gaston", "Hélène")
    game = manillen_table(client, evening, four, [("pique", 40), ("coeur", 20), ("trefle", 10)])
    assert take(client, game, "3", "Zoé", "takes_over").status_code == 302
    for trump, points in [("pique", 30), ("coeur", 40), ("trefle", 20)]:  # deals 4 to 6
        data = {"version": version_of(client, game), "trump": trump, "points": str(points)}
        assert client.post(game + "/sheet/coups", data=data).status_code == 302
    zoe = "Nous: Émile &amp; Gaston · Eux: Fanny &amp; Zoé"
    page = client.get(game).data.decode()
    # the rules line and the deal's block both say it (the block said Fanny & Hélène)
    assert teams_lines(page) == [zoe, zoe]
    # the evening's page and the room's settlement show the table's deal line so too
    for path in (f"/evenings/{evening}", f"/evenings/{evening}/settlement"):
        assert teams_lines(client.get(path).data.decode()) == [zoe], path
    assert take(client, game, "2", "Bruno").status_code == 302  # Bruno plays deal 7
    bruno = "Nous: Émile &amp; Bruno · Eux: Fanny &amp; Zoé"
    page = client.get(game).data.decode()
    assert "Coup 7 — Bruno deals" in page  # deal 7 is dealt by seat (0 + 7 - 1) mod 4 = 2
    assert teams_lines(page) == [bruno, bruno]
    assert teams_lines(client.get(f"/evenings/{evening}").data.decode()) == [bruno]


def test_at_three_the_deal_names_who_sits_at_the_dealers_seat(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-30")
    game = manillen_table(client, evening, ("Eve", "Fanny", "Gilles"), [("pique", 40)] * 2)
    assert take(client, game, "2", "Zoé").status_code == 302  # Zoé plays for Gilles
    # deal 3 is dealt by seat (0 + 3 - 1) mod 3 = 2, Gilles's, where Zoé sits: she chooses
    for page in (client.get(game).text, client.get(f"/evenings/{evening}").text):
        assert "Zoé chooses the trump" in page
        assert "Gilles chooses the trump" not in page
