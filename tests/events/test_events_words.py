"""An event's figures and change log in the reader's language (issue 27, issue 25's rule:
no English on a French page, a true minus sign, plural forms where a number is shown)."""

from __future__ import annotations

from fractions import Fraction

from flask_babel import force_locale

from scorekeeper.web.events.words import change_words, figure_text


def test_figures_are_written_the_readers_way_never_through_a_float(app):
    with app.test_request_context(), force_locale("fr"):
        assert figure_text(12) == "12"
        assert figure_text(-3) == "−3"  # a true minus sign, not a hyphen
        assert figure_text(Fraction(5, 2)) == "2,5"  # a tie's half, a decimal comma
        assert figure_text(Fraction(-1, 3)) == "−0,33"  # two decimals at most
        assert figure_text(1234567) == "1\u202f234\u202f567"
        assert figure_text(None) == "–"
    with app.test_request_context(), force_locale("en"):
        assert figure_text(Fraction(5, 2)) == "2.5"


def test_the_change_log_speaks_the_readers_language_with_plural_forms(app):
    with app.test_request_context(), force_locale("fr"):
        one = change_words("draw", "2: 1 tables, seed 7")
        assert one == "tour tiré · tour 2\u202f: 1 table, graine 7"  # the singular for one table
        assert change_words("draw", "3: 34 tables, seed 7") == (
            "tour tiré · tour 3\u202f: 34 tables, graine 7"
        )
        assert change_words("penalty", "Anne −2: late") == "correction · Anne −2: late"
        assert change_words("penalty", "Anne +2: r") == "correction · Anne +2: r"  # a credit
        assert change_words("close", "1") == "tour clos · 1"
