"""After someone took a seat, every page of a game names who sat when (issue 42, point 8).

The coups list and the change log showed only the seat's net under its sitters'
names ("Mette → Karen 0"), with no word of who sat when; the settlement's title
named the people sitting at the end, leaving out a leaver who is owed money.
Now the coups list and the change log say who sat where from which coup (the
coups list with each person's net, as the settlement pays it), the settlement's
title names everyone who played, seat by seat ("Mette → Karen"), and its pot
names whose each part is (a leaver's stays theirs, docs/rules.md).

Figures by hand from docs/rules/danois.md (the dealer antes 5; texte rates: jeu
simple 1, solo 2 a defender) and docs/rules/jetons.md (stake 3, pass fee 2).
"""

import json
import re
from pathlib import Path

from test_take_seat import take
from web import version_of

GOLDEN = Path(__file__).parents[1] / "golden"
EN = {"Accept-Language": "en"}
DANES = ["Jens", "Mette", "Søren"]


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def game_of(client, accounting, players, *coups):
    data = {
        "format": "scorekeeper-game/1",
        "game": "hombre",
        "players": players,
        "first_dealer": players[0],
        "rules": {"accounting": accounting},
        "coups": list(coups),
    }
    response = client.post("/games/import", data={"text": json.dumps(data)})
    return response.headers["Location"].rstrip("/")


def played(hombre, contract, tricks, players):
    return {"hombre": hombre, "contract": contract, "tricks": dict(zip(players, tricks))}


def enter(client, game, hombre, contract, tricks):
    data = {"hombre": str(hombre), "contract": contract, "save": "1"}
    data.update({f"t{seat}": str(t) for seat, t in enumerate(tricks)})
    data["version"] = version_of(client, game)
    return client.post(game + "/coups", data=data)


def test_a_danish_game_names_who_sat_when_on_every_page(client):
    # Coup 1: Jens deals and antes 5; Mette wins a jeu simple: the cagnotte (Jens's 5) and 1
    # from each defender: Jens −6, Mette +7, Søren −1.
    game = game_of(client, "danois", DANES, played("Mette", "jeu_simple", (2, 5, 2), DANES))
    assert take(client, game, "1", "Karen", "takes_over").status_code == 302
    # Coup 2: Mette's seat, Karen's now, deals and antes 5; Søren wins a solo: the cagnotte
    # (Karen's 5) and 2 from each: Jens −2, Karen −7, Søren +9. Mette leaves owed 7.
    assert enter(client, game, 2, "solo", (1, 2, 6)).status_code == 302
    said = "From coup 2, Karen has taken over the seat of Mette."

    coups = client.get(game + "/coups", headers=EN).data.decode()
    assert said in text(coups)
    nets = text(coups[coups.index('id="nets">') + 10 :].split("</p>")[0]).strip()
    assert nets == "Nets: Jens −8 · Mette +7 · Søren +8 · Karen −7"

    log = client.get(game + "/history", headers=EN).data.decode()
    heading = log.index("<h1>")
    assert said in text(log[heading : log.index('<ol class="history">')])  # above every change

    settlement = client.get(game + "/settlement", headers=EN).data.decode()
    assert "<h1>Settlement — Jens · Mette → Karen · Søren</h1>" in settlement
    assert "<title>Settlement — Jens · Mette → Karen · Søren</title>" in settlement


def test_the_pot_of_a_running_jetons_game_names_whose_each_part_is(client):
    players = ["Anne", "Bruno", "Chloé"]
    # Coup 1: stakes 3 each; Bruno and Chloé pass (2 each); Anne fails her simple and
    # doubles the poule: her part 3 + 13 = 16, Bruno's and Chloé's 5 each.
    game = game_of(client, "jetons", players, played("Anne", "simple", (2, 4, 3), players))
    assert take(client, game, "0", "Denis", "takes_over").status_code == 302
    # Coup 2: all pass, 2 each: Denis's 2 at Anne's seat, Bruno 7, Chloé 7; Anne's 16 stay hers
    data = {"passed": "1", "version": version_of(client, game)}
    assert client.post(game + "/coups", data=data).status_code == 302
    settlement = client.get(game + "/settlement", headers=EN).data.decode()
    pot = settlement[
        settlement.index("<h2>The pot</h2>") : settlement.index(
            "</section>", settlement.index("<h2>The pot</h2>")
        )
    ]
    assert re.findall(r"<li>([^<]+)</li>", pot) == ["Anne 16", "Denis 2", "Bruno 7", "Chloé 7"]
    assert "Still in the pot: 32." in text(pot)


def test_a_brou_sheet_names_everyone_who_played_and_who_sits_now(client):
    data = json.loads((GOLDEN / "brou.game.json").read_text())
    data["coups"] = data["coups"][:2]
    game = client.post("/games/import", data={"text": json.dumps(data)}).headers["Location"]
    game = game.rstrip("/")
    assert take(client, game, "1", "Émile", "takes_over").status_code == 302
    sheet = client.get(game, headers=EN).data.decode()
    assert "Brou — Anne · Émile · Chloé · Denis — Scorekeeper</title>" in sheet
    final = client.get(game + "/settlement", headers=EN).data.decode()
    assert "<title>Final sheet — Anne · Bruno → Émile · Chloé · Denis</title>" in final
    assert "Nous: Anne &amp; Chloé · Eux: Bruno → Émile &amp; Denis" in final
    log = client.get(game + "/history", headers=EN).data.decode()
    assert 'id="seats"' in log and "From coup 3, Émile has taken over the seat of Bruno." in text(
        log
    )


def test_the_check_before_saving_says_each_persons_net_as_the_standing_does(client):
    """The play-through of 2026-11-30 (a Danish table, Ib taking over Søren's seat): the
    entry bar's "Nets after the coup" said "Ib −6" after Ib won their first solo, their seat's
    net (Søren's −17 and their +11), while the standing under it said Ib +11 once saved."""
    game = game_of(client, "danois", DANES, played("Mette", "jeu_simple", (2, 5, 2), DANES))
    assert take(client, game, "1", "Karen", "takes_over").status_code == 302
    assert enter(client, game, 2, "solo", (1, 2, 6)).status_code == 302
    # Persons after coup 2 (the test above): Jens −8, Mette +7, Søren +8, Karen −7.
    # Coup 3: Søren deals and antes 5; Jens wins a jeu simple 5-2-2: the cagnotte (Søren's 5)
    # and 1 from each defender: Jens −8 + 5 + 1 + 1 = −1, Karen −7 − 1 = −8,
    # Søren +8 − 5 − 1 = +2, Mette stays +7 (the seat's net would be 0 − 1 = −1).
    data = {"hombre": "0", "contract": "jeu_simple", "t0": "5", "t1": "2", "t2": "2"}
    data["version"] = version_of(client, game)
    bar = text(client.post(game + "/preview", data=data, headers=EN).data.decode())
    assert "Nets after the coup: Jens −1 · Mette +7 · Søren +2 · Karen −8" in bar
    assert enter(client, game, 0, "jeu_simple", (5, 2, 2)).status_code == 302
    page = text(client.get(game, headers=EN).data.decode())
    for row in ("Jens −1", "Mette +7", "Søren +2", "Karen −8"):
        assert row in page  # the standing, once saved, says the same


def test_the_story_counts_each_coup_for_whoever_played_it(client):
    """The play-through of 2026-11-30: after Ib took Søren's seat over, the story's *Per
    player* table had a column "Søren" holding Ib's coups (their won solo and tourné as
    Søren's) and the seat's net +4 where Søren left at −17; Ib had no column. Each person
    has their own column, the coups whose money was theirs, and their own net; the chart, which
    draws the seats, names each seat by who sat there in turn."""
    game = game_of(client, "danois", DANES, played("Mette", "jeu_simple", (2, 5, 2), DANES))
    assert take(client, game, "1", "Karen", "takes_over").status_code == 302
    assert enter(client, game, 2, "solo", (1, 2, 6)).status_code == 302
    # Coup 1 (Mette's, jeu simple won): Mette +7; coup 2 (Karen at Mette's seat, antes the 5
    # Søren takes with their solo): Karen −7. Persons: Jens −8, Mette +7, Søren +8, Karen −7.
    page = client.get(game + "/story", headers=EN).data.decode()
    table = page[page.index('class="stats"') : page.index("</table>")]
    heads = re.findall(r"<th>([^<]*)</th>", table.split("</thead>")[0])
    assert heads == ["", "Jens", "Mette", "Søren", "Karen"]
    rows = {
        row.split("</th>")[0].split(">")[-1]: re.findall(r'<td class="num">(?:<b>)?([^<]*)', row)
        for row in table.split("<tr>")[2:]
    }
    assert rows["Net"] == ["−8", "+7", "+8", "−7"]
    assert rows["as hombre: jeu simple"] == ["0", "1", "0", "0"]  # Mette's coup 1
    assert rows["as hombre: solo"] == ["0", "0", "1", "0"]  # Søren's coup 2
    key = text(page[page.index('class="legend"') :].split("</figcaption>")[0])
    assert "Mette → Karen" in key


def test_the_story_of_a_danish_game_has_no_bete_register_rows(client):
    """The play-through of 2026-11-30, in Danish: the story said "bet 2" for Karen (two
    contracts lost, the Danish *bet*) and under it "bet lavet (jetoner) 0 (0)" — the 1709
    poule's register of bêtes made, won and shared at the end, which a Danish game has not
    (no fiche: docs/guide-players.md). Those rows stay for the poule's games only."""
    game = game_of(client, "danois", DANES, played("Mette", "jeu_simple", (2, 5, 2), DANES))
    page = text(client.get(game + "/story", headers=EN).data.decode())
    assert "as hombre: jeu simple" in page
    for row in ("bêtes made (chips)", "bêtes won (chips)", "final share"):
        assert row not in page
    poule = (
        client.post(
            "/games/import",
            data={
                "text": json.dumps(
                    {
                        "format": "scorekeeper-game/1",
                        "game": "hombre",
                        "players": DANES,
                        "first_dealer": "Jens",
                        "coups": [played("Mette", "demande", (2, 5, 2), DANES)],
                    }
                )
            },
        )
        .headers["Location"]
        .rstrip("/")
    )
    assert "bêtes made (chips)" in text(client.get(poule + "/story", headers=EN).data.decode())
