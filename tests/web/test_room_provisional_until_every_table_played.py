"""An open evening's room is PROVISIONAL while a table of it has still to play, a table where
no coup was played yet too: its players' money is to come, and the room's settlement (who
pays whom) changes once they play. Table 1 stopped by its manager after four coups (over),
table 2 created with no coup yet: the evening's page and its settlement say PROVISIONAL,
naming table 2 as the close's question names it, where no coup was played yet (that question
is about what the close stops; this line is about whether the room is final; smoke21 read
"tables 1, 2 and 3 are still playing" beside "no coup played yet at table 3").
Once the evening is closed, no table takes a coup any more: nothing is provisional."""

from __future__ import annotations

import re

from test_close_ends_tables import seed_start, store_of
from test_clubs import _hombre, club_version, new_club, new_evening

from scorekeeper import store


def said(page: str) -> str | None:
    found = re.search(r'id="provisional"[^>]*>(.*?)</p>', page, re.S)
    return None if found is None else " ".join(re.sub(r"<[^>]+>", "", found.group(1)).split())


def test_a_table_with_no_coup_yet_keeps_the_room_provisional(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    first = seed_start(client, evening, 4)
    store.stop(store_of(app), int(first.rstrip("/").rsplit("/", 1)[1]))
    names = {"player0": "Denis", "player1": "Émile", "player2": "Fanny"}
    answer = client.post(f"/games/new?evening={evening}", data={**_hombre(), **names})
    assert answer.status_code == 302
    for page in (f"/evenings/{evening}", f"/evenings/{evening}/settlement"):
        for language, words in {
            "en": "PROVISIONAL — no coup played yet at table 2",
            "fr": "PROVISOIRE — aucun coup encore joué à la table 2",
        }.items():
            text = client.get(page, headers={"Accept-Language": language}).text
            assert said(text) == words, (page, language, said(text))
    closed = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=closed).status_code == 302
    for page in (f"/evenings/{evening}", f"/evenings/{evening}/settlement"):
        assert said(client.get(page).text) is None
