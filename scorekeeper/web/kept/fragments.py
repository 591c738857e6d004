"""Pieces of a page drawn once and put in again: the coups' articles of the game page.

After each coup the game page is drawn again, for the manager and for the
followers, and it shows the last eight coups: seven of them were on the
page before, and each article costs more than the rest of the coup list
(its outcome, tricks, enjeu and payments, a dozen translated strings).
An article is fixed by what it reads — the coup's result (a frozen value:
equal results draw the same words), the players' names, the game's kind
and number (its links), the language and the address the server answers at —
so it is kept under exactly that key and drawn once; the reader's part (the
manager's Correct and Delete links) is a hole (``fragment_hole``) each page
fills (``fill_hole``), so the manager's page and the followers' share one
drawing of the new coup's article. The sections a
manager's and a follower's pages share (the deal, the standing, the fiche)
are kept under the game's state (number, version, time of change, table
token, lock): the first follower's page after a coup takes them from the
manager's. The head's links and the language bar (base.html) are kept by
the page's address.

``FRAGMENTS`` is bounded by count and by bytes (4,096 pieces, 8 MB per
process, least recently used out); a key that cannot be hashed is drawn
every time and never kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from markupsafe import Markup, escape

from ...here import current_request, request_globals
from ...i18n import language


class Fragments:
    """Drawn pieces of pages by key: bounded in count and bytes, least recently used out."""

    def __init__(self, count: int = 4096, size: int = 8 << 20) -> None:
        self.count, self.size = count, size
        self._held = 0
        self._pieces: OrderedDict[Hashable, Markup] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Markup | None:
        with self._lock:
            piece = self._pieces.get(key)
            if piece is not None:
                self._pieces.move_to_end(key)
            return piece

    def put(self, key: Hashable, piece: Markup) -> None:
        if len(piece) > self.size // 64:
            return
        with self._lock:
            if key in self._pieces:
                return
            self._pieces[key] = piece
            self._held += len(piece)
            while len(self._pieces) > self.count or self._held > self.size:
                _, old = self._pieces.popitem(last=False)
                self._held -= len(old)

    def __len__(self) -> int:
        return len(self._pieces)

    def clear(self) -> None:
        with self._lock:
            self._pieces.clear()
            self._held = 0


FRAGMENTS = Fragments()


_SCOPE = "_kept_fragments_scope"


def scope() -> tuple[str, str]:
    """The language and the address this request draws its pieces in, found once a request
    (13 pieces a game page and its frame's key, frames.py; Flask-Babel's locale and the
    root URL cost 30 µs each time). The templates' words are the request's catalog, read
    once too (``i18n._translations``)."""
    here = request_globals()  # asked by each piece: g itself, not its proxy
    found: object = here.get(_SCOPE)
    if isinstance(found, tuple):
        return found
    made = here[_SCOPE] = (language(), current_request().root_url)
    return made


class _Hashed:
    """A piece's key with its hash worked out once: a coup's result is a deep value, and
    the kept pieces look a key up twice (found, then moved to the newest end)."""

    __slots__ = ("hash", "parts")

    def __init__(self, parts: tuple[object, ...]) -> None:
        self.parts = parts
        self.hash = hash(parts)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Hashed) and self.hash == other.hash and self.parts == other.parts


class Same:
    """A deep value in a piece's key, hashed once per object: a coup's result is a frozen
    value of a dozen nested parts (its hash, fourteen Python calls, cost more than the
    rest of the lookup), and the eight recent coups' articles are looked up on every game
    page while the kept replay keeps the same result objects from one version to the
    next. Equal to another ``Same`` of an equal value, with the same hash, as the values
    themselves are: the piece kept under one is found under the other."""

    __slots__ = ("hash", "value")

    def __init__(self, value: Hashable) -> None:
        self.value = value
        self.hash = hash(value)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and (
            other.value is self.value or (other.hash == self.hash and other.value == self.value)
        )


SAME_KEPT = 4096
"""Values hashed once (``same``), kept by their identity: the recent results of the games
being played."""
_SAME: dict[int, Same] = {}


def same(value: object) -> object:
    """``value`` in a piece's key, its hash worked out once while the object lives here
    (it is held, so its identity names no other object meanwhile). An unhashable value is
    given back as it is: its key fails as before (``kept_fragment`` draws, keeps nothing)."""
    found = _SAME.get(id(value))
    if found is not None and found.value is value:
        return found
    try:
        made = Same(value)  # an unhashable value: TypeError
    except TypeError:
        return value
    if len(_SAME) >= SAME_KEPT:
        _SAME.clear()
    _SAME[id(value)] = made
    return made


def kept_fragment(draw: Callable[..., str], key: tuple[object, ...], *args: object) -> Markup:
    """``draw(*args)`` as drawn before under the same key, or drawn now and kept.

    ``key`` must name everything the piece reads besides the request's language and
    address (added here): the arguments and whatever ``draw`` reads of its template.
    """
    return kept_drawing(draw, key, lambda: args)


def kept_drawing(
    draw: Callable[..., str], key: tuple[object, ...], args: Callable[[], tuple[object, ...]]
) -> Markup:
    """``kept_fragment(draw, key, *args())``, its arguments worked out only when it is drawn:
    the recent coups' articles are found kept on every game page, and their payments (a
    value the key names already by the coup's result and names) were worked out for nothing."""
    try:
        full = _Hashed((getattr(draw, "name", None), *scope(), *key))
    except TypeError:  # unhashable: draw it, keep nothing
        return Markup(draw(*args()))
    piece = FRAGMENTS.get(full)
    if piece is None:
        piece = Markup(draw(*args()))
        FRAGMENTS.put(full, piece)
    return piece


def fragment_hole(name: str) -> Markup:
    """A place a kept piece leaves for what differs between its readers (``fill_hole``).

    A comment no escaped text can spell (its ``<``): nothing a player types ends up as one.
    """
    return Markup(_hole_text(name))


def _hole_text(name: str) -> str:
    """The hole ``name``'s text: what ``fragment_hole`` leaves and ``fill_hole`` replaces."""
    return f"<!--hole:{name}-->"


def fill_hole(piece: Markup, name: str, content: str) -> Markup:
    """``piece`` with its hole ``name`` filled with ``content`` (markup, or text escaped):
    one replace of the text, made markup once (Markup's own replace escapes again). The
    hole's text and markup content are used as they are (``escape`` would copy a markup
    into a new one, and the hole was a markup made only to be read as text): the eight
    recent coups of a game page are filled on every one."""
    text = content if isinstance(content, Markup) else escape(content)
    return Markup(str.replace(piece, _hole_text(name), text))
