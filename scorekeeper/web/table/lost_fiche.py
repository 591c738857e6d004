"""The game page for a phone that may read the game but no longer change it: why its change
was not saved and since when, what it had typed, and the way back (the handover code).

The one coup flow (``coups.managing``) answers it, 403, to a change sent from a phone whose
right was taken back (another phone took the fiche over, say).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from flask import render_template, request

from ...db import get_db
from ...rights.access import readable
from ...store.links import right_lost_at
from .. import registry
from .seat_words import names_now

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
            shown = dict(_choice(c) for c in choices).get(str(data), shown)
        seat = TRICK_FIELD.fullmatch(field.name)
        label = str(field.label.text)
        if seat and int(seat.group(1)) < len(names):
            label = names[int(seat.group(1))]
        yield label, shown


def lost_fiche(game_id: int) -> str:
    """The game page for a phone that may read the game but no longer change it (another
    phone took the fiche over, say): why its change was not saved and since when, what it
    typed, and the way back (the handover code)."""
    stored = readable(game_id)
    web = registry.web_of(stored.kind)
    now = names_now(stored)  # each seat's tricks under his name now, as the form's
    seats = [now.get(name, name) for name in stored.game.players]
    typed = list(typed_values(web.entry.form(stored), seats)) if request.method == "POST" else []
    page = web.pages.render(stored)
    body = page if isinstance(page, str) else page[0]
    notice = render_template(
        "_lost_fiche.html",
        stored=stored,
        lost=right_lost_at(get_db(), game_id),
        typed=typed,
    )
    return body.replace("<!--/flashes-->", "<!--/flashes-->" + notice, 1)
