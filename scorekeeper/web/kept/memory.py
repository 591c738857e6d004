"""Pages kept in this server process's memory, by their tag, once per version of their game.

A follower's page is the same for every phone of a table: it is kept whole
(``DRAWN``) and handed out as it was drawn (conditional.py adds the ETag).
The manager's game page, which they reload after every coup, is kept too
(``MANAGED``), with holes for what is theirs alone (holes.py). Both maps are
bounded in pages and bytes (512 and 256 pages, 64 MB each), least recently
used out. A page is kept with what goes beside it: its headers here, the
followers' page made of a frame in frames.py (counted in the bytes too).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

Beside = TypeVar("Beside")
"""What is kept beside a page: its headers, or a frame's followers' page."""


def _weight(body: bytes, beside: object) -> int:
    """The bytes a kept page holds: its own, and a page kept beside it."""
    return len(body) + (len(beside) if isinstance(beside, bytes) else 0)


class Drawn(Generic[Beside]):
    """Pages as drawn, by tag: bounded in pages and bytes, least recently used out."""

    def __init__(self, pages: int = 512, size: int = 64 << 20) -> None:
        self.pages, self.size = pages, size
        self._held = 0
        self._pages: OrderedDict[str, tuple[bytes, Beside]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, tag: str) -> tuple[bytes, Beside] | None:
        with self._lock:
            page = self._pages.get(tag)
            if page is not None:
                self._pages.move_to_end(tag)
            return page

    def put(self, tag: str, body: bytes, headers: Beside) -> None:
        weight = _weight(body, headers)
        if weight > self.size // 8:
            return
        with self._lock:
            if tag in self._pages:
                return
            self._pages[tag] = (body, headers)
            self._held += weight
            while len(self._pages) > self.pages or self._held > self.size:
                _, old = self._pages.popitem(last=False)
                self._held -= _weight(*old)

    def clear(self) -> None:
        with self._lock:
            self._pages.clear()
            self._held = 0


DRAWN: Drawn[dict[str, str]] = Drawn()
"""The followers' pages, whole."""
MANAGED: Drawn[dict[str, str]] = Drawn(pages=256)
"""The managers' game pages, with their holes."""
