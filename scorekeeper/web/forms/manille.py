"""La Manille's coup entry: the retourne (classique) or trump and contre (manillen), points."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from ...rules.manille import belge, classique
from .points import (
    CONTRE_WORDS,
    ERROR_FIELDS,
    TRUMP_WORDS,
    NewSheetForm,
    SheetCoupForm,
    points_coup_form,
    saving,
    shown_valid,
)

__all__ = [
    "ERROR_FIELDS",
    "coup_form",
    "fill",
    "must_sans_atout",
    "read_coup",
    "rules_of",
    "rules_text",
    "saving",
    "sheet_line",
    "standing",
    "valid",
]


def _renonce_choices(game: Any) -> list[tuple[str, str]]:
    if len(game.players) == 3:
        return [(name, name) for name in game.players]
    return [("nous", _("Nous")), ("eux", _("Eux"))]


def coup_form(stored: Any, coup: Any = None) -> SheetCoupForm:
    form = points_coup_form(stored, coup, fill, _renonce_choices(stored.game))
    if len(stored.game.players) == 3:  # each for himself: the dealer's points, not a team's
        form.points.label.text = _("Points of the dealer")
    if form.trump.data is None and must_sans_atout(stored.replay()):
        form.trump.data = "sans-atout"
    return form


def _classique(stored: Any) -> bool:
    return bool(stored.game.rules.variant == "classique")


def valid(form: SheetCoupForm, stored: Any) -> bool:
    if _classique(stored):
        return shown_valid(form, {"retourne", "points", "renonce"})
    return shown_valid(form, {"trump", "contre", "points", "renonce"})


def read_coup(form: SheetCoupForm, stored: Any) -> Any:
    """The coup the form describes, read by the game file's own reader."""
    return stored.kind.load_coup(manille_item(form, _classique(stored)), stored.game)


def rules_of(form: NewSheetForm) -> dict[str, Any]:
    """The rules object of the new-sheet form: the variant and its choices."""
    if form.variant.data == "belge":
        rules: dict[str, Any] = {
            "variant": "belge",
            "sans_atout": form.sans_atout.data if form.sans_atout.data is not None else 2,
        }
        if form.deals.data:
            rules["deals"] = form.deals.data
        return rules
    return {
        "variant": "classique",
        "partie": form.partie.data,
        "manche": form.manche.data or 34,
        "belle": form.belle.data or 44,
    }


def manille_item(form: SheetCoupForm, classique: bool) -> dict[str, Any]:
    """A Manille coup in the game file's shape."""
    item: dict[str, Any] = {}
    if classique:
        item["retourne"] = int(form.retourne.data or 0)
    else:
        item["trump"] = form.trump.data
        if form.contre.data:
            item["contre"] = form.contre.data
    if form.renonce.data:
        item["renonce"] = form.renonce.data
    elif form.points.data is not None:
        item["points"] = form.points.data
    if form.note.data:
        item["note"] = form.note.data
    return item


def fill(form: SheetCoupForm, item: dict[str, Any]) -> None:
    form.retourne.data = str(item.get("retourne", 0))
    form.trump.data = item.get("trump")
    form.contre.data = item.get("contre", "")
    form.points.data = item.get("points")
    form.renonce.data = item.get("renonce", "")
    form.note.data = item.get("note", "")


def sheet_line(r: Any, columns: tuple[str, ...]) -> tuple[str, str]:
    """What a line says beside its points: retourne or trump, contre, renonce; the manche won."""
    event = ""
    if isinstance(r, classique.ManilleResult):
        detail = _("retourne %(points)s", points=r.coup.retourne) if r.coup.retourne else ""
        if not r.played:
            detail += " · " + _("coup not played")
        if r.coup.renonce is not None:
            detail += " · " + _("renonce by %(team)s", team=columns[r.coup.renonce])
        if r.manche_won is not None:
            event = _("manche %(n)s to %(team)s", n=r.manche, team=columns[r.manche_won])
        return detail, event
    detail = str(TRUMP_WORDS[r.coup.trump])
    if r.coup.contre:
        detail += " · " + str(CONTRE_WORDS[belge.CONTRES[r.coup.contre]])
    if r.multiplier > 1:
        detail += f" · ×{r.multiplier}"
    if r.coup.renonce is not None:
        detail += " · " + _("renonce by %(who)s", who=columns[r.coup.renonce])
    elif r.coup.points == 30:
        event = _("30–30: the next deal counts double")
    return detail, event


def standing(report: Any, columns: tuple[str, ...], names: tuple[str, ...]) -> list[str]:
    """Where the partie stands (classique) or the deals (manillen)."""
    if isinstance(report, classique.ManilleReport):
        return _classique_standing(report, columns)
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


def _classique_standing(report: Any, columns: tuple[str, ...]) -> list[str]:
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


def must_sans_atout(report: Any) -> bool:
    return isinstance(report, belge.ManillenReport) and report.must_sans_atout


def rules_text(rules: Any) -> str:
    """The rules in a line of words."""
    if isinstance(rules, classique.ManilleRules):
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
