"""What the one coup flow (``coups``) answers the phone's outbox in JSON, when it asks for it
(``Accept: application/json``): a refused version, said as another phone's change or as a
backup put back, and a stored coup in the game file's words (a plain module: no blueprint).
"""

from __future__ import annotations

import json

from flask import jsonify
from werkzeug.wrappers import Response as BaseResponse

from ... import store
from ...db import get_db
from ...here import current_request
from ...rules.kinds import dump_coup
from ..forms import CHANGED, WENT_BACK, went_back


def wants_json() -> bool:
    """The phone's outbox asks for the stored coup's number and version, not the page."""
    return current_request().accept_mimetypes.best == "application/json"


def stored_coup_text(stored: store.StoredGame, position: int) -> str:
    """The stored coup at ``position`` in the game file's words (JSON, as in the file)."""
    latest = store.load(get_db(), stored.id)
    if not 1 <= position <= len(latest.game.coups):
        return "?"
    coup = dump_coup(latest.game, latest.game.coups[position - 1])
    return json.dumps(coup, ensure_ascii=False, sort_keys=True)


def conflict_answer(game_id: int, version: int) -> BaseResponse:
    """The outbox's coup refused for its version (409 in JSON): another phone changed the game
    (``error: changed``) or the game went back to a backup (``error: went_back``, decided by
    ``forms.went_back`` as for the page), with the page's words for it (``message``) and the
    game as it is now (``coup``, ``version``). The outbox then shows the server's coups
    beside the ones it keeps and lets the manager choose; nothing is stored."""
    latest = store.load(get_db(), game_id)
    back = went_back(version, latest)
    answer = jsonify(
        error="went_back" if back else "changed",
        coup=len(latest.game.coups),
        version=latest.version,
        message=str(WENT_BACK if back else CHANGED),
    )
    answer.status_code = 409
    return answer
