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

from dataclasses import dataclass

from ...db import get_db
from ...db.rows import Damaged
from ...events.records import DamagedEvent, Event, club_events, event
from ...events.round_evenings import round_of
from ..blueprints import events as bp
from ..formats.collation import names_sorted
from . import actions, create, director, listing, public, slips
from .rights import event_page
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


@dataclass(frozen=True)
class EveningRound:
    """An evening's round of an event, as its pages say it: "Cup — round 1 of 3" and a
    link to the event's page the reader may open (``href``; None for an event whose row
    was changed behind the app: its number and what is wrong, as the club's list says it)."""

    number: int
    event: Event | DamagedEvent
    href: str | None


@bp.app_template_global("evening_round")
def evening_round(evening_id: int) -> EveningRound | None:
    """The event round whose evening this is, for the evening's page and its close page
    (None: an evening typed on the club's page). A typed "Cup — 1" and the round's
    "Cup — 1 (2)" beside it were told apart by nothing (smoke22)."""
    found = round_of(get_db(), evening_id)
    if found is None:
        return None
    try:
        read: Event | DamagedEvent | None = event(get_db(), found.event_id)
    except Damaged as damaged:
        read = DamagedEvent(found.event_id, damaged)
    if read is None:  # removed behind the app (no page removes an event): nothing to say
        return None
    href = None if isinstance(read, DamagedEvent) else event_page(read)
    return EveningRound(found.number, read, href)


__all__ = ["actions", "bp", "create", "director", "listing", "public", "slips"]
