"""A preset fills the fields, a field changed after it wins and the preset clears
(issue 35, point 1): headless Chromium at 390×844, French and Dutch; what is stored
is read from the server's game file, never from the page.
"""

from __future__ import annotations

import re

import pytest
from live import Phone
from playwright.sync_api import Page, expect
from test_browser import scripts_held
from test_browser_round2 import made, take_cookies
from web import NEW_GAME

pytestmark = pytest.mark.browser

CREATE = {"fr": "Créer la partie", "nl": "Spel aanmaken"}


def choose(page, name: str, value: str) -> None:
    page.locator(f'label.choice:has(input[name="{name}"][value="{value}"])').tap()


@pytest.mark.parametrize("language", ["fr-FR", "nl-NL"])
def test_boom_then_added_doubling_shows_and_stores_both(
    file_page: Page, live_server: str, language: str
):
    page = file_page  # the app's switch sends it on to the new sheet in its language
    page.goto(f"{live_server}/lang/{language[:2]}?next=/games/new/manille")
    expect(page.locator("html")).to_have_attribute("lang", language[:2])
    for i, name in enumerate(["Anne", "Bruno", "Chloé", "Denis"]):
        page.fill(f"#player{i}", name)
    choose(page, "variant", "belge")
    choose(page, "house", "boom")
    expect(page.locator("#target")).to_have_value("101")  # the preset fills the field
    choose(page, "doubling", "added")
    # the doubling changed after the preset: boom no longer says what the fields say
    expect(page.locator('input[name="house"][value="boom"]')).not_to_be_checked()
    expect(page.locator('input[name="house"][value=""]')).to_be_checked()
    expect(page.locator("#target")).to_have_value("101")
    page.locator('button[name="create"]').tap()
    page.wait_for_url("**/games/*")
    address = page.url.split("#")[0].rstrip("/")
    rules = page.request.get(address + "/report.json").json()["rules"]
    assert rules == {"variant": "belge", "target": 101, "doubling": "added"}
    # the contre buttons follow the additive doubling: sur-contré is ×(1 + 2) = ×3
    expect(page.locator("#f-contre")).to_contain_text("×3")
    expect(page.locator("#f-contre")).not_to_contain_text("×4")
    # choosing "our deals" after a boom empties the target again
    page.goto(live_server + "/games/new/manille")
    choose(page, "variant", "belge")
    choose(page, "house", "boom")
    choose(page, "house", "deals")
    expect(page.locator("#target")).to_have_value("")


def test_hombre_a_rule_changed_after_the_preset_clears_it(file_page: Page, live_server: str):
    page = file_page
    page.goto(live_server + "/games/new")
    expect(page.locator('input[name="preset"][value="recommended"]')).to_be_checked()
    page.fill("#mark_value", "5")
    page.locator("#mark_value").dispatch_event("change")
    expect(page.locator('input[name="preset"]:checked')).to_have_count(0)
    expect(page.locator('input[name="preset_shown"]')).to_have_value("")


def test_hombre_a_preset_tapped_before_the_page_s_script_came_fills_the_fields(
    file_page: Page, live_server: str
):
    """A slow phone: 1709 is tapped before new_game.js has come, then the mark changed. The
    fields kept the recommended preset's rules and, the preset cleared by the change, those
    were stored: 3-1, the retourne, play on. Now the script, once it runs, fills them in."""
    page = file_page
    with scripts_held(page, "new_game.js") as held:
        page.goto(live_server + "/games/new", wait_until="commit")
        for i, name in enumerate(["Anne", "Bruno", "Chloé"]):
            page.fill(f"#player{i}", name)
        choose(page, "preset", "1709")
        assert len(held) == 1  # the script has not run yet
    expect(page.locator("#poule_system")).to_have_value("3-2")
    page.fill("#mark_value", "5")
    page.locator("#mark_value").dispatch_event("change")
    page.get_by_role("button", name=CREATE["fr"]).tap()
    page.wait_for_url(re.compile(r"/games/[0-9]+"))
    rules = page.request.get(page.url.split("#")[0].rstrip("/") + "/report.json").json()["rules"]
    # 1709's rules (a 3-2 poule, no retourne, the poule shared at the end), the mark as typed
    assert {name: rules[name] for name in ("poule_system", "retourne", "end", "mark_value")} == {
        "poule_system": "3-2",
        "retourne": False,
        "end": "share",
        "mark_value": 5,
    }
    # another money system tapped before the script: the page comes back with its settings
    with scripts_held(page, "new_game.js"):
        page.goto(live_server + "/games/new", wait_until="commit")
        for i, name in enumerate(["Anne", "Bruno", "Chloé"]):
            page.fill(f"#player{i}", name)
        choose(page, "preset", "danois_dlu")
    expect(page.locator("#ante")).to_have_value("5")  # DLU's ante
    expect(page.locator("#player2")).to_have_value("Chloé")


def test_hombre_a_preset_and_a_rule_both_tapped_before_the_script_clear_the_preset(
    file_page: Page, live_server: str
):
    """A slow phone (play16): 1709 and then simple payments tapped before new_game.js came.
    The script filled 1709's other rules and kept the payments as tapped, but left 1709
    shown chosen over fields that are not 1709's (its payments are double): with the script
    there, the same two taps clear the preset ("a rule changed after the preset wins and
    the preset clears", static/presets.js), so what the form shows chosen is what is
    stored."""
    page = file_page
    with scripts_held(page, "new_game.js") as held:
        page.goto(live_server + "/games/new", wait_until="commit")
        for i, name in enumerate(["Anne", "Bruno", "Chloé"]):
            page.fill(f"#player{i}", name)
        choose(page, "preset", "1709")
        choose(page, "payments", "simple")
        assert len(held) == 1  # the script has not run yet
    expect(page.locator("#poule_system")).to_have_value("3-2")  # 1709's, filled in
    expect(page.locator('input[name="payments"][value="simple"]')).to_be_checked()  # as tapped
    expect(page.locator('input[name="preset"]:checked')).to_have_count(0)
    expect(page.locator('input[name="preset_shown"]')).to_have_value("")
    page.get_by_role("button", name=CREATE["fr"]).tap()
    page.wait_for_url(re.compile(r"/games/[0-9]+"))
    rules = page.request.get(page.url.split("#")[0].rstrip("/") + "/report.json").json()["rules"]
    # 1709's 3-2 poule, no retourne, shared at the end; the payments as tapped
    assert {name: rules[name] for name in ("poule_system", "retourne", "end", "payments")} == {
        "poule_system": "3-2",
        "retourne": False,
        "end": "share",
        "payments": "simple",
    }


def test_boom_tapped_before_the_page_s_script_came_fills_the_target(
    file_page: Page, live_server: str
):
    """A slow phone: boom is tapped before presets.js has come, then the added doubling. The
    target stayed empty, so boom was cleared by the doubling as no longer what the fields
    said, and the game was stored without its 101. Now the script, once it runs, fills it."""
    page = file_page
    with scripts_held(page, "presets.js") as held:
        page.goto(live_server + "/games/new/manille", wait_until="commit")
        for i, name in enumerate(["Anne", "Bruno", "Chloé", "Denis"]):
            page.fill(f"#player{i}", name)
        choose(page, "variant", "belge")
        choose(page, "house", "boom")
        assert len(held) == 1  # the script has not run yet
    expect(page.locator("#target")).to_have_value("101")
    choose(page, "doubling", "added")
    page.locator('button[name="create"]').tap()
    page.wait_for_url(re.compile(r"/games/[0-9]+"))
    rules = page.request.get(page.url.split("#")[0].rstrip("/") + "/report.json").json()["rules"]
    # as test_boom_then_added_doubling_shows_and_stores_both stores them, the script there
    assert rules == {"variant": "belge", "target": 101, "doubling": "added"}


def test_boom_and_the_added_doubling_both_tapped_before_the_script_clear_boom(
    file_page: Page, live_server: str
):
    """A slow phone (play16): boom and then the added doubling tapped before presets.js
    came. The script filled boom's target and kept the doubling as tapped, but left boom
    chosen over fields that are not boom's; with the script there the same taps clear it
    (test_boom_then_added_doubling_shows_and_stores_both), and so they do now."""
    page = file_page
    with scripts_held(page, "presets.js") as held:
        page.goto(live_server + "/games/new/manille", wait_until="commit")
        for i, name in enumerate(["Anne", "Bruno", "Chloé", "Denis"]):
            page.fill(f"#player{i}", name)
        choose(page, "variant", "belge")
        choose(page, "house", "boom")
        choose(page, "doubling", "added")
        assert len(held) == 1  # the script has not run yet
    expect(page.locator("#target")).to_have_value("101")
    expect(page.locator('input[name="house"][value="boom"]')).not_to_be_checked()
    expect(page.locator('input[name="house"][value=""]')).to_be_checked()
    page.locator('button[name="create"]').tap()
    page.wait_for_url(re.compile(r"/games/[0-9]+"))
    rules = page.request.get(page.url.split("#")[0].rstrip("/") + "/report.json").json()["rules"]
    assert rules == {"variant": "belge", "target": 101, "doubling": "added"}


def test_hombre_another_money_system_chosen_before_any_name_shows_its_settings(
    file_page: Page, live_server: str
):
    """Danish rules chosen first, the names typed after: the script's "Apply the preset" was
    stopped by the browser's check of the empty players' fields, and nothing happened."""
    page = file_page
    page.goto(live_server + "/games/new")
    choose(page, "preset", "danois_dlu")
    expect(page.locator("#ante")).to_have_value("5")  # DLU's ante
    expect(page.locator('input[name="preset"][value="danois_dlu"]')).to_be_checked()


def test_a_club_s_rule_set_tapped_before_the_page_s_script_or_any_name_fills_the_fields(
    file_page: Page, live_server: str
):
    """The club keeps 1709 as "Jeudi 1709". Tapped before presets.js had come, it filled
    nothing (the page showed the recommended rules under it); tapped with the script there
    but before any name, the browser's check of the empty players' fields stopped the
    script's post. Each time the fields now show the club's rules."""
    page = file_page
    phone = Phone(live_server)
    new = {"name": "Le Cercle", "chip_value": "0.05", "currency": "EUR", "submit": "1"}
    club = made(phone.post("/clubs/new", new))
    evening = made(phone.post(club + "/evenings", {"date": "2026-11-01"}, token_from=club))
    tables = f"/games/new?evening={evening.rsplit('/', 1)[1]}"
    made(phone.post(tables, NEW_GAME | {"save_preset": "Jeudi 1709"}))  # NEW_GAME: 1709
    take_cookies(page, phone, live_server)  # the club's manager
    with scripts_held(page, "presets.js") as held:
        page.goto(live_server + tables, wait_until="commit")
        page.fill("#player0", "Anne")
        choose(page, "club_preset", "Jeudi 1709")
        assert len(held) == 1  # the script has not run yet
    expect(page.locator("#poule_system")).to_have_value("3-2")  # 1709's poule
    expect(page.locator("#player0")).to_have_value("Anne")
    page.goto(live_server + tables)  # the script there, no name typed
    expect(page.locator("#poule_system")).to_have_value("3-1")  # as drawn: recommandé
    choose(page, "club_preset", "Jeudi 1709")
    expect(page.locator("#poule_system")).to_have_value("3-2")
