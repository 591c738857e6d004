"""The game page for a phone that may read the game but no longer change it: why its change
was not saved and since when, what it had typed, the coups its outbox kept, and the way back
(the handover code).

The one coup flow (``coups.managing``) answers it, 403, to a change sent from a phone whose
right was taken back (another phone took the fiche over, say). A coup typed on an older
version of the game is refused as stale (``stale_answer``, 409) before the rules check it, and
written out the same way: the form drawn for the game as it is now may no longer offer what
was typed (the seat that deals now). Reloaded, the lost phone's page is a follower's, the same
for every phone; its script asks for the notice alone when the phone keeps coups of the game
(``reloaded_notice``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from flask import make_response, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response as BaseResponse

from ... import store
from ...db import get_db
from ...rights.access import can_manage, readable, readable_head
from ...store.links import right_lost_at
from .. import registry
from ..forms import changed_meanwhile, whole
from ..hookspecs import GamePages, Page
from .outbox_answers import conflict_answer, wants_json
from .seat_words import names_now

STALE_CHECK = _l(
    "The game changed meanwhile: save, and the page shows the latest state with your coup"
    " kept, to check and send again."
)
"""The live check of a coup typed on a page the game has moved past (``typed_on``)."""
REFRESH = "_followers_refresh.html"
"""A follower's page's refresh without scripts: not on this page."""
SCRIPTS = "_lost_fiche_scripts.html"
"""The notice's scripts, on the page (a fragment put in the live check's place runs none)."""
SKIPPED = {"CSRFTokenField", "HiddenField", "SubmitField"}
TRICK_FIELD = re.compile(r"t([0-9])")


def _choice(choice: Any) -> tuple[str, str]:
    """A choice's value and words, whether a pair or wtforms' ``SelectChoice``."""
    if isinstance(choice, list | tuple):
        return str(choice[0]), str(choice[1])
    return str(getattr(choice, "value", choice)), str(getattr(choice, "label", choice))


def typed_values(form: Any, names: Sequence[str]) -> Iterator[tuple[str, str]]:
    """What was typed in a coup's form, as label and value: a choice by its words, a
    player's trick count (``t0``…) under the player's name."""
    for field in form:
        if field.type in SKIPPED:
            continue
        if field.type in ("FormField", "FieldList"):
            yield from typed_values(field, names)
            continue
        data = field.data
        if data in (None, "", [], False):
            continue
        shown = "✓" if data is True else str(data)
        choices = getattr(field, "choices", None)
        if isinstance(choices, list | tuple):
            words = dict(_choice(c) for c in choices)
            shown = words.get(str(data), _seat(words, str(data), names) or shown)
        seat = TRICK_FIELD.fullmatch(field.name)
        label = str(field.label.text)
        if seat and int(seat.group(1)) < len(names):
            label = names[int(seat.group(1))]
        yield label, shown


def _seat(words: dict[str, str], value: str, names: Sequence[str]) -> str | None:
    """A seat's name for a seat the choices no longer offer (the hombre typed when they still
    played; they deal now and sit out): the choices are seats when each is its seat's name."""
    # ``whole``, not ``str.isdigit``: "²" is a digit to Python and no number to int() (a 500)
    seats = {v: n for v in words if (n := whole(v)) is not None and n < len(names)}
    typed = whole(value)
    if typed is None or typed >= len(names) or len(seats) != len(words) or not seats:
        return None
    return names[typed] if all(words[v] == names[n] for v, n in seats.items()) else None


def typed_coup(stored: Any, form: Any) -> list[tuple[str, str]]:
    """What was typed in the coup's form, in words, each seat under its player's name now."""
    now = names_now(stored)  # each seat's tricks under their name now, as the form's
    seats = [now.get(name, name) for name in stored.game.players]
    return list(typed_values(form, seats))


def with_typed(page: Page, stored: Any, form: Any) -> Page:
    """A page refusing a coup (``stale_answer``) with the coup as typed written out
    where the page says what happened (``_typed_coup.html``)."""
    body = page if isinstance(page, str) else page[0]
    typed = render_template("_typed_coup.html", typed=typed_coup(stored, form))
    body = body.replace("<!--/flashes-->", "<!--/flashes-->" + typed, 1)
    return body if isinstance(page, str) else (body, page[1])


KEYS_ASKED = 32
"""How many of a phone's keys one notice says what the store knows of (its outbox sends its
coups in order: only the first can have been stored unanswered; a page drawn again asks for
all it keeps, a few)."""


def known_keys(game_id: int, keys: Sequence[str]) -> dict[str, str]:
    """What the store knows of the keys this phone kept coups under, each in words: a coup
    stored then undone or deleted was listed "never stored" (fix28b); it is said so, which
    of the two as its key keeps it (``AlreadyStored.went``, written by the undo or deletion;
    a key gone before that was kept: "undone or deleted"). One still in the game is said so,
    or, corrected since by another phone (``AlreadyStored.corrected``, written by the
    correction), that the game holds it as corrected: not what this phone typed.
    A key the store does not know, or no key at all (junk), says nothing.

    A key the store does not know was never stored, or was stored and gone long enough to be
    dropped (only the last ``store.coup_keys.GONE_KEPT`` gone keys of a game are kept): the
    server cannot tell which, so the list's heading (``_lost_fiche.html``) says none is in
    the game unless said beside it, which holds for both (a key lives as long as its coup),
    not "none was stored", which the dropped key belies. Keeping every gone key to say more
    would let a game's rows grow with each undo for an answer only a late retry needs."""
    known = {}
    for key in dict.fromkeys(keys[:KEYS_ASKED]):
        earlier = store.stored_under(get_db(), game_id, key) if store.KEY.fullmatch(key) else None
        if earlier is None:
            continue
        n = earlier.position
        if earlier.gone is None and earlier.corrected is not None:
            known[key] = _(
                "stored as coup %(n)s, then corrected: the game holds it as corrected,"
                " not as typed here",
                n=n,
            )
            continue
        if earlier.gone is None:
            known[key] = _("stored as coup %(n)s: it is in the game", n=n)
            continue
        if earlier.went == "undo":
            known[key] = _("stored as coup %(n)s, then undone: not in the game now", n=n)
        elif earlier.went == "delete":
            known[key] = _("stored as coup %(n)s, then deleted: not in the game now", n=n)
        else:
            known[key] = _("stored as coup %(n)s, then undone or deleted: not in the game now", n=n)
    return known


def asked_keys() -> list[str]:
    """The keys this request names: the coup it sends (``entry_key``), or those a page drawn
    again keeps (``?key=``, static/follow.js)."""
    if request.method == "POST":
        key = request.form.get("entry_key")
        return [] if key is None else [key]
    return request.args.getlist("key")


def lost_notice(stored: store.StoredGame, checking: bool = False, reloaded: bool = False) -> str:
    """Why this phone's change was not saved and since when, what it typed, the way back
    (the handover code), and a place for the coups its outbox kept (``_lost_fiche.html``;
    static/outbox.js writes them out: they are on the phone, never on the server).
    ``checking``: no Save sent (the live check, ``lost_check``; the notice asked for by a
    page drawn again, ``reloaded_notice``): its own words, nothing typed here was stored and
    another phone keeps the table. ``reloaded``: the page drawn again, whose form holds
    nothing typed: who keeps the table, and no word on what was stored, which the coups its
    outbox kept say each (``known_keys``: a coup of this phone may be in the game, or was
    stored and undone since)."""
    web = registry.web_of(stored.kind)
    typed = typed_coup(stored, web.entry.form(stored)) if request.method == "POST" else []
    return render_template(
        "_lost_fiche.html",
        stored=stored,
        lost=right_lost_at(get_db(), stored.id),
        typed=typed,
        checking=checking,
        reloaded=reloaded,
        known=known_keys(stored.id, asked_keys()),
    )


def lost_fiche(game_id: int) -> str:
    """The game page for a phone that may read the game but no longer change it (another
    phone took the fiche over, say): why its change was not saved and since when, what it
    typed, and the way back (the handover code)."""
    stored = readable(game_id)
    page = registry.web_of(stored.kind).pages.render(stored)
    body = page if isinstance(page, str) else page[0]
    notice = lost_notice(stored) + render_template(SCRIPTS)
    # without scripts a follower's page asks for itself again: this one would lose what was
    # typed (and ask for the change's address); with them, follow.js keeps the notice
    body = body.replace(render_template(REFRESH), "", 1)
    return body.replace("<!--/flashes-->", "<!--/flashes-->" + notice, 1)


def reloaded_notice(game_id: int) -> BaseResponse:
    """The notice alone, with its scripts, for a lost phone that drew its page again: that page
    is a follower's, the same for every phone (kept, web/kept/), and names nothing kept on one
    phone. static/follow.js asks for this only when the phone's storage keeps coups its outbox
    never sent for the game, puts it where ``lost_fiche`` does and runs its scripts, which
    write the coups out (static/outbox.js). A phone that may change the game has its outbox
    for them: nothing to say (204)."""
    if can_manage(readable_head(game_id)):
        return make_response("", 204)
    notice = lost_notice(readable(game_id), checking=True, reloaded=True)  # nothing sent
    answer = make_response(notice + render_template(SCRIPTS))
    answer.headers["Cache-Control"] = "no-store"  # this phone's rights, in its language
    return answer


def lost_check(game_id: int) -> tuple[str, int]:
    """The live check (``/preview``) of a phone that may read the game but no longer change
    it: the notice its Save would get, in the words of a check (Save was never tapped:
    nothing was stored, not "this change was not saved"), as the fragment the check's place
    takes (static/table.js puts it in ``#preview``), 403. A bare 403 said nothing there."""
    return lost_notice(readable(game_id), checking=True), 403


def typed_on(stored: store.StoredGame, form: Any) -> int | None:
    """The version of the game a coup was typed on, when it is not the game's now: the coup
    is then refused as stale (409, "changed meanwhile", what was typed kept) before it is
    checked at all, for checked against the game as it is now it would be refused for what
    another phone did ("deals and sits out" of a seat that moved on), not for itself."""
    shown = whole(form.version.data)
    return None if shown is None or shown == stored.version else shown


def stale_answer(
    game_id: int, form: Any, page: GamePages[Any], version: int
) -> Page | BaseResponse:
    """A coup typed on an older version of the game (or a newer one, a backup since put
    back): the outbox reads it in JSON, a page gets the game as it is now, the refusal
    beside Save, the form as typed where it still can be and the coup written out (the
    form of the next coup may not offer what was typed: the seat that deals now)."""
    if wants_json():
        return conflict_answer(game_id, version)
    latest = changed_meanwhile(form, form.save, game_id)
    return with_typed(page.render(latest, form, status=409), latest, form)
