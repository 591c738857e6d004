"""A rule set's settings: the checks shared by the pot systems (jetons, danois), and the
``Setting`` table that declares each setting of a rule set once (Manille's variants)."""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, TypeVar

from .errors import N_, Faults, GameError, every_fault, refuse_all

T = TypeVar("T")


def counts(rules: object, least: Mapping[str, int]) -> None:
    """Each named setting is a whole number at least its minimum."""
    for name, minimum in least.items():
        value = getattr(rules, name)
        if type(value) is not int:
            raise GameError(
                f"rules.{name}",
                N_("rules.{name} must be {kind}, got {value!r}"),
                name=name,
                kind="int",
                value=value,
            )
        if value < minimum:
            raise GameError(
                f"rules.{name}",
                N_("rules.{name} must be at least {least}"),
                name=name,
                least=minimum,
            )


def from_mapping(cls: type[T], data: Mapping[str, Any]) -> T:
    """The defaults of ``cls`` changed by ``data``; an unknown key is refused (a typo)."""
    known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    return with_known(lambda chosen: replace(cls(), **chosen), data, known)  # type: ignore[type-var]


def with_known(
    make: Callable[[dict[str, Any]], T], data: Mapping[str, Any], known: Container[str]
) -> T:
    """``make`` of the ``known`` keys of ``data``: every unknown key refused (a typo) and
    the known ones checked all the same (each setting's row: ``check_all``), all at once."""
    faults = Faults()
    with faults.check():
        refuse_unknown(data, known)
    try:
        made = make({k: v for k, v in data.items() if k in known})
    except GameError as error:
        faults.found.extend(every_fault(error))
    faults.done()  # raises if ``make`` did
    return made


def refuse_unknown(keys: Iterable[str], known: Container[str]) -> None:
    """GameError for each rules key of ``keys`` not ``known`` (a typo), all of them at once
    (``GameErrors``: the command says the first, the import lists them, bounded)."""
    refuse_all(
        [
            GameError(f"rules.{key}", N_("rules.{key}: unknown rule"), key=key)
            for key in keys
            if key not in known
        ]
    )


def whole_settings(names: Iterable[str], zero_allowed: Iterable[str]) -> dict[str, int]:
    """The minimum of each setting: 0 for those that may be zero, else 1."""
    allowed = set(zero_allowed)
    return {name: 0 if name in allowed else 1 for name in names}


Value = int | bool | str
"""A setting's value, as the game file keeps it."""


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message and its plural for the catalogs (extracted as ``Nn_:1,2``); a page
    says it with ``ngettext``."""
    return singular, plural


@dataclass(frozen=True)
class Setting:
    """One setting of a rule set, declared once: its row drives the file's key, the check,
    ``scorekeeper rules``, the new-game form's field and the rules line in words.

    Its type is its default's: a whole number (``least`` … ``most``), true or false, or one
    of ``choices``. The words (``label``, ``note``, ``choices``' labels, ``words``) are
    catalog messages marked here with ``N_``; the pages translate them.
    """

    key: str
    """The rules key of the game file (and the form field's name)."""
    default: Value
    """Today's meaning: a file without the key plays it."""
    help: str
    """Its meaning in English, after its default, for ``scorekeeper rules``."""
    label: str
    """The form field's label (a catalog message)."""
    note: str = ""
    """The help under the form field (a catalog message); empty: none."""
    choices: tuple[tuple[str, str], ...] = ()
    """A text setting's values, each with its label on the form (a catalog message)."""
    least: int = 0
    """A whole number's least value (0 also allowed with ``none``)."""
    most: int = 1000
    """A whole number's greatest value on the form."""
    none: bool = False
    """0 says "none" (an empty field), whatever ``least`` is."""
    blank: bool = False
    """The form's field starts empty: its default depends on the table (the deals)."""
    words: str = ""
    """The rules line's words when it is not the default (``%(key)s``: its value)."""
    refusal: str = ""
    """The message refusing a value out of bounds ({least}) or out of its ``choices``
    ({value}), when not the generic one."""
    presets: Mapping[str, Value] = field(default_factory=dict)
    """The named presets that set it, and the value each gives it."""
    group: str = ""
    """Where the form shows it: "" the rule set's own fields, ``house`` its house rules;
    l'Hombre's fields every money system shares: ``table`` among the system's own, ``page``
    after them (drawn by the page)."""
    shown: str = ""
    """Its default as ``scorekeeper rules`` says it, when the value alone does not (a text
    without ``choices`` is read and checked by its rule set: a club's rates, "none")."""
    longest: int = 0
    """A text's longest value on the form (its field's ``maxlength`` and check); 0: none."""
    attrs: Mapping[str, Value] = field(default_factory=dict)
    """The form field's own HTML attributes beyond its type's (``list``: the id of the
    ``suggestions``' list, ``maxlength`` where the rule set alone checks the value)."""
    suggestions: tuple[str, ...] = ()
    """Values the form suggests for a text (a datalist named by ``attrs``' ``list``)."""
    said: tuple[tuple[Value, str], ...] = ()
    """The rules line's words for these values, said at the default too (a catalog
    message each; "": the line says nothing of it)."""
    counted: tuple[str, str] = ("", "")
    """The rules line's words of a whole number, singular and plural (``%(num)s``: the
    value), marked with ``Nn_``."""
    instead: str = ""
    """The key of a setting the line leaves out when it says this one (coups to play
    instead of poules to play)."""

    def check(self, value: object) -> None:
        """Refuse a value of the wrong type or out of bounds, naming the key."""
        where = f"rules.{self.key}"
        if isinstance(self.default, bool):
            if type(value) is not bool:
                raise GameError(where, N_("{key} must be true or false"), key=self.key)
        elif isinstance(self.default, int):
            if type(value) is not int:
                raise GameError(
                    where,
                    N_("rules.{name} must be {kind}, got {value!r}"),
                    name=self.key,
                    kind="int",
                    value=value,
                )
            if value < self.least and not (self.none and value == 0):
                raise GameError(
                    where,
                    self.refusal or N_("rules.{name} must be at least {least}"),
                    name=self.key,
                    least=self.least,
                )
        elif self.choices and value not in self.values:
            raise GameError(
                where,
                self.refusal or N_("rules.{key} must be one of {choices}, got {value!r}"),
                key=self.key,
                choices=", ".join(self.values),
                value=value,
            )

    @property
    def values(self) -> tuple[str, ...]:
        """A text setting's values."""
        return tuple(value for value, _label in self.choices)

    def described(self, value: Value) -> str:
        """Its value in its words, untranslated (``describe``, the command)."""
        return self.words % {self.key: value}


def check_all(table: Sequence[Setting], rules: object) -> None:
    """Check each setting of ``rules`` against its row, every one refused at once (the
    first leads: ``errors.Faults``)."""
    try:  # every rule set made is checked: the plain loop, the others looked at on a refusal
        for setting in table:
            setting.check(getattr(rules, setting.key))
    except GameError:
        faults = Faults()
        for setting in table:
            with faults.check():
                setting.check(getattr(rules, setting.key))
        faults.done()


def changed(table: Sequence[Setting], rules: object) -> dict[str, Value]:
    """The settings of ``rules`` that are not their default, by key (the file keeps these)."""
    values = {setting.key: getattr(rules, setting.key) for setting in table}
    return {s.key: values[s.key] for s in table if values[s.key] != s.default}


def preset(table: Sequence[Setting], name: str) -> dict[str, Any]:
    """The settings a named preset sets (an unknown name: none)."""
    return {s.key: s.presets[name] for s in table if name in s.presets}


def in_words(table: Sequence[Setting], rules: object) -> list[tuple[Setting, Value]]:
    """The settings that say something in the rules line: those off their default."""
    return [
        (s, getattr(rules, s.key)) for s in table if s.words and getattr(rules, s.key) != s.default
    ]


def line(
    table: Sequence[Setting], order: Sequence[str], rules: object
) -> list[tuple[Setting, Value]]:
    """The settings the rules line says: those of ``order`` in that order whatever their
    value (but one ``said`` as nothing, or left out for another said ``instead``), then
    the others' ``words`` off their default (``in_words``)."""
    rows = {setting.key: setting for setting in table}
    said: list[tuple[Setting, Value]] = []
    left_out: set[str] = set()
    for key in order:
        row, value = rows[key], getattr(rules, key)
        if key in left_out or dict(row.said).get(value) == "":
            continue
        said.append((row, value))
        if row.instead:
            left_out.add(row.instead)
    return said + [(s, value) for s, value in in_words(table, rules) if s.key not in order]


def help_lines(table: Sequence[Setting]) -> dict[str, str]:
    """Each key with its default and meaning, as ``scorekeeper rules`` lists them."""
    return {s.key: f"{s.shown or _shown(s.default)}: {s.help}" for s in table}


def _shown(value: Value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
