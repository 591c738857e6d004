"""A new event (standalone, or a club's from its page) and its manager link.

The creator becomes its manager and sees the manager link once; a club's
event is run by the club's managers (``?club=``, refused to anyone else).
"""

from __future__ import annotations

from typing import Any

from flask import abort, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ...clubs.presets import club_presets
from ...db import get_db
from ...events import records as stored
from ...events.settings import settings_from
from ...rights import access, tokens
from ...rules.errors import N_, GameError
from ...rules.kind import GameKind
from ...rules.kinds import KINDS, find_kind
from ..blueprints import events as bp
from ..formats.words import refusal_text
from ..forms import options, whole
from ..ops.deployment import external_url
from .forms import NewEventForm, method_choices
from .rights import grant_event

NEW_EVENT_LINK = "new_event_link"


def _club_rules(club_id: int | None) -> list[tuple[int, tuple[str, str, dict[str, Any]]]]:
    """The club's own rule sets (issue 29), numbered for the form; none outside a club."""
    if club_id is None:
        return []
    return list(enumerate(club_presets(get_db(), club_id)))


def _chosen(
    presets: list[tuple[int, tuple[str, str, dict[str, Any]]]], value: object
) -> tuple[str, str, dict[str, Any]] | None:
    """The preset the form chose; None for the game's own rules; refused if unknown."""
    if value in (None, ""):
        return None
    number = whole(value)
    found = dict(presets)
    if number is None or number not in found:
        raise GameError("club_rules", N_("choose one of the club's rule sets"))
    return found[number]


def _games(
    form: NewEventForm, presets: list[tuple[int, tuple[str, str, dict[str, Any]]]]
) -> list[GameKind]:
    """The games the event may be of, as far as the form knows: the game chosen, else the
    club's rule sets' (a manillen café's), else every game."""
    chosen = find_kind(form.kind.data or "")
    if chosen is not None:
        return [chosen]
    kinds = [find_kind(key) for _n, (_name, key, _r) in presets]
    known = [kind for kind in kinds if kind is not None]
    return known or list(KINDS)


def _rule_set_text(name: str, key: str) -> str:
    """A club's rule set as its choice says it, with the game it is a rule set of:
    ``Boom · manillen (Belgisch)`` (the game by the kind's title, as the game field says it)."""
    kind = find_kind(key)
    return f"{name} · {_(kind.kind_title)}" if kind is not None else name


def _shown_game(
    form: NewEventForm, presets: list[tuple[int, tuple[str, str, dict[str, Any]]]]
) -> None:
    """A form sent back with a club's rule set chosen shows that rule set's game, whatever
    the game field said: the event is made as the rule set's game."""
    try:
        chosen = _chosen(presets, form.club_rules.data)
    except GameError:
        return
    if chosen is not None and find_kind(chosen[1]) is not None:
        form.kind.data = chosen[1]


def _club() -> int | None:
    """The club a new event is opened for (``?club=``); 404 unless this browser manages it."""
    if "club" not in request.args:
        return None
    club_id = whole(request.args.get("club"))
    if club_id is None or not access.can_manage_club(club_id):
        abort(404)
    return club_id


@bp.route("/events/new", methods=["GET", "POST"])
def new_event() -> str | BaseResponse | tuple[str, int]:
    club_id = _club()
    form = NewEventForm()
    # the kinds in words only: a key is no word for a director (issue 35)
    form.kind.choices = options((k.key, _(k.kind_title)) for k in KINDS)
    presets = _club_rules(club_id)
    # a club's rule set says its game (one home): its choice names it, and the game field
    # offers "the rule set's game" first, so a form without script never shows l'Hombre
    # beside the club's manillen rules (play18)
    form.club_rules.choices = options(
        [
            ("", _("None: the game's own rules")),
            *((str(n), _rule_set_text(name, key)) for n, (name, key, _r) in presets),
        ]
    )
    if presets:
        form.kind.choices = [("", _("The club rule set's game")), *form.kind.choices]
        if request.method == "GET":
            form.kind.data = ""
    form.method.choices = method_choices(_games(form, presets))
    if form.validate_on_submit():
        try:
            chosen = _chosen(presets, form.club_rules.data)
            if chosen is None and not form.kind.data:
                raise GameError("kind", N_("choose a game, or one of the club's rule sets"))
            settings = settings_from(
                {
                    # a club's preset names its game and its rules: both are the tables'
                    "kind": form.kind.data if chosen is None else chosen[1],
                    "rules": None if chosen is None else chosen[2],
                    "seating": form.seating.data,
                    "format": form.format.data,
                    "rounds": form.rounds.data,
                    "deals": form.deals.data,
                    "clock": form.clock.data,
                    "method": form.method.data,
                    "bye": form.bye.data,
                    "bye_credit": form.bye_credit.data or 0,
                    "swiss": bool(form.swiss.data),
                    "new_partners": bool(form.new_partners.data),
                }
            )
            settings.rule_set()  # the tables' rules read as a game file's: refused here if bad
        except GameError as error:
            field = getattr(form, error.field, form.seating)
            field.errors = [refusal_text(error)]
        else:
            token = tokens.new_token()
            event_id = stored.create_event(
                get_db(),
                form.name.data or "",
                settings,
                tokens.token_hash(token),
                club_id,
                form.seed.data,
            )
            grant_event(event_id)
            session[NEW_EVENT_LINK] = [event_id, token]
            return redirect(url_for("events.director", event_id=event_id))
    if form.errors:
        _shown_game(form, presets)
    status = 422 if form.errors else 200
    return render_template("events/new.html", form=form, club_id=club_id), status


@bp.get("/events/<int:event_id>/manage/<token>")
def manage(event_id: int, token: str) -> BaseResponse:
    """Opening the manager link gives this browser the right to run the event."""
    found = stored.event(get_db(), event_id) if 1 <= event_id <= access.MAX_ID else None
    if found is None or not tokens.same_secret(tokens.token_hash(token), found.manager_hash):
        abort(404)
    grant_event(event_id)
    return redirect(url_for("events.director", event_id=event_id))


def fresh_event_link(event_id: int) -> str | None:
    """The manager link just issued for this event, shown once and then forgotten."""
    stash = session.get(NEW_EVENT_LINK)
    if isinstance(stash, list) and len(stash) == 2 and stash[0] == event_id:
        session.pop(NEW_EVENT_LINK)
        return external_url("events.manage", event_id=event_id, token=stash[1])
    return None
