"""A "new member" box's value costs no more than a name (review18).

The box a club's new table ticks sends the name it was drawn for (``new_member``, at most
eight read); each was folded (``names.same_key``: NFKC case-folding) before it was compared
with the names typed, which are at most ``names.MAX_LENGTH`` characters. A value of
600,000 "ﷺ" (3 UTF-8 bytes each, 1.8 MB, under MAX_CONTENT_LENGTH) folds to 18 characters
each: measured, 1.7 s of CPU for one request, with nothing stored. A value longer than any
name can match none of them, and is no longer folded.
"""

from __future__ import annotations

import time
from urllib.parse import urlencode

from test_a_part_of_a_members_name import _club_with_chloe_dubois, _members
from web import NEW_GAME


def test_a_huge_box_value_is_not_folded(client, app):
    _club, evening = _club_with_chloe_dubois(client, app)
    data = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    body = urlencode(data).encode() + b"&new_member=" + "\ufdfa".encode() * 600_000
    started = time.process_time()
    response = client.post(
        f"/games/new?evening={evening}", data=body, content_type="application/x-www-form-urlencoded"
    )
    spent = time.process_time() - started
    assert response.status_code == 422  # "Chloé" is still asked about: the box names no one typed
    assert _members(app) == ["Chloé Dubois"]
    assert spent < 0.5, spent  # 1.7 s before (folding 1.8 MB); the page's own cost now


def test_the_box_ticked_still_makes_her_a_new_member(client, app):
    _club, evening = _club_with_chloe_dubois(client, app)
    data = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    response = client.post(f"/games/new?evening={evening}", data={**data, "new_member": "Chloé"})
    assert response.status_code == 302
    assert _members(app) == ["Anne", "Bruno", "Chloé", "Chloé Dubois"]
