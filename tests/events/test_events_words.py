"""An event's figures and change log in the reader's language (issue 27, issue 25's rule:
no English on a French page, a true minus sign, plural forms where a number is shown)."""

from __future__ import annotations

import json
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
        # a line written before m021 carries no row: its summary read back, no round named
        assert change_words("penalty", "Anne −2: late") == "correction · Anne −2 (late)"
        assert change_words("penalty", "Anne +2: r") == "correction · Anne +2 (r)"  # a credit
        # the round named as the draw's line names it (it said "tour clos · 1", a bare number)
        assert change_words("close", "1") == "tour clos · tour 1"
        assert change_words("reopen", "4") == "tour rouvert · tour 4"


def test_a_corrections_log_line_names_its_round_as_the_readers_language_writes_it(app):
    """The log said "Anne −2: late" in every language, an English colon in French, and no
    round; it is a sentence of the catalog now, its round read from the row its line carries
    (m021), "tour 1 : …" in French with the narrow no-break space before the colon."""
    row = {"player": "Anne", "points": 2, "reason": "late: very", "round": 1, "id": 7}
    state = json.dumps({"event_penalties": {"[7]": row}})
    credit = json.dumps({"event_penalties": {"[8]": {**row, "points": -3, "round": 0}}})
    said = {
        "fr": ("correction", "tour 1\u202f: Anne −2 (late: very)"),
        "en": ("correction", "round 1: Anne −2 (late: very)"),
        "da": ("korrektion", "runde 1: Anne −2 (late: very)"),
        "nl": ("correctie", "ronde 1: Anne −2 (late: very)"),
    }
    for language, (word, fine) in said.items():
        with app.test_request_context(), force_locale(language):
            # the summary is what every such line stores; the row is what it says
            assert change_words("penalty", "Anne −2: late: very", state) == f"{word} · {fine}"
            before_any_round = change_words("penalty", "Anne +3: late: very", credit)
            assert before_any_round == f"{word} · Anne +3 (late: very)", language
