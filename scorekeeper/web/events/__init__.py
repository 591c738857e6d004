"""Competitions (issue 27): an event's pages, in small modules.

- ``create``: a new event (standalone, or a club's) and its manager link;
- ``director``: the tournament director's page; ``actions``: what its forms change;
- ``slips``: the printable table slips (page and PDF);
- ``public``: the read link's pages — the ranking, the wall, the results and files;
- ``rights``: who may see and run an event; ``forms``: the forms;
- ``listing``: ``/events``, the events this browser runs (found again).

The domain is ``scorekeeper/events`` (pure), the storage ``events/records.py``,
``events/rounds.py`` and ``events/standing.py``.
"""

from __future__ import annotations

from ...db import get_db
from ...events.records import DamagedEvent, Event, club_events
from ..blueprints import events as bp
from ..formats.collation import names_sorted
from . import actions, create, director, listing, public, slips
from .words import (
    change_words,
    corrected,
    correction_text,
    figure_text,
    met_again_text,
    partners,
    ranking_text,
    registered_text,
    sitting_out_text,
    tie_breaks,
    tie_rule,
)

bp.add_app_template_global(figure_text, "shown")
bp.add_app_template_global(change_words, "change_words")
bp.add_app_template_global(correction_text, "correction_text")
bp.add_app_template_global(corrected, "corrected")
bp.add_app_template_global(partners, "partners")
bp.add_app_template_global(met_again_text, "met_again_text")
bp.add_app_template_global(names_sorted, "names_sorted")
bp.add_app_template_global(tie_breaks, "tie_breaks")
bp.add_app_template_global(ranking_text, "ranking_text")
bp.add_app_template_global(tie_rule, "tie_rule")
bp.add_app_template_global(registered_text, "registered_text")
bp.add_app_template_global(sitting_out_text, "sitting_out_text")


@bp.app_template_global("events_of_club")
def events_of_club(club_id: int) -> list[Event | DamagedEvent]:
    """The club's newest events, for its page (managers go to the director's page,
    readers to the ranking by its read link; a damaged row, its sentence)."""
    return club_events(get_db(), club_id)


__all__ = ["actions", "bp", "create", "director", "listing", "public", "slips"]
