"""The ``scorekeeper`` command: replay a game file, list the rule settings, serve.

Every refusal is one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import codecs
import functools
import gc
import os
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .serving import DEFAULT_HOST, DEFAULT_PORT, DEFAULT_THREADS

if TYPE_CHECKING:
    from .rules.kind import GameKind, JsonObject

# The modules of each command are imported by the command: ``serve`` holds its stop
# signals (``main``) before the rest of the package loads (a second on a slow machine,
# during which a SIGTERM used to end it with -15).


class UserError(Exception):
    """A message for the user, ending the command with status 2."""


def read_json(path: str, any_size: bool = False) -> object:
    """A game file, read by the same reader as the import page (same limits, same refusals).

    ``any_size`` (``replay --any-size``): no limit on the file's size and coups,
    every other refusal the same; for a long file the user trusts, e.g. a benchmark's.
    """
    from .rules import importing
    from .rules.errors import GameError

    limit = -1 if any_size else importing.MAX_BYTES + 1
    try:
        if path == "-":
            raw = sys.stdin.buffer.read(limit)
        else:
            with open(path, "rb") as handle:
                raw = handle.read(limit)
    except OSError as error:
        raise UserError(f"cannot read {path}: {error.strerror}") from None
    try:
        return importing.parse(raw, any_size)
    except GameError as error:
        raise UserError(f"{path}: {error}") from None


def _kind_of_file(data: object) -> tuple[GameKind, Mapping[str, object]]:
    """The kind that reads this file, and the file's object (GameError: it is none).

    A file without a ``"game"`` is refused as the import refuses it, saying the key is
    missing (it was read as l'Hombre's, whose reader then said "game must be 'hombre', got
    None": words26).
    """
    from .rules import kinds
    from .rules.gamefile import json_object

    head = json_object(data)
    game = head.get("game")
    if not isinstance(game, str) or game not in kinds.GAMES:
        _game_of(head)  # refused as the registry refuses a game it does not keep
        raise AssertionError("load_file refuses a game it does not keep")
    return kinds.stored_kind(game, head.get("rules")), head


def _game_of(head: Mapping[str, object]) -> Any:
    """The file's game, read as the import reads it (``kinds.load_file``, by the kind
    ``_kind_of_file`` names); its refusal, when that fault keeps the file's coups from being
    checked, says so after it, on its one line (``file_order.coups_held_line``)."""
    from .rules import kinds
    from .rules.errors import GameError
    from .rules.file_order import coups_held_line, coups_in

    try:
        return kinds.load_file(head)
    except GameError as error:
        raise UserError(coups_held_line(error, coups_in(head))) from None


def _replayed(game: Any, coups: int) -> Any:
    """The report of the file's game of ``coups`` coups, replayed as the import replays it
    (``kinds.replay_file``); a coup refused stops the replay, and its one line says that the
    coups after it were read but not replayed (``file_order.coups_held_line``)."""
    from .rules import kinds
    from .rules.errors import GameError
    from .rules.file_order import coups_held_line

    try:
        return kinds.replay_file(game)
    except GameError as error:
        raise UserError(coups_held_line(error, coups)) from None


def cmd_replay(args: argparse.Namespace) -> None:
    # the parsed file, the game and the report are millions of acyclic records: the
    # collector's passes over them cost more than the replay
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        _replay_command(args)
    finally:
        if was_enabled:
            gc.enable()


def _replay_command(args: argparse.Namespace) -> None:
    from .rules import seat_file, seating, stopping
    from .rules.file_order import coups_in

    kind, data = _kind_of_file(read_json(args.file, args.any_size))
    game = _game_of(data)
    changes = seat_file.load(data, kind, game)
    stopped = stopping.load(data, game, changes)
    kind.file_money(data)  # read as the import page and `settle` read it: refused alike
    coups = coups_in(data)
    del data  # the parsed file is not needed while the game is replayed and written
    report = stopping.ended(kind, _replayed(game, coups), stopped)
    journal = kind.journal_csv(report, changes) if args.csv else None
    if args.csv and journal is None:
        raise UserError(f"--csv is for the chip games; a {kind.game} sheet has no payments")
    if args.json:
        # the coups are turned into JSON a batch at a time as they are written, never held whole
        write_report_json(
            {
                **kind.dump_report_stream(report),
                **seating.report_keys(kind, changes, report),
                **stopping.report_keys(stopped),
            }
        )
    elif journal is not None:
        sys.stdout.write(journal)
    else:
        print(kind.text(report, changes))  # each coup named by who played it, as the pages
        for line in seating.text_lines(kind, changes, report):
            print(line)
        if stopped:
            print(f"The table stopped after coup {len(game.coups)}: the game ends there.")


def write_report_json(report: JsonObject) -> None:
    """The report's JSON on stdout: as UTF-8 bytes straight to the file when stdout is UTF-8."""
    from .rules.gamefile import write_json, write_json_bytes

    if codecs.lookup(sys.stdout.encoding or "ascii").name != "utf-8":
        write_json(report, sys.stdout.write)  # another encoding: let the text layer encode
        return
    sys.stdout.flush()
    write_json_bytes(report, sys.stdout.buffer.write, sys.stdout.errors or "strict")
    sys.stdout.buffer.flush()


def cmd_settle(args: argparse.Namespace) -> None:
    from .rules import seat_file, seating, stopping
    from .rules.file_order import coups_in
    from .rules.money import parse_money
    from .rules.seat_names import seat_names

    kind, data = _kind_of_file(read_json(args.file))
    game = _game_of(data)
    changes = seat_file.load(data, kind, game)
    stopped = stopping.load(data, game, changes)
    report = stopping.ended(kind, _replayed(game, coups_in(data)), stopped)
    money = kind.file_money(data)
    if args.chip_value is not None:
        money = parse_money(args.chip_value, args.currency or (money and money.currency) or "EUR")
    # once someone took a seat, the money is each person's (below), as on the settlement
    # page: the seats' lines are chips only (a seat's money rounded on its own gave a
    # player a cent the page did not, and its lines left out what a leaver hands over)
    # a seat someone took is named by who sat there in turn, as on the page ("Bruno → Denis")
    seats = seat_names(game.players, changes) if changes else ()
    text = kind.settlement_text(report, None if changes else money, seats)
    if text is None:
        raise UserError(f"settle is for the chip games; a {kind.game} sheet has no payments")
    if changes:
        text = text.replace("\nWho pays whom:\n", "\nWho pays whom, seat by seat (chips):\n", 1)
    print(text)
    if stopped:
        print(f"The table stopped after coup {len(game.coups)}: the game ends there.")
    if changes:  # someone took a seat: settled person by person here, with the money
        for line in seating.text_lines(kind, changes, report, money, settle=True):
            print(line)


def cmd_rules(args: argparse.Namespace) -> None:
    from .rules import kinds

    print("\n\n".join(text for kind in kinds.KINDS if (text := kind.settings_text())))


def cmd_backup(args: argparse.Namespace) -> None:
    from .db.backup_command import Refused, backup_command

    try:
        backup_command(args)
    except Refused as error:
        raise UserError(str(error)) from None


def cmd_restore(args: argparse.Namespace) -> None:
    from .db.backup_command import Refused, restore_command

    try:
        restore_command(args)
    except Refused as error:
        raise UserError(str(error)) from None


def cmd_serve(args: argparse.Namespace) -> None:
    if not 0 <= args.port <= 65535:
        raise UserError(f"--port {args.port}: not a port number")
    if (args.workers is not None and args.workers < 1) or args.threads < 1:
        raise UserError("--workers and --threads take a number from 1")
    from .serving.serve import serve  # the server's imports, once its arguments hold

    try:
        serve(
            host=args.host,
            port=args.port,
            workers=args.workers,
            threads=args.threads,
            qr=args.qr,
            access_log=args.access_log,
            https=args.https,
        )
    except ValueError as error:  # a wrong SCOREKEEPER_* setting, found before serving
        raise UserError(str(error)) from None


def cmd_verify(args: argparse.Namespace) -> int:
    from .store.verify import command

    return command(args)


def cmd_draw(args: argparse.Namespace) -> None:
    """The competition draw; the body is scorekeeper.draw.command's."""
    from .draw import DrawError
    from .draw import command as draw_command

    try:
        made = draw_command.run(args.players, args.seats, args.rounds, args.seed, args.fixed_pairs)
    except DrawError as error:
        raise UserError(str(error)) from None
    sys.stdout.write(draw_command.dumps(made) if args.json else draw_command.as_text(made))


def cmd_redraw(args: argparse.Namespace) -> int:
    """An event's rounds drawn again from its results.json (events/redraw.py): 1 if a round
    is seated otherwise than the draw seats it."""
    from .events.redraw import as_text, redraw

    try:
        checked = redraw(read_json(args.file, any_size=True))
    except ValueError as error:
        raise UserError(f"{args.file}: {error} (an event's results.json?)") from None
    sys.stdout.write(as_text(checked))
    return 1 if any(r.same is False for r in checked) else 0


@functools.cache
def parser() -> argparse.ArgumentParser:
    """The command's arguments, built once per process: reading them changes nothing in
    it, and ``main`` is called many times in one process by the tests (3 ms each)."""
    top = argparse.ArgumentParser(
        prog="scorekeeper", description="Keeps the money of a live l'Hombre table."
    )
    sub = top.add_subparsers(dest="command", required=True)
    replay = sub.add_parser("replay", help="replay a game file and print its report")
    replay.add_argument("file", help="the game file (JSON), or - for standard input")
    output = replay.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the JSON replay report")
    output.add_argument("--csv", action="store_true", help="print the payment journal as CSV")
    replay.add_argument(
        "--any-size",
        action="store_true",
        help="read a file beyond the import page's limits (512 KB, 5000 coups)",
    )
    replay.set_defaults(run=cmd_replay)
    settle = sub.add_parser("settle", help="who pays whom at the end of a game file")
    settle.add_argument("file", help="the game file (JSON), or - for standard input")
    settle.add_argument("--chip-value", help="what one chip is worth, e.g. 0.05")
    settle.add_argument("--currency", help="3-letter currency code (default EUR)")
    settle.set_defaults(run=cmd_settle)
    backup = sub.add_parser("backup", help="copy the server's database, even while it runs")
    backup.add_argument(
        "dest",
        help="the file to write, or a folder (ending in /) to write a dated copy in"
        " (not the database's own folder)",
    )
    backup.add_argument("--database", help="the database (default: the data folder's)")
    backup.add_argument(
        "--keep-days",
        type=int,
        help="then remove the dated copies in that folder older than this many days",
    )
    backup.set_defaults(run=cmd_backup)
    restore = sub.add_parser(
        "restore", help="put a backup in place of the server's database (the server stopped)"
    )
    restore.add_argument("source", help="a file written by scorekeeper backup")
    restore.add_argument("--database", help="the database (default: the data folder's)")
    restore.add_argument("--force", action="store_true", help="replace a database holding games")
    restore.set_defaults(run=cmd_restore)
    serve = sub.add_parser("serve", help="serve the table app (what make run does)")
    serve.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help="the address to listen on: 127.0.0.1 (default) is this machine only, "
        "0.0.0.0 every network it is on (the phones on the Wi-Fi)",
    )
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"default {DEFAULT_PORT}")
    serve.add_argument(
        "--workers", type=int, help="processes (default: one per core of this machine)"
    )
    serve.add_argument(
        "--threads",
        type=int,
        default=DEFAULT_THREADS,
        help=f"threads per process (default {DEFAULT_THREADS})",
    )
    serve.add_argument(
        "--qr",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="draw the address as a QR code (default: when printing to a terminal)",
    )
    serve.add_argument("--access-log", action="store_true", help="log every request")
    serve.add_argument(
        "--https",
        action="store_true",
        help="serve HTTPS with a certificate of this machine, signed by a local CA made once "
        "in the data folder's tls/ (each phone trusts it once: /trust)",
    )
    serve.set_defaults(run=cmd_serve)
    verify = sub.add_parser(
        "verify",
        help="check the logs' hash chains and that every game, club and event is what its log"
        " says (every fault is named)",
    )
    verify.add_argument("--database", help="the database (default: the data folder's)")
    verify.add_argument(
        "--heads", help="a file of heads kept from last time: checked, then rewritten"
    )
    verify.set_defaults(run=cmd_verify)
    drawing = sub.add_parser("draw", help="seat the players of a competition, round by round")
    drawing.add_argument("players", help="one name a line, an optional team after a tab or ;")
    drawing.add_argument("--rounds", type=int, required=True, help="how many rounds")
    drawing.add_argument("--seats", choices=["3", "4", "pairs"], required=True)
    drawing.add_argument("--seed", type=int, required=True, help="the same seed, the same draw")
    drawing.add_argument("--json", action="store_true", help="print the draw as JSON")
    drawing.add_argument(
        "--fixed-pairs", action="store_true", help="pair the other lines 1&2, 3&4, ..."
    )
    drawing.set_defaults(run=cmd_draw)
    again = sub.add_parser(
        "redraw",
        help="draw an event's rounds again from its results.json and say whether each seats"
        " the players as they played",
    )
    again.add_argument("file", help="the event's results.json, or - for standard input")
    again.set_defaults(run=cmd_redraw)
    rules = sub.add_parser("rules", help="list the presets and every setting with its default")
    rules.set_defaults(run=cmd_rules)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command == "serve":  # a stop from now on is kept, never a half-started death
        from .serving.prefork import hold_signals

        hold_signals()
    from .rules.errors import GameError

    try:
        status = args.run(args)  # verify answers 1 for a fault found
    except (GameError, UserError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return int(status or 0)


def run() -> None:
    """Console-script entry point. A reader that stops early (``replay … | head``) closes
    the pipe: the output is cut where it stopped reading, without a traceback (Python's
    own advice: the standard output pointed at nothing, so the exit's flush says nothing)."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 1
    sys.exit(status)


if __name__ == "__main__":
    run()
