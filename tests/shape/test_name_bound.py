"""A name's bound has one home (names.py ``MAX_LENGTH``): every part that takes a name reads
it, and the two messages that say it in words say that number.

The draw command took 80 characters while the app refused a name over 40, so a name
drawn could not be registered.
"""

from __future__ import annotations

from pathlib import Path

from scorekeeper.draw import command
from scorekeeper.events import records
from scorekeeper.names import MAX_LENGTH
from scorekeeper.rules import importing

ROOT = Path(__file__).resolve().parents[2]


def test_every_part_that_takes_a_name_has_the_apps_bound():
    assert command.MAX_NAME == importing.MAX_NAME == records.MAX_NAME == MAX_LENGTH


def test_the_messages_say_the_bound():
    # a catalog's message cannot read a constant: its words are checked against it here
    said = f"at most {MAX_LENGTH} characters"
    # forms.NAME_TOO_LONG, which a member's rename says too (its own fallback, "A member needs
    # a name of at most 40 characters.", could no longer be said: removed in fix24c)
    assert said in (ROOT / "scorekeeper/web/forms.py").read_text(encoding="utf-8")
    assert f"{MAX_LENGTH} characters a name" in (ROOT / "docs/formats.md").read_text(
        encoding="utf-8"
    )
