"""The club's own pages: the list of clubs, a new club, the club and its members, its links.

A change (a new evening, a member renamed or merged, a new manager link)
says which version of the club its page showed; a club changed meanwhile
refuses it (409) and shows its latest state.
"""

from __future__ import annotations

from typing import NamedTuple

from flask import abort, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse

from ... import clubs
from ...clock import today
from ...clubs.season import day
from ...db import get_db
from ...rights import access, tokens
from ...rules.errors import GameError
from ...rules.money import parse_money
from .. import blueprints
from ..formats import dates
from ..formats.collation import by_name
from ..formats.numbers import plain_decimal
from ..formats.words import club_full_text, name_taken_text, reader_currency, refusal_text
from ..forms import CLUB_CHANGED, form_version, refused_as_typed, typed_note, whole
from ..ops.deployment import external_url
from .forms import ClubForm, EveningForm, LinkForm, MemberForm, MergeForm, NewMemberForm

bp = blueprints.clubs

NEW_LINK = "new_club_manager_link"
"""The session key of the club's manager link just issued, shown once on its page."""


@bp.get("/clubs")
def club_list() -> str:
    found = clubs.club_names(get_db(), access.visible_clubs())
    return render_template("club/list.html", clubs=found)


@bp.route("/clubs/new", methods=["GET", "POST"])
def new_club() -> str | BaseResponse | tuple[str, int]:
    form = ClubForm()
    if form.validate_on_submit():
        try:
            money = None
            if (form.chip_value.data or "").strip():
                money = parse_money(
                    plain_decimal(form.chip_value.data), form.currency.data or reader_currency()
                )
        except GameError as error:
            getattr(form, error.field).errors = [refusal_text(error)]
        else:
            token = tokens.new_token()
            name = form.name.data or ""  # typed_note, as the form reads it
            club_id = clubs.create(get_db(), name, money, tokens.token_hash(token))
            access.grant_club(club_id)
            session[NEW_LINK] = [club_id, token]
            return redirect(url_for("clubs.club", club_id=club_id))
    page = render_template("club/new.html", form=form)
    return page if request.method == "GET" else (page, 422)


def _fresh_link(club_id: int) -> str | None:
    held = session.get(NEW_LINK)
    if isinstance(held, list) and len(held) == 2 and held[0] == club_id:
        session.pop(NEW_LINK)
        return external_url("clubs.manage", club_id=club_id, key=held[1])
    return None


@bp.get("/clubs/<int:club_id>")
def club(club_id: int) -> str:
    return _club_page(club_id)


class Sent(NamedTuple):
    """A form of the club's page refused: where it sits, why, and what was typed in it."""

    at: str
    """The form's place: ``merge``, ``links``, or ``member-<id>`` (a member's row)."""
    message: str
    typed: dict[str, str]
    field: str = ""
    """The field the message is about (drawn beside it, ``{at}-{field}``), or "": the form's."""


def _refused(club_id: int, sent: Sent, status: int) -> tuple[str, int]:
    """The club's page again, the refusal in words in the form that was sent, with what
    was typed in it (nothing was stored)."""
    return _club_page(club_id, sent=sent), status


def _changed(club_id: int, form: FlaskForm) -> tuple[str, int]:
    """A form sent from a version of the club before another change: as typed, aimed at
    the club as it is now, the refusal in it."""
    form.form_errors.append(str(CLUB_CHANGED))
    return _club_page(club_id, typed=form), 409


def _club_page(club_id: int, sent: Sent | None = None, typed: FlaskForm | None = None) -> str:
    found = access.readable_club(club_id)
    manager = access.can_manage_club(club_id)
    db = get_db()
    version = str(found.version)
    club_link = external_url("clubs.club", club_id=club_id, key=found.read_token)
    manager_link = _fresh_link(club_id)
    evening_form = EveningForm(formdata=None, version=version, date=today())
    new_member = NewMemberForm(formdata=None, version=version)
    if isinstance(typed, EveningForm):
        evening_form = typed
    elif isinstance(typed, NewMemberForm):
        new_member = typed
    for form in (evening_form, new_member):
        form.version.data = version
    return render_template(
        "club/club.html",
        club=found,
        manager=manager,
        members=by_name(clubs.members(db, club_id), lambda m: m.name),
        look_alikes=clubs.look_alikes(db, club_id) if manager else [],
        evenings=clubs.evening_lines(db, club_id),
        evening_form=evening_form,
        member_form=MemberForm(formdata=None, version=version),
        new_member=new_member,
        merge_form=MergeForm(formdata=None, version=version),
        link_form=LinkForm(formdata=None, version=version),
        club_link=club_link,
        manager_link=manager_link,
        sent=sent,
    )


@bp.get("/clubs/<int:club_id>/manage")
def manage(club_id: int) -> BaseResponse:
    """The manager link: this browser may manage the club from now on."""
    found = clubs.club(get_db(), club_id) if 1 <= club_id <= access.MAX_ID else None
    key = request.args.get("key", "")
    if (
        found is None
        or not key
        or not tokens.same_secret(tokens.token_hash(key), found.manager_hash)
    ):
        abort(404)
    access.grant_club(club_id)
    return redirect(url_for("clubs.club", club_id=club_id))


@bp.post("/clubs/<int:club_id>/manager-link")
def new_manager_link(club_id: int) -> BaseResponse | tuple[str, int]:
    """A new manager link: every other device's right on the club ends; this one keeps it."""
    access.managed_club(club_id)
    form = LinkForm()
    token = tokens.new_token()
    try:
        clubs.set_manager_hash(get_db(), club_id, tokens.token_hash(token), form_version(form))
    except clubs.Conflict:
        return _refused(club_id, Sent("links", str(CLUB_CHANGED), {}), 409)
    if not access.is_admin():
        access.grant_club(club_id)
    session[NEW_LINK] = [club_id, token]
    return redirect(url_for("clubs.club", club_id=club_id))


@bp.post("/clubs/<int:club_id>/evenings")
def new_evening(club_id: int) -> BaseResponse | tuple[str, int]:
    access.managed_club(club_id)
    form = EveningForm()
    version = form_version(form)
    typed = day((form.date.data or "").strip(), "")
    if not form.validate() and form.title.errors:  # the title's own words, not the date's
        return _club_page(club_id, typed=form), 422
    if form.errors or not typed:
        form.date.errors = [_("Give the evening's date as YYYY-MM-DD.")]
        return _club_page(club_id, typed=form), 422
    try:
        evening_id = clubs.create_evening(
            get_db(), club_id, typed, typed_note(form.title.data), version
        )
    except clubs.Conflict:
        return _changed(club_id, form)
    except clubs.SameLabel as same:  # said where the title is typed: two alike, told apart by none
        found = clubs.evening(get_db(), same.evening_id)
        label = dates.evening_label(found) if found is not None else typed
        form.title.errors = [
            _(
                "The club has an evening of %(label)s already: give this one another title.",
                label=label,
            )
        ]
        return _club_page(club_id, typed=form), 422
    return redirect(url_for("clubs.evening", evening_id=evening_id))


@bp.post("/clubs/<int:club_id>/members")
def add_member(club_id: int) -> BaseResponse | tuple[str, int]:
    """A member typed in before their first table; a name that is a member's already is refused."""
    access.managed_club(club_id)
    form = NewMemberForm()
    version = form_version(form)
    if not form.validate():
        return _club_page(club_id, typed=form), 422
    try:
        clubs.add_member(
            get_db(),
            club_id,
            (form.name.data or "").strip(),
            (form.short_name.data or "").strip(),
            version,
        )
    except clubs.NameTaken as taken:
        (form.short_name if taken.field == "short_name" else form.name).errors = [
            name_taken_text(taken)
        ]
        return _club_page(club_id, typed=form), 422
    except clubs.ClubFull:
        form.form_errors.append(club_full_text())
        return _club_page(club_id, typed=form), 422
    except clubs.Conflict:
        return _changed(club_id, form)
    return redirect(url_for("clubs.club", club_id=club_id, _anchor="members"))


@bp.post("/clubs/<int:club_id>/members/<int:member_id>")
def rename(club_id: int, member_id: int) -> BaseResponse | tuple[str, int]:
    access.managed_club(club_id)
    if not any(m.id == member_id for m in clubs.members(get_db(), club_id)):
        abort(404)  # no row of the page to say a refusal in
    form = MemberForm()
    version = form_version(form)
    typed = {"name": form.name.data or "", "short_name": form.short_name.data or ""}

    def refused(message: str, status: int, field: str = "") -> tuple[str, int]:
        return _refused(club_id, Sent(f"member-{member_id}", message, typed, field), status)

    if not form.validate():
        refused_as_typed(form)
        field = form.name if form.name.errors else form.short_name
        return refused(str(field.errors[0]), 422, field.name)
    try:
        clubs.rename(
            get_db(),
            club_id,
            member_id,
            (form.name.data or "").strip(),
            (form.short_name.data or "").strip(),
            version,
        )
    except clubs.Refused:
        abort(404)
    except clubs.NameTaken as taken:
        return refused(name_taken_text(taken), 422, taken.field)  # beside the name it repeats
    except clubs.Conflict:
        return refused(str(CLUB_CHANGED), 409)
    return redirect(url_for("clubs.club", club_id=club_id))


@bp.post("/clubs/<int:club_id>/merge")
def merge(club_id: int) -> BaseResponse | tuple[str, int]:
    access.managed_club(club_id)
    form = MergeForm()
    version = form_version(form)
    member, into = whole(form.member.data), whole(form.into.data)
    typed = {"member": form.member.data or "", "into": form.into.data or ""}
    if member is None or into is None:
        return _refused(club_id, Sent("merge", _("Choose the two members to merge."), typed), 422)
    try:
        clubs.merge(get_db(), club_id, member, into, version)
    except clubs.Refused:
        return _refused(club_id, Sent("merge", _("Choose the two members to merge."), typed), 422)
    except clubs.SatTogether as together:
        return _refused(club_id, Sent("merge", _together(together), typed), 422)
    except clubs.Conflict:
        return _refused(club_id, Sent("merge", str(CLUB_CHANGED), typed), 409)
    return redirect(url_for("clubs.club", club_id=club_id))


def _together(found: clubs.SatTogether) -> str:
    """Why two members cannot be merged: they sat at one table at the same time."""
    one, other = found.names
    if found.table_no is None:
        return _(
            "%(one)s and %(other)s sat at the same table at the same time: two people cannot"
            " be one member. Nothing was merged.",
            one=one,
            other=other,
        )
    return _(
        "%(one)s and %(other)s sat at table %(no)s of %(date)s at the same time: two people"
        " cannot be one member. Nothing was merged.",
        one=one,
        other=other,
        no=found.table_no,
        date=dates.day(found.date),
    )
