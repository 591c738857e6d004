"""The fiche's and the nets' seat heads after an absent player came back (issue 45's walk,
point 4): the head names who sat at the seat in turn and ends with who sits there now, as
the who-sat-when lines say — "Bruno → Denis → Bruno", never "Bruno → Denis" once Bruno is
back."""

from __future__ import annotations

from test_take_seat import seed_until, take
from web import SEED_COUPS, enter


def test_the_seat_head_ends_with_the_player_back_at_his_seat(client):
    game = seed_until(client, 2)
    assert take(client, game, "1", "Denis").status_code == 302  # Denis for Bruno from 3
    for text in SEED_COUPS[2:5]:
        assert enter(client, game, text).status_code == 302
    fiche = client.get(game + "/fiche").data.decode()
    assert "<th>Bruno → Denis</th>" in fiche  # Denis sits there now
    assert take(client, game, "1", "Bruno").status_code == 302  # Bruno back from coup 6
    for text in SEED_COUPS[5:]:
        assert enter(client, game, text).status_code == 302
    page = client.get(game).data.decode()
    assert "From coup 6, Bruno is back at their own seat." in page
    fiche = client.get(game + "/fiche").data.decode()
    assert "<th>Bruno → Denis → Bruno</th>" in fiche
    assert "<th>Bruno → Denis</th>" not in fiche
    settlement = client.get(game + "/settlement").data.decode()
    assert "Bruno → Denis → Bruno" in settlement and "Bruno → Denis<" not in settlement
