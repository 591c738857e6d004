"""How many examples a Hypothesis property draws: fewer in the suite, the old many in ``make fuzz``.

The suite's profile (conftest) draws the same examples every run, so a property's
count there buys nothing new after the first run that reached every line and branch
it can reach. The counts given to ``examples`` were cut only where the smaller,
derandomized run covers exactly the same lines and branches of ``scorekeeper`` as
the old count did (coverage.py, branch mode, measured per test: docs/performance.md,
"The suite"); ``make fuzz`` (--hypothesis-profile=fuzz) draws the old count, anew.
"""

from __future__ import annotations

from hypothesis import settings

DEEP = settings.get_current_profile_name() == "fuzz"


def examples(suite: int, deep: int) -> int:
    """``suite`` examples in the suite, ``deep`` (new ones each run) under ``make fuzz``."""
    return deep if DEEP else suite
