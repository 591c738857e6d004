"""The kinds of l'Hombre, one a money system: the 1709 poule, the jetons, the Danish contracts.

They share the game file's ``"game": "hombre"``, three or four seats (with
four the dealer sits out each deal), the coup entry and the templates; the
game file's ``rules.accounting`` picks the kind (the registry's
``stored_kind``, by each kind's ``tag``). Each kind reads, replays and
writes its own games; nothing else asks which system a game is.

``SYSTEMS`` lists them: a money system is one subclass here (its engine in
its own module) and one line in ``SYSTEMS``; its web piece is the web half's
(``web/hombre/systems.py``).
"""

from __future__ import annotations

import json
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol, Self, TypeVar, cast

from .. import seating
from ..errors import N_, Faults, GameError
from ..gamefile import coup_object, file_head, flag_field, json_object, note_field
from ..kind import Game as AnyKindGame
from ..kind import GameKind, JsonObject, Kind, Standing, continues
from ..money import Money, money_from_file
from ..records import SeatRecord
from ..settings import help_lines
from . import danois, engine, file, jetons, paid, pot, potfile, text
from .correction import check_change
from .danois import DanishCoup, DanishGame, DanishRules
from .engine import Coup, Game, Report
from .exports import journal_csv
from .family import AnyGame, AnyReport
from .jetons import JetonsCoup, JetonsGame, JetonsRules
from .pot import PotCoup, PotGame, PotReport, PotRules
from .ruleset import PRESETS, SETTINGS, RuleSet
from .stats import Passed, passed_on, person_stats, player_stats, seat_record

G = TypeVar("G", bound=AnyGame)
R = TypeVar("R", bound=RuleSet | PotRules)
Rep = TypeVar("Rep", bound=AnyReport)
C = TypeVar("C", bound=Coup | PotCoup)

UNKNOWN_SYSTEM = N_("rules.{key} must be one of {choices}, got {value!r}")
"""The refusal of a file whose ``rules.accounting`` names no system of ``SYSTEMS`` (the
settings' refusal of a value not offered, as la Manille's of an unknown variant)."""


class HombreKind(Kind[G, R, Rep, C]):
    """What the money systems of l'Hombre share."""

    game = "hombre"
    seats = (3, 4)
    chips = True
    folds = True
    tag: ClassVar[tuple[str, str]]
    """``("accounting", its name)``: the game file's ``rules.accounting`` of this system."""
    contracts: ClassVar[tuple[str, ...]]
    """The contracts the coup entry offers, in its order."""
    inputs: ClassVar[frozenset[str]] = frozenset()
    """The coup inputs beyond hombre, contract and tricks that this system reads."""

    def allows(self, rules: R, contract: str) -> bool:
        """Whether the rule set lets the hombre play this contract."""
        return True

    def with_deals(
        self, rules: Mapping[str, Any], deals: int, players: int
    ) -> dict[str, Any] | None:
        """Every system of l'Hombre counts its coups to play: the table's game ends after
        them by its own rules (the 1709 poule: its bêtes shared, or played on until none is
        left when its rule set says so)."""
        return {**rules, "coups_to_play": deals}

    def load(self, data: Mapping[str, object]) -> G:
        """The game of a game file of this system; one naming no system is refused."""
        head = json_object(data)
        given = head.get("rules")
        rules: dict[str, object] = dict(given) if isinstance(given, Mapping) else {}
        key, own = self.tag
        value = rules.get(key, SYSTEMS[0].tag[1])
        names = [kind.tag[1] for kind in SYSTEMS]
        if not isinstance(value, str) or value not in names:
            choices = ", ".join(names)
            faults = Faults()  # no system to read the rules by: the head is checked all the same
            faults.found.append(
                GameError(f"rules.{key}", UNKNOWN_SYSTEM, key=key, choices=choices, value=value)
            )
            faults.found[0].coups_wait = "rules"  # nor the coups: none is read (no system)
            with faults.check():
                file.load_game({**head, "rules": {}, "coups": []})
            faults.done()
        if value != own:
            raise TypeError(f"{self!r} does not read a game of {key} {value}")
        return self.read(head, rules)

    @abstractmethod
    def read(self, head: Mapping[str, object], rules: dict[str, object]) -> G:
        """``load`` once the system is known to be this one (``rules``: the file's, a copy)."""

    def journal_csv(self, report: Rep, changes: Sequence[seating.SeatChange] = ()) -> str:
        return journal_csv(report, changes=changes, paid=paid.paid_lines(self, report, changes))

    def settlement_text(self, report: Rep, money: Money | None, seats: Sequence[str] = ()) -> str:
        return text.render_settlement(report, money, seats)

    def file_money(self, data: Mapping[str, object]) -> Money | None:
        return money_from_file(data)

    def seat_records(self, report: Rep) -> list[SeatRecord]:
        return [seat_record(stats) for stats in player_stats(report)]

    def person_records(
        self, report: Rep, payers: Sequence[Sequence[str]], nets: Mapping[str, int]
    ) -> dict[str, SeatRecord]:
        people = person_stats(report, payers, nets, self.passed_on(report, payers))
        return {name: seat_record(stats) for name, stats in people.items()}

    def passed_on(self, report: Rep, payers: Sequence[Sequence[str]]) -> Passed:
        """The chips of a leaver's stake each seat paid on to another, coup by coup
        (``stats.Passed``): the 1709 poule's, their open bêtes (``stats.passed_on``)."""
        return passed_on(report, payers)


def seats(game: AnyKindGame) -> dict[str, int]:
    return {name: seat for seat, name in enumerate(game.players)}


class Hombre1709(HombreKind[Game, RuleSet, Report, Coup]):
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
    title_preset = "1709"

    def read(self, head: Mapping[str, object], rules: dict[str, object]) -> Game:
        """The 1709 file: the format document's keys (``accounting`` only if given)."""
        if "accounting" in rules:
            del rules["accounting"]
            return file.load_game({**head, "rules": rules})
        return file.load_game(head)

    def load_coup(self, item: object, game: Game) -> Coup:
        return file.load_coup(item, seats(game))

    def dump(self, game: Game) -> JsonObject:
        return file.dump_game(game)

    def dump_coup(self, coup: Coup, players: tuple[str, ...]) -> JsonObject:
        return file.dump_coup(coup, tuple(players))

    def dump_report(self, report: Report) -> JsonObject:
        return file.dump_report(report)

    def dump_report_stream(self, report: Report) -> JsonObject:
        return file.dump_report(report, lazy=True)

    def replay(self, game: Game) -> Report:
        return engine.replay(game)

    def resume(self, report: Report, game: Game) -> Report:
        return engine.extend(report, game)

    def text(self, report: Report, changes: Sequence[seating.SeatChange] = ()) -> str:
        return text.render(report, changes, paid.paid_lines(self, report, changes))

    def preset(self, name: str) -> RuleSet:
        return PRESETS.get(name, PRESETS["recommended"])

    def settings_text(self) -> str:
        """Every setting of the 1709 rules with its default, then the presets in words."""
        defaults = RuleSet()
        lines = ["Settings (default, meaning):"]
        for s in SETTINGS:
            value = getattr(defaults, s.key)
            word = json.dumps(value) if isinstance(value, bool) else str(value)
            lines.append(f"  {s.key:<17} {word:<9} {s.help}")
        lines += ["", "Presets:"]
        lines += [f"  {name:<12} {preset.describe()}" for name, preset in PRESETS.items()]
        return "\n".join(lines)

    def check(
        self, start: Report | None, game: Game, old: Report, first: int, kept: Sequence[Report] = ()
    ) -> Standing:
        """Stops where the changed game joins the old one (``correction.check_change``).

        Only the 1709 poule: the jetons and danois systems keep the default,
        the fold to the end (their pots carry more state, and no proof of it).
        """
        if start is None or continues(start.game, game):
            return check_change(start, game, old, first, list(kept))
        return super().check(start, game, old, first, kept)

    def takes_over(self, rules: RuleSet) -> bool:
        return rules.take_over

    def stop(self, report: Report) -> Report:
        """The open bêtes shared by the 1709 end rule (``engine.stop``)."""
        return engine.stop(report)

    def plays_on(self, rules: Mapping[str, Any]) -> bool:
        return RuleSet.from_mapping(rules).end == "continue"

    def ended_tally(self, report: Report) -> tuple[int, ...]:
        """The nets with the open bêtes shared as the 1709 end shares them (hombre.md §7)."""
        return engine.ended_net(report)

    def seat_debt(self, before: Report, seat: int, end: Report) -> int:
        """The leaver's open bêtes, pending or in play: they hand their chips to the newcomer,
        who then stands behind them (docs/rules.md, "Someone takes a seat")."""
        return sum(b.amount for b in before.betes if b.owner == seat and b.open)

    def allows(self, rules: RuleSet, contract: str) -> bool:
        optional = {"retourne": rules.retourne, "espadille_forcee": rules.espadille_forcee}
        return optional.get(contract, True)


class PotSystemRules(PotRules, Protocol):
    """A pot system's rule set, read from the game file's ``rules``."""

    @classmethod
    def from_mapping(cls, data: dict[str, Any]) -> Self: ...


P = TypeVar("P", bound=PotGame)
PR = TypeVar("PR", bound=PotSystemRules)
PC = TypeVar("PC", bound=PotCoup)


class PotKind(HombreKind[P, PR, PotReport, PC]):
    """The systems with a pot whose chips stay with their owners until it is won.

    A pot system's kind reads its rules (``rules_type.from_mapping``), its own coup
    keys (``read_coup``, ``coup_keys``) and builds its game (``game_type``); the pot,
    the file's other keys and the report are the same for all (``pot.py``, ``potfile.py``).
    """

    def read(self, head: Mapping[str, object], rules: dict[str, object]) -> P:
        faults = Faults()  # the head, the rules and each coup checked apart, refused together
        players, first = file.head_parts(head, faults)  # a wrong format leaves them read
        coups_data = head.get("coups", [])
        with faults.check():
            if not isinstance(coups_data, list):
                raise GameError("coups", N_("coups must be a list"))
        rule_set = faults.get(lambda: self.rules_type.from_mapping(rules))
        coups = file.read_coups(coups_data, players, self.read_coup, faults)
        faults.done()
        assert rule_set is not None
        make: Any = self.game_type  # each system's game: (players, rules, first dealer, coups)
        game: P = make(tuple(players), rule_set, first, tuple(coups))
        return game

    def load_coup(self, item: object, game: P) -> PC:
        return self.read_coup(item, seats(game))

    @abstractmethod
    def read_coup(self, item: object, seats: Mapping[str, int]) -> PC:
        """One coup of the game file (``file.played_parts`` reads what every system has)."""

    def coup_keys(self, coup: PC, names: tuple[str, ...]) -> JsonObject:
        """The system's own keys of a coup in the game file, after the tricks (none)."""
        return {}

    def dump(self, game: P) -> JsonObject:
        names = game.players
        head = file_head(self.game, names, game.first_dealer, game.rules.to_mapping())
        coups: Sequence[Any] = game.coups  # this system's coups (``PC``)
        return {**head, "coups": [self.dump_coup(c, names) for c in coups]}

    def dump_coup(self, coup: PC, players: tuple[str, ...]) -> JsonObject:
        names = tuple(players)
        item = {**potfile.played_coup(coup, names), **self.coup_keys(coup, names)}
        if coup.note:
            item["note"] = coup.note
        return item

    def dump_report(self, report: PotReport) -> JsonObject:
        return potfile.dump_report(report)

    def dump_report_stream(self, report: PotReport) -> JsonObject:
        return potfile.dump_report(report, lazy=True)

    def text(self, report: PotReport, changes: Sequence[seating.SeatChange] = ()) -> str:
        return text.render_pot(report, changes, paid.paid_lines(self, report, changes))

    def stop(self, report: PotReport) -> PotReport:
        """The pot returned to whoever put it in, nothing moved (``pot.stop``)."""
        return pot.stop(report)

    def seat_debt(self, before: PotReport, seat: int, end: PotReport) -> int:
        """The leaver's part of the pot, if the pot is won after they left: they pay it to its
        winner. The engine has the seat pay its whole part to the winner in the newcomer's
        coups, so the leaver pays their part to the newcomer, who passes it on (or keeps it,
        having won it themselves). A pot not won by the end returns to whoever put it in:
        nothing moves (docs/rules.md, "One rule for every chip system when someone takes
        over")."""
        return before.shares[seat] if won_after(before, end) else 0

    def passed_on(self, report: PotReport, payers: Sequence[Sequence[str]]) -> Passed:
        """The leaver's part of the pot, in the coup another player wins it: the seat pays its
        whole part to the winner there, the leaver's included, which the newcomer only
        passes on (``seat_debt``); won by the newcomer, the leaver's part is their win. Each
        holder's stake is the seat's part when they sat down (a chain of take-overs: each
        holder's, what was handed to them)."""
        game = report.game
        seats = len(game.players)
        found = [[(0, 0)] * seats for _ in report.coups]
        for seat in range(seats):
            stake = 0
            for c, result in enumerate(report.coups, 1):
                if c >= 2 and payers[c - 1][seat] != payers[c - 2][seat]:
                    prefix = cast(P, game.with_coups(game.coups[: c - 1]))  # the report's own
                    stake = self.replay(prefix).shares[seat]
                if result.taker is None or not stake:
                    continue
                if result.taker != seat:
                    found[c - 1][seat] = (stake, 0)
                stake = 0
        return found

    def pot_parts(
        self,
        game: P,
        changes: Sequence[seating.SeatChange],
        end: PotReport,
    ) -> list[tuple[int, str, int]]:
        """What lies in the pot now, as (seat, person, chips): a seat's part split between
        the people whose money it was when it was put in (a leaver's part stays theirs until
        the pot is won, docs/rules.md); none once the game has ended (the pot went back)."""
        parts: list[tuple[int, str, int]] = []
        count = len(game.coups)
        for seat, first in enumerate(game.players):
            owner, owned, before = first, {first: 0}, self._prefix(game, 0)
            for change in changes:
                if change.seat != seat or change.way != seating.TAKES_OVER:
                    continue
                cut = self._prefix(game, min(change.coup - 1, count), before)
                if won_after(before, cut):
                    owned = dict.fromkeys(owned, 0)
                owned[owner] = owned.get(owner, 0) + cut.shares[seat] - sum(owned.values())
                owner, before = change.player, cut
            if won_after(before, end) or end.finished:
                owned = dict.fromkeys(owned, 0)
            owned[owner] = owned.get(owner, 0) + end.shares[seat] - sum(owned.values())
            parts += [(seat, name, chips) for name, chips in owned.items() if chips]
        return parts

    def _prefix(self, game: P, count: int, start: PotReport | None = None) -> PotReport:
        """The report of the first ``count`` coups (folded on from ``start``, a shorter one)."""
        kind: GameKind = self  # as seating.person_tally folds its prefixes
        whole: AnyKindGame = game
        prefix = whole.with_coups(whole.coups[:count])
        return cast(PotReport, kind.replay(prefix) if start is None else kind.extend(start, prefix))


def won_after(before: PotReport, end: PotReport) -> bool:
    """Whether the pot as it stood after ``before`` is won in a later coup of ``end``."""
    return any(r.taker is not None for r in end.coups[len(before.coups) :])


class HombreJetons(PotKind[JetonsGame, JetonsRules, JetonsCoup]):
    """Stakes, pass fees, primes and bonus hands (docs/rules/jetons.md)."""

    key = "jetons"
    tag = ("accounting", "jetons")
    title = N_("l'Hombre (jetons)")
    rules_type = JetonsRules
    game_type = JetonsGame
    contracts = tuple(jetons.JetonsContract)
    inputs = frozenset({"bonuses"})
    presets: ClassVar[Mapping[str, str]] = {"jetons": "jetons"}
    settings_help = help_lines(jetons.SETTINGS)

    def read_coup(self, item: object, seats: Mapping[str, int]) -> JetonsCoup:
        bonuses_data = coup_object(item).get("bonuses", []) if isinstance(item, Mapping) else []
        if not isinstance(bonuses_data, list):
            raise GameError("bonuses", N_("bonuses must be a list"))
        bonuses = []
        for b in bonuses_data:
            bonus = coup_object(b) if isinstance(b, Mapping) else {}
            player = bonus.get("player")
            if not isinstance(player, str) or player not in seats:
                raise GameError("bonuses", N_("a bonus names one of the players and a hand"))
            bonuses.append((seats[player], str(bonus.get("hand"))))
        played = file.played_parts(item, seats, (), jetons.JetonsContract)
        if played is None:
            return JetonsCoup(bonuses=tuple(bonuses), note=note_field(coup_object(item)))
        hombre, contract, tricks, note, out = played
        return JetonsCoup(hombre, contract, tricks, tuple(bonuses), note, out)

    def coup_keys(self, coup: JetonsCoup, names: tuple[str, ...]) -> JsonObject:
        if not coup.bonuses:
            return {}
        return {"bonuses": [{"player": names[s], "hand": h} for s, h in coup.bonuses]}

    def replay(self, game: JetonsGame) -> PotReport:
        return jetons.replay(game)

    def resume(self, report: PotReport, game: JetonsGame) -> PotReport:
        return jetons.replay(game, report)


class HombreDanish(PotKind[DanishGame, DanishRules, DanishCoup]):
    """The Danish contracts and the dealer's cagnotte (docs/rules/danois.md)."""

    key = "danois"
    tag = ("accounting", "danois")
    title = N_("l'Hombre (danois)")
    rules_type = DanishRules
    game_type = DanishGame
    contracts = tuple(danois.DanishContract)
    inputs = frozenset({"first_five", "black_aces"})
    presets: ClassVar[Mapping[str, str]] = {"danois": "danois", "danois_dlu": "danois DLU"}
    settings_help = help_lines(danois.SETTINGS)

    def read_coup(self, item: object, seats: Mapping[str, int]) -> DanishCoup:
        keys = ("first_five", "black_aces")
        played = file.played_parts(item, seats, keys, danois.DanishContract)
        fields = coup_object(item)
        if played is None:
            return DanishCoup(note=note_field(fields))
        hombre, contract, tricks, note, out = played
        first_five, black_aces = (flag_field(fields, key) for key in keys)
        return DanishCoup(hombre, contract, tricks, first_five, black_aces, note, out)

    def coup_keys(self, coup: DanishCoup, names: tuple[str, ...]) -> JsonObject:
        flags = {"first_five": coup.first_five, "black_aces": coup.black_aces}
        return {key: True for key, given in flags.items() if given}

    def replay(self, game: DanishGame) -> PotReport:
        return danois.replay(game)

    def resume(self, report: PotReport, game: DanishGame) -> PotReport:
        return danois.replay(game, report)

    def preset(self, name: str) -> DanishRules:
        return DanishRules.preset(name)


SYSTEMS: tuple[HombreKind[Any, Any, Any, Any], ...] = (Hombre1709(), HombreJetons(), HombreDanish())
"""L'Hombre's money systems, the first the default (a file without ``rules.accounting``):
its entry point gives them, and a new system is one more line here."""
