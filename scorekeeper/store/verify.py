"""``scorekeeper verify``: the chains recomputed and the games checked against their logs.

Exit 0 printing every chain's head (the short form the pages print), or exit
1 naming every row at fault, one line ``FAULT …`` each. ``--heads FILE`` checks that the chains
still contain the heads kept in FILE last time, then writes the heads of
now into it: the treasurer keeps that file away from the server.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from pathlib import Path

from ..clock import day_of
from ..db import Database
from ..db.backup import _uri, default_database
from ..db.chain import Fault
from .audit import Outcome, heads_text, kept_heads_faults, verify

MIGRATION = "m011_hash_chains"


class Refused(Exception):
    """Not a database this command can check (missing, or older than the chains)."""


def _day(stamp: str) -> str:
    """A migration's day as the pages say it (``clock.day_of``); a stamp that is no time
    as it is stored."""
    try:
        return day_of(stamp)
    except ValueError:
        return stamp


def _kept_heads(heads: Path) -> str:
    """The heads kept in ``heads`` last time ("" the first time), refused before any check
    when the file could not be read or the heads of now not written there: a folder, or a
    folder that is not there (a USB stick not mounted)."""
    if heads.is_dir():
        raise Refused(f"cannot keep the heads in {heads}: it is a folder")
    if not heads.parent.is_dir():
        raise Refused(f"cannot keep the heads in {heads}: no folder {heads.parent}")
    if not heads.exists():
        return ""
    try:
        return heads.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise Refused(f"cannot read the heads kept in {heads}: {error}") from None


def run(database: Path, heads: Path | None) -> tuple[Outcome, list[Fault]]:
    """The database checked read-only: its outcome, and every fault (the kept heads' first)."""
    if not database.is_file():
        raise Refused(f"no database at {database}")
    kept = _kept_heads(heads) if heads is not None else ""
    try:
        conn = sqlite3.connect(_uri(database), uri=True)
        db = Database(conn)
        migrated = db.table("_sqlite_migrations").exists() and bool(
            db.execute("select 1 from _sqlite_migrations where name = ?", [MIGRATION]).fetchone()
        )
        if not migrated:
            raise Refused(f"{database} has no hash chains yet: start the app on it once")
        faults = kept_heads_faults(db, kept)
        outcome = verify(db)
        conn.close()
    except (OSError, sqlite3.Error, UnicodeDecodeError) as error:
        raise Refused(f"cannot read {database}: {error}") from None
    return outcome, faults + list(outcome.faults)


def command(args: argparse.Namespace) -> int:
    database = Path(args.database) if args.database else default_database()
    heads = Path(args.heads) if args.heads else None
    try:
        outcome, faults = run(database, heads)
    except Refused as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if faults:
        for fault in faults:
            print(f"FAULT {fault}", file=sys.stderr)
        print(f"{len(faults)} fault{'s' if len(faults) > 1 else ''}", file=sys.stderr)
        return 1
    for head in outcome.heads:
        since = outcome.started.get(head.scope) if head.table == "changes" else None
        note = f" (chained since the migration of {_day(since)})" if since else ""
        facts_since = outcome.facts_since.get((head.table, head.scope))
        if facts_since:
            note += f" (its rows checked since the migration of {_day(facts_since)})"
        print(f"{head}{note}")
    chains = "chain" if len(outcome.heads) == 1 else "chains"
    print(
        f"ok: {len(outcome.heads)} {chains}, every game is what its log says"
        ", every club and event too"
    )
    if heads is not None:
        temporary = heads.with_name(heads.name + ".tmp")
        try:
            temporary.write_text(heads_text(outcome.heads), encoding="utf-8")
            os.replace(temporary, heads)
        except OSError as error:  # a read-only folder, a full stick: the heads kept stay
            print(f"error: cannot write the heads to {heads}: {error}", file=sys.stderr)
            return 2
        print(f"heads written to {heads}")
    return 0
