"""WTForms' ``Form.validate`` with each form's own checks found once (``InlineOnce``).

WTForms asks the form's class for each field's ``validate_<name>`` on every validation;
a method the form lacks (most fields) is an AttributeError made and its message
formatted, 17 a coup posted (``benchmarks/cycle_instructions.py``: 0.08 M instructions
of the coup cycle's 14.33 M).
"""

from __future__ import annotations

from typing import Any

from wtforms.form import BaseForm

INLINE_KEPT = 1024
_INLINE: dict[tuple[type, tuple[str, ...]], tuple[tuple[str, Any], ...]] = {}


def inline_validators(form: type, names: tuple[str, ...]) -> tuple[tuple[str, Any], ...]:
    """The class's ``validate_<name>`` of each field named, as WTForms' ``Form.validate``
    finds them (``getattr`` on the class), found once per class and fields."""
    key = (form, names)
    found = _INLINE.get(key)
    if found is None:
        if len(_INLINE) >= INLINE_KEPT:  # forms are classes of the code: never reached
            _INLINE.clear()
        pairs = ((name, getattr(form, f"validate_{name}", None)) for name in names)
        found = _INLINE[key] = tuple((name, check) for name, check in pairs if check is not None)
    return found


class InlineOnce:
    """The forms' ``validate`` (web/forms.py ``Form``): WTForms' ``Form.validate``, each
    field's ``validate_<name>`` looked up once per class and fields (a field deleted from
    a form is not checked). The same validators run, in the same order."""

    _fields: dict[str, Any]  # the form's (WTForms' BaseForm)

    def validate(self, extra_validators: Any = None) -> bool:
        extra: dict[str, list[Any]] = {} if extra_validators is None else extra_validators.copy()
        for name, inline in inline_validators(type(self), tuple(self._fields)):
            extra.setdefault(name, []).append(inline)
        return bool(BaseForm.validate(self, extra))  # type: ignore[arg-type]
