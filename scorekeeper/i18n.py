"""Languages: French first, English, Danish, Dutch; the browser's choice, overridden by a switch.

Danish is for the Danish l'hombre clubs, Dutch for the Flemish manillen players:
each catalog uses the players' own words for the games (docs/translations.md).
"""

from __future__ import annotations

import threading
from functools import cached_property
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flask_babel
from babel import Locale, support
from flask import Flask, Request
from flask_babel import Babel, get_locale, get_translations
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup
from wtforms.i18n import messages_path

from .here import current_application, current_request, request_globals
from .rules.errors import N_

LANGUAGES = ("fr", "en", "da", "nl")
# The switch: each language named in itself, for the screen readers and the title.
NAMES = {"fr": "Français", "en": "English", "da": "Dansk", "nl": "Nederlands"}
COOKIE = "lang"
# The currency a money form offers in each language (its placeholder, and what an empty field
# means): the clubs' own — the Danish clubs play in kroner, the French, Belgian and
# Flemish in euros (docs/translations.md).
CURRENCIES = {"fr": "EUR", "en": "EUR", "da": "DKK", "nl": "EUR"}


_BEST: dict[str, str] = {}
"""The language each Accept-Language header seen asks for (bounded: ``BEST_KEPT``)."""
BEST_KEPT = 1024


def select_locale() -> str:
    """The switch's language (its cookie), else the browser's first we speak, else French."""
    asked = current_request()
    chosen = asked.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    header = asked.headers.get("Accept-Language", "")
    best = _BEST.get(header)
    if best is None:
        best = asked.accept_languages.best_match(LANGUAGES) or LANGUAGES[0]
        if len(_BEST) >= BEST_KEPT:
            _BEST.clear()
        _BEST[header] = best
    return best


babel = Babel()

_LANGUAGE = "_scorekeeper_language"


def language() -> str:
    """The request's language as its code ('fr', 'da'): ``str(get_locale())``, named once.

    Every kept piece, page tag and word table of a page asks it: Flask-Babel's
    ``get_locale`` finds its namespace through ``g``'s proxy three times a call, and
    babel names the locale anew each time. Here the locale Flask-Babel holds for the
    request (where Flask-Babel 4 keeps it: ``force_locale`` puts its own there, so a
    forced language is named too) is named once; before Flask-Babel holds one, it is
    chosen as Flask-Babel would (``_chosen``), or, outside a request, Flask-Babel's own
    ``get_locale`` finds it.
    """
    try:
        here = request_globals()
    except RuntimeError:  # no app context: Flask-Babel says None
        return str(get_locale())
    held = getattr(here.get(_BABEL), "babel_locale", None)
    known = here.get(_LANGUAGE)
    if held is not None and isinstance(known, tuple) and known[0] is held:
        return str(known[1])
    locale = get_locale() if held is not None else _chosen(here)
    name = str(locale)
    here[_LANGUAGE] = (locale, name)
    return name


_BABEL = "_flask_babel"
"""Where Flask-Babel 4 keeps its request's namespace in ``g`` (its locale, its domain)."""
_LOCALES: dict[str, Locale] = {}
"""Each of ``LANGUAGES`` parsed once (what ``select_locale`` gives is one of them)."""


def _chosen(here: dict[str, Any]) -> Locale | None:
    """Flask-Babel's ``get_locale`` when it holds no locale yet: the selector's choice, kept
    in its namespace, which is made as it makes it; ``g`` read directly (its proxy made
    the first call of a request cost 20,000 instructions). Another selector than ours,
    or no request: Flask-Babel's own."""
    if current_application().extensions["babel"].locale_selector is not select_locale:
        return get_locale()
    try:
        code = select_locale()
    except RuntimeError:  # an app context without a request
        return get_locale()
    locale = _LOCALES.get(code)
    if locale is None:
        locale = Locale.parse(code)
        if code in LANGUAGES:
            _LOCALES[code] = locale
    context = here.get(_BABEL)
    if context is None:
        context = here[_BABEL] = SimpleNamespace()
    context.babel_locale = locale
    return locale


def _translations() -> support.NullTranslations:
    """The request's catalog, looked up once (Flask-Babel looks it up on every string), and
    each language's once per process: the catalogs are compiled before the server starts."""
    here = request_globals()  # a page's every string asks: g itself, not its proxy
    found: object = here.get(_CATALOG)
    if isinstance(found, support.NullTranslations):
        return found
    app = current_application()  # the app itself: asked once a request
    kept: dict[str, support.NullTranslations] = app.extensions.setdefault(_CATALOGS, {})
    name = language()
    made = kept.get(name)
    if made is None:
        made = kept[name] = get_translations()
    here[_CATALOG] = made
    return made


_CATALOGS = "scorekeeper.catalogs"
"""``app.extensions``' key of the app's catalogs by language (each app has its folders)."""


_CATALOG = "_scorekeeper_catalog"


_WTFORMS: dict[str, support.NullTranslations] = {}
_WTFORMS_LOCK = threading.Lock()


WTFORMS_OWN = (
    N_("This field is required."),
    N_("Number must be between %(min)s and %(max)s."),
    N_("Not a valid choice."),
    N_("Invalid Choice: could not coerce."),
    N_("Not a valid integer value."),
)
"""The WTForms messages a page of ours can show, in our catalogs too, which speak first: WTForms
ships none in Danish, whose pages said them in English ("Number must be between 0 and 68."),
and its French elides with a typewriter's ' ("N'est pas un entier valide.") where ours, like
every French string of ours, has ’ and the narrow space before : ; ! ?
(tools/french_typography.py)."""

_OURS = Path(__file__).parent / "translations"


def wtforms_catalog(locale: str) -> support.NullTranslations:
    """WTForms' own messages ("This field is required.") in ``locale``, read once a process:
    ours first (``WTFORMS_OWN``), WTForms' catalog behind them for any message we do not
    list; a language we have no catalog of (English, the messages' own): WTForms' alone."""
    found = _WTFORMS.get(locale)
    if found is None:
        with _WTFORMS_LOCK:
            found = _WTFORMS.get(locale)
            if found is None:
                found = support.Translations.load(messages_path(), [locale], domain="wtforms")
                ours = support.Translations.load(str(_OURS), [locale])
                if isinstance(ours, support.Translations):
                    ours.add_fallback(found)
                    found = ours
                _WTFORMS[locale] = found
    return found


class CatalogRequest(Request):
    """A request whose WTForms catalog is the process's, not read from disk again.

    Flask-WTF looks for ``request.wtforms_translations`` and, when it is
    missing, reads WTForms' .mo file for the locale: on every request that
    draws a form (the manager's game page after each coup). A catalog never
    changes while the process runs, so one per language is kept.
    """

    @cached_property
    def wtforms_translations(self) -> support.NullTranslations:
        return wtforms_catalog(language())


def init_app(app: Flask) -> None:
    """Flask-Babel, with the templates' gettext reading the request's catalog once.

    A game page says about 130 translated strings; finding the catalog for
    each (the locale, the domain, the cache: several context lookups) was a
    fifth of drawing the page.
    """
    babel.init_app(app, locale_selector=select_locale)
    app.request_class = CatalogRequest
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=_gettext,
        ngettext=_ngettext,
        newstyle=True,
        pgettext=_pgettext,
        npgettext=_npgettext,
    )
    # ``_`` is Jinja's alias that looks ``gettext`` up and calls it, which calls ours: three
    # calls through the template's context for each of a page's 50 strings; one is enough
    app.jinja_env.globals.update(
        _=_template_gettext, gettext=_template_gettext, ngettext=_template_ngettext
    )


_SAID = "_scorekeeper_said"
_SAYINGS = "scorekeeper.sayings"
"""``app.extensions``' key of each catalog's words as the templates say them (``_said``)."""


def _said() -> dict[str, Markup]:
    """The request's catalog's words as a template's ``_('…')`` says them (markup, its
    ``%%`` made ``%``), by their message: made once per process and catalog, found
    once a request. Only a message of the catalogs is kept (``_template_gettext``). The
    table is the catalog's own (``_translations``, one per language and app), not the one
    ``language()`` names now: under ``force_locale`` the two differ, and a table named by
    the forced language kept the request's words, served to every later reader of it."""
    here = request_globals()
    found: dict[str, Markup] | None = here.get(_SAID)
    if found is None:
        tables: dict[support.NullTranslations, dict[str, Markup]] = (
            current_application().extensions.setdefault(_SAYINGS, {})
        )
        found = here[_SAID] = tables.setdefault(_translations(), {})
    return found


@pass_eval_context
def _template_gettext(eval_ctx: EvalContext, string: str, **variables: Any) -> str:
    """Jinja's newstyle ``gettext`` (jinja2.ext), reading the request's catalog directly.

    A word without variables is said the same every time in a language: it is kept
    (``_said``) once the catalog knows it (its translation is another string than the
    message; a message the catalog lacks, a text of the page's own, is never kept), and
    the page's fifty words are not looked up and made markup again each time."""
    if not variables and eval_ctx.autoescape:
        said = _said()
        kept = said.get(string)
        if kept is not None:
            return kept
        translated = _translations().ugettext(string)
        made = Markup(translated)
        if "%" in made:  # always a format: "%%" is "%"
            made = made % {}
        if translated is not string:  # the catalog's: its messages bound the table
            said[string] = made
        return made
    found = _translations().ugettext(string)
    if eval_ctx.autoescape:
        found = Markup(found)
    if not variables and "%" not in found:  # what the format would give back
        return found
    return found % variables  # always a format: "%%" is "%" with or without variables


@pass_eval_context
def _template_ngettext(
    eval_ctx: EvalContext, singular: str, plural: str, num: int, **variables: Any
) -> str:
    """Jinja's newstyle ``ngettext`` (jinja2.ext), reading the request's catalog directly:
    one call through the template's context, not two."""
    variables.setdefault("num", num)
    found = _translations().ungettext(singular, plural, num)
    if eval_ctx.autoescape:
        found = Markup(found)
    return found % variables


def gettext(string: str, **variables: Any) -> str:
    """Flask-Babel's ``gettext`` for the Python code a request runs many times (a coup's
    saved message), reading the request's catalog directly: Flask-Babel finds its domain,
    translations and locale through ``g``'s proxy, some 80,000 instructions a string.
    Outside a request's context, Flask-Babel's own."""
    try:
        found = _translations().ugettext(string)
    except RuntimeError:  # no app context
        return str(flask_babel.gettext(string, **variables))
    return found % variables if variables else found


# the templates' gettext callables, reading the request's catalog once (init_app)
def _gettext(message: str) -> str:
    return _translations().ugettext(message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return _translations().ungettext(singular, plural, n)


def _pgettext(context: str, message: str) -> str | object:
    return _translations().upgettext(context, message)


def _npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _translations().unpgettext(context, singular, plural, n)
