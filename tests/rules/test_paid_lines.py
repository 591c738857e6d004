"""Every payment line names who paid (issue 44's shape, smoke 25): after a take-over the
line of a leaver's stake names them, not the newcomer sitting at the seat when it is paid.
For every person, their lines summed are their by-person result (``seating.person_tally``):
the journal and the standing are one account."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from test_take_over_chips import seated_games

from scorekeeper.rules import kinds, seating
from scorekeeper.rules.hombre.paid import Paid, paid_lines


def summed(lines):
    """Each person's lines summed: + what they were paid, − what they paid."""
    total = Counter()
    for coup in lines:
        for line in coup:
            total[line.payer] -= line.amount
            total[line.payee] += line.amount
    return total


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(seated_games())
def test_each_persons_lines_sum_to_his_by_person_result(seated):
    game, changes = seated
    kind = kinds.kind_of(game)
    report = kind.replay(game)
    lines = paid_lines(kind, report, changes)
    people = seating.person_tally(kind, game, changes, report)
    total = summed(lines)
    assert {k: v for k, v in total.items() if v} == {k: v for k, v in people.items() if v}
    assert len(lines) == len(report.coups)
    for coup in lines:
        assert all(line.amount > 0 and line.payer != line.payee for line in coup)
    # row by row, as the standings count each person after each coup (seating.person_rows:
    # the journal CSV and the standings CSV are one account at every coup, not only the last)
    for n, row in enumerate(seating.person_rows(kind, game, changes, report), 1):
        so_far = summed(lines[:n])
        assert {k: v for k, v in so_far.items() if v} == {k: v for k, v in row.items() if v}


FOUR = ["Anders", "Birthe", "Carl", "Dorthe"]
PASS = {"pass": True}


def simple(hombre, tricks):
    """A jeu simple of the three who play (the dealer sits out at four)."""
    return {"hombre": hombre, "contract": "jeu_simple", "tricks": tricks}


def danish(coups):
    """Four at the table, the Danish contracts (texte rates: a jeu simple won, each defender
    pays 1), the dealer antes 5 (docs/rules/danois.md §3); Anders deals coup 1, so Dorthe
    deals coup 4 (the deal passes to the next seat each coup) and Anders coup 5 again;
    Hanne takes over Dorthe's seat from coup 5, after Dorthe's ante of coup 4."""
    data = {
        "format": "scorekeeper-game/1",
        "game": "hombre",
        "players": FOUR,
        "first_dealer": "Anders",
        "rules": {"accounting": "danois", "ante": 5, "rates": "texte"},
        "coups": coups,
        "seat_changes": [{"coup": 5, "seat": "Dorthe", "player": "Hanne", "way": "takes_over"}],
    }
    game, changes = kinds.load_seated(data)
    kind = kinds.kind_of(game)
    report = kind.replay(game)
    return paid_lines(kind, report, changes), seating.person_tally(kind, game, changes, report)


def test_the_leavers_ante_in_a_pot_won_by_another_is_paid_by_the_leaver():
    # coups 1-4 all pass: the pot holds Anders 5, Birthe 5, Carl 5, Dorthe 5; coup 5 Anders
    # antes again (10); Birthe (Anders sits out) wins a jeu simple 5/2/2 and takes the pot:
    # Anders pays her 10, Carl 5, and Dorthe 5 (her ante of coup 4: the leaver pays it),
    # then Carl and the seat's Hanne pay her the rate, 1 each
    tricks = {"Birthe": 5, "Carl": 2, "Dorthe": 2}
    lines, people = danish([PASS] * 4 + [simple("Birthe", tricks)])
    assert lines[:4] == ((),) * 4
    assert lines[4] == (
        Paid("Anders", "Birthe", 10, "cagnotte"),
        Paid("Carl", "Birthe", 5, "cagnotte"),
        Paid("Dorthe", "Birthe", 5, "cagnotte"),
        Paid("Carl", "Birthe", 1, "jeu_simple"),
        Paid("Hanne", "Birthe", 1, "jeu_simple"),
    )
    # Anders −10; Birthe 10 + 5 + 5 + 1 + 1 = +22; Carl −5 − 1 = −6; Dorthe −5; Hanne −1
    expected = {"Anders": -10, "Birthe": 22, "Carl": -6, "Dorthe": -5, "Hanne": -1}
    assert people == expected
    assert summed(lines) == expected


def test_the_leavers_ante_in_a_pot_won_by_the_newcomer_is_paid_to_him_by_the_leaver():
    # as above, but Hanne (at Dorthe's seat) wins the jeu simple and takes the pot: Anders
    # pays her 10, Birthe 5, Carl 5; Dorthe's own 5 was Dorthe's, not the seat's newcomer's,
    # so Dorthe pays it to Hanne; Birthe and Carl pay the rate, 1 each
    tricks = {"Birthe": 2, "Carl": 2, "Dorthe": 5}
    lines, people = danish([PASS] * 4 + [simple("Dorthe", tricks)])
    assert lines[4] == (
        Paid("Anders", "Hanne", 10, "cagnotte"),
        Paid("Birthe", "Hanne", 5, "cagnotte"),
        Paid("Carl", "Hanne", 5, "cagnotte"),
        Paid("Birthe", "Hanne", 1, "jeu_simple"),
        Paid("Carl", "Hanne", 1, "jeu_simple"),
        Paid("Dorthe", "Hanne", 5, "cagnotte"),
    )
    # Anders −10; Birthe −5 − 1 = −6; Carl −6; Dorthe −5; Hanne 10 + 5 + 5 + 1 + 1 + 5 = +27
    expected = {"Anders": -10, "Birthe": -6, "Carl": -6, "Dorthe": -5, "Hanne": 27}
    assert people == expected
    assert summed(lines) == expected
