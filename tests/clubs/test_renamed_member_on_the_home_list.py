"""A member renamed after they played reads under their name now on the list of games (play17).

A French club's evening: Anne played the l'Hombre table and was renamed Anne-Marie on the
member form. The table's pages, the evening, the room, the season, the cash box and her
statement named her anew (docs/guide-organisers.md, "The member is the one home of a club
player's name"), but the home page's list of games still read "Anne · Bruno · Chloé", the
one page of the phone that named her as typed. The list names a club table's seats by their
members now; a table outside any club's evening keeps what was typed, as the game file does.
"""

from __future__ import annotations

import re

from test_clubs import club_version, new_club, new_evening, seed_table
from test_renamed_member_at_his_table import _member, _rename
from web import new_game


def _listed(client) -> list[str]:
    """The names line of each game on the home page, newest first."""
    page = client.get("/").get_data(as_text=True)
    return re.findall(r'<li class="card">\s*<a href="/games/\d+"><b>([^<]*)</b>', page)


def test_the_list_of_games_names_a_renamed_member_anew(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-30")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    new_game(client)  # a table of no club: its players are only names, kept as typed
    assert _listed(client) == ["Anne · Bruno · Chloé", "Anne · Bruno · Chloé"]
    _rename(client, app, club, "Anne", "Anne-Marie")
    assert _listed(client) == ["Anne · Bruno · Chloé", "Anne-Marie · Bruno · Chloé"]
    # merged into Bruno, who is renamed after: both their seats read the member kept, as now
    seed_table(client, evening, "Denis", "Eve", "Bruneau")  # Bruno, spelt otherwise
    bruno, bruneau = _member(app, "Bruno"), _member(app, "Bruneau")
    data = {"member": bruneau, "into": bruno, "version": club_version(app)}
    assert client.post(f"/clubs/{club}/merge", data=data).status_code == 302
    _rename(client, app, club, "Bruno", "Bruno D.")
    assert _listed(client) == [
        "Denis · Eve · Bruno D.",
        "Anne · Bruno · Chloé",
        "Anne-Marie · Bruno D. · Chloé",
    ]
    # the game file keeps what was typed at the club's table
    assert '"Anne"' in client.get("/games/1/game.json").get_data(as_text=True)
