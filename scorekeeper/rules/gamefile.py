"""What every game file shares (formats/game-file.md): the head, the coups, the checks.

Each game's own ``file`` module reads and writes its part with these, so
a file edited by hand is refused as a whole with one line naming the coup
and the field, whatever the game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, cast

from ..names import Clash, clash, fault, first_clash
from . import streamed_json
from .errors import N_, Faults, GameError

FORMAT = "scorekeeper-game/1"
REPORT_FORMAT = "scorekeeper-report/1"
T = TypeVar("T")


def json_object(data: object) -> Mapping[str, object]:
    """A parsed game file as a JSON object (GameError if it is none)."""
    if not isinstance(data, Mapping):
        raise GameError("file", N_("a game file is a JSON object"))
    return data


MISSING = N_("the key {key} is missing")
"""The refusal of a file (or a coup) without a key it must have: it says the key is missing,
not that its value is None ("format must be 'scorekeeper-game/1', got None", words26)."""


def required(given: Mapping[str, object], key: str) -> object:
    """The value of a key ``given`` must have (GameError ``MISSING`` without it)."""
    if key not in given:
        raise GameError(key, MISSING, key=key)
    return given[key]


def check_format(head: Mapping[str, object]) -> None:
    """GameError unless the file's ``format`` is this version's (``FORMAT``)."""
    value = required(head, "format")
    if value != FORMAT:
        raise GameError(
            "format", N_("format must be {wanted!r}, got {value!r}"), wanted=FORMAT, value=value
        )


def file_parts(
    data: object, game: str, count: int, players_message: str, faults: Faults | None = None
) -> tuple[list[str], int, Mapping[str, object], list[object]]:
    """What every game file has: players, first dealer's seat, rules object, coups list.

    Each part is checked apart from the others: a file whose format and players are both
    wrong is refused for both (``GameErrors``, the first as before: the command says it).
    ``faults``: the caller's, who checks more (the rules) before raising them all; the parts
    are then to be used only once ``faults.done()`` raised nothing."""
    head = json_object(data)
    found = Faults() if faults is None else faults
    with found.check():
        check_format(head)
    with found.check():
        if head.get("game") != game:
            given = required(head, "game")
            raise GameError(
                "game", N_("game must be {wanted!r}, got {value!r}"), wanted=game, value=given
            )
    players: list[str] = []
    with found.check():
        players = _players(required(head, "players"), count, players_message)
    first = 0
    if players:
        with found.check():
            named = head.get("first_dealer", players[0])
            if named not in players:
                raise GameError(
                    "first_dealer",
                    N_("first_dealer {name!r} is not one of the players"),
                    name=named,
                )
            first = players.index(str(named))
    rules: Mapping[str, object] = {}
    with found.check():
        rules_data = head.get("rules", {})
        if not isinstance(rules_data, Mapping):
            raise GameError("rules", N_("rules must be an object"))
        rules = rules_data
    coups: list[object] = []
    with found.check():
        coups_data = head.get("coups", [])
        if not isinstance(coups_data, list):
            raise GameError("coups", N_("coups must be a list"))
        coups = coups_data
    if faults is None:
        found.done()
    return players, first, rules, coups


class RepeatedName(GameError):
    """Two of a file's players that are one person or read alike (``names.first_clash``, the
    rule of a typed table): ``name`` the later, ``other`` the earlier, spelt as in the file.
    Its words are the engine's, which the command says (the very name twice: the file
    format's "players must be … distinct …"); a page says the new-game form's instead."""

    def __init__(self, template: str, name: str, other: str) -> None:
        super().__init__("players", template, name=name, other=other)  # unused by the format's
        self.name = name
        self.other = other


def _players(given: object, count: int, message: str) -> list[str]:
    """A file's players, as given; GameError(s) if they are not ``count`` names of
    ``count`` people (``message``: the game's words for it)."""
    if not isinstance(given, list):
        raise GameError("players", message)
    players = [p for p in given if isinstance(p, str) and p.strip()]
    if len(players) != len(given) or len(players) != count:
        raise GameError("players", message)
    found = Faults()
    if len(set(players)) != count:  # the very name twice: the format's words
        with found.check():
            earlier, later = _first_clash(players)
            raise RepeatedName(message, later, earlier)
    for player in players:  # the one rule of every name (names.py): a file's are kept as given
        named = fault(player, typed=False)
        if named is not None:
            found.found.append(GameError("players", named.template, **named.params))
    if len(set(players)) == count:
        with found.check():
            _one_person_once(players)
    found.done()
    return players


def _first_clash(players: Sequence[str]) -> tuple[str, str]:
    """The first two of ``players`` that are one person (earlier, later): there are two."""
    seats = first_clash(players)
    assert seats is not None
    return players[seats[0]], players[seats[1]]


def _one_person_once(players: Sequence[str]) -> None:
    """GameError if two of a file's players are one person ("ANNE" beside "Anne") or read
    alike (a Cyrillic "А" for the Latin "A"), by the rule a typed table is held to: the
    import's page and ``scorekeeper replay`` refuse the same files (the page in the form's
    words, ``RepeatedName``)."""
    if first_clash(players) is None:
        return
    earlier, later = _first_clash(players)
    if clash(later, earlier) is Clash.READS_ALIKE:
        template = N_(
            "{name} reads like {other}, already at this table (letters of another alphabet"
            " or look-alike signs): two players must be told apart at a glance."
        )
    else:
        template = N_(
            "{name} is already at this table as {other} "
            "(names are compared without case, accents or spaces)."
        )
    raise RepeatedName(template, later, earlier)


def numbered(
    items: Sequence[object], parse: Callable[[Any], T], faults: Faults | None = None
) -> list[T]:
    """Parse each coup, placing any refusal at its 1-based number.

    Each coup is read apart from the others: every coup refused is kept, in order (a file
    whose coups 2 and 5 are both malformed is refused for both), and raised once all were
    read; ``faults``: the caller's, who raises them with its own (the parsed list is then to
    be used only once ``faults.done()`` raised nothing)."""
    found = Faults() if faults is None else faults
    parsed = []
    for n, item in enumerate(items, 1):
        try:
            parsed.append(parse(item))
        except GameError as error:
            found.found.append(error.at(n))
    if faults is None:
        found.done()
    return parsed


def by_players(
    players: Sequence[str],
    items: Sequence[object],
    parse: Callable[[Any], T],
    faults: Faults,
) -> list[T]:
    """``numbered`` for coups that name the players (a hombre, tricks, a renonce): read once
    the players are (``file_parts``), none without them; then each refusal of the players
    says the coups were left unread (``GameError.coups_wait``: a page says they could not
    be checked until the players are put right, as it says so of the coups after one refused)."""
    if players:
        return numbered(items, parse, faults)
    for refused in faults.found:
        if refused.field == "players" and items:
            refused.coups_wait = "players"
    return []


def whole_field(value: object, field: str) -> int:
    if type(value) is not int:
        raise GameError(
            field, N_("{key} must be whole numbers, got {value!r}"), key=field, value=value
        )
    return value


def coup_object(item: object) -> Mapping[str, object]:
    if not isinstance(item, Mapping):
        raise GameError("coup", N_("a coup is a JSON object"))
    return item


def note_field(item: Mapping[str, object]) -> str:
    note = item.get("note", "")
    if not isinstance(note, str):
        raise GameError("note", N_("note must be text"))
    return note


def rules_choice(data: object, key: str, allowed: tuple[str, ...], template: str) -> str:
    """A rules key that picks a system or variant (the first allowed value by default)."""
    rules = json_object(data).get("rules", {}) if isinstance(data, Mapping) else {}
    value: object = rules.get(key, allowed[0]) if isinstance(rules, Mapping) else allowed[0]
    if not isinstance(value, str) or value not in allowed:
        raise GameError(f"rules.{key}", template, value=value)
    return value


def file_head(
    game: str, players: Sequence[str], first_dealer: int, rules: Mapping[str, object]
) -> dict[str, Any]:
    """The keys every game file opens with, in their order (a file's hash depends on it)."""
    return {
        "format": FORMAT,
        "game": game,
        "players": list(players),
        "first_dealer": players[first_dealer],
        "rules": dict(rules),
    }


def flag_field(item: Mapping[str, object], key: str) -> bool:
    value = item.get(key, False)
    if not isinstance(value, bool):
        raise GameError(key, N_("{key} must be true or false"), key=key)
    return value


def json_text(data: object) -> str:
    """A game file or report as JSON text: the one spelling the CLI and the app share.

    Exactly ``json.dumps(data, ensure_ascii=False, indent=2) + "\\n"``, written
    faster (``json_chunks``).
    """
    return "".join(json_chunks(data)) + "\n"


def write_json(data: object, write: Callable[[str], object], buffer: int = 1 << 16) -> None:
    """``json_text(data)`` written piece by piece: a ``Stream`` in it is never held whole."""
    pending: list[str] = []
    size = 0
    for chunk in json_chunks(data):
        pending.append(chunk)
        size += len(chunk)
        if size >= buffer:
            write("".join(pending))
            pending, size = [], 0
    pending.append("\n")
    write("".join(pending))


def write_json_bytes(
    data: object, write: Callable[[bytes], object], errors: str = "strict", buffer: int = 1 << 20
) -> None:
    """``json_text(data)`` encoded as UTF-8 (``errors`` as the text stream's), in large writes.

    The same bytes as ``write_json`` to a UTF-8 text stream, but the items of a
    ``Stream`` of ``whole_numbers`` are written by orjson in batches
    (``streamed_json``), which never writes a surrogate.
    """
    pending: list[bytes] = []
    size = 0
    for chunk in json_pieces(data):
        piece = chunk if isinstance(chunk, bytes) else chunk.encode("utf-8", errors)
        pending.append(piece)
        size += len(piece)
        if size >= buffer:
            write(b"".join(pending))
            pending, size = [], 0
    pending.append(b"\n")
    write(b"".join(pending))


class Stream:
    """A list of a report (its coups) made item by item as it is written (``write_json``).

    ``whole_numbers``: the maker promises its items hold only str, int, bool,
    None, lists and dicts with str keys (no float: orjson spells some floats
    differently from ``json``), so that they may be written by orjson.
    """

    def __init__(self, items: Iterable[Any], whole_numbers: bool = False) -> None:
        self.items = items
        self.whole_numbers = whole_numbers


# json.dumps(indent=2) runs the pure-Python encoder; only the C encoder is fast. The
# output is one line per value, so each container whose values hold no container
# is written by the C encoder with the line break and indentation as its item
# separator, and only the containers holding containers are walked here.
_PLAIN: dict[int, Callable[[Any], str]] = {}
_KEY_WORDS = {True: "true", False: "false", None: "null"}


def _plain(depth: int) -> Callable[[Any], str]:
    """The C encoder writing a flat container's items at ``depth``, made once per depth."""
    encode = _PLAIN.get(depth)
    if encode is None:
        separators = (",\n" + "  " * depth, ": ")
        encoder = json.JSONEncoder(ensure_ascii=False, separators=separators)
        make = getattr(json.encoder, "c_make_encoder", None)
        if make is None:  # pragma: no cover - a Python without the C accelerator
            encode = encoder.encode
        else:
            # what JSONEncoder.encode builds on every call, built once (no circular check:
            # a report is a tree)
            one = make(
                None,
                encoder.default,
                json.encoder.encode_basestring,
                None,
                ": ",
                separators[0],
                False,
                False,
                True,
            )

            def encode(value: Any, one: Any = one) -> str:
                return "".join(one(value, 0))

        _PLAIN[depth] = encode
    return encode


def _key(key: object) -> str:
    """A dict key as ``json`` writes it (a number or a constant becomes its text)."""
    if isinstance(key, str):
        return _plain(0)(key)
    if key is True or key is False or key is None:
        return _plain(0)(_KEY_WORDS[key])
    if isinstance(key, float):
        return _plain(0)(_plain(0)(key))
    if isinstance(key, int):
        return _plain(0)(int.__repr__(key))
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


def json_chunks(value: object, depth: int = 0) -> Iterator[str]:
    """The pieces of ``json.dumps(value, ensure_ascii=False, indent=2)``, in order.

    A ``Stream`` is written one item at a time; anything else in one piece.
    """
    return cast(Iterator[str], _pieces(value, depth, fast=False))  # bytes only when fast


def json_pieces(value: object, depth: int = 0) -> Iterator[str | bytes]:
    """``json_chunks``, with the items of a ``whole_numbers`` Stream as UTF-8 bytes (orjson)."""
    return _pieces(value, depth, fast=True)


def _pieces(value: object, depth: int, fast: bool) -> Iterator[str | bytes]:
    if isinstance(value, Stream):
        if fast and value.whole_numbers and streamed_json.available:
            yield from streamed_json.items(value.items, depth, _text)
            return
        separator = "[\n" + "  " * (depth + 1)
        for item in value.items:
            yield separator
            yield from _pieces(item, depth + 1, fast)
            separator = ",\n" + "  " * (depth + 1)
        yield "[]" if separator[0] == "[" else "\n" + "  " * depth + "]"
    elif isinstance(value, dict) and any(isinstance(v, Stream) for v in value.values()):
        separator = "{\n" + "  " * (depth + 1)
        for key, item in value.items():
            yield separator + _key(key) + ": "
            yield from _pieces(item, depth + 1, fast)
            separator = ",\n" + "  " * (depth + 1)
        yield "{}" if separator[0] == "{" else "\n" + "  " * depth + "}"
    else:
        yield _text(value, depth)


def _text(value: object, depth: int) -> str:
    """``value`` as json.dumps(indent=2) writes it at ``depth`` (its first line not indented)."""
    if isinstance(value, dict):
        if not value:
            return "{}"
        inner = "  " * (depth + 1)
        plain = _plain(depth + 1)
        if set(map(type, value.values())) <= _SCALARS and set(map(type, value)) == _STR:
            return "{\n" + inner + plain(value)[1:-1] + "\n" + "  " * depth + "}"
        parts: list[str] = []
        run: dict[str, Any] = {}  # consecutive plain items, written by one C call
        for key, item in value.items():
            if isinstance(item, _CONTAINERS) or type(key) is not str:
                if run:
                    parts.append(plain(run)[1:-1])
                    run = {}
                parts.append(_key(key) + ": " + _text(item, depth + 1))
            else:
                run[key] = item
        if run:
            parts.append(plain(run)[1:-1])
        return "{\n" + inner + (",\n" + inner).join(parts) + "\n" + "  " * depth + "}"
    if isinstance(value, (list, tuple)):
        if not value:
            return "[]"
        inner = "  " * (depth + 1)
        if set(map(type, value)) <= _SCALARS:
            return "[\n" + inner + _plain(depth + 1)(value)[1:-1] + "\n" + "  " * depth + "]"
        items = (",\n" + inner).join(_text(item, depth + 1) for item in value)
        return "[\n" + inner + items + "\n" + "  " * depth + "]"
    return _plain(0)(value)


_CONTAINERS = (dict, list, tuple, Stream)
_SCALARS = frozenset({str, int, float, bool, type(None)})
"""Types written by the C encoder exactly as by the Python one: a container of only these
is written in one call (a subclass, say an enum, takes the longer way, as safely)."""
_STR = {str}
