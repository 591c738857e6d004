"""The two teams of the four-player games (Homme de Brou, Manille), as game files name them.

Seats 0 and 2 are *Nous*, seats 1 and 3 *Eux*: team ``seat % 2``.
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import N_, GameError

TEAMS = ("nous", "eux")
TEAM_WORDS: dict[str, str] = {"nous": N_("Nous"), "eux": N_("Eux")}
"""Each team's name for people, by its key: one home, which the pages translate and
``scorekeeper replay`` prints as it is (the file's keys are not words)."""


def team_field(value: object, key: str) -> int:
    if not isinstance(value, str) or value not in TEAMS:
        raise GameError(key, N_("a team is nous or eux"))
    return TEAMS.index(value)


def optional_team(item: Mapping[str, object], key: str) -> int | None:
    value = item.get(key)
    return None if value is None else team_field(value, key)
