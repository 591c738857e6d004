"""The forms every page shares (Flask-WTF: every one carries its CSRF token).

Each game's own forms (new game, coup entry) live with its web half
(``web/hombre/forms.py``, ``web/sheet/forms.py`` and the points games'
modules) on this small base.
"""

from __future__ import annotations

import re
import unicodedata
from collections import OrderedDict
from collections.abc import Iterable
from contextvars import ContextVar
from typing import Any, Protocol, Self
from urllib.parse import urlsplit

from flask import abort, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import lazy_ngettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from flask_wtf.form import _Auto  # FlaskForm's own default: the request's data, found
from markupsafe import Markup, escape
from wtforms import Field, HiddenField, StringField, SubmitField, TextAreaField
from wtforms.csrf.core import CSRFTokenField
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # not in the stubs
from wtforms.validators import (
    InputRequired,
    Length,
    Optional,
    StopValidation,
    ValidationError,
)
from wtforms.widgets import HiddenInput

from .. import store
from ..db import get_db
from ..here import current_application
from ..names import MAX_LENGTH, Clash, NameFault, clash, fault, first_clash, said_once, tidy
from .formats.words import already_here_text
from .inline_once import InlineOnce


def options(pairs: Iterable[tuple[str, Any]]) -> list[SelectChoice]:
    """Choices for a radio group, from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


CHANGED = _l("The game changed meanwhile: here is the latest state. Check and send again.")
WENT_BACK = _l(
    "The game went back to an earlier state (a backup put back): what was entered since is no"
    " longer recorded."
)
"""A page drawn at a version above the stored one: only a backup put back lowers a game's
version (``scorekeeper restore`` while the server runs); the follower's page says the same."""
CLUB_CHANGED = _l("The club changed meanwhile: here it is as it is now. Check and send again.")
"""A club's page sent from a version of the club before another change (``CHANGED``: a game's)."""
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


def typed_note(data: object) -> str:
    """Words typed as they are kept: trimmed, without control characters (a NUL, an escape),
    which no keyboard means to type and no page should carry (a kept page's holes are NULs:
    web/kept/frames.py). Every game's coup form reads its note through it, the cash box its
    notes and who received a payment, a club's form its name and an evening's title."""
    text = data if isinstance(data, str) else ""
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cc").strip()


def marked(field: Field, attrs: dict[str, Any]) -> dict[str, Any]:
    """The attributes a form field is drawn with (``macros.html``'s ``text`` and ``check``):
    ``attrs``, and for a field refused ``aria-invalid`` and ``aria-describedby`` naming its
    message (``{id}-error``, the first error the macro ``errors`` draws), so a screen reader
    says why with the field. The one home of that markup: the player fields of the new-game
    and set-up pages once said their refusal apart from the field (play19), where the cash
    box's forms did not.

    >>> from wtforms import Form, StringField
    >>> class F(Form):
    ...     name = StringField()
    >>> f = F()
    >>> marked(f.name, {"list": "members"})
    {'list': 'members'}
    >>> f.name.errors = ["Too long."]
    >>> marked(f.name, {"list": "members"})
    {'list': 'members', 'aria-invalid': 'true', 'aria-describedby': 'name-error'}
    """
    if not field.errors:
        return attrs
    return {**attrs, "aria-invalid": "true", "aria-describedby": f"{field.id}-error"}


_TYPED = frozenset({"text", "number", "search", "email", "url", "tel", "password"})


def forged(field: Field) -> bool:
    """Whether a refused field says its post was drawn by no page: a hidden one (the CSRF
    token, a version) or a choice sent with a value the page did not offer; not a field a
    person types (an input, a text area), nor a choice left unchosen.

    >>> from werkzeug.datastructures import MultiDict as sent
    >>> from wtforms import Form, HiddenField, RadioField, StringField
    >>> F = type(Form)("F", (Form,), {"v": HiddenField(), "r": RadioField(), "s": StringField()})
    >>> [forged(field) for field in F(sent({"r": "x", "s": "y"}))], forged(F(sent()).r)
    ([True, True, False], False)"""
    drawn = getattr(field.widget, "input_type", None)
    if drawn in _TYPED or type(field.widget).__name__ == "TextArea":
        return False
    return drawn == "hidden" or bool(field.raw_data)


def refused_as_typed(form: FlaskForm) -> None:
    """The one rule of a form refused: a field a person types (too long, empty, no number)
    comes back beside it, the page drawn again by the caller (422, as typed); a forged
    field or a form's own error is a 400. The cash box's entry and fee forms answered a
    note past its 80 characters with the bare 400 page (fix24c)."""
    if form.form_errors or any(field.errors and forged(field) for field in form):
        abort(400)


def hidden_input(field: Field) -> Markup | None:
    """``str(field)`` of a plain hidden field, drawn directly; None for any other field.

    WTForms draws an input through its general widget (the flags it lists with ``dir``, the
    attributes formatted one by one): a third of a millisecond for the CSRF token and the
    version of a form, drawn on every manager's page. A hidden field without attributes of
    its own draws the same four, in WTForms' order (sorted by name), escaped the same way.
    """
    if (
        type(field.widget) is not HiddenInput
        or field.render_kw
        or getattr(field.meta, "render_kw", None)
    ):
        return None
    if getattr(field, "_datalist", None) is not None or "disabled" in vars(field.flags):
        return None
    value: object = field._value()  # type: ignore[attr-defined]  # not in the stubs
    if any(type(text) is not str for text in (field.id, field.name, value)):
        return None  # markup or no text: WTForms' own rules (quotes, True, False)
    return Markup(
        f'<input id="{escape(field.id)}" name="{escape(field.name)}" type="hidden"'
        f' value="{escape(value)}">'
    )


class LazyTokenField(CSRFTokenField):
    """The CSRF field of a form made by ``Form.bound``: its token signed when first drawn.

    WTForms' field signs a new token when it is filled (``process``), though a form
    that is saved is answered by a redirect that never draws it. This one signs it
    (Flask-WTF's ``generate_csrf``, the same token for the whole request) only when
    the form is drawn; the posted token is checked exactly as before (``pre_validate``
    and Flask-WTF's ``CSRFProtect`` read the posted data, not this).

    Kept on purpose (copies21), the least override of WTForms' field (its ``process``
    without the last line, its ``_value`` signing first): WTForms' own field here cost the
    coup cycle 0.27 M instructions, 1.9 % (``benchmarks/cycle_instructions.py``, 14.84 →
    15.11 M), over the 1 % a removal may cost. The token is still Flask-WTF's
    (``csrf_impl.generate_csrf_token``); ``tests/web/test_bound_forms.py`` holds it to it.
    """

    def process(self, *args: Any, **kwargs: Any) -> None:
        HiddenField.process(self, *args, **kwargs)  # CSRFTokenField's, without the signing

    def _value(self) -> str:
        if self.current_token is None:
            self.current_token = self.csrf_impl.generate_csrf_token(self)
        return self.current_token


_BINDING_ONLY: ContextVar[bool] = ContextVar("binding_only", default=False)
"""True while a form is made to be copied (``Form.bound``): its fields bound, not filled."""
_BOUND = "scorekeeper.bound_forms"
"""``app.extensions``' key of the forms bound once (``Form.bound``)."""


def _form_settings() -> tuple[object, ...]:
    """What Flask-WTF's form settings (``FlaskForm.Meta``) read of the app, read by them: the
    CSRF check on or off, its secret, field name and time limit, and the fields' catalog.
    A form bound once (``Form.bound``) keeps the settings it was bound with; these say
    when they no longer hold."""
    settings = FlaskForm.Meta()
    return (
        settings.csrf,
        settings.csrf_secret,
        settings.csrf_field_name,
        settings.csrf_time_limit,
        settings.get_translations(None),  # type: ignore[arg-type]  # no form yet: none read
    )


class Form(InlineOnce, FlaskForm):
    """A FlaskForm whose hidden fields (the CSRF token, the version) are drawn directly,
    and whose fields can be bound once (``bound``)."""

    @classmethod
    def bound(cls, formdata: Any = _Auto) -> Self:
        """``cls(formdata)``, made from a copy of the form bound once per app and settings.

        WTForms binds every field anew for each form made (a label, flags, the
        validators checked, the choices): the coup form's 17 fields cost more than
        reading them. A bound field holds nothing of a request until it is filled
        (``process``), so the form is bound once, without filling it, and each request
        fills a shallow copy of it and of its fields: what it reads (the posted data,
        the defaults, the CSRF token) is the request's, as with ``cls(formdata)``.
        A form whose code changes a field's parts in place (its label, flags,
        validators or choices list) must not be made this way; assigning them is fine.
        ``started`` sets what a subclass adds per request.
        """
        kept: dict[tuple[object, ...], Form] = current_application().extensions.setdefault(
            _BOUND, {}
        )
        key = (cls, *_form_settings())
        prototype = kept.get(key)
        if prototype is None:
            binding = _BINDING_ONLY.set(True)
            try:
                prototype = cls(formdata=None)
            finally:
                _BINDING_ONLY.reset(binding)
            kept[key] = prototype
        form = object.__new__(cls)
        state = dict(vars(prototype))
        fields: OrderedDict[str, Any] = OrderedDict()
        for name, field in prototype._fields.items():
            kind = LazyTokenField if type(field) is CSRFTokenField else type(field)
            copy = object.__new__(kind)  # Field.__new__ would make an unbound field
            vars(copy).update(vars(field))
            fields[name] = state[name] = copy
        state["_fields"] = fields
        state["form_errors"] = []
        vars(form).update(state)
        form.process(formdata)
        form.started()
        return form

    def started(self) -> None:
        """What a subclass sets per request besides its fields (``bound`` calls it too)."""

    def process(self, *args: Any, **kwargs: Any) -> None:
        if not _BINDING_ONLY.get():
            super().process(*args, **kwargs)

    def hidden_tag(self, *fields: Any) -> Markup:
        """As Flask-WTF's: the form's hidden fields (or the ones named), one a line."""
        drawn: list[str] = []
        for field in fields or self:
            if isinstance(field, str):
                field = getattr(self, field, None)
            if field is None or not isinstance(field.widget, HiddenInput):
                continue
            quick = hidden_input(field)
            drawn.append(str(field) if quick is None else quick)
        return Markup("\n".join(drawn))


class ActionForm(Form):
    """A button that changes something (undo, delete): CSRF and the version seen."""

    version = HiddenField()

    @classmethod
    def at(cls, version: int | str) -> Self:
        """``ActionForm(formdata=None, version=str(version))``, made from the form bound once
        (``bound``): the manager's game page draws its undo button after every coup (in a
        frame, its version is a hole: kept/frames.py)."""
        form = cls.bound(None)
        form.version.data = str(version)
        return form


class ImportForm(FlaskForm):
    file = FileField(_l("Game file"))
    text = TextAreaField(_l("Or paste the JSON"))
    submit = SubmitField(_l("Import"))


def bounded_arg(name: str, default: int, low: int, high: int) -> int:
    """A whole number of the query string within [low, high], else ``default``."""
    number = whole(request.args.get(name))
    return number if number is not None and low <= number <= high else default


def same_site_path(target: str) -> str | None:
    """``target`` if it is a path on this site, else None (no open redirect).

    Browsers drop tabs and newlines and read a backslash as a slash, so
    ``/\t/evil.example`` or ``/\\evil.example`` would leave the site: any
    control character, space or backslash refuses the target.
    """
    if not target.startswith("/") or target.startswith("//"):
        return None
    if any(c <= " " or c in "\\\x7f" for c in target):
        return None
    parts = urlsplit(target)
    return target if not parts.scheme and not parts.netloc else None


def changed_meanwhile(form: Any, field: Any, game_id: int) -> store.StoredGame:
    """Another phone changed the game: keep what was typed, aim it at the latest version.

    Returns the latest game, for the page to show with the refusal beside ``field``.
    """
    latest = store.load(get_db(), game_id)
    back = went_back(whole(form.version.data), latest)
    form.version.data = str(latest.version)
    field.errors = [str(WENT_BACK), str(CHANGED)] if back else [str(CHANGED)]
    return latest


def went_back(shown: int | None, latest: store.StoredGame) -> bool:
    """Whether a change refused for its version was sent from a game since put back to a
    backup: its version is above the stored one, and every change adds to a game's version,
    so only a backup put back (``scorekeeper restore`` while the server runs) lowers it. The
    page's refusal (``changed_meanwhile``), the undo, redo and deletion of a coup
    (``table/coups``) and the outbox's answer (``table/outbox_answers.conflict_answer``)
    all ask here; any other refused version is another phone's change."""
    return shown is not None and shown > latest.version


def at_most(limit: int) -> Length:
    """The house's bound of a text field: its ``maxlength`` in the browser (the validator's
    flag) and, past it, the house's words beside the field rather than WTForms' ("Field
    cannot be longer than 60 characters.")."""
    return Length(
        max=limit,
        message=lazy_ngettext("At most %(num)d character.", "At most %(num)d characters.", limit),
    )


NAME_TOO_LONG = _l("A name has at most 40 characters: shorten it here.")


class _Unbounded(Length):
    """Length without the ``maxlength`` attribute: the browser would cut a pasted name
    silently (issue 25: a name is refused where it was typed, never cut; a long value echoed
    back breaks inside its field and message, static/style.css, rather than widen the page),
    and its refusal stops the field's checks."""

    def __init__(self, max: int, message: Any) -> None:
        super().__init__(max=max, message=message)
        self.field_flags = {}

    def __call__(self, form: Any, field: Any) -> None:
        try:
            super().__call__(form, field)
        except ValidationError as error:  # said once: the names rule would say it again
            raise StopValidation(str(error)) from None


def fault_text(found: NameFault) -> str:
    """Why a name is no name (``names.fault``), in the reader's language."""
    return _(found.template).format(**found.params)


TYPE_A_NAME = _l("Type this player's name.")


def name_rule(form: Any, field: Any) -> None:
    """The names rule (``names.fault``) beside the field: no symbol, nothing invisible only.

    A field with spaces or invisible characters only is empty: asked for if it must
    hold a name, else a seat left empty."""
    if not tidy(field.data or ""):
        if field.flags.required:
            raise ValidationError(TYPE_A_NAME)
        raise StopValidation()
    found = fault(field.data or "")
    if found is not None:
        raise ValidationError(fault_text(found))


def name_field(label: Any, required: bool = True) -> StringField:
    """A player's or member's name: never cut by the browser (no ``maxlength``), refused beside
    the field if longer than ``MAX_LENGTH`` or if it is no name by the one rule of every way a
    name enters (``names.fault``)."""
    first = InputRequired() if required else Optional()
    bound = _Unbounded(max=MAX_LENGTH, message=NAME_TOO_LONG)
    return StringField(label, validators=[first, bound, name_rule])


def clash_text(name: str, other: str) -> Any:
    """Why ``name`` cannot sit at the table beside ``other`` (``names.clash``); the very
    name typed twice is said once (``names.said_once``, label21: "Anne Dupont is already at
    this table as Anne Dupont")."""
    if said_once(name, other):
        return already_here_text(name)
    if clash(name, other) is Clash.READS_ALIKE:
        return _l(
            "%(name)s reads like %(other)s, already at this table (letters of another alphabet"
            " or look-alike signs): two players must be told apart at a glance.",
            name=name,
            other=other,
        )
    return _l(
        "%(name)s is already at this table as %(other)s "
        "(names are compared without case, accents or spaces).",
        name=name,
        other=other,
    )


def player_names(fields: Iterable[Any], required: int) -> tuple[str, ...] | None:
    """The players typed in seat order, tidied; None with the refusal beside its own field.

    The first ``required`` fields must hold a name (spaces alone are no name);
    the others may stay empty. Two names that differ only in case, accents,
    spaces or invisible characters are one player (``names.same_key``), and two
    that read the same are refused too (``names.look_alike_key``, Unicode TR #39):
    the later field says whose name it repeats.
    """
    fields = list(fields)
    typed = [tidy(field.data or "") for field in fields]
    refused = False
    for seat, (field, name) in enumerate(zip(fields, typed)):
        if seat < required and not name:
            field.errors = [*field.errors, TYPE_A_NAME]
            refused = True
    present = [(field, name) for field, name in zip(fields, typed) if name]
    found = first_clash(name for _, name in present)
    if found is not None:
        earlier, later = present[found[0]], present[found[1]]
        later[0].errors = [*later[0].errors, clash_text(later[1], earlier[1])]
        refused = True
    return None if refused else tuple(name for _, name in present)
