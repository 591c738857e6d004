"""A club without a chip value: the payments ticked at its tables count in the room.

Table 1 plays the seed (docs/rules/hombre.md §10): Anne −72, Bruno −9, Chloé +81. Table 2,
Denis, Eve and Bruno, its first six coups: −66, −21, +87. The members: Anne −72, Bruno
−9 + 87 = +78, Chloé +81, Denis −66, Eve −21 (sum 0). At table 1 Anne pays Chloé her 72
(ticked there). What is left: Anne 0, Bruno +78, Chloé +9, Denis −66, Eve −21; the debtors
in the club's order pay the creditors in the club's order (docs/cashbox.md, "Between
members"): Denis → Bruno 66, Eve → Bruno 12, Eve → Chloé 9. The room ignored the tick and
asked Anne → Bruno 72: Anne would have paid twice.
"""

from __future__ import annotations

import re

from test_cashbox_table import tick
from test_club_money_one_figure import ROOM, club_at, table
from test_clubs import new_evening


def room_pays(client, evening: int) -> list[str]:
    page = client.get(ROOM.format(evening)).data.decode()
    start = page.index('id="pays"')
    section = page[start : page.index("</section>", start)]
    found = re.findall(r"<li[^>]*>(.*?)</li>", section, re.S)
    return [" ".join(re.sub(r"<[^>]+>", "", line).split()) for line in found]


def test_a_payment_ticked_at_a_table_is_not_asked_again_by_the_room(client, app):
    club = club_at(client, "")
    evening = new_evening(client, app, club, "2026-11-27")
    first = table(client, evening, ("Anne", "Bruno", "Chloé"), 7)
    second = table(client, evening, ("Denis", "Eve", "Bruno"), 6)
    assert room_pays(client, evening) == [
        "Anne → Bruno: 72 chips",
        "Denis → Bruno: 6 chips",
        "Denis → Chloé: 60 chips",
        "Eve → Chloé: 21 chips",
    ]
    assert tick(client, first, 0, 2, 72, "1").status_code == 302
    assert room_pays(client, evening) == [
        "Denis → Bruno: 66 chips",
        "Eve → Bruno: 12 chips",
        "Eve → Chloé: 9 chips",
    ]
    # the members' results stay what they won or lost
    page = client.get(ROOM.format(evening)).data.decode()
    assert re.search(r'<th scope="row">Anne</th><td class="num"><b>−72</b>', page)
    # every table's own lines ticked (table 2: Denis → Bruno 66, Eve → Bruno 21; table 1:
    # Bruno → Chloé 9): nothing is left, and the room says everything is paid
    assert tick(client, first, 1, 2, 9, "1").status_code == 302
    assert tick(client, second, 0, 2, 66, "1").status_code == 302
    assert tick(client, second, 1, 2, 21, "1").status_code == 302
    assert room_pays(client, evening) == []
    assert 'id="settled"' in client.get(ROOM.format(evening)).data.decode()
