"""Languages: French first, English; the browser's choice, overridden by a switch."""

from __future__ import annotations

from flask import request
from flask_babel import Babel

LANGUAGES = ("fr", "en")
COOKIE = "lang"


def select_locale() -> str:
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or LANGUAGES[0]


babel = Babel()
