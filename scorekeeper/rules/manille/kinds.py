"""La Manille's kinds: the classique (four, retourne, belle) and the Belgian manillen.

They share the game file's ``"game": "manille"``; ``rules.variant`` picks one
(each kind's ``tag``). Each kind reads and writes its own games, coups and
report, replays them with its own engine and declares its own settings
(``SETTINGS`` of its engine's module); ``file.py`` holds only what they share.
A new variant is one more kind here (its ``tag``, its engine, its ``SETTINGS``),
listed in the entry point's kinds (``games/manille.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, TypeVar

from ...names import cut, dealer_width, left, right
from .. import seat_names, settings
from ..counts import counts_shown
from ..errors import N_, Faults, GameError
from ..gamefile import by_players, coup_object, file_head, note_field, whole_field
from ..kind import JsonObject, Kind
from ..ledger import minus
from ..placing import GamesSaid, firsts
from ..seating import SeatChange
from ..settings import Nn_, Setting
from ..teams import TEAM_WORDS, TEAMS, optional_team, team_field
from . import belge, classique, file
from .belge import ManillenCoup, ManillenGame, ManillenReport, ManillenRules
from .classique import ManilleCoup, ManilleGame, ManilleReport, ManilleRules
from .words import CONTRES, RENONCE, TIE_DOUBLE, TIE_LAST, TIE_TIMES, TRUMPS

G = TypeVar("G", bound=ManilleGame | ManillenGame)
R = TypeVar("R", bound=ManilleRules | ManillenRules)
Rep = TypeVar("Rep", bound=ManilleReport | ManillenReport)
C = TypeVar("C", bound=ManilleCoup | ManillenCoup)


class ManilleKind(Kind[G, R, Rep, C]):
    """What the manilles share: the file's head, the sheet, the report's head."""

    game = "manille"
    chips = False
    teams = True
    folds = True
    """The classique goes on from a prefix; the manillen (below) replays whole."""
    table: ClassVar[tuple[Setting, ...]] = ()
    """Its rule set's settings, one row each: the file keys, the form, the command's help."""
    points_most: ClassVar[int] = classique.POINTS
    """The most points Nous can count in a coup: its engine's bound."""
    players_message: ClassVar[str] = ""

    def load(self, data: Mapping[str, object]) -> G:
        faults = Faults()  # the variant, the head and the rules checked apart, refused together
        variant = faults.get(lambda: file.variant(data, _variants()))  # refused by its name
        if variant is not None and not self.owns({"variant": variant}, ""):
            raise TypeError(f"{self!r} does not read another variant's games")
        players, first, rules_data, coups_data = file.parts(
            data, self.seats, self.players_message, faults
        )
        rules: Any = None
        if variant is not None:  # read for its table; without one, its keys only
            count = len(players)
            rules = faults.get(
                lambda: file.known(
                    self.table,
                    rules_data,
                    lambda chosen: self.file_rules(chosen, count) if count else None,
                )
            )
        game: Any = self.game_type(tuple(players), rules, first)
        # a coup is read by the players (a renonce names one), not by the rules: read
        # whenever the players are
        coups = by_players(players, coups_data, lambda item: self.load_coup(item, game), faults)
        faults.done()
        loaded: G = game.with_coups(coups)
        return loaded

    def file_rules(self, chosen: Mapping[str, Any], count: int) -> R:
        """The rule set of the file's rules keys (``variant`` left out) at a table of ``count``."""
        return self.rules_type(**chosen)

    def dump(self, game: G) -> JsonObject:
        head = file_head("manille", game.players, game.first_dealer, game.rules.to_mapping())
        coups: Sequence[Any] = game.coups
        return {**head, "coups": [self.dump_coup(c, game.players) for c in coups]}

    def side_scores(self, report: Rep) -> Sequence[Sequence[int]]:
        """Each coup's points marked by each side: the classique's count is 0-0 again after a
        manche (manillen's never is, and its scores add up to its totals all the same)."""
        return [result.scored for result in report.coups]

    def games_lost(self, report: Rep) -> Sequence[Sequence[int]]:
        """A lost game is the table's game, once finished, for each side that did not win it
        (``losers``; a drawn game: nobody), counted at its last coup."""
        lost = [[0] * len(report.tally) for _ in report.coups]
        if report.finished and lost:
            for side in self.losers(report):
                lost[-1][side] = 1
        return lost

    def losers(self, report: Rep) -> tuple[int, ...]:
        """The sides that lost the finished game ``report``."""
        raise NotImplementedError

    def settings_text(self) -> str | None:
        """Its settings' rows (and its presets, if it has any), for ``scorekeeper rules``."""
        text = super().settings_text()
        return text if text is None or self.presets else text.rpartition("\n")[0]

    def preset(self, name: str) -> R:
        return self.rules_type(**settings.preset(self.table, name))


class ManilleClassique(ManilleKind[ManilleGame, ManilleRules, ManilleReport, ManilleCoup]):
    key = "manille"
    tag = ("variant", "classique")
    title = N_("la Manille")
    kind_title = N_("la Manille (classique)")
    seats = (4,)
    rules_type = ManilleRules
    game_type = ManilleGame
    table = classique.SETTINGS
    settings_help = settings.help_lines(classique.SETTINGS)
    players_message = N_("players must be four distinct non-empty names")

    def load_coup(self, item: object, game: ManilleGame) -> ManilleCoup:
        data = coup_object(item)
        return ManilleCoup(
            retourne=whole_field(data.get("retourne", 0), "retourne"),
            points=file.optional_whole(data, "points"),
            renonce=optional_team(data, "renonce"),
            note=note_field(data),
        )

    def dump_coup(self, coup: ManilleCoup, players: tuple[str, ...]) -> JsonObject:
        return file.dump_coup({"retourne": coup.retourne} if coup.retourne else {}, coup, players)

    def replay(self, game: ManilleGame) -> ManilleReport:
        return classique.replay(game)

    def resume(self, report: ManilleReport, game: ManilleGame) -> ManilleReport:
        return classique.replay(game, report)

    games_said = GamesSaid(
        each=Nn_("%(num)s manche each", "%(num)s manches each"),
        over=Nn_("%(num)s manche to %(others)s", "%(num)s manches to %(others)s"),
        sides=N_("manches: %(games)s"),
        column=N_("Manches won"),
    )

    def games_won(self, report: ManilleReport) -> Sequence[Sequence[int]]:
        """The manche each team won with each coup: the partie is placed by its manches
        (``placing``); the points of a manche not won place nobody."""
        return [tuple(int(result.manche_won == team) for team in (0, 1)) for result in report.coups]

    def stop(self, report: ManilleReport) -> ManilleReport:
        """The sheet final as it stands: the team placed first (``placing.firsts``: more
        manches) wins it, none when they have as many (a drawn partie)."""
        if report.finished or not report.coups:
            return report
        first = firsts(self, report)
        winner = first[0] if len(first) == 1 else None
        return replace(report, finished=True, winner=winner, next_dealer=None)

    def losers(self, report: ManilleReport) -> tuple[int, ...]:
        """The team that did not win the belle (none of a drawn partie)."""
        return () if report.winner is None else (1 - report.winner,)

    def dump_report(self, report: ManilleReport) -> JsonObject:
        game = report.game
        names = game.players

        def per_side(values: tuple[int, ...]) -> dict[str, int]:
            return file.per_side(game, values)

        return {
            **file.report_head(game),
            "totals": per_side(report.totals),
            "manches": per_side(report.manches),
            "finished": report.finished,
            "winner": None if report.winner is None else TEAMS[report.winner],
            "next": None
            if report.next_dealer is None
            else {
                "dealer": names[report.next_dealer],
                "manche": report.manche,
                "target": report.target,
            },
            "coups": [
                {
                    "n": r.n,
                    "dealer": names[r.dealer],
                    "manche": r.manche,
                    "target": r.target,
                    "retourne": r.coup.retourne,
                    "played": r.played,
                    "scored": per_side(r.scored),
                    "totals": per_side(r.totals),
                    "manche_won": None if r.manche_won is None else TEAMS[r.manche_won],
                    "manches": per_side(r.manches),
                    "finished": r.finished,
                    "note": r.coup.note,
                }
                for r in report.coups
            ],
        }

    def text(self, report: ManilleReport, changes: Sequence[SeatChange] = ()) -> str:
        """The sheet as text, in words: the rules described, the teams by their names, each
        deal's dealer who sat at their seat then (``seating.seated``: ``changes``)."""
        names = report.game.players
        dealers, following = seat_names.dealers(names, changes, report.coups, report.next_dealer)
        wide = dealer_width([*names, *dealers, following])
        nous, eux = TEAM_WORDS.values()
        lines = [
            f"La Manille ({report.game.rules.describe()}): {nous} ({names[0]}, {names[2]}) / "
            f"{eux} ({names[1]}, {names[3]})",
            "",
            f"{'coup':>4}  {left('dealer', wide)}  {'ret':>3}  {nous:>5} {eux:>5}   {'total':>11}"
            "   manches",
        ]
        for r, dealer, (count, _) in zip(report.coups, dealers, counts_shown(report.coups)):
            event = (
                ""
                if r.manche_won is None
                else f"  manche {r.manche} to {TEAM_WORDS[TEAMS[r.manche_won]]}"
            )
            lines.append(
                f"{r.n:>4}  {left(dealer, wide)}  {r.coup.retourne:>3}  "
                f"{minus(r.scored[0]):>5} {minus(r.scored[1]):>5}   "
                f"{minus(count[0]):>5} {minus(count[1]):>5}   "
                f"{r.manches[0]} / {r.manches[1]}{event}"
            )
        end = (
            f"The partie is won by {TEAM_WORDS[TEAMS[report.winner or 0]]}."
            if report.finished
            else f"Next dealer: {following}, manche {report.manche} to {report.target}"
        )
        return "\n".join([*lines, "", end])


class Manillen(ManilleKind[ManillenGame, ManillenRules, ManillenReport, ManillenCoup]):
    key = "manillen"
    tag = ("variant", "belge")
    title = N_("la Manille")
    kind_title = N_("manillen (Belgian)")
    seats = (4, 3)
    points_most = belge.POINTS
    rules_type = ManillenRules
    game_type = ManillenGame
    folds = False
    table = belge.SETTINGS
    settings_help = settings.help_lines(belge.SETTINGS)
    players_message = N_("players must be three or four distinct non-empty names")
    presets: ClassVar[Mapping[str, str]] = {
        "deals": N_("20 deals, 2 sans-atout each (ours)"),
        "boom": N_("boom: to 101 points"),
        "halve_boom": N_("half boom: to 61 points"),
        "tournament": N_("tournament: multiplier at most ×4"),
    }
    """Manillen's named practices (docs/rules/manille.md §10): ``deals`` is ours (20 deals,
    30 for three, 2 sans-atout each); the settings each sets are in their rows (``presets``)."""

    def file_rules(self, chosen: Mapping[str, Any], count: int) -> ManillenRules:
        return ManillenRules(**belge.file_rules(chosen, count))

    def with_deals(
        self, rules: Mapping[str, Any], deals: int, players: int
    ) -> dict[str, Any] | None:
        return belge.with_deals(rules, deals, players)

    def load_coup(self, item: object, game: ManillenGame) -> ManillenCoup:
        data = coup_object(item)
        trump = data.get("trump")
        if not isinstance(trump, str) or trump not in belge.TRUMPS:
            raise GameError("trump", N_("the trump is pique, coeur, carreau, trefle or sans-atout"))
        contre = data.get("contre", "")
        if not isinstance(contre, str) or contre not in belge.CONTRES:
            raise GameError("contre", N_("contre is none, contre or surcontre"))
        given = data.get("renonce")
        renonce = None
        if given is not None:
            if len(game.players) == 4:
                renonce = team_field(given, "renonce")
            elif isinstance(given, str) and given in game.players:
                renonce = game.players.index(given)
            else:
                raise GameError("renonce", N_("renonce names a team or a player"))
        return ManillenCoup(
            trump,
            belge.CONTRES.index(contre),
            file.optional_whole(data, "points"),
            renonce,
            note_field(data),
        )

    def dump_coup(self, coup: ManillenCoup, players: tuple[str, ...]) -> JsonObject:
        own: dict[str, Any] = {"trump": coup.trump}
        if coup.contre:
            own["contre"] = belge.CONTRES[coup.contre]
        return file.dump_coup(own, coup, players)

    def replay(self, game: ManillenGame) -> ManillenReport:
        return belge.replay(game)

    def stop(self, report: ManillenReport) -> ManillenReport:
        """The sheet final as it stands: the side(s) with the highest total win, as after the
        last deal (two or three: a drawn game)."""
        if report.finished or not report.coups:
            return report
        winners = firsts(self, report)  # placed by its totals (``placing``)
        return replace(
            report, finished=True, winners=winners, next_dealer=None, must_sans_atout=False
        )

    def losers(self, report: ManillenReport) -> tuple[int, ...]:
        """The sides not among the winners (a drawn game's winners are every side level)."""
        return tuple(s for s in range(len(report.totals)) if s not in report.winners)

    def dump_report(self, report: ManillenReport) -> JsonObject:
        game = report.game
        names = game.players
        sides = file.side_names(game)

        def per_side(values: tuple[int, ...]) -> dict[str, int]:
            return file.per_side(game, values)

        return {
            **file.report_head(game),
            "totals": per_side(report.totals),
            "sans_atout_owed": per_side(report.owed),
            "finished": report.finished,
            "winners": [sides[s] for s in report.winners],
            "next": None
            if report.next_dealer is None
            else {
                "dealer": names[report.next_dealer],
                "multiplier": report.carry,
                "sans_atout_compulsory": report.must_sans_atout,
            },
            "coups": [
                {
                    "n": r.n,
                    "dealer": names[r.dealer],
                    "trump": r.coup.trump,
                    "contre": belge.CONTRES[r.coup.contre] or None,
                    "multiplier": r.multiplier,
                    "scored": per_side(r.scored),
                    "totals": per_side(r.totals),
                    "sans_atout_owed": per_side(r.owed),
                    "finished": r.finished,
                    "note": r.coup.note,
                }
                for r in report.coups
            ],
        }

    def text(self, report: ManillenReport, changes: Sequence[SeatChange] = ()) -> str:
        """The sheet as text, in words: the teams by their names, the trumps as the pages say
        them, each deal's dealer who sat at their seat then (``changes``, as ``Manille``)."""
        names = report.game.players
        dealers, following = seat_names.dealers(names, changes, report.coups, report.next_dealer)
        wide = dealer_width([*names, *dealers, following])
        sides = file.side_words(report.game)
        lines = [
            "Manillen: " + " / ".join(sides),
            "",
            f"{'deal':>4}  {left('dealer', wide)}  {'trump':<10} {'x':>3}  "
            + " ".join(right(cut(s, 8), 8) for s in sides)
            + "   totals",
        ]
        for b, dealer in zip(report.coups, dealers, strict=True):
            lines.append(
                f"{b.n:>4}  {left(dealer, wide)}  "
                f"{TRUMPS[b.coup.trump]:<10} {b.multiplier:>3}  "
                + " ".join(f"{minus(v):>8}" for v in b.scored)
                + "   "
                + " ".join(f"{minus(v):>6}" for v in b.totals)
                + "".join(f"   {said}" for said in _said(b, sides))
            )
        if report.finished:
            end = (
                "Won by "
                + " and ".join(sides[s] for s in report.winners)
                + (" (drawn)" if len(report.winners) > 1 else "")
            )
        else:
            end = f"Next dealer: {following}"
        return "\n".join([*lines, "", end])


def _said(b: belge.ManillenResult, sides: Sequence[str]) -> list[str]:
    """What a deal's line says after its figures, as the sheet's page does
    (``web/manille/belge.py``): its contre, a renonce, a 30–30 and what it carries."""
    said = [CONTRES[belge.CONTRES[b.coup.contre]]] if b.coup.contre else []
    if b.coup.renonce is not None:
        said.append(RENONCE % {"who": sides[b.coup.renonce]})
    elif b.coup.points == belge.HALF:
        tie = TIE_TIMES % {"n": b.carries} if b.carries > 2 else TIE_DOUBLE
        said.append(TIE_LAST if b.finished else tie)
    return said


def _variants() -> tuple[str, ...]:
    """The variants of the kinds defined here, the default (an untagged file's) first."""
    return tuple(kind.tag[1] for kind in ManilleKind.__subclasses__() if kind.tag)
