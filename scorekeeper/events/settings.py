"""An event's settings: its game, its format, its rounds and how it ranks (pure, no I/O).

A competition is played at tables; each table is a game of one kind (any
kind of ``rules.kinds.KINDS``), so the event asks the kind how many seat and
whether four are two sides, and never tests a game's tag.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, cast, get_args

from ..rules.errors import N_, GameError
from ..rules.kind import GameKind, Rules
from ..rules.kinds import build, find_kind, stops_after

Format = Literal["individual", "pairs", "teams"]
"""Each player alone; fixed pairs (partners the whole event); teams (teammates never meet)."""
Seating = Literal["3", "4", "pairs"]
"""Tables of three; of four with the dealer sitting out; of four as two pairs (1&3 vs 2&4)."""
Method = Literal["total", "rank_points", "win_pct"]
"""How a round counts: chips or points as the table's game counts them; rank points at the
table; a win (the best score at the table) as a share of the rounds played."""
Bye = Literal["average", "fixed", "none"]
"""What a player drawn to sit a round out gets: the round's average, a fixed credit, nothing."""

FORMATS: tuple[Format, ...] = get_args(Format)
SEATINGS: tuple[Seating, ...] = get_args(Seating)
METHODS: tuple[Method, ...] = get_args(Method)
BYES: tuple[Bye, ...] = get_args(Bye)
MAX_ROUNDS = 40
MAX_DEALS = 200
MAX_CLOCK = 600
MAX_BYE_CREDIT = 10**6
"""A fixed bye's credit at most (either sign), in the method's own unit."""


@dataclass(frozen=True)
class EventSettings:
    """What the director chose when opening the event; stored as one JSON object."""

    kind: str
    """The key of the tables' kind (``hombre``, ``manillen``…)."""
    rules: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=True)
    """The rule set every table gets (the kind's ``rules`` object)."""
    format: Format = "individual"
    seating: Seating = "3"
    rounds: int = 3
    deals: int | None = None
    """Deals per round (a table is finished after them), or None: the round clock decides."""
    clock: int | None = None
    """Minutes per round, shown on the director's page and the wall; None: no clock."""
    method: Method = "total"
    bye: Bye = "average"
    bye_credit: int = 0
    """The credit of a bye with ``bye="fixed"``, in the method's own unit."""
    swiss: bool = False
    """Later rounds are drawn by the standing (players of like score meet)."""
    new_partners: bool = True
    """Pairs seating, individual format: partners drawn anew each round; else the first
    round's partners stay together (the fixed pairs of the later draws)."""

    @property
    def table_kind(self) -> GameKind:
        found = find_kind(self.kind)
        assert found is not None  # checked by ``settings_from``
        return found

    def unplayed(self, closed: int) -> int:
        """The rounds not played yet once ``closed`` rounds are: 0, the event is finished
        (its last round closed; reopening it plays on)."""
        return max(self.rounds - closed, 0)

    def seats(self) -> int:
        """How many players the draw puts at a table."""
        return seats_at(self.seating)

    def table_rules(self, players: int) -> dict[str, Any]:
        """The rules a table of the event is created with: the event's rule set, played to
        the round's deals when the round has a number of them and the kind counts deals
        (its table then says "deal N of M" with the event's M)."""
        rules = dict(self.rules)
        if self.deals is None:
            return rules
        return self.table_kind.with_deals(rules, self.deals, players) or rules

    @property
    def stops_tables(self) -> int | None:
        """The deals after which the round stops a table (``kinds.stops_after``)."""
        return stops_after(self.table_kind, self.rules, self.deals)

    def rule_set(self, players: int | None = None) -> Rules:
        """The rule set a table of ``players`` (the event's seats by default) plays, read by
        its kind as its game file's is: what the event's pages show of the rules."""
        seats = self.seats() if players is None else players
        names = tuple(chr(ord("A") + n) for n in range(seats))
        kind = self.table_kind
        return build(kind.game, names, self.table_rules(seats), 0, []).rules

    def to_mapping(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "rules": dict(self.rules),
            "format": self.format,
            "seating": self.seating,
            "rounds": self.rounds,
            "deals": self.deals,
            "clock": self.clock,
            "method": self.method,
            "bye": self.bye,
            "bye_credit": self.bye_credit,
            "swiss": self.swiss,
            "new_partners": self.new_partners,
        }


def _choice(data: Mapping[str, Any], key: str, allowed: tuple[str, ...], default: str) -> str:
    value = data.get(key, default)
    if value not in allowed:
        raise GameError(
            key, N_("{key} must be one of {allowed}"), key=key, allowed=", ".join(allowed)
        )
    return cast(str, value)


def _count(data: Mapping[str, Any], key: str, top: int, default: int | None) -> int | None:
    value = data.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= top:
        raise GameError(key, N_("{key} must be a whole number from 1 to {top}"), key=key, top=top)
    return value


DEFAULTS = EventSettings(kind="")
"""What a setting is when a form or the stored JSON leaves it out: the dataclass's own
defaults, read here and by the new-event form, written once."""


def settings_from(data: Mapping[str, Any]) -> EventSettings:
    """Read and check settings (a form's or the stored JSON); GameError names the key at fault."""
    kind = find_kind(str(data.get("kind", "")))
    if kind is None:
        raise GameError("kind", N_("unknown game"))
    seating = cast(Seating, _choice(data, "seating", SEATINGS, DEFAULTS.seating))
    check_seating(kind, seating)
    # the kind's title names its rule set: "l'Hombre (1709)" plays the 1709 rules
    rules = data.get("rules") or kind.own_rules().to_mapping()
    if not isinstance(rules, Mapping):
        raise GameError("rules", N_("a game file is a JSON object"))
    credit = data.get("bye_credit", DEFAULTS.bye_credit)
    if isinstance(credit, bool) or not isinstance(credit, int) or abs(credit) > MAX_BYE_CREDIT:
        raise GameError("bye_credit", N_("the bye credit must be a whole number"))
    form = cast(Format, _choice(data, "format", FORMATS, DEFAULTS.format))
    if form == "pairs" and seating != "pairs":
        raise GameError("format", N_("fixed pairs play at tables of two pairs"))
    return EventSettings(
        kind=kind.key,
        rules=dict(rules),
        format=form,
        seating=seating,
        rounds=_count(data, "rounds", MAX_ROUNDS, DEFAULTS.rounds) or DEFAULTS.rounds,
        deals=_count(data, "deals", MAX_DEALS, DEFAULTS.deals),
        clock=_count(data, "clock", MAX_CLOCK, DEFAULTS.clock),
        method=cast(Method, _choice(data, "method", METHODS, DEFAULTS.method)),
        bye=cast(Bye, _choice(data, "bye", BYES, DEFAULTS.bye)),
        bye_credit=credit,
        swiss=bool(data.get("swiss", DEFAULTS.swiss)),
        new_partners=bool(data.get("new_partners", DEFAULTS.new_partners)),
    )


def seats_at(seating: Seating) -> int:
    """How many sit at a table of this seating: three, else four (one by one, or pairs)."""
    return 3 if seating == "3" else 4


def check_seating(kind: GameKind, seating: Seating) -> None:
    """Tables of three need a three-seat game; four, a four-seat one; pairs, a game of sides."""
    seats = seats_at(seating)
    if seats not in kind.seats or (seating == "pairs" and not kind.teams):
        raise GameError("seating", N_("this game is not played at such tables"))
