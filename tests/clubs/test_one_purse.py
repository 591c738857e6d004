"""One "who pays whom" for a club (issue 35, point 3): the same money everywhere, in every state.

A Hypothesis property over random evenings on a real SQLite file: one to
three l'Hombre tables of random coups (the rules engine's strategies of
tests/rules/test_hombre_properties.py), random members at them, then random
steps — a coup added, a suggestion of the room or of a table paid (in full
or in part), a payment reversed, the evening closed or reopened. After
every step, every member's money is the same on each side:

- a table: its stored replay's nets are the engine's own replay of its coups;
- the evening (the room): each member's chips are the sum over their tables;
- money: at a chip value of whole cents, each figure is chips × cents a chip,
  exactly (no rounding is needed); the table's, the room's, the season's;
  at one that makes fractions of a cent (0.025, 0.003), each table's is within
  a cent of it (the largest remainder over the table) and sums to zero, and a
  member's money on the room is the sum of their tables' (one figure per member);
- paid and left: what the room shows as paid is what the steps paid (the
  model), and left is result + paid; each table shows the room's paid, left
  and the room's suggestions that concern its members (a payment is for the
  evening, wherever it is marked); the suggestions, once all paid, leave
  nothing;
- the cash box: its rows are what the last close posted plus what was paid;
  with the results not posted yet (an open or reopened evening's, provisional
  lines), each balance is the room's *left* in every state, and the cash
  box's own suggestions are the room's (one pairing).
"""

from __future__ import annotations

import dataclasses
import tempfile
from decimal import Decimal
from pathlib import Path

from apps import fresh_database
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_hombre_properties import STANDARD, games

from scorekeeper import clubs, store
from scorekeeper.cashbox.entries import EntryKind, reversed_ids, sides
from scorekeeper.cashbox.settle import BOX, Suggestion, between_members
from scorekeeper.cashbox.settle import paid as once_paid
from scorekeeper.clubs import accounts, closing
from scorekeeper.clubs.purse import NotOwed, evening_purse, table_purse
from scorekeeper.clubs.room import room_of
from scorekeeper.clubs.season import season_rows
from scorekeeper.db import connect
from scorekeeper.rules.hombre.engine import ended_net, replay
from scorekeeper.rules.money import Money

DAY = "2026-11-27"
POOL = ("Anne", "Bruno", "Chloé", "Denis", "Élise")
STEPS = ("coup", "pay_room", "pay_table", "reverse", "close or reopen")


@st.composite
def evenings(draw):
    chip = draw(st.sampled_from(("0.01", "0.05", "0.1", "0.25", "0.025", "0.003")))
    tables = []
    for _ in range(draw(st.integers(1, 3))):
        names = draw(st.permutations(POOL))[:3]
        game = draw(games(systems=STANDARD))
        game = dataclasses.replace(game, players=tuple(names))
        stored_first = draw(st.integers(0, len(game.coups)))
        tables.append((game, stored_first))
    steps = draw(
        st.lists(
            st.tuples(st.sampled_from(STEPS), st.integers(0, 99), st.integers(1, 100)),
            min_size=2,
            max_size=16,
        )
    )
    return chip, tables, steps


def nonzero(d):
    return {k: v for k, v in d.items() if v}


def add(into, member, amount):
    if member != BOX:
        into[member] = into.get(member, 0) + amount


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(evenings())
def test_a_table_its_evening_the_room_the_season_and_the_cash_box_agree(case):
    chip, tables, steps = case
    with tempfile.TemporaryDirectory() as folder:
        db = connect(fresh_database(Path(folder) / "purse.sqlite"))
        try:
            check_evening(db, Decimal(chip), tables, steps)
        finally:
            db.close()


def check_evening(db, chip, tables, steps):
    per_chip = chip * 100  # cents a chip: when whole, every amount is exact
    club_id = clubs.create(db, "Le Cercle", Money(chip, "EUR"), None)
    evening = clubs.evening(
        db, clubs.create_evening(db, club_id, DAY, "", club(db, club_id).version)
    )
    ids, played = [], []
    for game, first in tables:
        start = dataclasses.replace(game, coups=game.coups[:first])
        ids.append(
            store.create(
                db, start, then=lambda d, g, p=list(game.players): clubs.add_table(d, evening, g, p)
            )
        )
        played.append(first)
    member = {m.name: m.id for m in clubs.members(db, club_id)}
    model_paid: dict[int, int] = {}
    table_paid: dict[int, dict[int, int]] = {g: {} for g in ids}
    posted: dict[int, int] = {}
    closed = False
    for step, pick, part in steps:
        if step == "coup":
            t = pick % len(ids)
            game = tables[t][0]
            if played[t] < len(game.coups):
                try:
                    store.add_coup(db, ids[t], game.coups[played[t]])
                    assert not closed
                    played[t] += 1
                except store.Closed:
                    assert closed  # a closed evening's table takes no coup
        elif step in ("pay_room", "pay_table"):
            t = pick % len(ids)
            found = (
                evening_purse(db, club(db, club_id), evening)
                if step == "pay_room"
                else table_purse(db, club(db, club_id), ids[t])
            )
            assert found is not None
            if found.suggestions:
                s = found.suggestions[pick % len(found.suggestions)]
                amount = max(1, s.amount * part // 100)  # in full, or in part
                table = ids[t] if step == "pay_table" else None
                try:
                    accounts.pay(
                        db, club_id, club(db, club_id).version,
                        Suggestion(s.payer, s.payee, amount),
                        DAY, "cash", evening=evening.id, table=table,
                    )  # fmt: skip
                except NotOwed as refused:  # a closed evening books no payment (issue 43)
                    assert closed and refused.closed
                else:
                    assert not closed
                    for into in (model_paid, *([table_paid[table]] if table else [])):
                        add(into, s.payer, amount)
                        add(into, s.payee, -amount)
        elif step == "reverse":
            book = accounts.accounts(db, club_id)
            undone = reversed_ids(book.entries)
            open_payments = [
                e for e in book.entries if e.kind is EntryKind.PAYMENT and e.id not in undone
            ]
            if open_payments:
                entry = open_payments[pick % len(open_payments)]
                accounts.reverse(db, club_id, club(db, club_id).version, entry.id, DAY, "")
                for side in sides(entry, book.entries):  # a payment between members: both
                    add(model_paid, side.member, -side.amount)
                    if side.table is not None:
                        add(table_paid[side.table], side.member, -side.amount)
        elif step == "close or reopen" and not closed:
            closing.close(db, club(db, club_id), evening, club(db, club_id).version)
            closed = True
            posted = dict(evening_purse(db, club(db, club_id), evening).result)  # type: ignore[union-attr]
        elif step == "close or reopen":
            closing.reopen(db, club(db, club_id), evening, club(db, club_id).version)
            closed = False
        event(f"{step} ({'closed' if closed else 'open'})")  # --hypothesis-show-statistics
        agree(db, club_id, evening, ids, tables, played, member, per_chip, closed)
        paid_and_left(db, club_id, evening, ids, model_paid, table_paid, posted, closed)


def club(db, club_id):
    found = clubs.club(db, club_id)
    assert found is not None
    return found


def table_net(game, n: int, closed: bool) -> tuple[int, ...]:
    """A table's chips after its first ``n`` coups, by the rules engine's own replay; its
    evening closed, the game ended there as *We stop here* ends it (the open bêtes shared,
    hombre.md §7: ``engine.ended_net``), for the close stops every table still playing."""
    report = replay(dataclasses.replace(game, coups=game.coups[:n]))
    return ended_net(report) if closed else report.net


def expected_chips(tables, played, member, closed=False):
    """Each member's chips over their tables, from the rules engine's own replay."""
    out: dict[int, int] = {}
    for (game, _), n in zip(tables, played, strict=True):
        net = table_net(game, n, closed)
        for name, chips in zip(game.players, net, strict=True):
            out[member[name]] = out.get(member[name], 0) + chips
    return out


def expected_cents(tables, played, member, per_chip, closed=False):
    chips = expected_chips(tables, played, member, closed)
    return nonzero({m: c * per_chip for m, c in chips.items()})


def near(amounts, exact, whole):
    """Cents as shown against the exact amounts: equal when a chip is whole cents, else each
    within a cent (the largest remainder); always summing to zero."""
    assert sum(amounts.values()) == 0 and all(isinstance(c, int) for c in amounts.values())
    if whole:
        assert amounts == exact
    else:
        assert all(abs(amounts.get(m, 0) - exact.get(m, 0)) < 1 for m in {**amounts, **exact})


def agree(db, club_id, evening, ids, tables, played, member, per_chip, closed):
    """The table, the evening (the room), the season: the same chips and the same money."""
    the_club = club(db, club_id)
    chips = expected_chips(tables, played, member, closed)
    assert sum(chips.values()) == 0  # nets sum to zero
    room = room_of(db, evening, the_club)
    assert nonzero(room.nets) == nonzero(chips)
    cents = expected_cents(tables, played, member, per_chip, closed)
    whole = per_chip == int(per_chip)
    purse = evening_purse(db, the_club, evening)
    assert purse is not None and purse.closed == closed
    if whole:
        near(purse.result, cents, whole)
    at_tables: dict[int, int] = {}
    for (game, _), n, gid in zip(tables, played, ids, strict=True):
        tally = store.load(db, gid).replay().tally
        assert list(tally) == list(table_net(game, n, closed))
        own = table_purse(db, the_club, gid)
        assert own is not None
        exact = {
            member[name]: net * per_chip for name, net in zip(game.players, tally, strict=True)
        }
        near(own.result, nonzero(exact), whole)
        for m, amount in own.result.items():
            add(at_tables, m, amount)
    # the tables' money adds up to the room's: one figure per member (each table rounded
    # by the largest remainder, a member's evening the sum of their tables')
    assert nonzero(at_tables) == purse.result
    season = {row.member.id: row for row in season_rows(db, the_club, DAY, DAY)}
    for m, row in season.items():
        assert row.net == chips.get(m, 0)
        assert row.cents == purse.result.get(m, 0)  # the season's money is the cash box's
    # The room's chips and its money are paired alike (the one function, in the club's order)
    if not purse.paid and whole:
        assert [Suggestion(p, q, a * per_chip) for p, q, a in room.pays] == purse.suggestions


def paid_and_left(db, club_id, evening, ids, model_paid, table_paid, posted, closed):
    """What is paid and left, on the room, each table and in the cash box."""
    the_club = club(db, club_id)
    purse = evening_purse(db, the_club, evening)
    assert purse is not None
    assert nonzero(purse.paid) == nonzero(model_paid)
    left = {
        m: purse.result.get(m, 0) + model_paid.get(m, 0) for m in {**purse.result, **model_paid}
    }
    assert nonzero(purse.left) == nonzero(left)
    balances = purse.left
    for s in purse.suggestions:  # every suggestion paid: nothing is left
        balances = once_paid(balances, s)
    assert nonzero(balances) == {}
    book = accounts.accounts(db, club_id)
    for gid in ids:
        own = table_purse(db, the_club, gid)
        assert own is not None and own.evening == purse  # the same paid and left as the room
        assert all(s in purse.suggestions for s in own.suggestions)
        mine = set(own.members)
        assert [s for s in purse.suggestions if {s.payer, s.payee} & mine] == own.suggestions
        marked = {}
        for e in book.entries:  # the payments marked at this table name it, for the record
            if e.table == gid:
                add(marked, e.member, e.amount)
        assert nonzero(marked) == nonzero(table_paid[gid])
    posted_rows = {}
    for e in book.entries:  # the ledger's rows: what the last close posted, and what was paid
        add(posted_rows, e.member, e.amount)
    expected = nonzero(
        {m: posted.get(m, 0) + model_paid.get(m, 0) for m in {**posted, **model_paid}}
    )
    assert nonzero(posted_rows) == expected
    # with the evening's result not posted yet counted as provisional lines (closing.pending),
    # the cash box holds this evening only, open or closed: its balances are what is left,
    # and its own suggestions are the room's
    assert all(e.provisional for e in book.pending)
    if closed:
        assert book.pending == []
    assert book.balances() == nonzero(purse.left)
    assert between_members(book.balances(), book.order) == purse.suggestions
    # the cash box settles the evening with its balances once closed; while not closed,
    # apart (its room settles it, by money only): what it lists of it is the room's left
    evening_id = evening.id
    if closed:
        assert book.payable() == nonzero(purse.left) and book.open_left() == {}
    else:
        assert book.payable() == {}
        assert book.open_left() == {(m, evening_id): c for m, c in nonzero(purse.left).items()}
