"""The tournament director's page: the round's tables and their state, the clock, the forms.

What it shows is read from the event's kept standing (computed once per
change, ``events/standing.py``); its forms post to ``actions.py``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from flask import Response, abort, current_app, render_template, request

from ... import clubs
from ...db import generation, get_db
from ...events import standing as event_standing
from ...events.corrections import filed_under, played_rounds
from ...events.drawing import without_partner
from ...events.event_log import changes
from ...events.ranking import in_name_order
from ...events.records import Event
from ...events.round_evenings import OpenEvening, still_open
from ...events.standing import Standing
from ...events.summaries import drawn_again
from ...rights.access import MAX_ID, can_manage_club
from ..blueprints import events as bp
from ..formats.collation import by_name, name_key, names_sorted
from ..ops.deployment import external_url
from ..ops.gzipped import html_sent
from ..table.links import qr_file
from .create import fresh_event_link
from .forms import LockForm, PenaltyForm, RegisterForm, VersionForm, WithdrawForm
from .rights import managed_event, table_token
from .words import no_partner_text


@dataclass(frozen=True)
class TableState:
    """A table of the round as the director sees it."""

    no: int
    game_id: int
    players: tuple[str, ...]
    deals: int
    finished: bool
    locked: bool
    manager_url: str
    table_url: str
    round_closed: bool = False
    """Its round is closed: it takes no more deals, whether it finished or not."""

    @property
    def state(self) -> str:
        if self.locked:
            return "locked"
        if self.round_closed:
            return "closed"
        return "finished" if self.finished else "playing"


@dataclass(frozen=True)
class CorrectionRounds:
    """The correction form's rounds: those it offers (played or closed; ``(0,)``, none, while
    no round is) and the one shown chosen, which is the one stored."""

    offered: tuple[int, ...]
    chosen: int


def standing_of(found: Event, within: float = 0.0) -> Standing:
    """The event's kept standing (``within``: one that many seconds old will do)."""
    db = get_db()
    file = f"{current_app.config.get('DATABASE')}|{generation(db)}"  # a restore: others
    kept = event_standing.standing(db, found.id, file, within)
    assert kept is not None  # the event's row was just read
    return kept


def for_reader(standing: Standing) -> Standing:
    """The standing as a page shows it: the players of a shared place in the reader's
    alphabetical order (Élise before Noël in French, Åse after Zoé in Danish). Only the
    pages: a Swiss draw and the results files keep the engine's order, the same for all."""
    lines = in_name_order(standing.lines, name_key(), lambda line: line.player)
    return replace(standing, lines=tuple(lines))


def round_end(standing: Standing) -> str | None:
    """When the round being played ends by the clock (ISO time), if it has a clock."""
    minutes = standing.event.settings.clock
    if not standing.rounds or minutes is None or standing.rounds[-1].closed_at is not None:
        return None
    start = datetime.fromisoformat(standing.rounds[-1].started_at)
    return (start + timedelta(minutes=minutes)).isoformat(timespec="seconds")


def manager_url(game_id: int) -> str:
    """A table's manager link, as the director's page, its QR codes and the slips give it."""
    return external_url("links.manage", game_id=game_id, token=table_token(game_id))


def table_states(standing: Standing) -> list[TableState]:
    if not standing.rounds:
        return []
    current, play = standing.rounds[-1], standing.plays[-1]
    tokens = dict(
        get_db().execute(
            "select id, table_token from games where id in (select game_id from event_tables"
            " where event_id = ? and round = ?)",
            [standing.event.id, current.number],
        )
    )
    return [
        TableState(
            table.table_no,
            table.game_id,
            result.players,
            standing.deals.get(table.game_id, 0),
            result.finished,
            table.locked is not None,
            manager_url(table.game_id),
            external_url("table.game", game_id=table.game_id, key=tokens.get(table.game_id)),
            current.closed_at is not None,
        )
        for table, result in zip(current.tables, play.tables, strict=True)
    ]


def evenings_left_open(standing: Standing) -> list[OpenEvening]:
    """Once the final standing is declared, the club's round evenings still open: the
    director is told which, each with its close page (its money is posted by closing it,
    which the club's managers do after its question: ``clubs/closing.py``); none is closed
    behind the director. Only their page says it: the read pages are one drawing for every reader,
    who can close nothing, and the ranking is final whatever the club's money."""
    if not standing.finished or standing.event.club_id is None:
        return []
    return still_open(get_db(), standing.event.id)


INDEXED_FROM = 6
"""More tables than this and the round begins with an index of its tables and of who sits
where: a championship's 136 table cards are 37,000 px on a phone, and a director looking for
table 97 or for a player's table scrolled (play10, 2026-11-30)."""


def director_page(
    event_id: int, refused: dict[str, str] | None = None, forms: dict[str, Any] | None = None
) -> str:
    found = managed_event(event_id)
    standing = for_reader(standing_of(found))
    version = str(found.version)
    made: dict[str, Any] = {
        "register": RegisterForm(version=version),
        "action": VersionForm(version=version),
        "withdraw": WithdrawForm(version=version),
        "penalty": PenaltyForm(version=version),
        "lock": LockForm(version=version),
    }
    made.update(forms or {})
    for form in made.values():
        form.version.data = version
    played = played_rounds(get_db(), found.id)
    # a refused correction's round, kept if it is offered (another refused form may have a
    # field of that name: the lock's)
    typed = made["penalty"].round.data if "penalty" in (forms or {}) else None
    filed = typed if typed in (played or [0]) else filed_under(played)
    members = clubs.members(get_db(), found.club_id) if found.club_id is not None else []
    registered = {p.name for p in standing.players}
    current = standing.rounds[-1] if standing.rounds else None
    tables = table_states(standing)
    out = current.sitting_out if current is not None else ()  # in the index too: no table
    alone = [name for name in without_partner(current.asked) if name in out] if current else []
    return render_template(
        "events/director.html",
        event=found,
        standing=standing,
        current=current,
        tables=tables,
        index=len(tables) > INDEXED_FROM,
        seated=by_name(
            [*((p, t.no) for t in tables for p in t.players), *((p, None) for p in out)],
            lambda seat: seat[0],
        ),
        ends=round_end(standing),
        forms=made,
        refused=refused or {},
        members=[m for m in members if m.name not in registered],
        club=clubs.club(get_db(), found.club_id) if found.club_id is not None else None,
        changes=changes(get_db(), found.id, 30),
        correction_rounds=CorrectionRounds(tuple(played) or (0,), filed),
        no_partner=no_partner_text(names_sorted(alone)) if alone else "",
        met_again=drawn_again(get_db(), found.id, current.number) if current else [],
        manager_link=fresh_event_link(found.id),
        read_link=external_url("events.public", token=found.read_token),
        open_evenings=evenings_left_open(standing),
        closes_evenings=found.club_id is not None and can_manage_club(found.club_id),
        can_draw=(current is None or current.closed_at is not None)
        and len(standing.rounds) < found.settings.rounds,
    )


SENT_LEVEL = 1
"""zlib's level for the director's page: it is drawn afresh at every reload, so compressed
at every reload too. A championship's (136 tables, 544 players: 552 kB, 327 kB of them the
tables' hidden QR codes) goes as 91 kB for 3 ms of CPU at level 1; level 6 gives 67 kB for
14 ms (2026-11-30)."""


def sent(html: str) -> Response:
    """A page drawn for one phone, gzipped if its browser takes it (``ops/gzipped.py``):
    the director reloads their page after each action over the club's Wi-Fi, where no proxy
    may compress it."""
    return html_sent(html.encode(), SENT_LEVEL)


@bp.get("/events/<int:event_id>")
def director(event_id: int) -> Response:
    return sent(director_page(event_id))


@bp.get("/events/<int:event_id>/tables/<int:game_id>/qr.svg")
def table_qr(event_id: int, game_id: int) -> Response:
    """A table's manager link as a QR code, the image of the director's page (``<img
    loading="lazy">`` in the table's closed "Manager link"): drawn when the director opens
    one, not all 136 with the page's first view in each process (1 s of CPU: segno spends
    8-16 ms choosing a code's mask, ``links._qr_drawn``). The event's managers only, and a
    table of this event only (404, before anything is drawn). The browser keeps it and asks
    again with its tag (the link's hash): 304 while the link is the same."""
    found = managed_event(event_id)
    ours = (
        1 <= game_id <= MAX_ID
        and get_db()
        .execute(
            "select 1 from event_tables where event_id = ? and game_id = ?", [found.id, game_id]
        )
        .fetchone()
    )
    if not ours:
        abort(404)
    url = manager_url(game_id)
    tag = hashlib.blake2b(url.encode(), digest_size=12).hexdigest()
    if tag in request.if_none_match:
        response = Response(status=304)
    else:
        body = qr_file(url)
        if not body:  # a link longer than any code holds (a Host of thousands of characters)
            abort(404)
        response = Response(body, mimetype="image/svg+xml")
    response.set_etag(tag)
    response.headers["Cache-Control"] = "private, no-cache"
    return response
