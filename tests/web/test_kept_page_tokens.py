"""A kept manager's page carries the CSRF token of the session that reads it (kept/holes.py).

The manager's game page is kept once per version with a hole where their token goes, filled
per request (``holes.filled``, the token signed by ``signed_token``). Whatever fills it, a
coup posted with the token of the page one's own session was handed is taken; a token of
another session, read from the very same kept page, is refused, and so is a coup without
one: nothing is written (the game's coups counted in its report).
"""

from __future__ import annotations

import json

from web import NEW_GAME, coup_data, csrf_token

from scorekeeper.web.kept import conditional, frames
from scorekeeper.web.kept.memory import MANAGED


def coups(client, game):
    return len(json.loads(client.get(game + "/report.json").data)["coups"])


def test_a_kept_pages_token_is_its_sessions_own(csrf_app, monkeypatch):
    fills = []
    for module in (conditional, frames):  # every caller of holes.filled, counted
        monkeypatch.setattr(
            module, "filled", lambda kept, real=module.filled: fills.append(1) or real(kept)
        )
    manager = csrf_app.test_client()
    token = csrf_token(manager.get("/games/new").data.decode())
    game = manager.post("/games/new", data={**NEW_GAME, "csrf_token": token}).headers["Location"]
    manager.get(game)  # shows the new manager link once: drawn, not kept
    manager.get(game)  # drawn, and kept with its holes
    kept = len(MANAGED._pages)
    fills.clear()
    mine = csrf_token(manager.get(game).data.decode())
    assert fills and len(MANAGED._pages) == kept  # filled from the kept page, none drawn
    # the admin (another session) reads the same kept page, their own token in its hole
    admin = csrf_app.test_client()
    csrf_app.config["ADMIN_PASSWORD"] = "pw"
    login = csrf_token(admin.get("/admin").data.decode())
    assert admin.post("/admin", data={"password": "pw", "csrf_token": login}).status_code == 302
    fills.clear()
    theirs = csrf_token(admin.get(game).data.decode())
    assert fills and theirs != mine

    refused = manager.post(game + "/coups", data={**coup_data("pass"), "csrf_token": theirs})
    assert refused.status_code == 400
    refused = manager.post(game + "/coups", data=coup_data("pass"))  # no token at all
    assert refused.status_code == 400
    refused = admin.post(game + "/coups", data={**coup_data("pass"), "csrf_token": mine})
    assert refused.status_code == 400
    assert coups(manager, game) == 0  # nothing written by the three

    taken = manager.post(game + "/coups", data={**coup_data("pass"), "csrf_token": mine})
    assert taken.status_code == 302
    assert coups(manager, game) == 1  # the one coup posted with their own token
