"""L'Hombre's own pages answer 404 for another game's number (its journal, fiche, CSVs, story)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import abort

from ...rights.access import readable_head

GAME = "hombre"
"""The game file's ``"game"`` of l'Hombre's kinds."""


def hombre_only(view: Callable[..., Any]) -> Callable[..., Any]:
    """One of l'Hombre's own pages, asked for another game's number: 404."""

    @wraps(view)
    def only(game_id: int, **kwargs: Any) -> Any:
        if readable_head(game_id).kind.game != GAME:
            abort(404)
        return view(game_id, **kwargs)

    return only
