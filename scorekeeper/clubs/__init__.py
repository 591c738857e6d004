"""A club: its members, its evenings of several tables, the room's settlement and the season.

The rows (records.py: the club and its rights; seats.py: members and the
seats that name them; evening_tables.py: evenings and their tables;
presets.py: the club's own rule sets, ``club_presets``) are
re-exported here, so ``clubs.X`` names them all. What is computed from the
games — the room's settlement of an evening (room.py), the season per
member (season.py) — is in plain modules that know nothing of the web:
import them by name.
"""

from __future__ import annotations

from ..clock import now
from ..store.errors import Conflict
from .evening_tables import (
    SameLabel,
    add_table,
    create_evening,
    days_played,
    evening,
    evening_lines,
    evening_version,
    evenings,
    played_on,
    seat_names_now,
    tables,
)
from .merging import SatTogether, entries_about, entries_at, kept, kept_members, merge, now_is
from .one_seat import SameMember
from .part_names import PartOfNames
from .presets import club_presets, save_preset
from .records import (
    Club,
    ClubName,
    DamagedEvening,
    Evening,
    Member,
    Refused,
    club,
    club_names,
    create,
    give,
    holds,
    managed_by,
    set_manager_hash,
)
from .seats import (
    MAX_MEMBERS,
    ClubFull,
    NameTaken,
    add_member,
    link_seats,
    look_alikes,
    member_named,
    members,
    names,
    rename,
    seat_members,
)

__all__ = [
    "MAX_MEMBERS",
    "Club",
    "ClubFull",
    "ClubName",
    "Conflict",
    "DamagedEvening",
    "Evening",
    "Member",
    "NameTaken",
    "PartOfNames",
    "Refused",
    "SameLabel",
    "SameMember",
    "SatTogether",
    "add_member",
    "add_table",
    "club",
    "club_names",
    "club_presets",
    "create",
    "create_evening",
    "days_played",
    "entries_about",
    "entries_at",
    "evening",
    "evening_lines",
    "evening_version",
    "evenings",
    "give",
    "holds",
    "kept",
    "kept_members",
    "link_seats",
    "look_alikes",
    "managed_by",
    "member_named",
    "members",
    "merge",
    "names",
    "now",
    "now_is",
    "played_on",
    "rename",
    "save_preset",
    "seat_members",
    "seat_names_now",
    "set_manager_hash",
    "tables",
]
