"""The cash box over a real SQLite file: an evening closed and posted, reopened and re-posted,
a fee, a payment, a reversal, a suggestion paid; every balance added up by hand.

The tables play the seed's worked example (docs/rules/hombre.md §10): after
coup 5 its seats stand −60, −33, +93 chips, after coup 7 −72, −9, +81. The
club's chip is worth 0.05 EUR: 5 cents a chip.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from test_clubs_computed import seed, table

from scorekeeper import clubs, store
from scorekeeper.cashbox.entries import EntryKind
from scorekeeper.cashbox.settle import BOX, Suggestion, between_members
from scorekeeper.clubs import accounts, closing
from scorekeeper.rules.money import Money

DAY = "2026-11-01"


def version(db, club_id: int) -> int:
    found = clubs.club(db, club_id)
    assert found is not None
    return found.version


def test_close_post_reopen_repost_and_the_treasurers_entries(db):
    club_id = clubs.create(db, "Le Cercle", Money(Decimal("0.05"), "EUR"), None)
    club = clubs.club(db, club_id)
    assert club is not None
    evening = clubs.evening(db, clubs.create_evening(db, club_id, DAY, "", club.version))
    assert evening is not None
    first = table(db, evening, seed("Anne", "Bruno", "Chloé", coups=5))  # −60, −33, +93
    table(db, evening, seed("Denis", "Eve", "Fanny", coups=5))  # −60, −33, +93
    ids = {m.name: m.id for m in clubs.members(db, club_id)}

    written = closing.close(db, club, evening, version(db, club_id))
    # Closing stops each table as "We stop here" would (hombre.md §7, docs/rules.md): after
    # coup 5 B's bêtes of 108 and 72 are open, each paid a third to A and to C: B pays 36 + 24
    # to each: A −60 + 60 = 0, B −33 − 120 = −153, C 93 + 60 = 153. At 5 cents a chip: Anne 0,
    # Bruno −765, Chloé 765; the same for Denis, Eve, Fanny: four entries, summing to zero.
    assert written == closing.Closed(4, again=False)
    book = accounts.accounts(db, club_id)
    by_name = {m.name: book.balances().get(m.id, 0) for m in book.members}
    assert by_name == {
        "Anne": 0, "Bruno": -765, "Chloé": 765, "Denis": 0, "Eve": -765, "Fanny": 765,
    }  # fmt: skip
    assert all(e.kind is EntryKind.EVENING and e.on == DAY for e in book.entries)

    # The tables are locked: a coup is refused in its transaction.
    assert store.table_closed(db, first)
    sixth = seed("Anne", "Bruno", "Chloé", coups=6).coups[5]
    with pytest.raises(store.Closed):
        store.add_coup(db, first, sixth)
    with pytest.raises(clubs.Refused):  # closed already
        closing.close(db, club, evening, version(db, club_id))

    closing.reopen(db, club, evening, version(db, club_id))  # the tables play on
    assert not store.table_closed(db, first) and not store.load(db, first).stopped
    store.add_coup(db, first, sixth)
    store.add_coup(db, first, seed("Anne", "Bruno", "Chloé", coups=7).coups[6])
    written = closing.close(db, club, evening, version(db, club_id))
    # Table 1 now −72, −9, +81, no bête open (B won both back): Anne −360, Bruno −45, Chloé
    # 405. Anne's first entry (−360, she had none) and Bruno's and Chloé's entries reversed
    # and posted again: 1 + 2 + 2 rows; Denis, Eve and Fanny (stopped again alike) alone.
    assert written == closing.Closed(5, again=True)  # closed before: what changed
    book = accounts.accounts(db, club_id)
    assert len(book.entries) == 9
    changed = {e.member for e in book.entries[4:]}
    assert changed == {ids["Anne"], ids["Bruno"], ids["Chloé"]}
    assert book.balances() == {
        ids["Anne"]: -360, ids["Bruno"]: -45, ids["Chloé"]: 405,
        ids["Eve"]: -765, ids["Fanny"]: 765,
    }  # fmt: skip
    assert [a for a, _ in store.closings.history(db, evening.id)] == ["close", "reopen", "close"]

    # Season dues of 25.00 for Anne (−2500), then she pays 30.00 cash to the treasurer:
    # more than she owes (360 + 2500 = 2860), refused (issue 45); she pays 28.60.
    dues = accounts.post(
        db, club_id, version(db, club_id), ids["Anne"], EntryKind.FEE_SEASON, -2500, "2026-11-02"
    )
    with pytest.raises(accounts.Overpaid):
        accounts.post(
            db, club_id, version(db, club_id), ids["Anne"], EntryKind.PAYMENT, 3000, "2026-11-03",
            method="cash", received_by="Marc",
        )  # fmt: skip
    accounts.post(
        db, club_id, version(db, club_id), ids["Anne"], EntryKind.PAYMENT, 2860, "2026-11-03",
        method="cash", received_by="Marc",
    )  # fmt: skip
    # Anne: −360 − 2500 + 2860 = 0. As of the 2nd: −360 − 2500 = −2860.
    book = accounts.accounts(db, club_id)
    assert ids["Anne"] not in book.balances()
    assert book.balances("2026-11-02")[ids["Anne"]] == -2860
    # The dues were charged by mistake: reversed (+2500): Anne 2500.
    accounts.reverse(db, club_id, version(db, club_id), dues, "2026-11-04", "no dues this year")
    with pytest.raises(clubs.Refused):  # once only
        accounts.reverse(db, club_id, version(db, club_id), dues, "2026-11-04", "")
    with pytest.raises(clubs.Conflict):  # a page shown before the reversal
        accounts.post(db, club_id, 1, ids["Anne"], EntryKind.PRIZE, 100, "2026-11-04")
    book = accounts.accounts(db, club_id)
    assert book.balances()[ids["Anne"]] == 2500

    # Suggestions: the debtors in the club's order (by name): Bruno −45, Eve −765 (Denis 0);
    # the creditors: Anne 2500, Chloé 405, Fanny 765, and the box −(2500 − 45 + 405 − 765
    # + 765) = −2860 (it holds Anne's 28.60): the box owes, it is a debtor, last.
    suggestions = between_members(book.balances(), book.order)
    assert suggestions[:2] == [
        Suggestion(ids["Bruno"], ids["Anne"], 45),
        Suggestion(ids["Eve"], ids["Anne"], 765),
    ]
    # Then the box pays Anne 2500 − 45 − 765 = 1690, Chloé 405, Fanny 765 (sum 2860).
    assert suggestions[2:] == [
        Suggestion(BOX, ids["Anne"], 1690),
        Suggestion(BOX, ids["Chloé"], 405),
        Suggestion(BOX, ids["Fanny"], 765),
    ]
    accounts.pay(db, club_id, version(db, club_id), suggestions[1], "2026-11-05", "cash")
    book = accounts.accounts(db, club_id)
    # Eve 0, Anne 2500 − 765 = 1735; every other suggestion stays as it was.
    assert ids["Eve"] not in book.balances() and book.balances()[ids["Anne"]] == 1735
    assert between_members(book.balances(), book.order) == suggestions[:1] + suggestions[2:]
    payments = [e for e in book.entries if e.on == "2026-11-05"]
    assert [(e.member, e.amount, e.received_by) for e in payments] == [
        (ids["Eve"], 765, "Anne"),
        (ids["Anne"], -765, "Anne"),
    ]


def test_a_club_without_a_chip_value_locks_its_evening_and_posts_nothing(db):
    club_id = clubs.create(db, "Sans argent", None, None)
    club = clubs.club(db, club_id)
    assert club is not None
    evening = clubs.evening(db, clubs.create_evening(db, club_id, DAY, "", club.version))
    assert evening is not None
    game = table(db, evening, seed("Anne", "Bruno", "Chloé", coups=5))
    assert closing.close(db, club, evening, version(db, club_id)) == closing.Closed(
        0, again=False, money=False
    )
    assert store.table_closed(db, game) and accounts.accounts(db, club_id).entries == []
    with pytest.raises(clubs.Conflict):  # the page before the closing
        closing.reopen(db, club, evening, club.version)
