"""No module imports a library's private name but the few listed here, each with its reason
(issue 44: one home for every fact, the code too).

A private name (``flask.globals._cv_app``) is no promise of its library: it changes or goes
without a word in the changelog, and the code that read it breaks, or worse, reads something
else. ``here.py`` reads Flask's context through its proxies' public getter
(``_get_current_object``, Werkzeug's documented way), not Flask's context variables.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import scorekeeper

PACKAGE = Path(scorekeeper.__file__).parent

KEPT = {
    ("scorekeeper/web/forms.py", "flask_wtf.form", "_Auto"): (
        "FlaskForm's own default for formdata (the request's data, found): Form.bound takes"
        " the same default, and Flask-WTF names it nowhere publicly"
    ),
}
"""The private names imported, by (module, library module, name): nothing public does it."""


def private_imports() -> set[tuple[str, str, str]]:
    found = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or node.level or node.module is None:
                continue
            if node.module.split(".")[0] == "scorekeeper":
                continue
            where = str(path.relative_to(PACKAGE.parent))
            found |= {(where, node.module, a.name) for a in node.names if a.name.startswith("_")}
    return found


def test_no_private_name_of_a_library_is_imported_but_the_kept_ones():
    assert private_imports() == set(KEPT)


def test_the_check_sees_a_private_import(tmp_path, monkeypatch):
    """The check itself can fail: here.py as it was (Flask's context variables)."""
    copy = tmp_path / "scorekeeper"
    copy.mkdir()
    (copy / "here.py").write_text("from flask.globals import _cv_app, g\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", copy)
    assert private_imports() == {("scorekeeper/here.py", "flask.globals", "_cv_app")}
