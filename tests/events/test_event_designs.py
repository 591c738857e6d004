"""An event draws round by round, each round with its own seed (the event's plus the round's
number): the draw's designs must still be followed to their end, not only in round 1.

Found playing a director's whole path after issue 37's designs were merged: 32 players at
tables of 4 over 10 rounds met 30 pairs twice (the design's relabelling changed with each
round's seed, so from round 2 on the draw fell back to its search), and 32 manillen players
over 31 rounds had partners twice (the first round began the design without a repeat, which
stops after 10 rounds, instead of the whist tournament the 31 rounds need).
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from test_event_rounds_tables import FR, MANILLEN, client_in, fresh_app
from test_events import new_event, open_table, post, seated, tables


def played(tmp_path, rounds, players, **fields):
    """Every round drawn through the director's page and closed: (table-mates, partners)."""
    app = fresh_app(tmp_path / "event.sqlite")
    client = client_in(app, FR)
    new_event(client, **fields, rounds=str(rounds))
    names = "\n".join(f"Joueur {k:02d}" for k in range(players))
    assert post(client, app, "players", names=names).status_code == 302
    met, partners = Counter(), Counter()
    for _ in range(rounds):
        assert post(client, app, "draw").status_code == 302
        for link in tables(client):
            seats = seated(client, open_table(client, link))["players"]
            met.update(frozenset(p) for p in itertools.combinations(seats, 2))
            partners.update((frozenset(seats[0::2]), frozenset(seats[1::2])))
        assert post(client, app, "close", confirmed="1").status_code == 302
    return met, partners


def test_28_players_at_tables_of_4_meet_nobody_twice_over_the_9_rounds(tmp_path):
    met, _ = played(tmp_path, 9, 28, kind="hombre", seating="4", method="total")
    # 9 rounds of 3 new table-mates: 27 = every other player, each pair once: 28 * 27 / 2
    assert max(met.values()) == 1 and len(met) == 28 * 27 // 2


@pytest.mark.long
def test_20_manillen_players_over_19_rounds_play_a_whist_tournament(tmp_path):
    met, partners = played(tmp_path, 19, 20, **MANILLEN)
    every = [
        frozenset(p) for p in itertools.combinations([f"Joueur {k:02d}" for k in range(20)], 2)
    ]
    # a whist tournament: every two players partners exactly once, opponents exactly twice,
    # so at a table together 3 times: 190 pairs, 19 rounds * 5 tables * 6 pairs = 570 = 3 * 190
    assert all(partners[p] == 1 and met[p] == 3 for p in every)
