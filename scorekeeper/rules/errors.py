"""The one kind of error the rules raise: where it is, and what is wrong."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from string import Formatter
from typing import Any, TypeVar

T = TypeVar("T")


def N_(template: str) -> str:
    """Mark a message template for the translation catalogs; returns it unchanged."""
    return template


WAITS = ("players", "game", "rules", "replay", "coup")
"""What a file's coups may wait for to be checked (``GameError.coups_wait``)."""

LEAD = N_("{field}: {message}")
"""A refusal led by the field it names (``GameError.named``)."""

QUANTITIES = frozenset(
    {"limit", "most", "least", "top", "goal", "total", "points", "count", "number"}
    | {"owed", "fewest", "deals", "left", "num"}
)
"""The parameters of a refusal that are quantities (a bound, a sum, a count, points): the
only whole numbers written in the reader's groups ("at most 1 000 000 000 either way").
Every other one names something by its number (a coup's, ``last``; a round's, a table's,
a file's ``line`` and ``col``) and is said as the pages say it, "coup 1234", never
"coup 1 234"; a ``value`` is what was typed."""


def written(value: object) -> str:
    """A value of a file quoted as the file writes it, in JSON: ``null``, ``true``,
    ``"text"``, ``2.5``, ``["a", 1]``, never Python's ``None``, ``True``, ``'text'`` (a
    ``{value!r}`` of a refusal: ``"format": null`` was "got None", fix27b). A number is
    JSON's spelling of the number read (``1.50`` is ``1.5``)."""
    try:
        return shortened(json.dumps(value, ensure_ascii=False))
    except (TypeError, ValueError):  # no JSON value (a refusal made in code): as Python says it
        return shortened(repr(value))


QUOTED_MOST = 80
"""How much of a value a refusal quotes: a ``"format"`` of 500 KB was said whole, on the page
and by the command (fix27b's note); its start finds it in the file."""


def shortened(text: str) -> str:
    """``text`` cut to ``QUOTED_MOST`` characters, the last an ellipsis, when longer."""
    return text if len(text) <= QUOTED_MOST else text[: QUOTED_MOST - 1] + "…"


def said_by_the_command(value: object) -> str:
    """A ``{value!r}`` as the command says it (``scorekeeper replay``, ``str(error)``): a text
    in single quotes as it always said it, which tests/serving/test_cli.py pins ("got
    'whist'", "first_dealer 'Zoé'", "format must be 'scorekeeper-game/1'"), and every other
    value as the file writes it (``written``: "got null", not "got None")."""
    return shortened(repr(value)) if isinstance(value, str) else written(value)


class _Quoting(Formatter):
    """``str.format`` with a ``!r`` conversion spelt by ``quote``: a refusal's quoted value."""

    def __init__(self, quote: Callable[[object], str]) -> None:
        self.quote = quote

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        return self.quote(value) if conversion == "r" else super().convert_field(value, conversion)


_ON_A_PAGE = _Quoting(written)
_BY_THE_COMMAND = _Quoting(said_by_the_command)


def _filled(template: str, params: Mapping[str, object], quoting: _Quoting) -> str:
    """``template.format(**params)``, a value quoted (``!r``) as ``quoting`` spells it."""
    if "!r" not in template:
        return template.format(**params)
    return quoting.vformat(template, (), params)


class SeatName(str):
    """A refusal's parameter that names a seat by its first player, as the engine knows the
    table (``game.players``), not whoever took that seat over since: a page says who sits
    there in that coup (``web/table/seat_words.deletion_refused``); anywhere else it is
    the name it is. Its one home: a parameter is a seat because the refusal says so, never
    because a text happens to equal a player's name (a contract's, a value typed)."""

    __slots__ = ()


class GameError(ValueError):
    """A game or coup the rules refuse.

    ``field`` names the input at fault (``tricks``, ``rules.poule_system``…)
    so a form can show the message beside it; ``coup`` is the 1-based coup
    number, or None for the game's own fields. The message is a template
    with ``{named}`` parameters, so that the app can show it translated.

    >>> str(GameError("tricks", "tricks sum to {total}, expected 9", coup=3, total=10))
    'coup 3: tricks sum to 10, expected 9'
    """

    def __init__(
        self,
        field: str,
        template: str | tuple[str, str],
        coup: int | None = None,
        **params: object,
    ) -> None:
        # source: the template as given, a message or its singular and plural (``Nn_``),
        # the form chosen by the parameter ``num`` as the catalogs count ("1 time", "2 times")
        self.source = template
        self.template: str
        self.plural: str | None
        self.template, self.plural = (template, None) if isinstance(template, str) else template
        self.params = params
        super().__init__(_filled(self._form(self.template, self.plural), params, _BY_THE_COMMAND))
        self.field = field
        self.coup = coup

    led: bool = False
    """The message begins with the field it names (``named``)."""
    coups_wait: str | None = None
    """What the file's coups wait for, when this refusal kept them from being checked, so that
    a page says they could not be (``WAITS``): ``players``, refused, whom the coups name
    (``gamefile.by_players``: none read); ``game``, none of those kept (``kinds.load_file``:
    none read, no game to read them by); ``rules``, an l'Hombre money system unknown (its
    ``load``: none read, no system to read them by); ``replay``, any other fault of the head
    (its format, first dealer, rules: ``kinds.load_file``) or of a coup as the file writes
    it (a key missing, a name no player's): the coups were read, each fault of theirs said,
    but none is replayed until the file's faults are put right; ``coup``, a coup the replay
    refused (``kinds.replay_file``): the replay stopped there, the coups after it read but
    not replayed until that coup is put right. At most one reason a file: the first that
    holds (``replay`` marks every fault of the head and of the coups; the replay runs only
    on a file read whole, so ``coup`` is alone)."""

    def _form(self, singular: str, plural: str | None) -> str:
        """English's form of a counted message (the command's words): one, or more."""
        return singular if plural is None or self.params.get("num") == 1 else plural

    @property
    def message(self) -> str:
        text = _filled(self._form(self.template, self.plural), self.params, _BY_THE_COMMAND)
        return self._lead(text, LEAD)

    def at(self, coup: int) -> GameError:
        """The same error, placed at a coup."""
        error = GameError(self.field, self.source, coup, **self.params)
        error.led = self.led
        return error

    def named(self) -> GameError:
        """The same error, its message led by the field it names, for a reader of a file
        who has no form to see it beside: "seat_changes[1].way: …" (docs/formats.md)."""
        error = GameError(self.field, self.source, self.coup, **self.params)
        error.led = True
        return error

    def translated(
        self,
        gettext: Callable[[str], str],
        number: Callable[[int], str] | None = None,
        ordinal: Callable[[int], str] | None = None,
        ngettext: Callable[[str, str, int], str] | None = None,
    ) -> str:
        """The message in the reader's language, without the coup number, a value it quotes
        as the file writes it (``written``); a quantity in it
        (``QUANTITIES``: a bound, a count) written by ``number``, as the reader groups one
        (the web's "at most 1 000 000 000"; the command says it plain), any other whole
        number (a coup's, a round's, a table's) by ``ordinal``, never grouped."""
        params = self.params
        if self.plural is not None and ngettext is not None:
            count = params.get("num")
            template = ngettext(self.template, self.plural, count if isinstance(count, int) else 2)
        else:
            template = gettext(self._form(self.template, self.plural))
        if number is not None or ordinal is not None:  # "got {value!r}" keeps its 7
            plain = {f for _, f, spec, conv in Formatter().parse(template) if not spec and not conv}
            params = {k: self._said(k, v, number, ordinal, plain) for k, v in params.items()}
        return self._lead(_filled(template, params, _ON_A_PAGE), gettext(LEAD))

    @staticmethod
    def _said(
        key: str,
        value: object,
        number: Callable[[int], str] | None,
        ordinal: Callable[[int], str] | None,
        plain: set[str | None],
    ) -> object:
        if type(value) is not int or key not in plain:
            return value
        said = number if key in QUANTITIES else ordinal
        return value if said is None else said(value)

    def _lead(self, text: str, lead: str) -> str:
        return lead.format(field=self.field, message=text) if self.led else text

    def __str__(self) -> str:
        return self.message if self.coup is None else f"coup {self.coup}: {self.message}"


class GameErrors(GameError):
    """Refusals of one file found independently of each other (its players' names and its
    rules both wrong): it is the first of them — its field, its words, what the command line
    says (``scorekeeper replay``) — and ``every`` holds them all in the order found, for a
    page that lists them (the import)."""

    def __init__(self, every: Sequence[GameError]) -> None:
        first = every[0]
        super().__init__(first.field, first.source, first.coup, **first.params)
        self.led = first.led
        self.every: tuple[GameError, ...] = tuple(every)


def every_fault(error: GameError) -> tuple[GameError, ...]:
    """The refusals ``error`` stands for: its ``every`` if it gathers several, else itself."""
    return error.every if isinstance(error, GameErrors) else (error,)


class Faults:
    """The refusals of checks that do not depend on each other, raised together once all ran:
    the first found leads (``GameErrors``), so that a reader who stops at one reads the one
    they always read.

    >>> faults = Faults()
    >>> with faults.check():
    ...     raise GameError("format", "format is wrong")
    >>> with faults.check():
    ...     raise GameError("rules.x", "rules.x: unknown rule")
    >>> try:
    ...     faults.done()
    ... except GameError as error:
    ...     print(error, "|", len(every_fault(error)))
    format is wrong | 2
    """

    def __init__(self) -> None:
        self.found: list[GameError] = []

    def check(self) -> Faults:
        """A check whose refusal is kept and does not stop the others: ``with faults.check():``
        (the collector is its own context, not a generator's: a rule set's settings are each
        checked in one, on every rule set made)."""
        return self

    def __enter__(self) -> None:
        return None

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: object
    ) -> bool:
        if isinstance(error, GameError):
            self.found.extend(every_fault(error))
            return True
        return False

    def get(self, read: Callable[[], T]) -> T | None:
        """What ``read`` gives, or None with its refusal kept."""
        with self.check():
            return read()
        return None

    def done(self) -> None:
        """Raise what was found (``refuse_all``)."""
        refuse_all(self.found)


def refuse_all(found: Sequence[GameError]) -> None:
    """Raise ``found``: one refusal as itself, several as ``GameErrors``, none: nothing."""
    if len(found) == 1:
        raise found[0]
    if found:
        raise GameErrors(found)
