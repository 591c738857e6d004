"""The game kinds: one registry, pure engines, no tag tested outside a game's own modules."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import textwrap
from collections import Counter
from decimal import Decimal
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest
from notation import SEED

from scorekeeper.games import GameEntry
from scorekeeper.games.brou import BROU
from scorekeeper.games.hombre import HOMBRE
from scorekeeper.rules import kinds
from scorekeeper.rules.brou.kind import Brou
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.hombre.danois import DanishRules
from scorekeeper.rules.hombre.file import replay_file
from scorekeeper.rules.hombre.jetons import JetonsRules
from scorekeeper.rules.hombre.kinds import SYSTEMS, Hombre1709
from scorekeeper.rules.kind import Report, Standing
from scorekeeper.rules.ledger import NetChange, net_changes
from scorekeeper.rules.money import Money
from scorekeeper.rules.records import SeatRecord
from scorekeeper.store import Action
from scorekeeper.web import registry
from scorekeeper.web.formats.words import ACTION_WORDS
from scorekeeper.web.hombre import systems as hombre_systems

ROOT = Path(__file__).parents[2]
GOLDEN = Path(__file__).parents[1] / "golden"


def test_every_kind_is_listed_once_with_its_own_key_and_game_type():
    keys = [kind.key for kind in kinds.KINDS]
    assert keys == ["hombre", "jetons", "danois", "brou", "manille", "manillen"]
    assert len({kind.game_type for kind in kinds.KINDS}) == len(kinds.KINDS)
    assert all(kinds.find_kind(key).key == key for key in keys)
    assert kinds.find_kind("whist") is None


def test_the_entry_point_group_gives_scorekeepers_own_games_in_order():
    points = {point.name: point for point in entry_points(group=kinds.GROUP)}
    assert {"hombre", "brou", "manille"} <= set(points)
    entries = dict(kinds.game_entries())
    assert list(entries) == ["hombre", "brou", "manille"]  # no other game installed here
    for name, entry in entries.items():
        assert isinstance(entry, GameEntry) and points[name].load() is entry
    # KINDS is what the group gives, game after game, each game's kinds in its order
    assert tuple(kind for entry in entries.values() for kind in entry.kinds) == kinds.KINDS
    assert [[k.key for k in e.kinds] for e in entries.values()] == [
        ["hombre", "jetons", "danois"],
        ["brou"],
        ["manille", "manillen"],
    ]


def points(*named: tuple[str, str]) -> list[EntryPoint]:
    return [EntryPoint(name, value, kinds.GROUP) for name, value in named]


ALPHA = GameEntry(kinds=(Brou(),), web=lambda: BROU.web())
"""Outside games for the order only (load_entries does not compare their kinds)."""
EAGER = GameEntry(kinds=(Brou(),), web=lambda: BROU.web(), order=-5)
NOTHING = GameEntry(kinds=(), web=lambda: BROU.web())


class BrouAgain(Brou):
    """Another kind (its own key and game type) that claims Brou's game files."""

    key = "brou-again"
    game_type = tuple


def test_scorekeepers_own_games_come_first_whatever_an_outside_game_says():
    loaded = kinds.load_entries(
        points(
            ("zeta", f"{__name__}:ALPHA"),
            ("manille", "scorekeeper.games.manille:MANILLE"),
            ("first", f"{__name__}:EAGER"),  # order −5: first among the outside games only
            ("alpha", f"{__name__}:ALPHA"),
            ("hombre", "scorekeeper.games.hombre:HOMBRE"),
            ("brou", "scorekeeper.games.brou:BROU"),
        )
    )
    assert [name for name, _entry in loaded] == [
        "hombre",
        "brou",
        "manille",
        "first",
        "alpha",
        "zeta",
    ]


def test_a_game_that_gives_nothing_usable_stops_the_start_naming_it():
    with pytest.raises(kinds.BadGame, match=r"the game empty .* gives no kinds"):
        kinds.load_entries(points(("empty", f"{__name__}:NOTHING")))
    with pytest.raises(kinds.BadGame, match="no game in the entry point group"):
        kinds.load_entries([])
    with pytest.raises(ModuleNotFoundError) as broken:
        kinds.load_entries(points(("ghost", "no_such_game_module:GAME")))
    assert "while loading the game ghost" in str(broken.value.__notes__)
    twice = GameEntry(kinds=(Hombre1709(),), web=HOMBRE.web)
    with pytest.raises(kinds.BadGame, match="the game again gives a kind already given: hombre"):
        kinds.all_kinds([("hombre", HOMBRE), ("again", twice)])
    claims = GameEntry(kinds=(BrouAgain(),), web=BROU.web)
    with pytest.raises(kinds.BadGame, match="the game claims reads files of another game: brou"):
        kinds.all_kinds([("brou", BROU), ("claims", claims)])
    # the web half must serve its game's kinds, no other
    with pytest.raises(kinds.BadGame, match="the web half of the game mixed serves other kinds"):
        registry._web_half("mixed", GameEntry(kinds=HOMBRE.kinds, web=BROU.web))
    assert registry._web_half("brou", BROU) is registry.named("brou")


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("seed", "hombre"),
        ("jetons", "jetons"),
        ("danois-dlu", "danois"),
        ("brou", "brou"),
        ("manille-classique", "manille"),
        ("manille-belge-3", "manillen"),
    ],
)
def test_a_game_file_finds_its_kind_from_its_game_and_rules(name, key):
    data = json.loads((GOLDEN / f"{name}.game.json").read_text(encoding="utf-8"))
    game = kinds.load_file(data)
    assert kinds.kind_of(game).key == key
    assert kinds.stored_kind(data["game"], data.get("rules", {})).key == key


def every_rule_set():
    """Each kind's default rule set and every preset it offers."""
    for kind in kinds.KINDS:
        yield kind, "default", kind.rules_type()
        for name in kind.presets:
            yield kind, name, kind.preset(name)


@pytest.mark.parametrize(
    ("kind", "name", "rules"),
    list(every_rule_set()),
    ids=[f"{kind.key}-{name}" for kind, name, _ in every_rule_set()],
)
def test_every_rule_set_of_every_kind_describes_itself_and_is_its_kinds(kind, name, rules):
    # store.set_table logs rules.describe(): the jetons and Danish sets lacked it (a 500)
    assert isinstance(rules.describe(), str) and rules.describe()
    assert kinds.kind_of(rules) is kind
    players = ("Anne", "Bruno", "Chloé", "Denis")[: kind.seats[0]]
    game = kinds.build(kind.game, players, rules.to_mapping(), 0, [])
    assert kinds.kind_of(game) is kind and game.rules == rules
    assert kinds.stored_kind(kind.game, rules.to_mapping()) is kind


@pytest.mark.parametrize("kind", kinds.KINDS, ids=lambda kind: kind.key)
def test_every_kind_answers_with_the_protocols(kind):
    players = ("Anne", "Bruno", "Chloé", "Denis")[: kind.seats[0]]
    game = kinds.build(kind.game, players, kind.rules_type().to_mapping(), 1, [])
    report = kinds.replay(game)
    assert isinstance(report, Report) and isinstance(report, Standing)
    assert report.game == game and report.coups == () and not report.finished
    assert report.next_dealer == 1
    assert report.tally == (0,) * (2 if kind.teams and len(players) == 4 else len(players))
    assert kinds.kind_of(report) is kind
    assert kinds.dump_report(report) == kind.dump_report(report)
    assert kinds.load_file(kinds.dump_file(game)) == game


def test_a_kind_reads_only_its_own_games():
    jetons = kinds.find_kind("jetons")
    data = kinds.dump_file(kinds.build("hombre", ("A", "B", "C"), {}, 0, []))  # a 1709 poule
    with pytest.raises(TypeError):
        jetons.load(data)
    assert kinds.kind_of(kinds.load_file(data)).key == "hombre"


def test_an_unknown_game_is_refused_with_the_registrys_games():
    with pytest.raises(GameError) as refused:
        kinds.load_file({"game": "whist"})
    assert str(refused.value) == "game must be one of hombre, brou, manille, got 'whist'"
    assert all(game in str(refused.value) for game in kinds.GAMES)
    with pytest.raises(KeyError):
        kinds.kind_of(object())  # type: ignore[arg-type]


def test_net_changes_name_each_side_and_keep_only_what_moved():
    players = ("Anne", "Bruno", "Chloé", "Denis")
    game = kinds.build("brou", players, {}, 0, [])
    played = kinds.build("brou", players, {}, 0, [{"points": 80}])
    before, after = kinds.replay(game), kinds.replay(played)
    sides = ("Nous", "Eux")
    changes = net_changes(before, after, sides, every=True)
    assert [c.name for c in changes] == list(sides)
    assert [c.delta for c in changes] == [a - b for a, b in zip(after.tally, before.tally)]
    assert net_changes(before, before, sides) == []
    with pytest.raises(ValueError):
        net_changes(before, after)  # four players, two sides: the sides need their names
    assert NetChange("Anne", 3, -2).delta == -5


def test_the_seats_and_the_money_of_each_kind():
    by_key = {kind.key: kind for kind in kinds.KINDS}
    assert by_key["hombre"].seats == (3, 4) and by_key["hombre"].betes
    assert by_key["jetons"].chips and not by_key["jetons"].betes
    assert by_key["brou"].seats == (4,) and by_key["brou"].teams and not by_key["brou"].chips
    assert by_key["manillen"].seats == (4, 3)


def test_a_rule_set_cannot_claim_another_system():
    # DanishRules(accounting="jetons") used to get the jetons contracts
    with pytest.raises(TypeError):
        DanishRules(accounting="jetons")  # type: ignore[call-arg]
    assert DanishRules().to_mapping()["accounting"] == "danois"
    assert JetonsRules.from_mapping({"accounting": "jetons", "stake": 4}).stake == 4


def test_the_engines_import_neither_flask_nor_a_database():
    code = (
        "import sys, pkgutil, importlib, scorekeeper.rules as r\n"
        "for m in pkgutil.walk_packages(r.__path__, r.__name__ + '.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = {'flask', 'werkzeug', 'jinja2', 'wtforms', 'sqlite3', 'sqlite_utils'}\n"
        "print(sorted(bad & {name.split('.')[0] for name in sys.modules}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_every_change_log_action_has_its_words():
    assert set(ACTION_WORDS) == set(Action)


# A game's own modules and templates may test its tags; nothing else may.
OWN = re.compile(
    r"scorekeeper/(rules|web)/(hombre|brou|manille)(\b|_)|templates/(hombre|brou|manille)/"
)
TAG_TEST = re.compile(
    r"""kind\s*[!=]=\s*['"]|kind\s+(not\s+)?in\s+\(|\.accounting\s*[!=]=|\.game\s*[!=]=\s*['"]|"""
    r"""accounting\s*[!=]=\s*['"]|variant\s*[!=]=\s*['"]|isinstance\([^)]*(Report|Game|Rules)\b"""
)


STILL_TESTED: dict[str, int] = {}
"""Files outside the games' own modules that still test a tag, and how often: none."""


def test_no_tag_is_tested_outside_a_games_own_modules():
    found = []
    for path in [*ROOT.glob("scorekeeper/**/*.py"), *ROOT.glob("templates/**/*.html")]:
        relative = path.relative_to(ROOT).as_posix()
        if OWN.match(relative):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if TAG_TEST.search(line):
                found.append(relative)
    counts = {path: found.count(path) for path in found}
    # none anywhere else, and never more than what is left to move (a ratchet)
    assert set(counts) <= set(STILL_TESTED)
    assert all(counts[path] <= STILL_TESTED[path] for path in counts)


# What other code asks of a game goes through the kind's hooks, with defaults for the
# games that have none (issue 34): the journal, the settlement, a file's money, the season.

CHIP_GAMES = ["seed", "hombre-3-2", "jetons", "danois", "danois-dlu"]
POINTS_GAMES = ["brou", "manille-classique", "manille-belge-3"]


def golden(name: str) -> tuple[dict, object]:
    data = json.loads((GOLDEN / f"{name}.game.json").read_text(encoding="utf-8"))
    return data, kinds.load_file(data)


def command_output(name: str, suffix: str) -> str:
    """What the command printed, as its golden file keeps it (after its ``exit 0`` line)."""
    status, _newline, text = (GOLDEN / f"{name}.{suffix}").read_bytes().decode().partition("\n")
    assert status == "exit 0"
    return text


@pytest.mark.parametrize("name", CHIP_GAMES)
def test_a_chip_game_gives_its_journal_and_settlement_through_its_kind(name):
    data, game = golden(name)
    kind = kinds.kind_of(game)
    report = kind.replay(game)
    assert kind.chips and kind.journal_csv(report) == command_output(name, "csv")
    money = Money(Decimal("0.05"), "EUR")  # what the golden settle was given
    assert kind.settlement_text(report, money) + "\n" == command_output(name, "settle.txt")
    assert kind.file_money(data) is None
    with_money = {**data, "money": {"chip_value": "0,05", "currency": "eur"}}
    assert kind.file_money(with_money) == money


@pytest.mark.parametrize("name", POINTS_GAMES)
def test_a_points_game_answers_every_hook_with_its_default(name):
    data, game = golden(name)
    kind = kinds.kind_of(game)
    report = kind.replay(game)
    assert not kind.chips
    assert kind.journal_csv(report) is None and kind.settlement_text(report, None) is None
    # a points game ignores a file's money: nothing of it is kept on import
    assert kind.file_money({**data, "money": {"chip_value": "0.05", "currency": "EUR"}}) is None
    assert kind.seat_records(report) is None


def test_the_seed_games_seat_records_are_its_players_records():
    # test_settlement's hand-checked record of the seed game (player_stats): Bruno took
    # 4 demandes (2 remises, 2 gagnes), Chloé 1 (gagne), Anne 1 (remise); nets −72, −9, +81
    report = replay_file(SEED)
    anne, bruno, chloe = kinds.kind_of(report).seat_records(report)
    assert (anne.taken, bruno.taken, chloe.taken) == (1, 4, 1)
    assert bruno.outcomes == Counter(remise=2, gagne=2) and chloe.outcomes == Counter(gagne=1)
    assert [r.net for r in (anne, bruno, chloe)] == [-72, -9, 81]
    assert all(r.coups == 7 and r.won - r.lost == r.net for r in (anne, bruno, chloe))


@pytest.mark.parametrize("name", CHIP_GAMES)
def test_seat_records_add_up_to_the_report(name):
    _data, game = golden(name)
    kind = kinds.kind_of(game)
    report = kind.replay(game)
    records = kind.seat_records(report)
    assert [r.net for r in records] == list(report.tally) and sum(report.tally) == 0
    assert all(r.coups == len(report.coups) and r.won - r.lost == r.net for r in records)
    total = sum(records, SeatRecord())
    assert total.net == 0 and total.won == total.lost  # chips change hands, none made
    assert sum(total.outcomes.values()) == total.taken <= len(report.coups)


def test_the_rules_command_lists_each_kinds_settings_through_its_kind():
    listed = [kind.key for kind in kinds.KINDS if kind.settings_text()]
    assert listed == ["hombre", "jetons", "danois", "brou", "manille", "manillen"]
    assert kinds.find_kind("hombre").settings_text().startswith("Settings (default, meaning):")


# A kind is checked by mypy: one that forgets an attribute does not type-check.

FORGETFUL = """
from typing import Any
from scorekeeper.rules.kind import Kind

class Whist(Kind[Any, Any, Any, Any]):
    key = "whist"
    game = "whist"
    title = "Whist"
    rules_type = dict
    game_type = tuple
    # seats forgotten

    def load(self, data: Any) -> Any: ...
    def load_coup(self, item: object, game: Any) -> Any: ...
    def replay(self, game: Any) -> Any: ...
    def dump(self, game: Any) -> Any: ...
    def dump_coup(self, coup: Any, players: tuple[str, ...]) -> Any: ...
    def dump_report(self, report: Any) -> Any: ...
    def text(self, report: Any, changes: Any = ()) -> str:
        return ""

WHIST = Whist()
"""


def test_a_kind_that_forgets_an_attribute_is_a_type_error(tmp_path):
    from mypy import api

    source = tmp_path / "whist.py"
    source.write_text(textwrap.dedent(FORGETFUL), encoding="utf-8")
    config = [
        "--config-file",
        str(ROOT / "pyproject.toml"),
        "--cache-dir",
        str(ROOT / ".mypy_cache"),
    ]
    out, _err, status = api.run([*config, str(source)])
    assert status == 1
    assert 'Cannot instantiate abstract class "Whist" with abstract attribute "seats"' in out
    source.write_text(
        textwrap.dedent(FORGETFUL).replace("# seats forgotten", "seats = (4,)"), encoding="utf-8"
    )
    out, _err, status = api.run([*config, str(source)])
    assert status == 0, out
    with pytest.raises(TypeError, match="seats"):  # and at run time, before any table
        exec(compile(textwrap.dedent(FORGETFUL), "whist", "exec"), {})


# Outside a game's own modules, no code imports them or asks "is it l'Hombre?".

GAME_MODULE = re.compile(r"scorekeeper\.(rules|web)\.(hombre|brou|manille)\b")
ENTRIES = "scorekeeper/games/"
"""The entry points' objects: each names its game's kinds and web half, nothing else does."""


def imported(path: Path) -> set[str]:
    """The modules a module of the package imports, relative imports made absolute."""
    package = path.relative_to(ROOT).with_suffix("").parts
    package = package if path.name == "__init__.py" else package[:-1]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            names |= {f"{module}.{alias.name}" for alias in node.names} | {module}
    return names


def test_no_module_outside_a_game_imports_the_games_modules():
    found = {}
    for path in ROOT.glob("scorekeeper/**/*.py"):
        relative = path.relative_to(ROOT).as_posix()
        if OWN.match(relative) or relative.startswith(ENTRIES):
            continue
        bad = sorted(name for name in imported(path) if GAME_MODULE.match(name))
        if bad:
            found[relative] = bad
    assert found == {}


CHIPS_ASKED = {
    "scorekeeper/clubs/room.py",
    "scorekeeper/store/paid.py",
    "scorekeeper/ratings/club.py",
    "scorekeeper/clubs/season.py",
    "scorekeeper/web/table/seats.py",
    "scorekeeper/web/events/forms.py",
}
"""Where ``kind.chips`` is asked what it says — a chip table's tally is settled between its
seats (the room's settlement, the ticks of transfers paid), a table's results are chips or
points (a member's history and their season add their nets and their points apart; the seat page
says a seat keeps its money or its points; a new event's ranking by total says its game's
unit, words24) — never "is it l'Hombre"."""


def test_kind_chips_is_asked_only_whether_chips_are_settled():
    asking = set()
    for path in ROOT.glob("scorekeeper/**/*.py"):
        relative = path.relative_to(ROOT).as_posix()
        if OWN.match(relative):
            continue
        code = [line for line in path.read_text(encoding="utf-8").splitlines()]
        if any(re.search(r"\bkind\.chips\b", line) and "``" not in line for line in code):
            asking.add(relative)
    assert asking == CHIPS_ASKED


def tag_test(tags: set[tuple[str, str]]) -> re.Pattern[str]:
    """A line that compares a rules key that picks a kind, or one of its values, with a word."""
    keys = "|".join(sorted({re.escape(key) for key, _value in tags}))
    values = "|".join(sorted({re.escape(value) for _key, value in tags}))
    return re.compile(
        rf"""\b({keys})\s*(!=|==|\bin\b|\bnot in\b)|[!=]=\s*['"]({values})['"]"""
        rf"""|['"]({values})['"]\s*[!=]="""
    )


def test_no_tag_is_tested_inside_a_game_either():
    """Inside a game too the kind decides: no module or template asks which system a rule
    set is (``rules.accounting == "danois"``), it asks the kind or its web piece."""
    pattern = tag_test({kind.tag for kind in kinds.KINDS if kind.tag is not None})
    found = []
    for path in [*ROOT.glob("scorekeeper/**/*.py"), *ROOT.glob("templates/**/*.html")]:
        relative = path.relative_to(ROOT).as_posix()
        for line in path.read_text(encoding="utf-8").splitlines():
            if pattern.search(line):
                found.append(f"{relative}: {line.strip()}")
    assert found == []  # l'Hombre's money systems and la Manille's variants are kinds


def test_every_money_system_has_its_web_piece():
    assert set(hombre_systems.WEBS) == {kind.key for kind in SYSTEMS}
    assert HOMBRE.kinds == SYSTEMS  # the entry point lists l'Hombre's systems once


def test_a_kind_won_by_games_says_its_games():
    """A kind that counts games won (``games_won``) is placed by them only as a ``GamesWon``,
    which needs its ``games_said`` too: one without would be placed by its tally everywhere,
    in silence (review29). Brou and the classique are; the chip games and the manillen not."""
    from scorekeeper.rules.placing import GamesWon

    counting = {kind.key for kind in kinds.KINDS if hasattr(kind, "games_won")}
    placed = {kind.key for kind in kinds.KINDS if isinstance(kind, GamesWon)}
    assert counting == placed
    assert {kind.game for kind in kinds.KINDS if kind.key in placed} == {"brou", "manille"}
    assert all(not kind.chips for kind in kinds.KINDS if kind.key in placed)
