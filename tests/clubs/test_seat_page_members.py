"""The seat page of a club table offers the club's members as the newcomer's name (play16).

A member typed otherwise than they are known ("Denis D." for Denis) became a second member,
merged later by hand; the new-table form offered the members, the seat page did not. It
offers them to the club's managers only: a table's manager who does not manage the club
reads no members' list (docs/guide-organisers.md)."""

from __future__ import annotations

import re

from test_clubs import club_version, new_club, new_evening
from test_fresh import follower
from web import NEW_GAME, enter, new_game


def _offered(page: str) -> list[str] | None:
    found = re.search(r'<datalist id="members">(.*?)</datalist>', page, re.S)
    return None if found is None else re.findall(r'<option value="([^"]+)">', found[1])


def test_a_club_tables_seat_page_offers_the_clubs_members(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    data = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    game = client.post(f"/games/new?evening={evening}", data=data).headers["Location"]
    added = {"name": "Denis", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=added).status_code == 302
    assert enter(client, game, "B demande A2 B5 C2").status_code == 302
    page = client.get(game + "/seat").data.decode()
    assert _offered(page) == ["Anne", "Bruno", "Chloé", "Denis"]
    assert 'list="members"' in page
    # a follower reads no seat page, nor any members' list
    assert _offered(follower(client, app, game).get(game + "/seat").data.decode()) is None


def test_a_table_in_no_club_offers_no_members(client):
    game = new_game(client)
    assert enter(client, game, "B demande A2 B5 C2").status_code == 302
    page = client.get(game + "/seat").data.decode()
    assert _offered(page) is None and 'list="members"' not in page
