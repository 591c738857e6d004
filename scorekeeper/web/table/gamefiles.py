"""The game file of a stored game as downloaded, made once per version."""

from __future__ import annotations

from ... import store
from ...rules import kinds, stopping
from ...rules.gamefile import json_text


def game_file_text(stored: store.StoredGame) -> str:
    """The game file exactly as downloaded (with the stop and the chip value, if set)."""
    text = stored.derived.get("game.json")
    if text is None:  # made once per version (the settlement shows its SHA-256 too)
        data = stopping.with_stop(
            kinds.dump_seated(stored.game, stored.seat_changes), stored.stopped
        )
        if stored.money is not None:
            data["money"] = stored.money.to_file()
        text = stored.derived["game.json"] = json_text(data)
    return str(text)
