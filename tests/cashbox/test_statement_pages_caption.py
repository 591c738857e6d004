"""Each paged list says its own order (templates/club/_pages.html). The cash box lists its
entries newest first, line after line and page after page; a member's statement shows its
newest page first but reads each page in date order, so that the running balance reads down
to what they owe now. Both said "x–y of n entries, newest first.", which the statement's lines
are not.

The ledger is test_cash_pages's: Anne's 60 fees of 1.00 and Bruno's 60 prizes, 120 entries.
"""

from __future__ import annotations

import re

from test_cash_pages import OLDER, ledger_of

STATEMENT = {
    "en": "1–50 of 60 entries: the latest page first, its lines in date order.",
    "fr": "1–50 sur 60 écritures\u202f: la page la plus récente d’abord, ses lignes dans"
    " l’ordre des dates.",
    "da": "1–50 af 60 posteringer: nyeste side først, dens linjer i datoorden.",
    "nl": "1–50 van 60 boekingen: nieuwste pagina eerst, de regels op datum.",
}
"""The statement's first page: Anne's newest 50 of her 60 lines."""

CASH = {
    "en": "1–50 of 120 entries, newest first.",
    "fr": "1–50 sur 120 écritures, les plus récentes d’abord.",
}


def captions(page: str, nav: str) -> str:
    """The caption of a page's list (``nav``: the id of its links above the list)."""
    found = re.search(rf'<nav class="pages screen-only" id="{nav}"[^>]*>\s*<p>([^<]+)', page)
    assert found is not None
    return found.group(1).strip()


def test_the_statement_says_its_lines_read_in_date_order_the_cash_box_newest_first(client, app):
    club, members, _written = ledger_of(client, app)
    base = f"/clubs/{club}/members/{members['Anne']}/statement"
    for language, words in STATEMENT.items():
        page = client.get(base, headers={"Accept-Language": language}).text
        assert captions(page, "statement-pages") == words, language
        assert captions(page, "statement-pages-below") == words, language
    for language, words in CASH.items():
        page = client.get(f"/clubs/{club}/cash", headers={"Accept-Language": language}).text
        assert captions(page, "entries-pages") == words, language
    # what the statement's caption says: its lines read down in date order (her balance
    # after her 11th fee −11.00, down to −60.00 after her 60th), the older page after it
    # (her 1st to her 10th: −1.00 … −10.00)
    page = client.get(base).text
    balances = re.findall(r'<td class="num">[^<]+</td><td class="num">([^<]+)</td>', page)
    assert balances == [f"−€{n}.00" for n in range(11, 61)]
    older = client.get(OLDER.findall(page)[0].replace("&amp;", "&")).text
    rest = re.findall(r'<td class="num">[^<]+</td><td class="num">([^<]+)</td>', older)
    assert rest == [f"−€{n}.00" for n in range(1, 11)]
