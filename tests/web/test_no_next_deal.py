"""A table that takes no more deals says no next deal (the play-through of the merged main:
a closed evening's Manille table still said "Donne 5 sur 20 — Nous choisit l'atout" and
"Sans-atout encore dus … (encore 8 donnes)" under "Définitif", on its final sheet, its PDF
and the closed room's PDF).

The manillen of four (docs/rules/manille.md): 20 deals by default, each side owes 2
sans-atout; Nous (Anne, Chloé) choose at deals dealt by seats 0 and 2. After four deals
dealt by seats 0, 1, 2, 3, seat 0 deals the fifth: Nous chooses the trump.
"""

from __future__ import annotations

import re

from test_club_points import FOUR, manillen_table
from test_clubs import club_version, new_club, new_evening, seed_table
from test_settlement import pdf_text

NEXT = ("Deal 5 of 20", "chooses the trump", "still owed", "deals left", "this deal counts")


def page_of(client, path: str) -> str:
    """A page's words, once it answered 200: a page that failed says no next deal either."""
    answer = client.get(path)
    assert answer.status_code == 200, (path, answer.status_code)
    return text(answer.text)


def text(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_a_closed_evenings_manille_table_says_no_next_deal(client, app, tmp_path):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-15")
    coups = [("pique", 40), ("coeur", 20), ("trefle", 35), ("carreau", 30)]
    game = manillen_table(client, evening, FOUR, coups)
    page = page_of(client, game)
    # the table takes deals: said. Nous 40 → +10, 20 → Eux +10, 35 → Nous +5, 30: a 30–30,
    # the fifth deal counts ×2; 16 deals left, each side chooses at 8 of them, owing 2
    assert "Coup 5 — Anne deals" in page
    assert "Deal 5 of 20 — Nous chooses the trump." in page
    assert "Sans-atout still owed: Nous 2 (8 deals left) · Eux 2 (8 deals left)" in page
    assert "After 30–30 this deal counts ×2." in page
    room = page_of(client, f"/evenings/{evening}")
    assert "chooses the trump" in room
    closed = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=closed).status_code == 302
    shown = {
        "game page": page_of(client, game),
        "final sheet": page_of(client, game + "/settlement"),
        "its PDF": pdf_text(client.get(game + "/settlement.pdf").data, tmp_path),
        "room": page_of(client, f"/evenings/{evening}"),
        "room's settlement": page_of(client, f"/evenings/{evening}/settlement"),
        "room's PDF": pdf_text(client.get(f"/evenings/{evening}/settlement.pdf").data, tmp_path),
    }
    for where, said in shown.items():
        assert not any(words in said for words in NEXT), (where, said[:3000])
        assert "Coup 5 — " not in said, where
    # what stands is still said: the totals (Nous 10 + 5 = 15, Eux 10), the final mark
    assert "Nous 15 · Eux 10" in shown["final sheet"], shown["final sheet"][:2000]
    # the close ended it as "We stop here" would (store/stops.py with_evening): final
    assert "close stopped the table after its 4 coups" in shown["final sheet"]


def test_a_stopped_manille_table_says_no_next_deal(client, tmp_path):
    from test_web_sheets import enter as sheet_enter
    from test_web_sheets import new_sheet

    classique = new_sheet(client, "manille", variant="classique", partie="liee", manche="34")
    # Anne deals and turns a king: Nous takes 28 of 68 and 3, Eux marks 40 − 34 = 6
    assert sheet_enter(client, classique, retourne="3", points="28").status_code == 302
    assert "The retourne goes to Eux." in page_of(client, classique)  # Bruno deals next
    manillen = new_sheet(client, "manille", variant="belge")
    assert sheet_enter(client, manillen, trump="pique", points="40").status_code == 302
    assert "Deal 2 of 20 — Eux chooses the trump." in page_of(client, manillen)
    for game in (classique, manillen):
        stopped = client.post(game + "/stop", data={"confirmed": "1"})
        assert stopped.status_code == 302, text(stopped.text)[:1500]
        for path in ("", "/settlement"):
            said = page_of(client, game + path)
            assert "retourne goes" not in said and "chooses the trump" not in said, (game, path)
            assert "still owed" not in said and "Coup 2 — " not in said, (game, path)
        said = pdf_text(client.get(game + "/settlement.pdf").data, tmp_path)
        assert "retourne goes" not in said and "chooses the trump" not in said, game


def test_a_closed_evenings_hombre_table_says_no_next_deal(client, app):
    """L'Hombre's equivalent: "Before the deal — coup 8", who deals and who is premier."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-15")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    page = page_of(client, game)
    assert "Before the deal — coup " in page and " is premier." in page  # open: said
    closed = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=closed).status_code == 302
    for path in ("", "/settlement"):
        said = page_of(client, game + path)
        assert "Before the deal" not in said and " is premier." not in said, (path, said[:3000])
