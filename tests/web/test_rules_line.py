"""The 1709 poule's rules line (the sentence of its rules on every game page), drawn from its
``Setting`` rows (issue 44, point 2): what it says of each setting, in the order docs/rules.md
gives them, and nothing of a setting at its default that only says when changed."""

from __future__ import annotations

import pytest
from flask_babel import force_locale

from scorekeeper.rules.hombre.ruleset import PRESETS, RuleSet
from scorekeeper.web.hombre import systems

EVERY_CHANGE = RuleSet(
    poule_system="2-1",
    payments="simple",
    retourne=False,
    espadille_forcee=True,
    coups_to_play=40,
    end="share",
    mark_value=4,
    take_over=True,
)
"""Every setting of the line off its default."""


@pytest.mark.parametrize(
    ("rules", "line"),
    [
        # the defaults (the recommended preset): the system, the payments, the retourne,
        # the game's length in poules and what happens at its end; no mark, no take-over
        (RuleSet(), "3-1, double payments, retourne, 20 poules, play on at the end"),
        (PRESETS["1709"], "3-2, double payments, no retourne, 20 poules, share at the end"),
        (
            EVERY_CHANGE,  # the coups stand instead of the poules; the mark and the take-over last
            "2-1, simple payments, no retourne, espadille forcée, 40 coups, share at the end,"
            " a mark is worth 4, a newcomer may take over a seat",
        ),
        (RuleSet(poules_to_play=1), "3-1, double payments, retourne, 1 poule, play on at the end"),
        (RuleSet(coups_to_play=1), "3-1, double payments, retourne, 1 coup, play on at the end"),
    ],
)
def test_the_poule_line_says_its_settings(app, rules, line):
    with app.test_request_context(), force_locale("en"):
        assert systems.rules_text(rules) == line


@pytest.mark.parametrize(
    ("language", "line"),
    [
        (
            "fr",
            "2-1, paiements simples, sans retourne, espadille forcée, 40 coups, partage à la fin,"
            " une marque vaut 4, un nouveau venu peut reprendre une place",
        ),
        (
            "nl",
            "2-1, enkele betalingen, geen retourne, espadille forcée, 40 spellen,"
            " verdeling op het einde, een merk is 4 waard, een nieuwkomer mag een plaats overnemen",
        ),
    ],
)
def test_the_poule_line_in_the_readers_language(app, language, line):
    with app.test_request_context(), force_locale(language):
        assert systems.rules_text(EVERY_CHANGE) == line
