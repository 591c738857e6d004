"""An event's figures are rounded once (``events.ranking.rounded``: two decimals, half to
even) for the page, the PDF, the spreadsheet file and the comma results file: the comma file
rounded a float, so a bye's credit of 1/40 (0.025) read 0.03 there and 0.02 on the page,
and 1/201 read "0." (a trailing dot)."""

from __future__ import annotations

from fractions import Fraction

from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.events.ranking import shown
from scorekeeper.web.events.words import figure_text, spreadsheet_number


def test_the_cases_found():
    # 1/40 = 0.025: half to even at the cent, 0.02; 4321/40 = 108.025: 108.02; 1/201 ≈ 0.005,
    # just under a half cent: 0
    assert [shown(Fraction(n, d)) for n, d in ((1, 40), (4321, 40), (1, 201))] == [
        "0.02",
        "108.02",
        "0",
    ]


def test_every_reader_of_a_figure_reads_the_same_digits(app):
    @settings(max_examples=examples(200, 1000))
    @given(st.fractions(min_value=-10_000, max_value=10_000, max_denominator=1_000))
    def same(value):
        with app.test_request_context(headers={"Accept-Language": "en"}):
            page = figure_text(value).replace(",", "").replace("−", "-")
            spreadsheet = spreadsheet_number(value)
        assert shown(value) == page == spreadsheet

    same()
