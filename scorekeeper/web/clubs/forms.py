"""The forms of a club's pages (Flask-WTF: each carries its CSRF token and the club's version)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, StringField, SubmitField
from wtforms.validators import DataRequired, Optional

from ...clubs.evening_tables import MAX_TITLE
from ..forms import at_most, name_field, name_rule, typed_note


class ClubForm(FlaskForm):
    name = StringField(
        _l("Name of the club"),
        filters=[typed_note],  # a name of control characters alone is no name: required
        validators=[DataRequired(), at_most(60)],
    )
    chip_value = StringField(_l("One chip is worth"), validators=[Optional(), at_most(20)])
    currency = StringField(_l("Currency (3 letters)"), validators=[Optional(), at_most(3)])
    submit = SubmitField(_l("Create the club"))


class EveningForm(FlaskForm):
    version = HiddenField()
    date = StringField(_l("Date"), validators=[DataRequired(), at_most(10)])
    title = StringField(_l("Title"), validators=[Optional(), at_most(MAX_TITLE)])
    submit = SubmitField(_l("Open the evening"))


class MemberForm(FlaskForm):
    version = HiddenField()
    name = name_field(_l("Name"))
    short_name = StringField(_l("Short name"), validators=[Optional(), at_most(8), name_rule])
    submit = SubmitField(_l("Rename"))


class MergeForm(FlaskForm):
    version = HiddenField()
    member = StringField(validators=[DataRequired()])
    into = StringField(validators=[DataRequired()])
    submit = SubmitField(_l("Merge"))


class LinkForm(FlaskForm):
    version = HiddenField()
    submit = SubmitField(_l("New manager link"))


class NewMemberForm(FlaskForm):
    """A member added before they sit at a table (the club's manager)."""

    version = HiddenField()
    name = name_field(_l("Name"))
    short_name = StringField(_l("Short name"), validators=[Optional(), at_most(8), name_rule])
    submit = SubmitField(_l("Add the member"))
