"""A club's own presets: a game's rule set saved under a name, offered first at its evenings.

A preset is the game file's ``rules`` object and the game it is for; the
kind is asked of the rules when read, so a preset stays what its rules
say. It is saved while a game is created from one of the club's evenings,
in that creation's transaction (``save_preset`` inside ``store.create``'s
``then``), and replaces a preset of the same name. What a club may keep is
bounded: ``MAX_PRESETS`` names of at most ``MAX_NAME`` characters.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import sqlite_utils

from ..clock import now
from ..db import rows
from ..names import tidy
from ..rules import kinds
from ..store.changing import changing
from ..store.club_log import ClubOwner
from .records import Refused

MAX_PRESETS = 24
MAX_NAME = 40


def club_presets(db: sqlite_utils.Database, club_id: int) -> list[tuple[str, str, dict[str, Any]]]:
    """(name, kind name, rules mapping) of the club's presets, by name.

    For whoever builds on them (the evenings here; competitions): the
    rules are the game file's, ready for ``kinds.build``.
    """
    found = []
    for row in db.query(
        "select id, name, game, rules from club_presets where club_id = ?"
        " order by name collate nocase",
        [club_id],
    ):
        with rows.reading("club_presets", row):  # retyped behind the app: its row is said
            found.append(_preset(row))
    return found


def _preset(row: rows.Row) -> tuple[str, str, dict[str, Any]]:
    """A preset as stored: a name, a game no family lacks, rules that are a JSON object."""
    name, game, text = rows.text(row, "name"), rows.text(row, "game"), rows.text(row, "rules")
    try:
        rules: object = json.loads(text)
    except (ValueError, RecursionError):
        raise rows.Damaged("rules", "junk") from None
    if not isinstance(rules, dict):
        raise rows.Damaged("rules", "junk")
    try:
        key = kinds.stored_kind(game, rules).key
    except KeyError:
        raise rows.Damaged("game", "junk") from None
    return name, key, rules


def presets_for_game(
    every: list[tuple[str, str, dict[str, Any]]], game: str
) -> dict[str, dict[str, Any]]:
    """Of ``club_presets``, those of one game (the file's ``"game"``): name → rules."""
    family = {kind.key for kind in kinds.KINDS if kind.game == game}
    return {name: rules for name, key, rules in every if key in family}


def save_preset(
    db: sqlite_utils.Database, club_id: int, name: str, game: str, rules: Mapping[str, Any]
) -> None:
    """Keep ``rules`` under ``name`` (replacing that name's); Refused if full.

    A change of the club (it moves on one version, its log says so) made
    inside the creation of the table it was named at: no club page to be
    stale against.
    """
    name = tidy(name)  # invisible characters out (names.py)
    if not name or len(name) > MAX_NAME:
        raise Refused(f"a preset's name is 1 to {MAX_NAME} characters")
    with changing(db, ClubOwner(club_id), None, "preset") as change:
        change.summary = f"{game}: {name}"
        _keep(db, club_id, name, game, rules)


def _keep(
    db: sqlite_utils.Database, club_id: int, name: str, game: str, rules: Mapping[str, Any]
) -> None:
    known = db.execute(
        "select count(*), sum(name = ?) from club_presets where club_id = ?", [name, club_id]
    ).fetchone()
    if not known[1] and known[0] >= MAX_PRESETS:
        raise Refused(f"a club keeps at most {MAX_PRESETS} presets")
    db.execute("delete from club_presets where club_id = ? and name = ?", [club_id, name])
    row = {"club_id": club_id, "name": name, "game": game, "rules": json.dumps(dict(rules))}
    db.table("club_presets").insert({**row, "created_at": now()})
