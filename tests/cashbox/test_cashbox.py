"""The cash box's money in plain Python: entries, balances, chips to cents, suggestions.

Hand cases first (the arithmetic in the comments), then the properties the
issue asks for, with Hypothesis: any nets and any chip value round to
cents summing to zero, each within a cent of exact; balances are the
entries' sums; the suggestions settle every balance, and paying one
leaves the others as they were.
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.cashbox.entries import Entry, EntryKind, balances, reversal, running, signed
from scorekeeper.cashbox.rounding import to_cents
from scorekeeper.cashbox.settle import BOX, Suggestion, between_members, paid, with_treasurer

DAY = "2026-11-20"


def test_the_seed_evening_at_five_cents_a_chip():
    # The seed's nets after coup 7: A −72, B −9, C +81 chips; at 0.05 a chip
    # −72 × 5 = −360, −9 × 5 = −45, 81 × 5 = 405 cents: exact, nothing to round.
    assert to_cents([-72, -9, 81], Decimal("0.05")) == [-360, -45, 405]


def test_largest_remainder_and_its_tie_order():
    # A chip of 0.3 cent (0.003): nets 5, 2, −7 → exact 1.5, 0.6, −2.1 cents.
    # Rounded down: 1, 0, −3 (sum −2): two cents to hand out, to the largest
    # remainders: 0.6 (the second), then 0.5 (the first); −2.1 keeps −3 (0.9!).
    # Sorted remainders: −7 → 0.9, 2 → 0.6, 5 → 0.5: the cents go to −7 and 2.
    assert to_cents([5, 2, -7], Decimal("0.003")) == [1, 1, -2]
    # Three equal remainders (⅓ each of 1/3 of a cent is not exact: use ½):
    # nets 1, 1, 1, −3 at 0.005 → ½, ½, ½, −1½ → down 0, 0, 0, −2 (sum −2):
    # remainders ½ each, two cents to the first two in the order given.
    assert to_cents([1, 1, 1, -3], Decimal("0.005")) == [1, 1, 0, -2]


@given(
    st.lists(st.integers(-(10**9), 10**9), min_size=1, max_size=12),
    st.decimals(min_value=Decimal("0.000001"), max_value=1_000_000, places=6),
)
def test_rounding_keeps_the_zero_sum_within_a_cent(nets, chip_value):
    nets = [*nets, -sum(nets)]
    cents = to_cents(nets, chip_value)
    assert sum(cents) == 0
    for net, cent in zip(nets, cents, strict=True):
        assert abs(cent - net * chip_value * 100) < 1


def test_entries_balances_and_a_reversal_by_hand():
    # Anne (1) lost 3.60 at an evening, owes season dues of 25.00, paid 20.00 in cash;
    # Bruno (2) won 3.60 and a prize of 10.00. The dues were wrong: reversed.
    dues = Entry(2, 1, EntryKind.FEE_SEASON, signed(EntryKind.FEE_SEASON, 2500), DAY)
    entries = [
        Entry(1, 1, EntryKind.EVENING, -360, DAY, evening=1),
        dues,
        Entry(3, 1, EntryKind.PAYMENT, 2000, "2026-11-21", method="cash"),
        Entry(4, 2, EntryKind.EVENING, 360, DAY, evening=1),
        Entry(5, 2, EntryKind.PRIZE, 1000, DAY),
    ]
    # Anne: −360 − 2500 + 2000 = −860; Bruno: 360 + 1000 = 1360.
    assert balances(entries) == {1: -860, 2: 1360}
    # As of the 20th, before the payment: Anne −360 − 2500 = −2860.
    assert balances(entries, DAY) == {1: -2860, 2: 1360}
    undo = reversal(dues, 6, "2026-11-22", "dues were charged twice")
    assert (undo.amount, undo.reverses, undo.kind) == (2500, 2, EntryKind.REVERSAL)
    # Anne after the reversal: −860 + 2500 = 1640: the club owes her.
    assert balances([*entries, undo]) == {1: 1640, 2: 1360}
    annes = [e for e in [*entries, undo] if e.member == 1]
    lines = [(line.entry.id, line.balance) for line in running(annes)]
    # −360, −2860, then the payment on the 21st: −860, the reversal on the 22nd: 1640.
    assert lines == [(1, -360), (2, -2860), (3, -860), (6, 1640)]


def test_suggestions_by_hand():
    # Anne owes 8.60, Bruno is owed 13.60, Chloé owes 2.00: the box is owed
    # −(−860 + 1360 − 200) = −300, i.e. it owes 3.00.
    nets = {1: -860, 2: 1360, 3: -200}
    assert between_members(nets, [1, 2, 3]) == [
        Suggestion(1, 2, 860),  # Anne's whole debt to Bruno, who is owed 13.60
        Suggestion(3, 2, 200),  # Chloé's to Bruno: 13.60 − 8.60 − 2.00 = 3.00 left
        Suggestion(BOX, 2, 300),  # which the box pays
    ]
    assert with_treasurer(nets, [1, 2, 3]) == [
        Suggestion(1, BOX, 860),
        Suggestion(BOX, 2, 1360),
        Suggestion(3, BOX, 200),
    ]


def _settles(balances_, suggestions):
    left = {m: b for m, b in balances_.items() if b}
    for s in suggestions:
        left = paid(left, s)
    return left


members = st.dictionaries(st.integers(1, 30), st.integers(-(10**6), 10**6), max_size=10)


@given(members, st.randoms(use_true_random=False))
def test_suggestions_settle_and_stay_when_one_is_paid(balances_, rnd):
    order = sorted(balances_)
    rnd.shuffle(order)
    for suggest in (between_members, with_treasurer):
        suggestions = suggest(balances_, order)
        assert _settles(balances_, suggestions) == {}  # every member's balance at zero
        assert all(s.amount > 0 for s in suggestions)
        if suggestions:
            one = rnd.choice(suggestions)
            after = suggest(paid(balances_, one), order)
            rest = list(suggestions)
            rest.remove(one)
            assert after == rest


entry_lists = st.lists(
    st.tuples(
        st.integers(1, 5),
        st.sampled_from(list(EntryKind)),
        st.integers(-(10**7), 10**7),
        st.dates().map(lambda d: d.isoformat()),
    ),
    max_size=30,
)


@given(entry_lists, st.dates().map(lambda d: d.isoformat()))
def test_balances_are_the_entries_sums(rows, on):
    entries = [Entry(i, m, k, a, d) for i, (m, k, a, d) in enumerate(rows, 1)]
    for member in {e.member for e in entries}:
        his = [e for e in entries if e.member == member]
        total = sum(e.amount for e in his)
        assert balances(entries).get(member, 0) == total
        assert balances(entries, on).get(member, 0) == sum(e.amount for e in his if e.on <= on)
        lines = list(running(his))
        assert lines[-1].balance == total  # the statement ends on the balance


@given(
    st.lists(st.integers(-(10**6), 10**6), min_size=1, max_size=8),
    st.decimals(min_value=Decimal("0.000001"), max_value=1000, places=6),
)
def test_each_transfer_in_cents_adds_up_to_the_persons_money(nets, chip_value):
    # a table on its own: who pays whom in chips (settle_up), each line's money taken from
    # the column's cents (moves_in_cents); where it can be, each person's lines add up to
    # their figure and none runs the wrong way; at a whole number of cents a chip it always can
    from scorekeeper.rules.ledger import moves_in_cents, settle_up

    nets = [*nets, -sum(nets)]
    moves = settle_up(nets)
    cents = to_cents(nets, chip_value)
    found = moves_in_cents(moves, nets, cents, chip_value)
    if (chip_value * 100) == (chip_value * 100).to_integral_value():
        assert found == [m.amount * int(chip_value * 100) for m in moves]
    if found is None:
        return
    assert len(found) == len(moves) and all(c >= 0 for c in found)
    left = list(cents)
    for move, amount in zip(moves, found, strict=True):
        left[move.payer] += amount
        left[move.payee] -= amount
    assert left == [0] * len(nets)


@given(
    st.lists(st.integers(-300, 300), min_size=2, max_size=3),
    st.lists(st.integers(-20, 20), min_size=2, max_size=3),
    st.sampled_from([Decimal("0.025"), Decimal("0.003"), Decimal("0.05")]),
)
def test_a_payment_made_before_a_correction_keeps_every_line_in_money(nets, moved, chip_value):
    # a table on its own: the first transfer ticked paid, then a correction moves the nets;
    # the page lists the payment, then what is left (store.paid.lines): each person's lines
    # add up to their figure of the column; at whole cents a chip every line has its money
    # (at a fraction of a cent a line of a chip or two may be left in chips alone)
    from scorekeeper.rules.ledger import Transfer, moves_in_cents, settle_up
    from scorekeeper.store.paid import Paid, lines

    before = [*nets, -sum(nets)]
    after = [n + m for n, m in zip(before, [*moved, 0, 0, 0], strict=False)]
    after[-1] -= sum(after)
    first = settle_up(before)[:1]
    paid = [Paid(t.payer, t.payee, t.amount) for t in first]
    moves = [Transfer(t.payer, t.payee, t.amount, "settlement") for t, _ in lines(after, paid)]
    cents = to_cents(after, chip_value)
    found = moves_in_cents(moves, after, cents, chip_value)
    if chip_value == Decimal("0.05"):
        assert found == [t.amount * 5 for t in moves]
    if found is None:
        return
    assert all(c >= 0 for c in found)
    left = list(cents)
    for move, amount in zip(moves, found, strict=True):
        left[move.payer] += amount
        left[move.payee] -= amount
    assert left == [0] * len(after)
