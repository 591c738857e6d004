"""Pages kept as drawn, once per version of their game, in each server process.

A follower's page is the same for every phone of a table: it is kept whole
and handed out as it was drawn (web/fresh.py adds the ETag).

The manager's game page is the page the bête manager reloads after every
coup, so it is kept too, with two holes for what is his alone: the CSRF
token of its forms (signed per session, valid for a limited time) and the
one-time messages (a flash such as "Coup 12 saved", between the markers
of ``_flashes.html``). Anything else the page shows is fixed by the game's
version (a redo, the four-seat dealer, the coup form's defaults), its
language and its address; a page that shows something once (a new manager
link, a handover code: ``once.SHOWN_ONCE``) is drawn afresh and not kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import render_template, session
from flask_wtf.csrf import generate_csrf

from .once import SHOWN_ONCE


class Drawn:
    """Pages as drawn, by tag: bounded in pages and bytes, least recently used out."""

    def __init__(self, pages: int = 512, size: int = 64 << 20) -> None:
        self.pages, self.size = pages, size
        self._held = 0
        self._pages: OrderedDict[str, tuple[bytes, dict[str, str]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, tag: str) -> tuple[bytes, dict[str, str]] | None:
        with self._lock:
            page = self._pages.get(tag)
            if page is not None:
                self._pages.move_to_end(tag)
            return page

    def put(self, tag: str, body: bytes, headers: dict[str, str]) -> None:
        if len(body) > self.size // 8:
            return
        with self._lock:
            if tag in self._pages:
                return
            self._pages[tag] = (body, headers)
            self._held += len(body)
            while len(self._pages) > self.pages or self._held > self.size:
                _, (old, _) = self._pages.popitem(last=False)
                self._held -= len(old)

    def clear(self) -> None:
        with self._lock:
            self._pages.clear()
            self._held = 0


DRAWN = Drawn()
"""The followers' pages, whole."""
MANAGED = Drawn(pages=256)
"""The managers' game pages, with their holes."""

TOKEN_HOLE = b"\x00csrf\x00"
START, END = b"<!--flashes-->", b"<!--/flashes-->"


def keepable() -> bool:
    """Whether this request's page may be kept or taken from the kept ones."""
    return not any(key in session for key in SHOWN_ONCE)


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
    if not session.get("_flashes"):
        return page
    messages = render_template("_flashes.html").encode()
    start, end = page.find(START), page.find(END)
    return page[:start] + messages + page[end + len(END) :]
