"""A club table's settlement PDF follows the evening's money (the walk-through of
2026-11-27): its "who pays whom" and the evening's paid and left are the room's, so another
table's coups change them; the PDF was kept by the table's and the club's versions only and
still printed the old sums."""

from __future__ import annotations

from test_clubs import _hombre, new_club, new_evening, seed_table
from test_settlement import pdf_text
from web import SEED_COUPS, enter


def test_a_tables_pdf_changes_when_another_table_of_its_evening_plays(client, app, tmp_path):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    first = seed_table(client, evening, "Anne", "Bruno", "Chloé")  # −72, −9, +81
    client.get(first)  # the coups' messages shown: a page drawn with one waiting is not kept
    # at 0.05 € a chip: Anne −3.60 €, and what the evening leaves her to pay is that
    printed = " ".join(pdf_text(client.get(first + "/settlement.pdf").data, tmp_path).split())
    assert "−€3.60" in printed and "−€4.05" not in printed
    assert client.get(first + "/settlement.pdf").headers.get("Server-Timing") == "kept"
    data = {"player0": "Chloé", "player1": "Anne", "player2": "Bruno"}
    second = client.post(f"/games/new?evening={evening}", data={**_hombre(), **data})
    assert second.status_code == 302
    for text in SEED_COUPS:  # Chloé −72, Anne −9, Bruno +81
        assert enter(client, second.headers["Location"], text).status_code in (200, 302)
    client.get(second.headers["Location"])
    # Anne in the room: −72 − 9 = −81 chips = −4.05 €; the first table's own −3.60 € stays
    page = " ".join(client.get(first + "/settlement").data.decode().split())
    printed = " ".join(pdf_text(client.get(first + "/settlement.pdf").data, tmp_path).split())
    for shown in (page, printed):
        assert "−€4.05" in shown and "−€3.60" in shown
