"""L'Hombre's settlement sheet (page, PDF, CSV), the story of a game, and the players' records.

The settlement's URLs are every game's (web/table/settlement.py asks the game's
pages); the CSVs, the story and the records are l'Hombre's own pages, in the
``settlement`` family of endpoints whose names the templates know.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from flask import Response, abort, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse
from wtforms import HiddenField, StringField, SubmitField
from wtforms.validators import Optional

from ... import clubs, store
from ...cashbox.settle import BOX
from ...clubs.purse import table_evening, table_purse
from ...clubs.seats import person_members, seat_members
from ...clubs.ties import seated_numbers, tie_order
from ...db import get_db
from ...rights.access import can_manage, can_manage_club, readable, table_club, visible_ids
from ...rules.errors import GameError
from ...rules.hombre.engine import Reason
from ...rules.hombre.exports import KEYS, ByPerson, CsvWords, journal_csv, standings_csv
from ...rules.hombre.family import hombre_report
from ...rules.hombre.kinds import HombreKind, PotKind
from ...rules.hombre.paid import paid_lines
from ...rules.hombre.stats import PlayerStats, person_stats, player_stats
from ...rules.ledger import Transfer, to_cents
from ...rules.money import Money, parse_money
from ...rules.seating import person_rows, sittings
from ...store import closings
from ...store.paid import Tick, lines, lines_cents, ticks
from .. import blueprints
from ..formats.collation import by_name
from ..formats.numbers import plain_decimal, typed_decimal
from ..formats.words import cents, reader_currency, refusal_text
from ..forms import CHANGED, ActionForm, at_most, form_version
from ..hookspecs import Page
from ..kept.arguments import reads
from ..kept.expensive import expensive, players_key
from ..printing.chain_heads import game_chain
from ..printing.pdf import printed
from ..table.gamefiles import game_file_text
from ..table.seat_words import names_now, renamed, seat_names, seated_now
from .chart import net_chart
from .guard import hombre_only
from .present import csv_words
from .records import player_records
from .standing import standing_rows
from .who_paid import paid_now

SETTLEMENT = printed("hombre/settlement.html")
"""The settlement page, also the PDF's."""

bp = blueprints.settlement
BOM = "\ufeff"  # spreadsheets read UTF-8 CSV correctly with it
JOURNAL_SHOWN = 60
"""Coups of the payment journal on the settlement page; the PDF and the CSV have them all."""


class MoneyForm(FlaskForm):
    version = HiddenField()
    chip_value = StringField(validators=[Optional(), at_most(20)])
    currency = StringField(validators=[Optional(), at_most(3)])
    submit = SubmitField()


def _club_money(stored: store.StoredGame) -> dict[str, Any]:
    """A club table with a chip value: the club's money, its purse and its members' names.

    Its settlement is then the cash box's (clubs/purse.py): the club's chip
    value, the suggestions paired as the cash box pairs them, a payment
    recorded in the cash box; a single table keeps its own ticks.
    """
    found = table_club(stored.id)
    club = None if found is None else clubs.club(get_db(), found[0])
    if club is None or club.money is None:
        return {"club": None, "purse": None}
    purse = table_purse(get_db(), club, stored.id)
    if purse is None:
        return {"club": None, "purse": None}
    names = {m.id: m.name for m in clubs.members(get_db(), club.id)}
    return {
        "club": club,
        "purse": purse,
        "member_names": names,
        # "the evening, in the cash box": a list the page shows, in the reader's collation
        # (Jens, Søren, Åse in Danish) as the room's and the cash box's; it listed the club's
        # order (Åse, Jens, Søren), which only breaks the ties of the cent. The suggestions
        # keep it: the pairing of money (docs/cashbox.md)
        "purse_members": by_name(purse.members, lambda m: names.get(m, "")),
        "cents": cents,
        "BOX": BOX,
    }


def _sheet(stored: store.StoredGame) -> dict[str, Any]:
    report = hombre_report(stored.replay())
    in_club = _club_money(stored)
    money = stored.money if in_club["club"] is None else in_club["club"].money
    people, person_nets = stored.people()
    made = ticks(get_db(), stored.id)
    listed = lines(person_nets, [t.paid for t in made])
    settle = [Transfer(t.payer, t.payee, t.amount, "settlement") for t, _ in listed]
    names = stored.game.players
    # a club's table: each person by their member's name now, as the club's lines above
    # (the cash box's) name them; the game file keeps the names typed (said once: renamed)
    now = names_now(stored)

    def said(typed: Sequence[str]) -> tuple[str, ...]:
        return tuple(now.get(name, name) for name in typed)

    open_betes = [b for b in report.betes if b.open]
    last = report.coups[-1] if report.coups else None
    who_paid = paid_now(stored, now)  # who paid each payment of coup n
    shares = (
        [] if last is None else [t for t in who_paid(last.deal.n) if t.reason == Reason.FINAL_SHARE]
    )
    return {
        "stored": stored,
        "played_on": clubs.played_on(get_db(), stored.id, stored.created_at),
        "report": report,
        "names": said(names),
        "table_names": said(stored.seated()),  # who sits at the end: the way back to the table
        "seated": seated_now(stored, now),  # who sat in coup n
        "who_paid": who_paid,
        "now": now,
        "renamed": renamed(now),
        "money": money,
        "settle": settle,
        "people": said(people),
        "sittings": sittings(names, stored.seat_changes),
        # once someone took a seat, each person's own caves and stack (the Standing's)
        "people_rows": standing_rows(stored, report) if stored.seat_changes else None,
        "seat_names": seat_names(stored, now),
        "paid": [done for _, done in listed],
        "paid_form": None,
        "open_betes": open_betes,
        "pot": [(now.get(name, name), chips) for name, chips in _pot(stored, report)],
        "final_shares": shares,
        "sha256": hashlib.sha256(game_file_text(stored).encode()).hexdigest(),
        "chain": game_chain(stored.id),
        "journal_shown": JOURNAL_SHOWN,
        **in_club,
        **(
            _money_alone(report.net, person_nets, made, stored.money)
            if in_club["club"] is None
            else {}
        ),
    }


def _money_alone(
    net: Sequence[int], person_nets: Sequence[int], made: Sequence[Tick], money: Money | None
) -> dict[str, Any]:
    """A table on its own with a chip value: its money in whole cents, rounded once over
    the table as a club's is (``to_cents``, ties in seat order) — each seat's, each
    person's, and each line of who pays whom taken from them (``paid.lines_cents``: a
    payment made, its money as handed over), so the columns sum to zero and the lines add
    up to them. (Each figure rounded on its own, half to even, gave 0,025 € a chip's −31,
    13, 18 as −0,78 + 0,32 + 0,45: a cent short.)"""
    if money is None:
        return {}
    return {
        "seat_cents": to_cents(net, money.chip_value),
        "person_cents": to_cents(person_nets, money.chip_value),
        "settle_cents": lines_cents(person_nets, made, money.chip_value),
        "cents": cents,
    }


def _pot(stored: store.StoredGame, report: Any) -> list[tuple[str, int]]:
    """What lies in the pot, by whose it is: the seats' players, or once someone took over a
    seat, each person's part (a leaver's stays theirs until the pot is won, docs/rules.md)."""
    kind = stored.kind
    if isinstance(kind, PotKind) and stored.seat_changes and sum(report.shares):
        return [
            (name, chips)
            for _, name, chips in kind.pot_parts(stored.game, stored.seat_changes, report)
        ]
    shares = getattr(report, "shares", ())
    return [(name, chips) for name, chips in zip(stored.seated(), shares) if chips]


def settlement_page(stored: store.StoredGame, pdf: bool) -> str:
    """The settlement (or its PDF's HTML); its manager may set the chip value on it, but at
    a club's table, whose money is the club's (an empty field there set nothing used)."""
    sheet = _sheet(stored)
    form = MoneyForm() if can_manage(stored) and not pdf and sheet["club"] is None else None
    if form is not None:
        form.version.data = str(stored.version)
        sheet["paid_form"] = ActionForm(formdata=None, version=str(stored.version))
        if stored.money is not None:
            form.chip_value.data = typed_decimal(stored.money.chip_value)
            form.currency.data = stored.money.currency
    if sheet["purse"] is not None:  # in a club, the club's managers record payments
        club = sheet["club"]
        # a closed evening's results are in the cash box: no payment is marked at its tables
        manager = not pdf and can_manage_club(club.id) and not sheet["purse"].evening.closed
        version = str(club.version)
        sheet["paid_form"] = ActionForm(formdata=None, version=version) if manager else None
    # the downloads are every reader's, as a Manille or Brou sheet's are: they went with
    # the chip value's form, so a club's table (whose money is the club's) had none
    return render_template(SETTLEMENT, form=form, pdf=pdf, downloads=not pdf, **sheet)


def set_money(stored: store.StoredGame) -> Page | BaseResponse:
    """The chip value posted on the settlement: stored, or the page with the refusal."""
    if _club_money(stored)["club"] is not None:  # the club's chip value is the table's
        abort(409)
    form = MoneyForm()
    status = 422
    if form.validate():
        try:
            money = parse_money(
                plain_decimal(form.chip_value.data), form.currency.data or reader_currency()
            )
            store.set_money(get_db(), stored.id, money, version=form_version(form))
            return redirect(url_for("settlement.settlement", game_id=stored.id))
        except GameError as error:
            getattr(form, error.field).errors = [refusal_text(error)]
        except store.Conflict:
            form.submit.errors = [str(CHANGED)]
            status = 409
    page = render_template(SETTLEMENT, form=form, pdf=False, **_sheet(stored))
    return page, status


def _csv(text: str, name: str) -> Response:
    return Response(
        BOM + text,
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename={name}"},
    )


def _kept_csv(stored: store.StoredGame, name: str, make: Any) -> str:
    """A CSV of this version of the game, written once."""
    text = stored.derived.get(name)
    if text is None:
        text = stored.derived[name] = make(stored)
    return str(text)


def _journal(stored: store.StoredGame, delimiter: str = ",", words: CsvWords = KEYS) -> str:
    """The journal, each coup's rows naming who sat then and who paid each payment, as the
    settlement's journal does (``paid_lines``)."""
    report = hombre_report(stored.replay())
    paid = paid_lines(stored.kind, report, stored.seat_changes)
    return journal_csv(report, delimiter, words, stored.seat_changes, paid)


def _by_person(stored: store.StoredGame) -> ByPerson | None:
    """Once someone took a seat, the standings' columns are the settlement's persons: each
    one's result after each coup (``seating.person_rows``, made once per version)."""
    if not stored.seat_changes:
        return None
    people = stored.people()[0]
    rows = stored.derived.get("person_rows")
    if rows is None:
        found = person_rows(stored.kind, stored.game, stored.seat_changes, stored.replay())
        rows = stored.derived["person_rows"] = [[r.get(p, 0) for p in people] for r in found]
    return ByPerson(stored.seat_changes, people, rows, seat_names(stored))


def _standings(
    stored: store.StoredGame,
    delimiter: str = ",",
    words: CsvWords = KEYS,
    money: CsvMoney = (None, None, None),
) -> str:
    report = hombre_report(stored.replay())
    chips, ties, owners = money
    return standings_csv(report, delimiter, chips, words, ties, _by_person(stored), owners)


CsvMoney = tuple[Money | None, list[int] | None, list[int] | None]
"""The spreadsheet's money: the chip value, the columns in the order of its ties, and each
column's club member (two persons may be one: their money once, ``ledger.owned_cents``)."""


def _csv_money(stored: store.StoredGame) -> CsvMoney:
    """The money of the spreadsheet's standings, as the settlement shows it: the table's
    own, or at a club's table the club's, its ties its settlement's (``TablePurse.ties``:
    by the member number each sat under, ``ties.tie_order``; its evening closed, those
    that give what the close posted, ``posted_tables.held_first``), so its last row is
    the cash box's figures. Once someone took a seat its columns are the persons', as the
    settlement's (one figure a person), tied in the order of their members.
    (The club's table had ``stored.money``, none, so its file had no money at all.)"""
    found = table_club(stored.id)
    club = None if found is None else clubs.club(get_db(), found[0])
    if club is None or club.money is None:
        return stored.money, None, None
    member_of = seat_members(get_db(), stored.id)
    if stored.seat_changes:
        taken = [c.player for c in stored.seat_changes]
        people = person_members(get_db(), stored.id, stored.people()[0], stored.game.players, taken)
        if people is None:  # a person with no member: no club's figure to tie to
            return club.money, None, None
        member_of = dict(enumerate(people))
    # a closed evening's: the ties its settlement's figures, those posted, are given by
    evening = table_evening(get_db(), stored.id)
    closed = evening is not None and closings.closed(get_db(), evening)
    purse = table_purse(get_db(), club, stored.id) if closed else None
    shown = () if purse is None else purse.ties
    numbers = seated_numbers(get_db(), stored.id)
    rest = [m for m in tie_order(member_of.values(), numbers) if m not in shown]
    rank = {m: n for n, m in enumerate([*shown, *rest])}
    ranked = sorted(member_of, key=lambda column: rank[member_of[column]])
    columns = len(stored.people()[0]) if stored.seat_changes else len(stored.game.players)
    whole = sorted(member_of) == list(range(columns))  # a seat's row missing: columns alone
    return club.money, ranked, [member_of[c] for c in range(columns)] if whole else None


def _semicolon() -> bool:
    """``?sep=semicolon``: the file for a spreadsheet that reads ``;`` and decimal commas."""
    return request.args.get("sep") == "semicolon"


@bp.get("/games/<int:game_id>/journal.csv")
@reads("sep")
@hombre_only
def journal(game_id: int) -> Response:
    stored = readable(game_id)
    if _semicolon():
        return _csv(_journal(stored, ";", csv_words()), f"journal-{game_id}-semicolon.csv")
    text = _kept_csv(stored, "journal.csv", _journal)
    return _csv(text, f"journal-{game_id}.csv")


@bp.get("/games/<int:game_id>/standings.csv")
@reads("sep")
@hombre_only
def standings(game_id: int) -> Response:
    stored = readable(game_id)
    if _semicolon():
        text = _standings(stored, ";", csv_words(), _csv_money(stored))
        return _csv(text, f"standings-{game_id}-semicolon.csv")
    text = _kept_csv(stored, "standings.csv", _standings)
    return _csv(text, f"standings-{game_id}.csv")


@bp.get("/games/<int:game_id>/story")
@hombre_only
def story(game_id: int) -> str:
    stored = readable(game_id)
    report = hombre_report(stored.replay())
    story = stored.derived.get("story")
    if story is None:  # the chart and the records, made once per version
        story = stored.derived["story"] = (_story_chart(stored, report), _story_rows(stored))
    chart, rows = story
    now = names_now(stored)  # a club's member by their name now, as the settlement
    if now:
        rows = [(now.get(name, name), stats) for name, stats in rows]
        chart = _chart_named(chart, seat_names(stored, now))
    return render_template(
        "hombre/story.html",
        stored=stored,
        report=report,
        seated=seated_now(stored, now),
        chart=chart,
        rows=rows,
    )


def _story_chart(stored: store.StoredGame, report: Any) -> Any:
    """The seats' nets, each seat named by who sat there in turn ("Mette → Karen")."""
    chart = net_chart(report)
    return chart if not stored.seat_changes else _chart_named(chart, seat_names(stored))


def _chart_named(chart: Any, names: Sequence[str]) -> Any:
    """The chart with each seat's line named ``names[seat]``."""
    if chart is None:
        return None
    return replace(chart, lines=[replace(line, name=names[line.seat]) for line in chart.lines])


def _story_rows(stored: store.StoredGame) -> list[tuple[str, PlayerStats]]:
    """Each seat's record, or — once someone took a seat — each person's, over the coups
    whose money was theirs (``person_stats``, as a club's season counts them): the seat's
    coups and net under its first player's name were partly no one's of theirs."""
    report = hombre_report(stored.replay())
    if not stored.seat_changes:
        return list(zip(stored.game.players, player_stats(report), strict=True))
    owners = [stored.payers(n) for n in range(1, len(report.coups) + 1)]
    kind = stored.kind
    passed = kind.passed_on(report, owners) if isinstance(kind, HombreKind) else ()
    people = person_stats(report, owners, stored.by_person(), passed)
    staked = {name for coup in owners for name in coup}  # not one who only played for another
    return [(name, stats) for name, stats in people.items() if name in staked]


@bp.get("/players")
@expensive(players_key)
def players() -> str:
    """Every player name's record over the finished games of this server."""
    records, games = player_records(get_db(), visible_ids())  # one replay per changed game
    return render_template("hombre/players.html", records=records, games=games)
