"""Words every game's pages share: refusals, signed numbers, money, the change log's actions.

Only presentation, and nothing of one game: l'Hombre's words are in
``web/hombre/present.py``, a points game's in its own module.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator, Mapping
from decimal import Decimal
from typing import Any, Protocol

from babel.lists import format_list
from babel.numbers import format_currency as babel_currency
from flask import Flask
from flask_babel import format_currency, format_decimal, get_locale, get_translations, ngettext
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...clubs.closing import Provisional
from ...clubs.one_seat import SameMember
from ...clubs.part_names import PartOfNames
from ...clubs.purse import NotOwed
from ...clubs.seats import MAX_MEMBERS, NameTaken
from ...db import rows
from ...events.ranking import place_text
from ...i18n import CURRENCIES, LANGUAGES, language
from ...names import Clash, columns
from ...rules.errors import GameError
from ...rules.kinds import KINDS
from ...rules.ledger import mark
from ...rules.ledger import minus as minus  # a points count, −10, 130
from ...rules.ledger import signed as signed  # a net as the command writes it, +12, −7
from ...rules.money import Money
from ...store import Action
from .numbers import grouped, typed_decimal

ACTION_WORDS = {
    Action.CREATE: _l("game created"),
    Action.IMPORT: _l("game imported"),
    Action.RULES: _l("players or rules changed"),
    Action.MONEY: _l("chip value set"),
    Action.MANAGER_LINK: _l("new manager link issued"),
    Action.PHONE_REMOVED: _l("a phone's manager right removed"),
    Action.PHONE_NAMED: _l("a phone named"),
    Action.ADD: _l("coup added"),
    Action.EDIT: _l("coup corrected"),
    Action.DELETE: _l("coup deleted"),
    Action.UNDO: _l("last coup undone"),
    Action.REDO: _l("undone coup redone"),
    Action.HANDOVER_CODE: _l("new handover code issued"),
    Action.TAKEOVER: _l("fiche taken over with the handover code"),
    Action.CHAIN: _l("hash chain begun: the game as it was at the migration"),
    Action.PAID: _l("transfer ticked as paid"),
    Action.UNPAID: _l("transfer no longer ticked as paid"),
    Action.SEAT: _l("someone took a seat"),
    Action.STOP: _l("the table stopped here"),
    Action.RESUME: _l("the stop taken back: the table plays on"),
}
"""Every change-log action in the reader's language (a test checks none is missing)."""


def reader_currency() -> str:
    """The currency a money form offers the reader (``i18n.CURRENCIES``): DKK in Danish."""
    return CURRENCIES.get(language()[:2], CURRENCIES[LANGUAGES[0]])


def chip_example() -> str:
    """A chip value as the reader writes one, for a money form's placeholder: 0,05 or 0.05."""
    return typed_decimal(Decimal("0.05"))


def club_full_text() -> str:
    """Why a name cannot become a member: the club is at its bound (``clubs.MAX_MEMBERS``)."""
    return ngettext(
        "The club has %(num)d member: no more can be added.",
        "The club has %(num)d members: no more can be added.",
        MAX_MEMBERS,
    )


def name_taken_text(taken: NameTaken) -> str:
    """Why a name given to be kept cannot be: it is a member's already, or reads like it
    (``clubs.NameTaken``): the club's member form and an event's registration, in the same
    words ("Deze naam leest als Willy Vermeulen, al lid …")."""
    if taken.how is Clash.READS_ALIKE:
        return _(
            "This name reads like %(name)s, a member already (letters of another alphabet or"
            " look-alike signs): use that member, or give a name that can be told apart.",
            name=taken.existing,
        )
    return _(
        "%(name)s is a member already (names are compared without case, accents or spaces): "
        "use that member, or merge the two.",
        name=taken.existing,
    )


def same_member_text(error: SameMember) -> str:
    """Why a name cannot sit at a club's table: it is a member already at another seat.

    Typed by their own name, the name they sit by is said ("Anne" beside "Anne Martin"), not
    their name twice (play19); typed as they sit there already, they are said there, no "as" the
    name typed (label21: "Anne Dupont is already at this table as Anne Dupont")."""
    if error.as_typed:
        return already_here_text(error.name)
    if error.by_his_name:
        return _(
            "%(name)s is already at this table as %(other)s: one person cannot sit at two seats.",
            name=error.name,
            other=error.beside,
        )
    return _(
        "%(name)s is the member %(member)s, already at this table: one person cannot sit at"
        " two seats.",
        name=error.name,
        member=error.member,
    )


def already_here_text(name: str) -> str:
    """A name typed twice at one table, or as the member sits there already: said once."""
    return _("%(name)s is already at this table: one person cannot sit at two seats.", name=name)


def part_of_names_text(error: PartOfNames) -> str:
    """The question of a name typed at a club's new table that is only a part of members'
    names (``clubs.PartOfNames``): which of them, or a new member ("new member": the box
    ``new_member_text`` labels)."""
    return _(
        "%(name)s: did you mean %(members)s? Type the full name, or tick “%(box)s”.",
        name=error.name,
        members=or_list(error.members),
        box=new_member_text(),
    )


def new_member_text() -> str:
    """The box under a player's field that tells a club's new table the name is a new member."""
    return _("new member")


def new_member_box_text(name: str) -> str:
    """The box under an imported file's field that tells a club's new table ``name`` is a
    new member (the file has no field of theirs: the box names them). One message with its
    placeholder, so that a language puts the name where it goes; it was the name and
    ``new_member_text`` joined by a dash in Python, which no translator could reorder."""
    return _("%(name)s — new member", name=name)


def error_text(error: GameError) -> str:
    """A refusal of the engine in the reader's language, with its coup: "Coup 3: " and the
    refusal's own words as they go on after it, else the refusal as a page says it
    (``refusal_text``)."""
    if error.coup is None:
        return refusal_text(error)
    return _("Coup %(n)s: ", n=error.coup) + refusal_words(error)


def refusal_words(error: GameError) -> str:
    """A refusal of the engine in the reader's language, its quantities in the reader's
    groups ("at most 1 000 000 000 either way", as a form's bounds say them), a coup's,
    a round's or a table's number as the pages say it ("coup 1234", "no round −1"; which
    is which: ``errors.QUANTITIES``), without its coup: as it goes on after a lead ("Coup 3: ",
    "Coup 6, which would become coup 5: "), its first letter as the catalog writes it."""
    return error.translated(_, grouped, minus, get_translations().ngettext)


def refusal_text(error: GameError) -> str:
    """A refusal of the engine as a page shows it on its own (beside a field, in a notice, in
    a list of refusals): ``refusal_words`` with its first letter a capital, in every
    language, as the forms' own refusals start ("At most 40 characters."). The one place
    the engine's lowercase refusals become a page's sentence: the Dutch pages read "het doel
    moet hoger zijn…" beside "Dit veld is vereist." (smoke24). A message that opens on what
    the file wrote is left as written — a key ("rules.poulle: unknown rule", "first_dealer
    …"), a name, a value (``{name}``…) — since a capital would misquote it."""
    text = refusal_words(error)
    first = _(error.template).split(" ", 1)[0]
    return capital(text) if not error.led and first.isalpha() else text


def refusal_sentence(error: GameError) -> str:
    """A refusal of the engine as the site shows any refusal (``error_text``): a sentence,
    its first letter a capital (``refusal_text``), its full stop."""
    text = error_text(error)
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def kind_titles(played: Collection[str] | None = None) -> dict[str, str]:
    """Each game kind (of ``played``, its keys; every kind if None) → its title in the
    reader's words, as the season heads its points table ("la Manille (classique)"), in the
    order the app lists the kinds: the one home of that line, which the ratings read."""
    return {kind.key: _(kind.kind_title) for kind in KINDS if played is None or kind.key in played}


def capital(name: str) -> str:
    """A game's name where a button or a heading starts with it: its first letter a capital
    ("la Manille" is "La Manille", the Dutch "manillen" "Manillen"), the rest as the catalog
    writes it."""
    return name[:1].upper() + name[1:]


def signed_decimal(value: Decimal) -> str:
    """A signed figure to one decimal in the reader's way: +1 600,0 in French, −7.5 in English."""
    text = str(format_decimal(abs(value), format="#,##0.0"))
    return mark(value) + text


JOURNAL_COLUMNS = 180
"""Characters in a line of the PDF's journal: A4 landscape at 7 pt monospace holds 183."""
JOURNAL_INDENT = 6
"""A coup's number is right-aligned in the first 5 columns; its continued lines start here."""


BREAKS = re.compile(r"(?<=, )|(?<= · )|(?<=; )")
"""Where journal_line's text may go on to the next line: after a payment or a part."""


def wrap(text: str, width: int, indent: int, first: int = 0) -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken only after a comma, a
    semicolon or a dot (BREAKS), so never inside a payment: the first line after
    ``first`` spaces, the others after ``indent``. A part longer than a line stays
    whole (the PDF wraps it, as it would any line that does not fit). For example,
    at 16 columns indented by 2,
    'poule: Anne→Bruno 9, Chloé→Bruno 9' is 'poule: Anne→Bruno 9,' then '  Chloé→Bruno 9'.
    """
    lines: list[str] = []
    line, used = "", first
    for piece in BREAKS.split(text):
        if line and used + columns(piece.rstrip()) > width:
            lines.append(line.rstrip())
            line, used = "", indent
        line += piece
        used += columns(piece)
    lines.append(line)
    return [" " * (indent if n else first) + line for n, line in enumerate(lines)]


def labelled(who: str, what: str) -> str:
    """ "Nous: vole" in the reader's typography (French: "Nous : vole"), from the catalog."""
    return _("%(who)s: %(what)s", who=who, what=what)


def listed(parts: list[str]) -> str:
    """Parts of a line joined by semicolons in the reader's typography ("a; b", "a ; b")."""
    text = parts[0] if parts else ""
    for part in parts[1:]:
        text = _("%(before)s; %(then)s", before=text, then=part)
    return text


def and_list(items: Iterable[object]) -> str:
    """A list inside a sentence as the reader's language joins it (Babel's, CLDR's list
    patterns): "les tables 1 et 2", "tables 1, 2, and 3", "bord 1 og 2", "tafels 1 en 2".
    Only in a sentence: a table's cells and a line of columns keep their own separators."""
    return format_list([str(item) for item in items], locale=get_locale() or "en")


def or_list(items: Iterable[object]) -> str:
    """Choices inside a sentence as the reader's language offers them (CLDR's "or" pattern):
    "♠ schoppen, ♥ harten of zonder troef", "♠ spar, ♥ hjerter eller sans-atout"."""
    return format_list([str(item) for item in items], style="or", locale=get_locale() or "en")


ELIDED = {"de": "d’", "De": "D’", "le": "l’", "Le": "L’", "que": "qu’", "Que": "Qu’"}
VOWELS = "AEIOUYÀÂÄÉÈÊËÎÏÔÖÛÜÙaeiouyàâäéèêëîïôöûüù"


def elide(text: str, *names: str) -> str:
    """French elision where a name follows de, le or que: "Relevé d’Anne", not "de Anne".

    Only before the names given (a sentence's own words are the translator's), only for a
    name starting with a vowel or with an h and a vowel, and only on a French page. A name's
    h is taken as mute, as French writes first names ("d’Hélène", "d’Henri", "d’Hugo"): the
    h was once left as typed, and the same line read "levées d’Anne" and "levées de Hélène
    Vasseur". An h before a consonant ("Hjalmar") is no vowel's: "de Hjalmar".
    """
    locale = get_locale()
    if locale is None or locale.language != "fr":
        return text
    for name in names:
        sound = name[1:2] if name[:1] in ("H", "h") else name[:1]  # a name's h is mute
        if sound and sound in VOWELS:
            for word, short in ELIDED.items():
                text = re.sub(rf"(?<![\w’']){word} {re.escape(name)}(?!\w)", short + name, text)
    return text


def chip_value(value: Money) -> str:
    """What one chip is worth, as set (0,025 €; 0,003 €), in the reader's language: never
    rounded to the cent, which would say 0,02 € (or 0,00 €) of a chip that is not that.

    Babel's pattern for the currency, its decimals kept (at least the currency's own).
    """
    return str(
        babel_currency(
            value.chip_value,
            value.currency,
            locale=get_locale(),
            decimal_quantization=False,
        )
    )


PROVISIONAL = _l("provisional: the evening is not closed yet")
"""Beside an evening's result that no close posted yet (``Entry.provisional``)."""

PROVISIONAL_WORDS = {
    Provisional.OPEN: PROVISIONAL,
    Provisional.CHANGED: _l("provisional: changed since its close, not posted yet"),
    Provisional.POSTED: _l("provisional: posted at its close, the evening is reopened"),
    Provisional.UNDONE: _l("provisional: undone at a later close, the evening is reopened"),
}
"""Beside each line that is an evening's result not final, what it is
(``clubs.closing.provisional``, the one rule): the statement (page, PDF, CSV) and the cash
box's journal say it so. Two provisional lines of one evening (its posted result and what
changed since) once read alike (cash22)."""


def not_owed(error: NotOwed) -> tuple[str, int]:
    """Why a payment for an evening was refused, and the status: 409 for a closed evening
    (the state refuses it), 422 for a payment its room does not owe (the form's values)."""
    if error.closed:
        return str(CLOSED_PAYMENT), 409
    return str(NOT_OWED), 422


CLOSED_PAYMENT = _l(
    "The evening is closed: its results are in the cash box, where what is owed is paid."
    " Nothing was recorded."
)
NOT_OWED = _l(
    "Only what the room still owes can be marked paid: from a member who owes to one who is"
    " owed, at most what is left. Nothing was recorded."
)


class HasMoney(Protocol):
    """A club, or a table on its own: what a chip is worth there, if anything."""

    @property
    def money(self) -> Money | None: ...


def cents(amount: int, club: HasMoney, sign: bool = False) -> str:
    """Cents in the club's (or the table's) money, in the reader's language (a true minus;
    + when ``sign``): the one way money is said, its cents rounded once, by the largest
    remainder (``rules.ledger.to_cents``), and said to the cent in every currency (the
    locale's pattern's two decimals, not the currency's own digits: Babel rounded an
    Icelandic club's −0.45 ISK to "−ISK0", where ``settle`` and the spreadsheet say −0.45)."""
    money = Decimal(abs(amount)) / 100
    text = (
        str(format_currency(money, club.money.currency, currency_digits=False))
        if club.money is not None
        else str(format_decimal(money, format="#,##0.00"))  # no currency: 12,50 in Danish
    )
    return mark(amount, plus=sign) + text


class ReadersWords(Mapping[str, str]):
    """A table of words in the reader's language, for every template (a Jinja global):
    each language's table made once from the catalog, which never changes while the
    server runs. A global, not a context processor's value: the pieces of a page drawn
    apart (kept/frames.py) and the macros they import read it without a page's context."""

    def __init__(self, table: Mapping[Any, Any]) -> None:
        self._table = table
        self._made: dict[str, dict[str, str]] = {}

    def _now(self) -> dict[str, str]:
        name = language()
        found = self._made.get(name)
        if found is None:
            found = self._made[name] = {str(k): str(v) for k, v in self._table.items()}
        return found

    def __getitem__(self, key: str) -> str:
        return self._now()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._now())

    def __len__(self) -> int:
        return len(self._now())


def init_app(app: Flask) -> None:
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.filters["signed_decimal"] = signed_decimal
    app.jinja_env.filters["minus"] = minus
    app.jinja_env.filters["elide"] = elide
    app.jinja_env.filters["and_list"] = and_list
    app.jinja_env.filters["chip_value"] = chip_value
    app.jinja_env.globals.update(
        reader_currency=reader_currency,
        place_text=place_text,
        chip_example=chip_example,
        ACTION_WORDS=ReadersWords(ACTION_WORDS),
        damaged_sentence=damaged_sentence,
    )


def damaged_sentence(error: rows.Damaged) -> str:
    """A row changed behind the app, said in one sentence: the page refused (409), the
    outbox beside the coup it keeps ("The server refused this coup:"), the games list in
    the damaged game's or event's place."""
    if error.row is None:
        return _(
            "A row of the table %(table)s was changed outside Scorekeeper (its column"
            " %(column)s). Nothing was changed; run scorekeeper verify.",
            table=error.table or "?",
            column=error.column,
        )
    return _(
        "Row %(row)s of the table %(table)s was changed outside Scorekeeper (its column"
        " %(column)s). Nothing was changed; run scorekeeper verify.",
        row=error.row,
        table=error.table or "?",
        column=error.column,
    )
