"""Helpers to drive the table app through its forms, as the bête manager does."""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from decimal import Decimal
from pathlib import Path
from typing import Any

from apps import suite_app
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web.kept import fragments, frames, shared
from scorekeeper.web.kept.memory import DRAWN, MANAGED
from scorekeeper.web.table import seat_words

NEW_GAME = {
    "player0": "Anne",
    "player1": "Bruno",
    "player2": "Chloé",
    "first_dealer": "0",
    "preset": "1709",
    "poule_system": "3-2",
    "mark_value": "3",
    "payments": "double",
    "poules_to_play": "20",
    "end": "share",
    "cave": "200",
    "fiche": "20",
    "create": "1",
}
SEATS = {"A": "0", "B": "1", "C": "2"}
# The seed's worked example (hombre.md §10), coup by coup, as the manager taps it.
SEED_COUPS = [
    "A demande A4 B4 C1",
    "B demande A4 B4 C1",
    "pass",
    "B demande A3 B3 C3",
    "C demande A2 B2 C5",
    "B demande A2 B5 C2",
    "B demande A2 B5 C2",
]


def new_game(client: Any, **changes: str) -> str:
    """Create a game through the form; returns its page's path."""
    data = {**NEW_GAME, **changes}
    if "retourne" in data and data["retourne"] in ("", None):
        data.pop("retourne")
    response = client.post("/games/new", data=data)
    assert response.status_code == 302, response.data.decode()[:2000]
    return response.headers["Location"]


def coup_data(text: str, **extra: str) -> dict[str, str]:
    """Form fields for "pass" or "B demande A4 B4 C1" (players A, B, C as seats 0, 1, 2)."""
    if text == "pass":
        return {"passed": "1", **extra}
    hombre, contract, *tricks = text.split()
    data = {"hombre": SEATS[hombre], "contract": contract}
    for t in tricks:
        data["t" + SEATS[t[0]]] = t[1:]
    return {**data, **extra}


GAME_PATH = re.compile(r"^/games/([0-9]+)/")


def version_of(client: Any, game: str) -> str:
    """The game's version as this client's pages show it ("" if it may not see the game)."""
    response = client.get(game.rstrip("/") + "/version")
    return str(response.get_json()["version"]) if response.status_code == 200 else ""


class PageClient(FlaskClient):
    """A test client whose changes carry the version, as the pages' forms do.

    A post to a game that gives no ``version`` gets the game's current one
    (the one the page would have shown); tests of the refusal of a change
    without a version use a plain ``FlaskClient`` or pass ``version``.
    """

    def post(self, *args: Any, **kwargs: Any) -> Any:
        path = args[0] if args else kwargs.get("path", "")
        match = GAME_PATH.match(path) if isinstance(path, str) else None
        data = kwargs.get("data")
        if match and (data is None or isinstance(data, dict)) and "version" not in (data or {}):
            version = version_of(self, f"/games/{match.group(1)}")
            if version:
                kwargs["data"] = {**(data or {}), "version": version}
        return super().post(*args, **kwargs)


def enter(client: Any, game: str, text: str, **extra: str) -> Any:
    data = coup_data(text, **extra)
    data.setdefault("version", version_of(client, game))
    if text != "pass":
        data["save"] = "1"
    return client.post(game + "/coups", data=data)


def report(client: Any, game: str) -> dict[str, Any]:
    return json.loads(client.get(game + "/report.json").data)


def laid_out_width(page: Any) -> int:
    """The page's width once its stylesheets apply: a tap's navigation may still be loading
    them when the text a test waits for is already there (a loaded machine showed 485 px)."""
    page.wait_for_load_state("load")
    page.wait_for_function(
        "[...document.styleSheets].length > 0"
        " && [...document.querySelectorAll('link[rel=stylesheet]')].every(l => l.sheet)"
    )
    return int(page.evaluate("document.documentElement.scrollWidth"))


def csrf_token(html: str) -> str:
    """The CSRF token of the form in ``html``."""
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert match, "no CSRF token in the form"
    return match.group(1)


def forget_kept(app: Flask) -> None:
    """Nothing kept: no piece, no page in memory, none in the shared file (the next page is
    drawn afresh, every piece of it)."""
    fragments.FRAGMENTS.clear()
    frames.FRAMES.clear()
    DRAWN.clear()
    MANAGED.clear()
    seat_words.NAMES.clear()  # the members' names now, kept by the club's version
    with app.app_context():
        pages = shared.pages()
        if pages is not None:
            pages.empty()


class ExampleApp:
    """One app and one database for every example of a Hypothesis property, each example its
    own club (whose pages read nothing of another's): a new app per example compiled every
    template again, most of the time the property took. ``get`` makes it on first need (a
    copy of the migrated database, nothing kept by an earlier test of this process: that
    database, a copy of the same template, has the same generation, club and game numbers,
    and a member renamed there was read here from the names kept by that key); ``remove``,
    from the module's own fixture, drops it and its folder."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.made: tuple[Flask, Path, str] | None = None

    def get(self, migrated_database: Path) -> tuple[Flask, Path]:
        if self.made is None:
            folder = tempfile.mkdtemp(prefix=self.prefix + "-")
            path = Path(folder) / (self.prefix + ".sqlite")
            shutil.copy(migrated_database, path)
            app = suite_app(path)
            app.test_client_class = PageClient
            forget_kept(app)
            self.made = (app, path, folder)
        return self.made[0], self.made[1]

    def remove(self) -> None:
        if self.made is not None:
            shutil.rmtree(self.made[2], ignore_errors=True)
        self.made = None


MONEY = re.compile(r"([+−]?)€([\d,]+\.\d\d)")
"""A sum as the English pages show it: its sign (a true minus), its euros and cents."""


def cents(text: str) -> int:
    """A sum as the English pages show it (−€1.65, +€2.17, €0.00) in cents."""
    found = MONEY.search(text)
    assert found is not None, text
    value = int(Decimal(found.group(2).replace(",", "")) * 100)
    return -value if found.group(1) == "−" else value


def cash_box_balances(page: str) -> dict[str, int]:
    """The members' balances on the cash box's page (its tables ``owing``, less than nil,
    and ``owed``), by name, in cents."""
    out = {}
    for table, sign in (("owing", -1), ("owed", 1)):
        if f'id="{table}"' in page:
            start = page.index(f'id="{table}"')
            part = page[start : page.index("</table>", start)]
            for name, amount in re.findall(
                r'<th scope="row"><a [^>]+>([^<]+)</a></th><td class="num">([^<]+)</td>', part
            ):
                out[name] = sign * cents(amount)
    return out
