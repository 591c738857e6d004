"""The cash box's sums read by SQLite equal the Python ones over the whole ledger (cash20).

A member's statement, read from their rows alone (``cash_reads.of_member``), says what the
whole ledger's ``accounts`` says of them; an evening's view of the cash box, read from its
members' rows (``cash_reads.evening_members``), the same purse and fees as the whole's; a
payment's overpayment check, read from its members' rows (``accounts.of_members``), and an
entry's reversal, read from the rows of its payment (``merging.entries_about``), the same
as over the whole ledger (cash21).

``cash_reads.summed`` sums the ledger in SQLite (``cashbox.ledger.sums``) and works out the
open items over the rows of the members with an evening not closed alone; ``Accounts``
turns every row into an entry and sums them in Python. On random ledgers — fees (some
charged from an evening), charges, prizes, payments in and out, payments recorded for an
evening, payments between members, evenings' results, reversals (some dated before their
entry, as an old ledger may hold), evenings open, closed and reopened with a real table's
provisional results, members merged — the two give the same cents as of every day. And
the page of entries read by keyset (``paging.page_read``) is the page ``page_of`` cuts
from the whole list, for every cursor.
"""

from __future__ import annotations

import contextlib
import tempfile
from decimal import Decimal
from pathlib import Path

from apps import fresh_database
from budget import examples
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from test_clubs_computed import seed, table

from scorekeeper import clubs
from scorekeeper.cashbox.entries import (
    BOX_SIDE,
    EVENING_FEES,
    MEMBER_SIDE,
    as_of,
    reversed_ids,
    sides,
)
from scorekeeper.cashbox.ledger import counted, insert_entry, listed_at, placed
from scorekeeper.cashbox.open_items import at_most, held_for_winners
from scorekeeper.cashbox.settle import BOX, between_members
from scorekeeper.clubs import accounts, cash_reads, closing
from scorekeeper.clubs.merging import entries_about
from scorekeeper.clubs.purse import evening_purse
from scorekeeper.db import connect
from scorekeeper.rules.money import Money
from scorekeeper.store.coup_edits import delete_coup
from scorekeeper.store.errors import Closed, NotFound
from scorekeeper.web.clubs.paging import entry_place, page_of, page_read, said

DAYS = [f"2026-01-{d:02d}" for d in range(1, 26)]
EVENINGS = ("2026-01-05", "2026-01-12", "2026-01-19", "2026-01-12")
"""The fourth evening shares the second's day (titled "Late"): a fee naming none that day is
no one evening's (cash22)."""
TITLES = ("", "", "", "Late")
NAMES = ("Anne", "Bruno", "Chloé", "Denis", "Eve")
KINDS = ("fee_evening", "fee_season", "charge", "prize", "payment")

steps = st.lists(
    st.one_of(
        st.tuples(
            st.just("entry"),
            st.integers(0, 4),
            st.sampled_from(KINDS),
            st.integers(1, 900),
            st.sampled_from(DAYS),
            st.one_of(st.none(), st.integers(0, 3)),  # an evening: a fee's or a payment's
        ),
        st.tuples(st.just("result"), st.integers(0, 4), st.integers(0, 3), st.integers(-900, 900)),
        st.tuples(st.just("reverse"), st.integers(0, 10**6), st.sampled_from(DAYS)),
        st.tuples(st.just("between"), st.integers(0, 4), st.integers(0, 4), st.integers(1, 900)),
        st.tuples(st.just("close"), st.integers(0, 3)),
        st.tuples(st.just("reopen"), st.integers(0, 3)),
        st.tuples(st.just("merge"), st.integers(0, 4), st.integers(0, 4)),
        # the table's last coup undone (taken only while its evening is not closed), and
        # every suggestion of the cash box paid there: paid, reopened, changed (fix25b)
        st.tuples(st.just("undo")),
        st.tuples(st.just("settle")),
    ),
    max_size=30,
)


def _settle(db, club_id: int) -> None:
    """Every suggestion of the cash box paid there, between members (``accounts.pay``, no
    evening named), as smoke25's player did."""
    book = accounts.accounts(db, club_id)
    for suggestion in between_members(book.payable(), book.order):
        if BOX not in (suggestion.payer, suggestion.payee):
            accounts.pay(db, club_id, _version(db, club_id), suggestion, DAYS[-1], "cash")


def _one_rule(db, club_id: int, plan, book: accounts.Accounts) -> None:
    """When the ledger is the first evening's results and the cash box's suggestions paid
    alone, the room of that evening and the cash box say one figure per member: closed, what
    is left on the room is each balance the box settles; not closed, what the box counts
    apart for it (its room's left). Paid at a first close, reopened, a coup undone, closed
    again, the room once said "Everything is paid" while the box asked the money paid beyond
    the new result back (fix25b)."""
    if any(step[0] not in ("close", "reopen", "undo", "settle") for step in plan):
        return
    (first,) = db.execute("select distinct evening_id from evening_games").fetchone()
    club, evening = clubs.club(db, club_id), clubs.evening(db, first)
    assert club is not None and evening is not None
    purse = evening_purse(db, club, evening, book.entries)
    assert purse is not None
    left = {m: c for m, c in purse.left.items() if c}
    if purse.closed:
        assert left == book.payable()
        assert purse.suggestions == between_members(book.payable(), book.order)
    else:
        assert left == {m: c for (m, e), c in book.open_left().items() if e == evening.id}
        assert book.payable() == {}


def _version(db, club_id: int) -> int:
    found = clubs.club(db, club_id)
    assert found is not None
    return found.version


def _build(db, coups: int, plan) -> int:
    """A club of five members and four evenings, two of one day (the first with a table of
    ``coups`` coups: its room's results, provisional until closed), then ``plan``; its id."""
    club_id = clubs.create(db, "Le Cercle", Money(Decimal("0.05"), "EUR"), None)
    ids = [
        clubs.create_evening(db, club_id, day, title, _version(db, club_id))
        for day, title in zip(EVENINGS, TITLES, strict=True)
    ]
    evenings = [clubs.evening(db, n) for n in ids]
    table(db, evenings[0], seed("Anne", "Bruno", "Chloé", coups=coups))
    for name in ("Denis", "Eve"):
        clubs.add_member(db, club_id, name, "", _version(db, club_id))
    member = {m.name: m.id for m in clubs.members(db, club_id)}
    who = [member[n] for n in NAMES]
    written: list[tuple[int, int, int, int | None]] = []  # id, member, amount, evening
    game = db.execute("select game_id from evening_games").fetchone()[0]
    for step in plan:
        club = clubs.club(db, club_id)
        row: dict | None = None
        if step[0] == "entry":
            _, m, kind, amount, day, at = step
            signed = amount if kind in ("prize", "payment") else -amount
            if kind == "payment" and amount % 3 == 0:
                signed = -amount  # paid out
            row = {"member_id": who[m], "kind": kind, "amount": signed, "on_date": day}
            if at is not None and kind in ("fee_evening", "fee_season", "payment"):
                row["evening_id"] = ids[at]
            if kind == "payment":
                row |= {"method": "cash", "received_by": BOX_SIDE if signed > 0 else "Anne"}
        elif step[0] == "result":
            _, m, at, amount = step
            if amount:
                row = {"member_id": who[m], "kind": "evening", "amount": amount}
                row |= {"on_date": EVENINGS[at], "evening_id": ids[at]}
        elif step[0] == "reverse" and written:
            _, pick, day = step
            undone = written.pop(pick % len(written))
            if db.execute("select 1 from ledger where reverses = ?", [undone[0]]).fetchone():
                continue  # a close reversed it already
            row = {"member_id": undone[1], "kind": "reversal", "amount": -undone[2]}
            row |= {"reverses": undone[0], "on_date": day, "evening_id": undone[3]}
        elif step[0] == "between" and step[1] != step[2]:
            _, payer, payee, amount = step
            day = DAYS[amount % len(DAYS)]
            first = {"member_id": who[payer], "kind": "payment", "amount": amount}
            first |= {"on_date": day, "paid_by": MEMBER_SIDE, "received_by": MEMBER_SIDE}
            paid = insert_entry(db, first | {"club_id": club_id})
            second = first | {"member_id": who[payee], "amount": -amount, "other_side": paid}
            insert_entry(db, second | {"club_id": club_id})
        elif step[0] in ("close", "reopen"):
            evening = evenings[step[1]]
            try:
                if step[0] == "close":
                    closing.close(db, club, evening, club.version)
                else:
                    closing.reopen(db, club, evening, club.version)
            except clubs.Refused:
                pass  # closed already, or not closed
        elif step[0] == "undo":
            with contextlib.suppress(Closed, NotFound):  # its evening closed; no coup left
                delete_coup(db, game)
        elif step[0] == "settle":
            _settle(db, club_id)
        elif step[0] == "merge" and step[1] != step[2]:
            # merged away already, or they sat at one table: refused
            with contextlib.suppress(clubs.Refused, clubs.SatTogether):
                clubs.merge(db, club_id, who[step[1]], who[step[2]], club.version)
        if row is not None:
            new = insert_entry(db, row | {"club_id": club_id})
            if row["kind"] != "reversal":
                written.append((new, row["member_id"], row["amount"], row.get("evening_id")))
    return club_id


@settings(
    max_examples=examples(25, 200),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.integers(3, 7), steps, st.lists(st.sampled_from(DAYS), max_size=3))
# Anne's loss at the open evening's table (−3,60) settled by her payment tied to no evening:
# a provisional line and no row of hers naming the evening
@example(7, [("entry", 0, "payment", 100, "2026-01-06", None)], ["2026-01-05"])
# Denis's fee typed outside the evenings of the 12th, dated its day: of two evenings that
# day, no one's, listed apart on both; Eve's names the late one (cash22)
@example(3, [("entry", 3, "fee_evening", 250, "2026-01-12", None)], [])
@example(
    3,
    [
        ("entry", 3, "fee_evening", 250, "2026-01-12", None),
        ("entry", 4, "fee_evening", 150, "2026-01-12", 3),
        ("entry", 2, "fee_evening", 100, "2026-01-05", None),
    ],
    [],
)
# closed, a fee and a payment, reopened (the close's rows provisional again), Bruno merged
# into Denis, a result on the third evening reversed the day before it
@example(
    5,
    [
        ("close", 0),
        ("entry", 1, "fee_evening", 250, "2026-01-05", 0),
        ("entry", 1, "payment", 300, "2026-01-07", None),
        ("reopen", 0),
        ("merge", 1, 3),
        ("result", 3, 2, -120),
        ("reverse", 2, "2026-01-18"),
        ("between", 2, 3, 45),
        ("close", 2),
    ],
    ["2026-01-06", "2026-01-18", "2026-01-19"],
)
# paid at the close, reopened, the last coup undone, closed again: the money paid beyond
# the new result is the evening's, on its room as in the box (fix25b)
@example(7, [("close", 0), ("settle",), ("reopen", 0), ("undo",), ("close", 0)], [])
@example(6, [("close", 0), ("settle",), ("reopen", 0), ("undo",)], [])
def test_the_sums_by_sqlite_are_the_ledgers_summed_in_python(coups, plan, days):
    with tempfile.TemporaryDirectory() as tmp:
        db = connect(fresh_database(Path(tmp) / "sums.sqlite"))
        club_id = _build(db, coups, plan)
        book = accounts.accounts(db, club_id)
        for on in (None, *days):
            found = cash_reads.summed(db, club_id, on)
            assert found.balances == book.balances(on), on
            assert found.open_left == book.open_left(on), on
            assert found.payable == book.payable(on), on
            assert found.box == book.box(on), on
            assert found.open_evenings == book.open_evenings
            assert found.order == book.order
        club = clubs.club(db, club_id)
        every = clubs.evenings(db, club_id)
        order = [m.id for m in book.members]
        for evening in every:  # an evening's view, its members' rows
            theirs = cash_reads.of_evening(db, club, evening)
            sharing = cash_reads.sharing_its_day(every, evening)
            assert theirs.fees_on(evening, order, sharing) == book.fees_on(evening, order, sharing)
            assert evening_purse(db, club, evening, theirs.entries) == evening_purse(
                db, club, evening, book.entries
            )
        for member in book.members:  # a statement reads its member's rows alone
            mine, m = cash_reads.of_member(db, club_id, member.id), member.id
            assert mine.of(m) == book.of(m)  # every field: the payment's sides said too
            assert _his(mine.open_left(), m) == _his(book.open_left(), m)
            assert mine.payable().get(m, 0) == book.payable().get(m, 0)
            assert [mine.provisional(e) for e in mine.of(m)] == [
                book.provisional(e) for e in book.of(m)
            ]
        _counted_once(book, every, order)
        _one_rule(db, club_id, plan, book)
        _check_payments(db, club_id, book)
        _check_reversals(db, club_id, book)
        db.close()


@settings(
    max_examples=examples(15, 120),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    st.integers(3, 7),
    st.lists(
        st.one_of(
            st.sampled_from([("settle",), ("undo",)]),
            st.tuples(st.sampled_from(["close", "reopen"]), st.just(0)),
        ),
        max_size=12,
    ),
)
def test_paid_reopened_and_changed_the_room_and_the_box_say_one_figure(coups, plan):
    """Only closes, reopenings, coups undone and the box's suggestions paid, in any order:
    the room of the evening and the cash box agree in every state (``_one_rule``)."""
    with tempfile.TemporaryDirectory() as tmp:
        db = connect(fresh_database(Path(tmp) / "rule.sqlite"))
        club_id = _build(db, coups, plan)
        _one_rule(db, club_id, plan, accounts.accounts(db, club_id))
        db.close()


def _counted_once(book: accounts.Accounts, every: list[clubs.Evening], order: list[int]) -> None:
    """Each fee of an evening's play, not reversed, of a day of evenings (naming one of them,
    or none and dated that day) is counted in one evening's "still owe" at most (cash22):
    the one it names; naming none, the day's only evening, or on a day of two evenings no
    one's, listed apart — the same list on each of them. Each evening's sum is its rows'."""
    undone = reversed_ids(book.entries)
    for day in {e.date for e in every}:
        those = [e for e in every if e.date == day]
        listed = [book.fees_on(e, order, len(those)) for e in those]
        counted = [fee.id for found in listed for fee, _ in found.rows]
        apart = {tuple(fee.id for fee, _ in found.apart) for found in listed}
        assert len(apart) == 1, day  # every evening of the day lists the same apart
        (apart_ids,) = apart
        named = {e.id for e in those}
        of_day = {
            e.id
            for e in book.entries
            if e.kind in EVENING_FEES
            and e.id not in undone
            and (e.charged_at in named or (e.charged_at is None and e.on == day))
        }
        assert len(counted) == len(set(counted)), day  # no fee in two evenings' sums
        assert sorted([*counted, *apart_ids]) == sorted(of_day), day
        assert not apart_ids or len(those) > 1, day  # a day's only evening counts them
        for found in listed:
            assert found.left == -sum(left for _, left in found.rows)


def _check_payments(db, club_id: int, book: accounts.Accounts) -> None:
    """A payment's overpayment check (``accounts._over``) reads the rows of the members it
    pays (``accounts.of_members``, cash21): for each member, and each two (a payment between
    them, ``accounts._within``), what each may pay in and be paid out, and what the box holds
    for their open evenings' winners, are the whole ledger's."""
    ids = [m.id for m in book.members]
    for payer in ids:
        for payee in ids:
            theirs = accounts.of_members(db, club_id, {payer, payee})
            for m in {payer, payee}:
                assert at_most(theirs.payable(), theirs.open_left(), m) == at_most(
                    book.payable(), book.open_left(), m
                ), (payer, payee, m)
                assert held_for_winners(theirs.open_left(), m) == held_for_winners(
                    book.open_left(), m
                )


def _check_reversals(db, club_id: int, book: accounts.Accounts) -> None:
    """An entry's reversal reads the entry, its payment's rows, what they undo and the
    reversals of them (``merging.entries_about``, cash21): the rows it reverses, whether one
    is reversed already, and what each undoes are the whole ledger's, for every entry."""
    whole = {e.id: e for e in book.entries}
    for entry in book.entries:
        about = entries_about(db, club_id, entry.id)
        found = {e.id: e for e in about}
        assert found[entry.id] == entry
        rows = sides(entry, about)
        assert rows == sides(entry, book.entries), entry
        assert [e.id in reversed_ids(about) for e in rows] == [
            e.id in reversed_ids(book.entries) for e in rows
        ]
        assert [found.get(e.reverses) for e in rows] == [whole.get(e.reverses) for e in rows]
    assert entries_about(db, club_id, max(whole, default=0) + 1) == []


def _his(left: dict[tuple[int, int], int], member: int) -> dict[tuple[int, int], int]:
    return {key: cents for key, cents in left.items() if key[0] == member}


def test_the_sums_of_a_hand_made_ledger():
    """Hand-computed: Anne's fee of 2,50 charged, paid 1,00, and the payment reversed the day
    before it was made (an old ledger's): as of the 3rd she owes 2,50 (the reversal waits
    for its payment), as of the 4th 2,50 still (paid 1,00, reversed 1,00), and Bruno,
    merged into Anne, brings their prize of 4,00: the club owes her 4,00 − 2,50 = 1,50."""
    with tempfile.TemporaryDirectory() as tmp:
        db = connect(fresh_database(Path(tmp) / "sums.sqlite"))
        club_id = clubs.create(db, "Le Cercle", Money(Decimal("0.05"), "EUR"), None)
        for name in ("Anne", "Bruno"):
            clubs.add_member(db, club_id, name, "", _version(db, club_id))
        anne, bruno = (m.id for m in clubs.members(db, club_id))
        row = {"club_id": club_id, "member_id": anne}
        insert_entry(db, row | {"kind": "fee_evening", "amount": -250, "on_date": "2026-01-01"})
        paid = insert_entry(db, row | {"kind": "payment", "amount": 100, "on_date": "2026-01-04"})
        back = {"kind": "reversal", "amount": -100, "reverses": paid, "on_date": "2026-01-02"}
        insert_entry(db, row | back)
        prize = {"member_id": bruno, "kind": "prize", "amount": 400, "on_date": "2026-01-05"}
        insert_entry(db, row | prize)
        assert cash_reads.summed(db, club_id, "2026-01-03").balances == {anne: -250}
        assert cash_reads.summed(db, club_id, "2026-01-04").balances == {anne: -250}
        assert cash_reads.summed(db, club_id, "2026-01-04").box.held == 0  # 100 − 100
        assert cash_reads.summed(db, club_id).balances == {anne: -250, bruno: 400}
        clubs.merge(db, club_id, bruno, anne, _version(db, club_id))
        found = cash_reads.summed(db, club_id)
        assert found.balances == found.payable == {anne: 150}  # −250 + 400
        assert (found.box.owing, found.box.creditors, found.box.owed) == (150, 1, 0)
        db.close()


class _Rows:
    """A club's ledger as ``page_read`` reads it."""

    def __init__(self, db, club_id: int, on: str | None) -> None:
        self.db, self.club_id, self.on = db, club_id, on

    def placed(self, limit, older_than=None, newer_than=None):
        return placed(self.db, self.club_id, self.on, limit, older_than, newer_than)

    def counted(self, newer_than=None):
        return counted(self.db, self.club_id, self.on, newer_than)

    def listed_at(self, place):
        return listed_at(self.db, self.club_id, self.on, place)


@settings(max_examples=examples(20, 150), deadline=None)
@given(
    st.lists(st.sampled_from(DAYS), min_size=0, max_size=40),
    st.integers(1, 6),
    st.one_of(st.none(), st.sampled_from(DAYS)),
    st.lists(st.tuples(st.booleans(), st.integers(-2, 45), st.sampled_from(DAYS))),
)
def test_a_page_read_by_keyset_is_the_page_cut_from_the_whole_list(days, size, on, asked):
    with tempfile.TemporaryDirectory() as tmp:
        db = connect(fresh_database(Path(tmp) / "pages.sqlite"))
        club_id = clubs.create(db, "Le Cercle", Money(Decimal("0.05"), "EUR"), None)
        clubs.add_member(db, club_id, "Anne", "", _version(db, club_id))
        (anne,) = (m.id for m in clubs.members(db, club_id))
        for n, day in enumerate(days):
            row = {"club_id": club_id, "member_id": anne, "on_date": day, "amount": -10}
            if n % 5 == 4:  # a reversal of the row before, dated as drawn
                row |= {"kind": "reversal", "amount": 10, "reverses": n}
            insert_entry(db, row | {"kind": row.get("kind", "charge")})
        whole = sorted(as_of(accounts.accounts(db, club_id).entries, on), key=entry_place)
        places = [entry_place(e) for e in whole]
        cursors = [None, "junk"]
        for older, pick, day in asked:  # a line's place, a place of no line, a date alone
            at = places[pick] if 0 <= pick < len(places) else (day, pick)
            cursors.append(("b" if older else "a") + said(at))
        for text in cursors:
            before = text[1:] if text and text[0] == "b" else None
            after = text[1:] if text and text[0] == "a" else text if text == "junk" else None
            expected = page_of(whole, entry_place, before, after, size)
            found = page_read(_Rows(db, club_id, on), before, after, size)
            assert found.lines == [entry_place(e) for e in expected.lines], text
            assert (found.total, found.first, found.newer, found.older) == (
                expected.total,
                expected.first,
                expected.newer,
                expected.older,
            ), text
        db.close()
