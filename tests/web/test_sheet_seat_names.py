"""A points game names a taken seat as l'Hombre's pages do (``rules/seat_names.py``): a
coup's message by who sat in that coup, a seat's total by who sat there in turn ("Gaston →
Denis"), never by the seat's first player alone (Gaston did not play coup 3: Denis did).

Manillen at three (docs/rules/manille.md §7): the dealer's card points are typed; the
dealer marks (points − 30) × 2, each of the two others 30 − points; the marks sum to zero.
Seats Chloé 0, Gaston 1, Hugo 2, Chloé deals first: coup n is dealt by seat (n − 1) mod 3.
"""

from __future__ import annotations

import re

from test_club_points import manillen_table
from test_clubs import new_club, new_evening
from test_take_seat import take
from web import version_of

# coup 1, Chloé deals, 40: Chloé (40 − 30) × 2 = +20, Gaston and Hugo 30 − 40 = −10 each
# coup 2, Gaston deals, 25: Gaston (25 − 30) × 2 = −10, Chloé and Hugo 30 − 25 = +5 each
# (after two coups: Chloé 25, Gaston −20, Hugo −5)
# coup 3, Hugo deals, 35, Denis in Gaston's seat: Hugo (35 − 30) × 2 = +10, Chloé and
# Denis 30 − 35 = −5 each
# the seats' totals: Chloé 25 − 5 = 20, Gaston's seat −20 − 5 = −25, Hugo −5 + 10 = 5
TOTALS = "Chloé 20 · Gaston → Denis −25 · Hugo 5"
FIRST_ONLY = "Gaston −25"


def said(response) -> list[str]:
    return re.findall(r'<p class="flash[^"]*"[^>]*>(.*?)</p>', response.data.decode())


def three_and_denis(client, app) -> tuple[int, str]:
    """The evening and its manillen table: two coups, then Denis takes Gaston's seat."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-30")
    coups = [("pique", 40), ("coeur", 25)]
    game = manillen_table(client, evening, ("Chloé", "Gaston", "Hugo"), coups)
    assert take(client, game, "1", "Denis", "takes_over").status_code == 302
    client.get(game)  # the messages of the coups and the seat so far, read
    return evening, game


def coup_3(client, game, path="/sheet/coups", **extra):
    data = {"version": version_of(client, game), "trump": "trefle", "points": "35", **extra}
    return said(client.post(game + path, data=data, follow_redirects=True))


def test_a_coup_message_names_who_sat_in_that_coup(client, app):
    _evening, game = three_and_denis(client, app)
    assert coup_3(client, game) == ["Coup 3 saved: Chloé −5, Denis −5, Hugo +10."]
    # corrected to 40: Hugo (40 − 30) × 2 = +20, Chloé and Denis 30 − 40 = −10 each
    corrected = coup_3(client, game, "/sheet/coups/3/edit", points="40", save="1")
    assert corrected == ["Coup 3 corrected: Chloé −10, Denis −10, Hugo +20."]
    data = {"version": version_of(client, game)}
    assert said(client.post(game + "/sheet/undo", data=data, follow_redirects=True)) == [
        "Coup 3 undone."
    ]
    data = {"version": version_of(client, game)}
    assert said(client.post(game + "/sheet/redo", data=data, follow_redirects=True)) == [
        "Coup 3 redone: Chloé −10, Denis −10, Hugo +20."
    ]


def test_a_seats_total_is_named_by_who_sat_there_in_turn(client, app):
    evening, game = three_and_denis(client, app)
    coup_3(client, game)
    for path in (game, f"/evenings/{evening}", game + "/settlement"):
        page = client.get(path).data.decode()
        assert TOTALS in page, path
        assert FIRST_ONLY not in page, path


def test_a_coups_line_names_who_sat_in_it_and_a_column_its_seat(client, app):
    _evening, game = three_and_denis(client, app)
    # coup 3, Denis (Gaston's seat, the file's "Gaston") renounces: 60 for the dealer Hugo,
    # (60 − 30) × 2 = +60, Chloé and Denis 30 − 60 = −30 each (docs/rules/manille.md §7)
    data = {"version": version_of(client, game), "trump": "trefle", "renonce": "Gaston"}
    saved = said(client.post(game + "/sheet/coups", data=data, follow_redirects=True))
    assert saved == ["Coup 3 saved: Chloé −30, Denis −30, Hugo +60."]
    for path in (game, game + "/settlement"):
        page = client.get(path).data.decode()
        assert "renonce by Denis" in page, path
        assert "renonce by Gaston" not in page, path
    # the sheet's columns count the seats: Gaston's seat's is Gaston's, then Denis's
    page = client.get(game).data.decode()
    assert '<th class="num">Gaston → Denis</th>' in page
    assert '<th class="num">Gaston</th>' not in page
    # the change log says coup 3 as its message did: who played it
    history = client.get(game + "/history").data.decode()
    assert "Chloé −30, Denis −30, Hugo +60" in history
    assert "renonce by Denis" in history
    assert "Gaston −30" not in history
