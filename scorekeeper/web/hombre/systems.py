"""Each money system's web piece: its rules fields, its rules line, its pot's name.

The new-game page's form has the fields of every system (``RulesForm``: the
shared ``NewGameForm`` with each system's ``form_fields``) and draws those of
the chosen one (``fields``, a partial template); every page writes its rule
set in a line (``rules_text``); the kind decides which piece a rule set or a
form gets (``of_rules``, ``of_kind``). Each system's fields are drawn from
its rule set's ``Setting`` rows (``own_fields``; the partial template loops
over ``settings``). A new money system: its rows, one class here, one line in
``WEBS``, its partial template and its words.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from flask_babel import gettext as _
from flask_babel import ngettext
from flask_wtf import FlaskForm
from wtforms import Field

from ...rules import kinds, settings
from ...rules.hombre import danois, jetons, ruleset
from ...rules.hombre.danois import DanishRules
from ...rules.hombre.jetons import JetonsRules
from ...rules.hombre.pot import POT_TABLE
from ...rules.hombre.ruleset import RuleSet
from ...rules.hombre.takst import takst_text
from ...rules.kind import GameKind
from ...rules.settings import Setting, Value
from ..sheet.settings import field_attrs, fields_of, in_line, setting_field
from .forms import CONTRACT_WORDS, NewGameForm

R = TypeVar("R")


class SystemWeb(Generic[R]):
    """What a money system shows on the pages (``R``: its rule set); defaults: the pots'."""

    key: str
    """Its kind's key (``kind.key``)."""
    fields: str
    """The partial template of its rules fields on the new-game page."""
    form_fields: type[FlaskForm]
    """Its rules fields of the new-game form (named as its rule set's settings)."""
    table: tuple[Setting, ...] = ()
    """Its settings' rows, when its fields are drawn from them (``settings``)."""

    def settings(self, form: object) -> list[tuple[Setting, Field]]:
        """The rows its partial template draws, with their fields in ``form``, in the rows'
        order: all but those the page draws after them (``page_settings``)."""
        return [(row, getattr(form, row.key)) for row in self.table if row.group != "page"]

    def page_settings(self, form: object) -> list[tuple[Setting, Field]]:
        """The rows every system shares that the page draws after the system's (its loop)."""
        return fields_of(form, self.table, "page")

    def attrs(self, row: Setting) -> dict[str, Value]:
        """A setting's field's HTML attributes (the templates' ``setting`` macro)."""
        return field_attrs(row)

    def rules_text(self, rules: R) -> str:
        """The rule set in a line of words, in the reader's language."""
        raise NotImplementedError

    def round_end_text(self, rules: R, deals: int | None) -> str:
        """How an event's round ends a table of these rules, in a sentence; none by default."""
        return ""

    def pot_title(self) -> str:
        """The pot's name on the game page, before the deal."""
        return _("Poule")


def own_fields(name: str, table: tuple[Setting, ...]) -> type[FlaskForm]:
    """A money system's own rules fields, one per row of its settings, named as its rules
    keys (the rows of a ``group`` are the form's fields every system shares)."""
    own = {row.key: setting_field(row, shared=True) for row in table if not row.group}
    return type(name, (FlaskForm,), own)


PouleFields = own_fields("PouleFields", ruleset.SETTINGS)
"""The 1709 poule's own rules fields (hombre.md §2)."""


class PouleWeb(SystemWeb[RuleSet]):
    """The 1709 poule and bêtes."""

    key = "hombre"
    fields = "hombre/_rules_poule.html"
    form_fields = PouleFields
    table = ruleset.SETTINGS

    def rules_text(self, rules: RuleSet) -> str:
        said = settings.line(ruleset.SETTINGS, ruleset.LINE, rules)
        return ", ".join(in_line(row, value) for row, value in said)

    def round_end_text(self, rules: RuleSet, deals: int | None) -> str:
        """How an event's round ends a table of the 1709 poule, derived from its rules. The
        round's deals are the table's ``coups_to_play``: its ``end`` shares the bêtes then,
        or plays on until none is left; a round the director closes before shares what is
        still open, as the ranking counts it (``ended_tally``)."""
        if deals is None:
            return _(
                "The round ends when the director closes it: the bêtes still open are then"
                " shared among the players."
            )
        if rules.end == "share":
            return ngettext(
                "The round's %(num)s deal ends the game: the bêtes still open are then shared"
                " among the players.",
                "The round's %(num)s deals end the game: the bêtes still open are then shared"
                " among the players.",
                deals,
            )
        return ngettext(
            "After the round's %(num)s deal, play goes on until no bête is left; if the round"
            " is closed before, the bêtes still open are shared among the players.",
            "After the round's %(num)s deals, play goes on until no bête is left; if the round"
            " is closed before, the bêtes still open are shared among the players.",
            deals,
        )


JetonsFields = own_fields("JetonsFields", jetons.SETTINGS)
"""The jetons' own rules fields (docs/rules/jetons.md)."""


class JetonsWeb(SystemWeb[JetonsRules]):
    """Stakes, pass fees, primes and bonus hands."""

    key = "jetons"
    fields = "hombre/_rules_jetons.html"
    form_fields = JetonsFields
    table = jetons.SETTINGS

    def rules_text(self, rules: JetonsRules) -> str:
        line = _(
            "jetons: stake %(stake)s, pass %(fee)s, primes %(a)s / %(b)s / %(c)s, bonus %(bonus)s",
            stake=rules.stake,
            fee=rules.pass_fee,
            a=rules.simple,
            b=rules.sans_prendre,
            c=rules.vole,
            bonus=rules.bonus,
        )
        return line + _table_words(rules)


def _table_words(rules: object) -> str:
    """What the pot systems' table settings say on the rules line (``pot.POT_TABLE``'s rows:
    the coups to play when set — an event's round sets them — and any row given ``words``),
    as the 1709 poule's line says its own: the jetons' and Danish lines did not, so an
    event's table never showed how many coups it plays."""
    said = settings.line(POT_TABLE, ("coups_to_play",), rules)
    return "".join(", " + in_line(row, value) for row, value in said)


DanishFields = own_fields("DanishFields", danois.SETTINGS)
"""The Danish contracts' own rules fields (docs/rules/danois.md)."""


class DanishWeb(SystemWeb[DanishRules]):
    """The Danish contracts and the dealer's cagnotte."""

    key = "danois"
    fields = "hombre/_rules_danois.html"
    form_fields = DanishFields
    table = danois.SETTINGS

    def rules_text(self, rules: DanishRules) -> str:
        table = _("the source's rates") if rules.rates == "texte" else _("DLU rates")
        line = _("danois: ante %(ante)s, %(table)s", ante=rules.ante, table=table)
        if rules.takst:
            words = {str(key): str(word) for key, word in CONTRACT_WORDS.items()}
            own = takst_text(rules.takst, words)  # "ren nolo 5 5 6" on a Danish page
            line += ", " + _("own rates %(takst)s", takst=own)
        return line + _table_words(rules)

    def pot_title(self) -> str:
        return _("Cagnotte")


WEBS: dict[str, SystemWeb[Any]] = {web.key: web for web in (PouleWeb(), JetonsWeb(), DanishWeb())}
"""Each system's web piece by its kind's key: one for every kind of ``SYSTEMS`` (a test checks)."""


RulesForm: type[NewGameForm] = type(
    "RulesForm", (NewGameForm, *(web.form_fields for web in WEBS.values())), {}
)
"""The new-game and set-up form: the fields every system has, then each system's own."""


def of_kind(kind: GameKind) -> SystemWeb[Any]:
    """The web piece of one of l'Hombre's kinds."""
    return WEBS[kind.key]


def of_rules(rules: Any) -> SystemWeb[Any]:
    """The web piece of the system whose rule set this is."""
    return of_kind(kinds.kind_of(rules))


def rules_text(rules: Any) -> str:
    """The rule set in a line of words, in the reader's language."""
    return of_rules(rules).rules_text(rules)


def round_end_text(rules: Any, deals: int | None) -> str:
    """How an event's round ends a table of these rules (the pot systems: no sentence)."""
    return of_rules(rules).round_end_text(rules, deals)
