"""How a game went, per player: derived from the report, like every other number."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ..records import SeatRecord
from .engine import BeteStatus, Reason
from .family import AnyReport, AnyResult


@dataclass
class PlayerStats:
    """One player's record over one game or many (added up with ``+=``)."""

    games: int = 0
    coups: int = 0
    as_hombre: Counter[str] = field(default_factory=Counter)
    """Coups played as hombre, by contract."""
    won_as_hombre_by_contract: Counter[str] = field(default_factory=Counter)
    """Those of them that won the player chips (their net over the coup above zero), by contract."""
    outcomes: Counter[str] = field(default_factory=Counter)
    """Their coups as hombre, by outcome (gagne, remise, codille, vole…)."""
    won_as_hombre: int = 0
    lost_as_hombre: int = 0
    won_as_tiers: int = 0
    lost_as_tiers: int = 0
    codilles_won: int = 0
    """Codilles they won as a tiers."""
    voles: int = 0
    """Voles they made as hombre, as their system records one (``vole_made``: a 1709 vole
    outcome, a won jetons vole contract)."""
    betes_made: int = 0
    betes_made_chips: int = 0
    betes_taken: int = 0
    """Bêtes of others they were paid (bête in play, pending after a vole, shares)."""
    betes_taken_chips: int = 0
    final_share: int = 0
    """Net of the end-of-game sharing of bêtes."""
    handed_over: int = 0
    """Chips of open bêtes handed over when someone took over a seat: + received by the
    newcomer, − paid by the leaver (``person_stats``; docs/rules.md)."""
    net: int = 0

    def __iadd__(self, other: PlayerStats) -> PlayerStats:
        for name, value in vars(other).items():
            setattr(self, name, getattr(self, name) + value)
        return self


def player_stats(report: AnyReport) -> list[PlayerStats]:
    """Each seat's record in this game.

    The chips a player won or lost in a coup are their net change over that
    coup, the end-of-game sharing apart; a coup counts for them *as hombre*
    or *as tiers* by their role in it (with four at the table, the one who sits
    out counts as a tiers: they pay or receive their stake like the tiers).
    """
    seats = range(len(report.game.players))
    stats = [PlayerStats(games=1) for _ in seats]
    for result in report.coups:
        _count_coup(result, stats)
    for seat in seats:
        stats[seat].net = report.net[seat]
    return stats


Passed = Sequence[Sequence[tuple[int, int]]]
"""Per coup (n: coup n + 1), per seat: the chips of a stake handed over at a take-over that
the seat paid out in that coup, (in play, in the end's sharing): ``passed_on``."""


def person_stats(
    report: AnyReport,
    payers: Sequence[Sequence[str]],
    nets: Mapping[str, int],
    passed: Passed = (),
) -> dict[str, PlayerStats]:
    """Each person's record when someone took a seat (``rules/seating.py``).

    ``payers[n]``: whose money each seat was in coup n + 1 (the seat's player, or
    the absent one they played for); ``nets``: each person's result. A coup counts
    for the one whose money it moved. What a leaver had at stake when someone took
    their seat over (``GameKind.seat_debt``) is their loss, not the newcomer's win:
    ``passed`` (``passed_on``, the pot systems' ``PotKind.passed_on``) takes out of
    the newcomer's coups the chips of that stake the seat paid on to another (the
    leaver's bête taken by Chloé: the newcomer only passed Anne's chips on), and
    ``handed_over`` is what is left — for the leaver, what they handed over (−); for
    the newcomer, the part of it they kept, having won it themselves (+) — so that won − lost
    is still the net (docs/rules.md, "Someone takes a seat").
    """
    people = {name: PlayerStats(games=1) for name in nets}
    results: Sequence[AnyResult] = report.coups
    for n, (result, owners) in enumerate(zip(results, payers, strict=False)):
        _count_coup(result, [people[name] for name in owners], passed[n] if passed else ())
    for name, s in people.items():
        counted = s.won_as_hombre + s.won_as_tiers - s.lost_as_hombre - s.lost_as_tiers
        s.handed_over = nets[name] - counted - s.final_share
        s.net = nets[name]
    return people


def passed_on(report: AnyReport, payers: Sequence[Sequence[str]]) -> list[list[tuple[int, int]]]:
    """The 1709 poule's ``Passed``: per coup, per seat, the chips of a leaver's bêtes the
    seat paid on to another in that coup (won by another player, shared in play or in the
    end's sharing), its holder having taken the seat over after they were made.

    A holder's stake is the bêtes of their seat made before their first coup and still open
    then (``Hombre1709.seat_debt``: what the leaver handed them). The seat pays each bête it
    settles by transfers of its own (reason ``bete`` in play, ``final_share`` at the end),
    all of the same fraction of their amounts, so the stake's part of a coup's payments is
    their part by amount (exact when the bêtes the seat settles in a coup are all the
    stake's or all the holder's own). A bête they take back themselves (cancelled) moves no chip:
    they keep the chips handed to them, and those are their win."""
    seats = len(report.game.players)
    found = [[(0, 0)] * seats for _ in report.coups]
    betes = report.betes
    if not betes:
        return found
    results: Sequence[AnyResult] = report.coups
    for seat in range(seats):
        start = 1
        for c, result in enumerate(results, 1):
            if c >= 2 and payers[c - 1][seat] != payers[c - 2][seat]:
                start = c  # a take-over: the seat's money is someone else's from here
            if start == 1:
                continue
            paid = [b for b in betes if b.owner == seat and b.settled_in == c]
            paid = [b for b in paid if b.status in (BeteStatus.WON, BeteStatus.SHARED)]
            stake = sum(b.amount for b in paid if b.made_in < start)
            if not stake:
                continue
            whole = sum(b.amount for b in paid)
            out = [0, 0]
            for t in result.transfers:
                if t.payer == seat and t.reason in (Reason.BETE, Reason.FINAL_SHARE):
                    out[t.reason == Reason.FINAL_SHARE] += t.amount
            found[c - 1][seat] = (out[0] * stake // whole, out[1] * stake // whole)
    return found


def _count_coup(
    result: AnyResult, stats: Sequence[PlayerStats], passed: Sequence[tuple[int, int]] = ()
) -> None:
    """One coup's part of each seat's record, into ``stats`` (one per seat); ``passed``:
    per seat, the chips of a leaver's stake it paid on (``Passed``), not its holder's."""
    seats = range(len(stats))
    coup = result.coup
    delta = [0 for _ in seats]
    for seat, (in_play, in_end) in enumerate(passed):
        delta[seat] += in_play
        stats[seat].final_share += in_end
    for t in result.transfers:
        if t.reason == Reason.FINAL_SHARE:
            stats[t.payer].final_share -= t.amount
            stats[t.payee].final_share += t.amount
            continue
        delta[t.payer] -= t.amount
        delta[t.payee] += t.amount
        if t.reason == Reason.BETE:
            stats[t.payee].betes_taken += 1
            stats[t.payee].betes_taken_chips += t.amount
    for seat in seats:
        stats[seat].coups += 1
    if coup.hombre is None or coup.contract is None:
        return
    h = stats[coup.hombre]
    h.as_hombre[str(coup.contract)] += 1
    h.outcomes[str(result.outcome)] += 1
    if result.bete_made is not None:
        h.betes_made += 1
        h.betes_made_chips += result.bete_made.amount
    if result.codille is not None:
        stats[result.codille].codilles_won += 1
    if result.vole_made:
        h.voles += 1
    if delta[coup.hombre] > 0:
        h.won_as_hombre_by_contract[str(coup.contract)] += 1
    for seat in seats:
        s = stats[seat]
        if seat == coup.hombre:
            s.won_as_hombre += max(delta[seat], 0)
            s.lost_as_hombre += max(-delta[seat], 0)
        else:
            s.won_as_tiers += max(delta[seat], 0)
            s.lost_as_tiers += max(-delta[seat], 0)


def club_stats(reports: Iterable[AnyReport]) -> dict[str, PlayerStats]:
    """Records added up by player name over many games."""
    total: dict[str, PlayerStats] = {}
    for report in reports:
        for name, stats in zip(report.game.players, player_stats(report)):
            total.setdefault(name, PlayerStats(games=0))
            total[name] += stats
    return total


def seat_record(stats: PlayerStats) -> SeatRecord:
    """What a club's season shows of a record: coups, coups as hombre, outcomes, won, lost, net.

    Won and lost count their gains and losses coup by coup, as hombre and as a
    tiers, and their end-of-game share of the bêtes on its side.
    """
    return SeatRecord(
        coups=stats.coups,
        taken=sum(stats.as_hombre.values()),
        outcomes=Counter(stats.outcomes),
        won=stats.won_as_hombre
        + stats.won_as_tiers
        + max(stats.final_share, 0)
        + max(stats.handed_over, 0),
        lost=stats.lost_as_hombre
        + stats.lost_as_tiers
        + max(-stats.final_share, 0)
        + max(-stats.handed_over, 0),
        net=stats.net,
        contracts=Counter(stats.as_hombre),
        contracts_won=Counter(stats.won_as_hombre_by_contract),
        voles=stats.voles,
        codilles_won=stats.codilles_won,
    )
