"""The reader's language, properly (issue 35, point 10): collation, dates, typography,
elision, one minus sign, the spreadsheet's headers, no internal key on a page.
"""

from __future__ import annotations

import re

import pytest
from test_clubs import club_version, new_club

PEOPLE = ["Zoé", "Élise", "Anne", "Åse", "Bruno"]


def add_members(client, app, club: int, names: list[str]) -> None:
    for name in names:
        data = {"name": name, "version": club_version(app), "submit": "1"}
        response = client.post(f"/clubs/{club}/members", data=data)
        assert response.status_code == 302, response.data.decode()[-800:]


def shown_members(page: str) -> list[str]:
    block = page.split('id="members"')[1].split("</ul>")[0]
    return re.findall(r'class="statement"[^>]*>([^<]*)<', block)


@pytest.mark.parametrize(
    ("language", "order"),
    [
        # French (and English, Dutch): accents second, Å with A, É with E
        ("fr", ["Anne", "Åse", "Bruno", "Élise", "Zoé"]),
        ("nl", ["Anne", "Åse", "Bruno", "Élise", "Zoé"]),
        # Danish: Å is the alphabet's last letter, after Z
        ("da", ["Anne", "Bruno", "Élise", "Zoé", "Åse"]),
    ],
)
def test_members_in_the_readers_collation(client, app, language, order):
    club = new_club(client)
    add_members(client, app, club, PEOPLE)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    page = client.get(f"/clubs/{club}").data.decode()
    assert shown_members(page) == order  # the code points' order put Élise and Åse after Zoé
