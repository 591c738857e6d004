"""L'Hombre's words and shapes for its pages: outcomes, reasons, the journal, the fiche.

Only presentation: every number shown comes from the replay report.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from operator import attrgetter

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from markupsafe import Markup, escape

from ... import i18n
from ...rules.hombre import words
from ...rules.hombre.engine import OPEN, BeteStatus, Contract, Outcome
from ...rules.hombre.exports import CsvWords
from ...rules.hombre.family import AnyReport, AnyResult
from ...rules.hombre.paid import Paid
from ..formats.words import JOURNAL_COLUMNS, JOURNAL_INDENT, ReadersWords, elide, signed, wrap
from .forms import BONUS_WORDS, CONTRACT_WORDS

# the words' home is rules/hombre/words.py (the command prints them too); here translated
OUTCOME_WORDS = {key: _l(word) for key, word in words.OUTCOMES.items()}
REASON_WORDS = {key: _l(word) for key, word in words.REASONS.items()}
STATUS_WORDS = {key: _l(word) for key, word in words.STATUSES.items()}

_PHRASES: dict[str, dict[str, str]] = {}


def _phrases() -> dict[str, str]:
    """The words of outcome_text, translated once per language (a journal has hundreds).

    The catalogs never change while the server runs; the table is only read.
    """
    language = i18n.language()
    phrases = _PHRASES.get(language)
    if phrases is None:
        phrases = {str(k): str(v) for k, v in {**OUTCOME_WORDS, **CONTRACT_WORDS}.items()}
        phrases["played"] = _("%(hombre)s %(contract)s: %(outcome)s")
        phrases["codille_by"] = _("codille by %(name)s")
        phrases["renounced"] = _("(codille renounced)")
        phrases["first_five"] = _("the first five tricks")
        phrases["taken_back"] = _("bête of %(amount)s taken back")
        _PHRASES[language] = phrases
    return phrases


def outcome_text(result: AnyResult, names: tuple[str, ...]) -> str:
    """'Chloé demande: gagne', 'Anne sans prendre: codille by Bruno', 'Tous passent'."""
    words = _phrases()
    coup = result.coup
    if coup.hombre is None or coup.contract is None:
        return words[Outcome.PASS]
    outcome = words[result.outcome]
    if coup.contract == Contract.VOLE and result.outcome is Outcome.VOLE:
        outcome = words[Outcome.GAGNE]  # 'Anne vole: gagne', never 'Anne vole: vole'
    if result.codille is not None:
        outcome = words["codille_by"] % {"name": names[result.codille]}
    if getattr(coup, "codille_renounced", False):
        outcome += " " + words["renounced"]
    if getattr(coup, "first_five", False):  # won outright: the Danish line says how
        outcome += " (" + words["first_five"] + ")"
    text = words["played"] % {
        "hombre": names[coup.hombre],
        "contract": words[coup.contract],
        "outcome": outcome,
    }
    back = result.bete_taken_back
    if back is not None:
        text += " — " + words["taken_back"] % {"amount": back.amount}
    return text


FLAG_WORDS = {
    "vole_engagee": _l("vole engagée"),
    "codille_renounced": _l("codille renoncée"),
    "first_five": _l("the first five tricks"),
    "black_aces": _l("holds both black aces"),
}
"""A coup's yes-or-no fields, by their key in the game file (the coup form's labels)."""


def coup_words(
    item: Mapping[str, object], players: tuple[str, ...], names: tuple[str, ...] | None = None
) -> dict[str, str]:
    """A coup of the game file, field by field in words: what a correction changed is
    named by comparing two of these ("Matadors 3 → 4", "tricks of Anne 5 → 4"). The file
    names a seat by its player; ``names``: who sat there in that coup (Denis, not Bruno)."""
    who = dict(zip(players, names or players, strict=True))
    if item.get("pass"):
        words = {_("Contract"): _("Tous passent")}
    else:
        contract = str(item.get("contract", ""))
        hombre = str(item.get("hombre", ""))
        words = {
            _("Hombre"): who.get(hombre, hombre),
            _("Contract"): str(CONTRACT_WORDS.get(contract, contract)),
        }
        tricks = item.get("tricks", {})
        for seat in players:
            if isinstance(tricks, Mapping) and seat in tricks:
                name = who[seat]
                words[elide(_("tricks of %(name)s", name=name), name)] = str(tricks[seat])
        words[_("Matadors")] = str(item.get("matadors", 0))
    for key, label in FLAG_WORDS.items():
        words[str(label)] = _("yes") if item.get(key) else _("no")
    bonuses = item.get("bonuses", [])
    if isinstance(bonuses, list) and bonuses:
        words[_("Bonus hands")] = ", ".join(_bonus_words(b, who) for b in bonuses)
    words[_("Note")] = str(item.get("note", "")) or "—"
    return words


def _bonus_words(bonus: object, who: Mapping[str, str]) -> str:
    """A bonus hand of the jetons system: who had it (``who``: a seat's name to its
    sitter's) and the hand, in words."""
    fields: Mapping[str, object] = bonus if isinstance(bonus, Mapping) else {}
    player, hand = str(fields.get("player")), fields.get("hand")
    return f"{who.get(player, player)} {BONUS_WORDS.get(str(hand), hand)}"


_JOURNAL_WORDS: dict[str, dict[str, str]] = {}


def _journal_words() -> dict[str, str]:
    """The reason words and phrases of journal_line, translated once per language."""
    language = i18n.language()
    words = _JOURNAL_WORDS.get(language)
    if words is None:
        words = {str(k): str(v) for k, v in REASON_WORDS.items()}
        words["bete_made"] = _("bête made: %(amount)s")
        words["paid"] = _("%(reason)s: %(payments)s")
        words["then"] = _("%(before)s; %(then)s")  # French: a narrow space before ";"
        _JOURNAL_WORDS[language] = words
    return words


def journal_line(result: AnyResult, names: tuple[str, ...], paid: Sequence[Paid]) -> str:
    """One coup of the printed journal as one line of text.

    Its number, the enjeu in brackets, what was played and how it ended, then
    every transfer as payer→payee chips under its reason word (consecutive
    transfers of one reason share the word), then the nets after the coup in
    seat order: '8 (45) Anne sans prendre: codille by Chloé; bête made: 45 ·
    poule: Anne→Chloé 3, Bruno→Chloé 3 · bête: Bruno→Chloé 36 · −15 / −33 / +48'.
    """
    words = _journal_words()
    head = f"{result.deal.n} ({result.deal.enjeu}) {outcome_text(result, names)}"
    if result.bete_made is not None:
        made = words["bete_made"] % {"amount": result.bete_made.amount}
        head = words["then"] % {"before": head, "then": made}
    parts = [head]
    for reason, transfers in groupby(paid, key=attrgetter("reason")):
        payments = ", ".join(f"{t.payer}→{t.payee} {t.amount}" for t in transfers)
        parts.append(words["paid"] % {"reason": words[reason], "payments": payments})
    parts.append(" / ".join(signed(v) for v in result.net))
    return " · ".join(parts)


def journal_lines(
    results: Iterable[AnyResult],
    names: Callable[[int], tuple[str, ...]],
    paid: Callable[[int], Sequence[Paid]],
) -> list[str]:
    """Coups of the PDF's journal, a journal_line each, wrapped to JOURNAL_COLUMNS.

    ``names`` gives who sat in coup n (``StoredGame.seated``): after someone took a
    seat, their coups name them, the earlier ones the player they replaced; ``paid``, who paid
    each payment of coup n (``who_paid.paid_now``: a leaver's stake is theirs).

    The PDF draws these lines as they are, monospace, on pages of their own
    (``printing.apart``); a name the font cannot draw sends them to WeasyPrint,
    in blocks (``journal_text``). WeasyPrint's cost is per box and per line: a table
    row per coup with a line per transfer took 4.7 s for 300 coups; a paragraph per
    coup that it wraps itself costs 15 % more than blocks of ready-made lines (35 %
    more on portrait pages, where more coups take two lines).
    """
    lines: list[str] = []
    for result in results:
        line = journal_line(result, names(result.deal.n), paid(result.deal.n))
        first = max(0, JOURNAL_INDENT - 1 - len(str(result.deal.n)))
        lines += wrap(line, JOURNAL_COLUMNS, JOURNAL_INDENT, first)
    return lines


def journal_text(
    results: Iterable[AnyResult],
    names: Callable[[int], tuple[str, ...]],
    paid: Callable[[int], Sequence[Paid]],
) -> str:
    """journal_lines as one block of text, for WeasyPrint (white-space: pre-wrap)."""
    return "\n".join(journal_lines(results, names, paid))


@dataclass(frozen=True)
class FicheLine:
    """One line of the paper fiche: a bête under its owner's column."""

    number: int
    owner: int
    amount: int
    token: int | None
    status: BeteStatus
    made_in: int


def fiche(report: AnyReport, settled_shown: int | None = None) -> tuple[list[FicheLine], int]:
    """The fiche's lines, and how many old settled ones were left out.

    Every open bête is shown; of the settled ones only the ``settled_shown``
    latest (all when None), so the game page stays light in a long game.

    The bête the next coup plays for is circled now, as the header names it:
    the register turns it in play only when that deal opens, but the seed's
    table circles it "juste avant le coup suivant" (hombre.md, the fiche).
    """
    ahead = None if report.next is None else report.next.bete_in_play
    circled = None if ahead is None else ahead.index
    statuses = [
        BeteStatus.IN_PLAY if n == circled else b.status for n, b in enumerate(report.betes)
    ]
    shown: Iterable[int] = range(len(statuses))
    if settled_shown is not None:  # the open ones and the latest settled: only those made
        settled = [n for n, status in enumerate(statuses) if status not in OPEN]
        keep = set(settled[-settled_shown:]) if settled_shown else set()
        shown = [n for n, status in enumerate(statuses) if status in OPEN or n in keep]
    lines = [
        FicheLine(n + 1, b.owner, b.amount, b.token, statuses[n], b.made_in)
        for n, b in ((n, report.betes[n]) for n in shown)
    ]
    return lines, len(statuses) - len(lines)


def _cell_text(value: object) -> str:
    """A value in a fiche's cell as Jinja's autoescape writes it (a whole number as it is)."""
    return str(value) if type(value) is int else str(escape(value))


def fiche_rows(fiche: Iterable[FicheLine], seats: int) -> Markup:
    """The fiche's lines as _fiche.html's table rows, each bête under its owner's column
    of ``seats``: the text the template's loop wrote, one cell and one escape a value
    (the template's loop, a cell and a comparison per seat and line, was a sixth of
    the manager's page after a coup that makes or settles a bête)."""
    rows: list[str] = []
    for line in fiche:
        owner = line.owner
        token = line.token or "–"
        cells = ["<td></td>"] * seats
        if type(owner) is int and 0 <= owner < seats:
            status, amount = _cell_text(line.status), _cell_text(line.amount)
            cells[owner] = f'<td><span class="bete s-{status}">{amount}</span></td>'
        rows.append(f'\n<tr><td class="token">{_cell_text(token)}</td>{"".join(cells)}</tr>')
    return Markup("".join(rows))


WORD_TABLES = {
    "REASON_WORDS": ReadersWords(REASON_WORDS),
    "STATUS_WORDS": ReadersWords(STATUS_WORDS),
    "OUTCOME_WORDS": ReadersWords(OUTCOME_WORDS),
    "CONTRACT_WORDS": ReadersWords(CONTRACT_WORDS),
    "BONUS_WORDS": ReadersWords(BONUS_WORDS),
}
"""L'Hombre's words for its templates, in the reader's language (Jinja globals)."""


CSV_HEADERS = {
    "coup": _l("Coup"),
    "dealer": _l("Dealer"),
    "hombre": _l("Hombre"),
    "contract": _l("Contract"),
    "outcome": _l("Outcome"),
    "codille": _l("Codille"),
    "enjeu": _l("Enjeu"),
    "from": _l("Payer"),
    "to": _l("Payee"),
    "amount": _l("Chips"),
    "reason": _l("Reason"),
    "bete_made": _l("Bête made"),
    "poules_tirees": _l("Poules tirées"),
    "net": _l("Net"),
    "caves": _l("Caves"),
    "money": _l("Money"),
}
_CSV_WORDS: dict[str, CsvWords] = {}


def csv_words() -> CsvWords:
    """The spreadsheet files' headers and words in the reader's language, made once per language.

    The comma files keep the keys (docs/formats.md: tools read them); the
    semicolon files, the settlement's "for a spreadsheet" links, are for people.
    """
    language = i18n.language()
    made = _CSV_WORDS.get(language)
    if made is None:
        headers = {key: str(label) for key, label in CSV_HEADERS.items()}
        values = {str(k): str(v) for k, v in {**REASON_WORDS, **OUTCOME_WORDS}.items()}
        reasons = {str(k): str(v) for k, v in REASON_WORDS.items()}
        made = _CSV_WORDS[language] = CsvWords(
            header=lambda key: headers.get(key, key),
            value=lambda key: values.get(key, key),
            reason=lambda key: reasons.get(key, key),
        )
    return made
