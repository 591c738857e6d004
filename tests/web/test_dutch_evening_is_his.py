"""The Dutch club evening is *de avond*, a masculine word: "zijn tafels", "hem"
(found by play15, 2026-11-30).

The evening's page, once closed, said "zijn tafels nemen geen spellen meer" and, reopened,
"sluit hem opnieuw af", but its fee link said "Een bijdrage voor haar spelers" and the
close page "Haar 2 tafels zijn gedaan … kan ze heropenen": a Flemish treasurer read the
evening as a woman on one page and a man on the next. The count of tables over is shared
with a competition's round (*de ronde*, feminine: "haar tafels"), so it says neither.
"""

from __future__ import annotations

import json

from test_clubs import new_club, new_evening


def _dutch(client, address: str) -> str:
    answer = client.get(address, headers={"Accept-Language": "nl"})
    assert answer.status_code == 200, answer.status_code
    return " ".join(answer.data.decode().split())


def _half_boom_won(client, evening: int) -> None:
    """A manillen table to 61 that Nous wins: three deals of 60–0 at ×1, 30 each (90)."""
    data = {f"player{i}": name for i, name in enumerate(("Anne", "Bruno", "Chloé", "Denis"))}
    data |= {"first_dealer": "0", "create": "1", "variant": "belge", "target": "61"}
    response = client.post(f"/games/new/manille?evening={evening}", data=data)
    assert response.status_code == 302, response.data.decode()[-1500:]
    game = response.headers["Location"]
    for _deal in range(3):
        version = json.loads(client.get(game + "/version").data)["version"]
        data = {"version": str(version), "trump": "pique", "points": "60"}
        assert client.post(game + "/sheet/coups", data=data).status_code == 302


def test_the_dutch_evening_is_never_her(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    _half_boom_won(client, evening)
    page = _dutch(client, f"/evenings/{evening}")
    assert "Een bijdrage voor zijn spelers" in page  # it read "haar spelers"
    close = _dutch(client, f"/evenings/{evening}/close")
    assert "De beheerder van de club kan hem heropenen." in close  # "kan ze heropenen"
    assert "Haar" not in close and "haar" not in close  # "Haar tafel (1) is gedaan."
    assert "1 tafel is gedaan." in close
