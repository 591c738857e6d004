"""Write the golden game files and what the command prints for each.

Run once before a redesign (``python tests/golden/make_golden.py``): the
games are drawn with a fixed seed and kept only where the engines of the
day accept each coup; ``tests/shape/test_golden.py`` then holds every later
version of the code to the same bytes.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
from pathlib import Path
from typing import Any

from scorekeeper import cli
from scorekeeper.rules import kinds
from scorekeeper.rules.errors import GameError

HERE = Path(__file__).parent
THREE = ["Anne", "Bruno", "Chloé"]
FOUR = ["Anne", "Bruno", "Chloé", "Denis"]
BONUS_HANDS = ["charivari", "discorde", "fanatique", "chicoree", "guinguette", "mirlire"]


def tricks(rng: random.Random, names: list[str]) -> dict[str, int]:
    a = rng.randint(0, 9)
    b = rng.randint(0, 9 - a)
    counts = [a, b, 9 - a - b]
    rng.shuffle(counts)
    return dict(zip(names, counts))


def hombre_coup(rng: random.Random, contracts: list[str], extra: Any = None) -> dict[str, Any]:
    if rng.random() < 0.12:
        return {"pass": True}
    coup: dict[str, Any] = {
        "hombre": rng.choice(THREE),
        "contract": rng.choice(contracts),
        "tricks": tricks(rng, THREE),
    }
    if extra:
        coup.update(extra(rng))
    return coup


def poule_extra(rng: random.Random) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if rng.random() < 0.2:
        out["matadors"] = rng.randint(3, 9)
    if rng.random() < 0.05:
        out["vole_engagee"] = True
    if rng.random() < 0.05:
        out["codille_renounced"] = True
    return out


def jetons_extra(rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.15:
        return {"bonuses": [{"player": rng.choice(THREE), "hand": rng.choice(BONUS_HANDS)}]}
    return {}


def danish_extra(rng: random.Random) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if rng.random() < 0.3:
        out["first_five"] = True
    if rng.random() < 0.2:
        out["black_aces"] = True
    return out


def brou_coup(rng: random.Random) -> dict[str, Any]:
    coup: dict[str, Any] = {"points": rng.randint(0, 120)}
    if rng.random() < 0.3:
        coup["mariages"] = [
            {
                "team": rng.choice(["nous", "eux"]),
                "grand": rng.random() < 0.3,
                "trump": rng.random() < 0.3,
                "table": rng.random() < 0.3,
            }
        ]
    if rng.random() < 0.04:
        team = rng.choice(["nous", "eux"])  # points are Nous's: all 120, or none
        coup = {"vole": team, "points": 120 if team == "nous" else 0}
    return coup


def classique_coup(rng: random.Random) -> dict[str, Any]:
    coup: dict[str, Any] = {}
    if rng.random() < 0.5:
        coup["retourne"] = rng.randint(1, 5)
    if rng.random() < 0.05:
        coup["renonce"] = rng.choice(["nous", "eux"])
    else:
        coup["points"] = rng.randint(0, 68)
    return coup


def belge_coup(rng: random.Random, names: list[str]) -> dict[str, Any]:
    coup: dict[str, Any] = {
        "trump": rng.choice(["pique", "coeur", "carreau", "trefle", "sans-atout"])
    }
    if rng.random() < 0.2:
        coup["contre"] = rng.choice(["contre", "surcontre"])
    if rng.random() < 0.05:
        coup["renonce"] = rng.choice(names) if len(names) == 3 else rng.choice(["nous", "eux"])
    else:
        coup["points"] = rng.randint(0, 60)
    return coup


def grow(head: dict[str, Any], draw: Any, n: int, seed: int) -> dict[str, Any]:
    """Add ``n`` coups drawn from ``draw``, keeping only those the engine accepts."""
    rng = random.Random(seed)
    data = {**head, "coups": []}
    tries = 0
    while len(data["coups"]) < n and tries < n * 40:
        tries += 1
        candidate = {**data, "coups": [*data["coups"], draw(rng)]}
        try:
            report = kinds.replay(kinds.load_file(candidate))
        except GameError:
            continue
        data = candidate
        if getattr(report, "finished", False):
            break
    return data


def head(game: str, players: list[str], **rules: Any) -> dict[str, Any]:
    return {
        "format": "scorekeeper-game/1",
        "game": game,
        "players": players,
        "first_dealer": players[0],
        "rules": rules,
    }


HOMBRE_CONTRACTS = ["demande", "retourne", "sans_prendre", "vole", "espadille_forcee"]
DANISH = ["jeu_simple", "pique", "tourne", "solo", "solo_pique", "nolo_simple", "nolo_pur"]


def golden_games() -> dict[str, dict[str, Any]]:
    from notation import SEED

    return {
        "seed": SEED,
        "hombre-3-2": grow(
            head("hombre", THREE, poule_system="3-2"),
            lambda r: hombre_coup(r, HOMBRE_CONTRACTS, poule_extra),
            60,
            1,
        ),
        "hombre-2-1-share": grow(
            head("hombre", THREE, poule_system="2-1", end="share", poules_to_play=3),
            lambda r: hombre_coup(r, ["demande", "sans_prendre"], poule_extra),
            80,
            2,
        ),
        "jetons": grow(
            head("hombre", THREE, accounting="jetons", coups_to_play=40),
            lambda r: hombre_coup(r, ["simple", "sans_prendre", "vole"], jetons_extra),
            40,
            3,
        ),
        "danois": grow(
            head("hombre", THREE, accounting="danois", coups_to_play=40),
            lambda r: hombre_coup(r, DANISH, danish_extra),
            40,
            4,
        ),
        "danois-dlu": grow(
            head("hombre", THREE, accounting="danois", rates="dlu", coups_to_play=30),
            lambda r: hombre_coup(r, DANISH, danish_extra),
            30,
            5,
        ),
        "brou": grow(head("brou", FOUR, parties_to_win=10), brou_coup, 80, 6),
        "manille-classique": grow(
            head("manille", FOUR, variant="classique", partie="liee"), classique_coup, 40, 7
        ),
        "manille-belge-4": grow(
            head("manille", FOUR, variant="belge", deals=20),
            lambda r: belge_coup(r, FOUR),
            20,
            8,
        ),
        "manille-belge-3": grow(
            head("manille", THREE, variant="belge", deals=30),
            lambda r: belge_coup(r, THREE),
            30,
            9,
        ),
    }


COMMANDS = {
    "txt": ["replay"],
    "report.json": ["replay", "--json"],
    "csv": ["replay", "--csv"],
    "settle.txt": ["settle", "--chip-value", "0.05", "--currency", "EUR"],
}


def run(args: list[str]) -> tuple[int, str]:
    """What ``scorekeeper ARGS`` prints on stdout and stderr, with its status."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        status = cli.main(args)
    return status, out.getvalue()


def outputs(path: Path) -> dict[str, str]:
    """Every output of the command for one golden game file, by file suffix."""
    result = {}
    for suffix, args in COMMANDS.items():
        status, text = run([*args, str(path)])
        result[suffix] = f"exit {status}\n{text}"
    data = json.loads(path.read_text(encoding="utf-8"))
    result["dump.json"] = json.dumps(
        kinds.dump_file(kinds.load_file(data)), ensure_ascii=False, indent=1
    )
    return result


def main() -> None:
    sys.path.insert(0, str(HERE.parent))  # for notation, as under pytest
    for name, data in golden_games().items():
        path = HERE / f"{name}.game.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        for suffix, text in outputs(path).items():
            (HERE / f"{name}.{suffix}").write_bytes(text.encode())
        print(name, len(data["coups"]), "coups")


if __name__ == "__main__":
    main()
