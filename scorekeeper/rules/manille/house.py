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
from ..settings import Setting

HOUSE = (
    Setting(
        "target",
        0,
        "a game to this many points (boom 101, half boom 61); 0 = fixed deals",
        N_("Play to a number of points"),
        note=N_(
            "Empty: the deals above. The boom is 101, the half boom 61; more than one deal can "
            "mark (30, or 60 with three players)."
        ),
        least=1,
        most=10000,
        none=True,
        presets={"boom": 101, "halve_boom": 61},
        group="house",
    ),
    Setting(
        "doubling",
        "multiplied",
        "each step doubles the deal; added: each adds one (Kent1)",
        N_("Contre, sans-atout and 30–30"),
        choices=(
            ("multiplied", N_("each doubles the deal (×2, ×4, ×8…)")),
            ("added", N_("each adds one (×2, ×3, ×4…)")),
        ),
        words=N_("contre, sans-atout and 30–30 each add one to the multiplier"),
        group="house",
    ),
    Setting(
        "all_tricks",
        False,
        "true = a deal taken 60-0 counts one step more (60, not 30)",
        N_("A deal taken 60–0 counts 60, not 30"),
        words=N_("60–0 counts 60"),
        group="house",
    ),
    Setting(
        "cap",
        0,
        "the most a deal's multiplier may be (tournament 4; at least 2); 0 = none",
        N_("Most a deal's multiplier may be"),
        note=N_("Empty: no cap. A tournament plays at most ×4; at least ×2."),
        least=2,
        none=True,
        words=N_("the multiplier at most ×%(cap)s"),
        refusal=N_("a cap on the multiplier is at least ×{least} (0: no cap)"),
        presets={"tournament": 4},
        group="house",
    ),
    Setting(
        "tie_carry",
        "double",
        "a 30-30 doubles the next deal; whole: it carries its multiplier",
        N_("After a 30–30"),
        choices=(
            ("double", N_("the next deal counts double")),
            ("whole", N_("the next deal carries the tie's whole multiplier")),
        ),
        words=N_("a 30–30 carries its whole multiplier"),
        group="house",
    ),
)
"""Manillen's house rules, one row each (docs/rules/manille.md §10): its file key, default,
bounds, words and the presets that set it. A new house rule is a row here and its use in
the engine (``belge.replay``, through the functions below)."""


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
    dealer alone marks twice their points above 30, 60 (120).

    >>> most_at_par(2, False), most_at_par(2, True), most_at_par(3, False)
    (30, 60, 60)
    """
    most = 30 if sides == 2 else 60
    return most * 2 if all_tricks else most


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
