"""A fee to several members says what was recorded, as a typed entry does, and comes back to
the page it was typed on (the play-through of a treasurer: a fee posted from the cash box
shown for an evening, ``?evening=<id>``, said nothing and came back without the evening).

The seed's table (docs/rules/hombre.md §10) seats Anne, Bruno and Chloé at the evening: the
fee form checks the three.
"""

from __future__ import annotations

import re

from test_clubs import club_version, new_club, new_evening, seed_table
from test_one_purse_web import ids


def _balances(page: str) -> str:
    start = page.index('id="balances"')
    return page[start : page.index("</section>", start)]


def test_a_fee_to_several_members_says_so_and_comes_back_to_the_evening(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    page = client.get(f"/clubs/{club}/cash?evening={evening}").data.decode()
    action = re.search(r'<form method="post" action="([^"]+)" class="card" id="fee">', page)
    assert action is not None
    member = ids(app)
    fee = {"kind": "fee_evening", "amount": "2,50", "on": "2026-11-27"}
    fee |= {"member": [str(member[n]) for n in ("Anne", "Bruno", "Chloé")]}
    answer = client.post(
        action.group(1).replace("&amp;", "&"), data={**fee, "version": club_version(app)}
    )
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith(f"/clubs/{club}/cash?evening={evening}#balances")
    back = client.get(answer.headers["Location"]).data.decode()
    # three entries of 2.50 each, each lowering a balance: −€2.50
    assert "Recorded for 3 members: Evening fee, −€2.50 each." in _balances(back)
    assert 'id="for-evening"' in back  # the evening's page still
    # one member checked: named, as a typed entry is
    one = {**fee, "member": [str(member["Anne"])], "kind": "fee_season", "amount": "20"}
    answer = client.post(f"/clubs/{club}/cash/fees", data={**one, "version": club_version(app)})
    assert answer.headers["Location"].endswith(f"/clubs/{club}/cash#balances")
    said = _balances(client.get(answer.headers["Location"]).data.decode())
    assert "Recorded for Anne: Season dues, −€20.00." in said


def test_a_typed_entry_comes_back_to_the_evening_and_the_way_of_settling_up(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    page = client.get(f"/clubs/{club}/cash?evening={evening}&mode=treasurer").data.decode()
    action = re.search(r'<form method="post" action="([^"]+)" class="card" id="prize">', page)
    assert action is not None
    member = ids(app)
    prize = {"kind": "prize", "member": str(member["Bruno"]), "amount": "5", "on": "2026-11-27"}
    url = action.group(1).replace("&amp;", "&")
    answer = client.post(url, data={**prize, "version": club_version(app)})
    location = answer.headers["Location"]
    assert f"evening={evening}" in location and "mode=treasurer" in location
    assert location.endswith("#balances")
    assert "Recorded for Bruno: Prize, +€5.00." in _balances(client.get(location).data.decode())
