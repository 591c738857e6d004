"""Keep the catalogs in step: extract the strings, merge them into each .po, compile.

python tools/translate.py           # extract + init/update every catalog + compile
python tools/translate.py --check   # fail if a string is new, untranslated or fuzzy in any
                                    # catalog, or if a translation's placeholders differ

Every language of scorekeeper.i18n.LANGUAGES has a catalog but English, whose
strings are the msgids themselves.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.i18n import LANGUAGES  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
import french_typography  # noqa: E402

DIR = ROOT / "scorekeeper" / "translations"
POT = DIR / "messages.pot"
PYBABEL = [sys.executable, "-m", "babel.messages.frontend"]
CATALOGS = tuple(code for code in LANGUAGES if code != "en")
# What a translation must carry over unchanged: %(name)s, {name!r} and markup tags.
PLACEHOLDER = re.compile(r"%\(\w+\)[sdifr]|\{[^{}]*\}|</?[a-zA-Z][^<>]*>")


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
        "-k",
        "Nn_:1,2",
        "-k",
        "lazy_ngettext:1,2",  # a form's message with a number (web/forms.at_most)
        "--no-location",
        "--omit-header",
        "-o",
        str(target),
        ".",
    )


def placeholders(text: str) -> Counter[str]:
    return Counter(PLACEHOLDER.findall(text))


def catalog_problems(directory: Path = DIR, wanted: set[str] | None = None) -> list[str]:
    """Every catalog's faults: missing, not translated, fuzzy, placeholders changed, the
    space ending a fragment dropped.

    wanted: the msgids the code uses (from a fresh extraction); None skips that test.
    """
    problems = []
    for code in CATALOGS:
        po = directory / code / "LC_MESSAGES" / "messages.po"
        if not po.exists():
            problems.append(f"{code}: no catalog {po.relative_to(directory)}")
            continue
        with po.open("rb") as handle:
            catalog = read_po(handle)
        have = set()
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            have.add(ids[0])
            if not all(strings) or message.fuzzy:
                problems.append(f"{code}: untranslated {ids[0]!r}")
                continue
            for index, string in enumerate(strings):
                source = ids[min(index, len(ids) - 1)]
                if placeholders(string) != placeholders(source):
                    problems.append(
                        f"{code}: placeholders differ in {string!r}"
                        f" (wanted {sorted(placeholders(source).elements())})"
                    )
                if source[-1:].isspace() and not string[-1:].isspace():
                    # a fragment the code writes before more text: "Spel 3:zonder troef"
                    problems.append(f"{code}: no space at the end of {string!r}")
        if wanted is not None:
            problems += [f"{code}: not in the catalog: {m!r}" for m in sorted(wanted - have)]
    return problems


def french_problems() -> list[str]:
    """French strings lacking a narrow no-break space before : ; ! ? (french_typography.py)."""
    with french_typography.CATALOG.open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    return [
        f"fr: no narrow no-break space before a high mark: {text!r}"
        for message in catalog
        if message.id
        for text in french_typography._strings(message)
        if french_typography.wrong(text)
    ]


def check() -> int:
    fresh = DIR / "fresh.pot"
    try:
        extract(fresh)
        with fresh.open("rb") as handle:
            wanted = {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(handle) if m.id}
    finally:
        fresh.unlink(missing_ok=True)
    problems = catalog_problems(DIR, wanted) + french_problems()
    for line in problems:
        print(line)
    return 1 if problems else 0


def main() -> int:
    if "--check" in sys.argv:
        return check()
    extract(POT)
    for code in CATALOGS:
        if not (DIR / code / "LC_MESSAGES" / "messages.po").exists():
            run("init", "-i", str(POT), "-d", str(DIR), "-l", code)
    run("update", "-i", str(POT), "-d", str(DIR), "--no-fuzzy-matching")
    french_typography.main([])  # a narrow no-break space before : ; ! ? in French
    run("compile", "-d", str(DIR))
    for line in catalog_problems(DIR):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
