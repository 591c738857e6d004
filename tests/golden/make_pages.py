"""Golden pages: what every page of every kind drew before the web half's redesign.

Run once before moving web code (``python tests/golden/make_pages.py``):
each golden game is imported, a club evening is seated, and every page a
manager, a follower and a stranger can ask for is drawn in English and
French and written under ``tests/golden/pages/``. ``tests/shape/test_golden_pages.py``
holds later code to the same bytes once the parts that change on every run
(CSRF tokens, link tokens, dates and times, the database's ids) are masked.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
PAGES = HERE / "pages"
GAMES = [
    "seed",
    "hombre-3-2",
    "jetons",
    "danois-dlu",
    "brou",
    "manille-classique",
    "manille-belge-4",
    "manille-belge-3",
]
"""One golden game of each kind (the files beside this one)."""

# pages every game has, then the chip games' own; "{n}" is a coup in the middle
EVERY = [
    "",
    "/history",
    "/settlement",
    "/game.json",
    "/report.json",
    "/links",
    "/coups/{n}/edit",
    "/coups/{n}/delete",
]
CHIPS = ["/coups", "/coups?page=2", "/fiche", "/journal.csv", "/standings.csv", "/story"]
POINTS = ["/sheet/coups/{n}/edit", "/sheet/coups/{n}/delete"]
OTHER = ["/", "/games/new", "/games/new/brou", "/games/new/manille", "/games/import", "/players"]

_MASKS = [
    (re.compile(r'(name="csrf_token" (type="hidden" )?value=")[^"]+'), r"\1CSRF"),
    (re.compile(r"([?&]key=)[A-Za-z0-9_\-]{16,}"), r"\1KEY"),
    (re.compile(r'(content=")[^"]{40,}(" name="csrf-token")'), r"\1CSRF\2"),
    (re.compile(r"/(manage|table)/[A-Za-z0-9_\-]{16,}"), r"/\1/TOKEN"),
    (re.compile(r"<svg.*?</svg>", re.S), "<svg/>"),
    (re.compile(r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(\+00:00|Z)?"), "TIME"),
    (re.compile(r"\b\d{4}-\d{2}-\d{2}\b"), "DATE"),
    # dates in the reader's words (Babel): "November 27, 2026", "27 novembre 2026", "11/27/26"
    (re.compile(r"\b[A-Z][a-z]{2,8}\.? \d{1,2}, \d{4}\b"), "DATE"),
    (
        re.compile(
            # the first of a month is "1er" in French ("1er décembre 2026")
            r"\b\d{1,2}(er)?\.? (janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc)"
            r"[a-zéû]*\.? \d{4}\b"
        ),
        "DATE",
    ),
    (re.compile(r"\b\d{1,2}/\d{1,2}/\d{2,4}\b"), "DATE"),
    (re.compile(r"\b\d{1,2}:\d{2}(:\d{2})?\b([\u202f ][AP]M)?"), "HH:MM"),
    (re.compile(r'"(updated_at|created_at|exported)": "[^"]*"'), r'"\1": "TIME"'),
    (re.compile(r'(ETag|etag)="[^"]*"'), r'\1="ETAG"'),
    (re.compile(r"\b[0-9A-Z]{4}-[0-9A-Z]{4}\b"), "CODE"),
    (re.compile(r'(<code class="chain-head">)[0-9a-f]{12}'), r"\1HEAD"),  # covers the times
]


def mask(text: str) -> str:
    for pattern, replacement in _MASKS:
        text = pattern.sub(replacement, text)
    return text


def _app(folder: str) -> Any:
    sys.path.insert(0, str(HERE.parent))
    from apps import suite_app
    from web import PageClient

    app = suite_app(Path(folder) / "golden.sqlite", SECRET_KEY="golden")
    app.test_client_class = PageClient
    return app


def _client(app: Any, language: str) -> Any:
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    return client


def _import(client: Any, name: str) -> str:
    text = (HERE / f"{name}.game.json").read_text()
    response = client.post("/games/import", data={"text": text})
    assert response.status_code == 302, (name, response.status_code)
    location = response.headers["Location"]
    return location.split("#")[0].rstrip("/")


def _follow_link(client: Any, game: str) -> str:
    html = client.get(game + "/links").get_data(as_text=True)
    match = re.search(r"(/games/[0-9]+/table/[A-Za-z0-9_\-]+)", html)
    assert match, "no table link"
    return match.group(1)


def pages() -> Iterator[tuple[str, str]]:
    """Every golden page as (file name, masked text)."""
    with tempfile.TemporaryDirectory() as folder:
        app = _app(folder)
        for language in ("en", "fr"):
            manager = _client(app, language)
            stranger = _client(app, language)
            for path in OTHER:
                yield _page(f"{language}/site{_name(path)}", manager, path)
            for name in GAMES:
                game = _import(manager, name)
                data = json.loads((HERE / f"{name}.game.json").read_text())
                n = max(1, len(data["coups"]) // 2)
                kind_pages = EVERY + (CHIPS if data["game"] == "hombre" else POINTS)
                if data["game"] == "hombre":
                    kind_pages = [*kind_pages, "/setup"]
                else:
                    kind_pages = [*kind_pages, "/sheet/setup"]
                for path in kind_pages:
                    path = path.format(n=n)
                    yield _page(f"{language}/{name}/manager{_name(path)}", manager, game + path)
                follower = _client(app, language)
                follower.get(_follow_link(manager, game))
                for path in ["", "/settlement", "/history"]:
                    yield _page(f"{language}/{name}/follower{_name(path)}", follower, game + path)
                yield _page(f"{language}/{name}/stranger", stranger, game)
                again = f"/games/new?again={game.rsplit('/', 1)[1]}"
                if data["game"] != "hombre":
                    again = f"/games/new/{data['game']}?again={game.rsplit('/', 1)[1]}"
                yield _page(f"{language}/{name}/again", manager, again)
            yield from _club(manager, language)


def _club(client: Any, language: str) -> Iterator[tuple[str, str]]:
    response = client.post(
        "/clubs/new", data={"name": "Le Cercle", "chip_value": "0.05", "submit": "1"}
    )
    assert response.status_code == 302, response.status_code
    club = response.headers["Location"].split("#")[0].split("?")[0]
    club = re.match(r"(/clubs/[0-9]+)", club).group(1)  # type: ignore[union-attr]
    html = client.get(club).get_data(as_text=True)
    version = re.search(r'name="version" type="hidden" value="([0-9]+)"', html)
    assert version, "no version on the club page"
    data = {"date": "2026-11-20", "submit": "1", "version": version.group(1)}
    response = client.post(club + "/evenings", data=data)
    evening = response.headers.get("Location", "").split("#")[0]
    yield _page(f"{language}/club/club", client, club)
    yield _page(f"{language}/club/season", client, club + "/season")
    yield _page(f"{language}/club/season.csv", client, club + "/season.csv")
    yield _page(f"{language}/club/list", client, "/clubs")
    assert evening.startswith("/evenings/"), evening
    from web import NEW_GAME, SEED_COUPS, coup_data

    number = evening.rsplit("/", 1)[1]
    names = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    response = client.post(f"/games/new?evening={number}", data={**NEW_GAME, **names})
    table = response.headers["Location"].split("#")[0].rstrip("/")
    for coup in SEED_COUPS:
        client.post(table + "/coups", data=coup_data(coup))
    sheet = {**names, "player3": "Denis", "first_dealer": "0", "create": "1"}
    response = client.post(f"/games/new/brou?evening={number}", data=sheet)
    brou = response.headers["Location"].split("#")[0].rstrip("/")
    client.post(brou + "/sheet/coups", data={"points": "120", "save": "1"})
    if True:
        yield _page(f"{language}/club/evening", client, evening)
        yield _page(f"{language}/club/evening-settlement", client, evening + "/settlement")


def _name(path: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9.]+", "-", path).strip("-")
    return "-" + cleaned if cleaned else ""


def _page(name: str, client: Any, path: str) -> tuple[str, str]:
    response = client.get(path)
    body = response.get_data(as_text=True)
    head = f"{response.status_code} {response.headers.get('Content-Type', '')}"
    location = response.headers.get("Location")
    if location:
        head += f"\nLocation: {location}"
    return name, mask(f"{head}\n\n{body}")


def main() -> None:
    if PAGES.exists():
        for old in sorted(PAGES.rglob("*"), reverse=True):
            old.unlink() if old.is_file() else old.rmdir()
    for name, text in pages():
        path = PAGES / f"{name}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    print(f"wrote {len(list(PAGES.rglob('*.txt')))} pages", file=sys.stderr)


if __name__ == "__main__":
    main()
