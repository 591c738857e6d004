"""The web halves of the games: one registry, every hook declared, a missing hook refused.

``scorekeeper/web/hookspecs.py`` declares what a game's web half provides;
``scorekeeper/web/registry.py`` lists them. A game that leaves a hook out
must fail before it reaches a table: mypy refuses to instantiate it, and so
does Python.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.rules import kinds
from scorekeeper.web import registry
from scorekeeper.web.hookspecs import Change, CoupEntry, GamePages

ROOT = Path(__file__).parents[2]


def test_every_kind_has_exactly_one_web_half():
    for kind in kinds.KINDS:
        serving = [web for web in registry.WEBS for k in web.kinds if type(k) is type(kind)]
        assert len(serving) == 1, kind
        assert registry.web_of(kind) is serving[0]
    served = {type(k) for web in registry.WEBS for k in web.kinds}
    assert served == {type(kind) for kind in kinds.KINDS}


def test_each_web_half_is_named_by_its_game_and_has_its_templates():
    assert [web.name for web in registry.WEBS] == ["hombre", "brou", "manille"]
    for web in registry.WEBS:
        assert all(kind.game == web.name for kind in web.kinds)
        assert web.templates.is_dir()
        assert registry.named(web.name) is web
    assert registry.named("whist") is None
    # the chooser on l'Hombre's page offers the games started from /games/new/<name>
    assert [web.name for web in registry.new_games()] == ["brou", "manille"]


def test_no_module_is_named_in_a_string():
    for path in (ROOT / "scorekeeper").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import_module" not in text, path
        assert "__import__" not in text, path


def test_a_missing_hook_is_a_type_error_at_run_time():
    class HalfEntry(CoupEntry[object]):
        def form(self, stored, coup=None):
            return object()

        # valid, read, saving and error_fields left out

    with pytest.raises(TypeError, match="abstract"):
        HalfEntry()  # type: ignore[abstract]

    class NoSettlement(GamePages[object]):
        pass

    with pytest.raises(TypeError, match="settlement"):
        NoSettlement()  # type: ignore[abstract]


def test_a_game_without_its_own_change_messages_says_what_happened(app):
    """``changed_text`` is optional: a game that says nothing more of a coup corrected,
    deleted, undone or redone says which (the catalog's four headlines)."""
    said = {
        Change.CORRECTED: "Coup 4 corrected.",
        Change.DELETED: "Coup 4 deleted.",
        Change.UNDONE: "Coup 4 undone.",
        Change.REDONE: "Coup 4 redone.",
    }
    assert set(said) == set(Change)
    with app.test_request_context(headers={"Accept-Language": "en"}):
        for change, words in said.items():
            assert GamePages.changed_text(None, change, None, None, 4) == words


def test_a_game_still_defining_a_folded_message_hook_is_refused_when_loaded():
    """corrected_text, deleted_text, undone_text and redone_text became changed_text: an
    outside game that still defines one would be left uncalled (its messages the headline
    alone), so its class is refused, naming the new hook."""
    with pytest.raises(TypeError, match=r"defines corrected_text, undone_text: .*changed_text"):

        class OldMessages(GamePages[object]):  # refused as it is made
            def corrected_text(self, before, after, n, people=None, now=None):
                return "corrected"

            def undone_text(self, before, after, n, people=None, now=None):
                return "undone"


def test_a_points_games_field_words_of_two_arguments_is_refused_when_made():
    """PointsGame.field_words took (item, players) before the names of who sat there: an
    outside game's old function failed only at the first correction the change log
    showed; it is refused when the game is made."""
    from dataclasses import replace

    from scorekeeper.web.brou import BROU

    game = BROU.entry.game  # the PointsGame points_web made Brou's half of
    replace(game, field_words=lambda item, players, names: {})  # of three: taken
    with pytest.raises(TypeError, match=r"brou: field_words takes \(item, players, names\)"):
        replace(game, field_words=lambda item, players: {})


SNIPPET = """
from typing import Any
from scorekeeper.web.hookspecs import CoupEntry


class Entry(CoupEntry[str]):
    def form(self, stored: Any, coup: Any = None) -> str:
        return ""

    def valid(self, form: str, stored: Any) -> bool:
        return True

    def read(self, form: str, stored: Any) -> Any:
        return None

    def error_fields(self) -> dict[str, str]:
        return {}


ENTRY = Entry()
"""


def test_a_missing_hook_is_a_mypy_error(tmp_path):
    snippet = tmp_path / "half_game.py"
    snippet.write_text(SNIPPET, encoding="utf-8")
    # a copy of the checkout's cache (make lint's mypy fills it before the suite): the
    # package is read from it where its files are unchanged, in a second rather than
    # fifteen; without one mypy checks everything, as --no-incremental did
    cache = tmp_path / "mypy_cache"
    if (ROOT / ".mypy_cache").is_dir():
        shutil.copytree(ROOT / ".mypy_cache", cache)
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), str(snippet)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 1, out.stdout
    assert 'Cannot instantiate abstract class "Entry" with abstract attribute "saving"' in (
        out.stdout
    )


WEB = ROOT / "scorekeeper" / "web"
GAME_MODULES = {"scorekeeper.web.brou", "scorekeeper.web.manille", "scorekeeper.web.hombre"}
"""The games' own web modules (l'Hombre's a package); only the registry imports them."""


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The modules of scorekeeper.web that ``path`` imports (relative imports resolved)."""
    import ast

    package = _module(path) if path.name == "__init__.py" else _module(path).rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            target = f"{base}.{node.module}" if node.module else base
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return {name for name in found if name.startswith("scorekeeper.web")}


def _blueprint_modules() -> set[str]:
    return {
        _module(path)
        for path in WEB.rglob("*.py")
        if path.name != "__init__.py"
        and ("Blueprint(" in path.read_text() or "bp = blueprints." in path.read_text())
        and path.name != "blueprints.py"
    }


def test_blueprints_do_not_import_each_other():
    views = _blueprint_modules()
    assert "scorekeeper.web.table.coups" in views and "scorekeeper.web.hombre.pages" in views
    for path in WEB.rglob("*.py"):
        if _module(path) in views:
            assert not (_imports(path) & views), path


def test_generic_modules_never_import_a_games_web_module():
    for path in WEB.rglob("*.py"):
        name = _module(path)
        own = any(name == game or name.startswith(game + ".") for game in GAME_MODULES)
        if own or name == "scorekeeper.web.registry":
            continue
        imported = {i for i in _imports(path) for game in GAME_MODULES if i.startswith(game)}
        assert not imported, path
