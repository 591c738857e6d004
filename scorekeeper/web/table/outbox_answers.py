"""What the one coup flow (``coups``) answers the phone's outbox in JSON, when it asks for it
(``Accept: application/json``): a refused version, said as another phone's change or as a
backup put back, and a stored coup in the game file's words; and a coup sent again under
its key (``key_answer``), in JSON or as the game page again (a plain module: no blueprint).
"""

from __future__ import annotations

import json
from typing import Any

from flask import abort, flash, jsonify, redirect, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ... import store
from ...db import get_db
from ...here import current_request
from ...rights.access import readable
from ...rules.errors import GameError
from ...rules.kinds import dump_coup
from .. import registry
from ..forms import CHANGED, WENT_BACK, went_back
from ..hookspecs import GamePages
from .seat_words import names_now


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
    restored = went_back(version, latest)
    answer = jsonify(
        error="went_back" if restored else "changed",
        coup=len(latest.game.coups),
        version=latest.version,
        message=str(WENT_BACK if restored else CHANGED),
    )
    answer.status_code = 409
    return answer


def pages_of(stored: store.StoredGame) -> GamePages[Any]:
    """The pages of the game's web half."""
    return registry.web_of(stored.kind).pages


def back(game_id: int, anchor: str) -> BaseResponse:
    """The game page again, at ``anchor``."""
    return redirect(url_for("table.game", game_id=game_id) + anchor)


def entry_key() -> str | None:
    """The phone's key for the coup it sends (``entry_key``), if any; junk is a 400."""
    key = current_request().form.get("entry_key")
    if key is None or key == "":
        return None
    if not store.KEY.fullmatch(key):
        abort(400)
    return key


def stored_answer(game_id: int, stored: store.AlreadyStored) -> BaseResponse:
    """What a save answers once its coup is stored, the first time or on a retry of its key:
    the outbox reads the coup's number and the version it made; a page, the game again."""
    if wants_json():
        return jsonify(coup=stored.position, version=stored.version)
    latest = store.load(get_db(), game_id)
    page = pages_of(latest)
    if len(latest.game.coups) == stored.position:
        seated = latest.seated(stored.position)
        now = names_now(latest)
        flash(page.saved_text(latest.replay(), stored.position, seated, now, latest.seat_changes))
    else:
        flash(_("Coup %(n)s was saved already.", n=stored.position))
    return back(game_id, page.after_save)


def posted_digest(stored: store.StoredGame, position: int) -> str | None:
    """The digest of the coup the form describes, read as coup ``position`` against the game
    as it stood when that coup was entered (``StoredGame.before``), as the first send was:
    the game as it is now may refuse it for what that very coup did (its hombre deals the
    next coup and sits out). None if unreadable."""
    if position - 1 > len(stored.game.coups):  # stored since this request read the game
        stored = store.load(get_db(), stored.id)
    then = stored.before(position)
    entry = registry.web_of(then.kind).entry
    form = entry.form(then)
    if not entry.valid(form, then):
        return None
    try:
        return store.digest_of(dump_coup(then.game, entry.read(form, then)))
    except GameError:
        return None


def key_answer(stored: store.StoredGame, earlier: store.AlreadyStored) -> BaseResponse:
    """A key met again: its coup stored (the retry's answer), another coup sent under it
    (409 naming the stored coup), or its coup since undone or deleted (410, said which:
    ``gone_text``). The body sent is compared with the stored coup as that coup was read
    (``posted_digest``), never checked against the game as it is now: a retry is answered,
    not judged again."""
    if earlier.gone is not None:
        return key_refusal(stored.id, 410, "gone", earlier, gone_text(earlier))
    if not earlier.same_coup(posted_digest(stored, earlier.position)):
        message = _(
            "This phone already sent another coup under this key: coup %(n)s (%(coup)s)."
            " Nothing was stored.",
            n=earlier.position,
            coup=stored_coup_text(stored, earlier.position),
        )
        return key_refusal(stored.id, 409, "key_used", earlier, message)
    return stored_answer(stored.id, earlier)


def gone_text(earlier: store.AlreadyStored) -> str:
    """The 410's words for a key whose coup left the game, how it went as the key keeps it
    (``AlreadyStored.went``, as the lost fiche's list says it: ``lost_fiche.known_keys``);
    a key gone before that was kept (m037): "undone or deleted"."""
    n = earlier.position
    if earlier.went == "undo":
        return _(
            "This coup was stored as coup %(n)s, then undone: it is not in the game now."
            " Nothing was stored again.",
            n=n,
        )
    if earlier.went == "delete":
        return _(
            "This coup was stored as coup %(n)s, then deleted: it is not in the game now."
            " Nothing was stored again.",
            n=n,
        )
    return _(
        "This coup was stored as coup %(n)s, then undone or deleted: it is not in the"
        " game now. Nothing was stored again.",
        n=n,
    )


def key_refusal(
    game_id: int, status: int, error: str, earlier: store.AlreadyStored, message: str
) -> BaseResponse:
    """The outbox reads the refusal in JSON and shows it beside the kept coup; a page gets
    the game again with the message."""
    if wants_json():
        answer = jsonify(error=error, coup=earlier.position, message=message)
        answer.status_code = status
        return answer
    flash(message)
    latest = store.load(get_db(), game_id)
    return back(game_id, pages_of(latest).after_save)


def retried(game_id: int) -> BaseResponse | None:
    """The answer to a retry whose key holds its coup, in the game, asked only where the
    change is refused: that coup may be what locked the table (its round's last deal, a
    stop after it), or this phone's right was taken after it was stored. Stored is stored:
    answered so (``stored_answer``), never refused nor shown as a coup to type again. A
    key of another coup, or of a coup since undone, meets the refusal (None): this phone
    can store nothing there now."""
    key = entry_key()
    earlier = None if key is None else store.stored_under(get_db(), game_id, key)
    if earlier is None or earlier.gone is not None:
        return None
    if not earlier.same_coup(posted_digest(readable(game_id), earlier.position)):
        return None
    return stored_answer(game_id, earlier)
