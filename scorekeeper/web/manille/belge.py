"""Manillen's web pieces: trump and contre, its sheet's lines and standing, its rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from ...rules.manille import belge
from ...rules.manille.belge import ManillenReport, ManillenResult, ManillenRules
from ...rules.manille.kinds import Manillen
from ...rules.manille.words import CONTRES, RENONCE, TIE_DOUBLE, TIE_LAST, TIE_TIMES, TRUMPS
from ..formats.words import and_list, elide, minus
from .house import house_words

TRUMP_WORDS = {key: _l(word) for key, word in TRUMPS.items()}
CONTRE_NAMES = {"": "—", **{key: _l(word) for key, word in CONTRES.items()}}
"""A contre in words where the deal's own multiplier is shown beside it (the sheet's line)."""
CONTRE_STEPS = {"contre": 1, "surcontre": 2}
"""A contre's doubling steps (rules/manille/house.py): its label shows what they make."""


def contre_words(rules: ManillenRules) -> dict[str, str]:
    """The contre buttons' labels, with the multiplier the rules make of them.

    Multiplied (ours): contré ×2, sur-contré ×4; added: ×2 and ×3; a cap bounds both.
    """
    n = {key: rules.factor(steps) for key, steps in CONTRE_STEPS.items()}
    return {
        "": "—",
        "contre": _("contré ×%(n)s", n=n["contre"]),
        "surcontre": _("sur-contré ×%(n)s", n=n["surcontre"]),
    }


class ManillenWeb:
    """What manillen's pages say and read (``web/manille`` asks it by its kind)."""

    kind = Manillen
    choice = _l("manillen (Belgian)")
    fields = frozenset({"trump", "contre", "points", "renonce"})
    result_type = ManillenResult

    def item(self, form: Any) -> dict[str, Any]:
        item: dict[str, Any] = {"trump": form.trump.data}
        if form.contre.data:
            item["contre"] = form.contre.data
        return item

    def contres(self, rules: ManillenRules) -> dict[str, str]:
        return contre_words(rules)

    def must_sans_atout(self, report: ManillenReport) -> bool:
        return report.must_sans_atout

    def line(self, r: ManillenResult, columns: tuple[str, ...]) -> tuple[str, str]:
        """What a line says beside its points: trump, contre, multiplier, renonce; a 30–30."""
        event = ""
        detail = str(TRUMP_WORDS[r.coup.trump])
        if r.coup.contre:
            detail += " · " + str(CONTRE_NAMES[belge.CONTRES[r.coup.contre]])
        if r.multiplier > 1:
            detail += f" · ×{r.multiplier}"
        if r.coup.renonce is not None:
            who = columns[r.coup.renonce]
            detail += " · " + elide(_(RENONCE, who=who), who)
        elif r.coup.points == belge.HALF and r.finished:  # no deal follows to carry to
            event = _(TIE_LAST)
        elif r.coup.points == belge.HALF:
            event = _(TIE_DOUBLE)
            if r.carries > 2:  # ties in a row, or a tie that carries its whole multiplier
                event = _(TIE_TIMES, n=r.carries)
        return detail, event

    def standing(
        self, report: ManillenReport, columns: tuple[str, ...], names: tuple[str, ...]
    ) -> list[str]:
        """Where the deals stand: the totals, and who won once the game is over."""
        totals = " · ".join(f"{c} {minus(t)}" for c, t in zip(columns, report.totals))
        if report.finished:
            winners = " & ".join(columns[s] for s in report.winners)
            if 1 < len(report.winners) < len(columns):  # at three, two level at the top: the
                # third lost, no drawn game (smoke31)
                top = and_list(columns[s] for s in report.winners)
                won = _("The game's first place is shared by %(sides)s.", sides=top)
            elif len(report.winners) > 1:
                won = _("A drawn game: %(sides)s.", sides=winners)
            else:
                won = _("The game is won by %(side)s.", side=winners)
            return [won, totals]
        return [totals]

    def next_deal(
        self, report: ManillenReport, columns: tuple[str, ...], names: tuple[str, ...]
    ) -> list[str]:
        """What the next deal asks: who chooses the trump, the sans-atout still owed, what a
        30–30 carries (none once the game is over)."""
        if report.finished:
            return []
        game = report.game
        dealer = report.next_dealer or 0
        chooser = game.chooser(dealer)
        who = columns[chooser] if game.sides == 2 else names[dealer]
        if game.rules.last_deal is None:
            lines = [
                _(
                    "Deal %(n)s, to %(target)s points — %(who)s chooses the trump.",
                    n=len(report.coups) + 1,
                    target=game.rules.target,
                    who=who,
                )
            ]
        else:
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
                    who=who,
                ),
            ]
            if game.rules.sans_atout:  # a rule set owing none has nothing to count down
                lines.append(_("Sans-atout still owed: %(owed)s", owed=owed))
        if report.carry > 1:
            lines.append(_("After 30–30 this deal counts ×%(n)s.", n=report.carry))
        return lines

    def rules_text(self, rules: ManillenRules) -> str:
        """The rules in a line of words."""
        if rules.last_deal is None:
            ends = _("manillen: to %(target)s points", target=rules.target)
        elif not rules.sans_atout:  # an event's short round owes none (2 × 8 // 20 = 0)
            ends = ngettext(
                "manillen: %(num)s deal, no sans-atout owed",
                "manillen: %(num)s deals, no sans-atout owed",
                rules.deals,
            )
        else:
            ends = _(
                "manillen: %(deals)s deals, %(sa)s sans-atout each",
                deals=rules.deals,
                sa=rules.sans_atout,
            )
        return ", ".join([ends, *house_words(rules)])

    def words(self, item: Mapping[str, Any]) -> dict[str, str]:
        """Its own keys of a coup in words."""
        return {
            _("Trump"): str(TRUMP_WORDS.get(item.get("trump", ""), item.get("trump"))),
            _("Contre"): str(CONTRE_NAMES.get(item.get("contre", ""), item.get("contre"))),
        }

    def rules_of(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        """The file's rules of the form's settings (an empty deals: the table's default)."""
        given = {key: value for key, value in chosen.items() if value is not None}
        return belge.chosen_rules(given)
