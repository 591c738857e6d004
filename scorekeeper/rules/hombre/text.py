"""The replay report as plain text, for the terminal and for a printout.

Contracts, outcomes, reasons and a bête's state are said in the pages' words
(``words.py``, the catalogs' English), never by their file keys (``sans_prendre``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..ledger import money_text, moves_in_cents, settle_up, signed, to_cents
from ..money import Money
from ..seat_names import seat_names
from ..seating import SeatChange, seated
from .engine import BeteRef, Coup, CoupResult, Deal, Outcome, Report
from .paid import Lines, Paid, plain_lines
from .pot import PotCoup, PotDeal, PotReport
from .words import CONTRACTS, OUTCOMES, REASONS, STATUSES, said


def bete_words(ref: BeteRef | None, names: tuple[str, ...]) -> str:
    if ref is None:
        return "none"
    token = "" if ref.token is None else f" (token n°{ref.token})"
    return f"{names[ref.owner]} {ref.amount}{token}"


def dealer_words(deal: Deal | PotDeal, names: tuple[str, ...]) -> str:
    """Who deals (and sits out, with four) and who is premier."""
    out = "" if deal.out is None else " and sits out"
    return f"{names[deal.dealer]} deals{out}, {names[deal.premier]} is premier"


def tricks_words(coup: Coup | PotCoup, names: tuple[str, ...]) -> str:
    return " ".join(f"{n} {t}" for s, (n, t) in enumerate(zip(names, coup.tricks)) if s != coup.out)


def deal_line(deal: Deal, names: tuple[str, ...]) -> str:
    return (
        f"{dealer_words(deal, names)}; "
        f"marks +{deal.marks_added} → {deal.marks} (poule {deal.poule}); "
        f"bête in play: {bete_words(deal.bete_in_play, names)}; enjeu {deal.enjeu}"
    )


def coup_lines(result: CoupResult, names: tuple[str, ...], paid: Sequence[Paid]) -> list[str]:
    """A coup's lines, each role named by who sat there (``names``), each payment by who
    paid it (``paid``, ``paid.paid_lines``)."""
    coup = result.coup
    lines = [f"Coup {result.deal.n}: {deal_line(result.deal, names)}"]
    if coup.hombre is None:
        play = OUTCOMES[result.outcome]
    else:
        assert coup.contract is not None
        tricks = tricks_words(coup, names)
        extras = []
        if coup.matadors:
            extras.append(f"{coup.matadors} matadors")
        if coup.vole_engagee:
            extras.append("vole engagée")
        if coup.codille_renounced:
            extras.append("codille renounced")
        extra = f" ({', '.join(extras)})" if extras else ""
        play = f"{names[coup.hombre]} {said(CONTRACTS, coup.contract)}{extra}, tricks {tricks} → "
        play += OUTCOMES[result.outcome]
        if result.codille is not None:
            play += f" by {names[result.codille]}"
    if result.bete_made is not None:
        play += f"; bête made: {bete_words(result.bete_made, names)}"
    lines.append(f"  {play}")
    lines += [transfer_line(p) for p in paid]
    if coup.note:
        lines.append(f"  note: {coup.note}")
    if result.finished:
        lines.append("  the game is over")
    return lines


def transfer_line(p: Paid) -> str:
    """'  Anne → Bruno 12 (sans prendre)': who pays whom, and why in words."""
    return f"  {p.payer} → {p.payee} {p.amount} ({said(REASONS, p.reason)})"


def render(report: Report, changes: Sequence[SeatChange] = (), paid: Lines | None = None) -> str:
    """The report as ``scorekeeper replay`` prints it. Each coup's lines (dealer, hombre,
    tricks, payments) and the next deal's name who sat at each seat in that coup
    (``seating.seated``, as every page names a coup: ``changes``, who took a seat); the bête
    register names the one who made each bête, the standing the seats by who sat there in
    turn, as the pages do (``rules.seat_names``: their nets are the seats'; each person's
    follows, ``seating.text_lines``). ``paid``: each coup's payments by who paid them
    (``paid.paid_lines``; none: the seats' players, nobody having taken a seat)."""
    game = report.game
    names = game.players
    paid = plain_lines(report) if paid is None else paid
    lines = [f"L'Hombre: {', '.join(names)} ({game.rules.describe()})", ""]
    for result, payments in zip(report.coups, paid, strict=True):
        lines += coup_lines(result, seated(names, changes, result.deal.n), payments)
    lines += ["", "Bêtes:"]
    if not report.betes:
        lines.append("  none made")
    for number, b in enumerate(report.betes, 1):
        token = "-" if b.token is None else f"n°{b.token}"
        settled = "" if b.settled_in is None else f", coup {b.settled_in}"
        maker = seated(names, changes, b.made_in)[b.owner]
        lines.append(
            f"  {number}. {maker} {b.amount} {token} made in coup {b.made_in}: "
            f"{said(STATUSES, b.status)}{settled}"
        )
    lines += ["", "Standing:"]
    for name, net, caves, s in zip(
        seat_names(names, changes), report.net, report.caves, report.stacks
    ):
        lines.append(
            f"  {name}: net {signed(net)}, caves {caves}, stack {s.total} "
            f"= {s.fiches} fiches + {s.chips} chips"
        )
    lines += ["", f"Poules tirées by the hombre: {_progress(report)}"]
    if report.next is None:
        lines.append("The game is over.")
    else:
        then = seated(names, changes, report.next.n)
        lines.append(f"Before coup {report.next.n}: {deal_line(report.next, then)}")
    return "\n".join(lines)


def _progress(report: Report) -> str:
    """The poules tirées toward the end, or, in a game of a fixed number of coups, the coups.

    >>> from .engine import Game, RuleSet, replay
    >>> _progress(replay(Game(("A", "B", "C"), RuleSet(coups_to_play=40))))
    '0; coups 0 / 40'
    """
    rules = report.game.rules
    if rules.coups_to_play:
        return f"{report.poules_tirees}; coups {len(report.coups)} / {rules.coups_to_play}"
    return f"{report.poules_tirees} / {rules.poules_to_play}"


def render_settlement(
    report: Report | PotReport, money: Money | None = None, seats: Sequence[str] = ()
) -> str:
    """Who pays whom, for ``scorekeeper settle``: nets, caves, stacks, money. ``seats``: each
    seat's name once someone took one (``rules.seat_names``), else its player's."""
    names = tuple(seats) or report.game.players
    state = "finished" if report.finished else "PROVISIONAL (the game is not finished)"
    if isinstance(report, Report):
        title = report.game.rules.describe()
        progress = f"poules tirées {_progress(report)}"
    else:
        title, progress = report.game.rules.accounting, f"pot {sum(report.shares)}"
    stacks = report.stacks
    lines = [
        f"Settlement: {', '.join(report.game.players)} ({title})",
        f"{len(report.coups)} coups, {progress}, {state}",
        "",
    ]
    # in money: rounded once over the table (to_cents), the lines taken from the nets' cents
    cents = None if money is None else to_cents(report.net, money.chip_value)
    for n, (name, net, caves, s) in enumerate(zip(names, report.net, report.caves, stacks)):
        cash = (
            "" if cents is None or money is None else f" = {money_text(cents[n], money.currency)}"
        )
        lines.append(
            f"  {name}: net {signed(net)}{cash}, caves {caves}, "
            f"stack {s.total} = {s.fiches} fiches + {s.chips} chips"
        )
    lines += ["", "Who pays whom:"]
    # a seat named by its sitters in turn is bracketed there: its arrow is not a payment's
    sides = [n if n == p else f"({n})" for n, p in zip(names, report.game.players)]
    moves = settle_up(report.net)
    moved = (
        None
        if cents is None or money is None
        else moves_in_cents(moves, report.net, cents, money.chip_value)
    )
    for n, t in enumerate(moves):
        cash = (
            ""
            if moved is None or money is None
            else f" = {money_text(moved[n], money.currency, plus=False)}"
        )
        lines.append(f"  {sides[t.payer]} → {sides[t.payee]} {t.amount}{cash}")
    if not moves:
        lines.append("  nobody owes anything")
    if isinstance(report, PotReport):
        return "\n".join(lines)
    open_betes = [b for b in report.betes if b.open]
    if open_betes:
        end = report.game.rules.end
        then = "shared at the end" if end == "share" else "played on until none is left"
        betes = ", ".join(f"{names[b.owner]} {b.amount}" for b in open_betes)
        lines += ["", f"Open bêtes ({then}): {betes}"]
    return "\n".join(lines)


def render_pot(
    report: PotReport, changes: Sequence[SeatChange] = (), paid: Lines | None = None
) -> str:
    """The report of a jetons or danois game as text: each coup named by who sat at each
    seat in it, each payment by who paid it (``paid``, as ``render``), the standing and the
    pot by the seats (as ``render``)."""
    seats = report.game.players
    rules = report.game.rules
    paid = plain_lines(report) if paid is None else paid
    lines = [f"L'Hombre ({rules.accounting}): {', '.join(seats)}", ""]
    for r, payments in zip(report.coups, paid, strict=True):
        c = r.coup
        d = r.deal
        names = seated(seats, changes, d.n)
        added = ", ".join(f"{names[s]} +{a}" for s, a in enumerate(d.added) if a) or "nothing"
        lines.append(f"Coup {d.n}: {dealer_words(d, names)}; into the pot: {added}; pot {d.pot}")
        if c.hombre is None:
            lines.append(f"  {OUTCOMES[Outcome.PASS]}")
        else:
            tricks = tricks_words(c, names)
            taker = "" if r.taker is None else f", {names[r.taker]} takes the pot"
            contract, outcome = said(CONTRACTS, c.contract), said(OUTCOMES, r.outcome)
            lines.append(f"  {names[c.hombre]} {contract}, tricks {tricks} → {outcome}{taker}")
        lines += [transfer_line(p) for p in payments]
        if c.note:
            lines.append(f"  note: {c.note}")
    names = seat_names(seats, changes)  # the standing and the pot are the seats'
    lines += ["", "Standing:"]
    for name, net, caves in zip(names, report.net, report.caves):
        lines.append(f"  {name}: net {signed(net)}, caves {caves}")
    shares = ", ".join(f"{names[s]} {v}" for s, v in enumerate(report.shares) if v)
    lines.append(f"In the pot: {sum(report.shares)} ({shares or 'empty'})")
    if report.next is None:
        back = ", ".join(f"{names[s]} {v}" for s, v in enumerate(report.returned) if v)
        lines.append(
            "The game is over; what was in the pot returned to whoever put it in"
            + (f" ({back})." if back else ".")
        )
    else:
        n = report.next
        lines.append(f"Before coup {n.n}: {dealer_words(n, seated(seats, changes, n.n))}")
    return "\n".join(lines)
