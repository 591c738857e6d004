"""A value of the database retyped behind the app (SQLite keeps any type in any column) is
said, never a 500: every page that reads it answers below 500, and ``scorekeeper verify``
names the row at fault rather than crash.

The world is the one ``test_audit_facts`` writes through the app's own store (a club, an
evening of two tables, a game alone, a competition); each case copies it, drops the
triggers as a tamperer would and retypes one stored value with ``sqlite3``.
"""

from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path

import pytest
from apps import TEST_DATABASE, suite_app, tampered
from test_audit_facts import World, _build
from web import forget_kept

from scorekeeper.cli import main

BLOB, REAL, TEXT, WHOLE, JUNK = (
    "x'80ff00'",
    "2.5",
    "'sept'",
    "7",
    "'{\"coup\": [1,'",
)
"""What a tamperer puts in a column: a BLOB, a REAL, TEXT in a number's column, a whole
number in a text's, text that is not JSON."""


@pytest.fixture(scope="module")
def world(tmp_path_factory, migrated_database) -> World:
    """The world, with an admin's session open in it (``ADMIN_SESSION``): each case's copy
    holds it, so a case's admin needs no login of their own (a write of the admin's row: about
    2 ms of a case's 130 ms of CPU, 3 ms of wall)."""
    path = tmp_path_factory.mktemp("types") / "world.sqlite"
    shutil.copy(migrated_database, path)
    built = _build(path)
    client = suite_app(path, ADMIN_PASSWORD="pw").test_client()
    assert client.post("/admin", data={"password": "pw"}).status_code == 302
    cookie = client.get_cookie("session")
    assert cookie is not None
    ADMIN_SESSION[:] = [cookie.value]
    # a case's admin, on a copy of the world: the admin's page, not a reader's
    home = _admin(tampered(path, path.with_name("admin.sqlite"))).get("/")
    assert 'action="/admin/logout"' in home.text
    return built


ADMIN_SESSION: list[str] = []
"""The session cookie of the admin whose session the module's world holds."""


def _tampered(world: World, target: Path, sql: str) -> Path:
    """The world changed by ``sql`` behind the app (``apps.tampered``; a row or more)."""
    return tampered(world.path, target, sql, rows=None)


def _game_pages(game: int) -> list[str]:
    return [
        f"/games/{game}",
        f"/games/{game}/history",
        f"/games/{game}/coups",
        f"/games/{game}/settlement",
        f"/games/{game}/story",
        f"/games/{game}/fiche",
        f"/games/{game}/journal.csv",
        f"/games/{game}/standings.csv",
        f"/games/{game}/game.json",
        f"/games/{game}/report.json",
        f"/games/{game}/links",
        "/",
    ]


def _club_pages(world: World) -> list[str]:
    club = world.club
    return [
        f"/clubs/{club}",
        f"/clubs/{club}/manage",
        f"/clubs/{club}/cash",
        f"/clubs/{club}/season",
        f"/clubs/{club}/ratings",
        f"/clubs/{club}/members/{world.members['Bruno']}",
        f"/evenings/{world.evening}",
        f"/evenings/{world.evening}/settlement",
        f"/evenings/{world.other_evening}",  # open: its links to the club's presets
        "/clubs",
    ]


def _event_pages(world: World) -> list[str]:
    conn = sqlite3.connect(world.path)
    (token,) = conn.execute("select read_token from events where id = ?", [world.event]).fetchone()
    conn.close()
    public = [f"/events/{token}{page}" for page in ("", "/results", "/results.json", "/wall")]
    table = f"/games/{world.event_tables[0]}"  # a table of round 1: its locks read the event
    mine = [table, f"{table}/settlement", f"{table}/game.json"]
    return [
        f"/events/{world.event}/slips",
        f"/events/{world.event}/slips.pdf",
        f"/events/{world.event}",
        "/events",
        f"/clubs/{world.club}",
        "/",
        *public,
        *mine,
    ]


COLUMNS = {
    "changes": ("at", "action", "position", "before", "after", "summary", "grant_id", "state"),
    "club_changes": ("version", "action", "summary", "at", "state"),
    "club_presets": ("name", "game", "rules"),
    "event_changes": ("version", "action", "summary", "at", "state"),
    "coups": ("position", "data"),
    "games": ("game", "players", "rules", "first_dealer", "version", "chip_value", "stopped"),
    "seat_changes": ("coup", "seat", "player", "way"),
    "transfers_paid": ("payer", "payee", "amount", "cents"),
    "ledger": ("member_id", "kind", "amount", "on_date", "received_by", "other_side"),
    "members": ("club_id", "name", "short_name", "merged_into"),
    "seats": ("game_id", "seat", "member_id"),
    "evenings": ("club_id", "date", "title"),
    "evening_games": ("game_id", "table_no"),
    "events": ("club_id", "name", "settings", "seed", "version"),
    "event_players": ("name", "member_id", "joined", "withdrawn"),
    "event_rounds": ("seed", "sitting_out", "started_at"),
    "event_tables": ("game_id", "round", "table_no", "locked"),
    "event_penalties": ("player", "points", "round"),
}
"""The columns retyped: the logs' and the game's stored inputs (its row, coups, seat
changes and ticks), a club's ledger, members, evenings and their tables, and an event's
rows, that their pages, settlements, files and ``verify`` read."""
TEXTS = frozenset({"at", "action", "before", "after", "summary", "state", "data", "players"})
TEXTS |= {"rules", "player", "way", "kind", "on_date", "received_by", "name", "short_name"}
TEXTS |= {"date", "title", "settings", "sitting_out", "started_at", "locked", "game"}
TEXTS |= {"chip_value"}
"""The TEXT columns among them: a whole number there is retyped too (elsewhere, no change)."""


CASES = [
    (table, column, value)
    for table, columns in COLUMNS.items()
    for column in columns
    for value in ((BLOB, WHOLE, JUNK) if column in TEXTS else (BLOB, REAL, TEXT))
]
"""Each column with what differs to its reader. SQLite turns a number put in a TEXT column
into its text (2.5 is "2.5" as 7 is "7"), and text in an INTEGER column stays text whether
it reads as JSON or not: so a TEXT column takes a BLOB, a number's text and text that is
not JSON (of a JSON column, or no word the column knows); an INTEGER column a BLOB, a REAL
and text. The five values in every column drew each of these twice (302 cases, 27 CPU-s)."""


def _where(world: World, table: str) -> str:
    return {
        "changes": f"id = (select max(id) from changes where game_id = {world.table}"
        " and action = 'add')",
        "club_changes": f"id = (select max(id) from club_changes where club_id = {world.club})",
        "club_presets": f"club_id = {world.club}",
        "event_changes": f"id = (select max(id) from event_changes where event_id = {world.event})",
        "coups": f"game_id = {world.table} and position = 1",
        "games": f"id = {world.table}",
        "seat_changes": f"game_id = {world.table}",
        "transfers_paid": "id = (select min(id) from transfers_paid"
        f" where game_id = {world.table})",
        "ledger": f"id = (select min(id) from ledger where club_id = {world.club})",
        "members": f"id = {world.members['Anne']}",
        "seats": f"game_id = {world.second} and seat = 1",  # a table nobody took a seat at
        "evenings": f"id = {world.evening}",
        "evening_games": f"game_id = {world.table}",
        "events": f"id = {world.event}",
        "event_players": f"id = (select min(id) from event_players where event_id = {world.event})",
        "event_rounds": f"event_id = {world.event} and number = 1",
        "event_tables": f"event_id = {world.event} and round = 1 and table_no = 1",
        "event_penalties": f"event_id = {world.event}",
    }[table]


def _pages(world: World, table: str) -> list[str]:
    if table in ("changes", "coups", "seat_changes"):
        return _game_pages(world.table)
    clubs = ("games", "transfers_paid", "ledger", "members", "seats", "evenings", "evening_games")
    if table in clubs:  # the evening's other table too: its pages read the room
        other = [f"/games/{world.second}/report.json", f"/games/{world.second}/settlement.pdf"]
        return [*_game_pages(world.table), *other, *_club_pages(world)]
    if table in ("club_changes", "club_presets"):
        return _club_pages(world)
    return _event_pages(world)


def _admin(path: Path, language: str = "en"):
    """The admin's client of an app on ``path``, nothing kept from an earlier test: the
    copies share the world's generation, so a page drawn from another copy (kept in this
    process's memory) would be handed out without reading the retyped row."""
    app = suite_app(path, ADMIN_PASSWORD="pw")
    app.config["PROPAGATE_EXCEPTIONS"] = False  # a 500 is answered as a 500, not raised
    forget_kept(app)
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    client.set_cookie("session", ADMIN_SESSION[0])  # the world's admin (``world``)
    return client


def _each_names(world: World, tmp_path: Path, sql: str, pages, words: str):
    """After ``sql`` behind the app, each of ``pages`` refuses (409) and says ``words``:
    the row at fault, named. The admin's client, for what the test asks next."""
    client = _admin(_tampered(world, tmp_path / TEST_DATABASE, sql))
    for page in pages:
        answer = client.get(page)
        assert answer.status_code == 409, page
        assert words in answer.get_data(as_text=True), page
    return client


@pytest.mark.parametrize(("table", "column", "value"), CASES)
def test_a_retyped_value_is_said_not_a_500(world, tmp_path, capsys, table, column, value):
    sql = f"update {table} set {column} = {value} where {_where(world, table)}"
    path = _tampered(world, tmp_path / TEST_DATABASE, sql)
    client = _admin(path)
    answered = {page: client.get(page).status_code for page in _pages(world, table)}
    assert all(status < 500 for status in answered.values()), answered
    code = main(["verify", "--database", str(path)])  # a traceback fails the test here
    said = capsys.readouterr().err
    assert code == 1, said
    assert f"FAULT {table}" in said, said  # a row's id, else (seat_changes) the game's


def _line(world: World, table: str) -> int:
    """The id of the row of ``table`` that ``_where`` retypes."""
    conn = sqlite3.connect(world.path)
    (line,) = conn.execute(f"select rowid from {table} where {_where(world, table)}").fetchone()
    conn.close()
    return int(line)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", "la ligne {line} de la table changes"),
        ("en", "row {line} of the table changes"),
        ("da", "række {line} i tabellen changes"),
        ("nl", "rij {line} van de tabel changes"),
    ],
)
def test_the_history_names_a_line_whose_text_is_a_blob(world, tmp_path, language, words):
    """The last note's case: a change-log line whose ``before`` holds a BLOB made the
    history a 500; it names the line, in the reader's language, 409."""
    line = _line(world, "changes")
    path = _tampered(
        world, tmp_path / TEST_DATABASE, f"update changes set before = {BLOB} where id = {line}"
    )
    page = _admin(path, language).get(f"/games/{world.table}/history")
    assert page.status_code == 409
    assert words.format(line=line) in page.get_data(as_text=True)


def test_verify_names_a_blob_in_a_chained_line(world, tmp_path, capsys):
    line = _line(world, "changes")
    path = _tampered(
        world, tmp_path / TEST_DATABASE, f"update changes set summary = {BLOB} where id = {line}"
    )
    assert main(["verify", "--database", str(path)]) == 1
    said = capsys.readouterr().err
    assert f"FAULT changes row {line}: its column summary holds a blob, which the app" in said


def test_the_director_names_an_event_log_line_whose_summary_is_a_blob(world, tmp_path):
    """The event's log on its director's page read a BLOB summary as ``b'\\x80…'``: its
    reader names the line, as the game's history does."""
    line = _line(world, "event_changes")
    sql = f"update event_changes set summary = {BLOB} where id = {line}"
    page = _admin(_tampered(world, tmp_path / TEST_DATABASE, sql)).get(f"/events/{world.event}")
    assert page.status_code == 409
    assert f"row {line} of the table event_changes" in page.get_data(as_text=True)


@pytest.mark.parametrize("value", [BLOB, WHOLE, JUNK])
def test_the_game_names_a_coup_row_that_is_no_coup(world, tmp_path, value):
    """A coup's ``data`` that is a BLOB, JSON that is no coup (7) or no JSON: every page of
    the game reads its coups, so each says which row (409), none a 500."""
    line = _line(world, "coups")
    sql = f"update coups set data = {value} where id = {line}"
    page = _admin(_tampered(world, tmp_path / TEST_DATABASE, sql)).get(f"/games/{world.table}")
    assert page.status_code == 409
    assert f"row {line} of the table coups" in page.get_data(as_text=True)


@pytest.mark.parametrize("value", [BLOB, "999"])
def test_a_member_moved_out_of_the_club_is_named_where_his_seats_count(world, tmp_path, value):
    """Bruno's ``club_id`` retyped, or another club's: Bruno is no longer among the club's
    members, yet their seats still name Bruno. The season, the evening and its tables'
    settlements looked Bruno up among them (a KeyError, 500); they name Bruno's row (409)."""
    bruno = world.members["Bruno"]
    sql = f"update members set club_id = {value} where id = {bruno}"
    _room_says(world, tmp_path, sql, world.table, f"row {bruno} of the table members")


@pytest.mark.parametrize("value", [BLOB, "999"])
def test_a_seat_moved_off_its_table_is_named_not_lost(world, tmp_path, value):
    """The second table's seat 1 (Bruno's) moved to no game: the table's seats have a hole.
    The room read ``seat_of[1]`` (a KeyError, 500 on the evening and every settlement of its
    tables) and the season too; each says a seat row was changed (409), as verify does. (The
    second table was never played: the season reads none of its rows, ``room.played``.)"""
    sql = f"update seats set game_id = {value} where game_id = {world.second} and seat = 1"
    _room_says(world, tmp_path, sql, world.second, "of the table seats was changed", False)


@pytest.mark.parametrize("column", ["seat", "member_id"])
def test_a_newcomers_kept_member_retyped_is_named(world, tmp_path, capsys, column):
    """Gilles sat down at the first table (``seats.taken_seat``: its seats row of seat −1
    keeps their member, review10). That row retyped is said where the room reads it (409,
    naming the row), never a 500, and ``verify`` names it (review11: no fault found)."""
    conn = sqlite3.connect(world.path)
    (line,) = conn.execute(
        "select rowid from seats where game_id = ? and seat = -1", [world.table]
    ).fetchone()
    conn.close()
    sql = f"update seats set {column} = {BLOB} where rowid = {line}"
    _room_says(world, tmp_path, sql, world.table, f"row {line} of the table seats")
    assert main(["verify", "--database", str(tmp_path / TEST_DATABASE)]) == 1
    assert f"FAULT seats row {line}: its column {column} holds a blob" in capsys.readouterr().err


def _room_says(
    world: World, tmp_path: Path, sql: str, table: int, words: str, season: bool = True
) -> None:
    """After ``sql``, the season (``season``: unless the row is of a table nobody played,
    which it reads nothing of), the evening, its settlement and ``table``'s settlement each
    answer 409 saying ``words`` (the row named)."""
    _each_names(
        world,
        tmp_path,
        sql,
        (
            *([f"/clubs/{world.club}/season"] if season else []),
            f"/evenings/{world.evening}",
            f"/evenings/{world.evening}/settlement",
            f"/games/{table}/settlement",
        ),
        words,
    )


def test_a_seats_member_is_named_by_his_own_row(world, tmp_path):
    """Anne's ``merged_into`` a BLOB, read while reading a seat that names her: the seat's
    reader renamed the member's fault as its own (``seats row 1``); the member's row is
    said, the one to mend."""
    anne = world.members["Anne"]
    sql = f"update members set merged_into = {BLOB} where id = {anne}"
    page = _admin(_tampered(world, tmp_path / TEST_DATABASE, sql)).get(f"/evenings/{world.evening}")
    assert page.status_code == 409
    assert f"row {anne} of the table members" in page.get_data(as_text=True)


@pytest.mark.parametrize(
    "state",
    [
        "7",
        '{"event_penalties": {"[1]": 5}}',
        '{"event_penalties": {"[1]": {"player": "A"}}}',
        '{"event_penalties": {"[1]": {"player": "A", "points": "x", "reason": "r", "round": 1}}}',
    ],
)
def test_a_correction_line_carrying_no_correction_is_named(world, tmp_path, capsys, state):
    """A correction's line of the event's log carries its row (m021), read for its round
    (events4): JSON of another shape there made the director's page a 500 (``.get`` of a
    number, a key missing, ``int('x')``). The line is named (409); verify names it too."""
    conn = sqlite3.connect(world.path)
    (line,) = conn.execute(
        "select id from event_changes where event_id = ? and action = 'penalty'", [world.event]
    ).fetchone()
    conn.close()
    sql = f"update event_changes set state = '{state}' where id = {line}"
    path = _tampered(world, tmp_path / TEST_DATABASE, sql)
    page = _admin(path).get(f"/events/{world.event}")
    assert page.status_code == 409
    assert f"row {line} of the table event_changes" in page.get_data(as_text=True)
    assert main(["verify", "--database", str(path)]) == 1
    assert f"FAULT event_changes row {line}" in capsys.readouterr().err


def test_a_seat_or_merge_naming_no_member_names_its_own_row(world, tmp_path):
    """A seat's member_id, or a merge's merged_into, set to a member there is none of: the
    room took the missing number for a member of another club and named "row 999 of the
    table members", a row there is not; the row that names them is said."""
    conn = sqlite3.connect(world.path)
    (seat,) = conn.execute(
        "select rowid from seats where game_id = ? and seat = 1", [world.second]
    ).fetchone()
    conn.close()
    anne = world.members["Anne"]
    season, evening = f"/clubs/{world.club}/season", f"/evenings/{world.evening}"
    for sql, said, pages in (
        (  # a seat of the second table, never played: the season reads none of its rows
            f"update seats set member_id = 999 where rowid = {seat}",
            f"row {seat} of the table seats",
            (evening,),
        ),
        (
            f"update members set merged_into = 999 where id = {anne}",
            f"row {anne} of the table members",
            (season, evening),
        ),
    ):
        client = _admin(_tampered(world, tmp_path / f"t{len(said)}.sqlite", sql))
        for page in pages:
            answer = client.get(page)
            assert answer.status_code == 409, (sql, page)
            assert said in answer.get_data(as_text=True), (sql, page)


@pytest.mark.parametrize(
    "sql",
    [
        "update games set id = 77 where id = {t}",
        "update evening_games set game_id = 77 where game_id = {t}",
    ],
)
def test_an_evening_table_whose_game_is_gone_is_named(world, tmp_path, sql):
    """The first table's game renumbered (or its table pointed at no game) behind the app: the
    room loaded a game there is none of (NotFound, a 500 on the evening, the season and the
    other table's settlement); the evening's table row is said."""
    _each_names(
        world,
        tmp_path,
        sql.format(t=world.table),
        (
            f"/evenings/{world.evening}",
            f"/clubs/{world.club}/season",
            f"/games/{world.second}/settlement",
        ),
        "of the table evening_games",
    )


def test_a_ledger_entry_of_no_member_of_the_club_is_named(world, tmp_path):
    """An entry's member_id set to a member the club has not: the evening's purse counted
    them, and the room's settlement looked their name up among the club's (a 500); the entry's
    row is said, on the cash box too (it counted money of nobody of the club)."""
    line = _line(world, "ledger")
    sql = f"update ledger set member_id = 999 where id = {line}"
    _each_names(
        world,
        tmp_path,
        sql,
        (f"/evenings/{world.evening}/settlement", f"/clubs/{world.club}/cash"),
        f"row {line} of the table ledger",
    )


def test_an_event_table_whose_game_is_gone_is_named(world, tmp_path):
    """Round 1's first table pointed at no game behind the app: the standing loaded a game
    there is none of (NotFound: a 500 on the director's page, the slips and every public
    page of the event); the table's row is said."""
    sql = f"update event_tables set game_id = 999 where game_id = {world.event_tables[0]}"
    client = _each_names(
        world,
        tmp_path,
        sql,
        (f"/events/{world.event}", f"/events/{world.event}/slips"),
        "of the table event_tables",
    )
    assert all(client.get(page).status_code < 500 for page in _event_pages(world))


@pytest.mark.parametrize("value", [BLOB, WHOLE, JUNK])
def test_an_event_tables_players_retyped_are_said_on_the_slips(world, tmp_path, value):
    """The slips' PDF is kept by each table's players as stored (``slips_key``): joined into
    one text, a BLOB there was an undecodable text, a 500 before the view said the row."""
    sql = f"update games set players = {value} where id = {world.event_tables[0]}"
    client = _admin(_tampered(world, tmp_path / TEST_DATABASE, sql))
    for page in ("slips", "slips.pdf", ""):
        assert client.get(f"/events/{world.event}/{page}".rstrip("/")).status_code < 500, page


@pytest.mark.parametrize("change", ["seat = 7", "seat = -3", "coup = -3"])
def test_a_seat_change_at_no_seat_or_before_the_first_coup_is_named(world, tmp_path, change):
    """Gilles's seat change at a seat the table has not, or from coup −3 (whole numbers, the
    right type): every page of the game counted the persons by it (a KeyError, 500), the
    season and the ratings too; the change's row is said, as the rules refuse it in a file."""
    conn = sqlite3.connect(world.path)
    (line,) = conn.execute(
        "select rowid from seat_changes where game_id = ?", [world.table]
    ).fetchone()
    conn.close()
    sql = f"update seat_changes set {change} where rowid = {line}"
    _each_names(
        world,
        tmp_path,
        sql,
        (f"/games/{world.table}", f"/clubs/{world.club}/season"),
        f"row {line} of the table seat_changes",
    )


def test_a_damaged_game_row_is_a_line_of_the_games_list_not_a_refusal_of_it(world, tmp_path):
    """The games list read every row whole: one game row retyped behind the app made ``/``
    a 409 for every reader it listed (the admin, who must find the row, first). The list
    now shows the other games and, in the damaged one's place, the sentence its own page
    says (409)."""
    sql = f"update games set rules = {BLOB} where id = {world.table}"
    client = _admin(_tampered(world, tmp_path / TEST_DATABASE, sql), "fr")
    home = client.get("/")
    assert home.status_code == 200
    listed = re.findall(r'<li class="card( damaged)?">\s*<a href="/games/(\d+)"', home.text)
    assert (" damaged", str(world.table)) in listed
    assert ("", str(world.second)) in listed and ("", str(world.lone)) in listed
    said = f"ligne {world.table} de la table games a été modifiée hors de Scorekeeper"
    assert f"La {said}" in home.text and "(sa colonne rules)" in home.text
    page = client.get(f"/games/{world.table}")  # "… affichée : la ligne 1 …"
    assert page.status_code == 409 and f"la {said}" in page.text


@pytest.mark.parametrize(
    ("table", "column", "value"),
    [
        ("events", "updated_at", "'yesterday'"),
        ("transfers_paid", "at", "'2026-13-45T99:99:99'"),  # a 13th month, a 99th minute
        ("games", "created_at", "'7'"),  # a Julian day to SQLite's datetime: not a time of ours
        # SQLite's datetime reads a 30th of February and a 24th hour (as it does a 31st of
        # any month), which no clock wrote and Python's fromisoformat refuses
        ("events", "updated_at", "'2026-02-30T20:00:00+00:00'"),
        ("transfers_paid", "at", "'2026-11-25T24:00:00+00:00'"),
    ],
)
def test_verify_names_a_time_that_is_text_but_no_time(
    world, tmp_path, capsys, table, column, value
):
    """Text in a time's column is of the column's type, so the type scan passed it; an
    event's last change and a tick's time are in no hash chain either: ``verify`` said
    nothing. Each is named, and the other checks still run (a time has its hash as text)."""
    sql = f"update {table} set {column} = {value} where {_where(world, table)}"
    path = _tampered(world, tmp_path / TEST_DATABASE, sql)
    assert main(["verify", "--database", str(path)]) == 1
    said = capsys.readouterr().err
    line = _line(world, table)
    assert f"FAULT {table} row {line}: its column {column} holds text that is no time," in said
    assert "the other checks were not run" not in said
    pages = _pages(world, table)
    client = _admin(path)
    assert all(client.get(page).status_code < 500 for page in pages)


def test_verify_names_a_junk_time_beside_a_blob(world, tmp_path, capsys):
    """The operator's play (play8): a game's rules and an event's name retyped to BLOBs, and
    every event's ``updated_at`` set to 'hier'. The BLOBs stop the checks that read typed
    values, but the time scan reads only text (``typeof = 'text'``): verify named the BLOBs
    and said nothing of the junk time, so the operator mended two faults to meet a third.
    Each of the three is named in the one run."""
    game = _line(world, "games")
    event = _line(world, "events")
    path = tampered(
        world.path,
        tmp_path / TEST_DATABASE,
        f"update games set rules = {BLOB} where id = {game}",
        f"update events set name = {BLOB} where id = {event}",
        "update events set updated_at = 'hier'",
        rows=None,
    )
    assert main(["verify", "--database", str(path)]) == 1
    said = capsys.readouterr().err
    assert f"FAULT games row {game}: its column rules holds a blob," in said
    assert f"FAULT events row {event}: its column name holds a blob," in said
    assert f"FAULT events row {event}: its column updated_at holds text that is no time," in said
    assert "the other checks were not run" in said  # the BLOBs still stop the replays


@pytest.mark.parametrize(("column", "value"), [("name", BLOB), ("settings", JUNK)])
def test_a_damaged_event_row_is_a_line_of_the_lists_not_a_refusal_of_them(
    world, tmp_path, column, value
):
    """The home page lists the newest events and ``/events`` all of them, each read whole:
    one event row changed behind the app made both a 409. The event is now a line of each,
    "Competition N" with the sentence its director's page says (409)."""
    sql = f"update events set {column} = {value} where id = {world.event}"
    client = _admin(_tampered(world, tmp_path / TEST_DATABASE, sql))
    said = f"Row {world.event} of the table events was changed outside Scorekeeper"
    for page in ("/", "/events"):
        listed = client.get(page)
        assert listed.status_code == 200, page
        line = re.search(
            r'<li class="card damaged"><a href="/events/(\d+)"><b>([^<]*)<', listed.text
        )
        assert line and line.groups() == (str(world.event), f"Competition {world.event}"), page
        assert said in listed.text and f"(its column {column})" in listed.text
    assert str(world.table) in re.findall(r'href="/games/(\d+)"', client.get("/").text)
    director = client.get(f"/events/{world.event}")
    assert director.status_code == 409 and said.lower()[1:] in director.text.lower()


@pytest.mark.parametrize("value", ["'2026-02-30T20:00:00+00:00'", "'x'"])
def test_a_clocked_round_started_at_no_time_is_said_not_a_500(world, tmp_path, value):
    """An event with a round clock reads its round's start as a time to say when it ends
    (``director.round_end``): a start changed behind the app to text that is no time (or a
    30th of February, which SQLite's datetime takes) was a ValueError, a 500 of the
    director's page, the public page, its results and its wall. The round's row is said."""
    import json

    conn = sqlite3.connect(world.path)
    (settings,) = conn.execute("select settings from events where id = ?", [world.event]).fetchone()
    conn.close()
    clocked = json.dumps({**json.loads(settings), "clock": 30}).replace("'", "''")
    path = tampered(
        world.path,
        tmp_path / TEST_DATABASE,
        f"update events set settings = '{clocked}' where id = {world.event}",
        f"update event_rounds set started_at = {value}, closed_at = null"
        f" where {_where(world, 'event_rounds')}",
    )
    client = _admin(path)
    answers = {page: client.get(page) for page in _event_pages(world)}
    assert {p: a.status_code for p, a in answers.items() if a.status_code >= 500} == {}
    director = answers[f"/events/{world.event}"]
    assert director.status_code == 409
    assert "of the table event_rounds" in director.get_data(as_text=True)


@pytest.mark.parametrize(("column", "value"), [("name", BLOB), ("settings", JUNK)])
def test_a_damaged_event_row_is_a_line_of_its_clubs_page_not_a_refusal_of_it(
    world, tmp_path, column, value
):
    """The club's page lists its newest competitions, each read whole, as ``/`` and
    ``/events`` did: one event row changed behind the app made the club's page (its
    evenings, members, presets and links) a 409 for its managers and every reader of its
    link. The event is a line of it, as of the other lists ("Competition N", the sentence)."""
    sql = f"update events set {column} = {value} where id = {world.event}"
    path = _tampered(world, tmp_path / TEST_DATABASE, sql)
    client = _admin(path)
    said = f"Row {world.event} of the table events was changed outside Scorekeeper"
    page = client.get(f"/clubs/{world.club}")
    assert page.status_code == 200
    line = re.search(r'<li class="damaged"><a href="/events/(\d+)"><b>([^<]*)<', page.text)
    assert line and line.groups() == (str(world.event), f"Competition {world.event}")
    assert said in page.text and f"(its column {column})" in page.text
    assert f'href="/evenings/{world.evening}"' in page.text  # the rest of the page is there
    conn = sqlite3.connect(path)
    (token,) = conn.execute("select read_token from clubs where id = ?", [world.club]).fetchone()
    conn.close()
    reader = suite_app(path).test_client()  # the club link's reader: no link to the director
    reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    read = reader.get(f"/clubs/{world.club}?key={token}")
    assert read.status_code == 200 and f"<b>Competition {world.event}</b>" in read.text
    assert f'href="/events/{world.event}"' not in read.text


@pytest.mark.parametrize(("column", "value"), [("title", BLOB), ("date", BLOB)])
def test_a_damaged_evening_row_is_a_line_of_its_clubs_page_not_a_refusal_of_it(
    world, tmp_path, column, value
):
    """The club's page lists its evenings, each read whole: one evening row changed behind
    the app (here the other evening, closed, of no table in play) made the club's page a 409,
    so no other evening, member or link of the club could be reached from it. It is a line
    of the list ("Evening N", the sentence its own page says, 409); the season and the cash
    box, which count it, still refuse."""
    sql = f"update evenings set {column} = {value} where id = {world.other_evening}"
    client = _admin(_tampered(world, tmp_path / TEST_DATABASE, sql), "fr")
    page = client.get(f"/clubs/{world.club}")
    assert page.status_code == 200
    line = re.search(r'<li class="damaged"><a href="/evenings/(\d+)">([^<]*)<', page.text)
    assert line and line.groups() == (str(world.other_evening), f"Soirée {world.other_evening}")
    said = f"ligne {world.other_evening} de la table evenings a été modifiée hors de Scorekeeper"
    assert said in page.text and f"(sa colonne {column})" in page.text
    assert f'href="/evenings/{world.evening}"' in page.text  # the other evening is listed
    assert client.get(f"/evenings/{world.other_evening}").status_code == 409
    if column == "title":  # a BLOB date sorts after every text: out of the season's range
        assert client.get(f"/clubs/{world.club}/season").status_code == 409


@pytest.mark.parametrize(
    ("column", "value"),
    [("currency", BLOB), ("chip_value", "'sept'"), ("version", TEXT), ("read_token", BLOB)],
)
def test_a_damaged_club_row_is_said_not_a_500(world, tmp_path, capsys, column, value):
    """The club's own row was read untyped (``clubs.club``): a BLOB currency was a
    TypeError in Babel (500) of the season, a chip value that is no number an
    InvalidOperation. The club's pages say the row (409), and ``verify`` names it."""
    sql = f"update clubs set {column} = {value} where id = {world.club}"
    path = _tampered(world, tmp_path / TEST_DATABASE, sql)
    client = _admin(path)
    answers = {page: client.get(page) for page in _club_pages(world)}
    assert {p: a.status_code for p, a in answers.items() if a.status_code >= 500} == {}
    season = answers[f"/clubs/{world.club}/season"]
    assert season.status_code == 409
    assert f"row {world.club} of the table clubs" in season.get_data(as_text=True)
    assert main(["verify", "--database", str(path)]) == 1
    assert f"FAULT clubs row {world.club}" in capsys.readouterr().err
