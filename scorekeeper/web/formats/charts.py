"""Small charts drawn by the server as SVG: no script, readable printed and on a phone.

A chart is a few shapes in a 320 × 150 box (the SVG's ``viewBox``; it is
drawn at the page's width, so a 320 px phone sees it at its own size and a
printed A4 page larger); the page gives the same figures in a table beside
it, so the chart never is the only way to read them. Only geometry here:
the words (its title, its labels) are the page's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...rules.ledger import minus

WIDTH, HEIGHT = 320, 150
LEFT, RIGHT, TOP, BOTTOM = 36, 6, 10, 22
"""Room for the figures of the axis (left) and the first and last labels (below)."""
DOTS = 40
"""A line of this many points or fewer shows each as a dot (one table is a dot alone)."""


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    positive: bool
    label: str
    value: str


@dataclass(frozen=True)
class Chart:
    """What the template draws: bars or a line, the zero line, the axis' top and bottom."""

    bars: tuple[Bar, ...]
    line: str
    """The polyline's points ("x,y x,y …"), empty for a bar chart."""
    zero: float
    """The y of zero (or of the lowest value, when every value is above zero)."""
    top: str
    bottom: str
    first: str
    last: str
    """The labels under the axis' two ends; ``last`` empty when it is ``first`` again (one
    point or bar, or all of one date: that date once, not at both ends)."""
    dots: tuple[tuple[float, float], ...] = ()
    """A dot at each of a line's points, while they are few enough to tell apart."""
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT


def _scale(values: Sequence[float], with_zero: bool) -> tuple[float, float]:
    low, high = min(values), max(values)
    if with_zero:
        low, high = min(low, 0.0), max(high, 0.0)
    if high == low:
        high, low = high + 1, low - 1
    return low, high


def _y(value: float, low: float, high: float) -> float:
    return round(TOP + (high - value) * (HEIGHT - TOP - BOTTOM) / (high - low), 1)


def bar_chart(
    values: Sequence[int], labels: Sequence[str], shown: Sequence[str] | None = None
) -> Chart | None:
    """One bar a value, up from zero or down (None: nothing to draw)."""
    if not values:
        return None
    shown = shown or [minus(v) for v in values]  # a count: a true minus, as its table
    low, high = _scale(values, True)
    step = (WIDTH - LEFT - RIGHT) / len(values)
    zero = _y(0, low, high)
    bars = []
    for n, (value, label, text) in enumerate(zip(values, labels, shown, strict=True)):
        y = _y(value, low, high)
        bars.append(
            Bar(
                round(LEFT + n * step + step * 0.15, 1),
                min(y, zero),
                round(step * 0.7, 1),
                max(abs(zero - y), 1.0),
                value >= 0,
                label,
                text,
            )
        )
    return Chart(tuple(bars), "", zero, _figure(high), _figure(low), labels[0], _last(labels))


def line_chart(
    values: Sequence[float], labels: Sequence[str], figure: Callable[[float], str]
) -> Chart | None:
    """A line through the values, left to right (None: none); ``figure`` writes the axis'
    top and bottom, as the page writes its figures (a rating: ``rating_text``). No default:
    one to a decimal written here had a point for every reader ("12.5" in Danish)."""
    if not values:
        return None
    low, high = _scale(values, False)
    step = (WIDTH - LEFT - RIGHT) / max(len(values) - 1, 1)
    at = [(round(LEFT + n * step, 1), _y(v, low, high)) for n, v in enumerate(values)]
    points = " ".join(f"{x},{y}" for x, y in at)
    zero = _y(max(low, min(0.0, high)), low, high)
    top, bottom = figure(high), figure(low)
    dots = tuple(at) if len(at) <= DOTS else ()
    return Chart((), points, zero, top, bottom, labels[0], _last(labels), dots)


def _last(labels: Sequence[str]) -> str:
    """The label under the axis' right end: none where it would say the left end's again
    (one point; or every point of one date, two tables of one evening)."""
    return labels[-1] if labels[-1] != labels[0] else ""


def _figure(value: float) -> str:
    """A bar chart's axis figure, whole (its values are), with a true minus sign."""
    text = f"{abs(value):.0f}"
    return f"−{text}" if round(value) < 0 else text
