"""The registry of web halves: the web side of the games of ``rules.kinds`` (``scorekeeper.games``).

Each game of the entry point group ``scorekeeper.games`` makes its web half
here (``GameEntry.web()``), in the order of ``rules.kinds.KINDS``; the web
half serves exactly that game's kinds. Everything the web asks of a game
goes through here: the game page, the coup flow, the settlement, the change
log and the new-game chooser find the game's ``GameWeb`` by its kind (or its
name) and call its hooks (``hookspecs.py``). No module is named in a string
anywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from jinja2 import BaseLoader, Environment, FileSystemLoader, TemplateNotFound

from ..rules import kinds
from ..rules.kind import GameKind
from .hookspecs import GameWeb

if TYPE_CHECKING:
    from ..store import StoredGame


def _web_half(name: str, entry: Any) -> GameWeb:
    """The web half a game's entry makes, checked to serve the game's kinds and no other."""
    web = entry.web()
    if not isinstance(web, GameWeb):
        raise kinds.BadGame(f"the game {name} makes no web half (a GameWeb): {web!r}")
    if [type(k) for k in web.kinds] != [type(k) for k in entry.kinds]:
        raise kinds.BadGame(f"the web half of the game {name} serves other kinds than its own")
    if web.name != entry.kinds[0].game:
        raise kinds.BadGame(f"the web half of the game {name} is named {web.name!r}, not its game")
    return web


WEBS: tuple[GameWeb, ...] = tuple(_web_half(*named) for named in kinds.game_entries())
"""Every game's web half, in the order the app offers them (l'Hombre's page is the chooser)."""


def web_of(kind: GameKind) -> GameWeb:
    """The web half that serves a kind (each kind has exactly one)."""
    return next(web for web in WEBS for served in web.kinds if type(served) is type(kind))


def named(name: str) -> GameWeb | None:
    """The web half of a game file's ``"game"`` (``/games/new/<name>``), if any."""
    return next((web for web in WEBS if web.name == name), None)


def new_games() -> list[GameWeb]:
    """The games started from ``/games/new/<name>``, for the new-game chooser."""
    return [web for web in WEBS if web.new_game is not None]


def rules_text(rules: Any) -> str:
    """Any game's rule set in a line of words, in the reader's language."""
    return web_of(kinds.kind_of(rules)).pages.rules_text(rules)


def round_end_text(rules: Any, deals: int | None) -> str:
    """How an event's round ends a table of any game's rules, in one sentence (or none)."""
    return web_of(kinds.kind_of(rules)).pages.round_end_text(rules, deals)


def standing(stored: StoredGame, names: Mapping[str, str] | None = None) -> list[str]:
    """Where any game stands, a line each (none for a game that shows no such lines); a
    player named by ``names`` where it has them (a club's member's name now)."""
    return web_of(stored.kind).pages.standing(stored, names)


class GameTemplates(BaseLoader):
    """Finds ``<name>/<template>`` in the template folder of the game of that name."""

    def get_source(self, environment: Environment, template: str) -> Any:
        name, _slash, rest = template.partition("/")
        web = named(name)
        if web is None or not rest:
            raise TemplateNotFound(template)
        return FileSystemLoader(str(web.templates)).get_source(environment, rest)
