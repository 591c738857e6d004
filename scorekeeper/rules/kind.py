"""What a game kind tells every other layer: the one description of a game.

A *kind* is one game with one way of counting: l'Hombre with the 1709 poule, with jetons, with the
Danish contracts; l'Homme de Brou; la Manille classique and the Belgian manillen. Several kinds
can share a game file's ``"game"`` (the three l'Hombre systems are ``"hombre"``): a rules key
(``accounting``, ``variant``) tells them apart, and only the kind reads it.

Code outside a game's own modules asks its kind — how many seats, whether it moves chips,
how to read, replay and write it — and never tests a tag. Like python-chess's variants, a
kind is a small class; ``kinds.KINDS`` lists them, in the order the app offers them.

The seam is typed: ``Rules``, ``Game``, ``Standing`` and ``Report`` say what every layer
may ask of a rule set, a game and its replay, whatever the kind; ``Kind`` is generic over a
kind's own types, so a kind that forgets one (a rule set without ``describe``) is a type
error, not a 500 at the table. This module stays pure: no Flask, no database; a game's
pages, forms and templates are its web half (``scorekeeper/web/hookspecs.py``), which holds
its kinds — a kind names nothing of the web.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeAlias, TypeVar, runtime_checkable

from .money import Money
from .records import SeatRecord

JsonObject: TypeAlias = dict[str, Any]
"""A JSON object as ``json.dumps`` writes it: a game file, a coup, a report."""


class Rules(Protocol):
    """A rule set: frozen settings, written in the game file's ``rules``."""

    def to_mapping(self) -> dict[str, Any]:
        """The game file's ``rules`` object (``from_mapping`` / the loader reads it back)."""
        ...

    def describe(self) -> str:
        """One line in words, for the change log and listings."""
        ...


class Game(Protocol):
    """A game: its table (players, rules, first dealer) and its coups, as entered."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def first_dealer(self) -> int: ...

    @property
    def coups(self) -> Sequence[object]:
        """The coups in order, each of the kind's own coup type."""
        ...

    def with_coups(self, coups: Sequence[Any]) -> Self:
        """The same table with other coups (of the kind's coup type)."""
        ...


@runtime_checkable
class Standing(Protocol):
    """Where a game stands after its coups: what a replay and a checked change both tell."""

    @property
    def game(self) -> Game: ...

    @property
    def coups(self) -> Sequence[object]:
        """The result of each coup (a check: up to the changed one)."""
        ...

    @property
    def finished(self) -> bool: ...

    @property
    def tally(self) -> tuple[int, ...]:
        """One number a side: a chip game's nets, a points game's totals."""
        ...


@runtime_checkable
class Report(Standing, Protocol):
    """The replay of a whole game."""

    @property
    def next_dealer(self) -> int | None:
        """The seat that deals next; None once the game is over."""
        ...


G = TypeVar("G", bound=Game)
R = TypeVar("R", bound=Rules)
Rep = TypeVar("Rep", bound=Report)
C = TypeVar("C")


class Kind(ABC, Generic[G, R, Rep, C]):
    """One game and its way of counting, as every layer sees it.

    Parametrised with the kind's own game, rule set, report and coup types; the registry
    holds kinds erased (``GameKind``) and types its answers with the protocols above.
    """

    @property
    @abstractmethod
    def key(self) -> str:
        """The kind's own name: ``hombre``, ``jetons``, ``danois``, ``brou``, ``manille``…"""

    @property
    @abstractmethod
    def game(self) -> str:
        """The game file's ``"game"`` (also the database's ``games.game``)."""

    @property
    @abstractmethod
    def title(self) -> str:
        """The game's name for people (a catalog message)."""

    @property
    def kind_title(self) -> str:
        """Its name among kinds (event form, pages, season): ``title``, or its own if shared."""
        return self.title

    @property
    @abstractmethod
    def seats(self) -> tuple[int, ...]:
        """How many players may sit at the table."""

    @property
    @abstractmethod
    def rules_type(self) -> type[R]:
        """The rule set's class: ``rules_type()`` is the default rule set."""

    @property
    @abstractmethod
    def game_type(self) -> type[G]:
        """The game's class (``kind_of`` finds the kind by it)."""

    tag: ClassVar[tuple[str, str] | None] = None
    """The rules key and value that pick this kind among those of the same ``game``."""

    teams: ClassVar[bool] = False
    """Four players are two teams (partners face to face)."""
    chips: ClassVar[bool] = False
    """Moves chips between players (its ``tally`` is chips, settled up), else counts points."""
    betes: ClassVar[bool] = False
    """Keeps a fiche of bêtes (the 1709 poule)."""
    folds: ClassVar[bool] = False
    """``resume`` goes on from a prefix's report (cheaper than a replay): worth keeping prefixes."""
    points_most: ClassVar[int] = 999_999
    """A points game's most points of a side in a coup: its engine's bound, the form's too."""
    presets: ClassVar[Mapping[str, str]] = {}
    """Named rule sets offered on the new-game page (name → catalog label)."""
    title_preset: ClassVar[str] = ""
    """The preset its title names (l'Hombre (1709): ``1709``): the rule set a table of this
    kind plays when nobody chose another, as an event's tables; empty: ``rules_type()``."""
    settings_help: ClassVar[Mapping[str, str]] = {}
    """Rules keys with their default and meaning, listed by ``scorekeeper rules``."""

    @abstractmethod
    def load(self, data: Mapping[str, object]) -> G:
        """The game of a parsed game file of this kind (GameError names the key at fault)."""

    @abstractmethod
    def load_coup(self, item: object, game: G) -> C:
        """One coup of ``game`` in the game file's shape, read as the file reader reads it."""

    @abstractmethod
    def replay(self, game: G) -> Rep:
        """Fold the coups into the report; GameError at the first coup refused."""

    def extend(self, report: Rep, game: G) -> Rep:
        """The report of ``game`` from ``report``, the replay of a prefix of its coups.

        A replay is a fold, so appending coups need not replay the game from its first
        coup: a kind whose engine can go on from a report does so (``resume``); any other
        answer is the full ``replay(game)``. The caller promises that ``report.game.coups``
        are the first coups of ``game``; players, rules and first dealer are checked here.
        """
        if continues(report.game, game):
            return self.resume(report, game)
        return self.replay(game)

    def resume(self, report: Rep, game: G) -> Rep:
        """``extend`` once checked: the engine's fold continued; by default a full replay."""
        return self.replay(game)

    def check(
        self, start: Rep | None, game: G, old: Rep, first: int, kept: Sequence[Rep] = ()
    ) -> Standing:
        """``game``, the game of ``old`` (its replay) changed at coup ``first``, checked.

        A correction puts another coup at ``first``, a deletion takes it out;
        the coups before ``first`` are the old game's, and ``start`` is the
        report of a prefix of them (None: none), ``kept`` reports of longer
        prefixes of the old game. GameError as the full replay of ``game``
        refuses it; else what the check and delete pages show of the changed
        game: its ``tally`` (its final standing) and the results of the coups
        up to the changed one, in ``coups``. A kind whose engine can tell
        where the changed game comes back to the old one's state stops
        folding there (l'Hombre 1709: ``correction.check_change``); by
        default, the fold from ``start`` to the end: the full report.
        """
        return self.replay(game) if start is None else self.extend(start, game)

    @abstractmethod
    def dump(self, game: G) -> JsonObject:
        """The game file; ``load(dump(g)) == g``."""

    @abstractmethod
    def dump_coup(self, coup: C, players: tuple[str, ...]) -> JsonObject:
        """One coup as the game file writes it."""

    @abstractmethod
    def dump_report(self, report: Rep) -> JsonObject:
        """The replay report (``scorekeeper replay --json``)."""

    def dump_report_stream(self, report: Rep) -> JsonObject:
        """``dump_report`` for ``gamefile.write_json``: a long list may be a ``Stream``."""
        return self.dump_report(report)

    @abstractmethod
    def text(self, report: Rep, changes: Sequence[Any] = ()) -> str:
        """The report as the command prints it, each coup named by who sat then (``seating``)."""

    def stop(self, report: Rep) -> Rep:
        """The game of ``report`` ended as it stands after its last coup: the table stopped
        there (the game file's ``stopped``, ``rules/stopping.py``). What the kind's end rule
        moves then is the engine's: the 1709 poule shares its open bêtes, a pot returns to
        whoever put it in. By default nothing moves: the sheet is final as it stands (a
        report with a ``finished`` and a ``next_dealer``, marked over). A game already over,
        or without a coup, is left as it is."""
        if report.finished or not report.coups:
            return report
        ended: Rep = dataclasses.replace(report, finished=True, next_dealer=None)  # type: ignore[type-var]
        return ended

    def takes_over(self, rules: R) -> bool:
        """Whether a newcomer may take over a seat's money (``seating.TAKES_OVER``) at a table
        of these rules, rather than only play for the absent player. Yes unless a kind's house
        rule says otherwise (the 1709 poule: ``take_over``, off by default)."""
        return True

    def seat_debt(self, before: Rep, seat: int, end: Rep) -> int:
        """What the player leaving ``seat`` after ``before`` (the report of the coups before
        the change) pays the one who takes it over, ``end`` being the whole game's report: what
        they have at stake that the seat keeps at stake after them, so that the newcomer never pays
        the leaver's losses nor collects their stake (docs/rules.md, "Someone takes a seat").
        The 1709 poule: their open bêtes; the pot systems: their part of the pot, once it is won.
        Nothing by default: the points games count no money."""
        return 0

    def side_scores(self, report: Rep) -> Sequence[Sequence[int]] | None:
        """What each side of ``tally`` scored in each coup of ``report``, coup by coup, where
        the tally is not the running sum of them: a team game's count starts again at 0 once
        a partie or a manche is won (l'Homme de Brou, la Manille classique). A person's points
        are their side's scores in the coups they sat (``seating.person_tally``). None (the
        default): what a side made in some coups is its tally's difference across them."""
        return None

    def person_records(
        self, report: Rep, payers: Sequence[Sequence[str]], nets: Mapping[str, int]
    ) -> Mapping[str, SeatRecord] | None:
        """Each person's record once someone took a seat (``seat_records`` split by
        ``payers[n]``, whose money each seat was in coup n + 1; ``nets``: each person's
        result). None (the default): the season counts the seats' records."""
        return None

    def journal_csv(self, report: Rep, changes: Sequence[Any] = ()) -> str | None:
        """The journal of every payment as CSV (``scorekeeper replay --csv``), naming who sat
        at each seat in each coup (``changes``: ``seating.SeatChange``).

        None (the default): the game keeps no journal of payments, and the command says so.
        """
        return None

    def settlement_text(
        self, report: Rep, money: Money | None, seats: Sequence[str] = ()
    ) -> str | None:
        """Who pays whom, as ``scorekeeper settle`` prints it (``money``: a chip's value;
        ``seats``: a taken seat's name, ``seat_names``); None: the game settles no money."""
        return None

    def file_money(self, data: Mapping[str, object]) -> Money | None:
        """The chip value a game file of this kind carries (its ``"money"`` key), if any.

        The import page keeps it with the game and ``settle`` prints amounts in
        it. None (the default): the game counts points, a file's money means
        nothing to it.
        """
        return None

    def seat_records(self, report: Rep) -> Sequence[SeatRecord] | None:
        """Each seat's record in this game, as a club's season adds them up by member.

        None (the default): the season leaves this game's tables out.
        """
        return None

    def settings_text(self) -> str | None:
        """Its rules keys and presets as ``scorekeeper rules`` lists them; None: nothing to list.

        By default its ``settings_help`` and its ``presets`` described, under its tag.
        """
        if not self.settings_help:
            return None
        tagged = f" (rules.{'='.join(self.tag)})" if self.tag else ""
        lines = [f"{self.key}{tagged} settings (default: meaning):"]
        lines += [f"  {key:<12} {meaning}" for key, meaning in self.settings_help.items()]
        lines.append(f"{self.key} presets:")
        lines += [f"  {name:<12} {self.preset(name).describe()}" for name in self.presets]
        return "\n".join(lines)

    def preset(self, name: str) -> R:
        """The rule set of a named preset (the defaults for an unknown name)."""
        return self.rules_type()

    def own_rules(self) -> R:
        """The rule set its title names (``title_preset``): an event of this kind plays it."""
        return self.preset(self.title_preset)

    def plays_on(self, rules: Mapping[str, Any]) -> bool:
        """Whether a game of these rules (the game file's) goes on past its coups to play
        until something is settled (the 1709 poule's ``end`` "continue": until no bête is
        left), so that an event's round does not stop it after its deals. By default no."""
        return False

    def ended_tally(self, report: Rep) -> tuple[int, ...]:
        """The tally as if the game ended after its last coup (1709: the open bêtes shared), as
        an event counts a table when its round ends; where the count starts again after a
        partie (``side_scores``), what each side scored in every coup, as a club counts it."""
        scores = self.side_scores(report)
        sides = range(len(report.tally))
        return tuple(report.tally if scores is None else (sum(c[s] for c in scores) for s in sides))

    def with_deals(
        self, rules: Mapping[str, Any], deals: int, players: int
    ) -> dict[str, Any] | None:
        """``rules`` (the game file's) played to ``deals`` deals at a table of ``players``:
        an event's round. None when the kind keeps no count of deals (its tables then say
        nothing of them, and the event alone counts and stops them)."""
        return None

    def owns(self, rules: Mapping[str, object], default: str) -> bool:
        """Whether a stored ``rules`` object belongs to this kind (``default`` if untagged)."""
        if self.tag is None:
            return True
        key, value = self.tag
        return rules.get(key, default) == value

    def __repr__(self) -> str:
        return f"<GameKind {self.key}>"


class GameKind(Protocol):
    """A kind whatever its own types, as the registry and the layers above hold it.

    Every ``Kind[G, R, Rep, C]`` is one (mypy checks it where a game's entry
    lists its kinds). What it answers is typed by the protocols above, so a
    caller sees a ``Game``, a ``Report``, a ``Rules`` — not ``Any``. What it
    is given stays open (``Any``): a kind takes only its own game, report and
    coup types, and a parameter cannot be narrowed by a protocol the concrete
    kinds are checked against; the caller hands back what the same kind gave.
    See ``Kind`` for what each member means.
    """

    @property
    def key(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def seats(self) -> tuple[int, ...]: ...
    @property
    def rules_type(self) -> type[Rules]: ...
    @property
    def game_type(self) -> type[Game]: ...

    @property
    def tag(self) -> tuple[str, str] | None: ...
    @property
    def kind_title(self) -> str: ...
    @property
    def teams(self) -> bool: ...
    @property
    def chips(self) -> bool: ...
    @property
    def betes(self) -> bool: ...
    @property
    def folds(self) -> bool: ...
    @property
    def presets(self) -> Mapping[str, str]: ...
    @property
    def settings_help(self) -> Mapping[str, str]: ...
    @property
    def title_preset(self) -> str: ...

    def load(self, data: Mapping[str, object]) -> Game: ...
    def load_coup(self, item: object, game: Any) -> object: ...
    def replay(self, game: Any) -> Report: ...
    def extend(self, report: Any, game: Any) -> Report: ...
    def resume(self, report: Any, game: Any) -> Report: ...
    def check(
        self, start: Any, game: Any, old: Any, first: int, kept: Sequence[Any] = ()
    ) -> Standing: ...
    def dump(self, game: Any) -> JsonObject: ...
    def dump_coup(self, coup: Any, players: tuple[str, ...]) -> JsonObject: ...
    def dump_report(self, report: Any) -> JsonObject: ...
    def dump_report_stream(self, report: Any) -> JsonObject: ...
    def text(self, report: Any, changes: Sequence[Any] = ()) -> str: ...
    def stop(self, report: Any) -> Report: ...
    def takes_over(self, rules: Any) -> bool: ...
    def seat_debt(self, before: Any, seat: int, end: Any) -> int: ...
    def side_scores(self, report: Any) -> Sequence[Sequence[int]] | None: ...
    def person_records(
        self, report: Any, payers: Sequence[Sequence[str]], nets: Mapping[str, int]
    ) -> Mapping[str, SeatRecord] | None: ...
    def journal_csv(self, report: Any, changes: Sequence[Any] = ()) -> str | None: ...
    def settlement_text(self, report: Any, money: Money | None, seats: Any = ()) -> str | None: ...
    def file_money(self, data: Mapping[str, object]) -> Money | None: ...
    def seat_records(self, report: Any) -> Sequence[SeatRecord] | None: ...
    def settings_text(self) -> str | None: ...
    def preset(self, name: str) -> Rules: ...
    def own_rules(self) -> Rules: ...
    def plays_on(self, rules: Mapping[str, Any]) -> bool: ...
    def ended_tally(self, report: Any) -> tuple[int, ...]: ...
    def with_deals(
        self, rules: Mapping[str, Any], deals: int, players: int
    ) -> dict[str, Any] | None: ...
    def owns(self, rules: Mapping[str, object], default: str) -> bool: ...


def continues(start: Game, game: Game) -> bool:
    """Whether ``game`` can go on from a report of ``start``: same table, as many coups or more."""
    return (
        type(start) is type(game)
        and start.players == game.players
        and start.rules == game.rules
        and start.first_dealer == game.first_dealer
        and len(start.coups) <= len(game.coups)
    )
