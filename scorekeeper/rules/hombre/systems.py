"""The three money systems of l'Hombre behind one game file (``rules.accounting``).

``poule`` (the default: the 1709 poule and bêtes, hombre.py), ``jetons``
(hombre_jetons.py) and ``danois`` (hombre_danois.py). This module reads and
writes their game files and replay reports; the 1709 files keep exactly
the keys of the format document.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import N_, GameError
from ..gamefile import (
    REPORT_FORMAT,
    Stream,
    coup_object,
    file_head,
    flag_field,
    json_object,
    note_field,
    numbered,
    rules_choice,
)
from ..ledger import stack
from . import danois, jetons
from .engine import Coup, CoupResult, Game, Report, extend, replay
from .file import (
    dump_coup,
    dump_game,
    dump_report,
    load_game,
    played_parts,
    sits_out,
    transfers_json,
    tricks_of,
)
from .pot import PotDeal, PotOutcome, PotReport, PotResult

AnyGame = Game | jetons.JetonsGame | danois.DanishGame
AnyReport = Report | PotReport
AnyResult = CoupResult | PotResult
"""A coup's result in a report of any of l'Hombre's systems."""


def hombre_report(report: object) -> AnyReport:
    """A report narrowed to l'Hombre's: its pages ask what only its systems' reports have."""
    if not isinstance(report, Report | PotReport):
        raise TypeError(f"not a report of l'Hombre: {type(report).__name__}")
    return report


ACCOUNTINGS = ("poule", "jetons", "danois")


def accounting_of(data: object) -> str:
    return rules_choice(
        data,
        "accounting",
        ACCOUNTINGS,
        N_("rules.accounting must be poule, jetons or danois, got {value!r}"),
    )


def load_any(data: object) -> AnyGame:
    """The game of a game file, whatever its money system."""
    head = json_object(data)
    kind = accounting_of(head)
    given = head.get("rules")
    rules_data: dict[str, object] = dict(given) if isinstance(given, Mapping) else {}
    if kind == "poule":
        if "accounting" in rules_data:
            del rules_data["accounting"]
            return load_game({**head, "rules": rules_data})
        return load_game(head)
    skeleton = load_game({**head, "rules": {}, "coups": []})  # players, dealer, format
    seats = {name: seat for seat, name in enumerate(skeleton.players)}
    coups_data = head.get("coups", [])
    if not isinstance(coups_data, list):
        raise GameError("coups", N_("coups must be a list"))
    if kind == "jetons":
        rules = jetons.JetonsRules.from_mapping(rules_data)
        coups = numbered(coups_data, lambda item: _jetons_coup(item, seats))
        return jetons.JetonsGame(skeleton.players, rules, skeleton.first_dealer, tuple(coups))
    drules = danois.DanishRules.from_mapping(rules_data)
    dcoups = numbered(coups_data, lambda item: _danish_coup(item, seats))
    return danois.DanishGame(skeleton.players, drules, skeleton.first_dealer, tuple(dcoups))


def replay_any(game: AnyGame) -> AnyReport:
    if isinstance(game, jetons.JetonsGame):
        return jetons.replay(game)
    if isinstance(game, danois.DanishGame):
        return danois.replay(game)
    return replay(game)


def extend_any(start: AnyReport, game: AnyGame) -> AnyReport:
    """``replay_any(game)`` continued from ``start``, the report of a prefix of its coups."""
    if isinstance(game, jetons.JetonsGame) and isinstance(start, PotReport):
        return jetons.replay(game, start)
    if isinstance(game, danois.DanishGame) and isinstance(start, PotReport):
        return danois.replay(game, start)
    if isinstance(game, Game) and isinstance(start, Report):
        return extend(start, game)
    return replay_any(game)


def _jetons_coup(item: object, seats: Mapping[str, int]) -> jetons.JetonsCoup:
    bonuses_data = coup_object(item).get("bonuses", []) if isinstance(item, Mapping) else []
    if not isinstance(bonuses_data, list):
        raise GameError("bonuses", N_("bonuses must be a list"))
    bonuses = []
    for b in bonuses_data:
        bonus = coup_object(b) if isinstance(b, Mapping) else {}
        player = bonus.get("player")
        if not isinstance(player, str) or player not in seats:
            raise GameError("bonuses", N_("a bonus names one of the players and a hand"))
        bonuses.append((seats[player], str(bonus.get("hand"))))
    played = played_parts(item, seats, (), jetons.JetonsContract)
    if played is None:
        return jetons.JetonsCoup(bonuses=tuple(bonuses), note=note_field(coup_object(item)))
    hombre, contract, tricks, note, out = played
    return jetons.JetonsCoup(hombre, contract, tricks, tuple(bonuses), note, out)


def _danish_coup(item: object, seats: Mapping[str, int]) -> danois.DanishCoup:
    played = played_parts(item, seats, ("first_five", "black_aces"), danois.DanishContract)
    fields = coup_object(item)
    if played is None:
        return danois.DanishCoup(note=note_field(fields))
    hombre, contract, tricks, note, out = played
    return danois.DanishCoup(
        hombre,
        contract,
        tricks,
        flag_field(fields, "first_five"),
        flag_field(fields, "black_aces"),
        note,
        out,
    )


def dump_any_coup(
    coup: Coup | jetons.JetonsCoup | danois.DanishCoup, names: tuple[str, ...]
) -> dict[str, Any]:
    """One coup as the game file writes it, whatever its system."""
    if isinstance(coup, Coup):
        return dump_coup(coup, names)
    item: dict[str, Any] = (
        {"pass": True}
        if coup.hombre is None
        else {
            "hombre": names[coup.hombre],
            "contract": str(coup.contract),
            "tricks": tricks_of(coup, names),
        }
    )
    if isinstance(coup, jetons.JetonsCoup) and coup.bonuses:
        item["bonuses"] = [{"player": names[s], "hand": h} for s, h in coup.bonuses]
    if isinstance(coup, danois.DanishCoup):
        if coup.first_five:
            item["first_five"] = True
        if coup.black_aces:
            item["black_aces"] = True
    if coup.note:
        item["note"] = coup.note
    return item


def build(
    players: tuple[str, ...], rules: Mapping[str, Any], first_dealer: int, coups: list[Any]
) -> AnyGame:
    """A game from stored parts (the database keeps the game file's pieces)."""
    return load_any({**file_head("hombre", players, first_dealer, rules), "coups": coups})


def dump_any_game(game: AnyGame) -> dict[str, Any]:
    if isinstance(game, Game):
        return dump_game(game)
    names = game.players
    head = file_head("hombre", names, game.first_dealer, game.rules.to_mapping())
    return {**head, "coups": [dump_any_coup(c, names) for c in game.coups]}


def dump_any_report(report: AnyReport, lazy: bool = False) -> dict[str, Any]:
    """The replay report; for the pot systems, the same keys with the pot as the poule.

    ``lazy``: the coups as a ``Stream``, made one by one as they are written.
    """
    if isinstance(report, Report):
        return dump_report(report, lazy)
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


__all__ = [
    "build",
    "dump_any_coup",
    "dump_any_game",
    "dump_any_report",
    "extend_any",
    "load_any",
    "replay_any",
]
