"""A row of the ``games`` table, read into typed fields once at the boundary.

Every read of a game starts from its row (``repository.py``); reading its
columns here, each as the schema gives it, keeps ``Any`` out of the store.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from ..db import rows


def _chip_value(row: rows.Row) -> str | None:
    """A chip's value as stored: a decimal's text ("0.05"), else ``rows.Damaged`` (text no
    decimal reads, written behind the app: every page of the game once crashed on it)."""
    value = rows.text_or_none(row, "chip_value")
    if value:
        try:
            if not Decimal(value).is_finite():
                raise InvalidOperation(value)
        except InvalidOperation:
            raise rows.Damaged("chip_value", "junk") from None
    return value


@dataclass(frozen=True)
class GamesRow:
    """The columns of a ``games`` row that the store reads."""

    id: int
    game: str
    """The game file's ``"game"``."""
    players: str
    """The players' names, as a JSON list."""
    rules: str
    """The rule set, as a JSON object (the game file's ``rules``)."""
    first_dealer: int
    created_at: str
    updated_at: str | None
    version: int
    chip_value: str | None
    """A chip's value, a decimal as text ("0.05"); None: the game counts no money."""
    currency: str | None
    manager_hash: str | None
    table_token: str | None
    generation: str | None
    """The database's generation, when the read selects it (``repository.GAME_ROWS``)."""
    stopped: bool = False
    """The table stopped after its last coup (m022); a row of an older schema has not."""

    @classmethod
    def of(cls, row: rows.Row) -> GamesRow:
        """The row as stored (``rows.Damaged`` naming it: a column retyped behind the app)."""
        with rows.reading("games", row):
            return cls(
                rows.whole(row, "id"),
                rows.text(row, "game"),
                rows.text(row, "players"),
                rows.text(row, "rules"),
                rows.whole(row, "first_dealer"),
                rows.text(row, "created_at"),
                rows.text_or_none(row, "updated_at"),
                rows.whole(row, "version"),
                _chip_value(row),
                rows.text_or_none(row, "currency"),
                rows.text_or_none(row, "manager_hash"),
                rows.text_or_none(row, "table_token"),
                rows.text_or_none(row, "generation"),
                bool(row.get("stopped") or 0),
            )

    def player_names(self) -> tuple[str, ...]:
        """The players' names (``rules.Damaged``: the column holds no list of names)."""
        names = self._json("players")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise rows.Damaged("players", "junk", self.id, "games")
        return tuple(str(n) for n in names)

    def rules_object(self) -> dict[str, object]:
        """The rule set's object (``rows.Damaged``: the column holds no JSON object)."""
        value = self._json("rules")
        if not isinstance(value, dict):
            raise rows.Damaged("rules", "junk", self.id, "games")
        rules: dict[str, object] = value
        return rules

    def _json(self, column: str) -> object:
        try:
            found: object = json.loads(getattr(self, column))
        except (ValueError, RecursionError):
            raise rows.Damaged(column, "junk", self.id, "games") from None
        return found
