"""Serving: the address printed for the phones, the links they are given, /health, the key.

The real server (``scorekeeper serve``: waitress, two processes) is started
on 127.0.0.2 — a loopback address that is not 127.0.0.1 — and on 0.0.0.0
with the LAN address forced to 127.0.0.2, and driven from headless
Chromium as the phones at the table would.
"""

from __future__ import annotations

import multiprocessing
import os
import re
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from apps import fresh_database, new_app
from live import stop
from playwright.sync_api import Page, expect
from test_browser import open_new_game
from web import new_game

from scorekeeper import db
from scorekeeper.db.secret_key import secret_key
from scorekeeper.serving import serve
from scorekeeper.web.table.links import qr_svg

# --- the address printed for the phones ---------------------------------------------------


def test_serving_the_network_prints_the_lan_address(monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LAN_ADDRESS", "192.168.1.23")
    assert serve.phone_url("0.0.0.0", 5000) == ("http://192.168.1.23:5000/", None)
    assert serve.phone_url("::", 8080) == ("http://192.168.1.23:8080/", None)


def test_a_public_url_wins_over_every_address(monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LAN_ADDRESS", "192.168.1.23")
    url = "https://scores.example.org"
    assert serve.phone_url("0.0.0.0", 5000, url) == ("https://scores.example.org/", None)
    assert serve.phone_url("127.0.0.1", 5000, url)[0] == "https://scores.example.org/"


def test_serving_this_machine_only_says_phones_cannot_open_it():
    url, warning = serve.phone_url("127.0.0.1", 5000)
    assert url == "http://127.0.0.1:5000/"
    assert warning and "make run HOST=0.0.0.0" in warning


def test_a_specific_address_is_printed_as_it_is(monkeypatch):
    assert serve.phone_url("192.168.1.23", 5001) == ("http://192.168.1.23:5001/", None)
    # a test's stand-in for the network: the loopback address named as the LAN's
    assert serve.phone_url("127.0.0.2", 5001)[1] is not None
    monkeypatch.setenv("SCOREKEEPER_LAN_ADDRESS", "127.0.0.2")
    assert serve.phone_url("127.0.0.2", 5001) == ("http://127.0.0.2:5001/", None)
    assert serve.phone_url("fe80::1", 5000)[0] == "http://[fe80::1]:5000/"


class NoRoute(socket.socket):
    def connect(self, address):  # type: ignore[override]
        raise OSError(101, "Network is unreachable")


class OnlyLoopback(socket.socket):
    def connect(self, address):  # type: ignore[override]
        pass

    def getsockname(self):  # type: ignore[override]
        return ("127.0.0.1", 40000)


@pytest.mark.parametrize("fake", [NoRoute, OnlyLoopback])
def test_without_a_network_it_falls_back_and_says_so(monkeypatch, fake):
    monkeypatch.delenv("SCOREKEEPER_LAN_ADDRESS", raising=False)
    monkeypatch.setattr(serve.socket, "socket", fake)
    assert serve.lan_address() is None
    url, warning = serve.phone_url("0.0.0.0", 5000)
    assert url == "http://127.0.0.1:5000/"
    assert warning and "hostname -I" in warning and "SCOREKEEPER_LAN_ADDRESS" in warning


def test_the_route_probe_sends_nothing_outside():
    """The probe is a UDP connect (no packet) to a documentation address (RFC 5737)."""
    assert serve.ROUTE_PROBE[0].startswith("198.51.100.")


def test_loopback_names():
    for host in ("127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"):
        assert serve.is_loopback(host), host
    for host in ("192.168.1.2", "scores.example.org", "0.0.0.0", ""):
        assert not serve.is_loopback(host), host


# --- the links a page gives to the other phones ---------------------------------------------


class HostClient:
    """A test client that opens the server by the given host name, as a phone would."""

    def __init__(self, app, host: str, **environ: str) -> None:
        self.client = app.test_client()
        self.client.environ_base.update(HTTP_ACCEPT_LANGUAGE="en", **environ)
        self.base = f"http://{host}"

    def get(self, path: str, **options):
        return self.client.get(path, base_url=self.base, **options)

    def post(self, path: str, **options):
        return self.client.post(path, base_url=self.base, **options)


def table_link(app, host: str, **environ: str) -> str:
    """The table link of a new game, made by a browser that opened the server as host."""
    client = HostClient(app, host, **environ)
    game = new_game(client)
    page = client.get(game + "/links").data.decode()
    match = re.search(r'class="link"><a href="([^"]+)"', page)
    assert match, page[:2000]
    return match.group(1)


def test_links_use_the_address_the_page_was_opened_with(app):
    link = table_link(app, "192.168.1.23:5000")
    assert re.fullmatch(r"http://192\.168\.1\.23:5000/games/\d+/table/\S+", link)


def test_links_opened_on_the_serving_machine_give_its_lan_address(app):
    app.config["LAN_URL"] = "http://192.168.1.23:5000"
    for host in ("127.0.0.1:5000", "localhost:5000", "[::1]:5000"):
        assert table_link(app, host).startswith("http://192.168.1.23:5000/games/"), host
    # opened through another name, the links keep that name
    assert table_link(app, "laptop.local:5000").startswith("http://laptop.local:5000/games/")


def settings_app(tmp_path, monkeypatch, **settings: str):
    """The app as a server starts it: settings from SCOREKEEPER_* variables."""
    for name, value in {
        "SECRET_KEY": "settings",
        "DATABASE": str(tmp_path / "db.sqlite"),
        "WTF_CSRF_ENABLED": "false",
        **settings,
    }.items():
        monkeypatch.setenv("SCOREKEEPER_" + name, value)
    return new_app()


def test_a_public_url_makes_every_link(tmp_path, monkeypatch):
    app = settings_app(tmp_path, monkeypatch, PUBLIC_URL="https://scores.example.org/")
    client = HostClient(app, "127.0.0.1:5000")
    page = client.get(new_game(client)).data.decode()
    assert 'href="https://scores.example.org/games/1/manage/' in page
    assert table_link(app, "127.0.0.1:5000").startswith("https://scores.example.org/games/")
    assert table_link(app, "192.168.1.23").startswith("https://scores.example.org/games/")


def test_behind_a_proxy_the_forwarded_scheme_and_host_make_the_links(tmp_path, monkeypatch):
    app = settings_app(tmp_path, monkeypatch, PROXY_FIX="1")
    forwarded = {"HTTP_X_FORWARDED_PROTO": "https", "HTTP_X_FORWARDED_HOST": "scores.example.org"}
    assert table_link(app, "127.0.0.1:5000", **forwarded).startswith(
        "https://scores.example.org/games/"
    )
    # without the setting, the same headers are not believed
    plain = settings_app(tmp_path, monkeypatch, PROXY_FIX="0")
    assert table_link(plain, "127.0.0.1:5000", **forwarded).startswith("http://127.0.0.1:5000/")


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("PUBLIC_URL", "scores.example.org"),
        ("PUBLIC_URL", "ftp://scores.example.org"),
        ("PUBLIC_URL", "https://scores.example.org/?x=1"),
        ("PROXY_FIX", "-1"),
        ("PROXY_FIX", "yes"),
    ],
)
def test_a_wrong_setting_stops_the_start_with_its_name(tmp_path, monkeypatch, name, value):
    monkeypatch.setenv("SCOREKEEPER_" + name, value)
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "bad")
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(tmp_path / "db.sqlite"))
    with pytest.raises(ValueError, match="SCOREKEEPER_" + name):
        new_app()


@pytest.mark.parametrize(
    ("arguments", "env", "message"),
    [
        (["--port", "70000"], {}, "--port 70000: not a port number"),
        (["--threads", "0"], {}, "--workers and --threads take a number from 1"),
        ([], {"SCOREKEEPER_PROXY_FIX": "yes"}, "SCOREKEEPER_PROXY_FIX='yes'"),
    ],
)
def test_serve_refuses_in_one_line(tmp_path, arguments, env, message):
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", "0", *arguments],
        env={**os.environ, "SCOREKEEPER_DATABASE": str(tmp_path / "db.sqlite"), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("error: ") and message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


# --- /health ----------------------------------------------------------------------------------


def test_health_says_ok_and_nothing_else(app):
    response = app.test_client().get("/health")
    assert response.status_code == 200
    assert response.data == b"ok\n"
    assert response.mimetype == "text/plain"
    assert response.headers["Cache-Control"] == "no-store"
    assert "Set-Cookie" not in response.headers
    assert app.test_client().head("/health").status_code == 200
    assert app.test_client().post("/health").status_code == 405


def test_health_is_503_without_the_database_and_does_not_create_it(app):
    database = Path(app.config["DATABASE"])
    for suffix in ("", "-wal", "-shm"):
        Path(str(database) + suffix).unlink(missing_ok=True)
    response = app.test_client().get("/health")
    assert (response.status_code, response.data) == (503, b"unavailable: no database\n")
    assert not database.exists()


def test_health_is_503_when_a_migration_is_missing(app):
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute("delete from _sqlite_migrations where name = 'm003_links'")
    conn.close()
    response = app.test_client().get("/health")
    assert (response.status_code, response.data) == (503, b"unavailable: migrations pending\n")


def test_health_is_503_on_a_file_that_is_not_a_database(app):
    database = Path(app.config["DATABASE"])
    for suffix in ("-wal", "-shm"):
        Path(str(database) + suffix).unlink(missing_ok=True)
    database.write_bytes(b"not a database" * 100)
    response = app.test_client().get("/health")
    assert (response.status_code, response.data) == (503, b"unavailable: not a database\n")


# --- one secret key for every process ---------------------------------------------------------


def _key_after(barrier, database: str, queue) -> None:
    barrier.wait()
    conn = db.connect(database)
    queue.put(secret_key(conn, None))
    conn.close()


def test_processes_starting_at_once_share_one_secret_key(tmp_path):
    database = Path(fresh_database(tmp_path / "keys.sqlite"))
    context = multiprocessing.get_context("fork")
    barrier, queue = context.Barrier(6), context.Queue()
    processes = [
        context.Process(target=_key_after, args=(barrier, str(database), queue)) for _ in range(6)
    ]
    for process in processes:
        process.start()
    keys = {queue.get(timeout=20) for _ in processes}
    for process in processes:
        process.join()
    assert len(keys) == 1 and len(keys.pop()) == 64
    assert not (tmp_path / "secret_key").exists()  # kept in the database, no file beside it


# --- the real server, as the phones see it -------------------------------------------------


SERVE = (sys.executable, "-m", "scorekeeper.cli", "serve")


def start(
    tmp_path: Path, host: str, *options: str, **env: str
) -> tuple[subprocess.Popen[str], str, str]:
    """``scorekeeper serve`` on host, port 0; returns it, the printed address and its output."""
    process = subprocess.Popen(
        [*SERVE, "--host", host, "--port", "0", "--qr", *options],
        env={
            **os.environ,
            "SCOREKEEPER_DATABASE": str(tmp_path / "served.sqlite"),
            "SCOREKEEPER_SECRET_KEY": "served",
            **env,
        },
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    printed = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        printed.append(line)
        if "scan it" in line:
            break
    output = "".join(printed)
    match = re.search(r"^    (http://\S+)$", output, re.MULTILINE)
    if not match:
        stop(process)
        pytest.fail(f"no address printed:\n{output}")
    url = match.group(1)
    while time.monotonic() < deadline:  # the workers are up once /health answers
        try:
            with urllib.request.urlopen(url + "health", timeout=2) as response:
                assert response.read() == b"ok\n"
            return process, url, output
        except OSError:
            time.sleep(0.1)
    stop(process)
    pytest.fail("the server did not answer")


def modules(svg: str) -> str:
    """The dark modules of a QR code drawn by segno as SVG (however the page serialises it)."""
    match = re.search(r' d="(M[^"]+)"', str(svg))
    assert match, svg
    return match.group(1)


def another_phone(page: Page) -> Page:
    """``page`` as another phone: one without the cookies (so the rights) of the one before."""
    page.context.clear_cookies()
    return page


def shown_links(page: Page) -> list[tuple[str, str]]:
    """Each link printed on the page as text, with the QR code drawn beside it."""
    cards = page.locator("section.card:has(.qr)")
    return [
        (
            cards.nth(i).locator(".link a").inner_text(),
            cards.nth(i).locator(".qr").inner_html(),
        )
        for i in range(cards.count())
    ]


@pytest.mark.long
@pytest.mark.browser
def test_a_phone_opens_the_printed_address_and_the_others_follow(file_page: Page, tmp_path):
    """One worker is enough to serve two phones. The file's page is each phone in turn: a
    phone is its cookies (the server knows no other), cleared between them."""
    server, url, output = start(
        tmp_path, "127.0.0.2", "--workers", "1", SCOREKEEPER_LAN_ADDRESS="127.0.0.2"
    )
    try:
        assert url.startswith("http://127.0.0.2:")
        assert "▄▄▄▄▄" in output  # the QR code of the address, drawn in the terminal
        assert serve.qr_text(url).rstrip("\n") in output
        manager = file_page  # opens the printed address, its game made by its own requests
        open_new_game(manager, url.rstrip("/"))
        manager.goto(url + "games/1/links")
        (table_url, qr), *_ = shown_links(manager)
        assert table_url.startswith(url + "games/1/table/")
        assert modules(qr) == modules(qr_svg(table_url))  # the code is the link printed beside it
        follower = another_phone(file_page)
        follower.goto(table_url)
        expect(follower.locator("#deal")).to_contain_text("coup 1")
        expect(follower.locator("#entry")).to_have_count(0)  # read-only
    finally:
        stop(server)


@pytest.mark.browser
def test_on_the_network_a_game_made_on_the_laptop_is_handed_to_phones(file_page: Page, tmp_path):
    """Served on 0.0.0.0; the laptop's own browser (127.0.0.1) shows codes for the LAN address.
    The laptop, then each phone, is the file's page with the cookies of none before it."""
    server, url, _ = start(
        tmp_path, "0.0.0.0", "--workers", "1", SCOREKEEPER_LAN_ADDRESS="127.0.0.2"
    )
    try:
        assert url.startswith("http://127.0.0.2:")
        laptop_url = url.replace("127.0.0.2", "127.0.0.1")
        laptop = file_page
        open_new_game(laptop, laptop_url.rstrip("/"))
        # the table link's code first (the other players scan it), then the manager link's
        (first_url, _), (manager_url, qr), *_ = shown_links(laptop)
        assert first_url.startswith(url + "games/1/table/")
        assert manager_url.startswith(url + "games/1/manage/")
        assert modules(qr) == modules(qr_svg(manager_url))
        laptop.goto(laptop_url + "games/1/links")
        (table_url, _), *_ = shown_links(laptop)
        assert table_url.startswith(url + "games/1/table/")
        manager = another_phone(laptop)  # the manager's phone scans the manager link
        manager.goto(manager_url)
        expect(manager.locator("#entry")).to_have_count(1)
        follower = another_phone(manager)
        follower.goto(table_url)
        expect(follower.locator("#deal")).to_contain_text("coup 1")
        expect(follower.locator("#entry")).to_have_count(0)
    finally:
        stop(server)


def test_the_banner_says_one_process_and_one_thread_in_the_singular():
    """The play-through of 2026-11-29 served with --workers 1: "with 1 processes of 8
    threads"."""
    url, bound = "http://127.0.0.1:5071/", "http://127.0.0.1:5071"
    assert "with 1 process of 8 threads." in serve.banner(url, None, bound, 1, 8, False)
    assert "with 1 process of 1 thread." in serve.banner(url, None, bound, 1, 1, False)
    assert "with 2 processes of 8 threads." in serve.banner(url, None, bound, 2, 8, False)
