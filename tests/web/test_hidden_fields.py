"""The forms' hidden fields drawn directly (web/forms.py): the same HTML as WTForms draws.

``Form.hidden_tag`` skips WTForms' general widget for a plain hidden field;
each case below is compared with Flask-WTF's own ``hidden_tag`` on the same
form, so a difference in order, escaping or attributes fails here.
"""

from __future__ import annotations

import re

import pytest
from flask_wtf import FlaskForm
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markupsafe import Markup
from wtforms import HiddenField, StringField
from wtforms.validators import DataRequired

from scorekeeper.web.forms import Form, hidden_input


class Plain(Form):
    version = HiddenField()
    note = StringField()  # not hidden: never drawn by hidden_tag
    seat = HiddenField(render_kw={"data-seat": "1"})  # attributes of its own: WTForms draws it


class Required(Form):
    version = HiddenField(validators=[DataRequired()])


@pytest.fixture
def context(csrf_app):
    with csrf_app.test_request_context("/games/1"):
        yield


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(value=st.text(), prefix=st.sampled_from(["", "a-", 'x"<&>-']))
def test_the_same_html_as_wtforms(csrf_app, value, prefix):
    with csrf_app.test_request_context("/games/1"):
        form = Plain(formdata=None, prefix=prefix)
        form.version.data = value
        form.seat.data = value
        ours = form.hidden_tag()
        assert ours == FlaskForm.hidden_tag(form)
        assert form.hidden_tag("version", "note", "nowhere") == FlaskForm.hidden_tag(
            form, "version", "note", "nowhere"
        )
        # the CSRF token, the version and the field with attributes of its own, one a line
        assert ours.count("<input ") == 3


def test_markup_is_escaped_and_a_flag_or_attributes_are_left_to_wtforms(context):
    form = Plain(formdata=None)
    form.version.data = Markup('say "hi" <b>')  # a hidden field's value is text: escaped
    assert form.hidden_tag() == FlaskForm.hidden_tag(form)
    assert 'value="say &#34;hi&#34; &lt;b&gt;"' in form.hidden_tag()
    assert hidden_input(form.seat) is None  # render_kw
    assert hidden_input(form.note) is None  # not a hidden input
    required = Required(formdata=None)
    required.version.flags.disabled = True
    assert hidden_input(required.version) is None
    assert required.hidden_tag() == FlaskForm.hidden_tag(required)
    assert "disabled" in str(required.hidden_tag())


def test_the_token_and_version_of_a_coup_form(context):
    from scorekeeper.web.hombre.forms import CoupForm

    form = CoupForm(formdata=None)
    form.version.data = "12"
    drawn = str(form.hidden_tag())
    assert drawn == FlaskForm.hidden_tag(form)
    assert drawn.startswith('<input id="version" name="version" type="hidden" value="12">\n')
    assert '<input id="csrf_token" name="csrf_token" type="hidden" value="' in drawn


def test_the_token_drawn_is_taken_and_a_forged_one_refused(csrf_app):
    """The manager's page draws its token with ``Form.hidden_tag``; CSRFProtect still checks
    it: the drawn token stores the coup, the same token with one letter changed is refused."""
    from web import NEW_GAME, coup_data, csrf_token

    client = csrf_app.test_client()
    token = csrf_token(client.get("/games/new").data.decode())
    game = client.post("/games/new", data={**NEW_GAME, "csrf_token": token}).headers["Location"]
    page = client.get(game).data.decode()
    drawn = csrf_token(page)
    assert f'<input id="csrf_token" name="csrf_token" type="hidden" value="{drawn}">' in page
    # one letter changed at the front: the payload's first base64 letter carries six whole
    # bits (the signature's last letter carries padding bits: a change there can decode to the
    # same bytes, and the "forged" token was taken now and then)
    forged = ("A" if drawn[0] != "A" else "B") + drawn[1:]
    version = re.search(r'<input id="version" name="version" type="hidden" value="(\d+)"', page)
    assert version is not None
    data = coup_data("pass", version=version.group(1))
    assert client.post(game + "/coups", data={**data, "csrf_token": forged}).status_code == 400
    assert client.post(game + "/coups", data={**data, "csrf_token": drawn}).status_code == 302
