"""After someone takes a seat, the game's pages name whoever sat at each coup.

The seat keeps its original name in the game file and the report (their keys
stay); the words a page shows of a coup after the change (dealer, hombre, the
change log, the settlement's title) name the sitter (``rules.seating.sitter``),
and the game page's standing shows the settlement's per-person figures.
Figures from the seed's game (SEED_COUPS, first dealer Anne, seat 0) and
docs/rules.md: in coup k the dealer is seat (k − 1) mod 3, premier the next.
"""

import json
import re
from pathlib import Path

from test_take_seat import seed_until, take
from web import SEED_COUPS, coup_data, enter, version_of

FR = {"Accept-Language": "fr-FR"}
DA = {"Accept-Language": "da-DK"}
GOLDEN = Path(__file__).parents[1] / "golden"


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_plays_for_him_the_pages_name_the_sitter_from_his_coup_in_french(client):
    game = seed_until(client, 4)
    assert take(client, game, "1", "Denis").status_code == 302  # Denis plays for Bruno
    page = client.get(game, headers=FR).data.decode()
    # coup 5: dealer seat (5 − 1) mod 3 = 1, Bruno's seat, where Denis sits; premier seat 2
    assert "Denis donne ; premier en cartes : Chloé." in text(page)  # text() spaces the narrow ones
    assert "Bruno donne" not in text(page)
    assert "<title>Anne · Denis · Chloé — Scorekeeper</title>" in page
    # coup 2 was dealt at seat (2 − 1) mod 3 = 1 before the change: still Bruno's
    assert "donne Bruno" in text(page)
    assert enter(client, game, SEED_COUPS[4]).status_code == 302  # coup 5: C demande
    # coup 6 at seat 1: 5 tricks against 2 and 2, more than either defender: gagne
    data = {**coup_data(SEED_COUPS[5], check="1"), "version": version_of(client, game)}
    preview = text(client.post(game + "/coups", data=data, headers=FR).data.decode())
    assert "Denis demande : gagne" in preview
    assert "Bruno demande : gagne" not in preview
    assert enter(client, game, SEED_COUPS[5]).status_code == 302
    page = text(client.get(game, headers=FR).data.decode())
    assert "donne Denis" in page  # coup 5's dealer, seat 1
    assert "Denis demande : gagne" in page
    log = text(client.get(game + "/history", headers=FR).data.decode())
    assert "Denis demande : gagne" in log
    assert "Bruno demande : gagne" not in log  # Bruno's own coups 2 and 4 were remises
    settlement = client.get(game + "/settlement", headers=FR).data.decode()
    # the title names everyone who played, Bruno too: their seat's money is theirs (issue 42)
    assert "<h1>Règlement — Anne · Bruno → Denis · Chloé</h1>" in settlement
    # the file and the report keep naming the seat Bruno
    coups = json.loads(client.get(game + "/game.json").data)["coups"]
    assert coups[5]["hombre"] == "Bruno"


def test_takes_over_the_standing_is_per_person_and_the_coups_name_him_in_danish(client):
    game = seed_until(client, 4)
    data = json.loads(client.get(game + "/game.json").data)
    data["rules"]["take_over"] = True
    game = client.post("/games/import", data={"text": json.dumps(data)}).headers["Location"]
    assert take(client, game, "1", "Denis", "takes_over").status_code == 302
    for coup in SEED_COUPS[4:]:
        assert enter(client, game, coup).status_code == 302
    page = client.get(game, headers=DA).data.decode()
    standing = page[
        page.index('id="standing"') : page.index("</table>", page.index('id="standing"'))
    ]
    rows = dict(
        re.findall(r'<th scope="row">([^<]+)</th><td class="num[^"]*">([^<]+)</td>', standing)
    )
    # docs/rules.md, the seed with Denis taking over Bruno's seat from coup 5:
    # Bruno 0 in their coups 1–4, − 180 (their open bêtes 72 + 108 handed over) = −180;
    # Denis −9 in coups 5–7, + 180 = +171; Anne −72, Chloé +81 as the seed; sum 0.
    assert rows == {"Anne": "−72", "Bruno": "−180", "Chloé": "+81", "Denis": "+171"}
    words = text(page)
    assert "Denis giver" in words  # coup 5: dealer seat (5 − 1) mod 3 = 1
    assert "Bruno giver" in words  # coup 2: seat 1 before the change
    assert "Denis spil: vundet" in words  # coup 6: 5 tricks against 2 and 2


def test_the_refusal_names_the_seated_player_not_what_was_typed(client):
    game = seed_until(client, 1)
    data = {"seat": "1", "player": "chloe", "way": "plays_for", "version": version_of(client, game)}
    response = client.post(game + "/seat", data=data, headers=FR)
    assert response.status_code == 422
    assert "Chloé est déjà assis à cette table." in response.data.decode()
    assert "chloe est" not in response.data.decode()
    response = take(client, game, "1", "\u0410nne")  # a Cyrillic А
    assert response.status_code == 422
    assert "Anne already sits at this table." in response.data.decode()


def test_a_team_sheet_names_the_dealer_who_sat_at_each_deal_in_french(client):
    data = json.loads((GOLDEN / "brou.game.json").read_text())
    data["coups"] = data["coups"][:2]
    game = client.post("/games/import", data={"text": json.dumps(data)}).headers["Location"]
    assert take(client, game, "2", "Émile").status_code == 302  # Émile plays for Chloé
    page = text(client.get(game, headers=FR).data.decode())
    # first dealer Anne (seat 0): deal k is dealt at seat (k − 1) mod 4; deal 3 at seat 2
    assert "Coup 3 — Émile donne" in page
    assert "Chloé donne" not in page
    assert "donne Bruno" in page  # deal 2, seat 1: nobody changed there
