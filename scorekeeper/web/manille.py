"""La Manille's web half (classique and the Belgian manillen): its forms (the variant and
its targets; the retourne, or trump and contre, and the points), what its sheet's lines
and standing say, and its registry entry ``MANILLE``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from wtforms import RadioField
from wtforms.validators import Optional

from ..rules.manille import belge, classique, house
from ..rules.manille.kinds import ManilleClassique, Manillen
from ..store import StoredGame
from .formats.numbers import InRange, WholeField
from .formats.words import elide, minus
from .forms import options
from .hookspecs import Report, Rules
from .hookspecs import (
    narrowed as _narrow,
)
from .manille_house import HouseRulesFields, house_rules, house_words
from .sheet.forms import (
    NewSheetForm,
    SheetCoupForm,
    points_coup_form,
    shown_valid,
)
from .sheet.game import PointsGame, points_web

RETOURNE_WORDS = options(
    [
        ("0", "—"),
        ("1", _l("J 1")),
        ("2", _l("Q 2")),
        ("3", _l("K 3")),
        ("4", _l("A 4")),
        ("5", _l("10 5")),
    ]
)
TRUMP_WORDS = {
    "pique": _l("♠ pique"),
    "coeur": _l("♥ cœur"),
    "carreau": _l("♦ carreau"),
    "trefle": _l("♣ trèfle"),
    "sans-atout": _l("sans-atout"),
}
CONTRE_NAMES = {"": "—", "contre": _l("contré"), "surcontre": _l("sur-contré")}
"""A contre in words where the deal's own multiplier is shown beside it (the sheet's line)."""
CONTRE_STEPS = {"contre": 1, "surcontre": 2}
"""A contre's doubling steps (rules/manille/house.py): its label shows what they make."""


def contre_words(rules: Any = None) -> dict[str, str]:
    """The contre buttons' labels, with the multiplier the rules make of them.

    Multiplied (ours): contré ×2, sur-contré ×4; added: ×2 and ×3; a cap bounds both.
    """
    doubling = getattr(rules, "doubling", "multiplied")
    cap = getattr(rules, "cap", 0)
    n = {key: house.factor(steps, doubling, cap) for key, steps in CONTRE_STEPS.items()}
    return {
        "": "—",
        "contre": _("contré ×%(n)s", n=n["contre"]),
        "surcontre": _("sur-contré ×%(n)s", n=n["surcontre"]),
    }


class ManilleNewForm(NewSheetForm, HouseRulesFields):
    """A Manille game: classique (partie liée or sèche, the manche and belle) or manillen."""

    variant = RadioField(
        _l("Rules"),
        choices=options(
            [("classique", _l("classique (muette or parlée)")), ("belge", _l("manillen (Belgian)"))]
        ),
        default="classique",
    )
    partie = RadioField(
        _l("Partie"),
        choices=options(
            [
                ("liee", _l("liée: two manches, a belle at one all")),
                ("seche", _l("sèche: one manche")),
            ]
        ),
        default="liee",
    )
    manche = WholeField(
        _l("Points to win a manche"), default=34, validators=[Optional(), InRange(1, 1000)]
    )
    belle = WholeField(
        _l("Points to win the belle"), default=44, validators=[Optional(), InRange(1, 1000)]
    )
    deals = WholeField(
        _l("Deals (20 for four, 30 for three)"), validators=[Optional(), InRange(1, 1000)]
    )
    sans_atout = WholeField(
        _l("Sans-atout each chooser must call"),
        default=2,
        validators=[Optional(), InRange(0, 100)],
    )


class ManilleCoupForm(SheetCoupForm):
    """A Manille coup: the retourne (classique) or the trump and contre (manillen)."""

    retourne = RadioField(_l("Retourne"), choices=RETOURNE_WORDS, default="0")
    renonce = RadioField(_l("Renonce"), choices=[], validate_choice=False, default="")
    trump = RadioField(_l("Trump"), choices=options(TRUMP_WORDS.items()), validate_choice=False)
    contre = RadioField(_l("Contre"), choices=[], default="", validate_choice=False)


ERROR_FIELDS = {
    "points": "points",
    "retourne": "retourne",
    "renonce": "renonce",
    "trump": "trump",
    "contre": "contre",
    "note": "note",
}
"""Where the engine's refusal of a coup's key is shown on the form."""


def _renonce_choices(game: Any) -> list[tuple[str, str]]:
    if len(game.players) == 3:
        return [(name, name) for name in game.players]
    return [("nous", _("Nous")), ("eux", _("Eux"))]


def coup_form(stored: StoredGame, coup: Any = None) -> ManilleCoupForm:
    form = points_coup_form(ManilleCoupForm, stored, coup, fill)
    form.renonce.choices = options([("", "—"), *_renonce_choices(stored.game)])
    form.contre.choices = options(contre_words(stored.game.rules).items())
    if len(stored.game.players) == 3:  # each for himself: the dealer's points, not a team's
        form.points.label.text = _("Points of the dealer")
    if form.trump.data is None and must_sans_atout(stored.replay()):
        form.trump.data = "sans-atout"
    return form


def _classique(stored: StoredGame) -> bool:
    return isinstance(stored.game.rules, classique.ManilleRules)


def valid(form: ManilleCoupForm, stored: StoredGame) -> bool:
    if _classique(stored):
        return shown_valid(form, {"retourne", "points", "renonce"})
    return shown_valid(form, {"trump", "contre", "points", "renonce"})


def read_coup(form: ManilleCoupForm, stored: StoredGame) -> Any:
    """The coup the form describes, read by the game file's own reader."""
    return stored.kind.load_coup(manille_item(form, _classique(stored)), stored.game)


def rules_of(form: ManilleNewForm) -> dict[str, Any]:
    """The rules object of the new-sheet form: the variant and its choices."""
    if form.variant.data == "belge":
        ends: dict[str, Any] = {
            "sans_atout": form.sans_atout.data if form.sans_atout.data is not None else 2,
        }
        if form.deals.data:
            ends["deals"] = form.deals.data
        return {"variant": "belge", **house_rules(form, ends)}
    return {
        "variant": "classique",
        "partie": form.partie.data,
        "manche": form.manche.data or 34,
        "belle": form.belle.data or 44,
    }


def manille_item(form: ManilleCoupForm, classique: bool) -> dict[str, Any]:
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


def fill(form: ManilleCoupForm, item: dict[str, Any]) -> None:
    form.retourne.data = str(item.get("retourne", 0))
    form.trump.data = item.get("trump")
    form.contre.data = item.get("contre", "")
    form.points.data = item.get("points")
    form.renonce.data = item.get("renonce", "")
    form.note.data = item.get("note", "")


def sheet_line(
    r: classique.ManilleResult | belge.ManillenResult, columns: tuple[str, ...]
) -> tuple[str, str]:
    """What a line says beside its points: retourne or trump, contre, renonce; the manche won."""
    event = ""
    if isinstance(r, classique.ManilleResult):
        detail = _("retourne %(points)s", points=r.coup.retourne) if r.coup.retourne else ""
        if not r.played:
            detail += " · " + _("coup not played")
        if r.coup.renonce is not None:
            team = columns[r.coup.renonce]
            detail += " · " + elide(_("renonce by %(team)s", team=team), team)
        if r.manche_won is not None:
            event = _("manche %(n)s to %(team)s", n=r.manche, team=columns[r.manche_won])
        return detail, event
    detail = str(TRUMP_WORDS[r.coup.trump])
    if r.coup.contre:
        detail += " · " + str(CONTRE_NAMES[belge.CONTRES[r.coup.contre]])
    if r.multiplier > 1:
        detail += f" · ×{r.multiplier}"
    if r.coup.renonce is not None:
        who = columns[r.coup.renonce]
        detail += " · " + elide(_("renonce by %(who)s", who=who), who)
    elif r.coup.points == 30:
        event = _("30–30: the next deal counts double")
        if r.carries > 2:  # ties in a row, or a tie that carries its whole multiplier
            event = _("30–30: the next deal counts ×%(n)s", n=r.carries)
    return detail, event


def standing(
    report: classique.ManilleReport | belge.ManillenReport,
    columns: tuple[str, ...],
    names: tuple[str, ...],
) -> list[str]:
    """Where the partie stands (classique) or the deals (manillen)."""
    if isinstance(report, classique.ManilleReport):
        return _classique_standing(report, columns)
    totals = " · ".join(f"{c} {minus(t)}" for c, t in zip(columns, report.totals))
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
    who = columns[chooser] if game.sides == 2 else names[dealer]
    if game.rules.target:
        lines = [
            _(
                "Deal %(n)s, to %(target)s points — %(who)s chooses the trump.",
                n=len(report.coups) + 1,
                target=game.rules.target,
                who=who,
            ),
            totals,
        ]
        if report.carry > 1:
            lines.append(_("After 30–30 this deal counts ×%(n)s.", n=report.carry))
        return lines
    owed = " · ".join(
        ngettext(
            "%(side)s %(owed)s (%(num)s deal left)",
            "%(side)s %(owed)s (%(num)s deals left)",
            left,
            side=c,
            owed=o,
        )
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


def _classique_standing(report: classique.ManilleReport, columns: tuple[str, ...]) -> list[str]:
    lines = [
        _(
            "Manches: %(a)s %(ma)s · %(b)s %(mb)s",
            a=columns[0],
            ma=report.manches[0],
            b=columns[1],
            mb=report.manches[1],
        )
    ]
    if report.finished and report.winner is None:  # a table that stopped with manches level
        return [_("Drawn: %(a)s and %(b)s are level.", a=columns[0], b=columns[1]), *lines]
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


def must_sans_atout(report: object) -> bool:
    return isinstance(report, belge.ManillenReport) and report.must_sans_atout


def rules_text(rules: classique.ManilleRules | belge.ManillenRules) -> str:
    """The rules in a line of words."""
    if isinstance(rules, classique.ManilleRules):
        if rules.partie == "seche":
            return _("manille: partie sèche in %(manche)s", manche=rules.manche)
        return _(
            "manille: partie liée, manches of %(manche)s, belle of %(belle)s",
            manche=rules.manche,
            belle=rules.belle,
        )
    if rules.target:
        ends = _("manillen: to %(target)s points", target=rules.target)
    else:
        ends = _(
            "manillen: %(deals)s deals, %(sa)s sans-atout each",
            deals=rules.deals,
            sa=rules.sans_atout,
        )
    return ", ".join([ends, *house_words(rules)])


def coup_words(item: Mapping[str, Any], players: tuple[str, ...]) -> dict[str, str]:
    """A Manille coup of the game file, field by field in words (what a correction changed)."""
    renonce = item.get("renonce")
    teams = {"nous": _("Nous"), "eux": _("Eux")}
    words = {}
    if "trump" in item:
        words[_("Trump")] = str(TRUMP_WORDS.get(item["trump"], item["trump"]))
        words[_("Contre")] = str(CONTRE_NAMES.get(item.get("contre", ""), item.get("contre")))
    else:
        retourne = {str(c.value): str(c.label) for c in RETOURNE_WORDS}
        words[_("Retourne")] = retourne.get(str(item.get("retourne", 0)), "—")
    points = item.get("points")
    label = _("Points of the dealer") if len(players) == 3 else _("Points of Nous")
    words[label] = "—" if points is None else str(points)
    words[_("Renonce")] = "—" if renonce is None else str(teams.get(renonce, renonce))
    words[_("Note")] = str(item.get("note", "")) or "—"
    return words


def _line(result: object, columns: tuple[str, ...]) -> tuple[str, str]:
    return sheet_line(_narrow(result, classique.ManilleResult, belge.ManillenResult), columns)


def _standing(report: Report, columns: tuple[str, ...], names: tuple[str, ...]) -> list[str]:
    return standing(_narrow(report, classique.ManilleReport, belge.ManillenReport), columns, names)


def _rules_text(rules: Rules) -> str:
    return rules_text(_narrow(rules, classique.ManilleRules, belge.ManillenRules))


MANILLE = points_web(
    PointsGame(
        name="manille",
        kinds=(ManilleClassique(), Manillen()),
        coup_form=coup_form,
        valid=valid,
        read_coup=read_coup,
        error_fields=ERROR_FIELDS,
        new_form=ManilleNewForm,
        rules_of=rules_of,
        line=_line,
        standing=_standing,
        rules_text=_rules_text,
        field_words=coup_words,
        must_sans_atout=must_sans_atout,  # manillen's owed sans-atout: the chooser calls it now
    )
)
"""La Manille's web half (both variants)."""
