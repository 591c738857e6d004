"""The game file and replay report of l'Homme de Brou (``"game": "brou"``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...names import dealer_width, left
from .. import seat_names
from ..counts import counts_shown
from ..errors import N_, Faults, GameError
from ..gamefile import (
    REPORT_FORMAT,
    coup_object,
    file_head,
    file_parts,
    flag_field,
    note_field,
    numbered,
    whole_field,
)
from ..ledger import minus
from ..seating import SeatChange
from ..settings import from_mapping
from ..teams import TEAM_WORDS, TEAMS, optional_team, team_field
from .engine import BrouCoup, BrouGame, BrouReport, BrouRules, Mariage


def load_brou(data: object) -> BrouGame:
    faults = Faults()
    players, first, rules_data, coups_data = file_parts(
        data, "brou", 4, N_("players must be four distinct non-empty names"), faults
    )
    rules = faults.get(lambda: from_mapping(BrouRules, rules_data))
    coups = numbered(coups_data, load_brou_coup, faults)  # a coup names no player, no rule
    faults.done()
    assert rules is not None
    return BrouGame((players[0], players[1], players[2], players[3]), rules, first, tuple(coups))


def load_brou_coup(data: object) -> BrouCoup:
    item = coup_object(data)
    note = note_field(item)
    mariages_data = item.get("mariages", [])
    if not isinstance(mariages_data, list) or not all(
        isinstance(m, Mapping) for m in mariages_data
    ):
        raise GameError("mariages", N_("mariages must be a list of objects"))
    mariages = tuple(
        Mariage(
            team_field(m.get("team"), "mariages"),
            flag_field(m, "grand"),
            flag_field(m, "trump"),
            flag_field(m, "table"),
        )
        for m in mariages_data
    )
    points_eux = item.get("points_eux")
    return BrouCoup(
        points=whole_field(item.get("points", 0), "points"),
        points_eux=None if points_eux is None else whole_field(points_eux, "points_eux"),
        mariages=mariages,
        vole=optional_team(item, "vole"),
        partie_et_vole=optional_team(item, "partie_et_vole"),
        made=flag_field(item, "made"),
        claim=optional_team(item, "claim"),
        abandon=optional_team(item, "abandon"),
        note=note,
    )


def dump_brou_coup(coup: BrouCoup, players: tuple[str, ...] = ()) -> dict[str, Any]:
    """One coup as the game file writes it; ``load_brou_coup`` reads it back."""
    item: dict[str, Any] = {"points": coup.points}
    if coup.points_eux is not None:
        item["points_eux"] = coup.points_eux
    if coup.mariages:
        item["mariages"] = [
            {
                "team": TEAMS[m.team],
                **({"grand": True} if m.grand else {}),
                **({"trump": True} if m.trump else {}),
                **({"table": True} if m.table else {}),
            }
            for m in coup.mariages
        ]
    for key in ("vole", "partie_et_vole", "claim", "abandon"):
        team = getattr(coup, key)
        if team is not None:
            item[key] = TEAMS[team]
    if coup.made:
        item["made"] = True
    if coup.note:
        item["note"] = coup.note
    return item


def dump_brou(game: BrouGame) -> dict[str, Any]:
    """The game file; ``load_brou(dump_brou(g)) == g``."""
    head = file_head("brou", game.players, game.first_dealer, game.rules.to_mapping())
    return {**head, "coups": [dump_brou_coup(c) for c in game.coups]}


def dump_brou_report(report: BrouReport) -> dict[str, Any]:
    names = report.game.players

    def teams(values: tuple[int, int]) -> dict[str, int]:
        return dict(zip(TEAMS, values))

    return {
        "format": REPORT_FORMAT,
        "game": "brou",
        "players": list(names),
        "teams": {"nous": [names[0], names[2]], "eux": [names[1], names[3]]},
        "rules": report.game.rules.to_mapping(),
        "totals": teams(report.totals),
        "parties": teams(report.parties),
        "finished": report.finished,
        "next": None if report.next_dealer is None else {"dealer": names[report.next_dealer]},
        "coups": [
            {
                "n": r.n,
                "dealer": names[r.dealer],
                "scored": teams(r.scored),
                "totals": teams(r.totals),
                "partie": None if r.partie is None else TEAMS[r.partie],
                "won": teams(r.won),
                "parties": teams(r.parties),
                "finished": r.finished,
                "note": r.coup.note,
            }
            for r in report.coups
        ],
    }


def render_brou(report: BrouReport, changes: Sequence[SeatChange] = ()) -> str:
    """The Nous / Eux sheet as text, the teams by their names (not the file's keys); each
    coup's dealer, and the next, is who sat at the dealer's seat then (``seating.seated``,
    as the sheet's page names them: ``changes``, who took a seat)."""
    names = report.game.players
    dealers, following = seat_names.dealers(names, changes, report.coups, report.next_dealer)
    wide = dealer_width([*names, *dealers, following])
    nous, eux = TEAM_WORDS.values()
    lines = [
        f"L'Homme de Brou: {nous} ({names[0]}, {names[2]}) / {eux} ({names[1]}, {names[3]})",
        "",
        f"{'coup':>4}  {left('dealer', wide)}  {nous:>5} {eux:>5}   {'total':>11}   parties",
    ]
    for r, dealer, (count, _) in zip(report.coups, dealers, counts_shown(report.coups)):
        event = "" if r.partie is None else f"  partie to {TEAM_WORDS[TEAMS[r.partie]]}"
        if any(r.won) and r.partie is None:
            event = "  vole"
        lines.append(
            f"{r.n:>4}  {left(dealer, wide)}  {minus(r.scored[0]):>5} {minus(r.scored[1]):>5}"
            f"   {minus(count[0]):>5} {minus(count[1]):>5}"
            f"   {r.parties[0]} / {r.parties[1]}{event}"
        )
    lines.append("")
    lines.append("The match is over." if report.finished else f"Next dealer: {following}")
    return "\n".join(lines)
