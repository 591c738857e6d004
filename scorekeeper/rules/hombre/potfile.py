"""The game file's coups and the replay report of the pot systems (jetons, danois…).

What every pot system writes alike: a coup's hombre, contract, tricks and
note (each system's kind adds its own keys, ``PotKind.coup_keys``), and the
report, with the keys of the 1709 report (the pot as the poule; the format
document's keys, kept exactly).
"""

from __future__ import annotations

from typing import Any

from ..gamefile import REPORT_FORMAT, Stream
from ..ledger import stack
from .file import sits_out, transfers_json, tricks_of
from .pot import PotCoup, PotDeal, PotOutcome, PotReport, PotResult


def played_coup(coup: PotCoup, names: tuple[str, ...]) -> dict[str, Any]:
    """A coup's keys every pot system writes, first: passed, or hombre, contract, tricks."""
    if coup.hombre is None:
        return {"pass": True}
    return {
        "hombre": names[coup.hombre],
        "contract": str(coup.contract),
        "tricks": tricks_of(coup, names),
    }


def dump_report(report: PotReport, lazy: bool = False) -> dict[str, Any]:
    """The replay report; the same keys as the 1709 one, with the pot as the poule.

    ``lazy``: the coups as a ``Stream``, made one by one as they are written.
    """
    game = report.game
    names = game.players

    def per_player(values: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(names, values))

    def deal(d: PotDeal) -> dict[str, Any]:
        return {
            "n": d.n,
            "dealer": names[d.dealer],
            "premier": names[d.premier],
            "marks_to_add": None,
            "added": per_player(d.added),
            "poule": d.pot,
            "bete_in_play": None,
            "enjeu": d.pot,
            **sits_out(d, names),
        }

    def coup(r: PotResult) -> dict[str, Any]:
        c = r.coup
        entry = deal(r.deal)
        entry.pop("marks_to_add")
        return {
            **entry,
            "marks_added": None,
            "marks": None,
            "outcome": r.outcome,
            "hombre": None if c.hombre is None else names[c.hombre],
            "contract": None if c.contract is None else str(c.contract),
            "tricks": None if c.hombre is None else tricks_of(c, names),
            "note": c.note,
            "bete_made": None,
            "codille": names[r.taker]
            if r.outcome is PotOutcome.CODILLE and r.taker is not None
            else None,
            "taker": None if r.taker is None else names[r.taker],
            "transfers": transfers_json(r.transfers, names),
            "net": per_player(r.net),
            "caves": per_player(r.caves),
            "poule_after": r.pot,
            "finished": r.finished,
        }

    rules = game.rules
    return {
        "format": REPORT_FORMAT,
        "game": "hombre",
        "accounting": rules.accounting,
        "players": list(names),
        "rules": rules.to_mapping(),
        "net": per_player(report.net),
        "caves": per_player(report.caves),
        "stacks": {
            name: {"chips": s.total, "fiches": s.fiches, "loose": s.chips}
            for name, s in zip(
                names,
                (stack(c, n, rules.cave, rules.fiche) for c, n in zip(report.caves, report.net)),
            )
        },
        "poule": {"marks": None, "chips": sum(report.shares), "shares": per_player(report.shares)},
        "betes": [],
        "poules_tirees": sum(1 for r in report.coups if r.outcome is PotOutcome.GAGNE),
        "finished": report.finished,
        "next": None if report.next is None else deal(report.next),
        "coups": Stream(map(coup, report.coups), whole_numbers=True)
        if lazy
        else [coup(r) for r in report.coups],
    }
