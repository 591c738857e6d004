"""Finding an event again: ``/events`` lists the events this browser runs, a page at a time.

Those it created or whose manager link it opened (``event_grants``, by the
device's hash), those of the clubs it manages, and every event for the admin.
Read from the events' rows only (no table is read), newest first, bounded per
page; the home page shows the newest few of the same list.
"""

from __future__ import annotations

from flask import render_template

from ... import clubs
from ...db import get_db
from ...events import records as stored
from ...events.records import DamagedEvent, Event
from ...rights import access
from ..blueprints import events as bp
from ..forms import bounded_arg

PAGE_SIZE = 20
HOME_SIZE = 5


def runs(limit: int, offset: int = 0) -> tuple[list[Event | DamagedEvent], int]:
    """The events this browser may run (a page of them) and how many in all."""
    held = access.device_hash()
    if access.is_admin():
        return stored.listed(get_db(), held, None, limit, offset)
    if held is None:  # no right of any kind on this browser: nothing to read
        return [], 0
    return stored.listed(get_db(), held, clubs.managed_by(get_db(), held), limit, offset)


@bp.get("/events")
def event_list() -> str:
    page = bounded_arg("page", 1, 1, 10**6)
    found, total = runs(PAGE_SIZE, (page - 1) * PAGE_SIZE)
    pages = max(1, -(-total // PAGE_SIZE))
    return render_template("events/list.html", events=found, total=total, page=page, pages=pages)
