"""La Manille's words for people, by the keys its engines and game file use: the trumps and
the contres (the teams' are ``rules/teams.py``'s).

One home for them, as l'Hombre's ``words.py``: each is a catalog message (``N_``: English,
the catalogs' source), which the pages translate (``web/manille/belge.py``) and
``scorekeeper replay`` prints as it is, in English like the rest of its lines. The keys
stay the file's (``coeur``, ``surcontre``): game-file.md's keys are not words.
"""

from __future__ import annotations

from ..errors import N_

TRUMPS: dict[str, str] = {
    "pique": N_("♠ pique"),
    "coeur": N_("♥ cœur"),
    "carreau": N_("♦ carreau"),
    "trefle": N_("♣ trèfle"),
    "sans-atout": N_("sans-atout"),
}
"""Every trump a coup may name (``belge.TRUMPS``, in the same order), in words."""
CONTRES: dict[str, str] = {"contre": N_("contré"), "surcontre": N_("sur-contré")}
"""A contre in words, by its file key (none: no contre)."""
RENONCE = N_("renonce by %(who)s")
"""A deal lost by a renonce (its side or player: ``who``)."""
TIE_DOUBLE = N_("30–30: the next deal counts double")
TIE_TIMES = N_("30–30: the next deal counts ×%(n)s")
"""A 30–30 that carries more than double (ties in a row, or a tie carrying its multiplier)."""
TIE_LAST = N_("30–30 on the last deal: nothing carries")
"""A 30–30 with no deal after it to carry to."""
