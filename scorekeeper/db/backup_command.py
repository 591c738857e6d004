"""The ``backup`` and ``restore`` commands (``cli.py`` reads their arguments): the copies
checked before and after, the folder of nightly copies, what a restore takes back and says.

A refusal is ``Refused``: one line on stderr, exit status 2 (the command's ``UserError``).
"""

from __future__ import annotations

import argparse
import sqlite3
from pathlib import Path


class Refused(Exception):
    """Why the command does nothing: one line for the user."""


def _count(count: int, word: str) -> str:
    """A count as the command says it: "1 game", "3 games", "1 day"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _games(count: int) -> str:
    """A count of games as the command says it: "1 game", "3 games"."""
    return _count(count, "game")


def backup_command(args: argparse.Namespace) -> None:
    import os
    from datetime import datetime

    from .backup import (
        backup,
        check_backup,
        dated,
        default_database,
        not_replaceable,
        prune,
        same_file,
    )

    source = Path(args.database) if args.database else default_database()
    if not source.is_file():
        raise Refused(f"no database at {source}")
    target = Path(args.dest)
    now = datetime.now()
    # a folder the nightly command names (`…/scorekeeper/`, or --keep-days) that is not there
    # yet is made, as the guides' commands expect (the container's `/app/instance/backups/`),
    # never written as a file of the folder's name; its parent must be there (a typo shows)
    named_a_folder = args.dest.endswith(("/", os.sep)) or args.keep_days is not None
    if args.keep_days is not None and args.keep_days < 1:  # refused before a folder is made
        raise Refused("--keep-days takes a number of days from 1, and a folder to back up into")
    if named_a_folder and target.exists() and not target.is_dir():
        # a file of the folder's name (written each night before the folder was made): never
        # overwritten as the night's one copy
        raise Refused(f"{target} is a file, not a folder: move it away, or name a file")
    if named_a_folder and not target.exists():
        if not target.parent.is_dir():
            raise Refused(f"no folder {target.parent}: create it first")
        try:
            target.mkdir(mode=0o700)  # a backup holds the server's secret key
        except OSError as error:
            raise Refused(f"cannot make the folder {target}: {error}") from None
    if args.keep_days is not None and (args.keep_days < 1 or not target.is_dir()):
        raise Refused("--keep-days takes a number of days from 1, and a folder to back up into")
    if target.is_dir():
        if same_file(target, source.parent):
            # `backup instance` (the data folder typed as what to back up): the dated copies
            # would pile up among the live files, one letter from the database's name, and
            # go with the folder (docs/deploy.md, "Nightly backups")
            raise Refused(
                f"{args.dest} is the database's own folder ({source.parent}):"
                " name a folder for the backups (e.g. /var/backups/scorekeeper/)"
            )
        target = dated(target, now)
    if not target.parent.is_dir():
        raise Refused(f"no folder {target.parent}: create it first")
    refusal = not_replaceable(source, target)  # the database itself, a file not a backup
    if refusal is not None:
        raise Refused(refusal)
    try:
        check_backup(source)
        backup(source, target)
        games = check_backup(target)
    except ValueError as error:
        raise Refused(str(error)) from None
    except (OSError, sqlite3.Error) as error:
        raise Refused(f"cannot write {target}: {error}") from None
    print(f"backed up {_games(games)} from {source} to {target}")
    if args.keep_days is not None:
        removed = prune(target.parent, args.keep_days, now)
        days = _count(args.keep_days, "day")
        print(f"removed {_count(len(removed), 'file')} older than {days}")


def restore_command(args: argparse.Namespace) -> None:
    from .backup import default_database, same_file
    from .serving_mark import unserved

    target = Path(args.database) if args.database else default_database()
    source = Path(args.source)
    if not source.is_file():
        raise Refused(f"no backup at {source}")
    if target.exists() and same_file(source, target):  # by any of its names: nothing to do
        raise Refused(f"{source} is the database itself: name a backup of it")
    with unserved(target) as server:  # no server starts until the restore is done
        if server is not None:
            # its connections would go on with the file swapped under them (serving_mark.py)
            raise Refused(f"{server} is serving {target}: stop it first, then restore")
        _restore(args, source, target)


def _restore(args: argparse.Namespace, source: Path, target: Path) -> None:
    from .backup import (
        check_backup,
        floors_at_the_highest,
        floors_lowered,
        key_of,
        log_retyped,
        restore,
        what_a_restore_takes,
    )

    try:
        games = check_backup(source)
        if target.is_dir():  # before the backup is copied beside it, as <folder>.restoring
            raise Refused(f"{target} is a folder: name the database file in it")
        if target.exists() and not args.force:
            try:
                held = check_backup(target)
            except ValueError as error:
                raise Refused(f"{error}; add --force to replace it with the backup") from None
            if held:
                raise Refused(
                    f"{target} holds games: restoring replaces all of them; add --force to do it"
                )
        if not target.parent.is_dir():
            raise Refused(f"no folder {target.parent}")
        before = key_of(target) if target.exists() else None
        taken = what_a_restore_takes(source, target) if target.exists() else []
        # floors lowered behind the app: the restore keeps what their log says (verify)
        lowered = [f"in the backup, {fault}" for fault in floors_lowered(source)]
        unknown = [f"in the backup, {fault}" for fault in log_retyped(source)]
        # floors at SQLite's highest (the numbering stopped): the restore keeps none (verify)
        stopped = [f"in the backup, {fault}" for fault in floors_at_the_highest(source)]
        if target.exists():
            lowered += [f"in {target}, {fault}" for fault in floors_lowered(target)]
            unknown += [f"in {target}, {fault}" for fault in log_retyped(target)]
            stopped += [f"in {target}, {fault}" for fault in floors_at_the_highest(target)]
        restore(source, target)
    except ValueError as error:
        raise Refused(str(error)) from None
    except (OSError, sqlite3.Error) as error:
        raise Refused(f"cannot restore into {target}: {error}") from None
    print(f"restored {_games(games)} from {source} into {target}")
    for line in taken:
        print(line)
    for line in lowered:
        print(f"{line}: the restored database keeps what the log says")
    for line in unknown:
        print(f"{line}; scorekeeper verify named it")
    for line in stopped:
        print(f"{line}: the restored database does not keep it")
    if before is not None and key_of(target) != before:
        print(
            "the backup brings its own secret key, which the server reads when it starts:"
            " the phones of the backup's server keep their rights"
        )
