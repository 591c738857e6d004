"""Seat changes on the hash chain: ``verify`` sees one altered, removed or added.

Someone taking a seat is an input of the game, as a coup is (``rules/seating.py``); its row
in ``seat_changes`` must be what the game's log says: the ``seat`` line of the change, or
for an import the log's first line. A game imported before that (m020) is checked from the
migration's ``chain`` line, as m011's games are.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
import sqlite_utils
from test_chains import _tampered, verify
from test_take_seat import seed_until, take

from scorekeeper.db import chain, connect
from scorekeeper.db.migrations import migrations


@pytest.fixture
def taken(app, client) -> tuple[Path, str, str]:
    """The database, a game where Denis plays for Bruno from coup 5, and its import."""
    game = seed_until(client, 4)
    assert take(client, game, "1", "Denis").status_code == 302
    exported = client.get(game + "/game.json").data.decode()
    imported = client.post("/games/import", data={"text": exported}).headers["Location"]
    return Path(app.config["DATABASE"]), game, imported


def test_a_seat_change_altered_removed_or_added_is_found(taken, tmp_path, capsys):
    path, game, imported = taken
    code, said = verify(path, capsys=capsys)
    assert code == 0, said
    played, copied = int(game.rsplit("/", 1)[1]), int(imported.rsplit("/", 1)[1])
    row = "game_id = {} and position = 1"
    for target in (played, copied):  # the seat line's change, and the import's first line
        cases = [
            (f"update seat_changes set player = 'Eve' where {row.format(target)}", "seat_changes"),
            (f"update seat_changes set coup = 2 where {row.format(target)}", "seat_changes"),
            (f"update seat_changes set seat = 2 where {row.format(target)}", "seat_changes"),
            (
                f"update seat_changes set way = 'takes_over' where {row.format(target)}",
                "seat_changes",
            ),
            (
                f"delete from seat_changes where {row.format(target)}",
                f"games row {target}: 0 seat changes stored, its log has 1",
            ),
            (
                "insert into seat_changes (game_id, position, coup, seat, player, way)"
                f" values ({target}, 2, 6, 0, 'Eve', 'plays_for')",
                "seat_changes",
            ),
        ]
        for n, (sql, named) in enumerate(cases):
            copy = _tampered(path, tmp_path / f"t{target}-{n}.sqlite", sql)
            code, said = verify(copy, capsys=capsys)
            assert code == 1, (sql, said)
            assert said.split("FAULT ", 1)[1].startswith(named), (sql, said)


def test_a_game_imported_before_m020_is_chained_from_the_migration(tmp_path, capsys):
    """Built as the release before: an import whose first line holds no seat changes."""
    path = tmp_path / "old.sqlite"
    old = sqlite_utils.Database(sqlite3.connect(path))
    migrations.apply(old, stop_before="m020_imported_seat_changes_in_the_log")
    coup = {"hombre": "Anne", "contract": "demande", "tricks": {"Anne": 5, "Bruno": 2, "Chloé": 2}}
    old["games"].insert(
        {
            "id": 1,
            "game": "hombre",
            "players": json.dumps(["Anne", "Bruno", "Chloé"]),
            "first_dealer": 0,
            "rules": json.dumps({"poule_system": "3-2"}),
            "created_at": "2026-11-20T20:00:00+00:00",
            "updated_at": "2026-11-20T20:00:00+00:00",
            "version": 1,
            "table_token": "old-table-token-0123456789",
        }
    )
    old["coups"].insert({"game_id": 1, "position": 1, "data": json.dumps(coup)})
    old["seat_changes"].insert(
        {"game_id": 1, "position": 1, "coup": 2, "seat": 1, "player": "Denis", "way": "plays_for"}
    )
    row = next(iter(old.query("select * from games where id = 1")))
    state = {k: v for k, v in row.items() if k not in chain.RECORDED} | {"coups": [coup]}
    chain.append(
        old,
        chain.CHANGES,
        {
            "game_id": 1,
            "at": "2026-11-20T20:00:00+00:00",
            "action": "import",
            "position": None,
            "before": None,
            "after": None,
            "summary": "1 coups",
            "grant_id": None,
            "state": json.dumps(state, sort_keys=True, separators=(",", ":")),
        },
    )
    old.conn.commit()
    old.conn.close()
    connect(path, migrate=True).close()  # m020 runs
    code, said = verify(path, capsys=capsys)
    assert code == 0, said
    assert "chained since the migration of" in said
    copy = _tampered(
        path, tmp_path / "t.sqlite", "update seat_changes set player = 'Eve' where game_id = 1"
    )
    code, said = verify(copy, capsys=capsys)
    assert code == 1 and said.split("FAULT ", 1)[1].startswith("seat_changes"), said
    # a database already migrated is left alone: no second line
    connect(path, migrate=True).close()
    lines = sqlite_utils.Database(str(path)).execute(
        "select count(*) from changes where action = 'chain'"
    )
    assert lines.fetchone()[0] == 1
