"""The renonce buttons of a Manille of three name each seat by who sits there in the coup
entered or corrected, as the coup's line, its message and the seat's total do ("Bruno →
Denis"): once Denis took Bruno's seat, the new coup's button says Denis; coup 1's correction,
played by Bruno, says Bruno. The button's value stays the seat's first player, the name the
game file keeps (docs/formats.md: a renonce at three names a player of ``players``).

(L'Homme de Brou's faults name a side, Nous or Eux, never a seat: nothing to name there.)
"""

from __future__ import annotations

import re

from test_take_seat import take
from web import version_of

THREE = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé"}


def renonce_buttons(page: str) -> dict[str, str]:
    """Each renonce button's value → the name it shows."""
    found = re.findall(
        r'<input type="radio" name="renonce" value="([^"]*)"[^>]*><span>([^<]*)</span>', page
    )
    return dict(found)


def manillen_of_three(client) -> str:
    data = {**THREE, "player3": "", "first_dealer": "0", "create": "1", "variant": "belge"}
    response = client.post("/games/new/manille", data=data)
    assert response.status_code == 302, response.text[-1500:]
    game = response.headers["Location"]
    # deal 1: Anne deals, takes 40 of 60 (40 − 30 = 10: +20 for her, −10 each for the others)
    coup = {"version": version_of(client, game), "trump": "pique", "points": "40"}
    assert client.post(game + "/sheet/coups", data=coup).status_code == 302
    return game


def test_the_renonce_buttons_name_who_sits_in_the_coup(client):
    game = manillen_of_three(client)
    assert take(client, game, "1", "Denis", "takes_over").status_code == 302
    # coup 2, the one entered now: Denis sits at Bruno's seat
    buttons = renonce_buttons(client.get(game).text)
    assert buttons == {"": "—", "Anne": "Anne", "Bruno": "Denis", "Chloé": "Chloé"}
    # coup 1 corrected: Bruno played it
    buttons = renonce_buttons(client.get(game + "/coups/1/edit").text)
    assert buttons == {"": "—", "Anne": "Anne", "Bruno": "Bruno", "Chloé": "Chloé"}


def test_a_renonce_by_the_newcomer_is_his(client):
    game = manillen_of_three(client)
    assert take(client, game, "1", "Denis", "takes_over").status_code == 302
    coup = {"version": version_of(client, game), "trump": "pique", "renonce": "Bruno"}
    assert client.post(game + "/sheet/coups", data=coup).status_code == 302
    page = client.get(game).text
    assert "♠ pique · renonce by Denis" in page  # coup 2's line: Denis sat there
