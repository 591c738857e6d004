"""Languages: French first, English, Danish, Dutch; the browser's choice, overridden by a switch.

Danish is for the Danish l'hombre clubs, Dutch for the Flemish manillen players:
each catalog uses the players' own words for the games (docs/translations.md).
"""

from __future__ import annotations

from flask import request
from flask_babel import Babel

LANGUAGES = ("fr", "en", "da", "nl")
# The switch: each language named in itself, for the screen readers and the title.
NAMES = {"fr": "Français", "en": "English", "da": "Dansk", "nl": "Nederlands"}
COOKIE = "lang"


def select_locale() -> str:
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or LANGUAGES[0]


babel = Babel()
