"""The pages kept once drawn: what is kept where, and why it is safe to hand out.

A page is fixed by the game's version: the table's phones read the same
page after every coup, and the manager reloads their own after every coup. So
each version's page is drawn once and handed out again, and an unchanged
page is not even sent again:

- ``conditional``: the ETag of a follower's page (its address, the game's
  version and time of change, table token, language, release), checked
  from the game's row before anything is loaded: 304 when the phone has
  it; the hooks that take a kept page or keep the page just drawn.
- ``memory``: the pages kept in this process (``DRAWN``: followers' pages
  whole; ``MANAGED``: the manager's game page), bounded, least recently
  used out.
- ``shared``: the followers' pages in a small SQLite file beside the
  database, so the server's processes draw a page once between them (a
  cache recreated at start, bounded in bytes, never a record).
- ``holes``: the manager's page kept without their CSRF token and their
  one-time messages, filled in for each request.
- ``readers``: the game page's parts that differ between the manager and
  the followers, drawn by who reads; the manager's page drawn after a coup
  gives the followers' page of the same version (their parts in place of the manager's).
- ``frames``: the manager's game page kept across versions: its frame drawn
  once per what its key names, each version's pieces and values put in.
- ``fragments``: pieces of the game page kept by what they read (a recent
  coup's article, the fresh coup form's fields, the outbox's words), so a new
  version draws only what is new; bounded by count and bytes.
- ``once``: what a page shows only once (a new manager link, a handover
  code): while one waits, the page is drawn afresh and not kept.
- ``expensive``: the answers that cost seconds (PDFs, ``report.json``,
  ``/players``, the season), kept per version whatever the query string and
  a few at a time per process, so they never hold every thread.
- ``records``: ``/players``'s per-game records, kept per game version.

Nothing kept is trusted without the game's row: the tag holds its version.
"""

from __future__ import annotations

from . import fragments
from .conditional import init_app

__all__ = ["fragments", "init_app"]
