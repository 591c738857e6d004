"""What a game kind tells every other layer: the one description of a game.

A *kind* is one game with one way of counting: l'Hombre with the 1709 poule,
with jetons, with the Danish contracts; l'Homme de Brou; la Manille classique
and the Belgian manillen. Several kinds can share a game file's ``"game"``
(the three l'Hombre systems are ``"hombre"``): a rules key (``accounting``,
``variant``) tells them apart, and only the kind reads it.

Code outside a game's own modules asks its kind — how many seats, whether
it moves chips, which template folder and coup form, how to read, replay and
write it — and never tests a tag. Like python-chess's variants, a kind is a
small class; ``kinds.KINDS`` lists them, in the order the app offers them.
This module stays pure: no Flask, no database (the web layer resolves the
form and template names it gives).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .errors import N_


class GameKind(ABC):
    """One game and its way of counting, as every layer sees it."""

    key: ClassVar[str]
    """The kind's own name: ``hombre``, ``jetons``, ``danois``, ``brou``, ``manille``…"""
    game: ClassVar[str]
    """The game file's ``"game"`` (also the database's ``games.game``)."""
    tag: ClassVar[tuple[str, str] | None] = None
    """The rules key and value that pick this kind among those of the same ``game``."""
    title: ClassVar[str]
    """The game's name for people (a catalog message)."""
    seats: ClassVar[tuple[int, ...]]
    """How many players may sit at the table."""
    teams: ClassVar[bool] = False
    """Four players are two teams (partners face to face)."""
    chips: ClassVar[bool]
    """Moves chips between players (payments, settlement, CSV, story), else counts points."""
    betes: ClassVar[bool] = False
    """Keeps a fiche of bêtes (the 1709 poule)."""
    rules_type: ClassVar[type]
    game_type: ClassVar[type]
    folds: ClassVar[bool] = False
    """``resume`` goes on from a prefix's report (cheaper than a replay): worth keeping prefixes."""
    presets: ClassVar[Mapping[str, str]] = {}
    """Named rule sets offered on the new-game page (name → catalog label)."""

    @abstractmethod
    def load(self, data: Any) -> Any:
        """The game of a parsed game file (GameError names the key at fault)."""

    @abstractmethod
    def load_coup(self, item: Any, game: Any) -> Any:
        """One coup of ``game`` in the game file's shape, read as the file reader reads it."""

    @abstractmethod
    def replay(self, game: Any) -> Any:
        """Fold the coups into the report; GameError at the first coup refused."""

    def extend(self, report: Any, game: Any) -> Any:
        """The report of ``game`` from ``report``, the replay of a prefix of its coups.

        A replay is a fold, so appending coups need not replay the game from
        its first coup: a kind whose engine can go on from a report does so
        (``resume``); any other answer is the full ``replay(game)``. The
        caller promises that ``report.game.coups`` are the first coups of
        ``game``; players, rules and first dealer are checked here.
        """
        if continues(report.game, game):
            return self.resume(report, game)
        return self.replay(game)

    def resume(self, report: Any, game: Any) -> Any:
        """``extend`` once checked: the engine's fold continued; by default a full replay."""
        return self.replay(game)

    def check(self, start: Any, game: Any, old: Any, first: int, kept: Sequence[Any] = ()) -> Any:
        """``game``, the game of ``old`` (its replay) changed at coup ``first``, checked.

        A correction puts another coup at ``first``, a deletion takes it out;
        the coups before ``first`` are the old game's, and ``start`` is the
        report of a prefix of them (None: none), ``kept`` reports of longer
        prefixes of the old game. GameError as the full replay of ``game``
        refuses it; else what the check and delete pages show of the changed
        game: its ``net`` (its final standing) and the results of the coups
        up to the changed one, in ``coups``. A kind whose engine can tell
        where the changed game comes back to the old one's state stops
        folding there (l'Hombre 1709: ``engine.check_change``); by default,
        the fold from ``start`` to the end: the full report.
        """
        return self.replay(game) if start is None else self.extend(start, game)

    @abstractmethod
    def dump(self, game: Any) -> dict[str, Any]:
        """The game file; ``load(dump(g)) == g``."""

    @abstractmethod
    def dump_coup(self, coup: Any, players: tuple[str, ...]) -> dict[str, Any]:
        """One coup as the game file writes it."""

    @abstractmethod
    def dump_report(self, report: Any) -> dict[str, Any]:
        """The replay report (``scorekeeper replay --json``)."""

    def dump_report_stream(self, report: Any) -> dict[str, Any]:
        """``dump_report`` for ``gamefile.write_json``: a long list may be a ``Stream``."""
        return self.dump_report(report)

    @abstractmethod
    def text(self, report: Any) -> str:
        """The report as the command prints it."""

    def preset(self, name: str) -> Any:
        """The rule set of a named preset (the defaults for an unknown name)."""
        return self.rules_type()

    def owns(self, rules: Mapping[str, Any], default: str) -> bool:
        """Whether a stored ``rules`` object belongs to this kind (``default`` if untagged)."""
        if self.tag is None:
            return True
        key, value = self.tag
        return bool(rules.get(key, default) == value)

    def __repr__(self) -> str:
        return f"<GameKind {self.key}>"


def continues(start: Any, game: Any) -> bool:
    """Whether ``game`` can go on from a report of ``start``: same table, as many coups or more."""
    return bool(
        type(start) is type(game)
        and start.players == game.players
        and start.rules == game.rules
        and start.first_dealer == game.first_dealer
        and len(start.coups) <= len(game.coups)
    )


UNKNOWN_GAME = N_("game must be hombre, brou or manille, got {value!r}")
