"""The one kind of error the rules raise: where it is, and what is wrong."""

from __future__ import annotations

from collections.abc import Callable


def N_(template: str) -> str:
    """Mark a message template for the translation catalogs; returns it unchanged."""
    return template


class GameError(ValueError):
    """A game or coup the rules refuse.

    ``field`` names the input at fault (``tricks``, ``rules.poule_system``…)
    so a form can show the message beside it; ``coup`` is the 1-based coup
    number, or None for the game's own fields. The message is a template
    with ``{named}`` parameters, so that the app can show it translated.

    >>> str(GameError("tricks", "tricks sum to {total}, expected 9", coup=3, total=10))
    'coup 3: tricks sum to 10, expected 9'
    """

    def __init__(
        self, field: str, template: str, coup: int | None = None, **params: object
    ) -> None:
        super().__init__(template.format(**params))
        self.field = field
        self.template = template
        self.params = params
        self.coup = coup

    @property
    def message(self) -> str:
        return self.template.format(**self.params)

    def at(self, coup: int) -> GameError:
        """The same error, placed at a coup."""
        return GameError(self.field, self.template, coup, **self.params)

    def translated(self, gettext: Callable[[str], str]) -> str:
        """The message in the reader's language, without the coup number."""
        return gettext(self.template).format(**self.params)

    def __str__(self) -> str:
        return self.message if self.coup is None else f"coup {self.coup}: {self.message}"
