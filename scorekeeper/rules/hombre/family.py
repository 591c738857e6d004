"""What l'Hombre's money systems share, as its pages, exports and statistics read them.

A report is the 1709 poule's (``engine.Report``) or a pot system's
(``pot.PotReport``, whatever the system: jetons, danois…); each kind of
``kinds.SYSTEMS`` reads, replays and writes its own.
"""

from __future__ import annotations

from .engine import CoupResult, Game, Report
from .pot import PotGame, PotReport, PotResult

AnyGame = Game | PotGame
"""A game of any of l'Hombre's systems."""
AnyReport = Report | PotReport
"""A report of any of l'Hombre's systems."""
AnyResult = CoupResult | PotResult
"""A coup's result in a report of any of l'Hombre's systems."""


def hombre_report(report: object) -> AnyReport:
    """A report narrowed to l'Hombre's: its pages ask what only its systems' reports have."""
    if not isinstance(report, Report | PotReport):
        raise TypeError(f"not a report of l'Hombre: {type(report).__name__}")
    return report
