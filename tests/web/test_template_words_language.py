"""A template's ``_('…')`` is kept per catalog (i18n ``_said``, cycle19): a word kept in
one request is said in the language of the catalog it was read from, never served to a
request of another language. ``force_locale`` (a text in another language than the page's)
named the table by the forced language while the request's catalog said the words: a
French word was kept as Danish, and every later Danish page said it in French. Real app,
real compiled catalogs (the words below are the .po files' own)."""

from __future__ import annotations

from flask import render_template_string
from flask_babel import force_locale

from scorekeeper import i18n

WORD = "{{ _('Nothing here: this page does not exist.') }}"
FRENCH = "Rien ici\u202f: cette page n’existe pas."  # fr messages.po
DANISH = "Intet her: denne side findes ikke."  # da messages.po


def test_a_word_said_under_force_locale_is_not_kept_for_the_forced_language(app):
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        i18n.gettext("Nothing here: this page does not exist.")  # the request's catalog read
        with force_locale("da"):
            render_template_string(WORD)  # the template's first word, under the forced one
    with app.test_request_context("/", headers={"Accept-Language": "da"}):
        assert render_template_string(WORD) == DANISH
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        assert render_template_string(WORD) == FRENCH
