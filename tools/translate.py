"""Keep the catalogs in step: extract the strings, merge them into each .po, compile.

python tools/translate.py           # extract + update + compile
python tools/translate.py --check   # fail if a string is new or untranslated
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
DIR = ROOT / "scorekeeper" / "translations"
POT = DIR / "messages.pot"
PYBABEL = [sys.executable, "-m", "babel.messages.frontend"]


def run(*args: str) -> None:
    subprocess.run([*PYBABEL, *args], check=True, cwd=ROOT, capture_output=True)


def extract(target: Path) -> None:
    run(
        "extract",
        "-F",
        "babel.cfg",
        "-k",
        "_l",
        "-k",
        "N_",
        "--no-location",
        "--omit-header",
        "-o",
        str(target),
        ".",
    )


def untranslated() -> list[str]:
    missing = []
    for po in DIR.glob("*/LC_MESSAGES/messages.po"):
        with po.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not all(strings) or message.fuzzy:
                missing.append(f"{po.parent.parent.name}: {message.id!r}")
    return missing


def check() -> int:
    fresh = DIR / "fresh.pot"
    try:
        extract(fresh)
        with fresh.open("rb") as handle:
            wanted = {m.id for m in read_po(handle) if m.id}
    finally:
        fresh.unlink(missing_ok=True)
    problems = []
    for po in DIR.glob("*/LC_MESSAGES/messages.po"):
        with po.open("rb") as handle:
            have = {m.id for m in read_po(handle) if m.id}
        problems += [f"{po.parent.parent.name}: not in the catalog: {m!r}" for m in wanted - have]
    problems += [f"untranslated {m}" for m in untranslated()]
    for line in problems:
        print(line)
    return 1 if problems else 0


def main() -> int:
    if "--check" in sys.argv:
        return check()
    extract(POT)
    run("update", "-i", str(POT), "-d", str(DIR), "--no-fuzzy-matching")
    run("compile", "-d", str(DIR))
    missing = untranslated()
    for line in missing:
        print("untranslated", line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
