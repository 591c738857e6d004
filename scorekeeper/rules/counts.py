"""The count a points game's sheet shows on each line (Brou, Manille): one home for the
sheet page and the text of ``scorekeeper replay``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Counted(Protocol):
    """A coup's result in a points game (Brou, Manille): what each side marked, the count after."""

    @property
    def scored(self) -> tuple[int, ...]: ...

    @property
    def totals(self) -> tuple[int, ...]: ...


def counts_shown(coups: Sequence[Counted]) -> list[tuple[tuple[int, ...], bool]]:
    """Each line's count as a points sheet shows it, and whether its coup won a partie or
    manche: the count after the coup, but on the line that won (whose ``totals`` are 0–0
    again, docs/formats.md) the count reached, the count before plus what it marked
    (docs/rules/brou.md §7, docs/rules/manille.md §5). One home for the page and
    ``scorekeeper replay``."""
    out: list[tuple[tuple[int, ...], bool]] = []
    previous: tuple[int, ...] | None = None
    for r in coups:
        ended = getattr(r, "partie", None) is not None or getattr(r, "manche_won", None) is not None
        before = previous if previous is not None else (0,) * len(r.totals)
        out.append((tuple(p + s for p, s in zip(before, r.scored)) if ended else r.totals, ended))
        previous = r.totals
    return out
