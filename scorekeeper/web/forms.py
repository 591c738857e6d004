"""The forms every page shares (Flask-WTF: every one carries its CSRF token).

Each game's own forms (new game, coup entry) live with its web half
(``web/hombre/forms.py``, ``web/sheet/forms.py`` and the points games'
modules) on this small base.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Protocol

from flask import abort, request
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import HiddenField, SubmitField, TextAreaField
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # not in the stubs

from .. import store
from ..db import get_db


def options(pairs: Iterable[tuple[str, Any]]) -> list[SelectChoice]:
    """Choices for a radio group, from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


CHANGED = _l("The game changed meanwhile: here is the latest state. Check and send again.")
_WHOLE = re.compile(r"[0-9]{1,9}")


def whole(text: object) -> int | None:
    """A small whole number typed in ASCII digits, else None ('²'.isdigit() is true)."""
    return int(str(text)) if text is not None and _WHOLE.fullmatch(str(text)) else None


class Versioned(Protocol):
    """A form that changes a game: it says the version it was made from."""

    version: HiddenField


def form_version(form: Versioned) -> int:
    """The version of the game the page showed (hidden field of every changing form).

    A change that does not say which version it was made from is refused
    (428 Precondition Required), never applied over whatever is stored now.
    """
    version = whole(form.version.data)
    if version is None:
        abort(428)
    return version


class ActionForm(FlaskForm):
    """A button that changes something (undo, delete): CSRF and the version seen."""

    version = HiddenField()


class ImportForm(FlaskForm):
    file = FileField(_l("Game file"))
    text = TextAreaField(_l("Or paste the JSON"))
    submit = SubmitField(_l("Import"))


def bounded_arg(name: str, default: int, low: int, high: int) -> int:
    """A whole number of the query string within [low, high], else ``default``."""
    number = whole(request.args.get(name))
    return number if number is not None and low <= number <= high else default


def changed_meanwhile(form: Any, field: Any, game_id: int) -> store.StoredGame:
    """Another phone changed the game: keep what was typed, aim it at the latest version.

    Returns the latest game, for the page to show with the refusal beside ``field``.
    """
    latest = store.load(get_db(), game_id)
    form.version.data = str(latest.version)
    field.errors = [str(CHANGED)]
    return latest
