"""Every way a game's web half extends the pages, declared once (as Datasette's hookspecs.py).

A game's web half is a ``GameWeb``: the kinds it serves, its coup entry
(``CoupEntry``), its pages (``GamePages``), its new-game form (``NewGame``,
for a game started from ``/games/new/<name>``) and its template folder. Each
part is an abstract class: a game implements every abstract method — leaving
one out is a mypy error ("Cannot instantiate abstract class") and a
TypeError when its module is imported, never a 500 at the table — and may
override the optional ones, whose defaults are here. The generic modules
(coups, games, table, settlement, changelog) call nothing else of a game;
``registry.WEBS`` lists the web halves.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeAlias, TypeVar, assert_never, overload

from flask import Flask, abort, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ..rules import kind
from ..rules.kind import GameKind
from ..rules.ledger import NetChange
from .ops.shipped import shipped

if TYPE_CHECKING:
    from ..store import StoredGame
    from .forms import ActionForm

Page: TypeAlias = str | tuple[str, int]
"""A drawn page, with its status when it is not 200."""
Report: TypeAlias = kind.Standing
"""A replay report of the game's kind, or a checked change (each engine has its own type)."""
Coup: TypeAlias = object
"""A coup of the game's kind, as its file reader reads it."""
Rules: TypeAlias = kind.Rules
"""A rule set of the game's kind."""

FormT = TypeVar("FormT")
"""The game's own coup form."""
NewFormT = TypeVar("NewFormT")
"""The game's own new-game form."""


def shipped_templates(folder: str) -> Path:
    """A template folder shipped with Scorekeeper (``templates/`` in a checkout, or installed)."""
    return Path(shipped("templates")) / folder


class CoupEntry(ABC, Generic[FormT]):
    """How a coup of the game is typed in: its form, read into the game file's shape.

    The form reads what it shows into the shape of a coup in the game file,
    which the kind's own file reader reads (``kind.load_coup``): a coup typed
    in and a coup read from a file meet the same checks.
    """

    @abstractmethod
    def form(self, stored: StoredGame, coup: Coup | None = None) -> FormT:
        """The coup form: as posted on a POST, else empty (or showing ``coup``, corrected)."""

    @abstractmethod
    def valid(self, form: FormT, stored: StoredGame) -> bool:
        """Whether the fields the form shows are valid (their errors are set on the form)."""

    @abstractmethod
    def read(self, form: FormT, stored: StoredGame) -> Coup:
        """The coup the form describes; GameError names the field at fault."""

    @abstractmethod
    def saving(self, form: FormT) -> bool:
        """Whether the coup is to be stored now, not only checked (the preview)."""

    @abstractmethod
    def error_fields(self) -> Mapping[str, str]:
        """The form's field that shows the engine's refusal of a coup's key (else ``save``)."""


class Change(Enum):
    """What the coup flow did to a stored coup, as the message after it says
    (``GamePages.changed_text``)."""

    CORRECTED = "corrected"
    DELETED = "deleted"
    UNDONE = "undone"
    """The last coup taken back (the undo button)."""
    REDONE = "redone"
    """The coup just undone put back, as it was."""

    def headline(self, n: int) -> str:
        """What happened to coup ``n``, in a sentence: a message's first words, or all of it
        for a game that says no more."""
        match self:
            case Change.CORRECTED:
                return str(_("Coup %(n)s corrected.", n=n))
            case Change.DELETED:
                return str(_("Coup %(n)s deleted.", n=n))
            case Change.UNDONE:
                return str(_("Coup %(n)s undone.", n=n))
            case Change.REDONE:
                return str(_("Coup %(n)s redone.", n=n))
            case _:
                assert_never(self)


RETIRED = frozenset({"corrected_text", "deleted_text", "undone_text", "redone_text"})
"""The message hooks ``GamePages.changed_text`` took the place of (issue 44)."""


class GamePages(ABC, Generic[FormT]):
    """What the game shows: its page, a coup's check, correction and deletion, its settlement."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's pages that still define a hook folded into ``changed_text`` are refused
        when the game is loaded: they would be left uncalled, their messages silently the
        headline alone."""
        super().__init_subclass__(**kwargs)
        old = sorted(RETIRED & vars(cls).keys())
        if old:
            raise TypeError(
                f"{cls.__qualname__} defines {', '.join(old)}: these hooks became"
                " changed_text(change, before, after, n, people, now, names) (docs/internals.md)"
            )

    after_save: str = ""
    """Where the game page opens after a coup is saved, undone or redone (an anchor)."""
    after_change: str = ""
    """Where it opens after a correction or a deletion."""

    @abstractmethod
    def render(
        self,
        stored: StoredGame,
        form: FormT | None = None,
        preview: Report | None = None,
        status: int = 200,
    ) -> Page:
        """The game page (``/games/<id>``): the standing and the coup entry, or a preview."""

    @abstractmethod
    def preview_fragment(
        self, stored: StoredGame, form: FormT, after: Report | None, position: int | None
    ) -> str:
        """The live check of a coup being entered (None: refused) or corrected (``position``)."""

    @abstractmethod
    def render_edit(
        self,
        stored: StoredGame,
        n: int,
        form: FormT,
        before: Report,
        after: Report | None,
        status: int,
    ) -> Page:
        """The correction page of coup ``n``, with what the correction would change."""

    @abstractmethod
    def render_delete(
        self,
        stored: StoredGame,
        n: int,
        form: ActionForm,
        before: Report,
        after: Report | None,
        error: str | None,
        status: int,
    ) -> Page:
        """The page that asks to confirm the deletion of coup ``n`` (or says why it cannot)."""

    @abstractmethod
    def saved_text(
        self,
        after: Report,
        n: int,
        names: tuple[str, ...] | None = None,
        now: Mapping[str, str] | None = None,
        changes: Sequence[Any] = (),
    ) -> str:
        """The message after coup ``n`` is saved; ``names``: who sat at each seat in it;
        ``now``: each name typed as it reads now (a club's member renamed since,
        ``seat_words.names_now``), as every message of the coup flow takes it;
        ``changes``: the table's seat changes (``seating.SeatChange``), whose money a seat
        was in it (a chip game's payments name who paid, ``rules.hombre.paid``)."""

    def changed_text(
        self,
        change: Change,
        before: Report,
        after: Report,
        n: int,
        people: Sequence[NetChange] | None = None,
        now: Mapping[str, str] | None = None,
        names: tuple[str, ...] | None = None,
    ) -> str:
        """The message after coup ``n`` is corrected, deleted, undone (the last coup) or put
        back (``change``); ``before`` and ``after``: the game's replays either side of it;
        ``people``: what it did to each person's result once someone took a seat
        (``StoredGame.person_changes``; None: the seats' nets are the persons'); ``now`` and
        ``names`` (who sat at each seat in coup ``n``; given after a correction or a redo, the
        messages that say what it marks) as ``saved_text``'s. By default
        only what happened (``Change.headline``: "Coup 4 corrected.")."""
        return change.headline(n)

    @abstractmethod
    def coup_text(
        self,
        report: Report,
        n: int,
        names: tuple[str, ...] | None = None,
        now: Mapping[str, str] | None = None,
    ) -> str:
        """Coup ``n`` of a replay in a line of words (the change log); ``names``: who sat at
        each seat in it (``rules.seating.seated``), the game's players when None; ``now``
        as ``saved_text``'s."""

    @abstractmethod
    def counts(self, report: Report) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """What the change log shows before and after a change: its columns and their values."""

    @abstractmethod
    def settlement(self, stored: StoredGame, pdf: bool) -> str:
        """The final page of the game (``/games/<id>/settlement``), or its PDF's HTML."""

    @abstractmethod
    def rules_text(self, rules: Rules) -> str:
        """The rule set in a line of words, in the reader's language."""

    def round_end_text(self, rules: Rules, deals: int | None) -> str:
        """How an event's round ends a table of these rules, in one sentence (the table's page
        and the event's pages show it): ``deals``, the round's number of deals, or None when
        the director's closing ends it. By default none: the table says nothing more."""
        return ""

    def field_words(
        self,
        item: Mapping[str, Any],
        players: tuple[str, ...],
        names: tuple[str, ...] | None = None,
    ) -> dict[str, str]:
        """A coup in the game file's shape, field by field in words (``{"Matadors": "3"}``):
        what the change log and the table's notice compare to name what a correction
        changed ("Matadors 3 → 4"); ``names``: who sat at each seat in that coup (the
        file names a seat by its player). By default the file's own keys and values."""
        return file_words(item)

    def settle(self, stored: StoredGame) -> Page | BaseResponse:
        """A POST to the settlement (the manager sets something there); by default 405."""
        abort(405)

    def standing(self, stored: StoredGame, names: Mapping[str, str] | None = None) -> list[str]:
        """Where the game stands, a line each (a club evening's table), naming who sits now
        (``StoredGame.seated``), each by ``names`` where it has them (the club's member's name
        now: the evening's pages); by default none."""
        return []

    def init_app(self, app: Flask) -> None:
        """Set up what the game's templates use (filters, globals) once per app."""


class NewGame(ABC, Generic[NewFormT]):
    """A game started from ``/games/new/<name>``: its players, first dealer and own settings."""

    @abstractmethod
    def form(self, posted: bool) -> NewFormT:
        """The game's new-game form: as posted, or empty with its defaults."""

    @abstractmethod
    def rules_of(self, form: NewFormT) -> Mapping[str, Any]:
        """The rules object (the game file's ``"rules"``) the form describes."""

    @abstractmethod
    def fill(self, form: NewFormT, game: Any) -> None:
        """Show a stored game's players and rules (set-up before the first coup, play again)."""


@dataclass(frozen=True)
class GameWeb:
    """A game's web half: all the web side knows of it, registered in ``registry.WEBS``."""

    name: str
    """The game file's ``"game"``: ``/games/new/<name>``, and the prefix of its templates."""
    kinds: tuple[GameKind, ...]
    """The kinds it serves (l'Hombre's three money systems share one web half)."""
    entry: CoupEntry[Any]
    pages: GamePages[Any]
    templates: Path
    """Its template folder, found by the templates as ``<name>/…``."""
    new_game: NewGame[Any] | None = None
    """Its new-game form at ``/games/new/<name>``; None: the game serves its own."""
    own_new_game: str = ""
    """Without ``new_game``: the endpoint of the game's own new-game page."""
    label: str = ""
    """Its name on a "new table" button (a catalog message); empty: its title."""

    def new_game_url(self, evening: int) -> str:
        """Where a new game of it is opened as that evening's next table."""
        if self.new_game is None:
            return url_for(self.own_new_game, evening=evening)
        return url_for("sheets.new_sheet", name=self.name, evening=evening)

    @property
    def title(self) -> str:
        """The game's name for people (a catalog message): its first kind's."""
        return self.kinds[0].title

    def template(self, name: str) -> str:
        """The name the templates know one of its templates by."""
        return f"{self.name}/{name}"


T = TypeVar("T")
U = TypeVar("U")


@overload
def narrowed(value: object, kind: type[T]) -> T: ...
@overload
def narrowed(value: object, kind: type[T], other: type[U]) -> T | U: ...
def narrowed(value: object, kind: type[Any], other: type[Any] | None = None) -> Any:
    """``value`` as one of a game's own types: the generic layers hand a game its own values.

    A game's hooks take what every game's values are (a ``Report``, ``Rules``)
    and narrow them here; a value of another game is a TypeError at once, not
    a wrong page.
    """
    types = (kind,) if other is None else (kind, other)
    if not isinstance(value, types):
        raise TypeError(f"{type(value).__name__} is not a {' or '.join(t.__name__ for t in types)}")
    return value


class PointsSheet(ABC):
    """What the points games' shared sheet pages (``web/sheet/``) ask of a points game."""

    @abstractmethod
    def line(self, result: object, columns: tuple[str, ...]) -> tuple[str, str]:
        """What a coup's line says beside its points, and the partie or manche it wins."""

    @abstractmethod
    def standing(
        self, report: Report, columns: tuple[str, ...], names: tuple[str, ...]
    ) -> list[str]:
        """Where the game stands, a line each, for the card above the entry."""

    def next_deal(
        self, report: Report, columns: tuple[str, ...], names: tuple[str, ...]
    ) -> list[str]:
        """What the next deal asks, a line each, said only while the table takes more
        deals (not over, not locked: a closed evening or round, a stop); by default none."""
        return []

    @abstractmethod
    def rules_text(self, rules: Rules) -> str:
        """The rule set in a line of words."""

    def must_sans_atout(self, report: Report) -> bool:
        """Whether the next deal must be played sans-atout; by default never."""
        return False

    def context(self) -> Mapping[str, object]:
        """What else the game's own templates (its coup fields) use; by default nothing."""
        return {}

    def field_words(
        self,
        item: Mapping[str, Any],
        players: tuple[str, ...],
        names: tuple[str, ...] | None = None,
    ) -> dict[str, str]:
        """A coup in the game file's shape, field by field in words (``GamePages.field_words``;
        ``names`` as there); by default the file's own keys and values."""
        return file_words(item)


def file_words(item: Mapping[str, Any]) -> dict[str, str]:
    """A coup's fields as the game file writes them: the words of a game that gives none."""
    return {
        str(key): value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        for key, value in item.items()
    }
