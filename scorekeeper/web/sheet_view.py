"""How a points game's sheet reads: columns, one line per coup, where the game stands.

The sheet as the players keep it on paper: Nous / Eux (or the three
players of manillen), what each marked, the running count, the parties or
manches won.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from ..rules.brou.engine import BrouReport
from ..rules.manille.belge import CONTRES, ManillenReport
from ..rules.manille.classique import ManilleReport
from .forms.points import CONTRE_WORDS, TRUMP_WORDS


@dataclass(frozen=True)
class SheetRow:
    n: int
    dealer: str
    detail: str
    scored: tuple[int, ...]
    totals: tuple[int, ...]
    """The count after the coup; for the coup that wins a partie or manche, the count reached."""
    event: str


def sides(report: Any) -> tuple[str, ...]:
    """The sheet's columns."""
    players = report.game.players
    if len(players) == 3:
        return tuple(players)
    return (_("Nous"), _("Eux"))


def teams_line(players: tuple[str, ...]) -> str:
    if len(players) == 3:
        return " · ".join(players)
    return _(
        "Nous: %(a)s & %(c)s · Eux: %(b)s & %(d)s",
        a=players[0],
        b=players[1],
        c=players[2],
        d=players[3],
    )


def _brou_detail(r: Any, columns: tuple[str, ...]) -> str:
    coup = r.coup
    parts = []
    for m in coup.mariages:
        word = _("mariage %(points)s", points=m.points)
        if m.table:
            word = _("mariage on the table %(points)s", points=m.points)
        parts.append(f"{columns[m.team]}: {word}")
    for key, word in (
        ("vole", _("vole")),
        ("claim", _("claims 301")),
        ("abandon", _("concedes")),
    ):
        team = getattr(coup, key)
        if team is not None:
            parts.append(f"{columns[team]}: {word}")
    if coup.partie_et_vole is not None:
        word = _("partie et vole made") if coup.made else _("partie et vole failed")
        parts.append(f"{columns[coup.partie_et_vole]}: {word}")
    return "; ".join(parts)


def rows(report: Any, first: int = 1, last: int | None = None) -> list[SheetRow]:
    """The lines of coups ``first`` to ``last`` (1-based, inclusive; all by default)."""
    names = report.game.players
    columns = sides(report)
    out = []
    previous: tuple[int, ...] = (0,) * len(columns)
    if first > 1:
        previous = report.coups[first - 2].totals
    for r in report.coups[first - 1 : last]:
        event = ""
        ended = getattr(r, "partie", None) is not None or getattr(r, "manche_won", None) is not None
        shown = tuple(p + s for p, s in zip(previous, r.scored)) if ended else r.totals
        previous = r.totals
        if isinstance(report, BrouReport):
            detail = _brou_detail(r, columns)
            if r.partie is not None:
                event = _("partie to %(team)s (%(n)s)", team=columns[r.partie], n=r.won[r.partie])
            elif any(r.won):
                winner = 0 if r.won[0] else 1
                event = _("vole: %(n)s parties to %(team)s", n=r.won[winner], team=columns[winner])
        elif isinstance(report, ManilleReport):
            detail = _("retourne %(points)s", points=r.coup.retourne) if r.coup.retourne else ""
            if not r.played:
                detail += " · " + _("coup not played")
            if r.coup.renonce is not None:
                detail += " · " + _("renonce by %(team)s", team=columns[r.coup.renonce])
            if r.manche_won is not None:
                event = _("manche %(n)s to %(team)s", n=r.manche, team=columns[r.manche_won])
        else:
            detail = str(TRUMP_WORDS[r.coup.trump])
            if r.coup.contre:
                detail += " · " + str(CONTRE_WORDS[CONTRES[r.coup.contre]])
            if r.multiplier > 1:
                detail += f" · ×{r.multiplier}"
            if r.coup.renonce is not None:
                detail += " · " + _("renonce by %(who)s", who=columns[r.coup.renonce])
            elif r.coup.points == 30:
                event = _("30–30: the next deal counts double")
        if r.coup.note:
            detail = f"{detail} · {r.coup.note}" if detail else r.coup.note
        out.append(SheetRow(r.n, names[r.dealer], detail.strip(" ·"), r.scored, shown, event))
    return out


def standing(report: Any) -> list[str]:
    """Where the game stands, a line each, for the card above the entry."""
    columns = sides(report)
    names = report.game.players
    if isinstance(report, BrouReport):
        rules = report.game.rules
        lines = [
            _(
                "Parties: %(a)s %(pa)s · %(b)s %(pb)s (the match in %(n)s)",
                a=columns[0],
                pa=report.parties[0],
                b=columns[1],
                pb=report.parties[1],
                n=rules.parties_to_win,
            )
        ]
        if report.finished:
            winner = 0 if report.parties[0] > report.parties[1] else 1
            return [_("The match is won by %(team)s.", team=columns[winner]), *lines]
        return [
            _(
                "Partie to %(target)s: %(a)s %(ta)s · %(b)s %(tb)s",
                target=rules.target,
                a=columns[0],
                ta=report.totals[0],
                b=columns[1],
                tb=report.totals[1],
            ),
            *lines,
        ]
    if isinstance(report, ManilleReport):
        lines = [
            _(
                "Manches: %(a)s %(ma)s · %(b)s %(mb)s",
                a=columns[0],
                ma=report.manches[0],
                b=columns[1],
                mb=report.manches[1],
            )
        ]
        if report.finished:
            return [_("The partie is won by %(team)s.", team=columns[report.winner or 0]), *lines]
        dealer = report.next_dealer or 0
        return [
            _(
                "Manche %(n)s to %(target)s: %(a)s %(ta)s · %(b)s %(tb)s",
                n=report.manche,
                target=report.target,
                a=columns[0],
                ta=report.totals[0],
                b=columns[1],
                tb=report.totals[1],
            ),
            _("The retourne goes to %(team)s.", team=columns[dealer % 2]),
            *lines,
        ]
    assert isinstance(report, ManillenReport)
    totals = " · ".join(f"{c} {t}" for c, t in zip(columns, report.totals))
    if report.finished:
        winners = " & ".join(columns[s] for s in report.winners)
        won = (
            _("A drawn game: %(sides)s.", sides=winners)
            if len(report.winners) > 1
            else _("The game is won by %(side)s.", side=winners)
        )
        return [won, totals]
    game = report.game
    dealer = report.next_dealer or 0
    chooser = game.chooser(dealer)
    owed = " · ".join(
        _("%(side)s %(owed)s (%(left)s deals left)", side=c, owed=o, left=left)
        for c, o, left in zip(columns, report.owed, report.left)
    )
    lines = [
        _(
            "Deal %(n)s of %(deals)s — %(who)s chooses the trump.",
            n=len(report.coups) + 1,
            deals=game.rules.deals,
            who=columns[chooser] if game.sides == 2 else names[dealer],
        ),
        totals,
        _("Sans-atout still owed: %(owed)s", owed=owed),
    ]
    if report.carry > 1:
        lines.append(_("After 30–30 this deal counts ×%(n)s.", n=report.carry))
    return lines


def must_sans_atout(report: Any) -> bool:
    return isinstance(report, ManillenReport) and report.must_sans_atout


def rules_words(rules: Any) -> str:
    """The rules of a points game in a line."""
    variant = getattr(rules, "variant", None)
    if variant is None:
        return _(
            "l'Homme de Brou: parties of %(target)s, the match in %(n)s",
            target=rules.target,
            n=rules.parties_to_win,
        )
    if variant == "classique":
        if rules.partie == "seche":
            return _("manille: partie sèche in %(manche)s", manche=rules.manche)
        return _(
            "manille: partie liée, manches of %(manche)s, belle of %(belle)s",
            manche=rules.manche,
            belle=rules.belle,
        )
    return _(
        "manillen: %(deals)s deals, %(sa)s sans-atout each",
        deals=rules.deals,
        sa=rules.sans_atout,
    )
