"""The chain heads a settlement prints, so that the players who saw it are its witnesses.

A head is the hash of the last line of a game's change log (``db/chain.py``),
in its short form; whoever noted it can later check that no line before it was
rewritten (``scorekeeper verify``). A game stored before the chains began says
where its chain starts: the migration's date (its older lines are as they were).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...db import chain, get_db
from ...store.changelog import chain_started


@dataclass(frozen=True)
class ChainNote:
    head: str | None
    """The short head (None: nothing chained, e.g. a table the database lacks)."""
    since: str | None = None
    """When the chain began at the migration (ISO time); None: it starts with the game."""


def game_chain(game_id: int) -> ChainNote:
    db = get_db()
    found = chain.head(db, chain.CHANGES, game_id)
    return ChainNote(None if found is None else found.short, chain_started(db, game_id))


def club_ledger(club_id: int) -> ChainNote:
    """The head of the club's ledger (its accounts), if the database keeps one."""
    found = chain.head(get_db(), chain.LEDGER, club_id)
    return ChainNote(None if found is None else found.short)
