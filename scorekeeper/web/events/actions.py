"""What the director's forms change: registration, withdrawal, the draw, locking, corrections.

Each is one change of the event (``events/records.py``, ``events/rounds.py``:
one transaction, checked against the version the page showed). A refusal
comes back on the director's page beside its form (422); a page shown at an
older version is refused (409) and drawn again as the event is now. Either
way the form comes back with what was typed in it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from flask import current_app, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ... import clubs, store
from ...db import get_db
from ...draw.model import line_names, line_parts, pair_fault
from ...events import corrections
from ...events import records as stored
from ...events import rounds as event_rounds
from ...events.drawing import Drawer
from ...events.drawing import draw as draw_with_the_draw
from ...events.ranking import Penalty
from ...events.records import Player
from ...names import MAX_LENGTH, NameFault, fault, tidy
from ...rules.errors import N_, GameError
from ...rules.settings import Nn_
from ..blueprints import events as bp
from ..formats.words import name_taken_text, refusal_text
from ..forms import form_version, whole
from .director import director_page, standing_of, table_states
from .forms import LockForm, PenaltyForm, RegisterForm, VersionForm, WithdrawForm
from .rights import managed_event, table_hash

CHANGED = N_("The event changed meanwhile: here it is as it is now. Check and send again.")


def _act(
    event_id: int,
    section: str,
    form: Any,
    change: Callable[[int], object],
    beside: tuple[str, ...] = (),
    back: str | None = None,
) -> BaseResponse | tuple[str, int]:
    """Run one change from a valid form; the refusal above the form otherwise, or beside
    its field for the fields named in ``beside`` (the page shows their errors there).
    Done, the page again at ``back`` (the part of the page acted on), else the section."""
    managed_event(event_id)
    if not form.validate_on_submit():
        # each message is a sentence with its full stop: one after the other, as sentences
        # (joined by "; " they read "Ce n’est pas un nombre entier.; Ce champ est requis.",
        # a stop before a semicolon, and no narrow space before it in French)
        refused = " ".join(
            str(e) for name, errors in form.errors.items() if name not in beside for e in errors
        )
        return director_page(event_id, {section: refused}, {section: form}), 422
    try:
        change(form_version(form))
    except store.Conflict:
        return director_page(event_id, {section: _(CHANGED)}, {section: form}), 409
    except (GameError, clubs.NameTaken) as error:
        # a name that reads like a member's (registration): the club's member form's words
        said, field = (
            (refusal_text(error), error.field)
            if isinstance(error, GameError)
            else (name_taken_text(error), error.field)
        )
        if field in beside:
            form[field].errors = [*form[field].errors, said]
            return director_page(event_id, {}, {section: form}), 422
        return director_page(event_id, {section: said}, {section: form}), 422
    return redirect(url_for("events.director", event_id=event_id) + f"#{back or section}")


def parse_players(text: str) -> list[Player]:
    """One player a line: ``name``, ``name; team``, ``name; team; together`` (a tab parts
    them as ``;`` does, and a ``#`` line is a comment: ``draw.line_parts``, as the players
    file of ``scorekeeper draw`` is read); fixed pairs: ``name & partner`` registers both.
    A line of more parts is refused naming it (GameError): it was read as its first three,
    so "Els;Claes;x;y" registered a player "Els". So is a third name or an empty one
    beside ``&`` (``draw.line_names``): "A & B & C" registered A partnered with "B & C".
    A name past the bound (``names.MAX_LENGTH``) is refused naming its line's number and
    the name shortened (``too_long``): the store's own refusal said the bound alone, and a
    director with forty lines pasted could not find the one."""
    out = []
    # the box's own lines: a form sends CR LF; str.splitlines also breaks at \v, \f, \x1c,
    # \x85 and U+2028, which a box shows inside a line, and numbered the lines past them wrong
    for number, line in enumerate(re.split(r"\r\n|\r|\n", text), 1):
        parts = line_parts(line)
        if parts is None or not any(parts):
            continue
        if not parts[0]:
            # a team with no name before it ("<tab>Gent": a spreadsheet's row whose name
            # column is empty) is refused naming it, as scorekeeper draw refuses it; it
            # was read past, or registered its team as a player
            raise GameError("names", N_("{line}: no name before the team"), line=line.strip())
        if len(parts) > 3:
            raise GameError(
                "names",
                N_("{line}: one line is one player: name; team; registered together, no more"),
                line=line.strip(),
            )
        team = parts[1] if len(parts) > 1 else ""
        together = parts[2] if len(parts) > 2 else ""
        names = line_names(parts[0])
        wrong = pair_fault(names)
        if wrong is not None:
            raise GameError("names", PAIR_FAULTS[wrong], line=line.strip())
        too_long(number, names)
        too_long(number, [team], TEAM_LONG)
        too_long(number, [together], TOGETHER_LONG)
        if len(names) == 2:
            one, two = names
            out += [Player(one, team, together, two), Player(two, team, together, one)]
        else:
            out.append(Player(parts[0], team, together))
    return out


SHOWN = 20
"""How much of a name too long a refusal quotes (then "…"): enough to find its line."""


NAME_LONG = Nn_(
    "line {row} ({name}): a name has at most {num} character",
    "line {row} ({name}): a name has at most {num} characters",
)
TEAM_LONG = Nn_(
    "line {row} ({name}): a team's name has at most {num} character",
    "line {row} ({name}): a team's name has at most {num} characters",
)
TOGETHER_LONG = Nn_(
    "line {row} ({name}): a “registered together” mark has at most {num} character",
    "line {row} ({name}): a “registered together” mark has at most {num} characters",
)
"""What a line's part past the bound is refused with (``too_long``): a player's name, their
team's (it was cut to the bound in silence: fix27a), their "registered together" mark."""


def too_long(number: int, names: list[str], said: tuple[str, str] = NAME_LONG) -> None:
    """Refuse the first of a line's names (or its team, its mark: ``said``) longer than the
    bound (``names.fault``, the one rule: its length as kept, ``tidy``), naming the line (its
    number, counted as the box shows its lines, blank and comment lines too) and the text
    shortened, with the bound (GameError, plural forms by ``num``)."""
    for name in names:
        found = fault(name)
        if found is not None and found.template == NameFault.LONG:
            kept = tidy(name)
            shown = kept if len(kept) <= SHOWN else kept[: SHOWN - 1].rstrip() + "…"
            raise GameError("names", said, row=number, name=shown, num=MAX_LENGTH)


PAIR_FAULTS = {
    "names": N_("{line}: a fixed pair is two names, name & partner, no more"),
    "empty": N_("{line}: a name is missing beside the &: a fixed pair is name & partner"),
}
"""The refusals of a line's names (``draw.model.pair_fault``), naming the line."""


@bp.post("/events/<int:event_id>/players")
def register(event_id: int) -> BaseResponse | tuple[str, int]:
    found = managed_event(event_id)
    form = RegisterForm()
    ticked: list[Player] = []
    if found.club_id is not None:
        chosen = {whole(v) for v in request.form.getlist("member")}
        ticked = [
            Player(m.name, member_id=m.id)
            for m in clubs.members(get_db(), found.club_id)
            if m.id in chosen
        ]

    def change(version: int) -> None:
        entries = [*parse_players(form.names.data or ""), *ticked]
        if not entries:
            raise GameError("names", N_("type at least one name"))
        stored.register(get_db(), event_id, version, entries)

    return _act(event_id, "register", form, change, beside=("names",))


@bp.post("/events/<int:event_id>/withdraw")
def withdraw(event_id: int) -> BaseResponse | tuple[str, int]:
    form = WithdrawForm()
    return _act(
        event_id,
        "withdraw",
        form,
        lambda v: stored.withdraw(get_db(), event_id, v, (form.name.data or "").strip()),
        beside=("name",),
    )


def drawer() -> Drawer:
    """The draw of ``scorekeeper/draw`` (a test may give its own: ``EVENT_DRAWER``)."""
    given: Drawer = current_app.config.get("EVENT_DRAWER") or draw_with_the_draw
    return given


@bp.post("/events/<int:event_id>/draw")
def draw(event_id: int) -> BaseResponse | tuple[str, int]:
    found = managed_event(event_id)

    def change(version: int) -> None:
        # the standing is read before the draw's transaction: what is kept of it is never
        # something a refused draw rolls back
        standing = None
        if found.settings.swiss:
            standing = tuple(line.player for line in standing_of(found).lines)
        event_rounds.draw_round(get_db(), event_id, version, drawer(), table_hash, standing)

    return _act(event_id, "round", VersionForm(), change)


@bp.get("/events/<int:event_id>/close")
def confirm_close(event_id: int) -> str | BaseResponse:
    """The question before closing a round: the tables still playing named, then one button
    (a plain GET: no script needed)."""
    found = managed_event(event_id)
    standing = standing_of(found)
    current = standing.rounds[-1] if standing.rounds else None
    if current is None or current.closed_at is not None:
        return redirect(url_for("events.director", event_id=event_id) + "#round")
    tables = table_states(standing)
    return render_template(
        "events/close.html",
        event=found,
        current=current,
        tables=len(tables),
        playing=[t for t in tables if t.state == "playing"],
        form=VersionForm(formdata=None, version=str(found.version)),
    )


@bp.post("/events/<int:event_id>/close")
def close(event_id: int) -> BaseResponse | tuple[str, int]:
    managed_event(event_id)
    if request.form.get("confirmed") != "1":  # not from the confirmation page: ask first
        return redirect(url_for("events.confirm_close", event_id=event_id), 303)
    return _act(
        event_id, "round", VersionForm(), lambda v: event_rounds.close_round(get_db(), event_id, v)
    )


@bp.post("/events/<int:event_id>/reopen")
def reopen(event_id: int) -> BaseResponse | tuple[str, int]:
    return _act(
        event_id, "round", VersionForm(), lambda v: event_rounds.reopen_round(get_db(), event_id, v)
    )


@bp.post("/events/<int:event_id>/lock")
def lock(event_id: int) -> BaseResponse | tuple[str, int]:
    found = managed_event(event_id)
    form = LockForm()

    def change(version: int) -> None:
        round_no, table_no = form.round.data or 0, form.table.data or 0
        tally = None
        game_version = None
        if not form.unlock.data:
            standing = standing_of(found)
            plays = [p for p in standing.plays if p.number == round_no]
            tables = [t for p in plays for t in p.tables if t.table == table_no]
            if not tables:
                raise GameError("table", N_("no such table"))
            tally = tables[0].tally
            game_id = next(
                t.game_id
                for r in standing.rounds
                for t in r.tables
                if (t.round, t.table_no) == (round_no, table_no)
            )
            game_version = store.head(get_db(), game_id).version
        event_rounds.lock_table(
            get_db(), event_id, version, round_no, table_no, tally, game_version
        )

    # back at the table's card: a championship's round has 136, and the round's top is 96
    # cards above table 97
    return _act(event_id, "round", form, change, back=f"table-{form.table.data or 0}")


PENALTY_FIELDS = ("player", "direction", "points", "reason", "round")
"""The correction form's fields: each refusal of one is said beside it, once (the form's
own check and the store's alike); "Dit veld is vereist. Dit veld is vereist." above the
form marked no field (smoke24)."""


@bp.post("/events/<int:event_id>/penalty")
def penalty(event_id: int) -> BaseResponse | tuple[str, int]:
    form = PenaltyForm()

    def change(version: int) -> None:
        points = form.points.data or 0
        chosen = form.round.data
        if chosen is None:  # none sent (the page always sends one): the page's default
            chosen = corrections.filed_under(corrections.played_rounds(get_db(), event_id))
        fine = Penalty(
            (form.player.data or "").strip(),
            -points if form.direction.data == "add" else points,  # stored: positive is off
            form.reason.data or "",
            chosen,
        )
        corrections.add_penalty(get_db(), event_id, version, fine)

    return _act(event_id, "penalty", form, change, beside=PENALTY_FIELDS)
