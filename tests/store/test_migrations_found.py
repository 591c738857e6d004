"""Every migration file of the folder runs, once, in the order of its number.

``MIGRATIONS`` is derived from the package's imports (the one list): a file left out
of them would never run on any database, and a number given twice would run in an
order its author did not choose.
"""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.db import migrations
from scorekeeper.db.migrations import MIGRATIONS, SCHEMA


def test_every_file_of_the_folder_is_a_migration_in_the_order_of_its_number():
    folder = Path(migrations.__file__).parent
    files = sorted(p.stem for p in folder.glob("m*.py") if re.fullmatch(r"m\d{3}_\w+", p.stem))
    names = [module.__name__.rpartition(".")[2] for module in MIGRATIONS]
    assert names == files
    numbers = [int(name[1:4]) for name in names]
    assert numbers == sorted(set(numbers)) and numbers[-1] == SCHEMA
    assert all(callable(module.migrate) for module in MIGRATIONS)
