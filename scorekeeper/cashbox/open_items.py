"""A member's open items, and what settles each: the one answer to "what do they still owe
(or are they owed) for this evening", derived from their entries, never stored.

A member's account is a row of items — each evening (its result, provisional or posted,
with the payments recorded for it) and each other entry (a fee, a charge, a prize, with its
reversals) — in their places (``entries.place``). The member's payments tied to no evening
settle them oldest first; once closed, their debts and credits settle each other; an evening not
closed is settled by money only, on its room, and the cash box counts it apart
(``payable``, ``at_most``). The room (``clubs.purse``), the table and the cash box read
them here, so no page keeps a figure of its own (docs/cashbox.md).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import NamedTuple

from .entries import (
    EVENING_FEES,
    Entry,
    EntryKind,
    balances,
    is_payment,
    place,
    reversed_ids,
)
from .overpaid import Item, moved, overpaid


def settled_by_account(
    found: Iterable[Entry], open_evenings: Collection[int] = ()
) -> dict[tuple[int, int], int]:
    """What settles each member's evenings besides the payments recorded for them: the
    member's payments tied to no evening (the cash box's own Payment form, its suggestions paid)
    and, once an evening is closed, what the club owes them or they owe it on their other
    items. ``{(member, evening): cents}``, signed as payments are (positive: towards a
    loss; negative: towards a win). ``open_evenings``: the evenings not closed (open, or
    reopened).

    A member's account is a row of items, each an evening (its result, provisional or
    posted, with the payments recorded for it) or another entry (a fee, a charge, a prize,
    with its reversals), in their places (``place``: by date; on one day an evening's
    result before another entry; then the evening's number or the entry's). The member's
    payments tied to no evening settle their open items oldest first, each sum its side
    (``_by_money``): money paid in what they owe (an evening lost, a fee), money paid out
    what is posted of what the club owes them (an open evening's win only with what was paid
    out beyond it, before the evening was reopened). Then what they owe and what they are
    owed on the items that are not an open evening settle each other,
    each side oldest first: a member who lost one closed evening and won another owes, or
    is owed, the difference, and no more, on every page. An open evening is settled by
    money only: its room takes payments, and a loss settled by a win elsewhere would have
    the cash box pay its winners money nobody had paid in yet. An item's place never
    depends on whether the evening is closed, reopened or paid. What is settled of an
    evening is paid for that evening, on its room and its tables as in the cash box: a
    debt paid in the cash box is never offered again on the room. What is left over (more
    than every open item) is an evening's whose result moved since (``overpaid``: its room
    asks it back, as the box does), else their account's.

    (Payments alone once settled their items: Anne lost 1,65 € one evening and won 0,90 €
    the next, paid the 0,75 € her statement asked once both were closed, and the first
    room still had her pay Chloé 0,90 € while the second had Bruno and Chloé pay her.)

    >>> es = [Entry(1, 7, EntryKind.FEE_EVENING, -250, "2026-01-02"),
    ...       Entry(2, 7, EntryKind.EVENING, -360, "2026-01-03", evening=4),
    ...       Entry(3, 7, EntryKind.EVENING, -100, "2026-01-09", evening=5),
    ...       Entry(4, 7, EntryKind.PAYMENT, 400, "2026-01-10")]
    >>> settled_by_account(es)  # the fee first, then 1.50 of the evening of the 3rd
    {(7, 4): 150}
    >>> settled_by_account(es + [Entry(5, 7, EntryKind.PAYMENT, 400, "2026-01-11")])
    {(7, 4): 360, (7, 5): 100}

    A closed evening won settles one lost, and the other way round; a payment first
    settles its own side (Anne paid her 1,65 € before winning 0,90 €: the club owes her
    that); an open evening is settled by money only:

    >>> lost = Entry(1, 8, EntryKind.EVENING, -165, "2026-01-03", evening=4)
    >>> won = Entry(2, 8, EntryKind.EVENING, 90, "2026-01-10", evening=5)
    >>> settled_by_account([lost, won])
    {(8, 4): 90, (8, 5): -90}
    >>> settled_by_account([lost, won, Entry(3, 8, EntryKind.PAYMENT, 75, "2026-01-11")])
    {(8, 4): 165, (8, 5): -90}
    >>> settled_by_account([lost, Entry(3, 8, EntryKind.PAYMENT, 165, "2026-01-04"), won])
    {(8, 4): 165}
    >>> settled_by_account([lost, won], open_evenings={5})
    {}

    Money paid in and money paid out settle apart: her dues paid, her win paid out, the
    evening reopened, both stay paid (summed into +1,60, they settled 1,60 of the dues and
    none of the win: the box asked 0,90 of her dues again, and the room paid her win again):

    >>> dues = Entry(1, 8, EntryKind.FEE_SEASON, -250, "2026-01-01")
    >>> paid = [Entry(3, 8, EntryKind.PAYMENT, 250, "2026-01-02"),
    ...         Entry(4, 8, EntryKind.PAYMENT, -90, "2026-01-11")]
    >>> settled_by_account([dues, won, *paid], open_evenings={5})
    {(8, 5): -90}

    An evening's result comes before a fee of its own day, provisional (no ledger row yet)
    or posted after the fee (a later entry number) alike:

    >>> fee = Entry(1, 7, EntryKind.FEE_EVENING, -250, "2026-01-03")
    >>> pay = Entry(2, 7, EntryKind.PAYMENT, 15, "2026-01-04")
    >>> ahead = Entry(0, 7, EntryKind.EVENING, -15, "2026-01-03", evening=4, provisional=True)
    >>> posted = Entry(3, 7, EntryKind.EVENING, -15, "2026-01-03", evening=4)
    >>> settled_by_account([fee, pay, ahead]), settled_by_account([fee, pay, posted])
    ({(7, 4): 15}, {(7, 4): 15})
    """
    _, settled = _settled(found, open_evenings)
    return {(k[0], k[2]): c for k, c in settled.items() if k[1] == "evening" and c}


def left_of_entries(found: Iterable[Entry], open_evenings: Collection[int] = ()) -> dict[int, int]:
    """What is left of each entry that is an item of its own (a fee, a charge, a prize; its
    reversals counted with it), by the entry's id, once their payments and their items settle
    each other as ``settled_by_account`` has it: the same settling, read on the other
    items. Negative: they still owe that much of it; zero: paid (or reversed).

    The fee first (the oldest item), then 1,50 of the evening; and once the evening of the
    3rd is closed, a win there settles a fee of the 9th:

    >>> es = [Entry(1, 7, EntryKind.FEE_EVENING, -250, "2026-01-02"),
    ...       Entry(2, 7, EntryKind.EVENING, -360, "2026-01-03", evening=4),
    ...       Entry(3, 7, EntryKind.PAYMENT, 400, "2026-01-10")]
    >>> left_of_entries(es)
    {1: 0}
    >>> won = [Entry(1, 8, EntryKind.EVENING, 405, "2026-01-03", evening=4),
    ...        Entry(2, 8, EntryKind.FEE_EVENING, -250, "2026-01-09")]
    >>> left_of_entries(won), left_of_entries(won, open_evenings={4})
    ({2: 0}, {2: -250})
    """
    items, settled = _settled(found, open_evenings)
    return {k[2]: items[k] + settled.get(k, 0) for k in items if k[1] == "entry"}


class DayFees(NamedTuple):
    """The fees of one evening (``of_evening``), each with what is left of it
    (``left_of_entries``), by member in the order given then in the order entered, and their
    sums: what the cash box's view of an evening and its room's settlement list."""

    rows: list[tuple[Entry, int]]
    owing: int
    """The members who still owe some of them."""
    left: int
    """What is still owed of them in all, in cents (positive)."""
    apart: tuple[tuple[Entry, int], ...] = ()
    """On a day of two evenings or more, its fees naming none (``of_day``) with what is left
    of each: summed in no evening's ``owing`` and ``left`` (owed once, on their balance)."""
    evenings: int = 1
    """The club's evenings held on its day (this one among them)."""


def of_evening(entry: Entry, evening: int, day: str, evenings: int = 1) -> bool:
    """Whether ``entry`` is a fee of the evening ``evening`` held on ``day``, one of
    ``evenings`` of the club that day: a fee of an evening's play (``EVENING_FEES``) charged
    for it (``Entry.charged_at``), or, on the day's only evening, one naming none dated its
    day. One naming none on a day of two evenings or more is no one's: each lists it apart
    (``of_day``), none sums it (cash22: both "still owe" lines counted it). Season dues (a
    charge, a prize) are never an evening's fee, wherever typed: the season's (fix19a).

    >>> fee = Entry(1, 7, EntryKind.FEE_EVENING, -250, "2026-11-03", charged_at=4)
    >>> dated = Entry(2, 7, EntryKind.FEE_EVENING, -250, "2026-11-03")
    >>> [of_evening(e, 4, "2026-11-03") for e in (fee, dated)]
    [True, True]
    >>> [of_evening(e, n, "2026-11-03", evenings=2) for n in (4, 5) for e in (fee, dated)]
    [True, False, False, False]
    >>> dues = Entry(3, 7, EntryKind.FEE_SEASON, -1000, "2026-11-03")
    >>> dues_here = Entry(4, 7, EntryKind.FEE_SEASON, -1000, "2026-11-03", charged_at=4)
    >>> drinks = Entry(5, 7, EntryKind.CHARGE, -300, "2026-11-03")
    >>> [of_evening(e, 4, "2026-11-03") for e in (dues, dues_here, drinks)]
    [False, False, False]
    """
    if entry.kind not in EVENING_FEES:
        return False
    if entry.charged_at is not None:
        return entry.charged_at == evening
    return evenings <= 1 and entry.on == day


def of_day(entry: Entry, day: str) -> bool:
    """Whether ``entry`` is a fee of an evening's play (``EVENING_FEES``) dated ``day`` that
    names no evening: on a day of two evenings or more, what each evening lists apart from
    its own fees (``of_evening``; ``fees_on``'s example).
    """
    return entry.kind in EVENING_FEES and entry.charged_at is None and entry.on == day


def fees_on(
    found: Sequence[Entry],
    pending: Iterable[Entry],
    open_evenings: Collection[int],
    evening: int,
    day: str,
    order: Sequence[int] = (),
    evenings: int = 1,
) -> DayFees:
    """The fees of the ledger's rows ``found`` of the evening ``evening`` held on ``day``,
    one of ``evenings`` evenings that day (``of_evening``), not reversed, each with what is
    left of it once the open items settle each other (``left_of_entries``, over the rows and
    the evenings' provisional results ``pending``): below zero, still owed. Ranked by member
    as ``order`` has them (members it leaves out last), then in the order entered. On a day
    of two evenings or more, the fees of the day naming no evening (``of_day``) apart.

    Anne owes 2,50 of her fee, Bruno 1,00 of theirs (they paid 1,50), Chloé's is reversed; two
    members still owe 2,50 + 1,00 = 3,50:

    >>> es = [Entry(1, 7, EntryKind.FEE_EVENING, -250, "2026-11-03"),
    ...       Entry(2, 8, EntryKind.FEE_EVENING, -250, "2026-11-03"),
    ...       Entry(3, 9, EntryKind.FEE_EVENING, -250, "2026-11-03"),
    ...       Entry(4, 8, EntryKind.PAYMENT, 150, "2026-11-03"),
    ...       Entry(5, 9, EntryKind.REVERSAL, 250, "2026-11-04", reverses=3)]
    >>> fees = fees_on(es, [], (), 4, "2026-11-03", order=[8, 7])
    >>> [(e.id, left) for e, left in fees.rows], fees.owing, fees.left
    ([(2, -100), (1, -250)], 2, 350)

    Two evenings that day: Anne's fee charged for the afternoon (evening 4) is the
    afternoon's only; Bruno's names no evening: each lists it apart, neither sums it (the
    afternoon's still owed is Anne's 2,50 alone, the evening's nothing):

    >>> es[0] = Entry(1, 7, EntryKind.FEE_EVENING, -250, "2026-11-03", charged_at=4)
    >>> two = [fees_on(es, [], (), n, "2026-11-03", evenings=2) for n in (4, 5)]
    >>> [([e.id for e, _ in f.rows], [e.id for e, _ in f.apart], f.left) for f in two]
    [([1], [2], 250), ([], [2], 0)]
    """
    left = left_of_entries([*found, *pending], open_evenings)
    undone = reversed_ids(found)
    rank = {member: n for n, member in enumerate(order)}

    def listed(keep: Callable[[Entry], bool]) -> list[tuple[Entry, int]]:
        return sorted(
            ((e, left.get(e.id, 0)) for e in found if keep(e) and e.id not in undone),
            key=lambda f: (rank.get(f[0].member, len(rank)), f[0].id),
        )

    rows = listed(lambda e: of_evening(e, evening, day, evenings))
    apart = tuple(listed(lambda e: of_day(e, day))) if evenings > 1 else ()
    owing = len({e.member for e, owed in rows if owed < 0})
    return DayFees(rows, owing, -sum(owed for _, owed in rows), apart, max(evenings, 1))


def _settled(
    found: Iterable[Entry], open_evenings: Collection[int]
) -> tuple[dict[Item, int], dict[Item, int]]:
    """Every member's items summed, and what settles each (``settled_by_account``)."""
    items, first, pools = _items(listed := list(found))
    ordered, settled = _by_money(items, first, pools, open_evenings, moved(listed))
    # then their debts and their credits left open settle each other, but an open evening's
    power: dict[tuple[int, bool], int] = {}
    offsetting = [k for k in ordered if not (k[1] == "evening" and k[2] in open_evenings)]
    for key in offsetting:
        still = items[key] + settled.get(key, 0)
        if still:
            side = (key[0], still < 0)
            power[side] = power.get(side, 0) + abs(still)
    # each side settles as much as the other has open: min(debts, credits), oldest first
    budget = {
        side: min(total, power.get((side[0], not side[1]), 0)) for side, total in power.items()
    }
    for key in offsetting:
        still = items[key] + settled.get(key, 0)
        if not still:
            continue
        side = (key[0], still < 0)
        part = min(abs(still), budget[side])
        if part:
            settled[key] = settled.get(key, 0) + (part if still < 0 else -part)
            budget[side] -= part
    return items, settled


def _items(
    found: Iterable[Entry],
) -> tuple[dict[Item, int], dict[Item, str], dict[tuple[int, bool], int]]:
    """A member's items summed (``settled_by_account``), each item's first date, and each
    member's payments tied to no evening summed by side, ``(member, paid_in)``: the money
    they paid in, and apart from it the money paid out to them (a reversal with the payment it
    undoes). Summed into one, a payout took back what a payment in had settled: Anne paid
    her dues, was paid her win, the evening was reopened, and the box asked her dues again."""
    listed = list(found)
    kinds = {e.id: e.kind for e in listed if not e.provisional}
    pools: dict[tuple[int, bool], int] = {}
    items: dict[Item, int] = {}
    first: dict[Item, str] = {}
    for entry in listed:
        if entry.evening is None and is_payment(entry, kinds):
            paid_in = (entry.amount if entry.kind is EntryKind.PAYMENT else -entry.amount) > 0
            pools[(entry.member, paid_in)] = pools.get((entry.member, paid_in), 0) + entry.amount
            continue
        if entry.evening is not None:
            key = (entry.member, "evening", entry.evening)
        else:
            key = (entry.member, "entry", entry.reverses or entry.id)
        items[key] = items.get(key, 0) + entry.amount
        first[key] = min(first.get(key, entry.on), entry.on)
    return items, first, pools


def _by_money(
    items: Mapping[Item, int],
    first: Mapping[Item, str],
    pools: Mapping[tuple[int, bool], int],
    open_evenings: Collection[int],
    moved: Collection[Item] = (),
) -> tuple[list[Item], dict[Item, int]]:
    """The items in their places, and what each member's payments tied to no evening settle
    of them, oldest item first: the money they paid in, their debts that are posted (what the
    box lists and asks), then an open evening's loss (the box holds it for its winners);
    the money paid out to them, what is
    posted of the club's debt to them; what was paid out beyond that and beyond the money
    paid in left over (paid before an evening was reopened), that evening's win. Never an
    open evening's win while something posted is owed them: the box paid that, and would
    pay it again. Money paid out that none of these explains paid them back money they had
    paid in: it takes back what that money settled, the last settled first, so that their
    items still add up to their balance.

    >>> lost = Entry(1, 7, EntryKind.EVENING, -360, "2026-01-01", evening=4)
    >>> again = Entry(4, 7, EntryKind.EVENING, -360, "2026-01-29", evening=5)
    >>> paid = [Entry(2, 7, EntryKind.PAYMENT, 400, "2026-01-28"),
    ...         Entry(3, 7, EntryKind.PAYMENT, -40, "2026-01-28")]
    >>> items, first, pools = _items([lost, again, *paid])
    >>> _by_money(items, first, pools, ())[1]  # the 0.40 paid back settles nothing of the 29th
    {(7, 'evening', 4): 360, (7, 'evening', 5): 0}
    """
    left = dict(pools)
    ordered = sorted(items, key=lambda k: (k[0], *place(k[1], k[2], first[k])))
    settled: dict[Item, int] = {}

    def settle(key: Item, money: int) -> int:
        """Settle ``key`` with ``money`` as far as it goes its way; what is used."""
        still = items[key] + settled.get(key, 0)
        if money * still >= 0:  # a win paid in settles nothing, nor a loss paid out
            return 0
        part = min(abs(money), abs(still)) * (1 if money > 0 else -1)
        settled[key] = settled.get(key, 0) + part
        return part

    opened = {k for k in ordered if k[1] == "evening" and k[2] in open_evenings}
    # money paid in: what the box lists first (what is posted), then an open evening's loss
    paid_in = [*(k for k in ordered if k not in opened), *(k for k in ordered if k in opened)]
    by_money_in: dict[Item, int] = {}
    for key in paid_in:
        side = (key[0], True)
        used = settle(key, left.get(side, 0))
        left[side] = left.get(side, 0) - used
        by_money_in[key] = used
    for key in ordered:
        side = (key[0], False)
        if key not in opened:
            left[side] = left.get(side, 0) - settle(key, left.get(side, 0))
    rest = {m: left.get((m, True), 0) + left.get((m, False), 0) for m, _ in left}
    for key in ordered:
        if key in opened and rest.get(key[0], 0) < 0:
            rest[key[0]] -= settle(key, rest[key[0]])
    # money paid out that nothing owed them explains paid back what they had paid in: it takes
    # back what that money settled last (play17: 25,00 € of dues paid, reversed, paid back,
    # and the room of their next evening counted them as paid for it)
    for key in reversed(paid_in):
        back = min(by_money_in[key], -rest.get(key[0], 0))
        if back > 0:
            settled[key] -= back
            rest[key[0]] += back
    # what is still left over: an evening's whose result moved since it was paid (fix25b)
    for member, over in rest.items():
        back_to = overpaid(ordered, settled, moved, member, over)
        if back_to is not None:
            settled[back_to] = settled.get(back_to, 0) + over
    return ordered, settled


def on_open_evenings(
    found: Iterable[Entry], open_evenings: Collection[int]
) -> dict[tuple[int, int], int]:
    """What is left of each member's evenings not closed, by (member, evening): the member's
    result there (provisional) with the payments recorded for it and what their payments tied to no
    evening settle of it (``settled_by_account``) — the room's *left* (``clubs.purse``),
    zero ones left out. Positive: the room owes them; negative: they owe it.

    The cash box counts them apart from its balances (``payable``): an open evening is
    settled on its room, by money only — a win is paid from what its losers pay in, never by
    the box before they have paid (a result not posted may still change), and a loss paid in
    at the box is held for its winners (docs/cashbox.md).

    >>> lost = Entry(1, 8, EntryKind.EVENING, -360, "2026-01-01", evening=4)
    >>> won = Entry(0, 8, EntryKind.EVENING, 405, "2026-01-08", evening=5, provisional=True)
    >>> got = Entry(2, 8, EntryKind.PAYMENT, -100, "2026-01-09", evening=5)
    >>> on_open_evenings([lost, won], {5}), on_open_evenings([lost, won, got], {4, 5})
    ({(8, 5): 405}, {(8, 4): -360, (8, 5): 305})
    """
    items, first, pools = _items(listed := list(found))
    _, settled = _by_money(items, first, pools, open_evenings, moved(listed))
    out: dict[tuple[int, int], int] = {}
    for key, net in items.items():
        still = net + settled.get(key, 0)
        if key[1] == "evening" and key[2] in open_evenings and still:
            out[(key[0], key[2])] = still
    return out


def payable(
    found: Iterable[Entry],
    open_evenings: Collection[int],
    open_left: Mapping[tuple[int, int], int] | None = None,
) -> dict[int, int]:
    """Each member's balance as the cash box settles it: their balance (``balances``) less
    what is left of their evenings not closed (``on_open_evenings``: their rooms settle it),
    zero ones left out. ``open_left``: that, already worked out from ``found``.

    Anne lost 3,60 on the 1st, closed, and won 4,05 on the 8th, not closed: her balance
    says the club owes her 0,45; the box, as the room of the 1st, says she owes 3,60, and
    the room of the 8th owes her 4,05:

    >>> lost = Entry(1, 8, EntryKind.EVENING, -360, "2026-01-01", evening=4)
    >>> won = Entry(0, 8, EntryKind.EVENING, 405, "2026-01-08", evening=5, provisional=True)
    >>> balances([lost, won]), payable([lost, won], {5}), payable([lost, won], ())
    ({8: 45}, {8: -360}, {8: 45})
    """
    listed = list(found)
    out = balances(listed)
    left = on_open_evenings(listed, open_evenings) if open_left is None else open_left
    for (member, _), cents in left.items():
        out[member] = out.get(member, 0) - cents
    return {member: cents for member, cents in out.items() if cents}


def at_most(
    payable: Mapping[int, int], open_left: Mapping[tuple[int, int], int], member: int
) -> tuple[int, int]:
    """What ``member`` may settle with money tied to no evening: what they may pay in (their
    debts, an open evening's loss among them: money paid in for it is held for its
    winners), and what the box may pay out to them (what is posted of its debt to them,
    ``payable``). An open evening's win is never paid out so: its room pays it from what
    its losers pay in. Their loss on an open evening is owed to its winners, on its room: it
    holds back nothing the box owes them (it did, and the box offered "the cash box → Anne
    4,05", the club's posted debt to her, then refused it as more than it owed her).

    >>> at_most({8: -360}, {(8, 5): 405}, 8), at_most({8: 405}, {(8, 5): -360}, 8)
    ((360, 0), (360, 405))
    """
    posted = payable.get(member, 0)
    return max(-posted, 0) + held_for_winners(open_left, member), max(posted, 0)


def held_for_winners(open_left: Mapping[tuple[int, int], int], member: int) -> int:
    """What ``member`` still owes on evenings not closed (``open_left``, in cents): part of
    what they may pay in (``at_most``), which the box holds for those evenings' winners and
    pays on to them, not money the club keeps.

    >>> held_for_winners({(8, 5): -360, (8, 6): 90, (9, 5): -45}, 8)
    360
    """
    return -sum(c for (m, _), c in open_left.items() if m == member and c < 0)
