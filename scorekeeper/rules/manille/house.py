"""Manillen's house rules: how a deal's multiplier is made, and a game to a number of points.

docs/rules/manille.md §10. Every house rule has today's meaning as its
default, so a game file without the key replays as before.

A deal's multiplier counts *steps*: sans-atout one, contré one, sur-contré
two, each 30–30 carried one (or, with ``tie_carry = "whole"``, the tie's
own steps plus one), a deal taken 60–0 one with ``all_tricks``. Multiplied
(ours, the seed's): each step doubles, ×2**steps. Added (Kent1/Manille's
default): each step adds one, ×(1 + steps). A cap, when set, bounds the
result. With every default the multiplier is the seed's product
(sans-atout ×2, contré ×2 or sur-contré ×4, ×2 per 30–30 just before).
"""

from __future__ import annotations

from ..errors import N_, GameError

DOUBLINGS = ("multiplied", "added")
"""How the steps make the multiplier: each doubles (ours), or each adds one (Kent1)."""
TIE_CARRIES = ("double", "whole")
"""What a 30–30 carries to the next deal: one doubling step (ours), or its whole multiplier."""
LEAST_CAP = 2


def factor(steps: int, doubling: str, cap: int) -> int:
    """The multiplier of ``steps`` steps, bounded by ``cap`` (0: no cap).

    >>> factor(3, "multiplied", 0), factor(3, "added", 0), factor(3, "multiplied", 4)
    (8, 4, 4)
    """
    value = 2**steps if doubling == "multiplied" else 1 + steps
    return min(value, cap) if cap else value


def carried(tie_steps: int, carry_steps: int, tie_carry: str) -> int:
    """The steps a 30–30 deal of ``tie_steps`` (its own ``carry_steps`` among them) passes on.

    Ours ("double"): one more doubling than the carry it had, whatever its
    trump or contre ("la partie suivante compte double"). Kent1's
    ("whole"): the tie's whole multiplier goes on, as one step more than it.

    >>> carried(3, 1, "double"), carried(3, 1, "whole")
    (2, 4)
    """
    return carry_steps + 1 if tie_carry == "double" else tie_steps + 1


def most_at_par(sides: int, all_tricks: bool) -> int:
    """The most one deal marks at ×1 (no sans-atout, no contre, no carry).

    Four players: 60–0 marks 30 (60 with the all-tricks bonus); three: the
    dealer alone marks twice his points above 30, 60 (120).

    >>> most_at_par(2, False), most_at_par(2, True), most_at_par(3, False)
    (30, 60, 60)
    """
    most = 30 if sides == 2 else 60
    return most * 2 if all_tricks else most


def check_choices(doubling: str, tie_carry: str, cap: int, target: int) -> None:
    """Refuse a house rule that cannot hold, naming its key."""
    if doubling not in DOUBLINGS:
        raise GameError(
            "rules.doubling",
            N_("rules.doubling must be multiplied or added, got {value!r}"),
            value=doubling,
        )
    if tie_carry not in TIE_CARRIES:
        raise GameError(
            "rules.tie_carry",
            N_("rules.tie_carry must be double or whole, got {value!r}"),
            value=tie_carry,
        )
    if type(cap) is not int or (cap != 0 and cap < LEAST_CAP):
        raise GameError(
            "rules.cap",
            N_("a cap on the multiplier is at least ×{least} (0: no cap)"),
            least=LEAST_CAP,
        )
    if type(target) is not int or target < 0:
        raise GameError(
            "rules.target", N_("rules.{name} must be at least {least}"), name="target", least=0
        )


def check_target(target: int, sides: int, all_tricks: bool) -> None:
    """A target one plain deal could reach is refused: the game would be one deal long."""
    most = most_at_par(sides, all_tricks)
    if target and target <= most:
        raise GameError(
            "rules.target",
            N_("the target must be more than {most}, what one deal can mark"),
            most=most,
        )


def winners_at(totals: list[int], target: int) -> tuple[int, ...]:
    """Who has won a game to ``target`` after a deal: the one side highest at or past it.

    Two sides past it on the same deal: the higher total wins. Equal highest
    totals at or past the target play on (one deal more, until one leads).

    >>> winners_at([101, 90], 101), winners_at([120, 130], 101), winners_at([110, 110], 101)
    ((0,), (1,), ())
    """
    best = max(totals)
    leaders = [s for s, t in enumerate(totals) if t == best]
    return (leaders[0],) if best >= target and len(leaders) == 1 else ()
