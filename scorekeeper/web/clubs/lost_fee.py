"""The fee per lost game on the cash box's Fee form: what it will charge, before it is stored.

The games lost are the evening's (``clubs.fee_charging.lost_by``, from its tables' games,
never typed); the form says, before anything is written, what each member checked will be
charged ("Show what it charges"), and refuses beside its field a fee that names no evening,
an evening whose games cannot say what a lost game is (``clubs.lost_games.CannotSay``),
members of whom none lost a game, or members checked who lost none or owe that evening's
fee already (drawn again unchecked: what the form shows chosen is what is stored; every
reason in one answer); it checks by default those who lost a game
(``losers``). Beside a fee charged for other games lost than its evening's games say now,
what they say (``since_notes``) (docs/cashbox.md, "The fee per lost game").
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from flask_babel import gettext as _
from flask_babel import ngettext

from ... import clubs
from ...cashbox.entries import Entry, EntryKind, signed
from ...clubs import fee_charging
from ...clubs.lost_games import CannotSay, EveningLost
from ...clubs.room import Room
from ...db import get_db
from ..formats.words import and_list, cents, kind_titles, labelled
from .cash_forms import KIND_WORDS, FeesForm, moved


def cannot_say(error: CannotSay) -> str:
    """Why the evening takes no fee per lost game: its game(s) named."""
    titles = kind_titles([kind.key for kind in error.kinds])
    return _("This evening's game cannot say what a lost game is (%(games)s): choose "
             "another fee.", games=and_list(list(titles.values())))  # fmt: skip


REFUSALS = (CannotSay, fee_charging.NoLostGames, fee_charging.LostFeeRefused)
"""How a fee per lost game is refused (``fee_charging.lost_by``, ``lost_fee_refused``), by
the form's check and by the charge alike: each said by ``refused``."""


def times(
    form: FeesForm, club: clubs.Club, evening: int | None, charged: list[int], amount: int
) -> dict[int, int] | None:
    """Each member checked who lost a game that evening and how many (their fee's
    multiple), or None with the refusal put beside its field (``refused``): no evening, a
    game that cannot say, none checked who lost one, a member checked who lost none or
    charged for that evening already (drawn again unchecked), a sum that times the games
    lost passes an entry's bound (``fee_charging.lost_fee_refused``, the rule the charge
    checks again in its change)."""
    if evening is None:
        form.evening.errors = [_("A fee per lost game names its evening: its games say who lost.")]
        return None
    try:
        found = fee_charging.lost_by(get_db(), club.id, evening, charged)
        fee_charging.lost_fee_refused(get_db(), club.id, evening, amount, charged, found)
    except REFUSALS as error:
        refused(form, club, charged, error)
        return None
    return found


def refused(form: FeesForm, club: clubs.Club, charged: list[int], error: Exception) -> None:
    """A fee per lost game refused, by the form's check or by the charge in its change (the
    games changed between the two: a coup undone after the form was sent), said beside its
    field, every reason at once (``_every_reason``)."""
    if isinstance(error, CannotSay):
        form.kind.errors = [cannot_say(error)]
    elif isinstance(error, fee_charging.LostFeeRefused):
        _every_reason(form, club, charged, error)
    else:  # NoLostGames: none of those checked lost one (or no evening of the club's)
        form.member.errors = [_("None of the members checked lost a game that evening.")]


def _every_reason(
    form: FeesForm, club: clubs.Club, charged: list[int], error: fee_charging.LostFeeRefused
) -> None:
    """Each reason of ``error`` in one answer: beside the members a line for those who lost
    no game and one for those charged already, each naming them in the order checked, all
    of them drawn again unchecked (what the form shows chosen is what is stored); beside
    the sum, the bound it passes. A fee refused for two reasons said one, and its second
    send the other (fix30a). "Send again to charge those checked" only when some are left
    checked (smoke31)."""
    names = {m.id: m.name for m in clubs.members(get_db(), club.id)}

    def named(members: Collection[int]) -> str:
        return and_list(names.get(m, "") for m in charged if m in members)

    said = []
    dropped = error.idle | error.already
    left = [m for m in charged if m not in dropped]
    if error.idle and not left:  # nobody checked now: "send again" would charge no one
        said.append(ngettext(
            "%(names)s lost no game that evening: now unchecked.",
            "%(names)s lost no game that evening: now unchecked.",
            len(error.idle), names=named(error.idle)))  # fmt: skip
    elif error.idle:
        said.append(ngettext(
            "%(names)s lost no game that evening: now unchecked. Send again to charge "
            "those checked.",
            "%(names)s lost no game that evening: now unchecked. Send again to charge "
            "those checked.",
            len(error.idle), names=named(error.idle)))  # fmt: skip
    if error.already:
        said.append(ngettext(
            "%(names)s owes a fee per lost game for that evening already: now unchecked. "
            "Reverse it first to charge it again.",
            "%(names)s owe a fee per lost game for that evening already: now unchecked. "
            "Reverse them first to charge them again.",
            len(error.already), names=named(error.already)))  # fmt: skip
    if said:
        form.member.errors = said
        form.member.data = [str(m) for m in left]
    if error.games is not None:
        form.amount.errors = [
            ngettext(
                "Times %(num)s lost game, this sum passes 1,000,000: give a smaller one.",
                "Times %(num)s lost games, this sum passes 1,000,000: give a smaller one.",
                error.games,
            )
        ]


def read(room: Room | None) -> EveningLost | None:
    """The games lost at the evening of ``room`` as the page reads them: once, the first
    time they are asked (the Fee form's ticks, the notice beside its fees)."""
    return None if room is None else EveningLost(get_db(), room)


def losers(lost: EveningLost | None, club_id: int) -> set[int] | None:
    """The members who lost a game at the evening of ``lost`` (``lost_games``, what the fee
    charges) and whom no fee per lost game of that evening charges already: whom the Fee
    form checks for a fee per lost game, those the charge takes (``lost_fee_refused``: it
    checked the members charged already, whom sending it then refused, smoke31); None when
    it cannot say (no evening, or a game without lost games: the fee is refused there)."""
    if lost is None:
        return None
    try:
        games = lost.games()
    except CannotSay:
        return None
    evening = lost.room.evening.id
    return set(games) - fee_charging.charged_already(get_db(), club_id, evening, games)


def cannot_say_now(lost: EveningLost | None) -> str | None:
    """Why the Fee form's evening takes no fee per lost game (``cannot_say``), said beside its
    members the moment that fee is chosen (static/fee_ticks.js), not only once it is sent
    with every player checked (smoke29); None when its games can say or it names none."""
    if lost is None:
        return None
    try:
        lost.games()
    except CannotSay as error:
        return cannot_say(error)
    return None


def preview(club: clubs.Club, kind: EntryKind, amount: int, each: dict[int, int]) -> list[str]:
    """What the fee will charge each member, one line each, nothing stored yet."""
    names = {m.id: m.name for m in clubs.members(get_db(), club.id)}
    if kind is not EntryKind.FEE_LOST_GAME:
        return [labelled(names.get(m, ""), cents(amount, club)) for m in each]
    return [
        ngettext(
            "%(name)s: %(num)s lost game × %(amount)s = %(total)s",
            "%(name)s: %(num)s lost games × %(amount)s = %(total)s",
            n,
            name=names.get(m, ""),
            amount=cents(amount, club),
            total=cents(amount * n, club),
        )
        for m, n in each.items()
    ]


def since_words(found: fee_charging.LostSince) -> str:
    """Beside a fee per lost game whose evening's games say another count now
    (``fee_charging.lost_since``): what it was charged for, what they say now, and what the
    treasurer does (it is never rewritten)."""
    if found.now is None:
        return ngettext(
            "Charged for %(num)s lost game; the evening's games cannot say what a lost game is "
            "any more: reverse it if it should not stand.",
            "Charged for %(num)s lost games; the evening's games cannot say what a lost game is "
            "any more: reverse it if it should not stand.",
            found.charged,
        )
    return ngettext(
        "Charged for %(num)s lost game; the evening's games now say %(now)s: reverse it and "
        "charge it again.",
        "Charged for %(num)s lost games; the evening's games now say %(now)s: reverse it and "
        "charge it again.",
        found.charged,
        now=found.now,
    )


def since_notes(
    club: clubs.Club,
    entries: Iterable[Entry],
    undone: Collection[int],
    lost: EveningLost | None = None,
) -> dict[int, str]:
    """The words beside each fee per lost game of ``entries`` charged for other games lost
    than its evening's games say now, by entry id (``fee_charging.lost_since``); ``lost``:
    an evening's games lost the page read already (``read``)."""
    known = () if lost is None else (lost,)
    found = fee_charging.lost_since(get_db(), club.id, entries, undone, known)
    return {entry: since_words(lost) for entry, lost in found.items()}


def recorded(club: clubs.Club, each: dict[int, int], amount: int) -> str:
    """What a fee per lost game recorded: for how many members, and its rate as it moves
    each balance per game lost (``cash_forms.moved``: a charge, with its minus, as the
    evening fee's "each")."""
    kind = EntryKind.FEE_LOST_GAME
    return ngettext(
        "Recorded for %(num)s member: %(entry)s, %(amount)s a lost game.",
        "Recorded for %(num)s members: %(entry)s, %(amount)s a lost game.",
        len(each),
        entry=KIND_WORDS[kind],
        amount=moved(signed(kind, amount), club),
    )
