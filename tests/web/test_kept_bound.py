"""Issue 24: nothing a stranger asks for fills the disk with kept pages.

The followers' pages are kept in a file beside the database (web/kept/shared.py).
Their key is what makes the page — never the raw query string — and the file is
bounded in bytes and gives the space of dropped pages back.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from notation import SEED
from test_access import links_of, stranger
from test_trust import make

from scorekeeper.web.kept import shared

MB = 1 << 20


def on_disk(path: Path) -> int:
    """The file and its write-ahead log, as the disk holds them."""
    return sum(os.path.getsize(p) for p in (path, Path(f"{path}-wal")) if p.exists())


def big_game(app) -> tuple[str, object]:
    """A game of 1,505 coups (within the import limits) and a follower of its table link."""
    rules = {**SEED["rules"], "poules_to_play": 5000}
    text = json.dumps({**SEED, "rules": rules, "coups": SEED["coups"] * 215})
    manager = app.test_client()
    created = manager.post("/games/import", data={"text": text})
    assert created.status_code == 302, created.data[:300]
    game = created.headers["Location"]
    _, table = links_of(manager, game)
    follower = stranger(app)
    assert follower.get(table.replace("http://localhost", "")).status_code == 302
    return game, follower


def test_junk_query_strings_keep_one_copy_of_the_page(tmp_path):
    app = make(tmp_path)
    drawn = Path(app.config["DATABASE"] + "-drawn")
    game, follower = big_game(app)
    first = follower.get(game + "/report.json")
    assert first.status_code == 200 and len(first.data) > 1 * MB  # 7 coups: ~940 bytes each
    for i in range(200):
        response = follower.get(f"{game}/report.json?n={i}")
        assert response.status_code == 200 and response.data == first.data
    # 200 copies would be 200 MB (issue 24: 941 MB for a 5,000-coup game); one is kept
    assert on_disk(drawn) < 2 * len(first.data) + 4 * MB
    assert on_disk(drawn) < shared.BOUND


def test_the_file_is_bounded_in_bytes_and_gives_space_back(tmp_path):
    path = tmp_path / "db-drawn"
    kept = shared.SharedPages(str(path))
    kept.empty()
    page = os.urandom(3 * MB)  # incompressible: what it weighs is what the disk holds
    for game in range(40):  # 120 MB of pages of 40 games, each its own version
        kept.put(f"tag{game}", game, 1, page, {"Content-Type": "application/json"})
        assert on_disk(path) < shared.BOUND, game
    assert kept.get("tag39") is not None  # the newest are kept
    assert kept.get("tag0") is None  # the oldest went first
    held = sum(kept.get(f"tag{g}") is not None for g in range(40))
    assert held == shared.BUDGET // (3 * MB)  # 10 pages of 3 MB in 32 MB
    # a newer version of each game drops its older one, and the space goes back
    for game in range(30, 40):
        kept.put(f"small{game}", game, 2, b"x" * 1000, {})
    conn = kept._conn()
    conn.execute("pragma wal_checkpoint(truncate)")
    assert on_disk(path) < 1 * MB


def test_a_file_of_before_is_recreated_empty_and_small(tmp_path):
    """A file grown by an older release (no auto_vacuum) gives its space back at start."""
    import sqlite3

    path = tmp_path / "db-drawn"
    conn = sqlite3.connect(path)
    conn.executescript(shared.SCHEMA)
    conn.execute("insert into pages values ('t', 1, 1, zeroblob(20000000), '{}')")
    conn.commit()
    conn.close()
    assert on_disk(path) > 19 * MB
    shared.SharedPages(str(path)).empty()
    assert on_disk(path) < 1 * MB


def test_players_replays_only_the_games_that_changed(tmp_path, monkeypatch):
    """/players for a browser following many games: a change in one game reads that one game
    again, not all of them (issue 24: 75 long games cost ~6 s a request)."""
    from web import enter, new_game

    from scorekeeper.store import repository

    app = make(tmp_path)
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    games = [new_game(client, poules_to_play="1") for _ in range(12)]
    for game in games:  # Anne wins 9 from each of the two others: each game finished
        assert enter(client, game, "A demande A5 B2 C2").status_code == 302
    read: list[int] = []
    real = repository.row_game

    def counted(db, row):
        read.append(row.id)
        return real(db, row)

    monkeypatch.setattr(repository, "row_game", counted)
    page = client.get("/players").data.decode()
    assert "12 finished games on this server." in page
    assert "+216" in page  # Anne: 12 × 18
    assert client.post(games[0] + "/undo", data={"version": "2"}).status_code == 302
    read.clear()
    page = client.get("/players").data.decode()
    assert "11 finished games on this server." in page and "+198" in page  # 11 × 18
    assert read == [1]  # the game undone, alone
    read.clear()
    assert "+198" in client.get("/players?x=1").data.decode()
    assert read == []  # nothing changed: nothing read


def test_past_its_slots_an_expensive_answer_says_come_back_and_a_poll_does_not_wait(tmp_path):
    """All the process's slots for expensive answers taken: a PDF is told 503 with
    Retry-After at once (not queued on a thread); the version poll and a coup still go."""
    from web import enter, new_game

    from scorekeeper.web.kept import expensive

    app = make(tmp_path)
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    game = new_game(client)
    taken = 0
    while expensive.GATE.slots.acquire(blocking=False):
        taken += 1
    try:
        assert taken == expensive.SLOTS == 4
        busy = client.get(game + "/report.json?x=1")
        assert busy.status_code == 503 and busy.headers["Retry-After"] == "5"
        assert "réessayez" in busy.get_data(as_text=True)
        assert client.get(game + "/version").status_code == 200
        assert enter(client, game, "A demande A5 B2 C2").status_code == 302
    finally:
        for _ in range(taken):
            expensive.GATE.slots.release()
    assert client.get(game + "/report.json?x=1").status_code == 200


def test_a_kept_page_never_names_the_junk_arguments_of_the_request_that_drew_it(tmp_path):
    """A kept page is served to every request its key matches: its language links name its
    own address (path and the arguments it reads), never the query string of the request
    that happened to draw it (a stranger's ``?x=…`` served to everyone, and a golden page
    that depended on which test ran first)."""
    from web import enter, new_game

    app = make(tmp_path)
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    game = new_game(client, poules_to_play="1")
    assert enter(client, game, "A demande A5 B2 C2").status_code == 302  # finished: counted
    for path in ("/players", game + "/settlement", game + "/coups"):
        junk = client.get(path + "?x=JUNK&page=2", follow_redirects=True)
        assert junk.status_code == 200, path
        later = client.get(path)
        assert later.status_code == 200, path
        for page in (junk, later):
            assert "JUNK" not in page.get_data(as_text=True), path
    # the arguments a page reads stay in its links: the journal's page 2 comes back to page 2
    long = new_game(client, poules_to_play="200")
    for _ in range(26):  # a journal page holds 25 coups: two pages
        assert enter(client, long, "pass").status_code == 302
    second = client.get(long + "/coups?page=2&x=JUNK").get_data(as_text=True)
    assert "page%3D2" in second and "JUNK" not in second
    # past the last page: the last page's address, its junk left out
    assert client.get(long + "/coups?page=9&x=JUNK").headers["Location"] == long + "/coups?page=2"
