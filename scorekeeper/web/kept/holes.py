"""The manager's game page kept with two holes: his CSRF token and his one-time messages.

The manager's game page is the page the bête manager reloads after every
coup, so it is kept once per version (``memory.MANAGED``), with two holes
for what is his alone: the CSRF token of its forms (signed per session,
valid for a limited time) and the one-time messages (a flash such as
"Coup 12 saved", between the markers of ``_flashes.html``). The token is
Flask-WTF's ``generate_csrf``, the one the forms drawn in the same request
carry: security code is the library's, its fixes reach the kept page.
Anything else the page shows is fixed by the game's version (a redo, the
four-seat dealer, the coup form's defaults), its language and its address;
a page that shows something once (a new manager link, a handover code:
``once.SHOWN_ONCE``) is drawn afresh and not kept.
"""

from __future__ import annotations

from flask import get_flashed_messages
from flask_wtf.csrf import generate_csrf

from ...here import current_application, current_session
from .once import SHOWN_ONCE

TOKEN_HOLE = b"\x00csrf\x00"
START, END = b"<!--flashes-->", b"<!--/flashes-->"


def keepable() -> bool:
    """Whether this request's page may be kept or taken from the kept ones."""
    held = current_session()
    return not any(key in held for key in SHOWN_ONCE)


def with_holes(body: bytes) -> bytes | None:
    """The page as drawn for this request, its token and its messages taken out.

    None when the page cannot be kept: no marked place for the messages.
    """
    start, end = body.find(START), body.find(END)
    if start < 0 or end < start or body.find(START, start + 1) >= 0:
        return None
    body = body[: start + len(START)] + body[end:]
    token = generate_csrf().encode()
    return body.replace(token, TOKEN_HOLE)


def filled(kept: bytes) -> bytes:
    """A kept page with this request's token and messages put in."""
    page = kept.replace(TOKEN_HOLE, generate_csrf().encode())
    if not get_flashed_messages():  # waiting, or taken already by what this request drew
        return page
    # the messages alone read no context processor: the template itself, without Flask's
    templates = current_application().jinja_env
    messages = templates.get_template("_flashes.html").render().encode()
    messages = messages[messages.find(START) :]  # from its marker: not the template's first line
    start, end = page.find(START), page.find(END)
    return page[:start] + messages + page[end + len(END) :]
