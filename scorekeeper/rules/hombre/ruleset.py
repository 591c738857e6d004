"""The l'Hombre rule set: the settings a table agrees on before the first deal."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from ..errors import N_, GameError
from ..settings import Nn_, Setting, check_all, with_known

_SYSTEM = re.compile(r"^([1-9])-([1-9])$")


CAVE = Setting(
    "cave",
    200,
    "chips in a cave",
    N_("Cave"),
    N_("Chips in a cave."),
    least=1,
    most=1_000_000,
    group="page",
)
"""The chips a player buys in with: every money system's (the pot systems' with their own
default, ``pot.POT_TABLE``)."""
FICHE = Setting(
    "fiche",
    20,
    "chips a fiche is worth (display only)",
    N_("Fiche"),
    N_("Chips a fiche is worth (display only)."),
    least=1,
    most=1_000_000,
    group="page",
)
"""What a fiche is worth in chips, shown only: every money system's, as ``CAVE``."""


SETTINGS = (
    Setting(
        "poule_system",
        "3-1",
        "marks on a fresh poule - marks otherwise (3-2 has the 1709 normalising exceptions)",
        N_("Poule system"),
        N_("A-B: A marks on a fresh poule, B marks otherwise; 3-2 has the 1709 exceptions."),
        longest=3,  # its bound beside the field; the rule set checks A-B
        attrs={"list": "systems"},
        suggestions=("3-2", "3-1", "2-1"),
    ),
    Setting(
        "mark_value",
        3,
        "chips one mark stands for",
        N_("Mark value"),
        N_("Chips one mark stands for."),
        least=1,
        words=N_("a mark is worth %(mark_value)s"),
    ),
    Setting(
        "payments",
        "double",
        "double: sans prendre 12, matador 2, retourne 6; simple: 6, 1, 3",
        N_("Payments"),
        N_("Double: sans prendre 12, matador 2, retourne 6. Simple: 6, 1, 3."),
        choices=(("double", N_("double")), ("simple", N_("simple"))),
        said=(("double", N_("double payments")), ("simple", N_("simple payments"))),
        refusal=N_("rules.payments must be double or simple, got {value!r}"),
    ),
    Setting(
        "retourne",
        True,
        "the retourne contract (trump turned from the talon) is allowed",
        N_("Retourne allowed"),
        N_("The trump may be turned from the talon (retourne contract)."),
        said=((True, N_("retourne")), (False, N_("no retourne"))),
    ),
    Setting(
        "espadille_forcee",
        False,
        "when all pass, the holder of spadille must play demande",
        N_("Espadille forcée"),
        N_("When all pass, the holder of spadille must play demande."),
        said=((True, N_("espadille forcée")), (False, "")),
    ),
    Setting(
        "take_over",
        False,
        "a newcomer may take over a seat's money mid-game (house rule; the leaver hands the"
        " newcomer their open bêtes)",
        N_("House rule: a newcomer may take over a seat"),
        N_(
            "Off (1709): whoever sits down mid-game plays for the absent player, whose money it"
            " stays. On: each keeps the net of their own coups; whoever leaves hands over their"
            " open bêtes."
        ),
        words=N_("a newcomer may take over a seat"),
    ),
    Setting(
        "poules_to_play",
        20,
        "poules won by the hombre that end the game",
        N_("Poules to play"),
        N_("Poules won by the hombre that end the game."),
        least=1,
        counted=Nn_("%(num)s poule", "%(num)s poules"),
    ),
    Setting(
        "coups_to_play",
        0,
        "0: the poules end the game; else it ends after this many coups (an evening of 40)",
        N_("Coups to play"),
        N_(
            "0: the poules end the game. Else it ends after this many coups (an evening of 40 or"
            " 48), then the bêtes go as below."
        ),
        most=10_000,
        group="table",
        said=((0, ""),),
        counted=Nn_("%(num)s coup", "%(num)s coups"),
        instead="poules_to_play",
    ),
    Setting(
        "end",
        "continue",
        "at the end, share the remaining bêtes, or continue until none is left",
        N_("At the end"),
        N_("Then share the remaining bêtes, or play on until none is left."),
        choices=(("continue", N_("continue")), ("share", N_("share"))),
        said=(("share", N_("share at the end")), ("continue", N_("play on at the end"))),
        refusal=N_("rules.end must be share or continue, got {value!r}"),
    ),
    CAVE,
    FICHE,
)
"""The 1709 poule's settings, one row each (docs/rules.md, "The rule set"): its file key,
default, bounds and words. They drive the check, ``scorekeeper rules`` and the new-game
fields (their order is the form's; ``table``: the fields every money system shares on the
form)."""


LINE = (
    "poule_system",
    "payments",
    "retourne",
    "espadille_forcee",
    "coups_to_play",
    "poules_to_play",
    "end",
)
"""The settings the rules line says whatever their value, in its order (``settings.line``);
then the others' words when off their default (the mark's value, the take-over)."""


@dataclass(frozen=True)
class RuleSet:
    """Settings of one game (hombre.md §2), checked when built."""

    poule_system: str = "3-1"
    """``A-B``: A marks on a fresh poule, B marks otherwise."""
    mark_value: int = 3
    """Chips one mark is worth."""
    payments: str = "double"
    """``double`` (sans prendre 12, matador 2, retourne 6) or ``simple`` (6, 1, 3)."""
    retourne: bool = True
    """Whether the retourne contract may be played."""
    espadille_forcee: bool = False
    """Whether all passing forces the holder of spadille to play."""
    poules_to_play: int = 20
    """Poules won by the hombre that end the game (unless ``coups_to_play`` is set)."""
    coups_to_play: int = 0
    """0: the poules end the game (hombre.md §7); else the game ends after this many coups,
    whoever won them (the Danish clubs' evening of 40 or 48 games: docs/rules.md, "An evening
    of a fixed number of coups"). A game file without the key plays by poules."""
    end: str = "continue"
    """``share`` the remaining bêtes at the end, or ``continue`` until none is left."""
    cave: int = 200
    """Chips in a cave."""
    fiche: int = 20
    """Chips a fiche is worth (display only)."""
    take_over: bool = False
    """House rule: someone who takes a seat mid-game may take over its money (each keeps
    the net of the coups they played; the leaver hands the newcomer their open bêtes:
    docs/rules.md).
    Off, as in 1709 ("il ne peut quitter la partie avant sa fin convenue"): the newcomer
    only plays for the absent player. A game file without the key keeps it off."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            wanted = bool if f.type == "bool" else int if f.type == "int" else str
            if type(value) is not wanted:
                raise GameError(
                    f"rules.{f.name}",
                    N_("rules.{name} must be {kind}, got {value!r}"),
                    name=f.name,
                    kind=wanted.__name__,
                    value=value,
                )
        match = _SYSTEM.match(self.poule_system)
        if not match or int(match[2]) > int(match[1]):
            raise GameError(
                "rules.poule_system",
                N_("rules.poule_system must be A-B with 1 ≤ B ≤ A ≤ 9, got {value!r}"),
                value=self.poule_system,
            )
        check_all(SETTINGS, self)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], base: RuleSet | None = None) -> RuleSet:
        """Build from the game file's ``rules`` object; unknown keys are refused."""
        known = {f.name for f in fields(cls)}
        return with_known(lambda chosen: replace(base or cls(), **chosen), data, known)

    def to_mapping(self) -> dict[str, Any]:
        """The file's rules; ``coups_to_play`` only when set (a file without it plays by poules,
        and the files written before it stay byte for byte)."""
        data = asdict(self)
        if not self.coups_to_play:
            del data["coups_to_play"]
        if not self.take_over:
            del data["take_over"]
        return data

    @property
    def accounting(self) -> str:
        """The money system: the 1709 poule and bêtes (not written in the game file)."""
        return "poule"

    @property
    def fresh_marks(self) -> int:
        """A: marks each player puts on a fresh poule."""
        return int(self.poule_system.split("-")[0])

    @property
    def later_marks(self) -> int:
        """B: marks each player adds otherwise."""
        return int(self.poule_system.split("-")[1])

    @property
    def normalised(self) -> bool:
        """Only 3-2 has the three normalising exceptions (hombre.md §3.1)."""
        return self.poule_system == "3-2"

    @property
    def sans_prendre_rate(self) -> int:
        return 12 if self.payments == "double" else 6

    @property
    def matador_rate(self) -> int:
        return 2 if self.payments == "double" else 1

    @property
    def retourne_rate(self) -> int:
        return 6 if self.payments == "double" else 3

    def token(self, amount: int, players: int = 3) -> int | None:
        """Number of a bête in the token series (hombre.md §8), None when off it.

        The series is scaled by the mark value: with 3 chips a mark, 3-2 gives
        27, 54, 72, 90…; any other A-B gives 9A, then steps of 9B. With four at
        the table all four mark (docs/rules.md, "Four at the table"): the
        series is scaled by 4/3 (3-1: 36, then +12).

        >>> [RuleSet(poule_system="3-2").token(a) for a in (27, 54, 72, 198, 45)]
        [1, 2, 3, 10, None]
        >>> [RuleSet(poule_system="2-1").token(a) for a in (18, 27, 189)]
        [1, 2, 20]
        >>> [RuleSet(poule_system="3-1").token(a, players=4) for a in (36, 48, 45)]
        [1, 2, None]
        """
        unit = players * self.mark_value
        if self.normalised:
            if amount == 3 * unit:
                return 1
            first, step, number = 6 * unit, 2 * unit, 2
        else:
            first, step, number = self.fresh_marks * unit, self.later_marks * unit, 1
        if amount < first or (amount - first) % step:
            return None
        return number + (amount - first) // step

    def describe(self) -> str:
        """One line in words, for headers and listings."""
        parts = [
            self.poule_system,
            f"payments {self.payments}",
            "retourne" if self.retourne else "no retourne",
        ]
        if self.espadille_forcee:
            parts.append("espadille forcée")
        ends = (
            f"{self.coups_to_play} coups" if self.coups_to_play else f"{self.poules_to_play} poules"
        )
        parts += [ends, self.end]
        if self.mark_value != 3:
            parts.append(f"mark {self.mark_value}")
        if self.take_over:
            parts.append("take over")
        return ", ".join(parts)


PRESETS: dict[str, RuleSet] = {
    "1709": RuleSet(poule_system="3-2", retourne=False, end="share"),
    "recommended": RuleSet(),
    "ancien": RuleSet(poule_system="2-1", payments="simple", retourne=False, end="share"),
    "soiree_40": RuleSet(coups_to_play=40, end="share"),
}
"""The named rule sets of hombre.md §2."""
