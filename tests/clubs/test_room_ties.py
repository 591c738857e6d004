"""Members with equal results are listed in the club's order on the room's settlement, as on
every list of a club's members (names.order_key: Unicode's root collation), not in the order
they were first seated.

One table, seated Bruno, Anne, Chloé. Its one coup: Bruno's demande, and Chloé takes the
nine tricks (codille): Bruno −9, Anne −9, Chloé +18 (the engine's nets, asserted here through
the game's report). Listed by net, the ties in the club's order: Chloé, Anne, Bruno.
"""

from __future__ import annotations

import re

from test_club_money_one_figure import ROOM, club_at
from test_clubs import _hombre, new_evening
from web import enter, report


def test_equal_nets_are_listed_in_the_clubs_order(client, app):
    club = club_at(client, "0.10")
    evening = new_evening(client, app, club, "2026-11-29")
    seated = {"player0": "Bruno", "player1": "Anne", "player2": "Chloé"}
    response = client.post(f"/games/new?evening={evening}", data={**_hombre(), **seated})
    assert response.status_code == 302, response.data.decode()[-1500:]
    game = response.headers["Location"]
    assert enter(client, game, "A demande A0 B0 C9").status_code == 302
    assert report(client, game)["net"] == {"Bruno": -9, "Anne": -9, "Chloé": 18}
    page = client.get(ROOM.format(evening)).data.decode()
    start = page.index('id="members"')
    members = page[start : page.index("</section>", start)]
    listed = re.findall(r'<th scope="row">([^<]+)</th><td class="num"><b>([^<]+)</b>', members)
    assert listed == [("Chloé", "+18"), ("Anne", "−9"), ("Bruno", "−9")]
