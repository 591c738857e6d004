"""What a table of the load test enters: the new game's form, its five coups, the pages' fields.

Shared by ``locustfile.py`` (the load test), ``request_cpu.py`` (the same
sequence in process) and their tests, which run without Locust.
"""

from __future__ import annotations

import re
from typing import Any

TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
TABLE_LINK = re.compile(r'href="https?://[^/]+(/games/\d+/table/[^"]+)"')
VERSION = re.compile(r'<input id="version" name="version" type="hidden" value="(\d+)"')
NEW_GAME = {
    "player0": "Anne",
    "player1": "Bruno",
    "player2": "Chloé",
    "first_dealer": "0",
    "preset": "recommended",
    "poule_system": "3-1",
    "mark_value": "3",
    "payments": "double",
    "retourne": "y",
    "poules_to_play": "1000",
    "end": "continue",
    "cave": "200",
    "fiche": "20",
    "create": "1",
}
COUPS = [
    {"hombre": "1", "contract": "demande", "t1": "5", "t0": "2", "save": "1"},
    {"passed": "1"},
    {"hombre": "0", "contract": "demande", "t0": "4", "t1": "4", "save": "1"},
    {"hombre": "2", "contract": "sans_prendre", "t2": "6", "t0": "1", "save": "1"},
    {"hombre": "0", "contract": "retourne", "t0": "3", "t1": "5", "save": "1"},
]


def token(html: str) -> str:
    match = TOKEN.search(html)
    return match.group(1) if match else ""


def version(html: str) -> str:
    """The version the coup form was drawn at: a coup is refused (428) without it."""
    match = VERSION.search(html)
    return match.group(1) if match else ""


def table(app: Any, phones: int) -> tuple[Any, str, list[Any], str]:
    """A table made through the form as the load test makes it, its link opened by
    ``phones`` test clients: (the manager's client, the game's path, the phones' clients,
    the manager's page), what ``request_cpu.py`` and ``cycle_instructions.py`` run on."""
    manager = app.test_client()
    page = manager.get("/games/new").text
    made = manager.post("/games/new", data={**NEW_GAME, "csrf_token": token(page)})
    game = made.headers["Location"]
    link = TABLE_LINK.findall(manager.get(game + "/links").text)[0]
    clients = [app.test_client() for _ in range(phones)]
    for phone in clients:
        phone.get(link)
    return manager, game, clients, manager.get(game).text
