"""The database's schema as numbered migrations, applied in order by ``db.connect(migrate=True)``.

One small module per migration (``mNNN_what.py``), each with its ``migrate(db)``;
``MIGRATIONS`` lists them in the order they run, and each is recorded under its
module's name. sqlite-utils records which have run (``_sqlite_migrations``), so
a database of any age is brought forward and a current one is left alone. A
migration is never edited once released: a change of schema is a new, higher
number that also fills what old rows lack. A migration is frozen as it ran, so
it imports nothing of the store or above (it writes its rows itself).
"""

from __future__ import annotations

from types import ModuleType

from sqlite_utils.migrations import Migrations

from . import (
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
    m022_table_stops,
)

MIGRATIONS: tuple[ModuleType, ...] = (
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
    m022_table_stops,
)
"""Every migration, in the order it runs (its number)."""

migrations = Migrations("scorekeeper")
for module in MIGRATIONS:
    migrations(name=module.__name__.rpartition(".")[2])(module.migrate)

__all__ = ["MIGRATIONS", "migrations"]
