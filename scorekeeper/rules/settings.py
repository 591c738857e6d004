"""Checks shared by the rule sets of the pot systems (jetons, danois)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields, replace
from typing import Any, TypeVar

from .errors import N_, GameError

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
    for key in data:
        if key not in known:
            raise GameError(f"rules.{key}", N_("rules.{key}: unknown rule"), key=key)
    return replace(cls(), **dict(data))  # type: ignore[type-var]


def whole_settings(names: Iterable[str], zero_allowed: Iterable[str]) -> dict[str, int]:
    """The minimum of each setting: 0 for those that may be zero, else 1."""
    allowed = set(zero_allowed)
    return {name: 0 if name in allowed else 1 for name in names}
