"""A club's pages: its members, its evenings of several tables, the room's settlement, the season.

Rights: the club's managers (its manager link, or whoever created it; the
admin) change members and open evenings and their tables; the club link
reads the club, its evenings and its season; anyone else gets 404.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse
from wtforms import HiddenField, StringField, SubmitField
from wtforms.validators import DataRequired, Length, Optional

from .. import access, clubs, store
from ..db import get_db
from ..rules import kinds
from ..rules.errors import GameError
from ..rules.hombre.stats import PlayerStats, player_stats
from ..rules.ledger import settle_up, to_money
from ..rules.money import parse_money
from .forms import CHANGED, form_version, whole
from .printing import pdf_response
from .registry import standing

bp = Blueprint("clubs", __name__)
BOM = "\ufeff"
NEW_LINK = "new_club_manager_link"


class ClubForm(FlaskForm):
    name = StringField(_l("Name of the club"), validators=[DataRequired(), Length(max=60)])
    chip_value = StringField(_l("One chip is worth"), validators=[Optional(), Length(max=20)])
    currency = StringField(_l("Currency (3 letters)"), validators=[Optional(), Length(max=3)])
    submit = SubmitField(_l("Create the club"))


class EveningForm(FlaskForm):
    version = HiddenField()
    date = StringField(_l("Date"), validators=[DataRequired(), Length(max=10)])
    title = StringField(_l("Title"), validators=[Optional(), Length(max=60)])
    submit = SubmitField(_l("Open the evening"))


class MemberForm(FlaskForm):
    version = HiddenField()
    name = StringField(_l("Name"), validators=[DataRequired(), Length(max=40)])
    short_name = StringField(_l("Short name"), validators=[Optional(), Length(max=8)])
    submit = SubmitField(_l("Rename"))


class MergeForm(FlaskForm):
    version = HiddenField()
    member = StringField(validators=[DataRequired()])
    into = StringField(validators=[DataRequired()])
    submit = SubmitField(_l("Merge"))


class LinkForm(FlaskForm):
    version = HiddenField()
    submit = SubmitField(_l("New manager link"))


def _kind_links(evening_id: int) -> list[tuple[str, str]]:
    """Where to open a new table of each kind for this evening."""
    out = [(_("L'Hombre"), url_for("games.new_game", evening=evening_id))]
    seen = set()
    for kind in kinds.KINDS:
        if not kind.chips and kind.game not in seen:
            seen.add(kind.game)
            out.append(
                (_(kind.title), url_for("sheets.new_sheet", name=kind.key, evening=evening_id))
            )
    return out


@bp.route("/clubs/new", methods=["GET", "POST"])
def new_club() -> str | BaseResponse | tuple[str, int]:
    form = ClubForm()
    if form.validate_on_submit():
        try:
            money = None
            if (form.chip_value.data or "").strip():
                money = parse_money(form.chip_value.data, form.currency.data or "EUR")
        except GameError as error:
            getattr(form, error.field).errors = [error.translated(_)]
        else:
            token = access.new_token()
            name = (form.name.data or "").strip()
            club_id = clubs.create(get_db(), name, money, access.token_hash(token))
            access.grant_club(club_id)
            session[NEW_LINK] = [club_id, token]
            return redirect(url_for("clubs.club", club_id=club_id))
    page = render_template("club/new.html", form=form)
    return page if request.method == "GET" else (page, 422)


def _fresh_link(club_id: int) -> str | None:
    held = session.get(NEW_LINK)
    if isinstance(held, list) and len(held) == 2 and held[0] == club_id:
        session.pop(NEW_LINK)
        return url_for("clubs.manage", club_id=club_id, key=held[1], _external=True)
    return None


@bp.get("/clubs/<int:club_id>")
def club(club_id: int) -> str:
    return _club_page(club_id)


def _refused(club_id: int, message: str, status: int) -> tuple[str, int]:
    """The club's page again, with the refusal in words at the top (nothing was stored)."""
    return _club_page(club_id, message), status


def _club_page(club_id: int, refused: str | None = None) -> str:
    found = access.readable_club(club_id)
    manager = access.can_manage_club(club_id)
    db = get_db()
    version = str(found.version)
    evening_form = EveningForm(formdata=None, version=version, date=date.today().isoformat())
    return render_template(
        "club/club.html",
        club=found,
        manager=manager,
        members=clubs.members(db, club_id),
        evenings=clubs.evenings(db, club_id),
        evening_form=evening_form,
        member_form=MemberForm(formdata=None, version=version),
        merge_form=MergeForm(formdata=None, version=version),
        link_form=LinkForm(formdata=None, version=version),
        club_link=url_for("clubs.club", club_id=club_id, key=found.read_token, _external=True),
        manager_link=_fresh_link(club_id),
        refused=refused,
    )


@bp.get("/clubs/<int:club_id>/manage")
def manage(club_id: int) -> BaseResponse:
    """The manager link: this browser may manage the club from now on."""
    found = clubs.club(get_db(), club_id) if 1 <= club_id <= access.MAX_ID else None
    key = request.args.get("key", "")
    if (
        found is None
        or not key
        or not access.same_secret(access.token_hash(key), found.manager_hash)
    ):
        abort(404)
    access.grant_club(club_id)
    return redirect(url_for("clubs.club", club_id=club_id))


@bp.post("/clubs/<int:club_id>/manager-link")
def new_manager_link(club_id: int) -> BaseResponse:
    """A new manager link: every other device's right on the club ends; this one keeps it."""
    access.managed_club(club_id)
    form = LinkForm()
    token = access.new_token()
    try:
        clubs.set_manager_hash(get_db(), club_id, access.token_hash(token), form_version(form))
    except clubs.Conflict:
        abort(409)
    if not access.is_admin():
        access.grant_club(club_id)
    session[NEW_LINK] = [club_id, token]
    return redirect(url_for("clubs.club", club_id=club_id))


@bp.post("/clubs/<int:club_id>/evenings")
def new_evening(club_id: int) -> BaseResponse | tuple[str, int]:
    access.managed_club(club_id)
    form = EveningForm()
    version = form_version(form)
    day = (form.date.data or "").strip()
    if not form.validate() or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", day):
        return _refused(club_id, _("Give the evening's date as YYYY-MM-DD."), 422)
    try:
        date.fromisoformat(day)
        evening_id = clubs.create_evening(
            get_db(), club_id, day, (form.title.data or "").strip(), version
        )
    except ValueError:
        return _refused(club_id, _("Give the evening's date as YYYY-MM-DD."), 422)
    except clubs.Conflict:
        return _refused(club_id, str(CHANGED), 409)
    return redirect(url_for("clubs.evening", evening_id=evening_id))


@bp.post("/clubs/<int:club_id>/members/<int:member_id>")
def rename(club_id: int, member_id: int) -> BaseResponse | tuple[str, int]:
    access.managed_club(club_id)
    form = MemberForm()
    version = form_version(form)
    if not form.validate():
        return _refused(club_id, _("A member needs a name of at most 40 characters."), 422)
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
    except clubs.Conflict:
        return _refused(club_id, str(CHANGED), 409)
    return redirect(url_for("clubs.club", club_id=club_id))


@bp.post("/clubs/<int:club_id>/merge")
def merge(club_id: int) -> BaseResponse | tuple[str, int]:
    access.managed_club(club_id)
    form = MergeForm()
    version = form_version(form)
    member, into = whole(form.member.data), whole(form.into.data)
    if member is None or into is None:
        return _refused(club_id, _("Choose the two members to merge."), 422)
    try:
        clubs.merge(get_db(), club_id, member, into, version)
    except clubs.Refused:
        return _refused(club_id, _("Choose the two members to merge."), 422)
    except clubs.Conflict:
        return _refused(club_id, str(CHANGED), 409)
    return redirect(url_for("clubs.club", club_id=club_id))


# The evening


@dataclass
class Table:
    no: int
    stored: store.StoredGame
    seats: list[int]
    """The member of each seat."""
    lines: list[str]
    """Where the table stands, a line each."""


@dataclass
class Room:
    evening: clubs.Evening
    club: clubs.Club
    tables: list[Table]
    members: dict[int, clubs.Member]
    nets: dict[int, int]
    """Each member's chips over the chip tables, by member."""
    pays: list[tuple[int, int, int]]
    """(payer, payee, chips) between members: the fewest transfers for the whole room."""


def _evening(evening_id: int) -> tuple[clubs.Evening, clubs.Club]:
    """The evening and its club, if this browser may read the club; else 404."""
    found = clubs.evening(get_db(), evening_id) if 1 <= evening_id <= access.MAX_ID else None
    if found is None:
        abort(404)
    return found, access.readable_club(found.club_id)


def room(evening: clubs.Evening, club: clubs.Club) -> Room:
    """Every table of the evening, replayed, and the room's settlement per member."""
    db = get_db()
    members = {m.id: m for m in _all_members(club.id)}
    tables: list[Table] = []
    nets: dict[int, int] = {}
    for no, game_id in clubs.tables(db, evening.id):
        stored = store.load(db, game_id)
        seat_of = clubs.seat_members(db, game_id)
        seats = [seat_of[s] for s in range(len(stored.game.players))]
        report = stored.replay()
        if stored.kind.chips:
            lines = [f"{members[m].name} {_signed(n)}" for m, n in zip(seats, report.net)]
            for member, net in zip(seats, report.net):
                nets[member] = nets.get(member, 0) + net
        else:
            lines = standing(report)
        tables.append(Table(no, stored, seats, lines))
    order = sorted(nets, key=lambda m: (members[m].name.casefold(), m))
    moves = settle_up([nets[m] for m in order]) if order else []
    pays = [(order[t.payer], order[t.payee], t.amount) for t in moves]
    return Room(evening, club, tables, members, nets, pays)


def _all_members(club_id: int) -> list[clubs.Member]:
    """Every member the seats may name (merged ones resolve to the kept one before this)."""
    return clubs.members(get_db(), club_id)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


@bp.get("/evenings/<int:evening_id>")
def evening(evening_id: int) -> str:
    found, club = _evening(evening_id)
    the_room = room(found, club)
    manager = access.can_manage_club(club.id)
    return render_template(
        "club/evening.html",
        version=clubs.evening_version(get_db(), found.id),
        room=the_room,
        manager=manager,
        new_tables=_kind_links(evening_id) if manager else [],
    )


@bp.get("/evenings/<int:evening_id>/version")
def evening_version(evening_id: int) -> BaseResponse:
    """What the evening's page polls to follow every table live (static/follow.js)."""
    found, _club = _evening(evening_id)
    response = jsonify(version=clubs.evening_version(get_db(), found.id))
    response.headers["Cache-Control"] = "no-store"
    return response


def _settlement_page(evening_id: int, pdf: bool) -> str:
    found, club = _evening(evening_id)
    return render_template("club/settlement.html", room=room(found, club), pdf=pdf)


@bp.get("/evenings/<int:evening_id>/settlement")
def settlement(evening_id: int) -> str:
    return _settlement_page(evening_id, pdf=False)


@bp.get("/evenings/<int:evening_id>/settlement.pdf")
def settlement_pdf(evening_id: int) -> Response:
    html = _settlement_page(evening_id, pdf=True)
    return pdf_response(html, f"evening-{evening_id}.pdf")


# The season


@dataclass
class SeasonRow:
    member: clubs.Member
    evenings: int = 0
    stats: PlayerStats = field(default_factory=lambda: PlayerStats(games=0))

    @property
    def coups(self) -> int:
        return self.stats.coups

    @property
    def as_hombre(self) -> int:
        return sum(self.stats.as_hombre.values())

    @property
    def outcomes(self) -> Counter[str]:
        return self.stats.outcomes

    @property
    def won(self) -> int:
        """Chips won: his coups' gains and a positive end-of-game share."""
        s = self.stats
        return s.won_as_hombre + s.won_as_tiers + max(s.final_share, 0)

    @property
    def lost(self) -> int:
        s = self.stats
        return s.lost_as_hombre + s.lost_as_tiers + max(-s.final_share, 0)

    @property
    def net(self) -> int:
        return self.stats.net

    @property
    def per_100(self) -> Decimal:
        """Net chips per 100 coups, to one decimal (half to even)."""
        if not self.coups:
            return Decimal(0)
        return (Decimal(self.net * 100) / self.coups).quantize(Decimal("0.1"), ROUND_HALF_EVEN)


SORTS = {
    "name": (lambda r: r.member.name.casefold(), False),
    "evenings": (lambda r: r.evenings, True),
    "coups": (lambda r: r.coups, True),
    "hombre": (lambda r: r.as_hombre, True),
    "won": (lambda r: r.won, True),
    "lost": (lambda r: r.lost, True),
    "net": (lambda r: r.net, True),
    "per100": (lambda r: r.per_100, True),
}


def _date_arg(name: str, default: str) -> str:
    value = request.args.get(name, "")
    try:
        return date.fromisoformat(value).isoformat() if len(value) == 10 else default
    except ValueError:
        return default


def season(club: clubs.Club, start: str, end: str) -> list[SeasonRow]:
    """Per member, over the chip tables of the club's evenings from ``start`` to ``end``."""
    db = get_db()
    members = {m.id: m for m in _all_members(club.id)}
    rows: dict[int, SeasonRow] = {}
    for evening in clubs.evenings(db, club.id, start, end):
        present = set()
        for _no, game_id in clubs.tables(db, evening.id):
            stored = store.load(db, game_id)
            if not stored.kind.chips:
                continue
            seat_of = clubs.seat_members(db, game_id)
            for seat, stats in enumerate(player_stats(stored.replay())):
                member = seat_of[seat]
                row = rows.setdefault(member, SeasonRow(members[member]))
                row.stats += stats
                present.add(member)
        for member in present:
            rows[member].evenings += 1
    return list(rows.values())


def _season_args(club: clubs.Club) -> tuple[str, str, str, list[SeasonRow]]:
    start = _date_arg("from", "0000-01-01")
    end = _date_arg("to", "9999-12-31")
    sort = request.args.get("sort", "net")
    if sort not in SORTS:
        sort = "net"
    key, reverse = SORTS[sort]
    rows = sorted(season(club, start, end), key=lambda r: r.member.name.casefold())
    rows.sort(key=key, reverse=reverse)
    return start, end, sort, rows


def money_of(club: clubs.Club, chips: int) -> Decimal | None:
    return None if club.money is None else to_money(chips, club.money.chip_value)


@bp.get("/clubs/<int:club_id>/season")
def season_page(club_id: int) -> str:
    club = access.readable_club(club_id)
    start, end, sort, rows = _season_args(club)
    top = max([abs(r.net) for r in rows] + [1])
    return render_template(
        "club/season.html",
        club=club,
        rows=rows,
        start=start if start != "0000-01-01" else "",
        end=end if end != "9999-12-31" else "",
        sort=sort,
        top=top,
    )


def _cell(value: object) -> str:
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@bp.get("/clubs/<int:club_id>/season.csv")
def season_csv(club_id: int) -> Response:
    club = access.readable_club(club_id)
    _start, _end, _sort, rows = _season_args(club)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            *("member", "short_name", "evenings", "coups", "as_hombre", "outcomes"),
            *("won", "lost", "net", "per_100_coups", "money"),
        ]
    )
    for r in rows:
        outcomes = " ".join(f"{k}:{v}" for k, v in sorted(r.outcomes.items()))
        money = money_of(club, r.net)
        writer.writerow(
            [
                *(_cell(r.member.name), _cell(r.member.short_name), r.evenings, r.coups),
                *(r.as_hombre, outcomes, r.won, r.lost, r.net, r.per_100),
                "" if money is None else money,
            ]
        )
    return Response(
        BOM + out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename=season-{club_id}.csv"},
    )


@bp.get("/clubs")
def club_list() -> str:
    visible = access.visible_clubs()
    rows = get_db().query("select id, name from clubs order by name collate nocase, id")
    found = [r for r in rows if visible is None or r["id"] in visible]
    return render_template("club/list.html", clubs=found)


def context() -> dict[str, Any]:
    return {"club_money": money_of}
