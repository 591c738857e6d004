"""A points game's web half built from its functions: one adapter for Brou, Manille and the next.

A points game gives its two forms and a few plain functions — how its coup
form is made, checked and read, what a line of its sheet and its standing
say, its rules in words — and ``points_web`` builds the ``GameWeb`` that the
registry lists: the coup entry, the sheet's pages and the new-game form, each
forwarding to those functions. No points game writes an adapter class.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ...rules.kind import GameKind
from ...store import StoredGame
from ..hookspecs import (
    CoupEntry,
    GameWeb,
    NewGame,
    PointsSheet,
    Report,
    Rules,
    file_words,
    shipped_templates,
)
from .forms import NewSheetForm, SheetCoupForm, new_sheet_form, saving
from .pages import SheetPages

FormT = TypeVar("FormT", bound=SheetCoupForm)
NewFormT = TypeVar("NewFormT", bound=NewSheetForm)


def _never(report: Report) -> bool:
    return False


def _nothing() -> Mapping[str, object]:
    return {}


def _no_lines(report: Report, columns: tuple[str, ...], names: tuple[str, ...]) -> list[str]:
    return []


def _file_words(
    item: Mapping[str, Any], players: tuple[str, ...], names: tuple[str, ...] | None
) -> dict[str, str]:
    return file_words(item)


@dataclass(frozen=True)
class PointsGame(Generic[FormT, NewFormT]):
    """What a points game says of itself; ``points_web`` turns it into its web half."""

    name: str
    """The game file's ``"game"``, its template folder and ``/games/new/<name>``."""
    kinds: tuple[GameKind, ...]
    coup_form: Callable[[StoredGame, object | None], FormT]
    """The coup form, as posted, or showing a stored coup (its file shape) to correct."""
    valid: Callable[[FormT, StoredGame], bool]
    read_coup: Callable[[FormT, StoredGame], object]
    """The coup the form describes, read by the kind's own file reader."""
    error_fields: Mapping[str, str]
    """Where the engine's refusal of a coup's key is shown on the form."""
    new_form: type[NewFormT]
    rules_of: Callable[[NewFormT], Mapping[str, Any]]
    """The rules object of the new-game form."""
    line: Callable[[object, tuple[str, ...]], tuple[str, str]]
    """What a coup's line says beside its points, and the partie or manche it wins."""
    standing: Callable[[Report, tuple[str, ...], tuple[str, ...]], list[str]]
    """Where the game stands, a line each (the counts, the parties or manches won)."""
    rules_text: Callable[[Rules], str]
    field_words: Callable[
        [Mapping[str, Any], tuple[str, ...], tuple[str, ...] | None], dict[str, str]
    ] = field(default=_file_words)
    """A coup of the file in words (``GamePages.field_words``): ``names``, who sat at each
    seat in that coup, as the game names a player it keeps by their name in the file."""
    next_deal: Callable[[Report, tuple[str, ...], tuple[str, ...]], list[str]] = field(
        default=_no_lines
    )
    """What the next deal asks, a line each (who chooses the trump or gets the retourne,
    the sans-atout still owed): said after the standing only while the table takes more
    deals (``SheetPages.takes_deals``); by default nothing."""
    must_sans_atout: Callable[[Report], bool] = field(default=_never)
    context: Callable[[], Mapping[str, object]] = field(default=_nothing)
    """What else the game's own templates (its coup fields) use."""

    def __post_init__(self) -> None:
        """A ``field_words`` of the older two arguments (before ``names``) is refused when the
        game is made, naming what it takes now: it failed only at the first correction
        shown in the change log."""
        try:
            inspect.signature(self.field_words).bind({}, (), None)
        except TypeError:
            raise TypeError(
                f"{self.name}: field_words takes (item, players, names), names being who sat"
                " at each seat in that coup (docs/internals.md)"
            ) from None


class _Entry(CoupEntry[FormT]):
    def __init__(self, game: PointsGame[FormT, Any]) -> None:
        self.game = game

    def form(self, stored: StoredGame, coup: object | None = None) -> FormT:
        return self.game.coup_form(stored, coup)

    def valid(self, form: FormT, stored: StoredGame) -> bool:
        return self.game.valid(form, stored)

    def read(self, form: FormT, stored: StoredGame) -> object:
        return self.game.read_coup(form, stored)

    def saving(self, form: FormT) -> bool:
        return saving(form)

    def error_fields(self) -> Mapping[str, str]:
        return self.game.error_fields


class _Sheet(PointsSheet):
    def __init__(self, game: PointsGame[Any, Any]) -> None:
        self.game = game

    def line(self, result: object, columns: tuple[str, ...]) -> tuple[str, str]:
        return self.game.line(result, columns)

    def standing(
        self, report: Report, columns: tuple[str, ...], names: tuple[str, ...]
    ) -> list[str]:
        return self.game.standing(report, columns, names)

    def next_deal(
        self, report: Report, columns: tuple[str, ...], names: tuple[str, ...]
    ) -> list[str]:
        return self.game.next_deal(report, columns, names)

    def rules_text(self, rules: Rules) -> str:
        return self.game.rules_text(rules)

    def field_words(
        self,
        item: Mapping[str, Any],
        players: tuple[str, ...],
        names: tuple[str, ...] | None = None,
    ) -> dict[str, str]:
        return self.game.field_words(item, players, names)

    def must_sans_atout(self, report: Report) -> bool:
        return self.game.must_sans_atout(report)

    def context(self) -> Mapping[str, object]:
        return self.game.context()


class _New(NewGame[NewFormT]):
    def __init__(self, game: PointsGame[Any, NewFormT]) -> None:
        self.game = game

    def form(self, posted: bool) -> NewFormT:
        return new_sheet_form(self.game.new_form, posted)

    def rules_of(self, form: NewFormT) -> Mapping[str, Any]:
        return self.game.rules_of(form)

    def fill(self, form: NewFormT, game: Any) -> None:
        form.fill(game)


def points_web(game: PointsGame[FormT, NewFormT]) -> GameWeb:
    """The web half of a points game: its entry, the sheet's pages, its new-game form."""
    entry = _Entry(game)
    return GameWeb(
        name=game.name,
        kinds=game.kinds,
        entry=entry,
        pages=SheetPages(game.name, _Sheet(game), entry),
        templates=shipped_templates(game.name),
        new_game=_New(game),
    )
