"""Who may change a game: the manager link, the handover code, the phones that hold the right.

Only hashes are stored (``access.py`` makes and checks the secrets). Each of
these is a change of the game like a coup (``changing``): it moves the
version, so a page shown before it cannot act on the old links.
"""

from __future__ import annotations

import sqlite_utils

from . import grants
from .changelog import Action
from .changing import changing
from .errors import Conflict, NotFound
from .game_owner import GameOwner


def set_manager_hash(
    db: sqlite_utils.Database,
    game_id: int,
    manager_hash: str,
    version: int | None = None,
    keep_device: str | None = None,
    by: int | None = None,
) -> None:
    """Issue a new manager link: the previous link stops working, and every device that
    holds the right loses it but ``keep_device`` (the phone that issued the link)."""
    with changing(db, GameOwner(game_id), version, Action.MANAGER_LINK, by):
        db.execute("update games set manager_hash = ? where id = ?", [manager_hash, game_id])
        grants.revoke_others(db, game_id, keep_device)


def handover_hash(db: sqlite_utils.Database, game_id: int) -> str | None:
    """The hash of the game's handover code (None: no code issued yet)."""
    rows = list(db.query("select handover_hash from games where id = ?", [game_id]))
    if not rows:
        raise NotFound(game_id)
    value = rows[0]["handover_hash"]
    return None if value is None else str(value)


def set_handover_hash(
    db: sqlite_utils.Database,
    game_id: int,
    code_hash: str,
    version: int | None = None,
    by: int | None = None,
) -> None:
    """Issue a new handover code (the manager shows it again): the previous one stops working."""
    with changing(db, GameOwner(game_id), version, Action.HANDOVER_CODE, by):
        db.execute("update games set handover_hash = ? where id = ?", [code_hash, game_id])


def take_over(
    db: sqlite_utils.Database,
    game_id: int,
    code_hash: str,
    new_code_hash: str,
    new_manager_hash: str,
    device: str,
    label: str,
    version: int | None = None,
) -> grants.Grant:
    """The phone that gave the handover code becomes the only one that may change the game.

    Checked again inside the write transaction, so two phones racing with the
    same code cannot both win: the code, the manager link and every other
    phone's right are replaced in the same step. Raises ``Conflict`` if the
    code changed meanwhile (or the version moved).
    """
    with changing(db, GameOwner(game_id), version, Action.TAKEOVER) as change:
        cursor = db.execute(
            "update games set handover_hash = ?, manager_hash = ?"
            " where id = ? and handover_hash = ?",
            [new_code_hash, new_manager_hash, game_id, code_hash],
        )
        if cursor.rowcount != 1:
            raise Conflict(game_id)
        grant = grants.give(db, game_id, device, label)
        change.summary = str(grants.revoke_others(db, game_id, device))
        change.by = grant.id
    return grant


def remove_device(
    db: sqlite_utils.Database,
    game_id: int,
    grant_id: int,
    version: int,
    new_manager_hash: str,
    by: int | None = None,
) -> None:
    """Take one device's right to change the game back (*remove this phone*), and every way
    back that phone holds: the manager link is replaced (``new_manager_hash``: the link
    it may have opened stops working) and the handover code is dropped (it may have seen
    it; the manager shows a new one when needed). The other phones keep their right."""
    with changing(db, GameOwner(game_id), version, Action.PHONE_REMOVED, by) as change:
        if not grants.revoke(db, game_id, grant_id):
            raise NotFound(grant_id)
        db.execute(
            "update games set manager_hash = ?, handover_hash = null where id = ?",
            [new_manager_hash, game_id],
        )
        change.summary = str(grant_id)


def name_device(
    db: sqlite_utils.Database,
    game_id: int,
    grant_id: int,
    name: str,
    version: int,
    by: int | None = None,
) -> None:
    """Name a phone that holds the right ("Anne's phone"): the links page and the change
    log show it. A change like any (``changing``): the kept pages that name phones move on."""
    with changing(db, GameOwner(game_id), version, Action.PHONE_NAMED, by) as change:
        if not grants.set_name(db, game_id, grant_id, name):
            raise NotFound(grant_id)
        change.summary = name


def right_lost_at(db: sqlite_utils.Database, game_id: int) -> tuple[str, str] | None:
    """The last change that took phones' right away (a takeover, a new manager link, a
    removal): its action and its time, for the phone that finds it no longer holds the fiche."""
    actions = [str(Action.TAKEOVER), str(Action.MANAGER_LINK), str(Action.PHONE_REMOVED)]
    rows = list(
        db.query(
            "select action, at from changes where game_id = ? and action in (?, ?, ?)"
            " order by id desc limit 1",
            [game_id, *actions],
        )
    )
    return (str(rows[0]["action"]), str(rows[0]["at"])) if rows else None
