"""What a hostile form body costs (ops18; web/ops/form_bodies.py, app.MethodFirstCSRF).

Flask-WTF looks for the form's token in the parsed form first, and only then finds the
session without a token: a cookieless 1.8 MB form of bad percent-escapes (``%ff``, each an
invalid UTF-8 byte Werkzeug's decoder turns back into ``%FF`` one call at a time) cost
1.4 s of CPU to be refused 400. Such a request can only be refused: it now is, unread.
With the session's token (a page opened first), Werkzeug decoded an urlencoded body of
any number of fields and bad bytes (its limits are for multipart bodies): 600,000 empty
fields 0.43 s, 300,000 fields of ``%ff`` 1.3 s. The fields are now counted first, and the
decoding stops at the first byte that is not UTF-8.
"""

from __future__ import annotations

import time

import pytest
from web import NEW_GAME, csrf_token
from werkzeug.formparser import FormDataParser

from scorekeeper.clubs import MAX_MEMBERS
from scorekeeper.web.clubs.cash_forms import FeesForm
from scorekeeper.web.ops import form_bodies

BAD = b"csrf_token=x&players=" + b"%ff" * 600_000
"""1.8 MB (3 bytes × 600,000 escapes, under the 2 MB MAX_CONTENT_LENGTH): one field."""


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The form bodies Werkzeug parsed (their content types), in order."""
    seen: list[str] = []
    parse = FormDataParser.parse

    def spy(self: FormDataParser, stream, mimetype, content_length, options=None):  # type: ignore[no-untyped-def]
        seen.append(mimetype)
        return parse(self, stream, mimetype, content_length, options)

    monkeypatch.setattr(FormDataParser, "parse", spy)
    return seen


@pytest.mark.parametrize("path", ["/games/new", "/games/1/coups", "/clubs/new", "/events/new"])
def test_a_post_without_a_session_token_is_refused_unread(csrf_app, parsed, path):
    phone = csrf_app.test_client()
    phone.set_cookie("lang", "en")  # a cookie, but no session holding a token
    started = time.process_time()
    answer = phone.post(path, data=BAD, content_type="application/x-www-form-urlencoded")
    spent = time.process_time() - started
    assert answer.status_code == 400
    assert parsed == []  # the body never parsed
    assert spent < 0.5, spent  # 1.4 s before (docs/security.md); a few ms now


def test_the_forms_of_a_phone_that_opened_them_still_work(csrf_app, parsed):
    phone = csrf_app.test_client()
    token = csrf_token(phone.get("/games/new").get_data(as_text=True))  # the session's token
    answer = phone.post("/games/new", data={**NEW_GAME, "csrf_token": token})
    assert answer.status_code == 302
    assert parsed == ["application/x-www-form-urlencoded"]
    # its session holds a token: a wrong one is still refused by Flask-WTF, body read
    answer = phone.post("/games/new", data={**NEW_GAME, "csrf_token": "x"})
    assert answer.status_code == 400


def _opened(app) -> tuple[object, str]:
    """A phone that opened the new game page: its session holds the CSRF token."""
    phone = app.test_client()
    return phone, csrf_token(phone.get("/games/new").get_data(as_text=True))


def _posted(phone, body: bytes) -> tuple[int, float]:
    started = time.process_time()
    answer = phone.post("/games/new", data=body, content_type="application/x-www-form-urlencoded")
    return answer.status_code, time.process_time() - started


def test_too_many_fields_are_refused_before_they_are_decoded(csrf_app, monkeypatch):
    decoded = []
    parse_qsl = form_bodies.parse_qsl
    monkeypatch.setattr(
        form_bodies, "parse_qsl", lambda *a, **k: decoded.append(1) or parse_qsl(*a, **k)
    )
    phone, token = _opened(csrf_app)
    head = f"csrf_token={token}".encode()
    status, spent = _posted(phone, head + b"&a=%ff" * 300_000)  # 1.8 MB
    assert status == 413 and decoded == []
    assert spent < 0.5, spent  # 1.3 s before; a few ms now
    # MAX_FIELDS + 1 fields (MAX_FIELDS "&" between them): one too many
    status, _ = _posted(phone, head + b"&a=" * form_bodies.MAX_FIELDS)
    assert status == 413 and decoded == []
    status, _ = _posted(phone, head + b"&a=" * (form_bodies.MAX_FIELDS - 1))  # as many: read
    assert status != 413 and decoded == [1]


def test_the_largest_form_fits_the_bound(app):
    """A fee to every member of a full club: one ``member`` field a member, and the form's
    own fields, its CSRF token and the button pressed besides (the token is not drawn where
    the tests turn it off) — MAX_FIELDS fields at most."""
    with app.test_request_context("/"):
        own = len([field for field in FeesForm() if field.name != "member"]) + 2
    assert MAX_MEMBERS + own <= form_bodies.MAX_FIELDS


def test_a_form_of_as_many_fields_as_the_bound_is_read(app):
    body = "&".join(["version=1", *["member=7"] * (form_bodies.MAX_FIELDS - 1)])
    assert body.count("&") == form_bodies.MAX_FIELDS - 1
    with app.test_request_context(
        "/", method="POST", data=body, content_type="application/x-www-form-urlencoded"
    ) as context:
        assert len(context.request.form.getlist("member")) == form_bodies.MAX_FIELDS - 1


def test_a_body_that_is_not_utf8_stops_at_its_first_bad_byte(csrf_app):
    phone, token = _opened(csrf_app)
    body = f"csrf_token={token}&players=".encode() + b"%ff" * 600_000  # 1.8 MB, one field
    status, spent = _posted(phone, body)
    assert status == 400  # read as an empty form: no token in it
    assert spent < 0.6, spent  # 1.0 s before (each bad byte turned back into "%FF")


def test_a_name_in_utf8_is_still_read(csrf_app):
    phone, token = _opened(csrf_app)
    answer = phone.post("/games/new", data={**NEW_GAME, "player0": "Zoë", "csrf_token": token})
    assert answer.status_code == 302
    assert "Zoë" in phone.get(answer.headers["Location"]).get_data(as_text=True)
