"""One drawing of the game page for the manager and the followers: their parts as holes.

After each coup the manager's phone asks for the game page first (the coup's
redirect), then the table's phones ask for the same version. Their pages
differ only in what the reader may do: the manager's coup form, outbox, undo
and redo, their links in the rules line, their Correct and Delete links, their
scripts; the followers' "take over the fiche" and "read-only" words, the
head's refresh without scripts, their polling script. The template draws each
such place as ``reader_part(can_manage, mine, theirs)``: the manager's part only for them,
theirs from what the game alone decides, never from the request's helpers
(``may_manage``, ``can_stop``, the grant, the CSRF token). So while the
manager's page is drawn to be kept (conditional.py's ``_managed``), the
followers' parts are drawn beside the manager's, and the page with theirs in place of
the manager's is the first follower's page, kept under the followers' tag (``DRAWN`` and
the shared file) before any phone asks for it.

The manager's parts are marked in the drawn page by comments no escaped text
can spell (their ``<``) and always taken out before the page is sent
(``split``); the manager's one-time messages are taken out of theirs. A followers' page
that would still hold the manager's CSRF token or a mark is not kept (the
phone then draws its own).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from markupsafe import Markup

from ...here import current_application, request_globals
from .holes import END, START

_PARTS = "_followers_parts"
_HANDED = "_followers_page"
ANY_MARK = re.compile(rb"<!--/?reader:\w+-->")
PART = re.compile(rb"<!--reader:(\w+)-->(.*?)<!--/reader:\1-->", re.S)


@dataclass(frozen=True)
class Followers:
    """The followers' page this request draws beside the manager's: its tag and game."""

    tag: str
    game_id: int
    version: int


class ForReaders(Markup):
    """A piece drawn for both readers at once: the manager's markup itself, the followers'
    beside it (``theirs``). A frame's hole takes each reader's as it is (frames.py), with
    no mark to look for; a page drawn whole puts it in as ``reader_part`` marks a part
    (``parted``). The game page's recent coups: eight articles, their links the manager's alone."""

    theirs: Markup

    @classmethod
    def of(cls, mine: str, theirs: str) -> ForReaders:
        piece = cls(mine)
        piece.theirs = Markup(theirs)
        return piece


def parted(piece: str) -> str:
    """``piece`` as a page drawn whole takes it: a ``ForReaders`` the part for the manager,
    marked as ``reader_part`` marks it (``split`` swaps theirs in); any other as it is."""
    if isinstance(piece, ForReaders):
        return reader_part(True, Markup(str(piece)), piece.theirs)
    return piece


def draw_for_followers(followers: Followers) -> None:
    """This request (the manager's page, drawn to be kept) draws the followers' parts too."""
    here = request_globals()  # g itself, not its proxy
    here["followers"] = followers
    here[_PARTS] = {}


def followers_tag() -> str:
    """The followers' page's ETag, for its polling script (``follow.js``): the request's
    own when a follower draws it, the followers' when the manager's request does."""
    here = request_globals()
    tag: str | None = here.get("etag")
    if tag is None and (followers := here.get("followers")) is not None:
        tag = followers.tag
    return tag or ""


def reader_part(manages: bool, mine: str, theirs: str = "") -> Markup:
    """The part of the page for this reader: ``mine`` for the manager, else ``theirs``.

    The template draws ``mine`` only for a manager (it may ask the request's
    helpers) and ``theirs`` for everyone, from what the game alone decides. When
    the manager's page is drawn for the followers too, theirs is kept aside and the
    manager's is marked, to be swapped (``split``).
    """
    if not manages:
        return Markup(theirs)
    parts: dict[str, bytes] | None = request_globals().get(_PARTS)  # g itself: asked per part
    if parts is None:
        return Markup(mine)
    name = str(len(parts))
    parts[name] = str(theirs).encode()
    # markup as it is, between its marks (one string, not three added; a markup not copied)
    drawn = mine if isinstance(mine, Markup) else Markup(mine)
    return Markup(f"<!--reader:{name}-->{drawn}<!--/reader:{name}-->")


def drawing_for_followers() -> dict[str, bytes] | None:
    """The followers' parts this request keeps aside (None: their page is not drawn)."""
    parts: dict[str, bytes] | None = request_globals().get(_PARTS)
    return parts


def recording(parts: dict[str, bytes] | None) -> dict[str, bytes] | None:
    """Record the followers' parts in ``parts`` from now on (None: stop); returns what was."""
    was = drawing_for_followers()
    if parts is None:
        request_globals().pop(_PARTS, None)
    else:
        request_globals()[_PARTS] = parts
    return was


def split(body: bytes) -> tuple[bytes, bytes | None]:
    """The manager's page without its marks, and the followers' page with their parts in
    place of the manager's (None: nothing was drawn for them, a mark names no part kept
    aside, or the manager's CSRF token would be in it). A page filled from a frame was split
    when the frame was made (``handed``): both are as they were handed."""
    here = request_globals()
    parts: dict[str, bytes] | None = here.pop(_PARTS, None)
    if parts is None:
        return body, None
    followers: bytes | None = here.pop(_HANDED, None)
    if followers is not None:
        return body, followers
    field = current_application().config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    token: str | None = here.get(field)
    return swapped(body, parts, token.encode() if token else None)


def swapped(
    body: bytes, parts: Mapping[str, bytes], token: bytes | None
) -> tuple[bytes, bytes | None]:
    """``split`` of ``body`` with the followers' ``parts``, ``token`` the manager's CSRF
    token (or its hole in a frame). The marks are read in the page's order, whatever
    order their parts were drawn in (a frame's pieces are drawn before it: frames.py)."""
    both = marks_swapped(body, parts)
    if both is None:
        return ANY_MARK.sub(b"", body), None
    page, followers = both
    if not parts or b"<!--reader:" in page or b"<!--/reader:" in page:
        return ANY_MARK.sub(b"", page), None
    if token and token in followers:
        return page, None
    # the manager's one-time messages ("Coup 12 saved") are theirs: a follower's kept page has
    # none (a phone with messages of its own draws its page: conditional.py)
    start, end = followers.find(START), followers.find(END)
    if start < 0 or end < start or followers.find(START, start + 1) >= 0:
        return page, None
    return page, followers[: start + len(START)] + followers[end:]


def marks_swapped(body: bytes, parts: Mapping[str, bytes]) -> tuple[bytes, bytes] | None:
    """``body`` with the manager's parts unmarked, and with the followers' parts in their
    place; None: a mark names no part kept aside."""
    mine: list[bytes] = []
    theirs: list[bytes] = []
    at = 0
    for found in PART.finditer(body):
        part = parts.get(found.group(1).decode())
        if part is None:
            return None
        common = body[at : found.start()]
        mine += (common, found.group(2))
        theirs += (common, part)
        at = found.end()
    mine.append(body[at:])
    theirs.append(body[at:])
    return b"".join(mine), b"".join(theirs)


def handed(followers: bytes) -> None:
    """The followers' page of this request, made with the manager's from a frame
    (frames.py): ``split`` hands it out as it is, the manager's page having no mark."""
    request_globals()[_HANDED] = followers
