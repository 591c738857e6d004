"""``scorekeeper draw PLAYERS_FILE``: the draw as a command, its players file and its output.

The players file: one name a line, an optional team after a tab or ``;``;
blank lines and ``#`` comments are ignored; ``Anne & Bert`` is a fixed pair, as
in an event's registration box (``model.line_names``). With ``--fixed-pairs`` the
other players are paired in file order (lines 1 and 2, 3 and 4, ...).
"""

from __future__ import annotations

import json
from typing import Any

from ..names import MAX_LENGTH
from .model import Draw, DrawError, Entrant, Seating, line_names, line_parts, pair_fault
from .plan import draw
from .units import MAX_ENTRANTS

MAX_BYTES = 256 * 1024
MAX_NAME = MAX_LENGTH
"""A name's or a team's bound: the app's (names.py), so a name drawn here can be registered."""


Pair = tuple[str, str]


def read_players(path: str) -> list[Entrant]:
    """The entrants of a players file; a DrawError naming the line for anything wrong."""
    return read_file(path)[0]


def read_file(path: str) -> tuple[list[Entrant], list[Pair]]:
    """The entrants of a players file and its fixed pairs (``A & B`` lines)."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise DrawError(f"cannot read {path}: {error.strerror}") from None
    if len(raw) > MAX_BYTES:
        raise DrawError(f"{path}: larger than {MAX_BYTES // 1024} KB")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DrawError(f"{path}: not UTF-8 text") from None
    return parse_file(text, path)


def parse_players(text: str, where: str = "players") -> list[Entrant]:
    return parse_file(text, where)[0]


def parse_file(text: str, where: str = "players") -> tuple[list[Entrant], list[Pair]]:
    entrants: list[Entrant] = []
    pairs: list[Pair] = []
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line_parts(line)
        if fields is None:
            continue
        if len(fields) > 2:
            raise DrawError(f"{where}:{number}: a name and at most one team, not {len(fields)}")
        team = fields[1] if len(fields) == 2 and fields[1] else None
        if not fields[0]:
            raise DrawError(f"{where}:{number}: no name before the team")
        names = line_names(fields[0])
        fault = pair_fault(names)
        if fault == "names":
            raise DrawError(
                f"{where}:{number}: a fixed pair is two names, name & partner, not {len(names)}"
            )
        if fault == "empty":
            raise DrawError(f"{where}:{number}: a name is missing beside the &: name & partner")
        for name in names:
            if len(name) > MAX_NAME or (team is not None and len(team) > MAX_NAME):
                raise DrawError(f"{where}:{number}: longer than {MAX_NAME} characters")
            if name in seen:
                raise DrawError(f"{where}:{number}: {name} is already entered")
            seen.add(name)
            entrants.append(Entrant(name, team))
        if len(names) == 2:
            pairs.append((names[0], names[1]))
        if len(entrants) > MAX_ENTRANTS:
            raise DrawError(f"{where}: more than {MAX_ENTRANTS} players")
    if not entrants:
        raise DrawError(f"{where}: no players")
    return entrants, pairs


def run(path: str, seating: Seating, rounds: int, seed: int, fixed: bool) -> Draw:
    """Read the players file and draw; every refusal a DrawError."""
    entrants, pairs = read_file(path)
    if fixed:
        if len(entrants) % 2:
            raise DrawError(f"{path}: fixed pairs need an even number of players")
        paired = {name for pair in pairs for name in pair}
        rest = [e.name for e in entrants if e.name not in paired]
        pairs += [(rest[k], rest[k + 1]) for k in range(0, len(rest), 2)]
    return draw(entrants, seating, rounds, seed=seed, fixed_pairs=pairs)


def as_json(made: Draw) -> dict[str, Any]:
    """The draw as docs/formats.md "The draw" describes it."""
    return {
        "seed": made.seed,
        "seats": made.seating,
        "rounds": [
            {
                "tables": [list(t.seats) for t in r.tables],
                "sitting_out": list(r.sitting_out),
            }
            for r in made.rounds
        ],
        "quality": vars(made.quality),
        "limit": made.limit,
        "note": made.note,
    }


def as_text(made: Draw) -> str:
    """A plan to read or print: round by round, table by table, then quality and note."""
    seats = {"3": "tables of 3", "4": "tables of 4", "pairs": "two pairs a table"}[made.seating]
    lines = [f"Draw: {seats}, seed {made.seed}"]
    for number, round_ in enumerate(made.rounds, start=1):
        lines.append("")
        lines.append(f"Round {number}")
        for t, table in enumerate(round_.tables, start=1):
            s = table.seats
            if made.seating == "pairs" and len(s) == 4:
                seated = f"{s[0]} & {s[2]}  v  {s[1]} & {s[3]}"
            else:
                seated = ", ".join(s)
            lines.append(f"  Table {t}: {seated}")
        if round_.sitting_out:
            lines.append(f"  Sitting out: {', '.join(round_.sitting_out)}")
    q = made.quality
    lines += [
        "",
        f"Repeated table-mates {q.repeated_tablemates}, partners {q.repeated_partners}, "
        f"opponents {q.repeated_opponents}; kept apart but seated together "
        f"{q.kept_apart_broken}.",
        made.note,
    ]
    return "\n".join(lines) + "\n"


def dumps(made: Draw) -> str:
    """The JSON, one round a line: a plan a person can read as well as a program."""
    data = as_json(made)

    def one(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    rounds = ",\n".join(f"  {one(r)}" for r in data.pop("rounds"))
    head = ",\n".join(f" {one(k)}: {one(v)}" for k, v in data.items() if k in ("seed", "seats"))
    tail = ",\n".join(f" {one(k)}: {one(v)}" for k, v in data.items() if k not in ("seed", "seats"))
    return f'{{\n{head},\n "rounds": [\n{rounds}\n ],\n{tail}\n}}\n'
