"""The game file and replay report of la Manille (``"game": "manille"``).

``rules.variant`` chooses the engine: ``classique`` (classique.py, four
players) or ``belge`` (belge.py, four or three players).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import N_, GameError
from ..gamefile import (
    REPORT_FORMAT,
    coup_object,
    file_head,
    file_parts,
    note_field,
    numbered,
    rules_choice,
    whole_field,
)
from ..teams import TEAMS, optional_team, team_field
from . import belge, classique

VARIANTS = ("classique", "belge")
ManilleAnyGame = classique.ManilleGame | belge.ManillenGame
ManilleAnyReport = classique.ManilleReport | belge.ManillenReport


def _variant(data: Any) -> str:
    return rules_choice(
        data, "variant", VARIANTS, N_("rules.variant must be classique or belge, got {value!r}")
    )


def _known(rules: Mapping[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    for key in rules:
        if key not in (*keys, "variant"):
            raise GameError(f"rules.{key}", N_("rules.{key}: unknown rule"), key=key)
    return {k: v for k, v in rules.items() if k != "variant"}


def _optional_whole(item: Mapping[str, Any], key: str) -> int | None:
    return None if item.get(key) is None else whole_field(item[key], key)


def load_manille(data: Any) -> ManilleAnyGame:
    variant = _variant(data)
    count = 4
    if variant == "belge" and isinstance(data, Mapping) and isinstance(data.get("players"), list):
        count = 3 if len(data["players"]) == 3 else 4
    players, first, rules_data, coups_data = file_parts(
        data,
        "manille",
        count,
        N_("players must be four distinct non-empty names")
        if variant == "classique"
        else N_("players must be three or four distinct non-empty names"),
    )
    if variant == "classique":
        rules = classique.ManilleRules(**_known(rules_data, ("partie", "manche", "belle")))
        coups = numbered(coups_data, _classic_coup)
        return classique.ManilleGame(tuple(players), rules, first, tuple(coups))
    brules = belge.ManillenRules(**_belgian_rules(rules_data, count))
    seats = {name: seat for seat, name in enumerate(players)}
    bcoups = numbered(coups_data, lambda item: _belgian_coup(item, count, seats))
    return belge.ManillenGame(tuple(players), brules, first, tuple(bcoups))


BELGIAN_RULES = ("deals", "sans_atout", "target", "doubling", "all_tricks", "cap", "tie_carry")


def _belgian_rules(rules_data: Mapping[str, Any], count: int) -> dict[str, Any]:
    """Manillen's rules: a fixed number of deals (by default) or a target, never both.

    A target of 0 is "none: `deals`" (docs/rules/manille.md §10), so the value is
    tested, not the key's presence: ``{"target": 0, "deals": 20}`` is a game of deals.
    """
    chosen = _known(rules_data, BELGIAN_RULES)
    if not chosen.get("target"):
        return {"deals": belge.default_deals(count), **chosen}
    for key in ("deals", "sans_atout"):
        if key in chosen:
            raise GameError(
                f"rules.{key}",
                N_("rules.{key}: a game to a number of points has no fixed deals"),
                key=key,
            )
    return chosen


def _classic_coup(data: Any) -> classique.ManilleCoup:
    item = coup_object(data)
    return classique.ManilleCoup(
        retourne=whole_field(item.get("retourne", 0), "retourne"),
        points=_optional_whole(item, "points"),
        renonce=optional_team(item, "renonce"),
        note=note_field(item),
    )


def _belgian_coup(data: Any, count: int, seats: Mapping[str, int]) -> belge.ManillenCoup:
    item = coup_object(data)
    trump = item.get("trump")
    if trump not in belge.TRUMPS:
        raise GameError("trump", N_("the trump is pique, coeur, carreau, trefle or sans-atout"))
    contre = item.get("contre", "")
    if contre not in belge.CONTRES:
        raise GameError("contre", N_("contre is none, contre or surcontre"))
    renonce = item.get("renonce")
    if renonce is not None:
        if count == 4:
            renonce = team_field(renonce, "renonce")
        elif isinstance(renonce, str) and renonce in seats:
            renonce = seats[renonce]
        else:
            raise GameError("renonce", N_("renonce names a team or a player"))
    return belge.ManillenCoup(
        trump,
        belge.CONTRES.index(contre),
        _optional_whole(item, "points"),
        renonce,
        note_field(item),
    )


def dump_manille_coup(coup: Any, players: tuple[str, ...]) -> dict[str, Any]:
    item: dict[str, Any] = {}
    if isinstance(coup, classique.ManilleCoup):
        if coup.retourne:
            item["retourne"] = coup.retourne
    else:
        item["trump"] = coup.trump
        if coup.contre:
            item["contre"] = belge.CONTRES[coup.contre]
    if coup.points is not None:
        item["points"] = coup.points
    if coup.renonce is not None:
        item["renonce"] = players[coup.renonce] if len(players) == 3 else TEAMS[coup.renonce]
    if coup.note:
        item["note"] = coup.note
    return item


def dump_manille(game: ManilleAnyGame) -> dict[str, Any]:
    head = file_head("manille", game.players, game.first_dealer, game.rules.to_mapping())
    return {**head, "coups": [dump_manille_coup(c, game.players) for c in game.coups]}


def replay_manille(game: ManilleAnyGame) -> ManilleAnyReport:
    if isinstance(game, classique.ManilleGame):
        return classique.replay(game)
    return belge.replay(game)


def extend_manille(start: ManilleAnyReport, game: ManilleAnyGame) -> ManilleAnyReport:
    """The classique goes on from the report of a prefix; the manillen is replayed whole."""
    if isinstance(game, classique.ManilleGame) and isinstance(start, classique.ManilleReport):
        return classique.replay(game, start)
    return replay_manille(game)


def side_names(game: ManilleAnyGame) -> tuple[str, ...]:
    """The sheet's columns as the file names them: nous / eux, or the three players."""
    return TEAMS if len(game.players) == 4 else game.players


def dump_manille_report(report: ManilleAnyReport) -> dict[str, Any]:
    game = report.game
    names = game.players
    sides = side_names(game)

    def per_side(values: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(sides, values))

    head: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "game": "manille",
        "variant": game.rules.variant,
        "players": list(names),
    }
    if len(names) == 4:
        head["teams"] = {"nous": [names[0], names[2]], "eux": [names[1], names[3]]}
    head["rules"] = game.rules.to_mapping()
    if isinstance(report, classique.ManilleReport):
        return {
            **head,
            "totals": per_side(report.totals),
            "manches": per_side(report.manches),
            "finished": report.finished,
            "winner": None if report.winner is None else TEAMS[report.winner],
            "next": None
            if report.next_dealer is None
            else {
                "dealer": names[report.next_dealer],
                "manche": report.manche,
                "target": report.target,
            },
            "coups": [
                {
                    "n": r.n,
                    "dealer": names[r.dealer],
                    "manche": r.manche,
                    "target": r.target,
                    "retourne": r.coup.retourne,
                    "played": r.played,
                    "scored": per_side(r.scored),
                    "totals": per_side(r.totals),
                    "manche_won": None if r.manche_won is None else TEAMS[r.manche_won],
                    "manches": per_side(r.manches),
                    "finished": r.finished,
                    "note": r.coup.note,
                }
                for r in report.coups
            ],
        }
    return {
        **head,
        "totals": per_side(report.totals),
        "sans_atout_owed": per_side(report.owed),
        "finished": report.finished,
        "winners": [sides[s] for s in report.winners],
        "next": None
        if report.next_dealer is None
        else {
            "dealer": names[report.next_dealer],
            "multiplier": report.carry,
            "sans_atout_compulsory": report.must_sans_atout,
        },
        "coups": [
            {
                "n": r.n,
                "dealer": names[r.dealer],
                "trump": r.coup.trump,
                "contre": belge.CONTRES[r.coup.contre] or None,
                "multiplier": r.multiplier,
                "scored": per_side(r.scored),
                "totals": per_side(r.totals),
                "sans_atout_owed": per_side(r.owed),
                "finished": r.finished,
                "note": r.coup.note,
            }
            for r in report.coups
        ],
    }


def render_manille(report: ManilleAnyReport) -> str:
    """The sheet as text."""
    game = report.game
    names = game.players
    if isinstance(report, classique.ManilleReport):
        lines = [
            f"La Manille ({report.game.rules.partie}): Nous ({names[0]}, {names[2]}) / "
            f"Eux ({names[1]}, {names[3]})",
            "",
            f"{'coup':>4}  {'ret':>3}  {'Nous':>5} {'Eux':>5}   {'total':>11}   manches",
        ]
        for r in report.coups:
            event = "" if r.manche_won is None else f"  manche {r.manche} to {TEAMS[r.manche_won]}"
            lines.append(
                f"{r.n:>4}  {r.coup.retourne:>3}  {r.scored[0]:>5} {r.scored[1]:>5}   "
                f"{r.totals[0]:>5} {r.totals[1]:>5}   {r.manches[0]} / {r.manches[1]}{event}"
            )
        end = (
            f"The partie is won by {TEAMS[report.winner or 0]}."
            if report.finished
            else f"Next dealer: {names[report.next_dealer or 0]}, manche {report.manche} "
            f"to {report.target}"
        )
        return "\n".join([*lines, "", end])
    sides = side_names(game)
    lines = [
        "Manillen: " + " / ".join(sides),
        "",
        f"{'deal':>4}  {'trump':<10} {'x':>3}  "
        + " ".join(f"{s[:8]:>8}" for s in sides)
        + "   totals",
    ]
    for b in report.coups:
        lines.append(
            f"{b.n:>4}  {b.coup.trump:<10} {b.multiplier:>3}  "
            + " ".join(f"{v:>8}" for v in b.scored)
            + "   "
            + " ".join(f"{v:>6}" for v in b.totals)
        )
    if report.finished:
        end = (
            "Won by "
            + " and ".join(sides[s] for s in report.winners)
            + (" (drawn)" if len(report.winners) > 1 else "")
        )
    else:
        end = f"Next dealer: {names[report.next_dealer or 0]}"
    return "\n".join([*lines, "", end])
