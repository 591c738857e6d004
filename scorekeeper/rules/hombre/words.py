"""L'Hombre's words for people, by the keys the engine and the game file use: contracts,
bonus hands, outcomes, why chips moved, a bête's state.

One home for them: each is a catalog message (``N_``: English, the catalogs' source),
which the pages translate (``web/hombre/forms.py``, ``web/hombre/present.py``) and
``scorekeeper replay`` prints as it is, in English like the rest of its lines. The keys
stay the file's (``sans_prendre``, ``bete``): game-file.md's keys are not words.
"""

from __future__ import annotations

from ..errors import N_
from .engine import BeteStatus, Contract, Outcome, Reason
from .pot import PotReason

CONTRACTS: dict[str, str] = {
    # 1709 (poule)
    Contract.DEMANDE: N_("demande"),
    Contract.RETOURNE: N_("retourne"),
    Contract.SANS_PRENDRE: N_("sans prendre"),
    Contract.VOLE: N_("vole"),
    Contract.ESPADILLE_FORCEE: N_("espadille forcée"),
    # jetons
    "simple": N_("simple"),
    # danois
    "jeu_simple": N_("jeu simple"),
    "pique": N_("pique"),
    "tourne": N_("tourné"),
    "grand_tourne": N_("grand tourné"),
    "solo": N_("solo"),
    "solo_pique": N_("solo pique"),
    "nolo_simple": N_("nolo simple"),
    "nolo_pur": N_("nolo pur"),
    "nolo_ouvert": N_("nolo ouvert"),
}
BONUSES: dict[str, str] = {
    "charivari": N_("charivari"),
    "discorde": N_("discorde"),
    "fanatique": N_("fanatique"),
    "chicoree": N_("chicorée"),
    "guinguette": N_("guinguette"),
    "mirlire": N_("mirlire"),
    "partie_carree": N_("partie carrée"),
    "yeux_de_grand_mere": N_("yeux de grand-mère"),
    "triomphante": N_("triomphante"),
}
OUTCOMES: dict[str, str] = {
    Outcome.PASS: N_("Tous passent"),
    Outcome.GAGNE: N_("gagne"),
    Outcome.REMISE: N_("remise"),
    Outcome.CODILLE: N_("codille"),
    Outcome.VOLE: N_("vole"),
    Outcome.VOLE_MANQUEE: N_("vole manquée"),
    Outcome.VOLE_ENGAGEE: N_("vole engagée réussie"),
    Outcome.VOLE_ENGAGEE_MANQUEE: N_("vole engagée manquée"),
    # a pot game's (PotOutcome): its pass, gagne and codille are the same keys
    "perd": N_("perd"),
    "bete": N_("bête"),
    "puesta": N_("puesta"),
}
REASONS: dict[str, str] = {
    **CONTRACTS,  # a Danish contract's rate is paid under its name
    **BONUSES,
    PotReason.CAGNOTTE: N_("cagnotte"),
    PotReason.PRIME: N_("prime"),
    PotReason.JETON_BONUS: N_("jeton bonus"),  # a nolo ouvert lost by codille: one chip back
    Reason.POULE: N_("poule"),
    Reason.BETE: N_("bête"),
    Reason.VOLE: N_("half the enjeu"),
    Reason.MATADORS: N_("matadors"),
    Reason.SANS_PRENDRE: N_("sans prendre"),
    Reason.RETOURNE: N_("retourne"),
    Reason.FINAL_SHARE: N_("final share"),
    Reason.HANDED_OVER: N_("bêtes handed over"),  # a leaver's open bêtes, to the newcomer
}
STATUSES: dict[str, str] = {
    BeteStatus.PENDING: N_("pending"),
    BeteStatus.IN_PLAY: N_("in play"),
    BeteStatus.WON: N_("won"),
    BeteStatus.CANCELLED: N_("cancelled"),
    BeteStatus.SHARED: N_("shared"),
}


def said(table: dict[str, str], key: str | None) -> str:
    """A key's word, or the key itself when the table has none (a file from a newer
    version: never a failure for a word); none for no key."""
    return "" if key is None else table.get(key, key)
