"""Games as stored: the inputs and their change log, read back as rules-engine values.

Every change of a game, an event or a club goes through ``changing`` (one
write transaction, the version checked and moved on, a line on the owner's
change log, a hash chain); a game's is validated
by replaying the game as it will be before anything is committed (from the
kept report of the coups the change leaves as they were: ``checkpoints.py``).

- ``stored``: the stored game and what is kept on it per version;
- ``repository``: reading a game (its head, or whole) and the lists of games;
- ``changelog``: the change log (``Action``), the history, undo and redo;
- ``changing``: the one way a game, an event or a club changes (``Owner``);
- ``game_owner``, ``club_log``: what a game and a club are read as and log (an event:
  ``events/records.py``'s ``EventOwner``);
- ``game_setup``: creation, the table's settings, the money;
- ``links``: the manager link, the handover code, the phones' rights;
- ``coup_edits``: coups added, corrected, deleted, undone, redone;
- ``stops``: a casual table stops here (the game ends as it stands), or plays on after all;
- ``grants``: which phone may manage or follow which game (the links' rights, stored);
- ``audit``: the hash chains (``db/chain.py``) recomputed and each game checked against
  its log; ``verify``: the ``scorekeeper verify`` command that runs it;
- ``coup_keys``: the phones' keys of the coups they sent (a retry is stored once);
- ``closings``: evenings closed and reopened (a closed evening's tables take no coup);
- ``table_locks``: why a table takes no coup now (evening, event round, lock, deals), read
  from their rows (no import of the clubs or events above);
- ``cache`` and ``checkpoints``: the games this process replayed, and their kept
  reports, so that a change replays only from the nearest checkpoint.

The store knows no club, event or page: those sit above it (``pyproject.toml``'s layers).
"""

from __future__ import annotations

from ..clock import now
from .changelog import Action, CoupChanges, coup_changes, history, redoable, seats_then
from .changing import Change, Owner, changing
from .closings import table_closed
from .club_log import ClubOwner
from .coup_edits import add_coup, delete_coup, edit_coup, redo_coup, unchanged
from .coup_keys import KEY, AlreadyStored, digest_of, stored_under
from .errors import Closed, Conflict, NotFound
from .game_owner import GameOwner
from .game_rows import GamesRow
from .game_setup import create, set_money, set_table, setup_refused
from .links import (
    handover_hash,
    name_device,
    remove_device,
    set_handover_hash,
    set_manager_hash,
    take_over,
)
from .repository import (
    DamagedGameRow,
    GameHead,
    GameRow,
    head,
    head_of_row,
    list_games,
    list_rows,
    load,
    row_and_grant,
    row_game,
)
from .seat_changes import take_seat
from .stops import resume, stop
from .stored import AnyGame, AnyReport, StoredGame, replayed
from .table_club import club_of
from .table_locks import Lock, TableState, table_state

__all__ = [
    "KEY",
    "Action",
    "AlreadyStored",
    "AnyGame",
    "AnyReport",
    "Change",
    "Closed",
    "ClubOwner",
    "Conflict",
    "CoupChanges",
    "DamagedGameRow",
    "GameHead",
    "GameOwner",
    "GameRow",
    "GamesRow",
    "Lock",
    "NotFound",
    "Owner",
    "StoredGame",
    "TableState",
    "add_coup",
    "changing",
    "club_of",
    "coup_changes",
    "create",
    "delete_coup",
    "digest_of",
    "edit_coup",
    "handover_hash",
    "head",
    "head_of_row",
    "history",
    "list_games",
    "list_rows",
    "load",
    "name_device",
    "now",
    "redo_coup",
    "redoable",
    "remove_device",
    "replayed",
    "resume",
    "row_and_grant",
    "row_game",
    "seats_then",
    "set_handover_hash",
    "set_manager_hash",
    "set_money",
    "set_table",
    "setup_refused",
    "stop",
    "stored_under",
    "table_closed",
    "table_state",
    "take_over",
    "take_seat",
    "unchanged",
]
