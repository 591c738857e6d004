"""What a new-game form shows chosen is what is stored (issue 35, point 1), without script.

A preset fills the fields; a field the reader changed from what the page was
drawn with wins over it. The server decides from the posted fields, so these
tests post forms as a browser without JavaScript would.
"""

from __future__ import annotations

import re

import pytest
from test_web_sheets import FOUR, enter, new_sheet, report

BELGE = {"variant": "belge"}
FROM_BOOM = {**BELGE, "house_shown": "boom", "house": "halve_boom"}


def test_boom_then_added_doubling_keeps_both_and_the_deal_counts_three(client):
    # the page was drawn with the defaults (house_shown ""), the reader chose boom and
    # "each adds one": the doubling field changed, so it wins; the target comes from boom
    game = new_sheet(client, "manille", **BELGE, house="boom", doubling="added")
    assert report(client, game)["rules"] == {"variant": "belge", "target": 101, "doubling": "added"}
    # sans-atout (1 step) + contre (1 step), Nous takes 40 of 60: 40 − 30 = 10 above;
    # added: ×(1 + 2) = ×3 → +30 (multiplied would be ×4 → +40)
    assert enter(client, game, trump="sans-atout", contre="contre", points="40").status_code == 302
    assert report(client, game)["totals"] == {"nous": 30, "eux": 0}


def test_a_field_left_as_drawn_takes_the_preset_a_changed_one_wins(client):
    # halve boom chosen, cap typed: both stored (the cap was changed, the target was empty)
    game = new_sheet(client, "manille", **BELGE, house="halve_boom", cap="3")
    assert report(client, game)["rules"] == {"variant": "belge", "target": 61, "cap": 3}
    # the page had been drawn with boom's 101 (a refused post); the reader typed 121 and
    # chose halve boom: their 121 wins over the preset's 61
    game = new_sheet(
        client, "manille", **BELGE, house_shown="boom", house="halve_boom", target="121"
    )
    assert report(client, game)["rules"]["target"] == 121
    # drawn with boom, left at 101, halve boom chosen: the preset fills it with 61
    game = new_sheet(
        client, "manille", **BELGE, house_shown="boom", house="halve_boom", target="101"
    )
    assert report(client, game)["rules"]["target"] == 61
    # drawn with the tournament's cap 4, left so, "our deals" chosen: the cap clears
    game = new_sheet(client, "manille", **BELGE, house_shown="tournament", house="deals", cap="4")
    assert report(client, game)["rules"] == {"variant": "belge", "deals": 20, "sans_atout": 2}


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "manillen: to 101 points, contre, sans-atout and 30–30 each add one"),
        ("fr", "en 101 points, contre, sans-atout et 30–30 ajoutent chacun un"),
    ],
)
def test_the_rules_line_names_the_doubling_chosen_after_the_preset(client, language, words):
    game = new_sheet(client, "manille", **BELGE, house="boom", doubling="added")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    page = client.get(game + "/settlement").data.decode()
    assert words in page


@pytest.mark.parametrize(
    ("language", "contre", "surcontre"),
    [("en", "contré ×2", "sur-contré ×3"), ("fr", "contré ×2", "sur-contré ×3")],
)
def test_the_contre_buttons_say_the_additive_multiplier(client, language, contre, surcontre):
    game = new_sheet(client, "manille", **BELGE, doubling="added")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    page = client.get(game).data.decode()
    # added: contré one step ×(1 + 1) = ×2, sur-contré two steps ×(1 + 2) = ×3
    assert contre in page and surcontre in page and "×4" not in page.split('id="f-contre"')[1][:600]


def test_multiplied_contre_buttons_and_a_cap_bound_them(client):
    game = new_sheet(client, "manille", **BELGE)
    page = client.get(game).data.decode()
    assert "sur-contré ×4" in page  # two steps doubled: 2² = 4
    capped = new_sheet(client, "manille", **BELGE, cap="3")
    page = client.get(capped).data.decode()
    assert "sur-contré ×3" in page and "sur-contré ×4" not in page  # 4 capped at 3


def test_the_page_gives_the_presets_to_its_script_with_every_field(client):
    page = client.get("/games/new/manille").data.decode()
    data = re.search(r'data-presets="([^"]*)"', page)
    assert data is not None
    assert "&#34;boom&#34;: {&#34;target&#34;: 101, &#34;doubling&#34;: &#34;multiplied&#34;" in (
        data.group(1)
    )
    assert 'name="house_shown"' in page


def test_no_fields_no_preset_is_todays_default(client):
    game = new_sheet(client, "manille", **BELGE, **{k: v for k, v in FOUR.items()})
    assert report(client, game)["rules"] == {"variant": "belge", "deals": 20, "sans_atout": 2}


def drawn(page: str) -> dict[str, str]:
    """What a browser posts of a page's form as drawn (values, checked boxes and radios)."""
    posted = {}
    for tag in re.findall(r"<input[^>]*>", page):
        name = re.search(r'name="([^"]*)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        kind = re.search(r'type="([^"]*)"', tag)
        if name is None or (
            kind and kind.group(1) in ("radio", "checkbox") and "checked" not in tag
        ):
            continue
        posted[name.group(1)] = value.group(1) if value else ""
    return posted


def _hombre_page(client, data):
    page = client.get("/games/new").data.decode()
    return client.post("/games/new", data={**drawn(page), **HOMBRE_PLAYERS, **data})


HOMBRE_PLAYERS = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé", "player3": ""}
RECOMMENDED: dict[str, str] = {}


def test_hombre_a_preset_chosen_without_script_fills_the_untouched_fields(client):
    # drawn as "recommended" (3-1, play on); the reader chose "ancien" (2-1, simple payments)
    # and typed a mark value of 5: the system and payments come from ancien, their 5 wins
    response = _hombre_page(
        client, {**RECOMMENDED, "preset": "ancien", "mark_value": "5", "create": "1"}
    )
    assert response.status_code == 302, response.data.decode()[-1500:]
    rules = report(client, response.headers["Location"])["rules"]
    assert rules["poule_system"] == "2-1" and rules["payments"] == "simple"
    assert rules["mark_value"] == 5


def test_hombre_another_money_system_is_shown_filled_before_anything_is_stored(client):
    # drawn as the poule, "jetons" chosen: its fields were not on the page, so the page
    # comes back with them filled and the preset chosen; nothing is created yet
    response = _hombre_page(client, {**RECOMMENDED, "preset": "jetons", "create": "1"})
    assert response.status_code == 200
    page = response.data.decode()
    assert 'name="stake"' in page and 'value="jetons" checked' in page.replace("\n", " ")


def test_hombre_a_page_drawn_with_no_preset_chosen_stores_its_fields(client):
    # a set-up or play-again page shows no preset chosen (the stored rules are none);
    # posted as drawn, with the mark value changed, it creates the game from its fields
    page = client.get("/games/new").data.decode()
    data = {**drawn(page), **HOMBRE_PLAYERS, "mark_value": "4", "create": "1"}
    data.pop("preset")
    data["preset_shown"] = ""
    response = client.post("/games/new", data=data)
    assert response.status_code == 302, response.data.decode()[-1500:]
    assert report(client, response.headers["Location"])["rules"]["mark_value"] == 4


@pytest.mark.parametrize(
    ("preset", "emptied", "default"),
    [
        ("jetons", "pass_fee", 2),
        ("jetons", "stake", 3),
        ("ancien", "mark_value", 3),
        ("ancien", "cave", 200),  # the poule's cave and fiche (ruleset.CAVE, FICHE)
        ("jetons", "fiche", 10),  # a pot system's: pot.POT_TABLE
    ],
)
def test_hombre_an_emptied_number_is_the_rule_sets_default(client, preset, emptied, default):
    # as on the points games' pages (web/sheet/settings.py, "empty: its default"): a field
    # the reader cleared is its rule set's default (jetons: stake 3, pass fee 2; a mark
    # worth 3), not "rules.pass_fee must be int, got None" in a 422
    drawn_page = _hombre_page(client, {**RECOMMENDED, "preset": preset, "create": "1"})
    if drawn_page.status_code == 200:  # another money system: drawn first, then posted
        page = drawn_page.data.decode()
    else:
        page = client.get("/games/new").data.decode()
    data = {**drawn(page), **HOMBRE_PLAYERS, "preset": preset, emptied: "", "create": "1"}
    data["preset_shown"] = preset
    response = client.post("/games/new", data=data)
    assert response.status_code == 302, response.data.decode()[-1500:]
    assert report(client, response.headers["Location"])["rules"][emptied] == default
