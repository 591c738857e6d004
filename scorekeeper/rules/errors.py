"""The one kind of error the rules raise: where it is, and what is wrong."""

from __future__ import annotations


class GameError(ValueError):
    """A game or coup the rules refuse.

    ``field`` names the input at fault (``tricks``, ``rules.poule_system``…)
    so a form can show the message beside it; ``coup`` is the 1-based coup
    number, or None for the game's own fields.

    >>> str(GameError("tricks", "tricks sum to 10, expected 9", coup=3))
    'coup 3: tricks sum to 10, expected 9'
    """

    def __init__(self, field: str, message: str, coup: int | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.coup = coup

    def at(self, coup: int) -> GameError:
        """The same error, placed at a coup."""
        return GameError(self.field, self.message, coup)

    def __str__(self) -> str:
        return self.message if self.coup is None else f"coup {self.coup}: {self.message}"
