"""The data folder: where the database (with its secret key) and the TLS files live.

One rule, here, for every command (``serve``, ``backup``, ``restore``, ``verify``):

1. ``SCOREKEEPER_DATA_FOLDER``, when set, names it;
2. else a checkout (the package beside its ``pyproject.toml``: ``make run``, the
   editable install of the systemd service and of the container) keeps ``instance/``
   beside the code, as it always has;
3. else (``pip install``, ``pipx``: the package inside a virtual environment)
   ``$XDG_DATA_HOME/scorekeeper``, by default ``~/.local/share/scorekeeper``.

Flask's own default for an installed package is a folder inside the virtual
environment, which a rebuilt environment deletes with every game: never used.
``SCOREKEEPER_DATABASE`` and ``SCOREKEEPER_TLS_FOLDER`` may still put the database
or the TLS files elsewhere; ``serve`` prints where they are.
"""

from __future__ import annotations

import os
from pathlib import Path

SETTING = "SCOREKEEPER_DATA_FOLDER"
DATABASE_NAME = "scorekeeper.sqlite"
PACKAGE = Path(__file__).resolve().parent.parent
"""The ``scorekeeper`` package's folder."""


def checkout() -> Path | None:
    """The source tree this package is run from, or None when it is installed."""
    project = PACKAGE.parent / "pyproject.toml"
    try:
        ours = 'name = "scorekeeper"' in project.read_text(encoding="utf-8")
    except OSError:  # no such file: an installed package
        return None
    return project.parent if ours else None


def data_folder(setting: str | os.PathLike[str] | None = None) -> Path:
    """The data folder, by the rule above (``setting``: a caller's ``DATA_FOLDER``)."""
    named = setting or os.environ.get(SETTING, "").strip()
    if named:
        return Path(named).expanduser().absolute()
    tree = checkout()
    if tree is not None:
        return tree / "instance"
    xdg = os.environ.get("XDG_DATA_HOME", "").strip()
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "scorekeeper"


def default_database(folder: Path) -> Path:
    """The database in ``folder`` when ``SCOREKEEPER_DATABASE`` names none."""
    return folder / DATABASE_NAME
