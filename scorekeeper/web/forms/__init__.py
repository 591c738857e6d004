"""The forms of the table app (Flask-WTF: every one carries its CSRF token).

What every game's pages share is here; each game's coup entry is a module
of this package named by its kind (``GameKind.form``): it makes the coup
form, reads it into the game file's shape and hands that to the kind's own
file reader, so a coup typed in and a coup read from a file meet the same
checks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from importlib import import_module
from types import ModuleType
from typing import Any

from flask import abort
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import HiddenField, SubmitField, TextAreaField
from wtforms.fields.choices import SelectChoice

from ...rules.kind import GameKind


def options(pairs: Iterable[tuple[str, Any]]) -> list[SelectChoice]:
    """Choices for a radio group, from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


CHANGED = _l("The game changed meanwhile: here is the latest state. Check and send again.")
_WHOLE = re.compile(r"[0-9]{1,9}")


def whole(text: object) -> int | None:
    """A small whole number typed in ASCII digits, else None ('²'.isdigit() is true)."""
    return int(str(text)) if text is not None and _WHOLE.fullmatch(str(text)) else None


def form_version(form: FlaskForm) -> int:
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


def entry_for(kind: GameKind) -> ModuleType:
    """The coup-entry module of a kind (``scorekeeper.web.forms.<kind.form>``)."""
    return import_module(f"{__name__}.{kind.form}")
