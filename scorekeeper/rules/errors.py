"""The one kind of error the rules raise: where it is, and what is wrong."""

from __future__ import annotations

from collections.abc import Callable
from string import Formatter


def N_(template: str) -> str:
    """Mark a message template for the translation catalogs; returns it unchanged."""
    return template


LEAD = N_("{field}: {message}")
"""A refusal led by the field it names (``GameError.named``)."""


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

    led: bool = False
    """The message begins with the field it names (``named``)."""

    @property
    def message(self) -> str:
        return self._lead(self.template.format(**self.params), LEAD)

    def at(self, coup: int) -> GameError:
        """The same error, placed at a coup."""
        error = GameError(self.field, self.template, coup, **self.params)
        error.led = self.led
        return error

    def named(self) -> GameError:
        """The same error, its message led by the field it names, for a reader of a file
        who has no form to see it beside: "seat_changes[1].way: …" (docs/formats.md)."""
        error = GameError(self.field, self.template, self.coup, **self.params)
        error.led = True
        return error

    def translated(
        self, gettext: Callable[[str], str], number: Callable[[int], str] | None = None
    ) -> str:
        """The message in the reader's language, without the coup number; a whole number
        in it (a bound, a count) written by ``number``, as the reader groups one (the
        web's "at most 1 000 000 000"; the command says it plain)."""
        template, params = gettext(self.template), self.params
        if number is not None:  # "got {value!r}" keeps its 7: grouped, it would say '7'
            plain = {f for _, f, spec, conv in Formatter().parse(template) if not spec and not conv}
            params = {
                k: number(v) if type(v) is int and k in plain else v for k, v in params.items()
            }
        return self._lead(template.format(**params), gettext(LEAD))

    def _lead(self, text: str, lead: str) -> str:
        return lead.format(field=self.field, message=text) if self.led else text

    def __str__(self) -> str:
        return self.message if self.coup is None else f"coup {self.coup}: {self.message}"
