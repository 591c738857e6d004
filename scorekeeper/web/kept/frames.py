"""The manager's game page kept across versions: its frame drawn once, each version's pieces put in.

After each coup the manager's page is drawn again (a new version), though
most of it is the same as before: the head, the language bar, the names,
the rules line and its links, the coup form, the outbox's words, the undo
button, the scripts. That frame is fixed by what its key names (the web
half says it: ``web/hombre/pages.py``'s ``frame_key``) and drawn once, with
holes (``hole``) for what each version changes: the pieces drawn apart (the
deal, the standing, the fiche, the recent coups) and the values (the version,
the number of coups, the coup the undo takes back, what "Tous passent"
carries, the followers' page's tag). Each request fills the holes, its CSRF
token and its one-time messages (holes.py) in.

The followers' page is made of the frame when it is drawn (their parts in
place of the manager's, readers.py) and kept beside it, with the same holes: the
manager's page filled from a kept frame still gives the first follower's
page, and neither is split again at each version.

A frame is kept only where its key is known to name everything it reads:
the web half asks for one only then. With ``CHECK_FRAMES`` set (the tests
set it), every frame taken from the kept ones is drawn again and compared:
a key that misses something fails loudly rather than showing a stale page.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from markupsafe import Markup

from ...here import current_application
from . import arguments, fragments
from .holes import TOKEN_HOLE, filled, with_holes
from .memory import Drawn
from .readers import (
    ANY_MARK,
    ForReaders,
    drawing_for_followers,
    handed,
    marks_swapped,
    recording,
    swapped,
)

CHECK = "CHECK_FRAMES"
"""The app's setting that draws every kept frame again and compares (the tests')."""
FRAMES: Drawn[bytes | None] = Drawn(pages=256)
"""The frames, by key: the manager's page with holes, beside the followers' page."""


_HOLE = re.compile(rb"\x00(\w+)\x00")


def hole(name: str) -> Markup:
    """The place of a piece or a value in a frame: a text no escaped input can spell
    (its NUL), kept as it is by the escaping of attributes and text alike."""
    return Markup(f"\x00{name}\x00")


class EncodedPage(str):
    """A page filled from a frame, as text, holding the UTF-8 bytes it was decoded from
    (``utf8``): the app's response sends those (web/ops/wrappers.py's ``ServedResponse``)
    rather than encoding the same text again, 18 KB on the manager's page after each
    coup. Any text made from it (a replace, a join) is a plain ``str``, encoded as before."""

    utf8: bytes

    @classmethod
    def of(cls, utf8: bytes) -> EncodedPage:
        page = str.__new__(cls, utf8, "utf-8")  # decoded once, straight into the page
        page.utf8 = utf8
        return page


class FrameDiffers(AssertionError):
    """A kept frame is not the one its key draws now: the key misses something it reads."""


@dataclass(frozen=True)
class Frame:
    """A page with holes as the manager is sent it (the manager's parts in place, no mark), and the
    followers' page made of it (their parts in place, no message; None: none can be)."""

    mine: bytes
    theirs: bytes | None


def _tag(key: tuple[object, ...]) -> str:
    """The frame's key with the request's language, address and arguments: a digest."""
    scope = (*fragments.scope(), arguments.key(), *key)  # as the pieces' (found once)
    return hashlib.blake2b(repr(scope).encode(), digest_size=16).hexdigest()


def _framed(draw: Callable[[], str]) -> Frame | None:
    """``draw()`` made a frame: its CSRF token and messages holes, split into the manager's
    page and the followers' once (readers.py), not at each page filled from it. None: it
    has no place for the messages."""
    parts: dict[str, bytes] = {}
    was = recording(parts)  # the followers' parts always drawn: a later request may want them
    try:
        body = with_holes(draw().encode())
    finally:
        recording(was)
    if body is None:
        return None
    mine, theirs = swapped(body, parts, TOKEN_HOLE)
    return Frame(mine, theirs)


def page(key: tuple[object, ...], draw: Callable[[], str], values: Mapping[str, str]) -> str | None:
    """The page of ``key``'s frame (kept, else drawn by ``draw`` and kept) with ``values`` in
    its holes and this request's token and messages. None: no frame could be made.

    ``draw`` draws the page with ``hole(name)`` for each of ``values``: the same names for
    every request of the key (and the names are part of the key)."""
    tag = _tag((*key, tuple(sorted(values))))
    kept = FRAMES.get(tag)
    frame = None if kept is None else Frame(*kept)
    if frame is None:
        frame = _framed(draw)
        if frame is None:
            return None
        FRAMES.put(tag, frame.mine, frame.theirs)
    elif current_application().config.get(CHECK):
        fresh = _framed(draw)
        if fresh != frame:
            raise FrameDiffers(f"the frame kept under {key!r} is not the one drawn now")
    return _filled(frame, values)


def _filled(frame: Frame, values: Mapping[str, str]) -> str:
    """The frame with ``values`` in its holes (one pass: a value is not read again), the
    followers' page too when this request keeps it (``readers.handed``: a piece drawn for
    both readers, ``readers.ForReaders``, gives them theirs; one with the manager's parts
    marked, theirs swapped in), then this request's
    token and messages (holes.py). The frame was drawn with a hole for each of the names
    (they are in its key)."""
    mine = {name.encode(): str(value).encode() for name, value in values.items()}
    theirs: dict[bytes, bytes] | None = None
    parts = drawing_for_followers()
    if frame.theirs is not None and parts is not None:
        theirs = {}
        for given, (name, value) in zip(values.values(), mine.items()):
            if isinstance(given, ForReaders):  # drawn for both already: no mark to look for
                theirs[name] = str(given.theirs).encode()
                continue
            both = marks_swapped(value, parts) if b"<!--reader:" in value else (value, value)
            if both is None:  # a part not drawn beside the manager's: no followers' page
                theirs = None
                break
            mine[name], theirs[name] = both
    if theirs is not None and frame.theirs is not None:
        handed(_HOLE.sub(_putting(theirs), frame.theirs))
    else:  # no followers' page now: the manager's parts without their marks, and nothing to split
        mine = {name: ANY_MARK.sub(b"", value) for name, value in mine.items()}
        # the manager's page unmarked is not theirs (only the manager's token told them apart)
        recording(None)
    return EncodedPage.of(filled(_HOLE.sub(_putting(mine), frame.mine)))


def _putting(given: Mapping[bytes, bytes]) -> Callable[[re.Match[bytes]], bytes]:
    """A frame's hole's value (one pass: a value put in is not read again); the token's
    hole is left to holes.py."""

    def put(found: re.Match[bytes]) -> bytes:
        return given.get(found.group(1), found.group(0))

    return put
