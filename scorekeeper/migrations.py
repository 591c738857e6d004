"""The database's schema as numbered migrations, applied in order by ``db.connect(migrate=True)``.

sqlite-utils records which have run (``_sqlite_migrations``), so a database
of any age is brought forward and a current one is left alone. A migration
is never edited once released: a change of schema is a new, higher number
that also fills what old rows lack.
"""

from __future__ import annotations

import json
import secrets

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .clock import now

migrations = Migrations("scorekeeper")


@migrations()
def m001_games_coups_changes(db: sqlite_utils.Database) -> None:
    db.table("games").create(
        {
            "id": int,
            "game": str,  # "hombre"
            "players": str,  # JSON list, seat order
            "first_dealer": int,
            "rules": str,  # JSON object, every setting
            "created_at": str,
            "updated_at": str,
            "version": int,  # +1 on every change
        },
        pk="id",
        not_null={"game", "players", "first_dealer", "rules", "created_at", "version"},
    )
    db.table("coups").create(
        {"id": int, "game_id": int, "position": int, "data": str},
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "position", "data"},
    )
    db.table("coups").create_index(["game_id", "position"], unique=True)
    db.table("changes").create(
        {
            "id": int,
            "game_id": int,
            "at": str,
            "action": str,  # create, import, add, edit, delete, undo, rules
            "position": int,
            "before": str,  # JSON of the coup (or rules) before, if any
            "after": str,
            "summary": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "at", "action"},
    )
    db.table("changes").create_index(["game_id"])


@migrations()
def m002_money(db: sqlite_utils.Database) -> None:
    """What a chip is worth, for the settlement in money (display only)."""
    db.table("games").add_column("chip_value", str)  # a decimal, e.g. "0.05"
    db.table("games").add_column("currency", str)  # e.g. "EUR"


@migrations()
def m003_links(db: sqlite_utils.Database) -> None:
    """The manager link (its hash only) and the read-only table link of each game."""
    db.table("games").add_column("manager_hash", str)
    db.table("games").add_column("table_token", str)
    for row in list(db.query("select id from games")):
        db.execute(
            "update games set table_token = ? where id = ?",
            [secrets.token_urlsafe(18), row["id"]],
        )


@migrations()
def m004_grants(db: sqlite_utils.Database) -> None:
    """Rights kept on the server, so that they can be taken back.

    A browser's cookie carries only a random device token; a ``grants`` row
    (its hash) says that device may change a game, an ``admin_sessions`` row
    that it is logged in as the admin. Revoking the row ends the right at once,
    for every copy of the cookie.
    """
    db.table("grants").create(
        {
            "id": int,
            "game_id": int,
            "device": str,  # SHA-256 of the device token
            "label": str,  # what the browser said it was, for the links page
            "created_at": str,
            "last_change_at": str,
            "revoked_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "device", "created_at"},
    )
    db.table("grants").create_index(["device", "game_id"])
    db.table("grants").create_index(["game_id"])
    db.table("admin_sessions").create(
        {
            "id": int,
            "token": str,  # SHA-256 of the session's token
            "password_tag": str,  # which admin password it was opened with
            "label": str,
            "created_at": str,
            "revoked_at": str,
        },
        pk="id",
        not_null={"token", "password_tag", "created_at"},
    )
    db.table("admin_sessions").create_index(["token"], unique=True)


@migrations()
def m005_handover_and_who(db: sqlite_utils.Database) -> None:
    """The handover code (its hash only) and which phone made each change.

    ``games.handover_hash``: SHA-256 of the short code that lets a phone that
    follows the game take the fiche over when the manager's phone is gone.
    ``changes.grant_id``: the grant (the device) that made the change, shown in
    the change log; None for changes made without one (the admin, old rows).
    """
    db.table("games").add_column("handover_hash", str)
    db.table("changes").add_column("grant_id", int)


@migrations()
def m006_clubs(db: sqlite_utils.Database) -> None:
    """A club's members, its evenings of several tables, and who sat where.

    A default club is made, and every player name of the games already stored
    becomes one of its members, each seat linked to its member: the games
    themselves (their rows, coups and files) are not changed.
    """
    db.table("clubs").create(
        {
            "id": int,
            "name": str,
            "chip_value": str,  # a decimal, e.g. "0.05"
            "currency": str,
            "manager_hash": str,  # SHA-256 of the club's manager link secret
            "read_token": str,  # the club link's secret (read only)
            "version": int,  # +1 on every change of members or evenings
            "created_at": str,
        },
        pk="id",
        not_null={"name", "read_token", "version", "created_at"},
    )
    db.table("members").create(
        {"id": int, "club_id": int, "name": str, "short_name": str, "merged_into": int},
        pk="id",
        foreign_keys=[("club_id", "clubs", "id"), ("merged_into", "members", "id")],
        not_null={"club_id", "name"},
    )
    db.table("members").create_index(["club_id", "name"])
    db.table("seats").create(
        {"game_id": int, "seat": int, "member_id": int},
        pk=("game_id", "seat"),
        foreign_keys=[("game_id", "games", "id"), ("member_id", "members", "id")],
        not_null={"member_id"},
    )
    db.table("seats").create_index(["member_id"])
    db.table("evenings").create(
        {"id": int, "club_id": int, "date": str, "title": str, "created_at": str},
        pk="id",
        foreign_keys=[("club_id", "clubs", "id")],
        not_null={"club_id", "date", "created_at"},
    )
    db.table("evenings").create_index(["club_id", "date"])
    db.table("evening_games").create(
        {"evening_id": int, "game_id": int, "table_no": int},
        pk=("evening_id", "game_id"),
        foreign_keys=[("evening_id", "evenings", "id"), ("game_id", "games", "id")],
        not_null={"table_no"},
    )
    db.table("evening_games").create_index(["game_id"], unique=True)
    db.table("club_grants").create(
        {"id": int, "club_id": int, "device": str, "created_at": str, "revoked_at": str},
        pk="id",
        foreign_keys=[("club_id", "clubs", "id")],
        not_null={"club_id", "device", "created_at"},
    )
    db.table("club_grants").create_index(["device", "club_id"])
    stamp = now()
    club = {"name": "Club", "read_token": secrets.token_urlsafe(18), "version": 1}
    club_id = int(db.table("clubs").insert({**club, "created_at": stamp}).last_pk or 0)
    members: dict[str, int] = {}
    for row in list(db.query("select id, players from games order by id")):
        for seat, name in enumerate(json.loads(row["players"])):
            if name not in members:
                member = {"club_id": club_id, "name": name, "short_name": None}
                members[name] = int(db.table("members").insert(member).last_pk or 0)
            db.table("seats").insert(
                {"game_id": row["id"], "seat": seat, "member_id": members[name]}
            )


@migrations()
def m007_seats_follow_the_table(db: sqlite_utils.Database) -> None:
    """Seats re-linked to the players a table has now (issue 24).

    Until now a table's set-up change (players renamed, reordered, added or
    removed before the first coup) left its ``seats`` rows as they were: a
    seat with no row broke the evening and the season, a moved one billed
    another member. A game never set up again keeps its rows (they were
    written from these very names; a member renamed on the club's pages
    since is still him). A game whose set-up changed keeps a seat's member
    when the member (or the one he was merged into) bears the player's
    name, takes the member of that name among the game's old seats (a
    reorder), else the club's member of that name, made if there is none, as
    a new table does. Rows beyond the players are removed.
    """
    games = db.execute(
        """select games.id, games.players, exists(select 1 from changes where
        changes.game_id = games.id and changes.action = 'rules') from games
        where games.id in (select game_id from seats union select game_id from evening_games)"""
    ).fetchall()
    for game_id, players_json, set_up in games:
        players = json.loads(players_json)
        db.execute("delete from seats where game_id = ? and seat >= ?", [game_id, len(players)])
        row = db.execute(
            """select evenings.club_id from evening_games join evenings
            on evenings.id = evening_games.evening_id where evening_games.game_id = ?
            union all select members.club_id from seats join members
            on members.id = seats.member_id where seats.game_id = ? limit 1""",
            [game_id, game_id],
        ).fetchone()
        if row is None:
            continue
        club_id = int(row[0])
        old = dict(db.execute("select seat, member_id from seats where game_id = ?", [game_id]))
        names = {member: _names_of(db, member) for member in old.values()}
        for seat, name in enumerate(players):
            member = old.get(seat)
            if member is not None and (not set_up or name in names[member]):
                continue
            found = [m for m in old.values() if name in names[m]]
            member = found[0] if found else _member_named(db, club_id, name)
            db.table("seats").insert(
                {"game_id": game_id, "seat": seat, "member_id": member}, replace=True
            )


def _names_of(db: sqlite_utils.Database, member: int) -> set[str]:
    """The member's name and those of the members he was merged into."""
    out: set[str] = set()
    seen: set[int] = set()
    current: int | None = member
    while current is not None and current not in seen:
        seen.add(current)
        row = db.execute("select name, merged_into from members where id = ?", [current]).fetchone()
        if row is None:
            break
        out.add(row[0])
        current = row[1]
    return out


def _member_named(db: sqlite_utils.Database, club_id: int, name: str) -> int:
    """The club's member of that name (an unmerged one first), made if there is none."""
    row = db.execute(
        "select id from members where club_id = ? and name = ?"
        " order by merged_into is not null, id limit 1",
        [club_id, name],
    ).fetchone()
    if row is not None:
        return int(row[0])
    new = {"club_id": club_id, "name": name, "short_name": None, "merged_into": None}
    return int(db.table("members").insert(new).last_pk or 0)


@migrations()
def m008_generation(db: sqlite_utils.Database) -> None:
    """The database's generation: a random token that a restore replaces.

    A kept page's key holds it, so that a database restored in place (the same
    games, versions and table tokens as before, then other coups) never gets the
    pages kept from before the restore (``backup.restore``, ``web/kept``).
    """
    db.table("generation").create({"id": int, "token": str}, pk="id", not_null={"token"})
    db.table("generation").insert({"id": 1, "token": secrets.token_hex(12)})


@migrations()
def m009_coup_keys(db: sqlite_utils.Database) -> None:
    """The keys the manager's phone made for the coups it sent (issue 26).

    A coup sent again because its answer was lost (the Wi-Fi dropped, the
    phone's outbox retried) carries the key it was stored under: the server
    answers as if it had just stored it and stores nothing. One key per game
    (primary key), tied to the coup's position and the version its save made;
    the keys go with their game (``on delete cascade``).
    """
    db.execute(
        """create table coup_keys (
            game_id integer not null references games(id) on delete cascade,
            key text not null,
            position integer not null,
            version integer not null,
            primary key (game_id, key)
        )"""
    )


@migrations()
def m010_cash_box(db: sqlite_utils.Database) -> None:
    """The club's cash box (issue 28): its ledger, evenings closed and reopened, transfers paid.

    ``ledger``: one row per entry of a member's account, in whole cents
    (scorekeeper/cashbox/entries.py says the kinds and the sign); rows are
    only ever inserted, by ``store.ledger.insert_entry``: a reversal is a
    new row naming the one it undoes (``reverses``). ``prev_hash`` and
    ``hash`` are left empty here: the club's hash chain fills them.
    ``evening_closings``: each close and reopen of an evening, in order;
    the last says whether its tables are locked. ``transfers_paid``: the
    settlement transfers of a single table ticked as paid (a row while
    ticked; the game's change log keeps every tick and untick).
    """
    db.table("ledger").create(
        {
            "id": int,
            "club_id": int,
            "member_id": int,
            "kind": str,
            "amount": int,  # cents, signed: what it does to the member's balance
            "on_date": str,  # YYYY-MM-DD
            "evening_id": int,
            "reverses": int,
            "method": str,
            "received_by": str,
            "note": str,
            "created_at": str,
            "prev_hash": str,
            "hash": str,
        },
        pk="id",
        foreign_keys=[
            ("club_id", "clubs", "id"),
            ("member_id", "members", "id"),
            ("evening_id", "evenings", "id"),
            ("reverses", "ledger", "id"),
        ],
        not_null={"club_id", "member_id", "kind", "amount", "on_date", "created_at"},
    )
    db.table("ledger").create_index(["club_id", "on_date"])
    db.table("ledger").create_index(["reverses"], unique=True)
    db.table("evening_closings").create(
        {"id": int, "evening_id": int, "action": str, "at": str},
        pk="id",
        foreign_keys=[("evening_id", "evenings", "id")],
        not_null={"evening_id", "action", "at"},
    )
    db.table("evening_closings").create_index(["evening_id"])
    db.table("transfers_paid").create(
        {"game_id": int, "payer": int, "payee": int, "amount": int, "at": str},
        pk=("game_id", "payer", "payee", "amount"),
        foreign_keys=[("game_id", "games", "id")],
        not_null={"at"},
    )


@migrations()
def m011_hash_chains(db: sqlite_utils.Database) -> None:
    """Each game's change log (and each club's ledger) becomes a hash chain, append-only.

    Every row gets ``prev_hash`` and ``hash`` (``store/chain.py``); the rows
    already stored are chained as they are, in id order. A change now records
    the columns of the game's row it wrote (``changes.state``); the old lines
    did not, so each game stored before gets one more line, ``chain``: the
    game as it is at this migration (its row and its coups), from which its
    later lines are checked (``store/audit.py``) and which its pages name as
    where its chain starts. Then triggers refuse an UPDATE or DELETE of a
    chained row and an insert without its hash: a change is a new row. No
    route deletes a game or a log row (a coup deleted is a new line), so no
    exception is needed; docs/security.md says how one would be recorded.
    """
    from .store.chain import CHAINS, GENESIS, link
    from .store.changelog import Action, log

    for chain in CHAINS:
        table = db.table(chain.table)
        if not table.exists():
            continue
        for column in ("prev_hash", "hash", *(("state",) if chain.table == "changes" else ())):
            if column not in table.columns_dict:
                table.add_column(column, str)
        scope, prev = object(), GENESIS
        for row in list(db.query(f"select * from [{chain.table}] order by [{chain.scope}], id")):
            if row[chain.scope] != scope:
                scope, prev = row[chain.scope], GENESIS
            row["prev_hash"] = prev
            prev = link(prev, row)
            db.execute(
                f"update [{chain.table}] set prev_hash = ?, hash = ? where id = ?",
                [row["prev_hash"], prev, row["id"]],
            )
    for game in list(db.query("select * from games order by id")):
        coups = db.execute(
            "select data from coups where game_id = ? order by position", [game["id"]]
        ).fetchall()
        state = {**game, "coups": [json.loads(data) for (data,) in coups]}
        log(db, game["id"], Action.CHAIN, summary="m011_hash_chains", state=state)
    for chain in CHAINS:
        if not db.table(chain.table).exists():
            continue
        name = chain.table
        refusal = f"{name} is append-only: record a change as a new row"
        for event in ("update", "delete"):  # one statement each: executescript would commit
            db.execute(
                f"create trigger if not exists [{name}_no_{event}] before {event} on [{name}]"
                f" begin select raise(abort, '{refusal}'); end"
            )
        db.execute(
            f"create trigger if not exists [{name}_chained] before insert on [{name}]"
            " when new.hash is null begin"
            f" select raise(abort, '{name}: a row is written by store/chain.py append'); end"
        )


@migrations()
def m012_events(db: sqlite_utils.Database) -> None:
    """Competitions (issue 27): an event, its players, rounds, tables, penalties and change log.

    An event's tables are ordinary games (``event_tables.game_id``); a club's
    event also opens an evening of the club per round, so its tables join the
    season. The manager link's secret is stored hashed, as a game's.
    """
    db.table("events").create(
        {
            "id": int,
            "club_id": int,
            "name": str,
            "settings": str,
            "seed": int,
            "manager_hash": str,
            "read_token": str,
            "version": int,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"name", "settings", "seed", "read_token", "version"},
        foreign_keys=[("club_id", "clubs", "id")],
    )
    db.table("events").create_index(["read_token"], unique=True)
    db.table("event_grants").create(
        {"id": int, "event_id": int, "device": str, "created_at": str, "revoked_at": str},
        pk="id",
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_grants").create_index(["device", "event_id"])
    db.table("event_players").create(
        {
            "id": int,
            "event_id": int,
            "name": str,
            "team": str,
            "together": str,
            "partner": str,
            "member_id": int,
            "joined": int,
            "withdrawn": int,
        },
        pk="id",
        not_null={"event_id", "name", "joined"},
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_players").create_index(["event_id", "name"], unique=True)
    db.table("event_rounds").create(
        {
            "event_id": int,
            "number": int,
            "seed": int,
            "sitting_out": str,
            "evening_id": int,
            "started_at": str,
            "closed_at": str,
        },
        pk=("event_id", "number"),
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_tables").create(
        {
            "event_id": int,
            "round": int,
            "table_no": int,
            "game_id": int,
            "locked": str,
            "locked_version": int,
        },
        pk=("event_id", "round", "table_no"),
        foreign_keys=[("event_id", "events", "id"), ("game_id", "games", "id")],
    )
    db.table("event_tables").create_index(["game_id"], unique=True)
    db.table("event_penalties").create(
        {
            "id": int,
            "event_id": int,
            "player": str,
            "points": int,
            "reason": str,
            "round": int,
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_changes").create(
        {"id": int, "event_id": int, "version": int, "action": str, "summary": str, "at": str},
        pk="id",
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_changes").create_index(["event_id", "id"])


@migrations()
def m013_phone_names(db: sqlite_utils.Database) -> None:
    """The name the manager gives a phone ("Anne's phone"), shown instead of what its
    browser said it was ("Linux · Chrome"), which stays in ``label``."""
    db.table("grants").add_column("name", str)


@migrations()
def m014_club_presets(db: sqlite_utils.Database) -> None:
    """A club's own rule sets, each under a name: its evenings offer them first (issue 29).

    ``rules`` is the game file's rules object (JSON), ``game`` its family
    (``"manille"``…); a name is the club's own (one row per club and name).
    """
    db.table("club_presets").create(
        {"id": int, "club_id": int, "name": str, "game": str, "rules": str, "created_at": str},
        pk="id",
        foreign_keys=[("club_id", "clubs", "id")],
        not_null={"club_id", "name", "game", "rules", "created_at"},
    )
    db.table("club_presets").create_index(["club_id", "name"], unique=True)


@migrations()
def m015_chain_lengths(db: sqlite_utils.Database) -> None:
    """Every change log on a hash chain, each chain's length and head kept on its owner's row.

    Issue 34: an event's change log becomes a chain as a game's is
    (``event_changes``: its rows so far chained as they are, in id order), and
    a club's changes get their own chained log (``club_changes``: members,
    presets, the ledger's entries, evenings). Issue 36: a chain's last rows
    removed left every link whole; now each owner row records its chains'
    length and last hash (``games``/``events``/``clubs``: ``log_length``,
    ``log_head``; ``clubs``: ``ledger_length``, ``ledger_head`` too), filled
    here with what each chain holds now, then kept by a trigger on each
    insert into the chain, in the inserting transaction (``store/chain.py``,
    ``recorded_fault``). The new logs are append-only as the others (m011).
    """
    from .store.chain import GENESIS, link

    if "hash" not in db.table("event_changes").columns_dict:
        db.table("event_changes").add_column("prev_hash", str)
        db.table("event_changes").add_column("hash", str)
    scope, prev = object(), GENESIS
    for row in list(db.query("select * from event_changes order by event_id, id")):
        if row["event_id"] != scope:
            scope, prev = row["event_id"], GENESIS
        row["prev_hash"] = prev
        prev = link(prev, row)
        db.execute(
            "update event_changes set prev_hash = ?, hash = ? where id = ?",
            [row["prev_hash"], prev, row["id"]],
        )
    db.table("club_changes").create(
        {
            "id": int,
            "club_id": int,
            "version": int,
            "action": str,
            "summary": str,
            "at": str,
            "prev_hash": str,
            "hash": str,
        },
        pk="id",
        foreign_keys=[("club_id", "clubs", "id")],
        not_null={"club_id", "version", "action", "at"},
    )
    db.table("club_changes").create_index(["club_id", "id"])
    for name in ("event_changes", "club_changes"):
        refusal = f"{name} is append-only: record a change as a new row"
        for event in ("update", "delete"):  # one statement each: executescript would commit
            db.execute(
                f"create trigger if not exists [{name}_no_{event}] before {event} on [{name}]"
                f" begin select raise(abort, '{refusal}'); end"
            )
        db.execute(
            f"create trigger if not exists [{name}_chained] before insert on [{name}]"
            " when new.hash is null begin"
            f" select raise(abort, '{name}: a row is written by store/chain.py append'); end"
        )
    # (chain table, its scope column, owner table, length column, head column)
    recorded = (
        ("changes", "game_id", "games", "log_length", "log_head"),
        ("ledger", "club_id", "clubs", "ledger_length", "ledger_head"),
        ("event_changes", "event_id", "events", "log_length", "log_head"),
        ("club_changes", "club_id", "clubs", "log_length", "log_head"),
    )
    for table, scope_column, owner, length, head in recorded:
        if length not in db.table(owner).columns_dict:
            db.table(owner).add_column(length, int, not_null_default=0)
            db.table(owner).add_column(head, str)
        db.execute(
            f"update [{owner}] set [{length}] = (select count(*) from [{table}]"
            f" where [{scope_column}] = [{owner}].id), [{head}] = (select hash from [{table}]"
            f" where [{scope_column}] = [{owner}].id order by id desc limit 1)"
        )
        db.execute(
            f"create trigger if not exists [{table}_recorded] after insert on [{table}] begin"
            f" update [{owner}] set [{length}] = [{length}] + 1, [{head}] = new.hash"
            f" where id = new.[{scope_column}]; end"
        )
