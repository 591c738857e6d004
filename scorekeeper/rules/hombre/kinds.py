"""The three kinds of l'Hombre: the 1709 poule, the jetons, the Danish contracts.

They share the game file's ``"game": "hombre"``, three or four seats (with
four the dealer sits out each deal), the coup
entry and the templates; ``rules.accounting`` picks the money system.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..errors import N_
from ..kind import GameKind, continues
from . import danois, file, jetons, systems, text
from .engine import Game, Report, check_change
from .pot import PotReport
from .ruleset import PRESETS, RuleSet


class HombreKind(GameKind):
    """What the three money systems of l'Hombre share."""

    game = "hombre"
    seats = (3, 4)
    chips = True
    folds = True
    contracts: ClassVar[tuple[str, ...]]
    """The contracts the coup entry offers, in its order."""
    inputs: ClassVar[frozenset[str]] = frozenset()
    """The coup inputs beyond hombre, contract and tricks that this system reads."""

    def allows(self, rules: Any, contract: str) -> bool:
        """Whether the rule set lets the hombre play this contract."""
        return True

    def load(self, data: Any) -> Any:
        return systems.load_any(data)

    def replay(self, game: Any) -> Any:
        return systems.replay_any(game)

    def resume(self, report: Any, game: Any) -> Any:
        return systems.extend_any(report, game)

    def load_coup(self, item: Any, game: Any) -> Any:
        return file.load_coup(item, seats(game))

    def dump(self, game: Any) -> dict[str, Any]:
        return systems.dump_any_game(game)

    def dump_coup(self, coup: Any, players: tuple[str, ...]) -> dict[str, Any]:
        return systems.dump_any_coup(coup, tuple(players))

    def dump_report(self, report: Any) -> dict[str, Any]:
        return systems.dump_any_report(report)

    def dump_report_stream(self, report: Any) -> dict[str, Any]:
        return systems.dump_any_report(report, lazy=True)

    def text(self, report: Any) -> str:
        return text.render_pot(report) if isinstance(report, PotReport) else text.render(report)


def seats(game: Any) -> dict[str, int]:
    return {name: seat for seat, name in enumerate(game.players)}


class Hombre1709(HombreKind):
    """The 1709 Paris rules: poule, marks and bêtes (hombre.md)."""

    key = "hombre"
    tag = ("accounting", "poule")
    title = N_("l'Hombre (1709)")
    betes = True
    rules_type = RuleSet
    game_type = Game
    contracts = ("demande", "retourne", "sans_prendre", "vole", "espadille_forcee")
    inputs = frozenset({"matadors", "vole_engagee", "codille_renounced"})
    presets: ClassVar[Mapping[str, str]] = {name: name for name in PRESETS}

    def preset(self, name: str) -> Any:
        return PRESETS.get(name, PRESETS["recommended"])

    def check(self, start: Any, game: Any, old: Any, first: int, kept: Sequence[Any] = ()) -> Any:
        """Stops where the changed game joins the old one (``engine.check_change``).

        Only the 1709 poule: the jetons and danois systems keep the default,
        the fold to the end (their pots carry more state, and no proof of it).
        """
        if (
            isinstance(game, Game)
            and isinstance(old, Report)
            and (start is None or (isinstance(start, Report) and continues(start.game, game)))
        ):
            return check_change(start, game, old, first, [r for r in kept if isinstance(r, Report)])
        return super().check(start, game, old, first, kept)

    def allows(self, rules: Any, contract: str) -> bool:
        optional = {"retourne": rules.retourne, "espadille_forcee": rules.espadille_forcee}
        return bool(optional.get(contract, True))


class HombreJetons(HombreKind):
    """Stakes, pass fees, primes and bonus hands (docs/rules/jetons.md)."""

    key = "jetons"
    tag = ("accounting", "jetons")
    title = N_("l'Hombre (jetons)")
    rules_type = jetons.JetonsRules
    game_type = jetons.JetonsGame
    contracts = tuple(jetons.JetonsContract)
    inputs = frozenset({"bonuses"})
    presets: ClassVar[Mapping[str, str]] = {"jetons": "jetons"}

    def load_coup(self, item: Any, game: Any) -> Any:
        return systems._jetons_coup(item, seats(game))


class HombreDanish(HombreKind):
    """The Danish contracts and the dealer's cagnotte (docs/rules/danois.md)."""

    key = "danois"
    tag = ("accounting", "danois")
    title = N_("l'Hombre (danois)")
    rules_type = danois.DanishRules
    game_type = danois.DanishGame
    contracts = tuple(danois.DanishContract)
    inputs = frozenset({"first_five", "black_aces"})
    presets: ClassVar[Mapping[str, str]] = {"danois": "danois", "danois_dlu": "danois DLU"}

    def load_coup(self, item: Any, game: Any) -> Any:
        return systems._danish_coup(item, seats(game))

    def preset(self, name: str) -> Any:
        return danois.DanishRules(rates="dlu") if name == "danois_dlu" else danois.DanishRules()
