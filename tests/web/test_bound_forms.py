"""Forms bound once and copied per request (``Form.bound``, web/forms.py): the same form.

The coup form is made from a copy of a form bound once per app; each case
here compares it with the form WTForms makes afresh (``CoupForm()``) for the
same request: what it read, what it refuses and in which words, what it
draws. And what one request does to its copy never reaches the next one's.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.web.hombre.forms import CoupForm

FIELDS = ["hombre", "contract", "t0", "t1", "t2", "t3", "matadors", "note", "version"]
FLAGS = ["vole_engagee", "codille_renounced", "first_five", "black_aces", "passed", "save"]


def state(form: CoupForm) -> tuple[object, ...]:
    """What a form read and what it draws."""
    return (
        [(field.name, field.data, field.raw_data, list(field.errors)) for field in form],
        form.bonus_values,
        form.playing,
        form.sits_out,
        [str(field) for field in form if field.type != "CSRFTokenField"],
        str(form.hidden_tag()),
    )


posts = st.dictionaries(
    st.sampled_from(FIELDS + FLAGS + ["bonus", "csrf_token", "junk"]),
    st.one_of(
        st.sampled_from(["", "0", "1", "3", "9", "y", "demande", "0:charivari"]),
        st.text(max_size=210),
    ),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(post=posts, language=st.sampled_from(["fr", "en", "da", "nl"]))
def test_a_bound_form_is_the_form_made_afresh(csrf_app, post, language):
    headers = {"Cookie": f"lang={language}"}
    with csrf_app.test_request_context("/games/1/coups", method="POST", data=post, headers=headers):
        fresh, bound = CoupForm(), CoupForm.bound()
        assert state(bound) == state(fresh)
        # the CSRF token is checked (no CSRFProtect here, the form's own check)
        assert bound.validate() == fresh.validate() is False
        assert state(bound) == state(fresh)
        assert bound.errors == fresh.errors
        assert "csrf_token" in bound.errors


def test_a_form_not_posted_is_filled_with_the_defaults(csrf_app):
    with csrf_app.test_request_context("/games/1"):
        assert state(CoupForm.bound(None)) == state(CoupForm(formdata=None))
        assert CoupForm.bound(None).contract.data == "demande"


def test_nothing_a_request_does_to_its_form_reaches_the_next(csrf_app):
    long_note = {"note": "x" * 201, "hombre": "1", "t0": "4"}
    with csrf_app.test_request_context("/games/1/coups", method="POST", data=long_note):
        first = CoupForm.bound()
        first.validate()
        assert first.note.errors  # over 200 characters
        first.hombre.choices = [("0", "Anne")]
        first.save.errors = ["refused"]
        first.version.data = "7"
        first.bonus_values.append("0:charivari")
        first.playing = (1, 2, 3)
    with csrf_app.test_request_context("/games/1/coups", method="POST", data={"t1": "5"}):
        second = CoupForm.bound()
        assert state(second) == state(CoupForm())
        assert second.hombre.choices == [] and second.save.errors == ()
        assert not second.note.data and second.t0.data is None and second.t1.data == "5"
        assert second.version.data is None and second.bonus_values == []
        assert second.playing == (0, 1, 2)


@pytest.mark.parametrize("language, words", [("en", "At most 200"), ("fr", "Au plus 200")])
def test_a_refusal_in_the_readers_language(csrf_app, language, words):
    """A form's messages (the house's length, forms.at_most) are the request's, whichever
    language bound the form first."""
    for lang in ("da", language):
        with csrf_app.test_request_context(
            "/games/1/coups",
            method="POST",
            data={"note": "x" * 201},
            headers={"Cookie": f"lang={lang}"},
        ):
            bound, fresh = CoupForm.bound(), CoupForm()
            bound.validate(), fresh.validate()
            assert bound.note.errors == fresh.note.errors
    assert words in bound.note.errors[0]


def test_each_app_and_setting_has_its_own(make_app):
    """A form bound with CSRF off (tests) has no token field; one with it on has one."""
    without, with_token = make_app(WTF_CSRF_ENABLED=False), make_app(WTF_CSRF_ENABLED=True)
    with without.test_request_context("/games/1"):
        assert "csrf_token" not in CoupForm.bound(None)
    with with_token.test_request_context("/games/1"):
        assert "csrf_token" in CoupForm.bound(None)
    without.config["WTF_CSRF_ENABLED"] = True  # a setting changed after a form was bound
    with without.test_request_context("/games/1"):
        assert "csrf_token" in CoupForm.bound(None)
    for setting, value in [("WTF_CSRF_SECRET_KEY", "another secret"), ("WTF_CSRF_TIME_LIMIT", 60)]:
        with without.test_request_context("/games/1"):
            meta = CoupForm.bound(None).meta  # read once, as a token signed or checked reads it
            assert (meta.csrf_secret, meta.csrf_time_limit)[setting.endswith("LIMIT")] != value
        without.config[setting] = value  # each alone: the form's CSRF settings follow it
        with without.test_request_context("/games/1"):
            meta = CoupForm.bound(None).meta
            assert (meta.csrf_secret, meta.csrf_time_limit)[setting.endswith("LIMIT")] == value


def test_the_token_is_signed_only_when_the_form_is_drawn(csrf_app):
    """A saved coup is answered by a redirect: its form's token is never signed for it.
    A form drawn again (a refusal) carries a token that the next post passes with."""
    from flask import g, session
    from flask_wtf.csrf import generate_csrf, validate_csrf

    with csrf_app.test_request_context("/games/1"):
        token = generate_csrf()  # the page that showed the form
        raw = session["csrf_token"]
    with csrf_app.test_request_context(
        "/games/1/coups", method="POST", data={"csrf_token": token, "hombre": "1"}
    ):
        session["csrf_token"] = raw
        form = CoupForm.bound()
        form.validate()
        assert "csrf_token" not in form.errors  # the posted token is checked as before
        assert "csrf_token" not in g  # and no new one was signed
        drawn = str(form.hidden_tag())  # the form drawn again with its refusals
        assert g.csrf_token in drawn and form.csrf_token.current_token == g.csrf_token
        validate_csrf(g.csrf_token)  # raises if the drawn token were refused
    with csrf_app.test_request_context(
        "/games/1/coups", method="POST", data={"csrf_token": "forged", "hombre": "1"}
    ):
        session["csrf_token"] = raw
        form = CoupForm.bound()
        assert not form.validate() and "csrf_token" in form.errors


def test_an_action_form_at_a_version_is_the_form_made_afresh(csrf_app):
    from scorekeeper.web.forms import ActionForm

    for version in (1, 7, 300):
        with csrf_app.test_request_context("/games/1"):
            made = ActionForm.at(version)
            assert str(made.hidden_tag()) == str(
                ActionForm(formdata=None, version=str(version)).hidden_tag()
            )
            assert f'value="{version}"' in str(made.hidden_tag())


@pytest.mark.parametrize("secret", [None, "another secret for the tokens"])
def test_the_kept_signer_signs_flask_wtfs_very_token(csrf_app, monkeypatch, secret):
    """A manager's page filled from a kept one signs its token with the serializer kept
    per secret key and the session token's payload made once (holes.py: ``signed_token``):
    the text Flask-WTF's ``generate_csrf`` gives at the same second, for the same session,
    which ``validate_csrf`` takes; kept for the request as Flask-WTF keeps it."""
    import itsdangerous.timed
    from flask import g, session
    from flask_wtf.csrf import generate_csrf, validate_csrf

    from scorekeeper.web.kept.holes import signed_token

    if secret is not None:  # else the app's secret key, as Flask-WTF's default
        csrf_app.config["WTF_CSRF_SECRET_KEY"] = secret
    for second in (1_700_000_000, 1_800_000_123):
        monkeypatch.setattr(itsdangerous.timed.time, "time", lambda second=second: second)
        with csrf_app.test_request_context("/games/1"):
            session["csrf_token"] = "e" * 40
            kept = signed_token()
            assert g.csrf_token == kept and signed_token() is kept  # one token a request
            g.pop("csrf_token")
            assert kept == generate_csrf()
            validate_csrf(kept)
            g.pop("csrf_token")
            session["csrf_token"] = "f" * 40  # another session's token: its own payload
            assert signed_token() == (g.pop("csrf_token"), generate_csrf())[1]
    with csrf_app.test_request_context("/games/1"):  # no token yet: Flask-WTF makes one
        assert "csrf_token" not in session
        assert signed_token() == g.csrf_token and "csrf_token" in session


def test_a_forms_own_validators_run_as_wtforms_runs_them(csrf_app):
    """``Form.validate`` finds each field's ``validate_<name>`` once per class and fields:
    the same checks run, in WTForms' order (the field's own, the extra ones given, then the
    form's method), and a field deleted from the form is not checked."""
    from wtforms import Form as PlainForm
    from wtforms import StringField
    from wtforms.validators import ValidationError

    from scorekeeper.web.forms import Form

    def make(base: type) -> type:
        class Checked(base):  # type: ignore[misc, valid-type]
            class Meta:
                csrf = False

            a = StringField()
            b = StringField()
            c = StringField()

            def validate_a(self, field):
                calls.append(("a", field.data))
                if field.data == "no":
                    raise ValidationError("a says no")

            def validate_c(self, field):
                calls.append(("c", field.data))

        return Checked

    def extra_b(form, field):
        calls.append(("extra b", field.data))

    runs = []
    for base in (PlainForm, Form):
        for data, deleted in (({"a": "yes", "b": "1", "c": "2"}, None), ({"a": "no"}, "c")):
            calls: list[tuple[str, str]] = []
            with csrf_app.test_request_context("/", method="POST", data=data):
                form = make(base)(formdata=None, data=data)
                if deleted:
                    delattr(form, deleted)
                valid = form.validate(extra_validators={"b": [extra_b]})
                runs.append((valid, form.errors, list(calls)))
    plain, ours = runs[:2], runs[2:]
    assert ours == plain
    # hand-written: all pass, a's and c's methods and b's extra run in field order; then "no"
    # refused by a's method, c deleted so never checked
    assert plain[0] == (True, {}, [("a", "yes"), ("extra b", "1"), ("c", "2")])
    assert plain[1][0] is False and plain[1][2] == [("a", "no"), ("extra b", None)]
