"""An evening lists its own fees (fees18: a fee names its evening in the ledger row's
``evening_id``; ``cashbox.open_items.of_evening``), so its heading says the evening's fees, not
a day: two evenings on one day each listed theirs under the same "Fees dated 27 Nov 2026",
the cash box's view of each evening and each room (page and PDF) alike.

The afternoon's fee is 2.50 to each of its three players, the evening's 3.00 to each of its
three (the setting of test_two_evenings_one_day)."""

from __future__ import annotations

import re

from test_clubs import new_club, seed_table
from test_settlement import pdf_text
from test_two_evenings_one_day import charge, evening_of

HEADING = {
    "en": "The evening's fees",
    "fr": "Les frais de la soirée",
    "da": "Aftenens gebyrer",
    "nl": "De bijdragen van de avond",
}


def heading(page: str, section: str) -> str:
    """The heading of the fees' section (``section``: its id) as the reader sees it."""
    found = re.search(rf'id="{section}">\s*<h[23]>([^<]+)</h[23]>', page)
    assert found is not None, page[-2000:]
    return found.group(1).replace("&#39;", "'")


def test_two_evenings_of_one_day_each_head_their_own_fees(client, app, tmp_path):
    club = new_club(client)
    afternoon = evening_of(client, app, club, title="Afternoon")
    evening = evening_of(client, app, club, title="Evening")
    seed_table(client, afternoon, "Anne", "Bruno", "Chloé")
    seed_table(client, evening, "Dora", "Émile", "Fanny")
    query = f"?evening={afternoon}"
    assert charge(client, app, club, ["Anne", "Bruno", "Chloé"], "2,50", query) == 302
    query = f"?evening={evening}"
    assert charge(client, app, club, ["Dora", "Émile", "Fanny"], "3,00", query) == 302
    for shown in (afternoon, evening):
        for language, words in HEADING.items():
            headers = {"Accept-Language": language}
            cash = client.get(f"/clubs/{club}/cash?evening={shown}", headers=headers).text
            assert heading(cash, "evening-fees") == words, (shown, language)
            room = client.get(f"/evenings/{shown}/settlement", headers=headers).text
            assert heading(room, "fees") == words, (shown, language)
        printed = pdf_text(client.get(f"/evenings/{shown}/settlement.pdf").data, tmp_path)
        assert HEADING["en"] in printed and "Fees dated" not in printed
