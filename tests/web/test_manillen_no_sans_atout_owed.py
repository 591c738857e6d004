"""A manillen game that owes no sans-atout says so, not "0 sans-atout each" (play18: a
championship's round of 8 deals owes 2 × 8 // 20 = 0 sans-atout, docs/competitions.md; every
table's rules line read "manillen: 8 deals, 0 sans-atout each", nl "elk 0 keer zonder troef",
and its page "Sans-atout still owed: Nous 0 (4 deals left) · Eux 0 (4 deals left)").

docs/rules/manille.md §6, §8: `sans_atout` is what each chooser must call; 0 is a rule set
with none owed, so there is nothing still owed to count down.
"""

from __future__ import annotations

import re

from flask_babel import force_locale
from test_web_sheets import new_sheet

from scorekeeper.rules.manille.belge import ManillenRules
from scorekeeper.web.manille.belge import ManillenWeb


def words(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_a_game_owing_no_sans_atout_says_none_is_owed(client):
    game = new_sheet(client, "manille", variant="belge", deals="8", sans_atout="0")
    page = words(client.get(game).data.decode())
    assert "manillen: 8 deals, no sans-atout owed" in page
    assert "0 sans-atout each" not in page
    assert "Sans-atout still owed" not in page  # nothing owed: no count of it
    assert "Deal 1 of 8 — Nous chooses the trump." in page  # the next deal still said


def test_a_game_owing_sans_atout_still_counts_them(client):
    game = new_sheet(client, "manille", variant="belge", deals="8", sans_atout="1")
    page = words(client.get(game).data.decode())
    assert "manillen: 8 deals, 1 sans-atout each" in page
    # 8 deals dealt round by four seats: each side chooses at 4 of them, owing 1
    assert "Sans-atout still owed: Nous 1 (4 deals left) · Eux 1 (4 deals left)" in page


def test_no_sans_atout_owed_in_the_four_languages(app):
    rules = ManillenRules(deals=8, sans_atout=0)
    said = {
        "fr": "manillen\u202f: 8 donnes, aucun sans-atout dû",
        "nl": "manillen: 8 spellen, geen verplicht zonder troef",
        "da": "manillen: 8 giv, ingen skyldige sans-atout",
        "en": "manillen: 8 deals, no sans-atout owed",
    }
    for language, line in said.items():
        with app.test_request_context(), force_locale(language):
            assert ManillenWeb().rules_text(rules) == line, language
