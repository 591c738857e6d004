"""Fill in the msgstr of given msgids in a catalog: ``fill_po.py LANG 'msgid=msgstr' …``.

For the few strings a change adds; it refuses a msgid the catalog does not hold.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent


def main(lang: str, pairs: list[str]) -> None:
    path = ROOT / "scorekeeper" / "translations" / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    for pair in pairs:
        msgid, _sep, msgstr = pair.partition("=")
        message = catalog.get(msgid)
        if message is None:
            sys.exit(f"{lang}: no msgid {msgid!r}")
        message.string = msgstr
        message.flags.discard("fuzzy")
    with path.open("wb") as handle:
        write_po(handle, catalog, width=76)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
