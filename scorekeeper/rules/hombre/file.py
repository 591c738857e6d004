"""The game file (formats/game-file.md) to and from a Game: dicts in, dicts out.

Every key is checked with the coup number and field named, so that a file
edited by hand is refused as a whole with one clear line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Any, TypeVar

from ..errors import N_, Faults, GameError
from ..gamefile import (
    REPORT_FORMAT,
    Stream,
    by_players,
    coup_object,
    file_head,
    file_parts,
    flag_field,
    json_object,
    note_field,
    required,
    whole_field,
)
from ..ledger import Transfer
from .engine import PASS, Bete, BeteRef, Contract, Coup, CoupResult, Deal, Game, Report, replay
from .ruleset import RuleSet

_PLAYED_KEYS = ("hombre", "contract", "tricks", "matadors", "vole_engagee", "codille_renounced")


PLAYERS = N_("players must be three or four distinct non-empty names")


def load_game(data: object) -> Game:
    """A Game from a parsed game file; raises GameError naming the field."""
    faults = Faults()
    players, first, rules_data, coups_data = file_parts(
        data, "hombre", player_count(data), PLAYERS, faults
    )
    rules = faults.get(lambda: RuleSet.from_mapping(rules_data))
    seats = {name: seat for seat, name in enumerate(players)}
    same: dict[CoupFields, Coup] = {}
    # a coup is read by the players' names, not by the rules: read whenever the players are
    coups = by_players(players, coups_data, lambda item: load_coup(item, seats, same), faults)
    faults.done()
    assert rules is not None
    return Game(tuple(players), rules, first, tuple(coups))


C = TypeVar("C")


def head_parts(head: Mapping[str, object], faults: Faults) -> tuple[list[str], int]:
    """A file's players and first dealer's seat, its format, game, players and first dealer
    checked, each refusal kept in ``faults`` (its rules and coups: the caller's, a pot
    system's): the players whenever they are right, whatever else is wrong."""
    players, first, _, _ = file_parts(
        {**head, "rules": {}, "coups": []}, "hombre", player_count(head), PLAYERS, faults
    )
    return players, first


def read_coups(
    coups: object,
    players: Sequence[str],
    read: Callable[[object, Mapping[str, int]], C],
    faults: Faults,
) -> list[C]:
    """A pot system's coups, each read by ``read`` with the players' seats (``head_parts``),
    every refusal kept in ``faults``: none read without the players, whom a coup names
    (``by_players``); the rules are not needed."""
    if not isinstance(coups, list):
        return []
    seats = {name: seat for seat, name in enumerate(players)}
    return by_players(players, coups, lambda item: read(item, seats), faults)


def player_count(data: object) -> int:
    """How many players the file must name: four when it lists four, else three."""
    players = json_object(data).get("players") if isinstance(data, Mapping) else None
    return 4 if isinstance(players, list) and len(players) == 4 else 3


E = TypeVar("E", bound=StrEnum)


def played_parts(
    item: object, seats: Mapping[str, int], keys: tuple[str, ...], contracts: type[E]
) -> tuple[int, E, tuple[int, ...], str, int | None] | None:
    """What every system's coup has: None when all passed, else
    (hombre, contract, tricks, note, out).

    ``keys`` are the system's own fields, refused on a passed coup; ``contracts``
    the system's contract enum. With four at the table the tricks name the
    three who play: ``out`` is the seat they leave out (the replay checks that
    it is the dealer's), and its count is 0.
    """
    fields = coup_object(item)
    note = note_field(fields)
    if flag_field(fields, "pass"):
        for key in ("hombre", "contract", "tricks", *keys):
            if key in fields:
                raise GameError(key, N_("{key} given on a coup where all passed"), key=key)
        return None
    hombre = required(fields, "hombre")
    if not isinstance(hombre, str) or hombre not in seats:
        raise GameError("hombre", N_("hombre {name!r} is not one of the players"), name=hombre)
    contract = required(fields, "contract")
    if not isinstance(contract, str) or contract not in contracts._value2member_map_:
        raise GameError(
            "contract",
            N_("contract {value!r} is not one of {choices}"),
            value=contract,
            choices=", ".join(contracts),
        )
    given = required(fields, "tricks")
    if not isinstance(given, Mapping):
        raise GameError("tricks", N_("tricks must give every player's count"))
    tricks: Mapping[object, object] = given
    for name in tricks:
        if name not in seats:
            raise GameError("tricks", N_("tricks of {name!r}, who is not a player"), name=name)
    if len(tricks) == len(seats):  # every player named: the usual coup, nobody left out
        counts = tuple([count for name in seats if type(count := tricks[name]) is int])
        if len(counts) == len(seats):
            return seats[hombre], contracts(contract), counts, note, None
    by_seat = [0] * len(seats)
    missing = [name for name in seats if name not in tricks]
    out = seats[missing[0]] if len(seats) == 4 and len(missing) == 1 else None
    for name, seat in seats.items():
        if name not in tricks:
            if seat == out:
                continue
            raise GameError("tricks", N_("tricks of {name} are missing"), name=name)
        by_seat[seat] = whole_field(tricks[name], "tricks")
    return seats[hombre], contracts(contract), tuple(by_seat), note, out


CoupFields = tuple[int, Contract, tuple[int, ...], int, bool, bool, str, int | None]
"""A played coup's fields, in ``Coup``'s order: equal fields, equal coups."""


def load_coup(
    item: object, seats: Mapping[str, int], same: dict[CoupFields, Coup] | None = None
) -> Coup:
    """One coup of the file; ``seats`` maps each player's name to their seat.

    ``same``: the coups already read from this file by their fields, so that a
    long game's many equal coups are one frozen ``Coup`` (made once, kept once).
    """
    played = played_parts(item, seats, _PLAYED_KEYS[3:], Contract)
    fields = coup_object(item)
    if played is None:
        return Coup(note=note_field(fields)) if fields.get("note") else PASS
    hombre, contract, tricks, note, out = played
    key: CoupFields = (
        hombre,
        contract,
        tricks,
        whole_field(fields.get("matadors", 0), "matadors"),
        flag_field(fields, "vole_engagee"),
        flag_field(fields, "codille_renounced"),
        note,
        out,
    )
    if same is None:
        return Coup(*key)
    # every field is of its exact type here (no True for 1), so equal keys are equal coups
    coup = same.get(key)
    if coup is None:
        coup = same[key] = Coup(*key)
    return coup


def dump_game(game: Game) -> dict[str, Any]:
    """The game file of a game; ``load_game(dump_game(g)) == g``."""
    head = file_head("hombre", game.players, game.first_dealer, game.rules.to_mapping())
    return {**head, "coups": [dump_coup(c, game.players) for c in game.coups]}


def tricks_of(coup: Any, players: Sequence[str]) -> dict[str, int]:
    """A played coup's tricks by name; the player who sat out has none."""
    return {name: t for seat, (name, t) in enumerate(zip(players, coup.tricks)) if seat != coup.out}


def sits_out(deal: Any, names: Sequence[str]) -> dict[str, str]:
    """The report's extra ``sits_out`` of a deal, only with four at the table."""
    return {} if deal.out is None else {"sits_out": names[deal.out]}


def dump_coup(coup: Coup, players: Sequence[str]) -> dict[str, Any]:
    item: dict[str, Any]
    if coup.hombre is None:
        item = {"pass": True}
    else:
        assert coup.contract is not None
        item = {
            "hombre": players[coup.hombre],
            "contract": str(coup.contract),
            "tricks": tricks_of(coup, players),
        }
        if coup.matadors:
            item["matadors"] = coup.matadors
        if coup.vole_engagee:
            item["vole_engagee"] = True
        if coup.codille_renounced:
            item["codille_renounced"] = True
    if coup.note:
        item["note"] = coup.note
    return item


def replay_file(data: Any) -> Report:
    """Load and replay a parsed game file."""
    return replay(load_game(data))


def transfers_json(transfers: Iterable[Transfer], names: Sequence[str]) -> list[dict[str, Any]]:
    """Transfers as the report writes them: from, to, amount, reason."""
    return [
        {"from": names[t.payer], "to": names[t.payee], "amount": t.amount, "reason": str(t.reason)}
        for t in transfers
    ]


def dump_report(report: Report, lazy: bool = False) -> dict[str, Any]:
    """The replay report of the format document (keys exactly as written there).

    Extra keys beyond the document's: ``game``, ``rules``, ``stacks``,
    ``poules_to_play`` (and ``coups_to_play`` when set) at the top; ``n``,
    ``premier`` in ``next``; ``token`` in bêtes in play; ``settled_in`` in
    the register; and per coup ``premier``, ``contract``, ``tricks``,
    ``matadors``, ``vole_engagee``, ``codille_renounced``, ``note``, ``net``,
    ``caves``, ``poules_tirees``, ``finished``; with four at the table,
    ``sits_out`` per coup and in ``next``.
    """
    game = report.game
    names = game.players

    def per_player(values: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(names, values))

    def bete(ref: BeteRef | None) -> dict[str, Any] | None:
        if ref is None:
            return None
        return {"owner": names[ref.owner], "amount": ref.amount, "token": ref.token}

    def deal(d: Deal) -> dict[str, Any]:
        return {
            "n": d.n,
            "dealer": names[d.dealer],
            "premier": names[d.premier],
            "marks_to_add": d.marks_added,
            "poule": d.poule,
            "bete_in_play": bete(d.bete_in_play),
            "enjeu": d.enjeu,
            **sits_out(d, names),
        }

    def coup(r: CoupResult) -> dict[str, Any]:
        # the one function run per coup of a long report: plain lookups, no helper calls
        c = r.coup
        d = r.deal
        played = c.hombre is not None
        entry: dict[str, Any] = {"n": d.n, "dealer": names[d.dealer], "premier": names[d.premier]}
        if d.out is not None:
            entry["sits_out"] = names[d.out]
        entry["marks_added"] = d.marks_added
        entry["marks"] = d.marks
        entry["poule"] = d.poule
        entry["bete_in_play"] = None if d.bete_in_play is None else bete(d.bete_in_play)
        entry["enjeu"] = d.enjeu
        entry["outcome"] = str(r.outcome)
        entry["hombre"] = names[c.hombre] if played else None  # type: ignore[index]
        entry["contract"] = str(c.contract) if played else None
        if not played:
            entry["tricks"] = None
        elif c.out is None:
            entry["tricks"] = dict(zip(names, c.tricks))
        else:
            entry["tricks"] = tricks_of(c, names)
        entry["matadors"] = c.matadors
        entry["vole_engagee"] = c.vole_engagee
        entry["codille_renounced"] = c.codille_renounced
        entry["note"] = c.note
        entry["bete_made"] = None if r.bete_made is None else r.bete_made.amount
        entry["codille"] = None if r.codille is None else names[r.codille]
        entry["transfers"] = [
            {
                "from": names[t.payer],
                "to": names[t.payee],
                "amount": t.amount,
                "reason": str(t.reason),
            }
            for t in r.transfers
        ]
        entry["net"] = dict(zip(names, r.net))
        entry["caves"] = dict(zip(names, r.caves))
        entry["poules_tirees"] = r.poules_tirees
        entry["finished"] = r.finished
        return entry

    def register_line(b: Bete) -> dict[str, Any]:
        return {
            "owner": names[b.owner],
            "amount": b.amount,
            "status": str(b.status),
            "made_in": b.made_in,
            "token": b.token,
            "settled_in": b.settled_in,
        }

    return {
        "format": REPORT_FORMAT,
        "game": "hombre",
        "players": list(names),
        "rules": game.rules.to_mapping(),
        "net": per_player(report.net),
        "caves": per_player(report.caves),
        "stacks": {
            name: {"chips": s.total, "fiches": s.fiches, "loose": s.chips}
            for name, s in zip(names, report.stacks)
        },
        "poule": {"marks": report.marks, "chips": report.poule},
        "betes": Stream(map(register_line, report.betes), whole_numbers=True)
        if lazy
        else [register_line(b) for b in report.betes],
        "poules_tirees": report.poules_tirees,
        "poules_to_play": game.rules.poules_to_play,
        **({"coups_to_play": game.rules.coups_to_play} if game.rules.coups_to_play else {}),
        "finished": report.finished,
        "next": None if report.next is None else deal(report.next),
        "coups": Stream(map(coup, report.coups), whole_numbers=True)
        if lazy
        else [coup(r) for r in report.coups],
    }
