"""The nets after each coup as an SVG line chart, drawn on the server (no script)."""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.hombre.engine import Outcome
from ...rules.hombre.family import AnyReport, AnyResult

WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 60, 14, 14, 52
"""The plot's margins: the value ticks on the left, the coup numbers and axis title below."""
EVERY_COUP = 12
"""Up to this many coups, each coup's number is written under the axis."""
MARKED = {
    Outcome.REMISE: "remise",
    Outcome.CODILLE: "codille",
    Outcome.VOLE: "vole",
    Outcome.VOLE_ENGAGEE: "vole",
    Outcome.VOLE_MANQUEE: "vole",
    Outcome.VOLE_ENGAGEE_MANQUEE: "vole",
    "bete": "remise",  # the Danish bête and the jetons loss are drawn like a remise
    "perd": "remise",
}


@dataclass(frozen=True)
class Line:
    seat: int
    name: str
    points: str
    """SVG polyline points: one per coup."""


@dataclass(frozen=True)
class Marker:
    x: float
    y: float
    kind: str
    """remise, codille or vole: on the hombre's line at that coup."""
    n: int


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: list[Line]
    markers: list[Marker]
    y_ticks: list[tuple[float, int]]
    x_ticks: list[tuple[float, int]]
    zero: float
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM
    """The plot area: the axes are its left and bottom edges."""


def _ticks(low: int, high: int, count: int = 4) -> list[int]:
    """Round values (1, 2 or 5 times a power of ten apart) from low to high, about ``count``."""
    raw = max(high - low, 1) / count
    step = min(u * 10**p for u in (1, 2, 5) for p in range(10) if u * 10**p >= raw)
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def _hombre(result: AnyResult) -> int | None:
    return result.coup.hombre


POINTS = 400
"""Points a line of the chart has at most: more than the chart's width can show apart."""


def net_chart(report: AnyReport) -> Chart | None:
    """None when no coup has been played yet."""
    coups = report.coups
    if not coups:
        return None
    values = [v for r in coups for v in r.net]
    low, high = min(0, *values), max(0, *values)
    span = max(high - low, 1)
    count = len(coups)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(n: int) -> float:
        return round(LEFT + (plot_w * (n - 1) / (count - 1) if count > 1 else plot_w / 2), 1)

    def y(net: int) -> float:
        return round(TOP + plot_h * (high - net) / span, 1)

    players = report.game.players
    # a long game is summarised: at most POINTS points a line (every step-th coup and
    # the last), and its markers on those coups only; the chart is 600 units wide
    step = -(-count // POINTS)
    shown = coups[::step] if coups[-1] is coups[::step][-1] else (*coups[::step], coups[-1])
    lines = [
        Line(seat, name, " ".join(f"{x(r.deal.n)},{y(r.net[seat])}" for r in shown))
        for seat, name in enumerate(players)
    ]
    markers = [
        Marker(x(r.deal.n), y(r.net[hombre]), MARKED[r.outcome], r.deal.n)
        for r in shown
        if r.outcome in MARKED and (hombre := _hombre(r)) is not None
    ]
    numbers = range(1, count + 1) if count <= EVERY_COUP else _ticks(1, count, 5)
    x_ticks = [(x(n), n) for n in numbers if n >= 1]
    return Chart(
        WIDTH,
        HEIGHT,
        lines,
        markers,
        [(y(v), v) for v in _ticks(low, high)],
        x_ticks,
        y(0),
    )
