"""The change log as a table settles a dispute: what each correction changed, when, by which phone.

Only the inputs are stored, so each line is rebuilt by replaying: the
game's coups as they are now, taken back one logged change at a time (an
added or redone coup removed, a corrected one put back as it was, a deleted
or undone one put back in its place). Each line then shows the coup before
and after in words (and in the game file's shape), every net (the points
games: every count) before and after, the time as an ISO UTC instant that
the page's script shows in the phone's own time zone, and the phone.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass
from types import EllipsisType
from typing import Any, TypeVar

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from ... import store
from ...db import get_db
from ...rules.errors import GameError
from ...rules.kind import Report
from ...rules.ledger import NetChange
from ...rules.seating import seated
from ...store import Action, StoredGame, replayed, stops
from ...store.changelog import LogRow, Seats
from .. import registry
from .explain import differences, people_then
from .seat_words import logged_seat_text, named_changes, names_now

COUP_CHANGES = {Action.ADD, Action.EDIT, Action.DELETE, Action.UNDO, Action.REDO}
ENDED_WORDS = {
    (Action.STOP, stops.EVENING): _l("the evening's close stopped the table"),
    (Action.RESUME, stops.EVENING): _l("the evening reopened: the table plays on"),
    (Action.STOP, stops.ROUND): _l("the table ended with its competition round"),
    (Action.RESUME, stops.ROUND): _l("its competition round reopened: the table plays on"),
    (Action.STOP, stops.LOCK): _l("the director locked the table: it ended as it stands"),
    (Action.RESUME, stops.LOCK): _l("the director unlocked the table: it plays on"),
}
"""A stop, or its taking back, made by the table's evening or its event's round and not by
its manager (``store.stops.ended_by``), in the reader's language: the action's own words
("the table stopped here") would read as the manager's."""


@dataclass(frozen=True)
class Line:
    at: str
    action: str
    position: int | None
    phone: str
    before: str | None = None
    """The coup before the change, in words (None: there was none, or it cannot be rebuilt)."""
    after: str | None = None
    before_file: str | None = None
    after_file: str | None = None
    nets: tuple[NetChange, ...] = ()
    """Every net (or count) before and after; empty when the change moves no coup."""
    fields: tuple[str, ...] = ()
    """What a correction changed, field by field in the game's words ("Matadors 3 → 4")."""
    now: int | None = None
    """The number the line's coup has now, when a later deletion (or insertion) moved it."""
    said: str | None = None
    """What a change other than a coup's did, in words (someone took a seat)."""
    words: str | None = None
    """What the line did, where its action's own words would mislead (``ENDED_WORDS``)."""


def _replay(stored: StoredGame, items: list[object]) -> Report:
    game = stored.game.with_coups([stored.kind.load_coup(i, stored.game) for i in items])
    return replayed(game)


def _phone(row: LogRow) -> str:
    if row.grant_id is None:
        return ""
    return f"{row.phone or '?'} (#{row.grant_id})"


PAGE = 25
"""Lines a page: each coup change on it costs two replays of the game."""


def lines(stored: StoredGame, rows: list[LogRow], page: int = 1) -> list[Line]:
    """The change log's rows (newest first) of page ``page``, with what each coup change did.

    The rows of the newer pages only move the coups back (no replay): a page
    costs at most two replays a line, however long the game.
    """
    shown = range((page - 1) * PAGE, page * PAGE)
    players = stored.game.players
    coups: list[object] | None = [stored.kind.dump_coup(c, players) for c in stored.game.coups]
    after_report: Report | None = None
    numbers: list[int | None] = list(range(1, len(stored.game.coups) + 1))
    """The number now of each coup of ``coups`` (None: deleted since)."""
    then = store.seats_then(get_db(), stored.id, players) if stored.seat_changes else {}
    now = names_now(stored)  # a club's member by their name now, as the table's other pages
    out = []
    for i, row in enumerate(rows[: shown.stop]):
        action, position = row.action, row.position
        detail: dict[str, Any] = {}
        if action in COUP_CHANGES and coups is not None:
            try:
                detail["now"] = _number_now(numbers, row)
                sat = _sitters(stored, row, numbers, then)
                older = _taken_back(coups, row)
                numbers = _taken_back(numbers, row, None)
                if i in shown:
                    if after_report is None:
                        after_report = _replay(stored, coups)
                    before_report = _replay(stored, older)
                    detail.update(
                        _detail(
                            stored, row, (before_report, after_report), sat, then.get(row.line), now
                        )
                    )
                    after_report = before_report
                else:
                    after_report = None
                coups = older
            except (GameError, IndexError, KeyError, TypeError, ValueError, RecursionError):
                coups = None  # the log does not match the coups: older lines show no detail
        elif action in (Action.CREATE, Action.IMPORT):
            coups = None
        elif action == Action.SEAT and row.after:
            with suppress(ValueError, RecursionError):  # a line changed by hand: nothing said
                detail["said"] = logged_seat_text(json.loads(row.after), now)
        elif action in (Action.STOP, Action.RESUME) and i in shown:
            by = stops.ended_by(action, row.before, row.after, row.summary)
            if by is not None:
                detail["words"] = str(ENDED_WORDS[(Action(action), by)])
        elif action in (Action.PAID, Action.UNPAID) and i in shown:
            detail["said"] = _transfer_text(
                stored, row.after if action == Action.PAID else row.before, now
            )
        if i in shown:
            out.append(Line(row.at, action, position, _phone(row), **detail))
    return out


def _transfer_text(stored: StoredGame, logged: str | None, now: Mapping[str, str]) -> str | None:
    """A tick's or an untick's transfer ("Bruno → Chloé: 9 chips"), its persons by their
    number at the table (store/paid.py): which payment was ticked, or taken back of two."""
    try:
        said = json.loads(logged or "null")
        payer, payee, amount = (said[key] for key in ("payer", "payee", "amount"))
    except (KeyError, TypeError, ValueError, RecursionError):
        return None
    if not all(type(v) is int for v in (payer, payee, amount)):  # 1e999, true: a junk line
        return None
    people = stored.people()[0]

    def name(person: int) -> str:
        found = people[person] if 0 <= person < len(people) else f"#{person}"
        return now.get(found, found)

    chips = ngettext("%(num)s chip", "%(num)s chips", amount)
    return _("%(who)s: %(what)s", who=f"{name(payer)} → {name(payee)}", what=chips)


def _position(row: LogRow) -> int:
    """The coup a coup change names (TypeError: the line names none, it does not match)."""
    if row.position is None:
        raise TypeError(f"a {row.action} line names no coup")
    return row.position


def _coup_file(text: str | None) -> object:
    """A coup as the log keeps it (TypeError: the line keeps none, it does not match)."""
    if text is None:
        raise TypeError("the line keeps no coup")
    loaded: object = json.loads(text)
    return loaded


T = TypeVar("T")


def _taken_back(coups: list[T], row: LogRow, put_back: T | EllipsisType = ...) -> list[T]:
    """The coups (file shape) before the logged change ``row``; with ``put_back``, a list
    kept beside them (the coups' numbers now), where a coup put back gets that value."""
    action, position = row.action, _position(row)
    older: list[Any] = list(coups)
    if action in (Action.ADD, Action.REDO):
        older.pop(position - 1)
    elif action == Action.EDIT:
        if put_back is ...:
            older[position - 1] = _coup_file(row.before)
    else:
        older.insert(position - 1, _coup_file(row.before) if put_back is ... else put_back)
    return older


def _number_now(numbers: list[int | None], row: LogRow) -> int | None:
    """The number now of the coup a line names, when it differs from its number then
    ("coup 7 at the time, now coup 6"); None when it is the same or the coup is gone."""
    if row.action not in (Action.ADD, Action.REDO, Action.EDIT):
        return None
    position = _position(row)
    now = numbers[position - 1]
    return now if now != position else None


def _sitters(
    stored: StoredGame,
    row: LogRow,
    numbers: list[int | None],
    then: Mapping[int, tuple[Seats, Seats]],
) -> tuple[str, ...]:
    """Who played the coup a line names, seat by seat: a coup there still is, as its number
    now says (``StoredGame.seated``); one deleted or undone since, as the seat changes
    stood at that line (``store.seats_then``: a deletion moves them, so today's would name
    whoever plays that number now). Without a seat taken, the seats' players."""
    action, position = row.action, _position(row)
    now = numbers[position - 1] if action in (Action.ADD, Action.REDO, Action.EDIT) else None
    if now is not None:
        return stored.seated(now)
    found = then.get(row.line)
    if found is None:  # nobody took a seat (or the log does not say): the seats' players
        return tuple(stored.game.players)
    before, after = found
    changes = before if action in (Action.DELETE, Action.UNDO) else after
    return seated(stored.game.players, changes, position)


def _detail(
    stored: StoredGame,
    row: LogRow,
    reports: tuple[Report, Report],
    sat: tuple[str, ...],
    seats: tuple[Seats, Seats] | None,
    now: Mapping[str, str],
) -> dict[str, Any]:
    """What a coup change did, between ``reports`` (the replays before and after it);
    ``sat``: who played that coup (``_sitters``); ``seats``: the seat changes just before
    and after it (``store.seats_then``; None: nobody took a seat, or the log does not say
    them); ``now``: each name typed as it reads now (a club's member, ``names_now``). The
    coups as in the game file keep the names typed."""
    action, position = row.action, _position(row)
    before_report, after_report = reports
    page = registry.web_of(stored.kind).pages
    detail: dict[str, Any] = {}
    if action in (Action.ADD, Action.REDO, Action.EDIT):
        detail["after"] = page.coup_text(after_report, position, sat, now)
        detail["after_file"] = row.after
    if action in (Action.EDIT, Action.DELETE, Action.UNDO):
        detail["before"] = page.coup_text(before_report, position, sat, now)
        detail["before_file"] = row.before
    if action == Action.EDIT:
        players = stored.game.players
        before, after = _coup_file(row.before), _coup_file(row.after)
        if not isinstance(before, Mapping) or not isinstance(after, Mapping):
            raise TypeError("a corrected coup is a JSON object")
        named = tuple(now.get(name, name) for name in sat)
        detail["fields"] = differences(page, before, after, players, named)
    names, old = page.counts(before_report)
    if stored.seat_changes and names == tuple(stored.game.players):
        # per seat once someone took one: each person's result, as the notice says it
        if seats is not None:
            people = people_then(stored, seats, before_report, after_report, every=True)
            detail["nets"] = tuple(named_changes(people, now) or ())
        return detail
    new = page.counts(after_report)[1]
    nets = [NetChange(n, o, a) for n, o, a in zip(names, old, new)]
    named_nets = named_changes(nets, now if names == tuple(stored.game.players) else None)
    detail["nets"] = tuple(named_nets or ())
    return detail
