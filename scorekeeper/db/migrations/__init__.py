"""The database's schema as numbered migrations, applied in order by ``db.connect(migrate=True)``.

One small module per migration (``mNNN_what.py``), each with its ``migrate(db)``;
``MIGRATIONS`` lists those imported, in the order they run, and each is recorded under its
module's name. sqlite-utils records which have run (``_sqlite_migrations``), so
a database of any age is brought forward and a current one is left alone. A
migration is never edited once released: a change of schema is a new, higher
number that also fills what old rows lack. A migration is frozen as it ran, so
it imports nothing of the store or above (it writes its rows itself).
"""

from __future__ import annotations

import re
from types import ModuleType

import sqlite_utils
from sqlite_utils.migrations import Migrations

from . import (  # noqa: F401 (read by vars() below: the import is the one list)
    m001_games_coups_changes,
    m002_money,
    m003_links,
    m004_grants,
    m005_handover_and_who,
    m006_clubs,
    m007_seats_follow_the_table,
    m008_generation,
    m009_coup_keys,
    m010_cash_box,
    m011_hash_chains,
    m012_events,
    m013_phone_names,
    m014_club_presets,
    m015_chain_lengths,
    m016_coup_key_digests_and_look_alikes,
    m018_payments_at_tables,
    m019_seat_changes,
    m020_imported_seat_changes_in_the_log,
    m021_facts_on_the_logs,
    m022_secret_key,
    m023_table_stops,
    m024_a_payment_ticked_twice,
    m025_a_payments_money,
    m026_who_paid,
    m027_what_the_draw_was_asked,
    m028_a_payments_two_sides,
    m029_payment_sides,
    m030_payment_sides_on_the_logs,
    m031_numbers_given,
    m032_versions_given,
    m033_numbers_given_on_a_chain,
    m034_ledger_by_club,
    m035_ledger_by_other_side,
    m036_games_lost_charged,
    m037_how_a_coup_key_went,
    m038_a_corrected_coup_key,
)

MIGRATIONS: tuple[ModuleType, ...] = tuple(
    module for name, module in sorted(vars().items()) if re.fullmatch(r"m\d{3}_\w+", name)
)
"""Every migration, in the order it runs (its number): those imported above, so the import
is the one list (a test finds every file of the folder there)."""

migrations = Migrations("scorekeeper")
for module in MIGRATIONS:
    migrations(name=module.__name__.rpartition(".")[2])(module.migrate)


def number(name: str) -> int:
    """A migration's number, from its name: ``m020_…`` is 20 (0 for a name of another shape)."""
    digits = name[1:].partition("_")[0]
    return int(digits) if name.startswith("m") and digits.isdigit() else 0


KNOWN = frozenset(module.__name__.rpartition(".")[2] for module in MIGRATIONS)
SCHEMA = max(number(name) for name in KNOWN)
"""The schema version of this code: the number of its last migration."""


class OtherSchema(ValueError):
    """A database written by a version of Scorekeeper this one does not know (a newer one)."""


def unknown(db: sqlite_utils.Database) -> list[str]:
    """The migrations applied to ``db`` that this code does not have (a newer version's)."""
    return [m.name for m in migrations.applied(db) if m.name not in KNOWN]


def refuse_other(db: sqlite_utils.Database, where: object) -> None:
    """Raise OtherSchema, in one line naming both versions, if ``db`` was written by a newer
    version: this code would read its tables wrongly (the answer was a 500 on every coup)."""
    others = unknown(db)
    if not others:
        return
    theirs = max(number(name) for name in others)
    if theirs > SCHEMA:
        said = f"a newer Scorekeeper (schema {theirs})"
    else:
        said = f"another Scorekeeper (schema {theirs}, with {', '.join(sorted(others))})"
    raise OtherSchema(
        f"{where} was written by {said}; this version has schema {SCHEMA} and cannot use it: "
        "upgrade Scorekeeper, or restore a backup made by this version"
    )


def migrate(db: sqlite_utils.Database, where: object) -> None:
    """Refuse a newer database, then apply the migrations it lacks (callers hold the lock)."""
    refuse_other(db, where)
    migrations.apply(db)


__all__ = ["KNOWN", "MIGRATIONS", "SCHEMA", "OtherSchema", "migrate", "migrations", "unknown"]
