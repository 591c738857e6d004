"""A Danish club's own rates (*takst*): each contract's won / bête / codille rate, typed in.

The Danish system has two schedules (``rates``: the source's, the Union's);
clubs price their contracts their own way ("meldingernes størrelse kan dog
variere fra egn til egn"), so a table may give any contract its own three
rates, per defender, in the same order as the schedules (docs/rules/danois.md
§4). In the game file: ``"takst": {"solo": [3, 3, 4]}``; a contract it does
not name keeps its schedule's rates. In a form: ``solo 3 3 4, nolo_pur 4 4 5``, or the
contracts as the page names them in any language (``ren nolo 4 4 5``): the web half gives
``read_takst`` its names and ``takst_text`` its words (issue 35).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import N_, GameError

Takst = tuple[tuple[str, int, int, int], ...]
"""(contract, won, bête, codille) per contract given, in the contracts' order."""
MOST = 1000
"""The most one rate may be (a typo, not a club's price)."""
UNION_NAMES: dict[str, str] = {"spil": "jeu_simple"}
"""The Danish L'hombre Union's names of a contract where the pages name it otherwise: its
melding table (*Turneringsregler*, lhombre.dk/turneringsregler, docs/translations.md
[DLU-T]) calls the jeu simple *spil*, which the Danish pages write "alm. spil" (beside
*bedre spil*, the pique). A club typing its rates from the Union's table types "spil 1 1 2":
read as the jeu simple (smoke25, refused until then). Only in the takst field: *spil* is the
1709 *demande* on a Danish page, a contract the danois system does not have."""


def takst_of(value: Any, contracts: Iterable[str]) -> Takst:
    """The takst of a game file's ``takst`` (a mapping) or of one already read (a tuple).

    >>> takst_of({"solo": [3, 3, 4]}, ["jeu_simple", "solo"])
    (('solo', 3, 3, 4),)
    """
    order = list(contracts)
    if isinstance(value, tuple):
        value = {line[0]: list(line[1:]) for line in value if isinstance(line, tuple) and line}
    if not isinstance(value, Mapping):
        raise GameError("rules.takst", N_("rules.takst gives each contract's three rates"))
    lines = []
    for contract, rates in value.items():
        if contract not in order:
            raise GameError(
                "rules.takst",
                N_("rules.takst: {name!r} is not one of {choices}"),
                name=contract,
                choices=", ".join(order),
            )
        fine = isinstance(rates, (list, tuple)) and len(rates) == 3
        if not fine or any(type(r) is not int or not 0 <= r <= MOST for r in rates):
            raise GameError(
                "rules.takst",
                N_("rules.takst: {name} needs three rates from 0 to {most}"),
                name=contract,
                most=MOST,
            )
        lines.append((str(contract), rates[0], rates[1], rates[2]))
    return tuple(sorted(lines, key=lambda line: order.index(line[0])))


def takst_mapping(takst: Takst) -> dict[str, list[int]]:
    """The game file's ``takst``."""
    return {contract: [won, bete, codille] for contract, won, bete, codille in takst}


def takst_text(takst: Takst, words: Mapping[str, str] | None = None) -> str:
    """The takst as a form shows it, each contract in ``words`` (else its key).

    >>> takst_text((("solo", 3, 3, 4), ("nolo_pur", 4, 4, 5)))
    'solo 3 3 4, nolo_pur 4 4 5'
    >>> takst_text((("nolo_pur", 4, 4, 5),), {"nolo_pur": "ren nolo"})
    'ren nolo 4 4 5'
    """
    said = words or {}
    return ", ".join(
        " ".join([said.get(line[0], line[0]), *(str(rate) for rate in line[1:])]) for line in takst
    )


def name_key(name: str) -> str:
    """How a typed contract name is compared: case, spaces and "_" do not matter.

    >>> name_key(" Ren  NOLO "), name_key("nolo_pur")
    ('ren nolo', 'nolo pur')
    """
    return " ".join(name.replace("_", " ").casefold().split())


def read_takst(
    text: str, names: Mapping[str, str] | None = None, example: str = "solo 3 3 4, nolo_pur 4 4 5"
) -> dict[str, list[int]]:
    """A form's takst (``solo 3 3 4, ren nolo 4 4 5``) as the game file writes it.

    ``names``: each contract's name as a page may show it (``name_key``) → its
    key; a name not among them is kept as typed (the rule set refuses it).

    >>> read_takst(" solo 3 3 4 ; nolo_pur 4 4 5,")
    {'solo': [3, 3, 4], 'nolo_pur': [4, 4, 5]}
    >>> read_takst("Ren nolo 5 5 6", {"ren nolo": "nolo_pur"})
    {'nolo_pur': [5, 5, 6]}
    """
    found: dict[str, list[int]] = {}
    for part in text.replace(";", ",").split(","):
        words = part.split()
        if not words:
            continue
        rates = words[-3:]
        if len(words) < 4 or not all(w.isdigit() and len(w) <= 4 for w in rates):
            raise GameError(
                "rules.takst",
                N_("write each contract and its three rates: {example}"),
                example=example,
            )
        name = " ".join(words[:-3])
        found[(names or {}).get(name_key(name), name)] = [int(w) for w in rates]
    return found
