"""The close's question at a Belgian manillen table of three (fix30b): its winner by the
tally, and every player's figure.

Manillen for three (docs/rules/manille.md §6–7, §9): each plays for themselves; the dealer's
card points are entered, the dealer marks their points minus 30 doubled, each of the two
others their common points (60 minus the dealer's) minus 30; a game stopped before its last
deal is placed by its totals as they stand. Anne deals first, then Bruno:

- deal 1, Anne takes 20: Anne (20 − 30) × 2 = −20; Bruno and Chloé 40 − 30 = +10 each;
- deal 2, Bruno takes 32: Bruno (32 − 30) × 2 = +4; Anne and Chloé 28 − 30 = −2 each.

Totals: Anne −22, Bruno 14, Chloé 8 (sum 0). The close stops it there: Bruno wins, 14
points to 8 and −22 — the others' figures the most first.
"""

from __future__ import annotations

from test_club_points import manillen_table
from test_clubs import new_club, new_evening
from test_fee_per_lost_game import two_deals
from test_unfinished_points_placing import close_question

from scorekeeper import clubs
from scorekeeper.clubs import closing
from scorekeeper.db import connect

SAID = {
    "en": "Table 1, manillen (Belgian): won by Bruno, 14 points to 8 and −22.",
    "fr": "Table 1, manillen (belge)\u202f: gagnée par Bruno, 14 points à 8 et −22.",
    "da": "Bord 1, manillen (belgisk), er vundet af Bruno, 14 point mod 8 og −22.",
    "nl": "Tafel 1, manillen (Belgisch), is gewonnen door Bruno, 14 punten tegen 8 en −22.",
}


def test_a_manillen_table_of_three_is_said_by_its_tally(app, client):
    club_id = new_club(client)
    evening_id = new_evening(client, app, club_id, "2026-11-28")
    game = manillen_table(
        client, evening_id, ("Anne", "Bruno", "Chloé"), [("pique", 20), ("coeur", 32)]
    )
    for language, line in SAID.items():
        question = close_question(client, evening_id, language)
        assert line in question, language
        # placed by its points: no partie, no manche to say
        assert "A partie or a manche left unfinished" not in question
    # closed, the table's page says the same winner (one placing: rules.placing.firsts)
    db = connect(app.config["DATABASE"])
    club, evening = clubs.club(db, club_id), clubs.evening(db, evening_id)
    assert club is not None and evening is not None
    assert closing.close(db, club, evening, club.version) == closing.Closed(0, again=False)
    db.close()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = client.get(game).text
    assert "The game is won by Bruno." in page


SHARED = {
    "en": "Table 1, manillen (Belgian), ends drawn: Bruno and Chloé are level, 10 points each,"
    " ahead of Anne (−20).",
    "fr": "Table 1, manillen (belge)\u202f: égalité en tête entre Bruno et Chloé,"
    " 10 points chacun, devant Anne (−20).",
    "da": "Bord 1, manillen (belgisk), ender uafgjort: Bruno og Chloé står lige, 10 point hver,"
    " foran Anne (−20).",
    "nl": "Tafel 1, manillen (Belgisch), eindigt gelijk: Bruno en Chloé staan gelijk,"
    " elk 10 punten, voor Anne (−20).",
}


def test_two_level_at_the_top_of_three_the_third_is_said_too(app, client):
    # one deal, Anne deals and takes 20: Anne (20 − 30) × 2 = −20; Bruno and Chloé
    # 40 − 30 = +10 each. Bruno and Chloé share the first place; Anne's −20 is said, not left out
    club_id = new_club(client)
    evening_id = new_evening(client, app, club_id, "2026-11-28")
    manillen_table(client, evening_id, ("Anne", "Bruno", "Chloé"), [("pique", 20)])
    for language, line in SHARED.items():
        assert line in close_question(client, evening_id, language), language


def test_two_level_at_the_top_of_three_share_its_first_place_on_the_tables_page(app, client):
    # a game of two deals, over: Anne deals and takes 20 (Anne −20, Bruno and Chloé +10
    # each); Bruno deals and takes 30, a tie on the last deal, nothing to carry it to: Anne
    # −20, Bruno 10, Chloé 10. Anne lost: not "a drawn game"
    club_id = new_club(client)
    evening_id = new_evening(client, app, club_id, "2026-11-28")
    game = two_deals(client, evening_id, ("Anne", "Bruno", "Chloé"), [("pique", 20), ("coeur", 30)])
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = client.get(game).text
    assert "The game&#39;s first place is shared by Bruno and Chloé." in page
    assert "A drawn game" not in page
