"""Every versioned change, one way: ``with changing(db, owner, version, action) as change``.

An owner is a row with a version whose changes are logged on its own hash
chain: a game (``GameOwner``: its ``changes``), an event (``EventOwner``:
``event_changes``), a club (``ClubOwner``: ``club_changes``, besides its
ledger). A change is one write transaction taken before reading
(``db.transaction``; inside another one, a savepoint of it), so the owner
read inside is the one the change is written on; a page shown at another
version is refused (``Conflict``) before anything is written; the owner
moves on one version and the change leaves one line on its chain (the
database then records the chain's new length and head on the owner's row:
``db/migrations/m015_chain_lengths.py``). Whatever the body raises (a rule the
change breaks, a ``Conflict`` of its own) rolls all of it back.

What differs between owners is what they are read as, what else refuses a
change, and what their log line holds: the ``Owner`` hooks.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

import sqlite_utils

from ..clock import now
from ..db import facts, transaction
from ..db.chain import Chain, append
from ..db.numbers import next_version
from .errors import Conflict

T = TypeVar("T")


@dataclass
class Change(Generic[T]):
    """A change under way: the owner as read in its transaction, and its log line.

    The body fills in what the line says once it knows (a summary; for a
    game, the coup's position, the coup before and after, the phone).
    """

    stored: T
    action: str
    version: int
    """The version this change makes (the owner's was one less)."""
    position: int | None = None
    before: object = None
    after: object = None
    summary: str = ""
    by: int | None = None
    """The grant (phone) that made the change; None for the admin or the command line."""
    at: str = ""
    """When: the time written on the owner's row (its ``stamp``), if it has one."""
    kept: dict[str, Any] = field(default_factory=dict)
    """What an owner keeps from before the change for its line (a game: its row)."""
    wrote: dict[str, Any] = field(default_factory=dict)
    """What else the body wrote that its line records (a game: its seat changes moved)."""


class Owner(ABC, Generic[T]):
    """What a versioned change changes: a row of ``table`` with a ``version``, logged on ``log``.

    ``stamp``: the row's column of the time of its last change, if it has one.
    """

    table: ClassVar[str]
    log: ClassVar[Chain]
    stamp: ClassVar[str | None] = "updated_at"

    def __init__(self, owner_id: int) -> None:
        self.id = owner_id

    @abstractmethod
    def read(self, db: sqlite_utils.Database) -> T:
        """The owner as stored, first thing in the transaction; raise if it is not there."""

    @abstractmethod
    def version_of(self, stored: T) -> int:
        """The version of the owner as read (what the page's version is checked against)."""

    def refuse(self, db: sqlite_utils.Database, change: Change[T]) -> None:
        """After the version check, before any write: raise to refuse the change."""

    @abstractmethod
    def line(self, db: sqlite_utils.Database, change: Change[T]) -> dict[str, Any]:
        """The columns of the change's line on the owner's chain (after the body ran)."""

    def logged(self, db: sqlite_utils.Database, change: Change[T]) -> None:
        """After the line is written, in the same transaction."""


@contextmanager
def changing(
    db: sqlite_utils.Database,
    owner: Owner[T],
    version: int | None,
    action: str,
    by: int | None = None,
) -> Iterator[Change[T]]:
    """Read the owner, refuse a stale ``version`` (``Conflict``), bump it, log the change.

    ``version`` None: no page to be stale against (the command line, a
    club's preset kept by a new table). The new version is written before
    the body runs, so what the body reads back of the owner's row is the
    version being made.
    """
    with _transaction(db):
        if not facts.writing(db):  # what the other owners' ``facts`` lines say
            facts.writer(db, f"{owner.log.scope_name} {owner.id}: {action}")
        stored = owner.read(db)
        current = owner.version_of(stored)
        if version is not None and version != current:
            raise Conflict(owner.id)
        # one above, or above a version a restore took back (a page may still show it)
        change = Change(
            stored, action, next_version(db, owner.table, owner.id, current), by=by, at=now()
        )
        owner.refuse(db, change)
        stamp = "" if owner.stamp is None else f", [{owner.stamp}] = :at"
        db.execute(
            f"update [{owner.table}] set version = :version{stamp} where id = :id",
            {"version": change.version, "at": change.at, "id": owner.id},
        )
        yield change
        append(db, owner.log, owner.line(db, change))
        owner.logged(db, change)


def _transaction(db: sqlite_utils.Database) -> AbstractContextManager[Any]:
    """The change's own write transaction, or a savepoint of the one it is part of."""
    return db.atomic() if db.conn.in_transaction else transaction(db)
