"""The build step pyproject.toml cannot say: the compiled catalogs (.mo) go into the wheel.

The .mo files are built, not committed (.gitignore): ``make`` compiles them in the
checkout, and this step compiles each .po into the wheel's package, so that
``pip install .`` (not editable, as pipx or a wheel installs it) serves the pages
in French, Danish and Dutch rather than in English under ``lang="fr"``.
Babel reads the .po files (a build requirement, pyproject.toml).
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

CATALOGS = Path("scorekeeper") / "translations"


class BuildWithCatalogs(build_py):
    """build_py, then every ``translations/<lang>/LC_MESSAGES/messages.po`` compiled."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(CATALOGS.glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=po.parent.parent.name)
            target = Path(self.build_lib) / po.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("wb") as handle:
                write_mo(handle, catalog)  # fuzzy entries left out, as pybabel compile


setup(cmdclass={"build_py": BuildWithCatalogs})
