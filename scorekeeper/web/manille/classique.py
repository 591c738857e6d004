"""La Manille classique's web pieces: the retourne, its sheet's lines and standing, its rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...rules.manille.classique import ManilleReport, ManilleResult, ManilleRules
from ...rules.manille.kinds import ManilleClassique
from ..formats.words import elide
from ..forms import options

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


class ClassiqueWeb:
    """What the classique's pages say and read (``web/manille`` asks it by its kind)."""

    kind = ManilleClassique
    choice = _l("classique (muette or parlée)")
    """Its choice on the new-game form."""
    fields = frozenset({"retourne", "points", "renonce"})
    """The coup form's fields it reads."""
    result_type = ManilleResult

    def item(self, form: Any) -> dict[str, Any]:
        return {"retourne": int(form.retourne.data or 0)}

    def contres(self, rules: ManilleRules) -> dict[str, str]:
        return {"": "—"}  # no contre in the classique

    def must_sans_atout(self, report: object) -> bool:
        return False

    def line(self, r: ManilleResult, columns: tuple[str, ...]) -> tuple[str, str]:
        """What a line says beside its points: the retourne, the renonce; the manche won."""
        event = ""
        detail = _("retourne %(points)s", points=r.coup.retourne) if r.coup.retourne else ""
        if not r.played:
            detail += " · " + _("coup not played")
        if r.coup.renonce is not None:
            team = columns[r.coup.renonce]
            detail += " · " + elide(_("renonce by %(team)s", team=team), team)
        if r.manche_won is not None:
            event = _("manche %(n)s to %(team)s", n=r.manche, team=columns[r.manche_won])
        return detail, event

    def standing(
        self, report: ManilleReport, columns: tuple[str, ...], names: tuple[str, ...]
    ) -> list[str]:
        """Where the partie stands."""
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
            *lines,
        ]

    def next_deal(
        self, report: ManilleReport, columns: tuple[str, ...], names: tuple[str, ...]
    ) -> list[str]:
        """Who gets the retourne of the next deal (none once the partie is over)."""
        if report.finished:
            return []
        dealer = report.next_dealer or 0
        return [_("The retourne goes to %(team)s.", team=columns[dealer % 2])]

    def rules_text(self, rules: ManilleRules) -> str:
        """The rules in a line of words."""
        if rules.manches_to_win == 1:
            return _("manille: partie sèche in %(manche)s", manche=rules.manche)
        return _(
            "manille: partie liée, manches of %(manche)s, belle of %(belle)s",
            manche=rules.manche,
            belle=rules.belle,
        )

    def words(self, item: Mapping[str, Any]) -> dict[str, str]:
        """Its own keys of a coup in words."""
        retourne = {str(c.value): str(c.label) for c in RETOURNE_WORDS}
        return {_("Retourne"): retourne.get(str(item.get("retourne", 0)), "—")}

    def rules_of(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        """The file's rules of the form's settings (an empty field: its default)."""
        defaults = ManilleRules()
        return {
            "variant": defaults.variant,
            **{key: value or getattr(defaults, key) for key, value in chosen.items()},
        }
