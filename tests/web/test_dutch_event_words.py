"""The Dutch pages name an event and its ranking with one word each (play18, a Flemish
championship): "tornooi" and "klassement" on every page ("Een nieuw tornooi", "Klassement"),
but the event's log said "wedstrijd aangemaakt" and the round's close and the ratings'
note "de rangschikking". docs/translations.md: the Flemish clubs' own words, one a term."""

from __future__ import annotations

from flask_babel import force_locale
from flask_babel import gettext as _

from scorekeeper.web.events.words import change_words

CLOSE = (
    "Once closed, its tables are locked as they stand and the ranking counts them; the next "
    "round can be drawn. The director can reopen the round until the next one is drawn."
)


def test_the_dutch_log_and_close_page_say_tornooi_and_klassement(app):
    with app.test_request_context(), force_locale("nl"):
        assert _("A new event") == "Een nieuw tornooi"  # the pages' word for an event
        assert _("Ranking") == "Klassement"  # and for its ranking
        assert change_words("create", "Cup") == "tornooi aangemaakt · Cup"
        close = _(CLOSE)
        assert close != CLOSE, "the msgid moved: find the close page's sentence"
        assert "telt het klassement ze" in close and "rangschikking" not in close
