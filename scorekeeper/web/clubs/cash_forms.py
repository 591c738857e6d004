"""The cash box's forms (Flask-WTF: each carries its CSRF token and the club's version).

One form for every entry the treasurer types to one member, its ``kind``
hidden: the page shows one per entry type, each posting to the same route.
A fee is charged to several members in one form (``FeesForm``: the fee
chosen among the fees, the members checked, by default those who sat at
the evening's tables). Amounts are typed as positive sums; the kind
(and a payment's direction) gives the sign (cashbox.entries.signed).
What the typed entry's and the fee's forms share as the page draws them
refused: each field's id of its own (``own_ids``), and the summary of what
was refused at the top of the page (``problems``). What an entry answers: what it
recorded (``recorded``, ``paid``), or why a payment of more than a balance has open is
refused (``overpaid``). The plain page's fee names the evening chosen (``evening_typed``,
refused beside its field as the domain's rule says: ``evening_refusal``), by default the
one whose players are checked (``evening_by_default``), and a choice refused is drawn again
checked (``redrawn_evening``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from flask import request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_wtf import FlaskForm
from wtforms import HiddenField, RadioField, SelectField, SelectMultipleField, StringField
from wtforms.validators import Optional

from ... import clubs
from ...cashbox.entries import BOX_SIDE, EVENING_FEES, FEES, Entry, EntryKind
from ...clubs import accounts, fee_charging
from ...clubs.season import day as read_day
from ...db import get_db
from ...rights import access
from ..formats.dates import day, evening_label
from ..formats.words import cents
from ..forms import at_most, options, whole
from ..ops.not_found import not_found

KIND_WORDS = {
    EntryKind.EVENING: _l("Evening's result"),
    EntryKind.FEE_EVENING: _l("Evening fee"),
    EntryKind.FEE_SEASON: _l("Season dues"),
    EntryKind.FEE_TABLE: _l("Fee per table"),
    EntryKind.FEE_LOST_GAME: _l("Fee per lost game"),
    EntryKind.CHARGE: _l("Other charge"),
    EntryKind.PAYMENT: _l("Payment"),
    EntryKind.PRIZE: _l("Prize"),
    EntryKind.REVERSAL: _l("Reversal"),
}
"""Each entry type in words (the pages, the statement, its CSV)."""
METHOD_WORDS = {"cash": _l("cash"), "transfer": _l("transfer")}
SEASON_NAMES_NONE = _l("Season dues are the season's: they name no evening.")
"""Why season dues name no evening, wherever typed (``fee_charging.charge``): the plain
page's refusal of one chosen for them, and the help of an evening's view's Fee form
(fix22a)."""


def payment_who(entry: Entry) -> str:
    """Who a payment went from and to, as each side's line says it: "Anne → Chloé" on
    Anne's statement and on Chloé's (a payment recorded from a suggestion names its payer,
    m026); a payment typed in names who received it, as typed. Both lines once said only
    "Chloé", and Chloé's statement could not say who had paid her.

    A member is named as they are called now and the cash box in the reader's language
    (``side_words``): the rows store no words for them (m029)."""
    if entry.paid_by and entry.received_by:
        return f"{side_words(entry.paid_by)} → {side_words(entry.received_by)}"
    return side_words(entry.received_by)


def side_words(side: str) -> str:
    """One side of a payment as the entry says it (``Entry.paid_by``, ``received_by``): the
    cash box's mark in the reader's language, a name or typed words as they are."""
    return str(_("the cash box")) if side == BOX_SIDE else side


MODES = ("members", "treasurer")
"""The two ways of settling up: between members (the fewest transfers), or with the treasurer."""


def evening_asked(club: clubs.Club, asked: str | None) -> clubs.Evening | None:
    """``?evening=<id>``: one of the club's evenings, whose view the page shows (None: none
    asked). Any other is not found (404, before anything is written: fix19a)."""
    if not asked:
        return None
    number = whole(asked)
    found = clubs.evening(get_db(), number) if number and 1 <= number <= access.MAX_ID else None
    if found is None or found.club_id != club.id:
        not_found("evening_id")  # its words: the evening, not the club of the route
    return found


def cash_view(club: clubs.Club) -> str:
    """The cash box's view a form was sent from or a page opened from (``?evening=``, its
    evening's view; ``?mode=``, the way of settling up): where an entry typed, a payment
    marked or a reversal returns, and the reverse page's back link (label21: the view's links
    once dropped its evening). An evening of another club is not found (``evening_asked``)."""
    evening = evening_asked(club, request.args.get("evening"))
    mode = request.args.get("mode", "")
    return url_for(
        "clubs.cash",
        club_id=club.id,
        mode=mode if mode in MODES else None,
        evening=None if evening is None else evening.id,
    )


def medium_day(on: str) -> str:
    """A day as a page says it ("29 nov. 2026"); a file for spreadsheets says it ISO."""
    return day(on, "medium")


def entry_words(
    entry: Entry,
    undone: Entry | None = None,
    dated: Callable[[str], str] = medium_day,
    evenings: Mapping[int, clubs.Evening] | None = None,
) -> str:
    """What an entry is, in words: its kind, a payment's way and who ("Payment · cash ·
    Anne → Chloé"); a reversal, given the entry it undoes, says that entry so and its day
    ("Reversal of: Payment · cash · Anne → Chloé, 20 Oct 2026"), each day said by ``dated``.
    An entry of an evening with a title (its result, a payment for it, a fee charged from
    it: ``Entry.charged_at``; found in ``evenings``) names it (``evening_label``; its day is
    the line's): "Evening's result · Afternoon", "Evening fee · Afternoon", and two evenings
    of one day are told apart (play19, label21).

    The one home of those words: the cash box's list, the reverse confirmation page, the
    statement and its PDF and CSV say them so. The cash box's list once said "Reversal #14",
    a number shown nowhere else, where the statements said what was undone."""
    if entry.kind is EntryKind.REVERSAL and undone is not None:
        return _("Reversal of: %(entry)s, %(day)s",
                 entry=entry_words(undone, None, dated, evenings),
                 day=dated(undone.on))  # fmt: skip
    words = [str(KIND_WORDS[entry.kind])]
    if entry.method:
        words.append(str(METHOD_WORDS.get(entry.method, entry.method)))
    if entry.received_by:
        words.append(payment_who(entry))
    # a fee names the evening it was charged from (``charged_at``), as a result its own:
    # two evening fees of one day (Tuesday's 2.50, Thursday's 1.50) once read alike
    of = entry.evening if entry.evening is not None else entry.charged_at
    evening = None if of is None else (evenings or {}).get(of)
    if evening is not None and evening_label(evening, None):
        words.append(evening_label(evening, None))
    return " · ".join(words)


TYPED = (
    EntryKind.FEE_EVENING,
    EntryKind.FEE_SEASON,
    EntryKind.FEE_TABLE,
    EntryKind.FEE_LOST_GAME,
    EntryKind.CHARGE,
    EntryKind.PAYMENT,
    EntryKind.PRIZE,
)
"""The kinds the treasurer types (an evening's result is posted by closing it)."""


class EntryForm(FlaskForm):
    version = HiddenField()
    kind = HiddenField()
    member = SelectField(_l("Member"), choices=[], validate_choice=False)
    amount = StringField(_l("Amount"), validators=[at_most(12)])
    on = StringField(_l("Date"), validators=[at_most(10)])
    note = StringField(_l("Note"), validators=[Optional(), at_most(80)])
    direction = RadioField(
        _l("Direction"),
        choices=options(
            [("in", _l("paid in by the member")), ("out", _l("paid out to the member"))]
        ),
        default="in",  # a payment's direction is its sign: nothing else is taken
    )
    method = RadioField(
        _l("How"), choices=options(METHOD_WORDS.items()), default="cash", validate_choice=False
    )
    received_by = StringField(_l("Received by"), validators=[Optional(), at_most(40)])


class FeesForm(FlaskForm):
    """One fee to every member checked: one entry each, in one change of the club."""

    version = HiddenField()
    kind = HiddenField()
    """The fee (one of ``FEES``), chosen by the page's radio buttons."""
    member = SelectMultipleField(_l("Members"), choices=[], validate_choice=False)
    amount = StringField(_l("Amount per member"), validators=[at_most(12)])
    on = StringField(_l("Date"), validators=[at_most(10)])
    note = StringField(_l("Note"), validators=[Optional(), at_most(80)])
    evening = StringField(_l("For the evening"), validators=[Optional()])
    """On the plain cash box, when its date has evenings: the one the fee is for (its
    number), or none (empty); stored in the rows' ``evening_id`` (cash22). By default the
    evening whose players are checked, when held on the form's date, else none (fix22a:
    ``evening_by_default``). An evening's own view names its evening and draws no such
    field. Radio buttons, no length of their own: anything but one of the club's evenings of
    the fee's date is refused beside the field (422), never the whole form
    (``fee_charging.evening_refused``, said by ``evening_refusal``), and the form drawn
    again checks the default."""


class ReverseForm(FlaskForm):
    version = HiddenField()
    on = StringField(_l("Date"), validators=[at_most(10)])
    note = StringField(_l("Why"), validators=[Optional(), at_most(80)])


class PayForm(FlaskForm):
    """A suggested transfer marked paid (its parties and amount as the page showed them)."""

    version = HiddenField()
    payer = HiddenField()
    payee = HiddenField()
    amount = HiddenField()
    method = HiddenField()


def own_ids(form: EntryForm | FeesForm, section: str) -> None:
    """The page holds four entry forms with the same fields: each field's id (and its
    label's ``for``) is prefixed with its form's section, so a label points at its own
    form's field ("fee-member", "charge-member"); the names posted stay the same."""
    for field in form:
        if field.type != "CSRFTokenField":
            field.id = f"{section}-{field.name}"
            field.label.field_id = field.id


class Problem(NamedTuple):
    """A refused field, as the summary at the top of the page links to it."""

    anchor: str
    """The id the link goes to: the field's own, or its fieldset's (a choice of several)."""
    label: str
    message: str


FIELDSETS = {
    "kind": ("f-kind", _l("Fee")),
    "member": ("f-members", _l("Members")),
    "evening": ("f-evening", _l("For the evening")),
}
"""The fee form's fields drawn as a fieldset of choices: its id and legend (club/cash.html)."""


def problems(form: EntryForm | FeesForm | None, fieldsets: bool, section: str) -> list[Problem]:
    """Each refused field of ``form`` with its message; the first drawn as an input takes
    the focus (``autofocus``; the macro marks each ``aria-invalid``, ``forms.marked``). A
    refusal of the whole form (the club changed meanwhile) links to the form itself."""
    out: list[Problem] = []
    if form is None:
        return out
    title = _("Fee") if section == "fee" else str(KIND_WORDS[EntryKind(section)])
    out += [Problem(section, title, str(e)) for e in form.form_errors]
    focused = False
    for field in form:
        if not field.errors:
            continue
        anchor, label = FIELDSETS.get(field.name, (field.id, field.label.text))
        if not fieldsets:
            anchor, label = field.id, field.label.text
        if anchor == field.id and not focused:  # marked refused by the macro (forms.marked)
            field.render_kw = {**(field.render_kw or {}), "autofocus": True}
            focused = True
        out += [Problem(anchor, str(label), str(e)) for e in field.errors]
    return out


def paid(club: clubs.Club, written: list[int]) -> str:
    """What a suggested transfer marked paid recorded, as its rows say it: who paid whom and
    how, and the sum ("Recorded: Payment · cash · Anne → Chloé, €3.60."). The cash box's,
    the room's and a club table's "Paid in cash" once came back saying nothing, where an entry
    typed in the cash box says what was recorded."""
    # the row written alone (``clubs.entries_at``, its sides as the whole ledger says them),
    # not the club's every row: ``accounts.pay`` read them all once already (cash20)
    entry = next(iter(clubs.entries_at(get_db(), club.id, written[:1])), None)
    if entry is None:
        return ""
    return _("Recorded: %(entry)s, %(amount)s.", entry=entry_words(entry),
             amount=cents(abs(entry.amount), club))  # fmt: skip


def moved(amount: int, club: clubs.Club) -> str:
    """A sum recorded, as it moves each balance (``entries.signed``: a fee or a charge with its
    minus, a prize with its plus): the one way every "Recorded …" message says it. A fee per
    lost game said "€0.50 a lost game" beside the evening fee's "−€2.00 each" (smoke28)."""
    return cents(amount, club, True)


def recorded(club: clubs.Club, members: list[int], kind: EntryKind, amount: int) -> str:
    """What entries just recorded did: whose (a name, or how many members), what, and the
    sum of each as it moves each balance (``moved``; a typed entry, a fee, a reversal:
    reversal.py)."""
    entry, money = KIND_WORDS[kind], moved(amount, club)
    if len(members) == 1:
        found = next((m for m in clubs.members(get_db(), club.id) if m.id == members[0]), None)
        name = "" if found is None else found.name
        return _("Recorded for %(name)s: %(entry)s, %(amount)s.", name=name, entry=entry,
                 amount=money)  # fmt: skip
    return ngettext(
        "Recorded for %(num)s member: %(entry)s, %(amount)s each.",
        "Recorded for %(num)s members: %(entry)s, %(amount)s each.",
        len(members),
        entry=entry,
        amount=money,
    )


def overpaid(club: clubs.Club, error: accounts.Overpaid) -> str:
    """Why a payment of more than the member's balance has open is refused, with what it has
    (and, paid out, what they won on evenings not closed: their rooms pay it)."""
    found = next((m for m in clubs.members(get_db(), club.id) if m.id == error.member), None)
    name, balance = "" if found is None else found.name, error.balance
    if error.paid_in and balance < 0 and error.held >= -balance:
        return _("That is more than %(name)s owes (%(amount)s) on evenings not closed, paid "
                 "on to their winners.", name=name, amount=cents(-balance, club))  # fmt: skip
    if error.paid_in and balance < 0 and error.held:
        # the figure is not all the club's: an open evening's loss is paid on to its winners
        return _("That is more than %(name)s owes (%(amount)s), of which %(held)s on evenings "
                 "not closed, paid on to their winners.", name=name,
                 amount=cents(-balance, club), held=cents(error.held, club))  # fmt: skip
    if error.paid_in and balance < 0:
        return _("That is more than %(name)s owes the club (%(amount)s).", name=name,
                 amount=cents(-balance, club))  # fmt: skip
    if error.paid_in:
        return _("%(name)s owes the club nothing: there is nothing to pay in.", name=name)
    if error.waiting:  # the box pays no win of an evening not closed
        rooms = _("%(amount)s won on evenings not closed is paid on their rooms, from what "
                  "their losers pay in.", amount=cents(error.waiting, club))  # fmt: skip
        if balance > 0:
            return _("That is more than the club owes %(name)s now (%(amount)s): %(rooms)s",
                     name=name, amount=cents(balance, club), rooms=rooms)  # fmt: skip
        return _("The club owes %(name)s nothing now: %(rooms)s", name=name, rooms=rooms)
    if balance > 0:
        return _("That is more than the club owes %(name)s (%(amount)s).", name=name,
                 amount=cents(balance, club))  # fmt: skip
    return _("The club owes %(name)s nothing: there is nothing to pay out.", name=name)


def typed_date(text: str | None) -> str | None:
    """A date typed in a form of the cash box (``clubs.season.day``, the one reading), or
    None for anything else."""
    return read_day((text or "").strip(), "") or None


def evening_by_default(shown: clubs.Evening | None, on: str | None, kind: str | None) -> str:
    """What the plain page's "For the evening" checks unless the treasurer chose: the
    evening whose players the form ticks (``shown``) when it is held on the form's date
    ``on`` and the fee is one of an evening (``EVENING_FEES``), else none (""). One fact
    for both: the players ticked and the evening stored agree (fix22a: the form ticked
    Thursday's players and chose none, and those players got a fee naming no evening)."""
    fee = next((k for k in FEES if str(k) == kind), None)
    if shown is None or fee not in EVENING_FEES or typed_date(on) != shown.date:
        return ""
    return str(shown.id)


def redrawn_evening(
    form: FeesForm, drawn: list[clubs.Evening], shown: clubs.Evening | None
) -> None:
    """The plain page's fee form drawn again as typed: its "For the evening" checks one of
    its options. An evening of the date drawn is checked as chosen (however its number was
    written); a choice refused (forged, of another date, for season dues) or none of those
    drawn is replaced by the default for the date and fee typed (``evening_by_default``),
    the refusal kept beside the field. It checked no option at all, not even none. The date
    refused (no day, no evening to list): the choice kept as sent, in a hidden field, so the
    date put right stores it or refuses it beside its field (review23: it fell to none)."""
    if form.on.errors:
        return
    chosen = whole((form.evening.data or "").strip())
    ids = {e.id for e in drawn}
    if not form.evening.errors and chosen in ids:
        form.evening.data = str(chosen)
    elif form.evening.errors or (form.evening.data or "").strip():
        form.evening.data = evening_by_default(shown, form.on.data, form.kind.data)


def evening_typed(
    form: FeesForm, shown: clubs.Evening | None, kind: EntryKind | None
) -> int | None:
    """The evening the fee form says its fee names, to be asked of the domain's rule
    (``fee_charging.evening_refused``), or None (none): on the plain page its "For the
    evening" as typed (anything not a number read as 0, which no evening is: refused as not
    held); on an evening's view, that evening for the fees of an evening, none for season
    dues. That one line is the page's, not the domain's: the view names its evening for the
    treasurer, who chose none, as the plain page's default does (``evening_by_default``);
    season dues typed there are stored naming none (docs/cashbox.md), where an evening
    chosen for them on the plain page is refused."""
    if shown is not None:
        return shown.id if kind in EVENING_FEES else None
    typed = (form.evening.data or "").strip()
    return (whole(typed) or 0) if typed else None


def evening_refusal(
    form: FeesForm, shown: clubs.Evening | None, why: fee_charging.WhyNoEvening
) -> None:
    """The domain's refusal of the evening a fee names (``fee_charging.evening_refused``)
    said beside the field the treasurer typed: on the plain page its "For the evening" (not
    held on the fee's date; season dues: ``SEASON_NAMES_NONE``); on an evening's view, which
    names its evening itself, the Date typed (a fee of another day)."""
    if shown is not None:
        form.on.errors = [_("An evening's fee is dated its day (%(date)s); for another day, "
                            "charge it from the cash box.", date=day(shown.date))]  # fmt: skip
    elif why is fee_charging.WhyNoEvening.SEASON_DUES:
        form.evening.errors = [str(SEASON_NAMES_NONE)]
    else:
        form.evening.errors = [_("Choose an evening held on the fee's date, or none.")]
