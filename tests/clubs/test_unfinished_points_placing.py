"""An unfinished points game has one result everywhere (smoke28): its page, the fee per lost
game, the ratings and the close's question all read ``rules.placing``.

The play-through closed an evening whose Homme de Brou table stood at 200–170 with no partie
won: its page said "Drawn: Nous and Eux are level." and the fee per lost game found nobody
who lost, while the ratings ranked the 200 team 1= and the other 3=. A partie is won at 301
(docs/rules/brou.md §4) and the match by its parties: a partie left at 200–170 is won by
nobody (docs/ratings.md, "An unfinished game"), so the four are level.

The Brou coups, Nous's card points 60, 70, 65 (docs/rules/brou.md §3, rounded to the ten):
Nous 60 + 70 + 70 = 200, Eux 60 + 50 + 60 = 170 (65 → 70, 55 → 60), no partie.
The Manille classique (docs/rules/manille.md): a king turned, 3 for Nous, then Eux takes 40
of 68 card points, 6 above the half: 3–6, no manche won.
"""

from __future__ import annotations

import html
import re

from test_clubs import new_club, new_evening
from test_clubs_computed import table

from scorekeeper import clubs
from scorekeeper.clubs import closing
from scorekeeper.clubs.lost_games import lost_games
from scorekeeper.clubs.room import room_of
from scorekeeper.db import connect
from scorekeeper.ratings import club as kept_ratings
from scorekeeper.rules.brou.engine import BrouCoup, BrouGame, BrouRules
from scorekeeper.rules.brou.engine import replay as brou_replay
from scorekeeper.rules.brou.kind import Brou
from scorekeeper.rules.manille.belge import ManillenCoup, ManillenGame, ManillenRules
from scorekeeper.rules.manille.classique import ManilleCoup, ManilleGame, ManilleRules
from scorekeeper.rules.manille.classique import replay as manille_replay
from scorekeeper.rules.manille.kinds import ManilleClassique
from scorekeeper.rules.placing import firsts, person_placing, side_placing
from scorekeeper.rules.seating import TAKES_OVER, SeatChange

BROU = Brou()
CLASSIQUE = ManilleClassique()
NOUS_EUX = ("Anne", "Bruno", "Chloé", "Denis")  # Nous: Anne, Chloé; Eux: Bruno, Denis


def brou_200_170() -> BrouGame:
    coups = tuple(BrouCoup(points=p) for p in (60, 70, 65))
    return BrouGame(NOUS_EUX, BrouRules(), 0, coups)


def manille_3_6(players: tuple[str, str, str, str]) -> ManilleGame:
    return ManilleGame(players, ManilleRules(), 0, (ManilleCoup(retourne=3, points=28),))


def test_an_unfinished_partie_places_nobody():
    report = brou_replay(brou_200_170())
    assert report.totals == (200, 170) and report.parties == (0, 0)
    assert side_placing(BROU, report) == (0, 0)
    assert firsts(BROU, BROU.stop(report)) == (0, 1)  # a draw, stopped as it stands
    assert person_placing(BROU, report.game, (), report) == dict.fromkeys(NOUS_EUX, 0)
    manille = manille_replay(manille_3_6(NOUS_EUX))
    assert manille.totals == (3, 6) and manille.manches == (0, 0)
    assert side_placing(CLASSIQUE, manille) == (0, 0)
    stopped = CLASSIQUE.stop(manille)
    assert stopped.winner is None and CLASSIQUE.losers(stopped) == ()


def test_the_parties_place_a_brou_not_the_points():
    """Three coups of 120 card points to Nous: 120, 240, then 360 ≥ 301 wins the partie with
    Eux at 0 (< 150: double, 2 parties) and the count starts again; coup 4, all 120 to Eux:
    Nous 0, Eux 120. Eux leads the count, Nous the match: Nous is placed first."""
    coups = tuple(BrouCoup(points=p) for p in (120, 120, 120, 0))
    report = brou_replay(BrouGame(NOUS_EUX, BrouRules(), 0, coups))
    assert report.parties == (2, 0) and report.totals == (0, 120)
    assert side_placing(BROU, report) == (2, 0) and firsts(BROU, report) == (0,)
    assert BROU.games_lost(report) == [[0, 0], [0, 0], [0, 2], [0, 0]]  # Eux lost 2 at coup 3
    # each person by the parties won less lost in their own coups: Eve took Bruno's seat over
    # from coup 3, so the partie lost at coup 3 is hers (−2), Bruno's coups 1–2 lost none
    changes = (SeatChange(3, 1, "Eve", TAKES_OVER),)
    assert person_placing(BROU, report.game, changes, report) == {
        "Anne": 2,
        "Bruno": 0,
        "Chloé": 2,
        "Denis": -2,
        "Eve": -2,
    }


def close_question(client, evening_id: int, language: str) -> str:
    """The close's confirmation page in ``language``, its spaces as one, as it reads."""
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    # the template's line breaks and indents as one space; a narrow no-break space kept
    return re.sub(r"[ \t\n]+", " ", html.unescape(client.get(f"/evenings/{evening_id}/close").text))


def test_the_close_names_the_game_the_winners_and_their_parties(app, client):
    """Smoke29: the close asked "Table 1: won by Nous", no game and no name. Nous (Anne and
    Chloé) won 2 parties to Eux's 0 (test_the_parties_place_a_brou_not_the_points: 120 × 3
    to Nous, Eux at 0 < 150 makes it double), though Eux leads the count, 120 to 0. A table of
    manillen, placed by its points, says them."""
    club_id = new_club(client)
    evening_id = new_evening(client, app, club_id, "2026-11-28")
    db = connect(app.config["DATABASE"])
    evening = clubs.evening(db, evening_id)
    assert evening is not None
    coups = tuple(BrouCoup(points=p) for p in (120, 120, 120, 0))
    table(db, evening, BrouGame(NOUS_EUX, BrouRules(), 0, coups))
    # manillen are placed by their points: Nous took 40 of the deal's 60, 10 above the half
    # at ×1 (docs/rules/manille.md; test_club_points' "Nous +10 in deal 1")
    manillen = ManillenGame(("Eve", "Fanny", "Gaston", "Hélène"), ManillenRules())
    table(db, evening, manillen.with_coups([ManillenCoup("pique", points=40)]))
    db.close()
    said = {
        "en": "Table 1, l'Homme de Brou: won by Anne and Chloé (Nous), 2 parties to 0.",
        "fr": "Table 1, l’Homme de Brou\u202f: gagnée par Anne et Chloé (Nous), 2 parties à 0.",
        "da": "Bord 1, l'Homme de Brou, er vundet af Anne og Chloé (Vi), 2 partier mod 0.",
        "nl": "Tafel 1, l'Homme de Brou, is gewonnen door Anne en Chloé (Wij), 2 partijen tegen 0.",
    }
    for language, line in said.items():
        assert line in close_question(client, evening_id, language), language
    assert (
        "Table 2, manillen (Belgian): won by Eve and Gaston (Nous), 10 points to 0."
        in close_question(client, evening_id, "en")
    )


def test_a_closed_unfinished_brou_is_a_draw_on_every_page(app, client):
    club_id = new_club(client)  # the client made it: its manager
    evening_id = new_evening(client, app, club_id, "2026-11-27")
    db = connect(app.config["DATABASE"])
    evening = clubs.evening(db, evening_id)
    assert evening is not None
    brou = table(db, evening, brou_200_170())
    manille = table(db, evening, manille_3_6(("Eve", "Fanny", "Gaston", "Hélène")))

    # the close's question says what the close fixes at each points table: the game, the
    # players of each side (Nous: seats 1 and 3, Eux: 2 and 4) and the games that place them
    # (no partie, no manche won: 0 each)
    question = close_question(client, evening.id, "en")
    assert (
        "Table 1, l'Homme de Brou, ends drawn: Anne and Chloé (Nous) and Bruno and Denis (Eux)"
        " are level, 0 parties each." in question
    )
    assert (
        "Table 2, la Manille (classique), ends drawn: Eve and Gaston (Nous) and Fanny and"
        " Hélène (Eux) are level, 0 manches each." in question
    )
    assert "A partie or a manche left unfinished is won by nobody" in question
    question = close_question(client, evening.id, "fr")
    assert (
        "Table 1, l’Homme de Brou\u202f: égalité entre Anne et Chloé (Nous) et Bruno et Denis"
        " (Eux), 0 partie chacune." in question  # French: 0 is singular
    )

    club = clubs.club(db, club_id)
    assert club is not None
    # points: no money posted
    assert closing.close(db, club, evening, club.version) == closing.Closed(0, again=False)

    # the table's page: a draw
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    (token,) = db.execute("select table_token from games where id = ?", [brou]).fetchone()
    page = client.get(f"/games/{brou}?key={token}").data.decode()
    assert "Drawn: Nous and Eux are level." in page

    # the fee per lost game: nobody lost a game
    club = clubs.club(db, club_id)
    assert club is not None
    assert lost_games(db, room_of(db, evening, club)) == {}

    # the ratings: the four of each table level, a tie of newcomers keeps μ 25 each
    rated = kept_ratings.club_ratings(db, club_id)
    for family in ("brou", "manille"):
        standings = rated.families[family]
        assert len(standings) == 4
        assert {round(s.mu, 9) for s in standings} == {25.0}
        assert len({s.sigma for s in standings}) == 1
    page = client.get(f"/clubs/{club_id}/ratings").data.decode()
    section = page.split('id="ratings-brou"')[1].split("</section>")[0]
    places = re.findall(r'<td class="num">([^<]+)</td>\s*<th scope="row">', section)
    assert places == ["1="] * 4, places
    assert manille  # the second table, read by the close's question and the ratings
    db.close()
