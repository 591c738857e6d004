"""A fee charged to several members at once (the cash box's Fee form), and which evening
it names.

Apart from accounts.py (the accounts read, the entries typed to one member) because a fee
carries one rule of its own: the evening it is for, stored on each of its rows
(``evening_id``, read back as ``Entry.charged_at``), which decides in which evening's view
and room it is listed (docs/cashbox.md, "A fee names its evening").
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from enum import StrEnum

import sqlite_utils

from ..cashbox.entries import EVENING_FEES, FEES, Entry, EntryKind
from ..cashbox.ledger import insert_entry
from ..store.changing import changing
from ..store.club_log import ClubOwner
from .accounts import MAX_CENTS
from .evening_tables import evening as evening_of
from .lost_games import CannotSay, EveningLost, lost_games
from .records import Refused
from .records import club as club_of
from .room import room_of
from .seats import _member_of

MOST_AT_ONCE = 200
"""Members charged one fee in one form at most (a club's evening, with room to spare)."""


class WhyNoEvening(StrEnum):
    """Why a fee cannot name the evening given (``evening_refused``)."""

    NOT_HELD = "not_held"
    """Not one of the club's evenings held on the fee's date: another club's, another
    day's, no evening at all."""
    SEASON_DUES = "season_dues"
    """Season dues are the season's, never an evening's (``EVENING_FEES``): they name none."""


class EveningRefused(Refused):
    """A fee given an evening it cannot name (``why``): nothing written. It was once stored
    naming none, with no word, and the pages kept a rule of their own to refuse it first;
    now the pages ask ``evening_refused`` and this is what a change meanwhile meets."""

    def __init__(self, evening: int, why: WhyNoEvening) -> None:
        super().__init__(evening)
        self.evening, self.why = evening, why


def evening_refused(
    db: sqlite_utils.Database, club_id: int, evening: int, on: str, kind: EntryKind | None
) -> WhyNoEvening | None:
    """Why a fee of ``kind`` dated ``on`` cannot name ``evening``, or None when it can: the
    one rule of which evening a fee names, which ``charge`` applies before it writes and a
    page asks as it checks a form, so each field refused is said at once. The evening must
    be one of the club's held on ``on`` (checked first), and the fee one of an evening's
    (``EVENING_FEES``); ``kind`` None (a form whose fee is refused already): the evening
    alone."""
    # beyond SQLite's integers (or not a number, read as 0 by a page): none of the club's
    found = evening_of(db, evening) if 0 < evening < 2**63 else None
    if found is None or (found.club_id, found.date) != (club_id, on):
        return WhyNoEvening.NOT_HELD
    if kind is not None and kind not in EVENING_FEES:
        return WhyNoEvening.SEASON_DUES
    return None


class NoLostGames(Refused):
    """A fee per lost game no member checked owes: none of them lost a game that evening
    (or it names no evening, whose games would say who lost). Nothing written."""


def lost_by(
    db: sqlite_utils.Database,
    club_id: int,
    evening: int | None,
    charged: list[int],
    read: EveningLost | None = None,
) -> dict[int, int]:
    """The games lost that evening by each member of ``charged`` who lost one, in their
    order: what a fee per lost game multiplies (``lost_games.lost_games``, from the
    evening's games). ``NoLostGames`` without an evening or a club; ``CannotSay`` for an
    evening played at a game whose kind cannot say what a lost game is. ``read``: that
    evening's games lost as the page read them already (its room, the club's evening)."""
    if read is not None and read.room.evening.id == evening and read.room.club.id == club_id:
        lost = read.games()
    else:
        found = evening_of(db, evening) if evening is not None and 0 < evening < 2**63 else None
        club = club_of(db, club_id)
        if found is None or club is None or found.club_id != club_id:
            raise NoLostGames(evening)
        lost = lost_games(db, room_of(db, found, club))
    return {member: lost[member] for member in charged if lost.get(member)}


class LostFeeRefused(Refused):
    """A fee per lost game refused, nothing written, with every reason it has at once
    (``lost_fee_refused``): a fee refused for two reasons said one, and only the second
    send said the other (fix30a).

    ``idle``: members checked who lost no game that evening as its games say now, refused
    whole so that what the form showed chosen is what is stored (it charged the others and
    left them out in silence, a coup undone between the form and the charge too).
    ``already``: members whom a standing fee per lost game (not reversed) for that evening
    charges already; a second would charge the same games twice (review26: a fee sent twice
    was stored twice), the first is reversed to charge again. ``games``: the most games
    lost by a member it would still charge, when the sum times them passes one entry's bound
    (``MAX_CENTS``), said beside the sum; None when it does not."""

    def __init__(self, idle: set[int], already: set[int], games: int | None) -> None:
        super().__init__(sorted(idle), sorted(already), games)
        self.idle, self.already, self.games = idle, already, games


def charged_already(
    db: sqlite_utils.Database, club_id: int, evening: int | None, members: Iterable[int]
) -> set[int]:
    """The members of ``members`` whom a fee per lost game for ``evening``, not reversed,
    charges already (``LostFeeRefused.already``)."""
    asked = set(members)
    if evening is None or not asked:
        return set()
    found = db.execute(
        "select member_id from ledger l where club_id = ? and evening_id = ? and kind = ?"
        " and not exists (select 1 from ledger r where r.club_id = l.club_id"
        " and r.reverses = l.id)",
        [club_id, evening, str(EntryKind.FEE_LOST_GAME)],
    )
    return {member for (member,) in found if member in asked}


def lost_fee_refused(
    db: sqlite_utils.Database,
    club_id: int,
    evening: int | None,
    amount: int,
    charged: list[int],
    each: dict[int, int],
) -> None:
    """The fee per lost game of ``amount`` to the members ``charged`` refused, ``each`` the
    games lost by those of them who lost one (``lost_by``): ``NoLostGames`` when none did,
    else ``LostFeeRefused`` with every reason found — those who lost none, those charged
    already, a sum past the bound for those it would still charge —; checked by the form
    (said beside its fields, all in one answer) and by ``charge`` in its change (one rule).

    Members 1 and 2 lost two games and one, member 3 none; no evening named, so no fee
    stands for it (the database is not read):

    >>> lost_fee_refused(None, 1, None, 150, [1, 2], {1: 2, 2: 1})  # nothing refused
    >>> try:
    ...     lost_fee_refused(None, 1, None, 600_000_00, [1, 2, 3], {1: 2, 2: 1})
    ... except LostFeeRefused as error:
    ...     error.idle, error.already, error.games
    ({3}, set(), 2)
    """
    if not each:
        raise NoLostGames(evening)
    idle = {member for member in charged if member not in each}
    already = charged_already(db, club_id, evening, each)
    most = max((n for m, n in each.items() if m not in already), default=0)
    games = most if amount * most > MAX_CENTS else None
    if idle or already or games is not None:
        raise LostFeeRefused(idle, already, games)


def charge(
    db: sqlite_utils.Database,
    club_id: int,
    version: int,
    charged: list[int],
    kind: EntryKind,
    amount: int,
    on: str,
    note: str = "",
    evening: int | None = None,
) -> list[int]:
    """One fee to each of ``charged`` (``amount``, typed positive, lowers each balance): one
    change of the club, one ledger row per member, in the order given; their ids.
    ``evening``: the one the fee is for (the view it was typed on, or chosen on the plain
    page: cash22), stored on each row (``evening_id``, read back as ``Entry.charged_at``);
    None: a fee of the day, naming none. Refused (nothing written) unless ``kind`` is a fee,
    the amount one entry's, every member the club's (not merged), once; an evening it cannot
    name (``evening_refused``): ``EveningRefused``, saying why (charge22: it was stored
    naming none, with no word). A fee per lost game is ``amount`` times the games each
    lost that evening (``lost_by``, read in the change): ``NoLostGames`` when none did or
    it names no evening, ``CannotSay`` when its games cannot say, ``LostFeeRefused`` with
    every reason of ``lost_fee_refused`` (a member given who lost none: refused whole,
    never stored for the others alone; one charged already; a sum past the bound).
    """
    if kind not in FEES or not 0 < amount <= MAX_CENTS:
        raise Refused(kind)
    if not 0 < len(charged) <= MOST_AT_ONCE or len(set(charged)) != len(charged):
        raise Refused(len(charged))
    with changing(db, ClubOwner(club_id), version, "entry") as change:
        if evening is not None and (why := evening_refused(db, club_id, evening, on, kind)):
            raise EveningRefused(evening, why)
        for member in charged:
            _member_of(db, club_id, member)
        # per lost game: each by their games lost that evening, read from its games now (in
        # the change: a coup saved or undone since the form was drawn counts); a member
        # given who lost none now refuses it whole, as the form does (one rule)
        times = {m: 1 for m in charged}
        if kind is EntryKind.FEE_LOST_GAME:
            times = lost_by(db, club_id, evening, charged)
            lost_fee_refused(db, club_id, evening, amount, charged, times)
        change.summary = f"{kind} {-amount} × {sum(times.values())}"
        row = {"club_id": club_id, "kind": str(kind), "on_date": on, "evening_id": evening}
        lost = kind is EntryKind.FEE_LOST_GAME  # its count kept: what ``lost_since`` compares
        return [
            insert_entry(
                db,
                row
                | {"member_id": m, "amount": -amount * n, "note": note}
                | {"games_lost": n if lost else None},
            )
            for m, n in times.items()
        ]


@dataclass(frozen=True)
class LostSince:
    """A fee per lost game whose evening's games no longer say what it was charged for."""

    entry: int
    charged: int
    """The games lost it multiplied (``Entry.games_lost``)."""
    now: int | None
    """The games its member lost that evening as its games say now (``lost_by``, the
    function that charged: 0 when none); None when they cannot say any more (a table of a
    game without lost games added to the evening since: ``CannotSay``)."""


def lost_since(
    db: sqlite_utils.Database,
    club_id: int,
    entries: Iterable[Entry],
    undone: Collection[int],
    read: Iterable[EveningLost] = (),
) -> dict[int, LostSince]:
    """Each fee per lost game among ``entries``, not reversed (``undone``), whose member's
    games lost that evening differ now from those it was charged for, by entry id. The fee
    is a charge typed at a time and stays as charged (a coup corrected since, the evening
    reopened, a game's result changed): the pages say this beside it, so the treasurer can
    reverse it and charge again (docs/cashbox.md, "The fee per lost game"). Read by the
    function that charged (``lost_by``), each evening once, from ``read`` when the page
    read that evening's already; a fee charged before m036 (its count unknown) or naming no
    evening is not compared."""
    known = {lost.room.evening.id: lost for lost in read}
    asked: dict[int, list[Entry]] = {}
    for entry in entries:
        if (
            entry.kind is EntryKind.FEE_LOST_GAME
            and entry.games_lost is not None
            and entry.charged_at is not None
            and entry.id not in undone
        ):
            asked.setdefault(entry.charged_at, []).append(entry)
    out: dict[int, LostSince] = {}
    for evening, fees in asked.items():
        members = list(dict.fromkeys(e.member for e in fees))
        try:
            now: dict[int, int] | None = lost_by(db, club_id, evening, members, known.get(evening))
        except CannotSay:
            now = None
        except NoLostGames:  # the evening is no longer the club's: nothing to compare
            continue
        for entry in fees:
            count = None if now is None else now.get(entry.member, 0)
            if count != entry.games_lost:
                out[entry.id] = LostSince(entry.id, entry.games_lost or 0, count)
    return out
